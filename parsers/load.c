/* load — see load.h. */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "doc.h"
#include "explain.h"
#include "load.h"
#include "parser.h"

void br_load_input_from_arg(struct br_load_input *in, const char *arg, const char *label)
{
	in->path = arg;
	in->name = NULL;
	const char *eq = strchr(arg, '=');
	struct stat st;
	if (label) {
		in->name = br_strdup(label);
	} else if (eq && eq > arg && eq[1] && !memchr(arg, '/', (size_t)(eq - arg)) && stat(arg, &st) != 0) {
		in->name = br_strndup(arg, (size_t)(eq - arg));
		in->path = eq + 1;
	}
}

static bool same_file(const char *a, const char *b)
{
	struct stat sa, sb;
	if (stat(a, &sa) != 0 || stat(b, &sb) != 0)
		return false;
	return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

const struct br_load_input *br_load_find_file(const struct br_load_input *in, size_t n, const char *path)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(in[i].path, "-") != 0 && same_file(in[i].path, path))
			return &in[i];
	return NULL;
}

const char *br_load_baseline(const struct br_load_input *in, size_t n, const char *want)
{
	struct stat st;
	if (stat(want, &st) != 0)
		return want;
	const struct br_load_input *a = br_load_find_file(in, n, want);
	return a ? a->path : want;
}

static void add_error(struct br_load *l, const char *msg)
{
	l->errors = br_realloc(l->errors, (l->nerrors + 1) * sizeof *l->errors);
	l->errors[l->nerrors++] = br_strdup(msg);
}

/* --dump=lines: each document's logical lines, nothing parsed. 0, or -1
 * (l->errors says why). */
static int decode_only(const struct br_load_input *a, const struct br_load_opts *o, struct br_load *l)
{
	if (o->archive_is && o->archive_is(a->path)) {
		br_dump_archive_lines(a->path, &l->lines);
		return 0;
	}
	struct br_doc_reader *rd;
	if (br_doc_reader_open(a->path, &rd) < 0) {
		add_error(l, br_last_error());
		return -1;
	}
	struct br_doc *doc;
	unsigned line0;
	int r;
	while ((r = br_doc_reader_next(rd, &doc, &line0)) == 0 && doc) {
		br_dump_lines(doc, line0, &l->lines);
		br_doc_free(doc);
	}
	if (r < 0)
		add_error(l, br_last_error());
	br_doc_reader_close(rd);
	return r;
}

/* Read one input into l->ds: its records learn which input they came from
 * and, when it was named, take the name as their label if they have none.
 * 0, or -1 (l->errors says why). */
static int load_one(const struct br_load_input *a, const struct br_load_opts *o, struct br_load *l)
{
	struct br_dataset *ds = &l->ds;
	size_t rec0 = ds->records.n, in0 = ds->ninputs;
	/* a results archive: its records, as stored */
	int rc = o->archive_is && o->archive_is(a->path) ? o->archive_read(a->path, ds) : br_parse_file(a->path, ds);
	if (rc < 0)
		add_error(l, br_last_error());
	if (ds->ninputs == in0)
		return rc; /* nothing was read */
	size_t k = ds->ninputs - 1;
	if (a->name)
		br_dataset_set_input_name(ds, k, a->name);
	for (size_t i = rec0; i < ds->records.n; i++) {
		struct br_record *r = ds->records.v[i];
		r->input = (unsigned)(k + 1);
		if (a->name && !r->label)
			br_record_set_label(r, a->name);
	}
	return rc;
}

int br_load_inputs(const struct br_load_input *in, size_t n, const struct br_load_opts *o,
		   struct br_load *out)
{
	memset(out, 0, sizeof *out);
	out->ds.skip_claims = !o->claims;
	out->ds.skip_excerpts = o->no_excerpts;
	int status = 0;
	for (size_t i = 0; i < n; i++) {
		int rc = o->lines_only ? decode_only(&in[i], o, out) : load_one(&in[i], o, out);
		if (rc < 0)
			status = -1;
	}
	if (o->lines_only)
		return status;
	br_recset_merge(&out->ds.records);
	br_dataset_name_inputs(&out->ds);
	return status;
}

void br_load_free(struct br_load *l)
{
	br_dataset_free(&l->ds);
	for (size_t i = 0; i < l->nerrors; i++)
		free(l->errors[i]);
	free(l->errors);
	br_buf_free(&l->lines);
	memset(l, 0, sizeof *l);
}

/* ------------------------------------------------------------- streaming */

/*
 * The stream: one reading while everything fits the budget, two at most
 * when not.
 *
 * Pass 1 reads every input as br_load_inputs does and keeps the records
 * until they hold more than the budget. From then on (and for those held)
 * each record leaves a fingerprint: its merge bucket (the only records
 * br_recset_merge compares are those of one bucket), its host, and where
 * its output went: the output's encoding of it is written to a temporary
 * file (the spill), and the record is dropped, unless a record of its
 * bucket and host came before, which makes it likely to merge: it is kept.
 * A record kept because an earlier one may be its run takes that one back
 * from the spill (pull). The diagnostics are pass 1's.
 *
 * A record is a candidate when another record has its bucket, may have
 * its host (the same name, or either name cut by its format) and may have
 * its figures (record.h br_record_merge_print: the same sig and the same
 * figs, or another sig, which says nothing): only candidates can
 * merge. Pass 2 reads again the documents that hold
 * candidates that were dropped (pass 1 could not know them: a cut name's)
 * and keeps those; all candidates are then
 * merged by the rule of br_recset_merge. A record that is no candidate can
 * match none of them, so the survivors are exactly those of the merge of
 * everything. The output is then the spill, in order, less the
 * candidates' encodings, with each surviving candidate encoded again as
 * it is after the merge. Memory: the budget, about 40 bytes a record and
 * the candidates; disk: the output's size.
 */

#define STREAM_BUDGET ((size_t)8 << 20)
#define COPY_BLOCK ((size_t)1 << 20)

struct fingerprint {
	uint64_t bucket, host; /* host: fnv of the name (0: none) */
	uint64_t sig, figs;    /* br_record_merge_print */
	bool cut;              /* the name may be cut (br_record.host_cut) */
};

/* A count of fingerprints by a key: open addressing, cap a power of 2;
 * aux is the user's (groups: the first record counted). */
struct tally {
	uint64_t *key;  /* 0 = empty */
	uint32_t *n, *aux;
	size_t cap, used;
};

