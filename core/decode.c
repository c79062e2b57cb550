/*
 * decode — see decode.h.
 *
 * One cheap scan of the logical lines decides which stages a document needs;
 * a plain-text document (the common case) costs that scan and nothing else.
 * Each stage reads doc->lines and commits a new set:
 *
 *   HTML page    libxml2's HTML parser; <pre> line by line, <tr> -> cells
 *                separated by TAB, blocks break lines, headings flagged
 *   QP           quoted-printable, per region (a digest or a multipart
 *                message may be partly encoded), only with evidence
 *   quoting      "> ", ">> ", "> > ", "| " prefixes -> br_line.depth
 *   BBCode       [code], [b], [quote] ... and Markdown code fences
 *   HTML rows    <TR><TD> fragments inside a text document
 *   whitespace   TAB expansion (8-column stops), no-break spaces -> space
 *
 * Lines a stage does not change are kept as they are (their text already
 * lives in the document's bytes or its arena); changed lines are rebuilt and carry their
 * ORIGINAL first/last line numbers and the offsets where lines were joined.
 */
#include "decode.h"

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include <libxml/HTMLparser.h>
#include <libxml/parserInternals.h>
#include <libxml/tree.h>

#include "label.h"
#include "vocab.h"

/* ------------------------------------------------------------ helpers */

static int lower(int c)
{
	return c >= 'A' && c <= 'Z' ? c + 32 : c;
}

static bool is_hex(int c)
{
	return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'F') || (c >= 'a' && c <= 'f');
}

static unsigned hex_val(int c)
{
	if (c >= '0' && c <= '9')
		return (unsigned)(c - '0');
	return (unsigned)(lower(c) - 'a' + 10);
}

static bool is_digit(int c)
{
	return c >= '0' && c <= '9';
}

static bool line_blank(const struct br_line *l)
{
	return br_is_blank(l->text, l->len);
}

/* case-insensitive prefix test on a byte range */
static bool has_prefix_ci(const char *s, size_t n, const char *p)
{
	size_t m = strlen(p);
	if (n < m)
		return false;
	for (size_t i = 0; i < m; i++)
		if (lower((unsigned char)s[i]) != lower((unsigned char)p[i]))
			return false;
	return true;
}

/*
 * A stage rewrites doc->lines in place: output line w is written over input
 * line w, which is safe while the output stays behind the input (w < the
 * first input line not yet read, `unread`). Joining and dropping lines only
 * widen that gap; a stage that makes more lines than it read (HTML, a BBCode
 * line split in two) moves the output to a new array once it would overtake
 * the input. Lines a stage keeps are not copied at all while w == their
 * index, and their text is never copied (it lives in the document's bytes
 * or its arena and is not changed once written).
 */
struct rw {
	struct br_doc *doc;
	size_t w;                    /* lines written */
	bool spilled;                /* writing to b, not over doc->lines */
	struct br_lines_builder b;
};

static void rw_init(struct rw *r, struct br_doc *doc)
{
	memset(r, 0, sizeof *r);
	r->doc = doc;
}

/* The slot for the next output line, when input lines before `unread` are
 * read (and held in locals where still needed). */
static struct br_line *rw_slot(struct rw *r, size_t unread)
{
	if (!r->spilled && r->w >= unread) {
		size_t left = r->doc->nlines > unread ? r->doc->nlines - unread : 0;
		r->b.cap = r->w + left + 16;
		r->b.lines = br_malloc(r->b.cap * sizeof *r->b.lines);
		memcpy(r->b.lines, r->doc->lines, r->w * sizeof *r->b.lines);
		r->b.n = r->w;
		r->spilled = true;
	}
	if (r->spilled) {
		r->b.lines = br_grow(r->b.lines, &r->b.cap, r->b.n + 1, sizeof *r->b.lines);
		r->w++;
		return &r->b.lines[r->b.n++];
	}
	return &r->doc->lines[r->w++];
}

/* Keep a line as it is (l points at input line unread - 1 or a copy of it). */
static void rw_keep(struct rw *r, const struct br_line *l, size_t unread)
{
	struct br_line *d = rw_slot(r, unread);
	if (d != l)
		*d = *l;
}

/* Install the new lines. */
static void rw_done(struct rw *r)
{
	struct br_doc *doc = r->doc;
	br_label_outline_free(doc->outline);
	doc->outline = NULL;
	if (r->spilled)
		br_doc_lines_commit(doc, &r->b);
	else
		doc->nlines = r->w;
}

/* A line being rebuilt: its text and the join offsets carried over. */
struct lw {
	struct br_buf text;
	unsigned *joins;
	size_t njoins, cap;
};

static void lw_join(struct lw *w)
{
	unsigned off = (unsigned)(w->text.len > UINT_MAX ? UINT_MAX : w->text.len);
	if (w->njoins && w->joins[w->njoins - 1] == off)
		return;
	w->joins = br_grow(w->joins, &w->cap, w->njoins + 1, sizeof *w->joins);
	w->joins[w->njoins++] = off;
}

/* Carry the input line's joins that sit at or before input offset `at`. */
static inline void lw_carry(struct lw *w, const struct br_line *in, size_t *ji, size_t at)
{
	if (!in->joins)
		return; /* most lines: tested where called, byte by byte */
	for (size_t nj = in->joins[-1]; *ji < nj && in->joins[*ji] <= at; (*ji)++)
		lw_join(w);
}

static void lw_reset(struct lw *w)
{
	br_buf_reset(&w->text);
	w->njoins = 0;
}

static void lw_free(struct lw *w)
{
	br_buf_free(&w->text);
	free(w->joins);
}

/* Write the line built in w; returns it. */
static const struct br_line *lw_emit(struct rw *r, size_t unread, struct lw *w, unsigned line,
				     unsigned end_line, unsigned depth, unsigned flags)
{
	struct br_line *l = rw_slot(r, unread);
	br_doc_line_set(r->doc, l, br_buf_str(&w->text), w->text.len, line, end_line, depth, flags,
			w->joins, w->njoins);
	lw_reset(w);
	return l;
}

/* ------------------------------------------------------------ the scan */

struct signs {
	bool qp;          /* "=" at a line end, "=XX", or a declared encoding */
	bool quote;       /* a line starts with ">" */
	bool pipe;        /* a line starts with "| " */
	bool bbcode;      /* a known BBCode tag */
	bool fence;       /* a ``` line */
	bool ws;          /* TAB or a no-break/odd space */
	bool html_page;   /* a web page */
	bool html_frag;   /* <TR><TD> rows in a text document */
	bool qp_markup;   /* =3D" inside markup: decode QP before HTML */
	bool prefix;      /* a line starts with a comment, list or diff marker */
};

enum tag_kind { TAG_NONE, TAG_STRONG, TAG_BLOCK, TAG_TABLE, TAG_OTHER };

