/* Unit tests: the Bonnie (Tim Bray) parser on literal snippets of every
 * layout it reads and every kind of damage it survives. */
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

/* The bonnie parser alone over `text`. */
static void run(struct run *r, const char *text)
{
	run_parser(r, "bonnie", text, true);
}

static struct br_value fig(const struct run *r, size_t i, enum br_metric_id id)
{
	assert_true(i < r->ds.records.n);
	const struct br_value v = br_record_get(r->ds.records.v[i], id);
	assert_true(v.present);
	return v;
}

static void assert_fig(const struct run *r, size_t i, enum br_metric_id id, double value, double cpu,
		       bool marked)
{
	const struct br_value v = fig(r, i, id);
	assert_true(v.has_value);
	assert_true(fabs(v.value - value) < 1e-6);
	assert_true(v.has_cpu);
	assert_true(fabs(v.cpu - cpu) < 1e-6);
	assert_int_equal(v.marked, marked);
}

static const char *param_str(const struct run *r, size_t i, const char *key)
{
	struct br_param p = br_record_param(r->ds.records.v[i], key);
	return p.key && p.str ? p.str : NULL;
}

static double param_num(const struct run *r, size_t i, const char *key)
{
	struct br_param p = br_record_param(r->ds.records.v[i], key);
	return p.key && !p.str ? p.num : -1;
}

/* ------------------------------------------------------------------ layouts */

static const char original[] =
	"File './Bonnie.12345', size: 104857600\n"
	"Writing with putc()...done\n"
	"Rewriting...done\n"
	"Writing intelligently...done\n"
	"Reading with getc()...done\n"
	"Reading intelligently...done\n"
	"Seeker 1...Seeker 2...Seeker 3...start 'em...done...done...done...\n"
	"              -------Sequential Output-------- ---Sequential Input-- --Random--\n"
	"              -Per Char- --Block--- -Rewrite-- -Per Char- --Block--- --Seeks---\n"
	"Machine    MB K/sec %CPU K/sec %CPU K/sec %CPU K/sec %CPU K/sec %CPU  /sec %CPU\n"
	"          100  2611 90.7  3924 86.2  3201 13.3  4763 61.4  6736 24.4 143.7  4.0\n";

static void original_table(void **state)
{
	(void)state;
	struct run r;
	run(&r, original);
	assert_int_equal(r.n, 1);
	const struct br_record *rec = r.ds.records.v[0];
	assert_int_equal(rec->tool, BR_TOOL_BONNIE);
	assert_null(rec->host); /* blank machine column */
	assert_null(rec->version);
	assert_string_equal(param_str(&r, 0, "size"), "100");
	assert_true(param_num(&r, 0, "size_bytes") == 104857600.0);
	assert_fig(&r, 0, BR_M_putc, 2611, 90.7, false);
	assert_fig(&r, 0, BR_M_put_block, 3924, 86.2, false);
	assert_fig(&r, 0, BR_M_rewrite, 3201, 13.3, false);
	assert_fig(&r, 0, BR_M_getc, 4763, 61.4, false);
	assert_fig(&r, 0, BR_M_get_block, 6736, 24.4, false);
	assert_fig(&r, 0, BR_M_seeks, 143.7, 4.0, false);
	assert_string_equal(raw_of(fig(&r, 0, BR_M_seeks)), "143.7");
	assert_int_equal(br_record_metric_count(rec), 6);
	/* the record spans the progress lines and the table; all are claimed */
	assert_int_equal(rec->source.line, 1);
	assert_int_equal(rec->source.end_line, 11);
	for (size_t i = 0; i < 11; i++)
		assert_true(r.claimed[i]);
	assert_int_equal(warnings(&r), 0);
	done(&r);
}

/* Seed 000's first table: two header lines only, collapsed whitespace, no MB
 * column (12 numbers), asterisks glued to numbers. */
static void collapsed_with_glued_asterisks(void **state)
{
	(void)state;
	struct run r;
	run(&r, "1. Bonnie\n"
		"-------Sequential Output-------- ---Sequential Input-- --Random--\n"
		"-Per Char- --Block--- -Rewrite-- -Per Char- --Block--- --Seeks---\n"
		"IBM_SCSI 7960 39.6* 7995 12.6* 3680 8.4* 7850 38.7* 7930 10.0*261.0 3.5*\n"
		"IBM_IDE 14690*72.9 15050*25.5 6449 16.7 15728 78.0 17102 23.5 264.1 3.6\n"
		"MAXTOR 13022 63.9 13470 22.0 7973*18.9 19455*95.7 29632*39.8 405.5* 5.2\n"
		"2. rawio\n"
		"Random read Sequential read Random write Sequential write\n"
		"K/sec /sec K/sec /sec K/sec /sec K/sec /sec\n"
		"IBM_SCSI 1062.3 67 1008.2 62 1071.5 67 1054.0 64\n");
	assert_int_equal(r.n, 3);
	assert_string_equal(r.ds.records.v[0]->host, "IBM_SCSI");
	assert_string_equal(r.ds.records.v[1]->host, "IBM_IDE");
	assert_string_equal(r.ds.records.v[2]->host, "MAXTOR");
	assert_fig(&r, 0, BR_M_putc, 7960, 39.6, true);
	assert_fig(&r, 0, BR_M_get_block, 7930, 10.0, true); /* "10.0*261.0" */
	assert_fig(&r, 0, BR_M_seeks, 261.0, 3.5, true);
	assert_fig(&r, 1, BR_M_putc, 14690, 72.9, true);      /* "14690*72.9" */
	assert_fig(&r, 1, BR_M_rewrite, 6449, 16.7, false);
	assert_fig(&r, 2, BR_M_seeks, 405.5, 5.2, true);      /* "405.5* 5.2" */
	assert_fig(&r, 2, BR_M_put_block, 13470, 22.0, false);
	assert_null(br_record_param(r.ds.records.v[0], "size").key);
	/* the first record spans header and row, the others their row only */
	assert_int_equal(r.ds.records.v[0]->source.line, 2);
	assert_int_equal(r.ds.records.v[0]->source.end_line, 4);
	assert_int_equal(r.ds.records.v[2]->source.line, 6);
	assert_false(r.claimed[0]); /* "1. Bonnie" */
	assert_false(r.claimed[6]); /* the rawio part is not ours */
	assert_false(r.claimed[9]);
	assert_int_equal(warnings(&r), 0);
	done(&r);
}

/* Seed 000's second table: a collapsed "Machine" line without MB. */
static void collapsed_machine_line_without_mb(void **state)
{
	(void)state;
	struct run r;
	run(&r, "-------Sequential Output-------- ---Sequential Input-- --Random--\n"
		"-Per Char- --Block--- -Rewrite-- -Per Char- --Block--- --Seeks---\n"
		"Machine K/sec %CPU K/sec %CPU K/sec %CPU K/sec %CPU K/sec %CPU /sec %CPU\n"
		"A_STRIPE 14764 76.5 15002 27.8 5220 14.2 11533 58.5*12843 18.1 336.8 5.3\n"
		"MIRROR 8668 44.5 9484 16.2 3047 7.4*16318 81.4 20151 20.6 607.2 7.7\n"
		"RAID10256 8026 41.1* 9431 16.1 4055 9.6 12748 63.6 13714 14.7*439.5 5.7\n");
	assert_int_equal(r.n, 3);
	assert_fig(&r, 0, BR_M_getc, 11533, 58.5, true);
	assert_fig(&r, 0, BR_M_get_block, 12843, 18.1, false);
	assert_fig(&r, 1, BR_M_rewrite, 3047, 7.4, true);
	assert_fig(&r, 1, BR_M_getc, 16318, 81.4, false);
	assert_fig(&r, 2, BR_M_putc, 8026, 41.1, true);
	assert_fig(&r, 2, BR_M_get_block, 13714, 14.7, true);
	assert_fig(&r, 2, BR_M_seeks, 439.5, 5.7, false);
	assert_string_equal(r.ds.records.v[2]->host, "RAID10256");
	done(&r);
}

/* Seed 003: the Foks multi-volume size, and a run whose figures overflow
 * their columns. */
