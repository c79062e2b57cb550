/*
 * record — the common record (SCHEMA.md) and the record set.
 *
 * A br_record owns its strings. host, label, the params' strings, the raw
 * figures and source's excerpt live in blocks the record owns (one
 * allocation for a typical record, not one per string); version, the
 * params' keys and source's file and format are shared strings, one copy
 * for the process (many records hold them alike), never freed; and a raw
 * figure that its value prints again ("241652", "19ms", "+++++") is kept
 * as its form, not its bytes (read raws with br_value_raw). Set them only
 * through the functions below, never free() or assign them; none is
 * changed in place.
 * The strings of the also[] sources are each malloc'd, owned by the record
 * and freed with it. Metric values are stored in the units of
 * SCHEMA.md (KiB/s, /s, us); parsers convert once, renderers only scale for
 * display. A br_recset owns its records, keeps input order, and merges the
 * same run seen twice (br_recset_merge).
 */
#ifndef BR_RECORD_H
#define BR_RECORD_H

#include <stdbool.h>
#include <stddef.h>

#include <stdint.h>

#include "date.h"
#include "metric.h"
#include "util.h"

/* The JSON Lines schema written ("schema": 2, docs/schema.md); readers
 * take 1 (no ran_at) and 2. */
#define BR_SCHEMA_VERSION 2

/* Where a record's run date came from (SCHEMA.md ran_at_from), in the order
 * of trust: a merge keeps the date of the higher kind. */
enum br_ran_from {
	BR_RAN_NONE = 0,   /* no date */
	BR_RAN_MTIME,      /* "file-mtime": the input file's time (a fallback) */
	BR_RAN_MAIL,       /* "mail-date": the Date: header of the message holding it */
	BR_RAN_TEXT,       /* "text": a date written next to the result */
	BR_RAN_CSV,        /* "csv-timestamp": bonnie++ 1.92a+ CSV seed field */
	BR_RAN_RUNNER,     /* "runner": benchreport run's own clock */
	BR_RAN_FROM_COUNT
};
/* The JSON name of a kind ("mail-date"), and back (-1 when unknown). */
const char *br_ran_from_name(enum br_ran_from f);
int br_ran_from_by_name(const char *name);

/* (A record holds one per figure while it is built: 32 bytes, the flags
 * bits and the resolution a number in record.c's table of the distinct
 * ones.) */
struct br_value {
	double value;     /* normalised unit */
	double cpu;       /* percent */
	/* The figure as printed, or NULL: read it with br_value_raw, which
	 * also makes the ones that a compact record keeps as their value says
	 * (raw NULL, form not 0). */
	char *raw;
	/* Internal: the smallest step of the printed figure, normalised (0 =
	 * exact), read and set with br_value_resolution / _set_resolution */
	uint32_t res;
	/* Internal: not 0, the figure as printed is its value in the form of
	 * that number (record.c's table of forms: "19ms", "328.9", "+++++") */
	uint8_t form;
	bool present : 1;   /* the document holds this figure */
	bool has_value : 1; /* false: JSON null (too fast, or unreadable) */
	bool has_cpu : 1;
	bool too_fast : 1;  /* the tool printed +++++ */
	bool marked : 1;    /* the author marked it (*, **bold**) */
	/* Internal, not in JSON Lines: */
	bool doubtful : 1;  /* the parser distrusts it (bonnie++ 2.00a text create rates) */
};

/* The figure as printed (NULL when none): v->raw, or the bytes its form
 * makes of its value, written into buf. The bytes are those the record was
 * given, whichever way they are kept. */
#define BR_RAW_BUF 40
const char *br_value_raw(const struct br_value *v, char buf[BR_RAW_BUF]);
/* (Added for the JSON Lines writer.) v's raw, when kept as its form and
 * plain (no byte the JSON string must escape), as a JSON string with its
 * quotes written at out, without making the raw first; returns the bytes
 * written, 0 (out unspecified) when v has none, its raw is a string
 * (v->raw) or needs an escape: quote br_value_raw's then. */
#define BR_RAW_JSON_BUF (BR_RAW_BUF + 2)
size_t br_value_raw_json(const struct br_value *v, char out[BR_RAW_JSON_BUF]);
/* Is v's raw (as br_value_raw gives it) the n bytes of s (none of them
 * NUL), alone or then the string tail ("593", "593us")? Told without
 * making it. False when v has none. */