/* Tag names the scan knows, sorted for bsearch. */
struct known_tag {
	const char *name;
	enum tag_kind kind;
};
static const struct known_tag known_tags[] = {
	{"!doctype", TAG_STRONG}, {"a", TAG_BLOCK}, {"b", TAG_BLOCK}, {"big", TAG_BLOCK},
	{"blockquote", TAG_BLOCK}, {"body", TAG_STRONG}, {"br", TAG_BLOCK}, {"caption", TAG_TABLE},
	{"center", TAG_BLOCK}, {"code", TAG_BLOCK}, {"dd", TAG_BLOCK}, {"div", TAG_BLOCK},
	{"dl", TAG_BLOCK}, {"dt", TAG_BLOCK}, {"em", TAG_BLOCK}, {"font", TAG_BLOCK},
	{"h1", TAG_BLOCK}, {"h2", TAG_BLOCK}, {"h3", TAG_BLOCK}, {"h4", TAG_BLOCK},
	{"h5", TAG_BLOCK}, {"h6", TAG_BLOCK}, {"head", TAG_STRONG}, {"hr", TAG_BLOCK},
	{"html", TAG_STRONG}, {"i", TAG_BLOCK}, {"img", TAG_BLOCK}, {"li", TAG_BLOCK},
	{"meta", TAG_STRONG}, {"ol", TAG_BLOCK}, {"p", TAG_BLOCK}, {"pre", TAG_BLOCK},
	{"small", TAG_BLOCK}, {"span", TAG_BLOCK}, {"strong", TAG_BLOCK}, {"table", TAG_TABLE},
	{"tbody", TAG_TABLE}, {"td", TAG_TABLE}, {"th", TAG_TABLE}, {"thead", TAG_TABLE},
	{"title", TAG_STRONG}, {"tr", TAG_TABLE}, {"tt", TAG_BLOCK}, {"ul", TAG_BLOCK},
	{"xmp", TAG_BLOCK},
};

static int known_tag_cmp(const void *key, const void *elem)
{
	return strcmp(key, ((const struct known_tag *)elem)->name);
}

/* Is s[0] == '<' the start of a tag we know? */
static enum tag_kind tag_at(const char *s, size_t n)
{
	size_t i = 1;
	if (i < n && s[i] == '/')
		i++;
	size_t start = i;
	while (i < n && i - start < 12 &&
	       ((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' && s[i] <= 'Z') ||
		(i > start && is_digit(s[i])) || (i == start && s[i] == '!')))
		i++;
	size_t len = i - start;
	if (!len || len > 10)
		return TAG_NONE;
	if (i < n && s[i] != '>' && s[i] != ' ' && s[i] != '/' && s[i] != '\t')
		return TAG_NONE;
	char name[16];
	for (size_t k = 0; k < len; k++)
		name[k] = (char)lower((unsigned char)s[start + k]);
	name[len] = '\0';
	const struct known_tag *t = bsearch(name, known_tags, BR_ARRAY_LEN(known_tags),
					    sizeof known_tags[0], known_tag_cmp);
	return t ? t->kind : TAG_NONE;
}

static const char *const bb_tags[] = {
	"code", "quote", "b", "i", "u", "s", "pre", "color", "size", "font", "url", "img",
	"tt", "list", "center", "spoiler", "noparse", "icode", "highlight", "php", "hr",
	"left", "right", "indent", "email", "sub", "sup", "strike", "table", "tr", "td",
};

/* Length of the BBCode tag at s[0] == '[' (0 if none); *closing, *name set. */
static size_t bb_tag_at(const char *s, size_t n, bool *closing, size_t *name)
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
	for (k = 0; k < BR_ARRAY_LEN(bb_tags); k++)
		if (strlen(bb_tags[k]) == len && has_prefix_ci(s + start, len, bb_tags[k]))
			break;
	if (k == BR_ARRAY_LEN(bb_tags))
		return 0;
	*name = k;
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

static bool is_fence(const struct br_line *l)
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

static size_t odd_space(const unsigned char *s, size_t n, const char **repl);

/* Bytes the scan has to look at more closely. */
static const unsigned char interesting[256] = {
	['<'] = 1, ['['] = 1, ['\t'] = 1, ['='] = 1,
	[0xa0] = 1, /* Latin-1 no-break space, or the tail of U+00A0 */
	[0xe2] = 1, /* U+2000.. spaces */
	[0xe3] = 1, /* U+3000 */
	[0xef] = 1, /* U+FEFF */
};

/* Next byte at or after k that interesting[] flags: eight bytes at a time
 * while none of them can be one ('<', '[', TAB, '=' or a byte >= 0x80). */
static size_t next_interesting(const unsigned char *s, size_t k, size_t n)
{
#ifdef __SSE2__
	/* sixteen bytes at a time where the compiler targets SSE2 (x86-64) */
	const __m128i lt = _mm_set1_epi8('<'), lb = _mm_set1_epi8('['), tb = _mm_set1_epi8('\t'),
		      eq = _mm_set1_epi8('=');
	while (k + 16 <= n) {
		__m128i v = _mm_loadu_si128((const __m128i *)(const void *)(s + k));
		__m128i hit = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, lt), _mm_cmpeq_epi8(v, lb)),
					   _mm_or_si128(_mm_cmpeq_epi8(v, tb), _mm_cmpeq_epi8(v, eq)));
		/* candidates: the four bytes, and every byte >= 0x80 */
		for (unsigned m = (unsigned)_mm_movemask_epi8(_mm_or_si128(hit, v)); m; m &= m - 1)
			if (interesting[s[k + (size_t)__builtin_ctz(m)]])
				return k + (size_t)__builtin_ctz(m);
		k += 16;
	}
#endif
	const uint64_t ones = 0x0101010101010101ull, highs = 0x8080808080808080ull;
#define HASZERO(v) (((v) - ones) & ~(v) & highs)
	while (k + 8 <= n) {
		uint64_t w;
		memcpy(&w, s + k, 8);
		uint64_t hit = (w & highs) | HASZERO(w ^ (ones * '<')) | HASZERO(w ^ (ones * '[')) |
			       HASZERO(w ^ (ones * '\t')) | HASZERO(w ^ (ones * '='));
		if (hit)
			break;
		k += 8;
	}
#undef HASZERO
	while (k < n && !interesting[s[k]])
		k++;
	return k;
}

/* Is s[k] (a byte >= 0x80) inside a valid UTF-8 character that starts before it? */
static bool inside_char(const unsigned char *s, size_t k, size_t n)
{
	for (size_t b = 1; b <= 3 && b <= k; b++) {
		unsigned char c = s[k - b];
		if ((c & 0xc0) == 0x80)
			continue;
		return c >= 0xc2 && br_utf8_seq_len(s + k - b, n - (k - b)) > b;
	}
	return false;
}

/*
 * The scan is a fold over the lines: what a line shows (its facts) depends
 * on its text alone, and how the facts count depends on what came before
 * (the first 30 non-blank lines, the first of them). So the scan after
 * quoted-printable decoding, which keeps most lines as they are, takes the
 * facts of a kept line from the scan before rather than reading it again:
 * the first scan keeps the facts of each line that has any.
 */
enum {
	F_QUOTE = 1 << 0, F_PIPE = 1 << 1, F_FENCE = 1 << 2, F_QP = 1 << 3,
	F_QP_MARKUP = 1 << 4, F_BBCODE = 1 << 5, F_WS = 1 << 6, F_TABLE = 1 << 7,
	F_TAGGED = 1 << 8,     /* a known HTML tag */
	F_LEAD_TAG = 1 << 9,   /* ... and the first one has only blanks before it */
	F_PRE_OPEN = 1 << 10, F_PRE_CLOSE = 1 << 11,
	F_PREFIX = 1 << 12,    /* starts with a marker stage_prefix may strip */
};

struct line_facts {
	unsigned idx;          /* the line (when kept in a list) */
	unsigned bits;         /* F_* */
	unsigned strong;       /* strong tags (<html>...) in a line not quoted with ">" */
	unsigned block;        /* the other known tags but table ones */
};

struct facts_list {
	struct line_facts *f;
	size_t n, cap;
};

struct scan_state {
	unsigned bits;         /* F_* of any line */
	size_t nstrong, nblock, tag_lines, nonblank, nfence;
	bool first_is_tag, seen_text;
};

/* The facts of what opens a line (s[i] its first non-blank byte): quote
 * markers, comment prefixes, fences, a pipe, a transfer-encoding header. */
