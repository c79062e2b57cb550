/*
 * chart — see chart.h. The builder decides everything (series, panels,
 * units, ticks, elided labels, value texts, positions); draw() only paints
 * the model with cairo, the same code for the SVG and the PNG surface.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <cairo-svg.h>
#include <cairo.h>
#include <fontconfig/fontconfig.h>

#include "chart.h"

/* ------------------------------------------------------------ text metrics */

/* DejaVu Sans advance widths, 1/1000 em, for ASCII 32..126 (measured with
 * cairo; the charts ask fontconfig for DejaVu Sans, a build dependency). */
static const unsigned short adv_regular[95] = {
	318, 401, 460, 838, 636, 950, 780, 275, 390, 390, 500, 838, 318, 361, 318, 337,
	636, 636, 636, 636, 636, 636, 636, 636, 636, 636, 337, 337, 838, 838, 838, 531,
	1000, 684, 686, 698, 770, 632, 575, 775, 752, 295, 295, 656, 557, 863, 748, 787,
	603, 787, 695, 635, 611, 732, 684, 989, 685, 611, 685, 390, 337, 390, 838, 500,
	500, 613, 635, 550, 635, 615, 352, 635, 634, 278, 278, 579, 278, 974, 634, 612,
	635, 635, 411, 521, 392, 634, 592, 818, 592, 592, 525, 636, 337, 636, 838,
};
static const unsigned short adv_bold[95] = {
	348, 456, 521, 838, 696, 1002, 872, 306, 457, 457, 523, 838, 380, 415, 380, 365,
	696, 696, 696, 696, 696, 696, 696, 696, 696, 696, 400, 400, 838, 838, 838, 580,
	1000, 774, 762, 734, 830, 683, 683, 821, 837, 372, 372, 775, 637, 995, 837, 850,
	733, 850, 770, 720, 682, 812, 774, 1103, 771, 724, 725, 457, 365, 457, 838, 500,
	500, 675, 716, 593, 716, 678, 435, 716, 712, 343, 343, 665, 343, 1042, 712, 687,
	716, 716, 493, 595, 478, 712, 652, 924, 645, 652, 582, 712, 365, 712, 838,
};

#define ELLIPSIS "\xe2\x80\xa6"
#define FONT_FAMILY "DejaVu Sans"

/* Width of the code point starting at s (length *len), in 1/1000 em. */
static unsigned cp_width(const unsigned char *s, size_t n, bool bold, size_t *len)
{
	if (s[0] < 0x80) {
		*len = 1;
		if (s[0] >= 32 && s[0] < 127)
			return bold ? adv_bold[s[0] - 32] : adv_regular[s[0] - 32];
		return 600;
	}
	size_t l = br_utf8_seq_len(s, n);
	if (l == 0) {
		*len = 1;
		return 1000; /* drawn as U+FFFD */
	}
	*len = l;
	if (l == 2)
		return bold ? 720 : 660;
	if (l == 3) {
		unsigned cp = ((s[0] & 0x0fu) << 12) | ((s[1] & 0x3fu) << 6) | (s[2] & 0x3fu);
		return cp >= 0x2e80 ? 1000 : (bold ? 760 : 700);
	}
	return 1000;
}

double br_chart_text_width(const char *s, double size, bool bold)
{
	if (!s)
		return 0;
	const unsigned char *p = (const unsigned char *)s;
	size_t n = strlen(s);
	double w = 0;
	while (n) {
		size_t l;
		w += cp_width(p, n, bold, &l);
		p += l;
		n -= l;
	}
	/* 3 % to spare: another font fontconfig might substitute */
	return w * size / 1000.0 * 1.03;
}

char *br_chart_elide(const char *s, double maxw, double size, bool bold)
{
	if (!s)
		return br_strdup("");
	if (br_chart_text_width(s, size, bold) <= maxw)
		return br_strdup(s);
	double ell = br_chart_text_width(ELLIPSIS, size, bold);
	if (maxw <= ell)
		return br_strdup(ELLIPSIS);
	const unsigned char *p = (const unsigned char *)s;
	size_t n = strlen(s);
	double scale = size / 1000.0 * 1.03;
	double budget = maxw - ell;
	/* the tail gets up to 40 % (it often holds "Try 2" or the host) */
	double tail_budget = budget * 0.4, tail_w = 0;
	size_t tail = n; /* tail = s[tail..n) */
	while (tail > 0) {
		size_t k = tail - 1;
		while (k > 0 && (p[k] & 0xc0) == 0x80)
			k--;
		size_t l;
		double cw = cp_width(p + k, n - k, bold, &l) * scale;
		if (tail_w + cw > tail_budget)
			break;
		tail_w += cw;
		tail = k;
	}
	double head_w = 0;
	size_t head = 0;
	while (head < tail) {
		size_t l;
		double cw = cp_width(p + head, n - head, bold, &l) * scale;
		if (head_w + cw > budget - tail_w)
			break;
		head_w += cw;
		head += l;
	}
	while (head > 0 && s[head - 1] == ' ')
		head--;
	while (tail < n && s[tail] == ' ')
		tail++;
	struct br_buf b = BR_BUF_INIT;
	br_buf_add(&b, s, head);
	br_buf_adds(&b, ELLIPSIS);
	br_buf_add(&b, s + tail, n - tail);
	return br_buf_detach(&b);
}

char *br_chart_fmt(double v, int decimals)
{
	if (decimals < 0)
		decimals = 0;
	char tmp[64];
	snprintf(tmp, sizeof tmp, "%.*f", decimals, v);
	if (strcmp(tmp, "-0") == 0 || (tmp[0] == '-' && strspn(tmp + 1, "0.") == strlen(tmp + 1)))
		memmove(tmp, tmp + 1, strlen(tmp));
	const char *digits = tmp + (tmp[0] == '-');
	size_t intlen = strcspn(digits, ".");
	struct br_buf b = BR_BUF_INIT;
	if (tmp[0] == '-')
		br_buf_addc(&b, '-');
	for (size_t i = 0; i < intlen; i++) {
		if (i && (intlen - i) % 3 == 0)
			br_buf_addc(&b, ',');
		br_buf_addc(&b, digits[i]);
	}
	br_buf_adds(&b, digits + intlen);
	return br_buf_detach(&b);
}

void br_chart_ticks(double max, int target, double *step, double *axis_max, size_t *nticks)
{
	if (!(max > 0) || !isfinite(max))
		max = 1;
	if (target < 1)
		target = 1;
	double raw = max / target;
	double mag = pow(10, floor(log10(raw)));
	static const double nice[] = {1, 2, 2.5, 5, 10};
	double st = 10 * mag;
	for (size_t i = 0; i < BR_ARRAY_LEN(nice); i++)
		if (nice[i] * mag >= raw * (1 - 1e-9)) {
			st = nice[i] * mag;
			break;
		}
	double k = ceil(max / st - 1e-9);
	if (k < 1)
		k = 1;
	*step = st;
	*axis_max = k * st;
	*nticks = (size_t)llround(k) + 1;
}

/* Decimals that print every tick of this step exactly. */
static int step_decimals(double step)
{
	for (int d = 0; d < 6; d++) {
		double m = step * pow(10, d);
		if (fabs(m - llround(m)) < 1e-6 * m)
			return d;
	}
	return 6;
}

/* ------------------------------------------------------------ palette */

/* Okabe & Ito (2008) colour-blind-safe colours, ordered so that neighbours
 * differ in lightness (greyscale printing): blue, orange, bluish green,
 * reddish purple, sky blue, vermillion, yellow, near-black. */
static const uint32_t palette[8] = {
	0x0072B2, 0xE69F00, 0x009E73, 0xCC79A7, 0x56B4E9, 0xD55E00, 0xF0E442, 0x3B3B3B,
};

uint32_t br_chart_colour(size_t slot, enum br_chart_pattern *pattern)
{
	if (pattern)
		*pattern = (enum br_chart_pattern)((slot / BR_ARRAY_LEN(palette)) % BR_PAT_COUNT);
	return palette[slot % BR_ARRAY_LEN(palette)];
}

static const char *pattern_name(enum br_chart_pattern p)
{
	static const char *const names[BR_PAT_COUNT] = {"solid", "hatch", "cross", "backhatch"};
	return names[p];
}

/* ------------------------------------------------------------ series */

void br_chart_set_free(struct br_chart_set *set)
{
	if (!set)
		return;
	for (size_t i = 0; i < set->n; i++)
		free(set->v[i].name);
	free(set->v);
	set->v = NULL;
	set->n = 0;
}

