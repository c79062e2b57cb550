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
 *
 * DokuWiki's: a header row "^ Host ^ Cached ^" (a '^' cell in a row too)
 * over "| a | 1 |" rows; the '^' separators become '|', and the table is
 * read as a person's Markdown table. LaTeX's tabular source: see
 * br_dec_stage_latex below (a stage of its own: the scan sees "\\"
 * after an '&', not a delimiter row).
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

/* ------------------------------------------------------------ wrapped rows */

/* Does l start a row (a '|' after up to three blanks)? */
static bool row_start(const struct br_line *l)
{
	size_t i = 0;
	while (i < l->len && i < 3 && l->text[i] == ' ')
		i++;
	return i < l->len && l->text[i] == '|';
}

/* The '|' of l's text (an escaped "\|" is none). */
static size_t bars(const struct br_line *l)
{
	size_t c = 0;
	for (size_t k = 0; k < l->len; k++)
		c += l->text[k] == '|' && !(k > 0 && l->text[k - 1] == '\\');
	return c;
}

/* Does line j go on the row above it: same depth as line i, not blank, no
 * row of its own? */
static bool row_piece(const struct br_doc *doc, size_t i, size_t j)
{
	const struct br_line *l = &doc->lines[j];
	return j < doc->nlines && l->depth == doc->lines[i].depth && rtrim_len(l->text, l->len) > 0 &&
	       !row_start(l);
}

/* The end of the row starting at line i of a table of `want` cells, a mail
 * client's wrap having cut it into pieces: the lines after it that start
 * no row, until the row ends in '|' with its cells all there (want + 1
 * bars); i + 1 when it was not cut or its pieces do not make it whole. */
static size_t row_pieces_end(const struct br_doc *doc, size_t i, size_t want)
{
	const struct br_line *l = &doc->lines[i];
	size_t n = bars(l), e = rtrim_len(l->text, l->len);
	if (n >= want + 1 && e && l->text[e - 1] == '|')
		return i + 1;
	for (size_t j = i + 1; j < i + 5 && row_piece(doc, i, j); j++) {
		l = &doc->lines[j];
		n += bars(l);
		e = rtrim_len(l->text, l->len);
		if (n >= want + 1 && l->text[e - 1] == '|')
			return n == want + 1 ? j + 1 : i + 1;
	}
	return i + 1;
}

/* Write lines i..j-1 as one, joined by a blank (its pieces' line range). */
static void emit_joined(const struct br_doc *doc, size_t i, size_t j, struct rw *out, struct lw *w)
{
	const struct br_line first = doc->lines[i], last = doc->lines[j - 1];
	lw_reset(w);
	for (size_t k = i; k < j; k++) {
		const struct br_line *l = &doc->lines[k];
		size_t a = 0, e = rtrim_len(l->text, l->len);
		if (k > i) {
			while (a < e && (l->text[a] == ' ' || l->text[a] == '\t'))
				a++;
			br_buf_addc(&w->text, ' ');
		}
		br_buf_add(&w->text, l->text + a, e - a);
	}
	br_dec_lw_emit(out, j, w, first.line, last.end_line, first.depth, first.flags);
}

/* The header row starting at line i, its pieces over lines i..d-1, the
 * delimiter row at d: d when there is one (i + 1 .. i + 4) of the
 * header's cell count; 0 otherwise. */
static size_t wrapped_header(const struct br_doc *doc, size_t i)
{
	if (!row_start(&doc->lines[i]))
		return 0;
	size_t n = bars(&doc->lines[i]), d = i + 1;
	while (d < i + 5 && row_piece(doc, i, d))
		n += bars(&doc->lines[d++]);
	if (d >= doc->nlines || doc->lines[d].depth != doc->lines[i].depth || !delimiter_row(&doc->lines[d]))
		return 0;
	const struct br_line *dl = &doc->lines[d];
	const char *s;
	size_t m;
	row_inner(dl, &s, &m);
	return n == cells(s, m) + 1 ? d : 0;
}

