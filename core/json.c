/* json — see json.h. */
#include "json.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

void br_json_add_string(struct br_buf *b, const char *s, size_t n)
{
	const unsigned char *u = (const unsigned char *)s;
	br_buf_addc(b, '"');
	size_t i = 0;
	while (i < n) {
		unsigned char c = u[i];
		/* printable ASCII without quote or backslash: copy the whole run */
		size_t run = i;
		while (run < n && u[run] >= 0x20 && u[run] < 0x7f && u[run] != '"' && u[run] != '\\')
			run++;
		if (run > i) {
			br_buf_add(b, s + i, run - i);
			i = run;
			continue;
		}
		if (c == '"' || c == '\\') {
			br_buf_addc(b, '\\');
			br_buf_addc(b, (char)c);
			i++;
		} else if (c < 0x20 || c == 0x7f) {
			switch (c) {
			case '\n': br_buf_adds(b, "\\n"); break;
			case '\t': br_buf_adds(b, "\\t"); break;
			case '\r': br_buf_adds(b, "\\r"); break;
			default: br_buf_addf(b, "\\u%04x", c); break;
			}
			i++;
		} else if (c < 0x80) {
			br_buf_addc(b, (char)c);
			i++;
		} else {
			size_t l = br_utf8_seq_len(u + i, n - i);
			if (l) {
				br_buf_add(b, s + i, l);
				i += l;
			} else {
				br_buf_adds(b, "\xef\xbf\xbd");
				i++;
			}
		}
	}
	br_buf_addc(b, '"');
}

void br_json_add_cstr(struct br_buf *b, const char *s)
{
	if (!s)
		br_buf_adds(b, "null");
	else
		br_json_add_string(b, s, strlen(s));
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
