/*
 * jsonl — JSON Lines output, the archive format (SCHEMA.md, docs/schema.md):
 * one object per record, keys in a fixed order, "schema": 1 first.
 * Extra keys beyond SCHEMA.md: source.excerpt (the original text), and
 * "also" (further appearances merged into the record).
 */
#include <string.h>

#include "json.h"
#include "render.h"

/* a string literal, without strlen */
#define ADD_LIT(b, lit) br_buf_add((b), "" lit, sizeof(lit) - 1)

static void add_uint(struct br_buf *b, unsigned v)
{
	char tmp[16], *p = tmp + sizeof tmp;
	do
		*--p = (char)('0' + v % 10);
	while ((v /= 10) != 0);
	br_buf_add(b, p, (size_t)(tmp + sizeof tmp - p));
}

static void add_source(struct br_buf *b, const struct br_source *s)
{
	ADD_LIT(b, "{\"file\":");
	br_json_add_cstr(b, s->file);
	ADD_LIT(b, ",\"line\":");
	add_uint(b, s->line);
	ADD_LIT(b, ",\"end_line\":");
	add_uint(b, s->end_line);
	ADD_LIT(b, ",\"format\":");
	br_json_add_cstr(b, s->format);
	if (s->excerpt) {
		ADD_LIT(b, ",\"excerpt\":");
		br_json_add_cstr(b, s->excerpt);
	}
	br_buf_addc(b, '}');
}

void br_record_to_json(const struct br_record *r, struct br_buf *b)
{
	ADD_LIT(b, "{\"schema\":1,\"tool\":");
	br_json_add_cstr(b, br_tool_name(r->tool));
	ADD_LIT(b, ",\"version\":");
	br_json_add_cstr(b, r->version);
	ADD_LIT(b, ",\"host\":");
	br_json_add_cstr(b, r->host);
	ADD_LIT(b, ",\"label\":");
	br_json_add_cstr(b, r->label);
	ADD_LIT(b, ",\"source\":");
	add_source(b, &r->source);
	ADD_LIT(b, ",\"params\":{");
	for (size_t i = 0; i < r->nparams; i++) {
		if (i)
			br_buf_addc(b, ',');
		br_json_add_cstr(b, r->params[i].key);
		br_buf_addc(b, ':');
		if (r->params[i].str)
			br_json_add_cstr(b, r->params[i].str);
		else
			br_json_add_number(b, r->params[i].num);
	}
	ADD_LIT(b, "},\"metrics\":{");
	bool first = true;
	for (int i = 0; i < BR_METRIC_COUNT; i++) {
		const struct br_value *v = &r->m[i];
		if (!v->present)
			continue;
		if (!first)
			br_buf_addc(b, ',');
		first = false;
		const struct br_metric_info *mi = br_metric(i);
		br_json_add_cstr(b, mi->name);
		ADD_LIT(b, ":{\"value\":");
		if (v->has_value)
			br_json_add_number(b, v->value);
		else
			ADD_LIT(b, "null");
		ADD_LIT(b, ",\"unit\":");
		br_json_add_cstr(b, br_unit_name(mi->unit));
		if (v->has_cpu) {
			ADD_LIT(b, ",\"cpu\":");
			br_json_add_number(b, v->cpu);
		}
		if (v->raw) {
			ADD_LIT(b, ",\"raw\":");
			br_json_add_cstr(b, v->raw);
		}
		if (v->too_fast)
			ADD_LIT(b, ",\"too_fast\":true");
		if (v->marked)
			ADD_LIT(b, ",\"marked\":true");
		br_buf_addc(b, '}');
	}
	br_buf_addc(b, '}');
	if (r->nalso) {
		ADD_LIT(b, ",\"also\":[");
		for (size_t i = 0; i < r->nalso; i++) {
			if (i)
				br_buf_addc(b, ',');
			add_source(b, &r->also[i]);
		}
		br_buf_addc(b, ']');
	}
	br_buf_addc(b, '}');
}

static int render(const struct br_dataset *ds, const struct br_render_opts *o, struct br_sink *out)
{
	(void)o;
	struct br_buf b = BR_BUF_INIT;
	for (size_t i = 0; i < ds->records.n; i++) {
		br_buf_reset(&b);
		br_record_to_json(ds->records.v[i], &b);
		br_buf_addc(&b, '\n');
		br_sink_write(out, b.data, b.len);
	}
	br_buf_free(&b);
	return 0;
}

const struct br_renderer br_renderer_jsonl = {
	.name = "jsonl",
	.extensions = ".jsonl .json .ndjson",
	.summary = "JSON Lines, one record per line (docs/schema.md)",
	.render = render,
};
