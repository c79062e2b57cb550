/* Unit tests: inputs name themselves (core/dataset.h input names) and the
 * comparison model's use of them (model/table.h): rows qualified by
 * input, --aggregate grouping by input and the groups it reports,
 * --baseline by input name or path and what it lists when it matches
 * nothing, the before/after table. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "tablefmt.h"
#include "dataset.h"
#include "record.h"

static void default_names(void **state)
{
	(void)state;
	static const char *const cases[][2] = {
		{"runs/before.csv", "before"}, {"after.txt", "after"}, {"-", "stdin"},
		{"<stdin>", "stdin"},           {".profile", ".profile"}, {"a.tar.gz", "a.tar"},
		{"dir/", "dir"},                {"notes.", "notes."},    {"plain", "plain"},
		{"x.d/results", "results"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char *n = br_input_default_name(cases[i][0]);
		assert_string_equal(n, cases[i][1]);
		free(n);
	}
}

/* Inputs with these paths (a "NAME=" prefix gives the name). */
static void add_inputs(struct br_dataset *ds, const char *const *args, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		const char *eq = strchr(args[i], '=');
		br_dataset_add_input(ds, eq ? eq + 1 : args[i]);
		if (eq) {
			char *name = br_strndup(args[i], (size_t)(eq - args[i]));
			br_dataset_set_input_name(ds, ds->ninputs - 1, name);
			free(name);
		}
	}
	br_dataset_name_inputs(ds);
}

static void names_stay_apart(void **state)
{
	(void)state;
	struct br_dataset ds = {0};
	static const char *const args[] = {"a/run.csv", "b/run.csv", "c.txt", "c.txt", "x=d.txt",
					   "x.csv", "-"};
	add_inputs(&ds, args, 7);
	static const char *const want[] = {"a/run", "b/run", "c", "c #2", "x", "x #2", "stdin"};
	for (size_t i = 0; i < 7; i++)
		assert_string_equal(ds.inputs[i].name, want[i]);
	assert_true(ds.inputs[4].named);
	assert_false(ds.inputs[5].named);
	br_dataset_free(&ds);

	/* a given name later on the line still wins over a base name */
	struct br_dataset d2 = {0};
	static const char *const args2[] = {"before.csv", "before=new.csv"};
	add_inputs(&d2, args2, 2);
	assert_string_equal(d2.inputs[1].name, "before");
	assert_string_equal(d2.inputs[0].name, "before #2");
	br_dataset_free(&d2);
}

/* A bonnie++ run of `host` read from input `in` (1-based) of ds. */
static struct br_record *run(struct br_dataset *ds, unsigned in, const char *label, const char *host,
			     double put_block, double seeks)
{
	struct br_record *r = br_record_new(BR_TOOL_BONNIEPP);
	br_record_set_label(r, label);
	br_record_set_host(r, host);
	br_record_set_source(r, ds->inputs[in - 1].path, ds->records.n + 1, ds->records.n + 1, "bonnie++-csv");
	br_record_set(r, BR_M_put_block, put_block, NULL);
	br_record_set(r, BR_M_seeks, seeks, NULL);
	r->input = in;
	br_recset_add(&ds->records, r);
	return r;
}

static struct br_cmp *model(const struct br_dataset *ds, const struct br_render_opts *o)
{
	struct br_cmp *c = br_cmp_build(ds, o);
	br_cmp_materialize(c);
	return c;
}

