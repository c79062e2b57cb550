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
#include "excerpts.h"
#include "record.h"

struct br_input {
	char *path;          /* as given */
	char *name;          /* what views call it (see br_dataset_name_inputs), or NULL */
	bool named;          /* the name was given (NAME=FILE, --label NAME) */
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
	bool skip_excerpts;      /* set before parsing: keep no excerpts (an output
				  * that shows none: the tables, the charts) */
	bool excerpts_later;     /* set before parsing: a regular file's excerpts are
				  * not copied but read back when shown (the
				  * records' excerpt_later) */
	struct br_excerpts *excerpts; /* where to read them back from (excerpts.h), or NULL */
	struct br_ds_strings *strs; /* internal (dataset.c): the claims' strings */
	size_t reconcile_looked; /* counted: what the reconcile step compared
				  * (record pairs, label parts), so that a test
				  * can check that it grows linearly */
};

struct br_input *br_dataset_add_input(struct br_dataset *ds, const char *path);
void br_dataset_add_claim(struct br_dataset *ds, const char *file, unsigned line, unsigned end_line,
			  const char *parser, const char *why);
void br_dataset_free(struct br_dataset *ds);

/*
 * Input names. An input's name tells its rows apart from another input's
 * rows of the same machine in every view ("host0 (before)"), and
 * --baseline and --aggregate know inputs by it. A name given on the command
 * line is kept as it is; otherwise it is the file's base name without its
 * extension ("runs/before.csv" → "before"; standard input: "stdin"), or,
 * when two inputs would share that, the path as given without its extension
 * ("a/run", "b/run"), with " #2", " #3" … after a path given twice.
 */
/* The name of `path` alone (new string). */
char *br_input_default_name(const char *path);
/* path without the extension of its last component (new string). */
char *br_input_strip_ext(const char *path);
/* Give input i the name NAME (copied; named = true). */
void br_dataset_set_input_name(struct br_dataset *ds, size_t i, const char *name);
/* Name every input that has no name yet, by the rule above. */
void br_dataset_name_inputs(struct br_dataset *ds);


#endif
