/* Unit tests: the comparison model (model/table.h) on records built by
 * hand — best marks, units, baseline ratios, aggregation statistics and the
 * t-test, sorting, filters, grouping. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "group.h"
#include "tablefmt.h"
#include "record.h"

/* A bonnie++ record: label, host, put_block (KiB/s) with cpu, seeks (/s),
 * put_block_latency (us); a negative figure is left out. */
static struct br_record *bpp(const char *label, const char *host, double put_block, double cpu,
			     double seeks, double lat)
{
	struct br_record *r = br_record_new(BR_TOOL_BONNIEPP);
	br_record_set_label(r, label);
	br_record_set_host(r, host);
	br_record_set_source(r, "t.txt", 1, 2, "bonnie++-csv");
	if (put_block >= 0) {
		br_record_set(r, BR_M_put_block, put_block, NULL);
		br_record_set_cpu(r, BR_M_put_block, cpu);
	}
	if (seeks >= 0)
		br_record_set(r, BR_M_seeks, seeks, NULL);
	if (lat >= 0)
		br_record_set(r, BR_M_put_block_latency, lat, NULL);
	return r;
}

static struct br_record *hdp(const char *host, double cached, double buffered)
{
	struct br_record *r = br_record_new(BR_TOOL_HDPARM);
	br_record_set_host(r, host);
	br_record_set(r, BR_M_cached_read, cached, NULL);
	br_record_set(r, BR_M_buffered_read, buffered, NULL);
	return r;
}

/* The model with its cells hung on rows[].cells (what these tests read). */
static struct br_cmp *build(const struct br_recset *rs, const struct br_render_opts *o)
{
	struct br_cmp *c = br_cmp_build_records(rs, o);
	br_cmp_materialize(c);
	return c;
}

static const struct br_cmp_col *col_of(const struct br_cmp_table *t, enum br_metric_id m, size_t *k)
{
	for (size_t i = 0; i < t->ncols; i++)
		if (t->cols[i].metric == m) {
			if (k)
				*k = i;
			return &t->cols[i];
		}
	return NULL;
}

static const struct br_cmp_cell *cell(const struct br_cmp_table *t, size_t row, enum br_metric_id m)
{
	size_t k = 0;
	assert_non_null(col_of(t, m, &k));
	return &t->rows[row].cells[k];
}

static char *fmt(const struct br_cmp_col *c, double v)
{
	struct br_buf b = BR_BUF_INIT;
	br_cmp_format(c, v, &b);
	return br_buf_detach(&b);
}

static void best_marks_both_directions(void **state)
{
	(void)state;
	struct br_recset s = {0};
	br_recset_add(&s, bpp("a", "h1", 30000, 40, 180.5, 9000));
	br_recset_add(&s, bpp("b", "h2", 50000, 60, 150.0, 4000));
	br_recset_add(&s, bpp("c", "h3", 50000, 30, 120.0, 12000)); /* tie on put_block */
	struct br_recset one = {0};
	br_recset_add(&one, bpp("solo", "h", 1000, 5, 10, 10));
	struct br_cmp *c = build(&s, NULL);
	assert_int_equal(c->ntables, 1);
	const struct br_cmp_table *t = &c->tables[0];
	assert_int_equal(t->family, BR_FAM_BONNIE);
	assert_int_equal(t->nrows, 3);
	/* columns in metrics.def order */
	assert_int_equal(t->ncols, 3);
	assert_int_equal(t->cols[0].metric, BR_M_put_block);
	assert_int_equal(t->cols[1].metric, BR_M_seeks);
	assert_int_equal(t->cols[2].metric, BR_M_put_block_latency);
	/* higher is better, ties are all best */
	assert_false(cell(t, 0, BR_M_put_block)->best);
	assert_true(cell(t, 1, BR_M_put_block)->best);
	assert_true(cell(t, 2, BR_M_put_block)->best);
	assert_true(cell(t, 0, BR_M_seeks)->best);
	assert_false(cell(t, 1, BR_M_seeks)->best);
	/* lower is better for latency and cpu */
	assert_true(cell(t, 1, BR_M_put_block_latency)->best);
	assert_false(cell(t, 2, BR_M_put_block_latency)->best);
	assert_true(cell(t, 2, BR_M_put_block)->best_cpu);
	assert_false(cell(t, 0, BR_M_put_block)->best_cpu);
	const struct br_cmp_col *lat = col_of(t, BR_M_put_block_latency, NULL);
	assert_true(lat->best == 4000);
	assert_true(lat->min == 4000 && lat->max == 12000);
	/* shading: best 1, worst 0 in both directions */
	assert_true(br_cmp_shade(lat, 4000) == 1.0);
	assert_true(br_cmp_shade(lat, 12000) == 0.0);
	assert_true(br_cmp_shade(col_of(t, BR_M_put_block, NULL), 30000) == 0.0);
	br_cmp_free(c);
	/* all equal: nothing stands out, nothing is marked */
	struct br_recset same = {0};
	br_recset_add(&same, bpp("x", "h1", 5000, 5, 10, -1));
	br_recset_add(&same, bpp("y", "h2", 5000, 5, 20, -1));
	c = build(&same, NULL);
	assert_false(c->tables[0].cols[0].has_best);
	assert_false(c->tables[0].rows[0].cells[0].best || c->tables[0].rows[1].cells[0].best);
	assert_false(c->tables[0].rows[0].cells[0].best_cpu);
	assert_true(c->tables[0].rows[1].cells[1].best); /* seeks 20 */
	br_cmp_free(c);
	br_recset_free(&same);
	/* a lone figure is not "best" of anything */
	c = build(&one, NULL);
	assert_false(c->tables[0].cols[0].has_best);
	assert_false(c->tables[0].rows[0].cells[0].best);
	br_cmp_free(c);
	br_recset_free(&s);
	br_recset_free(&one);
}

