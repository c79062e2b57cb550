/* vocab — see vocab.h. */
#include "vocab.h"

#include <stdlib.h>
#include <string.h>

#include "util.h"

static const struct br_vocab empty;
static const struct br_vocab *installed = &empty;

const struct br_vocab *br_vocab(void)
{
	return installed;
}

void br_vocab_install(const struct br_vocab *v)
{
	installed = v ? v : &empty;
}

struct br_vocab *br_vocab_new(void)
{
	return br_calloc(1, sizeof(struct br_vocab));
}

/* *list (NULL-terminated, owned by the merge) with add's entries after. */
static void append_words(const char *const **list, const char *const *add)
{
	size_t n = 0, m = 0;
	if (*list)
		while ((*list)[n])
			n++;
	if (add)
		while (add[m])
			m++;
	if (!m)
		return;
	const char **out = br_malloc((n + m + 1) * sizeof *out);
	for (size_t i = 0; i < n; i++)
		out[i] = (*list)[i];
	for (size_t i = 0; i < m; i++)
		out[n + i] = add[i];
	out[n + m] = NULL;
	free((void *)*list);
	*list = out;
}

static void append_shapes(const struct br_line_shape **list, const struct br_line_shape *add)
{
	size_t n = 0, m = 0;
	if (*list)
		while ((*list)[n].kind != BR_SHAPE_END)
			n++;
	if (add)
		while (add[m].kind != BR_SHAPE_END)
			m++;
	if (!m)
		return;
	struct br_line_shape *out = br_malloc((n + m + 1) * sizeof *out);
	for (size_t i = 0; i < n; i++)
		out[i] = (*list)[i];
	for (size_t i = 0; i < m; i++)
		out[n + i] = add[i];
	out[n + m] = (struct br_line_shape){BR_SHAPE_END, NULL, NULL};
	free((void *)*list);
	*list = out;
}

/* The guard of sh (vocab.h), a new string, or NULL. */
static char *shape_guard(const struct br_line_shape *sh)
{
	if (sh->kind != BR_SHAPE_TEXT)
		return NULL;
	const char *p = sh->text;
	for (; *p; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || *p == ' '))
			return br_strndup(p, 1);
	size_t w = strcspn(sh->text, " ");
	return w && sh->text[w] ? br_strndup(sh->text, w) : NULL;
}

static int guard_cmp(const char *a, const char *b)
{
	return !a || !b ? (a != NULL) - (b != NULL) : strcmp(a, b);
}

static void free_index(struct br_vocab *v)
{
	for (size_t i = 0; v->result_guard && v->result_lines[i].kind != BR_SHAPE_END; i++)
		free(v->result_guard[i]);
	free(v->result_guard);
	free(v->result_len);
	free(v->result_group_end);
	v->result_guard = NULL;
	v->result_len = v->result_group_end = NULL;
}

/* Group v's result_lines by guard (a stable insertion sort of a few dozen
 * entries, once) and note each one's length, guard and group end. */
static void index_shapes(struct br_vocab *v)
{
	struct br_line_shape *sh = (struct br_line_shape *)v->result_lines;
	size_t n = 0;
	while (sh[n].kind != BR_SHAPE_END)
		n++;
	free_index(v);
	char **g = br_malloc((n + 1) * sizeof *g);
	for (size_t i = 0; i < n; i++)
		g[i] = shape_guard(&sh[i]);
	for (size_t i = 1; i < n; i++) {
		struct br_line_shape x = sh[i];
		char *xg = g[i];
		size_t j = i;
		for (; j > 0 && guard_cmp(g[j - 1], xg) > 0; j--) {
			sh[j] = sh[j - 1];
			g[j] = g[j - 1];
		}
		sh[j] = x;
		g[j] = xg;
	}
	v->result_guard = g;
	v->result_len = br_malloc((n + 1) * sizeof *v->result_len);
	v->result_group_end = br_malloc((n + 1) * sizeof *v->result_group_end);
	for (size_t i = 0; i < n; i++)
		v->result_len[i] = strlen(sh[i].text);
	for (size_t i = n; i-- > 0;)
		v->result_group_end[i] = i + 1 < n && guard_cmp(g[i], g[i + 1]) == 0
						 ? v->result_group_end[i + 1] : i + 1;
}

void br_vocab_merge(struct br_vocab *v, const struct br_vocab *part)
{
	if (!part)
		return;
	if (part->result_lines && part->result_lines[0].kind != BR_SHAPE_END) {
		free_index(v);
		append_shapes(&v->result_lines, part->result_lines);
		index_shapes(v);
	}
	append_words(&v->commands, part->commands);
	append_words(&v->invocations, part->invocations);
	append_words(&v->qp_line_ends, part->qp_line_ends);
	v->qp_number_values |= part->qp_number_values;
	v->qp_id_values |= part->qp_id_values;
}

void br_vocab_free(struct br_vocab *v)
{
	if (!v)
		return;
	if (installed == v)
		installed = &empty;
	free((void *)v->result_lines);
	free((void *)v->commands);
	free((void *)v->invocations);
	free((void *)v->qp_line_ends);
	free_index(v);
	free(v);
}
