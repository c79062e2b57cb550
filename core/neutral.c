/* neutral — see neutral.h. */
#include "neutral.h"

#include <stdint.h>
#include <string.h>

/* The code point of the valid sequence s[0..l), l from br_utf8_seq_len. */
static unsigned decode(const unsigned char *s, size_t l)
{
	switch (l) {
	case 1:
		return s[0];
	case 2:
		return (unsigned)(s[0] & 0x1f) << 6 | (s[1] & 0x3f);
	case 3:
		return (unsigned)(s[0] & 0x0f) << 12 | (unsigned)(s[1] & 0x3f) << 6 | (s[2] & 0x3f);
	default:
		return (unsigned)(s[0] & 0x07) << 18 | (unsigned)(s[1] & 0x3f) << 12 |
		       (unsigned)(s[2] & 0x3f) << 6 | (s[3] & 0x3f);
	}
}

static bool harmful(unsigned cp)
{
	return (cp < 0x20 && cp != '\t' && cp != '\n') || (cp >= 0x7f && cp <= 0x9f) ||
	       (cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069) || cp == 0x200e ||
	       cp == 0x200f || cp == 0x061c;
}

/* Length of the UTF-8 lead byte's sequence (0: not a lead byte). */
static size_t lead_len(unsigned char c)
{
	return c < 0x80 ? 1 : c >= 0xc2 && c <= 0xdf ? 2 : c >= 0xe0 && c <= 0xef ? 3 : c >= 0xf0 && c <= 0xf4 ? 4 : 0;
}

/* Bytes that are safe as they are: printable ASCII, TAB and LF. */
static const unsigned char plain[256] = {
	['\t'] = 1, ['\n'] = 1,
#define R8(c) [c] = 1, [c + 1] = 1, [c + 2] = 1, [c + 3] = 1, [c + 4] = 1, [c + 5] = 1, [c + 6] = 1, [c + 7] = 1
	R8(0x20), R8(0x28), R8(0x30), R8(0x38), R8(0x40), R8(0x48), R8(0x50), R8(0x58),
	R8(0x60), R8(0x68), R8(0x70), [0x78] = 1, [0x79] = 1, [0x7a] = 1, [0x7b] = 1, [0x7c] = 1,
	[0x7d] = 1, [0x7e] = 1,
#undef R8
};

/* Does none of the eight bytes at p need a look (each is 0x20..0x7e, TAB or
 * LF)? Each test works on the low seven bits of every byte, where adding at
 * most 0x80 carries into no other byte, so each byte's answer is its own:
 * text is mostly lines, and a line end must not send the scan to a byte at
 * a time. */
static inline bool plain8(const unsigned char *p)
{
	uint64_t v;
	memcpy(&v, p, 8);
	const uint64_t ones = 0x0101010101010101ull, high = ones * 0x80, low7 = v & ~high;
	uint64_t ge20 = low7 + ones * 0x60;        /* high bit: >= 0x20 */
	uint64_t del = low7 + ones * 0x01;         /* high bit: == 0x7f */
	uint64_t tab = (low7 ^ ones * '\t') + ones * 0x7f; /* high bit clear: TAB */
	uint64_t lf = (low7 ^ ones * '\n') + ones * 0x7f;  /* high bit clear: LF */
	uint64_t control = ~ge20 & tab & lf;       /* high bit: < 0x20, not TAB or LF */
	return ((v | del | control) & high) == 0;
}

size_t br_neutral_add(struct br_buf *out, const char *s, size_t n, enum br_neutral_mode mode, bool more)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t i = 0, run = 0;
	while (i < n) {
		while (i + 8 <= n && plain8(u + i))
			i += 8;
		/* the byte that needs a look is among the next eight (or in
		 * the tail): found a byte at a time, not by eight again */
		size_t stop = i + 8 < n ? i + 8 : n;
		while (i < stop && plain[u[i]])
			i++;
		if (i == stop)
			continue;
		size_t l = br_utf8_seq_len(u + i, n - i);
		if (!l && more) {
			/* cut at the end of the piece? keep it for the next one */
			size_t want = lead_len(u[i]);
			if (want > 1 && n - i < want) {
				bool prefix = true;
				for (size_t k = i + 1; k < n; k++)
					prefix = prefix && (u[k] & 0xc0) == 0x80;
				if (prefix)
					break;
			}
		}
		if (u[i] == '\r') {
			if (i + 1 < n && u[i + 1] == '\n') {
				i += 2;
				continue;
			}
			if (i + 1 == n && more)
				break;
		}
		unsigned cp = l ? decode(u + i, l) : 0xfffd;
		if (l && !harmful(cp)) {
			i += l;
			continue;
		}
		br_buf_add(out, s + run, i - run);
		if (mode == BR_NEUTRAL_JSON && l)
			br_buf_addf(out, "\\u%04x", cp);
		else if (mode == BR_NEUTRAL_JSON)
			br_buf_add(out, s + i, 1); /* not UTF-8: as it was (JSON Lines are UTF-8) */
		else
			br_buf_add(out, "\xef\xbf\xbd", 3);
		i += l ? l : 1;
		run = i;
	}
	br_buf_add(out, s + run, i - run);
	return i;
}

bool br_neutral_needed(const char *s, size_t n)
{
	const unsigned char *u = (const unsigned char *)s;
	for (size_t i = 0; i < n;) {
		if (u[i] >= 0x20 && u[i] < 0x7f) {
			i++;
			continue;
		}
		if (u[i] == '\r' && i + 1 < n && u[i + 1] == '\n') {
			i += 2;
			continue;
		}
		size_t l = br_utf8_seq_len(u + i, n - i);
		if (!l || harmful(decode(u + i, l)))
			return true;
		i += l;
	}
	return false;
}
