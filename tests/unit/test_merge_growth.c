/*
 * Unit tests: the merge (core/record.c br_recset_merge) and the archive's
 * same-run look-up (archive/archive.c) cost O(1) a record whatever the data
 * (issue 15). Each adversarial shape is built at two sizes, N and 4N, and
 * what was looked at and compared is counted (br_merge_stats,
 * br_archive_stats.candidates_compared): 4N records may cost at most five
 * times what N cost, and a bounded number of comparisons a record. A scan
 * of "every record like this one" grows 16 times. The merge's outcome is
 * checked too (what must merge does, what must not stays apart): that the
 * index finds exactly what the plain rule finds is test_merge_index.c's.
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

#include "archive.h"
#include "dataset.h"
#include "metric.h"
#include "record.h"
#include "util.h"

#define N 1000

/* The six I/O tests of a bonnie++ run, with the CPU figures every run of a
 * shape shares (so that every run of it is in one merge bucket). */
static const enum br_metric_id io[6] = {BR_M_putc, BR_M_put_block, BR_M_rewrite,
					BR_M_getc, BR_M_get_block, BR_M_seeks};

static struct br_record *bonnie(const char *host, bool cut, const double fig[6], unsigned line)
{
	struct br_record *r = br_record_new(BR_TOOL_BONNIEPP);
	br_record_set_host(r, host);
	r->host_cut = cut;
	for (int k = 0; k < 6; k++) {
		struct br_value *v = br_record_set(r, io[k], fig[k], NULL);
		br_value_set_resolution(v, 1);
		br_record_set_cpu(r, io[k], 10 + k);
	}
	br_record_set_source(r, "shape", line, line, "test");
	return r;
}

static const double same[6] = {900, 180000, 90000, 1100, 260000, 400};

static uint64_t lcg = 1;
static unsigned rnd(unsigned n)
{
	lcg = lcg * 6364136223846793005ull + 1442695040888963407ull;
	return (unsigned)((lcg >> 33) % n);
}

/* A shape: the records of size n, into s. */
typedef void shape_fn(struct br_recset *s, unsigned n);

/* Merge a shape of size n; the counts and the survivors. */
static struct br_merge_stats merged(shape_fn *shape, unsigned n, struct br_recset *s)
{
	struct br_merge_stats st;
	shape(s, n);
	br_recset_merge_counted(s, &st);
	return st;
}

/* The work at 4N is at most five times that at N, and a few comparisons
 * a record. */
static void grows_linearly(shape_fn *shape, const char *name)
{
	struct br_recset a = {0}, b = {0};
	struct br_merge_stats x = merged(shape, N, &a), y = merged(shape, 4 * N, &b);
	br_recset_free(&a);
	br_recset_free(&b);
	print_message("%s: compared %zu -> %zu, visited %zu -> %zu, lookups %zu -> %zu, filed %zu -> %zu\n", name,
		      x.compared, y.compared, x.visited, y.visited, x.lookups, y.lookups, x.filed, y.filed);
	assert_true(y.compared <= 5 * x.compared + 16);
	assert_true(y.visited <= 5 * x.visited + 16);
	assert_true(y.lookups <= 5 * x.lookups + 16);
	assert_true(y.compared <= 4 * (size_t)(4 * N));
	/* a record is filed under each start of its host that is a cut host
	 * (up to 40 in hosts_prefixes), the entries dropped as they are met */
	assert_true(y.visited <= 64 * (size_t)(4 * N));
	/* a kept record that takes a copy's longer name is filed under what
	 * the longer name adds, not again under every start of it: a few
	 * entries a record (hosts_prefixes: its name, as a cut name, and its
	 * longest start; was 22 a record there) */
	assert_true(y.filed <= 4 * (size_t)(4 * N));
}

/* ------------------------------------------------------------ shapes */

