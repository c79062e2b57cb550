/*
 * Unit tests: br_recset_merge files records under a bucket and a value cell
 * so that it does not compare every record with every other (core/record.c).
 * That index must change nothing: the result has to be exactly that of the
 * plain rule — each record, in order, merged into the earliest earlier
 * surviving record with the same br_record_merge_key() that
 * br_record_same_run() accepts. Checked here against that plain rule over
 * random record sets built to collide: near-equal values of several printed
 * resolutions (so that merging moves a value), too-fast and null figures,
 * doubtful figures, hosts that are prefixes of one another, single-figure
 * records with params, records without a host or without a trusted figure
 * (never the same run as anything: the merge skips them).
 *
 * br_record_same_run itself compares only the figures both records trust
 * (bit masks); the plain rule below uses a copy of the original
 * figure-by-figure test, and both are checked against each other on
 * random pairs.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "metric.h"
#include "record.h"
#include "util.h"

static uint64_t rng_state;

static unsigned rnd(unsigned n)
{
	rng_state = rng_state * 6364136223846793005ull + 1442695040888963407ull;
	return (unsigned)((rng_state >> 33) % n);
}

static const char *const hosts[] = {NULL, "a", "ab", "abc", "b", "box.example.org", "box"};

static void set_value(struct br_record *r, enum br_metric_id id, double base, bool cpu)
{
	static const double res[] = {0, 0.1, 1, 10.24, 102.4};
	unsigned kind = rnd(20);
	struct br_value *v;
	if (kind == 0) {
		v = br_record_set_too_fast(r, id, "+++++");
	} else if (kind == 1) {
		v = br_record_set(r, id, 0, "x");
		v->has_value = false;
	} else {
		double rs = res[rnd(BR_ARRAY_LEN(res))];
		/* steps of a fraction of the resolution: equal within it, or not */
		v = br_record_set(r, id, base + (double)rnd(7) * (rs > 0 ? rs / 3 : 1), NULL);
		br_value_set_resolution(v, rs);
	}
	if (rnd(15) == 0)
		v->doubtful = true;
	if (cpu)
		br_record_set_cpu(r, id, (double)(rnd(3) * 5));
}

static struct br_record *random_record(unsigned spread)
{
	unsigned t = rnd(3);
	struct br_record *r;
	if (t == 0) {
		r = br_record_new(BR_TOOL_HDPARM);
		set_value(r, rnd(4) ? BR_M_cached_read : BR_M_buffered_read, 1000 + rnd(spread), false);
		if (rnd(4) == 0) /* -T and -t of one invocation */
			set_value(r, BR_M_buffered_read, 1000 + rnd(spread), false);
		if (rnd(2))
			br_record_param_num(r, "seconds", rnd(2) ? 2 : 3);
	} else if (t == 1) {
		r = br_record_new(BR_TOOL_BONNIEPP);
		bool cpu = rnd(4) != 0;
		set_value(r, BR_M_put_block, 50000 + rnd(spread), cpu);
		if (rnd(2))
			set_value(r, BR_M_seeks, 100 + rnd(spread), cpu);
		if (rnd(3) == 0)
			set_value(r, BR_M_seq_create, 2000 + rnd(spread), cpu);
	} else {
		r = br_record_new(BR_TOOL_RAWIO);
		set_value(r, BR_M_random_read, 2000 + rnd(spread), false);
		if (rnd(2))
			set_value(r, BR_M_seq_read, 9000 + rnd(spread), false);
	}
	br_record_set_host(r, hosts[rnd(BR_ARRAY_LEN(hosts))]);
	r->host_cut = rnd(2); /* a name the format may have cut */
	return r;
}

/* The same-run test as first written (record.c before the masks): every
 * metric in turn. */
static bool plain_host_compatible(const struct br_record *ra, const struct br_record *rb)
{
	const char *a = ra->host, *b = rb->host;
	if (!a || !b)
		return !a && !b;
	size_t la = strlen(a), lb = strlen(b);
	if (la == lb)
		return strcmp(a, b) == 0;
	/* a name starting another is that host only if the format cut it */
	return (la < lb ? ra : rb)->host_cut && strncmp(a, b, la < lb ? la : lb) == 0;
}

