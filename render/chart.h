/*
 * chart — grouped horizontal bar charts of benchmark figures: a plain chart
 * model (titles, panels, axis, bars with label/value/colour, layout in
 * pixels) built from a dataset, a text dump of it for tests, and ONE cairo
 * drawing code that writes the model as SVG or PNG.
 *
 * Pipeline: br_chart_set_build (records → series, one per record or per
 * aggregated configuration, each with a stable colour from dataset order)
 * → br_chart_build (one chart per br_group: a panel per tool family and
 * unit, in it a block of bars per metric, a bar per series) → br_chart_svg /
 * br_chart_png. The model owns all its strings; br_chart_free releases it.
 * Drawing never changes the model; everything the picture shows (elided
 * labels, value texts, unit, ticks, positions) is decided when building, so
 * a test can read it in the dump.
 */
#ifndef BR_CHART_H
#define BR_CHART_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "compare.h"
#include "dataset.h"
#include "metric.h"
#include "render.h"
#include "util.h"

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

/* Series from the rows of a comparison model (compare.h: one row per record,
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
/* Nice axis for values up to max (display units), about `target` ticks:
 * step is 1, 2, 2.5 or 5 × 10^k; axis_max = the first tick ≥ max. */
void br_chart_ticks(double max, int target, double *step, double *axis_max, size_t *nticks);
/* A number with `decimals` decimals, thousands grouped ("12,345.6"). */
char *br_chart_fmt(double v, int decimals);
/* Width in px of UTF-8 text in the chart font (DejaVu Sans metrics). */
double br_chart_text_width(const char *s, double size, bool bold);
/* s shortened in the middle with "…" to fit maxw px (a new string). */
char *br_chart_elide(const char *s, double maxw, double size, bool bold);

/* ------------------------------------------------------------ output */

/* Draw with cairo into a memory buffer. 0 on success, -1 with br_error(). */
int br_chart_svg(const struct br_chart *c, struct br_buf *out);

/* A text of a chart drawn as SVG: a real <text> element (svg.c adds it
 * through libxml2) instead of glyph outlines — a fraction of the bytes, no
 * fontconfig, and text a reader can select and search. */
struct br_chart_text {
	double x, y;          /* anchor point on the baseline, px */
	double align;         /* 0 start, 0.5 middle, 1 end (text-anchor) */
	double size;          /* px */
	bool bold, italic;
	uint32_t colour;      /* 0xRRGGBB */
	char *s;              /* as drawn (elided when needed), UTF-8 */
};
struct br_chart_texts {
	struct br_chart_text *v;
	size_t n, cap;
};
/* The chart's shapes as SVG (cairo), its texts collected into *texts rather
 * than drawn: 0, or -1 with br_error() (texts then empty). Free texts with
 * br_chart_texts_free(). br_chart_svg() draws the texts as glyphs. */
int br_chart_svg_shapes(const struct br_chart *c, struct br_buf *out, struct br_chart_texts *texts);
void br_chart_texts_free(struct br_chart_texts *t);
int br_chart_png(const struct br_chart *c, double scale, struct br_buf *out);

/* The palette of an image of w×h pixels 0xXXRRGGBB (the top byte is
 * ignored: cairo's RGB24), `stride` pixels from one row to the next: at
 * most maxc (1…256) entries into pal, every pixel's entry into idx (w×h
 * bytes, row by row). Returns the number of entries; *exact is set when
 * the image has no more colours than that (each pixel keeps its own). */
size_t br_png_quantise(const uint32_t *px, size_t w, size_t h, size_t stride, size_t maxc,
		       uint32_t *pal, unsigned char *idx, bool *exact);
/* Append the image (as for br_png_quantise) as an indexed-colour PNG of the
 * fewest bits per pixel its palette needs. 0, or -1 with br_error(). */
int br_png_encode_rgb(const uint32_t *px, unsigned w, unsigned h, size_t stride, struct br_buf *out);

/* Insert a text chunk (tEXt, or iTXt when the text is not Latin-1-safe
 * ASCII) right after IHDR of the PNG in png. 0, or -1 with br_error() when
 * png is not a PNG or the keyword is invalid. */
int br_png_add_text(struct br_buf *png, const char *keyword, const char *text);
/* Read the text chunks back: calls fn for each tEXt/iTXt; -1 on a bad PNG or
 * CRC mismatch. */
int br_png_read_text(const void *png, size_t len,
		     void (*fn)(const char *keyword, const char *text, void *ctx), void *ctx);
/* Width and height from IHDR; -1 when not a PNG. */
int br_png_size(const void *png, size_t len, unsigned *w, unsigned *h);

/* The chart as a libxml2 SVG document (svg.c): cairo's SVG parsed, with a
 * <title> and a <desc> (when desc is not NULL) added, and, when id_prefix
 * is given, every id and reference to one prefixed (several charts inline
 * in one HTML page). NULL with br_error() on failure; xmlFreeDoc() it. */
struct _xmlDoc;
struct _xmlDoc *br_chart_svg_doc(const struct br_chart *c, const char *id_prefix, const char *desc);

/* Release cairo's and fontconfig's process-wide caches (font faces, the
 * font configuration) so that leak checkers see a clean exit. Call once at
 * exit, after the last chart; drawing after it is allowed (they reload). */
void br_chart_cleanup(void);

/* Common chart-renderer front: the chart for -o .svg/.png (o->chart_group,
 * or the first group with data). NULL with br_error() when none. */
struct br_chart *br_chart_for_output(const struct br_dataset *ds, const struct br_render_opts *o,
				     struct br_chart_set *set);

/* Every chart of the dataset (each group with data, every family in it) as
 * SVG and PNG, through the svg and png renderers: emit(name, bytes, ctx) is
 * called with "seq.svg", "seq.png", "random.svg", … and returns 0, or -1 to
 * stop. Returns the number of charts, or -1 (br_error() set, or emit's -1). */
int br_chart_write_all(const struct br_dataset *ds, const struct br_render_opts *o,
		       int (*emit)(const char *name, const struct br_buf *bytes, void *ctx), void *ctx);

#endif
