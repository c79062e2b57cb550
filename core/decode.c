/*
 * decode — see decode.h.
 *
 * One cheap scan of the logical lines decides which stages a document needs;
 * a plain-text document (the common case) costs that scan and nothing else.
 * Each stage reads doc->lines and commits a new set:
 *
 *   base64       a mail part declaring it whose bytes are text (decode_b64.c):
 *                first, so that every stage after it reads what it held;
 *                uuencoded attachments ("begin 644 name") too (decode_uu.c)
 *   HTML page    libxml2's HTML parser; <pre> line by line, <tr> -> cells
 *                separated by TAB, blocks break lines, headings flagged
 *   QP           quoted-printable, per region (a digest or a multipart
 *                message may be partly encoded), only with evidence
 *   layout       terminal escapes and overstrikes (and colours that lost
 *                their ESC, after the transport), a line-number gutter, log time stamps,
 *                host tags (pdsh, compose); double spacing (decode_layout.c),
 *                again once quoting is gone
 *   quoting      "> ", ">> ", "> > ", "| " prefixes -> br_line.depth
 *   BBCode       [code], [b], [quote] ... and Markdown code fences
 *   Md tables    lines of output made a Markdown table's rows -> TAB-separated
 *                cells, as an HTML table's (decode_mdtable.c)
 *   Ansible      a task result's JSON ("ok: [web1] => {...}") -> the host's
 *                name and the lines it holds (decode_json.c)
 *   HTML rows    <TR><TD> fragments inside a text document
 *   whitespace   TAB expansion (8-column stops), no-break spaces -> space
 *
 * Lines a stage does not change are kept as they are (their text already
 * lives in the document's bytes or its arena); changed lines are rebuilt and carry their
 * ORIGINAL first/last line numbers and the offsets where lines were joined.
 *
 * This file holds the scan and the order of the stages (br_decode); the
 * stages have a file each: decode_b64.c, decode_html.c, decode_qp.c,
 * decode_quote.c (quoting and BBCode), decode_prefix.c, decode_layout.c,
 * decode_json.c, decode_ws.c, decode_uu.c, decode_mdtable.c; decode_lines.c holds
 * the line rewriter they share (decode_int.h).
 */
#include "decode_int.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#ifdef __SSE2__
#include <emmintrin.h>
#endif

/* ------------------------------------------------------------ the scan */

struct signs {
	bool qp;          /* "=" at a line end, "=XX", or a declared encoding */
	bool b64;         /* a declared base64 transfer encoding */
	bool uu;          /* a "begin 644 name" line: a uuencoded attachment */
	bool mdtable;     /* a Markdown table's delimiter row ("|---|---|") */
	bool escape;      /* a Markdown converter's "\+", "\*", "\-" */
	bool jsonlog;     /* a line may start an Ansible task result */
	bool quote;       /* a line starts with ">" */
	bool pipe;        /* a line starts with "| " */
	bool bbcode;      /* a known BBCode tag */
	bool fence;       /* a ``` line */
	bool ws;          /* TAB or a no-break/odd space */
	bool html_page;   /* a web page */
	bool html_frag;   /* <TR><TD> rows in a text document */
	bool qp_markup;   /* =3D" inside markup: decode QP before HTML */
	bool prefix;      /* a line starts with a comment, list or diff marker */
	bool stamp;       /* a line may start with a log time stamp */
	bool tag;         /* a line may start with a host's tag ("cn001: ") */
	bool entity;      /* a line may hold an HTML character reference */
	bool lostesc;     /* terminal colours without their ESC ("[1;32m") */
	bool latex;       /* a LaTeX tabular's row: cells apart by '&', two backslashes at its end */
};

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
enum tag_kind br_dec_tag_at(const char *s, size_t n)
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
/* Bytes the scan has to look at more closely. */
static const unsigned char interesting[256] = {
	['<'] = 1, ['['] = 1, ['\t'] = 1, ['='] = 1, ['&'] = 1, ['\\'] = 1,
	[0xa0] = 1, /* Latin-1 no-break space, or the tail of U+00A0 */
	[0xad] = 1, /* the tail of U+00AD, a soft hyphen */
	[0xe2] = 1, /* U+2000.. spaces */
	[0xe3] = 1, /* U+3000 */
	[0xef] = 1, /* U+FEFF */
};

/* Next byte at or after k that interesting[] flags: eight bytes at a time
 * while none of them can be one ('<', '[', TAB, '=', '&', '\\' or a byte >= 0x80). */