static void before_after_rows(void **state)
{
	(void)state;
	struct br_dataset ds = {0};
	static const char *const args[] = {"before.csv", "after.csv"};
	add_inputs(&ds, args, 2);
	run(&ds, 1, NULL, "host0", 100000, 500);
	run(&ds, 2, NULL, "host0", 120000, 400);
	struct br_render_opts o = {0};
	struct br_cmp *c = model(&ds, &o);
	assert_int_equal(c->ntables, 1);
	const struct br_cmp_table *t = &c->tables[0];
	assert_int_equal(t->nrows, 2);
	assert_string_equal(t->rows[0].name, "host0 (before)");
	assert_string_equal(t->rows[1].name, "host0 (after)");
	assert_string_equal(t->rows[0].qual, "before");
	assert_string_equal(t->rows[1].input, "after");
	assert_string_equal(t->rows[0].host, "host0"); /* the host itself is kept */
	/* one machine from two inputs: the first is the baseline */
	assert_true(t->before_after);
	assert_int_equal(t->baseline, 0);
	assert_true(t->rows[1].cells[0].has_ratio);
	assert_true(fabs(t->rows[1].cells[0].ratio - 1.2) < 1e-12);
	br_cmp_free(c);

	/* --baseline by input name, then by the path as given: the second first */
	o.baseline = "after";
	c = model(&ds, &o);
	assert_string_equal(c->tables[0].rows[0].name, "host0 (after)");
	assert_true(c->tables[0].rows[0].is_baseline);
	assert_true(c->tables[0].before_after);
	assert_false(c->baseline_unmatched);
	br_cmp_free(c);
	o.baseline = "after.csv";
	c = model(&ds, &o);
	assert_string_equal(c->tables[0].rows[0].name, "host0 (after)");
	br_cmp_free(c);

	/* a name nothing has: flagged, with what it could have been */
	o.baseline = "nosuch";
	c = model(&ds, &o);
	assert_true(c->baseline_unmatched);
	assert_string_equal(c->baseline_choices, "'before', 'host0', 'after'");
	assert_int_equal(c->tables[0].baseline, -1);
	assert_false(c->tables[0].before_after);
	br_cmp_free(c);

	/* a third row: no longer a before/after, no baseline of its own */
	run(&ds, 2, NULL, "host1", 90000, 300);
	o.baseline = NULL;
	c = model(&ds, &o);
	assert_int_equal(c->tables[0].nrows, 3);
	assert_false(c->tables[0].before_after);
	assert_int_equal(c->tables[0].baseline, -1);
	assert_string_equal(c->tables[0].rows[2].name, "host1"); /* no other host1: as it is */
	assert_null(c->tables[0].rows[2].qual);
	br_cmp_free(c);

	/* without a dataset the model knows no inputs: names as before */
	c = br_cmp_build_records(&ds.records, &o);
	assert_string_equal(c->tables[0].rows[0].name, "host0");
	assert_null(c->tables[0].rows[0].input);
	br_cmp_free(c);
	br_dataset_free(&ds);
}

static void named_inputs_label_and_core(void **state)
{
	(void)state;
	/* what the command line does for NAME=FILE: the label, when none */
	struct br_dataset ds = {0};
	static const char *const args[] = {"old=a.csv", "new=b.csv"};
	add_inputs(&ds, args, 2);
	run(&ds, 1, "old", "host0", 100000, 500);
	run(&ds, 2, "new", "host0", 110000, 500);
	struct br_cmp *c = model(&ds, NULL);
	const struct br_cmp_table *t = &c->tables[0];
	assert_string_equal(t->rows[0].name, "old / host0");
	assert_null(t->rows[0].qual); /* the names differ already */
	assert_true(t->before_after);  /* but they are one machine */
	assert_int_equal(t->baseline, 0);
	br_cmp_free(c);

	/* a label of its own is kept, and qualified when both have it */
	struct br_dataset d2 = {0};
	add_inputs(&d2, args, 2);
	run(&d2, 1, "ext4", "host0", 100000, 500);
	run(&d2, 2, "ext4", "host0", 110000, 500);
	c = model(&d2, NULL);
	assert_string_equal(c->tables[0].rows[0].name, "ext4 / host0 (old)");
	assert_string_equal(c->tables[0].rows[1].name, "ext4 / host0 (new)");
	assert_true(c->tables[0].before_after);
	br_cmp_free(c);
	br_dataset_free(&ds);
	br_dataset_free(&d2);
}

static void unnamed_rows_take_the_input_name(void **state)
{
	(void)state;
	struct br_dataset ds = {0};
	static const char *const args[] = {"x/sda.txt", "y/other.txt"};
	add_inputs(&ds, args, 2);
	run(&ds, 1, NULL, NULL, 100000, 500);
	run(&ds, 1, NULL, NULL, 100500, 510);
	run(&ds, 2, NULL, NULL, 90000, 400);
	struct br_cmp *c = model(&ds, NULL);
	const struct br_cmp_table *t = &c->tables[0];
	assert_int_equal(t->nrows, 3);
	/* two of one input: told apart by line */
	assert_string_equal(t->rows[0].name, "sda:1");
	assert_string_equal(t->rows[1].name, "sda:2");
	assert_string_equal(t->rows[2].name, "other");
	assert_false(t->before_after);
	br_cmp_free(c);

	/* one each: a before/after of what has no name */
	struct br_dataset d2 = {0};
	add_inputs(&d2, args, 2);
	run(&d2, 1, NULL, NULL, 100000, 500);
	run(&d2, 2, NULL, NULL, 90000, 400);
	c = model(&d2, NULL);
	assert_string_equal(c->tables[0].rows[0].name, "sda");
	assert_string_equal(c->tables[0].rows[1].name, "other");
	assert_true(c->tables[0].before_after);
	br_cmp_free(c);
	br_dataset_free(&ds);
	br_dataset_free(&d2);
}

