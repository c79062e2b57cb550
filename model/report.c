/* report — the report model, built once; see report.h. */
#include "report.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "tablefmt.h"

/* ------------------------------------------------------------ inputs */

const char *br_report_file_name(const char *path)
{
	if (!path || !*path)
		return "?";
	const char *s = strrchr(path, '/');
	return s && s[1] ? s + 1 : path;
}

const char *br_report_record_input(const struct br_report *rep, const struct br_record *r)
{
	size_t v;
	if (br_ptrmap_get(&rep->innames, r, &v))
		return (const char *)(uintptr_t)v;
	return br_report_file_name(r->source.file);
}

/* ------------------------------------------------------------ sections */

/* The sections by key: open addressing, slot = 1 + section index (one
 * look-up per table or record, not a scan of the sections made so far). */
struct sec_index {
	size_t *slot;
	size_t cap;
};

static size_t key_hash(const char *key)
{
	uint64_t h = br_fnv1a(key);
	return (size_t)(h ^ (h >> 29));
}

static size_t *sec_slot(const struct br_report *rep, const struct sec_index *ix, const char *key)
{
	size_t k = key_hash(key) & (ix->cap - 1);
	while (ix->slot[k] && strcmp(rep->secs[ix->slot[k] - 1].key, key) != 0)
		k = (k + 1) & (ix->cap - 1);
	return &ix->slot[k];
}

static struct br_report_section *section_for(struct br_report *rep, const char *key, const char *name,
					     size_t *cap, struct sec_index *ix)
{
	/* records come input by input: the last section first */
	if (rep->nsecs && strcmp(rep->secs[rep->nsecs - 1].key, key) == 0)
		return &rep->secs[rep->nsecs - 1];
	if ((rep->nsecs + 1) * 2 > ix->cap) {
		free(ix->slot);
		ix->cap = ix->cap ? 2 * ix->cap : 64;
		ix->slot = br_calloc(ix->cap, sizeof *ix->slot);
		for (size_t i = 0; i < rep->nsecs; i++)
			*sec_slot(rep, ix, rep->secs[i].key) = i + 1;
	}
	size_t *slot = sec_slot(rep, ix, key);
	if (*slot)
		return &rep->secs[*slot - 1];
	rep->secs = br_grow(rep->secs, cap, rep->nsecs + 1, sizeof *rep->secs);
	struct br_report_section *sc = &rep->secs[rep->nsecs++];
	memset(sc, 0, sizeof *sc);
	sc->key = key;
	sc->name = name;
	*slot = rep->nsecs;
	return sc;
}

/* Borrow r into the section (rs.v only: the dataset owns the records). */
static void section_add(struct br_report_section *sc, const struct br_record *r)
{
	if (sc->rs.n == sc->rs.cap) {
		sc->rs.cap = sc->rs.cap ? 2 * sc->rs.cap : 8;
		sc->rs.v = br_realloc(sc->rs.v, sc->rs.cap * sizeof *sc->rs.v);
	}
	sc->rs.v[sc->rs.n++] = (struct br_record *)r;
}

static bool section_holds(const struct br_report_section *sc, const struct br_record *r)
{
	for (size_t i = 0; i < sc->rs.n; i++)
		if (sc->rs.v[i] == r)
			return true;
	return false;
}

/* Every record's input name, as the table model has it. */
static void map_inputs(struct br_report *rep)
{
	for (size_t t = 0; t < rep->cmp->ntables; t++) {
		const struct br_cmp_table *tb = &rep->cmp->tables[t];
		for (size_t r = 0; r < tb->nrows; r++)
			for (size_t m = 0; tb->rows[r].input && m < tb->rows[r].nmembers; m++)
				br_ptrmap_put(&rep->innames, tb->rows[r].members[m], (uintptr_t)tb->rows[r].input);
	}
}

/* With a --baseline, its runs join every section of their family that
 * lacks them (each section compares with it). */
static void add_baselines(struct br_report *rep)
{
	/* With --group-by and no --baseline, a table's baseline is the first
	 * input's run of a before/after pair: its group's section holds it
	 * already, and it is no baseline for the other groups (joining every
	 * section made the report grow as groups x pairs: quadratic) */
	if (rep->o && rep->o->group_by && !rep->o->baseline)
		return;
	for (size_t t = 0; t < rep->cmp->ntables; t++) {
		const struct br_cmp_table *tb = &rep->cmp->tables[t];
		if (tb->baseline < 0)
			continue;
		const struct br_cmp_row *base = &tb->rows[tb->baseline];
		for (size_t i = 0; i < rep->nsecs; i++) {
			struct br_report_section *sc = &rep->secs[i];
			bool family = false;
			for (size_t k = 0; k < sc->own && !family; k++)
				family = br_tool_family(sc->rs.v[k]->tool) == tb->family;
			for (size_t m = 0; family && m < base->nmembers; m++)
				if (!section_holds(sc, base->members[m]))
					section_add(sc, base->members[m]);
		}
	}
}

