/*
 * text — `--format text` (the default on stdout, `.txt`): comparison tables
 * for a fixed-width font, the kind people paste into a mailing-list post.
 *
 * Per table of the comparison model (table.h):
 *   - a title line ("Bonnie and Bonnie++: 6 records", underlined), and
 *     "Every row: …" for the leading label segments all rows share;
 *   - a row per record (label / host; a name too long loses its host's
 *     domain, then is shortened at whole words with "…" or, when not even a
 *     word fits, shown as "[N]" (br_cmp_shorten_name), and the shortened
 *     names are listed in full under "Full names:"), a column per metric
 *     headed by its short title and display unit, values scaled per
 *     column, each with its own decimals (table.h), right-aligned, "*" after
 *     the best value of each column, %CP sub-columns where the tool printed
 *     CPU use, "+++++" where it printed that, "-" where the record lacks the
 *     figure; tables wider than the width are split into blocks that repeat
 *     the name column; a legend line says what the marks mean;
 *   - with --baseline, the ratios to the baseline row ("~" within the
 *     run-to-run spread when aggregated); with --aggregate, a runs column
 *     and per metric n, mean, median, sd, min, max and Welch's p;
 *   - a before/after instead (table.h: one thing from two inputs, two
 *     rows): a line per metric, the two inputs' figures side by side (mean
 *     ± sd when aggregated), the change in percent and Welch's p;
 *   - with --bars, per metric group a bar per row and metric, length
 *     proportional to the value (scaled to the column's largest value, in
 *     both directions; the heading says more or less is better), partial
 *     blocks for eighths, the value at the end.
 * Every line fits the width (80 columns, --columns N), except a single word
 * longer than that. The output is UTF-8 ("…", "█"). Warnings are not
 * output: the CLI prints them on stderr.
 */
#include <assert.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "tablefmt.h"
#include "render.h"

#define DEFAULT_WIDTH 80 /* --columns N changes it */
#define NAME_MIN_W 24
#define AGG_NAME_W 28
#define HEAD_MIN_W 12
#define GAP 2

/* ------------------------------------------------------------ UTF-8 width */

static void pad(struct br_buf *b, size_t n)
{
	if (!n)
		return;
	br_buf_grow(b, n);
	memset(b->data + b->len, ' ', n);
	b->len += n;
	b->data[b->len] = '\0';
}

static void put_right(struct br_buf *b, const char *s, size_t w)
{
	size_t len = strlen(s), n = br_u8_width(s, len);
	pad(b, n < w ? w - n : 0);
	br_buf_add(b, s, len);
}

static void put_left(struct br_buf *b, const char *s, size_t w)
{
	size_t n = br_u8_columns(s);
	br_buf_adds(b, s);
	pad(b, n < w ? w - n : 0);
}

/* Write a line without trailing blanks. */
static void emit_line(struct br_sink *out, struct br_buf *line)
{
	size_t n = line->len;
	while (n && line->data[n - 1] == ' ')
		n--;
	line->len = n;
	br_buf_addc(line, '\n');
	br_sink_write(out, line->data, line->len);
	br_buf_reset(line);
}

/* Word-wrap `text` to `width` columns, continuation lines indented by `indent`. */
static void emit_wrapped(struct br_sink *out, const char *text, size_t indent, size_t width)
{
	struct br_buf b = BR_BUF_INIT;
	br_buf_add_wrapped(&b, text, indent, width);
	br_sink_write(out, b.data, b.len);
	br_buf_free(&b);
}

/* A table's title, wrapped, underlined with '=' as wide as it (at most
 * `width`). */
static void emit_underlined(struct br_sink *out, const char *title, size_t width)
{
	emit_wrapped(out, title, 0, width);
	size_t w = br_u8_columns(title);
	struct br_buf b = BR_BUF_INIT;
	for (size_t i = 0; i < (w > width ? width : w); i++)
		br_buf_addc(&b, '=');
	br_buf_addc(&b, '\n');
	br_sink_write(out, b.data, b.len);
	br_buf_free(&b);
}

/* ------------------------------------------------------------ grid */

/* A text grid: a name column, then groups of right-aligned sub-columns, each
 * group under an optional title. `nfixed` leading groups repeat in every
 * block when the grid is split to fit `width`. Every cell is made once:
 * a group whose widths the caller knows (sized: the main table's, from the
 * column statistics) is written by `put` in place when its row is, and
 * holds nothing; the others are made by `cells` once, to measure them, and
 * held (their texts only) until they are written. */
struct tsub {
	char *head;
	size_t w;
};

struct tgroup {
	char *title;
	struct tsub sub[8];
	size_t nsub;
	size_t w;
	bool sized; /* sub[].w hold the width of each sub-column's widest cell */
	/* The cells of a group that was not sized, as measured (made once):
	 * each sub-column's text and a NUL, row after row; `at` is where the
	 * next row's start when the rows are written. */
	struct br_buf held;
	size_t at;
};

struct tgrid;
/* Append row r's cells of group g to b, one sub-column after the other;
 * end[s] is the end of sub-column s's (an empty cell is left blank). Cells
 * are ASCII (numbers and marks): a cell's width is its length. */
typedef void tcells_fn(const struct tgrid *gr, size_t r, size_t g, struct br_buf *b, size_t *end);
/* Sized groups' cells (a grid with sized groups has one), of row r and
 * the groups groups[0..n) one after the other: written straight into the
 * line at d, each sub-column right-aligned in its width after its gap (GAP
 * before a group's first, 1 between); returns the end. Each figure is
 * formatted once, where it goes. d is blank for the groups' widths, with
 * room for BR_FIGURE_MAX + 2 bytes more per sub-column (a cell wider than
 * its column moves the rest). */
typedef char *tput_fn(const struct tgrid *gr, size_t r, const size_t *groups, size_t n, char *d);

struct tgrid {
	size_t nrows;
	char **names; /* already fitted */
	const char *name_head;
	size_t namew;
	struct tgroup *g;
	size_t ng, capg;
	size_t nfixed;
	size_t width; /* columns a block may take */
	tcells_fn *cells;
	tput_fn *put; /* NULL: cells, then laid out */
	void *ctx;    /* for `cells` and `put` */
};

static struct tgroup *grid_group(struct tgrid *gr, const char *title)
{
	gr->g = br_grow(gr->g, &gr->capg, gr->ng + 1, sizeof *gr->g);
	struct tgroup *g = &gr->g[gr->ng++];
	memset(g, 0, sizeof *g);
	g->title = br_strdup(title ? title : "");
	return g;
}

static struct tsub *group_sub(struct tgroup *g, const char *head)
{
	assert(g->nsub < BR_ARRAY_LEN(g->sub));
	struct tsub *s = &g->sub[g->nsub++];
	s->head = br_strdup(head ? head : "");
	s->w = 0;
	return s;
}

