/*
 * decode_quote — mail quoting ("> ", ">> ", "| " blocks -> br_line.depth)
 * and BBCode and forum markup ([code], [quote] -> depth, Markdown fences).
 * See decode.h.
 */
#include "decode_int.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ mail quoting */

/* Quote depth and the prefix length (up to and including the last quote
 * char) of a line; pipe: '|' counts as a quote char too. */
static unsigned quote_depth(const char *s, size_t n, bool pipe, size_t *plen)
{
	size_t i = 0, end = 0;
	unsigned d = 0;
	while (i < n && i < 3 && s[i] == ' ')
		i++;
	while (i < n && (s[i] == '>' || (pipe && s[i] == '|'))) {
		d++;
		i++;
		end = i;
		/* "> > ", ">\t>" */
		size_t k = i;
		while (k < n && k - i < 2 && (s[k] == ' ' || s[k] == '\t'))
			k++;
		if (k < n && k > i && (s[k] == '>' || (pipe && s[k] == '|')))
			i = k;
	}
	*plen = d ? end : 0;
	return d;
}

/* Visual width of s[0..n) starting at column col (TAB stops of 8). */
static size_t visual_col(const char *s, size_t n, size_t col)
{
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c == '\t')
			col = (col / 8 + 1) * 8;
		else if ((c & 0xc0) != 0x80)
			col++;
	}
	return col;
}

/* Lines of a "| " quoted block: ≥ 2 consecutive lines starting with "|",
 * none of them ending with "|" (that is a Markdown table). */
static unsigned char *pipe_lines(const struct br_doc *doc)
{
	unsigned char *m = br_calloc(doc->nlines ? doc->nlines : 1, 1);
	size_t i = 0;
	while (i < doc->nlines) {
		size_t j = i;
		bool ok = true;
		while (j < doc->nlines) {
			const struct br_line *l = &doc->lines[j];
			size_t n = rtrim_len(l->text, l->len);
			size_t k = 0;
			while (k < n && k < 3 && l->text[k] == ' ')
				k++;
			if (k >= n || l->text[k] != '|' ||
			    (k + 1 < n && l->text[k + 1] != ' ' && l->text[k + 1] != '\t' &&
			     l->text[k + 1] != '|' && l->text[k + 1] != '>'))
				break;
			if (n > k + 1 && l->text[n - 1] == '|')
				ok = false;
			j++;
		}
		if (j - i >= 2 && ok)
			memset(m + i, 1, j - i);
		i = j > i ? j : i + 1;
	}
	return m;
}

static unsigned line_quote_depth(const struct br_doc *doc, const unsigned char *pm, size_t i,
				 size_t *plen)
{
	const struct br_line *l = &doc->lines[i];
	return quote_depth(l->text, l->len, pm && pm[i], plen);
}

/* A line's quote depth and the length of its quote marks. */
struct qdepth {
	unsigned depth;
	size_t plen;
};

/* The end of the block of lines of one quote depth that starts at i (their
 * depths q[] read before any of them is written over), and whether one
 * space after the quote marks is stripped: when (almost) every line has it. */
static size_t quote_block(struct br_doc *doc, const struct qdepth *q, size_t i, bool *strip_space)
{
	size_t nl = doc->nlines, j = i, with_space = 0, nonempty = 0;
	unsigned depth = q[i].depth;
	do {
		const struct br_line *l = &doc->lines[j];
		size_t plen = q[j].plen;
		if (plen < l->len && !br_is_blank(l->text + plen, l->len - plen)) {
			nonempty++;
			char c = l->text[plen];
			if (c == ' ' || c == '\t')
				with_space++;
		}
		j++;
	} while (j < nl && q[j].depth == depth);
	*strip_space = nonempty == 0 || with_space * 5 >= nonempty * 4;
	return j;
}

/* Line k of a quote block without its p bytes of quote marks, then its
 * rest, the nr lines after it a reader's client re-wrapped without the
 * marks (br_dec_wrapped_rest), each after a blank: the line as quoted. */
