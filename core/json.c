/* json — see json.h. */
#include "json.h"

#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json_object.h>
#include <json-c/json_tokener.h>
#include <json-c/linkhash.h>

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

/* JSON null: json-c's NULL object, which would read as "absent" here, is
 * handed out as this address instead (it is never passed to json-c). */
static const char null_value;
#define JSON_NULL ((struct br_json *)(uintptr_t)&null_value)

static json_object *jo(const struct br_json *j)
{
	return (json_object *)(uintptr_t)j;
}

static const struct br_json *bj(json_object *o)
{
	return o ? (const struct br_json *)o : JSON_NULL;
}

struct br_json_reader {
	json_tokener *tok;
};

struct br_json_reader *br_json_reader_new(void)
{
	struct br_json_reader *rd = br_calloc(1, sizeof *rd);
	/* 256 levels read, the 257th is an error */
	rd->tok = json_tokener_new_ex(256);
	if (!rd->tok)
		br_out_of_memory(sizeof(struct br_json_reader));
	json_tokener_set_flags(rd->tok, JSON_TOKENER_STRICT | JSON_TOKENER_ALLOW_TRAILING_CHARS);
	return rd;
}

void br_json_reader_free(struct br_json_reader *rd)
{
	if (!rd)
		return;
	json_tokener_free(rd->tok);
	free(rd);
}

/* Whether the bytes need no cleaning: what br_utf8_dup would keep as is. */
static bool clean_text(const char *s, size_t n)
{
	const unsigned char *u = (const unsigned char *)s;
	for (size_t i = 0; i < n;) {
		if (u[i] >= 0x20 && u[i] < 0x7f) {
			i++;
			continue;
		}
		if (u[i] == '\t' || u[i] == '\n') {
			i++;
			continue;
		}
		size_t l = u[i] >= 0x80 ? br_utf8_seq_len(u + i, n - i) : 0;
		if (!l)
			return false;
		i += l;
	}
	return true;
}

/* Whether u[0..n) holds only bytes 0x20..0x7e but the backslash: a word at
 * a time, as plain_run (but quotes are fine here). */
static bool printable_ascii_without_backslash(const unsigned char *u, size_t n)
{
	size_t i = 0;
	for (; i + 8 <= n; i += 8) {
		uint64_t w;
		memcpy(&w, u + i, sizeof w);
		uint64_t below_space = (w - 0x20 * ONES) & ~w;
		uint64_t bs = w ^ (0x5c * ONES);
		uint64_t bslash = (bs - ONES) & ~bs;
		uint64_t del_or_high = w | (w + ONES);
		if ((below_space | bslash | del_or_high) & HIGHS)
			return false;
	}
	for (; i < n; i++)
		if (u[i] < 0x20 || u[i] >= 0x7f || u[i] == '\\')
			return false;
	return true;
}

/* The offset of the first ' outside a string, or n. */
static size_t single_quote_outside_string(const char *s, size_t n)
{
	bool in_string = false;
	for (size_t i = 0; i < n; i++) {
		if (s[i] == '"')
			in_string = !in_string;
		else if (s[i] == '\\' && in_string)
			i++;
		else if (s[i] == '\'' && !in_string)
			return i;
	}
	return n;
}

/* Before json-c sees the text: a raw control byte (which json-c would take
 * into a string) is an error, as JSON has it, and "\u0000" (which json-c
 * would keep as a NUL, cutting a key short) is read as "\ufffd", what any
 * NUL becomes. *copy is the text to parse when it had to change. Returns
 * NULL or the error, with its offset. `dirty` tells whether a string may
 * hold something to clean (a byte >= 0x80 or an escape). */
static const char *prepare(const char *s, size_t n, char **copy, size_t *off, bool *dirty)
{
	*copy = NULL;
	*dirty = false;
	const unsigned char *u = (const unsigned char *)s;
	if (printable_ascii_without_backslash(u, n)) {
		/* the common line: nothing to clean, no control byte */
		if (memchr(s, '\'', n) && (*off = single_quote_outside_string(s, n)) < n)
			return "unexpected character"; /* json-c takes 'key' even in strict mode */
		return NULL;
	}
	bool in_string = false;
	for (size_t i = 0; i < n; i++) {
		i += plain_run(u + i, n - i); /* a word at a time past plain bytes */
		if (i == n)
			break;
		unsigned char c = u[i];
		if (c >= 0x7f) {
			*dirty = true;
		} else if (c == '"') {
			in_string = !in_string;
		} else if (c == '\\' && in_string && i + 1 < n) {
			*dirty = true;
			if (i + 5 < n && memcmp(s + i + 1, "u0000", 5) == 0) {
				if (!*copy) {
					*copy = br_malloc(n + 1);
					memcpy(*copy, s, n);
					(*copy)[n] = '\0';
				}
				memcpy(*copy + i + 2, "fffd", 4);
			}
			i++; /* the escaped byte */
		} else if (c < 0x20 && (in_string || (c != ' ' && c != '\t' && c != '\n' && c != '\r'))) {
			free(*copy);
			*copy = NULL;
			*off = i;
			return in_string ? "control character in string" : "unexpected character";
		}
	}
	if (memchr(s, '\'', n) && (*off = single_quote_outside_string(s, n)) < n) {
		free(*copy);
		*copy = NULL;
		return "unexpected character"; /* json-c takes 'key' even in strict mode */
	}
	return NULL;
}

