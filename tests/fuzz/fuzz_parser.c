/* fuzz_parser — one parser at a time: byte 0 picks the parser from the
 * registry (br_parsers(), modulo their count), the rest is the document. The
 * document is decoded as usual (core/doc, core/decode), then offered to that
 * parser alone, as br_parse_document would (detect, then parse), so that a
 * parser is exercised without the lines other parsers would have claimed.
 * Every record must carry a source inside the document and figures that are
 * finite. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "dataset.h"
#include "doc.h"
#include "parser.h"
#include "regex.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_record(const struct br_record *r, const struct br_doc *doc)
{
	if (r->source.line < 1 || r->source.end_line < r->source.line ||
	    (doc->nphys && r->source.end_line > doc->nphys))
		abort();
	for (size_t m = 0; m < BR_METRIC_COUNT; m++) {
		const struct br_value v = br_record_get(r, m);
		if (v.present && v.has_value && !isfinite(v.value))
			abort();
		if (v.present && v.has_cpu && !isfinite(v.cpu))
			abort();
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	br_parsers_init(); /* once: the tools' words for decoding and labels */
	if (size < 1)
		return 0;
	size_t np;
	const struct br_parser *const *ps = br_parsers(&np);
	const struct br_parser *p = ps[data[0] % np];
	struct br_doc *doc = br_doc_from_mem("fuzz", (const char *)data + 1, size - 1);
	struct br_dataset ds = {0};
	struct br_parse_ctx ctx = {0};
	ctx.doc = doc;
	ctx.ds = &ds;
	ctx.parser = p;
	ctx.claimed = calloc(doc->nlines ? doc->nlines : 1, 1);
	br_dataset_add_input(&ds, doc->path);
	if (ctx.claimed && !doc->binary && (!p->detect || p->detect(doc))) {
		size_t n = p->parse(&ctx);
		if (n != ds.records.n)
			abort();
		for (size_t i = 0; i < ds.records.n; i++)
			check_record(ds.records.v[i], doc);
		br_recset_merge(&ds.records);
	}
	free(ctx.claimed);
	br_dataset_free(&ds);
	br_doc_free(doc);
	return 0;
}