static void unquote_line(struct rw *out, struct lw *w, struct br_doc *doc, size_t k, size_t p,
			 unsigned depth, bool strip_space, size_t nr)
{
	const struct br_line *l = &doc->lines[k];
	size_t cut = p;
	if (strip_space && p < l->len && l->text[p] == ' ')
		cut = p + 1;
	bool tab = p < l->len && l->text[p] == '\t' && memchr(l->text, '\t', p) == NULL;
	if (!tab && !l->joins && !nr) {
		/* the text without its prefix is the tail of the text */
		struct br_line *d = br_dec_rw_slot(out, k + 1);
		if (d != l)
			*d = *l;
		d->text += cut;
		d->len -= cut;
		unsigned dp = d->depth + depth;
		d->depth = (unsigned short)(dp > 65535 ? 65535 : dp);
		return;
	}
	if (tab) {
		/* ">\t": keep the column the reader saw, minus the prefix */
		size_t col = visual_col(l->text, p + 1, 0);
		size_t strip = strip_space ? p + 1 : p;
		for (size_t c = strip; c < col; c++)
			br_buf_addc(&w->text, ' ');
		cut = p + 1;
	}
	br_dec_lw_add_from(w, l, cut);
	unsigned line = l->line, dp = l->depth + depth, flags = l->flags;
	unsigned end_line = br_dec_join_rest(w, doc, k, nr, l->end_line);
	br_dec_lw_emit(out, k + 1 + nr, w, line, end_line, dp > 65535 ? 65535 : dp, flags);
}

/* The rest of quoted line i - 1 (of depth q[i - 1].depth) a reader's
 * client re-wrapped without the marks: lines of depth 0, then one of its
 * depth (br_dec_wrapped_rest). */
static unsigned quote_kind(const struct br_doc *doc, size_t k, const void *ctx)
{
	(void)doc;
	return ((const struct qdepth *)ctx)[k].depth;
}

bool br_dec_stage_quote(struct br_doc *doc, bool pipe)
{
	size_t nl = doc->nlines;
	unsigned char *pm = pipe ? pipe_lines(doc) : NULL;
	/* each line's depth and prefix length, worked out once (the block
	 * of a depth is found by looking ahead) */
	struct qdepth *q = br_malloc((nl ? nl : 1) * sizeof *q);
	bool any = false;
	for (size_t i = 0; i < nl; i++) {
		q[i].depth = line_quote_depth(doc, pm, i, &q[i].plen);
		any |= q[i].depth > 0;
	}
	free(pm);
	if (!any) {
		free(q);
		return false;
	}
	struct rw out;
	rw_init(&out, doc);
	struct lw w = {0};
	size_t i = 0, wrap = SIZE_MAX;
	while (i < nl) {
		unsigned depth = q[i].depth;
		if (!depth) {
			rw_keep(&out, &doc->lines[i], i + 1);
			i++;
			continue;
		}
		bool strip_space;
		size_t j = quote_block(doc, q, i, &strip_space), nr = 0;
		for (size_t k = i; k < j; k++) {
			/* the last line's rest, re-wrapped, goes back onto it */
			if (k + 1 == j && j < nl)
				nr = br_dec_wrapped_rest(doc, j, quote_kind, q, &wrap);
			unquote_line(&out, &w, doc, k, q[k].plen, depth, strip_space, nr);
		}
		i = j + nr;
	}
	br_dec_lw_free(&w);
	free(q);
	br_dec_rw_done(&out);
	doc->transport |= BR_TRANSPORT_QUOTE;
	return true;
}

/* ------------------------------------------------------------ BBCode */

const char *const br_dec_bb_tags[] = {
	"code", "quote", "b", "i", "u", "s", "pre", "color", "size", "font", "url", "img",
	"tt", "list", "center", "spoiler", "noparse", "icode", "highlight", "php", "hr",
	"left", "right", "indent", "email", "sub", "sup", "strike", "table", "tr", "td", "th",
};

