/* Unit tests: the bonnie-csv renderer (1.98-layout lines for bon_csv2txt and
 * bon_csv2html), field by field, and the round trip through the parser. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "dataset.h"
#include "doc.h"
#include "parser.h"
#include "regex.h"
#include "render.h"

static char *render(const struct br_dataset *ds)
{
	const struct br_renderer *rd = br_renderer_by_name("bonnie_csv");
	assert_non_null(rd);
	struct br_buf b = BR_BUF_INIT;
	struct br_sink sink;
	br_sink_mem(&sink, &b);
	struct br_render_opts o = {0};
	o.chart_group = -1;
	assert_int_equal(rd->render(ds, &o, &sink), 0);
	assert_false(sink.failed);
	return br_buf_detach(&b);
}

/* Split one output line into its fields (no quoting in this format). */
struct line {
	char *buf;
	char *f[64];
	size_t n;
};

static void split(struct line *l, const char *text)
{
	const char *nl = strchr(text, '\n');
	assert_non_null(nl);
	l->buf = br_strndup(text, (size_t)(nl - text));
	l->n = 0;
	char *s = l->buf;
	for (;;) {
		assert_true(l->n < 64);
		l->f[l->n++] = s;
		char *c = strchr(s, ',');
		if (!c)
			break;
		*c = '\0';
		s = c + 1;
	}
}

static struct br_dataset parse_text(const char *text)
{
	struct br_dataset ds = {0};
	struct br_doc *doc = br_doc_from_mem("t.txt", text, strlen(text));
	br_parse_document(doc, &ds);
	br_doc_free(doc);
	return ds;
}

/* bonnie++ 2.00a's own line survives parse + render byte for byte. */
static void real_200a_line_round_trips(void **state)
{
	(void)state;
	const char *line =
		"1.98,2.00a,vm,1,1796014534,1G,,8192,5,473,99,263327,81,701770,71,608,99,+++++,+++,"
		"+++++,+++,4,,,,,+++++,+++,+++++,+++,+++++,+++,+++++,+++,+++++,+++,+++++,+++,24195us,"
		"22049us,4621us,23480us,169us,8061us,239us,237us,1590us,1457us,178us,1816us\n";
	struct br_dataset ds = parse_text(line);
	assert_int_equal(ds.records.n, 1);
	char *out = render(&ds);
	assert_string_equal(out, line);
	free(out);
	br_dataset_free(&ds);
}

static void layout_103_becomes_198(void **state)
{
	(void)state;
	struct br_dataset ds = parse_text(
		"h103e,64M:4k,+++++,+++,+++++,+++,+++++,+++,+++++,+++,+++++,+++,+++++,+++,"
		"1:2000:100/4,1621,99,+++++,+++,+++++,+++,1781,98,+++++,+++,+++++,+++\n"
		"test3.dmotorworks.com,3000M,10924,55,11554,13,6603,3,22328,82,29922,8,336.0,1,16,2379,"
		"95,+++++,+++,+++++,+++,2367,96,+++++,+++,5275,91\n");
	assert_int_equal(ds.records.n, 2);
	char *out = render(&ds);
	struct line l;
	split(&l, out);
	assert_int_equal(l.n, 50);
	assert_string_equal(l.f[0], "1.98");
	assert_string_equal(l.f[1], "");      /* 1.0x CSV has no version */
	assert_string_equal(l.f[2], "h103e");
	assert_string_equal(l.f[5], "64M");   /* size and chunk in their own fields */
	assert_string_equal(l.f[6], "4k");
	assert_string_equal(l.f[9], "+++++");
	assert_string_equal(l.f[10], "+++");
	assert_string_equal(l.f[21], "1");
	assert_string_equal(l.f[22], "2000");
	assert_string_equal(l.f[23], "100");
	assert_string_equal(l.f[24], "");
	assert_string_equal(l.f[25], "4");    /* where 2.00a writes num_dirs */
	assert_string_equal(l.f[26], "1621");
	assert_string_equal(l.f[27], "99");
	for (size_t i = 38; i < 50; i++)
		assert_string_equal(l.f[i], ""); /* no latencies in 1.0x */
	free(l.buf);
	split(&l, strchr(out, '\n') + 1);
	assert_int_equal(l.n, 50);
	assert_string_equal(l.f[2], "test3.dmotorworks.com");
	assert_string_equal(l.f[5], "3000M");
	assert_string_equal(l.f[6], "");
	assert_string_equal(l.f[7], "");
	assert_string_equal(l.f[9], "10924");
	assert_string_equal(l.f[10], "55");
	assert_string_equal(l.f[17], "29922");
	assert_string_equal(l.f[19], "336.0"); /* one decimal, as printed */
	assert_string_equal(l.f[20], "1");
	assert_string_equal(l.f[21], "16");
	assert_string_equal(l.f[28], "+++++");
	assert_string_equal(l.f[29], "+++");
	assert_string_equal(l.f[36], "5275");
	assert_string_equal(l.f[37], "91");
	free(l.buf);
	free(out);
	br_dataset_free(&ds);
}

/* A record built the way the text parsers do: figures converted from
 * "728m"-style text, latencies without a CSV raw form. */
