/* util — see util.h. */
#include "util.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Rare paths out of line keep the hot ones free of a stack frame. */
#if defined(__GNUC__)
#define BR_NOINLINE __attribute__((noinline))
#define BR_ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define BR_NOINLINE
#define BR_ALWAYS_INLINE inline
#endif

void br_out_of_memory(size_t n)
{
	fprintf(stderr, "benchreport: fatal: out of memory (%zu bytes)\n", n);
	abort();
}

#define oom br_out_of_memory

void *br_malloc(size_t n)
{
	void *p = malloc(n ? n : 1);
	if (!p)
		oom(n);
	return p;
}

void *br_calloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);
	if (!p)
		oom(n * size);
	return p;
}

void *br_realloc(void *p, size_t n)
{
	void *q = realloc(p, n ? n : 1);
	if (!q)
		oom(n);
	return q;
}

void *br_grow(void *p, size_t *cap, size_t need, size_t size)
{
	if (need <= *cap)
		return p;
	size_t n = *cap ? *cap : 8;
	while (n < need) {
		if (n > SIZE_MAX / 2 / size)
			oom(SIZE_MAX);
		n *= 2;
	}
	p = br_realloc(p, n * size);
	*cap = n;
	return p;
}

const char *br_path_shown(const char *path)
{
	if (path[0] != '/')
		return path;
	const char *slash = strrchr(path, '/');
	return slash[1] ? slash + 1 : path;
}

char *br_strdup(const char *s)
{
	return br_strndup(s, strlen(s));
}

char *br_strndup(const char *s, size_t n)
{
	char *d = br_malloc(n + 1);
	memcpy(d, s, n);
	d[n] = '\0';
	return d;
}

char *br_asprintf(const char *fmt, ...)
{
	struct br_buf b = BR_BUF_INIT;
	va_list ap;
	va_start(ap, fmt);
	br_buf_vaddf(&b, fmt, ap);
	va_end(ap);
	return br_buf_detach(&b);
}

static BR_NOINLINE void buf_grow_slow(struct br_buf *b, size_t extra)
{
	if (b->len + extra + 1 < b->len)
		oom(SIZE_MAX);
	b->data = br_grow(b->data, &b->cap, b->len + extra + 1, 1);
}

void br_buf_grow(struct br_buf *b, size_t extra)
{
	if (extra < b->cap - b->len)
		return; /* room already (cap - len >= 1 once data exists) */
	buf_grow_slow(b, extra);
}

static BR_NOINLINE void buf_add_slow(struct br_buf *b, const void *p, size_t n)
{
	buf_grow_slow(b, n);
	br_buf_add(b, p, n);
}

void br_buf_add(struct br_buf *b, const void *p, size_t n)
{
	if (n >= b->cap - b->len) {
		buf_add_slow(b, p, n);
		return;
	}
	char *d = b->data + b->len;
	b->len += n;
	b->data[b->len] = '\0';
	if (n)
		memcpy(d, p, n); /* last, so that it is a tail call */
}

void br_buf_adds(struct br_buf *b, const char *s)
{
	br_buf_add(b, s, strlen(s));
}

void br_buf_addc_grow(struct br_buf *b, char c)
{
	br_buf_grow(b, 1);
	b->data[b->len++] = c;
	b->data[b->len] = '\0';
}

void br_buf_vaddf(struct br_buf *b, const char *fmt, va_list ap)
{
	va_list cp;
	va_copy(cp, ap);
	br_buf_grow(b, 64);
	int n = vsnprintf(b->data + b->len, b->cap - b->len, fmt, cp);
	va_end(cp);
	if (n < 0)
		return;
	if ((size_t)n >= b->cap - b->len) {
		br_buf_grow(b, (size_t)n);
		vsnprintf(b->data + b->len, b->cap - b->len, fmt, ap);
	}
	b->len += (size_t)n;
}

void br_buf_addf(struct br_buf *b, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	br_buf_vaddf(b, fmt, ap);
	va_end(ap);
}

void br_buf_reset(struct br_buf *b)
{
	b->len = 0;
	if (b->data)
		b->data[0] = '\0';
}

char *br_buf_detach(struct br_buf *b)
{
	char *p = b->data ? b->data : br_strdup("");
	b->data = NULL;
	b->len = b->cap = 0;
	return p;
}

