/*
 * decode_uu — uuencoded attachments: the lines between "begin 644 name" and
 * "end" that an older mailer (or `uuencode file name | mail`) put in the
 * body of a plain-text mail become the lines of the text they encode, so
 * that the stages after it and the parsers read what the sender attached.
 * See decode.h.
 *
 * A block is the "begin MODE NAME" line (MODE three or four octal digits),
 * the encoded lines under it, and the "end" line. An encoded line starts
 * with its length character (' ' + the count of bytes it holds, '`' for
 * none) and holds four characters from ' ' .. '`' for every three bytes;
 * a mail that stripped the trailing blanks of a line cost it nothing (a
 * missing character is a blank, which is zero). A block without its "end",
 * with a line of other characters, or whose bytes are not text (a NUL, more
 * than one control byte in a hundred: an archive, an image) is left as it
 * is.
 *
 * The "begin" and "end" lines stay; each decoded line keeps the ORIGINAL
 * lines its bytes came from, as base64 bodies do (BR_LINE_DECODED), and the
 * decoded lines joined are br_doc.shown.
 */
#include "decode_int.h"

#include <stdlib.h>
#include <string.h>

/* Is l a "begin MODE NAME" line? */
static bool begin_line(const struct br_line *l)
{
	const char *s = l->text;
	size_t n = l->len, i = 6;
	if (n < 10 || memcmp(s, "begin ", 6) != 0)
		return false;
	while (i < n && i < 11 && s[i] >= '0' && s[i] <= '7')
		i++;
	return i - 6 >= 3 && i - 6 <= 4 && i + 1 < n && s[i] == ' ' && s[i + 1] != ' ';
}

static bool end_line(const struct br_line *l)
{
	return rtrim_len(l->text, l->len) == 3 && memcmp(l->text, "end", 3) == 0;
}

/* The count of bytes an encoded line holds, or -1 when l is no encoded
 * line: its characters outside ' ' .. '`', or too few of them. */
static int uu_count(const struct br_line *l)
{
	if (l->len == 0)
		return -1;
	for (size_t k = 0; k < l->len; k++)
		if ((unsigned char)l->text[k] < ' ' || (unsigned char)l->text[k] > '`')
			return -1;
	int n = (l->text[0] - ' ') & 63;
	size_t need = ((size_t)n + 2) / 3 * 4;
	/* trailing blanks may be gone, so fewer characters can do; one more
	 * (a checksum some encoders add) is allowed */
	if (n > 45 || l->len - 1 > need + 1 || (l->len - 1) * 3 / 4 + 3 < (size_t)n)
		return -1;
	return n;
}

/* A block: the encoded lines [body, end) and the "end" line at `end`. */
struct block {
	size_t body, end;
};

/* The block whose "begin" line is b: true and *p filled when its encoded
 * lines end in an "end" line. */
static bool find_block(const struct br_doc *doc, size_t b, struct block *p)
{
	size_t i = b + 1;
	while (i < doc->nlines && !end_line(&doc->lines[i]) && uu_count(&doc->lines[i]) >= 0)
		i++;
	if (i >= doc->nlines || !end_line(&doc->lines[i]) || i == b + 1)
		return false;
	p->body = b + 1;
	p->end = i;
	return true;
}

/* The value of character c: six bits ('`' and ' ' are zero). */
static unsigned uu_value(int c)
{
	return (unsigned)(c - ' ') & 63;
}

/* Decode the block's lines into *out; at[k], for each decoded byte k, is
 * the ORIGINAL line it came from. False when the bytes are not text. */
static bool decode_block(const struct br_doc *doc, const struct block *p, struct br_buf *out,
			 unsigned **at, size_t *cap)
{
	size_t odd = 0;
	br_buf_reset(out);
	for (size_t i = p->body; i < p->end; i++) {
		const struct br_line *l = &doc->lines[i];
		int n = uu_count(l);
		for (int k = 0; k < n; k++) {
			/* byte k: bits 8k .. 8k+7 of the line's characters after the first */
			size_t bit = (size_t)k * 8, c = 1 + bit / 6;
			unsigned hi = c < l->len ? uu_value((unsigned char)l->text[c]) : 0;
			unsigned lo = c + 1 < l->len ? uu_value((unsigned char)l->text[c + 1]) : 0;
			unsigned char v = (unsigned char)((((hi << 6) | lo) >> (4 - bit % 6)) & 0xff);
			if (v == 0)
				return false;
			odd += v < 0x20 && v != '\t' && v != '\n' && v != '\r' && v != '\f';
			*at = br_grow(*at, cap, out->len + 1, sizeof **at);
			(*at)[out->len] = l->line;
			br_buf_addc(out, (char)v);
		}
	}
	return out->len && odd * 100 <= out->len;
}

/* The blocks, found before any line is written: *n of them (caller frees). */
static struct block *find_blocks(const struct br_doc *doc, size_t *n)
{
	struct block *v = NULL;
	size_t cap = 0;
	*n = 0;
	for (size_t i = 0; i < doc->nlines; i++) {
		struct block p;
		if (doc->lines[i].len < 10 || doc->lines[i].text[0] != 'b' || !begin_line(&doc->lines[i]) || !find_block(doc, i, &p))
			continue;
		v = br_grow(v, &cap, *n + 1, sizeof *v);
		v[(*n)++] = p;
		i = p.end;
	}
	return v;
}

struct blocks {
	const struct block *v;
};

static bool block_span(void *arg, const struct br_doc *doc, size_t k, struct br_dec_span *sp)
{
	const struct block *p = &((const struct blocks *)arg)->v[k];
	sp->body = p->body;
	sp->end = p->end;
	return decode_block(doc, p, &sp->text, &sp->at, &sp->cap);
}

bool br_dec_stage_uu(struct br_doc *doc)
{
	size_t nblocks;
	struct blocks bs = {find_blocks(doc, &nblocks)};
	bool changed = nblocks && br_dec_replace_spans(doc, nblocks, block_span, &bs);
	if (changed)
		doc->transport |= BR_TRANSPORT_UUENCODE;
	free((void *)bs.v);
	return changed;
}
