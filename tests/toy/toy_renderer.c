/*
 * toy_renderer — a made-up output format, for tests/toy/run.sh only: it
 * shows that a new output is this one file plus BR_RENDERER(toy) in
 * render/renderers.def. `--format toy` (`.toy`) prints one line a record:
 * "toy: <tool> <metrics held>".
 */
#include "render.h"

static int render(const struct br_dataset *ds, const struct br_render_opts *o, struct br_sink *out)
{
	(void)o;
	for (size_t i = 0; i < ds->records.n; i++) {
		const struct br_record *r = ds->records.v[i];
		br_sink_printf(out, "toy: %s %zu\n", br_tool_name(r->tool), br_record_metric_count(r));
	}
	return 0;
}

const struct br_renderer br_renderer_toy = {
	.name = "toy",
	.extensions = ".toy",
	.summary = "one line a record (a test format)",
	.text = true,
	.render = render,
};