void br_buf_free(struct br_buf *b)
{
	free(b->data);
	b->data = NULL;
	b->len = b->cap = 0;
}

const char *br_buf_str(const struct br_buf *b)
{
	return b->data ? b->data : "";
}

static bool is_blank_char(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f';
}

char *br_trim(char *s)
{
	size_t n = strlen(s);
	while (n && is_blank_char(s[n - 1]))
		s[--n] = '\0';
	size_t i = 0;
	while (is_blank_char(s[i]))
		i++;
	if (i)
		memmove(s, s + i, n - i + 1);
	return s;
}

bool br_is_blank(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!is_blank_char(s[i]))
			return false;
	return true;
}

bool br_starts_with(const char *s, const char *prefix)
{
	return strncmp(s, prefix, strlen(prefix)) == 0;
}

size_t br_utf8_seq_len(const unsigned char *s, size_t n)
{
	if (n == 0)
		return 0;
	unsigned c = s[0];
	if (c < 0x80)
		return 1;
	size_t len;
	unsigned min;
	if (c >= 0xc2 && c <= 0xdf) {
		len = 2;
		min = 0x80;
	} else if (c >= 0xe0 && c <= 0xef) {
		len = 3;
		min = 0x800;
	} else if (c >= 0xf0 && c <= 0xf4) {
		len = 4;
		min = 0x10000;
	} else {
		return 0;
	}
	if (n < len)
		return 0;
	unsigned cp = c & (0x3f >> (len - 1));
	for (size_t i = 1; i < len; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = (cp << 6) | (s[i] & 0x3f);
	}
	if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
		return 0;
	return len;
}

bool br_utf8_valid(const char *s, size_t n)
{
	const unsigned char *u = (const unsigned char *)s;
	for (size_t i = 0; i < n;) {
		size_t l = br_utf8_seq_len(u + i, n - i);
		if (!l)
			return false;
		i += l;
	}
	return true;
}

void br_buf_add_utf8(struct br_buf *b, const char *s, size_t n)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t i = 0, run = 0;
	while (i < n) {
		size_t l = br_utf8_seq_len(u + i, n - i);
		bool ctl = l == 1 && (u[i] < 0x20 || u[i] == 0x7f) && u[i] != '\t' && u[i] != '\n';
		if (l && !ctl) {
			i += l;
			continue;
		}
		br_buf_add(b, s + run, i - run);
		br_buf_add(b, "\xef\xbf\xbd", 3);
		i++;
		run = i;
	}
	br_buf_add(b, s + run, n - run);
}

void br_buf_add_legacy(struct br_buf *b, const char *s, size_t n)
{
	/* Windows-1252's 0x80..0x9F; 0 where it has none (then U+FFFD) */
	static const unsigned short cp1252[32] = {
		0x20ac, 0, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021,
		0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017d, 0,
		0, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014,
		0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0, 0x017e, 0x0178,
	};
	const unsigned char *u = (const unsigned char *)s;
	size_t i = 0, run = 0;
	while (i < n) {
		size_t l = br_utf8_seq_len(u + i, n - i);
		bool ctl = l == 1 && (u[i] < 0x20 || u[i] == 0x7f) && u[i] != '\t' && u[i] != '\n';
		if (l && !ctl) {
			i += l;
			continue;
		}
		br_buf_add(b, s + run, i - run);
		unsigned cp = u[i] >= 0xa0 ? u[i] : u[i] >= 0x80 ? cp1252[u[i] - 0x80] : 0;
		if (!cp)
			br_buf_add(b, "\xef\xbf\xbd", 3);
		else if (cp < 0x800) {
			br_buf_addc(b, (char)(0xc0 | (cp >> 6)));
			br_buf_addc(b, (char)(0x80 | (cp & 0x3f)));
		} else {
			br_buf_addc(b, (char)(0xe0 | (cp >> 12)));
			br_buf_addc(b, (char)(0x80 | ((cp >> 6) & 0x3f)));
			br_buf_addc(b, (char)(0x80 | (cp & 0x3f)));
		}
		i++;
		run = i;
	}
	br_buf_add(b, s + run, n - run);
}

char *br_utf8_dup(const char *s, size_t n)
{
	struct br_buf b = BR_BUF_INIT;
	br_buf_add_utf8(&b, s, n);
	return br_buf_detach(&b);
}

