/* group — "Try N" labels and --aggregate's configurations; see group.h. */
#include "group.h"

#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* ------------------------------------------------------------ helpers */

char *br_cmp_one_line(const char *s)
{
	if (!s)
		return NULL;
	char *c = br_strdup(s);
	for (char *p = c; *p; p++)
		if (*p == '\t' || *p == '\n' || *p == '\r')
			*p = ' ';
	return c;
}

static bool str_eq(const char *a, const char *b)
{
	if (!a || !b)
		return a == b;
	return strcmp(a, b) == 0;
}

/* ------------------------------------------------------------ labels */

static bool is_word_char(unsigned char ch)
{
	return isalnum(ch) || ch >= 0x80;
}

/* Length of a "Try N" / "run #N" token at s (case-insensitive), else 0. */
static size_t try_token(const char *s)
{
	static const char *const words[] = {"try", "run"};
	for (size_t w = 0; w < BR_ARRAY_LEN(words); w++) {
		size_t l = strlen(words[w]);
		if (strncasecmp(s, words[w], l) != 0)
			continue;
		const char *p = s + l;
		while (*p == ' ')
			p++;
		if (*p == '#' || *p == '.')
			p++;
		while (*p == ' ')
			p++;
		if (!isdigit((unsigned char)*p))
			continue;
		while (isdigit((unsigned char)*p))
			p++;
		if (is_word_char((unsigned char)*p))
			continue;
		return (size_t)(p - s);
	}
	return 0;
}

/* Remove a trailing "try N" from seg[0..n) (with its separators); returns
 * the new length, or n unchanged. */
static size_t strip_trailing_try(const char *seg, size_t n)
{
	for (size_t i = n; i-- > 0;) {
		if (i > 0 && is_word_char((unsigned char)seg[i - 1]))
			continue;
		size_t l = try_token(seg + i);
		if (!l || i + l > n)
			continue;
		size_t e = i + l;
		while (e < n && strchr(" ):.]", seg[e]))
			e++;
		if (e != n)
			continue;
		size_t k = i;
		while (k > 0 && strchr(" ,;:-([#", seg[k - 1]))
			k--;
		return k;
	}
	return n;
}

char *br_cmp_config_label(const char *label)
{
	if (!label)
		return NULL;
	struct br_buf b = BR_BUF_INIT;
	const char *s = label;
	for (;;) {
		const char *sep = strstr(s, " / ");
		size_t n = sep ? (size_t)(sep - s) : strlen(s);
		const char *seg = s;
		while (n && (*seg == ' ' || *seg == '#')) {
			seg++;
			n--;
		}
		size_t tl = try_token(seg);
		if (tl && tl <= n) {
			/* "Try 2 (remark)" → nothing; "Run 1: raid0" → "raid0" */
			size_t i = tl;
			while (i < n && seg[i] == ' ')
				i++;
			if (i < n && seg[i] == '(') {
				const char *close = memchr(seg + i, ')', n - i);
				i = close ? (size_t)(close - seg) + 1 : n;
			}
			while (i < n && strchr(" :-,;.", seg[i]))
				i++;
			seg += i;
			n -= i;
		}
		size_t k = strip_trailing_try(seg, n);
		if (k) {
			if (b.len)
				br_buf_adds(&b, " / ");
			br_buf_add(&b, seg, k);
		}
		if (!sep)
			break;
		s = sep + 3;
	}
	if (b.len == 0) {
		br_buf_free(&b);
		return NULL;
	}
	return br_buf_detach(&b);
}


/* ------------------------------------------------------------ configurations */