static void grid_free(struct tgrid *gr)
{
	for (size_t i = 0; i < gr->ng; i++) {
		struct tgroup *g = &gr->g[i];
		br_buf_free(&g->held);
		free(g->title);
		for (size_t s = 0; s < g->nsub; s++)
			free(g->sub[s].head);
	}
	free(gr->g);
}

static void grid_measure(struct tgrid *gr)
{
	gr->namew = br_u8_columns(gr->name_head ? gr->name_head : "");
	for (size_t r = 0; r < gr->nrows; r++) {
		size_t w = br_u8_columns(gr->names[r]);
		if (w > gr->namew)
			gr->namew = w;
	}
	bool unsized = false;
	for (size_t i = 0; i < gr->ng; i++) {
		unsized = unsized || !gr->g[i].sized;
		assert(gr->put || !gr->g[i].sized);
	}
	if (unsized) {
		/* row by row, so that a row's groups come one after the other
		 * (the `cells` functions may keep the row's figures); the cells
		 * are kept, to be written as they are */
		struct br_buf b = BR_BUF_INIT;
		size_t end[BR_ARRAY_LEN(gr->g->sub)];
		for (size_t r = 0; r < gr->nrows; r++) {
			for (size_t i = 0; i < gr->ng; i++) {
				struct tgroup *g = &gr->g[i];
				if (g->sized)
					continue;
				br_buf_reset(&b);
				gr->cells(gr, r, i, &b, end);
				size_t from = 0;
				for (size_t s = 0; s < g->nsub; s++) {
					size_t cw = end[s] - from;
					if (cw > g->sub[s].w)
						g->sub[s].w = cw;
					br_buf_add(&g->held, b.data ? b.data + from : "", cw);
					br_buf_addc(&g->held, '\0');
					from = end[s];
				}
			}
		}
		br_buf_free(&b);
	}
	for (size_t i = 0; i < gr->ng; i++) {
		struct tgroup *g = &gr->g[i];
		size_t sum = 0;
		for (size_t s = 0; s < g->nsub; s++) {
			struct tsub *sb = &g->sub[s];
			size_t hw = br_u8_columns(sb->head);
			if (hw > sb->w)
				sb->w = hw;
			sum += sb->w + (s ? 1 : 0);
		}
		size_t tw = br_u8_columns(g->title);
		if (tw > sum && g->nsub)
			g->sub[0].w += tw - sum, sum = tw;
		g->w = sum;
	}
}

/* Append the n bytes of ASCII at s right-aligned in w columns, after `lead`
 * blanks. (A million cells per 20,000 rows, a few bytes each: the blanks
 * are one fixed-size copy, the bytes a loop.) */
static void put_right_ascii(struct br_buf *b, size_t lead, const char *s, size_t n, size_t w)
{
	static const char blanks[16] = "                ";
	size_t p = lead + (n < w ? w - n : 0);
	br_buf_grow(b, (p > sizeof blanks ? p : sizeof blanks) + n);
	char *d = b->data + b->len;
	if (p <= sizeof blanks)
		memcpy(d, blanks, sizeof blanks); /* the room is there; s overwrites the rest */
	else
		memset(d, ' ', p);
	d += p;
	for (size_t i = 0; i < n; i++)
		d[i] = s[i];
	b->len += p + n;
	b->data[b->len] = '\0';
}

/* The three lines above a block's rows: group titles (when any), sub-column
 * heads, rules. */
static void block_head(struct br_sink *out, const struct tgrid *gr, const size_t *groups, size_t n)
{
	struct br_buf line = BR_BUF_INIT;
	bool titles = false;
	for (size_t k = 0; k < n; k++)
		titles = titles || *gr->g[groups[k]].title;
	if (titles) {
		pad(&line, gr->namew);
		for (size_t k = 0; k < n; k++) {
			const struct tgroup *g = &gr->g[groups[k]];
			pad(&line, GAP);
			put_right(&line, g->title, g->w);
		}
		emit_line(out, &line);
	}
	put_left(&line, gr->name_head ? gr->name_head : "", gr->namew);
	for (size_t k = 0; k < n; k++) {
		const struct tgroup *g = &gr->g[groups[k]];
		pad(&line, GAP);
		for (size_t s = 0; s < g->nsub; s++) {
			if (s)
				pad(&line, 1);
			put_right(&line, g->sub[s].head, g->sub[s].w);
		}
	}
	emit_line(out, &line);
	for (size_t i = 0; i < gr->namew; i++)
		br_buf_addc(&line, '-');
	for (size_t k = 0; k < n; k++) {
		const struct tgroup *g = &gr->g[groups[k]];
		pad(&line, GAP);
		for (size_t i = 0; i < g->w; i++)
			br_buf_addc(&line, '-');
	}
	emit_line(out, &line);
	br_buf_free(&line);
}

/* Where w blanks and then the n bytes at s, right-aligned in w, end when
 * written at d (a text wider than w moves the rest of the line). */
static char *place_right(char *d, size_t w, const char *s, size_t n)
{
	size_t lead = n < w ? w - n : 0;
	memset(d, ' ', lead);
	memcpy(d + lead, s, n);
	return d + lead + n;
}

/* The next row's cells of group gp as held (texts with a NUL after each),
 * laid out at d. */
static char *held_at(struct tgroup *gp, char *d)
{
	const char *p = gp->held.data + gp->at;
	for (size_t s = 0; s < gp->nsub; s++) {
		size_t gap = s ? 1 : GAP, n = strlen(p);
		memset(d, ' ', gap);
		d = place_right(d + gap, gp->sub[s].w, p, n);
		p += n + 1;
	}
	gp->at = (size_t)(p - gp->held.data);
	return d;
}

/* Lines are handed to the sink a few KiB at a time. */
#define LINES_HOLD 16384

/* A block of the grid: the groups idx[from..from+n). */
struct tblock {
	size_t from, n;
};

/* Append row r's line of a block (the groups groups[0..n)) to b: made,
 * laid out, without trailing blanks, with its newline. `room` is the most
 * the groups can take when each cell fits its width or BR_FIGURE_MAX + 1
 * bytes (gr->put's; blanked first, for them), with 16 bytes more for
 * put_text. Groups that were not sized have their cells held (rows in
 * order). */
