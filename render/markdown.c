/*
 * markdown — `--format markdown` (`.md`): the comparison tables of the text
 * format as GitHub-flavoured Markdown, for issues, wikis and READMEs.
 *
 * Per table of the comparison model (compare.h): a heading, a pipe table
 * with a row per record and a column per metric ("Block write (MiB/s)", the
 * display unit chosen per column), %CPU columns where the tool printed CPU
 * use, the best value of each column in **bold**, a legend line; then the
 * ratios to the --baseline row and the run statistics of --aggregate when
 * asked. No width limit: Markdown viewers scroll. Everything from the input
 * (labels, hosts, raw figures) is escaped, so a label holding `|`, `*` or
 * `<script>` shows as text and cannot break the table.
 */
#include <stdlib.h>
#include <string.h>

#include "compare.h"
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

static void value_text(const struct br_cmp_col *col, const struct br_cmp_cell *c, struct br_buf *b)
{
	if (!c->present)
		br_buf_adds(b, "-");
	else if (c->too_fast)
		br_buf_adds(b, "+++++");
	else if (!c->has_value)
		br_buf_adds(b, "?");
	else {
		if (c->best)
			br_buf_adds(b, "**");
		br_cmp_format(col, c->value, b);
		if (c->best)
			br_buf_adds(b, "**");
	}
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

static void main_table(struct br_sink *out, const struct br_cmp_table *t, bool aggregated)
{
	br_sink_puts(out, aggregated ? "| Configuration | Runs |" : "| Record |");
	for (size_t k = 0; k < t->ncols; k++) {
		const struct br_cmp_col *col = &t->cols[k];
		br_sink_printf(out, " %s (%s) |", col->info->title, col->unit.name);
		if (col->has_cpu)
			br_sink_puts(out, " %CPU |");
	}
	br_sink_puts(out, aggregated ? "\n|:---|---:|" : "\n|:---|");
	for (size_t k = 0; k < t->ncols; k++)
		br_sink_puts(out, t->cols[k].has_cpu ? "---:|---:|" : "---:|");
	br_sink_puts(out, "\n");
	struct br_buf b = BR_BUF_INIT;
	for (size_t r = 0; r < t->nrows; r++) {
		const struct br_cmp_row *row = &t->rows[r];
		br_buf_reset(&b);
		br_buf_adds(&b, "| ");
		md_escape(&b, row->name);
		if (aggregated)
			br_buf_addf(&b, " | %zu", row->nmembers);
		br_buf_adds(&b, " |");
		for (size_t k = 0; k < t->ncols; k++) {
			struct br_cmp_cell buf;
			const struct br_cmp_cell *c = br_cmp_cell(t, r, k, &buf);
			br_buf_addc(&b, ' ');
			value_text(&t->cols[k], c, &b);
			br_buf_adds(&b, " |");
			if (t->cols[k].has_cpu) {
				if (c->has_cpu) {
					br_buf_addc(&b, ' ');
					br_format_cpu(c->cpu, br_cmp_cpu_tenths(row), &b);
				}
				br_buf_adds(&b, " |");
			}
		}
		br_buf_addc(&b, '\n');
		br_sink_write(out, b.data, b.len);
	}
	br_buf_free(&b);
}

static void legend(struct br_sink *out, const struct br_cmp_table *t, bool aggregated)
{
	bool best = false, cpu = false, fast = false, higher = false, lower = false, binary = false;
	bool absent = false, unreadable = false;
	for (size_t k = 0; k < t->ncols; k++) {
		const struct br_cmp_col *col = &t->cols[k];
		best = best || col->has_best;
		cpu = cpu || col->has_cpu;
		fast = fast || col->any_too_fast;
		binary = binary || col->info->unit == BR_UNIT_KIBS;
		if (col->info->better == BR_HIGHER)
			higher = true;
		else
			lower = true;
		absent = absent || col->any_absent;
		unreadable = unreadable || col->any_unreadable;
	}
	struct br_buf b = BR_BUF_INIT;
	if (best) {
		br_buf_adds(&b, " **Bold**: best in column");
		if (higher && lower)
			br_buf_adds(&b, " (latency: less is better, the rest: more is better).");
		else
			br_buf_adds(&b, higher ? " (more is better)." : " (less is better).");
	}
	if (cpu)
		br_buf_adds(&b, " %CPU: CPU use in percent.");
	if (fast)
		br_buf_adds(&b, " +++++: too fast for the tool to measure.");
	if (unreadable)
		br_buf_adds(&b, " ?: printed but unreadable.");
	if (absent)
		br_buf_adds(&b, " -: not measured.");
	if (binary)
		br_buf_adds(&b, " KiB/MiB/GiB are 1024-based.");
	if (aggregated)
		br_buf_adds(&b, " Values are means over the runs.");
	if (b.len) {
		br_sink_puts(out, "\n");
		br_sink_puts(out, b.data + 1);
		br_sink_puts(out, "\n");
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
			br_buf_addf(&b, " | %zu |", c->n);
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
					br_buf_addf(&b, " %.2f \\~ |", c->p);
					break;
				case BR_CMP_SIG_BEYOND:
					if (c->p < 0.001)
						br_buf_adds(&b, " \\<0.001 |");
					else
						br_buf_addf(&b, " %.3f |", c->p);
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

static int render(const struct br_dataset *ds, const struct br_render_opts *o, struct br_sink *out)
{
	struct br_cmp *cmp = br_cmp_build(ds, o);
	if (cmp->ntables == 0) {
		br_cmp_free(cmp);
		return br_error("no figures to show (check --metric)");
	}
	for (size_t i = 0; i < cmp->ntables; i++) {
		const struct br_cmp_table *t = &cmp->tables[i];
		if (i)
			br_sink_puts(out, "\n");
		heading(out, t, cmp->aggregated);
		main_table(out, t, cmp->aggregated);
		legend(out, t, cmp->aggregated);
		if (t->baseline >= 0 && t->nrows > 1)
			baseline_table(out, t, cmp->aggregated);
		if (cmp->aggregated)
			stats_tables(out, t);
	}
	br_cmp_free(cmp);
	return 0;
}

const struct br_renderer br_renderer_markdown = {
	.name = "markdown",
	.extensions = ".md .markdown",
	.summary = "comparison tables as GitHub-flavoured Markdown",
	.render = render,
};
