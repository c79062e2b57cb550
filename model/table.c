/* table — the table model behind every table; see table.h. */
#include "table.h"

#include <ctype.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "group.h"
#include "tablefmt.h"

/* Rare paths out of line keep the hot ones free of a stack frame. */
#if defined(__GNUC__)
#define BR_NOINLINE __attribute__((noinline))
#else
#define BR_NOINLINE
#endif

/* ------------------------------------------------------------ helpers */

static bool str_eq(const char *a, const char *b)
{
	if (!a || !b)
		return a == b;
	return strcmp(a, b) == 0;
}

/* Natural, case-insensitive order: "Try 2" < "Try 10"; NULL last. */
static int natural_cmp(const char *a, const char *b)
{
	if (!a || !b)
		return a ? -1 : b ? 1 : 0;
	while (*a && *b) {
		if (isdigit((unsigned char)*a) && isdigit((unsigned char)*b)) {
			while (*a == '0' && isdigit((unsigned char)a[1]))
				a++;
			while (*b == '0' && isdigit((unsigned char)b[1]))
				b++;
			size_t la = strspn(a, "0123456789"), lb = strspn(b, "0123456789");
			if (la != lb)
				return la < lb ? -1 : 1;
			int c = strncmp(a, b, la);
			if (c)
				return c;
			a += la;
			b += lb;
			continue;
		}
		int x = tolower((unsigned char)*a), y = tolower((unsigned char)*b);
		if (x != y)
			return x < y ? -1 : 1;
		a++;
		b++;
	}
	return *a ? 1 : *b ? -1 : 0;
}

static void add_note(struct br_cmp *c, char *msg)
{
	c->notes = br_realloc(c->notes, (c->nnotes + 1) * sizeof *c->notes);
	c->notes[c->nnotes++] = msg;
}

/* ------------------------------------------------------------ row names */

/* A set of borrowed strings with a count and the first input key each
 * (open addressing, grown as strings come: a table of 100,000 runs of one
 * file holds one document name). */
struct name_tab {
	const char **key;
	size_t *count, *ikey;
	bool *mixed;    /* seen with two inputs */
	size_t cap, used;
};

static void name_tab_init(struct name_tab *nt, size_t n)
{
	nt->cap = 16;
	while (nt->cap < 2 * n)
		nt->cap *= 2;
	nt->used = 0;
	nt->key = br_calloc(nt->cap, sizeof *nt->key);
	nt->count = br_calloc(nt->cap, sizeof *nt->count);
	nt->ikey = br_calloc(nt->cap, sizeof *nt->ikey);
	nt->mixed = br_calloc(nt->cap, sizeof *nt->mixed);
}

static void name_tab_free(struct name_tab *nt)
{
	free(nt->key);
	free(nt->count);
	free(nt->ikey);
	free(nt->mixed);
}

/* The slot of s: its own, or the empty one it would take. */
static size_t name_tab_slot(const struct name_tab *nt, const char *s)
{
	size_t k = (size_t)br_fnv1a(s) & (nt->cap - 1);
	while (nt->key[k] && strcmp(nt->key[k], s) != 0)
		k = (k + 1) & (nt->cap - 1);
	return k;
}

/* Twice the room, every string where it now belongs. */
static void name_tab_grow(struct name_tab *nt)
{
	struct name_tab g;
	name_tab_init(&g, nt->cap);
	for (size_t k = 0; k < nt->cap; k++)
		if (nt->key[k]) {
			size_t j = name_tab_slot(&g, nt->key[k]);
			g.key[j] = nt->key[k];
			g.count[j] = nt->count[k];
			g.ikey[j] = nt->ikey[k];
			g.mixed[j] = nt->mixed[k];
			g.used++;
		}
	name_tab_free(nt);
	*nt = g;
}

/* Count s (seen in input ikey); returns its slot (slots found before an
 * add may move). */
static size_t name_tab_add(struct name_tab *nt, const char *s, size_t ikey)
{
	if (2 * (nt->used + 1) > nt->cap)
		name_tab_grow(nt);
	size_t k = name_tab_slot(nt, s);
	if (!nt->key[k]) {
		nt->used++;
		nt->key[k] = s;
		nt->ikey[k] = ikey;
	} else if (nt->ikey[k] != ikey) {
		nt->mixed[k] = true;
	}
	nt->count[k]++;
	return k;
}

/* ------------------------------------------------------------ inputs */

/*
 * Where each record came from, by name (table.h). A record read from its
 * input directly, or from a named input, has the input's name (dataset.h);
 * one that came through JSON Lines or an archive names another document in
 * its source: that document's name by the same rule (base name without
 * extension; the path without extension when two documents would share
 * it). Sources of the same name are one: `id` numbers the names.
 */
struct inputs {
	struct br_ptrmap id;    /* record → 1 + index into name[] */
	size_t *by_input;       /* when every record was read directly (the
				   common case, no map): input → index, or NO_INPUT */
	size_t ninputs;
	char **name;
	const char **path;      /* the path each name was made from (the first) */
	bool *named;            /* the name was given on the command line */
	size_t n;
};

#define NO_INPUT SIZE_MAX

static size_t inputs_intern(struct inputs *in, struct name_tab *names, char *name, const char *path,
			    bool named)
{
	for (char *p = name; *p; p++)
		if (*p == '\t' || *p == '\n' || *p == '\r')
			*p = ' '; /* shown on one line, like every name */
	size_t k = name_tab_slot(names, name);
	if (names->key[k]) {
		free(name);
		return names->ikey[k];
	}
	in->name = br_realloc(in->name, (in->n + 1) * sizeof *in->name);
	in->path = br_realloc(in->path, (in->n + 1) * sizeof *in->path);
	in->named = br_realloc(in->named, (in->n + 1) * sizeof *in->named);
	in->name[in->n] = name;
	in->path[in->n] = path;
	in->named[in->n] = named;
	name_tab_add(names, name, in->n);
	return in->n++;
}

/* The input record r was read from, if that names it (see above). */
static const struct br_input *direct_input(const struct br_dataset *ds, const struct br_record *r)
{
	if (!r->input || r->input > ds->ninputs || !ds->inputs[r->input - 1].name)
		return NULL;
	const struct br_input *inp = &ds->inputs[r->input - 1];
	if (inp->named || !r->source.file || strcmp(r->source.file, inp->path) == 0)
		return inp;
	return NULL;
}

