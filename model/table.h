/*
 * table — the comparison model behind every table (text, Markdown, CSV,
 * HTML): a dataset plus br_render_opts turned into tables of rows and
 * columns with display units, best values, baseline ratios and run-to-run
 * statistics. Pure computation: it prints nothing and draws nothing.
 *
 * Shape
 *   br_cmp            the whole comparison: tables[], in family order
 *   br_cmp_table      one per tool family (bonnie and bonnie++ together;
 *                     hdparm; rawio), split further by --group-by into one
 *                     table per group value (first appearance order)
 *   br_cmp_col        one per metric present in the table's rows, in
 *                     metrics.def order, filtered by --metric
 *   br_cmp_row        one per record, or with --aggregate one per
 *                     configuration (its runs in members[])
 *   br_cmp_cell       the figure of row r for column c: br_cmp_cell(t, r, c,
 *                     buf), made when asked for (a table of 100,000 rows
 *                     holds no cells: 300 MB for a bonnie++ table); after
 *                     br_cmp_materialize() also rows[r].cells[c]
 *
 * Rules the model applies (renderers only present them)
 *   - Units: a column keeps values in SCHEMA.md units (cell.value); the
 *     display unit is chosen per column from its largest value: KiB/s, MiB/s,
 *     GiB/s for throughput (binary, one unit per column), /s unscaled, us/ms/s
 *     for latency. Display value = value / col.div, its decimals by the figure
 *     alone (br_format_figure; col.decimals is the most in the column);
 *     br_cmp_format() does exactly that.
 *   - Best: per column, the highest value (BR_HIGHER) or lowest (BR_LOWER,
 *     latency); cpu: lowest. Ties are all best. Marked only when the column
 *     holds at least two numbers that differ. Too-fast (+++++) cells have no
 *     number and are never best.
 *   - Rows: input order, or --sort KEY: a metric name (best first; +++++
 *     counts as fastest; rows without the figure last), "label", "host" or "tool" (natural order,
 *     "Try 2" before "Try 10"). The baseline row, if any, is always first.
 *   - --top N: the N best rows of each table are kept (by the --sort metric
 *     when it is one; otherwise by the mean over the table's columns of
 *     value/best, inverted for lower-is-better), then shown in the row order
 *     above. The baseline row is kept in addition.
 *   - Names (br_cmp_build; br_cmp_build_records knows no inputs): a row is
 *     called "label / host", label or host; a row with neither gets its
 *     input's name (dataset.h), with ":LINE" when several such rows of one
 *     input share a table. When rows of one tool family would show the same
 *     name but come from different inputs, each such name is qualified with
 *     its input's: "host0 (before)", "host0 (after)" (row.qual).
 *   - --baseline NAME: per table, the first row read from the input given
 *     as the path NAME, else whose label is NAME, else whose host is NAME,
 *     else read from the input called NAME, else whose label starts with
 *     "NAME / ", else (with --aggregate) one of whose runs has label or
 *     host NAME; the same again case-insensitively if nothing matched.
 *     Every other row's cells then carry ratio = value / baseline value.
 *     When no table has such a row, model.baseline_unmatched is set and
 *     model.baseline_choices lists what NAME could be.
 *   - Before/after: without --baseline, a table of exactly two rows (two
 *     configurations with --aggregate) from two inputs that name the same
 *     thing (the same name but for the input's part: the same label and
 *     host, a label that is the input's given name, or neither) takes the
 *     first as its baseline; table.before_after marks such a table (also
 *     when --baseline picked one of the two).
 *   - --aggregate: runs of one configuration are combined: same family,
 *     same label once a "Try N" / "run N" part is removed (at the start of a
 *     " / "-separated segment, with a "(remark)" after it: "Try 2 (disc
 *     mounted)" → "", "Run 1: raid0" → "raid0"; or at a segment's end:
 *     "ext3, try 2" → "ext3"), same tool, and compatible hosts (equal, or one a prefix of the other, or absent).
 *     When nothing but the Try N part was the label, the host alone is the
 *     configuration. Runs of different inputs (by input name) are never one
 *     configuration; model.groups says which configurations were formed.
 *     A cell holds n, mean, median, sample standard deviation,
 *     min, max over the runs' numbers (value = mean; cpu = mean cpu). Against
 *     a baseline, cell.sig says whether the difference is larger than the
 *     run-to-run spread: Welch's two-sample t-test, two-sided, p < 0.05
 *     (BR_CMP_METHOD is the sentence to print); untestable with fewer than
 *     two runs on either side.
 *
 * Ownership
 *   br_cmp_build() returns a model that owns its tables, rows, cells, notes
 *   and every string in them (input names too); br_cmp_free() releases all of it (NULL is
 *   fine). Records are BORROWED from the dataset (row.members, cell.raw):
 *   the dataset must outlive the model. Nothing in the model is meant to be
 *   modified by callers.
 *
 * For a table renderer: the report model (report.h) builds it once per
 *   report, br_cmp_build(ds, opts); then
 *   loop tables → cols (header: col.info->title / short_title, col.unit)
 *                → rows (row.name, row.label, row.host, row.members[] for
 *                  provenance) → cells (br_cmp_cell(), or rows[r].cells
 *                  after br_cmp_materialize(): the same values; or only
 *                  the figure, cpu and best mark: br_cmp_fig(), cheaper);
 *   and present them with tablefmt.h:
 *   br_cmp_format(col, cell.value, buf)  the displayed number
 *                  (br_cmp_value_text: the same into a char array);
 *   br_cmp_shade(col, cell.value)        0 = worst … 1 = best, for shading;
 *   br_cmp_format_ratio(ratio, buf)      "112%" for baseline columns;
 *   br_cmp_sig_text(cell.sig)            short words for the t-test result.
 *   br_cmp_pick_unit() (units.h) gives the same unit choice for a chart axis.
 *   model.notes[] are warnings for stderr (the CLI prints them), not output.
 *   The grouping of --aggregate is group.h's; the statistics stats.h's.
 */