/* Every figure equal, every host different: nothing merges. */
static void all_figures_equal(struct br_recset *s, unsigned n)
{
	for (unsigned i = 0; i < n; i++) {
		char host[32];
		snprintf(host, sizeof host, "node%u", i);
		br_recset_add(s, bonnie(host, false, same, i + 1));
	}
}

/* One host, the block write figure different in each run. */
static void all_hosts_equal(struct br_recset *s, unsigned n)
{
	for (unsigned i = 0; i < n; i++) {
		double f[6];
		memcpy(f, same, sizeof f);
		f[1] = 100000 + 7.0 * i;
		br_recset_add(s, bonnie("box", false, f, i + 1));
	}
}

/* Cut names that start one another: groups of 40 runs, the k-th named by
 * the first k + 1 letters (all cut), the same figures inside a group and
 * other figures in the next. Each group is one run (its later copies carry
 * longer names: the kept record is filed again under each). */
static void hosts_prefixes(struct br_recset *s, unsigned n)
{
	static const char name[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMN";
	for (unsigned i = 0; i < n; i++) {
		char host[48];
		unsigned len = 1 + i % 40;
		memcpy(host, name, len);
		host[len] = 0;
		double f[6];
		memcpy(f, same, sizeof f);
		f[1] = 100000 + 10.0 * (i / 40);
		br_recset_add(s, bonnie(host, true, f, i + 1));
	}
}

/* Many hosts that one cut name starts ("p0", "p1", …), all figures equal,
 * and a cut copy "p" after every third: each copy is the first one's. */
static void cut_copies_of_many_hosts(struct br_recset *s, unsigned n)
{
	for (unsigned i = 0; i < n; i++) {
		char host[32];
		snprintf(host, sizeof host, "p%u", i);
		br_recset_add(s, bonnie(host, false, same, i + 1));
		if (i % 3 == 2)
			br_recset_add(s, bonnie("p", true, same, i + 1));
	}
}

/* Similar runs: one of 50 hosts, two figures varied, the rest shared. */
static void similar_runs(struct br_recset *s, unsigned n)
{
	lcg = 1;
	for (unsigned i = 0; i < n; i++) {
		char host[32];
		snprintf(host, sizeof host, "srv%u", rnd(50));
		double f[6];
		memcpy(f, same, sizeof f);
		f[1] = 100000 + 3.0 * i;
		f[2] = 50000 + rnd(100000);
		br_recset_add(s, bonnie(host, false, f, i + 1));
	}
}

/* The same hdparm figure on n devices, each quoted again after all of
 * them: each copy merges with its own device only. */
static void hdparm_devices(struct br_recset *s, unsigned n)
{
	for (unsigned i = 0; i < 2 * n; i++) {
		char dev[32];
		snprintf(dev, sizeof dev, "/dev/sd%u", i % n);
		struct br_record *r = br_record_new(BR_TOOL_HDPARM);
		br_record_set_host(r, dev);
		br_value_set_resolution(br_record_set(r, BR_M_buffered_read, 102062.08, "99.67"), 10.24);
		br_record_param_num(r, "seconds", 3.01);
		br_record_set_source(r, "shape", i + 1, i + 1, "test");
		br_recset_add(s, r);
	}
}

/* bonnie++ 2.00a reports of the file-creation tests only, as its text
 * prints them: the create rates doubtful, the latencies trusted; every
 * rate and latency the same, one host each. After all of them, the CSV
 * line of each (the rates trusted, other values): it is the same run. */
static void doubtful_creates(struct br_recset *s, unsigned n)
{
	static const enum br_metric_id cr[3] = {BR_M_seq_create, BR_M_seq_del, BR_M_ran_create};
	static const enum br_metric_id lat[3] = {BR_M_seq_create_latency, BR_M_seq_del_latency,
						 BR_M_ran_create_latency};
	for (unsigned i = 0; i < 2 * n; i++) {
		char host[32];
		snprintf(host, sizeof host, "vm%u", i % n);
		struct br_record *r = br_record_new(BR_TOOL_BONNIEPP);
		br_record_set_host(r, host);
		for (int k = 0; k < 3; k++) {
			struct br_value *v = br_record_set(r, cr[k], i < n ? 32768 : 1497 + k, NULL);
			v->doubtful = i < n;
			br_record_set_cpu(r, cr[k], 20);
			br_value_set_resolution(br_record_set(r, lat[k], 376000, NULL), 1);
		}
		br_record_set_too_fast(r, BR_M_seq_stat, "+++++");
		br_record_set_source(r, "shape", i + 1, i + 1, "test");
		br_recset_add(s, r);
	}
}

/* ------------------------------------------------------------ the merge */

static void equal_figures_different_hosts(void **state)
{
	(void)state;
	grows_linearly(all_figures_equal, "all figures equal");
	struct br_recset s = {0};
	all_figures_equal(&s, 50);
	assert_int_equal(br_recset_merge(&s), 0);
	br_recset_free(&s);
}

static void one_host_different_figures(void **state)
{
	(void)state;
	grows_linearly(all_hosts_equal, "all hosts equal");
	struct br_recset s = {0};
	all_hosts_equal(&s, 50);
	assert_int_equal(br_recset_merge(&s), 0);
	br_recset_free(&s);
}

static void cut_hosts_that_start_each_other(void **state)
{
	(void)state;
	grows_linearly(hosts_prefixes, "hosts prefixes of each other");
	struct br_recset s = {0};
	hosts_prefixes(&s, 400);
	assert_int_equal(br_recset_merge(&s), 400 - 10);
	assert_int_equal(s.n, 10);
	for (size_t k = 0; k < s.n; k++) {
		assert_int_equal(strlen(s.v[k]->host), 40); /* the fullest name */
		assert_int_equal(s.v[k]->nalso, 39);
	}
	br_recset_free(&s);

	grows_linearly(cut_copies_of_many_hosts, "one cut name, many hosts");
	s = (struct br_recset){0};
	cut_copies_of_many_hosts(&s, 300);
	assert_int_equal(br_recset_merge(&s), 100);
	assert_string_equal(s.v[0]->host, "p0");
	assert_int_equal(s.v[0]->nalso, 100);
	br_recset_free(&s);
}

static void similar_runs_stay_apart(void **state)
{
	(void)state;
	grows_linearly(similar_runs, "similar runs");
	struct br_recset s = {0};
	similar_runs(&s, 200);
	assert_int_equal(br_recset_merge(&s), 0);
	br_recset_free(&s);
}

static void hdparm_figure_on_many_devices(void **state)
{
	(void)state;
	grows_linearly(hdparm_devices, "identical hdparm figures");
	struct br_recset s = {0};
	hdparm_devices(&s, 100);
	assert_int_equal(br_recset_merge(&s), 100);
	for (size_t k = 0; k < s.n; k++) {
		assert_int_equal(s.v[k]->nalso, 1);
		assert_int_equal(s.v[k]->also[0].line, k + 101);
	}
	br_recset_free(&s);
}

static void doubtful_create_rates_only(void **state)
{
	(void)state;
	grows_linearly(doubtful_creates, "doubtful create rates only");
	struct br_recset s = {0};
	doubtful_creates(&s, 100);
	assert_int_equal(br_recset_merge(&s), 100);
	for (size_t k = 0; k < s.n; k++) {
		assert_int_equal(s.v[k]->nalso, 1);
		const struct br_value v = br_record_get(s.v[k], BR_M_seq_create);
		assert_false(v.doubtful); /* the CSV's trusted rate won */
		assert_true(v.value == 1497);
	}
	br_recset_free(&s);
}

/* A kept record filed again (a longer host from its copy) is still found
 * under the new name, and not under the old one. */
static void a_record_filed_again_is_found(void **state)
{
	(void)state;
	struct br_recset s = {0};
	br_recset_add(&s, bonnie("web", true, same, 1));     /* cut */
	br_recset_add(&s, bonnie("web-front", false, same, 2)); /* its full name */
	br_recset_add(&s, bonnie("web-front", false, same, 3)); /* quoted again */
	br_recset_add(&s, bonnie("web-back", false, same, 4));  /* another machine */
	assert_int_equal(br_recset_merge(&s), 2);
	assert_int_equal(s.n, 2);
	assert_string_equal(s.v[0]->host, "web-front");
	assert_int_equal(s.v[0]->nalso, 2);
	assert_string_equal(s.v[1]->host, "web-back");
	br_recset_free(&s);
}

/* A batch of the stream (parsers/load.c settle): n survivors of earlier
 * batches, each a run with a 40-letter name (cut, the figures of its
 * own), kept without a find; then n copies, the k-th run's under its
 * name cut to 1 + k % 39 letters. The counts; each copy merges. */
static struct br_merge_stats survivors_then_cut_copies(unsigned n)
{
	static const char name[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMN";
	struct br_recset s = {0};
	for (unsigned i = 0; i < 2 * n; i++) {
		char host[48];
		unsigned len = i < n ? 40 : 1 + i % 39;
		memcpy(host, name, len);
		host[len] = 0;
		double f[6];
		memcpy(f, same, sizeof f);
		f[1] = 100000 + 10.0 * (i % n);
		br_recset_add(&s, bonnie(host, true, f, i + 1));
	}
	struct br_merge_index *ix = br_merge_index_new(s.v, s.n, NULL);
	for (unsigned i = 0; i < n; i++)
		br_merge_index_keep(ix, i);
	for (unsigned i = n; i < 2 * n; i++) {
		size_t a = br_merge_index_find(ix, i);
		assert_int_equal(a, i - n);
		br_merge_index_merge(ix, a, i);
	}
	struct br_merge_stats st;
	br_merge_index_stats(ix, &st);
	br_merge_index_free(ix);
	br_recset_free(&s);
	return st;
}

/* Records kept before the first find (a batch's survivors) are filed
 * once, under their names, and a later cut name finds them by a search
 * of the names it starts: not under each of the 39 starts of their
 * names that are cut names (filed was 41 a survivor). */
static void survivors_filed_once(void **state)
{
	(void)state;
	struct br_merge_stats x = survivors_then_cut_copies(N), y = survivors_then_cut_copies(4 * N);
	print_message("survivors, then cut copies: compared %zu -> %zu, visited %zu -> %zu, filed %zu -> %zu\n",
		      x.compared, y.compared, x.visited, y.visited, x.filed, y.filed);
	assert_true(y.filed <= 5 * x.filed + 16);
	assert_true(y.compared <= 5 * x.compared + 16);
	assert_true(y.visited <= 5 * x.visited + 16);
	assert_true(y.filed <= 3 * (size_t)(4 * N));
	assert_true(y.compared <= 2 * (size_t)(2 * 4 * N));
}

/* ------------------------------------------------------------ the archive */

static char dir[64];

static int mkdir_tmp(void **state)
{
	(void)state;
	strcpy(dir, "/tmp/br-test-growth-XXXXXX");
	return mkdtemp(dir) ? 0 : -1;
}

static int rm_tmp(void **state)
{
	(void)state;
	DIR *d = opendir(dir);
	struct dirent *e;
	while (d && (e = readdir(d))) {
		if (e->d_name[0] == '.')
			continue;
		char p[512];
		snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
		unlink(p);
	}
	if (d)
		closedir(d);
	rmdir(dir);
	return 0;
}

/* Rows sharing a merge key, added to an empty archive in one add, then
 * again with as many new rows and a copy of every other first one. */
static size_t archive_work(shape_fn *shape, unsigned n, size_t *merged_later)
{
	char db[128];
	snprintf(db, sizeof db, "%s/g%u.db", dir, n);
	struct br_dataset ds = {0};
	shape(&ds.records, n);
	size_t count = ds.records.n;
	struct br_archive_stats a, b;
	assert_int_equal(br_archive_add_dataset(db, &ds, NULL, &a), 0);
	assert_int_equal(a.records_added + a.records_merged, count);
	br_dataset_free(&ds);
	memset(&ds, 0, sizeof ds);
	struct br_recset more = {0};
	shape(&more, 2 * n); /* the first n again, then n more */
	for (size_t k = 0; k < more.n; k++) {
		if (k < n && k % 2) {
			br_record_free(more.v[k]);
			continue;
		}
		br_record_set_source(more.v[k], "later", (unsigned)k + 1, (unsigned)k + 1, "test");
		br_recset_add(&ds.records, more.v[k]);
	}
	free(more.v);
	assert_int_equal(br_archive_add_dataset(db, &ds, NULL, &b), 0);
	br_dataset_free(&ds);
	unlink(db);
	*merged_later = b.records_merged;
	return a.candidates_compared + b.candidates_compared;
}

static void archive_grows_linearly(shape_fn *shape, const char *name, unsigned n)
{
	size_t m1, m4;
	size_t x = archive_work(shape, n, &m1), y = archive_work(shape, 4 * n, &m4);
	print_message("archive, %s: compared %zu -> %zu\n", name, x, y);
	assert_true(y <= 5 * x + 16);
	assert_true(y <= 4 * (size_t)(3 * 4 * n));
	assert_true(m1 >= n / 2 && m4 >= 2 * n); /* the copies were found */
}

static void archive_rows_sharing_a_key(void **state)
{
	(void)state;
	archive_grows_linearly(all_figures_equal, "all figures equal", 250);
	archive_grows_linearly(all_hosts_equal, "all hosts equal", 250);
	archive_grows_linearly(hdparm_devices, "identical hdparm figures", 125);
	archive_grows_linearly(hosts_prefixes, "hosts prefixes of each other", 240);
	archive_grows_linearly(doubtful_creates, "doubtful create rates only", 125);
}

/* A cut name archived, its full name added later, and the other way round:
 * the look-up by host start finds the archived record. */
static void archive_finds_cut_names(void **state)
{
	(void)state;
	char db[128];
	snprintf(db, sizeof db, "%s/cut.db", dir);
	const char *first[] = {"web", "db-primary"}, *later[] = {"web-front", "db"};
	const bool cut_first[] = {true, false}, cut_later[] = {false, true};
	for (int round = 0; round < 2; round++) {
		struct br_dataset ds = {0};
		br_recset_add(&ds.records, bonnie(first[round], cut_first[round], same, 1));
		struct br_archive_stats st;
		assert_int_equal(br_archive_add_dataset(db, &ds, NULL, &st), 0);
		br_dataset_free(&ds);
		memset(&ds, 0, sizeof ds);
		struct br_record *r = bonnie(later[round], cut_later[round], same, 2);
		br_record_set_source(r, "later", 2, 2, "test");
		br_recset_add(&ds.records, r);
		assert_int_equal(br_archive_add_dataset(db, &ds, NULL, &st), 0);
		br_dataset_free(&ds);
		assert_int_equal(st.records_merged, 1);
		unlink(db);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(equal_figures_different_hosts),
		cmocka_unit_test(one_host_different_figures),
		cmocka_unit_test(cut_hosts_that_start_each_other),
		cmocka_unit_test(similar_runs_stay_apart),
		cmocka_unit_test(hdparm_figure_on_many_devices),
		cmocka_unit_test(doubtful_create_rates_only),
		cmocka_unit_test(a_record_filed_again_is_found),
		cmocka_unit_test(survivors_filed_once),
		cmocka_unit_test_setup_teardown(archive_rows_sharing_a_key, mkdir_tmp, rm_tmp),
		cmocka_unit_test_setup_teardown(archive_finds_cut_names, mkdir_tmp, rm_tmp),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
