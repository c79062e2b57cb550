/* Unit tests: the bonnie++ CSV parser on literal snippets — every layout,
 * markers, latency units, empty fields, header lines, field-count errors and
 * the archive-damage repairs. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "raw_of.h"
#include "dataset.h"
#include "doc.h"
#include "label.h"
#include "parser.h"
#include "regex.h"

#include "parser_run.h"

/* The bonnie++-csv parser alone over an already loaded document. */
static void run_doc(struct run *r, struct br_doc *doc)
{
	run_parser_doc(r, "bonnie++-csv", doc, false, NULL, 0);
}

static void run(struct run *r, const char *text)
{
	run_parser(r, "bonnie++-csv", text, false);
}

/* The formatted text of the first diagnostic of at least `sev` that
 * contains `needle` (asserts there is one); caller frees. */
static char *diag_with(const struct run *r, enum br_severity sev, const char *needle)
{
	for (size_t i = 0; i < r->ds.diags.n; i++) {
		const struct br_diag *d = &r->ds.diags.v[i];
		if (d->severity < sev || !strstr(d->message, needle))
			continue;
		struct br_buf b = BR_BUF_INIT;
		br_diag_format(d, &b);
		return br_buf_detach(&b);
	}
	fail_msg("no diagnostic containing '%s'", needle);
	return NULL;
}

static double pnum(const struct br_record *r, const char *key)
{
	struct br_param p = br_record_param(r, key);
	assert_non_null(p.key);
	assert_null(p.str);
	return p.num;
}

static const char *pstr(const struct br_record *r, const char *key)
{
	struct br_param p = br_record_param(r, key);
	assert_non_null(p.key);
	assert_non_null(p.str);
	return p.str;
}

static void near(double a, double b)
{
	if (fabs(a - b) > 1e-9 * fmax(1, fabs(b)))
		fail_msg("%.17g != %.17g", a, b);
}

/* A figure with a value, its raw text and (cpu < 0: none) its cpu. */
static void fig(const struct br_record *r, enum br_metric_id id, double value, const char *raw,
		double cpu)
{
	const struct br_value v = br_record_get(r, id);
	assert_true(v.present);
	assert_true(v.has_value);
	assert_false(v.too_fast);
	near(v.value, value);
	assert_string_equal(raw_of(v), raw);
	if (cpu < 0) {
		assert_false(v.has_cpu);
	} else {
		assert_true(v.has_cpu);
		near(v.cpu, cpu);
	}
}

static void too_fast(const struct br_record *r, enum br_metric_id id)
{
	const struct br_value v = br_record_get(r, id);
	assert_true(v.present);
	assert_false(v.has_value);
	assert_true(v.too_fast);
	assert_false(v.has_cpu);
	assert_string_equal(raw_of(v), "+++++");
}

/* ------------------------------------------------------------ 1.0x */

static const char *seed001 =
	"test1.dmotorworks.com,3000M,6618,27,9314,6,3699,1,20058,76,28822,7,179.9,0,16,2339,91,"
	"+++++,+++,+++++,+++,2398,93,+++++,+++,5394,85\n";

static void layout_103(void **state)
{
	(void)state;
	struct run r;
	run(&r, seed001);
	assert_int_equal(r.n, 1);
	struct br_record *x = rec(&r, 0);
	assert_int_equal(x->tool, BR_TOOL_BONNIEPP);
	assert_null(x->version);
	assert_string_equal(x->host, "test1.dmotorworks.com");
	assert_string_equal(x->source.format, "bonnie++-csv");
	assert_int_equal(x->source.line, 1);
	assert_int_equal(x->source.end_line, 1);
	assert_string_equal(pstr(x, "size"), "3000M");
	near(pnum(x, "size_bytes"), 3000.0 * 1048576);
	near(pnum(x, "files"), 16384);
	fig(x, BR_M_putc, 6618, "6618", 27);
	fig(x, BR_M_put_block, 9314, "9314", 6);
	fig(x, BR_M_rewrite, 3699, "3699", 1);
	fig(x, BR_M_getc, 20058, "20058", 76);
	fig(x, BR_M_get_block, 28822, "28822", 7);
	fig(x, BR_M_seeks, 179.9, "179.9", 0);
	fig(x, BR_M_seq_create, 2339, "2339", 91);
	too_fast(x, BR_M_seq_stat);
	too_fast(x, BR_M_seq_del);
	fig(x, BR_M_ran_create, 2398, "2398", 93);
	too_fast(x, BR_M_ran_stat);
	fig(x, BR_M_ran_del, 5394, "5394", 85);
	/* printed steps, for the merge with the text report */
	near(br_value_resolution(br_record_get(x, BR_M_putc)), 1);
	near(br_value_resolution(br_record_get(x, BR_M_seeks)), 0.1);
	assert_int_equal(br_record_metric_count(x), 12);
	assert_false(br_record_get(x, BR_M_putc_latency).present);
	assert_int_equal(warnings(&r), 0);
	done(&r);
}

static void layout_103e_chunk_and_file_spec(void **state)
{
	(void)state;
	struct run r;
	run(&r, "h103e,64M:4k,+++++,+++,+++++,+++,+++++,+++,+++++,+++,+++++,+++,+++++,+++,"
		"1:2000:100/4,1621,99,+++++,+++,+++++,+++,1781,98,+++++,+++,+++++,+++\n");
	assert_int_equal(r.n, 1);
	struct br_record *x = rec(&r, 0);
	assert_string_equal(pstr(x, "size"), "64M:4k");
	near(pnum(x, "size_bytes"), 64.0 * 1048576);
	near(pnum(x, "chunk_size"), 4096);
	near(pnum(x, "files"), 1024);
	near(pnum(x, "max_size"), 2000);
	near(pnum(x, "min_size"), 100);
	near(pnum(x, "num_dirs"), 4);
	too_fast(x, BR_M_putc);
	too_fast(x, BR_M_seeks);
	fig(x, BR_M_seq_create, 1621, "1621", 99);
	fig(x, BR_M_ran_create, 1781, "1781", 98);
	done(&r);
}

static void layout_100_plain_mb(void **state)
{
	(void)state;
	struct run r;
	/* 1.00: size in MB, a CPU number next to +++++, seeks "%4.1f" */
	run(&r, "ancient,300,2012,97,4112,10,1950,6,2001,95,4411,7, 95.2,2,16,501,97,+++++,98,"
		"+++++,95,520,96,+++++,99,1400,94\n");
	assert_int_equal(r.n, 1);
	struct br_record *x = rec(&r, 0);
	near(pnum(x, "size_bytes"), 300.0 * 1048576);
	fig(x, BR_M_seeks, 95.2, "95.2", 2);
	too_fast(x, BR_M_seq_stat); /* the 98 beside it is not a measurement */
	too_fast(x, BR_M_ran_stat);
	done(&r);
}

static void layout_10x_without_file_test(void **state)
{
	(void)state;
	struct run r;
	/* -n 0: trailing empty fields dropped, and kept */
	run(&r, "nofiles-a,2G,30100,50,35100,6,12800,3,30200,48,44700,7,166.4,0\n"
		"nofiles-b,2G,29950,49,34870,5,12755,2,30001,47,44512,6,170.2,1,,,,,,,,,,,,,\n");
	assert_int_equal(r.n, 2);
	for (size_t i = 0; i < 2; i++) {
		struct br_record *x = rec(&r, i);
		assert_int_equal(br_record_metric_count(x), 6);
		assert_false(br_record_get(x, BR_M_seq_create).present);
		assert_null(br_record_param(x, "files").key);
		near(pnum(x, "size_bytes"), 2.0 * 1073741824);
	}
	fig(rec(&r, 0), BR_M_seeks, 166.4, "166.4", 0);
	fig(rec(&r, 1), BR_M_get_block, 44512, "44512", 6);
	assert_int_equal(rec(&r, 1)->source.line, 2);
	assert_int_equal(warnings(&r), 0);
	done(&r);
}

static void layout_10x_file_test_only(void **state)
{
	(void)state;
	struct run r;
	run(&r, "spool-only,,,,,,,,,,,,,,16,2140,12,+++++,+++,1716,10,2166,13,+++++,+++,1507,9\n");
	assert_int_equal(r.n, 1);
	struct br_record *x = rec(&r, 0);
	assert_null(br_record_param(x, "size").key);
	for (int m = BR_M_putc; m <= BR_M_seeks; m++)
		assert_false(br_record_get(x, m).present); /* empty: absent, never 0 */
	fig(x, BR_M_seq_create, 2140, "2140", 12);
	fig(x, BR_M_ran_del, 1507, "1507", 9);
	done(&r);
}

/* ------------------------------------------------------------ 1.9x */

static void layout_190a_format2_33(void **state)
{
	(void)state;
	struct run r;
	run(&r, "2,1.90a,oldbox,300M,,12040,95,35012,30,15011,12,13020,96,40120,15,210.4,1,16,,,,"
		"1523,98,+++++,+++,+++++,+++,1600,97,+++++,+++,4012,95\n");
	assert_int_equal(r.n, 1);
	struct br_record *x = rec(&r, 0);
	assert_string_equal(x->version, "1.90a");
	assert_string_equal(x->host, "oldbox");
	fig(x, BR_M_put_block, 35012, "35012", 30);
	fig(x, BR_M_seeks, 210.4, "210.4", 1);
	near(pnum(x, "files"), 16384);
	fig(x, BR_M_ran_del, 4012, "4012", 95);
	assert_false(br_record_get(x, BR_M_putc_latency).present);
	done(&r);
}

static void layout_191_format2_45(void **state)
{
	(void)state;
	struct run r;
	run(&r, "2,1.91,oldbox2,1G,,15022,96,41200,28,17100,11,15500,95,47703,14,233.9,1,16,,,,"
		"2011,97,+++++,+++,+++++,+++,2100,96,+++++,+++,4999,93,12011us,845ms,1023ms,19012us,"
		"310ms,650ms,1422us,301us,1290us,1530us,45us,1180us\n");
	assert_int_equal(r.n, 1);
	struct br_record *x = rec(&r, 0);
	assert_string_equal(x->version, "1.91");
	fig(x, BR_M_putc_latency, 12011, "12011us", -1);
	fig(x, BR_M_put_block_latency, 845000, "845ms", -1);
	fig(x, BR_M_rewrite_latency, 1023000, "1023ms", -1);
	fig(x, BR_M_ran_del_latency, 1180, "1180us", -1);
	fig(x, BR_M_ran_del, 4999, "4999", 93);
	done(&r);
}