/* Exact powers of ten (every one up to 1e22 is a double). */
static const double pow10_tab[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
				   1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15};

/* "00" "01" ... "99": two digits per division by 100. */
static const char digit_pairs[201] =
	"00010203040506070809101112131415161718192021222324252627282930313233343536373839"
	"40414243444546474849505152535455565758596061626364656667686970717273747576777879"
	"8081828384858687888990919293949596979899";

/* Decimal digits of u (1 for 0). */
static inline int count_digits(uint64_t u)
{
	int n = 1;
	for (;;) {
		if (u < 10)
			return n;
		if (u < 100)
			return n + 1;
		if (u < 1000)
			return n + 2;
		if (u < 10000)
			return n + 3;
		u /= 10000;
		n += 4;
	}
}

static void add_scaled_grow(struct br_buf *b, bool neg, uint64_t u, int frac, size_t len);

/* The decimal digits of u, with `frac` > 0 the last `frac` of them
 * (zero-padded) after a '.', written backwards so that they end just
 * before `p`; returns where they start. */
static BR_ALWAYS_INLINE char *digits_back(char *p, uint64_t u, int frac)
{
	if (frac > 0) {
		int i = frac;
		for (; i >= 2; i -= 2) {
			p -= 2;
			memcpy(p, digit_pairs + 2 * (u % 100), 2);
			u /= 100;
		}
		if (i) {
			*--p = (char)('0' + u % 10);
			u /= 10;
		}
		*--p = '.';
	}
	while (u > UINT32_MAX) {
		p -= 2;
		memcpy(p, digit_pairs + 2 * (u % 100), 2);
		u /= 100;
	}
	uint32_t w = (uint32_t)u; /* cheaper divisions for the rest */
	while (w >= 100) {
		p -= 2;
		memcpy(p, digit_pairs + 2 * (w % 100), 2);
		w /= 100;
	}
	if (w >= 10) {
		p -= 2;
		memcpy(p, digit_pairs + 2 * w, 2);
	} else {
		*--p = (char)('0' + w);
	}
	return p;
}

char *br_digits_back(char *end, uint64_t u, int frac)
{
	return digits_back(end, u, frac);
}

/* Append the decimal digits of u; with `frac` > 0, the last `frac` of them
 * (zero-padded) after a '.'. Written backwards straight into the buffer. */
static BR_ALWAYS_INLINE void add_scaled(struct br_buf *b, bool neg, uint64_t u, int frac)
{
	int nd = count_digits(u);
	int whole = nd > frac ? nd - frac : 1;
	size_t len = (size_t)neg + (size_t)whole + (frac > 0 ? (size_t)frac + 1 : 0);
	if (len >= b->cap - b->len) {
		add_scaled_grow(b, neg, u, frac, len); /* a tail call: no frame here */
		return;
	}
	char *p = b->data + b->len + len;
	*p = '\0';
	b->len += len;
	p = digits_back(p, u, frac);
	if (neg)
		*--p = '-';
}

/* add_scaled once the buffer has room: out of line, the rare case. */
static BR_NOINLINE void add_scaled_grow(struct br_buf *b, bool neg, uint64_t u, int frac, size_t len)
{
	br_buf_grow(b, len);
	add_scaled(b, neg, u, frac);
}

static void add_double_frac(struct br_buf *b, double v);

void br_buf_add_double(struct br_buf *b, double v)
{
	/* Integers (most figures) first; NaN and infinities fail the compare. */
	double a = fabs(v);
	if (a < 1e15 && v == (double)(long long)v) {
		long long i = (long long)v;
		add_scaled(b, i < 0, i < 0 ? (uint64_t)0 - (uint64_t)i : (uint64_t)i, 0);
		return;
	}
	add_double_frac(b, v);
}

/* br_buf_add_double for anything but an integer below 1e15 (out of line, so
 * that the integer path above needs no stack frame for the search). */