/* The names given so far, per family (br_chart_set_from_cmp checks every
 * new name against them: a scan each would be quadratic in the rows).
 * Open addressing over borrowed strings; sized once for every row. */
struct name_set {
	const char **name;
	int *family;
	unsigned *next;   /* for a name taken as a base: the next "#k" to try */
	size_t cap;
};

static size_t name_slot(const struct name_set *ns, int family, const char *name)
{
	uint64_t h = 1469598103934665603ull ^ (uint64_t)family;
	for (const unsigned char *p = (const unsigned char *)name; *p; p++)
		h = (h ^ *p) * 1099511628211ull;
	size_t j = (size_t)h & (ns->cap - 1);
	while (ns->name[j] && (ns->family[j] != family || strcmp(ns->name[j], name) != 0))
		j = (j + 1) & (ns->cap - 1);
	return j;
}

static bool name_taken(const struct name_set *ns, int family, const char *name)
{
	return ns->name[name_slot(ns, family, name)] != NULL;
}

/* A name unique within the family: base, else "base #k" for the smallest
 * free k >= 2 (names are never removed, so the search for a base resumes
 * where its last one ended). */
static char *name_unique(struct name_set *ns, int family, const char *base)
{
	size_t j = name_slot(ns, family, base);
	if (!ns->name[j])
		return br_strdup(base);
	for (unsigned k = ns->next[j] ? ns->next[j] : 2;; k++) {
		char *name = br_asprintf("%s #%u", base, k);
		if (!name_taken(ns, family, name)) {
			ns->next[j] = k + 1;
			return name;
		}
		free(name);
	}
}

static void name_add(struct name_set *ns, int family, const char *name)
{
	size_t j = name_slot(ns, family, name);
	ns->name[j] = name;
	ns->family[j] = family;
}

struct slot_key {
	size_t first;   /* dataset index of the first record */
	size_t series;
};

static int cmp_slot_key(const void *a, const void *b)
{
	const struct slot_key *x = a, *y = b;
	if (x->first != y->first)
		return x->first < y->first ? -1 : 1;
	return x->series < y->series ? -1 : x->series > y->series;
}

void br_chart_set_from_cmp(struct br_chart_set *set, const struct br_cmp *cmp,
			   const struct br_recset *rs)
{
	memset(set, 0, sizeof *set);
	size_t total = 0;
	for (size_t t = 0; cmp && t < cmp->ntables; t++)
		total += cmp->tables[t].nrows;
	if (!total)
		return;
	set->v = br_calloc(total, sizeof *set->v);
	struct slot_key *keys = br_calloc(total, sizeof *keys);
	struct br_ptrmap order = {0}; /* record → dataset index */
	for (size_t i = 0; rs && i < rs->n; i++)
		br_ptrmap_put(&order, rs->v[i], i);
	struct name_set names = {0};
	names.cap = 16;
	while (names.cap < total * 2)
		names.cap *= 2;
	names.name = br_calloc(names.cap, sizeof *names.name);
	names.family = br_calloc(names.cap, sizeof *names.family);
	names.next = br_calloc(names.cap, sizeof *names.next);
	for (size_t t = 0; t < cmp->ntables; t++) {
		const struct br_cmp_table *tb = &cmp->tables[t];
		for (size_t r = 0; r < tb->nrows; r++) {
			const struct br_cmp_row *row = &tb->rows[r];
			struct br_chart_series *s = &set->v[set->n];
			s->family = tb->family;
			s->baseline = row->is_baseline;
			s->nrecords = row->nmembers;
			s->first = row->nmembers ? row->members[0] : NULL;
			/* unique within the family: "name", "name #2", … */
			char *name = name_unique(&names, (int)s->family, row->name ? row->name : "?");
			s->name = name;
			name_add(&names, (int)s->family, name);
			for (size_t c = 0; c < tb->ncols; c++) {
				struct br_cmp_cell buf;
				const struct br_cmp_cell *cell = br_cmp_cell(tb, r, c, &buf);
				struct br_chart_stat *st = &s->m[tb->cols[c].metric];
				if (!cell->present)
					continue;
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
			}
			size_t first = (size_t)-1;
			if (!row->nmembers || !br_ptrmap_get(&order, row->members[0], &first))
				first = (size_t)-1;
			keys[set->n].first = first;
			keys[set->n].series = set->n;
			set->n++;
		}
	}
	/* colour slots: per tool family (a report draws each family apart), by
	 * the dataset order of each series' first record */
	qsort(keys, set->n, sizeof *keys, cmp_slot_key);
	size_t next[BR_FAM_COUNT] = {0};
	for (size_t k = 0; k < set->n; k++) {
		struct br_chart_series *sr = &set->v[keys[k].series];
		sr->colour = next[sr->family]++;
	}
	free(keys);
	br_ptrmap_free(&order);
	free(names.name);
	free(names.family);
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
	br_chart_set_from_cmp(set, cmp, &ds->records);
	br_cmp_free(cmp);
}

/* ------------------------------------------------------------ building */

#define MARGIN 16.0
#define TITLE_SIZE 17.0
#define SUB_SIZE 11.5
#define PANEL_SIZE 12.5
#define BLOCK_SIZE 11.5
#define NOTE_SIZE 10.0
#define TICK_SIZE 10.0
#define LEGEND_ROW 18.0
#define LEGEND_MAX_ROWS 4
#define LEGEND_LABEL_MAX 220.0
#define BLOCK_HEAD 19.0
#define BLOCK_GAP 7.0
#define PANEL_HEAD 26.0
#define TICK_ROW 15.0
#define NOTE_ROW 15.0
#define LABEL_ROW 13.0 /* stacked layout: the label line above each bar */

static bool metric_wanted(const struct br_render_opts *o, enum br_metric_id id)
{
	return !o || !o->have_metric_filter || o->metric_filter[id];
}

static bool series_has(const struct br_chart_set *set, enum br_family fam, enum br_metric_id id)
{
	for (size_t i = 0; i < set->n; i++)
		if (set->v[i].family == fam && set->v[i].m[id].present)
			return true;
	return false;
}

int br_chart_first_group(const struct br_chart_set *set, const struct br_render_opts *o)
{
	for (int g = 0; g < BR_GROUP_COUNT; g++)
		for (int id = 0; id < BR_METRIC_COUNT; id++) {
			const struct br_metric_info *mi = br_metric((enum br_metric_id)id);
			if ((int)mi->group == g && metric_wanted(o, (enum br_metric_id)id) &&
			    series_has(set, mi->family, (enum br_metric_id)id))
				return g;
		}
	return -1;
}

/* Rank key: larger is better. Too fast is best; unreadable worst. */
static double rank_key(const struct br_chart_stat *st, enum br_better better)
{
	if (st->too_fast)
		return INFINITY;
	if (!st->has_value)
		return -INFINITY;
	return better == BR_HIGHER ? st->value : -st->value;
}

struct rank_item {
	double key;
	size_t pos;
};

static int cmp_rank(const void *a, const void *b)
{
	const struct rank_item *x = a, *y = b;
	if (x->key != y->key)
		return x->key > y->key ? -1 : 1;
	return x->pos < y->pos ? -1 : x->pos > y->pos;
}

/* Keep the best `keep` bars of a block, in their display order. */
static void block_keep(struct br_chart_block *bk, const struct br_chart_set *set, size_t keep)
{
	if (bk->nbars <= keep)
		return;
	enum br_better better = br_metric(bk->metric)->better;
	struct rank_item *it = br_calloc(bk->nbars, sizeof *it);
	for (size_t i = 0; i < bk->nbars; i++) {
		it[i].key = rank_key(&set->v[bk->bars[i].series].m[bk->metric], better);
		it[i].pos = i;
	}
	qsort(it, bk->nbars, sizeof *it, cmp_rank);
	bool *kept = br_calloc(bk->nbars, sizeof *kept);
	for (size_t i = 0; i < keep; i++)
		kept[it[i].pos] = true;
	size_t w = 0;
	for (size_t i = 0; i < bk->nbars; i++)
		if (kept[i])
			bk->bars[w++] = bk->bars[i];
	bk->nhidden += bk->nbars - w;
	bk->nbars = w;
	free(kept);
	free(it);
}

static void add_line(struct br_buf *b, const char *s)
{
	if (b->len)
		br_buf_addc(b, '\n');
	br_buf_adds(b, s);
}

