/*
 * Unit tests: --aggregate's configurations (model/group.c br_configs_find)
 * and the --group-by report's sections (model/report.c) cost O(1) a run
 * whatever the hosts (issue 15). Each shape is built at two sizes, N and
 * 4N runs, and what the grouping visited is counted (br_configs.looked:
 * leaves, tree nodes, heap slots); 4N runs may cost at most five times
 * what N cost (the bisections add log 4N / log N), and a bounded number a
 * run. A scan of "every row like this one" grows 16 times. The outcome is
 * checked too (which runs are one configuration). The report's sections
 * under --group-by host with before/after pairs hold each group's runs
 * only: counted as the records the sections hold.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "dataset.h"
#include "group.h"
#include "record.h"
#include "report.h"
#include "util.h"

#define N 1000

static struct br_record *hdparm(const char *host, const char *label, double buffered, const char *file,
				unsigned line)
{
	struct br_record *r = br_record_new(BR_TOOL_HDPARM);
	if (host)
		br_record_set_host(r, host);
	if (label)
		br_record_set_label(r, label);
	char raw[32];
	snprintf(raw, sizeof raw, "%.2f", buffered);
	br_record_set(r, BR_M_buffered_read, buffered * 1024, raw);
	br_record_set_source(r, file, line, line, "hdparm");
	return r;
}

/* A shape: the records of size n, into s. */
typedef void shape_fn(struct br_recset *s, unsigned n);

/* Every host different. */
static void distinct(struct br_recset *s, unsigned n)
{
	for (unsigned i = 0; i < n; i++) {
		char h[32];
		snprintf(h, sizeof h, "node%06u", i);
		br_recset_add(s, hdparm(h, "raid0", 100 + i % 7, "a.txt", i + 1));
	}
}

/* One host, one label: one configuration. */
static void one_host(struct br_recset *s, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		br_recset_add(s, hdparm("box", "raid0", 100 + i % 7, "a.txt", i + 1));
}

/* Hosts h0, h1, ..., as decimal numbers: h1 starts h10, h100, h1000 and
 * h1 to h9 start a tenth of all the others each. */
static void decimal(struct br_recset *s, unsigned n)
{
	for (unsigned i = 0; i < n; i++) {
		char h[32];
		snprintf(h, sizeof h, "h%u", i);
		br_recset_add(s, hdparm(h, "raid0", 100 + i % 7, "a.txt", i + 1));
	}
}

/* Chains of hosts that start each other, longest first and shortest
 * first ("web", "web1", "web12" ... and back). */
static void chains(struct br_recset *s, unsigned n)
{
	static const char digits[] = "123456789abcdef";
	for (unsigned i = 0; i < n; i++) {
		unsigned k = i % 32, depth = k < 16 ? k : 31 - k;
		char h[64];
		int w = snprintf(h, sizeof h, "web%u-", i / 32);
		memcpy(h + w, digits, depth);
		h[w + (int)depth] = '\0';
		br_recset_add(s, hdparm(h, NULL, 100 + i % 7, "a.txt", i + 1));
	}
}

/* "Try N" labels of one host and unknown hosts with a label. */
static void tries(struct br_recset *s, unsigned n)
{
	for (unsigned i = 0; i < n; i++) {
		char l[32];
		snprintf(l, sizeof l, "ext4, try %u", i);
		br_recset_add(s, hdparm(i % 3 ? "box" : NULL, l, 100 + i % 7, "a.txt", i + 1));
	}
}

static struct br_configs grouped(shape_fn *shape, unsigned n, struct br_recset *s)
{
	shape(s, n);
	size_t *ikey = br_malloc(s->n * sizeof *ikey);
	for (size_t i = 0; i < s->n; i++)
		ikey[i] = 0;
	struct br_configs cf;
	br_configs_find(&cf, (const struct br_record *const *)s->v, s->n, ikey);
	free(ikey);
	return cf;
}

