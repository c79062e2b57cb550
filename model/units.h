/*
 * units — how a figure is shown: the display unit of a column or an axis
 * (br_cmp_pick_unit) and the one printed form of a figure and a cpu
 * percentage (br_format_figure, br_format_cpu). Values stay in SCHEMA.md
 * units everywhere else; they are scaled here, for display only.
 */
#ifndef BR_MODEL_UNITS_H
#define BR_MODEL_UNITS_H

#include <stdbool.h>
#include <stddef.h>

#include "metric.h"
#include "util.h"

/* A display unit: display value = value / div, printed with `decimals`. */
struct br_cmp_unit {
	const char *name; /* "MiB/s", "/s", "ms" (static string) */
	double div;
	int decimals;     /* the most decimals a figure of the column has (widths) */
};

/* Unit for values of base unit `u` whose largest magnitude is `max` and
 * smallest non-zero magnitude `min` (0 = unknown): KiB/s below 10 MiB/s,
 * MiB/s below 10 GiB/s, else GiB/s; latencies: with min known, the unit
 * (us, ms, s) in which the wider of max and min prints narrowest, else us
 * below 10 ms, ms below 10 s, else s; /s unscaled. Scaled units get one decimal, two when the smallest value
 * is below 10; unscaled ones two below 1, one below 10, else none (the model
 * then uses the printed precision for unscaled columns, at most 2). */
struct br_cmp_unit br_cmp_pick_unit(enum br_unit u, double max, double min);

/* One figure, one printed form: every view (tables, charts, the report)
 * prints a figure through br_format_figure(), so that its decimals depend
 * on the figure alone, never on the other rows shown (--top, --metric).
 * s is in its display unit; scaled: a unit with a divisor (MiB/s, ms).
 * Scaled figures get one decimal, two below 10 ("229.7", "9.21"), two
 * significant digits below 1 ("0.061", at most six decimals), none when
 * whole from 100 up ("554" ms); unscaled
 * ones the decimals they were printed with, at most two, one from 100 and
 * none from 1000 ("207.2", "1323", "0.25"). No unit, no thousands
 * separators, never "-0.0"; %.3g from 1e10 up. */
int br_figure_decimals(double s, bool scaled);
void br_format_figure(double s, bool scaled, struct br_buf *out);
/* The same text written to out (no NUL), which has room for BR_FIGURE_MAX
 * bytes; returns its length. For views that place figures themselves. */
#define BR_FIGURE_MAX 32
size_t br_figure_text(double s, bool scaled, char *out);
/* s printed with d decimals (0 <= d <= 6), as br_format_figure prints it
 * once it has decided d: for a column whose figures all take d decimals. */
size_t br_fixed_text(double s, int d, char *out);
/* A CPU percentage the same way everywhere: as its tool prints it, whole
 * (bonnie++: "11") or in tenths (Bonnie: "77.0", tenths = true); a mean
 * with a fraction in tenths too. */
void br_format_cpu(double cpu, bool tenths, struct br_buf *out);
size_t br_cpu_text(double cpu, bool tenths, char *out); /* as br_figure_text */
/* Decimals the printed figures of an unscaled column need (at most 2), fewer
 * when the values are large enough that they would be noise. */
int br_exact_decimals(double v);

#endif