static void layout_191a_46(void **state)
{
	(void)state;
	struct run r;
	run(&r, "1.91a,1.91c,webhead,2G,8k,25010,97,60231,31,25540,13,24003,95,70123,17,301.5,1,16,"
		",,,,2501,98,+++++,+++,+++++,+++,2611,97,+++++,+++,5500,94,9871us,1320ms,870ms,"
		"15233us,401ms,711ms,1022us,233us,1100us,1201us,51us,999us\n"
		/* 1.92 writes "2" with -s 0, in this same layout */
		"2,1.92,mailhub,,,,,,,,,,,,,,,16,,,,,3012,96,+++++,+++,+++++,+++,3120,95,+++++,+++,"
		"6102,92,,,,,,,1212us,190us,877us,1090us,44us,950us\n");
	assert_int_equal(r.n, 2);
	struct br_record *x = rec(&r, 0);
	assert_string_equal(x->version, "1.91c");
	near(pnum(x, "chunk_size"), 8192);
	fig(x, BR_M_seq_create, 2501, "2501", 98);
	fig(x, BR_M_ran_del_latency, 999, "999us", -1);
	x = rec(&r, 1);
	assert_string_equal(x->version, "1.92");
	assert_false(br_record_get(x, BR_M_putc).present);
	near(pnum(x, "files"), 16384);
	fig(x, BR_M_seq_create, 3012, "3012", 96);
	fig(x, BR_M_seq_create_latency, 1212, "1212us", -1);
	assert_false(br_record_get(x, BR_M_putc_latency).present);
	done(&r);
}

static void layout_192a_47(void **state)
{
	(void)state;
	struct run r;
	run(&r, "1.92a,1.92a,dbhost,1716453321,4G,,31022,98,80120,30,36011,15,30010,96,98012,19,"
		"350.1,2,16,,,,,4012,97,+++++,+++,+++++,+++,4100,96,+++++,+++,7012,93,8011us,1101ms,"
		"910ms,12210us,355ms,601ms,990us,210us,1002us,1099us,40us,951us\n");
	assert_int_equal(r.n, 1);
	struct br_record *x = rec(&r, 0);
	near(pnum(x, "seed"), 1716453321);
	fig(x, BR_M_putc, 31022, "31022", 98);
	fig(x, BR_M_seeks, 350.1, "350.1", 2);
	fig(x, BR_M_seeks_latency, 601000, "601ms", -1);
	done(&r);
}

static const char *corei7 =
	"1.96,1.96,corei7,1,1323305088,32080M,,1148,98,126598,11,74273,9,5334,100,229733,15,"
	"13116,160,16,,,,,23322,22,+++++,+++,24000,16,+++++,+++,+++++,+++,+++++,+++,15865us,"
	"554ms,483ms,4473us,434ms,2480us,1343us,924us,603us,633us,102us,625us\n";

static void layout_196_48(void **state)
{
	(void)state;
	struct run r;
	run(&r, corei7);
	assert_int_equal(r.n, 1);
	struct br_record *x = rec(&r, 0);
	assert_string_equal(x->version, "1.96");
	assert_string_equal(x->host, "corei7");
	near(pnum(x, "concurrency"), 1);
	assert_string_equal(pstr(x, "size"), "32080M");
	near(pnum(x, "size_bytes"), 32080.0 * 1048576);
	assert_null(br_record_param(x, "chunk_size").key);
	fig(x, BR_M_putc, 1148, "1148", 98);
	fig(x, BR_M_put_block, 126598, "126598", 11);
	fig(x, BR_M_seeks, 13116, "13116", 160); /* >100% on SMP */
	near(br_value_resolution(br_record_get(x, BR_M_seeks)), 1);
	assert_false(br_record_get(x, BR_M_seeks).doubtful);
	fig(x, BR_M_seq_create, 23322, "23322", 22);
	too_fast(x, BR_M_seq_stat);
	fig(x, BR_M_seq_del, 24000, "24000", 16);
	too_fast(x, BR_M_ran_del);
	fig(x, BR_M_putc_latency, 15865, "15865us", -1);
	fig(x, BR_M_put_block_latency, 554000, "554ms", -1);
	near(br_value_resolution(br_record_get(x, BR_M_put_block_latency)), 1000);
	fig(x, BR_M_ran_del_latency, 625, "625us", -1);
	assert_int_equal(br_record_metric_count(x), 24);
	assert_int_equal(warnings(&r), 0);
	done(&r);
}

static void layout_197_dirs_in_chunk_slot(void **state)
{
	(void)state;
	struct run r;
	run(&r, "1.97,1.97,host197b,2,1796019788,64M,4k,1281,99,+++++,+++,+++++,+++,2102,99,+++++,"
		"+++,+++++,+++,1,2000,100,,4,1817,98,+++++,+++,+++++,+++,1799,98,+++++,+++,+++++,+++,"
		"4183us,207us,61us,3086us,37us,4441us,941us,23us,298us,685us,40us,260us\n");
	assert_int_equal(r.n, 1);
	struct br_record *x = rec(&r, 0);
	near(pnum(x, "concurrency"), 2);
	near(pnum(x, "chunk_size"), 4096);
	near(pnum(x, "files"), 1024);
	near(pnum(x, "max_size"), 2000);
	near(pnum(x, "min_size"), 100);
	near(pnum(x, "num_dirs"), 4);
	assert_null(br_record_param(x, "file_chunk_size").key);
	fig(x, BR_M_getc, 2102, "2102", 99);
	fig(x, BR_M_getc_latency, 3086, "3086us", -1);
	done(&r);
}

static const char *real200a =
	"1.98,2.00a,vm,1,1796014534,1G,,8192,5,473,99,263327,81,701770,71,608,99,+++++,+++,+++++,"
	"+++,4,,,,,+++++,+++,+++++,+++,+++++,+++,+++++,+++,+++++,+++,+++++,+++,24195us,22049us,"
	"4621us,23480us,169us,8061us,239us,237us,1590us,1457us,178us,1816us\n";

static void layout_198_50(void **state)
{
	(void)state;
	struct run r;
	run(&r, real200a);
	assert_int_equal(r.n, 1);
	struct br_record *x = rec(&r, 0);
	assert_string_equal(x->version, "2.00a");
	assert_string_equal(x->host, "vm");
	near(pnum(x, "size_bytes"), 1073741824.0);
	near(pnum(x, "seeks_count"), 8192);
	near(pnum(x, "seek_procs"), 5);
	near(pnum(x, "files"), 4096);
	near(pnum(x, "seed"), 1796014534);
	fig(x, BR_M_putc, 473, "473", 99);
	fig(x, BR_M_put_block, 263327, "263327", 81);
	fig(x, BR_M_rewrite, 701770, "701770", 71);
	fig(x, BR_M_getc, 608, "608", 99);
	too_fast(x, BR_M_get_block);
	too_fast(x, BR_M_seeks);
	too_fast(x, BR_M_ran_del);
	fig(x, BR_M_seeks_latency, 8061, "8061us", -1);
	fig(x, BR_M_ran_del_latency, 1816, "1816us", -1);
	assert_int_equal(br_record_metric_count(x), 24);
	done(&r);
}

static void layout_200a_file_test_only(void **state)
{
	(void)state;
	struct run r;
	run(&r, "1.98,2.00a,dirtest,1,1796016129,,,,,,,,,,,,,,,,,1,2000,100,,4,1155,97,+++++,+++,"
		"+++++,+++,1378,98,+++++,+++,+++++,+++,,,,,,,4764us,67us,478us,1755us,84us,1421us\n");
	assert_int_equal(r.n, 1);
	struct br_record *x = rec(&r, 0);
	assert_null(br_record_param(x, "seeks_count").key);
	assert_false(br_record_get(x, BR_M_putc).present);
	assert_false(br_record_get(x, BR_M_putc_latency).present);
	fig(x, BR_M_seq_create, 1155, "1155", 97);
	fig(x, BR_M_seq_create_latency, 4764, "4764us", -1);
	near(pnum(x, "num_dirs"), 4);
	done(&r);
}

/* 1.92a–1.96 write a -s 0 record one empty field short. */
static void s0_record_one_field_short(void **state)
{
	(void)state;
	struct run r;
	run(&r, "1.96,1.96,spool,1,1323305999,,,,,,,,,,,,,,16,,,,,9120,61,+++++,+++,11230,55,9211,"
		"60,+++++,+++,10020,58,,,,,,,2210us,530us,1789us,2001us,98us,1650us\n");
	assert_int_equal(r.n, 1);
	struct br_record *x = rec(&r, 0);
	near(pnum(x, "files"), 16384);
	fig(x, BR_M_seq_create, 9120, "9120", 61);
	too_fast(x, BR_M_seq_stat);
	fig(x, BR_M_ran_del, 10020, "10020", 58);
	fig(x, BR_M_seq_create_latency, 2210, "2210us", -1);
	fig(x, BR_M_ran_del_latency, 1650, "1650us", -1);
	assert_false(br_record_get(x, BR_M_seeks_latency).present);
	assert_int_equal(warnings(&r), 0);
	done(&r);
}

static void latency_units_and_skipped_tests(void **state)
{
	(void)state;
	struct run r;
	/* -f: per-char tests and their latencies empty; "112s" in seconds */
	run(&r, "1.96,1.96,servername01,1,1450900351,160G,,,,39912,3,29398,4,,,79075,4,207.2,34,50,"
		",,,,170,2,42859,17,288,1,225,3,3525,9,345,1,,12226ms,112s,,349ms,3643ms,234ms,"
		"22897us,145ms,296ms,897us,84789us\n");
	assert_int_equal(r.n, 1);
	struct br_record *x = rec(&r, 0);
	assert_false(br_record_get(x, BR_M_putc).present);
	assert_false(br_record_get(x, BR_M_getc).present);
	assert_false(br_record_get(x, BR_M_putc_latency).present);
	assert_false(br_record_get(x, BR_M_getc_latency).present);
	fig(x, BR_M_put_block, 39912, "39912", 3);
	fig(x, BR_M_put_block_latency, 12226000, "12226ms", -1);
	fig(x, BR_M_rewrite_latency, 112e6, "112s", -1);
	near(br_value_resolution(br_record_get(x, BR_M_rewrite_latency)), 1e6);
	fig(x, BR_M_seq_stat_latency, 22897, "22897us", -1);
	near(pnum(x, "files"), 50 * 1024);
	done(&r);
}

static void trailing_latencies_dropped(void **state)
{
	(void)state;
	struct run r;
	run(&r, "1.96,1.96,archive,4,1323307777,8G,,612,99,88012,20,40123,12,3301,97,130554,14,"
		"402.5,9,,,,,,,,,,,,,,,,,,9801us,2310ms,112s,7711us,88012us,1512ms\n");
	assert_int_equal(r.n, 1);
	struct br_record *x = rec(&r, 0);
	fig(x, BR_M_seeks, 402.5, "402.5", 9);
	fig(x, BR_M_seeks_latency, 1512000, "1512ms", -1);
	assert_false(br_record_get(x, BR_M_seq_create_latency).present);
	assert_false(br_record_get(x, BR_M_seq_create).present);
	done(&r);
}

/* ------------------------------------------------------------ not records */

static void header_lines_are_not_records(void **state)
{
	(void)state;
	struct run r;
	run(&r, "name,file_size,putc,putc_cpu,put_block,put_block_cpu,rewrite,rewrite_cpu,getc,"
		"getc_cpu,get_block,get_block_cpu,seeks,seeks_cpu,num_files,seq_create,seq_create_cpu,"
		"seq_stat,seq_stat_cpu,seq_del,seq_del_cpu,ran_create,ran_create_cpu,ran_stat,"
		"ran_stat_cpu,ran_del,ran_del_cpu\n"
		"format_version,bonnie_version,name,concurrency,seed,file_size,io_chunk_size,putc,"
		"putc_cpu,put_block,put_block_cpu,rewrite,rewrite_cpu,getc,getc_cpu,get_block\n");
	assert_int_equal(r.n, 0);
	assert_int_equal(r.ds.diags.n, 0);
	assert_true(r.claimed[0]);
	assert_true(r.claimed[1]);
	done(&r);
}

