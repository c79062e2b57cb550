/* Unit tests: reading benchreport's JSON Lines back (parsers/jsonl.c). */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "dataset.h"
#include "doc.h"
#include "json.h"
#include "jsonl.h"
#include "parser.h"
#include "record.h"
#include "raw_of.h"
#include "render.h"

/* Parse text as the document "in.jsonl" into ds (records not merged). */
static void read_text(const char *text, size_t n, struct br_dataset *ds)
{
	struct br_doc *doc = br_doc_from_mem("in.jsonl", text, n);
	br_parse_document(doc, ds);
	br_doc_free(doc);
}

static char *to_json(const struct br_record *r)
{
	struct br_buf b = BR_BUF_INIT;
	br_record_to_json(r, &b);
	return br_buf_detach(&b);
}

static size_t count_diags(const struct br_dataset *ds, const char *parser)
{
	size_t n = 0;
	for (size_t i = 0; i < ds->diags.n; i++)
		n += strcmp(ds->diags.v[i].parser, parser) == 0;
	return n;
}

/* A record that uses every key of SCHEMA.md and the extras. */
static struct br_record *full_record(void)
{
	struct br_record *r = br_record_new(BR_TOOL_BONNIEPP);
	br_record_set_version(r, "1.96");
	br_record_set_host(r, "h\xc3\xb6st-\"quoted\"");
	r->host_cut = true;
	br_record_set_label(r, "RAID 5 / 6 disks");
	br_record_set_source(r, "corpus/raid.txt", 39, 41, "bonnie++-csv");
	br_record_set_excerpt(r, "line one\n\tline \"two\"\\");
	r->also = br_calloc(2, sizeof *r->also);
	r->cap_also = 2;
	r->also[0].file = br_strdup("corpus/raid.txt");
	r->also[0].line = 10;
	r->also[0].end_line = 20;
	r->also[0].format = br_strdup("bonnie++-text");
	r->also[0].excerpt = br_strdup("table");
	r->also[1].file = br_strdup("other.txt");
	r->also[1].line = 3;
	r->also[1].end_line = 3;
	r->nalso = 2;
	br_record_param_str(r, "size", "16G");
	br_record_param_num(r, "size_bytes", 17179869184.0);
	br_record_param_num(r, "files", 16384);
	br_record_param_num(r, "chunk_size", 4096);
	br_record_param_num(r, "concurrency", 1);
	br_record_set(r, BR_M_putc, 72343, "72343");
	br_record_set_cpu(r, BR_M_putc, 98);
	br_record_set(r, BR_M_put_block, 1468006.4, "1.4g")->marked = true;
	br_record_set(r, BR_M_seeks, 1323.1, "1323.1");
	br_record_set_cpu(r, BR_M_seeks, 2.5);
	br_record_set_too_fast(r, BR_M_seq_stat, "+++++");
	br_record_set_cpu(r, BR_M_seq_stat, 0);
	br_record_set(r, BR_M_ran_del, NAN, "xx"); /* unreadable: null, not too fast */
	br_record_set(r, BR_M_putc_latency, 1234.5, "1234us");
	br_record_set(r, BR_M_seeks_latency, 0.25, NULL);
	return r;
}

