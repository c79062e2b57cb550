/*
 * html — the self-contained HTML report (-o report.html): one HTML5 file
 * built as a libxml2 tree, so every string that came from input is escaped
 * by the tree (never by string concatenation). No external resources: the
 * charts are cairo SVG inlined (ids prefixed per chart), the stylesheet and
 * the only script (click a header to sort a table) are inline; everything
 * reads with JavaScript off and prints cleanly.
 *
 * Layout: header; summary (inputs and record counts, records per tool,
 * version, date, command line); per tool family its charts (one per metric
 * group) and comparison tables (compare.h: best marked, cells shaded worst →
 * best within each column, a legend); sources (each record's file, lines,
 * parameters and original excerpt in <details>); warnings.
 */
#include <math.h>
#include <stdarg.h>
#include <string.h>

#include <libxml/HTMLtree.h>
#include <libxml/tree.h>

#include "chart.h"
#include "compare.h"
#include "doc.h"

#ifndef BR_VERSION
#define BR_VERSION "0.0.0"
#endif

/* The report's column is 1180 px with 28 px padding: charts fill it. */
#define REPORT_CHART_WIDTH 1124

/* ------------------------------------------------------------ tree helpers */

/* Text from input: made valid UTF-8 first (the tree escapes markup). */
static xmlNodePtr add_text(xmlNodePtr parent, const char *s)
{
	char *u = br_utf8_dup(s ? s : "", s ? strlen(s) : 0);
	xmlNodePtr t = xmlNewText(BAD_CAST u);
	free(u);
	return xmlAddChild(parent, t);
}

static xmlNodePtr el(xmlNodePtr parent, const char *name, const char *text)
{
	xmlNodePtr n = xmlNewNode(NULL, BAD_CAST name);
	xmlAddChild(parent, n);
	if (text)
		add_text(n, text);
	return n;
}

static xmlNodePtr elf(xmlNodePtr parent, const char *name, const char *fmt, ...) BR_PRINTF(3, 4);
static xmlNodePtr elf(xmlNodePtr parent, const char *name, const char *fmt, ...)
{
	struct br_buf b = BR_BUF_INIT;
	va_list ap;
	va_start(ap, fmt);
	br_buf_vaddf(&b, fmt, ap);
	va_end(ap);
	xmlNodePtr n = el(parent, name, br_buf_str(&b));
	br_buf_free(&b);
	return n;
}

static void attr(xmlNodePtr n, const char *k, const char *v)
{
	char *u = br_utf8_dup(v ? v : "", v ? strlen(v) : 0);
	xmlSetProp(n, BAD_CAST k, BAD_CAST u);
	free(u);
}

static void attrf(xmlNodePtr n, const char *k, const char *fmt, ...) BR_PRINTF(3, 4);
static void attrf(xmlNodePtr n, const char *k, const char *fmt, ...)
{
	struct br_buf b = BR_BUF_INIT;
	va_list ap;
	va_start(ap, fmt);
	br_buf_vaddf(&b, fmt, ap);
	va_end(ap);
	attr(n, k, br_buf_str(&b));
	br_buf_free(&b);
}

static void textf(xmlNodePtr parent, const char *fmt, ...) BR_PRINTF(2, 3);
static void textf(xmlNodePtr parent, const char *fmt, ...)
{
	struct br_buf b = BR_BUF_INIT;
	va_list ap;
	va_start(ap, fmt);
	br_buf_vaddf(&b, fmt, ap);
	va_end(ap);
	add_text(parent, br_buf_str(&b));
	br_buf_free(&b);
}

/* A parameter number as it was: integers whole ("34359738368"), others
 * with the digits they need. */
static void add_num(xmlNodePtr parent, double v)
{
	if (fabs(v) < 1e15 && v == floor(v))
		textf(parent, "%.0f", v);
	else
		textf(parent, "%.10g", v);
}

/* ------------------------------------------------------------ style, script */