static void block_row(struct br_buf *b, struct tgrid *gr, size_t r, const size_t *groups, size_t n,
		      size_t room)
{
	const char *name = gr->names[r];
	size_t nlen = strlen(name), at = b->len;
	br_buf_grow(b, nlen + gr->namew + room + 16 + 1);
	char *d = b->data + at;
	size_t cols = br_u8_width(name, nlen);
	memcpy(d, name, nlen);
	d += nlen;
	if (cols < gr->namew) {
		memset(d, ' ', gr->namew - cols);
		d += gr->namew - cols;
	}
	/* blanks for the groups written in place */
	memset(d, ' ', room);
	for (size_t k = 0; k < n; k++) {
		struct tgroup *gp = &gr->g[groups[k]];
		if (gp->sized) {
			/* this group and the sized ones after it, in one call */
			size_t j = k + 1;
			while (j < n && gr->g[groups[j]].sized)
				j++;
			d = gr->put(gr, r, groups + k, j - k, d);
			k = j - 1;
			continue;
		}
		/* held: the texts of this row, and room for them */
		size_t used = (size_t)(d - (b->data + at)), len = 0;
		for (size_t s = 0; s < gp->nsub; s++)
			len += strlen(gp->held.data + gp->at + len) + 1;
		br_buf_grow(b, used + len + GAP + gp->w + 1 + room + 16);
		d = held_at(gp, b->data + at + used);
		memset(d, ' ', room); /* (the cells may have taken more than their width) */
	}
	char *start = b->data + at;
	while (d > start && d[-1] == ' ')
		d--;
	*d++ = '\n';
	b->len += (size_t)(d - start);
	b->data[b->len] = '\0';
}

/* Split the groups into blocks of at most gr->width columns, the first
 * nfixed groups in each; returns the count (at least one). */
static size_t grid_blocks(const struct tgrid *gr, size_t *idx, struct tblock *bl)
{
	size_t fixed_w = gr->namew;
	for (size_t i = 0; i < gr->nfixed && i < gr->ng; i++)
		fixed_w += GAP + gr->g[i].w;
	size_t i = gr->nfixed, nb = 0, at = 0;
	do {
		size_t n = 0, w = fixed_w;
		for (size_t f = 0; f < gr->nfixed && f < gr->ng; f++)
			idx[at + n++] = f;
		size_t start = n;
		while (i < gr->ng && (n == start || w + GAP + gr->g[i].w <= gr->width)) {
			w += GAP + gr->g[i].w;
			idx[at + n++] = i++;
		}
		bl[nb++] = (struct tblock){at, n};
		at += n;
	} while (i < gr->ng);
	return nb;
}

/* Print the grid, split into blocks of at most gr->width columns, one
 * block after the other: each block visits the rows for its own cells, so
 * that every cell is made once, where it is written, and nothing is held
 * per row (holding the later blocks' lines cost ~250 bytes a row). */
static void grid_emit(struct br_sink *out, struct tgrid *gr)
{
	grid_measure(gr);
	size_t nfixed = gr->nfixed < gr->ng ? gr->nfixed : gr->ng;
	size_t *idx = br_malloc((gr->ng + 1) * (nfixed + 1) * sizeof *idx);
	struct tblock *bl = br_malloc((gr->ng + 1) * sizeof *bl);
	size_t nb = grid_blocks(gr, idx, bl);
	struct br_buf lines = BR_BUF_INIT;
	for (size_t k = 0; k < nb; k++) {
		const size_t *groups = idx + bl[k].from;
		size_t room = 0;
		for (size_t j = 0; j < bl[k].n; j++) {
			const struct tgroup *g = &gr->g[groups[j]];
			room += GAP + g->w + g->nsub * (BR_FIGURE_MAX + 2);
		}
		if (k)
			br_sink_puts(out, "\n");
		block_head(out, gr, groups, bl[k].n);
		for (size_t j = 0; j < bl[k].n; j++)
			gr->g[groups[j]].at = 0; /* (the fixed groups are in every block) */
		for (size_t r = 0; r < gr->nrows; r++) {
			block_row(&lines, gr, r, groups, bl[k].n, room);
			if (lines.len >= LINES_HOLD) {
				br_sink_write(out, lines.data, lines.len);
				br_buf_reset(&lines);
			}
		}
		if (lines.len)
			br_sink_write(out, lines.data, lines.len);
		br_buf_reset(&lines);
	}
	br_buf_free(&lines);
	free(bl);
	free(idx);
}

/* ------------------------------------------------------------ names */

/* Bytes of the leading " / "-segments that every row's label shares (and
 * has more after), 0 when none or with a single row. Shown once above the
 * table instead of on every row. */
static size_t common_prefix(const struct br_cmp_table *t)
{
	if (t->nrows < 2 || !t->rows[0].label)
		return 0;
	const char *l0 = t->rows[0].label;
	size_t best = 0;
	for (const char *p = strstr(l0, " / "); p; p = strstr(p + 1, " / ")) {
		size_t n = (size_t)(p - l0);
		bool all = true;
		for (size_t r = 1; r < t->nrows && all; r++) {
			const char *l = t->rows[r].label;
			all = l && strncmp(l, l0, n) == 0 && strncmp(l + n, " / ", 3) == 0 && l[n + 3];
		}
		if (!all)
			break;
		best = n;
	}
	return best;
}

/* The names of a table's rows as shown, and which of them stand for a
 * longer name (listed in full under the table). */
struct names {
	char **v;      /* a row's own name (borrowed) or one made here */
	bool *cut;
	bool any_cut;
	size_t n;
	size_t marks; /* "[N]" marks given */
};

/* The names to show: without the common label prefix, the host without its
 * domain when the name is too long, then shortened at whole words to `w`
 * columns (w = 0: measure only), or, when not even a word fits, a mark
 * "[N]" that the list of full names explains. */
static void fit_names(struct names *nm, const struct br_cmp_table *t, size_t skip, size_t w)
{
	nm->n = t->nrows;
	nm->v = br_calloc(t->nrows ? t->nrows : 1, sizeof *nm->v);
	nm->cut = br_calloc(t->nrows ? t->nrows : 1, sizeof *nm->cut);
	nm->any_cut = false;
	nm->marks = 0;
	for (size_t r = 0; r < t->nrows; r++) {
		const struct br_cmp_row *row = &t->rows[r];
		const char *label = row->label ? row->label + (skip ? skip + 3 : 0) : NULL;
		/* (row->name holds the input qualification; a name made here
		 * gets it again) */
		const char *q0 = row->qual ? " (" : "", *q = row->qual ? row->qual : "", *q1 = row->qual ? ")" : "";
		/* without a prefix to leave out, that is the row's name: borrowed
		 * (free_names knows) */
		char *n = !skip			     ? row->name
			  : label && row->host ? br_asprintf("%s / %s%s%s%s", label, row->host, q0, q, q1)
			  : label	     ? br_asprintf("%s%s%s%s", label, q0, q, q1)
					     : row->name;
		if (w && br_u8_columns(n) > w && row->host && label && strchr(row->host, '.')) {
			size_t hl = strcspn(row->host, ".");
			if (n != row->name)
				free(n);
			n = br_asprintf("%s / %.*s%s%s%s", label, (int)hl, row->host, q0, q, q1);
		}
		if (w && br_u8_columns(n) > w) {
			char *e = br_cmp_shorten_name(n, w);
			if (!e)
				e = br_asprintf("[%zu]", ++nm->marks);
			if (n != row->name)
				free(n);
			n = e;
			nm->cut[r] = nm->any_cut = true;
		}
		nm->v[r] = n;
	}
}

