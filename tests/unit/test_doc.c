/* Unit tests: loading documents with odd bytes; original line numbers. */
#include <ctype.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <math.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "doc.h"
#include "json.h"
#include "util.h"
#include "parser.h"

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
	assert_string_equal(br_json_string(br_json_get(j, "a")), "x\"\\\n\xef\xbf\xbd");
	assert_true(br_json_number(br_json_get(j, "n")) == 1323.1);
	assert_int_equal(br_json_len(br_json_get(j, "l")), 3);
	br_json_free(j);
	assert_null(br_json_parse("{\"a\":", 5, &err, &off));
	assert_non_null(err);
	br_buf_free(&b);
	char deep[600];
	memset(deep, '[', sizeof deep);
	assert_null(br_json_parse(deep, sizeof deep, &err, &off));
}

/* What bad JSON gets: an error with a message and an offset inside the
 * text, or a value whose strings are clean UTF-8; never a crash. (Long: one
 * case after another, each a few lines, read top to bottom.) */
static void json_hostile_input(void **state)
{
	(void)state;
	const char *err = NULL;
	size_t off = 0;
	static const struct {
		const char *text;
		size_t n;
		const char *err; /* NULL: parses */
	} cases[] = {
		{"{\"a\":\"x\0y\"}", 11, "control character in string"},
		{"{\"a\":1}\0", 8, "unexpected character"},
		{"{\"a\":\"x\ty\"}", 11, "control character in string"},
		{"{\"a\":1e999}", 11, "number out of range"},
		{"{\"a\":-1e999}", 12, "number out of range"},
		{"{\"a\":99999999999999999999}", 26, "number out of range"},
		{"{\"a\":-99999999999999999999}", 27, "number out of range"},
		{"{\"a\":NaN}", 9, "number out of range"},
		{"{\"a\":01}", 8, "bad number"},
		{"{'a':1}", 7, "unexpected character"},
		{"{\"a\":1,}", 8, "unexpected character"},
		{"{\"a\":1} x", 9, "trailing characters after the value"},
		{"{\"a\":1", 6, "unexpected end of input"},
		{"{\"a\":\"\\x\"}", 10, "bad escape in string"},
		{"{\"a\":1e-999}", 12, NULL},
		{"{\"a\":123456789012345678}", 24, NULL},
	};
	for (size_t i = 0; i < BR_ARRAY_LEN(cases); i++) {
		err = NULL;
		off = 99;
		struct br_json *j = br_json_parse(cases[i].text, cases[i].n, &err, &off);
		if (cases[i].err) {
			assert_null(j);
			assert_string_equal(err, cases[i].err);
			assert_true(off <= cases[i].n);
		} else {
			assert_non_null(j);
			assert_true(isfinite(br_json_number(br_json_get(j, "a"))));
			br_json_free(j);
		}
	}
	struct br_json *j = br_json_parse("{\"a\":123456789012345678}", 24, NULL, NULL);
	assert_true(br_json_number(br_json_get(j, "a")) == 123456789012345678.0);
	br_json_free(j);

	/* invalid UTF-8, \u0000, lone surrogates and escaped controls become
	 * U+FFFD, in keys as in values; TAB and LF stay */
	const char *s = "{\"k\\u0000\xff\":\"a\\u0000b\xc3\\ud800\\u0001\\t\\n\xe2\x82\xac\"}";
	j = br_json_parse(s, strlen(s), &err, &off);
	assert_non_null(j);
	struct br_json_iter it = BR_JSON_ITER_INIT;
	assert_true(br_json_next(j, &it));
	assert_string_equal(it.key, "k\xef\xbf\xbd\xef\xbf\xbd");
	assert_string_equal(br_json_string(it.value),
			    "a\xef\xbf\xbd" "b\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\t\n\xe2\x82\xac");
	assert_false(br_json_next(j, &it));
	br_json_free(j);

	/* keys cleaned inside arrays and objects, at any depth (each object
	 * is built again: no value is lost or released twice) */
	s = "[{\"\xff\":1},{\"a\":{\"\xfe\":[{\"\xc3\":\"\xc3\"}]}}]";
	j = br_json_parse(s, strlen(s), &err, &off);
	assert_non_null(j);
	it = (struct br_json_iter)BR_JSON_ITER_INIT;
	assert_true(br_json_next(br_json_at(j, 0), &it));
	assert_string_equal(it.key, "\xef\xbf\xbd");
	const struct br_json *inner = br_json_get(br_json_at(j, 1), "a");
	const struct br_json *deepest = br_json_at(br_json_get(inner, "\xef\xbf\xbd"), 0);
	assert_string_equal(br_json_string(br_json_get(deepest, "\xef\xbf\xbd")), "\xef\xbf\xbd");
	br_json_free(j);
	s = "{\"\xff\":{\"\xff\":1}}";
	j = br_json_parse(s, strlen(s), &err, &off);
	assert_true(br_json_number(br_json_get(br_json_get(j, "\xef\xbf\xbd"), "\xef\xbf\xbd")) == 1);
	br_json_free(j);
	s = "[{\"\xff\":1e999}]";
	assert_null(br_json_parse(s, strlen(s), &err, &off));

	/* null is a member, absent is not */
	j = br_json_parse("{\"a\":null,\"b\":[null,true]}", 26, NULL, NULL);
	assert_non_null(br_json_get(j, "a"));
	assert_int_equal(br_json_type(br_json_get(j, "a")), BR_JSON_NULL);
	assert_null(br_json_get(j, "c"));
	assert_int_equal(br_json_type(br_json_at(br_json_get(j, "b"), 0)), BR_JSON_NULL);
	assert_true(br_json_bool(br_json_at(br_json_get(j, "b"), 1)));
	assert_null(br_json_at(br_json_get(j, "b"), 2));
	br_json_free(j);
	j = br_json_parse(" null ", 6, NULL, NULL);
	assert_non_null(j);
	assert_int_equal(br_json_type(j), BR_JSON_NULL);
	br_json_free(j);
	j = br_json_parse("12", 2, NULL, NULL);
	assert_true(br_json_number(j) == 12);
	br_json_free(j);

	/* 256 levels are read, 257 are not; far deeper ends as fast */
	struct br_json_reader *rd = br_json_reader_new();
	char *deep = malloc(200002);
	for (size_t d = 255; d <= 258; d++) {
		memset(deep, '[', d);
		memset(deep + d, ']', d);
		j = br_json_reader_parse(rd, deep, 2 * d, &err, &off);
		if (d <= 256) {
			assert_non_null(j);
			br_json_free(j);
		} else {
			assert_null(j);
			assert_string_equal(err, "nesting too deep");
		}
	}
	memset(deep, '[', 200000);
	assert_null(br_json_reader_parse(rd, deep, 200000, &err, &off));
	assert_string_equal(err, "nesting too deep");
	free(deep);
	br_json_reader_free(rd);
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

/* ------------------------------------------------------------ reader */

static void put_bytes(void *arg, const char *p, size_t n)
{
	struct br_buf *b = arg;
	br_buf_add(b, p, n);
}

static char *temp_file(const char *bytes, size_t n)
{
	char *path = br_strdup("/tmp/br-test-reader-XXXXXX");
	int fd = mkstemp(path);
	assert_true(fd >= 0);
	assert_true(write(fd, bytes, n) == (ssize_t)n);
	close(fd);
	return path;
}

/* Where a simple splitter finds messages: a "From " line holding an '@',
 * after a blank line (spaces, tabs, CR), or at the very start. */
static size_t reference_starts(const char *s, size_t n, size_t *at, size_t max)
{
	size_t k = 0, prev = 0;
	bool prev_blank = false;
	for (size_t i = 0; i < n;) {
		const char *e = memchr(s + i, '\n', n - i);
		size_t end = e ? (size_t)(e - s) : n;
		bool from = end - i > 5 && memcmp(s + i, "From ", 5) == 0 && memchr(s + i + 5, '@', end - i - 5);
		if (from && (i == 0 || prev_blank) && k < max)
			at[k++] = i;
		bool blank = true;
		for (size_t j = i; j < end; j++)
			if (s[j] != ' ' && s[j] != '\t' && s[j] != '\r')
				blank = false;
		prev_blank = blank;
		prev = i;
		i = end + 1;
	}
	(void)prev;
	return k;
}

/* Every document the reader hands out, checked: its bytes are the file's
 * next bytes, it starts where the splitter says, line0 counts the lines
 * before it. Returns the number of documents. */
/* The reader's piece size for read_back (0: the default). */
static size_t read_block;

static size_t read_back(const char *bytes, size_t n, bool expect_mbox)
{
	char *path = temp_file(bytes, n);
	struct br_doc_reader *rd;
	assert_int_equal(br_doc_reader_open(path, &rd), 0);
	br_doc_reader_set_block(rd, read_block);
	static size_t at[4096];
	size_t nat = reference_starts(bytes, n, at, 4096);
	struct br_doc *d;
	unsigned line0;
	size_t off = 0, ndocs = 0, lines = 0;
	while (br_doc_reader_next(rd, &d, &line0) == 0 && d) {
		struct br_buf b = BR_BUF_INIT;
		br_doc_bytes(d, put_bytes, &b);
		assert_true(off + b.len <= n);
		assert_memory_equal(b.data ? b.data : "", bytes + off, b.len);
		assert_int_equal(line0, lines);
		if (expect_mbox)
			assert_int_equal(off, at[ndocs]);
		lines += d->nphys;
		off += b.len;
		ndocs++;
		br_buf_free(&b);
		br_doc_free(d);
	}
	assert_int_equal(off, n);
	if (expect_mbox)
		assert_int_equal(ndocs, nat);
	else
		assert_int_equal(ndocs, 1);
	br_doc_reader_close(rd);
	unlink(path);
	free(path);
	return ndocs;
}

static void reader_splits_mail_archives_by_message(void **state)
{
	(void)state;
	static const char mbox[] =
		"From a@example.org Mon Jan  2 00:00:00 2001\n"
		"Subject: one\n"
		"\n"
		"From the start, no address: not a message\n"
		"\n"
		"a paragraph,\n"
		"From x@y within it\n"
		"From b@example.org Mon Jan  2 00:00:01 2001\n" /* not after a blank line */
		"\n"
		"From c@example.org Mon Jan  2 00:00:02 2001\r\n"
		"Subject: two\r\n"
		"\r\n"
		"From d@example.org Mon Jan  2 00:00:03 2001\r\n"
		"last, without a final newline";
	assert_int_equal(read_back(mbox, sizeof mbox - 1, true), 3);
	/* not an mbox: one document, however many From lines */
	static const char plain[] = "Subject: x\n\nFrom a@example.org Mon\nbody\n";
	assert_int_equal(read_back(plain, sizeof plain - 1, false), 1);
	assert_int_equal(read_back("", 0, false), 1);
	static const char one[] = "From a@b";
	assert_int_equal(read_back(one, sizeof one - 1, true), 1);
}

/* Messages of every size, some longer than a read (1 MiB), lines cut
 * anywhere by the reads: the same documents as the splitter's. */
static void reader_matches_a_plain_splitter(void **state)
{
	(void)state;
	unsigned long long x = 7;
	static const size_t block[] = {1, 7, 64, 4096, 0, 0};
	for (int round = 0; round < 6; round++) {
		read_block = block[round];
		struct br_buf b = BR_BUF_INIT;
		bool tiny = block[round] && block[round] < 4096; /* many reads: small files */
		int msgs = 1 + (int)(x % (tiny ? 60 : 300));
		for (int m = 0; m < msgs; m++) {
			x = x * 6364136223846793005ULL + 1442695040888963407ULL;
			br_buf_addf(&b, "From u%d@example.org Mon Jan  2 00:00:%02d 2001%s\n", m, m % 60,
				    (x >> 40) % 5 == 0 ? "\r" : "");
			size_t body = (x >> 20) % 4 == 0 && !tiny ? (x >> 8) % 1500000 : (x >> 8) % 3000;
			for (size_t i = 0; i < body; i++) {
				unsigned c = (unsigned)((x >> (i % 50)) + i * 31) % 97;
				br_buf_addc(&b, c < 6 ? '\n' : c < 7 ? '\r' : (char)('a' + c % 26));
			}
			/* now and then a From line that is no message start */
			if ((x >> 33) % 3 == 0)
				br_buf_adds(&b, "\nFrom here on, no address\n");
			if ((x >> 35) % 4 == 0)
				br_buf_adds(&b, "\nquoted:\nFrom x@y.z inside a paragraph\n");
			br_buf_adds(&b, (x >> 37) % 2 ? "\n\n" : "\n \t\n");
		}
		read_back(b.data, b.len, true);
		br_buf_free(&b);
		read_block = 0;
		x = x * 6364136223846793005ULL + 1;
	}
}

/* The pieces of a file read in pieces of `piece` bytes: each one's
 * bytes are the file's next, line0 counts the lines before it; the
 * offsets where pieces start go to at[] (returns how many pieces). */
static size_t read_pieces(const char *bytes, size_t n, size_t piece, size_t block, size_t *at, size_t max)
{
	char *path = temp_file(bytes, n);
	struct br_doc_reader *rd;
	assert_int_equal(br_doc_reader_open(path, &rd), 0);
	br_doc_reader_set_piece(rd, piece);
	br_doc_reader_set_block(rd, block);
	struct br_doc *d;
	unsigned line0;
	size_t off = 0, k = 0, lines = 0;
	while (br_doc_reader_next(rd, &d, &line0) == 0 && d) {
		struct br_buf b = BR_BUF_INIT;
		br_doc_bytes(d, put_bytes, &b);
		assert_true(off + b.len <= n);
		assert_memory_equal(b.data ? b.data : "", bytes + off, b.len);
		assert_int_equal(line0, lines);
		if (k < max)
			at[k] = off;
		k++;
		lines += d->nphys;
		off += b.len;
		br_buf_free(&b);
		br_doc_free(d);
	}
	assert_int_equal(off, n);
	br_doc_reader_close(rd);
	unlink(path);
	free(path);
	return k;
}

/* The shape of a line as the reader sees it (core/doc.c row_shape): its
 * commas when it is a CSV row, -2 for a JSON object on the line, else -1. */
static long shape_of(const char *s, size_t n)
{
	if (n && s[n - 1] == '\r')
		n--;
	if (n >= 2 && s[0] == '{' && s[n - 1] == '}') {
		for (size_t i = 0; i < n; i++)
			if ((unsigned char)s[i] < 0x20)
				return -1;
		return -2;
	}
	if (n < 12 || !isalnum((unsigned char)s[0]))
		return -1;
	long commas = 0;
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c < 0x20 || c == '<' || c == '>' || c == '[' || c == '=')
			return -1;
		commas += c == ',';
	}
	return commas >= 5 ? commas : -1;
}

