/* chart_series — series and palette; see chart_series.h. */
#include "chart_series.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ palette */

/* Okabe & Ito (2008) colour-blind-safe colours, ordered so that neighbours
 * differ in lightness (greyscale printing): blue, orange, bluish green,
 * reddish purple, sky blue, vermillion, yellow, near-black. */
static const uint32_t palette[BR_CHART_COLOURS] = {
	0x0072B2, 0xE69F00, 0x009E73, 0xCC79A7, 0x56B4E9, 0xD55E00, 0xF0E442, 0x3B3B3B,
};

uint32_t br_chart_colour(size_t slot, enum br_chart_pattern *pattern)
{
	if (pattern)
		*pattern = (enum br_chart_pattern)((slot / BR_ARRAY_LEN(palette)) % BR_PAT_COUNT);
	return palette[slot % BR_ARRAY_LEN(palette)];
}

/* ------------------------------------------------------------ series */

void br_chart_set_free(struct br_chart_set *set)
{
	if (!set)
		return;
	for (size_t i = 0; i < set->n; i++)
		if (set->v[i].own_name)
			free((char *)set->v[i].name);
	free(set->v);
	free(set->col);
	free(set->present);
	for (int id = 0; id < BR_METRIC_COUNT; id++) {
		free(set->rank[id]);
		free(set->best[id]);
	}
	br_cmp_free(set->own);
	memset(set, 0, sizeof *set);
}

/* Series s's column for metric id in its table, or -1. */
static int stat_col(const struct br_chart_set *set, size_t s, enum br_metric_id id)
{
	return set->col[set->v[s].table][id];
}

double br_chart_rank_of(const struct br_chart_stat *st, enum br_better better)
{
	if (st->too_fast)
		return INFINITY;
	if (!st->has_value)
		return -INFINITY;
	return better == BR_HIGHER ? st->value : -st->value;
}

const struct br_chart_stat *br_chart_stat(const struct br_chart_set *set, size_t s, enum br_metric_id id,
					  struct br_chart_stat *st)
{
	memset(st, 0, sizeof *st);
	int c = stat_col(set, s, id);
	if (c < 0)
		return st;
	const struct br_cmp_table *tb = &set->cmp->tables[set->v[s].table];
	size_t r = set->v[s].row;
	if (tb->rows[r].nmembers == 1 && !tb->rows[r].cells) {
		/* one run: its figure as the cell would hold it, without making
		 * the cell (a chart set asks for every row's figures) */
		struct br_cmp_fig f;
		br_cmp_fig(tb, r, (size_t)c, &f);
		if (!f.present)
			return st;
		*st = (struct br_chart_stat){.present = true, .too_fast = f.too_fast, .has_value = f.has_value,
					     .value = f.value, .n = f.has_value ? 1 : 0, .min = f.value,
					     .max = f.value, .has_cpu = f.has_cpu, .cpu = f.cpu};
		return st;
	}
	struct br_cmp_cell buf;
	const struct br_cmp_cell *cell = br_cmp_cell(tb, r, (size_t)c, &buf);
	if (!cell->present)
		return st;
	st->present = true;
	st->too_fast = cell->too_fast && !cell->has_value;
	st->has_value = cell->has_value;
	st->value = cell->value;
	st->n = cell->n ? (unsigned)cell->n : (cell->has_value ? 1 : 0);
	if (cell->n > 1) {
		st->min = cell->min;
		st->max = cell->max;
	} else {
		st->min = st->max = cell->value;
	}
	st->has_cpu = cell->has_cpu;
	st->cpu = cell->cpu;
	return st;
}

/* The names given so far, per family (br_chart_set_from_cmp checks every
 * new name against them: a scan each would be quadratic in the rows).
 * Open addressing; a slot holds 1 + the index of the series whose name
 * it is (its name and family are the series'), 0 when free: 8 bytes a
 * slot, not a copy of the name. Sized once for every row. */
struct name_set {
	const struct br_chart_series *v;
	uint32_t *at;
	uint32_t *next;   /* for a name taken as a base: the next "#k" to try */
	size_t cap;
};

static size_t name_slot(const struct name_set *ns, enum br_family family, const char *name)
{
	uint64_t h = 1469598103934665603ull ^ (uint64_t)family;
	for (const unsigned char *p = (const unsigned char *)name; *p; p++)
		h = (h ^ *p) * 1099511628211ull;
	size_t j = (size_t)h & (ns->cap - 1);
	while (ns->at[j]) {
		const struct br_chart_series *s = &ns->v[ns->at[j] - 1];
		if (s->family == family && strcmp(s->name, name) == 0)
			break;
		j = (j + 1) & (ns->cap - 1);
	}
	return j;
}

