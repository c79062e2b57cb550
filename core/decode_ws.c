/*
 * decode_ws — whitespace: TABs expand to 8-column stops (not in table
 * rows), no-break and odd spaces become spaces, zero-width characters go,
 * a PDF's ligatures become their letters.
 */
#include "decode_int.h"

#include <stdint.h>
#include <string.h>

#ifdef __SSE2__
#include <emmintrin.h>
#endif

/* Bytes of a space-like character at s (U+00A0, U+2000..U+200A, U+202F,
 * U+205F, Latin-1 0xA0) -> *repl is " "; U+3000, the ideographic space,
 * is two columns wide (a CJK editor's indentation, a table typed with it)
 * -> "  "; zero-width characters (U+200B, U+2060, U+FEFF, U+00AD) -> *repl
 * is ""; a ligature (U+FB00..U+FB06, "ﬁ") -> its letters. 0 if none. */
size_t br_dec_odd_space(const unsigned char *s, size_t n, const char **repl)
{
	size_t l = br_utf8_seq_len(s, n);
	if (l == 0) {
		if (s[0] == 0xa0) {
			*repl = " ";
			return 1;
		}
		return 0;
	}
	if (l == 2 && s[0] == 0xc2 && (s[1] == 0xa0 || s[1] == 0xad)) {
		*repl = s[1] == 0xa0 ? " " : "";
		return 2;
	}
	if (l == 3 && s[0] == 0xe2 && s[1] == 0x80 && s[2] >= 0x80 && s[2] <= 0x8b) {
		*repl = s[2] == 0x8b ? "" : " ";
		return 3;
	}
	if (l == 3 && s[0] == 0xe2 && ((s[1] == 0x80 && s[2] == 0xaf) || (s[1] == 0x81 && s[2] == 0x9f))) {
		*repl = " ";
		return 3;
	}
	if (l == 3 && s[0] == 0xe2 && s[1] == 0x81 && s[2] == 0xa0) {
		*repl = "";
		return 3;
	}
	if (l == 3 && s[0] == 0xe3 && s[1] == 0x80 && s[2] == 0x80) {
		*repl = "  ";
		return 3;
	}
	if (l == 3 && s[0] == 0xef && s[1] == 0xbb && s[2] == 0xbf) {
		*repl = "";
		return 3;
	}
	/* the Latin ligatures a PDF's text carries (U+FB00..U+FB06):
	 * "ﬁles" a parser reads as "files", "ﬁleserver" a name as typed */
	if (l == 3 && s[0] == 0xef && s[1] == 0xac && s[2] <= 0x86) {
		static const char *const lig[] = {"ff", "fi", "fl", "ffi", "ffl", "st", "st"};
		*repl = lig[s[2] - 0x80];
		return 3;
	}
	return 0;
}

/*
 * A thin or narrow no-break space (U+2009, U+202F) or a figure space
 * (U+2007) between digits, three digits and no fourth after it, groups the
 * digits of one number ("84 920" as a typesetter or a French locale prints
 * it): it goes, where any other space would split the number in two. A
 * table's columns are never that narrow. A no-break space (U+00A0, or
 * Latin-1's byte) pads columns and stays a space ("605 984" may be two
 * columns), unless it is the one blank between a number's first group of
 * one to three digits (at a blank, '=' or the line's start) and a group
 * of three with a fraction or a unit after it ("= 10 257.29 MB/sec",
 * "19 880 MB in", a locale's print of one figure: no two columns read so).
 */
static bool nbsp_group(const unsigned char *s, size_t n, size_t k, size_t m)
{
	size_t d = k, e = k + m + 3;
	while (d > 0 && is_digit(s[d - 1]))
		d--;
	if (k - d < 1 || k - d > 3 || (d > 0 && s[d - 1] != ' ' && s[d - 1] != '=') || e + 1 >= n)
		return false;
	if (s[e] == '.' || s[e] == ',')
		return is_digit(s[e + 1]);
	/* a unit: one to four letters, then a blank, '/' or the end */
	size_t u = e + 1;
	while (u < n && u - e <= 5 && (unsigned char)((s[u] | 0x20) - 'a') < 26)
		u++;
	return s[e] == ' ' && u > e + 1 && u - e <= 5 && (u == n || s[u] == ' ' || s[u] == '/');
}

