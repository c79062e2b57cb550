/*
 * decode_mdtable — Markdown (GitHub) tables: a header row, a delimiter row
 * ("|---|:---:|") and body rows, each "| a | b |". Their rows are read as an
 * HTML table's are (decode_html.c): one line each with the cells separated
 * by TAB (BR_LINE_TABLE_ROW), the delimiter row dropped; so a tool's output
 * made into a table (its columns as cells, or each line a one-cell row)
 * reaches the parsers the way a table on a web page does.
 *
 * A table is two or more lines at one quoting depth that start with '|'
 * (up to three blanks before it) and end with one, the second of them a
 * delimiter row: every cell of it dashes (one or more) with an optional ':'
 * at either end. "\|" inside a cell is a '|' of the text. Anything less
 * (a "| " quoted block, a single line with pipes) is left as it is.
 *
 * Jira's and Confluence's tables too: a header row "||a||b||" and rows
 * "|a|b|" under it, no delimiter row; no parser reads that syntax, so they
 * are all read as table rows, grids included.
 */
#include "decode_int.h"

#include <string.h>

/* The row's text between its outer pipes: *s, *n; false if l is no row. */
static bool row_inner(const struct br_line *l, const char **s, size_t *n)
{
	size_t i = 0, e = rtrim_len(l->text, l->len);
	while (i < e && i < 3 && l->text[i] == ' ')
		i++;
	if (e < i + 2 || l->text[i] != '|' || l->text[e - 1] != '|' || l->text[e - 2] == '\\')
		return false;
	*s = l->text + i + 1;
	*n = e - i - 2;
	return true;
}

/* Is l a delimiter row: cells of dashes, a ':' allowed at each end? */
static bool delimiter_row(const struct br_line *l)
{
	const char *s;
	size_t n;
	if (!row_inner(l, &s, &n))
		return false;
	size_t dashes = 0;
	for (size_t k = 0; k <= n; k++) {
		if (k == n || s[k] == '|') {
			if (!dashes)
				return false; /* an empty cell, or one without a dash */
			dashes = 0;
			continue;
		}
		/* blanks around the cell, ':' at its ends (not checked closer:
		 * "-:-" is rare enough to count) */
		if (s[k] == '-')
			dashes++;
		else if (s[k] != ' ' && s[k] != ':' && s[k] != '\t')
			return false;
	}
	return true;
}

/* The count of cells of a row's inner text. */
static size_t cells(const char *s, size_t n)
{
	size_t c = 1;
	for (size_t k = 0; k < n; k++)
		if (s[k] == '|' && !(k > 0 && s[k - 1] == '\\'))
			c++;
	return c;
}

/* Is l a Jira header row: "||" at both ends? */
static bool jira_header(const struct br_line *l)
{
	const char *s;
	size_t n;
	return row_inner(l, &s, &n) && n >= 2 && s[0] == '|' && s[n - 1] == '|';
}

/* The end of the table from line i (i when there is none); *grid whether
 * it is one a person made: two columns or more, body rows, each with the
 * delimiter's count of cells. (A column of one cell a row is lines put in
 * a box.) */
static size_t table_end(const struct br_doc *doc, size_t i, bool *grid)
{
	const char *s;
	size_t n;
	if (i + 1 < doc->nlines && jira_header(&doc->lines[i]) && row_inner(&doc->lines[i + 1], &s, &n) &&
	    doc->lines[i + 1].depth == doc->lines[i].depth) {
		*grid = false;
		size_t j = i + 1;
		while (j < doc->nlines && doc->lines[j].depth == doc->lines[i].depth &&
		       row_inner(&doc->lines[j], &s, &n))
			j++;
		return j;
	}
	if (i + 1 >= doc->nlines || !row_inner(&doc->lines[i], &s, &n) || !delimiter_row(&doc->lines[i + 1]) ||
	    doc->lines[i + 1].depth != doc->lines[i].depth)
		return i;
	size_t want = cells(s, n);
	row_inner(&doc->lines[i + 1], &s, &n);
	*grid = cells(s, n) == want;
	size_t j = i + 2;
	for (; j < doc->nlines && doc->lines[j].depth == doc->lines[i].depth && row_inner(&doc->lines[j], &s, &n); j++)
		*grid = *grid && cells(s, n) == want;
	*grid = *grid && j > i + 2 && want > 1;
	return j;
}

/* Write row l as its cells separated by TAB; a row of one cell is a line
 * of text. A Jira header row's "||" separate its cells as one '|'. */
static void emit_row(struct rw *out, struct lw *w, const struct br_line *l, size_t unread)
{
	const char *s;
	size_t n;
	row_inner(l, &s, &n);
	if (jira_header(l)) {
		s++;
		n -= 2;
	}
	bool jira = jira_header(l);
	lw_reset(w);
	size_t k = 0, ncells = 1;
	while (k <= n) {
		/* one cell: its blanks at both ends go */
		while (k < n && (s[k] == ' ' || s[k] == '\t'))
			k++;
		size_t start = w->text.len;
		for (; k < n && s[k] != '|'; k++) {
			if (s[k] == '\\' && k + 1 < n && s[k + 1] == '|')
				k++;
			br_buf_addc(&w->text, s[k]);
		}
		if (jira && k + 1 < n && s[k + 1] == '|')
			k++; /* "||" */
		while (w->text.len > start && (w->text.data[w->text.len - 1] == ' ' ||
					       w->text.data[w->text.len - 1] == '\t'))
			w->text.data[--w->text.len] = '\0';
		k++;
		if (k <= n) {
			br_buf_addc(&w->text, '\t');
			ncells++;
		}
	}
	br_dec_lw_emit(out, unread, w, l->line, l->end_line, l->depth,
		       l->flags | (ncells > 1 ? BR_LINE_TABLE_ROW : 0));
}

bool br_dec_stage_mdtable(struct br_doc *doc)
{
	struct rw out;
	struct lw w = {0};
	rw_init(&out, doc);
	bool changed = false;
	for (size_t i = 0; i < doc->nlines;) {
		bool grid = false;
		size_t j = table_end(doc, i, &grid);
		if (j > i && grid) {
			/* a person's table: the parsers read it as one */
			for (; i < j; i++)
				rw_keep(&out, &doc->lines[i], i + 1);
			continue;
		}
		if (j == i) {
			rw_keep(&out, &doc->lines[i], i + 1);
			i++;
			continue;
		}
		bool delim = !jira_header(&doc->lines[i]);
		for (size_t k = i; k < j; k++)
			if (k != i + 1 || !delim)
				emit_row(&out, &w, &doc->lines[k], k + 1);
		changed = true;
		i = j;
	}
	br_dec_lw_free(&w);
	br_dec_rw_done(&out);
	if (changed)
		doc->transport |= BR_TRANSPORT_MDTABLE;
	return changed;
}