static void multi_volume_and_overflow(void **state)
{
	(void)state;
	struct run r;
	run(&r, "              -------Sequential Output-------- ---Sequential Input-- --Random--\n"
		"              -Per Char- --Block--- -Rewrite-- -Per Char- --Block--- --Seeks---\n"
		"Machine    MB K/sec %CPU K/sec %CPU K/sec %CPU K/sec %CPU K/sec %CPU  /sec %CPU\n"
		"       1*2047  7205 95.3 11109  9.4  5210  7.7  5770 70.4 12117 12.0 165.5  3.7\n"
		"       \n"
		"              -------Sequential Output-------- ---Sequential Input-- --Random--\n"
		"              -Per Char- --Block--- -Rewrite-- -Per Char- --Block--- --Seeks---\n"
		"Machine    MB K/sec %CPU K/sec %CPU K/sec %CPU K/sec %CPU K/sec %CPU  /sec %CPU\n"
		"       1* 100  7577 98.2 23560 17.7 15107 18.9  8333 99.7 159760 101.4 13665.4 187.9\n");
	assert_int_equal(r.n, 2);
	assert_null(r.ds.records.v[0]->host);
	assert_string_equal(param_str(&r, 0, "size"), "1*2047");
	assert_true(param_num(&r, 0, "size_bytes") == 2047.0 * 1048576);
	assert_fig(&r, 0, BR_M_putc, 7205, 95.3, false); /* "1*2047" is no marker */
	assert_fig(&r, 0, BR_M_seeks, 165.5, 3.7, false);
	assert_string_equal(param_str(&r, 1, "size"), "1*100");
	assert_true(param_num(&r, 1, "size_bytes") == 100.0 * 1048576);
	assert_fig(&r, 1, BR_M_get_block, 159760, 101.4, false);
	assert_fig(&r, 1, BR_M_seeks, 13665.4, 187.9, false);
	assert_int_equal(r.ds.records.v[1]->source.line, 6);
	done(&r);
}

static const char garloff[] =
	"Bonnie 1.2: File './Bonnie.1557', size: 268435456, volumes: 1\n"
	"Writing with putc()...         done:  21846 kB/s  98.0 %CPU\n"
	"Rewriting...                   done:  11099 kB/s   3.1 %CPU\n"
	"Writing intelligently...       done:  58316 kB/s  14.0 %CPU\n"
	"Reading with getc()...         done:  14346 kB/s  64.6 %CPU\n"
	"Reading intelligently...       done:  18026 kB/s   2.0 %CPU\n"
	"Seeker 1...Seeker 3...Seeker 2...start 'em...done...done...done...\n";

static void garloff_variant(void **state)
{
	(void)state;
	char text[2048];
	snprintf(text, sizeof text, "%s%s", garloff,
		 "              ---Sequential Output (nosync)--- ---Sequential Input-- --Rnd Seek-\n"
		 "              -Per Char- --Block--- -Rewrite-- -Per Char- --Block--- --04k (03)-\n"
		 "Machine    MB K/sec %CPU K/sec %CPU K/sec %CPU K/sec %CPU K/sec %CPU   /sec %CPU\n"
		 "localh 1* 256 21846 98.0 58316 14.0 11099  3.1 14346 64.6 18026  2.0  939.3  1.4\n");
	struct run r;
	run(&r, text);
	assert_int_equal(r.n, 1);
	const struct br_record *rec = r.ds.records.v[0];
	assert_string_equal(rec->host, "localh");
	assert_string_equal(rec->version, "1.2");
	assert_string_equal(param_str(&r, 0, "size"), "1*256");
	assert_true(param_num(&r, 0, "size_bytes") == 268435456.0);
	assert_fig(&r, 0, BR_M_putc, 21846, 98.0, false);
	assert_fig(&r, 0, BR_M_put_block, 58316, 14.0, false);
	assert_fig(&r, 0, BR_M_rewrite, 11099, 3.1, false);
	assert_fig(&r, 0, BR_M_seeks, 939.3, 1.4, false);
	assert_int_equal(rec->source.line, 1);
	assert_int_equal(rec->source.end_line, 11);
	assert_int_equal(warnings(&r), 0);
	done(&r);
}

/* The header typeset by a blog or wiki engine ("--" an em or en dash): the
 * same table, the progress lines above still its own. */
static void garloff_typographic_dashes(void **state)
{
	(void)state;
	char text[2048];
	snprintf(text, sizeof text, "%s%s", garloff,
		 "              \xe2\x80\x94-Sequential Output (nosync)\xe2\x80\x94- "
		 "\xe2\x80\x94-Sequential Input\xe2\x80\x94 \xe2\x80\x94Rnd Seek-\n"
		 "              -Per Char- \xe2\x80\x94" "Block\xe2\x80\x94- -Rewrite\xe2\x80\x93 "
		 "-Per Char- \xe2\x80\x93" "Block\xe2\x80\x93- \xe2\x80\x94" "04k (03)-\n"
		 "Machine    MB K/sec %CPU K/sec %CPU K/sec %CPU K/sec %CPU K/sec %CPU   /sec %CPU\n"
		 "localh 1* 256 21846 98.0 58316 14.0 11099  3.1 14346 64.6 18026  2.0  939.3  1.4\n");
	struct run r;
	run(&r, text);
	assert_int_equal(r.n, 1);
	assert_string_equal(r.ds.records.v[0]->host, "localh");
	assert_fig(&r, 0, BR_M_seeks, 939.3, 1.4, false);
	assert_int_equal(r.ds.records.v[0]->source.line, 1);
	assert_int_equal(warnings(&r), 0);
	done(&r);
}

/* Only the per-test lines were pasted: still a result, without seeks. */
static void garloff_progress_lines_alone(void **state)
{
	(void)state;
	struct run r;
	run(&r, garloff);
	assert_int_equal(r.n, 1);
	const struct br_record *rec = r.ds.records.v[0];
	assert_string_equal(rec->version, "1.2");
	assert_true(param_num(&r, 0, "size_bytes") == 268435456.0);
	assert_fig(&r, 0, BR_M_putc, 21846, 98.0, false);
	assert_fig(&r, 0, BR_M_get_block, 18026, 2.0, false);
	assert_false(br_record_get(rec, BR_M_seeks).present);
	assert_int_equal(br_record_metric_count(rec), 5);
	done(&r);
}

/* Per-test blocks of several runs: each block is its own run. */
static void garloff_blocks_do_not_mix(void **state)
{
	(void)state;
	struct run r;
	run(&r, "With the patch, the seekers hung:\n"
		"Bonnie 1.2: File './Bonnie.1602', size: 268435456, volumes: 1\n"
		"Writing with putc()...         done:  22011 kB/s  98.4 %CPU\n"
		"Rewriting...                   done:  12876 kB/s   3.5 %CPU\n"
		"Seeker 2...Seeker 1...\n"
		"\n"
		"The old build:\n"
		"\n"
		"Writing with putc()...  done:  13038 kB/s  99.8 %CPU\n"
		"Rewriting...            done:   5901 kB/s   6.0 %CPU\n"
		"Writing intelligently...done:  24110 kB/s  22.3 %CPU\n"
		"Reading with getc()...  done:  11804 kB/s  97.1 %CPU\n"
		"Reading intelligently...done:  27650 kB/s  12.4 %CPU\n"
		"Seeker 1...Seeker 2...Seeker 3...start 'em...done...done...done...\n"
		"            ---Sequential Output (nosync)--- ---Sequential Input-- --Rnd Seek-\n"
		"            -Per Char- --Block--- -Rewrite-- -Per Char- --Block--- --04k (03)-\n"
		"Machine  MB K/sec %CPU K/sec %CPU K/sec %CPU K/sec %CPU K/sec %CPU   /sec %CPU\n"
		"     1* 512 13038 99.8 24110 22.3  5901  6.0 11804 97.1 27650 12.4  188.7  2.9\n");
	assert_int_equal(r.n, 2);
	const struct br_record *a = r.ds.records.v[0], *b = r.ds.records.v[1];
	assert_string_equal(a->version, "1.2");
	assert_int_equal(a->source.line, 2);
	assert_int_equal(a->source.end_line, 5);
	assert_int_equal(br_record_metric_count(a), 2);
	assert_fig(&r, 0, BR_M_rewrite, 12876, 3.5, false);
	assert_null(b->version); /* the old build prints no "Bonnie 1.2:" */
	assert_null(b->host);
	assert_int_equal(b->source.line, 9);
	assert_string_equal(param_str(&r, 1, "size"), "1*512");
	assert_fig(&r, 1, BR_M_seeks, 188.7, 2.9, false);
	done(&r);
}

/* The plain progress lines of the original carry no figures: no record. */
static void plain_progress_lines_are_no_result(void **state)
{
	(void)state;
	struct run r;
	run(&r, "Bonnie was started like this:\n"
		"File './Bonnie.12345', size: 104857600\n"
		"Writing with putc()...done\n"
		"Rewriting...done\n"
		"and then the machine crashed.\n");
	assert_int_equal(r.n, 0);
	assert_int_equal(warnings(&r), 0);
	done(&r);
}

