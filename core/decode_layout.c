/*
 * decode_layout — what a copy did to the layout of a whole block of lines:
 * a line-number gutter in front of every line (a pastebin, a code viewer,
 * `cat -n`), double spacing (every line followed by a blank one: a web
 * page's paragraphs copied line by line, CR CR LF line ends), and a
 * terminal's escape sequences captured with the text.
 */
#include "decode_int.h"

#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ gutters */

/*
 * A gutter is blanks, a line number, and a separator: ". ", ": ", ") ",
 * " | ", "| " or a TAB (`cat -n`). A block is five or more consecutive lines whose
 * numbers count up by one; every line of it loses its gutter (a numbered
 * empty line becomes an empty line), nothing else. Five lines in a row
 * numbered 1, 2, 3, ... are rarely anything but a gutter (a Markdown list
 * of five steps loses its numbers, which no parser reads).
 * Blanks alone after the number (vim's `:set number`, `less -N`, copied
 * from the terminal) make a gutter only when the block numbers an empty
 * line too, or pads its numbers to one width (" 9" over "10"), which a
 * table whose first column counts runs does not do; the
 * separator is then the fewest blanks any line of the block has after its
 * number (the rest is the text's own indentation).
 */
#define GUTTER_MIN_LINES 5

struct gutter {
	unsigned long num;
	size_t len;      /* bytes of the gutter, the blank after it included */
	size_t blanks;   /* blanks alone after the number: how many (else 0) */
	size_t end;      /* where the number ends */
	unsigned digits; /* how many digits it has */
	bool empty;      /* the number alone: a numbered empty line */
	bool glued;      /* "12:text" (grep -n): the text right after the ':' */
	bool colon;      /* the separator is a ':' right after the number */
	bool bar;        /* the separator is a '|' */
};

/* Bytes of a blank at s[i]: a space, a TAB, a no-break space (U+00A0 in
 * UTF-8, or the lone byte of Latin-1 and Windows-1252 where no UTF-8
 * character can have it as its tail); 0 for none. */
static inline size_t gutter_blank(const char *s, size_t i, size_t n)
{
	unsigned char c = (unsigned char)s[i];
	if (c < 0x80)
		return c == ' ' || c == '\t';
	if (c == 0xc2 && i + 1 < n && (unsigned char)s[i + 1] == 0xa0)
		return 2;
	return c == 0xa0 && (i == 0 || (unsigned char)s[i - 1] < 0x80);
}

/* `inside`: l follows lines of a gutter it goes on counting (a glued ':'
 * may then be followed by digits: "58:12.5 MB/sec"). */
static bool gutter_of(const struct br_line *l, struct gutter *g, bool inside)
{
	const char *s = l->text;
	size_t n = l->len, i = 0;
	/* (a copy from a web page pads the numbers with no-break spaces) */
	for (size_t b; i < n && i < 12 && (b = gutter_blank(s, i, n)) != 0;)
		i += b;
	size_t d = i;
	unsigned long num = 0;
	while (i < n && i - d < 7 && is_digit((unsigned char)s[i]))
		num = num * 10 + (unsigned long)(s[i++] - '0');
	if (i == d || (i < n && is_digit((unsigned char)s[i])))
		return false;
	g->num = num;
	g->blanks = 0;
	g->glued = false;
	g->colon = false;
	g->bar = false;
	g->end = i;
	g->digits = (unsigned)(i - d);
	g->empty = rtrim_len(s, n) == i;
	if (i == n || s[i] == '\t') {
		/* a numbered empty line; `cat -n`'s TAB */
		g->len = i == n ? n : i + 1;
		return true;
	}
	size_t b = i;
	while (b < n && b - i < 3 && s[b] == ' ')
		b++;
	bool sep = b < n && (s[b] == '|' || (b == i && (s[b] == '.' || s[b] == ':' || s[b] == ')')));
	if (sep) {
		g->colon = b == i && s[b] == ':';
		g->bar = s[b] == '|';
		/* "12." "12:" "12)" right after the number, "|" after blanks too */
		size_t k = b + 1, nb = k < n ? gutter_blank(s, k, n) : 0;
		if (nb && s[k] != ' ' && s[k] != '\t') {
			g->len = k + nb; /* "12.", a no-break space */
			return true;
		}
		if (k < n && s[k] != ' ' && s[k] != '\t') {
			/* "1.98,2.00a", "12:30" are no gutter; grep -n's "12:text"
			 * is one when its whole block has it (gutter_block) */
			if (s[b] != ':' || b != i ||
			    (!inside && k + 1 < n && is_digit((unsigned char)s[k]) && is_digit((unsigned char)s[k + 1])))
				return false;
			g->glued = true;
			g->len = k;
			return true;
		}
		g->len = k < n ? k + 1 : n;
		return true;
	}
	if (g->empty) {
		/* the number and trailing blanks */
		g->len = n;
		return true;
	}
	if (b == i)
		return false; /* "1x" */
	/* blanks only: a gutter if its block says so (gutter_block) */
	while (b < n && s[b] == ' ')
		b++;
	g->len = i;
	g->blanks = b - i;
	return true;
}

/* The numbers a line took beyond its own: the lines a stage before joined
 * into it (quoted-printable's soft breaks), each numbered once. */
static unsigned long joined_lines(const struct br_line *l)
{
	return l->end_line > l->line ? l->end_line - l->line : 0;
}

/* The numbers the line after numbered line l (its number num) may have:
 * the next one, or the next past the lines a stage before joined into l
 * when the numbers were put in after the encoding (the same when none
 * were). */
struct next_num {
	unsigned long plain, joined;
};

static struct next_num next_after(unsigned long num, const struct br_line *l)
{
	return (struct next_num){num + 1, num + 1 + joined_lines(l)};
}

static bool is_next(const struct gutter *g, struct next_num want)
{
	return g->num == want.plain || g->num == want.joined;
}

/* How many lines from line j (one or two) are the rest of a numbered line
 * that a mail or an editor wrapped after the numbers were put in: lines
 * with text and without the number `want`, which the line after them has;
 * 0 when line j is not such. */
static size_t wrapped_lines(const struct br_doc *doc, size_t j, struct next_num want)
{
	for (size_t k = 0; k < 2 && j + k + 1 < doc->nlines; k++) {
		const struct br_line *l = &doc->lines[j + k];
		struct gutter g;
		if (!rtrim_len(l->text, l->len) || (gutter_of(l, &g, true) && is_next(&g, want)))
			return 0;
		if (gutter_of(&doc->lines[j + k + 1], &g, true) && is_next(&g, want))
			return k + 1;
	}
	return 0;
}

static bool is_number_word(const unsigned char *w, const unsigned char *e);

/* Does line k part blocks: out of the document, empty, or its first
 * character other than a letter or a digit (a fence "```", "[code]",
 * "<pre>", a rule)? */
