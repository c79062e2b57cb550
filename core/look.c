/* look — see look.h. */
#include "look.h"

#include <string.h>

static unsigned char lower(unsigned char c)
{
	return c >= 'A' && c <= 'Z' ? (unsigned char)(c - 'A' + 'a') : c;
}

/* w (lower case) at s[0..), without regard to case, within n bytes. */
static bool word_at(const char *s, size_t n, const char *w, size_t m)
{
	if (m > n)
		return false;
	for (size_t i = 0; i < m; i++)
		if (lower((unsigned char)s[i]) != (unsigned char)w[i])
			return false;
	return true;
}

/* One memchr() pass for each case of the word's first letter: the bytes
 * are skipped 32 at a time where the letter is rare, as it is in prose
 * for the words parsers look for. */
static bool has_word(const char *s, size_t n, const char *w)
{
	size_t m = strlen(w);
	if (m == 0)
		return true;
	unsigned char c = lower((unsigned char)w[0]);
	unsigned char cases[2] = {c, c >= 'a' && c <= 'z' ? (unsigned char)(c - 'a' + 'A') : c};
	for (int k = 0; k < (cases[0] == cases[1] ? 1 : 2); k++) {
		const char *p = s, *end = s + n;
		while (p < end && (p = memchr(p, cases[k], (size_t)(end - p))) != NULL) {
			if (word_at(p, (size_t)(end - p), w, m))
				return true;
			p++;
		}
	}
	return false;
}

bool br_look_words(const char *s, size_t n, const char *const *words)
{
	for (; words && *words; words++)
		if (has_word(s, n, *words))
			return true;
	return false;
}

static bool hex(unsigned char c)
{
	return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'F') || (c >= 'a' && c <= 'f');
}

/* Is the "base64" at s[k] the value of a Content-Transfer-Encoding header
 * line (blanks between)? */
static bool declares_base64(const char *s, size_t k)
{
	static const char name[] = "content-transfer-encoding:";
	size_t m = sizeof name - 1;
	while (k && (s[k - 1] == ' ' || s[k - 1] == '\t'))
		k--;
	if (k < m || !word_at(s + k - m, m, name, m))
		return false;
	k -= m; /* the header starts its line */
	return k == 0 || s[k - 1] == '\n' || s[k - 1] == '\r' || s[k - 1] == '\0';
}

bool br_look_encoded(const char *s, size_t n)
{
	/* a base64 body: decoding makes all of its words */
	for (const char *p = s, *end = s + n; p + 6 <= end && (p = memchr(p, '6', (size_t)(end - p)));
	     p++)
		if (p[1] == '4' && p >= s + 4 && word_at(p - 4, 4, "base", 4) &&
		    declares_base64(s, (size_t)(p - 4 - s)))
			return true;
	for (const char *p = s, *end = s + n; p < end && (p = memchr(p, '=', (size_t)(end - p)));
	     p++) {
		/* a soft break: '=' then the line end (LF, CRLF, a lone CR, or the
		 * NUL that stands for one in a document's bytes) or the end */
		if (p + 1 == end || p[1] == '\n' || p[1] == '\r' || p[1] == '\0')
			return true;
		if (p + 2 < end && hex((unsigned char)p[1]) && hex((unsigned char)p[2]))
			return true;
	}
	/* an HTML character reference ("&#82;"), an HTML or BBCode tag ("<b>",
	 * "[/b]"): decoding removes them, joining what is on either side */
	static const char opens[] = "&<[";
	for (const char *o = opens; *o; o++)
		for (const char *p = s, *end = s + n;
		     p + 1 < end && (p = memchr(p, *o, (size_t)(end - p - 1))); p++) {
			unsigned char c = (unsigned char)p[1];
			if (*o == '&' ? c == '#' : c == '/' || (unsigned)(lower(c) - 'a') < 26u)
				return true;
		}
	/* a uuencoded attachment ("begin 644 name" at a line's start) */
	for (const char *p = s, *end = s + n; p + 10 <= end && (p = memmem(p, (size_t)(end - p), "begin ", 6));
	     p++)
		if ((p == s || p[-1] == '\n' || p[-1] == '\r' || p[-1] == '\0') && p[6] >= '0' && p[6] <= '7' &&
		    p[7] >= '0' && p[7] <= '7' && p[8] >= '0' && p[8] <= '7')
			return true;
	/* zero-width characters decoding drops (U+00AD, U+200B, U+2060,
	 * U+FEFF in UTF-8) */
	static const char *const zero_width[] = {"\xc2\xad", "\xe2\x80\x8b", "\xe2\x81\xa0",
						  "\xef\xbb\xbf"};
	for (size_t k = 0; k < sizeof zero_width / sizeof *zero_width; k++)
		if (memmem(s, n, zero_width[k], strlen(zero_width[k])))
			return true;
	return false;
}
