/* chart_layout — the chart model and its dump; see chart_layout.h. */
#include "chart_layout.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ building */

static bool metric_wanted(const struct br_render_opts *o, enum br_metric_id id)
{
	return !o || !o->have_metric_filter || o->metric_filter[id];
}

static bool series_has(const struct br_chart_set *set, enum br_family fam, enum br_metric_id id)
{
	for (size_t i = 0; i < set->n; i++)
		if (set->v[i].family == fam && br_chart_present(set, i, id))
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

/* Rank key: larger is better. Too fast is best; unreadable worst. (A
 * bar's place in its block, or in the series of a block, is its index.) */
static int cmp_rank(const void *a, const void *b)
{
	const struct br_chart_ranked *x = a, *y = b;
	if (x->key != y->key)
		return x->key > y->key ? -1 : 1;
	return x->at < y->at ? -1 : x->at > y->at;
}

/* The `keep` (< n) best of the n items (no NaN key) into it[0 .. keep), in
 * no order: a heap of keep items, the last-ranked at the top (each item
 * read before the heap can grow over its slot). */
static void rank_heap(struct br_chart_ranked *it, size_t n, size_t keep)
{
	size_t k = 0;
	for (size_t i = 0; i < n; i++)
		br_chart_ranked_keep(it, &k, keep, it[i]);
}

/* Mark in kept the `keep` (< n) best of the n items: a heap of keep items,
 * O(n log keep) (a report's chart keeps 25 bars of 100,000 rows). The
 * order is total (key, then position), so the set is the one a full sort
 * would give; a NaN key (no order) takes the sort itself. */
static void rank_best(struct br_chart_ranked *it, size_t n, size_t keep, bool *kept)
{
	bool nan = false;
	for (size_t i = 0; i < n && !nan; i++)
		nan = isnan(it[i].key);
	if (nan)
		qsort(it, n, sizeof *it, cmp_rank);
	else
		rank_heap(it, n, keep);
	for (size_t i = 0; i < keep; i++)
		kept[it[i].at] = true;
}

/* Keep the best `keep` bars of a block, in their display order. */
static void block_keep(struct br_chart_block *bk, const struct br_chart_set *set, size_t keep)
{
	if (bk->nbars <= keep)
		return;
	struct br_chart_ranked *it = br_calloc(bk->nbars, sizeof *it);
	for (size_t i = 0; i < bk->nbars; i++) {
		it[i].key = br_chart_rank(set, bk->bars[i].series, bk->metric);
		it[i].at = i;
	}
	bool *kept = br_calloc(bk->nbars, sizeof *kept);
	rank_best(it, bk->nbars, keep, kept);
	size_t w = 0;
	for (size_t i = 0; i < bk->nbars; i++)
		if (kept[i])
			bk->bars[w++] = bk->bars[i];
	bk->nhidden += bk->nbars - w;
	bk->nbars = w;
	/* the bars of every row were collected: hold only the kept */
	bk->bars = br_realloc(bk->bars, (w ? w : 1) * sizeof *bk->bars);
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

/* What collect cut before apply_caps: the bars of every block before any
 * cut, and the bars the caller's cap (max_bars) left out. */
struct precut {
	size_t all_bars, by_cap;
	struct br_chart_ranked *it; /* scratch: a block's ranks */
};

static int cmp_pos(const void *a, const void *b)
{
	const struct br_chart_ranked *x = a, *y = b;
	return x->at < y->at ? -1 : x->at > y->at;
}

/* Do the set's shortlists hold this block's best `keep` bars: the m
 * series are all that have its figure (the series order: a series' place
 * among them is its place in the set), every one ranked, at least keep
 * shortlisted? */
static bool shortlisted(const struct br_chart_block *bk, const struct br_chart_set *set, size_t m, size_t keep)
{
	enum br_metric_id id = bk->metric;
	return set->best[id] && !set->nan[id] && set->nwith[id] == m && set->nbest[id] >= keep;
}

/* A block's bars: the series in ser (m of them, in display order). With a
 * cap (a report's chart: the best max_bars, or --top when smaller), only
 * the bars apply_caps would keep are made: the same best of the same
 * ranks (rank_best), without a bar for every row of the table; what the
 * cap left out counts as apply_caps would have counted it. A NaN key (no
 * order) leaves every bar to apply_caps. */
static void block_bars(struct br_chart_block *bk, const struct br_chart_set *set, const size_t *ser, size_t m,
		       const struct br_render_opts *o, size_t max_bars, struct precut *pc)
{
	size_t top = o ? o->top : 0;
	size_t keep = top && top < max_bars ? top : max_bars;
	pc->all_bars += m;
	if (max_bars && m > keep && shortlisted(bk, set, m, keep)) {
		const struct br_chart_ranked *best = set->best[bk->metric];
		for (size_t i = 0; i < keep; i++)
			pc->it[i].at = best[i].at;
		qsort(pc->it, keep, sizeof *pc->it, cmp_pos);
		bk->bars = br_calloc(keep, sizeof *bk->bars);
		for (size_t i = 0; i < keep; i++)
			bk->bars[bk->nbars++].series = pc->it[i].at;
		bk->nhidden = m - keep;
		if (!(top && top <= max_bars))
			pc->by_cap += (top && top < m ? top : m) - keep;
		return;
	}
	if (max_bars && m > keep) {
		bool nan = false;
		for (size_t i = 0; i < m && !nan; i++) {
			pc->it[i].key = br_chart_rank(set, ser[i], bk->metric);
			pc->it[i].at = i;
			nan = isnan(pc->it[i].key);
		}
		if (!nan) {
			rank_heap(pc->it, m, keep);
			qsort(pc->it, keep, sizeof *pc->it, cmp_pos);
			bk->bars = br_calloc(keep, sizeof *bk->bars);
			for (size_t i = 0; i < keep; i++)
				bk->bars[bk->nbars++].series = ser[pc->it[i].at];
			bk->nhidden = m - keep;
			if (!(top && top <= max_bars))
				pc->by_cap += (top && top < m ? top : m) - keep;
			return;
		}
	}
	bk->bars = br_calloc(m ? m : 1, sizeof *bk->bars);
	for (size_t i = 0; i < m; i++)
		bk->bars[bk->nbars++].series = ser[i];
}

/* Panels and blocks with every bar, or with a cap the bars kept (labels,
 * texts and layout come later). */
static void collect(struct br_chart *c, const struct br_chart_set *set, int family,
		    const struct br_render_opts *o, size_t max_bars, struct precut *pc)
{
	size_t *ser = br_malloc((set->n ? set->n : 1) * sizeof *ser);
	pc->it = br_malloc((set->n ? set->n : 1) * sizeof *pc->it);
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
				size_t m = 0;
				for (size_t s = 0; s < set->n; s++)
					if (set->v[s].family == pn.family && br_chart_present(set, s, (enum br_metric_id)id))
						ser[m++] = s;
				block_bars(bk, set, ser, m, o, max_bars, pc);
			}
			if (!pn.nblocks)
				continue;
			c->panels = br_realloc(c->panels, (c->npanels + 1) * sizeof *c->panels);
			c->panels[c->npanels++] = pn;
		}
	}
	free(ser);
	free(pc->it);
	pc->it = NULL;
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