static void inputs_init(struct inputs *in, const struct br_dataset *ds)
{
	*in = (struct inputs){0};
	if (!ds)
		return;
	const struct br_recset *rs = &ds->records;
	/* the documents named in sources, and how many paths share each base name */
	struct name_tab docs, bases, names;
	name_tab_init(&docs, 0);
	name_tab_init(&bases, ds->ninputs);
	name_tab_init(&names, ds->ninputs);
	char **base = br_calloc(rs->n ? rs->n : 1, sizeof *base);
	for (size_t i = 0; i < ds->ninputs; i++)
		if (ds->inputs[i].name)
			name_tab_add(&bases, ds->inputs[i].name, i);
	for (size_t i = 0; i < rs->n; i++) {
		const struct br_record *r = rs->v[i];
		if (!r->input || direct_input(ds, r) || !r->source.file ||
		    docs.key[name_tab_slot(&docs, r->source.file)])
			continue;
		name_tab_add(&docs, r->source.file, i);
		base[i] = br_input_default_name(r->source.file);
		name_tab_add(&bases, base[i], ds->ninputs + i);
	}
	/* ids, made once per input and per document */
	size_t *input_id = br_malloc((ds->ninputs ? ds->ninputs : 1) * sizeof *input_id);
	size_t *doc_id = br_malloc((rs->n ? rs->n : 1) * sizeof *doc_id);
	for (size_t i = 0; i < ds->ninputs; i++)
		input_id[i] = NO_INPUT;
	bool direct = true;
	for (size_t i = 0; i < rs->n && direct; i++)
		direct = rs->v[i]->input && direct_input(ds, rs->v[i]);
	for (size_t i = 0; i < rs->n; i++) {
		const struct br_record *r = rs->v[i];
		const struct br_input *inp = direct_input(ds, r);
		size_t id;
		if (inp) {
			size_t *slot = &input_id[r->input - 1];
			if (*slot == NO_INPUT)
				*slot = inputs_intern(in, &names, br_strdup(inp->name), inp->path, inp->named);
			id = *slot;
			if (direct)
				continue;
		} else if (r->input && r->source.file) {
			size_t first = docs.ikey[name_tab_slot(&docs, r->source.file)];
			if (first == i) {
				bool shared = bases.mixed[name_tab_slot(&bases, base[first])];
				doc_id[i] = inputs_intern(in, &names,
							  shared ? br_input_strip_ext(r->source.file) : br_strdup(base[i]),
							  r->source.file, false);
			}
			id = doc_id[first];
		} else {
			continue;
		}
		br_ptrmap_put(&in->id, r, id + 1);
	}
	if (direct) {
		in->by_input = input_id;
		in->ninputs = ds->ninputs;
	} else {
		free(input_id);
	}
	free(doc_id);
	for (size_t i = 0; i < rs->n; i++)
		free(base[i]);
	free(base);
	name_tab_free(&docs);
	name_tab_free(&bases);
	name_tab_free(&names);
}

static void inputs_free(struct inputs *in)
{
	for (size_t i = 0; i < in->n; i++)
		free(in->name[i]);
	free(in->name);
	free(in->path);
	free(in->named);
	free(in->by_input);
	br_ptrmap_free(&in->id);
}

static size_t input_key(const struct inputs *in, const struct br_record *r)
{
	size_t id;
	if (in && in->by_input)
		return r->input && r->input <= in->ninputs ? in->by_input[r->input - 1] : NO_INPUT;
	if (!in || !in->n || !br_ptrmap_get(&in->id, r, &id))
		return NO_INPUT;
	return id - 1;
}

static const char *input_name(const struct inputs *in, const struct br_record *r)
{
	size_t k = input_key(in, r);
	return k == NO_INPUT ? NULL : in->name[k];
}

static const char *input_path(const struct inputs *in, const struct br_record *r)
{
	size_t k = input_key(in, r);
	return k == NO_INPUT ? NULL : in->path[k];
}

/* ------------------------------------------------------------ rows */

/* The metrics a table can show (its family's, after --metric). */
struct slots {
	int n;
	int metric[BR_METRIC_COUNT]; /* slot → metric, metrics.def order */
	int of[BR_METRIC_COUNT];     /* metric → slot, -1 when not shown */
};

/* A row while the table is being built. It holds no cells: a cell is made
 * from the row's runs when it is needed (every row's cells at once were
 * 300 MB for 100,000 bonnie++ runs). */
struct trow {
	char *name, *label, *host;
	char *core;     /* the name without the input's part, NULL for none (the
			   before/after test) */
	const char *input; /* the input's name, or NULL */
	const char *qual;  /* = input when the name was qualified with it */
	size_t ikey;    /* input_key(), NO_INPUT when unknown */
	bool unnamed;   /* neither label nor host: named after the input */
	const struct br_record **members; /* its own (cap > 0), or one entry of
					     the table's block of single runs */
	size_t nmembers, cap;
	size_t order;   /* input order */
	double score;   /* for --top */
};

/* A row's strings are its own, or borrowed where they would be copies:
 * label and host from its first run when they are one line already (the
 * records outlive the model), the name and the core from the label or the
 * host when they are that. Each is freed unless it is one of those. */
static void free_unless(char *s, const char *a, const char *b)
{
	if (s != a && s != b)
		free(s);
}

static void free_row_strings(char *name, char *core, char *label, char *host, const struct br_record *first)
{
	free_unless(core, label, host);
	free_unless(name, label, host);
	free_unless(label, first->label, NULL);
	free_unless(host, first->host, NULL);
}

/* s as one line (br_cmp_one_line): s itself when it is, else a copy. */
static char *one_line(const char *s)
{
	if (!s || !s[strcspn(s, "\t\n\r")])
		return (char *)s; /* borrowed (free_unless) */
	return br_cmp_one_line(s);
}

static void trow_free(struct trow *r)
{
	if (r->nmembers)
		free_row_strings(r->name, r->core, r->label, r->host, r->members[0]);
	if (r->cap)
		free(r->members);
}

static void trow_add_member(struct trow *r, const struct br_record *rec)
{
	r->members = br_grow(r->members, &r->cap, r->nmembers + 1, sizeof *r->members);
	r->members[r->nmembers++] = rec;
}

/* The cell of a single run: what the statistics below give for n <= 1. */
static void fill_one(struct br_cmp_cell *c, const struct br_value *v)
{
	c->present = true;
	c->marked = v->marked;
	c->raw = v->raw;
	c->raw_form = v->form;
	c->n_too_fast = v->too_fast ? 1 : 0;
	if (v->has_value && isfinite(v->value)) {
		c->n = 1;
		c->has_value = true;
		c->median = c->min = c->max = v->value;
		c->value = c->mean = 0.0 + v->value; /* a sum, as br_cmp_stats() makes it */
	}
	c->too_fast = !c->has_value && v->too_fast;
	if (v->has_cpu) {
		c->has_cpu = true;
		c->cpu = 0.0 + v->cpu;
	}
}

/* The figures of metric m over the runs mem[0..nm) into the zeroed *c:
 * presence, marks, statistics; nothing that depends on other rows. vals
 * has room for nm numbers (unused when nm is 1). */
static void base_cell(const struct br_record *const *mem, size_t nm, int m, struct br_cmp_cell *c,
		      double *vals)
{
	if (nm == 1) {
		const struct br_value v = br_record_get(mem[0], (enum br_metric_id)m);
		if (v.present)
			fill_one(c, &v);
		return;
	}
	size_t n = 0, ncpu = 0;
	double cpu = 0;
	for (size_t i = 0; i < nm; i++) {
		const struct br_value v = br_record_get(mem[i], (enum br_metric_id)m);
		if (!v.present)
			continue;
		c->present = true;
		c->marked = c->marked || v.marked;
		if (v.too_fast)
			c->n_too_fast++;
		if (v.has_value && isfinite(v.value))
			vals[n++] = v.value;
		if (v.has_cpu) {
			cpu += v.cpu;
			ncpu++;
		}
	}
	if (!c->present)
		return;
	struct br_cmp_stats st;
	br_cmp_stats(vals, n, &st);
	c->n = st.n;
	c->mean = st.mean;
	c->median = st.median;
	c->sd = st.sd;
	c->min = st.min;
	c->max = st.max;
	c->has_value = n > 0;
	c->value = st.mean;
	c->too_fast = n == 0 && c->n_too_fast > 0;
	if (ncpu) {
		c->has_cpu = true;
		c->cpu = cpu / (double)ncpu;
	}
}

/* base_cell() with its own room for the numbers. */
static void make_base(const struct br_record *const *mem, size_t nm, int m, struct br_cmp_cell *c)
{
	double stack[32];
	double *vals = nm <= BR_ARRAY_LEN(stack) ? stack : br_malloc(nm * sizeof *vals);
	*c = (struct br_cmp_cell){0};
	base_cell(mem, nm, m, c, vals);
	if (vals != stack)
		free(vals);
}