bool br_value_raw_is(const struct br_value *v, const char *s, size_t n, const char *tail);

/* The resolution of a figure (0 = exact), exactly as it was set, whatever
 * the number of distinct ones (docs/limits.md). */
double br_value_resolution(struct br_value v);
void br_value_set_resolution(struct br_value *v, double res);

struct br_param {
	char *key;
	char *str;        /* string value, or NULL for a number */
	double num;
};

struct br_source {
	char *file;       /* path as given on the command line */
	unsigned line;    /* first ORIGINAL line, 1-based */
	unsigned end_line;
	char *format;     /* parser name: "bonnie++-csv" */
	char *excerpt;    /* original text of line..end_line, or NULL */
};

struct br_strblock; /* record.c */

/*
 * A record holds a value only for the metrics it has (a bonnie 1.x run 6 of
 * 36, an hdparm line 1 or 2), in one of two forms, private to record.c and
 * the inline readers below:
 *   - while it is built: a struct br_value of 32 bytes for every metric
 *     (struct br_vbuild, beside the record), which the setters hand out to
 *     change in place;
 *   - once compacted (br_record_compact): a struct br_fig of 8 bytes for
 *     each metric it holds, in metric order (a figure that does not fit
 *     takes 8 or 24 bytes more after them). A setter called on such a
 *     record turns it back into the first form.
 * Readers get a figure by value (br_record_get) and never hold a pointer
 * into a record's figures.
 */

/* br_record.held has one bit a metric: a metrics.def past 64 entries must
 * widen it (to a bitset of words, its visitors with it), not build with
 * metrics silently lost. */
_Static_assert(BR_METRIC_COUNT <= 64,
	       "metrics.def holds more than 64 metrics: br_record.held is one uint64_t, widen it");

/* Private (record.c): a record's figures while it is built, by metric. */
struct br_vbuild {
	struct br_value v[BR_METRIC_COUNT];
};

/* Private (record.c): a figure of a compacted record, 8 bytes. Most
 * figures are what tools print: an integer value, an integer cpu percent,
 * one of the first resolutions, a raw kept as its form or none; what does
 * not fit is kept after the figures (BR_FIG_BIG, BR_FIG_ODD). */
struct br_fig {
	int32_t value;    /* the value, when exactly this integer; BR_FIG_BIG: the
			   * index of the value among the record's big values */
	uint8_t cpu;      /* the cpu, when exactly this integer percent (else BR_FIG_ODD) */
	uint8_t res;      /* the resolution's number, when below 256 (else BR_FIG_ODD) */
	uint8_t form;     /* the raw's form (struct br_value.form); 0: no raw, or
			   * (BR_FIG_ODD) a string */
	uint8_t flags;    /* BR_FIG_* */
};
/* Private: the cpu, resolution and raw string of a figure that does not
 * fit struct br_fig (BR_FIG_ODD), after the record's big values (doubles,
 * after its figures). */
struct br_fig_odd {
	double cpu;
	uint32_t res;
	uint32_t raw;     /* 1 + the raw string's offset from the record, 0 = none */
	uint32_t k;       /* the figure's index */
};
enum {
	BR_FIG_PRESENT = 1, BR_FIG_HAS_VALUE = 2, BR_FIG_HAS_CPU = 4,
	BR_FIG_TOO_FAST = 8, BR_FIG_MARKED = 16, BR_FIG_DOUBTFUL = 32,
	/* private (record.c): where a compact figure keeps what does not fit */
	BR_FIG_BIG = 64, BR_FIG_ODD = 128
};
/* The flags of struct br_value's bits (what br_record_figv gives) */
#define BR_FIG_VALUE_FLAGS 63u

