/*
 * svg — the chart renderer for -o chart.svg (one chart: --chart GROUP, or
 * the first group with data; --width), and br_chart_svg_doc(), which turns
 * cairo's SVG of the chart's shapes into a libxml2 tree, adds the chart's
 * texts as real <text> elements (through the tree, so escaped there; a
 * fraction of the bytes of cairo's glyph outlines, selectable, and no
 * fontconfig start-up), a <title>, a <desc> (provenance) and, for inlining
 * several charts in one HTML page, prefixes every id so that cairo's
 * "clip1" ids of one chart never resolve into another.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/parser.h>
#include <libxml/tree.h>

#include "chart.h"

#ifndef BR_VERSION
#define BR_VERSION "0.0.0"
#endif

/* "url(#x)" → "url(#<prefix>x)" everywhere in v (a new string). */
static char *prefix_urls(const char *v, const char *prefix)
{
	struct br_buf b = BR_BUF_INIT;
	const char *p = v, *q;
	while ((q = strstr(p, "url(#")) != NULL) {
		br_buf_add(&b, p, (size_t)(q - p) + 5);
		br_buf_adds(&b, prefix);
		p = q + 5;
	}
	br_buf_adds(&b, p);
	return br_buf_detach(&b);
}

/* The number at start (optional '-', digits, '.', three decimals or more
 * up to dot[3...]) rounded half up to two decimals, without trailing zeros,
 * a bare point or "-0", appended to b: decimal string arithmetic, no
 * strtod/printf (charts hold tens of thousands of numbers). */
static void round2(struct br_buf *b, const char *start, const char *dot)
{
	bool neg = *start == '-';
	const char *ip = start + neg;
	char d[64]; /* the integer digits and two decimals, then a carry */
	size_t n = 0, ni = (size_t)(dot - ip);
	if (ni > sizeof d - 4)
		ni = sizeof d - 4; /* never: cairo prints coordinates */
	d[n++] = '0'; /* room for a carry */
	memcpy(d + n, ip, ni);
	n += ni;
	d[n++] = dot[1];
	d[n++] = dot[2];
	if (dot[3] >= '5') {
		size_t k = n;
		while (k-- > 0) {
			if (d[k] == '9') {
				d[k] = '0';
			} else {
				d[k]++;
				break;
			}
		}
	}
	/* d = [carry][integer][2 decimals] */
	size_t i0 = 0;
	while (i0 + 3 < n && d[i0] == '0')
		i0++; /* leading zeros, keeping one integer digit */
	size_t end = n;
	while (end > n - 2 && d[end - 1] == '0')
		end--;
	bool zero = true;
	for (size_t k = i0; k < end; k++)
		zero &= d[k] == '0';
	if (neg && !zero)
		br_buf_addc(b, '-');
	br_buf_add(b, d + i0, n - 2 - i0);
	if (end > n - 2) {
		br_buf_addc(b, '.');
		br_buf_add(b, d + n - 2, end - (n - 2));
	}
}

/* Every decimal number in v with more than two decimals, rounded to two
 * (1/100 px is far below what any screen or printer shows): cairo writes
 * six, and glyph outlines and positions are most of a chart's bytes. NULL
 * when nothing changes. */
static char *round_numbers(const char *v)
{
	struct br_buf b = BR_BUF_INIT;
	bool changed = false;
	const char *p = v;
	while (*p) {
		if ((*p >= '0' && *p <= '9') || (*p == '-' && p[1] >= '0' && p[1] <= '9')) {
			const char *start = p;
			if (*p == '-')
				p++;
			while (*p >= '0' && *p <= '9')
				p++;
			if (*p == '.' && p[1] >= '0' && p[1] <= '9') {
				const char *dot = p++;
				while (*p >= '0' && *p <= '9')
					p++;
				if (p - dot > 3 && !(*p == 'e' || *p == 'E')) {
					round2(&b, start, dot);
					changed = true;
					continue;
				}
			}
			br_buf_add(&b, start, (size_t)(p - start));
			continue;
		}
		br_buf_addc(&b, *p++);
	}
	if (!changed) {
		br_buf_free(&b);
		return NULL;
	}
	return br_buf_detach(&b);
}

static void tidy(xmlNodePtr n, const char *prefix)
{
	for (; n; n = n->next) {
		if (n->type != XML_ELEMENT_NODE)
			continue;
		for (xmlAttrPtr a = n->properties; a; a = a->next) {
			xmlChar *v = xmlNodeGetContent((xmlNodePtr)a);
			if (!v)
				continue;
			const char *s = (const char *)v;
			char *nv = NULL;
			const char *an = (const char *)a->name;
			if (strcmp(an, "x") == 0 || strcmp(an, "y") == 0 || strcmp(an, "d") == 0 ||
			    strcmp(an, "transform") == 0)
				nv = round_numbers(s);
			else if (prefix && strcmp(an, "id") == 0)
				nv = br_asprintf("%s%s", prefix, s);
			else if (prefix && strcmp(an, "href") == 0 && s[0] == '#')
				nv = br_asprintf("#%s%s", prefix, s + 1);
			else if (prefix && strstr(s, "url(#"))
				nv = prefix_urls(s, prefix);
			if (nv) {
				xmlSetNsProp(n, a->ns, a->name, BAD_CAST nv);
				free(nv);
			}
			xmlFree(v);
		}
		tidy(n->children, prefix);
	}
}

/* A coordinate or size with at most two decimals, no trailing zeros. */
static void fmt_num(char *out, size_t n, double v)
{
	snprintf(out, n, "%.2f", v);
	char *e = out + strlen(out);
	while (e > out && e[-1] == '0')
		*--e = '\0';
	if (e > out && e[-1] == '.')
		*--e = '\0';
	if (strcmp(out, "-0") == 0)
		strcpy(out, "0");
}