static const char css[] =
	":root{--fg:#1f2328;--muted:#5f6670;--line:#d8dee4;--soft:#f4f6f8;--accent:#0b5cad;"
	"--best:#0b3d6e;font-family:system-ui,-apple-system,\"Segoe UI\",Roboto,\"Helvetica Neue\","
	"\"DejaVu Sans\",Arial,sans-serif;color:var(--fg);background:#fff}\n"
	"body{margin:0;line-height:1.5;font-size:15px}\n"
	"main,header.top,footer{max-width:1180px;margin:0 auto;padding:0 28px}\n"
	"header.top{padding-top:30px;padding-bottom:6px;border-bottom:1px solid var(--line)}\n"
	"h1{font-size:28px;margin:0 0 4px;letter-spacing:-.01em}\n"
	"h2{font-size:21px;margin:40px 0 10px;padding-bottom:4px;border-bottom:2px solid var(--fg)}\n"
	"h3{font-size:16px;margin:26px 0 8px}\n"
	".lede{color:var(--muted);margin:0 0 12px}\n"
	"nav.toc{font-size:14px;margin:10px 0 4px}nav.toc a{margin-right:16px}\n"
	"a{color:var(--accent);text-decoration:none}a:hover{text-decoration:underline}\n"
	"code,pre,kbd{font-family:ui-monospace,\"SFMono-Regular\",Menlo,Consolas,\"DejaVu Sans Mono\",monospace;"
	"font-size:13px}\n"
	".facts{display:grid;grid-template-columns:repeat(auto-fill,minmax(132px,1fr));gap:10px;margin:14px 0}\n"
	".fact{background:var(--soft);border-radius:6px;padding:10px 14px}\n"
	".fact b{display:block;font-size:24px;font-variant-numeric:tabular-nums}\n"
	".fact span{color:var(--muted);font-size:13px}\n"
	"dl.meta{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px;margin:12px 0}\n"
	"dl.meta dt{color:var(--muted)}dl.meta dd{margin:0;overflow-wrap:anywhere}\n"
	"figure.chart{margin:18px 0 26px;padding:0}\n"
	"figure.chart svg{max-width:100%;height:auto;display:block}\n"
	"figure.chart figcaption{color:var(--muted);font-size:13px;margin-top:4px}\n"
	".tablewrap{overflow-x:auto;margin:8px 0 6px}\n"
	"table{border-collapse:collapse;font-size:13.5px}\n"
	"th,td{padding:5px 9px;border-bottom:1px solid var(--line);text-align:left;vertical-align:top}\n"
	"thead th{border-bottom:2px solid var(--fg);vertical-align:bottom;font-weight:600;white-space:nowrap}\n"
	"thead th .u{display:block;font-weight:400;color:var(--muted);font-size:12px}\n"
	"table.glance th,table.glance td{white-space:nowrap}table.glance td:last-child{white-space:normal}"
	"table.glance tbody th{font-weight:600;border-right:1px solid var(--line)}\n"
	"table.glance td.n{text-align:right;font-variant-numeric:tabular-nums;font-weight:600;white-space:nowrap}"
	"table.glance th.n{text-align:right}\n"
	"table.cmp td.n{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap;"
	"-webkit-print-color-adjust:exact;print-color-adjust:exact}\n"
	"table.cmp thead th.n{text-align:right}\n"
	"table.cmp tbody th{font-weight:500;min-width:15em;max-width:26em}\n"
	"table.cmp td.t{white-space:nowrap;color:var(--muted)}\n"
	"td.best{font-weight:700;color:var(--best)}\n"
	"td.best::before{content:\"\\2605\\00a0\";font-size:11px}\n"
	"td .cpu,td .sd,td .ratio{display:block;font-size:11px;font-weight:400;color:var(--muted)}\n"
	"td .ratio.up{color:#0a6b3d}td .ratio.down{color:#a33a00}\n"
	"td.tf{color:var(--muted);font-style:italic}\n"
	"td.na{color:#b0b7bf}\n"
	"tr.baseline th{font-weight:700}tr.baseline th::after{content:\" (baseline)\";font-weight:400;"
	"color:var(--muted);font-size:12px}\n"
	".sw{display:inline-block;width:11px;height:11px;margin-right:7px;border:1px solid #0004;"
	"vertical-align:-1px;-webkit-print-color-adjust:exact;print-color-adjust:exact}\n"
	".sub{display:block;color:var(--muted);font-size:12px;font-weight:400}\n"
	".legend{font-size:12.5px;color:var(--muted);display:flex;flex-wrap:wrap;gap:6px 22px;"
	"align-items:center;margin:4px 0 18px}\n"
	".ramp{display:inline-block;width:120px;height:11px;border:1px solid var(--line);vertical-align:-1px;"
	"margin:0 6px;background:linear-gradient(90deg,#ffffff,#c6dbef,#6baed6);"
	"-webkit-print-color-adjust:exact;print-color-adjust:exact}\n"
	"th.js-sort{cursor:pointer}th.js-sort:hover{background:var(--soft)}\n"
	"th[aria-sort=descending]::after{content:\" \\25BC\";font-size:10px}\n"
	"th[aria-sort=ascending]::after{content:\" \\25B2\";font-size:10px}\n"
	".src{border-top:1px solid var(--line);padding:10px 0 8px}\n"
	".src h3{margin:4px 0 2px;font-size:15px}\n"
	".src .where{color:var(--muted);font-size:13px;margin:0}\n"
	".src :target,.src:target{background:#fff8c5}\n"
	"details{margin:6px 0}summary{cursor:pointer;color:var(--accent);font-size:13px}\n"
	"details.inputs>summary{font-size:16px;font-weight:600;color:var(--fg);margin:22px 0 8px}\n"
	"pre{background:var(--soft);border:1px solid var(--line);border-radius:4px;padding:8px 10px;"
	"overflow-x:auto;margin:6px 0;white-space:pre}\n"
	"ul.warn{padding-left:18px}ul.warn li{margin:3px 0}ul.warn code{overflow-wrap:anywhere}\n"
	"li.error code{color:#a40e26}li.note code{color:var(--muted)}\n"
	"li.warning::marker{color:#b35c00}li.error::marker{color:#a40e26}\n"
	"footer{color:var(--muted);font-size:12.5px;margin-top:50px;padding-top:12px;padding-bottom:30px;"
	"border-top:1px solid var(--line)}\n"
	"@media print{body{font-size:10pt}nav.toc,.noprint{display:none}"
	"main,header.top,footer{max-width:none;padding:0}"
	"h2{break-after:avoid;margin-top:18pt}figure.chart,tr{break-inside:avoid}"
	"a{color:inherit}details>pre{white-space:pre-wrap}"
	"th.js-sort::after{content:none}.tablewrap{overflow:visible}}\n";

/* Sort a table by the clicked header: numbers from data-v, else text;
 * metric columns sort best first on the first click (data-better). */
static const char script[] =
	"(function(){\n"
	"function key(td){if(!td)return null;var v=td.getAttribute('data-v');"
	"if(v!==null)return parseFloat(v);return td.textContent.trim().toLowerCase();}\n"
	"function sortBy(table,th,col){var tb=table.tBodies[0];var rows=Array.prototype.slice.call(tb.rows);\n"
	" var asc=th.getAttribute('aria-sort')==='descending'?true:"
	"th.getAttribute('aria-sort')==='ascending'?false:th.getAttribute('data-better')==='lower';\n"
	" rows.sort(function(a,b){var x=key(a.cells[col]),y=key(b.cells[col]);\n"
	"  if(x===null||x===''||(typeof x==='number'&&isNaN(x)))return (y===null||y===''||(typeof y==='number'&&isNaN(y)))?0:1;\n"
	"  if(y===null||y===''||(typeof y==='number'&&isNaN(y)))return -1;\n"
	"  var r=typeof x==='number'&&typeof y==='number'?x-y:String(x).localeCompare(String(y),undefined,{numeric:true});\n"
	"  return asc?r:-r;});\n"
	" rows.forEach(function(r){tb.appendChild(r);});\n"
	" Array.prototype.forEach.call(th.parentNode.cells,function(c){c.removeAttribute('aria-sort');});\n"
	" th.setAttribute('aria-sort',asc?'ascending':'descending');}\n"
	"Array.prototype.forEach.call(document.querySelectorAll('table.sortable'),function(t){\n"
	" var hr=t.tHead.rows[t.tHead.rows.length-1];\n"
	" Array.prototype.forEach.call(hr.cells,function(th,i){th.classList.add('js-sort');th.tabIndex=0;"
	"th.title='Click to sort';\n"
	"  th.addEventListener('click',function(){sortBy(t,th,i);});\n"
	"  th.addEventListener('keydown',function(e){if(e.key==='Enter'||e.key===' '){e.preventDefault();sortBy(t,th,i);}});"
	"});});\n"
	"})();\n";

