/*
 * Unit tests: the streaming input stage (parsers/load.c br_load_stream).
 * Whatever its budget, it hands out the records br_load_inputs would hold,
 * byte for byte in JSON Lines, in the same order and merged the same way:
 * the corpus given twice (every run merges with its copy), files whose
 * hosts a format cut, runs repeated across files, and a budget that runs
 * out half way. An input that changes between its readings is an error,
 * not a wrong output. A view (br_load_view) holds the same records, those
 * past its budget slim (record.h br_record_slim).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <dirent.h>
#include <unistd.h>

#include <cmocka.h>

#include "load.h"
#include "parser.h"
#include "render.h"
#include "util.h"

enum { MAX_INPUTS = 800 }; /* the corpus twice, with room to grow */

struct inputs {
	struct br_load_input v[MAX_INPUTS];
	char *paths[MAX_INPUTS];
	size_t n;
};

static void add(struct inputs *in, const char *path)
{
	assert_true(in->n < MAX_INPUTS);
	in->paths[in->n] = br_strdup(path);
	in->v[in->n] = (struct br_load_input){in->paths[in->n], NULL};
	in->n++;
}

static void inputs_free(struct inputs *in)
{
	for (size_t i = 0; i < in->n; i++)
		free(in->paths[i]);
	in->n = 0;
}

/* The corpus's text documents, in name order. */
static void add_corpus(struct inputs *in)
{
	struct dirent **names;
	int n = scandir("corpus", &names, NULL, alphasort);
	assert_true(n > 0);
	for (int i = 0; i < n; i++) {
		const char *s = names[i]->d_name;
		size_t len = strlen(s);
		if (len > 4 && strcmp(s + len - 4, ".txt") == 0) {
			char path[300];
			snprintf(path, sizeof path, "corpus/%s", s);
			add(in, path);
		}
		free(names[i]);
	}
	free(names);
}

/* What br_load_inputs holds, as JSON Lines; each record slim, keeping
 * `keep` (BR_KEEP_ALL: as it is). */
static char *held_keep(const struct inputs *in, unsigned keep, size_t *nrec)
{
	struct br_load_opts o = {0};
	struct br_load l;
	br_load_inputs(in->v, in->n, &o, &l);
	struct br_buf b = BR_BUF_INIT;
	for (size_t i = 0; i < l.ds.records.n; i++) {
		if (keep != BR_KEEP_ALL)
			l.ds.records.v[i] = br_record_slim(l.ds.records.v[i], keep);
		br_record_to_json(l.ds.records.v[i], &b);
		br_buf_addc(&b, '\n');
	}
	*nrec = l.ds.records.n;
	br_load_free(&l);
	return br_buf_detach(&b);
}

static char *held(const struct inputs *in, size_t *nrec)
{
	return held_keep(in, BR_KEEP_ALL, nrec);
}

/* What br_load_view holds with `budget`, keeping `keep`, as JSON Lines. */
static char *viewed(const struct inputs *in, size_t budget, unsigned keep)
{
	struct br_load_opts o = {0};
	struct br_load l;
	assert_int_equal(br_load_view(in->v, in->n, &o, budget, keep, &l), 0);
	struct br_buf b = BR_BUF_INIT;
	for (size_t i = 0; i < l.ds.records.n; i++) {
		br_record_to_json(l.ds.records.v[i], &b);
		br_buf_addc(&b, '\n');
	}
	br_load_free(&l);
	return br_buf_detach(&b);
}

static void to_json(void *arg, const struct br_record *r, struct br_buf *out)
{
	(void)arg;
	br_record_to_json(r, out);
	br_buf_addc(out, '\n');
}

static void to_buf(void *arg, const void *p, size_t n)
{
	br_buf_add(arg, p, n);
}

/* What br_load_stream hands out with `budget`, as JSON Lines; *held: the
 * most records it held at once to merge (NULL: not asked). */
