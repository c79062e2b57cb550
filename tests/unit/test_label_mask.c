/* Unit tests: label.c's pair prefilter (text_mask, sixteen pairs at a time
 * with SSE2) against the plain one-pair-at-a-time loop, and may_hold()
 * against a search of the text, contains_ci (first bytes sixteen at a
 * time) and count_line (blanks and commas sixteen at a time) against
 * plain loops; the memo of line answers against plain calls, add_text()
 * against a byte-at-a-time buffer. label.c is compiled into this test, so
 * that its static helpers can be called; the library's label.o is then
 * not linked. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "label.c"
#include "parser.h"

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

/* memo_test() gives what the function it keeps gives, for lines seen
 * before at other places, for different lines of the same length, and
 * when lines clash in a slot (a table of two slots here). */
static void memo_as_plain_calls(void **state)
{
	(void)state;
	static const char *const bits[] = {
		"K/sec", "%CP", "--Block--", "-Per Chr-", "Sequential Output", "1234", "56.7", " ",
		"  ", "wrote:", "Here are the results", "hdparm -t /dev/sda", "RAID 5", "files:max",
		"seconds =", "mkfs.xfs", ",", ",,,,,", "Random Create", "the", "Code",
	};
	bool (*const fns[])(const char *, size_t) = {result_line, generic_intro, command_line};
	static char text[64][120]; /* lines at places of their own */
	unsigned seed = 11;
	for (size_t f = 0; f < BR_ARRAY_LEN(fns); f++) {
		for (size_t slots = 2; slots <= 64; slots *= 32) {
			struct memo m;
			memo_init(&m, 0, fns[f]);
			m.mask = slots - 1;
			for (int round = 0; round < 4000; round++) {
				char *s = text[round % 64];
				size_t n = 0;
				if (round % 3 == 2) {
					/* a copy of an earlier line, elsewhere */
					const char *from = text[(round + 17) % 64];
					n = strlen(from);
					memmove(s, from, n + 1);
				} else {
					for (int k = 0; k < 5; k++) {
						seed = seed * 1103515245u + 12345u;
						const char *b = bits[(seed >> 16) % BR_ARRAY_LEN(bits)];
						if (n + strlen(b) >= sizeof text[0])
							break;
						memcpy(s + n, b, strlen(b));
						n += strlen(b);
					}
					if (round % 3 == 1 && n)
						s[(seed >> 8) % n] ^= 1; /* the same length, a byte apart */
					s[n] = '\0';
				}
				/* as classify_line() gives them: without blanks around */
				const char *t = s;
				while (n && is_blankc(*t))
					t++, n--;
				while (n && is_blankc(t[n - 1]))
					n--;
				if (!n)
					continue;
				assert_int_equal(memo_test(&m, t, n), fns[f](t, n));
				assert_int_equal(memo_test(&m, t, n), fns[f](t, n)); /* from the memo */
			}
			memo_free(&m);
		}
	}
}

/* add_text() as it was before it stored into room made first: a
 * br_buf_addc() a byte. */
static size_t add_text_plain(struct br_buf *b, const char *s, size_t n)
{
	for (;;) {
		while (n && (is_blankc(*s) || *s == '#' || *s == '*' || *s == '-' || *s == '+' ||
			     *s == '=' || *s == '_' || *s == '~'))
			s++, n--;
		if (n >= 3 && (unsigned char)s[0] == 0xe2 && (unsigned char)s[1] == 0x80 &&
		    (unsigned char)s[2] == 0xa2) {
			s += 3;
			n -= 3;
			continue;
		}
		break;
	}
	while (n && (is_blankc(s[n - 1]) || s[n - 1] == ':' || s[n - 1] == '.' || s[n - 1] == '#' ||
		     s[n - 1] == '*' || s[n - 1] == '=' || s[n - 1] == '_' || s[n - 1] == '~' ||
		     (s[n - 1] == '-' && n >= 2 && (is_blankc(s[n - 2]) || s[n - 2] == '-'))))
		n--;
	size_t start = b->len;
	bool sp = false, cut = false;
	size_t chars = 0, last_break = 0;
	for (size_t i = 0; i < n; i++) {
		char c = s[i];
		if (is_blankc(c)) {
			sp = true;
			continue;
		}
		if (sp) {
			if (chars >= MAX_TEXT) {
				cut = true;
				break;
			}
			last_break = b->len;
			br_buf_addc(b, ' ');
			chars++;
			sp = false;
		}
		if (((unsigned char)c & 0xc0) != 0x80) {
			if (chars >= MAX_TEXT + 8) {
				cut = true;
				break;
			}
			chars++;
		}
		br_buf_addc(b, c);
	}
	if (cut) {
		if (last_break > start)
			b->len = last_break;
		while (b->len > start && (b->data[b->len - 1] == ',' || b->data[b->len - 1] == ' '))
			b->len--;
		b->data[b->len] = '\0';
		br_buf_adds(b, "\xe2\x80\xa6");
	}
	return b->len - start;
}

static void add_text_as_plain(void **state)
{
	(void)state;
	static const char alphabet[] = "  \tab,#-:.=\xc3\xa9\xe2\x80\xa2xyz";
	struct br_label_outline o = {0};
	struct br_buf want = BR_BUF_INIT;
	unsigned seed = 5;
	for (int round = 0; round < 5000; round++) {
		char s[300];
		size_t n = (size_t)(round % 7 == 0 ? 299 : round % 131);
		for (size_t i = 0; i < n; i++) {
			seed = seed * 1103515245u + 12345u;
			s[i] = alphabet[(seed >> 16) % (sizeof alphabet - 1)];
		}
		size_t got = add_text(&o, s, n);
		size_t exp = add_text_plain(&want, s, n);
		assert_int_equal(got, exp);
		assert_int_equal(o.text.len, want.len);
		assert_memory_equal(o.text.data, want.data, want.len + 1);
	}
	br_buf_free(&o.text);
	br_buf_free(&want);
}

int main(void)
{
	br_parsers_init(); /* the tools' words for decoding and labels */
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(mask_as_plain_loop),
		cmocka_unit_test(may_hold_words_in_text),
		cmocka_unit_test(contains_ci_as_plain_loop),
		cmocka_unit_test(cmd_starts_as_cmds),
		cmocka_unit_test(count_line_as_plain_loop),
		cmocka_unit_test(memo_as_plain_calls),
		cmocka_unit_test(add_text_as_plain),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