static void prose_with_commas(void **state)
{
	(void)state;
	struct run r;
	run(&r, "Hello all,\n"
		"the first field is the name, then size, then putc, putc_cpu, put_block and so on.\n"
		"Numbers people quote, in MB/s: 35, 40, 45, 60, 80, 120, 200, 350, and 1350.\n"
		"1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27\n"
		"12:00,0.51,0.40,0.33,3,212\n"
		"Regards, Kim, Lee, and the team, 2008, Oslo, Norway.\n");
	assert_int_equal(r.n, 0);
	assert_int_equal(r.ds.diags.n, 0);
	for (size_t i = 0; i < r.doc->nlines; i++)
		assert_false(r.claimed[i]);
	done(&r);
}

static void csv_among_prose(void **state)
{
	(void)state;
	struct run r;
	char *text = br_asprintf("Hi list,\n\nhere are my two runs, first the old disk:\n%s\n"
				 "and then the new one, which is faster, as you can see:\n%s\n"
				 "Thanks, Pat\n",
				 seed001, corei7);
	run(&r, text);
	free(text);
	assert_int_equal(r.n, 2);
	assert_int_equal(rec(&r, 0)->source.line, 4);
	assert_int_equal(rec(&r, 1)->source.line, 7);
	assert_string_equal(rec(&r, 1)->host, "corei7");
	assert_true(r.claimed[3]);
	assert_false(r.claimed[2]);
	assert_int_equal(r.ds.diags.n, 0);
	done(&r);
}

static void wrong_field_count_warns(void **state)
{
	(void)state;
	struct run r;
	run(&r, "fs7 lost its end:\n"
		"fs7,4G,30348,47,35023,5,12701,2,30363,49,44790,6,165.0,0,16,2140,12,+++++,+++\n"
		"\n"
		"and this 1.96 line has two fields too many:\n"
		"1.96,1.96,corei7,1,1323305088,32080M,,1148,98,126598,11,74273,9,5334,100,229733,15,"
		"13116,160,16,,,,,23322,22,+++++,+++,24000,16,+++++,+++,+++++,+++,+++++,+++,15865us,"
		"554ms,483ms,4473us,434ms,2480us,1343us,924us,603us,633us,102us,625us,1us,2us\n");
	assert_int_equal(r.n, 0);
	assert_int_equal(warnings(&r), 2);
	char *d = diag_with(&r, BR_WARNING, "19 fields");
	assert_string_equal(d, "t.txt:2: warning: bonnie++-csv: bonnie++ CSV line has 19 fields, "
			       "the 1.0x layout has 27; no record");
	free(d);
	d = diag_with(&r, BR_WARNING, "50 fields");
	assert_non_null(strstr(d, "t.txt:5: warning: bonnie++-csv:"));
	assert_non_null(strstr(d, "1.92b-1.97 layout has 48"));
	free(d);
	done(&r);
}

static void bad_figure_warns(void **state)
{
	(void)state;
	struct run r;
	run(&r, "1.98,2.00a,fs8,1,1731168315,63G,,8192,5,540,99,745124,100,98O550,91,2205,99,1203968,"
		"58,+++++,+++,16,,,,,+++++,+++,+++++,+++,+++++,+++,+++++,+++,+++++,+++,+++++,+++,16366us,"
		"5650us,12027us,4465us,1806us,478us,586us,404us,3818us,3324us,837us,3156us\n");
	assert_int_equal(r.n, 0);
	char *d = diag_with(&r, BR_WARNING, "98O550");
	assert_non_null(strstr(d, "t.txt:1: warning: bonnie++-csv:"));
	assert_non_null(strstr(d, "field 14"));
	free(d);
	done(&r);
}

/* ------------------------------------------------------------ damage */

static void blanks_inside_figures(void **state)
{
	(void)state;
	struct run r;
	run(&r, "goules-md-raid10-6,16G,72413,99,196164,42,42249,8,51613,72,5 2311,5,1486.7,3,16,"
		"13437,61,+++++,+++,9736,42,12128,59,++ +++,+++,8526 ,44\n");
	assert_int_equal(r.n, 1);
	struct br_record *x = rec(&r, 0);
	fig(x, BR_M_get_block, 52311, "52311", 5);
	too_fast(x, BR_M_ran_stat);
	fig(x, BR_M_ran_del, 8526, "8526", 44);
	assert_int_equal(warnings(&r), 0);
	char *d = diag_with(&r, BR_NOTE, "blanks");
	assert_non_null(strstr(d, "'5 2311' as 52311"));
	free(d);
	done(&r);
}

static void record_broken_across_lines(void **state)
{
	(void)state;
	struct run r;
	run(&r, "fs1, hard-wrapped at a comma:\n"
		"fs1,4G,30348,47,35023,5,12701,2,30363,49,44790,6,165.0,0,16,2140,12\n"
		",+++++,+++,1716,10,2166,13,+++++,+++,1507,9\n"
		"fs2, wrapped after a comma, and inside a number:\n"
		"fs2,8G,41022,70,60311,11,25012,5,40012,66,90123,9,342.8,6,\n"
		"16,318,2,+++++,+++,1012,4,344,2,+++++,+++,9\n"
		"80,5\n"
		"1.96 with its latencies on a line of their own:\n"
		"1.96,1.96,fs3,1,1323309999,16G,,1010,97,140012,13,70123,9,5012,99,220012,14,1203,55,"
		"16,,,,,20011,20,+++++,+++,21002,15,+++++,+++,+++++,+++,+++++,+++,\n"
		"14012us,612ms,501ms,4012us,401ms,2599us,1300us,901us,612us,644us,99us,640us\n"
		"That's all, folks.\n");
	assert_int_equal(r.n, 3);
	struct br_record *x = rec(&r, 0);
	assert_int_equal(x->source.line, 2);
	assert_int_equal(x->source.end_line, 3);
	too_fast(x, BR_M_seq_stat);
	fig(x, BR_M_ran_del, 1507, "1507", 9);
	x = rec(&r, 1);
	assert_int_equal(x->source.line, 5);
	assert_int_equal(x->source.end_line, 7);
	fig(x, BR_M_seq_create, 318, "318", 2);
	fig(x, BR_M_ran_del, 980, "980", 5);
	x = rec(&r, 2);
	assert_int_equal(x->source.line, 9);
	assert_int_equal(x->source.end_line, 10);
	fig(x, BR_M_putc_latency, 14012, "14012us", -1);
	fig(x, BR_M_ran_del_latency, 640, "640us", -1);
	assert_int_equal(warnings(&r), 0);
	static const unsigned char claimed[] = {0, 1, 1, 0, 1, 1, 1, 0, 1, 1, 0};
	assert_int_equal(r.doc->nlines, sizeof claimed);
	for (size_t i = 0; i < sizeof claimed; i++)
		assert_int_equal(r.claimed[i], claimed[i]);
	done(&r);
}

/* A record never swallows the next one. */
static void short_record_before_another(void **state)
{
	(void)state;
	struct run r;
	run(&r, "nofiles-a,2G,30100,50,35100,6,12800,3,30200,48,44700,7,166.4,0\n"
		"nofiles-b,2G,29950,49,34870,5,12755,2,30001,47,44512,6,170.2,1\n");
	assert_int_equal(r.n, 2);
	assert_string_equal(rec(&r, 1)->host, "nofiles-b");
	done(&r);
}

static void soft_breaks_left_in(void **state)
{
	(void)state;
	struct run r;
	/* quoted-printable soft breaks inside a number, a marker and a latency */
	run(&r, "1.98,2.00,fs5,1,1600100200,32G,,8192,5,1=\n"
		"146,99,190334,20,95012,12,3001,99,260120,18,512.4,12,16,,,,,3780,29,+++=\n"
		"++,+++,16381,92,3012,30,+++++,+++,15276,66,9120us,2011ms,1301ms,8901us,190ms,170ms,"
		"1022us,824u=\n"
		"s,321us,1100us,40us,1901us\n");
	assert_int_equal(r.n, 1);
	struct br_record *x = rec(&r, 0);
	assert_int_equal(x->source.line, 1);
	assert_int_equal(x->source.end_line, 4);
	fig(x, BR_M_putc, 1146, "1146", 99);
	too_fast(x, BR_M_seq_stat);
	fig(x, BR_M_seq_del, 16381, "16381", 92);
	fig(x, BR_M_seq_stat_latency, 824, "824us", -1);
	fig(x, BR_M_ran_del_latency, 1901, "1901us", -1);
	assert_int_equal(warnings(&r), 0);
	done(&r);
}

/* SMTP dot-unstuffing ate the '.' that began a continuation line. */
static void seeks_point_restored(void **state)
{
	(void)state;
	struct run r;
	run(&r, "-md raid (chunk 64k)\n"
		"goules-md-raid10-6,16G,72413,99,196164,42,42249,8,51613,72,5 2311,5,1486=\n"
		"7,3,16,13437,61,+++++,+++,9736,42,12128,59,+++++,+++,8526 ,44\n");
	assert_int_equal(r.n, 1);
	struct br_record *x = rec(&r, 0);
	fig(x, BR_M_seeks, 1486.7, "1486.7", 3);
	near(br_value_resolution(br_record_get(x, BR_M_seeks)), 0.1);
	fig(x, BR_M_get_block, 52311, "52311", 5);
	assert_int_equal(warnings(&r), 1);
	char *d = diag_with(&r, BR_WARNING, "decimal point");
	assert_non_null(strstr(d, "t.txt:2: warning: bonnie++-csv: seeks figure '14867'"));
	assert_non_null(strstr(d, "1486.7"));
	free(d);
	done(&r);
}

/* The same, with the line joined by transport decoding (br_line.joins). */
static void seeks_point_restored_at_decoder_join(void **state)
{
	(void)state;
	const char *l1 = "goules-md-raid10-4,16G,70206,99,162525,35,30169,5,33898,47,3 4888,3,1347";
	const char *l2 = "3,2,16,17837,81,+++++,+++,14735,61,15211,66,+++++,+++,781 0,31";
	char *joined = br_asprintf("%s%s", l1, l2);
	char *text = br_asprintf("%s=\n%s\n", l1, l2);
	struct br_doc *doc = br_doc_from_mem("t.txt", text, strlen(text));
	struct br_lines_builder b = {0};
	unsigned join = (unsigned)strlen(l1);
	br_doc_line_add(doc, &b, joined, strlen(joined), 1, 2, 0, 0, &join, 1);
	br_doc_lines_commit(doc, &b);
	struct run r;
	run_doc(&r, doc);
	assert_int_equal(r.n, 1);
	struct br_record *x = rec(&r, 0);
	fig(x, BR_M_seeks, 1347.3, "1347.3", 2);
	fig(x, BR_M_get_block, 34888, "34888", 3);
	fig(x, BR_M_ran_del, 7810, "7810", 31);
	assert_int_equal(x->source.line, 1);
	assert_int_equal(x->source.end_line, 2);
	assert_int_equal(warnings(&r), 1);
	done(&r);
	free(joined);
	free(text);
}

