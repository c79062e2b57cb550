/*
 * json — writing JSON text (strings always valid UTF-8, numbers in their
 * shortest exact form) and reading it back (through json-c) for the JSON
 * Lines reader and the archive. A parsed br_json owns its strings;
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

/*
 * Reading is json-c's (json_tokener, strict mode). json-c rather than
 * jansson: on 100,000 JSON Lines records of bonnie++ figures it parsed in
 * 2.3 s where jansson took 3.3 s (the hand-written reader it replaces:
 * 1.9 s), its nesting limit is set per reader (256 here, as before), and it
 * leaves invalid UTF-8 in strings for us to replace (jansson refuses the
 * whole text), so a damaged host name costs one character, not the record.
 *
 * A parsed value is a struct br_json, read through the functions below and
 * freed with br_json_free; json-c's types stay in core/json.c. Strings are
 * valid UTF-8 without NUL or control characters other than TAB and LF
 * (anything else, `\u0000` and lone surrogates included, becomes U+FFFD).
 * Numbers are finite doubles: NaN, Infinity, a number out of the double
 * range and an integer out of the 64-bit range are errors, never a
 * different number. Duplicate keys: the last one counts.
 */
struct br_json;

/* A reader keeps json-c's tokener between values (a JSON Lines file parses
 * many); one per caller, never shared between threads. */
struct br_json_reader;
struct br_json_reader *br_json_reader_new(void);
void br_json_reader_free(struct br_json_reader *rd);

/* Parse exactly one JSON value (surrounding blanks allowed). NULL on error,
 * with a message in *err (static text) and the byte offset in *err_off.
 * Nesting deeper than 256 levels is an error. */
struct br_json *br_json_reader_parse(struct br_json_reader *rd, const char *s, size_t n,
				     const char **err, size_t *err_off);
/* The same with a reader of its own, for a single value. */
struct br_json *br_json_parse(const char *s, size_t n, const char **err, size_t *err_off);
void br_json_free(struct br_json *j);

/* Accessors; each takes a value of the right type (br_json_type first).
 * br_json_type(NULL) is BR_JSON_NULL, so an absent member reads as null;
 * a member whose value is null is not NULL (br_json_get tells them apart). */
enum br_json_type br_json_type(const struct br_json *j);
bool br_json_bool(const struct br_json *j);
double br_json_number(const struct br_json *j);
const char *br_json_string(const struct br_json *j); /* NUL-terminated */
size_t br_json_len(const struct br_json *j);         /* string bytes, array items, object members */
const struct br_json *br_json_at(const struct br_json *array, size_t i);
/* Object member by key, or NULL. */
const struct br_json *br_json_get(const struct br_json *obj, const char *key);

/* An object's members in their order:
 *   struct br_json_iter it = BR_JSON_ITER_INIT;
 *   while (br_json_next(obj, &it)) use(it.key, it.value); */
struct br_json_iter {
	const char *key;
	const struct br_json *value;
	const void *next_;
	bool started_;
};
#define BR_JSON_ITER_INIT {NULL, NULL, NULL, false}
bool br_json_next(const struct br_json *obj, struct br_json_iter *it);

#endif
