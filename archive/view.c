/* view — see view.h. */
#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "jsonl.h"
#include "metric.h"
#include "neutral.h"
#include "record.h"
#include "view.h"

enum { COL_ID, COL_TOOL, COL_VERSION, COL_HOST, COL_LABEL, COL_SOURCES, COL_RAN, COL_FROM, COL_ADDED, NCOLS };
static const char *const headings[NCOLS] = {"ID", "TOOL", "VERSION", "HOST", "LABEL", "SOURCES",
					    "RAN", "FROM", "ADDED"};
#define MAX_WIDTH 48

static size_t text_width(const char *s)
{
	size_t w = 0;
	for (; *s; s++)
		w += ((unsigned char)*s & 0xc0) != 0x80;
	return w;
}

/* At most MAX_WIDTH characters, "..." marking a cut; caller frees. */
static char *cell(const char *s)
{
	if (!s)
		return br_strdup("-");
	struct br_buf nb = BR_BUF_INIT;
	br_neutral_add(&nb, s, strlen(s), BR_NEUTRAL_TEXT, false); /* valid UTF-8, no controls */
	char *c = br_buf_detach(&nb);
	for (char *p = c; *p; p++)
		if (*p == '\n' || *p == '\t' || *p == '\r')
			*p = ' ';
	if (text_width(c) <= MAX_WIDTH)
		return c;
	size_t w = 0, i = 0;
	for (; c[i]; i++) {
		if (((unsigned char)c[i] & 0xc0) != 0x80 && ++w > MAX_WIDTH - 3)
			break;
	}
	memcpy(c + i, "...", 4);
	return c;
}

void br_archive_table_add(struct br_archive_table *t, const struct br_archive_row *row)
{
	t->cells = br_grow(t->cells, &t->cap, (t->nrows + 1) * NCOLS, sizeof *t->cells);
	char **c = t->cells + t->nrows * NCOLS;
	c[COL_ID] = br_asprintf("%lld", (long long)row->id);
	c[COL_TOOL] = cell(row->tool);
	c[COL_VERSION] = cell(row->version);
	c[COL_HOST] = cell(row->host);
	c[COL_LABEL] = cell(row->label);
	c[COL_SOURCES] = br_asprintf("%zu", row->nsources);
	c[COL_RAN] = row->ran_at ? br_strndup(row->ran_at, strnlen(row->ran_at, 10)) : br_strdup("-");
	c[COL_FROM] = br_strdup(row->ran_at_from ? row->ran_at_from : "-");
	c[COL_ADDED] = br_strndup(row->added ? row->added : "-", 10);
	t->nrows++;
}

void br_archive_table_text(const struct br_archive_table *t, struct br_buf *out)
{
	size_t w[NCOLS];
	for (int k = 0; k < NCOLS; k++) {
		w[k] = strlen(headings[k]);
		for (size_t r = 0; r < t->nrows; r++) {
			size_t x = text_width(t->cells[r * NCOLS + (size_t)k]);
			if (x > w[k])
				w[k] = x;
		}
	}
	for (size_t r = 0; r <= t->nrows; r++) {
		for (int k = 0; k < NCOLS; k++) {
			const char *s = r == 0 ? headings[k] : t->cells[(r - 1) * NCOLS + (size_t)k];
			size_t pad = w[k] - text_width(s);
			bool right = k == COL_ID || k == COL_SOURCES;
			if (right)
				br_buf_addf(out, "%*s", (int)pad, "");
			br_buf_adds(out, s);
			if (!right && k != NCOLS - 1)
				br_buf_addf(out, "%*s", (int)pad, "");
			if (k != NCOLS - 1)
				br_buf_adds(out, "  ");
		}
		br_buf_addc(out, '\n');
	}
}

void br_archive_table_free(struct br_archive_table *t)
{
	for (size_t i = 0; i < t->nrows * NCOLS; i++)
		free(t->cells[i]);
	free(t->cells);
	memset(t, 0, sizeof *t);
}

