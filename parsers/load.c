/* load — see load.h. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

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
 * The stream: one pass while everything fits the budget, three when not.
 *
 * Pass 1 reads every input as br_load_inputs does and keeps the records,
 * until they hold more than the budget: from then on (and for those held)
 * it keeps a fingerprint of each record instead, its merge bucket (the
 * only records br_recset_merge compares are those of one bucket) and its
 * host, and drops the record. The diagnostics are pass 1's.
 *
 * A record is a candidate when another record has its bucket and may have
 * its host (the same name, or either name cut by its format): only
 * candidates can merge. Pass 2 reads the documents that hold candidates
 * again and keeps those records alone, then merges them by the rule of
 * br_recset_merge; a record that is no candidate can match none of them,
 * so the survivors are exactly those of the merge of everything. Pass 3
 * reads the documents that hold other records again and hands each record
 * out in order: a candidate as it is after the merge (absorbed ones not at
 * all), any other record as it was read. A document is read at most three
 * times, and one of candidates alone, or of none, twice. Memory: the
 * budget, about 30 bytes a record and the candidates.
 */

#define STREAM_BUDGET ((size_t)128 << 20)
#define HAS_CAND 1  /* a document holds candidates */
#define HAS_PLAIN 2 /* and records that are none */

struct fingerprint {
	uint64_t bucket, host; /* host: fnv of the name (0: none) */
	bool cut;              /* the name may be cut (br_record.host_cut) */
};

struct br_load_stream {
	const struct br_load_input *in;
	size_t n;
	struct br_load *l;
	size_t budget, held;     /* record bytes held in pass 1 */
	bool prints;             /* fingerprints, not records (past the budget) */
	struct fingerprint *fp;  /* pass 1, one a record */
	size_t nrec, cap_fp;
	unsigned char *cand;     /* candidate bits, one a record */
	/* documents of every input in order: the records of document d are
	 * doc_g0[d] to doc_g0[d + 1]; doc_has[d]: which kinds it holds */
	size_t *doc_g0;
	unsigned char *doc_has;  /* HAS_CAND | HAS_PLAIN */
	size_t ndocs, cap_docs;
	size_t *input_doc0;      /* first document of input i */
	size_t *input_k;         /* its index in l->ds.inputs + 1 (0: not read) */
	/* passes 2 and 3 */
	int pass;
	size_t input, g, doc_base;
	struct br_recset kept;   /* pass 2's candidates, then the survivors */
	size_t *kept_g;          /* the record number of each */
	bool *gone;              /* of kept: merged into an earlier one */
	size_t next_kept;        /* pass 3: kept[0..next_kept) are handed out */
	bool changed;            /* an input read differently than in pass 1 */
	void (*emit)(void *arg, const struct br_record *r);
	void *emit_arg;
};

static uint64_t fnv_str(const char *s)
{
	uint64_t h = 1469598103934665603ull;
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ull;
	return h | 1;
}

/* What load_one does to each record of input a (index k in ds->inputs). */
static void as_loaded(struct br_record *r, const struct br_load_input *a, size_t k)
{
	r->input = (unsigned)(k + 1);
	if (a->name && !r->label)
		br_record_set_label(r, a->name);
}

static void add_fingerprint(struct br_load_stream *st, const struct br_record *r)
{
	st->fp = br_grow(st->fp, &st->cap_fp, st->nrec + 1, sizeof *st->fp);
	st->fp[st->nrec++] = (struct fingerprint){br_record_merge_key(r), r->host ? fnv_str(r->host) : 0,
						  r->host && r->host_cut};
}

/* Pass 1, after each document of input st->input. */
static void first_done(void *arg, struct br_dataset *ds, size_t rec0, size_t k)
{
	struct br_load_stream *st = arg;
	(void)k;
	const struct br_load_input *a = &st->in[st->input];
	st->doc_g0 = br_grow(st->doc_g0, &st->cap_docs, st->ndocs + 2, sizeof *st->doc_g0);
	st->doc_g0[st->ndocs++] = st->g;
	for (size_t i = rec0; i < ds->records.n; i++) {
		struct br_record *r = ds->records.v[i];
		as_loaded(r, a, ds->ninputs - 1);
		st->g++;
		if (!st->prints)
			st->held += br_record_bytes(r);
	}
	if (!st->prints && st->held <= st->budget)
		return;
	/* past the budget: fingerprints from here on, of those held too */
	for (size_t i = st->prints ? rec0 : 0; i < ds->records.n; i++) {
		add_fingerprint(st, ds->records.v[i]);
		br_record_free(ds->records.v[i]);
	}
	ds->records.n = 0;
	st->prints = true;
}

