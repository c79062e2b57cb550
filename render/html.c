/*
 * html — the self-contained HTML report (-o report.html): one HTML5 file
 * written with libxml2's xmlTextWriter straight to the sink as it is
 * generated, so every string that came from input is escaped by libxml2
 * (never by string concatenation) and no document tree is kept: the report
 * of 100,000 results costs the comparison model, not 5 KB of nodes per
 * result. The bulk, the tables' rows and the sources, goes through this
 * file's own markup writer instead (struct rows, "rows" below): the same
 * structure (an element, its attributes, its content) and the same bytes,
 * every value and text escaped by one escaper as libxml2 escapes, for a
 * fifth of the instructions. No external resources: the charts
 * are SVG inlined (a libxml2 tree each, ids prefixed per chart, serialised
 * by libxml2), the stylesheet and the one script (click a header to sort a
 * table; the filter box) are inline constants; everything reads with
 * JavaScript off and prints cleanly.
 *
 * Layout: header (title, the inputs folded, contents by input and by
 * metric group, the filter box); summary (counts, the best of each figure,
 * the inputs table); by metric (several inputs: per tool family and metric
 * group one comparison table of every record, folded when long); by input
 * (a section per input, or per --group-by value: per family and group a
 * chart when it compares two results or more, wide and narrow, and the
 * table; table.h: best marked, cells shaded worst → best, a legend);
 * sources (each record's file, lines, parameters and original excerpt in
 * <details>); warnings. The filter hides sections and rows by name;
 * without the script its box stays hidden and the page is complete.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <libxml/tree.h>
#include <libxml/xmlIO.h>
#include <libxml/xmlwriter.h>

#include "chart.h"
#include "tablefmt.h"
#include "doc.h"

#ifndef BR_VERSION
#define BR_VERSION "0.0.0"
#endif

/* The report's column is 1300 px (the widest tables fit at 1400 px); the
 * charts are drawn 1124 px wide, their text 10 px and more. On
 * a phone (CSS below PHONE_BELOW px) the narrow chart replaces the wide
 * one: labels above the bars, drawn at about its own size, so its text
 * stays 10 px and more at 390 px (the widths and the most bars a chart
 * draws per metric: BR_REPORT_CHART_WIDTH, _PHONE_WIDTH, _CHART_BARS in
 * model/report.h, which builds the charts). */
/* A table by metric (across inputs) longer than this is folded. */
#define METRIC_OPEN_ROWS 12

struct rows;

struct report {
	const struct br_report *rep; /* the model: everything below is its, borrowed */
	const struct br_dataset *ds;
	const struct br_render_opts *o;
	const struct br_cmp *cmp;  /* every record (o as given): at a glance, by metric */
	const struct br_chart_set *set; /* the current section's chart series (swatches),
				    * NULL outside the sections */
	xmlTextWriterPtr w;        /* writes to the sink as it goes */
	struct br_buf tmp;         /* scratch for formatted text */
	int nchart;
	/* looked up for every row: record → dataset index (a scan each would
	 * be quadratic) */
	struct br_ptrmap recidx;   /* record → dataset index, made only after
				    * record_index missed often (4 MiB at 100,000
				    * records) */
	unsigned recidx_misses;
	size_t next_index;         /* record_index's first guess */
	size_t *ser_base;          /* the set's series of each table's first row */
	const struct br_report_section *secs; /* the report's sections, in order */
	size_t nsecs;
	bool legend_done;          /* the tables' legend was written */
	struct rows *rows;         /* the comparison tables' rows (below) */
};

/* ------------------------------------------------------------ writer helpers */

/* An element's start tag; its attributes follow, then its content, then
 * end(). Non-void HTML elements are always closed with an end tag. */
static void start(struct report *rp, const char *name)
{
	xmlTextWriterStartElement(rp->w, BAD_CAST name);
}

static void end(struct report *rp)
{
	xmlTextWriterFullEndElement(rp->w);
}

/* A void element (<meta>): no content, no end tag. */
static void end_void(struct report *rp)
{
	xmlTextWriterEndElement(rp->w);
}

/* s as valid UTF-8: s itself, or a repaired copy left in *own; its
 * length in *len. */
static const char *utf8n(const char *s, char **own, size_t *len)
{
	*own = NULL;
	*len = 0;
	if (!s)
		return "";
	const unsigned char *p = (const unsigned char *)s;
	while (*p && *p < 0x80)
		p++;
	*len = (size_t)(p - (const unsigned char *)s);
	if (!*p)
		return s; /* ASCII: most text */
	*len += strlen((const char *)p);
	if (br_utf8_valid(s, *len))
		return s;
	*own = br_utf8_dup(s, *len);
	*len = strlen(*own);
	return *own;
}

static const char *utf8(const char *s, char **own)
{
	size_t len;
	return utf8n(s, own, &len);
}

/* Text from input: made valid UTF-8 first; libxml2 escapes markup. */
static void text(struct report *rp, const char *s)
{
	char *own;
	const char *u = utf8(s, &own);
	if (*u)
		xmlTextWriterWriteString(rp->w, BAD_CAST u);
	free(own);
}

static void textf(struct report *rp, const char *fmt, ...) BR_PRINTF(2, 3);
static void textf(struct report *rp, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	br_buf_reset(&rp->tmp);
	br_buf_vaddf(&rp->tmp, fmt, ap);
	va_end(ap);
	text(rp, br_buf_str(&rp->tmp));
}

static void attr(struct report *rp, const char *k, const char *v)
{
	char *own;
	xmlTextWriterWriteAttribute(rp->w, BAD_CAST k, BAD_CAST utf8(v, &own));
	free(own);
}

static void attrf(struct report *rp, const char *k, const char *fmt, ...) BR_PRINTF(3, 4);
static void attrf(struct report *rp, const char *k, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	br_buf_reset(&rp->tmp);
	br_buf_vaddf(&rp->tmp, fmt, ap);
	va_end(ap);
	attr(rp, k, br_buf_str(&rp->tmp));
}

/* <name>text</name>; text may be NULL (an empty element). */
static void el(struct report *rp, const char *name, const char *s)
{
	start(rp, name);
	if (s)
		text(rp, s);
	end(rp);
}

/* <name k="v">text</name> */
static void el1(struct report *rp, const char *name, const char *k, const char *v, const char *s)
{
	start(rp, name);
	attr(rp, k, v);
	if (s)
		text(rp, s);
	end(rp);
}

static void elf(struct report *rp, const char *name, const char *fmt, ...) BR_PRINTF(3, 4);
static void elf(struct report *rp, const char *name, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	br_buf_reset(&rp->tmp);
	br_buf_vaddf(&rp->tmp, fmt, ap);
	va_end(ap);
	start(rp, name);
	text(rp, br_buf_str(&rp->tmp));
	end(rp);
}

/* v as "%.17g" prints it (every bit, for sorting), integers below 2^53
 * without printf (most figures are whole numbers). */
/* snprintf(out, n, "%.17g", v) for the v whose 17 digits an exact product
 * in 128 bits gives (not whole, 1e-4 <= |v| < 1e17: every figure with a
 * fraction a table shows); false for the others, left to printf. The
 * digits are |v| * 10^(16 - X) rounded half to even, X the decimal
 * exponent after rounding, as printf makes them of the exact binary value;
 * then %g's form: a point after X + 1 digits, trailing zeros dropped. */
static bool fmt_g17(char *out, size_t n, double v)
{
#ifdef __SIZEOF_INT128__
	uint64_t bits;
	memcpy(&bits, &v, sizeof bits);
	int be = (int)(bits >> 52 & 0x7ff);
	if (be == 0 || be == 0x7ff)
		return false;
	uint64_t m = (bits & ((UINT64_C(1) << 52) - 1)) | (UINT64_C(1) << 52);
	int s = 1075 - be; /* |v| = m / 2^s */
	if (s <= 0 || s > 70)
		return false;
	static const uint64_t p10[] = {1,
				       10,
				       100,
				       1000,
				       10000,
				       100000,
				       1000000,
				       10000000,
				       100000000,
				       1000000000,
				       10000000000u,
				       100000000000u,
				       1000000000000u,
				       10000000000000u,
				       100000000000000u,
				       1000000000000000u,
				       10000000000000000u,
				       100000000000000000u,
				       1000000000000000000u,
				       10000000000000000000u};
	/* X: within one of floor(log2|v| * log10(2)) */
	int x = (int)floor((double)(be - 1023) * 0.30102999566398120);
	unsigned __int128 q = 0;
	for (int tries = 0; tries < 3; tries++) {
		int k = 16 - x;
		if (x < -4 || x > 16 || k > 20)
			return false;
		unsigned __int128 pk = k <= 19 ? (unsigned __int128)p10[k] : (unsigned __int128)p10[19] * 10;
		unsigned __int128 prod = (unsigned __int128)m * pk;
		q = prod >> s;
		unsigned __int128 rem = prod - (q << s), half = (unsigned __int128)1 << (s - 1);
		if (rem > half || (rem == half && (q & 1)))
			q++;
		if (q >= (unsigned __int128)p10[17]) {
			if (q == (unsigned __int128)p10[17] && tries > 0) {
				/* (rounded up to the next power: one digit more of exponent) */
				q = p10[16];
				x++;
				break;
			}
			x++;
			continue;
		}
		if (q < (unsigned __int128)p10[16]) {
			x--;
			continue;
		}
		break;
	}
	if (q < (unsigned __int128)p10[16] || q >= (unsigned __int128)p10[17] || x < -4 || x > 16)
		return false;
	char d[17];
	/* (as two halves of 9 and 8 digits, each in 32 bits) */
	uint32_t hi = (uint32_t)((uint64_t)q / 100000000u), lo = (uint32_t)((uint64_t)q % 100000000u);
	for (int i = 16; i >= 9; i--, lo /= 10)
		d[i] = (char)('0' + lo % 10);
	for (int i = 8; i >= 0; i--, hi /= 10)
		d[i] = (char)('0' + hi % 10);
	int nd = 17;
	while (nd > 1 && nd > x + 1 && d[nd - 1] == '0')
		nd--;
	char buf[32], *p = buf;
	if (v < 0)
		*p++ = '-';
	if (x >= 0) {
		memcpy(p, d, (size_t)x + 1);
		p += x + 1;
		if (nd > x + 1) {
			*p++ = '.';
			memcpy(p, d + x + 1, (size_t)(nd - x - 1));
			p += nd - x - 1;
		}
	} else {
		*p++ = '0';
		*p++ = '.';
		for (int i = 0; i < -x - 1; i++)
			*p++ = '0';
		memcpy(p, d, (size_t)nd);
		p += nd;
	}
	if ((size_t)(p - buf) >= n)
		return false;
	memcpy(out, buf, (size_t)(p - buf));
	out[p - buf] = '\0';
	return true;
#else
	(void)out, (void)n, (void)v;
	return false;
#endif
}

