/*
 * chart — drawing the chart model (model/chart_layout.h) with cairo: ONE
 * drawing code that writes a chart as SVG or PNG, the PNG encoding helpers,
 * and the chart front ends of the svg and png renderers and of --charts.
 * Drawing never changes the model.
 */
#ifndef BR_CHART_H
#define BR_CHART_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "chart_layout.h"
#include "dataset.h"
#include "render.h"
#include "util.h"

/* ------------------------------------------------------------ output */

/* Draw with cairo into a memory buffer. 0 on success, -1 with br_error(). */
int br_chart_svg(const struct br_chart *c, struct br_buf *out);

/* A text of a chart drawn as SVG: a real <text> element (svg.c adds it
 * through libxml2) instead of glyph outlines — a fraction of the bytes, no
 * fontconfig, and text a reader can select and search. */
struct br_chart_text {
	double x, y;          /* anchor point on the baseline, px */
	double align;         /* 0 start, 0.5 middle, 1 end (text-anchor) */
	double size;          /* px */
	bool bold, italic;
	uint32_t colour;      /* 0xRRGGBB */
	char *s;              /* as drawn (elided when needed), UTF-8 */
};
struct br_chart_texts {
	struct br_chart_text *v;
	size_t n, cap;
};
/* The chart's shapes as SVG (cairo), its texts collected into *texts rather
 * than drawn: 0, or -1 with br_error() (texts then empty). Free texts with
 * br_chart_texts_free(). br_chart_svg() draws the texts as glyphs. */
int br_chart_svg_shapes(const struct br_chart *c, struct br_buf *out, struct br_chart_texts *texts);
void br_chart_texts_free(struct br_chart_texts *t);
int br_chart_png(const struct br_chart *c, double scale, struct br_buf *out);

/* The palette of an image of w×h pixels 0xXXRRGGBB (the top byte is
 * ignored: cairo's RGB24), `stride` pixels from one row to the next: at
 * most maxc (1…256) entries into pal, every pixel's entry into idx (w×h
 * bytes, row by row). Returns the number of entries; *exact is set when
 * the image has no more colours than that (each pixel keeps its own). */
size_t br_png_quantise(const uint32_t *px, size_t w, size_t h, size_t stride, size_t maxc,
		       uint32_t *pal, unsigned char *idx, bool *exact);
/* Append the image (as for br_png_quantise) as an indexed-colour PNG of the
 * fewest bits per pixel its palette needs. 0, or -1 with br_error(). */
int br_png_encode_rgb(const uint32_t *px, unsigned w, unsigned h, size_t stride, struct br_buf *out);

/* Insert a text chunk (tEXt, or iTXt when the text is not Latin-1-safe
 * ASCII) right after IHDR of the PNG in png. 0, or -1 with br_error() when
 * png is not a PNG or the keyword is invalid. */
int br_png_add_text(struct br_buf *png, const char *keyword, const char *text);
/* Read the text chunks back: calls fn for each tEXt/iTXt; -1 on a bad PNG or
 * CRC mismatch. */
int br_png_read_text(const void *png, size_t len,
		     void (*fn)(const char *keyword, const char *text, void *ctx), void *ctx);
/* Width and height from IHDR; -1 when not a PNG. */
int br_png_size(const void *png, size_t len, unsigned *w, unsigned *h);

/* The chart as a libxml2 SVG document (svg.c): cairo's SVG parsed, with a
 * <title> and a <desc> (when desc is not NULL) added, and, when id_prefix
 * is given, every id and reference to one prefixed (several charts inline
 * in one HTML page). NULL with br_error() on failure; xmlFreeDoc() it. */
struct _xmlDoc;
struct _xmlDoc *br_chart_svg_doc(const struct br_chart *c, const char *id_prefix, const char *desc);

/* Release cairo's and fontconfig's process-wide caches (font faces, the
 * font configuration) so that leak checkers see a clean exit. Call once at
 * exit, after the last chart; drawing after it is allowed (they reload). */
void br_chart_cleanup(void);

/* Every chart of the report (each group with data, every family in it;
 * built with BR_NEED_CHARTS) as SVG and PNG, through the svg and png
 * renderers: emit(name, bytes, ctx) is called with "seq.svg", "seq.png",
 * "random.svg", … and returns 0, or -1 to stop. Returns the number of
 * charts, or -1 (br_error() set, or emit's -1). */
int br_chart_write_all(const struct br_report *rep,
		       int (*emit)(const char *name, const struct br_buf *bytes, void *ctx), void *ctx);

#endif