/* A join elsewhere in the seeks figure proves nothing: no repair. */
static void seeks_split_elsewhere_is_fine(void **state)
{
	(void)state;
	struct run r;
	run(&r, "goules-hw-raid10-4,16G,72462,99,162303,25,87544,16,64049,89, 211526,19,1=\n"
		"179.7,2,16,20894,96,+++++,+++,19563,64,20160,98,+++++,+++,18 794,78\n");
	assert_int_equal(r.n, 1);
	fig(rec(&r, 0), BR_M_seeks, 1179.7, "1179.7", 2);
	fig(rec(&r, 0), BR_M_ran_del, 18794, "18794", 78);
	assert_int_equal(warnings(&r), 0);
	done(&r);
}

static void seeks_without_point_is_doubtful(void **state)
{
	(void)state;
	struct run r;
	/* 1.0x always printed a decimal; nothing says where it went */
	run(&r, "fs6,4G,30100,47,35100,5,12800,2,30200,49,44700,6,1650,0,16,2140,12,+++++,+++,1716,"
		"10,2166,13,+++++,+++,1507,9\n");
	assert_int_equal(r.n, 1);
	struct br_record *x = rec(&r, 0);
	fig(x, BR_M_seeks, 1650, "1650", 0);
	assert_true(br_record_get(x, BR_M_seeks).doubtful);
	char *d = diag_with(&r, BR_WARNING, "'1650'");
	assert_non_null(strstr(d, "kept as printed"));
	free(d);
	done(&r);
	/* 1.92b+ print seeks >= 1000 as integers: a short integer that began a
	 * continuation line may have lost its point, but that is not proven */
	run(&r, "1.97,1.97,backup1,1,1796020001,16G,,980,97,412003,41,190233,22,3990,98,601223,31,"
		"99=\n"
		"5,33,16,,,,,18012,55,+++++,+++,20011,50,17990,54,+++++,+++,16600,49,12011us,980ms,"
		"1120ms,8801us,120ms,25012us,850us,311us,1201us,901us,60us,1300us\n");
	assert_int_equal(r.n, 1);
	fig(rec(&r, 0), BR_M_seeks, 995, "995", 33);
	assert_true(br_record_get(rec(&r, 0), BR_M_seeks).doubtful);
	assert_int_equal(warnings(&r), 1);
	done(&r);
}

static void quoted_csv_line(void **state)
{
	(void)state;
	struct run r;
	char *text = br_asprintf("Pat wrote:\n> my numbers:\n> %s> \n> any ideas?\n", corei7);
	run(&r, text);
	free(text);
	assert_int_equal(r.n, 1);
	assert_string_equal(rec(&r, 0)->host, "corei7");
	assert_int_equal(rec(&r, 0)->source.line, 3);
	fig(rec(&r, 0), BR_M_ran_del_latency, 625, "625us", -1);
	done(&r);
}

/* ------------------------------------------------------------ fast path */

/* Records a and b hold the same result (their sources may differ). */
static void same_record(const struct br_record *a, const struct br_record *b)
{
	assert_int_equal(a->tool, b->tool);
	assert_string_equal(a->version ? a->version : "(null)", b->version ? b->version : "(null)");
	assert_string_equal(a->host ? a->host : "(null)", b->host ? b->host : "(null)");
	assert_string_equal(a->label ? a->label : "(null)", b->label ? b->label : "(null)");
	assert_int_equal(a->nparams, b->nparams);
	for (size_t i = 0; i < a->nparams; i++) {
		struct br_param p = br_record_param_at(a, i), q = br_record_param_at(b, i);
		assert_string_equal(p.key, q.key);
		assert_int_equal(p.str == NULL, q.str == NULL);
		if (p.str)
			assert_string_equal(p.str, q.str);
		else
			assert_true(p.num == q.num);
	}
	for (int m = 0; m < BR_METRIC_COUNT; m++) {
		const struct br_value x = br_record_get(a, m), y = br_record_get(b, m);
		assert_int_equal(x.present, y.present);
		assert_int_equal(x.has_value, y.has_value);
		assert_int_equal(x.has_cpu, y.has_cpu);
		assert_int_equal(x.too_fast, y.too_fast);
		assert_int_equal(x.doubtful, y.doubtful);
		assert_true(x.value == y.value);
		assert_true(x.cpu == y.cpu);
		assert_true(br_value_resolution(x) == br_value_resolution(y));
		assert_string_equal(raw_of(x) ? raw_of(x) : "(null)", raw_of(y) ? raw_of(y) : "(null)");
	}
}

/* A clean one-line record (read without libcsv or patterns) and the same
 * record in every shape that must go the careful way: all give one result. */
static const char *plain200 =
	"1.98,2.00a,fast1,1,1058179427,8G,,8192,5,760,99,241652,25,83263,17,1364,92,167755,12,"
	"328.9,40,16,,,,,30173,21,+++++,+++,26649,28,30924,27,53910,37,18405,29,27556us,882us,"
	"628us,19ms,1020us,988us,13546us,797us,952us,13ms,1228us,616us\n";

static void fast_path_hands_over(void **state)
{
	(void)state;
	static const struct {
		const char *text;
		unsigned end_line;
		const char *note; /* a note the careful way leaves, or NULL */
	} variants[] = {
		/* quoted fields */
		{"\"1.98\",\"2.00a\",\"fast1\",1,1058179427,\"8G\",,8192,5,760,99,\"241652\",25,83263,"
		 "17,1364,92,167755,12,\"328.9\",40,16,,,,,30173,21,\"+++++\",+++,26649,28,30924,27,"
		 "53910,37,18405,29,27556us,882us,628us,19ms,1020us,988us,13546us,797us,952us,\"13ms\","
		 "1228us,616us\n",
		 1, NULL},
		/* a blank inside a figure */
		{"1.98,2.00a,fast1,1,1058179427,8G,,8192,5,760,99,24 1652,25,83263,17,1364,92,167755,"
		 "12,328.9,40,16,,,,,30173,21,+++++,+++,26649,28,30924,27,53910,37,18405,29,27556us,"
		 "882us,628us,19ms,1020us,988us,13546us,797us,952us,13ms,1228us,616us\n",
		 1, "blanks inside figures deleted: '24 1652' as 241652"},
		/* blanks and a tab around fields, a vertical tab at the end */
		{"1.98, 2.00a,fast1 ,1,1058179427,8G,,8192,5,760,\t99,241652,25,83263,17,1364,92,"
		 "167755,12,328.9,40,16,,,,,30173,21,+++++,+++,26649,28,30924,27,53910,37,18405,29,"
		 "27556us,882us,628us,19ms,1020us,988us,13546us,797us,952us,13ms,1228us,616us\v\n",
		 1, NULL},
		/* wrapped after a comma */
		{"1.98,2.00a,fast1,1,1058179427,8G,,8192,5,760,99,241652,25,83263,17,1364,92,167755,"
		 "12,328.9,40,\n"
		 "16,,,,,30173,21,+++++,+++,26649,28,30924,27,53910,37,18405,29,27556us,882us,628us,"
		 "19ms,1020us,988us,13546us,797us,952us,13ms,1228us,616us\n",
		 2, "record joined from 2 lines"},
		/* a trailing empty field (one more than the layout: read the careful
		 * way, where it is dropped) */
		{"1.98,2.00a,fast1,1,1058179427,8G,,8192,5,760,99,241652,25,83263,17,1364,92,167755,"
		 "12,328.9,40,16,,,,,30173,21,+++++,+++,26649,28,30924,27,53910,37,18405,29,27556us,"
		 "882us,628us,19ms,1020us,988us,13546us,797us,952us,13ms,1228us,616us,\n",
		 1, NULL},
		/* a quoted-printable soft break inside a figure */
		{"1.98,2.00a,fast1,1,1058179427,8G,,8192,5,760,99,241652,25,832=\n"
		 "63,17,1364,92,167755,12,328.9,40,16,,,,,30173,21,+++++,+++,26649,28,30924,27,53910,"
		 "37,18405,29,27556us,882us,628us,19ms,1020us,988us,13546us,797us,952us,13ms,1228us,"
		 "616us\n",
		 2, "record joined from 2 lines"},
	};
	struct run ref;
	run(&ref, plain200);
	assert_int_equal(ref.n, 1);
	assert_int_equal(ref.ds.diags.n, 0);
	struct br_record *want = rec(&ref, 0);
	assert_string_equal(want->host, "fast1");
	fig(want, BR_M_put_block, 241652, "241652", 25);
	fig(want, BR_M_seeks, 328.9, "328.9", 40);
	too_fast(want, BR_M_seq_stat);
	fig(want, BR_M_ran_create_latency, 13000, "13ms", -1);
	for (size_t i = 0; i < BR_ARRAY_LEN(variants); i++) {
		struct run r;
		run(&r, variants[i].text);
		assert_int_equal(r.n, 1);
		same_record(rec(&r, 0), want);
		assert_int_equal(rec(&r, 0)->source.end_line, variants[i].end_line);
		assert_int_equal(warnings(&r), 0);
		if (variants[i].note) {
			char *d = diag_with(&r, BR_NOTE, variants[i].note);
			free(d);
		} else {
			assert_int_equal(r.ds.diags.n, 0);
		}
		done(&r);
	}
	done(&ref);
}

/* The label of every record is the outline's label of its line, also when
 * it is asked once for a block of CSV lines: headings above and between
 * the blocks, a header line inside one, a heading in a deeper quote that the
 * block's quote depth closes, an HTML heading, lines with blanks. */
