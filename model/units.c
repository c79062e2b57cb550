/* units — display units and printed figures; see units.h. */
#include "units.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* ------------------------------------------------------------ units */

/* The most decimals a scaled figure of magnitude a gets: one, two below
 * 10, two significant digits below 1 (a 61 us latency in a column of
 * seconds is "0.000061", not "0.00"). */
static int scaled_decimals(double a)
{
	if (a >= 10)
		return 1;
	int d = a >= 1 || a == 0 ? 2 : 1 - (int)floor(log10(a));
	return d < 2 ? 2 : d > 6 ? 6 : d;
}

/* Characters a scaled figure of magnitude a prints in (digits, point and
 * the decimals scaled_decimals gives it; none from 100 up). */
static int figure_width(double a)
{
	int digits = a >= 1 ? (int)floor(log10(a)) + 1 : 1;
	return a >= 100 ? digits : digits + 1 + scaled_decimals(a);
}

struct br_cmp_unit br_cmp_pick_unit(enum br_unit u, double max, double min)
{
	struct br_cmp_unit r = {br_unit_name(u), 1, 0};
	max = fabs(max);
	min = fabs(min);
	switch (u) {
	case BR_UNIT_KIBS:
		if (max >= 10.0 * 1024 * 1024) {
			r.name = "GiB/s";
			r.div = 1024.0 * 1024;
		} else if (max >= 10.0 * 1024) {
			r.name = "MiB/s";
			r.div = 1024.0;
		}
		break;
	case BR_UNIT_USEC:
		/* latencies span decades (61 us and 12 s in one column): with
		 * both ends known, the unit that prints the wider end narrowest */
		if (min > 0 && max > 0) {
			static const struct {
				const char *name;
				double div;
			} us[] = {{"us", 1}, {"ms", 1e3}, {"s", 1e6}};
			/* from the unit the largest value alone would take; another
			 * only when it is narrower */
			int best = max >= 10e6 ? 2 : max >= 10e3 ? 1 : 0, best_w = 1 << 30;
			for (int k = best, n = 0; n < 3; k = (k + 1) % 3, n++) {
				int w = figure_width(max / us[k].div), wmin = figure_width(min / us[k].div);
				w = w > wmin ? w : wmin;
				if (w < best_w) {
					best_w = w;
					best = k;
				}
			}
			r.name = us[best].name;
			r.div = us[best].div;
		} else if (max >= 10e6) {
			r.name = "s";
			r.div = 1e6;
		} else if (max >= 10e3) {
			r.name = "ms";
			r.div = 1e3;
		}
		break;
	case BR_UNIT_PERSEC:
		break;
	}
	if (r.div > 1)
		r.decimals = min > 0 ? scaled_decimals(min / r.div) : 1; /* the most any figure has */
	else
		r.decimals = min > 0 && min < 1 ? 2 : min > 0 && min < 10 ? 1 : 0;
	return r;
}

int br_exact_decimals(double v)
{
	static const double scale[] = {1, 10};
	for (int d = 0; d < 2; d++) {
		double s = v * scale[d];
		if (fabs(s - nearbyint(s)) < 1e-6 * fmax(1, fabs(s)))
			return d;
	}
	return 2;
}

int br_figure_decimals(double s, bool scaled)
{
	double a = fabs(s);
	int d = br_exact_decimals(s);
	if (scaled)
		/* none for a whole figure from 100 up, which keeps three digits
		 * (bonnie++ prints 554ms: "554", not "554.0") */
		return a >= 100 && d == 0 ? 0 : scaled_decimals(a);
	int cap = a >= 1000 ? 0 : a >= 100 ? 1 : 2;
	return d < cap ? d : cap;
}

/* s with d decimals, never "-0.0"; %.3g from 1e10 up. */
static void format_fixed(double s, int d, struct br_buf *out)
{
	/* 10^-d (what pow(10, -d) gives) */
	static const double tenth[] = {1e0, 1e-1, 1e-2, 1e-3, 1e-4, 1e-5, 1e-6, 1e-7, 1e-8};
	if (fabs(s) >= 1e10) {
		/* absurd input (a mangled figure): keep the table's width sane */
		br_buf_addf(out, "%.3g", s);
		return;
	}
	if (fabs(s) < 0.5 * (d >= 0 && d < (int)BR_ARRAY_LEN(tenth) ? tenth[d] : pow(10, -d)))
		s = 0;
	br_buf_add_fixed(out, s, d);
}

void br_format_figure(double s, bool scaled, struct br_buf *out)
{
	format_fixed(s, br_figure_decimals(s, scaled), out);
}

void br_format_cpu(double cpu, bool tenths, struct br_buf *out)
{
	format_fixed(cpu, tenths || cpu != floor(cpu) ? 1 : 0, out);
}