/* Configuration grouping for --aggregate. The rule (table.h) as a scan,
 * which is what it was and what tests/unit/test_compare.c still checks it
 * against: a run joins the FIRST row made so far with the same tool, the
 * same configuration label (NULL too; then both hosts must be known) and a
 * compatible host (either unknown, or one a prefix of the other); the row's
 * host becomes the run's when that is longer. The row's host is the
 * one_line() copy (TAB, LF, CR as spaces) and the run's is raw, so a run
 * whose host holds one of those matches only rows whose host is a prefix of
 * the part before it.
 *
 * Scanning every row for every run was quadratic (44 s for 100,000 runs of
 * distinct hosts). Instead:
 *   - the part that must match exactly, (tool, label, input), picks a
 *     bucket (a hash); only rows of that bucket are candidates, in creation order;
 *   - a run without host takes the bucket's first row; so does every run
 *     while that row has no host (it can only be the first: a run without
 *     host never starts a row in a bucket that has one);
 *   - otherwise a row is a candidate when its host H is a prefix of the
 *     run's host h or h is a prefix of H (H holds no TAB/LF/CR, so with
 *     one in h only the first can hold, up to it: plain byte comparisons
 *     get that right). Every host a row can ever have is the one_line()
 *     copy of some run's host, known before the scan: they
 *     are sorted per bucket ("leaves"). The hosts extending h are the
 *     leaves from h on that start with h, a range: a segment tree gives
 *     the lowest row among them. The leaves that are prefixes of h are
 *     the largest leaf <= h and its chain of "parents" (the longest
 *     shorter leaf that is a prefix of it), those no longer than their
 *     common prefix with h. Each leaf keeps a heap of the rows whose host
 *     it is (several only when hosts differ in TAB/LF/CR alone).
 *   - a row's host grows only when it was found as a prefix of h, and then
 *     it was the lowest row of its leaf: it leaves the top of that heap.
 * The lowest candidate is the first the scan would have found. */

#define NO_ROW SIZE_MAX

struct leaf {
	const char *s;  /* a one_line() host (borrowed from hl[]) */
	size_t len;
	size_t parent;  /* longest shorter leaf of the bucket that is a prefix, or NO_ROW */
	size_t *heap;   /* rows whose host this is, a min-heap */
	size_t nheap, cap;
};

struct bucket {
	size_t rec;     /* a record with this (tool, label) */
	size_t first;   /* the bucket's first row, or NO_ROW */
	size_t lo, hi;  /* its leaves */
};

struct grouper {
	const struct br_record *const *recs;
	const size_t *ikey; /* input key per record (table.c), SIZE_MAX when unknown */
	char **cl;      /* configuration label per record */
	char **hl;      /* one_line() host per record */
	size_t *bkt;    /* bucket per record, NO_ROW for none */
	struct bucket *b;
	size_t nb;
	struct leaf *lv;
	size_t nleaves;
	size_t *leaf_of; /* leaf of record i's host */
	size_t *seg;    /* segment tree over the leaves' lowest rows */
	size_t segn;
	size_t looked;  /* leaves, tree nodes and heap slots visited (br_configs.looked) */
};

static uint64_t hash_key(enum br_tool tool, const char *cl, size_t ikey)
{
	uint64_t h = (0xcbf29ce484222325ull ^ (uint64_t)tool ^ ((uint64_t)ikey << 8)); /* FNV-1a */
	if (!cl)
		return h * 0x9e3779b97f4a7c15ull;
	for (const char *p = cl; *p; p++)
		h = (h ^ (unsigned char)*p) * 0x100000001b3ull;
	return (h ^ 0xff) * 0x100000001b3ull;
}