static inline void lead_facts(const struct br_line *l, size_t i, struct line_facts *f)
{
	const unsigned char *s = (const unsigned char *)l->text;
	size_t n = l->len;
	/* what follows the quote markers: a quoted fence or comment block is
	 * one once the quoting is gone */
	size_t q = i;
	while (q < n && (s[q] == '>' || s[q] == ' ' || s[q] == '\t'))
		q++;
	if (i >= 4 && s[i] == '>')
		f->bits |= F_PREFIX; /* quoting in an indented block */
	if (q < n) {
		switch (s[q]) {
		case '#': case '*': case '/': case ';': case '%': case '-': case '+':
			f->bits |= F_PREFIX;
			break;
		case '`': case '~':
			if (q > i && q - i < 12) {
				struct br_line t = *l;
				t.text += q;
				t.len -= (unsigned)q;
				if (is_fence(&t))
					f->bits |= F_FENCE;
			}
			break;
		default:
			/* a Supercite tag "ZC> " */
			if (q < 4 && ((s[q] | 0x20) >= 'a' && (s[q] | 0x20) <= 'z') &&
			    memchr(s + q, '>', n - q < 6 ? n - q : 6))
				f->bits |= F_PREFIX;
			break;
		}
	}
	if (i < 4) {
		if (s[i] == '>')
			f->bits |= F_QUOTE;
		else if (s[i] == '|' && (i + 1 == n || s[i + 1] == ' ' || s[i + 1] == '\t'))
			f->bits |= F_PIPE;
		else if ((s[i] == '`' || s[i] == '~') && is_fence(l))
			f->bits |= F_FENCE;
		else if ((s[i] == 'C' || s[i] == 'c') &&
			 has_prefix_ci((const char *)s + i, n - i, "content-transfer-encoding:"))
			f->bits |= F_QP;
	}
}

/* The facts of an HTML tag at s[k] (i: the line's first non-blank byte). */
static inline void tag_facts(const unsigned char *s, size_t n, size_t i, size_t k, struct line_facts *f)
{
	enum tag_kind t = tag_at((const char *)s + k, n - k);
	if (t == TAG_NONE)
		return;
	/* only the first tag can have nothing but blanks before it */
	if (!(f->bits & F_TAGGED) && (k == i || br_is_blank((const char *)s, k)))
		f->bits |= F_LEAD_TAG;
	f->bits |= F_TAGGED;
	/* a page starts with its markup; "<html>" quoted deep in a mail about
	 * web servers does not make the mail a page */
	if (t == TAG_STRONG && s[i] != '>')
		f->strong++;
	else if (t == TAG_TABLE)
		f->bits |= F_TABLE;
	else
		f->block++;
	if (has_prefix_ci((const char *)s + k, n - k, "<pre"))
		f->bits |= F_PRE_OPEN;
	if (has_prefix_ci((const char *)s + k, n - k, "</pre"))
		f->bits |= F_PRE_CLOSE;
}

/* The facts of the interesting byte s[k]: an escape, a tag, a BBCode tag, a
 * TAB or an odd space. */
static inline void byte_facts(const unsigned char *s, size_t n, size_t i, size_t k, struct line_facts *f)
{
	unsigned char c = s[k];
	switch (c) {
	case '=':
		if (k + 2 < n && is_hex(s[k + 1]) && is_hex(s[k + 2])) {
			f->bits |= F_QP;
			if (k + 3 < n && s[k + 1] == '3' && s[k + 2] == 'D' &&
			    (s[k + 3] == '"' || s[k + 3] == '\''))
				f->bits |= F_QP_MARKUP;
		}
		break;
	case '<':
		tag_facts(s, n, i, k, f);
		break;
	case '[': {
		bool closing;
		size_t name;
		size_t len = bb_tag_at((const char *)s + k, n - k, &closing, &name);
		if (len && name != SIZE_MAX &&
		    (closing || strcmp(bb_tags[name], "code") == 0 || strcmp(bb_tags[name], "quote") == 0))
			f->bits |= F_BBCODE;
		break;
	}
	case '\t':
		f->bits |= F_WS;
		break;
	default: {
		/* a no-break or odd space; not the A0 that ends "à" (C3 A0) */
		const char *r;
		if (c == 0xa0 && inside_char(s, k, n)) {
			if (s[k - 1] == 0xc2)
				f->bits |= F_WS; /* U+00A0 */
			break;
		}
		if (c != 0xa0 && inside_char(s, k, n))
			break;
		if (odd_space(s + k, n - k, &r))
			f->bits |= F_WS;
		break;
	}
	}
}

/* The facts of a line; false for a blank one (it counts for nothing). */
static inline bool line_facts(const struct br_line *l, struct line_facts *f)
{
	const unsigned char *s = (const unsigned char *)l->text;
	size_t n = l->len;
	size_t i = 0;
	memset(f, 0, sizeof *f);
	while (i < n && (s[i] == ' ' || s[i] == '\t'))
		i++;
	if (i == n)
		return false;
	lead_facts(l, i, f);
	/* a soft break: "=" at the end, but not "==" */
	if (s[n - 1] == '=' && !(n >= 2 && s[n - 2] == '='))
		f->bits |= F_QP;
	for (size_t k = next_interesting(s, 0, n); k < n; k = next_interesting(s, k + 1, n))
		byte_facts(s, n, i, k, f);
	return true;
}

/* Count the facts of the next non-blank line. */
static inline void scan_add(struct scan_state *st, const struct line_facts *f)
{
	unsigned b = f->bits;
	st->nonblank++;
	if (b | f->strong | f->block) {
		st->bits |= b;
		st->nfence += (b & F_FENCE) != 0;
		if (b & F_TAGGED) {
			if (!st->seen_text && (b & F_LEAD_TAG))
				st->first_is_tag = true;
			st->tag_lines++;
		}
		/* strong tags count as such in the first 30 non-blank lines only */
		if (st->nonblank <= 30)
			st->nstrong += f->strong;
		else
			st->nblock += f->strong;
		st->nblock += f->block;
	}
	st->seen_text = true;
}

static void scan_finish(const struct scan_state *st, struct signs *sg)
{
	unsigned b = st->bits;
	memset(sg, 0, sizeof *sg);
	sg->quote = (b & F_QUOTE) != 0;
	sg->pipe = (b & F_PIPE) != 0;
	sg->qp = (b & F_QP) != 0;
	/* QP-encoded markup only where there is QP */
	sg->qp_markup = sg->qp && (b & F_QP_MARKUP);
	sg->bbcode = (b & F_BBCODE) != 0;
	sg->ws = (b & F_WS) != 0;
	sg->fence = st->nfence >= 2;
	sg->html_page = st->nstrong || st->first_is_tag ||
			((b & F_PRE_OPEN) && (b & F_PRE_CLOSE)) ||
			(st->nblock >= 3 && st->tag_lines * 5 >= st->nonblank);
	sg->html_frag = (b & F_TABLE) != 0;
	sg->prefix = (b & F_PREFIX) != 0;
}

/* Scan the lines; keep the facts of those that have any in *keep. */
static void scan(const struct br_doc *doc, struct signs *sg, struct facts_list *keep)
{
	struct scan_state st;
	memset(&st, 0, sizeof st);
	keep->n = 0;
	for (size_t li = 0; li < doc->nlines; li++) {
		struct line_facts f;
		if (!line_facts(&doc->lines[li], &f))
			continue;
		scan_add(&st, &f);
		if (f.bits | f.strong | f.block) {
			f.idx = (unsigned)li;
			if (keep->n == keep->cap)
				keep->f = br_grow(keep->f, &keep->cap, keep->n + 1, sizeof *keep->f);
			keep->f[keep->n++] = f;
		}
	}
	scan_finish(&st, sg);
}