/* A count of fingerprints by a key: open addressing, cap a power of 2. */
struct tally {
	uint64_t *key;  /* 0 = empty */
	uint32_t *n, *cut;
	size_t cap;
};

static size_t tally_slot(struct tally *t, uint64_t key)
{
	key |= 1;
	size_t i = (size_t)((key * 0x9e3779b97f4a7c15ull) >> 20) & (t->cap - 1);
	while (t->key[i] && t->key[i] != key)
		i = (i + 1) & (t->cap - 1);
	t->key[i] = key;
	return i;
}

static void tally_init(struct tally *t, size_t n)
{
	t->cap = 16;
	while (t->cap < 2 * n)
		t->cap *= 2;
	t->key = br_calloc(t->cap, sizeof *t->key);
	t->n = br_calloc(t->cap, sizeof *t->n);
	t->cut = br_calloc(t->cap, sizeof *t->cut);
}

static void tally_free(struct tally *t)
{
	free(t->key);
	free(t->n);
	free(t->cut);
}

static uint64_t bucket_host(const struct fingerprint *f)
{
	return (f->bucket ^ (f->host * 0xff51afd7ed558ccdull)) * 0xc4ceb9fe1a85ec53ull;
}

/* The candidates (see above), and the documents that hold them. */
static void mark_candidates(struct br_load_stream *st)
{
	size_t n = st->nrec, ncut = 0;
	st->cand = br_calloc(n ? n : 1, 1);
	/* the same bucket and host */
	struct tally t = {0};
	tally_init(&t, n);
	for (size_t i = 0; i < n; i++) {
		t.n[tally_slot(&t, bucket_host(&st->fp[i]))]++;
		ncut += st->fp[i].cut;
	}
	for (size_t i = 0; i < n; i++)
		st->cand[i] = t.n[tally_slot(&t, bucket_host(&st->fp[i]))] > 1;
	tally_free(&t);
	/* a cut name in the bucket: any other name may be its longer one */
	if (ncut) {
		tally_init(&t, n);
		for (size_t i = 0; i < n; i++) {
			size_t b = tally_slot(&t, st->fp[i].bucket);
			t.n[b]++;
			t.cut[b] += st->fp[i].cut;
		}
		for (size_t i = 0; i < n; i++) {
			size_t b = tally_slot(&t, st->fp[i].bucket);
			st->cand[i] |= st->fp[i].host && t.cut[b] && t.n[b] > 1;
		}
		tally_free(&t);
	}
	free(st->fp);
	st->fp = NULL;
	st->doc_g0[st->ndocs] = n;
	st->doc_has = br_calloc(st->ndocs ? st->ndocs : 1, 1);
	for (size_t d = 0; d < st->ndocs; d++)
		for (size_t g = st->doc_g0[d]; g < st->doc_g0[d + 1]; g++)
			st->doc_has[d] |= st->cand[g] ? HAS_CAND : HAS_PLAIN;
}

