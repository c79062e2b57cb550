/*
 * metric — the table of every figure benchreport knows (metrics.def), tools
 * and tool families (tools.def), units and display groups. Parsers and renderers refer to
 * metrics by enum br_metric_id or look them up by JSON key; no other file
 * spells a metric name.
 */
#ifndef BR_METRIC_H
#define BR_METRIC_H

#include <stdbool.h>
#include <stddef.h>

enum br_family {
#define BR_FAMILY(id, name, title) BR_FAM_##id,
#include "tools.def"
#undef BR_FAMILY
	BR_FAM_COUNT
};
enum br_tool {
#define BR_TOOL(id, name, family, first_block) BR_TOOL_##id,
#include "tools.def"
#undef BR_TOOL
	BR_TOOL_COUNT
};
enum br_unit { BR_UNIT_KIBS, BR_UNIT_PERSEC, BR_UNIT_USEC };
enum br_better { BR_HIGHER, BR_LOWER };
enum br_group { BR_GROUP_SEQ, BR_GROUP_RANDOM, BR_GROUP_FILEOPS, BR_GROUP_LATENCY, BR_GROUP_COUNT };

enum br_metric_id {
#define BR_METRIC(id, fam, unit, better, group, title, short) BR_M_##id,
#include "metrics.def"
#undef BR_METRIC
	BR_METRIC_COUNT
};

struct br_metric_info {
	const char *name;       /* JSON key: "put_block" */
	enum br_family family;
	enum br_unit unit;
	enum br_better better;
	enum br_group group;
	const char *title;      /* "Block write" */
	const char *short_title; /* "BlkWrite" */
};

const struct br_metric_info *br_metric(enum br_metric_id id);
/* -1 when `name` is not a metric key (exact: JSON keys, stored data). */
int br_metric_by_name(const char *name);
/*
 * A metric as a user names it: its key, its table heading or its title, in
 * any case, with or without blanks, '_', '-' or a parenthesised remark
 * ("BlkRead", "block read", "Block-Read", "get_block"). -1 when nothing
 * matches.
 */
int br_metric_lookup(const char *name);
/* The metric a mistyped name most likely means ("blokread": get_block), or
 * -1 when none is close enough to suggest. */
int br_metric_suggest(const char *name);
/* For a bonnie-family base metric (putc … ran_del): its _latency twin, else -1. */
int br_metric_latency_of(enum br_metric_id id);

const char *br_unit_name(enum br_unit u);          /* "KiB/s", "/s", "us" */
const char *br_group_name(enum br_group g);        /* "seq", "random", "fileops", "latency" */
const char *br_group_title(enum br_group g);       /* "Sequential throughput" … */
int br_group_by_name(const char *name);            /* -1 if unknown */

/* A tool's facts, from tools.def. t must be a tool of the table (a value
 * read from outside is checked with br_tool_by_name first): any other
 * value is a bug, and these abort rather than file it under some tool. */
const char *br_tool_name(enum br_tool t);          /* "bonnie", "bonnie++", "hdparm", "rawio" */
int br_tool_by_name(const char *name);             /* -1 if unknown */
enum br_family br_tool_family(enum br_tool t);
/* Bytes of a record's first block of strings and values (tools.def). */
size_t br_tool_first_block(enum br_tool t);
const char *br_family_name(enum br_family f);      /* "bonnie", "hdparm", "rawio" */
const char *br_family_title(enum br_family f);     /* "Bonnie and Bonnie++" … */

#endif
