/* Unit tests: the report model built once (model/report.h) — what each
 * need builds, and its text dump on a small dataset. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "dataset.h"
#include "record.h"
#include "report.h"

static struct br_record *hdparm(const char *label, const char *host, double cached, double buffered,
				unsigned line)
{
	struct br_record *r = br_record_new(BR_TOOL_HDPARM);
	if (label)
		br_record_set_label(r, label);
	br_record_set_host(r, host);
	br_record_set_source(r, "hd.txt", line, line + 2, "hdparm");
	char raw[32];
	snprintf(raw, sizeof raw, "%.2f", cached);
	br_record_set(r, BR_M_cached_read, cached * 1024, raw);
	snprintf(raw, sizeof raw, "%.2f", buffered);
	br_record_set(r, BR_M_buffered_read, buffered * 1024, raw);
	return r;
}

static void dataset(struct br_dataset *ds)
{
	memset(ds, 0, sizeof *ds);
	br_recset_add(&ds->records, hdparm("old disk, try 1", "/dev/hda", 98.46, 15.57, 1));
	br_recset_add(&ds->records, hdparm("old disk, try 2", "/dev/hda", 97.10, 16.01, 4));
	br_recset_add(&ds->records, hdparm("new disk", "/dev/sda", 1450.2, 120.5, 7));
}

static char *dump(const struct br_report *rep)
{
	struct br_buf b = BR_BUF_INIT;
	br_report_dump(rep, &b);
	return br_buf_detach(&b);
}

static void dump_tables(void **state)
{
	(void)state;
	struct br_dataset ds;
	dataset(&ds);
	struct br_render_opts o = {.chart_group = -1};
	struct br_report *rep = br_report_build(&ds, &o, BR_NEED_TABLES);
	assert_non_null(rep->cmp);
	assert_null(rep->plain);
	assert_null(rep->charts[BR_GROUP_SEQ]);
	char *d = dump(rep);
	assert_string_equal(d, "report records 3\n"
			       "table hdparm rows 3 cols 2\n"
			       "  col cached_read unit MiB/s best 1450.2\n"
			       "  col buffered_read unit MiB/s best 120.5\n"
			       "  row \"old disk, try 1 / /dev/hda\" runs 1: 98.5 15.6\n"
			       "  row \"old disk, try 2 / /dev/hda\" runs 1: 97.1 16.0\n"
			       "  row \"new disk / /dev/sda\" runs 1: 1450.2* 120.5*\n");
	free(d);
	br_report_free(rep);
	br_dataset_free(&ds);
}

static void dump_aggregate_baseline(void **state)
{
	(void)state;
	struct br_dataset ds;
	dataset(&ds);
	struct br_render_opts o = {.chart_group = -1, .aggregate = true, .baseline = "new disk"};
	struct br_report *rep = br_report_build(&ds, &o, BR_NEED_TABLES | BR_NEED_PLAIN);
	char *d = dump(rep);
	assert_string_equal(d, "report records 3\n"
			       "table hdparm rows 2 cols 2 baseline 0\n"
			       "  col cached_read unit MiB/s best 1450.2\n"
			       "  col buffered_read unit MiB/s best 120.5\n"
			       "  row \"new disk / /dev/sda\" runs 1 baseline: 1450.2* 120.5*\n"
			       "  row \"old disk / /dev/hda\" runs 2: 97.8[n=2 sd=0.96]@7%(not tested) "
			       "15.8[n=2 sd=0.31]@13%(not tested)\n"
			       "groups 1 run of new disk / /dev/sda, 2 runs of old disk / /dev/hda\n"
			       /* the plain tables: a row per record, no baseline */
			       "plain table hdparm rows 3 cols 2\n"
			       "plain   col cached_read unit MiB/s best 1450.2\n"
			       "plain   col buffered_read unit MiB/s best 120.5\n"
			       "plain   row \"old disk, try 1 / /dev/hda\" runs 1: 98.5 15.6\n"
			       "plain   row \"old disk, try 2 / /dev/hda\" runs 1: 97.1 16.0\n"
			       "plain   row \"new disk / /dev/sda\" runs 1: 1450.2* 120.5*\n");
	free(d);
	br_report_free(rep);
	br_dataset_free(&ds);
}