static void bonnie64(void **state)
{
	(void)state;
	struct run r;
	run(&r, "              -------Sequential Output-------- ---Sequential Input-- --Random--\n"
		"              -Per Char- --Block--- -Rewrite-- -Per Char- --Block--- --Seeks---\n"
		"Machine    GB M/sec %CPU M/sec %CPU M/sec %CPU M/sec %CPU M/sec %CPU  /sec %CPU\n"
		"EBS-1GB     1  50.0 77.0 454.5 75.9 155.8 19.6  58.0 77.0 1282.1 64.1 66666 66.7\n");
	assert_int_equal(r.n, 1);
	assert_string_equal(r.ds.records.v[0]->host, "EBS-1GB");
	assert_string_equal(param_str(&r, 0, "size"), "1GB");
	assert_true(param_num(&r, 0, "size_bytes") < 0); /* GB is no byte count */
	assert_fig(&r, 0, BR_M_putc, 50.0 * 1024, 77.0, false);
	assert_fig(&r, 0, BR_M_get_block, 1282.1 * 1024, 64.1, false);
	assert_fig(&r, 0, BR_M_seeks, 66666, 66.7, false);
	assert_string_equal(raw_of(fig(&r, 0, BR_M_put_block)), "454.5");
	assert_true(fabs(br_value_resolution(fig(&r, 0, BR_M_put_block)) - 102.4) < 1e-9);
	done(&r);

	/* with the stderr "File ... size:" line the byte count is known */
	run(&r, "File './Bonnie.4242', size: 1073741824\n"
		"Writing with putc()...done\n"
		"              -------Sequential Output-------- ---Sequential Input-- --Random--\n"
		"              -Per Char- --Block--- -Rewrite-- -Per Char- --Block--- --Seeks---\n"
		"Machine    GB M/sec %CPU M/sec %CPU M/sec %CPU M/sec %CPU M/sec %CPU  /sec %CPU\n"
		"box         1  50.0 77.0 454.5 75.9 155.8 19.6  58.0 77.0 1282.1 64.1 66666 66.7\n");
	assert_int_equal(r.n, 1);
	assert_true(param_num(&r, 0, "size_bytes") == 1073741824.0);
	done(&r);
}

static void html_row(void **state)
{
	(void)state;
	struct run r;
	run(&r, "Bonnie -html gave me this:\n"
		"<TR><TD>mach</TD><TD>100</TD><TD>2611</TD><TD>90.7</TD><TD>3924</TD><TD>86.2</TD>"
		"<TD>3201</TD><TD>13.3</TD><TD>4763</TD><TD>61.4</TD><TD>6736</TD><TD>24.4</TD>"
		"<TD>143.7</TD><TD>4.0</TD></TR>\n"
		"<tr><td></td><td>200</td><td>2000</td><td>80.0</td><td>3000</td><td>70.0</td>"
		"<td>3000</td><td>10.0</td><td>4000</td><td>60.0</td><td>6000</td><td>20.0</td>"
		"<td>100.0</td><td>3.0</td></tr>\n");
	assert_int_equal(r.n, 2);
	assert_string_equal(r.ds.records.v[0]->host, "mach");
	assert_string_equal(param_str(&r, 0, "size"), "100");
	assert_fig(&r, 0, BR_M_putc, 2611, 90.7, false);
	assert_fig(&r, 0, BR_M_seeks, 143.7, 4.0, false);
	assert_null(r.ds.records.v[1]->host);
	assert_fig(&r, 1, BR_M_get_block, 6000, 20.0, false);
	done(&r);
}

static void markdown_bold_and_tabs(void **state)
{
	(void)state;
	struct run r;
	run(&r, "              -------Sequential Output-------- ---Sequential Input-- --Random--\n"
		"              -Per Char- --Block--- -Rewrite-- -Per Char- --Block--- --Seeks---\n"
		"Machine    MB K/sec %CPU K/sec %CPU K/sec %CPU K/sec %CPU K/sec %CPU  /sec %CPU\n"
		"fast\t1000\t**88826**\t99.1\t90000 30.0 40000 20.0 80000 98.0 120000 40.0 300.5 2.0\n");
	assert_int_equal(r.n, 1);
	assert_string_equal(r.ds.records.v[0]->host, "fast");
	assert_fig(&r, 0, BR_M_putc, 88826, 99.1, true);
	assert_string_equal(raw_of(fig(&r, 0, BR_M_putc)), "88826");
	assert_fig(&r, 0, BR_M_put_block, 90000, 30.0, false);
	done(&r);
}

static void several_rows_and_label_lines(void **state)
{
	(void)state;
	struct run r;
	run(&r, "              -------Sequential Output-------- ---Sequential Input-- --Random--\n"
		"              -Per Char- --Block--- -Rewrite-- -Per Char- --Block--- --Seeks---\n"
		"Machine    MB K/sec %CPU K/sec %CPU K/sec %CPU K/sec %CPU K/sec %CPU  /sec %CPU\n"
		"pblade 1 (reiserfs defaults)\n"
		"pblade1   512  9000 90.0 20000 20.0  8000 10.0  9500 90.0 25000 15.0 150.0  1.0\n"
		"pblade 2 (ext2)\n"
		"pblade2   512  9100 91.0 21000 21.0  8100 11.0  9600 91.0 26000 16.0 160.0  1.1\n"
		"Thanks for reading.\n");
	assert_int_equal(r.n, 2);
	assert_string_equal(r.ds.records.v[0]->host, "pblade1");
	assert_string_equal(r.ds.records.v[1]->host, "pblade2");
	assert_non_null(r.ds.records.v[0]->label);
	assert_non_null(strstr(r.ds.records.v[0]->label, "pblade 1 (reiserfs defaults)"));
	assert_non_null(strstr(r.ds.records.v[1]->label, "pblade 2 (ext2)"));
	assert_int_equal(r.ds.records.v[1]->source.line, 6); /* from its label line */
	assert_true(r.claimed[3] && r.claimed[5]);
	assert_false(r.claimed[7]);
	assert_fig(&r, 1, BR_M_seeks, 160.0, 1.1, false);
	done(&r);

	/* a machine label that is a number: 14 numbers under a header */
	run(&r, "              -------Sequential Output-------- ---Sequential Input-- --Random--\n"
		"              -Per Char- --Block--- -Rewrite-- -Per Char- --Block--- --Seeks---\n"
		"Machine    MB K/sec %CPU K/sec %CPU K/sec %CPU K/sec %CPU K/sec %CPU  /sec %CPU\n"
		"386        50   611 97.7   802 40.1   401 20.3   733 95.2  1021 30.0  31.2  9.9\n");
	assert_int_equal(r.n, 1);
	assert_string_equal(r.ds.records.v[0]->host, "386");
	assert_string_equal(param_str(&r, 0, "size"), "50");
	assert_fig(&r, 0, BR_M_putc, 611, 97.7, false);
	done(&r);
}

/* A loop script appended its own columns after Bonnie's. */
static void wrapper_columns(void **state)
{
	(void)state;
	struct run r;
	run(&r, "            ---Sequential Output (nosync)--- ---Sequential Input-- --Rnd Seek-\n"
		"            -Per Char- --Block--- -Rewrite-- -Per Char- --Block--- --04k (03)-\n"
		"Machine  MB K/sec %CPU K/sec %CPU K/sec %CPU K/sec %CPU K/sec %CPU   /sec %CPU"
		" Iteration  Start Date&Time\n"
		"     1* 512 13038 99.8 24110 22.3  5901  6.0 11804 97.1 27650 12.4  188.7  2.9"
		"    1       2002-04-04 12:00\n"
		"     1* 512 13110 99.7 24391 22.5  5877  6.1 11850 97.0 27702 12.5  190.2  3.0"
		"    2       2002-04-04 12:09\n");
	assert_int_equal(r.n, 2);
	assert_string_equal(param_str(&r, 0, "size"), "1*512");
	assert_fig(&r, 0, BR_M_seeks, 188.7, 2.9, false);
	assert_fig(&r, 1, BR_M_putc, 13110, 99.7, false);
	assert_fig(&r, 1, BR_M_seeks, 190.2, 3.0, false);
	assert_int_equal(warnings(&r), 0);
	done(&r);
}

/* ------------------------------------------------------------------ damage */

static void hard_wrapped_rows(void **state)
{
	(void)state;
	struct run r;
	/* the last pair moved to the next line */
	run(&r, "              -------Sequential Output-------- ---Sequential Input-- --Random--\n"
		"              -Per Char- --Block--- -Rewrite-- -Per Char- --Block--- --Seeks---\n"
		"Machine    MB K/sec %CPU K/sec %CPU K/sec %CPU K/sec %CPU K/sec %CPU  /sec %CPU\n"
		"hostA     800 12000 95.0 38000 33.3 15000 15.0 13000 94.0 40809 11.4\n"
		"  382.1  2.4\n"
		"hostB     800 12000 95.0 38000 33.3 15000 15.0 13000 94.0 40809 11.4  38\n"
		"2.1  2.4\n");
	assert_int_equal(r.n, 2);
	assert_fig(&r, 0, BR_M_seeks, 382.1, 2.4, false);
	assert_int_equal(r.ds.records.v[0]->source.end_line, 5);
	/* a wrap that cut the seeks figure in two */
	assert_fig(&r, 1, BR_M_seeks, 382.1, 2.4, false);
	assert_fig(&r, 1, BR_M_get_block, 40809, 11.4, false);
	assert_int_equal(warnings(&r), 0);
	done(&r);

	/* a header line wrapped ("--Rn" / "d Seek-") */
	run(&r, "              ---Sequential Output (nosync)--- ---Sequential Input-- --Rn\n"
		"d Seek-\n"
		"              -Per Char- --Block--- -Rewrite-- -Per Char- --Block--- --04k (03)-\n"
		"Machine    MB K/sec %CPU K/sec %CPU K/sec %CPU K/sec %CPU K/sec %CPU   /sec %CPU\n"
		"localh 1* 256 21846 98.0 58316 14.0 11099  3.1 14346 64.6 18026  2.0  939.3  1.4\n");
	assert_int_equal(r.n, 1);
	assert_int_equal(r.ds.records.v[0]->source.line, 1);
	assert_true(r.claimed[1]);
	done(&r);
}