static bool digit_group_space(const unsigned char *s, size_t n, size_t k, size_t m)
{
	if (k == 0 || !is_digit(s[k - 1]))
		return false;
	bool nbsp = (m == 2 && s[k] == 0xc2 && s[k + 1] == 0xa0) || (m == 1 && s[k] == 0xa0);
	if (nbsp ? !nbsp_group(s, n, k, m)
		 : m != 3 || s[k] != 0xe2 || s[k + 1] != 0x80 ||
			   (s[k + 2] != 0x89 && s[k + 2] != 0xaf && s[k + 2] != 0x87))
		return false;
	size_t e = k + m;
	return e + 3 <= n && is_digit(s[e]) && is_digit(s[e + 1]) && is_digit(s[e + 2]) &&
	       (e + 3 == n || !is_digit(s[e + 3]));
}

static bool needs_ws(const struct br_line *l)
{
	const unsigned char *s = (const unsigned char *)l->text;
	size_t i = 0;
#ifdef __SSE2__
	/* sixteen bytes at a time while none is a TAB or >= 0x80 (x86-64) */
	const __m128i tb = _mm_set1_epi8('\t');
	while (i + 16 <= l->len) {
		__m128i v = _mm_loadu_si128((const __m128i *)(const void *)(s + i));
		if (_mm_movemask_epi8(_mm_or_si128(_mm_cmpeq_epi8(v, tb), v)))
			break;
		i += 16;
	}
#endif
	/* skip eight bytes at a time while none is a TAB or >= 0x80 */
	while (i + 8 <= l->len) {
		uint64_t v;
		memcpy(&v, s + i, 8);
		uint64_t t = v ^ 0x0909090909090909ull;
		if (((t - 0x0101010101010101ull) & ~t & 0x8080808080808080ull) | (v & 0x8080808080808080ull))
			break;
		i += 8;
	}
	for (; i < l->len;) {
		unsigned char c = s[i];
		if (c == '\t') {
			if (!(l->flags & BR_LINE_TABLE_ROW))
				return true;
		} else if (c >= 0x80) {
			const char *r;
			if (br_dec_odd_space(s + i, l->len - i, &r))
				return true;
			size_t m = br_utf8_seq_len(s + i, l->len - i);
			i += m ? m : 1;
			continue;
		}
		i++;
	}
	return false;
}

bool br_dec_stage_ws(struct br_doc *doc)
{
	struct rw out;
	rw_init(&out, doc);
	struct lw w = {0};
	bool changed = false;
	for (size_t i = 0; i < doc->nlines; i++) {
		const struct br_line *l = &doc->lines[i];
		if (!needs_ws(l)) {
			rw_keep(&out, l, i + 1);
			continue;
		}
		changed = true;
		const unsigned char *s = (const unsigned char *)l->text;
		bool tabs = !(l->flags & BR_LINE_TABLE_ROW);
		size_t ji = 0, col = 0;
		for (size_t k = 0; k < l->len;) {
			lw_carry(&w, l, &ji, k);
			unsigned char c = s[k];
			const char *r;
			size_t m;
			if (c == '\t' && tabs && col > 4096) {
				/* far right: alignment means nothing there (and a line of
				 * tabs must not grow eightfold) */
				br_buf_addc(&w.text, ' ');
				col++;
				k++;
			} else if (c == '\t' && tabs) {
				size_t next = (col / 8 + 1) * 8;
				for (; col < next; col++)
					br_buf_addc(&w.text, ' ');
				k++;
			} else if (c >= 0x80 &&
				   (m = br_dec_odd_space(s + k, l->len - k, &r)) != 0) {
				if (digit_group_space(s, l->len, k, m))
					r = "";
				br_buf_adds(&w.text, r);
				col += strlen(r);
				k += m;
			} else if (c < 0x80 && c != '\t' && !l->joins) {
				/* a run of plain ASCII at once (no join inside to carry) */
				size_t e = k + 1;
				while (e < l->len && s[e] < 0x80 && s[e] != '\t')
					e++;
				br_buf_add(&w.text, s + k, e - k);
				col += e - k;
				k = e;
			} else {
				/* a whole character: "à" is C3 A0, not a no-break space */
				size_t q = c >= 0x80 ? br_utf8_seq_len(s + k, l->len - k) : 1;
				if (!q)
					q = 1;
				br_buf_add(&w.text, s + k, q);
				col++;
				k += q;
			}
		}
		lw_carry(&w, l, &ji, l->len);
		br_dec_lw_emit(&out, i + 1, &w, l->line, l->end_line, l->depth, l->flags);
	}
	br_dec_lw_free(&w);
	br_dec_rw_done(&out);
	if (!changed)
		return false;
	doc->transport |= BR_TRANSPORT_TABS;
	return true;
}