static void fmt_exact(char *out, size_t n, double v)
{
	double a = fabs(v);
	uint64_t u;
	if (a < 9007199254740992.0 && (double)(int64_t)(u = (uint64_t)(int64_t)a) == a && !(v == 0 && signbit(v))) {
		/* (one figure of every cell: the digits counted, then written
		 * from the end straight into out, two a step in 32 bits) */
		static const uint64_t p10[] = {1u, 10u, 100u, 1000u, 10000u, 100000u, 1000000u, 10000000u,
					       100000000u, 1000000000u, 10000000000u, 100000000000u,
					       1000000000000u, 10000000000000u, 100000000000000u,
					       1000000000000000u};
		static const char pairs[] = "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
					    "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
					    "8081828384858687888990919293949596979899";
		/* (the digits from the bits: floor(bits * log10 2), then one
		 * compare) */
		size_t t = ((size_t)(64 - __builtin_clzll(u | 1)) * 1233) >> 12;
		size_t nd = t + (u >= p10[t]);
		if (nd == 0)
			nd = 1;
		size_t len = nd + (v < 0);
		if (len < n) {
			char *q = out + len;
			*q = '\0';
			for (; u >> 32; u /= 10)
				*--q = (char)('0' + u % 10);
			uint32_t w = (uint32_t)u;
			for (; w >= 100; w /= 100) {
				q -= 2;
				memcpy(q, pairs + 2 * (w % 100), 2);
			}
			if (w >= 10) {
				q -= 2;
				memcpy(q, pairs + 2 * w, 2);
			} else {
				*--q = (char)('0' + w);
			}
			if (v < 0)
				*--q = '-';
			return;
		}
	}
	if (!fmt_g17(out, n, v))
		snprintf(out, n, "%.17g", v);
}

/* A parameter number as it was: integers whole ("34359738368"), others
 * with the digits they need. */
static const char *fmt_param(char *out, size_t n, double v)
{
	if (fabs(v) < 1e15 && v == floor(v) && !(v == 0 && signbit(v)))
		fmt_exact(out, n, v); /* "%.0f" of a whole number, without printf */
	else if (fabs(v) < 1e15 && v == floor(v))
		snprintf(out, n, "%.0f", v);
	else
		snprintf(out, n, "%.10g", v);
	return out;
}


/* ------------------------------------------------------------ style, script */

static const char css[] =
	":root{--fg:#1f2328;--muted:#5f6670;--line:#d8dee4;--soft:#f4f6f8;--accent:#0b5cad;"
	"--best:#0b3d6e;font-family:system-ui,-apple-system,\"Segoe UI\",Roboto,\"Helvetica Neue\","
	"\"DejaVu Sans\",Arial,sans-serif;color:var(--fg);background:#fff}\n"
	"body{margin:0;line-height:1.5;font-size:15px}\n"
	"main,header.top,footer{max-width:1300px;margin:0 auto;padding:0 28px}\n"
	"header.top{padding-top:30px;padding-bottom:6px;border-bottom:1px solid var(--line)}\n"
	"h1{font-size:28px;margin:0 0 4px;letter-spacing:-.01em}\n"
	"h2{font-size:21px;margin:40px 0 10px;padding-bottom:4px;border-bottom:2px solid var(--fg)}\n"
	"h3{font-size:16px;margin:26px 0 8px}\n"
	".lede{color:var(--muted);margin:0 0 12px}\n"
	"nav.toc{font-size:14px;margin:14px 0 4px}"
	"nav.toc>p:first-child a{margin-right:16px;white-space:nowrap;display:inline-block}nav.toc b{display:block;font-size:13px;margin-top:8px}\n"
	".toc-metrics ul{list-style:none;padding:0;margin:2px 0;display:flex;flex-wrap:wrap;gap:2px 20px}\n"
	".toc-inputs ol{columns:15em;column-gap:20px;margin:2px 0;padding-left:0}"
	".toc-inputs li{break-inside:avoid;overflow-wrap:anywhere;margin-left:2.6em}.toc-inputs .n,.fam{color:var(--muted);font-weight:400}\n"
	"p.filter{margin:10px 0 4px}p.filter input{font:inherit;padding:4px 8px;width:20em;max-width:100%;"
	"box-sizing:border-box;border:1px solid #aab3bd;border-radius:4px}#filter-count{color:var(--muted);margin-left:10px}\n"
	"details.brief{margin:0 0 10px;font-size:13.5px}details.brief p{margin:4px 0;overflow-wrap:anywhere}\n"
	"section.input{border-top:1px solid var(--line);margin-top:30px}section.input>h3{font-size:19px;margin:14px 0 2px}"
	"section.input>h3 .sub{display:inline;margin-left:10px;font-size:13px}\n"
	"h4{font-size:15px;margin:22px 0 6px}\n"
	"details.metric>summary{font-size:15px;font-weight:600;color:var(--fg);margin:10px 0}\n"
	"details.sec>summary{cursor:pointer}details.sec>summary>h3{display:inline-block;margin:6px 0}\n"
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
	"figure.chart svg{max-width:100%;height:auto;display:block}figure.chart .narrow{display:none}\n"
	"figure.chart figcaption{color:var(--muted);font-size:13px;margin-top:4px}\n"
	".tablewrap{overflow-x:auto;margin:8px 0 6px}\n"
	"table{border-collapse:collapse;font-size:13.5px}\n"
	"th,td{padding:5px 7px;border-bottom:1px solid var(--line);text-align:left;vertical-align:top}\n"
	"thead th{border-bottom:2px solid var(--fg);vertical-align:bottom;font-weight:600}\n"
	"table.cmp thead th.n{min-width:4.5em;max-width:7em}\n"
	"thead th .u{display:block;font-weight:400;color:var(--muted);font-size:12px}\n"
	"table.glance th,table.glance td{white-space:nowrap}table.glance td:last-child{white-space:normal}"
	"table.glance tbody th{font-weight:600;padding-top:12px}\n"
	"table.glance td.n{text-align:right;font-variant-numeric:tabular-nums;font-weight:600;white-space:nowrap}"
	"table.glance th.n{text-align:right}\n"
	"table.cmp td.n{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap;"
	"-webkit-print-color-adjust:exact;print-color-adjust:exact}\n"
	"table.cmp thead th.n{text-align:right}\n"
	"table.cmp tbody th{font-weight:500;min-width:12em;max-width:24em}\n"
	"table.cmp td.t{color:var(--muted)}\n"
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
	".src{border-top:1px solid var(--line);padding:6px 0 4px}\n"
	".src h3{margin:2px 0 0;font-size:15px}.src details{margin:2px 0}\n"
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
	/* tablets and phones: the narrow charts (their text stays 10 px and
	 * more); phones: less padding, tables that wrap where they can */
	"@media (max-width:820px){figure.chart .wide{display:none}figure.chart .narrow{display:block}}\n"
	"@media (max-width:600px){body{font-size:14px}main,header.top,footer{padding-left:14px;padding-right:14px}"
	"h1{font-size:23px}h2{font-size:19px;margin-top:30px}.fact b{font-size:20px}"
	"table.cmp tbody th{min-width:8em;max-width:13em}.toc-inputs ol{max-height:13em;overflow-y:auto}"
	"table.glance td{white-space:normal}table.glance td.n{white-space:nowrap}th,td{padding:4px 6px}}\n"
	"@media print{body{font-size:10pt}nav.toc,.noprint{display:none}"
	"main,header.top,footer{max-width:none;padding:0}"
	"h2{break-after:avoid;margin-top:18pt}figure.chart,tr{break-inside:avoid}"
	"a{color:inherit}details>pre{white-space:pre-wrap}"
	"th.js-sort::after{content:none}.tablewrap{overflow:visible}p.filter{display:none}"
	"figure.chart .wide{display:block}figure.chart .narrow{display:none}}\n";

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
	"})();\n"
	/* the filter: sections by name, rows by their heading or input name;
	 * a chart goes with its table's rows */
	"(function(){var box=document.getElementById('filter');if(!box)return;box.parentNode.hidden=false;\n"
	"var each=function(l,f){Array.prototype.forEach.call(l,f);};\n"
	"function rows(root,q,all){var any=false;each(root.querySelectorAll('table.cmp tbody tr'),function(tr){\n"
	" var m=all||(tr.cells[0].textContent+' '+(tr.getAttribute('data-input')||'')).toLowerCase().indexOf(q)>=0;\n"
	" tr.hidden=!m;any=any||m;});return any;}\n"
	"function run(){var q=box.value.trim().toLowerCase(),shown=0,n=0,toc=document.querySelectorAll('.toc-inputs li');\n"
	" each(document.querySelectorAll('section.input'),function(s,i){\n"
	"  var own=!q||s.getAttribute('data-name').toLowerCase().indexOf(q)>=0,any=false;\n"
	"  each(s.querySelectorAll('div.group'),function(g){var m=rows(g,q,own);g.hidden=!m;any=any||m;});\n"
	"  s.hidden=!any;if(toc[i])toc[i].hidden=!any;n++;if(any)shown++;\n"
	"  var d=s.querySelector('details.sec');if(d&&q&&any)d.open=true;});\n"
	" each(document.querySelectorAll('#by-metric details'),function(d){rows(d,q,!q);});\n"
	" document.getElementById('filter-count').textContent=q?shown+' of '+n+' sections':'';}\n"
	"box.addEventListener('input',run);if(box.value)run();\n"
	/* a link to a folded table by metric opens it */
	"function opened(){var e=location.hash&&document.getElementById(decodeURIComponent(location.hash.slice(1)));\n"
	" if(!e)return;var d=e.tagName==='DETAILS'?e:e.closest('details')||e.querySelector('details.sec');\n"
	" if(d)d.open=true;}\n"
	"window.addEventListener('hashchange',opened);opened();})();\n";

/* ------------------------------------------------------------ pieces */

/* Misses of record_index found by a scan before it makes its map: a
 * report's few out-of-order look-ups (the best run of each metric) cost
 * that many scans, and a report whose rows are in another order costs at
 * most this many scans before the map. */
#define RECIDX_SCANS 64

/* r's index in the dataset. Rows mostly come in dataset order: the one
 * after the last found is tried before anything else. */
static size_t record_index(struct report *rp, const struct br_record *r)
{
	size_t i = rp->next_index;
	const struct br_recset *rs = &rp->ds->records;
	if (i >= rs->n || rs->v[i] != r) {
		if (rp->recidx_misses < RECIDX_SCANS) {
			rp->recidx_misses++;
			for (i = 0; i < rs->n && rs->v[i] != r; i++)
				;
			if (i == rs->n)
				i = 0;
		} else {
			if (!rp->recidx.cap)
				for (size_t k = 0; k < rs->n; k++)
					br_ptrmap_put(&rp->recidx, rs->v[k], k);
			i = br_ptrmap_get(&rp->recidx, r, &i) ? i : 0;
		}
	}
	rp->next_index = i + 1;
	return i;
}

