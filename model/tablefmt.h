/*
 * tablefmt — how a table model's cells and names are presented, the same
 * in every table renderer: figures in the column's unit, ratios, column
 * widths, shading, the t-test words, row names shortened to a width, and
 * the legend sentence under a table. Reads the model (table.h); owns
 * nothing.
 */
#ifndef BR_MODEL_TABLEFMT_H
#define BR_MODEL_TABLEFMT_H

#include <stdbool.h>
#include <stddef.h>

#include "table.h"

/* Whether the row's cpu figures are printed in tenths (a Bonnie run). */
struct br_cmp_row;
bool br_cmp_cpu_tenths(const struct br_cmp_row *row);
/* Append v (SCHEMA.md unit) scaled to the column's unit, by
 * br_format_figure() ("29.4"). */
void br_cmp_format(const struct br_cmp_col *col, double v, struct br_buf *out);
/* br_cmp_format() of a value of the column (a cell's value, its min, max or
 * best; not an sd or a median) into out (room for BR_FIGURE_MAX bytes, no
 * NUL): the same text, with the column's decimals when it has them for
 * every value (col.value_decimals). Returns its length. */
size_t br_cmp_value_text(const struct br_cmp_col *col, double v, char *out);
/* A cpu figure of the column into out as br_format_cpu() prints it (tenths:
 * br_cmp_cpu_tenths of its row); returns its length. */
size_t br_cmp_cpu_text(const struct br_cmp_col *col, double cpu, bool tenths, char *out);
/* The widths a column's cells need, from its statistics alone (a renderer
 * sizing a column of 100,000 rows need not format them twice): *value_w,
 * the widest br_cmp_format() text of its numbers, or "-", "?", "+++++" as
 * its cells have them (1, 1, 5); *cpu_w, the widest cpu figure printed by
 * br_buf_add_fixed() with one decimal when col->cpu_decimals, else none (0
 * without cpu). All ASCII. False when the statistics cannot tell (a
 * negative figure, %.3g from 1e10 up, a cpu that is not finite or huge):
 * measure the cells then. */
bool br_cmp_col_widths(const struct br_cmp_col *col, size_t *value_w, size_t *cpu_w);
/* Append a ratio as a percentage of the baseline: "112%", "87%", "99.5%"
 * (one decimal between 99 and 101 % so that small differences show). */
void br_cmp_format_ratio(double ratio, struct br_buf *out);
/* A row name shortened to at most w columns (UTF-8 code points) at whole
 * words: its last two " / " segments (run and host) or its last kept when
 * at least BR_CMP_HEAD_MIN columns are left for the head, as many whole
 * words of the head as fit, then "…" ("The file server was…/ servername01"
 * reads "The file server was… / servername01"). Never cuts a word: NULL
 * when not even the first word fits (the caller marks the row and lists
 * its name in full). A copy when it fits. */
#define BR_CMP_HEAD_MIN 12
char *br_cmp_shorten_name(const char *s, size_t w);
/* Two different names shortened alike would share a line of the key
 * under the table: such rows (cut[r], shown[r] the short form of full[r])
 * get a mark of their own after a shorter name, "Local disks for… [3]",
 * the same mark for the same full name, counted on from *marks. */
void br_cmp_mark_clashes(char **shown, const bool *cut, char *const *full, size_t n, size_t w, size_t *marks);
/* The legend sentence under a table: what the marks mean (best_mark: "*"
 * or "**Bold**:"; cpu_head: the cpu column's heading), units, too fast,
 * unreadable, not measured. Appends nothing when there is nothing to say. */
void br_cmp_legend(const struct br_cmp_table *t, bool aggregated, const char *best_mark,
		   const char *cpu_head, struct br_buf *out);
/* 0 (worst in the column) … 1 (best); 0.5 when the column has one number. */
double br_cmp_shade(const struct br_cmp_col *col, double v);
/* "beyond spread", "within spread", "not tested", "" */
const char *br_cmp_sig_text(enum br_cmp_sig s);

/* The columns of table tb that belong to metric group g (col_on[c]); the
 * number of them. */
size_t br_cmp_group_cols(const struct br_cmp_table *tb, enum br_group g, bool *col_on);
/* Whether row r has a figure in one of the columns col_on marks. */
bool br_cmp_row_has(const struct br_cmp_table *tb, size_t r, const bool *col_on);
/* Whether a table of family fam in cmp has a column of group g; how many
 * rows of the family's tables have a figure of it. */
bool br_cmp_has_group(const struct br_cmp *cmp, int fam, enum br_group g);
size_t br_cmp_rows_with(const struct br_cmp *cmp, int fam, enum br_group g);

#endif