static void every_key_reads_back(void **state)
{
	(void)state;
	struct br_record *orig = full_record();
	char *json = to_json(orig);
	struct br_dataset ds = {0};
	read_text(json, strlen(json), &ds);
	assert_int_equal(ds.diags.n, 0);
	assert_int_equal(ds.records.n, 1);
	const struct br_record *r = ds.records.v[0];

	assert_int_equal(r->tool, BR_TOOL_BONNIEPP);
	assert_string_equal(r->version, "1.96");
	assert_string_equal(r->host, "h\xc3\xb6st-\"quoted\"");
	assert_true(r->host_cut); /* the archive keeps knowing the name may be cut */
	assert_string_equal(r->label, "RAID 5 / 6 disks");
	/* the ORIGINAL source, not in.jsonl:1 */
	assert_string_equal(r->source.file, "corpus/raid.txt");
	assert_int_equal(r->source.line, 39);
	assert_int_equal(r->source.end_line, 41);
	assert_string_equal(r->source.format, "bonnie++-csv");
	assert_string_equal(r->source.excerpt, "line one\n\tline \"two\"\\");
	assert_int_equal(r->nalso, 2);
	assert_string_equal(r->also[0].format, "bonnie++-text");
	assert_string_equal(r->also[0].excerpt, "table");
	assert_int_equal(r->also[0].line, 10);
	assert_int_equal(r->also[0].end_line, 20);
	assert_null(r->also[1].format);
	assert_null(r->also[1].excerpt);

	assert_int_equal(r->nparams, 5);
	assert_string_equal(br_record_param(r, "size").str, "16G");
	assert_null(br_record_param(r, "size_bytes").str);
	assert_true(br_record_param(r, "size_bytes").num == 17179869184.0);
	assert_true(br_record_param(r, "files").num == 16384);

	assert_true(br_record_get(r, BR_M_putc).present && br_record_get(r, BR_M_putc).has_value);
	assert_true(br_record_get(r, BR_M_putc).value == 72343);
	assert_true(br_record_get(r, BR_M_putc).has_cpu && br_record_get(r, BR_M_putc).cpu == 98);
	assert_string_equal(raw_of(br_record_get(r, BR_M_putc)), "72343");
	assert_true(br_record_get(r, BR_M_put_block).marked);
	assert_true(br_record_get(r, BR_M_put_block).value == 1468006.4);
	assert_false(br_record_get(r, BR_M_put_block).has_cpu);
	assert_true(br_record_get(r, BR_M_seeks).cpu == 2.5);
	assert_true(br_record_get(r, BR_M_seq_stat).present && br_record_get(r, BR_M_seq_stat).too_fast);
	assert_false(br_record_get(r, BR_M_seq_stat).has_value);
	assert_true(br_record_get(r, BR_M_seq_stat).has_cpu && br_record_get(r, BR_M_seq_stat).cpu == 0);
	assert_true(br_record_get(r, BR_M_ran_del).present);
	assert_false(br_record_get(r, BR_M_ran_del).has_value);
	assert_false(br_record_get(r, BR_M_ran_del).too_fast);
	assert_true(br_record_get(r, BR_M_putc_latency).value == 1234.5);
	assert_true(br_record_get(r, BR_M_seeks_latency).value == 0.25);
	assert_null(raw_of(br_record_get(r, BR_M_seeks_latency)));
	assert_false(br_record_get(r, BR_M_getc).present);
	assert_true(br_value_resolution(br_record_get(r, BR_M_putc)) == 0);

	/* and it writes the same line again */
	char *again = to_json(r);
	assert_string_equal(again, json);
	free(again);
	free(json);
	br_dataset_free(&ds);
	br_record_free(orig);
}

static void nulls_and_absent_keys(void **state)
{
	(void)state;
	const char *text =
		"{\"tool\":\"hdparm\",\"version\":null,\"host\":null,\"label\":null,"
		"\"source\":{\"file\":\"a.txt\",\"line\":5,\"end_line\":5,\"format\":null},"
		"\"params\":{},\"metrics\":{\"buffered_read\":{\"value\":null,\"unit\":\"KiB/s\"}}}\n"
		"{\"tool\":\"rawio\",\"metrics\":{\"seq_read_ops\":{\"value\":12}}}\n";
	struct br_dataset ds = {0};
	read_text(text, strlen(text), &ds);
	assert_int_equal(ds.diags.n, 0);
	assert_int_equal(ds.records.n, 2);
	const struct br_record *a = ds.records.v[0], *b = ds.records.v[1];
	assert_null(a->version);
	assert_null(a->host);
	assert_null(a->label);
	assert_null(a->source.format);
	assert_true(br_record_get(a, BR_M_buffered_read).present);
	assert_false(br_record_get(a, BR_M_buffered_read).has_value);
	assert_false(br_record_get(a, BR_M_buffered_read).too_fast);
	/* no source written: the line it was read from */
	assert_string_equal(b->source.file, "in.jsonl");
	assert_int_equal(b->source.line, 2);
	assert_string_equal(b->source.format, "jsonl");
	assert_int_equal(b->nparams, 0);
	assert_true(br_record_get(b, BR_M_seq_read_ops).value == 12);
	br_dataset_free(&ds);
}