static void labels_of_csv_blocks(void **state)
{
	(void)state;
	size_t len = strlen(plain200) - 1;
	struct br_buf b = BR_BUF_INIT;
	br_buf_adds(&b, "Results\n=======\n\n");
	for (int k = 0; k < 4; k++)
		br_buf_addf(&b, "%.*s\n", (int)len, plain200);
	br_buf_adds(&b, "format_version,bonnie_version,name,concurrency,seed,file_size\n");
	for (int k = 0; k < 3; k++)
		br_buf_addf(&b, "%.*s\n", (int)len, plain200);
	br_buf_adds(&b, "\nRAID 5:\n");
	for (int k = 0; k < 3; k++)
		br_buf_addf(&b, "%.*s\n", (int)len, plain200);
	br_buf_adds(&b, "\n> > Deep heading:\n");
	for (int k = 0; k < 4; k++)
		br_buf_addf(&b, "> %.*s\n", (int)len, plain200);
	br_buf_adds(&b, "\n# Blanks\n");
	for (int k = 0; k < 3; k++)
		br_buf_addf(&b, "  %.*s\n", (int)len, plain200);
	struct run r;
	run(&r, b.data);
	assert_int_equal(r.n, 17);
	struct br_doc *fresh = br_doc_from_mem("t.txt", b.data, b.len);
	for (size_t i = 0; i < r.n; i++) {
		const struct br_record *x = rec(&r, i);
		size_t at = 0;
		while (at < fresh->nlines && fresh->lines[at].line != x->source.line)
			at++;
		assert_true(at < fresh->nlines);
		char *want = br_label_for(fresh, at, NULL);
		assert_string_equal(x->label ? x->label : "(null)", want ? want : "(null)");
		free(want);
	}
	assert_string_equal(rec(&r, 0)->label, "Results");
	assert_string_equal(rec(&r, 6)->label, "Results");
	assert_string_equal(rec(&r, 7)->label, "Results / RAID 5");
	assert_string_equal(rec(&r, 16)->label, "Results / Blanks");
	br_doc_free(fresh);
	done(&r);

	/* an HTML heading that is itself a CSV line titles the lines below */
	char *html = br_asprintf("<html><body>\n<h2>Runs</h2>\n<p>\n%.*s<br>\n%.*s<br>\n%.*s\n</p>\n"
				 "<h3>%.*s</h3>\n<p>\n%.*s<br>\n%.*s\n</p>\n</body></html>\n",
				 (int)len, plain200, (int)len, plain200, (int)len, plain200,
				 (int)len, plain200, (int)len, plain200, (int)len, plain200);
	struct br_doc *doc = br_doc_from_mem("t.html", html, strlen(html));
	run_doc(&r, doc);
	assert_true(r.n >= 5);
	fresh = br_doc_from_mem("t.html", html, strlen(html));
	for (size_t i = 0; i < r.n; i++) {
		const struct br_record *x = rec(&r, i);
		size_t at = 0;
		while (at < fresh->nlines && fresh->lines[at].line != x->source.line)
			at++;
		assert_true(at < fresh->nlines);
		char *want = br_label_for(fresh, at, NULL);
		assert_string_equal(x->label ? x->label : "(null)", want ? want : "(null)");
		free(want);
	}
	br_doc_free(fresh);
	done(&r);
	free(html);
	br_buf_free(&b);
}

/* A figure's resolution is 10^-decimals as pow() gives it, whichever way
 * the line was read. */
static void resolution_of_decimals(void **state)
{
	(void)state;
	const char *lines[] = {
		"1.98,2.00a,res1,1,1058179427,8G,,8192,5,760,99,241652,25,83263,17,1364,92,167755,12,"
		"328.9,40,16,,,,,30173,21,+++++,+++,26649,28,30924,27,53910,37,18405,29,27556us,882us,"
		"628us,19.25ms,1020us,988us,13546us,797us,952us,13.125ms,1228us,616us\n",
		"\"1.98\",2.00a,res1,1,1058179427,8G,,8192,5,760,99,241652,25,83263,17,1364,92,167755,12,"
		"328.9,40,16,,,,,30173,21,+++++,+++,26649,28,30924,27,53910,37,18405,29,27556us,882us,"
		"628us,19.25ms,1020us,988us,13546us,797us,952us,13.125ms,1228us,616us\n",
	};
	for (size_t i = 0; i < BR_ARRAY_LEN(lines); i++) {
		struct run r;
		run(&r, lines[i]);
		assert_int_equal(r.n, 1);
		const struct br_record *x = rec(&r, 0);
		assert_true(br_value_resolution(br_record_get(x, BR_M_seeks)) == pow(10, -1.0));
		assert_true(br_value_resolution(br_record_get(x, BR_M_getc_latency)) ==
			    1000 * pow(10, -2.0));
		assert_true(br_value_resolution(br_record_get(x, BR_M_ran_create_latency)) ==
			    1000 * pow(10, -3.0));
		assert_true(br_value_resolution(br_record_get(x, BR_M_putc)) == 1);
		done(&r);
	}
}

/* Too many fields: the same verdict with and without a quote. */
static void fast_path_too_many_fields(void **state)
{
	(void)state;
	size_t len = strlen(plain200) - 1;
	char *plain52 = br_asprintf("%.*s,1,2\n", (int)len, plain200);
	char *quoted52 = br_asprintf("\"1.98\"%.*s,1,2\n", (int)(len - 4), plain200 + 4);
	const char *texts[] = {plain52, quoted52};
	for (size_t i = 0; i < 2; i++) {
		struct run r;
		run(&r, texts[i]);
		assert_int_equal(r.n, 0);
		assert_int_equal(warnings(&r), 1);
		char *d = diag_with(&r, BR_WARNING, "52 fields");
		assert_string_equal(d, "t.txt:1: warning: bonnie++-csv: bonnie++ CSV line has 52 "
				       "fields, the 1.98 layout has 50; no record");
		free(d);
		assert_int_equal(r.claimed[0], 1);
		done(&r);
	}
	free(plain52);
	free(quoted52);
	/* past 64 fields a line is no bonnie++ CSV at all: silence either way */
	struct br_buf b = BR_BUF_INIT;
	br_buf_add(&b, plain200, len);
	for (int k = 0; k < 20; k++)
		br_buf_adds(&b, ",1");
	br_buf_adds(&b, "\n");
	char *quoted70 = br_asprintf("\"1.98\"%s", b.data + 4);
	const char *wide[] = {b.data, quoted70};
	for (size_t i = 0; i < 2; i++) {
		struct run r;
		run(&r, wide[i]);
		assert_int_equal(r.n, 0);
		assert_int_equal(r.ds.diags.n, 0);
		assert_int_equal(r.claimed[0], 0);
		done(&r);
	}
	free(quoted70);
	br_buf_free(&b);
}

/* Blanks around and inside the fields, lines broken after commas: the
 * split without libcsv (no quote in the text) gives what libcsv gives when
 * a quoted first field sends the same text to it: the same records, the
 * same diagnostics, the same lines claimed. */
static unsigned long long rng = 0x2545f4914f6cdd1dull;

static unsigned next(unsigned n)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (unsigned)(rng % n);
}

static void unquoted_split_is_libcsv(void **state)
{
	(void)state;
	const char *rest = plain200 + 4; /* after "1.98" */
	for (int round = 0; round < 3000; round++) {
		struct br_buf b = BR_BUF_INIT;
		for (const char *c = rest; *c && *c != '\n'; c++) {
			/* a blank or two before and after commas, now and then inside */
			unsigned k = next(16);
			if (*c == ',' && k < 5)
				br_buf_adds(&b, k < 2 ? " " : k < 4 ? "\t" : " \t ");
			br_buf_addc(&b, *c);
			k = next(24);
			if (*c == ',' && k < 6)
				br_buf_adds(&b, k < 3 ? " " : k < 5 ? "\t" : "  ");
			else if (*c == ',' && k == 6 && round % 3 == 0)
				br_buf_adds(&b, "\n"); /* a wrap after a comma */
			else if (k == 7)
				br_buf_addc(&b, ' '); /* a blank inside a field */
			else if (k == 8 && round % 5 == 0)
				br_buf_adds(&b, ",1"); /* a field too many */
		}
		if (round % 4 == 1)
			br_buf_adds(&b, " \t");
		br_buf_addc(&b, '\n');
		char *plain = br_asprintf("1.98%s", b.data);
		char *quoted = br_asprintf("\"1.98\"%s", b.data);
		struct run x, y;
		run(&x, plain);
		run(&y, quoted);
		assert_int_equal(x.n, y.n);
		for (size_t i = 0; i < x.n; i++)
			same_record(rec(&x, i), rec(&y, i));
		assert_int_equal(x.ds.diags.n, y.ds.diags.n);
		for (size_t i = 0; i < x.ds.diags.n; i++) {
			assert_int_equal(x.ds.diags.v[i].severity, y.ds.diags.v[i].severity);
			assert_int_equal(x.ds.diags.v[i].line, y.ds.diags.v[i].line);
			assert_string_equal(x.ds.diags.v[i].message, y.ds.diags.v[i].message);
		}
		assert_int_equal(x.doc->nlines, y.doc->nlines);
		assert_memory_equal(x.claimed, y.claimed, x.doc->nlines);
		done(&x);
		done(&y);
		free(plain);
		free(quoted);
		br_buf_free(&b);
	}
}

/* Figures are read exactly as strtod reads them, long or short. */
static void figures_read_like_strtod(void **state)
{
	(void)state;
	struct run r;
	run(&r, "exact,2G,98765432109876543,5,0.1,1,3.14159265358979323846,2,1234567.875,4,"
		"00042.50,5,99999999999999.9,1,16,123456789012345,9,2.675,8,0.3,7,"
		"9007199254740993,6,1e3,5,12,1\n"
		"1.98,2.00a,lat,1,1058179427,8G,,8192,5,760,99,241652,25,83263,17,1364,92,167755,12,"
		"328.9,40,16,,,,,30173,21,+++++,+++,26649,28,30924,27,53910,37,18405,29,1.5ms,0.3s,"
		"628.123456789012us,19ms,1020us,988us,13546us,797us,952us,13ms,1228us,616us\n");
	/* "1e3" is not a bonnie++ figure: the first line is no record */
	assert_int_equal(r.n, 1);
	done(&r);
	run(&r, "exact,2G,98765432109876543,5,0.1,1,3.14159265358979323846,2,1234567.875,4,"
		"00042.50,5,99999999999999.9,1,16,123456789012345,9,2.675,8,0.3,7,"
		"9007199254740993,6,1000,5,12,1\n"
		"1.98,2.00a,lat,1,1058179427,8G,,8192,5,760,99,241652,25,83263,17,1364,92,167755,12,"
		"328.9,40,16,,,,,30173,21,+++++,+++,26649,28,30924,27,53910,37,18405,29,1.5ms,0.3s,"
		"628.123456789012us,19ms,1020us,988us,13546us,797us,952us,13ms,1228us,616us\n");
	assert_int_equal(r.n, 2);
	for (size_t i = 0; i < 2; i++) {
		const struct br_record *x = rec(&r, i);
		for (int m = 0; m < BR_METRIC_COUNT; m++) {
			const struct br_value v = br_record_get(x, m);
			if (!v.has_value)
				continue;
			char *end;
			double want = strtod(raw_of(v), &end);
			if (!strcmp(end, "ms"))
				want *= 1000;
			else if (!strcmp(end, "s"))
				want *= 1e6;
			if (v.value != want)
				fail_msg("%s: %.17g != %.17g", raw_of(v), v.value, want);
		}
	}
	assert_true(br_record_get(rec(&r, 0), BR_M_putc).value == 98765432109876543.0);
	assert_true(br_record_get(rec(&r, 0), BR_M_seq_stat).value == strtod("2.675", NULL));
	assert_true(br_record_get(rec(&r, 1), BR_M_put_block_latency).value == 300000);
	done(&r);
}

/* Shapes at the edge of what the quick check accepts, each decided as the
 * pattern decides it. */
