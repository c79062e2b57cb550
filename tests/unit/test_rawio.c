/* Unit tests: the rawio parser on literal snippets of every form it reads. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "raw_of.h"
#include "dataset.h"
#include "doc.h"
#include "parser.h"
#include "regex.h"

#include "parser_run.h"

/* The rawio parser alone over `text`. */
static void run(struct run *r, const char *text)
{
	run_parser(r, "rawio", text, false);
}

/* A rate as printed (K = 1000 bytes) and its KiB/s value. */
static void rate(const struct br_record *r, enum br_metric_id id, const char *raw, bool marked)
{
	const struct br_value v = br_record_get(r, id);
	assert_true(v.present && v.has_value);
	assert_string_equal(raw_of(v), raw);
	assert_true(fabs(v.value - strtod(raw, NULL) * 1000 / 1024) < 1e-9);
	assert_int_equal(v.marked, marked);
	assert_int_equal(br_metric(id)->unit, BR_UNIT_KIBS);
}

static void ops(const struct br_record *r, enum br_metric_id id, double value, bool marked)
{
	const struct br_value v = br_record_get(r, id);
	assert_true(v.present && v.has_value);
	assert_true(v.value == value);
	assert_int_equal(v.marked, marked);
	assert_int_equal(br_metric(id)->unit, BR_UNIT_PERSEC);
}

/* Another tool's lines among the rows (iostat run beside rawio): more
 * figures than the groups and a row number need, so no row; the table
 * goes on past them. */
static void other_tools_lines_among_rows(void **state)
{
	(void)state;
	struct run r;
	run(&r, "           Random read  Sequential read    Random write Sequential write\n"
		"ID          K/sec  /sec    K/sec  /sec     K/sec  /sec     K/sec  /sec\n"
		"r5vol      2410.7   148   9877.1   603     640.2    39    1210.5    74\n"
		"   0   43 16.00  41  0.64  16.00  40  0.63   0  0  6  2 92\n"
		"ad0        1788.2   110   9920.4   606    1502.6    92    8870.1   541\n");
	assert_int_equal(r.n, 2);
	assert_string_equal(rec(&r, 0)->host, "r5vol");
	assert_string_equal(rec(&r, 1)->host, "ad0");
	rate(rec(&r, 1), BR_M_random_read, "1788.2", false);
	done(&r);
}

/* gen13: the kernel's lines ("da2: ...", "[ 12.3] ata3: ...") or
 * iostat's heading between two rows: the table goes on past them, when a
 * full row follows; prose after the rows still ends it. */
static void kernel_lines_among_rows(void **state)
{
	(void)state;
	struct run r;
	run(&r, "           Random read  Sequential read    Random write Sequential write\n"
		"ID          K/sec  /sec    K/sec  /sec     K/sec  /sec     K/sec  /sec\n"
		"r5-a        981.6    60   7012.3   428     401.2    24   2100.9   128\n"
		"da2: 152627MB <ATA WDC WD1600JB 08.02D08> at scbus1 target 0 lun 0\n"
		"r5-b        990.4    60   7100.2   433     399.7    24   2088.4   127\n"
		"[ 4021.339120] ata3: hard resetting link\n"
		"r5-c        978.0    59   6990.5   426     402.9    24   2111.0   128\n"
		"Then I tried it again:\n"
		"r5-d        978.0    59   6990.5   426     402.9    24   2111.0   128\n");
	assert_int_equal(r.n, 3);
	assert_string_equal(rec(&r, 1)->host, "r5-b");
	assert_string_equal(rec(&r, 2)->host, "r5-c");
	rate(rec(&r, 2), BR_M_random_read, "978.0", false);
	done(&r);
}

static const char seed_table[] =
	"2. rawio\n"
	"Random read Sequential read Random write Sequential write\n"
	"ID K/sec /sec K/sec /sec K/sec /sec K/sec /sec\n"
	"A_STRIPE 2170.2 135 7060.9 431 2262.2* 140* 3596.3 219\n"
	"MIRROR 3534.5* 218* 11908.9 727 1151.2 71 7739.2 472\n"
	"STRIPE512 3336.9 207 20659.3* 1261* 2240.7 139 16862.8* 1029*\n"
	"RAID10256 3004.9 187 10564.1 645 1041.7 64 8011.8 489\n"
	"4. Commentary\n";