void br_chart_free(struct br_chart *c)
{
	if (!c)
		return;
	for (size_t p = 0; p < c->npanels; p++) {
		struct br_chart_panel *pn = &c->panels[p];
		for (size_t k = 0; k < pn->nblocks; k++) {
			struct br_chart_block *bk = &pn->blocks[k];
			for (size_t i = 0; i < bk->nbars; i++) {
				free(bk->bars[i].label);
				free(bk->bars[i].text);
				free(bk->bars[i].note);
			}
			free(bk->bars);
			free(bk->tag);
			free(bk->fast_text);
		}
		free(pn->blocks);
		free(pn->title);
	}
	free(c->panels);
	for (size_t i = 0; i < c->nlegend; i++)
		free(c->legend[i].label);
	free(c->legend);
	free(c->title);
	free(c->subtitle);
	free(c->note);
	free(c);
}

static const enum br_unit unit_order[] = {BR_UNIT_KIBS, BR_UNIT_PERSEC, BR_UNIT_USEC};

/* Panels and blocks with every bar (labels, texts and layout come later). */
static void collect(struct br_chart *c, const struct br_chart_set *set, int family,
		    const struct br_render_opts *o)
{
	for (int fam = 0; fam < BR_FAM_COUNT; fam++) {
		if (family >= 0 && fam != family)
			continue;
		for (size_t u = 0; u < BR_ARRAY_LEN(unit_order); u++) {
			struct br_chart_panel pn = {0};
			pn.family = (enum br_family)fam;
			pn.unit = unit_order[u];
			for (int id = 0; id < BR_METRIC_COUNT; id++) {
				const struct br_metric_info *mi = br_metric((enum br_metric_id)id);
				if ((int)mi->family != fam || mi->group != c->group || mi->unit != pn.unit ||
				    !metric_wanted(o, (enum br_metric_id)id) ||
				    !series_has(set, pn.family, (enum br_metric_id)id))
					continue;
				pn.better = mi->better;
				pn.blocks = br_realloc(pn.blocks, (pn.nblocks + 1) * sizeof *pn.blocks);
				struct br_chart_block *bk = &pn.blocks[pn.nblocks++];
				memset(bk, 0, sizeof *bk);
				bk->metric = (enum br_metric_id)id;
				bk->title = mi->title;
				bk->bars = br_calloc(set->n, sizeof *bk->bars);
				for (size_t s = 0; s < set->n; s++)
					if (set->v[s].family == pn.family && set->v[s].m[id].present)
						bk->bars[bk->nbars++].series = s;
			}
			if (!pn.nblocks)
				continue;
			c->panels = br_realloc(c->panels, (c->npanels + 1) * sizeof *c->panels);
			c->panels[c->npanels++] = pn;
		}
	}
}

static size_t total_bars(const struct br_chart *c)
{
	size_t n = 0;
	for (size_t p = 0; p < c->npanels; p++)
		for (size_t k = 0; k < c->panels[p].nblocks; k++)
			n += c->panels[p].blocks[k].nbars;
	return n;
}

static size_t total_blocks(const struct br_chart *c)
{
	size_t n = 0;
	for (size_t p = 0; p < c->npanels; p++)
		n += c->panels[p].nblocks;
	return n;
}

/* The largest per-block count N such that every block keeping at most N bars
 * gives at most `rows` bars in all. */
static size_t cap_per_block(const struct br_chart *c, size_t rows)
{
	size_t lo = 1, hi = 0;
	for (size_t p = 0; p < c->npanels; p++)
		for (size_t k = 0; k < c->panels[p].nblocks; k++)
			if (c->panels[p].blocks[k].nbars > hi)
				hi = c->panels[p].blocks[k].nbars;
	while (lo < hi) {
		size_t mid = (lo + hi + 1) / 2, sum = 0;
		for (size_t p = 0; p < c->npanels; p++)
			for (size_t k = 0; k < c->panels[p].nblocks; k++) {
				size_t nb = c->panels[p].blocks[k].nbars;
				sum += nb < mid ? nb : mid;
			}
		if (sum <= rows)
			lo = mid;
		else
			hi = mid - 1;
	}
	return lo;
}

/* Legend entries flowing over rows; returns the number of rows. */
static size_t layout_legend(struct br_chart *c, const struct br_chart_set *set, double y0)
{
	bool *used = br_calloc(set->n ? set->n : 1, sizeof *used);
	size_t nused = 0;
	for (size_t p = 0; p < c->npanels; p++)
		for (size_t k = 0; k < c->panels[p].nblocks; k++)
			for (size_t i = 0; i < c->panels[p].blocks[k].nbars; i++) {
				size_t s = c->panels[p].blocks[k].bars[i].series;
				if (!used[s])
					nused++;
				used[s] = true;
			}
	c->legend = br_calloc(nused ? nused : 1, sizeof *c->legend);
	double x = MARGIN, right = c->width - MARGIN;
	size_t row = 0;
	for (size_t s = 0; s < set->n; s++) {
		if (!used[s])
			continue;
		double maxl = right - MARGIN - 16 < LEGEND_LABEL_MAX ? right - MARGIN - 16 : LEGEND_LABEL_MAX;
		char *lab = br_chart_elide(set->v[s].name, maxl, BR_CHART_FONT, false);
		double w = 15 + br_chart_text_width(lab, BR_CHART_FONT, false) + 18;
		if (x > MARGIN && x + w > right + 18) {
			row++;
			x = MARGIN;
		}
		if (row >= LEGEND_MAX_ROWS) {
			free(lab);
			c->legend_more++;
			continue;
		}
		struct br_chart_legend *lg = &c->legend[c->nlegend++];
		lg->series = s;
		lg->label = lab;
		lg->x = x;
		lg->y = y0 + row * LEGEND_ROW;
		x += w;
	}
	free(used);
	size_t rows = c->nlegend ? row + 1 : 0;
	if (rows > LEGEND_MAX_ROWS)
		rows = LEGEND_MAX_ROWS;
	if (c->legend_more)
		rows++; /* "… and N more" */
	return rows;
}

/* tenths: the series' cpu is printed in tenths (br_cmp_cpu_tenths) */
static void bar_texts(struct br_chart_bar *b, const struct br_chart_stat *st, const struct br_chart_block *bk,
		      bool tenths)
{
	struct br_buf note = BR_BUF_INIT;
	if (st->too_fast) {
		b->text = br_strdup("+++++ too fast to measure");
	} else if (!st->has_value) {
		b->text = br_strdup("unreadable");
	} else {
		/* as the tables print it (compare.h), in the block's unit */
		struct br_buf t = BR_BUF_INIT;
		br_format_figure(b->value, bk->disp.div != 1, &t);
		br_buf_addf(&t, " %s", bk->disp.name);
		b->text = br_buf_detach(&t);
	}
	if (b->n > 1)
		br_buf_addf(&note, "mean, n=%u", b->n);
	if (st->has_cpu && (st->has_value || st->too_fast)) {
		if (note.len)
			br_buf_adds(&note, " \xc2\xb7 ");
		br_format_cpu(st->cpu, tenths, &note);
		br_buf_adds(&note, "% cpu");
	}
	b->note = note.len ? br_buf_detach(&note) : NULL;
	br_buf_free(&note);
}

static const char *unit_kind(enum br_unit u)
{
	switch (u) {
	case BR_UNIT_KIBS:
		return "throughput";
	case BR_UNIT_PERSEC:
		return "operations per second";
	default:
		return "latency";
	}
}

double br_chart_axis_pos(const struct br_chart_block *bk, double v, double plot_w)
{
	double x;
	if (bk->log) {
		if (!(v > bk->axis_min))
			return 0;
		x = (log10(v) - log10(bk->axis_min)) / (log10(bk->axis_max) - log10(bk->axis_min));
	} else {
		x = bk->axis_max > bk->axis_min ? (v - bk->axis_min) / (bk->axis_max - bk->axis_min) : 0;
	}
	if (x < 0)
		x = 0;
	if (x > 1)
		x = 1;
	return x * plot_w;
}

/* Many too-fast bars say one thing: collapse them into one line of names
 * ("+++++ too fast to measure (5): a, b, …"), wrapped to `width` px. */