/* "…" and s. */
static char *ell_before(const char *s)
{
	struct br_buf t = BR_BUF_INIT;
	br_buf_adds(&t, "\xe2\x80\xa6");
	br_buf_adds(&t, s);
	return br_buf_detach(&t);
}

/* A name in `width`, elided in the middle when too wide; but when that
 * hides what tells it from the names beside it (all but its first `head`
 * and last `tail` bytes, which they share), the name less the shared head
 * ("…1 / sdb"), elided in turn if need be. Hidden: for a bar, when the
 * elision keeps nothing but shared bytes ("Run…sdb" for each of "Run 1 /
 * sdb", "Run 2 / sdb"); for a legend entry (`whole`), when it cuts into
 * what differs at all ("I finally put every driv…cial M4 128GB"). */
static char *own_label(const char *name, double width, bool bold, size_t head, size_t tail, bool whole)
{
	static const char ell[] = "\xe2\x80\xa6";
	char *e = br_chart_elide(name, width, BR_CHART_FONT, bold);
	size_t n = name ? strlen(name) : 0, m = strlen(e);
	const char *cut = name && head + tail < n ? strstr(e, ell) : NULL;
	if (!cut)
		return e;
	size_t kept_head = (size_t)(cut - e), kept_tail = m - kept_head - strlen(ell);
	if (whole ? kept_head >= n - tail || kept_tail >= n - head : kept_head > head || kept_tail > tail)
		return e; /* what tells the names apart is shown */
	while (head < n && name[head] == ' ')
		head++;
	char *own = ell_before(name + head);
	if (br_chart_text_width(own, BR_CHART_FONT, bold) > width) {
		free(own);
		own = br_chart_elide(name + head, width, BR_CHART_FONT, bold);
	} else {
		/* whole words of the shared head back, while they fit
		 * ("…run 1 of the series" rather than "…1 of the series") */
		for (size_t at = head; at > 0;) {
			size_t p = at;
			while (p > 0 && (name[p - 1] == ' ' || name[p - 1] == '/'))
				p--;
			while (p > 0 && name[p - 1] != ' ' && name[p - 1] != '/')
				p--;
			char *more = ell_before(name + p);
			if (p == 0 || br_chart_text_width(more, BR_CHART_FONT, bold) > width) {
				free(more);
				break;
			}
			free(own);
			own = more;
			at = p;
		}
	}
	free(e);
	return own;
}

