/* fuzz_doc — document loading and transport decoding, then every parser over
 * the result (the registry-driven target: a new parser is covered for free). */
#include <stdint.h>
#include <stdlib.h>

#include "dataset.h"
#include "doc.h"
#include "parser.h"
#include "regex.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct br_doc *doc = br_doc_from_mem("fuzz", (const char *)data, size);
	struct br_dataset ds = {0};
	br_parse_document(doc, &ds);
	br_recset_merge(&ds.records);
	br_dataset_free(&ds);
	br_doc_free(doc);
	return 0;
}
