/* history — see history.h. */
#include "history.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <cairo-svg.h>
#include <cairo.h>
#include <libxml/parser.h>
#include <libxml/tree.h>

#include "chart.h"

#define FONT_FAMILY "DejaVu Sans" /* as render/chart.c draws */
#define FONT 11.0
#define TITLE_FONT 14.0
#define HEIGHT 420.0
#define TOP 60.0       /* title, subtitle and unit above the plot */
#define BOTTOM 44.0    /* date labels below it */
#define LEFT 72.0      /* value labels */
#define LEGEND 170.0   /* host names on the right */
#define INK 0x1F2328u
#define MUTED 0x59636Eu
#define GRID 0xD0D7DEu

/* ------------------------------------------------------------ the series */

static int by_time(const void *pa, const void *pb)
{
	const struct br_history_point *a = pa, *b = pb;
	if (a->t != b->t)
		return a->t < b->t ? -1 : 1;
	if (a->series != b->series)
		return a->series < b->series ? -1 : 1;
	return a->idx < b->idx ? -1 : a->idx > b->idx;
}

static bool same_host(const char *a, const char *b)
{
	return a && b ? strcmp(a, b) == 0 : a == b;
}

void br_history_build(struct br_history *h, const struct br_recset *rs, enum br_metric_id m)
{
	memset(h, 0, sizeof *h);
	h->metric = m;
	size_t cap = 0, hcap = 0;
	double max = 0, min = 0;
	for (size_t i = 0; i < rs->n; i++) {
		const struct br_record *r = rs->v[i];
		const struct br_value v = br_record_get(r, m);
		if (!v.present)
			continue;
		if (r->ran_at_from == BR_RAN_NONE) {
			h->undated++;
			continue;
		}
		if (!v.has_value || !isfinite(v.value)) {
			h->no_value++;
			continue;
		}
		size_t s = 0;
		while (s < h->nhosts && !same_host(h->hosts[s], r->host))
			s++;
		if (s == h->nhosts) {
			h->hosts = br_grow(h->hosts, &hcap, h->nhosts + 1, sizeof *h->hosts);
			h->hosts[h->nhosts++] = r->host;
		}
		h->v = br_grow(h->v, &cap, h->n + 1, sizeof *h->v);
		h->v[h->n++] = (struct br_history_point){r, r->ran_at, v.value, s, i};
		double a = fabs(v.value);
		max = a > max ? a : max;
		if (a > 0 && (min == 0 || a < min))
			min = a;
	}
	if (h->n > 1)
		qsort(h->v, h->n, sizeof *h->v, by_time);
	h->unit = br_cmp_pick_unit(br_metric(m)->unit, max, min);
}

void br_history_free(struct br_history *h)
{
	free(h->v);
	free(h->hosts);
	memset(h, 0, sizeof *h);
}

/* "2011-12-08", or "2001-02-28 03:10" when the time is known. */
static void point_date(const struct br_history_point *p, char buf[BR_DATE_BUF])
{
	br_date_format(p->t, (enum br_date_prec)p->r->ran_at_prec, buf);
	if (p->r->ran_at_prec == BR_DATE_SECOND) {
		buf[10] = ' ';
		buf[16] = '\0'; /* minutes: the seconds of a Date: header say little */
	}
}

/* The figure as every view prints it (br_format_figure), with its unit. */
static char *value_text(const struct br_history *h, double v)
{
	struct br_buf b = BR_BUF_INIT;
	br_format_figure(v / h->unit.div, h->unit.div != 1, &b);
	br_buf_addf(&b, " %s", h->unit.name);
	return br_buf_detach(&b);
}

static size_t width_of(const char *s)
{
	size_t w = 0;
	for (; *s; s++)
		w += ((unsigned char)*s & 0xc0) != 0x80;
	return w;
}