/* The shape of a line that begins a block (core/doc.c block_shape). */
static long block_shape_of(const char *s, size_t n)
{
	if (n < 3 || !(isalpha((unsigned char)s[0]) || s[0] == '/'))
		return -1;
	long h = 0;
	size_t i = 0;
	for (; i < n && i < 8; i++) {
		unsigned char c = (unsigned char)s[i];
		if (isdigit(c) || c == ' ' || c == '\t')
			break;
		if (c < 0x20 || c >= 0x7f || c == '<' || c == '>' || c == '[' || c == '|')
			return -1;
		h = h * 131 + c;
	}
	return i >= 3 ? h & 0x3fffffffffffffff : -1;
}

static bool is_blank(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (s[i] != ' ' && s[i] != '\t' && s[i] != '\r')
			return false;
	return true;
}

/* Where pieces of `piece` bytes start, by the rule of core/doc.c PIECE
 * followed line by line (files under 64 KiB: the whole piece is looked
 * at): the first line start at least `piece` bytes into the piece that is
 * a row after 8 rows of its shape in the piece, or that follows a blank
 * line and begins the 9th block in a row of its shape. */
static size_t expected_cuts(const char *b, size_t n, size_t piece, size_t *at, size_t max)
{
	size_t k = 0, off = 0, p = 0, rows = 0, blocks = 0;
	long last = -1, last_block = -1;
	bool blank = true;
	at[k++] = 0;
	while (p < n) {
		const char *q = memchr(b + p, '\n', n - p);
		if (!q)
			break;
		size_t len = (size_t)(q - b) - p;
		long shape = shape_of(b + p, len);
		bool cut_block = false;
		if (is_blank(b + p, len)) {
			blank = true;
		} else if (blank) {
			blank = false;
			long bs = block_shape_of(b + p, len);
			cut_block = bs != -1 && bs == last_block && blocks >= 8;
			blocks = bs != -1 && bs == last_block ? blocks + 1 : 1;
			last_block = bs;
		}
		if (((shape != -1 && shape == last && rows >= 8) || cut_block) && p - off >= piece) {
			if (k < max)
				at[k] = p;
			k++;
			off = p;
			rows = blocks = 0;
			last = last_block = -1;
			blank = true;
			continue; /* the line at p starts the next piece */
		}
		rows = shape != -1 && shape == last ? rows + 1 : 1;
		last = shape;
		p = (size_t)(q - b) + 1;
	}
	return k;
}

