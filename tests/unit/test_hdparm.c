/* Unit tests: the hdparm parser on literal snippets of every form it reads. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "raw_of.h"
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include "dataset.h"
#include "doc.h"
#include "parser.h"
#include "regex.h"
#include "util.h"

#include "parser_run.h"

/* The hdparm parser alone over `text`, lines pre[] claimed already. */
static void run_with_claims(struct run *r, const char *text, const size_t *pre, size_t npre)
{
	run_parser_doc(r, "hdparm", br_doc_from_mem("t.txt", text, strlen(text)), false, pre, npre);
}

static void run(struct run *r, const char *text)
{
	run_with_claims(r, text, NULL, 0);
}

static double param(const struct br_record *r, const char *key)
{
	struct br_param p = br_record_param(r, key);
	assert_non_null(p.key);
	return p.num;
}

/* The record holds figure `id`, equal to value (and raw). */
static void figure(const struct br_record *r, enum br_metric_id id, double value, const char *raw)
{
	assert_int_equal(r->tool, BR_TOOL_HDPARM);
	assert_true(br_record_get(r, id).present);
	assert_true(br_record_get(r, id).has_value);
	assert_true(fabs(br_record_get(r, id).value - value) < 1e-9);
	assert_string_equal(raw_of(br_record_get(r, id)), raw);
}

/* The record holds exactly one figure, `id`, equal to value (and raw). */
static void one_figure(const struct br_record *r, enum br_metric_id id, double value,
		       const char *raw)
{
	assert_int_equal(r->tool, BR_TOOL_HDPARM);
	assert_int_equal(br_record_metric_count(r), 1);
	assert_true(br_record_get(r, id).present);
	assert_true(br_record_get(r, id).has_value);
	assert_true(fabs(br_record_get(r, id).value - value) < 1e-9);
	assert_string_equal(raw_of(br_record_get(r, id)), raw);
}

static void modern_layout(void **state)
{
	(void)state;
	struct run r;
	run(&r, "\n"
		"/dev/loop0:\n"
		" Timing cached reads:   38116 MB in  1.99 seconds = 19151.18 MB/sec\n"
		" Timing buffered disk reads: 512 MB in  1.12 seconds = 455.57 MB/sec\n");
	/* one invocation, one device: one record with both figures */
	assert_int_equal(r.n, 1);
	assert_int_equal(br_record_metric_count(rec(&r, 0)), 2);
	figure(rec(&r, 0), BR_M_cached_read, 19151.18 * 1024, "19151.18");
	figure(rec(&r, 0), BR_M_buffered_read, 455.57 * 1024, "455.57");
	assert_string_equal(rec(&r, 0)->host, "/dev/loop0");
	assert_true(param(rec(&r, 0), "mb") == 38116);
	assert_true(param(rec(&r, 0), "seconds") == 1.99);
	assert_true(param(rec(&r, 0), "cached_read_mb") == 38116);
	assert_true(param(rec(&r, 0), "buffered_read_mb") == 512);
	assert_true(param(rec(&r, 0), "buffered_read_seconds") == 1.12);
	assert_null(br_record_param(rec(&r, 0), "offset").key);
	assert_int_equal(rec(&r, 0)->source.line, 3);
	assert_int_equal(rec(&r, 0)->source.end_line, 4);
	assert_string_equal(rec(&r, 0)->source.format, "hdparm");
	assert_null(rec(&r, 0)->version);
	assert_int_equal(warnings(&r), 0);
	/* built, then compacted: in one block of its own (record.c) */
	assert_true(rec(&r, 0)->frozen);
	done(&r);
}

/* A rate a forum wrapped inside its digits ("= 1921." / "75 MB/sec",
 * "= 193" / "3.85 MB/sec") is glued back when the glued rate is one
 * hdparm prints and agrees with its MB and seconds; a glue that would
 * not agree is no figure. */
static void rate_wrapped_inside_digits(void **state)
{
	(void)state;
	struct run r;
	run(&r, "/dev/nvme0n1:\n"
		"Timing cached reads: 38804 MB in 1.99 seconds = 19500.\n"
		"60 MB/sec\n"
		"Timing buffered disk reads: 5802 MB in 3.00 seconds = 193\n"
		"3.85 MB/sec\n");
	assert_int_equal(r.n, 1);
	figure(rec(&r, 0), BR_M_cached_read, 19500.60 * 1024, "19500.60");
	figure(rec(&r, 0), BR_M_buffered_read, 1933.85 * 1024, "1933.85");
	assert_int_equal(rec(&r, 0)->source.end_line, 5);
	done(&r);
	/* the unit's end alone on the next line ("MB/s" / "ec") is the line's:
	 * the run goes on past it */
	run(&r, "/dev/sdc:\n"
		"Timing cached reads: 14206 MB in 2.00 seconds = 7110.09 MB/s\n"
		"ec\n"
		"Timing buffered disk reads: 402 MB in 3.01 seconds = 133.56 MB/sec\n");
	assert_int_equal(r.n, 1);
	assert_int_equal(br_record_metric_count(rec(&r, 0)), 2);
	done(&r);
	/* 58 MB in 3 s is no 1933.85 MB/sec */
	run(&r, "/dev/sda:\n"
		"Timing buffered disk reads: 58 MB in 3.00 seconds = 193\n"
		"3.85 MB/sec\n");
	assert_int_equal(r.n, 0);
	done(&r);
}

/* A prompt without its user ("nfs-a:~# hdparm ..."): its host names the
 * run when the document's prompts name two hosts. */
static void prompt_host_without_user(void **state)
{
	(void)state;
	struct run r;
	run(&r, "nfs-a:~# hdparm -t /dev/sdc\n\n/dev/sdc:\n"
		" Timing buffered disk reads: 548 MB in  3.00 seconds = 182.55 MB/sec\n\n"
		"nfs-b:/root# hdparm -t /dev/sdc\n\n/dev/sdc:\n"
		" Timing buffered disk reads: 302 MB in  3.01 seconds = 100.33 MB/sec\n");
	assert_int_equal(r.n, 2);
	assert_string_equal(rec(&r, 0)->label, "nfs-a");
	assert_string_equal(rec(&r, 1)->label, "nfs-b");
	done(&r);
}

/* Records a later line could still join are emitted (and compacted) once
 * done with: each device's, when the next device starts, the last at the
 * end. */
static void records_compacted_when_done_with(void **state)
{
	(void)state;
	struct run r;
	run(&r, "hdparm v9.65\n"
		"/dev/sda:\n"
		" Timing cached reads:   38116 MB in  1.99 seconds = 19151.18 MB/sec\n"
		" Timing buffered disk reads: 512 MB in  1.12 seconds = 455.57 MB/sec\n"
		"\n"
		"/dev/sdb:\n"
		" Timing cached reads:   30000 MB in  2.00 seconds = 15000.00 MB/sec\n"
		" Timing buffered disk reads: 400 MB in  3.00 seconds = 133.33 MB/sec\n"
		"\n"
		"/dev/sdc:\n"
		" Timing buffered disk reads: 300 MB in  3.00 seconds = 100.00 MB/sec\n");
	assert_int_equal(r.n, 3);
	static const char *const host[] = {"/dev/sda", "/dev/sdb", "/dev/sdc"};
	for (size_t i = 0; i < 3; i++) {
		assert_true(rec(&r, i)->frozen);
		assert_string_equal(rec(&r, i)->host, host[i]);
		/* the version every record gets after the scan */
		assert_string_equal(rec(&r, i)->version, "9.65");
	}
	assert_int_equal(br_record_metric_count(rec(&r, 0)), 2);
	assert_int_equal(br_record_metric_count(rec(&r, 1)), 2);
	figure(rec(&r, 1), BR_M_buffered_read, 133.33 * 1024, "133.33");
	assert_true(param(rec(&r, 1), "buffered_read_mb") == 400);
	assert_int_equal(rec(&r, 1)->source.end_line, 8);
	assert_int_equal(br_record_metric_count(rec(&r, 2)), 1);
	done(&r);
}

/* A record finished while a device's record still takes timing lines (a
 * table row written by hand under the first timing line) comes after that
 * record: the dataset keeps the order the records were made in. */
static void finished_records_keep_their_order(void **state)
{
	(void)state;
	struct run r;
	run(&r, "$ hdparm -tT /dev/sda\n"
		"\n"
		"/dev/sda:\n"
		" Timing cached reads:   498 MB in  2.00 seconds = 249.00 MB/sec\n"
		"\n"
		"| disk | cached | buffered |\n"
		"|---|---|---|\n"
		"| sda | 250 MB/s | 60 MB/s |\n"
		"\n"
		" Timing buffered disk reads:  96 MB in  3.02 seconds =  31.79 MB/sec\n");
	assert_int_equal(r.n, 3);
	static const unsigned line[] = {4, 8, 10};
	for (size_t i = 0; i < 3; i++) {
		assert_true(rec(&r, i)->frozen);
		assert_int_equal(rec(&r, i)->source.line, line[i]);
	}
	one_figure(rec(&r, 0), BR_M_cached_read, 249.0 * 1024, "249.00");
	assert_string_equal(rec(&r, 1)->label, "sda");
	one_figure(rec(&r, 2), BR_M_buffered_read, 31.79 * 1024, "31.79");
	done(&r);
}

/* In a mail archive, a version line speaks for its own message only: read
 * before the results (the version in force) or after them (filled in at the
 * end), it is not given to another poster's results. */
static void version_stays_in_its_message(void **state)
{
	(void)state;
	struct run r;
	run(&r, "From alice@example.org Mon Jan  2 00:00:00 2001\n"
		"Subject: my disk\n"
		"\n"
		"# hdparm -V\n"
		"hdparm v9.43\n"
		"# hdparm -t /dev/sda\n"
		"\n"
		"/dev/sda:\n"
		" Timing buffered disk reads: 512 MB in  3.00 seconds = 170.67 MB/sec\n"
		"\n"
		"From bob@example.org Mon Jan  2 00:00:01 2001\n"
		"Subject: mine, on BusyBox\n"
		"\n"
		"~ # hdparm -t /dev/hda\n"
		"\n"
		"/dev/hda:\n"
		" Timing buffered disk reads:  64 MB in  4.21 seconds = 15.20 MB/sec\n"
		"\n"
		"From carol@example.org Mon Jan  2 00:00:02 2001\n"
		"Subject: and mine\n"
		"\n"
		"/dev/sdb:\n"
		" Timing buffered disk reads: 300 MB in  3.00 seconds = 100.00 MB/sec\n"
		"\n"
		"# hdparm -V\n"
		"hdparm v9.65\n");
	assert_int_equal(r.n, 3);
	assert_string_equal(rec(&r, 0)->host, "/dev/sda");
	assert_string_equal(rec(&r, 0)->version, "9.43");
	assert_string_equal(rec(&r, 1)->host, "/dev/hda");
	assert_null(rec(&r, 1)->version);
	assert_string_equal(rec(&r, 2)->host, "/dev/sdb");
	assert_string_equal(rec(&r, 2)->version, "9.65");
	done(&r);
}

static void old_versions_and_collapsed_space(void **state)
{
	(void)state;
	struct run r;
	run(&r, "hdparm 3.x said:\n"
		" Timing buffer-cache reads:   32 MB in  3.02 seconds =10.60 MB/sec\n"
		" Timing buffered disk reads:  16 MB in  5.52 seconds = 2.90 MB/sec\n"
		"and a forum copy:\n"
		"Timing buffer-cache reads: 128 MB in 1.67 seconds =76.65 MB/sec\n"
		"Timing buffered disk reads:64 MB in 3.73 seconds=17.16MB/sec\n"
		"\tTiming buffer-cache reads:   1412 MB in  2.00 seconds = 705.05 MB/sec\n");
	/* each -T/-t pair is one run; the third cached line starts another */
	assert_int_equal(r.n, 3);
	figure(rec(&r, 0), BR_M_cached_read, 10.60 * 1024, "10.60");
	figure(rec(&r, 0), BR_M_buffered_read, 2.90 * 1024, "2.90");
	figure(rec(&r, 1), BR_M_cached_read, 78489.6, "76.65");
	assert_true(param(rec(&r, 1), "mb") == 128);
	assert_true(param(rec(&r, 1), "seconds") == 1.67);
	figure(rec(&r, 1), BR_M_buffered_read, 17.16 * 1024, "17.16");
	assert_true(param(rec(&r, 1), "buffered_read_mb") == 64);
	one_figure(rec(&r, 2), BR_M_cached_read, 705.05 * 1024, "705.05");
	assert_null(rec(&r, 0)->host);
	assert_int_equal(warnings(&r), 0);
	done(&r);
}

static void direct_offset_and_kb(void **state)
{
	(void)state;
	struct run r;
	run(&r, "/dev/nvme0n1:\n"
		" Timing O_DIRECT cached reads:   2598 MB in  2.00 seconds = 1299.42 MB/sec\n"
		" Timing O_DIRECT disk reads: 512 MB in  0.08 seconds = 6583.77 MB/sec\n"
		" Timing buffered disk reads (offset 0 GB): 512 MB in  1.09 seconds = 468.98 MB/sec\n"
		" Timing O_DIRECT disk reads (offset 50 GB): 1122 MB in  3.03 seconds = 370.58 MB/sec\n"
		" Timing buffered disk reads:  64 MB in 438.02 seconds =149.62 kB/sec\n");
	/* the two O_DIRECT lines are one run; readings at an offset stand alone */
	assert_int_equal(r.n, 4);
	figure(rec(&r, 0), BR_M_direct_cached_read, 1299.42 * 1024, "1299.42");
	figure(rec(&r, 0), BR_M_direct_read, 6583.77 * 1024, "6583.77");
	one_figure(rec(&r, 1), BR_M_buffered_read, 468.98 * 1024, "468.98");
	assert_true(param(rec(&r, 1), "offset") == 0);
	one_figure(rec(&r, 2), BR_M_direct_read, 370.58 * 1024, "370.58");
	assert_true(param(rec(&r, 2), "offset") == 50);
	one_figure(rec(&r, 3), BR_M_buffered_read, 149.62, "149.62"); /* kB = KiB */
	assert_true(param(rec(&r, 3), "seconds") == 438.02);
	done(&r);
}

static void busybox(void **state)
{
	(void)state;
	struct run r;
	run(&r, "\n/dev/sda:\n"
		"Timing buffer-cache reads:  1234 MB in 0.51 seconds = 2477681 kB/s\n"
		"Timing buffered disk reads:  102 MB in 3.02 seconds = 34585 kB/s\n");
	assert_int_equal(r.n, 1);
	figure(rec(&r, 0), BR_M_cached_read, 2477681, "2477681");
	figure(rec(&r, 0), BR_M_buffered_read, 34585, "34585");
	assert_true(param(rec(&r, 0), "buffered_read_mb") == 102);
	assert_string_equal(rec(&r, 0)->host, "/dev/sda");
	done(&r);
}

/* gen13: thousands grouped by a locale or a poster ("17.034 MB",
 * "8.688,52", "8,688.52") are read whole, never as 8.688; two hand lines
 * with the same title make one run. */
static void grouped_thousands_and_titled_pairs(void **state)
{
	(void)state;
	struct run r;
	run(&r, "\n/dev/sda:\n"
		" Timing cached reads:   17.034 MB in  2,00 seconds = 8.688,52 MB/sec\n"
		" Timing buffered disk reads: 1.234 MB in  3,00 seconds = 411,23 MB/sec\n"
		"\nhdparm -tT:\n\n"
		"SSD cached reads: 8,688.52 MB/s\n"
		"SSD buffered disk reads: 411.23 MB/s\n");
	assert_int_equal(r.n, 2);
	figure(rec(&r, 0), BR_M_cached_read, 8688.52 * 1024, "8688.52");
	figure(rec(&r, 0), BR_M_buffered_read, 411.23 * 1024, "411.23");
	assert_true(param(rec(&r, 0), "cached_read_mb") == 17034);
	assert_true(param(rec(&r, 0), "buffered_read_mb") == 1234);
	figure(rec(&r, 1), BR_M_cached_read, 8688.52 * 1024, "8688.52");
	figure(rec(&r, 1), BR_M_buffered_read, 411.23 * 1024, "411.23");
	done(&r);
}

static void hard_wraps_are_joined(void **state)
{
	(void)state;
	struct run r;
	run(&r, "/dev/hda:\n"
		" Timing buffer-cache reads:   128 MB in  1.14 seconds =112.28\n"
		"MB/sec\n"
		" Timing buffered disk reads:  64 MB in  2.43 seconds = 26.34\n"
		"  MB/sec\n"
		" Timing buffered disk reads:  64 MB in\n"
		"2.40 seconds = 26.67 MB/sec\n");
	/* -T and -t of one run, then a repeated -t: two records */
	assert_int_equal(r.n, 2);
	figure(rec(&r, 0), BR_M_cached_read, 112.28 * 1024, "112.28");
	figure(rec(&r, 0), BR_M_buffered_read, 26.34 * 1024, "26.34");
	assert_int_equal(rec(&r, 0)->source.line, 2);
	assert_int_equal(rec(&r, 0)->source.end_line, 5);
	one_figure(rec(&r, 1), BR_M_buffered_read, 26.67 * 1024, "26.67");
	assert_true(param(rec(&r, 1), "seconds") == 2.40);
	assert_int_equal(warnings(&r), 0);
	done(&r);
}

/* What hdparm 9.65 prints on a plain file with stderr in the same stream:
 * the label, the error lines, then the figures alone. */
static void stderr_between_label_and_figures(void **state)
{
	(void)state;
	struct run r;
	run(&r, "$ sudo hdparm -tT /tmp/hdp-big.img\n"
		"\n"
		"/tmp/hdp-big.img:\n"
		" Timing cached reads:   BLKFLSBUF failed: Inappropriate ioctl for device\n"
		"BLKFLSBUF failed: Inappropriate ioctl for device\n"
		"42490 MB in  1.95 seconds = 21784.54 MB/sec\n"
		" Timing buffered disk reads: BLKFLSBUF failed: Inappropriate ioctl for device\n"
		"2626 MB in  3.00 seconds = 875.11 MB/sec\n");
	assert_int_equal(r.n, 1);
	figure(rec(&r, 0), BR_M_cached_read, 21784.54 * 1024, "21784.54");
	assert_int_equal(rec(&r, 0)->source.line, 4);
	assert_int_equal(rec(&r, 0)->source.end_line, 8);
	assert_string_equal(rec(&r, 0)->host, "/tmp/hdp-big.img");
	figure(rec(&r, 0), BR_M_buffered_read, 875.11 * 1024, "875.11");
	assert_true(param(rec(&r, 0), "buffered_read_mb") == 2626);
	assert_int_equal(warnings(&r), 0);
	done(&r);
}

static void dangling_label_is_no_record(void **state)
{
	(void)state;
	struct run r;
	run(&r, "# hdparm -tT /dev/sdb\n"
		"\n"
		"/dev/sdb:\n"
		" Timing cached reads:   65954 MB in  1.92 seconds = 34421.71 MB/sec\n"
		" Timing buffered disk reads: read() hit EOF - device too small\n"
		"BLKFLSBUF failed: Inappropriate ioctl for device\n"
		"\n"
		"/dev/sdc:\n"
		" Timing buffered disk reads: \n"
		"SG_IO: bad/missing sense data, sb[]:  70 00 05 00 00 00 00 0a\n"
		"Some prose after it, 3 lines on.\n"
		"More prose.\n"
		"And more.\n");
	assert_int_equal(r.n, 1);
	one_figure(rec(&r, 0), BR_M_cached_read, 34421.71 * 1024, "34421.71");
	assert_string_equal(rec(&r, 0)->host, "/dev/sdb");
	assert_int_equal(warnings(&r), 0);
	done(&r);
}

static void unreadable_lines_warn(void **state)
{
	(void)state;
	struct run r;
	run(&r, "/dev/sda:\n"
		" Timing cached reads:   7864 MB in  2.00 seconds =\n"
		"\n"
		" Timing buffered disk reads:  180 MB in  3.01\n"
		"and then the paste ended.\n"
		"Later, figures with their label cut off:\n"
		"180 MB in  3.01 seconds =  59.80 MB/sec\n");
	assert_int_equal(r.n, 0);
	assert_int_equal(warnings(&r), 3);
	assert_int_equal(r.ds.diags.v[0].line, 2);
	assert_non_null(strstr(r.ds.diags.v[0].message, "cannot read the timing figures"));
	assert_int_equal(r.ds.diags.v[1].line, 4);
	assert_int_equal(r.ds.diags.v[2].line, 7);
	assert_non_null(strstr(r.ds.diags.v[2].message, "without a 'Timing ...' label"));
	assert_string_equal(r.ds.diags.v[2].parser, "hdparm");
	done(&r);
}

static void prose_about_hdparm_is_quiet(void **state)
{
	(void)state;
	struct run r;
	run(&r, "I ran hdparm -tT /dev/sda on the box and it looked fine.\n"
		"hdparm is a tool for setting disk parameters; buffered disk reads are\n"
		"what -t measures. Transfer rate: 24.24 MB/sec is what the vendor says.\n"
		"Timing matters: 30 MB/s was the goal.\n"
		"dd reported 1073741824 bytes (1.1 GB) copied, 9.1 s, 118 MB/s\n"
		"The disk: 30 MB/sec\n");
	assert_int_equal(r.n, 0);
	assert_int_equal(warnings(&r), 0);
	done(&r);
}