/* A mail signature ("-- ", lines up to a blank) between the header and
 * the rows, which a wrap took out of their original shape: the table stays
 * open over it. A "--" that starts no signature block (no blank line
 * within six lines) does not. */
static void signature_between_header_and_rows(void **state)
{
	(void)state;
	struct run r;
	run(&r, "              -------Sequential Output--------\n"
		"---Sequential Input-- --Random--\n"
		"              -Per Char- --Block--- -Rewrite-- -Per Char-\n"
		"--Block--- --Seeks---\n"
		"Machine    MB K/sec %CPU K/sec %CPU K/sec %CPU K/sec %CPU\n"
		"K/sec %CPU  /sec %CPU\n"
		"-- \n"
		"Jo Bloggs, Storage Team\n"
		"Sent from my phone\n"
		"\n"
		"\n"
		"nfs-a     256  3624 100.0 11044 16.1  6080 13.3  3292 98.2\n"
		"15683 19.4 184.4  3.0\n"
		"nfs-b     256  3638 100.0 11060 15.9  6179 13.0  3294 98.2\n"
		"15945 17.6 177.9  2.7\n");
	assert_int_equal(r.n, 2);
	assert_fig(&r, 0, BR_M_putc, 3624, 100.0, false);
	assert_fig(&r, 0, BR_M_seeks, 184.4, 3.0, false);
	assert_fig(&r, 1, BR_M_get_block, 15945, 17.6, false);
	done(&r);
}

/* A reply's own row added below the quoted table: titled by the prose
 * right above it, not by the quoted header's title. */
static void own_row_below_quoted_table(void **state)
{
	(void)state;
	struct run r;
	run(&r, "Bob wrote:\n"
		"> Results on the sparc with the stock kernel:\n"
		">\n"
		">               -------Sequential Output-------- ---Sequential Input-- --Random--\n"
		">               -Per Char- --Block--- -Rewrite-- -Per Char- --Block--- --Seeks---\n"
		"> Machine    MB K/sec %CPU K/sec %CPU K/sec %CPU K/sec %CPU K/sec %CPU  /sec %CPU\n"
		"> sparc20   100  1933 97.6  4610 40.2  1850 33.3  1790 95.8  4544 30.1  62.1  5.9\n"
		"\n"
		"Same test on my ultra5 with the patched kernel:\n"
		"\n"
		"ultra5    100  3112 98.0  7120 45.5  2844 30.1  2911 96.4  8210 31.0 120.4  8.1\n");
	assert_int_equal(r.n, 2);
	assert_non_null(strstr(r.ds.records.v[0]->label, "stock kernel"));
	assert_non_null(strstr(r.ds.records.v[1]->label, "ultra5 with the patched kernel"));
	assert_fig(&r, 1, BR_M_seeks, 120.4, 8.1, false);
	done(&r);
}

static void truncated_row_warns(void **state)
{
	(void)state;
	struct run r;
	run(&r, "              -------Sequential Output-------- ---Sequential Input-- --Random--\n"
		"              -Per Char- --Block--- -Rewrite-- -Per Char- --Block--- --Seeks---\n"
		"Machine    MB K/sec %CPU K/sec %CPU K/sec %CPU K/sec %CPU K/sec %CPU  /sec %CPU\n"
		"cutoff    100  2611 90.7  3924 86.2  3201\n"
		"\n"
		"That is all I have.\n");
	assert_int_equal(r.n, 0);
	assert_int_equal(warnings(&r), 1);
	assert_int_equal(r.ds.diags.v[0].line, 4);
	assert_non_null(strstr(r.ds.diags.v[0].message, "only 6 numbers"));
	done(&r);

	/* a header whose row never came */
	run(&r, "              -------Sequential Output-------- ---Sequential Input-- --Random--\n"
		"              -Per Char- --Block--- -Rewrite-- -Per Char- --Block--- --Seeks---\n"
		"Machine    MB K/sec %CPU K/sec %CPU K/sec %CPU K/sec %CPU K/sec %CPU  /sec %CPU\n"
		"\n"
		"(the numbers got lost, sorry)\n");
	assert_int_equal(r.n, 0);
	assert_int_equal(warnings(&r), 1);
	assert_int_equal(r.ds.diags.v[0].line, 1);
	done(&r);
}

/* ------------------------------------------------------------------ hand-edited tables */

#define HDR3 "              -------Sequential Output-------- ---Sequential Input-- --Random--\n" \
	     "              -Per Char- --Block--- -Rewrite-- -Per Char- --Block--- --Seeks---\n" \
	     "Machine    MB K/sec %CPU K/sec %CPU K/sec %CPU K/sec %CPU K/sec %CPU  /sec %CPU\n"

static void rows_read_from_the_right(void **state)
{
	(void)state;
	struct run r;
	run(&r, HDR3
		"frodo  2   256  3566 98.3  9086 13.7  3776  6.8  2975 88.5 16469 16.7 171.4  2.8\n"
		"1  sam     512  3652 100.0 11066 15.6  6014 10.6  2999 89.1 18276 17.4 185.5  2.8\n"
		"sam        512  3624 100. 11044 16.1  6080 13.3  3292 98.2 15683 19.4 184.4  3.0\n");
	assert_int_equal(r.n, 3);
	assert_string_equal(r.ds.records.v[0]->host, "frodo 2");
	assert_string_equal(param_str(&r, 0, "size"), "256");
	assert_fig(&r, 0, BR_M_putc, 3566, 98.3, false);
	assert_fig(&r, 0, BR_M_seeks, 171.4, 2.8, false);
	assert_string_equal(r.ds.records.v[1]->host, "1 sam");
	assert_string_equal(param_str(&r, 1, "size"), "512");
	assert_fig(&r, 1, BR_M_putc, 3652, 100.0, false);
	assert_string_equal(r.ds.records.v[2]->host, "sam");
	assert_fig(&r, 2, BR_M_putc, 3624, 100.0, false); /* "100." */
	assert_fig(&r, 2, BR_M_put_block, 11044, 16.1, false);
	assert_int_equal(warnings(&r), 0);
	done(&r);
}

static void label_number_without_mb_column(void **state)
{
	(void)state;
	struct run r;
	run(&r, "-------Sequential Output-------- ---Sequential Input-- --Random--\n"
		"-Per Char- --Block--- -Rewrite-- -Per Char- --Block--- --Seeks---\n"
		"Machine K/sec %CPU K/sec %CPU K/sec %CPU K/sec %CPU K/sec %CPU /sec %CPU\n"
		"RAID 0 15021 97.0 88826 65.2 31022 28.4 15880 98.1 102311 41.0 512.3 4.4\n"
		"SINGLE 14870 96.2 44102 33.0 17311 16.0 15540 97.9 51204 21.3 298.1 2.1\n");
	assert_int_equal(r.n, 2);
	assert_string_equal(r.ds.records.v[0]->host, "RAID 0");
	assert_null(br_record_param(r.ds.records.v[0], "size").key);
	assert_fig(&r, 0, BR_M_putc, 15021, 97.0, false);
	assert_fig(&r, 0, BR_M_seeks, 512.3, 4.4, false);
	assert_string_equal(r.ds.records.v[1]->host, "SINGLE");
	done(&r);
}

static void prompt_glued_to_the_row(void **state)
{
	(void)state;
	struct run r;
	run(&r, HDR3
		"sam        512  3699 98.7 12087 16.8  6133 11.2  3007 88.9 18299 18.0 188.8  3.0[root@sam "
		"bonnie]# ls\n");
	assert_int_equal(r.n, 1);
	assert_string_equal(r.ds.records.v[0]->host, "sam");
	assert_fig(&r, 0, BR_M_seeks, 188.8, 3.0, false);
	bool noted = false;
	for (size_t k = 0; k < r.ds.diags.n; k++)
		noted = noted || strstr(r.ds.diags.v[k].message, "'[root@sam bonnie]# ls'");
	assert_true(noted);
	done(&r);
}