/* Number the (tool, label, input) buckets of the records that can join a row. */
static void make_buckets(struct grouper *g, size_t n)
{
	size_t cap = 16;
	while (cap < 2 * n)
		cap *= 2;
	size_t *slot = br_calloc(cap, sizeof *slot); /* 1 + bucket */
	g->b = br_malloc((n ? n : 1) * sizeof *g->b);
	for (size_t i = 0; i < n; i++) {
		const struct br_record *r = g->recs[i];
		g->bkt[i] = NO_ROW;
		if (!g->cl[i] && !r->host)
			continue; /* always a row of its own */
		size_t ik = g->ikey[i];
		size_t k = (size_t)hash_key(r->tool, g->cl[i], ik) & (cap - 1);
		while (slot[k]) {
			size_t o = g->b[slot[k] - 1].rec;
			if (g->recs[o]->tool == r->tool && str_eq(g->cl[o], g->cl[i]) &&
			    g->ikey[o] == ik)
				break;
			k = (k + 1) & (cap - 1);
		}
		if (!slot[k]) {
			g->b[g->nb] = (struct bucket){.rec = i, .first = NO_ROW};
			slot[k] = ++g->nb;
		}
		g->bkt[i] = slot[k] - 1;
	}
	free(slot);
}

static const struct grouper *sort_g; /* qsort has no context argument */

static int by_bucket_host(const void *pa, const void *pb)
{
	size_t a = *(const size_t *)pa, b = *(const size_t *)pb;
	if (sort_g->bkt[a] != sort_g->bkt[b])
		return sort_g->bkt[a] < sort_g->bkt[b] ? -1 : 1;
	return strcmp(sort_g->hl[a], sort_g->hl[b]);
}

/* The leaves: every host a row of each bucket can have, sorted. */
static void make_leaves(struct grouper *g, size_t n)
{
	size_t *ix = br_malloc((n ? n : 1) * sizeof *ix);
	size_t m = 0;
	for (size_t i = 0; i < n; i++)
		if (g->bkt[i] != NO_ROW && g->hl[i])
			ix[m++] = i;
	sort_g = g;
	qsort(ix, m, sizeof *ix, by_bucket_host);
	sort_g = NULL;
	g->lv = br_calloc(m ? m : 1, sizeof *g->lv);
	size_t *stack = br_malloc((m ? m : 1) * sizeof *stack);
	size_t depth = 0;
	for (size_t j = 0; j < m; j++) {
		size_t i = ix[j], b = g->bkt[i];
		bool fresh = g->nleaves == 0 || g->bkt[ix[j - 1]] != b;
		if (!fresh && strcmp(g->hl[ix[j - 1]], g->hl[i]) == 0) {
			g->leaf_of[i] = g->nleaves - 1;
			continue;
		}
		if (fresh) {
			g->b[b].lo = g->nleaves;
			depth = 0;
		}
		struct leaf *l = &g->lv[g->nleaves];
		l->s = g->hl[i];
		l->len = strlen(l->s);
		/* in sorted order, the leaves that are prefixes of this one are
		 * on the stack of the chain before it */
		while (depth) {
			const struct leaf *t = &g->lv[stack[depth - 1]];
			if (t->len < l->len && memcmp(t->s, l->s, t->len) == 0)
				break;
			depth--;
		}
		l->parent = depth ? stack[depth - 1] : NO_ROW;
		stack[depth++] = g->nleaves;
		g->leaf_of[i] = g->nleaves++;
		g->b[b].hi = g->nleaves;
	}
	free(stack);
	free(ix);
	g->segn = 1;
	while (g->segn < g->nleaves)
		g->segn *= 2;
	g->seg = br_malloc(2 * g->segn * sizeof *g->seg);
	for (size_t i = 0; i < 2 * g->segn; i++)
		g->seg[i] = NO_ROW;
}

static size_t min_row(size_t a, size_t b)
{
	return a < b ? a : b;
}

static void seg_update(struct grouper *g, size_t leaf)
{
	const struct leaf *l = &g->lv[leaf];
	size_t i = g->segn + leaf;
	g->seg[i] = l->nheap ? l->heap[0] : NO_ROW;
	for (i /= 2; i; i /= 2) {
		g->seg[i] = min_row(g->seg[2 * i], g->seg[2 * i + 1]);
		g->looked++;
	}
}

