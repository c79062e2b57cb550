/*
 * jsonl — reads benchreport's own JSON Lines (SCHEMA.md, render/jsonl.c)
 * back into records, so that `benchreport archive.jsonl -o report.html`
 * gives the report the original documents give.
 *
 * A document is JSON Lines when its first non-blank line is a JSON object
 * and one of its first few object lines has "tool" and "metrics". The lines
 * are read from the document's bytes (physical lines), not from the decoded
 * logical lines: transport decoding is for mail and web pages, and an
 * excerpt inside a JSON string may look like either. A line that is not a
 * record is a warning at its FILE:LINE; the other lines are still read.
 * Records keep the source written in the JSON (the original document), and
 * the whole document is claimed so that no other parser reads the excerpts.
 */
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "json.h"
#include "jsonl.h"
#include "parser.h"

/* How many object lines detect() looks at for "tool" and "metrics". */
#define DETECT_LINES 8

static void say(br_jsonl_warn_fn *warn, void *arg, const char *fmt, ...) BR_PRINTF(3, 4);

static void say(br_jsonl_warn_fn *warn, void *arg, const char *fmt, ...)
{
	if (!warn)
		return;
	char msg[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	warn(arg, msg);
}

/* A name from the input, shortened for a message. */
static const char *shown(const char *s, char *buf, size_t n)
{
	size_t l = strlen(s);
	if (l < n)
		return s;
	size_t cut = n - 4;
	while (cut > 0 && ((unsigned char)s[cut] & 0xc0) == 0x80)
		cut--; /* do not split a UTF-8 sequence */
	memcpy(buf, s, cut);
	memcpy(buf + cut, "...", 4);
	return buf;
}

static bool get_uint(const struct br_json *j, unsigned *out)
{
	if (!j || br_json_type(j) != BR_JSON_NUMBER || !(br_json_number(j) >= 0) || br_json_number(j) > UINT_MAX ||
	    br_json_number(j) != floor(br_json_number(j)))
		return false;
	*out = (unsigned)br_json_number(j);
	return true;
}

/* A string member, NULL for null or absent; a wrong type is reported. */
static const char *get_str(const struct br_json *obj, const char *key, const char *where,
			   br_jsonl_warn_fn *warn, void *arg)
{
	const struct br_json *j = br_json_get(obj, key);
	if (!j || br_json_type(j) == BR_JSON_NULL)
		return NULL;
	if (br_json_type(j) == BR_JSON_STRING)
		return br_json_string(j);
	say(warn, arg, "%s\"%s\" is not a string; ignored", where, key);
	return NULL;
}

/* A source object as read: the strings point into the JSON tree. */
struct source_view {
	const char *file, *format, *excerpt;
	unsigned line, end_line;
};

/* A source object into *s. False when it has no "file". */
static bool read_source(const struct br_json *j, struct source_view *s, const char *what,
			br_jsonl_warn_fn *warn, void *arg)
{
	memset(s, 0, sizeof *s);
	if (!j || br_json_type(j) != BR_JSON_OBJECT) {
		say(warn, arg, "%s is not an object; ignored", what);
		return false;
	}
	char where[64];
	snprintf(where, sizeof where, "%s: ", what);
	const char *file = get_str(j, "file", where, warn, arg);
	if (!file) {
		say(warn, arg, "%s has no \"file\"; ignored", what);
		return false;
	}
	s->file = file;
	const struct br_json *line = br_json_get(j, "line"), *end = br_json_get(j, "end_line");
	if (line && !get_uint(line, &s->line))
		say(warn, arg, "%s: \"line\" is not a line number; ignored", what);
	if (end && !get_uint(end, &s->end_line))
		say(warn, arg, "%s: \"end_line\" is not a line number; ignored", what);
	if (s->end_line < s->line)
		s->end_line = s->line;
	s->format = get_str(j, "format", where, warn, arg);
	s->excerpt = get_str(j, "excerpt", where, warn, arg);
	return true;
}

static void read_params(struct br_record *r, const struct br_json *j, br_jsonl_warn_fn *warn,
			void *arg)
{
	if (!j || br_json_type(j) == BR_JSON_NULL)
		return;
	if (br_json_type(j) != BR_JSON_OBJECT) {
		say(warn, arg, "\"params\" is not an object; ignored");
		return;
	}
	char tmp[48];
	struct br_json_iter it = BR_JSON_ITER_INIT;
	while (br_json_next(j, &it)) {
		const struct br_json *v = it.value;
		if (br_json_type(v) == BR_JSON_STRING)
			br_record_param_str(r, it.key, br_json_string(v));
		else if (br_json_type(v) == BR_JSON_NUMBER)
			br_record_param_num(r, it.key, br_json_number(v));
		else if (br_json_type(v) != BR_JSON_NULL)
			say(warn, arg, "param '%s' is neither a string nor a number; ignored",
			    shown(it.key, tmp, sizeof tmp));
	}
}

/* "ran_at" (ISO 8601) and "ran_at_from"; a date from nowhere named is kept
 * as "text" (a date the input wrote). */
static void read_ran_at(struct br_record *r, const struct br_json *o, br_jsonl_warn_fn *warn, void *arg)
{
	const char *when = get_str(o, "ran_at", "", warn, arg);
	if (!when)
		return;
	char tmp[48];
	int64_t t;
	enum br_date_prec prec;
	if (!br_date_iso(when, &t, &prec)) {
		say(warn, arg, "\"ran_at\" '%s' is not an ISO 8601 date; ignored", shown(when, tmp, sizeof tmp));
		return;
	}
	const char *from = get_str(o, "ran_at_from", "", warn, arg);
	int f = from ? br_ran_from_by_name(from) : BR_RAN_TEXT;
	if (f < 0) {
		say(warn, arg, "\"ran_at_from\" '%s' is unknown; taken as \"text\"", shown(from, tmp, sizeof tmp));
		f = BR_RAN_TEXT;
	}
	br_record_set_ran_at(r, t, prec, (enum br_ran_from)f);
}

static bool get_flag(const struct br_json *m, const char *key, const char *name,
		     br_jsonl_warn_fn *warn, void *arg)
{
	const struct br_json *j = br_json_get(m, key);
	if (!j || br_json_type(j) == BR_JSON_NULL)
		return false;
	if (br_json_type(j) == BR_JSON_BOOL)
		return br_json_bool(j);
	say(warn, arg, "metric '%s': \"%s\" is not true or false; ignored", name, key);
	return false;
}

static void read_metric(struct br_record *r, const char *key, const struct br_json *m,
			br_jsonl_warn_fn *warn, void *arg)
{
	char tmp[48];
	int id = br_metric_by_name(key);
	if (id < 0) {
		say(warn, arg, "unknown metric '%s'; ignored", shown(key, tmp, sizeof tmp));
		return;
	}
	const struct br_metric_info *mi = br_metric(id);
	if (mi->family != br_tool_family(r->tool)) {
		say(warn, arg, "metric '%s' is not a %s figure; ignored", key, br_tool_name(r->tool));
		return;
	}
	if (br_json_type(m) != BR_JSON_OBJECT) {
		say(warn, arg, "metric '%s' is not an object; ignored", key);
		return;
	}
	const struct br_json *unit = br_json_get(m, "unit");
	if (unit && (br_json_type(unit) != BR_JSON_STRING || strcmp(br_json_string(unit), br_unit_name(mi->unit)) != 0)) {
		say(warn, arg, "metric '%s': unit is not \"%s\"; ignored", key, br_unit_name(mi->unit));
		return;
	}
	const struct br_json *value = br_json_get(m, "value");
	if (!value || (br_json_type(value) != BR_JSON_NUMBER && br_json_type(value) != BR_JSON_NULL)) {
		say(warn, arg, "metric '%s': \"value\" is neither a number nor null; ignored", key);
		return;
	}
	char where[64];
	snprintf(where, sizeof where, "metric '%s': ", key);
	const char *raw = get_str(m, "raw", where, warn, arg);
	struct br_value *v = br_record_set(r, id, br_json_type(value) == BR_JSON_NUMBER ? br_json_number(value) : NAN, raw);
	const struct br_json *cpu = br_json_get(m, "cpu");
	if (cpu && br_json_type(cpu) == BR_JSON_NUMBER)
		br_record_set_cpu(r, id, br_json_number(cpu));
	else if (cpu && br_json_type(cpu) != BR_JSON_NULL)
		say(warn, arg, "metric '%s': \"cpu\" is not a number; ignored", key);
	v->too_fast = get_flag(m, "too_fast", key, warn, arg);
	v->marked = get_flag(m, "marked", key, warn, arg);
}

/* Step of br_jsonl_record: the tool of record o, checked with its schema
 * and its metrics object (*metricsp); -1, warned about, when o is no
 * record this benchreport reads. */
static int record_tool(const struct br_json *o, const struct br_json **metricsp, br_jsonl_warn_fn *warn,
		       void *arg)
{
	char tmp[48];
	if (!o || br_json_type(o) != BR_JSON_OBJECT) {
		say(warn, arg, "not a JSON object");
		return -1;
	}
	const struct br_json *schema = br_json_get(o, "schema");
	/* schema 1 is schema 2 without ran_at: both read the same way */
	if (schema && !(br_json_type(schema) == BR_JSON_NUMBER &&
			(br_json_number(schema) == 1 || br_json_number(schema) == BR_SCHEMA_VERSION))) {
		if (br_json_type(schema) == BR_JSON_NUMBER && br_json_number(schema) > BR_SCHEMA_VERSION && br_json_number(schema) < 1e9)
			say(warn, arg, "record of schema %.0f, newer than this benchreport reads (%d); skipped",
			    br_json_number(schema), BR_SCHEMA_VERSION);
		else
			say(warn, arg, "\"schema\" is not 1 or %d; skipped", BR_SCHEMA_VERSION);
		return -1;
	}
	const struct br_json *tool = br_json_get(o, "tool"), *metrics = br_json_get(o, "metrics");
	if (!tool || !metrics) {
		say(warn, arg, "not a benchreport record (no \"tool\" or no \"metrics\"); skipped");
		return -1;
	}
	int t = br_json_type(tool) == BR_JSON_STRING ? br_tool_by_name(br_json_string(tool)) : -1;
	if (t < 0) {
		if (br_json_type(tool) == BR_JSON_STRING)
			say(warn, arg, "unknown tool '%s'; skipped", shown(br_json_string(tool), tmp, sizeof tmp));
		else
			say(warn, arg, "\"tool\" is not a string; skipped");
		return -1;
	}
	if (br_json_type(metrics) != BR_JSON_OBJECT) {
		say(warn, arg, "\"metrics\" is not an object; skipped");
		return -1;
	}
	*metricsp = metrics;
	return t;
}

/* Step of br_jsonl_record: record o's "source" and its "also" sources
 * into r. */
static void read_sources(struct br_record *r, const struct br_json *o, br_jsonl_warn_fn *warn, void *arg)
{
	const struct br_json *src = br_json_get(o, "source");
	if (src) {
		struct source_view s;
		if (read_source(src, &s, "\"source\"", warn, arg)) {
			br_record_set_source_strings(r, s.file, s.format, s.excerpt);
			r->source.line = s.line;
			r->source.end_line = s.end_line;
		}
	}

	const struct br_json *also = br_json_get(o, "also");
	if (also && br_json_type(also) == BR_JSON_ARRAY) {
		for (size_t i = 0; i < br_json_len(also); i++) {
			struct source_view s;
			if (!read_source(br_json_at(also, i), &s, "an \"also\" source", warn, arg))
				continue;
			/* also[] strings are malloc'd (record.h) */
			r->also = br_grow(r->also, &r->cap_also, r->nalso + 1, sizeof *r->also);
			r->also[r->nalso++] = (struct br_source){
				.file = br_strdup(s.file),
				.line = s.line,
				.end_line = s.end_line,
				.format = s.format ? br_strdup(s.format) : NULL,
				.excerpt = s.excerpt ? br_strdup(s.excerpt) : NULL,
			};
		}
	} else if (also && br_json_type(also) != BR_JSON_NULL) {
		say(warn, arg, "\"also\" is not an array; ignored");
	}
}

struct br_record *br_jsonl_record(const struct br_json *o, br_jsonl_warn_fn *warn, void *arg)
{
	const struct br_json *metrics = NULL;
	int t = record_tool(o, &metrics, warn, arg);
	if (t < 0)
		return NULL;

	struct br_record *r = br_record_new((enum br_tool)t);
	br_record_set_version(r, get_str(o, "version", "", warn, arg));
	br_record_set_host(r, get_str(o, "host", "", warn, arg));
	const struct br_json *cut = br_json_get(o, "host_cut");
	r->host_cut = r->host && cut && br_json_type(cut) == BR_JSON_BOOL && br_json_bool(cut);
	br_record_set_label(r, get_str(o, "label", "", warn, arg));
	read_sources(r, o, warn, arg);
	read_params(r, br_json_get(o, "params"), warn, arg);
	read_ran_at(r, o, warn, arg);
	struct br_json_iter it = BR_JSON_ITER_INIT;
	while (br_json_next(metrics, &it))
		read_metric(r, it.key, it.value, warn, arg);
	if (br_record_metric_count(r) == 0) {
		/* a record is a result: no figure, no record (SCHEMA.md) */
		say(warn, arg, "no figures; skipped");
		br_record_free(r);
		return NULL;
	}
	return r;
}

/* ---------------------------------------------------------------- parser */

static const char *line_text(const struct br_doc *doc, size_t i, size_t *len)
{
	*len = br_doc_phys_len(doc, i);
	return doc->raw + doc->phys[i];
}

static const char *skip_blanks(const char *s, size_t *n)
{
	while (*n && (*s == ' ' || *s == '\t')) {
		s++;
		(*n)--;
	}
	return s;
}

static bool detect(const struct br_doc *doc)
{
	size_t seen = 0;
	for (size_t i = 0; i < doc->nphys && seen < DETECT_LINES; i++) {
		size_t n;
		const char *s = line_text(doc, i, &n);
		if (br_is_blank(s, n))
			continue;
		s = skip_blanks(s, &n);
		if (*s != '{')
			return false; /* prose, headers, a table: not JSON Lines */
		seen++;
		if (memmem(s, n, "\"tool\"", 6) && memmem(s, n, "\"metrics\"", 9))
			return true;
	}
	return false;
}

struct line_warn {
	struct br_parse_ctx *ctx;
	unsigned line;
};

static void warn_line(void *arg, const char *msg)
{
	struct line_warn *w = arg;
	br_diag_add(&w->ctx->ds->diags, BR_WARNING, w->ctx->doc->path, w->line, w->ctx->parser->name,
		    "%s", msg);
}

static size_t parse(struct br_parse_ctx *ctx)
{
	const struct br_doc *doc = ctx->doc;
	size_t found = 0;
	struct br_json_reader *rd = br_json_reader_new();
	for (size_t i = 0; i < doc->nphys; i++) {
		size_t n;
		const char *s = line_text(doc, i, &n);
		if (br_is_blank(s, n))
			continue;
		struct line_warn w = {ctx, (unsigned)(i + 1)};
		const char *err = NULL;
		size_t off = 0;
		struct br_json *j = br_json_reader_parse(rd, s, n, &err, &off);
		if (!j) {
			br_diag_add(&ctx->ds->diags, BR_WARNING, doc->path, w.line, ctx->parser->name,
				    "not a JSON line (%s at column %zu); skipped", err, off + 1);
			continue;
		}
		struct br_record *r = br_jsonl_record(j, warn_line, &w);
		br_json_free(j);
		if (!r)
			continue;
		if (!r->source.file) {
			/* no source written: this line is the best provenance there is */
			br_record_set_source(r, doc->path, w.line, w.line, ctx->parser->name);
		}
		br_parse_emit(ctx, r);
		found++;
	}
	br_json_reader_free(rd);
	if (doc->nlines)
		br_parse_claim(ctx, 0, doc->nlines - 1, "benchreport JSON Lines");
	return found;
}

const struct br_parser br_parser_jsonl = {
	.name = "jsonl",
	.summary = "benchreport's own JSON Lines (SCHEMA.md), read back",
	.detect = detect,
	.parse = parse,
};