static void label_of(const struct br_record *r, const char *own)
{
	assert_non_null(r->label);
	size_t n = strlen(r->label), m = strlen(own);
	assert_true(n >= m);
	assert_string_equal(r->label + n - m, own);
}

/* Seed 002's hand-written lines: only a rate; the kind named or inherited. */
static void hand_written_lines(void **state)
{
	(void)state;
	struct run r;
	run(&r, "First set of tests: RAID0, 4k chunk size, cpu clocked at 366Mhz.\n"
		"All hdparms reported:\n"
		"Timing buffer-cache reads: 128 MB in 1.67 seconds =76.65 MB/sec\n"
		"2 disks (hdb1,hdc1) buffered disk reads : 24.24 MB/sec\n"
		"3 disks (hdb1,hdc1,hde1) buffered disk : 31.37 MB/sec\n"
		"4 disks (hdb1,hdc1,hde1,hdg1) bfr disk : 35.75 MB/sec\n"
		"5 disks (hdb1,hdc1,hde1,hdg1,hdi1) disk : 31.68 MB/sec\n"
		"6 disks (hdb1,hdc1,hde1,hdg1,hdi1,hdk1) : 32.82 MB/sec\n"
		"8 disks (hdb,hdc,hde,hdg,hdi,hdk,hdm,hdo): 32.00 MB/sec\n"
		"Bonus test, one disk from each controller:\n"
		"4 disks (hdc1,hde1,hdi1,hdm1) bfr disk : 38.79 MB/sec\n"
		"A line on its own, naming no kind:\n"
		"9 disks (all of them) : 30.00 MB/sec\n"
		"2 disks cached : 80.5 MB/sec\n");
	assert_int_equal(r.n, 9);
	one_figure(rec(&r, 0), BR_M_cached_read, 78489.6, "76.65");
	static const char *const own[] = {
		"2 disks (hdb1,hdc1)", "3 disks (hdb1,hdc1,hde1)", "4 disks (hdb1,hdc1,hde1,hdg1)",
		"5 disks (hdb1,hdc1,hde1,hdg1,hdi1)", "6 disks (hdb1,hdc1,hde1,hdg1,hdi1,hdk1)",
		"8 disks (hdb,hdc,hde,hdg,hdi,hdk,hdm,hdo)", "4 disks (hdc1,hde1,hdi1,hdm1)"};
	static const char *const raw[] = {"24.24", "31.37", "35.75", "31.68",
					  "32.82", "32.00", "38.79"};
	for (size_t i = 0; i < 7; i++) {
		struct br_record *x = rec(&r, i + 1);
		one_figure(x, BR_M_buffered_read, strtod(raw[i], NULL) * 1024, raw[i]);
		assert_int_equal(x->nparams, 0); /* no mb, no seconds */
		label_of(x, own[i]);
		assert_int_equal(x->source.line, i < 6 ? i + 4 : 11);
	}
	/* "9 disks (all of them)" names no kind and follows prose: no record;
	 * "2 disks cached" names its kind itself */
	one_figure(rec(&r, 8), BR_M_cached_read, 80.5 * 1024, "80.5");
	label_of(rec(&r, 8), "2 disks");
	assert_int_equal(warnings(&r), 0);
	done(&r);
	/* no hdparm in the document: a strong kind word alone is not enough */
	run(&r, "Summary of the week:\n"
		"2 disks (hdb1,hdc1) buffered disk reads : 24.24 MB/sec\n");
	assert_int_equal(r.n, 0);
	done(&r);
}

static void prompts_devices_and_repeats(void **state)
{
	(void)state;
	struct run r;
	run(&r, "root@box:~# hdparm -tT /dev/sda /dev/sdb\n"
		"\n"
		"/dev/sda:\n"
		" Timing cached reads:   7864 MB in  2.00 seconds = 3935.41 MB/sec\n"
		" Timing buffered disk reads: 318 MB in  3.01 seconds = 105.66 MB/sec\n"
		"\n"
		"/dev/sdb:\n"
		" Timing cached reads:   7790 MB in  2.00 seconds = 3897.02 MB/sec\n"
		" Timing buffered disk reads: 250 MB in  3.02 seconds =  82.78 MB/sec\n"
		"$ for i in 1 2; do sudo hdparm -t /dev/md0; done\n"
		" Timing buffered disk reads: 400 MB in  3.00 seconds = 133.33 MB/sec\n"
		" Timing buffered disk reads: 402 MB in  3.01 seconds = 133.55 MB/sec\n"
		"hdparm v9.65\n");
	/* a record per device and per repeated run */
	assert_int_equal(r.n, 4);
	assert_string_equal(rec(&r, 0)->host, "/dev/sda");
	figure(rec(&r, 0), BR_M_cached_read, 3935.41 * 1024, "3935.41");
	figure(rec(&r, 0), BR_M_buffered_read, 105.66 * 1024, "105.66");
	assert_string_equal(rec(&r, 1)->host, "/dev/sdb");
	figure(rec(&r, 1), BR_M_buffered_read, 82.78 * 1024, "82.78");
	assert_string_equal(rec(&r, 2)->host, "/dev/md0");
	one_figure(rec(&r, 2), BR_M_buffered_read, 133.33 * 1024, "133.33");
	assert_string_equal(rec(&r, 3)->host, "/dev/md0");
	one_figure(rec(&r, 3), BR_M_buffered_read, 133.55 * 1024, "133.55");
	for (size_t i = 0; i < 4; i++)
		assert_string_equal(rec(&r, i)->version, "9.65");
	done(&r);
}

/* Mail damage the decoder may leave: "=3D", "> " quoting, a suspicious remark. */
static void mail_damage(void **state)
{
	(void)state;
	struct run r;
	run(&r, "> /dev/hda:\n"
		">  Timing buffer-cache reads:   128 MB in  0.86 seconds =3D148.84 MB/sec\n"
		">  Timing buffered disk reads:  64 MB in  5.63 seconds =3D 11.37 MB/sec\n"
		"> Hmm.. suspicious results: probably not enough free memory for a proper test.\n"
		"| Timing cached reads:   1024 MB in  2.00 seconds = 511.75 MB/sec\n"
		/* "=18" taken for a QP escape by a decoder: byte 0x18 */
		" Timing buffer-cache reads:   128 MB in  0.70 seconds \x18" "2.86 MB/sec\n"
		" Timing buffered disk reads:  64 MB in  2.31 seconds \x7f 27.71 MB/sec\n");
	assert_int_equal(r.n, 3);
	figure(rec(&r, 0), BR_M_cached_read, 148.84 * 1024, "148.84");
	figure(rec(&r, 0), BR_M_buffered_read, 11.37 * 1024, "11.37");
	assert_string_equal(rec(&r, 0)->host, "/dev/hda");
	one_figure(rec(&r, 1), BR_M_cached_read, 511.75 * 1024, "511.75");
	one_figure(rec(&r, 2), BR_M_cached_read, 182.86 * 1024, "182.86");
	assert_true(param(rec(&r, 2), "mb") == 128);
	/* figures after a label that cannot be read: a warning, not silence */
	assert_int_equal(warnings(&r), 1);
	assert_int_equal(r.ds.diags.v[0].line, 7);
	done(&r);
}

static void claimed_lines_are_skipped(void **state)
{
	(void)state;
	struct run r;
	static const size_t pre[] = {1};
	run_with_claims(&r,
			"/dev/sda:\n"
			" Timing cached reads:   7864 MB in  2.00 seconds = 3935.41 MB/sec\n"
			" Timing buffered disk reads: 318 MB in  3.01 seconds = 105.66 MB/sec\n",
			pre, 1);
	assert_int_equal(r.n, 1);
	one_figure(rec(&r, 0), BR_M_buffered_read, 105.66 * 1024, "105.66");
	/* claims for --explain: the header and the line read */
	assert_true(r.ds.nclaims >= 2);
	assert_string_equal(r.ds.claims[r.ds.nclaims - 1].parser, "hdparm");
	done(&r);
}

/* Lines far from any figures are not read closely; what they set up for a
 * run (prompt, header) still reaches it, and stale state does not. */
static void far_context(void **state)
{
	(void)state;
	struct br_buf b = BR_BUF_INIT;
	br_buf_adds(&b, "# hdparm -t /dev/sdq\n\n/dev/sdq:\n");
	br_buf_adds(&b, "SG_IO: bad/missing sense data, sb[]:  70 00 05 00 00 00 00 0a\n");
	br_buf_adds(&b, "00 00 00 00 20 00 00 00 00 00 00 00 00 00 00 00 00 00\n");
	br_buf_adds(&b, " Timing buffered disk reads: 318 MB in  3.01 seconds = 105.66 MB/sec\n");
	for (int i = 0; i < 40; i++)
		br_buf_adds(&b, "A line of prose with no figures in it at all.\n\n");
	br_buf_adds(&b, "The next one, without its header:\n");
	br_buf_adds(&b, " Timing buffered disk reads: 300 MB in  3.00 seconds = 100.00 MB/sec\n");
	br_buf_adds(&b, "/dev/sdr:\n\n\n\n\n\n\n\n");
	br_buf_adds(&b, " Timing cached reads:   7864 MB in  2.00 seconds = 3935.41 MB/sec\n");
	struct run r;
	run(&r, b.data);
	assert_int_equal(r.n, 3);
	assert_string_equal(rec(&r, 0)->host, "/dev/sdq");
	assert_int_equal(rec(&r, 0)->source.line, 6);
	assert_null(rec(&r, 1)->host); /* "...without its header:" ended /dev/sdq */
	assert_string_equal(rec(&r, 2)->host, "/dev/sdr"); /* blank lines keep it */
	assert_int_equal(warnings(&r), 0);
	done(&r);
	br_buf_free(&b);
}

static void hostile_input(void **state)
{
	(void)state;
	struct run r;
	size_t n = 200000;
	char *big = malloc(n + 1);
	for (size_t i = 0; i < n; i++)
		big[i] = "Timing cached reads: 9 MB in 1 seconds = : 1 MB/sec "[i % 52];
	big[n] = '\0';
	run(&r, big); /* one huge line: no record, no crash, bounded time */
	done(&r);
	memset(big, '9', n);
	memcpy(big, " Timing cached reads: ", 22);
	run(&r, big);
	assert_int_equal(r.n, 0);
	done(&r);
	free(big);
}

/* A hand-written rate line is read exactly when re_hand reads it, whatever
 * the byte tests in front of the pattern (ends_in_rate_unit, "B/s", ':'):
 * random tails (blanks, '=', "3D", the number, the unit in any case and
 * with the KELVIN SIGN, the slash, "sec") give a record exactly when the
 * pattern (hdparm.c's, copied) matches the line as the parser sees it with
 * "buffered" among its kind words. */
static unsigned long long rng = 0x9e3779b97f4a7c15ull;

static unsigned next(unsigned n)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (unsigned)(rng % n);
}

static const char *pick(const char *const *v, size_t n)
{
	return v[next((unsigned)n)];
}

#define PICK(v) pick(v, sizeof v / sizeof *v)

static void hand_line_is_the_pattern(void **state)
{
	(void)state;
	static struct br_pattern re_hand = BR_PATTERN_OPT(
		"test-hdparm-hand",
		"^(.*?)((?:\\s*\\b(?:timing|o_direct|direct|buffered|bfr|buffer-cache|buffer|cached|cache|"
		"disk|reads?)\\b)*)\\s*(?::\\s*(?:=\\s*(?:3D)?\\s*)?|(?<=[a-z])\\s*=\\s*(?:3D)?\\s*)"
		"(\\d+(?:\\.\\d+)?)\\s*([mk])i?B\\s*/\\s*"
		"s(?:ec)?\\s*$",
		PCRE2_CASELESS);
	static const char *const sp[] = {"", "", "", " ", " ", "  ", "\t", "\v", " \f"};
	static const char *const colon[] = {":", ":", ":", ":", ":", ":", "", ";", "::"};
	/* (no "=3D" glued: the document would be taken for quoted-printable) */
	static const char *const eq[] = {"", "", "", "", "=", "=", "= 3D", "= \t3d", "3D", "= =", "= 3D 3D"};
	static const char *const num[] = {"24.24", "24", "7", "24.24", "24", "7", ".5", "1.2.3", "24.", "D24", ""};
	static const char *const unit[] = {"M", "m", "k", "K", "\xe2\x84\xaa", "M", "k", "G", "", "MM"};
	static const char *const ib[] = {"B", "B", "B", "iB", "IB", "b", "ib", "", "i"};
	static const char *const slash[] = {"/", "/", "/", "/", "/", "", "//", "\\"};
	static const char *const end[] = {"s", "sec", "s", "sec", "SEC", "Sec", "S", "se", "secs", ""};
	int matched = 0;
	for (int round = 0; round < 20000; round++) {
		char line[256];
		snprintf(line, sizeof line, "Run 5MB/s buffered disk%s%s%s%s%s%s%s%s%s%s%s%s%s%s",
			 PICK(sp), PICK(colon), PICK(sp), PICK(eq), PICK(sp), PICK(num), PICK(sp),
			 PICK(unit), PICK(ib), PICK(sp), PICK(slash), PICK(sp), PICK(end), PICK(sp));
		char *text = br_asprintf("hdparm -t /dev/sda\n%s\n"
					 "Timing buffered disk reads: 64 MB in 3.01 seconds = 21.26 MB/sec\n",
					 line);
		struct run r;
		run(&r, text);
		/* the line as the parser reads it: blanks and quote marks around it gone */
		const struct br_line *l = &r.doc->lines[1];
		const char *t = l->text;
		size_t n = l->len;
		while (n && (*t == ' ' || *t == '\t' || *t == '>' || *t == '|'))
			t++, n--;
		while (n && (t[n - 1] == ' ' || t[n - 1] == '\t' || t[n - 1] == '\r'))
			n--;
		size_t ov[10];
		/* read when it matches and its kind words say "buffered" (not when a
		 * second ':' leaves them in the title) */
		bool want = br_re_match(&re_hand, t, n, 0, ov, 5) > 0 && ov[5] - ov[4] >= 8 &&
			    memmem(t + ov[4], ov[5] - ov[4], "buffered", 8);
		matched += want;
		if (r.n != (want ? 2u : 1u))
			fail_msg("'%s' (read as '%.*s'): %zu records, the pattern %s", line, (int)n, t,
				 r.n, want ? "reads it" : "does not");
		done(&r);
		free(text);
	}
	if (matched < 1000) /* the test says something */
		fail_msg("only %d of 20000 lines match", matched);
	br_regex_cleanup();
}

/* A paste whose line ends were lost: every "Timing ... reads:" on the line
 * is read with the figures after it, for the device named before it. */
static void collapsed_lines(void **state)
{
	(void)state;
	struct run r;
	run(&r, "# hdparm -Tt /dev/hdb /dev/hdb: Timing buffer-cache reads: 412 MB in 2.00 seconds = "
		"205.80 MB/sec Timing buffered disk reads: 64 MB in 3.01 seconds = 21.26 MB/sec\n");
	assert_int_equal(r.n, 1);
	figure(rec(&r, 0), BR_M_cached_read, 205.80 * 1024, "205.80");
	figure(rec(&r, 0), BR_M_buffered_read, 21.26 * 1024, "21.26");
	assert_string_equal(rec(&r, 0)->host, "/dev/hdb");
	assert_true(param(rec(&r, 0), "buffered_read_mb") == 64);
	assert_true(param(rec(&r, 0), "buffered_read_seconds") == 3.01);
	assert_int_equal(warnings(&r), 0);
	done(&r);

	/* two devices on one line: one record each */
	run(&r, "$ sudo hdparm -t /dev/sda /dev/sdb /dev/sda: Timing buffered disk reads: 310 MB in "
		"3.01 seconds = 102.99 MB/sec /dev/sdb: Timing buffered disk reads: 190 MB in 3.02 "
		"seconds = 62.91 MB/sec\n");
	assert_int_equal(r.n, 2);
	one_figure(rec(&r, 0), BR_M_buffered_read, 102.99 * 1024, "102.99");
	assert_string_equal(rec(&r, 0)->host, "/dev/sda");
	one_figure(rec(&r, 1), BR_M_buffered_read, 62.91 * 1024, "62.91");
	assert_string_equal(rec(&r, 1)->host, "/dev/sdb");
	done(&r);

	/* the header on its own line, the timings run together, the second
	 * label's test failed; a prompt naming one device twice names one */
	run(&r, "/dev/sdc:\n"
		" Timing cached reads: 1800 MB in 2.00 seconds = 900.00 MB/sec Timing buffered disk "
		"reads: read() hit EOF - device too small\n"
		"\n"
		"hdparm -T /dev/sdd /dev/sdd Timing cached reads: 100 MB in 2.00 seconds = 50.00 MB/sec\n"
		"I got Timing O_DIRECT disk reads: 4096 MB in 3.00 seconds = 1365.10 MB/sec here\n");
	assert_int_equal(r.n, 3);
	one_figure(rec(&r, 0), BR_M_cached_read, 900.0 * 1024, "900.00");
	assert_string_equal(rec(&r, 0)->host, "/dev/sdc");
	one_figure(rec(&r, 1), BR_M_cached_read, 50.0 * 1024, "50.00");
	assert_string_equal(rec(&r, 1)->host, "/dev/sdd");
	one_figure(rec(&r, 2), BR_M_direct_read, 1365.10 * 1024, "1365.10");
	assert_int_equal(warnings(&r), 0);
	done(&r);

	/* unreadable figures on a collapsed line: one warning for the line */
	run(&r, "/dev/sda: Timing cached reads: 12 MB in x Timing buffered disk reads: 13 MB in y\n"
		"MB/sec\n");
	assert_int_equal(r.n, 0);
	assert_int_equal(warnings(&r), 1);
	done(&r);
}

/* "/dev/sdd: ssd500": the device, and the poster's name for it; settings
 * and -i lines between the header and the timings keep the device; a
 * short line of the poster's there names the run. */
static void device_notes_and_settings(void **state)
{
	(void)state;
	struct run r;
	/* the marks around a note are left out of the title */
	run(&r, "/dev/sda:   (the SSD)\n"
		" Timing buffered disk reads: 1600 MB in  3.00 seconds = 533.18 MB/sec\n"
		"\n"
		"/dev/sdb:  <- old WD Green\n"
		" Timing buffered disk reads: 330 MB in  3.01 seconds = 109.58 MB/sec\n");
	assert_int_equal(r.n, 2);
	assert_string_equal(rec(&r, 0)->label, "the SSD");
	assert_string_equal(rec(&r, 1)->label, "old WD Green");
	one_figure(rec(&r, 1), BR_M_buffered_read, 109.58 * 1024, "109.58");
	done(&r);
	run(&r, "/dev/sdd: ssd500\n"
		" multcount     =  1 (on)\n"
		" IO_support    =  1 (32-bit)\n"
		" readonly      =  0 (off)\n"
		" readahead     = 256 (on)\n"
		" geometry      = 60801/255/63, sectors = 976773168, start = 0\n"
		" Timing cached reads:   23814 MB in  1.99 seconds = 11982.10 MB/sec\n"
		" Timing buffered disk reads: 630 MB in  3.00 seconds = 209.81 MB/sec\n"
		"\n"
		"/dev/sde:\n"
		" Model=Maxtor 6Y080L0, FwRev=YAR41BW0, SerialNo=Y2D3C4E5\n"
		" PIO modes:  pio0 pio1 pio2 pio3 pio4\n"
		" UDMA modes: udma0 udma1 udma2 udma3 udma4 *udma5\n"
		" setting fs readahead to 8192\n"
		" Timing buffered disk reads: 160 MB in  3.01 seconds =  53.16 MB/sec\n"
		"\n"
		"/dev/sdf:\n"
		"Backup disk (USB):\n"
		" Timing buffered disk reads: 100 MB in  3.02 seconds =  33.11 MB/sec\n"
		"\n"
		"/dev/sdg: No such file or directory\n"
		" Timing buffered disk reads: 101 MB in  3.02 seconds =  33.44 MB/sec\n");
	assert_int_equal(r.n, 4);
	assert_int_equal(br_record_metric_count(rec(&r, 0)), 2);
	assert_string_equal(rec(&r, 0)->host, "/dev/sdd");
	assert_string_equal(rec(&r, 0)->label, "ssd500");
	figure(rec(&r, 0), BR_M_buffered_read, 209.81 * 1024, "209.81");
	one_figure(rec(&r, 1), BR_M_buffered_read, 53.16 * 1024, "53.16");
	assert_string_equal(rec(&r, 1)->host, "/dev/sde");
	/* -i's lines are not the run's title */
	assert_true(rec(&r, 1)->label == NULL || strstr(rec(&r, 1)->label, "modes") == NULL);
	assert_string_equal(rec(&r, 2)->host, "/dev/sdf");
	assert_non_null(rec(&r, 2)->label);
	assert_non_null(strstr(rec(&r, 2)->label, "Backup disk (USB)"));
	/* hdparm's complaint is not a device header, nor a note */
	assert_null(rec(&r, 3)->host);
	done(&r);

	/* the note is the device's only: the next device has none; a lone
	 * buffered line after unrelated lines is read, of no device */
	run(&r, "/dev/sdb: data disk\n"
		" Timing buffered disk reads: 540 MB in  3.01 seconds = 179.40 MB/sec\n"
		"/dev/sdc:\n"
		" Timing buffered disk reads: 541 MB in  3.01 seconds = 179.73 MB/sec\n"
		"Later I checked the kernel log.\n"
		"Nothing odd there.\n"
		"The cables were fine too.\n"
		" Timing buffered disk reads: 170 MB in  3.00 seconds =  56.67 MB/sec\n");
	assert_int_equal(r.n, 3);
	assert_string_equal(rec(&r, 0)->label, "data disk");
	assert_string_equal(rec(&r, 1)->host, "/dev/sdc");
	assert_true(rec(&r, 1)->label == NULL || strstr(rec(&r, 1)->label, "data disk") == NULL);
	one_figure(rec(&r, 2), BR_M_buffered_read, 56.67 * 1024, "56.67");
	assert_null(rec(&r, 2)->host);
	done(&r);

	/* settings lines outside a run of hdparm's are prose: the device ends */
	run(&r, "/dev/sda:\n"
		"some words here.\n"
		"and more words\n"
		"x = 1\n"
		" Timing buffered disk reads: 170 MB in  3.00 seconds =  56.67 MB/sec\n");
	assert_int_equal(r.n, 1);
	assert_null(rec(&r, 0)->host);
	done(&r);
}

