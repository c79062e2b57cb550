/*
 * decode_lines — the line rewriter every decoding stage writes with: output
 * lines go over the input lines already read (struct rw), a changed line is
 * rebuilt with its joins carried over (struct lw). See decode_int.h.
 */
#include "decode_int.h"

#include <limits.h>
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
	size_t ji = 0;
	while (ji < br_line_njoins(l) && l->joins[ji] < cut)
		ji++;
	for (size_t c = cut; c < l->len; c++) {
		lw_carry(w, l, &ji, c);
		br_buf_addc(&w->text, l->text[c]);
	}
	lw_carry(w, l, &ji, l->len);
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
