/*
 * label — see label.h.
 *
 * The document is read once, top to bottom, as an outline: every line is
 * classified (heading of some kind, result/table line, prose, blank) and a
 * stack of active headings is kept. A heading replaces the headings of its
 * rank and below (a larger rank is more specific):
 *
 *   110..170  HTML <h1>..<h6>
 *   180       banner lines ("######## Results ########", "=== RAID 5 ===")
 *   190..     "# Title" headings ranked where they first appear
 *   200..220  underlined lines ("====", "----", other characters)
 *   250       short standalone lines between blank lines ("RAID 5")
 *   300..390  outline-numbered lines (1. / A. / a. / 1) ...; a numbering
 *             that restarts at 1 under another style nests one level down)
 *   400       lines ending with ':' that introduce what follows ("6 disks:"),
 *             and short "Key words: details" lines
 *   600       bullets ("-hw raid"): only while directly above
 *
 * Result lines (numbers, CSV, tool headers), shell commands and generic
 * introductions ("Here are the results:", "X wrote:") are transparent;
 * prose ends bullets and, after a while, ':' introductions. Headings read
 * inside a quoted part end with it; a new mail message (header block,
 * digest separator, "Original Message") starts with none. The stack
 * active before each line is recorded (one index per line, headings shared),
 * so br_label_for() is a lookup: the document is not rescanned per result.
 */
#include "label.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "util.h"
#include "vocab.h"

/* Kinds of heading kept on the stack. */
enum kind {
	K_HEADING,
	K_BULLET,
	K_COLON,
	K_OUTLINE,
};

enum {
	R_HTML = 100,
	R_BOXED = 175,          /* a title boxed by rule lines above and below it */
	R_BANNER = 180,
	R_HASH = 190,
	R_UNDERLINE = 200,
	R_STANDALONE = 250,
	R_OUTLINE = 300,
	R_COLON = 400,
	R_SUBCOLON = 410,       /* a ':' introduction right under another (push_intro) */
	R_NAME = 450,           /* a name right over a result (name_over_result) */
	R_ECHO = 460,           /* a name a shell loop echoes (echo_banner) */
	R_BULLET = 600,
	MAX_OUTLINE = 9,
	MAX_TEXT = 72,          /* characters of one label component */
	COLON_EXPIRY = 10,      /* prose lines after which a ':' introduction ends */
};

struct node {
	uint32_t parent;   /* index + 1 of the heading below it on the stack; 0 = none */
	uint32_t text;     /* offset in outline->text */
	uint16_t len;
	uint16_t rank;
	uint16_t depth;    /* quote depth of the heading's line */
	uint8_t kind;
	uint8_t joined;    /* an introduction joined from the lines a wrap broke */
};

struct olevel {
	int style;
	int last;
};

struct walk;

/* Built as far as asked: the walk reads lines top to bottom and what it
 * says of a line depends on the lines above it (and the one or two below
 * it looks at), so lines below the last result asked about are not read;
 * a later result further down goes on from there. */
struct br_label_outline {
	const struct br_line *lines; /* what it was built from */
	size_t nlines;
	uint32_t *state;             /* per line: top of the stack before it (index + 1) */
	struct node *nodes;
	size_t nnodes, cap;
	struct br_buf text;
	struct walk *walk;           /* where the walk stands (NULL when done) */
	size_t walked;               /* state[0..walked) is set */
	bool skip;                   /* the walk skips line `walked` */
};

/* ------------------------------------------------------------ small helpers */

static bool is_alpha(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c >= 0x80;
}

static bool is_digit(int c)
{
	return c >= '0' && c <= '9';
}

/* The next word (letters and digits) of s[0..n) from *i on: *i moves to
 * its first byte; returns the end of it (== *i: none). */
static size_t word_at(const char *s, size_t n, size_t *i)
{
	while (*i < n && !is_alpha((unsigned char)s[*i]) && !is_digit((unsigned char)s[*i]))
		(*i)++;
	size_t j = *i;
	while (j < n && (is_alpha((unsigned char)s[j]) || is_digit((unsigned char)s[j])))
		j++;
	return j;
}

static bool is_blankc(int c)
{
	return c == ' ' || c == '\t';
}

/* Where the first word of s[0..n) ends: its first blank, n if none (for
 * the short texts of titles; word_end below is the one for any line). */
static size_t title_word_end(const char *s, size_t n)
{
	size_t e = 0;
	while (e < n && !is_blankc(s[e]))
		e++;
	return e;
}

static int lower(int c)
{
	return c >= 'A' && c <= 'Z' ? c + 32 : c;
}

/* The line without leading/trailing blanks. */
static void span(const struct br_line *l, const char **s, size_t *n)
{
	const char *a = l->text, *b = l->text + l->len;
	while (a < b && is_blankc(*a))
		a++;
	while (b > a && (is_blankc(b[-1]) || b[-1] == '\r'))
		b--;
	*s = a;
	*n = (size_t)(b - a);
}

static bool blank_line(const struct br_line *l)
{
	return br_is_blank(l->text, l->len);
}

static size_t count_words(const char *s, size_t n)
{
	size_t w = 0;
	bool in = false;
	for (size_t i = 0; i < n; i++) {
		bool b = is_blankc(s[i]);
		if (!b && !in)
			w++;
		in = !b;
	}
	return w;
}

/* Characters (UTF-8 code points) in s[0..n). */
static size_t count_chars(const char *s, size_t n)
{
	size_t c = 0;
	for (size_t i = 0; i < n; i++)
		c += ((unsigned char)s[i] & 0xc0) != 0x80;
	return c;
}

/* Does s hold the m bytes of w from its second byte on, in any case? */
static bool rest_ci(const char *s, const char *w, size_t m)
{
	size_t k = 1;
	while (k < m && lower((unsigned char)s[k]) == w[k])
		k++;
	return k == m;
}

/* Does s[0..n) hold w (lower case) in any case? Only where its first byte
 * is (either case of a letter: c | 0x20; else the byte itself) is the rest
 * compared; with SSE2 sixteen places are looked at a time. */
static bool contains_ci(const char *s, size_t n, const char *w)
{
	size_t m = strlen(w);
	if (!m)
		return true;
	if (m > n)
		return false;
	unsigned char f = (unsigned char)w[0];
	if (f >= 'A' && f <= 'Z')
		return false; /* lower() gives no upper-case letter */
	unsigned char fold = f >= 'a' && f <= 'z' ? 0x20 : 0;
	size_t last = n - m, i = 0; /* w may start at 0..last */
#ifdef __SSE2__
	const __m128i vf = _mm_set1_epi8((char)f), vfold = _mm_set1_epi8((char)fold);
	for (; i + 15 <= last; i += 16) {
		__m128i v = _mm_or_si128(_mm_loadu_si128((const __m128i *)(const void *)(s + i)), vfold);
		for (unsigned at = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, vf)); at; at &= at - 1)
			if (rest_ci(s + i + (size_t)__builtin_ctz(at), w, m))
				return true;
	}
#endif
	for (; i <= last; i++)
		if ((unsigned char)(s[i] | fold) == f && rest_ci(s + i, w, m))
			return true;
	return false;
}

/* Whole word w (lower case) in s? */
static bool has_word(const char *s, size_t n, const char *w)
{
	size_t m = strlen(w);
	bool alpha = true;
	for (size_t k = 0; k < m && alpha; k++)
		alpha = is_alpha((unsigned char)w[k]);
	if (alpha && m) {
		/* a word of letters only is a maximal run of letters in s */
		for (size_t i = 0; i < n;) {
			if (!is_alpha((unsigned char)s[i])) {
				i++;
				continue;
			}
			size_t j = i;
			while (j < n && is_alpha((unsigned char)s[j]))
				j++;
			if (j - i == m) {
				size_t k = 0;
				while (k < m && lower((unsigned char)s[i + k]) == w[k])
					k++;
				if (k == m)
					return true;
			}
			i = j;
		}
		return false;
	}
	for (size_t i = 0; i + m <= n; i++) {
		if (i && is_alpha((unsigned char)s[i - 1]))
			continue;
		size_t k = 0;
		while (k < m && lower((unsigned char)s[i + k]) == w[k])
			k++;
		if (k == m && (i + m == n || !is_alpha((unsigned char)s[i + m])))
			return true;
	}
	return false;
}

/*
 * A prefilter for the word searches: one pass over a text records its
 * character pairs (case-folded, hashed to one of 256 entries). A word can only
 * be in the text when all its pairs are there; most words are ruled out
 * without scanning the text again.
 */
struct tmask {
	unsigned char seen[256]; /* seen[h]: a pair that hashes to h is there */
};

/* c | 0x20 is the same for a letter in either case */
static unsigned pair_hash(unsigned char a, unsigned char b)
{
	return ((unsigned)(a | 0x20) * 8u + (unsigned)(b | 0x20)) & 255u;
}

/* A byte a pair rather than a bit: setting it is a store, not a load, an
 * OR and a store; with SSE2 the hashes of sixteen pairs are made at once. */
static void text_mask(struct tmask *t, const char *s, size_t n)
{
	memset(t->seen, 0, sizeof t->seen);
	size_t i = 1;
#ifdef __SSE2__
	const __m128i fold = _mm_set1_epi8(0x20), high5 = _mm_set1_epi8((char)0xf8);
	unsigned char h[16];
	for (; i + 16 <= n; i += 16) {
		__m128i a = _mm_or_si128(_mm_loadu_si128((const __m128i *)(const void *)(s + i - 1)), fold);
		__m128i b = _mm_or_si128(_mm_loadu_si128((const __m128i *)(const void *)(s + i)), fold);
		/* a * 8 within each byte: a 16-bit shift, less what crossed bytes */
		__m128i a8 = _mm_and_si128(_mm_slli_epi16(a, 3), high5);
		_mm_storeu_si128((__m128i *)(void *)h, _mm_add_epi8(a8, b));
		for (size_t k = 0; k < 16; k++)
			t->seen[h[k]] = 1;
	}
#endif
	for (; i < n; i++)
		t->seen[pair_hash((unsigned char)s[i - 1], (unsigned char)s[i])] = 1;
}

/* Could the word w be in the text? (Up to its NUL: no strlen first.) */
static bool may_hold(const struct tmask *t, const char *w)
{
	for (size_t i = 1; w[0] && w[i]; i++)
		if (!t->seen[pair_hash((unsigned char)w[i - 1], (unsigned char)w[i])])
			return false;
	return true;
}

/* contains_ci / has_word on the text t was made from. */
static bool contains_ci_t(const struct tmask *t, const char *s, size_t n, const char *w)
{
	return may_hold(t, w) && contains_ci(s, n, w);
}

static bool has_word_t(const struct tmask *t, const char *s, size_t n, const char *w)
{
	return may_hold(t, w) && has_word(s, n, w);
}

/* Is the pair a b in s[0..n)? (memchr for a: far faster than memmem on
 * lines without a.) */
static bool has_pair(const char *s, size_t n, char a, char b)
{
	for (const char *p = n >= 2 ? memchr(s, a, n - 1) : NULL; p;
	     p = memchr(p + 1, a, n - 1 - (size_t)(p + 1 - s)))
		if (p[1] == b)
			return true;
	return false;
}

/* Does the mark at p end a sentence by what stands before it: a word's
 * letter ("done."), or the ')' that closes a parenthesis opened in the
 * text before ("on busybox (v1.36)."; not a list's "a)." or "2.")? open:
 * the text's first '(', or NULL. */
static bool ends_sentence(const char *s, const char *p, const char *open)
{
	if (is_alpha((unsigned char)p[-1]))
		return true;
	return p[-1] == ')' && p - s >= 3 && p[-2] != ' ' && p[-2] != '(' && open && open < p - 2;
}

/* Where a sentence break ("done. The") ends in s[0..n), the last one
 * when `last` (0 if none), else the first found. Each of the three marks
 * is looked for by memchr: they are rare, blanks and letters are not. */
static size_t sentence_at(const char *s, size_t n, bool last)
{
	size_t at = 0;
	if (n < 4)
		return 0;
	const char *open = memchr(s, '(', n); /* (the first '(': ends_sentence) */
	for (const char *m = ".?!"; *m; m++)
		for (const char *p = memchr(s + 1, *m, n - 3); p; /* marks at 1 .. n - 3 */
		     p = (size_t)(p - s) + 1 < n - 2 ? memchr(p + 1, *m, n - 3 - (size_t)(p - s)) : NULL)
			if (p[1] == ' ' && p[2] >= 'A' && p[2] <= 'Z' && ends_sentence(s, p, open)) {
				if (!last)
					return (size_t)(p - s) + 2;
				if ((size_t)(p - s) + 2 > at)
					at = (size_t)(p - s) + 2;
			}
	return at;
}

/* Offset of the last sentence in s ("...done. The last one"), 0 if one. */
static size_t last_sentence(const char *s, size_t n)
{
	return sentence_at(s, n, true);
}

static bool sentence_break(const char *s, size_t n)
{
	return sentence_at(s, n, false) != 0;
}

/* The sentence of s[0..n) that titles an introduction of two sentences or
 * more, in *t and *tn: the last ("Looks fine. For comparison, my old
 * box"), or the one before it when the last is a remark on what follows,
 * told by its first word ("Current image (BusyBox 1.36). Note the missing
 * leading space"). Its start (0 when s is one sentence). */
static size_t titling_sentence(const char *s, size_t n, size_t *tn)
{
	static const char *const remark[] = {"note", "notice", "mind", "ignore"};
	size_t cut = last_sentence(s, n);
	*tn = n - cut;
	if (!cut)
		return 0;
	size_t e = title_word_end(s + cut, n - cut);
	for (size_t k = 0; k < sizeof remark / sizeof remark[0]; k++)
		if (e == strlen(remark[k]) && lower((unsigned char)s[cut]) == remark[k][0] &&
		    strncasecmp(s + cut, remark[k], e) == 0) {
			/* (the mark ends at cut - 2: ". Note") */
			size_t before = last_sentence(s, cut - 2);
			*tn = cut - 2 - before;
			return before;
		}
	return cut;
}

/* ------------------------------------------------------------ classifiers */

/* A number-like token: 7960, 39.6*, 1*2047, 3000M, +++++, 1486=, 14690*72.9.
 * t starts the token, r bytes are left in the line: the token ends at a
 * blank or there, and none of the bytes looked for is a blank. */
static bool numeric_at(const char *t, size_t r)
{
	size_t i = 0;
	while (i < r && (t[i] == '*' || t[i] == '(' || t[i] == '-'))
		i++;
	if (i < r && t[i] == '+') {
		while (i < r && t[i] == '+')
			i++;
		return i == r || t[i] == ',' || is_blankc(t[i]);
	}
	return i < r && (is_digit((unsigned char)t[i]) || (t[i] == '.' && i + 1 < r && is_digit((unsigned char)t[i + 1])));
}

/* Can a token that starts with c be numeric_at()? (Most start with a
 * letter: no call for them.) */
static bool number_start(unsigned char c)
{
	return (c >= '0' && c <= '9') || c == '*' || c == '(' || c == '-' || c == '+' || c == '.';
}

/* What result_line() counts in a line: tokens (runs of non-blanks), those
 * that read as numbers, commas and blanks. */
struct line_counts {
	size_t tok, num, commas, spaces;
};

#ifdef __SSE2__
/* The sum of the bytes of v. */
static size_t byte_sum(__m128i v)
{
	__m128i s = _mm_sad_epu8(v, _mm_setzero_si128());
	return (size_t)_mm_cvtsi128_si32(s) + (size_t)_mm_cvtsi128_si32(_mm_srli_si128(s, 8));
}
#endif

/* Sixteen bytes at a time with SSE2: blanks and commas are counted in byte
 * lanes, and only the bytes that start a token are looked at one by one. */
static void count_line(const char *s, size_t n, struct line_counts *c)
{
	size_t tok = 0, num = 0, commas = 0, spaces = 0, i = 0;
	unsigned after_blank = 1; /* the line's start starts a token too */
#ifdef __SSE2__
	const __m128i sp = _mm_set1_epi8(' '), tab = _mm_set1_epi8('\t'), comma = _mm_set1_epi8(',');
	while (i + 16 <= n) {
		__m128i nsp = _mm_setzero_si128(), ncm = _mm_setzero_si128();
		/* at most 255 blocks, so that no byte lane overflows */
		for (size_t blocks = 0; i + 16 <= n && blocks < 255; i += 16, blocks++) {
			__m128i v = _mm_loadu_si128((const __m128i *)(const void *)(s + i));
			__m128i b = _mm_or_si128(_mm_cmpeq_epi8(v, sp), _mm_cmpeq_epi8(v, tab));
			nsp = _mm_sub_epi8(nsp, b); /* a match is -1 */
			ncm = _mm_sub_epi8(ncm, _mm_cmpeq_epi8(v, comma));
			unsigned bm = (unsigned)_mm_movemask_epi8(b);
			unsigned starts = ~bm & ((bm << 1) | after_blank) & 0xffffu;
			after_blank = bm >> 15;
			for (; starts; starts &= starts - 1) {
				size_t at = i + (size_t)__builtin_ctz(starts);
				tok++;
				num += number_start((unsigned char)s[at]) && numeric_at(s + at, n - at);
			}
		}
		spaces += byte_sum(nsp);
		commas += byte_sum(ncm);
	}
#endif
	for (; i < n; i++) {
		if (is_blankc(s[i])) {
			spaces++;
			after_blank = 1;
			continue;
		}
		if (after_blank) {
			tok++;
			num += number_start((unsigned char)s[i]) && numeric_at(s + i, n - i);
		}
		after_blank = 0;
		commas += s[i] == ',';
	}
	c->tok = tok;
	c->num = num;
	c->commas = commas;
	c->spaces = spaces;
}

/* Is s[0..n) of the shape sh (vocab.h), whose text is m bytes long? t is
 * the text mask of s. */
static bool shape_matches(const struct br_line_shape *sh, size_t m, const struct tmask *t,
			  const char *s, size_t n)
{
	switch (sh->kind) {
	case BR_SHAPE_TEXT:
		return contains_ci_t(t, s, n, sh->text);
	case BR_SHAPE_LEAD_NUMBER: {
		if (n <= m + 2 || s[0] != sh->text[0] || memcmp(s, sh->text, m) != 0 || !is_blankc(s[m]))
			return false;
		size_t k = m + 1;
		while (k < n && is_blankc(s[k]))
			k++;
		return k < n && is_digit((unsigned char)s[k]);
	}
	case BR_SHAPE_LEAD:
		return n > m + 1 && s[0] == sh->text[0] && memcmp(s, sh->text, m) == 0 && is_blankc(s[m]);
	case BR_SHAPE_EARLY_WORD:
		/* the word starts at 0 or 1: in the first m + 1 bytes */
		return n > m + 1 && ((s[0] | 0x20) == sh->text[0] || (s[1] | 0x20) == sh->text[0]) &&
		       has_word(s, m + 1, sh->text) && contains_ci_t(t, s, n, sh->also);
	case BR_SHAPE_END:
		break;
	}
	return false;
}

/* Tool output, table rows and headers, CSV records: not titles. */
static bool result_line(const char *s, size_t n)
{
	struct line_counts lc;
	count_line(s, n, &lc);
	size_t tok = lc.tok, num = lc.num, commas = lc.commas, spaces = lc.spaces;
	if ((num >= 4 && num * 3 >= tok) || (num >= 3 && num * 2 >= tok))
		return true;
	if (commas >= 5 && commas >= spaces)
		return true;
	/* the tools' headers, units and line shapes (vocab.h) */
	const struct br_vocab *v = br_vocab();
	const struct br_line_shape *sh = v->result_lines;
	if (!sh)
		return false;
	/* a ':' line of three words or more introduces what follows, whatever
	 * unit or test it names ("The stripe set (all K/sec):", "Random read on
	 * the new array:"); the tools' own lines are told by their shapes */
	bool intro = n && s[n - 1] == ':' && tok >= 3;
	struct tmask t;
	text_mask(&t, s, n);
	for (size_t i = 0; sh[i].kind != BR_SHAPE_END;) {
		if (intro && sh[i].kind == BR_SHAPE_TEXT) {
			i++;
			continue;
		}
		const char *g = v->result_guard[i];
		if (g && !(g[1] ? contains_ci_t(&t, s, n, g) : memchr(s, g[0], n) != NULL)) {
			i = v->result_group_end[i]; /* none of the group can match */
			continue;
		}
		if (shape_matches(&sh[i], v->result_len[i], &t, s, n))
			return true;
		i++;
	}
	return false;
}

