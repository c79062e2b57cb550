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
 *
 * And MediaWiki's (a wiki page's source pasted, a wiki's "edit" copy):
 * "{|" opens the table, "|-" starts a row, "! a !! b" are header cells,
 * "| a || b" data cells (or one cell a line), "| style=... | a" a cell
 * with attributes, "|+ text" the caption, "|}" closes it. Each row becomes
 * one line of its cells apart by TAB, the caption a line of text; the
 * markup lines go. (The scan runs this stage for them: a "|-" line is a
 * delimiter row to it.)
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

/* ------------------------------------------------------------ MediaWiki */

/* The text of l after its blanks (a table indented as a block of code
 * keeps its markup): *n its length without blanks at the end. */
static const char *wiki_text(const struct br_line *l, size_t *n)
{
	size_t i = 0, e = rtrim_len(l->text, l->len);
	while (i < e && (l->text[i] == ' ' || l->text[i] == '\t'))
		i++;
	*n = e - i;
	return l->text + i;
}

/* Does l start with the two bytes of markup m ("{|", "|-", "|}", "|+")? */
static bool wiki_mark(const struct br_line *l, const char *m)
{
	size_t n;
	const char *s = wiki_text(l, &n);
	return n >= 2 && s[0] == m[0] && s[1] == m[1];
}

/* Is l, in a table opened at depth d, a line of cells whose leading "| "
 * the quoting stage took for a quote marker (lines of one cell each, "|
 * build01", read as a "| "-quoted block)? */
static bool wiki_quoted(const struct br_line *l, unsigned d)
{
	return l->depth == d + 1;
}

/* The end of the MediaWiki table opened at line i: the line after its
 * "|}" at the same depth; i when line i opens none or no "|}" closes it
 * before another "{|" or a change of depth (where the caller goes on, so
 * the scan stays linear). *stop: where to go on when there is no table. */
static size_t wiki_end(const struct br_doc *doc, size_t i, size_t *stop)
{
	*stop = i + 1;
	if (!wiki_mark(&doc->lines[i], "{|"))
		return i;
	unsigned d = doc->lines[i].depth;
	for (size_t j = i + 1; j < doc->nlines; j++) {
		const struct br_line *l = &doc->lines[j];
		if ((l->depth != d && !wiki_quoted(l, d)) || wiki_mark(l, "{|")) {
			*stop = j;
			return i;
		}
		if (wiki_mark(l, "|}"))
			return j + 1;
	}
	*stop = doc->nlines;
	return i;
}

/* A row being gathered: its cells in w apart by TAB, its lines. */
struct wiki_row {
	size_t ncells;
	unsigned line, end_line, depth, flags;
};

/* Add the cells of line text s[0..n) (its leading '|' or '!' gone) to the
 * row: apart by "||" (and "!!" on a header line); "attrs | text" keeps the
 * text. With `goes_on`, the first of them is the rest of the row's last
 * cell (a line a mail client wrapped: "... !! Seq Input Block" / "K/sec
 * !! %CP"). */
static void wiki_cells(struct lw *w, struct wiki_row *r, const char *s, size_t n, bool header,
		       bool goes_on)
{
	size_t a = 0;
	while (a <= n) {
		size_t b = a;
		while (b < n && !(b + 1 < n && (s[b] == '|' || (header && s[b] == '!')) && s[b + 1] == s[b]))
			b++;
		/* "style="..." | 44.85": the text after the attributes' bar */
		const char *bar = memchr(s + a, '|', b - a);
		if (bar && memchr(s + a, '=', (size_t)(bar - (s + a))))
			a = (size_t)(bar - s) + 1;
		while (a < b && (s[a] == ' ' || s[a] == '\t'))
			a++;
		size_t e = rtrim_len(s + a, b - a);
		if (goes_on) {
			br_buf_addc(&w->text, ' ');
			goes_on = false;
		} else if (r->ncells++) {
			br_buf_addc(&w->text, '\t');
		}
		br_buf_add(&w->text, s + a, e);
		a = b + 2;
	}
}

/* Write the row gathered, if any. */
static void wiki_flush(struct rw *out, struct lw *w, struct wiki_row *r, size_t unread)
{
	if (r->ncells)
		br_dec_lw_emit(out, unread, w, r->line, r->end_line, r->depth,
			       r->flags | (r->ncells > 1 ? BR_LINE_TABLE_ROW : 0));
	lw_reset(w);
	r->ncells = 0;
}

/* An empty line in place of l ("{|", "|}"): the table is a block of its
 * own, as on the page, so the text above it is a paragraph of its own. */
static void wiki_blank(struct rw *out, struct lw *w, const struct br_line *l, size_t unread)
{
	lw_reset(w);
	br_dec_lw_emit(out, unread, w, l->line, l->end_line, l->depth, l->flags);
}

/* Write the table of lines [i, j) (wiki_end) as its rows. */
static void wiki_table(const struct br_doc *doc, size_t i, size_t j, struct rw *out, struct lw *w)
{
	struct wiki_row r = {0};
	bool header = false; /* the last cell line was a header's ('!') */
	const struct br_line open = doc->lines[i], close = doc->lines[j - 1];
	wiki_blank(out, w, &open, i + 1);
	for (size_t k = i + 1; k + 1 < j; k++) {
		const struct br_line *l = &doc->lines[k];
		size_t n;
		const char *s = wiki_text(l, &n);
		if (wiki_mark(l, "|-")) {
			wiki_flush(out, w, &r, k + 1);
			continue;
		}
		if (n == 0)
			continue;
		if (wiki_mark(l, "|+")) { /* the caption: a line of text */
			wiki_flush(out, w, &r, k + 1);
			struct wiki_row c = {.line = l->line, .end_line = l->end_line, .depth = l->depth,
					     .flags = l->flags | BR_LINE_CAPTION};
			wiki_cells(w, &c, s + 2, n - 2, false, false);
			wiki_flush(out, w, &c, k + 1);
			continue;
		}
		if (!r.ncells) {
			r.line = l->line;
			r.depth = l->depth;
			r.flags = l->flags;
		}
		r.end_line = l->end_line;
		if (wiki_quoted(l, doc->lines[i].depth)) {
			r.depth = doc->lines[i].depth;
			wiki_cells(w, &r, s, n, false, false);
		} else if (s[0] == '|' || s[0] == '!') {
			header = s[0] == '!';
			wiki_cells(w, &r, s + 1, n - 1, header, false);
		} else { /* the last cell's text goes on, maybe with more cells */
			wiki_cells(w, &r, s, n, header, r.ncells > 0);
		}
	}
	wiki_flush(out, w, &r, j - 1);
	wiki_blank(out, w, &close, j);
}

bool br_dec_stage_mdtable(struct br_doc *doc)
{
	struct rw out;
	struct lw w = {0};
	rw_init(&out, doc);
	bool changed = false;
	size_t wiki_next = 0; /* no "{|" opens a table before this line */
	for (size_t i = 0; i < doc->nlines;) {
		if (i >= wiki_next) {
			size_t end = wiki_end(doc, i, &wiki_next);
			if (end > i) {
				wiki_table(doc, i, end, &out, &w);
				changed = true;
				i = wiki_next = end;
				continue;
			}
		}
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