/* The scan of the lines a stage writes, as it writes them: a line kept
 * from input line i counts the facts kept for it, a new line is read. */
struct rescan {
	struct scan_state st;
	const struct facts_list *old;
	size_t next;           /* first entry of old not behind the input */
};

static void rescan_kept(struct rescan *rs, size_t i, const struct br_line *l)
{
	const struct facts_list *o = rs->old;
	while (rs->next < o->n && o->f[rs->next].idx < i)
		rs->next++;
	if (rs->next < o->n && o->f[rs->next].idx == i) {
		scan_add(&rs->st, &o->f[rs->next]);
		return;
	}
	/* no facts: a blank line, or one that counts as non-blank only */
	for (size_t k = 0; k < l->len; k++)
		if (l->text[k] != ' ' && l->text[k] != '\t') {
			static const struct line_facts none;
			scan_add(&rs->st, &none);
			return;
		}
}

static void rescan_new(struct rescan *rs, const struct br_line *l)
{
	struct line_facts f;
	if (line_facts(l, &f))
		scan_add(&rs->st, &f);
}

/* ------------------------------------------------------------ quoted-printable */

struct qp_region {
	size_t first, end; /* lines [first, end) */
	int declared;      /* 1 QP, -1 another encoding, 0 unknown */
	size_t n3d, nstrong, nsoft;
};

static bool all_same(const char *s, size_t n, char c)
{
	if (!n)
		return false;
	for (size_t i = 0; i < n; i++)
		if (s[i] != c)
			return false;
	return true;
}

/* Length without trailing blanks. */
static size_t rtrim_len(const char *s, size_t n)
{
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t'))
		n--;
	return n;
}

/* Offset of the soft-break "=" in the line, or SIZE_MAX. */
static size_t soft_break(const struct br_line *l)
{
	size_t n = rtrim_len(l->text, l->len);
	if (!n || l->text[n - 1] != '=')
		return SIZE_MAX;
	if (n >= 2 && l->text[n - 2] == '=')
		return SIZE_MAX; /* "==" and "=====" underlines are text */
	return n - 1;
}

static bool boundary_line(const struct br_line *l, const struct br_line *prev)
{
	const char *s = l->text;
	/* all start with "-" or one of these letters: most lines are none */
	int c = lower((unsigned char)s[0]);
	if (c != '-' && c != 'f' && c != 'd' && c != 's' && c != 'm' && c != 'n')
		return false;
	size_t n = rtrim_len(s, l->len);
	if (n >= 8 && s[0] == '-' && s[1] == '-') {
		/* MIME boundary or digest separator; never the rest of a
		 * soft-broken line ("--Random Create=" / "--------") */
		if (prev && soft_break(prev) != SIZE_MAX)
			return false;
		size_t i = 2;
		while (i < n && s[i] != ' ')
			i++;
		if (i == n)
			return true;
	}
	if (c == '-')
		return false;
	if (br_starts_with(s, "From ") && (!prev || line_blank(prev)))
		return true;
	static const char *const hdr[] = {"From:", "Date:", "Subject:", "Message-ID:", "Newsgroups:"};
	if (!prev || line_blank(prev) || boundary_line(prev, NULL)) {
		for (size_t i = 0; i < BR_ARRAY_LEN(hdr); i++)
			if (has_prefix_ci(s, n, hdr[i]))
				return true;
	}
	return false;
}

/* Does s[0..sb), a line before its final '=', end as a tool's line does
 * (vocab.h qp_line_ends: "... seconds =")? Then the '=' is the tool's. */
static bool tool_line_end(const char *s, size_t sb)
{
	for (const char *const *e = br_vocab()->qp_line_ends; e && *e; e++) {
		size_t m = strlen(*e);
		if (sb >= m && memcmp(s + sb - m, *e, m) == 0)
			return true;
	}
	return false;
}

static void qp_count(const struct br_line *l, struct qp_region *r)
{
	const unsigned char *s = (const unsigned char *)l->text;
	size_t n = l->len;
	if ((s[0] == 'c' || s[0] == 'C') && has_prefix_ci(l->text, n, "content-transfer-encoding:")) {
		const char *v = l->text + 26;
		while (*v == ' ' || *v == '\t')
			v++;
		r->declared = has_prefix_ci(v, strlen(v), "quoted-printable") ? 1 : -1;
		return;
	}
	size_t sb = soft_break(l);
	if (sb != SIZE_MAX && !all_same(l->text, sb + 1, '=') && sb >= 50 && !tool_line_end(l->text, sb))
		r->nsoft++;
	for (size_t i = 0; i + 2 < n; i++) {
		if (s[i] != '=') {
			const unsigned char *q = memchr(s + i, '=', n - 2 - i);
			if (!q)
				break;
			i = (size_t)(q - s);
		}
		unsigned char a = s[i + 1], b = s[i + 2];
		bool ha = (a >= 'A' && a <= 'F'), hb = (b >= 'A' && b <= 'F');
		if (!((is_digit(a) || ha) && (is_digit(b) || hb)))
			continue;
		if (a == '3' && b == 'D') {
			r->n3d++;
		} else if ((ha || hb) && !(i + 3 < n && is_digit(s[i + 3]) && br_vocab()->qp_id_values)) {
			/* "=E9t=E9", "=C3=A9"; not a value a tool prints that way
			 * (vocab.h qp_id_values: "FwRev=FA550480") */
			r->nstrong++;
		} else if ((a == '2' && b == '0') || (a == '0' && b == '9')) {
			/* =20 / =09 before the line end or a soft break */
			size_t rest = i + 3;
			if (rest >= n || (rest + 1 == n && s[rest] == '='))
				r->nstrong++;
		} else if (i == 0 && a == '4' && b == '6') {
			r->nstrong++; /* "=46rom": a protected From at a line start */
		}
		i += 2;
	}
}

static bool qp_decide(const struct qp_region *r)
{
	if (r->declared > 0)
		return true;
	if (r->declared < 0)
		return r->n3d >= 2;
	return r->n3d >= 1 || r->nstrong >= 2 || (r->nstrong >= 1 && r->nsoft >= 1) ||
	       r->nsoft >= 3;
}

/* Quote prefix ("> > ", ">> ") length at the start of a line (0 if none). */
static size_t quote_prefix_len(const char *s, size_t n)
{
	size_t i = 0, end = 0;
	while (i < n && i < 3 && s[i] == ' ')
		i++;
	while (i < n && s[i] == '>') {
		i++;
		end = i;
		if (i + 1 < n && s[i] == ' ' && s[i + 1] == '>')
			i++;
	}
	if (end && end < n && s[end] == ' ')
		end++;
	return end;
}

/* Decode the escapes of s[0..n) into w, carrying the line's joins. */
static void qp_decode_span(struct lw *w, const struct br_line *in, size_t *ji, size_t from,
			   size_t n)
{
	const unsigned char *s = (const unsigned char *)in->text;
	bool numbers = br_vocab()->qp_number_values;
	for (size_t i = from; i < n; i++) {
		lw_carry(w, in, ji, i);
		if (s[i] == '=' && i + 2 < n && is_hex(s[i + 1]) && is_hex(s[i + 2])) {
			unsigned v = hex_val(s[i + 1]) * 16 + hex_val(s[i + 2]);
			bool digits = is_digit(s[i + 1]) && is_digit(s[i + 2]);
			size_t k = i + 3;
			/* "=182.86" / "=76.65" of a tool that prints figures
			 * so (vocab.h qp_number_values): a number, not an escape */
			bool number = numbers && digits && k < n &&
				      (is_digit(s[k]) || (s[k] == '.' && k + 1 < n && is_digit(s[k + 1])));
			bool ctl = (v < 0x20 && v != '\t') || v == 0x7f;
			if (!number && !ctl) {
				br_buf_addc(&w->text, (char)v);
				i += 2;
				continue;
			}
		}
		br_buf_addc(&w->text, (char)s[i]);
	}
	lw_carry(w, in, ji, n);
}