static size_t next_interesting(const unsigned char *s, size_t k, size_t n)
{
#ifdef __SSE2__
	/* sixteen bytes at a time where the compiler targets SSE2 (x86-64) */
	const __m128i lt = _mm_set1_epi8('<'), lb = _mm_set1_epi8('['), tb = _mm_set1_epi8('\t'),
		      eq = _mm_set1_epi8('='), am = _mm_set1_epi8('&'), bs = _mm_set1_epi8('\\');
	while (k + 16 <= n) {
		__m128i v = _mm_loadu_si128((const __m128i *)(const void *)(s + k));
		__m128i hit = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, lt), _mm_cmpeq_epi8(v, lb)),
					   _mm_or_si128(_mm_cmpeq_epi8(v, tb), _mm_cmpeq_epi8(v, eq)));
		hit = _mm_or_si128(hit, _mm_or_si128(_mm_cmpeq_epi8(v, am), _mm_cmpeq_epi8(v, bs)));
		/* candidates: the six bytes, and every byte >= 0x80 */
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
			       HASZERO(w ^ (ones * '\t')) | HASZERO(w ^ (ones * '=')) |
			       HASZERO(w ^ (ones * '&')) | HASZERO(w ^ (ones * '\\'));
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
	F_PREFIX = 1 << 12,    /* starts with a marker br_dec_stage_prefix may strip */
	F_STAMP = 1 << 13,     /* starts like a log time stamp ("12:", "2024-", "Mar ") */
	F_TAG = 1 << 14,       /* starts like a host's tag ("cn001:", "bench-1  |") */
	F_ENTITY = 1 << 15,    /* an HTML character reference ("&gt;", "&#36;") */
	F_B64 = 1 << 16,       /* "Content-Transfer-Encoding: base64" */
	F_JSONLOG = 1 << 17,   /* an Ansible task result ("ok: [web1] => {") */
	F_UU = 1 << 18,        /* "begin 644 name" at the start */
	F_MDTABLE = 1 << 19,   /* a Markdown table's delimiter row ("|---|:--|") */
	F_ESCAPE = 1 << 20,    /* a backslash before Markdown's "*_+-#|`[]" */
	F_LOSTESC = 1 << 21,   /* a colour reset that lost its ESC ("[0m", "^[[m") */
	F_LATEX = 1 << 22,     /* a LaTeX table row's end, two backslashes after an '&' */
};

/* The facts of what the text behind any quote markers (s[q]) starts with
 * that the layout stages read: a time stamp's first bytes, a host's tag. */
static inline void layout_facts(const unsigned char *s, size_t n, size_t q, struct line_facts *f)
{
	size_t r = q + (s[q] == '[');
	static const char months[] = "JanFebMarAprMayJunJulAugSepOctNovDec";
	if (s[q] == '<')
		f->bits |= F_STAMP; /* a chat log's "<joe> " without a stamp */
	if (r + 5 <= n && (is_digit(s[r]) ? s[r + 1] == ':' || s[r + 2] == ':' || s[r + 4] == '-'
					 : s[r + 3] == ' ' && memchr("ADFJMNOS", s[r], 8)))
		for (size_t m = 0; m < 36; m += 3)
			if (is_digit(s[r]) || memcmp(s + r, months + m, 3) == 0) {
				f->bits |= F_STAMP;
				break;
			}
	/* a chat export's "06/12/2026, " */
	if (r + 8 <= n && is_digit(s[r]) && (s[r + 1] == '/' || s[r + 2] == '/' || s[r + 1] == '.' ||
					     s[r + 2] == '.') && br_dec_chat_date(s, n, r))
		f->bits |= F_STAMP;
	/* "[pod/bench-0/bench] ": kubectl's host tag */
	if (s[q] == '[' && q + 3 < n && ((s[q + 1] | 0x20) >= 'a' && (s[q + 1] | 0x20) <= 'z')) {
		const unsigned char *e = memchr(s + q, ']', n - q < 82 ? n - q : 82);
		if (e && e + 1 < s + n && e[1] == ' ')
			f->bits |= F_TAG;
	}
	if (!(((s[q] | 0x20) >= 'a' && (s[q] | 0x20) <= 'z')))
		return;
	if ((s[q] == 'o' || s[q] == 'c' || s[q] == 'f') && n - q > 10 && memchr(s + q, '[', 10) &&
	    (has_prefix_ci((const char *)s + q, n - q, "ok: [") ||
	     has_prefix_ci((const char *)s + q, n - q, "changed: [") ||
	     has_prefix_ci((const char *)s + q, n - q, "failed: [") ||
	     has_prefix_ci((const char *)s + q, n - q, "fatal: [")))
		f->bits |= F_JSONLOG;
	bool digit = false;
	size_t k = q;
	for (; k < n && k - q <= 40; k++) {
		unsigned char c = s[k];
		if (is_digit(c))
			digit = true;
		else if (!((c | 0x20) >= 'a' && (c | 0x20) <= 'z') && c != '.' && c != '-' && c != '_')
			break;
	}
	if (k < n && s[k] == ':' && digit)
		f->bits |= F_TAG;
	else if (k + 1 < n && s[k] == ' ') {
		while (k < n && s[k] == ' ')
			k++;
		if (k < n && s[k] == '|')
			f->bits |= F_TAG;
	}
}

