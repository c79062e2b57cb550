/* date — see date.h. */
#include "date.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Days from 1970-01-01 to year-mon-day (proleptic Gregorian; H. Hinnant's
 * days_from_civil). */
static int64_t days_from_civil(int64_t y, int m, int d)
{
	y -= m <= 2;
	int64_t era = (y >= 0 ? y : y - 399) / 400;
	int64_t yoe = y - era * 400;
	int64_t doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
	int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
	return era * 146097 + doe - 719468;
}

static void civil_from_days(int64_t z, int *y, int *m, int *d)
{
	z += 719468;
	int64_t era = (z >= 0 ? z : z - 146096) / 146097;
	int64_t doe = z - era * 146097;
	int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
	int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
	int64_t mp = (5 * doy + 2) / 153;
	*d = (int)(doy - (153 * mp + 2) / 5 + 1);
	*m = (int)(mp < 10 ? mp + 3 : mp - 9);
	*y = (int)(yoe + era * 400 + (*m <= 2));
}

static int month_days(int year, int mon)
{
	static const int days[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
	bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
	return mon == 2 && leap ? 29 : days[mon - 1];
}

bool br_date_make(int year, int mon, int day, int hour, int min, int sec, int64_t *t)
{
	if (year < 0 || year > 9999 || mon < 1 || mon > 12 || day < 1 || day > month_days(year, mon) ||
	    hour < 0 || hour > 23 || min < 0 || min > 59 || sec < 0 || sec > 60)
		return false;
	*t = days_from_civil(year, mon, day) * 86400 + hour * 3600 + min * 60 + sec;
	return true;
}

void br_date_format(int64_t t, enum br_date_prec prec, char buf[BR_DATE_BUF])
{
	const int64_t lo = days_from_civil(0, 1, 1) * 86400, hi = days_from_civil(9999, 12, 31) * 86400 + 86399;
	t = t < lo ? lo : t > hi ? hi : t;
	int64_t days = (t >= 0 ? t : t - 86399) / 86400;
	unsigned secs = (unsigned)(t - days * 86400) % 86400u; /* 0..86399 */
	int y, m, d;
	civil_from_days(days, &y, &m, &d);
	unsigned uy = (unsigned)y % 10000u, um = (unsigned)m % 100u, ud = (unsigned)d % 100u;
	if (prec == BR_DATE_DAY)
		snprintf(buf, BR_DATE_BUF, "%04u-%02u-%02u", uy, um, ud);
	else
		snprintf(buf, BR_DATE_BUF, "%04u-%02u-%02uT%02u:%02u:%02uZ", uy, um, ud, secs / 3600u,
			 secs / 60u % 60u, secs % 60u);
}

/* ------------------------------------------------------------ RFC 2822 */

struct scan {
	const char *s;
	size_t n, i;
};

static char lower(char c)
{
	return c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c;
}

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

static bool is_alpha(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/* Folding white space and comments ("(PST)", nested), as CFWS. */
static void skip_cfws(struct scan *p)
{
	for (;;) {
		while (p->i < p->n && (p->s[p->i] == ' ' || p->s[p->i] == '\t'))
			p->i++;
		if (p->i >= p->n || p->s[p->i] != '(')
			return;
		size_t j = p->i;
		int depth = 0;
		for (; j < p->n; j++) {
			if (p->s[j] == '(')
				depth++;
			else if (p->s[j] == ')' && --depth == 0)
				break;
		}
		if (j >= p->n)
			return; /* an unclosed comment is not ours to eat */
		p->i = j + 1;
	}
}

/* 1 to max digits; -1 when there are none. */
static int number(struct scan *p, int max, int *ndigits)
{
	int v = 0, k = 0;
	while (p->i < p->n && is_digit(p->s[p->i]) && k < max) {
		v = v * 10 + (p->s[p->i++] - '0');
		k++;
	}
	if (ndigits)
		*ndigits = k;
	if (k == 0 || (p->i < p->n && is_digit(p->s[p->i])))
		return -1;
	return v;
}

/* A word of letters, lower-cased into w (at most wn - 1 kept). */
static size_t word(struct scan *p, char *w, size_t wn)
{
	size_t k = 0;
	while (p->i < p->n && is_alpha(p->s[p->i])) {
		if (k + 1 < wn)
			w[k] = lower(p->s[p->i]);
		k++;
		p->i++;
	}
	w[k < wn ? k : wn - 1] = '\0';
	return k;
}

static int month_of(const char *w)
{
	static const char *const names[12] = {"jan", "feb", "mar", "apr", "may", "jun",
					       "jul", "aug", "sep", "oct", "nov", "dec"};
	for (int i = 0; i < 12; i++)
		if (strcmp(w, names[i]) == 0)
			return i + 1;
	return 0;
}

static bool day_name(const char *w)
{
	static const char *const names[7] = {"mon", "tue", "wed", "thu", "fri", "sat", "sun"};
	static const char *const full[7] = {"monday", "tuesday", "wednesday", "thursday",
					    "friday", "saturday", "sunday"};
	for (int i = 0; i < 7; i++)
		if (strcmp(w, names[i]) == 0 || strcmp(w, full[i]) == 0)
			return true;
	return false;
}

/* The zone's offset east of UTC in minutes; false if what follows is not a
 * zone (nothing at all is UTC). */
static bool zone(struct scan *p, int *off)
{
	*off = 0;
	if (p->i >= p->n)
		return true;
	char c = p->s[p->i];
	if (c == '+' || c == '-') {
		p->i++;
		int nd;
		int v = number(p, 4, &nd);
		if (v < 0 || nd != 4 || v % 100 > 59)
			return false;
		*off = (v / 100 * 60 + v % 100) * (c == '-' ? -1 : 1);
		return true;
	}
	if (!is_alpha(c))
		return true; /* no zone: a comment or the end */
	size_t at = p->i;
	char w[8];
	size_t k = word(p, w, sizeof w);
	static const struct {
		const char *name;
		int hours;
	} named[] = {
		{"ut", 0}, {"utc", 0}, {"gmt", 0}, {"z", 0}, {"est", -5}, {"edt", -4},
		{"cst", -6}, {"cdt", -5}, {"mst", -7}, {"mdt", -6}, {"pst", -8}, {"pdt", -7},
	};
	for (size_t i = 0; i < sizeof named / sizeof named[0]; i++)
		if (strcmp(w, named[i].name) == 0) {
			*off = named[i].hours * 60;
			return true;
		}
	if (k == 1 && w[0] != 'j')
		return true; /* military: "treated as -0000" (RFC 5322 §4.3) */
	p->i = at; /* a word that is no zone: the date ends before it */
	return true;
}

bool br_date_rfc2822(const char *s, size_t n, int64_t *t, size_t *used)
{
	struct scan p = {s, n, 0};
	char w[16];
	skip_cfws(&p);
	size_t at = p.i;
	if (word(&p, w, sizeof w)) {
		if (!day_name(w))
			return false;
		skip_cfws(&p);
		if (p.i < p.n && p.s[p.i] == ',')
			p.i++;
		skip_cfws(&p);
	} else {
		p.i = at;
	}
	int day = number(&p, 2, NULL);
	if (day < 0)
		return false;
	skip_cfws(&p);
	if (p.i < p.n && p.s[p.i] == '-')
		p.i++; /* "27-Feb-2001", as some clients wrote it */
	int mon = word(&p, w, sizeof w) ? month_of(w) : 0;
	if (!mon)
		return false;
	if (p.i < p.n && p.s[p.i] == '-')
		p.i++;
	skip_cfws(&p);
	int nd;
	int year = number(&p, 4, &nd);
	if (year < 0)
		return false;
	if (nd == 2)
		year += year < 50 ? 2000 : 1900;
	else if (nd == 3)
		year += 1900;
	skip_cfws(&p);
	int hour = number(&p, 2, NULL);
	if (hour < 0 || p.i >= p.n || p.s[p.i] != ':')
		return false;
	p.i++;
	int min = number(&p, 2, NULL), sec = 0;
	if (min < 0)
		return false;
	if (p.i < p.n && p.s[p.i] == ':') {
		p.i++;
		if ((sec = number(&p, 2, NULL)) < 0)
			return false;
	}
	size_t end = p.i; /* the date ends here unless a zone follows */
	skip_cfws(&p);
	size_t zone_at = p.i;
	int off;
	if (!zone(&p, &off))
		return false;
	if (p.i > zone_at)
		end = p.i;
	skip_cfws(&p);
	while (p.i > end && (p.s[p.i - 1] == ' ' || p.s[p.i - 1] == '\t'))
		p.i--;
	if (p.i > end && p.s[p.i - 1] == ')')
		end = p.i; /* the comment is part of the date */
	int64_t v;
	if (!br_date_make(year, mon, day, hour, min, sec, &v))
		return false;
	*t = v - (int64_t)off * 60;
	*used = end;
	return true;
}

/* ------------------------------------------------------------ ISO 8601 */

/* exactly k digits at s */
static int digits(const char *s, int k)
{
	int v = 0;
	for (int i = 0; i < k; i++) {
		if (!is_digit(s[i]))
			return -1;
		v = v * 10 + (s[i] - '0');
	}
	return v;
}

bool br_date_iso(const char *s, int64_t *t, enum br_date_prec *prec)
{
	size_t len = strlen(s);
	if (len < 10 || s[4] != '-' || s[7] != '-')
		return false;
	int y = digits(s, 4), m = digits(s + 5, 2), d = digits(s + 8, 2);
	if (y < 0 || m < 0 || d < 0)
		return false;
	int hh = 0, mm = 0, ss = 0, off = 0;
	const char *p = s + 10;
	*prec = BR_DATE_DAY;
	if (*p == 'T' || *p == ' ') {
		p++;
		if (strlen(p) < 5 || (hh = digits(p, 2)) < 0 || p[2] != ':' || (mm = digits(p + 3, 2)) < 0)
			return false;
		p += 5;
		if (*p == ':') {
			if ((ss = digits(p + 1, 2)) < 0)
				return false;
			p += 3;
		}
		*prec = BR_DATE_SECOND;
		if (*p == 'Z') {
			p++;
		} else if (*p == '+' || *p == '-') {
			int oh = digits(p + 1, 2), om = oh < 0 || p[3] != ':' ? -1 : digits(p + 4, 2);
			if (om < 0 || om > 59)
				return false;
			off = (oh * 60 + om) * (*p == '-' ? -1 : 1);
			p += 6;
		}
	} else if (*p == 'Z') {
		p++;
	}
	if (*p)
		return false;
	int64_t v;
	if (!br_date_make(y, m, d, hh, mm, ss, &v))
		return false;
	*t = v - (int64_t)off * 60;
	return true;
}

int64_t br_date_now(void)
{
	const char *sde = getenv("SOURCE_DATE_EPOCH");
	if (sde && *sde)
		return (int64_t)strtoll(sde, NULL, 10);
	return (int64_t)time(NULL);
}