static void damaged_row_costs_only_itself(void **state)
{
	(void)state;
	struct run r;
	/* a cut row, prose and a label line above a wrapped row: the table
	 * goes on */
	run(&r, HDR3
		"sam        512  3701 98.8 12092\n"
		"\n"
		"Then it came back and I ran it with the cache on:\n"
		"\n"
		"sam, cache on\n"
		"sam        512  3601 99.0  2611  4.6  6090 12.5  3250 96.9 14500 16.8\n"
		"172.9  2.5\n");
	assert_int_equal(r.n, 1);
	assert_int_equal(warnings(&r), 1);
	assert_int_equal(r.ds.diags.v[0].line, 4);
	assert_non_null(strstr(r.ds.records.v[0]->label, "sam, cache on"));
	assert_int_equal(r.ds.records.v[0]->source.line, 8);
	assert_int_equal(r.ds.records.v[0]->source.end_line, 10);
	assert_fig(&r, 0, BR_M_seeks, 172.9, 2.5, false);
	done(&r);

	/* after prose, numbers that do not start like a row end the table
	 * without a warning (another tool's table) */
	run(&r, HDR3
		"sam        512  3601 99.0  2611  4.6  6090 12.5  3250 96.9 14500 16.8 172.9  2.5\n"
		"2. rawio\n"
		"sam 1062.3 67 1008.2 62 1071.5 67 1054.0 64\n");
	assert_int_equal(r.n, 1);
	assert_int_equal(warnings(&r), 0);
	done(&r);

	/* nor is a Bonnie++ row (integer %CP) a few lines below the table */
	run(&r, HDR3
		"frodo      256  3624 99.0 11044 16.1  6080 13.3  3292 98.2 15683 19.4 184.4  3.0\n"
		"\n"
		"and with bonnie++ on the new box:\n"
		"newbox 4G 30348 47 35023 5 12701 2 30363 49 44790 6 165 0\n");
	assert_int_equal(r.n, 1);
	assert_string_equal(r.ds.records.v[0]->host, "frodo");
	done(&r);
}

/* Rows a hard wrap cut into two or three pieces, their headers wrapped
 * too: joined back with the fewest pieces that make a row; a volumes*MB
 * row is not read as twelve figures before its tail; a seeker line's
 * wrapped end keeps the progress lines with the table. */
static void rows_wrapped_into_pieces(void **state)
{
	(void)state;
	struct run r;
	run(&r, "                           ---Sequential Output (nosync)---\n"
		"---Sequential\n"
		"Input-- --Rnd Seek-\n"
		"                           -Per Char- --Block--- -Rewrite--\n"
		"-Per Char-\n"
		"--Block--- --04k (03)-\n"
		"                        MB K/sec %CPU K/sec %CPU K/sec %CPU\n"
		"K/sec %CPU\n"
		"K/sec %CPU   /sec %CPU\n"
		"plain_write_path       256 17110 98.2 29120 30.3 11620 16.6\n"
		"12550 76.9\n"
		"29310 17.0  240.1  2.2\n"
		"patched_write_path     256 16220 87.0 31010 22.4 10910 14.0\n"
		"11720 71.8\n"
		"29530 16.2  251.6  2.1\n");
	assert_int_equal(r.n, 2);
	assert_string_equal(r.ds.records.v[0]->host, "plain_write_path");
	assert_fig(&r, 0, BR_M_getc, 12550, 76.9, false);
	assert_fig(&r, 0, BR_M_seeks, 240.1, 2.2, false);
	assert_int_equal(r.ds.records.v[0]->source.end_line, 12);
	assert_fig(&r, 1, BR_M_get_block, 29530, 16.2, false);
	assert_int_equal(warnings(&r), 0);
	done(&r);

	run(&r, "File './Bonnie.3310', size: 536870912, volumes: 1\n"
		"Writing with putc()...  done:  41220 kB/s  88.1 %CPU\n"
		"Rewriting...            done:  18330 kB/s  14.2 %CPU\n"
		"Writing intelligently...done:  60210 kB/s  31.0 %CPU\n"
		"Reading with getc()...  done:  30112 kB/s  70.4 %CPU\n"
		"Reading intelligently...done:  70330 kB/s  15.6 %CPU\n"
		"Seeker 2...Seeker 1...Seeker 3...start\n"
		"'em...done...done...done...\n"
		"              ---Sequential Output (nosync)--- ---Sequential Input--\n"
		"--Rnd Seek-\n"
		"              -Per Char- --Block--- -Rewrite-- -Per Char- --Block---\n"
		"--04k\n"
		"(03)-\n"
		"Machine    MB K/sec %CPU K/sec %CPU K/sec %CPU K/sec %CPU K/sec %CPU\n"
		"/sec %CPU\n"
		"        1*512 41220 88.1 60210 31.0 18330 14.2 30112 70.4 70330 15.6\n"
		"401.3  2.6\n");
	assert_int_equal(r.n, 1);
	assert_int_equal(r.ds.records.v[0]->source.line, 1);
	assert_int_equal(r.ds.records.v[0]->source.end_line, 17);
	assert_fig(&r, 0, BR_M_putc, 41220, 88.1, false);
	assert_fig(&r, 0, BR_M_seeks, 401.3, 2.6, false);
	assert_string_equal(param_str(&r, 0, "size"), "1*512");
	done(&r);

	/* hand-edited rows: a run number in front (twelve numbers on the
	 * line are no row here: the header has an MB column), a disk count
	 * after the name, a shell prompt glued to the last piece */
	run(&r, HDR3
		"1  wren    512  3710 99.6 11240 15.9  6102 10.7  3021 89.3\n"
		"18330 17.6 187.2  2.9\n"
		"wren  2    512  3690 98.8 11190 15.7  6088 10.9  3010 88.9\n"
		"18310 17.5 186.0  2.8\n"
		"wren       512  3702 99.0 11201 15.8  6090 11.0  3015 89.1\n"
		"18322 17.7 186.9  3.0[me@wren ~]$ exit\n");
	assert_int_equal(r.n, 3);
	assert_string_equal(r.ds.records.v[0]->host, "1 wren");
	assert_fig(&r, 0, BR_M_putc, 3710, 99.6, false);
	assert_fig(&r, 0, BR_M_seeks, 187.2, 2.9, false);
	assert_string_equal(r.ds.records.v[1]->host, "wren 2");
	assert_fig(&r, 1, BR_M_seeks, 186.0, 2.8, false);
	assert_fig(&r, 2, BR_M_seeks, 186.9, 3.0, false);
	done(&r);

	/* a row without a label below a short row is a row of its own */
	run(&r, HDR3
		"frodo      256  3624 100. 11044 16.1  6080 13.3  3292 98.2\n"
		"          3638 99.7 11060 15.9  6179 13.0  3294 98.2 15945 17.6 177.9  2.7\n");
	assert_int_equal(r.n, 1);
	assert_null(r.ds.records.v[0]->host);
	assert_fig(&r, 0, BR_M_putc, 3638, 99.7, false);
	done(&r);
}

static void table_on_one_line(void **state)
{
	(void)state;
	struct run r;
	run(&r, "Posted 2003-02-11 14:02 -------Sequential Output-------- ---Sequential Input-- "
		"--Random-- -Per Char- --Block--- -Rewrite-- -Per Char- --Block--- --Seeks--- Machine "
		"MB K/sec %CPU K/sec %CPU K/sec %CPU K/sec %CPU K/sec %CPU /sec %CPU pippin 512 3707 "
		"99.1 12101 17.0 6120 11.0 3011 89.0 18301 17.9 190.2 3.3 my raid 5 box 512 3699 98.7 "
		"12087 16.8 6133 11.2 3007 88.9 18299 18.0 188.8 3.0\n");
	assert_int_equal(r.n, 2);
	assert_string_equal(r.ds.records.v[0]->host, "pippin");
	assert_string_equal(r.ds.records.v[1]->host, "my raid 5 box");
	assert_fig(&r, 0, BR_M_putc, 3707, 99.1, false);
	assert_fig(&r, 1, BR_M_seeks, 188.8, 3.0, false);
	assert_string_equal(param_str(&r, 1, "size"), "512");
	assert_true(r.claimed[0]);
	done(&r);

	/* the header alone with a cut row: no record */
	run(&r, "-------Sequential Output-------- ---Sequential Input-- --Random-- -Per Char- "
		"--Block--- -Rewrite-- -Per Char- --Block--- --Seeks--- Machine MB K/sec %CPU K/sec "
		"%CPU K/sec %CPU K/sec %CPU K/sec %CPU /sec %CPU legolas 512 3610 98.0 11012 16.1 6001 "
		"10.9 2990 88.1 17002\n");
	assert_int_equal(r.n, 0);
	done(&r);
}

/* ------------------------------------------------------------------ not ours */