struct br_load_stream {
	const struct br_load_input *in;
	size_t n;
	struct br_load *l;
	size_t budget, held;     /* record bytes held in pass 1 */
	bool prints;             /* fingerprints, not records (past the budget) */
	br_stream_encode_fn *encode;
	void *encode_arg;
	/* a view (br_load_view): no spill; past the budget each record is
	 * held slim (br_record_slim, keeping `keep`), slimv[g] */
	bool view;
	unsigned keep;
	struct br_record **slimv;
	size_t cap_slimv;
	struct br_buf enc;
	FILE *spill;
	uint64_t spilled;        /* bytes in it */
	int spill_err;           /* errno of a write to it that failed, or 0 */
	struct groups *seen;     /* the records so far (groups_add) */
	struct tally hot;        /* by group (bucket and host): the records kept
				    as likely to merge */
	struct fingerprint *fp;  /* one a record */
	uint64_t *off;           /* its encoding's offset in the spill (kept: none) */
	size_t nrec, cap_fp, cap_off;
	unsigned char *cand;     /* one a record: CAND, and KEPT */
	/* documents of every input in order: the records of document d are
	 * doc_g0[d] to doc_g0[d + 1]; doc_want[d]: pass 2 reads it */
	size_t *doc_g0;
	unsigned char *doc_want;
	struct br_doc_span *span; /* where each document is in its file */
	size_t ndocs, cap_docs, cap_span;
	size_t *input_doc0;      /* first document of input i */
	size_t *input_k;         /* its index in l->ds.inputs + 1 (0: not read) */
	struct br_recset kept;   /* the candidates, by record number, less
				    those merged away (settle) */
	size_t *kept_g;          /* the record number of each */
	uint64_t *kept_key;      /* its bucket as read (br_record_merge_key:
				    a merge may change a survivor's) */
	size_t cap_kept_g, cap_kept_key;
	uint64_t *gone;          /* a bit a record: merged into an earlier one */
	size_t cap_gone;         /* words */
	size_t settled;          /* kept[0..settled) went through the merge */
	size_t pending, left;    /* bytes of kept[settled..), of the survivors */
	bool early;              /* pass 1 merged some (settle) */
	bool redo;               /* pass 2 reads every candidate of some buckets again */
	struct br_recset queue;  /* pass 2: pass 1's candidates, not merged
				    yet, to go in among those read again */
	size_t *queue_g, nqueued;
	uint64_t *queue_key;
	size_t held_most;        /* the most records in kept and queue at once */
	/* pass 1: the records dropped that can be taken back, by what a
	 * later record must share to make them candidates (pull): by group,
	 * sig and figs (dfig: its link + 1; one record each, as a later
	 * record with the same is kept) and lists by group and sig (dsig,
	 * aux the first link + 1); dgrp: a group's sig lists (aux: the first
	 * dbk + 1). A record alone in its group so far has no link (ALONE):
	 * it is listed when the second comes. */
	struct figidx {
		uint32_t *slot;      /* link + 1; 0 empty, FIG_GONE taken back */
		size_t cap, used;    /* used: not empty */
	} dfig;
	struct tally dsig, dgrp;
	struct dlink {
		uint32_t g, sig; /* the record; the next link + 1 in its dsig list */
	} *link;
	size_t nlink, cap_link;
	struct dsig_link {
		uint64_t sig;    /* its sig_key */
		uint32_t next;   /* the group's next one + 1 */
	} *dbk;
	size_t ndbk, cap_dbk;
	unsigned char *drop;     /* one a record: ALONE, LISTED, PULLED */
	size_t cap_drop;
	struct br_buf pullbuf;
	bool pulls;              /* pass 1 takes records back (pull) */
	size_t npulled;          /* records taken back so */
	size_t again;            /* records pass 2 took (read again) */
	/* standard input, copied to a temporary file as pass 1 reads it, so
	 * that pass 2 can read it again: the first "-" input's */
	FILE *stdin_copy;
	size_t stdin_input;
	bool (*keep_diag)(void *arg, const struct br_diag *dg); /* br_load_opts' */
	void *diag_arg;
	size_t ndiags;           /* of l->ds.diags, those asked about */
	/* pass 2 */
	size_t input, doc_base;
	bool changed;            /* an input read differently than in pass 1 */
};

#define CAND 1
#define KEPT 2
#define AGAIN 4 /* pass 2 takes it (read again) */

#define ALONE 1
#define LISTED 2
#define PULLED 3

static uint64_t fnv_str(const char *s)
{
	return br_fnv1a(s) | 1;
}

static size_t tally_slot(struct tally *t, uint64_t key)
{
	key |= 1;
	size_t i = (size_t)((key * 0x9e3779b97f4a7c15ull) >> 20) & (t->cap - 1);
	while (t->key[i] && t->key[i] != key)
		i = (i + 1) & (t->cap - 1);
	if (!t->key[i]) {
		t->key[i] = key;
		t->used++;
	}
	return i;
}

static void tally_init(struct tally *t, size_t n)
{
	t->cap = 16;
	while (t->cap < 2 * n)
		t->cap *= 2;
	t->used = 0;
	t->key = br_calloc(t->cap, sizeof *t->key);
	t->n = br_calloc(t->cap, sizeof *t->n);
	t->aux = br_calloc(t->cap, sizeof *t->aux);
}

static void tally_free(struct tally *t)
{
	free(t->key);
	free(t->n);
	free(t->aux);
	memset(t, 0, sizeof *t);
}

/* The slot of key, added if need be (the table grows as needed). */
static size_t tally_at(struct tally *t, uint64_t key)
{
	if (2 * (t->used + 1) > t->cap) {
		struct tally u;
		tally_init(&u, t->cap);
		for (size_t i = 0; i < t->cap; i++)
			if (t->key[i]) {
				size_t j = tally_slot(&u, t->key[i]);
				u.n[j] = t->n[i];
				u.aux[j] = t->aux[i];
			}
		tally_free(t);
		*t = u;
	}
	return tally_slot(t, key);
}

/* Count key once more; its slot. */
static size_t tally_count(struct tally *t, uint64_t key)
{
	size_t i = tally_at(t, key);
	t->n[i]++;
	return i;
}

/* The same, giving the count before. */
static uint32_t tally_add(struct tally *t, uint64_t key)
{
	return t->n[tally_count(t, key)] - 1;
}

/* The slot of key, SIZE_MAX when it was never counted (nothing is added). */
static size_t tally_find(const struct tally *t, uint64_t key)
{
	key |= 1;
	size_t i = (size_t)((key * 0x9e3779b97f4a7c15ull) >> 20) & (t->cap - 1);
	while (t->key[i] && t->key[i] != key)
		i = (i + 1) & (t->cap - 1);
	return t->key[i] ? i : SIZE_MAX;
}

/* n of key, 0 when it was never counted. */
static uint32_t tally_get(const struct tally *t, uint64_t key)
{
	size_t i = tally_find(t, key);
	return i == SIZE_MAX ? 0 : t->n[i];
}

static uint64_t bucket_host(const struct fingerprint *f)
{
	return (f->bucket ^ (f->host * 0xff51afd7ed558ccdull)) * 0xc4ceb9fe1a85ec53ull;
}

static uint64_t mix(uint64_t h, uint64_t x)
{
	return (h ^ (x + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2))) * 0xff51afd7ed558ccdull;
}

/*
 * Fingerprints (records by number, in fp[]) counted three ways: by group
 * (bucket and host, or for the cut-name rule bucket alone), by group and
 * sig, by those and the figs. The last two count only the records of the
 * groups counted twice or more: a group's first record is counted there
 * when its second comes, so that records alone in their group, most of
 * them, cost one entry.
 */
struct groups {
	struct tally group, sig, figs;
	bool by_bucket;
};

static struct groups *groups_new(size_t n, bool by_bucket)
{
	struct groups *g = br_malloc(sizeof *g);
	tally_init(&g->group, n);
	tally_init(&g->sig, 16);
	tally_init(&g->figs, 16);
	g->by_bucket = by_bucket;
	return g;
}

static void groups_free(struct groups *g)
{
	if (!g)
		return;
	tally_free(&g->group);
	tally_free(&g->sig);
	tally_free(&g->figs);
	free(g);
}