/* The chart series of row r of table tb: the set's series are the rows of
 * its model, table by table (chart_series.h), so no lookup. NULL when the
 * table is not the set's. */
static const struct br_chart_series *series_of(const struct report *rp, const struct br_cmp_table *tb, size_t r)
{
	const struct br_chart_set *set = rp->set;
	for (size_t t = 0; set && set->cmp && t < set->cmp->ntables; t++)
		if (&set->cmp->tables[t] == tb) {
			size_t k = rp->ser_base[t] + r;
			return k < set->n && set->v[k].table == t && set->v[k].row == r ? &set->v[k] : NULL;
		}
	return NULL;
}

/* The decodings an input went through, in words, "—" for none. */
static const char *transport_words(unsigned t, struct br_buf *b)
{
	br_buf_reset(b);
	for (unsigned bit = 1; bit && bit <= t; bit <<= 1)
		if ((t & bit) && br_transport_word(bit)) {
			if (b->len)
				br_buf_adds(b, ", ");
			br_buf_adds(b, br_transport_word(bit));
		}
	return b->len ? br_buf_str(b) : "\xe2\x80\x94";
}

static void fact(struct report *rp, const char *big, const char *small)
{
	start(rp, "div");
	attr(rp, "class", "fact");
	el(rp, "b", big);
	el(rp, "span", small);
	end(rp);
}

static void diag_counts(const struct report *rp, size_t *warn, size_t *notes)
{
	*warn = br_diags_count(&rp->ds->diags, BR_WARNING) + rp->cmp->nnotes;
	*notes = rp->ds->diags.n - br_diags_count(&rp->ds->diags, BR_WARNING);
}

/* A numeric cell of the inputs table. */
static void num_td(struct report *rp, size_t v)
{
	start(rp, "td");
	attr(rp, "class", "n");
	attrf(rp, "data-v", "%zu", v);
	textf(rp, "%zu", v);
	end(rp);
}

/* The documents read: results each, size, what transport decoding did.
 * Written inside the summary section. */
static void inputs(struct report *rp)
{
	const struct br_dataset *ds = rp->ds;
	/* many documents: folded (a click, no script) so that the charts come
	 * first; a few: open */
	start(rp, "details");
	attr(rp, "id", "inputs");
	attr(rp, "class", "inputs");
	if (ds->ninputs <= 6)
		attr(rp, "open", "open");
	start(rp, "summary");
	textf(rp, "Inputs: %zu document%s", ds->ninputs, ds->ninputs == 1 ? "" : "s");
	end(rp);
	start(rp, "div");
	attr(rp, "class", "tablewrap");
	start(rp, "table");
	attr(rp, "class", "inputs sortable");
	start(rp, "thead");
	start(rp, "tr");
	el(rp, "th", "Document");
	el1(rp, "th", "class", "n", "Results");
	el1(rp, "th", "class", "n", "Bytes");
	el(rp, "th", "Decoded from");
	end(rp); /* tr */
	end(rp); /* thead */
	start(rp, "tbody");
	struct br_buf tw = BR_BUF_INIT;
	size_t before_merge = 0;
	for (size_t i = 0; i < ds->ninputs; i++) {
		const struct br_input *in = &ds->inputs[i];
		before_merge += in->nrecords;
		start(rp, "tr");
		start(rp, "td");
		el(rp, "code", br_provenance_file(rp->o, in->path));
		end(rp);
		num_td(rp, in->nrecords);
		num_td(rp, in->bytes);
		el(rp, "td", transport_words(in->transport, &tw));
		end(rp); /* tr */
	}
	br_buf_free(&tw);
	end(rp); /* tbody */
	end(rp); /* table */
	end(rp); /* div */
	end(rp); /* details */
	if (before_merge > ds->records.n) {
		start(rp, "p");
		attr(rp, "class", "lede");
		textf(rp, "%zu result%s appeared twice (a text table and its CSV line, a summary and the output "
			  "it sums up, or a quoted post) and %s merged into one record each; the sources list "
			  "every appearance.",
		      before_merge - ds->records.n, before_merge - ds->records.n == 1 ? "" : "s",
		      before_merge - ds->records.n == 1 ? "was" : "were");
		end(rp);
	}
}

/* The first row of tb whose cell c is marked best (its index in *at), or NULL. */
static const struct br_cmp_row *best_row(const struct br_cmp_table *tb, size_t c, size_t *at)
{
	struct br_cmp_cell tmp;
	for (size_t r = 0; r < tb->nrows; r++)
		if (br_cmp_cell(tb, r, c, &tmp)->best) {
			*at = r;
			return &tb->rows[r];
		}
	return NULL;
}

static bool glance_col(const struct br_cmp_col *col)
{
	return col->has_best && (col->info->group == BR_GROUP_SEQ || col->info->group == BR_GROUP_RANDOM);
}

/* At a glance: the best result of each throughput and seek figure, per
 * tool family (the comparison model's best marks). */
static void glance(struct report *rp)
{
	bool open = false;
	const struct br_cmp_table *last_table = NULL;
	for (size_t t = 0; t < rp->cmp->ntables; t++) {
		const struct br_cmp_table *tb = &rp->cmp->tables[t];
		for (size_t c = 0; c < tb->ncols; c++) {
			const struct br_cmp_col *col = &tb->cols[c];
			if (!glance_col(col))
				continue;
			size_t best_at = 0;
			const struct br_cmp_row *best = best_row(tb, c, &best_at);
			if (!best)
				continue;
			if (!open) {
				el(rp, "h3", "At a glance: the best of each figure");
				start(rp, "div");
				attr(rp, "class", "tablewrap");
				start(rp, "table");
				attr(rp, "class", "glance");
				start(rp, "thead");
				start(rp, "tr");
				el(rp, "th", "Figure");
				el1(rp, "th", "class", "n", "Best");
				el(rp, "th", "Result");
				end(rp); /* tr */
				end(rp); /* thead */
				open = true;
			}
			if (tb != last_table) {
				/* the tool on a row of its own over its figures (a
				 * column of it would squeeze a phone's screen) */
				if (last_table)
					end(rp); /* tbody */
				start(rp, "tbody");
				start(rp, "tr");
				start(rp, "th");
				attr(rp, "scope", "rowgroup");
				attr(rp, "colspan", "3");
				text(rp, tb->group ? tb->group : br_family_title(tb->family));
				end(rp);
				end(rp); /* tr */
				last_table = tb;
			}
			start(rp, "tr");
			el(rp, "td", col->info->title);
			struct br_buf b = BR_BUF_INIT;
			struct br_cmp_cell tmp;
			br_cmp_format(col, br_cmp_cell(tb, best_at, c, &tmp)->value, &b);
			br_buf_addf(&b, " %s", col->unit.name);
			el1(rp, "td", "class", "n", br_buf_str(&b));
			br_buf_free(&b);
			start(rp, "td");
			/* no swatch: colours belong to a section's chart */
			const struct br_record *first = best->nmembers ? best->members[0] : NULL;
			start(rp, "a");
			if (first)
				attrf(rp, "href", "#r%zu", record_index(rp, first) + 1);
			text(rp, best->name);
			end(rp); /* a */
			end(rp); /* td */
			end(rp); /* tr */
		}
	}
	if (open) {
		end(rp); /* tbody */
		end(rp); /* table */
		end(rp); /* div */
	}
}

static void summary(struct report *rp)
{
	const struct br_dataset *ds = rp->ds;
	start(rp, "section");
	attr(rp, "id", "summary");
	el(rp, "h2", "Summary");
	start(rp, "div");
	attr(rp, "class", "facts");
	char num[32];
	snprintf(num, sizeof num, "%zu", ds->records.n);
	fact(rp, num, ds->records.n == 1 ? "benchmark result" : "benchmark results");
	snprintf(num, sizeof num, "%zu", ds->ninputs);
	fact(rp, num, ds->ninputs == 1 ? "input document" : "input documents");
	size_t per_tool[BR_TOOL_COUNT] = {0};
	for (size_t i = 0; i < ds->records.n; i++)
		per_tool[ds->records.v[i]->tool]++;
	for (int t = 0; t < BR_TOOL_COUNT; t++)
		if (per_tool[t]) {
			snprintf(num, sizeof num, "%zu", per_tool[t]);
			char *lab = br_asprintf("%s result%s", br_tool_name((enum br_tool)t), per_tool[t] == 1 ? "" : "s");
			fact(rp, num, lab);
			free(lab);
		}
	size_t warnings, notes;
	diag_counts(rp, &warnings, &notes);
	snprintf(num, sizeof num, "%zu", warnings);
	fact(rp, num, warnings == 1 ? "warning" : "warnings");
	end(rp); /* div.facts */

	glance(rp);

	start(rp, "dl");
	attr(rp, "class", "meta");
	if (rp->cmp->aggregated) {
		el(rp, "dt", "Aggregated");
		el(rp, "dd", "repeated runs of one configuration are combined: mean, with n, spread and min\xe2\x80\x93max");
	}
	if (rp->cmp->baseline) {
		el(rp, "dt", "Baseline");
		el(rp, "dd", rp->cmp->baseline);
	}
	if (rp->cmp->sort) {
		el(rp, "dt", "Sorted by");
		el(rp, "dd", rp->cmp->sort);
	}
	end(rp); /* dl */
	inputs(rp);
	end(rp); /* section */
}

/* One declaration of cairo's style attribute, shorter: "rgb(0%,44.705882%,
 * 69.803922%)" as "#0072b2"; the SVG defaults cairo repeats on every path
 * (opacity 1, butt caps, miter joins, nonzero fill; the miter limit, which
 * no corner of a bar or hatch line reaches) left out. */
static void style_decl(struct br_buf *b, const char *d, size_t n)
{
	static const char *const defaults[] = {
		"fill-opacity:1", "stroke-opacity:1", "stroke-linecap:butt", "stroke-linejoin:miter",
		"stroke-miterlimit:10", "fill-rule:nonzero",
	};
	while (n && *d == ' ')
		d++, n--;
	while (n && d[n - 1] == ' ')
		n--;
	for (size_t i = 0; i < BR_ARRAY_LEN(defaults); i++)
		if (n == strlen(defaults[i]) && memcmp(d, defaults[i], n) == 0)
			return;
	const char *colon = memchr(d, ':', n);
	double r, g, bl;
	char tail;
	if (n && colon && sscanf(colon + 1, "rgb(%lf%%,%lf%%,%lf%%%c", &r, &g, &bl, &tail) == 4 && tail == ')' &&
	    d[n - 1] == ')') {
		br_buf_addf(b, "%s%.*s#%02x%02x%02x", b->len ? ";" : "", (int)(colon + 1 - d), d,
			    (unsigned)lround(r * 2.55) & 255, (unsigned)lround(g * 2.55) & 255, (unsigned)lround(bl * 2.55) & 255);
		return;
	}
	if (n)
		br_buf_addf(b, "%s%.*s", b->len ? ";" : "", (int)n, d);
}

