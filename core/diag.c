/* diag — see diag.h. */
#include "diag.h"

#include <stdlib.h>

void br_diag_vadd(struct br_diags *d, enum br_severity sev, const char *file, unsigned line,
		  const char *parser, const char *fmt, va_list ap)
{
	d->v = br_grow(d->v, &d->cap, d->n + 1, sizeof *d->v);
	struct br_diag *dg = &d->v[d->n++];
	struct br_buf b = BR_BUF_INIT;
	br_buf_vaddf(&b, fmt, ap);
	dg->severity = sev;
	dg->file = br_strdup(file ? file : "<input>");
	dg->line = line;
	dg->kept = false;
	dg->parser = br_strdup(parser ? parser : "");
	dg->message = br_utf8_dup(b.data, b.len);
	br_buf_free(&b);
}

void br_diag_add(struct br_diags *d, enum br_severity sev, const char *file, unsigned line,
		 const char *parser, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	br_diag_vadd(d, sev, file, line, parser, fmt, ap);
	va_end(ap);
}

const char *br_severity_name(enum br_severity s)
{
	static const char *const names[] = {"note", "warning", "error"};
	return names[s];
}

void br_diag_format(const struct br_diag *dg, struct br_buf *out)
{
	if (dg->line)
		br_buf_addf(out, "%s:%u: ", dg->file, dg->line);
	else
		br_buf_addf(out, "%s: ", dg->file);
	br_buf_addf(out, "%s: ", br_severity_name(dg->severity));
	if (dg->parser[0])
		br_buf_addf(out, "%s: ", dg->parser);
	br_buf_adds(out, dg->message);
}

size_t br_diags_count(const struct br_diags *d, enum br_severity min)
{
	size_t n = 0;
	for (size_t i = 0; i < d->n; i++)
		if (d->v[i].severity >= min)
			n++;
	return n;
}

size_t br_diags_lost(const struct br_diags *d)
{
	size_t n = 0;
	for (size_t i = 0; i < d->n; i++)
		if (d->v[i].severity >= BR_WARNING && !d->v[i].kept)
			n++;
	return n;
}

void br_diags_filter(struct br_diags *d, size_t from, bool (*keep)(void *arg, const struct br_diag *dg),
		     void *arg)
{
	size_t k = from;
	for (size_t i = from; i < d->n; i++) {
		if (keep(arg, &d->v[i])) {
			d->v[k++] = d->v[i];
			continue;
		}
		free(d->v[i].file);
		free(d->v[i].parser);
		free(d->v[i].message);
	}
	d->n = k;
}

static bool not_of(void *arg, const struct br_diag *dg)
{
	return dg->severity != *(const enum br_severity *)arg;
}

void br_diags_drop(struct br_diags *d, enum br_severity sev)
{
	br_diags_filter(d, 0, not_of, &sev);
}

void br_diags_free(struct br_diags *d)
{
	for (size_t i = 0; i < d->n; i++) {
		free(d->v[i].file);
		free(d->v[i].parser);
		free(d->v[i].message);
	}
	free(d->v);
	d->v = NULL;
	d->n = d->cap = 0;
}