static void full_table(void **state)
{
	(void)state;
	struct run r;
	run(&r, seed_table);
	assert_int_equal(r.n, 4);
	struct br_record *a = rec(&r, 0);
	assert_int_equal(a->tool, BR_TOOL_RAWIO);
	assert_string_equal(a->host, "A_STRIPE");
	assert_int_equal(br_record_metric_count(a), 8);
	rate(a, BR_M_random_read, "2170.2", false);
	ops(a, BR_M_random_read_ops, 135, false);
	rate(a, BR_M_seq_read, "7060.9", false);
	ops(a, BR_M_seq_read_ops, 431, false);
	rate(a, BR_M_random_write, "2262.2", true);
	ops(a, BR_M_random_write_ops, 140, true);
	rate(a, BR_M_seq_write, "3596.3", false);
	ops(a, BR_M_seq_write_ops, 219, false);
	assert_true(br_record_get(a, BR_M_random_write).value == 2209.1796875); /* exact: 2262200 / 1024 */
	assert_int_equal(a->source.line, 4);
	assert_string_equal(a->source.format, "rawio");
	struct br_record *s = rec(&r, 2);
	assert_string_equal(s->host, "STRIPE512");
	rate(s, BR_M_seq_read, "20659.3", true);
	ops(s, BR_M_seq_read_ops, 1261, true);
	rate(s, BR_M_seq_write, "16862.8", true);
	ops(s, BR_M_seq_write_ops, 1029, true);
	assert_string_equal(rec(&r, 3)->host, "RAID10256");
	ops(rec(&r, 3), BR_M_random_write_ops, 64, false);
	assert_int_equal(warnings(&r), 0);
	/* --explain: header and every row */
	assert_true(r.ds.nclaims >= 5);
	done(&r);
}

static void units_line_without_id_and_tabs(void **state)
{
	(void)state;
	struct run r;
	run(&r, "Random read\tSequential read\tRandom write\tSequential write\n"
		"K/sec\t/sec\tK/sec\t/sec\tK/sec\t/sec\tK/sec\t/sec\n"
		"IBM_SCSI\t1062.3\t67\t1008.2\t62\t1071.5\t67\t1054.0\t64\n"
		"  MAXTOR    2291.4*  142*   5136.4*  314*   1324.8    82   8914.6*  544*\n");
	assert_int_equal(r.n, 2);
	rate(rec(&r, 0), BR_M_seq_write, "1054.0", false);
	ops(rec(&r, 0), BR_M_random_read_ops, 67, false);
	rate(rec(&r, 1), BR_M_random_read, "2291.4", true);
	rate(rec(&r, 1), BR_M_random_write, "1324.8", false);
	ops(rec(&r, 1), BR_M_seq_write_ops, 544, true);
	done(&r);
}

/* Columns follow the header's group names, whatever their number and order. */
static void fewer_groups(void **state)
{
	(void)state;
	struct run r;
	run(&r, "Sequential read Random read\n"
		"ID K/sec /sec K/sec /sec\n"
		"da0 5136.4 314 2291.4 142\n"
		"\n"
		"Random write\n"
		"K/sec /sec\n"
		"da0 1324.8 82\n");
	assert_int_equal(r.n, 2);
	struct br_record *a = rec(&r, 0);
	assert_int_equal(br_record_metric_count(a), 4);
	rate(a, BR_M_seq_read, "5136.4", false);
	ops(a, BR_M_seq_read_ops, 314, false);
	rate(a, BR_M_random_read, "2291.4", false);
	assert_false(br_record_get(a, BR_M_random_write).present);
	struct br_record *b = rec(&r, 1);
	assert_int_equal(br_record_metric_count(b), 2);
	rate(b, BR_M_random_write, "1324.8", false);
	ops(b, BR_M_random_write_ops, 82, false);
	assert_int_equal(warnings(&r), 0);
	done(&r);
}