static void units_are_chosen_per_column(void **state)
{
	(void)state;
	struct br_cmp_unit u = br_cmp_pick_unit(BR_UNIT_KIBS, 9314, 6618);
	assert_string_equal(u.name, "KiB/s");
	assert_true(u.div == 1);
	u = br_cmp_pick_unit(BR_UNIT_KIBS, 30100, 9314);
	assert_string_equal(u.name, "MiB/s");
	assert_true(u.div == 1024);
	assert_int_equal(u.decimals, 2); /* 9.1 MiB/s keeps three digits */
	u = br_cmp_pick_unit(BR_UNIT_KIBS, 12.0 * 1024 * 1024, 40 * 1024);
	assert_string_equal(u.name, "GiB/s");
	assert_int_equal(u.decimals, 3); /* 0.039 GiB/s: two significant digits */
	u = br_cmp_pick_unit(BR_UNIT_USEC, 15000, 800);
	assert_string_equal(u.name, "ms");
	u = br_cmp_pick_unit(BR_UNIT_USEC, 9999, 10);
	assert_string_equal(u.name, "us");
	u = br_cmp_pick_unit(BR_UNIT_USEC, 20e6, 1e6);
	assert_string_equal(u.name, "s");
	u = br_cmp_pick_unit(BR_UNIT_PERSEC, 1e6, 10);
	assert_string_equal(u.name, "/s");
	assert_true(u.div == 1);

	struct br_recset s = {0};
	br_recset_add(&s, bpp("a", "h1", 30348, 47, 179.9, 800));
	br_recset_add(&s, bpp("b", "h2", 9314, 6, 1323.1, 15000));
	br_recset_add(&s, hdp("/dev/hda", 12.0 * 1024 * 1024, 40 * 1024));
	br_recset_add(&s, hdp("/dev/hdb", 11.5 * 1024 * 1024, 38.5 * 1024));
	struct br_cmp *c = build(&s, NULL);
	assert_int_equal(c->ntables, 2);
	const struct br_cmp_table *t = &c->tables[0];
	const struct br_cmp_col *pb = col_of(t, BR_M_put_block, NULL);
	assert_string_equal(pb->unit.name, "MiB/s");
	char *v = fmt(pb, 30348);
	assert_string_equal(v, "29.6"); /* its own decimals, not the column's */
	free(v);
	v = fmt(pb, 9314);
	assert_string_equal(v, "9.10");
	free(v);
	const struct br_cmp_col *sk = col_of(t, BR_M_seeks, NULL);
	assert_string_equal(sk->unit.name, "/s");
	assert_int_equal(sk->unit.decimals, 1); /* as printed */
	v = fmt(sk, 179.9);
	assert_string_equal(v, "179.9");
	free(v);
	const struct br_cmp_col *lat = col_of(t, BR_M_put_block_latency, NULL);
	assert_string_equal(lat->unit.name, "ms");
	v = fmt(lat, 800);
	assert_string_equal(v, "0.80");
	free(v);
	v = fmt(pb, 1e30); /* a mangled figure does not blow the width up */
	assert_string_equal(v, "9.77e+26");
	free(v);
	/* hdparm: its own table, cached in GiB/s, buffered in MiB/s */
	t = &c->tables[1];
	assert_int_equal(t->family, BR_FAM_HDPARM);
	assert_string_equal(col_of(t, BR_M_cached_read, NULL)->unit.name, "GiB/s");
	assert_string_equal(col_of(t, BR_M_buffered_read, NULL)->unit.name, "MiB/s");
	v = fmt(col_of(t, BR_M_buffered_read, NULL), 38.5 * 1024);
	assert_string_equal(v, "38.5");
	free(v);
	br_cmp_free(c);
	br_recset_free(&s);
}

static void baseline_ratios(void **state)
{
	(void)state;
	struct br_recset s = {0};
	br_recset_add(&s, bpp("ext2", "box", 20000, 10, 100, 5000));
	br_recset_add(&s, bpp("ext3", "box", 10000, 10, 150, 10000));
	br_recset_add(&s, bpp("xfs", "box", 30000, 10, 100, -1));
	struct br_render_opts o = {.baseline = "ext3"};
	struct br_cmp *c = build(&s, &o);
	assert_int_equal(c->nnotes, 0);
	const struct br_cmp_table *t = &c->tables[0];
	/* the baseline row comes first, the others keep input order */
	assert_int_equal(t->baseline, 0);
	assert_true(t->rows[0].is_baseline);
	assert_string_equal(t->rows[0].label, "ext3");
	assert_string_equal(t->rows[1].label, "ext2");
	assert_string_equal(t->rows[2].label, "xfs");
	assert_false(cell(t, 0, BR_M_put_block)->has_ratio);
	const struct br_cmp_cell *e2 = cell(t, 1, BR_M_put_block);
	assert_true(e2->has_ratio);
	assert_true(fabs(e2->ratio - 2.0) < 1e-12);
	assert_true(e2->better);
	assert_int_equal(e2->sig, BR_CMP_SIG_NONE); /* not aggregated: no test */
	const struct br_cmp_cell *l2 = cell(t, 1, BR_M_put_block_latency);
	assert_true(fabs(l2->ratio - 0.5) < 1e-12);
	assert_true(l2->better); /* lower latency is better */
	assert_false(cell(t, 1, BR_M_seeks)->better);
	assert_false(cell(t, 2, BR_M_put_block_latency)->has_ratio); /* absent */
	struct br_buf b = BR_BUF_INIT;
	br_cmp_format_ratio(e2->ratio, &b);
	br_cmp_format_ratio(0.995, &b);
	br_cmp_format_ratio(0.5, &b);
	assert_string_equal(b.data, "200%99.5%50%");
	br_buf_free(&b);
	br_cmp_free(c);

	/* by host, case-insensitively, and a name that matches nothing */
	o.baseline = "BOX";
	c = build(&s, &o);
	assert_int_equal(c->tables[0].baseline, 0);
	assert_string_equal(c->tables[0].rows[0].label, "ext2");
	br_cmp_free(c);
	o.baseline = "nothing";
	c = build(&s, &o);
	assert_int_equal(c->tables[0].baseline, -1);
	assert_int_equal(c->nnotes, 1);
	assert_non_null(strstr(c->notes[0], "'nothing' matches no record"));
	br_cmp_free(c);
	br_recset_free(&s);
}

static void statistics_and_welch_on_known_numbers(void **state)
{
	(void)state;
	/* Welch's t-test, the example of its Wikipedia article: t = -2.46,
	 * df = 24.99, p = 0.021 (checked independently by numerical
	 * integration of Student's t density). */
	double a1[] = {27.5, 21.0, 19.0, 23.6, 17.0, 17.9, 16.9, 20.1, 21.9, 22.6, 23.1, 19.6, 19.0, 21.7, 21.4};
	double a2[] = {27.1, 22.0, 20.8, 23.4, 23.4, 23.5, 25.8, 22.0, 24.8, 20.2, 21.9, 22.1, 22.9, 20.5, 24.4};
	struct br_cmp_stats s1, s2;
	br_cmp_stats(a1, 15, &s1);
	br_cmp_stats(a2, 15, &s2);
	assert_int_equal(s1.n, 15);
	assert_true(fabs(s1.mean - 20.82) < 1e-9);
	assert_true(s1.median == 21.0);
	assert_true(s1.min == 16.9 && s1.max == 27.5);
	double t, df, p;
	assert_true(br_cmp_welch(&s1, &s2, &t, &df, &p));
	assert_true(fabs(t - -2.455356398) < 1e-6);
	assert_true(fabs(df - 24.98852929) < 1e-5);
	assert_true(fabs(p - 0.021378001) < 1e-6);

	double x[] = {1, 2, 3, 4}, y[] = {1.5, 2.5, 3.5, 4.5, 5.5};
	br_cmp_stats(x, 4, &s1);
	br_cmp_stats(y, 5, &s2);
	assert_true(s1.median == 2.5);
	assert_true(fabs(s1.sd - 1.290994449) < 1e-8);
	assert_true(br_cmp_welch(&s1, &s2, &t, &df, &p));
	assert_true(fabs(t - -1.044465936) < 1e-6);
	assert_true(fabs(df - 6.980769231) < 1e-6);
	assert_true(fabs(p - 0.331083270) < 1e-6);

	/* Student's t two-sided p values from tables */
	assert_true(fabs(br_cmp_t_pvalue(2.228, 10) - 0.05) < 1e-4);
	assert_true(fabs(br_cmp_t_pvalue(12.706, 1) - 0.05) < 1e-4);
	assert_true(br_cmp_t_pvalue(0, 5) == 1.0);

	/* one run: cannot test; no spread at all: decided by the means */
	double one[] = {5};
	br_cmp_stats(one, 1, &s1);
	assert_true(s1.sd == 0);
	assert_false(br_cmp_welch(&s1, &s2, &t, &df, &p));
	double c1[] = {3, 3}, c2[] = {4, 4};
	br_cmp_stats(c1, 2, &s1);
	br_cmp_stats(c2, 2, &s2);
	assert_true(br_cmp_welch(&s1, &s2, &t, &df, &p));
	assert_true(p == 0 && isinf(t));
}