static void field_shapes_at_the_limits(void **state)
{
	(void)state;
	static const char *const row =
		"lim,2G,1000,%s,2000,%s,3000,1,4000,1,5000,1,%s,1,16,100,1,200,1,300,1,400,1,500,1,"
		"600,1\n";
	static const struct {
		const char *cpu1, *cpu2, *seeks;
		const char *bad; /* the warning, or NULL for a record */
	} cases[] = {
		{"9999", "++", "100.5", NULL},
		{"10000", "1", "100.5", "field 4 '10000' is not a valid cpu percentage"},
		{"1", "+", "100.5", "field 6 '+' is not a valid cpu percentage"},
		{"1", "1", "++", "field 13 '++' is not a valid seek rate"},
		{"1", "1", "+++", NULL},
		{"1", "1", "100.", "field 13 '100.' is not a valid seek rate"},
		{"1", "1", ".5", "field 13 '.5' is not a valid seek rate"},
	};
	for (size_t i = 0; i < BR_ARRAY_LEN(cases); i++) {
		char *text = br_asprintf(row, cases[i].cpu1, cases[i].cpu2, cases[i].seeks);
		struct run r;
		run(&r, text);
		free(text);
		if (!cases[i].bad) {
			assert_int_equal(r.n, 1);
			/* a shape the check accepts; a CPU past three digits
			 * then warns that it is no CPU use (cpu_into) */
			assert_int_equal(warnings(&r), atof(cases[i].cpu1) > 999 ? 1 : 0);
		} else {
			assert_int_equal(r.n, 0);
			char *d = diag_with(&r, BR_WARNING, cases[i].bad);
			free(d);
		}
		done(&r);
	}
	struct run r;
	run(&r, "lim,2G,1000,9999,2000,++,3000,1,4000,1,5000,1,+++,1,16,100,1,200,1,300,1,400,1,"
		"500,1,600,1\n");
	fig(rec(&r, 0), BR_M_putc, 1000, "1000", -1); /* 9999: no CPU use (cpu_into) */
	fig(rec(&r, 0), BR_M_put_block, 2000, "2000", -1);
	assert_true(br_record_get(rec(&r, 0), BR_M_seeks).too_fast);
	assert_string_equal(raw_of(br_record_get(rec(&r, 0), BR_M_seeks)), "+++");
	assert_false(br_record_get(rec(&r, 0), BR_M_seeks).has_cpu);
	done(&r);
	/* versions: the quick check reads d.dd[a-z], the pattern the rest */
	run(&r, "1.97,1.97.1,v,1,1058179427,8G,,760,99,241652,25,83263,17,1364,92,167755,12,"
		"328.9,40,16,,,,,30173,21,+++++,+++,26649,28,30924,27,53910,37,18405,29,27556us,882us,"
		"628us,19ms,1020us,988us,13546us,797us,952us,13ms,1228us,616us\n");
	assert_int_equal(r.n, 1);
	assert_string_equal(rec(&r, 0)->version, "1.97.1");
	done(&r);	/* a format version is "2" or d.dd: "3" or "12" begins no layout */
	run(&r, "3,1.97,v,1,1058179427,8G,,760,99,241652,25,83263,17,1364,92,167755,12,328.9,40,"
		"16,,,,,30173,21,+++++,+++,26649,28,30924,27,53910,37,18405,29,27556us,882us,628us,"
		"19ms,1020us,988us,13546us,797us,952us,13ms,1228us,616us\n"
		"12,1.97,v,1,1058179427,8G,,760,99,241652,25,83263,17,1364,92,167755,12,328.9,40,"
		"16,,,,,30173,21,+++++,+++,26649,28,30924,27,53910,37,18405,29,27556us,882us,628us,"
		"19ms,1020us,988us,13546us,797us,952us,13ms,1228us,616us\n");
	assert_int_equal(r.n, 0);
	assert_int_equal(r.ds.diags.n, 0);
	done(&r);
}

static int teardown(void **state)
{
	(void)state;
	br_regex_cleanup();
	return 0;
}

/* ------------------------------------------------------------ wrapped over blank lines */

static void pieces_between_blank_lines(void **state)
{
	(void)state;
	struct run r;
	/* a 1.96 line cut mid-figure ("4" / "21.7") with an empty line between
	 * the pieces, then cut right before a comma */
	run(&r, "1.96,1.96,vault,1,1323311111,8G,,912,96,98123,21,41022,9,4410,97,171203,17,\n"
		"4\n"
		"\n"
		"21.7,31,16,,,,,11023,45,+++++,+++,10987,38,9011,41,+++++,+++,6120,29,9811us\n"
		",412ms,380ms,15012us,98011us,2710ms,512us,690us,1120us,601us,77us,1340us\n"
		"\n"
		"after it\n");
	assert_int_equal(r.n, 1);
	struct br_record *x = rec(&r, 0);
	assert_int_equal(x->source.line, 1);
	assert_int_equal(x->source.end_line, 5);
	fig(x, BR_M_seeks, 421.7, "421.7", 31);
	fig(x, BR_M_get_block, 171203, "171203", 17);
	fig(x, BR_M_putc_latency, 9811, "9811us", -1);
	fig(x, BR_M_put_block_latency, 412000, "412ms", -1);
	fig(x, BR_M_ran_del_latency, 1340, "1340us", -1);
	assert_int_equal(warnings(&r), 0);
	done(&r);
}

static void complete_record_takes_no_piece_after_a_blank(void **state)
{
	(void)state;
	struct run r;
	/* two whole 1.0x lines with an empty line between: two records */
	run(&r, "a1,4G,30348,47,35023,5,12701,2,30363,49,44790,6,165.0,0,16,2140,12,+++++,+++,"
		"1716,10,2166,13,+++++,+++,1507,9\n"
		"\n"
		"a2,4G,30348,47,35023,5,12701,2,30363,49,44790,6,165.0,0,16,2140,12,+++++,+++,"
		"1716,10,2166,13,+++++,+++,1507,9\n");
	assert_int_equal(r.n, 2);
	assert_string_equal(rec(&r, 0)->host, "a1");
	assert_string_equal(rec(&r, 1)->host, "a2");
	assert_int_equal(rec(&r, 0)->source.end_line, 1);
	done(&r);
}

/* ------------------------------------------------------------ blanks for commas */

static void spaced_versioned_line(void **state)
{
	(void)state;
	struct run r;
	/* 1.97: the empty chunk size and the four empty file-spec fields are gone */
	run(&r, "1.97  1.97  smallfry  1  1412345678  4G  701  95  61022  14  30122  8  2201  96  "
		"90112  10  233.4  6  16  6011  30  +++++  +++  5980  27  5122  29  +++++  +++  3012  "
		"18  22100us  801ms  650ms  31022us  190ms  1501ms  601us  88us  7120us  201ms  45us  "
		"288ms\n");
	assert_int_equal(r.n, 1);
	struct br_record *x = rec(&r, 0);
	assert_string_equal(x->host, "smallfry");
	assert_string_equal(x->version, "1.97");
	assert_string_equal(pstr(x, "size"), "4G");
	near(pnum(x, "concurrency"), 1);
	near(pnum(x, "seed"), 1412345678);
	near(pnum(x, "files"), 16384);
	assert_null(br_record_param(x, "chunk_size").key);
	fig(x, BR_M_putc, 701, "701", 95);
	fig(x, BR_M_seeks, 233.4, "233.4", 6);
	fig(x, BR_M_seq_create, 6011, "6011", 30);
	too_fast(x, BR_M_seq_stat);
	fig(x, BR_M_ran_del, 3012, "3012", 18);
	fig(x, BR_M_seeks_latency, 1501000, "1501ms", -1);
	fig(x, BR_M_ran_del_latency, 288000, "288ms", -1);
	char *d = diag_with(&r, BR_NOTE, "blanks, not commas");
	free(d);
	done(&r);
}

static void spaced_per_char_skipped(void **state)
{
	(void)state;
	struct run r;
	/* -f: the per-char pairs and their latencies are empty, so vanished */
	run(&r, "1.96 1.96 srv01 1 1450900351 160G 39912 3 29398 4 79075 4 207.2 34 50 170 2 42859 "
		"17 288 1 225 3 3525 9 345 1 12226ms 61883ms 349ms 3643ms 234ms 22897us 145ms 296ms "
		"897us 84789us\n");
	assert_int_equal(r.n, 1);
	struct br_record *x = rec(&r, 0);
	assert_false(br_record_get(x, BR_M_putc).present);
	assert_false(br_record_get(x, BR_M_getc).present);
	assert_false(br_record_get(x, BR_M_putc_latency).present);
	fig(x, BR_M_put_block, 39912, "39912", 3);
	fig(x, BR_M_rewrite, 29398, "29398", 4);
	fig(x, BR_M_get_block, 79075, "79075", 4);
	fig(x, BR_M_put_block_latency, 12226000, "12226ms", -1);
	fig(x, BR_M_get_block_latency, 349000, "349ms", -1);
	near(pnum(x, "files"), 50 * 1024);
	fig(x, BR_M_ran_del, 345, "345", 1);
	done(&r);
}

static void spaced_without_io_part(void **state)
{
	(void)state;
	struct run r;
	/* -s 0: the file count right after the seed is no size (sizes carry
	 * their unit), so the I/O part is what vanished */
	run(&r, "1.96  1.96  spool  1  1323305999  16  9120  61  +++++  +++  11230  55  9211  60  "
		"+++++  +++  10020  58  2210us  530us  1789us  2001us  98us  1650us\n");
	assert_int_equal(r.n, 1);
	struct br_record *x = rec(&r, 0);
	assert_null(br_record_param(x, "size").key);
	near(pnum(x, "files"), 16384);
	assert_false(br_record_get(x, BR_M_putc).present);
	fig(x, BR_M_seq_create, 9120, "9120", 61);
	fig(x, BR_M_ran_del, 10020, "10020", 58);
	fig(x, BR_M_seq_create_latency, 2210, "2210us", -1);
	fig(x, BR_M_ran_del_latency, 1650, "1650us", -1);
	done(&r);
}

static void csv2html_row_with_latency_row(void **state)
{
	(void)state;
	struct run r;
	run(&r, "bigiron  1  16G  1012  97  240111  33  120998  19  4490  98  410222  31  612.5  12  "
		"16  14012  51  +++++  +++  13988  47  11200  50  +++++  +++  7004  33\n"
		"\n"
		"bigiron  Latency  11022us  3120ms  412ms  9911us  120ms  99012us  Latency  677us  "
		"101us  1201us  634us  55us  1411us\n");
	assert_int_equal(r.n, 1);
	struct br_record *x = rec(&r, 0);
	assert_string_equal(x->host, "bigiron");
	assert_null(x->version);
	assert_int_equal(x->source.end_line, 3);
	near(pnum(x, "concurrency"), 1);
	fig(x, BR_M_putc, 1012, "1012", 97);
	fig(x, BR_M_seeks, 612.5, "612.5", 12);
	fig(x, BR_M_ran_del, 7004, "7004", 33);
	fig(x, BR_M_putc_latency, 11022, "11022us", -1);
	fig(x, BR_M_ran_del_latency, 1411, "1411us", -1);
	done(&r);
}

/* bon_csv2html 2.00a heads its rate columns "M/sec": its block rates are
 * MiB/s ((K + 512) / 1024), its per-char ones KiB/s all the same. The unit
 * row and the "Version" cell above a row say so (each row of the table
 * takes on what the first one found); a "K/sec" header or none leaves
 * every rate in KiB/s. */
