/* Unit tests: the first look at a mail archive's messages (core/look.c and
 * its use by the registry's reader): the word and encoding tests on literal
 * bytes, and random archives read with the look (the default) and without
 * it (--explain reads every message) giving the same records, including
 * messages whose words only decoding makes (a quoted-printable soft break
 * inside "Random"). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "dataset.h"
#include "doc.h"
#include "look.h"
#include "parser.h"
#include "render.h"
#include "util.h"

static bool words(const char *s)
{
	static const char *const w[] = {"random", "sequential", NULL};
	return br_look_words(s, strlen(s), w);
}

static bool encoded(const char *s)
{
	return br_look_encoded(s, strlen(s));
}

static void words_any_case(void **state)
{
	(void)state;
	assert_true(words("Random read"));
	assert_true(words("x SEQUENTIAL write"));
	assert_true(words("ransequEntial"));
	assert_false(words("Ran dom"));
	assert_false(words(""));
	assert_false(words("rando"));
	static const char *const none[] = {NULL};
	assert_false(br_look_words("random", 6, none));
	assert_false(br_look_words("random", 6, NULL));
}

static void encodings_seen(void **state)
{
	(void)state;
	assert_true(encoded("Ran=\ndom"));
	assert_true(encoded("Ran=\r\ndom"));
	assert_true(encoded("Ran="));
	assert_true(encoded("a =3D b"));
	assert_true(encoded("&#82;andom"));
	assert_true(encoded("Ran<b>dom</b>"));
	assert_true(encoded("[b]Ran[/b]dom"));
	assert_true(encoded("Ran\xe2\x80\x8b" "dom"));
	assert_true(encoded("Ran\xc2\xad" "dom"));
	assert_true(encoded("Subject: x\nContent-Transfer-Encoding: base64\n\nQUJD\n"));
	assert_true(encoded("Content-Transfer-Encoding:\tBASE64\r\n"));
	assert_true(br_look_encoded("x\0content-transfer-encoding: Base64", 36));
	assert_false(encoded("I sent it as base64, see the Content-Transfer-Encoding header\n"));
	assert_false(encoded("X-Content-Transfer-Encoding: base64\n"));
	assert_false(encoded("base64\n64\n"));
	assert_false(encoded("a = b, c & d, [1] < 2"));
	assert_false(encoded("plain prose, nothing to decode\n"));
	assert_false(encoded(""));
}

/* Message bodies: prose, results of each tool, and results only decoding
 * makes readable. */
static const char *const bodies[] = {
	"Hello,\nwhy is my disk slow? It was fine, then not, then fine, then slow.\nThanks\n",
	"A random thought, sequential too.\n",
	"<p>see <b>this</b> page</p>\n",
	"Random read Sequential read Random write Sequential write\n"
	"ID K/sec /sec K/sec /sec K/sec /sec K/sec /sec\n"
	"ad0 2013.6 125 1996.3 122 1910.5 118 1898.7 116\n",
	"Ran=\ndom read Ran=\ndom write\nID K/sec /sec K/sec /sec\nad0 2013.6 125 1996.3 122\n",
	"Ran=\ndom read Ran=\ndom write\nad1 2013.6 125 1996.3 122\n",
	"Ra&#110;dom read\nad2 2013.6 125\n",
	"> Random read Sequential read\n> ID K/sec /sec K/sec /sec\n> md0 3013.6 225 2996.3 222\n",
	"/dev/sda:\n Timing cached reads:   2048 MB in  2.00 seconds = 1024.00 MB/sec\n"
	" Timing buffered disk reads: 300 MB in  3.01 seconds =  99.67 MB/sec\n",
	"box,4G,30348,47,35023,5,12701,2,30363,49,44790,6,165.0,0,16,2140,12,+++++,+++,"
	"1716,10,2166,13,+++++,+++,1507,9\n",
	"Version  1.03       ------Sequential Output------ --Sequential Input- --Random-\n"
	"                    -Per Chr- --Block-- -Rewrite- -Per Chr- --Block-- --Seeks--\n"
	"Machine        Size K/sec %CP K/sec %CP K/sec %CP K/sec %CP K/sec %CP  /sec %CP\n"
	"other.box        1G 20348  37 25023   4 11701   2 20363  39 34790   5 145.0   0\n",
};

static const char *const headers[] = {
	"",
	"Content-Transfer-Encoding: quoted-printable\n",
	"Content-Type: text/html\n",
};

static uint64_t rng = 88172645463325252ull;

static unsigned rnd(unsigned n)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (unsigned)(rng % n);
}

static char *temp_file(const char *bytes, size_t n)
{
	char *path = br_strdup("/tmp/br-test-look-XXXXXX");
	int fd = mkstemp(path);
	assert_true(fd >= 0);
	assert_true(write(fd, bytes, n) == (ssize_t)n);
	close(fd);
	return path;
}

/* The records of `path`, one JSON line each; with the look or not. */
static char *records(const char *path, bool look, size_t *n)
{
	struct br_dataset ds = {.skip_claims = look}; /* only --explain reads every message */
	assert_int_equal(br_parse_file(path, &ds), 0);
	struct br_buf b = BR_BUF_INIT;
	for (size_t i = 0; i < ds.records.n; i++) {
		br_record_to_json(ds.records.v[i], &b);
		br_buf_addc(&b, '\n');
	}
	*n = ds.records.n;
	br_dataset_free(&ds);
	return br_buf_detach(&b);
}