static void prose_is_no_result(void **state)
{
	(void)state;
	struct run r;
	run(&r, "I ran bonnie on the 4 disk array with 100 MB and 2047 MB files; the block\n"
		"reads went from 12000 to 16000 K/sec, about 35% more, with 12.5 %CPU.\n"
		"Bonnie's seeks were 165.5 and 180.4 /sec on 5 and 6 disks, 201.6 on 7.\n"
		"1 2 3 4 5 6 7 8 9 10 11 12 13\n"
		"2001 2002 2003 2004 2005 2006 2007 2008 2009 2010 2011 2012\n");
	assert_int_equal(r.n, 0);
	assert_int_equal(warnings(&r), 0);
	done(&r);
}

static void bonniepp_and_rawio_are_not_bonnie(void **state)
{
	(void)state;
	struct run r;
	run(&r, "Version  1.03       ------Sequential Output------ --Sequential Input- --Random-\n"
		"                    -Per Chr- --Block-- -Rewrite- -Per Chr- --Block-- --Seeks--\n"
		"Machine        Size K/sec %CP K/sec %CP K/sec %CP K/sec %CP K/sec %CP  /sec %CP\n"
		"moudry.com       4G 30348  47 35023   5 12701   2 30363  49 44790   6 165.0   0\n"
		"Collapsed, without its header:\n"
		"test1.dmotor 3000M 6618 27 9314 6 3699 1 20058 76 28822 7 179.9 0\n"
		"            Random read       Sequential read    Random write   Sequential write\n"
		"ID          K/sec  /sec       K/sec  /sec       K/sec  /sec      K/sec  /sec\n"
		"A_STRIPE   2170.2   135      7060.9   431      2262.2*  140*    3596.3   219\n");
	assert_int_equal(r.n, 0);
	assert_int_equal(warnings(&r), 0);
	done(&r);
}

/* Without any header only the exact printf shape of a Bonnie row counts. */
static void headerless_rows(void **state)
{
	(void)state;
	struct run r;
	run(&r, "My bonnie run on the new box:\n"
		"newbox    300 10234 95.1 30456 25.2 12000 12.0 11000 90.3 45000 20.1 250.3  2.2\n"
		"and the same figures with integer CPU, which bonnie never prints:\n"
		"newbox    300 10234 95 30456 25 12000 12 11000 90 45000 20 250.3 2\n");
	assert_int_equal(r.n, 1);
	assert_string_equal(r.ds.records.v[0]->host, "newbox");
	assert_fig(&r, 0, BR_M_put_block, 30456, 25.2, false);
	assert_int_equal(warnings(&r), 0);
	done(&r);
}

/* Lines claimed by an earlier parser are left alone. */
static void claimed_lines_are_skipped(void **state)
{
	(void)state;
	struct run r;
	memset(&r, 0, sizeof r);
	r.doc = br_doc_from_mem("t.txt", original, strlen(original));
	r.claimed = calloc(r.doc->nlines + 1, 1);
	r.claimed[10] = 1; /* the row */
	struct br_parse_ctx ctx = {0};
	ctx.doc = r.doc;
	ctx.ds = &r.ds;
	ctx.parser = br_parser_by_name("bonnie");
	ctx.claimed = r.claimed;
	r.n = ctx.parser->parse(&ctx);
	assert_int_equal(r.n, 0);
	done(&r);
}

/* A note after a row's figures titles the row; the next shell prompt run
 * into it does not. */
static void notes_title_rows(void **state)
{
	(void)state;
	struct run r;
	run(&r, "Only the kernel changed:\n\n"
		"              -------Sequential Output-------- ---Sequential Input-- --Random--\n"
		"              -Per Char- --Block--- -Rewrite-- -Per Char- --Block--- --Seeks---\n"
		"Machine    MB K/sec %CPU K/sec %CPU K/sec %CPU K/sec %CPU K/sec %CPU  /sec %CPU\n"
		"athlon    512  9811 97.3 24511 20.1  8710  7.2  9012 88.1 27012  9.8 181.2  1.1  <- 2.4.9\n"
		"athlon    512  9855 97.4 27711 23.1  9790  8.4  9088 88.5 29102 10.0 183.3  1.2  [me@athlon ~]$ exit\n");
	assert_int_equal(r.n, 2);
	assert_string_equal(r.ds.records.v[0]->label, "Only the kernel changed / 2.4.9");
	assert_string_equal(r.ds.records.v[1]->label, "Only the kernel changed");
	assert_true(br_record_get(r.ds.records.v[1], BR_M_seeks).value == 183.3);
	done(&r);
}

/* A row a wrap cut, its note going along with its last figures: the
 * pieces join and the note still titles the row; a piece with words that
 * are no note ("ms in all") is no piece of it. */
static void notes_on_wrapped_pieces(void **state)
{
	(void)state;
	struct run r;
	run(&r, "Only the kernel changed:\n\n"
		"              -------Sequential Output-------- ---Sequential Input-- --Random--\n"
		"              -Per Char- --Block--- -Rewrite-- -Per Char- --Block--- --Seeks---\n"
		"Machine    MB K/sec %CPU K/sec %CPU K/sec %CPU K/sec %CPU K/sec %CPU  /sec %CPU\n"
		"athlon    512  9811 97.3 24511 20.1  8710  7.2  9012 88.1 27012  9.8\n"
		"181.2  1.1  <- 2.4.9\n"
		"athlon    512  9855 97.4 27711 23.1  9790  8.4  9088 88.5 29102 10.0\n"
		"183.3  1.2  (2.4.10)\n");
	assert_int_equal(r.n, 2);
	assert_string_equal(r.ds.records.v[0]->label, "Only the kernel changed / 2.4.9");
	assert_string_equal(r.ds.records.v[1]->label, "Only the kernel changed / 2.4.10");
	assert_fig(&r, 0, BR_M_seeks, 181.2, 1.1, false);
	assert_fig(&r, 1, BR_M_seeks, 183.3, 1.2, false);
	done(&r);
}

/* A word cut by a wrap counts as a piece of a Bonnie header word only if
 * it is the start (at the end of the line) or the end (at its start) of a
 * word of Bonnie's own: "Laten" begins only Bonnie++'s "Latency", so the
 * line holding it is no header and the record starts at the units line.
 * "Rewr" / "ential" are pieces of Bonnie's words: the header goes on. */
static void header_fragments(void **state)
{
	(void)state;
	static const char *const tails[][2] = {
		{" Laten", "5"}, {" Rewr", "3"},
	};
	for (size_t k = 0; k < sizeof tails / sizeof *tails; k++) {
		char text[1024];
		snprintf(text, sizeof text,
			 "A run:\n\n"
			 "              -------Sequential Output-------- ---Sequential Input-- --Random--\n"
			 "              -Per Char- --Block--- -Rewrite-- -Per Char- --Block--- --Seeks---%s\n"
			 "Machine    MB K/sec %%CPU K/sec %%CPU K/sec %%CPU K/sec %%CPU K/sec %%CPU  /sec %%CPU\n"
			 "fs-101    101 41231 97.1 98212 41.3 47734 30.2 44121 98.0 410234 99.9 12011.3 95.1\n",
			 tails[k][0]);
		struct run r;
		run(&r, text);
		assert_int_equal(r.n, 1);
		assert_int_equal(r.ds.records.v[0]->source.line, atoi(tails[k][1]));
		done(&r);
	}
	struct run r;
	run(&r, "A run:\n\n"
		"ential Output-------- ---Sequential Input-- --Random--\n"
		"              -Per Char- --Block--- -Rewrite-- -Per Char- --Block--- --Seeks---\n"
		"Machine    MB K/sec %CPU K/sec %CPU K/sec %CPU K/sec %CPU K/sec %CPU  /sec %CPU\n"
		"fs-101    101 41231 97.1 98212 41.3 47734 30.2 44121 98.0 410234 99.9 12011.3 95.1\n");
	assert_int_equal(r.n, 1);
	assert_int_equal(r.ds.records.v[0]->source.line, 3);
	done(&r);
}

/* detect(): each of the words every Bonnie result holds, at the start, in
 * the middle and at the very end of the bytes; prose without them is not
 * worth a look (near misses of the rate units and of "onnie" included). */
static void detect_words(void **state)
{
	(void)state;
	const struct br_parser *p = br_parser_by_name("bonnie");
	static const char *const yes[] = {
		"%CPU", "x Per Char y", "40 K/sec", "K/sec", "M/sec\n", "12 kB/s", "kB/s",
		"Sequential", "bonnie", "Bonnie", "BONNIE", "onnie", "<TD>", "<td", "ran bonnie -s 100",
	};
	static const char *const no[] = {
		"", "K/se", "/sec", "k/sec", "KB/s", "kb/s", "B/s", "onni", "onie", "nnie", "Bonni e",
		"sequential", "a plain line of prose, no tool named in it\n",
	};
	for (size_t i = 0; i < sizeof yes / sizeof *yes; i++) {
		struct br_doc *d = br_doc_from_mem("t.txt", yes[i], strlen(yes[i]));
		if (!p->detect(d))
			fail_msg("detect missed '%s'", yes[i]);
		br_doc_free(d);
	}
	for (size_t i = 0; i < sizeof no / sizeof *no; i++) {
		struct br_doc *d = br_doc_from_mem("t.txt", no[i], strlen(no[i]));
		if (p->detect(d))
			fail_msg("detect took '%s'", no[i]);
		br_doc_free(d);
	}
}