static void free_names(struct names *nm, const struct br_cmp_table *t)
{
	for (size_t i = 0; i < nm->n; i++)
		if (nm->v[i] != t->rows[i].name)
			free(nm->v[i]);
	free(nm->v);
	free(nm->cut);
}

/* The key to shortened names: each with the name it stands for, once. */
static void emit_full_names(struct br_sink *out, const struct names *nm, const struct names *full,
			    size_t width)
{
	br_sink_puts(out, "Full names:\n");
	struct br_buf b = BR_BUF_INIT;
	/* the pairs listed so far: an open-addressing set of row indexes + 1 */
	size_t cap = 16;
	while (cap < 2 * nm->n)
		cap *= 2;
	size_t *listed = br_calloc(cap, sizeof *listed);
	for (size_t r = 0; r < nm->n; r++) {
		if (!nm->cut[r])
			continue; /* shown in full (a host may have lost its domain) */
		uint64_t h = 0xcbf29ce484222325ull; /* FNV-1a over both strings */
		for (const char *p = nm->v[r]; *p; p++)
			h = (h ^ (unsigned char)*p) * 0x100000001b3ull;
		h = (h ^ 0xff) * 0x100000001b3ull;
		for (const char *p = full->v[r]; *p; p++)
			h = (h ^ (unsigned char)*p) * 0x100000001b3ull;
		size_t i = (size_t)h & (cap - 1);
		bool seen = false;
		for (; listed[i] && !seen; i = (i + 1) & (cap - 1)) {
			size_t q = listed[i] - 1;
			seen = strcmp(nm->v[q], nm->v[r]) == 0 && strcmp(full->v[q], full->v[r]) == 0;
		}
		if (seen)
			continue;
		listed[i] = r + 1;
		br_buf_reset(&b);
		br_buf_addf(&b, "  %s = %s", nm->v[r], full->v[r]);
		emit_wrapped(out, b.data, 6, width);
	}
	free(listed);
	br_buf_free(&b);
}

/* ------------------------------------------------------------ cells */

static void fmt_value(struct br_buf *b, const struct br_cmp_col *col, const struct br_cmp_cell *c,
		      bool mark)
{
	if (!c->present)
		br_buf_addc(b, '-');
	else if (c->too_fast)
		br_buf_add(b, "+++++", 5);
	else if (!c->has_value)
		br_buf_addc(b, '?');
	else
		br_cmp_format(col, c->value, b);
	if (mark)
		br_buf_addc(b, c->best ? '*' : ' ');
}

static void fmt_cpu(struct br_buf *b, const struct br_cmp_cell *c, const struct br_cmp_row *row)
{
	if (c->has_cpu)
		br_format_cpu(c->cpu, br_cmp_cpu_tenths(row), b);
}

static const char *better_words(const struct br_cmp_col *col)
{
	return col->info->better == BR_HIGHER ? "more is better" : "less is better";
}

/* One row's cell of a column, made once for the several sub-columns and
 * groups that show it one after the other. */
struct cell_cache {
	const struct br_cmp_table *t;
	size_t r, k;
	bool valid;
	const struct br_cmp_cell *c;
	struct br_cmp_cell buf;
};

static const struct br_cmp_cell *cached_cell(struct cell_cache *cc, size_t r, size_t k)
{
	if (!cc->valid || cc->r != r || cc->k != k) {
		cc->c = br_cmp_cell(cc->t, r, k, &cc->buf);
		cc->r = r;
		cc->k = k;
		cc->valid = true;
	}
	return cc->c;
}

/* ------------------------------------------------------------ sections */

/* The name column: as wide as the longest name, but leaving room for three
 * metric columns of a typical width (12) per block, and at least NAME_MIN_W. */
static size_t name_width(const struct br_cmp_table *t, const struct names *shown, size_t width)
{
	size_t w = 4;
	for (size_t r = 0; r < t->nrows; r++) {
		size_t n = br_u8_columns(shown->v[r]);
		if (n > w)
			w = n;
	}
	size_t cols = t->ncols < 3 ? t->ncols : 3;
	size_t cap = width > cols * (GAP + 12) ? width - cols * (GAP + 12) : 0;
	if (cap < NAME_MIN_W)
		cap = NAME_MIN_W;
	return w > cap ? cap : w;
}

static void emit_title(struct br_sink *out, const struct br_cmp_table *t, bool aggregated, size_t width)
{
	struct br_buf b = BR_BUF_INIT;
	br_buf_adds(&b, t->title);
	if (t->group_key)
		br_buf_addf(&b, ", %s %s", t->group_key, t->group);
	size_t runs = 0;
	for (size_t r = 0; r < t->nrows; r++)
		runs += t->rows[r].nmembers;
	if (aggregated)
		br_buf_addf(&b, ": %zu run%s in %zu configuration%s", runs, runs == 1 ? "" : "s",
			    t->nrows, t->nrows == 1 ? "" : "s");
	else
		br_buf_addf(&b, ": %zu record%s", t->nrows, t->nrows == 1 ? "" : "s");
	if (t->ndropped)
		br_buf_addf(&b, " (the best %zu shown, %zu left out)", t->nrows, t->ndropped);
	emit_underlined(out, b.data, width);
	br_buf_free(&b);
}

struct main_ctx {
	const struct br_cmp_table *t;
	bool aggregated; /* group 0 is the runs column */
};

/* A figure's text in the main table (without the best mark): "-" where the
 * record lacks it, "+++++", "?" unreadable, else the number. */
static size_t fig_text(const struct br_cmp_col *col, const struct br_cmp_fig *f, char *buf)
{
	if (!f->present)
		return buf[0] = '-', 1;
	if (f->too_fast)
		return memcpy(buf, "+++++", 5), 5;
	if (!f->has_value)
		return buf[0] = '?', 1;
	return br_cmp_value_text(col, f->value, buf);
}

/* The runs of an --aggregate row, in decimal. */
static size_t runs_text(size_t n, char *buf)
{
	char tmp[24], *p = tmp + sizeof tmp;
	do
		*--p = (char)('0' + n % 10);
	while ((n /= 10) != 0);
	size_t len = (size_t)(tmp + sizeof tmp - p);
	memcpy(buf, p, len);
	return len;
}

