/*
 * view — the archive's records as people read them: the `archive list`
 * table (one line a record, cells cut at 48 characters) and the `archive
 * show` text (one record, its figures, every source with its original
 * text). Text into a br_buf; the table owns its cells until freed. Cells
 * are neutralised (valid UTF-8, no controls); the show text quotes input
 * as it is, for the caller to neutralise on its way to a terminal.
 */
#ifndef BR_ARCHIVE_VIEW_H
#define BR_ARCHIVE_VIEW_H

#include <stddef.h>

#include "archive.h"
#include "util.h"

struct br_archive_table {
	char **cells; /* private: the columns' cells, row after row */
	size_t nrows, cap;
};

/* One record's line (row strings are copied). */
void br_archive_table_add(struct br_archive_table *t, const struct br_archive_row *row);
/* The heading and every line, columns aligned. */
void br_archive_table_text(const struct br_archive_table *t, struct br_buf *out);
void br_archive_table_free(struct br_archive_table *t);

/* `archive show` for one record. */
void br_archive_show_text(const struct br_archive_row *row, const struct br_archive_source *src, size_t nsrc,
			  struct br_buf *out);

#endif
