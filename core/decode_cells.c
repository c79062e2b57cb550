/*
 * decode_cells — an HTML table a mail client or a browser's copy turned
 * into text one cell a line (bon_csv2html's report in a mail that left as
 * plain text): each row is a paragraph of short lines, the rows apart by
 * blank lines. Each such paragraph becomes one line, its cells separated by
 * TAB, as the HTML stage writes a <tr> (decode_html.c), so the parsers read
 * it as they read a table's rows.
 *
 * Only where it shows: two or more paragraphs of cell lines apart by blank
 * lines only, one of them with CELL_MIN_NUMBERS numbers or more (a result
 * row); a list of words, a signature, a column of figures in prose stay as
 * they are. The first pass reads the lines' lengths only; a run of short
 * lines long enough is looked at closer.
 */
#include "decode_int.h"

#include <string.h>

/* A cell line holds at most this many bytes (blanks around it aside) and
 * two blanks ("% CPU", "Version 2.00a", "Random Seeks"). */
#define CELL_MAX_LEN 24
/* A row has this many cells or more ("-- " and a name, a signature, is
 * none). */
#define CELL_MIN_CELLS 3
/* A row with this many numbers or more is a result row. */
#define CELL_MIN_NUMBERS 8

/* Is line l one cell: text, short, at most two blanks inside? *number is
 * set to whether it is a figure ("919", "64G", "371.8", "+++++"). */
static bool cell_line(const struct br_line *l, bool *number)
{
	*number = false;
	if (!l->len || l->len > CELL_MAX_LEN + 8)
		return false;
	size_t a = 0, n = rtrim_len(l->text, l->len);
	while (a < n && (l->text[a] == ' ' || l->text[a] == '\t'))
		a++;
	if (a == n || n - a > CELL_MAX_LEN)
		return false;
	unsigned blanks = 0;
	bool digits_only = true;
	for (size_t k = a; k < n; k++) {
		char c = l->text[k];
		if (c == ' ' || c == '\t')
			blanks++;
		else if (!is_digit((unsigned char)c) && c != '.' && c != '+' &&
			 !(k + 1 == n && k > a && ((c | 0x20) == 'k' || (c | 0x20) == 'm' ||
						   (c | 0x20) == 'g' || (c | 0x20) == 't')))
			digits_only = false;
	}
	*number = digits_only && !blanks && (is_digit((unsigned char)l->text[a]) || l->text[a] == '+');
	return blanks <= 2;
}

/* Is line l a cell holding a latency ("22758us", "23ms")? */
static bool latency_cell(const struct br_line *l)
{
	size_t a = 0, n = rtrim_len(l->text, l->len);
	while (a < n && (l->text[a] == ' ' || l->text[a] == '\t'))
		a++;
	size_t d = a;
	while (d < n && (is_digit((unsigned char)l->text[d]) || l->text[d] == '.'))
		d++;
	return d > a && is_digit((unsigned char)l->text[a]) && n - d == 2 &&
	       (l->text[d] == 'u' || l->text[d] == 'm') && l->text[d + 1] == 's';
}

/* Does line j start a row of its own inside a paragraph of cells (the
 * rows of a table copied without blank lines between them): a word, a
 * machine's name, with two figures after it ("web01" / "8G" / "612"), or
 * a word right after a figure with two latencies after it ("34" /
 * "Latency" / "22758us" / "817us": bon_csv2html's latency row)? */
static bool row_label(const struct br_doc *doc, size_t j)
{
	bool num, n1, n2, prev;
	if (j + 2 >= doc->nlines || !cell_line(&doc->lines[j], &num) || num ||
	    !cell_line(&doc->lines[j + 1], &n1) || !cell_line(&doc->lines[j + 2], &n2))
		return false;
	return (n1 && n2) || (j > 0 && cell_line(&doc->lines[j - 1], &prev) && prev &&
			      latency_cell(&doc->lines[j + 1]) && latency_cell(&doc->lines[j + 2]));
}

/* The paragraph of cell lines from line i: its end (i when line i is no
 * cell; a line that starts a row of its own ends it, row_label), and how
 * many of them are numbers. */
static size_t cell_para(const struct br_doc *doc, size_t i, size_t *numbers)
{
	size_t j = i;
	bool num;
	*numbers = 0;
	for (; j < doc->nlines && doc->lines[j].depth == doc->lines[i].depth &&
	       cell_line(&doc->lines[j], &num) && (j == i || !row_label(doc, j)); j++)
		*numbers += num;
	return j;
}