#ifndef BR_MODEL_TABLE_H
#define BR_MODEL_TABLE_H

#include <stdbool.h>
#include <stddef.h>

#include "dataset.h"
#include "metric.h"
#include "record.h"
#include "opts.h"
#include "stats.h"
#include "units.h"
#include "util.h"

enum br_cmp_sig {
	BR_CMP_SIG_NONE,       /* no baseline, this is the baseline, or no number */
	BR_CMP_SIG_UNTESTED,   /* fewer than two runs on one side */
	BR_CMP_SIG_WITHIN,     /* difference within the run-to-run spread (p >= 0.05) */
	BR_CMP_SIG_BEYOND,     /* difference larger than the spread (p < 0.05) */
};

struct br_cmp_cell {
	/* (the flags come first, together, so that a cell packs into 128 bytes:
	 * a large table holds one per row and column) */
	bool present;        /* the record (any run of the row) holds this figure */
	bool has_value;      /* a number: false for too fast / unreadable */
	bool has_cpu;
	bool too_fast;       /* printed +++++ (aggregated: every run was too fast) */
	bool marked;         /* the author marked it (any run) */
	bool best;           /* best value of its column */
	bool best_cpu;       /* lowest cpu of its column */
	bool has_ratio;      /* against the baseline row (false on the baseline row itself) */
	bool better;         /* the difference goes the good way for this metric */
	uint8_t raw_form;    /* with raw NULL, the form it is made in (br_cmp_cell_raw) */
	enum br_cmp_sig sig; /* aggregated rows only; otherwise BR_CMP_SIG_NONE */
	double value;        /* SCHEMA.md unit; the mean over runs when aggregated */
	double cpu;          /* percent; mean over runs with cpu when aggregated */
	const char *raw;     /* as printed (borrowed; NULL for aggregates of 2+ runs):
			      * read it with br_cmp_cell_raw */
	/* Run statistics over the numbers (n = 1 without --aggregate). */
	size_t n;            /* runs with a number */
	size_t n_too_fast;   /* runs printed +++++ */
	double mean, median, sd, min, max; /* sd: sample (n-1); 0 when n < 2 */
	/* Against the baseline row. */
	double ratio;        /* value / baseline value */
	double t, df, p;     /* Welch's statistic, degrees of freedom, p value */
};

struct br_cmp_col {
	enum br_metric_id metric;
	const struct br_metric_info *info; /* title, short_title, better, group */
	struct br_cmp_unit unit;           /* display unit for the whole column */
	bool has_cpu;        /* some cell has a cpu figure */
	bool any_too_fast;
	bool any_marked;
	size_t nvalues;      /* cells with a number */
	bool has_best;       /* best marks were given (two numbers or more, not all equal) */
	double best;         /* best value, SCHEMA.md unit */
	double min, max;     /* over the numbers, for shading and bar scales */
	bool has_best_cpu;   /* as has_best, for cpu */
	double best_cpu;     /* (the lowest cpu) */
	/* Over the cells too, so that a renderer can size and describe the
	 * column without visiting every cell: */
	double cpu_max;      /* highest cpu (when has_cpu) */
	bool cpu_decimals;   /* some cpu figure is not a whole number */
	bool cpu_tenths;     /* some row prints cpu in tenths (br_cmp_cpu_tenths) */
	bool any_absent;     /* some row lacks the figure (!present) */
	bool any_unreadable; /* present, no number, not too fast */
	bool any_negative;   /* some value or cpu has its sign bit set (-0 too), or a
				cpu is not finite */
	int value_decimals;  /* the decimals br_cmp_format gives every value of the
				column (a cell's value, min, max, best) when they
				are the same for all, else -1 (each figure decides) */
};

