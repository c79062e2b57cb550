/*
 * csv — `--format csv` (`.csv`): the records as a spreadsheet, one row per
 * record, one column per metric.
 *
 * Columns: tool, version, host, label, file, line, end_line, size; then for
 * every metric present in any record (metrics.def order, --metric filters)
 * "<metric> (<unit>)" and, where any record has CPU use for it,
 * "<metric>_cpu (%)"; then too_fast and marked.
 *   - Values are in SCHEMA.md units (KiB/s, /s, us), unscaled, with as many
 *     digits as needed to read back exactly; "." is the decimal point.
 *   - A figure the record lacks is an empty field. A figure the tool printed
 *     as too fast to measure (+++++) is also an empty field, so that metric
 *     columns stay numeric for spreadsheets and data frames; the record's
 *     too_fast field lists those metrics by name, space-separated (and
 *     marked lists the figures the author marked). Nothing is lost: the
 *     JSON Lines output keeps the raw figures.
 *   - RFC 4180: CRLF line ends, a header row, fields holding a comma, a
 *     double quote, CR, LF (or leading/trailing blanks) are quoted, with
 *     quotes doubled. Text is UTF-8 as the records hold it.
 *   - Text from the input (host, label, version, file, size) that a
 *     spreadsheet would run as a formula — it starts with = + - @ TAB or CR
 *     and is not a plain number — gets a ' in front (OWASP's advice against
 *     CSV injection): a host named =HYPERLINK(...) shows as text.
 * Row order is the comparison model's (table.h): tool family, then input
 * order, or --sort / --group-by / --top as asked; --aggregate and
 * --baseline do not apply (one row per record).
 */
#include <stdlib.h>
#include <string.h>

#include "tablefmt.h"
#include "render.h"

/* Would a spreadsheet take s for a formula? "-" alone and numbers ("-5",
 * "+1.5e3") are values, not formulas. */
static bool formula_like(const char *s)
{
	if (!strchr("=+-@\t\r", s[0]) || s[0] == '\0')
		return false;
	if ((s[0] == '-' || s[0] == '+') && s[1] == '\0')
		return false;
	if (s[0] == '-' || s[0] == '+') {
		char *end;
		strtod(s, &end);
		if (end != s && *end == '\0')
			return false;
	}
	return true;
}

static void field(struct br_buf *b, const char *s)
{
	if (!s)
		return;
	struct br_buf tmp = BR_BUF_INIT;
	if (formula_like(s)) {
		br_buf_addc(&tmp, '\'');
		br_buf_adds(&tmp, s);
		s = tmp.data;
	}
	size_t n = strlen(s);
	bool q = strpbrk(s, ",\"\r\n") != NULL || (n && (s[0] == ' ' || s[n - 1] == ' ' ||
							 s[0] == '\t' || s[n - 1] == '\t'));
	if (!q) {
		br_buf_add(b, s, n);
	} else {
		br_buf_addc(b, '"');
		for (; *s; s++) {
			if (*s == '"')
				br_buf_addc(b, '"');
			br_buf_addc(b, *s);
		}
		br_buf_addc(b, '"');
	}
	br_buf_free(&tmp);
}

/* v in decimal (what "%u" prints), without a format string per row. */
static void add_uint(struct br_buf *b, unsigned v)
{
	char tmp[16], *p = tmp + sizeof tmp;
	do
		*--p = (char)('0' + v % 10);
	while ((v /= 10) != 0);
	br_buf_add(b, p, (size_t)(tmp + sizeof tmp - p));
}

static void row_out(struct br_buf *line, const struct br_record *r, const bool *cols,
		    const bool *cpu_cols)
{
	struct br_param size = br_record_param(r, "size");
	field(line, br_tool_name(r->tool));
	br_buf_addc(line, ',');
	field(line, r->version);
	br_buf_addc(line, ',');
	field(line, r->host);
	br_buf_addc(line, ',');
	field(line, r->label);
	br_buf_addc(line, ',');
	field(line, r->source.file);
	br_buf_addc(line, ',');
	add_uint(line, r->source.line);
	br_buf_addc(line, ',');
	add_uint(line, r->source.end_line);
	br_buf_addc(line, ',');
	if (size.key && size.str)
		field(line, size.str);
	else if (size.key)
		br_buf_add_double(line, size.num);
	struct br_buf fast = BR_BUF_INIT, marked = BR_BUF_INIT;
	for (int m = 0; m < BR_METRIC_COUNT; m++) {
		if (!cols[m])
			continue;
		const struct br_value v = br_record_get(r, (enum br_metric_id)m);
		br_buf_addc(line, ',');
		if (v.present && v.has_value)
			br_buf_add_double(line, v.value);
		if (cpu_cols[m]) {
			br_buf_addc(line, ',');
			if (v.present && v.has_cpu)
				br_buf_add_double(line, v.cpu);
		}
		if (v.present && v.too_fast) {
			if (fast.len)
				br_buf_addc(&fast, ' ');
			br_buf_adds(&fast, br_metric(m)->name);
		}
		if (v.present && v.marked) {
			if (marked.len)
				br_buf_addc(&marked, ' ');
			br_buf_adds(&marked, br_metric(m)->name);
		}
	}
	br_buf_addc(line, ',');
	field(line, br_buf_str(&fast));
	br_buf_addc(line, ',');
	field(line, br_buf_str(&marked));
	br_buf_adds(line, "\r\n");
	br_buf_free(&fast);
	br_buf_free(&marked);
}

static int render(const struct br_report *rep, struct br_sink *out)
{
	const struct br_cmp *cmp = rep->plain;
	if (cmp->ntables == 0)
		return br_error("no figures to show (check --metric)");
	bool cols[BR_METRIC_COUNT] = {false}, cpu_cols[BR_METRIC_COUNT] = {false};
	for (size_t i = 0; i < cmp->ntables; i++) {
		const struct br_cmp_table *t = &cmp->tables[i];
		for (size_t k = 0; k < t->ncols; k++) {
			cols[t->cols[k].metric] = true;
			cpu_cols[t->cols[k].metric] = cpu_cols[t->cols[k].metric] || t->cols[k].has_cpu;
		}
	}
	struct br_buf line = BR_BUF_INIT;
	br_buf_adds(&line, "tool,version,host,label,file,line,end_line,size");
	for (int m = 0; m < BR_METRIC_COUNT; m++) {
		if (!cols[m])
			continue;
		const struct br_metric_info *mi = br_metric(m);
		br_buf_addf(&line, ",%s (%s)", mi->name, br_unit_name(mi->unit));
		if (cpu_cols[m])
			br_buf_addf(&line, ",%s_cpu (%%)", mi->name);
	}
	br_buf_adds(&line, ",too_fast,marked\r\n");
	br_sink_write(out, line.data, line.len);
	for (size_t i = 0; i < cmp->ntables; i++) {
		const struct br_cmp_table *t = &cmp->tables[i];
		for (size_t r = 0; r < t->nrows; r++) {
			br_buf_reset(&line);
			row_out(&line, t->rows[r].members[0], cols, cpu_cols);
			br_sink_write(out, line.data, line.len);
		}
	}
	br_buf_free(&line);
	return 0;
}

const struct br_renderer br_renderer_csv = {
	.name = "csv",
	.extensions = ".csv",
	.summary = "one row per record, one column per metric (SCHEMA.md units)",
	.text = true,
	.needs = BR_NEED_PLAIN | BR_NEED_PARAMS, /* the size column */
	.render = render,
};
