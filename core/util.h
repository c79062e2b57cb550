/*
 * util — allocation that never returns NULL, a growable byte buffer (br_buf),
 * small string helpers and UTF-8 checks used by every layer.
 *
 * br_buf invariants (after git's strbuf): `data` is never NULL once the buffer
 * has been used, it is always NUL-terminated, and `cap` is private. Take the
 * bytes with br_buf_detach(); release with br_buf_free().
 */
#ifndef BR_UTIL_H
#define BR_UTIL_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define BR_ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))

#if defined(__GNUC__)
#define BR_PRINTF(f, a) __attribute__((format(printf, f, a)))
#define BR_NORETURN __attribute__((noreturn))
#else
#define BR_PRINTF(f, a)
#define BR_NORETURN
#endif

/* Abort with a message on out-of-memory (cmark's policy): no caller handles it. */
void *br_malloc(size_t n);
/* What the allocators do when memory runs out (a library that returns NULL
 * is checked with it): "benchreport: fatal: out of memory" and abort. */
BR_NORETURN void br_out_of_memory(size_t n);
void *br_calloc(size_t n, size_t size);
void *br_realloc(void *p, size_t n);
/* Grow an array of `*cap` elements of `size` bytes so that it holds `need`. */
void *br_grow(void *p, size_t *cap, size_t need, size_t size);
char *br_strdup(const char *s);
char *br_strndup(const char *s, size_t n);
/* A path as outputs show it: a relative one as given, an absolute one by
 * its last component (no directory names of the machine that ran it). A
 * pointer into path. */
const char *br_path_shown(const char *path);
char *br_asprintf(const char *fmt, ...) BR_PRINTF(1, 2);

struct br_buf {
	char *data;
	size_t len;
	size_t cap;
};
#define BR_BUF_INIT {NULL, 0, 0}

void br_buf_grow(struct br_buf *b, size_t extra);
void br_buf_add(struct br_buf *b, const void *p, size_t n);
void br_buf_adds(struct br_buf *b, const char *s);
void br_buf_addc_grow(struct br_buf *b, char c);
/* One byte: inline while it fits (parsers append text byte by byte). */
static inline void br_buf_addc(struct br_buf *b, char c)
{
	if (b->len + 1 < b->cap) {
		b->data[b->len++] = c;
		b->data[b->len] = '\0';
	} else {
		br_buf_addc_grow(b, c);
	}
}
void br_buf_addf(struct br_buf *b, const char *fmt, ...) BR_PRINTF(2, 3);
void br_buf_vaddf(struct br_buf *b, const char *fmt, va_list ap);
void br_buf_reset(struct br_buf *b);
/* The bytes, NUL-terminated (never NULL); the buffer is left empty. */
char *br_buf_detach(struct br_buf *b);
void br_buf_free(struct br_buf *b);
/* The buffer's text, "" when nothing was ever added. */
const char *br_buf_str(const struct br_buf *b);

/* Trim ASCII blanks (space, tab, CR, LF, VT, FF) in place; returns s. */
char *br_trim(char *s);
bool br_is_blank(const char *s, size_t n);
bool br_starts_with(const char *s, const char *prefix);

/* Length of the valid UTF-8 sequence at s (1..4), or 0 if invalid / truncated. */
size_t br_utf8_seq_len(const unsigned char *s, size_t n);
bool br_utf8_valid(const char *s, size_t n);
/* Append s to b, replacing every invalid UTF-8 byte and every control byte
 * except TAB and LF by U+FFFD (NUL included). */
void br_buf_add_utf8(struct br_buf *b, const char *s, size_t n);
/* The same, but reading a byte that is not UTF-8 as Windows-1252 /
 * Latin-1 (what old mail and pages that name no charset hold): "R\xe9sultats"
 * becomes "Résultats". */
void br_buf_add_legacy(struct br_buf *b, const char *s, size_t n);
/* Columns a UTF-8 string takes: one per code point (benchmark names hold
 * no wide characters worth the cost of wcwidth tables). */
size_t br_u8_columns(const char *s);
/* The columns a terminal gives s[0..n) (valid UTF-8): one a character, two
 * for East Asian wide ones (CJK, kana, Hangul, full-width forms). Inline
 * while no character has three bytes or more (a table's every cell is
 * measured); br_u8_width_rest measures from the first that has. */
size_t br_u8_width_rest(const char *s, size_t n);
static inline size_t br_u8_width(const char *s, size_t n)
{
	size_t w = 0, i = 0;
	for (; i < n && (unsigned char)s[i] < 0xe1; i++)
		w += ((unsigned char)s[i] & 0xc0) != 0x80;
	return i == n ? w : w + br_u8_width_rest(s + i, n - i);
}
/* `text` word-wrapped to `width` columns, each line ended by '\n' and
 * without trailing blanks; the text's leading blanks kept, continuation
 * lines indented by `indent`. A word longer than a line stands alone. */
void br_buf_add_wrapped(struct br_buf *b, const char *text, size_t indent, size_t width);
/* A new NUL-terminated valid-UTF-8 copy of s[0..n). */
char *br_utf8_dup(const char *s, size_t n);

/* Shortest decimal representation of v that reads back exactly. */
void br_buf_add_double(struct br_buf *b, double v);
/* Append v with `prec` decimals: the same bytes as printf("%.*f", prec, v)
 * (round half to even on the exact binary value; "-0" for small negatives),
 * without printf for the usual sizes. */
void br_buf_add_fixed(struct br_buf *b, double v, int prec);
/* The decimal digits of u, with frac > 0 the last frac of them (zero-padded)
 * after a '.', written backwards so that they end just before `end`;
 * returns where they start (at most 21 + frac bytes before end). For
 * writers of figures into their own arrays (model/units.c). */
char *br_digits_back(char *end, uint64_t u, int frac);
/* v with `prec` decimals, as printf("%.*f") writes it (caller frees). */
char *br_fmt_double(double v, int prec);

/*
 * A map from addresses to indexes (open addressing): for code that looks
 * records up by pointer once per table row, where a linear scan each time
 * would make a large report quadratic. br_ptrmap_put keeps the first value
 * given for a key. A zeroed struct is an empty map.
 */
struct br_ptrmap {
	const void **keys;
	size_t *vals;
	size_t n, cap;
};
void br_ptrmap_put(struct br_ptrmap *m, const void *key, size_t val);
bool br_ptrmap_get(const struct br_ptrmap *m, const void *key, size_t *val);
void br_ptrmap_free(struct br_ptrmap *m);

/*
 * Errors for system and usage failures: br_error() formats the message into
 * the thread's last-error slot and returns -1 so that `return br_error(...)`
 * works; the CLI prints br_last_error(). Library code never prints.
 */
int br_error(const char *fmt, ...) BR_PRINTF(1, 2);
const char *br_last_error(void);

/* FNV-1a of a NUL-terminated string, 64 bits: the hash of the string-keyed
 * tables (each adds what its table needs on top). */
static inline uint64_t br_fnv1a(const char *s)
{
	uint64_t h = 0xcbf29ce484222325ull;
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 0x100000001b3ull;
	return h;
}

#endif
