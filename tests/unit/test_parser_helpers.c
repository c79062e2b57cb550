/* Unit tests: the parsers' shared prefilter helpers in parser.h — br_has()
 * answers as memmem() does, and so does br_has_at() whichever byte of the
 * needle it looks for first; br_parse_decimal() returns strtod()'s double
 * bit for bit. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "digit_runs.h"
#include "parser.h"

/* A small deterministic generator (no rand(): the same cases everywhere). */
static uint64_t rng = 0x9e3779b97f4a7c15ull;

static unsigned next(unsigned n)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (unsigned)(rng % n);
}

static void has_is_memmem(void **state)
{
	(void)state;
	static const char *const fixed[][2] = {
		{"", ""}, {"abc", ""}, {"", "a"}, {"MB", "MB"}, {"M", "MB"}, {"xMBy", "MB"},
		{"aaab", "aab"}, {"--Block-- -Rewrite-", "--Block--"}, {"-- Block--", "--Block--"},
		{"hdparm", "hdparm"}, {"hdpar", "hdparm"}, {"%CP", "%CP"}, {"%C%CP", "%CP"},
	};
	for (size_t k = 0; k < sizeof fixed / sizeof *fixed; k++) {
		const char *s = fixed[k][0], *n = fixed[k][1];
		assert_int_equal(br_has(s, strlen(s), n, strlen(n)),
				 memmem(s, strlen(s), n, strlen(n)) != NULL);
	}
	/* random strings over a tiny alphabet: many near misses */
	char s[64], n[8];
	for (int round = 0; round < 200000; round++) {
		size_t sl = next(40), nl = 1 + next(5);
		for (size_t i = 0; i < sl; i++)
			s[i] = "ab-\0"[next(4)];
		for (size_t i = 0; i < nl; i++)
			n[i] = "ab-\0"[next(4)];
		assert_int_equal(br_has(s, sl, n, nl), memmem(s, sl, n, nl) != NULL);
		for (size_t k = 0; k < nl; k++)
			assert_int_equal(br_has_at(s, sl, n, nl, k), memmem(s, sl, n, nl) != NULL);
	}
	/* the needle at the very start and end, looked for by its last byte */
	assert_true(br_has_at("onnie", 5, "onnie", 5, 4));
	assert_true(br_has_at("xxonnie", 7, "onnie", 5, 3));
	assert_true(br_has_at("onniexx", 7, "onnie", 5, 3));
	assert_false(br_has_at("onni", 4, "onnie", 5, 3));
	assert_false(br_has_at("xxonnix", 7, "onnie", 5, 3));
}

static void check_decimal(const char *text)
{
	double a = br_parse_decimal(text, strlen(text)), b = strtod(text, NULL);
	if (memcmp(&a, &b, sizeof a) != 0)
		fail_msg("'%s': %.17g, strtod %.17g", text, a, b);
}

static void decimal_is_strtod(void **state)
{
	(void)state;
	static const char *const fixed[] = {
		"0", "00", "0.0", "7", "6618", "179.9", "0.1", "0.3", "39.6", "1.1", "999999999999999",
		"9999999999999999", "123456789012345678901234", "0.000000000000001",
		"1234567.89012345", "12345678.901234567", "4503599627370497", "9007199254740993",
		"2.2250738585072014", "0.30000000000000004", "00000000000000000001.5",
	};
	for (size_t k = 0; k < sizeof fixed / sizeof *fixed; k++)
		check_decimal(fixed[k]);
	/* every shape the parsers pass: digits, maybe a point and more digits */
	char text[40];
	for (int round = 0; round < 300000; round++) {
		size_t n = 1 + next(22), dot = next(3) ? (size_t)-1 : 1 + next((unsigned)n);
		size_t j = 0;
		for (size_t i = 0; i < n; i++) {
			if (i == dot)
				text[j++] = '.';
			text[j++] = (char)('0' + next(10));
		}
		text[j] = '\0';
		check_decimal(text);
	}
}

/* Digit runs counted one byte at a time, the plainest way. */
static int runs_slow(const char *s, size_t n)
{
	int runs = 0;
	bool in = false;
	for (size_t i = 0; i < n; i++) {
		bool d = s[i] >= '0' && s[i] <= '9';
		if (d && !in)
			runs++;
		in = d;
	}
	return runs;
}

/* br_digit_runs() (16 bytes at a time) answers as counting byte by byte,
 * for runs that straddle the 16-byte blocks and the tail, and for bytes
 * >= 0x80 next to the digits (signed compares). */
static void digit_runs_count(void **state)
{
	(void)state;
	static const char alpha[] = {'0', '9', '5', ' ', '.', '/', ':', 'a', (char)0xc2, (char)0xb9};
	char s[80];
	for (int round = 0; round < 300000; round++) {
		size_t n = next(70);
		for (size_t i = 0; i < n; i++)
			s[i] = alpha[next(sizeof alpha)];
		int runs = runs_slow(s, n);
		for (int need = -1; need <= 14; need++) {
			assert_int_equal(br_digit_runs(s, n, need), runs >= need);
			assert_int_equal(br_digit_runs_plain(s, n, need), runs >= need);
		}
	}
	/* one run across the block boundary, and one ending right on it */
	memset(s, 'x', sizeof s);
	memcpy(s + 14, "1234", 4);
	assert_true(br_digit_runs(s, 20, 1));
	assert_false(br_digit_runs(s, 20, 2));
	memcpy(s + 30, "12", 2);
	memcpy(s + 32, "3x4", 3);
	assert_true(br_digit_runs(s, 40, 3));
	assert_false(br_digit_runs(s, 40, 4));
}

/* br_blank_at() (a table) answers as the compares, for every byte, every
 * byte after it, and at the end of the text. */
static void blank_at_is_plain(void **state)
{
	(void)state;
	for (unsigned c = 0; c < 256; c++) {
		char s[2] = {(char)c, 0};
		assert_int_equal(br_blank_at(s, 0, 1), br_blank_at_plain(s, 0, 1));
		for (unsigned d = 0; d < 256; d++) {
			s[1] = (char)d;
			assert_int_equal(br_blank_at(s, 0, 2), br_blank_at_plain(s, 0, 2));
			assert_int_equal(br_blank_at(s, 1, 2), br_blank_at_plain(s, 1, 2));
		}
	}
	assert_int_equal(br_blank_at("\xc2\xa0", 0, 2), 2);
	assert_int_equal(br_blank_at("\xc2\xa0", 0, 1), 0);
	assert_int_equal(br_blank_at("|", 0, 1), 1);
	assert_int_equal(br_blank_at("\n", 0, 1), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(has_is_memmem),
		cmocka_unit_test(decimal_is_strtod),
		cmocka_unit_test(digit_runs_count),
		cmocka_unit_test(blank_at_is_plain),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
