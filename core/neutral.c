/* neutral — see neutral.h. */
#include "neutral.h"

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

size_t br_neutral_add(struct br_buf *out, const char *s, size_t n, enum br_neutral_mode mode, bool more)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t i = 0, run = 0;
	while (i < n) {
		if (u[i] >= 0x20 && u[i] < 0x7f) {
			i++;
			continue;
		}
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