static void same_records_as_without(void **state)
{
	(void)state;
	for (int round = 0; round < 300; round++) {
		struct br_buf mbox = BR_BUF_INIT;
		unsigned msgs = 1 + rnd(6);
		for (unsigned m = 0; m < msgs; m++) {
			br_buf_addf(&mbox, "From u%u@example.org Mon Jan  1 00:00:%02u 2001\n", m, m);
			br_buf_addf(&mbox, "Subject: message %u\n%s\n", m,
				    headers[rnd(BR_ARRAY_LEN(headers))]);
			unsigned parts = 1 + rnd(3);
			for (unsigned p = 0; p < parts; p++)
				br_buf_adds(&mbox, bodies[rnd(BR_ARRAY_LEN(bodies))]);
			br_buf_addc(&mbox, '\n');
		}
		char *path = temp_file(mbox.data, mbox.len);
		size_t na, nb;
		char *a = records(path, true, &na), *b = records(path, false, &nb);
		assert_int_equal(na, nb);
		assert_string_equal(a, b);
		free(a);
		free(b);
		unlink(path);
		free(path);
		br_buf_free(&mbox);
	}
}

/* The table whose words a soft break cut ("Ran=" / "dom read") is read:
 * the look sees the encoding, not the word (no units line, whose "K/sec"
 * the Bonnie parser's detect() would see). */
static void words_decoding_makes(void **state)
{
	(void)state;
	static const char mbox[] = "From a@example.org Mon Jan  1 00:00:00 2001\n"
				   "Subject: t\nContent-Transfer-Encoding: quoted-printable\n\n"
				   "Ran=\ndom read Ran=\ndom write\nad0 2013.6 125 1996.3 122\n\n"
				   "From a@example.org Mon Jan  1 00:00:01 2001\n"
				   "Subject: prose\n\nNothing to read here, only words.\n\n";
	char *path = temp_file(mbox, sizeof mbox - 1);
	size_t n;
	char *a = records(path, true, &n);
	assert_int_equal(n, 1);
	assert_non_null(strstr(a, "\"tool\":\"rawio\""));
	free(a);
	unlink(path);
	free(path);
}

static void b64_encode(struct br_buf *b, const char *s, size_t n)
{
	static const char abc[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	size_t col = 0;
	for (size_t i = 0; i < n; i += 3) {
		unsigned v = (unsigned char)s[i] << 16;
		if (i + 1 < n)
			v |= (unsigned char)s[i + 1] << 8;
		if (i + 2 < n)
			v |= (unsigned char)s[i + 2];
		br_buf_addc(b, abc[v >> 18]);
		br_buf_addc(b, abc[(v >> 12) & 63]);
		br_buf_addc(b, i + 1 < n ? abc[(v >> 6) & 63] : '=');
		br_buf_addc(b, i + 2 < n ? abc[v & 63] : '=');
		if ((col += 4) == 76 || i + 3 >= n) {
			br_buf_addc(b, '\n');
			col = 0;
		}
	}
}

/* The bodies again, base64-encoded in some messages: the look lets every
 * such message through, and the records are as many as the plain bodies
 * give. */
static void base64_bodies_read(void **state)
{
	(void)state;
	for (int round = 0; round < 100; round++) {
		struct br_buf plain = BR_BUF_INIT, enc = BR_BUF_INIT;
		unsigned msgs = 1 + rnd(5);
		for (unsigned m = 0; m < msgs; m++) {
			const char *body = bodies[rnd(BR_ARRAY_LEN(bodies))];
			bool b64 = rnd(2);
			for (struct br_buf *b = &plain; b; b = b == &plain ? &enc : NULL) {
				br_buf_addf(b, "From u%u@example.org Mon Jan  1 00:00:%02u 2001\n", m, m);
				br_buf_addf(b, "Subject: message %u\n", m);
				if (b == &enc && b64) {
					br_buf_adds(b, "Content-Transfer-Encoding: base64\n\n");
					b64_encode(b, body, strlen(body));
				} else {
					br_buf_addf(b, "\n%s", body);
				}
				br_buf_addc(b, '\n');
			}
		}
		char *pp = temp_file(plain.data, plain.len), *pe = temp_file(enc.data, enc.len);
		size_t np, na, nb;
		char *p = records(pp, true, &np), *a = records(pe, true, &na), *b = records(pe, false, &nb);
		assert_int_equal(na, np);
		assert_int_equal(na, nb);
		assert_string_equal(a, b);
		free(p);
		free(a);
		free(b);
		unlink(pp);
		unlink(pe);
		free(pp);
		free(pe);
		br_buf_free(&plain);
		br_buf_free(&enc);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(words_any_case),
		cmocka_unit_test(encodings_seen),
		cmocka_unit_test(same_records_as_without),
		cmocka_unit_test(words_decoding_makes),
		cmocka_unit_test(base64_bodies_read),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