/* The work at 4N is at most five times that at N, and bounded a run. */
static void grows_linearly(shape_fn *shape, const char *name, size_t configs_n, size_t configs_4n)
{
	struct br_recset a = {0}, b = {0};
	struct br_configs x = grouped(shape, N, &a), y = grouped(shape, 4 * N, &b);
	print_message("%s: %zu visited for %u runs, %zu for %u\n", name, x.looked, N, y.looked, 4 * N);
	assert_true(y.looked <= 5 * x.looked);
	assert_true(y.looked <= 64u * 4 * N);
	assert_int_equal(x.n, configs_n);
	assert_int_equal(y.n, configs_4n);
	br_configs_release(&x);
	br_configs_release(&y);
	br_recset_free(&a);
	br_recset_free(&b);
}

static void distinct_hosts(void **state)
{
	(void)state;
	grows_linearly(distinct, "distinct", N, 4 * N);
}

static void the_same_host(void **state)
{
	(void)state;
	grows_linearly(one_host, "one host", 1, 1);
}

static void decimal_hosts(void **state)
{
	(void)state;
	/* h1 starts h10 .. h19, h100 ...: many hosts start others */
	struct br_recset a = {0}, b = {0};
	struct br_configs x = grouped(decimal, N, &a), y = grouped(decimal, 4 * N, &b);
	print_message("decimal: %zu visited for %u runs, %zu for %u\n", x.looked, N, y.looked, 4 * N);
	assert_true(y.looked <= 5 * x.looked);
	assert_true(y.looked <= 64u * 4 * N);
	br_configs_release(&x);
	br_configs_release(&y);
	br_recset_free(&a);
	br_recset_free(&b);
}

static void prefix_chains(void **state)
{
	(void)state;
	/* each chain of 32 is one configuration, named after its longest host */
	struct br_recset s = {0};
	struct br_configs cf = grouped(chains, 64, &s);
	assert_int_equal(cf.n, 2);
	assert_string_equal(cf.host[0], "web0-123456789abcdef");
	br_configs_release(&cf);
	br_recset_free(&s);
	grows_linearly(chains, "chains", (N + 31) / 32, (4 * N + 31) / 32);
}

static void try_labels(void **state)
{
	(void)state;
	/* the labels are one configuration ("ext4"); runs without host are
	 * one of it too (a row with no host joins any) */
	grows_linearly(tries, "tries", 1, 1);
}

/* --group-by host over two inputs holding the same hosts, figures changed:
 * a before/after table per host. Each host's section holds its own two
 * runs, not every other host's "before" run as a baseline. */
static size_t section_records(unsigned hosts)
{
	struct br_dataset ds = {0};
	br_dataset_add_input(&ds, "before.txt");
	br_dataset_add_input(&ds, "after.txt");
	for (unsigned i = 0; i < hosts; i++) {
		char h[32];
		snprintf(h, sizeof h, "node%06u", i);
		br_recset_add(&ds.records, hdparm(h, NULL, 100, "before.txt", i + 1));
		ds.records.v[ds.records.n - 1]->input = 1;
		br_recset_add(&ds.records, hdparm(h, NULL, 150, "after.txt", i + 1));
		ds.records.v[ds.records.n - 1]->input = 2;
	}
	struct br_render_opts o = {.chart_group = -1, .aggregate = true, .group_by = "host"};
	struct br_report *rep = br_report_build(&ds, &o, BR_NEED_SECTIONS);
	assert_int_equal(rep->cmp->ntables, hosts);
	for (size_t t = 0; t < rep->cmp->ntables; t++)
		assert_true(rep->cmp->tables[t].before_after);
	assert_int_equal(rep->nsecs, hosts);
	size_t held = 0;
	for (size_t i = 0; i < rep->nsecs; i++) {
		assert_int_equal(rep->secs[i].rs.n, 2);
		assert_int_equal(rep->secs[i].own, 2);
		held += rep->secs[i].rs.n;
	}
	br_report_free(rep);
	br_dataset_free(&ds);
	return held;
}

static void group_sections_hold_their_own(void **state)
{
	(void)state;
	size_t x = section_records(50), y = section_records(200);
	assert_int_equal(x, 100);
	assert_int_equal(y, 400);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(distinct_hosts),
		cmocka_unit_test(the_same_host),
		cmocka_unit_test(decimal_hosts),
		cmocka_unit_test(prefix_chains),
		cmocka_unit_test(try_labels),
		cmocka_unit_test(group_sections_hold_their_own),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
