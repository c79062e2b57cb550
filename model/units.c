/* units — display units and printed figures; see units.h. */
#include "units.h"

#include <assert.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* Rare paths out of line keep the hot ones free of a stack frame. */
#if defined(__GNUC__)
#define BR_NOINLINE __attribute__((noinline))
#else
#define BR_NOINLINE
#endif

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
	/* a whole figure (most of them) without the rounding below */
	if (fabs(v) < 1e15 && v == (double)(long long)v)
		return 0;
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
	if (scaled)
		/* none for a whole figure from 100 up, which keeps three digits
		 * (bonnie++ prints 554ms: "554", not "554.0") */
		return a >= 100 && br_exact_decimals(s) == 0 ? 0 : scaled_decimals(a);
	int cap = a >= 1000 ? 0 : a >= 100 ? 1 : 2;
	if (cap == 0)
		return 0; /* whatever the figure's own decimals */
	int d = br_exact_decimals(s);
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

/* put_fixed() for what it leaves to br_buf_add_fixed (out of line: keeps
 * the common path free of a frame). */
static BR_NOINLINE size_t put_fixed_slow(double s, int d, char *out)
{
	struct br_buf b = BR_BUF_INIT;
	format_fixed(s, d, &b);
	size_t n = b.len;
	assert(n <= BR_FIGURE_MAX); /* d <= 6 and below 1e10, or %.3g */
	memcpy(out, b.data, n);
	br_buf_free(&b);
	return n;
}

/* s with d decimals into out, never "-0.0"; %.3g from 1e10 up. Figures of a
 * table are short: the common ones (0 <= s < 1e10, at most six decimals,
 * not within 0.001 of a tie) are rounded here the way br_buf_add_fixed
 * rounds them, the rest are left to it. */
static size_t put_fixed(double s, int d, char *out)
{
	static const double ten_to[] = {1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6};
	assert(d >= 0 && d < (int)BR_ARRAY_LEN(ten_to));
	double hi = s * ten_to[d];
	if (!(s >= 0 && s < 1e10 && hi < 0x1p40))
		return put_fixed_slow(s, d, out);
	uint64_t r = (uint64_t)hi; /* floor */
	double frac = hi - (double)r;
	/* (within 0.001 of a tie the product's rounding error matters:
	 * br_buf_add_fixed decides those exactly) */
	if (frac >= 0.499 && frac <= 0.501)
		return put_fixed_slow(s, d, out);
	r += frac > 0.501;
	/* the digits end 16 bytes before the end of tmp, and 16 bytes go to
	 * out whatever their count (one copy of a known size: out has room
	 * for BR_FIGURE_MAX) */
	char tmp[BR_FIGURE_MAX + 16];
	char *e = tmp + BR_FIGURE_MAX;
	memset(e, ' ', 16); /* (what follows the text in out) */
	char *p = br_digits_back(e, r, d);
	size_t n = (size_t)(e - p);
	memcpy(out, p, 16);
	if (n > 16)
		memcpy(out + 16, p + 16, n - 16); /* (a figure of 17 or 18 bytes) */
	return n;
}

void br_format_figure(double s, bool scaled, struct br_buf *out)
{
	char buf[BR_FIGURE_MAX];
	br_buf_add(out, buf, put_fixed(s, br_figure_decimals(s, scaled), buf));
}

size_t br_figure_text(double s, bool scaled, char *out)
{
	return put_fixed(s, br_figure_decimals(s, scaled), out);
}

size_t br_fixed_text(double s, int d, char *out)
{
	return put_fixed(s, d, out);
}

static int cpu_decimals(double cpu, bool tenths)
{
	return tenths || cpu != floor(cpu) ? 1 : 0;
}

void br_format_cpu(double cpu, bool tenths, struct br_buf *out)
{
	char buf[BR_FIGURE_MAX];
	br_buf_add(out, buf, put_fixed(cpu, cpu_decimals(cpu, tenths), buf));
}

size_t br_cpu_text(double cpu, bool tenths, char *out)
{
	return put_fixed(cpu, cpu_decimals(cpu, tenths), out);
}