/* ------------------------------------------------------------ pieces */

struct report {
	const struct br_dataset *ds;
	const struct br_render_opts *o;
	struct br_render_opts chart_opts; /* o, with the report's chart width */
	struct br_cmp *cmp;        /* tables (o as given) */
	struct br_chart_set set;   /* chart series (every row, no --top) */
	xmlDocPtr doc;
	xmlNodePtr main;
	int nchart;
	/* looked up for every row: record → dataset index, a series' first
	 * record → its first series (a scan each would be quadratic) */
	struct br_ptrmap recidx, seridx;
};

static size_t record_index(const struct report *rp, const struct br_record *r)
{
	size_t i;
	return br_ptrmap_get(&rp->recidx, r, &i) ? i : 0;
}

static const struct br_chart_series *series_of(const struct report *rp, const struct br_record *first,
					       enum br_family fam)
{
	size_t k;
	if (!br_ptrmap_get(&rp->seridx, first, &k))
		return NULL; /* no series starts with this record */
	if (rp->set.v[k].family == fam)
		return &rp->set.v[k];
	for (size_t i = k + 1; i < rp->set.n; i++) /* another family's series came first */
		if (rp->set.v[i].first == first && rp->set.v[i].family == fam)
			return &rp->set.v[i];
	return NULL;
}

/* A colour swatch matching the series' bars in the charts. */
static void swatch(xmlNodePtr parent, size_t slot)
{
	enum br_chart_pattern pat;
	uint32_t c = br_chart_colour(slot, &pat);
	xmlNodePtr s = el(parent, "span", NULL);
	attr(s, "class", "sw");
	attr(s, "aria-hidden", "true");
	static const char *const grad[BR_PAT_COUNT] = {
		"",
		"repeating-linear-gradient(-45deg,#fffc 0 1.5px,transparent 1.5px 4px),",
		("repeating-linear-gradient(-45deg,#fffc 0 1.5px,transparent 1.5px 4px),"
		 "repeating-linear-gradient(45deg,#fffc 0 1.5px,transparent 1.5px 4px),"),
		"repeating-linear-gradient(45deg,#fffc 0 1.5px,transparent 1.5px 4px),",
	};
	attrf(s, "style", "background:%s#%06X", grad[pat], (unsigned)c);
}

static const char *transport_words(unsigned t, struct br_buf *b)
{
	static const struct {
		unsigned bit;
		const char *word;
	} words[] = {
		{BR_TRANSPORT_QP, "quoted-printable"}, {BR_TRANSPORT_HTML, "HTML"},
		{BR_TRANSPORT_QUOTE, "mail quoting"},  {BR_TRANSPORT_BBCODE, "forum markup"},
		{BR_TRANSPORT_TABS, "tabs"},
	};
	br_buf_reset(b);
	for (size_t i = 0; i < BR_ARRAY_LEN(words); i++)
		if (t & words[i].bit) {
			if (b->len)
				br_buf_adds(b, ", ");
			br_buf_adds(b, words[i].word);
		}
	return b->len ? br_buf_str(b) : "\xe2\x80\x94";
}

static void fact(xmlNodePtr grid, const char *big, const char *small)
{
	xmlNodePtr f = el(grid, "div", NULL);
	attr(f, "class", "fact");
	el(f, "b", big);
	el(f, "span", small);
}

static void diag_counts(const struct report *rp, size_t *warn, size_t *notes)
{
	*warn = br_diags_count(&rp->ds->diags, BR_WARNING) + rp->cmp->nnotes;
	*notes = rp->ds->diags.n - br_diags_count(&rp->ds->diags, BR_WARNING);
}

/* The documents read: results each, size, what transport decoding did. */
static void inputs(struct report *rp, xmlNodePtr sec)
{
	const struct br_dataset *ds = rp->ds;
	/* many documents: folded (a click, no script) so that the charts come
	 * first; a few: open */
	xmlNodePtr det = el(sec, "details", NULL);
	attr(det, "id", "inputs");
	attr(det, "class", "inputs");
	if (ds->ninputs <= 6)
		attr(det, "open", "open");
	xmlNodePtr sum = el(det, "summary", NULL);
	textf(sum, "Inputs: %zu document%s", ds->ninputs, ds->ninputs == 1 ? "" : "s");
	xmlNodePtr wrap = el(det, "div", NULL);
	attr(wrap, "class", "tablewrap");
	xmlNodePtr t = el(wrap, "table", NULL);
	attr(t, "class", "inputs sortable");
	xmlNodePtr tr = el(el(t, "thead", NULL), "tr", NULL);
	el(tr, "th", "Document");
	attr(el(tr, "th", "Results"), "class", "n");
	attr(el(tr, "th", "Bytes"), "class", "n");
	el(tr, "th", "Decoded from");
	xmlNodePtr tb = el(t, "tbody", NULL);
	struct br_buf tw = BR_BUF_INIT;
	size_t before_merge = 0;
	for (size_t i = 0; i < ds->ninputs; i++) {
		const struct br_input *in = &ds->inputs[i];
		before_merge += in->nrecords;
		tr = el(tb, "tr", NULL);
		el(el(tr, "td", NULL), "code", in->path);
		xmlNodePtr td = elf(tr, "td", "%zu", in->nrecords);
		attr(td, "class", "n");
		attrf(td, "data-v", "%zu", in->nrecords);
		td = elf(tr, "td", "%zu", in->bytes);
		attr(td, "class", "n");
		attrf(td, "data-v", "%zu", in->bytes);
		el(tr, "td", transport_words(in->transport, &tw));
	}
	br_buf_free(&tw);
	if (before_merge > ds->records.n) {
		xmlNodePtr p = el(sec, "p", NULL);
		attr(p, "class", "lede");
		textf(p, "%zu result%s appeared twice (a text table and its CSV line, or a quoted post) and %s merged "
			 "into one record each; the sources list every appearance.",
		      before_merge - ds->records.n, before_merge - ds->records.n == 1 ? "" : "s",
		      before_merge - ds->records.n == 1 ? "was" : "were");
	}

}

