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

void br_dataset_add_claim(struct br_dataset *ds, const char *file, unsigned line, unsigned end_line,
			  const char *parser, const char *why)
{
	ds->claims = br_grow(ds->claims, &ds->cap_claims, ds->nclaims + 1, sizeof *ds->claims);
	struct br_claim *c = &ds->claims[ds->nclaims++];
	c->file = br_strdup(file);
	c->line = line;
	c->end_line = end_line;
	c->parser = br_strdup(parser);
	c->why = br_strdup(why ? why : "");
}

void br_dataset_free(struct br_dataset *ds)
{
	br_recset_free(&ds->records);
	br_diags_free(&ds->diags);
	for (size_t i = 0; i < ds->ninputs; i++)
		free(ds->inputs[i].path);
	free(ds->inputs);
	for (size_t i = 0; i < ds->nclaims; i++) {
		free(ds->claims[i].file);
		free(ds->claims[i].parser);
		free(ds->claims[i].why);
	}
	free(ds->claims);
	memset(ds, 0, sizeof *ds);
}
