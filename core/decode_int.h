/*
 * decode_int — private to the decode stage (core/decode*.c; not installed,
 * included nowhere else): what its files share. The byte tests and the line
 * rewriter (struct rw, struct lw: decode_lines.c) every stage writes with,
 * the scan's per-line facts (decode.c) that quoted-printable decoding
 * updates as it writes, the tag tables the scan shares with the HTML and
 * BBCode stages, and the stages themselves, in the order br_decode runs them.
 *
 * Helpers called per byte or per line are static inline here, so that the
 * compiler inlines them in each file that calls them (no call across files
 * on the hot path; the other shared helpers are called out of line either way).
 */
#ifndef BR_DECODE_INT_H
#define BR_DECODE_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

#include "decode.h"

/* ------------------------------------------------------------ byte tests */

static inline int lower(int c)
{
	return c >= 'A' && c <= 'Z' ? c + 32 : c;
}

static inline bool is_hex(int c)
{
	return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'F') || (c >= 'a' && c <= 'f');
}

static inline unsigned hex_val(int c)
{
	if (c >= '0' && c <= '9')
		return (unsigned)(c - '0');
	return (unsigned)(lower(c) - 'a' + 10);
}

static inline bool is_digit(int c)
{
	return c >= '0' && c <= '9';
}

/* Does s[i] start a chat export's date and its comma ("06/12/2026,",
 * "6.12.26,"): day and month of one or two digits, the same '/' or '.'
 * after each, a year of two or four digits? The index after the comma,
 * 0 if not. */
static inline size_t br_dec_chat_date(const unsigned char *s, size_t n, size_t i)
{
	size_t k = i;
	while (k < n && k - i < 3 && is_digit(s[k]))
		k++;
	if (k == i || k - i > 2 || k >= n || (s[k] != '/' && s[k] != '.'))
		return 0;
	unsigned char sep = s[k];
	size_t m = ++k;
	while (k < n && k - m < 3 && is_digit(s[k]))
		k++;
	if (k == m || k - m > 2 || k >= n || s[k] != sep)
		return 0;
	m = ++k;
	while (k < n && k - m < 5 && is_digit(s[k]))
		k++;
	if ((k - m != 2 && k - m != 4) || k >= n || s[k] != ',')
		return 0;
	return k + 1;
}

static inline bool line_blank(const struct br_line *l)
{
	return br_is_blank(l->text, l->len);
}

/* Length without trailing blanks. */
static inline size_t rtrim_len(const char *s, size_t n)
{
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t'))
		n--;
	return n;
}

/* case-insensitive prefix test on a byte range */
static inline bool has_prefix_ci(const char *s, size_t n, const char *p)
{
	size_t m = strlen(p);
	if (n < m)
		return false;
	for (size_t i = 0; i < m; i++)
		if (lower((unsigned char)s[i]) != lower((unsigned char)p[i]))
			return false;
	return true;
}

/* ------------------------------------------------------------ the line rewriter */

/* decode_lines.c */

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

static inline void rw_init(struct rw *r, struct br_doc *doc)
{
	memset(r, 0, sizeof *r);
	r->doc = doc;
}

/* The slot for the next output line, when input lines before `unread` are
 * read (and held in locals where still needed). */
struct br_line *br_dec_rw_slot(struct rw *r, size_t unread);

/* Keep a line as it is (l points at input line unread - 1 or a copy of it). */
static inline void rw_keep(struct rw *r, const struct br_line *l, size_t unread)
{
	struct br_line *d = br_dec_rw_slot(r, unread);
	if (d != l)
		*d = *l;
}

/* Install the new lines. */
void br_dec_rw_done(struct rw *r);

/* A line being rebuilt: its text and the join offsets carried over. */
struct lw {
	struct br_buf text;
	unsigned *joins;
	size_t njoins, cap;
};

void br_dec_lw_join(struct lw *w);

/* Carry the input line's joins that sit at or before input offset `at`. */
static inline void lw_carry(struct lw *w, const struct br_line *in, size_t *ji, size_t at)
{
	if (!in->joins)
		return; /* most lines: tested where called, byte by byte */
	for (size_t nj = in->joins[-1]; *ji < nj && in->joins[*ji] <= at; (*ji)++)
		br_dec_lw_join(w);
}

static inline void lw_reset(struct lw *w)
{
	br_buf_reset(&w->text);
	w->njoins = 0;
}

void br_dec_lw_free(struct lw *w);

/* Line l's text from byte `from` on added to w, its joins at or after
 * `from` carried (the copy every stripping and joining writer makes). */
void br_dec_lw_add_from(struct lw *w, const struct br_line *l, size_t from);

/* Write line l without its first `cut` bytes, `depth` deeper (the joins
 * after the cut carried); w must be empty. */
void br_dec_strip_front(struct rw *out, struct lw *w, const struct br_line *l, size_t unread, size_t cut,
			unsigned depth);

