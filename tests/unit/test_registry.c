/* Unit tests: the parser registry's driver (parsers/registry.c) — records
 * and diagnostics of one document come out in line order whichever parser
 * found them; a parser finds nothing in a document whose every line is
 * claimed (the driver stops there); and br_parse_record_new() stores the
 * source strings exactly as br_record_set_source() and br_doc_excerpt()
 * make them, whatever the line ends and bytes. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "dataset.h"
#include "doc.h"
#include "parser.h"
#include "util.h"

/* Results of five tools, interleaved: the CSV parser runs first but its
 * records (lines 7 and 18) and warning (line 19) are not the first in the
 * text; the Bonnie warning (line 16) comes from a later parser. */
static const char mixed[] =
	"Results from the lab, all on one box\n"
	"Version  1.03       ------Sequential Output------ --Sequential Input- --Random-\n"
	"                    -Per Chr- --Block-- -Rewrite- -Per Chr- --Block-- --Seeks--\n"
	"Machine        Size K/sec %CP K/sec %CP K/sec %CP K/sec %CP K/sec %CP  /sec %CP\n"
	"other.box        1G 20348  37 25023   4 11701   2 20363  39 34790   5 145.0   0\n"
	"\n"
	"moudry.com,4G,30348,47,35023,5,12701,2,30363,49,44790,6,165.0,0,16,2140,12,+++++,+++,"
	"1716,10,2166,13,+++++,+++,1507,9\n"
	"\n"
	"/dev/hda:\n"
	" Timing buffer-cache reads:   128 MB in  1.03 seconds =124.27 MB/sec\n"
	" Timing buffered disk reads:  64 MB in  2.58 seconds = 24.81 MB/sec\n"
	"\n"
	"              -------Sequential Output-------- ---Sequential Input-- --Random--\n"
	"              -Per Char- --Block--- -Rewrite-- -Per Char- --Block--- --Seeks---\n"
	"Machine    MB K/sec %CPU K/sec %CPU K/sec %CPU K/sec %CPU K/sec %CPU  /sec %CPU\n"
	"          100  2611 90.7  3924 86.2\n"
	"\n"
	"bigbox,2G,1234,40,5678,9,2345,3,3456,50,6789,7,201.5,1,16,2140,12,+++++,+++,"
	"1716,10,2166,13,+++++,+++,1507,9\n"
	"bad,2G,1234,40,5678,9,2345,3,3456,50,6789,7,201.5,1,16,2140,12,+++++\n"
	"\n"
	"Random read Sequential read Random write Sequential write\n"
	"ID K/sec /sec K/sec /sec K/sec /sec K/sec /sec\n"
	"A_STRIPE 2170.2 135 7060.9 431 2262.2 140 3596.3 219\n";

static void document_order(void **state)
{
	(void)state;
	struct br_doc *doc = br_doc_from_mem("mixed.txt", mixed, strlen(mixed));
	struct br_dataset ds = {0};
	size_t n = br_parse_document(doc, &ds);
	static const struct {
		enum br_tool tool;
		unsigned line;
	} want[] = {
		{BR_TOOL_BONNIEPP, 2}, {BR_TOOL_BONNIEPP, 7}, {BR_TOOL_HDPARM, 10},
		{BR_TOOL_BONNIEPP, 18}, {BR_TOOL_RAWIO, 23},
	};
	assert_int_equal(n, BR_ARRAY_LEN(want));
	assert_int_equal(ds.records.n, BR_ARRAY_LEN(want));
	for (size_t i = 0; i < BR_ARRAY_LEN(want); i++) {
		assert_int_equal(ds.records.v[i]->tool, want[i].tool);
		assert_int_equal(ds.records.v[i]->source.line, want[i].line);
	}
	assert_int_equal(ds.diags.n, 2);
	assert_int_equal(ds.diags.v[0].line, 16);
	assert_string_equal(ds.diags.v[0].parser, "bonnie");
	assert_int_equal(ds.diags.v[1].line, 19);
	assert_string_equal(ds.diags.v[1].parser, "bonnie++-csv");
	br_dataset_free(&ds);
	br_doc_free(doc);
}

/* A dataset that keeps no excerpts (an output that shows none) gets the
 * same records, diagnostics and lines, without their excerpts. */
static void excerpts_only_when_kept(void **state)
{
	(void)state;
	struct br_doc *doc = br_doc_from_mem("mixed.txt", mixed, strlen(mixed));
	struct br_dataset with = {0}, without = {.skip_excerpts = true};
	size_t n = br_parse_document(doc, &with);
	assert_int_equal(br_parse_document(doc, &without), n);
	assert_int_equal(with.diags.n, without.diags.n);
	for (size_t i = 0; i < n; i++) {
		const struct br_record *a = with.records.v[i], *b = without.records.v[i];
		assert_non_null(a->source.excerpt);
		assert_null(b->source.excerpt);
		assert_int_equal(a->source.line, b->source.line);
		assert_int_equal(a->source.end_line, b->source.end_line);
		assert_int_equal(br_record_held(a), br_record_held(b));
	}
	assert_string_equal(with.records.v[2]->source.excerpt,
			    " Timing buffer-cache reads:   128 MB in  1.03 seconds =124.27 MB/sec\n"
			    " Timing buffered disk reads:  64 MB in  2.58 seconds = 24.81 MB/sec");
	br_dataset_free(&with);
	br_dataset_free(&without);
	br_doc_free(doc);
}