int br_load_stream_open(const struct br_load_input *in, size_t n, const struct br_load_opts *o,
			size_t budget, struct br_load *out, struct br_load_stream **stp)
{
	struct br_load_stream *st = *stp = br_calloc(1, sizeof *st);
	st->in = in;
	st->n = n;
	st->l = out;
	st->budget = budget ? budget : STREAM_BUDGET;
	bool files = !o->claims && !o->lines_only;
	for (size_t i = 0; files && i < n; i++)
		files = strcmp(in[i].path, "-") != 0 && !(o->archive_is && o->archive_is(in[i].path));
	if (!files) /* standard input or an archive: read once, held */
		return br_load_inputs(in, n, o, out);
	memset(out, 0, sizeof *out);
	out->ds.skip_claims = true;
	st->input_doc0 = br_calloc(n + 1, sizeof *st->input_doc0);
	st->input_k = br_calloc(n ? n : 1, sizeof *st->input_k);
	int status = 0;
	for (size_t i = 0; i < n; i++) {
		struct br_dataset *ds = &out->ds;
		size_t in0 = ds->ninputs;
		st->input = i;
		st->input_doc0[i] = st->ndocs;
		struct br_parse_each each = {NULL, first_done, st};
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

size_t br_load_stream_records(const struct br_load_stream *st)
{
	return st->prints ? st->nrec : st->l->ds.records.n;
}

/* Pass 2 reads the documents that hold candidates; pass 3 those that
 * hold other records (a document of candidates alone is not read a third
 * time: its survivors are held). */
static bool again_want(void *arg, size_t k)
{
	struct br_load_stream *st = arg;
	size_t d = st->doc_base + k;
	if (d >= st->input_doc0[st->input + 1])
		return false; /* (more documents than in pass 1) */
	return st->doc_has[d] & (st->pass == 2 ? HAS_CAND : HAS_PLAIN);
}

/* Pass 3: the survivors of the records before record g, handed out. */
static void flush_kept(struct br_load_stream *st, size_t g)
{
	for (; st->next_kept < st->kept.n && st->kept_g[st->next_kept] < g; st->next_kept++)
		if (!st->gone[st->next_kept])
			st->emit(st->emit_arg, st->kept.v[st->next_kept]);
}

/* Passes 2 and 3, after each document. */
static void again_done(void *arg, struct br_dataset *ds, size_t rec0, size_t k)
{
	struct br_load_stream *st = arg;
	size_t d = st->doc_base + k, nrec = ds->records.n - rec0;
	if (d >= st->input_doc0[st->input + 1] ||
	    (again_want(arg, k) && nrec != st->doc_g0[d + 1] - st->doc_g0[d]))
		st->changed = true;
	if (st->pass == 3 && !st->changed)
		flush_kept(st, st->doc_g0[d]);
	for (size_t i = 0; i < nrec; i++) {
		struct br_record *r = ds->records.v[rec0 + i];
		size_t g = st->changed ? 0 : st->doc_g0[d] + i;
		bool cand = !st->changed && st->cand[g];
		if (st->pass == 2 && cand) {
			as_loaded(r, &st->in[st->input], st->input_k[st->input] - 1);
			st->kept_g = br_grow(st->kept_g, &st->kept.cap, st->kept.n + 1, sizeof *st->kept_g);
			st->kept_g[st->kept.n] = g;
			st->kept.v = br_realloc(st->kept.v, st->kept.cap * sizeof *st->kept.v);
			st->kept.v[st->kept.n++] = r;
			continue;
		}
		if (st->pass == 3 && !st->changed) {
			if (cand) {
				flush_kept(st, g + 1); /* its own, if it survived */
			} else {
				as_loaded(r, &st->in[st->input], st->input_k[st->input] - 1);
				st->emit(st->emit_arg, r);
			}
		}
		br_record_free(r);
	}
	ds->records.n = rec0;
}

/* Pass 2 or 3 over every input that pass 1 read. */
static int read_again(struct br_load_stream *st, int pass)
{
	st->pass = pass;
	for (size_t i = 0; i < st->n && !st->changed; i++) {
		if (!st->input_k[i])
			continue;
		struct br_dataset ds = {.skip_claims = true};
		st->input = i;
		st->doc_base = st->input_doc0[i];
		struct br_parse_each each = {again_want, again_done, st};
		int rc = br_parse_file_each(st->in[i].path, &ds, &each);
		br_dataset_free(&ds);
		if (rc < 0)
			return -1;
	}
	if (st->changed)
		return br_error("an input changed while it was read: '%s'", st->in[st->input].path);
	if (pass == 3)
		flush_kept(st, SIZE_MAX);
	return 0;
}

/* Pass 2's candidates merged, as br_recset_merge would. */
static void merge_kept(struct br_load_stream *st)
{
	size_t n = st->kept.n;
	st->gone = br_calloc(n ? n : 1, sizeof *st->gone);
	struct br_merge_index *ix = br_merge_index_new(st->kept.v, n, NULL);
	for (size_t i = 0; i < n; i++) {
		size_t a = br_merge_index_find(ix, i);
		if (a == BR_MERGE_NONE) {
			br_merge_index_keep(ix, i);
			continue;
		}
		br_merge_index_merge(ix, a, i);
		st->gone[i] = true;
	}
	br_merge_index_free(ix);
}

int br_load_stream_emit(struct br_load_stream *st, void (*emit)(void *arg, const struct br_record *r),
			void *arg)
{
	if (!st->prints) {
		const struct br_recset *s = &st->l->ds.records;
		for (size_t i = 0; i < s->n; i++)
			emit(arg, s->v[i]);
		return 0;
	}
	st->emit = emit;
	st->emit_arg = arg;
	if (read_again(st, 2) < 0)
		return -1;
	merge_kept(st);
	return read_again(st, 3);
}

void br_load_stream_free(struct br_load_stream *st)
{
	if (!st)
		return;
	free(st->fp);
	free(st->cand);
	free(st->doc_g0);
	free(st->doc_has);
	free(st->kept_g);
	free(st->input_doc0);
	free(st->input_k);
	br_recset_free(&st->kept);
	free(st->gone);
	free(st);
}
