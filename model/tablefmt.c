/* tablefmt — presenting the table model's cells and names; see tablefmt.h. */
#include "tablefmt.h"

#include <ctype.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool br_cmp_cpu_tenths(const struct br_cmp_row *row)
{
	return row->nmembers && row->members[0]->tool == BR_TOOL_BONNIE;
}

void br_cmp_format(const struct br_cmp_col *col, double v, struct br_buf *out)
{
	br_format_figure(v / col->unit.div, col->unit.div != 1, out);
}

size_t br_cmp_value_text(const struct br_cmp_col *col, double v, char *out)
{
	double s = v / col->unit.div;
	if (col->value_decimals >= 0)
		return br_fixed_text(s, col->value_decimals, out);
	return br_figure_text(s, col->unit.div != 1, out);
}

size_t br_cmp_cpu_text(const struct br_cmp_col *col, double cpu, bool tenths, char *out)
{
	if (!col->cpu_decimals && !col->cpu_tenths)
		return br_fixed_text(cpu, 0, out); /* every cpu of the column is whole */
	return br_cpu_text(cpu, tenths, out);
}

void br_cmp_format_ratio(double ratio, struct br_buf *out)
{
	double pct = ratio * 100;
	if (!isfinite(pct)) {
		br_buf_adds(out, "?");
		return;
	}
	/* (br_buf_add_fixed writes what "%.*f" does, without a format string
	 * per cell: a baseline table has one per row and column) */
	br_buf_add_fixed(out, pct, pct > 99 && pct < 101 && fabs(pct - 100) >= 0.05 ? 1 : 0);
	br_buf_addc(out, '%');
}

bool br_cmp_col_widths(const struct br_cmp_col *col, size_t *value_w, size_t *cpu_w)
{
	/* For 0 <= a <= b, a printed with at most b's decimals is no longer
	 * than b: the largest figure is the widest when it has the column's
	 * most decimals (a figure's decimals never grow with its size, see
	 * br_figure_decimals). A sign breaks that (-0 too), and so does %.3g,
	 * which is used from 1e10 up: "1e+10" is shorter than "9.99e+09". */
	if (col->any_negative)
		return false;
	struct br_buf b = BR_BUF_INIT;
	size_t w = 0;
	bool ok = true;
	if (col->nvalues) {
		double s = col->max / col->unit.div;
		ok = fabs(s) < 1e10 && br_figure_decimals(s, col->unit.div != 1) == col->unit.decimals;
		br_cmp_format(col, col->max, &b);
		w = b.len;
	}
	if ((col->any_absent || col->any_unreadable) && w < 1)
		w = 1; /* "-", "?" */
	if (col->any_too_fast && w < 5)
		w = 5; /* "+++++" */
	*value_w = w;
	*cpu_w = 0;
	if (col->has_cpu) {
		/* cpu: the largest is the widest when every figure is whole */
		ok = ok && col->cpu_max < 1e15 && !col->cpu_decimals && !col->cpu_tenths;
		br_buf_reset(&b);
		br_format_cpu(col->cpu_max, col->cpu_tenths, &b);
		*cpu_w = b.len;
	}
	br_buf_free(&b);
	return ok;
}

double br_cmp_shade(const struct br_cmp_col *col, double v)
{
	if (col->nvalues < 2 || col->max <= col->min)
		return 0.5;
	double f = (v - col->min) / (col->max - col->min);
	if (col->info->better == BR_LOWER)
		f = 1 - f;
	return f < 0 ? 0 : f > 1 ? 1 : f;
}

const char *br_cmp_sig_text(enum br_cmp_sig s)
{
	switch (s) {
	case BR_CMP_SIG_UNTESTED:
		return "not tested";
	case BR_CMP_SIG_WITHIN:
		return "within spread";
	case BR_CMP_SIG_BEYOND:
		return "beyond spread";
	default:
		return "";
	}
}


/* ------------------------------------------------------------ names and legends */

static size_t cols_of(const char *s, size_t n)
{
	return br_u8_width(s, strnlen(s, n));
}

