/*
 * history — one metric of a set of records over time (`benchreport archive
 * history`): the series of dated runs as a text table (date, host, label,
 * value with unit) and as a line chart, one line per host, drawn with cairo
 * as SVG (texts as real <text> elements, through libxml2) or PNG.
 *
 * A br_history borrows the records it was built from (they must outlive
 * it) and owns only its point array. The date of a point is the record's
 * ran_at (record.h); records without one, and records without a number for
 * the metric, are counted but not placed.
 */
#ifndef BR_HISTORY_H
#define BR_HISTORY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tablefmt.h"
#include "record.h"
#include "util.h"

struct br_history_point {
	const struct br_record *r;  /* borrowed */
	int64_t t;                  /* r->ran_at */
	double value;               /* SCHEMA.md unit */
	size_t series;              /* index in br_history.hosts */
	size_t idx;                 /* the record's place in the set */
};

struct br_history {
	enum br_metric_id metric;
	struct br_cmp_unit unit;        /* display unit for every value */
	struct br_history_point *v;     /* by date, then host, then input order */
	size_t n;
	const char **hosts;             /* one line each, in order of first point (borrowed) */
	size_t nhosts;
	size_t undated;                 /* records with the metric but no run date */
	size_t no_value;                /* dated records without a number for it (+++++) */
};

/* The dated figures of metric m in rs. */
void br_history_build(struct br_history *h, const struct br_recset *rs, enum br_metric_id m);
void br_history_free(struct br_history *h);

/* The table, one row per point: "DATE  HOST  LABEL  <metric>  FROM"; the
 * date in UTC as precise as known ("2011-12-08" or "2001-02-28 03:10").
 * Text from the input is copied as is (the caller neutralises it for a
 * terminal). */
void br_history_table(const struct br_history *h, struct br_buf *out);

/* The line chart, width px wide (0: 900); title may be NULL. 0, or -1
 * with br_error() (cairo failed, or no point to draw). */
int br_history_svg(const struct br_history *h, const char *title, double width, struct br_buf *out);
int br_history_png(const struct br_history *h, const char *title, double width, double scale,
		   struct br_buf *out);

#endif
