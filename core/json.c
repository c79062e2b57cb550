/* json — see json.h. */
#include "json.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* 1 for the bytes a JSON string holds as they are: printable ASCII except
 * the quote and the backslash. */
static const unsigned char plain_byte[256] = {
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, /* 0x00 */
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, /* 0x10 */
	1, 1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, /* 0x20 quote */
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, /* 0x30 */
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, /* 0x40 */
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 1, 1, 1, /* 0x50 backslash */
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, /* 0x60 */
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, /* 0x70 DEL */
	/* 0x80 - 0xff: UTF-8, checked */
};

#define ONES UINT64_C(0x0101010101010101)
#define HIGHS UINT64_C(0x8080808080808080)

/* Whether one of the 8 bytes in w is not plain (a control byte, the quote,
 * the backslash, DEL or non-ASCII). Exact for the word as a whole; which
 * byte it is, the byte loop finds. */
static inline bool word_has_special(uint64_t w)
{
	uint64_t below_space = (w - 0x20 * ONES) & ~w;   /* a byte < 0x20 (or >= 0x80) */
	uint64_t q = w ^ (0x22 * ONES), bs = w ^ (0x5c * ONES);
	uint64_t quote = (q - ONES) & ~q;                 /* a byte == '"' */
	uint64_t bslash = (bs - ONES) & ~bs;              /* a byte == backslash */
	uint64_t del_or_high = w | (w + ONES);            /* a byte >= 0x7f */
	return ((below_space | quote | bslash | del_or_high) & HIGHS) != 0;
}

/* The length of the plain run at the start of u[0..n). */
static inline size_t plain_run(const unsigned char *u, size_t n)
{
	size_t i = 0;
	for (; i + 8 <= n; i += 8) {
		uint64_t w;
		memcpy(&w, u + i, sizeof w);
		if (word_has_special(w))
			break;
	}
	while (i < n && plain_byte[u[i]])
		i++;
	return i;
}

void br_json_add_string(struct br_buf *b, const char *s, size_t n)
{
	static const char hex[] = "0123456789abcdef";
	const unsigned char *u = (const unsigned char *)s;
	/* Room for the quotes and every byte as it is; an escape (at most 6
	 * bytes for 1) makes room for itself and the rest when it needs to.
	 * Invariant at the top of the loop: cap - len >= (n - i) + 2, the rest
	 * unchanged, the closing quote and the NUL. */
	if (b->cap - b->len < n + 3)
		br_buf_grow(b, n + 2);
	char *d = b->data;
	size_t len = b->len;
	d[len++] = '"';
	size_t i = 0;
	while (i < n) {
		size_t run = plain_run(u + i, n - i);
		memcpy(d + len, s + i, run);
		len += run;
		i += run;
		if (i == n)
			break;
		if (b->cap - len < (n - i) + 7) {
			b->len = len;
			br_buf_grow(b, (n - i) + 7);
			d = b->data;
		}
		unsigned char c = u[i];
		if (c == '"' || c == '\\') {
			d[len++] = '\\';
			d[len++] = (char)c;
			i++;
		} else if (c < 0x20 || c == 0x7f) {
			d[len++] = '\\';
			switch (c) {
			case '\n': d[len++] = 'n'; break;
			case '\t': d[len++] = 't'; break;
			case '\r': d[len++] = 'r'; break;
			default:
				d[len++] = 'u';
				d[len++] = '0';
				d[len++] = '0';
				d[len++] = hex[c >> 4];
				d[len++] = hex[c & 15];
				break;
			}
			i++;
		} else {
			size_t l = br_utf8_seq_len(u + i, n - i);
			unsigned cp = l == 2 ? (unsigned)(u[i] & 0x1f) << 6 | (u[i + 1] & 0x3f)
				    : l == 3 ? (unsigned)(u[i] & 0x0f) << 12 | (unsigned)(u[i + 1] & 0x3f) << 6 |
						       (u[i + 2] & 0x3f)
					     : 0;
			if (l && (cp <= 0x9f && cp >= 0x80 ? true
				  : (cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069) ||
					    cp == 0x200e || cp == 0x200f || cp == 0x061c)) {
				/* C1 controls and bidi overrides, which a terminal
				 * showing the line would obey: escaped, losslessly */
				d[len++] = '\\';
				d[len++] = 'u';
				d[len++] = hex[cp >> 12];
				d[len++] = hex[(cp >> 8) & 15];
				d[len++] = hex[(cp >> 4) & 15];
				d[len++] = hex[cp & 15];
				i += l;
			} else if (l) {
				memcpy(d + len, s + i, l);
				len += l;
				i += l;
			} else {
				memcpy(d + len, "\xef\xbf\xbd", 3); /* U+FFFD */
				len += 3;
				i++;
			}
		}
	}
	d[len++] = '"';
	d[len] = '\0';
	b->len = len;
}