struct br_cmp_row {
	char *name;          /* "label / host", or label, or host, or "file:line" */
	char *label;         /* NULL when none; aggregated: the configuration label */
	char *host;          /* NULL when none */
	const struct br_record **members; /* the runs (1 without --aggregate), borrowed */
	size_t nmembers;
	const char *input;   /* the name of the input the runs came from, or NULL when
				unknown */
	const char *qual;    /* = input when name carries " (input)", else NULL */
	bool is_baseline;
	struct br_cmp_cell *cells; /* ncols entries, same order as table.cols, once
				      br_cmp_materialize() ran; NULL before */
};

struct br_cmp_table {
	enum br_family family;
	const char *title;   /* br_family_title() */
	const char *group_key; /* "tool", "host", "label" with --group-by, else NULL */
	char *group;         /* the group's value ("(none)" when absent), else NULL */
	struct br_cmp_col *cols;
	size_t ncols;
	struct br_cmp_row *rows;
	size_t nrows;
	long baseline;       /* index into rows, or -1 */
	size_t ndropped;     /* rows left out by --top */
	bool before_after;   /* two rows, one thing from two inputs, rows[0] the baseline */
	/* (internal) */
	bool aggregated;     /* the t-test against the baseline applies */
	struct br_cmp_cell *base_cells; /* the baseline row's cells (ratios), or NULL */
	struct br_cmp_cell *cell_block; /* every row's cells after br_cmp_materialize() */
	const struct br_record **member_block; /* the rows' members when each has one run
						  (not --aggregate): one block */
};

struct br_cmp {
	struct br_cmp_table *tables;
	size_t ntables;
	bool aggregated;     /* --aggregate was applied */
	const char *baseline; /* the --baseline NAME asked for (borrowed from opts) */
	const char *sort;    /* the --sort key in effect (borrowed), or NULL */
	char **notes;        /* warnings for stderr ("--baseline 'x' matches no record") */
	size_t nnotes;
	bool baseline_unmatched; /* --baseline matched no row of any table */
	char *baseline_choices;  /* then: the labels, hosts and input names it could
				    match ("before, after, host0"), else NULL */
	char *groups;        /* --aggregate: the configurations formed ("3 runs of
				host0 in before, 3 runs of host0 in after"), else NULL */
	/* (internal) the input names rows point to */
	char **input_names;
	size_t ninput_names;
};

/* Build the model. `o` may be NULL (defaults). Never fails; an empty dataset
 * (or a --metric filter that leaves nothing) gives ntables == 0. */
struct br_cmp *br_cmp_build(const struct br_dataset *ds, const struct br_render_opts *o);
/* The same from a bare record set (tests, the archive). */
struct br_cmp *br_cmp_build_records(const struct br_recset *rs, const struct br_render_opts *o);
void br_cmp_free(struct br_cmp *c);

/* The cell of row r, column k: rows[r].cells + k when materialised, else
 * made in *buf (the returned pointer). Never NULL. The statistics, best
 * marks, ratio and t-test are those every cell of the model has. Made
 * afresh on each call: an --aggregate row's cell costs a sort of its runs'
 * numbers (and the t-test against a baseline) every time. */
const struct br_cmp_cell *br_cmp_cell(const struct br_cmp_table *t, size_t r, size_t k,
				      struct br_cmp_cell *buf);
/* The cell's figure as printed (NULL: none): its raw, or made into buf
 * (br_value_raw). */
const char *br_cmp_cell_raw(const struct br_cmp_cell *c, char buf[BR_RAW_BUF]);
/* The cell's figure for br_value_raw and br_value_raw_is: its value, raw
 * and form (a single run's cell: value is the figure's, which its form
 * prints). */
static inline struct br_value br_cmp_cell_fig(const struct br_cmp_cell *c)
{
	return (struct br_value){.value = c->value, .raw = (char *)(uintptr_t)c->raw, .form = c->raw_form};
}
/* What a table view prints of a cell, and all that a run of its own needs
 * to give it (no statistics, no ratio): br_cmp_fig() is br_cmp_cell()
 * for a view that shows the figure, its cpu and the best mark only. */
struct br_cmp_fig {
	bool present, has_value, too_fast, has_cpu, best;
	double value, cpu;
};
void br_cmp_fig(const struct br_cmp_table *t, size_t r, size_t k, struct br_cmp_fig *f);
/* Does row r hold a figure for column k (its cell's `present`), without
 * making the cell. */
bool br_cmp_present(const struct br_cmp_table *t, size_t r, size_t k);
/* Make every table's cells once and hang them on rows[r].cells (for
 * renderers that visit cells many times and small models; a table holds
 * nrows * ncols cells of 128 bytes). Calling it again does nothing. */
void br_cmp_materialize(struct br_cmp *c);

#endif