static void config_labels(void **state)
{
	(void)state;
	static const char *const cases[][2] = {
		{"Configuration A / Try 1", "Configuration A"},
		{"Configuration C / Try 2 (Inserted and mounted a disc beforehand)", "Configuration C"},
		{"Try 2", NULL},
		{"# Try 1", NULL},
		{"ext3, run 2", "ext3"},
		{"ext3 (run #3)", "ext3"},
		{"Run 1: raid0", "raid0"},
		{"RAID 5 / 6 disks", "RAID 5 / 6 disks"},
		{"Country roads", "Country roads"},
		{"retry 2 times", "retry 2 times"},
		{"Trying 3 things", "Trying 3 things"},
	};
	for (size_t i = 0; i < BR_ARRAY_LEN(cases); i++) {
		char *got = br_cmp_config_label(cases[i][0]);
		if (cases[i][1])
			assert_string_equal(got, cases[i][1]);
		else
			assert_null(got);
		free(got);
	}
	assert_null(br_cmp_config_label(NULL));
}

/* Seed 001's runs: two tries each of configurations A and B (block write). */
static void aggregation(void **state)
{
	(void)state;
	struct br_recset s = {0};
	br_recset_add(&s, bpp("Configuration A / Try 1", "test1.dmotorworks.com", 9314, 6, 179.9, -1));
	br_recset_add(&s, bpp("Configuration A / Try 2", "test1.dmotor", 7444, 4, 190.6, -1));
	br_recset_add(&s, bpp("Configuration B / Try 1", "test2.dmotorworks.com", 12100, 10, 229.8, -1));
	br_recset_add(&s, bpp("Configuration B / Try 2", "test2.dmotorworks.com", 14391, 10, 332.9, -1));
	br_recset_add(&s, bpp("Configuration C / Try 1", "test3.dmotorworks.com", 11639, 9, 348.4, -1));
	/* a different host with the same label is another configuration */
	br_recset_add(&s, bpp("Configuration C / Try 2", "other", 11554, 13, 336.0, -1));
	struct br_render_opts o = {.aggregate = true, .baseline = "Configuration A"};
	struct br_cmp *c = build(&s, &o);
	assert_true(c->aggregated);
	const struct br_cmp_table *t = &c->tables[0];
	assert_int_equal(t->nrows, 4);
	assert_int_equal(t->baseline, 0);
	const struct br_cmp_row *a = &t->rows[0];
	assert_string_equal(a->label, "Configuration A");
	assert_string_equal(a->host, "test1.dmotorworks.com"); /* the fullest host */
	assert_string_equal(a->name, "Configuration A / test1.dmotorworks.com");
	assert_int_equal(a->nmembers, 2);
	assert_int_equal(t->rows[2].nmembers, 1);
	assert_int_equal(t->rows[3].nmembers, 1);
	assert_string_equal(t->rows[3].host, "other");
	const struct br_cmp_cell *ca = cell(t, 0, BR_M_put_block), *cb = cell(t, 1, BR_M_put_block);
	assert_int_equal(ca->n, 2);
	assert_true(ca->mean == 8379 && ca->value == 8379);
	assert_true(ca->median == 8379);
	assert_true(ca->min == 7444 && ca->max == 9314);
	assert_true(fabs(ca->sd - 1322.289682) < 1e-5);
	assert_true(ca->cpu == 5);
	assert_null(ca->raw);
	/* B vs A: t = 3.291, df = 1.923, p = 0.0856: within the spread of two runs */
	assert_true(cb->has_ratio);
	assert_true(fabs(cb->ratio - 13245.5 / 8379) < 1e-12);
	assert_int_equal(cb->sig, BR_CMP_SIG_WITHIN);
	assert_true(fabs(cb->t - 3.291185721) < 1e-6);
	assert_true(fabs(cb->df - 1.922851406) < 1e-6);
	assert_true(fabs(cb->p - 0.085613765) < 1e-6);
	/* seeks B vs A: 281.35 vs 185.25 */
	assert_true(fabs(cell(t, 1, BR_M_seeks)->mean - 281.35) < 1e-9);
	/* one run against two: not tested */
	assert_int_equal(cell(t, 2, BR_M_put_block)->sig, BR_CMP_SIG_UNTESTED);
	assert_int_equal(cell(t, 0, BR_M_put_block)->sig, BR_CMP_SIG_NONE);
	br_cmp_free(c);

	/* clear-cut difference: beyond the spread */
	struct br_recset s2 = {0};
	br_recset_add(&s2, bpp("slow / run 1", "h", 1000, 1, -1, -1));
	br_recset_add(&s2, bpp("slow / run 2", "h", 1010, 1, -1, -1));
	br_recset_add(&s2, bpp("slow / run 3", "h", 990, 1, -1, -1));
	br_recset_add(&s2, bpp("fast / run 1", "h", 2000, 1, -1, -1));
	br_recset_add(&s2, bpp("fast / run 2", "h", 2020, 1, -1, -1));
	br_recset_add(&s2, bpp("fast / run 3", "h", 1980, 1, -1, -1));
	o.baseline = "slow";
	c = build(&s2, &o);
	t = &c->tables[0];
	assert_int_equal(t->nrows, 2);
	assert_string_equal(t->rows[1].label, "fast");
	assert_int_equal(cell(t, 1, BR_M_put_block)->sig, BR_CMP_SIG_BEYOND);
	assert_true(cell(t, 1, BR_M_put_block)->p < 0.001);
	br_cmp_free(c);
	br_recset_free(&s);
	br_recset_free(&s2);
}

