/* Unit tests: run dates — RFC 2822 Date: headers (current and obsolete
 * forms, and ones that are no date), ISO 8601 in and out, the dates a
 * document states (br_doc_dates), the record each one reaches through the
 * registry (the message holding it, its quote depth), the bonnie++ CSV
 * seed as a date, and which date a merge keeps. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "dataset.h"
#include "date.h"
#include "doc.h"
#include "parser.h"
#include "record.h"
#include "regex.h"

/* s parsed as an RFC 2822 date, formatted back as ISO ("-" when no date). */
static const char *rfc(const char *s)
{
	static char buf[BR_DATE_BUF];
	int64_t t;
	size_t used;
	if (!br_date_rfc2822(s, strlen(s), &t, &used))
		return "-";
	br_date_format(t, BR_DATE_SECOND, buf);
	return buf;
}

static void rfc2822_current_form(void **state)
{
	(void)state;
	assert_string_equal(rfc("Tue, 27 Feb 2001 21:10:00 -0600"), "2001-02-28T03:10:00Z");
	assert_string_equal(rfc(" Sat, 14 Mar 2009 18:02:44 +0100"), "2009-03-14T17:02:44Z");
	assert_string_equal(rfc("Wed, 12 Jan 2005 16:40:12 +0000"), "2005-01-12T16:40:12Z");
	/* the zone's minutes count */
	assert_string_equal(rfc("Wed, 5 Jul 2006 16:44:13 +0530"), "2006-07-05T11:14:13Z");
	/* a leap day */
	assert_string_equal(rfc("29 Feb 2000 12:00:00 +0000"), "2000-02-29T12:00:00Z");
}

static void rfc2822_obsolete_forms(void **state)
{
	(void)state;
	/* no day of the week; spelled out; no comma */
	assert_string_equal(rfc("3 Mar 2001 21:14:07 -0600"), "2001-03-04T03:14:07Z");
	assert_string_equal(rfc("Tuesday, 27 Feb 2001 21:10:00 -0600"), "2001-02-28T03:10:00Z");
	assert_string_equal(rfc("Tue 27 Feb 2001 21:10:00 -0600"), "2001-02-28T03:10:00Z");
	/* two- and three-digit years */
	assert_string_equal(rfc("27 Feb 01 21:10:00 -0600"), "2001-02-28T03:10:00Z");
	assert_string_equal(rfc("27 Feb 99 21:10:00 +0000"), "1999-02-27T21:10:00Z");
	assert_string_equal(rfc("27 Feb 101 21:10:00 +0000"), "2001-02-27T21:10:00Z");
	/* no seconds; named zones; a military letter is -0000; no zone is UTC */
	assert_string_equal(rfc("27 Feb 2001 21:10 EST"), "2001-02-28T02:10:00Z");
	assert_string_equal(rfc("27 Feb 2001 21:10 pdt"), "2001-02-28T04:10:00Z");
	assert_string_equal(rfc("27 Feb 2001 21:10:00 GMT"), "2001-02-27T21:10:00Z");
	assert_string_equal(rfc("27 Feb 2001 21:10:00 UT"), "2001-02-27T21:10:00Z");
	assert_string_equal(rfc("27 Feb 2001 21:10:00 Q"), "2001-02-27T21:10:00Z");
	assert_string_equal(rfc("27 Feb 2001 21:10:00"), "2001-02-27T21:10:00Z");
	/* a comment after the zone, months in any case, dashes */
	assert_string_equal(rfc("Tue, 18 Dec 2001 12:34:36 -0800 (PST)"), "2001-12-18T20:34:36Z");
	assert_string_equal(rfc("27 FEB 2001 21:10:00 +0000"), "2001-02-27T21:10:00Z");
	assert_string_equal(rfc("27-Feb-2001 21:10:00 +0000"), "2001-02-27T21:10:00Z");
	assert_string_equal(rfc("  Tue ,  27  Feb  2001  21:10:00  -0600"), "2001-02-28T03:10:00Z");
}

static void rfc2822_bytes_used(void **state)
{
	(void)state;
	int64_t t;
	size_t used;
	const char *c = "Tue, 18 Dec 2001 12:34:36 -0800 (PST) rest";
	assert_true(br_date_rfc2822(c, strlen(c), &t, &used));
	assert_int_equal(used, strlen("Tue, 18 Dec 2001 12:34:36 -0800 (PST)"));
	/* headers collapsed onto one line: the date ends before "From:" */
	const char *h = "3 Mar 2001 21:14:07 -0600 From: Pat <pat@example.org>";
	assert_true(br_date_rfc2822(h, strlen(h), &t, &used));
	assert_memory_equal(h + used, " From:", 6);
	const char *z = "3 Mar 2001 21:14 From: Pat";
	assert_true(br_date_rfc2822(z, strlen(z), &t, &used));
	assert_memory_equal(z + used, " From:", 6);
	/* n bounds the text: the zone past it is not read */
	assert_true(br_date_rfc2822(c, 25, &t, &used));
	assert_int_equal(used, 25);
}