/* The facts of a line that may open a uuencoded attachment ("begin 644
 * name") or be a Markdown or Jira table's row (s[i] its first non-blank
 * byte, 'b' or '|'). */
static inline void block_facts(const unsigned char *s, size_t n, size_t i, struct line_facts *f)
{
	if (i == 0 && s[0] == 'b' && n > 10 && memcmp(s, "begin ", 6) == 0 && is_digit(s[6]))
		f->bits |= F_UU;
	if (s[i] != '|')
		return;
	/* a Jira table's header row "||a||b||" */
	if (i + 3 < n && s[i + 1] == '|' && s[n - 1] == '|' && s[n - 2] == '|')
		f->bits |= F_MDTABLE;
	/* a Markdown delimiter row "|---|:--|": nothing but dashes, colons,
	 * pipes and blanks */
	if (memchr(s + i, '-', n - i)) {
		size_t k = i + 1;
		while (k < n && (s[k] == '-' || s[k] == ':' || s[k] == '|' || s[k] == ' ' || s[k] == '\t'))
			k++;
		if (k == n)
			f->bits |= F_MDTABLE;
	}
}

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
	/* a comment block quoted with "| ": its "# " once the quoting is gone */
	if (q == i && q + 2 < n && s[q] == '|' && s[q + 1] == ' ' && s[q + 2] == '#')
		f->bits |= F_PREFIX;
	if (i >= 4 && s[i] == '>')
		f->bits |= F_PREFIX; /* quoting in an indented block */
	if (q < n) {
		layout_facts(s, n, q, f);
		switch (s[q]) {
		case '#': case '*': case '/': case ';': case '%': case '-': case '+': case ':':
			f->bits |= F_PREFIX;
			break;
		case '`': case '~':
			if (q > i && q - i < 12) {
				struct br_line t = *l;
				t.text += q;
				t.len -= (unsigned)q;
				if (br_dec_is_fence(&t) || (t.len > 3 && t.text[1] == '`' && t.text[2] == '`'))
					f->bits |= F_FENCE;
			}
			break;
		default: {
			/* a numbered list's "12. " holding figures (the
			 * stage strips no other numbers; two, where a wrap
			 * moved the third off the line), a bullet that is
			 * not ASCII */
			unsigned kind;
			unsigned long num;
			size_t m;
			if ((is_digit(s[q]) || s[q] >= 0xc2) &&
			    (m = br_dec_list_marker((const char *)s + q, n - q, &kind, &num)) != 0 &&
			    (kind < LIST_NUMBERED || br_dec_numbers((const char *)s + q + m, n - q - m) >= 2))
				f->bits |= F_PREFIX;
			/* a Supercite tag "ZC> " */
			if (q < 4 && ((s[q] | 0x20) >= 'a' && (s[q] | 0x20) <= 'z') &&
			    memchr(s + q, '>', n - q < 6 ? n - q : 6))
				f->bits |= F_PREFIX;
			break;
		}
		}
	}
	/* "... MB/sec```": a fence glued to the end of the text */
	if (n - i > 3 && s[n - 1] == '`' && s[n - 2] == '`' && s[n - 3] == '`' && s[n - 4] != '`')
		f->bits |= F_FENCE;
	if (s[i] == 'b' || (s[i] == '|' && i < 4))
		block_facts(s, n, i, f);
	else if (s[i] == '^' && i < 4 && n - i > 2 && s[n - 1] == '^')
		f->bits |= F_MDTABLE; /* a DokuWiki table's header row "^ a ^ b ^" */
	else if (s[i] == '|' && i + 1 < n && s[i + 1] == '-')
		block_facts(s, n, i, f); /* a MediaWiki row "|-" indented as code */
	else if (q > i && q < n && q < 16 && s[q] == '|')
		block_facts(s, n, q, f); /* a table quoted in a reply */
	if (i < 4) {
		if (s[i] == '>')
			f->bits |= F_QUOTE;
		else if (s[i] == '|' && (i + 1 == n || s[i + 1] == ' ' || s[i + 1] == '\t'))
			f->bits |= F_PIPE;
		else if ((s[i] == '`' || s[i] == '~') && br_dec_is_fence(l))
			f->bits |= F_FENCE;
		else if (s[i] == '`' && n - i > 3 && s[i + 1] == '`' && s[i + 2] == '`')
			f->bits |= F_FENCE; /* "```/dev/sda:", a fence glued to its text */
		else if ((s[i] == 'C' || s[i] == 'c') &&
			 has_prefix_ci((const char *)s + i, n - i, "content-transfer-encoding:")) {
			f->bits |= F_QP;
			size_t v = i + 26;
			while (v < n && (s[v] == ' ' || s[v] == '\t'))
				v++;
			if (has_prefix_ci((const char *)s + v, n - v, "base64"))
				f->bits |= F_B64;
			/* a message's body encoded whole: a page's markup too
			 * (its soft breaks join before the page is read) */
			else if (i == 0 && has_prefix_ci((const char *)s + v, n - v, "quoted-printable"))
				f->bits |= F_QP_MARKUP;
		}
	}
}

