/* fuzz_jsonl — the JSON Lines reader (parsers/jsonl.c): the input follows a
 * valid record line, so that the document is taken as JSON Lines and every
 * line of the input reaches the reader; what it reads must write back as JSON
 * that reads back to the same line. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "dataset.h"
#include "doc.h"
#include "json.h"
#include "jsonl.h"
#include "parser.h"
#include "regex.h"
#include "render.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	br_parsers_init(); /* once: the tools' words for decoding and labels */
	static const char head[] =
		"{\"tool\":\"hdparm\",\"host\":\"h\",\"metrics\":{\"cached_read\":{\"value\":1}}}\n";
	struct br_buf b = BR_BUF_INIT;
	br_buf_add(&b, head, sizeof head - 1);
	br_buf_add(&b, data, size);
	struct br_doc *doc = br_doc_from_mem("fuzz.jsonl", b.data, b.len);
	struct br_dataset ds = {0};
	br_parse_document(doc, &ds);
	for (size_t i = 0; i < ds.records.n; i++) {
		struct br_buf one = BR_BUF_INIT, two = BR_BUF_INIT;
		br_record_to_json(ds.records.v[i], &one);
		struct br_json *j = br_json_parse(one.data, one.len, NULL, NULL);
		struct br_record *r = j ? br_jsonl_record(j, NULL, NULL) : NULL;
		if (!r)
			abort();
		br_record_to_json(r, &two);
		if (one.len != two.len || memcmp(one.data, two.data, one.len) != 0)
			abort();
		br_record_free(r);
		br_json_free(j);
		br_buf_free(&one);
		br_buf_free(&two);
	}
	br_recset_merge(&ds.records);
	br_dataset_free(&ds);
	br_doc_free(doc);
	br_buf_free(&b);
	return 0;
}
