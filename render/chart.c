/*
 * chart — see chart.h. The model (model/chart_layout.c) decides everything
 * (series, panels, units, ticks, elided labels, value texts, positions);
 * draw() only paints it with cairo, the same code for the SVG and the PNG
 * surface.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <cairo-svg.h>
#include <cairo.h>
#include <fontconfig/fontconfig.h>

#include "chart.h"

/* ------------------------------------------------------------ drawing */

#define C_TEXT 0x1F2328
#define C_MUTED 0x5F6670
#define C_GRID 0xE3E6EA
#define C_AXIS 0x8C959F
#define C_PANEL 0xF4F6F8

/* The drawing state: cairo's, plus what text() needs to record a text
 * instead of drawing it (SVG: real <text> elements, see svg.c). */
struct pen {
	cairo_t *cr;
	struct br_chart_texts *texts; /* NULL: texts are drawn as glyphs */
	uint32_t colour;
	double size;
	bool bold, italic;
};

static void set_rgb(cairo_t *cr, uint32_t c)
{
	cairo_set_source_rgb(cr, ((c >> 16) & 255) / 255.0, ((c >> 8) & 255) / 255.0, (c & 255) / 255.0);
}

static void rgb(struct pen *pn, uint32_t c)
{
	pn->colour = c;
	set_rgb(pn->cr, c);
}

static void rgb_shade(cairo_t *cr, uint32_t c, double f)
{
	cairo_set_source_rgb(cr, ((c >> 16) & 255) / 255.0 * f, ((c >> 8) & 255) / 255.0 * f, (c & 255) / 255.0 * f);
}