/* Decode; and scan the lines written into *rs (when it returns true). */
static bool stage_qp(struct br_doc *doc, struct rescan *rs)
{
	size_t nl = doc->nlines;
	struct qp_region *regs = NULL;
	size_t nregs = 0, capr = 0;
	bool any = false;
	for (size_t i = 0; i < nl; i++) {
		const struct br_line *prev = i ? &doc->lines[i - 1] : NULL;
		if (i == 0 || boundary_line(&doc->lines[i], prev)) {
			regs = br_grow(regs, &capr, nregs + 1, sizeof *regs);
			memset(&regs[nregs], 0, sizeof regs[nregs]);
			regs[nregs].first = i;
			nregs++;
		}
		qp_count(&doc->lines[i], &regs[nregs - 1]);
		regs[nregs - 1].end = i + 1;
	}
	for (size_t r = 0; r < nregs; r++)
		any |= qp_decide(&regs[r]);
	if (!any) {
		free(regs);
		return false;
	}
	struct rw out;
	rw_init(&out, doc);
	struct lw w = {0};
	for (size_t r = 0; r < nregs; r++) {
		size_t i = regs[r].first, end = regs[r].end;
		if (!qp_decide(&regs[r])) {
			for (; i < end; i++) {
				rescan_kept(rs, i, &doc->lines[i]);
				rw_keep(&out, &doc->lines[i], i + 1);
			}
			continue;
		}
		while (i < end) {
			const struct br_line *first = &doc->lines[i];
			/* no "=" at all: no escape, no soft break; the line stays */
			if (!memchr(first->text, '=', first->len)) {
				rescan_kept(rs, i, first);
				rw_keep(&out, first, i + 1);
				i++;
				continue;
			}
			size_t pfx = quote_prefix_len(first->text, first->len);
			size_t j = i, from = 0;
			for (;;) {
				const struct br_line *l = &doc->lines[j];
				size_t ji = 0;
				while (ji < br_line_njoins(l) && l->joins[ji] < from)
					ji++;
				size_t sb = soft_break(l);
				bool soft = sb != SIZE_MAX && sb >= from;
				qp_decode_span(&w, l, &ji, from, soft ? sb : l->len);
				if (!soft || j + 1 >= end)
					break;
				j++;
				lw_join(&w);
				from = 0;
				const struct br_line *nx = &doc->lines[j];
				if (pfx && nx->len >= pfx && memcmp(nx->text, first->text, pfx) == 0)
					from = pfx;
			}
			rescan_new(rs, lw_emit(&out, j + 1, &w, first->line, doc->lines[j].end_line,
					       first->depth, first->flags));
			i = j + 1;
		}
	}
	lw_free(&w);
	free(regs);
	rw_done(&out);
	doc->transport |= BR_TRANSPORT_QP;
	return true;
}

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

/* The end of the block of lines of one quote depth that starts at i (read
 * before any of them is written over), and whether one space after the
 * quote marks is stripped: when (almost) every line has it. */
static size_t quote_block(struct br_doc *doc, const unsigned char *pm, size_t i, unsigned depth,
			  size_t plen, bool *strip_space)
{
	size_t nl = doc->nlines, j = i, with_space = 0, nonempty = 0;
	do {
		const struct br_line *l = &doc->lines[j];
		if (plen < l->len && !br_is_blank(l->text + plen, l->len - plen)) {
			nonempty++;
			char c = l->text[plen];
			if (c == ' ' || c == '\t')
				with_space++;
		}
		j++;
	} while (j < nl && line_quote_depth(doc, pm, j, &plen) == depth);
	*strip_space = nonempty == 0 || with_space * 5 >= nonempty * 4;
	return j;
}

