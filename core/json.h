/*
 * json — writing JSON text (strings always valid UTF-8, numbers in their
 * shortest exact form) and reading it back into a small tree (br_json) for
 * the JSON Lines reader and the archive. A br_json tree owns its strings;
 * br_json_free releases it.
 */
#ifndef BR_JSON_H
#define BR_JSON_H

#include <stdbool.h>
#include <stddef.h>

#include "util.h"

/* "…" with escapes; invalid UTF-8 becomes U+FFFD. */
void br_json_add_string(struct br_buf *b, const char *s, size_t n);
void br_json_add_cstr(struct br_buf *b, const char *s); /* NULL → null */
void br_json_add_number(struct br_buf *b, double v);

enum br_json_type { BR_JSON_NULL, BR_JSON_BOOL, BR_JSON_NUMBER, BR_JSON_STRING, BR_JSON_ARRAY, BR_JSON_OBJECT };

struct br_json {
	enum br_json_type type;
	bool boolean;
	double number;
	char *string;           /* STRING: NUL-terminated (embedded NUL → U+FFFD) */
	size_t len;             /* STRING length; ARRAY/OBJECT element count */
	char **keys;            /* OBJECT keys */
	struct br_json **items; /* ARRAY items / OBJECT values */
};

/* Parse exactly one JSON value (surrounding blanks allowed). NULL on error,
 * with a message in *err (static text) and the byte offset in *err_off.
 * Nesting deeper than 256 levels is an error. */
struct br_json *br_json_parse(const char *s, size_t n, const char **err, size_t *err_off);
void br_json_free(struct br_json *j);
/* Object member by key, or NULL. */
const struct br_json *br_json_get(const struct br_json *obj, const char *key);

#endif