/* One invocation's timing lines, each behind the same name (grep -H over
 * per-disk logs, a device tag per line): one record per invocation; a
 * second line of a kind the record has, or another name, starts another. */
static void name_on_each_line(void **state)
{
	(void)state;
	struct run r;
	run(&r, "sda.log: Timing cached reads:   9120 MB in  2.00 seconds = 4561.22 MB/sec\n"
		"sda.log: Timing buffered disk reads: 598 MB in  3.00 seconds = 199.17 MB/sec\n"
		"sdc.log: Timing cached reads:   9088 MB in  2.00 seconds = 4544.10 MB/sec\n"
		"sdc.log: Timing cached reads:   9096 MB in  2.00 seconds = 4548.02 MB/sec\n"
		"/dev/sdd: Timing cached reads:   3068 MB in  2.00 seconds = 1534.02 MB/sec\n"
		"/dev/sdd: Timing buffered disk reads:  230 MB in  3.02 seconds =  76.16 MB/sec\n"
		"/dev/sde: Timing buffered disk reads:  236 MB in  3.01 seconds =  78.40 MB/sec\n");
	assert_int_equal(r.n, 5);
	figure(rec(&r, 0), BR_M_cached_read, 4561.22 * 1024, "4561.22");
	figure(rec(&r, 0), BR_M_buffered_read, 199.17 * 1024, "199.17");
	assert_int_equal(rec(&r, 0)->source.line, 1);
	assert_int_equal(rec(&r, 0)->source.end_line, 2);
	one_figure(rec(&r, 1), BR_M_cached_read, 4544.10 * 1024, "4544.10");
	one_figure(rec(&r, 2), BR_M_cached_read, 4548.02 * 1024, "4548.02");
	assert_string_equal(rec(&r, 3)->host, "/dev/sdd");
	figure(rec(&r, 3), BR_M_cached_read, 1534.02 * 1024, "1534.02");
	figure(rec(&r, 3), BR_M_buffered_read, 76.16 * 1024, "76.16");
	assert_string_equal(rec(&r, 4)->host, "/dev/sde");
	one_figure(rec(&r, 4), BR_M_buffered_read, 78.40 * 1024, "78.40");
	done(&r);
}

/* A table of rates as CSV, written by hand for a spreadsheet: the header's
 * commas make the columns (its units in parentheses), an empty cell is no
 * figure; a sentence with ", " is no header. */
static void csv_table_by_hand(void **state)
{
	(void)state;
	struct run r;
	run(&r, "hdparm -tT results:\n"
		"device,hdparm -T (MB/s),hdparm -t (MB/s)\n"
		"sda,7649.63,144.85\n"
		"sdb,7688.16,\n");
	assert_int_equal(r.n, 2);
	assert_string_equal(rec(&r, 0)->label, "sda");
	figure(rec(&r, 0), BR_M_cached_read, 7649.63 * 1024, "7649.63");
	figure(rec(&r, 0), BR_M_buffered_read, 144.85 * 1024, "144.85");
	one_figure(rec(&r, 1), BR_M_cached_read, 7688.16 * 1024, "7688.16");
	done(&r);

	run(&r, "hdparm says cached, buffered, direct are all fine\n"
		"sda,7649.63,144.85\n");
	assert_int_equal(r.n, 0);
	done(&r);
}

/* A summary table before the outputs it sums up, in a document that names
 * hdparm nowhere above it: hdparm's own lines below show the tool, so its
 * rows are read (the disk only in the table too); with no hdparm anywhere,
 * such a table is nobody's. A table without a unit takes the unit of the
 * document's timing lines when they all print one. */
static void summary_table_before_its_outputs(void **state)
{
	(void)state;
	struct run r;
	run(&r, "We re-ran the read tests after the move.\n"
		"\n"
		"| Disk    | Cached (MB/sec) | Buffered (MB/sec) |\n"
		"|---------|-----------------|-------------------|\n"
		"| boot    | 7509.33         | 540.41            |\n"
		"| archive | 6870.52         | 151.09            |\n"
		"\n"
		"/dev/sda:\n"
		" Timing cached reads:   15012 MB in  2.00 seconds = 7509.33 MB/sec\n"
		" Timing buffered disk reads: 1622 MB in  3.00 seconds = 540.41 MB/sec\n");
	assert_int_equal(r.n, 3);
	assert_string_equal(rec(&r, 0)->label, "boot");
	figure(rec(&r, 1), BR_M_buffered_read, 151.09 * 1024, "151.09");
	done(&r);

	/* gen17: hdparm's two timings over MB/sec are hdparm's, named or not */
	run(&r, "| Disk    | Cached (MB/sec) | Buffered (MB/sec) |\n"
		"|---------|-----------------|-------------------|\n"
		"| boot    | 7509.33         | 540.41            |\n");
	assert_int_equal(r.n, 1);
	figure(rec(&r, 0), BR_M_cached_read, 7509.33 * 1024, "7509.33");
	figure(rec(&r, 0), BR_M_buffered_read, 540.41 * 1024, "540.41");
	done(&r);

	/* no unit in the table: the unit of the document's own timing lines
	 * (all MB/sec); timing lines in two units give none */
	const char *unitless = "Disk        Cached     Buffered\n"
			       "scratch     6998.10    212.77\n";
	char doc[512];
	snprintf(doc, sizeof doc,
		 "/dev/sda:\n"
		 " Timing cached reads:   15012 MB in  2.00 seconds = 7509.33 MB/sec\n"
		 " Timing buffered disk reads: 1622 MB in  3.00 seconds = 540.41 MB/sec\n"
		 "\n%s",
		 unitless);
	run(&r, doc);
	assert_int_equal(r.n, 2);
	figure(rec(&r, 1), BR_M_buffered_read, 212.77 * 1024, "212.77");
	done(&r);
	snprintf(doc, sizeof doc,
		 "/dev/hda:\n"
		 " Timing buffered disk reads:   2 MB in  7.77 seconds = 263.71 kB/sec\n"
		 "/dev/sda:\n"
		 " Timing buffered disk reads: 1622 MB in  3.00 seconds = 540.41 MB/sec\n"
		 "\n%s",
		 unitless);
	run(&r, doc);
	assert_int_equal(r.n, 2);
	done(&r);
}

/* A table whose row holds the name in one cell and hdparm's lines in the
 * next (Markdown "<br>", an HTML row's TAB): the row's name titles the
 * record, parenthesis and colon kept; a device in the cell too is the host. */
static void row_name_cell_before_timings(void **state)
{
	(void)state;
	struct run r;
	run(&r, "| Disk | hdparm -Tt |\n"
		"|------|------------|\n"
		"| sda (SSD) | Timing cached reads: 18842 MB in 2.00 seconds = 9429.78 MB/sec<br>"
		"Timing buffered disk reads: 1594 MB in 3.00 seconds = 531.19 MB/sec |\n"
		"| sdc: USB stick | Timing buffered disk reads: 62 MB in 3.04 seconds = 20.39 MB/sec |\n"
		"| alpha | /dev/sda: Timing buffered disk reads: 1324 MB in  3.00 seconds = 441.17 MB/sec |\n");
	assert_int_equal(r.n, 3);
	assert_string_equal(rec(&r, 0)->label, "sda (SSD)");
	figure(rec(&r, 0), BR_M_cached_read, 9429.78 * 1024, "9429.78");
	figure(rec(&r, 0), BR_M_buffered_read, 531.19 * 1024, "531.19");
	assert_string_equal(rec(&r, 1)->label, "sdc: USB stick");
	one_figure(rec(&r, 1), BR_M_buffered_read, 20.39 * 1024, "20.39");
	assert_string_equal(rec(&r, 2)->host, "/dev/sda");
	assert_string_equal(rec(&r, 2)->label, "alpha");
	done(&r);
}

/* An average the poster computed under the runs ("Average buffered disk
 * reads: ...", a table's "**Mean**" row) is no run: no record, the line
 * claimed. With no run before it, or a name that only says its figure is
 * one ("ST2000 (avg of 5)"), it is the result there is. */
static void averages_are_not_runs(void **state)
{
	(void)state;
	struct run r;
	run(&r, "/dev/sdb:\n"
		" Timing buffered disk reads: 436 MB in  3.01 seconds = 144.85 MB/sec\n"
		"\n"
		"/dev/sdb:\n"
		" Timing buffered disk reads: 442 MB in  3.00 seconds = 147.29 MB/sec\n"
		"\n"
		"Average buffered disk reads: 146.07 MB/sec\n");
	assert_int_equal(r.n, 2);
	assert_true(r.claimed[6]);
	done(&r);

	run(&r, "| run | Timing cached reads | Timing buffered disk reads |\n"
		"|-----|---------------------|----------------------------|\n"
		"| 1 | 7649.63 MB/sec | 120.51 MB/sec |\n"
		"| **Mean** | 7668.90 MB/sec | 120.77 MB/sec |\n"
		"| ST2000 (avg of 5) | 98.60 MB/sec | - |\n");
	assert_int_equal(r.n, 2);
	assert_string_equal(rec(&r, 1)->label, "ST2000 (avg of 5)");
	done(&r);

	run(&r, "hdparm -t, buffered disk reads (average of 3 runs): 146.14 MB/sec\n");
	assert_int_equal(r.n, 1);
	one_figure(rec(&r, 0), BR_M_buffered_read, 146.14 * 1024, "146.14");
	done(&r);
}

/* A name over a device's output ("cn001:", a host's, as pdsh's tag leaves
 * it once decoded; Ansible's "st01 | CHANGED | rc=0 >>"; tail's "==> f <==")
 * titles that device's record. */
static void name_over_device(void **state)
{
	(void)state;
	struct run r;
	run(&r, "# pdsh -w cn00[1-2] hdparm -t /dev/sdb\n"
		"cn001:\n"
		"/dev/sdb:\n"
		" Timing buffered disk reads: 2130 MB in  3.00 seconds = 709.78 MB/sec\n"
		"cn002:\n"
		"/dev/sdb:\n"
		" Timing buffered disk reads: 612 MB in  3.01 seconds = 203.33 MB/sec\n");
	assert_int_equal(r.n, 2);
	assert_string_equal(rec(&r, 0)->host, "/dev/sdb");
	assert_string_equal(rec(&r, 0)->label, "cn001");
	assert_string_equal(rec(&r, 1)->label, "cn002");
	assert_true(r.claimed[1] && r.claimed[4]);
	done(&r);

	/* an Ansible ad-hoc host line, tail's file banner, an empty line
	 * between them and the device line */
	run(&r, "st01 | CHANGED | rc=0 >>\n"
		"\n"
		"/dev/sdb:\n"
		" Timing buffered disk reads: 560 MB in  3.00 seconds = 186.51 MB/sec\n"
		"==> /var/log/old1.log <==\n"
		"\n"
		"/dev/sda:\n"
		" Timing buffered disk reads: 540 MB in  3.01 seconds = 179.43 MB/sec\n"
		"Some words here:\n"
		"/dev/sdc:\n"
		" Timing buffered disk reads: 212 MB in  3.02 seconds =  70.15 MB/sec\n");
	assert_int_equal(r.n, 3);
	assert_string_equal(rec(&r, 0)->label, "st01");
	assert_string_equal(rec(&r, 1)->label, "/var/log/old1.log");
	assert_false(r.claimed[8]); /* a sentence, not a name */
	done(&r);
}

/* pdsh's tags taken off by decoding with no command line above: each
 * "labNN:" names its own run (it is no settings key beside the figures
 * of the run before); a name a line was tagged with ("k6-300:  Timing
 * ...") is that run's alone, and a machine's name alone over a later run
 * of timing lines names that run. */
static void names_over_runs(void **state)
{
	(void)state;
	struct run r;
	run(&r, "lab01:\n"
		"/dev/sda:\n"
		" Timing buffered disk reads: 412 MB in  3.01 seconds = 136.88 MB/sec\n"
		"lab02:\n"
		"/dev/sda:\n"
		" Timing buffered disk reads: 1504 MB in  3.00 seconds = 501.20 MB/sec\n"
		"lab03:\n"
		"/dev/sda:\n"
		" Timing buffered disk reads: 398 MB in  3.00 seconds = 132.51 MB/sec\n");
	assert_int_equal(r.n, 3);
	assert_string_equal(rec(&r, 0)->label, "lab01");
	assert_string_equal(rec(&r, 1)->label, "lab02");
	assert_string_equal(rec(&r, 2)->label, "lab03");
	done(&r);

	run(&r, "k6-300:  Timing buffer-cache reads:   32 MB in  2.91 seconds =11.00 MB/sec\n"
		"k6-300:  Timing buffered disk reads:  16 MB in  4.80 seconds = 3.33 MB/sec\n"
		"\n"
		"duron800\n"
		" Timing buffer-cache reads:   128 MB in  1.40 seconds = 91.43 MB/sec\n"
		" Timing buffered disk reads:  64 MB in  3.90 seconds = 16.41 MB/sec\n"
		"\n"
		" Timing buffered disk reads:  64 MB in  3.80 seconds = 16.84 MB/sec\n"
		"\n"
		"Results\n"
		" Timing buffered disk reads:  64 MB in  3.70 seconds = 17.30 MB/sec\n");
	assert_int_equal(r.n, 4);
	assert_string_equal(rec(&r, 0)->label, "k6-300");
	assert_string_equal(rec(&r, 1)->label, "duron800");
	assert_true(r.claimed[3]);
	/* a repeat after a blank line is the same machine's */
	assert_string_equal(rec(&r, 2)->label, "duron800");
	/* a plain word over a run names no machine */
	assert_false(r.claimed[9]);
	done(&r);

	/* pdsh's tag left on the device header too */
	run(&r, "srv-a: /dev/sda:\n"
		"srv-a:  Timing cached reads:   16282 MB in  2.00 seconds = 8146.39 MB/sec\n"
		"srv-a:  Timing buffered disk reads: 2130 MB in  3.00 seconds = 709.78 MB/sec\n"
		"srv-b: /dev/sdb:\n"
		"srv-b:  Timing buffered disk reads: 612 MB in  3.01 seconds = 203.33 MB/sec\n");
	assert_int_equal(r.n, 2);
	assert_string_equal(rec(&r, 0)->host, "/dev/sda");
	assert_string_equal(rec(&r, 0)->label, "srv-a");
	figure(rec(&r, 0), BR_M_cached_read, 8146.39 * 1024, "8146.39");
	figure(rec(&r, 0), BR_M_buffered_read, 709.78 * 1024, "709.78");
	assert_string_equal(rec(&r, 1)->host, "/dev/sdb");
	assert_string_equal(rec(&r, 1)->label, "srv-b");
	assert_true(r.claimed[0] && r.claimed[3]);
	done(&r);
}

/* Prompts that name two hosts or more title each run with their host
 * ("user@host:~$", "root@host:~#", "[user@host ~]$"), before a device's
 * note; prompts that all name one host title a run nothing else titles,
 * and under a heading title nothing (the heading says it). */
static void machines_in_prompts(void **state)
{
	(void)state;
	struct run r;
	run(&r, "maria@files01:~$ sudo hdparm -t /dev/sda\n"
		"\n"
		"/dev/sda:\n"
		" Timing buffered disk reads: 548 MB in  3.00 seconds = 182.45 MB/sec\n"
		"root@archive2:~# hdparm -t /dev/sdb\n"
		"\n"
		"/dev/sdb: the new SSD\n"
		" Timing buffered disk reads: 1602 MB in  3.00 seconds = 533.91 MB/sec\n"
		"[maria@gw-3 ~]$ sudo hdparm -T /dev/vda\n"
		"\n"
		"/dev/vda:\n"
		" Timing cached reads:   12010 MB in  2.00 seconds = 6008.41 MB/sec\n");
	assert_int_equal(r.n, 3);
	assert_string_equal(rec(&r, 0)->label, "files01");
	assert_string_equal(rec(&r, 1)->label, "archive2 / the new SSD");
	assert_string_equal(rec(&r, 2)->label, "gw-3");
	assert_string_equal(rec(&r, 2)->host, "/dev/vda");
	done(&r);

	run(&r, "root@nas:~# hdparm -t /dev/sda\n"
		"\n"
		"/dev/sda:\n"
		" Timing buffered disk reads: 548 MB in  3.00 seconds = 182.45 MB/sec\n"
		"root@nas:~# hdparm -t /dev/sdb\n"
		"\n"
		"/dev/sdb:\n"
		" Timing buffered disk reads: 390 MB in  3.00 seconds = 129.88 MB/sec\n");
	assert_int_equal(r.n, 2);
	assert_string_equal(rec(&r, 0)->label, "nas");
	assert_string_equal(rec(&r, 1)->label, "nas");
	done(&r);

	run(&r, "The backup box:\n"
		"\n"
		"root@nas:~# hdparm -t /dev/sda\n"
		"\n"
		"/dev/sda:\n"
		" Timing buffered disk reads: 548 MB in  3.00 seconds = 182.45 MB/sec\n");
	assert_int_equal(r.n, 1);
	assert_string_equal(rec(&r, 0)->label, "The backup box");
	done(&r);
}

/* Sentences with one figure each: a device before hdparm ("nvme0n1:
 * hdparm -t reports ..."), a timing named by its word after the rate
 * ("hdparm gives 58.3 MB/sec buffered"), devices whose rates all come
 * before the command ("..., both with hdparm -t"); a command in a clause
 * of its own, a wish, a comparison or a question are no figures. */
static void sentences_name_kind_and_device(void **state)
{
	(void)state;
	struct run r;
	run(&r, "nvme0n1: hdparm -t reports 2456.12 MB/sec, which looks right.\n"
		"\n"
		"On the old desktop, hdparm gives 58.3 MB/sec buffered for the IDE disk.\n"
		"\n"
		"sdb: 230.11 MB/sec buffered, sdc: 221.95 MB/sec buffered, both with hdparm -t.\n"
		"\n"
		"The dock only manages 31.7 MB/s with hdparm -t, sadly.\n"
		"\n"
		"hdparm should give 100 MB/sec buffered on a disk like that.\n"
		"hdparm says 90 MB/s buffered while dd says 120 MB/s.\n"
		"Is hdparm 58 MB/sec buffered normal for IDE?\n"
		"With dd, sda gives 130 MB/s and sdb 101 MB/s; hdparm -t is similar.\n");
	assert_int_equal(r.n, 5);
	assert_string_equal(rec(&r, 0)->host, "nvme0n1");
	one_figure(rec(&r, 0), BR_M_buffered_read, 2456.12 * 1024, "2456.12");
	assert_null(rec(&r, 1)->host);
	one_figure(rec(&r, 1), BR_M_buffered_read, 58.3 * 1024, "58.3");
	assert_string_equal(rec(&r, 1)->label, "IDE disk");
	assert_string_equal(rec(&r, 2)->host, "sdb");
	assert_string_equal(rec(&r, 3)->host, "sdc");
	one_figure(rec(&r, 3), BR_M_buffered_read, 221.95 * 1024, "221.95");
	/* "with hdparm -t" names the command, not what it ran on */
	one_figure(rec(&r, 4), BR_M_buffered_read, 31.7 * 1024, "31.7");
	assert_null(rec(&r, 4)->label);
	done(&r);

	/* two kinds, each in its own clause; the name without hdparm and
	 * the verb, or after the rates */
	run(&r, "The laptop SSD gets 512.40 MB/sec with hdparm -t, and hdparm -T shows 6120.44 MB/sec.\n"
		"\n"
		"And hdparm gives 3010.22 MB/sec cached and 98.10 MB/sec buffered on the NAS.\n"
		"\n"
		"hdparm -t gives 512 MB/sec, 480 MB/sec and 470 MB/sec, and hdparm -T 6120 MB/sec.\n");
	assert_int_equal(r.n, 2);
	figure(rec(&r, 0), BR_M_buffered_read, 512.40 * 1024, "512.40");
	figure(rec(&r, 0), BR_M_cached_read, 6120.44 * 1024, "6120.44");
	assert_string_equal(rec(&r, 0)->label, "The laptop SSD");
	figure(rec(&r, 1), BR_M_cached_read, 3010.22 * 1024, "3010.22");
	assert_string_equal(rec(&r, 1)->label, "NAS");
	done(&r);

	/* a line of rates named by kind for the mean of those above: no run */
	run(&r, "hdparm -tT on the spares:\n"
		"spare1: 8912.33 MB/sec cached, 531.20 MB/sec buffered\n"
		"spare2: 8850.10 MB/sec cached, 529.87 MB/sec buffered\n"
		"avg: 8881.2 MB/sec cached, 530.5 MB/sec buffered\n");
	assert_int_equal(r.n, 2);
	assert_string_equal(rec(&r, 1)->label, "spare2");
	assert_true(r.claimed[3]);
	done(&r);
}

