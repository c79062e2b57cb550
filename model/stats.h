/*
 * stats — run-to-run statistics over an aggregated configuration's runs
 * (n, mean, median, sample standard deviation, min, max) and Welch's
 * two-sample t-test that says whether a difference against the baseline
 * is larger than that spread. Pure arithmetic on arrays of doubles.
 */
#ifndef BR_MODEL_STATS_H
#define BR_MODEL_STATS_H

#include <stdbool.h>
#include <stddef.h>

/* How "larger than the run-to-run spread" is decided (for a legend line). */
#define BR_CMP_METHOD "Welch's two-sample t-test over the runs, two-sided, p < 0.05"
#define BR_CMP_ALPHA 0.05

/* Statistics, exposed for tests and charts. */
struct br_cmp_stats {
	size_t n;
	double mean, median, sd, min, max;
};
/* v is reordered (sorted). n may be 0 (all zero). */
void br_cmp_stats(double *v, size_t n, struct br_cmp_stats *st);
/* Welch's t-test of two samples given as stats; returns false when it cannot
 * be computed (n < 2 on a side). Both spreads zero: p = 1 if the means are
 * equal, else 0 (t = ±inf). */
bool br_cmp_welch(const struct br_cmp_stats *a, const struct br_cmp_stats *b, double *t, double *df,
		  double *p);
/* Two-sided p value of Student's t with df degrees of freedom. */
double br_cmp_t_pvalue(double t, double df);

#endif