static void rfc2822_bad_dates(void **state)
{
	(void)state;
	static const char *const bad[] = {
		"",
		"Feb 2001",                         /* month and year only */
		"Tue, 27 Feb 2001",                 /* no time */
		"32 Jan 2001 10:00 +0000",          /* no such day */
		"29 Feb 2001 10:00 +0000",          /* not a leap year */
		"27 Foo 2001 10:00 +0000",
		"27 Feb 2001 24:00 +0000",
		"27 Feb 2001 10:61 +0000",
		"27 Feb 2001 10:00:61 +0000",
		"27 Feb 2001 10:00 +0960",          /* zone minutes */
		"27 Feb 2001 10:00 +01",            /* zone digits */
		"Blursday, 1 Jan 2001 10:00 +0000",
		"123 Feb 2001 10:00 +0000",
		"27 Feb 20011 10:00 +0000",
		"last Tuesday",
		"2001-02-27 10:00",                 /* ISO is not RFC 2822 */
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		if (strcmp(rfc(bad[i]), "-") != 0)
			fail_msg("'%s' read as %s", bad[i], rfc(bad[i]));
	}
}

static void iso_in_and_out(void **state)
{
	(void)state;
	int64_t t, u;
	enum br_date_prec p;
	char buf[BR_DATE_BUF];
	assert_true(br_date_iso("2001-02-28", &t, &p));
	assert_int_equal(p, BR_DATE_DAY);
	br_date_format(t, p, buf);
	assert_string_equal(buf, "2001-02-28");
	assert_true(br_date_iso("2001-02-28T03:10:00Z", &t, &p));
	assert_int_equal(p, BR_DATE_SECOND);
	br_date_format(t, p, buf);
	assert_string_equal(buf, "2001-02-28T03:10:00Z");
	assert_true(br_date_iso("2001-02-28T04:10:00+01:00", &u, &p));
	assert_int_equal(t, u);
	assert_true(br_date_iso("2001-02-28 03:10", &u, &p));
	assert_int_equal(t, u);
	assert_int_equal(t, 983329800);
	assert_true(br_date_iso("1970-01-01", &t, &p));
	assert_int_equal(t, 0);
	static const char *const bad[] = {"2001-2-28", "2001-02-30", "2001-02-28T25:00", "2001-02-28X",
					  "2001-02-28T03", "2001-02-28T03:10:00+0100", "01-02-28", ""};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
		if (br_date_iso(bad[i], &t, &p))
			fail_msg("'%s' read as a date", bad[i]);
	/* the day of a moment, before 1970 too */
	br_date_format(-1, BR_DATE_SECOND, buf);
	assert_string_equal(buf, "1969-12-31T23:59:59Z");
	br_date_format(983329800, BR_DATE_DAY, buf);
	assert_string_equal(buf, "2001-02-28");
}

/* ------------------------------------------------------------ documents */

static size_t dates_of(const char *text, struct br_doc_date **d)
{
	struct br_doc *doc = br_doc_from_mem("t.txt", text, strlen(text));
	size_t n = br_doc_dates(doc, d);
	br_doc_free(doc);
	return n;
}