static char *streamed_held(const struct inputs *in, size_t budget, size_t *nrec, size_t *held)
{
	struct br_load_opts o = {0};
	struct br_load l;
	struct br_load_stream *st;
	br_load_stream_open(in->v, in->n, &o, budget, to_json, NULL, &l, &st);
	*nrec = br_load_stream_records(st);
	struct br_buf b = BR_BUF_INIT;
	assert_int_equal(br_load_stream_emit(st, to_buf, &b), 0);
	if (held)
		*held = br_load_stream_held_most(st);
	br_load_stream_free(st);
	br_load_free(&l);
	return br_buf_detach(&b);
}

static char *streamed(const struct inputs *in, size_t budget, size_t *nrec)
{
	return streamed_held(in, budget, nrec, NULL);
}

static void same_at_every_budget(const struct inputs *in, size_t expect_merged_below)
{
	size_t nh, ns;
	char *want = held(in, &nh);
	assert_true(nh > 0);
	size_t nslim;
	char *want_slim = held_keep(in, BR_KEEP_PARAMS, &nslim);
	assert_int_equal(nslim, nh);
	assert_string_not_equal(want_slim, want);
	assert_null(strstr(want_slim, "\"raw\""));
	assert_null(strstr(want_slim, "\"also\""));
	static const size_t budgets[] = {1, 4096, 200000, 0};
	for (size_t k = 0; k < 4; k++) {
		char *got = streamed(in, budgets[k], &ns);
		assert_string_equal(got, want);
		free(got);
		/* a view: the same records, each past the budget slim */
		got = viewed(in, budgets[k], BR_KEEP_ALL);
		assert_string_equal(got, want);
		free(got);
		if (budgets[k] == 1) {
			got = viewed(in, budgets[k], BR_KEEP_PARAMS);
			assert_string_equal(got, want_slim);
			free(got);
		}
	}
	free(want_slim);
	/* the records read, before the merge (past the budget), or after it */
	char *got = streamed(in, 1, &ns);
	free(got);
	assert_true(nh < expect_merged_below);
	assert_true(ns > nh);
	free(want);
}

static void corpus_twice_merges_as_held(void **state)
{
	(void)state;
	struct inputs in = {0};
	add_corpus(&in);
	size_t once = in.n;
	size_t n1;
	free(held(&in, &n1));
	for (size_t i = 0; i < once; i++)
		add(&in, in.paths[i]);
	/* most runs read twice merge with their copy (a lone hdparm figure
	 * with no host does not) */
	size_t n2;
	char *both = held(&in, &n2);
	assert_non_null(strstr(both, "\"also\""));
	free(both);
	same_at_every_budget(&in, n1 + n1 / 4);
	inputs_free(&in);
}

static char *temp_file(const char *text)
{
	char *path = br_strdup("/tmp/br-test-stream-XXXXXX");
	int fd = mkstemp(path);
	assert_true(fd >= 0);
	size_t n = strlen(text);
	assert_true(write(fd, text, n) == (ssize_t)n);
	close(fd);
	return path;
}

/* Runs repeated across files, and two hosts that are prefixes of each
 * other without a cut (never the same machine). (The corpus's
 * bonniepp-csv2txt-200a-cut-names.txt has names a format cut.) */
