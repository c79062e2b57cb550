/* dump — see dump.h. */
#include "dump.h"

int br_dump_records(const struct br_dataset *ds, struct br_sink *out)
{
	/* the JSON Lines renderer writes a record a line and reads no option */
	struct br_render_opts o = {0};
	o.chart_group = -1;
	return br_renderer_by_name("jsonl")->render(ds, &o, out);
}