static void main_cells(const struct tgrid *gr, size_t r, size_t g, struct br_buf *b, size_t *end)
{
	const struct main_ctx *mc = gr->ctx;
	const struct br_cmp_table *t = mc->t;
	char buf[BR_FIGURE_MAX];
	if (mc->aggregated) {
		if (g == 0) {
			br_buf_add(b, buf, runs_text(t->rows[r].nmembers, buf));
			end[0] = b->len;
			return;
		}
		g--;
	}
	const struct br_cmp_col *col = &t->cols[g];
	struct br_cmp_fig f;
	br_cmp_fig(t, r, g, &f);
	br_buf_add(b, buf, fig_text(col, &f, buf));
	br_buf_addc(b, f.best ? '*' : ' ');
	end[0] = b->len;
	if (col->has_cpu) {
		if (f.has_cpu)
			br_buf_add(b, buf, br_cmp_cpu_text(col, f.cpu, br_cmp_cpu_tenths(&t->rows[r]), buf));
		end[1] = b->len;
	}
}

/* The n bytes of text at buf right-aligned in the w columns at d, over
 * blanks already there; returns the end (further on when the text is
 * wider than w). buf has 16 bytes after the text for this: one copy of a
 * known size instead of a call for a few bytes (a table of 100,000 runs
 * has millions of cells); those bytes are blanks, and what they cover
 * after the cell is made next (lines are made left to right) or blank. */
static inline char *put_text(char *d, size_t w, char *buf, size_t n)
{
	memset(buf + n, ' ', 16);
	if (n > w) {
		memcpy(d, buf, n);
		return d + n;
	}
	if (n <= 16)
		memcpy(d + w - n, buf, 16);
	else
		memcpy(d + w - n, buf, n);
	return d + w;
}

/* main_cells() written in place (tput_fn): for each group the figure, its
 * mark, its cpu. */
static char *main_put(const struct tgrid *gr, size_t r, const size_t *groups, size_t n, char *d)
{
	const struct main_ctx *mc = gr->ctx;
	const struct br_cmp_table *t = mc->t;
	bool tenths = br_cmp_cpu_tenths(&t->rows[r]);
	char buf[BR_FIGURE_MAX + 1 + 16];
	for (size_t i = 0; i < n; i++) {
		size_t g = groups[i];
		const struct tgroup *gp = &gr->g[g];
		if (mc->aggregated) {
			if (g == 0) {
				d = put_text(d + GAP, gp->sub[0].w, buf, runs_text(t->rows[r].nmembers, buf));
				continue;
			}
			g--; /* (the columns come after the runs) */
		}
		const struct br_cmp_col *col = &t->cols[g];
		struct br_cmp_fig f;
		br_cmp_fig(t, r, g, &f);
		size_t len = fig_text(col, &f, buf);
		buf[len++] = f.best ? '*' : ' ';
		d = put_text(d + GAP, gp->sub[0].w, buf, len);
		if (col->has_cpu) {
			len = f.has_cpu ? br_cmp_cpu_text(col, f.cpu, tenths, buf) : 0;
			d = put_text(d + 1, gp->sub[1].w, buf, len);
		}
	}
	return d;
}

static void main_table(struct br_sink *out, const struct br_cmp_table *t, bool aggregated,
		       char **names, size_t width)
{
	struct main_ctx mc = {t, aggregated};
	struct tgrid gr = {.nrows = t->nrows, .names = names, .width = width, .cells = main_cells,
			   .put = main_put, .ctx = &mc};
	if (aggregated) {
		struct tgroup *g = grid_group(&gr, "");
		struct tsub *runs = group_sub(g, "runs");
		size_t most = 0;
		for (size_t r = 0; r < t->nrows; r++)
			most = t->rows[r].nmembers > most ? t->rows[r].nmembers : most;
		char buf[24];
		runs->w = runs_text(most, buf);
		g->sized = true;
		gr.nfixed = 1;
	}
	for (size_t k = 0; k < t->ncols; k++) {
		const struct br_cmp_col *col = &t->cols[k];
		struct tgroup *g = grid_group(&gr, col->info->short_title);
		char *uh = br_asprintf("%s ", col->unit.name);
		struct tsub *v = group_sub(g, uh);
		free(uh);
		struct tsub *c = col->has_cpu ? group_sub(g, "%CP") : NULL;
		size_t vw, cw;
		if (br_cmp_col_widths(col, &vw, &cw)) {
			g->sized = true;
			v->w = vw + 1; /* the mark */
			if (c)
				c->w = cw;
		}
	}
	grid_emit(out, &gr);
	grid_free(&gr);
}

static void legend(struct br_sink *out, const struct br_cmp_table *t, bool aggregated, size_t width)
{
	struct br_buf b = BR_BUF_INIT;
	br_cmp_legend(t, aggregated, "*", "%CP", &b);
	if (b.len)
		emit_wrapped(out, b.data, 0, width);
	br_buf_free(&b);
}

struct base_ctx {
	const struct br_cmp_table *t;
	bool aggregated;
	bool within, untested; /* a mark was given (the cells are measured first) */
};

static void base_cells(const struct tgrid *gr, size_t r, size_t k, struct br_buf *b, size_t *end)
{
	struct base_ctx *bc = gr->ctx;
	const struct br_cmp_table *t = bc->t;
	struct br_cmp_cell buf;
	const struct br_cmp_cell *c = br_cmp_cell(t, r, k, &buf);
	if ((long)r == t->baseline && c->has_value)
		br_buf_adds(b, "100%");
	else if (c->has_ratio)
		br_cmp_format_ratio(c->ratio, b);
	else
		br_buf_adds(b, c->present && c->too_fast ? "+++++" : "-");
	if (bc->aggregated) {
		char m = ' ';
		if ((long)r != t->baseline && c->has_ratio) {
			if (c->sig == BR_CMP_SIG_WITHIN)
				m = '~', bc->within = true;
			else if (c->sig == BR_CMP_SIG_UNTESTED)
				m = '?', bc->untested = true;
		}
		br_buf_addc(b, m);
	}
	end[0] = b->len;
}

