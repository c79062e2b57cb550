/*
 * chart_series — the series a chart shows: one per row of the table model
 * (a record, or an aggregated configuration), with its figures, a name
 * unique within its tool family and a stable colour slot from dataset
 * order; and the palette those slots map to. The set owns its names; a
 * series' figures are its row's cells in the comparison model, made when
 * asked for (br_chart_stat: 100,000 series hold no copies of them).
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

struct br_chart_series {  /* one per row (100,000 in a big report): keep it small */
	const char *name;     /* display name, unique within its family: its row's
			       * name (borrowed from the model) or "name #k" (own) */
	const struct br_record *first; /* the row's first record (borrowed) */
	uint32_t colour;      /* palette slot: rank within its tool family by
			       * dataset order of the series' first record */
	uint32_t nrecords;    /* records behind it (> 1 when aggregated) */
	uint32_t table, row;  /* its row of the set's model: cmp->tables[table].rows[row] */
	enum br_family family;
	bool baseline;        /* the --baseline row */
	bool own_name;        /* name is the set's to free */
};

/* Every series of a dataset, in display order (colours stay in dataset
 * order whatever the display order). */
/* A ranked item: its rank key (br_chart_rank_of, larger is better) and
 * its index (a series, a bar's place); of two equal keys the smaller index
 * ranks first. A set's shortlists hold series so. */
struct br_chart_ranked {
	double key;
	size_t at;
};
/* x ranks before y. */
bool br_chart_ranked_before(const struct br_chart_ranked *x, const struct br_chart_ranked *y);
/* Item b offered to h, the best at most cap items so far (*n of them, a
 * heap: the last-ranked at the top); O(log cap). The order is total, so
 * the items kept are those a full sort would put first. */
void br_chart_ranked_keep(struct br_chart_ranked *h, size_t *n, size_t cap, struct br_chart_ranked b);

struct br_chart_set {
	struct br_chart_series *v;
	size_t n;
	const struct br_cmp *cmp;     /* the model the series are rows of (borrowed,
				       * or own) */
	struct br_cmp *own;           /* built by br_chart_set_build, else NULL */
	signed char (*col)[BR_METRIC_COUNT]; /* per table: metric → its column, -1 */
	/* what a chart ranks every series by, made in one pass over the rows:
	 * the metrics each series has (bit id), and per metric that any has
	 * (else NULL) either each series' rank key (br_chart_rank), or, for a
	 * set made with a shortlist length (a chart that shows the best few
	 * bars of each metric), only those: best[id] the `shortlist` best
	 * series by rank then series order, best first (nbest[id] of them),
	 * nwith[id] the series that have the figure, nan[id] whether a rank
	 * has no order (no shortlist can be trusted then) */
	uint64_t *present;
	double *rank[BR_METRIC_COUNT];
	size_t shortlist;
	struct br_chart_ranked *best[BR_METRIC_COUNT];
	size_t nbest[BR_METRIC_COUNT], nwith[BR_METRIC_COUNT];
	bool nan[BR_METRIC_COUNT];
	const char *quick;  /* the first series' "quick" parameter of a quick
			     * run of benchreport run (borrowed), else NULL */
};

/* Series s's figure for metric id, made from its row's cell into *buf;
 * not present when its table has no such column. */
const struct br_chart_stat *br_chart_stat(const struct br_chart_set *set, size_t s, enum br_metric_id id,
					  struct br_chart_stat *buf);
/* Does series s have the figure id at all (br_chart_stat's present). */
static inline bool br_chart_present(const struct br_chart_set *set, size_t s, enum br_metric_id id)
{
	return set->present[s] >> id & 1;
}
/* Series s's rank for metric id, larger is better: too fast first, then
 * the value (negated when less is better), then unreadable (-infinity).
 * Only for a present figure. (Held for every series, or made from its
 * cell in a set with shortlists.) */
double br_chart_rank(const struct br_chart_set *set, size_t s, enum br_metric_id id);
/* The rank of a figure (br_chart_rank). */
double br_chart_rank_of(const struct br_chart_stat *st, enum br_better better);

/* Series from the rows of a comparison model (table.h: one row per record,
 * or per configuration with --aggregate; its order, its statistics), which
 * the set borrows: it must outlive the set. Colour slots follow the dataset
 * order of each row's first record in rs. With a shortlist length (not 0),
 * the set holds the ranks of only that many best series a metric (the
 * charts built from it keep at most that many bars a block); else every
 * series' rank. */
void br_chart_set_from_cmp(struct br_chart_set *set, const struct br_cmp *cmp,
			   const struct br_recset *rs, size_t shortlist);
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
/* The colours before the patterns begin: slot % BR_CHART_COLOURS is the
 * colour, slot / BR_CHART_COLOURS % BR_PAT_COUNT the pattern. */
#define BR_CHART_COLOURS 8

#endif