static void pad_cell(struct br_buf *b, const char *s, size_t w, bool right, bool last)
{
	size_t n = width_of(s);
	if (right)
		br_buf_addf(b, "%*s", (int)(w > n ? w - n : 0), "");
	br_buf_adds(b, s);
	if (!right && !last)
		br_buf_addf(b, "%*s", (int)(w > n ? w - n : 0), "");
	if (!last)
		br_buf_adds(b, "  ");
}

#define TABLE_COLS 5
#define LABEL_MAX 40 /* characters of a label in the table */

/* s cut to max characters, "..." marking the cut (a new string). */
static char *cut(const char *s, size_t max)
{
	if (!s)
		return br_strdup("-");
	if (width_of(s) <= max)
		return br_strdup(s);
	size_t w = 0, i = 0;
	for (; s[i]; i++)
		if (((unsigned char)s[i] & 0xc0) != 0x80 && ++w > max - 3)
			break;
	char *c = br_strndup(s, i);
	char *r = br_asprintf("%s...", c);
	free(c);
	return r;
}

void br_history_table(const struct br_history *h, struct br_buf *out)
{
	const char *head[TABLE_COLS] = {"DATE (UTC)", "HOST", "LABEL", br_metric(h->metric)->title, "DATE FROM"};
	char **cells = br_calloc((h->n + 1) * TABLE_COLS, sizeof *cells);
	size_t w[TABLE_COLS];
	for (int k = 0; k < TABLE_COLS; k++) {
		cells[k] = br_strdup(head[k]);
		w[k] = width_of(head[k]);
	}
	for (size_t i = 0; i < h->n; i++) {
		const struct br_history_point *p = &h->v[i];
		char **c = cells + (i + 1) * TABLE_COLS;
		char date[BR_DATE_BUF];
		point_date(p, date);
		c[0] = br_strdup(date);
		c[1] = cut(p->r->host, LABEL_MAX);
		c[2] = cut(p->r->label, LABEL_MAX);
		c[3] = value_text(h, p->value);
		c[4] = br_strdup(br_ran_from_name((enum br_ran_from)p->r->ran_at_from));
		for (int k = 0; k < TABLE_COLS; k++)
			if (width_of(c[k]) > w[k])
				w[k] = width_of(c[k]);
	}
	for (size_t i = 0; i <= h->n; i++)
		for (int k = 0; k < TABLE_COLS; k++) {
			pad_cell(out, cells[i * TABLE_COLS + (size_t)k], w[k], k == 3, k == TABLE_COLS - 1);
			if (k == TABLE_COLS - 1)
				br_buf_addc(out, '\n');
		}
	for (size_t i = 0; i < (h->n + 1) * TABLE_COLS; i++)
		free(cells[i]);
	free(cells);
}

/* ------------------------------------------------------------ the chart */

/* Texts are drawn by cairo (PNG) or collected (SVG: <text> elements). */
struct pen {
	cairo_t *cr;
	struct br_chart_texts *texts; /* NULL: draw them */
};

static void colour(cairo_t *cr, uint32_t c)
{
	cairo_set_source_rgb(cr, ((c >> 16) & 0xff) / 255.0, ((c >> 8) & 0xff) / 255.0, (c & 0xff) / 255.0);
}

