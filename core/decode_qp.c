/*
 * decode_qp — quoted-printable, per region: mail header blocks, MIME
 * boundaries and digest separators start a region, decoded when it declares
 * the encoding or shows evidence; soft breaks join lines. See decode.h.
 */
#include "decode_int.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "vocab.h"

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

/* The end of the header's encoded word ("=?iso-8859-1?q?L=F5hmus?=", RFC
 * 2047) that starts at s[i] ("=?"), after its "?=", or 0 when none does. */
static size_t encoded_word_end(const char *s, size_t i, size_t n)
{
	if (i + 1 >= n || s[i] != '=' || s[i + 1] != '?')
		return 0;
	/* =?charset?Q?text?= : three '?' inside, then "?=" */
	size_t q = 0, k = i + 2;
	for (; k < n && s[k] != ' ' && s[k] != '\t'; k++)
		if (s[k] == '?' && ++q == 3)
			return k + 1 < n && s[k + 1] == '=' ? k + 2 : 0;
	return 0;
}

/* Offset of the soft-break "=" in the line, or SIZE_MAX. (Blanks and
 * carriage returns after it are a copy's: a "\r\r\n" line end leaves one.)
 * A header's encoded word that ends the line ends in "?=", not a break. */
static size_t soft_break(const struct br_line *l)
{
	size_t n = l->len;
	while (n && (l->text[n - 1] == ' ' || l->text[n - 1] == '\t' || l->text[n - 1] == '\r'))
		n--;
	if (!n || l->text[n - 1] != '=')
		return SIZE_MAX;
	if (n >= 2 && l->text[n - 2] == '=')
		return SIZE_MAX; /* "==" and "=====" underlines are text */
	if (n >= 2 && l->text[n - 2] == '?') {
		const char *w = l->text;
		while ((w = memchr(w, '=', n - (size_t)(w - l->text))) != NULL) {
			size_t e = encoded_word_end(l->text, (size_t)(w - l->text), n);
			if (e == n)
				return SIZE_MAX;
			w = e ? l->text + e : w + 1;
		}
	}
	return n - 1;
}

/* The MIME boundaries a document declares (boundary="..." of its
 * multipart Content-Types, on a header's continuation line too): a part
 * starts at "--" and one of them, however short. */
#define QP_BOUNDARIES 8
struct boundaries {
	const char *s[QP_BOUNDARIES];
	size_t len[QP_BOUNDARIES], n;
};

static void find_boundaries(const struct br_doc *doc, struct boundaries *b)
{
	b->n = 0;
	for (size_t i = 0; i < doc->nlines && b->n < QP_BOUNDARIES; i++) {
		const struct br_line *l = &doc->lines[i];
		const char *p = l->text, *e = l->text + l->len;
		while ((p = memchr(p, '=', (size_t)(e - p))) != NULL &&
		       ((size_t)(p - l->text) < 8 || !has_prefix_ci(p - 8, 9, "boundary=")))
			p++;
		if (!p)
			continue;
		const char *v = p + 1;
		bool quoted = v < e && *v == '"';
		v += quoted;
		const char *w = v;
		while (w < e && (quoted ? *w != '"' : *w != ';' && *w != ' ' && *w != '\t'))
			w++;
		if (w > v && w - v <= 70) {
			b->s[b->n] = v;
			b->len[b->n++] = (size_t)(w - v);
		}
	}
}

