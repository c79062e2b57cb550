/*
 * decode_prefix — line prefixes a block of lines shares ("# ", " * ", "//",
 * a Supercite tag ...), Markdown bullets and a diff's marker column.
 */
#include "decode_int.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/*
 * A result pasted behind comment or list markers: a block of lines that all
 * start with the same "# ", "#\t", "# # ", " * ", "//", "; ", "% " or a
 * Supercite tag ("ZC> ") loses what its lines share; Markdown bullets
 * ("* ", "  - ", "+ ") lose their marker line by line; a unified diff's
 * marker column (" ", "-", "+") goes from a block with both "-" and "+"
 * lines. A block is two or more consecutive lines with text after the
 * prefix; a line that is nothing but the prefix ("#") belongs to it, and so
 * does the end of a line that a hard wrap moved onto a line without the
 * prefix (wrap_bridge; it keeps its text as it is). A
 * single "# Heading" line is left alone (a Markdown heading).
 */

/* The length of the marker prefix of s[0..n): blanks and markers, up to the
 * first other character; n when the line is nothing but that. *markers is
 * set to whether it holds a marker (blanks alone are not a prefix); *cite to
 * whether one of them is a Supercite tag. */
static size_t marker_prefix(const char *s, size_t n, bool *markers, bool *cite)
{
	size_t i = 0;
	*markers = false;
	*cite = false;
	for (;;) {
		while (i < n && (s[i] == ' ' || s[i] == '\t'))
			i++;
		if (i >= n)
			return n;
		char c = s[i];
		size_t k = i;
		if (c == '#') {
			while (k < n && s[k] == '#')
				k++;
		} else if (c == '/' && k + 1 < n && s[k + 1] == '/') {
			while (k < n && s[k] == '/')
				k++;
		} else if (c == '>') {
			/* quoting the quote stage left: deeper than three
			 * blanks (an indented block) or behind a comment */
			while (k < n && s[k] == '>')
				k++;
			*cite = true;
		} else if (c == '*' || c == ';' || c == '%') {
			k++;
			if (k < n && s[k] != ' ' && s[k] != '\t')
				return i; /* "**bold**", "%CP", ";x" */
		} else if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z')) {
			/* a Supercite tag: one to four letters, then '>' */
			while (k < n && k - i < 5 && ((s[k] >= 'A' && s[k] <= 'Z') ||
						      (s[k] >= 'a' && s[k] <= 'z')))
				k++;
			if (k - i > 4 || k >= n || s[k] != '>')
				return i;
			k++;
			*cite = true;
		} else {
			return i;
		}
		*markers = true;
		i = k;
	}
}

/* A Markdown bullet at the start of l: the length of blanks, marker and the
 * blanks after it; 0 if none. */
static size_t bullet_len(const struct br_line *l)
{
	const char *s = l->text;
	size_t n = l->len, i = 0;
	while (i < n && (s[i] == ' ' || s[i] == '\t'))
		i++;
	if (i + 1 >= n || (s[i] != '*' && s[i] != '-' && s[i] != '+') ||
	    (s[i + 1] != ' ' && s[i + 1] != '\t'))
		return 0;
	i++;
	while (i < n && (s[i] == ' ' || s[i] == '\t'))
		i++;
	return i < n ? i : 0;
}

/* Leading spaces of l, and whether a diff mark ("-x", "+x": x not blank,
 * not the same mark) follows them. */
static size_t diff_indent(const struct br_line *l, bool *mark)
{
	size_t k = 0;
	while (k < l->len && l->text[k] == ' ')
		k++;
	char c = k < l->len ? l->text[k] : 0, d = k + 1 < l->len ? l->text[k + 1] : 0;
	*mark = (c == '-' || c == '+') && d && d != ' ' && d != '\t' && d != c;
	return k;
}

/* Line l of a diff-marked block whose marker column is `col`: 0 if it is
 * not one, 1 context (' '), 2 '-', 3 '+'. */
static int diff_mark(const struct br_line *l, size_t col)
{
	if (l->len < col + 2 || br_is_blank(l->text, l->len))
		return 0;
	for (size_t k = 0; k < col; k++)
		if (l->text[k] != ' ')
			return 0;
	char c = l->text[col], d = l->text[col + 1];
	if (c == ' ')
		return 1;
	if ((c == '-' || c == '+') && d != ' ' && d != '\t' && d != c)
		return c == '-' ? 2 : 3;
	return 0;
}

/* Write line l without its byte at `col` (a diff's marker column, after
 * the indentation the block shares). */