static bool plain_values_equal(const struct br_value *a, const struct br_value *b)
{
	if (a->too_fast || b->too_fast)
		return a->too_fast == b->too_fast;
	if (a->has_value != b->has_value)
		return false;
	if (a->has_cpu && b->has_cpu && fabs(a->cpu - b->cpu) > 0.05)
		return false;
	if (!a->has_value)
		return true;
	double ra = br_value_resolution(*a), rb = br_value_resolution(*b);
	if (ra == rb && ra > 0) /* one resolution: the same step of it */
		return llround(a->value / ra) == llround(b->value / ra);
	double d = fabs(a->value - b->value);
	return d <= fmax(ra, rb) + 1e-9 * fmax(fabs(a->value), 1.0);
}

static bool plain_same_run(const struct br_record *a, const struct br_record *b)
{
	if (a->tool != b->tool || !plain_host_compatible(a, b))
		return false;
	size_t shared = 0, trusted = 0;
	for (int i = 0; i < BR_METRIC_COUNT; i++) {
		const struct br_value x = br_record_get(a, i), y = br_record_get(b, i);
		if (!x.present || !y.present)
			continue;
		shared++;
		if (x.doubtful || y.doubtful)
			continue;
		if (!plain_values_equal(&x, &y))
			return false;
		trusted++;
	}
	if (shared == 0 || trusted == 0)
		return false;
	if (trusted == 1) {
		for (size_t i = 0; i < a->nparams; i++) {
			struct br_param p = br_record_param_at(a, i);
			struct br_param q = br_record_param(b, p.key);
			if (!q.key)
				continue;
			if ((p.str == NULL) != (q.str == NULL))
				return false;
			if (p.str ? strcmp(p.str, q.str) != 0 : p.num != q.num)
				return false;
		}
		if (!a->host || !b->host)
			return false;
	}
	return true;
}

/* The plain rule, quadratic. */
static size_t reference_merge(struct br_recset *s)
{
	bool *gone = br_calloc(s->n ? s->n : 1, sizeof *gone);
	size_t merged = 0;
	for (size_t i = 0; i < s->n; i++) {
		uint64_t k = br_record_merge_key(s->v[i]);
		for (size_t c = 0; c < i; c++) {
			if (gone[c] || br_record_merge_key(s->v[c]) != k)
				continue;
			if (plain_same_run(s->v[c], s->v[i])) {
				br_record_merge(s->v[c], s->v[i]);
				gone[i] = true;
				merged++;
				break;
			}
		}
	}
	size_t w = 0;
	for (size_t i = 0; i < s->n; i++) {
		if (gone[i])
			br_record_free(s->v[i]);
		else
			s->v[w++] = s->v[i];
	}
	s->n = w;
	free(gone);
	return merged;
}

static void same_records(const struct br_recset *a, const struct br_recset *b)
{
	assert_int_equal(a->n, b->n);
	for (size_t i = 0; i < a->n; i++) {
		const struct br_record *x = a->v[i], *y = b->v[i];
		assert_int_equal(x->source.line, y->source.line);
		assert_int_equal(x->nalso, y->nalso);
		for (size_t k = 0; k < x->nalso; k++)
			assert_int_equal(x->also[k].line, y->also[k].line);
		for (int m = 0; m < BR_METRIC_COUNT; m++) {
			assert_int_equal(br_record_get(x, m).present, br_record_get(y, m).present);
			assert_int_equal(br_record_get(x, m).has_value, br_record_get(y, m).has_value);
			if (br_record_get(x, m).has_value)
				assert_true(br_record_get(x, m).value == br_record_get(y, m).value);
		}
	}
}

