/*
 * decode_lines — the line rewriter every decoding stage writes with: output
 * lines go over the input lines already read (struct rw), a changed line is
 * rebuilt with its joins carried over (struct lw). See decode_int.h.
 */
#include "decode_int.h"

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>

#include "label.h"

/* The slot for the next output line, when input lines before `unread` are
 * read (and held in locals where still needed). */
struct br_line *br_dec_rw_slot(struct rw *r, size_t unread)
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

/* Install the new lines. */
void br_dec_rw_done(struct rw *r)
{
	struct br_doc *doc = r->doc;
	br_label_outline_free(doc->outline);
	doc->outline = NULL;
	if (r->spilled)
		br_doc_lines_commit(doc, &r->b);
	else
		doc->nlines = r->w;
}

void br_dec_lw_join(struct lw *w)
{
	unsigned off = (unsigned)(w->text.len > UINT_MAX ? UINT_MAX : w->text.len);
	if (w->njoins && w->joins[w->njoins - 1] == off)
		return;
	w->joins = br_grow(w->joins, &w->cap, w->njoins + 1, sizeof *w->joins);
	w->joins[w->njoins++] = off;
}

void br_dec_lw_free(struct lw *w)
{
	br_buf_free(&w->text);
	free(w->joins);
}

/* Line l's bytes from offset `from` on added to w, with the joins that sit
 * at or after it: a join at `from` or at the line's end is carried too. */
void br_dec_lw_add_from(struct lw *w, const struct br_line *l, size_t from)
{
	if (from > l->len)
		from = l->len;
	if (!l->joins) {
		br_buf_add(&w->text, l->text + from, l->len - from);
		return;
	}
	size_t ji = 0;
	while (ji < br_line_njoins(l) && l->joins[ji] < from)
		ji++;
	for (size_t c = from; c < l->len; c++) {
		lw_carry(w, l, &ji, c);
		br_buf_addc(&w->text, l->text[c]);
	}
	lw_carry(w, l, &ji, l->len);
}

/* Write the line built in w; returns it. */
const struct br_line *br_dec_lw_emit(struct rw *r, size_t unread, struct lw *w, unsigned line,
				     unsigned end_line, unsigned depth, unsigned flags)
{
	struct br_line *l = br_dec_rw_slot(r, unread);
	br_doc_line_set(r->doc, l, br_buf_str(&w->text), w->text.len, line, end_line, depth, flags,
			w->joins, w->njoins);
	lw_reset(w);
	return l;
}

/* Write line l without its first `cut` bytes, `depth` deeper. */
void br_dec_strip_front(struct rw *out, struct lw *w, const struct br_line *l, size_t unread,
			size_t cut, unsigned depth)
{
	if (cut > l->len)
		cut = l->len;
	unsigned dp = l->depth + depth;
	if (dp > 65535)
		dp = 65535;
	if (!l->joins) {
		struct br_line *d = br_dec_rw_slot(out, unread);
		if (d != l)
			*d = *l;
		d->text += cut;
		d->len -= (unsigned)cut;
		d->depth = (unsigned short)dp;
		return;
	}
	br_dec_lw_add_from(w, l, cut);
	br_dec_lw_emit(out, unread, w, l->line, l->end_line, dp, l->flags);
}

/* The decoded text t as lines: each ends at a LF, CR or CRLF; at[i] is the
 * original line byte i came from, and a line spans the original lines of
 * its bytes and of its terminator. */
static void emit_decoded(struct rw *out, size_t unread, struct lw *w, const struct br_buf *t,
			 const unsigned *at, unsigned depth)
{
	size_t s = 0;
	while (s < t->len) {
		size_t e = s;
		while (e < t->len && t->data[e] != '\n' && t->data[e] != '\r')
			e++;
		br_buf_add(&w->text, t->data + s, e - s);
		unsigned last = e < t->len ? at[e] : at[e > s ? e - 1 : s];
		br_dec_lw_emit(out, unread, w, at[s], last < at[s] ? at[s] : last, depth, BR_LINE_DECODED);
		if (e < t->len && t->data[e] == '\r' && e + 1 < t->len && t->data[e + 1] == '\n')
			e++;
		s = e + 1;
	}
}