static void font(struct pen *pn, double size, bool bold, bool italic)
{
	pn->size = size;
	pn->bold = bold;
	pn->italic = italic;
	if (pn->texts)
		return; /* no glyphs: fontconfig is never started */
	cairo_select_font_face(pn->cr, BR_CHART_FONT_FAMILY, italic ? CAIRO_FONT_SLANT_ITALIC : CAIRO_FONT_SLANT_NORMAL,
			       bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
	cairo_set_font_size(pn->cr, size);
}

/* Record a text (SVG): its advance from the DejaVu Sans metrics the layout
 * uses (without their 3 % to spare), elided again only if it is wider than
 * maxw under them. */
static double record_text(struct pen *pn, double x, double y, const char *s, double align, double maxw)
{
	char *own = NULL;
	double w = br_chart_text_width(s, pn->size, pn->bold);
	if (maxw > 0 && w / 1.03 > maxw + 0.5) {
		own = br_chart_elide(s, maxw, pn->size, pn->bold);
		w = br_chart_text_width(own, pn->size, pn->bold);
	}
	struct br_chart_texts *t = pn->texts;
	if (t->n == t->cap) {
		t->cap = t->cap ? 2 * t->cap : 64;
		t->v = br_realloc(t->v, t->cap * sizeof *t->v);
	}
	t->v[t->n++] = (struct br_chart_text){
		.x = x, .y = y, .align = align, .size = pn->size, .bold = pn->bold, .italic = pn->italic,
		.colour = pn->colour, .s = own ? own : br_strdup(s),
	};
	return w / 1.03;
}

void br_chart_texts_free(struct br_chart_texts *t)
{
	for (size_t i = 0; i < t->n; i++)
		free(t->v[i].s);
	free(t->v);
	memset(t, 0, sizeof *t);
}

/* Text with its baseline at y; align 0 left, 0.5 centre, 1 right. Text wider
 * than maxw (when > 0) under the real font is elided again to fit. Returns
 * the advance. */
static double text(struct pen *pn, double x, double y, const char *s, double align, double maxw)
{
	if (!s || !*s)
		return 0;
	if (pn->texts)
		return record_text(pn, x, y, s, align, maxw);
	cairo_t *cr = pn->cr;
	char *own = NULL;
	cairo_text_extents_t e;
	cairo_text_extents(cr, s, &e);
	if (maxw > 0 && e.x_advance > maxw + 0.5) {
		cairo_matrix_t m;
		cairo_get_font_matrix(cr, &m);
		double target = maxw;
		for (int i = 0; i < 8 && e.x_advance > maxw + 0.5; i++) {
			free(own);
			target *= 0.92;
			own = br_chart_elide(s, target, m.xx, false);
			cairo_text_extents(cr, own, &e);
		}
		s = own;
	}
	cairo_move_to(cr, x - align * e.x_advance, y);
	cairo_show_text(cr, s);
	free(own);
	return e.x_advance;
}

/* The hatching of a bar: white stripes at 45 degrees across it (dir -1: "/", 1:
 * "\\"), 1.4 px wide, 5 px apart along the bar. Drawn as one dashed line
 * along the bar, as thick as the bar is high, in a space sheared by 45 degrees
 * (there each dash is a vertical band, here a stripe), clipped to the bar:
 * two coordinates per bar whatever its length, where a line per stripe
 * made SVG charts of a few hundred thousand coordinates. */
static void hatch(cairo_t *cr, double x, double y, double w, double h, double dir)
{
	/* u = along the bar, so that the stripes' centres are at u = -h + 5k
	 * as the lines through (x + d, y + h) and (x + d + h, y) for d = -h,
	 * -h + 5, ... were (and the "\\" ones through (x + d, y)) */
	cairo_matrix_t m;
	cairo_matrix_init(&m, 1, 0, dir, 1, dir < 0 ? x + y + h : x - y, 0);
	static const double dash[] = {2, 3}; /* 2 px across: 1.4 px at 45 degrees */
	cairo_save(cr);
	cairo_transform(cr, &m);
	cairo_set_dash(cr, dash, 2, 0);
	cairo_set_line_width(cr, h + 2); /* past the clip: no seam */
	cairo_move_to(cr, -h - 1, y + h / 2);
	cairo_line_to(cr, w + 1, y + h / 2);
	cairo_stroke(cr);
	cairo_restore(cr);
}

static void fill_bar(cairo_t *cr, double x, double y, double w, double h, size_t slot)
{
	enum br_chart_pattern pat;
	uint32_t col = br_chart_colour(slot, &pat);
	if (w <= 0)
		return;
	cairo_rectangle(cr, x, y, w, h);
	set_rgb(cr, col);
	cairo_fill(cr);
	if (pat != BR_PAT_SOLID) {
		/* (a recording-surface tile would be smaller in SVG, but cairo
		 * 1.16 leaks it) */
		cairo_save(cr);
		cairo_rectangle(cr, x, y, w, h);
		cairo_clip(cr);
		cairo_set_source_rgba(cr, 1, 1, 1, 0.8);
		if (pat == BR_PAT_HATCH || pat == BR_PAT_CROSS)
			hatch(cr, x, y, w, h, -1);
		if (pat == BR_PAT_BACK || pat == BR_PAT_CROSS)
			hatch(cr, x, y, w, h, 1);
		cairo_restore(cr);
	}
	/* a darker edge keeps light colours (yellow) visible and bars apart */
	cairo_rectangle(cr, x + 0.5, y + 0.5, w - 1 > 0 ? w - 1 : 0, h - 1);
	rgb_shade(cr, col, 0.62);
	cairo_set_line_width(cr, 1);
	cairo_stroke(cr);
}

/* Each line of s (split at \n) at x, the first on baseline y, `step` apart. */
static void draw_lines(struct pen *pen, double x, double y, const char *s, double maxw, double step)
{
	while (*s) {
		size_t l = strcspn(s, "\n");
		char *line = br_strndup(s, l);
		text(pen, x, y, line, 0, maxw);
		free(line);
		y += step;
		s += l;
		if (*s)
			s++;
	}
}

/* Title, subtitle and the legend. */
static void draw_head(struct pen *pen, const struct br_chart *c)
{
	cairo_t *cr = pen->cr;
	const struct br_chart_set *set = c->set;
	rgb(pen, C_TEXT);
	font(pen, BR_CHART_TITLE_SIZE, true, false);
	text(pen, BR_CHART_MARGIN, BR_CHART_MARGIN + 16, c->title, 0, c->width - 2 * BR_CHART_MARGIN);
	rgb(pen, C_MUTED);
	font(pen, BR_CHART_SUB_SIZE, false, false);
	text(pen, BR_CHART_MARGIN, BR_CHART_MARGIN + 26 + 12, c->subtitle, 0, c->width - 2 * BR_CHART_MARGIN);

	font(pen, BR_CHART_FONT, false, false);
	double last_y = 0;
	for (size_t i = 0; i < c->nlegend; i++) {
		const struct br_chart_legend *lg = &c->legend[i];
		fill_bar(cr, lg->x, lg->y + 3, 11, 11, set->v[lg->series].colour);
		rgb(pen, C_TEXT);
		text(pen, lg->x + 15, lg->y + 12.5, lg->label, 0, 0);
		last_y = lg->y;
	}
	if (c->legend_more) {
		char *more = br_asprintf("\xe2\x80\xa6 and %zu more (every bar is labelled)", c->legend_more);
		rgb(pen, C_MUTED);
		text(pen, BR_CHART_MARGIN, last_y + BR_CHART_LEGEND_ROW + 12.5, more, 0, 0);
		free(more);
	}
}

/* A block's heading, its tag and its collapsed too-fast line. */
static void draw_block_head(struct pen *pen, const struct br_chart *c, const struct br_chart_block *bk)
{
	rgb(pen, C_TEXT);
	font(pen, BR_CHART_BLOCK_SIZE, true, false);
	double tw = text(pen, BR_CHART_MARGIN, bk->y + 14, bk->title, 0, c->width - 2 * BR_CHART_MARGIN);
	if (bk->tag) {
		rgb(pen, C_MUTED);
		font(pen, BR_CHART_NOTE_SIZE, false, false);
		text(pen, BR_CHART_MARGIN + tw + 8, bk->y + 14, bk->tag, 0, 0);
	}
	if (bk->fast_text) {
		rgb(pen, C_MUTED);
		font(pen, BR_CHART_FONT, false, true);
		draw_lines(pen, c->plot_x + 4, bk->fast_y + c->row / 2 + 4, bk->fast_text,
			   c->width - BR_CHART_MARGIN - c->plot_x - 4, c->row);
	}
}

/* Grid and tick labels (above, and below tall blocks), unit after the last. */
static void draw_axis(struct pen *pen, const struct br_chart *c, const struct br_chart_block *bk)
{
	cairo_t *cr = pen->cr;
	int dec = br_chart_step_decimals(bk->tick_step);
	/* log axes: a label every `every` decades, counted from the last */
	size_t every = 1;
	if (bk->log && bk->nticks > 1) {
		double gap = c->plot_w / (double)(bk->nticks - 1);
		while (every < bk->nticks && gap * (double)every < 52)
			every++;
	}
	for (size_t t = 0; bk->has_axis && t < bk->nticks; t++) {
		double v = bk->log ? bk->axis_min * pow(10, (double)t) : bk->tick_step * t;
		double x = floor(c->plot_x + br_chart_axis_pos(bk, v, c->plot_w)) + 0.5;
		rgb(pen, t == 0 ? C_AXIS : C_GRID);
		cairo_set_line_width(cr, 1);
		cairo_move_to(cr, x, bk->axis_y0);
		cairo_line_to(cr, x, bk->axis_y1);
		cairo_stroke(cr);
		if ((bk->nticks - 1 - t) % every != 0)
			continue;
		/* in the block's unit, as its bars are */
		char *lab = bk->log ? br_chart_fmt(v, v < 1 ? (int)llround(-log10(v)) : 0) : br_chart_fmt(v, dec);
		rgb(pen, C_MUTED);
		font(pen, BR_CHART_TICK_SIZE, false, false);
		double al = t == 0 ? 0 : 0.5;
		double adv = text(pen, x, bk->tick_y, lab, al, 0);
		if (bk->bottom_ticks)
			text(pen, x, bk->axis_y1 + 11, lab, al, 0);
		if (t + 1 == bk->nticks) {
			double ux = x + (t == 0 ? adv : adv / 2) + 4;
			text(pen, ux, bk->tick_y, bk->disp.name, 0, 0);
			if (bk->bottom_ticks)
				text(pen, ux, bk->axis_y1 + 11, bk->disp.name, 0, 0);
		}
		free(lab);
	}
}

/* One bar: its label, the bar and its whisker (aggregated), the value
 * text and note after it. */
static void draw_bar(struct pen *pen, const struct br_chart *c, const struct br_chart_block *bk,
		     const struct br_chart_bar *b)
{
	cairo_t *cr = pen->cr;
	const struct br_chart_set *set = c->set;
	double by = b->y + 2, bh = c->row - 4, mid = b->y + c->row / 2;
	double base = mid + 4;
	rgb(pen, C_TEXT);
	font(pen, BR_CHART_FONT, set->v[b->series].baseline, false);
	/* the real font's hinted advances can pass the layout's metrics by a
	 * few pixels: such a label takes room it has rather than losing its
	 * middle ("Run…sdb" beside a whole "Run 1 / sdc"): above its bar, the
	 * chart's width; beside it, the left margin */
	if (c->stacked) /* clear of the axis line at plot_x */
		text(pen, c->label_x + 3, b->y - 3, b->label, 0, c->width - c->label_x - BR_CHART_MARGIN - 3);
	else
		text(pen, c->label_x + c->label_w, base, b->label, 1,
		     c->label_w + fmin(BR_CHART_MARGIN - 4, 0.08 * c->label_w));
	double end = c->plot_x;
	if (b->has_value) {
		fill_bar(cr, c->plot_x, by, b->w, bh, set->v[b->series].colour);
		end = c->plot_x + b->w;
		if (b->n > 1) {
			double x0 = c->plot_x + br_chart_axis_pos(bk, b->min, c->plot_w);
			double x1 = c->plot_x + br_chart_axis_pos(bk, b->max, c->plot_w);
			rgb(pen, C_TEXT);
			cairo_set_line_width(cr, 1.3);
			cairo_move_to(cr, x0, mid);
			cairo_line_to(cr, x1, mid);
			cairo_move_to(cr, x0, mid - 4);
			cairo_line_to(cr, x0, mid + 4);
			cairo_move_to(cr, x1, mid - 4);
			cairo_line_to(cr, x1, mid + 4);
			cairo_stroke(cr);
			if (x1 > end)
				end = x1;
		}
		rgb(pen, C_TEXT);
		font(pen, BR_CHART_FONT, false, false);
	} else {
		/* no figure: no bar, never a zero bar */
		rgb(pen, C_MUTED);
		font(pen, BR_CHART_FONT, false, true);
	}
	double adv = text(pen, end + 5, base, b->text, 0, 0);
	if (b->note) {
		rgb(pen, C_MUTED);
		font(pen, BR_CHART_NOTE_SIZE, false, false);
		text(pen, end + 5 + adv + 6, base, b->note, 0, 0);
	}
}

static void draw(struct pen *pen, const struct br_chart *c)
{
	cairo_t *cr = pen->cr;
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_paint(cr);
	draw_head(pen, c);
	for (size_t p = 0; p < c->npanels; p++) {
		const struct br_chart_panel *pn = &c->panels[p];
		/* panel heading on a light band */
		cairo_rectangle(cr, BR_CHART_MARGIN - 6, pn->y, c->width - 2 * BR_CHART_MARGIN + 12,
				BR_CHART_PANEL_HEAD - 6);
		rgb(pen, C_PANEL);
		cairo_fill(cr);
		rgb(pen, C_TEXT);
		font(pen, BR_CHART_PANEL_SIZE, true, false);
		text(pen, BR_CHART_MARGIN, pn->y + 14.5, pn->title, 0, c->width - 2 * BR_CHART_MARGIN);
		for (size_t k = 0; k < pn->nblocks; k++) {
			const struct br_chart_block *bk = &pn->blocks[k];
			draw_block_head(pen, c, bk);
			draw_axis(pen, c, bk);
			for (size_t i = 0; i < bk->nbars; i++)
				draw_bar(pen, c, bk, &bk->bars[i]);
		}
	}
	if (c->note) {
		rgb(pen, C_MUTED);
		font(pen, BR_CHART_NOTE_SIZE, false, false);
		draw_lines(pen, BR_CHART_MARGIN, c->note_y + 12, c->note, c->width - 2 * BR_CHART_MARGIN,
			   BR_CHART_NOTE_ROW);
	}
}

static cairo_status_t write_buf(void *closure, const unsigned char *data, unsigned int len)
{
	br_buf_add(closure, data, len);
	return CAIRO_STATUS_SUCCESS;
}

/* Draw into an SVG surface; texts into `texts` when it is not NULL. */
static int svg_draw(const struct br_chart *c, struct br_buf *out, struct br_chart_texts *texts)
{
	struct br_buf b = BR_BUF_INIT;
	cairo_surface_t *s = cairo_svg_surface_create_for_stream(write_buf, &b, c->width, c->height);
	cairo_svg_surface_set_document_unit(s, CAIRO_SVG_UNIT_PX);
	struct pen pn = {.cr = cairo_create(s), .texts = texts};
	draw(&pn, c);
	cairo_status_t st = cairo_status(pn.cr);
	cairo_destroy(pn.cr);
	cairo_surface_finish(s);
	if (st == CAIRO_STATUS_SUCCESS)
		st = cairo_surface_status(s);
	cairo_surface_destroy(s);
	if (st != CAIRO_STATUS_SUCCESS) {
		br_buf_free(&b);
		if (texts)
			br_chart_texts_free(texts);
		return br_error("cannot draw the %s chart: %s", br_group_name(c->group), cairo_status_to_string(st));
	}
	br_buf_add(out, b.data, b.len);
	br_buf_free(&b);
	return 0;
}

int br_chart_svg(const struct br_chart *c, struct br_buf *out)
{
	return svg_draw(c, out, NULL);
}

int br_chart_svg_shapes(const struct br_chart *c, struct br_buf *out, struct br_chart_texts *texts)
{
	memset(texts, 0, sizeof *texts);
	return svg_draw(c, out, texts);
}

int br_chart_png(const struct br_chart *c, double scale, struct br_buf *out)
{
	if (!(scale > 0))
		scale = 1;
	double w = ceil(c->width * scale), h = ceil(c->height * scale);
	if (w > 32767 || h > 32767)
		return br_error("the %s chart would be %.0fx%.0f pixels: too large for PNG; lower --scale or --width",
				br_group_name(c->group), w, h);
	cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, (int)w, (int)h);
	struct pen pn = {.cr = cairo_create(s)};
	cairo_scale(pn.cr, scale, scale);
	/* text in two levels, fitted to the pixel grid by the font's hinting:
	 * as readable at 11 px, and half the PNG bytes of grey edges */
	cairo_font_options_t *fo = cairo_font_options_create();
	cairo_font_options_set_antialias(fo, CAIRO_ANTIALIAS_NONE);
	cairo_font_options_set_hint_style(fo, CAIRO_HINT_STYLE_FULL);
	cairo_font_options_set_hint_metrics(fo, CAIRO_HINT_METRICS_ON);
	cairo_set_font_options(pn.cr, fo);
	cairo_font_options_destroy(fo);
	draw(&pn, c);
	cairo_status_t st = cairo_status(pn.cr);
	cairo_destroy(pn.cr);
	if (st == CAIRO_STATUS_SUCCESS) {
		cairo_surface_flush(s);
		st = cairo_surface_status(s);
	}
	if (st != CAIRO_STATUS_SUCCESS) {
		cairo_surface_destroy(s);
		return br_error("cannot draw the %s chart: %s", br_group_name(c->group), cairo_status_to_string(st));
	}
	/* a palette PNG (png.c): a third of cairo's RGB one */
	int rc = br_png_encode_rgb((const uint32_t *)(const void *)cairo_image_surface_get_data(s), (unsigned)w,
				   (unsigned)h, (size_t)cairo_image_surface_get_stride(s) / 4, out);
	cairo_surface_destroy(s);
	return rc;
}