static void asterisks_glued_or_not(void **state)
{
	(void)state;
	struct run r;
	run(&r, "Random read Sequential read\n"
		"K/sec /sec K/sec /sec\n"
		"one 2262.2 * 140 * 3596.3 219\n"
		"two 2262.2*140* 3596.3*219\n"
		"three 2262.2** 140 3596.3 219 *\n");
	assert_int_equal(r.n, 3);
	for (size_t i = 0; i < 2; i++) {
		rate(rec(&r, i), BR_M_random_read, "2262.2", true);
		ops(rec(&r, i), BR_M_random_read_ops, 140, true);
		ops(rec(&r, i), BR_M_seq_read_ops, 219, false);
	}
	rate(rec(&r, 1), BR_M_seq_read, "3596.3", true);
	rate(rec(&r, 2), BR_M_random_read, "2262.2", true);
	ops(rec(&r, 2), BR_M_random_read_ops, 140, false);
	ops(rec(&r, 2), BR_M_seq_read_ops, 219, true);
	done(&r);

	/* escaped by an HTML-to-Markdown converter: "\\*" marks the same */
	run(&r, "Random read Sequential read\n"
		"K/sec /sec K/sec /sec\n"
		"four 2262.2\\* 140\\* 3596.3 219\n");
	assert_int_equal(r.n, 1);
	rate(rec(&r, 0), BR_M_random_read, "2262.2", true);
	ops(rec(&r, 0), BR_M_random_read_ops, 140, true);
	ops(rec(&r, 0), BR_M_seq_read_ops, 219, false);
	done(&r);
}

static void id_missing_or_several_words(void **state)
{
	(void)state;
	struct run r;
	run(&r, "Random read Random write\n"
		"ID K/sec /sec K/sec /sec\n"
		"1062.3 67 1071.5 67\n"
		"ibm scsi 2 1062.3 67 1071.5 67\n");
	assert_int_equal(r.n, 2);
	assert_null(rec(&r, 0)->host);
	rate(rec(&r, 0), BR_M_random_read, "1062.3", false);
	assert_string_equal(rec(&r, 1)->host, "ibm scsi 2");
	ops(rec(&r, 1), BR_M_random_write_ops, 67, false);
	done(&r);
}

static void missing_pair_warns(void **state)
{
	(void)state;
	struct run r;
	run(&r, "Random read Sequential read Random write Sequential write\n"
		"ID K/sec /sec K/sec /sec K/sec /sec K/sec /sec\n"
		"A_STRIPE 2170.2 135 7060.9 431 3596.3 219\n"
		"MIRROR 3534.5 218.5 11908.9 727 1151.2 71 7739.2 472\n"
		"STRIPE256 3246.0 202 18812.1 1148 2182.3 136 16774.7 1024\n"
		"RAID10256 3004.9\n"
		"That is all.\n"
		"Random read\n"
		"K/sec /sec\n"
		"da0 2291.4 142\n"
		"Page 2\n");
	assert_int_equal(r.n, 2);
	assert_string_equal(rec(&r, 0)->host, "STRIPE256");
	assert_string_equal(rec(&r, 1)->host, "da0");
	assert_int_equal(warnings(&r), 3);
	assert_int_equal(r.ds.diags.v[0].line, 3);
	assert_non_null(strstr(r.ds.diags.v[0].message, "'A_STRIPE' has 6 figures"));
	assert_int_equal(r.ds.diags.v[1].line, 4);
	assert_non_null(strstr(r.ds.diags.v[1].message, "'MIRROR'"));
	assert_int_equal(r.ds.diags.v[2].line, 6);
	assert_non_null(strstr(r.ds.diags.v[2].message, "'RAID10256' has 1 figure;"));
	done(&r);
}