static void baseline_table(struct br_sink *out, const struct br_cmp_table *t, bool aggregated,
			   char **names, size_t width)
{
	const struct br_cmp_row *base = &t->rows[t->baseline];
	struct br_buf b = BR_BUF_INIT;
	br_buf_addf(&b, "Relative to the baseline (= 100%%), %s:", base->name);
	emit_wrapped(out, b.data, 2, width);
	br_buf_free(&b);
	br_sink_puts(out, "\n");
	struct base_ctx bc = {t, aggregated, false, false};
	struct tgrid gr = {.nrows = t->nrows, .names = names, .width = width, .cells = base_cells, .ctx = &bc};
	for (size_t k = 0; k < t->ncols; k++) {
		const struct br_cmp_col *col = &t->cols[k];
		struct tgroup *g = grid_group(&gr, col->info->short_title);
		group_sub(g, aggregated ? "% " : "%");
	}
	grid_emit(out, &gr);
	grid_free(&gr);
	bool within = bc.within, untested = bc.untested;
	bool lower = false;
	for (size_t k = 0; k < t->ncols; k++)
		lower = lower || t->cols[k].info->better == BR_LOWER;
	br_sink_puts(out, "\n");
	b = (struct br_buf)BR_BUF_INIT;
	br_buf_adds(&b, lower ? "Above 100% is better, except for latency, where below 100% is better."
			      : "Above 100% is better.");
	if (within || untested) {
		if (within)
			br_buf_adds(&b, " ~: difference within the run-to-run spread.");
		if (untested)
			br_buf_adds(&b, " ?: fewer than two runs on one side, not tested.");
		br_buf_addf(&b, " Decided by %s.", BR_CMP_METHOD);
	} else if (aggregated) {
		br_buf_addf(&b, " Every difference is larger than the run-to-run spread (%s).",
			    BR_CMP_METHOD);
	}
	emit_wrapped(out, b.data, 0, width);
	br_buf_free(&b);
}

/* Groups 0-5: n, mean, median, sd, min, max; 6: p (with a baseline). */
static void stats_cells(const struct tgrid *gr, size_t r, size_t g, struct br_buf *b, size_t *end)
{
	struct cell_cache *cc = gr->ctx;
	const struct br_cmp_col *col = &cc->t->cols[cc->k];
	const struct br_cmp_cell *c = cached_cell(cc, r, cc->k);
	char buf[BR_FIGURE_MAX];
	if (g == 0) {
		br_buf_add(b, buf, runs_text(c->n, buf));
	} else if (!c->has_value) {
		if (g == 1 && c->present && c->too_fast)
			br_buf_adds(b, "+++++");
	} else if (g <= 5) {
		double vals[5] = {c->mean, c->median, c->sd, c->min, c->max};
		if (g == 3 && c->n < 2)
			br_buf_adds(b, "-");
		else
			br_cmp_format(col, vals[g - 1], b);
	} else if (c->sig == BR_CMP_SIG_WITHIN) {
		br_buf_add_fixed(b, c->p, 2); /* (what "%.2f" writes) */
		br_buf_addc(b, '~');
	} else if (c->sig == BR_CMP_SIG_BEYOND) {
		if (c->p < 0.001) {
			br_buf_adds(b, "<0.001 ");
		} else {
			br_buf_add_fixed(b, c->p, 3);
			br_buf_addc(b, ' ');
		}
	} else if (c->sig == BR_CMP_SIG_UNTESTED) {
		br_buf_adds(b, "? ");
	}
	end[0] = b->len;
}

static void stats_tables(struct br_sink *out, const struct br_cmp_table *t, char **names, size_t width)
{
	br_sink_puts(out, "Run-to-run statistics:\n");
	struct br_buf b = BR_BUF_INIT;
	for (size_t k = 0; k < t->ncols; k++) {
		const struct br_cmp_col *col = &t->cols[k];
		if (col->nvalues == 0)
			continue;
		br_buf_reset(&b);
		br_buf_addf(&b, "\n%s, %s (%s)\n", col->info->title, col->unit.name, better_words(col));
		br_sink_puts(out, b.data);
		struct cell_cache cc = {.t = t, .k = k};
		struct tgrid gr = {.nrows = t->nrows, .names = names, .width = width, .cells = stats_cells, .ctx = &cc};
		static const char *const heads[] = {"n", "mean", "median", "sd", "min", "max"};
		for (size_t h = 0; h < BR_ARRAY_LEN(heads); h++)
			group_sub(grid_group(&gr, NULL), heads[h]);
		if (t->baseline >= 0)
			group_sub(grid_group(&gr, NULL), "p");
		grid_emit(out, &gr);
		grid_free(&gr);
	}
	br_buf_free(&b);
	if (t->baseline >= 0) {
		br_buf_reset(&b);
		br_buf_addf(&b, "p: %s, against the baseline; ~: within the run-to-run spread; "
				"?: fewer than two runs on one side.",
			    BR_CMP_METHOD);
		br_sink_puts(out, "\n");
		emit_wrapped(out, b.data, 0, width);
		br_buf_free(&b);
	}
}

/* ------------------------------------------------------------ bars */

static void emit_bar(struct br_buf *line, double frac, size_t w)
{
	static const char *const eighths[] = {"", "▏", "▎", "▍", "▌", "▋", "▊", "▉"};
	if (!(frac > 0))
		frac = 0;
	if (frac > 1)
		frac = 1;
	size_t units = (size_t)lround(frac * (double)w * 8);
	size_t full = units / 8, part = units % 8, used = full + (part ? 1 : 0);
	for (size_t i = 0; i < full; i++)
		br_buf_adds(line, "█");
	br_buf_adds(line, eighths[part]);
	pad(line, w - used);
}

static void bars(struct br_sink *out, const struct br_cmp_table *t, char **names, size_t namew,
		 size_t width)
{
	struct br_buf line = BR_BUF_INIT;
	for (int g = 0; g < BR_GROUP_COUNT; g++) {
		bool any = false;
		for (size_t k = 0; k < t->ncols; k++)
			any = any || (t->cols[k].info->group == (enum br_group)g && t->cols[k].nvalues);
		if (!any)
			continue;
		br_sink_printf(out, "\n%s\n", br_group_title(g));
		for (size_t k = 0; k < t->ncols; k++) {
			const struct br_cmp_col *col = &t->cols[k];
			if (col->info->group != (enum br_group)g || !col->nvalues)
				continue;
			br_sink_printf(out, "\n  %s, %s (%s)\n", col->info->title, col->unit.name,
				       better_words(col));
			/* the values, one after the other: end[r] is where row r's ends */
			struct br_buf vals = BR_BUF_INIT;
			size_t *vend = br_malloc(t->nrows * sizeof *vend);
			size_t vw = 0;
			struct br_cmp_cell buf;
			for (size_t r = 0; r < t->nrows; r++) {
				size_t from = vals.len;
				fmt_value(&vals, col, br_cmp_cell(t, r, k, &buf), false);
				vend[r] = vals.len;
				size_t w = vals.len - from; /* ASCII */
				if (w > vw)
					vw = w;
			}
			size_t fixed = 2 + namew + 2 + 1 + vw;
			size_t bw = fixed + 10 < width ? width - fixed : 10;
			double scale = col->max > 0 ? col->max : 1;
			for (size_t r = 0; r < t->nrows; r++) {
				const struct br_cmp_cell *c = br_cmp_cell(t, r, k, &buf);
				if (!c->present)
					continue; /* no bar for a figure the record lacks */
				pad(&line, 2);
				put_left(&line, names[r], namew);
				pad(&line, 2);
				double frac = c->has_value ? c->value / scale : 0;
				emit_bar(&line, frac, bw);
				size_t from = r ? vend[r - 1] : 0;
				put_right_ascii(&line, 1, vals.data + from, vend[r] - from, vw);
				emit_line(out, &line);
			}
			free(vend);
			br_buf_free(&vals);
		}
	}
	br_buf_free(&line);
}