struct br_record {
	enum br_tool tool;
	unsigned dead;    /* private (record.c), here to fill the hole after tool:
			   * bytes of replaced strings */
	char *version;    /* NULL = unknown */
	char *host;
	char *label;
	struct br_source source;
	bool host_cut;    /* host may be a cut-off copy of a longer name (the
			   * format cuts names: bonnie++ text's name/size cell);
			   * only then does a longer name it starts merge with it */
	bool excerpt_later; /* no copy of the excerpt (source.excerpt NULL): it is
			   * the text of lines line..end_line of input `input`,
			   * read back when shown (dataset.h br_dataset.excerpts;
			   * see br_record_defer_excerpt) */
	bool frozen;      /* private (record.c), here in a hole: compacted
			   * (br_record_compact) */
	bool compact;     /* private: the figures are struct br_fig's */
	unsigned input;   /* 1 + index of the dataset input it was read from
			   * (br_dataset.inputs), 0 = unknown; not in JSON Lines */
	unsigned char ran_at_from; /* enum br_ran_from; BR_RAN_NONE: no date */
	unsigned char ran_at_prec; /* enum br_date_prec of ran_at */
	unsigned short quote_depth; /* the mail quote depth of its first line, set
				     * by parsers/reconcile.c (0: none or unknown);
				     * not in JSON Lines */
	unsigned char nvals;      /* private, here in a hole: values held */
	unsigned char nodd;       /* private: compact: odd figures */
	unsigned char nbig;       /* private: compact: big values */
	bool params_packed;       /* private: the params are packed (record.c) */
	int64_t ran_at;   /* when it ran: seconds since 1970 UTC (br_record_set_ran_at) */
	struct br_source *also; /* further appearances merged into this record */
	size_t nalso, cap_also;
	/* Private (record.c): the params, a struct br_param[cap_params] while
	 * the record is built, packed once compacted (params_packed); read
	 * them with br_record_param_at and br_record_param. */
	void *params;
	uint32_t nparams, cap_params; /* nparams: how many */
	/* Private to core/record.c and the inline accessors below: no other
	 * code reads or writes these; figures are read through br_record_get
	 * and br_record_held. */
	struct br_strblock *strs; /* where the strings and values live */
	void *vals;               /* struct br_vbuild, or (compact) struct br_fig[nvals]
				   * then double[nbig], struct br_fig_odd[nodd] */
	uint64_t held;            /* bit i: the record has a value for metric i */
	/* (and nvals, nodd, nbig, frozen, compact above) */
};

struct br_record *br_record_new(enum br_tool tool);
void br_record_free(struct br_record *r);
struct br_record *br_record_clone(const struct br_record *r);
/* r, or a copy of it in exactly the memory it needs (r is freed then): for
 * a record that is built. Nothing else changes; pointers into r (its
 * values, strings) are not valid after. */
struct br_record *br_record_compact(struct br_record *r);

/* What a slim copy keeps besides its names, source lines, date and
 * figures: the figures' raw strings, the params, the excerpt, the also[]
 * sources. */
enum {
	BR_KEEP_RAW = 1u << 0,
	BR_KEEP_PARAMS = 1u << 1,
	BR_KEEP_EXCERPT = 1u << 2,
	BR_KEEP_ALSO = 1u << 3,
	BR_KEEP_ALL = 0xfu
};
/* r as br_record_compact makes it, less what keep leaves out (the raw
 * strings read NULL, the params and also[] none, the excerpt NULL): for
 * the records an output holds to the end and shows only part of. r is
 * freed (a record too big to copy comes back whole). */
struct br_record *br_record_slim(struct br_record *r, unsigned keep);
/* r, whole and compact, copied among the records held to the end while
 * most records made with them are dropped (a stream's candidates), so
 * that it does not keep their memory; r is freed. */
struct br_record *br_record_hold(struct br_record *r);
/* r's bytes appended to out, for this process to read back (a stream's
 * temporary file: parsers/load.c), when r is one compact block as
 * compaction left it and has no also[] sources; false (out unchanged)
 * otherwise. */
bool br_record_pack(const struct br_record *r, struct br_buf *out);
/* The record br_record_pack wrote, at p (n bytes, aligned as malloc's
 * memory), its pointers moved there: read only, valid while p is and
 * never freed (br_record_free); NULL when p is no packed record. The
 * process that packed it must unpack it (shared strings stay where they
 * were). */
const struct br_record *br_record_unpacked(void *p, size_t n);
/* The record br_record_pack wrote (n bytes at p, any alignment), as a
 * record of its own (held: br_record_free frees it), NULL when p is no
 * packed record. */
struct br_record *br_record_unpack(const void *p, size_t n);

/* Setters copy their arguments; NULL clears. */
void br_record_set_version(struct br_record *r, const char *v);
void br_record_set_host(struct br_record *r, const char *h);
void br_record_set_label(struct br_record *r, const char *l);
void br_record_set_source(struct br_record *r, const char *file, unsigned line, unsigned end_line,
			  const char *format);