static BR_NOINLINE void add_double_frac(struct br_buf *b, double v)
{
	if (!isfinite(v)) {
		br_buf_adds(b, "null");
		return;
	}
	double a = fabs(v);
	/* Fast exact path: the fewest decimals d for which round(a * 10^d) / 10^d
	 * gives a back. That division is correctly rounded, so it is what strtod
	 * makes of the digits: they round-trip. A decimal with fewer decimals
	 * that round-trips would have been found at its own d (a * 10^d stays
	 * below 1e15, so the product is off by far less than 0.5), and the
	 * shortest %g form has the fewest decimals: for 1e-3 <= a < 1e15 and a
	 * last digit that is not 0, %.Pg (P = significant digits) prints exactly
	 * these digits in the %f style. Anything else takes the search below. */
	if (a >= 1e-3) {
		for (int d = 1; d < (int)BR_ARRAY_LEN(pow10_tab); d++) {
			double s = a * pow10_tab[d];
			if (!(s < 1e15))
				break;
			/* nearbyint(s) for 0 <= s < 2^52 in the default rounding mode */
			double r = (s + 0x1p52) - 0x1p52;
			if (r / pow10_tab[d] == a) {
				add_scaled(b, v < 0, (uint64_t)r, d);
				return;
			}
		}
	}
	/* The fewest significant digits that read back exactly: a binary
	 * search, since any precision above one that round-trips does too
	 * (every p-digit decimal is also a (p+1)-digit one). */
	char tmp[40];
	int lo = 1, hi = 17;
	while (lo < hi) {
		int mid = (lo + hi) / 2;
		snprintf(tmp, sizeof tmp, "%.*g", mid, v);
		if (strtod(tmp, NULL) == v)
			hi = mid;
		else
			lo = mid + 1;
	}
	snprintf(tmp, sizeof tmp, "%.*g", lo, v);
	br_buf_adds(b, tmp);
}

/* br_buf_add_fixed beyond the exact fast range (out of line: keeps the fast
 * path free of a stack frame). */
static BR_NOINLINE void add_fixed_printf(struct br_buf *b, double v, int prec)
{
	br_buf_addf(b, "%.*f", prec, v);
}

void br_buf_add_fixed(struct br_buf *b, double v, int prec)
{
	/* Exact for |v| * 10^prec < 2^40: the product a * p is hi + lo exactly
	 * (lo from fma), hi - floor(hi) is exact, and |lo| <= 2^-13, so only a
	 * fraction within 1e-3 of one half needs lo to decide: (frac - 0.5) is
	 * exact there (Sterbenz) and adding lo keeps the sign of the exact
	 * difference, zero only for a true tie, which goes to the even digit
	 * like printf's default rounding. */
	double a = fabs(v);
	if (prec >= 0 && prec < (int)BR_ARRAY_LEN(pow10_tab) && a * pow10_tab[prec] < 0x1p40) {
		double p = pow10_tab[prec];
		double hi = a * p;
		uint64_t r = (uint64_t)hi; /* floor: 0 <= hi < 2^40 */
		double frac = hi - (double)r;
		if (frac > 0.501) {
			r++;
		} else if (frac >= 0.499) {
			double lo = fma(a, p, -hi);
			double d = (frac - 0.5) + lo;
			if (d > 0 || (d == 0 && (r & 1)))
				r++;
		}
		add_scaled(b, signbit(v) != 0, r, prec);
		return;
	}
	add_fixed_printf(b, v, prec);
}

char *br_fmt_double(double v, int prec)
{
	return br_asprintf("%.*f", prec, v);
}

static size_t ptr_slot(const void *key, size_t cap)
{
	uint64_t x = (uint64_t)(uintptr_t)key;
	x ^= x >> 29;
	x *= 0x9e3779b97f4a7c15ull;
	return (size_t)(x >> 32) & (cap - 1);
}

void br_ptrmap_put(struct br_ptrmap *m, const void *key, size_t val)
{
	if ((m->n + 1) * 2 > m->cap) {
		struct br_ptrmap g = {0};
		g.cap = m->cap ? m->cap * 2 : 64;
		g.keys = br_calloc(g.cap, sizeof *g.keys);
		g.vals = br_malloc(g.cap * sizeof *g.vals);
		for (size_t i = 0; i < m->cap; i++)
			if (m->keys[i])
				br_ptrmap_put(&g, m->keys[i], m->vals[i]);
		br_ptrmap_free(m);
		*m = g;
	}
	size_t j = ptr_slot(key, m->cap);
	while (m->keys[j] && m->keys[j] != key)
		j = (j + 1) & (m->cap - 1);
	if (m->keys[j])
		return; /* the first value stays */
	m->keys[j] = key;
	m->vals[j] = val;
	m->n++;
}

