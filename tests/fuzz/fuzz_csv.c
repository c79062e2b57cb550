/* fuzz_csv — the bonnie++ CSV path: the document is decoded (quoted-printable
 * joins, quoting) and read by the bonnie++-csv parser alone (libcsv and the
 * layout checks), then its records are written as bonnie++ CSV
 * (render/bonnie_csv.c, the line bon_csv2txt reads) and read back. Once
 * through, the round trip must be a fixed point: reading the CSV we wrote
 * and writing it again gives the same bytes. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "dataset.h"
#include "doc.h"
#include "parser.h"
#include "regex.h"
#include "render.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Records of `text` read by the CSV parser alone, written as bonnie++ CSV. */
static void csv_pass(const char *text, size_t len, struct br_buf *out, size_t *nrec)
{
	const struct br_parser *p = br_parser_by_name("bonnie++-csv");
	const struct br_renderer *rd = br_renderer_by_name("bonnie_csv");
	if (!p || !rd)
		abort();
	struct br_doc *doc = br_doc_from_mem("fuzz.csv", text, len);
	struct br_dataset ds = {0};
	struct br_parse_ctx ctx = {0};
	ctx.doc = doc;
	ctx.ds = &ds;
	ctx.parser = p;
	ctx.claimed = calloc(doc->nlines ? doc->nlines : 1, 1);
	br_dataset_add_input(&ds, doc->path);
	if (ctx.claimed && !doc->binary && (!p->detect || p->detect(doc)))
		p->parse(&ctx);
	*nrec = ds.records.n;
	struct br_render_opts o = {0};
	o.chart_group = -1;
	struct br_sink sink;
	br_sink_mem(&sink, out);
	if (rd->render(&ds, &o, &sink) != 0)
		abort();
	free(ctx.claimed);
	br_dataset_free(&ds);
	br_doc_free(doc);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	br_parsers_init(); /* once: the tools' words for decoding and labels */
	struct br_buf one = BR_BUF_INIT, two = BR_BUF_INIT, three = BR_BUF_INIT;
	size_t n1, n2, n3;
	csv_pass((const char *)data, size, &one, &n1);
	if (n1) {
		csv_pass(br_buf_str(&one), one.len, &two, &n2);
		csv_pass(br_buf_str(&two), two.len, &three, &n3);
		if (n2 != n3 || two.len != three.len || memcmp(br_buf_str(&two), br_buf_str(&three), two.len) != 0)
			abort();
	}
	br_buf_free(&one);
	br_buf_free(&two);
	br_buf_free(&three);
	return 0;
}
