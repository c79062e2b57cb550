/* provenance — what outputs say about their inputs and command line; see
 * render.h (--provenance). */
#include "render.h"

const char *br_provenance_file(const struct br_render_opts *o, const char *path)
{
	if (!path || (o && o->provenance_full))
		return path;
	return br_path_shown(path);
}

const char *br_provenance_command(const struct br_render_opts *o)
{
	return o && o->provenance_full ? o->command_line : NULL;
}
