/*
 * readback — the runner's text read back like any document: each run's
 * text through the parsers (br_parse_document, as "<run N>"), then the
 * records they made told what the text cannot say: the run's label, the
 * target's kernel and filesystem, that the runner made them (param
 * `runner`, and version BR_RUN_VERSION where the layout has none: hdparm,
 * rawio), --quick's caveat (param `quick`) and, over several runs, which
 * run (param `run`, label "LABEL / run N"). The records stay the parsers';
 * this adds params and labels only. The dataset is the caller's.
 */
#ifndef BR_READBACK_H
#define BR_READBACK_H

#include "dataset.h"
#include "runner.h"

/* rep's runs into ds (merged); `label`: --label, or NULL. */
void br_run_read_back(const struct br_run_report *rep, const char *label, struct br_dataset *ds);

#endif