/* A big file is cut into pieces only inside a block of rows of one shape
 * (CSV with the same commas, JSON Lines), never in prose, a table or a
 * block with markup, and never before CUT_ROWS (8) such rows. */
static void reader_cuts_big_files_inside_row_blocks(void **state)
{
	(void)state;
	struct br_buf b = BR_BUF_INIT;
	br_buf_adds(&b, "Nightly runs of the fleet\n\n");
	for (int i = 0; i < 40; i++)
		br_buf_addf(&b, "2.00a,2.00a,web%02d,1,1700000000,8G,,8192,5,%d,99,%d,25\n", i, 700 + i, 9000 + i);
	br_buf_adds(&b, "\nVersion 1.96  ------Sequential Output------\nweb1  8G  1  2  3  4  5  6\n\n");
	for (int i = 0; i < 5; i++) /* too few rows to cut in */
		br_buf_addf(&b, "1.96,1.96,db%d,1,1,8G,,8192,5,1,2,3,4\n", i);
	br_buf_adds(&b, "a line of prose with, some, commas, in, it, too\n");
	for (int i = 0; i < 20; i++) /* markup in the rows: not cut */
		br_buf_addf(&b, "<td>%d</td>,a,b,c,d,e,f\n", i);
	for (int i = 0; i < 30; i++)
		br_buf_addf(&b, "{\"schema\": 2, \"tool\": \"hdparm\", \"n\": %d}\n", i);
	size_t at[64];
	size_t blocks[] = {7, 4096, 0};
	for (size_t r = 0; r < 3; r++) {
		size_t k = read_pieces(b.data, b.len, 64, blocks[r], at, 64);
		assert_true(k >= 4); /* 40 CSV rows, 8 rows before a cut */
		for (size_t i = 1; i < k && i < 64; i++) {
			/* a row of a block, after 8 rows of its shape */
			const char *p = b.data + at[i];
			assert_true(strncmp(p, "2.00a,", 6) == 0 || strncmp(p, "{\"schema\"", 9) == 0);
			assert_true(at[i] - at[i - 1] >= 64);
			const char *q = p;
			for (int row = 0; row < 8; row++) {
				q--;
				while (q > b.data && q[-1] != '\n')
					q--;
				assert_true(q[0] == p[0]);
			}
		}
	}
	/* blocks a machine wrote again and again (a loop of hdparm runs):
	 * cut between two of them, past 64 KiB back too */
	struct br_buf h = BR_BUF_INIT;
	br_buf_adds(&h, "Disks of the build farm\n\n");
	for (int i = 0; i < 3000; i++)
		br_buf_addf(&h, "/dev/sd%d:\n Timing cached reads:   %d MB in  2.00 seconds\n\n", i, 2000 + i);
	size_t hk = read_pieces(h.data, h.len, 100000, 0, at, 64);
	assert_true(hk >= 2);
	for (size_t i = 1; i < hk && i < 64; i++) {
		assert_true(strncmp(h.data + at[i], "/dev/sd", 7) == 0);
		assert_true(h.data[at[i] - 1] == '\n' && h.data[at[i] - 2] == '\n');
		assert_true(at[i] - at[i - 1] >= 100000);
	}
	br_buf_free(&h);
	/* the default: a file this small is one document */
	read_block = 0;
	assert_int_equal(read_back(b.data, b.len, false), 1);
	br_buf_free(&b);
	/* any bytes, any piece and read sizes: the pieces are the file, in
	 * order, their line numbers counted (read_pieces checks) */
	unsigned long long x = 99;
	for (int round = 0; round < 40; round++) {
		struct br_buf f = BR_BUF_INIT;
		int lines = 1 + (int)((x >> 20) % 400);
		for (int l = 0; l < lines; l++) {
			x = x * 6364136223846793005ULL + 1442695040888963407ULL;
			switch (round % 2 && (x >> 30) % 10 < 8 ? 0 : round % 4 == 2 && (x >> 30) % 10 < 8 ? 6 : (x >> 40) % 6) {
			case 6: /* blocks: a blank line, then a device (or now and then something else) */
				br_buf_addf(&f, "\n%s%d:\n Timing buffered disk reads: %d MB\n",
					    (x >> 50) % 7 ? "/dev/sd" : "Disk ", l, l);
				break;
			case 0:
				br_buf_addf(&f, "row%d,1,2,3,4,5,6\n", l);
				break;
			case 1:
				br_buf_addf(&f, "{\"n\": %d}\r\n", l);
				break;
			case 2:
				br_buf_adds(&f, "\n");
				break;
			case 3:
				br_buf_add(&f, "a\0b,c,d,e,f,g\r", 15);
				break;
			default:
				for (unsigned k = 0; k < (x >> 8) % 90; k++)
					br_buf_addc(&f, (char)(' ' + (x >> (k % 50)) % 95));
				br_buf_addc(&f, (x >> 33) % 2 ? '\n' : '\r');
			}
		}
		size_t piece = 1 + (size_t)(x % 300), block = 1 + (size_t)((x >> 17) % 5000);
		size_t want[64];
		size_t k = read_pieces(f.data, f.len, piece, block, at, 64);
		/* and cut exactly where the rule says */
		assert_int_equal(k, expected_cuts(f.data, f.len, piece, want, 64));
		for (size_t i = 0; i < k && i < 64; i++)
			assert_int_equal(at[i], want[i]);
		br_buf_free(&f);
	}
}