static void figures_from_text_records(void **state)
{
	(void)state;
	struct br_dataset ds = {0};
	struct br_record *r = br_record_new(BR_TOOL_BONNIEPP);
	br_record_set_version(r, "2.00a");
	br_record_set_host(r, "lab, rack 3");
	br_record_param_str(r, "size", "63G");
	br_record_param_num(r, "size_bytes", 63.0 * 1073741824);
	br_record_param_num(r, "files", 16384);
	br_record_set(r, BR_M_putc, 540, "540k");
	br_record_set_cpu(r, BR_M_putc, 99);
	br_record_set(r, BR_M_put_block, 728 * 1024, "728m");
	br_record_set_cpu(r, BR_M_put_block, 100);
	br_record_set(r, BR_M_get_block, 1.1 * 1048576, "1.1g");
	br_record_set(r, BR_M_seeks, 13116, "13116");
	br_record_set_cpu(r, BR_M_seeks, 160);
	br_record_set_too_fast(r, BR_M_seq_create, "+++++");
	br_record_set(r, BR_M_putc_latency, 16366, NULL);
	br_record_set(r, BR_M_put_block_latency, 554000, NULL);
	br_record_set(r, BR_M_rewrite_latency, 112e6, NULL);
	br_record_set(r, BR_M_getc_latency, 99999, NULL);
	br_recset_add(&ds.records, r);
	/* an hdparm record is not of the Bonnie family: skipped */
	struct br_record *h = br_record_new(BR_TOOL_HDPARM);
	br_record_set_host(h, "/dev/sda");
	br_record_set(h, BR_M_buffered_read, 81920, "80.00 MB/sec");
	br_recset_add(&ds.records, h);
	char *out = render(&ds);
	struct line l;
	split(&l, out);
	assert_int_equal(l.n, 50);
	assert_null(strchr(strchr(out, '\n') + 1, '\n')); /* one line only */
	assert_string_equal(l.f[1], "2.00a");
	assert_string_equal(l.f[2], "lab; rack 3"); /* no quoting in the format */
	assert_string_equal(l.f[5], "63G");
	assert_string_equal(l.f[9], "540");
	assert_string_equal(l.f[11], "745472");
	assert_string_equal(l.f[12], "100");
	assert_string_equal(l.f[13], "");     /* absent figures are empty */
	assert_string_equal(l.f[14], "");
	assert_string_equal(l.f[17], "1153434");
	assert_string_equal(l.f[18], "");     /* no cpu printed */
	assert_string_equal(l.f[19], "13116");
	assert_string_equal(l.f[20], "160");
	assert_string_equal(l.f[21], "16");
	assert_string_equal(l.f[26], "+++++");
	assert_string_equal(l.f[27], "+++");
	assert_string_equal(l.f[38], "16366us");
	assert_string_equal(l.f[39], "554ms"); /* bonnie++: ms from 0.1 s */
	assert_string_equal(l.f[40], "112s");  /* s from 100 s */
	assert_string_equal(l.f[41], "99999us");
	assert_string_equal(l.f[42], "");
	free(l.buf);
	free(out);
	br_dataset_free(&ds);
}

static void bonnie_record_without_bonniepp_version(void **state)
{
	(void)state;
	struct br_dataset ds = {0};
	struct br_record *r = br_record_new(BR_TOOL_BONNIE);
	br_record_set_version(r, "1.4");
	br_record_set_label(r, "Vinum, 4 disks");
	br_record_param_str(r, "size", "1*2047");
	br_record_param_num(r, "size_bytes", 2047.0 * 1048576);
	br_record_set(r, BR_M_putc, 4207, "4207");
	br_record_set_cpu(r, BR_M_putc, 96.1);
	br_record_set(r, BR_M_seeks, 122.2, "122.2");
	br_record_set_cpu(r, BR_M_seeks, 2.5);
	br_record_value(r, BR_M_putc)->marked = true;
	br_recset_add(&ds.records, r);
	char *out = render(&ds);
	struct line l;
	split(&l, out);
	assert_int_equal(l.n, 50);
	assert_string_equal(l.f[1], "");  /* not a bonnie++ version */
	assert_string_equal(l.f[2], "Vinum; 4 disks"); /* no host: the label */
	assert_string_equal(l.f[5], "2047M");
	assert_string_equal(l.f[9], "4207");
	assert_string_equal(l.f[10], "96");
	assert_string_equal(l.f[19], "122.2");
	assert_string_equal(l.f[21], "");
	free(l.buf);
	free(out);
	br_dataset_free(&ds);
}

static void nothing_for_other_tools(void **state)
{
	(void)state;
	struct br_dataset ds = {0};
	struct br_record *h = br_record_new(BR_TOOL_RAWIO);
	br_record_set(h, BR_M_seq_read, 1000, "1000");
	br_recset_add(&ds.records, h);
	char *out = render(&ds);
	assert_string_equal(out, "");
	free(out);
	br_dataset_free(&ds);
}

static int teardown(void **state)
{
	(void)state;
	br_regex_cleanup();
	return 0;
}

int main(void)
{
	br_parsers_init(); /* the tools' words for decoding and labels */
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(real_200a_line_round_trips),
		cmocka_unit_test(layout_103_becomes_198),
		cmocka_unit_test(figures_from_text_records),
		cmocka_unit_test(bonnie_record_without_bonniepp_version),
		cmocka_unit_test(nothing_for_other_tools),
	};
	return cmocka_run_group_tests(tests, NULL, teardown);
}