void br_json_add_cstr(struct br_buf *b, const char *s)
{
	if (!s) {
		br_buf_adds(b, "null");
		return;
	}
	/* A short plain string (most figures, keys and names) in one pass,
	 * without strlen; anything else from the start by br_json_add_string.
	 * u[i] is readable at every step: bytes before it were not NUL. */
	enum { SHORT = 32 };
	if (b->cap - b->len < SHORT + 3)
		br_buf_grow(b, SHORT + 2);
	const unsigned char *u = (const unsigned char *)s;
	char *d = b->data + b->len;
	size_t i = 0;
	d[0] = '"';
	while (i < SHORT && plain_byte[u[i]]) {
		d[i + 1] = (char)u[i];
		i++;
	}
	if (u[i] == '\0') {
		d[i + 1] = '"';
		d[i + 2] = '\0';
		b->len += i + 2;
		return;
	}
	br_json_add_string(b, s, i + strlen(s + i));
}

void br_json_add_number(struct br_buf *b, double v)
{
	br_buf_add_double(b, v);
}

/* ---------------------------------------------------------------- reader */

struct reader {
	const char *s;
	size_t n, i;
	const char *err;
	int depth;
};

static void skip_ws(struct reader *r)
{
	while (r->i < r->n && (r->s[r->i] == ' ' || r->s[r->i] == '\t' || r->s[r->i] == '\n' ||
			       r->s[r->i] == '\r'))
		r->i++;
}

static struct br_json *node(enum br_json_type t)
{
	struct br_json *j = br_calloc(1, sizeof *j);
	j->type = t;
	return j;
}

static struct br_json *parse_value(struct reader *r);

static unsigned hex4(struct reader *r, bool *ok)
{
	unsigned v = 0;
	if (r->i + 4 > r->n) {
		*ok = false;
		return 0;
	}
	for (int k = 0; k < 4; k++) {
		char c = r->s[r->i++];
		v <<= 4;
		if (c >= '0' && c <= '9')
			v |= (unsigned)(c - '0');
		else if (c >= 'a' && c <= 'f')
			v |= (unsigned)(c - 'a' + 10);
		else if (c >= 'A' && c <= 'F')
			v |= (unsigned)(c - 'A' + 10);
		else
			*ok = false;
	}
	return v;
}

static void add_cp(struct br_buf *b, unsigned cp)
{
	if (cp == 0 || (cp >= 0xd800 && cp <= 0xdfff) || cp > 0x10ffff)
		cp = 0xfffd;
	if (cp < 0x80) {
		br_buf_addc(b, (char)cp);
	} else if (cp < 0x800) {
		br_buf_addc(b, (char)(0xc0 | (cp >> 6)));
		br_buf_addc(b, (char)(0x80 | (cp & 0x3f)));
	} else if (cp < 0x10000) {
		br_buf_addc(b, (char)(0xe0 | (cp >> 12)));
		br_buf_addc(b, (char)(0x80 | ((cp >> 6) & 0x3f)));
		br_buf_addc(b, (char)(0x80 | (cp & 0x3f)));
	} else {
		br_buf_addc(b, (char)(0xf0 | (cp >> 18)));
		br_buf_addc(b, (char)(0x80 | ((cp >> 12) & 0x3f)));
		br_buf_addc(b, (char)(0x80 | ((cp >> 6) & 0x3f)));
		br_buf_addc(b, (char)(0x80 | (cp & 0x3f)));
	}
}

static char *parse_string_raw(struct reader *r, size_t *len)
{
	struct br_buf b = BR_BUF_INIT;
	r->i++; /* opening quote */
	while (r->i < r->n) {
		unsigned char c = (unsigned char)r->s[r->i];
		if (c == '"') {
			r->i++;
			*len = b.len;
			/* keep the result valid UTF-8 */
			char *out = br_utf8_dup(br_buf_str(&b), b.len);
			*len = strlen(out);
			br_buf_free(&b);
			return out;
		}
		if (c < 0x20) {
			r->err = "control character in string";
			break;
		}
		if (c != '\\') {
			br_buf_addc(&b, (char)c);
			r->i++;
			continue;
		}
		if (++r->i >= r->n)
			break;
		char e = r->s[r->i++];
		bool ok = true;
		switch (e) {
		case '"': br_buf_addc(&b, '"'); break;
		case '\\': br_buf_addc(&b, '\\'); break;
		case '/': br_buf_addc(&b, '/'); break;
		case 'b': br_buf_addc(&b, '\b'); break;
		case 'f': br_buf_addc(&b, '\f'); break;
		case 'n': br_buf_addc(&b, '\n'); break;
		case 'r': br_buf_addc(&b, '\r'); break;
		case 't': br_buf_addc(&b, '\t'); break;
		case 'u': {
			unsigned cp = hex4(r, &ok);
			if (ok && cp >= 0xd800 && cp <= 0xdbff && r->i + 6 <= r->n && r->s[r->i] == '\\' &&
			    r->s[r->i + 1] == 'u') {
				size_t save = r->i;
				r->i += 2;
				unsigned lo = hex4(r, &ok);
				if (ok && lo >= 0xdc00 && lo <= 0xdfff)
					cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
				else
					r->i = save;
				ok = true;
			}
			if (ok)
				add_cp(&b, cp);
			break;
		}
		default:
			ok = false;
		}
		if (!ok) {
			r->err = "bad escape in string";
			break;
		}
	}
	if (!r->err)
		r->err = "unterminated string";
	br_buf_free(&b);
	return NULL;
}