static void add_value(struct br_buf *b, const struct br_value *v, const struct br_metric_info *mi)
{
	if (v->too_fast && !v->has_value)
		br_buf_adds(b, "too fast to measure");
	else if (!v->has_value)
		br_buf_adds(b, "no value");
	else {
		br_buf_add_double(b, v->value);
		br_buf_addf(b, " %s", br_unit_name(mi->unit));
	}
	if (v->has_cpu) {
		br_buf_adds(b, ", cpu ");
		br_buf_add_double(b, v->cpu);
		br_buf_adds(b, "%");
	}
	char rawbuf[BR_RAW_BUF];
	const char *raw = br_value_raw(v, rawbuf);
	if (raw)
		br_buf_addf(b, ", printed \"%s\"", raw);
	if (v->too_fast && v->has_value)
		br_buf_adds(b, ", too fast");
	if (v->marked)
		br_buf_adds(b, ", marked");
}

static void add_indented(struct br_buf *b, const char *text, const char *prefix)
{
	const char *p = text;
	for (;;) {
		const char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p) : strlen(p);
		br_buf_adds(b, prefix);
		br_buf_add(b, p, n);
		br_buf_addc(b, '\n');
		if (!nl)
			break;
		p = nl + 1;
	}
}

/* The record's params and figures, read back from its stored JSON. */
static void add_figures(struct br_buf *b, const char *json)
{
	struct br_json *j = br_json_parse(json, strlen(json), NULL, NULL);
	struct br_record *r = j ? br_jsonl_record(j, NULL, NULL) : NULL;
	br_json_free(j);
	if (r && r->nparams) {
		br_buf_adds(b, "  params  ");
		for (size_t i = 0; i < r->nparams; i++) {
			struct br_param p = br_record_param_at(r, i);
			br_buf_addf(b, " %s=", p.key);
			if (p.str)
				br_buf_adds(b, p.str);
			else
				br_buf_add_double(b, p.num);
		}
		br_buf_addc(b, '\n');
	}
	if (!r) {
		br_buf_adds(b, "  (the stored JSON could not be read)\n");
		return;
	}
	br_buf_adds(b, "  figures\n");
	for (int i = 0; i < BR_METRIC_COUNT; i++) {
		const struct br_value v = br_record_get(r, (enum br_metric_id)i);
		if (!v.present)
			continue;
		const struct br_metric_info *mi = br_metric(i);
		br_buf_addf(b, "    %-22s ", mi->name);
		add_value(b, &v, mi);
		br_buf_addc(b, '\n');
	}
	br_record_free(r);
}

static void add_source(struct br_buf *b, size_t i, const struct br_archive_source *s)
{
	br_buf_addf(b, "  %zu. %s:%u", i + 1, s->file ? s->file : "?", s->line);
	if (s->end_line > s->line)
		br_buf_addf(b, "-%u", s->end_line);
	if (s->format)
		br_buf_addf(b, " (%s)", s->format);
	br_buf_addc(b, '\n');
	if (s->document_id)
		br_buf_addf(b, "     in document %lld '%s', sha256 %s, added %s\n",
			    (long long)s->document_id, s->document ? s->document : "?",
			    s->sha256 ? s->sha256 : "?", s->document_added ? s->document_added : "?");
	if (s->details)
		add_indented(b, s->details, "     details: ");
	if (s->excerpt)
		add_indented(b, s->excerpt, "     | ");
}

void br_archive_show_text(const struct br_archive_row *row, const struct br_archive_source *src, size_t nsrc,
			  struct br_buf *b)
{
	br_buf_addf(b, "record %lld, added %s\n", (long long)row->id, row->added ? row->added : "?");
	br_buf_addf(b, "  tool     %s%s%s\n", row->tool, row->version ? " " : "",
		    row->version ? row->version : "");
	br_buf_addf(b, "  host     %s\n", row->host ? row->host : "-");
	br_buf_addf(b, "  label    %s\n", row->label ? row->label : "-");
	if (row->ran_at)
		br_buf_addf(b, "  ran      %s (%s)\n", row->ran_at, row->ran_at_from ? row->ran_at_from : "?");
	add_figures(b, row->json);
	br_buf_addf(b, "sources (%zu)\n", nsrc);
	for (size_t i = 0; i < nsrc; i++)
		add_source(b, i, &src[i]);
}
