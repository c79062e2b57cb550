/* Unit tests: chart series names stay unique within a tool family
 * (render/chart.c, br_chart_set_from_cmp: "name", "name #2", …), checked
 * through a hash set that remembers where each base name's numbering got
 * to — a scan of every earlier series for every "#k" tried made 20,000
 * results of one device (one name) take minutes. */
#include <setjmp.h>
#include <stdbool.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "chart.h"
#include "dataset.h"
#include "record.h"

static void add(struct br_dataset *ds, enum br_tool tool, const char *host, double v)
{
	struct br_record *r = br_record_new(tool);
	br_record_set_host(r, host);
	br_record_set(r, tool == BR_TOOL_HDPARM ? BR_M_cached_read : BR_M_put_block, v, NULL);
	br_record_set_source(r, "x.txt", (unsigned)ds->records.n + 1, (unsigned)ds->records.n + 1, "test");
	br_recset_add(&ds->records, r);
}

static const char *name_of(const struct br_chart_set *set, size_t i)
{
	assert_true(i < set->n);
	return set->v[i].name;
}

static void clashing_names_are_numbered_per_family(void **state)
{
	(void)state;
	struct br_dataset ds = {0};
	add(&ds, BR_TOOL_BONNIEPP, "a", 1000);
	add(&ds, BR_TOOL_BONNIEPP, "a", 2000);
	add(&ds, BR_TOOL_BONNIEPP, "a #2", 3000);
	add(&ds, BR_TOOL_HDPARM, "a", 4000);
	struct br_render_opts o = {0};
	o.chart_group = -1;
	struct br_chart_set set;
	br_chart_set_build(&set, &ds, &o);
	assert_int_equal(set.n, 4);
	assert_string_equal(name_of(&set, 0), "a");
	assert_string_equal(name_of(&set, 1), "a #2");
	assert_string_equal(name_of(&set, 2), "a #2 #2");
	assert_string_equal(name_of(&set, 3), "a"); /* another family */
	/* a name free in its family is its row's, borrowed (100,000 series
	 * hold no copies); a numbered one is the set's own */
	for (size_t i = 0; i < set.n; i++) {
		const struct br_cmp_row *row = &set.cmp->tables[set.v[i].table].rows[set.v[i].row];
		bool borrowed = set.v[i].name == row->name;
		assert_int_equal(borrowed, !set.v[i].own_name);
		assert_int_equal(borrowed, i == 0 || i == 3);
	}
	/* colours in dataset order within each family */
	assert_int_equal(set.v[0].colour, 0);
	assert_int_equal(set.v[1].colour, 1);
	assert_int_equal(set.v[2].colour, 2);
	assert_int_equal(set.v[3].colour, 0);
	br_chart_set_free(&set);
	br_dataset_free(&ds);
}

/* 30,000 rows of one name: "/dev/sda" … "/dev/sda #30000", in linear time. */
static void many_equal_names(void **state)
{
	(void)state;
	struct br_dataset ds = {0};
	for (int i = 0; i < 30000; i++)
		add(&ds, BR_TOOL_HDPARM, "/dev/sda", 1000 + i);
	struct br_render_opts o = {0};
	o.chart_group = -1;
	struct br_chart_set set;
	br_chart_set_build(&set, &ds, &o);
	assert_int_equal(set.n, 30000);
	assert_string_equal(name_of(&set, 0), "/dev/sda");
	assert_string_equal(name_of(&set, 29999), "/dev/sda #30000");
	for (size_t i = 0; i < set.n; i++)
		assert_int_equal(set.v[i].colour, i);
	br_chart_set_free(&set);
	br_dataset_free(&ds);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(clashing_names_are_numbered_per_family),
		cmocka_unit_test(many_equal_names),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