/* Length of the BBCode tag at s[0] == '[' (0 if none); *closing, *name set. */
size_t br_dec_bb_tag_at(const char *s, size_t n, bool *closing, size_t *name)
{
	size_t i = 1;
	*closing = false;
	if (i < n && s[i] == '/') {
		*closing = true;
		i++;
	}
	if (i < n && s[i] == '*' && !*closing && i + 1 < n && s[i + 1] == ']') {
		*name = SIZE_MAX; /* list item */
		return 3;
	}
	size_t start = i;
	while (i < n && i - start < 10 && ((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' && s[i] <= 'Z')))
		i++;
	size_t len = i - start;
	if (!len || i >= n)
		return 0;
	size_t k;
	for (k = 0; k < BR_ARRAY_LEN(br_dec_bb_tags); k++)
		if (strlen(br_dec_bb_tags[k]) == len &&
		    has_prefix_ci(s + start, len, br_dec_bb_tags[k]))
			break;
	if (k == BR_ARRAY_LEN(br_dec_bb_tags))
		return 0;
	*name = k;
	if (s[i] == ':') {
		/* phpBB's stored form: the post's uid after each tag name
		 * ("[code:1:3k2j1h9x]", "[/quote:3k2j1h9x]",
		 * "[quote:3k2j1h9x="joe"]") */
		size_t u = i + 1;
		while (u < n && u - i <= 16 &&
		       (((s[u] | 0x20) >= 'a' && (s[u] | 0x20) <= 'z') || is_digit(s[u]) || s[u] == ':'))
			u++;
		if (u == i + 1 || u >= n || (s[u] != ']' && s[u] != '='))
			return 0;
		i = u;
	}
	if (s[i] == ']')
		return i + 1;
	if (*closing || (s[i] != '=' && s[i] != ' '))
		return 0;
	/* [url=...], [quote="x"], [code=c]: up to the closing bracket on this line */
	for (size_t j = i; j < n && j - i < 512; j++)
		if (s[j] == ']')
			return j + 1;
	return 0;
}

bool br_dec_is_fence(const struct br_line *l)
{
	const char *s = l->text;
	size_t i = 0;
	while (i < l->len && i < 3 && s[i] == ' ')
		i++;
	if (l->len - i < 3 || !(memcmp(s + i, "```", 3) == 0 || memcmp(s + i, "~~~", 3) == 0))
		return false;
	char f = s[i];
	i += 3;
	while (i < l->len && s[i] == f)
		i++;
	while (i < l->len && ((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' && s[i] <= 'Z') ||
			      is_digit(s[i]) || s[i] == '+' || s[i] == '-' || s[i] == '_'))
		i++;
	return br_is_blank(s + i, l->len - i);
}

bool br_dec_fence_glued(const struct br_line *l, size_t *front, size_t *back)
{
	const char *s = l->text;
	size_t n = l->len, i = 0, e = n;
	*front = *back = 0;
	while (i < n && i < 3 && s[i] == ' ')
		i++;
	/* "```/dev/sda:": text that is no language name after the fence */
	if (n - i > 3 && memcmp(s + i, "```", 3) == 0 && s[i + 3] != '`' && !br_dec_is_fence(l))
		*front = i + 3;
	while (e > *front && (s[e - 1] == ' ' || s[e - 1] == '\t'))
		e--;
	/* "= 2006.55 MB/sec```": text, then the fence */
	if (e >= *front + 4 && memcmp(s + e - 3, "```", 3) == 0 && s[e - 4] != '`' &&
	    !br_is_blank(s + *front, e - 3 - *front))
		*back = n - (e - 3);
	return *front || *back;
}

/* Line l (input line unread - 1) without `front` bytes at its start and
 * `back` at its end, `depth` quotes deeper. */
static void fence_trim(struct rw *out, struct lw *w, const struct br_line *l, size_t unread, size_t front,
		       size_t back, unsigned depth)
{
	unsigned dp = l->depth + depth;
	if (dp > 65535)
		dp = 65535;
	if (!l->joins && !back) { /* (the text stays NUL-terminated) */
		struct br_line *d = br_dec_rw_slot(out, unread);
		if (d != l)
			*d = *l;
		d->text += front;
		d->len -= (unsigned)front;
		d->depth = (unsigned short)dp;
		return;
	}
	size_t ji = 0;
	for (size_t c = front; c < l->len - back; c++) {
		lw_carry(w, l, &ji, c);
		br_buf_addc(&w->text, l->text[c]);
	}
	lw_carry(w, l, &ji, l->len);
	br_dec_lw_emit(out, unread, w, l->line, l->end_line, dp, l->flags);
}

/* BBCode state across the lines of a document. */
struct bb_state {
	unsigned qdepth; /* [quote] depth */
	bool in_img;     /* inside [img]...[/img]: text dropped */
	bool in_row;     /* inside [tr]...[/tr] */
	bool held;       /* a row's cells over several lines, held in the lw */
	unsigned row_line; /* ... from this original line */
};

/* The effect of a tag (name: index in br_dec_bb_tags, SIZE_MAX for a list item)
 * on the line being written and on the state. */
static void bb_tag(struct bb_state *st, struct lw *w, size_t name, bool closing)
{
	if (name == SIZE_MAX) {
		br_buf_adds(&w->text, "* ");
	} else if (strcmp(br_dec_bb_tags[name], "quote") == 0) {
		if (closing) {
			if (st->qdepth)
				st->qdepth--;
		} else if (st->qdepth < 1000) {
			st->qdepth++;
		}
	} else if (strcmp(br_dec_bb_tags[name], "img") == 0) {
		st->in_img = !closing;
	} else if (strcmp(br_dec_bb_tags[name], "tr") == 0) {
		st->in_row = !closing;
	} else if (!closing && (strcmp(br_dec_bb_tags[name], "td") == 0 ||
				strcmp(br_dec_bb_tags[name], "th") == 0) &&
		   !br_is_blank(br_buf_str(&w->text), w->text.len)) {
		/* a table's next cell on the row's line: a TAB between the
		 * cells, as the HTML stage writes a row */
		br_buf_addc(&w->text, '\t');
	}
}

/* Line i (a copy in cur: a line split in two writes over this one) with its
 * tags gone; false when it held tags only (nothing is written). */
static bool bb_line(struct rw *out, struct lw *w, struct bb_state *st, size_t i, const struct br_line *l)
{
	size_t ji = 0;
	unsigned line_depth = st->qdepth;
	bool had_tag = false, had_text = false;
	for (size_t k = 0; k < l->len;) {
		lw_carry(w, l, &ji, k);
		bool closing;
		size_t name;
		size_t len = l->text[k] == '['
				     ? br_dec_bb_tag_at(l->text + k, l->len - k, &closing, &name)
				     : 0;
		if (!len) {
			if (!st->in_img) {
				if (!had_text && l->text[k] != ' ' && l->text[k] != '\t') {
					had_text = true;
					line_depth = st->qdepth;
				}
				br_buf_addc(&w->text, l->text[k]);
			}
			k++;
			continue;
		}
		had_tag = true;
		/* "Done. [b]ext4, defaults:[/b]": bold text after a sentence is a
		 * title of its own line */
		if (name != SIZE_MAX && !closing && strcmp(br_dec_bb_tags[name], "b") == 0 &&
		    w->text.len >= 2 &&
		    w->text.data[w->text.len - 1] == ' ' && strchr(".!?", w->text.data[w->text.len - 2])) {
			br_dec_lw_emit(out, i + 1, w, l->line, l->end_line, l->depth + line_depth,
				       l->flags);
			had_text = false;
		}
		bb_tag(st, w, name, closing);
		k += len;
	}
	lw_carry(w, l, &ji, l->len);
	/* a table row whose cells stand one a line ("[tr]", "[td]Disk[/td]",
	 * ..., "[/tr]"): one line, written when the row closes */
	if (st->in_row && had_tag) {
		if (!st->held)
			st->row_line = l->line;
		st->held = true;
		return false;
	}
	unsigned first = st->held ? st->row_line : l->line;
	st->held = false;
	if (had_tag && br_is_blank(br_buf_str(&w->text), w->text.len)) {
		lw_reset(w); /* a line of tags only */
		return false;
	}
	br_dec_lw_emit(out, i + 1, w, first, l->end_line, l->depth + line_depth, l->flags);
	return true;
}

bool br_dec_stage_bbcode(struct br_doc *doc, bool bbcode, bool fence)
{
	struct rw out;
	rw_init(&out, doc);
	struct lw w = {0};
	struct bb_state st = {0};
	bool changed = false;
	size_t nl = doc->nlines;
	for (size_t i = 0; i < nl; i++) {
		if (fence && br_dec_is_fence(&doc->lines[i])) {
			changed = true;
			continue;
		}
		size_t front, back;
		if (fence && br_dec_fence_glued(&doc->lines[i], &front, &back)) {
			const struct br_line cur = doc->lines[i];
			fence_trim(&out, &w, &cur, i + 1, front, back, st.qdepth);
			changed = true;
			continue;
		}
		if (!bbcode ||
		    (!memchr(doc->lines[i].text, '[', doc->lines[i].len) && !st.in_img && !st.held)) {
			struct br_line *d = br_dec_rw_slot(&out, i + 1);
			if (d != &doc->lines[i])
				*d = doc->lines[i];
			if (st.qdepth) {
				unsigned dp = d->depth + st.qdepth;
				d->depth = (unsigned short)(dp > 65535 ? 65535 : dp);
			}
			continue;
		}
		const struct br_line cur = doc->lines[i];
		bb_line(&out, &w, &st, i, &cur);
		changed = true;
	}
	if (st.held && w.text.len) /* a row never closed */
		br_dec_lw_emit(&out, nl, &w, st.row_line, doc->lines[nl - 1].end_line,
			       doc->lines[nl - 1].depth, doc->lines[nl - 1].flags);
	br_dec_lw_free(&w);
	br_dec_rw_done(&out);
	if (!changed)
		return false;
	doc->transport |= BR_TRANSPORT_BBCODE;
	return true;
}