static const char *tokener_message(enum json_tokener_error e)
{
	switch (e) {
	case json_tokener_error_depth: return "nesting too deep";
	case json_tokener_error_parse_eof: return "unexpected end of input";
	case json_tokener_error_parse_number: return "bad number";
	case json_tokener_error_parse_array: return "expected ',' or ']'";
	case json_tokener_error_parse_object_key_name: return "expected a key";
	case json_tokener_error_parse_object_key_sep: return "expected ':'";
	case json_tokener_error_parse_object_value_sep: return "expected ',' or '}'";
	case json_tokener_error_parse_string: return "bad escape in string";
	default: return "unexpected character";
	}
}

static const char *check_value(json_object **po, bool dirty);

/* An object whose keys need cleaning, built again with clean keys (the
 * caller releases the old one). */
static json_object *clean_keys(json_object *o)
{
	json_object *n = json_object_new_object();
	if (!n)
		br_out_of_memory(sizeof n);
	json_object_object_foreach(o, key, val)
	{
		char *k = br_utf8_dup(key, strlen(key));
		json_object_object_add(n, k, json_object_get(val));
		free(k);
	}
	return n;
}

static const char *check_object(json_object **po, bool dirty)
{
	bool bad_key = false;
	struct lh_entry *e = lh_table_head(json_object_get_object(*po));
	for (; e; e = lh_entry_next(e)) {
		json_object *v = (json_object *)lh_entry_v(e), *was = v;
		const char *err = check_value(&v, dirty);
		if (err)
			return err;
		if (v != was) {
			/* the member holds the one reference: swap in the new value */
			lh_entry_set_val(e, v);
			json_object_put(was);
		}
		if (dirty && !bad_key) {
			const char *k = (const char *)lh_entry_k(e);
			bad_key = !clean_text(k, strlen(k));
		}
	}
	if (bad_key)
		*po = clean_keys(*po);
	return NULL;
}

/* The checks json-c does not make, and the cleaning of strings; *po may be
 * replaced by a new value (the caller then releases the old one). */
static const char *check_value(json_object **po, bool dirty)
{
	json_object *o = *po;
	switch (json_object_get_type(o)) {
	case json_type_double:
		return isfinite(json_object_get_double(o)) ? NULL : "number out of range";
	case json_type_int:
		/* json-c saturates an integer it cannot hold */
		if (json_object_get_int64(o) == INT64_MIN ||
		    (json_object_get_int64(o) == INT64_MAX && json_object_get_uint64(o) == UINT64_MAX))
			return "number out of range";
		return NULL;
	case json_type_string: {
		const char *s = json_object_get_string(o);
		size_t n = (size_t)json_object_get_string_len(o);
		if (dirty && !clean_text(s, n)) {
			char *c = br_utf8_dup(s, n);
			json_object_set_string(o, c);
			free(c);
		}
		return NULL;
	}
	case json_type_array:
		for (size_t i = 0, n = json_object_array_length(o); i < n; i++) {
			json_object *v = json_object_array_get_idx(o, i), *was = v;
			const char *err = check_value(&v, dirty);
			if (err)
				return err;
			if (v != was)
				json_object_array_put_idx(o, i, v); /* releases was */
		}
		return NULL;
	case json_type_object:
		return check_object(po, dirty);
	default:
		return NULL;
	}
}