static void sorting(void **state)
{
	(void)state;
	struct br_recset s = {0};
	br_recset_add(&s, bpp("Try 10", "b", 2000, 1, 300, 50));
	br_recset_add(&s, bpp("Try 2", "c", 3000, 1, -1, 10));
	br_recset_add(&s, bpp("try 1", "a", 1000, 1, 100, 90));
	struct br_record *tf = bpp("too fast", "d", -1, 0, -1, -1);
	br_record_set_too_fast(tf, BR_M_seeks, "+++++");
	br_recset_add(&s, tf);
	struct br_render_opts o = {.sort = "put_block"};
	struct br_cmp *c = build(&s, &o);
	const struct br_cmp_table *t = &c->tables[0];
	assert_string_equal(t->rows[0].host, "c");
	assert_string_equal(t->rows[1].host, "b");
	assert_string_equal(t->rows[2].host, "a");
	assert_string_equal(t->rows[3].host, "d"); /* no figure: last */
	br_cmp_free(c);
	o.sort = "put_block_latency"; /* lower first */
	c = build(&s, &o);
	t = &c->tables[0];
	assert_string_equal(t->rows[0].host, "c");
	assert_string_equal(t->rows[2].host, "a");
	br_cmp_free(c);
	o.sort = "seeks"; /* +++++ counts as fastest, missing last */
	c = build(&s, &o);
	t = &c->tables[0];
	assert_string_equal(t->rows[0].host, "d");
	assert_string_equal(t->rows[1].host, "b");
	assert_string_equal(t->rows[2].host, "a");
	assert_string_equal(t->rows[3].host, "c");
	br_cmp_free(c);
	o.sort = "label"; /* natural, case-insensitive */
	c = build(&s, &o);
	t = &c->tables[0];
	assert_string_equal(t->rows[0].label, "too fast");
	assert_string_equal(t->rows[1].label, "try 1");
	assert_string_equal(t->rows[2].label, "Try 2");
	assert_string_equal(t->rows[3].label, "Try 10");
	br_cmp_free(c);
	o.sort = "host";
	c = build(&s, &o);
	assert_string_equal(c->tables[0].rows[0].host, "a");
	assert_string_equal(c->tables[0].rows[3].host, "d");
	br_cmp_free(c);
	o.sort = "nonsense";
	c = build(&s, &o);
	assert_string_equal(c->tables[0].rows[0].label, "Try 10"); /* input order */
	assert_int_equal(c->nnotes, 1);
	br_cmp_free(c);
	br_recset_free(&s);
}

static void filters_top_and_groups(void **state)
{
	(void)state;
	struct br_recset s = {0};
	br_recset_add(&s, bpp("a", "h1", 1000, 1, 300, 50));
	br_recset_add(&s, bpp("b", "h2", 3000, 1, 200, 10));
	br_recset_add(&s, bpp("c", "h1", 2000, 1, 100, 90));
	struct br_record *old = bpp("d", "h2", 500, 1, 50, -1);
	old->tool = BR_TOOL_BONNIE;
	br_recset_add(&s, old);
	br_recset_add(&s, hdp("/dev/sda", 1e6, 1e5));

	/* --metric: only that column; the hdparm table disappears */
	struct br_render_opts o = {.have_metric_filter = true};
	o.metric_filter[BR_M_seeks] = true;
	struct br_cmp *c = build(&s, &o);
	assert_int_equal(c->ntables, 1);
	assert_int_equal(c->tables[0].ncols, 1);
	assert_int_equal(c->tables[0].cols[0].metric, BR_M_seeks);
	assert_int_equal(c->tables[0].nrows, 4);
	br_cmp_free(c);

	/* --top 2 by a metric, shown best first */
	memset(&o, 0, sizeof o);
	o.top = 2;
	o.sort = "put_block";
	c = build(&s, &o);
	const struct br_cmp_table *t = &c->tables[0];
	assert_int_equal(t->nrows, 2);
	assert_int_equal(t->ndropped, 2);
	assert_string_equal(t->rows[0].label, "b");
	assert_string_equal(t->rows[1].label, "c");
	assert_int_equal(c->tables[1].nrows, 1); /* hdparm: one record, nothing dropped */
	br_cmp_free(c);

	/* --top without a sort metric: overall score, input order kept; the
	 * baseline is kept too */
	o.sort = NULL;
	o.top = 1;
	o.baseline = "a";
	c = build(&s, &o);
	t = &c->tables[0];
	assert_int_equal(t->nrows, 2);
	assert_string_equal(t->rows[0].label, "a");
	assert_string_equal(t->rows[1].label, "b"); /* best put_block and latency */
	br_cmp_free(c);

	/* --group-by host: one table per host within the family */
	memset(&o, 0, sizeof o);
	o.group_by = "host";
	c = build(&s, &o);
	assert_int_equal(c->ntables, 3);
	assert_string_equal(c->tables[0].group_key, "host");
	assert_string_equal(c->tables[0].group, "h1");
	assert_int_equal(c->tables[0].nrows, 2);
	assert_string_equal(c->tables[1].group, "h2");
	assert_int_equal(c->tables[1].nrows, 2);
	assert_int_equal(c->tables[2].family, BR_FAM_HDPARM);
	br_cmp_free(c);
	o.group_by = "tool";
	c = build(&s, &o);
	assert_int_equal(c->ntables, 3);
	assert_string_equal(c->tables[0].group, "bonnie++");
	assert_string_equal(c->tables[1].group, "bonnie");
	assert_int_equal(c->tables[1].nrows, 1);
	assert_null(col_of(&c->tables[1], BR_M_put_block_latency, NULL));
	br_cmp_free(c);
	br_recset_free(&s);

	/* nothing at all */
	struct br_recset empty = {0};
	c = build(&empty, NULL);
	assert_int_equal(c->ntables, 0);
	br_cmp_free(c);
	br_cmp_free(NULL);
}

static void too_fast_and_unreadable_cells(void **state)
{
	(void)state;
	struct br_recset s = {0};
	struct br_record *a = bpp("a", "h", 1000, 5, -1, -1);
	br_record_set_too_fast(a, BR_M_seq_stat, "+++++");
	struct br_record *b = bpp("b", "h", 2000, 5, -1, -1);
	br_record_set(b, BR_M_seq_stat, 3000, "3000")->marked = true;
	br_recset_add(&s, a);
	br_recset_add(&s, b);
	struct br_cmp *c = build(&s, NULL);
	const struct br_cmp_table *t = &c->tables[0];
	const struct br_cmp_cell *x = cell(t, 0, BR_M_seq_stat), *y = cell(t, 1, BR_M_seq_stat);
	assert_true(x->present && x->too_fast && !x->has_value && !x->best);
	char buf[BR_RAW_BUF];
	assert_string_equal(br_cmp_cell_raw(x, buf), "+++++");
	assert_true(y->has_value && y->marked);
	assert_false(y->best); /* only one number in the column */
	assert_true(col_of(t, BR_M_seq_stat, NULL)->any_too_fast);
	assert_true(col_of(t, BR_M_seq_stat, NULL)->any_marked);
	assert_true(cell(t, 0, BR_M_put_block)->has_cpu);
	assert_false(x->has_cpu);
	br_cmp_free(c);
	br_recset_free(&s);
}

