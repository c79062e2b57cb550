/*
 * svg — the chart renderer for -o chart.svg (one chart: --chart GROUP, or
 * the first group with data; --width), and br_chart_svg_doc(), which turns
 * cairo's SVG into a libxml2 tree with a <title>, a <desc> (provenance) and,
 * for inlining several charts in one HTML page, every id prefixed so that
 * cairo's "glyph0-1" / "clip1" ids of one chart never resolve into another.
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
					char *num = br_strndup(start, (size_t)(p - start));
					char tmp[64];
					snprintf(tmp, sizeof tmp, "%.2f", strtod(num, NULL));
					free(num);
					/* trim trailing zeros and a bare point; no "-0" */
					char *e = tmp + strlen(tmp);
					while (e > tmp && e[-1] == '0')
						*--e = '\0';
					if (e > tmp && e[-1] == '.')
						*--e = '\0';
					br_buf_adds(&b, strcmp(tmp, "-0") == 0 ? "0" : tmp);
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

xmlDocPtr br_chart_svg_doc(const struct br_chart *c, const char *id_prefix, const char *desc)
{
	struct br_buf svg = BR_BUF_INIT;
	if (br_chart_svg(c, &svg) < 0)
		return NULL;
	xmlDocPtr doc = xmlReadMemory(svg.data, (int)svg.len, "chart.svg", "UTF-8",
				      XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
	br_buf_free(&svg);
	xmlNodePtr root = doc ? xmlDocGetRootElement(doc) : NULL;
	if (!root || strcmp((const char *)root->name, "svg") != 0) {
		xmlFreeDoc(doc);
		br_error("cairo wrote an SVG that does not parse");
		return NULL;
	}
	tidy(root->children, id_prefix && *id_prefix ? id_prefix : NULL);
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

static int render(const struct br_dataset *ds, const struct br_render_opts *o, struct br_sink *out)
{
	struct br_chart_set set;
	struct br_chart *c = br_chart_for_output(ds, o, &set);
	if (!c) {
		br_chart_set_free(&set);
		return -1;
	}
	char *desc = br_asprintf("Drawn by benchreport " BR_VERSION "%s%s%s%s", o->date ? " on " : "",
				 o->date ? o->date : "", o->command_line ? " from: " : "",
				 o->command_line ? o->command_line : "");
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
	br_chart_free(c);
	br_chart_set_free(&set);
	return rc;
}

const struct br_renderer br_renderer_svg = {
	.name = "svg",
	.extensions = ".svg",
	.summary = "one chart as SVG (--chart GROUP, --width)",
	.render = render,
};