/* Every style attribute under node, shortened (a report inlines a hundred
 * charts or more, twice each: a third of their bytes). */
static void compact_styles(xmlNodePtr node, struct br_buf *b)
{
	for (xmlNodePtr n = node; n; n = n->next) {
		if (n->type != XML_ELEMENT_NODE)
			continue;
		xmlChar *st = xmlGetProp(n, BAD_CAST "style");
		if (st) {
			br_buf_reset(b);
			const char *p = (const char *)st;
			while (*p) {
				size_t l = strcspn(p, ";");
				style_decl(b, p, l);
				p += l;
				if (*p)
					p++;
			}
			xmlSetProp(n, BAD_CAST "style", BAD_CAST br_buf_str(b));
			xmlFree(st);
		}
		compact_styles(n->children, b);
	}
}

/* A chart's SVG inline, serialised by libxml2 (its own escaping), in a
 * <div class="cls">; false when it cannot be drawn. */
static bool chart_svg(struct report *rp, const struct br_chart *c, const char *prefix, const char *label,
		      const char *cls)
{
	xmlDocPtr svg = br_chart_svg_doc(c, prefix, NULL);
	if (!svg)
		return false;
	xmlNodePtr root = xmlDocGetRootElement(svg);
	xmlSetProp(root, BAD_CAST "aria-label", BAD_CAST label);
	struct br_buf style = BR_BUF_INIT;
	compact_styles(root, &style);
	br_buf_free(&style);
	xmlBufferPtr buf = xmlBufferCreate();
	xmlNodeDump(buf, svg, root, 0, 0);
	start(rp, "div");
	attr(rp, "class", cls);
	xmlTextWriterWriteRawLen(rp->w, xmlBufferContent(buf), xmlBufferLength(buf));
	end(rp);
	xmlBufferFree(buf);
	xmlFreeDoc(svg);
	return true;
}

/* The chart of one family and group (the model's, ch), inline: wide, and
 * narrow for phones; false when it has no data. */
static bool chart(struct report *rp, const char *id, const struct br_report_chart *ch, enum br_family fam,
		  enum br_group g)
{
	const struct br_chart *c = ch->wide, *nc = ch->narrow;
	if (!c || !nc)
		return false;
	char prefix[32];
	snprintf(prefix, sizeof prefix, "c%d-", ++rp->nchart);
	char *label = br_asprintf("%s chart: %s", br_group_title(g), br_family_title(fam));
	start(rp, "figure");
	attr(rp, "class", "chart");
	attrf(rp, "id", "chart-%s", id);
	chart_svg(rp, c, prefix, label, "wide");
	snprintf(prefix, sizeof prefix, "c%dn-", rp->nchart);
	chart_svg(rp, nc, prefix, label, "narrow");
	free(label);
	start(rp, "figcaption");
	textf(rp, "%s, %s: %s. Each bar in the colour of its result (as in the table), its value at the end",
	      br_group_title(g), br_family_title(fam), c->subtitle);
	bool cpu = false;
	size_t hidden = 0;
	for (size_t p = 0; p < c->npanels; p++)
		for (size_t k = 0; k < c->panels[p].nblocks; k++) {
			const struct br_chart_block *bk = &c->panels[p].blocks[k];
			hidden = bk->nhidden > hidden ? bk->nhidden : hidden;
			for (size_t i = 0; i < bk->nbars && !cpu; i++)
				cpu = bk->bars[i].note && strstr(bk->bars[i].note, "cpu");
		}
	text(rp, cpu ? ", with the CPU use the tool printed." : ".");
	if (hidden && !rp->o->top)
		textf(rp, " The best %d of each figure are drawn; %zu more in the table.", BR_REPORT_CHART_BARS, hidden);
	end(rp); /* figcaption */
	end(rp); /* figure */
	return true;
}


/* The table's head: the name, tool and size columns, then the group's. */
static void table_head(struct report *rp, const struct br_cmp_table *tb, const bool *col_on)
{
	start(rp, "thead");
	start(rp, "tr");
	el(rp, "th", tb->nrows && tb->rows[0].nmembers > 1 ? "Configuration" : "Result");
	el(rp, "th", "Tool");
	el(rp, "th", "Size");
	for (size_t c = 0; c < tb->ncols; c++) {
		const struct br_cmp_col *col = &tb->cols[c];
		if (!col_on[c])
			continue;
		start(rp, "th");
		attr(rp, "class", "n");
		attr(rp, "scope", "col");
		attr(rp, "data-better", col->info->better == BR_HIGHER ? "higher" : "lower");
		text(rp, col->info->title);
		start(rp, "span");
		attr(rp, "class", "u");
		textf(rp, "%s, %s", col->unit.name, col->info->better == BR_HIGHER ? "more is better" : "less is better");
		end(rp);
		end(rp); /* th */
	}
	end(rp); /* tr */
	end(rp); /* thead */
}

/* ------------------------------------------------------------ rows */

/*
 * The comparison tables' rows and the sources are most of a report
 * (100,000 results make 400,000 rows and 100,000 sources), and
 * xmlTextWriter's bookkeeping of every start tag, attribute and end tag,
 * and libxml2's serialiser's small writes into its output buffer, cost
 * several times more than their bytes. So they are written by this file's
 * own markup writer, the same way: an element is opened under its parent
 * (any deeper element still open is closed first), its attributes follow
 * it, then its content; every element is closed with an end tag. Its
 * bytes are the writer's: names are this file's constants; every value
 * and every text, whatever it holds, goes through the one escaper below
 * (ser_put), which escapes as libxml2 does: text '<', '>', '&', CR and
 * '"' (the writer's text escaping), attribute values also tab and LF,
 * with every non-ASCII character written as a character reference. No
 * function here writes a byte of markup that came from input. Text is
 * made valid UTF-8 first (utf8n). Rows are held in one buffer and handed
 * to the output after the writer's own bytes (its buffer flushed first) a
 * few hundred KiB at a time, so memory is a few rows'.
 */
#define ROWS_HOLD (256 * 1024)
#define ROWS_DEPTH 16

/* An open element: its depth (1: a row, a source), 0 none (the top). */
typedef unsigned rel;

struct rows {
	xmlOutputBufferPtr out;          /* the writer's: flushed before ours */
	struct br_sink *sink;            /* where both go */
	struct br_buf buf;               /* rows not yet handed on */
	const char *open[ROWS_DEPTH];    /* the open elements' names */
	rel depth;
	bool in_tag;                     /* the newest element's start tag is open */
	struct br_buf tmp, cpu, num;     /* scratch for formatted values */
	const char *same;                /* the last input name found valid UTF-8
					  * (a row's data-input: the same string
					  * row after row, checked once) */
};

static void rows_init(struct rows *t, xmlOutputBufferPtr out, struct br_sink *sink)
{
	memset(t, 0, sizeof *t);
	t->out = out;
	t->sink = sink;
}

static void rows_free(struct rows *t)
{
	br_buf_free(&t->buf);
	br_buf_free(&t->tmp);
	br_buf_free(&t->cpu);
	br_buf_free(&t->num);
}

/* The bytes that end a run of bytes written as they are: NUL (the end),
 * and those escaped in text, in an attribute value. */
static const unsigned char ser_text[256] = {
	[0] = 1, ['<'] = 1, ['>'] = 1, ['&'] = 1, ['\r'] = 1, ['"'] = 1,
};
static const unsigned char ser_attr[256] = {
	[0] = 1, ['<'] = 1, ['>'] = 1, ['&'] = 1, ['\r'] = 1,
	['"'] = 1, ['\n'] = 1, ['\t'] = 1,
	[0x80] = 1, [0x81] = 1, [0x82] = 1, [0x83] = 1, [0x84] = 1, [0x85] = 1, [0x86] = 1, [0x87] = 1,
	[0x88] = 1, [0x89] = 1, [0x8a] = 1, [0x8b] = 1, [0x8c] = 1, [0x8d] = 1, [0x8e] = 1, [0x8f] = 1,
	[0x90] = 1, [0x91] = 1, [0x92] = 1, [0x93] = 1, [0x94] = 1, [0x95] = 1, [0x96] = 1, [0x97] = 1,
	[0x98] = 1, [0x99] = 1, [0x9a] = 1, [0x9b] = 1, [0x9c] = 1, [0x9d] = 1, [0x9e] = 1, [0x9f] = 1,
	[0xa0] = 1, [0xa1] = 1, [0xa2] = 1, [0xa3] = 1, [0xa4] = 1, [0xa5] = 1, [0xa6] = 1, [0xa7] = 1,
	[0xa8] = 1, [0xa9] = 1, [0xaa] = 1, [0xab] = 1, [0xac] = 1, [0xad] = 1, [0xae] = 1, [0xaf] = 1,
	[0xb0] = 1, [0xb1] = 1, [0xb2] = 1, [0xb3] = 1, [0xb4] = 1, [0xb5] = 1, [0xb6] = 1, [0xb7] = 1,
	[0xb8] = 1, [0xb9] = 1, [0xba] = 1, [0xbb] = 1, [0xbc] = 1, [0xbd] = 1, [0xbe] = 1, [0xbf] = 1,
	[0xc0] = 1, [0xc1] = 1, [0xc2] = 1, [0xc3] = 1, [0xc4] = 1, [0xc5] = 1, [0xc6] = 1, [0xc7] = 1,
	[0xc8] = 1, [0xc9] = 1, [0xca] = 1, [0xcb] = 1, [0xcc] = 1, [0xcd] = 1, [0xce] = 1, [0xcf] = 1,
	[0xd0] = 1, [0xd1] = 1, [0xd2] = 1, [0xd3] = 1, [0xd4] = 1, [0xd5] = 1, [0xd6] = 1, [0xd7] = 1,
	[0xd8] = 1, [0xd9] = 1, [0xda] = 1, [0xdb] = 1, [0xdc] = 1, [0xdd] = 1, [0xde] = 1, [0xdf] = 1,
	[0xe0] = 1, [0xe1] = 1, [0xe2] = 1, [0xe3] = 1, [0xe4] = 1, [0xe5] = 1, [0xe6] = 1, [0xe7] = 1,
	[0xe8] = 1, [0xe9] = 1, [0xea] = 1, [0xeb] = 1, [0xec] = 1, [0xed] = 1, [0xee] = 1, [0xef] = 1,
	[0xf0] = 1, [0xf1] = 1, [0xf2] = 1, [0xf3] = 1, [0xf4] = 1, [0xf5] = 1, [0xf6] = 1, [0xf7] = 1,
	[0xf8] = 1, [0xf9] = 1, [0xfa] = 1, [0xfb] = 1, [0xfc] = 1, [0xfd] = 1, [0xfe] = 1, [0xff] = 1,
};

/* One escaped character at o (room for 10 bytes); returns past it and
 * moves *s to the character's last byte. */