/* Only punctuation: ----, ====, +---+, ~~~. */
static bool rule_line(const char *s, size_t n)
{
	if (n < 2)
		return n == 1 && !is_alpha((unsigned char)s[0]) && !is_digit((unsigned char)s[0]);
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		if (is_alpha(c) || is_digit(c))
			return false;
	}
	return true;
}

/* "=====" / "-----" (one character repeated, at least 3). */
static char underline_char(const struct br_line *l)
{
	const char *s;
	size_t n;
	span(l, &s, &n);
	if (n < 3 || !strchr("=-~*^+_#.", s[0]))
		return 0;
	for (size_t i = 1; i < n; i++)
		if (s[i] != s[0])
			return 0;
	return s[0];
}

static bool command_word(const char *s, size_t n);
static bool starts_with_conjunction(const char *s, size_t m);

/* Options, paths or a pipe after the first word (from s[j] on): "-tT",
 * "--direct", "/dev/hda", "~/x", "| tee". */
static bool command_args(const char *s, size_t n, size_t j)
{
	for (size_t k = j; k < n; k++) {
		if (k == 0 || !is_blankc(s[k - 1]))
			continue;
		if (s[k] == '-' && k + 1 < n && (is_alpha((unsigned char)s[k + 1]) || s[k + 1] == '-'))
			return true;
		if ((s[k] == '/' || s[k] == '~') && k + 1 < n && is_alpha((unsigned char)s[k + 1]))
			return true;
		if (s[k] == '|' || s[k] == '>' || s[k] == '<')
			return true;
	}
	return false;
}

/*
 * "## bonnie++ on the ZFS pool", "hdparm on the new disk:", "rawio on the
 * new controller, forum ate the spaces:": a line that starts with a
 * command's name (after "#"s, not after a "$" or "%" prompt) and goes on in
 * words alone, no option, path, pipe, '=' or ';' among them, names the tool
 * in a title; it runs nothing. Two words after the name at least, three
 * after a lone "#" (a root prompt: "# rawio da0 da1").
 */
static bool titled_by_tool(const char *s, size_t n)
{
	size_t i = 0, hashes = 0;
	while (i < n && (s[i] == '#' || is_blankc(s[i])))
		hashes += s[i++] == '#';
	if (i >= n || !is_alpha((unsigned char)s[i]))
		return false;
	size_t j = i;
	while (j < n && !is_blankc(s[j]))
		j++;
	if (j >= n || command_args(s, n, j) || memchr(s + j, '=', n - j) || memchr(s + j, ';', n - j) ||
	    memchr(s + j, '$', n - j) || memchr(s + j, '`', n - j))
		return false;
	return count_words(s + j, n - j) >= (hashes == 1 ? 3u : 2u);
}

/*
 * "hdparm -T figures for the NAS bays:", "bonnie++ -s 2g results on the
 * old box:": a ':' line that names the tool with its options and then goes
 * on in words alone, three or more (no path, pipe, '=', ';', '$' after the
 * options) that name a thing (names_thing), titles what follows;
 * "hdparm -tT /dev/sda:" runs it, "hdparm -tT on the spares:" and
 * "hdparm -tT, from the sheet:" name nothing of their own.
 */
static bool names_thing(const char *s, size_t n);
static size_t unit_part(const char *s, size_t n);

static bool titled_after_options(const char *s, size_t n)
{
	size_t i = 0;
	while (i < n && !is_blankc(s[i]))
		i++;
	for (;;) { /* the options and their values ("-s 2g") */
		while (i < n && is_blankc(s[i]))
			i++;
		if (i >= n || s[i] != '-')
			break;
		while (i < n && !is_blankc(s[i]))
			i++;
		size_t v = i;
		while (v < n && is_blankc(s[v]))
			v++;
		if (v < n && is_digit((unsigned char)s[v]))
			for (i = v; i < n && !is_blankc(s[i]);)
				i++;
	}
	if (i >= n || !is_alpha((unsigned char)s[i]) || command_args(s, n, i))
		return false;
	/* (a unit at the end, "K/sec only", is no path) */
	n = i + unit_part(s + i, n - i);
	for (size_t k = i; k < n; k++)
		if (strchr("=;$`|<>/\\", s[k]))
			return false;
	return count_words(s + i, n - i) >= 3 && names_thing(s + i, n - i);
}

static bool command_line(const char *s, size_t n)
{
	if (command_word(s, n))
		return !titled_by_tool(s, n);
	size_t j = 0;
	while (j < n && !is_blankc(s[j]))
		j++;
	/* options and paths make a command: "-tT", "--direct", "/dev/hda", "./x" */
	return command_args(s, n, j);
}

/* "Run as bonnie++ -d /srv -u nobody:" tells how, not what: a line that
 * starts with running and holds the benchmark's command line. ("With DMA
 * (hdparm -d1):" does title what follows.) */
static bool tool_invocation(const char *s, size_t n)
{
	static const char *const runs[] = {"run", "ran", "running", "command", "cmd", "invoked",
					   "started", "executed", "called"};
	const char *const *tools = br_vocab()->invocations;
	if (!tools)
		return false;
	/* the tools' invocations hold " -": "hdparm -" */
	bool dash = false;
	for (const char *p = n >= 2 ? memchr(s + 1, '-', n - 1) : NULL; p && !dash;
	     p = memchr(p + 1, '-', n - (size_t)(p + 1 - s)))
		dash = p[-1] == ' ';
	if (!dash)
		return false;
	bool run = false;
	for (size_t k = 0; k < BR_ARRAY_LEN(runs); k++)
		run |= has_word(s, n < 12 ? n : 12, runs[k]);
	if (!run)
		return false;
	for (; *tools; tools++)
		if (memmem(s, n, *tools, strlen(*tools)))
			return true;
	return false;
}

/* Commands that start a command line, besides the tools' own (vocab.h). */
static const char *const cmds[] = {
	"dd", "time", "sync", "mount", "umount",
	"mkfs", "mke2fs", "mkreiserfs", "mkswap", "cat", "echo", "sudo", "su", "for", "while",
	"do", "done", "cd", "ls", "df", "free", "uname", "mdadm", "fdisk", "sfdisk", "parted",
	"iozone", "tiobench", "fio", "newfs", "vinum", "gvinum", "zpool", "zfs", "tune2fs",
	"blockdev", "modprobe", "insmod", "make", "export", "swapoff", "swapon", "lspci",
	"dmesg", "grep", "raidstart", "mkraid", "raidtab", "lvcreate", "vgcreate", "pvcreate",
	"sh", "bash", "ssh", "scp", "rm", "cp", "mv", "mkdir",
};
/* The first bytes of cmds: most lines start with none of them. */
static const char cmd_starts[] = "bcdefgilmnprstuvwz";

/* Is the word s[i..j), which starts with cmd's first byte, the command cmd
 * ("mkfs", "mkfs.xfs", "bonnie-1.4")?
 * -1 when it is not cmd; else whether it makes a command line: the word is
 * cmd itself or holds a '.'. */
static int command_is(const char *cmd, const char *s, size_t i, size_t j)
{
	size_t m = strlen(cmd);
	if (j - i >= m && memcmp(s + i, cmd, m) == 0 && (j - i == m || s[i + m] == '.' || s[i + m] == '-'))
		return j - i == m || memchr(s + i, '.', j - i);
	return -1;
}

/* The first word is a command or a path ("hdparm", "./bonnie++", "/sbin/x"). */
static bool command_word(const char *s, size_t n)
{
	size_t i = 0;
	while (i < n && (s[i] == '#' || s[i] == '$' || s[i] == '%' || is_blankc(s[i])))
		i++;
	size_t j = i;
	while (j < n && !is_blankc(s[j]))
		j++;
	if (j > i && (s[i] == '/' || (s[i] == '.' && i + 1 < n && s[i + 1] == '/') || s[i] == '~'))
		return true;
	if (j == i)
		return false;
	int r;
	for (const char *const *t = br_vocab()->commands; t && *t; t++)
		if ((*t)[0] == s[i] && (r = command_is(*t, s, i, j)) >= 0)
			return r;
	if (!memchr(cmd_starts, s[i], sizeof cmd_starts - 1))
		return false;
	for (size_t k = 0; k < BR_ARRAY_LEN(cmds); k++)
		if (cmds[k][0] == s[i] && (r = command_is(cmds[k], s, i, j)) >= 0)
			return r;
	return false;
}

/* Colon introductions that title nothing: "Here are the results:",
 * "All hdparms reported:", "Franck wrote:", "Le ... a écrit :", "Code:". */
static bool generic_intro(const char *s, size_t n)
{
	static const char *const words[] = {
		"here", "reported", "reports", "follows", "following", "below", "got", "get",
		"gives", "gave", "shows", "showed", "says", "said", "wrote", "writes", "schrieb",
		"output", "outputs", "e.g", "example", "i.e", "command", "commands",
		"\303\251crit", "ecrit",
	};
	/* "RAID 5 results:" titles what follows; "Results:", "The numbers:" do
	 * not; in a longer sentence the word says nothing */
	static const char *const result_words[] = {"results", "result", "numbers", "figures"};
	/* the title of a forum box: "Code:", "Quote from joe:" */
	static const char *const box_words[] = {"quote", "quoting", "cite", "excerpt", "code",
						"zitat", "citation", "spoiler", "select"};
	size_t words_n = count_words(s, n);
	struct tmask t;
	text_mask(&t, s, n);
	for (size_t i = 0; i < BR_ARRAY_LEN(words); i++)
		if (has_word_t(&t, s, n, words[i]))
			return true;
	for (size_t i = 0; i < BR_ARRAY_LEN(result_words); i++)
		if (has_word_t(&t, s, n, result_words[i]) &&
		    (words_n == 1 || (words_n <= 6 && (has_word_t(&t, s, n, "the") || has_word_t(&t, s, n, "my") ||
						       has_word_t(&t, s, n, "our") || has_word_t(&t, s, n, "these") ||
						       has_word_t(&t, s, n, "some")))))
			return true;
	if (words_n <= 3)
		for (size_t i = 0; i < BR_ARRAY_LEN(box_words); i++)
			if (has_word_t(&t, s, n, box_words[i]))
				return true;
	return false;
}

/* Is s[0..n) the word w (lower case), in any case? */
static bool word_is(const char *s, size_t n, const char *w)
{
	size_t k = 0;
	while (k < n && w[k] && lower((unsigned char)s[k]) == w[k])
		k++;
	return k == n && !w[k];
}

/* What a generic introduction says the result is of, after its generic
 * words: "Here's what I got on the new array" -> "the new array", "This is
 * what it gives with noatime" -> "with noatime", "Here are the results for
 * the RAID10 box" -> "the RAID10 box". The offset of that part in s[0..n),
 * 0 when there is none: no word saying a result follows, a quote or a
 * command's introduction ("Joe wrote on Monday:"), nothing after the
 * preposition but a pronoun ("for me") or the tool ("from bonnie++"). */
static bool names_thing(const char *s, size_t n);

/* "on", "for", "from", "of", "in" go; "with", "without", "using",
 * "under", "after" say how and stay (intro_tail) */
static const char *const intro_preps[] = {"on", "for", "from", "of", "in", "with", "without",
					  "using", "under", "after"};
enum { INTRO_PREPS_GO = 5 };

/* The index in intro_preps of the word s[0..n), among the first `upto`;
 * upto when it is none. */
static size_t intro_prep(const char *s, size_t n, size_t upto)
{
	size_t p = 0;
	while (p < upto && !word_is(s, n, intro_preps[p]))
		p++;
	return p;
}

/* Is s[t..e) the last word of s[0..n), and a pronoun or a word that names
 * nobody ("for me", "from here")? */
static bool nobody_at_end(const char *s, size_t n, size_t t, size_t e)
{
	static const char *const nobody[] = {"me", "mine", "it", "this", "that", "them", "us",
					     "you", "here", "there", "now", "today", "him", "her"};
	for (size_t k = 0; k < BR_ARRAY_LEN(nobody); k++)
		if (e == n && has_word(s + t, e - t, nobody[k]))
			return true;
	return false;
}

/* Can s[t..n) start what an introduction names: a word, a number or a
 * path, no command, no pronoun alone? */
static bool names_start(const char *s, size_t n, size_t t, size_t e, bool path_ok)
{
	return t < n && !nobody_at_end(s, n, t, e) &&
	       ((path_ok && s[t] == '/') || !command_word(s + t, n - t)) &&
	       (is_alpha((unsigned char)s[t]) || is_digit((unsigned char)s[t]) || s[t] == '/');
}

/* intro_tail after "here" (its end at `at`), when what follows names a
 * thing with its article, not a verb ("here is mine"): "Here's my WD
 * Blue", "here is the old box", "here's the output from the USB dock" (what
 * the preposition names), "and here the old server". Its offset, 0 when
 * none. */
static size_t here_tail(const char *s, size_t n, size_t at)
{
	static const char *const dets[] = {"the", "my", "our", "his", "her", "their"};
	size_t t = at;
	while (t < n && is_blankc(s[t]))
		t++;
	/* the thing after the verb, when it names one ("here's the output"
	 * names none) */
	size_t v = t + (t + 2 <= n && s[t] == '\'' && lower((unsigned char)s[t + 1]) == 's' ? 2 : 0);
	if (v == t) {
		size_t ve = t + title_word_end(s + t, n - t);
		if (word_is(s + t, ve - t, "is") || word_is(s + t, ve - t, "are"))
			v = ve;
	}
	if (v > t && v < n && is_blankc(s[v])) {
		size_t d = v;
		while (d < n && is_blankc(s[d]))
			d++;
		size_t de = d + title_word_end(s + d, n - d);
		/* the thing is the words before any preposition */
		size_t pe = de;
		for (size_t q = de; q < n;) {
			while (q < n && is_blankc(s[q]))
				q++;
			size_t qe = q + title_word_end(s + q, n - q);
			if (intro_prep(s + q, qe - q, BR_ARRAY_LEN(intro_preps)) < BR_ARRAY_LEN(intro_preps) ||
			    q == n)
				break;
			pe = q = qe;
		}
		bool det = false;
		for (size_t k = 0; k < BR_ARRAY_LEN(dets) && !det; k++)
			det = word_is(s + d, de - d, dets[k]) && de < n;
		if (det && names_thing(s + d, pe - d))
			return d;
		/* "the output from the USB dock": what the preposition after
		 * it names ("on", "for", "from", "of", "in") */
		size_t q = pe;
		while (q < n && is_blankc(s[q]))
			q++;
		size_t qe = q + title_word_end(s + q, n - q), r = qe;
		bool prep = intro_prep(s + q, qe - q, INTRO_PREPS_GO) < INTRO_PREPS_GO;
		while (r < n && is_blankc(s[r]))
			r++;
		size_t re = r + title_word_end(s + r, n - r);
		/* "here's mine on the new mirror": a pronoun for the poster's
		 * own run, named by what the preposition after it names */
		bool own = word_is(s + d, de - d, "mine") || word_is(s + d, de - d, "ours");
		if ((det || own) && prep && names_start(s, n, r, re, false))
			return r;
	}
	size_t e = t;
	while (e < n && is_alpha((unsigned char)s[e]))
		e++;
	for (size_t k = 0; k < BR_ARRAY_LEN(dets) && t > at; k++)
		if (word_is(s + t, e - t, dets[k]) && e < n && is_blankc(s[e]) && !has_word(s + e, n - e, "results"))
			return t;
	return 0;
}

/* The name after "Raw output," or "Results,": the offset of the words
 * after the comma at `at` when they are a short name (four words at most,
 * no sentence, no filler such as "as promised", "again", "sorry"); 0 when
 * none. */
static size_t comma_name(const char *s, size_t n, size_t at)
{
	static const char *const idle[] = {"as", "again", "once", "then", "so", "but", "and",
					   "finally", "please", "sorry", "though", "however",
					   "unfortunately", "sadly", "first", "too", "also",
					   "which", "where", "if", "when", "attached", "below"};
	size_t t = at;
	while (t < n && is_blankc(s[t]))
		t++;
	size_t e = t + title_word_end(s + t, n - t);
	if (t >= n || count_words(s + t, n - t) > 4 || memchr(s + t, ',', n - t) ||
	    sentence_break(s + t, n - t) || !names_start(s, n, t, e, true))
		return 0;
	for (size_t k = 0; k < BR_ARRAY_LEN(idle); k++)
		if (word_is(s + t, e - t, idle[k]))
			return 0;
	return t;
}

/* Step of intro_tail: one pass over the words of s[0..n) for the last
 * generic one ("got", "results", "output", "here"...): 1 with *at just
 * after it (*output: it is "output(s)"; *noun: a noun, "results" ..
 * "figures" or "output"), 0 with none, -1 when a word says the line
 * quotes or shows code ("wrote", "command", "example"). */
static int intro_verb(const char *s, size_t n, size_t *at, bool *output, bool *noun)
{
	static const char *const verbs[] = {"got", "get", "gives", "gave", "give", "shows", "showed",
					    "results", "result", "numbers", "figures", "reported", "here",
					    "output", "outputs"};
	static const char *const not_results[] = {"wrote", "writes", "schrieb", "said", "says",
						  "ecrit", "command", "commands", "code", "quote",
						  "example"};
	int verb = 0;
	for (size_t i = 0; i < n;) {
		while (i < n && !is_alpha((unsigned char)s[i]))
			i++;
		size_t j = i;
		while (j < n && is_alpha((unsigned char)s[j]))
			j++;
		int c0 = j > i ? lower((unsigned char)s[i]) : 0;
		for (size_t k = 0; k < BR_ARRAY_LEN(not_results); k++)
			if (not_results[k][0] == c0 && word_is(s + i, j - i, not_results[k]))
				return -1;
		for (size_t k = 0; k < BR_ARRAY_LEN(verbs); k++)
			if (verbs[k][0] == c0 && word_is(s + i, j - i, verbs[k]))
				verb = 1, *at = j, *output = strncmp(verbs[k], "output", 6) == 0,
				*noun = *output || (k >= 7 && k <= 10); /* results .. figures */
		while (j < n && s[j] == '\'')
			j++; /* "here's" */
		i = j;
	}
	return verb;
}

static size_t intro_tail(const char *s, size_t n)
{
	/* "Joe wrote": the commonest generic introduction, told by its last
	 * word before any other look */
	size_t lw = n;
	while (lw && is_alpha((unsigned char)s[lw - 1]))
		lw--;
	if (word_is(s + lw, n - lw, "wrote") || word_is(s + lw, n - lw, "writes"))
		return 0;
	/* "Le ... a écrit :", "e.g.", "i.e.": not the words of a result */
	if ((memchr(s, '.', n) && (has_word(s, n, "e.g") || has_word(s, n, "i.e"))) ||
	    (memchr(s, 0xc3, n) && has_word(s, n, "\303\251crit")))
		return 0;
	/* the last generic word (the part is after it), and none of a quote
	 * or a command */
	size_t at = 0;
	bool output = false, noun = false;
	bool verb = intro_verb(s, n, &at, &output, &noun) > 0;
	if (!verb)
		return 0;
	/* "Raw output, scratch:", "Results, old laptop:": a name after the
	 * noun and a comma */
	if (noun && at < n && s[at] == ',') {
		size_t t = comma_name(s, n, at + 1);
		if (t)
			return t;
	}
	/* "output of the scratch disk", "from my laptop", "for sda": only
	 * with that preposition right after it ("output in txt format",
	 * "the output sits in shell comments" name no run) */
	if (output) {
		size_t t = at;
		while (t < n && is_blankc(s[t]))
			t++;
		size_t e = t;
		while (e < n && is_alpha((unsigned char)s[e]))
			e++;
		if (!word_is(s + t, e - t, "of") && !word_is(s + t, e - t, "from") && !word_is(s + t, e - t, "for"))
			return 0;
	}
	if (at >= 4 && word_is(s + at - 4, 4, "here") && (at == 4 || !is_alpha((unsigned char)s[at - 5]))) {
		size_t h = here_tail(s, n, at);
		if (h)
			return h;
	}
	/* the preposition follows the word closely ("got on", "results for",
	 * "here is mine with"): three words at most */
	for (size_t i = at, words = 0; i < n && words < 3; words++) {
		while (i < n && is_blankc(s[i]))
			i++;
		size_t j = i;
		while (j < n && is_alpha((unsigned char)s[j]))
			j++;
		if (j < n && !is_blankc(s[j]))
			return 0; /* "here has an m2.SSD.": not a plain word */
		size_t p = 0;
		while (p < BR_ARRAY_LEN(intro_preps) &&
		       !(j - i == strlen(intro_preps[p]) && has_word(s + i, j - i, intro_preps[p])))
			p++;
		if (p < BR_ARRAY_LEN(intro_preps)) {
			size_t t = p < INTRO_PREPS_GO ? j : i;
			while (t < n && is_blankc(s[t]))
				t++;
			size_t e = t + title_word_end(s + t, n - t);
			return names_start(s, n, t, e, true) ? t : 0;
		}
		i = j;
	}
	return 0;
}

