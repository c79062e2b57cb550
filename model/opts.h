/*
 * opts — the options every view of a dataset reads (--baseline,
 * --aggregate, --sort, --group-by, --metric, --top, widths, titles, …):
 * what the report model is built from and what renderers present it with.
 * Plain data; the caller owns the strings it points to.
 */
#ifndef BR_MODEL_OPTS_H
#define BR_MODEL_OPTS_H

#include <stdbool.h>
#include <stddef.h>

#include "metric.h"

struct br_render_opts {
	const char *baseline;      /* --baseline LABEL|HOST, or NULL */
	bool aggregate;            /* --aggregate */
	const char *sort;          /* --sort KEY (metric name, "label", "host", "tool"), or NULL */
	const char *group_by;      /* --group-by tool|host|label, or NULL */
	bool have_metric_filter;
	bool metric_filter[BR_METRIC_COUNT]; /* --metric NAME[,NAME] */
	size_t top;                /* --top N (0 = all) */
	bool bars;                 /* --bars: plain-text bar charts in text output */
	int width;                 /* --width (px for charts, 0 = default) */
	double scale;              /* --scale (PNG), 0 = 1 */
	int chart_group;           /* --chart GROUP (enum br_group), -1 = default */
	const char *command_line;  /* for provenance: shown only with provenance_full */
	bool provenance_full;      /* --provenance=full: paths as given, the command line */
	int columns;               /* --columns N: text/Markdown width, 0 = default */
	const char *date;          /* ISO date shown in reports (fixed in tests) */
	const char *output_path;   /* -o path, or NULL for stdout */
	const char *title;         /* --title: the report's (and a chart's) title, or NULL */
};

#endif
