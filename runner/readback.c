/* readback — see readback.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "doc.h"
#include "parser.h"
#include "readback.h"

/* The label, kernel and filesystem on the records a run's text yielded. */
static void annotate(struct br_dataset *ds, size_t first, const char *label, unsigned run,
		     unsigned runs, const struct br_run_report *rep)
{
	const struct br_run_target *t = &rep->target;
	char *lab = NULL;
	if (runs > 1)
		lab = label ? br_asprintf("%s / run %u", label, run) : br_asprintf("run %u", run);
	else if (label)
		lab = br_strdup(label);
	for (size_t i = first; i < ds->records.n; i++) {
		struct br_record *r = ds->records.v[i];
		br_record_set_label(r, lab);
		if (t->kernel)
			br_record_param_str(r, "kernel", t->kernel);
		if (t->filesystem)
			br_record_param_str(r, "filesystem", t->filesystem);
		if (!r->version)
			br_record_set_version(r, BR_RUN_VERSION);
		br_record_param_str(r, "runner", BR_RUN_VERSION);
		if (rep->quick_caveat)
			br_record_param_str(r, "quick", rep->quick_caveat);
		if (runs > 1)
			br_record_param_num(r, "run", run);
	}
	free(lab);
}

void br_run_read_back(const struct br_run_report *rep, const char *label, struct br_dataset *ds)
{
	for (size_t i = 0; i < rep->n; i++) {
		char name[32];
		snprintf(name, sizeof name, "<run %zu>", i + 1);
		struct br_doc *doc = br_doc_from_mem(name, rep->runs[i], strlen(rep->runs[i]));
		size_t first = ds->records.n;
		br_parse_document(doc, ds);
		br_doc_free(doc);
		annotate(ds, first, label, (unsigned)i + 1, (unsigned)rep->n, rep);
	}
	br_recset_merge(&ds->records);
}