/* The driver skips the parsers after the one that claimed the last line:
 * that is right only while no parser but the first (which never meets a
 * claimed line) finds, warns or claims anything in a document whose lines
 * are all claimed. Each finds something in `mixed` when nothing is. */
static void all_claimed_nothing_found(void **state)
{
	(void)state;
	size_t np;
	const struct br_parser *const *ps = br_parsers(&np);
	struct br_doc *doc = br_doc_from_mem("mixed.txt", mixed, strlen(mixed));
	assert_true(doc->nlines > 10);
	for (size_t k = 0; k < np; k++) {
		for (int all = 0; all < 2; all++) {
			struct br_dataset ds = {0};
			unsigned char *claimed = calloc(doc->nlines, 1);
			memset(claimed, all, doc->nlines);
			struct br_parse_ctx ctx = {0};
			ctx.doc = doc;
			ctx.ds = &ds;
			ctx.parser = ps[k];
			ctx.claimed = claimed;
			ps[k]->parse(&ctx);
			if (all && k > 0) {
				if (ds.records.n + ds.diags.n + ds.nclaims)
					fail_msg("%s: %zu records, %zu diagnostics, %zu claims in a "
						 "claimed document",
						 ps[k]->name, ds.records.n, ds.diags.n, ds.nclaims);
			} else if (!all && ds.records.n + ds.diags.n == 0) {
				fail_msg("%s finds nothing in the test text", ps[k]->name);
			}
			free(claimed);
			br_dataset_free(&ds);
		}
	}
	br_doc_free(doc);
}

/* Every source br_parse_record_new() makes in `text` is what
 * br_record_set_source() and br_doc_excerpt() would have stored. */
static void check_sources(const char *path, const char *text, size_t len)
{
	static const struct br_parser odd = {.name = "t\xc3\xa9st\x01", .summary = ""};
	struct br_doc *doc = br_doc_from_mem(path, text, len);
	struct br_dataset ds = {0};
	unsigned char claimed[64] = {0};
	assert_true(doc->nlines <= sizeof claimed);
	for (int p = 0; p < 2; p++) {
		struct br_parse_ctx ctx = {0};
		ctx.doc = doc;
		ctx.ds = &ds;
		ctx.parser = p ? &odd : br_parser_by_name("bonnie");
		ctx.claimed = claimed;
		size_t n = doc->nlines ? doc->nlines : 1;
		for (size_t first = 0; first < n; first++) {
			for (size_t last = first; last < n + 1; last++) {
				struct br_record *r = br_parse_record_new(&ctx, BR_TOOL_BONNIE, first, last);
				/* the ORIGINAL lines of logical lines first..last */
				unsigned a = 1, b = 1;
				if (doc->nlines) {
					size_t l = last < doc->nlines ? last : doc->nlines - 1;
					a = doc->lines[first].line;
					b = doc->lines[l].end_line;
				}
				struct br_record *want = br_record_new(BR_TOOL_BONNIE);
				br_record_set_source(want, path, a, b, ctx.parser->name);
				assert_string_equal(r->source.file, want->source.file);
				assert_string_equal(r->source.format, want->source.format);
				assert_int_equal(r->source.line, want->source.line);
				assert_int_equal(r->source.end_line, want->source.end_line);
				char *ex = br_doc_excerpt(doc, a, b);
				assert_string_equal(r->source.excerpt, ex);
				free(ex);
				br_record_free(want);
				br_record_free(r);
			}
		}
	}
	br_dataset_free(&ds);
	br_doc_free(doc);
}

#define CHECK(path, lit) check_sources(path, lit, sizeof lit - 1)

static void sources_as_before(void **state)
{
	(void)state;
	CHECK("lf.txt", "one\ntwo\n\nfour\n");
	CHECK("crlf.txt", "one\r\ntwo\r\n\r\nfour\r\n");
	CHECK("cr.txt", "one\rtwo\rthree");
	CHECK("mixed-ends.txt", "one\r\ntwo\nthree\rfour\n");
	CHECK("caf\xe9.txt", "plain\n");
	CHECK("utf8.txt", "caf\xc3\xa9 au lait\n\tand tab\nand more text than eight bytes\n");
	CHECK("bad.txt", "0123456789abcdef\x80xyz0123456789abcdef\nok line\n\xff\n");
	CHECK("ctl.txt", "del\x7f here and a long tail 0123456789\nbell\a\nlast");
	CHECK("nul.txt", "nul\0byte in a line long enough\nnext\n");
	CHECK("bom.txt", "\xef\xbb\xbf" "first line\nsecond\n");
	CHECK("qp.txt", "Content-Transfer-Encoding: quoted-printable\n\n"
			"K/sec %CPU K/sec %CPU K/sec %CPU K/sec %CPU K/sec %CPU  /sec %CP=\n"
			"U\n"
			"100  2611 90.7=\n"
			"  3924\n");
	CHECK("blank.txt", "\n\n\n");
	CHECK("empty.txt", "");
}

int main(void)
{
	br_parsers_init(); /* the tools' words for decoding and labels */
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(document_order),
		cmocka_unit_test(excerpts_only_when_kept),
		cmocka_unit_test(all_claimed_nothing_found),
		cmocka_unit_test(sources_as_before),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