/* The sections: one per input in input order, or per --group-by value as
 * the table model groups them; then the baseline's runs. */
static void make_sections(struct br_report *rep)
{
	const struct br_dataset *ds = rep->ds;
	size_t cap = 0;
	struct sec_index ix = {0};
	if (rep->o && rep->o->group_by) {
		for (size_t t = 0; t < rep->cmp->ntables; t++) {
			const struct br_cmp_table *tb = &rep->cmp->tables[t];
			const char *v = tb->group ? tb->group : "(none)";
			struct br_report_section *sc = section_for(rep, v, v, &cap, &ix);
			for (size_t r = 0; r < tb->nrows; r++)
				for (size_t m = 0; m < tb->rows[r].nmembers; m++)
					section_add(sc, tb->rows[r].members[m]);
		}
	} else {
		for (size_t i = 0; i < ds->records.n; i++) {
			const struct br_record *r = ds->records.v[i];
			const char *f = r->source.file ? r->source.file : "";
			section_add(section_for(rep, f, br_report_record_input(rep, r), &cap, &ix), r);
		}
	}
	free(ix.slot);
	for (size_t i = 0; i < rep->nsecs; i++)
		rep->secs[i].own = rep->secs[i].rs.n;
	add_baselines(rep);
}

/* ------------------------------------------------------------ charts */

/* The HTML report's chart of one family and group from a series set: wide,
 * and narrow for phones (both or neither). */
static void report_chart(struct br_report_chart *ch, const struct br_chart_set *set, const struct br_render_opts *o,
			 enum br_family fam, enum br_group g)
{
	struct br_render_opts co = *o;
	co.title = NULL; /* the report's title is not each chart's */
	co.width = co.width ? co.width : BR_REPORT_CHART_WIDTH;
	ch->wide = br_chart_build_capped(set, g, (int)fam, &co, BR_REPORT_CHART_BARS);
	co.width = BR_REPORT_PHONE_WIDTH;
	ch->narrow = ch->wide ? br_chart_build_capped(set, g, (int)fam, &co, BR_REPORT_CHART_BARS) : NULL;
	if (!ch->narrow) {
		br_chart_free(ch->wide);
		ch->wide = NULL;
	}
}

/* The section holds every record in dataset order and the report's model
 * is not grouped: its tables are the report's (the model of 100,000
 * results is built once, not twice). */
static bool section_is_report(const struct br_report *rep, const struct br_report_section *sc)
{
	if (rep->nsecs != 1 || (rep->o && rep->o->group_by) || sc->rs.n != rep->ds->records.n)
		return false;
	for (size_t i = 0; i < sc->rs.n; i++)
		if (sc->rs.v[i] != rep->ds->records.v[i])
			return false;
	return true;
}

/* The charts the report shows: a section's when it compares two results
 * or more, or the report has this section alone; the tables by metric's
 * when they compare two or more (and the report has several sections). */
static void section_charts(struct br_report *rep, struct br_report_section *sc)
{
	if (section_is_report(rep, sc)) {
		sc->cmp = rep->cmp; /* the same model: built once */
	} else {
		struct br_render_opts so = *rep->o;
		so.group_by = NULL; /* the section is the group */
		sc->cmp = sc->own_cmp = br_cmp_build_records(&sc->rs, &so);
	}
	br_chart_set_from_cmp(&sc->series, sc->cmp, &sc->rs, BR_REPORT_CHART_BARS);
	for (int fam = 0; fam < BR_FAM_COUNT; fam++)
		for (int g = 0; g < BR_GROUP_COUNT; g++)
			if (br_cmp_has_group(sc->cmp, fam, (enum br_group)g) &&
			    (rep->nsecs == 1 || br_cmp_rows_with(sc->cmp, fam, (enum br_group)g) >= 2))
				report_chart(&sc->charts[fam][g], &sc->series, rep->o, (enum br_family)fam,
					     (enum br_group)g);
}