bool br_dec_replace_spans(struct br_doc *doc, size_t n, br_dec_span_fn *decode, void *arg)
{
	struct rw out;
	struct lw w = {0};
	struct br_dec_span sp = {0, 0, {0}, NULL, 0};
	size_t i = 0;
	bool changed = false;
	rw_init(&out, doc);
	for (size_t k = 0; k < n; k++) {
		/* decoded before a line of the span is written over */
		bool ok = decode(arg, doc, k, &sp);
		for (; i < sp.body; i++)
			rw_keep(&out, &doc->lines[i], i + 1);
		if (ok) {
			emit_decoded(&out, sp.end, &w, &sp.text, sp.at, doc->lines[sp.body].depth);
			i = sp.end;
			changed = true;
		}
	}
	for (; i < doc->nlines; i++)
		rw_keep(&out, &doc->lines[i], i + 1);
	br_dec_rw_done(&out);
	br_dec_lw_free(&w);
	br_buf_free(&sp.text);
	free(sp.at);
	return changed;
}

/* ------------------------------------------------------------ hard wraps */

/* Width in characters of s[0..n) (UTF-8: continuation bytes not counted)
 * and the index of its first blank after column 0 (n when none): where a
 * wrap could have broken it. */
static size_t line_width(const char *s, size_t n, size_t *blank)
{
	size_t w = 0;
	*blank = SIZE_MAX;
	for (size_t c = 0; c < n; c++) {
		if ((s[c] == ' ' || s[c] == '\t') && w && *blank == SIZE_MAX)
			*blank = w;
		w += ((unsigned char)s[c] & 0xc0) != 0x80;
	}
	if (*blank == SIZE_MAX)
		*blank = w;
	return w;
}

/* Narrowest and widest hard wrap (in columns) a rejoin looks for: at 60
 * and over the fixed rule holds; under 30 a "wrap" is a list. */
#define WRAP_MIN 30
#define WRAP_FIXED 60

/* The column a client hard-wrapped the whole document at, when that is
 * under `max` (at most WRAP_OPEN_MAX), else 0. A wrap at W leaves no line
 * longer than W that it could have broken (a blank before column W): the
 * unbreakable ones (a URL, a long word) are longer, so the longest line
 * says nothing. W is the narrowest width at most one line in fifty breaks
 * that way, and a wrap it is when a fifth of the lines (five at least) end
 * within 10 columns of it, as a wrap fills lines. */
#define WRAP_OPEN_MAX 120
static size_t doc_wrap_width(const struct br_doc *doc, size_t max)
{
	/* over[w]: lines a wrap at w would have broken (difference array);
	 * end[w]: lines exactly w wide */
	size_t over[WRAP_OPEN_MAX + 1] = {0}, end[WRAP_OPEN_MAX + 1] = {0}, lines = 0;
	for (size_t i = 0; i < doc->nlines; i++) {
		const struct br_line *l = &doc->lines[i];
		if (br_is_blank(l->text, l->len))
			continue;
		size_t blank, w = line_width(l->text, l->len, &blank);
		lines++;
		if (w <= max) {
			end[w]++;
		}
		/* breakable by a wrap at any width in (blank, w) */
		size_t lo = blank + 1 > WRAP_MIN ? blank + 1 : WRAP_MIN;
		if (w > lo && lo < max) {
			over[lo]++;
			if (w < max)
				over[w]--;
		}
	}
	size_t broken = 0, allow = lines / 50 > 1 ? lines / 50 : 1;
	for (size_t w = WRAP_MIN; w < max; w++) {
		broken += over[w];
		if (broken > allow)
			continue;
		size_t full = 0;
		for (size_t k = w - 10; k <= w; k++)
			full += end[k];
		return full >= 5 && full * 5 >= lines ? w : 0;
	}
	return 0;
}