struct br_json *br_json_reader_parse(struct br_json_reader *rd, const char *s, size_t n,
				     const char **err, size_t *err_off)
{
	const char *msg = NULL;
	size_t off = 0;
	char *copy = NULL;
	bool dirty;
	json_object *o = NULL;
	if (n >= INT_MAX) {
		msg = "text too long for the JSON reader (2 GiB)";
		goto fail;
	}
	if ((msg = prepare(s, n, &copy, &off, &dirty)))
		goto fail;
	const char *text = copy ? copy : s;
	json_tokener_reset(rd->tok);
	o = json_tokener_parse_ex(rd->tok, text, (int)n);
	enum json_tokener_error e = json_tokener_get_error(rd->tok);
	if (e == json_tokener_continue) {
		/* a value that may go on (a number): the end of the text ends it */
		o = json_tokener_parse_ex(rd->tok, "", 1);
		e = json_tokener_get_error(rd->tok);
		off = e == json_tokener_success ? n : n + 1;
	} else {
		off = json_tokener_get_parse_end(rd->tok);
	}
	if (e != json_tokener_success) {
		msg = tokener_message(e);
		if (off > n || e == json_tokener_continue || e == json_tokener_error_parse_eof) {
			/* the text ended inside a value */
			msg = "unexpected end of input";
			off = n;
		}
		goto fail;
	}
	while (off < n && (text[off] == ' ' || text[off] == '\t' || text[off] == '\n' || text[off] == '\r'))
		off++;
	if (off != n) {
		msg = "trailing characters after the value";
		goto fail;
	}
	json_object *was = o;
	msg = check_value(&o, dirty);
	if (o != was)
		json_object_put(was);
	if (msg) {
		off = 0;
		goto fail;
	}
	free(copy);
	return (struct br_json *)(uintptr_t)bj(o);
fail:
	json_object_put(o);
	free(copy);
	if (err)
		*err = msg;
	if (err_off)
		*err_off = off > n ? n : off;
	return NULL;
}

struct br_json *br_json_parse(const char *s, size_t n, const char **err, size_t *err_off)
{
	struct br_json_reader *rd = br_json_reader_new();
	struct br_json *j = br_json_reader_parse(rd, s, n, err, err_off);
	br_json_reader_free(rd);
	return j;
}

void br_json_free(struct br_json *j)
{
	if (j && j != JSON_NULL)
		json_object_put(jo(j));
}

enum br_json_type br_json_type(const struct br_json *j)
{
	if (!j || j == JSON_NULL)
		return BR_JSON_NULL;
	switch (json_object_get_type(jo(j))) {
	case json_type_boolean: return BR_JSON_BOOL;
	case json_type_double:
	case json_type_int: return BR_JSON_NUMBER;
	case json_type_string: return BR_JSON_STRING;
	case json_type_array: return BR_JSON_ARRAY;
	case json_type_object: return BR_JSON_OBJECT;
	default: return BR_JSON_NULL;
	}
}

bool br_json_bool(const struct br_json *j)
{
	return br_json_type(j) == BR_JSON_BOOL && json_object_get_boolean(jo(j));
}

double br_json_number(const struct br_json *j)
{
	return br_json_type(j) == BR_JSON_NUMBER ? json_object_get_double(jo(j)) : NAN;
}

const char *br_json_string(const struct br_json *j)
{
	return br_json_type(j) == BR_JSON_STRING ? json_object_get_string(jo(j)) : NULL;
}

size_t br_json_len(const struct br_json *j)
{
	switch (br_json_type(j)) {
	case BR_JSON_STRING: return (size_t)json_object_get_string_len(jo(j));
	case BR_JSON_ARRAY: return json_object_array_length(jo(j));
	case BR_JSON_OBJECT: return (size_t)json_object_object_length(jo(j));
	default: return 0;
	}
}

const struct br_json *br_json_at(const struct br_json *array, size_t i)
{
	if (br_json_type(array) != BR_JSON_ARRAY || i >= json_object_array_length(jo(array)))
		return NULL;
	return bj(json_object_array_get_idx(jo(array), i));
}

const struct br_json *br_json_get(const struct br_json *obj, const char *key)
{
	json_object *v;
	if (br_json_type(obj) != BR_JSON_OBJECT || !json_object_object_get_ex(jo(obj), key, &v))
		return NULL;
	return bj(v);
}

bool br_json_next(const struct br_json *obj, struct br_json_iter *it)
{
	const struct lh_entry *e;
	if (!it->started_) {
		it->started_ = true;
		e = br_json_type(obj) == BR_JSON_OBJECT ? lh_table_head(json_object_get_object(jo(obj))) : NULL;
	} else {
		e = it->next_;
	}
	if (!e) {
		it->key = NULL;
		it->value = NULL;
		return false;
	}
	it->key = (const char *)lh_entry_k(e);
	it->value = bj((json_object *)lh_entry_v(e));
	it->next_ = lh_entry_next(e);
	return true;
}