static void index_gives_the_plain_result(void **state)
{
	(void)state;
	static const unsigned spreads[] = {1, 3, 20, 1000};
	for (unsigned seed = 1; seed <= 200; seed++) {
		rng_state = seed;
		unsigned n = 2 + rnd(seed % 10 == 0 ? 1000 : 120);
		unsigned spread = spreads[rnd(BR_ARRAY_LEN(spreads))];
		struct br_recset a = {0}, b = {0};
		for (unsigned i = 0; i < n; i++) {
			struct br_record *r = random_record(spread);
			br_record_set_source(r, "x", i + 1, i + 1, "test");
			br_recset_add(&a, r);
			br_recset_add(&b, br_record_clone(r));
		}
		size_t ma = br_recset_merge(&a), mb = reference_merge(&b);
		assert_int_equal(ma, mb);
		same_records(&a, &b);
		br_recset_free(&a);
		br_recset_free(&b);
	}
}

/* The merge a batch at a time, as the stream merges its candidates
 * (parsers/load.c settle): each batch's index holds the survivors of the
 * batches before, kept without a find, in their buckets as read, then the
 * batch's records, each found, merged or kept. */
static size_t batch_merge(struct br_recset *s)
{
	size_t n = s->n, nsurv = 0, merged = 0;
	uint64_t *key = br_malloc((n ? n : 1) * sizeof *key), *vk = br_malloc((n ? n : 1) * sizeof *vk);
	struct br_record **v = br_malloc((n ? n : 1) * sizeof *v);
	size_t *surv = br_malloc((n ? n : 1) * sizeof *surv), *at = br_malloc((n ? n : 1) * sizeof *at);
	bool *gone = br_calloc(n ? n : 1, sizeof *gone);
	for (size_t i = 0; i < n; i++)
		key[i] = br_record_merge_key(s->v[i]);
	for (size_t from = 0; from < n;) {
		size_t to = from + 1 + rnd((unsigned)(n - from)), m = 0;
		for (size_t j = 0; j < nsurv; j++, m++) {
			at[m] = surv[j];
			v[m] = s->v[at[m]];
			vk[m] = key[at[m]];
		}
		for (size_t i = from; i < to; i++, m++) {
			at[m] = i;
			v[m] = s->v[i];
			vk[m] = key[i];
		}
		struct br_merge_index *ix = br_merge_index_new(v, m, vk);
		for (size_t j = 0; j < nsurv; j++)
			br_merge_index_keep(ix, j);
		for (size_t j = nsurv; j < m; j++) {
			size_t a = br_merge_index_find(ix, j);
			if (a == BR_MERGE_NONE) {
				br_merge_index_keep(ix, j);
				continue;
			}
			br_merge_index_merge(ix, a, j);
			gone[at[j]] = true;
			merged++;
		}
		br_merge_index_free(ix);
		nsurv = 0;
		for (size_t j = 0; j < m; j++)
			if (!gone[at[j]])
				surv[nsurv++] = at[j];
		from = to;
	}
	size_t w = 0;
	for (size_t i = 0; i < n; i++) {
		if (gone[i])
			br_record_free(s->v[i]);
		else
			s->v[w++] = s->v[i];
	}
	s->n = w;
	free(key);
	free(vk);
	free(v);
	free(surv);
	free(at);
	free(gone);
	return merged;
}

/* Merged a batch at a time, the plain result: the survivors filed before
 * the first find (found by a search of their names' starts, not under
 * each) and merged records in their buckets as read. */
static void batches_give_the_plain_result(void **state)
{
	(void)state;
	static const unsigned spreads[] = {1, 3, 20, 1000};
	for (unsigned seed = 1; seed <= 200; seed++) {
		rng_state = seed;
		unsigned n = 2 + rnd(seed % 10 == 0 ? 1000 : 120);
		unsigned spread = spreads[rnd(BR_ARRAY_LEN(spreads))];
		struct br_recset a = {0}, b = {0};
		for (unsigned i = 0; i < n; i++) {
			struct br_record *r = random_record(spread);
			br_record_set_source(r, "x", i + 1, i + 1, "test");
			br_recset_add(&a, r);
			br_recset_add(&b, br_record_clone(r));
		}
		size_t ma = batch_merge(&a), mb = reference_merge(&b);
		assert_int_equal(ma, mb);
		same_records(&a, &b);
		for (size_t i = 0; i < a.n; i++)
			assert_string_equal(a.v[i]->host ? a.v[i]->host : "", b.v[i]->host ? b.v[i]->host : "");
		br_recset_free(&a);
		br_recset_free(&b);
	}
}