/* Best-value marks a Markdown converter escaped ("6960\\*"), in a row where
 * the escape stage did not run (a lone such row): marks as '*' is. */
static void escaped_marks(void **state)
{
	(void)state;
	struct run r;
	run(&r, "              -------Sequential Output-------- ---Sequential Input-- --Random--\n"
		"              -Per Char- --Block--- -Rewrite-- -Per Char- --Block--- --Seeks---\n"
		"Machine    MB K/sec %CPU K/sec %CPU K/sec %CPU K/sec %CPU K/sec %CPU  /sec %CPU\n"
		"QUANTUM   100  6960\\* 38.6  8995\\* 12.6  3301 13.3  4863 61.4  6836 24.4 153.7  4.0\n");
	assert_int_equal(r.n, 1);
	assert_fig(&r, 0, BR_M_putc, 6960, 38.6, true);
	assert_fig(&r, 0, BR_M_put_block, 8995, 12.6, true);
	assert_fig(&r, 0, BR_M_rewrite, 3301, 13.3, false);
	done(&r);
}

/* Figures with a decimal comma (a de_DE locale: "95,1") or thousands
 * separators ("18,234"), and a machine name of two words: read, their
 * printed form plain. */
static void comma_figures_and_spaced_names(void **state)
{
	(void)state;
	struct run r;
	run(&r, "              -------Sequential Output-------- ---Sequential Input-- --Random--\n"
		"              -Per Char- --Block--- -Rewrite-- -Per Char- --Block--- --Seeks---\n"
		"Machine    MB K/sec %CPU K/sec %CPU K/sec %CPU K/sec %CPU K/sec %CPU  /sec %CPU\n"
		"quantum   256  4123 95,1  8012 21,3  3120  9,8  3988 90,2  9120 11,4 110,5  2,1\n"
		"dell 2650 1024 18,234 89.1 42,011 31.2 17,012 14.3 19,230 91.0 51,234 19.8 321.4  2.3\n");
	assert_int_equal(r.n, 2);
	assert_fig(&r, 0, BR_M_putc, 4123, 95.1, false);
	assert_fig(&r, 0, BR_M_seeks, 110.5, 2.1, false);
	assert_string_equal(raw_of(fig(&r, 0, BR_M_seeks)), "110.5");
	assert_string_equal(r.ds.records.v[1]->host, "dell 2650");
	assert_fig(&r, 1, BR_M_putc, 18234, 89.1, false);
	assert_string_equal(raw_of(fig(&r, 1, BR_M_get_block)), "51234");
	done(&r);
}

/* A row of the six rates with its %CPU figures on the line under it, each
 * right of its rate: one row, every CPU read. */
static void cpu_figures_on_line_below(void **state)
{
	(void)state;
	struct run r;
	run(&r, "              -------Sequential Output-------- ---Sequential Input-- --Random--\n"
		"              -Per Char- --Block--- -Rewrite-- -Per Char- --Block--- --Seeks---\n"
		"Machine    MB K/sec      K/sec      K/sec      K/sec      K/sec       /sec\n"
		"oldbox    100  2611       3924       3201       4763       6736      143.7\n"
		"   %CPU        90.7       86.2       13.3       61.4       24.4        4.0\n");
	assert_int_equal(r.n, 1);
	assert_string_equal(r.ds.records.v[0]->host, "oldbox");
	assert_fig(&r, 0, BR_M_putc, 2611, 90.7, false);
	assert_fig(&r, 0, BR_M_get_block, 6736, 24.4, false);
	assert_fig(&r, 0, BR_M_seeks, 143.7, 4.0, false);
	assert_int_equal(r.ds.records.v[0]->source.end_line, 5);
	done(&r);
}

/* The line below is named as bonnie++ hand tables name theirs ("cpu %",
 * "*CPU*"): one rule for both parsers (br_parse_cpu_name). */
static void cpu_row_below_named_as_hand_tables(void **state)
{
	(void)state;
	struct run r;
	run(&r, "              -------Sequential Output-------- ---Sequential Input-- --Random--\n"
		"              -Per Char- --Block--- -Rewrite-- -Per Char- --Block--- --Seeks---\n"
		"Machine    MB K/sec      K/sec      K/sec      K/sec      K/sec       /sec\n"
		"oldbox    100  2611       3924       3201       4763       6736      143.7\n"
		"  cpu %        90.7       86.2       13.3       61.4       24.4        4.0\n"
		"newbox    100  5120       7301       4022       6120       9120      201.5\n"
		" *CPU*         95.1       44.0       20.2       80.3       30.1        6.5\n");
	assert_int_equal(r.n, 2);
	assert_fig(&r, 0, BR_M_putc, 2611, 90.7, false);
	assert_fig(&r, 0, BR_M_seeks, 143.7, 4.0, false);
	assert_fig(&r, 1, BR_M_rewrite, 4022, 20.2, false);
	assert_fig(&r, 1, BR_M_seeks, 201.5, 6.5, false);
	done(&r);
}

/* A %CPU of four digits ("2611 9021") is no CPU use Bonnie printed: the
 * figure is kept without it, with a warning; 187.9 (the seekers) stays. */
static void cpu_over_three_digits(void **state)
{
	(void)state;
	struct run r;
	run(&r, "              -------Sequential Output-------- ---Sequential Input-- --Random--\n"
		"              -Per Char- --Block--- -Rewrite-- -Per Char- --Block--- --Seeks---\n"
		"Machine    MB K/sec %CPU K/sec %CPU K/sec %CPU K/sec %CPU K/sec %CPU  /sec %CPU\n"
		"oldbox    100  2611 9021  3924 86.2  3201 13.3  4763 61.4  6736 24.4 143.7 187.9\n");
	assert_int_equal(r.n, 1);
	const struct br_value v = fig(&r, 0, BR_M_putc);
	assert_true(v.value == 2611 && !v.has_cpu);
	assert_fig(&r, 0, BR_M_put_block, 3924, 86.2, false);
	assert_fig(&r, 0, BR_M_seeks, 143.7, 187.9, false);
	assert_int_equal(r.ds.diags.n, 1);
	assert_non_null(strstr(r.ds.diags.v[0].message, "9021"));
	done(&r);
}

/* A disk's name on the line above a row with no machine label ("sdc",
 * "/dev/md0 (raid0)") is the record's host, as hdparm's device header
 * makes it, its note the title; a colon after a row's own name is not part
 * of it; a label line that names no disk stays a title. */
static void device_named_above_row(void **state)
{
	(void)state;
	struct run r;
	run(&r, "Bonnie on each disk of the box:\n\n"
		"              -------Sequential Output-------- ---Sequential Input-- --Random--\n"
		"              -Per Char- --Block--- -Rewrite-- -Per Char- --Block--- --Seeks---\n"
		"Machine    MB K/sec %CPU K/sec %CPU K/sec %CPU K/sec %CPU K/sec %CPU  /sec %CPU\n"
		"sdc\n"
		"          512  7721 95.1 21044 18.2  8830 12.0  7410 90.3 24800 15.1 190.3  2.9\n"
		"/dev/md0 (raid0)\n"
		"          512  8012 96.0 38270 30.1 13100 19.4  7990 93.0 52010 28.7 280.6  4.1\n"
		"hda:     512  4410 93.2  9870 10.5  4002  7.7  4630 88.0 11020  9.8 110.4  1.8\n"
		"second try\n"
		"          512  4420 93.0  9880 10.4  4010  7.6  4640 88.1 11030  9.9 111.0  1.9\n");
	assert_int_equal(r.n, 4);
	assert_string_equal(rec(&r, 0)->host, "sdc");
	assert_string_equal(rec(&r, 0)->label, "Bonnie on each disk of the box");
	assert_string_equal(rec(&r, 1)->host, "/dev/md0");
	assert_string_equal(rec(&r, 1)->label, "Bonnie on each disk of the box / raid0");
	assert_string_equal(rec(&r, 2)->host, "hda");
	assert_null(rec(&r, 3)->host);
	assert_string_equal(rec(&r, 3)->label, "Bonnie on each disk of the box / second try");
	assert_fig(&r, 1, BR_M_put_block, 38270, 30.1, false);
	done(&r);
}

/* A table of Bonnie results typed by hand, with the poster's words over
 * the columns: "File" / "MB" over two lines (or a units line under the
 * words), "Char" / "out" stacked, the header collapsed and quoted; the
 * words map to Bonnie's figures, the MB column is the size. Prices or
 * temperatures under like words are no such table. */
