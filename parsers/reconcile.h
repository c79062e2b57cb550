/*
 * reconcile — the step between the parsers and the merge, per document.
 * The parsers append their records one parser after the other, in
 * parsers.def order; this step makes the document's records and
 * diagnostics what the text says whatever that order: in document order
 * (stable: equal lines keep the registry order), dated by the dates the
 * document states, and placed at their lines in the file (a message of a
 * mail archive starts at line0 + 1). Owns nothing; the registry calls it
 * once a document has been offered to every parser. First the parsers'
 * reconcile hooks (parser.h) settle what one parser's records owe to
 * another's (the bonnie++ text table and the CSV line of the same run),
 * so that this too does not depend on the parsers' order.
 */
#ifndef BR_RECONCILE_H
#define BR_RECONCILE_H

#include <stddef.h>

#include "dataset.h"
#include "doc.h"
#include "parser.h"

/* The reconcile hook of each of the n parsers that has one, given what its
 * parse() kept (kept[i], NULL when it kept nothing or did not run), in the
 * parsers' order, over the document's records from index rec0 on. */
void br_reconcile_hooks(const struct br_doc *doc, struct br_dataset *ds, size_t rec0,
			const struct br_parser *const *parsers, void **kept, size_t n);

/* The records from ds->records index rec0 on, the diagnostics from diag0
 * and the claims from claim0, all of document doc, reconciled in place. */
void br_reconcile_document(const struct br_doc *doc, struct br_dataset *ds, size_t rec0, size_t diag0,
			   size_t claim0, unsigned line0);

#endif