/* Many near-equal single figures in one bucket, the case the index is for:
 * 0, 1.024, 2.048 … apart with a resolution of 1.024 (all in one bucket:
 * the same order of magnitude): neighbours one step apart are two runs;
 * the second quarter repeats the first, and merges into it; the second
 * half is every tenth of them at a coarser resolution (10.24), twice, each
 * within its step of some first-quarter records: it merges into the
 * earliest survivor within reach. */
static void neighbours_merge_within_the_resolution(void **state)
{
	(void)state;
	struct br_recset s = {0}, ref = {0};
	for (unsigned i = 0; i < 20000; i++) {
		struct br_record *r = br_record_new(BR_TOOL_HDPARM);
		br_record_set_host(r, "/dev/sda");
		bool coarse = i >= 10000;
		double v = coarse ? 100000 + (double)(i % 500) * 10.24 : 100000 + (i % 5000) * 1.024;
		br_value_set_resolution(br_record_set(r, BR_M_cached_read, v, NULL), coarse ? 10.24 : 1.024);
		br_record_set_source(r, "x", i + 1, i + 1, "test");
		br_recset_add(&s, r);
		br_recset_add(&ref, br_record_clone(r));
	}
	size_t m = br_recset_merge(&s);
	assert_int_equal(m, reference_merge(&ref));
	same_records(&s, &ref);
	assert_int_equal(s.n, 5000); /* the first quarter: every coarse copy found one */
	assert_int_equal(m, 15000);
	assert_int_equal(s.v[0]->source.line, 1);
	assert_int_equal(s.v[0]->also[0].line, 5001);    /* its copy */
	assert_int_equal(s.v[0]->also[1].line, 10001);   /* 100000 at 10.24 */
	assert_int_equal(s.v[0]->also[2].line, 10002);   /* 100010.24: within its step too */
	assert_int_equal(s.v[1]->source.line, 2);        /* one step on: another run */
	br_recset_free(&s);
	br_recset_free(&ref);
}

/* Merging moves a kept figure: a record takes the figure of a copy printed
 * with a finer resolution. A chain of such copies, each a bit finer and a
 * bit further up, carries record 0's figure many cells away from where it
 * was filed; a later copy of the final figure must still find it. */
static void a_figure_moved_by_merging_is_still_found(void **state)
{
	(void)state;
	struct br_recset s = {0}, ref = {0};
	double v = 1000000, res = 10000;
	unsigned line = 1;
	for (int k = 0; k < 20; k++, line++) {
		struct br_record *r = br_record_new(BR_TOOL_HDPARM);
		br_record_set_host(r, "/dev/sda");
		br_value_set_resolution(br_record_set(r, BR_M_cached_read, v, NULL), res);
		br_record_set_source(r, "x", line, line, "test");
		br_recset_add(&s, r);
		br_recset_add(&ref, br_record_clone(r));
		v += res - 1; /* equal within the current (coarser) resolution */
		res -= 100;
	}
	/* record 0 now holds about 1,190,000, filed at 1,000,000 (cells of
	 * 2 × 10,000); two unrelated records in between, then the copy */
	double last = v - (res + 100 - 1);
	double others[] = {last + 50000, last};
	for (size_t k = 0; k < 2; k++, line++) {
		struct br_record *r = br_record_new(BR_TOOL_HDPARM);
		br_record_set_host(r, "/dev/sda");
		br_value_set_resolution(br_record_set(r, BR_M_cached_read, others[k], NULL), 0);
		br_record_set_source(r, "x", line, line, "test");
		br_recset_add(&s, r);
		br_recset_add(&ref, br_record_clone(r));
	}
	assert_int_equal(br_recset_merge(&s), 20);
	assert_int_equal(reference_merge(&ref), 20);
	same_records(&s, &ref);
	assert_int_equal(s.n, 2);
	assert_int_equal(s.v[0]->nalso, 20); /* the chain and the final copy */
	br_recset_free(&s);
	br_recset_free(&ref);
}