/* Write the line built in w; returns it. */
const struct br_line *br_dec_lw_emit(struct rw *r, size_t unread, struct lw *w, unsigned line,
				     unsigned end_line, unsigned depth, unsigned flags);

/* ------------------------------------------------------------ hard wraps (decode_lines.c) */

/* What a stage makes of line k's prefix (ctx its own): 0 when it has none,
 * else a kind (a quote's depth, a chat log's stamp) the lines a wrap parted
 * share. */
typedef unsigned br_dec_line_kind_fn(const struct br_doc *doc, size_t k, const void *ctx);

/* Lines i.. (up to three, of kind 0, with text) that are the rest of line
 * i - 1, a line with a prefix a mail client re-wrapped (the prefix only on
 * its first piece): each a line the one before it (as written, prefix and
 * all) could not take its first word onto within the wrap (a wrap at 60
 * keeps a line under 60; a narrower one the document shows, *wrap, worked
 * out the first time it is needed: SIZE_MAX before), and after them a line
 * of line i - 1's kind. Their count, 0 when there are none. */
size_t br_dec_wrapped_rest(const struct br_doc *doc, size_t i, br_dec_line_kind_fn *kind, const void *ctx,
			   size_t *wrap);

/* Lines i.. (up to three, of kind 0, text from their first column) that
 * are the rest of line i - 1, a chat message's first line (of a kind: its
 * stamp) in a document a client hard-wrapped at a width it shows (*wrap,
 * as br_dec_wrapped_rest's): each a line the one before it could not take
 * its first word onto within the wrap. Unlike br_dec_wrapped_rest, what
 * follows them is anything (the message's own next lines are unstamped).
 * Their count, 0 when there are none. */
size_t br_dec_message_rest(const struct br_doc *doc, size_t i, br_dec_line_kind_fn *kind, const void *ctx,
			   size_t *wrap);

/* Lines k + 1 .. k + nr of doc (a wrapped rest) added to w, each after a
 * blank (a join there); the last original line they and end_line reach. */
unsigned br_dec_join_rest(struct lw *w, const struct br_doc *doc, size_t k, size_t nr, unsigned end_line);

/* Line l (line k of doc, or a copy of it) as br_dec_strip_front writes it,
 * with its rest, lines k + 1 .. k + nr, joined on (br_dec_join_rest). */
void br_dec_strip_front_rest(struct rw *out, struct lw *w, const struct br_line *l, const struct br_doc *doc,
			     size_t k, size_t nr, size_t cut, unsigned depth);

/* ------------------------------------------------------------ the scan (decode.c) */

/* What kind of HTML tag s[0] == '<' starts (TAG_NONE: none the scan knows). */
enum tag_kind { TAG_NONE, TAG_STRONG, TAG_BLOCK, TAG_TABLE, TAG_OTHER };
enum tag_kind br_dec_tag_at(const char *s, size_t n);

/* The facts of one line and the count of them over the lines so far; the
 * F_* bits are decode.c's. */
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

/* The scan of the lines a stage writes, as it writes them: a line kept
 * from input line i counts the facts kept for it, a new line is read. */
struct rescan {
	struct scan_state st;
	const struct facts_list *old; /* NULL: none kept, kept lines are read */
	size_t next;           /* first entry of old not behind the input */
};

/* Count a line kept from input line i / a line written anew. */
void br_dec_rescan_kept(struct rescan *rs, size_t i, const struct br_line *l);
void br_dec_rescan_new(struct rescan *rs, const struct br_line *l);

/* ------------------------------------------------------------ tags and spaces the scan shares */

/* BBCode tag names (decode_quote.c); br_dec_bb_tag_at gives an index into them. */
extern const char *const br_dec_bb_tags[];

/* Length of the BBCode tag at s[0] == '[' (0 if none); *closing, *name set. */
size_t br_dec_bb_tag_at(const char *s, size_t n, bool *closing, size_t *name);

/* Is l a Markdown code fence (``` or ~~~, an info word allowed)? */
bool br_dec_is_fence(const struct br_line *l);
/* A fence glued to the text of its line, as a chat client lets one be typed
 * ("```/dev/sda:" opening a block, "... MB/sec```" closing it): the bytes
 * of the fence at the front (*front, with the blanks before it) and at the
 * back (*back, with the blanks after it); false when there is none. */
bool br_dec_fence_glued(const struct br_line *l, size_t *front, size_t *back);

/* A list marker at the start of s[0..n) (decode_prefix.c): blanks, a
 * bullet ("*", "-", "+", "•", "·" ...) or a number ("12.", "3)"), and the
 * blanks after it; its length, 0 if none or if no text follows. *kind
 * tells markers apart: an ASCII bullet is its byte, the others
 * LIST_BULLET + an index, a number LIST_NUMBERED + its '.' or ')', *num
 * then its value. */