static struct br_json *parse_number(struct reader *r)
{
	size_t start = r->i;
	if (r->i < r->n && r->s[r->i] == '-')
		r->i++;
	while (r->i < r->n && strchr("0123456789.eE+-", r->s[r->i]))
		r->i++;
	if (r->i == start || r->i - start > 64) {
		r->err = "bad number";
		return NULL;
	}
	char tmp[72];
	memcpy(tmp, r->s + start, r->i - start);
	tmp[r->i - start] = '\0';
	char *end;
	double v = strtod(tmp, &end);
	if (*end || !isfinite(v)) {
		r->err = "bad number";
		return NULL;
	}
	struct br_json *j = node(BR_JSON_NUMBER);
	j->number = v;
	return j;
}

static bool literal(struct reader *r, const char *lit)
{
	size_t l = strlen(lit);
	if (r->i + l <= r->n && memcmp(r->s + r->i, lit, l) == 0) {
		r->i += l;
		return true;
	}
	return false;
}

static struct br_json *parse_container(struct reader *r, bool object)
{
	if (++r->depth > 256) {
		r->err = "nesting too deep";
		return NULL;
	}
	struct br_json *j = node(object ? BR_JSON_OBJECT : BR_JSON_ARRAY);
	size_t cap = 0, kcap = 0;
	char close = object ? '}' : ']';
	r->i++;
	skip_ws(r);
	if (r->i < r->n && r->s[r->i] == close) {
		r->i++;
		r->depth--;
		return j;
	}
	for (;;) {
		char *key = NULL;
		if (object) {
			skip_ws(r);
			if (r->i >= r->n || r->s[r->i] != '"') {
				r->err = "expected a key";
				goto fail;
			}
			size_t kl;
			key = parse_string_raw(r, &kl);
			if (!key)
				goto fail;
			skip_ws(r);
			if (r->i >= r->n || r->s[r->i] != ':') {
				free(key);
				r->err = "expected ':'";
				goto fail;
			}
			r->i++;
		}
		struct br_json *v = parse_value(r);
		if (!v) {
			free(key);
			goto fail;
		}
		j->items = br_grow(j->items, &cap, j->len + 1, sizeof *j->items);
		if (object) {
			j->keys = br_grow(j->keys, &kcap, j->len + 1, sizeof *j->keys);
			j->keys[j->len] = key;
		}
		j->items[j->len++] = v;
		skip_ws(r);
		if (r->i < r->n && r->s[r->i] == ',') {
			r->i++;
			continue;
		}
		if (r->i < r->n && r->s[r->i] == close) {
			r->i++;
			r->depth--;
			return j;
		}
		r->err = object ? "expected ',' or '}'" : "expected ',' or ']'";
		goto fail;
	}
fail:
	br_json_free(j);
	return NULL;
}

static struct br_json *parse_value(struct reader *r)
{
	skip_ws(r);
	if (r->i >= r->n) {
		r->err = "unexpected end of input";
		return NULL;
	}
	char c = r->s[r->i];
	if (c == '{' || c == '[')
		return parse_container(r, c == '{');
	if (c == '"') {
		size_t len;
		char *s = parse_string_raw(r, &len);
		if (!s)
			return NULL;
		struct br_json *j = node(BR_JSON_STRING);
		j->string = s;
		j->len = len;
		return j;
	}
	if (literal(r, "null"))
		return node(BR_JSON_NULL);
	if (literal(r, "true")) {
		struct br_json *j = node(BR_JSON_BOOL);
		j->boolean = true;
		return j;
	}
	if (literal(r, "false"))
		return node(BR_JSON_BOOL);
	if (c == '-' || (c >= '0' && c <= '9'))
		return parse_number(r);
	r->err = "unexpected character";
	return NULL;
}

struct br_json *br_json_parse(const char *s, size_t n, const char **err, size_t *err_off)
{
	struct reader r = {s, n, 0, NULL, 0};
	struct br_json *j = parse_value(&r);
	if (j) {
		skip_ws(&r);
		if (r.i != r.n) {
			br_json_free(j);
			j = NULL;
			r.err = "trailing characters after the value";
		}
	}
	if (!j) {
		if (err)
			*err = r.err ? r.err : "invalid JSON";
		if (err_off)
			*err_off = r.i;
	}
	return j;
}

void br_json_free(struct br_json *j)
{
	if (!j)
		return;
	/* iterative over arrays/objects would be nicer; depth is capped at 256 */
	for (size_t i = 0; i < j->len && j->items; i++) {
		br_json_free(j->items[i]);
		if (j->keys)
			free(j->keys[i]);
	}
	free(j->items);
	free(j->keys);
	free(j->string);
	free(j);
}

const struct br_json *br_json_get(const struct br_json *obj, const char *key)
{
	if (!obj || obj->type != BR_JSON_OBJECT)
		return NULL;
	for (size_t i = 0; i < obj->len; i++)
		if (strcmp(obj->keys[i], key) == 0)
			return obj->items[i];
	return NULL;
}