/* br_record_same_run against the plain test on random pairs, also of
 * different tools, and on records grown by merging. */
static void same_run_is_the_plain_test(void **state)
{
	(void)state;
	size_t agree_true = 0;
	for (unsigned seed = 1; seed <= 100; seed++) {
		rng_state = seed * 7919;
		unsigned spread = seed % 2 ? 1 : 20;
		struct br_record *v[40];
		for (size_t i = 0; i < BR_ARRAY_LEN(v); i++)
			v[i] = random_record(spread);
		for (size_t i = 0; i < BR_ARRAY_LEN(v); i++)
			for (size_t j = 0; j < BR_ARRAY_LEN(v); j++) {
				bool p = plain_same_run(v[i], v[j]);
				assert_int_equal(br_record_same_run(v[i], v[j]), p);
				agree_true += p && i != j;
			}
		/* grown records: merge a few pairs and compare again */
		for (size_t i = 0; i + 1 < BR_ARRAY_LEN(v); i += 2)
			if (br_record_same_run(v[i], v[i + 1]))
				br_record_merge(v[i], v[i + 1]);
		for (size_t i = 0; i < BR_ARRAY_LEN(v); i += 2)
			for (size_t j = 0; j < BR_ARRAY_LEN(v); j++)
				assert_int_equal(br_record_same_run(v[i], v[j]), plain_same_run(v[i], v[j]));
		for (size_t i = 0; i < BR_ARRAY_LEN(v); i++)
			br_record_free(v[i]);
	}
	assert_true(agree_true > 100); /* the pairs do include same runs */
}

/* Many single hdparm figures without a host (never the same run as
 * anything) in one cell, among copies that do merge: the merge skips the
 * former and still finds the latter. */
static void hostless_lone_figures_never_merge(void **state)
{
	(void)state;
	struct br_recset s = {0}, ref = {0};
	for (unsigned i = 0; i < 3000; i++) {
		struct br_record *r = br_record_new(BR_TOOL_HDPARM);
		if (i % 3 == 0)
			br_record_set_host(r, "/dev/sda");
		/* the same step of 10 at 500000, printed alike or not (a step of
		 * 10 or of 100, within it) */
		br_value_set_resolution(br_record_set(r, BR_M_cached_read, 500000 + (i % 7 ? 0 : 40), NULL),
					i % 7 ? 10 : 100);
		if (i % 5 == 0) /* two figures: may merge without a host */
			br_value_set_resolution(br_record_set(r, BR_M_buffered_read, 80000, NULL), 10);
		br_record_set_source(r, "x", i + 1, i + 1, "test");
		br_recset_add(&s, r);
		br_recset_add(&ref, br_record_clone(r));
	}
	size_t m = br_recset_merge(&s);
	assert_int_equal(m, reference_merge(&ref));
	same_records(&s, &ref);
	/* kept: line 1 (with a host and both figures; the host's single
	 * figures merge into it), line 6 (no host, both figures) and the 1600
	 * host-less single figures */
	assert_int_equal(s.n, 2 + 1600);
	assert_int_equal(s.v[0]->source.line, 1);
	assert_int_equal(s.v[0]->nalso, 1000 - 1);
	assert_int_equal(s.v[4]->source.line, 6); /* after lines 2, 3, 5 */
	assert_int_equal(s.v[4]->nalso, 400 - 1);
	br_recset_free(&s);
	br_recset_free(&ref);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(index_gives_the_plain_result),
		cmocka_unit_test(batches_give_the_plain_result),
		cmocka_unit_test(neighbours_merge_within_the_resolution),
		cmocka_unit_test(a_figure_moved_by_merging_is_still_found),
		cmocka_unit_test(same_run_is_the_plain_test),
		cmocka_unit_test(hostless_lone_figures_never_merge),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