/* At a glance: the best result of each throughput and seek figure, per
 * tool family (the comparison model's best marks). */
static void glance(struct report *rp, xmlNodePtr sec)
{
	xmlNodePtr tbody = NULL;
	const struct br_cmp_table *last_table = NULL;
	size_t n = 0;
	for (size_t t = 0; t < rp->cmp->ntables; t++) {
		const struct br_cmp_table *tb = &rp->cmp->tables[t];
		for (size_t c = 0; c < tb->ncols; c++) {
			const struct br_cmp_col *col = &tb->cols[c];
			if (!col->has_best || (col->info->group != BR_GROUP_SEQ && col->info->group != BR_GROUP_RANDOM))
				continue;
			const struct br_cmp_row *best = NULL;
			for (size_t r = 0; r < tb->nrows && !best; r++)
				if (tb->rows[r].cells[c].best)
					best = &tb->rows[r];
			if (!best)
				continue;
			if (!tbody) {
				el(sec, "h3", "At a glance: the best of each figure");
				xmlNodePtr wrap = el(sec, "div", NULL);
				attr(wrap, "class", "tablewrap");
				xmlNodePtr tab = el(wrap, "table", NULL);
				attr(tab, "class", "glance");
				xmlNodePtr tr = el(el(tab, "thead", NULL), "tr", NULL);
				el(tr, "th", "Tool");
				el(tr, "th", "Figure");
				attr(el(tr, "th", "Best"), "class", "n");
				el(tr, "th", "Result");
				tbody = el(tab, "tbody", NULL);
			}
			xmlNodePtr tr = el(tbody, "tr", NULL);
			if (tb != last_table) {
				/* the tool once, spanning its figures */
				size_t span = 0;
				for (size_t k = c; k < tb->ncols; k++)
					span += tb->cols[k].has_best && (tb->cols[k].info->group == BR_GROUP_SEQ ||
									 tb->cols[k].info->group == BR_GROUP_RANDOM);
				xmlNodePtr th = el(tr, "th", tb->group ? tb->group : br_family_title(tb->family));
				attr(th, "scope", "rowgroup");
				attrf(th, "rowspan", "%zu", span);
				last_table = tb;
			}
			el(tr, "td", col->info->title);
			struct br_buf b = BR_BUF_INIT;
			br_cmp_format(col, best->cells[c].value, &b);
			br_buf_addf(&b, " %s", col->unit.name);
			xmlNodePtr td = el(tr, "td", br_buf_str(&b));
			attr(td, "class", "n");
			br_buf_free(&b);
			td = el(tr, "td", NULL);
			const struct br_record *first = best->nmembers ? best->members[0] : NULL;
			const struct br_chart_series *sr = first ? series_of(rp, first, tb->family) : NULL;
			if (sr)
				swatch(td, sr->colour);
			xmlNodePtr a = el(td, "a", best->name);
			if (first)
				attrf(a, "href", "#r%zu", record_index(rp, first) + 1);
			n++;
		}
	}
	(void)n;
}

static void summary(struct report *rp)
{
	const struct br_dataset *ds = rp->ds;
	xmlNodePtr sec = el(rp->main, "section", NULL);
	attr(sec, "id", "summary");
	el(sec, "h2", "Summary");
	xmlNodePtr grid = el(sec, "div", NULL);
	attr(grid, "class", "facts");
	char num[32];
	snprintf(num, sizeof num, "%zu", ds->records.n);
	fact(grid, num, ds->records.n == 1 ? "benchmark result" : "benchmark results");
	snprintf(num, sizeof num, "%zu", ds->ninputs);
	fact(grid, num, ds->ninputs == 1 ? "input document" : "input documents");
	size_t per_tool[BR_TOOL_COUNT] = {0};
	for (size_t i = 0; i < ds->records.n; i++)
		per_tool[ds->records.v[i]->tool]++;
	for (int t = 0; t < BR_TOOL_COUNT; t++)
		if (per_tool[t]) {
			snprintf(num, sizeof num, "%zu", per_tool[t]);
			char *lab = br_asprintf("%s result%s", br_tool_name((enum br_tool)t), per_tool[t] == 1 ? "" : "s");
			fact(grid, num, lab);
			free(lab);
		}
	size_t warnings, notes;
	diag_counts(rp, &warnings, &notes);
	snprintf(num, sizeof num, "%zu", warnings);
	fact(grid, num, warnings == 1 ? "warning" : "warnings");

	glance(rp, sec);

	xmlNodePtr dl = el(sec, "dl", NULL);
	attr(dl, "class", "meta");
	el(dl, "dt", "Generated");
	el(dl, "dd", rp->o->date ? rp->o->date : "\xe2\x80\x94");
	el(dl, "dt", "By");
	el(dl, "dd", "benchreport " BR_VERSION);
	if (rp->o->command_line) {
		el(dl, "dt", "Command");
		el(el(dl, "dd", NULL), "code", rp->o->command_line);
	}
	if (rp->cmp->aggregated) {
		el(dl, "dt", "Aggregated");
		el(dl, "dd", "repeated runs of one configuration are combined: mean, with n, spread and min\xe2\x80\x93max");
	}
	if (rp->cmp->baseline) {
		el(dl, "dt", "Baseline");
		el(dl, "dd", rp->cmp->baseline);
	}
	if (rp->cmp->sort) {
		el(dl, "dt", "Sorted by");
		el(dl, "dd", rp->cmp->sort);
	}
	inputs(rp, sec);
}