static void metric_charts(struct br_report *rep)
{
	br_chart_set_from_cmp(&rep->metric_series, rep->cmp, &rep->ds->records, BR_REPORT_CHART_BARS);
	for (int fam = 0; fam < BR_FAM_COUNT; fam++)
		for (int g = 0; g < BR_GROUP_COUNT; g++)
			if (br_cmp_has_group(rep->cmp, fam, (enum br_group)g) &&
			    br_cmp_rows_with(rep->cmp, fam, (enum br_group)g) >= 2)
				report_chart(&rep->metric_charts[fam][g], &rep->metric_series, rep->o,
					     (enum br_family)fam, (enum br_group)g);
}

/* The chart of the one-chart outputs (every group's when all), every
 * family in it. */
static void group_charts(struct br_report *rep, bool all)
{
	br_chart_set_build(&rep->series, rep->ds, rep->o);
	const struct br_render_opts *o = rep->o;
	rep->chart_group = o && o->chart_group >= 0 ? o->chart_group : br_chart_first_group(&rep->series, o);
	for (int g = 0; g < BR_GROUP_COUNT; g++)
		if (all || g == rep->chart_group)
			rep->charts[g] = br_chart_build(&rep->series, (enum br_group)g, -1, o);
}

const struct br_chart *br_report_chart(const struct br_report *rep)
{
	const struct br_render_opts *o = rep->o;
	int g = rep->chart_group;
	if (g < 0) {
		br_error("no figures to chart%s", o && o->have_metric_filter ? " for the chosen --metric" : "");
		return NULL;
	}
	const struct br_chart *c = g < BR_GROUP_COUNT ? rep->charts[g] : NULL;
	if (!c)
		br_error("no figures for the %s chart (%s)%s", br_group_name((enum br_group)g),
			 br_group_title((enum br_group)g),
			 o && o->have_metric_filter ? " with the chosen --metric" : "");
	return c;
}

/* ------------------------------------------------------------ build */

struct br_report *br_report_build(const struct br_dataset *ds, const struct br_render_opts *o,
				  unsigned needs)
{
	struct br_report *rep = br_calloc(1, sizeof *rep);
	rep->ds = ds;
	rep->o = o;
	rep->chart_group = -1;
	if (needs & BR_NEED_SECTIONS)
		needs |= BR_NEED_TABLES;
	rep->needs = needs;
	if (needs & BR_NEED_TABLES)
		rep->cmp = br_cmp_build(ds, o);
	if (needs & BR_NEED_PLAIN) {
		struct br_render_opts po = {0};
		if (o)
			po = *o;
		po.aggregate = false;
		po.baseline = NULL;
		rep->plain = br_cmp_build(ds, &po);
	}
	if (needs & (BR_NEED_CHART | BR_NEED_CHARTS))
		group_charts(rep, needs & BR_NEED_CHARTS);
	if (needs & BR_NEED_SECTIONS) {
		map_inputs(rep);
		make_sections(rep);
		if (rep->nsecs > 1)
			metric_charts(rep);
		for (size_t i = 0; i < rep->nsecs; i++)
			section_charts(rep, &rep->secs[i]);
	}
	return rep;
}

static void chart_pair_free(struct br_report_chart ch[BR_FAM_COUNT][BR_GROUP_COUNT])
{
	for (int fam = 0; fam < BR_FAM_COUNT; fam++)
		for (int g = 0; g < BR_GROUP_COUNT; g++) {
			br_chart_free(ch[fam][g].wide);
			br_chart_free(ch[fam][g].narrow);
		}
}

void br_report_free(struct br_report *rep)
{
	if (!rep)
		return;
	for (size_t i = 0; i < rep->nsecs; i++) {
		struct br_report_section *sc = &rep->secs[i];
		chart_pair_free(sc->charts);
		br_chart_set_free(&sc->series);
		br_cmp_free(sc->own_cmp);
		free(sc->rs.v);
	}
	free(rep->secs);
	chart_pair_free(rep->metric_charts);
	br_chart_set_free(&rep->metric_series);
	for (int g = 0; g < BR_GROUP_COUNT; g++)
		br_chart_free(rep->charts[g]);
	br_chart_set_free(&rep->series);
	br_ptrmap_free(&rep->innames);
	br_cmp_free(rep->cmp);
	br_cmp_free(rep->plain);
	free(rep);
}

/* ------------------------------------------------------------ dump */

