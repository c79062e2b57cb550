/* fuzz_json — core/json.c and the JSON Lines record reader. The input is
 * read as one JSON value (br_json_parse); what it reads is written back with
 * br_json_add_* and must read back to the same text (the writer's output is
 * a fixed point of read+write). An object is then given to br_jsonl_record
 * (parsers/jsonl.c); a record it accepts is written as its JSON line
 * (br_record_to_json), which must read back to the same record. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "jsonl.h"
#include "record.h"
#include "render.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void write_json(const struct br_json *j, struct br_buf *b)
{
	switch (br_json_type(j)) {
	case BR_JSON_NULL:
		br_buf_adds(b, "null");
		break;
	case BR_JSON_BOOL:
		br_buf_adds(b, br_json_bool(j) ? "true" : "false");
		break;
	case BR_JSON_NUMBER:
		br_json_add_number(b, br_json_number(j));
		break;
	case BR_JSON_STRING: {
		const char *s = br_json_string(j);
		size_t n = br_json_len(j);
		if (strlen(s) != n || !br_utf8_valid(s, n))
			abort(); /* json.h: strings are valid UTF-8 without NUL */
		br_json_add_string(b, s, n);
		break;
	}
	case BR_JSON_ARRAY:
		br_buf_addc(b, '[');
		for (size_t i = 0; i < br_json_len(j); i++) {
			if (i)
				br_buf_addc(b, ',');
			write_json(br_json_at(j, i), b);
		}
		br_buf_addc(b, ']');
		break;
	case BR_JSON_OBJECT: {
		br_buf_addc(b, '{');
		struct br_json_iter it = BR_JSON_ITER_INIT;
		for (size_t i = 0; br_json_next(j, &it); i++) {
			if (i)
				br_buf_addc(b, ',');
			br_json_add_cstr(b, it.key);
			br_buf_addc(b, ':');
			write_json(it.value, b);
		}
		br_buf_addc(b, '}');
		break;
	}
	}
}

static void ignore(void *arg, const char *msg)
{
	(void)arg;
	if (!msg || !*msg)
		abort();
}

static void same_text(const struct br_buf *a, const struct br_buf *b)
{
	if (a->len != b->len || memcmp(br_buf_str(a), br_buf_str(b), a->len) != 0)
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *err = NULL;
	size_t off = 0;
	struct br_json *j = br_json_parse((const char *)data, size, &err, &off);
	if (!j) {
		if (!err || off > size)
			abort();
		return 0;
	}
	struct br_buf one = BR_BUF_INIT, two = BR_BUF_INIT;
	write_json(j, &one);
	struct br_json *k = br_json_parse(one.data, one.len, NULL, NULL);
	if (!k)
		abort();
	write_json(k, &two);
	same_text(&one, &two);
	br_json_free(k);

	struct br_record *r = br_json_type(j) == BR_JSON_OBJECT ? br_jsonl_record(j, ignore, NULL) : NULL;
	if (r) {
		struct br_buf a = BR_BUF_INIT, b = BR_BUF_INIT;
		br_record_to_json(r, &a);
		struct br_json *ja = br_json_parse(a.data, a.len, NULL, NULL);
		struct br_record *r2 = ja ? br_jsonl_record(ja, ignore, NULL) : NULL;
		if (!r2)
			abort();
		br_record_to_json(r2, &b);
		same_text(&a, &b);
		br_record_free(r2);
		br_json_free(ja);
		br_buf_free(&a);
		br_buf_free(&b);
		br_record_free(r);
	}
	br_buf_free(&one);
	br_buf_free(&two);
	br_json_free(j);
	return 0;
}