bool br_ptrmap_get(const struct br_ptrmap *m, const void *key, size_t *val)
{
	if (!m->cap || !key)
		return false;
	size_t j = ptr_slot(key, m->cap);
	while (m->keys[j]) {
		if (m->keys[j] == key) {
			*val = m->vals[j];
			return true;
		}
		j = (j + 1) & (m->cap - 1);
	}
	return false;
}

void br_ptrmap_free(struct br_ptrmap *m)
{
	free(m->keys);
	free(m->vals);
	m->keys = NULL;
	m->vals = NULL;
	m->n = m->cap = 0;
}

static _Thread_local char last_error[1024];

int br_error(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(last_error, sizeof last_error, fmt, ap);
	va_end(ap);
	return -1;
}

const char *br_last_error(void)
{
	return last_error;
}

/* Does code point cp take two columns of a terminal (East Asian Wide and
 * Fullwidth: CJK ideographs, kana, Hangul, full-width forms)? */
static bool wide_cp(unsigned cp)
{
	return (cp >= 0x1100 && cp <= 0x115f) || (cp >= 0x2e80 && cp <= 0x303e) ||
	       (cp >= 0x3041 && cp <= 0x33ff) || (cp >= 0x3400 && cp <= 0x4dbf) ||
	       (cp >= 0x4e00 && cp <= 0x9fff) || (cp >= 0xa000 && cp <= 0xa4cf) ||
	       (cp >= 0xac00 && cp <= 0xd7a3) || (cp >= 0xf900 && cp <= 0xfaff) ||
	       (cp >= 0xfe30 && cp <= 0xfe4f) || (cp >= 0xff00 && cp <= 0xff60) ||
	       (cp >= 0xffe0 && cp <= 0xffe6) || (cp >= 0x20000 && cp <= 0x3fffd);
}

size_t br_u8_width_rest(const char *s, size_t n)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t w = 0;
	for (size_t i = 0; i < n; i++) {
		unsigned c = u[i];
		if (c < 0xe1 || i + 2 >= n || (c < 0xf0 && (u[i + 1] & 0xc0) != 0x80)) {
			w += (c & 0xc0) != 0x80; /* (ASCII, 2-byte characters: one column) */
			continue;
		}
		unsigned cp;
		size_t len;
		if (c < 0xf0) {
			cp = (c & 0x0f) << 12 | (u[i + 1] & 0x3fu) << 6 | (u[i + 2] & 0x3fu);
			len = 3;
		} else if (i + 3 < n) {
			cp = (c & 0x07) << 18 | (u[i + 1] & 0x3fu) << 12 | (u[i + 2] & 0x3fu) << 6 | (u[i + 3] & 0x3fu);
			len = 4;
		} else {
			w++;
			continue;
		}
		w += wide_cp(cp) ? 2 : 1;
		i += len - 1;
	}
	return w;
}

size_t br_u8_columns(const char *s)
{
	return br_u8_width(s, strlen(s));
}

/* End the line that starts at b->data + start: trailing blanks go. */
static void end_wrapped_line(struct br_buf *b, size_t start)
{
	while (b->len > start && b->data[b->len - 1] == ' ')
		b->len--;
	br_buf_addc(b, '\n');
}

void br_buf_add_wrapped(struct br_buf *b, const char *text, size_t indent, size_t width)
{
	size_t start = b->len, col = 0;
	const char *p = text;
	for (; *p == ' '; p++, col++)
		br_buf_addc(b, ' ');
	bool fresh = true; /* nothing but indentation on the line yet */
	while (*p) {
		size_t wl = strcspn(p, " ");
		size_t ww = br_u8_width(p, wl);
		if (col > indent && col + 1 + ww > width) {
			end_wrapped_line(b, start);
			start = b->len;
			for (size_t i = 0; i < indent; i++)
				br_buf_addc(b, ' ');
			col = indent;
			fresh = true;
		} else if (!fresh) {
			br_buf_addc(b, ' ');
			col++;
		}
		fresh = false;
		br_buf_add(b, p, wl);
		col += ww;
		p += wl;
		while (*p == ' ')
			p++;
	}
	if (b->len > start)
		end_wrapped_line(b, start);
}
