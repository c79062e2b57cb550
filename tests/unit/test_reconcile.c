/* Unit tests for parsers/reconcile.c: what is settled once every parser has
 * read a document (here: one figure said twice). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <cmocka.h>

#include "parser_run.h"

static const char post[] = "Date: Tue, 14 Oct 2003 09:12:40 +0200\n"
			   "From: Ines Varga <ines@example.org>\n"
			   "Subject: Re: slow array\n"
			   "\n"
			   "For what it's worth, hdparm -t gives me 48 MB/s on the lone Seagate\n"
			   "here, so the disk itself is not the slow part.\n"
			   "\n"
			   "Ines\n";

static size_t hdparm_records(const char *text)
{
	struct run r;
	run_all(&r, text);
	size_t n = 0;
	for (size_t i = 0; i < r.ds.records.n; i++)
		n += rec(&r, i)->tool == BR_TOOL_HDPARM;
	done(&r);
	return n;
}

/* A summary table by hand naming the host and the output it sums up,
 * under two titles: one run. Two outputs of one device with the same
 * figures under two titles stay two (two machines), and so does a table
 * row whose figures differ from the output's. */
static void table_over_its_output(void **state)
{
	(void)state;
	static const char table[] = "Speeds:\n\n"
				    "| Host | Device | Cached reads | Buffered disk reads |\n"
				    "|---|---|---|---|\n"
				    "| lab2 | /dev/sdb | 12870.35 MB/sec | %s MB/sec |\n\n"
				    "The whole output of it:\n\n"
				    "/dev/sdb:\n"
				    " Timing cached reads:   25612 MB in  1.99 seconds = 12870.35 MB/sec\n"
				    " Timing buffered disk reads: 6632 MB in  3.00 seconds = 2210.64 MB/sec\n";
	char buf[sizeof table + 16];
	snprintf(buf, sizeof buf, table, "2210.64");
	assert_int_equal(hdparm_records(buf), 1);
	snprintf(buf, sizeof buf, table, "2210.65");
	assert_int_equal(hdparm_records(buf), 2);
	assert_int_equal(hdparm_records("node-a:\n\n/dev/sdb:\n"
					" Timing cached reads:   25612 MB in  1.99 seconds = 12870.35 MB/sec\n\n"
					"node-b:\n\n/dev/sdb:\n"
					" Timing cached reads:   25612 MB in  1.99 seconds = 12870.35 MB/sec\n"),
			 2);
}

/* The whole post pasted twice: the same headers above the same sentence. */
static void post_pasted_twice(void **state)
{
	(void)state;
	char buf[2 * sizeof post + 2];
	snprintf(buf, sizeof buf, "%s\n%s", post, post);
	assert_int_equal(hdparm_records(post), 1);
	assert_int_equal(hdparm_records(buf), 1);
}

/* Pasted twice inside a block (its first headers after "{{{", not after
 * a blank line), or without headers the reader knows (each line behind a
 * chat nick, the second copy read under the first one's titles). */
static void post_pasted_twice_wrapped(void **state)
{
	(void)state;
	char buf[2 * sizeof post + 16];
	snprintf(buf, sizeof buf, "{{{\n%s\n%s}}}\n", post, post);
	assert_int_equal(hdparm_records(buf), 1);
	assert_int_equal(hdparm_records("<joe> The array, with Bonnie:\n"
					"<joe> hdparm -t gives me 48 MB/s on the lone Seagate here.\n"
					"<joe> The array, with Bonnie:\n"
					"<joe> hdparm -t gives me 48 MB/s on the lone Seagate here.\n"),
			 1);
}

/* The sentence said again later in the same post (a summary). */
static void sentence_repeated_in_one_post(void **state)
{
	(void)state;
	assert_int_equal(hdparm_records("hdparm -t gives me 48 MB/s on the lone Seagate here.\n"
					"\n"
					"Some words in between, no figure.\n"
					"\n"
					"hdparm -t gives me 48 MB/s on the lone Seagate here.\n"),
			 1);
}

/* Two messages whose authors wrote the same sentence: two runs. */
static void same_sentence_two_authors(void **state)
{
	(void)state;
	assert_int_equal(hdparm_records("From: Ann <ann@example.org>\n"
					"Subject: disks\n"
					"\n"
					"hdparm -t gives me 48 MB/s on the lone Seagate here.\n"
					"\n"
					"From: Bob <bob@example.org>\n"
					"Subject: Re: disks\n"
					"\n"
					"hdparm -t gives me 48 MB/s on the lone Seagate here.\n"),
			 2);
	/* a reply quoting it is another depth: left to the merge as before */
	assert_int_equal(hdparm_records("hdparm -t gives me 48 MB/s on the lone Seagate here.\n"
					"\n"
					"Bob wrote:\n"
					"hdparm -t gives me 48 MB/s on the lone Seagate here.\n"),
			 2);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(post_pasted_twice),
		cmocka_unit_test(post_pasted_twice_wrapped),
		cmocka_unit_test(sentence_repeated_in_one_post),
		cmocka_unit_test(same_sentence_two_authors),
		cmocka_unit_test(table_over_its_output),
	};
	int rc = cmocka_run_group_tests(tests, NULL, NULL);
	br_regex_cleanup();
	return rc;
}
