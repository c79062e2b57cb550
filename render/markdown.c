/*
 * markdown — `--format markdown` (`.md`): the comparison tables of the text
 * format as GitHub-flavoured Markdown, for issues, wikis and READMEs.
 *
 * Per table of the comparison model (table.h): a heading, a pipe table
 * with a row per record and a column per metric ("Block write (MiB/s)", the
 * display unit chosen per column), %CPU columns where the tool printed CPU
 * use, the best value of each column in **bold**, a legend line; then the
 * ratios to the --baseline row and the run statistics of --aggregate when
 * asked. No width limit unless --columns N: then the names are shortened
 * at whole words (listed in full below) and the metric columns split into
 * tables that fit N columns, for Markdown read as plain text in mail.
 * Everything from the input
 * (labels, hosts, raw figures) is escaped, so a label holding `|`, `*` or
 * `<script>` shows as text and cannot break the table.
 */
#include <stdlib.h>
#include <string.h>

#include "tablefmt.h"
#include "render.h"

/* Escape text for a GFM table cell or heading: backslash-escape Markdown
 * punctuation (pipes included), turn line breaks into spaces. */
static void md_escape(struct br_buf *b, const char *s)
{
	for (; *s; s++) {
		char c = *s;
		if (c == '\n' || c == '\r' || c == '\t') {
			br_buf_addc(b, ' ');
			continue;
		}
		if (strchr("\\`*_[]<>|~&#!", c))
			br_buf_addc(b, '\\');
		br_buf_addc(b, c);
	}
}

static void put_escaped(struct br_sink *out, const char *s)
{
	struct br_buf b = BR_BUF_INIT;
	md_escape(&b, s);
	br_sink_write(out, b.data ? b.data : "", b.len);
	br_buf_free(&b);
}

/* A count between two pieces of text (a row's runs), without a format
 * string per row. */
static void add_count(struct br_buf *b, const char *before, size_t n, const char *after)
{
	char tmp[24], *p = tmp + sizeof tmp;
	do
		*--p = (char)('0' + n % 10);
	while ((n /= 10) != 0);
	br_buf_adds(b, before);
	br_buf_add(b, p, (size_t)(tmp + sizeof tmp - p));
	br_buf_adds(b, after);
}

static const char *better_words(const struct br_cmp_col *col)
{
	return col->info->better == BR_HIGHER ? "more is better" : "less is better";
}

static void heading(struct br_sink *out, const struct br_cmp_table *t, bool aggregated)
{
	br_sink_printf(out, "### %s", t->title);
	if (t->group_key) {
		br_sink_printf(out, ", %s ", t->group_key);
		put_escaped(out, t->group);
	}
	size_t runs = 0;
	for (size_t r = 0; r < t->nrows; r++)
		runs += t->rows[r].nmembers;
	if (aggregated)
		br_sink_printf(out, ": %zu run%s in %zu configuration%s", runs, runs == 1 ? "" : "s",
			       t->nrows, t->nrows == 1 ? "" : "s");
	else
		br_sink_printf(out, ": %zu record%s", t->nrows, t->nrows == 1 ? "" : "s");
	if (t->ndropped)
		br_sink_printf(out, " (the best %zu shown, %zu left out)", t->nrows, t->ndropped);
	br_sink_puts(out, "\n\n");
}

/* The heading of a metric column: its title, or with --columns its short
 * title ("BlkWrite (MiB/s)"). */
static void col_head(const struct br_cmp_col *col, bool narrow, struct br_buf *b)
{
	br_buf_addf(b, "%s (%s)", narrow ? col->info->short_title : col->info->title, col->unit.name);
}

/* Row r's cells of column k: " value |" ("-" not measured, "+++++", "?"
 * unreadable, the best in **bold**) and " cpu |" when the column has cpu;
 * each figure formatted once, where it goes. */
static void row_cells(const struct br_cmp_table *t, size_t r, size_t k, struct br_buf *b)
{
	const struct br_cmp_col *col = &t->cols[k];
	struct br_cmp_fig f;
	br_cmp_fig(t, r, k, &f);
	br_buf_grow(b, 2 * BR_FIGURE_MAX + 16);
	char *d = b->data + b->len;
	*d++ = ' ';
	if (!f.present) {
		*d++ = '-';
	} else if (f.too_fast) {
		memcpy(d, "+++++", 5);
		d += 5;
	} else if (!f.has_value) {
		*d++ = '?';
	} else {
		if (f.best)
			*d++ = '*', *d++ = '*';
		d += br_cmp_value_text(col, f.value, d);
		if (f.best)
			*d++ = '*', *d++ = '*';
	}
	memcpy(d, " |", 2);
	d += 2;
	if (col->has_cpu) {
		if (f.has_cpu) {
			*d++ = ' ';
			d += br_cmp_cpu_text(col, f.cpu, br_cmp_cpu_tenths(&t->rows[r]), d);
		}
		memcpy(d, " |", 2);
		d += 2;
	}
	b->len = (size_t)(d - b->data);
	b->data[b->len] = '\0';
}