/* Line k of a quote block without its p bytes of quote marks. */
static void unquote_line(struct rw *out, struct lw *w, struct br_doc *doc, size_t k, size_t p,
			 unsigned depth, bool strip_space)
{
	const struct br_line *l = &doc->lines[k];
	size_t ji = 0;
	size_t cut = p;
	if (strip_space && p < l->len && l->text[p] == ' ')
		cut = p + 1;
	bool tab = p < l->len && l->text[p] == '\t' && memchr(l->text, '\t', p) == NULL;
	if (!tab && !l->joins) {
		/* the text without its prefix is the tail of the text */
		struct br_line *d = rw_slot(out, k + 1);
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
	while (ji < br_line_njoins(l) && l->joins[ji] < cut)
		ji++;
	for (size_t c = cut; c < l->len; c++) {
		lw_carry(w, l, &ji, c);
		br_buf_addc(&w->text, l->text[c]);
	}
	lw_carry(w, l, &ji, l->len);
	lw_emit(out, k + 1, w, l->line, l->end_line, l->depth + depth, l->flags);
}

static bool stage_quote(struct br_doc *doc, bool pipe)
{
	size_t nl = doc->nlines;
	unsigned char *pm = pipe ? pipe_lines(doc) : NULL;
	/* depths and prefix lengths are worked out again where needed rather
	 * than kept for every line (they are cheap: a look at the line start) */
	size_t plen;
	bool any = false;
	for (size_t i = 0; i < nl && !any; i++)
		any = line_quote_depth(doc, pm, i, &plen) > 0;
	if (!any) {
		free(pm);
		return false;
	}
	struct rw out;
	rw_init(&out, doc);
	struct lw w = {0};
	size_t i = 0;
	while (i < nl) {
		unsigned depth = line_quote_depth(doc, pm, i, &plen);
		if (!depth) {
			rw_keep(&out, &doc->lines[i], i + 1);
			i++;
			continue;
		}
		bool strip_space;
		size_t j = quote_block(doc, pm, i, depth, plen, &strip_space);
		for (size_t k = i; k < j; k++) {
			size_t p;
			line_quote_depth(doc, pm, k, &p);
			unquote_line(&out, &w, doc, k, p, depth, strip_space);
		}
		i = j;
	}
	lw_free(&w);
	free(pm);
	rw_done(&out);
	doc->transport |= BR_TRANSPORT_QUOTE;
	return true;
}

/* ------------------------------------------------------------ BBCode */

/* BBCode state across the lines of a document. */
struct bb_state {
	unsigned qdepth; /* [quote] depth */
	bool in_img;     /* inside [img]...[/img]: text dropped */
};

/* The effect of a tag (name: index in bb_tags, SIZE_MAX for a list item)
 * on the line being written and on the state. */
static void bb_tag(struct bb_state *st, struct lw *w, size_t name, bool closing)
{
	if (name == SIZE_MAX) {
		br_buf_adds(&w->text, "* ");
	} else if (strcmp(bb_tags[name], "quote") == 0) {
		if (closing) {
			if (st->qdepth)
				st->qdepth--;
		} else if (st->qdepth < 1000) {
			st->qdepth++;
		}
	} else if (strcmp(bb_tags[name], "img") == 0) {
		st->in_img = !closing;
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
		size_t len = l->text[k] == '[' ? bb_tag_at(l->text + k, l->len - k, &closing, &name) : 0;
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
		if (name != SIZE_MAX && !closing && strcmp(bb_tags[name], "b") == 0 && w->text.len >= 2 &&
		    w->text.data[w->text.len - 1] == ' ' && strchr(".!?", w->text.data[w->text.len - 2])) {
			lw_emit(out, i + 1, w, l->line, l->end_line, l->depth + line_depth, l->flags);
			had_text = false;
		}
		bb_tag(st, w, name, closing);
		k += len;
	}
	lw_carry(w, l, &ji, l->len);
	if (had_tag && br_is_blank(br_buf_str(&w->text), w->text.len)) {
		lw_reset(w); /* a line of tags only */
		return false;
	}
	lw_emit(out, i + 1, w, l->line, l->end_line, l->depth + line_depth, l->flags);
	return true;
}

static bool stage_bbcode(struct br_doc *doc, bool bbcode, bool fence)
{
	struct rw out;
	rw_init(&out, doc);
	struct lw w = {0};
	struct bb_state st = {0, false};
	bool changed = false;
	size_t nl = doc->nlines;
	for (size_t i = 0; i < nl; i++) {
		if (fence && is_fence(&doc->lines[i])) {
			changed = true;
			continue;
		}
		if (!bbcode || (!memchr(doc->lines[i].text, '[', doc->lines[i].len) && !st.in_img)) {
			struct br_line *d = rw_slot(&out, i + 1);
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
	lw_free(&w);
	rw_done(&out);
	if (!changed)
		return false;
	doc->transport |= BR_TRANSPORT_BBCODE;
	return true;
}

/* ------------------------------------------------------------ line prefixes */

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

/* Write line l without its first `cut` bytes, `depth` deeper. */
static void strip_front(struct rw *out, struct lw *w, const struct br_line *l, size_t unread,
			size_t cut, unsigned depth)
{
	if (cut > l->len)
		cut = l->len;
	unsigned dp = l->depth + depth;
	if (dp > 65535)
		dp = 65535;
	if (!l->joins) {
		struct br_line *d = rw_slot(out, unread);
		if (d != l)
			*d = *l;
		d->text += cut;
		d->len -= (unsigned)cut;
		d->depth = (unsigned short)dp;
		return;
	}
	size_t ji = 0;
	while (ji < br_line_njoins(l) && l->joins[ji] < cut)
		ji++;
	for (size_t c = cut; c < l->len; c++) {
		lw_carry(w, l, &ji, c);
		br_buf_addc(&w->text, l->text[c]);
	}
	lw_carry(w, l, &ji, l->len);
	lw_emit(out, unread, w, l->line, l->end_line, dp, l->flags);
}

/* Write line l without its byte at `col` (a diff's marker column, after
 * the indentation the block shares). */
static void strip_front_at(struct rw *out, struct lw *w, const struct br_line *l, size_t unread,
			   size_t col)
{
	if (col == 0) {
		strip_front(out, w, l, unread, 1, 0);
		return;
	}
	size_t ji = 0;
	for (size_t c = 0; c < l->len; c++) {
		lw_carry(w, l, &ji, c);
		if (c != col)
			br_buf_addc(&w->text, l->text[c]);
	}
	lw_carry(w, l, &ji, l->len);
	lw_emit(out, unread, w, l->line, l->end_line, l->depth, l->flags);
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

/* The walk of stage_prefix: the lines written and, for each kind of block,
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
			strip_front(&pw->out, &pw->w, l, k + 1, mk ? plen : 0, cite ? 1 : 0);
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
			strip_front(&pw->out, &pw->w, &doc->lines[k], k + 1, bullet_len(&doc->lines[k]), 0);
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

static bool stage_prefix(struct br_doc *doc)
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
	lw_free(&pw.w);
	rw_done(&pw.out);
	if (any)
		doc->transport |= BR_TRANSPORT_PREFIX;
	return any;
}

/* ------------------------------------------------------------ whitespace */

/* Bytes of a space-like character at s (U+00A0, U+2000..U+200A, U+202F,
 * U+205F, U+3000, Latin-1 0xA0) -> *repl is " "; zero-width characters
 * (U+200B, U+2060, U+FEFF, U+00AD) -> *repl is "". 0 if neither. */
static size_t odd_space(const unsigned char *s, size_t n, const char **repl)
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
		*repl = " ";
		return 3;
	}
	if (l == 3 && s[0] == 0xef && s[1] == 0xbb && s[2] == 0xbf) {
		*repl = "";
		return 3;
	}
	return 0;
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
			if (odd_space(s + i, l->len - i, &r))
				return true;
			size_t m = br_utf8_seq_len(s + i, l->len - i);
			i += m ? m : 1;
			continue;
		}
		i++;
	}
	return false;
}

static bool stage_ws(struct br_doc *doc)
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
			} else if (c >= 0x80 && (m = odd_space(s + k, l->len - k, &r)) != 0) {
				br_buf_adds(&w.text, r);
				col += strlen(r);
				k += m;
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
		lw_emit(&out, i + 1, &w, l->line, l->end_line, l->depth, l->flags);
	}
	lw_free(&w);
	rw_done(&out);
	if (!changed)
		return false;
	doc->transport |= BR_TRANSPORT_TABS;
	return true;
}

/* ------------------------------------------------------------ HTML */

/* The HTML reader: libxml2's HTML parser in SAX mode (no tree: memory stays
 * bounded by the nesting depth, whatever the size of the page), turning
 * elements and text into lines. Buffer line k (1-based) maps to original
 * lines lmap[k-1] .. emap[k-1]. */
struct hw {
	struct rw *out;
	size_t unread;         /* input lines read into the buffer */
	htmlParserCtxtPtr ctxt;
	const unsigned *lmap, *emap;
	size_t nmap;
	unsigned depth_base;
	struct lw w;
	unsigned first, last;  /* buffer lines of the current line's content (0 = none) */
	bool block;            /* the next line starts a block */
	bool space;            /* a collapsed blank is pending */
	unsigned cur;          /* current buffer line */
	unsigned pre;          /* <pre> nesting */
	bool pre_start;        /* right after <pre>: a first newline is dropped */
	unsigned heading;      /* 1..6 inside <hN> */
	unsigned quote;        /* <blockquote> nesting */
	unsigned skip;         /* inside <script>, <style>, <head> ... */
	unsigned level;        /* element nesting */
	bool row;              /* inside a <tr> whose cells are plain text so far */
	unsigned row_level;    /* nesting level of that <tr> */
	unsigned cells;        /* cells so far in the row */
	long span;             /* colspan of the open cell */
};

static unsigned map_line(const struct hw *h, unsigned k, bool end)
{
	if (!h->nmap)
		return k ? k : 1;
	if (k < 1)
		k = 1;
	if (k > h->nmap)
		k = (unsigned)h->nmap;
	return end ? h->emap[k - 1] : h->lmap[k - 1];
}

static void hw_flush(struct hw *h, bool force)
{
	/* trailing blanks are not content outside <pre> */
	if (!h->pre || h->row)
		while (h->w.text.len && h->w.text.data[h->w.text.len - 1] == ' ')
			h->w.text.data[--h->w.text.len] = '\0';
	if (!h->w.text.len && !force) {
		h->space = false;
		h->first = h->last = 0;
		return;
	}
	unsigned first = h->first ? h->first : h->cur, last = h->last ? h->last : first;
	unsigned flags = 0;
	if (h->block)
		flags |= BR_LINE_BLOCK_START;
	if (h->pre)
		flags |= BR_LINE_PRE;
	if (h->heading)
		flags |= BR_LINE_HEADING | (h->heading << BR_LINE_LEVEL_SHIFT);
	if (h->row)
		flags |= BR_LINE_TABLE_ROW;
	lw_emit(h->out, h->unread, &h->w, map_line(h, first, false), map_line(h, last, true),
		h->depth_base + h->quote, flags);
	h->block = false;
	h->space = false;
	h->first = h->last = 0;
}

static void hw_char(struct hw *h, char c)
{
	if (!h->first)
		h->first = h->cur;
	h->last = h->cur;
	br_buf_addc(&h->w.text, c);
}

