/*
 * parser_run.h — for the parser unit tests: one parser run by name over a
 * document, as the registry calls it (or every parser, then the merge, as
 * the CLI does), and the results looked at. Include after cmocka.h.
 */
#ifndef BR_TEST_PARSER_RUN_H
#define BR_TEST_PARSER_RUN_H

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "dataset.h"
#include "doc.h"
#include "parser.h"
#include "regex.h"

struct run {
	struct br_doc *doc;
	struct br_dataset ds;
	unsigned char *claimed;
	size_t n;
};

/*
 * Parser `name` alone over doc, which r then owns. The lines in pre[] are
 * claimed beforehand, as if an earlier parser had taken them. With
 * `detect`, a parser whose detect() turns the document down does not run.
 */
static inline void run_parser_doc(struct run *r, const char *name, struct br_doc *doc, bool detect,
				  const size_t *pre, size_t npre)
{
	memset(r, 0, sizeof *r);
	r->doc = doc;
	r->claimed = calloc(doc->nlines + 1, 1);
	for (size_t i = 0; i < npre; i++)
		r->claimed[pre[i]] = 1;
	struct br_parse_ctx ctx = {0};
	ctx.doc = doc;
	ctx.ds = &r->ds;
	ctx.parser = br_parser_by_name(name);
	ctx.claimed = r->claimed;
	assert_non_null(ctx.parser);
	if (!detect || !ctx.parser->detect || ctx.parser->detect(doc))
		r->n = ctx.parser->parse(&ctx);
	assert_int_equal(r->n, r->ds.records.n);
}

static inline void run_parser(struct run *r, const char *name, const char *text, bool detect)
{
	br_parsers_init();
	run_parser_doc(r, name, br_doc_from_mem("t.txt", text, strlen(text)), detect, NULL, 0);
}

/* Every parser (the registry), then the merge, as the CLI does. */
static inline void run_all(struct run *r, const char *text)
{
	memset(r, 0, sizeof *r);
	br_parsers_init();
	r->doc = br_doc_from_mem("t.txt", text, strlen(text));
	r->n = br_parse_document(r->doc, &r->ds);
	br_recset_merge(&r->ds.records);
}

static inline void done(struct run *r)
{
	br_dataset_free(&r->ds);
	br_doc_free(r->doc);
	free(r->claimed);
	br_regex_cleanup();
}

static inline struct br_record *rec(const struct run *r, size_t i)
{
	assert_true(i < r->ds.records.n);
	return r->ds.records.v[i];
}

static inline size_t warnings(const struct run *r)
{
	return br_diags_count(&r->ds.diags, BR_WARNING);
}

#endif