static char *ser_char(char *o, const unsigned char **s)
{
	const unsigned char *p = *s;
	unsigned c = *p;
	const char *ent;
	switch (c) {
	case '<': ent = "&lt;"; break;
	case '>': ent = "&gt;"; break;
	case '&': ent = "&amp;"; break;
	case '\r': ent = "&#13;"; break;
	case '"': ent = "&quot;"; break;
	case '\n': ent = "&#10;"; break;
	case '\t': ent = "&#9;"; break;
	default: {
		unsigned n = c >= 0xf0 ? 3 : c >= 0xe0 ? 2 : c >= 0xc0 ? 1 : 0;
		unsigned v = c & (0x3fu >> n), k = 1;
		for (; k <= n && (p[k] & 0xc0) == 0x80; k++)
			v = v << 6 | (p[k] & 0x3fu);
		if (!n || k <= n) { /* not UTF-8: as it is */
			*o++ = (char)c;
			return o;
		}
		*s = p + n;
		char hex[8];
		int h = 0;
		do
			hex[h++] = "0123456789ABCDEF"[v & 15];
		while (v >>= 4);
		*o++ = '&', *o++ = '#', *o++ = 'x';
		while (h)
			*o++ = hex[--h];
		*o++ = ';';
		return o;
	}
	}
	size_t len = strlen(ent);
	memcpy(o, ent, len);
	return o + len;
}

/* s into b, escaped as tab says (ser_text, ser_attr): each run of bytes
 * written as they are found first, then copied. Inlined where it is used
 * (a few hundred strings a result: the call was a fifth of its cost). */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline void ser_put(struct br_buf *b, const char *s, const unsigned char tab[256])
{
	const unsigned char *p = (const unsigned char *)s;
	for (;;) {
		const unsigned char *q = p;
		while (!tab[*q])
			q++;
		size_t n = (size_t)(q - p);
		if (b->cap - b->len <= n + 11)
			br_buf_grow(b, n + 11);
		char *o = b->data + b->len;
		memcpy(o, p, n);
		o += n;
		if (!*q) {
			*o = '\0';
			b->len = (size_t)(o - b->data);
			return;
		}
		o = ser_char(o, &q);
		b->len = (size_t)(o - b->data);
		p = q + 1;
	}
}

/* before, a name (an element's or an attribute's: this file's constant,
 * nothing to escape, short) and after into b. */
static inline void put_name(struct br_buf *b, const char *before, const char *name, const char *after)
{
	if (b->cap - b->len <= 64)
		br_buf_grow(b, 64);
	char *o = b->data + b->len, *stop = o + 60;
	for (const char *p = before; *p; p++)
		*o++ = *p;
	for (const char *p = name; *p && o < stop; p++)
		*o++ = *p;
	for (const char *p = after; *p; p++)
		*o++ = *p;
	*o = '\0';
	b->len = (size_t)(o - b->data);
}

/* A mistake of this file's (an attribute after content, elements nested
 * deeper than the rows ever are): the report would be wrong. */
static void rows_bug(const char *what)
{
	fprintf(stderr, "benchreport: bug: html rows: %s\n", what);
	abort();
}

/* The open elements deeper than d closed (and a start tag still open). */
static void t_close_to(struct rows *t, rel d)
{
	if (t->in_tag) {
		br_buf_addc(&t->buf, '>');
		t->in_tag = false;
	}
	for (; t->depth > d; t->depth--)
		put_name(&t->buf, "</", t->open[t->depth - 1], ">");
}

/* An element opened under parent (0: a row); name a string constant. */
static rel t_el(struct rows *t, rel parent, const char *name)
{
	t_close_to(t, parent);
	if (t->depth == ROWS_DEPTH)
		rows_bug("nested too deep");
	t->open[t->depth++] = name;
	put_name(&t->buf, "<", name, "");
	t->in_tag = true;
	return t->depth;
}

/* The attribute k="v" of el, the element just opened: k a string
 * constant, v valid UTF-8. */
static void attr_put(struct rows *t, rel el, const char *k, const char *v)
{
	if (el != t->depth || !t->in_tag)
		rows_bug("an attribute after content");
	put_name(&t->buf, " ", k, "=\"");
	ser_put(&t->buf, v, ser_attr);
	br_buf_addc(&t->buf, '"');
}

/* Valid UTF-8 as text of el, after what el holds. */
static void text_put(struct rows *t, rel el, const char *s)
{
	t_close_to(t, el);
	ser_put(&t->buf, s, ser_text);
}

/* Text from input, made valid UTF-8 first. */
static void t_text(struct rows *t, rel parent, const char *s)
{
	char *own;
	size_t len;
	text_put(t, parent, utf8n(s, &own, &len));
	free(own);
}

/* Text formatted here or a string constant (valid UTF-8). */
static void t_text_ascii(struct rows *t, rel parent, const char *s)
{
	text_put(t, parent, s);
}

/* The attribute k="v": k a string constant, v any text. */
static void t_attr(struct rows *t, rel el, const char *k, const char *v)
{
	char *own;
	size_t len;
	attr_put(t, el, k, utf8n(v, &own, &len));
	free(own);
}

/* The attribute k="v": k a string constant, v a string of the model; the
 * same string as the last time is not checked again. */
static void t_attr_kept(struct rows *t, rel el, const char *k, const char *v)
{
	if (v && v == t->same) {
		attr_put(t, el, k, v);
		return;
	}
	char *own;
	size_t len;
	attr_put(t, el, k, utf8n(v, &own, &len));
	if (!own)
		t->same = v;
	free(own);
}

/* The attribute k="v": v formatted here (ASCII) or a string constant. */
static void t_attr_ascii(struct rows *t, rel el, const char *k, const char *v)
{
	attr_put(t, el, k, v);
}

/* The rows held handed on, after the writer's bytes. Before the writer
 * goes on. */
static void t_flush(struct rows *t)
{
	t_close_to(t, 0);
	if (!t->buf.len)
		return;
	xmlOutputBufferFlush(t->out);
	br_sink_write(t->sink, t->buf.data, t->buf.len);
	br_buf_reset(&t->buf);
}

/* A row done: held with the others, handed on ROWS_HOLD bytes at a time. */
static void t_dump(struct rows *t)
{
	t_close_to(t, 0);
	if (t->buf.len >= ROWS_HOLD)
		t_flush(t);
}

