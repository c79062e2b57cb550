/*
 * decode_utf16 — a document saved as UTF-16 (a byte-order mark first):
 * PowerShell's '>' and Out-File, Notepad's "Unicode", a Windows tool's log.
 * Read as bytes it is text with a NUL after every ASCII character, which
 * looks binary and splits no line where it should; so its logical lines
 * are made anew from its text turned into UTF-8, first of all stages, and
 * every stage and parser reads them as any other's. The bytes stay as read
 * (br_doc.raw); the lines are decoded ones (BR_LINE_DECODED), line k of the
 * text numbered k, and joined they are br_doc.shown. See decode.h.
 *
 * Little- and big-endian alike; a surrogate pair is one character, a lone
 * surrogate U+FFFD, a NUL character dropped, and an odd last byte too.
 * Bytes that start with the mark but are no text once read so (more than
 * one character in twenty a control or a lone surrogate) are left as they
 * are: binary data.
 */
#include "decode_int.h"

#include <stdint.h>
#include <stdlib.h>

#include "util.h"

/* Append code point c to out as UTF-8; the bytes written. */
static size_t put_utf8(unsigned char *out, uint32_t c)
{
	if (c < 0x80) {
		out[0] = (unsigned char)c;
		return 1;
	}
	if (c < 0x800) {
		out[0] = (unsigned char)(0xc0 | (c >> 6));
		out[1] = (unsigned char)(0x80 | (c & 0x3f));
		return 2;
	}
	if (c < 0x10000) {
		out[0] = (unsigned char)(0xe0 | (c >> 12));
		out[1] = (unsigned char)(0x80 | ((c >> 6) & 0x3f));
		out[2] = (unsigned char)(0x80 | (c & 0x3f));
		return 3;
	}
	out[0] = (unsigned char)(0xf0 | (c >> 18));
	out[1] = (unsigned char)(0x80 | ((c >> 12) & 0x3f));
	out[2] = (unsigned char)(0x80 | ((c >> 6) & 0x3f));
	out[3] = (unsigned char)(0x80 | (c & 0x3f));
	return 4;
}

bool br_decode_utf16_mark(const char *bytes, size_t n)
{
	const unsigned char *s = (const unsigned char *)bytes;
	if (n < 2 || !((s[0] == 0xff && s[1] == 0xfe) || (s[0] == 0xfe && s[1] == 0xff)))
		return false;
	/* a UTF-16LE mark is also how UTF-32LE starts (FF FE 00 00) */
	return !(s[0] == 0xff && n >= 4 && s[2] == 0 && s[3] == 0);
}

char *br_decode_utf16(const char *bytes, size_t n, size_t *out_len)
{
	const unsigned char *s = (const unsigned char *)bytes;
	if (!br_decode_utf16_mark(bytes, n))
		return NULL;
	bool le = s[0] == 0xff;
	/* a code unit becomes three bytes of UTF-8 at most (a pair, two
	 * units, four bytes) */
	unsigned char *out = br_malloc(n / 2 * 3 + 1), *w = out;
	size_t odd = 0;
	for (size_t i = 2; i + 1 < n; i += 2) {
		uint32_t u = le ? (uint32_t)(s[i] | s[i + 1] << 8) : (uint32_t)(s[i] << 8 | s[i + 1]);
		if (u >= 0xd800 && u < 0xdc00 && i + 3 < n) {
			uint32_t v = le ? (uint32_t)(s[i + 2] | s[i + 3] << 8) : (uint32_t)(s[i + 2] << 8 | s[i + 3]);
			if (v >= 0xdc00 && v < 0xe000) {
				w += put_utf8(w, 0x10000 + ((u - 0xd800) << 10) + (v - 0xdc00));
				i += 2;
				continue;
			}
		}
		if (u >= 0xd800 && u < 0xe000)
			u = 0xfffd;
		odd += u == 0xfffd || (u < 0x20 && u != '\t' && u != '\n' && u != '\r' && u != '\f');
		if (u)
			w += put_utf8(w, u);
	}
	if (odd * 20 > n / 2) {
		free(out);
		return NULL;
	}
	*w = '\0';
	*out_len = (size_t)(w - out);
	return (char *)out;
}

static void put_bytes(void *arg, const char *p, size_t n)
{
	br_buf_add(arg, p, n);
}

bool br_dec_stage_utf16(struct br_doc *doc)
{
	if (!br_decode_utf16_mark(doc->raw, doc->raw_len))
		return false;
	/* the bytes as read (the lines' terminators in raw may be NULs now) */
	struct br_buf bytes = BR_BUF_INIT;
	br_doc_bytes(doc, put_bytes, &bytes);
	size_t n;
	char *text = br_decode_utf16(bytes.data, bytes.len, &n);
	br_buf_free(&bytes);
	if (!text) {
		doc->binary = true; /* a mark, then no text: binary data */
		return false;
	}
	/* the text's lines, never more than the physical lines the bytes
	 * have (each LF or CR of the text ends one there too) */
	struct rw out;
	struct lw w = {0};
	rw_init(&out, doc);
	unsigned line = 1;
	for (size_t s = 0; s < n;) {
		size_t e = s;
		while (e < n && text[e] != '\n' && text[e] != '\r')
			e++;
		br_buf_add(&w.text, text + s, e - s);
		unsigned at = line <= doc->nphys ? line : (unsigned)doc->nphys;
		br_dec_lw_emit(&out, doc->nlines, &w, at, at, 0, BR_LINE_DECODED);
		if (e + 1 < n && text[e] == '\r' && text[e + 1] == '\n')
			e++;
		s = e + 1;
		line++;
	}
	br_dec_lw_free(&w);
	br_dec_rw_done(&out);
	free(text);
	doc->transport |= BR_TRANSPORT_UTF16;
	return true;
}