/* A note under a run pointing up at it ("^ that's my ThinkPad T480",
 * "^^ and that was the old Optiplex.") titles its record, a blank line
 * between them at most, also after the document's last run; a line that
 * does not point up titles nothing. */
static void names_below_runs(void **state)
{
	(void)state;
	struct run r;
	run(&r, "/dev/sda:\n"
		" Timing buffered disk reads: 1604 MB in  3.00 seconds = 534.55 MB/sec\n"
		"\n"
		"^ that's my ThinkPad T480 with the stock SSD\n"
		"\n"
		"/dev/sda:\n"
		" Timing buffered disk reads: 330 MB in  3.01 seconds = 109.62 MB/sec\n"
		"the old Optiplex\n"
		"\n"
		"/dev/sdb:\n"
		" Timing buffered disk reads: 268 MB in  3.02 seconds =  88.74 MB/sec\n"
		"^^ and that was the USB disk.\n");
	assert_int_equal(r.n, 3);
	assert_string_equal(rec(&r, 0)->label, "ThinkPad T480 with the stock SSD");
	assert_true(r.claimed[3]);
	assert_null(rec(&r, 1)->label);
	assert_string_equal(rec(&r, 2)->label, "USB disk");
	done(&r);
}

/* A poster's table in the units a dashboard shows: GB/s (× 1024²) and
 * thousands grouped by commas ("9,412", "1,402.5": the printed form loses
 * the commas); a comma with other than three digits after it is no rate,
 * and the row is not read. */
static void table_units_and_grouping(void **state)
{
	(void)state;
	struct run r;
	run(&r, "Read speeds from hdparm -Tt:\n"
		"\n"
		"| Device | hdparm -T | hdparm -t |\n"
		"| --- | ---: | ---: |\n"
		"| nvme0n1 | 17.9 GB/s | 2.61 GiB/s |\n"
		"| sda | 9,412 MB/s | 528 MB/s |\n"
		"| sdb | 1,402.5 MB/s | 19,840 kB/s |\n"
		"| sdc | 9,41 GB/s | 1 MB/s |\n");
	assert_int_equal(r.n, 3);
	figure(rec(&r, 0), BR_M_cached_read, 17.9 * 1048576, "17.9");
	figure(rec(&r, 0), BR_M_buffered_read, 2.61 * 1048576, "2.61");
	figure(rec(&r, 1), BR_M_cached_read, 9412.0 * 1024, "9412");
	figure(rec(&r, 2), BR_M_cached_read, 1402.5 * 1024, "1402.5");
	figure(rec(&r, 2), BR_M_buffered_read, 19840.0, "19840");
	done(&r);

	/* blank-separated columns, read from the right, grouped too */
	run(&r, "hdparm -tT on the backup box\n"
		"\n"
		"disk            cached (MB/s)    buffered (MB/s)\n"
		"ST4000DM004     10,233.41        182.20\n");
	assert_int_equal(r.n, 1);
	assert_string_equal(rec(&r, 0)->label, "ST4000DM004");
	figure(rec(&r, 0), BR_M_cached_read, 10233.41 * 1024, "10233.41");
	figure(rec(&r, 0), BR_M_buffered_read, 182.20 * 1024, "182.20");
	done(&r);
}

/* Tables of rates written by hand from hdparm's lines. (Long: one table
 * shape after another, each its document and the records it must give.) */
static void summary_tables(void **state)
{
	(void)state;
	struct run r;
	run(&r, "| Disk | Timing cached reads | Timing buffered disk reads |\n"
		"|------|---------------------|----------------------------|\n"
		"| /dev/sda | 498.10 MB/sec | 95.3 MB/sec |\n"
		"| /dev/sdb | 512.40 MB/sec | - |\n"
		"| **Samsung 850** | 7012.5 MB/sec | 530.1 |\n"
		"| /dev/sdc | n/a | |\n"
		"| /dev/sdd | 12 MB in 2.00 seconds = 6.00 MB/sec | 1 kB/sec |\n"
		"\n"
		"| /dev/sde | 1.0 MB/sec | 2.0 MB/sec |\n");
	assert_int_equal(r.n, 4);
	assert_string_equal(rec(&r, 0)->host, "/dev/sda");
	figure(rec(&r, 0), BR_M_cached_read, 498.10 * 1024, "498.10");
	figure(rec(&r, 0), BR_M_buffered_read, 95.3 * 1024, "95.3");
	assert_int_equal(rec(&r, 0)->source.line, 3);
	one_figure(rec(&r, 1), BR_M_cached_read, 512.40 * 1024, "512.40");
	/* a name that is no device is the row's own title; "Timing" in the
	 * header: hdparm's MB/sec for a bare rate */
	assert_null(rec(&r, 2)->host);
	assert_string_equal(rec(&r, 2)->label, "Samsung 850");
	figure(rec(&r, 2), BR_M_buffered_read, 530.1 * 1024, "530.1");
	/* a cell may hold hdparm's whole figures; kB/sec taken as is */
	figure(rec(&r, 3), BR_M_cached_read, 6.0 * 1024, "6.00");
	figure(rec(&r, 3), BR_M_buffered_read, 1.0, "1");
	assert_true(param(rec(&r, 3), "cached_read_mb") == 12);
	assert_int_equal(warnings(&r), 0);
	done(&r);

	/* blank-separated columns, read from the right; the unit in the header */
	run(&r, "hdparm -tT on the file server\n"
		"\n"
		"disk              cached (MB/s)    buffered (MB/s)\n"
		"WD Red 3TB        1520.3           112.4\n"
		"WD Red 4TB        1490.0           -\n"
		"three words here\n"
		"WD Red 5TB        1490.0           100\n");
	assert_int_equal(r.n, 2);
	assert_string_equal(rec(&r, 0)->label, "WD Red 3TB");
	figure(rec(&r, 0), BR_M_cached_read, 1520.3 * 1024, "1520.3");
	figure(rec(&r, 0), BR_M_buffered_read, 112.4 * 1024, "112.4");
	one_figure(rec(&r, 1), BR_M_cached_read, 1490.0 * 1024, "1490.0");
	done(&r);

	/* hdparm's labels, colons and all, as column names; hdparm's own label
	 * with its figures on the next line is no table */
	run(&r, "Disk        Timing cached reads:   Timing buffered disk reads:\n"
		"/dev/sda    498.10 MB/sec          95.3 MB/sec\n"
		"\n"
		"/dev/sdb:\n"
		" Timing buffered disk reads:\n"
		" 64 MB in 3.01 seconds = 21.26 MB/sec\n");
	assert_int_equal(r.n, 2);
	assert_string_equal(rec(&r, 0)->host, "/dev/sda");
	figure(rec(&r, 0), BR_M_buffered_read, 95.3 * 1024, "95.3");
	assert_string_equal(rec(&r, 1)->host, "/dev/sdb");
	one_figure(rec(&r, 1), BR_M_buffered_read, 21.26 * 1024, "21.26");
	assert_true(param(rec(&r, 1), "mb") == 64);
	done(&r);

	/* TAB-separated, columns named by hdparm's options */
	run(&r, "host\thdparm -T\thdparm -t\n"
		"pentium3\t180.5 MB/s\t22.1 MB/s\n"
		"k6-2\t\t95.0 MB/s\t13.9 MB/s\n");
	assert_int_equal(r.n, 2);
	figure(rec(&r, 0), BR_M_cached_read, 180.5 * 1024, "180.5");
	figure(rec(&r, 0), BR_M_buffered_read, 22.1 * 1024, "22.1");
	figure(rec(&r, 1), BR_M_cached_read, 95.0 * 1024, "95.0");
	assert_string_equal(rec(&r, 1)->label, "k6-2");
	done(&r);

	/* the other way round: a row per kind, a column per device or run */
	run(&r, "| hdparm -tT | /dev/hdc | Before |\n"
		"|------------|----------|--------|\n"
		"| cached     | 204.7 MB/s | 220.69 MB/sec |\n"
		"| buffered   | -        | 7.20 MB/sec |\n"
		"| cached     | 1 MB/s | 2 MB/s |\n");
	assert_int_equal(r.n, 2);
	one_figure(rec(&r, 0), BR_M_cached_read, 204.7 * 1024, "204.7");
	assert_string_equal(rec(&r, 0)->host, "/dev/hdc");
	assert_null(rec(&r, 1)->host);
	assert_string_equal(rec(&r, 1)->label, "Before");
	figure(rec(&r, 1), BR_M_cached_read, 220.69 * 1024, "220.69");
	figure(rec(&r, 1), BR_M_buffered_read, 7.20 * 1024, "7.20");
	/* a kind named twice ends the table */
	assert_int_equal(rec(&r, 1)->source.end_line, 4);
	done(&r);

	/* the same lined up with spaces, the cell over the kinds left blank */
	run(&r, "hdparm before and after -d1:\n"
		"                        DMA off          DMA on\n"
		"Timing cached reads     128.44 MB/sec    129.01 MB/sec\n"
		"Timing buffered disk      3.61 MB/sec     27.43 MB/sec\n");
	assert_int_equal(r.n, 2);
	assert_string_equal(rec(&r, 0)->label, "DMA off");
	figure(rec(&r, 0), BR_M_buffered_read, 3.61 * 1024, "3.61");
	assert_string_equal(rec(&r, 1)->label, "DMA on");
	figure(rec(&r, 1), BR_M_cached_read, 129.01 * 1024, "129.01");
	done(&r);

	/* no unit anywhere: a warning, no guess; no sign of hdparm: nothing */
	run(&r, "hdparm -tT, 1 MB/s\n"
		"| disk | cached | buffered |\n"
		"| hda | 210 | 19 |\n");
	assert_int_equal(r.n, 0);
	assert_int_equal(warnings(&r), 1);
	done(&r);
	/* gen17: both of hdparm's timings over rates in MB/s are its own,
	 * though it is not named; one of them, rates with no unit or in GB, or
	 * a document naming another benchmark are not */
	run(&r, "| disk | cached | buffered |\n"
		"| hda | 210 MB/s | 19 MB/s |\n");
	assert_int_equal(r.n, 1);
	assert_string_equal(rec(&r, 0)->label, "hda");
	figure(rec(&r, 0), BR_M_buffered_read, 19.0 * 1024, "19");
	done(&r);
	run(&r, "| pool | cached | direct |\n"
		"| tank | 2210 MB/s | 501 MB/s |\n");
	assert_int_equal(r.n, 0);
	done(&r);
	run(&r, "| pool | cached | buffered |\n"
		"| tank | 12 | 3 |\n");
	assert_int_equal(r.n, 0);
	assert_int_equal(warnings(&r), 0);
	done(&r);
	run(&r, "| host | cached | buffered | free |\n"
		"| db1 | 12.1 GB | 1.2 GB | 3.3 GB |\n");
	assert_int_equal(r.n, 0);
	done(&r);
	run(&r, "Read tests with dd if=/dev/sda of=/dev/null bs=1M:\n"
		"| disk | cached | buffered |\n"
		"| sda | 2210 MB/s | 501 MB/s |\n");
	assert_int_equal(r.n, 0);
	done(&r);

	/* words in a sentence, a header with a kind twice: not tables */
	run(&r, "hdparm\n"
		"Cached and buffered reads both matter\n"
		"Total 3 MB/s\n"
		"| disk | cached | buffered | cached |\n"
		"| hda | 210 MB/s | 19 MB/s | 200 MB/s |\n");
	assert_int_equal(r.n, 0);
	done(&r);
}

/* Tables whose spacing was lost (one blank between cells): a table by kind
 * whose row names are two words ("cached reads 9412.6 7649.6") under a
 * names row without its empty first cell, and a table by device whose
 * cells hold their unit ("72.41 MB/s"). A kind word in a sentence with
 * other words after it is no row. */
static void collapsed_tables(void **state)
{
	(void)state;
	struct run r;
	run(&r, "hdparm results in MB/s, two kernels:\n"
		"\n"
		"2.6.32 3.10\n"
		"cached reads 9412.6 7649.6\n"
		"buffered reads 182.3 190.1\n");
	assert_int_equal(r.n, 2);
	figure(rec(&r, 0), BR_M_cached_read, 9412.6 * 1024, "9412.6");
	figure(rec(&r, 0), BR_M_buffered_read, 182.3 * 1024, "182.3");
	figure(rec(&r, 1), BR_M_cached_read, 7649.6 * 1024, "7649.6");
	figure(rec(&r, 1), BR_M_buffered_read, 190.1 * 1024, "190.1");
	done(&r);

	run(&r, "My log of hdparm -t (buffered disk reads) on the three array disks:\n"
		"\n"
		"date sda sdb sdc\n"
		"2009-03-02 72.41 MB/s 70.88 MB/s 55.12 MB/s\n");
	assert_int_equal(r.n, 3);
	one_figure(rec(&r, 0), BR_M_buffered_read, 72.41 * 1024, "72.41");
	assert_string_equal(rec(&r, 0)->host, "sda");
	one_figure(rec(&r, 2), BR_M_buffered_read, 55.12 * 1024, "55.12");
	assert_string_equal(rec(&r, 2)->host, "sdc");
	done(&r);

	run(&r, "hdparm on two kernels\n"
		"2.6.32 3.10\n"
		"cached reads were 9412.6 on both\n");
	assert_int_equal(r.n, 0);
	done(&r);
}

/* A device named in a sentence-like command line keeps no punctuation
 * ("hdparm -t /dev/sdb, three runs:"). */
static void prompt_device_punctuation(void **state)
{
	(void)state;
	struct run r;
	run(&r, "hdparm -t /dev/sdb, three runs:\n"
		"\n"
		" Timing buffered disk reads: 512 MB in  3.01 seconds = 170.10 MB/sec\n");
	assert_int_equal(r.n, 1);
	assert_string_equal(rec(&r, 0)->host, "/dev/sdb");
	done(&r);
}

/* Figures whose unit is written in lower case ("56mb/sec", "= 812
 * mb/sec") get the document looked at (detect is case-blind) and are
 * read; prose with "mb" but no figure of hdparm's gives nothing. */
static void lower_case_units(void **state)
{
	(void)state;
	struct run r;
	run_parser(&r, "hdparm", "I ran hdparm -t /dev/sda and it gives me 56mb/sec, sigh.\n", true);
	assert_int_equal(r.n, 1);
	one_figure(rec(&r, 0), BR_M_buffered_read, 56.0 * 1024, "56");
	done(&r);
	run_parser(&r, "hdparm", "my laptop, hdparm -tT:\n"
		" Timing buffered disk reads = 56 mb/sec\n"
		" Timing cached reads = 812 mb/sec\n", true);
	assert_int_equal(r.n, 1);
	figure(rec(&r, 0), BR_M_buffered_read, 56.0 * 1024, "56");
	figure(rec(&r, 0), BR_M_cached_read, 812.0 * 1024, "812");
	done(&r);
	run_parser(&r, "hdparm", "I have 512 mb of ram; the mb/s on the box says 100.\n"
		"No hdparm run yet.\n", true);
	assert_int_equal(r.n, 0);
	done(&r);
}

/* A table without a unit whose caption below it gives one ("all in
 * MB/sec, from hdparm -tT"), and one whose columns are hdparm's options
 * alone ("| -T | -t |"), hdparm named only under it. */
static void table_caption_below(void **state)
{
	(void)state;
	struct run r;
	run(&r, "| disk     | cached | buffered |\n"
		"|----------|--------|----------|\n"
		"| /dev/sda | 6120.3 | 112.4    |\n"
		"\n"
		"Both in MB/sec as printed by hdparm -tT.\n");
	assert_int_equal(r.n, 1);
	figure(rec(&r, 0), BR_M_cached_read, 6120.3 * 1024, "6120.3");
	figure(rec(&r, 0), BR_M_buffered_read, 112.4 * 1024, "112.4");
	done(&r);
	run(&r, "| drive | -T     | -t   |\n"
		"|-------|--------|------|\n"
		"| sdc   | 1650.9 | 61.0 |\n"
		"\n"
		"^ hdparm 9.43 there, MB/sec.\n");
	assert_int_equal(r.n, 1);
	figure(rec(&r, 0), BR_M_cached_read, 1650.9 * 1024, "1650.9");
	figure(rec(&r, 0), BR_M_buffered_read, 61.0 * 1024, "61.0");
	done(&r);
	/* the caption right under the last row ("[/table]" read away) */
	run(&r, "| disk | cached | buffered |\n"
		"| sda  | 6120,3 | 112,4    |\n"
		"(alles in MB/s, hdparm -tT)\n");
	assert_int_equal(r.n, 1);
	figure(rec(&r, 0), BR_M_buffered_read, 112.4 * 1024, "112.4");
	done(&r);
	/* a caption with two units says none */
	run(&r, "| disk     | cached | buffered |\n"
		"| /dev/sda | 6120.3 | 112.4    |\n"
		"\n"
		"hdparm -tT: MB/sec here, kB/s on the old one.\n");
	assert_int_equal(r.n, 0);
	done(&r);
}

/* hdparm's kinds in other languages' words name a table's columns or
 * rows: German "Zwischengespeichert", "Gepufferte Lesezugriffe",
 * "Cache-Lesen", "Puffer-Lesen"; French "Lectures en cache", "tamponnées";
 * Spanish "Lecturas en caché", "En búfer". */
static void european_kind_words(void **state)
{
	(void)state;
	struct run r;
	run(&r, "hdparm -tT:\n"
		"| Platte   | Zwischengespeichert | Gepufferte Lesezugriffe |\n"
		"| /dev/sda | 7012,55 MB/s        | 134,20 MB/s             |\n");
	assert_int_equal(r.n, 1);
	figure(rec(&r, 0), BR_M_cached_read, 7012.55 * 1024, "7012.55");
	figure(rec(&r, 0), BR_M_buffered_read, 134.20 * 1024, "134.20");
	done(&r);
	run(&r, "hdparm -tT, MB/s:\n"
		"\n"
		"               sdc       sdd\n"
		"Cache-Lesen    1650,9    1702,2\n"
		"Puffer-Lesen   61,0      58,3\n");
	assert_int_equal(r.n, 2);
	figure(rec(&r, 1), BR_M_cached_read, 1702.2 * 1024, "1702.2");
	figure(rec(&r, 1), BR_M_buffered_read, 58.3 * 1024, "58.3");
	done(&r);
	run(&r, "hdparm -tT :\n"
		"| Disque   | Lectures disque tamponn\xc3\xa9" "es | Lectures en cache |\n"
		"| /dev/sda | 118,40 MB/s | 5230,12 MB/s |\n"
		"\n"
		"Disco      Lecturas en cach\xc3\xa9   En b\xc3\xba" "fer\n"
		"/dev/sdb   4810.2 MB/s         101.7 MB/s\n");
	assert_int_equal(r.n, 2);
	figure(rec(&r, 0), BR_M_cached_read, 5230.12 * 1024, "5230.12");
	figure(rec(&r, 0), BR_M_buffered_read, 118.40 * 1024, "118.40");
	figure(rec(&r, 1), BR_M_cached_read, 4810.2 * 1024, "4810.2");
	figure(rec(&r, 1), BR_M_buffered_read, 101.7 * 1024, "101.7");
	done(&r);
}

/* A sentence naming each kind by hdparm's option and the device in the
 * command: one run of that device; two devices' commands: a record each. */
static void prose_kinds_by_option_device(void **state)
{
	(void)state;
	struct run r;
	run(&r, "hdparm -T /dev/sda reports 5120.4 mb/s here and hdparm -t /dev/sda gives 128.7 mb/s.\n");
	assert_int_equal(r.n, 1);
	assert_string_equal(rec(&r, 0)->host, "/dev/sda");
	figure(rec(&r, 0), BR_M_cached_read, 5120.4 * 1024, "5120.4");
	figure(rec(&r, 0), BR_M_buffered_read, 128.7 * 1024, "128.7");
	done(&r);
	run(&r, "hdparm -T /dev/sdb shows 4980.2 MB/s but hdparm -t /dev/sdc gives 98.1 MB/s.\n");
	assert_int_equal(r.n, 2);
	assert_string_equal(rec(&r, 0)->host, "/dev/sdb");
	one_figure(rec(&r, 0), BR_M_cached_read, 4980.2 * 1024, "4980.2");
	assert_string_equal(rec(&r, 1)->host, "/dev/sdc");
	one_figure(rec(&r, 1), BR_M_buffered_read, 98.1 * 1024, "98.1");
	done(&r);
}

