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
 * start with the same "# ", "#\t", "# # ", " * ", "//", "; ", "% ", ": " (a
 * Usenet reader's quoting) or a Supercite tag ("ZC> ") loses what its lines share; Markdown bullets
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
 * whether one of them quotes (a Supercite tag, a Usenet ':'). */
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
			/* an Org keyword ("#+CAPTION: ...", "#+BEGIN_EXAMPLE")
			 * is the document's markup, no comment */
			if (k + 2 < n && s[k + 1] == '+' && (unsigned char)((s[k + 2] | 0x20) - 'a') < 26)
				return i;
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
		} else if (c == '*' || c == ';' || c == '%' || c == ':') {
			k++;
			if (k < n && s[k] != ' ' && s[k] != '\t')
				return i; /* "**bold**", "%CP", ";x", ":)" */
			if (c == ':')
				*cite = true; /* a Usenet quote: one level deep */
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

/* Bullets other than ASCII ones, as UTF-8: a word processor's or a web
 * page's list copied as text (Outlook's "·" followed by a TAB). */
static const char *const uni_bullets[] = {
	"\xe2\x80\xa2", /* U+2022 bullet */
	"\xe2\x80\xa3", /* U+2023 triangular bullet */
	"\xe2\x81\x83", /* U+2043 hyphen bullet */
	"\xe2\x80\x93", /* U+2013 en dash */
	"\xe2\x88\x99", /* U+2219 bullet operator */
	"\xe2\x96\xa0", /* U+25A0 black square */
	"\xe2\x96\xaa", /* U+25AA small black square */
	"\xe2\x97\x8f", /* U+25CF black circle */
	"\xe2\x97\xa6", /* U+25E6 white bullet */
	"\xc2\xb7",      /* U+00B7 middle dot */
};

/* Bytes of blank at s: a space, a TAB, or a no-break space (U+00A0; or
 * the lone byte of Latin-1 and Windows-1252: s follows a marker or a blank,
 * so it is no UTF-8 character's tail). */
static size_t blank_at(const char *s, size_t n)
{
	if (n && (s[0] == ' ' || s[0] == '\t' || (unsigned char)s[0] == 0xa0))
		return 1;
	return n >= 2 && (unsigned char)s[0] == 0xc2 && (unsigned char)s[1] == 0xa0 ? 2 : 0;
}

size_t br_dec_list_marker(const char *s, size_t n, unsigned *kind, unsigned long *num)
{
	size_t i = 0, m = 0;
	while (i < n && (s[i] == ' ' || s[i] == '\t'))
		i++;
	*num = 0;
	if (i >= n)
		return 0;
	unsigned char c = (unsigned char)s[i];
	if (c == '*' || c == '-' || c == '+') {
		*kind = c;
		m = 1;
	} else if (is_digit(c)) {
		size_t d = i;
		while (i < n && i - d < 3 && is_digit((unsigned char)s[i]))
			*num = *num * 10 + (unsigned long)(s[i++] - '0');
		if (i >= n || (s[i] != '.' && s[i] != ')'))
			return 0;
		*kind = LIST_NUMBERED + (unsigned char)s[i];
		m = 1;
	} else if (c >= 0xc2) {
		for (size_t k = 0; k < BR_ARRAY_LEN(uni_bullets) && !m; k++) {
			size_t bl = strlen(uni_bullets[k]);
			if (n - i >= bl && memcmp(s + i, uni_bullets[k], bl) == 0) {
				*kind = LIST_BULLET + (unsigned)k;
				m = bl;
			}
		}
	}
	if (!m || !blank_at(s + i + m, n - i - m))
		return 0;
	i += m;
	for (size_t b; (b = blank_at(s + i, n - i)) != 0;)
		i += b;
	return i < n ? i : 0;
}

/* The list marker at the start of l (a bullet, "12." or "3)") and the
 * blanks after it: their length, 0 if none. */
static size_t list_len(const struct br_line *l, unsigned *kind, unsigned long *num)
{
	return br_dec_list_marker(l->text, l->len, kind, num);
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
 * line before it that its first word would have made 60 long or more (a
 * wrap at 60 keeps a line under 60)? */
static bool wrap_piece(const struct br_doc *doc, size_t k)
{
	const struct br_line *l = &doc->lines[k], *prev = &doc->lines[k - 1];
	size_t a = 0, w;
	while (a < l->len && (l->text[a] == ' ' || l->text[a] == '\t'))
		a++;
	for (w = a; w < l->len && l->text[w] != ' ' && l->text[w] != '\t'; w++)
		;
	/* the wrap saw the line as written, with the line number or the
	 * quote marks a stage before took away (they were there first) */
	size_t width = prev->len;
	if ((doc->transport & (BR_TRANSPORT_NUMBERS | BR_TRANSPORT_QUOTE)) && prev->end_line &&
	    prev->end_line <= doc->nphys) {
		size_t phys = br_doc_phys_len(doc, prev->end_line - 1);
		width = phys > width ? phys : width;
	}
	return a < l->len && width + 1 + (w - a) >= 60;
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
	unsigned *kinds;            /* each input line's list marker kind (LINE_*) */
	size_t chain_end, chain_fig; /* the loose list being read (loose_chain) */
};

/* kinds[]: a line with text and no list marker, a blank line; else the
 * marker's kind (br_dec_list_marker, always above these). */
enum { LINE_TEXT = 0, LINE_BLANK = 1 };

/* The kind of l (most lines answer at their first byte with text: a
 * letter starts no marker). */
static inline unsigned line_kind(const struct br_line *l)
{
	size_t i = 0;
	while (i < l->len && (l->text[i] == ' ' || l->text[i] == '\t' || l->text[i] == '\r' ||
			      l->text[i] == '\f' || l->text[i] == '\v' || l->text[i] == '\n'))
		i++;
	if (i == l->len)
		return LINE_BLANK;
	unsigned char c = (unsigned char)l->text[i];
	unsigned kind;
	unsigned long num;
	if (c != '*' && c != '-' && c != '+' && !is_digit(c) && c < 0xc2)
		return LINE_TEXT;
	return list_len(l, &kind, &num) ? kind : LINE_TEXT;
}

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

/* Does the numbered line `num` go on from the one before it, `prev`: the
 * next number, or the same one (a Markdown source numbers every item "1."
 * and lets the renderer count)? */
static bool counts_on(unsigned long prev, unsigned long num)
{
	return num == prev + 1 || num == prev;
}

/* The marker kind of the nearest line with text from line i, stepping by
 * `step` (-1 up, +1 down) over one or more blank lines; 0 when there is no
 * blank line between them or no such line. */
static unsigned loose_neighbour(const struct pwalk *pw, size_t i, int step)
{
	size_t k = i, blanks = 0;
	for (;;) {
		if ((step < 0 && k == 0) || (step > 0 && k + 1 >= pw->doc->nlines))
			return 0;
		k = step < 0 ? k - 1 : k + 1;
		if (pw->kinds[k] != LINE_BLANK)
			return blanks ? pw->kinds[k] : 0;
		blanks++;
	}
}

/* Does line k, past its list marker of `len` bytes, hold a result row? */
static bool item_has_figures(const struct br_doc *doc, size_t k, size_t len)
{
	return br_dec_numbers3(doc->lines[k].text + len, doc->lines[k].len - len);
}

/* The loose list from line i: lines with the marker kind of line i, in a
 * row or apart by blank lines, up to a line with text and another kind.
 * Its end goes to pw->chain_end, its last line with figures to
 * pw->chain_fig (SIZE_MAX when none): read once for all its items. */
static void loose_chain(struct pwalk *pw, size_t i)
{
	const struct br_doc *doc = pw->doc;
	unsigned kind = pw->kinds[i];
	size_t k = i, end = i + 1;
	pw->chain_fig = SIZE_MAX;
	for (; k < doc->nlines && (pw->kinds[k] == kind || pw->kinds[k] == LINE_BLANK); k++) {
		if (pw->kinds[k] == LINE_BLANK)
			continue;
		unsigned kd;
		unsigned long num;
		if (item_has_figures(doc, k, list_len(&doc->lines[k], &kd, &num)))
			pw->chain_fig = k;
		end = k + 1;
	}
	pw->chain_end = end;
}

/* Lines j.. (up to three, with text and no list marker) that a mail's hard
 * wrap moved off the ends of list items, before another item: their count,
 * 0 if none (wrap_bridge's rule, for lists). */
static size_t list_bridge(const struct pwalk *pw, size_t j)
{
	const struct br_doc *doc = pw->doc;
	size_t k = j;
	for (; k < doc->nlines && k < j + 3 && pw->kinds[k] == LINE_TEXT; k++)
		if (!wrap_piece(doc, k))
			return 0;
	return k > j && k < doc->nlines && pw->kinds[k] > LINE_BLANK ? k - j : 0;
}

/*
 * List items from line i: two or more lines in a row with list markers
 * (numbers counting on), or a single one whose nearest neighbour with text
 * above or below, past blank lines, has the same kind of marker (a loose
 * list; a whole post made a list line by line). Bullets in a row always go;
 * a numbered run only when an item holds a result row (three numbers or
 * more), a loose item when it or an item after it in its loose list does:
 * numbered headings and a loose list of words are an outline the labels
 * read. Written without their markers; the end of
 * the items, or i when there are none.
 */
static size_t try_list(struct pwalk *pw, size_t i)
{
	const struct br_doc *doc = pw->doc;
	size_t j = i, end = i, items = 0;
	unsigned long prev = 0;
	bool numbered = false, figures = false;
	int item_numbers = 0; /* the numbers of the item before, its ends too */
	for (; j < doc->nlines; j++) {
		if (pw->kinds[j] == LINE_TEXT && j > i) {
			/* wrapped-off ends of the items stay among them, as they
			 * are; their numbers are the item's (a wrap that cut
			 * "... seconds =" from "1024.54 MB/sec" cut its row) */
			size_t nb = list_bridge(pw, j);
			if (nb == 0)
				break;
			for (size_t k = j; k < j + nb; k++)
				item_numbers += br_dec_numbers(doc->lines[k].text, doc->lines[k].len);
			figures = figures || item_numbers >= 3;
			j += nb - 1;
			continue;
		}
		if (pw->kinds[j] <= LINE_BLANK)
			break;
		unsigned kind;
		unsigned long num;
		size_t len = list_len(&doc->lines[j], &kind, &num);
		if (kind >= LIST_NUMBERED) {
			if (numbered && !counts_on(prev, num))
				break;
			numbered = true;
			prev = num;
		}
		item_numbers = br_dec_numbers(doc->lines[j].text + len, doc->lines[j].len - len);
		figures = figures || item_numbers >= 3;
		items++;
		end = j + 1;
	}
	j = end; /* (not the wrapped-off ends after the last item) */
	bool take = items >= 2 && (!numbered || figures);
	if (j - i == 1 && pw->kinds[i] > LINE_BLANK &&
	    (loose_neighbour(pw, i, -1) == pw->kinds[i] || loose_neighbour(pw, i, 1) == pw->kinds[i])) {
		/* a loose item: when it or an item after it holds figures */
		if (i >= pw->chain_end)
			loose_chain(pw, i);
		take = pw->chain_fig != SIZE_MAX && pw->chain_fig >= i;
	}
	if (take) {
		for (size_t k = i; k < j; k++) {
			unsigned kind;
			unsigned long num;
			if (pw->kinds[k] == LINE_TEXT)
				rw_keep(&pw->out, &doc->lines[k], k + 1);
			else
				br_dec_strip_front(&pw->out, &pw->w, &doc->lines[k], k + 1,
						   list_len(&doc->lines[k], &kind, &num), 0);
		}
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
	/* the markers, read before any line is rewritten (a loose list's item
	 * asks what the lines around it had) */
	pw.kinds = br_malloc(nl * sizeof *pw.kinds + 1);
	for (size_t i = 0; i < nl; i++)
		pw.kinds[i] = line_kind(&doc->lines[i]);
	rw_init(&pw.out, doc);
	bool any = false;
	size_t i = 0;
	while (i < nl) {
		size_t j = i;
		if (j == i && i >= pw.no_prefix)
			j = try_prefix(&pw, i);
		if (j == i && i >= pw.no_bullet)
			j = try_list(&pw, i);
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
	free(pw.kinds);
	if (any)
		doc->transport |= BR_TRANSPORT_PREFIX;
	return any;
}