/* Does the phrase s[0..n) name a thing a result can be of: a word with a
 * digit, a capital after its first word, a path ("ext4", "2.6.32", "AHCI",
 * "/dev/sdb"), or a word for a part of a setup ("the new driver")? "my
 * case", "some reason", "the moment" name nothing. */
static bool names_thing(const char *s, size_t n)
{
	static const char *const things[] = {
		"driver", "drivers", "kernel", "disk", "disks", "drive", "drives", "controller",
		"card", "filesystem", "fs", "array", "raid", "box", "server", "machine", "laptop",
		"desktop", "ssd", "hdd", "partition", "firmware", "bios", "patch", "scheduler",
		"elevator", "mount", "cable", "port", "board", "motherboard", "version", "release",
		"chipset", "adapter", "hba", "volume", "pool", "defaults", "setup", "config",
	};
	bool first = true, per = false;
	for (size_t i = 0; i < n;) {
		while (i < n && is_blankc(s[i]))
			i++;
		size_t j = i;
		while (j < n && !is_blankc(s[j]))
			j++;
		for (size_t k = i; k < j; k++)
			if (is_digit((unsigned char)s[k]) || s[k] == '/' || (!first && s[k] >= 'A' && s[k] <= 'Z'))
				return true;
		size_t e = j;
		while (e > i && !is_alpha((unsigned char)s[e - 1]))
			e--;
		/* "three runs per disk", "on each disk" name no disk */
		for (size_t k = 0; k < BR_ARRAY_LEN(things) && !per; k++)
			if (word_is(s + i, e - i, things[k]))
				return true;
		per = word_is(s + i, e - i, "per") || word_is(s + i, e - i, "each") ||
		      word_is(s + i, e - i, "every");
		first = false;
		i = j;
	}
	return false;
}

static bool starts_with_conjunction(const char *s, size_t m);

/* Does the phrase s[0..n) speak of several machines at once ("our three
 * boxes", "both servers", "all 4 nodes", "each host")? Such an
 * introduction ("Here are the numbers from our three boxes:") heads a
 * group of runs and names none of them. Disks are not counted: "RAID 5
 * over 4 disks" is one run. */
static bool names_group(const char *s, size_t n)
{
	static const char *const counts[] = {"both", "all", "each", "every", "two", "three", "four",
					     "five", "six", "seven", "eight", "nine", "ten", "several",
					     "multiple", "various"};
	static const char *const machines[] = {"boxes", "machines", "servers", "hosts", "nodes",
					       "systems", "computers", "laptops", "desktops",
					       "workstations", "box", "machine", "server", "host",
					       "node", "system"};
	enum { PLURALS = 10 }; /* machines[] before the singulars */
	size_t at[3] = {0}, len[3] = {0}, seen = 0; /* the three words before */
	for (size_t i = 0; i < n;) {
		size_t j = word_at(s, n, &i);
		if (j == i)
			break;
		/* a machine word (most words are none: their first letter
		 * first), then a count word among the three before it */
		size_t k = BR_ARRAY_LEN(machines);
		int m0 = lower((unsigned char)s[i]);
		if (j - i >= 3 && strchr("bmshncldw", m0))
			for (k = 0; k < BR_ARRAY_LEN(machines) &&
				    (machines[k][0] != m0 || !word_is(s + i, j - i, machines[k]));
			     k++)
				;
		for (size_t b = 0; k < BR_ARRAY_LEN(machines) && b < 3 && b < seen; b++) {
			const char *w = s + at[(seen - 1 - b) % 3];
			size_t wn = len[(seen - 1 - b) % 3], c = 0;
			int c0 = lower((unsigned char)w[0]);
			while (c < BR_ARRAY_LEN(counts) && (counts[c][0] != c0 || !word_is(w, wn, counts[c])))
				c++;
			/* "three boxes", "both servers"; "each host", "every node" */
			if ((c < BR_ARRAY_LEN(counts) && (k < PLURALS || c == 2 || c == 3)) ||
			    (k < PLURALS && is_digit((unsigned char)w[0]) && wn <= 2))
				return true;
		}
		at[seen % 3] = i;
		len[seen % 3] = j - i;
		seen++;
		i = j;
	}
	return false;
}

/* After "with", "using", "after": a short phrase of how it ran ("with
 * cfq", "using noop"), not a turn of phrase ("with that said", "with some
 * luck", "after all"). */
static bool says_how(const char *s, size_t n)
{
	static const char *const idle[] = {"that", "this", "it", "said", "luck", "respect", "regard",
					   "all", "time", "hindsight", "reason", "way", "me", "them",
					   "everything", "nothing", "which", "what"};
	if (count_words(s, n) > 3)
		return false;
	for (size_t k = 0; k < BR_ARRAY_LEN(idle); k++)
		if (has_word(s, n, idle[k]))
			return false;
	return true;
}

/* An introduction that says first what the result is of, then that it
 * follows: "With the new ahci driver I get:", "On kernel 6.1, we got:",
 * "Using ext4 I now see:". The part before the speaker (its offset in
 * *at, its length in *len); false when there is none: the sentence does not start
 * with a preposition, no "I/we/you/they" and a verb of seeing follows, or
 * the part names nothing (names_thing: "In my case I get:"). "on", "for",
 * "from", "in", "at" go; "with", "using", "after" say how and stay. */
static bool intro_lead(const char *s, size_t n, size_t *at, size_t *len)
{
	static const char *const preps[] = {"on", "for", "from", "in", "at", "with", "without",
					    "using", "under", "after"};
	static const char *const who[] = {"i", "we", "you", "they"};
	static const char *const verbs[] = {"get", "got", "see", "saw", "measure", "measured",
					    "obtain", "obtained", "have", "had"};
	static const char *const fill[] = {"now", "still", "only", "then", "also", "just", "can",
					   "could", "typically", "usually", "consistently", "finally"};
	/* "On our R710 hdparm -tT gives:": the tool speaks for the poster */
	static const char *const tools[] = {"hdparm", "bonnie", "rawio"};
	static const char *const tool_verbs[] = {"gives", "gave", "shows", "showed", "reports",
						 "reported", "says", "said", "prints", "printed"};
	/* "and on kernel 5.0 I get:" goes on from a sentence above */
	size_t b = 0;
	if (starts_with_conjunction(s, n)) {
		b = title_word_end(s, n);
		while (b < n && is_blankc(s[b]))
			b++;
	}
	size_t e = b + title_word_end(s + b, n - b), p = 0;
	while (p < BR_ARRAY_LEN(preps) && !word_is(s + b, e - b, preps[p]))
		p++;
	if (p == BR_ARRAY_LEN(preps))
		return false;
	size_t t = p < 5 ? e : b, speaker = 0, words = 0;
	enum { WANT_WHO, WANT_VERB } state = WANT_WHO;
	bool tool = false; /* the speaker is the tool, not a person */
	for (size_t i = e; i < n && words < 14 + (tool ? 8 : 0);) {
		while (i < n && (is_blankc(s[i]) || s[i] == ','))
			i++;
		size_t j = i;
		while (j < n && is_alpha((unsigned char)s[j]))
			j++;
		bool is_who = false, is_verb = false, is_fill = false, is_tool = false;
		for (size_t k = 0; k < BR_ARRAY_LEN(who); k++)
			is_who = is_who || word_is(s + i, j - i, who[k]);
		for (size_t k = 0; k < BR_ARRAY_LEN(verbs); k++)
			is_verb = is_verb || word_is(s + i, j - i, verbs[k]);
		for (size_t k = 0; k < BR_ARRAY_LEN(fill); k++)
			is_fill = is_fill || word_is(s + i, j - i, fill[k]);
		for (size_t k = 0; k < BR_ARRAY_LEN(tools) && j > i && s[i] != 'I'; k++)
			is_tool = is_tool || word_is(s + i, j - i, tools[k]);
		/* after the tool, its options and paths ("-tT", "/dev/sdb") */
		if (tool) {
			for (size_t k = 0; k < BR_ARRAY_LEN(tool_verbs); k++)
				is_verb = is_verb || word_is(s + i, j - i, tool_verbs[k]);
			is_fill = is_fill || s[i] == '-' || s[i] == '/' || s[i] == '+' ||
				  (i > 0 && (s[i - 1] == '-' || s[i - 1] == '/'));
		}
		if (state == WANT_VERB && is_verb)
			break;
		if (state == WANT_VERB && !is_fill)
			state = WANT_WHO, tool = false;
		if (state == WANT_WHO && (is_who || is_tool) &&
		    (j == n || is_blankc(s[j]) || (is_tool && s[j] == '+')))
			state = WANT_VERB, speaker = i, tool = is_tool;
		/* a run of signs and digits ("6/i", "(RAID10,") is one word,
		 * and only words of letters count toward the limit */
		if (j == i)
			while (++j < n && !is_alpha((unsigned char)s[j]) && !is_blankc(s[j]) && s[j] != ',')
				;
		else
			words++;
		i = j;
		if (i >= n)
			return false;
	}
	if (state != WANT_VERB || speaker <= t)
		return false;
	while (t < speaker && is_blankc(s[t]))
		t++;
	size_t end = speaker;
	while (end > t && (is_blankc(s[end - 1]) || s[end - 1] == ','))
		end--;
	size_t a = p < 5 ? t : e; /* the part after the preposition */
	while (a < end && is_blankc(s[a]))
		a++;
	if (end == t || count_words(s + t, end - t) > (tool ? 12 : 8) || sentence_break(s + t, end - t) ||
	    command_word(s + a, end - a) || !(names_thing(s + a, end - a) || (p >= 5 && says_how(s + a, end - a))))
		return false;
	*at = t;
	*len = end - t;
	return true;
}

static bool starts_with_speaker(const char *s, size_t n);

/* An introduction whose subject is the machine and whose verb says that
 * its result follows: "Server web2 gives:", "db3 gave:", "The old laptop
 * shows:". The subject (s[0..*len)); false when it is none: a person ("I
 * got:"; "Joe says:" quotes and is no such verb), a pronoun or the tool
 * ("This gives:", "hdparm -tT shows:"), more than four words, or words that
 * name no thing (names_thing: "The command gives:"). */
static bool subject_intro(const char *s, size_t n, size_t *len)
{
	static const char *const verbs[] = {"gives", "gave", "shows", "showed", "reports",
					    "reported", "got"};
	static const char *const idle[] = {"hdparm", "bonnie", "rawio", "it", "this", "that",
					   "which", "what", "he", "she", "who"};
	size_t b = n;
	while (b && is_alpha((unsigned char)s[b - 1]))
		b--;
	size_t k = 0;
	while (k < BR_ARRAY_LEN(verbs) && !word_is(s + b, n - b, verbs[k]))
		k++;
	if (k == BR_ARRAY_LEN(verbs) || !b || !is_blankc(s[b - 1]))
		return false;
	while (b && is_blankc(s[b - 1]))
		b--;
	if (!b || count_words(s, b) > 4 || sentence_break(s, b) || starts_with_speaker(s, b) ||
	    command_word(s, b) || !names_thing(s, b))
		return false;
	for (k = 0; k < BR_ARRAY_LEN(idle); k++)
		if (has_word(s, b, idle[k]))
			return false;
	*len = b;
	return true;
}

/* Outline enumerators: "1. ", "12) ", "A. ", "b) ", "(a) ", "iv. ", "2.1. ".
 * Returns the length of the enumerator (with the blank after it), 0 if none. */
enum { ST_NUM_DOT = 1, ST_NUM_PAR, ST_UP_DOT, ST_UP_PAR, ST_LOW_DOT, ST_LOW_PAR, ST_PAREN_NUM,
       ST_PAREN_LOW, ST_ROMAN_LOW, ST_ROMAN_UP, ST_MULTI = 20 };

static int roman_value(const char *s, size_t n)
{
	int v = 0, prev = 0;
	for (size_t i = n; i-- > 0;) {
		int d;
		switch (lower((unsigned char)s[i])) {
		case 'i': d = 1; break;
		case 'v': d = 5; break;
		case 'x': d = 10; break;
		case 'l': d = 50; break;
		default: return 0;
		}
		v += d < prev ? -d : d;
		if (d > prev)
			prev = d;
	}
	return v;
}

/* A unit word after a number ("GB", "MiB", "GHz", "K"): "1.5 GB RAM" is a
 * quantity, not section 1.5. */
static bool unit_word(const char *s, size_t n)
{
	size_t k = 0;
	while (k < n && is_alpha((unsigned char)s[k]))
		k++;
	if (k == 0 || k > 4 || (k < n && !is_blankc(s[k]) && s[k] != '/' && s[k] != ','))
		return false;
	char e = s[k - 1];
	if (k == 1)
		return strchr("KMGTPkmgt", s[0]) != NULL;
	if (e == 'B' || e == 'b')
		return true;
	return k >= 2 && (memcmp(s + k - 2, "Hz", 2) == 0 || memcmp(s + k - 2, "hz", 2) == 0);
}