/*
 * A table a mail client wrapped at 60-72 columns: a row cut at a blank goes
 * on on the next line, which starts with no '|' ("| node01 | 16G | 88123 |"
 * / "210.5 |"); the delimiter row, one word, stays whole. Its rows are
 * joined again (a blank where they were cut), each to the delimiter row's
 * count of cells, so the table reads as one; a piece that makes no row
 * whole is left as it is. Returns whether any was joined.
 */
static bool join_wrapped_rows(struct br_doc *doc)
{
	struct rw out;
	struct lw w = {0};
	rw_init(&out, doc);
	bool changed = false;
	for (size_t i = 0; i < doc->nlines;) {
		size_t d = wrapped_header(doc, i);
		if (!d) {
			rw_keep(&out, &doc->lines[i], i + 1);
			i++;
			continue;
		}
		const char *s;
		size_t m;
		row_inner(&doc->lines[d], &s, &m);
		size_t want = cells(s, m);
		if (d > i + 1) {
			emit_joined(doc, i, d, &out, &w);
			changed = true;
		} else {
			rw_keep(&out, &doc->lines[i], i + 1);
		}
		rw_keep(&out, &doc->lines[d], d + 1);
		for (i = d + 1; i < doc->nlines && doc->lines[i].depth == doc->lines[d].depth &&
				row_start(&doc->lines[i]);) {
			size_t j = row_pieces_end(doc, i, want);
			if (j > i + 1) {
				emit_joined(doc, i, j, &out, &w);
				changed = true;
			} else {
				rw_keep(&out, &doc->lines[i], i + 1);
			}
			i = j;
		}
	}
	br_dec_lw_free(&w);
	br_dec_rw_done(&out);
	return changed;
}

/* ------------------------------------------------------------ DokuWiki */

/* Is l a row of a DokuWiki table: '^' (a header cell) or '|' at both ends
 * (up to three blanks before)? *head: it starts with '^'. */
static bool doku_row(const struct br_line *l, bool *head)
{
	size_t i = 0, e = rtrim_len(l->text, l->len);
	while (i < e && i < 3 && l->text[i] == ' ')
		i++;
	if (e < i + 2 || (l->text[i] != '^' && l->text[i] != '|') ||
	    (l->text[e - 1] != '^' && l->text[e - 1] != '|'))
		return false;
	*head = l->text[i] == '^';
	return true;
}

/* The end of a DokuWiki table from line i, whose first row is a header
 * ("^ Host ^ Cached reads ^"): its rows at one depth; i when there is
 * none (a row of '|' alone is a Markdown table's business). */
static size_t doku_end(const struct br_doc *doc, size_t i)
{
	bool head;
	if (!doku_row(&doc->lines[i], &head) || !head)
		return i;
	size_t j = i + 1;
	while (j < doc->nlines && doc->lines[j].depth == doc->lines[i].depth && doku_row(&doc->lines[j], &head))
		j++;
	return j > i + 1 ? j : i;
}

/* Write DokuWiki row l with its '^' separators (a blank or the line's end
 * on one side: "x^2" in a cell stays) made '|': a pipe table, as the
 * parsers read a person's Markdown table. */
static void doku_row_emit(struct rw *out, struct lw *w, const struct br_line *l, size_t unread)
{
	lw_reset(w);
	size_t n = rtrim_len(l->text, l->len);
	for (size_t k = 0; k < n; k++) {
		char c = l->text[k];
		bool edge = k == 0 || k + 1 == n || l->text[k - 1] == ' ' || l->text[k + 1] == ' ';
		br_buf_addc(&w->text, c == '^' && edge ? '|' : c);
	}
	br_dec_lw_emit(out, unread, w, l->line, l->end_line, l->depth, l->flags);
}