static void block_collapse_fast(struct br_chart_block *bk, const struct br_chart_set *set, double width)
{
	size_t nfast = 0;
	for (size_t i = 0; i < bk->nbars; i++)
		nfast += set->v[bk->bars[i].series].m[bk->metric].too_fast;
	if (!(nfast >= 4 || (nfast >= 2 && nfast == bk->nbars)))
		return;
	struct br_buf all = BR_BUF_INIT;
	bool every = nfast == bk->nbars && !bk->nhidden;
	if (every)
		br_buf_addf(&all, "+++++ all %zu results were too fast to measure (no figure, not zero)", nfast);
	else
		br_buf_addf(&all, "+++++ too fast to measure (%zu):", nfast);
	struct br_buf lines = BR_BUF_INIT, cur = BR_BUF_INIT;
	br_buf_adds(&cur, all.data);
	size_t nlines = 1, w = 0, left = nfast;
	for (size_t i = 0; i < bk->nbars; i++) {
		const struct br_chart_bar *b = &bk->bars[i];
		if (!set->v[b->series].m[bk->metric].too_fast) {
			bk->bars[w++] = *b;
			continue;
		}
		left--;
		if (every || nlines > 3)
			continue;
		char *name = br_chart_elide(set->v[b->series].name, 200, BR_CHART_FONT, false);
		struct br_buf item = BR_BUF_INIT;
		br_buf_addf(&item, " %s%s", name, left ? "," : "");
		free(name);
		if (br_chart_text_width(cur.data, BR_CHART_FONT, false) + br_chart_text_width(item.data, BR_CHART_FONT, false) >
		    width) {
			if (nlines == 3) {
				br_buf_addf(&cur, " \xe2\x80\xa6 and %zu more", left + 1);
				nlines++;
				br_buf_free(&item);
				continue;
			}
			add_line(&lines, cur.data);
			br_buf_reset(&cur);
			nlines++;
			br_buf_adds(&cur, item.data + 1);
		} else {
			br_buf_adds(&cur, item.data);
		}
		br_buf_free(&item);
	}
	add_line(&lines, cur.data);
	bk->nbars = w;
	bk->nfast = nfast;
	bk->fast_lines = nlines > 3 ? 3 : nlines;
	bk->fast_text = br_buf_detach(&lines);
	br_buf_free(&cur);
	br_buf_free(&all);
	br_buf_free(&lines);
}

/* Block heading row: the title at the left, tick labels over the plot on
 * the same line when the title fits in the label column. */
static double block_head_height(const struct br_chart *c, const struct br_chart_block *bk)
{
	if (c->stacked)
		return BLOCK_HEAD + TICK_ROW; /* the plot starts at the left edge */
	double tw = br_chart_text_width(bk->title, BLOCK_SIZE, true);
	if (bk->tag)
		tw += 8 + br_chart_text_width(bk->tag, NOTE_SIZE, false);
	return tw + 8 <= c->label_w + 10 ? BLOCK_HEAD : BLOCK_HEAD + TICK_ROW;
}

struct br_chart *br_chart_build(const struct br_chart_set *set, enum br_group group, int family,
				const struct br_render_opts *o)
{
	return br_chart_build_capped(set, group, family, o, 0);
}

/* Keep at most `keep` bars in every block (the best, in display order);
 * the number of bars left out. */
static size_t keep_per_block(struct br_chart *c, const struct br_chart_set *set, size_t keep)
{
	size_t before = total_bars(c);
	for (size_t p = 0; p < c->npanels; p++)
		for (size_t k = 0; k < c->panels[p].nblocks; k++)
			block_keep(&c->panels[p].blocks[k], set, keep);
	return before - total_bars(c);
}

