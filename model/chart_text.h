/*
 * chart_text — what chart layout needs to know about text and numbers:
 * text widths in the chart font (DejaVu Sans advance widths, no font
 * library), middle elision to a width, axis ticks and grouped numbers.
 */
#ifndef BR_MODEL_CHART_TEXT_H
#define BR_MODEL_CHART_TEXT_H

#include <stdbool.h>
#include <stddef.h>

/* The family the widths below are measured in (the drawing asks for it). */
#define BR_CHART_FONT_FAMILY "DejaVu Sans"

/* Nice axis for values up to max (display units), about `target` ticks:
 * step is 1, 2, 2.5 or 5 × 10^k; axis_max = the first tick ≥ max. */
void br_chart_ticks(double max, int target, double *step, double *axis_max, size_t *nticks);
/* Decimals that print every tick of this step exactly (at most 6). */
int br_chart_step_decimals(double step);
/* A number with `decimals` decimals, thousands grouped ("12,345.6"). */
char *br_chart_fmt(double v, int decimals);
/* Width in px of UTF-8 text in the chart font (DejaVu Sans metrics). */
double br_chart_text_width(const char *s, double size, bool bold);
/* s shortened in the middle with "…" to fit maxw px (a new string). */
char *br_chart_elide(const char *s, double maxw, double size, bool bold);

#endif