/* A row's name, its input and its core: the name without the input's part
 * (a label that is the input's given name), NULL for none. */
static void row_names(struct trow *t, const struct inputs *in)
{
	t->ikey = input_key(in, t->members[0]);
	t->input = t->ikey == NO_INPUT ? NULL : in->name[t->ikey];
	if (t->label && t->host && strcasecmp(t->label, t->host) == 0) {
		t->name = t->host; /* (a banner naming the host: "== db1 ==") borrowed */
	} else if (t->label && t->host) {
		t->name = br_asprintf("%s / %s", t->label, t->host);
	} else if (t->label || t->host) {
		t->name = t->label ? t->label : t->host; /* borrowed */
	} else if (t->input) {
		t->name = br_cmp_one_line(t->input);
		t->unnamed = true;
		return; /* no core */
	} else {
		char *dn = br_record_display_name(t->members[0]);
		t->name = br_cmp_one_line(dn);
		free(dn);
	}
	/* (the core borrows the label or the host, never a name made here:
	 * qualify_rows may replace the name) */
	if (t->label && t->input && in->named[t->ikey] && strcmp(t->label, t->input) == 0)
		t->core = t->host;
	else if (t->name == t->label || t->name == t->host)
		t->core = t->name;
	else
		t->core = br_strdup(t->name);
}

/* The names a table shows (table.h): rows named after their input that
 * share it get ":LINE"; then a name that rows of two inputs share gets
 * " (input)" on each. */
static void qualify_rows(struct trow *rows, size_t nrows)
{
	size_t nunnamed = 0;
	for (size_t i = 0; i < nrows; i++)
		nunnamed += rows[i].unnamed;
	struct name_tab nt;
	name_tab_init(&nt, nunnamed);
	for (size_t i = 0; i < nrows; i++)
		if (rows[i].unnamed)
			name_tab_add(&nt, rows[i].name, rows[i].ikey);
	char **renamed = br_calloc(nrows ? nrows : 1, sizeof *renamed);
	for (size_t i = 0; i < nrows; i++)
		if (rows[i].unnamed && nt.count[name_tab_slot(&nt, rows[i].name)] > 1)
			renamed[i] = br_asprintf("%s:%u", rows[i].name, rows[i].members[0]->source.line);
	for (size_t i = 0; i < nrows; i++)
		if (renamed[i]) {
			free_unless(rows[i].name, rows[i].label, rows[i].host);
			rows[i].name = renamed[i];
		}
	name_tab_free(&nt);

	bool one_input = true;
	for (size_t i = 1; i < nrows && one_input; i++)
		one_input = rows[i].ikey == rows[0].ikey;
	if (one_input) {
		free(renamed);
		return; /* nothing to tell apart */
	}
	name_tab_init(&nt, nrows);
	for (size_t i = 0; i < nrows; i++)
		name_tab_add(&nt, rows[i].name, rows[i].ikey);
	for (size_t i = 0; i < nrows; i++) {
		struct trow *t = &rows[i];
		renamed[i] = NULL;
		if (t->input && nt.mixed[name_tab_slot(&nt, t->name)])
			renamed[i] = br_asprintf("%s (%s)", t->name, t->input);
	}
	for (size_t i = 0; i < nrows; i++)
		if (renamed[i]) {
			free_unless(rows[i].name, rows[i].label, rows[i].host);
			rows[i].name = renamed[i];
			rows[i].qual = rows[i].input;
		}
	free(renamed);
	name_tab_free(&nt);
}

/* The rows of a table, without cells; with --aggregate, one per
 * configuration (group.h). Without, each row's one run is an entry of
 * *block (one allocation for the table, not one a row). */
static size_t build_rows(const struct br_record *const *recs, size_t n, bool aggregate,
			 const struct inputs *in, struct trow **out, const struct br_record ***block)
{
	struct trow *rows = br_calloc(n ? n : 1, sizeof *rows);
	size_t nrows = 0;
	if (aggregate) {
		size_t *ikey = br_malloc((n ? n : 1) * sizeof *ikey);
		for (size_t i = 0; i < n; i++)
			ikey[i] = input_key(in, recs[i]);
		struct br_configs cf;
		br_configs_find(&cf, recs, n, ikey);
		free(ikey);
		for (nrows = 0; nrows < cf.n; nrows++) {
			struct trow *t = &rows[nrows];
			t->order = nrows;
			t->label = cf.label[nrows];
			t->host = cf.host[nrows];
			cf.label[nrows] = cf.host[nrows] = NULL;
		}
		for (size_t i = 0; i < n; i++)
			trow_add_member(&rows[cf.of[i]], recs[i]);
		br_configs_release(&cf);
	} else {
		const struct br_record **b = *block = br_malloc((n ? n : 1) * sizeof *b);
		for (size_t i = 0; i < n; i++) {
			struct trow *t = &rows[nrows];
			t->order = nrows++;
			t->label = one_line(recs[i]->label);
			t->host = one_line(recs[i]->host);
			b[i] = recs[i];
			t->members = &b[i];
			t->nmembers = 1;
		}
	}
	for (size_t k = 0; k < nrows; k++)
		row_names(&rows[k], in);
	*out = rows;
	return nrows;
}

/* ------------------------------------------------------------ tables */

/* What a table's column needs to know about all its cells, gathered in one
 * pass over the rows (the cells are made and dropped one by one). */
struct colacc {
	bool present, has_cpu, any_too_fast, any_marked, any_absent, any_unreadable;
	bool any_negative, cpu_decimals;
	size_t nvalues, ncpu;
	double min, max;         /* over the numbers */
	double nzmin;            /* smallest non-zero magnitude, 0 = none */
	double cpu_min, cpu_max;
	int exact;               /* decimals the unscaled figures need */
};

static void acc_cell(struct colacc *a, const struct br_cmp_cell *c, bool mean_of_runs)
{
	a->present = a->present || c->present;
	a->any_absent = a->any_absent || !c->present;
	a->any_unreadable = a->any_unreadable || (c->present && !c->has_value && !c->too_fast);
	a->any_too_fast = a->any_too_fast || c->too_fast;
	a->any_marked = a->any_marked || c->marked;
	if (c->has_cpu) {
		if (!a->has_cpu || c->cpu < a->cpu_min)
			a->cpu_min = c->cpu;
		if (!a->has_cpu || c->cpu > a->cpu_max)
			a->cpu_max = c->cpu;
		a->has_cpu = true;
		a->ncpu++;
		a->cpu_decimals = a->cpu_decimals || c->cpu != (double)(long long)c->cpu;
		a->any_negative = a->any_negative || signbit(c->cpu) || !isfinite(c->cpu);
	}
	if (!c->has_value)
		return;
	if (a->nvalues == 0 || c->value < a->min)
		a->min = c->value;
	if (a->nvalues == 0 || c->value > a->max)
		a->max = c->value;
	a->nvalues++;
	double v = fabs(c->value);
	if (v > 0 && (a->nzmin == 0 || v < a->nzmin))
		a->nzmin = v;
	if (a->exact < 2) {
		int d = br_exact_decimals(c->value);
		if (d > a->exact)
			a->exact = d;
	}
	if (mean_of_runs)
		a->exact = 2; /* means have decimals */
	a->any_negative = a->any_negative || signbit(c->value);
}

/* acc_cell() for the cell a single run's figure v makes (fill_one()),
 * without making it: the pass over 100,000 rows × 24 columns is most of
 * building a table. */