static void too_fast_with_and_without_value(void **state)
{
	(void)state;
	const char *text =
		"{\"schema\":1,\"tool\":\"bonnie\",\"host\":\"x\",\"metrics\":{"
		"\"putc\":{\"value\":null,\"unit\":\"KiB/s\",\"raw\":\"+++++\",\"too_fast\":true},"
		"\"getc\":{\"value\":5,\"unit\":\"KiB/s\",\"too_fast\":true,\"marked\":false},"
		"\"seeks\":{\"value\":7,\"unit\":\"/s\",\"too_fast\":false,\"marked\":true}}}\n";
	struct br_dataset ds = {0};
	read_text(text, strlen(text), &ds);
	assert_int_equal(ds.diags.n, 0);
	assert_int_equal(ds.records.n, 1);
	const struct br_record *r = ds.records.v[0];
	assert_true(br_record_get(r, BR_M_putc).too_fast);
	assert_false(br_record_get(r, BR_M_putc).has_value);
	assert_string_equal(raw_of(br_record_get(r, BR_M_putc)), "+++++");
	assert_true(br_record_get(r, BR_M_getc).too_fast);
	assert_true(br_record_get(r, BR_M_getc).has_value);
	assert_false(br_record_get(r, BR_M_getc).marked);
	assert_false(br_record_get(r, BR_M_seeks).too_fast);
	assert_true(br_record_get(r, BR_M_seeks).marked);
	br_dataset_free(&ds);
}

static void bad_lines_warn_and_others_still_read(void **state)
{
	(void)state;
	const char *text =
		"{\"tool\":\"hdparm\",\"host\":\"/dev/a\",\"metrics\":{\"cached_read\":{\"value\":1}}}\n"
		"{\"tool\":\"hdparm\",\"metrics\":{\"cached_read\":{\"value\":2}}\n" /* truncated */
		"\n"
		"garbage here\n"
		"[1,2,3]\n"
		"{\"tool\":\"fio\",\"metrics\":{}}\n"
		"{\"schema\":2,\"tool\":\"hdparm\",\"metrics\":{}}\n"
		"{\"tool\":\"hdparm\",\"metrics\":[]}\n"
		"{\"host\":\"no tool\",\"metrics\":{}}\n"
		"{\"tool\":\"hdparm\",\"host\":\"/dev/b\",\"metrics\":{\"nonsense\":{\"value\":1},"
		"\"putc\":{\"value\":3},\"cached_read\":{\"value\":\"fast\"},"
		"\"buffered_read\":{\"value\":4,\"unit\":\"MB/s\"},\"direct_read\":{\"value\":5,\"cpu\":\"x\"}},"
		"\"params\":{\"mb\":[1]},\"source\":{\"line\":3}}\n";
	struct br_dataset ds = {0};
	read_text(text, strlen(text), &ds);
	assert_int_equal(ds.records.n, 2);
	assert_string_equal(ds.records.v[0]->host, "/dev/a");
	const struct br_record *b = ds.records.v[1];
	assert_string_equal(b->host, "/dev/b");
	assert_false(br_record_get(b, BR_M_cached_read).present);
	assert_false(br_record_get(b, BR_M_buffered_read).present);
	assert_true(br_record_get(b, BR_M_direct_read).present);
	assert_false(br_record_get(b, BR_M_direct_read).has_cpu);
	assert_false(br_record_get(b, BR_M_putc).present);
	assert_string_equal(b->source.file, "in.jsonl"); /* the source had no file */
	assert_int_equal(b->source.line, 10);

	/* one warning per bad line, at its own line, and per bad part of line 10 */
	unsigned want[] = {2, 4, 5, 6, 7, 8, 9};
	for (size_t k = 0; k < BR_ARRAY_LEN(want); k++) {
		bool found = false;
		for (size_t i = 0; i < ds.diags.n; i++)
			found = found || (ds.diags.v[i].line == want[k] && ds.diags.v[i].severity == BR_WARNING);
		assert_true(found);
	}
	size_t on10 = 0;
	for (size_t i = 0; i < ds.diags.n; i++) {
		assert_string_equal(ds.diags.v[i].file, "in.jsonl");
		assert_string_equal(ds.diags.v[i].parser, "jsonl");
		on10 += ds.diags.v[i].line == 10;
	}
	assert_int_equal(on10, 7); /* nonsense, putc, cached_read, buffered_read, cpu, mb, source */
	assert_int_equal(count_diags(&ds, "jsonl"), ds.diags.n);
	assert_int_equal(ds.diags.n, 14);

	struct br_buf line = BR_BUF_INIT;
	br_diag_format(&ds.diags.v[0], &line);
	assert_string_equal(line.data, "in.jsonl:2: warning: jsonl: not a JSON line (unexpected end of input at column 55); skipped");
	br_buf_free(&line);
	br_dataset_free(&ds);
}