static uint64_t group_key(const struct groups *g, const struct fingerprint *f)
{
	return g->by_bucket ? f->bucket : bucket_host(f);
}

static uint64_t sig_key(const struct fingerprint *f, uint64_t gk)
{
	return mix(gk, f->sig);
}

static uint64_t figs_key(const struct fingerprint *f, uint64_t gk)
{
	return mix(sig_key(f, gk), f->figs);
}

static void count_figures(struct groups *g, const struct fingerprint *f, uint64_t gk)
{
	tally_add(&g->sig, sig_key(f, gk));
	tally_add(&g->figs, figs_key(f, gk));
}

/* Count record i (fingerprints fp[]). */
static void groups_add(struct groups *g, const struct fingerprint *fp, size_t i)
{
	uint64_t gk = group_key(g, &fp[i]);
	size_t s = tally_count(&g->group, gk);
	if (g->group.n[s] == 1) {
		g->group.aux[s] = (uint32_t)i;
		return;
	}
	if (g->group.n[s] == 2)
		count_figures(g, &fp[g->group.aux[s]], gk);
	count_figures(g, &fp[i], gk);
}

/* Do two records' figures say they may be the same run? */
static bool may_be_same(const struct fingerprint *a, const struct fingerprint *b)
{
	return a->sig != b->sig || a->figs == b->figs;
}

/* May record f (counted in g `self` times: 0 or 1) merge with another
 * record counted in g (fingerprints fp[])? */
static bool groups_may_merge(const struct groups *g, const struct fingerprint *fp, const struct fingerprint *f,
			     uint32_t self)
{
	uint64_t gk = group_key(g, f);
	size_t s = tally_find(&g->group, gk);
	uint32_t n = s == SIZE_MAX ? 0 : g->group.n[s];
	if (n <= self)
		return false;
	if (n == 1) /* one other, its figures not counted */
		return may_be_same(f, &fp[g->group.aux[s]]);
	if (tally_get(&g->sig, sig_key(f, gk)) < n)
		return true; /* another sig: its figures say nothing */
	return tally_get(&g->figs, figs_key(f, gk)) > self;
}

/* What load_one does to each record of input a (index k in ds->inputs). */
static void as_loaded(struct br_record *r, const struct br_load_input *a, size_t k)
{
	r->input = (unsigned)(k + 1);
	if (a->name && !r->label)
		br_record_set_label(r, a->name);
}

/*
 * The candidates are merged as they come, in record order, a batch at a
 * time: when those not merged yet hold as many bytes as the budget and an
 * eighth of the survivors of the batches before, they go through
 * br_recset_merge's rule with the survivors filed first (each earlier
 * than all of them, and already merged: br_merge_index_keep without a
 * find, in its bucket as read), and the records merged away are freed.
 * A record is merged into the earliest survivor before it that is the
 * same run, as it would be in one merge of all; the index (its cells, the
 * cut hosts) is made for each batch from the records it holds, as they
 * are. Memory: the survivors and a batch, not every candidate (a post
 * quoted a thousand times, names cut at every length: 745 MiB at 1M runs
 * of the bench's prefix shape before); time: a batch files and holds
 * anew the survivors, at most eight times the bytes it brings, so the
 * whole is linear too (a quarter held 202 against 192 MiB at 1M runs of
 * the prefix shape, in the same time). In pass 1 this is exact for a
 * bucket only if pass 2 brings it no candidate before them: else pass 2
 * reads every candidate of that bucket again (redo, again_prepare).
 */
static bool is_gone(const struct br_load_stream *st, size_t g)
{
	return g / 64 < st->cap_gone && st->gone[g / 64] >> (g % 64) & 1;
}

struct order {
	size_t g, i;
};

static int order_cmp(const void *x, const void *y)
{
	const struct order *a = x, *b = y;
	return (a->g > b->g) - (a->g < b->g);
}

/*
 * kept[from..n) put in record order and merged with kept[0..from), which
 * are in order: the merge then takes every record by its number, as one
 * merge of all would. They come out of order when pass 1 takes back a
 * record it spilled (pull). Returns NULL when kept[0..from) stay first,
 * else a flag a position: it was one of kept[0..from) (malloc's).
 */
static unsigned char *order_kept(struct br_load_stream *st, size_t from)
{
	size_t n = st->kept.n;
	bool sorted = true;
	for (size_t i = from + 1; i < n && sorted; i++)
		sorted = st->kept_g[i - 1] < st->kept_g[i];
	if (sorted && (from == 0 || from >= n || st->kept_g[from - 1] < st->kept_g[from]))
		return NULL;
	struct order *o = br_malloc(n * sizeof *o), *m = br_malloc(n * sizeof *m);
	for (size_t i = 0; i < n; i++)
		o[i] = (struct order){st->kept_g[i], i};
	if (!sorted)
		qsort(o + from, n - from, sizeof *o, order_cmp);
	for (size_t a = 0, b = from, k = 0; k < n; k++)
		m[k] = b >= n || (a < from && o[a].g < o[b].g) ? o[a++] : o[b++];
	struct br_record **v = br_malloc(n * sizeof *v);
	uint64_t *key = br_malloc(n * sizeof *key);
	unsigned char *old = br_malloc(n);
	for (size_t k = 0; k < n; k++) {
		v[k] = st->kept.v[m[k].i];
		key[k] = st->kept_key[m[k].i];
		old[k] = m[k].i < from;
		st->kept_g[k] = m[k].g;
	}
	memcpy(st->kept.v, v, n * sizeof *v);
	memcpy(st->kept_key, key, n * sizeof *key);
	free(v);
	free(key);
	free(o);
	free(m);
	if (from == 0) {
		free(old);
		return NULL;
	}
	return old;
}

static void settle(struct br_load_stream *st)
{
	unsigned char *old = order_kept(st, st->settled);
	struct br_record **v = st->kept.v;
	size_t n = st->kept.n, w = 0;
	struct br_merge_index *ix = br_merge_index_new(v, n, st->kept_key);
	for (size_t i = 0; i < n; i++) {
		if (old ? old[i] : i < st->settled) { /* survivors: merged already */
			br_merge_index_keep(ix, i);
			continue;
		}
		size_t a = br_merge_index_find(ix, i);
		if (a == BR_MERGE_NONE) {
			br_merge_index_keep(ix, i);
			continue;
		}
		br_merge_index_merge(ix, a, i);
		st->gone[st->kept_g[i] / 64] |= (uint64_t)1 << (st->kept_g[i] % 64);
	}
	br_merge_index_free(ix);
	free(old);
	/* those merged away freed, marked and left out; the survivors held
	 * anew, compact, their also[] to its size: the space of the others
	 * comes back (the arena's slabs, each emptied: holding anew only the
	 * batch's survivors and those that took some in left every slab
	 * where an old survivor stands, 277 against 220 MiB at 1M runs of
	 * the prefix shape, for the same time), and so does what a merge left
	 * behind (a name copied as it grew) */
	st->left = 0;
	for (size_t i = 0; i < n; i++) {
		size_t g = st->kept_g[i];
		if (is_gone(st, g)) {
			br_record_free(v[i]);
			continue;
		}
		v[w] = br_record_hold(v[i]);
		br_record_merge_trim(v[w]);
		st->left += br_record_bytes(v[w]);
		st->kept_key[w] = st->kept_key[i];
		st->kept_g[w++] = g;
	}
	st->kept.n = st->settled = w;
	st->pending = 0;
}