static void acc_one(struct colacc *a, const struct br_figv *v)
{
	if (!(v->flags & BR_FIG_PRESENT)) {
		a->any_absent = true;
		return;
	}
	a->present = true;
	a->any_marked |= (v->flags & BR_FIG_MARKED) != 0; /* (|=: no branch per figure) */
	if (v->flags & BR_FIG_HAS_CPU) {
		double cpu = 0.0 + v->cpu;
		if (!a->has_cpu || cpu < a->cpu_min)
			a->cpu_min = cpu;
		if (!a->has_cpu || cpu > a->cpu_max)
			a->cpu_max = cpu;
		a->has_cpu = true;
		a->ncpu++;
		a->cpu_decimals |= cpu != (double)(long long)cpu;
		a->any_negative |= signbit(cpu) || !isfinite(cpu);
	}
	if (!(v->flags & BR_FIG_HAS_VALUE) || !isfinite(v->value)) {
		if (v->flags & BR_FIG_TOO_FAST)
			a->any_too_fast = true;
		else
			a->any_unreadable = true;
		return;
	}
	double x = 0.0 + v->value;
	if (a->nvalues == 0 || x < a->min)
		a->min = x;
	if (a->nvalues == 0 || x > a->max)
		a->max = x;
	a->nvalues++;
	double ax = fabs(x);
	if (ax > 0 && (a->nzmin == 0 || ax < a->nzmin))
		a->nzmin = ax;
	/* (a whole figure needs no decimals: br_exact_decimals' first test,
	 * made here for the many that are) */
	if (a->exact < 2 && !(ax < 1e15 && x == (double)(long long)x)) {
		int d = br_exact_decimals(x);
		if (d > a->exact)
			a->exact = d;
	}
	a->any_negative |= signbit(x) != 0;
}

/* acc[slot] over the rows' cells. */
static void scan_rows(const struct trow *rows, size_t nrows, const struct slots *sl, bool aggregate,
		      struct colacc *acc)
{
	memset(acc, 0, (size_t)sl->n * sizeof *acc);
	size_t most = 1;
	for (size_t i = 0; i < nrows; i++)
		if (rows[i].nmembers > most)
			most = rows[i].nmembers;
	double *vals = br_malloc(most * sizeof *vals);
	struct br_cmp_cell c;
	for (size_t i = 0; i < nrows; i++) {
		const struct trow *r = &rows[i];
		bool mean_of_runs = aggregate && r->nmembers > 1;
		for (int k = 0; k < sl->n; k++) {
			if (r->nmembers == 1) {
				struct br_figv v;
				br_record_figv(r->members[0], (enum br_metric_id)sl->metric[k], &v);
				acc_one(&acc[k], &v);
				continue;
			}
			c = (struct br_cmp_cell){0};
			base_cell(r->members, r->nmembers, sl->metric[k], &c, vals);
			acc_cell(&acc[k], &c, mean_of_runs);
		}
	}
	free(vals);
}

static bool name_match(const char *s, const char *want, bool ci)
{
	if (!s)
		return false;
	return ci ? strcasecmp(s, want) == 0 : strcmp(s, want) == 0;
}

static bool label_prefix_match(const char *label, const char *want, bool ci)
{
	if (!label)
		return false;
	size_t l = strlen(want);
	if (strlen(label) <= l + 3)
		return false;
	int c = ci ? strncasecmp(label, want, l) : strncmp(label, want, l);
	return c == 0 && strncmp(label + l, " / ", 3) == 0;
}

/* Baseline row per the rules in table.h; -1 when none. *nmatch counts the
 * rows matching at the rule that decided. */
static bool input_match(const struct trow *r, const struct inputs *in, const char *want, bool ci,
			bool path)
{
	for (size_t k = 0; k < r->nmembers; k++) {
		const char *s = path ? input_path(in, r->members[k]) : input_name(in, r->members[k]);
		if (name_match(s, want, ci))
			return true;
	}
	return false;
}

static long find_baseline(struct trow *rows, size_t nrows, const struct inputs *in, const char *want,
			  size_t *nmatch)
{
	*nmatch = 0;
	for (int ci = 0; ci < 2; ci++) {
		for (int rule = 0; rule < 6; rule++) {
			long first = -1;
			size_t cnt = 0;
			for (size_t i = 0; i < nrows; i++) {
				const struct trow *r = &rows[i];
				bool hit = false;
				switch (rule) {
				case 0:
					hit = input_match(r, in, want, ci, true);
					break;
				case 1:
					hit = name_match(r->label, want, ci);
					break;
				case 2:
					hit = name_match(r->host, want, ci);
					break;
				case 3:
					hit = input_match(r, in, want, ci, false);
					break;
				case 4:
					hit = label_prefix_match(r->label, want, ci);
					break;
				case 5:
					for (size_t k = 0; k < r->nmembers && !hit; k++)
						hit = name_match(r->members[k]->label, want, ci) ||
						      name_match(r->members[k]->host, want, ci);
					break;
				}
				if (hit) {
					if (first < 0)
						first = (long)i;
					cnt++;
				}
			}
			if (first >= 0) {
				*nmatch = cnt;
				return first;
			}
		}
	}
	return -1;
}

/* Sort support: qsort with a context through a file-local struct array. */
struct sortent {
	struct trow *row;
	double key;     /* metric sort: larger first after direction applied */
	int rank;       /* 0 number, 1 too-fast-first bucket adjustments, 2 missing */
	const char *skey;
};

static int by_metric(const void *pa, const void *pb)
{
	const struct sortent *a = pa, *b = pb;
	if (a->rank != b->rank)
		return a->rank < b->rank ? -1 : 1;
	if (a->key != b->key)
		return a->key > b->key ? -1 : 1;
	return a->row->order < b->row->order ? -1 : a->row->order > b->row->order;
}

static int by_string(const void *pa, const void *pb)
{
	const struct sortent *a = pa, *b = pb;
	int c = natural_cmp(a->skey, b->skey);
	if (c)
		return c;
	return a->row->order < b->row->order ? -1 : a->row->order > b->row->order;
}

static int by_order(const void *pa, const void *pb)
{
	const struct sortent *a = pa, *b = pb;
	return a->row->order < b->row->order ? -1 : a->row->order > b->row->order;
}

static int by_score(const void *pa, const void *pb)
{
	const struct sortent *a = pa, *b = pb;
	if (a->row->score != b->row->score)
		return a->row->score > b->row->score ? -1 : 1;
	return a->row->order < b->row->order ? -1 : a->row->order > b->row->order;
}

/* Metric sort entry: too fast counts as best for higher-is-better. */
static void metric_key(struct sortent *e, int m)
{
	struct br_cmp_cell c;
	make_base(e->row->members, e->row->nmembers, m, &c);
	bool higher = br_metric(m)->better == BR_HIGHER;
	if (c.has_value) {
		e->rank = 1;
		e->key = higher ? c.value : -c.value;
	} else if (c.too_fast && higher) {
		e->rank = 0;
		e->key = 0;
	} else {
		e->rank = 2;
		e->key = 0;
	}
}

/* Score for --top: mean over the columns of value/best (inverted when lower
 * is better); rows without numbers score -1. acc: the columns over all rows. */
