/* Unit tests: the JSON writer (core/json.c: br_json_add_string, which skips
 * plain text 8 bytes at a time, and br_json_add_cstr's one-pass copy of
 * short strings) against a byte-at-a-time model of the same rules, and
 * br_record_to_json's prebuilt key and unit text against the metric table. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "json.h"
#include "metric.h"
#include "record.h"
#include "render.h"

/* The rules, one byte at a time: printable ASCII as it is; quote and
 * backslash escaped; \n \t \r; other controls and DEL as \u00xx; valid
 * UTF-8 copied; any other byte U+FFFD. */
static void model(struct br_buf *b, const char *s, size_t n)
{
	const unsigned char *u = (const unsigned char *)s;
	br_buf_addc(b, '"');
	for (size_t i = 0; i < n;) {
		unsigned char c = u[i];
		if (c == '"' || c == '\\') {
			br_buf_addc(b, '\\');
			br_buf_addc(b, (char)c);
			i++;
		} else if (c == '\n') {
			br_buf_adds(b, "\\n");
			i++;
		} else if (c == '\t') {
			br_buf_adds(b, "\\t");
			i++;
		} else if (c == '\r') {
			br_buf_adds(b, "\\r");
			i++;
		} else if (c < 0x20 || c == 0x7f) {
			br_buf_addf(b, "\\u%04x", c);
			i++;
		} else if (c < 0x80) {
			br_buf_addc(b, (char)c);
			i++;
		} else {
			size_t l = br_utf8_seq_len(u + i, n - i);
			unsigned cp = 0;
			for (size_t k = 0; k < l; k++)
				cp = k ? cp << 6 | (u[i + k] & 0x3f) : u[i] & (0xff >> (l + 1));
			bool harmful = (cp >= 0x80 && cp <= 0x9f) || (cp >= 0x202a && cp <= 0x202e) ||
				       (cp >= 0x2066 && cp <= 0x2069) || cp == 0x200e || cp == 0x200f ||
				       cp == 0x061c;
			if (l && harmful) {
				/* C1 controls, bidi overrides: escaped */
				br_buf_addf(b, "\\u%04x", cp);
				i += l;
			} else if (l) {
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

/* Write s after `prefix` into a fresh buffer and into the model; the
 * results must be the same bytes, NUL-terminated. */
static void same_as_model(const char *prefix, const char *s, size_t n)
{
	struct br_buf got = BR_BUF_INIT, want = BR_BUF_INIT;
	br_buf_adds(&got, prefix);
	br_buf_adds(&want, prefix);
	br_json_add_string(&got, s, n);
	model(&want, s, n);
	assert_int_equal(got.len, want.len);
	assert_memory_equal(got.data, want.data, want.len);
	assert_int_equal(got.data[got.len], '\0');
	br_buf_free(&got);
	br_buf_free(&want);
}

static void every_byte_at_every_place(void **state)
{
	(void)state;
	char s[40];
	for (int c = 0; c < 256; c++)
		for (size_t len = 1; len <= 33; len++)
			for (size_t at = 0; at < len; at++) {
				memset(s, 'a', len);
				s[at] = (char)c;
				same_as_model("", s, len);
			}
	same_as_model("x", "", 0);
	same_as_model("", NULL, 0);
}

/* br_json_add_cstr: a one-pass copy for short plain strings, the full
 * writer for the rest; both must give the model's bytes. */
static void cstr_short_and_long(void **state)
{
	(void)state;
	char s[80];
	static const unsigned char odd[] = {'"', '\\', '\n', 0x01, 0x7f, 0xc3, 0xff, 'z'};
	for (size_t len = 0; len < 70; len++)
		for (size_t k = 0; k < sizeof odd; k++)
			for (size_t at = 0; at <= len; at++) {
				memset(s, 'm', len);
				s[len] = '\0';
				if (at < len)
					s[at] = (char)odd[k];
				struct br_buf got = BR_BUF_INIT, want = BR_BUF_INIT;
				br_buf_adds(&got, "k:");
				br_buf_adds(&want, "k:");
				br_json_add_cstr(&got, s);
				model(&want, s, len);
				assert_string_equal(got.data, want.data);
				assert_int_equal(got.len, want.len);
				br_buf_free(&got);
				br_buf_free(&want);
			}
	struct br_buf b = BR_BUF_INIT;
	br_json_add_cstr(&b, NULL);
	assert_string_equal(b.data, "null");
	br_buf_free(&b);
}

static void utf8_sequences_and_their_breaks(void **state)
{
	(void)state;
	static const char *const cases[] = {
		"caf\xc3\xa9 au lait, pr\xc3\xaa t \xe2\x82\xac 5",        /* valid 2 and 3 bytes */
		"\xf0\x9f\x92\xbe disk \xf0\x9f\x92\xbe",                    /* 4 bytes */
		"abcdefg\xc3",                                               /* cut at the end */
		"abcdefg\xe2\x82",                                           /* cut at the end */
		"abcdef\xc3\xa9xyz",                                         /* across a word */
		"\xc0\xaf overlong, \xed\xa0\x80 surrogate, \xf5\x80\x80\x80", /* invalid */
		"\xff\xfe\x80\x80 latin-1 \xe9t\xe9",                        /* stray bytes */
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
		for (size_t cut = 0; cut <= strlen(cases[i]); cut++)
			same_as_model("", cases[i], cut);
}

/* Hostile text (all escapes: 6 output bytes per byte) into buffers of every
 * small starting size, so that the regrowth in the middle of a string runs. */
static void escapes_grow_the_buffer(void **state)
{
	(void)state;
	uint32_t x = 12345;
	char s[300];
	for (int round = 0; round < 400; round++) {
		size_t n = (size_t)(round % 97) + (round > 200 ? 150 : 0);
		for (size_t i = 0; i < n; i++) {
			x = x * 1103515245u + 12345u;
			unsigned r = (x >> 16) & 0xff;
			/* mostly controls, some plain runs and UTF-8 lead bytes */
			s[i] = (char)(round % 3 == 0 ? r : round % 3 == 1 ? r % 0x20 : (r & 1 ? 'p' : 0x01));
		}
		char prefix[64];
		memset(prefix, 'q', sizeof prefix);
		prefix[round % 63] = '\0';
		same_as_model(prefix, s, n);
	}
}

/* What a terminal would obey (C1 controls, bidi overrides) is escaped, the
 * rest of UTF-8 kept as it is. */
static void terminal_controls_escaped(void **state)
{
	(void)state;
	struct br_buf b = BR_BUF_INIT;
	br_json_add_cstr(&b, "a\xc2\x9b" "b\xe2\x80\xae" "c\xe2\x81\xa6" "d\xc3\xa9\xe2\x80\x94");
	assert_string_equal(br_buf_str(&b), "\"a\\u009bb\\u202ec\\u2066d\xc3\xa9\xe2\x80\x94\"");
	br_buf_free(&b);
}

/* Every metric's member comes out keyed by the table's name, with the
 * table's unit. */
static void metric_members_use_the_table(void **state)
{
	(void)state;
	struct br_record *r = br_record_new(BR_TOOL_BONNIEPP);
	for (int i = 0; i < BR_METRIC_COUNT; i++)
		br_record_set(r, i, 1000 + i, NULL);
	struct br_buf b = BR_BUF_INIT;
	br_record_to_json(r, &b);
	assert_int_equal(strlen(b.data), b.len);
	const char *p = strstr(b.data, "\"metrics\":{");
	assert_non_null(p);
	p += strlen("\"metrics\":{");
	for (int i = 0; i < BR_METRIC_COUNT; i++) {
		char want[128];
		snprintf(want, sizeof want, "%s\"%s\":{\"value\":%d,\"unit\":\"%s\"}", i ? "," : "",
			 br_metric(i)->name, 1000 + i, br_unit_name(br_metric(i)->unit));
		assert_memory_equal(p, want, strlen(want));
		p += strlen(want);
	}
	assert_string_equal(p, "}}");
	br_buf_free(&b);
	br_record_free(r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(every_byte_at_every_place),
		cmocka_unit_test(cstr_short_and_long),
		cmocka_unit_test(utf8_sequences_and_their_breaks),
		cmocka_unit_test(escapes_grow_the_buffer),
		cmocka_unit_test(terminal_controls_escaped),
		cmocka_unit_test(metric_members_use_the_table),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
