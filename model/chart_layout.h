/*
 * chart_layout — grouped horizontal bar charts as a plain model: titles,
 * panels (one per tool family and kind of unit), blocks (one per metric,
 * each with its own value axis), bars with label, value text and colour,
 * a legend, and every position in pixels; plus a text dump of it. Built
 * from a series set (chart_series.h); everything the picture shows is
 * decided here, so the drawing (render/chart.c, cairo) only paints it and a
 * test can read it in the dump. The chart owns its strings; br_chart_free.
 */
#ifndef BR_MODEL_CHART_LAYOUT_H
#define BR_MODEL_CHART_LAYOUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "chart_series.h"
#include "chart_text.h"
#include "opts.h"
#include "units.h"
#include "util.h"

struct br_chart_bar {
	size_t series;        /* index in the set */
	char *label;          /* as drawn (elided to the label column) */
	bool too_fast;        /* no bar: "+++++ too fast" */
	bool has_value;       /* false and !too_fast: the figure is unreadable */
	double value;         /* display unit (the block's) */
	unsigned n;           /* > 1: aggregated, whisker min..max */
	double min, max;      /* display unit */
	char *text;           /* value text at the bar's end: "29.6 MiB/s" */
	char *note;           /* small grey text after it: "47% cpu", "n=3"; or NULL */
	double y;             /* top of the bar row, px */
	double w;             /* bar length, px */
};

struct br_chart_block {      /* one metric: its own value axis */
	enum br_metric_id metric;
	const char *title;    /* metric title (static) */
	struct br_cmp_unit disp; /* display unit: name, divisor (decimals unused) */
	bool has_axis;        /* some bar has a number (else no axis is drawn) */
	bool log;             /* log scale: latency spanning two decades or more */
	double axis_min;      /* display units: 0, or the first decade (log) */
	double axis_max;
	double tick_step;     /* linear: step; log: 10 (a tick per decade) */
	size_t nticks;        /* ticks at axis_min … axis_max */
	char *tag;            /* muted text after the title: "log scale · best 30 of 41", or NULL */
	struct br_chart_bar *bars;
	size_t nbars;
	size_t nhidden;       /* series with this figure not drawn (top N / height cap) */
	size_t nfast;         /* too-fast series collapsed into fast_text (not in bars) */
	char *fast_text;      /* "+++++ too fast to measure (5): a, b, …", lines split by \n */
	size_t fast_lines;
	double fast_y;        /* top of the first fast_text row, px */
	double y;             /* top of the block heading, px */
	double tick_y;        /* baseline of the tick labels, px */
	double axis_y0, axis_y1; /* grid lines, px */
	bool bottom_ticks;    /* tick labels again under the bars (tall blocks) */
};

struct br_chart_panel {      /* one tool family and kind of unit */
	enum br_family family;
	enum br_unit unit;
	enum br_better better;
	char *title;          /* "Bonnie and Bonnie++ · throughput · more is better" */
	struct br_chart_block *blocks;
	size_t nblocks;
	double y, h;          /* panel box, px */
};

struct br_chart_legend {
	size_t series;
	char *label;          /* elided */
	double x, y;
};

struct br_chart {
	enum br_group group;
	char *title;          /* "Sequential throughput" */
	char *subtitle;       /* "more is better · 12 records" */
	char *note;           /* "+++++ = too fast to measure; best 30 of 200 shown …", or NULL */
	const struct br_chart_set *set; /* borrowed: series names and colours */
	struct br_chart_panel *panels;
	size_t npanels;
	struct br_chart_legend *legend;
	size_t nlegend;
	size_t legend_more;   /* series not listed in the legend */
	/* layout, px at scale 1 */
	double width, height;
	double label_x, label_w;  /* bar label column (right-aligned at label_x + label_w) */
	double plot_x, plot_w;    /* value axes: 0 at plot_x, axis_max at plot_x + plot_w */
	double note_y;
	double row;               /* bar row height: BR_CHART_ROW or _COMPACT */
	bool stacked;             /* narrow (width < BR_CHART_STACK_BELOW): each label on
				   * its own line above its bar, the plot the full width */
};

/* Layout constants shared by the builder and tests. */
#define BR_CHART_DEFAULT_WIDTH 900
#define BR_CHART_MIN_WIDTH 200
#define BR_CHART_MAX_HEIGHT 4000   /* px at scale 1: taller charts keep the top N */
#define BR_CHART_ROW 18.0          /* bar row height */
#define BR_CHART_ROW_COMPACT 15.0  /* … when the chart has more than 60 bars */
#define BR_CHART_FONT 11.0         /* label and value text size */
#define BR_CHART_STACK_BELOW 480   /* narrower charts put labels above their bars */
/* Margins, text sizes and row heights the layout places things by and the
 * drawing draws them with (px at scale 1). */
#define BR_CHART_MARGIN 16.0
#define BR_CHART_TITLE_SIZE 17.0
#define BR_CHART_SUB_SIZE 11.5
#define BR_CHART_PANEL_SIZE 12.5
#define BR_CHART_BLOCK_SIZE 11.5
#define BR_CHART_NOTE_SIZE 10.0
#define BR_CHART_TICK_SIZE 10.0
#define BR_CHART_LEGEND_ROW 18.0
#define BR_CHART_LEGEND_MAX_ROWS 4
#define BR_CHART_LEGEND_LABEL_MAX 220.0
#define BR_CHART_BLOCK_HEAD 19.0
#define BR_CHART_BLOCK_GAP 7.0
#define BR_CHART_PANEL_HEAD 26.0
#define BR_CHART_TICK_ROW 15.0
#define BR_CHART_NOTE_ROW 15.0
#define BR_CHART_LABEL_ROW 13.0 /* stacked layout: the label line above each bar */

/*
 * The chart of one metric group. family < 0: every family (a panel each);
 * else only that family. Uses o->metric_filter, o->top, o->width, o->title. Returns
 * NULL when no series has a figure of the group. The set must outlive the
 * chart.
 */
struct br_chart *br_chart_build(const struct br_chart_set *set, enum br_group group, int family,
				const struct br_render_opts *o);
/* The same with at most max_bars bars per metric (0: no such cap): the
 * best of each, in the series' order, for a chart with the complete table
 * under it (each capped block's tag says "N more in the table"); such a
 * chart has compact rows and no legend (the table shows the colours). */
struct br_chart *br_chart_build_capped(const struct br_chart_set *set, enum br_group group, int family,
				       const struct br_render_opts *o, size_t max_bars);
void br_chart_free(struct br_chart *c);

/* The model as text, one item per line (tests, --explain). */
void br_chart_dump(const struct br_chart *c, struct br_buf *out);

/* The first group (seq, random, fileops, latency) that has data, or -1. */
int br_chart_first_group(const struct br_chart_set *set, const struct br_render_opts *o);

/* ------------------------------------------------------------ helpers (tested) */

/* Where value v (display units) falls on a block's axis: 0 … plot_w. */
double br_chart_axis_pos(const struct br_chart_block *bk, double v, double plot_w);

#endif