/* The longest run of whole words at the start of head[0..n) that fits
 * `room` columns, without what would dangle before an ellipsis (blanks,
 * ",;:/-"); its length in bytes, 0 when not even the first word fits. */
static size_t whole_words(const char *head, size_t n, size_t room)
{
	size_t best = 0;
	for (size_t i = 0; i <= n; i++) {
		if (i < n && head[i] != ' ')
			continue;
		size_t e = i;
		while (e > 0 && strchr(" ,;:/-", head[e - 1]))
			e--;
		if (e == 0)
			continue;
		if (cols_of(head, e) > room)
			break;
		best = e;
	}
	return best;
}

char *br_cmp_shorten_name(const char *s, size_t w)
{
	if (cols_of(s, strlen(s)) <= w)
		return br_strdup(s);
	/* keep the last two " / " segments (the run and the host, typically),
	 * or the last, when that leaves a useful head; else whole words of
	 * all of it */
	const char *last = NULL, *second = NULL;
	for (const char *p = strstr(s, " / "); p; p = strstr(p + 1, " / ")) {
		second = last;
		last = p;
	}
	/* a tail with a useful head first, then with any whole word, then
	 * whole words of all of it */
	const char *tails[5] = {second, last, second, last, NULL};
	for (int i = 0; i < 5; i++) {
		const char *tail = tails[i];
		if (i < 4 && (!tail || tail == s))
			continue;
		size_t tw = tail ? cols_of(tail, strlen(tail)) : 0;
		if (tw + 2 > w || (i < 2 && tw + 1 + BR_CMP_HEAD_MIN > w))
			continue;
		size_t hl = tail ? (size_t)(tail - s) : strlen(s);
		size_t keep = whole_words(s, hl, w - tw - 1);
		if (!keep)
			continue;
		struct br_buf b = BR_BUF_INIT;
		br_buf_add(&b, s, keep);
		br_buf_adds(&b, "\xe2\x80\xa6");
		if (tail)
			br_buf_adds(&b, tail);
		return br_buf_detach(&b);
	}
	return NULL;
}

static uint64_t str_hash(const char *s)
{
	return br_fnv1a(s);
}

/* The slot of `key` in an open-addressing set of row indexes + 1 whose
 * keys are keys[index]: the row holding it, or the free slot for it. */
static size_t *key_slot(size_t *slots, size_t cap, char *const *keys, const char *key)
{
	size_t i = (size_t)str_hash(key) & (cap - 1);
	while (slots[i] && strcmp(keys[slots[i] - 1], key) != 0)
		i = (i + 1) & (cap - 1);
	return &slots[i];
}

void br_cmp_mark_clashes(char **shown, const bool *cut, char *const *full, size_t n, size_t w, size_t *marks)
{
	size_t cap = 16;
	while (cap < 2 * n)
		cap *= 2;
	size_t *by_short = br_calloc(cap, sizeof *by_short);
	size_t *by_full = br_calloc(cap, sizeof *by_full);
	size_t *mark = br_calloc(n ? n : 1, sizeof *mark);
	bool *clash = br_calloc(n ? n : 1, sizeof *clash);
	for (size_t r = 0; r < n; r++) {
		if (!cut[r])
			continue;
		size_t *sl = key_slot(by_short, cap, shown, shown[r]);
		if (!*sl)
			*sl = r + 1;
		else if (strcmp(full[*sl - 1], full[r]) != 0)
			clash[*sl - 1] = true; /* on the first row of the short form */
	}
	for (size_t r = 0; r < n; r++)
		if (cut[r] && !clash[r])
			clash[r] = clash[*key_slot(by_short, cap, shown, shown[r]) - 1];
	for (size_t r = 0; r < n; r++) {
		if (!clash[r])
			continue;
		size_t *fl = key_slot(by_full, cap, full, full[r]);
		if (!*fl) {
			*fl = r + 1;
			mark[r] = ++*marks;
		} else {
			mark[r] = mark[*fl - 1];
		}
		char tag[32];
		snprintf(tag, sizeof tag, " [%zu]", mark[r]);
		size_t tw = strlen(tag);
		char *e = w > tw ? br_cmp_shorten_name(full[r], w - tw) : NULL;
		free(shown[r]);
		shown[r] = br_asprintf("%s%s", e ? e : "", e ? tag : tag + 1);
		free(e);
	}
	free(by_short);
	free(by_full);
	free(mark);
	free(clash);
}

