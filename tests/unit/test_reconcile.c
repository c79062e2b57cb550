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

/*
 * Growth (issue 15): what the reconcile step compares (record pairs, label
 * parts: br_dataset.reconcile_looked) at N and 4N of an adversarial shape
 * may be at most five times as much, and a few a record. Comparing every
 * pair (the lone figures said again, captions taken off every label, hand
 * rows against every output) grows sixteen times.
 */
#define GROW_N 1000

typedef void shape_fn(struct br_buf *b, size_t n);

/* The same bare timing line n times: one run said again and again. */
static void same_line_again(struct br_buf *b, size_t n)
{
	for (size_t i = 0; i < n; i++)
		br_buf_adds(b, " Timing buffered disk reads: 300 MB in  3.00 seconds = 100.00 MB/sec\n");
}

/* n bare timings, each its own figure. */
static void lines_apart(struct br_buf *b, size_t n)
{
	for (size_t i = 0; i < n; i++)
		br_buf_addf(b, " Timing buffered disk reads: 300 MB in  3.00 seconds = %zu.%02zu MB/sec\n",
			    100 + i / 100, i % 100);
}

/* n messages of n authors, each saying the same sentence: n runs, each
 * compared with the earliest few only. */
static void same_sentence_each_message(struct br_buf *b, size_t n)
{
	for (size_t i = 0; i < n; i++)
		br_buf_addf(b,
			    "From user%zu@example.org Mon Jan  5 10:00:00 2004\n"
			    "From: User %zu <user%zu@example.org>\nSubject: disks\n\n"
			    "For the record, hdparm -t gives me 48 MB/s on the old disk here.\n\n",
			    i, i, i);
}

/* n outputs, each with its caption below it. */
static void captions(struct br_buf *b, size_t n)
{
	for (size_t i = 0; i < n; i++)
		br_buf_addf(b,
			    "/dev/sd%zu:\n Timing buffered disk reads: 300 MB in  3.00 seconds = %zu.%02zu MB/sec\n\n"
			    "Table %zu: disk %zu of the shelf\n\n",
			    i, 100 + i / 100, i % 100, i + 1, i);
}

/* One hand-written summary row, then n outputs of other hosts. */
static void one_row_many_outputs(struct br_buf *b, size_t n)
{
	br_buf_adds(b, "| Host | Cached reads | Buffered disk reads |\n|---|---|---|\n"
		       "| hostx | 9000.00 MB/sec | 100.00 MB/sec |\n\n");
	for (size_t i = 0; i < n; i++)
		br_buf_addf(b,
			    "root@host%zu:~# hdparm -tT /dev/sda\n/dev/sda:\n"
			    " Timing cached reads:   18000 MB in  2.00 seconds = 9000.00 MB/sec\n"
			    " Timing buffered disk reads: 300 MB in  3.00 seconds = %zu.%02zu MB/sec\n\n",
			    i, 100 + i / 100, i % 100 + 1);
}

static size_t looked(shape_fn *shape, size_t n, size_t *records)
{
	struct br_buf b = BR_BUF_INIT;
	shape(&b, n);
	br_buf_addc(&b, '\0');
	struct run r;
	run_all(&r, b.data);
	size_t x = r.ds.reconcile_looked;
	*records = r.ds.records.n;
	done(&r);
	br_buf_free(&b);
	return x;
}

static void grows_linearly(shape_fn *shape, const char *name, size_t records_n)
{
	size_t rn, r4n;
	size_t x = looked(shape, GROW_N, &rn), y = looked(shape, 4 * GROW_N, &r4n);
	print_message("%s: %zu, %zu compared\n", name, x, y);
	assert_int_equal(rn, records_n ? records_n : GROW_N);
	assert_int_equal(r4n, records_n ? records_n : 4 * GROW_N);
	assert_true(y <= 5 * (x + 1));
	assert_true(y <= 10 * 4 * GROW_N);
}

static void reconcile_grows_linearly(void **state)
{
	(void)state;
	grows_linearly(same_line_again, "one line said again", 1);
	grows_linearly(lines_apart, "lone figures all apart", 0);
	grows_linearly(same_sentence_each_message, "one sentence in every message", 0);
	grows_linearly(captions, "a caption below each", 0);
}

/* Every output is compared with the one hand row, not with each other. */
static void summary_row_against_outputs(void **state)
{
	(void)state;
	size_t n;
	size_t x = looked(one_row_many_outputs, GROW_N, &n);
	assert_int_equal(n, GROW_N + 1);
	assert_true(x <= 2 * GROW_N);
}

/* The labels the captions below give, at the size of the growth test. */
static void captions_label_their_results(void **state)
{
	(void)state;
	struct br_buf b = BR_BUF_INIT;
	captions(&b, 50);
	br_buf_addc(&b, '\0');
	struct run r;
	run_all(&r, b.data);
	assert_int_equal(r.ds.records.n, 50);
	assert_string_equal(rec(&r, 0)->label, "Table 1: disk 0 of the shelf");
	assert_string_equal(rec(&r, 49)->label, "Table 50: disk 49 of the shelf");
	done(&r);
	br_buf_free(&b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(post_pasted_twice),
		cmocka_unit_test(post_pasted_twice_wrapped),
		cmocka_unit_test(sentence_repeated_in_one_post),
		cmocka_unit_test(same_sentence_two_authors),
		cmocka_unit_test(table_over_its_output),
		cmocka_unit_test(reconcile_grows_linearly),
		cmocka_unit_test(summary_row_against_outputs),
		cmocka_unit_test(captions_label_their_results),
	};
	int rc = cmocka_run_group_tests(tests, NULL, NULL);
	br_regex_cleanup();
	return rc;
}