static void score_rows(struct trow *rows, size_t nrows, const struct slots *sl,
		       const struct colacc *acc, const bool *cols, int sort_metric)
{
	for (size_t i = 0; i < nrows; i++) {
		struct trow *r = &rows[i];
		if (sort_metric >= 0) {
			struct sortent e = {.row = r};
			metric_key(&e, sort_metric);
			/* rank 0 (too fast) best, then numbers, then missing */
			r->score = e.rank == 0 ? INFINITY : e.rank == 2 ? -INFINITY : e.key;
			continue;
		}
		double sum = 0;
		size_t n = 0;
		for (int m = 0; m < BR_METRIC_COUNT; m++) {
			if (!cols[m])
				continue;
			struct br_cmp_cell c;
			make_base(r->members, r->nmembers, m, &c);
			if (!c.has_value)
				continue;
			const struct colacc *cs = &acc[sl->of[m]];
			double s;
			if (br_metric(m)->better == BR_HIGHER)
				s = cs->max > 0 ? c.value / cs->max : 1;
			else
				s = c.value > 0 ? cs->min / c.value : 1;
			sum += s;
			n++;
		}
		r->score = n ? sum / (double)n : -1;
	}
}

static void sort_rows(struct trow *rows, size_t nrows, int (*cmp)(const void *, const void *),
		      int metric, const char *skey_kind)
{
	struct sortent *e = br_calloc(nrows ? nrows : 1, sizeof *e);
	for (size_t i = 0; i < nrows; i++) {
		e[i].row = &rows[i];
		if (metric >= 0)
			metric_key(&e[i], metric);
		if (skey_kind) {
			if (strcmp(skey_kind, "label") == 0)
				e[i].skey = rows[i].label;
			else if (strcmp(skey_kind, "host") == 0)
				e[i].skey = rows[i].host;
			else
				e[i].skey = br_tool_name(rows[i].members[0]->tool);
		}
	}
	qsort(e, nrows, sizeof *e, cmp);
	struct trow *tmp = br_malloc((nrows ? nrows : 1) * sizeof *tmp);
	for (size_t i = 0; i < nrows; i++)
		tmp[i] = *e[i].row;
	memcpy(rows, tmp, nrows * sizeof *tmp);
	free(tmp);
	free(e);
}

/* The metrics of family `fam` that --metric lets through and some record
 * holds. */
static void family_slots(enum br_family fam, const struct br_render_opts *o,
			 const struct br_record *const *recs, size_t nrecs, struct slots *sl)
{
	/* only the metrics a record may hold and none before did: a record's
	 * figures are visited once at most, not every metric of every record */
	uint64_t held = 0;
	for (size_t i = 0; i < nrecs; i++)
		for (uint64_t m = br_record_held(recs[i]) & ~held; m; m &= m - 1) {
			int id = __builtin_ctzll(m);
			if (br_record_get(recs[i], (enum br_metric_id)id).present)
				held |= 1ull << id;
		}
	sl->n = 0;
	for (int m = 0; m < BR_METRIC_COUNT; m++) {
		sl->of[m] = -1;
		if (br_metric(m)->family != fam || !(held >> m & 1))
			continue;
		if (o && o->have_metric_filter && !o->metric_filter[m])
			continue;
		sl->of[m] = sl->n;
		sl->metric[sl->n++] = m;
	}
}

/* cols[m]: some row holds metric m (a shown one). */
static void present_metrics(const struct slots *sl, const struct colacc *acc, bool *cols)
{
	for (int m = 0; m < BR_METRIC_COUNT; m++)
		cols[m] = sl->of[m] >= 0 && acc[sl->of[m]].present;
}

/* A table while it is being built: its rows (no cells), the metrics it can
 * show and what the rows hold of each, the baseline row and the sort key. */
struct tbuild {
	struct trow *rows;
	size_t nrows;
	const struct br_record **block; /* the rows' single runs (build_rows), or NULL */
	struct slots sl;
	struct colacc *acc;           /* per slot */
	bool cols[BR_METRIC_COUNT];   /* metric m is a column */
	bool aggregate;
	long base;                    /* baseline row, or -1 */
	int sort_metric;              /* --sort METRIC, or -1 */
	const char *skind;            /* --sort label|host|tool, or NULL */
};

static void tbuild_free_rows(struct tbuild *tb)
{
	for (size_t i = 0; i < tb->nrows; i++)
		trow_free(&tb->rows[i]);
	free(tb->rows);
	free(tb->block);
	free(tb->acc);
}

/* The --sort key: a metric the table shows, or a name kind. */
static void sort_key(struct tbuild *tb, const struct br_render_opts *o)
{
	tb->sort_metric = -1;
	tb->skind = NULL;
	if (!o || !o->sort)
		return;
	int m = br_metric_by_name(o->sort);
	if (m >= 0 && tb->cols[m])
		tb->sort_metric = m;
	else if (m < 0 && (!strcmp(o->sort, "label") || !strcmp(o->sort, "host") || !strcmp(o->sort, "tool")))
		tb->skind = o->sort;
}

/* The --baseline row, with a note when several rows match. */
static void pick_baseline(struct br_cmp *c, const struct br_cmp_table *t, struct tbuild *tb,
			  const struct br_render_opts *o, const struct inputs *in, size_t *baseline_hits)
{
	tb->base = -1;
	if (!o || !o->baseline)
		return;
	size_t nm;
	tb->base = find_baseline(tb->rows, tb->nrows, in, o->baseline, &nm);
	if (tb->base < 0)
		return;
	(*baseline_hits)++;
	if (nm > 1)
		add_note(c, br_asprintf("--baseline '%s' matches %zu rows of the %s table; the first is the baseline",
					o->baseline, nm, t->title));
}

/* --top N: the N best rows (and the baseline) stay, in their order; the
 * columns are then those of the rows kept. */
static void keep_top(struct br_cmp_table *t, struct tbuild *tb, size_t top)
{
	struct trow *rows = tb->rows;
	size_t nrows = tb->nrows;
	score_rows(rows, nrows, &tb->sl, tb->acc, tb->cols, tb->sort_metric);
	struct sortent *e = br_calloc(nrows, sizeof *e);
	for (size_t i = 0; i < nrows; i++)
		e[i].row = &rows[i];
	qsort(e, nrows, sizeof *e, by_score);
	bool *keep = br_calloc(nrows, sizeof *keep);
	for (size_t i = 0; i < top; i++)
		keep[e[i].row - rows] = true;
	if (tb->base >= 0)
		keep[tb->base] = true;
	free(e);
	size_t w = 0;
	long nb = -1;
	for (size_t i = 0; i < nrows; i++) {
		if (!keep[i]) {
			trow_free(&rows[i]);
			t->ndropped++;
			continue;
		}
		if ((long)i == tb->base)
			nb = (long)w;
		rows[w++] = rows[i];
	}
	tb->nrows = w;
	tb->base = nb;
	free(keep);
	scan_rows(rows, tb->nrows, &tb->sl, tb->aggregate, tb->acc);
	present_metrics(&tb->sl, tb->acc, tb->cols);
}

/* Before/after (one thing from two inputs: the first is the baseline
 * unless --baseline named one), then the row order: the baseline first,
 * the others by the sort key or in input order. */