struct br_chart *br_chart_build_capped(const struct br_chart_set *set, enum br_group group, int family,
				       const struct br_render_opts *o, size_t max_bars)
{
	struct br_chart *c = br_calloc(1, sizeof *c);
	c->group = group;
	c->set = set;
	c->width = o && o->width ? o->width : BR_CHART_DEFAULT_WIDTH;
	if (c->width < BR_CHART_MIN_WIDTH)
		c->width = BR_CHART_MIN_WIDTH;
	c->stacked = c->width < BR_CHART_STACK_BELOW;
	collect(c, set, family, o);
	if (!c->npanels) {
		br_chart_free(c);
		return NULL;
	}
	struct br_buf note = BR_BUF_INIT;

	/* --top N, the caller's cap, then the height cap */
	size_t all_bars = total_bars(c);
	if (o && o->top)
		keep_per_block(c, set, o->top);
	size_t by_cap = max_bars && !(o && o->top && o->top <= max_bars) ? keep_per_block(c, set, max_bars) : 0;
	size_t nblocks = total_blocks(c);
	/* everything but the bar rows, with a worst-case legend and notes */
	double overhead = MARGIN + 26 + 20 + (LEGEND_MAX_ROWS + 1) * LEGEND_ROW + 8 +
			  c->npanels * (PANEL_HEAD + 10) + nblocks * (BLOCK_HEAD + 2 * TICK_ROW + BLOCK_GAP) +
			  4 * NOTE_ROW + MARGIN;
	/* a report's chart (max_bars) sits among many: compact rows */
	c->row = total_bars(c) > 60 || c->stacked || max_bars ? BR_CHART_ROW_COMPACT : BR_CHART_ROW;
	double pitch = c->row + (c->stacked ? LABEL_ROW : 0);
	size_t rows = overhead < BR_CHART_MAX_HEIGHT ? (size_t)((BR_CHART_MAX_HEIGHT - overhead) / pitch) : 0;
	if (rows < nblocks)
		rows = nblocks;
	size_t capped = 0;
	if (total_bars(c) > rows) {
		capped = cap_per_block(c, rows);
		keep_per_block(c, set, capped);
	}
	size_t hidden = 0;
	for (size_t p = 0; p < c->npanels; p++)
		for (size_t k = 0; k < c->panels[p].nblocks; k++)
			hidden += c->panels[p].blocks[k].nhidden;
	if (by_cap && !capped)
		br_buf_addf(&note, "At most %zu bars per metric are drawn: the best, in the table's order; the table "
				   "below has all %zu figures.",
			    max_bars, all_bars);
	else if (hidden) {
		size_t n = capped ? capped : (o ? o->top : 0);
		if (capped && !(o && o->top && o->top <= capped))
			br_buf_addf(&note, "Only the best %zu per metric are drawn (%zu of %zu bars hidden to keep the chart "
					   "readable); the tables list every record. Use --top N or --metric to choose.",
				    n, hidden, all_bars);
		else
			br_buf_addf(&note, "Only the best %zu per metric are drawn (--top %zu): %zu of %zu bars hidden.", n,
				    n, hidden, all_bars);
	}
	for (size_t p = 0; p < c->npanels; p++)
		for (size_t k = 0; k < c->panels[p].nblocks; k++)
			block_collapse_fast(&c->panels[p].blocks[k], set, c->width * 0.6);

	/* units (per block), values, texts */
	bool any_fast = false, any_unreadable = false, any_agg = false, any_log = false;
	for (size_t p = 0; p < c->npanels; p++) {
		struct br_chart_panel *pn = &c->panels[p];
		for (size_t k = 0; k < pn->nblocks; k++) {
			struct br_chart_block *bk = &pn->blocks[k];
			double max = 0, min = 0;
			for (size_t i = 0; i < bk->nbars; i++) {
				const struct br_chart_stat *st = &set->v[bk->bars[i].series].m[bk->metric];
				if (!st->has_value)
					continue;
				double hi = st->max > st->value ? st->max : st->value;
				double lo = st->min < st->value ? st->min : st->value;
				if (hi > max)
					max = hi;
				if (lo > 0 && (min == 0 || lo < min))
					min = lo;
			}
			bk->disp = br_cmp_pick_unit(pn->unit, max, min);
			if (!(bk->disp.div > 0))
				bk->disp.div = 1;
			bk->has_axis = max > 0;
			/* latency spanning two decades: one slow outlier would flatten
			 * every other bar on a linear axis */
			bk->log = pn->unit == BR_UNIT_USEC && min > 0 && max / min >= 100;
			any_fast |= bk->nfast > 0;
			any_log |= bk->log;
			for (size_t i = 0; i < bk->nbars; i++) {
				struct br_chart_bar *b = &bk->bars[i];
				const struct br_chart_stat *st = &set->v[b->series].m[bk->metric];
				b->too_fast = st->too_fast;
				b->has_value = st->has_value;
				b->value = st->has_value ? st->value / bk->disp.div : 0;
				b->n = st->n;
				b->min = st->has_value ? st->min / bk->disp.div : 0;
				b->max = st->has_value ? st->max / bk->disp.div : 0;
				const struct br_record *first = set->v[b->series].first;
				bar_texts(b, st, bk, first && first->tool == BR_TOOL_BONNIE);
				any_fast |= st->too_fast;
				any_unreadable |= !st->too_fast && !st->has_value;
				any_agg |= st->n > 1;
			}
		}
	}
	if (any_fast)
		add_line(&note, "+++++ : the run finished too quickly for the tool to give a figure (not zero).");
	if (any_unreadable)
		add_line(&note, "unreadable: the document holds the figure but it could not be read.");
	if (any_agg)
		add_line(&note, "Aggregated runs: the bar is the mean, the whisker spans min to max, n = runs.");
	if (any_log)
		add_line(&note, "log scale: each grid line is ten times the one before; bars start at the first line.");
	add_line(&note, "Each metric has its own scale; binary units (1 MiB/s = 1024 KiB/s).");
	/* a quick run of benchreport run says so wherever its figures go */
	for (size_t i = 0; i < set->n; i++) {
		const struct br_param *q = set->v[i].first ? br_record_param(set->v[i].first, "quick") : NULL;
		if (q && q->str) {
			add_line(&note, q->str);
			break;
		}
	}

	/* horizontal layout */
	double W = c->width;
	double label_max = 0, value_max = 0;
	for (size_t p = 0; p < c->npanels; p++)
		for (size_t k = 0; k < c->panels[p].nblocks; k++)
			for (size_t i = 0; i < c->panels[p].blocks[k].nbars; i++) {
				const struct br_chart_bar *b = &c->panels[p].blocks[k].bars[i];
				double lw = br_chart_text_width(set->v[b->series].name, BR_CHART_FONT, set->v[b->series].baseline);
				if (lw > label_max)
					label_max = lw;
				double vw = br_chart_text_width(b->text, BR_CHART_FONT, false);
				if (b->note)
					vw += 6 + br_chart_text_width(b->note, NOTE_SIZE, false);
				if (!b->has_value) /* drawn from the axis, not after a bar */
					vw = vw - 0.5 * W > 0 ? vw - 0.5 * W : 0;
				if (vw > value_max)
					value_max = vw;
			}
	double inner = W - 2 * MARGIN;
	/* stacked: each label on its own line above its bar, the whole width */
	double label_share = c->stacked ? 1 : 0.40, value_share = c->stacked ? 0.42 : 0.30;
	c->label_w = label_max < inner * label_share ? label_max : inner * label_share;
	if (c->label_w < 24)
		c->label_w = 24;
	double value_w = value_max + 10 < inner * value_share ? value_max + 10 : inner * value_share;
	c->label_x = MARGIN;
	c->plot_x = c->stacked ? MARGIN : MARGIN + c->label_w + 10;
	c->plot_w = W - MARGIN - c->plot_x - value_w;
	if (c->plot_w < inner * 0.25) {
		c->plot_w = inner * 0.25;
		value_w = W - MARGIN - c->plot_x - c->plot_w;
	}
	for (size_t p = 0; p < c->npanels; p++) {
		struct br_chart_panel *pn = &c->panels[p];
		for (size_t k = 0; k < pn->nblocks; k++) {
			struct br_chart_block *bk = &pn->blocks[k];
			double max = 0;
			for (size_t i = 0; i < bk->nbars; i++) {
				const struct br_chart_bar *b = &bk->bars[i];
				if (b->has_value && (b->max > max || b->value > max))
					max = b->max > b->value ? b->max : b->value;
			}
			if (bk->log) {
				double min = 0;
				for (size_t i = 0; i < bk->nbars; i++) {
					const struct br_chart_bar *b = &bk->bars[i];
					double lo = b->n > 1 && b->min < b->value ? b->min : b->value;
					if (b->has_value && lo > 0 && (min == 0 || lo < min))
						min = lo;
				}
				double d0 = floor(log10(min)), d1 = ceil(log10(max));
				if (pow(10, d0) >= min * 0.999)
					d0 -= 1; /* the smallest bar keeps some length */
				if (d1 <= d0)
					d1 = d0 + 1;
				bk->axis_min = pow(10, d0);
				bk->axis_max = pow(10, d1);
				bk->tick_step = 10;
				bk->nticks = (size_t)(d1 - d0) + 1;
			} else {
				int target = (int)(c->plot_w / 85);
				bk->axis_min = 0;
				br_chart_ticks(max, target < 2 ? 2 : target, &bk->tick_step, &bk->axis_max, &bk->nticks);
			}
			for (size_t i = 0; i < bk->nbars; i++) {
				struct br_chart_bar *b = &bk->bars[i];
				b->w = b->has_value ? br_chart_axis_pos(bk, b->value, c->plot_w) : 0;
				b->label = br_chart_elide(set->v[b->series].name, c->label_w, BR_CHART_FONT, set->v[b->series].baseline);
			}
			struct br_buf tag = BR_BUF_INIT;
			if (bk->log)
				br_buf_adds(&tag, "log scale");
			if (bk->nhidden)
				br_buf_addf(&tag, "%sbest %zu of %zu", tag.len ? " \xc2\xb7 " : "", bk->nbars + bk->nfast,
					    bk->nbars + bk->nfast + bk->nhidden);
			if (bk->nhidden && max_bars)
				br_buf_addf(&tag, " \xc2\xb7 %zu more in the table", bk->nhidden);
			bk->tag = tag.len ? br_buf_detach(&tag) : NULL;
			br_buf_free(&tag);
		}
		const char *better = pn->better == BR_HIGHER ? "more is better" : "less is better";
		pn->title = br_asprintf("%s \xc2\xb7 %s \xc2\xb7 %s", br_family_title(pn->family), unit_kind(pn->unit),
					better);
		if (br_chart_text_width(pn->title, PANEL_SIZE, true) > inner) { /* narrow: the family goes */
			free(pn->title);
			pn->title = br_asprintf("%s \xc2\xb7 %s", unit_kind(pn->unit), better);
		}
	}

	/* vertical layout */
	c->title = o && o->title ? br_asprintf("%s \xe2\x80\x94 %s", o->title, br_group_title(group))
				 : br_strdup(br_group_title(group));
	size_t nused_series = 0, nruns = 0;
	{
		bool *seen = br_calloc(set->n ? set->n : 1, sizeof *seen);
		for (size_t p = 0; p < c->npanels; p++)
			for (size_t k = 0; k < c->panels[p].nblocks; k++)
				for (size_t i = 0; i < c->panels[p].blocks[k].nbars; i++) {
					size_t s = c->panels[p].blocks[k].bars[i].series;
					if (!seen[s]) {
						nused_series++;
						nruns += set->v[s].nrecords ? set->v[s].nrecords : 1;
					}
					seen[s] = true;
				}
		free(seen);
	}
	bool higher = c->panels[0].better == BR_HIGHER, mixed = false;
	for (size_t p = 1; p < c->npanels; p++)
		mixed |= (c->panels[p].better == BR_HIGHER) != higher;
	const char *bt = mixed ? "more or less is better: see each panel"
			       : higher ? "more is better \xe2\x86\x92" : "\xe2\x86\x90 less is better";
	struct br_buf sub = BR_BUF_INIT;
	br_buf_adds(&sub, bt);
	if (any_agg || nruns != nused_series)
		br_buf_addf(&sub, " \xc2\xb7 %zu configuration%s, %zu runs", nused_series, nused_series == 1 ? "" : "s",
			    nruns);
	else
		br_buf_addf(&sub, " \xc2\xb7 %zu record%s", nused_series, nused_series == 1 ? "" : "s");
	c->subtitle = br_buf_detach(&sub);
	br_buf_free(&sub);

	double y = MARGIN + 26 + 20;
	/* every bar is labelled: no legend when stacked (the labels have the
	 * whole width) or in a report (its table has the colours too) */
	size_t lrows = c->stacked || max_bars ? 0 : layout_legend(c, set, y);
	y += lrows * LEGEND_ROW + (lrows ? 8 : 0);
	for (size_t p = 0; p < c->npanels; p++) {
		struct br_chart_panel *pn = &c->panels[p];
		pn->y = y;
		y += PANEL_HEAD;
		for (size_t k = 0; k < pn->nblocks; k++) {
			struct br_chart_block *bk = &pn->blocks[k];
			bk->y = y;
			y += block_head_height(c, bk);
			bk->tick_y = y - 5;
			bk->axis_y0 = y - 2;
			for (size_t i = 0; i < bk->nbars; i++) {
				if (c->stacked)
					y += LABEL_ROW;
				bk->bars[i].y = y;
				y += c->row;
			}
			bk->axis_y1 = y;
			bk->bottom_ticks = bk->nbars > 25;
			if (bk->bottom_ticks)
				y += TICK_ROW;
			/* the collapsed too-fast line under the bars, clear of the grid */
			if (bk->fast_text) {
				bk->fast_y = y;
				y += bk->fast_lines * c->row;
			}
			y += BLOCK_GAP;
		}
		y += 6;
		pn->h = y - pn->y;
	}
	c->note_y = y;
	if (note.len) {
		/* wrap note lines to the width */
		struct br_buf wrapped = BR_BUF_INIT;
		const char *s = note.data;
		while (*s) {
			size_t l = strcspn(s, "\n");
			char *line = br_strndup(s, l);
			char *word, *save = NULL;
			struct br_buf cur = BR_BUF_INIT;
			for (word = strtok_r(line, " ", &save); word; word = strtok_r(NULL, " ", &save)) {
				if (cur.len && br_chart_text_width(cur.data, NOTE_SIZE, false) +
						       br_chart_text_width(word, NOTE_SIZE, false) + 4 > inner) {
					add_line(&wrapped, cur.data);
					br_buf_reset(&cur);
				}
				if (cur.len)
					br_buf_addc(&cur, ' ');
				br_buf_adds(&cur, word);
			}
			if (cur.len)
				add_line(&wrapped, cur.data);
			br_buf_free(&cur);
			free(line);
			s += l;
			if (*s)
				s++;
		}
		size_t nlines = 1;
		for (const char *q = wrapped.data; *q; q++)
			nlines += *q == '\n';
		y += nlines * NOTE_ROW + 4;
		c->note = br_buf_detach(&wrapped);
		br_buf_free(&wrapped);
	}
	br_buf_free(&note);
	c->height = ceil(y + MARGIN - 6);
	return c;
}