/* Lowest row over the leaves [lo, hi). */
static size_t seg_min(struct grouper *g, size_t lo, size_t hi)
{
	size_t best = NO_ROW;
	for (lo += g->segn, hi += g->segn; lo < hi; lo /= 2, hi /= 2) {
		g->looked++;
		if (lo & 1)
			best = min_row(best, g->seg[lo++]);
		if (hi & 1)
			best = min_row(best, g->seg[--hi]);
	}
	return best;
}

static void leaf_push(struct grouper *g, size_t leaf, size_t row)
{
	struct leaf *l = &g->lv[leaf];
	l->heap = br_grow(l->heap, &l->cap, l->nheap + 1, sizeof *l->heap);
	size_t i = l->nheap++;
	while (i && l->heap[(i - 1) / 2] > row) {
		g->looked++;
		l->heap[i] = l->heap[(i - 1) / 2];
		i = (i - 1) / 2;
	}
	l->heap[i] = row;
	seg_update(g, leaf);
}

static void leaf_pop(struct grouper *g, size_t leaf)
{
	struct leaf *l = &g->lv[leaf];
	size_t last = l->heap[--l->nheap], i = 0;
	for (;;) {
		size_t c = 2 * i + 1;
		if (c >= l->nheap)
			break;
		if (c + 1 < l->nheap && l->heap[c + 1] < l->heap[c])
			c++;
		if (l->heap[c] >= last)
			break;
		g->looked++;
		l->heap[i] = l->heap[c];
		i = c;
	}
	if (l->nheap)
		l->heap[i] = last;
	seg_update(g, leaf);
}

/* Compare leaf l with h[0..n) as strcmp() would order the strings. */
static int leaf_cmp(const struct leaf *l, const char *h, size_t n)
{
	int c = memcmp(l->s, h, l->len < n ? l->len : n);
	if (c)
		return c;
	return l->len < n ? -1 : l->len > n;
}

/* The first row of bucket b that a run with host h (not NULL) joins under
 * the scan's rule, or NO_ROW. hosts: the hosts of the rows so far. */
static size_t find_row(struct grouper *g, const struct bucket *b, char *const *hosts,
		       const char *h)
{
	if (b->first == NO_ROW || !hosts[b->first])
		return b->first;
	/* (rows' hosts hold no TAB, LF or CR: none is a prefix of a host
	 * holding one, nor starts with it, unless before that character) */
	size_t p = strlen(h);
	/* the first leaf > h, by bisection */
	size_t lo = b->lo, hi = b->hi;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		g->looked++;
		if (leaf_cmp(&g->lv[mid], h, p) <= 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	size_t hit = NO_ROW;
	if (lo > b->lo) {
		/* leaves that are prefixes of h: lo - 1 (the largest leaf
		 * <= h) and its parents, those within their common prefix */
		const struct leaf *u = &g->lv[lo - 1];
		size_t lcp = 0, lim = u->len < p ? u->len : p;
		while (lcp < lim && u->s[lcp] == h[lcp])
			lcp++;
		for (size_t k = lo - 1; k != NO_ROW; k = g->lv[k].parent) {
			g->looked++;
			if (g->lv[k].len <= lcp && g->lv[k].nheap)
				hit = min_row(hit, g->lv[k].heap[0]);
		}
	}
	/* leaves that start with h: from the first >= h (lo - 1 when it
	 * equals h) to the first that does not start with h */
	size_t from = lo > b->lo && leaf_cmp(&g->lv[lo - 1], h, p) == 0 ? lo - 1 : lo;
	size_t a = from, z = b->hi;
	while (a < z) {
		size_t mid = a + (z - a) / 2;
		const struct leaf *l = &g->lv[mid];
		g->looked++;
		if (l->len >= p && memcmp(l->s, h, p) == 0)
			a = mid + 1;
		else
			z = mid;
	}
	return min_row(hit, seg_min(g, from, a));
}

static void grouper_init(struct grouper *g, const struct br_record *const *recs, size_t n,
			 const size_t *ikey)
{
	*g = (struct grouper){.recs = recs, .ikey = ikey};
	g->cl = br_malloc((n ? n : 1) * sizeof *g->cl);
	g->hl = br_malloc((n ? n : 1) * sizeof *g->hl);
	g->bkt = br_malloc((n ? n : 1) * sizeof *g->bkt);
	g->leaf_of = br_malloc((n ? n : 1) * sizeof *g->leaf_of);
	for (size_t i = 0; i < n; i++) {
		g->cl[i] = br_cmp_config_label(recs[i]->label);
		g->hl[i] = br_cmp_one_line(recs[i]->host);
	}
	make_buckets(g, n);
	make_leaves(g, n);
}

static void grouper_free(struct grouper *g, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(g->cl[i]);
		free(g->hl[i]);
	}
	for (size_t k = 0; k < g->nleaves; k++)
		free(g->lv[k].heap);
	free(g->cl);
	free(g->hl);
	free(g->bkt);
	free(g->leaf_of);
	free(g->b);
	free(g->lv);
	free(g->seg);
}

