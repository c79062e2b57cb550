/*
 * label — what a reader sees as a result's title: the headings and
 * introducing lines above it in the document, most general first, joined by
 * " / " (SCHEMA.md `label`). Works on logical lines, so it sees through
 * quoting and HTML.
 *
 * The document is read once as an outline (HTML headings, banners, "# ..."
 * headings, underlined lines, short standalone lines, outline numbering,
 * lines ending with ':', "-bullets" directly above); a heading replaces the
 * ones of its rank and below, headings inside a quoted part end with it, and
 * a new mail message starts afresh. The outline is cached in doc->outline,
 * read down to the lowest result asked about so far (lines below it are
 * not read until a result there is), so each call is a lookup. A label
 * holds the two most specific parts (one heading plus `own` when `own` is
 * given); trailing ':' '.', bullets, '#'
 * and outline numbers are stripped, parts longer than ~72 characters are
 * shortened with an ellipsis.
 */
#ifndef BR_LABEL_H
#define BR_LABEL_H

#include <stddef.h>

#include "doc.h"

/* Label for a result starting at logical line idx; `own` is title text on the
 * result's own line (or NULL). Returns a new string (caller frees), or NULL
 * when the document gives the result no title. The document is not changed,
 * apart from the cache. */
char *br_label_for(const struct br_doc *doc, size_t idx, const char *own);

/* The title a poster's note after a result's figures gives it: s[0..n) with
 * its marks ("<- with noatime", "(second run)", "** barrier=0") left out; a
 * new string (caller frees), or NULL when the note titles nothing (a shell
 * prompt run into the row, marks alone, a long sentence). */
char *br_label_note(const char *s, size_t n);

/* Is logical line i a page's furniture, which a document printed or saved
 * from a PDF puts at a page break: "Page 3 of 7", "- 3 -", "3 / 7", a page
 * number alone between blank lines, a running header or footer ending (or
 * starting) with "Page N" apart from its title? A result goes on across
 * it; it titles nothing. */
bool br_label_page_line(const struct br_doc *doc, size_t i);

/* Is s[0..n) a caption ("Table 4: hdparm on the SSDs", "TABLE IV.
 * Results", "Fig. 3 - the old server")? Above a result the outline takes
 * it for the result's title; parsers/reconcile.c moves the captions of a
 * document that puts them below its results. */
bool br_label_caption(const char *s, size_t n);

/* The caption s[0..n) as a label shows it (a new string, caller frees), or
 * NULL when s is no caption. */
char *br_label_caption_text(const char *s, size_t n);

/* The outline br_label_for() caches in doc->outline (br_doc_free calls it). */
void br_label_outline_free(struct br_label_outline *o);
/* Does a new message start at logical line i (a mail header block after a
 * blank line, an mbox "From " line, a digest separator, an "Original
 * Message" line)? Nothing above it belongs with what follows: labels do
 * not cross it, nor does what a parser learns from one message. */
bool br_label_message_start(const struct br_doc *doc, size_t i);

#endif