/* The chart of one family and group, inline; false when it has no data. */
static bool chart(struct report *rp, xmlNodePtr sec, enum br_family fam, enum br_group g)
{
	struct br_chart *c = br_chart_build(&rp->set, g, (int)fam, &rp->chart_opts);
	if (!c)
		return false;
	char prefix[32];
	snprintf(prefix, sizeof prefix, "c%d-", ++rp->nchart);
	xmlDocPtr svg = br_chart_svg_doc(c, prefix, NULL);
	if (!svg) {
		br_chart_free(c);
		return false;
	}
	xmlNodePtr fig = el(sec, "figure", NULL);
	attr(fig, "class", "chart");
	attrf(fig, "id", "chart-%s-%s", br_family_name(fam), br_group_name(g));
	xmlNodePtr root = xmlDocCopyNode(xmlDocGetRootElement(svg), rp->doc, 1);
	attrf(root, "aria-label", "%s chart: %s", br_group_title(g), br_family_title(fam));
	xmlAddChild(fig, root);
	xmlFreeDoc(svg);
	xmlNodePtr cap = el(fig, "figcaption", NULL);
	textf(cap, "%s, %s: %s. Each bar in the colour of its result (as in the tables), its value at the end",
	      br_group_title(g), br_family_title(fam), c->subtitle);
	bool cpu = false;
	for (size_t p = 0; p < c->npanels && !cpu; p++)
		for (size_t k = 0; k < c->panels[p].nblocks && !cpu; k++)
			for (size_t i = 0; i < c->panels[p].blocks[k].nbars && !cpu; i++)
				cpu = c->panels[p].blocks[k].bars[i].note && strstr(c->panels[p].blocks[k].bars[i].note, "cpu");
	add_text(cap, cpu ? ", with the CPU use the tool printed." : ".");
	br_chart_free(c);
	return true;
}

/* Shade 0 (worst) … 1 (best): white → light blue → mid blue, readable text. */
static void shade_style(xmlNodePtr td, double s)
{
	static const double stops[3][3] = {{255, 255, 255}, {198, 219, 239}, {107, 174, 214}};
	if (!(s >= 0))
		s = 0;
	if (s > 1)
		s = 1;
	double x = s * 2;
	int i = x >= 1 ? 1 : 0;
	double f = x - i;
	int rgbv[3];
	for (int k = 0; k < 3; k++)
		rgbv[k] = (int)lround(stops[i][k] + (stops[i + 1][k] - stops[i][k]) * f);
	attrf(td, "style", "background-color:#%02X%02X%02X", rgbv[0], rgbv[1], rgbv[2]);
}

static void cell(struct report *rp, xmlNodePtr tr, const struct br_cmp_col *col, const struct br_cmp_cell *ce,
		 const struct br_cmp_row *row)
{
	(void)rp;
	xmlNodePtr td = el(tr, "td", NULL);
	struct br_buf cls = BR_BUF_INIT;
	br_buf_adds(&cls, "n");
	if (!ce->present) {
		br_buf_adds(&cls, " na");
		add_text(td, "\xe2\x80\x93");
		attr(td, "title", "not in this result");
	} else if (!ce->has_value) {
		if (ce->too_fast) {
			br_buf_adds(&cls, " tf");
			add_text(td, "+++++");
			attr(td, "title", "too fast to measure: the tool printed +++++ (no figure, not zero)");
			attr(td, "data-v", col->info->better == BR_HIGHER ? "1e300" : "-1");
		} else {
			br_buf_adds(&cls, " tf");
			add_text(td, "?");
			attr(td, "title", ce->raw ? ce->raw : "unreadable figure");
		}
	} else {
		struct br_buf b = BR_BUF_INIT;
		br_cmp_format(col, ce->value, &b);
		add_text(td, br_buf_str(&b));
		char v[40];
		snprintf(v, sizeof v, "%.17g", ce->value);
		attr(td, "data-v", v);
		if (ce->best && col->has_best)
			br_buf_adds(&cls, " best");
		shade_style(td, br_cmp_shade(col, ce->value));
		if (ce->n > 1) {
			br_buf_reset(&b);
			br_buf_adds(&b, "\xc2\xb1");
			br_cmp_format(col, ce->sd, &b);
			br_buf_addf(&b, " n=%zu", ce->n);
			xmlNodePtr sd = el(td, "span", br_buf_str(&b));
			attr(sd, "class", "sd");
			struct br_buf t = BR_BUF_INIT;
			br_buf_addf(&t, "mean of %zu runs; median ", ce->n);
			br_cmp_format(col, ce->median, &t);
			br_buf_adds(&t, ", min ");
			br_cmp_format(col, ce->min, &t);
			br_buf_adds(&t, ", max ");
			br_cmp_format(col, ce->max, &t);
			br_buf_addf(&t, " %s", col->unit.name);
			attr(td, "title", br_buf_str(&t));
			br_buf_free(&t);
		} else if (ce->raw) {
			char *t = br_asprintf("as printed: %s", ce->raw);
			attr(td, "title", t);
			free(t);
		}
		if (ce->has_ratio) {
			br_buf_reset(&b);
			br_cmp_format_ratio(ce->ratio, &b);
			const char *sig = br_cmp_sig_text(ce->sig);
			if (sig && *sig)
				br_buf_addf(&b, ", %s", sig);
			xmlNodePtr r = el(td, "span", NULL);
			add_text(r, br_buf_str(&b));
			attr(r, "class", fabs(ce->ratio - 1) < 0.005 ? "ratio" : ce->better ? "ratio up" : "ratio down");
		}
		br_buf_free(&b);
	}
	if (ce->present && ce->has_cpu) {
		char *cpu = br_chart_fmt(ce->cpu, ce->cpu < 10 && ce->cpu != floor(ce->cpu) ? 1 : 0);
		xmlNodePtr s = elf(td, "span", "%s%% cpu", cpu);
		attr(s, "class", "cpu");
		free(cpu);
	}
	(void)row;
	attr(td, "class", br_buf_str(&cls));
	br_buf_free(&cls);
}

