/*
 * dataset — everything one run of benchreport read: the inputs, the records
 * (a br_recset), the diagnostics and, for --explain, which line ranges each
 * parser claimed. Owns all of it; br_dataset_free releases it. The claims'
 * strings belong to the dataset (shared between claims): read them, do not
 * free or replace them.
 */
#ifndef BR_DATASET_H
#define BR_DATASET_H

#include <stdbool.h>
#include <stddef.h>

#include "diag.h"
#include "record.h"

struct br_input {
	char *path;          /* as given */
	size_t nrecords;     /* records this input yielded (before merging) */
	unsigned transport;  /* BR_TRANSPORT_* bits applied when decoding */
	size_t bytes;
};

struct br_claim {
	char *file;
	unsigned line, end_line; /* ORIGINAL lines */
	char *parser;
	char *why;
};

struct br_ds_strings; /* dataset.c */

struct br_dataset {
	struct br_recset records;
	struct br_diags diags;
	struct br_input *inputs;
	size_t ninputs, cap_inputs;
	struct br_claim *claims;
	size_t nclaims, cap_claims;
	bool skip_claims;        /* set before parsing: keep no claims (no --explain) */
	struct br_ds_strings *strs; /* internal (dataset.c): the claims' strings */
};

struct br_input *br_dataset_add_input(struct br_dataset *ds, const char *path);
void br_dataset_add_claim(struct br_dataset *ds, const char *file, unsigned line, unsigned end_line,
			  const char *parser, const char *why);
void br_dataset_free(struct br_dataset *ds);

#endif
