/*
 * excerpts — a record's original text read back from its input when shown,
 * instead of a copy held from the reading to the output (issue 15: "excerpts
 * are references"). The report shows each run's original lines; over
 * 100,000 runs the copies were 23 MB of a 166 MB report.
 *
 * While the inputs are read, each document of a regular file that yields a
 * record is listed with where it is in its file (struct br_doc_span); its
 * records carry no excerpt, only their lines (br_record.excerpt_later).
 * When shown, the document that holds a record's lines is read again and
 * decoded as it was (br_doc_read_span), and the excerpt is what
 * br_doc_excerpt made of those lines then: the same text, byte for byte.
 * One document is held at a time (the records come in the order of their
 * documents), so memory is one document's, not every excerpt's.
 *
 * A file that changed after it was read (another size, time or inode) is
 * not read again: its records' excerpts are then not shown, and
 * br_excerpts_error says why.
 */
#ifndef BR_EXCERPTS_H
#define BR_EXCERPTS_H

#include <stddef.h>

#include "doc.h"

struct br_record;
struct br_excerpts;

struct br_excerpts *br_excerpts_new(void);
void br_excerpts_free(struct br_excerpts *x);
/* Document *sp of dataset input `input` (0-based), the file at path, holds
 * records: listed, in the order of the documents of each input. */
void br_excerpts_add_doc(struct br_excerpts *x, size_t input, const char *path, const struct br_doc_span *sp);
/* r's excerpt (a new string) read back: r->excerpt_later, lines
 * r->source.line..end_line of input r->input. NULL when it cannot be read
 * (br_excerpts_error says why) or when r has none to read back. */
char *br_excerpts_read(struct br_excerpts *x, const struct br_record *r);
/* Why the last br_excerpts_read gave NULL for a record that has an
 * excerpt to read back ("'x.txt' changed after it was read"), or NULL. */
const char *br_excerpts_error(const struct br_excerpts *x);

#endif