/* The columns of table tb that belong to metric group g, and the rows that
 * have a figure in one of them. Returns the number of columns. */
static size_t group_cols(const struct br_cmp_table *tb, enum br_group g, bool *col_on)
{
	size_t n = 0;
	for (size_t c = 0; c < tb->ncols; c++) {
		col_on[c] = tb->cols[c].info->group == g;
		n += col_on[c];
	}
	return n;
}

static bool row_has(const struct br_cmp_row *row, const bool *col_on, size_t ncols)
{
	for (size_t c = 0; c < ncols; c++)
		if (col_on[c] && row->cells[c].present)
			return true;
	return false;
}

static void table(struct report *rp, xmlNodePtr sec, const struct br_cmp_table *tb, enum br_group g,
		  bool legend)
{
	bool *col_on = br_calloc(tb->ncols ? tb->ncols : 1, sizeof *col_on);
	group_cols(tb, g, col_on);
	if (tb->group) {
		xmlNodePtr h = el(sec, "h3", NULL);
		textf(h, "%s: ", tb->group_key ? tb->group_key : "group");
		add_text(h, tb->group);
	}
	xmlNodePtr wrap = el(sec, "div", NULL);
	attr(wrap, "class", "tablewrap");
	xmlNodePtr t = el(wrap, "table", NULL);
	attr(t, "class", "cmp sortable");
	attrf(t, "data-family", "%s", br_family_name(tb->family));
	attrf(t, "data-group", "%s", br_group_name(g));
	xmlNodePtr tr = el(el(t, "thead", NULL), "tr", NULL);
	el(tr, "th", tb->nrows && tb->rows[0].nmembers > 1 ? "Configuration" : "Result");
	el(tr, "th", "Tool");
	el(tr, "th", "Size");
	for (size_t c = 0; c < tb->ncols; c++) {
		const struct br_cmp_col *col = &tb->cols[c];
		if (!col_on[c])
			continue;
		xmlNodePtr th = el(tr, "th", col->info->title);
		attr(th, "class", "n");
		attr(th, "scope", "col");
		attr(th, "data-better", col->info->better == BR_HIGHER ? "higher" : "lower");
		xmlNodePtr u = elf(th, "span", "%s, %s", col->unit.name,
				   col->info->better == BR_HIGHER ? "more is better" : "less is better");
		attr(u, "class", "u");
	}
	xmlNodePtr body = el(t, "tbody", NULL);
	size_t shown = 0;
	for (size_t r = 0; r < tb->nrows; r++) {
		const struct br_cmp_row *row = &tb->rows[r];
		if (!row_has(row, col_on, tb->ncols))
			continue;
		shown++;
		tr = el(body, "tr", NULL);
		if (row->is_baseline)
			attr(tr, "class", "baseline");
		xmlNodePtr th = el(tr, "th", NULL);
		attr(th, "scope", "row");
		const struct br_record *first = row->nmembers ? row->members[0] : NULL;
		const struct br_chart_series *s = first ? series_of(rp, first, tb->family) : NULL;
		if (s)
			swatch(th, s->colour);
		xmlNodePtr a = el(th, "a", row->name);
		if (first)
			attrf(a, "href", "#r%zu", record_index(rp, first) + 1);
		if (row->nmembers > 1) {
			xmlNodePtr sub = el(th, "span", NULL);
			attr(sub, "class", "sub");
			textf(sub, "%zu runs: ", row->nmembers);
			for (size_t m = 0; m < row->nmembers; m++) {
				if (m)
					add_text(sub, ", ");
				xmlNodePtr ma = elf(sub, "a", "#%zu", record_index(rp, row->members[m]) + 1);
				attrf(ma, "href", "#r%zu", record_index(rp, row->members[m]) + 1);
			}
		}
		/* tool and version, size: from the first run */
		if (first) {
			xmlNodePtr td = el(tr, "td", br_tool_name(first->tool));
			attr(td, "class", "t");
			if (first->version) {
				add_text(td, " ");
				add_text(td, first->version);
			}
			const struct br_param *sz = br_record_param(first, "size");
			td = el(tr, "td", NULL);
			attr(td, "class", "t");
			if (sz && sz->str)
				add_text(td, sz->str);
			else if (sz)
				add_num(td, sz->num);
			const struct br_param *sb = br_record_param(first, "size_bytes");
			if (sb && !sb->str)
				attrf(td, "data-v", "%.17g", sb->num);
		} else {
			el(tr, "td", NULL);
			el(tr, "td", NULL);
		}
		for (size_t c = 0; c < tb->ncols; c++)
			if (col_on[c])
				cell(rp, tr, &tb->cols[c], &row->cells[c], row);
	}
	if (tb->ndropped) {
		xmlNodePtr p = el(sec, "p", NULL);
		attr(p, "class", "lede");
		textf(p, "%zu more result%s left out by --top.", tb->ndropped, tb->ndropped == 1 ? "" : "s");
	}
	if (!legend) {
		free(col_on);
		return;
	}
	/* legend under the table */
	xmlNodePtr lg = el(sec, "div", NULL);
	attr(lg, "class", "legend");
	xmlNodePtr item = el(lg, "span", "Shading within each column: worst");
	xmlNodePtr ramp = el(item, "span", NULL);
	attr(ramp, "class", "ramp");
	attr(ramp, "aria-hidden", "true");
	add_text(item, "best");
	el(lg, "span", "\xe2\x98\x85 bold: best in the column");
	el(lg, "span", "+++++ too fast to measure \xc2\xb7 \xe2\x80\x93 not measured");
	bool cpu = false, agg = false, ratio = false;
	for (size_t c = 0; c < tb->ncols; c++)
		cpu |= tb->cols[c].has_cpu && col_on[c];
	for (size_t r = 0; r < tb->nrows; r++) {
		agg |= tb->rows[r].nmembers > 1;
		for (size_t c = 0; c < tb->ncols; c++)
			ratio |= tb->rows[r].cells[c].has_ratio && col_on[c];
	}
	if (cpu)
		el(lg, "span", "small: CPU use the tool printed");
	if (agg)
		el(lg, "span", "aggregated: mean \xc2\xb1 standard deviation over n runs (hover for median, min, max)");
	if (ratio) {
		xmlNodePtr sp = el(lg, "span", "%: of the baseline");
		if (agg) {
			add_text(sp, "; spread test: ");
			add_text(sp, BR_CMP_METHOD);
		}
	}
	el(lg, "span", "Click a column heading to sort (needs JavaScript).");
	(void)shown;
	free(col_on);
}