/* ------------------------------------------------------------ dump */

static void dump_str(struct br_buf *b, const char *s)
{
	br_buf_addc(b, '"');
	for (; s && *s; s++) {
		if (*s == '"' || *s == '\\')
			br_buf_addc(b, '\\');
		if (*s == '\n')
			br_buf_adds(b, "\\n");
		else
			br_buf_addc(b, *s);
	}
	br_buf_addc(b, '"');
}

static void dump_num(struct br_buf *b, double v)
{
	br_buf_addf(b, "%.6g", v);
}

void br_chart_dump(const struct br_chart *c, struct br_buf *b)
{
	br_buf_addf(b, "chart %s ", br_group_name(c->group));
	dump_str(b, c->title);
	br_buf_addf(b, " %gx%g\n", c->width, c->height);
	br_buf_adds(b, "subtitle ");
	dump_str(b, c->subtitle);
	br_buf_addf(b, "\nlayout label %g+%g plot %g+%g row %g\n", c->label_x, c->label_w, c->plot_x, c->plot_w, c->row);
	for (size_t i = 0; i < c->nlegend; i++) {
		const struct br_chart_legend *lg = &c->legend[i];
		enum br_chart_pattern pat;
		uint32_t rgb = br_chart_colour(c->set->v[lg->series].colour, &pat);
		br_buf_addf(b, "legend s%zu #%06X %s ", lg->series, (unsigned)rgb, pattern_name(pat));
		dump_str(b, lg->label);
		br_buf_addf(b, " at %g,%g\n", lg->x, lg->y);
	}
	if (c->legend_more)
		br_buf_addf(b, "legend more %zu\n", c->legend_more);
	for (size_t p = 0; p < c->npanels; p++) {
		const struct br_chart_panel *pn = &c->panels[p];
		br_buf_addf(b, "panel %s ", br_family_name(pn->family));
		dump_str(b, pn->title);
		br_buf_addf(b, " better %s y %g h %g\n", pn->better == BR_HIGHER ? "higher" : "lower", pn->y, pn->h);
		for (size_t k = 0; k < pn->nblocks; k++) {
			const struct br_chart_block *bk = &pn->blocks[k];
			br_buf_addf(b, " block %s ", br_metric(bk->metric)->name);
			dump_str(b, bk->title);
			br_buf_addf(b, " unit %s div ", bk->disp.name);
			dump_num(b, bk->disp.div);
			br_buf_adds(b, bk->log ? " log " : " axis ");
			dump_num(b, bk->axis_min);
			br_buf_adds(b, "..");
			dump_num(b, bk->axis_max);
			br_buf_adds(b, " step ");
			dump_num(b, bk->tick_step);
			br_buf_addf(b, " ticks %zu bars %zu hidden %zu y %g\n", bk->nticks, bk->nbars, bk->nhidden, bk->y);
			if (bk->fast_text) {
				br_buf_addf(b, "  fast %zu ", bk->nfast);
				dump_str(b, bk->fast_text);
				br_buf_addc(b, '\n');
			}
			for (size_t i = 0; i < bk->nbars; i++) {
				const struct br_chart_bar *bar = &bk->bars[i];
				br_buf_addf(b, "  bar s%zu ", bar->series);
				dump_str(b, bar->label);
				if (bar->too_fast)
					br_buf_adds(b, " too-fast");
				else if (!bar->has_value)
					br_buf_adds(b, " unreadable");
				else {
					br_buf_adds(b, " value ");
					dump_num(b, bar->value);
					br_buf_addf(b, " w %.1f", bar->w);
				}
				if (bar->n > 1) {
					br_buf_addf(b, " n %u min ", bar->n);
					dump_num(b, bar->min);
					br_buf_adds(b, " max ");
					dump_num(b, bar->max);
				}
				br_buf_adds(b, " text ");
				dump_str(b, bar->text);
				if (bar->note) {
					br_buf_adds(b, " note ");
					dump_str(b, bar->note);
				}
				br_buf_addf(b, " y %g\n", bar->y);
			}
		}
	}
	if (c->note) {
		br_buf_adds(b, "note ");
		dump_str(b, c->note);
		br_buf_addc(b, '\n');
	}
}

/* ------------------------------------------------------------ drawing */

#define C_TEXT 0x1F2328
#define C_MUTED 0x5F6670
#define C_GRID 0xE3E6EA
#define C_AXIS 0x8C959F
#define C_PANEL 0xF4F6F8

/* The drawing state: cairo's, plus what text() needs to record a text
 * instead of drawing it (SVG: real <text> elements, see svg.c). */
struct pen {
	cairo_t *cr;
	struct br_chart_texts *texts; /* NULL: texts are drawn as glyphs */
	uint32_t colour;
	double size;
	bool bold, italic;
};

static void set_rgb(cairo_t *cr, uint32_t c)
{
	cairo_set_source_rgb(cr, ((c >> 16) & 255) / 255.0, ((c >> 8) & 255) / 255.0, (c & 255) / 255.0);
}

static void rgb(struct pen *pn, uint32_t c)
{
	pn->colour = c;
	set_rgb(pn->cr, c);
}

static void rgb_shade(cairo_t *cr, uint32_t c, double f)
{
	cairo_set_source_rgb(cr, ((c >> 16) & 255) / 255.0 * f, ((c >> 8) & 255) / 255.0 * f, (c & 255) / 255.0 * f);
}

