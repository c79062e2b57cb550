/*
 * chart_series — the series a chart shows: one per row of the table model
 * (a record, or an aggregated configuration), with its figures, a name
 * unique within its tool family and a stable colour slot from dataset
 * order; and the palette those slots map to. The set owns its names.
 */
#ifndef BR_MODEL_CHART_SERIES_H
#define BR_MODEL_CHART_SERIES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dataset.h"
#include "metric.h"
#include "opts.h"
#include "table.h"

/* ------------------------------------------------------------ series */

/* One figure of one series: a single record's value, or the statistics of
 * an aggregated configuration (value = mean, n runs, min..max). */
struct br_chart_stat {  /* one per series and metric: keep it small */
	bool present;     /* the series has this figure at all */
	bool too_fast;    /* +++++: no value, drawn as such (never a zero bar) */
	bool has_value;
	bool has_cpu;
	unsigned n;       /* runs with a value */
	double value;     /* normalised unit (metric table); mean when n > 1 */
	double min, max;  /* over the runs (== value when n == 1) */
	double cpu;       /* percent (mean) */
};

struct br_chart_series {
	char *name;           /* display name, unique within its family */
	enum br_family family;
	size_t colour;        /* palette slot: rank within its tool family by
			       * dataset order of the series' first record */
	bool baseline;        /* the --baseline row */
	const struct br_record *first; /* the row's first record (borrowed) */
	size_t nrecords;      /* records behind it (> 1 when aggregated) */
	struct br_chart_stat m[BR_METRIC_COUNT];
};

/* Every series of a dataset, in display order (colours stay in dataset
 * order whatever the display order). */
struct br_chart_set {
	struct br_chart_series *v;
	size_t n;
};

/* Series from the rows of a comparison model (table.h: one row per record,
 * or per configuration with --aggregate; its order, its statistics). Colour
 * slots follow the dataset order of each row's first record in rs. */
void br_chart_set_from_cmp(struct br_chart_set *set, const struct br_cmp *cmp,
			   const struct br_recset *rs);
/* The same, building the comparison from ds and o (o->top is left to the
 * charts, which keep the best N per metric). */
void br_chart_set_build(struct br_chart_set *set, const struct br_dataset *ds,
			const struct br_render_opts *o);
void br_chart_set_free(struct br_chart_set *set);

/* ------------------------------------------------------------ model */

enum br_chart_pattern { BR_PAT_SOLID, BR_PAT_HATCH, BR_PAT_CROSS, BR_PAT_BACK, BR_PAT_COUNT };

/* Palette slot → colour (0xRRGGBB) and fill pattern. Okabe–Ito colours in an
 * order that alternates dark and light (greyscale printing), then the same
 * colours hatched, cross-hatched, back-hatched. */
uint32_t br_chart_colour(size_t slot, enum br_chart_pattern *pattern);

#endif