static void csv2html_200a_header_units(void **state)
{
	(void)state;
	static const char head[] =
		"Version 2.00a\tSequential Output\tSequential Input\tRandom Seeks\n"
		"\tSize\tPer Char\tBlock\tRewrite\tPer Char\tBlock\tNum Files\n"
		"\t%s\t%% CPU\t%s\t%% CPU\t%s\t%% CPU\t%s\t%% CPU\t%s\t%% CPU\t/sec\t%% CPU\n";
	static const char rows[] =
		"nas-east\t64G\t919\t83\t182\t18\t88\t16\t1184\t99\t195\t9\t258.4\t35\t32\t32396\t24\t"
		"+++++\t+++\t22679\t32\t19053\t20\t56474\t20\t21903\t34\n"
		"Latency\t22758us\t817us\t977us\t21981us\t850us\t1169us\tLatency\t23ms\t948us\t970us\t21ms\t752us\t1216us\n"
		"nas-west\t16G\t1153\t99\t169\t25\t82\t11\t1380\t99\t279\t14\t292.2\t31\t48\t31156\t19\t"
		"+++++\t+++\t35293\t36\t23360\t33\t+++++\t+++\t24346\t35\n"
		"Latency\t25492us\t1044us\t942us\t22ms\t905us\t735us\tLatency\t14ms\t668us\t1138us\t20ms\t677us\t1055us\n";
	for (int k = 0; k < 3; k++) {
		const char *u = k == 0 ? "M/sec" : "K/sec";
		char *text = k == 2 ? br_strdup(rows) : br_asprintf(head, u, u, u, u, u);
		if (k < 2) {
			char *all = br_asprintf("%s%s", text, rows);
			free(text);
			text = all;
		}
		struct run r;
		run(&r, text);
		free(text);
		assert_int_equal(r.n, 2);
		double m = k == 0 ? 1024 : 1;
		struct br_record *x = rec(&r, 0), *y = rec(&r, 1);
		assert_string_equal(x->host, "nas-east");
		if (k < 2)
			assert_string_equal(x->version, "2.00a");
		else
			assert_null(x->version);
		fig(x, BR_M_putc, 919, "919", 83);
		fig(x, BR_M_put_block, 182 * m, "182", 18);
		fig(x, BR_M_rewrite, 88 * m, "88", 16);
		fig(x, BR_M_getc, 1184, "1184", 99);
		fig(x, BR_M_get_block, 195 * m, "195", 9);
		fig(x, BR_M_seeks, 258.4, "258.4", 35);
		assert_true(br_value_resolution(br_record_get(x, BR_M_put_block)) == m);
		fig(y, BR_M_put_block, 169 * m, "169", 25);
		fig(y, BR_M_get_block, 279 * m, "279", 14);
		if (k < 2)
			assert_string_equal(y->version, "2.00a");
		done(&r);
	}
}

/* What a post wraps around a CSV line: Markdown inline code, and the
 * poster's note after the last field; blanks an archive put inside a
 * field still join it. */
static void csv_line_wrapped_in_a_post(void **state)
{
	(void)state;
	static const char *const ins[] = {
		"fileserv,4G,30348,47,35023,5,12701,2,30363,49,44790,6,165.0,0,16,2140,12,+++++,+++,1716,10,2166,13,+++++,+++,1507,9   <- defaults\n",
		"fileserv,4G,30348,47,35023,5,12701,2,30363,49,44790,6,165.0,0,16,2140,12,+++++,+++,1716,10,2166,13,+++++,+++,1507,9 (noatime)\n",
		"`fileserv,4G,30348,47,35023,5,12701,2,30363,49,44790,6,165.0,0,16,2140,12,+++++,+++,1716,10,2166,13,+++++,+++,1507,9`\n",
		"Raw CSV: `fileserv,4G,30348,47,35023,5,12701,2,30363,49,44790,6,165.0,0,16,2140,12,+++++,+++,1716,10,2166,13,+++++,+++,1507,9` (first run)\n",
		"fileserv,4G,30348,47,35023,5,12701,2,30363,49,44790,6,165.0,0,16,2140,12,+++++,+++,1716,10,2166,13,+++++,+++,15 07,9\n",
		"and the CSV of it: fileserv,4G,30348,47,35023,5,12701,2,30363,49,44790,6,165.0,0,16,2140,12,+++++,+++,1716,10,2166,13,+++++,+++,1507,9\n",
	};
	for (size_t k = 0; k < BR_ARRAY_LEN(ins); k++) {
		struct run r;
		run(&r, ins[k]);
		assert_int_equal(r.n, 1);
		struct br_record *x = rec(&r, 0);
		assert_string_equal(x->host, "fileserv");
		fig(x, BR_M_putc, 30348, "30348", 47);
		fig(x, BR_M_ran_del, 1507, "1507", 9);
		done(&r);
	}
	/* a lead-in before a versioned line: the version field is the first */
	struct run v;
	run(&v, "CSV line: 1.96,1.96,corei7,1,1323305088,32080M,,1148,98,126598,11,74273,9,5334,100,229733,15,"
		"13116,160,16,,,,,23322,22,+++++,+++,24000,16,+++++,+++,+++++,+++,+++++,+++,15865us,554ms,483ms,"
		"4473us,434ms,2480us,1343us,924us,603us,633us,102us,625us\n");
	assert_int_equal(v.n, 1);
	assert_string_equal(rec(&v, 0)->host, "corei7");
	assert_string_equal(rec(&v, 0)->version, "1.96");
	fig(rec(&v, 0), BR_M_put_block, 126598, "126598", 11);
	done(&v);
	/* a short name as lead-in, after ':', ' - ', ' = ' or ' -> ', labels its
	 * record; a lead-in that introduces ("CSV line:") does not */
	static const char *const leads[][2] = {{"ext4: ", "ext4"}, {"xfs - ", "xfs"}, {"btrfs lzo = ", "btrfs lzo"},
					       {"* raid10 f2 -> ", "raid10 f2"}, {"Raw CSV line: ", NULL}};
	for (size_t k = 0; k < BR_ARRAY_LEN(leads); k++) {
		char *in = br_asprintf("%s1.97,1.97,stor1,1,1351234567,8G,,612,97,98213,21,41022,12,2310,96,121880,14,"
				       "301.4,8,16,,,,,14022,55,+++++,+++,19910,60,15120,58,+++++,+++,17740,53,23015us,"
				       "2001ms,1410ms,18110us,120ms,290ms,412us,610us,702us,380us,22us,501us\n",
				       leads[k][0]);
		struct run n;
		run(&n, in);
		assert_int_equal(n.n, 1);
		assert_string_equal(rec(&n, 0)->host, "stor1");
		if (leads[k][1])
			assert_string_equal(rec(&n, 0)->label, leads[k][1]);
		else
			assert_null(rec(&n, 0)->label);
		fig(rec(&n, 0), BR_M_put_block, 98213, "98213", 21);
		done(&n);
		free(in);
	}
	/* a lower-case word one blank after the last field may be a piece of it */
	struct run r;
	run(&r, "fileserv,4G,30348,47,35023,5,12701,2,30363,49,44790,6,165.0,0,16,2140,12,+++++,+++,1716,10,2166,13,+++++,+++,1507,9 ok\n");
	assert_int_equal(r.n, 0);
	done(&r);
}

/* A bon_csv2html row of a run without the file tests (-n 0: name, size,
 * twelve I/O cells) is read under the report's units row ("K/sec % CPU");
 * under bonnie++'s own text header ("K/sec %CP") it is the text
 * parser's, and this parser leaves it. */
static void html_row_io_only(void **state)
{
	(void)state;
	struct run r;
	run(&r, "Version 1.97  Sequential Output  Sequential Input  Random\n"
		"K/sec  % CPU  K/sec  % CPU  K/sec  % CPU  K/sec  % CPU  K/sec  % CPU  /sec  % CPU\n"
		"web01  8G  612  97  98213  21  41022  12  2310  96  121880  14  301.4  8\n");
	assert_int_equal(r.n, 1);
	assert_string_equal(rec(&r, 0)->host, "web01");
	fig(rec(&r, 0), BR_M_put_block, 98213, "98213", 21);
	fig(rec(&r, 0), BR_M_seeks, 301.4, "301.4", 8);
	done(&r);
	run(&r, "Machine        Size K/sec %CP K/sec %CP K/sec %CP K/sec %CP K/sec %CP  /sec %CP\n"
		"web01  8G  612  97  98213  21  41022  12  2310  96  121880  14  301.4  8\n");
	assert_int_equal(r.n, 0);
	done(&r);
}

static void spaced_103_without_concurrency(void **state)
{
	(void)state;
	struct run r;
	run(&r, "tinybox  1G  8120  77  20112  18  9011  9  8012  92  29011  8  188.2  1  16  1022  7  "
		"+++++  +++  998  6  1011  8  +++++  +++  702  5\n");
	assert_int_equal(r.n, 1);
	struct br_record *x = rec(&r, 0);
	assert_string_equal(x->host, "tinybox");
	assert_null(br_record_param(x, "concurrency").key);
	fig(x, BR_M_putc, 8120, "8120", 77);
	fig(x, BR_M_seeks, 188.2, "188.2", 1);
	fig(x, BR_M_ran_del, 702, "702", 5);
	done(&r);
}

/* A 1.0x record with blanks for commas whose run left the file tests out
 * (-n 0: its name, size and twelve I/O figures) right under a full one of
 * that list is a record too (was: none, the shape of a text row); alone it
 * stays the text parser's (spaced_text_row_left_alone). */
static void spaced_io_only_after_full_record(void **state)
{
	(void)state;
	struct run r;
	run(&r, "tinybox  1G  8120  77  20112  18  9011  9  8012  92  29011  8  188.2  1  16  1022  7  "
		"+++++  +++  998  6  1011  8  +++++  +++  702  5\n"
		"tinybox  1G  8230  78  20540  18  9102  9  8110  92  29870  8  190.4  1\n"
		"\n"
		"tinybox  1G  8090  77  19988  18  8987  9  7990  92  28880  8  186.9  1\n");
	assert_int_equal(r.n, 3);
	struct br_record *x = rec(&r, 1);
	assert_string_equal(x->host, "tinybox");
	fig(x, BR_M_putc, 8230, "8230", 78);
	fig(x, BR_M_seeks, 190.4, "190.4", 1);
	assert_false(br_record_get(x, BR_M_seq_create).present);
	fig(rec(&r, 2), BR_M_get_block, 28880, "28880", 8);
	done(&r);
}

static void spaced_ambiguous_is_refused(void **state)
{
	(void)state;
	struct run r;
	/* six latencies: the I/O ones or the file-creation ones? */
	run(&r, "1.97 1.97 lost 1 1412349999 4G 690 95 60111 14 29876 8 2189 96 89011 10 230.1 6 16 "
		"5987 30 +++++ +++ 5901 27 5100 29 +++++ +++ 2998 18 22311us 799ms 648ms 30877us "
		"188ms 1498ms\n");
	assert_int_equal(r.n, 0);
	char *d = diag_with(&r, BR_NOTE, "more than one way");
	assert_non_null(strstr(d, "t.txt:1: note: bonnie++-csv:"));
	free(d);
	done(&r);
}

