/*
 * decode — transport decoding: turns a document's physical lines into the
 * logical lines parsers read. Applied only when a document shows the signs:
 * HTML (libxml2's HTML parser; <pre> keeps its layout, table rows become
 * TAB-separated lines), quoted-printable (soft breaks, =XX, also when only
 * part of a message is encoded), mail quoting ("> ", ">> ", "> > ", "| ";
 * depth kept), BBCode/forum markup, tabs and no-break spaces.
 * Every logical line keeps its ORIGINAL line numbers.
 */
#ifndef BR_DECODE_H
#define BR_DECODE_H

#include "doc.h"

/* Called by br_doc_load/br_doc_from_mem after physical lines exist and the
 * identity logical lines (one per physical line) are in place. */
void br_decode(struct br_doc *doc);

#endif