/* The facts of an HTML tag at s[k] (i: the line's first non-blank byte). */
static inline void tag_facts(const unsigned char *s, size_t n, size_t i, size_t k, struct line_facts *f)
{
	enum tag_kind t = br_dec_tag_at((const char *)s + k, n - k);
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

/* Is s[k] inside a tag that opens on its line ("<a href=3D"), not in text
 * ('charset=3D"iso-8859-1"' of a mail's header shown on a page)? (Looks
 * back 256 bytes at most.) */
static bool in_tag(const unsigned char *s, size_t k)
{
	for (size_t j = k; j-- > 0 && k - j <= 256;) {
		if (s[j] == '>')
			return false;
		if (s[j] == '<')
			return ((s[j + 1] | 0x20) >= 'a' && (s[j + 1] | 0x20) <= 'z');
	}
	return false;
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
			    (s[k + 3] == '"' || s[k + 3] == '\'') && in_tag(s, k))
				f->bits |= F_QP_MARKUP;
		}
		break;
	case '<':
		tag_facts(s, n, i, k, f);
		break;
	case '\\':
		if (k + 1 < n && s[k + 1] && strchr("*_+-#|`[]", s[k + 1]))
			f->bits |= F_ESCAPE;
		else if (k + 1 < n && s[k + 1] == '\\' && memchr(s, '&', k))
			f->bits |= F_LATEX;
		break;
	case '&':
		if (k + 3 < n && (s[k + 1] == '#' || ((s[k + 1] | 0x20) >= 'a' && (s[k + 1] | 0x20) <= 'z')))
			f->bits |= F_ENTITY;
		break;
	case '[': {
		if (br_dec_lost_reset_at((const char *)s + k, n - k))
			f->bits |= F_LOSTESC;
		bool closing;
		size_t name;
		size_t len = br_dec_bb_tag_at((const char *)s + k, n - k, &closing, &name);
		if (len && name != SIZE_MAX &&
		    (closing || strcmp(br_dec_bb_tags[name], "code") == 0 ||
		     strcmp(br_dec_bb_tags[name], "quote") == 0))
			f->bits |= F_BBCODE;
		break;
	}
	case '\t':
		f->bits |= F_WS;
		break;
	default: {
		/* a no-break or odd space; not the A0 that ends "à" (C3 A0) */
		const char *r;
		if ((c == 0xa0 || c == 0xad) && inside_char(s, k, n)) {
			if (s[k - 1] == 0xc2)
				f->bits |= F_WS; /* U+00A0, U+00AD */
			break;
		}
		if (c != 0xa0 && inside_char(s, k, n))
			break;
		if (br_dec_odd_space(s + k, n - k, &r))
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
	sg->b64 = (b & F_B64) != 0;
	sg->uu = (b & F_UU) != 0;
	sg->mdtable = (b & F_MDTABLE) != 0;
	sg->escape = (b & F_ESCAPE) != 0;
	sg->jsonlog = (b & F_JSONLOG) != 0;
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
	sg->stamp = (b & F_STAMP) != 0;
	sg->entity = (b & F_ENTITY) != 0;
	sg->tag = (b & F_TAG) != 0;
	sg->lostesc = (b & F_LOSTESC) != 0;
	sg->latex = (b & F_LATEX) != 0;
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

void br_dec_rescan_kept(struct rescan *rs, size_t i, const struct br_line *l)
{
	const struct facts_list *o = rs->old;
	if (!o) { /* no facts kept for these lines: read it */
		br_dec_rescan_new(rs, l);
		return;
	}
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

void br_dec_rescan_new(struct rescan *rs, const struct br_line *l)
{
	struct line_facts f;
	if (line_facts(l, &f))
		scan_add(&rs->st, &f);
}


/* ------------------------------------------------------------ pipeline */

/* A page read as text, and the scan of it (*sg, *facts). A page whose text
 * is a page's source again (a forum or web mail that escaped a page's
 * markup once more: "&amp;gt;" in the bytes, "<pre>" and "&gt;" in the
 * text it shows) is read again, three layers at most. */
static void decode_page(struct br_doc *doc, struct signs *sg, struct facts_list *facts)
{
	for (int layer = 0; layer < 3; layer++) {
		br_dec_stage_html_page(doc);
		scan(doc, sg, facts);
		if (!sg->html_page)
			break;
	}
}

/* Quoted-printable decoded (*sg: the signs of the lines; *facts: the facts
 * the scan kept of them). A message encoded again as a whole (forwarded
 * inline in an encoded reply): its own encoding shows once the outer one
 * is gone; three layers at most. */
static void decode_qp(struct br_doc *doc, struct signs *sg, struct facts_list *facts)
{
	for (int layer = 0; layer < 3 && sg->qp; layer++) {
		/* the facts kept are the lines' before the first layer: a
		 * layer after it reads the lines it keeps anew (the kept
		 * facts would count the wrong lines) */
		struct rescan rs = {.old = layer ? NULL : facts};
		if (!br_dec_stage_qp(doc, &rs))
			break;
		scan_finish(&rs.st, sg);
	}
}

/* The stages that turn what was sent into text (encodings, markup,
 * escapes), each followed by the scan of what it made; *sg holds the signs
 * of the text. */
static void decode_transport(struct br_doc *doc, struct signs *sg_out)
{
	struct signs sg;
	struct facts_list facts = {0};
	scan(doc, &sg, &facts);
	/* a base64 body, a uuencoded attachment: what they hold is read like
	 * the rest */
	bool encoded = sg.b64 && br_dec_stage_b64(doc);
	if (sg.uu && br_dec_stage_uu(doc))
		encoded = true;
	if (encoded)
		scan(doc, &sg, &facts);
	/* a log's time stamps, hosts' tags: the scan again once they are gone */
	bool cut = sg.stamp && br_dec_stage_stamps(doc);
	if (sg.tag && br_dec_stage_tags(doc))
		cut = true;
	if (cut)
		scan(doc, &sg, &facts);
	bool page = false;
	/* a page whose markup is itself QP-encoded (=3D") is decoded after QP */
	if (sg.html_page && !sg.qp_markup) {
		decode_page(doc, &sg, &facts);
		page = true;
	}
	if (sg.qp) {
		/* a copy that doubled the lines of an encoded text (a blank
		 * after each soft break): undone first, so that they join */
		if (br_dec_stage_undouble(doc))
			scan(doc, &sg, &facts);
		decode_qp(doc, &sg, &facts);
	}
	if (!page && sg.html_page) {
		decode_page(doc, &sg, &facts);
		page = true;
		/* a web mail's lines of an encoded text made <div>s and the
		 * page encoded again: the text the page shows has soft
		 * breaks and escapes of its own */
		if (sg.qp)
			decode_qp(doc, &sg, &facts);
	}
	/* the bytes a transfer encoding held, in the character set the
	 * message declared (a page's is libxml2's) */
	if (!page && br_dec_stage_charset(doc))
		scan(doc, &sg, &facts);
	/* a text's "&gt;&nbsp;" (a page's own are the HTML stage's): the
	 * quoting and the spaces they spell count once they are characters */
	if (!page && sg.entity && br_dec_stage_entities(doc))
		scan(doc, &sg, &facts);
	/* a Markdown converter's backslashes: what they hid is read once
	 * they are gone */
	if (!page && sg.escape && br_dec_stage_unescape(doc))
		scan(doc, &sg, &facts);
	free(facts.f);
	*sg_out = sg;
}

/* A reply's quoting, forum and Markdown markup undone (sg: what the scan
 * saw), and what showed once each was gone. */
static void unquote(struct br_doc *doc, struct signs *sg)
{
	/* a quoted numbered paste shows its gutter, a quoted block double
	 * spaced its blank lines, once unquoted */
	if ((sg->quote || sg->pipe) && br_dec_stage_quote(doc, sg->pipe)) {
		/* (the paste's own quoting and prefixes, behind the numbers) */
		if (br_dec_stage_gutter(doc)) {
			br_dec_stage_quote(doc, sg->pipe);
			sg->prefix = true;
		}
		if (sg->stamp)
			br_dec_stage_stamps(doc);
		if (sg->tag)
			br_dec_stage_tags(doc);
		br_dec_stage_undouble(doc);
	}
	if (sg->bbcode || sg->fence)
		br_dec_stage_bbcode(doc, sg->bbcode, sg->fence);
	/* lines of output made a Markdown table's rows, read as an HTML
	 * table's (what their cells hold may have a prefix of its own) */
	if (sg->mdtable && br_dec_stage_mdtable(doc))
		sg->ws = sg->prefix = true;
	if (sg->latex && br_dec_stage_latex(doc))
		sg->ws = true;
}

/* Block prefixes removed, at most three layers (sg: what the scan saw). */
static void unprefix(struct br_doc *doc, struct signs *sg)
{
	/* a block's prefix gone, what it held may have one of its own (a diff
	 * or a list in a comment): at most three layers */
	int layers = 0;
	while (sg->prefix && layers < 3 && br_dec_stage_prefix(doc)) {
		layers++;
		/* a numbered paste behind the marks shows its gutter once
		 * they are gone (" *   12. "), before its numbers could be
		 * taken for a list's */
		br_dec_stage_gutter(doc);
		/* a reply commented out ("# > "): its quoting shows once
		 * the marks are gone */
		br_dec_stage_quote(doc, false);
		/* double spacing whose blank lines had the marks too ("# "),
		 * before the next layer's marks are looked for (the blank
		 * lines would part its block) */
		br_dec_stage_undouble(doc);
	}
}

void br_decode(struct br_doc *doc)
{
	/* a document saved as UTF-16: its text's lines, before all else */
	br_dec_stage_utf16(doc);
	if (doc->binary)
		return;
	/* a message's text in the character set it declared, where no
	 * transfer encoding hides it (again after the transport below): an
	 * ISO-2022 set's shifts are escape sequences */
	br_dec_stage_charset(doc);
	/* the outermost layer of a copy: a line-number gutter in front of
	 * every line, quoted-printable or markup included */
	br_dec_stage_ansi(doc);
	br_dec_stage_gutter(doc);
	struct signs sg;
	decode_transport(doc, &sg);
	/* "测试结果如下：": a CJK introduction's colon, once encodings are undone */
	br_dec_stage_fullwidth_colon(doc);
	/* a numbered paste inside a page, a web mail or an encoded message
	 * shows its whole gutter once the markup or the encoding is gone
	 * (quoted-printable's soft breaks and "=20" interrupt its numbers) */
	if (doc->transport & (BR_TRANSPORT_HTML | BR_TRANSPORT_QP))
		br_dec_stage_gutter(doc);
	/* terminal colours a web form or a chat kept without their ESC: once
	 * the markup that carried them is gone */
	if (sg.lostesc && br_dec_stage_lost_escapes(doc)) {
		/* (what the colours hid starts lines now: quoting, marks) */
		struct facts_list facts = {0};
		scan(doc, &sg, &facts);
		free(facts.f);
	}
	/* double spacing (after the gutter, which numbers the blank lines too) */
	br_dec_stage_undouble(doc);
	unquote(doc, &sg);
	unprefix(doc, &sg);
	/* a command's output as an Ansible task result's JSON strings */
	if (sg.jsonlog)
		br_dec_stage_jsonlog(doc);
	/* rows pasted into text, or shown as text inside a page's <pre> */
	if (sg.html_frag && br_dec_stage_html_rows(doc))
		sg.ws = true;
	/* a table made text one cell a line, its rows paragraphs */
	if (br_dec_stage_cell_lines(doc))
		sg.ws = true;
	if (sg.ws)
		br_dec_stage_ws(doc);
	/* the words an encoded body held, for whoever looks in the bytes */
	if (doc->transport & (BR_TRANSPORT_BASE64 | BR_TRANSPORT_UUENCODE | BR_TRANSPORT_UTF16))
		br_doc_show_lines(doc);
}