/* A legend name and its series, for legend_ends' sorts. */
struct lname {
	const char *s;
	size_t n, series;
};

static int lname_cmp(const void *a, const void *b)
{
	return strcmp(((const struct lname *)a)->s, ((const struct lname *)b)->s);
}

/* Names compared from their last byte back. */
static int lname_rcmp(const void *a, const void *b)
{
	const struct lname *x = a, *y = b;
	size_t i = x->n, j = y->n;
	while (i && j && x->s[i - 1] == y->s[j - 1])
		i--, j--;
	if (!i || !j)
		return i ? 1 : j ? -1 : 0;
	return (unsigned char)x->s[i - 1] < (unsigned char)y->s[j - 1] ? -1 : 1;
}

/* Common leading (rev: trailing) bytes of two names. */
static size_t common_end(const struct lname *a, const struct lname *b, bool rev)
{
	size_t k = 0;
	while (k < a->n && k < b->n && (rev ? a->s[a->n - 1 - k] == b->s[b->n - 1 - k] : a->s[k] == b->s[k]))
		k++;
	return k;
}

/* What each legend entry's name shares with the names most like it,
 * head[s] leading and tail[s] trailing bytes back to a word's end or
 * start (shared_ends, for each of many names: the most alike of them
 * stand next to each other once sorted, from the front or from the end). */
static void legend_ends(const struct br_chart_set *set, const bool *used, size_t *head, size_t *tail)
{
	struct lname *v = br_calloc(set->n ? set->n : 1, sizeof *v);
	size_t nv = 0;
	for (size_t s = 0; s < set->n; s++)
		if (used[s] && set->v[s].name)
			v[nv++] = (struct lname){set->v[s].name, strlen(set->v[s].name), s};
	for (int rev = 0; rev < 2; rev++) {
		qsort(v, nv, sizeof *v, rev ? lname_rcmp : lname_cmp);
		size_t *out = rev ? tail : head;
		for (size_t i = 0; i < nv; i++) {
			size_t k = i ? common_end(&v[i], &v[i - 1], rev) : 0;
			if (i + 1 < nv) {
				size_t k2 = common_end(&v[i], &v[i + 1], rev);
				k = k2 > k ? k2 : k;
			}
			const char *s = v[i].s;
			if (rev)
				while (k && s[v[i].n - k] != ' ' && s[v[i].n - k] != '/')
					k--;
			else
				while (k && s[k - 1] != ' ' && s[k - 1] != '/')
					k--;
			out[v[i].series] = k;
		}
	}
	free(v);
}