static void wrapped_row_is_joined(void **state)
{
	(void)state;
	struct run r;
	run(&r, "> Random read Sequential read Random write Sequential write\n"
		"> ID K/sec /sec K/sec /sec K/sec /sec K/sec /sec\n"
		"> STRIPE512 3336.9 207 20659.3* 1261* 2240.7 139\n"
		"> 16862.8* 1029*\n"
		"> RAID10512 3029.9 189 13488.9 823 1058.1 66 8400.0 513\n");
	assert_int_equal(r.n, 2);
	struct br_record *a = rec(&r, 0);
	assert_int_equal(a->source.line, 3);
	assert_int_equal(a->source.end_line, 4);
	rate(a, BR_M_seq_write, "16862.8", true);
	ops(a, BR_M_seq_write_ops, 1029, true);
	rate(rec(&r, 1), BR_M_seq_write, "8400.0", false);
	assert_int_equal(warnings(&r), 0);
	done(&r);
}

static void wrapped_header(void **state)
{
	(void)state;
	struct run r;
	run(&r, "Random read Sequential read\n"
		"Random write Sequential write\n"
		"K/sec /sec K/sec /sec K/sec /sec K/sec /sec\n"
		"MAXTOR 2291.4 142 5136.4 314 1324.8 82 8914.6 544\n");
	assert_int_equal(r.n, 1);
	rate(rec(&r, 0), BR_M_seq_write, "8914.6", false);
	rate(rec(&r, 0), BR_M_random_write, "1324.8", false);
	done(&r);
}

/* A header a mail client wrapped inside a group name ("... Sequential" /
 * "write", "... Random" / "write Sequential write"), quoted twice: the two
 * lines are one header; a line starting "write" under other text is not. */
static void header_cut_inside_group_name(void **state)
{
	(void)state;
	struct run r;
	run(&r, "> > Random read    Sequential read    Random write    Sequential\n"
		"> > write\n"
		"> > ID   K/sec  /sec    K/sec   /sec    K/sec  /sec     K/sec   /sec\n"
		"> > stripe 3336.9 207 20659.3 1261 2240.7 139 16862.8\n"
		"> > 1029\n"
		"\n"
		"Random read Sequential read Random\n"
		"write Sequential write\n"
		"ID K/sec /sec K/sec /sec K/sec /sec K/sec /sec\n"
		"concat 2170.2 135 7060.9 431 2262.2 140 3596.3 219\n");
	assert_int_equal(r.n, 2);
	assert_string_equal(rec(&r, 0)->host, "stripe");
	rate(rec(&r, 0), BR_M_seq_write, "16862.8", false);
	ops(rec(&r, 0), BR_M_seq_write_ops, 1029, false);
	assert_string_equal(rec(&r, 1)->host, "concat");
	rate(rec(&r, 1), BR_M_random_write, "2262.2", false);
	rate(rec(&r, 1), BR_M_seq_write, "3596.3", false);
	done(&r);
	run(&r, "We will run random read and then sequential\n"
		"write tests next week: 2170.2 135 7060.9 431\n");
	assert_int_equal(r.n, 0);
	done(&r);
}

/* A Markdown table the poster made: each group's units in its header cells,
 * a rule under it, '|' between the cells of the rows. */
static void markdown_table(void **state)
{
	(void)state;
	struct run r;
	run(&r, "| ID | Random read K/sec | /sec | Sequential write K/sec | /sec |\n"
		"|----|------|-----|------|-----|\n"
		"| STRIPE | 3336.9 | 207 | 16862.8* | 1029 |\n"
		"| RAID5 | 3012.4 | 187 | 1988.1 | 121 |\n");
	assert_int_equal(r.n, 2);
	struct br_record *a = rec(&r, 0);
	assert_string_equal(a->host, "STRIPE");
	assert_int_equal(br_record_metric_count(a), 4);
	rate(a, BR_M_random_read, "3336.9", false);
	ops(a, BR_M_random_read_ops, 207, false);
	rate(a, BR_M_seq_write, "16862.8", true);
	ops(a, BR_M_seq_write_ops, 1029, false);
	assert_string_equal(rec(&r, 1)->host, "RAID5");
	assert_int_equal(warnings(&r), 0);
	done(&r);
}