static void documents_state_their_dates(void **state)
{
	(void)state;
	struct br_doc_date *d;
	/* a header block; a quoted one in a reply; a runner's header */
	size_t n = dates_of("From: a@example.org\n"
			    "Date: Tue, 27 Feb 2001 21:10:00 -0600\n"
			    "Subject: numbers\n"
			    "\n"
			    "> From: b@example.org\n"
			    "> Date: Mon, 26 Feb 2001 10:00:00 +0000\n"
			    "> \n"
			    "# [benchreport-run 0.2] run 1 of 2, 2026-12-02 00:40:00 UTC; the layouts are the tools'\n"
			    "# [benchreport run 0.1] run 2 of 2, 2026-12-02 00:41:00 UTC\n",
			    &d);
	assert_int_equal(n, 4);
	assert_int_equal(d[0].line, 2);
	assert_int_equal(d[0].depth, 0);
	assert_int_equal(d[0].t, 983329800);
	assert_false(d[0].runner);
	assert_int_equal(d[1].line, 6);
	assert_int_equal(d[1].depth, 1);
	assert_true(d[2].runner);
	int64_t t;
	assert_true(br_date_make(2026, 12, 2, 0, 40, 0, &t));
	assert_int_equal(d[2].t, t);
	assert_true(d[3].runner); /* the header of runners before 0.2 */
	assert_int_equal(d[3].t, t + 60);
	free(d);
	/* a "Date:" line in prose, no header beside it; a bad date */
	n = dates_of("We ran it again.\n"
		     "Date: Tue, 27 Feb 2001 21:10:00 -0600\n"
		     "Those are the numbers.\n"
		     "\n"
		     "From: a@example.org\n"
		     "Date: Feb 2001\n",
		     &d);
	assert_int_equal(n, 0);
	assert_null(d);
	/* headers collapsed onto one line */
	n = dates_of("Date: 3 Mar 2001 21:14:07 -0600 From: Pat <pat@example.org> Subject: Vinum\n", &d);
	assert_int_equal(n, 1);
	free(d);
}

static const char hdparm_line[] = "/dev/sda:\n Timing buffered disk reads:  64 MB in  3.00 seconds = 21.33 MB/sec\n";

static void records_take_the_date_of_their_message(void **state)
{
	(void)state;
	struct br_buf b = BR_BUF_INIT;
	br_buf_adds(&b, "From: a@example.org\nSubject: digest\nDate: Tue, 12 Jun 2007 04:00:01 +0000\n\n");
	br_buf_adds(&b, "Message: 1\nFrom: b@example.org\nDate: Mon, 11 Jun 2007 21:13:40 +0200\n\n");
	br_buf_adds(&b, hdparm_line);
	br_buf_adds(&b, "\nMessage: 2\nFrom: c@example.org\nDate: Mon, 11 Jun 2007 22:40:02 +0100\n\n"
			"> /dev/sdb:\n>  Timing buffered disk reads:  64 MB in  3.00 seconds = 31.33 MB/sec\n");
	struct br_doc *doc = br_doc_from_mem("digest.txt", b.data, b.len);
	struct br_dataset ds = {0};
	br_parse_document(doc, &ds);
	assert_int_equal(ds.records.n, 2);
	char when[BR_DATE_BUF];
	assert_true(br_record_ran_at_iso(ds.records.v[0], when));
	assert_string_equal(when, "2007-06-11T19:13:40Z");
	assert_int_equal(ds.records.v[0]->ran_at_from, BR_RAN_MAIL);
	/* quoted without headers: the reply's date */
	assert_true(br_record_ran_at_iso(ds.records.v[1], when));
	assert_string_equal(when, "2007-06-11T21:40:02Z");
	br_dataset_free(&ds);
	br_doc_free(doc);
	br_buf_free(&b);

	/* no date above: none */
	doc = br_doc_from_mem("plain.txt", hdparm_line, strlen(hdparm_line));
	memset(&ds, 0, sizeof ds);
	br_parse_document(doc, &ds);
	assert_int_equal(ds.records.n, 1);
	assert_int_equal(ds.records.v[0]->ran_at_from, BR_RAN_NONE);
	assert_false(br_record_ran_at_iso(ds.records.v[0], when));
	br_dataset_free(&ds);
	br_doc_free(doc);
}

static void quoted_headers_date_the_quoted_result(void **state)
{
	(void)state;
	struct br_buf b = BR_BUF_INIT;
	br_buf_adds(&b, "From: a@example.org\nDate: Wed, 25 Sep 2002 17:05:53 -0400\n\nSee below.\n\n"
			"> From: b@example.org\n> Date: Tue, 24 Sep 2002 13:53:03 +0400\n>\n"
			"> /dev/sdb:\n>  Timing buffered disk reads:  64 MB in  3.00 seconds = 31.33 MB/sec\n"
			"\nAnd mine:\n\n");
	br_buf_adds(&b, hdparm_line);
	struct br_doc *doc = br_doc_from_mem("fwd.txt", b.data, b.len);
	struct br_dataset ds = {0};
	br_parse_document(doc, &ds);
	assert_int_equal(ds.records.n, 2);
	char when[BR_DATE_BUF];
	assert_true(br_record_ran_at_iso(ds.records.v[0], when));
	assert_string_equal(when, "2002-09-24T09:53:03Z"); /* the quoted message's */
	assert_true(br_record_ran_at_iso(ds.records.v[1], when));
	assert_string_equal(when, "2002-09-25T21:05:53Z"); /* the reply's: deeper dates do not count */
	br_dataset_free(&ds);
	br_doc_free(doc);
	br_buf_free(&b);
}