/* Legend entries flowing over rows; returns the number of rows. Each
 * name is cut as the bars' are (own_label): what tells it from the names
 * most like it stays whole. */
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
	size_t *head = br_calloc(set->n ? set->n : 1, sizeof *head);
	size_t *tail = br_calloc(set->n ? set->n : 1, sizeof *tail);
	legend_ends(set, used, head, tail);
	double x = BR_CHART_MARGIN, right = c->width - BR_CHART_MARGIN;
	size_t row = 0;
	for (size_t s = 0; s < set->n; s++) {
		if (!used[s])
			continue;
		double maxl = right - BR_CHART_MARGIN - 16 < BR_CHART_LEGEND_LABEL_MAX ? right - BR_CHART_MARGIN - 16 : BR_CHART_LEGEND_LABEL_MAX;
		char *lab = own_label(set->v[s].name, maxl, false, head[s], tail[s], true);
		double w = 15 + br_chart_text_width(lab, BR_CHART_FONT, false) + 18;
		if (x > BR_CHART_MARGIN && x + w > right + 18) {
			row++;
			x = BR_CHART_MARGIN;
		}
		if (row >= BR_CHART_LEGEND_MAX_ROWS) {
			free(lab);
			c->legend_more++;
			continue;
		}
		struct br_chart_legend *lg = &c->legend[c->nlegend++];
		lg->series = s;
		lg->label = lab;
		lg->x = x;
		lg->y = y0 + row * BR_CHART_LEGEND_ROW;
		x += w;
	}
	free(used);
	free(head);
	free(tail);
	size_t rows = c->nlegend ? row + 1 : 0;
	if (rows > BR_CHART_LEGEND_MAX_ROWS)
		rows = BR_CHART_LEGEND_MAX_ROWS;
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
		/* as the tables print it (table.h), in the block's unit */
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
	struct br_chart_stat st;
	for (size_t i = 0; i < bk->nbars; i++)
		nfast += br_chart_stat(set, bk->bars[i].series, bk->metric, &st)->too_fast;
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
		if (!br_chart_stat(set, b->series, bk->metric, &st)->too_fast) {
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
		return BR_CHART_BLOCK_HEAD + BR_CHART_TICK_ROW; /* the plot starts at the left edge */
	double tw = br_chart_text_width(bk->title, BR_CHART_BLOCK_SIZE, true);
	if (bk->tag)
		tw += 8 + br_chart_text_width(bk->tag, BR_CHART_NOTE_SIZE, false);
	return tw + 8 <= c->label_w + 10 ? BR_CHART_BLOCK_HEAD : BR_CHART_BLOCK_HEAD + BR_CHART_TICK_ROW;
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

/* What the bars of a chart hold, for its notes and subtitle. */
struct bar_kinds {
	bool fast, unreadable, agg, log;
};

/* --top N, the caller's cap (max_bars), then the height cap; the note
 * that says what was left out. */
static void apply_caps(struct br_chart *c, const struct br_chart_set *set, const struct br_render_opts *o,
		       size_t max_bars, const struct precut *pc, struct br_buf *note)
{
	size_t all_bars = pc->all_bars;
	if (o && o->top)
		keep_per_block(c, set, o->top);
	size_t by_cap = max_bars && !(o && o->top && o->top <= max_bars) ? keep_per_block(c, set, max_bars) : 0;
	by_cap += pc->by_cap;
	size_t nblocks = total_blocks(c);
	/* everything but the bar rows, with a worst-case legend and notes */
	double overhead = BR_CHART_MARGIN + 26 + 20 + (BR_CHART_LEGEND_MAX_ROWS + 1) * BR_CHART_LEGEND_ROW + 8 +
			  c->npanels * (BR_CHART_PANEL_HEAD + 10) +
			  nblocks * (BR_CHART_BLOCK_HEAD + 2 * BR_CHART_TICK_ROW + BR_CHART_BLOCK_GAP) +
			  4 * BR_CHART_NOTE_ROW + BR_CHART_MARGIN;
	/* a report's chart (max_bars) sits among many: compact rows */
	c->row = total_bars(c) > 60 || c->stacked || max_bars ? BR_CHART_ROW_COMPACT : BR_CHART_ROW;
	double pitch = c->row + (c->stacked ? BR_CHART_LABEL_ROW : 0);
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
	if (by_cap && !capped) {
		br_buf_addf(note, "At most %zu bars per metric are drawn: the best, in the table's order; the table "
				  "below has all %zu figures.",
			    max_bars, all_bars);
	} else if (hidden) {
		size_t n = capped ? capped : (o ? o->top : 0);
		if (capped && !(o && o->top && o->top <= capped))
			br_buf_addf(note, "Only the best %zu per metric are drawn (%zu of %zu bars hidden to keep the chart "
					  "readable); the tables list every record. Use --top N or --metric to choose.",
				    n, hidden, all_bars);
		else
			br_buf_addf(note, "Only the best %zu per metric are drawn (--top %zu): %zu of %zu bars hidden.", n,
				    n, hidden, all_bars);
	}
}

/* A block's display unit (from its bars' figures), scale kind, and each
 * bar's values in that unit and texts. */
static void block_values(struct br_chart_block *bk, const struct br_chart_panel *pn, const struct br_chart_set *set,
			 struct bar_kinds *kinds)
{
	double max = 0, min = 0;
	for (size_t i = 0; i < bk->nbars; i++) {
		struct br_chart_stat buf;
		const struct br_chart_stat *st = br_chart_stat(set, bk->bars[i].series, bk->metric, &buf);
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
	kinds->fast |= bk->nfast > 0;
	kinds->log |= bk->log;
	for (size_t i = 0; i < bk->nbars; i++) {
		struct br_chart_bar *b = &bk->bars[i];
		struct br_chart_stat buf;
		const struct br_chart_stat *st = br_chart_stat(set, b->series, bk->metric, &buf);
		b->too_fast = st->too_fast;
		b->has_value = st->has_value;
		b->value = st->has_value ? st->value / bk->disp.div : 0;
		b->n = st->n;
		b->min = st->has_value ? st->min / bk->disp.div : 0;
		b->max = st->has_value ? st->max / bk->disp.div : 0;
		const struct br_record *first = set->v[b->series].first;
		bar_texts(b, st, bk, first && first->tool == BR_TOOL_BONNIE);
		kinds->fast |= st->too_fast;
		kinds->unreadable |= !st->too_fast && !st->has_value;
		kinds->agg |= st->n > 1;
	}
}

/* The note lines that explain what the bars hold. */
static void kind_notes(struct br_buf *note, const struct bar_kinds *kinds, const struct br_chart_set *set)
{
	if (kinds->fast)
		add_line(note, "+++++ : the run finished too quickly for the tool to give a figure (not zero).");
	if (kinds->unreadable)
		add_line(note, "unreadable: the document holds the figure but it could not be read.");
	if (kinds->agg)
		add_line(note, "Aggregated runs: the bar is the mean, the whisker spans min to max, n = runs.");
	if (kinds->log)
		add_line(note, "log scale: each grid line is ten times the one before; bars start at the first line.");
	add_line(note, "Each metric has its own scale; binary units (1 MiB/s = 1024 KiB/s).");
	/* a quick run of benchreport run says so wherever its figures go */
	if (set->quick)
		add_line(note, set->quick);
}

/* The label column and the plot: widths from the widest label and value
 * text, within shares of the inner width. */
static void columns(struct br_chart *c, const struct br_chart_set *set, double inner)
{
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
					vw += 6 + br_chart_text_width(b->note, BR_CHART_NOTE_SIZE, false);
				if (!b->has_value) /* drawn from the axis, not after a bar */
					vw = vw - 0.5 * W > 0 ? vw - 0.5 * W : 0;
				if (vw > value_max)
					value_max = vw;
			}
	/* stacked: each label on its own line above its bar, the whole width */
	double label_share = c->stacked ? 1 : 0.40, value_share = c->stacked ? 0.42 : 0.30;
	c->label_w = label_max < inner * label_share ? label_max : inner * label_share;
	if (c->label_w < 24)
		c->label_w = 24;
	double value_w = value_max + 10 < inner * value_share ? value_max + 10 : inner * value_share;
	c->label_x = BR_CHART_MARGIN;
	c->plot_x = c->stacked ? BR_CHART_MARGIN : BR_CHART_MARGIN + c->label_w + 10;
	c->plot_w = W - BR_CHART_MARGIN - c->plot_x - value_w;
	if (c->plot_w < inner * 0.25)
		c->plot_w = inner * 0.25;
}

/* What the names of all of block bk's bars share: *head leading bytes,
 * back to a word's end, and *tail trailing bytes, back to a word's start
 * ("Run 1 / sdb" .. "Run 3 / sdb": "Run " and " / sdb"). */
static void shared_ends(const struct br_chart_block *bk, const struct br_chart_set *set, size_t *head,
			size_t *tail)
{
	*head = *tail = 0;
	const char *first = bk->nbars > 1 ? set->v[bk->bars[0].series].name : NULL;
	if (!first)
		return;
	size_t n = strlen(first), h = n, t = n;
	for (size_t i = 1; i < bk->nbars && (h || t); i++) {
		const char *s = set->v[bk->bars[i].series].name;
		size_t m = s ? strlen(s) : 0, k = 0;
		while (k < h && k < m && s[k] == first[k])
			k++;
		h = k;
		for (k = 0; k < t && k < m && s[m - 1 - k] == first[n - 1 - k]; k++)
			;
		t = k;
	}
	while (h && first[h - 1] != ' ' && first[h - 1] != '/')
		h--;
	while (t && first[n - t] != ' ' && first[n - t] != '/')
		t--;
	*head = h;
	*tail = t;
}

/* Bar b's label (own_label in the label column). */
static char *bar_label(const struct br_chart *c, const struct br_chart_set *set, const struct br_chart_bar *b,
		       size_t head, size_t tail)
{
	return own_label(set->v[b->series].name, c->label_w, set->v[b->series].baseline, head, tail, false);
}

/* A block's axis (log decades or nice linear ticks), bar lengths, elided
 * labels and its tag. */
static void block_axis(const struct br_chart *c, struct br_chart_block *bk, const struct br_chart_set *set,
		       size_t max_bars)
{
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
	size_t head, tail;
	shared_ends(bk, set, &head, &tail);
	for (size_t i = 0; i < bk->nbars; i++) {
		struct br_chart_bar *b = &bk->bars[i];
		b->w = b->has_value ? br_chart_axis_pos(bk, b->value, c->plot_w) : 0;
		b->label = bar_label(c, set, b, head, tail);
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

/* "Bonnie and Bonnie++ · throughput · more is better"; without the family
 * when that does not fit. */
static void panel_title(struct br_chart_panel *pn, double inner)
{
	const char *better = pn->better == BR_HIGHER ? "more is better" : "less is better";
	pn->title = br_asprintf("%s \xc2\xb7 %s \xc2\xb7 %s", br_family_title(pn->family), unit_kind(pn->unit), better);
	if (br_chart_text_width(pn->title, BR_CHART_PANEL_SIZE, true) > inner) { /* narrow: the family goes */
		free(pn->title);
		pn->title = br_asprintf("%s \xc2\xb7 %s", unit_kind(pn->unit), better);
	}
}

/* The title and the subtitle: which way is better, how many series and
 * runs the bars show. */
static void titles(struct br_chart *c, const struct br_chart_set *set, enum br_group group,
		   const struct br_render_opts *o, bool any_agg)
{
	c->title = o && o->title ? br_asprintf("%s \xe2\x80\x94 %s", o->title, br_group_title(group))
				 : br_strdup(br_group_title(group));
	size_t nused_series = 0, nruns = 0;
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
}

/* Top to bottom: the legend, then each panel and its blocks (heading,
 * bars, bottom ticks, the too-fast line). Returns the y below them. */
static double rows_down(struct br_chart *c, const struct br_chart_set *set, size_t max_bars)
{
	double y = BR_CHART_MARGIN + 26 + 20;
	/* every bar is labelled: no legend when stacked (the labels have the
	 * whole width) or in a report (its table has the colours too) */
	size_t lrows = c->stacked || max_bars ? 0 : layout_legend(c, set, y);
	y += lrows * BR_CHART_LEGEND_ROW + (lrows ? 8 : 0);
	for (size_t p = 0; p < c->npanels; p++) {
		struct br_chart_panel *pn = &c->panels[p];
		pn->y = y;
		y += BR_CHART_PANEL_HEAD;
		for (size_t k = 0; k < pn->nblocks; k++) {
			struct br_chart_block *bk = &pn->blocks[k];
			bk->y = y;
			y += block_head_height(c, bk);
			bk->tick_y = y - 5;
			bk->axis_y0 = y - 2;
			for (size_t i = 0; i < bk->nbars; i++) {
				if (c->stacked)
					y += BR_CHART_LABEL_ROW;
				bk->bars[i].y = y;
				y += c->row;
			}
			bk->axis_y1 = y;
			bk->bottom_ticks = bk->nbars > 25;
			if (bk->bottom_ticks)
				y += BR_CHART_TICK_ROW;
			/* the collapsed too-fast line under the bars, clear of the grid */
			if (bk->fast_text) {
				bk->fast_y = y;
				y += bk->fast_lines * c->row;
			}
			y += BR_CHART_BLOCK_GAP;
		}
		y += 6;
		pn->h = y - pn->y;
	}
	return y;
}

/* The note's lines wrapped to the inner width into c->note; returns the
 * y below it. */
static double wrap_note(struct br_chart *c, const struct br_buf *note, double inner, double y)
{
	struct br_buf wrapped = BR_BUF_INIT;
	const char *s = note->data;
	while (*s) {
		size_t l = strcspn(s, "\n");
		char *line = br_strndup(s, l);
		char *word, *save = NULL;
		struct br_buf cur = BR_BUF_INIT;
		for (word = strtok_r(line, " ", &save); word; word = strtok_r(NULL, " ", &save)) {
			if (cur.len && br_chart_text_width(cur.data, BR_CHART_NOTE_SIZE, false) +
					       br_chart_text_width(word, BR_CHART_NOTE_SIZE, false) + 4 > inner) {
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
	y += nlines * BR_CHART_NOTE_ROW + 4;
	c->note = br_buf_detach(&wrapped);
	br_buf_free(&wrapped);
	return y;
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
	struct precut pc = {0};
	collect(c, set, family, o, max_bars, &pc);
	if (!c->npanels) {
		br_chart_free(c);
		return NULL;
	}
	struct br_buf note = BR_BUF_INIT;
	apply_caps(c, set, o, max_bars, &pc, &note);
	for (size_t p = 0; p < c->npanels; p++)
		for (size_t k = 0; k < c->panels[p].nblocks; k++)
			block_collapse_fast(&c->panels[p].blocks[k], set, c->width * 0.6);
	struct bar_kinds kinds = {0};
	for (size_t p = 0; p < c->npanels; p++)
		for (size_t k = 0; k < c->panels[p].nblocks; k++)
			block_values(&c->panels[p].blocks[k], &c->panels[p], set, &kinds);
	kind_notes(&note, &kinds, set);
	double inner = c->width - 2 * BR_CHART_MARGIN;
	columns(c, set, inner);
	for (size_t p = 0; p < c->npanels; p++) {
		for (size_t k = 0; k < c->panels[p].nblocks; k++)
			block_axis(c, &c->panels[p].blocks[k], set, max_bars);
		panel_title(&c->panels[p], inner);
	}
	titles(c, set, group, o, kinds.agg);
	double y = rows_down(c, set, max_bars);
	c->note_y = y;
	if (note.len)
		y = wrap_note(c, &note, inner, y);
	br_buf_free(&note);
	c->height = ceil(y + BR_CHART_MARGIN - 6);
	return c;
}

/* ------------------------------------------------------------ dump */

static const char *pattern_name(enum br_chart_pattern p)
{
	static const char *const names[BR_PAT_COUNT] = {"solid", "hatch", "cross", "backhatch"};
	return names[p];
}

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