/* Record r (number g, in the bucket key as read) taken as a candidate,
 * held (and merged when a batch is full). */
static void take(struct br_load_stream *st, struct br_record *r, size_t g, uint64_t key)
{
	st->kept_g = br_grow(st->kept_g, &st->cap_kept_g, st->kept.n + 1, sizeof *st->kept_g);
	st->kept_key = br_grow(st->kept_key, &st->cap_kept_key, st->kept.n + 1, sizeof *st->kept_key);
	st->kept_g[st->kept.n] = g;
	st->kept_key[st->kept.n] = key;
	br_recset_add(&st->kept, r);
	if (g / 64 >= st->cap_gone) {
		size_t was = st->cap_gone;
		st->gone = br_grow(st->gone, &st->cap_gone, g / 64 + 1, sizeof *st->gone);
		memset(st->gone + was, 0, (st->cap_gone - was) * sizeof *st->gone);
	}
	/* (a candidate costs its bytes and its entries in the three arrays) */
	st->pending += br_record_bytes(r) + sizeof *st->kept_g + sizeof *st->kept_key + sizeof r;
	size_t held = st->kept.n + st->queue.n - st->nqueued;
	st->held_most = held > st->held_most ? held : st->held_most;
	/* pass 1's first batch waits for eight budgets of candidates: a merge
	 * in pass 1 makes pass 2 read every candidate of some buckets again
	 * (redo: those of a cut name, of a candidate pass 1 dropped); a
	 * stream that holds fewer merges them once, at the end. (When the
	 * redo was every candidate, a mail archive of the real posts took
	 * 1.7 times as long at 16 and 64 MiB, and twice as long past them.) */
	size_t first = !st->redo && !st->early && !st->settled ? 8 * st->budget : st->budget;
	if (st->pending >= first && 8 * st->pending >= st->left)
		settle(st);
}

/* Pass 1: record r (number g) kept, as likely to merge. */
static void keep(struct br_load_stream *st, struct br_record *r, size_t g)
{
	take(st, br_record_hold(r), g, st->fp[g].bucket);
	st->early = st->settled > 0;
}

/*
 * The spill holds each record in a frame: its length and kind in 8 bytes,
 * then the record as br_record_pack made it (PACKED), encoded when it is
 * copied to the output, or, for a record that is not one block, its
 * encoding. A packed CSV run is about a third of its JSON Lines encoding:
 * at 1M runs, 2.1 GB of encodings went through the page cache twice and
 * cost as much system time as the parsing's user time.
 */
#define PACKED 1u

static bool spill(struct br_load_stream *st, const struct br_record *r)
{
	br_buf_reset(&st->enc);
	uint64_t head = 0;
	br_buf_add(&st->enc, &head, sizeof head);
	if (br_record_pack(r, &st->enc))
		head = PACKED;
	else
		st->encode(st->encode_arg, r, &st->enc);
	bool packed = head & PACKED;
	head |= (uint64_t)(st->enc.len - sizeof head) << 1;
	memcpy(st->enc.data, &head, sizeof head);
	if (fwrite(st->enc.data, 1, st->enc.len, st->spill) != st->enc.len && !st->spill_err)
		st->spill_err = errno ? errno : EIO; /* (a full disk: said before the output) */
	st->spilled += st->enc.len;
	return packed;
}

/*
 * Pass 1 takes back what it spilled when a later record may be the same
 * run (pull): the candidate is then held from pass 1 on, and pass 2 reads
 * its document again only for what pass 1 cannot see (a cut name, which
 * may be any longer name of its bucket; a record not spilled packed).
 * Before, every such record was read again in pass 2, and after a merge
 * in pass 1 every candidate was (the redo: a mail archive of posts quoted
 * again and again, nearly all candidates, parsed twice past 64 MiB). A
 * record taken back had no earlier record that may be its run (else it
 * would have been kept), and it is taken back when the first record that
 * may be comes: it is held whenever a record that may merge with it is
 * merged, and the merge takes all of them in record order (order_kept).
 * Each record is in two lists, by its group, sig and figs (the records of
 * its sig that may be the same run) and by its group and sig (all may be,
 * for a record of another sig, br_record_merge_print); a group lists its
 * sigs. A list is emptied when it is taken back, so each record is looked
 * at once in each: linear whatever the data.
 */
#define FIG_GONE UINT32_MAX

/* dfig's key of link k + 1 (its record's group, sig and figs). */
static uint64_t link_figs(const struct br_load_stream *st, uint32_t k)
{
	const struct fingerprint *f = &st->fp[st->link[k - 1].g];
	return figs_key(f, bucket_host(f));
}

static size_t fig_home(const struct figidx *x, uint64_t key)
{
	return (size_t)((key * 0x9e3779b97f4a7c15ull) >> 20) & (x->cap - 1);
}

/* The slot of key in dfig, SIZE_MAX when it has none. */
static size_t fig_find(const struct br_load_stream *st, uint64_t key)
{
	const struct figidx *x = &st->dfig;
	for (size_t i = x->cap ? fig_home(x, key) : 0; x->cap && x->slot[i]; i = (i + 1) & (x->cap - 1))
		if (x->slot[i] != FIG_GONE && link_figs(st, x->slot[i]) == key)
			return i;
	return SIZE_MAX;
}

/* Link k + 1 filed under key (the slots made anew, without those taken
 * back, when half are not empty). */
static void fig_add(struct br_load_stream *st, uint64_t key, uint32_t k)
{
	struct figidx *x = &st->dfig;
	if (2 * (x->used + 1) > x->cap) {
		struct figidx y = {NULL, 16, 0};
		while (y.cap < 4 * (x->used + 1))
			y.cap *= 2;
		y.slot = br_calloc(y.cap, sizeof *y.slot);
		for (size_t i = 0; i < x->cap; i++)
			if (x->slot[i] && x->slot[i] != FIG_GONE) {
				size_t j = fig_home(&y, link_figs(st, x->slot[i]));
				while (y.slot[j])
					j = (j + 1) & (y.cap - 1);
				y.slot[j] = x->slot[i];
				y.used++;
			}
		free(x->slot);
		*x = y;
	}
	size_t j = fig_home(x, key);
	while (x->slot[j])
		j = (j + 1) & (x->cap - 1);
	x->slot[j] = k;
	x->used++;
}

static void drop_add(struct br_load_stream *st, size_t g)
{
	const struct fingerprint *f = &st->fp[g];
	uint64_t gk = bucket_host(f), sk = sig_key(f, gk), fk = figs_key(f, gk);
	if (fig_find(st, fk) != SIZE_MAX)
		return; /* (not met: it would have been kept; pass 2 reads it) */
	st->link = br_grow(st->link, &st->cap_link, st->nlink + 1, sizeof *st->link);
	struct dlink *k = &st->link[st->nlink++];
	uint32_t me = (uint32_t)st->nlink;
	k->g = (uint32_t)g;
	fig_add(st, fk, me);
	size_t s = tally_at(&st->dsig, sk);
	if (!st->dsig.aux[s]) { /* the group's sigs: this one too */
		size_t t = tally_at(&st->dgrp, gk);
		st->dbk = br_grow(st->dbk, &st->cap_dbk, st->ndbk + 1, sizeof *st->dbk);
		st->dbk[st->ndbk++] = (struct dsig_link){sk, st->dgrp.aux[t]};
		st->dgrp.aux[t] = (uint32_t)st->ndbk;
	}
	k->sig = st->dsig.aux[s];
	st->dsig.aux[s] = me;
	st->drop[g] = LISTED;
}