static void repeated_runs_and_cut_hosts(void **state)
{
	(void)state;
	const char *csv =
		"1.96,1.96,averyverylongname,1,1300000000,8G,,1103,99,97315,11,40126,5,2965,93,89011,5,226.7,4,16,,,,,+++++,+++,+++++,+++,+++++,+++,+++++,+++,+++++,+++,+++++,+++,8215us,1143ms,1012ms,17618us,129ms,180ms,285us,473us,457us,207us,42us,396us\n"
		"1.96,1.96,web1,1,1300000000,8G,,1100,99,97000,11,40000,5,2960,93,89000,5,226.0,4,16,,,,,+++++,+++,+++++,+++,+++++,+++,+++++,+++,+++++,+++,+++++,+++,8215us,1143ms,1012ms,17618us,129ms,180ms,285us,473us,457us,207us,42us,396us\n"
		"1.96,1.96,web10,1,1300000000,8G,,1100,99,97000,11,40000,5,2960,93,89000,5,226.0,4,16,,,,,+++++,+++,+++++,+++,+++++,+++,+++++,+++,+++++,+++,+++++,+++,8215us,1143ms,1012ms,17618us,129ms,180ms,285us,473us,457us,207us,42us,396us\n";
	const char *text =
		"Version 1.96       ------Sequential Output------ --Sequential Input- --Random-\n"
		"Concurrency   1     -Per Chr- --Block-- -Rewrite- -Per Chr- --Block-- --Seeks--\n"
		"Machine        Size K/sec %CP K/sec %CP K/sec %CP K/sec %CP K/sec %CP  /sec %CP\n"
		"averyveryl      8G  1103  99 97315  11 40126   5  2965  93 89011   5 226.7   4\n";
	const char *hd = "/dev/sda:\n Timing buffered disk reads: 300 MB in  3.01 seconds =  99.67 MB/sec\n";
	char *a = temp_file(csv), *b = temp_file(text), *c = temp_file(hd);
	struct inputs in = {0};
	add(&in, b);
	add(&in, a);
	add(&in, c);
	add(&in, b);
	add(&in, c);
	add(&in, a);
	size_t nh;
	char *want = held(&in, &nh);
	/* each file's runs once; web1 and web10 stay two */
	assert_int_equal(nh, 5);
	assert_non_null(strstr(want, "\"host\":\"web1\""));
	assert_non_null(strstr(want, "\"host\":\"web10\""));
	free(want);
	same_at_every_budget(&in, 6);
	inputs_free(&in);
	unlink(a);
	unlink(b);
	unlink(c);
	free(a);
	free(b);
	free(c);
}

/* Runs of one host whose figures differ by a little (within what the
 * tools print: the same run), by more, or not at all, across two files
 * and within one: whatever the budget, merged as held. */
static void near_figures_merge_as_held(void **state)
{
	(void)state;
	struct br_buf a = BR_BUF_INIT, b = BR_BUF_INIT;
	unsigned long long x = 5;
	for (int i = 0; i < 400; i++) {
		x = x * 6364136223846793005ULL + 1442695040888963407ULL;
		unsigned pb = 200000 + (unsigned)(x >> 40) % 50, rw = 100000 + (unsigned)(x >> 20) % 7;
		const char *host = i % 3 ? "box" : "other";
		br_buf_addf(&a, "1.98,2.00a,%s,1,1796017393,768M,,8192,5,129,23,%u,17,%u,22,119,20,433307,23,7729,45,8,"
			    ",,,,1497,26,+++++,+++,+++++,+++,2330,26,+++++,+++,+++++,+++,143ms,42788us,83692us,353ms,"
			    "36769us,131ms,56155us,24551us,16129us,44393us,16408us,12520us\n", host, pb, rw);
		if (i % 4 == 0) /* again in the second file, a figure one off */
			br_buf_addf(&b, "1.98,2.00a,%s,1,1796017393,768M,,8192,5,129,23,%u,17,%u,22,119,20,433307,23,7729,45,8,"
				    ",,,,1497,26,+++++,+++,+++++,+++,2330,26,+++++,+++,+++++,+++,143ms,42788us,83692us,353ms,"
				    "36769us,131ms,56155us,24551us,16129us,44393us,16408us,12520us\n", host, pb + (i % 8 ? 0 : 1), rw);
	}
	char *pa = temp_file(br_buf_str(&a)), *pb = temp_file(br_buf_str(&b));
	struct inputs in = {0};
	add(&in, pa);
	add(&in, pb);
	size_t nh;
	free(held(&in, &nh));
	assert_true(nh < 400); /* some merged */
	same_at_every_budget(&in, 500);
	inputs_free(&in);
	unlink(pa);
	unlink(pb);
	free(pa);
	free(pb);
	br_buf_free(&a);
	br_buf_free(&b);
}

