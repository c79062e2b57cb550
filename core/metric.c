/* metric — see metric.h. */
#include "metric.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct br_metric_info metrics[BR_METRIC_COUNT] = {
#define BR_METRIC(id, fam, unit, better, group, title, short) \
	{#id, BR_FAM_##fam, BR_UNIT_##unit, BR_##better, BR_GROUP_##group, title, short},
#include "metrics.def"
#undef BR_METRIC
};

const struct br_metric_info *br_metric(enum br_metric_id id)
{
	return &metrics[id];
}

int br_metric_by_name(const char *name)
{
	for (int i = 0; i < BR_METRIC_COUNT; i++)
		if (strcmp(metrics[i].name, name) == 0)
			return i;
	return -1;
}

/* A spelling reduced to what tells metrics apart: lowercase letters and
 * digits, a parenthesised remark dropped ("Cached reads (-T)": cachedreads).
 * Returns its length; out holds at most n - 1 bytes and a NUL. */
static size_t fold(const char *s, char *out, size_t n)
{
	size_t k = 0;
	int paren = 0;
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c == '(')
			paren++;
		else if (c == ')' && paren)
			paren--;
		else if (!paren && ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) && k + 1 < n)
			out[k++] = (char)c;
		else if (!paren && c >= 'A' && c <= 'Z' && k + 1 < n)
			out[k++] = (char)(c - 'A' + 'a');
	}
	out[k] = '\0';
	return k;
}

/* Spellings people use that are neither a key, a heading nor a title. */
static const struct {
	const char *name;
	enum br_metric_id id;
} extra_names[] = {
	{"perchrwrite", BR_M_putc},      {"perchrread", BR_M_getc},
	{"charwrite", BR_M_putc},        {"charread", BR_M_getc},
	{"seek", BR_M_seeks},            {"bufferedreads", BR_M_buffered_read},
	{"directreads", BR_M_direct_read}, {"directcachedreads", BR_M_direct_cached_read},
};

/* Each metric's spellings, folded: key, heading, title. */
#define FOLD_MAX 48
static bool matches(enum br_metric_id id, const char *folded)
{
	const struct br_metric_info *m = &metrics[id];
	const char *forms[] = {m->name, m->short_title, m->title};
	char f[FOLD_MAX];
	for (size_t i = 0; i < sizeof forms / sizeof *forms; i++) {
		fold(forms[i], f, sizeof f);
		if (strcmp(f, folded) == 0)
			return true;
	}
	return false;
}

int br_metric_lookup(const char *name)
{
	int id = br_metric_by_name(name);
	if (id >= 0)
		return id;
	char f[FOLD_MAX];
	if (strlen(name) >= FOLD_MAX || fold(name, f, sizeof f) == 0)
		return -1;
	for (int i = 0; i < BR_METRIC_COUNT; i++)
		if (matches((enum br_metric_id)i, f))
			return i;
	for (size_t i = 0; i < sizeof extra_names / sizeof *extra_names; i++)
		if (strcmp(extra_names[i].name, f) == 0)
			return (int)extra_names[i].id;
	return -1;
}

/* Optimal string alignment distance (Damerau-Levenshtein without repeated
 * edits of one substring): a swapped pair of letters is one typo. */
static size_t edit_distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);
	size_t d[FOLD_MAX + 1][FOLD_MAX + 1];
	for (size_t i = 0; i <= la; i++)
		d[i][0] = i;
	for (size_t j = 0; j <= lb; j++)
		d[0][j] = j;
	for (size_t i = 1; i <= la; i++)
		for (size_t j = 1; j <= lb; j++) {
			size_t best = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
			if (d[i - 1][j] + 1 < best)
				best = d[i - 1][j] + 1;
			if (d[i][j - 1] + 1 < best)
				best = d[i][j - 1] + 1;
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] &&
			    d[i - 2][j - 2] + 1 < best)
				best = d[i - 2][j - 2] + 1;
			d[i][j] = best;
		}
	return d[la][lb];
}

int br_metric_suggest(const char *name)
{
	char f[FOLD_MAX], g[FOLD_MAX];
	if (strlen(name) >= FOLD_MAX)
		return -1;
	size_t n = fold(name, f, sizeof f);
	if (n == 0)
		return -1;
	/* a third of the letters wrong, at least one and at most three */
	size_t limit = n / 3 < 1 ? 1 : n / 3 > 3 ? 3 : n / 3;
	int best = -1;
	size_t best_d = limit + 1;
	for (int i = 0; i < BR_METRIC_COUNT; i++) {
		const struct br_metric_info *m = &metrics[i];
		const char *forms[] = {m->name, m->short_title, m->title};
		for (size_t k = 0; k < sizeof forms / sizeof *forms; k++) {
			fold(forms[k], g, sizeof g);
			size_t d = edit_distance(f, g);
			if (d < best_d) {
				best_d = d;
				best = i;
			}
		}
	}
	return best;
}

int br_metric_latency_of(enum br_metric_id id)
{
	if (id > BR_M_ran_del)
		return -1;
	return BR_M_putc_latency + (int)id;
}

const char *br_unit_name(enum br_unit u)
{
	static const char *const names[] = {"KiB/s", "/s", "us"};
	return names[u];
}

static const char *const group_names[BR_GROUP_COUNT] = {"seq", "random", "fileops", "latency"};
static const char *const group_titles[BR_GROUP_COUNT] = {
	"Sequential throughput", "Random I/O", "File operations", "Latency"};

const char *br_group_name(enum br_group g)
{
	return group_names[g];
}

const char *br_group_title(enum br_group g)
{
	return group_titles[g];
}

int br_group_by_name(const char *name)
{
	for (int i = 0; i < BR_GROUP_COUNT; i++)
		if (strcmp(group_names[i], name) == 0)
			return i;
	return -1;
}

static const struct {
	const char *name;
	enum br_family family;
	size_t first_block;
} tools[BR_TOOL_COUNT] = {
#define BR_TOOL(id, name, family, first_block) {name, BR_FAM_##family, first_block},
#include "tools.def"
#undef BR_TOOL
};

static const struct {
	const char *name, *title;
} families[BR_FAM_COUNT] = {
#define BR_FAMILY(id, name, title) {name, title},
#include "tools.def"
#undef BR_FAMILY
};

/* A tool outside the table is a bug of the caller: stop at it. */
static enum br_tool tool_checked(enum br_tool t)
{
	if ((unsigned)t >= BR_TOOL_COUNT) {
		fprintf(stderr, "benchreport: BUG: tool %d is not in tools.def\n", (int)t);
		abort();
	}
	return t;
}

const char *br_tool_name(enum br_tool t)
{
	return tools[tool_checked(t)].name;
}

int br_tool_by_name(const char *name)
{
	for (int i = 0; i < BR_TOOL_COUNT; i++)
		if (strcmp(tools[i].name, name) == 0)
			return i;
	return -1;
}

enum br_family br_tool_family(enum br_tool t)
{
	return tools[tool_checked(t)].family;
}

size_t br_tool_first_block(enum br_tool t)
{
	return tools[tool_checked(t)].first_block;
}

const char *br_family_name(enum br_family f)
{
	return families[f].name;
}

const char *br_family_title(enum br_family f)
{
	return families[f].title;
}
