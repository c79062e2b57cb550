/* Unit tests: loading documents with odd bytes; original line numbers. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "doc.h"
#include "json.h"
#include "util.h"

static void line_endings_and_numbers(void **state)
{
	(void)state;
	static const char in[] = "\xef\xbb\xbf" "one\r\ntwo\rthree\nfour";
	struct br_doc *d = br_doc_from_mem("t", in, sizeof in - 1);
	assert_int_equal(d->nphys, 4);
	assert_int_equal(d->nlines, 4);
	assert_string_equal(d->lines[0].text, "one");
	assert_string_equal(d->lines[1].text, "two");
	assert_string_equal(d->lines[2].text, "three");
	assert_string_equal(d->lines[3].text, "four");
	assert_int_equal(d->lines[3].line, 4);
	char *ex = br_doc_excerpt(d, 2, 3);
	assert_string_equal(ex, "two\nthree");
	free(ex);
	br_doc_free(d);
}

static void final_newline_adds_no_line(void **state)
{
	(void)state;
	struct br_doc *d = br_doc_from_mem("t", "a\nb\n", 4);
	assert_int_equal(d->nlines, 2);
	br_doc_free(d);
	d = br_doc_from_mem("t", "", 0);
	assert_int_equal(d->nlines, 0);
	br_doc_free(d);
	d = br_doc_from_mem("t", "\n\n", 2);
	assert_int_equal(d->nlines, 2);
	br_doc_free(d);
}

static void nul_and_invalid_utf8(void **state)
{
	(void)state;
	static const char in[] = "a\0b\n\xff\xfe ok\n";
	struct br_doc *d = br_doc_from_mem("t", in, sizeof in - 1);
	assert_int_equal(d->nlines, 2);
	assert_int_equal(d->lines[0].len, 3); /* NUL kept as a visible byte */
	assert_int_equal(strlen(d->lines[0].text), 3);
	char *ex = br_doc_excerpt(d, 1, 2);
	assert_true(br_utf8_valid(ex, strlen(ex)));
	free(ex);
	br_doc_free(d);
}

/* Excerpts are the original lines joined by LF, with CR/CRLF endings,
 * control bytes and invalid UTF-8 handled; plain LF text is copied as is. */