/* Record g read back from the spill (a view: its record held whole) and
 * taken as a candidate; left to pass 2 when it cannot be. */
static void pull(struct br_load_stream *st, size_t g)
{
	if (st->drop[g] != LISTED)
		return;
	st->drop[g] = PULLED;
	if (st->view) { /* (held whole: BR_KEEP_ALL) */
		struct br_record *r = st->slimv[g];
		st->slimv[g] = NULL;
		take(st, br_record_hold(r), g, st->fp[g].bucket);
		st->early = st->settled > 0;
		st->npulled++;
		return;
	}
	uint64_t head;
	int fd = fileno(st->spill);
	if (st->spill_err || fflush(st->spill) != 0 ||
	    pread(fd, &head, sizeof head, (off_t)st->off[g]) != (ssize_t)sizeof head || !(head & PACKED))
		return;
	size_t n = (size_t)(head >> 1);
	br_buf_reset(&st->pullbuf);
	br_buf_grow(&st->pullbuf, n);
	if (pread(fd, st->pullbuf.data, n, (off_t)(st->off[g] + sizeof head)) != (ssize_t)n)
		return;
	struct br_record *r = br_record_unpack(st->pullbuf.data, n);
	if (!r)
		return;
	take(st, r, g, st->fp[g].bucket);
	st->early = st->settled > 0;
	st->npulled++;
}

/* The records spilled before that may be the same run as fingerprint f,
 * taken back. */
static void pull_partners(struct br_load_stream *st, const struct fingerprint *f)
{
	uint64_t gk = bucket_host(f), sk = sig_key(f, gk);
	size_t s = fig_find(st, figs_key(f, gk));
	if (s != SIZE_MAX) { /* its sig and its figures */
		uint32_t k = st->dfig.slot[s];
		st->dfig.slot[s] = FIG_GONE;
		pull(st, st->link[k - 1].g);
	}
	s = tally_find(&st->dgrp, gk);
	if (s == SIZE_MAX)
		return;
	for (uint32_t *link = &st->dgrp.aux[s]; *link;) { /* another sig: all of it */
		struct dsig_link *d = &st->dbk[*link - 1];
		if (d->sig == sk) {
			link = &d->next;
			continue;
		}
		*link = d->next;
		size_t t = tally_find(&st->dsig, d->sig);
		uint32_t h = st->dsig.aux[t];
		st->dsig.aux[t] = 0;
		for (; h; h = st->link[h - 1].sig)
			pull(st, st->link[h - 1].g);
	}
}

static void drops_free(struct br_load_stream *st)
{
	free(st->dfig.slot);
	memset(&st->dfig, 0, sizeof st->dfig);
	tally_free(&st->dsig);
	tally_free(&st->dgrp);
	free(st->link);
	free(st->dbk);
	free(st->drop);
	st->link = NULL;
	st->dbk = NULL;
	st->drop = NULL;
	st->nlink = st->cap_link = st->cap_dbk = st->ndbk = st->cap_drop = 0;
	br_buf_free(&st->pullbuf);
}

/* Pass 1 past the budget: records v[0..n) (numbers st->nrec on, one
 * document's or those held so far) fingerprinted, then each kept when a
 * record of its bucket and host came before it or comes with it, else
 * spilled and freed. (A document is read again only for what it spilled
 * that a later document's record turns into a candidate.) */
static void print(struct br_load_stream *st, struct br_record **v, size_t n)
{
	size_t g0 = st->nrec;
	st->nrec += n;
	st->fp = br_grow(st->fp, &st->cap_fp, st->nrec, sizeof *st->fp);
	if (st->view)
		st->slimv = br_grow(st->slimv, &st->cap_slimv, st->nrec, sizeof *st->slimv);
	else
		st->off = br_grow(st->off, &st->cap_off, st->nrec + 1, sizeof *st->off);
	st->drop = br_grow(st->drop, &st->cap_drop, st->nrec, 1);
	memset(st->drop + g0, 0, n);
	struct groups *here = groups_new(n, false);
	for (size_t i = 0; i < n; i++) {
		const struct br_record *r = v[i];
		struct fingerprint *f = &st->fp[g0 + i];
		*f = (struct fingerprint){br_record_merge_key(r), r->host ? fnv_str(r->host) : 0, 0, 0,
					  r->host && r->host_cut};
		br_record_merge_print(r, &f->sig, &f->figs);
		groups_add(here, st->fp, g0 + i);
	}
	for (size_t i = 0; i < n; i++) {
		struct br_record *r = v[i];
		const struct fingerprint *f = &st->fp[g0 + i];
		uint64_t key = bucket_host(f);
		/* kept when another record may be the same run; and in a group
		 * (bucket and host) where that was so for a quarter of the records
		 * before, whatever its figures: such a group's runs come again
		 * and again (a post quoted in every reply), and one whose
		 * partner comes later would be read again, which costs more
		 * than holding it */
		bool near = groups_may_merge(st->seen, st->fp, f, 0) || groups_may_merge(here, st->fp, f, 1);
		uint32_t before = tally_get(&st->seen->group, key);
		bool kept = near || (before && 4 * (uint64_t)tally_get(&st->hot, key) >= before);
		if (near)
			tally_add(&st->hot, key);
		groups_add(st->seen, st->fp, g0 + i);
		if (st->pulls && before == 1) { /* its group's first: listed now */
			size_t first = st->seen->group.aux[tally_find(&st->seen->group, key)];
			if (st->drop[first] == ALONE)
				drop_add(st, first);
		}
		if (kept && near && before && st->pulls)
			pull_partners(st, f);
		bool can = true; /* (it can be taken back) */
		if (st->view) {
			st->slimv[g0 + i] = kept ? NULL : br_record_slim(r, st->keep);
			if (kept)
				keep(st, r, g0 + i);
		} else {
			st->off[g0 + i] = st->spilled;
			if (kept)
				keep(st, r, g0 + i);
			else
				can = spill(st, r);
			if (!kept)
				br_record_free(r);
		}
		if (!kept && can && st->pulls) {
			if (before)
				drop_add(st, g0 + i);
			else
				st->drop[g0 + i] = ALONE;
		}
	}
	groups_free(here);
}

/* A temporary file in $TMPDIR (or /tmp), already unlinked; NULL when
 * none can be made. */
static FILE *spill_file(void)
{
	const char *dir = getenv("TMPDIR");
	char path[4096];
	snprintf(path, sizeof path, "%s/benchreport-spill-XXXXXX", dir && *dir ? dir : "/tmp");
	int fd = mkstemp(path);
	if (fd < 0)
		return NULL;
	unlink(path);
	FILE *f = fdopen(fd, "w+");
	if (!f)
		close(fd);
	return f;
}

/* Standard input, all of it, into a temporary file (the stream's reading
 * of "-", both passes): 0, or -1 with br_error() (nowhere to put it: the
 * caller holds the records instead; a read or write that failed). */