/* ------------------------------------------------------------ the model's cells made when asked for,
 * against cells worked out here from the rows' runs, the plain way */

static unsigned long rnd_state;

static unsigned rnd(unsigned n)
{
	rnd_state = rnd_state * 6364136223846793005ul + 1442695040888963407ul;
	return (unsigned)((rnd_state >> 33) % n);
}

/* A figure of many shapes: whole, one or two decimals, tiny, huge (%.3g
 * from 1e10 up), zero, now and then negative or -0. */
static double rnd_value(void)
{
	static const double scale[] = {1, 10, 1000, 20000, 3e6, 5e13, 0.01};
	double v = rnd(100000) / (double)(1 + 9 * rnd(2) + 90 * rnd(2)) * scale[rnd(7)] / 100;
	switch (rnd(40)) {
	case 0:
		return 0;
	case 1:
		return -0.0;
	case 2:
		return -v;
	default:
		return v;
	}
}

static const enum br_metric_id rnd_metrics[] = {BR_M_put_block, BR_M_seeks, BR_M_seq_create,
						BR_M_put_block_latency, BR_M_get_block_latency};

static struct br_record *rnd_record(void)
{
	struct br_record *r = br_record_new(BR_TOOL_BONNIEPP);
	char label[64];
	snprintf(label, sizeof label, "cfg %u / Try %u", rnd(4), rnd(5));
	if (rnd(8))
		br_record_set_label(r, label);
	char host[16];
	snprintf(host, sizeof host, "h%u", rnd(3));
	if (rnd(8))
		br_record_set_host(r, host);
	br_record_set_source(r, "t.txt", 1 + rnd(1000), 2000, "bonnie++-csv");
	for (size_t i = 0; i < BR_ARRAY_LEN(rnd_metrics); i++) {
		enum br_metric_id m = rnd_metrics[i];
		unsigned k = rnd(20);
		if (k < 3)
			continue; /* absent */
		struct br_value *v;
		if (k == 3)
			v = br_record_set_too_fast(r, m, "+++++");
		else if (k == 4)
			v = br_record_set(r, m, NAN, "?!"); /* unreadable */
		else
			v = br_record_set(r, m, rnd_value(), NULL);
		v->marked = rnd(10) == 0;
		if (rnd(3)) {
			double cpu = rnd(1000) / (rnd(2) ? 10.0 : 1.0);
			br_record_set_cpu(r, m, rnd(50) ? cpu : rnd(2) ? -cpu : -0.0);
		}
	}
	return r;
}

/* The cell of metric m over the runs of row, without best marks and ratios. */
static void plain_cell(const struct br_cmp_row *row, enum br_metric_id m, struct br_cmp_cell *c)
{
	memset(c, 0, sizeof *c);
	double *vals = calloc(row->nmembers, sizeof *vals);
	size_t n = 0, ncpu = 0;
	double cpu = 0;
	for (size_t i = 0; i < row->nmembers; i++) {
		const struct br_value v = br_record_get(row->members[i], m);
		if (!v.present)
			continue;
		c->present = true;
		c->marked = c->marked || v.marked;
		c->n_too_fast += v.too_fast;
		if (v.has_value && isfinite(v.value))
			vals[n++] = v.value;
		if (v.has_cpu) {
			cpu += v.cpu;
			ncpu++;
		}
	}
	if (c->present) {
		if (row->nmembers == 1) {
			c->raw = br_record_get(row->members[0], m).raw;
			c->raw_form = br_record_get(row->members[0], m).form;
		}
		struct br_cmp_stats st;
		br_cmp_stats(vals, n, &st);
		c->n = n;
		c->has_value = n > 0;
		c->value = c->mean = st.mean;
		c->median = st.median;
		c->sd = st.sd;
		c->min = st.min;
		c->max = st.max;
		c->too_fast = n == 0 && c->n_too_fast > 0;
		c->has_cpu = ncpu > 0;
		c->cpu = ncpu ? cpu / (double)ncpu : 0;
	}
	free(vals);
}

static bool same_double(double a, double b)
{
	return memcmp(&a, &b, sizeof a) == 0 || (a == b && a == 0 && !signbit(a) == !signbit(b));
}

static void assert_same_cell(const struct br_cmp_cell *a, const struct br_cmp_cell *b)
{
	assert_int_equal(a->present, b->present);
	assert_int_equal(a->has_value, b->has_value);
	assert_int_equal(a->has_cpu, b->has_cpu);
	assert_int_equal(a->too_fast, b->too_fast);
	assert_int_equal(a->marked, b->marked);
	assert_int_equal(a->best, b->best);
	assert_int_equal(a->best_cpu, b->best_cpu);
	assert_int_equal(a->has_ratio, b->has_ratio);
	assert_int_equal(a->better, b->better);
	assert_int_equal(a->sig, b->sig);
	assert_ptr_equal(a->raw, b->raw);
	assert_int_equal(a->raw_form, b->raw_form);
	assert_int_equal(a->n, b->n);
	assert_int_equal(a->n_too_fast, b->n_too_fast);
	const double x[] = {a->value, a->cpu, a->mean, a->median, a->sd, a->min, a->max, a->ratio,
			    a->t, a->df, a->p};
	const double y[] = {b->value, b->cpu, b->mean, b->median, b->sd, b->min, b->max, b->ratio,
			    b->t, b->df, b->p};
	for (size_t i = 0; i < BR_ARRAY_LEN(x); i++)
		assert_true(same_double(x[i], y[i]));
}

/* Every cell and column statistic of table t against the plain way. (Long:
 * the plain way is written out in full, step by step, on purpose.) */
