/*
 * jsonl — benchreport's own JSON Lines (SCHEMA.md) read back into records.
 *
 * parsers/jsonl.c is the "jsonl" parser of the registry; this header also
 * exposes its record reader so that the archive (archive/), which stores each
 * record as its JSON line, turns stored lines into records with the same
 * code. Nothing else about the format lives outside parsers/jsonl.c.
 */
#ifndef BR_JSONL_H
#define BR_JSONL_H

#include "json.h"
#include "record.h"

/* Called once per problem, with a message for "FILE:LINE: warning: jsonl:":
 * either why the object is no record, or a part of it that was left out (an
 * unknown metric, a key of the wrong type) while the rest is kept. */
typedef void br_jsonl_warn_fn(void *arg, const char *msg);

/*
 * One record from one parsed JSON object. Every key SCHEMA.md lists is read,
 * plus source.excerpt and "also"; unknown keys are ignored. A record keeps the
 * source written in the object (the ORIGINAL document), not the position of
 * the line it was read from (source.file is NULL when the object has none).
 * Returns NULL when the object is not a record (no "tool" or "metrics", an
 * unknown tool, a newer "schema", no figure it can read), after telling
 * `warn` why. `warn` may be NULL.
 */
struct br_record *br_jsonl_record(const struct br_json *obj, br_jsonl_warn_fn *warn, void *arg);

#endif