/* Every document of a file (pieces of a big file, messages of a mail
 * archive, a whole file) read again from where the reader says it was
 * (br_doc_reader_span, br_doc_reader_open_span) is the same document: its
 * bytes, its lines, its line0; a file that has since shrunk is an error. */
static void documents_read_again_where_they_were(void **state)
{
	(void)state;
	struct br_buf f = BR_BUF_INIT, m = BR_BUF_INIT;
	for (int i = 0; i < 300; i++)
		br_buf_addf(&f, "1.96,1.96,web%03d,1,1,8G,,8192,5,%d,99,%d,25\r\n", i, 700 + i, 9000 + i);
	for (int i = 0; i < 20; i++)
		br_buf_addf(&m, "From a%d@example.org Mon Jan  1 00:00:00 2001\nSubject: run %d\n\n"
			    "/dev/sda:\n Timing buffered disk reads: %d MB in  3.00 seconds\n\n", i, i, 100 + i);
	const struct br_buf *files[] = {&f, &m, &f};
	for (int k = 0; k < 3; k++) {
		char *path = temp_file(files[k]->data, files[k]->len);
		struct br_doc_reader *rd;
		assert_int_equal(br_doc_reader_open(path, &rd), 0);
		if (k == 0)
			br_doc_reader_set_piece(rd, 1000);
		struct br_doc *d;
		unsigned line0;
		size_t n = 0;
		while (br_doc_reader_next(rd, &d, &line0) == 0 && d) {
			struct br_doc_span sp;
			br_doc_reader_span(rd, &sp);
			assert_int_equal(sp.line0, line0);
			struct br_doc_reader *again;
			assert_int_equal(br_doc_reader_open_span(path, 0, &sp, &again), 0);
			struct br_doc *e;
			unsigned l2;
			assert_int_equal(br_doc_reader_next(again, &e, &l2), 0);
			assert_non_null(e);
			assert_int_equal(l2, line0);
			assert_int_equal(e->raw_len, d->raw_len);
			assert_memory_equal(e->raw, d->raw, d->raw_len);
			assert_int_equal(e->nphys, d->nphys);
			br_doc_free(e);
			assert_int_equal(br_doc_reader_next(again, &e, &l2), 0);
			assert_null(e);
			br_doc_reader_close(again);
			br_doc_free(d);
			n++;
		}
		br_doc_reader_close(rd);
		assert_true(k == 2 ? n == 1 : n > 5);
		/* shrunk: the last document is no longer there */
		struct br_doc_span gone = {files[k]->len - 10, 10, 0, false, false};
		assert_int_equal(truncate(path, (off_t)(files[k]->len - 20)), 0);
		assert_int_equal(br_doc_reader_open_span(path, 0, &gone, &rd), 0);
		assert_int_equal(br_doc_reader_next(rd, &d, &line0), -1);
		assert_non_null(strstr(br_last_error(), "changed"));
		br_doc_reader_close(rd);
		unlink(path);
		free(path);
	}
	br_buf_free(&f);
	br_buf_free(&m);
}