static void not_json_lines_is_left_alone(void **state)
{
	(void)state;
	/* prose first: not JSON Lines, even with a record further down */
	const char *prose = "Here are my results:\n"
			    "{\"tool\":\"hdparm\",\"metrics\":{\"cached_read\":{\"value\":1}}}\n";
	/* JSON objects that are not records */
	const char *other = "{\"name\":\"x\",\"value\":1}\n{\"name\":\"y\"}\n";
	struct br_dataset ds = {0};
	read_text(prose, strlen(prose), &ds);
	read_text(other, strlen(other), &ds);
	assert_int_equal(count_diags(&ds, "jsonl"), 0);
	for (size_t i = 0; i < ds.records.n; i++)
		assert_string_not_equal(ds.records.v[i]->source.format, "jsonl");
	br_dataset_free(&ds);
}

static void records_keep_their_original_source_and_merge_back(void **state)
{
	(void)state;
	/* The same run twice (as a text table and a CSV line would give it) */
	struct br_record *a = full_record(), *b = full_record();
	br_record_set_source(b, "corpus/other.txt", 7, 7, "bonnie++-text");
	struct br_buf text = BR_BUF_INIT;
	br_record_to_json(a, &text);
	br_buf_addc(&text, '\n');
	br_record_to_json(b, &text);
	br_buf_addc(&text, '\n');
	struct br_dataset ds = {0};
	read_text(text.data, text.len, &ds);
	assert_int_equal(ds.records.n, 2);
	assert_string_equal(ds.records.v[1]->source.file, "corpus/other.txt");
	assert_int_equal(br_recset_merge(&ds.records), 1);
	assert_int_equal(ds.inputs[0].nrecords, 2);
	br_dataset_free(&ds);
	br_buf_free(&text);
	br_record_free(a);
	br_record_free(b);
}