static void strip_front_at(struct rw *out, struct lw *w, const struct br_line *l, size_t unread,
			   size_t col)
{
	if (col == 0) {
		br_dec_strip_front(out, w, l, unread, 1, 0);
		return;
	}
	size_t ji = 0;
	for (size_t c = 0; c < l->len; c++) {
		lw_carry(w, l, &ji, c);
		if (c != col)
			br_buf_addc(&w->text, l->text[c]);
	}
	lw_carry(w, l, &ji, l->len);
	br_dec_lw_emit(out, unread, w, l->line, l->end_line, l->depth, l->flags);
}

/* Could line k (k > 0) be the end of line k - 1 that a mail client's hard
 * wrap, at 60 columns or more, moved onto a line of its own: text, and a
 * line before it that its first word would have made too long? */
static bool wrap_piece(const struct br_doc *doc, size_t k)
{
	const struct br_line *l = &doc->lines[k], *prev = &doc->lines[k - 1];
	size_t a = 0, w;
	while (a < l->len && (l->text[a] == ' ' || l->text[a] == '\t'))
		a++;
	for (w = a; w < l->len && l->text[w] != ' ' && l->text[w] != '\t'; w++)
		;
	return a < l->len && prev->len + 1 + (w - a) > 60;
}

/* Such ends of the block's lines that lost the prefix: lines j.. (up to
 * three, with text and no marker), before a line with a marker. Their
 * count, 0 if none. */
static size_t wrap_bridge(const struct br_doc *doc, size_t j)
{
	size_t k = j;
	for (; k < doc->nlines && k < j + 3; k++) {
		bool mk, ct;
		marker_prefix(doc->lines[k].text, doc->lines[k].len, &mk, &ct);
		if (mk)
			break;
		if (!wrap_piece(doc, k))
			return 0;
	}
	bool mk = false, ct;
	if (k > j && k < doc->nlines)
		marker_prefix(doc->lines[k].text, doc->lines[k].len, &mk, &ct);
	return mk ? k - j : 0;
}

/* The block of shared-prefix lines starting at i: its end (exclusive) and
 * the prefix length, or end == i when there is none; *last_text is the
 * last line with text after the prefix (for skipping on failure). */
static size_t prefix_block(const struct br_doc *doc, size_t i, size_t *plen, bool *cite,
			   size_t *last_text)
{
	const struct br_line *first = &doc->lines[i];
	bool mk, ct;
	size_t p = marker_prefix(first->text, first->len, &mk, &ct);
	*last_text = i;
	if (!mk || p >= first->len)
		return i;
	*cite = ct;
	size_t j = i + 1, ntext = 1;
	for (; j < doc->nlines; j++) {
		const struct br_line *l = &doc->lines[j];
		size_t q = marker_prefix(l->text, l->len, &mk, &ct);
		if (!mk) {
			/* wrapped-off ends of the block's lines stay in it, as they are */
			size_t nb = wrap_bridge(doc, j);
			if (nb == 0)
				break;
			j += nb - 1;
			continue;
		}
		size_t c = 0;
		while (c < p && c < q && first->text[c] == l->text[c])
			c++;
		if (q >= l->len) {
			/* nothing but a prefix ("#", " *"): one of the block
			 * when it agrees with the prefix as far as it goes */
			if (c < p && c < q)
				break;
			continue;
		}
		/* the shared part must hold a marker and end where a marker
		 * run ends ("#" of "# a" and "## b" is no prefix of both) */
		marker_prefix(first->text, c, &mk, &ct);
		if (!mk)
			break;
		char last = first->text[c - 1];
		if (last != ' ' && last != '\t' &&
		    ((c < p && first->text[c] == last) || (c < q && l->text[c] == last)))
			break;
		p = c;
		ntext++;
		*last_text = j;
	}
	if (ntext < 2)
		return i;
	*plen = p;
	return j;
}

/* The walk of br_dec_stage_prefix: the lines written and, for each kind of block,
 * where a block tried and refused ends (not tried again from inside it). */
struct pwalk {
	struct br_doc *doc;
	struct rw out;
	struct lw w;
	size_t no_prefix, no_bullet, no_diff;
	size_t mark_line, mark_col; /* the paragraph's diff marker column */
};

/* A block of lines sharing a prefix from line i: written without it; the
 * end of the block, or i when there is none. */