static void order_rows(struct br_cmp_table *t, struct tbuild *tb, const struct br_render_opts *o)
{
	struct trow *rows = tb->rows;
	size_t nrows = tb->nrows;
	bool ba = nrows == 2 && rows[0].ikey != NO_INPUT && rows[1].ikey != NO_INPUT &&
		  rows[0].ikey != rows[1].ikey && str_eq(rows[0].core, rows[1].core);
	if (ba && !(o && o->baseline))
		tb->base = rows[0].order < rows[1].order ? 0 : 1;
	t->before_after = ba && tb->base >= 0;
	if (tb->base >= 0) {
		/* the others keep their relative (input) order behind it */
		struct trow b = rows[tb->base];
		memmove(&rows[1], &rows[0], (size_t)tb->base * sizeof *rows);
		rows[0] = b;
		for (size_t i = 0; i < nrows; i++)
			rows[i].order = i;
	}
	size_t from = tb->base >= 0 ? 1 : 0;
	if (tb->sort_metric >= 0) {
		sort_rows(rows + from, nrows - from, by_metric, tb->sort_metric, NULL);
	} else if (tb->skind) {
		sort_rows(rows + from, nrows - from, by_string, -1, tb->skind);
	} else {
		/* rows are built in input order and --top keeps it: sort only
		 * if that ever changes */
		bool ordered = true;
		for (size_t i = from + 1; i < nrows && ordered; i++)
			ordered = rows[i - 1].order < rows[i].order;
		if (!ordered)
			sort_rows(rows + from, nrows - from, by_order, -1, NULL);
	}
	if (tb->base >= 0)
		tb->base = 0;
}

/* The decimals every value of a column gets from br_figure_decimals, when
 * its statistics tell: an unscaled column none when no value needs any
 * (unit.decimals, from the same values, is then 0); a scaled one one when
 * every value is from 10 to below 100 in its unit. Else -1. */
static int value_decimals(const struct br_cmp_col *col)
{
	if (col->nvalues == 0 || col->any_negative)
		return -1;
	if (col->unit.div == 1)
		return col->unit.decimals == 0 ? 0 : -1;
	double lo = col->min / col->unit.div, hi = col->max / col->unit.div;
	return lo >= 10 && hi < 100 ? 1 : -1;
}

/* A column from what its cells hold: statistics, best, display unit. */
static void make_col(struct br_cmp_col *col, int m, const struct colacc *a)
{
	col->metric = (enum br_metric_id)m;
	col->info = br_metric(m);
	col->nvalues = a->nvalues;
	col->min = a->min;
	col->max = a->max;
	col->best = col->info->better == BR_HIGHER ? a->max : a->min;
	col->has_best = a->nvalues >= 2 && a->min != a->max;
	col->any_too_fast = a->any_too_fast;
	col->any_marked = a->any_marked;
	col->any_absent = a->any_absent;
	col->any_unreadable = a->any_unreadable;
	col->any_negative = a->any_negative;
	col->has_cpu = a->has_cpu;
	col->best_cpu = a->cpu_min;
	col->cpu_max = a->cpu_max;
	col->cpu_decimals = a->cpu_decimals;
	col->has_best_cpu = a->ncpu >= 2 && a->cpu_min != a->cpu_max;
	col->unit = br_cmp_pick_unit(col->info->unit, fmax(fabs(a->max), fabs(a->min)), a->nzmin);
	if (col->unit.div == 1) {
		int d = a->exact;
		if (a->nzmin >= 1000)
			d = 0;
		else if (a->nzmin >= 100 && d > 1)
			d = 1;
		col->unit.decimals = d;
	}
	col->value_decimals = value_decimals(col);
}

static void make_cols(struct br_cmp_table *t, const struct tbuild *tb)
{
	size_t ncols = 0;
	int map[BR_METRIC_COUNT];
	for (int m = 0; m < BR_METRIC_COUNT; m++)
		if (tb->cols[m])
			map[ncols++] = m;
	t->cols = br_calloc(ncols, sizeof *t->cols);
	t->ncols = ncols;
	for (size_t k = 0; k < ncols; k++)
		make_col(&t->cols[k], map[k], &tb->acc[tb->sl.of[map[k]]]);
}

/* The rows move into the table (cells are made when asked for:
 * br_cmp_cell), with the baseline's cells, which every other row's
 * ratios need. */
static void take_rows(struct br_cmp_table *t, struct tbuild *tb)
{
	/* Each row is rewritten in place, in order: a br_cmp_row is smaller
	 * than a trow, so row i lands on bytes of trows 0..i only, and trow i
	 * is copied out before (a table of 100,000 rows would otherwise hold
	 * both arrays at once, 17 MB). */
	_Static_assert(sizeof(struct br_cmp_row) <= sizeof(struct trow), "rows are taken in place");
	t->rows = (struct br_cmp_row *)(void *)tb->rows;
	t->nrows = tb->nrows;
	t->baseline = tb->base;
	t->member_block = tb->block;
	tb->block = NULL;
	for (size_t i = 0; i < tb->nrows; i++) {
		struct trow s = tb->rows[i], *src = &s;
		struct br_cmp_row *r = &t->rows[i];
		*r = (struct br_cmp_row){0};
		r->name = src->name;
		r->label = src->label;
		r->host = src->host;
		r->members = src->members;
		r->nmembers = src->nmembers;
		r->input = src->input;
		r->qual = src->qual;
		r->is_baseline = (long)i == tb->base;
		if (br_cmp_cpu_tenths(r))
			for (size_t k = 0; k < t->ncols; k++)
				t->cols[k].cpu_tenths = t->cols[k].has_cpu;
		free_unless(src->core, src->label, src->host);
	}
	if (tb->nrows)
		t->rows = br_realloc(t->rows, tb->nrows * sizeof *t->rows);
	tb->rows = NULL;
	if (tb->base >= 0) {
		const struct br_cmp_row *b = &t->rows[tb->base];
		t->base_cells = br_malloc(t->ncols * sizeof *t->base_cells);
		for (size_t k = 0; k < t->ncols; k++)
			make_base(b->members, b->nmembers, t->cols[k].metric, &t->base_cells[k]);
	}
}

/* Build one table from records of one family (and group); false when it has
 * no columns. Takes ownership of nothing; `recs` is borrowed. */
static bool make_table(struct br_cmp *c, struct br_cmp_table *t, enum br_family fam,
		       const struct br_record *const *recs, size_t nrecs, const struct br_render_opts *o,
		       const struct inputs *in, size_t *baseline_hits)
{
	memset(t, 0, sizeof *t);
	t->family = fam;
	t->title = br_family_title(fam);
	t->baseline = -1;
	struct tbuild tb = {.aggregate = o && o->aggregate};
	t->aggregated = tb.aggregate;
	family_slots(fam, o, recs, nrecs, &tb.sl);
	tb.nrows = build_rows(recs, nrecs, tb.aggregate, in, &tb.rows, &tb.block);
	qualify_rows(tb.rows, tb.nrows);
	tb.acc = br_calloc(tb.sl.n ? (size_t)tb.sl.n : 1, sizeof *tb.acc);
	scan_rows(tb.rows, tb.nrows, &tb.sl, tb.aggregate, tb.acc);
	present_metrics(&tb.sl, tb.acc, tb.cols);
	bool any = false;
	for (int m = 0; m < BR_METRIC_COUNT; m++)
		any = any || tb.cols[m];
	if (!any || tb.nrows == 0) {
		tbuild_free_rows(&tb);
		return false;
	}
	sort_key(&tb, o);
	pick_baseline(c, t, &tb, o, in, baseline_hits);
	if (o && o->top && tb.nrows > o->top)
		keep_top(t, &tb, o->top);
	order_rows(t, &tb, o);
	make_cols(t, &tb);
	free(tb.acc);
	take_rows(t, &tb);
	return true;
}