static void hostile_input_never_crashes(void **state)
{
	(void)state;
	struct br_buf b = BR_BUF_INIT;
	const char *head = "{\"tool\":\"hdparm\",\"host\":\"h\",\"metrics\":{\"cached_read\":{\"value\":1}}}\n";
	br_buf_adds(&b, head);
	/* nesting far deeper than the parser allows */
	br_buf_adds(&b, "{\"tool\":\"hdparm\",\"metrics\":{\"x\":");
	for (int i = 0; i < 100000; i++)
		br_buf_addc(&b, '[');
	br_buf_addc(&b, '\n');
	/* a 4 MiB string */
	br_buf_adds(&b, "{\"tool\":\"hdparm\",\"host\":\"");
	for (int i = 0; i < 4 << 20; i++)
		br_buf_addc(&b, 'a' + i % 26);
	br_buf_adds(&b, "\",\"metrics\":{\"cached_read\":{\"value\":2}}}\n");
	/* numbers out of range, odd escapes, NUL bytes, invalid UTF-8 */
	br_buf_adds(&b, "{\"tool\":\"hdparm\",\"metrics\":{\"cached_read\":{\"value\":1e999}}}\n");
	br_buf_adds(&b, "{\"tool\":\"hdparm\",\"host\":\"\\u0000\\ud800x\\uDFFF\",\"metrics\":{"
			"\"cached_read\":{\"value\":-1e308,\"cpu\":1e308}},"
			"\"source\":{\"file\":\"f\",\"line\":-1,\"end_line\":1e20}}\n");
	br_buf_adds(&b, "{\"tool\":\"hdparm\",\"source\":{\"file\":\"f\",\"line\":4294967295,\"end_line\":2.5},"
			"\"metrics\":{\"cached_read\":{\"value\":3}}}\n");
	static const char with_nul[] = "{\"tool\":\"hdparm\",\"host\":\"a\0b\",\"metrics\":{}}\n";
	br_buf_add(&b, with_nul, sizeof with_nul - 1);
	br_buf_adds(&b, "{\"tool\":\"hdparm\",\"host\":\"\xff\xfe\xc3\",\"metrics\":{},\"also\":[1,{},{\"file\":7}]}\n");
	br_buf_adds(&b, "{\"tool\":\"hdparm\",\"metrics\":{},\"also\":{\"file\":\"x\"},\"params\":7}\n");
	br_buf_adds(&b, "{\"tool\":\"hdparm\",\"metrics\":{},\"tool\":\"rawio\"}\n");
	br_buf_adds(&b, "{\"tool\":\"hdparm\",\"metrics\":{\"cached_read\":{\"value\":1},\"cached_read\":{\"value\":2}}}\n");
	br_buf_adds(&b, "{\"tool\":\"hdparm\",\"metrics\":{\"cached_read\":7}}\n");
	br_buf_adds(&b, "{\"tool\":\"hdparm\",\"metrics\":{}} trailing\n");
	br_buf_adds(&b, "{\"tool\":\"hdparm\",\"metrics\":{}");  /* no final newline, unterminated */
	struct br_dataset ds = {0};
	read_text(b.data, b.len, &ds);
	br_recset_merge(&ds.records);
	/* every record still writes valid JSON that reads back */
	for (size_t i = 0; i < ds.records.n; i++) {
		char *json = to_json(ds.records.v[i]);
		struct br_json *j = br_json_parse(json, strlen(json), NULL, NULL);
		assert_non_null(j);
		struct br_record *again = br_jsonl_record(j, NULL, NULL);
		assert_non_null(again);
		char *json2 = to_json(again);
		assert_string_equal(json, json2);
		free(json2);
		br_record_free(again);
		br_json_free(j);
		free(json);
	}
	assert_true(ds.records.n >= 4);
	assert_true(ds.diags.n >= 6);
	br_dataset_free(&ds);

	/* random bytes after a record line */
	srand(7);
	for (int round = 0; round < 200; round++) {
		br_buf_reset(&b);
		br_buf_adds(&b, head);
		size_t n = (size_t)(rand() % 400);
		for (size_t i = 0; i < n; i++) {
			static const char alphabet[] = "{}[]\":,0123456789.eE+-\\ntrufalsu\n \x01\xc3\xa9\xff";
			br_buf_addc(&b, alphabet[rand() % (int)(sizeof alphabet - 1)]);
		}
		struct br_dataset d2 = {0};
		read_text(b.data, b.len, &d2);
		assert_true(d2.records.n >= 1);
		br_dataset_free(&d2);
	}
	br_buf_free(&b);
}

static void record_reader_without_warn_callback(void **state)
{
	(void)state;
	const char *s = "{\"tool\":\"rawio\",\"metrics\":{\"bad\":1,\"seq_read\":{\"value\":1.5}},\"host\":3}";
	struct br_json *j = br_json_parse(s, strlen(s), NULL, NULL);
	struct br_record *r = br_jsonl_record(j, NULL, NULL);
	assert_non_null(r);
	assert_null(r->host);
	assert_null(r->source.file);
	assert_true(br_record_get(r, BR_M_seq_read).value == 1.5);
	br_record_free(r);
	br_json_free(j);
	assert_null(br_jsonl_record(NULL, NULL, NULL));
}

int main(void)
{
	br_parsers_init(); /* the tools' words for decoding and labels */
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(every_key_reads_back),
		cmocka_unit_test(nulls_and_absent_keys),
		cmocka_unit_test(too_fast_with_and_without_value),
		cmocka_unit_test(bad_lines_warn_and_others_still_read),
		cmocka_unit_test(not_json_lines_is_left_alone),
		cmocka_unit_test(records_keep_their_original_source_and_merge_back),
		cmocka_unit_test(hostile_input_never_crashes),
		cmocka_unit_test(record_reader_without_warn_callback),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