static bool block_edge(const struct br_doc *doc, size_t k)
{
	if (k >= doc->nlines)
		return true;
	const struct br_line *l = &doc->lines[k];
	size_t i = 0;
	while (i < l->len && (l->text[i] == ' ' || l->text[i] == '\t'))
		i++;
	if (i >= l->len)
		return true;
	unsigned char c = (unsigned char)l->text[i];
	return !(is_digit(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c >= 0x80);
}

/* How many words of s[0..n), between blanks, are numbers (digits, '.'
 * and '+', a digit or '+' first): up to `most`. */
static int blank_numbers(const char *s, size_t n, int most)
{
	int k = 0;
	for (size_t i = 0; i < n && k < most;) {
		while (i < n && (s[i] == ' ' || s[i] == '\t'))
			i++;
		size_t w = i;
		while (i < n && s[i] != ' ' && s[i] != '\t')
			i++;
		k += is_number_word((const unsigned char *)s + w, (const unsigned char *)s + i);
	}
	return k;
}

/* Is the text after gutter g of line l one a short block may strip the
 * numbers from: it starts with a letter or a mark, not a digit, and is
 * no row of columns (five numbers or more between blanks) whose first
 * column the number would be (runs numbered in front of the machine
 * column), nor a table row with '|' of its own after a '|' gutter? A
 * CSV row, prose or an hdparm line is none of these. */
static bool short_text(const struct br_line *l, const struct gutter *g)
{
	size_t k = g->len + g->blanks;
	if (k >= l->len || is_digit((unsigned char)l->text[k]) || l->text[k] == '-' || l->text[k] == '+')
		return false;
	if (g->bar && memchr(l->text + k, '|', l->len - k))
		return false;
	return blank_numbers(l->text + k, l->len - k, 5) < 5;
}

/*
 * A short numbered block, under GUTTER_MIN_LINES lines: a code viewer's
 * copy of two or three lines ("1  castor,2G,..." / "2  pollux,..."). Its
 * numbers are a gutter when they count up on every line of a whole block
 * (blocks_edge lines before and after it, no line of it empty), after
 * blanks or a '|' (". " and ")" are a list's, which the list stage reads),
 * and the text after them never starts with a figure.
 */
static bool short_block(const struct br_doc *doc, size_t i, size_t j, int kind)
{
	if (j - i < 2 || kind == 0 || !block_edge(doc, i ? i - 1 : doc->nlines) || !block_edge(doc, j))
		return false;
	for (size_t k = i; k < j; k++) {
		struct gutter g;
		if (!gutter_of(&doc->lines[k], &g, true) || g.empty || g.glued ||
		    (kind == 1 && !g.bar) || !short_text(&doc->lines[k], &g))
			return false;
	}
	return true;
}

/* The end of the numbered block from line i (i when there is none); *sep
 * the blanks that separate a blanks-only gutter from the text (else 0);
 * *only_number when the gutter is the number and its ':' alone (grep -n). */
static size_t gutter_block(const struct br_doc *doc, size_t i, size_t *sep, bool *only_number)
{
	struct gutter g;
	*sep = 0;
	*only_number = false;
	if (!gutter_of(&doc->lines[i], &g, false))
		return i;
	/* 1: separator marks, 2: blanks alone; 0 while only empty lines */
	int kind = g.empty ? 0 : g.blanks ? 2 : 1;
	/* grep -n: a ':' glued to the text on some line, on every other one
	 * a ':' (the text's own blank after it is the text's) */
	bool glued = g.glued, colons = g.empty || g.colon;
	bool empty = g.empty, aligned = false;
	size_t fewest = g.blanks ? g.blanks : SIZE_MAX;
	struct next_num want = next_after(g.num, &doc->lines[i]);
	size_t j = i + 1, numbered = 1;
	for (; j < doc->nlines; j++) {
		struct gutter h;
		size_t wraps = wrapped_lines(doc, j, want);
		j += wraps;
		if (!gutter_of(&doc->lines[j], &h, true) || !is_next(&h, want)) {
			j -= wraps;
			break;
		}
		numbered++;
		want = next_after(h.num, &doc->lines[j]);
		if (!h.empty) {
			int k = h.blanks ? 2 : 1;
			/* a glued ':' under other marks, or another mark in a
			 * glued block, ends it */
			if ((h.glued && !colons) || (glued && !h.colon))
				break;
			glued |= h.glued;
			colons &= h.colon;
			if (kind && k != kind)
				break;
			kind = k;
			if (h.blanks && h.blanks < fewest)
				fewest = h.blanks;
		}
		empty |= h.empty;
		/* " 9" over "10": numbers right-aligned, as a terminal pads them */
		aligned |= h.digits != g.digits && h.end == g.end;
	}
	bool whole = numbered < GUTTER_MIN_LINES && numbered == j - i && short_block(doc, i, j, kind);
	if ((numbered < GUTTER_MIN_LINES && !whole) || (kind == 2 && !empty && !aligned && !whole) ||
	    (glued && !colons))
		return i;
	*only_number = glued;
	if (kind == 2)
		*sep = fewest;
	return j;
}

bool br_dec_stage_gutter(struct br_doc *doc)
{
	size_t nl = doc->nlines;
	/* most documents have no line that starts with a number: no rewrite */
	size_t first = nl;
	for (size_t i = 0; i + 2 <= nl && first == nl; i++) {
		const struct br_line *l = &doc->lines[i];
		size_t k = 0;
		for (size_t b; k < l->len && (b = gutter_blank(l->text, k, l->len)) != 0;)
			k += b;
		size_t sep;
		bool bare;
		if (k < l->len && is_digit((unsigned char)l->text[k]) && gutter_block(doc, i, &sep, &bare) > i)
			first = i;
	}
	if (first == nl)
		return false;
	struct rw out;
	struct lw w = {0};
	rw_init(&out, doc);
	for (size_t i = 0; i < first; i++)
		rw_keep(&out, &doc->lines[i], i + 1);
	for (size_t i = first; i < nl;) {
		size_t sep;
		bool bare;
		size_t j = gutter_block(doc, i, &sep, &bare);
		if (j == i) {
			rw_keep(&out, &doc->lines[i], i + 1);
			i++;
			continue;
		}
		struct gutter g;
		gutter_of(&doc->lines[i], &g, true);
		for (struct next_num want = {g.num, g.num}; i < j; i++) {
			/* a wrapped line's rest (wrapped_lines) stays as it is */
			if (!gutter_of(&doc->lines[i], &g, true) || !is_next(&g, want)) {
				rw_keep(&out, &doc->lines[i], i + 1);
				continue;
			}
			want = next_after(g.num, &doc->lines[i]);
			/* "   92 |" alone, its text on the line after it: a
			 * wrap broke the line right after its number, and the
			 * rest is the line (not an empty line, then text) */
			struct gutter h;
			if ((g.empty || rtrim_len(doc->lines[i].text, doc->lines[i].len) <= g.len) && i + 1 < j &&
			    rtrim_len(doc->lines[i + 1].text, doc->lines[i + 1].len) &&
			    !(gutter_of(&doc->lines[i + 1], &h, true) && is_next(&h, want)))
				continue;
			size_t cut = g.empty ? g.len : bare ? g.end + 1 : g.len + sep;
			br_dec_strip_front(&out, &w, &doc->lines[i], i + 1, cut, 0);
		}
	}
	br_dec_lw_free(&w);
	br_dec_rw_done(&out);
	doc->transport |= BR_TRANSPORT_NUMBERS;
	return true;
}

/* ------------------------------------------------------------ double spacing */

/*
 * Double spacing: a stretch where no two lines with text touch, each one
 * blank line from the next, an original blank line being three (or more)
 * blank lines. Such a stretch of six or more lines, two of them with three
 * numbers or more (result rows), is written with its lines together again
 * (a gap of g blank lines becomes (g - 1) / 2 of them) when it shows that
 * it was doubled: an original blank line (a gap of three or more), or a
 * sentence cut in two (a long line that ends without a stop, the next one
 * going on in lower case). One-line paragraphs one blank line apart
 * (Markdown, prose and results taking turns) are left alone, however many
 * of them hold figures.
 */
#define DOUBLE_MIN_LINES 6

/* Is w[0..e) a number: digits, '.' and '+' alone, a digit or '+' first? */
static bool is_number_word(const unsigned char *w, const unsigned char *e)
{
	if (w == e || !(is_digit(*w) || *w == '+'))
		return false;
	for (; w < e; w++)
		if (!(is_digit(*w) || *w == '.' || *w == '+'))
			return false;
	return true;
}

/* The numbers in w[0..e), a word with bytes >= 0x80, parted by no-break
 * spaces: U+00A0 in UTF-8, or the lone byte of Latin-1 and Windows-1252
 * (not the tail of a UTF-8 character). */
static int numbers_nbsp(const unsigned char *w, const unsigned char *e)
{
	int k = 0;
	const unsigned char *p = w, *s = w;
	while (s < e) {
		size_t m = s[0] == 0xc2 && s + 1 < e && s[1] == 0xa0 ? 2
			 : s[0] == 0xa0 && (s == w || s[-1] < 0x80) ? 1 : 0;
		if (!m) {
			s++;
			continue;
		}
		k += is_number_word(p, s);
		s += m;
		p = s;
	}
	return k + is_number_word(p, e);
}

/* Does s[0..n) hold three numbers or more: words between blanks, commas
 * or no-break spaces made of digits, '.' and '+' alone ("9760.80",
 * "+++++", "=212.66"; not "100MB", "256M")? A result row's sign.
 * br_dec_numbers counts them, up to 3. */
bool br_dec_numbers3(const char *s, size_t n)
{
	return br_dec_numbers(s, n) >= 3;
}

int br_dec_numbers(const char *s, size_t n)
{
	int k = 0;
	const char *e = s + n;
	while (s < e) {
		while (s < e && (*s == ' ' || *s == '\t' || *s == ','))
			s++;
		/* "=212.66": hdparm's figure, the blanks after its '=' gone */
		if (s + 1 < e && *s == '=' && is_digit((unsigned char)s[1]))
			s++;
		const char *w = s;
		bool num = true;
		unsigned high = 0;
		for (; s < e && *s != ' ' && *s != '\t' && *s != ','; s++) {
			num = num && (is_digit((unsigned char)*s) || *s == '.' || *s == '+');
			high |= (unsigned char)*s;
		}
		if (s > w && num && (is_digit((unsigned char)*w) || *w == '+'))
			k++;
		else if (high & 0x80) /* (a no-break space inside: words in it) */
			k += numbers_nbsp((const unsigned char *)w, (const unsigned char *)s);
		if (k >= 3)
			return 3;
	}
	return k;
}

/* Does line b go on with the sentence line a cut: a long line (40 bytes
 * or more) ending without a stop, not a heading, and b starting in lower
 * case? */
static bool goes_on(const struct br_line *a, const struct br_line *b)
{
	size_t n = a->len, k = 0;
	while (n && (a->text[n - 1] == ' ' || a->text[n - 1] == '\t'))
		n--;
	/* both behind the same marks (a comment's "# ", a quote's "> "):
	 * the sentence is what follows them */
	size_t pa = br_dec_mark_prefix_len(a->text, n), pb = br_dec_mark_prefix_len(b->text, b->len);
	bool marked = pa && pb && br_dec_mark_shape_within(a->text, pa, b->text, pb) &&
		      br_dec_mark_shape_within(b->text, pb, a->text, pa);
	if (marked)
		k = pa;
	while (k < n && (a->text[k] == ' ' || a->text[k] == '\t'))
		k++;
	if (n - k < 40 || a->text[k] == '#' || strchr(".:!?;`|)", a->text[n - 1]))
		return false;
	size_t j = marked ? pb : 0;
	while (j < b->len && (b->text[j] == ' ' || b->text[j] == '\t'))
		j++;
	return j < b->len && b->text[j] >= 'a' && b->text[j] <= 'z';
}

/* Bytes of l without the blanks at its end. */
static size_t trimmed_len(const struct br_line *l)
{
	size_t n = l->len;
	while (n && (l->text[n - 1] == ' ' || l->text[n - 1] == '\t'))
		n--;
	return n;
}

/* Is line b the end of line a that a hard wrap at 60 columns or more moved
 * onto a line of its own, after the spacing was doubled (so that the two
 * touch)? a long (50 bytes or more) and too long to take b's first word
 * within 60 columns, b short (30 bytes or less). */
static bool wrapped_piece(const struct br_line *a, const struct br_line *b)
{
	size_t na = trimmed_len(a), nb = trimmed_len(b), k = 0;
	while (k < nb && (b->text[k] == ' ' || b->text[k] == '\t'))
		k++;
	size_t w = k;
	while (w < nb && b->text[w] != ' ' && b->text[w] != '\t')
		w++;
	return na >= 50 && nb > k && nb <= 30 && na + 1 + (w - k) > 60;
}

/* The stretch of double-spaced lines from line i (a line with text): true
 * when it qualifies, its end in *end (the gap after its last line with text
 * included, unless that gap is two blank lines). *stop is where the walk
 * ended (after i): no stretch starts before it, so a caller that is
 * refused goes on from there, and the stage stays linear. */
static bool double_block(const struct br_doc *doc, const unsigned char *blank, size_t i, size_t *end,
			 size_t *stop)
{
	size_t nl = doc->nlines, texts = 0, rows = 0, j = i;
	bool ones = false;    /* a gap of exactly one blank line seen */
	bool doubled = false; /* an original blank line, or a sentence cut in two */
	bool tripled = false; /* an original blank line */
	bool pieces = false;  /* a line with the end a wrap moved off it */
	*end = i;
	while (j < nl && !blank[j]) {
		/* a line and the end a wrap moved off it (wrapped_piece) are
		 * one line of the doubled text */
		if (j + 2 < nl && !blank[j + 1] && blank[j + 2] &&
		    wrapped_piece(&doc->lines[j], &doc->lines[j + 1])) {
			rows += br_dec_numbers3(doc->lines[j].text, doc->lines[j].len);
			pieces = true;
			j++;
		}
		if (j + 1 < nl && !blank[j + 1])
			break; /* two lines with text touch: the stretch ends before j */
		texts++;
		rows += br_dec_numbers3(doc->lines[j].text, doc->lines[j].len);
		size_t g = j + 1;
		while (g < nl && blank[g])
			g++;
		size_t gap = g - (j + 1);
		*end = gap == 2 ? j + 1 : g;
		if (gap == 2) {
			j = g; /* a doubled blank line would be three */
			break;
		}
		ones = ones || gap == 1;
		tripled = tripled || (gap >= 3 && g < nl);
		doubled = doubled || tripled ||
			  (gap == 1 && g < nl && goes_on(&doc->lines[j], &doc->lines[g]));
		j = g;
	}
	*stop = j > i ? j : i + 1;
	/* paragraphs of two lines one blank line apart look like wrapped
	 * pieces: with pieces, only an original blank line shows doubling */
	return texts >= DOUBLE_MIN_LINES && rows >= 2 && ones && (pieces ? tripled : doubled);
}

/* The first qualifying stretch at or after line `from`: true, with its
 * start and end. */
static bool next_stretch(const struct br_doc *doc, const unsigned char *blank, size_t from, size_t *start,
			 size_t *end)
{
	for (size_t i = from, stop; i < doc->nlines; i = stop) {
		stop = i + 1;
		/* a stretch starts at a line with text after a blank one (or the start) */
		if (blank[i] || (i > 0 && !blank[i - 1]))
			continue;
		if (double_block(doc, blank, i, end, &stop)) {
			*start = i;
			return true;
		}
	}
	return false;
}

/* Blank: nothing but blanks (most lines answer at their first byte). */
static inline bool blank_line(const struct br_line *l)
{
	for (size_t i = 0; i < l->len; i++) {
		char c = l->text[i];
		if (c != ' ' && c != '\t' && c != '\r' && c != '\f' && c != '\v')
			return false;
	}
	return true;
}

bool br_dec_stage_undouble(struct br_doc *doc)
{
	size_t nl = doc->nlines;
	if (nl < 2 * DOUBLE_MIN_LINES - 1)
		return false;
	/* a quick look first, each line once: most documents have lines with
	 * text that touch nearly everywhere, so few lone ones (a line alone
	 * between blank ones, or with the end a wrap moved off it) */
	size_t lone = 0, run = 0;
	for (size_t i = 0; i <= nl; i++) {
		if (i < nl && !blank_line(&doc->lines[i])) {
			run++;
			continue;
		}
		lone += run == 1 || run == 2;
		run = 0;
	}
	if (lone < DOUBLE_MIN_LINES)
		return false;
	unsigned char *blank = br_malloc(nl);
	for (size_t i = 0; i < nl; i++)
		blank[i] = blank_line(&doc->lines[i]);
	size_t start, end;
	if (!next_stretch(doc, blank, 0, &start, &end)) {
		free(blank);
		return false;
	}
	struct rw out;
	rw_init(&out, doc);
	for (size_t i = 0; i < nl;) {
		if (i < start) {
			rw_keep(&out, &doc->lines[i], i + 1);
			i++;
			continue;
		}
		/* a line with text, then (g - 1) / 2 of the g blank lines after it */
		rw_keep(&out, &doc->lines[i], i + 1);
		size_t g = i + 1;
		while (g < end && blank[g])
			g++;
		for (size_t k = 0; k < (g - (i + 1)) / 2; k++)
			rw_keep(&out, &doc->lines[i + 1 + k], i + 2 + k);
		i = g;
		if (i == end && !next_stretch(doc, blank, end, &start, &end))
			start = end = nl;
	}
	free(blank);
	br_dec_rw_done(&out);
	doc->transport |= BR_TRANSPORT_SPACING;
	return true;
}

/* ------------------------------------------------------------ terminal escapes */

/*
 * A terminal's colours and cursor moves, captured with the text (script(1),
 * a CI log): ESC [ parameters intermediates final (CSI), ESC ] ... BEL or
 * ESC \ (OSC, a window title), and a character set ("ESC ( B"), removed
 * wherever they stand in a line. An ESC that starts none of them stays.
 *
 * A pager's or nroff's overstrike, captured the same way: "x BS x" (bold)
 * and "_ BS x" (underline) print x, as col -b makes them: a backspace takes
 * back the character before it and the next one takes its place ("x BS _"
 * keeps the x).
 *
 * The same colours after a web form or a chat dropped the ESC byte, or
 * after cat -v spelled it "^[": "[1;32m512.33[0m", "^[[0m". Without the
 * ESC a bracket is only a colour where the document shows a reset ("[0m",
 * "[m") somewhere (the decode scan's sign), and in a line that holds no
 * ESC (one that kept an ESC kept them all); then SGR ("m") and erase-line
 * ("K") sequences go, but one a ']' closes ("[0m]") is text, and so is a
 * bare "[m" before a word ("[me@host").
 */

/* The length of the escape sequence at s[0] == ESC, 0 if none. */
static size_t escape_len(const char *s, size_t n)
{
	if (n < 2)
		return 0;
	size_t i = 2;
	switch (s[1]) {
	case '[':
		while (i < n && (unsigned char)s[i] >= 0x30 && (unsigned char)s[i] <= 0x3f)
			i++;
		while (i < n && (unsigned char)s[i] >= 0x20 && (unsigned char)s[i] <= 0x2f)
			i++;
		return i < n && (unsigned char)s[i] >= 0x40 && (unsigned char)s[i] <= 0x7e ? i + 1 : 0;
	case ']':
		for (; i < n; i++) {
			if (s[i] == '\a')
				return i + 1;
			if (s[i] == '\x1b' && i + 1 < n && s[i + 1] == '\\')
				return i + 2;
		}
		return 0;
	case '(': case ')': case '*': case '+':
		return n >= 3 && (unsigned char)s[2] >= 0x30 && (unsigned char)s[2] <= 0x7e ? 3 : 0;
	default:
		/* (the two-byte ones, ESC 7, ESC =, are rare in a capture and
		 * too easily a stray ESC before a letter) */
		return 0;
	}
}

/* Is c part of a word, a user's or a host's name? */
static inline bool word_byte(char c)
{
	return isalnum((unsigned char)c) || c == '_' || c == '@' || c == '-' || c == '.';
}

/* The length of a colour that lost its ESC at s[0] == '[' ("[1;32m",
 * "[m", "[K"), or spelled "^[" at s[0] == '^' ("^[[0m"); 0 if none. */
size_t br_dec_lost_escape_len(const char *s, size_t n)
{
	size_t i = 0;
	if (n >= 3 && s[0] == '^' && s[1] == '[')
		i = 2;
	if (i >= n || s[i] != '[')
		return 0;
	size_t k = i + 1;
	while (k < n && k - i <= 16 && (is_digit((unsigned char)s[k]) || s[k] == ';'))
		k++;
	if (k >= n || (s[k] != 'm' && s[k] != 'K') || (k + 1 < n && s[k + 1] == ']'))
		return 0;
	/* "[m" and "[K" alone before a word are text ("[me@host ~]$") */
	if (k == i + 1 && k + 1 < n && word_byte(s[k + 1]))
		return 0;
	return k + 1;
}

/* Whether "[0m" or "[m" (an ESC lost before it, or not) resets colours at
 * s[0] == '['. */
bool br_dec_lost_reset_at(const char *s, size_t n)
{
	size_t k = 1;
	while (k < n && k <= 3 && s[k] == '0')
		k++;
	return k < n && s[k] == 'm' && !(k + 1 < n && (s[k + 1] == ']' || (k == 1 && word_byte(s[k + 1]))));
}

/* Take back the character that ends w's text (a backspace's work), unless
 * a join of lines sits after its start. */
static void take_back(struct lw *w)
{
	size_t len = w->text.len;
	while (len && ((unsigned char)w->text.data[len - 1] & 0xc0) == 0x80)
		len--; /* the UTF-8 character's continuation bytes */
	if (!len || (w->njoins && w->joins[w->njoins - 1] > len - 1))
		return;
	w->text.len = len - 1;
}

/* Line l without its escape sequences and overstrikes (it has one of their
 * bytes: the caller saw it). */
static void write_unescaped(struct rw *out, struct lw *w, const struct br_line *l, size_t unread,
			    bool lost)
{
	size_t ji = 0;
	lw_reset(w);
	for (size_t c = 0; c < l->len;) {
		lw_carry(w, l, &ji, c);
		const char *s = l->text + c;
		size_t e = s[0] == '\x1b' ? escape_len(s, l->len - c)
			 : lost && (s[0] == '[' || s[0] == '^') ? br_dec_lost_escape_len(s, l->len - c) : 0;
		if (e) {
			c += e;
			continue;
		}
		if (s[0] == '\b' && w->text.len && c + 1 < l->len) {
			/* "x BS _": the underline under an x keeps the x */
			if (s[1] == '_' && w->text.data[w->text.len - 1] != '_')
				c++;
			else
				take_back(w);
			c++;
			continue;
		}
		br_buf_addc(&w->text, s[0]);
		c++;
	}
	lw_carry(w, l, &ji, l->len);
	br_dec_lw_emit(out, unread, w, l->line, l->end_line, l->depth, l->flags);
}

/* Does line l hold what write_unescaped has work on: an escape sequence,
 * a backspace between two characters, a colour without its ESC? */
static bool has_term_work(const struct br_line *l, bool lost)
{
	const char *t = l->text, *p;
	size_t n = l->len;
	for (p = memchr(t, '\x1b', n); p; p = memchr(p + 1, '\x1b', n - (size_t)(p + 1 - t)))
		if (escape_len(p, n - (size_t)(p - t)))
			return true;
	p = n > 2 ? memchr(t + 1, '\b', n - 2) : NULL;
	if (p)
		return true;
	for (p = lost ? memchr(t, '[', n) : NULL; p; p = memchr(p + 1, '[', n - (size_t)(p + 1 - t)))
		if (br_dec_lost_escape_len(p, n - (size_t)(p - t)))
			return true;
	return false;
}

/* The terminal stage over the lines from the first that has work on. */
static bool unescape_lines(struct br_doc *doc, bool lost)
{
	size_t nl = doc->nlines, first = nl;
	for (size_t i = 0; i < nl && first == nl; i++)
		if (has_term_work(&doc->lines[i], lost && !memchr(doc->lines[i].text, '\x1b', doc->lines[i].len)))
			first = i;
	if (first == nl)
		return false;
	struct rw out;
	struct lw w = {0};
	rw_init(&out, doc);
	for (size_t i = 0; i < nl; i++) {
		const struct br_line *l = &doc->lines[i];
		/* (a line that kept an ESC kept them all) */
		bool lost_here = lost && !memchr(l->text, '\x1b', l->len);
		if (i >= first && has_term_work(l, lost_here))
			write_unescaped(&out, &w, l, i + 1, lost_here);
		else
			rw_keep(&out, l, i + 1);
	}
	br_dec_lw_free(&w);
	br_dec_rw_done(&out);
	doc->transport |= BR_TRANSPORT_ESCAPES;
	return true;
}

bool br_dec_stage_ansi(struct br_doc *doc)
{
	/* the lines are the bytes as read (but a UTF-16 text's): neither
	 * byte in them, no line has work (two passes over the bytes cost
	 * less than two calls for each line) */
	if (!(doc->transport & BR_TRANSPORT_UTF16) && !memchr(doc->raw, '\x1b', doc->raw_len) &&
	    !memchr(doc->raw, '\b', doc->raw_len))
		return false;
	return unescape_lines(doc, false);
}

bool br_dec_stage_lost_escapes(struct br_doc *doc)
{
	return unescape_lines(doc, true);
}

/* ------------------------------------------------------------ log time stamps */

/*
 * A result that went through a log: every line behind its time stamp, which
 * differs from line to line, so no shared prefix finds it. syslog and the
 * journal ("Mar 03 02:00:01 host prog[123]: "), ts(1) ("Jun 11 14:02:10 "),
 * ISO 8601 as CI logs and scripts write it ("2024-03-01T10:00:01.123Z ",
 * "[2024-03-01 10:00:01] "). A block is three or more consecutive lines
 * with a stamp (a line that is nothing but its stamp is an empty line of
 * the output); each loses the stamp, the syslog tag after it, and one blank.
 * A time needs its seconds: "10:30 meeting" is not a stamp; but a chat
 * log's "[10:30] <joe> " is, the nick in angle brackets after the time
 * (with or without seconds) going with it. A chat app's export stamps each
 * message, not each line: "[06/12/2026, 21:40:03] Omar: " (in brackets),
 * "6/12/26, 9:40 PM - Omar: " (after a dash); the date, the comma, the
 * clock and the sender's colon make one line a block of its own. A log a
 * mail client re-wrapped has the stamp on each line's first piece only:
 * the rests (br_dec_wrapped_rest) stay in the block and go back onto
 * their lines.
 */
#define STAMP_MIN_LINES 3

/* Digits at s[i], between lo and hi of them: the index after, 0 if none. */
static size_t digits_at(const char *s, size_t n, size_t i, size_t lo, size_t hi)
{
	size_t k = i;
	while (k < n && k - i < hi && is_digit((unsigned char)s[k]))
		k++;
	return k - i >= lo && !(k < n && is_digit((unsigned char)s[k])) ? k : 0;
}

/* "HH:MM:SS" and a fraction at s[i]: the index after, 0 if none. */
static size_t clock_at(const char *s, size_t n, size_t i)
{
	size_t k = digits_at(s, n, i, 1, 2);
	if (!k || k >= n || s[k] != ':' || !(k = digits_at(s, n, k + 1, 2, 2)) || k >= n || s[k] != ':' ||
	    !(k = digits_at(s, n, k + 1, 2, 2)))
		return 0;
	if (k + 1 < n && (s[k] == '.' || s[k] == ',') && is_digit((unsigned char)s[k + 1]))
		k = digits_at(s, n, k + 1, 1, 9);
	return k;
}

/* "HH:MM" at s[i] (no seconds): the index after, 0 if none. */
static size_t hm_at(const char *s, size_t n, size_t i)
{
	size_t k = digits_at(s, n, i, 1, 2);
	if (!k || k >= n || s[k] != ':' || !(k = digits_at(s, n, k + 1, 2, 2)))
		return 0;
	return k < n && s[k] == ':' ? 0 : k;
}

/* A chat nick after a stamp's blank: "<joe> " at s[i]; the index after
 * the '>', or i. */
static size_t nick_at(const char *s, size_t n, size_t i)
{
	if (i >= n || s[i] != '<')
		return i;
	size_t k = i + 1;
	/* a nick's characters (RFC 2812's, and a mode's '@' or '+') */
	while (k < n && k - i <= 32 && (isalnum((unsigned char)s[k]) || (s[k] && strchr("_-[]\\^{}|`@+%.", s[k]))))
		k++;
	return k > i + 1 && k < n && s[k] == '>' ? k + 1 : i;
}

/* "YYYY-MM-DD" then 'T' or a blank and the clock, a zone maybe. */
static size_t iso_at(const char *s, size_t n, size_t i)
{
	size_t k = digits_at(s, n, i, 4, 4);
	if (!k || k >= n || s[k] != '-' || !(k = digits_at(s, n, k + 1, 2, 2)) || k >= n || s[k] != '-' ||
	    !(k = digits_at(s, n, k + 1, 2, 2)) || k >= n || (s[k] != 'T' && s[k] != ' ') ||
	    !(k = clock_at(s, n, k + 1)))
		return 0;
	if (k < n && s[k] == 'Z')
		k++;
	else if (k + 5 < n && (s[k] == '+' || s[k] == '-') && is_digit((unsigned char)s[k + 1]) &&
		 is_digit((unsigned char)s[k + 2]) && s[k + 3] == ':')
		k = digits_at(s, n, k + 4, 2, 2) ? k + 6 : k;
	return k;
}

/* "Mar  3 02:00:01": a month's English abbreviation, the day, the clock. */
static size_t syslog_at(const char *s, size_t n, size_t i)
{
	static const char months[] = "JanFebMarAprMayJunJulAugSepOctNovDec";
	if (i + 4 > n)
		return 0;
	bool month = false;
	for (size_t m = 0; m < 36 && !month; m += 3)
		month = memcmp(s + i, months + m, 3) == 0;
	size_t k = i + 3;
	if (!month || s[k] != ' ')
		return 0;
	while (k < n && s[k] == ' ')
		k++;
	if (!(k = digits_at(s, n, k, 1, 2)) || k >= n || s[k] != ' ')
		return 0;
	return clock_at(s, n, k + 1);
}

/* After a syslog stamp: "host prog[123]: " (the index after ':'), or i. */
static size_t syslog_tag(const char *s, size_t n, size_t i)
{
	size_t k = i;
	for (int word = 0; word < 2; word++) {
		size_t w = k;
		while (k < n && (isalnum((unsigned char)s[k]) || s[k] == '.' || s[k] == '_' || s[k] == '-' ||
				 s[k] == '/'))
			k++;
		if (k == w || k >= n)
			return i;
		if (word == 0) {
			if (s[k] != ' ')
				return i;
			k++;
		}
	}
	if (s[k] == '[') {
		size_t e = digits_at(s, n, k + 1, 1, 10);
		if (!e || e >= n || s[e] != ']')
			return i;
		k = e + 1;
	}
	return k < n && s[k] == ':' ? k + 1 : i;
}

/* A chat export's sender after its stamp, "Omar: " at s[i]: the index
 * after the colon's blank, 0 if none (a name of up to 40 bytes, no colon). */
static size_t sender_at(const char *s, size_t n, size_t i)
{
	size_t k = i;
	while (k < n && k - i < 40 && s[k] != ':' && s[k] != '[' && s[k] != ']')
		k++;
	if (k == i || k >= n || s[k] != ':' || s[i] == ' ' || s[k - 1] == ' ')
		return 0;
	return k + 1 < n && s[k + 1] == ' ' ? k + 2 : k + 1 == n ? n : 0;
}

/* A chat export's stamp and sender at s[i] (after any '['): "06/12/2026,
 * 21:40:03] Omar: " or "6.12.26, 9:40 PM - Omar: "; the index after, 0 if
 * none. */
static size_t chat_stamp_at(const char *s, size_t n, size_t i, bool bracket)
{
	size_t k = br_dec_chat_date((const unsigned char *)s, n, i);
	if (!k || k >= n || s[k] != ' ')
		return 0;
	size_t c = k + 1;
	if (!(k = clock_at(s, n, c)) && !(k = hm_at(s, n, c)))
		return 0;
	/* "9:40 PM", the blank before it maybe U+202F (a narrow one) */
	size_t b = k < n && s[k] == ' ' ? k + 1 : k + 3 <= n && memcmp(s + k, "\xe2\x80\xaf", 3) == 0 ? k + 3 : 0;
	if (b && b + 2 <= n && (s[b] == 'A' || s[b] == 'P' || s[b] == 'a' || s[b] == 'p') &&
	    (s[b + 1] == 'M' || s[b + 1] == 'm'))
		k = b + 2;
	if (bracket) {
		if (k + 1 >= n || s[k] != ']' || s[k + 1] != ' ')
			return 0;
		k += 2;
	} else {
		if (k + 3 >= n || memcmp(s + k, " - ", 3) != 0)
			return 0;
		k += 3;
	}
	return sender_at(s, n, k);
}

/* A chat log written without time stamps: "<joe> text" (no closing tag
 * on the line: "<td> 5 </td>" is HTML; nor a tag HTML knows, whose closing
 * tag a soft break or a wrap moved onto the next line: "<div> &nbsp;=");
 * the bytes up to the text, or 0. */
static size_t bare_nick(const char *s, size_t n, size_t i)
{
	size_t k = nick_at(s, n, i);
	if (k == i || k + 1 >= n || s[k] != ' ' || memmem(s + k, n - k, "</", 2) ||
	    br_dec_tag_at(s + i, n - i) != TAG_NONE)
		return 0;
	return k + 1;
}

/* Bytes of l's time stamp with what goes with it; 0 if none. */
static size_t stamp_len(const struct br_line *l)
{
	const char *s = l->text;
	size_t n = l->len, i = 0;
	while (i < n && i < 4 && (s[i] == ' ' || s[i] == '\t'))
		i++;
	if (i < n && s[i] == '<')
		return bare_nick(s, n, i);
	bool bracket = i < n && s[i] == '[';
	i += bracket;
	if (i + 5 > n)
		return 0;
	/* most lines fail here: a stamp's first bytes are "DD:", "D:", "YYYY-",
	 * a chat export's "DD/", "D." or a month's three letters and a blank */
	if (is_digit((unsigned char)s[i]) ? s[i + 1] != ':' && s[i + 2] != ':' && s[i + 4] != '-' &&
						    s[i + 1] != '/' && s[i + 2] != '/' && s[i + 1] != '.' &&
						    s[i + 2] != '.'
					   : s[i + 3] != ' ' || !strchr("ADFJMNOS", s[i]))
		return 0;
	if (is_digit((unsigned char)s[i]) && (s[i + 1] == '/' || s[i + 2] == '/' || s[i + 1] == '.' || s[i + 2] == '.'))
		return chat_stamp_at(s, n, i, bracket);
	size_t k;
	bool need_nick = false; /* "10:30" alone needs a chat nick after it */
	if (is_digit((unsigned char)s[i])) {
		if (!(k = iso_at(s, n, i)) && !(k = clock_at(s, n, i))) {
			if (!(k = hm_at(s, n, i)))
				return 0;
			need_nick = true;
		}
	} else if (!(k = syslog_at(s, n, i))) {
		return 0;
	}
	if (bracket) {
		if (k >= n || s[k] != ']')
			return 0;
		k++;
	} else if (k < n && s[k] == ' ' && !is_digit((unsigned char)s[i])) {
		size_t t = syslog_tag(s, n, k + 1);
		if (t != k + 1)
			k = t;
	}
	if (k + 1 < n && s[k] == ' ' && s[k + 1] == '<') {
		size_t t = nick_at(s, n, k + 1);
		if (t != k + 1) {
			k = t;
			need_nick = false;
		}
	}
	if (need_nick)
		return 0;
	if (k < n && s[k] != ' ' && s[k] != '\t')
		return 0; /* "12:30:00Z..." glued to a word: not a stamp */
	return k < n ? k + 1 : n;
}

/* Does l start with a chat export's stamp and sender? */
static bool is_chat_stamp(const struct br_line *l)
{
	const char *s = l->text;
	size_t n = l->len, i = s[0] == '[';
	return i + 8 < n && is_digit((unsigned char)s[i]) &&
	       (s[i + 1] == '/' || s[i + 2] == '/' || s[i + 1] == '.' || s[i + 2] == '.') &&
	       chat_stamp_at(s, n, i, i == 1);
}

/* A line with a stamp is of kind 1, one without of kind 0 (for
 * br_dec_wrapped_rest: a chat log a mail client re-wrapped, the stamp
 * only on each line's first piece). */
static unsigned stamp_kind(const struct br_doc *doc, size_t k, const void *ctx)
{
	(void)ctx;
	return stamp_len(&doc->lines[k]) > 0;
}

/* The end of the stamped block from line i (i when there is none): its
 * lines with a stamp, and the rests a hard wrap moved off them (*wrap:
 * br_dec_wrapped_rest's). */
static size_t stamp_block(const struct br_doc *doc, size_t i, size_t *wrap)
{
	size_t j = i, stamped = 0;
	while (j < doc->nlines) {
		if (stamp_len(&doc->lines[j])) {
			stamped++;
			j++;
			continue;
		}
		size_t nr = j > i ? br_dec_wrapped_rest(doc, j, stamp_kind, NULL, wrap) : 0;
		if (!nr)
			break;
		j += nr;
	}
	if (stamped >= STAMP_MIN_LINES)
		return j;
	/* a chat export's message: its stamp and sender are enough */
	for (j = i; j < doc->nlines && is_chat_stamp(&doc->lines[j]);)
		j += 1 + br_dec_message_rest(doc, j + 1, stamp_kind, NULL, wrap + 1);
	return j;
}

/* Rewrite doc from line `first` on: at each line i where block(doc, i,
 * wrap) ends a block further on (*wrap: br_dec_wrapped_rest's, kept from
 * call to call), write(out, w, doc, i, j) writes lines [i, j);
 * every other line is kept. Marks the document's lines as prefixed. */
static void rewrite_blocks(struct br_doc *doc, size_t first,
			   size_t (*block)(const struct br_doc *doc, size_t i, size_t *wrap),
			   void (*write)(struct rw *out, struct lw *w, const struct br_doc *doc, size_t i, size_t j))
{
	size_t wrap[2] = {SIZE_MAX, SIZE_MAX}; /* br_dec_wrapped_rest's, br_dec_message_rest's */
	size_t nl = doc->nlines;
	struct rw out;
	struct lw w = {0};
	rw_init(&out, doc);
	for (size_t i = 0; i < first; i++)
		rw_keep(&out, &doc->lines[i], i + 1);
	for (size_t i = first; i < nl;) {
		size_t j = block(doc, i, wrap);
		if (j == i) {
			rw_keep(&out, &doc->lines[i], i + 1);
			i++;
			continue;
		}
		write(&out, &w, doc, i, j);
		i = j;
	}
	br_dec_lw_free(&w);
	br_dec_rw_done(&out);
	doc->transport |= BR_TRANSPORT_PREFIX;
}

/* The host a syslog or journal line names ("Mar 03 02:00:01 nas1 prog[1]:
 * "): its offset in l, *hn its length; 0 when l names none. */
static size_t syslog_host(const struct br_line *l, size_t *hn)
{
	const char *s = l->text;
	size_t n = l->len, i = 0;
	while (i < n && i < 4 && (s[i] == ' ' || s[i] == '\t'))
		i++;
	if (i + 5 > n || is_digit((unsigned char)s[i]) || s[i] == '[')
		return 0;
	size_t k = syslog_at(s, n, i);
	if (!k || k >= n || s[k] != ' ' || syslog_tag(s, n, k + 1) == k + 1)
		return 0;
	size_t e = k + 1;
	while (e < n && s[e] != ' ')
		e++;
	*hn = e - (k + 1);
	return k + 1;
}

/* Do lines [i, j) name their hosts, each in a run of two lines or more (a
 * machine's log, or one gathered from several; not taking turns line by
 * line, where the stamp's host is all that says whose a line is)? */
static bool named_hosts(const struct br_doc *doc, size_t i, size_t j)
{
	size_t runs = 0, run = 0, hn0 = 0;
	const char *h0 = NULL;
	for (size_t k = i; k < j; k++) {
		if (!stamp_len(&doc->lines[k]))
			continue; /* a wrapped line's rest */
		size_t hn, a = syslog_host(&doc->lines[k], &hn);
		if (!a)
			return false;
		if (h0 && hn == hn0 && memcmp(doc->lines[k].text + a, h0, hn) == 0) {
			run++;
		} else {
			if (h0 && run < 2)
				return false;
			runs++;
			run = 1;
		}
		hn0 = hn;
		h0 = doc->lines[k].text + a;
	}
	return runs > 0 && run >= 2;
}

/* The chat nick in a stamp of `cut` bytes ("[22:31] <dvr> "): its offset
 * in *at and its length (0 when the stamp has none). */
static size_t stamp_nick(const struct br_line *l, size_t cut, size_t *at)
{
	const char *lt = memchr(l->text, '<', cut);
	const char *gt = lt ? memchr(lt, '>', cut - (size_t)(lt - l->text)) : NULL;
	*at = lt ? (size_t)(lt - l->text) : 0;
	return gt ? (size_t)(gt - lt) + 1 : 0;
}

/* Line k's nick (stamp_nick), its text after the stamp in *t, *tn. */
static size_t line_nick(const struct br_doc *doc, size_t k, const char **nick, const char **t, size_t *tn)
{
	const struct br_line *l = &doc->lines[k];
	size_t cut = stamp_len(l), at, nn = stamp_nick(l, cut, &at);
	*nick = l->text + at;
	*t = l->text + cut;
	*tn = l->len - cut;
	return nn;
}

static bool same_nick(const char *a, size_t an, const char *b, size_t bn)
{
	return an && an == bn && memcmp(a, b, an) == 0;
}

/*
 * Other speakers' words said in the middle of speaker A's paste: one or
 * two lines of other nicks after A's line p, then A's line again. Line p
 * must be a paste's (its text ends with ':', as "/dev/sda:", or is
 * indented output), and A's line after them indented output with a
 * figure (" Timing cached reads: ..."). Their count (0: none); the paste
 * reads on without them (they would split its record and title its rest).
 * Reads lines after p only (those before it are written over).
 */
static size_t interjections(const struct br_doc *doc, size_t p, size_t hi)
{
	const char *a, *pt;
	size_t ptn, an = line_nick(doc, p, &a, &pt, &ptn);
	size_t e = an ? rtrim_len(pt, ptn) : 0;
	if (!e || !(pt[e - 1] == ':' || pt[0] == ' ' || pt[0] == '\t'))
		return 0;
	for (size_t q = p + 1; q < hi && q <= p + 3; q++) {
		const char *b, *qt;
		size_t qtn, bn = line_nick(doc, q, &b, &qt, &qtn);
		if (!bn)
			return 0;
		if (!same_nick(a, an, b, bn))
			continue;
		if (q == p + 1 || qtn < 2 || (qt[0] != ' ' && qt[0] != '\t'))
			return 0;
		for (size_t k = 0; k < qtn; k++)
			if (is_digit((unsigned char)qt[k]))
				return q - p - 1;
		return 0;
	}
	return 0;
}

static void write_unstamped(struct rw *out, struct lw *w, const struct br_doc *doc, size_t i, size_t j)
{
	/* a machine's log, or one of several machines: each one's lines
	 * under its name alone ("nas1:", a block of its own), as the host
	 * tags below are */
	bool hosts = named_hosts(doc, i, j);
	const char *last = NULL, *nick = NULL, *turn = NULL;
	size_t last_n = 0, nick_n = 0, turn_n = 0, skip_to = 0;
	for (; i < j; i++) {
		if (i < skip_to)
			continue; /* (interjections) */
		skip_to = i + 1 + interjections(doc, i, j);
		size_t hn, a = hosts ? syslog_host(&doc->lines[i], &hn) : 0;
		if (a && !(last && hn == last_n && memcmp(doc->lines[i].text + a, last, hn) == 0)) {
			const struct br_line head = doc->lines[i];
			lw_reset(w);
			if (last)
				br_dec_lw_emit(out, i, w, head.line, head.line, head.depth, head.flags);
			br_buf_add(&w->text, head.text + a, hn);
			br_buf_addc(&w->text, ':');
			br_dec_lw_emit(out, i, w, head.line, head.line, head.depth, head.flags);
			last = head.text + a;
			last_n = hn;
		}
		/* an introduction that opens another speaker's turn in a chat
		 * log ("<dvr> other cable:" after "<kmoss> try the other
		 * cable") starts a block: it goes on from no line before */
		size_t cut = stamp_len(&doc->lines[i]), at, nr = 0;
		struct br_line l = doc->lines[i];
		while (i + 1 + nr < j && !stamp_len(&doc->lines[i + 1 + nr]))
			nr++;
		size_t nn = stamp_nick(&l, cut, &at);
		const struct br_line *last_piece = nr ? &doc->lines[i + nr] : &l;
		size_t e = rtrim_len(last_piece->text, last_piece->len);
		if (nn && nick && (nr ? e > 0 : e > cut) && last_piece->text[e - 1] == ':' &&
		    (nn != nick_n || memcmp(l.text + at, nick, nn) != 0))
			l.flags |= BR_LINE_BLOCK_START;
		/* the first speaker's turn and each other one after it: what
		 * one said before titles nothing of the next one's (label.c) */
		if (nn && (!turn || nn != turn_n || memcmp(l.text + at, turn, nn) != 0)) {
			l.flags |= BR_LINE_TURN;
			turn = l.text + at;
			turn_n = nn;
		}
		nick = nn ? l.text + at : NULL;
		nick_n = nn;
		/* the line's rests a hard wrap moved (the block's lines
		 * without a stamp) go back onto it */
		br_dec_strip_front_rest(out, w, &l, doc, i, nr, cut, 0);
		i += nr;
	}
}

bool br_dec_stage_stamps(struct br_doc *doc)
{
	size_t nl = doc->nlines, first = nl, wrap[2] = {SIZE_MAX, SIZE_MAX};
	for (size_t i = 0; i < nl && first == nl; i++)
		if (stamp_block(doc, i, wrap) > i)
			first = i;
	if (first == nl)
		return false;
	rewrite_blocks(doc, first, stamp_block, write_unstamped);
	return true;
}

/* ------------------------------------------------------------ host tags */

/*
 * Output gathered from several machines, each line behind the name of the
 * one that printed it: pdsh and clush ("node01: "), docker compose
 * ("bench-1  | "). Three or more consecutive lines behind the same name are
 * one machine's output: they lose the tag, and a line with the name alone
 * ("node01:") goes before them, where it titles what follows as a poster's
 * line would. Lines of several machines taking turns (pdsh's interleaving)
 * are left as they are: the tag is all that says whose each line is. The
 * name is a host's: letters, digits, '.', '-', '_', with a digit in it or
 * behind compose's '|' ("Received: " three times over is a mail's header).
 * Lines a mail client re-wrapped go back together, as a log's do.
 */
#define TAG_MIN_LINES 3
#define TAG_NAME_MAX 40

/* "[pod/bench-0/bench] text" (kubectl logs --prefix) and "[web-1] text":
 * a bracketed name with a digit or a '/' in it ("[INFO]", "[Pipeline]" are
 * no host's). *off, *name: where the host's name is (a pod's name alone);
 * the return the bytes to cut (0: none). */
static size_t bracket_tag(const char *s, size_t n, size_t *off, size_t *name)
{
	size_t k = 1;
	bool digit = false, slash = false;
	if (n < 4 || s[0] != '[' || !isalpha((unsigned char)s[1]))
		return 0;
	for (; k < n && k <= 2 * TAG_NAME_MAX; k++) {
		unsigned char c = (unsigned char)s[k];
		if (is_digit(c))
			digit = true;
		else if (c == '/')
			slash = true;
		else if (!((c | 0x20) >= 'a' && (c | 0x20) <= 'z') && c != '.' && c != '-' && c != '_')
			break;
	}
	if (k >= n || s[k] != ']' || !(digit || slash))
		return 0;
	*off = 1;
	*name = k - 1;
	if (*name > 4 && memcmp(s + 1, "pod/", 4) == 0) {
		const char *e = memchr(s + 5, '/', k - 5);
		*off = 5;
		*name = (e ? (size_t)(e - s) : k) - 5;
	}
	if (*name < 2 || *name > TAG_NAME_MAX)
		return 0;
	return k + 1 < n && s[k + 1] == ' ' ? k + 2 : k + 1 == n ? n : 0;
}

/* The tag of l: *off and *name where its name is and its length, the
 * return the bytes to cut (0: none). */
static size_t host_tag(const struct br_line *l, size_t *off, size_t *name)
{
	const char *s = l->text;
	size_t n = l->len, k = 0;
	bool digit = false;
	*off = 0;
	if (n && s[0] == '[')
		return bracket_tag(s, n, off, name);
	if (!n || !isalpha((unsigned char)s[0]))
		return 0;
	for (; k < n && k <= TAG_NAME_MAX; k++) {
		unsigned char c = (unsigned char)s[k];
		if (is_digit(c))
			digit = true;
		else if (!((c | 0x20) >= 'a' && (c | 0x20) <= 'z') && c != '.' && c != '-' && c != '_')
			break;
	}
	if (k < 2 || k > TAG_NAME_MAX)
		return 0;
	*name = k;
	if (k < n && s[k] == ':' && digit) /* pdsh: "node01: text", "node01:" */
		return k + 1 < n && s[k + 1] == ' ' ? k + 2 : k + 1 == n ? n : 0;
	size_t b = k;
	while (b < n && s[b] == ' ')
		b++;
	if (b > k && b < n && s[b] == '|') /* compose: "bench-1  | text" */
		return b + 1 < n && s[b + 1] == ' ' ? b + 2 : b + 1 == n ? n : 0;
	return 0;
}

/* A line behind a host's tag is of kind 1, one without of kind 0 (for
 * br_dec_wrapped_rest: output a mail client re-wrapped, the tag only on
 * each line's first piece). */
static unsigned tag_kind(const struct br_doc *doc, size_t k, const void *ctx)
{
	size_t off, name;
	(void)ctx;
	return host_tag(&doc->lines[k], &off, &name) > 0;
}

/* The end of the block of lines from i behind l[i]'s tag (i if none), with
 * the rests a hard wrap moved off them (*wrap: br_dec_wrapped_rest's). */
static size_t tag_block(const struct br_doc *doc, size_t i, size_t *wrap)
{
	size_t off, name, cut = host_tag(&doc->lines[i], &off, &name);
	if (!cut)
		return i;
	const char *s = doc->lines[i].text;
	size_t j = i + 1, o2, other, tagged = 1;
	while (j < doc->nlines) {
		size_t nr = 0;
		if (!host_tag(&doc->lines[j], &o2, &other))
			nr = br_dec_wrapped_rest(doc, j, tag_kind, NULL, wrap);
		if (!host_tag(&doc->lines[j + nr], &o2, &other) || other != name || o2 != off ||
		    memcmp(doc->lines[j + nr].text, s, off + name) != 0)
			break;
		j += nr + 1;
		tagged++;
	}
	return tagged >= TAG_MIN_LINES ? j : i;
}

/* A machine's block [i, j): the name alone, then the lines without it
 * (the name line comes first: the writer moves to a new array rather than
 * write over line i, still to be read). */
static void write_untagged(struct rw *out, struct lw *w, const struct br_doc *doc, size_t i, size_t j)
{
	const struct br_line head = doc->lines[i];
	size_t off, name;
	host_tag(&head, &off, &name);
	lw_reset(w);
	br_buf_add(&w->text, head.text + off, name);
	br_buf_addc(&w->text, ':');
	br_dec_lw_emit(out, i, w, head.line, head.line, head.depth, head.flags);
	/* the name line stands in for the block's leading empty lines
	 * (hdparm's first one): it titles what follows, right above it */
	bool lead = true;
	for (; i < j; i++) {
		size_t cut = host_tag(&doc->lines[i], &off, &name), nr = 0;
		if (lead && br_is_blank(doc->lines[i].text + cut, doc->lines[i].len - cut))
			continue;
		lead = false;
		/* (the rests a wrap moved: the block's lines without a tag) */
		while (i + 1 + nr < j && !host_tag(&doc->lines[i + 1 + nr], &off, &name))
			nr++;
		const struct br_line l = doc->lines[i];
		br_dec_strip_front_rest(out, w, &l, doc, i, nr, cut, 0);
		i += nr;
	}
}

bool br_dec_stage_tags(struct br_doc *doc)
{
	size_t nl = doc->nlines, first = nl, wrap = SIZE_MAX;
	for (size_t i = 0; i + TAG_MIN_LINES <= nl && first == nl; i++)
		if (doc->lines[i].len && (isalpha((unsigned char)doc->lines[i].text[0]) || doc->lines[i].text[0] == '[') &&
		    tag_block(doc, i, &wrap) > i)
			first = i;
	if (first == nl)
		return false;
	rewrite_blocks(doc, first, tag_block, write_untagged);
	return true;
}