static int copy_stdin(struct br_load_stream *st)
{
	st->stdin_copy = spill_file();
	if (!st->stdin_copy)
		return -1;
	char *buf = br_malloc(COPY_BLOCK);
	int fd = fileno(st->stdin_copy), rc = 0;
	for (;;) {
		ssize_t r = read(0, buf, COPY_BLOCK);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			rc = br_error("cannot read '-': %s", strerror(errno));
			break;
		}
		if (r == 0)
			break;
		for (ssize_t w, off = 0; off < r; off += w) {
			w = write(fd, buf + off, (size_t)(r - off));
			if (w < 0 && errno == EINTR) {
				w = 0;
				continue;
			}
			if (w <= 0) {
				rc = br_error("cannot read '-': cannot copy it to a temporary file: %s",
					      strerror(w < 0 ? errno : EIO));
				break;
			}
		}
		if (rc < 0)
			break;
	}
	free(buf);
	return rc;
}

/* Where pass 1 and pass 2 read input i ("-") from: the copy of standard
 * input (struct br_parse_each.stdin_copy), or 0. */
static int stdin_copy_of(const struct br_load_stream *st, size_t i)
{
	return st->stdin_copy && i == st->stdin_input ? fileno(st->stdin_copy) : 0;
}

/* Pass 1, before each document: where it is, for pass 2. */
static void first_where(void *arg, size_t k, const struct br_doc_span *sp)
{
	struct br_load_stream *st = arg;
	(void)k;
	st->span = br_grow(st->span, &st->cap_span, st->ndocs + 1, sizeof *st->span);
	st->span[st->ndocs] = *sp;
}

/* Pass 1, after each document of input st->input. */
static void first_done(void *arg, struct br_dataset *ds, size_t rec0, size_t k)
{
	struct br_load_stream *st = arg;
	(void)k;
	const struct br_load_input *a = &st->in[st->input];
	if (st->keep_diag) { /* this document's, asked once */
		br_diags_filter(&ds->diags, st->ndiags, st->keep_diag, st->diag_arg);
		st->ndiags = ds->diags.n;
	}
	st->doc_g0 = br_grow(st->doc_g0, &st->cap_docs, st->ndocs + 2, sizeof *st->doc_g0);
	/* its first record's number: past the budget the records go as they
	 * come, before it they are all still held */
	st->doc_g0[st->ndocs++] = st->prints ? st->nrec : rec0;
	bool later = false;
	for (size_t i = rec0; i < ds->records.n; i++) {
		as_loaded(ds->records.v[i], a, ds->ninputs - 1);
		later = later || ds->records.v[i]->excerpt_later;
		if (!st->prints)
			st->held += br_record_bytes(ds->records.v[i]);
	}
	if (later) /* where to read its excerpts back from */
		br_excerpts_add_doc(ds->excerpts, ds->ninputs - 1, a->path, &st->span[st->ndocs - 1]);
	if (!st->prints && st->held <= st->budget)
		return;
	size_t from = rec0;
	if (!st->prints) {
		/* past the budget: the spill, then fingerprints from here on,
		 * of those held too */
		if (!st->view) {
			st->spill = spill_file();
			if (!st->spill) {
				st->budget = SIZE_MAX; /* nowhere to spill: held, as before */
				return;
			}
			/* stdio's own 4 KiB writes: blocks of 64 KiB or 1 MiB
			 * were faster at 100k runs (200 MB of spill) but cost
			 * twice the system time at 1M runs (2 GB), in copying
			 * into the page cache (session 13, bench/RESULTS.md) */
		}
		st->seen = groups_new(1024, false);
		tally_init(&st->hot, 16);
		/* a view holds what it drops slim: whole (all kept) it is
		 * the record, taken back as it is */
		st->pulls = !st->view || st->keep == BR_KEEP_ALL;
		if (st->pulls) {
			tally_init(&st->dsig, 16);
			tally_init(&st->dgrp, 16);
		}
		st->prints = true;
		from = 0;
	}
	print(st, ds->records.v + from, ds->records.n - from);
	ds->records.n = 0;
}

/* The candidates (see above), and the documents pass 2 reads: those with
 * candidates that were not kept. */
static void mark_candidates(struct br_load_stream *st)
{
	size_t n = st->nrec, ncut = 0, ngroups = st->seen->group.used;
	groups_free(st->seen);
	st->seen = NULL;
	tally_free(&st->hot);
	drops_free(st);
	st->cand = br_calloc(n ? n : 1, 1);
	for (size_t j = 0; j < st->kept.n; j++)
		st->cand[st->kept_g[j]] = KEPT;
	for (size_t i = 0; i < n; i++)
		if (is_gone(st, i))
			st->cand[i] = KEPT;
	/* the same bucket and host, and figures that may be the same (the
	 * tables made for the groups pass 1 counted, not for n: where all
	 * the records are in a few groups, 2n slots were most of the memory;
	 * the others grow with their keys) */
	struct groups *g = groups_new(ngroups, false);
	for (size_t i = 0; i < n; i++) {
		groups_add(g, st->fp, i);
		ncut += st->fp[i].cut;
	}
	for (size_t i = 0; i < n; i++)
		if (groups_may_merge(g, st->fp, &st->fp[i], 1))
			st->cand[i] |= CAND;
	groups_free(g);
	/* a cut name in the bucket: any other name may be its longer one, so
	 * the records with a name are counted by bucket alone */
	if (ncut) {
		struct tally cut;
		tally_init(&cut, 1024);
		for (size_t i = 0; i < n; i++)
			cut.n[tally_at(&cut, st->fp[i].bucket)] += st->fp[i].cut;
		g = groups_new(1024, true);
		for (size_t i = 0; i < n; i++)
			if (st->fp[i].host && tally_get(&cut, st->fp[i].bucket))
				groups_add(g, st->fp, i);
		for (size_t i = 0; i < n; i++)
			if (st->fp[i].host && tally_get(&cut, st->fp[i].bucket) &&
			    groups_may_merge(g, st->fp, &st->fp[i], 1))
				st->cand[i] |= CAND;
		groups_free(g);
		tally_free(&cut);
	}
	/* what pass 2 takes: the candidates pass 1 dropped; after a merge in
	 * pass 1, which they may come before, every candidate of their
	 * buckets (only records of one bucket merge: settle), merged again,
	 * and of the buckets with a cut name: pass 1 took back (pull) what may
	 * be the run of a record of the same name, not of a cut one */
	struct tally again = {0};
	if (st->early) {
		tally_init(&again, 16);
		for (size_t i = 0; i < n; i++)
			if (st->cand[i] == CAND || st->fp[i].cut)
				tally_count(&again, st->fp[i].bucket);
	}
	for (size_t i = 0; i < n; i++)
		if (st->early ? st->cand[i] && tally_get(&again, st->fp[i].bucket) : st->cand[i] == CAND)
			st->cand[i] |= AGAIN;
	tally_free(&again);
	free(st->fp);
	st->fp = NULL;
	st->doc_g0[st->ndocs] = n;
	st->doc_want = br_calloc(st->ndocs ? st->ndocs : 1, 1);
	for (size_t d = 0; d < st->ndocs; d++)
		for (size_t r = st->doc_g0[d]; r < st->doc_g0[d + 1] && !st->doc_want[d]; r++)
			st->doc_want[d] = (st->cand[r] & AGAIN) != 0;
}