static bool name_taken(const struct name_set *ns, enum br_family family, const char *name)
{
	return ns->at[name_slot(ns, family, name)] != 0;
}

/* Series s named uniquely within its family: base (borrowed), else
 * "base #k" (own) for the smallest free k >= 2 (names are never removed,
 * so the search for a base resumes where its last one ended). */
static void name_unique(struct name_set *ns, struct br_chart_series *s, const char *base)
{
	size_t j = name_slot(ns, s->family, base);
	if (!ns->at[j]) {
		s->name = base;
		return;
	}
	for (uint32_t k = ns->next[j] ? ns->next[j] : 2;; k++) {
		char *name = br_asprintf("%s #%u", base, (unsigned)k);
		if (!name_taken(ns, s->family, name)) {
			ns->next[j] = k + 1;
			s->name = name;
			s->own_name = true;
			return;
		}
		free(name);
	}
}

/* Series k (named) into the set. */
static void name_add(struct name_set *ns, size_t k)
{
	size_t j = name_slot(ns, ns->v[k].family, ns->v[k].name);
	ns->at[j] = (uint32_t)(k + 1);
}

bool br_chart_ranked_before(const struct br_chart_ranked *x, const struct br_chart_ranked *y)
{
	return x->key != y->key ? x->key > y->key : x->at < y->at;
}

/* Item i of the heap h (n items) sifted down, or up. */
static void ranked_down(struct br_chart_ranked *h, size_t n, size_t i)
{
	for (;;) {
		size_t l = 2 * i + 1, r = l + 1, m = i;
		if (l < n && br_chart_ranked_before(&h[m], &h[l]))
			m = l;
		if (r < n && br_chart_ranked_before(&h[m], &h[r]))
			m = r;
		if (m == i)
			return;
		struct br_chart_ranked t = h[i];
		h[i] = h[m];
		h[m] = t;
		i = m;
	}
}

static void ranked_up(struct br_chart_ranked *h, size_t i)
{
	while (i > 0) {
		size_t up = (i - 1) / 2;
		if (!br_chart_ranked_before(&h[up], &h[i]))
			return;
		struct br_chart_ranked t = h[i];
		h[i] = h[up];
		h[up] = t;
		i = up;
	}
}

void br_chart_ranked_keep(struct br_chart_ranked *h, size_t *n, size_t cap, struct br_chart_ranked b)
{
	if (*n < cap) {
		h[*n] = b;
		ranked_up(h, (*n)++);
	} else if (cap && br_chart_ranked_before(&b, &h[0])) {
		h[0] = b;
		ranked_down(h, *n, 0);
	}
}

/* Series k ranked key for metric id, into the metric's shortlist. */
static void best_add(struct br_chart_set *set, enum br_metric_id id, size_t k, double key)
{
	set->nwith[id]++;
	if (isnan(key))
		set->nan[id] = true;
	if (!set->best[id])
		set->best[id] = br_malloc(set->shortlist * sizeof *set->best[id]);
	br_chart_ranked_keep(set->best[id], &set->nbest[id], set->shortlist, (struct br_chart_ranked){key, k});
}

static int cmp_best(const void *a, const void *b)
{
	const struct br_chart_ranked *x = a, *y = b;
	return br_chart_ranked_before(x, y) ? -1 : br_chart_ranked_before(y, x);
}

/* Series k's present figures and their ranks (one pass over its row's
 * cells: its records are read once, not once per chart and metric): held
 * for every series, or into the shortlists. */
static void ranks(struct br_chart_set *set, size_t k, size_t total)
{
	const struct br_chart_series *s = &set->v[k];
	const struct br_cmp_table *tb = &set->cmp->tables[s->table];
	for (size_t c = 0; c < tb->ncols; c++) {
		enum br_metric_id id = tb->cols[c].metric;
		struct br_chart_stat st;
		if (!br_chart_stat(set, k, id, &st)->present)
			continue;
		set->present[k] |= (uint64_t)1 << id;
		double key = br_chart_rank_of(&st, br_metric(id)->better);
		if (set->shortlist) {
			best_add(set, id, k, key);
			continue;
		}
		if (!set->rank[id])
			set->rank[id] = br_malloc(total * sizeof *set->rank[id]);
		set->rank[id][k] = key;
	}
}

double br_chart_rank(const struct br_chart_set *set, size_t s, enum br_metric_id id)
{
	if (set->rank[id])
		return set->rank[id][s];
	struct br_chart_stat st;
	return br_chart_rank_of(br_chart_stat(set, s, id, &st), br_metric(id)->better);
}

struct slot_key {
	uint32_t first;   /* dataset index of the first record (UINT32_MAX: none) */
	uint32_t series;
};

