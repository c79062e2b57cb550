/* dump — see dump.h. */
#include "dump.h"

int br_dump_records(const struct br_dataset *ds, struct br_sink *out)
{
	/* the JSON Lines renderer writes a record a line and reads no option */
	struct br_render_opts o = {0};
	o.chart_group = -1;
	return br_render(br_renderer_by_name("jsonl"), ds, &o, out);
}

void br_metrics_table(struct br_buf *out)
{
	br_buf_addf(out, "%-19s %-9s %-6s %-7s %-7s %s\n", "METRIC", "HEADING", "UNIT", "BETTER", "TOOLS", "TITLE");
	for (int i = 0; i < BR_METRIC_COUNT; i++) {
		const struct br_metric_info *m = br_metric((enum br_metric_id)i);
		br_buf_addf(out, "%-19s %-9s %-6s %-7s %-7s %s\n", m->name, m->short_title, br_unit_name(m->unit),
			    m->better == BR_HIGHER ? "higher" : "lower", br_family_name(m->family), m->title);
	}
	br_buf_adds(out, "\n--metric and --sort take the name, the heading or the title, in any case,\n"
			 "with or without blanks ('BlkRead', 'block read' and 'get_block' are one metric).\n");
}