/* The stream's pass 1, for an output (encode) or a view (encode NULL). */
static int stream_open(const struct br_load_input *in, size_t n, const struct br_load_opts *o,
				size_t budget, br_stream_encode_fn *encode, void *arg, unsigned keep,
				struct br_load *out, struct br_load_stream **stp)
{
	struct br_load_stream *st = *stp = br_calloc(1, sizeof *st);
	st->in = in;
	st->n = n;
	st->l = out;
	st->budget = budget ? budget : STREAM_BUDGET;
	st->encode = encode;
	st->encode_arg = arg;
	st->view = !encode;
	st->keep = keep;
	st->keep_diag = o->keep_diag;
	st->diag_arg = o->diag_arg;
	bool files = !o->claims && !o->lines_only;
	size_t first_stdin = n;
	for (size_t i = 0; files && i < n; i++) {
		files = !(o->archive_is && o->archive_is(in[i].path));
		if (strcmp(in[i].path, "-") == 0 && first_stdin == n)
			first_stdin = i;
	}
	if (!files) /* an archive: read once, held */
		return br_load_inputs(in, n, o, out);
	memset(out, 0, sizeof *out);
	size_t skip = n;
	if (first_stdin < n) {
		/* standard input, copied whole first: read like a file, twice
		 * if need be; with nowhere to copy it, everything is held */
		st->stdin_input = first_stdin;
		if (copy_stdin(st) < 0) {
			if (!st->stdin_copy)
				return br_load_inputs(in, n, o, out);
			/* a read or write failed half way: "-" is not read */
			add_error(out, br_last_error());
			fclose(st->stdin_copy);
			st->stdin_copy = NULL;
			skip = first_stdin;
		}
	}
	out->ds.skip_claims = true;
	out->ds.skip_excerpts = o->no_excerpts;
	if (st->view && o->excerpts_later && !o->no_excerpts) {
		out->ds.excerpts_later = true;
		out->ds.excerpts = br_excerpts_new();
	}
	st->input_doc0 = br_calloc(n + 1, sizeof *st->input_doc0);
	st->input_k = br_calloc(n ? n : 1, sizeof *st->input_k);
	int status = 0;
	for (size_t i = 0; i < n; i++) {
		struct br_dataset *ds = &out->ds;
		size_t in0 = ds->ninputs;
		st->input = i;
		st->input_doc0[i] = st->ndocs;
		if (i == skip) { /* standard input could not be copied (said) */
			status = -1;
			continue;
		}
		struct br_parse_each each = {NULL, first_done, st, stdin_copy_of(st, i), first_where};
		if (br_parse_file_each(in[i].path, ds, &each) < 0) {
			add_error(out, br_last_error());
			status = -1;
		}
		if (ds->ninputs == in0)
			continue;
		st->input_k[i] = ds->ninputs;
		if (in[i].name)
			br_dataset_set_input_name(ds, ds->ninputs - 1, in[i].name);
	}
	st->input_doc0[n] = st->ndocs;
	if (!st->prints)
		br_recset_merge(&out->ds.records);
	else
		mark_candidates(st);
	br_dataset_name_inputs(&out->ds);
	return status;
}

int br_load_stream_open(const struct br_load_input *in, size_t n, const struct br_load_opts *o,
			size_t budget, br_stream_encode_fn *encode, void *arg, struct br_load *out,
			struct br_load_stream **st)
{
	return stream_open(in, n, o, budget, encode, arg, BR_KEEP_ALL, out, st);
}

int br_load_stream_io_error(const struct br_load_stream *st)
{
	return st->spill_err;
}

size_t br_load_stream_records(const struct br_load_stream *st)
{
	return st->prints ? st->nrec : st->l->ds.records.n;
}

/* Pass 1's candidates before record g (all: SIZE_MAX) taken again, after
 * pass 2's before them: the merge takes them all in record order. */
static void unqueue(struct br_load_stream *st, size_t g)
{
	for (; st->nqueued < st->queue.n && st->queue_g[st->nqueued] < g; st->nqueued++) {
		take(st, st->queue.v[st->nqueued], st->queue_g[st->nqueued], st->queue_key[st->nqueued]);
		st->queue.v[st->nqueued] = NULL;
	}
}

/* Before pass 2 (if it reads anything): pass 1's candidates set aside to
 * go in among those it reads; or, when pass 1 merged some already (which
 * those read again may come before), every candidate of their buckets
 * read again (redo: mark_candidates's AGAIN). */
static void again_prepare(struct br_load_stream *st)
{
	bool any = false;
	for (size_t d = 0; d < st->ndocs && !any; d++)
		any = st->doc_want[d];
	if (!any)
		return;
	if (!st->early) {
		free(order_kept(st, 0)); /* (pulled ones: in record order) */
		st->queue = st->kept;
		st->queue_g = st->kept_g;
		st->queue_key = st->kept_key;
		memset(&st->kept, 0, sizeof st->kept);
		st->kept_g = NULL;
		st->kept_key = NULL;
		st->cap_kept_g = st->cap_kept_key = 0;
		st->pending = 0;
		return;
	}
	/* pass 1 merged some: the buckets pass 2 brings candidates to are
	 * merged again whole, from their records as read (the others, held
	 * or merged, stay: no record of another bucket merges with them) */
	st->redo = true;
	size_t w = 0, settled = 0;
	st->pending = st->left = 0;
	for (size_t i = 0; i < st->kept.n; i++) {
		size_t g = st->kept_g[i];
		struct br_record *r = st->kept.v[i];
		if (st->cand[g] & AGAIN) {
			br_record_free(r);
			continue;
		}
		if (i < st->settled) {
			settled++;
			st->left += br_record_bytes(r);
		} else {
			st->pending += br_record_bytes(r) + sizeof *st->kept_g + sizeof *st->kept_key + sizeof r;
		}
		st->kept.v[w] = r;
		st->kept_g[w] = g;
		st->kept_key[w++] = st->kept_key[i];
	}
	st->kept.n = w;
	st->settled = settled;
	for (size_t g = 0; g < st->nrec; g++)
		if (st->cand[g] & AGAIN && is_gone(st, g))
			st->gone[g / 64] &= ~((uint64_t)1 << (g % 64));
}

/* Pass 2 reads the documents that hold candidates it must read again. */
static bool again_want(void *arg, size_t k)
{
	struct br_load_stream *st = arg;
	size_t d = st->doc_base + k;
	return d < st->input_doc0[st->input + 1] && st->doc_want[d];
}

/* Pass 2, after each document: its dropped candidates, taken. */
static void again_done(void *arg, struct br_dataset *ds, size_t rec0, size_t k)
{
	struct br_load_stream *st = arg;
	size_t d = st->doc_base + k, nrec = ds->records.n - rec0;
	if (d >= st->input_doc0[st->input + 1] ||
	    (again_want(arg, k) && nrec != st->doc_g0[d + 1] - st->doc_g0[d]))
		st->changed = true;
	for (size_t i = 0; i < nrec; i++) {
		struct br_record *r = ds->records.v[rec0 + i];
		size_t g = st->doc_g0[d] + i;
		if (!st->changed && st->cand[g] & AGAIN) {
			as_loaded(r, &st->in[st->input], st->input_k[st->input] - 1);
			st->again++;
			unqueue(st, g);
			take(st, br_record_hold(r), g, br_record_merge_key(r));
		} else {
			br_record_free(r);
		}
	}
	ds->records.n = rec0;
}