/* Cell k of row r, all of it (see br_cmp_cell). */
static void cell_fill(const struct br_cmp_table *t, size_t r, size_t k, struct br_cmp_cell *cell)
{
	const struct br_cmp_row *row = &t->rows[r];
	const struct br_cmp_col *col = &t->cols[k];
	if (row->nmembers == 1) {
		/* (make_base() without its calls: the common case, once per
		 * cell written) */
		*cell = (struct br_cmp_cell){0};
		const struct br_value v = br_record_get(row->members[0], col->metric);
		if (v.present)
			fill_one(cell, &v);
	} else {
		make_base(row->members, row->nmembers, col->metric, cell);
	}
	cell->best = col->has_best && cell->has_value && cell->value == col->best;
	cell->best_cpu = col->has_best_cpu && cell->has_cpu && cell->cpu == col->best_cpu;
	/* against the baseline: the ratio and the t-test */
	if (!t->base_cells || (long)r == t->baseline)
		return;
	const struct br_cmp_cell *bc = &t->base_cells[k];
	if (!cell->has_value || !bc->has_value)
		return;
	if (bc->value != 0) {
		cell->has_ratio = true;
		cell->ratio = cell->value / bc->value;
	}
	cell->better = col->info->better == BR_HIGHER ? cell->value > bc->value : cell->value < bc->value;
	if (!t->aggregated)
		return;
	struct br_cmp_stats sa = {cell->n, cell->mean, cell->median, cell->sd, cell->min, cell->max};
	struct br_cmp_stats sb = {bc->n, bc->mean, bc->median, bc->sd, bc->min, bc->max};
	if (br_cmp_welch(&sa, &sb, &cell->t, &cell->df, &cell->p))
		cell->sig = cell->p < BR_CMP_ALPHA ? BR_CMP_SIG_BEYOND : BR_CMP_SIG_WITHIN;
	else
		cell->sig = BR_CMP_SIG_UNTESTED;
}

const struct br_cmp_cell *br_cmp_cell(const struct br_cmp_table *t, size_t r, size_t k,
				      struct br_cmp_cell *buf)
{
	if (t->rows[r].cells)
		return &t->rows[r].cells[k];
	cell_fill(t, r, k, buf);
	return buf;
}

const char *br_cmp_cell_raw(const struct br_cmp_cell *c, char buf[BR_RAW_BUF])
{
	const struct br_value v = br_cmp_cell_fig(c);
	return br_value_raw(&v, buf);
}

/* br_cmp_fig() from the whole cell (out of line: the common case below
 * then needs no room for a cell, nor a frame). */
static BR_NOINLINE void fig_of_cell(const struct br_cmp_table *t, size_t r, size_t k,
						   struct br_cmp_fig *f)
{
	struct br_cmp_cell buf;
	const struct br_cmp_cell *c = br_cmp_cell(t, r, k, &buf);
	*f = (struct br_cmp_fig){c->present, c->has_value, c->too_fast, c->has_cpu, c->best, c->value, c->cpu};
}

void br_cmp_fig(const struct br_cmp_table *t, size_t r, size_t k, struct br_cmp_fig *f)
{
	const struct br_cmp_row *row = &t->rows[r];
	const struct br_cmp_col *col = &t->cols[k];
	if (row->nmembers != 1 || row->cells) {
		fig_of_cell(t, r, k, f);
		return;
	}
	/* fill_one() and the best mark, for the fields asked */
	struct br_figv v;
	unsigned fl = br_record_figv(row->members[0], col->metric, &v);
	bool present = fl & BR_FIG_PRESENT;
	f->present = present;
	f->has_value = present && (fl & BR_FIG_HAS_VALUE) && isfinite(v.value);
	f->value = f->has_value ? 0.0 + v.value : 0;
	f->too_fast = present && !f->has_value && (fl & BR_FIG_TOO_FAST);
	f->has_cpu = present && (fl & BR_FIG_HAS_CPU);
	f->cpu = f->has_cpu ? 0.0 + v.cpu : 0;
	f->best = col->has_best && f->has_value && f->value == col->best;
}

bool br_cmp_present(const struct br_cmp_table *t, size_t r, size_t k)
{
	const struct br_cmp_row *row = &t->rows[r];
	if (row->cells)
		return row->cells[k].present;
	for (size_t i = 0; i < row->nmembers; i++)
		if (br_record_figv(row->members[i], t->cols[k].metric, &(struct br_figv){0}) & BR_FIG_PRESENT)
			return true;
	return false;
}

void br_cmp_materialize(struct br_cmp *c)
{
	for (size_t i = 0; i < c->ntables; i++) {
		struct br_cmp_table *t = &c->tables[i];
		if (t->cell_block)
			continue;
		size_t n = t->nrows * t->ncols;
		t->cell_block = br_calloc(n ? n : 1, sizeof *t->cell_block);
		for (size_t r = 0; r < t->nrows; r++) {
			struct br_cmp_cell *cells = t->cell_block + r * t->ncols;
			for (size_t k = 0; k < t->ncols; k++)
				cell_fill(t, r, k, &cells[k]);
			t->rows[r].cells = cells;
		}
	}
}

/* ------------------------------------------------------------ the model */

static const char *group_value(const struct br_record *r, const char *key, bool aggregate,
			       char **tmp)
{
	*tmp = NULL;
	if (strcmp(key, "tool") == 0)
		return br_tool_name(r->tool);
	if (strcmp(key, "host") == 0)
		return r->host;
	if (aggregate) {
		*tmp = br_cmp_config_label(r->label);
		return *tmp;
	}
	return r->label;
}

/* Number the distinct values (NULL is one too) in order of first appearance:
 * gid[i] for vals[i]; returns how many there are. */
static size_t group_records(const char *const *vals, size_t n, size_t *gid)
{
	size_t cap = 16;
	while (cap < 2 * n)
		cap *= 2;
	size_t *slot = br_calloc(cap, sizeof *slot); /* 1 + a record holding the value */
	size_t ng = 0, null_group = SIZE_MAX;
	for (size_t i = 0; i < n; i++) {
		if (!vals[i]) {
			if (null_group == SIZE_MAX)
				null_group = ng++;
			gid[i] = null_group;
			continue;
		}
		uint64_t h = 0xcbf29ce484222325ull; /* FNV-1a */
		for (const char *p = vals[i]; *p; p++)
			h = (h ^ (unsigned char)*p) * 0x100000001b3ull;
		size_t k = (size_t)h & (cap - 1);
		while (slot[k] && strcmp(vals[slot[k] - 1], vals[i]) != 0)
			k = (k + 1) & (cap - 1);
		if (slot[k]) {
			gid[i] = gid[slot[k] - 1];
		} else {
			slot[k] = i + 1;
			gid[i] = ng++;
		}
	}
	free(slot);
	return ng;
}

/* What a --baseline could have matched: the labels, hosts and input names,
 * in order of first appearance, the first 12 of them. */
static char *baseline_choices(const struct br_recset *rs, const struct inputs *in)
{
	enum { SHOWN = 12 };
	struct name_tab nt;
	name_tab_init(&nt, 3 * rs->n);
	struct br_buf b = BR_BUF_INIT;
	size_t listed = 0, more = 0;
	for (size_t i = 0; i < rs->n; i++) {
		const struct br_record *r = rs->v[i];
		const char *cand[3] = {input_name(in, r), r->label, r->host};
		for (int k = 0; k < 3; k++) {
			if (!cand[k] || nt.key[name_tab_slot(&nt, cand[k])])
				continue;
			name_tab_add(&nt, cand[k], 0);
			if (listed == SHOWN) {
				more++;
				continue;
			}
			char *one = br_cmp_one_line(cand[k]);
			br_buf_addf(&b, "%s'%s'", listed ? ", " : "", one);
			free(one);
			listed++;
		}
	}
	if (more)
		br_buf_addf(&b, " and %zu more", more);
	name_tab_free(&nt);
	return br_buf_detach(&b);
}