/* The table of metric columns [from, to). */
static void main_part(struct br_sink *out, const struct br_cmp_table *t, bool aggregated, char **names,
		      size_t from, size_t to, bool narrow)
{
	struct br_buf b = BR_BUF_INIT;
	br_buf_adds(&b, aggregated ? "| Configuration | Runs |" : "| Record |");
	for (size_t k = from; k < to; k++) {
		br_buf_addc(&b, ' ');
		col_head(&t->cols[k], narrow, &b);
		br_buf_adds(&b, t->cols[k].has_cpu ? " | %CPU |" : " |");
	}
	br_buf_adds(&b, aggregated ? "\n|:---|---:|" : "\n|:---|");
	for (size_t k = from; k < to; k++)
		br_buf_adds(&b, t->cols[k].has_cpu ? "---:|---:|" : "---:|");
	br_buf_addc(&b, '\n');
	br_sink_write(out, b.data, b.len);
	for (size_t r = 0; r < t->nrows; r++) {
		br_buf_reset(&b);
		br_buf_adds(&b, "| ");
		md_escape(&b, names[r]);
		if (aggregated)
			add_count(&b, " | ", t->rows[r].nmembers, "");
		br_buf_adds(&b, " |");
		for (size_t k = from; k < to; k++)
			row_cells(t, r, k, &b);
		br_buf_addc(&b, '\n');
		br_sink_write(out, b.data, b.len);
	}
	br_buf_free(&b);
}

/* The main table; with a width, split into tables of as many metric
 * columns as fit it beside the names (each at least one). */
static void main_table(struct br_sink *out, const struct br_cmp_table *t, bool aggregated, char **names,
		       size_t width)
{
	if (!width) {
		main_part(out, t, aggregated, names, 0, t->ncols, false);
		return;
	}
	struct br_buf b = BR_BUF_INIT;
	size_t lead = br_u8_columns(aggregated ? "| Configuration | Runs |" : "| Record |");
	for (size_t r = 0; r < t->nrows; r++) {
		br_buf_reset(&b);
		br_buf_adds(&b, "| ");
		md_escape(&b, names[r]);
		if (aggregated)
			add_count(&b, " | ", t->rows[r].nmembers, "");
		br_buf_adds(&b, " |");
		if (br_u8_columns(b.data) > lead)
			lead = br_u8_columns(b.data);
	}
	size_t from = 0;
	while (from < t->ncols) {
		size_t to = from, w = lead;
		while (to < t->ncols) {
			br_buf_reset(&b);
			br_buf_addc(&b, ' ');
			col_head(&t->cols[to], true, &b);
			br_buf_adds(&b, t->cols[to].has_cpu ? " | %CPU |" : " |");
			size_t cw = br_u8_columns(b.data);
			for (size_t r = 0; r < t->nrows; r++) {
				br_buf_reset(&b);
				row_cells(t, r, to, &b);
				if (b.len > cw)
					cw = b.len; /* ASCII */
			}
			if (to > from && w + cw > width)
				break;
			w += cw;
			to++;
		}
		if (from)
			br_sink_puts(out, "\n");
		main_part(out, t, aggregated, names, from, to, true);
		from = to;
	}
	br_buf_free(&b);
}

/* A paragraph, wrapped at `width` columns when width > 0, continuation
 * lines indented by `indent`. */
static void paragraph(struct br_sink *out, const char *text, size_t indent, size_t width)
{
	if (!width) {
		br_sink_puts(out, text);
		br_sink_puts(out, "\n");
		return;
	}
	struct br_buf b = BR_BUF_INIT;
	br_buf_add_wrapped(&b, text, indent, width);
	br_sink_write(out, b.data, b.len);
	br_buf_free(&b);
}

/* With a width, the row names shortened to fit beside the figures (whole
 * words, as the text format does; "[N]" when not even a word fits), else
 * the names themselves. cut[r]: name r was shortened. */