static void check_table(const struct br_cmp_table *t, const struct br_cmp_table *full)
{
	struct br_cmp_cell *ref = calloc(t->nrows * t->ncols, sizeof *ref);
	for (size_t k = 0; k < t->ncols; k++) {
		const struct br_cmp_col *col = &t->cols[k];
		bool any_absent = false, any_unreadable = false, any_fast = false, any_marked = false;
		bool any_neg = false, has_cpu = false, cpu_dec = false;
		size_t nvalues = 0, ncpu = 0;
		double min = 0, max = 0, cmin = 0, cmax = 0;
		size_t vw = 0, cw = 0;
		for (size_t r = 0; r < t->nrows; r++) {
			struct br_cmp_cell *c = &ref[r * t->ncols + k];
			plain_cell(&t->rows[r], col->metric, c);
			any_absent |= !c->present;
			any_unreadable |= c->present && !c->has_value && !c->too_fast;
			any_fast |= c->too_fast;
			any_marked |= c->marked;
			struct br_buf b = BR_BUF_INIT;
			if (!c->present || !c->has_value)
				br_buf_adds(&b, !c->present ? "-" : c->too_fast ? "+++++" : "?");
			else
				br_cmp_format(col, c->value, &b);
			vw = b.len > vw ? b.len : vw;
			br_buf_reset(&b);
			if (c->has_cpu) {
				br_buf_add_fixed(&b, c->cpu, col->cpu_decimals ? 1 : 0);
				cw = b.len > cw ? b.len : cw;
				cmin = !ncpu || c->cpu < cmin ? c->cpu : cmin;
				cmax = !ncpu || c->cpu > cmax ? c->cpu : cmax;
				ncpu++;
				has_cpu = true;
				cpu_dec |= c->cpu != floor(c->cpu);
				any_neg |= signbit(c->cpu) != 0;
			}
			br_buf_free(&b);
			if (!c->has_value)
				continue;
			min = !nvalues || c->value < min ? c->value : min;
			max = !nvalues || c->value > max ? c->value : max;
			nvalues++;
			any_neg |= signbit(c->value) != 0;
		}
		assert_int_equal(col->nvalues, nvalues);
		assert_true(!nvalues || (col->min == min && col->max == max));
		assert_int_equal(col->has_best, nvalues >= 2 && min != max);
		assert_true(!col->has_best ||
			    col->best == (col->info->better == BR_HIGHER ? max : min));
		assert_int_equal(col->any_absent, any_absent);
		assert_int_equal(col->any_unreadable, any_unreadable);
		assert_int_equal(col->any_too_fast, any_fast);
		assert_int_equal(col->any_marked, any_marked);
		assert_int_equal(col->any_negative, any_neg);
		assert_int_equal(col->has_cpu, has_cpu);
		assert_int_equal(col->cpu_decimals, cpu_dec);
		assert_true(!has_cpu || (col->best_cpu == cmin && col->cpu_max == cmax));
		assert_int_equal(col->has_best_cpu, ncpu >= 2 && cmin != cmax);
		/* the widths told without the cells are the widest cells' */
		size_t pvw, pcw;
		if (br_cmp_col_widths(col, &pvw, &pcw)) {
			assert_int_equal(pvw, vw);
			assert_int_equal(pcw, cw);
		} else {
			/* the largest figure is not the widest: fewer decimals */
			double s = max / col->unit.div;
			assert_true(any_neg || fabs(s) >= 1e10 ||
				    br_figure_decimals(s, col->unit.div != 1) != col->unit.decimals ||
				    (has_cpu && (cpu_dec || col->cpu_tenths)));
		}
		/* best marks, then ratios and the t-test against the baseline */
		for (size_t r = 0; r < t->nrows; r++) {
			struct br_cmp_cell *c = &ref[r * t->ncols + k];
			c->best = col->has_best && c->has_value && c->value == col->best;
			c->best_cpu = col->has_best_cpu && c->has_cpu && c->cpu == col->best_cpu;
		}
		for (size_t r = 0; t->baseline >= 0 && r < t->nrows; r++) {
			struct br_cmp_cell *c = &ref[r * t->ncols + k];
			const struct br_cmp_cell *b = &ref[(size_t)t->baseline * t->ncols + k];
			if ((long)r == t->baseline || !c->has_value || !b->has_value)
				continue;
			c->has_ratio = b->value != 0;
			c->ratio = c->has_ratio ? c->value / b->value : 0;
			c->better = col->info->better == BR_HIGHER ? c->value > b->value : c->value < b->value;
			if (!t->aggregated)
				continue;
			struct br_cmp_stats sa = {c->n, c->mean, c->median, c->sd, c->min, c->max};
			struct br_cmp_stats sb = {b->n, b->mean, b->median, b->sd, b->min, b->max};
			if (br_cmp_welch(&sa, &sb, &c->t, &c->df, &c->p))
				c->sig = c->p < BR_CMP_ALPHA ? BR_CMP_SIG_BEYOND : BR_CMP_SIG_WITHIN;
			else
				c->sig = BR_CMP_SIG_UNTESTED;
		}
		for (size_t r = 0; r < t->nrows; r++) {
			struct br_cmp_cell buf;
			assert_null(t->rows[r].cells);
			assert_same_cell(br_cmp_cell(t, r, k, &buf), &ref[r * t->ncols + k]);
			assert_same_cell(br_cmp_cell(full, r, k, &buf), &ref[r * t->ncols + k]);
			assert_ptr_equal(br_cmp_cell(full, r, k, &buf), &full->rows[r].cells[k]);
		}
	}
	free(ref);
}

static void cells_made_when_asked(void **state)
{
	(void)state;
	static const char *const baselines[] = {NULL, "h1", "cfg 2", "nothing"};
	static const char *const sorts[] = {NULL, "seeks", "label", "put_block_latency"};
	for (unsigned round = 0; round < 400; round++) {
		rnd_state = round;
		struct br_recset s = {0};
		unsigned n = 1 + rnd(30);
		for (unsigned i = 0; i < n; i++)
			br_recset_add(&s, rnd_record());
		struct br_render_opts o = {0};
		o.chart_group = -1;
		o.aggregate = rnd(2);
		o.baseline = baselines[rnd(4)];
		o.sort = sorts[rnd(4)];
		o.top = rnd(3) ? 0 : 1 + rnd(6);
		if (rnd(6) == 0) {
			o.have_metric_filter = true;
			o.metric_filter[BR_M_seeks] = true;
			o.metric_filter[BR_M_put_block_latency] = true;
		}
		struct br_cmp *lazy = br_cmp_build_records(&s, &o);
		struct br_cmp *full = build(&s, &o);
		assert_int_equal(lazy->ntables, full->ntables);
		for (size_t i = 0; i < lazy->ntables; i++) {
			assert_int_equal(lazy->tables[i].nrows, full->tables[i].nrows);
			assert_int_equal(lazy->tables[i].ncols, full->tables[i].ncols);
			check_table(&lazy->tables[i], &full->tables[i]);
		}
		br_cmp_free(lazy);
		br_cmp_free(full);
		br_recset_free(&s);
	}
}

/* ------------------------------------------------------------ figures written in place */

/* br_figure_text, br_fixed_text and br_cpu_text write the bytes that
 * br_format_figure and br_format_cpu append, for figures of every shape:
 * the random ones above, those figures scaled, exact binary ties, values
 * next to a tie, huge and negative ones. */
