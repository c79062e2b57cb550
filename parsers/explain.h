/*
 * explain — what the input stage did, in words: the --explain text (which
 * lines each parser claimed and why, how each input was decoded) and the
 * --dump views of its stages (the decoded logical lines with their original
 * line numbers, the claims one a line). Text only, into a br_buf the caller
 * owns; the CLI chooses where it goes. Input text is quoted as it is: the
 * caller neutralises it for a terminal.
 */
#ifndef BR_EXPLAIN_H
#define BR_EXPLAIN_H

#include "dataset.h"
#include "doc.h"
#include "util.h"

/* Order each document's claims by line, then parser (the parsers run one
 * by one, each adding its own): for the views below. */
void br_claims_sort(struct br_dataset *ds);

/* --explain: per document, "FILE:" then "  lines A-B: PARSER: WHY" a claim
 * (no "PARSER: " for lines no parser read); then per input "PATH: N
 * records" and its "  decoding: ..." lines. Sorts the claims. */
void br_explain(struct br_dataset *ds, struct br_buf *out);

/* --dump=lines: one document's logical lines (the file's from line0 + 1 on,
 * for a message of a mail archive): "# FILE" with how it was decoded, then
 * "FILE:LINE[-END][ FLAGS]: TEXT" a line. FLAGS: ">N" (mail quote depth),
 * "row" (an HTML table row, cells TAB-separated), "pre", "hN"/"heading",
 * "block" (the first line of a block). */
void br_dump_lines(const struct br_doc *doc, unsigned line0, struct br_buf *out);
/* --dump=lines for a results archive: it has records, not lines. */
void br_dump_archive_lines(const char *path, struct br_buf *out);

/* --dump=claims: "FILE:LINE[-END]: PARSER: WHY" a claim ("-" for lines with
 * figures no parser read), each document's in line order. Sorts them. */
void br_dump_claims(struct br_dataset *ds, struct br_buf *out);

#endif
