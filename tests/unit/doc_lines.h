/*
 * doc_lines.h — for the decode unit tests: a document made from a string,
 * as the reader makes it (every decode stage run), and its logical lines
 * written back as text. Include after cmocka.h.
 */
#ifndef BR_TEST_DOC_LINES_H
#define BR_TEST_DOC_LINES_H

#include <string.h>

#include "doc.h"
#include "util.h"

static inline struct br_doc *mem(const char *s)
{
	return br_doc_from_mem("t", s, strlen(s));
}

/* The document's logical lines, each followed by "\n" (caller frees). */
static inline char *joined(const struct br_doc *d)
{
	struct br_buf b = {0};
	for (size_t i = 0; i < d->nlines; i++) {
		br_buf_add(&b, d->lines[i].text, d->lines[i].len);
		br_buf_addc(&b, '\n');
	}
	return br_buf_detach(&b);
}

#endif