static void aggregate_groups_by_input(void **state)
{
	(void)state;
	struct br_dataset ds = {0};
	static const char *const args[] = {"runs_before.csv", "runs_after.csv"};
	add_inputs(&ds, args, 2);
	static const double pb[2][3] = {{100000, 101000, 99000}, {120000, 121000, 119500}};
	static const double sk[2][3] = {{500, 510, 505}, {502, 498, 507}};
	for (unsigned in = 1; in <= 2; in++)
		for (int k = 0; k < 3; k++)
			run(&ds, in, NULL, "host0", pb[in - 1][k], sk[in - 1][k]);
	struct br_render_opts o = {.aggregate = true};
	struct br_cmp *c = model(&ds, &o);
	const struct br_cmp_table *t = &c->tables[0];
	/* before and after are never averaged together */
	assert_int_equal(t->nrows, 2);
	assert_int_equal(t->rows[0].nmembers, 3);
	assert_int_equal(t->rows[1].nmembers, 3);
	for (size_t r = 0; r < 2; r++)
		for (size_t m = 0; m < t->rows[r].nmembers; m++)
			assert_int_equal(t->rows[r].members[m]->input, r + 1);
	assert_string_equal(t->rows[0].name, "host0 (runs_before)");
	assert_string_equal(c->groups, "3 runs of host0 in runs_before, 3 runs of host0 in runs_after");
	/* the before/after with repeats: the t-test against the first */
	assert_true(t->before_after);
	size_t k = t->cols[0].metric == BR_M_put_block ? 0 : 1;
	const struct br_cmp_cell *pbc = &t->rows[1].cells[k], *skc = &t->rows[1].cells[1 - k];
	assert_int_equal(pbc->sig, BR_CMP_SIG_BEYOND);
	assert_true(pbc->p < 0.001);
	assert_int_equal(skc->sig, BR_CMP_SIG_WITHIN);
	br_cmp_free(c);

	/* without inputs (records alone) the six runs are one configuration,
	 * as they were */
	c = br_cmp_build_records(&ds.records, &o);
	assert_int_equal(c->tables[0].nrows, 1);
	assert_string_equal(c->groups, "6 runs of host0");
	br_cmp_free(c);
	br_dataset_free(&ds);
}

static void records_through_jsonl_name_their_document(void **state)
{
	(void)state;
	/* one input (JSON Lines, an archive) holding records of two documents */
	struct br_dataset ds = {0};
	static const char *const args[] = {"all.jsonl"};
	add_inputs(&ds, args, 1);
	struct br_record *a = run(&ds, 1, NULL, "host0", 100000, 500);
	struct br_record *b = run(&ds, 1, NULL, "host0", 110000, 500);
	br_record_set_source(a, "x/before.csv", 1, 1, "bonnie++-csv");
	br_record_set_source(b, "y/before.csv", 1, 1, "bonnie++-csv");
	struct br_cmp *c = model(&ds, NULL);
	/* the same base name: the paths tell them apart */
	assert_string_equal(c->tables[0].rows[0].name, "host0 (x/before)");
	assert_string_equal(c->tables[0].rows[1].name, "host0 (y/before)");
	br_cmp_free(c);
	struct br_render_opts o = {.baseline = "y/before.csv"};
	c = model(&ds, &o);
	assert_string_equal(c->tables[0].rows[0].name, "host0 (y/before)");
	br_cmp_free(c);
	br_dataset_free(&ds);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(default_names),
		cmocka_unit_test(names_stay_apart),
		cmocka_unit_test(before_after_rows),
		cmocka_unit_test(named_inputs_label_and_core),
		cmocka_unit_test(unnamed_rows_take_the_input_name),
		cmocka_unit_test(aggregate_groups_by_input),
		cmocka_unit_test(records_through_jsonl_name_their_document),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