static char **fit_names(const struct br_cmp_table *t, size_t width, bool *cut)
{
	char **names = br_calloc(t->nrows ? t->nrows : 1, sizeof *names);
	char **full = br_calloc(t->nrows ? t->nrows : 1, sizeof *full);
	size_t cap = width * 45 / 100, marks = 0;
	for (size_t r = 0; r < t->nrows; r++) {
		const char *n = t->rows[r].name;
		full[r] = t->rows[r].name;
		char *e = width && br_u8_columns(n) > cap ? br_cmp_shorten_name(n, cap) : br_strdup(n);
		if (!e)
			e = br_asprintf("[%zu]", ++marks);
		cut[r] = strcmp(e, n) != 0;
		names[r] = e;
	}
	if (width)
		br_cmp_mark_clashes(names, cut, full, t->nrows, cap, &marks);
	free(full);
	return names;
}

/* The key to shortened names, each pair once. */
static void full_names(struct br_sink *out, const struct br_cmp_table *t, char **names, const bool *cut,
		       size_t width)
{
	br_sink_puts(out, "\nFull names:\n\n");
	struct br_buf b = BR_BUF_INIT;
	for (size_t r = 0; r < t->nrows; r++) {
		bool seen = !cut[r];
		for (size_t q = 0; q < r && !seen; q++)
			seen = cut[q] && strcmp(names[q], names[r]) == 0 &&
			       strcmp(t->rows[q].name, t->rows[r].name) == 0;
		if (seen)
			continue;
		br_buf_reset(&b);
		br_buf_adds(&b, "- ");
		md_escape(&b, names[r]);
		br_buf_adds(&b, " = ");
		md_escape(&b, t->rows[r].name);
		paragraph(out, b.data, 2, width);
	}
	br_buf_free(&b);
}

static void legend(struct br_sink *out, const struct br_cmp_table *t, bool aggregated, size_t width)
{
	struct br_buf b = BR_BUF_INIT;
	br_cmp_legend(t, aggregated, "**Bold**:", "%CPU", &b);
	if (b.len) {
		br_sink_puts(out, "\n");
		paragraph(out, b.data, 0, width);
	}
	br_buf_free(&b);
}

static void baseline_table(struct br_sink *out, const struct br_cmp_table *t, bool aggregated)
{
	const struct br_cmp_row *base = &t->rows[t->baseline];
	br_sink_puts(out, "\n#### Relative to the baseline (= 100%), ");
	put_escaped(out, base->name);
	br_sink_puts(out, aggregated ? "\n\n| Configuration |" : "\n\n| Record |");
	for (size_t k = 0; k < t->ncols; k++)
		br_sink_printf(out, " %s |", t->cols[k].info->title);
	br_sink_puts(out, "\n|:---|");
	for (size_t k = 0; k < t->ncols; k++)
		br_sink_puts(out, "---:|");
	br_sink_puts(out, "\n");
	bool within = false, untested = false, lower = false;
	struct br_buf b = BR_BUF_INIT;
	for (size_t r = 0; r < t->nrows; r++) {
		br_buf_reset(&b);
		br_buf_adds(&b, "| ");
		md_escape(&b, t->rows[r].name);
		br_buf_adds(&b, " |");
		for (size_t k = 0; k < t->ncols; k++) {
			struct br_cmp_cell buf;
			const struct br_cmp_cell *c = br_cmp_cell(t, r, k, &buf);
			lower = lower || t->cols[k].info->better == BR_LOWER;
			br_buf_addc(&b, ' ');
			if ((long)r == t->baseline && c->has_value)
				br_buf_adds(&b, "100%");
			else if (c->has_ratio) {
				br_cmp_format_ratio(c->ratio, &b);
				if (aggregated && c->sig == BR_CMP_SIG_WITHIN) {
					br_buf_adds(&b, " \\~");
					within = true;
				} else if (aggregated && c->sig == BR_CMP_SIG_UNTESTED) {
					br_buf_adds(&b, " ?");
					untested = true;
				}
			} else
				br_buf_adds(&b, c->present && c->too_fast ? "+++++" : "-");
			br_buf_adds(&b, " |");
		}
		br_buf_addc(&b, '\n');
		br_sink_write(out, b.data, b.len);
	}
	br_buf_free(&b);
	br_sink_puts(out, lower ? "\nAbove 100% is better, except for latency, where below 100% is better."
				: "\nAbove 100% is better.");
	if (within)
		br_sink_puts(out, " \\~: difference within the run-to-run spread.");
	if (untested)
		br_sink_puts(out, " ?: fewer than two runs on one side, not tested.");
	if (aggregated)
		br_sink_printf(out, " Spread decided by %s.", BR_CMP_METHOD);
	br_sink_puts(out, "\n");
}