static void dump_cell(struct br_buf *b, const struct br_cmp_col *col, const struct br_cmp_cell *c)
{
	if (!c->present) {
		br_buf_adds(b, " -");
		return;
	}
	br_buf_addc(b, ' ');
	if (c->has_value)
		br_cmp_format(col, c->value, b);
	else
		br_buf_adds(b, c->too_fast ? "+++++" : "?");
	if (c->has_cpu)
		br_buf_addf(b, "/%.6gcpu", c->cpu);
	if (c->n > 1) {
		br_buf_addf(b, "[n=%zu sd=", c->n);
		br_cmp_format(col, c->sd, b);
		br_buf_addc(b, ']');
	}
	if (c->best)
		br_buf_addc(b, '*');
	if (c->marked)
		br_buf_addc(b, '!');
	if (c->has_ratio) {
		br_buf_addc(b, '@');
		br_cmp_format_ratio(c->ratio, b);
		const char *sig = br_cmp_sig_text(c->sig);
		if (*sig)
			br_buf_addf(b, "(%s)", sig);
	}
}

static void dump_table(struct br_buf *b, const char *what, const struct br_cmp_table *t)
{
	br_buf_addf(b, "%stable %s", what, t->title);
	if (t->group_key)
		br_buf_addf(b, " %s=%s", t->group_key, t->group);
	br_buf_addf(b, " rows %zu cols %zu", t->nrows, t->ncols);
	if (t->baseline >= 0)
		br_buf_addf(b, " baseline %ld", t->baseline);
	if (t->ndropped)
		br_buf_addf(b, " dropped %zu", t->ndropped);
	if (t->before_after)
		br_buf_adds(b, " before-after");
	br_buf_addc(b, '\n');
	for (size_t k = 0; k < t->ncols; k++) {
		const struct br_cmp_col *col = &t->cols[k];
		br_buf_addf(b, "%s  col %s unit %s", what, col->info->name, col->unit.name);
		if (col->has_best) {
			br_buf_adds(b, " best ");
			br_cmp_format(col, col->best, b);
		}
		br_buf_addc(b, '\n');
	}
	for (size_t r = 0; r < t->nrows; r++) {
		const struct br_cmp_row *row = &t->rows[r];
		br_buf_addf(b, "%s  row \"%s\" runs %zu", what, row->name, row->nmembers);
		if (row->input)
			br_buf_addf(b, " input \"%s\"", row->input);
		if (row->is_baseline)
			br_buf_adds(b, " baseline");
		br_buf_adds(b, ":");
		for (size_t k = 0; k < t->ncols; k++) {
			struct br_cmp_cell tmp;
			dump_cell(b, &t->cols[k], br_cmp_cell(t, r, k, &tmp));
		}
		br_buf_addc(b, '\n');
	}
}

static void dump_cmp(struct br_buf *b, const char *what, const struct br_cmp *cmp)
{
	for (size_t i = 0; i < cmp->ntables; i++)
		dump_table(b, what, &cmp->tables[i]);
	for (size_t i = 0; i < cmp->nnotes; i++)
		br_buf_addf(b, "%snote %s\n", what, cmp->notes[i]);
	if (cmp->groups)
		br_buf_addf(b, "%sgroups %s\n", what, cmp->groups);
}

static void dump_chart(struct br_buf *b, const char *what, const struct br_chart *c)
{
	size_t bars = 0;
	for (size_t p = 0; p < c->npanels; p++)
		for (size_t k = 0; k < c->panels[p].nblocks; k++)
			bars += c->panels[p].blocks[k].nbars;
	br_buf_addf(b, "%schart %s \"%s\" panels %zu bars %zu %gx%g\n", what, br_group_name(c->group), c->title,
		    c->npanels, bars, c->width, c->height);
}

void br_report_dump(const struct br_report *rep, struct br_buf *b)
{
	br_buf_addf(b, "report records %zu\n", rep->ds ? rep->ds->records.n : 0);
	if (rep->cmp)
		dump_cmp(b, "", rep->cmp);
	if (rep->plain)
		dump_cmp(b, "plain ", rep->plain);
	for (int g = 0; g < BR_GROUP_COUNT; g++)
		if (rep->charts[g])
			dump_chart(b, "", rep->charts[g]);
	for (size_t i = 0; i < rep->nsecs; i++) {
		const struct br_report_section *sc = &rep->secs[i];
		br_buf_addf(b, "section \"%s\" records %zu own %zu\n", sc->name, sc->rs.n, sc->own);
		dump_cmp(b, "  ", sc->cmp);
		for (int fam = 0; fam < BR_FAM_COUNT; fam++)
			for (int g = 0; g < BR_GROUP_COUNT; g++)
				if (sc->charts[fam][g].wide)
					dump_chart(b, "  ", sc->charts[fam][g].wide);
	}
}
