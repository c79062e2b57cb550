/* registry — the parser list (parsers.def) and the shared parser helpers. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "label.h"
#include "parser.h"

#define BR_PARSER(fmt) extern const struct br_parser br_parser_##fmt;
#include "parsers.def"
#undef BR_PARSER

static const struct br_parser *const parsers[] = {
#define BR_PARSER(fmt) &br_parser_##fmt,
#include "parsers.def"
#undef BR_PARSER
};

const struct br_parser *const *br_parsers(size_t *n)
{
	*n = BR_ARRAY_LEN(parsers);
	return parsers;
}

const struct br_parser *br_parser_by_name(const char *name)
{
	for (size_t i = 0; i < BR_ARRAY_LEN(parsers); i++)
		if (strcmp(parsers[i]->name, name) == 0)
			return parsers[i];
	return NULL;
}

static unsigned orig_line(const struct br_doc *doc, size_t idx, bool end)
{
	if (doc->nlines == 0)
		return 1;
	if (idx >= doc->nlines)
		idx = doc->nlines - 1;
	return end ? doc->lines[idx].end_line : doc->lines[idx].line;
}

struct br_record *br_parse_record_new(struct br_parse_ctx *ctx, enum br_tool tool, size_t first,
				      size_t last)
{
	struct br_record *r = br_record_new(tool);
	unsigned a = orig_line(ctx->doc, first, false), b = orig_line(ctx->doc, last, true);
	br_record_set_source(r, ctx->doc->path, a, b, ctx->parser->name);
	r->source.excerpt = br_doc_excerpt(ctx->doc, a, b);
	return r;
}

void br_parse_emit(struct br_parse_ctx *ctx, struct br_record *r)
{
	br_recset_add(&ctx->ds->records, r);
	ctx->nrecords++;
}

void br_parse_claim(struct br_parse_ctx *ctx, size_t first, size_t last, const char *why)
{
	if (ctx->doc->nlines == 0)
		return;
	if (last >= ctx->doc->nlines)
		last = ctx->doc->nlines - 1;
	for (size_t i = first; i <= last; i++)
		ctx->claimed[i] = 1;
	br_dataset_add_claim(ctx->ds, ctx->doc->path, orig_line(ctx->doc, first, false),
			     orig_line(ctx->doc, last, true), ctx->parser->name, why);
}

bool br_parse_is_claimed(const struct br_parse_ctx *ctx, size_t idx)
{
	return idx < ctx->doc->nlines && ctx->claimed[idx];
}

static void diag_at(struct br_parse_ctx *ctx, enum br_severity sev, size_t idx, const char *fmt,
		    va_list ap)
{
	br_diag_vadd(&ctx->ds->diags, sev, ctx->doc->path, orig_line(ctx->doc, idx, false),
		     ctx->parser->name, fmt, ap);
}

void br_parse_warn(struct br_parse_ctx *ctx, size_t idx, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	diag_at(ctx, BR_WARNING, idx, fmt, ap);
	va_end(ap);
}

void br_parse_note(struct br_parse_ctx *ctx, size_t idx, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	diag_at(ctx, BR_NOTE, idx, fmt, ap);
	va_end(ap);
}

char *br_parse_label(struct br_parse_ctx *ctx, size_t idx, const char *own)
{
	return br_label_for(ctx->doc, idx, own);
}

struct rec_pos {
	struct br_record *r;
	size_t idx;
};

static int cmp_rec_pos(const void *a, const void *b)
{
	const struct rec_pos *x = a, *y = b;
	if (x->r->source.line != y->r->source.line)
		return x->r->source.line < y->r->source.line ? -1 : 1;
	return x->idx < y->idx ? -1 : x->idx > y->idx;
}

struct diag_pos {
	struct br_diag d;
	size_t idx;
};

static int cmp_diag_pos(const void *a, const void *b)
{
	const struct diag_pos *x = a, *y = b;
	if (x->d.line != y->d.line)
		return x->d.line < y->d.line ? -1 : 1;
	return x->idx < y->idx ? -1 : x->idx > y->idx;
}

/* Parsers run one after the other; the records and diagnostics of one
 * document are put back in document order (stable: equal lines keep the
 * registry order), so "first appearance" and the report's row order follow
 * the text. */
static void document_order(struct br_dataset *ds, size_t rec0, size_t diag0)
{
	size_t n = ds->records.n - rec0;
	/* records read back from JSON Lines carry the source they were first
	 * found in (another file): their order is the archive's */
	for (size_t i = rec0; i < ds->records.n && n > 1; i++) {
		const char *f = ds->records.v[i]->source.file;
		if (!f || strcmp(f, ds->records.v[rec0]->source.file ? ds->records.v[rec0]->source.file : "") != 0)
			n = 0;
	}
	if (n > 1) {
		struct rec_pos *v = br_malloc(n * sizeof *v);
		for (size_t i = 0; i < n; i++)
			v[i] = (struct rec_pos){ds->records.v[rec0 + i], i};
		qsort(v, n, sizeof *v, cmp_rec_pos);
		for (size_t i = 0; i < n; i++)
			ds->records.v[rec0 + i] = v[i].r;
		free(v);
	}
	n = ds->diags.n - diag0;
	if (n > 1) {
		struct diag_pos *v = br_malloc(n * sizeof *v);
		for (size_t i = 0; i < n; i++)
			v[i] = (struct diag_pos){ds->diags.v[diag0 + i], i};
		qsort(v, n, sizeof *v, cmp_diag_pos);
		for (size_t i = 0; i < n; i++)
			ds->diags.v[diag0 + i] = v[i].d;
		free(v);
	}
}

size_t br_parse_document(const struct br_doc *doc, struct br_dataset *ds)
{
	size_t rec0 = ds->records.n, diag0 = ds->diags.n;
	struct br_parse_ctx ctx = {0};
	ctx.doc = doc;
	ctx.ds = ds;
	ctx.claimed = br_calloc(doc->nlines ? doc->nlines : 1, 1);
	struct br_input *in = br_dataset_add_input(ds, doc->path);
	size_t input_idx = ds->ninputs - 1;
	in->transport = doc->transport;
	in->bytes = doc->raw_len;
	if (doc->binary) {
		br_diag_add(&ds->diags, BR_WARNING, doc->path, 0, "doc",
			    "looks like binary data, not text; skipped");
	} else {
		for (size_t i = 0; i < BR_ARRAY_LEN(parsers); i++) {
			ctx.parser = parsers[i];
			if (parsers[i]->detect && !parsers[i]->detect(doc))
				continue;
			parsers[i]->parse(&ctx);
		}
	}
	document_order(ds, rec0, diag0);
	/* ds->inputs may have moved while parsing: index, not pointer */
	ds->inputs[input_idx].nrecords = ctx.nrecords;
	free(ctx.claimed);
	return ctx.nrecords;
}

int br_parse_file(const char *path, struct br_dataset *ds)
{
	struct br_doc *doc;
	if (br_doc_load(path, &doc) < 0)
		return -1;
	br_parse_document(doc, ds);
	br_doc_free(doc);
	return 0;
}
