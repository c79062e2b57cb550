/* registry — the renderer list (renderers.def) and the output sink. */
#include <errno.h>
#include <stdarg.h>
#include <string.h>

#include "render.h"

#define BR_RENDERER(n) extern const struct br_renderer br_renderer_##n;
#include "renderers.def"
#undef BR_RENDERER

static const struct br_renderer *const renderers[] = {
#define BR_RENDERER(n) &br_renderer_##n,
#include "renderers.def"
#undef BR_RENDERER
};

const struct br_renderer *const *br_renderers(size_t *n)
{
	*n = BR_ARRAY_LEN(renderers);
	return renderers;
}

int br_render(const struct br_renderer *r, const struct br_dataset *ds, const struct br_render_opts *o,
	      struct br_sink *out)
{
	struct br_report *rep = br_report_build(ds, o, r->needs);
	int rc = r->render(rep, out);
	br_report_free(rep);
	return rc;
}

const struct br_renderer *br_renderer_by_name(const char *name)
{
	for (size_t i = 0; i < BR_ARRAY_LEN(renderers); i++)
		if (strcmp(renderers[i]->name, name) == 0)
			return renderers[i];
	return NULL;
}

void br_renderer_caveat(const struct br_renderer *r, const char *caveat, struct br_buf *out)
{
	if (strcmp(r->name, "text") == 0)
		br_buf_addf(out, "[quick] %s\n\n", caveat);
	else if (strcmp(r->name, "markdown") == 0)
		br_buf_addf(out, "> [quick] %s\n\n", caveat);
	else if (strcmp(r->name, "csv") == 0)
		br_buf_addf(out, "# [quick] %s\r\n", caveat);
	else if (strcmp(r->name, "bonnie_csv") == 0)
		br_buf_addf(out, "# [quick] %s\n", caveat);
}

const struct br_renderer *br_renderer_by_path(const char *path)
{
	const char *dot = strrchr(path, '.');
	const char *slash = strrchr(path, '/');
	if (!dot || (slash && dot < slash))
		return NULL;
	size_t el = strlen(dot);
	for (size_t i = 0; i < BR_ARRAY_LEN(renderers); i++) {
		const char *e = renderers[i]->extensions;
		while (e && *e) {
			size_t l = strcspn(e, " ");
			if (l == el && strncasecmp(e, dot, l) == 0)
				return renderers[i];
			e += l;
			while (*e == ' ')
				e++;
		}
	}
	return NULL;
}

void br_sink_mem(struct br_sink *s, struct br_buf *b)
{
	memset(s, 0, sizeof *s);
	s->mem = b;
}

void br_sink_file(struct br_sink *s, FILE *fp)
{
	memset(s, 0, sizeof *s);
	s->fp = fp;
}

void br_sink_stream(struct br_sink *s, struct br_buf *b, size_t hold, br_sink_flush_fn *flush, void *arg)
{
	memset(s, 0, sizeof *s);
	s->mem = b;
	s->flush = flush;
	s->arg = arg;
	s->hold = hold ? hold : 1;
}

static void sink_fail(struct br_sink *s)
{
	s->failed = true;
	s->err = errno;
}

static void sink_pass(struct br_sink *s, const void *p, size_t n)
{
	errno = 0;
	if (s->flush(s->arg, p, n) < 0)
		sink_fail(s);
	s->passed += n;
}

void br_sink_write(struct br_sink *s, const void *p, size_t n)
{
	if (s->failed || n == 0)
		return;
	if (s->flush) {
		if (s->mem->len + n < s->hold) {
			br_buf_add(s->mem, p, n);
			return;
		}
		/* the buffer is full: hand it on, then these bytes (big ones
		 * directly) */
		if (s->mem->len) {
			sink_pass(s, s->mem->data, s->mem->len);
			br_buf_reset(s->mem);
			if (s->failed)
				return;
		}
		if (n >= s->hold)
			sink_pass(s, p, n);
		else
			br_buf_add(s->mem, p, n);
	} else if (s->mem) {
		br_buf_add(s->mem, p, n);
	} else if (s->fp && fwrite(p, 1, n, s->fp) != n) {
		sink_fail(s);
	}
}

int br_sink_finish(struct br_sink *s)
{
	if (s->flush && !s->failed && s->mem->len) {
		sink_pass(s, s->mem->data, s->mem->len);
		br_buf_reset(s->mem);
	}
	return s->failed ? -1 : 0;
}

void br_sink_puts(struct br_sink *s, const char *str)
{
	br_sink_write(s, str, strlen(str));
}

void br_sink_printf(struct br_sink *s, const char *fmt, ...)
{
	if (s->failed)
		return;
	va_list ap;
	va_start(ap, fmt);
	if (s->mem) {
		/* formatted in place: no buffer of its own */
		br_buf_vaddf(s->mem, fmt, ap);
		if (s->flush && s->mem->len >= s->hold) {
			sink_pass(s, s->mem->data, s->mem->len);
			br_buf_reset(s->mem);
		}
	} else if (s->fp && vfprintf(s->fp, fmt, ap) < 0) {
		sink_fail(s);
	}
	va_end(ap);
}