/* ------------------------------------------------------------ entities in text */

/*
 * HTML's character references in a document that is not a page: a blog
 * exported to Markdown, a post copied from a page's source ("&gt;&nbsp;Timing
 * cached reads:&nbsp;&nbsp; 6852 MB"). The few that stand for what a result
 * is made of (&nbsp; &gt; &lt; &amp; &quot; &#39; and numeric references
 * below 128 or to U+00A0) become their characters, a no-break space a
 * space, when two lines or more hold one: a single "AT&amp;T" is left alone.
 * A page's own (the HTML stage's) are never seen here.
 */
#define ENTITY_MIN_LINES 2

/* The reference at s[0] == '&': its length, its character in *c; 0 if
 * none of those. */
static size_t entity_at(const char *s, size_t n, char *c)
{
	static const struct {
		const char *name;
		char c;
	} named[] = {{"&nbsp;", ' '}, {"&gt;", '>'}, {"&lt;", '<'}, {"&amp;", '&'},
		     {"&quot;", '"'}, {"&#39;", '\''}, {"&apos;", '\''}};
	for (size_t k = 0; k < sizeof named / sizeof named[0]; k++) {
		size_t m = strlen(named[k].name);
		if (n >= m && memcmp(s, named[k].name, m) == 0) {
			*c = named[k].c;
			return m;
		}
	}
	if (n < 4 || s[1] != '#')
		return 0;
	size_t i = 2;
	unsigned long v = 0;
	bool hex = s[i] == 'x' || s[i] == 'X';
	i += hex;
	size_t d = i;
	for (; i < n && i - d < 6 && (hex ? is_hex((unsigned char)s[i]) : is_digit((unsigned char)s[i])); i++)
		v = v * (hex ? 16 : 10) + (hex ? hex_val((unsigned char)s[i]) : (unsigned)(s[i] - '0'));
	if (i == d || i >= n || s[i] != ';' || !((v >= 32 && v < 127) || v == 9 || v == 160))
		return 0;
	*c = v == 160 ? ' ' : (char)v;
	return i + 1;
}

static bool has_entity(const struct br_line *l)
{
	char c;
	for (const char *p = l->text, *end = l->text + l->len;
	     (p = memchr(p, '&', (size_t)(end - p))) != NULL; p++)
		if (entity_at(p, (size_t)(end - p), &c))
			return true;
	return false;
}

bool br_dec_stage_entities(struct br_doc *doc)
{
	size_t nl = doc->nlines, with = 0;
	for (size_t i = 0; i < nl && with < ENTITY_MIN_LINES; i++)
		with += has_entity(&doc->lines[i]);
	if (with < ENTITY_MIN_LINES)
		return false;
	struct rw out;
	struct lw w = {0};
	rw_init(&out, doc);
	for (size_t i = 0; i < nl; i++) {
		const struct br_line *l = &doc->lines[i];
		if (!memchr(l->text, '&', l->len) || !has_entity(l)) {
			rw_keep(&out, l, i + 1);
			continue;
		}
		size_t ji = 0;
		lw_reset(&w);
		for (size_t k = 0; k < l->len;) {
			lw_carry(&w, l, &ji, k);
			char c;
			size_t e = l->text[k] == '&' ? entity_at(l->text + k, l->len - k, &c) : 0;
			br_buf_addc(&w.text, e ? c : l->text[k]);
			k += e ? e : 1;
		}
		lw_carry(&w, l, &ji, l->len);
		br_dec_lw_emit(&out, i + 1, &w, l->line, l->end_line, l->depth, l->flags);
	}
	br_dec_lw_free(&w);
	br_dec_rw_done(&out);
	doc->transport |= BR_TRANSPORT_TABS;
	return true;
}