/* ------------------------------------------------------------ before/after */

/* What a before/after row is called in the heading: its input. */
static const char *ba_head(const struct br_cmp_row *row)
{
	return row->input ? row->input : row->name;
}

/* What both rows are (the name without the input's part), or NULL. */
static char *ba_subject(const struct br_cmp_row *row)
{
	if (row->qual) {
		size_t n = strlen(row->name), q = strlen(row->qual) + 3;
		return n > q ? br_strndup(row->name, n - q) : NULL;
	}
	if (row->label && row->input && strcmp(row->label, row->input) == 0)
		return row->host ? br_strdup(row->host) : NULL;
	return NULL;
}

/* One figure of the before/after table: value (± sd over runs) and cpu. */
static void ba_value(struct br_buf *b, const struct br_cmp_col *col, const struct br_cmp_cell *c)
{
	fmt_value(b, col, c, false);
	if (c->has_value && c->n > 1) {
		br_buf_adds(b, " ±");
		br_cmp_format(col, c->sd, b);
	}
}

/* The change of the second row against the first, "+12.6%", with the
 * t-test's mark when aggregated ("~" within the spread, "?" untested), and
 * the p value. */
static void ba_change(struct br_buf *chg, struct br_buf *p, const struct br_cmp_cell *c, bool aggregated)
{
	if (!c->has_ratio) {
		br_buf_addc(chg, '-');
	} else {
		double pct = (c->ratio - 1) * 100;
		if (!isfinite(pct))
			br_buf_adds(chg, "?");
		else if (fabs(pct) < 0.05)
			br_buf_adds(chg, "0.0%");
		else
			br_buf_addf(chg, "%+.1f%%", pct);
	}
	if (!aggregated)
		return;
	br_buf_addc(chg, c->sig == BR_CMP_SIG_WITHIN ? '~' : c->sig == BR_CMP_SIG_UNTESTED ? '?' : ' ');
	if (c->sig == BR_CMP_SIG_BEYOND && c->p < 0.001)
		br_buf_adds(p, "<0.001");
	else if (c->sig == BR_CMP_SIG_BEYOND)
		br_buf_addf(p, "%.3f", c->p);
	else if (c->sig == BR_CMP_SIG_WITHIN)
		br_buf_addf(p, "%.2f", c->p);
}

enum { BA_METRIC, BA_UNIT, BA_V0, BA_C0, BA_V1, BA_C1, BA_CHANGE, BA_P, BA_N };

/*
 * A before/after (table.h, table.before_after), compactly: one line per
 * metric with the two figures side by side under the inputs' names, the
 * change of the second against the first in percent and, over repeated
 * runs, the mean ± sd and Welch's p ("~": within the run-to-run spread).
 */
/* A column head of at most 20 columns, shortened at whole words (a single
 * longer word is kept whole: the column widens). */
static char *ba_short(const char *s)
{
	char *e = br_cmp_shorten_name(s, 20);
	return e ? e : br_strdup(s);
}

/* "Bonnie++, host0: before (3 runs) → after (3 runs)", underlined. */
static void ba_title(struct br_sink *out, const struct br_cmp_table *t, bool aggregated, size_t width)
{
	const struct br_cmp_row *r0 = &t->rows[0], *r1 = &t->rows[1];
	struct br_buf b = BR_BUF_INIT;
	br_buf_adds(&b, t->title);
	char *subject = ba_subject(r0);
	if (subject)
		br_buf_addf(&b, ", %s", subject);
	free(subject);
	br_buf_addf(&b, ": %s", ba_head(r0));
	if (aggregated)
		br_buf_addf(&b, " (%zu run%s)", r0->nmembers, r0->nmembers == 1 ? "" : "s");
	br_buf_addf(&b, " → %s", ba_head(r1));
	if (aggregated)
		br_buf_addf(&b, " (%zu run%s)", r1->nmembers, r1->nmembers == 1 ? "" : "s");
	emit_underlined(out, b.data, width);
	br_buf_free(&b);
}

/* What the before/after cells hold, for the note under them. */
struct ba_marks {
	bool cpu, within, untested, lower, higher;
};

/* The cells as text (a heading line, then a line per column; BA_N cells a
 * line), for the widths. */
static char **ba_cells(const struct br_cmp_table *t, bool aggregated, struct ba_marks *mk)
{
	const struct br_cmp_row *r0 = &t->rows[0], *r1 = &t->rows[1];
	size_t nl = t->ncols + 1;
	char **cell = br_calloc(nl * BA_N, sizeof *cell);
	cell[BA_V0] = ba_short(ba_head(r0));
	cell[BA_V1] = ba_short(ba_head(r1));
	cell[BA_CHANGE] = br_strdup("change");
	if (aggregated)
		cell[BA_P] = br_strdup("p");
	for (size_t k = 0; k < t->ncols; k++) {
		const struct br_cmp_col *col = &t->cols[k];
		char **c = cell + (k + 1) * BA_N;
		struct br_cmp_cell buf0, buf1;
		const struct br_cmp_cell *c0 = br_cmp_cell(t, 0, k, &buf0), *c1 = br_cmp_cell(t, 1, k, &buf1);
		struct br_buf v = BR_BUF_INIT, p = BR_BUF_INIT;
		c[BA_METRIC] = br_strdup(col->info->short_title);
		c[BA_UNIT] = br_strdup(col->unit.name);
		ba_value(&v, col, c0);
		c[BA_V0] = br_buf_detach(&v);
		ba_value(&v, col, c1);
		c[BA_V1] = br_buf_detach(&v);
		if (col->has_cpu) {
			mk->cpu = true;
			fmt_cpu(&v, c0, r0);
			c[BA_C0] = br_buf_detach(&v);
			fmt_cpu(&v, c1, r1);
			c[BA_C1] = br_buf_detach(&v);
		}
		ba_change(&v, &p, c1, aggregated);
		mk->within = mk->within || c1->sig == BR_CMP_SIG_WITHIN;
		mk->untested = mk->untested || c1->sig == BR_CMP_SIG_UNTESTED;
		mk->lower = mk->lower || col->info->better == BR_LOWER;
		mk->higher = mk->higher || col->info->better == BR_HIGHER;
		c[BA_CHANGE] = br_buf_detach(&v);
		c[BA_P] = br_buf_detach(&p);
	}
	if (mk->cpu) {
		cell[BA_C0] = br_strdup("%CP");
		cell[BA_C1] = br_strdup("%CP");
	}
	return cell;
}

