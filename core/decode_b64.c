/*
 * decode_b64 — base64 mail bodies: a part whose header block declares
 * "Content-Transfer-Encoding: base64" and whose bytes decode to text becomes
 * the lines of that text, so that the stages after it and the parsers read
 * what the sender wrote. See decode.h.
 *
 * A part is its header block (the lines from the one after a blank line,
 * a MIME boundary or the top, down to the next blank line) and the body
 * under it: the lines made only of the base64 alphabet, up to a blank line,
 * a boundary or any other line. It is left as it is when its bytes are not
 * text (a NUL, or more than one control byte in a hundred: an image, an
 * archive), when it declares an image, audio or video type, and when it is
 * the HTML alternative of a message that also has a plain-text part (the
 * same words twice, once as markup).
 *
 * Each decoded line keeps the ORIGINAL lines its bytes came from: `line`
 * the base64 line holding its first byte, `end_line` the one holding its
 * last. A decoded text's own line ends (LF, CRLF, a lone CR) split it.
 */
#include "decode_int.h"

#include <stdlib.h>
#include <string.h>

/* The value of base64 character c (0..63), or -1. */
static int b64_value(unsigned char c)
{
	if (c >= 'A' && c <= 'Z')
		return c - 'A';
	if (c >= 'a' && c <= 'z')
		return c - 'a' + 26;
	if (c >= '0' && c <= '9')
		return c - '0' + 52;
	if (c == '+')
		return 62;
	if (c == '/')
		return 63;
	return -1;
}

/* Is l a line of a base64 body: the alphabet, then at most two '=' of
 * padding (trailing blanks allowed)? */
static bool b64_line(const struct br_line *l)
{
	size_t n = rtrim_len(l->text, l->len), i = 0;
	while (i < n && b64_value((unsigned char)l->text[i]) >= 0)
		i++;
	if (i == 0)
		return false;
	size_t pad = n - i;
	return pad <= 2 && (pad == 0 || l->text[i] == '=') && (pad < 2 || l->text[i + 1] == '=');
}

/* The value of header `name` ("content-type:") on line l, blanks skipped,
 * or NULL. */
static const char *header_value(const struct br_line *l, const char *name)
{
	if (!has_prefix_ci(l->text, l->len, name))
		return NULL;
	const char *v = l->text + strlen(name);
	while (*v == ' ' || *v == '\t')
		v++;
	return v;
}

/* A MIME boundary line ("--" and a token, nothing after it). */
static bool boundary(const struct br_line *l)
{
	size_t n = rtrim_len(l->text, l->len);
	return n >= 4 && l->text[0] == '-' && l->text[1] == '-' && !memchr(l->text, ' ', n);
}

/* What a part declares and where its body lies. */
struct part {
	size_t body, end;  /* the body: lines [body, end) */
	bool html;         /* Content-Type: text/html */
	bool media;        /* image/, audio/, video/ */
};

/* The part whose header block holds line `cte` (a base64 declaration), if
 * a body follows the block: true and *p filled. */
static bool find_part(const struct br_doc *doc, size_t cte, struct part *p)
{
	size_t top = cte, end = cte + 1;
	while (top > 0 && cte - top < 40 && !line_blank(&doc->lines[top - 1]) &&
	       !boundary(&doc->lines[top - 1]))
		top--;
	while (end < doc->nlines && end - cte < 40 && !line_blank(&doc->lines[end]))
		end++;
	if (end >= doc->nlines || !line_blank(&doc->lines[end]))
		return false;
	memset(p, 0, sizeof *p);
	for (size_t i = top; i < end; i++) {
		const char *v = header_value(&doc->lines[i], "content-type:");
		if (!v)
			continue;
		p->html = has_prefix_ci(v, strlen(v), "text/html");
		p->media = has_prefix_ci(v, strlen(v), "image/") || has_prefix_ci(v, strlen(v), "audio/") ||
			   has_prefix_ci(v, strlen(v), "video/");
	}
	p->body = end + 1;
	p->end = p->body;
	while (p->end < doc->nlines && b64_line(&doc->lines[p->end]))
		p->end++;
	return p->end > p->body;
}

/* Decode lines [p->body, p->end) into *out; at[k], for each decoded byte
 * k, is the ORIGINAL line of the base64 character its bits start in. False
 * when the bytes are not text. */
static bool decode_body(const struct br_doc *doc, const struct part *p, struct br_buf *out,
			unsigned **at, size_t *cap)
{
	unsigned acc = 0, bits = 0;
	br_buf_reset(out);
	size_t odd = 0;
	for (size_t i = p->body; i < p->end; i++) {
		const struct br_line *l = &doc->lines[i];
		for (size_t k = 0; k < l->len; k++) {
			int v = b64_value((unsigned char)l->text[k]);
			if (v < 0)
				break; /* padding or trailing blanks */
			acc = (acc << 6) | (unsigned)v;
			bits += 6;
			if (bits < 8)
				continue;
			bits -= 8;
			unsigned char c = (unsigned char)(acc >> bits);
			acc &= (1u << bits) - 1;
			if (c == 0)
				return false;
			odd += c < 0x20 && c != '\t' && c != '\n' && c != '\r' && c != '\f';
			*at = br_grow(*at, cap, out->len + 1, sizeof **at);
			(*at)[out->len] = l->line;
			br_buf_addc(out, (char)c);
		}
	}
	return out->len && odd * 100 <= out->len;
}

/* Does the document have a plain-text part (Content-Type: text/plain)? */
static bool has_plain_part(const struct br_doc *doc)
{
	for (size_t i = 0; i < doc->nlines; i++) {
		const char *v = header_value(&doc->lines[i], "content-type:");
		if (v && has_prefix_ci(v, strlen(v), "text/plain"))
			return true;
	}
	return false;
}

/* The parts to decode, read before any line is written (a part's header
 * block lies above its declaration, where the rewriter may already have
 * written): *n of them, in line order (caller frees). */
static struct part *find_parts(const struct br_doc *doc, size_t *n)
{
	struct part *v = NULL;
	size_t cap = 0;
	int plain = -1; /* has_plain_part(), asked once when needed */
	*n = 0;
	for (size_t i = 0; i < doc->nlines; i++) {
		const char *c = header_value(&doc->lines[i], "content-transfer-encoding:");
		struct part p;
		if (!c || !has_prefix_ci(c, strlen(c), "base64") || !find_part(doc, i, &p) ||
		    (*n && p.body < v[*n - 1].end))
			continue;
		if (p.html && plain < 0)
			plain = has_plain_part(doc);
		if (p.media || (p.html && plain))
			continue;
		v = br_grow(v, &cap, *n + 1, sizeof *v);
		v[(*n)++] = p;
		i = p.end - 1;
	}
	return v;
}

struct parts {
	const struct part *v;
};

static bool part_span(void *arg, const struct br_doc *doc, size_t k, struct br_dec_span *sp)
{
	const struct part *p = &((const struct parts *)arg)->v[k];
	sp->body = p->body;
	sp->end = p->end;
	return decode_body(doc, p, &sp->text, &sp->at, &sp->cap);
}

bool br_dec_stage_b64(struct br_doc *doc)
{
	size_t nparts;
	struct parts ps = {find_parts(doc, &nparts)};
	bool changed = nparts && br_dec_replace_spans(doc, nparts, part_span, &ps);
	if (changed)
		doc->transport |= BR_TRANSPORT_BASE64;
	free((void *)ps.v);
	return changed;
}