/* Records → their index in a record set (each record is there once).
 * Rows mostly come in the set's order: the record after the last one
 * found is tried first, and the map (16 bytes a slot, 4 MiB at 100,000
 * records) is made only when that misses. */
struct order {
	const struct br_recset *rs;
	size_t next;
	bool mapped;
	struct br_ptrmap map;
};

static uint32_t order_of(struct order *o, const struct br_record *r)
{
	size_t i = o->next;
	if (!o->rs || !r)
		return UINT32_MAX;
	if (i >= o->rs->n || o->rs->v[i] != r) {
		if (!o->mapped) {
			for (size_t k = 0; k < o->rs->n; k++)
				br_ptrmap_put(&o->map, o->rs->v[k], k);
			o->mapped = true;
		}
		if (!br_ptrmap_get(&o->map, r, &i))
			return UINT32_MAX;
	}
	o->next = i + 1;
	return (uint32_t)i;
}

static int cmp_slot_key(const void *a, const void *b)
{
	const struct slot_key *x = a, *y = b;
	if (x->first != y->first)
		return x->first < y->first ? -1 : 1;
	return x->series < y->series ? -1 : x->series > y->series;
}

void br_chart_set_from_cmp(struct br_chart_set *set, const struct br_cmp *cmp,
			   const struct br_recset *rs, size_t shortlist)
{
	memset(set, 0, sizeof *set);
	set->shortlist = shortlist;
	size_t total = 0;
	for (size_t t = 0; cmp && t < cmp->ntables; t++)
		total += cmp->tables[t].nrows;
	if (!total)
		return;
	set->v = br_calloc(total, sizeof *set->v);
	set->cmp = cmp;
	set->col = br_malloc(cmp->ntables * sizeof *set->col);
	for (size_t t = 0; t < cmp->ntables; t++) {
		memset(set->col[t], -1, sizeof set->col[t]);
		for (size_t c = 0; c < cmp->tables[t].ncols; c++)
			set->col[t][cmp->tables[t].cols[c].metric] = (signed char)c;
	}
	set->present = br_calloc(total, sizeof *set->present);
	struct slot_key *keys = br_calloc(total, sizeof *keys);
	struct order order = {.rs = rs};
	struct name_set names = {.v = set->v, .cap = 16};
	while (names.cap < total * 2)
		names.cap *= 2;
	names.at = br_calloc(names.cap, sizeof *names.at);
	names.next = br_calloc(names.cap, sizeof *names.next);
	for (size_t t = 0; t < cmp->ntables; t++) {
		const struct br_cmp_table *tb = &cmp->tables[t];
		for (size_t r = 0; r < tb->nrows; r++) {
			const struct br_cmp_row *row = &tb->rows[r];
			struct br_chart_series *s = &set->v[set->n];
			s->family = tb->family;
			s->baseline = row->is_baseline;
			s->nrecords = (uint32_t)row->nmembers;
			s->first = row->nmembers ? row->members[0] : NULL;
			/* unique within the family: "name", "name #2", … */
			name_unique(&names, s, row->name ? row->name : "?");
			name_add(&names, set->n);
			s->table = (uint32_t)t;
			s->row = (uint32_t)r;
			ranks(set, set->n, total);
			if (s->first && !set->quick) {
				struct br_param q = br_record_param(s->first, "quick");
				if (q.str)
					set->quick = q.str;
			}
			keys[set->n].first = order_of(&order, s->first);
			keys[set->n].series = (uint32_t)set->n;
			set->n++;
		}
	}
	/* colour slots: per tool family (a report draws each family apart), by
	 * the dataset order of each series' first record */
	qsort(keys, set->n, sizeof *keys, cmp_slot_key);
	size_t next[BR_FAM_COUNT] = {0};
	for (size_t k = 0; k < set->n; k++) {
		struct br_chart_series *sr = &set->v[keys[k].series];
		sr->colour = (uint32_t)next[sr->family]++;
	}
	free(keys);
	for (int id = 0; id < BR_METRIC_COUNT; id++)
		if (set->best[id])
			qsort(set->best[id], set->nbest[id], sizeof *set->best[id], cmp_best);
	br_ptrmap_free(&order.map);
	free(names.at);
	free(names.next);
}

void br_chart_set_build(struct br_chart_set *set, const struct br_dataset *ds,
			const struct br_render_opts *o)
{
	struct br_render_opts copy = {0};
	copy.chart_group = -1;
	if (o)
		copy = *o;
	copy.top = 0;
	struct br_cmp *cmp = br_cmp_build(ds, &copy);
	br_chart_set_from_cmp(set, cmp, &ds->records, 0);
	if (set->cmp)
		set->own = cmp; /* the series are its rows */
	else
		br_cmp_free(cmp);
}