/* The group of cell paragraphs (CELL_MIN_CELLS lines or more) from line i, apart by
 * blank lines or a line starting a row (row_label): its end (after its last paragraph; i when line i starts
 * none); true when it is a table (two paragraphs or more, one of them a
 * result row). A group that is none holds none: it is passed whole. */
static bool cell_group(const struct br_doc *doc, size_t i, size_t *end)
{
	size_t j = i, paras = 0;
	bool result = false;
	*end = i;
	for (;;) {
		size_t numbers, e = cell_para(doc, j, &numbers);
		if (e - j < CELL_MIN_CELLS)
			break;
		paras++;
		result |= numbers >= CELL_MIN_NUMBERS;
		*end = e;
		j = e;
		while (j < doc->nlines && line_blank(&doc->lines[j]))
			j++;
		if (j == e && !(j < doc->nlines && doc->lines[j].depth == doc->lines[i].depth && row_label(doc, j)))
			break;
	}
	return paras >= 2 && result;
}

/* Write the paragraph lines [i, j) as one line, cells apart by TAB. */
static void join_cells(struct rw *out, struct lw *w, const struct br_doc *doc, size_t i, size_t j)
{
	for (size_t k = i; k < j; k++) {
		const struct br_line *l = &doc->lines[k];
		size_t a = 0, n = rtrim_len(l->text, l->len);
		while (a < n && (l->text[a] == ' ' || l->text[a] == '\t'))
			a++;
		if (k > i) {
			br_buf_addc(&w->text, '\t');
			br_dec_lw_join(w);
		}
		br_buf_add(&w->text, l->text + a, n - a);
	}
	const struct br_line *first = &doc->lines[i];
	br_dec_lw_emit(out, j, w, first->line, doc->lines[j - 1].end_line, first->depth, first->flags);
}

/* The first line of a run of short lines, from line i, in which
 * CELL_MIN_NUMBERS lines start with a digit or a '+' (a result row's
 * cells); nlines when there is none. Lengths and first bytes only: the
 * cheap pass every document gets. */
static size_t next_short_run(const struct br_doc *doc, size_t i)
{
	size_t run = 0, digits = 0;
	for (; i < doc->nlines; i++) {
		const struct br_line *l = &doc->lines[i];
		if (!l->len || l->len > CELL_MAX_LEN + 8) {
			run = digits = 0;
			continue;
		}
		run++;
		size_t a = 0;
		while (a + 1 < l->len && l->text[a] == ' ')
			a++;
		if ((is_digit((unsigned char)l->text[a]) || l->text[a] == '+') &&
		    ++digits == CELL_MIN_NUMBERS)
			return i + 1 - run;
	}
	return doc->nlines;
}

bool br_dec_stage_cell_lines(struct br_doc *doc)
{
	size_t nl = doc->nlines, first = next_short_run(doc, 0);
	if (first == nl)
		return false;
	/* the table may start paragraphs before the run (its heading rows):
	 * from the last line before it that is neither short nor blank */
	size_t i = first;
	while (i > 0 && doc->lines[i - 1].len <= CELL_MAX_LEN + 8)
		i--;
	struct rw out;
	struct lw w = {0};
	rw_init(&out, doc);
	for (size_t k = 0; k < i; k++)
		rw_keep(&out, &doc->lines[k], k + 1);
	bool any = false;
	while (i < nl) {
		size_t end;
		if (!cell_group(doc, i, &end)) {
			/* no table: its lines (line i at least) stay */
			for (end += end == i; i < end; i++)
				rw_keep(&out, &doc->lines[i], i + 1);
			continue;
		}
		while (i < end) {
			size_t numbers, e = cell_para(doc, i, &numbers);
			if (e >= i + CELL_MIN_CELLS) {
				lw_reset(&w);
				join_cells(&out, &w, doc, i, e);
				i = e;
			} else {
				for (e += e == i; i < e; i++)
					rw_keep(&out, &doc->lines[i], i + 1);
			}
		}
		any = true;
	}
	br_dec_lw_free(&w);
	br_dec_rw_done(&out);
	if (any)
		doc->transport |= BR_TRANSPORT_MDTABLE;
	return any;
}