enum { LIST_BULLET = 0x100, LIST_NUMBERED = 0x200 };
size_t br_dec_list_marker(const char *s, size_t n, unsigned *kind, unsigned long *num);

/* Does s[0..n) hold three numbers or more (a result row's sign;
 * decode_layout.c)? br_dec_numbers: how many it holds, 3 at most (a row a
 * wrap cut: its pieces' counts add up). */
bool br_dec_numbers3(const char *s, size_t n);
int br_dec_numbers(const char *s, size_t n);

/* Bytes of a space-like or zero-width character at s and its replacement
 * (decode_ws.c); 0 if s holds neither. */
size_t br_dec_odd_space(const unsigned char *s, size_t n, const char **repl);

/* ------------------------------------------------------------ the stages */

/* decode_charset.c: lines in a character set a Content-Type declared,
 * converted to UTF-8; true when a line changed. */
bool br_dec_stage_charset(struct br_doc *doc);
/* decode_charset.c: a full-width colon ending a line made ':'; true when a
 * line changed. */
bool br_dec_stage_fullwidth_colon(struct br_doc *doc);

/* A span of lines [body, end) an encoding stage replaces by the text
 * decoded from it (base64 bodies, uuencoded blocks): the text, and for each
 * of its bytes the original line it came from (at, cap of them). */
struct br_dec_span {
	size_t body, end;
	struct br_buf text;
	unsigned *at;
	size_t cap;
};
/* Span k of n (its body, end; false when it holds no text to read) and its
 * text decoded, the text reset first. */
typedef bool br_dec_span_fn(void *arg, const struct br_doc *doc, size_t k, struct br_dec_span *sp);
/* Each of the n spans that decodes replaced by its text's lines; the other
 * lines kept (decode_lines.c). True when one was. */
bool br_dec_replace_spans(struct br_doc *doc, size_t n, br_dec_span_fn *decode, void *arg);

/* The marks a copy put before a line (quotes "> > ", comments "# ",
 * lists " * ", tables "| ", numbered lines " 12 | ", in layers, with their
 * blanks): their length, 0 for none (decode_qp.c). */
size_t br_dec_mark_prefix_len(const char *s, size_t n);
/* Is mark prefix a, in shape, the start of prefix b (the same marks,
 * whatever the blanks and line numbers, or fewer of them)? */
bool br_dec_mark_shape_within(const char *a, size_t na, const char *b, size_t nb);

/* Each rewrites doc->lines, sets its bit of doc->transport and returns
 * true when it changed anything. */
bool br_dec_stage_utf16(struct br_doc *doc);                     /* decode_utf16.c */
bool br_dec_stage_b64(struct br_doc *doc);                       /* decode_b64.c */
bool br_dec_stage_uu(struct br_doc *doc);                        /* decode_uu.c */
bool br_dec_stage_html_page(struct br_doc *doc);                 /* decode_html.c */
bool br_dec_stage_qp(struct br_doc *doc, struct rescan *rs);     /* decode_qp.c */
bool br_dec_stage_quote(struct br_doc *doc, bool pipe);          /* decode_quote.c */
bool br_dec_stage_bbcode(struct br_doc *doc, bool bbcode, bool fence);
bool br_dec_stage_gutter(struct br_doc *doc);                    /* decode_layout.c */
bool br_dec_stage_undouble(struct br_doc *doc);                  /* decode_layout.c */
bool br_dec_stage_ansi(struct br_doc *doc);                      /* decode_layout.c */
bool br_dec_stage_lost_escapes(struct br_doc *doc);              /* decode_layout.c */
size_t br_dec_lost_escape_len(const char *s, size_t n);          /* decode_layout.c */
bool br_dec_lost_reset_at(const char *s, size_t n);              /* decode_layout.c */
bool br_dec_stage_stamps(struct br_doc *doc);                    /* decode_layout.c */
bool br_dec_stage_tags(struct br_doc *doc);                      /* decode_layout.c */
bool br_dec_stage_prefix(struct br_doc *doc);                    /* decode_prefix.c */
bool br_dec_stage_html_rows(struct br_doc *doc);                 /* decode_html.c */
bool br_dec_stage_mdtable(struct br_doc *doc);                   /* decode_mdtable.c */
bool br_dec_stage_latex(struct br_doc *doc);                     /* decode_mdtable.c */
bool br_dec_stage_cell_lines(struct br_doc *doc);                /* decode_cells.c */
bool br_dec_stage_ws(struct br_doc *doc);                        /* decode_ws.c */
bool br_dec_stage_jsonlog(struct br_doc *doc);                   /* decode_json.c */
bool br_dec_stage_entities(struct br_doc *doc);                  /* decode_ws.c */
bool br_dec_stage_unescape(struct br_doc *doc);                  /* decode_escape.c */

#endif