static void figure_text_is_the_printed_figure(void **state)
{
	(void)state;
	static const double div[] = {1, 1024, 1048576, 1000, 1e6, 3};
	rnd_state = 7;
	struct br_buf want = BR_BUF_INIT;
	char got[BR_FIGURE_MAX];
	for (unsigned i = 0; i < 400000; i++) {
		double v = rnd_value() / div[rnd(BR_ARRAY_LEN(div))];
		switch (rnd(8)) {
		case 0: /* a tie at one or two decimals, or next to it */
			v = (rnd(100000) + 0.5) / (rnd(2) ? 10 : 100);
			v = rnd(2) ? v : nextafter(v, rnd(2) ? 0 : 1e300);
			break;
		case 1:
			v = rnd(100000) + 0.5;
			break;
		case 2: /* around the %.3g threshold */
			v = 1e10 - 0.5 + rnd(3) * 0.5;
			break;
		default:
			break;
		}
		for (int scaled = 0; scaled < 2; scaled++) {
			br_buf_reset(&want);
			br_format_figure(v, scaled, &want);
			size_t n = br_figure_text(v, scaled, got);
			assert_int_equal(n, want.len);
			assert_memory_equal(got, want.data, n);
			n = br_fixed_text(v, br_figure_decimals(v, scaled), got);
			assert_int_equal(n, want.len);
			assert_memory_equal(got, want.data, n);
			br_buf_reset(&want);
			br_format_cpu(v, scaled, &want);
			n = br_cpu_text(v, scaled, got);
			assert_int_equal(n, want.len);
			assert_memory_equal(got, want.data, n);
		}
	}
	br_buf_free(&want);
}

/* br_cmp_fig is the cell's figure, cpu and best mark; br_cmp_value_text
 * and br_cmp_cpu_text print what br_cmp_format and br_format_cpu print
 * (with the column's decimals when it has them for every value). */
static void figures_as_the_cells_print_them(void **state)
{
	(void)state;
	struct br_buf want = BR_BUF_INIT;
	char got[BR_FIGURE_MAX];
	size_t whole_cols = 0;
	for (unsigned round = 0; round < 400; round++) {
		rnd_state = 1000 + round;
		struct br_recset s = {0};
		unsigned n = 1 + rnd(30);
		for (unsigned i = 0; i < n; i++)
			br_recset_add(&s, rnd_record());
		struct br_render_opts o = {0};
		o.chart_group = -1;
		o.aggregate = rnd(2);
		o.baseline = rnd(2) ? "h1" : NULL;
		struct br_cmp *c = br_cmp_build_records(&s, &o);
		for (size_t i = 0; i < c->ntables; i++) {
			const struct br_cmp_table *t = &c->tables[i];
			for (size_t k = 0; k < t->ncols; k++) {
				const struct br_cmp_col *col = &t->cols[k];
				whole_cols += col->value_decimals >= 0;
				for (size_t r = 0; r < t->nrows; r++) {
					struct br_cmp_cell buf;
					const struct br_cmp_cell *ce = br_cmp_cell(t, r, k, &buf);
					struct br_cmp_fig f;
					br_cmp_fig(t, r, k, &f);
					assert_int_equal(f.present, ce->present);
					assert_int_equal(f.has_value, ce->has_value);
					assert_int_equal(f.too_fast, ce->too_fast);
					assert_int_equal(f.has_cpu, ce->has_cpu);
					assert_int_equal(f.best, ce->best);
					if (f.has_value) {
						assert_true(f.value == ce->value);
						br_buf_reset(&want);
						br_cmp_format(col, ce->value, &want);
						size_t len = br_cmp_value_text(col, f.value, got);
						assert_int_equal(len, want.len);
						assert_memory_equal(got, want.data, len);
					}
					if (f.has_cpu) {
						assert_true(f.cpu == ce->cpu);
						bool tenths = br_cmp_cpu_tenths(&t->rows[r]);
						br_buf_reset(&want);
						br_format_cpu(ce->cpu, tenths, &want);
						size_t len = br_cmp_cpu_text(col, f.cpu, tenths, got);
						assert_int_equal(len, want.len);
						assert_memory_equal(got, want.data, len);
					}
				}
			}
		}
		br_cmp_free(c);
		br_recset_free(&s);
	}
	assert_true(whole_cols > 0); /* the column's own decimals were used */
	br_buf_free(&want);
}

/* A column of whole figures prints none, one of MiB/s from 10 to 100 one:
 * decided for the column, not per figure. */
static void column_decimals(void **state)
{
	(void)state;
	struct br_recset s = {0};
	br_recset_add(&s, bpp("a", "h", 20480.5, 5, 300, 1500));
	br_recset_add(&s, bpp("b", "h", 90000, 7, 412, 2000));
	struct br_cmp *c = br_cmp_build_records(&s, NULL);
	const struct br_cmp_table *t = &c->tables[0];
	const struct br_cmp_col *pb = col_of(t, BR_M_put_block, NULL);
	assert_string_equal(pb->unit.name, "MiB/s");
	assert_int_equal(pb->value_decimals, 1);
	assert_int_equal(col_of(t, BR_M_seeks, NULL)->value_decimals, 0);
	char got[BR_FIGURE_MAX];
	assert_int_equal(br_cmp_value_text(pb, 20480.5, got), 4);
	assert_memory_equal(got, "20.0", 4);
	br_cmp_free(c);
	br_recset_add(&s, bpp("c", "h", 200000, 7, 0.5, 2000));
	c = br_cmp_build_records(&s, NULL);
	t = &c->tables[0];
	assert_int_equal(col_of(t, BR_M_put_block, NULL)->value_decimals, -1); /* 195.3 */
	assert_int_equal(col_of(t, BR_M_seeks, NULL)->value_decimals, -1);     /* 0.5 */
	br_cmp_free(c);
	br_recset_free(&s);
}

/* Names on one line: a label or host with TAB or LF is shown with
 * blanks (a copy), one without is the record's own; either way the model
 * frees what it owns and nothing else (valgrind and ASan watch this). */
static void names_on_one_line(void **state)
{
	(void)state;
	for (int agg = 0; agg < 2; agg++) {
		struct br_recset s = {0};
		br_recset_add(&s, bpp("a\tb", "h\n1", 1000, 5, -1, -1));
		br_recset_add(&s, bpp(NULL, "h2", 2000, 5, -1, -1));
		br_recset_add(&s, bpp("c", NULL, 3000, 5, -1, -1));
		struct br_render_opts o = {0};
		o.chart_group = -1;
		o.aggregate = agg;
		struct br_cmp *c = br_cmp_build_records(&s, &o);
		const struct br_cmp_table *t = &c->tables[0];
		assert_int_equal(t->nrows, 3);
		assert_string_equal(t->rows[0].name, "a b / h 1");
		assert_string_equal(t->rows[0].label, "a b");
		assert_string_equal(t->rows[0].host, "h 1");
		assert_string_equal(t->rows[1].name, "h2");
		assert_string_equal(t->rows[2].name, "c");
		br_cmp_free(c);
		br_recset_free(&s);
	}
}