/* A table by kind whose lines all had a list's marker ("- "): taken away
 * with the blanks after it, the names row lost its empty corner cell; it
 * has one cell fewer than the kind rows, so the names stand over the
 * figures' columns (sda was read as sdb's). */
static void kind_rows_list_marker(void **state)
{
	(void)state;
	struct run r;
	run(&r, "- Results (hdparm -tT, MB/s):\n"
		"\n"
		"-                      sda       sdb\n"
		"- Cached               7012.5    6988.1\n"
		"- Buffered             134.2     98.4\n");
	assert_int_equal(r.n, 2);
	assert_non_null(strstr(rec(&r, 0)->label, "sda"));
	figure(rec(&r, 0), BR_M_cached_read, 7012.5 * 1024, "7012.5");
	assert_non_null(strstr(rec(&r, 1)->label, "sdb"));
	figure(rec(&r, 1), BR_M_buffered_read, 98.4 * 1024, "98.4");
	done(&r);
}

/* A numbered list's marker before a line written by hand is no title of
 * its own: the lines stay one run. */
static void numbered_hand_lines(void **state)
{
	(void)state;
	struct run r;
	run(&r, "hdparm on the laptop:\n"
		"1. cached reads: 812 MB/sec\n"
		"2. buffered disk reads: 31.5 MB/sec\n");
	assert_int_equal(r.n, 1);
	figure(rec(&r, 0), BR_M_cached_read, 812.0 * 1024, "812");
	figure(rec(&r, 0), BR_M_buffered_read, 31.5 * 1024, "31.5");
	done(&r);
}

/* A numbered list's marker ("1. ", "2) ") before a line: the line after
 * it is looked at as one without (a sentence quoting a figure, a timing
 * line). */
static void numbered_list_marker(void **state)
{
	(void)state;
	struct run r;
	run(&r, "1. On the topic of speeds.. hdparm -t gives me 56Mb/s on my Maxtor 80Mb 8mb\n"
		"1. cache PATA drive.\n"
		"\n"
		"2) with hdparm -T /dev/hda I see 900 kB/s.\n");
	assert_int_equal(r.n, 2);
	one_figure(rec(&r, 0), BR_M_buffered_read, 56.0 * 1024, "56");
	assert_string_equal(br_record_param(rec(&r, 0), "read_from").str, "prose");
	one_figure(rec(&r, 1), BR_M_cached_read, 900.0, "900");
	done(&r);
}

/* A sentence quoting one hdparm figure is read, marked as read from
 * prose; a sentence leaving any doubt (two figures, -tT, a wish, a
 * question, a range, two devices) is not. */
static void figures_quoted_in_prose(void **state)
{
	(void)state;
	struct run r;
	run(&r, "On the topic of speeds.. hdparm -t gives me 56Mb/s on my Maxtor 80Mb 8mb\n"
		"and with hdparm -T /dev/hda I see 900 kB/s.\n");
	assert_int_equal(r.n, 2);
	one_figure(rec(&r, 0), BR_M_buffered_read, 56.0 * 1024, "56");
	struct br_param p = br_record_param(rec(&r, 0), "read_from");
	assert_non_null(p.key);
	assert_string_equal(p.str, "prose");
	assert_string_equal(rec(&r, 0)->label, "Maxtor 80Mb 8mb");
	assert_null(rec(&r, 0)->host);
	one_figure(rec(&r, 1), BR_M_cached_read, 900.0, "900");
	assert_string_equal(rec(&r, 1)->host, "/dev/hda");
	assert_int_equal(warnings(&r), 0);
	done(&r);

	static const char *const doubtful[] = {
		"I'm only getting 32 MB/s   (hdparm -tT /dev/hda) on my\n",
		"hdparm -t should give at least 50 MB/s on that drive.\n",
		"Does hdparm -t give you 50 MB/s?\n",
		"Both hdparm -t /dev/hda and hdparm -t /dev/hdb report 30 MB/s.\n",
		"hdparm -t says 28 MB/s here while dd says 35 MB/s.\n",
		"hdparm -t is somewhere from 40 to 45 MB/s.\n",
		"hdparm -t gives 40-45 MB/s.\n",
		"My hdparm -t /dev/sda /dev/sdb run gave 60 MB/s.\n",
		"hdparm -t gives 60 MB in total.\n",
	};
	for (size_t k = 0; k < sizeof doubtful / sizeof *doubtful; k++) {
		run(&r, doubtful[k]);
		if (r.n != 0)
			fail_msg("'%s' was read", doubtful[k]);
		done(&r);
	}
}

/* Several devices in one sentence, each with its rate, under hdparm's one
 * timing option (in the sentence or on the line above): a record each,
 * read from prose; a sentence wrapped in its paragraph is read whole. Any
 * doubt (a wish, a device without a rate, a device twice, another tool)
 * and nothing is read. */
static void devices_in_one_sentence(void **state)
{
	(void)state;
	struct run r;
	run(&r, "I ran hdparm -t on the file server: sda gives 120 MB/sec, sdb 98 MB/sec and\n"
		"the old hdc only 25 MB/sec.\n"
		"\n"
		"For the record, hdparm -T says 3922 MB/s on /dev/sda and 3858 MB/s on nvme0n1.\n"
		"\n"
		"Buffered reads (hdparm -t) on the FreeBSD box:\n"
		"ada0 reaches 140.5 MB/s, ada1 139.9 MB/s.\n");
	assert_int_equal(r.n, 7);
	static const char *const hosts[] = {"sda", "sdb", "hdc", "/dev/sda", "nvme0n1", "ada0", "ada1"};
	for (size_t k = 0; k < 7; k++) {
		assert_string_equal(rec(&r, k)->host, hosts[k]);
		struct br_param p = br_record_param(rec(&r, k), "read_from");
		assert_non_null(p.key);
		assert_string_equal(p.str, "prose");
	}
	one_figure(rec(&r, 0), BR_M_buffered_read, 120.0 * 1024, "120");
	one_figure(rec(&r, 2), BR_M_buffered_read, 25.0 * 1024, "25");
	assert_int_equal(rec(&r, 2)->source.line, 1);
	assert_int_equal(rec(&r, 2)->source.end_line, 2);
	one_figure(rec(&r, 3), BR_M_cached_read, 3922.0 * 1024, "3922");
	one_figure(rec(&r, 4), BR_M_cached_read, 3858.0 * 1024, "3858");
	one_figure(rec(&r, 6), BR_M_buffered_read, 139.9 * 1024, "139.9");
	assert_int_equal(warnings(&r), 0);
	done(&r);

	/* the timing named by hdparm's words, not its option */
	run(&r, "Timing buffered disk reads with hdparm: sda=120MB/s, sdb=98MB/s\n");
	assert_int_equal(r.n, 2);
	assert_string_equal(rec(&r, 1)->host, "sdb");
	one_figure(rec(&r, 1), BR_M_buffered_read, 98.0 * 1024, "98");
	done(&r);

	static const char *const doubtful[] = {
		"hdparm -t should give 120 MB/s on sda and 98 MB/s on sdb.\n",
		"hdparm -t: sda 120 MB/s, sdb and sdc 98 MB/s.\n",
		"hdparm -t: sda 120 MB/s, then sda again 98 MB/s.\n",
		"hdparm -t: sda 120 MB/s, dd on sdb 98 MB/s.\n",
		"hdparm -tT: sda 120 MB/s, sdb 98 MB/s.\n",
		"hdparm -t on the two: 120 MB/s and 98 MB/s.\nsda gives 120 MB/sec, sdb 98 MB/sec.\n",
		"hdparm -t gives 120 MB/s, more than sdb with its 98 MB/s.\n",
	};
	for (size_t k = 0; k < sizeof doubtful / sizeof *doubtful; k++) {
		run(&r, doubtful[k]);
		if (r.n != 0)
			fail_msg("'%s' was read", doubtful[k]);
		done(&r);
	}
}

/* Several rates on one line, each named by its kind: one record. */
static void rates_named_by_kind(void **state)
{
	(void)state;
	struct run r;
	run(&r, "hdparm -tT on the nodes\n"
		"node01 /dev/sda: cached 9120.55 MB/sec, buffered 187.20 MB/sec\n"
		"node02 - 9034.10 MB/s (cached), 181.75 MB/s (buffered)\n"
		"node03: Timing cached reads: 8990.42 MB/sec, Timing buffered disk reads: 12.80 MB/sec\n"
		"dd wrote 150 MB/s buffered and 90 MB/s with direct I/O\n"
		"cached 1 MB/s, cached 2 MB/s\n"
		"buffered 1 MB/s and 2 MB/s\n");
	assert_int_equal(r.n, 3);
	assert_string_equal(rec(&r, 0)->host, "/dev/sda");
	assert_string_equal(rec(&r, 0)->label, "node01");
	figure(rec(&r, 0), BR_M_cached_read, 9120.55 * 1024, "9120.55");
	figure(rec(&r, 0), BR_M_buffered_read, 187.20 * 1024, "187.20");
	assert_null(rec(&r, 1)->host);
	assert_string_equal(rec(&r, 1)->label, "node02");
	figure(rec(&r, 1), BR_M_cached_read, 9034.10 * 1024, "9034.10");
	figure(rec(&r, 1), BR_M_buffered_read, 181.75 * 1024, "181.75");
	/* labels with rates only, on one line: one record */
	assert_int_equal(br_record_metric_count(rec(&r, 2)), 2);
	assert_string_equal(rec(&r, 2)->label, "node03");
	figure(rec(&r, 2), BR_M_buffered_read, 12.80 * 1024, "12.80");
	done(&r);

	/* a device alone on its line, its rates under it: one record; a rate
	 * line away from the one before stays a record of its own */
	run(&r, "hdparm -tT results\n"
		"/dev/sdb\n"
		"cached: 8875.00 MB/sec\n"
		"buffered: 175.40 MB/sec\n"
		"\n"
		"and then, much later, after a few more words:\n"
		"buffered: 176.05 MB/sec\n");
	assert_int_equal(r.n, 2);
	assert_string_equal(rec(&r, 0)->host, "/dev/sdb");
	figure(rec(&r, 0), BR_M_cached_read, 8875.00 * 1024, "8875.00");
	figure(rec(&r, 0), BR_M_buffered_read, 175.40 * 1024, "175.40");
	assert_int_equal(rec(&r, 0)->source.end_line, 4);
	one_figure(rec(&r, 1), BR_M_buffered_read, 176.05 * 1024, "176.05");
	done(&r);

	/* no sign of hdparm in the document: nothing */
	run(&r, "node01: cached 9120.55 MB/sec, buffered 187.20 MB/sec\n");
	assert_int_equal(r.n, 0);
	done(&r);
}

/* Two outputs pasted side by side (paste, diff -y): one run per column,
 * named by the headers over the columns; not one run of a kind seen
 * twice. */
static void outputs_side_by_side(void **state)
{
	(void)state;
	struct run r;
	run(&r, "/dev/sda:                                  /dev/sdb:\n"
		" Timing cached reads:   1620 MB in  2.00 seconds = 810.11 MB/sec    "
		" Timing cached reads:   1634 MB in  2.00 seconds = 817.02 MB/sec\n"
		" Timing buffered disk reads:  168 MB in  3.01 seconds =  55.81 MB/sec\t"
		" Timing buffered disk reads:  402 MB in  3.00 seconds = 133.91 MB/sec\n");
	assert_int_equal(r.n, 2);
	assert_string_equal(rec(&r, 0)->host, "/dev/sda");
	figure(rec(&r, 0), BR_M_cached_read, 810.11 * 1024, "810.11");
	figure(rec(&r, 0), BR_M_buffered_read, 55.81 * 1024, "55.81");
	assert_string_equal(rec(&r, 1)->host, "/dev/sdb");
	figure(rec(&r, 1), BR_M_cached_read, 817.02 * 1024, "817.02");
	figure(rec(&r, 1), BR_M_buffered_read, 133.91 * 1024, "133.91");
	done(&r);
	/* diff -y: names over the columns, each column cut at its width */
	run(&r, "t400:                                   |    x220:\n"
		" Timing buffered disk reads:  250 MB in  3.01 seconds =  83.06 MB/ |"
		"   Timing buffered disk reads:  330 MB in  3.00 seconds = 109.96 MB/\n");
	assert_int_equal(r.n, 2);
	assert_null(rec(&r, 0)->host);
	figure(rec(&r, 0), BR_M_buffered_read, 83.06 * 1024, "83.06");
	figure(rec(&r, 1), BR_M_buffered_read, 109.96 * 1024, "109.96");
	done(&r);
	/* one space between two labels: a collapsed line, read as before */
	run(&r, "/dev/sda:\n"
		" Timing cached reads:   1620 MB in  2.00 seconds = 810.11 MB/sec"
		" Timing buffered disk reads:  168 MB in  3.01 seconds =  55.81 MB/sec\n");
	assert_int_equal(r.n, 1);
	done(&r);
}

/* A log's tag on every line ("[storage-smoke] /dev/sda:", a CI job's
 * step) is no name: the device under it is the run's. */
static void log_tag_before_device_header(void **state)
{
	(void)state;
	struct run r;
	run(&r, "[smoke] /dev/sda:\n"
		"[smoke]  Timing cached reads:   11470 MB in  2.00 seconds = 5738.02 MB/sec\n"
		"[smoke]  Timing buffered disk reads:  402 MB in  3.01 seconds = 133.55 MB/sec\n");
	assert_int_equal(r.n, 1);
	assert_string_equal(rec(&r, 0)->host, "/dev/sda");
	assert_int_equal(br_record_metric_count(rec(&r, 0)), 2);
	done(&r);
}

/* A shell loop's device ("/dev/sd$d", "/dev/sd[ab]") names no device. */
static void loop_variable_names_no_device(void **state)
{
	(void)state;
	struct run r;
	run(&r, "# for d in b c; do hdparm -t /dev/sd$d | grep Timing; done\n"
		" Timing buffered disk reads: 468 MB in  3.00 seconds = 155.90 MB/sec\n");
	assert_int_equal(r.n, 1);
	assert_null(rec(&r, 0)->host);
	done(&r);
}

/* A paragraph reflowed by a mailer: the unit of one timing and the next
 * timing on one line ("MB/sec Timing buffered ..."), or a label cut at the
 * line end ("... MB/sec Timing" / "buffered disk reads: ..."): one run,
 * both timings; a name and ':' before the device names the run. */
static void reflowed_paragraph(void **state)
{
	(void)state;
	struct run r;
	run(&r, "old card: /dev/sdb: Timing cached reads:   3302 MB in  2.00 seconds = 1650.90\n"
		"MB/sec Timing buffered disk reads: 312 MB in  3.01 seconds = 103.65\n"
		"MB/sec\n"
		"\n"
		"/dev/sdc: Timing cached reads:   3310 MB in  2.00 seconds = 1654.61 MB/sec Timing\n"
		"buffered disk reads: 498 MB in  3.00 seconds = 165.84 MB/sec\n");
	assert_int_equal(r.n, 2);
	assert_int_equal(br_record_metric_count(rec(&r, 0)), 2);
	figure(rec(&r, 0), BR_M_cached_read, 1650.90 * 1024, "1650.90");
	figure(rec(&r, 0), BR_M_buffered_read, 103.65 * 1024, "103.65");
	assert_string_equal(rec(&r, 0)->host, "/dev/sdb");
	assert_string_equal(rec(&r, 0)->label, "old card");
	assert_int_equal(rec(&r, 0)->source.line, 1);
	assert_int_equal(rec(&r, 0)->source.end_line, 3);
	assert_int_equal(br_record_metric_count(rec(&r, 1)), 2);
	figure(rec(&r, 1), BR_M_cached_read, 1654.61 * 1024, "1654.61");
	figure(rec(&r, 1), BR_M_buffered_read, 165.84 * 1024, "165.84");
	assert_string_equal(rec(&r, 1)->host, "/dev/sdc");
	assert_int_equal(rec(&r, 1)->source.end_line, 6);
	done(&r);
}

/* Runs named afterwards ("The first is ext3, the second xfs and the third
 * jfs."): each takes its name, in order; a comparison names nothing. */
static void names_given_afterwards(void **state)
{
	(void)state;
	struct run r;
	run_all(&r, "Same partition, formatted three times:\n\n"
		    "/dev/sdc1:\n Timing buffered disk reads: 181 MB in  3.01 seconds =  60.13 MB/sec\n\n"
		    "/dev/sdc1:\n Timing buffered disk reads: 183 MB in  3.00 seconds =  61.00 MB/sec\n\n"
		    "/dev/sdc1:\n Timing buffered disk reads: 179 MB in  3.02 seconds =  59.27 MB/sec\n\n"
		    "The first is ext3, the second xfs and the third jfs.\n");
	assert_int_equal(r.ds.records.n, 3);
	assert_string_equal(rec(&r, 0)->label, "Same partition, formatted three times / ext3");
	assert_string_equal(rec(&r, 1)->label, "Same partition, formatted three times / xfs");
	assert_string_equal(rec(&r, 2)->label, "Same partition, formatted three times / jfs");
	done(&r);
	run_all(&r, "/dev/sdd:\n Timing buffered disk reads:  62 MB in  3.04 seconds =  20.39 MB/sec\n\n"
		    "/dev/sdd:\n Timing buffered disk reads:  96 MB in  3.01 seconds =  31.89 MB/sec\n\n"
		    "The first one is faster than the second at caching.\n");
	assert_int_equal(r.ds.records.n, 2);
	assert_null(rec(&r, 0)->label);
	assert_null(rec(&r, 1)->label);
	done(&r);
}

/* A page number between the timing lines of one run: one record. */
static void page_break_inside_run(void **state)
{
	(void)state;
	struct run r;
	run(&r, "/dev/sda:\n"
		" Timing cached reads:   16104 MB in  1.99 seconds = 8084.52 MB/sec\n"
		"\n"
		"                                   3\n"
		"\n"
		" Timing buffered disk reads: 498 MB in  3.01 seconds = 165.47 MB/sec\n");
	assert_int_equal(r.n, 1);
	assert_int_equal(br_record_metric_count(rec(&r, 0)), 2);
	assert_string_equal(rec(&r, 0)->host, "/dev/sda");
	done(&r);
}


/* hdparm run under a locale with a decimal comma, or its lines typed again
 * by a poster who writes one: "3,01 seconds = 44,85 MB/sec" is 44.85, its
 * printed form with a point. A spreadsheet of such a locale exports its
 * rows with ';' between the cells and the same commas (a point, too, is
 * read as one). */
static void decimal_commas(void **state)
{
	(void)state;
	struct run r;
	run(&r, "/dev/sda:\n"
		" Timing cached reads:   2482 MB in  2,00 seconds = 1241,03 MB/sec\n"
		" Timing buffered disk reads: 135 MB in  3,01 seconds =  44,85 MB/sec\n");
	assert_int_equal(r.n, 1);
	assert_int_equal(warnings(&r), 0);
	figure(rec(&r, 0), BR_M_cached_read, 1241.03 * 1024, "1241.03");
	figure(rec(&r, 0), BR_M_buffered_read, 44.85 * 1024, "44.85");
	assert_true(param(rec(&r, 0), "buffered_read_seconds") == 3.01);
	done(&r);

	run(&r, "hdparm -tT, from the sheet:\n"
		"host;device;cached reads MB/s;buffered disk reads MB/s\n"
		"alpha;/dev/sda;1241,03;44,85\n"
		"beta;/dev/sdb;3935,4;98.5 MB/s\n");
	assert_int_equal(r.n, 2);
	assert_string_equal(rec(&r, 0)->label, "alpha");
	figure(rec(&r, 0), BR_M_cached_read, 1241.03 * 1024, "1241.03");
	figure(rec(&r, 0), BR_M_buffered_read, 44.85 * 1024, "44.85");
	figure(rec(&r, 1), BR_M_cached_read, 3935.4 * 1024, "3935.4");
	figure(rec(&r, 1), BR_M_buffered_read, 98.5 * 1024, "98.5");
	done(&r);

	run(&r, "hdparm -t gives 12,5 MB/s on the USB stick.\n");
	assert_int_equal(r.n, 1);
	one_figure(rec(&r, 0), BR_M_buffered_read, 12.5 * 1024, "12.5");
	done(&r);
}


/* A sentence naming hdparm and its one rate, the timing's word after "for"
 * ("45.2 MB/s for buffered disk reads", "for the cached reads"): read as
 * prose; a wish, a question or another tool's figure is not. */