static void prose_is_not_a_table(void **state)
{
	(void)state;
	struct run r;
	run(&r, "Random read performance was poor, sequential read was fine.\n"
		"rawio -a /dev/vinum/A_STRIPE > rawio-a_stripe\n"
		"Random read\n"
		"is what I care about: 2170.2 135 looked good.\n"
		"Sequential write\n"
		"\n"
		"Bonnie:\n"
		"              -------Sequential Output-------- ---Sequential Input-- --Random--\n");
	assert_int_equal(r.n, 0);
	assert_int_equal(warnings(&r), 0);
	done(&r);
}

static void header_without_rows_or_mismatched_units(void **state)
{
	(void)state;
	struct run r;
	run(&r, "Random read Sequential read Random write Sequential write\n"
		"ID K/sec /sec K/sec /sec K/sec /sec K/sec /sec\n"
		"(the results were lost)\n"
		"Random read Sequential read\n"
		"ID K/sec /sec K/sec /sec K/sec /sec\n"
		"da0 5136.4 314 2291.4 142\n");
	assert_int_equal(r.n, 1);
	assert_int_equal(warnings(&r), 2);
	assert_int_equal(r.ds.diags.v[0].line, 1);
	assert_int_equal(r.ds.diags.v[1].line, 5);
	done(&r);
}

/* A note the poster wrote after a row's figures is left out (and said
 * so); a prose line whose numbers are not a row's stays prose. */
static void note_after_row(void **state)
{
	(void)state;
	struct run r;
	run(&r, "         Random read  Sequential read\n"
		"ID         K/sec  /sec    K/sec  /sec\n"
		"ad0s1e    2890.4   176  14021.8   856   <- first run\n"
		"ad0s1e    2901.7*  177  14011.2   855   (second run, 8m)\n"
		"That was 2 runs of 8 MB each.\n");
	assert_int_equal(r.n, 2);
	assert_string_equal(rec(&r, 0)->host, "ad0s1e");
	assert_string_equal(rec(&r, 0)->label, "first run");
	assert_string_equal(rec(&r, 1)->label, "second run, 8m");
	rate(rec(&r, 0), BR_M_seq_read, "14021.8", false);
	ops(rec(&r, 0), BR_M_seq_read_ops, 856, false);
	rate(rec(&r, 1), BR_M_random_read, "2901.7", true);
	ops(rec(&r, 1), BR_M_seq_read_ops, 855, false);
	assert_int_equal(warnings(&r), 0);
	assert_int_equal(r.ds.diags.n, 2);
	assert_non_null(strstr(r.ds.diags.v[1].message, "'(second run, 8m)'"));
	done(&r);

	/* a /sec figure with decimals: no row's run of figures, no note */
	run(&r, "Random read Sequential read\n"
		"K/sec /sec K/sec /sec\n"
		"da0 5136.4 314 2291.4 142.5 was the best\n");
	assert_int_equal(r.n, 0);
	done(&r);
}

/* A page break ("- 7 -" between blank lines) inside a table: its rows
 * go on after it. */
static void table_across_page_break(void **state)
{
	(void)state;
	struct run r;
	run(&r, "         Random read  Sequential read\n"
		"ID         K/sec  /sec    K/sec  /sec\n"
		"ad0s1e    2890.4   176  14021.8   856\n"
		"\n"
		"                      - 7 -\n"
		"\n"
		"ad1s1e    2901.7   177  14011.2   855\n");
	assert_int_equal(r.n, 2);
	assert_string_equal(rec(&r, 1)->host, "ad1s1e");
	ops(rec(&r, 1), BR_M_seq_read_ops, 855, false);
	done(&r);
}

/* Captions below the tables (the last table's caption has nothing after
 * it to title, the first table none above it): each titles the rows
 * above it, back to the caption before, not the rows below it. Above the
 * tables they title what follows. */
