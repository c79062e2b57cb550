/* explain — see explain.h. */
#include <stdlib.h>
#include <string.h>

#include "explain.h"

static int cmp_claim_line(const void *a, const void *b)
{
	const struct br_claim *x = a, *y = b;
	if (x->line != y->line)
		return x->line < y->line ? -1 : 1;
	return strcmp(x->parser, y->parser);
}

void br_claims_sort(struct br_dataset *ds)
{
	for (size_t a = 0, b; a < ds->nclaims; a = b) {
		for (b = a + 1; b < ds->nclaims && strcmp(ds->claims[b].file, ds->claims[a].file) == 0; b++)
			;
		qsort(ds->claims + a, b - a, sizeof *ds->claims, cmp_claim_line);
	}
}

static void add_decoding(struct br_buf *out, unsigned transport)
{
	for (unsigned bit = 1; bit; bit <<= 1)
		if ((transport & bit) && br_transport_name(bit))
			br_buf_addf(out, "  decoding: %s\n", br_transport_name(bit));
}

void br_explain(struct br_dataset *ds, struct br_buf *out)
{
	br_claims_sort(ds);
	const char *cur = NULL;
	for (size_t i = 0; i < ds->nclaims; i++) {
		const struct br_claim *cl = &ds->claims[i];
		if (!cur || strcmp(cur, cl->file) != 0) {
			br_buf_addf(out, "%s:\n", cl->file);
			cur = cl->file;
		}
		if (cl->end_line > cl->line)
			br_buf_addf(out, "  lines %u-%u: ", cl->line, cl->end_line);
		else
			br_buf_addf(out, "  line %u: ", cl->line);
		if (strcmp(cl->parser, "-") != 0) /* "-": what no parser took */
			br_buf_addf(out, "%s: ", cl->parser);
		br_buf_addf(out, "%s\n", cl->why);
	}
	for (size_t i = 0; i < ds->ninputs; i++) {
		br_buf_addf(out, "%s: %zu record%s\n", ds->inputs[i].path, ds->inputs[i].nrecords,
			    ds->inputs[i].nrecords == 1 ? "" : "s");
		add_decoding(out, ds->inputs[i].transport);
	}
}

static void add_range(struct br_buf *out, const char *file, unsigned line, unsigned end_line)
{
	br_buf_addf(out, "%s:%u", file, line);
	if (end_line > line)
		br_buf_addf(out, "-%u", end_line);
}

static void add_flags(struct br_buf *out, const struct br_line *l)
{
	if (l->depth)
		br_buf_addf(out, " >%u", (unsigned)l->depth);
	if (l->flags & BR_LINE_TABLE_ROW)
		br_buf_adds(out, " row");
	if (l->flags & BR_LINE_PRE)
		br_buf_adds(out, " pre");
	if ((l->flags & BR_LINE_HEADING) && BR_LINE_LEVEL(l->flags))
		br_buf_addf(out, " h%u", BR_LINE_LEVEL(l->flags));
	else if (l->flags & BR_LINE_HEADING)
		br_buf_adds(out, " heading");
	if (l->flags & BR_LINE_BLOCK_START)
		br_buf_adds(out, " block");
}

void br_dump_lines(const struct br_doc *doc, unsigned line0, struct br_buf *out)
{
	br_buf_addf(out, "# %s", doc->path);
	if (line0)
		br_buf_addf(out, ", the message from line %u", line0 + 1);
	if (doc->binary)
		br_buf_adds(out, ": binary data, no lines");
	br_buf_addc(out, '\n');
	add_decoding(out, doc->transport);
	for (size_t i = 0; i < doc->nlines; i++) {
		const struct br_line *l = &doc->lines[i];
		add_range(out, doc->path, line0 + l->line, line0 + l->end_line);
		add_flags(out, l);
		br_buf_adds(out, ": ");
		br_buf_add(out, l->text, l->len);
		br_buf_addc(out, '\n');
	}
}

void br_dump_archive_lines(const char *path, struct br_buf *out)
{
	br_buf_addf(out, "# %s: a results archive: records as stored, no lines\n", path);
}

void br_dump_claims(struct br_dataset *ds, struct br_buf *out)
{
	br_claims_sort(ds);
	for (size_t i = 0; i < ds->nclaims; i++) {
		const struct br_claim *cl = &ds->claims[i];
		add_range(out, cl->file, cl->line, cl->end_line);
		br_buf_addf(out, ": %s: %s\n", cl->parser, cl->why);
	}
}