/* The lines of cells, each column as wide as its widest cell. */
static void ba_lines(struct br_sink *out, char **cell, size_t nl, bool cpu, bool aggregated)
{
	struct br_buf b = BR_BUF_INIT;
	size_t w[BA_N] = {0};
	for (size_t l = 0; l < nl; l++)
		for (int k = 0; k < BA_N; k++)
			if (cell[l * BA_N + k] && br_u8_columns(cell[l * BA_N + k]) > w[k])
				w[k] = br_u8_columns(cell[l * BA_N + k]);
	for (size_t l = 0; l < nl; l++) {
		char **c = cell + l * BA_N;
		put_left(&b, c[BA_METRIC] ? c[BA_METRIC] : "", w[BA_METRIC]);
		pad(&b, GAP);
		put_left(&b, c[BA_UNIT] ? c[BA_UNIT] : "", w[BA_UNIT]);
		for (int v = BA_V0; v <= BA_V1; v += 2) {
			pad(&b, GAP);
			put_right(&b, c[v], w[v]);
			if (cpu) {
				pad(&b, 1);
				put_right(&b, c[v + 1] ? c[v + 1] : "", w[v + 1]);
			}
		}
		pad(&b, GAP + 1);
		put_right(&b, c[BA_CHANGE], w[BA_CHANGE]);
		if (aggregated) {
			pad(&b, GAP);
			put_right(&b, c[BA_P] ? c[BA_P] : "", w[BA_P]);
		}
		emit_line(out, &b);
	}
	br_buf_free(&b);
}

/* The note under the cells: what "change" compares, which way is better,
 * and the marks used. */
static void ba_note(struct br_sink *out, const struct br_cmp_table *t, bool aggregated, const struct ba_marks *mk,
		    size_t width)
{
	struct br_buf b = BR_BUF_INIT;
	br_buf_addf(&b, "change: %s against %s; ", ba_head(&t->rows[1]), ba_head(&t->rows[0]));
	br_buf_adds(&b, mk->lower && mk->higher ? "latency: less is better, the rest: more is better."
			: mk->lower		 ? "less is better."
						 : "more is better.");
	if (mk->cpu)
		br_buf_adds(&b, " %CP: CPU use in percent.");
	if (aggregated) {
		br_buf_adds(&b, " Values are means ± sample standard deviation over the runs. p: ");
		br_buf_addf(&b, "%s", BR_CMP_METHOD);
		if (mk->within)
			br_buf_adds(&b, "; ~: within the run-to-run spread");
		if (mk->untested)
			br_buf_adds(&b, "; ?: fewer than two runs on one side, not tested");
		br_buf_adds(&b, ".");
	}
	emit_wrapped(out, b.data, 0, width);
	br_buf_free(&b);
}

static void before_after(struct br_sink *out, const struct br_cmp_table *t, bool aggregated, size_t width)
{
	ba_title(out, t, aggregated, width);
	br_sink_puts(out, "\n");
	struct ba_marks mk = {0};
	size_t nl = t->ncols + 1;
	char **cell = ba_cells(t, aggregated, &mk);
	ba_lines(out, cell, nl, mk.cpu, aggregated);
	for (size_t i = 0; i < nl * BA_N; i++)
		free(cell[i]);
	free(cell);
	br_sink_puts(out, "\n");
	ba_note(out, t, aggregated, &mk, width);
}

/* ------------------------------------------------------------ renderer */

static void render_table(struct br_sink *out, const struct br_cmp *cmp, const struct br_cmp_table *t,
			 const struct br_render_opts *o)
{
	size_t width = o && o->columns > 0 ? (size_t)o->columns : DEFAULT_WIDTH;
	if (t->before_after && t->nrows == 2 && !(o && o->bars)) {
		before_after(out, t, cmp->aggregated, width);
		return;
	}
	emit_title(out, t, cmp->aggregated, width);
	size_t skip = common_prefix(t);
	if (skip) {
		char *c = br_asprintf("Every row: %.*s", (int)skip, t->rows[0].label);
		emit_wrapped(out, c, 2, width);
		free(c);
	}
	br_sink_puts(out, "\n");
	struct names shown, names;
	fit_names(&shown, t, skip, 0);
	size_t nw = name_width(t, &shown, width);
	if (cmp->aggregated && nw > AGG_NAME_W)
		nw = AGG_NAME_W; /* the statistics tables have seven columns */
	fit_names(&names, t, skip, nw);
	br_cmp_mark_clashes(names.v, names.cut, shown.v, names.n, nw, &names.marks);
	main_table(out, t, cmp->aggregated, names.v, width);
	br_sink_puts(out, "\n");
	legend(out, t, cmp->aggregated, width);
	if (names.any_cut) {
		br_sink_puts(out, "\n");
		emit_full_names(out, &names, &shown, width);
	}
	if (t->baseline >= 0 && t->nrows > 1) {
		br_sink_puts(out, "\n");
		baseline_table(out, t, cmp->aggregated, names.v, width);
	}
	if (cmp->aggregated) {
		br_sink_puts(out, "\n");
		stats_tables(out, t, names.v, width);
	}
	if (o && o->bars) {
		size_t namew = 0;
		for (size_t r = 0; r < t->nrows; r++)
			if (br_u8_columns(names.v[r]) > namew)
				namew = br_u8_columns(names.v[r]);
		bars(out, t, names.v, namew, width);
	}
	free_names(&names, t);
	free_names(&shown, t);
}

static int render(const struct br_report *rep, struct br_sink *out)
{
	const struct br_render_opts *o = rep->o;
	const struct br_cmp *cmp = rep->cmp;
	if (cmp->ntables == 0)
		return br_error("no figures to show (check --metric)");
	for (size_t i = 0; i < cmp->ntables; i++) {
		if (i)
			br_sink_puts(out, "\n\n");
		render_table(out, cmp, &cmp->tables[i], o);
	}
	return 0;
}

const struct br_renderer br_renderer_text = {
	.name = "text",
	.extensions = ".txt",
	.summary = "comparison tables for a fixed-width font (mail, terminals)",
	.text = true,
	.needs = BR_NEED_TABLES,
	.render = render,
};