static void families(struct report *rp)
{
	for (int fam = 0; fam < BR_FAM_COUNT; fam++) {
		bool any = false;
		for (size_t t = 0; t < rp->cmp->ntables; t++)
			any |= (int)rp->cmp->tables[t].family == fam;
		if (!any)
			continue;
		xmlNodePtr sec = el(rp->main, "section", NULL);
		attrf(sec, "id", "fam-%s", br_family_name((enum br_family)fam));
		el(sec, "h2", br_family_title((enum br_family)fam));
		bool legend = true;
		/* per metric group: its chart, then its table */
		for (int g = 0; g < BR_GROUP_COUNT; g++) {
			bool cols = false;
			for (size_t t = 0; t < rp->cmp->ntables; t++) {
				const struct br_cmp_table *tb = &rp->cmp->tables[t];
				bool *on = br_calloc(tb->ncols ? tb->ncols : 1, sizeof *on);
				cols |= (int)tb->family == fam && group_cols(tb, (enum br_group)g, on) > 0;
				free(on);
			}
			if (!cols)
				continue;
			xmlNodePtr sub = el(sec, "section", NULL);
			attrf(sub, "id", "%s-%s", br_family_name((enum br_family)fam), br_group_name((enum br_group)g));
			el(sub, "h3", br_group_title((enum br_group)g));
			chart(rp, sub, (enum br_family)fam, (enum br_group)g);
			for (size_t t = 0; t < rp->cmp->ntables; t++)
				if ((int)rp->cmp->tables[t].family == fam) {
					table(rp, sub, &rp->cmp->tables[t], (enum br_group)g, legend);
					legend = false;
				}
		}
	}
}

static void source_line(xmlNodePtr p, const struct br_source *s)
{
	el(p, "code", s->file ? s->file : "?");
	if (s->end_line > s->line)
		textf(p, ", lines %u\xe2\x80\x93%u", s->line, s->end_line);
	else
		textf(p, ", line %u", s->line);
	if (s->format) {
		add_text(p, " (");
		add_text(p, s->format);
		add_text(p, ")");
	}
}

static void sources(struct report *rp)
{
	const struct br_dataset *ds = rp->ds;
	xmlNodePtr sec = el(rp->main, "section", NULL);
	attr(sec, "id", "sources");
	el(sec, "h2", "Sources");
	xmlNodePtr p = el(sec, "p", NULL);
	attr(p, "class", "lede");
	add_text(p, "Where every result was read: the document, the original lines and the text as it stands there.");
	for (size_t i = 0; i < ds->records.n; i++) {
		const struct br_record *r = ds->records.v[i];
		xmlNodePtr d = el(sec, "div", NULL);
		attr(d, "class", "src");
		attrf(d, "id", "r%zu", i + 1);
		xmlNodePtr h = el(d, "h3", NULL);
		const struct br_chart_series *s = series_of(rp, r, br_tool_family(r->tool));
		if (s)
			swatch(h, s->colour);
		char *name = br_record_display_name(r);
		textf(h, "#%zu ", i + 1);
		add_text(h, name);
		free(name);
		xmlNodePtr w = el(d, "p", NULL);
		attr(w, "class", "where");
		add_text(w, br_tool_name(r->tool));
		if (r->version) {
			add_text(w, " ");
			add_text(w, r->version);
		}
		add_text(w, " \xc2\xb7 ");
		source_line(w, &r->source);
		for (size_t k = 0; k < r->nalso; k++) {
			add_text(w, "; also ");
			source_line(w, &r->also[k]);
		}
		if (r->nparams) {
			add_text(w, " \xc2\xb7 ");
			for (size_t k = 0; k < r->nparams; k++) {
				if (k)
					add_text(w, ", ");
				add_text(w, r->params[k].key);
				add_text(w, " ");
				if (r->params[k].str)
					add_text(w, r->params[k].str);
				else
					add_num(w, r->params[k].num);
			}
		}
		if (r->source.excerpt) {
			xmlNodePtr det = el(d, "details", NULL);
			if (r->source.end_line > r->source.line)
				elf(det, "summary", "Original text, lines %u\xe2\x80\x93%u", r->source.line, r->source.end_line);
			else
				elf(det, "summary", "Original text, line %u", r->source.line);
			el(det, "pre", r->source.excerpt);
		}
	}
}