static const char run_fmt[] =
	"{\"schema\":1,\"tool\":\"bonnie++\",\"host\":\"%.*s\",\"host_cut\":%s,"
	"\"source\":{\"file\":\"prefix\",\"line\":%u,\"end_line\":%u,\"format\":\"bonnie++\"},"
	"\"metrics\":{\"putc\":{\"value\":900,\"unit\":\"KiB/s\",\"cpu\":97},"
	"\"put_block\":{\"value\":%u,\"unit\":\"KiB/s\",\"cpu\":%u},"
	"\"seeks\":{\"value\":400.5,\"unit\":\"/s\",\"cpu\":30}}}\n";

/* JSON Lines of the bench's prefix shape (bench/gen.c): n runs, cut
 * names that start one another, 40 long at most, the same figures in
 * each group of 40 (every run a candidate, each group one run). Before
 * them a run named "zz" (cut), whose longer name comes after them with
 * the same figures: a candidate pass 1 drops, read again in pass 2, and
 * earlier than those merged while pass 1 read. */
static char *prefix_file(unsigned n)
{
	static const char letters[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMN";
	struct br_buf b = BR_BUF_INIT;
	br_buf_addf(&b, run_fmt, 2, "zz", "true", 1u, 1u, 7u, 18u);
	for (unsigned i = 0; i < n; i++)
		br_buf_addf(&b, run_fmt, (int)(1 + i % 40), letters, "true", i + 2, i + 2, 100000 + 10 * (i / 40), 18u);
	br_buf_addf(&b, run_fmt, 3, "zzz", "true", n + 2, n + 2, 7u, 18u);
	char *path = temp_file(br_buf_str(&b));
	br_buf_free(&b);
	return path;
}

/* A run quoted twice (kept in pass 1, too few bytes to merge before the
 * end), then 1,500 runs alone in their buckets, then the cut-name pair of
 * prefix_file: pass 2 reads the pair's first, and pass 1's kept runs go
 * in among pass 2's in record order. */
static char *mixed_file(void)
{
	struct br_buf b = BR_BUF_INIT;
	unsigned line = 1;
	br_buf_addf(&b, run_fmt, 2, "zz", "true", line, line, 7u, 18u);
	line++;
	for (int k = 0; k < 2; k++, line++)
		br_buf_addf(&b, run_fmt, 3, "dup", "false", line, line, 9u, 18u);
	for (unsigned i = 0; i < 1500; i++, line++) {
		char host[16];
		int len = snprintf(host, sizeof host, "h%u", i);
		br_buf_addf(&b, run_fmt, len, host, "false", line, line, 100000 + 10 * i, 19 + i % 60);
	}
	br_buf_addf(&b, run_fmt, 3, "zzz", "true", line, line, 7u, 18u);
	char *path = temp_file(br_buf_str(&b));
	br_buf_free(&b);
	return path;
}

/* The most records the stream holds to merge, n runs of the prefix shape
 * past a budget of 4096 bytes; the output checked. */
static size_t prefix_held(unsigned n)
{
	char *p = prefix_file(n);
	struct inputs in = {0};
	add(&in, p);
	size_t nh, ns, most;
	char *want = held(&in, &nh);
	assert_int_equal(nh, n / 40 + 1);
	char *got = streamed_held(&in, 4096, &ns, &most);
	assert_string_equal(got, want);
	assert_int_equal(ns, n + 2);
	free(got);
	free(want);
	inputs_free(&in);
	unlink(p);
	free(p);
	return most;
}

/* Every run a candidate (cut names that start one another): merged as
 * held, whatever the budget, and merged as they come, a batch at a time:
 * the stream holds the survivors and a batch, not every candidate (it
 * held all 2,000 and 8,000), and 4 times the runs hold at most 5 times
 * as many. */
static void candidates_merged_as_they_come(void **state)
{
	(void)state;
	char *p = prefix_file(2000);
	struct inputs in = {0};
	add(&in, p);
	same_at_every_budget(&in, 2000);
	inputs_free(&in);
	unlink(p);
	free(p);
	p = mixed_file();
	add(&in, p);
	same_at_every_budget(&in, 1503);
	inputs_free(&in);
	unlink(p);
	free(p);
	size_t x = prefix_held(2000), y = prefix_held(8000);
	print_message("held to merge: %zu -> %zu\n", x, y);
	assert_true(x < 2000 / 4);
	assert_true(y <= 5 * x);
}

/*
 * A mail archive's shape: every run comes first alone, then again in a
 * later document (a post quoted in a reply), long after the stream merged
 * some. Pass 1 takes each first copy back from its temporary file when
 * the quote comes (it had no earlier partner, so it merges as it would in
 * one merge of all), and pass 2 reads nothing again, but for the bucket
 * of a cut name ("zz", whose longer name "zzz" may be any name of its
 * bucket): before, a merge in pass 1 made pass 2 read every candidate
 * again (all 2,002).
 */
static char *quoted_file(unsigned n, unsigned line, const char *cut)
{
	struct br_buf b = BR_BUF_INIT;
	br_buf_addf(&b, run_fmt, (int)strlen(cut), cut, "true", line, line, 7u, 18u);
	line++;
	for (unsigned i = 0; i < n; i++, line++) {
		char host[16];
		int len = snprintf(host, sizeof host, "q%u", i);
		br_buf_addf(&b, run_fmt, len, host, "false", line, line, 100000 + 10 * i, 19 + i % 60);
	}
	char *path = temp_file(br_buf_str(&b));
	br_buf_free(&b);
	return path;
}

static void quoted_runs_taken_back_in_pass_one(void **state)
{
	(void)state;
	char *p = quoted_file(1000, 1, "zz"), *q = quoted_file(1000, 2000, "zzz");
	struct inputs in = {0};
	add(&in, p);
	add(&in, q);
	size_t nh;
	free(held(&in, &nh));
	assert_int_equal(nh, 1001);
	same_at_every_budget(&in, 1002);
	struct br_load_opts o = {0};
	struct br_load l;
	struct br_load_stream *st;
	br_load_stream_open(in.v, in.n, &o, 1, to_json, NULL, &l, &st);
	struct br_buf b = BR_BUF_INIT;
	assert_int_equal(br_load_stream_emit(st, to_buf, &b), 0);
	size_t pulled, again = br_load_stream_read_again(st, &pulled);
	print_message("taken back %zu, read again %zu\n", pulled, again);
	assert_int_equal(pulled, 1000);
	assert_int_equal(again, 2);
	br_buf_free(&b);
	br_load_stream_free(st);
	br_load_free(&l);
	inputs_free(&in);
	unlink(p);
	unlink(q);
	free(p);
	free(q);
}

/* An input that is no longer what the first reading saw when the second
 * reads it: an error. (A run with a cut name and one with its longer name:
 * pass 2 reads them again; a run quoted again under the same name is taken
 * back in pass 1, and a file read once is not read again.) */
static void an_input_that_changes_is_an_error(void **state)
{
	(void)state;
	char buf[1024];
	snprintf(buf, sizeof buf, run_fmt, 2, "zz", "true", 1u, 1u, 7u, 18u);
	char *a = temp_file(buf);
	snprintf(buf, sizeof buf, run_fmt, 3, "zzz", "true", 1u, 1u, 7u, 18u);
	char *c = temp_file(buf);
	struct inputs in = {0};
	add(&in, a);
	add(&in, c);
	struct br_load_opts o = {0};
	struct br_load l;
	struct br_load_stream *st;
	assert_int_equal(br_load_stream_open(in.v, in.n, &o, 1, to_json, NULL, &l, &st), 0);
	assert_int_equal(br_load_stream_records(st), 2);
	FILE *f = fopen(a, "w");
	assert_non_null(f);
	fputs("no run here any more\n", f);
	fclose(f);
	struct br_buf b = BR_BUF_INIT;
	assert_int_equal(br_load_stream_emit(st, to_buf, &b), -1);
	assert_non_null(strstr(br_last_error(), "changed while it was read"));
	br_buf_free(&b);
	br_load_stream_free(st);
	br_load_free(&l);
	inputs_free(&in);
	unlink(a);
	unlink(c);
	free(a);
	free(c);
}

/* Each record's excerpt, as a view with excerpts read back shows it,
 * one per line (NUL for none); *nlater: how many were read back. */
static char *excerpts_of(const struct inputs *in, size_t budget, bool later, size_t *nlater)
{
	struct br_load_opts o = {.excerpts_later = later};
	struct br_load l;
	assert_int_equal(br_load_view(in->v, in->n, &o, budget, BR_KEEP_ALL, &l), 0);
	assert_true(!later || l.ds.excerpts);
	struct br_buf b = BR_BUF_INIT;
	*nlater = 0;
	for (size_t i = 0; i < l.ds.records.n; i++) {
		const struct br_record *r = l.ds.records.v[i];
		char *back = NULL;
		if (r->excerpt_later) {
			assert_null(r->source.excerpt);
			back = br_excerpts_read(l.ds.excerpts, r);
			assert_non_null(back);
			++*nlater;
		}
		const char *ex = back ? back : r->source.excerpt;
		br_buf_addf(&b, "%s:%u-%u\n%s\n", r->source.file, r->source.line, r->source.end_line, ex ? ex : "(none)");
		free(back);
	}
	br_load_free(&l);
	return br_buf_detach(&b);
}

/* Excerpts read back when shown are the copies, byte for byte: the
 * corpus (mail, quoted-printable, base64, HTML, other character sets,
 * CRLF), a file in pieces and an mbox, whatever the budget. */
static void excerpts_read_back_as_copied(void **state)
{
	(void)state;
	struct inputs in = {0};
	add_corpus(&in);
	/* a CRLF file, and an mbox of two messages, one of them
	 * quoted-printable */
	char *crlf = temp_file("Disk notes\r\n\r\n/dev/sda:\r\n Timing cached reads:   7000 MB in  2.00 seconds = 3500.12 MB/sec\r\n"
			       " Timing buffered disk reads: 300 MB in  3.01 seconds =  99.67 MB/sec\r\n");
	char *mbox = temp_file("From a@example.org Mon Jan  1 00:00:00 2001\nSubject: one\n\n"
			       "/dev/hda:\n Timing buffered disk reads:  64 MB in  3.04 seconds =  21.05 MB/sec\n\n"
			       "From b@example.org Mon Jan  1 00:00:00 2001\nSubject: two\n"
			       "Content-Transfer-Encoding: quoted-printable\n\n"
			       "/dev/hdb:\n Timing buffered disk reads:  62 MB in  3.0=\n1 seconds =3D 20.60 MB/sec\n"
			       "\n-- \nsent from the lab\nsecond line\n\n"
			       "From c@example.org Mon Jan  1 00:00:00 2001\nSubject: three\n\n"
			       "/dev/hdc:\n Timing buffered disk reads:  60 MB in  3.02 seconds =  19.87 MB/sec\n"
			       "\nthanks\nmore\n");
	/* a byte-order mark and lines ended by a lone CR; a line longer than
	 * what is read at a time, and a CRLF cut by it */
	char *cr = temp_file("\xef\xbb\xbf" "Old Mac notes\r\r/dev/sdc:\r Timing buffered disk reads:  90 MB in  3.00 seconds =  30.00 MB/sec\r");
	struct br_buf big = BR_BUF_INIT;
	for (int i = 0; i < 70000; i++)
		br_buf_addc(&big, i % 70 == 69 ? ' ' : 'x');
	br_buf_adds(&big, "\r\n\r\n/dev/sdd:\r\n Timing buffered disk reads: 120 MB in  3.00 seconds =  40.00 MB/sec\r\n");
	while (big.len % 65536 != 65535)
		br_buf_addc(&big, big.len % 80 ? 'y' : '\n');
	br_buf_adds(&big, "\r\n/dev/sde:\r\n Timing buffered disk reads: 150 MB in  3.00 seconds =  50.00 MB/sec\r\n");
	char *longline = temp_file(big.data);
	br_buf_free(&big);
	add(&in, crlf);
	add(&in, mbox);
	add(&in, cr);
	add(&in, longline);
	size_t n0, n1;
	char *want = excerpts_of(&in, 0, false, &n0);
	assert_int_equal(n0, 0);
	static const size_t budgets[] = {1, 0};
	for (size_t k = 0; k < 2; k++) {
		char *got = excerpts_of(&in, budgets[k], true, &n1);
		assert_string_equal(got, want);
		assert_true(n1 > 500); /* (nearly every record of the corpus) */
		free(got);
	}
	assert_non_null(strstr(want, "20.60 MB/sec"));
	assert_non_null(strstr(want, "3500.12 MB/sec\n Timing"));
	assert_non_null(strstr(want, " 30.00 MB/sec"));
	assert_non_null(strstr(want, " 40.00 MB/sec"));
	assert_non_null(strstr(want, " Timing buffered disk reads: 150 MB in  3.00 seconds =  50.00 MB/sec\n"));
	free(want);
	inputs_free(&in);
	char *tmp[] = {crlf, mbox, cr, longline};
	for (size_t i = 0; i < 4; i++) {
		unlink(tmp[i]);
		free(tmp[i]);
	}
}

/* A file that changed after it was read: its excerpts are not read back,
 * and the reason says so. */
static void excerpt_of_a_changed_file_is_not_read(void **state)
{
	(void)state;
	char *a = temp_file("/dev/sda:\n Timing buffered disk reads: 300 MB in  3.01 seconds =  99.67 MB/sec\n");
	struct inputs in = {0};
	add(&in, a);
	struct br_load_opts o = {.excerpts_later = true};
	struct br_load l;
	assert_int_equal(br_load_view(in.v, in.n, &o, 0, BR_KEEP_ALL, &l), 0);
	assert_int_equal(l.ds.records.n, 1);
	const struct br_record *r = l.ds.records.v[0];
	assert_true(r->excerpt_later);
	FILE *f = fopen(a, "w");
	assert_non_null(f);
	fputs("/dev/sda:\n Timing buffered disk reads: 900 MB in  3.01 seconds = 299.01 MB/sec\n", f);
	fclose(f);
	assert_null(br_excerpts_read(l.ds.excerpts, r));
	assert_non_null(strstr(br_excerpts_error(l.ds.excerpts), "changed after it was read"));
	br_load_free(&l);
	/* as it was: read back */
	f = fopen(a, "w");
	assert_non_null(f);
	fputs("/dev/sda:\n Timing buffered disk reads: 300 MB in  3.01 seconds =  99.67 MB/sec\n", f);
	fclose(f);
	assert_int_equal(br_load_view(in.v, in.n, &o, 0, BR_KEEP_ALL, &l), 0);
	char *back = br_excerpts_read(l.ds.excerpts, l.ds.records.v[0]);
	assert_string_equal(back, " Timing buffered disk reads: 300 MB in  3.01 seconds =  99.67 MB/sec");
	assert_null(br_excerpts_error(l.ds.excerpts));
	free(back);
	br_load_free(&l);
	inputs_free(&in);
	unlink(a);
	free(a);
}

int main(void)
{
	br_parsers_init();
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(corpus_twice_merges_as_held),
		cmocka_unit_test(repeated_runs_and_cut_hosts),
		cmocka_unit_test(near_figures_merge_as_held),
		cmocka_unit_test(an_input_that_changes_is_an_error),
		cmocka_unit_test(excerpts_read_back_as_copied),
		cmocka_unit_test(excerpt_of_a_changed_file_is_not_read),
		cmocka_unit_test(candidates_merged_as_they_come),
		cmocka_unit_test(quoted_runs_taken_back_in_pass_one),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