/* Outlook's top-posted reply: the original below "-----Original
 * Message-----" is not quoted, its "Sent:" (local time, no zone: taken as
 * UTC) dates the result under it; the reply's result keeps the Date:. A
 * "Sent:" without a header beside it, or not a date, is none. */
static void outlook_sent_dates_the_original(void **state)
{
	(void)state;
	struct br_buf b = BR_BUF_INIT;
	br_buf_adds(&b, "From: a@example.org\nDate: Wed, 12 Mar 2008 09:00:00 +0000\n\nMine:\n\n");
	br_buf_adds(&b, hdparm_line);
	br_buf_adds(&b, "\n-----Original Message-----\nFrom: Bert [mailto:b@example.org]\n"
			"Sent: Tuesday, March 04, 2008 10:12 PM\nTo: a\nSubject: slow disk\n\n"
			"/dev/sdb:\n Timing buffered disk reads:  64 MB in  3.00 seconds = 31.33 MB/sec\n");
	struct br_doc *doc = br_doc_from_mem("outlook.txt", b.data, b.len);
	struct br_dataset ds = {0};
	br_parse_document(doc, &ds);
	assert_int_equal(ds.records.n, 2);
	char when[BR_DATE_BUF];
	assert_true(br_record_ran_at_iso(ds.records.v[0], when));
	assert_string_equal(when, "2008-03-12T09:00:00Z");
	assert_true(br_record_ran_at_iso(ds.records.v[1], when));
	assert_string_equal(when, "2008-03-04T22:12:00Z");
	br_dataset_free(&ds);
	br_doc_free(doc);
	br_buf_free(&b);
	/* the day before the month, a 24-hour clock */
	struct br_doc_date *d;
	assert_int_equal(dates_of("From: x\nSent: Monday, 2 March 2015 17:40\n", &d), 1);
	int64_t t;
	assert_true(br_date_make(2015, 3, 2, 17, 40, 0, &t));
	assert_int_equal(d[0].t, t);
	free(d);
	/* a German Outlook's header block */
	assert_int_equal(dates_of("Von: x\nGesendet: Dienstag, 3. M\xc3\xa4rz 2015 09:05\nAn: y\n", &d), 1);
	assert_true(br_date_make(2015, 3, 3, 9, 5, 0, &t));
	assert_int_equal(d[0].t, t);
	free(d);
	assert_int_equal(dates_of("Sent: Monday, 2 March 2015 17:40\nin prose\n", &d), 0);
	assert_int_equal(dates_of("From: x\nSent: yesterday, from my phone\n", &d), 0);
	assert_int_equal(dates_of("From: x\nSent: March 2015\n", &d), 0);
}

/* ------------------------------------------------------------ CSV seeds */

static const char *csv_197(const char *seed)
{
	static char line[512];
	snprintf(line, sizeof line,
		 "1.97,1.97,host197b,2,%s,64M,4k,1281,99,+++++,+++,+++++,+++,2102,99,+++++,+++,"
		 "+++++,+++,1,2000,100,,4,1817,98,+++++,+++,+++++,+++,1800,98,+++++,+++,+++++,+++,"
		 "4183us,207us,61us,3086us,37us,4441us,941us,23us,298us,685us,40us,260us\n",
		 seed);
	return line;
}

static struct br_record *parse_one(const char *text, struct br_dataset *ds, struct br_doc **doc)
{
	*doc = br_doc_from_mem("s.csv", text, strlen(text));
	memset(ds, 0, sizeof *ds);
	br_parse_document(*doc, ds);
	br_recset_merge(&ds->records);
	assert_int_equal(ds->records.n, 1);
	return ds->records.v[0];
}

static void csv_seed_is_the_day(void **state)
{
	(void)state;
	struct br_dataset ds;
	struct br_doc *doc;
	char when[BR_DATE_BUF];
	struct br_record *r = parse_one(csv_197("1323305088"), &ds, &doc);
	assert_int_equal(r->ran_at_from, BR_RAN_CSV);
	assert_true(br_record_ran_at_iso(r, when));
	assert_string_equal(when, "2011-12-08");
	br_dataset_free(&ds);
	br_doc_free(doc);
	/* a -z seed is no time */
	r = parse_one(csv_197("42"), &ds, &doc);
	assert_int_equal(r->ran_at_from, BR_RAN_NONE);
	br_dataset_free(&ds);
	br_doc_free(doc);
	r = parse_one(csv_197("4000000000"), &ds, &doc); /* 2096 */
	assert_int_equal(r->ran_at_from, BR_RAN_NONE);
	br_dataset_free(&ds);
	br_doc_free(doc);
}