static void excerpts(void **state)
{
	(void)state;
	static const char in[] = "alpha beta\n\tgamma\n\ndelta\r\nep\x01s\n\xc3\xa9t\xe9\nlast";
	struct br_doc *d = br_doc_from_mem("t", in, sizeof in - 1);
	assert_int_equal(d->nphys, 7);
	static const struct {
		unsigned first, last;
		const char *want;
	} cases[] = {
		{1, 1, "alpha beta"},
		{1, 3, "alpha beta\n\tgamma\n"},
		{2, 3, "\tgamma\n"},
		{3, 3, ""},
		{3, 5, "\ndelta\nep\xef\xbf\xbds"},     /* CRLF; a control byte */
		{4, 4, "delta"},
		{6, 7, "\xc3\xa9t\xef\xbf\xbd\nlast"}, /* valid UTF-8 kept, Latin-1 not */
		{7, 9, "last"},
		{0, 1, "alpha beta"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char *ex = br_doc_excerpt(d, cases[i].first, cases[i].last);
		assert_string_equal(ex, cases[i].want);
		free(ex);
	}
	br_doc_free(d);
}

static void binary_is_flagged(void **state)
{
	(void)state;
	char junk[4096];
	for (size_t i = 0; i < sizeof junk; i++)
		junk[i] = (char)(i * 7 % 32);
	struct br_doc *d = br_doc_from_mem("t", junk, sizeof junk);
	assert_true(d->binary);
	br_doc_free(d);
}

static void json_round_trip(void **state)
{
	(void)state;
	struct br_buf b = BR_BUF_INIT;
	br_buf_adds(&b, "{\"a\":");
	br_json_add_string(&b, "x\"\\\n\xff", 5);
	br_buf_adds(&b, ",\"n\":");
	br_json_add_number(&b, 1323.1);
	br_buf_adds(&b, ",\"l\":[1,null,true]}");
	const char *err = NULL;
	size_t off;
	struct br_json *j = br_json_parse(b.data, b.len, &err, &off);
	assert_non_null(j);
	assert_string_equal(br_json_get(j, "a")->string, "x\"\\\n\xef\xbf\xbd");
	assert_true(br_json_get(j, "n")->number == 1323.1);
	assert_int_equal(br_json_get(j, "l")->len, 3);
	br_json_free(j);
	assert_null(br_json_parse("{\"a\":", 5, &err, &off));
	assert_non_null(err);
	br_buf_free(&b);
	char deep[600];
	memset(deep, '[', sizeof deep);
	assert_null(br_json_parse(deep, sizeof deep, &err, &off));
}

static void add_piece(void *arg, const char *p, size_t n)
{
	br_buf_add(arg, p, n);
}

/* Lines point into the document's bytes, ended by NULs written over their
 * terminators: each line must still read as its bytes (NUL as '?'), the
 * excerpts as the plain per-line copy gives them, and br_doc_bytes() must
 * give back every byte as read, whatever ends the lines. */
static void lines_in_place(void **state)
{
	(void)state;
	static const char alphabet[] = {'a', 'b', ' ', ',', '\n', '\n', '\r', '\0', '\xc3', '\xa9',
					'\x01', '\x1b', '\x0c', '\x7f'}; /* no TAB: decoding expands it */
	unsigned seed = 12345;
	for (int round = 0; round < 3000; round++) {
		char in[200];
		/* short lines or long ones (the split looks at 16 bytes at a time) */
		size_t n = (size_t)(round % 61) * (round % 3 == 0 ? 3 : 1), plain = (size_t)round % 4;
		for (size_t i = 0; i < n; i++) {
			seed = seed * 1103515245u + 12345u;
			size_t c = (seed >> 16) % (plain ? 4 : sizeof alphabet);
			in[i] = alphabet[seed >> 28 == 0 ? (seed >> 16) % sizeof alphabet : c];
		}
		if (round % 7 == 0 && n >= 3)
			memcpy(in, "\xef\xbb\xbf", 3);
		struct br_doc *d = br_doc_from_mem("t", in, n);
		struct br_buf got = BR_BUF_INIT;
		br_doc_bytes(d, add_piece, &got);
		assert_int_equal(got.len, n);
		assert_memory_equal(got.data, in, n);
		br_buf_free(&got);
		/* the physical lines as a plain byte loop finds them */
		size_t start = n >= 3 && memcmp(in, "\xef\xbb\xbf", 3) == 0 ? 3 : 0, np = 0;
		while (start < n) {
			size_t end = start;
			while (end < n && in[end] != '\n' && in[end] != '\r')
				end++;
			assert_true(np < d->nphys);
			assert_int_equal(d->phys[np], start);
			assert_int_equal(br_doc_phys_len(d, np), end - start);
			np++;
			start = end + 1 + (end + 1 < n && in[end] == '\r' && in[end + 1] == '\n');
		}
		assert_int_equal(d->nphys, np);
		/* binary: 16 or more control bytes, over 5 % of them (not TAB, FF,
		 * ESC, nor LF and CR, which end lines) */
		size_t ctl = 0;
		for (size_t i = 0; i < n; i++) {
			unsigned char c = (unsigned char)in[i];
			ctl += c < 0x20 && c != '\t' && c != '\n' && c != '\r' && c != '\f' && c != 0x1b;
		}
		assert_int_equal(d->binary, ctl >= 16 && ctl * 20 > n);
		if (d->binary) {
			br_doc_free(d);
			continue;
		}
		assert_int_equal(d->nlines, d->nphys);
		for (size_t i = 0; i < d->nphys; i++) {
			const struct br_line *l = &d->lines[i];
			assert_int_equal(l->len, br_doc_phys_len(d, i));
			assert_int_equal(strlen(l->text), l->len);
			for (size_t k = 0; k < l->len; k++) {
				char c = in[d->phys[i] + k];
				assert_int_equal(l->text[k], c ? c : '?');
			}
			assert_int_equal(l->line, i + 1);
		}
		for (unsigned a = 1; a <= d->nphys; a++) {
			struct br_buf want = BR_BUF_INIT;
			for (unsigned i = a; i <= d->nphys; i++) {
				br_buf_add_utf8(&want, in + d->phys[i - 1], br_doc_phys_len(d, i - 1));
				if (i < d->nphys)
					br_buf_addc(&want, '\n');
			}
			char *ex = br_doc_excerpt(d, a, (unsigned)d->nphys);
			assert_string_equal(ex, br_buf_str(&want));
			free(ex);
			br_buf_free(&want);
		}
		br_doc_free(d);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(line_endings_and_numbers),
		cmocka_unit_test(final_newline_adds_no_line),
		cmocka_unit_test(nul_and_invalid_utf8),
		cmocka_unit_test(excerpts),
		cmocka_unit_test(binary_is_flagged),
		cmocka_unit_test(lines_in_place),
		cmocka_unit_test(json_round_trip),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
