/* Unit tests: the HTML report's comparison rows (render/html.c), which are
 * written by the report's own serialiser of their libxml2 trees. Whatever
 * a host, a label or an input name holds, the row must read back as that
 * text: the report is parsed again by libxml2's HTML parser and every
 * string compared, and the bytes are those libxml2's XML serialisation
 * makes (character references in attribute values). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <libxml/HTMLparser.h>
#include <libxml/xpath.h>

#include "dataset.h"
#include "record.h"
#include "render.h"
#include "report.h"

/* Hosts that hold everything that must be escaped, and the characters an
 * attribute writes as references. */
static const char *const hosts[] = {
	"a<b>&c\"d'e",
	"x = 1 > 0 ; y",
	"caf\xc3\xa9 \xe2\x80\x93 \xf0\x9f\x98\x80",
	"]]> & &amp; &#10;",
	"plain",
};
#define NHOSTS (sizeof hosts / sizeof hosts[0])

static const char input[] = "we<ird>&\"in\xc3\xa9put.txt";

static void dataset(struct br_dataset *ds)
{
	memset(ds, 0, sizeof *ds);
	for (unsigned i = 0; i < NHOSTS; i++) {
		struct br_record *r = br_record_new(BR_TOOL_HDPARM);
		br_record_set_host(r, hosts[i]);
		br_record_set_label(r, hosts[NHOSTS - 1 - i]);
		br_record_set_source(r, input, 3 * i + 1, 3 * i + 2, "hdparm");
		br_record_set(r, BR_M_cached_read, 1000.0 * (i + 1), "1000.00");
		br_record_set(r, BR_M_buffered_read, 60.0 * (i + 1), "60.00");
		br_recset_add(&ds->records, r);
	}
}

static char *report(void)
{
	struct br_dataset ds;
	dataset(&ds);
	struct br_buf b = BR_BUF_INIT;
	struct br_sink s;
	br_sink_mem(&s, &b);
	struct br_render_opts o = {.chart_group = -1};
	assert_int_equal(br_render(br_renderer_by_name("html"), &ds, &o, &s), 0);
	br_dataset_free(&ds);
	return br_buf_detach(&b);
}

/* The text of every node the XPath expression finds, joined by '\n'. */
static char *texts(xmlDocPtr doc, const char *expr)
{
	xmlXPathContextPtr x = xmlXPathNewContext(doc);
	xmlXPathObjectPtr o = xmlXPathEvalExpression(BAD_CAST expr, x);
	struct br_buf b = BR_BUF_INIT;
	for (int i = 0; o && o->nodesetval && i < o->nodesetval->nodeNr; i++) {
		xmlChar *t = xmlNodeGetContent(o->nodesetval->nodeTab[i]);
		br_buf_adds(&b, (const char *)t);
		br_buf_addc(&b, '\n');
		xmlFree(t);
	}
	xmlXPathFreeObject(o);
	xmlXPathFreeContext(x);
	return br_buf_detach(&b);
}

static void rows_read_back_as_the_text(void **state)
{
	(void)state;
	char *html = report();
	htmlDocPtr doc = htmlReadMemory(html, (int)strlen(html), "r.html", "UTF-8",
					HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING | HTML_PARSE_NONET);
	assert_non_null(doc);
	char *names = texts(doc, "//table//tr[@data-input]/th[@scope='row']//a");
	for (unsigned i = 0; i < NHOSTS; i++) /* each row names its label and host */
		assert_non_null(strstr(names, hosts[i]));
	char *inputs = texts(doc, "//table//tr/@data-input");
	assert_non_null(strstr(inputs, "we<ird>&\"in\xc3\xa9put"));
	free(inputs);
	free(names);
	xmlFreeDoc(doc);

	/* the bytes: text escapes <, > and &; an attribute also the quote,
	 * the tab and every non-ASCII character */
	assert_non_null(strstr(html, ">a&lt;b&gt;&amp;c&quot;d'e"));
	assert_non_null(strstr(html, "data-input=\"we&lt;ird&gt;&amp;&quot;in&#xE9;put"));
	assert_non_null(strstr(html, "caf\xc3\xa9 \xe2\x80\x93 \xf0\x9f\x98\x80"));
	assert_non_null(strstr(html, "]]&gt; &amp; &amp;amp; &amp;#10;"));
	assert_null(strstr(html, "a<b>"));
	free(html);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(rows_read_back_as_the_text),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