bool br_dec_stage_mdtable(struct br_doc *doc)
{
	bool joined = join_wrapped_rows(doc);
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
		size_t d = doku_end(doc, i);
		if (d > i) {
			for (; i < d; i++)
				doku_row_emit(&out, &w, &doc->lines[i], i + 1);
			changed = true;
			continue;
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
	if (changed || joined)
		doc->transport |= BR_TRANSPORT_MDTABLE;
	return changed || joined;
}

/* ------------------------------------------------------------ LaTeX */

/*
 * A LaTeX tabular pasted as its source (a thesis, a paper's appendix):
 * rows "a & b & c \\", cells apart by '&' ("\&" is the text's), a rule
 * ("\hline", "\midrule", "\cline{2-3}") after a row or on its own line.
 * Each row becomes one line of its cells apart by TAB (BR_LINE_TABLE_ROW),
 * as a Markdown table's; in a cell "\multicolumn{2}{c}{Random read}" and
 * "\textbf{x}" are their text, "\%", "\_", "\$" their character, "\," (a
 * thin space, between a figure's thousands too) and '$' nothing. A rule
 * on a line of its own goes, so that a header and its rows meet as in the
 * tool's table. Other lines stay as they are.
 */

/* Is s[0..n) a rule command ("\hline", "\toprule", "\cline{2-3}") and
 * blanks only? */
static bool latex_rule(const char *s, size_t n)
{
	static const char *const rules[] = {"\\hline", "\\toprule", "\\midrule", "\\bottomrule",
					    "\\cline", "\\cmidrule"};
	size_t k = 0;
	while (k < n && (s[k] == ' ' || s[k] == '\t'))
		k++;
	if (k == n)
		return false;
	while (k < n) {
		size_t r = 0;
		while (r < BR_ARRAY_LEN(rules) && !(n - k >= strlen(rules[r]) &&
						     memcmp(s + k, rules[r], strlen(rules[r])) == 0))
			r++;
		if (r == BR_ARRAY_LEN(rules))
			return false;
		k += strlen(rules[r]);
		while (k < n && (s[k] == '(' || s[k] == '{' || s[k] == '[')) {
			const char *e = memchr(s + k, s[k] == '(' ? ')' : s[k] == '{' ? '}' : ']', n - k);
			if (!e)
				return false;
			k = (size_t)(e - s) + 1;
		}
		while (k < n && (s[k] == ' ' || s[k] == '\t'))
			k++;
	}
	return true;
}

/* Where the row of line s[0..n) ends: at its "\\" (the rule or comment
 * after it dropped); 0: the line is no row (no '&' cell before it). */
static size_t latex_row_end(const char *s, size_t n)
{
	for (size_t k = 0; k + 1 < n; k++) {
		if (s[k] == '\\' && s[k + 1] == '\\') {
			size_t a = 0;
			while (a < k && !(s[a] == '&' && (a == 0 || s[a - 1] != '\\')))
				a++;
			return a < k ? k : 0;
		}
		if (s[k] == '\\')
			k++; /* "\&", "\%": an escaped character, not the end */
	}
	return 0;
}

/* The text of a command's braced argument from s[*k] == '{', *k moved
 * past its '}' (nesting counted); the text itself is written by the
 * caller, so this returns where it starts and how long it is. */
static bool latex_arg(const char *s, size_t n, size_t *k, size_t *a, size_t *len)
{
	if (*k >= n || s[*k] != '{')
		return false;
	int depth = 0;
	for (size_t j = *k; j < n; j++) {
		if (s[j] == '{')
			depth++;
		else if (s[j] == '}' && --depth == 0) {
			*a = *k + 1;
			*len = j - *k - 1;
			*k = j + 1;
			return true;
		}
	}
	return false;
}

/* Append cell text s[0..n) to w, its markup read (see above). */
static void latex_text(struct lw *w, const char *s, size_t n)
{
	for (size_t k = 0; k < n;) {
		char c = s[k];
		if (c == '$' || c == '{' || c == '}' || c == '~') {
			if (c == '~')
				br_buf_addc(&w->text, ' ');
			k++;
			continue;
		}
		if (c != '\\' || k + 1 >= n) {
			br_buf_addc(&w->text, c);
			k++;
			continue;
		}
		if (strchr("%_$&#", s[k + 1])) {
			br_buf_addc(&w->text, s[k + 1]);
			k += 2;
			continue;
		}
		if (strchr(",;:! ", s[k + 1])) {
			k += 2; /* a LaTeX space: nothing, "12\,345" is one figure */
			continue;
		}
		/* a command: its name goes, its last braced argument stays
		 * ("\multicolumn{2}{c|}{Random read}", "\textbf{812}") */
		size_t j = k + 1;
		while (j < n && ((s[j] | 0x20) >= 'a' && (s[j] | 0x20) <= 'z'))
			j++;
		size_t a = 0, len = 0, at = 0, alen = 0;
		bool any = false;
		while (latex_arg(s, n, &j, &at, &alen)) {
			a = at;
			len = alen;
			any = true;
		}
		if (any)
			latex_text(w, s + a, len);
		k = j;
	}
}

/* Write the row s[0..end) (lines first..last of the document) as its
 * cells apart by TAB. */
static void latex_row(struct rw *out, struct lw *w, const char *s, size_t end, const struct br_line *first,
		      const struct br_line *last, size_t unread)
{
	lw_reset(w);
	size_t a = 0;
	for (size_t k = 0; k <= end; k++) {
		if (k < end && !(s[k] == '&' && (k == 0 || s[k - 1] != '\\')))
			continue;
		size_t b = k;
		while (a < b && (s[a] == ' ' || s[a] == '\t'))
			a++;
		while (b > a && (s[b - 1] == ' ' || s[b - 1] == '\t'))
			b--;
		latex_text(w, s + a, b - a);
		if (k < end)
			br_buf_addc(&w->text, '\t');
		a = k + 1;
	}
	br_dec_lw_emit(out, unread, w, first->line, last->end_line, first->depth, first->flags | BR_LINE_TABLE_ROW);
}

/* Does s[0..n) hold a cell break ('&', not "\&")? */
static bool latex_cells(const char *s, size_t n)
{
	for (const char *p = memchr(s, '&', n); p; p = memchr(p + 1, '&', n - (size_t)(p + 1 - s)))
		if (p == s || p[-1] != '\\')
			return true;
	return false;
}

/* A row written over lines i.. ("& \multicolumn{2}{c}{Random read} &" /
 * "\multicolumn{2}{c}{Random write} \\"), up to four: the line that ends
 * it (its "\\" in `end` of the lines joined by blanks in `join`), or i
 * when line i starts none. */
static size_t latex_wrapped(const struct br_doc *doc, size_t i, struct br_buf *join, size_t *end)
{
	const struct br_line *l = &doc->lines[i];
	if (!latex_cells(l->text, l->len))
		return i;
	br_buf_reset(join);
	br_buf_add(join, l->text, l->len);
	for (size_t j = i + 1; j < doc->nlines && j < i + 4; j++) {
		const struct br_line *m = &doc->lines[j];
		if (m->depth != l->depth || br_is_blank(m->text, m->len))
			return i;
		br_buf_addc(join, ' ');
		br_buf_add(join, m->text, m->len);
		if (memchr(m->text, '\\', m->len) && (*end = latex_row_end(join->data, join->len)) != 0)
			return j;
	}
	return i;
}

bool br_dec_stage_latex(struct br_doc *doc)
{
	struct rw out;
	struct lw w = {0};
	struct br_buf join = {0};
	rw_init(&out, doc);
	bool changed = false;
	for (size_t i = 0; i < doc->nlines; i++) {
		const struct br_line *l = &doc->lines[i];
		size_t end = memchr(l->text, '\\', l->len) ? latex_row_end(l->text, l->len) : 0, j;
		if (end) {
			latex_row(&out, &w, l->text, end, l, l, i + 1);
			changed = true;
		} else if ((j = latex_wrapped(doc, i, &join, &end)) > i) {
			struct br_line first = *l, last = doc->lines[j];
			latex_row(&out, &w, join.data, end, &first, &last, j + 1);
			changed = true;
			i = j;
		} else if (changed && latex_rule(l->text, l->len)) {
			continue; /* a rule between a table's rows */
		} else {
			rw_keep(&out, l, i + 1);
		}
	}
	br_buf_free(&join);
	br_dec_lw_free(&w);
	br_dec_rw_done(&out);
	if (changed)
		doc->transport |= BR_TRANSPORT_MDTABLE;
	return changed;
}
