/*
 * date — the dates records carry (SCHEMA.md ran_at): reading the forms
 * inputs write them in (a mail's RFC 2822 Date: header, ISO 8601) and
 * writing ISO 8601. A date is seconds since 1970-01-01 UTC (int64_t) with
 * a precision: a day or a second. No time zone database, no locale and no
 * global state: the calendar arithmetic is done here (proleptic Gregorian,
 * UTC), so the results do not depend on the machine's TZ.
 */
#ifndef BR_DATE_H
#define BR_DATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum br_date_prec {
	BR_DATE_DAY = 1,    /* the day is known ("2001-02-27") */
	BR_DATE_SECOND = 2, /* the time is known ("2001-02-27T21:10:00Z") */
};

/* Seconds since 1970 UTC of a calendar date and time; false if a field is
 * out of range (month 1-12, the day in the month, 23:59:60 at most). */
bool br_date_make(int year, int mon, int day, int hour, int min, int sec, int64_t *t);

/*
 * An RFC 2822 (RFC 5322 §3.3) date-time at the start of s[0..n), with the
 * obsolete forms of §4.3 and what mail clients really wrote: the day of the
 * week absent, spelled out or without its comma; a two-digit year (50-99
 * are 19xx, 00-49 20xx) or a three-digit one (+1900); no seconds; a named
 * zone (UT, GMT, Z, EST ... PDT; a military letter is taken as -0000, as
 * §4.3 says) or none (UTC); a comment after the zone ("(PST)"); months in
 * any case. *t is the moment in UTC, *used the bytes read (the comment
 * included). False when s does not start with such a date or a field is
 * out of range: "Feb 2001", "32 Jan 2001 10:00", "Tue, 27 Feb 2001".
 */
bool br_date_rfc2822(const char *s, size_t n, int64_t *t, size_t *used);

/*
 * ISO 8601 as benchreport writes and --since takes it: "YYYY-MM-DD",
 * optionally followed by 'T' or ' ' and "HH:MM" or "HH:MM:SS", then
 * nothing, "Z" or "+HH:MM"/"-HH:MM". *prec says which (a date alone is a
 * day); the whole string must be the date.
 */
bool br_date_iso(const char *s, int64_t *t, enum br_date_prec *prec);

/* t as "YYYY-MM-DD" (BR_DATE_DAY) or "YYYY-MM-DDTHH:MM:SSZ" into buf;
 * years outside 0..9999 are clamped to them. */
#define BR_DATE_BUF 24
void br_date_format(int64_t t, enum br_date_prec prec, char buf[BR_DATE_BUF]);

/* Now, in seconds since 1970 UTC: the clock, or SOURCE_DATE_EPOCH when it
 * is set (reproducible outputs: the report's date, the archive's stamps). */
int64_t br_date_now(void);

#endif