static void stats_tables(struct br_sink *out, const struct br_cmp_table *t)
{
	br_sink_puts(out, "\n#### Run-to-run statistics\n");
	struct br_buf b = BR_BUF_INIT;
	for (size_t k = 0; k < t->ncols; k++) {
		const struct br_cmp_col *col = &t->cols[k];
		if (col->nvalues == 0)
			continue;
		br_sink_printf(out, "\n**%s** (%s, %s)\n\n", col->info->title, col->unit.name,
			       better_words(col));
		br_sink_puts(out, t->baseline >= 0
					  ? "| Configuration | n | mean | median | sd | min | max | p |\n"
					    "|:---|---:|---:|---:|---:|---:|---:|---:|\n"
					  : "| Configuration | n | mean | median | sd | min | max |\n"
					    "|:---|---:|---:|---:|---:|---:|---:|\n");
		for (size_t r = 0; r < t->nrows; r++) {
			struct br_cmp_cell buf;
			const struct br_cmp_cell *c = br_cmp_cell(t, r, k, &buf);
			br_buf_reset(&b);
			br_buf_adds(&b, "| ");
			md_escape(&b, t->rows[r].name);
			add_count(&b, " | ", c->n, " |");
			double vals[5] = {c->mean, c->median, c->sd, c->min, c->max};
			for (int i = 0; i < 5; i++) {
				br_buf_addc(&b, ' ');
				if (!c->has_value)
					br_buf_adds(&b, i == 0 && c->too_fast ? "+++++" : "-");
				else if (i == 2 && c->n < 2)
					br_buf_adds(&b, "-");
				else
					br_cmp_format(col, vals[i], &b);
				br_buf_adds(&b, " |");
			}
			if (t->baseline >= 0) {
				switch (c->sig) {
				case BR_CMP_SIG_WITHIN:
					br_buf_addc(&b, ' ');
					br_buf_add_fixed(&b, c->p, 2); /* (what "%.2f" writes) */
					br_buf_adds(&b, " \\~ |");
					break;
				case BR_CMP_SIG_BEYOND:
					if (c->p < 0.001) {
						br_buf_adds(&b, " \\<0.001 |");
					} else {
						br_buf_addc(&b, ' ');
						br_buf_add_fixed(&b, c->p, 3);
						br_buf_adds(&b, " |");
					}
					break;
				case BR_CMP_SIG_UNTESTED:
					br_buf_adds(&b, " ? |");
					break;
				default:
					br_buf_adds(&b, "  |");
				}
			}
			br_buf_addc(&b, '\n');
			br_sink_write(out, b.data, b.len);
		}
	}
	br_buf_free(&b);
	if (t->baseline >= 0)
		br_sink_printf(out, "\np: %s, against the baseline; \\~: within the run-to-run spread; "
				    "?: fewer than two runs on one side.\n",
			       BR_CMP_METHOD);
}

static int render(const struct br_report *rep, struct br_sink *out)
{
	const struct br_render_opts *o = rep->o;
	const struct br_cmp *cmp = rep->cmp;
	if (cmp->ntables == 0)
		return br_error("no figures to show (check --metric)");
	for (size_t i = 0; i < cmp->ntables; i++) {
		const struct br_cmp_table *t = &cmp->tables[i];
		if (i)
			br_sink_puts(out, "\n");
		size_t width = o && o->columns > 0 ? (size_t)o->columns : 0;
		heading(out, t, cmp->aggregated);
		bool *cut = br_calloc(t->nrows ? t->nrows : 1, sizeof *cut);
		char **names = fit_names(t, width, cut);
		main_table(out, t, cmp->aggregated, names, width);
		legend(out, t, cmp->aggregated, width);
		bool any = false;
		for (size_t r = 0; r < t->nrows; r++)
			any = any || cut[r];
		if (any)
			full_names(out, t, names, cut, width);
		for (size_t r = 0; r < t->nrows; r++)
			free(names[r]);
		free(names);
		free(cut);
		if (t->baseline >= 0 && t->nrows > 1)
			baseline_table(out, t, cmp->aggregated);
		if (cmp->aggregated)
			stats_tables(out, t);
	}
	return 0;
}

const struct br_renderer br_renderer_markdown = {
	.name = "markdown",
	.extensions = ".md .markdown",
	.summary = "comparison tables as GitHub-flavoured Markdown",
	.text = true,
	.needs = BR_NEED_TABLES,
	.render = render,
};