static void font(struct pen *pn, double size, bool bold, bool italic)
{
	pn->size = size;
	pn->bold = bold;
	pn->italic = italic;
	if (pn->texts)
		return; /* no glyphs: fontconfig is never started */
	cairo_select_font_face(pn->cr, FONT_FAMILY, italic ? CAIRO_FONT_SLANT_ITALIC : CAIRO_FONT_SLANT_NORMAL,
			       bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
	cairo_set_font_size(pn->cr, size);
}

/* Record a text (SVG): its advance from the DejaVu Sans metrics the layout
 * uses (without their 3 % to spare), elided again only if it is wider than
 * maxw under them. */
static double record_text(struct pen *pn, double x, double y, const char *s, double align, double maxw)
{
	char *own = NULL;
	double w = br_chart_text_width(s, pn->size, pn->bold);
	if (maxw > 0 && w / 1.03 > maxw + 0.5) {
		own = br_chart_elide(s, maxw, pn->size, pn->bold);
		w = br_chart_text_width(own, pn->size, pn->bold);
	}
	struct br_chart_texts *t = pn->texts;
	if (t->n == t->cap) {
		t->cap = t->cap ? 2 * t->cap : 64;
		t->v = br_realloc(t->v, t->cap * sizeof *t->v);
	}
	t->v[t->n++] = (struct br_chart_text){
		.x = x, .y = y, .align = align, .size = pn->size, .bold = pn->bold, .italic = pn->italic,
		.colour = pn->colour, .s = own ? own : br_strdup(s),
	};
	return w / 1.03;
}

void br_chart_texts_free(struct br_chart_texts *t)
{
	for (size_t i = 0; i < t->n; i++)
		free(t->v[i].s);
	free(t->v);
	memset(t, 0, sizeof *t);
}

/* Text with its baseline at y; align 0 left, 0.5 centre, 1 right. Text wider
 * than maxw (when > 0) under the real font is elided again to fit. Returns
 * the advance. */
static double text(struct pen *pn, double x, double y, const char *s, double align, double maxw)
{
	if (!s || !*s)
		return 0;
	if (pn->texts)
		return record_text(pn, x, y, s, align, maxw);
	cairo_t *cr = pn->cr;
	char *own = NULL;
	cairo_text_extents_t e;
	cairo_text_extents(cr, s, &e);
	if (maxw > 0 && e.x_advance > maxw + 0.5) {
		cairo_matrix_t m;
		cairo_get_font_matrix(cr, &m);
		double target = maxw;
		for (int i = 0; i < 8 && e.x_advance > maxw + 0.5; i++) {
			free(own);
			target *= 0.92;
			own = br_chart_elide(s, target, m.xx, false);
			cairo_text_extents(cr, own, &e);
		}
		s = own;
	}
	cairo_move_to(cr, x - align * e.x_advance, y);
	cairo_show_text(cr, s);
	free(own);
	return e.x_advance;
}

static void fill_bar(cairo_t *cr, double x, double y, double w, double h, size_t slot)
{
	enum br_chart_pattern pat;
	uint32_t col = br_chart_colour(slot, &pat);
	if (w <= 0)
		return;
	cairo_rectangle(cr, x, y, w, h);
	set_rgb(cr, col);
	cairo_fill(cr);
	if (pat != BR_PAT_SOLID) {
		/* hatch lines clipped to the bar (a recording-surface tile would be
		 * smaller in SVG, but cairo 1.16 leaks it) */
		cairo_save(cr);
		cairo_rectangle(cr, x, y, w, h);
		cairo_clip(cr);
		cairo_set_source_rgba(cr, 1, 1, 1, 0.8);
		cairo_set_line_width(cr, 1.4);
		for (double d = -h; d < w + h; d += 5) {
			if (pat == BR_PAT_HATCH || pat == BR_PAT_CROSS) {
				cairo_move_to(cr, x + d, y + h);
				cairo_line_to(cr, x + d + h, y);
			}
			if (pat == BR_PAT_BACK || pat == BR_PAT_CROSS) {
				cairo_move_to(cr, x + d, y);
				cairo_line_to(cr, x + d + h, y + h);
			}
		}
		cairo_stroke(cr);
		cairo_restore(cr);
	}
	/* a darker edge keeps light colours (yellow) visible and bars apart */
	cairo_rectangle(cr, x + 0.5, y + 0.5, w - 1 > 0 ? w - 1 : 0, h - 1);
	rgb_shade(cr, col, 0.62);
	cairo_set_line_width(cr, 1);
	cairo_stroke(cr);
}

static void draw(struct pen *pen, const struct br_chart *c)
{
	cairo_t *cr = pen->cr;
	const struct br_chart_set *set = c->set;
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_paint(cr);

	rgb(pen, C_TEXT);
	font(pen, TITLE_SIZE, true, false);
	text(pen, MARGIN, MARGIN + 16, c->title, 0, c->width - 2 * MARGIN);
	rgb(pen, C_MUTED);
	font(pen, SUB_SIZE, false, false);
	text(pen, MARGIN, MARGIN + 26 + 12, c->subtitle, 0, c->width - 2 * MARGIN);

	/* legend */
	font(pen, BR_CHART_FONT, false, false);
	double last_y = 0;
	for (size_t i = 0; i < c->nlegend; i++) {
		const struct br_chart_legend *lg = &c->legend[i];
		fill_bar(cr, lg->x, lg->y + 3, 11, 11, set->v[lg->series].colour);
		rgb(pen, C_TEXT);
		text(pen, lg->x + 15, lg->y + 12.5, lg->label, 0, 0);
		last_y = lg->y;
	}
	if (c->legend_more) {
		char *more = br_asprintf("\xe2\x80\xa6 and %zu more (every bar is labelled)", c->legend_more);
		rgb(pen, C_MUTED);
		text(pen, MARGIN, last_y + LEGEND_ROW + 12.5, more, 0, 0);
		free(more);
	}

	for (size_t p = 0; p < c->npanels; p++) {
		const struct br_chart_panel *pn = &c->panels[p];
		/* panel heading on a light band */
		cairo_rectangle(cr, MARGIN - 6, pn->y, c->width - 2 * MARGIN + 12, PANEL_HEAD - 6);
		rgb(pen, C_PANEL);
		cairo_fill(cr);
		rgb(pen, C_TEXT);
		font(pen, PANEL_SIZE, true, false);
		text(pen, MARGIN, pn->y + 14.5, pn->title, 0, c->width - 2 * MARGIN);

		for (size_t k = 0; k < pn->nblocks; k++) {
			const struct br_chart_block *bk = &pn->blocks[k];
			rgb(pen, C_TEXT);
			font(pen, BLOCK_SIZE, true, false);
			double tw = text(pen, MARGIN, bk->y + 14, bk->title, 0, c->width - 2 * MARGIN);
			if (bk->tag) {
				rgb(pen, C_MUTED);
				font(pen, NOTE_SIZE, false, false);
				text(pen, MARGIN + tw + 8, bk->y + 14, bk->tag, 0, 0);
			}
			if (bk->fast_text) {
				rgb(pen, C_MUTED);
				font(pen, BR_CHART_FONT, false, true);
				double y = bk->fast_y + c->row / 2 + 4;
				const char *s = bk->fast_text;
				while (*s) {
					size_t l = strcspn(s, "\n");
					char *line = br_strndup(s, l);
					text(pen, c->plot_x + 4, y, line, 0, c->width - MARGIN - c->plot_x - 4);
					free(line);
					y += c->row;
					s += l;
					if (*s)
						s++;
				}
			}
			/* grid and tick labels (above, and below tall blocks), unit after the last */
			int dec = step_decimals(bk->tick_step);
			/* log axes: a label every `every` decades, counted from the last */
			size_t every = 1;
			if (bk->log && bk->nticks > 1) {
				double gap = c->plot_w / (double)(bk->nticks - 1);
				while (every < bk->nticks && gap * (double)every < 52)
					every++;
			}
			for (size_t t = 0; bk->has_axis && t < bk->nticks; t++) {
				double v = bk->log ? bk->axis_min * pow(10, (double)t) : bk->tick_step * t;
				double x = floor(c->plot_x + br_chart_axis_pos(bk, v, c->plot_w)) + 0.5;
				rgb(pen, t == 0 ? C_AXIS : C_GRID);
				cairo_set_line_width(cr, 1);
				cairo_move_to(cr, x, bk->axis_y0);
				cairo_line_to(cr, x, bk->axis_y1);
				cairo_stroke(cr);
				if ((bk->nticks - 1 - t) % every != 0)
					continue;
				/* in the block's unit, as its bars are */
				char *lab = bk->log ? br_chart_fmt(v, v < 1 ? (int)llround(-log10(v)) : 0)
						    : br_chart_fmt(v, dec);
				rgb(pen, C_MUTED);
				font(pen, TICK_SIZE, false, false);
				double al = t == 0 ? 0 : 0.5;
				double adv = text(pen, x, bk->tick_y, lab, al, 0);
				if (bk->bottom_ticks)
					text(pen, x, bk->axis_y1 + 11, lab, al, 0);
				if (t + 1 == bk->nticks) {
					double ux = x + (t == 0 ? adv : adv / 2) + 4;
					text(pen, ux, bk->tick_y, bk->disp.name, 0, 0);
					if (bk->bottom_ticks)
						text(pen, ux, bk->axis_y1 + 11, bk->disp.name, 0, 0);
				}
				free(lab);
			}

			for (size_t i = 0; i < bk->nbars; i++) {
				const struct br_chart_bar *b = &bk->bars[i];
				double by = b->y + 2, bh = c->row - 4, mid = b->y + c->row / 2;
				double base = mid + 4;
				rgb(pen, C_TEXT);
				font(pen, BR_CHART_FONT, set->v[b->series].baseline, false);
				if (c->stacked) /* clear of the axis line at plot_x */
					text(pen, c->label_x + 3, b->y - 3, b->label, 0, c->label_w);
				else
					text(pen, c->label_x + c->label_w, base, b->label, 1, c->label_w);
				double end = c->plot_x;
				if (b->has_value) {
					fill_bar(cr, c->plot_x, by, b->w, bh, set->v[b->series].colour);
					end = c->plot_x + b->w;
					if (b->n > 1) {
						double x0 = c->plot_x + br_chart_axis_pos(bk, b->min, c->plot_w);
						double x1 = c->plot_x + br_chart_axis_pos(bk, b->max, c->plot_w);
						rgb(pen, C_TEXT);
						cairo_set_line_width(cr, 1.3);
						cairo_move_to(cr, x0, mid);
						cairo_line_to(cr, x1, mid);
						cairo_move_to(cr, x0, mid - 4);
						cairo_line_to(cr, x0, mid + 4);
						cairo_move_to(cr, x1, mid - 4);
						cairo_line_to(cr, x1, mid + 4);
						cairo_stroke(cr);
						if (x1 > end)
							end = x1;
					}
					rgb(pen, C_TEXT);
					font(pen, BR_CHART_FONT, false, false);
				} else {
					/* no figure: no bar, never a zero bar */
					rgb(pen, C_MUTED);
					font(pen, BR_CHART_FONT, false, true);
				}
				double adv = text(pen, end + 5, base, b->text, 0, 0);
				if (b->note) {
					rgb(pen, C_MUTED);
					font(pen, NOTE_SIZE, false, false);
					text(pen, end + 5 + adv + 6, base, b->note, 0, 0);
				}
			}
		}
	}
	if (c->note) {
		rgb(pen, C_MUTED);
		font(pen, NOTE_SIZE, false, false);
		double y = c->note_y + 12;
		const char *s = c->note;
		while (*s) {
			size_t l = strcspn(s, "\n");
			char *line = br_strndup(s, l);
			text(pen, MARGIN, y, line, 0, c->width - 2 * MARGIN);
			free(line);
			y += NOTE_ROW;
			s += l;
			if (*s)
				s++;
		}
	}
}

static cairo_status_t write_buf(void *closure, const unsigned char *data, unsigned int len)
{
	br_buf_add(closure, data, len);
	return CAIRO_STATUS_SUCCESS;
}

/* Draw into an SVG surface; texts into `texts` when it is not NULL. */
static int svg_draw(const struct br_chart *c, struct br_buf *out, struct br_chart_texts *texts)
{
	struct br_buf b = BR_BUF_INIT;
	cairo_surface_t *s = cairo_svg_surface_create_for_stream(write_buf, &b, c->width, c->height);
	cairo_svg_surface_set_document_unit(s, CAIRO_SVG_UNIT_PX);
	struct pen pn = {.cr = cairo_create(s), .texts = texts};
	draw(&pn, c);
	cairo_status_t st = cairo_status(pn.cr);
	cairo_destroy(pn.cr);
	cairo_surface_finish(s);
	if (st == CAIRO_STATUS_SUCCESS)
		st = cairo_surface_status(s);
	cairo_surface_destroy(s);
	if (st != CAIRO_STATUS_SUCCESS) {
		br_buf_free(&b);
		if (texts)
			br_chart_texts_free(texts);
		return br_error("cannot draw the %s chart: %s", br_group_name(c->group), cairo_status_to_string(st));
	}
	br_buf_add(out, b.data, b.len);
	br_buf_free(&b);
	return 0;
}

int br_chart_svg(const struct br_chart *c, struct br_buf *out)
{
	return svg_draw(c, out, NULL);
}

int br_chart_svg_shapes(const struct br_chart *c, struct br_buf *out, struct br_chart_texts *texts)
{
	memset(texts, 0, sizeof *texts);
	return svg_draw(c, out, texts);
}

int br_chart_png(const struct br_chart *c, double scale, struct br_buf *out)
{
	if (!(scale > 0))
		scale = 1;
	double w = ceil(c->width * scale), h = ceil(c->height * scale);
	if (w > 32767 || h > 32767)
		return br_error("the %s chart would be %.0fx%.0f pixels: too large for PNG; lower --scale or --width",
				br_group_name(c->group), w, h);
	cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, (int)w, (int)h);
	struct pen pn = {.cr = cairo_create(s)};
	cairo_scale(pn.cr, scale, scale);
	/* text in two levels, fitted to the pixel grid by the font's hinting:
	 * as readable at 11 px, and half the PNG bytes of grey edges */
	cairo_font_options_t *fo = cairo_font_options_create();
	cairo_font_options_set_antialias(fo, CAIRO_ANTIALIAS_NONE);
	cairo_font_options_set_hint_style(fo, CAIRO_HINT_STYLE_FULL);
	cairo_font_options_set_hint_metrics(fo, CAIRO_HINT_METRICS_ON);
	cairo_set_font_options(pn.cr, fo);
	cairo_font_options_destroy(fo);
	draw(&pn, c);
	cairo_status_t st = cairo_status(pn.cr);
	cairo_destroy(pn.cr);
	if (st == CAIRO_STATUS_SUCCESS) {
		cairo_surface_flush(s);
		st = cairo_surface_status(s);
	}
	if (st != CAIRO_STATUS_SUCCESS) {
		cairo_surface_destroy(s);
		return br_error("cannot draw the %s chart: %s", br_group_name(c->group), cairo_status_to_string(st));
	}
	/* a palette PNG (png.c): a third of cairo's RGB one */
	int rc = br_png_encode_rgb((const uint32_t *)(const void *)cairo_image_surface_get_data(s), (unsigned)w,
				   (unsigned)h, (size_t)cairo_image_surface_get_stride(s) / 4, out);
	cairo_surface_destroy(s);
	return rc;
}