/* source.file, .format and .excerpt copied byte for byte (no UTF-8 repair,
 * unlike br_record_set_source); NULL clears. Lines are left alone. */
void br_record_set_source_strings(struct br_record *r, const char *file, const char *format,
				  const char *excerpt);
/* source.excerpt copied byte for byte; NULL clears. */
void br_record_set_excerpt(struct br_record *r, const char *excerpt);
/* r's excerpt is not copied but read back when shown (excerpt_later): it
 * must be the text of lines source.line..source.end_line as they stand;
 * setting the source or an excerpt again ends that. */
void br_record_defer_excerpt(struct br_record *r);
/* Room for an excerpt of n bytes, made source.excerpt: the caller writes
 * the n bytes (the terminating NUL is written here). */
char *br_record_excerpt_room(struct br_record *r, size_t n);

/* The run date: t (seconds since 1970 UTC), how precise, where from; a
 * date of a less trusted kind than the record's (enum br_ran_from order)
 * is ignored, so parsers and the registry may each offer theirs. */
void br_record_set_ran_at(struct br_record *r, int64_t t, enum br_date_prec prec,
			  enum br_ran_from from);
/* r's date as ISO 8601 into buf (br_date_format); false when it has none. */
bool br_record_ran_at_iso(const struct br_record *r, char buf[BR_DATE_BUF]);

/* Params keep insertion order; setting an existing key replaces it. */
void br_record_param_str(struct br_record *r, const char *key, const char *value);
void br_record_param_num(struct br_record *r, const char *key, double value);
/* Param i of r (i < r->nparams), by value: its strings are r's, valid
 * until r changes. */
struct br_param br_record_param_at(const struct br_record *r, size_t i);
/* r's param of key, by value (its strings are r's, valid until r
 * changes); its key is NULL when r has none. */
struct br_param br_record_param(const struct br_record *r, const char *key);

/* A figure: value in the normalised unit; raw as printed (may be NULL).
 * The figure returned may be changed in place until the record's next
 * setter or compaction, but not its value: a raw that the value prints
 * again is kept as its form (br_value_raw), so set the figure again. */
struct br_value *br_record_set(struct br_record *r, enum br_metric_id id, double value, const char *raw);
/* What br_record_get gives for a metric the record does not hold: all
 * zero, present false. */
extern const struct br_value br_value_none;
/* The metrics the record may hold a figure of, as bits (1 << id): visit
 * them with `for (uint64_t m = br_record_held(r); m; m &= m - 1)` and
 * __builtin_ctzll(m), in metric order; test each value's `present`. */
static inline uint64_t br_record_held(const struct br_record *r)
{
	return r->held;
}
/* Private (record.c): v, compact figure k of r, with its odd cpu,
 * resolution and raw string. */
struct br_value br_record_odd_fig(const struct br_record *r, unsigned k, struct br_value v);
/* Private: the big values of r, after its compact figures. */
static inline const double *br_record_big_(const struct br_record *r)
{
	return (const double *)(const void *)((const struct br_fig *)r->vals + r->nvals);
}
/* Private: the value of compact figure f of r. */
static inline double br_record_fig_value_(const struct br_record *r, const struct br_fig *f)
{
	return f->flags & BR_FIG_BIG ? br_record_big_(r)[f->value] : (double)f->value;
}
/* Private: compact figure k of r as a struct br_value. */
static inline struct br_value br_record_fig_(const struct br_record *r, unsigned k)
{
	const struct br_fig *f = (const struct br_fig *)r->vals + k;
	struct br_value v = {
		.value = br_record_fig_value_(r, f),
		.cpu = f->cpu,
		.raw = NULL,
		.res = f->res,
		.form = f->form,
		.present = f->flags & BR_FIG_PRESENT,
		.has_value = f->flags & BR_FIG_HAS_VALUE,
		.has_cpu = f->flags & BR_FIG_HAS_CPU,
		.too_fast = f->flags & BR_FIG_TOO_FAST,
		.marked = f->flags & BR_FIG_MARKED,
		.doubtful = f->flags & BR_FIG_DOUBTFUL,
	};
	return f->flags & BR_FIG_ODD ? br_record_odd_fig(r, k, v) : v;
}
/* The figure of metric id, by value (br_value_none when the record does
 * not hold it). Its raw string is the record's: valid until it changes. */
