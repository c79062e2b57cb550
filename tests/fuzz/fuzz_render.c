/* fuzz_render — every table renderer over whatever the parsers make of the
 * input: byte 0 picks render options (--aggregate, --bars, --group-by,
 * --sort, --top, --baseline, --metric) and byte 1 their values, the rest is
 * the document. Every text renderer of the registry and JSON Lines write
 * into memory and the chart model is built and dumped for every input; for
 * one input in two (bit 7 of byte 0) the renderers that draw (SVG, the HTML
 * report with its inline charts) run as well. No PNG rasterisation. After drawing, cairo's and
 * fontconfig's process-wide caches are released (br_chart_cleanup, as the
 * CLI does at exit) so that the leak check after each input sees only what
 * the input allocated. */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "chart.h"
#include "dataset.h"
#include "doc.h"
#include "metric.h"
#include "parser.h"
#include "regex.h"
#include "render.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void run(const struct br_renderer *rd, const struct br_dataset *ds, const struct br_render_opts *o)
{
	struct br_buf out = BR_BUF_INIT;
	struct br_sink sink;
	br_sink_mem(&sink, &out);
	/* -1 is allowed (with br_error set), a crash or a leak is not */
	if (rd->render(ds, o, &sink) == 0 && sink.failed)
		abort();
	br_buf_free(&out);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	br_parsers_init(); /* once: the tools' words for decoding and labels */
	if (size < 2)
		return 0;
	unsigned f = data[0], g = data[1];
	struct br_doc *doc = br_doc_from_mem("fuzz", (const char *)data + 2, size - 2);
	struct br_dataset ds = {0};
	br_parse_document(doc, &ds);
	br_recset_merge(&ds.records);

	struct br_render_opts o = {0};
	o.chart_group = -1;
	o.date = "2001-01-01 00:00 UTC";
	o.command_line = "benchreport fuzz";
	o.aggregate = f & 1;
	o.bars = f & 2;
	static const char *const groups[] = {"tool", "host", "label"};
	if (f & 4)
		o.group_by = groups[g % 3];
	if (f & 8) {
		o.sort = (g & 0x80) ? "label" : br_metric((enum br_metric_id)(g % BR_METRIC_COUNT))->name;
	}
	if (f & 16)
		o.top = 1 + g % 4;
	if ((f & 32) && ds.records.n) {
		const struct br_record *r = ds.records.v[g % ds.records.n];
		o.baseline = r->label ? r->label : r->host ? r->host : "none";
	}
	if (f & 64) {
		o.have_metric_filter = true;
		for (size_t m = 0; m < BR_METRIC_COUNT; m++)
			o.metric_filter[m] = (m + g) % 3 == 0;
	}

	/* every renderer of the registry: the text ones and JSON Lines for
	 * every input, those that draw with cairo (charts, the report) for one
	 * in two; PNG never (rasterising is slow, and its drawing is the SVG's) */
	size_t nr;
	const struct br_renderer *const *rs = br_renderers(&nr);
	for (size_t i = 0; ds.records.n && i < nr; i++) {
		bool draws = !rs[i]->text && strcmp(rs[i]->name, "jsonl") != 0;
		if ((draws && !(f & 128)) || strcmp(rs[i]->name, "png") == 0)
			continue;
		run(rs[i], &ds, &o);
	}
	if (ds.records.n) {
		struct br_chart_set set = {0};
		struct br_chart *c = br_chart_for_output(&ds, &o, &set);
		if (c) {
			struct br_buf dump = BR_BUF_INIT, svg = BR_BUF_INIT;
			br_chart_dump(c, &dump);
			if ((f & 128) && br_chart_svg(c, &svg) != 0)
				abort();
			br_buf_free(&dump);
			br_buf_free(&svg);
			br_chart_free(c);
		}
		br_chart_set_free(&set);
		if (f & 128)
			br_chart_cleanup();
	}
	br_dataset_free(&ds);
	br_doc_free(doc);
	return 0;
}