/* prefix and v in decimal into out (room for 24 bytes more than prefix). */
static const char *with_num(char *out, const char *prefix, size_t v)
{
	size_t n = strlen(prefix);
	memcpy(out, prefix, n);
	char dig[24];
	size_t k = sizeof dig;
	do {
		dig[--k] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	memcpy(out + n, dig + k, sizeof dig - k);
	out[n + sizeof dig - k] = '\0';
	return out;
}

/*
 * The report's colours as classes: a row's swatch (`sw c3 p1`: the
 * palette's colour 3 under pattern 1, as the charts draw the series) and a
 * figure's shade (`h14`: 14 of SHADES - 1 steps from worst to best). A
 * table of 100,000 runs has 3 million shaded cells and 400,000 swatches:
 * as style attributes they were a third of the report's bytes. Their rules
 * are written once, in the page's style (style_classes), from the same
 * palette and ramp.
 */
#define SHADES 21 /* at most 100: shade_class writes two digits */

static const char *const pattern_image[BR_PAT_COUNT] = {
	NULL,
	"repeating-linear-gradient(-45deg,#fffc 0 1.5px,transparent 1.5px 4px)",
	("repeating-linear-gradient(-45deg,#fffc 0 1.5px,transparent 1.5px 4px),"
	 "repeating-linear-gradient(45deg,#fffc 0 1.5px,transparent 1.5px 4px)"),
	"repeating-linear-gradient(45deg,#fffc 0 1.5px,transparent 1.5px 4px)",
};

/* Shade step k of SHADES: white → light blue → mid blue, readable text. */
static uint32_t shade_rgb(int k)
{
	static const double stops[3][3] = {{255, 255, 255}, {198, 219, 239}, {107, 174, 214}};
	double x = 2.0 * k / (SHADES - 1);
	int i = x >= 1 ? 1 : 0;
	double f = x - i;
	uint32_t rgb = 0;
	for (int c = 0; c < 3; c++)
		rgb = rgb << 8 | ((uint32_t)lround(stops[i][c] + (stops[i + 1][c] - stops[i][c]) * f) & 255);
	return rgb;
}

/* The rules of the swatch and shade classes, after the page's style. */
static void style_classes(struct br_buf *b)
{
	for (size_t c = 0; c < BR_CHART_COLOURS; c++)
		br_buf_addf(b, ".sw.c%zu{background-color:#%06X}", c, (unsigned)br_chart_colour(c, NULL));
	br_buf_addc(b, '\n');
	for (int p = 1; p < BR_PAT_COUNT; p++)
		br_buf_addf(b, ".sw.p%d{background-image:%s}\n", p, pattern_image[p]);
	for (int k = 0; k < SHADES; k++)
		br_buf_addf(b, "td.h%d{background-color:#%06X}", k, (unsigned)shade_rgb(k));
	br_buf_addc(b, '\n');
}

/* A colour swatch matching the series' bars in the charts. */
static void swatch(struct rows *t, rel parent, size_t slot)
{
	enum br_chart_pattern pat;
	br_chart_colour(slot, &pat);
	rel s = t_el(t, parent, "span");
	char cls[80]; /* "sw c3", "sw c3 p1": no printf, one a row */
	with_num(cls, "sw c", slot % BR_CHART_COLOURS);
	if (pat != BR_PAT_SOLID)
		with_num(cls + strlen(cls), " p", (size_t)pat);
	t_attr_ascii(t, s, "class", cls);
	t_attr_ascii(t, s, "aria-hidden", "true");
}

/* Shade 0 (worst) … 1 (best) as its class: "n h7", "n best h20" (one per
 * figure: no printf). */
static void shade_class(double s, bool best, char *out)
{
	if (!(s >= 0))
		s = 0;
	if (s > 1)
		s = 1;
	int k = (int)lround(s * (SHADES - 1));
	size_t n = best ? 8 : 3;
	memcpy(out, best ? "n best h" : "n h", n);
	if (k >= 10)
		out[n++] = (char)('0' + k / 10);
	out[n++] = (char)('0' + k % 10);
	out[n] = '\0';
}

/* Whether the figure as printed (the cell has one) says what the cell
 * does not: not when it is the cell's number, alone or with the column's
 * unit ("593us" under "593" in a column of us). Told without making it. */
static bool raw_says_more(const struct br_cmp_cell *ce, const struct br_buf *shown, const char *unit)
{
	const struct br_value v = br_cmp_cell_fig(ce);
	const char *s = br_buf_str(shown);
	return !br_value_raw_is(&v, s, shown->len, unit);
}

/* A figure's attributes (the writer's order) and its number, ± and ratio. */
static void cell_value(struct rows *t, rel td, const struct br_cmp_col *col, const struct br_cmp_cell *ce)
{
	struct br_buf *b = &t->tmp, *shown = &t->num;
	char v[64], rawbuf[BR_RAW_BUF];
	const char *raw;
	fmt_exact(v, sizeof v, ce->value);
	t_attr_ascii(t, td, "data-v", v);
	br_buf_reset(shown);
	br_cmp_format(col, ce->value, shown);
	if (ce->n > 1) {
		br_buf_reset(b);
		br_buf_addf(b, "mean of %zu runs; median ", ce->n);
		br_cmp_format(col, ce->median, b);
		br_buf_adds(b, ", min ");
		br_cmp_format(col, ce->min, b);
		br_buf_adds(b, ", max ");
		br_cmp_format(col, ce->max, b);
		br_buf_addf(b, " %s", col->unit.name);
		t_attr(t, td, "title", br_buf_str(b));
	} else if ((ce->raw || ce->raw_form) && raw_says_more(ce, shown, col->unit.name) &&
		   (raw = br_cmp_cell_raw(ce, rawbuf))) {
		br_buf_reset(b);
		br_buf_adds(b, "as printed: ");
		br_buf_adds(b, raw);
		t_attr(t, td, "title", br_buf_str(b));
	}
	shade_class(br_cmp_shade(col, ce->value), ce->best && col->has_best, v);
	t_attr_ascii(t, td, "class", v);
	t_text_ascii(t, td, br_buf_str(shown));
	if (ce->n > 1) {
		br_buf_reset(b);
		br_buf_adds(b, "\xc2\xb1");
		br_cmp_format(col, ce->sd, b);
		br_buf_addf(b, " n=%zu", ce->n);
		rel sp = t_el(t, td, "span");
		t_attr_ascii(t, sp, "class", "sd");
		t_text_ascii(t, sp, br_buf_str(b));
	}
	if (ce->has_ratio) {
		br_buf_reset(b);
		br_cmp_format_ratio(ce->ratio, b);
		const char *sig = br_cmp_sig_text(ce->sig);
		if (sig && *sig)
			br_buf_addf(b, ", %s", sig);
		rel sp = t_el(t, td, "span");
		t_attr_ascii(t, sp, "class", fabs(ce->ratio - 1) < 0.005 ? "ratio" : ce->better ? "ratio up" : "ratio down");
		t_text_ascii(t, sp, br_buf_str(b));
	}
}

/* One figure of a comparison table: attributes, then the number and its
 * small print. */
static void cell(struct rows *t, rel tr, const struct br_cmp_col *col, const struct br_cmp_cell *ce,
		 bool tenths)
{
	rel td = t_el(t, tr, "td");
	if (!ce->present) {
		t_attr_ascii(t, td, "title", "not in this result");
		t_attr_ascii(t, td, "class", "n na");
		t_text_ascii(t, td, "\xe2\x80\x93");
	} else if (!ce->has_value) {
		if (ce->too_fast) {
			t_attr_ascii(t, td, "title", "too fast to measure: the tool printed +++++ (no figure, not zero)");
			t_attr_ascii(t, td, "data-v", col->info->better == BR_HIGHER ? "1e300" : "-1");
			t_attr_ascii(t, td, "class", "n tf");
			t_text_ascii(t, td, "+++++");
		} else {
			char rawbuf[BR_RAW_BUF];
			const char *raw = br_cmp_cell_raw(ce, rawbuf);
			t_attr(t, td, "title", raw ? raw : "unreadable figure");
			t_attr_ascii(t, td, "class", "n tf");
			t_text_ascii(t, td, "?");
		}
	} else
		cell_value(t, td, col, ce);
	if (ce->present && ce->has_cpu) {
		br_buf_reset(&t->cpu);
		br_format_cpu(ce->cpu, tenths, &t->cpu);
		br_buf_adds(&t->cpu, "% cpu");
		rel sp = t_el(t, td, "span");
		t_attr_ascii(t, sp, "class", "cpu");
		t_text_ascii(t, sp, br_buf_str(&t->cpu));
	}
}

/* The row heading: swatch, name linking to the source, the runs behind an
 * aggregated row. */
static void row_head(struct report *rp, rel tr, const struct br_cmp_table *tb, size_t r)
{
	struct rows *t = rp->rows;
	const struct br_cmp_row *row = &tb->rows[r];
	rel th = t_el(t, tr, "th");
	t_attr_ascii(t, th, "scope", "row");
	const struct br_record *first = row->nmembers ? row->members[0] : NULL;
	char ref[48];
	if (first) {
		const struct br_chart_series *s = series_of(rp, tb, r);
		if (s)
			swatch(t, th, s->colour);
	}
	rel a = t_el(t, th, "a");
	if (first)
		t_attr_ascii(t, a, "href", with_num(ref, "#r", record_index(rp, first) + 1));
	t_text(t, a, row->name);
	if (row->nmembers > 1) {
		rel sub = t_el(t, th, "span");
		t_attr_ascii(t, sub, "class", "sub");
		t_text_ascii(t, sub, with_num(ref, "", row->nmembers));
		t_text_ascii(t, sub, " runs: ");
		for (size_t m = 0; m < row->nmembers; m++) {
			if (m)
				t_text_ascii(t, sub, ", ");
			size_t k = record_index(rp, row->members[m]) + 1;
			a = t_el(t, sub, "a");
			t_attr_ascii(t, a, "href", with_num(ref, "#r", k));
			t_text_ascii(t, a, with_num(ref, "#", k));
		}
	}
}

/* Tool and version, size: from a row's first run (empty cells without). */
/* "bonnie++ 2.00a": the tool and, when known, its version, as text of el. */
static void tool_text(struct rows *t, rel el, const struct br_record *r)
{
	t_text_ascii(t, el, br_tool_name(r->tool));
	if (r->version) {
		t_text_ascii(t, el, " ");
		t_text(t, el, r->version);
	}
}

static void tool_cells(struct rows *t, rel tr, const struct br_record *first)
{
	if (!first) {
		t_el(t, tr, "td");
		t_el(t, tr, "td");
		return;
	}
	rel td = t_el(t, tr, "td");
	t_attr_ascii(t, td, "class", "t");
	tool_text(t, td, first);
	struct br_param sz = br_record_param(first, "size");
	struct br_param sb = br_record_param(first, "size_bytes");
	td = t_el(t, tr, "td");
	t_attr_ascii(t, td, "class", "t");
	char v[64];
	if (sb.key && !sb.str) {
		fmt_exact(v, sizeof v, sb.num);
		t_attr_ascii(t, td, "data-v", v);
	}
	if (sz.key && sz.str)
		t_text(t, td, sz.str);
	else if (sz.key)
		t_text_ascii(t, td, fmt_param(v, sizeof v, sz.num));
}

/* The rows that have a figure of the group, each a tree (above). */
static void table_body(struct report *rp, const struct br_cmp_table *tb, const bool *col_on)
{
	struct rows *t = rp->rows;
	start(rp, "tbody");
	xmlTextWriterWriteRawLen(rp->w, BAD_CAST "", 0); /* ends the start tag: the rows follow */
	for (size_t r = 0; r < tb->nrows; r++) {
		const struct br_cmp_row *row = &tb->rows[r];
		if (!br_cmp_row_has(tb, r, col_on))
			continue;
		rel tr = t_el(t, 0, "tr");
		if (row->is_baseline)
			t_attr_ascii(t, tr, "class", "baseline");
		if (row->nmembers) /* the filter matches the input's name too */
			t_attr_kept(t, tr, "data-input", row->input ? row->input : br_report_record_input(rp->rep, row->members[0]));
		row_head(rp, tr, tb, r);
		tool_cells(t, tr, row->nmembers ? row->members[0] : NULL);
		for (size_t c = 0; c < tb->ncols; c++)
			if (col_on[c]) {
				struct br_cmp_cell tmp;
				cell(t, tr, &tb->cols[c], br_cmp_cell(tb, r, c, &tmp), br_cmp_cpu_tenths(row));
			}
		t_dump(t);
	}
	t_flush(t);
	end(rp); /* tbody */
}

/* The legend under the table: shading, marks, and what the cells of this
 * table hold (cpu, aggregates, ratios). */
static void table_legend(struct report *rp, const struct br_cmp_table *tb, const bool *col_on)
{
	start(rp, "div");
	attr(rp, "class", "legend");
	start(rp, "span");
	text(rp, "Shading within each column: worst");
	start(rp, "span");
	attr(rp, "class", "ramp");
	attr(rp, "aria-hidden", "true");
	end(rp);
	text(rp, "best");
	end(rp);
	el(rp, "span", "\xe2\x98\x85 bold: best in the column");
	el(rp, "span", "+++++ too fast to measure \xc2\xb7 \xe2\x80\x93 not measured");
	bool cpu = false, agg = false, ratio = false;
	for (size_t c = 0; c < tb->ncols; c++)
		cpu |= tb->cols[c].has_cpu && col_on[c];
	for (size_t r = 0; r < tb->nrows; r++) {
		agg |= tb->rows[r].nmembers > 1;
		for (size_t c = 0; c < tb->ncols && !ratio && tb->baseline >= 0; c++) {
			struct br_cmp_cell tmp;
			ratio |= col_on[c] && br_cmp_cell(tb, r, c, &tmp)->has_ratio;
		}
	}
	if (cpu)
		el(rp, "span", "small: CPU use the tool printed");
	if (agg)
		el(rp, "span", "aggregated: mean \xc2\xb1 standard deviation over n runs (hover for median, min, max)");
	if (ratio) {
		start(rp, "span");
		text(rp, "%: of the baseline");
		if (agg) {
			text(rp, "; spread test: ");
			text(rp, BR_CMP_METHOD);
		}
		end(rp);
	}
	el(rp, "span", "Click a column heading to sort (needs JavaScript).");
	end(rp); /* div.legend */
}

static void table(struct report *rp, const struct br_cmp_table *tb, enum br_group g, bool legend)
{
	bool *col_on = br_calloc(tb->ncols ? tb->ncols : 1, sizeof *col_on);
	br_cmp_group_cols(tb, g, col_on);
	if (tb->group) {
		start(rp, "h4");
		textf(rp, "%s: ", tb->group_key ? tb->group_key : "group");
		text(rp, tb->group);
		end(rp);
	}
	start(rp, "div");
	attr(rp, "class", "tablewrap");
	start(rp, "table");
	attr(rp, "class", "cmp sortable");
	attr(rp, "data-family", br_family_name(tb->family));
	attr(rp, "data-group", br_group_name(g));
	table_head(rp, tb, col_on);
	table_body(rp, tb, col_on);
	end(rp); /* table */
	end(rp); /* div */
	if (tb->ndropped) {
		start(rp, "p");
		attr(rp, "class", "lede");
		textf(rp, "%zu more result%s left out by --top.", tb->ndropped, tb->ndropped == 1 ? "" : "s");
		end(rp);
	}
	if (legend)
		table_legend(rp, tb, col_on);
	free(col_on);
}

/* "Sequential throughput · Bonnie and Bonnie++" */
static void group_heading(struct report *rp, const char *h, int fam, enum br_group g)
{
	start(rp, h);
	text(rp, br_group_title(g));
	start(rp, "span");
	attr(rp, "class", "fam");
	textf(rp, " \xc2\xb7 %s", br_family_title((enum br_family)fam));
	end(rp);
	end(rp);
}

/* The section's chart series: where each table's rows start among them. */
static void set_series(struct report *rp, const struct br_chart_set *set)
{
	free(rp->ser_base);
	rp->ser_base = NULL;
	rp->set = set;
	if (!set || !set->cmp)
		return;
	rp->ser_base = br_calloc(set->cmp->ntables + 1, sizeof *rp->ser_base);
	for (size_t t = 0; t < set->cmp->ntables; t++)
		rp->ser_base[t + 1] = rp->ser_base[t] + set->cmp->tables[t].nrows;
}

/* More inputs (or groups) than this: their sections are folded. */
#define FOLD_SECTIONS 8

/* One section: per tool family and metric group its chart (when it
 * compares two results or more, or the report has this section alone) and
 * its table. */
static void section(struct report *rp, size_t si)
{
	const struct br_report_section *sc = &rp->secs[si];
	const struct br_cmp *cmp = sc->cmp;
	set_series(rp, &sc->series);
	start(rp, "section");
	attr(rp, "class", "input");
	attrf(rp, "id", "in-%zu", si + 1);
	attr(rp, "data-name", sc->name);
	/* many sections: each folded under its heading, so the page is the
	 * summary, the tables by metric and a list of inputs to open */
	bool fold = rp->nsecs > FOLD_SECTIONS;
	if (fold) {
		start(rp, "details");
		attr(rp, "class", "sec");
		start(rp, "summary");
	}
	start(rp, "h3");
	text(rp, sc->name);
	start(rp, "span");
	attr(rp, "class", "sub");
	textf(rp, "%zu result%s", sc->own, sc->own == 1 ? "" : "s");
	if (sc->rs.n > sc->own)
		text(rp, ", with the baseline");
	end(rp);
	end(rp); /* h3 */
	if (fold)
		end(rp); /* summary */
	for (int fam = 0; fam < BR_FAM_COUNT; fam++)
		for (int g = 0; g < BR_GROUP_COUNT; g++) {
			if (!br_cmp_has_group(cmp, fam, (enum br_group)g))
				continue;
			char id[64];
			snprintf(id, sizeof id, "%zu-%s-%s", si + 1, br_family_name((enum br_family)fam),
				 br_group_name((enum br_group)g));
			start(rp, "div");
			attr(rp, "class", "group");
			attrf(rp, "id", "in-%s", id);
			group_heading(rp, "h4", fam, (enum br_group)g);
			if (rp->nsecs == 1 || br_cmp_rows_with(cmp, fam, (enum br_group)g) >= 2)
				chart(rp, id, &sc->charts[fam][g], (enum br_family)fam, (enum br_group)g);
			for (size_t t = 0; t < cmp->ntables; t++)
				if ((int)cmp->tables[t].family == fam) {
					/* the legend once, under the first table of the page's
					 * open part (the tables by metric may be folded) */
					table(rp, &cmp->tables[t], (enum br_group)g, !rp->legend_done);
					rp->legend_done = true;
				}
			end(rp); /* div.group */
		}
	if (fold)
		end(rp); /* details.sec */
	end(rp); /* section */
	set_series(rp, NULL);
}

/* Every record in one table per tool family and metric group, folded when
 * long: the comparison across inputs (several sections only). */
static void by_metric(struct report *rp)
{
	start(rp, "section");
	attr(rp, "id", "by-metric");
	el(rp, "h2", "By metric: every input together");
	el1(rp, "p", "class", "lede",
	    "One chart and one table per group of figures over all inputs; click a column heading "
	    "to rank the table. The sections by input below have each input's own.");
	set_series(rp, &rp->rep->metric_series);
	for (int fam = 0; fam < BR_FAM_COUNT; fam++)
		for (int g = 0; g < BR_GROUP_COUNT; g++) {
			if (!br_cmp_has_group(rp->cmp, fam, (enum br_group)g))
				continue;
			size_t n = br_cmp_rows_with(rp->cmp, fam, (enum br_group)g);
			char id[64];
			snprintf(id, sizeof id, "m-%s-%s", br_family_name((enum br_family)fam),
				 br_group_name((enum br_group)g));
			/* the chart stays in view when its long table is folded */
			if (n >= 2) {
				start(rp, "div");
				attr(rp, "class", "group");
				group_heading(rp, "h3", fam, (enum br_group)g);
				chart(rp, id, &rp->rep->metric_charts[fam][g], (enum br_family)fam, (enum br_group)g);
				end(rp);
			}
			start(rp, "details");
			attr(rp, "class", "metric");
			attrf(rp, "id", "m-%s-%s", br_family_name((enum br_family)fam), br_group_name((enum br_group)g));
			if (n <= METRIC_OPEN_ROWS)
				attr(rp, "open", "open");
			start(rp, "summary");
			group_heading(rp, "span", fam, (enum br_group)g);
			textf(rp, " (%zu result%s)", n, n == 1 ? "" : "s");
			end(rp);
			for (size_t t = 0; t < rp->cmp->ntables; t++)
				if ((int)rp->cmp->tables[t].family == fam)
					table(rp, &rp->cmp->tables[t], (enum br_group)g, false);
			end(rp); /* details */
		}
	set_series(rp, NULL);
	end(rp); /* section */
}

/* what, then " N" or "s N–M" (a source's lines: one each, no printf) into
 * out (room for what and 56 bytes). */
static void line_range(char *out, const char *what, unsigned line, unsigned end_line)
{
	size_t n = strlen(what);
	memcpy(out, what, n);
	if (end_line > line) {
		with_num(out + n, "s ", line);
		with_num(out + strlen(out), "\xe2\x80\x93", end_line);
	} else
		with_num(out + n, " ", line);
}

static void source_line(struct report *rp, rel p, const struct br_source *s)
{
	struct rows *t = rp->rows;
	t_text(t, t_el(t, p, "code"), s->file ? br_provenance_file(rp->o, s->file) : "?");
	char lines[64];
	line_range(lines, ", line", s->line, s->end_line);
	t_text_ascii(t, p, lines);
	if (s->format) {
		t_text_ascii(t, p, " (");
		t_text(t, p, s->format);
		t_text_ascii(t, p, ")");
	}
}

/* Tool, when it ran, where it was read, its parameters: one line. */
static void source_where(struct report *rp, rel div, const struct br_record *r)
{
	struct rows *t = rp->rows;
	rel p = t_el(t, div, "p");
	t_attr_ascii(t, p, "class", "where");
	tool_text(t, p, r);
	char when[BR_DATE_BUF];
	if (br_record_ran_at_iso(r, when)) {
		/* when it ran, and what says so (the mail's date is the post's,
		 * not the run's) */
		br_buf_reset(&t->tmp);
		br_buf_addf(&t->tmp, " \xc2\xb7 ran %s (%s)", when, br_ran_from_name((enum br_ran_from)r->ran_at_from));
		t_text_ascii(t, p, br_buf_str(&t->tmp));
	}
	t_text_ascii(t, p, " \xc2\xb7 ");
	source_line(rp, p, &r->source);
	for (size_t k = 0; k < r->nalso; k++) {
		t_text_ascii(t, p, "; also ");
		source_line(rp, p, &r->also[k]);
	}
	if (r->nparams)
		t_text_ascii(t, p, " \xc2\xb7 ");
	for (size_t k = 0; k < r->nparams; k++) {
		struct br_param q = br_record_param_at(r, k);
		if (k)
			t_text_ascii(t, p, ", ");
		t_text(t, p, q.key);
		t_text_ascii(t, p, " ");
		char num[64];
		t_text(t, p, q.str ? q.str : fmt_param(num, sizeof num, q.num));
	}
}

/* One record's source: a tree written like the tables' rows. */
static void source(struct report *rp, size_t i, const struct br_record *r)
{
	struct rows *t = rp->rows;
	char num[48];
	rel div = t_el(t, 0, "div");
	t_attr_ascii(t, div, "class", "src");
	t_attr_ascii(t, div, "id", with_num(num, "r", i + 1));
	rel h3 = t_el(t, div, "h3");
	t_text_ascii(t, h3, with_num(num, "#", i + 1));
	t_text_ascii(t, h3, " ");
	char *name = br_record_display_name(r);
	t_text(t, h3, name);
	free(name);
	source_where(rp, div, r);
	/* the excerpt, or the lines read back from the input now (a copy into
	 * the batch: the string goes before the batch is written) */
	char *later = !r->source.excerpt && rp->ds->excerpts ? br_excerpts_read(rp->ds->excerpts, r) : NULL;
	const char *ex = r->source.excerpt ? r->source.excerpt : later;
	const char *why = r->excerpt_later && !later && rp->ds->excerpts ? br_excerpts_error(rp->ds->excerpts) : NULL;
	if (ex || why) {
		rel det = t_el(t, div, "details");
		char sum[96];
		line_range(sum, "Original text, line", r->source.line, r->source.end_line);
		rel s = t_el(t, det, "summary");
		t_text_ascii(t, s, sum);
		if (why) {
			t_text_ascii(t, s, ": not shown, ");
			t_text(t, s, why);
		}
		if (later)
			t_text(t, t_el(t, det, "pre"), later);
		else if (ex)
			t_text(t, t_el(t, det, "pre"), ex);
	}
	free(later);
	t_dump(t);
}

static void sources(struct report *rp)
{
	const struct br_dataset *ds = rp->ds;
	start(rp, "section");
	attr(rp, "id", "sources");
	el(rp, "h2", "Sources");
	el1(rp, "p", "class", "lede",
	    "Where every result was read: the document, the original lines and the text as it stands there.");
	for (size_t i = 0; i < ds->records.n; i++) /* after the writer's </p>: no start tag open */
		source(rp, i, ds->records.v[i]);
	t_flush(rp->rows);
	end(rp); /* section */
}

static void warnings(struct report *rp)
{
	const struct br_dataset *ds = rp->ds;
	start(rp, "section");
	attr(rp, "id", "warnings");
	size_t nwarn, nnotes;
	diag_counts(rp, &nwarn, &nnotes);
	start(rp, "h2");
	textf(rp, "Warnings (%zu)", nwarn);
	if (nnotes)
		textf(rp, " and notes (%zu)", nnotes);
	end(rp);
	if (!nwarn && !nnotes) {
		el1(rp, "p", "class", "lede", "None: every result-looking block of every input was read.");
		end(rp); /* section */
		return;
	}
	el1(rp, "p", "class", "lede",
	    "Warnings: what looked like a result but could not be read completely, or a figure that was kept "
	    "with a doubt. Notes: repairs the readers made (a re-joined line, a restored decimal point). "
	    "In reading order, as file:line.");
	start(rp, "ul");
	attr(rp, "class", "warn");
	struct br_buf b = BR_BUF_INIT;
	for (size_t i = 0; i < ds->diags.n; i++) {
		br_buf_reset(&b);
		br_diag_format(&ds->diags.v[i], &b);
		start(rp, "li");
		attr(rp, "class", br_severity_name(ds->diags.v[i].severity));
		el(rp, "code", br_buf_str(&b));
		end(rp);
	}
	for (size_t i = 0; i < rp->cmp->nnotes; i++) {
		start(rp, "li");
		attr(rp, "class", "warning");
		el(rp, "code", rp->cmp->notes[i]);
		end(rp);
	}
	br_buf_free(&b);
	end(rp); /* ul */
	end(rp); /* section */
}

/* Contents: the parts, every input, every metric group; the filter box
 * (shown by the script: without it there is nothing to filter with). */
/* The contents' links to the parts of the page, and the filter box. */
static void toc_links(struct report *rp)
{
	start(rp, "p");
	el1(rp, "a", "href", "#summary", "Summary");
	if (rp->nsecs > 1)
		el1(rp, "a", "href", "#by-metric", "By metric");
	el1(rp, "a", "href", "#by-input", rp->o->group_by ? "By group" : "By input");
	el1(rp, "a", "href", "#sources", "Sources");
	size_t nwarn, nnotes;
	diag_counts(rp, &nwarn, &nnotes);
	start(rp, "a");
	attr(rp, "href", "#warnings");
	textf(rp, "Warnings (%zu)", nwarn);
	end(rp);
	end(rp); /* p */
	start(rp, "p");
	attr(rp, "class", "filter");
	attr(rp, "hidden", "hidden");
	start(rp, "label");
	attr(rp, "for", "filter");
	text(rp, "Filter ");
	end(rp);
	start(rp, "input");
	attr(rp, "type", "search");
	attr(rp, "id", "filter");
	attr(rp, "placeholder", "input, host or label");
	attr(rp, "autocomplete", "off");
	end_void(rp);
	start(rp, "span");
	attr(rp, "id", "filter-count");
	attr(rp, "aria-live", "polite");
	end(rp);
	end(rp); /* p */
}

/* The contents by metric: the tables across inputs, or the one section's groups. */
static void toc_metrics(struct report *rp)
{
	start(rp, "div");
	attr(rp, "class", "toc-metrics");
	el(rp, "b", "By metric");
	start(rp, "ul");
	for (int fam = 0; fam < BR_FAM_COUNT; fam++)
		for (int g = 0; g < BR_GROUP_COUNT; g++) {
			if (!br_cmp_has_group(rp->cmp, fam, (enum br_group)g))
				continue;
			start(rp, "li");
			start(rp, "a");
			if (rp->nsecs > 1)
				attrf(rp, "href", "#m-%s-%s", br_family_name((enum br_family)fam), br_group_name((enum br_group)g));
			else
				attrf(rp, "href", "#in-1-%s-%s", br_family_name((enum br_family)fam),
				      br_group_name((enum br_group)g));
			textf(rp, "%s \xc2\xb7 %s", br_family_title((enum br_family)fam), br_group_title((enum br_group)g));
			end(rp); /* a */
			end(rp); /* li */
		}
	end(rp); /* ul */
	end(rp); /* div */
}

/* The contents by input (or group). */
static void toc_inputs(struct report *rp)
{
	start(rp, "div");
	attr(rp, "class", "toc-inputs");
	elf(rp, "b", "%s (%zu)", rp->o->group_by ? "By group" : "By input", rp->nsecs);
	start(rp, "ol");
	for (size_t i = 0; i < rp->nsecs; i++) {
		start(rp, "li");
		attr(rp, "data-name", rp->secs[i].name);
		start(rp, "a");
		attrf(rp, "href", "#in-%zu", i + 1);
		text(rp, rp->secs[i].name);
		end(rp);
		start(rp, "span");
		attr(rp, "class", "n");
		textf(rp, " %zu", rp->secs[i].own);
		end(rp);
		end(rp); /* li */
	}
	end(rp); /* ol */
	end(rp); /* div */
}

static void contents(struct report *rp)
{
	start(rp, "nav");
	attr(rp, "class", "toc");
	attr(rp, "aria-label", "Contents");
	toc_links(rp);
	toc_metrics(rp);
	toc_inputs(rp);
	end(rp); /* nav */
}

/* The page's header: title, what was read (the inputs by name, folded when
 * many), when and by what, and the command line folded away. */
static void header(struct report *rp, const char *title)
{
	const struct br_dataset *ds = rp->ds;
	start(rp, "header");
	attr(rp, "class", "top");
	el(rp, "h1", title);
	start(rp, "p");
	attr(rp, "class", "lede");
	textf(rp, "%zu result%s from %zu document%s", ds->records.n, ds->records.n == 1 ? "" : "s", ds->ninputs,
	      ds->ninputs == 1 ? "" : "s");
	if (rp->o->date)
		textf(rp, " \xc2\xb7 %s", rp->o->date);
	text(rp, " \xc2\xb7 benchreport " BR_VERSION);
	end(rp); /* p */
	if (ds->ninputs > 1 || br_provenance_command(rp->o)) {
		start(rp, "details");
		attr(rp, "class", "brief");
		start(rp, "summary");
		textf(rp, "Inputs: ");
		for (size_t i = 0; i < ds->ninputs && i < 3; i++)
			textf(rp, "%s%s", i ? ", " : "", br_report_file_name(ds->inputs[i].path));
		if (ds->ninputs > 3)
			textf(rp, " and %zu more", ds->ninputs - 3);
		end(rp); /* summary */
		start(rp, "p");
		attr(rp, "class", "names");
		for (size_t i = 0; i < ds->ninputs; i++) {
			if (i)
				text(rp, " \xc2\xb7 ");
			el(rp, "code", br_report_file_name(ds->inputs[i].path));
		}
		end(rp);
		if (br_provenance_command(rp->o)) {
			start(rp, "p");
			attr(rp, "class", "cmd");
			text(rp, "Command: ");
			el(rp, "code", br_provenance_command(rp->o));
			end(rp);
		}
		end(rp); /* details */
	}
	contents(rp);
	end(rp); /* header */
}

/* ------------------------------------------------------------ renderer */

/* The writer's output buffer hands its bytes to the sink as they come. */
static int sink_out(void *ctx, const char *p, int n)
{
	struct br_sink *out = ctx;
	if (n > 0)
		br_sink_write(out, p, (size_t)n);
	return out->failed ? -1 : n;
}

/* <head>: charset, viewport, generator, the title, the style sheet. */
static void page_head(struct report *rp, const char *title)
{
	xmlTextWriterWriteRaw(rp->w, BAD_CAST "<!DOCTYPE html>\n");
	start(rp, "html");
	attr(rp, "lang", "en");
	start(rp, "head");
	start(rp, "meta");
	attr(rp, "charset", "utf-8");
	end_void(rp);
	start(rp, "meta");
	attr(rp, "name", "viewport");
	attr(rp, "content", "width=device-width, initial-scale=1");
	end_void(rp);
	start(rp, "meta");
	attr(rp, "name", "generator");
	attr(rp, "content", "benchreport " BR_VERSION);
	end_void(rp);
	if (rp->o->title)
		el(rp, "title", title);
	else
		elf(rp, "title", "%s \xe2\x80\x94 %zu result%s", title, rp->ds->records.n, rp->ds->records.n == 1 ? "" : "s");
	/* our own constants: raw text, as HTML wants <style> and <script> */
	start(rp, "style");
	xmlTextWriterWriteRaw(rp->w, BAD_CAST css);
	struct br_buf cls = {0};
	style_classes(&cls);
	xmlTextWriterWriteRaw(rp->w, BAD_CAST br_buf_str(&cls));
	br_buf_free(&cls);
	end(rp);
	end(rp); /* head */
}

/* <body>: header, the summary, the tables by metric and by input, the
 * sources, the warnings, the footer and the script. */
static void page_body(struct report *rp, const char *title)
{
	start(rp, "body");
	header(rp, title);
	start(rp, "main");
	summary(rp);
	if (rp->nsecs > 1)
		by_metric(rp);
	start(rp, "section");
	attr(rp, "id", "by-input");
	el(rp, "h2", rp->o->group_by ? "By group" : "By input");
	for (size_t i = 0; i < rp->nsecs; i++)
		section(rp, i);
	end(rp); /* section */
	sources(rp);
	warnings(rp);
	end(rp); /* main */

	start(rp, "footer");
	textf(rp, "Made by benchreport %s from the documents listed above. Figures are in binary units "
		   "(1 MiB/s = 1024 KiB/s); \"+++++\" means the tool could not time the test.",
	      BR_VERSION);
	end(rp);
	start(rp, "script");
	xmlTextWriterWriteRaw(rp->w, BAD_CAST script);
	end(rp);
	end(rp); /* body */
	end(rp); /* html */
}

static int render(const struct br_report *rep, struct br_sink *out)
{
	const struct br_dataset *ds = rep->ds;
	const struct br_render_opts *o = rep->o;
	struct report rp = {0};
	rp.rep = rep;
	rp.ds = ds;
	rp.o = o;
	rp.cmp = rep->cmp;
	rp.secs = rep->secs;
	rp.nsecs = rep->nsecs;
	xmlOutputBufferPtr ob = xmlOutputBufferCreateIO(sink_out, NULL, out, NULL);
	rp.w = ob ? xmlNewTextWriter(ob) : NULL;
	if (!rp.w) {
		if (ob)
			xmlOutputBufferClose(ob);
		return br_error("cannot start the HTML report");
	}
	struct rows rows;
	rows_init(&rows, ob, out);
	rp.rows = &rows;

	char *title = o->title ? br_strdup(o->title) : br_strdup("Disk benchmark report");

	page_head(&rp, title);
	page_body(&rp, title);
	free(title);
	xmlTextWriterWriteRaw(rp.w, BAD_CAST "\n");
	int rc = xmlTextWriterFlush(rp.w) < 0 || out->failed ? br_error("cannot write the HTML report") : 0;
	xmlFreeTextWriter(rp.w); /* closes ob */
	rows_free(&rows);
	br_buf_free(&rp.tmp);
	br_ptrmap_free(&rp.recidx);
	free(rp.ser_base);
	return rc;
}

const struct br_renderer br_renderer_html = {
	.name = "html",
	.extensions = ".html .htm",
	.summary = "self-contained HTML report: charts, comparison tables, sources",
	.needs = BR_NEED_TABLES | BR_NEED_SECTIONS | BR_NEED_EXCERPTS | BR_NEED_EXCERPTS_LATER | BR_NEED_RAW | BR_NEED_PARAMS |
		 BR_NEED_ALSO | BR_NEED_DIAGS,
	.render = render,
};