static void reader_reports_what_it_cannot_read(void **state)
{
	(void)state;
	struct br_doc_reader *rd;
	assert_int_equal(br_doc_reader_open("/nonexistent/br-file", &rd), -1);
	assert_non_null(strstr(br_last_error(), "cannot open '/nonexistent/br-file'"));
	assert_int_equal(br_doc_reader_open("/tmp", &rd), -1);
	assert_non_null(strstr(br_last_error(), "cannot read '/tmp'"));
}

int main(void)
{
	br_parsers_init(); /* the tools' words for decoding and labels */
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(line_endings_and_numbers),
		cmocka_unit_test(final_newline_adds_no_line),
		cmocka_unit_test(nul_and_invalid_utf8),
		cmocka_unit_test(excerpts),
		cmocka_unit_test(binary_is_flagged),
		cmocka_unit_test(lines_in_place),
		cmocka_unit_test(json_round_trip),
		cmocka_unit_test(json_hostile_input),
		cmocka_unit_test(reader_splits_mail_archives_by_message),
		cmocka_unit_test(reader_matches_a_plain_splitter),
		cmocka_unit_test(reader_cuts_big_files_inside_row_blocks),
		cmocka_unit_test(documents_read_again_where_they_were),
		cmocka_unit_test(reader_reports_what_it_cannot_read),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