static void rate_for_kind_in_prose(void **state)
{
	(void)state;
	struct run r;
	run(&r, "On nas01 hdparm shows 45.2 MB/s for buffered disk reads.\n"
		"\n"
		"hdparm gives 1812.40 MB/sec for the cached reads.\n"
		"\n"
		"hdparm should give 100 MB/s for buffered disk reads.\n"
		"Is 45 MB/s for buffered reads what hdparm gives?\n"
		"dd gives 120 MB/s for buffered reads, hdparm less.\n");
	assert_int_equal(r.n, 2);
	one_figure(rec(&r, 0), BR_M_buffered_read, 45.2 * 1024, "45.2");
	one_figure(rec(&r, 1), BR_M_cached_read, 1812.40 * 1024, "1812.40");
	done(&r);
}


/* A table aligned with blanks whose hdparm columns are not its last ones
 * (bonnie++'s block figures after them): each column by the gaps of two
 * blanks, not read from the right (which took bonnie++'s K/s for hdparm's
 * MB/s); a header with words after its kinds and no such gaps is none. */
static void table_gaps_other_tools_columns(void **state)
{
	(void)state;
	struct run r;
	run(&r, "hdparm -tT and bonnie++:\n"
		"\n"
		"host    hdparm cached (MB/s)  hdparm buffered (MB/s)  bonnie++ block write  bonnie++ block read\n"
		"alpha   1241                  44.8                    41234 K/s             45678 K/s\n"
		"beta    3935                  112.3                   98765 K/s             110234 K/s\n");
	assert_int_equal(r.n, 2);
	assert_string_equal(rec(&r, 0)->label, "alpha");
	figure(rec(&r, 0), BR_M_cached_read, 1241.0 * 1024, "1241");
	figure(rec(&r, 0), BR_M_buffered_read, 44.8 * 1024, "44.8");
	assert_int_equal(br_record_metric_count(rec(&r, 0)), 2);
	figure(rec(&r, 1), BR_M_buffered_read, 112.3 * 1024, "112.3");
	done(&r);

	run(&r, "hdparm -tT:\n"
		"host cached buffered bonnie block read\n"
		"alpha 1241 44.8 41234\n");
	assert_int_equal(r.n, 0);
	done(&r);
}


/* A mail client wrapped hdparm's stderr after a label: its last word
 * ("device") alone on a line is still stderr, so the two timings stay one
 * invocation's record. */
static void stderr_tail_wrapped(void **state)
{
	(void)state;
	struct run r;
	run(&r, "/tmp/disk.img:\n"
		" Timing cached reads:   BLKFLSBUF failed: Inappropriate ioctl for device\n"
		"9162 MB in  1.96 seconds = 4670.32 MB/sec\n"
		" Timing buffered disk reads: BLKFLSBUF failed: Inappropriate ioctl for\n"
		"device\n"
		"2938 MB in  3.02 seconds = 974.26 MB/sec\n");
	assert_int_equal(r.n, 1);
	figure(rec(&r, 0), BR_M_cached_read, 4670.32 * 1024, "4670.32");
	figure(rec(&r, 0), BR_M_buffered_read, 974.26 * 1024, "974.26");
	assert_string_equal(rec(&r, 0)->host, "/tmp/disk.img");
	done(&r);
}


/* A post pasted into a table's first column and copied out again: every
 * line ends in the empty cells " | |"; the device header, the timing lines
 * and hand summaries are read as without them (one '|' may end a row of
 * cells and stays). */
static void trailing_empty_cells(void **state)
{
	(void)state;
	struct run r;
	run(&r, "/dev/sdb: | |\n"
		" Timing cached reads:   7649 MB in  2.00 seconds = 3824.52 MB/sec | |\n"
		" Timing buffered disk reads: 434 MB in  3.01 seconds = 144.18 MB/sec | |\n"
		" | |\n"
		"2 disks (sdb1,sdc1) buffered disk reads : 24.24 MB/sec | |\n");
	assert_int_equal(r.n, 2);
	assert_string_equal(rec(&r, 0)->host, "/dev/sdb");
	assert_null(rec(&r, 0)->label);
	figure(rec(&r, 0), BR_M_buffered_read, 144.18 * 1024, "144.18");
	one_figure(rec(&r, 1), BR_M_buffered_read, 24.24 * 1024, "24.24");
	done(&r);
}


/* A chat log without time stamps: "<nick> /dev/sda:" is the device header,
 * the nick naming who pasted, not the device. */
static void chat_nick_device_header(void **state)
{
	(void)state;
	struct run r;
	run(&r, "<zed> /dev/sda:\n"
		"<zed>  Timing cached reads:   7864 MB in  2.00 seconds = 3935.41 MB/sec\n"
		"<zed>  Timing buffered disk reads: 338 MB in  3.01 seconds = 112.28 MB/sec\n");
	assert_int_equal(r.n, 1);
	assert_string_equal(rec(&r, 0)->host, "/dev/sda");
	figure(rec(&r, 0), BR_M_buffered_read, 112.28 * 1024, "112.28");
	done(&r);
}

/* Outputs side by side under their device headers and, above those, the
 * columns' titles ("BEFORE      AFTER"): each column's run has its
 * device and its title. */
static void side_by_side_titled(void **state)
{
	(void)state;
	struct run r;
	run(&r, "BEFORE                                   AFTER (fw 4.2)\n"
		"/dev/sda:                                /dev/sda:\n"
		" Timing cached reads:   9120 MB in  2.00 seconds = 4560.11 MB/sec    "
		"Timing cached reads:   9180 MB in  2.00 seconds = 4590.02 MB/sec\n");
	assert_int_equal(r.n, 2);
	assert_string_equal(rec(&r, 0)->host, "/dev/sda");
	assert_string_equal(rec(&r, 0)->label, "BEFORE");
	assert_string_equal(rec(&r, 1)->label, "AFTER (fw 4.2)");
	figure(rec(&r, 1), BR_M_cached_read, 4590.02 * 1024, "4590.02");
	done(&r);
}

/* A narrow wrap right after the first figure ("reads:   1412" / "MB in
 * 2.00 seconds = 705.05 MB/sec"): the two lines are one timing line. */
static void wrapped_after_first_figure(void **state)
{
	(void)state;
	struct run r;
	run(&r, "> /dev/sda:\n"
		">  Timing buffer-cache reads:   1412\n"
		"MB in  2.00 seconds = 705.05 MB/sec\n"
		">  Timing buffered disk reads:   84\n"
		"MB in  3.06 seconds =  27.43 MB/sec\n");
	assert_int_equal(r.n, 1);
	figure(rec(&r, 0), BR_M_cached_read, 705.05 * 1024, "705.05");
	figure(rec(&r, 0), BR_M_buffered_read, 27.43 * 1024, "27.43");
	assert_true(param(rec(&r, 0), "cached_read_mb") == 1412);
	assert_int_equal(warnings(&r), 0);
	done(&r);
}

/* A hand table's cells with a decimal comma ("1241,03": one or two digits
 * after it, which a thousands group never has) when no figure of the table
 * has a point or a group (table_units_and_grouping: there "9,41" is no
 * rate); the unit named only by the sentence above the table. */
static void table_decimal_comma_unit_above(void **state)
{
	(void)state;
	struct run r;
	run(&r, "hdparm -tT, the mean of three runs (MB/s):\n"
		"\n"
		"| Device | Cached reads | Buffered reads |\n"
		"|---|---|---|\n"
		"| /dev/sda | 1241,03 | 98,5 |\n"
		"| /dev/sdb | 1198 | 61,2 |\n");
	assert_int_equal(r.n, 2);
	assert_int_equal(warnings(&r), 0);
	assert_string_equal(rec(&r, 0)->host, "/dev/sda");
	figure(rec(&r, 0), BR_M_cached_read, 1241.03 * 1024, "1241.03");
	figure(rec(&r, 0), BR_M_buffered_read, 98.5 * 1024, "98.5");
	figure(rec(&r, 1), BR_M_cached_read, 1198.0 * 1024, "1198");
	figure(rec(&r, 1), BR_M_buffered_read, 61.2 * 1024, "61.2");
	done(&r);

	/* columns apart by blanks, read from the right */
	run(&r, "hdparm -tT:\n"
		"device      cached reads (MB/s)   buffered reads (MB/s)\n"
		"/dev/hda    1024,11               58,23\n");
	assert_int_equal(r.n, 1);
	figure(rec(&r, 0), BR_M_buffered_read, 58.23 * 1024, "58.23");
	done(&r);

	/* two units above: none is taken */
	run(&r, "hdparm -tT in MB/s, and kB/s for the old disk:\n"
		"| Device | Cached reads | Buffered reads |\n"
		"| /dev/sda | 1241.03 | 98.5 |\n");
	assert_int_equal(r.n, 0);
	done(&r);
}

/* A table by kind (a row each for cached and buffered reads, a column per
 * host) whose unit only the line above it names. */
static void kind_rows_unit_above(void **state)
{
	(void)state;
	struct run r;
	run(&r, "hdparm -tT /dev/sda on each node, MB/sec:\n"
		"\n"
		"                  node1     node2\n"
		"cached reads      6012.33   5987.10\n"
		"buffered reads     121.44    119.80\n");
	assert_int_equal(r.n, 2);
	assert_string_equal(rec(&r, 0)->label, "node1");
	figure(rec(&r, 0), BR_M_cached_read, 6012.33 * 1024, "6012.33");
	figure(rec(&r, 1), BR_M_buffered_read, 119.80 * 1024, "119.80");
	done(&r);
}

/* A hand table of one timing kind, a column per device, a row per date:
 * the kind and unit from the lines above, a record per cell. */
static void table_by_device(void **state)
{
	(void)state;
	struct run r;
	run(&r, "Each Monday I run hdparm -t on every disk (MB/sec):\n"
		"\n"
		"date        sda     sdb\n"
		"2009-03-02  72.41   70.88\n"
		"2009-03-09  72.10   41.03\n");
	assert_int_equal(r.n, 4);
	assert_int_equal(warnings(&r), 0);
	assert_string_equal(rec(&r, 0)->host, "sda");
	assert_string_equal(rec(&r, 1)->host, "sdb");
	one_figure(rec(&r, 0), BR_M_buffered_read, 72.41 * 1024, "72.41");
	one_figure(rec(&r, 3), BR_M_buffered_read, 41.03 * 1024, "41.03");
	done(&r);

	/* the spacing lost: a cell each word */
	run(&r, "Each Monday I run hdparm -t on every disk (MB/sec):\n"
		"date sda sdb\n"
		"2009-03-02 72.41 70.88\n");
	assert_int_equal(r.n, 2);
	assert_string_equal(rec(&r, 1)->host, "sdb");
	one_figure(rec(&r, 1), BR_M_buffered_read, 70.88 * 1024, "70.88");
	done(&r);

	/* no unit above, each cell its own */
	run(&r, "Buffered disk reads (hdparm -t), one run a week:\n"
		"week   /dev/sda     /dev/sdb\n"
		"w01    170.1 MB/s   31.6 MB/s\n");
	assert_int_equal(r.n, 2);
	assert_string_equal(rec(&r, 1)->host, "/dev/sdb");
	one_figure(rec(&r, 1), BR_M_buffered_read, 31.6 * 1024, "31.6");
	done(&r);

	/* no kind named above: no guess */
	run(&r, "hdparm on every disk (MB/sec):\n"
		"date        sda     sdb\n"
		"2009-03-02  72.41   70.88\n");
	assert_int_equal(r.n, 0);
	done(&r);

	/* a loop over the devices is no header */
	run(&r, "for d in /dev/sd?; do hdparm -W $d; done\n");
	assert_int_equal(r.n, 0);
	done(&r);
}

/* A Markdown list of devices' rates under a heading that names the
 * timing by hdparm's option: a record per device, its note in
 * parentheses its title; a sentence with a rate but no device, and a list
 * under "hdparm -Tt" (two kinds), give none. */
static void device_list_under_option(void **state)
{
	(void)state;
	struct run r;
	run(&r, "## Disk read speeds (hdparm -t, three runs each, averaged)\n"
		"\n"
		"- **sda** (Samsung 860 EVO): 531.12 MB/sec\n"
		"- **sdb** (WD Blue 2TB): 178.40 MB/sec\n"
		"- `sdc`: 61.03 MB/sec\n"
		"\n"
		"Cached reads were around 9800 MB/sec on all three, as expected.\n");
	assert_int_equal(r.n, 3);
	assert_string_equal(rec(&r, 0)->host, "sda");
	one_figure(rec(&r, 0), BR_M_buffered_read, 531.12 * 1024, "531.12");
	assert_string_equal(rec(&r, 1)->host, "sdb");
	one_figure(rec(&r, 1), BR_M_buffered_read, 178.40 * 1024, "178.40");
	assert_string_equal(rec(&r, 2)->host, "sdc");
	one_figure(rec(&r, 2), BR_M_buffered_read, 61.03 * 1024, "61.03");
	done(&r);
	run(&r, "Both kinds (hdparm -T and -t):\n"
		"- sda: 531.12 MB/sec\n");
	assert_int_equal(r.n, 0);
	done(&r);
}

/* A sentence wrapped across two lines, each naming hdparm with one option
 * and the same device: one record of both kinds; a sentence that ends
 * within the second line ("... remember. With hdparm -T ...") stays two. */
static void prose_wrapped_two_commands(void **state)
{
	(void)state;
	struct run r;
	run(&r, "hdparm -T /dev/sda reports 5120.4 MB/s here\n"
		"and hdparm -t /dev/sda gives 128.7 MB/s\n");
	assert_int_equal(r.n, 1);
	assert_string_equal(rec(&r, 0)->host, "/dev/sda");
	figure(rec(&r, 0), BR_M_cached_read, 5120.4 * 1024, "5120.4");
	figure(rec(&r, 0), BR_M_buffered_read, 128.7 * 1024, "128.7");
	done(&r);
	run(&r, "hdparm -t /dev/hda gives me 41.5 MB/s with the old disk,\n"
		"down from before. With hdparm -T /dev/hda I see 213 MB/sec, the\n"
		"same as ever.\n");
	assert_int_equal(r.n, 2);
	one_figure(rec(&r, 0), BR_M_buffered_read, 41.5 * 1024, "41.5");
	one_figure(rec(&r, 1), BR_M_cached_read, 213.0 * 1024, "213");
	done(&r);
}

/* Rates named by kind in a sentence that doubts them (a question, a
 * bound, an expectation) are no run. */
static void pairs_doubtful(void **state)
{
	(void)state;
	struct run r;
	run(&r, "should hdparm -t give more than 100 MB/s on a WD Green? Mine seems slow\n"
		"but I have no numbers. What do you get with\n"
		"hdparm -T and -t on similar disks? I'd expect something like 120 MB/sec.\n");
	assert_int_equal(r.n, 0);
	done(&r);
	run(&r, "hdparm on the laptop: 812 MB/sec cached, 31.5 MB/sec buffered.\n");
	assert_int_equal(r.n, 1);
	figure(rec(&r, 0), BR_M_cached_read, 812.0 * 1024, "812");
	figure(rec(&r, 0), BR_M_buffered_read, 31.5 * 1024, "31.5");
	done(&r);
}

/* A sentence whose rates are each of a thing it names, clause by clause
 * a timing by hdparm's options: a record a thing ("the WD" is "the new
 * WD" again); a rate without a name, or a doubt, gives none. */
static void rates_named_by_thing(void **state)
{
	(void)state;
	struct run r;
	run(&r, "For what it's worth, hdparm -t gives 61 MB/s on the old Maxtor and 178 MB/s on the\n"
		"new WD; with --direct the WD does 181 MB/s.\n");
	assert_int_equal(r.n, 2);
	assert_string_equal(rec(&r, 0)->label, "old Maxtor");
	one_figure(rec(&r, 0), BR_M_buffered_read, 61.0 * 1024, "61");
	assert_string_equal(rec(&r, 1)->label, "new WD");
	figure(rec(&r, 1), BR_M_buffered_read, 178.0 * 1024, "178");
	figure(rec(&r, 1), BR_M_direct_read, 181.0 * 1024, "181");
	done(&r);
	run(&r, "hdparm -t gives 61 MB/s on the old Maxtor and I hope for 178 MB/s on the new WD.\n");
	assert_int_equal(r.n, 0);
	done(&r);
}

/* A name in Markdown's code or emphasis marks ("`/dev/sda`:", the same
 * between double asterisks) before rates named by kind: the device is the
 * host. */
static void marked_device_names(void **state)
{
	(void)state;
	struct run r;
	run(&r, "From `hdparm -tT`:\n"
		"- `/dev/sda`: cached 3702.18 MB/sec, buffered 451.07 MB/sec\n"
		"- **/dev/sdc**: cached 4088.31 MB/sec, buffered 17.93 MB/sec\n");
	assert_int_equal(r.n, 2);
	assert_string_equal(rec(&r, 0)->host, "/dev/sda");
	figure(rec(&r, 0), BR_M_cached_read, 3702.18 * 1024, "3702.18");
	figure(rec(&r, 0), BR_M_buffered_read, 451.07 * 1024, "451.07");
	assert_string_equal(rec(&r, 1)->host, "/dev/sdc");
	figure(rec(&r, 1), BR_M_buffered_read, 17.93 * 1024, "17.93");
	done(&r);
}

/* A sentence quoting one figure whose line ends were moved: hdparm on
 * one line, its rate on the next (in lower case, "56Mb/s"): one record of
 * the lines up to the sentence's end; a table's header naming hdparm is
 * no such sentence. */
static void prose_rate_on_next_line(void **state)
{
	(void)state;
	struct run r;
	run(&r, "On the topic of speeds.. hdparm -t\n"
		"gives me 56Mb/s on my Maxtor 80Mb 8mb\n"
		"cache PATA drive.\n");
	assert_int_equal(r.n, 1);
	one_figure(rec(&r, 0), BR_M_buffered_read, 56.0 * 1024, "56");
	assert_string_equal(br_record_param(rec(&r, 0), "read_from").str, "prose");
	assert_int_equal(rec(&r, 0)->source.end_line - rec(&r, 0)->source.line, 2);
	done(&r);
}

/* The option wrapped onto the next line, after the rate ("gives 56 MB/s
 * with hdparm" / "-t on the old board."): the sentence is read whole, one
 * record of both lines. A figure the sentence names by the other timing
 * ("hdparm -t and the cached figure is around 380 MB/sec") is not the
 * option's: no record rather than a buffered 380. */
static void prose_option_on_next_line(void **state)
{
	(void)state;
	struct run r;
	run(&r, "On the topic of speeds, my Maxtor gives 56 MB/s with hdparm\n"
		"-t on the old board.\n");
	assert_int_equal(r.n, 1);
	one_figure(rec(&r, 0), BR_M_buffered_read, 56.0 * 1024, "56");
	assert_string_equal(br_record_param(rec(&r, 0), "read_from").str, "prose");
	assert_int_equal(rec(&r, 0)->source.end_line - rec(&r, 0)->source.line, 1);
	done(&r);
	run(&r, "I get 3120 MB/s from hdparm\n"
		"-T /dev/sda on this box.\n");
	assert_int_equal(r.n, 1);
	one_figure(rec(&r, 0), BR_M_cached_read, 3120.0 * 1024, "3120");
	assert_string_equal(rec(&r, 0)->host, "/dev/sda");
	done(&r);
	run(&r, "My IBM Deskstar does 41MB/sec with\n"
		"hdparm -t and the cached figure is around 380 MB/sec.\n");
	assert_int_equal(r.n, 0);
	done(&r);
	run(&r, "hdparm -t gives 380 MB/s cached here.\n");
	assert_int_equal(r.n, 0);
	done(&r);
	/* the same timing named again is no doubt */
	run(&r, "hdparm -t gives 98 MB/s buffered here.\n");
	assert_int_equal(r.n, 1);
	done(&r);
}

/* hdparm's option with --direct names the O_DIRECT kind: in a sentence
 * ("hdparm -t --direct gives me 412.5 MB/s"), before the option too
 * ("--direct -T"), and in a list's introduction; another option besides
 * names no one timing. */
static void direct_option_in_prose(void **state)
{
	(void)state;
	struct run r;
	run(&r, "hdparm -t --direct gives me 412.5 MB/s on the new SSD.\n");
	assert_int_equal(r.n, 1);
	one_figure(rec(&r, 0), BR_M_direct_read, 412.5 * 1024, "412.5");
	done(&r);
	run(&r, "hdparm --direct -T /dev/sda reports 1211 MB/s here.\n");
	assert_int_equal(r.n, 1);
	one_figure(rec(&r, 0), BR_M_direct_cached_read, 1211.0 * 1024, "1211");
	assert_string_equal(rec(&r, 0)->host, "/dev/sda");
	done(&r);
	run(&r, "Results of hdparm -t --direct:\n"
		"- sda: 412 MB/s\n"
		"- sdb: 118 MB/s\n");
	assert_int_equal(r.n, 2);
	one_figure(rec(&r, 1), BR_M_direct_read, 118.0 * 1024, "118");
	done(&r);
	run(&r, "hdparm -t -a 256 gives me 56 MB/s.\n");
	assert_int_equal(r.n, 0);
	done(&r);
}

/* gen15: a line opening with a device and naming its rates by hdparm's
 * kinds is hdparm's even where no line names it; one rate is enough; a
 * note in parentheses after the device or the rate titles the record. */