static void captions_below_tables(void **state)
{
	(void)state;
	struct run r;
	run_all(&r, "         Random read  Sequential read\n"
		    "ID         K/sec  /sec    K/sec  /sec\n"
		    "ad0s1e    2890.4   176  14021.8   856\n"
		    "ad1s1e    2901.7   177  14011.2   855\n"
		    "\n"
		    "Table 1: the plain disks\n"
		    "\n"
		    "         Random read  Sequential read\n"
		    "ID         K/sec  /sec    K/sec  /sec\n"
		    "raid5     3021.3   185   9120.4   557\n"
		    "\n"
		    "TABLE II. The RAID-5 volume\n");
	assert_int_equal(r.ds.records.n, 3);
	assert_string_equal(rec(&r, 0)->label, "Table 1: the plain disks");
	assert_string_equal(rec(&r, 1)->label, "Table 1: the plain disks");
	assert_string_equal(rec(&r, 2)->label, "TABLE II. The RAID-5 volume");
	done(&r);

	run_all(&r, "Table 1: the plain disks\n"
		    "\n"
		    "         Random read  Sequential read\n"
		    "ID         K/sec  /sec    K/sec  /sec\n"
		    "ad0s1e    2890.4   176  14021.8   856\n"
		    "\n"
		    "Table 2: the RAID-5 volume\n"
		    "\n"
		    "         Random read  Sequential read\n"
		    "ID         K/sec  /sec    K/sec  /sec\n"
		    "raid5     3021.3   185   9120.4   557\n"
		    "\n"
		    "Table 3: what the disks cost\n");
	assert_int_equal(r.ds.records.n, 2);
	assert_string_equal(rec(&r, 0)->label, "Table 1: the plain disks");
	assert_string_equal(rec(&r, 1)->label, "Table 2: the RAID-5 volume");
	done(&r);
}

/* Rows retyped with thousands separators ("20,659.3", "1,261") or with a
 * decimal comma ("3336,9"): read, their printed form plain; a comma that
 * is neither ("33,36.9") is a word, and the row is not read. */
static void comma_figures(void **state)
{
	(void)state;
	struct run r;
	run(&r, "           Random read      Sequential read    Random write     Sequential write\n"
		"ID         K/sec   /sec     K/sec     /sec     K/sec   /sec     K/sec     /sec\n"
		"stripe4    3,336.9  207     20,659.3  1,261    2,240.7  139     16,862.8  1,029\n"
		"mirror2    3534,5   218     11908,9    727     1151,2    71      7739,2    472\n"
		"bad        33,36.9  218     11908.9    727     1151.2    71      7739.2    472\n");
	assert_int_equal(r.n, 2);
	rate(rec(&r, 0), BR_M_seq_read, "20659.3", false);
	ops(rec(&r, 0), BR_M_seq_read_ops, 1261, false);
	ops(rec(&r, 0), BR_M_seq_write_ops, 1029, false);
	rate(rec(&r, 1), BR_M_random_read, "3534.5", false);
	rate(rec(&r, 1), BR_M_seq_write, "7739.2", false);
	done(&r);
}

/* rawio's figures retyped as sentences, a device each (its ID and a
 * colon), maybe over two lines: one record a device; without rawio named
 * in the document the same words are no record. */
static void figures_in_sentences(void **state)
{
	(void)state;
	struct run r;
	run(&r, "From my notes of rawio -a:\n"
		"\n"
		"STRIPE: random read 3336.9 K/sec (207 /sec), sequential read 20659.3 K/sec (1261 /sec),\n"
		"random write 2240.7 K/sec (139 /sec), sequential write 16862.8 K/sec (1029 /sec).\n"
		"MIRROR: random read 3534.5 K/sec (218 /sec), sequential read 11908.9 K/sec.\n"
		"\n"
		"A friend's fio run claimed random read 3100 K/sec, which fits.\n");
	assert_int_equal(r.n, 2); /* one figure without an ID: a remark */
	assert_string_equal(rec(&r, 0)->host, "STRIPE");
	rate(rec(&r, 0), BR_M_random_read, "3336.9", false);
	ops(rec(&r, 0), BR_M_seq_write_ops, 1029, false);
	rate(rec(&r, 0), BR_M_seq_write, "16862.8", false);
	assert_string_equal(rec(&r, 1)->host, "MIRROR");
	rate(rec(&r, 1), BR_M_seq_read, "11908.9", false);
	assert_false(br_record_get(rec(&r, 1), BR_M_seq_read_ops).present);
	assert_false(br_record_get(rec(&r, 1), BR_M_random_write).present);
	done(&r);

	run(&r, "fio says random read 3336.9 K/sec (207 /sec) on the stripe.\n");
	assert_int_equal(r.n, 0);
	done(&r);
}