static void csv_seed_against_the_mail(void **state)
{
	(void)state;
	struct br_dataset ds;
	struct br_doc *doc;
	char when[BR_DATE_BUF];
	struct br_buf b = BR_BUF_INIT;
	/* the post the same day: the seed's day stands */
	br_buf_adds(&b, "From: a@example.org\nDate: Thu, 8 Dec 2011 23:00:00 +0000\n\n");
	br_buf_adds(&b, csv_197("1323305088"));
	struct br_record *r = parse_one(b.data, &ds, &doc);
	assert_int_equal(r->ran_at_from, BR_RAN_CSV);
	br_dataset_free(&ds);
	br_doc_free(doc);
	/* posted a month before the "seed": the seed was no time */
	br_buf_reset(&b);
	br_buf_adds(&b, "From: a@example.org\nDate: Mon, 7 Nov 2011 22:31:09 +0100\n\n");
	br_buf_adds(&b, csv_197("1323305088"));
	r = parse_one(b.data, &ds, &doc);
	assert_int_equal(r->ran_at_from, BR_RAN_MAIL);
	assert_true(br_record_ran_at_iso(r, when));
	assert_string_equal(when, "2011-11-07T21:31:09Z");
	br_dataset_free(&ds);
	br_doc_free(doc);
	br_buf_free(&b);
}

static void merge_keeps_the_more_trusted_date(void **state)
{
	(void)state;
	struct br_recset s = {0};
	struct br_record *a = br_record_new(BR_TOOL_BONNIEPP), *b = br_record_new(BR_TOOL_BONNIEPP);
	br_record_set_host(a, "web1");
	br_record_set_host(b, "web1");
	br_record_set(a, BR_M_put_block, 9314, "9314");
	br_record_set_cpu(a, BR_M_put_block, 6);
	br_record_set(b, BR_M_put_block, 9314, "9314");
	br_record_set_cpu(b, BR_M_put_block, 6);
	br_record_set_ran_at(a, 1000000000, BR_DATE_SECOND, BR_RAN_MAIL);
	br_record_set_ran_at(b, 999990000, BR_DATE_DAY, BR_RAN_CSV);
	/* a less trusted date does not replace one */
	br_record_set_ran_at(b, 5, BR_DATE_SECOND, BR_RAN_MTIME);
	assert_int_equal(b->ran_at, 999990000);
	br_recset_add(&s, a);
	br_recset_add(&s, b);
	assert_int_equal(br_recset_merge(&s), 1);
	assert_int_equal(s.v[0]->ran_at_from, BR_RAN_CSV);
	assert_int_equal(s.v[0]->ran_at, 999990000);
	assert_int_equal(s.v[0]->ran_at_prec, BR_DATE_DAY);
	struct br_record *c = br_record_clone(s.v[0]);
	assert_int_equal(c->ran_at, 999990000);
	assert_int_equal(c->ran_at_from, BR_RAN_CSV);
	br_record_free(c);
	br_recset_free(&s);
	assert_int_equal(br_ran_from_by_name("mail-date"), BR_RAN_MAIL);
	assert_string_equal(br_ran_from_name(BR_RAN_RUNNER), "runner");
	assert_int_equal(br_ran_from_by_name("none"), -1);
}

int main(void)
{
	br_parsers_init(); /* the tools' words for decoding and labels */
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(rfc2822_current_form),
		cmocka_unit_test(rfc2822_obsolete_forms),
		cmocka_unit_test(rfc2822_bytes_used),
		cmocka_unit_test(rfc2822_bad_dates),
		cmocka_unit_test(iso_in_and_out),
		cmocka_unit_test(documents_state_their_dates),
		cmocka_unit_test(records_take_the_date_of_their_message),
		cmocka_unit_test(quoted_headers_date_the_quoted_result),
		cmocka_unit_test(outlook_sent_dates_the_original),
		cmocka_unit_test(csv_seed_is_the_day),
		cmocka_unit_test(csv_seed_against_the_mail),
		cmocka_unit_test(merge_keeps_the_more_trusted_date),
	};
	int rc = cmocka_run_group_tests(tests, NULL, NULL);
	br_regex_cleanup();
	return rc;
}
