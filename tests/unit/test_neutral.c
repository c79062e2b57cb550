/*
 * Unit tests: the neutraliser (core/neutral.c) — terminal controls, C1
 * controls and bidi overrides from the input never reach a terminal or a
 * text file raw; JSON gets lossless escapes; a stream cut anywhere gives
 * the bytes a whole piece gives.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "neutral.h"

static char *clean(const char *s, enum br_neutral_mode mode)
{
	struct br_buf b = BR_BUF_INIT;
	br_neutral_add(&b, s, strlen(s), mode, false);
	return br_buf_detach(&b);
}

#define FFFD "\xef\xbf\xbd"

static void text_controls_replaced(void **state)
{
	(void)state;
	char *c = clean("box\033]0;OWNED\007 x", BR_NEUTRAL_TEXT);
	assert_string_equal(c, "box" FFFD "]0;OWNED" FFFD " x");
	free(c);
	/* U+202E (RLO), U+009B (CSI), U+2066, U+200F, DEL, a lone CR */
	c = clean("a\xe2\x80\xae" "b\xc2\x9b" "c\xe2\x81\xa6" "d\xe2\x80\x8f" "e\x7f" "f\rg", BR_NEUTRAL_TEXT);
	assert_string_equal(c, "a" FFFD "b" FFFD "c" FFFD "d" FFFD "e" FFFD "f" FFFD "g");
	free(c);
	/* TAB, LF, CRLF and ordinary UTF-8 pass */
	c = clean("R\xc3\xa9sultats\t1\r\n\xe2\x82\xac 2\n", BR_NEUTRAL_TEXT);
	assert_string_equal(c, "R\xc3\xa9sultats\t1\r\n\xe2\x82\xac 2\n");
	free(c);
	/* a byte that is not UTF-8 (a raw 8-bit CSI) */
	c = clean("x\x9by", BR_NEUTRAL_TEXT);
	assert_string_equal(c, "x" FFFD "y");
	free(c);
	assert_false(br_neutral_needed("plain \xc3\xa9 text\r\n", 15));
	assert_true(br_neutral_needed("a\033b", 3));
	assert_true(br_neutral_needed("a\xe2\x80\xae", 4));
}

static void json_escapes_are_lossless(void **state)
{
	(void)state;
	char *c = clean("{\"host\":\"ev\xe2\x80\xaeil\xc2\x9bx\"}\n", BR_NEUTRAL_JSON);
	assert_string_equal(c, "{\"host\":\"ev\\u202eil\\u009bx\"}\n");
	free(c);
}

static void stream_cut_anywhere(void **state)
{
	(void)state;
	const char *in = "a\xe2\x80\xae" "b\xc2\x9b\r\n\xe2\x82\xac" "c\033d\r\n";
	size_t n = strlen(in);
	char *whole = clean(in, BR_NEUTRAL_TEXT);
	for (size_t cut = 0; cut <= n; cut++) {
		struct br_buf b = BR_BUF_INIT, rest = BR_BUF_INIT;
		size_t used = br_neutral_add(&b, in, cut, BR_NEUTRAL_TEXT, true);
		assert_true(used <= cut && cut - used <= 3);
		br_buf_add(&rest, in + used, n - used);
		br_neutral_add(&b, rest.data, rest.len, BR_NEUTRAL_TEXT, false);
		assert_string_equal(br_buf_str(&b), whole);
		br_buf_free(&b);
		br_buf_free(&rest);
	}
	free(whole);
}

/* Every byte value at every place among plain text (where whole runs of
 * eight bytes are passed at once) is treated as it is alone. */
static void each_byte_in_a_run(void **state)
{
	(void)state;
	struct br_buf alone = BR_BUF_INIT, got = BR_BUF_INIT, want = BR_BUF_INIT;
	for (int c = 0; c < 256; c++) {
		char one = (char)c;
		br_buf_reset(&alone);
		br_neutral_add(&alone, &one, 1, BR_NEUTRAL_TEXT, false);
		for (size_t at = 0; at < 24; at++) {
			char line[24];
			memset(line, 'x', sizeof line);
			line[at] = one;
			br_buf_reset(&got);
			br_neutral_add(&got, line, sizeof line, BR_NEUTRAL_TEXT, false);
			br_buf_reset(&want);
			br_buf_add(&want, line, at);
			br_buf_add(&want, alone.data, alone.len);
			br_buf_add(&want, line + at + 1, sizeof line - at - 1);
			assert_int_equal(got.len, want.len);
			assert_memory_equal(got.data, want.data, got.len);
		}
	}
	br_buf_free(&alone);
	br_buf_free(&got);
	br_buf_free(&want);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(text_controls_replaced),
		cmocka_unit_test(json_escapes_are_lossless),
		cmocka_unit_test(stream_cut_anywhere),
		cmocka_unit_test(each_byte_in_a_run),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
