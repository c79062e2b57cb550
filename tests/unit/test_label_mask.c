/* Unit tests: label.c's pair prefilter (text_mask, sixteen pairs at a time
 * with SSE2) against the plain one-pair-at-a-time loop, and may_hold()
 * against a search of the text, contains_ci (first bytes sixteen at a
 * time) and count_line (blanks and commas sixteen at a time) against
 * plain loops. label.c is compiled into this test, so
 * that its static helpers can be called; the library's label.o is then
 * not linked. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "label.c"

static void mask_as_plain_loop(void **state)
{
	(void)state;
	unsigned seed = 7;
	for (int round = 0; round < 20000; round++) {
		char s[80];
		size_t n = (size_t)(round % 79);
		for (size_t i = 0; i < n; i++) {
			seed = seed * 1103515245u + 12345u;
			s[i] = (char)(seed >> 16); /* every byte value, upper and lower case */
		}
		struct tmask t;
		text_mask(&t, s, n);
		unsigned char want[256] = {0};
		for (size_t i = 1; i < n; i++)
			want[pair_hash((unsigned char)s[i - 1], (unsigned char)s[i])] = 1;
		assert_memory_equal(t.seen, want, sizeof want);
	}
}

/* Every word in the text may be there; case does not matter. */
static void may_hold_words_in_text(void **state)
{
	(void)state;
	static const char text[] = "Sequential Output --Per Chr- --Block-- -Rewrite- K/sec %CP";
	struct tmask t;
	text_mask(&t, text, strlen(text));
	static const char *const in[] = {"sequential output", "per chr", "k/sec", "%cp", "-rewrite",
					 "--block"};
	for (size_t i = 0; i < BR_ARRAY_LEN(in); i++)
		assert_true(may_hold(&t, in[i]));
	assert_false(may_hold(&t, "random "));
	assert_false(may_hold(&t, "seconds ="));
}

/* contains_ci() as a plain loop over every place. */
static bool contains_ci_plain(const char *s, size_t n, const char *w)
{
	size_t m = strlen(w);
	for (size_t i = 0; i + m <= n; i++) {
		size_t k = 0;
		while (k < m && lower((unsigned char)s[i + k]) == w[k])
			k++;
		if (k == m)
			return true;
	}
	return false;
}

static void contains_ci_as_plain_loop(void **state)
{
	(void)state;
	static const char alphabet[] = "sSeEqQ -/kK%@cC\xc3\xa9Zz";
	static const char *const words[] = {"seq", "s", "k/sec", "%c", "@", "e", "sequential ",
					    "Seq", "\xc3\xa9", "zz", "", "q-"};
	unsigned seed = 99;
	for (int round = 0; round < 20000; round++) {
		char s[80];
		size_t n = (size_t)(round % 79);
		for (size_t i = 0; i < n; i++) {
			seed = seed * 1103515245u + 12345u;
			s[i] = alphabet[(seed >> 16) % (sizeof alphabet - 1)];
		}
		for (size_t k = 0; k < BR_ARRAY_LEN(words); k++)
			assert_int_equal(contains_ci(s, n, words[k]), contains_ci_plain(s, n, words[k]));
	}
}

/* command_word() looks at cmds only when the line starts with a byte of
 * cmd_starts: the two lists must agree. */
static void cmd_starts_as_cmds(void **state)
{
	(void)state;
	for (size_t k = 0; k < BR_ARRAY_LEN(cmds); k++)
		assert_non_null(memchr(cmd_starts, cmds[k][0], sizeof cmd_starts - 1));
	for (size_t c = 0; c + 1 < sizeof cmd_starts; c++) {
		bool used = false;
		for (size_t k = 0; k < BR_ARRAY_LEN(cmds); k++)
			used |= cmds[k][0] == cmd_starts[c];
		assert_true(used);
	}
	assert_true(command_word("mkfs.xfs -f /dev/sdb1", 21));
	assert_true(command_word("# hdparm -t /dev/sda", 20));
	assert_false(command_word("Make sure", 9));
}

/* result_line()'s counts as it made them before count_line(): a token at
 * a time, numeric_token() given the token's length, commas by memchr. */
static bool numeric_token_plain(const char *t, size_t n)
{
	size_t i = 0;
	while (i < n && (t[i] == '*' || t[i] == '(' || t[i] == '-'))
		i++;
	if (i < n && t[i] == '+') {
		while (i < n && t[i] == '+')
			i++;
		return i == n || t[i] == ',';
	}
	return i < n && (is_digit((unsigned char)t[i]) || (t[i] == '.' && i + 1 < n && is_digit((unsigned char)t[i + 1])));
}

static void count_line_plain(const char *s, size_t n, struct line_counts *c)
{
	memset(c, 0, sizeof *c);
	for (size_t i = 0; i < n;) {
		if (is_blankc(s[i])) {
			c->spaces++;
			i++;
			continue;
		}
		size_t j = i;
		while (j < n && !is_blankc(s[j]))
			j++;
		c->tok++;
		c->num += numeric_token_plain(s + i, j - i);
		i = j;
	}
	for (const char *p = memchr(s, ',', n); p; p = memchr(p + 1, ',', n - (size_t)(p + 1 - s)))
		c->commas++;
}

static void count_line_as_plain_loop(void **state)
{
	(void)state;
	static const char alphabet[] = "  \t,+*(-.1a9";
	static char s[5000]; /* over 255 blocks of 16 */
	unsigned seed = 3;
	for (int round = 0; round < 6000; round++) {
		size_t n = round % 500 == 0 ? sizeof s : (size_t)(round % 97);
		for (size_t i = 0; i < n; i++) {
			seed = seed * 1103515245u + 12345u;
			s[i] = alphabet[(seed >> 16) % (sizeof alphabet - 1)];
		}
		if (round % 1000 == 0) /* a byte lane counts to 255 at most */
			memset(s, round % 2000 ? ',' : ' ', sizeof s);
		struct line_counts got, want;
		count_line(s, n, &got);
		count_line_plain(s, n, &want);
		assert_int_equal(got.tok, want.tok);
		assert_int_equal(got.num, want.num);
		assert_int_equal(got.commas, want.commas);
		assert_int_equal(got.spaces, want.spaces);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(mask_as_plain_loop),
		cmocka_unit_test(may_hold_words_in_text),
		cmocka_unit_test(contains_ci_as_plain_loop),
		cmocka_unit_test(cmd_starts_as_cmds),
		cmocka_unit_test(count_line_as_plain_loop),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