struct br_chart *br_chart_for_output(const struct br_dataset *ds, const struct br_render_opts *o,
				     struct br_chart_set *set)
{
	br_chart_set_build(set, ds, o);
	int g = o && o->chart_group >= 0 ? o->chart_group : br_chart_first_group(set, o);
	if (g < 0) {
		br_error("no figures to chart%s", o && o->have_metric_filter ? " for the chosen --metric" : "");
		return NULL;
	}
	struct br_chart *c = br_chart_build(set, (enum br_group)g, -1, o);
	if (!c)
		br_error("no figures for the %s chart (%s)%s", br_group_name((enum br_group)g),
			 br_group_title((enum br_group)g),
			 o && o->have_metric_filter ? " with the chosen --metric" : "");
	return c;
}

int br_chart_write_all(const struct br_dataset *ds, const struct br_render_opts *o,
		       int (*emit)(const char *name, const struct br_buf *bytes, void *ctx), void *ctx)
{
	struct br_render_opts copy = *o;
	struct br_chart_set set;
	br_chart_set_build(&set, ds, o);
	bool has[BR_GROUP_COUNT] = {false};
	for (int g = 0; g < BR_GROUP_COUNT; g++) {
		struct br_chart *c = br_chart_build(&set, (enum br_group)g, -1, o);
		has[g] = c != NULL;
		br_chart_free(c);
	}
	br_chart_set_free(&set);
	static const char *const kinds[] = {"svg", "png"};
	int n = 0;
	for (int g = 0; g < BR_GROUP_COUNT; g++) {
		if (!has[g])
			continue;
		copy.chart_group = g;
		for (size_t k = 0; k < BR_ARRAY_LEN(kinds); k++) {
			const struct br_renderer *r = br_renderer_by_name(kinds[k]);
			struct br_buf b = BR_BUF_INIT;
			struct br_sink sink;
			br_sink_mem(&sink, &b);
			int rc = r ? r->render(ds, &copy, &sink) : br_error("no %s renderer", kinds[k]);
			if (rc == 0) {
				char *name = br_asprintf("%s.%s", br_group_name((enum br_group)g), kinds[k]);
				rc = emit(name, &b, ctx);
				free(name);
			}
			br_buf_free(&b);
			if (rc < 0)
				return -1;
		}
		n++;
	}
	if (!n)
		return br_error("no figures to chart%s", o->have_metric_filter ? " for the chosen --metric" : "");
	return n;
}

void br_chart_cleanup(void)
{
	cairo_debug_reset_static_data();
	FcFini();
}
