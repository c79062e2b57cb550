/*
 * report — the report model, built ONCE from a dataset and the options:
 * the comparison tables (table.h), the charts (chart_layout.h), the HTML
 * report's sections with their own tables and charts, and the notes the
 * CLI prints on stderr (cmp->notes). Renderers take a const report and
 * rebuild none of it (render.h), the way cmark's renderers take the tree.
 *
 * What is built is what the output asks for (a renderer's `needs`, the
 * BR_NEED_* bits): JSON Lines needs none of it and pays nothing.
 *
 * Ownership: the report owns everything it holds; the dataset and the
 * options are BORROWED (the options may be NULL: defaults) and must
 * outlive it. Options a renderer reads only when it writes (date, command
 * line, output path) may be set after the build. br_report_free releases it
 * (NULL is fine).
 */
#ifndef BR_MODEL_REPORT_H
#define BR_MODEL_REPORT_H

#include <stdbool.h>
#include <stddef.h>

#include "chart_layout.h"
#include "dataset.h"
#include "opts.h"
#include "table.h"
#include "util.h"

enum br_report_need {
	BR_NEED_TABLES = 1u << 0,   /* cmp: the tables, the options as given */
	BR_NEED_PLAIN = 1u << 1,    /* plain: the tables without --aggregate and
				       --baseline (a row per record: CSV) */
	BR_NEED_CHART = 1u << 2,    /* series and charts[chart_group]: the chart
				       one-chart outputs show */
	BR_NEED_CHARTS = 1u << 3,   /* series and every group's chart (--charts) */
	BR_NEED_SECTIONS = 1u << 4, /* the HTML report: sections and their charts
				       (implies BR_NEED_TABLES) */
	BR_NEED_EXCERPTS = 1u << 5, /* not the model's: the records' excerpts (the
				       input stage keeps none for an output
				       without this bit; br_load_opts) */
	/* Not the model's either: what else of a record the output reads,
	 * beyond its names, source lines, date and figures. The input stage
	 * may leave out of a record what no bit asks for (parsers/load.h
	 * br_load_view). */
	BR_NEED_RAW = 1u << 6,      /* the figures as printed (br_value.raw) */
	BR_NEED_PARAMS = 1u << 7,   /* the params */
	BR_NEED_ALSO = 1u << 8,     /* the further sources merged in (also[]) */
	BR_NEED_DIAGS = 1u << 9,    /* the diagnostics, all of them, as the output's
				       own (the report's warnings): not only on
				       stderr, where --quiet leaves them out */
	BR_NEED_EXCERPTS_LATER = 1u << 10, /* with BR_NEED_EXCERPTS: the output reads
				       an excerpt back (br_excerpts_read) where
				       a record has none but excerpt_later, so
				       a view need not copy them */
};

/* The HTML report's charts: wide, and narrow for phones; at most this many
 * bars per metric (the table under the chart has every row). */
#define BR_REPORT_CHART_WIDTH 1124
#define BR_REPORT_PHONE_WIDTH 340
#define BR_REPORT_CHART_BARS 25

/* The charts of one tool family and metric group, wide and narrow; NULL
 * when not drawn. */
struct br_report_chart {
	struct br_chart *wide, *narrow;
};

/* One section of the HTML report: the records of one input, or of one
 * --group-by value, with their own table model and charts. */
struct br_report_section {
	const char *key;           /* input file, or the group's value (borrowed) */
	const char *name;          /* as shown (borrowed) */
	struct br_recset rs;       /* borrowed records (rs.v is the section's) */
	size_t own;                /* records of its own (the baseline's may follow) */
	const struct br_cmp *cmp;  /* its tables (--group-by off: it is the group):
				    * own_cmp, or the report's cmp when it is
				    * the same model (one section of every record) */
	struct br_cmp *own_cmp;    /* built for the section, else NULL */
	struct br_chart_set series;
	struct br_report_chart charts[BR_FAM_COUNT][BR_GROUP_COUNT];
};

struct br_report {
	const struct br_dataset *ds;        /* borrowed */
	const struct br_render_opts *o;     /* borrowed, may be NULL */
	unsigned needs;                     /* what was built (BR_NEED_*) */
	struct br_cmp *cmp;                 /* BR_NEED_TABLES, else NULL */
	struct br_cmp *plain;               /* BR_NEED_PLAIN, else NULL */
	/* BR_NEED_CHART(S): every row's series (no --top: the charts keep the
	 * best N of each metric) and the group's chart (each group's with
	 * BR_NEED_CHARTS), every family in it; NULL for a group without data */
	struct br_chart_set series;
	struct br_chart *charts[BR_GROUP_COUNT];
	int chart_group;                    /* the chart one-chart outputs show:
					       --chart, else the first with data; -1 */
	/* BR_NEED_SECTIONS */
	struct br_chart_set metric_series;  /* series of cmp's rows (the tables by metric) */
	struct br_report_chart metric_charts[BR_FAM_COUNT][BR_GROUP_COUNT];
	struct br_report_section *secs;     /* in order: by input, or by group */
	size_t nsecs;
	struct br_ptrmap innames;           /* record → its input's name (the model's) */
};

/* Build what `needs` asks for. Never fails. */
struct br_report *br_report_build(const struct br_dataset *ds, const struct br_render_opts *o,
				  unsigned needs);
void br_report_free(struct br_report *rep);

/* The chart a one-chart output (SVG, PNG) shows: charts[chart_group]; NULL
 * with br_error() saying why when there is none. */
const struct br_chart *br_report_chart(const struct br_report *rep);

/* The name a section knows a record's input by: the table model's (its
 * row's input), else its file's base name. */
const char *br_report_record_input(const struct br_report *rep, const struct br_record *r);
/* A file's base name ("?" for none): how reports list their inputs. */
const char *br_report_file_name(const char *path);

/* The report as plain text, one item a line, stable (tests, --dump=model):
 * the tables with their columns (metric, unit), rows (name, runs, baseline)
 * and cells (value, cpu, marks, ratio), the notes, the charts' titles and
 * the sections. */
void br_report_dump(const struct br_report *rep, struct br_buf *out);

#endif