/* --aggregate groups runs with a hash and a sorted index of hosts
 * (model/group.c); here is the rule of table.h as the plain scan over
 * the rows so far, to hold it against: the first row with the same tool,
 * the same configuration label and a compatible host (one NULL, or one a
 * prefix of the other; with no label, both known) takes the run, and its
 * host becomes the run's when longer. A row's host is the display copy
 * (TAB, LF, CR as spaces); the run's is compared as it is. */
struct ref_row {
	char *label, *host;
	enum br_tool tool;
	const struct br_record *m[64];
	size_t nm;
};

static char *ref_one_line(const char *s)
{
	if (!s)
		return NULL;
	char *c = strdup(s);
	for (char *p = c; *p; p++)
		if (*p == '\t' || *p == '\n' || *p == '\r')
			*p = ' ';
	return c;
}

static bool ref_host_ok(const char *a, const char *b)
{
	if (!a || !b)
		return true;
	size_t la = strlen(a), lb = strlen(b);
	return strncmp(a, b, la < lb ? la : lb) == 0;
}

static size_t ref_group(const struct br_recset *s, struct ref_row *rows)
{
	size_t nrows = 0;
	for (size_t i = 0; i < s->n; i++) {
		const struct br_record *r = s->v[i];
		char *cl = br_cmp_config_label(r->label);
		struct ref_row *hit = NULL;
		for (size_t k = 0; k < nrows && (cl || r->host); k++) {
			struct ref_row *g = &rows[k];
			bool same = g->tool == r->tool &&
				    (cl && g->label ? strcmp(cl, g->label) == 0 : !cl && !g->label);
			if (!same || (!cl && (!g->host || !r->host)) || !ref_host_ok(g->host, r->host))
				continue;
			hit = g;
			break;
		}
		if (hit) {
			free(cl);
			hit->m[hit->nm++] = r;
			if (r->host && (!hit->host || strlen(r->host) > strlen(hit->host))) {
				free(hit->host);
				hit->host = ref_one_line(r->host);
			}
			continue;
		}
		struct ref_row *t = &rows[nrows++];
		*t = (struct ref_row){.label = cl, .host = ref_one_line(r->host), .tool = r->tool};
		t->m[t->nm++] = r;
	}
	return nrows;
}

/* The rows of --aggregate on s are those of ref_group(). */
static void check_groups(const struct br_recset *s)
{
	struct ref_row *want = calloc(s->n, sizeof *want);
	size_t nwant = ref_group(s, want);
	struct br_render_opts o = {.chart_group = -1, .aggregate = true};
	struct br_cmp *c = br_cmp_build_records(s, &o);
	assert_int_equal(c->ntables, 1);
	const struct br_cmp_table *t = &c->tables[0];
	assert_int_equal(t->nrows, nwant);
	for (size_t k = 0; k < nwant; k++) {
		const struct br_cmp_row *row = &t->rows[k];
		char *wl = ref_one_line(want[k].label);
		assert_true(wl && row->label ? strcmp(wl, row->label) == 0 : !wl && !row->label);
		assert_true(want[k].host && row->host ? strcmp(want[k].host, row->host) == 0
						      : !want[k].host && !row->host);
		assert_int_equal(row->nmembers, want[k].nm);
		for (size_t j = 0; j < want[k].nm; j++)
			assert_ptr_equal(row->members[j], want[k].m[j]);
		free(wl);
		free(want[k].label);
		free(want[k].host);
	}
	free(want);
	br_cmp_free(c);
}

static void aggregate_groups_like_the_scan(void **state)
{
	(void)state;
	/* hosts that are prefixes of each other, and some that differ in a
	 * TAB or LF only */
	static const char *const hosts[] = {NULL,   "a",     "ab",   "abc",  "abd",   "abcd",
					    "b",    "ba",    "abb",  "a\tb", "a b",   "a bc",
					    "a\tbc", "ab\n",  "ab ",  "ab\tc", "abc\rx", ""};
	static const char *const labels[] = {NULL, "Try 1", "Run 2", "try 3 (remount)", "cfg / Try 3",
					     "cfg / Run 1", "cfg, try 2", "cfg", "Run 1: cfg",
					     "other / Run 4 (x)", "other", "Try 2 / other"};
	static const enum br_tool tools[] = {BR_TOOL_BONNIEPP, BR_TOOL_BONNIE};
	/* hosts that sort between a prefix and the run's host, and a TAB that
	 * makes "abc\tx" no extension of "abc" */
	static const char *const fixed[] = {"abb", "abc\tx", "abc\tx", "ab", "abc x", "a\tb", "a b"};
	struct br_recset fs = {0};
	for (size_t i = 0; i < BR_ARRAY_LEN(fixed); i++) {
		struct br_record *r = br_record_new(BR_TOOL_BONNIEPP);
		br_record_set_label(r, "cfg / Try 1");
		br_record_set_host(r, fixed[i]);
		br_record_set(r, BR_M_put_block, 1000, NULL);
		br_recset_add(&fs, r);
	}
	check_groups(&fs);
	br_recset_free(&fs);
	for (unsigned round = 0; round < 5000; round++) {
		rnd_state = round;
		struct br_recset s = {0};
		unsigned n = 1 + rnd(64);
		/* a few of the hosts and labels each round, so that some
		 * prefixes are missing */
		const char *hs[BR_ARRAY_LEN(hosts)];
		size_t nh = 0, nl = 1 + rnd(BR_ARRAY_LEN(labels));
		while (nh == 0)
			for (size_t k = 0; k < BR_ARRAY_LEN(hosts); k++)
				if (rnd(3) == 0)
					hs[nh++] = hosts[k];
		for (unsigned i = 0; i < n; i++) {
			struct br_record *r = br_record_new(tools[rnd(4) == 0]);
			br_record_set_label(r, labels[rnd(nl)]);
			br_record_set_host(r, hs[rnd(nh)]);
			br_record_set(r, BR_M_put_block, 1000 + rnd(100), NULL);
			br_recset_add(&s, r);
		}
		check_groups(&s);
		br_recset_free(&s);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(best_marks_both_directions),
		cmocka_unit_test(units_are_chosen_per_column),
		cmocka_unit_test(baseline_ratios),
		cmocka_unit_test(statistics_and_welch_on_known_numbers),
		cmocka_unit_test(config_labels),
		cmocka_unit_test(aggregation),
		cmocka_unit_test(sorting),
		cmocka_unit_test(filters_top_and_groups),
		cmocka_unit_test(too_fast_and_unreadable_cells),
		cmocka_unit_test(cells_made_when_asked),
		cmocka_unit_test(figure_text_is_the_printed_figure),
		cmocka_unit_test(figures_as_the_cells_print_them),
		cmocka_unit_test(column_decimals),
		cmocka_unit_test(names_on_one_line),
		cmocka_unit_test(aggregate_groups_like_the_scan),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