/* The configurations --aggregate formed, for a note: "3 runs of host0 in
 * before, 3 runs of host0 in after" (the first 12, then how many more). */
static char *aggregate_groups(const struct br_cmp *c)
{
	enum { SHOWN = 12 };
	struct br_buf b = BR_BUF_INIT;
	size_t n = 0;
	for (size_t t = 0; t < c->ntables; t++)
		for (size_t r = 0; r < c->tables[t].nrows; r++, n++) {
			const struct br_cmp_row *row = &c->tables[t].rows[r];
			if (n >= SHOWN)
				continue;
			br_buf_addf(&b, "%s%zu run%s", n ? ", " : "", row->nmembers, row->nmembers == 1 ? "" : "s");
			if (row->label && row->host)
				br_buf_addf(&b, " of %s / %s", row->label, row->host);
			else if (row->label || row->host)
				br_buf_addf(&b, " of %s", row->label ? row->label : row->host);
			if (row->input)
				br_buf_addf(&b, " in %s", row->input);
		}
	if (n > SHOWN)
		br_buf_addf(&b, " and %zu more", n - SHOWN);
	return br_buf_detach(&b);
}

/* What the tables under construction share: the model, the options, the
 * --group-by key, room for one group's records, the --baseline hits. */
struct cbuild {
	struct br_cmp *c;
	const struct br_render_opts *o;
	const struct inputs *in;
	const char *gkey;
	const struct br_record **grp;
	size_t cap_tables, baseline_hits;
};

/* Table g of a family: its records grp[0..n), its group's value gv. */
static void group_table(struct cbuild *cb, enum br_family f, size_t n, const char *gv)
{
	struct br_cmp *c = cb->c;
	c->tables = br_grow(c->tables, &cb->cap_tables, c->ntables + 1, sizeof *c->tables);
	struct br_cmp_table *t = &c->tables[c->ntables];
	if (!make_table(c, t, f, cb->grp, n, cb->o, cb->in, &cb->baseline_hits))
		return;
	if (cb->gkey) {
		if (strcmp(cb->gkey, "tool") == 0)
			t->group_key = "tool";
		else if (strcmp(cb->gkey, "host") == 0)
			t->group_key = "host";
		else
			t->group_key = "label";
		t->group = gv ? br_cmp_one_line(gv) : br_strdup("(none)");
	}
	c->ntables++;
}

/* The tables of one family (records recs[0..n)): one per group, in order
 * of first appearance, each in input order. */
static void family_tables(struct cbuild *cb, enum br_family f, const struct br_record **recs, size_t n)
{
	char **tmp = br_calloc(n, sizeof *tmp);
	const char **vals = br_calloc(n, sizeof *vals);
	size_t *gid = br_malloc(n * sizeof *gid);
	size_t ngroups = 1;
	if (cb->gkey) {
		for (size_t i = 0; i < n; i++)
			vals[i] = group_value(recs[i], cb->gkey, cb->c->aggregated, &tmp[i]);
		ngroups = group_records(vals, n, gid);
	} else {
		memset(gid, 0, n * sizeof *gid);
	}
	size_t *start = br_calloc(ngroups + 1, sizeof *start);
	size_t *first = br_malloc(ngroups * sizeof *first);
	for (size_t i = n; i-- > 0;) {
		start[gid[i] + 1]++;
		first[gid[i]] = i;
	}
	for (size_t g = 0; g < ngroups; g++)
		start[g + 1] += start[g];
	for (size_t i = 0; i < n; i++)
		cb->grp[start[gid[i]]++] = recs[i];
	for (size_t g = ngroups; g > 0; g--)
		start[g] = start[g - 1];
	start[0] = 0;
	const struct br_record **all = cb->grp;
	for (size_t g = 0; g < ngroups; g++) {
		cb->grp = all + start[g];
		group_table(cb, f, start[g + 1] - start[g], vals[first[g]]);
	}
	cb->grp = all;
	for (size_t i = 0; i < n; i++)
		free(tmp[i]);
	free(tmp);
	free(vals);
	free(gid);
	free(start);
	free(first);
}

static struct br_cmp *build(const struct br_recset *rs, const struct inputs *in,
			    const struct br_render_opts *o)
{
	struct br_cmp *c = br_calloc(1, sizeof *c);
	c->aggregated = o && o->aggregate;
	c->baseline = o ? o->baseline : NULL;
	c->sort = o ? o->sort : NULL;
	struct cbuild cb = {.c = c, .o = o, .in = in, .gkey = o ? o->group_by : NULL};
	if (cb.gkey && strcmp(cb.gkey, "tool") && strcmp(cb.gkey, "host") && strcmp(cb.gkey, "label"))
		cb.gkey = NULL;
	if (o && o->sort && br_metric_by_name(o->sort) < 0 && strcmp(o->sort, "label") &&
	    strcmp(o->sort, "host") && strcmp(o->sort, "tool"))
		add_note(c, br_asprintf("--sort '%s' is not a metric, 'label', 'host' or 'tool'; "
					"rows keep input order", o->sort));

	const struct br_record **recs = br_malloc((rs->n ? rs->n : 1) * sizeof *recs);
	cb.grp = br_malloc((rs->n ? rs->n : 1) * sizeof *cb.grp);
	for (int f = 0; f < BR_FAM_COUNT; f++) {
		size_t n = 0;
		for (size_t i = 0; i < rs->n; i++)
			if (br_tool_family(rs->v[i]->tool) == (enum br_family)f)
				recs[n++] = rs->v[i];
		if (n)
			family_tables(&cb, (enum br_family)f, recs, n);
	}
	free(cb.grp);
	free(recs);
	if (o && o->baseline && cb.baseline_hits == 0) {
		add_note(c, br_asprintf("--baseline '%s' matches no record's label, host or input", o->baseline));
		c->baseline_unmatched = true;
		c->baseline_choices = baseline_choices(rs, in);
	}
	if (c->aggregated)
		c->groups = aggregate_groups(c);
	return c;
}

struct br_cmp *br_cmp_build_records(const struct br_recset *rs, const struct br_render_opts *o)
{
	return build(rs, NULL, o);
}

struct br_cmp *br_cmp_build(const struct br_dataset *ds, const struct br_render_opts *o)
{
	struct inputs in;
	inputs_init(&in, ds);
	struct br_cmp *c = build(&ds->records, &in, o);
	/* the rows point to the names: the model keeps them */
	c->input_names = in.name;
	c->ninput_names = in.n;
	in.name = NULL;
	in.n = 0;
	inputs_free(&in);
	return c;
}

void br_cmp_free(struct br_cmp *c)
{
	if (!c)
		return;
	for (size_t i = 0; i < c->ntables; i++) {
		struct br_cmp_table *t = &c->tables[i];
		for (size_t r = 0; r < t->nrows; r++) {
			struct br_cmp_row *row = &t->rows[r];
			free_row_strings(row->name, NULL, row->label, row->host, row->members[0]);
			if (!t->member_block)
				free(row->members);
		}
		free(t->member_block);
		free(t->cell_block);
		free(t->base_cells);
		free(t->rows);
		free(t->cols);
		free(t->group);
	}
	free(c->tables);
	for (size_t i = 0; i < c->nnotes; i++)
		free(c->notes[i]);
	free(c->notes);
	free(c->baseline_choices);
	free(c->groups);
	for (size_t i = 0; i < c->ninput_names; i++)
		free(c->input_names[i]);
	free(c->input_names);
	free(c);
}