/* gen15: a table of the K/sec columns only (the /sec ones left out): a
 * units line of "K/sec" alone, or the unit in each header cell after a
 * first column named by the poster; the rates only, no counts. */
static void rates_only_tables(void **state)
{
	(void)state;
	struct run r;
	run(&r, "                Random read   Sequential read   Random write   Sequential write\n"
		"ID              K/sec         K/sec             K/sec          K/sec\n"
		"twed0           4410.7        61022.3           2980.1         48810.6\n");
	assert_int_equal(r.n, 1);
	assert_string_equal(rec(&r, 0)->host, "twed0");
	rate(rec(&r, 0), BR_M_random_read, "4410.7", false);
	rate(rec(&r, 0), BR_M_seq_read, "61022.3", false);
	rate(rec(&r, 0), BR_M_random_write, "2980.1", false);
	rate(rec(&r, 0), BR_M_seq_write, "48810.6", false);
	assert_false(br_record_get(rec(&r, 0), BR_M_random_read_ops).present);
	done(&r);
	run(&r, "| Volume | Random read K/sec | Sequential read K/sec |\n"
		"|--------|------------------:|----------------------:|\n"
		"| raid10 | 3120.4 | 18220.7 |\n");
	assert_int_equal(r.n, 1);
	assert_string_equal(rec(&r, 0)->host, "raid10");
	rate(rec(&r, 0), BR_M_seq_read, "18220.7", false);
	assert_false(br_record_get(rec(&r, 0), BR_M_seq_read_ops).present);
	done(&r);
}

/* ... with no units at all, only in a document naming rawio, and only
 * rates with their decimal; the same table of another tool's figures
 * stays a warning. */
static void rates_only_without_units(void **state)
{
	(void)state;
	struct run r;
	const char *table = "Random read\tSequential read\tRandom write\tSequential write\n"
			    "ad0\t2170.2\t7060.9\t2262.2\t3596.3\n";
	char buf[256];
	snprintf(buf, sizeof buf, "rawio -a, K/sec only:\n\n%s", table);
	run(&r, buf);
	assert_int_equal(r.n, 1);
	rate(rec(&r, 0), BR_M_seq_write, "3596.3", false);
	done(&r);
	snprintf(buf, sizeof buf, "fio, MB/s:\n\n%s", table);
	run(&r, buf);
	assert_int_equal(r.n, 0);
	done(&r);
}

int main(void)
{
	br_parsers_init(); /* the tools' words for decoding and labels */
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(full_table),
		cmocka_unit_test(units_line_without_id_and_tabs),
		cmocka_unit_test(fewer_groups),
		cmocka_unit_test(asterisks_glued_or_not),
		cmocka_unit_test(id_missing_or_several_words),
		cmocka_unit_test(missing_pair_warns),
		cmocka_unit_test(wrapped_row_is_joined),
		cmocka_unit_test(wrapped_header),
		cmocka_unit_test(header_cut_inside_group_name),
		cmocka_unit_test(prose_is_not_a_table),
		cmocka_unit_test(markdown_table),
		cmocka_unit_test(header_without_rows_or_mismatched_units),
		cmocka_unit_test(note_after_row),
		cmocka_unit_test(table_across_page_break),
		cmocka_unit_test(captions_below_tables),
		cmocka_unit_test(comma_figures),
		cmocka_unit_test(figures_in_sentences),
		cmocka_unit_test(other_tools_lines_among_rows),
		cmocka_unit_test(kernel_lines_among_rows),
		cmocka_unit_test(rates_only_tables),
		cmocka_unit_test(rates_only_without_units),
	};
	int rc = cmocka_run_group_tests(tests, NULL, NULL);
	br_regex_cleanup();
	return rc;
}