int br_chart_write_all(const struct br_report *rep,
		       int (*emit)(const char *name, const struct br_buf *bytes, void *ctx), void *ctx)
{
	static const char *const kinds[] = {"svg", "png"};
	const struct br_render_opts *o = rep->o;
	int n = 0;
	for (int g = 0; g < BR_GROUP_COUNT; g++) {
		if (!rep->charts[g])
			continue;
		/* the same report showing group g: a view, it owns nothing */
		struct br_report view = *rep;
		view.chart_group = g;
		for (size_t k = 0; k < BR_ARRAY_LEN(kinds); k++) {
			const struct br_renderer *r = br_renderer_by_name(kinds[k]);
			struct br_buf b = BR_BUF_INIT;
			struct br_sink sink;
			br_sink_mem(&sink, &b);
			int rc = r ? r->render(&view, &sink) : br_error("no %s renderer", kinds[k]);
			if (rc == 0) {
				char *name = br_asprintf("%s.%s", br_group_name((enum br_group)g), kinds[k]);
				rc = emit(name, &b, ctx);
				free(name);
			}
			br_buf_free(&b);
			if (rc < 0)
				return -1;
		}
		n++;
	}
	if (!n)
		return br_error("no figures to chart%s", o && o->have_metric_filter ? " for the chosen --metric" : "");
	return n;
}

void br_chart_cleanup(void)
{
	cairo_debug_reset_static_data();
	FcFini();
}