static void num_prop(xmlNodePtr n, const char *k, double v)
{
	char b[48];
	fmt_num(b, sizeof b, v);
	xmlSetProp(n, BAD_CAST k, BAD_CAST b);
}

/* The chart's texts as <text> elements in one group on top of the shapes.
 * The group carries the common font, size and colour; a text states only
 * what differs. Text content goes through the tree (escaped there). */
#define TEXT_SIZE BR_CHART_FONT
#define TEXT_COLOUR 0x1F2328u
static void add_texts(xmlNodePtr root, const struct br_chart_texts *t)
{
	if (!t->n)
		return;
	xmlNodePtr g = xmlNewChild(root, root->ns, BAD_CAST "g", NULL);
	xmlSetProp(g, BAD_CAST "font-family", BAD_CAST "'DejaVu Sans',Verdana,'Bitstream Vera Sans',sans-serif");
	num_prop(g, "font-size", TEXT_SIZE);
	char col[16];
	snprintf(col, sizeof col, "#%06X", TEXT_COLOUR);
	xmlSetProp(g, BAD_CAST "fill", BAD_CAST col);
	xmlNodeSetSpacePreserve(g, 1); /* a label's blanks as drawn */
	for (size_t i = 0; i < t->n; i++) {
		const struct br_chart_text *x = &t->v[i];
		xmlNodePtr e = xmlNewChild(g, root->ns, BAD_CAST "text", NULL);
		num_prop(e, "x", x->x);
		num_prop(e, "y", x->y);
		if (x->align > 0.75)
			xmlSetProp(e, BAD_CAST "text-anchor", BAD_CAST "end");
		else if (x->align > 0.25)
			xmlSetProp(e, BAD_CAST "text-anchor", BAD_CAST "middle");
		if (x->size != TEXT_SIZE)
			num_prop(e, "font-size", x->size);
		if (x->bold)
			xmlSetProp(e, BAD_CAST "font-weight", BAD_CAST "bold");
		if (x->italic)
			xmlSetProp(e, BAD_CAST "font-style", BAD_CAST "italic");
		if (x->colour != TEXT_COLOUR) {
			snprintf(col, sizeof col, "#%06X", (unsigned)x->colour);
			xmlSetProp(e, BAD_CAST "fill", BAD_CAST col);
		}
		size_t n = strlen(x->s);
		char *own = br_utf8_valid(x->s, n) ? NULL : br_utf8_dup(x->s, n);
		xmlAddChild(e, xmlNewText(BAD_CAST(own ? own : x->s)));
		free(own);
	}
}

xmlDocPtr br_chart_svg_doc(const struct br_chart *c, const char *id_prefix, const char *desc)
{
	struct br_buf svg = BR_BUF_INIT;
	struct br_chart_texts texts;
	if (br_chart_svg_shapes(c, &svg, &texts) < 0)
		return NULL;
	xmlDocPtr doc = xmlReadMemory(svg.data, (int)svg.len, "chart.svg", "UTF-8",
				      XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
	br_buf_free(&svg);
	xmlNodePtr root = doc ? xmlDocGetRootElement(doc) : NULL;
	if (!root || strcmp((const char *)root->name, "svg") != 0) {
		xmlFreeDoc(doc);
		br_chart_texts_free(&texts);
		br_error("cairo wrote an SVG that does not parse");
		return NULL;
	}
	tidy(root->children, id_prefix && *id_prefix ? id_prefix : NULL);
	add_texts(root, &texts);
	br_chart_texts_free(&texts);
	/* <title> and <desc> first, in the SVG namespace of the root */
	xmlNodePtr first = root->children;
	xmlNodePtr title = xmlNewDocNode(doc, root->ns, BAD_CAST "title", NULL);
	char *t = br_asprintf("%s \xe2\x80\x94 %s", c->title, c->subtitle ? c->subtitle : "");
	xmlNodeAddContent(title, BAD_CAST t);
	free(t);
	if (first)
		xmlAddPrevSibling(first, title);
	else
		xmlAddChild(root, title);
	if (desc) {
		xmlNodePtr d = xmlNewDocNode(doc, root->ns, BAD_CAST "desc", NULL);
		xmlNodeAddContent(d, BAD_CAST desc);
		xmlAddNextSibling(title, d);
	}
	xmlSetProp(root, BAD_CAST "role", BAD_CAST "img");
	return doc;
}

static int render(const struct br_report *rep, struct br_sink *out)
{
	const struct br_render_opts *o = rep->o;
	const struct br_chart *c = br_report_chart(rep);
	if (!c)
		return -1;
	const char *cmd = br_provenance_command(o);
	char *desc = br_asprintf("Drawn by benchreport " BR_VERSION "%s%s%s%s", o->date ? " on " : "",
				 o->date ? o->date : "", cmd ? " from: " : "", cmd ? cmd : "");
	xmlDocPtr doc = br_chart_svg_doc(c, NULL, desc);
	free(desc);
	int rc = -1;
	if (doc) {
		xmlChar *mem = NULL;
		int size = 0;
		xmlDocDumpFormatMemoryEnc(doc, &mem, &size, "UTF-8", 0);
		if (mem && size > 0) {
			br_sink_write(out, mem, (size_t)size);
			rc = 0;
		} else {
			rc = br_error("cannot serialise the SVG chart");
		}
		xmlFree(mem);
		xmlFreeDoc(doc);
	}
	return rc;
}

const struct br_renderer br_renderer_svg = {
	.name = "svg",
	.extensions = ".svg",
	.summary = "one chart as SVG (--chart GROUP, --width)",
	.needs = BR_NEED_CHART | BR_NEED_PARAMS, /* "quick" runs */
	.render = render,
};
