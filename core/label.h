/*
 * label — what a reader sees as a result's title: the headings and
 * introducing lines above it in the document, most general first, joined by
 * " / " (SCHEMA.md `label`). Works on logical lines, so it sees through
 * quoting and HTML.
 */
#ifndef BR_LABEL_H
#define BR_LABEL_H

#include <stddef.h>

#include "doc.h"

/* Label for a result starting at logical line idx; `own` is title text on the
 * result's own line (or NULL). Returns a new string, or NULL when the
 * document gives the result no title. */
char *br_label_for(const struct br_doc *doc, size_t idx, const char *own);

/* The outline br_label_for() caches in doc->outline (br_doc_free calls it). */
void br_label_outline_free(struct br_label_outline *o);

#endif