static inline struct br_value br_record_get(const struct br_record *r, enum br_metric_id id)
{
	if (!(r->held >> id & 1))
		return br_value_none;
	if (!r->compact)
		return ((const struct br_vbuild *)r->vals)->v[id];
	/* the metrics held before id (a popcount; no instruction for it is
	 * assumed) */
	uint64_t x = r->held & (((uint64_t)1 << id) - 1);
	x -= (x >> 1) & 0x5555555555555555u;
	x = (x & 0x3333333333333333u) + ((x >> 2) & 0x3333333333333333u);
	return br_record_fig_(r, (unsigned)((((x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fu) * 0x0101010101010101u) >> 56));
}
/*
 * Cheap readers, for passes over many figures (model/table.c, the text
 * renderer) that need a figure's number, cpu and flags but not its raw,
 * form or resolution: br_record_get builds the whole struct br_value (the
 * cpu divided out, the raw's address, six flags) at ~100 instructions a
 * figure. Same numbers as br_record_get's, bit for bit.
 */
/* Private: the index among r's compact figures of metric id, which r
 * holds (the count of the held bits below id). */
static inline unsigned br_record_fig_index_(const struct br_record *r, enum br_metric_id id)
{
	uint64_t x = r->held & (((uint64_t)1 << id) - 1);
	x -= (x >> 1) & 0x5555555555555555u;
	x = (x & 0x3333333333333333u) + ((x >> 2) & 0x3333333333333333u);
	return (unsigned)((((x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fu) * 0x0101010101010101u) >> 56);
}
/* A figure's number, cpu and flags (BR_FIG_*), as br_record_figv gives them. */
struct br_figv {
	double value;   /* br_value.value (0 when not present) */
	double cpu;     /* br_value.cpu (0 when not present) */
	unsigned flags; /* BR_FIG_PRESENT, _HAS_VALUE, ... as br_value's bits */
};
/* Metric id of r: its value, cpu and flags into *f; returns the flags (0:
 * r does not hold it). */
static inline unsigned br_record_figv(const struct br_record *r, enum br_metric_id id, struct br_figv *f)
{
	if (!(r->held >> id & 1)) {
		*f = (struct br_figv){0, 0, 0};
		return 0;
	}
	if (!r->compact) {
		const struct br_value *v = &((const struct br_vbuild *)r->vals)->v[id];
		f->value = v->value;
		f->cpu = v->cpu;
		f->flags = (v->present ? BR_FIG_PRESENT : 0u) | (v->has_value ? BR_FIG_HAS_VALUE : 0u) |
			   (v->has_cpu ? BR_FIG_HAS_CPU : 0u) | (v->too_fast ? BR_FIG_TOO_FAST : 0u) |
			   (v->marked ? BR_FIG_MARKED : 0u) | (v->doubtful ? BR_FIG_DOUBTFUL : 0u);
		return f->flags;
	}
	unsigned k = br_record_fig_index_(r, id);
	const struct br_fig *g = (const struct br_fig *)r->vals + k;
	f->value = br_record_fig_value_(r, g);
	f->cpu = g->flags & BR_FIG_ODD ? br_record_odd_fig(r, k, br_value_none).cpu : g->cpu;
	f->flags = g->flags & BR_FIG_VALUE_FLAGS;
	return f->flags;
}
/* Only the value of metric id of r (0 when r does not hold it; test the
 * flags with br_record_figv when that matters). */
static inline double br_record_value_of(const struct br_record *r, enum br_metric_id id)
{
	if (!(r->held >> id & 1))
		return 0;
	if (!r->compact)
		return ((const struct br_vbuild *)r->vals)->v[id].value;
	return br_record_fig_value_(r, (const struct br_fig *)r->vals + br_record_fig_index_(r, id));
}

/* The figure of metric id, to change in place (not its value: see
 * br_record_set); NULL when the record does not hold it (br_record_set adds
 * one). Valid until the record's next setter or compaction. */
struct br_value *br_record_value(struct br_record *r, enum br_metric_id id);
/* A figure the tool printed as too fast to measure (+++++): value null. */
struct br_value *br_record_set_too_fast(struct br_record *r, enum br_metric_id id, const char *raw);
void br_record_set_cpu(struct br_record *r, enum br_metric_id id, double cpu);
size_t br_record_metric_count(const struct br_record *r);
/* The bytes r holds (its blocks and its also[] sources), near enough for
 * a memory budget. */
size_t br_record_bytes(const struct br_record *r);
/* "label / host" style display name for tables and charts (caller frees). */
char *br_record_display_name(const struct br_record *r);

struct br_recset {
	struct br_record **v;
	size_t n, cap;
};

void br_recset_add(struct br_recset *s, struct br_record *r); /* takes ownership */
void br_recset_free(struct br_recset *s);

/*
 * Merge duplicates: the same run seen twice (same tool; every figure both
 * copies hold equal within the printed precision and at least one shared;
 * host names equal or one a prefix of the other). The survivor is the first
 * appearance; it keeps the fullest host name, every figure (a doubtful figure
 * yields to a trusted one), and the later source in `also`. Returns how many
 * records were merged away. Order of the survivors is unchanged.
 */
size_t br_recset_merge(struct br_recset *s);

/* What a merge looked at, for tests of its growth: the lists of candidates
 * it looked in, the entries it met there, the pairs it compared and the
 * entries it filed. br_recset_merge_counted is br_recset_merge that fills
 * *stats (if not NULL). */
struct br_merge_stats {
	size_t lookups, visited, compared, filed;
};
size_t br_recset_merge_counted(struct br_recset *s, struct br_merge_stats *stats);
/* The same over v[0..n) in place (records merged elsewhere, the stream of
 * parsers/load.c): each record merged away is marked in gone[] (zeroed by
 * the caller) and left empty, for the caller to free. */
size_t br_records_merge(struct br_record **v, size_t n, bool *gone, struct br_merge_stats *stats);

/*
 * The merge one step at a time, for merges outside a br_recset (the
 * archive): an index over records v[0..n) (borrowed; they must stay where
 * they are while it lives), each in the bucket keys[i] (NULL: its
 * br_record_merge_key). Visit i = 0, 1, ... n-1 in order: find(i) is the
 * earliest kept record that is the same run as record i (the rule of
 * br_recset_merge), or BR_MERGE_NONE; then either merge(a, i) (record i
 * goes into a, br_record_merge; i is left empty) or keep(i). A record that
 * must stay as it is (archived already) is kept without a find.
 */
#define BR_MERGE_NONE ((size_t)-1)
struct br_merge_index;
struct br_merge_index *br_merge_index_new(struct br_record **v, size_t n, const uint64_t *keys);
size_t br_merge_index_find(struct br_merge_index *ix, size_t i);
void br_merge_index_merge(struct br_merge_index *ix, size_t a, size_t i);
void br_merge_index_keep(struct br_merge_index *ix, size_t i);
void br_merge_index_stats(const struct br_merge_index *ix, struct br_merge_stats *stats);
void br_merge_index_free(struct br_merge_index *ix);

/* Runs one document printed twice, once without a host (a summary table
 * and the output it sums up): in v[0..n), records of one document, a
 * record without a host and one with a host that share two trusted
 * figures or more, all equal, are merged (the later into the earlier,
 * marked in gone[], zeroed by the caller, left empty for the caller to
 * free); returns how many. */
size_t br_records_merge_unnamed(struct br_record **v, size_t n, bool *gone);

/* Do a and b describe the same run (the test br_recset_merge uses)? */
bool br_record_same_run(const struct br_record *a, const struct br_record *b);

/* For indexes that merge outside a br_recset (the archive): the bucket key
 * br_recset_merge files a record under (only records with equal keys are
 * compared), and the merge it performs (b, the later appearance, goes into a;
 * b is left empty and must still be freed). */
uint64_t br_record_merge_key(const struct br_record *r);
/* r's also[] cut to its size (a record done merging: room for more
 * appearances would be held to the end). */
void br_record_merge_trim(struct br_record *r);
void br_record_merge(struct br_record *a, struct br_record *b);
/* A record's figures in two numbers, for telling apart runs that cannot
 * merge without holding them: if a and b (of one bucket) are the same
 * run, br_record_same_run, then their sigs differ or their figs are
 * equal. */
void br_record_merge_print(const struct br_record *r, uint64_t *sig, uint64_t *figs);

#endif