static size_t enumerator(const char *s, size_t n, int *style, int *value)
{
	size_t i = 0;
	bool paren = false;
	if (i < n && s[i] == '(') {
		paren = true;
		i++;
	}
	size_t a = i;
	if (i < n && is_digit((unsigned char)s[i])) {
		int v = 0, parts = 1;
		while (i < n && is_digit((unsigned char)s[i]) && i - a < 3)
			v = v * 10 + (s[i++] - '0');
		/* 2.1. / 2.1 */
		while (!paren && i + 1 < n && s[i] == '.' && is_digit((unsigned char)s[i + 1]) && parts < 5) {
			i++;
			v = 0;
			while (i < n && is_digit((unsigned char)s[i]) && v < 1000)
				v = v * 10 + (s[i++] - '0');
			parts++;
		}
		if (i >= n)
			return 0;
		if (paren && s[i] == ')')
			*style = ST_PAREN_NUM;
		else if (!paren && s[i] == '.')
			*style = parts > 1 ? ST_MULTI + parts : ST_NUM_DOT;
		else if (!paren && s[i] == ')')
			*style = ST_NUM_PAR;
		else if (!paren && parts > 1 && s[i] == ' ' && i + 1 < n && s[i + 1] >= 'A' &&
			 s[i + 1] <= 'Z' && !unit_word(s + i + 1, n - i - 1))
			*style = ST_MULTI + parts, i--; /* "2.1 Results", not "6.9 fixed it" */
		else
			return 0;
		if (v > 60)
			return 0;
		*value = v;
		i++;
	} else {
		while (i < n && i - a < 4 && ((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' && s[i] <= 'Z')))
			i++;
		size_t len = i - a;
		if (!len || i >= n)
			return 0;
		bool up = s[a] >= 'A' && s[a] <= 'Z';
		char close = s[i];
		if (paren ? close != ')' : (close != '.' && close != ')'))
			return 0;
		if (len == 1) {
			*value = lower((unsigned char)s[a]) - 'a' + 1;
			*style = paren ? ST_PAREN_LOW : up ? (close == '.' ? ST_UP_DOT : ST_UP_PAR)
							   : (close == '.' ? ST_LOW_DOT : ST_LOW_PAR);
		} else {
			int r = roman_value(s + a, len);
			if (!r)
				return 0;
			for (size_t k = a + 1; k < i; k++)
				if ((s[k] >= 'A' && s[k] <= 'Z') != up)
					return 0;
			*value = r;
			*style = up ? ST_ROMAN_UP : ST_ROMAN_LOW;
		}
		i++;
	}
	if (i >= n || !is_blankc(s[i]))
		return 0;
	while (i < n && is_blankc(s[i]))
		i++;
	if (i >= n)
		return 0;
	return i;
}

/* ------------------------------------------------------------ heading text */

/* Clean heading text into the outline's buffer; returns its length. */
static size_t add_text(struct br_label_outline *o, const char *s, size_t n)
{
	/* bullets, '#', emphasis at both ends; ':' '.' at the end */
	for (;;) {
		while (n && (is_blankc(*s) || *s == '#' || *s == '*' || *s == '-' || *s == '+' ||
			     *s == '=' || *s == '_' || *s == '~'))
			s++, n--;
		if (n >= 3 && (unsigned char)s[0] == 0xe2 && (unsigned char)s[1] == 0x80 &&
		    (unsigned char)s[2] == 0xa2) { /* • */
			s += 3;
			n -= 3;
			continue;
		}
		break;
	}
	while (n && (is_blankc(s[n - 1]) || s[n - 1] == ':' || s[n - 1] == '.' || s[n - 1] == '#' ||
		     s[n - 1] == '*' || s[n - 1] == '=' || s[n - 1] == '_' || s[n - 1] == '~' ||
		     (s[n - 1] == '-' && n >= 2 && (is_blankc(s[n - 2]) || s[n - 2] == '-'))))
		n--;
	/* Markdown inline code ("With `atime=off` and ..."): paired
	 * backquotes go, the text between them stays */
	size_t ticks = 0;
	for (const char *q = memchr(s, '`', n); q; q = memchr(q + 1, '`', n - (size_t)(q + 1 - s)))
		ticks++;
	bool drop_ticks = ticks && ticks % 2 == 0;
	size_t start = o->text.len;
	/* the text takes at most n bytes (a run of blanks becomes one), the
	 * ellipsis 3 more: room for all first, then plain stores */
	br_buf_grow(&o->text, n + 3);
	char *d = o->text.data;
	size_t at = start;
	bool sp = false;
	size_t chars = 0, last_break = 0;
	bool cut = false;
	for (size_t i = 0; i < n; i++) {
		char c = s[i];
		if (c == '`' && drop_ticks)
			continue;
		if (is_blankc(c)) {
			sp = true;
			continue;
		}
		if (sp) {
			if (chars >= MAX_TEXT) {
				cut = true;
				break;
			}
			last_break = at;
			d[at++] = ' ';
			chars++;
			sp = false;
		}
		if (((unsigned char)c & 0xc0) != 0x80) {
			if (chars >= MAX_TEXT + 8) {
				cut = true;
				break;
			}
			chars++;
		}
		d[at++] = c;
	}
	o->text.len = at;
	d[at] = '\0';
	if (cut) {
		if (last_break > start)
			o->text.len = last_break;
		while (o->text.len > start && (o->text.data[o->text.len - 1] == ',' ||
					       o->text.data[o->text.len - 1] == ' '))
			o->text.len--;
		o->text.data[o->text.len] = '\0';
		br_buf_adds(&o->text, "\xe2\x80\xa6");
	}
	size_t len = o->text.len - start;
	if (len > UINT16_MAX) {
		o->text.len = start + UINT16_MAX;
		len = UINT16_MAX;
	}
	return len;
}

/* ------------------------------------------------------------ result memo */

/*
 * Mail repeats lines: every Bonnie report has the same header lines, replies
 * quote what they answer ("someone wrote:"), digests repeat whole messages.
 * result_line(), generic_intro() and command_line() depend on the bytes
 * they are given only, so their answers are kept in small direct-mapped
 * tables keyed by those bytes: a line seen before costs a hash and a memcmp
 * instead of counting and string searches. A slot holds the text it was
 * made from (the document's, alive while the outline is built) and is only
 * used when the bytes are the same; a clash overwrites. The tables live
 * while build() runs: at most 3 x 32768 slots of 16 bytes.
 */
struct memo_slot {
	const char *s;
	uint32_t n;
	bool result;
};

struct memo {
	struct memo_slot *slot; /* made on first use: many documents ask few */
	size_t mask; /* slots - 1, a power of two less one */
	bool (*fn)(const char *s, size_t n); /* what is kept */
};

enum { MEMO_MIN = 64, MEMO_MAX = 1 << 15, MEMO_LONG = 4096 };

/* A table for fn with about one slot per line, within MEMO_MIN..MEMO_MAX. */
static void memo_init(struct memo *m, size_t nlines, bool (*fn)(const char *, size_t))
{
	m->fn = fn;
	size_t slots = MEMO_MIN;
	while (slots < nlines && slots < MEMO_MAX)
		slots *= 2;
	m->slot = NULL;
	m->mask = slots - 1;
}

static void memo_free(struct memo *m)
{
	free(m->slot);
	m->slot = NULL;
}

static uint64_t line_hash(const char *s, size_t n)
{
	uint64_t h = 0x9e3779b97f4a7c15u ^ n;
	size_t i = 0;
	for (; i + 8 <= n; i += 8) {
		uint64_t v;
		memcpy(&v, s + i, 8);
		h = (h ^ v) * 0xff51afd7ed558ccdu;
		h ^= h >> 32;
	}
	if (i < n) {
		uint64_t v = 0;
		memcpy(&v, s + i, n - i);
		h = (h ^ v) * 0xff51afd7ed558ccdu;
		h ^= h >> 32;
	}
	return h ^ (h >> 29);
}

/* m->fn(s, n), from the memo when the text was seen before. s must stay
 * where it is while the memo is used. Very long lines are not kept: they
 * rarely repeat. */
static bool memo_test(struct memo *m, const char *s, size_t n)
{
	if (n > MEMO_LONG)
		return m->fn(s, n);
	if (!m->slot)
		m->slot = br_calloc(m->mask + 1, sizeof *m->slot);
	struct memo_slot *e = &m->slot[line_hash(s, n) & m->mask];
	if (e->s && e->n == n && memcmp(e->s, s, n) == 0)
		return e->result;
	bool r = m->fn(s, n);
	e->s = s;
	e->n = (uint32_t)n;
	e->result = r;
	return r;
}

/* ------------------------------------------------------------ the outline */

struct walk {
	struct br_label_outline *o;
	uint32_t top;
	unsigned depth;             /* quote depth of the line being read */
	size_t prose;               /* prose lines since the last heading */
	struct olevel ol[MAX_OUTLINE + 1];
	size_t ol_depth;
	int hash_rank[7];           /* rank given to "#".."######" on first sight */
	struct memo result;         /* result_line() of lines seen */
	struct memo intro;          /* generic_intro() of lines seen */
	struct memo command;        /* command_line() of lines seen */
	bool in_output;             /* below a command or prompt, before a blank line */
	bool fed;                   /* a line came under the ':' introduction on top */
	bool block_open;            /* reading the block right under that introduction */
	bool block_result;          /* ... and a result line came in it */
	size_t block_lines;         /* ... and this many lines of other text */
	uint32_t block_node;        /* the introduction's node (index + 1) */
	bool fresh;                 /* a ':' introduction is on top, nothing under it yet */
	uint32_t signature;         /* the node of a one-to-three-word standalone line */
	bool bold;                  /* the line being read is one bold span (bold_alone) */
	uint32_t turn_mark;         /* nodes from this index + 1 on came in a chat
				     * speaker's turn (0: not in a chat log) */
};

static const struct node *node_at(const struct br_label_outline *o, uint32_t ref)
{
	return ref ? &o->nodes[ref - 1] : NULL;
}

static void push(struct walk *w, enum kind kind, int rank, const char *s, size_t n)
{
	struct br_label_outline *o = w->o;
	while (w->top && o->nodes[w->top - 1].rank >= rank)
		w->top = o->nodes[w->top - 1].parent;
	if (rank < R_OUTLINE)
		w->ol_depth = 0; /* a section above the numbering starts it afresh */
	size_t off = o->text.len;
	size_t len = add_text(o, s, n);
	if (!len)
		return;
	if (o->nnodes >= UINT32_MAX - 1 || off > UINT32_MAX)
		return;
	o->nodes = br_grow(o->nodes, &o->cap, o->nnodes + 1, sizeof *o->nodes);
	struct node *nd = &o->nodes[o->nnodes++];
	nd->parent = w->top;
	nd->text = (uint32_t)off;
	nd->len = (uint16_t)len;
	nd->rank = (uint16_t)rank;
	nd->depth = (uint16_t)w->depth;
	nd->kind = (uint8_t)kind;
	nd->joined = 0;
	w->top = (uint32_t)o->nnodes;
	w->prose = 0;
}

static bool names_group(const char *s, size_t n);

/* Where the introduction s[0..n) starts naming a unit of rate at its end
 * ("All figures are in MB/s", "Bonnie figures are K/sec", "db3 (in
 * MiB/s)"), with the words that only lead to it ("All figures are in"):
 * that part says how to read the figures below, not whose they are. n
 * when there is none; 0 when it is all there is. */
static size_t unit_part(const char *s, size_t n)
{
	size_t m = n;
	while (m && (is_blankc(s[m - 1]) || s[m - 1] == ')'))
		m--;
	/* a remark after the unit goes with it: "K/sec only", "K/sec as
	 * printed", "MB/s throughout" */
	static const char *const remark[] = {"only", "throughout", "everywhere", "again", "as",
					     "printed", "shown", "given", "reported"};
	for (size_t words = 0; words < 2 && m; words++) {
		size_t a = m;
		while (a && is_alpha((unsigned char)s[a - 1]))
			a--;
		size_t k = 0;
		while (k < BR_ARRAY_LEN(remark) && !word_is(s + a, m - a, remark[k]))
			k++;
		if (a == m || k == BR_ARRAY_LEN(remark) || !a || !is_blankc(s[a - 1]))
			break;
		while (a && is_blankc(s[a - 1]))
			a--;
		m = a;
	}
	/* "MB/s", "K/sec", "kB/sec", "MiB/s": one to three letters from K, M
	 * or G, '/', "s" or "sec" */
	size_t e = m;
	while (e && is_alpha((unsigned char)s[e - 1]))
		e--;
	if (e < 2 || s[e - 1] != '/' || !(word_is(s + e, m - e, "s") || word_is(s + e, m - e, "sec")))
		return n;
	size_t b = e - 1;
	while (b && is_alpha((unsigned char)s[b - 1]))
		b--;
	if (e - 1 - b < 1 || e - 1 - b > 3 || (b && !is_blankc(s[b - 1]) && s[b - 1] != '(') ||
	    !strchr("KkMmGg", s[b]))
		return n;
	/* in parentheses with more ("(hdparm -tT, MB/s)"): all of them go */
	int depth = 0;
	for (size_t k = b; k-- > 0 && depth <= 0;)
		if (s[k] == ')' || s[k] == '(')
			if ((depth += s[k] == '(' ? 1 : -1) > 0)
				b = k;
	/* and the words that lead to it: "are in", "(in", ", all" */
	static const char *const lead[] = {"in", "are", "is", "all", "figures", "numbers", "results",
					   "the", "my", "our", "these", "hdparm", "bonnie", "rawio",
					   "values", "rates", "its", "their", "own"};
	for (;;) {
		while (b && (is_blankc(s[b - 1]) || s[b - 1] == '(' || s[b - 1] == ','))
			b--;
		size_t a = b;
		while (a && is_alpha((unsigned char)s[a - 1]))
			a--;
		size_t k = 0;
		while (k < BR_ARRAY_LEN(lead) && !word_is(s + a, b - a, lead[k]))
			k++;
		if (a == b || k == BR_ARRAY_LEN(lead))
			return b;
		b = a;
		while (b && s[b - 1] == '+')
			b--; /* "bonnie++" */
	}
}

static bool byline(const char *s, size_t n);

/* Is node nd a short name ("db3", "Machine: db3", "node07, /dev/sdb"),
 * not a sentence of where the figures come from ("The storage container,
 * from docker compose logs") nor a forum's byline ("Reply by joe")? */
static bool name_node(const struct br_label_outline *o, const struct node *nd)
{
	const char *t = o->text.data + nd->text;
	size_t e = title_word_end(t, nd->len);
	return count_words(t, nd->len) <= 4 && !word_is(t, e, "reply") && !word_is(t, e, "quote") &&
	       !word_is(t, e, "re") && !byline(t, nd->len);
}

/* Does the introduction s[0..n) name the next phase of the runs under
 * node nd's ("Before it was:" then "After the upgrade:", "Run 1:" then
 * "Run 2:"): a word of a phase first, or the same first word? (nd NULL:
 * a first phase under a name, "db3:" / "Before it was:"; "mars:" under
 * "Nightly check:" is a name of its own, as is "venus:" after it.) */
static bool next_phase(const struct br_label_outline *o, const struct node *nd, const char *s, size_t n)
{
	static const char *const phases[] = {"before", "after", "then", "now", "old", "new", "first",
					     "second", "third", "with", "without", "stock", "default",
					     "defaults", "tuned", "run", "try", "pass", "again"};
	size_t e = title_word_end(s, n);
	for (size_t k = 0; k < BR_ARRAY_LEN(phases); k++)
		if (word_is(s, e, phases[k]))
			return true;
	if (!nd)
		return false;
	const char *t = o->text.data + nd->text;
	size_t te = title_word_end(t, nd->len);
	return te == e && te && strncasecmp(s, t, e) == 0;
}

/* Push a ':' introduction; one that heads a group of runs ("our three
 * boxes") names none of them, nor does one that only names the unit
 * ("All figures are in MB/s"), but both still end the introductions
 * before it. */
static void push_intro(struct walk *w, const char *s, size_t n)
{
	if (n > 4 && memchr(s, '/', n)) {
		n = unit_part(s, n);
	}
	if (n && !names_group(s, n)) {
		/* "db3:" (or "Machine: db3") with nothing under it yet, then
		 * "Before it was:" ... "After the upgrade:": the runs of one
		 * machine, each titled under its name; a short introduction
		 * goes under the one above it, and after a result of its own
		 * (no prose between) the next takes its place */
		const struct node *top = node_at(w->o, w->top);
		int rank = R_COLON;
		if (top && top->kind == K_COLON && top->depth == w->depth && count_words(s, n) <= 4 &&
		    ((top->rank == R_COLON && w->fresh && name_node(w->o, top) && next_phase(NULL, NULL, s, n)) ||
		     (top->rank == R_SUBCOLON && !w->prose && next_phase(w->o, top, s, n))))
			rank = R_SUBCOLON;
		push(w, K_COLON, rank, s, n);
		return;
	}
	while (w->top && w->o->nodes[w->top - 1].rank >= R_COLON)
		w->top = w->o->nodes[w->top - 1].parent;
	w->prose = 0;
}

static void prose(struct walk *w)
{
	const struct br_label_outline *o = w->o;
	w->prose++;
	while (w->top && o->nodes[w->top - 1].kind == K_BULLET)
		w->top = o->nodes[w->top - 1].parent;
	if (w->top && o->nodes[w->top - 1].kind == K_COLON && w->prose > COLON_EXPIRY)
		w->top = o->nodes[w->top - 1].parent;
}

/* The outline level of an enumerated line (restarts at 1 nest). */
static size_t outline_level(struct walk *w, int style, int value)
{
	for (size_t k = w->ol_depth; k-- > 0;) {
		if (w->ol[k].style == style && value == w->ol[k].last + 1) {
			w->ol[k].last = value;
			w->ol_depth = k + 1;
			return k;
		}
	}
	size_t found = SIZE_MAX;
	for (size_t k = w->ol_depth; k-- > 0;)
		if (w->ol[k].style == style) {
			found = k;
			break;
		}
	if (found != SIZE_MAX && value != 1) {
		w->ol[found].last = value;
		w->ol_depth = found + 1;
		return found;
	}
	size_t k = w->ol_depth < MAX_OUTLINE ? w->ol_depth : MAX_OUTLINE;
	w->ol[k].style = style;
	w->ol[k].last = value;
	w->ol_depth = k + 1;
	return k;
}

static bool standalone(const struct br_doc *doc, size_t i)
{
	const struct br_line *l = &doc->lines[i];
	bool before = i == 0 || blank_line(&doc->lines[i - 1]) || (l->flags & BR_LINE_BLOCK_START);
	bool after = i + 1 >= doc->nlines || blank_line(&doc->lines[i + 1]) ||
		     (doc->lines[i + 1].flags & BR_LINE_BLOCK_START);
	if (l->flags & BR_LINE_PRE) {
		before = i == 0 || blank_line(&doc->lines[i - 1]);
		after = i + 1 >= doc->nlines || blank_line(&doc->lines[i + 1]);
	}
	return before && after;
}

/* Underlined heading at line i (line i + 1 is the underline): the text is
 * the nearest line ending with ':' among the few lines the underline spans
 * ("Configuration A:" / two description lines / "======"), else line i. */
static void underlined(struct walk *w, const struct br_doc *doc, size_t i, char c)
{
	size_t pick = i;
	const char *ul;
	size_t uln;
	span(&doc->lines[i + 1], &ul, &uln);
	for (size_t k = i + 1; k-- > 0 && i - k < 4;) {
		const char *s;
		size_t n;
		span(&doc->lines[k], &s, &n);
		if (!n || memo_test(&w->result, s, n) || n > uln + 4)
			break;
		if (s[n - 1] == ':') {
			pick = k;
			break;
		}
	}
	const char *s;
	size_t n;
	span(&doc->lines[pick], &s, &n);
	int rank = c == '=' ? R_UNDERLINE : c == '-' ? R_UNDERLINE + 10 : R_UNDERLINE + 20;
	push(w, K_HEADING, rank, s, n);
}

static bool title_like(const char *s, size_t n)
{
	if (!n || n > 80)
		return false;
	char e = s[n - 1];
	return e != '.' && e != ',' && e != ';' && !sentence_break(s, n);
}

/* Does a sentence run on from this line into the next? */
static bool continued(struct walk *w, const struct br_line *l)
{
	const char *s;
	size_t n;
	span(l, &s, &n);
	if (!n || memo_test(&w->result, s, n))
		return false;
	char e = s[n - 1];
	return e != '.' && e != '!' && e != '?' && e != ':' && e != ')';
}

/* Does the line break off in the middle of a sentence ("...doubled,",
 * "...the")? */
static bool mid_sentence(struct walk *w, const struct br_line *l)
{
	static const char *const words[] = {"and", "or", "but", "the", "a", "an", "of", "to",
					    "with", "for", "in", "on", "at", "by", "from", "that",
					    "which", "as"};
	const char *s;
	size_t n;
	span(l, &s, &n);
	if (!n || memo_test(&w->result, s, n))
		return false;
	char e = s[n - 1];
	if (e == ',' || e == ';' || e == '(' || e == '-')
		return true;
	size_t k = n;
	while (k && is_alpha((unsigned char)s[k - 1]))
		k--;
	for (size_t i = 0; i < BR_ARRAY_LEN(words); i++)
		if (n - k == strlen(words[i]) && has_word(s + k, n - k, words[i]))
			return true;
	return false;
}

/* A forum user name or a signature ("hans_w", "olga"): one word in lower
 * case, or with '_' or '@' in it. */
static bool user_name(const char *s, size_t n)
{
	if (count_words(s, n) != 1)
		return false;
	bool upper = false;
	for (size_t i = 0; i < n; i++) {
		if (s[i] == '_' || s[i] == '@')
			return true;
		upper |= s[i] >= 'A' && s[i] <= 'Z';
	}
	return !upper;
}

/* The key of a "Key words: details" line (its shape only: a capital or a
 * digit first, one ": ", two to six words before it in 40 bytes at most,
 * 80 bytes in all): its length, 0 if none. */
static size_t kv_key(const char *s, size_t n)
{
	if (n > 80 || !((s[0] >= 'A' && s[0] <= 'Z') || is_digit((unsigned char)s[0])))
		return 0;
	const char *c = NULL;
	for (size_t i = 0; i + 1 < n; i++)
		if (s[i] == ':' && s[i + 1] == ' ') {
			if (c)
				return 0; /* "Master: HD, Slave: HD" */
			c = s + i;
		}
	if (!c)
		return 0;
	size_t klen = (size_t)(c - s);
	size_t kw = count_words(s, klen);
	if (klen > 40 || kw < 2 || kw > 6)
		return 0;
	return klen;
}

/* "Host: alpha", "Server: atlas", "Machine: db-2", "RAID: Linux software
 * RAID-5": a key that says which machine or which array (host, hostname,
 * server, machine, node, box, raid, array), then a name of one to three
 * words. */
static bool machine_key(const char *s, size_t n)
{
	static const char *const keys[] = {"host", "hostname", "server", "machine", "node", "box",
					   "raid", "array"};
	/* asked of most lines: their first letter first */
	if (n > 60 || n < 6 || !strchr("hHsSmMnNbBrRaA", s[0]))
		return false;
	const char *c = memchr(s, ':', n < 10 ? n : 10);
	if (!c)
		return false;
	size_t k = (size_t)(c - s), v = k + 1;
	if (v >= n || !is_blankc(s[v]))
		return false;
	while (v < n && is_blankc(s[v]))
		v++;
	size_t words = count_words(s + v, n - v);
	if (v >= n || words < 1 || words > 3 || memchr(s + v, ':', n - v) || s[n - 1] == '.')
		return false;
	for (size_t i = 0; i < BR_ARRAY_LEN(keys); i++)
		if (k == strlen(keys[i]) && has_word(s, k, keys[i]))
			return true;
	return false;
}

/* "Key words: details" — a short key of two to six words starting the line. */
static bool key_value(struct walk *w, const char *s, size_t n)
{
	size_t klen = kv_key(s, n);
	if (!klen)
		return false;
	/* "Kernel version is: 2.6.8" states a fact about the machine */
	size_t k = klen;
	while (k && is_blankc(s[k - 1]))
		k--;
	size_t w0 = k;
	while (w0 && is_alpha((unsigned char)s[w0 - 1]))
		w0--;
	static const char *const verbs[] = {"is", "are", "was", "were", "be"};
	for (size_t v = 0; v < BR_ARRAY_LEN(verbs); v++)
		if (k - w0 == strlen(verbs[v]) && has_word(s + w0, k - w0, verbs[v]))
			return false;
	char e = s[n - 1];
	if (e == ',' || e == ';' || e == '?' || sentence_break(s, n))
		return false;
	return !memo_test(&w->intro, s, klen);
}

/* A new message starts here (a mail header block, a digest separator, an
 * "Original Message" line): nothing above titles what follows. */
/* Is line i the top border of a table or a box ("+------+-----+" over
 * "| disk | MB/s |", a reST grid table): no message separator. */
static bool top_border(const struct br_doc *doc, size_t i)
{
	const char *t;
	size_t tn;
	if (i + 1 >= doc->nlines)
		return false;
	span(&doc->lines[i + 1], &t, &tn);
	return tn && t[0] == '|';
}

/* Is s[0..n) a mail header line a client writes over a quoted or
 * forwarded message, in one of the languages it is set to: a header's name
 * ("Betreff", "Objet", "Asunto", "Oggetto", "Sent"...), ':' (" :" in
 * French), text? The names alone are common words ("Data:", "An:"), so
 * this only tells a line of a header block; see message_start. */
static bool header_line(const char *s, size_t n)
{
	static const char *const names[] = {
		"from", "to", "cc", "sent", "subject", "date",                 /* en */
		"von", "an", "betreff", "datum", "gesendet", "kopie",          /* de */
		"de", "objet", "envoy\xc3\xa9", "\xc3\x80", "a",               /* fr */
		"para", "asunto", "fecha", "enviado", "enviado el",            /* es ("CC" above) */
		"da", "oggetto", "data", "inviato", "inviato il",              /* it */
		"van", "aan", "onderwerp", "verzonden",                        /* nl */
		"assunto", "enviada", "enviada em",                            /* pt */
	};
	size_t c = 0;
	while (c < n && c < 14 && s[c] != ':')
		c++;
	if (c == 0 || c >= n || c == 14 || c + 2 > n)
		return false;
	size_t e = c;
	if (s[e - 1] == ' ')
		e--; /* "Objet :" */
	for (size_t k = 0; k < BR_ARRAY_LEN(names); k++)
		if (strlen(names[k]) == e && strncasecmp(s, names[k], e) == 0)
			return true;
	return false;
}

static bool message_start(const struct br_doc *doc, size_t i, const char *s, size_t n)
{
	bool after_break = i == 0 || blank_line(&doc->lines[i - 1]);
	if (n >= 20 && rule_line(s, n) && s[0] == s[n - 1] && after_break && !top_border(doc, i))
		return true;
	/* Outlook's separator, in the languages it is set to (the German
	 * "Ursprüngliche Nachricht" by its ASCII end: contains_ci folds ASCII) */
	static const char *const orig[] = {"original message", "ngliche nachricht", "message d'origine",
					   "mensaje original", "messaggio originale", "oorspronkelijk bericht",
					   "mensagem original", "forwarded message", "weitergeleitete nachricht",
					   "message transf", "mensaje reenviado", "messaggio inoltrato",
					   "doorgestuurd bericht", "mensagem encaminhada"};
	if (s[0] == '-' || s[0] == '_')
		for (size_t k = 0; k < BR_ARRAY_LEN(orig); k++)
			if (contains_ci(s, n < 48 ? n : 48, orig[k]))
				return true;
	/* a header block in any language: two header lines or more, the
	 * first after a break (header_rest: the others) */
	if (after_break && i + 1 < doc->nlines && n > 3 && n < 200 && is_alpha((unsigned char)s[0]) &&
	    header_line(s, n)) {
		const char *t;
		size_t tn;
		span(&doc->lines[i + 1], &t, &tn);
		if (tn && header_line(t, tn))
			return true;
	}
	if (!after_break)
		return false;
	/* (a MIME part's headers start its text as a message's do) */
	static const char *const hdr[] = {"From: ", "Subject: ", "Date: ", "Message: ", "Message-ID: ",
					  "MIME-Version: ", "Content-Type: ", "Content-Transfer-Encoding: "};
	if (s[0] != 'F' && s[0] != 'S' && s[0] != 'D' && s[0] != 'M' && s[0] != 'C')
		return false; /* none of hdr, nor "From " */
	for (size_t k = 0; k < BR_ARRAY_LEN(hdr); k++)
		if (n > strlen(hdr[k]) && memcmp(s, hdr[k], strlen(hdr[k])) == 0)
			return true;
	return n > 5 && memcmp(s, "From ", 5) == 0 && contains_ci(s, n, "@");
}

/* Is line i (s[0..n)) a header line under another one (header_line):
 * the rest of a header block, which titles nothing? */
static bool header_rest(const struct br_doc *doc, size_t i, const char *s, size_t n)
{
	if (i == 0 || n <= 3 || n >= 200 || !is_alpha((unsigned char)s[0]) || !header_line(s, n))
		return false;
	const char *t;
	size_t tn;
	span(&doc->lines[i - 1], &t, &tn);
	return tn && header_line(t, tn);
}

/* A forum's or a link aggregator's furniture between posts: "Reply",
 * "Share", "Report", "Save", "Permalink", "level 2", "12 comments", "3
 * points", "Posted by u/name", "u/name" alone. The post below it is
 * another one's (or none); what titled the post above does not title it. */
static bool chrome_line(const char *s, size_t n)
{
	static const char *const alone[] = {"reply", "share", "report", "save", "permalink",
					    "give award", "award", "more replies", "continue this thread"};
	static const char *const counted[] = {"comments", "comment", "replies", "points", "point",
					      "upvotes", "votes"};
	if (n > 40 || !strchr("RrSsPpGgAaMmCcLlUu0123456789", s[0]))
		return false;
	if (n > 2 && (s[0] == 'u' || s[0] == 'U') && s[1] == '/')
		return count_words(s, n) == 1;
	if (n > 12 && memcmp(s, "Posted by u/", 12) == 0)
		return true;
	for (size_t k = 0; k < BR_ARRAY_LEN(alone); k++)
		if (word_is(s, n, alone[k]))
			return true;
	size_t e = title_word_end(s, n), b = e;
	while (b < n && is_blankc(s[b]))
		b++;
	if (b == e || b >= n)
		return false;
	/* "level 2"; "12 comments" */
	bool num_after = true, num_before = true;
	for (size_t k = b; k < n; k++)
		num_after = num_after && is_digit((unsigned char)s[k]);
	for (size_t k = 0; k < e; k++)
		num_before = num_before && (is_digit((unsigned char)s[k]) || s[k] == '.' || s[k] == 'k');
	if (num_after && word_is(s, e, "level"))
		return true;
	for (size_t k = 0; num_before && is_digit((unsigned char)s[0]) && k < BR_ARRAY_LEN(counted); k++)
		if (word_is(s + b, n - b, counted[k]))
			return true;
	return false;
}

bool br_label_message_start(const struct br_doc *doc, size_t i)
{
	const char *s;
	size_t n;
	span(&doc->lines[i], &s, &n);
	return n && message_start(doc, i, s, n);
}

/* Could the line be a heading at all? (Most lines cannot; this is cheap.) */
/* Could s[0..n), line i, be a name over the result below it
 * (name_over_result)? A short line of a few words over a longer one. */
static bool device_head(const char *s, size_t n);

static bool name_shape(const struct br_doc *doc, size_t i, const char *s, size_t n)
{
	if (n > 30 || i + 1 >= doc->nlines || strchr(".,;:!?)", s[n - 1]))
		return false;
	/* (past hdparm's "/dev/sda:" over its figures) */
	if (i + 2 < doc->nlines && doc->lines[i + 1].len && doc->lines[i + 1].text[0] == '/' &&
	    device_head(doc->lines[i + 1].text, doc->lines[i + 1].len))
		i++;
	if (doc->lines[i + 1].len < 20)
		return false;
	/* the line below holds figures early on (a row, a CSV line, a
	 * timing line) */
	const char *t = doc->lines[i + 1].text;
	size_t tn = doc->lines[i + 1].len < 40 ? doc->lines[i + 1].len : 40, k = 0;
	while (k < tn && !is_digit((unsigned char)t[k]))
		k++;
	return k < tn && count_words(s, n) <= 3;
}

static bool maybe_heading(const struct br_doc *doc, size_t i, const char *s, size_t n)
{
	unsigned char c = (unsigned char)s[0];
	if (s[n - 1] == ':' || strchr("#-*+=~$%(/", c) || c >= 0x80)
		return true;
	int style, value;
	if (enumerator(s, n, &style, &value))
		return true;
	if (i + 1 < doc->nlines && underline_char(&doc->lines[i + 1]))
		return true;
	if (standalone(doc, i) || name_shape(doc, i, s, n))
		return true;
	return has_pair(s, n, ':', ' ');
}

/* Code, not a title: "#print "yo $l\n";", "# foo() {", "# $x =~ /y/". */
static bool code_like(const char *s, size_t n)
{
	char e = s[n - 1];
	if (e == ';' || e == '{' || e == '}')
		return true;
	for (size_t i = 0; i + 1 < n; i++) {
		if (s[i] == '$' && (is_alpha((unsigned char)s[i + 1]) || s[i + 1] == '{' || s[i + 1] == '_'))
			return true;
		if ((s[i] == '=' && (s[i + 1] == '~' || s[i + 1] == '=')) || (s[i] == '-' && s[i + 1] == '>'))
			return true;
	}
	return false;
}

/* Where the first word of s[0..n) ends: its first blank, n if none. Asked
 * of every line the outline reads, some of which are one long word (a CSV
 * record, a URL): past a few bytes, memchr() looks for the blanks. */
static size_t word_end(const char *s, size_t n)
{
	size_t j = 0;
	for (; j < n && j < 16; j++)
		if (is_blankc(s[j]))
			return j;
	if (j >= n)
		return n;
	const char *sp = memchr(s + j, ' ', n - j);
	size_t e = sp ? (size_t)(sp - s) : n;
	const char *tab = memchr(s + j, '\t', e - j);
	return tab ? (size_t)(tab - s) : e;
}

/* A shell prompt before a command: "user@host:~$ iperf -c x", "[root@db ~]# ls",
 * "bash-3.2$ make", "C:\>dir": a first word ending in '$', '#' or '>'
 * (or holding "@" and ":"), then more. */
static bool prompt_line(const char *s, size_t n)
{
	size_t j = word_end(s, n);
	if (j < 2 || j >= n)
		return false;
	char e = s[j - 1];
	if (e == '$' || e == '#' || (e == '>' && j >= 3 && s[j - 2] == '\\'))
		return true;
	if (e == ']' && memchr(s, '@', j) && j + 1 < n && (s[j + 1] == '$' || s[j + 1] == '#'))
		return true;
	return memchr(s, '@', j) && memchr(s, ':', j) && (e == '$' || e == '#');
}

/* "Key: value" or "Key=value" near the line start: the shape of a settings
 * dump ("PIO modes:  pio0 pio1", "Model=Maxtor, FwRev=NAR61590"). */
static bool kv_shape(const struct br_line *l)
{
	const char *s;
	size_t n;
	span(l, &s, &n);
	if (!n || !(is_alpha((unsigned char)s[0]) || is_digit((unsigned char)s[0])))
		return false;
	for (size_t i = 1; i < n && i < 40; i++) {
		if (s[i] == '=' && s[i - 1] != ' ')
			return true;
		if (s[i] == ':' && (i + 1 == n || is_blankc(s[i + 1])))
			return i + 1 < n;
	}
	return false;
}

/* A settings line ("Key: value", "Key=value") or a bare "key:". */
static bool key_line(const struct br_line *l)
{
	if (kv_shape(l))
		return true;
	const char *s;
	size_t n;
	span(l, &s, &n);
	if (n < 2 || s[n - 1] != ':')
		return false;
	for (size_t i = 0; i + 1 < n; i++)
		if (!is_alpha((unsigned char)s[i]) && s[i] != '_' && s[i] != '-')
			return false;
	return true;
}

/* Words that make no title on their own: greetings, sign-offs, fillers. */
static bool filler_word(const char *s, size_t n)
{
	static const char *const words[] = {
		"hello", "hi", "hey", "hiya", "greetings", "thanks", "thank you", "thx", "regards",
		"cheers", "there", "here", "this", "that", "these", "so", "and", "also", "then",
		"yes", "no", "ok", "okay", "well", "hmm", "sorry", "bye", "ciao", "dear all",
		"hi all", "hello all", "hi everyone", "hello everyone", "best regards", "kind regards",
		"many thanks", "thanks again",
	};
	while (n && (s[n - 1] == '!' || s[n - 1] == ',' || is_blankc(s[n - 1])))
		n--;
	for (size_t i = 0; i < BR_ARRAY_LEN(words); i++) {
		size_t m = strlen(words[i]);
		if (m == n) {
			size_t k = 0;
			while (k < m && lower((unsigned char)s[k]) == words[i][k])
				k++;
			if (k == m)
				return true;
		}
	}
	return false;
}

/* The last word of s[0..n) is one a login prompt ends with. */
static bool prompt_word(const char *s, size_t n)
{
	static const char *const words[] = {"password", "passphrase", "passwd", "login", "username"};
	size_t k = n;
	while (k && is_alpha((unsigned char)s[k - 1]))
		k--;
	for (size_t i = 0; i < BR_ARRAY_LEN(words); i++)
		if (n - k == strlen(words[i]) && has_word(s + k, n - k, words[i]))
			return true;
	return false;
}

/* Step of line_resets: a ':' introduction titles the block right under it
 * ("Capabilities:" over "LBA, IORDY(can be disabled)" and "Queue depth:
 * 32", an hdparm -I dump); when that block, two lines or more up to the
 * blank line, held no result, what it introduced is over: a result after
 * the blank line (the same post's hdparm -tT) is not its. */
static void colon_block_ends(struct walk *w)
{
	bool spent = w->block_open && w->block_lines >= 2 && !w->block_result;
	w->block_open = false;
	/* the introduction and what its block pushed (bullets, "Queue
	 * depth: 32") */
	while (spent && w->top && w->top >= w->block_node)
		w->top = w->o->nodes[w->top - 1].parent;
}

/* Step of line_resets: a ':' introduction titles the paragraph or block
 * under it; a new paragraph of prose after it (the blank line i, then a
 * sentence) is the poster talking again, and what that paragraph says
 * ("And the laptop with hdparm -tT gives 7712 MB/sec cached") is not the
 * introduction's. A heading, a ':' line, a result or a short line after
 * the blank line leaves it open. */
static void colon_paragraph_ends(struct walk *w, const struct br_doc *doc, size_t i)
{
	const struct node *top = node_at(w->o, w->top);
	if (!top || top->kind != K_COLON || !w->fed || i + 1 >= doc->nlines)
		return;
	const struct br_line *l = &doc->lines[i + 1];
	const char *s;
	size_t n;
	span(l, &s, &n);
	/* (a sentence of its own between blank lines is no heading) */
	if (n < 30 || l->depth != top->depth || !is_alpha((unsigned char)s[0]) ||
	    (maybe_heading(doc, i + 1, s, n) && !strchr(".!?", s[n - 1])) || count_words(s, n) < 6)
		return;
	/* words, not a row of figures; a sentence: its paragraph (a few
	 * lines) ends as one does */
	struct line_counts lc;
	count_line(s, n, &lc);
	if (lc.num * 3 >= lc.tok)
		return;
	/* (the paragraph ends at a blank line, or right over the next
	 * result: "Now the laptop, which is much older." / its figures) */
	for (size_t j = i + 1; j < doc->nlines && j < i + 5; j++) {
		span(&doc->lines[j], &s, &n);
		const char *t = NULL;
		size_t tn = 0;
		if (j + 1 < doc->nlines)
			span(&doc->lines[j + 1], &t, &tn);
		if (!n || (j + 1 < doc->nlines &&
			   (!tn || (strchr(".!?:", s[n - 1]) && s[0] != '/' && memo_test(&w->result, t, tn) &&
				    !memo_test(&w->result, s, n))))) {
			if (n && strchr(".!?:", s[n - 1]))
				w->top = top->parent;
			return;
		}
	}
}

/* Step of classify_line: a blank line, a quoted part ending or a new message
 * resets the walk; returns true when the line needs nothing more. */
static bool line_resets(struct walk *w, const struct br_doc *doc, size_t i, const char *s, size_t n)
{
	const struct br_line *l = &doc->lines[i];
	if (!n) {
		w->in_output = false;
		w->turn_mark = 0;
		/* a name over a result (name_over_result) titles that block */
		if (w->top && w->o->nodes[w->top - 1].rank == R_NAME)
			w->top = w->o->nodes[w->top - 1].parent;
		colon_block_ends(w);
		colon_paragraph_ends(w, doc, i);
		return true;
	}
	/* headings inside a quoted part end with it */
	w->depth = l->depth;
	while (w->top && w->o->nodes[w->top - 1].depth > l->depth)
		w->top = w->o->nodes[w->top - 1].parent;
	if (message_start(doc, i, s, n) || chrome_line(s, n)) {
		w->in_output = false;
		w->top = 0;
		w->ol_depth = 0;
		w->prose = 0;
		return true;
	}
	if (header_rest(doc, i, s, n))
		return true;
	if (l->flags & BR_LINE_TURN) {
		/* a chat log's next speaker: what the one before said
		 * introduces nothing of theirs (what titled the log above
		 * it still does); their own line may */
		while (w->turn_mark && w->top >= w->turn_mark)
			w->top = w->o->nodes[w->top - 1].parent;
		w->turn_mark = (uint32_t)w->o->nnodes + 1;
		w->in_output = false;
	}
	return false;
}

/* Step of classify_line: a title over a line of '=' or '-' as long as about
 * half of it; returns true (and skips the underline) when it is one. */
static bool underlined_title(struct walk *w, const struct br_doc *doc, size_t i, const char *s, size_t n,
			     bool *skip_next)
{
	if (!(i + 1 < doc->nlines && !rule_line(s, n) && title_like(s, n) && !w->in_output))
		return false;
	char c = underline_char(&doc->lines[i + 1]);
	const char *u;
	size_t un;
	span(&doc->lines[i + 1], &u, &un);
	if (c && (un * 2 >= count_chars(s, n) || un >= 20)) {
		underlined(w, doc, i, c);
		*skip_next = true;
		return true;
	}
	return false;
}

/*
 * Step of classify_line: a title boxed by two rule lines of one character
 * ("####" / "# disk-check on web01" / "####", "=====" / " Results" /
 * "=====", a script's banner around each pass): a heading above the
 * banners inside the box's section ("----- hdparm /dev/sda -----"); the
 * box's marks at both ends of the title are left out. Skips the rule
 * below.
 */
static bool boxed_title(struct walk *w, const struct br_doc *doc, size_t i, const char *s, size_t n,
			bool *skip_next)
{
	if (i == 0 || i + 1 >= doc->nlines || w->in_output || n > 100)
		return false;
	char c = underline_char(&doc->lines[i - 1]);
	if (!c || underline_char(&doc->lines[i + 1]) != c)
		return false;
	const char *a, *b;
	size_t an, bn;
	span(&doc->lines[i - 1], &a, &an);
	span(&doc->lines[i + 1], &b, &bn);
	if (an < 10 || bn < 10)
		return false;
	while (n && (s[0] == c || is_blankc(s[0])))
		s++, n--;
	while (n && (s[n - 1] == c || is_blankc(s[n - 1])))
		n--;
	if (!n || !(is_alpha((unsigned char)s[0]) || is_digit((unsigned char)s[0])))
		return false;
	push(w, K_HEADING, R_BOXED, s, n);
	*skip_next = true;
	return true;
}

/* Step of hash_line: the rank of an h-hash heading, fixed where the first
 * one appears: just below what is open there, above longer hash runs. */
static int hash_rank(struct walk *w, size_t h)
{
	if (!w->hash_rank[h]) {
		/* ranked just below what is open where it first appears */
		const struct node *top = node_at(w->o, w->top);
		while (top && top->kind == K_BULLET)
			top = node_at(w->o, top->parent);
		int r = top ? top->rank + 5 : R_HASH + (int)h;
		for (size_t k = 1; k < h; k++)
			if (w->hash_rank[k] >= r)
				r = w->hash_rank[k] + 1;
		w->hash_rank[h] = r;
	}
	return w->hash_rank[h];
}

/* Step of classify_line: a line starting with '#' is a "## Heading", or a
 * shell prompt or comment that titles nothing. */
static void hash_line(struct walk *w, const char *s, size_t n)
{
	size_t h = 0;
	while (h < n && s[h] == '#')
		h++;
	if (h <= 6 && h < n && !memo_test(&w->command, s, n) && s[h] != '!' && n <= 160 && !code_like(s, n)) {
		size_t t = h;
		while (t < n && is_blankc(s[t]))
			t++;
		if (t < n && (is_alpha((unsigned char)s[t]) || is_digit((unsigned char)s[t])))
			push(w, K_HEADING, hash_rank(w, h), s + h, n - h);
	}
}

/* Step of classify_line: an Org heading below the top level ("** NVMe
 * (Samsung 980 Pro)", "*** ext4"): two to six stars, a blank, a title
 * (not "** bold **", not a rule of stars), ranked by its stars as "#"
 * headings are. One star is a bullet's mark as much as Org's first
 * level, and stays a bullet. False when s is no such heading. */
static bool org_heading(struct walk *w, const char *s, size_t n)
{
	size_t h = 0;
	while (h < n && s[h] == '*')
		h++;
	if (h < 2 || h > 6 || h + 1 >= n || s[h] != ' ' || s[n - 1] == '*' || n > 160)
		return false;
	size_t t = h;
	while (t < n && is_blankc(s[t]))
		t++;
	if (t >= n || !(is_alpha((unsigned char)s[t]) || is_digit((unsigned char)s[t])))
		return false;
	push(w, K_HEADING, hash_rank(w, h), s + t, n - t);
	return true;
}

/* An Org keyword line: "#+CAPTION: text" titles the block below it, as a
 * caption does (in the place of the caption before it); "#+TITLE: text" is
 * the document's title; the others ("#+BEGIN_EXAMPLE", "#+NAME: t1") are
 * markup that titles nothing. False when s is no keyword line. */
static bool org_keyword(struct walk *w, const char *s, size_t n)
{
	if (n < 3 || s[0] != '#' || s[1] != '+' || !is_alpha((unsigned char)s[2]))
		return false;
	size_t e = 2;
	while (e < n && (is_alpha((unsigned char)s[e]) || s[e] == '_'))
		e++;
	if (e >= n || s[e] != ':')
		return true;
	bool caption = word_is(s + 2, e - 2, "caption"), title = word_is(s + 2, e - 2, "title");
	size_t t = e + 1;
	while (t < n && is_blankc(s[t]))
		t++;
	if (t < n && caption)
		push(w, K_COLON, R_COLON, s + t, n - t);
	else if (t < n && title)
		push(w, K_HEADING, R_HTML + 10, s + t, n - t);
	return true;
}

/* Step of classify_line: "1." / "a)" items short enough to title a part;
 * returns false when the line has no enumerator. */
static bool outline_item(struct walk *w, const char *s, size_t n)
{
	int style, value;
	size_t e = enumerator(s, n, &style, &value);
	if (!e)
		return false;
	if (n - e <= 80 && count_words(s + e, n - e) <= 14) {
		size_t lv = outline_level(w, style, value);
		push(w, K_OUTLINE, R_OUTLINE + 10 * (int)lv, s + e, n - e);
	} else {
		prose(w);
	}
	return true;
}

/* Step of classify_line: "- item", "* item", "• item" short enough to title
 * a part; returns false when the line is no bullet. */
static bool bullet_item(struct walk *w, const char *s, size_t n)
{
	/* ("-t on the new board", "-T and -t:": a one-letter option, no
	 * bullet; "-hw raid" is one) */
	bool option = s[0] == '-' && n > 2 && is_alpha((unsigned char)s[1]) && (is_blankc(s[2]) || s[2] == ',');
	bool bullet = (s[0] == '-' || s[0] == '*' || s[0] == '+') && n > 1 && s[1] != s[0] && !option;
	if (n >= 3 && (unsigned char)s[0] == 0xe2 && (unsigned char)s[1] == 0x80 && (unsigned char)s[2] == 0xa2)
		bullet = true;
	if (!bullet)
		return false;
	size_t t = s[0] == '-' || s[0] == '*' || s[0] == '+' ? 1 : 3;
	while (t < n && is_blankc(s[t]))
		t++;
	if (t < n && n - t <= 60 && count_words(s + t, n - t) <= 10 &&
	    (is_alpha((unsigned char)s[t]) || is_digit((unsigned char)s[t]) || s[t] == '(')) {
		push(w, K_BULLET, R_BULLET, s + t, n - t);
	} else {
		prose(w);
	}
	return true;
}

/* Step of colon_line: an introduction wrapped onto this line from the
 * lines above ("The first SATA box (hdparm 6.1; these -T figures are
 * doubled," / "6.9 fixed that):"), up to three of them: all make one
 * introduction when the first starts the sentence (a capital or a digit
 * after a blank line or a finished sentence); else prose. */
static bool joined_intro(struct walk *w, const struct br_doc *doc, size_t i, const char *s, size_t m)
{
	size_t top = i - 1;
	while (top > 0 && i - top < 3 && continued(w, &doc->lines[top - 1]))
		top--;
	const char *ps;
	size_t pn;
	span(&doc->lines[top], &ps, &pn);
	bool first = top == 0 || !continued(w, &doc->lines[top - 1]);
	/* "and the file server, where ..." after a blank line: the
	 * sentence starts after its "and" */
	size_t skip = 0;
	if (first && ps[0] >= 'a' && ps[0] <= 'z' && starts_with_conjunction(ps, pn) &&
	    (top == 0 || blank_line(&doc->lines[top - 1]))) {
		skip = title_word_end(ps, pn);
		while (skip < pn && is_blankc(ps[skip]))
			skip++;
	}
	bool starts = first && (skip || (ps[0] >= 'A' && ps[0] <= 'Z') || is_digit((unsigned char)ps[0]));
	char joined[400];
	size_t jm = 0;
	for (size_t k = top; starts && k <= i; k++) {
		if (k < i)
			span(&doc->lines[k], &ps, &pn);
		else
			ps = s, pn = m;
		if (k == top)
			ps += skip, pn -= skip;
		if (jm + pn + 1 >= sizeof joined)
			starts = false;
		else {
			if (jm)
				joined[jm++] = ' ';
			memcpy(joined + jm, ps, pn);
			jm += pn;
		}
	}
	size_t t = 0, tn = 0;
	if (!starts || count_words(joined, jm) > (i - top > 1 ? 40 : 24))
		return false;
	if (sentence_break(joined, jm)) {
		/* two sentences: a title only when the last is a remark on
		 * what follows and the one before it titles */
		size_t st = titling_sentence(joined, jm, &tn);
		if (st + tn == jm || count_words(joined + st, tn) > 12)
			return false;
		push_intro(w, joined + st, tn);
		return true;
	}
	if (generic_intro(joined, jm)) {
		if ((t = intro_tail(joined, jm)))
			tn = jm - t;
		else if (!intro_lead(joined, jm, &t, &tn))
			return false;
	} else {
		tn = jm;
	}
	size_t before = w->o->nnodes;
	push_intro(w, joined + t, tn);
	if (w->o->nnodes > before && w->top == w->o->nnodes)
		w->o->nodes[w->top - 1].joined = 1;
	return true;
}

/* Step of colon_line: an introduction that starts with "and", "but", "or",
 * "so", "then" or "also" goes on from a sentence above. */
/* "Hi all, ", "Hello everyone, ", "Thanks, ", "OK, ", "yeah, ", "Mine, ":
 * a greeting, a thanks, an interjection or a pronoun of up to three words
 * and a comma opening s[0..m); the offset of what follows it, 0 when there
 * is none. */
static size_t greeting_end(const char *s, size_t m)
{
	static const char *const greet[] = {"hi", "hello", "hey", "dear", "thanks", "thank",
					    "ok", "okay", "well", "cheers", "greetings", "yeah",
					    "yes", "yep", "sure", "anyway", "mine", "ours"};
	size_t e = 0, g = 0;
	while (e < m && is_alpha((unsigned char)s[e]))
		e++;
	int c0 = e ? lower((unsigned char)s[0]) : 0;
	while (g < BR_ARRAY_LEN(greet) && (greet[g][0] != c0 || !word_is(s, e, greet[g])))
		g++;
	if (g == BR_ARRAY_LEN(greet))
		return 0;
	const char *c = memchr(s, ',', m < 30 ? m : 30);
	if (!c || count_words(s, (size_t)(c - s)) > 3)
		return 0;
	size_t k = (size_t)(c - s) + 1;
	while (k < m && is_blankc(s[k]))
		k++;
	/* "Mine, for comparison:" says more with its pronoun than
	 * without: a pronoun goes before a thing named only */
	if (g >= BR_ARRAY_LEN(greet) - 2 && !names_thing(s + k, m - k))
		return 0;
	return k < m ? k : 0;
}

static bool starts_with_conjunction(const char *s, size_t m)
{
	return has_word(s, m < 5 ? m : 5, "and") || has_word(s, m < 4 ? m : 4, "but") ||
	       has_word(s, m < 3 ? m : 3, "or") || has_word(s, m < 3 ? m : 3, "so") ||
	       has_word(s, m < 5 ? m : 5, "then") || has_word(s, m < 5 ? m : 5, "also");
}

/* Was the line above filled up to a wrap and broken mid-sentence ("...two
 * mirrored disks on the onboard" / "SATA ports:")? A line of 55 bytes or
 * more that does not end a sentence. */
static bool wrapped_above(struct walk *w, const struct br_line *l)
{
	const char *s;
	size_t n;
	span(l, &s, &n);
	return n >= 55 && continued(w, l) && s[n - 1] != ',' && !(l->flags & BR_LINE_TABLE_ROW);
}

/* The last byte of line l, 0 when it is blank. */
static char last_char(const struct br_line *l)
{
	const char *s;
	size_t n;
	span(l, &s, &n);
	return n ? s[n - 1] : 0;
}

/* Step of colon_line: is l a command at a shell prompt ("# pdsh -w ...",
 * "$ kubectl logs ...", "user@host:~$ hdparm -t /dev/sda")? */
static bool shell_command(struct walk *w, const struct br_line *l)
{
	const char *s;
	size_t n;
	span(l, &s, &n);
	if (n < 3)
		return false;
	if ((s[0] == '#' || s[0] == '$' || s[0] == '%') && s[1] == ' ')
		return s[0] != '#' || memo_test(&w->command, s, n);
	return prompt_line(s, n);
}

/* Step of colon_line: is l a line of settings ("Key: value", a bare
 * "key:") beside which a one-word "name:" is one more key? A result line
 * ("Timing buffered disk reads: 612 MB in ...", a tool's own "label:
 * figures") is no setting: pdsh's "node18:" under the figures of
 * "node17:" names the next host's output as "node17:" did. */
static bool settings_key(struct walk *w, const struct br_line *l)
{
	const char *s;
	size_t n;
	span(l, &s, &n);
	return key_line(l) && !memo_test(&w->result, s, n);
}

/* Is the last line above line i that is not blank (within two) a
 * result's? */
static bool result_above(struct walk *w, const struct br_doc *doc, size_t i)
{
	for (size_t k = i; k-- > 0 && k + 3 > i;) {
		const char *t;
		size_t tn;
		span(&doc->lines[k], &t, &tn);
		if (tn)
			return memo_test(&w->result, t, tn);
	}
	return false;
}

/* Names over columns side by side ("t400:      |    x220:"): a ':' then a
 * wide gap (three blanks or more, or a tab or '|') before more text. */
static bool column_names(const char *s, size_t n)
{
	for (const char *c = memchr(s, ':', n); c; c = memchr(c + 1, ':', n - (size_t)(c + 1 - s))) {
		size_t k = (size_t)(c - s) + 1, g = k;
		bool mark = false;
		while (g < n && (is_blankc(s[g]) || s[g] == '|'))
			mark = mark || s[g] != ' ', g++;
		if (g < n && (g - k >= 3 || mark))
			return true;
	}
	return false;
}

/* Does s[0..n) start with "I", "we" or "you" (the speaker of "I get:")? */
static bool starts_with_speaker(const char *s, size_t n)
{
	size_t e = title_word_end(s, n);
	return word_is(s, e, "i") || word_is(s, e, "we") || word_is(s, e, "you");
}

/* Step of colon_line: s[0..m), the line's last sentence (`cut`: a
 * sentence before it was left out), is a generic introduction ("Here's
 * what I got on the new array", "I get"): it titles with its end, or
 * with the line above it joins, or not at all. */
static void intro_colon(struct walk *w, const struct br_doc *doc, size_t i, const char *s, size_t m, size_t cut)
{
	/* "With the sata_nv driver from 2.6.16" / "I get:": the
	 * speaker and the verb wrapped onto a line of their own */
	if (!cut && i > 0 && count_words(s, m) <= 3 && starts_with_speaker(s, m) &&
	    continued(w, &doc->lines[i - 1]) && joined_intro(w, doc, i, s, m))
		return;
	/* "Hans" above "James wrote:" signs the message off */
	if (w->signature && w->top == w->signature &&
	    (has_word(s, m, "wrote") || has_word(s, m, "writes") || has_word(s, m, "schrieb")))
		w->top = w->o->nodes[w->top - 1].parent;
	/* "Here's what I got on the new array:" titles with its end */
	size_t t = intro_tail(s, m), tn = m - t;
	bool named = t || intro_lead(s, m, &t, &tn) || subject_intro(s, m, &tn);
	if (named && !sentence_break(s, m) && count_words(s + t, tn) <= 12) {
		push_intro(w, s + t, tn);
	} else if (w->top && w->o->nodes[w->top - 1].kind == K_COLON && result_above(w, doc, i)) {
		/* "In my case I get:" after a result: the introduction
		 * above was that result's, not this one's */
		w->top = w->o->nodes[w->top - 1].parent;
	}
}

/* A notebook's cell prompt, "In [12]" or "Out[13]" (IPython, Jupyter):
 * furniture around a cell, no title of its output. */
static bool cell_prompt(const char *s, size_t m)
{
	size_t k = m >= 2 && s[0] == 'I' && s[1] == 'n' ? 2 : m >= 3 && memcmp(s, "Out", 3) == 0 ? 3 : 0;
	if (!k || m < k + 3)
		return false;
	while (k < m && s[k] == ' ')
		k++;
	if (k >= m || s[k] != '[' || s[m - 1] != ']')
		return false;
	for (k++; k + 1 < m; k++)
		if (!is_digit((unsigned char)s[k]) && s[k] != ' ')
			return false;
	return true;
}

/* Step of classify_line: a line ending in ':' introduces what follows
 * (K_COLON), unless it is a front-matter key, a sign-off, a path or a
 * sentence too long to title anything. */
static void colon_line(struct walk *w, const struct br_doc *doc, size_t i, const char *s, size_t n)
{
	size_t m = n - 1;
	while (m && is_blankc(s[m - 1]))
		m--;
	if (!m)
		return;
	/* "Looks fine. For comparison, my old box:" introduces with its
	 * last sentence (or the one before a remark: titling_sentence) */
	size_t tn, cut = titling_sentence(s, m, &tn);
	if (tn < m) {
		prose(w);
		s += cut;
		m = tn;
		cut = cut ? cut : 1; /* (a sentence was left out) */
	}
	if (memo_test(&w->intro, s, m)) {
		intro_colon(w, doc, i, s, m, cut);
		return;
	}
	if (s[0] == '/' || (s[0] == '[' && s[m - 1] == ']') || prompt_word(s, m) || column_names(s, m) ||
	    cell_prompt(s, m))
		return;
	/* a sentence that goes on from the line above starts in lower case */
	size_t words = count_words(s, m);
	bool lower_start = s[0] >= 'a' && s[0] <= 'z';
	/* "description:" / "password:" of front matter: a key with
	 * nothing after it among other keys */
	if (words == 1 && lower_start &&
	    ((i > 0 && settings_key(w, &doc->lines[i - 1])) ||
	     (i + 1 < doc->nlines && settings_key(w, &doc->lines[i + 1]))))
		return;
	const struct br_line *prev = i > 0 && !(doc->lines[i].flags & BR_LINE_BLOCK_START) ? &doc->lines[i - 1] : NULL;
	/* a command line above ("# pdsh -w cn0[01-02] 'hdparm -tT /dev/sdb'")
	 * is no sentence this one goes on from: "cn001:" names its output */
	if (prev && shell_command(w, prev))
		prev = NULL;
	/* (after a ';' the sentence goes on, whatever case it goes on in:
	 * "... on each disk of the backup box;" / "I copy the reads into
	 * this table (MB/sec):") */
	bool joins = !cut && prev &&
		     (lower_start ? continued(w, prev)
				  : (is_digit((unsigned char)s[0]) || last_char(prev) == ';') && mid_sentence(w, prev));
	/* a line that only may go on from a full line above stands alone
	 * when the two make no introduction */
	if ((joins || (!cut && prev && !lower_start && wrapped_above(w, prev))) && joined_intro(w, doc, i, s, m))
		return;
	if (joins) {
		prose(w);
		return;
	}
	size_t g = greeting_end(s, m);
	if (g) {
		/* "Hi all, first host:": the name after the greeting */
		s += g;
		m -= g;
	}
	if (lower_start && starts_with_conjunction(s, m)) {
		/* "and the old box, quoted twice:" after a blank line, a
		 * result or a finished sentence (a line the sentence went on
		 * from joined above): the introduction after its "and" */
		size_t k = title_word_end(s, m);
		while (k < m && is_blankc(s[k]))
			k++;
		s += k;
		m -= k;
		if (!m)
			return;
	}
	/* "Using the stock firmware I see:": the part before the speaker */
	size_t lt = 0, ln = m;
	if (m <= 80 && words <= 14 && !sentence_break(s, m) &&
	    (is_alpha((unsigned char)s[0]) || is_digit((unsigned char)s[0]) || s[0] == '(' || s[0] == '"')) {
		intro_lead(s, m, &lt, &ln);
		push_intro(w, s + lt, ln);
	} else {
		prose(w);
	}
}

/* Does s[0..n) hold a date with its weekday: a weekday's and a month's
 * short name as words, and a year 19xx or 20xx? */
static bool dated(const char *s, size_t n)
{
	static const char *const days[] = {"mon", "tue", "wed", "thu", "fri", "sat", "sun"};
	static const char *const months[] = {"jan", "feb", "mar", "apr", "may", "jun",
					     "jul", "aug", "sep", "oct", "nov", "dec"};
	bool day = false, month = false, year = false;
	for (size_t i = 0; i < n;) {
		size_t j = word_at(s, n, &i);
		if (j - i == 4 && (memcmp(s + i, "19", 2) == 0 || memcmp(s + i, "20", 2) == 0) &&
		    is_digit((unsigned char)s[i + 2]) && is_digit((unsigned char)s[i + 3]))
			year = true;
		for (size_t k = 0; k < BR_ARRAY_LEN(days) && j - i == 3; k++)
			day = day || word_is(s + i, 3, days[k]);
		for (size_t k = 0; k < BR_ARRAY_LEN(months) && j - i == 3; k++)
			month = month || word_is(s + i, 3, months[k]);
		i = j;
	}
	return day && month && year;
}

/* A byline of a blog or forum post: "Posted by dmitri on 2021-03-04",
 * "Originally posted by joe", "Written by Ann, 12 May 2009", "by Ann on
 * May 12": who wrote the post and when, no title. */
static bool byline(const char *s, size_t n)
{
	static const char *const verbs[] = {"posted", "written", "submitted", "published",
					    "updated", "edited", "originally", "last"};
	size_t a = 0, e = title_word_end(s, n);
	bool verb = false;
	for (size_t k = 0; k < BR_ARRAY_LEN(verbs) && !verb; k++)
		verb = e == strlen(verbs[k]) && has_word(s, e, verbs[k]);
	if (verb) {
		/* "Originally posted by", "Last edited by": one more verb */
		a = e;
		while (a < n && is_blankc(s[a]))
			a++;
		e = a + title_word_end(s + a, n - a);
		if (has_word(s + a, e - a, "posted") || has_word(s + a, e - a, "edited") ||
		    has_word(s + a, e - a, "updated")) {
			a = e;
			while (a < n && is_blankc(s[a]))
				a++;
			e = a + title_word_end(s + a, n - a);
		}
		return has_word(s + a, e - a, "by") || has_word(s + a, e - a, "on") || has_word(s + a, e - a, "at");
	}
	/* "Greg Wed Jan 10 2001", "Tue Mar  4 10:11:12 CET 2008" (an archive
	 * page's author and date): a weekday, a month and a year */
	if (dated(s, n))
		return true;
	/* "by Ann on May 12, 2009", "By joe at 10:12": a name, then when */
	if (!(e == 2 && has_word(s, e, "by")))
		return false;
	return has_word(s, n, "on") || has_word(s, n, "at") || memchr(s, ',', n) != NULL;
}

/* Step of classify_line: the name a shell loop echoes before each pass's
 * output ("== sda ==", "=== web1", "==> node3.log <==" of tail): two or
 * more '=', a name of one to four words, '=' or none after it ("--- sdc
 * ---" and "=== sdc ===" are banners above). It names the output under
 * it, up to the next one, even inside a command's output (the loop prints
 * it there), under the introduction above the loop. */
static bool echo_banner(struct walk *w, const char *s, size_t n)
{
	const char c = '=';
	size_t a = 0;
	while (a < n && s[a] == c)
		a++;
	if (a < 2 || a >= n)
		return false;
	bool tail = s[a] == '>'; /* tail's "==> file <==" */
	a += tail;
	if (a >= n || !is_blankc(s[a]))
		return false;
	size_t e = n, marks = 0;
	while (e > a && s[e - 1] == c)
		e--, marks++;
	if (tail) {
		if (marks < 2 || e <= a || s[e - 1] != '<')
			return false;
		e--;
	}
	while (a < e && is_blankc(s[a]))
		a++;
	while (e > a && is_blankc(s[e - 1]))
		e--;
	if (e == a || e - a > 60 || count_words(s + a, e - a) > 4 || memchr(s + a, c, e - a) ||
	    !(is_alpha((unsigned char)s[a]) || is_digit((unsigned char)s[a]) || s[a] == '/'))
		return false;
	push(w, K_HEADING, R_ECHO, s + a, e - a);
	return true;
}

/* Step of classify_line: a short line alone between blank lines, not a
 * sentence nor code, is a heading; three words or fewer may sign off. */
static bool standalone_heading(struct walk *w, const struct br_doc *doc, size_t i, const char *s, size_t n)
{
	if (standalone(doc, i) && n <= 60 && count_words(s, n) <= 8 && (w->bold || !user_name(s, n)) && s[n - 1] != '.' &&
	    s[n - 1] != ',' && s[n - 1] != ';' && s[n - 1] != '?' && s[n - 1] != ')' &&
	    is_alpha((unsigned char)s[0]) && !sentence_break(s, n) && !filler_word(s, n) && !code_like(s, n) &&
	    !byline(s, n)) {
		push(w, K_HEADING, R_STANDALONE, s, n);
		if (count_words(s, n) <= 3)
			w->signature = w->top;
		return true;
	}
	return false;
}

/* Step of classify_line: a name of one to three words alone on its line,
 * right above a result and right below a blank line or another result
 * ("ext4" over one CSV line, "xfs" over the next): that result's title,
 * below a ':' introduction (so the next name takes its place, and prose
 * ends it as it ends one). */
/* Is s[0..n) a path alone with a ':' after it, as hdparm heads its
 * result with ("/dev/sda:")? It neither titles nor ends a title. */
static bool device_head(const char *s, size_t n)
{
	return n > 2 && s[0] == '/' && s[n - 1] == ':' && !memchr(s, ' ', n) && !memchr(s, '\t', n);
}

static bool name_over_result(struct walk *w, const struct br_doc *doc, size_t i, const char *s, size_t n)
{
	if (w->in_output || n > 30 || i + 1 >= doc->nlines || count_words(s, n) > 3 ||
	    !(is_alpha((unsigned char)s[0]) || is_digit((unsigned char)s[0])) || strchr(".,;:!?)", s[n - 1]) ||
	    filler_word(s, n) || sentence_break(s, n) || code_like(s, n))
		return false;
	/* "Kernel: 5.15", "x=1": a setting, not a name */
	if (memchr(s, ':', n) || memchr(s, '=', n))
		return false;
	/* a name has letters ("373.0   3" is a wrapped row's tail) */
	size_t letters = 0;
	for (size_t k = 0; k < n; k++)
		letters += is_alpha((unsigned char)s[k]);
	if (!letters)
		return false;
	const struct br_line *above = i > 0 ? &doc->lines[i - 1] : NULL, *below = &doc->lines[i + 1];
	const char *t;
	size_t tn;
	span(below, &t, &tn);
	if (!tn || below->depth != doc->lines[i].depth)
		return false;
	if (!memo_test(&w->result, t, tn)) {
		/* hdparm's "/dev/sda:" heads the result on the line after it */
		if (!device_head(t, tn) || i + 2 >= doc->nlines || doc->lines[i + 2].depth != below->depth)
			return false;
		span(&doc->lines[i + 2], &t, &tn);
		if (!tn || !memo_test(&w->result, t, tn))
			return false;
	}
	if (above && !blank_line(above)) {
		/* a result that ends in figures or units, not in words (a
		 * sentence going on into this line) */
		span(above, &t, &tn);
		size_t k = tn;
		while (k && !is_blankc(t[k - 1]))
			k--;
		bool figure = false;
		for (size_t q = k; q < tn && !figure; q++)
			figure = is_digit((unsigned char)t[q]) || t[q] == '+' || t[q] == '/';
		if (!figure || !memo_test(&w->result, t, tn))
			return false;
	}
	push(w, K_COLON, R_NAME, s, n);
	return true;
}

/* A caption: "Table 4: hdparm on the SSDs", "TABLE IV. Results", "Fig. 3 -
 * the old server", "Figure 2.1 Baseline": a word of a document's furniture,
 * its number (arabic, dotted, roman), a mark (':', '.', '-', a dash) or
 * blanks, and a title; "Table 1 shows ..." is a sentence (no mark). */
static bool caption_line(const char *s, size_t n)
{
	static const char *const words[] = {"table", "figure", "fig.", "fig", "chart", "graph",
					    "listing", "exhibit", "abbildung", "tabelle"};
	if (n < 7 || !strchr("tfcglea", lower((unsigned char)s[0])))
		return false; /* the first letters of the words */
	size_t e = title_word_end(s, n), k = 0;
	for (; k < BR_ARRAY_LEN(words); k++)
		if (word_is(s, e, words[k]))
			break;
	if (k == BR_ARRAY_LEN(words) || e >= n)
		return false;
	while (e < n && is_blankc(s[e]))
		e++;
	size_t a = e;
	while (e < n && (is_digit((unsigned char)s[e]) || (s[e] == '.' && e + 1 < n && is_digit((unsigned char)s[e + 1]))))
		e++;
	if (e == a) {
		while (e < n && e - a < 6 && strchr("IVXL", s[e]))
			e++;
		if (e == a || (e < n && is_alpha((unsigned char)s[e])) || !roman_value(s + a, e - a))
			return false;
	}
	size_t b = e;
	while (e < n && is_blankc(s[e]))
		e++;
	bool mark = e < n && strchr(":.-)", s[e]);
	if (!mark && n - e >= 3 && (unsigned char)s[e] == 0xe2 && (unsigned char)s[e + 1] == 0x80 &&
	    ((unsigned char)s[e + 2] == 0x93 || (unsigned char)s[e + 2] == 0x94)) /* en, em dash */
		e += 2, mark = true;
	if (!mark && e == b)
		return false;
	if (!mark) /* "Table 4 hdparm on the SSDs": blanks alone only before a capital */
		return s[e] >= 'A' && s[e] <= 'Z';
	e++;
	while (e < n && is_blankc(s[e]))
		e++;
	return e < n && (is_alpha((unsigned char)s[e]) || is_digit((unsigned char)s[e]));
}

bool br_label_caption(const char *s, size_t n)
{
	return n && caption_line(s, n);
}

char *br_label_caption_text(const char *s, size_t n)
{
	if (!br_label_caption(s, n))
		return NULL;
	struct br_label_outline tmp = {0};
	size_t len = add_text(&tmp, s, n);
	char *t = len ? br_strndup(tmp.text.data, len) : NULL;
	br_buf_free(&tmp.text);
	return t;
}

/* Does line l go on with the sentence of the line above (it starts in
 * lower case: a caption wrapped onto it)? */
static bool continued_below(const struct br_line *l)
{
	const char *t;
	size_t tn;
	span(l, &t, &tn);
	return tn && t[0] >= 'a' && t[0] <= 'z';
}

/* Step of classify_line: a "Key: value" line introduces what follows, but
 * not in a command's output, nor one of a dump's "Key: value" lines, nor a
 * sentence wrapped onto a next line that goes on in lower case. */
static bool key_value_intro(struct walk *w, const struct br_doc *doc, size_t i, const char *s, size_t n)
{
	/* "Host: alpha" above a run names its machine, among other keys too */
	if (machine_key(s, n) && !w->in_output) {
		push(w, K_COLON, R_COLON, s, n);
		return true;
	}
	if (key_value(w, s, n) && !w->in_output && !(i > 0 && kv_shape(&doc->lines[i - 1])) &&
	    !(i + 1 < doc->nlines && kv_shape(&doc->lines[i + 1])) &&
	    !(i + 1 < doc->nlines && doc->lines[i + 1].len && doc->lines[i + 1].text[0] >= 'a' &&
	      doc->lines[i + 1].text[0] <= 'z')) {
		push(w, K_COLON, R_COLON, s, n);
		return true;
	}
	return false;
}

/* Is a bullet or a ':' introduction open (on the stack)? Only then does
 * it matter whether a line is prose: prose ends bullets and, after a
 * while, a ':' introduction; w->prose is read for nothing else, and the
 * push of any heading that could become one sets it afresh. */
static bool prose_matters(const struct walk *w)
{
	for (const struct node *nd = node_at(w->o, w->top); nd; nd = node_at(w->o, nd->parent))
		if (nd->kind == K_BULLET || nd->kind == K_COLON)
			return true;
	return false;
}

/* Would the steps of classify_line after the result test leave the
 * outline as it is, whatever the test says? They push a heading only from
 * a line that could be a banner, a "#" heading, a command, an outline item
 * short enough, a bullet, a ':' introduction, an underlined title, a
 * standalone heading or a "Key words: details" introduction; any other
 * line ends as prose, which matters only while prose_matters(). Most lines
 * that may be headings are mail headers and prose: for them the result
 * test (the costliest step) is not needed. */
static bool machine_key(const char *s, size_t n);

static bool name_over_result(struct walk *w, const struct br_doc *doc, size_t i, const char *s, size_t n);

/* s[0..k) is w in any case (w lower case, k its length). */
static bool same_prefix_ci(const char *s, const char *w, size_t k)
{
	for (size_t i = 0; i < k; i++)
		if (lower((unsigned char)s[i]) != w[i])
			return false;
	return true;
}

static bool inert_line(const struct walk *w, const struct br_doc *doc, size_t i, const char *s, size_t n)
{
	if (strchr("#=*-~+$%", s[0]) || (unsigned char)s[0] == 0xe2 || s[n - 1] == ':')
		return false;
	int style, value;
	size_t e = enumerator(s, n, &style, &value);
	if (e && n - e <= 80)
		return false;
	if ((i + 1 < doc->nlines && underline_char(&doc->lines[i + 1])) || (n <= 60 && standalone(doc, i)) ||
	    name_shape(doc, i, s, n))
		return false;
	return !prose_matters(w) && !kv_key(s, n) && !machine_key(s, n);
}

/* The navigation of a mail archive's page (pipermail, hypermail, MHonArc):
 * "Previous message: [list] subject", "Next in thread: ...", "Messages
 * sorted by: [ date ] ...", "Prev by Date: ...". It names other messages,
 * never the results of this one. */
static bool archive_nav(const char *s, size_t n)
{
	static const char *const keys[] = {
		"previous message", "next message", "messages sorted by", "previous thread",
		"next thread", "next in thread", "prev in thread", "previous in thread",
		"in reply to", "reply via email to", "prev by date", "next by date",
		"prev by thread", "next by thread", "previous by date", "previous by thread",
		"thread index", "date index", "thread prev", "thread next", "date prev", "date next",
		"maybe in reply to", "follow-ups", "references",
	};
	if (!strchr("PpNnMmIiRrDdTtFf", s[0]))
		return false;
	const char *colon = memchr(s, ':', n < 24 ? n : 24);
	if (!colon)
		return false;
	size_t k = (size_t)(colon - s);
	while (k && is_blankc(s[k - 1]))
		k--;
	for (size_t i = 0; i < BR_ARRAY_LEN(keys); i++)
		if (k == strlen(keys[i]) && same_prefix_ci(s, keys[i], k))
			return true;
	return false;
}

/* ------------------------------------------------------------ page furniture */

/* Digits at s[0..n), at most four; their count (0: none, or more). */
static size_t page_number(const char *s, size_t n)
{
	size_t k = 0;
	while (k < n && k <= 4 && is_digit((unsigned char)s[k]))
		k++;
	return k <= 4 ? k : 0;
}

/* The end of a page's number at s[k..n) and of its page count after it
 * ("3", "3 of 7", "3/7"); 0 when there is no number at k. */
static size_t page_number_end(const char *s, size_t n, size_t k)
{
	size_t d = page_number(s + k, n - k);
	if (!d)
		return 0;
	k += d;
	size_t e = k;
	while (e < n && is_blankc(s[e]))
		e++;
	if (e < n && s[e] == '/')
		e++;
	else if (e > k && e + 2 < n && lower((unsigned char)s[e]) == 'o' && lower((unsigned char)s[e + 1]) == 'f' &&
		 is_blankc(s[e + 2]))
		e += 2;
	else
		return k;
	while (e < n && is_blankc(s[e]))
		e++;
	d = page_number(s + e, n - e);
	return d ? e + d : k;
}

/* "Page 3", "page 3 of 7", "Page 3/7" at the start of s[0..n): where it
 * ends, 0 if s does not start so. */
static size_t page_word_end(const char *s, size_t n)
{
	if (n < 6 || lower((unsigned char)s[0]) != 'p' || !rest_ci(s, "page", 4) || !is_blankc(s[4]))
		return 0;
	size_t k = 5;
	while (k < n && is_blankc(s[k]))
		k++;
	return page_number_end(s, n, k);
}

/* Are s[k-2..k) blanks (what sets a running header's parts apart)? */
static bool apart(const char *s, size_t k)
{
	return k >= 2 && is_blankc(s[k - 1]) && is_blankc(s[k - 2]);
}

bool br_label_page_line(const struct br_doc *doc, size_t i)
{
	if (i >= doc->nlines)
		return false;
	const struct br_line *l = &doc->lines[i];
	const char *s = l->text;
	size_t n = l->len;
	while (n && (is_blankc(*s) || *s == '\f')) /* a page's form feed */
		s++, n--;
	while (n && (is_blankc(s[n - 1]) || s[n - 1] == '\f' || s[n - 1] == '\r'))
		n--;
	/* every form starts with 'P', '-' or a digit, or ends with a digit */
	if (!n || n > 100 ||
	    !(is_digit((unsigned char)s[0]) || is_digit((unsigned char)s[n - 1]) || s[0] == '-' || s[0] == 'P' ||
	      s[0] == 'p'))
		return false;
	/* "Page 3 of 7", or "Page 3", two blanks, a running header's title */
	size_t e = page_word_end(s, n);
	if (e)
		return e == n || (apart(s, e + 2) && e + 2 < n);
	/* "- 3 -" */
	if (n >= 5 && s[0] == '-' && s[n - 1] == '-' && is_blankc(s[1]) && is_blankc(s[n - 2])) {
		size_t a = 1, b = n - 1;
		while (a < b && is_blankc(s[a]))
			a++;
		while (b > a && is_blankc(s[b - 1]))
			b--;
		return b > a && page_number(s + a, b - a) == b - a;
	}
	/* "3 of 7", "3/7"; "3" alone between blank lines */
	e = page_number_end(s, n, 0);
	if (e == n) {
		if (page_number(s, n) < n)
			return true;
		return (i == 0 || blank_line(&doc->lines[i - 1])) &&
		       (i + 1 >= doc->nlines || blank_line(&doc->lines[i + 1]));
	}
	/* a running footer: its title, two blanks or more, "Page 3 of 7":
	 * read back from the end, over the numbers to "Page" */
	size_t k = n, d = 0;
	for (int part = 0; part < 2; part++) {
		d = 0;
		while (k && d <= 4 && is_digit((unsigned char)s[k - 1]))
			k--, d++;
		if (!d || d > 4)
			return false;
		while (k && is_blankc(s[k - 1]))
			k--;
		if (part == 0 && k && s[k - 1] == '/')
			k--;
		else if (part == 0 && k >= 3 && lower((unsigned char)s[k - 1]) == 'f' &&
			 lower((unsigned char)s[k - 2]) == 'o' && is_blankc(s[k - 3]))
			k -= 2;
		else
			break;
		while (k && is_blankc(s[k - 1]))
			k--;
	}
	return k > 6 && lower((unsigned char)s[k - 4]) == 'p' && rest_ci(s + k - 4, "page", 4) &&
	       page_word_end(s + k - 4, n - k + 4) == n - k + 4 && apart(s, k - 4);
}

/* Files line i of doc in the outline: a heading, an introduction, an item,
 * or prose (which ends what a bullet or colon opened). Each kind is one
 * step above, tried in this order. */
/* Step of classify_line: "<summary>bonnie++ on 2.1.14</summary>", the
 * title of a folded <details> block in a Markdown post (a GitHub issue),
 * titles what the block holds; tags inside it (<b>) are left out. False
 * when the line is no such summary. */
static bool summary_line(struct walk *w, const char *s, size_t n)
{
	if (n < 10 || s[0] != '<' || strncasecmp(s, "<summary>", 9) != 0)
		return false;
	char t[MAX_TEXT * 2];
	size_t m = 0;
	bool tag = false;
	for (size_t k = 9; k < n && m < sizeof t; k++) {
		if (s[k] == '<')
			tag = true;
		else if (s[k] == '>')
			tag = false;
		else if (!tag)
			t[m++] = s[k];
	}
	while (m && is_blankc(t[m - 1]))
		m--;
	size_t a = 0;
	while (a < m && is_blankc(t[a]))
		a++;
	if (a < m)
		push(w, K_HEADING, R_STANDALONE, t + a, m - a);
	return true;
}

/* s[0..n) is one bold span and nothing else ("**filer3**", "__ext4__"):
 * marks at both ends, none inside, a letter or digit after the first. */
static bool bold_alone(const char *s, size_t n)
{
	if (n < 5 || (s[0] != '*' && s[0] != '_') || s[1] != s[0] || s[n - 1] != s[0] || s[n - 2] != s[0] ||
	    !(is_alpha((unsigned char)s[2]) || is_digit((unsigned char)s[2])) || is_blankc(s[n - 3]))
		return false;
	for (size_t k = 2; k + 2 < n; k++)
		if (s[k] == s[0] && s[k + 1] == s[0])
			return false;
	return true;
}

/*
 * A MediaWiki definition term ("; Single SSD") right over a <pre> block
 * (lines indented by a blank), a table ("{|", "|", an HTML one's rows),
 * or its definition (": ..."): it names what follows, as a caption does,
 * in the place of the term before it. An ini file's comment ("; cache
 * size in MB") has a setting or more comment under it, and a sentence
 * ends with its stop: neither is a term.
 */
static bool wiki_term(struct walk *w, const struct br_doc *doc, size_t i, const char *s, size_t n)
{
	if (n < 3 || s[0] != ';' || i + 1 >= doc->nlines)
		return false;
	size_t a = 1;
	while (a < n && is_blankc(s[a]))
		a++;
	if (a == n || !(is_alpha((unsigned char)s[a]) || is_digit((unsigned char)s[a])) || n - a > 60 ||
	    count_words(s + a, n - a) > 8 || strchr(".!?,;", s[n - 1]))
		return false;
	const struct br_line *nx = &doc->lines[i + 1];
	const char *t = nx->text;
	bool below = (nx->flags & (BR_LINE_PRE | BR_LINE_TABLE_ROW)) ||
		     (nx->len > 1 && ((t[0] == ' ' && !is_blankc(t[1])) || (t[0] == '{' && t[1] == '|') ||
				      t[0] == '|' || (t[0] == ':' && t[1] != ':')));
	if (!below)
		return false;
	push(w, K_COLON, R_COLON, s + a, n - a);
	return true;
}

/* Step of classify_line: the line s[0..n) without the marks of
 * emphasis around it (Markdown's, MediaWiki's); w->bold when it is one
 * bold span. */
static void unmark(struct walk *w, const char **sp, size_t *np)
{
	const char *s = *sp;
	size_t n = *np;
	/* a bold introduction ("**Results with noatime:**", "__ext4:__") is
	 * one without its marks */
	if (n > 5 && (s[0] == '*' || s[0] == '_') && s[1] == s[0] && s[n - 1] == s[0] && s[n - 2] == s[0] &&
	    s[n - 3] == ':' && s[2] != s[0]) {
		s += 2;
		n -= 4;
	}
	/* MediaWiki's emphasis ("'''RAID 5'''", "''the old mirror''"): a
	 * caption over a <pre> block, as bold as Markdown's */
	if (n > 6 && s[0] == '\'' && s[1] == '\'' && s[n - 1] == '\'' && s[n - 2] == '\'') {
		size_t q = s[2] == '\'' && s[n - 3] == '\'' ? 3 : 2;
		if (n > 2 * q + 1 && s[q] != '\'' && !is_blankc(s[q]) && !memchr(s + q, '\'', n - 2 * q)) {
			s += q - 2;
			n -= 2 * (q - 2);
			w->bold = true;
		} else {
			w->bold = false;
		}
	} else {
		w->bold = bold_alone(s, n);
	}
	if (w->bold) {
		/* "**Crucial MX500**", "**filer3**" alone between blank lines: a
		 * name in bold over what follows, a heading without its marks
		 * (a signature is not bold) */
		s += 2;
		n -= 4;
	}
	*sp = s;
	*np = n;
}

/* Step of classify_line: a caption above a table or figure titles it
 * (one a rule above took is a heading already), in the place of the
 * caption before it, whichever rule took that one. */
static bool caption_above(struct walk *w, const struct br_doc *doc, size_t i, const char *s, size_t n)
{
	if (!caption_line(s, n) || w->in_output || (i + 1 < doc->nlines && continued_below(&doc->lines[i + 1])))
		return false;
	const struct br_label_outline *o = w->o;
	while (w->top && caption_line(o->text.data + o->nodes[w->top - 1].text, o->nodes[w->top - 1].len))
		w->top = o->nodes[w->top - 1].parent;
	push(w, K_COLON, R_COLON, s, n);
	return true;
}

/* Does s[0..n) name a setting a disk benchmark is run under, by a word
 * names_thing does not know: an I/O scheduler, a filesystem, a mount or
 * cache option ("switched to noop", "and xfs with nobarrier")? */
static bool names_setting(const char *s, size_t n)
{
	static const char *const words[] = {
		"noop", "deadline", "cfq", "anticipatory", "bfq", "kyber", "xfs", "btrfs", "jfs", "zfs",
		"reiserfs", "ufs", "ntfs", "vfat", "tmpfs", "noatime", "relatime", "nobarrier",
		"barrier", "writeback", "writethrough", "journal", "async", "sync", "readahead",
		"cache", "stripe", "chunk", "lvm", "dm-crypt", "luks", "nfs", "iscsi",
	};
	struct tmask t;
	text_mask(&t, s, n);
	for (size_t k = 0; k < BR_ARRAY_LEN(words); k++)
		if (has_word_t(&t, s, n, words[k]))
			return true;
	return false;
}

/* Step of classify_line: a sentence that is a paragraph of its own right
 * above a result (or one blank line above it), without a ':' ("so I switched to noop and got", "and
 * deadline was about the same as noop") introduces that result as a ':'
 * line would: the whole sentence titles it, until the next introduction or
 * enough prose. Not a sentence that ends ('.', '?', '!'), a quote's
 * attribution ("Joe wrote"), a command or what a command prints. */
static bool sentence_over_result(struct walk *w, const struct br_doc *doc, size_t i, const char *s, size_t n)
{
	/* the result right below it, or below one blank line */
	size_t b = i + 1;
	if (b < doc->nlines && blank_line(&doc->lines[b]))
		b++;
	if (w->in_output || n > 80 || i == 0 || b >= doc->nlines || !blank_line(&doc->lines[i - 1]) ||
	    blank_line(&doc->lines[b]) || doc->lines[b].depth != doc->lines[i].depth ||
	    !is_alpha((unsigned char)s[0]) || strchr(".,;:!?)", s[n - 1]))
		return false;
	const char *t;
	size_t tn;
	span(&doc->lines[b], &t, &tn);
	if (!tn || !memo_test(&w->result, t, tn))
		return false; /* (first: most sentences are over no result) */
	size_t words = count_words(s, n), at = 0;
	bool output = false, noun = false;
	/* it names what the run is of ("noop", "the new disk", "2.6.32"), and
	 * not the figures themselves ("gives these figures as well") */
	if (words < 3 || words > 12 || sentence_break(s, n) || code_like(s, n) || filler_word(s, n) ||
	    command_word(s, n) || byline(s, n) || dated(s, n) || intro_verb(s, n, &at, &output, &noun) < 0 ||
	    noun || !(names_thing(s, n) || names_setting(s, n)))
		return false;
	/* (not a result's own header, "Version 1.97 ---Sequential Output---",
	 * nor two sentences, the second going on below) */
	if (t[tn - 1] == ':' || memmem(s, n, "--", 2) || memmem(s, n, ". ", 2) || memo_test(&w->result, s, n))
		return false;
	/* the sentence over the run before, taken as a standalone title (a
	 * paragraph of its own between blank lines), introduced that run, not
	 * this one */
	for (const struct node *top = node_at(w->o, w->top);
	     top && top->kind == K_HEADING && top->rank == R_STANDALONE &&
	     count_words(w->o->text.data + top->text, top->len) >= 4;
	     top = node_at(w->o, w->top))
		w->top = top->parent;
	push(w, K_COLON, R_COLON, s, n);
	return true;
}

/* A chat speaker's line that opens their turn, right over the paste of
 * that turn (a result, or a device's line and its result): "<ola> this is
 * the laptop with the sata ssd" introduces it as a line ending in ':'
 * would (a chat's lines end without one). It names what the run is of, as
 * sentence_over_result's sentence does (a chat has no blank line before
 * it). */
static bool turn_over_result(struct walk *w, const struct br_doc *doc, size_t i, const char *s, size_t n)
{
	const struct br_line *l = &doc->lines[i];
	if (!(l->flags & BR_LINE_TURN) || w->in_output || n > 80 || i + 1 >= doc->nlines ||
	    !is_alpha((unsigned char)s[0]) || strchr(".,;:!?)", s[n - 1]))
		return false;
	const char *t;
	size_t tn, b = i + 1;
	span(&doc->lines[b], &t, &tn);
	if (!tn || (doc->lines[b].flags & BR_LINE_TURN))
		return false;
	if (!memo_test(&w->result, t, tn)) {
		/* the device's line: its result right below it, in the turn */
		if (!device_head(t, tn) || ++b >= doc->nlines || (doc->lines[b].flags & BR_LINE_TURN))
			return false;
		span(&doc->lines[b], &t, &tn);
		if (!tn || !memo_test(&w->result, t, tn))
			return false;
	}
	/* (what a pronoun stands for is not named: "mine is fine I think,
	 * here it is") */
	static const char *const pronouns[] = {"i", "it", "mine", "yours", "ours", "theirs"};
	for (size_t k = 0; k < BR_ARRAY_LEN(pronouns); k++)
		if (has_word(s, n, pronouns[k]))
			return false;
	size_t words = count_words(s, n), at = 0;
	bool output = false, noun = false;
	if (words < 3 || words > 12 || sentence_break(s, n) || code_like(s, n) || filler_word(s, n) ||
	    command_word(s, n) || byline(s, n) || dated(s, n) || intro_verb(s, n, &at, &output, &noun) < 0 ||
	    noun || !(names_thing(s, n) || names_setting(s, n)) || memo_test(&w->result, s, n))
		return false;
	push(w, K_COLON, R_COLON, s, n);
	return true;
}

/* "My old box gives" with no colon, over the result (below one blank line
 * at most, or quoted below it, as a web reader writes a reply under the
 * lines it quotes), or over a device's line and its result: the machine
 * its subject names (subject_intro) titles it, as "My old box gives:"
 * would. */
static bool verb_over_result(struct walk *w, const struct br_doc *doc, size_t i, const char *s, size_t n)
{
	size_t len, b = i + 1;
	if (w->in_output || n > 80 || !is_alpha((unsigned char)s[n - 1]))
		return false;
	if (b < doc->nlines && blank_line(&doc->lines[b]))
		b++;
	if (b >= doc->nlines || doc->lines[b].depth < doc->lines[i].depth)
		return false;
	const char *t;
	size_t tn;
	span(&doc->lines[b], &t, &tn);
	if (!tn || !(memo_test(&w->result, t, tn) || device_head(t, tn)) || !subject_intro(s, n, &len))
		return false;
	if (!memo_test(&w->result, t, tn)) {
		/* the device's line: its result right below it */
		if (b + 1 >= doc->nlines)
			return false;
		span(&doc->lines[b + 1], &t, &tn);
		if (!tn || !memo_test(&w->result, t, tn))
			return false;
	}
	push(w, K_COLON, R_COLON, s, len);
	return true;
}

static void classify_line(struct walk *w, const struct br_doc *doc, size_t i, bool *skip_next)
{
	const struct br_line *l = &doc->lines[i];
	const char *s;
	size_t n;
	span(l, &s, &n);
	if (line_resets(w, doc, i, s, n))
		return;
	unmark(w, &s, &n);
	if (wiki_term(w, doc, i, s, n))
		return;
	if (l->flags & BR_LINE_HEADING) {
		unsigned lv = BR_LINE_LEVEL(l->flags);
		push(w, K_HEADING, R_HTML + 10 * (int)(lv ? lv : 7), s, n);
		return;
	}
	if ((l->flags & BR_LINE_TABLE_ROW) || summary_line(w, s, n))
		return;
	if (l->flags & BR_LINE_CAPTION) {
		/* a table's caption titles it, in the place of the one before */
		push(w, K_COLON, R_COLON, s, n);
		return;
	}
	/* what a command prints, down to the next blank line, titles nothing */
	if (prompt_line(s, n) || (n > 2 && s[0] == '#' && s[1] == ' ' && command_word(s, n) && !titled_by_tool(s, n)))
		w->in_output = true;
	if (verb_over_result(w, doc, i, s, n) || turn_over_result(w, doc, i, s, n))
		return;
	if (!maybe_heading(doc, i, s, n)) {
		if (sentence_over_result(w, doc, i, s, n))
			return;
		/* prose or a result: only matters to what prose ends */
		const struct node *top = node_at(w->o, w->top);
		if (top && (top->kind == K_BULLET || top->kind == K_COLON) && !memo_test(&w->result, s, n) &&
		    !rule_line(s, n) && !br_label_page_line(doc, i) && !device_head(s, n))
			prose(w);
		return;
	}
	/* a page break's furniture ("Page 3 of 7") titles nothing and ends
	 * nothing */
	if (inert_line(w, doc, i, s, n) || br_label_page_line(doc, i))
		return;
	if (archive_nav(s, n)) {
		prose(w);
		return;
	}
	if (memo_test(&w->result, s, n) || boxed_title(w, doc, i, s, n, skip_next) ||
	    underlined_title(w, doc, i, s, n, skip_next) || rule_line(s, n))
		return;
	/* banners: "######## The Presentation ########", "=== RAID 5 ===" */
	if (n >= 7 && strchr("#=*-~+", s[0]) && s[1] == s[0] && s[2] == s[0] && s[n - 1] == s[0] &&
	    s[n - 2] == s[0] && s[n - 3] == s[0]) {
		push(w, K_HEADING, R_BANNER, s, n);
		return;
	}
	if (echo_banner(w, s, n))
		return;
	if (s[0] == '#') {
		if (!org_keyword(w, s, n))
			hash_line(w, s, n);
		return;
	}
	/* a ':' line is judged by its first word only: "xfs, freshly made with
	 * mkfs.xfs -f:" introduces a result, "# hdparm -t /dev/sda" is a command */
	if (s[0] == '$' || s[0] == '%' ||
	    (s[n - 1] == ':' ? (command_word(s, n) && !titled_by_tool(s, n) && !titled_after_options(s, n - 1)) ||
				   tool_invocation(s, n)
			     : memo_test(&w->command, s, n))) {
		if ((s[0] == '$' || s[0] == '%') && n > 1 && s[1] == ' ')
			w->in_output = true;
		return;
	}
	if ((s[0] == '*' && org_heading(w, s, n)) || outline_item(w, s, n) || bullet_item(w, s, n))
		return;
	if (s[n - 1] == ':') {
		colon_line(w, doc, i, s, n);
		return;
	}
	if (!(standalone_heading(w, doc, i, s, n) || key_value_intro(w, doc, i, s, n) ||
	      name_over_result(w, doc, i, s, n) || sentence_over_result(w, doc, i, s, n) ||
	      caption_above(w, doc, i, s, n)))
		prose(w);
}

static void walk_free(struct br_label_outline *o)
{
	if (!o->walk)
		return;
	memo_free(&o->walk->result);
	memo_free(&o->walk->intro);
	memo_free(&o->walk->command);
	free(o->walk);
	o->walk = NULL;
}

static struct br_label_outline *outline_new(const struct br_doc *doc)
{
	struct br_label_outline *o = br_calloc(1, sizeof *o);
	o->lines = doc->lines;
	o->nlines = doc->nlines;
	o->state = br_malloc((doc->nlines ? doc->nlines : 1) * sizeof *o->state);
	struct walk *w = br_calloc(1, sizeof *w);
	w->o = o;
	memo_init(&w->result, doc->nlines, result_line);
	memo_init(&w->intro, doc->nlines, generic_intro);
	memo_init(&w->command, doc->nlines, command_line);
	o->walk = w;
	return o;
}

/* Line l pushed a node: a ':' introduction on a line of its own
 * ("Capabilities:"; not "RAID: Linux Software RAID-5", a key with its
 * value, which titles the lines beside it) opens its block, a bullet or a
 * key with its value is a line of the block it is in, any other heading
 * ends it. */
static void under_new_node(struct walk *w, const struct br_line *l)
{
	const struct node *top = node_at(w->o, w->top);
	const char *s;
	size_t n;
	span(l, &s, &n);
	w->fed = false;
	w->fresh = top && top->kind == K_COLON;
	if (top && top->kind == K_COLON && n && s[n - 1] == ':') {
		w->block_open = true;
		w->block_result = false;
		w->block_lines = 0;
		w->block_node = w->top;
	} else if (top && (top->kind == K_BULLET || top->kind == K_COLON)) {
		w->block_lines++;
	} else {
		w->block_open = false;
	}
}

/* Line l came under the heading on top (no node pushed). */
static void under_intro(struct walk *w, const struct br_line *l)
{
	w->fed = true;
	w->fresh = false;
	if (!w->block_open)
		return;
	const char *s;
	size_t n;
	span(l, &s, &n);
	if (n && memo_test(&w->result, s, n))
		w->block_result = true;
	else if (n && !memo_test(&w->command, s, n))
		w->block_lines++;
}

/* Walk on until state[idx] is set. */
static void outline_reach(struct br_label_outline *o, const struct br_doc *doc, size_t idx)
{
	for (; o->walked <= idx && o->walked < doc->nlines; o->walked++) {
		size_t i = o->walked;
		o->state[i] = o->walk->top;
		if (o->skip) {
			o->skip = false;
			continue;
		}
		size_t nodes = o->nnodes;
		classify_line(o->walk, doc, i, &o->skip);
		/* what the ':' introduction on top has under it (colon_paragraph_ends,
		 * colon_block_ends) */
		if (o->nnodes != nodes)
			under_new_node(o->walk, &doc->lines[i]);
		else if (doc->lines[i].len)
			under_intro(o->walk, &doc->lines[i]);
	}
	if (o->walked >= doc->nlines)
		walk_free(o);
}

void br_label_outline_free(struct br_label_outline *o)
{
	if (!o)
		return;
	walk_free(o);
	free(o->state);
	free(o->nodes);
	br_buf_free(&o->text);
	free(o);
}

static bool same_text(const char *a, size_t n, const char *b)
{
	size_t m = strlen(b);
	if (n != m)
		return false;
	for (size_t i = 0; i < n; i++)
		if (lower((unsigned char)a[i]) != lower((unsigned char)b[i]))
			return false;
	return true;
}

/* Does heading a[0..n) end with the words of b, after a blank (in an
 * introduction a wrap broke, its last line, which a parser read as the
 * run's own title: "... the same disk as" / "before:")? */
static bool ends_with_text(const char *a, size_t n, const char *b)
{
	size_t m = strlen(b);
	if (!m || n <= m || !is_blankc(a[n - m - 1]))
		return false;
	return same_text(a + n - m, m, b);
}

/* br_buf_add_legacy(b, s, n), with a plain copy for the common heading of
 * printable ASCII (which it keeps as it is). */
static void add_part(struct br_buf *b, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if ((unsigned char)s[i] < 0x20 || (unsigned char)s[i] >= 0x7f) {
			br_buf_add_legacy(b, s, n);
			return;
		}
	br_buf_add(b, s, n);
}

char *br_label_note(const char *s, size_t n)
{
	/* "[root@sam bonnie]# ls", "me@box:~$": the next prompt, not a note */
	if (memchr(s, '@', n) || memchr(s, '$', n))
		return NULL;
	size_t a = 0;
	while (a < n && !is_alpha((unsigned char)s[a]) && !is_digit((unsigned char)s[a]))
		a++;
	while (n > a && (is_blankc(s[n - 1]) || strchr(")]*.:;,!", s[n - 1]))) {
		/* a closing mark of the note's own ("AFTER (fw 4.2)") stays */
		if (s[n - 1] == ')' || s[n - 1] == ']') {
			char open = s[n - 1] == ')' ? '(' : '[';
			int depth = 0;
			for (size_t k = a; k < n; k++)
				depth += s[k] == open ? 1 : s[k] == s[n - 1] ? -1 : 0;
			if (depth >= 0)
				break;
		}
		n--;
	}
	if (a >= n || n - a > MAX_TEXT || count_words(s + a, n - a) > 8)
		return NULL;
	struct br_buf b = BR_BUF_INIT;
	add_part(&b, s + a, n - a);
	return br_buf_detach(&b);
}

/* Does the introduction s[0..n) name a thing of its own (names_thing),
 * the tool's options left out ("Once a month hdparm -T" names none, "The
 * laptop, hdparm -t" does)? */
static bool names_own_thing(const char *s, size_t n)
{
	char b[256];
	size_t m = n < sizeof b ? n : sizeof b;
	memcpy(b, s, m);
	for (size_t i = 0; i < m;) {
		while (i < m && is_blankc(b[i]))
			i++;
		size_t j = i;
		while (j < m && !is_blankc(b[j]))
			j++;
		size_t k = i;
		while (k < j && strchr("`'\"(", b[k]))
			k++;
		if (k < j && b[k] == '-')
			memset(b + i, ' ', j - i);
		i = j;
	}
	return names_thing(b, m);
}

char *br_label_for(const struct br_doc *doc, size_t idx, const char *own)
{
	if (!doc)
		return NULL;
	/* the cache belongs to the document; building it does not change what
	 * the document says, so a const document may hold it */
	struct br_doc *d = (struct br_doc *)doc;
	if (d->outline && (d->outline->lines != doc->lines || d->outline->nlines != doc->nlines)) {
		br_label_outline_free(d->outline);
		d->outline = NULL;
	}
	if (!d->outline)
		d->outline = outline_new(doc);
	struct br_label_outline *o = d->outline;
	const struct node *parts[3];
	size_t np = 0, want = own && *own ? 1 : 2;
	if (doc->nlines) {
		if (idx >= doc->nlines)
			idx = doc->nlines - 1;
		outline_reach(o, doc, idx);
		/* `own` the end of the introduction right over the run: a
		 * fragment of it, which the introduction says whole */
		const struct node *top = node_at(o, o->state[idx]);
		if (want == 1 && top && top->joined && ends_with_text(o->text.data + top->text, top->len, own)) {
			own = NULL;
			want = 2;
		}
		/* a heading that says what `own` says is left out for the one
		 * above it ("duron800" over its run, under an introduction) */
		for (const struct node *nd = node_at(o, o->state[idx]); nd && np < want;
		     nd = node_at(o, nd->parent))
			if (!(want == 1 && same_text(o->text.data + nd->text, nd->len, own)))
				parts[np++] = nd;
		/* an introduction right under a heading that names the machine
		 * ("Database server" / "Once a month hdparm -T:" over rows of
		 * their own): the name stays above the introduction */
		if (want == 1 && np == 1 && parts[0]->kind == K_COLON && parts[0]->rank == R_COLON) {
			const struct node *up = node_at(o, parts[0]->parent);
			if (up && up->kind == K_HEADING && name_node(o, up) &&
			    names_thing(o->text.data + up->text, up->len) &&
			    !names_own_thing(o->text.data + parts[0]->text, parts[0]->len))
				parts[np++] = up;
		}
	}
	struct br_buf b = BR_BUF_INIT;
	for (size_t k = np; k-- > 0;) {
		const char *t = o->text.data + parts[k]->text;
		if (b.len)
			br_buf_adds(&b, " / ");
		add_part(&b, t, parts[k]->len);
	}
	if (own && *own) {
		if (b.len)
			br_buf_adds(&b, " / ");
		br_buf_adds(&b, own);
	}
	if (!b.len) {
		br_buf_free(&b);
		return NULL;
	}
	return br_buf_detach(&b);
}