static void warnings(struct report *rp)
{
	const struct br_dataset *ds = rp->ds;
	xmlNodePtr sec = el(rp->main, "section", NULL);
	attr(sec, "id", "warnings");
	size_t nwarn, nnotes;
	diag_counts(rp, &nwarn, &nnotes);
	xmlNodePtr h = elf(sec, "h2", "Warnings (%zu)", nwarn);
	if (nnotes)
		textf(h, " and notes (%zu)", nnotes);
	if (!nwarn && !nnotes) {
		xmlNodePtr p = el(sec, "p", "None: every result-looking block of every input was read.");
		attr(p, "class", "lede");
		return;
	}
	xmlNodePtr p = el(sec, "p", NULL);
	attr(p, "class", "lede");
	add_text(p, "Warnings: what looked like a result but could not be read completely, or a figure that was kept "
		    "with a doubt. Notes: repairs the readers made (a re-joined line, a restored decimal point). "
		    "In reading order, as file:line.");
	xmlNodePtr ul = el(sec, "ul", NULL);
	attr(ul, "class", "warn");
	struct br_buf b = BR_BUF_INIT;
	for (size_t i = 0; i < ds->diags.n; i++) {
		br_buf_reset(&b);
		br_diag_format(&ds->diags.v[i], &b);
		xmlNodePtr li = el(ul, "li", NULL);
		attr(li, "class", br_severity_name(ds->diags.v[i].severity));
		el(li, "code", br_buf_str(&b));
	}
	for (size_t i = 0; i < rp->cmp->nnotes; i++) {
		xmlNodePtr li = el(ul, "li", NULL);
		attr(li, "class", "warning");
		el(li, "code", rp->cmp->notes[i]);
	}
	br_buf_free(&b);
}

/* ------------------------------------------------------------ renderer */

static int render(const struct br_dataset *ds, const struct br_render_opts *o, struct br_sink *out)
{
	struct report rp = {0};
	rp.ds = ds;
	rp.o = o;
	rp.chart_opts = *o;
	if (!rp.chart_opts.width)
		rp.chart_opts.width = REPORT_CHART_WIDTH;
	rp.cmp = br_cmp_build(ds, o);
	br_chart_set_build(&rp.set, ds, o);
	for (size_t i = 0; i < ds->records.n; i++)
		br_ptrmap_put(&rp.recidx, ds->records.v[i], i);
	for (size_t i = 0; i < rp.set.n; i++)
		br_ptrmap_put(&rp.seridx, rp.set.v[i].first, i);

	rp.doc = htmlNewDocNoDtD(NULL, NULL);
	xmlCreateIntSubset(rp.doc, BAD_CAST "html", NULL, NULL);
	xmlNodePtr html = xmlNewNode(NULL, BAD_CAST "html");
	xmlDocSetRootElement(rp.doc, html);
	attr(html, "lang", "en");
	xmlNodePtr head = el(html, "head", NULL);
	attr(el(head, "meta", NULL), "charset", "utf-8");
	xmlNodePtr m = el(head, "meta", NULL);
	attr(m, "name", "viewport");
	attr(m, "content", "width=device-width, initial-scale=1");
	m = el(head, "meta", NULL);
	attr(m, "name", "generator");
	attr(m, "content", "benchreport " BR_VERSION);
	elf(head, "title", "Disk benchmark report \xe2\x80\x94 %zu result%s", ds->records.n,
	    ds->records.n == 1 ? "" : "s");
	el(head, "style", css);

	xmlNodePtr body = el(html, "body", NULL);
	xmlNodePtr hd = el(body, "header", NULL);
	attr(hd, "class", "top");
	el(hd, "h1", "Disk benchmark report");
	xmlNodePtr lede = el(hd, "p", NULL);
	attr(lede, "class", "lede");
	textf(lede, "%zu result%s from %zu document%s", ds->records.n, ds->records.n == 1 ? "" : "s", ds->ninputs,
	      ds->ninputs == 1 ? "" : "s");
	if (o->date)
		textf(lede, " \xc2\xb7 %s", o->date);
	add_text(lede, " \xc2\xb7 benchreport " BR_VERSION);
	xmlNodePtr nav = el(hd, "nav", NULL);
	attr(nav, "class", "toc");
	attr(el(nav, "a", "Summary"), "href", "#summary");
	for (int fam = 0; fam < BR_FAM_COUNT; fam++) {
		bool any = false;
		for (size_t t = 0; t < rp.cmp->ntables; t++)
			any |= (int)rp.cmp->tables[t].family == fam;
		if (any)
			attrf(el(nav, "a", br_family_title((enum br_family)fam)), "href", "#fam-%s",
			      br_family_name((enum br_family)fam));
	}
	attr(el(nav, "a", "Inputs"), "href", "#inputs");
	attr(el(nav, "a", "Sources"), "href", "#sources");
	size_t nwarn, nnotes;
	diag_counts(&rp, &nwarn, &nnotes);
	attr(elf(nav, "a", "Warnings (%zu)", nwarn), "href", "#warnings");

	rp.main = el(body, "main", NULL);
	summary(&rp);
	families(&rp);
	sources(&rp);
	warnings(&rp);

	xmlNodePtr ft = el(body, "footer", NULL);
	textf(ft, "Made by benchreport %s from the documents listed above. Figures are in binary units "
		  "(1 MiB/s = 1024 KiB/s); \"+++++\" means the tool could not time the test.",
	      BR_VERSION);
	el(body, "script", script);

	xmlChar *mem = NULL;
	int size = 0;
	htmlDocDumpMemoryFormat(rp.doc, &mem, &size, 0);
	int rc = 0;
	if (!mem || size <= 0)
		rc = br_error("cannot serialise the HTML report");
	else
		br_sink_write(out, mem, (size_t)size);
	xmlFree(mem);
	xmlFreeDoc(rp.doc);
	br_chart_set_free(&rp.set);
	br_cmp_free(rp.cmp);
	br_ptrmap_free(&rp.recidx);
	br_ptrmap_free(&rp.seridx);
	return rc;
}

const struct br_renderer br_renderer_html = {
	.name = "html",
	.extensions = ".html .htm",
	.summary = "self-contained HTML report: charts, comparison tables, sources",
	.render = render,
};
