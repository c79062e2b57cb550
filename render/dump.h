/*
 * dump — --dump views of the stages after the parsers, in the spirit of
 * cmark's XML output: what a stage produced, as plain text to read or diff.
 * The stages before (decoded lines, claims) are parsers/explain.h's. Also
 * the metrics registry in words (--list-metrics).
 * Owns nothing; writes to the caller's sink.
 */
#ifndef BR_DUMP_H
#define BR_DUMP_H

#include "dataset.h"
#include "render.h"

/* --dump=records: the records as the input stage left them (read,
 * reconciled, merged), one JSON line each (docs/schema.md), before any
 * grouping or table. 0, or -1 with br_error() set. */
int br_dump_records(const struct br_dataset *ds, struct br_sink *out);

/* --list-metrics: every metric of metrics.def, its heading, unit, sense,
 * tools and title, a line each, then how --metric and --sort name them. */
void br_metrics_table(struct br_buf *out);

/* --dump=model, the report model as the renderers get it, is
 * br_report_dump (model/), beside the model it prints. */

#endif