size_t br_dec_message_rest(const struct br_doc *doc, size_t i, br_dec_line_kind_fn *kind, const void *ctx,
			   size_t *wrap)
{
	if (i == 0 || i >= doc->nlines || !kind(doc, i - 1, ctx))
		return 0;
	size_t k = i;
	for (; k < doc->nlines && k < i + 3 && !kind(doc, k, ctx); k++) {
		const struct br_line *l = &doc->lines[k], *prev = &doc->lines[k - 1];
		size_t a = 0, e;
		while (a < l->len && (l->text[a] == ' ' || l->text[a] == '\t'))
			a++;
		if (a > 0 || a == l->len)
			break;
		for (e = a; e < l->len && l->text[e] != ' ' && l->text[e] != '\t'; e++)
			;
		if (*wrap == SIZE_MAX)
			*wrap = doc_wrap_width(doc, WRAP_OPEN_MAX);
		size_t blank, width = line_width(prev->text, prev->len, &blank);
		size_t word = line_width(l->text + a, e - a, &blank);
		if (!*wrap || width > *wrap || width + 1 + word <= *wrap)
			break;
	}
	return k - i;
}

size_t br_dec_wrapped_rest(const struct br_doc *doc, size_t i, br_dec_line_kind_fn *kind, const void *ctx,
			   size_t *wrap)
{
	if (i == 0 || i >= doc->nlines)
		return 0;
	unsigned want = kind(doc, i - 1, ctx);
	size_t k = i;
	for (; k < doc->nlines && k < i + 3 && !kind(doc, k, ctx); k++) {
		const struct br_line *l = &doc->lines[k], *prev = &doc->lines[k - 1];
		size_t a = 0, w;
		while (a < l->len && (l->text[a] == ' ' || l->text[a] == '\t'))
			a++;
		if (a == l->len)
			return 0;
		for (w = a; w < l->len && l->text[w] != ' ' && l->text[w] != '\t'; w++)
			;
		size_t width = prev->len;
		if (!(doc->transport & (BR_TRANSPORT_BASE64 | BR_TRANSPORT_UUENCODE | BR_TRANSPORT_UTF16 |
					BR_TRANSPORT_HTML)) &&
		    prev->end_line && prev->end_line <= doc->nphys && prev->end_line == prev->line)
			width = br_doc_phys_len(doc, prev->end_line - 1);
		if (width >= WRAP_FIXED - 10 && width + 1 + (w - a) >= WRAP_FIXED)
			continue;
		/* a narrower wrap: the line before at least two thirds of it */
		if (*wrap == SIZE_MAX)
			*wrap = doc_wrap_width(doc, WRAP_FIXED);
		if (!*wrap || width * 3 < *wrap * 2 || width + 1 + (w - a) <= *wrap)
			return 0;
	}
	return k > i && k < doc->nlines && kind(doc, k, ctx) == want ? k - i : 0;
}

unsigned br_dec_join_rest(struct lw *w, const struct br_doc *doc, size_t k, size_t nr, unsigned end_line)
{
	for (size_t r = k + 1; r <= k + nr; r++) {
		const struct br_line *m = &doc->lines[r];
		br_buf_addc(&w->text, ' ');
		br_dec_lw_join(w);
		br_dec_lw_add_from(w, m, 0);
		if (m->end_line > end_line)
			end_line = m->end_line;
	}
	return end_line;
}

void br_dec_strip_front_rest(struct rw *out, struct lw *w, const struct br_line *l, const struct br_doc *doc,
			     size_t k, size_t nr, size_t cut, unsigned depth)
{
	if (!nr) {
		br_dec_strip_front(out, w, l, k + 1, cut, depth);
		return;
	}
	if (cut > l->len)
		cut = l->len;
	unsigned dp = l->depth + depth;
	br_dec_lw_add_from(w, l, cut);
	unsigned end_line = br_dec_join_rest(w, doc, k, nr, l->end_line);
	br_dec_lw_emit(out, k + 1 + nr, w, l->line, end_line, dp > 65535 ? 65535 : dp, l->flags);
}