/* Does line l start a declared part ("--" and a boundary)? */
static bool declared_boundary(const struct br_line *l, const struct boundaries *b)
{
	for (size_t k = 0; b && k < b->n; k++)
		if (l->len >= 2 + b->len[k] && l->text[0] == '-' && l->text[1] == '-' &&
		    memcmp(l->text + 2, b->s[k], b->len[k]) == 0)
			return true;
	return false;
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
	/* the declaration, behind the marks of a quote or a paste too */
	size_t m = (s[0] | 0x20) >= 'a' && (s[0] | 0x20) <= 'z' ? 0 : br_dec_mark_prefix_len(l->text, n);
	if ((s[m] == 'c' || s[m] == 'C') && has_prefix_ci(l->text + m, n - m, "content-transfer-encoding:")) {
		const char *v = l->text + m + 26;
		while (*v == ' ' || *v == '\t')
			v++;
		bool qp = has_prefix_ci(v, strlen(v), "quoted-printable");
		/* (a marked one says QP where nothing else said anything; a
		 * message pasted into an encoded body says what it was, not
		 * what the body is: another encoding after QP's is text) */
		if ((!m && (qp || r->declared <= 0)) || (qp && !r->declared))
			r->declared = qp ? 1 : -1;
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
		size_t ew = encoded_word_end(l->text, i, n);
		if (ew) { /* a header's encoded word: its escapes are its own */
			i = ew - 1;
			continue;
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
	if (r->declared < 0) /* (or a pasted message's headers said so) */
		return r->n3d >= 2 || (r->nsoft >= 3 && r->n3d + r->nstrong >= 2);
	return r->n3d >= 1 || r->nstrong >= 2 || (r->nstrong >= 1 && r->nsoft >= 1) ||
	       r->nsoft >= 3;
}

/* One mark of a line's prefix at s[j] (blanks before it skipped): a mail
 * quote's ">" run, a comment's "#", ";" or "%" (up to three) or "//", a
 * list's "*", a table's "|", each with a blank after it, a gutter's line
 * number with what follows it (":", "|", ")" or "."; not a figure's
 * "12.5"); its end, or 0 when there is none. */
static size_t one_mark(const char *s, size_t j, size_t n)
{
	char c = s[j];
	size_t i = j;
	if (c == '>') {
		while (j < n && s[j] == '>')
			j++;
		return j;
	}
	/* a comment's, list's or table's mark is a blank's: "#####" is a rule */
	if (c == '/')
		j = j + 1 < n && s[j + 1] == '/' ? j + 2 : j;
	else if (c == '#' || c == ';' || c == '%' || c == '*' || c == '|')
		while (j < n && s[j] == c && j - i < 3)
			j++;
	if (j > i)
		return j < n && (s[j] == ' ' || s[j] == '\t') ? j : 0;
	if (!is_digit((unsigned char)c))
		return 0;
	while (j < n && is_digit((unsigned char)s[j]))
		j++;
	while (j < n && s[j] == ' ')
		j++;
	if (j < n && (s[j] == ':' || s[j] == '|' || s[j] == ')' || s[j] == '.') &&
	    !(j + 1 < n && is_digit((unsigned char)s[j + 1])))
		return j + 1;
	return 0;
}

/* The length of a line's marker prefix: the marks a copy put before every
 * line (quotes "> > ", comments "# ", lists " * ", tables "| ", numbered
 * lines " 12 | ", in layers), each with the blanks around it; 0 for none.
 * A soft break's next line that starts with a prefix of the same shape
 * goes on after it: the prefix was put there after the text was encoded. */
size_t br_dec_mark_prefix_len(const char *s, size_t n)
{
	size_t end = 0;
	if (n && ((s[0] | 0x20) >= 'a' && (s[0] | 0x20) <= 'z'))
		return 0; /* (most lines: a word first) */
	for (;;) {
		size_t j = end, b = 0;
		while (j < n && (s[j] == ' ' || s[j] == '\t') && b < 8)
			j++, b++;
		size_t e = j < n ? one_mark(s, j, n) : 0;
		if (!e)
			return end;
		end = e < n && s[e] == ' ' ? e + 1 : e;
	}
}

/* Is prefix a, in shape, the start of prefix b: the same marks, whatever
 * the blanks and the line numbers, or fewer of them (the rest of a quoted
 * line that a reply re-wrapped carries the outer quote only)? */
bool br_dec_mark_shape_within(const char *a, size_t na, const char *b, size_t nb)
{
	size_t i = 0, j = 0;
	for (;;) {
		while (i < na && (a[i] == ' ' || a[i] == '\t'))
			i++;
		while (j < nb && (b[j] == ' ' || b[j] == '\t'))
			j++;
		if (i == na || j == nb)
			return i == na;
		bool da = is_digit((unsigned char)a[i]), db = is_digit((unsigned char)b[j]);
		if (da != db || (!da && a[i] != b[j]))
			return false;
		if (da) {
			while (i < na && is_digit((unsigned char)a[i]))
				i++;
			while (j < nb && is_digit((unsigned char)b[j]))
				j++;
		} else {
			i++, j++;
		}
	}
}

/* Is the line blank behind its marks ("> ", "| ")? */
static bool blank_behind_marks(const struct br_line *l)
{
	size_t p = br_dec_mark_prefix_len(l->text, l->len);
	return rtrim_len(l->text + p, l->len - p) == 0;
}

/* Was the region double spaced after it was encoded (every line followed
 * by a blank one, "> " in a quote)? Then a soft break's line goes on after
 * the blank that follows it: most soft breaks are followed by a blank line
 * and text, where an encoder puts the rest of the line right after. */
static bool soft_breaks_spaced(const struct br_doc *doc, size_t first, size_t end)
{
	size_t gap = 0, next = 0;
	for (size_t i = first; i + 1 < end; i++) {
		const struct br_line *l = &doc->lines[i];
		if (!memchr(l->text, '=', l->len) || soft_break(l) == SIZE_MAX)
			continue;
		if (!blank_behind_marks(&doc->lines[i + 1]))
			next++;
		else if (i + 2 < end && !blank_behind_marks(&doc->lines[i + 2]))
			gap++;
	}
	return gap >= 2 && gap > next;
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
/* The document cut where a message, a part or its headers start: each
 * region counted (qp_count), *n of them. */
static struct qp_region *qp_regions(struct br_doc *doc, size_t *n)
{
	struct boundaries bd;
	find_boundaries(doc, &bd);
	struct qp_region *regs = NULL;
	size_t nregs = 0, capr = 0;
	for (size_t i = 0; i < doc->nlines; i++) {
		const struct br_line *prev = i ? &doc->lines[i - 1] : NULL;
		if (i == 0 || boundary_line(&doc->lines[i], prev) || declared_boundary(&doc->lines[i], &bd)) {
			regs = br_grow(regs, &capr, nregs + 1, sizeof *regs);
			memset(&regs[nregs], 0, sizeof regs[nregs]);
			regs[nregs].first = i;
			nregs++;
		}
		qp_count(&doc->lines[i], &regs[nregs - 1]);
		regs[nregs - 1].end = i + 1;
	}
	*n = nregs;
	return regs;
}

/* One quoted-printable region decoded into out: each line with its soft
 * breaks joined to the lines they continue (behind the same quote marks),
 * a line without '=' kept as it is. */
static void qp_region_decode(struct br_doc *doc, struct rescan *rs, const struct qp_region *reg, struct rw *out,
			     struct lw *w)
{
	size_t i = reg->first, end = reg->end;
	int spaced = -1; /* soft_breaks_spaced, asked when a break meets a blank line */
	while (i < end) {
		const struct br_line *first = &doc->lines[i];
		/* no "=" at all: no escape, no soft break; the line stays */
		if (!memchr(first->text, '=', first->len)) {
			br_dec_rescan_kept(rs, i, first);
			rw_keep(out, first, i + 1);
			i++;
			continue;
		}
		size_t pfx = br_dec_mark_prefix_len(first->text, first->len);
		size_t j = i, from = 0;
		for (;;) {
			const struct br_line *l = &doc->lines[j];
			size_t ji = 0;
			while (ji < br_line_njoins(l) && l->joins[ji] < from)
				ji++;
			size_t sb = soft_break(l);
			bool soft = sb != SIZE_MAX && sb >= from;
			qp_decode_span(w, l, &ji, from, soft ? sb : l->len);
			if (!soft || j + 1 >= end)
				break;
			j++;
			/* the blank line double spacing put after it */
			if (j + 1 < end && blank_behind_marks(&doc->lines[j]) &&
			    !blank_behind_marks(&doc->lines[j + 1])) {
				if (spaced < 0)
					spaced = soft_breaks_spaced(doc, reg->first, end);
				j += (size_t)spaced;
			}
			br_dec_lw_join(w);
			from = 0;
			const struct br_line *nx = &doc->lines[j];
			size_t npfx = pfx ? br_dec_mark_prefix_len(nx->text, nx->len) : 0;
			if (npfx && br_dec_mark_shape_within(nx->text, npfx, first->text, pfx))
				from = npfx;
		}
		br_dec_rescan_new(rs, br_dec_lw_emit(out, j + 1, w, first->line, doc->lines[j].end_line,
						     first->depth, first->flags));
		i = j + 1;
	}
}

bool br_dec_stage_qp(struct br_doc *doc, struct rescan *rs)
{
	size_t nregs;
	struct qp_region *regs = qp_regions(doc, &nregs);
	bool any = false;
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
		if (qp_decide(&regs[r])) {
			qp_region_decode(doc, rs, &regs[r], &out, &w);
			continue;
		}
		for (size_t i = regs[r].first; i < regs[r].end; i++) {
			br_dec_rescan_kept(rs, i, &doc->lines[i]);
			rw_keep(&out, &doc->lines[i], i + 1);
		}
	}
	br_dec_lw_free(&w);
	free(regs);
	br_dec_rw_done(&out);
	doc->transport |= BR_TRANSPORT_QP;
	return true;
}