static void hw_text(struct hw *h, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		char c = s[i];
		if (h->pre && !h->row) {
			if (c == '\n') {
				if (h->pre_start) {
					h->pre_start = false;
					h->cur++;
					continue;
				}
				hw_flush(h, true);
				h->cur++;
			} else if (c != '\r') {
				h->pre_start = false;
				hw_char(h, c);
			}
			continue;
		}
		if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f') {
			if (c == '\n')
				h->cur++;
			if (h->w.text.len && h->w.text.data[h->w.text.len - 1] != '\t')
				h->space = true;
			continue;
		}
		if (h->space) {
			br_buf_addc(&h->w.text, ' ');
			h->space = false;
		}
		hw_char(h, c);
	}
}

/* What an element does to the lines (sorted by name for bsearch). */
enum {
	EL_BLOCK = 1 << 0,   /* breaks lines */
	EL_SKIP = 1 << 1,    /* content is not text (script, style, head) */
	EL_PRE = 1 << 2,     /* keeps its layout */
	EL_CELL = 1 << 3,    /* td, th */
	EL_HEADING = 1 << 4, /* h1..h6 */
};
struct element {
	const char *name;
	unsigned flags;
};
static const struct element elements[] = {
	{"address", EL_BLOCK}, {"article", EL_BLOCK}, {"aside", EL_BLOCK},
	{"blockquote", EL_BLOCK}, {"body", EL_BLOCK}, {"br", EL_BLOCK}, {"caption", EL_BLOCK},
	{"center", EL_BLOCK}, {"cite", EL_BLOCK}, {"dd", EL_BLOCK}, {"details", EL_BLOCK},
	{"dir", EL_BLOCK}, {"div", EL_BLOCK}, {"dl", EL_BLOCK}, {"dt", EL_BLOCK},
	{"fieldset", EL_BLOCK}, {"figcaption", EL_BLOCK}, {"figure", EL_BLOCK},
	{"footer", EL_BLOCK}, {"form", EL_BLOCK}, {"h1", EL_BLOCK | EL_HEADING},
	{"h2", EL_BLOCK | EL_HEADING}, {"h3", EL_BLOCK | EL_HEADING},
	{"h4", EL_BLOCK | EL_HEADING}, {"h5", EL_BLOCK | EL_HEADING},
	{"h6", EL_BLOCK | EL_HEADING}, {"head", EL_SKIP}, {"header", EL_BLOCK}, {"hr", EL_BLOCK},
	{"html", EL_BLOCK}, {"iframe", EL_SKIP}, {"legend", EL_BLOCK}, {"li", EL_BLOCK},
	{"listing", EL_BLOCK | EL_PRE}, {"main", EL_BLOCK}, {"math", EL_SKIP}, {"menu", EL_BLOCK},
	{"nav", EL_BLOCK}, {"noframes", EL_SKIP}, {"noscript", EL_BLOCK}, {"object", EL_SKIP},
	{"ol", EL_BLOCK}, {"p", EL_BLOCK}, {"plaintext", EL_BLOCK | EL_PRE},
	{"pre", EL_BLOCK | EL_PRE}, {"script", EL_SKIP}, {"section", EL_BLOCK},
	{"select", EL_SKIP}, {"style", EL_SKIP}, {"summary", EL_BLOCK}, {"svg", EL_SKIP},
	{"table", EL_BLOCK}, {"tbody", EL_BLOCK}, {"td", EL_BLOCK | EL_CELL},
	{"template", EL_SKIP}, {"textarea", EL_BLOCK | EL_PRE}, {"tfoot", EL_BLOCK},
	{"th", EL_BLOCK | EL_CELL}, {"thead", EL_BLOCK}, {"title", EL_BLOCK}, {"tr", EL_BLOCK},
	{"ul", EL_BLOCK}, {"xmp", EL_BLOCK | EL_PRE},
};

static int element_cmp(const void *key, const void *elem)
{
	return strcmp(key, ((const struct element *)elem)->name);
}

static unsigned element_flags(const char *name)
{
	const struct element *e = bsearch(name, elements, BR_ARRAY_LEN(elements), sizeof elements[0],
					  element_cmp);
	return e ? e->flags : 0;
}

static struct hw *hw_of(void *ctx)
{
	return ((htmlParserCtxtPtr)ctx)->_private;
}

/* The parser's line: where the tag or text just read ends. */
static unsigned parser_line(const struct hw *h)
{
	int ln = h->ctxt && h->ctxt->input ? h->ctxt->input->line : 0;
	return ln > 0 ? (unsigned)ln : h->cur;
}

static void sax_start(void *ctx, const xmlChar *xname, const xmlChar **attrs)
{
	struct hw *h = hw_of(ctx);
	const char *name = (const char *)xname;
	unsigned el = element_flags(name);
	h->level++;
	if (h->skip || (el & EL_SKIP)) {
		h->skip++;
		return;
	}
	unsigned ln = parser_line(h);
	if (ln > h->cur)
		h->cur = ln;
	if (h->row) {
		if (el & EL_CELL) {
			if (h->cells++)
				br_buf_addc(&h->w.text, '\t');
			h->space = false;
			h->span = 1;
			for (size_t i = 0; attrs && attrs[i]; i += 2)
				if (strcmp((const char *)attrs[i], "colspan") == 0 && attrs[i + 1])
					h->span = strtol((const char *)attrs[i + 1], NULL, 10);
			return;
		}
		if (!(el & EL_BLOCK))
			return;
		/* a block inside a cell: a layout table, not a row of figures */
		hw_flush(h, false);
		h->row = false;
	}
	if (strcmp(name, "br") == 0) {
		if (h->pre)
			hw_flush(h, true);
		else
			hw_flush(h, h->w.text.len == 0); /* <br><br>: an empty line */
		return;
	}
	if (strcmp(name, "tr") == 0) {
		hw_flush(h, false);
		h->row = true;
		h->row_level = h->level;
		h->cells = 0;
		h->block = true;
		h->first = h->cur;
		return;
	}
	if (!(el & EL_BLOCK))
		return;
	hw_flush(h, false);
	h->block = true;
	if (el & EL_HEADING)
		h->heading = (unsigned)(name[1] - '0');
	else if (strcmp(name, "blockquote") == 0 && h->quote < 1000)
		h->quote++;
	if ((el & EL_PRE) && h->pre < 1000) {
		h->pre++;
		h->pre_start = true;
	}
}

static void sax_end(void *ctx, const xmlChar *xname)
{
	struct hw *h = hw_of(ctx);
	const char *name = (const char *)xname;
	unsigned el = element_flags(name);
	unsigned level = h->level;
	if (h->level)
		h->level--;
	if (h->skip) {
		h->skip--;
		return;
	}
	if (h->row) {
		if (el & EL_CELL) {
			/* a cell spanning columns keeps the columns after it in place */
			for (long c = 1; c < h->span && c < 32; c++)
				br_buf_addc(&h->w.text, '\t');
			h->span = 1;
			h->space = false;
		} else if (strcmp(name, "tr") == 0 && level == h->row_level) {
			h->last = h->cur;
			hw_flush(h, h->cells > 0); /* a row of empty cells still is a row */
			h->row = false;
			h->block = true;
		}
		return;
	}
	if (!(el & EL_BLOCK) || strcmp(name, "br") == 0)
		return;
	hw_flush(h, false);
	h->block = true;
	if (el & EL_HEADING)
		h->heading = 0;
	else if (strcmp(name, "blockquote") == 0 && h->quote)
		h->quote--;
	if ((el & EL_PRE) && h->pre) {
		h->pre--;
		h->pre_start = false;
	}
}