static void spaced_text_row_left_alone(void **state)
{
	(void)state;
	struct run r;
	/* a collapsed bonnie++ text row (I/O part alone) is the text parser's,
	 * and a line of numbers without a name is nobody's */
	run(&r, "moudry.com 4G 30348 47 35023 5 12701 2 30363 49 44790 6 165.0 0\n"
		"1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27\n");
	assert_int_equal(r.n, 0);
	assert_int_equal(warnings(&r), 0);
	done(&r);
}

/* A record with blanks for commas that a hard wrap cut: its first line
 * holds fewer than MIN_SPACED digit runs, the rest follows as lines of
 * figures (and its latency row). A line of many numbers followed by a
 * line of figures that make no record is none. */
static void spaced_record_wrapped(void **state)
{
	(void)state;
	struct run r;
	run(&r, "kestrel  1  8G  612  97  86220  22  47110  15  910  97  112040  23 \n"
		"320.4  5  16  9520  41  +++++  +++  9012  35  6701  30  +++++  +++ \n"
		"3590  15\n"
		"kestrel  Latency  22110us  6120ms  230ms  31020us  22010us  170ms \n"
		"Latency  25110us  70us  11020us  231ms  66us  344ms\n");
	assert_int_equal(r.n, 1);
	const struct br_record *x = rec(&r, 0);
	assert_string_equal(x->host, "kestrel");
	fig(x, BR_M_putc, 612, "612", 97);
	fig(x, BR_M_seeks, 320.4, "320.4", 5);
	fig(x, BR_M_ran_del, 3590, "3590", 15);
	too_fast(x, BR_M_ran_stat);
	fig(x, BR_M_ran_del_latency, 344000, "344ms", -1);
	assert_int_equal(x->source.end_line, 5);
	done(&r);

	run(&r, "node7 2G 30120 98 90110 89 50220 21 33010 87\n"
		"1 2 3\n");
	assert_int_equal(r.n, 0);
	done(&r);

	/* wrapped at 40 columns: a quarter of it on its first line */
	run(&r, "kestrel  1  8G  612  97  86220  22 \n"
		"47110  15  910  97  112040  23  320.4 \n"
		"5  16  9520  41  +++++  +++  9012  35 \n"
		"6701  30  +++++  +++  3590  15\n");
	assert_int_equal(r.n, 1);
	x = rec(&r, 0);
	fig(x, BR_M_put_block, 86220, "86220", 22);
	fig(x, BR_M_ran_del, 3590, "3590", 15);
	done(&r);
}

/* bonnie++ CSV lines a spreadsheet of a decimal-comma locale saved again:
 * ';' between the fields, "207,2" for 207.2; read as the lines bonnie++
 * wrote. A line of ';' whose commas are no decimal ones is not such a row. */
static void semicolon_rows_decimal_commas(void **state)
{
	(void)state;
	struct run r;
	run(&r, "1.96;1.96;srv01;1;1450900351;160G;;;;39912;3;29398;4;;;79075;4;207,2;34;50;;;;;"
		"170;2;42859;17;288;1;225;3;3525;9;345;1;;12226ms;61883ms;;349ms;3643ms;234ms;"
		"22897us;145ms;296ms;897us;84789us\n"
		"fs1;4G;48211;98;48211;12;21000;5;30123;90;61234;8;212,4;0;16;1234;10;+++++;+++;"
		"2345;12;1200;9;+++++;+++;1900;11\n"
		"a;b;c;d;e, f;g\n");
	assert_int_equal(r.n, 2);
	assert_string_equal(rec(&r, 0)->host, "srv01");
	struct br_value v = br_record_get(rec(&r, 0), BR_M_seeks);
	assert_true(v.present && v.has_value);
	assert_true(v.value == 207.2);
	assert_string_equal(raw_of(v), "207.2");
	assert_true(br_record_get(rec(&r, 0), BR_M_put_block).value == 39912);
	assert_string_equal(rec(&r, 1)->host, "fs1");
	assert_true(br_record_get(rec(&r, 1), BR_M_seeks).value == 212.4);
	assert_true(br_record_get(rec(&r, 1), BR_M_get_block).value == 61234);
	done(&r);

	/* a line ending in a table's empty cells (" | |") */
	run(&r, "fs1,4G,48211,98,48211,12,21000,5,30123,90,61234,8,212.4,0,16,1234,10,+++++,+++,"
		"2345,12,1200,9,+++++,+++,1900,11 | |\n");
	assert_int_equal(r.n, 1);
	assert_true(br_record_get(rec(&r, 0), BR_M_ran_del).value == 1900);
	assert_true(br_record_get(rec(&r, 0), BR_M_ran_del).cpu == 11);
	done(&r);
}

/* A %CP field of four digits is no CPU use a test printed: the rate is
 * kept without it, as the text parser keeps its twin; with -c 10 (the
 * concurrency field) it is. */
static void cpu_field_over_three_digits(void **state)
{
	(void)state;
	struct run r;
	run(&r, "newbox,4G,30348,47,35023,9921,12701,2,30363,49,44790,6,165.0,0,,,,,,,,,,,,,\n");
	assert_int_equal(r.n, 1);
	struct br_value v = br_record_get(r.ds.records.v[0], BR_M_put_block);
	assert_true(v.present && v.value == 35023 && !v.has_cpu);
	assert_true(br_record_get(r.ds.records.v[0], BR_M_putc).has_cpu);
	free(diag_with(&r, BR_WARNING, "9921"));
	done(&r);
	run(&r, "1.97,1.97,wide,10,1393822001,31G,,1002,97,201334,2200,98221,11,4802,95,388120,18,1120,"
		"31,16,,,,,18221,55,+++++,+++,22011,49,19002,56,+++++,+++,17330,47\n");
	assert_int_equal(r.n, 1);
	v = br_record_get(r.ds.records.v[0], BR_M_put_block);
	assert_true(v.has_cpu && v.cpu == 2200);
	assert_int_equal(r.ds.diags.n, 0);
	done(&r);
}

/* A record cut at every comma, a field a line, the last after the line
 * that ends with a comma. */
static void field_per_line(void **state)
{
	(void)state;
	struct run r;
	run(&r, "My phone put every value on its own line:\n\nkiosk7,\n1G,\n9120,\n70,\n15022,\n12,\n"
		"7011,\n5,\n10120,\n68,\n21334,\n6,\n98.4,\n0,\n16,\n1201,\n12,\n+++++,\n+++,\n1120,\n"
		"9,\n1230,\n12,\n+++++,\n+++,\n988,\n8\n\nThat's the SD card.\n");
	assert_int_equal(r.n, 1);
	const struct br_record *rec = r.ds.records.v[0];
	assert_string_equal(rec->host, "kiosk7");
	assert_true(br_record_get(rec, BR_M_putc).value == 9120);
	struct br_value v = br_record_get(rec, BR_M_ran_del);
	assert_true(v.value == 988 && v.has_cpu && v.cpu == 8);
	assert_int_equal(rec->source.line, 3);
	assert_int_equal(rec->source.end_line, 29);
	done(&r);
	/* prose whose lines end with commas is none */
	run(&r, "Hi,\nall,\nthanks,\nagain,\nbye\n");
	assert_int_equal(r.n, 0);
	assert_int_equal(r.ds.diags.n, 0);
	done(&r);
}

/* Rows of another program's CSV, under a header of its own words, are no
 * damaged bonnie++ lines: no warning. */
static void foreign_csv_rows_no_warning(void **state)
{
	(void)state;
	struct run r;
	run(&r, "model,capacity,price,qty,total,rpm,cache,interface,warranty,supplier,order,delivery,status,notes\n"
		"ST4000NM,4000,189,12,2268,7200,128,SAS,5,alpha,1201,2026-11-20,ordered,\n"
		"WD4002FY,4000,175,12,2100,7200,128,SATA,5,beta,1202,2026-11-22,quoted,\n");
	assert_int_equal(r.n, 0);
	assert_int_equal(br_diags_count(&r.ds.diags, BR_WARNING), 0);
	done(&r);
}

int main(void)
{
	br_parsers_init(); /* the tools' words for decoding and labels */
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(layout_103),
		cmocka_unit_test(layout_103e_chunk_and_file_spec),
		cmocka_unit_test(layout_100_plain_mb),
		cmocka_unit_test(layout_10x_without_file_test),
		cmocka_unit_test(layout_10x_file_test_only),
		cmocka_unit_test(layout_190a_format2_33),
		cmocka_unit_test(layout_191_format2_45),
		cmocka_unit_test(layout_191a_46),
		cmocka_unit_test(layout_192a_47),
		cmocka_unit_test(layout_196_48),
		cmocka_unit_test(layout_197_dirs_in_chunk_slot),
		cmocka_unit_test(layout_198_50),
		cmocka_unit_test(layout_200a_file_test_only),
		cmocka_unit_test(s0_record_one_field_short),
		cmocka_unit_test(latency_units_and_skipped_tests),
		cmocka_unit_test(trailing_latencies_dropped),
		cmocka_unit_test(header_lines_are_not_records),
		cmocka_unit_test(prose_with_commas),
		cmocka_unit_test(csv_among_prose),
		cmocka_unit_test(wrong_field_count_warns),
		cmocka_unit_test(bad_figure_warns),
		cmocka_unit_test(blanks_inside_figures),
		cmocka_unit_test(record_broken_across_lines),
		cmocka_unit_test(short_record_before_another),
		cmocka_unit_test(soft_breaks_left_in),
		cmocka_unit_test(seeks_point_restored),
		cmocka_unit_test(seeks_point_restored_at_decoder_join),
		cmocka_unit_test(seeks_split_elsewhere_is_fine),
		cmocka_unit_test(seeks_without_point_is_doubtful),
		cmocka_unit_test(quoted_csv_line),
		cmocka_unit_test(fast_path_hands_over),
		cmocka_unit_test(labels_of_csv_blocks),
		cmocka_unit_test(resolution_of_decimals),
		cmocka_unit_test(fast_path_too_many_fields),
		cmocka_unit_test(unquoted_split_is_libcsv),
		cmocka_unit_test(figures_read_like_strtod),
		cmocka_unit_test(field_shapes_at_the_limits),
		cmocka_unit_test(pieces_between_blank_lines),
		cmocka_unit_test(complete_record_takes_no_piece_after_a_blank),
		cmocka_unit_test(spaced_versioned_line),
		cmocka_unit_test(spaced_per_char_skipped),
		cmocka_unit_test(spaced_without_io_part),
		cmocka_unit_test(csv2html_row_with_latency_row),
		cmocka_unit_test(csv2html_200a_header_units),
		cmocka_unit_test(csv_line_wrapped_in_a_post),
		cmocka_unit_test(spaced_103_without_concurrency),
		cmocka_unit_test(spaced_io_only_after_full_record),
		cmocka_unit_test(spaced_ambiguous_is_refused),
		cmocka_unit_test(spaced_text_row_left_alone),
		cmocka_unit_test(spaced_record_wrapped),
		cmocka_unit_test(html_row_io_only),
		cmocka_unit_test(semicolon_rows_decimal_commas),
		cmocka_unit_test(cpu_field_over_three_digits),
		cmocka_unit_test(field_per_line),
		cmocka_unit_test(foreign_csv_rows_no_warning),
	};
	return cmocka_run_group_tests(tests, NULL, teardown);
}