static void charts_and_sections(void **state)
{
	(void)state;
	struct br_dataset ds;
	dataset(&ds);
	struct br_render_opts o = {.chart_group = -1};
	struct br_report *rep = br_report_build(&ds, &o, BR_NEED_CHARTS | BR_NEED_SECTIONS);
	assert_non_null(rep->cmp); /* sections need the tables */
	assert_int_equal(rep->nsecs, 1);
	assert_int_equal(rep->secs[0].own, 3);
	const struct br_chart *c = br_report_chart(rep);
	assert_non_null(c);
	assert_ptr_equal(c, rep->charts[rep->chart_group]);
	char *d = dump(rep);
	assert_non_null(strstr(d, "\nchart "));
	assert_non_null(strstr(d, "\nsection \"hd.txt\" records 3 own 3\n"));
	assert_non_null(strstr(d, "\n  table hdparm rows 3 cols 2\n"));
	free(d);
	br_report_free(rep);
	/* a one-chart output: that chart alone */
	o.chart_group = BR_GROUP_RANDOM;
	rep = br_report_build(&ds, &o, BR_NEED_CHART);
	assert_int_equal(rep->chart_group, BR_GROUP_RANDOM);
	for (int g = 0; g < BR_GROUP_COUNT; g++)
		assert_null(rep->charts[g]); /* hdparm has no random figures */
	assert_null(br_report_chart(rep));
	assert_non_null(strstr(br_last_error(), "no figures for the random chart"));
	br_report_free(rep);
	br_dataset_free(&ds);
}

/* One section of every record is the report: its tables are the report's
 * model, not a second one built over the same records; several sections,
 * or --group-by, build each their own. */
static void one_section_shares_the_model(void **state)
{
	(void)state;
	struct br_dataset ds;
	dataset(&ds);
	struct br_render_opts o = {.chart_group = -1};
	struct br_report *rep = br_report_build(&ds, &o, BR_NEED_SECTIONS);
	assert_int_equal(rep->nsecs, 1);
	assert_ptr_equal(rep->secs[0].cmp, rep->cmp);
	assert_null(rep->secs[0].own_cmp);
	/* the series are the model's rows, their figures its cells */
	const struct br_chart_set *set = &rep->secs[0].series;
	assert_int_equal(set->n, 3);
	assert_ptr_equal(set->cmp, rep->cmp);
	struct br_chart_stat st;
	assert_true(br_chart_stat(set, 2, BR_M_cached_read, &st)->present);
	assert_true(st.value == 1450.2 * 1024);
	assert_true(br_chart_present(set, 2, BR_M_cached_read));
	assert_false(br_chart_present(set, 2, BR_M_putc));
	assert_true(br_chart_rank(set, 2, BR_M_cached_read) > br_chart_rank(set, 0, BR_M_cached_read));
	br_report_free(rep);

	br_record_set_source(ds.records.v[2], "sd.txt", 7, 9, "hdparm");
	rep = br_report_build(&ds, &o, BR_NEED_SECTIONS);
	assert_int_equal(rep->nsecs, 2);
	for (size_t i = 0; i < rep->nsecs; i++) {
		assert_non_null(rep->secs[i].own_cmp);
		assert_ptr_equal(rep->secs[i].cmp, rep->secs[i].own_cmp);
	}
	br_report_free(rep);

	o.group_by = "host"; /* one group per host: each its own tables */
	br_record_set_source(ds.records.v[2], "hd.txt", 7, 9, "hdparm");
	rep = br_report_build(&ds, &o, BR_NEED_SECTIONS);
	assert_int_equal(rep->nsecs, 2);
	assert_non_null(rep->secs[0].own_cmp);
	br_report_free(rep);
	br_dataset_free(&ds);
}

static void nothing_built_for_jsonl(void **state)
{
	(void)state;
	struct br_dataset ds;
	dataset(&ds);
	struct br_report *rep = br_report_build(&ds, NULL, 0);
	assert_null(rep->cmp);
	assert_int_equal(rep->nsecs, 0);
	assert_int_equal(rep->series.n, 0);
	assert_null(br_report_chart(rep));
	char *d = dump(rep);
	assert_string_equal(d, "report records 3\n");
	free(d);
	br_report_free(rep);
	br_report_free(NULL);
	br_dataset_free(&ds);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(dump_tables),
		cmocka_unit_test(dump_aggregate_baseline),
		cmocka_unit_test(charts_and_sections),
		cmocka_unit_test(one_section_shares_the_model),
		cmocka_unit_test(nothing_built_for_jsonl),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
