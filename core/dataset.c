/* dataset — see dataset.h. */
#include "dataset.h"

#include <stdlib.h>
#include <string.h>

struct br_input *br_dataset_add_input(struct br_dataset *ds, const char *path)
{
	ds->inputs = br_grow(ds->inputs, &ds->cap_inputs, ds->ninputs + 1, sizeof *ds->inputs);
	struct br_input *in = &ds->inputs[ds->ninputs++];
	memset(in, 0, sizeof *in);
	in->path = br_utf8_dup(path, strlen(path));
	return in;
}

/*
 * Claims come one per record or more, mostly naming the same file and
 * parser (and often the same reason) as the claim before: their strings are
 * copied once into blocks the dataset owns and shared while they repeat.
 */
struct br_ds_strings {
	struct br_ds_strings *next;
	size_t used, cap;
	char data[];
};

static const char *claim_str(struct br_dataset *ds, const char *s, const char *prev)
{
	if (prev && strcmp(prev, s) == 0)
		return prev;
	size_t n = strlen(s) + 1;
	struct br_ds_strings *b = ds->strs;
	if (!b || b->cap - b->used < n) {
		size_t cap = n > 4096 ? n : 4096;
		b = br_malloc(sizeof *b + cap);
		b->next = ds->strs;
		b->used = 0;
		b->cap = cap;
		ds->strs = b;
	}
	char *p = b->data + b->used;
	memcpy(p, s, n);
	b->used += n;
	return p;
}

void br_dataset_add_claim(struct br_dataset *ds, const char *file, unsigned line, unsigned end_line,
			  const char *parser, const char *why)
{
	if (ds->skip_claims)
		return;
	const struct br_claim *prev = ds->nclaims ? &ds->claims[ds->nclaims - 1] : NULL;
	const char *f = claim_str(ds, file, prev ? prev->file : NULL);
	const char *p = claim_str(ds, parser, prev ? prev->parser : NULL);
	const char *w = claim_str(ds, why ? why : "", prev ? prev->why : NULL);
	ds->claims = br_grow(ds->claims, &ds->cap_claims, ds->nclaims + 1, sizeof *ds->claims);
	struct br_claim *c = &ds->claims[ds->nclaims++];
	c->file = (char *)f;
	c->line = line;
	c->end_line = end_line;
	c->parser = (char *)p;
	c->why = (char *)w;
}

void br_dataset_free(struct br_dataset *ds)
{
	br_recset_free(&ds->records);
	br_diags_free(&ds->diags);
	for (size_t i = 0; i < ds->ninputs; i++) {
		free(ds->inputs[i].path);
		free(ds->inputs[i].name);
	}
	free(ds->inputs);
	free(ds->claims);
	br_excerpts_free(ds->excerpts);
	for (struct br_ds_strings *b = ds->strs, *next; b; b = next) {
		next = b->next;
		free(b);
	}
	memset(ds, 0, sizeof *ds);
}

/* ------------------------------------------------------------ input names */

/* path without the extension of its last component ("a/b.csv" → "a/b";
 * ".profile" and "notes." stay whole) */
char *br_input_strip_ext(const char *path)
{
	const char *base = strrchr(path, '/');
	base = base ? base + 1 : path;
	const char *dot = strrchr(base, '.');
	if (!dot || dot == base || !dot[1])
		return br_strdup(path);
	return br_strndup(path, (size_t)(dot - path));
}

char *br_input_default_name(const char *path)
{
	if (!path || !*path || strcmp(path, "-") == 0 || strcmp(path, "<stdin>") == 0)
		return br_strdup("stdin");
	size_t n = strlen(path);
	while (n > 1 && path[n - 1] == '/')
		n--; /* "dir/" → "dir" */
	char *p = br_strndup(path, n);
	const char *base = strrchr(p, '/');
	char *name = br_input_strip_ext(base && base[1] ? base + 1 : p);
	free(p);
	return name;
}

void br_dataset_set_input_name(struct br_dataset *ds, size_t i, const char *name)
{
	if (i >= ds->ninputs)
		return;
	free(ds->inputs[i].name);
	ds->inputs[i].name = br_utf8_dup(name, strlen(name));
	ds->inputs[i].named = true;
}

/* Is `name` taken by another input than `self` (or, with `named_only`, by a
 * named one)? Inputs are few (the command line): a scan is fine. */
static bool name_taken_by(const struct br_dataset *ds, size_t self, const char *name, bool named_only)
{
	for (size_t j = 0; j < ds->ninputs; j++)
		if (j != self && ds->inputs[j].name && (!named_only || ds->inputs[j].named) &&
		    strcmp(ds->inputs[j].name, name) == 0)
			return true;
	return false;
}

void br_dataset_name_inputs(struct br_dataset *ds)
{
	size_t n = ds->ninputs;
	char **base = br_calloc(n ? n : 1, sizeof *base);
	for (size_t i = 0; i < n; i++)
		if (!ds->inputs[i].name)
			base[i] = br_input_default_name(ds->inputs[i].path);
	/* base names shared (with another unnamed input or a given name) fall
	 * back to the path */
	for (size_t i = 0; i < n; i++) {
		if (!base[i])
			continue;
		bool shared = name_taken_by(ds, i, base[i], true);
		for (size_t j = 0; j < n && !shared; j++)
			shared = j != i && base[j] && strcmp(base[j], base[i]) == 0;
		ds->inputs[i].name = shared && strcmp(base[i], "stdin") != 0 ? br_input_strip_ext(ds->inputs[i].path)
									  : br_strdup(base[i]);
	}
	/* still taken (a path given twice, a given name): " #2", " #3" … for
	 * all but the first unnamed input of a name */
	for (size_t i = 0; i < n; i++) {
		if (!base[i])
			continue;
		bool taken = name_taken_by(ds, i, ds->inputs[i].name, true);
		for (size_t j = 0; j < i && !taken; j++)
			taken = strcmp(ds->inputs[j].name, ds->inputs[i].name) == 0;
		if (!taken)
			continue;
		for (unsigned k = 2;; k++) {
			char *alt = br_asprintf("%s #%u", ds->inputs[i].name, k);
			if (!name_taken_by(ds, i, alt, false)) {
				free(ds->inputs[i].name);
				ds->inputs[i].name = alt;
				break;
			}
			free(alt);
		}
	}
	for (size_t i = 0; i < n; i++)
		free(base[i]);
	free(base);
}
