/*
 * parser — the interface every input format implements, and the helpers
 * parsers share. One format is one file in parsers/ exporting exactly one
 * `const struct br_parser br_parser_<fmt>` plus one BR_PARSER(<fmt>) line in
 * parsers.def. No format-specific code lives anywhere else.
 *
 * The registry offers every document to every parser, in parsers.def order.
 * A parser reads doc->lines, appends records (br_parse_record_new … _emit),
 * claims the line ranges it understood (br_parse_claim) and reports what
 * looked like a result but could not be read (br_parse_warn). It never keeps
 * pointers into the document after it returns. Lines claimed by an earlier
 * parser are marked in ctx->claimed; later parsers skip them.
 */
#ifndef BR_PARSER_H
#define BR_PARSER_H

#include <stdbool.h>
#include <stddef.h>

#include "dataset.h"
#include "doc.h"
#include "record.h"
#include "util.h"

struct br_parse_ctx {
	const struct br_doc *doc;
	struct br_dataset *ds;
	const struct br_parser *parser;   /* the parser being run */
	unsigned char *claimed;           /* per logical line: claimed by an earlier parser */
	size_t nrecords;                  /* records emitted for this document so far */
};

struct br_parser {
	const char *name;     /* source.format: "bonnie++-csv" */
	const char *summary;  /* one line for --help / --explain */
	/* Cheap look: false when the document certainly holds nothing for us. */
	bool (*detect)(const struct br_doc *doc);
	/* Read the document; returns records emitted. */
	size_t (*parse)(struct br_parse_ctx *ctx);
};

/* A new record whose source spans logical lines first..last of the document
 * (ORIGINAL line numbers and the excerpt are filled in). */
struct br_record *br_parse_record_new(struct br_parse_ctx *ctx, enum br_tool tool, size_t first,
				      size_t last);
/* Hand the record over to the dataset (takes ownership). */
void br_parse_emit(struct br_parse_ctx *ctx, struct br_record *r);
/* Mark logical lines first..last as understood by this parser, with a reason
 * for --explain. */
void br_parse_claim(struct br_parse_ctx *ctx, size_t first, size_t last, const char *why);
bool br_parse_is_claimed(const struct br_parse_ctx *ctx, size_t idx);
/* "FILE:LINE: warning: <parser>: message" for logical line idx. */
void br_parse_warn(struct br_parse_ctx *ctx, size_t idx, const char *fmt, ...) BR_PRINTF(3, 4);
void br_parse_note(struct br_parse_ctx *ctx, size_t idx, const char *fmt, ...) BR_PRINTF(3, 4);

/*
 * The label a reader sees for a result that starts at logical line `idx`:
 * the headings and introducing lines above it, most general first, joined by
 * " / ". `own` is text on the result's own line that titles it (a
 * hand-written "2 disks (hdb1,hdc1)"), or NULL. Caller frees; NULL if none.
 */
char *br_parse_label(struct br_parse_ctx *ctx, size_t idx, const char *own);

/* ---------------------------------------------------------------- registry */

const struct br_parser *const *br_parsers(size_t *n);
const struct br_parser *br_parser_by_name(const char *name);
/* Run every parser over `doc`, appending to ds; returns records found. */
size_t br_parse_document(const struct br_doc *doc, struct br_dataset *ds);
/* Load and parse one file (or "-"); -1 with br_last_error() when it cannot be read. */
int br_parse_file(const char *path, struct br_dataset *ds);

#endif