static void device_led_lines_without_hdparm(void **state)
{
	(void)state;
	struct run r;
	run(&r, "Quick numbers from the two boxes:\n"
		"\n"
		"sda: cached 2345 MB/s, buffered 98 MB/s\n"
		"/dev/sdb  buffered reads 112.4 MB/sec\n"
		"/dev/sdd  buffered reads 108.9 MB/sec\n"
		"- /dev/sdc (WD Green): buffered 104 MB/s\n"
		"/dev/hdc  buffered disk reads -> 38.72 MB/sec (dma on)\n");
	assert_int_equal(r.n, 5);
	/* (a kernel name alone titles the record, as under hdparm's name) */
	assert_string_equal(rec(&r, 0)->label, "sda");
	figure(rec(&r, 0), BR_M_cached_read, 2345.0 * 1024, "2345");
	figure(rec(&r, 0), BR_M_buffered_read, 98.0 * 1024, "98");
	assert_string_equal(rec(&r, 1)->host, "/dev/sdb");
	one_figure(rec(&r, 1), BR_M_buffered_read, 112.4 * 1024, "112.4");
	/* ("sdd " is no "dd ": dd's name is a word of its own) */
	assert_string_equal(rec(&r, 2)->host, "/dev/sdd");
	assert_string_equal(rec(&r, 3)->host, "/dev/sdc");
	assert_non_null(strstr(rec(&r, 3)->label, "WD Green"));
	assert_null(strchr(rec(&r, 3)->label, '('));
	assert_string_equal(rec(&r, 4)->host, "/dev/hdc");
	assert_non_null(strstr(rec(&r, 4)->label, "dma on"));
	done(&r);
}

/* ... but not where the document names another disk benchmark and not
 * hdparm (dd's buffered and direct reads), nor a line naming one, nor
 * rates with no hdparm kind (iostat's "read"), nor writes. */
static void device_led_lines_of_other_tools(void **state)
{
	(void)state;
	struct run r;
	run(&r, "Read tests with dd if=/dev/sdX of=/dev/null bs=1M:\n"
		"sda: buffered 201 MB/s, direct 188 MB/s\n"
		"sdb: buffered 97 MB/s\n");
	assert_int_equal(r.n, 0);
	done(&r);
	/* hdparm shown above, but the paragraph over the line runs dd */
	run(&r, "Earlier I posted hdparm -t numbers:\n"
		"/dev/sda:\n"
		" Timing buffered disk reads: 612 MB in  3.00 seconds = 203.85 MB/sec\n"
		"\n"
		"Now the same disk, not from hdparm. I ran dd if=/dev/sda of=/dev/null\n"
		"with and without iflag=direct:\n"
		"\n"
		"sda: buffered 201 MB/s, direct 188 MB/s\n");
	assert_int_equal(r.n, 1);
	assert_int_equal(rec(&r, 0)->source.line, 3);
	done(&r);
	/* a paragraph that runs both names hdparm's command: its figures */
	run(&r, "Compared dd if=/dev/sda with hdparm -t --direct /dev/sda:\n"
		"sda: buffered 201 MB/s, direct 188 MB/s\n");
	assert_int_equal(r.n, 1);
	done(&r);
	run(&r, "sda: buffered 480 MB/s (fio, 1M blocks)\n"
		"sdb  read 97.50 MB/s  write 0.00 MB/s\n"
		"sdc: buffered write 95 MB/s, cached write 1200 MB/s\n"
		"sdd: cached 2345 MB/s (what sysbench said)\n");
	assert_int_equal(r.n, 0);
	done(&r);
}

/* gen15: "/dev/sda: 187.35 MB/s" is a rate written by hand, no device
 * header with a note: under "hdparm -t" it is a buffered read. */
static void device_colon_rate_is_no_header(void **state)
{
	(void)state;
	struct run r;
	run(&r, "Ergebnisse mit hdparm -t:\n"
		"\n"
		"/dev/sda: 187,35 MB/s\n"
		"/dev/sdb: 96.12 MB/s\n");
	assert_int_equal(r.n, 2);
	assert_string_equal(rec(&r, 0)->host, "/dev/sda");
	one_figure(rec(&r, 0), BR_M_buffered_read, 187.35 * 1024, "187.35");
	assert_string_equal(rec(&r, 1)->host, "/dev/sdb");
	one_figure(rec(&r, 1), BR_M_buffered_read, 96.12 * 1024, "96.12");
	done(&r);
}

/* gen15: a timing repeated and tabled by hand, a row per device and a
 * column per run, under a line naming the timing: a record per run (an
 * "Avg" column after the runs is not one); a row named by no device
 * titles its runs; a device's run is titled by its column ("Run 1"). */
static void runs_in_columns(void **state)
{
	(void)state;
	struct run r;
	run(&r, "hdparm -t, three runs per disk (MB/s):\n"
		"\n"
		"| Disk | Run 1 | Run 2 | Run 3 | Avg |\n"
		"|------|-------|-------|-------|-----|\n"
		"| sda  | 501.2 | 498.7 | 503.9 | 501.3 |\n"
		"| WD Red | 180.4 | 179.9 | 181.0 | 180.4 |\n");
	assert_int_equal(r.n, 6);
	assert_string_equal(rec(&r, 0)->host, "sda");
	assert_string_equal(rec(&r, 0)->label, "Run 1");
	assert_string_equal(rec(&r, 1)->label, "Run 2");
	one_figure(rec(&r, 0), BR_M_buffered_read, 501.2 * 1024, "501.2");
	one_figure(rec(&r, 2), BR_M_buffered_read, 503.9 * 1024, "503.9");
	assert_null(rec(&r, 3)->host);
	assert_non_null(strstr(rec(&r, 3)->label, "WD Red"));
	one_figure(rec(&r, 5), BR_M_buffered_read, 181.0 * 1024, "181.0");
	done(&r);
	/* with no timing named above, nobody's */
	run(&r, "Three runs per disk (MB/s), hdparm:\n"
		"| Disk | Run 1 | Run 2 |\n"
		"| sda  | 501.2 | 498.7 |\n");
	assert_int_equal(r.n, 0);
	done(&r);
}

/* gen17: another tool's name is a word ("fio", "dd "), not letters of
 * another word: "Fiona", "add if", "odd night" name no tool, and the
 * rates under them or in their sentence are hdparm's. */
static void other_tool_is_a_word(void **state)
{
	(void)state;
	struct run r;
	run(&r, "Fiona asked how the two disks compare. Read speeds, cached and buffered:\n"
		"\n"
		"sda: cached 9120 MB/s, buffered 512 MB/s\n"
		"sdb: cached 9034 MB/s, buffered 188 MB/s\n");
	assert_int_equal(r.n, 2);
	figure(rec(&r, 1), BR_M_buffered_read, 188.0 * 1024, "188");
	done(&r);
	run(&r, "Numbers for the mirror pair (will add if anyone wants the rest):\n"
		"/dev/sda: cached 7312 MB/s, buffered 142.50 MB/s\n");
	assert_int_equal(r.n, 1);
	done(&r);
	run(&r, "After an odd night of resyncing, hdparm -t gives sda 120.5 MB/s and sdb 98.2 MB/s.\n");
	assert_int_equal(r.n, 2);
	done(&r);
	/* the tools themselves still are */
	run(&r, "Fio on both disks:\n"
		"\n"
		"sda: cached 9120 MB/s, buffered 512 MB/s\n");
	assert_int_equal(r.n, 0);
	done(&r);
	run(&r, "After an odd night, dd gives sda 120.5 MB/s and hdparm -t sdb 98.2 MB/s.\n");
	assert_int_equal(r.n, 0);
	done(&r);
}

/* gen17: a list of devices' rates under an introduction of two or three
 * lines, hdparm's option on a line above the last: the introduction is
 * read as one sentence; each item of a numbered list is labelled by the
 * words above the list, not by the item above it. A line above with a
 * rate ends the introduction; two options in it name no one timing. */
static void device_list_under_long_intro(void **state)
{
	(void)state;
	struct run r;
	run(&r, "Disk read speeds on the new file server, measured with hdparm -t\n"
		"after a cold boot, three runs each and the median taken:\n"
		"\n"
		"- **sda** (Samsung 870 EVO): 538.20 MB/sec\n"
		"- `sdc`: 96.40 MB/sec\n");
	assert_int_equal(r.n, 2);
	assert_string_equal(rec(&r, 1)->host, "sdc");
	one_figure(rec(&r, 1), BR_M_buffered_read, 96.40 * 1024, "96.40");
	done(&r);
	run(&r, "Every drive was tested with\n"
		"hdparm -t on an idle system, with the page cache dropped before each\n"
		"pass. Figures are per drive:\n"
		"1. sda: 412.3 MB/s\n"
		"2. sdb: 188.9 MB/s\n");
	assert_int_equal(r.n, 2);
	one_figure(rec(&r, 1), BR_M_buffered_read, 188.9 * 1024, "188.9");
	assert_null(strstr(rec(&r, 1)->label, "412"));
	done(&r);
	run(&r, "I ran both timings on each disk with hdparm -T and\n"
		"-t, and wrote down the better one of them:\n"
		"- sda: 531.12 MB/sec\n");
	assert_int_equal(r.n, 0);
	done(&r);
	run(&r, "sdd gave 88.3 MB/sec under hdparm -t.\n"
		"The replacements, after I swapped them in:\n"
		"- sda: 531.12 MB/sec\n");
	assert_int_equal(r.n, 1);
	assert_string_equal(rec(&r, 0)->host, "sdd");
	done(&r);
}

/* A command with its result on the same line ("hdparm -t /dev/sda =>
 * 92.3 MB/sec") is a sentence, not a prompt whose output follows: before,
 * the first line was taken as a prompt and its figure lost. */
static void command_with_its_result(void **state)
{
	(void)state;
	struct run r;
	run(&r, "hdparm -t /dev/sda => 92.3 MB/sec\n");
	assert_int_equal(r.n, 1);
	assert_string_equal(rec(&r, 0)->host, "/dev/sda");
	one_figure(rec(&r, 0), BR_M_buffered_read, 92.3 * 1024, "92.3");
	done(&r);
	run(&r, "Quick numbers:\n\nhdparm -t /dev/sda => 92.3 MB/sec\nhdparm -T /dev/sda => 3412.5 MB/sec\n");
	assert_int_equal(r.n, 1);
	figure(rec(&r, 0), BR_M_buffered_read, 92.3 * 1024, "92.3");
	figure(rec(&r, 0), BR_M_cached_read, 3412.5 * 1024, "3412.5");
	done(&r);
	/* a prompt's arguments without a rate stay a prompt */
	run(&r, "# hdparm -t /dev/sdb\n/dev/sdb:\n Timing buffered disk reads: 300 MB in  3.01 seconds =  99.67 MB/sec\n");
	assert_int_equal(r.n, 1);
	assert_string_equal(rec(&r, 0)->host, "/dev/sdb");
	done(&r);
}

/* gen19: a table of runs whose columns are headed "run1", "try2", "run
 * #3" (run_cell's words, the blank before the number lost) under a line
 * naming the timing: a record a device and run, titled by its column;
 * a paragraph above naming another tool and no hdparm command makes the
 * table that tool's, even after hdparm figures. */
static void runs_in_columns_unspaced(void **state)
{
	(void)state;
	struct run r;
	run(&r, "Results (hdparm -t, three runs each, MB/s):\n"
		"\n"
		"disk     run1    run2    run3\n"
		"sda      87.2    86.9    87.5\n"
		"md0      198.3   201.1   199.7\n");
	assert_int_equal(r.n, 6);
	assert_string_equal(rec(&r, 0)->host, "sda");
	assert_string_equal(rec(&r, 0)->label, "run1");
	one_figure(rec(&r, 0), BR_M_buffered_read, 87.2 * 1024, "87.2");
	assert_string_equal(rec(&r, 5)->host, "md0");
	assert_string_equal(rec(&r, 5)->label, "run3");
	one_figure(rec(&r, 5), BR_M_buffered_read, 199.7 * 1024, "199.7");
	done(&r);
	run(&r, "hdparm -T per box, MB/s:\n"
		"HOST     RUN #1    RUN #2\n"
		"sda      7012.4    6998.1\n");
	assert_int_equal(r.n, 2);
	one_figure(rec(&r, 1), BR_M_cached_read, 6998.1 * 1024, "6998.1");
	done(&r);
	run(&r, "Results (three runs each, MB/s):\n"
		"\n"
		"disk     run1    run2    run3\n"
		"sda      87.2    86.9    87.5\n");
	assert_int_equal(r.n, 0);
	done(&r);
	run(&r, "hdparm -t /dev/sda gave me 90 MB/s once.\n"
		"\n"
		"Now dd instead (dd if=/dev/sdX of=/dev/null bs=1M, buffered, MB/s):\n"
		"\n"
		"disk     run 1   run 2   run 3\n"
		"sda      87.2    86.9    87.5\n");
	assert_int_equal(r.n, 1);
	assert_int_equal(rec(&r, 0)->source.line, 1);
	done(&r);
}

/* gen19: a command with its result whose sentence seems to go on onto
 * the next lines (hdparm named again) but cannot be read whole there
 * (another tool's figure, two rates on a line): the line's own figure is
 * still read, a sentence of devices' rates (devices_sentence) too; not
 * when the sentence makes them a question. */
static void line_figure_outlives_sentence(void **state)
{
	(void)state;
	struct run r;
	run(&r, "hdparm -t /dev/sda => 92.3 MB/sec\n"
		"hdparm -T /dev/sda => 3412.5 MB/sec and dd if=/dev/sda => 87.6 MB/s\n");
	assert_int_equal(r.n, 1);
	assert_string_equal(rec(&r, 0)->host, "/dev/sda");
	one_figure(rec(&r, 0), BR_M_buffered_read, 92.3 * 1024, "92.3");
	done(&r);
	run(&r, "Some quick numbers from my laptop:\n"
		"\n"
		"hdparm -t /dev/sda => 92.3 MB/sec\n"
		"hdparm -T /dev/sda => 3412.5 MB/sec\n"
		"dd if=/dev/zero of=test bs=1M count=1024 => 87.6 MB/s\n");
	assert_int_equal(r.n, 1);
	figure(rec(&r, 0), BR_M_buffered_read, 92.3 * 1024, "92.3");
	figure(rec(&r, 0), BR_M_cached_read, 3412.5 * 1024, "3412.5");
	assert_int_equal(br_record_metric_count(rec(&r, 0)), 2);
	done(&r);
	/* a sentence that makes them a question: none */
	run(&r, "hdparm -t /dev/sda gives 92.3 MB/sec and\n"
		"hdparm -T /dev/sda gives 3412.5 MB/sec, is that normal?\n");
	assert_int_equal(r.n, 0);
	done(&r);
	/* the same for devices in one sentence (devices_sentence) */
	run(&r, "hdparm -t says sda gives 120.5 MB/sec and sdb 98.2 MB/sec\n"
		"while dd if=/dev/sdc bs=1M gave 80.1 MB/s on sdc\n");
	assert_int_equal(r.n, 2);
	assert_string_equal(rec(&r, 1)->host, "sdb");
	one_figure(rec(&r, 1), BR_M_buffered_read, 98.2 * 1024, "98.2");
	done(&r);
	run(&r, "hdparm -t says sda gives 120.5 MB/sec and sdb 98.2 MB/sec\n"
		"while dd gave 80.1 MB/s on sdc, is that normal?\n");
	assert_int_equal(r.n, 0);
	done(&r);
}

/* gen19: two timings of one run quoted a line each, no device named
 * ("hdparm -t: 251.3 MB/s" / "hdparm -T: 7012.4 MB/s"): one record;
 * lines of one kind, lines a blank apart, of two devices or of two
 * subjects stay apart. */
static void prose_lines_of_one_run(void **state)
{
	(void)state;
	struct run r;
	run(&r, "My new SSD:\n"
		"\n"
		"hdparm -t: 251.3 MB/s\n"
		"hdparm -T: 7012.4 MB/s\n"
		"hdparm -t: 249.0 MB/s\n");
	assert_int_equal(r.n, 2);
	figure(rec(&r, 0), BR_M_buffered_read, 251.3 * 1024, "251.3");
	figure(rec(&r, 0), BR_M_cached_read, 7012.4 * 1024, "7012.4");
	assert_null(rec(&r, 0)->host);
	assert_int_equal(rec(&r, 0)->source.line, 3);
	assert_int_equal(rec(&r, 0)->source.end_line, 4);
	one_figure(rec(&r, 1), BR_M_buffered_read, 249.0 * 1024, "249.0");
	done(&r);
	run(&r, "hdparm -t /dev/sda => 251.3 MB/s.\n"
		"hdparm -T /dev/sda => 7012.4 MB/s.\n");
	assert_int_equal(r.n, 1);
	assert_int_equal(br_record_metric_count(rec(&r, 0)), 2);
	done(&r);
	run(&r, "hdparm -t: 251.3 MB/s\n"
		"hdparm -t: 249.8 MB/s\n"
		"\n"
		"hdparm -T: 7012.4 MB/s\n"
		"hdparm -t /dev/sdb: 120.1 MB/s\n"
		"hdparm -T /dev/sdc: 3001.2 MB/s\n"
		"hdparm -t gives 56.1 MB/s on my Maxtor\n"
		"hdparm -T gives 812.0 MB/s on the Samsung\n"
		"Old: hdparm -t: 71.3 MB/s\n"
		"New: hdparm -T: 7012.4 MB/s\n"
		"hdparm -t: 92.1 MB/s (old cable)\n"
		"hdparm -T: 3400.2 MB/s (new cable)\n");
	assert_int_equal(r.n, 11);
	for (size_t k = 0; k < 11; k++)
		assert_int_equal(br_record_metric_count(rec(&r, k)), 1);
	done(&r);
	/* the same words around them, the timing's word after the rate aside */
	run(&r, "SSD: hdparm -t: 251.3 MB/s buffered\n"
		"SSD: hdparm -T: 7012.4 MB/s cached.\n");
	assert_int_equal(r.n, 1);
	assert_int_equal(br_record_metric_count(rec(&r, 0)), 2);
	done(&r);
}

/* A list of disks named by their model or kind, not their device, under
 * a line naming hdparm's option ("- Crucial M4 128GB: 412 MB/s"): a
 * record each, titled by the name; not under a line naming dd, an
 * expectation or the interface's limits, and not a sum or an average. */
static void list_named_by_model(void **state)
{
	(void)state;
	struct run r;
	run(&r, "hdparm -t on both (3 runs averaged):\n"
		"  - Crucial M4 128GB: 412 MB/s\n"
		"  - Seagate 7200.12 500GB: 118 MB/s\n");
	assert_int_equal(r.n, 2);
	assert_null(rec(&r, 0)->host);
	assert_non_null(strstr(rec(&r, 0)->label, "Crucial M4 128GB"));
	one_figure(rec(&r, 1), BR_M_buffered_read, 118.0 * 1024, "118");
	done(&r);
	run(&r, "Buffered reads (hdparm -t):\n  SSD:  412 MB/s\n  HDD:  118 MB/s\n  USB stick: 21 MB/s\n");
	assert_int_equal(r.n, 3);
	assert_non_null(strstr(rec(&r, 2)->label, "USB stick"));
	done(&r);
	run(&r, "hdparm -t results below; for reference the interface limits:\n\n- SATA II: 300 MB/s\n- SATA III: 600 MB/s\n");
	assert_int_equal(r.n, 0);
	done(&r);
	run(&r, "I will run hdparm -t tomorrow. Expected:\n- SSD: 500 MB/s\n- HDD: 120 MB/s\n");
	assert_int_equal(r.n, 0);
	done(&r);
	run(&r, "dd results (hdparm -t gave similar):\n- SSD: 412 MB/s\n- HDD: 118 MB/s\n");
	assert_int_equal(r.n, 0);
	done(&r);
	run(&r, "hdparm -t on the pair:\n- Average: 300 MB/s\n- Median: 290 MB/s\n");
	assert_int_equal(r.n, 0);
	done(&r);
}

/* A list under a line naming hdparm's option whose names and figures a
 * dot leader sets apart ("Crucial M4 128GB ...... 412.3 MB/sec", "sda . .
 * . . 92 MB/s", "sdc....75 MB/s"): a record each, titled by the name
 * without the leader (was 0 records: re_hand wanted ':' or '='). */
