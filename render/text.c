/* text — NOT YET WRITTEN: placeholder so the registry links. */
#include "render.h"

static int render(const struct br_dataset *ds, const struct br_render_opts *o, struct br_sink *out)
{
	(void)ds;
	(void)o;
	(void)out;
	return br_error("the text format is not written yet");
}

const struct br_renderer br_renderer_text = {
	.name = "text",
	.extensions = ".txt",
	.summary = "(not yet written)",
	.render = render,
};