/* Run i joins configuration hit: the configuration's host becomes the
 * run's when that is longer (found as a prefix of it: the top of its leaf). */
static void join(struct grouper *g, struct br_configs *cf, size_t *row_leaf, size_t i, size_t hit)
{
	const struct br_record *r = g->recs[i];
	cf->of[i] = hit;
	if (r->host && (!cf->host[hit] || strlen(r->host) > strlen(cf->host[hit]))) {
		if (row_leaf[hit] != NO_ROW)
			leaf_pop(g, row_leaf[hit]);
		free(cf->host[hit]);
		cf->host[hit] = br_strdup(g->hl[i]);
		row_leaf[hit] = g->leaf_of[i];
		leaf_push(g, row_leaf[hit], hit);
	}
}

/* Run i starts a configuration of its own. */
static void start(struct grouper *g, struct br_configs *cf, size_t *row_leaf, size_t i)
{
	const struct br_record *r = g->recs[i];
	struct bucket *b = g->bkt[i] != NO_ROW ? &g->b[g->bkt[i]] : NULL;
	size_t k = cf->n++;
	cf->of[i] = k;
	cf->label[k] = br_cmp_one_line(g->cl[i]);
	cf->host[k] = br_cmp_one_line(r->host);
	row_leaf[k] = NO_ROW;
	if (b) {
		if (b->first == NO_ROW)
			b->first = k;
		if (r->host) {
			row_leaf[k] = g->leaf_of[i];
			leaf_push(g, row_leaf[k], k);
		}
	}
}

void br_configs_find(struct br_configs *cf, const struct br_record *const *recs, size_t n,
		     const size_t *ikey)
{
	size_t room = n ? n : 1;
	*cf = (struct br_configs){.of = br_malloc(room * sizeof *cf->of),
				  .label = br_calloc(room, sizeof *cf->label),
				  .host = br_calloc(room, sizeof *cf->host)};
	struct grouper g;
	grouper_init(&g, recs, n, ikey);
	size_t *row_leaf = br_malloc(room * sizeof *row_leaf);
	for (size_t i = 0; i < n; i++) {
		struct bucket *b = g.bkt[i] != NO_ROW ? &g.b[g.bkt[i]] : NULL;
		size_t hit = NO_ROW;
		if (b)
			hit = recs[i]->host ? find_row(&g, b, cf->host, recs[i]->host) : b->first;
		if (hit != NO_ROW)
			join(&g, cf, row_leaf, i, hit);
		else
			start(&g, cf, row_leaf, i);
	}
	free(row_leaf);
	cf->looked = g.looked;
	grouper_free(&g, n);
}

void br_configs_release(struct br_configs *cf)
{
	for (size_t k = 0; k < cf->n; k++) {
		free(cf->label[k]);
		free(cf->host[k]);
	}
	free(cf->label);
	free(cf->host);
	free(cf->of);
	*cf = (struct br_configs){0};
}
