/* Unit tests: core/util.c's word-wrapper (br_buf_add_wrapped) and UTF-8
 * column count (br_u8_columns), which the text and Markdown outputs share. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "util.h"

static char *wrap(const char *text, size_t indent, size_t width)
{
	struct br_buf b = BR_BUF_INIT;
	br_buf_add_wrapped(&b, text, indent, width);
	return br_buf_detach(&b);
}

static void lines_break_between_words(void **state)
{
	(void)state;
	char *s = wrap("one two three four five", 0, 10);
	assert_string_equal(s, "one two\nthree four\nfive\n");
	free(s);
	/* continuation lines indented, the first line's own blanks kept */
	s = wrap("  x: alpha beta gamma delta", 4, 14);
	assert_string_equal(s, "  x: alpha\n    beta gamma\n    delta\n");
	free(s);
	/* runs of blanks between words become one; no trailing blanks */
	s = wrap("a   b    c   ", 0, 80);
	assert_string_equal(s, "a b c\n");
	free(s);
}

static void long_words_stand_alone(void **state)
{
	(void)state;
	char *s = wrap("short averyveryverylongword end", 2, 8);
	assert_string_equal(s, "short\n  averyveryverylongword\n  end\n");
	free(s);
	s = wrap("", 0, 10);
	assert_string_equal(s, "");
	free(s);
}

static void widths_count_code_points(void **state)
{
	(void)state;
	assert_int_equal(br_u8_columns("abc"), 3);
	assert_int_equal(br_u8_columns("\xc2\xb1" "1.5 \xc2\xb5s"), 7); /* ±1.5 µs */
	assert_int_equal(br_u8_columns(""), 0);
	/* "→" is one column: the line breaks by columns, not bytes */
	char *s = wrap("a \xe2\x86\x92 b \xe2\x86\x92 c", 0, 5);
	assert_string_equal(s, "a \xe2\x86\x92 b\n\xe2\x86\x92 c\n");
	free(s);
	/* East Asian wide characters take two columns: "系统盘" is 6, the
	 * full-width "（" 2, a Hangul syllable 2, a CJK extension B one (4
	 * bytes) 2; Cyrillic one each; a cut sequence one */
	assert_int_equal(br_u8_columns("\xe7\xb3\xbb\xe7\xbb\x9f\xe7\x9b\x98"), 6);
	assert_int_equal(br_u8_columns("\xef\xbc\x88SSD"), 5);
	assert_int_equal(br_u8_columns("\xed\x95\x9c"), 2);
	assert_int_equal(br_u8_columns("\xf0\xa0\x80\x80x"), 3);
	assert_int_equal(br_u8_columns("\xd0\xa1\xd0\xb5"), 2);
	assert_int_equal(br_u8_width("\xe7\xb3", 2), 1);
	s = wrap("\xe7\xb3\xbb\xe7\xbb\x9f \xe7\x9b\x98", 0, 5);
	assert_string_equal(s, "\xe7\xb3\xbb\xe7\xbb\x9f\n\xe7\x9b\x98\n");
	free(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(lines_break_between_words),
		cmocka_unit_test(long_words_stand_alone),
		cmocka_unit_test(widths_count_code_points),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
