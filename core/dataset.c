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
	for (size_t i = 0; i < ds->ninputs; i++)
		free(ds->inputs[i].path);
	free(ds->inputs);
	free(ds->claims);
	for (struct br_ds_strings *b = ds->strs, *next; b; b = next) {
		next = b->next;
		free(b);
	}
	memset(ds, 0, sizeof *ds);
}