static size_t try_prefix(struct pwalk *pw, size_t i)
{
	size_t plen = 0, last_text = i;
	bool cite = false;
	size_t j = prefix_block(pw->doc, i, &plen, &cite, &last_text);
	if (j > i) {
		for (size_t k = i; k < j; k++) {
			bool mk, ct;
			const struct br_line *l = &pw->doc->lines[k];
			marker_prefix(l->text, l->len, &mk, &ct);
			br_dec_strip_front(&pw->out, &pw->w, l, k + 1, mk ? plen : 0, cite ? 1 : 0);
		}
		return j;
	}
	pw->no_prefix = last_text > i ? last_text : i + 1;
	return i;
}

/* Two or more bullet lines from line i: written without their bullets. */
static size_t try_bullets(struct pwalk *pw, size_t i)
{
	const struct br_doc *doc = pw->doc;
	size_t j = i;
	while (j < doc->nlines && bullet_len(&doc->lines[j]))
		j++;
	if (j - i >= 2) {
		for (size_t k = i; k < j; k++)
			br_dec_strip_front(&pw->out, &pw->w, &doc->lines[k], k + 1, bullet_len(&doc->lines[k]), 0);
		return j;
	}
	pw->no_bullet = j > i ? j : i + 1;
	return i;
}

/* The marker column: where the paragraph's first "-x" or "+x" line has its
 * mark (found once per paragraph); false when the paragraph has none. */
static bool diff_column(struct pwalk *pw, size_t i)
{
	const struct br_doc *doc = pw->doc;
	if (pw->mark_line == SIZE_MAX || pw->mark_line < i) {
		size_t m = i;
		bool mk = false;
		for (; m < doc->nlines && !line_blank(&doc->lines[m]); m++) {
			pw->mark_col = diff_indent(&doc->lines[m], &mk);
			if (mk)
				break;
		}
		pw->mark_line = mk ? m : SIZE_MAX;
		if (!mk)
			pw->no_diff = m > i ? m : i + 1;
	}
	return pw->mark_line != SIZE_MAX;
}

/* The end of the marked lines from i (which marks were seen, as bits). */
static size_t diff_block(const struct br_doc *doc, size_t i, size_t col, unsigned *seen)
{
	size_t nl = doc->nlines, j;
	for (j = i; j < nl; j++) {
		int m = diff_mark(&doc->lines[j], col);
		if (!m) {
			/* ends of marked lines a hard wrap moved (up to three
			 * lines) stay in the block */
			size_t b = j;
			while (j > i && b < nl && b < j + 3 && !diff_mark(&doc->lines[b], col) && wrap_piece(doc, b))
				b++;
			if (b == j || b >= nl || !diff_mark(&doc->lines[b], col))
				break;
			j = b - 1;
			continue;
		}
		*seen |= 1u << m;
	}
	return j;
}

/* A diff from line i (both "-" and "+" lines): written without the marker
 * column; the end of the block, or i when there is none. */
static size_t try_diff(struct pwalk *pw, size_t i)
{
	const struct br_doc *doc = pw->doc;
	if (!diff_column(pw, i))
		return i;
	unsigned seen = 0;
	size_t j = diff_block(doc, i, pw->mark_col, &seen);
	if (j - i >= 2 && (seen & (1u << 2)) && (seen & (1u << 3))) {
		for (size_t k = i; k < j; k++) {
			if (diff_mark(&doc->lines[k], pw->mark_col))
				strip_front_at(&pw->out, &pw->w, &doc->lines[k], k + 1, pw->mark_col);
			else
				rw_keep(&pw->out, &doc->lines[k], k + 1);
		}
		pw->mark_line = SIZE_MAX;
		return j;
	}
	if (j <= i)
		pw->no_diff = i + 1;
	else if (j <= pw->mark_line)
		pw->no_diff = i + 1; /* a context line the block cannot start at */
	else
		pw->no_diff = j;
	return i;
}

bool br_dec_stage_prefix(struct br_doc *doc)
{
	size_t nl = doc->nlines;
	struct pwalk pw = {.doc = doc, .mark_line = SIZE_MAX};
	rw_init(&pw.out, doc);
	bool any = false;
	size_t i = 0;
	while (i < nl) {
		size_t j = i;
		if (j == i && i >= pw.no_prefix)
			j = try_prefix(&pw, i);
		if (j == i && i >= pw.no_bullet)
			j = try_bullets(&pw, i);
		if (j == i && i >= pw.no_diff)
			j = try_diff(&pw, i);
		if (j > i) {
			any = true;
			i = j;
			continue;
		}
		rw_keep(&pw.out, &doc->lines[i], i + 1);
		i++;
	}
	br_dec_lw_free(&pw.w);
	br_dec_rw_done(&pw.out);
	if (any)
		doc->transport |= BR_TRANSPORT_PREFIX;
	return any;
}