static void hand_table_file_mb(void **state)
{
	(void)state;
	struct run r;
	run(&r, "Machine     File   Char out  Block out  Rewrite   Char in  Block in   Seeks\n"
		"              MB      K/sec      K/sec    K/sec     K/sec     K/sec    /sec\n"
		"sparc5        100      1120       1877      812      1022      2011    41.2\n"
		"ultra1        200      4011       7230     3011      3990      8122   120.1\n"
		"\n"
		"            File    Char   Block           Char   Block\n"
		"Machine       MB     out     out Rewrite     in      in  Seeks\n"
		"fs-a        1024    9120   31022   12033   8804   40110  301.2\n"
		"\n"
		"> Machine File MB Char out Block out Rewrite Char in Block in Seeks\n"
		"> raid5 2047 8120 24380 9013 7730 30122 210.5\n"
		"\n"
		"Array  File MB  Char out %CPU  Block out %CPU  Rewrite %CPU  Char in %CPU  Block in %CPU  Seeks\n"
		"r10       4096     50.0 97.1       454.5 60.2    155.8 20.1     58.0 95.5     1282.1 40.3   6666\n");
	assert_int_equal(r.n, 4); /* not the last: rates with decimals, no M/sec */
	assert_string_equal(rec(&r, 0)->host, "sparc5");
	assert_string_equal(param_str(&r, 0, "size"), "100");
	assert_true(param_num(&r, 1, "size_bytes") == 200.0 * 1048576);
	const struct br_value v = fig(&r, 1, BR_M_seeks);
	assert_true(v.value == 120.1 && !v.has_cpu);
	assert_true(fig(&r, 0, BR_M_getc).value == 1022);
	assert_string_equal(rec(&r, 2)->host, "fs-a");
	assert_true(fig(&r, 2, BR_M_put_block).value == 31022);
	assert_true(fig(&r, 2, BR_M_rewrite).value == 12033);
	assert_true(fig(&r, 2, BR_M_get_block).value == 40110);
	assert_string_equal(param_str(&r, 2, "size"), "1024");
	assert_string_equal(rec(&r, 3)->host, "raid5");
	assert_true(fig(&r, 3, BR_M_seeks).value == 210.5);
	assert_string_equal(param_str(&r, 3, "size"), "2047");
	done(&r);

	run(&r, "Bonnie-64, my own table:\n"
		"Array  File MB  Char out %CPU  Block out %CPU  Rewrite %CPU  Char in %CPU  Block in %CPU  Seeks\n"
		"          M/sec\n"
		"r10       4096     50.0 97.1       454.5 60.2    155.8 20.1     58.0 95.5     1282.1 40.3   6666\n");
	assert_int_equal(r.n, 0);
	done(&r);
	run(&r, "Array  File MB  Char out M/sec %CPU  Block out M/sec %CPU  Rewrite M/sec %CPU  Char in M/sec %CPU  Block in M/sec %CPU  Seeks\n"
		"r10       4096     50.0 97.1       454.5 60.2    155.8 20.1     58.0 95.5     1282.1 40.3   6666\n");
	assert_int_equal(r.n, 1);
	assert_fig(&r, 0, BR_M_put_block, 454.5 * 1024, 60.2, false);
	assert_true(fig(&r, 0, BR_M_seeks).value == 6666);
	done(&r);

	/* cells left blank in an aligned table: each figure where its
	 * column's end in the first full row; a row out of line ends it */
	run(&r, "Bonnie 1.2, seeks not run everywhere:\n"
		"Machine     File   Char out  Block out  Rewrite   Char in  Block in   Seeks\n"
		"sparc5        100      1120       1877      812      1022      2011    41.2\n"
		"sparc10       100      1410       2230      990      1300      2510\n"
		"ultra2        200                 9120     3500                9870   130.9\n"
		"ultra3 200 9120 3500 9870 130.9\n");
	assert_int_equal(r.n, 3);
	assert_true(fig(&r, 1, BR_M_get_block).value == 2510);
	assert_false(br_record_get(rec(&r, 1), BR_M_seeks).present);
	assert_false(br_record_get(rec(&r, 2), BR_M_putc).present);
	assert_true(fig(&r, 2, BR_M_put_block).value == 9120);
	assert_true(fig(&r, 2, BR_M_rewrite).value == 3500);
	assert_false(br_record_get(rec(&r, 2), BR_M_getc).present);
	assert_true(fig(&r, 2, BR_M_get_block).value == 9870);
	assert_true(fig(&r, 2, BR_M_seeks).value == 130.9);
	done(&r);

	/* prices, temperatures */
	run(&r, "Machine   File MB  Char out  Block out  Rewrite  Char in  Block in   Seeks\n"
		"pluto         256     12.50      89.90    45.00    12.50     89.90   120.00\n"
		"\n"
		"Machine      Temp in   Temp out   Block   Seeks   Rewrite\n"
		"pluto             21         34      12       3         1\n"
		"\n"
		"Item     Char   Block   Seeks\n"
		"disk       12      80      20\n");
	assert_int_equal(r.n, 0);
	done(&r);
}

/* A row with no header that a quoted reply's re-wrap cut in two is joined
 * when the pieces make Bonnie's own row's exact shape (was: no record);
 * pieces that make no such row (integer CPU figures, a sentence's numbers)
 * stay unread. */
static void headerless_row_wrapped(void **state)
{
	(void)state;
	struct run r;
	run(&r, "Peter wrote:\n"
		"> Bonnie on the sun4u with the new disk, the row as it printed:\n"
		"> sun4u 200 4011 88.1 7230 30.2 3011 12.0 3990 80.5\n"
		"> 8122 20.1 120.1 2.0\n"
		"> is that any good?\n");
	assert_int_equal(r.n, 1);
	assert_string_equal(r.ds.records.v[0]->host, "sun4u");
	assert_string_equal(param_str(&r, 0, "size"), "200");
	assert_fig(&r, 0, BR_M_get_block, 8122, 20.1, false);
	assert_fig(&r, 0, BR_M_seeks, 120.1, 2.0, false);
	done(&r);
	run(&r, "Bonnie on the sun4u with the new disk:\n"
		"sun4u 200 4011 88 7230 30 3011 12 3990 80\n"
		"8122 20 120.1 2\n");
	assert_int_equal(r.n, 0);
	done(&r);
	run(&r, "Bonnie, then the load: 1 2.5 3 4.5 5 6.5 7\n"
		"8 9.5 10 11.5 12.5 1.0\n");
	assert_int_equal(r.n, 0);
	done(&r);
}

int main(void)
{
	br_parsers_init(); /* the tools' words for decoding and labels */
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(original_table),
		cmocka_unit_test(comma_figures_and_spaced_names),
		cmocka_unit_test(collapsed_with_glued_asterisks),
		cmocka_unit_test(collapsed_machine_line_without_mb),
		cmocka_unit_test(multi_volume_and_overflow),
		cmocka_unit_test(garloff_variant),
		cmocka_unit_test(garloff_typographic_dashes),
		cmocka_unit_test(garloff_progress_lines_alone),
		cmocka_unit_test(garloff_blocks_do_not_mix),
		cmocka_unit_test(plain_progress_lines_are_no_result),
		cmocka_unit_test(bonnie64),
		cmocka_unit_test(html_row),
		cmocka_unit_test(markdown_bold_and_tabs),
		cmocka_unit_test(several_rows_and_label_lines),
		cmocka_unit_test(wrapper_columns),
		cmocka_unit_test(hard_wrapped_rows),
		cmocka_unit_test(truncated_row_warns),
		cmocka_unit_test(prose_is_no_result),
		cmocka_unit_test(bonniepp_and_rawio_are_not_bonnie),
		cmocka_unit_test(headerless_rows),
		cmocka_unit_test(claimed_lines_are_skipped),
		cmocka_unit_test(header_fragments),
		cmocka_unit_test(notes_title_rows),
		cmocka_unit_test(notes_on_wrapped_pieces),
		cmocka_unit_test(rows_read_from_the_right),
		cmocka_unit_test(label_number_without_mb_column),
		cmocka_unit_test(prompt_glued_to_the_row),
		cmocka_unit_test(damaged_row_costs_only_itself),
		cmocka_unit_test(table_on_one_line),
		cmocka_unit_test(rows_wrapped_into_pieces),
		cmocka_unit_test(detect_words),
		cmocka_unit_test(escaped_marks),
		cmocka_unit_test(signature_between_header_and_rows),
		cmocka_unit_test(own_row_below_quoted_table),
		cmocka_unit_test(cpu_figures_on_line_below),
		cmocka_unit_test(cpu_row_below_named_as_hand_tables),
		cmocka_unit_test(cpu_over_three_digits),
		cmocka_unit_test(device_named_above_row),
		cmocka_unit_test(hand_table_file_mb),
		cmocka_unit_test(headerless_row_wrapped),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