/* The candidates of pass 1 and pass 2, in record order, merged as
 * br_recset_merge would (the last batch). */
static void merge_kept(struct br_load_stream *st)
{
	unqueue(st, SIZE_MAX);
	settle(st);
}

/* Pass 2 over every input that pass 1 read. */
static int read_again(struct br_load_stream *st)
{
	again_prepare(st);
	for (size_t i = 0; i < st->n && !st->changed; i++) {
		if (!st->input_k[i])
			continue;
		st->input = i;
		st->doc_base = st->input_doc0[i];
		struct br_parse_each each = {again_want, again_done, st, stdin_copy_of(st, i), NULL};
		/* only its documents that hold candidates, each where it was */
		for (size_t d = st->input_doc0[i]; d < st->input_doc0[i + 1] && !st->changed; d++) {
			if (!st->doc_want[d])
				continue;
			/* (excerpts read back as in pass 1, which listed where
			 * this document is) */
			struct br_dataset ds = {.skip_claims = true, .skip_excerpts = st->l->ds.skip_excerpts,
						.excerpts_later = st->l->ds.excerpts_later};
			int rc = br_parse_span_each(st->in[i].path, &st->span[d], d - st->doc_base, &ds, &each);
			br_dataset_free(&ds);
			if (rc < 0)
				return -1;
		}
	}
	if (st->changed)
		return br_error("an input changed while it was read: '%s'", st->in[st->input].path);
	return 0;
}

/* The spill's records [from, to) (bytes) to write(), each encoded then
 * if it is packed; buf: a buffer of *cap bytes, malloc's, grown. */
static int copy_spill(struct br_load_stream *st, uint64_t from, uint64_t to, char **buf, size_t *cap,
		      br_stream_write_fn *write, void *arg)
{
	if (to <= from)
		return 0;
	if (fseeko(st->spill, (off_t)from, SEEK_SET) != 0) {
		st->spill_err = errno ? errno : EIO;
		return br_error("cannot read the temporary file of the output: %s", strerror(errno));
	}
	while (from < to) {
		uint64_t head;
		size_t n = 0;
		bool ok = fread(&head, sizeof head, 1, st->spill) == 1;
		if (ok) {
			n = (size_t)(head >> 1);
			if (n > *cap)
				*buf = br_grow(*buf, cap, n, 1);
			ok = n <= to - from - sizeof head && fread(*buf, 1, n, st->spill) == n;
		}
		if (!ok) {
			st->spill_err = ferror(st->spill) && errno ? errno : EIO;
			return br_error("cannot read the temporary file of the output: %s",
					ferror(st->spill) ? strerror(errno) : "it is not as written");
		}
		if (head & PACKED) {
			const struct br_record *r = br_record_unpacked(*buf, n);
			if (!r) {
				st->spill_err = EIO;
				return br_error("cannot read the temporary file of the output: it is not as written");
			}
			br_buf_reset(&st->enc);
			st->encode(st->encode_arg, r, &st->enc);
			write(arg, st->enc.data, st->enc.len);
		} else {
			write(arg, *buf, n);
		}
		from += sizeof head + n;
	}
	return 0;
}

int br_load_stream_emit(struct br_load_stream *st, br_stream_write_fn *write, void *arg)
{
	if (!st->prints) {
		const struct br_recset *s = &st->l->ds.records;
		for (size_t i = 0; i < s->n; i++) {
			br_buf_reset(&st->enc);
			st->encode(st->encode_arg, s->v[i], &st->enc);
			write(arg, st->enc.data, st->enc.len);
		}
		return 0;
	}
	if (!st->spill_err && fflush(st->spill) != 0)
		st->spill_err = errno ? errno : EIO;
	if (st->spill_err)
		return br_error("cannot write the temporary file of the output: %s", strerror(st->spill_err));
	if (read_again(st) < 0)
		return -1;
	merge_kept(st);
	/* the spill's runs between candidates, and the survivors */
	st->off[st->nrec] = st->spilled;
	size_t cap = 4096;
	char *buf = br_malloc(cap);
	int rc = 0;
	size_t from = 0, j = 0; /* the first record not written yet; kept[j] next */
	for (size_t g = 0; g <= st->nrec && rc == 0; g++) {
		if (g < st->nrec && !st->cand[g])
			continue;
		rc = copy_spill(st, st->off[from], st->off[g], &buf, &cap, write, arg);
		if (g == st->nrec || rc < 0)
			break;
		if (!is_gone(st, g)) {
			br_buf_reset(&st->enc);
			st->encode(st->encode_arg, st->kept.v[j++], &st->enc);
			write(arg, st->enc.data, st->enc.len);
		}
		from = g + 1;
	}
	free(buf);
	return rc;
}

size_t br_load_stream_held_most(const struct br_load_stream *st)
{
	return st->held_most;
}

size_t br_load_stream_read_again(const struct br_load_stream *st, size_t *pulled)
{
	if (pulled)
		*pulled = st->npulled;
	return st->again;
}

void br_load_stream_free(struct br_load_stream *st)
{
	if (!st)
		return;
	if (st->spill)
		fclose(st->spill);
	if (st->stdin_copy)
		fclose(st->stdin_copy);
	br_buf_free(&st->enc);
	groups_free(st->seen);
	tally_free(&st->hot);
	drops_free(st);
	free(st->fp);
	free(st->off);
	free(st->cand);
	free(st->doc_g0);
	free(st->doc_want);
	free(st->span);
	free(st->input_doc0);
	free(st->input_k);
	br_recset_free(&st->kept);
	free(st->kept_g);
	free(st->gone);
	br_recset_free(&st->queue);
	free(st->queue_g);
	free(st->queue_key);
	free(st->kept_key);
	for (size_t g = 0; st->slimv && g < st->nrec; g++)
		br_record_free(st->slimv[g]);
	free(st->slimv);
	free(st);
}

/*
 * A view: the stream's passes with the records held slim instead of
 * spilled. Past the budget, a record that may merge is held whole (as the
 * stream keeps it), any other slim at once; pass 2 and the merge are the
 * stream's; the records are then put in order: each slim record, and in a
 * candidate's place its survivor, slim too.
 */
static void view_assemble(struct br_load_stream *st)
{
	struct br_recset *out = &st->l->ds.records;
	size_t j = 0;
	for (size_t g = 0; g < st->nrec; g++) {
		if (!st->cand[g]) {
			br_recset_add(out, st->slimv[g]);
			st->slimv[g] = NULL;
			continue;
		}
		/* a candidate dropped in pass 1 was read again: its slim copy goes */
		br_record_free(st->slimv[g]);
		st->slimv[g] = NULL;
		if (!is_gone(st, g)) {
			br_recset_add(out, br_record_slim(st->kept.v[j], st->keep));
			st->kept.v[j++] = NULL;
		}
	}
	st->kept.n = 0;
}

int br_load_view(const struct br_load_input *in, size_t n, const struct br_load_opts *o, size_t budget,
		 unsigned keep, struct br_load *out)
{
	struct br_load_stream *st;
	int status = stream_open(in, n, o, budget, NULL, NULL, keep, out, &st);
	if (st->prints) {
		if (read_again(st) < 0) {
			add_error(out, br_last_error());
			status = -1;
		} else {
			merge_kept(st);
			view_assemble(st);
		}
	}
	br_load_stream_free(st);
	return status;
}
