/*
 * jsonl — JSON Lines output, the archive format (SCHEMA.md, docs/schema.md):
 * one object per record, keys in a fixed order, "schema": 1 first.
 * Extra keys beyond SCHEMA.md: source.excerpt (the original text), and
 * "also" (further appearances merged into the record).
 */
#include <string.h>

#include "json.h"
#include "render.h"

static void add_source(struct br_buf *b, const struct br_source *s)
{
	br_buf_adds(b, "{\"file\":");
	br_json_add_cstr(b, s->file);
	br_buf_addf(b, ",\"line\":%u,\"end_line\":%u,\"format\":", s->line, s->end_line);
	br_json_add_cstr(b, s->format);
	if (s->excerpt) {
		br_buf_adds(b, ",\"excerpt\":");
		br_json_add_cstr(b, s->excerpt);
	}
	br_buf_addc(b, '}');
}

void br_record_to_json(const struct br_record *r, struct br_buf *b)
{
	br_buf_adds(b, "{\"schema\":1,\"tool\":");
	br_json_add_cstr(b, br_tool_name(r->tool));
	br_buf_adds(b, ",\"version\":");
	br_json_add_cstr(b, r->version);
	br_buf_adds(b, ",\"host\":");
	br_json_add_cstr(b, r->host);
	br_buf_adds(b, ",\"label\":");
	br_json_add_cstr(b, r->label);
	br_buf_adds(b, ",\"source\":");
	add_source(b, &r->source);
	br_buf_adds(b, ",\"params\":{");
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
	br_buf_adds(b, "},\"metrics\":{");
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
		br_buf_adds(b, ":{\"value\":");
		if (v->has_value)
			br_json_add_number(b, v->value);
		else
			br_buf_adds(b, "null");
		br_buf_adds(b, ",\"unit\":");
		br_json_add_cstr(b, br_unit_name(mi->unit));
		if (v->has_cpu) {
			br_buf_adds(b, ",\"cpu\":");
			br_json_add_number(b, v->cpu);
		}
		if (v->raw) {
			br_buf_adds(b, ",\"raw\":");
			br_json_add_cstr(b, v->raw);
		}
		if (v->too_fast)
			br_buf_adds(b, ",\"too_fast\":true");
		if (v->marked)
			br_buf_adds(b, ",\"marked\":true");
		br_buf_addc(b, '}');
	}
	br_buf_addc(b, '}');
	if (r->nalso) {
		br_buf_adds(b, ",\"also\":[");
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
