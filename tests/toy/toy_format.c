/*
 * toy_format — a made-up input format, for tests/toy/run.sh only: it shows
 * that a new format is this one file plus its registry lines (BR_PARSER(toy)
 * in parsers.def; its tool, BR_TOOL(TOY, ...) in core/tools.def). Never part
 * of a normal build.
 *
 *   toybench read 123.5 write 67      one record: seq_read, seq_write in KiB/s
 *
 * Its vocabulary (vocab.h) makes "toybench" a command word ("toybench on
 * the new disk:" above the figures is a command line, not their title) and
 * a line holding "toyrate" a result line, so labels learn of the tool from
 * here alone.
 */
#include <stdlib.h>
#include <string.h>

#include "parser.h"

static const struct br_line_shape result_lines[] = {
	{BR_SHAPE_TEXT, "toyrate", NULL},
	{BR_SHAPE_END, NULL, NULL},
};
static const char *const commands[] = {"toybench", NULL};
static const struct br_vocab toy_vocab = {
	.result_lines = result_lines,
	.commands = commands,
};

static bool detect(const struct br_doc *doc)
{
	return doc->raw_len >= 8 && memmem(doc->raw, doc->raw_len, "toybench ", 9) != NULL;
}

/* "read 123.5 write 67" after "toybench ": the figures, or false. */
static bool read_line(const char *s, double *rd, double *wr)
{
	char *end;
	if (strncmp(s, "toybench read ", 14) != 0)
		return false;
	*rd = strtod(s + 14, &end);
	if (end == s + 14 || strncmp(end, " write ", 7) != 0)
		return false;
	const char *w = end + 7;
	*wr = strtod(w, &end);
	return end != w;
}

static size_t parse(struct br_parse_ctx *ctx)
{
	size_t before = ctx->nrecords;
	for (size_t i = 0; i < ctx->doc->nlines; i++) {
		double rd, wr;
		if (br_parse_is_claimed(ctx, i) || !read_line(ctx->doc->lines[i].text, &rd, &wr))
			continue;
		struct br_record *r = br_parse_record_new(ctx, BR_TOOL_TOY, i, i);
		char *label = br_parse_label(ctx, i, NULL);
		br_record_set_label(r, label);
		free(label);
		br_record_set(r, BR_M_seq_read, rd, NULL);
		br_record_set(r, BR_M_seq_write, wr, NULL);
		br_parse_claim(ctx, i, i, "toybench line");
		br_parse_emit(ctx, r);
	}
	return ctx->nrecords - before;
}

const struct br_parser br_parser_toy = {
	.name = "toy",
	.summary = "toybench lines (a test format)",
	.detect = detect,
	.parse = parse,
	.vocab = &toy_vocab,
};
