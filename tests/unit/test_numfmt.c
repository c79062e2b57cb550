/* Unit tests: the number writers of core/util.c. br_buf_add_fixed must give
 * the bytes of printf("%.*f") and br_buf_add_double those of the shortest
 * round-trip %g search, for millions of values of the kinds the tables and
 * the JSON writer see (figures with a few decimals, scaled units, exact
 * binary ties, arbitrary bit patterns). */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "util.h"

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;

static uint64_t rnd(void)
{
	/* splitmix64: deterministic, so a failure reproduces */
	uint64_t z = (rng_state += 0x9e3779b97f4a7c15ull);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

static double unit_rnd(void)
{
	return (double)(rnd() >> 11) * 0x1p-53;
}

/* A double drawn from one of several families. */
static double pick(void)
{
	static const double div[] = {1, 1024, 1048576, 1000, 1e6, 10, 100, 3};
	uint64_t k = rnd();
	double v;
	switch (k % 8) {
	case 0: /* a figure with 0..4 decimals as a parser reads it */
	{
		char s[40];
		int d = (int)(rnd() % 5);
		snprintf(s, sizeof s, "%llu.%0*llu", (unsigned long long)(rnd() % 10000000),
			 d ? d : 1, (unsigned long long)(d ? rnd() % (uint64_t)pow(10, d) : 0));
		v = strtod(s, NULL);
		break;
	}
	case 1: /* that figure in a scaled unit */
	{
		char s[40];
		snprintf(s, sizeof s, "%llu.%llu", (unsigned long long)(rnd() % 100000000),
			 (unsigned long long)(rnd() % 10));
		v = strtod(s, NULL) / div[rnd() % BR_ARRAY_LEN(div)];
		break;
	}
	case 2: /* exact binary fractions: ties for %.Nf */
		v = (double)(rnd() % 100000000) / (double)(1u << (rnd() % 12));
		break;
	case 3: /* next to a decimal tie */
	{
		int d = (int)(rnd() % 4);
		v = ((double)(rnd() % 1000000) + 0.5) / pow(10, d);
		int step = (int)(rnd() % 3) - 1;
		if (step)
			v = nextafter(v, step > 0 ? INFINITY : 0);
		break;
	}
	case 4: /* log-uniform over 1e-6 .. 1e16 */
		v = pow(10, unit_rnd() * 22 - 6);
		break;
	case 5: /* any bit pattern */
	{
		uint64_t bits = rnd();
		memcpy(&v, &bits, sizeof v);
		break;
	}
	case 6: /* integers, some large */
		v = (double)(rnd() >> (rnd() % 64));
		break;
	default: /* means of a few figures */
		v = ((double)(rnd() % 100000) + (double)(rnd() % 100000) + (double)(rnd() % 100000)) /
		    3.0;
		break;
	}
	return rnd() % 4 == 0 ? -v : v;
}

static void fixed_matches_printf(void **state)
{
	(void)state;
	char want[512];
	struct br_buf b = BR_BUF_INIT;
	for (long i = 0; i < 2000000; i++) {
		double v = pick();
		int prec = (int)(rnd() % 7);
		br_buf_reset(&b);
		br_buf_add_fixed(&b, v, prec);
		snprintf(want, sizeof want, "%.*f", prec, v);
		if (strcmp(b.data, want) != 0)
			fail_msg("%%.%df of %a: got %s, want %s", prec, v, b.data, want);
	}
	br_buf_free(&b);
}

static void fixed_edge_cases(void **state)
{
	(void)state;
	static const double vals[] = {0.0,    -0.0,  0.5,    1.5,    2.5,     -0.5,   -2.5,
				      0.125,  0.375, 0.05,   0.15,   0.25,    0.35,   1e-300,
				      -1e-300, 1e15, 1e300, 123.456, 0.0049999999999999, 99.95,
				      9.995, 1099511627775.5, 1099511627776.5, INFINITY, -INFINITY, NAN};
	char want[512];
	struct br_buf b = BR_BUF_INIT;
	for (size_t i = 0; i < BR_ARRAY_LEN(vals); i++) {
		for (int prec = 0; prec < 20; prec++) {
			br_buf_reset(&b);
			br_buf_add_fixed(&b, vals[i], prec);
			snprintf(want, sizeof want, "%.*f", prec, vals[i]);
			if (strcmp(b.data, want) != 0)
				fail_msg("%%.%df of %a: got %s, want %s", prec, vals[i], b.data, want);
		}
	}
	br_buf_free(&b);
}

/* The definition: the fewest %g digits that read back (what the writer did
 * before it had a fast path). */
static void shortest_ref(double v, char *out, size_t n)
{
	if (!isfinite(v)) {
		snprintf(out, n, "null");
		return;
	}
	if (fabs(v) < 1e15 && v == (double)(long long)v) {
		snprintf(out, n, "%lld", (long long)v);
		return;
	}
	int lo = 1, hi = 17;
	while (lo < hi) {
		int mid = (lo + hi) / 2;
		snprintf(out, n, "%.*g", mid, v);
		if (strtod(out, NULL) == v)
			hi = mid;
		else
			lo = mid + 1;
	}
	snprintf(out, n, "%.*g", lo, v);
}

static void shortest_matches_search(void **state)
{
	(void)state;
	char want[64];
	struct br_buf b = BR_BUF_INIT;
	for (long i = 0; i < 500000; i++) {
		double v = pick();
		br_buf_reset(&b);
		br_buf_add_double(&b, v);
		shortest_ref(v, want, sizeof want);
		if (strcmp(b.data, want) != 0)
			fail_msg("shortest of %a: got %s, want %s", v, b.data, want);
		assert_true(isnan(v) || isinf(v) || strtod(b.data, NULL) == v);
	}
	static const double vals[] = {0.0, -0.0, 0.1, 0.2, 0.3, 1e-3, 9.999e-4, 1e15, 1e15 - 0.5,
				      999999999999999.9, 123456.7, 0.001, -0.001, 5e-324, 1.7976931348623157e308,
				      4503599627370495.5, 9007199254740993.0, 1e16, 2.5, 1.0 / 3};
	for (size_t i = 0; i < BR_ARRAY_LEN(vals); i++) {
		br_buf_reset(&b);
		br_buf_add_double(&b, vals[i]);
		shortest_ref(vals[i], want, sizeof want);
		assert_string_equal(b.data, want);
	}
	br_buf_reset(&b);
	br_buf_add_double(&b, 328.9);
	assert_string_equal(b.data, "328.9");
	br_buf_reset(&b);
	br_buf_add_double(&b, -0.05);
	assert_string_equal(b.data, "-0.05");
	br_buf_reset(&b);
	br_buf_add_double(&b, -42);
	assert_string_equal(b.data, "-42");
	br_buf_free(&b);
}

/* Digit-count edges (10^k - 1, 10^k, 10^k + 1, scaled by every precision),
 * appended one after another to one buffer so that the room check meets
 * every distance to the end of the allocation. */
static void digit_edges_appended(void **state)
{
	(void)state;
	struct br_buf b = BR_BUF_INIT;
	struct br_buf want = BR_BUF_INIT;
	char tmp[512];
	for (int round = 0; round < 3; round++) {
		double p10 = 1;
		for (int k = 0; k < 16; k++, p10 *= 10) {
			for (int dv = -1; dv <= 1; dv++) {
				for (int sign = 0; sign < 2; sign++) {
					double v = (p10 + dv) * (sign ? -1 : 1);
					br_buf_add_double(&b, v);
					shortest_ref(v, tmp, sizeof tmp);
					br_buf_adds(&want, tmp);
					br_buf_addc(&b, ' ');
					br_buf_addc(&want, ' ');
					for (int prec = 0; prec < 16; prec++) {
						double f = v / pow(10, prec);
						br_buf_add_fixed(&b, f, prec);
						snprintf(tmp, sizeof tmp, "%.*f", prec, f);
						br_buf_adds(&want, tmp);
						br_buf_add_double(&b, f);
						shortest_ref(f, tmp, sizeof tmp);
						br_buf_adds(&want, tmp);
						br_buf_addc(&b, ',');
						br_buf_addc(&want, ',');
					}
				}
			}
			if (b.len != want.len || strcmp(b.data, want.data) != 0)
				fail_msg("appended numbers differ at 10^%d: got %s, want %s", k, b.data,
					 want.data);
		}
		/* again from a fresh buffer with a different starting offset */
		br_buf_free(&b);
		br_buf_free(&want);
		for (int i = 0; i <= round; i++) {
			br_buf_addc(&b, 'x');
			br_buf_addc(&want, 'x');
		}
	}
	br_buf_free(&b);
	br_buf_free(&want);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(fixed_matches_printf),
		cmocka_unit_test(fixed_edge_cases),
		cmocka_unit_test(shortest_matches_search),
		cmocka_unit_test(digit_edges_appended),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