void br_cmp_legend(const struct br_cmp_table *t, bool aggregated, const char *best_mark,
		   const char *cpu_head, struct br_buf *out)
{
	bool best = false, cpu = false, fast = false, absent = false, unreadable = false;
	bool higher = false, lower = false, binary = false;
	for (size_t k = 0; k < t->ncols; k++) {
		const struct br_cmp_col *col = &t->cols[k];
		best = best || col->has_best;
		cpu = cpu || col->has_cpu;
		fast = fast || col->any_too_fast;
		binary = binary || col->info->unit == BR_UNIT_KIBS;
		if (col->info->better == BR_HIGHER)
			higher = true;
		else
			lower = true;
		absent = absent || col->any_absent;
		unreadable = unreadable || col->any_unreadable;
	}
	struct br_buf b = BR_BUF_INIT;
	if (best) {
		br_buf_addf(&b, " %s best in column", best_mark);
		if (higher && lower)
			br_buf_adds(&b, " (latency: less is better, the rest: more is better).");
		else
			br_buf_adds(&b, higher ? " (more is better)." : " (less is better).");
	}
	if (cpu)
		br_buf_addf(&b, " %s: CPU use in percent.", cpu_head);
	if (fast)
		br_buf_adds(&b, " +++++: too fast for the tool to measure.");
	if (unreadable)
		br_buf_adds(&b, " ?: printed but unreadable.");
	if (absent)
		br_buf_adds(&b, " -: not measured.");
	if (binary)
		br_buf_adds(&b, " KiB/MiB/GiB are 1024-based.");
	if (aggregated)
		br_buf_adds(&b, " Values are means over the runs.");
	if (b.len)
		br_buf_adds(out, b.data + 1);
	br_buf_free(&b);
}

/* ------------------------------------------------------------ metric groups */

size_t br_cmp_group_cols(const struct br_cmp_table *tb, enum br_group g, bool *col_on)
{
	size_t n = 0;
	for (size_t c = 0; c < tb->ncols; c++) {
		col_on[c] = tb->cols[c].info->group == g;
		n += col_on[c];
	}
	return n;
}

bool br_cmp_row_has(const struct br_cmp_table *tb, size_t r, const bool *col_on)
{
	for (size_t c = 0; c < tb->ncols; c++)
		if (col_on[c] && br_cmp_present(tb, r, c))
			return true;
	return false;
}

static bool table_has_group(const struct br_cmp_table *tb, enum br_group g)
{
	for (size_t c = 0; c < tb->ncols; c++)
		if (tb->cols[c].info->group == g)
			return true;
	return false;
}

bool br_cmp_has_group(const struct br_cmp *cmp, int fam, enum br_group g)
{
	for (size_t t = 0; t < cmp->ntables; t++)
		if ((int)cmp->tables[t].family == fam && table_has_group(&cmp->tables[t], g))
			return true;
	return false;
}

size_t br_cmp_rows_with(const struct br_cmp *cmp, int fam, enum br_group g)
{
	size_t n = 0;
	for (size_t t = 0; t < cmp->ntables; t++) {
		const struct br_cmp_table *tb = &cmp->tables[t];
		if ((int)tb->family != fam)
			continue;
		bool *col_on = br_calloc(tb->ncols ? tb->ncols : 1, sizeof *col_on);
		br_cmp_group_cols(tb, g, col_on);
		for (size_t r = 0; r < tb->nrows; r++)
			n += br_cmp_row_has(tb, r, col_on);
		free(col_on);
	}
	return n;
}