static void text(struct pen *pn, double x, double y, double align, double size, bool bold, uint32_t col,
		 const char *s)
{
	if (pn->texts) {
		struct br_chart_texts *t = pn->texts;
		t->v = br_grow(t->v, &t->cap, t->n + 1, sizeof *t->v);
		t->v[t->n++] = (struct br_chart_text){x, y, align, size, bold, false, col, br_strdup(s)};
		return;
	}
	cairo_select_font_face(pn->cr, FONT_FAMILY, CAIRO_FONT_SLANT_NORMAL,
			       bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
	cairo_set_font_size(pn->cr, size);
	cairo_text_extents_t e;
	cairo_text_extents(pn->cr, s, &e);
	colour(pn->cr, col);
	cairo_move_to(pn->cr, x - align * e.x_advance, y);
	cairo_show_text(pn->cr, s);
}

struct frame {
	double w, x0, x1, y0, y1;  /* plot box, px */
	int64_t t0, t1;            /* time at x0 and x1 */
	double axis_max, step;
	size_t nticks;
};

static double px_x(const struct frame *f, int64_t t)
{
	return f->x0 + (f->x1 - f->x0) * (double)(t - f->t0) / (double)(f->t1 - f->t0);
}

static double px_y(const struct frame *f, double v)
{
	return f->y1 - (f->y1 - f->y0) * (f->axis_max > 0 ? v / f->axis_max : 0);
}

static void frame_of(const struct br_history *h, double width, struct frame *f)
{
	f->w = width;
	f->x0 = LEFT;
	f->x1 = width - LEGEND;
	f->y0 = TOP;
	f->y1 = HEIGHT - BOTTOM;
	f->t0 = h->v[0].t;
	f->t1 = h->v[h->n - 1].t;
	/* a margin of a twentieth of the span (a day when it is one moment) */
	int64_t pad = f->t1 > f->t0 ? (f->t1 - f->t0) / 20 : 86400;
	f->t0 -= pad;
	f->t1 += pad;
	double max = 0;
	for (size_t i = 0; i < h->n; i++)
		max = fmax(max, h->v[i].value / h->unit.div);
	br_chart_ticks(max > 0 ? max : 1, 5, &f->step, &f->axis_max, &f->nticks);
}

/* Decimals the tick labels of a step need (2.5 → 1, 50 → 0). */
static int step_decimals(double step)
{
	int d = 0;
	while (d < 6 && fabs(step * pow(10, d) - round(step * pow(10, d))) > 1e-9)
		d++;
	return d;
}

static void draw_axes(struct pen *pn, const struct br_history *h, const struct frame *f)
{
	cairo_t *cr = pn->cr;
	cairo_set_line_width(cr, 1);
	for (size_t i = 0; i < f->nticks; i++) {
		double v = f->step * (double)i, y = round(px_y(f, v)) + 0.5;
		colour(cr, GRID);
		cairo_move_to(cr, f->x0, y);
		cairo_line_to(cr, f->x1, y);
		cairo_stroke(cr);
		char *s = br_chart_fmt(v, step_decimals(f->step));
		text(pn, f->x0 - 6, y + 4, 1, FONT, false, MUTED, s);
		free(s);
	}
	colour(cr, INK);
	cairo_move_to(cr, f->x0 + 0.5, f->y0);
	cairo_line_to(cr, f->x0 + 0.5, f->y1 + 0.5);
	cairo_line_to(cr, f->x1, f->y1 + 0.5);
	cairo_stroke(cr);
	text(pn, f->x0 - 6, f->y0 - 12, 1, FONT, false, MUTED, h->unit.name);
	/* a date under each point, left to right, where it has room */
	double right = -1e9;
	int64_t last_day = INT64_MIN;
	for (size_t i = 0; i < h->n; i++) {
		int64_t day = h->v[i].t / 86400;
		if (day == last_day)
			continue;
		char d[BR_DATE_BUF];
		br_date_format(h->v[i].t, BR_DATE_DAY, d);
		double x = px_x(f, h->v[i].t), half = br_chart_text_width(d, FONT, false) / 2;
		if (x - half < right + 8)
			continue;
		colour(cr, INK);
		cairo_move_to(cr, round(x) + 0.5, f->y1);
		cairo_line_to(cr, round(x) + 0.5, f->y1 + 5);
		cairo_stroke(cr);
		text(pn, x, f->y1 + 19, 0.5, FONT, false, INK, d);
		right = x + half;
		last_day = day;
	}
}

static void draw_series(struct pen *pn, const struct br_history *h, const struct frame *f)
{
	cairo_t *cr = pn->cr;
	for (size_t s = 0; s < h->nhosts; s++) {
		enum br_chart_pattern pat;
		uint32_t c = br_chart_colour(s, &pat);
		colour(cr, c);
		cairo_set_line_width(cr, 2);
		cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
		bool started = false;
		for (size_t i = 0; i < h->n; i++) {
			if (h->v[i].series != s)
				continue;
			double x = px_x(f, h->v[i].t), y = px_y(f, h->v[i].value / h->unit.div);
			if (started)
				cairo_line_to(cr, x, y);
			else
				cairo_move_to(cr, x, y);
			started = true;
		}
		cairo_stroke(cr);
		for (size_t i = 0; i < h->n; i++) {
			if (h->v[i].series != s)
				continue;
			double x = px_x(f, h->v[i].t), y = px_y(f, h->v[i].value / h->unit.div);
			cairo_new_sub_path(cr);
			cairo_arc(cr, x, y, 3.5, 0, 2 * M_PI);
		}
		cairo_fill(cr);
		/* the legend: a swatch and the host */
		double ly = f->y0 + 6 + 18.0 * (double)s;
		if (ly > f->y1)
			continue; /* (more hosts than rows: the lines still show) */
		cairo_rectangle(cr, f->x1 + 16, ly - 8, 14, 3);
		cairo_fill(cr);
		char *name = br_chart_elide(h->hosts[s] ? h->hosts[s] : "(no host)", LEGEND - 44, FONT, false);
		text(pn, f->x1 + 36, ly - 2, 0, FONT, false, INK, name);
		free(name);
	}
}

static void draw(struct pen *pn, const struct br_history *h, const char *title, double width)
{
	struct frame f;
	frame_of(h, width, &f);
	colour(pn->cr, 0xFFFFFFu);
	cairo_paint(pn->cr);
	char *t = title ? br_strdup(title) : br_asprintf("%s over time", br_metric(h->metric)->title);
	text(pn, LEFT, 22, 0, TITLE_FONT, true, INK, t);
	free(t);
	char *sub = br_asprintf("%zu run%s by date (UTC) · %s is better", h->n, h->n == 1 ? "" : "s",
				br_metric(h->metric)->better == BR_LOWER ? "less" : "more");
	text(pn, LEFT, 39, 0, FONT, false, MUTED, sub);
	free(sub);
	draw_axes(pn, h, &f);
	draw_series(pn, h, &f);
}

static cairo_status_t write_buf(void *closure, const unsigned char *data, unsigned int n)
{
	br_buf_add(closure, (const char *)data, n);
	return CAIRO_STATUS_SUCCESS;
}

static int no_points(const struct br_history *h)
{
	return br_error("no dated %s figure to draw", br_metric(h->metric)->name);
}

/* The collected texts as <text> elements on top of cairo's shapes. */
static void add_texts(xmlNodePtr root, const struct br_chart_texts *t)
{
	xmlNodePtr g = xmlNewChild(root, root->ns, BAD_CAST "g", NULL);
	xmlSetProp(g, BAD_CAST "font-family", BAD_CAST "'DejaVu Sans',Verdana,sans-serif");
	xmlNodeSetSpacePreserve(g, 1);
	for (size_t i = 0; i < t->n; i++) {
		const struct br_chart_text *x = &t->v[i];
		xmlNodePtr e = xmlNewChild(g, root->ns, BAD_CAST "text", NULL);
		char num[64];
		snprintf(num, sizeof num, "%.1f", x->x);
		xmlSetProp(e, BAD_CAST "x", BAD_CAST num);
		snprintf(num, sizeof num, "%.1f", x->y);
		xmlSetProp(e, BAD_CAST "y", BAD_CAST num);
		snprintf(num, sizeof num, "%g", x->size);
		xmlSetProp(e, BAD_CAST "font-size", BAD_CAST num);
		snprintf(num, sizeof num, "#%06X", (unsigned)x->colour);
		xmlSetProp(e, BAD_CAST "fill", BAD_CAST num);
		if (x->align > 0.75)
			xmlSetProp(e, BAD_CAST "text-anchor", BAD_CAST "end");
		else if (x->align > 0.25)
			xmlSetProp(e, BAD_CAST "text-anchor", BAD_CAST "middle");
		if (x->bold)
			xmlSetProp(e, BAD_CAST "font-weight", BAD_CAST "bold");
		size_t n = strlen(x->s);
		char *own = br_utf8_valid(x->s, n) ? NULL : br_utf8_dup(x->s, n);
		xmlAddChild(e, xmlNewText(BAD_CAST(own ? own : x->s)));
		free(own);
	}
}

int br_history_svg(const struct br_history *h, const char *title, double width, struct br_buf *out)
{
	if (h->n == 0)
		return no_points(h);
	width = width > 0 ? width : BR_CHART_DEFAULT_WIDTH;
	struct br_buf svg = BR_BUF_INIT;
	struct br_chart_texts texts = {0};
	cairo_surface_t *s = cairo_svg_surface_create_for_stream(write_buf, &svg, width, HEIGHT);
	cairo_t *cr = cairo_create(s);
	struct pen pn = {cr, &texts};
	draw(&pn, h, title, width);
	cairo_status_t st = cairo_status(cr);
	cairo_destroy(cr);
	cairo_surface_finish(s);
	if (st == CAIRO_STATUS_SUCCESS)
		st = cairo_surface_status(s);
	cairo_surface_destroy(s);
	int rc = -1;
	xmlDocPtr doc = NULL;
	if (st != CAIRO_STATUS_SUCCESS) {
		br_error("cannot draw the history chart: %s", cairo_status_to_string(st));
		goto out;
	}
	doc = xmlReadMemory(svg.data, (int)svg.len, "history.svg", "UTF-8",
			    XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
	xmlNodePtr root = doc ? xmlDocGetRootElement(doc) : NULL;
	if (!root || strcmp((const char *)root->name, "svg") != 0) {
		br_error("cairo wrote an SVG that does not parse");
		goto out;
	}
	add_texts(root, &texts);
	xmlNodePtr tn = xmlNewDocNode(doc, root->ns, BAD_CAST "title", NULL);
	char *t = title ? br_strdup(title) : br_asprintf("%s over time", br_metric(h->metric)->title);
	xmlNodeAddContent(tn, BAD_CAST t);
	free(t);
	if (root->children)
		xmlAddPrevSibling(root->children, tn);
	else
		xmlAddChild(root, tn);
	xmlSetProp(root, BAD_CAST "role", BAD_CAST "img");
	xmlChar *mem = NULL;
	int size = 0;
	xmlDocDumpFormatMemoryEnc(doc, &mem, &size, "UTF-8", 0);
	if (mem && size > 0) {
		br_buf_add(out, (const char *)mem, (size_t)size);
		rc = 0;
	} else {
		br_error("cannot serialise the history chart");
	}
	xmlFree(mem);
out:
	xmlFreeDoc(doc);
	br_buf_free(&svg);
	br_chart_texts_free(&texts);
	return rc;
}

int br_history_png(const struct br_history *h, const char *title, double width, double scale,
		   struct br_buf *out)
{
	if (h->n == 0)
		return no_points(h);
	width = width > 0 ? width : BR_CHART_DEFAULT_WIDTH;
	scale = scale > 0 ? scale : 1;
	cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, (int)ceil(width * scale),
							(int)ceil(HEIGHT * scale));
	cairo_t *cr = cairo_create(s);
	cairo_scale(cr, scale, scale);
	struct pen pn = {cr, NULL};
	draw(&pn, h, title, width);
	cairo_status_t st = cairo_status(cr);
	cairo_destroy(cr);
	struct br_buf b = BR_BUF_INIT;
	if (st == CAIRO_STATUS_SUCCESS)
		st = cairo_surface_write_to_png_stream(s, write_buf, &b);
	cairo_surface_destroy(s);
	if (st != CAIRO_STATUS_SUCCESS) {
		br_buf_free(&b);
		return br_error("cannot draw the history chart: %s", cairo_status_to_string(st));
	}
	br_buf_add(out, b.data, b.len);
	br_buf_free(&b);
	return 0;
}