static void sax_text(void *ctx, const xmlChar *s, int len)
{
	struct hw *h = hw_of(ctx);
	if (len <= 0)
		return;
	/* the parser has read the text: it started that many newlines back */
	unsigned nl = 0;
	for (int i = 0; i < len; i++)
		nl += s[i] == '\n';
	unsigned ln = parser_line(h);
	if (ln > nl && ln - nl > h->cur)
		h->cur = ln - nl;
	if (h->skip) {
		h->cur += nl;
		return;
	}
	hw_text(h, (const char *)s, (size_t)len);
}

/* Parse buf as HTML and append its lines to b. */
/* Does the page say its encoding (a "charset" in its head, an XML
 * declaration's encoding, a byte-order mark)? */
static bool names_charset(const char *buf, size_t len)
{
	if (len >= 2 && (((unsigned char)buf[0] == 0xfe && (unsigned char)buf[1] == 0xff) ||
			 ((unsigned char)buf[0] == 0xff && (unsigned char)buf[1] == 0xfe)))
		return true;
	size_t n = len < 4096 ? len : 4096;
	for (size_t i = 0; i + 8 <= n; i++)
		if ((buf[i] == 'c' || buf[i] == 'C' || buf[i] == 'e' || buf[i] == 'E') &&
		    (has_prefix_ci(buf + i, n - i, "charset") || has_prefix_ci(buf + i, n - i, "encoding=")))
			return true;
	return false;
}

static void html_lines(struct rw *out, size_t unread, const char *buf, size_t len,
		       const unsigned *lmap, const unsigned *emap, size_t nmap, unsigned depth)
{
	if (len > INT_MAX)
		len = INT_MAX;
	htmlParserCtxtPtr ctxt = htmlCreateMemoryParserCtxt(buf, (int)len);
	if (!ctxt)
		return;
	struct hw h = {0};
	h.out = out;
	h.unread = unread;
	h.ctxt = ctxt;
	h.lmap = lmap;
	h.emap = emap;
	h.nmap = nmap;
	h.depth_base = depth;
	h.cur = 1;
	htmlSAXHandler sax;
	memset(&sax, 0, sizeof sax);
	sax.startElement = sax_start;
	sax.endElement = sax_end;
	sax.characters = sax_text;
	sax.ignorableWhitespace = sax_text;
	sax.cdataBlock = NULL; /* script and style bodies */
	memcpy(ctxt->sax, &sax, sizeof sax);
	ctxt->_private = &h;
	ctxt->userData = ctxt;
	htmlCtxtUseOptions(ctxt, HTML_PARSE_RECOVER | HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING |
					 HTML_PARSE_NONET);
	/* libxml2 reads a page that names no charset as Latin-1: "RÃ©sultats"
	 * for a UTF-8 heading. Bytes that are valid UTF-8 are UTF-8. */
	if (!names_charset(buf, len) && br_utf8_valid(buf, len))
		xmlSwitchEncoding(ctxt, XML_CHAR_ENCODING_UTF8);
	htmlParseDocument(ctxt);
	hw_flush(&h, false);
	lw_free(&h.w);
	if (ctxt->myDoc)
		xmlFreeDoc(ctxt->myDoc);
	ctxt->myDoc = NULL;
	htmlFreeParserCtxt(ctxt);
}

/* The lines [first, end) joined with LF, and their line maps. */
static char *join_lines(const struct br_doc *doc, size_t first, size_t end, size_t *len,
			unsigned **lmap, unsigned **emap)
{
	struct br_buf buf = BR_BUF_INIT;
	*lmap = br_malloc((end - first + 1) * sizeof **lmap);
	*emap = br_malloc((end - first + 1) * sizeof **emap);
	for (size_t i = first; i < end; i++) {
		const struct br_line *l = &doc->lines[i];
		br_buf_add(&buf, l->text, l->len);
		br_buf_addc(&buf, '\n');
		(*lmap)[i - first] = l->line;
		(*emap)[i - first] = l->end_line;
	}
	*len = buf.len;
	return br_buf_detach(&buf);
}

static bool stage_html_page(struct br_doc *doc)
{
	size_t len;
	unsigned *lmap, *emap;
	char *buf = join_lines(doc, 0, doc->nlines, &len, &lmap, &emap);
	struct rw out;
	rw_init(&out, doc);
	html_lines(&out, doc->nlines, buf, len, lmap, emap, doc->nlines, 0);
	free(buf);
	free(lmap);
	free(emap);
	rw_done(&out);
	doc->transport |= BR_TRANSPORT_HTML;
	return true;
}

static bool line_has_tag(const struct br_line *l, bool *table)
{
	bool any = false;
	const char *s = l->text;
	for (const char *p = memchr(s, '<', l->len); p; p = memchr(p + 1, '<', l->len - (size_t)(p + 1 - s))) {
		enum tag_kind t = tag_at(p, l->len - (size_t)(p - s));
		if (t == TAG_TABLE)
			*table = true;
		if (t != TAG_NONE)
			any = true;
		if ((size_t)(p + 1 - s) >= l->len)
			break;
	}
	return any;
}

/* <TR><TD> rows pasted into a text document: only the runs of tagged lines
 * that hold table markup are read as HTML. */
static bool stage_html_rows(struct br_doc *doc)
{
	struct rw out;
	rw_init(&out, doc);
	bool changed = false;
	size_t i = 0;
	while (i < doc->nlines) {
		bool table = false;
		size_t j = i;
		while (j < doc->nlines && doc->lines[j].depth == doc->lines[i].depth &&
		       line_has_tag(&doc->lines[j], &table))
			j++;
		if (j == i) {
			rw_keep(&out, &doc->lines[i], i + 1);
			i++;
			continue;
		}
		if (!table) {
			for (; i < j; i++)
				rw_keep(&out, &doc->lines[i], i + 1);
			continue;
		}
		size_t len;
		unsigned *lmap, *emap;
		char *buf = join_lines(doc, i, j, &len, &lmap, &emap);
		html_lines(&out, j, buf, len, lmap, emap, j - i, doc->lines[i].depth);
		free(buf);
		free(lmap);
		free(emap);
		changed = true;
		i = j;
	}
	rw_done(&out);
	if (!changed)
		return false;
	doc->transport |= BR_TRANSPORT_HTML;
	return true;
}

/* ------------------------------------------------------------ pipeline */

void br_decode(struct br_doc *doc)
{
	struct signs sg;
	struct facts_list facts = {0};
	scan(doc, &sg, &facts);
	bool page = false;
	/* a page whose markup is itself QP-encoded (=3D") is decoded after QP */
	if (sg.html_page && !sg.qp_markup) {
		stage_html_page(doc);
		page = true;
		scan(doc, &sg, &facts);
	}
	if (sg.qp) {
		struct rescan rs = {.old = &facts};
		if (stage_qp(doc, &rs))
			scan_finish(&rs.st, &sg);
	}
	if (!page && sg.html_page) {
		stage_html_page(doc);
		page = true;
		scan(doc, &sg, &facts);
	}
	free(facts.f);
	if (sg.quote || sg.pipe)
		stage_quote(doc, sg.pipe);
	if (sg.bbcode || sg.fence)
		stage_bbcode(doc, sg.bbcode, sg.fence);
	/* a block's prefix gone, what it held may have one of its own (a diff
	 * or a list in a comment): at most three layers */
	for (int k = 0; sg.prefix && k < 3 && stage_prefix(doc); k++)
		;
	/* rows pasted into text, or shown as text inside a page's <pre> */
	if (sg.html_frag && stage_html_rows(doc))
		sg.ws = true;
	if (sg.ws)
		stage_ws(doc);
}