static void dot_leader_list(void **state)
{
	(void)state;
	struct run r;
	run(&r, "hdparm -t results:\n"
		"Crucial M4 128GB ...... 412.3 MB/sec\n"
		"Seagate 7200.12 ....... 118.9 MB/sec\n"
		"WD Raptor 74GB ........ 84.1 MB/sec\n"
		"Samsung 840 Pro 256GB . 498.7 MB/sec\n");
	assert_int_equal(r.n, 4);
	assert_non_null(strstr(rec(&r, 3)->label, "Samsung 840 Pro 256GB"));
	one_figure(rec(&r, 3), BR_M_buffered_read, 498.7 * 1024, "498.7");
	assert_null(rec(&r, 0)->host);
	assert_non_null(strstr(rec(&r, 0)->label, "Crucial M4 128GB"));
	assert_null(strstr(rec(&r, 0)->label, ".."));
	assert_non_null(strstr(rec(&r, 1)->label, "Seagate 7200.12"));
	assert_null(strstr(rec(&r, 1)->label, ".."));
	one_figure(rec(&r, 0), BR_M_buffered_read, 412.3 * 1024, "412.3");
	one_figure(rec(&r, 2), BR_M_buffered_read, 84.1 * 1024, "84.1");
	done(&r);
	run(&r, "Buffered reads, hdparm -t on each disk:\n\n"
		"sda ........ 92.3 MB/sec\n"
		"/dev/sdb .... 61 MB/s\n"
		"sdc....75 MB/s\n"
		"sdd . . . . . 58.5 MB/s\n");
	assert_int_equal(r.n, 4);
	assert_string_equal(rec(&r, 0)->host, "sda");
	assert_string_equal(rec(&r, 1)->host, "/dev/sdb");
	assert_string_equal(rec(&r, 2)->host, "sdc");
	assert_string_equal(rec(&r, 3)->host, "sdd");
	one_figure(rec(&r, 1), BR_M_buffered_read, 61.0 * 1024, "61");
	one_figure(rec(&r, 3), BR_M_buffered_read, 58.5 * 1024, "58.5");
	done(&r);
	run(&r, "Cache throughput (hdparm -T):\n- desktop . . . . 9120.4 MB/sec\n- nas . . . . . . 1498.2 MB/sec\n");
	assert_int_equal(r.n, 2);
	assert_non_null(strstr(rec(&r, 1)->label, "nas"));
	one_figure(rec(&r, 1), BR_M_cached_read, 1498.2 * 1024, "1498.2");
	done(&r);
	/* no option above, another tool's, an ellipsis in prose */
	run(&r, "dd results:\nsda ........ 412 MB/s\nsdb ........ 118 MB/s\n");
	assert_int_equal(r.n, 0);
	done(&r);
	run(&r, "What hdparm -t should show per the spec sheets (expected):\n"
		"Crucial M4 128GB ...... 500 MB/s\n");
	assert_int_equal(r.n, 0);
	done(&r);
}

/* A list of devices' figures under an introduction naming hdparm's
 * option that says they are no run of it (another tool's, an
 * expectation, a plan) gives no record, whichever path reads the items
 * (list_kind, a sentence of devices, rates named by kind): one check,
 * intro_not_run. Where hdparm is shown beside the other tool, its. */
static void devices_under_not_run_intro(void **state)
{
	(void)state;
	static const char *const none[] = {
		"I will run hdparm -t tomorrow. Expected:\n- sda: 500 MB/s\n- sdb: 120 MB/s\n",
		"dd results (hdparm -t gave similar):\n- sda: 412 MB/s\n- sdb: 118 MB/s\n",
		"fio sequential reads (hdparm -t was close):\nsda ....... 505 MB/s\nsdb ....... 190 MB/s\n",
		"Next week I will run hdparm -tT on these; expected:\n"
		"- sda: cached 9000 MB/s, buffered 500 MB/s\n- sdb: cached 9000 MB/s, buffered 180 MB/s\n",
	};
	struct run r;
	for (size_t k = 0; k < sizeof none / sizeof none[0]; k++) {
		run(&r, none[k]);
		assert_int_equal(r.n, 0);
		done(&r);
	}
	run(&r, "hdparm -tT on both disks, for comparison with dd further down:\n"
		"- sda: cached 9000 MB/s, buffered 500 MB/s\n- sdb: cached 8800 MB/s, buffered 180 MB/s\n");
	assert_int_equal(r.n, 2);
	done(&r);
	run(&r, "Compared dd if=/dev/sda with hdparm -t on both:\n- sda: 412 MB/s\n- sdb: 118 MB/s\n");
	assert_int_equal(r.n, 2);
	assert_string_equal(rec(&r, 1)->host, "sdb");
	one_figure(rec(&r, 1), BR_M_buffered_read, 118.0 * 1024, "118");
	done(&r);
}

/* A table of runs by column aligned with blanks, whose long device name
 * leaves a single blank before the first figure ("nvme0n1 9120.5  9088.2"):
 * its row read by the figures from the right (was: the table ended
 * there, the row and those under it lost). */
static void runs_in_columns_one_blank_after_name(void **state)
{
	(void)state;
	struct run r;
	run(&r, "Three runs of hdparm -t per device, MB/s:\n"
		"\n"
		"device    run1     run2     run3\n"
		"sda       512.3    509.8    511.0\n"
		"nvme0n1 9120.5  9088.2  9101.7\n"
		"sdb       187.4    186.9    188.1\n");
	assert_int_equal(r.n, 9);
	assert_string_equal(rec(&r, 3)->host, "nvme0n1");
	assert_non_null(strstr(rec(&r, 3)->label, "run1"));
	one_figure(rec(&r, 3), BR_M_buffered_read, 9120.5 * 1024, "9120.5");
	one_figure(rec(&r, 5), BR_M_buffered_read, 9101.7 * 1024, "9101.7");
	assert_string_equal(rec(&r, 8)->host, "sdb");
	done(&r);
	run(&r, "hdparm -t, MB/sec, two runs each\n"
		"\n"
		"Disk            Run 1   Run 2\n"
		"sda             498.2   497.6\n"
		"nvme1n1p2 2876.4 MB/s  2880.1 MB/s\n");
	assert_int_equal(r.n, 4);
	assert_string_equal(rec(&r, 3)->host, "nvme1n1p2");
	one_figure(rec(&r, 3), BR_M_buffered_read, 2880.1 * 1024, "2880.1");
	done(&r);
	/* a row with a figure more than the header has runs: no row of it */
	run(&r, "hdparm -t, MB/sec, two runs each\n"
		"\n"
		"Disk            Run 1   Run 2\n"
		"sda             498.2   497.6\n"
		"sdb 2 310.5 311.0\n");
	assert_int_equal(r.n, 2);
	done(&r);
}

/* A list whose figures are bare numbers under an introduction naming
 * hdparm's one timing and the unit ("Speeds I measured (hdparm -t,
 * MB/s):" over "* Samsung 840 EVO: 498", "- name: figure", "1. name:
 * figure", or lines without a marker): a record an item, in that kind and
 * unit (was 0 records: an item had to carry its unit). Bare numbers under
 * an introduction naming no unit, or a plan, are none. */
static void bare_list_unit_in_intro(void **state)
{
	(void)state;
	struct run r;
	run(&r, "Speeds I measured (hdparm -t, MB/s):\n\n"
		"* Samsung 840 EVO: 498\n"
		"* WD Blue 1TB: 112\n");
	assert_int_equal(r.n, 2);
	one_figure(rec(&r, 0), BR_M_buffered_read, 498.0 * 1024, "498");
	assert_non_null(strstr(rec(&r, 0)->label, "Samsung 840 EVO"));
	one_figure(rec(&r, 1), BR_M_buffered_read, 112.0 * 1024, "112");
	done(&r);
	run(&r, "Cached reads on the boxes\n(hdparm -T, MB/sec):\n- alpha: 9823.4\n- beta: 7710\n");
	assert_int_equal(r.n, 2);
	one_figure(rec(&r, 1), BR_M_cached_read, 7710.0 * 1024, "7710");
	done(&r);
	run(&r, "Buffered reads from hdparm -t, in MB/s:\n1. Crucial MX500: 531.2\n2. old Hitachi: 64,8\n");
	assert_int_equal(r.n, 2);
	one_figure(rec(&r, 1), BR_M_buffered_read, 64.8 * 1024, "64.8");
	done(&r);
	/* no marker (decoding takes a block's shared one away): two or more */
	run(&r, "The server (hdparm -t, MB/s):\nsda: 513.9\nsdb: 187.2\n");
	assert_int_equal(r.n, 2);
	assert_string_equal(rec(&r, 0)->host, "sda");
	done(&r);
	run(&r, "The server (hdparm -t, MB/s):\nsda: 513.9\n\nThat is all.\n");
	assert_int_equal(r.n, 0);
	done(&r);
	/* no unit, a figure in the introduction, two timings, a plan */
	run(&r, "How often each failed the hdparm -t check:\n* WD Blue: 2\n* Seagate: 5\n");
	assert_int_equal(r.n, 0);
	done(&r);
	run(&r, "hdparm -t gives 498 MB/s on the EVO, and in MB/s the rest:\n* WD Blue: 112\n* Seagate: 156\n");
	assert_int_equal(r.n, 1); /* the sentence's own figure only */
	one_figure(rec(&r, 0), BR_M_buffered_read, 498.0 * 1024, "498");
	done(&r);
	run(&r, "hdparm -tT on each disk, MB/s:\n- sda: 498\n- sdb: 112\n");
	assert_int_equal(r.n, 0);
	done(&r);
	run(&r, "Expected speeds (hdparm -t, MB/s):\n* EVO: 540\n* WD Blue: 150\n");
	assert_int_equal(r.n, 0);
	done(&r);
	run(&r, "Prices (EUR), hdparm -t to follow:\n* EVO: 98\n* WD Blue: 45\n");
	assert_int_equal(r.n, 0);
	done(&r);
}

/* hdparm's label with '=' for its ':' leading a line of its own
 * ("Timing buffered disk reads = 45.20 MB/sec"), no device nor hdparm
 * above: the label is evidence enough, one record (was 0; the second of
 * two such lines was read, titled by the first). Other words before '='
 * are not hdparm's. */
static void timing_equals_line_alone(void **state)
{
	(void)state;
	struct run r;
	run(&r, "On my old netbook:\n\nTiming buffered disk reads = 45.20 MB/sec\n");
	assert_int_equal(r.n, 1);
	one_figure(rec(&r, 0), BR_M_buffered_read, 45.20 * 1024, "45.20");
	done(&r);
	run(&r, "Here is the laptop.\n\nTiming cached reads = 2210.7 MB/sec\nTiming buffered disk reads = 88.4 MB/sec\n");
	assert_int_equal(r.n, 1);
	figure(rec(&r, 0), BR_M_cached_read, 2210.7 * 1024, "2210.7");
	figure(rec(&r, 0), BR_M_buffered_read, 88.4 * 1024, "88.4");
	done(&r);
	run(&r, "The copy over the network:\n\nbuffered reads = 45.20 MB/sec\n");
	assert_int_equal(r.n, 0);
	done(&r);
}

/* A numbered list's marker (or a bullet) before hdparm's short timing
 * lines ("1) Timing cached reads: 6120 mb/sec" / "2) Timing buffered disk
 * reads: 128.7 mb/sec"): one run, one record with both figures (was a
 * record a line: the label after text was read as a collapsed line). */
static void numbered_timing_lines(void **state)
{
	(void)state;
	struct run r;
	run(&r, "hdparm -tT /dev/sdb:\n\n1) Timing cached reads: 6120 mb/sec\n2) Timing buffered disk reads: 128.7 mb/sec\n");
	assert_int_equal(r.n, 1);
	figure(rec(&r, 0), BR_M_cached_read, 6120.0 * 1024, "6120");
	figure(rec(&r, 0), BR_M_buffered_read, 128.7 * 1024, "128.7");
	done(&r);
	run(&r, "On the NAS:\n1. Timing cached reads: 1450 MB/sec\n2. Timing buffered disk reads: 98.3 MB/sec\n");
	assert_int_equal(r.n, 1);
	assert_int_equal(br_record_metric_count(rec(&r, 0)), 2);
	done(&r);
	run(&r, "- Timing cached reads:   3912 MB in  2.00 seconds = 1956.12 MB/sec\n"
		"- Timing buffered disk reads: 240 MB in  3.01 seconds =  79.74 MB/sec\n");
	assert_int_equal(r.n, 1);
	assert_true(param(rec(&r, 0), "buffered_read_mb") == 240);
	done(&r);
}

/* hdparm's options beside rates under a device, the tool not named
 * ("sda" / "-t: 513.87 MB/sec" / "-T: 9823.11 MB/sec", "/dev/sdb:" / " -t
 * 120.3 MB/s"): one run a device, both figures (was 0 records; "-t
 * --direct: 612.4 MB/s" was a direct read titled "-t --", and the "-t"
 * line under it another). Options without a device, or with words before
 * the rate, or under a line of dd's, are none. */
static void option_lines_under_device(void **state)
{
	(void)state;
	struct run r;
	run(&r, "sda\n-t: 513.87 MB/sec\n-T: 9823.11 MB/sec\n\n/dev/sdb:\n -t 120.3 MB/s\n -T 8850.2 MB/s\n");
	assert_int_equal(r.n, 2);
	assert_string_equal(rec(&r, 0)->host, "sda");
	figure(rec(&r, 0), BR_M_buffered_read, 513.87 * 1024, "513.87");
	figure(rec(&r, 0), BR_M_cached_read, 9823.11 * 1024, "9823.11");
	assert_string_equal(rec(&r, 1)->host, "/dev/sdb");
	assert_int_equal(br_record_metric_count(rec(&r, 1)), 2);
	done(&r);
	run(&r, "md0:\n-t --direct: 612.4 MB/s\n-t: 598.0 MB/s\n");
	assert_int_equal(r.n, 1);
	figure(rec(&r, 0), BR_M_direct_read, 612.4 * 1024, "612.4");
	figure(rec(&r, 0), BR_M_buffered_read, 598.0 * 1024, "598.0");
	done(&r);
	run(&r, "Without a device:\n\n-t: 513.87 MB/sec\n-T: 9823.11 MB/sec\n");
	assert_int_equal(r.n, 0);
	done(&r);
	run(&r, "/dev/sdc:\ndd if=/dev/sdc of=/dev/null bs=1M count=500: 240 MB/s\n-t: 236 MB/s\n"
		"\nsdd\n-t 30 seconds: 236 MB/s\nfio -t 60 read: 231 MB/s\n");
	assert_int_equal(r.n, 0);
	done(&r);
}

/* A table aligned with gaps whose kinds are not its last columns, a row
 * whose long name leaves one blank before its first figure
 * ("storage-node-long 9088.2  498.7  470.0"): that figure is the first
 * column's (figures_from_right on the name's cell), the others one on
 * (was: cached 498.7, buffered 470.0, the dd column's; or, a word column
 * after them, the table ended there). A name ending in a number over a
 * row whose last cell is blank ("node 2  8760.3  181.9") is not split. */
static void table_gaps_long_name_one_blank(void **state)
{
	(void)state;
	struct run r;
	run(&r, "From the rack:\n\n"
		"host              hdparm cached (MB/s)  hdparm buffered (MB/s)  dd write (MB/s)\n"
		"alpha             9120.5                512.3                   480.1\n"
		"storage-node-long 9088.2                498.7                   470.0\n"
		"node 2            8760.3                181.9\n");
	assert_int_equal(r.n, 3);
	figure(rec(&r, 1), BR_M_cached_read, 9088.2 * 1024, "9088.2");
	figure(rec(&r, 1), BR_M_buffered_read, 498.7 * 1024, "498.7");
	assert_non_null(strstr(rec(&r, 1)->label, "storage-node-long"));
	assert_null(strstr(rec(&r, 1)->label, "9088"));
	figure(rec(&r, 2), BR_M_cached_read, 8760.3 * 1024, "8760.3");
	figure(rec(&r, 2), BR_M_buffered_read, 181.9 * 1024, "181.9");
	done(&r);
	run(&r, "spare     hdparm cached (MB/s)  hdparm buffered (MB/s)  note\n"
		"sp-01     7710.0                121.4                   WD Red\n"
		"sp-02-refurbished 7690.2        119.8                   from RMA\n"
		"sp-03     7702.9                88.1                    old\n");
	assert_int_equal(r.n, 3);
	figure(rec(&r, 1), BR_M_cached_read, 7690.2 * 1024, "7690.2");
	figure(rec(&r, 1), BR_M_buffered_read, 119.8 * 1024, "119.8");
	done(&r);
}

int main(void)
{
	br_parsers_init(); /* the tools' words for decoding and labels */
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(modern_layout),
		cmocka_unit_test(records_compacted_when_done_with),
		cmocka_unit_test(finished_records_keep_their_order),
		cmocka_unit_test(version_stays_in_its_message),
		cmocka_unit_test(old_versions_and_collapsed_space),
		cmocka_unit_test(direct_offset_and_kb),
		cmocka_unit_test(busybox),
		cmocka_unit_test(grouped_thousands_and_titled_pairs),
		cmocka_unit_test(hard_wraps_are_joined),
		cmocka_unit_test(stderr_between_label_and_figures),
		cmocka_unit_test(dangling_label_is_no_record),
		cmocka_unit_test(unreadable_lines_warn),
		cmocka_unit_test(prose_about_hdparm_is_quiet),
		cmocka_unit_test(devices_in_one_sentence),
		cmocka_unit_test(hand_written_lines),
		cmocka_unit_test(prompts_devices_and_repeats),
		cmocka_unit_test(mail_damage),
		cmocka_unit_test(claimed_lines_are_skipped),
		cmocka_unit_test(far_context),
		cmocka_unit_test(hostile_input),
		cmocka_unit_test(hand_line_is_the_pattern),
		cmocka_unit_test(collapsed_lines),
		cmocka_unit_test(device_notes_and_settings),
		cmocka_unit_test(summary_tables),
		cmocka_unit_test(summary_table_before_its_outputs),
		cmocka_unit_test(table_units_and_grouping),
		cmocka_unit_test(names_over_runs),
		cmocka_unit_test(machines_in_prompts),
		cmocka_unit_test(sentences_name_kind_and_device),
		cmocka_unit_test(names_below_runs),
		cmocka_unit_test(name_on_each_line),
		cmocka_unit_test(csv_table_by_hand),
		cmocka_unit_test(row_name_cell_before_timings),
		cmocka_unit_test(averages_are_not_runs),
		cmocka_unit_test(name_over_device),
		cmocka_unit_test(figures_quoted_in_prose),
		cmocka_unit_test(rates_named_by_kind),
		cmocka_unit_test(outputs_side_by_side),
		cmocka_unit_test(loop_variable_names_no_device),
		cmocka_unit_test(log_tag_before_device_header),
		cmocka_unit_test(names_given_afterwards),
		cmocka_unit_test(reflowed_paragraph),
		cmocka_unit_test(page_break_inside_run),
		cmocka_unit_test(side_by_side_titled),
		cmocka_unit_test(wrapped_after_first_figure),
		cmocka_unit_test(decimal_commas),
		cmocka_unit_test(rate_for_kind_in_prose),
		cmocka_unit_test(table_gaps_other_tools_columns),
		cmocka_unit_test(stderr_tail_wrapped),
		cmocka_unit_test(trailing_empty_cells),
		cmocka_unit_test(chat_nick_device_header),
		cmocka_unit_test(table_decimal_comma_unit_above),
		cmocka_unit_test(kind_rows_unit_above),
		cmocka_unit_test(table_by_device),
		cmocka_unit_test(numbered_list_marker),
		cmocka_unit_test(collapsed_tables),
		cmocka_unit_test(prompt_device_punctuation),
		cmocka_unit_test(lower_case_units),
		cmocka_unit_test(numbered_hand_lines),
		cmocka_unit_test(kind_rows_list_marker),
		cmocka_unit_test(prose_kinds_by_option_device),
		cmocka_unit_test(european_kind_words),
		cmocka_unit_test(table_caption_below),
		cmocka_unit_test(device_list_under_option),
		cmocka_unit_test(prose_wrapped_two_commands),
		cmocka_unit_test(pairs_doubtful),
		cmocka_unit_test(rates_named_by_thing),
		cmocka_unit_test(marked_device_names),
		cmocka_unit_test(prose_rate_on_next_line),
		cmocka_unit_test(direct_option_in_prose),
		cmocka_unit_test(prose_option_on_next_line),
		cmocka_unit_test(rate_wrapped_inside_digits),
		cmocka_unit_test(prompt_host_without_user),
		cmocka_unit_test(device_led_lines_without_hdparm),
		cmocka_unit_test(device_led_lines_of_other_tools),
		cmocka_unit_test(device_colon_rate_is_no_header),
		cmocka_unit_test(runs_in_columns),
		cmocka_unit_test(other_tool_is_a_word),
		cmocka_unit_test(device_list_under_long_intro),
		cmocka_unit_test(command_with_its_result),
		cmocka_unit_test(runs_in_columns_unspaced),
		cmocka_unit_test(line_figure_outlives_sentence),
		cmocka_unit_test(prose_lines_of_one_run),
		cmocka_unit_test(list_named_by_model),
		cmocka_unit_test(dot_leader_list),
		cmocka_unit_test(devices_under_not_run_intro),
		cmocka_unit_test(runs_in_columns_one_blank_after_name),
		cmocka_unit_test(bare_list_unit_in_intro),
		cmocka_unit_test(timing_equals_line_alone),
		cmocka_unit_test(numbered_timing_lines),
		cmocka_unit_test(option_lines_under_device),
		cmocka_unit_test(table_gaps_long_name_one_blank),
	};
	int rc = cmocka_run_group_tests(tests, NULL, NULL);
	br_regex_cleanup();
	return rc;
}
