/* record — see record.h. */
#include "record.h"

#include <limits.h>
#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

/*
 * A record's strings (version, host, label, param keys and strings, raw
 * figures, source file, format and excerpt) and its params table are
 * carved from blocks chained on r->strs, newest first. The first block is part of the record's own allocation; a
 * record whose strings outgrow it gets a block twice the size of the last.
 * A string (or params table) that is replaced stays in its block until the
 * record is freed.
 */
struct br_strblock {
	struct br_strblock *next;
	size_t used, cap;
	char data[];
};

/*
 * The first block's size, by tool: room for the values, strings (excerpt
 * included) and params table of nine in ten records of that tool as the
 * corpus and the bench inputs have them (a bonnie++ 2.00a CSV record needs
 * some 1,700 bytes, an hdparm line 550, a rawio row 460). A record that
 * needs more gets further blocks of at least NEXT_BLOCK bytes.
 */
static const size_t first_block[BR_TOOL_COUNT] = {
	[BR_TOOL_BONNIE] = 896,
	[BR_TOOL_BONNIEPP] = 1728,
	[BR_TOOL_HDPARM] = 640,
	[BR_TOOL_RAWIO] = 544,
};
#define NEXT_BLOCK 512
#define FROZEN_NEXT_BLOCK 64
#define RECORD_BYTES(tool) \
	((sizeof(struct br_record) + sizeof(struct br_strblock) + first_block[tool] + 15) & ~(size_t)15)

/*
 * Record memory. A record with its first block is 0.8–2 KiB and a big
 * input makes hundreds of thousands: from malloc, first touching that
 * memory (a 4 KiB page fault per few records) costs more than parsing. So
 * records come from 2 MiB slabs, each for one tool's records, mapped with
 * transparent huge pages asked for (one fault per slab where the kernel
 * grants them). A slab keeps its own free list and is unmapped when its
 * last record is freed; slabs with free slots are listed in `partial`. Under ASan, and under valgrind
 * (LD_PRELOAD names its preload library) or with BR_NO_SLAB=1, records
 * come from calloc instead, so that those tools see each one.
 */
#define SLAB_SIZE ((size_t)2 << 20)

#if defined(__SANITIZE_ADDRESS__)
#define SLAB_NEVER 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SLAB_NEVER 1
#endif
#endif

struct slab {
	struct slab *prev, *next; /* in `partial[tool]` */
	enum br_tool tool;        /* whose records it holds (their size) */
	size_t live;              /* records in use */
	size_t bump;              /* offset of the first never-used slot */
	void *free;               /* freed slots, linked through their first word */
	bool listed;
	bool spare;               /* empty, kept for the next record */
};

static struct {
	pthread_mutex_t lock;
	int use;                  /* -1 not decided, 0 calloc, 1 slabs */
	struct slab *partial[BR_TOOL_COUNT];
	/* one empty slab a tool is kept: a parser that builds one record at a
	 * time (compacted when built) empties its slab with every record */
	bool have_spare[BR_TOOL_COUNT];
} slabs = {PTHREAD_MUTEX_INITIALIZER, -1, {NULL}, {false}};

#define FROZEN_TOOL BR_TOOL_COUNT /* struct slab.tool of a frozen slab */
#define FROZEN_MAX (SLAB_SIZE / 16) /* a bigger record stays as it is */

static struct slab *frozen_cur; /* the frozen slab being filled (slabs.lock) */

static bool use_slabs(void)
{
#ifdef SLAB_NEVER
	return false;
#else
	if (slabs.use < 0) {
		const char *pre = getenv("LD_PRELOAD"), *no = getenv("BR_NO_SLAB");
		slabs.use = !(no && *no) && !(pre && strstr(pre, "vgpreload"));
	}
	return slabs.use == 1;
#endif
}

static void slab_unlist(struct slab *sl)
{
	if (sl->prev)
		sl->prev->next = sl->next;
	else
		slabs.partial[sl->tool] = sl->next;
	if (sl->next)
		sl->next->prev = sl->prev;
	sl->prev = sl->next = NULL;
	sl->listed = false;
}

static void slab_list(struct slab *sl)
{
	sl->prev = NULL;
	sl->next = slabs.partial[sl->tool];
	if (sl->next)
		sl->next->prev = sl;
	slabs.partial[sl->tool] = sl;
	sl->listed = true;
}

static struct slab *slab_new(enum br_tool tool)
{
	/* map twice the size and trim to a SLAB_SIZE-aligned slab, so that a
	 * record finds its slab by masking its address */
	char *p = mmap(NULL, 2 * SLAB_SIZE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		return NULL;
	char *a = (char *)(((uintptr_t)p + SLAB_SIZE - 1) & ~(uintptr_t)(SLAB_SIZE - 1));
	if (a > p)
		munmap(p, (size_t)(a - p));
	if (a + SLAB_SIZE < p + 2 * SLAB_SIZE)
		munmap(a + SLAB_SIZE, (size_t)(p + 2 * SLAB_SIZE - (a + SLAB_SIZE)));
#ifdef MADV_HUGEPAGE
	madvise(a, SLAB_SIZE, MADV_HUGEPAGE);
#endif
	struct slab *sl = (struct slab *)(void *)a;
	memset(sl, 0, sizeof *sl);
	sl->bump = (sizeof *sl + 15) & ~(size_t)15;
	sl->tool = tool;
	return sl;
}

static struct br_record *record_alloc(enum br_tool tool)
{
	size_t size = RECORD_BYTES(tool);
	if (!use_slabs())
		return br_calloc(1, size);
	pthread_mutex_lock(&slabs.lock);
	struct slab *sl = slabs.partial[tool];
	void *p = NULL;
	if (!sl) {
		sl = slab_new(tool);
		if (sl)
			slab_list(sl);
	}
	if (sl) {
		if (sl->spare) {
			sl->spare = false;
			slabs.have_spare[tool] = false;
		}
		if (sl->free) {
			p = sl->free;
			memcpy(&sl->free, p, sizeof sl->free);
			memset(p, 0, size);
		} else {
			p = (char *)sl + sl->bump; /* fresh from mmap: zero */
			sl->bump += size;
		}
		sl->live++;
		if (!sl->free && sl->bump + size > SLAB_SIZE)
			slab_unlist(sl);
	}
	pthread_mutex_unlock(&slabs.lock);
	return p ? p : br_calloc(1, size);
}

static void record_release(struct br_record *r)
{
	if (!use_slabs()) {
		free(r);
		return;
	}
	pthread_mutex_lock(&slabs.lock);
	struct slab *sl = (struct slab *)(void *)((uintptr_t)r & ~(uintptr_t)(SLAB_SIZE - 1));
	if (sl->tool == FROZEN_TOOL) {
		/* bump-allocated: the space comes back with the whole slab */
		if (--sl->live == 0 && sl != frozen_cur)
			munmap(sl, SLAB_SIZE);
		pthread_mutex_unlock(&slabs.lock);
		return;
	}
	memcpy(r, &sl->free, sizeof sl->free);
	sl->free = r;
	sl->live--;
	if (sl->live == 0 && !slabs.have_spare[sl->tool]) {
		sl->spare = slabs.have_spare[sl->tool] = true;
		if (!sl->listed)
			slab_list(sl);
	} else if (sl->live == 0) {
		if (sl->listed)
			slab_unlist(sl);
		munmap(sl, SLAB_SIZE);
	} else if (!sl->listed) {
		slab_list(sl);
	}
	pthread_mutex_unlock(&slabs.lock);
}

struct br_record *br_record_new(enum br_tool tool)
{
	/* (an out-of-range tool, which no parser makes, is sized as bonnie++) */
	enum br_tool cls = (unsigned)tool < BR_TOOL_COUNT ? tool : BR_TOOL_BONNIEPP;
	struct br_record *r = record_alloc(cls);
	r->tool = tool;
	r->strs = (struct br_strblock *)(r + 1);
	r->strs->cap = first_block[cls];
	return r;
}

static char *str_alloc(struct br_record *r, size_t n)
{
	struct br_strblock *b = r->strs;
	if (!b || b->cap - b->used < n) {
		/* (a compacted record seldom changes again: a version, a host) */
		size_t cap = r->frozen ? FROZEN_NEXT_BLOCK : NEXT_BLOCK;
		if (cap < n)
			cap = n;
		struct br_strblock *nb = br_malloc(sizeof *nb + cap);
		nb->next = b;
		nb->used = 0;
		nb->cap = cap;
		r->strs = b = nb;
	}
	char *p = b->data + b->used;
	b->used += n;
	return p;
}

/* n bytes aligned for any struct of the record (data[] is) */
static void *str_alloc_aligned(struct br_record *r, size_t n)
{
	struct br_strblock *b = r->strs;
	if (b) {
		size_t u = (b->used + 7) & ~(size_t)7;
		b->used = u < b->cap ? u : b->cap;
	}
	return str_alloc(r, n);
}

static char *str_copy(struct br_record *r, const char *s, size_t n)
{
	char *p = str_alloc(r, n + 1);
	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

static char *str_copy0(struct br_record *r, const char *s)
{
	return s ? str_copy(r, s, strlen(s)) : NULL;
}

/* A copy of s as br_utf8_dup makes it (invalid UTF-8 and control
 * characters but TAB and LF become U+FFFD), in r's blocks. */
static char *str_dup(struct br_record *r, const char *s)
{
	if (!s)
		return NULL;
	size_t n = 0;
	for (const unsigned char *u = (const unsigned char *)s; *u; u++, n++)
		if (*u < 0x20 ? *u != '\t' && *u != '\n' : *u >= 0x7f)
			goto slow;
	return str_copy(r, s, n);
slow:;
	char *t = br_utf8_dup(s, strlen(s));
	char *p = str_copy(r, t, strlen(t));
	free(t);
	return p;
}

/* A string of r replaced: its bytes stay in the block, dead (counted for
 * br_record_compact, which copies a block whole when few are). */
static void dead_bytes(struct br_record *r, size_t n)
{
	r->dead = n < UINT_MAX - r->dead ? r->dead + (unsigned)n : UINT_MAX;
}

static void dead(struct br_record *r, const char *old)
{
	if (old)
		dead_bytes(r, strlen(old) + 1);
}

/* an also[] source: its strings are malloc'd */
static void source_free(struct br_source *s)
{
	free(s->file);
	free(s->format);
	free(s->excerpt);
}

static void source_copy(struct br_source *d, const struct br_source *s)
{
	d->file = s->file ? br_strdup(s->file) : NULL;
	d->format = s->format ? br_strdup(s->format) : NULL;
	d->excerpt = s->excerpt ? br_strdup(s->excerpt) : NULL;
	d->line = s->line;
	d->end_line = s->end_line;
}

void br_record_free(struct br_record *r)
{
	if (!r)
		return;
	/* r->source's strings are in the blocks */
	for (size_t i = 0; i < r->nalso; i++)
		source_free(&r->also[i]);
	free(r->also);
	for (struct br_strblock *b = r->strs, *next; b; b = next) {
		next = b->next;
		if (b != (struct br_strblock *)(r + 1))
			free(b);
	}
	record_release(r);
}

const struct br_value br_value_none;

/* ------------------------------------------------------------ resolutions */

/*
 * The distinct resolutions, by number: entry 0 is 0 (exact, and what a
 * zeroed value reads). An entry never changes once written, and a number is
 * handed out only after its entry is, so reading needs no lock; adding one
 * takes it (records are made in the runner's threads too), after a look in
 * the thread's cache of recent ones, where nearly every figure finds its.
 */
#define RES_MAX 65536
#define RES_HASH (2 * RES_MAX)
static struct {
	pthread_mutex_t lock;
	unsigned n;                      /* entries in use (entry 0 included) */
	double v[RES_MAX];
	unsigned short hash[RES_HASH];   /* open addressing; 0 = empty slot */
} res_tab = {PTHREAD_MUTEX_INITIALIZER, 1, {0}, {0}};

#define RES_CACHE 16 /* the thread's recent ones, direct-mapped */
static _Thread_local struct {
	uint64_t bits;
	unsigned short k;
} res_cache[RES_CACHE];

static uint64_t res_bits(double d)
{
	uint64_t b;
	memcpy(&b, &d, sizeof b);
	return b;
}

double br_value_resolution(const struct br_value *v)
{
	return res_tab.v[v->res];
}

void br_value_set_resolution(struct br_value *v, double res)
{
	uint64_t bits = res_bits(res);
	if (bits == 0) {
		v->res = 0;
		return;
	}
	uint64_t mix = bits * 0x9e3779b97f4a7c15u;
	unsigned c = (unsigned)(mix >> 60) & (RES_CACHE - 1);
	if (res_cache[c].k && res_cache[c].bits == bits) {
		v->res = res_cache[c].k;
		return;
	}
	pthread_mutex_lock(&res_tab.lock);
	size_t h = (size_t)(mix >> 47) & (RES_HASH - 1);
	unsigned short k = 0;
	for (;; h = (h + 1) & (RES_HASH - 1)) {
		unsigned short e = res_tab.hash[h];
		if (e == 0) {
			if (res_tab.n < RES_MAX) { /* (else: read as 0, exact) */
				k = (unsigned short)res_tab.n++;
				res_tab.v[k] = res;
				res_tab.hash[h] = k;
			}
			break;
		}
		if (res_bits(res_tab.v[e]) == bits) {
			k = e;
			break;
		}
	}
	pthread_mutex_unlock(&res_tab.lock);
	if (k) {
		res_cache[c].bits = bits;
		res_cache[c].k = k;
	}
	v->res = k;
}

/* The value of metric id, added (all zero) if the record has none. */
static struct br_value *value_slot(struct br_record *r, enum br_metric_id id)
{
	unsigned k = r->slot[id];
	if (!k) {
		k = r->nvals++;
		if (k % BR_VCHUNK == 0)
			r->vchunk[k / BR_VCHUNK] = str_alloc_aligned(r, BR_VCHUNK * sizeof(struct br_value));
		r->slot[id] = (unsigned char)++k;
		r->held |= (uint64_t)1 << id;
		struct br_value *v = &r->vchunk[(k - 1) / BR_VCHUNK][(k - 1) % BR_VCHUNK];
		memset(v, 0, sizeof *v);
		return v;
	}
	return &r->vchunk[(k - 1) / BR_VCHUNK][(k - 1) % BR_VCHUNK];
}

struct br_record *br_record_clone(const struct br_record *r)
{
	struct br_record *c = br_record_new(r->tool);
	br_record_set_version(c, r->version);
	br_record_set_host(c, r->host);
	c->host_cut = r->host_cut;
	c->input = r->input;
	br_record_set_label(c, r->label);
	br_record_set_source_strings(c, r->source.file, r->source.format, r->source.excerpt);
	c->source.line = r->source.line;
	c->source.end_line = r->source.end_line;
	for (size_t i = 0; i < r->nalso; i++) {
		c->also = br_grow(c->also, &c->cap_also, c->nalso + 1, sizeof *c->also);
		source_copy(&c->also[c->nalso++], &r->also[i]);
	}
	for (size_t i = 0; i < r->nparams; i++) {
		if (r->params[i].str)
			br_record_param_str(c, r->params[i].key, r->params[i].str);
		else
			br_record_param_num(c, r->params[i].key, r->params[i].num);
	}
	for (int i = 0; i < BR_METRIC_COUNT; i++) {
		if (!r->slot[i])
			continue;
		const struct br_value *v = br_record_get(r, (enum br_metric_id)i);
		struct br_value *d = value_slot(c, (enum br_metric_id)i);
		*d = *v;
		d->raw = v->raw ? str_copy(c, v->raw, strlen(v->raw)) : NULL;
	}
	return c;
}

/* ------------------------------------------------------------ compacting */

/*
 * A record is built in a slot sized for most of its tool's records, and
 * strings set twice or a grown params table leave dead bytes behind; once
 * built, it is copied into an allocation of exactly its size (the frozen
 * slabs: bump-allocated, a slab unmapped when its last record is freed) and
 * the slot goes back to its slab for the next record. A mail archive's
 * records need a third less memory so, and the slots a parser fills stay
 * in the cache instead of faulting in fresh pages. Frozen records start on
 * a cache line: at 16-byte steps a header's fields straddled lines and the
 * table writers, which visit every record per pass, ran 15 % slower.
 */
static void *frozen_alloc(size_t size)
{
	if (!use_slabs())
		return br_malloc(size);
	pthread_mutex_lock(&slabs.lock);
	struct slab *sl = frozen_cur;
	if (!sl || sl->bump + size > SLAB_SIZE) {
		if (sl && sl->live == 0)
			munmap(sl, SLAB_SIZE);
		frozen_cur = sl = slab_new(FROZEN_TOOL);
	}
	void *p = NULL;
	if (sl) {
		p = (char *)sl + sl->bump;
		sl->bump += size;
		sl->live++;
	}
	pthread_mutex_unlock(&slabs.lock);
	return p ? p : br_malloc(size);
}

/* What copying into one block takes: the same steps, in the same order, as
 * the string-by-string copy of br_record_compact() (keep the two in step). */
struct sizer {
	size_t used;
};

static void size_str(struct sizer *z, const char *s)
{
	if (s)
		z->used += strlen(s) + 1;
}

static void size_aligned(struct sizer *z, size_t n)
{
	z->used = ((z->used + 7) & ~(size_t)7) + n;
}

static size_t compact_size(const struct br_record *r)
{
	struct sizer z = {0};
	size_str(&z, r->version);
	size_str(&z, r->host);
	size_str(&z, r->label);
	size_str(&z, r->source.file);
	size_str(&z, r->source.format);
	size_str(&z, r->source.excerpt);
	if (r->nparams) {
		size_aligned(&z, r->nparams * sizeof *r->params);
		for (size_t i = 0; i < r->nparams; i++) {
			size_str(&z, r->params[i].key);
			size_str(&z, r->params[i].str);
		}
	}
	for (unsigned k = 0; k < r->nvals; k += BR_VCHUNK)
		size_aligned(&z, BR_VCHUNK * sizeof(struct br_value));
	for (unsigned k = 0; k < r->nvals; k++)
		size_str(&z, r->vchunk[k / BR_VCHUNK][k % BR_VCHUNK].raw);
	return z.used;
}

/* The bytes r takes now: its slot (or allocation) and its further blocks. */
static size_t footprint(const struct br_record *r)
{
	enum br_tool cls = (unsigned)r->tool < BR_TOOL_COUNT ? r->tool : BR_TOOL_BONNIEPP;
	size_t n = 0;
	for (const struct br_strblock *b = r->strs; b; b = b->next)
		if (b != (const struct br_strblock *)(r + 1))
			n += sizeof *b + b->cap;
		else if (r->frozen)
			n += sizeof *r + sizeof *b + b->cap;
		else
			n += RECORD_BYTES(cls);
	return n;
}

/* p, a pointer into block `from`, moved to the same place in `to` */
static void *moved(const void *p, const struct br_strblock *from, struct br_strblock *to)
{
	if (!p)
		return NULL;
	return to->data + ((const char *)p - from->data);
}

/* The common case, a record in one block: the block's bytes copied at once
 * and every pointer into them moved by the same distance (a string that was
 * replaced comes along; at most a few bytes a record). */
static struct br_record *compact_one_block(struct br_record *r)
{
	const struct br_strblock *b = r->strs;
	size_t size = (sizeof *r + sizeof *b + b->used + 63) & ~(size_t)63;
	if (size > FROZEN_MAX || size + footprint(r) / 16 > footprint(r))
		return r; /* (saving under a sixteenth is not worth the copy) */
	struct br_record *c = frozen_alloc(size);
	*c = *r;
	c->dead = 0;
	c->frozen = true;
	struct br_strblock *d = c->strs = (struct br_strblock *)(c + 1);
	d->next = NULL;
	d->used = d->cap = b->used;
	memcpy(d->data, b->data, b->used);
	c->version = moved(r->version, b, d);
	c->host = moved(r->host, b, d);
	c->label = moved(r->label, b, d);
	c->source.file = moved(r->source.file, b, d);
	c->source.format = moved(r->source.format, b, d);
	c->source.excerpt = moved(r->source.excerpt, b, d);
	if (c->params) {
		c->params = moved(r->params, b, d);
		for (size_t i = 0; i < c->nparams; i++) {
			c->params[i].key = moved(r->params[i].key, b, d);
			c->params[i].str = moved(r->params[i].str, b, d);
		}
	}
	for (unsigned k = 0; k < r->nvals; k += BR_VCHUNK)
		c->vchunk[k / BR_VCHUNK] = moved(r->vchunk[k / BR_VCHUNK], b, d);
	for (unsigned k = 0; k < r->nvals; k++) {
		struct br_value *v = &c->vchunk[k / BR_VCHUNK][k % BR_VCHUNK];
		v->raw = moved(v->raw, b, d);
	}
	r->also = NULL;
	r->nalso = r->cap_also = 0;
	br_record_free(r);
	return c;
}

struct br_record *br_record_compact(struct br_record *r)
{
	if (!r)
		return NULL;
	if (r->frozen && r->strs && !r->strs->next && !r->dead)
		return r; /* compacted, unchanged since */
	/* one block with few dead bytes: copied whole, else string by string */
	if (r->strs && !r->strs->next && r->dead + (r->cap_params - r->nparams) * sizeof *r->params <= 64)
		return compact_one_block(r);
	size_t need = compact_size(r);
	size_t size = (sizeof *r + sizeof(struct br_strblock) + need + 63) & ~(size_t)63;
	size_t now = footprint(r);
	if (size > FROZEN_MAX || size + now / 8 > now)
		return r; /* (saving under an eighth is not worth the copy) */
	struct br_record *c = frozen_alloc(size);
	*c = *r;
	c->dead = 0;
	c->frozen = true;
	c->strs = (struct br_strblock *)(c + 1);
	c->strs->next = NULL;
	c->strs->used = 0;
	c->strs->cap = need;
	/* byte for byte: the strings were made valid when first set */
	c->version = str_copy0(c, r->version);
	c->host = str_copy0(c, r->host);
	c->label = str_copy0(c, r->label);
	c->source.file = str_copy0(c, r->source.file);
	c->source.format = str_copy0(c, r->source.format);
	c->source.excerpt = str_copy0(c, r->source.excerpt);
	if (r->nparams) {
		c->params = str_alloc_aligned(c, r->nparams * sizeof *c->params);
		c->cap_params = r->nparams;
		for (size_t i = 0; i < r->nparams; i++) {
			c->params[i].key = str_copy0(c, r->params[i].key);
			c->params[i].str = str_copy0(c, r->params[i].str);
			c->params[i].num = r->params[i].num;
		}
	} else {
		c->params = NULL;
		c->cap_params = 0;
	}
	for (unsigned k = 0; k < r->nvals; k += BR_VCHUNK) {
		c->vchunk[k / BR_VCHUNK] = str_alloc_aligned(c, BR_VCHUNK * sizeof(struct br_value));
		memcpy(c->vchunk[k / BR_VCHUNK], r->vchunk[k / BR_VCHUNK], BR_VCHUNK * sizeof(struct br_value));
	}
	for (unsigned k = 0; k < r->nvals; k++) {
		struct br_value *v = &c->vchunk[k / BR_VCHUNK][k % BR_VCHUNK];
		v->raw = str_copy0(c, v->raw);
	}
	/* the also[] sources are the record's own mallocs: they move */
	r->also = NULL;
	r->nalso = r->cap_also = 0;
	br_record_free(r);
	return c;
}

void br_record_set_version(struct br_record *r, const char *v)
{
	dead(r, r->version);
	r->version = str_dup(r, v);
}

void br_record_set_host(struct br_record *r, const char *h)
{
	dead(r, r->host);
	r->host = str_dup(r, h);
}

void br_record_set_label(struct br_record *r, const char *l)
{
	dead(r, r->label);
	r->label = str_dup(r, l && *l ? l : NULL);
}

void br_record_set_source(struct br_record *r, const char *file, unsigned line, unsigned end_line,
			  const char *format)
{
	dead(r, r->source.file);
	dead(r, r->source.format);
	r->source.file = str_dup(r, file);
	r->source.format = str_dup(r, format);
	r->source.line = line;
	r->source.end_line = end_line < line ? line : end_line;
}

void br_record_set_source_strings(struct br_record *r, const char *file, const char *format,
				  const char *excerpt)
{
	dead(r, r->source.file);
	dead(r, r->source.format);
	dead(r, r->source.excerpt);
	r->source.file = str_copy0(r, file);
	r->source.format = str_copy0(r, format);
	dead(r, r->source.excerpt);
	r->source.excerpt = str_copy0(r, excerpt);
}

void br_record_set_excerpt(struct br_record *r, const char *excerpt)
{
	r->source.excerpt = str_copy0(r, excerpt);
}

char *br_record_excerpt_room(struct br_record *r, size_t n)
{
	char *p = str_alloc(r, n + 1);
	p[n] = '\0';
	dead(r, r->source.excerpt);
	r->source.excerpt = p;
	return p;
}

static struct br_param *param_slot(struct br_record *r, const char *key)
{
	for (size_t i = 0; i < r->nparams; i++)
		if (strcmp(r->params[i].key, key) == 0) {
			dead(r, r->params[i].str);
			r->params[i].str = NULL;
			return &r->params[i];
		}
	if (r->nparams == r->cap_params) {
		/* the table lives in the record's blocks too; a grown one leaves
		 * the old one there */
		size_t cap = r->cap_params ? 2 * r->cap_params : 8;
		struct br_param *t = str_alloc_aligned(r, cap * sizeof *t);
		if (r->nparams)
			memcpy(t, r->params, r->nparams * sizeof *t);
		dead_bytes(r, r->cap_params * sizeof *t);
		r->params = t;
		r->cap_params = cap;
	}
	struct br_param *p = &r->params[r->nparams++];
	p->key = str_copy(r, key, strlen(key));
	p->str = NULL;
	p->num = 0;
	return p;
}

void br_record_param_str(struct br_record *r, const char *key, const char *value)
{
	struct br_param *p = param_slot(r, key);
	p->str = str_dup(r, value);
}

void br_record_param_num(struct br_record *r, const char *key, double value)
{
	param_slot(r, key)->num = value;
}

const struct br_param *br_record_param(const struct br_record *r, const char *key)
{
	for (size_t i = 0; i < r->nparams; i++)
		if (strcmp(r->params[i].key, key) == 0)
			return &r->params[i];
	return NULL;
}

struct br_value *br_record_set(struct br_record *r, enum br_metric_id id, double value, const char *raw)
{
	struct br_value *v = value_slot(r, id);
	dead(r, v->raw);
	memset(v, 0, sizeof *v);
	v->present = true;
	v->has_value = isfinite(value);
	v->value = v->has_value ? value : 0;
	v->raw = str_dup(r, raw);
	return v;
}

struct br_value *br_record_set_too_fast(struct br_record *r, enum br_metric_id id, const char *raw)
{
	struct br_value *v = br_record_set(r, id, NAN, raw);
	v->too_fast = true;
	return v;
}

void br_record_set_cpu(struct br_record *r, enum br_metric_id id, double cpu)
{
	/* (on a metric the record has no figure of, the cpu waits in a value
	 * not present, and a later br_record_set clears it) */
	struct br_value *v = value_slot(r, id);
	v->has_cpu = true;
	v->cpu = cpu;
}

size_t br_record_metric_count(const struct br_record *r)
{
	size_t n = 0;
	for (uint64_t m = r->held; m; m &= m - 1)
		n += br_record_get(r, (enum br_metric_id)__builtin_ctzll(m))->present;
	return n;
}

char *br_record_display_name(const struct br_record *r)
{
	if (r->label && r->host)
		return br_asprintf("%s / %s", r->label, r->host);
	if (r->label)
		return br_strdup(r->label);
	if (r->host)
		return br_strdup(r->host);
	return br_asprintf("%s:%u", r->source.file ? br_path_shown(r->source.file) : "?", r->source.line);
}

void br_recset_add(struct br_recset *s, struct br_record *r)
{
	s->v = br_grow(s->v, &s->cap, s->n + 1, sizeof *s->v);
	s->v[s->n++] = r;
}

void br_recset_free(struct br_recset *s)
{
	for (size_t i = 0; i < s->n; i++)
		br_record_free(s->v[i]);
	free(s->v);
	s->v = NULL;
	s->n = s->cap = 0;
}

/* ------------------------------------------------------------------ merge */

/* The same host: the same name, or a name the format cut and the longer
 * name it is the start of ("web1" and "web10" are two machines). */
static bool host_compatible(const struct br_record *a, const struct br_record *b)
{
	if (!a->host || !b->host)
		return !a->host && !b->host;
	size_t la = strlen(a->host), lb = strlen(b->host);
	if (la == lb)
		return memcmp(a->host, b->host, la) == 0;
	const struct br_record *cut = la < lb ? a : b;
	return cut->host_cut && strncmp(a->host, b->host, la < lb ? la : lb) == 0;
}

static bool values_equal(const struct br_value *a, const struct br_value *b)
{
	if (a->too_fast || b->too_fast)
		return a->too_fast == b->too_fast;
	if (a->has_value != b->has_value)
		return false;
	if (a->has_cpu && b->has_cpu && fabs(a->cpu - b->cpu) > 0.05)
		return false;
	if (!a->has_value)
		return true;
	double tol = fmax(br_value_resolution(a), br_value_resolution(b));
	double d = fabs(a->value - b->value);
	return d <= tol + 1e-9 * fmax(fabs(a->value), 1.0);
}

/*
 * Which figures a record holds and trusts (not doubtful), as a bit mask
 * over the metric ids. Two records share a trusted figure (one both hold
 * and neither doubts) exactly where their masks overlap.
 */
_Static_assert(BR_METRIC_COUNT <= 64, "a figure mask is one uint64_t");

static uint64_t trusted_mask(const struct br_record *r)
{
	uint64_t t = 0;
	for (uint64_t m = r->held; m; m &= m - 1) {
		int i = __builtin_ctzll(m);
		const struct br_value *v = br_record_get(r, (enum br_metric_id)i);
		if (v->present && !v->doubtful)
			t |= (uint64_t)1 << i;
	}
	return t;
}

/* For a lone shared figure: how it was measured matches (the params both
 * records hold are equal). */
static bool params_match(const struct br_record *a, const struct br_record *b)
{
	for (size_t i = 0; i < a->nparams; i++) {
		const struct br_param *p = &a->params[i], *q = br_record_param(b, p->key);
		if (!q)
			continue;
		if ((p->str == NULL) != (q->str == NULL))
			return false;
		if (p->str ? strcmp(p->str, q->str) != 0 : p->num != q->num)
			return false;
	}
	return true;
}

/*
 * br_record_same_run given t = trusted_mask(a) & trusted_mask(b), for the
 * merge, which keeps the masks: only the figures in t are compared (a
 * figure both hold but one doubts does not count), so a pair that shares
 * no trusted figure costs nothing.
 */
static bool same_run_masked(const struct br_record *a, const struct br_record *b, uint64_t t)
{
	if (t == 0 || a->tool != b->tool)
		return false; /* no figure both hold and trust */
	bool lone = (t & (t - 1)) == 0;
	if (lone && (!a->host || !b->host))
		return false;
	if (!host_compatible(a, b))
		return false;
	for (uint64_t m = t; m; m &= m - 1) {
		int i = __builtin_ctzll(m);
		if (!values_equal(br_record_get(a, (enum br_metric_id)i), br_record_get(b, (enum br_metric_id)i)))
			return false;
	}
	return !lone || params_match(a, b);
}

bool br_record_same_run(const struct br_record *a, const struct br_record *b)
{
	if (a->tool != b->tool || !host_compatible(a, b))
		return false;
	uint64_t t = 0; /* the figures both hold and trust */
	for (int i = 0; i < BR_METRIC_COUNT; i++) {
		const struct br_value *x = br_record_get(a, (enum br_metric_id)i);
		const struct br_value *y = br_record_get(b, (enum br_metric_id)i);
		if (!x->present || !y->present || x->doubtful || y->doubtful)
			continue;
		if (!values_equal(x, y))
			return false;
		t |= (uint64_t)1 << i;
	}
	if (t == 0)
		return false;
	/* A lone figure (an hdparm line) is the same run only if both name
	 * their host and how it was measured matches too. */
	if ((t & (t - 1)) == 0)
		return a->host && b->host && params_match(a, b);
	return true;
}

static void merge_into(struct br_record *a, struct br_record *b)
{
	/* strings are copied into a's blocks (b's go with b); sources move */
	if (b->host && (!a->host || strlen(b->host) > strlen(a->host))) {
		a->host = str_copy(a, b->host, strlen(b->host));
		a->host_cut = b->host_cut;
	}
	if (!a->version && b->version)
		a->version = str_copy(a, b->version, strlen(b->version));
	if (!a->label && b->label)
		a->label = str_copy(a, b->label, strlen(b->label));
	for (int i = 0; i < BR_METRIC_COUNT; i++) {
		const struct br_value *y = br_record_get(b, (enum br_metric_id)i);
		if (!y->present)
			continue;
		struct br_value *x = value_slot(a, (enum br_metric_id)i);
		bool take = !x->present || (x->doubtful && !y->doubtful) ||
			    (!x->doubtful && !y->doubtful && br_value_resolution(y) < br_value_resolution(x));
		if (take) {
			bool marked = x->marked || y->marked;
			*x = *y;
			x->marked = marked;
			x->raw = y->raw ? str_copy(a, y->raw, strlen(y->raw)) : NULL;
		} else {
			x->marked = x->marked || y->marked;
			if (!x->has_cpu && y->has_cpu) {
				x->has_cpu = true;
				x->cpu = y->cpu;
			}
		}
	}
	for (size_t i = 0; i < b->nparams; i++)
		if (!br_record_param(a, b->params[i].key)) {
			if (b->params[i].str)
				br_record_param_str(a, b->params[i].key, b->params[i].str);
			else
				br_record_param_num(a, b->params[i].key, b->params[i].num);
		}
	a->also = br_grow(a->also, &a->cap_also, a->nalso + 1 + b->nalso, sizeof *a->also);
	/* b's source strings are in b's blocks: a's also[] gets copies */
	source_copy(&a->also[a->nalso++], &b->source);
	memset(&b->source, 0, sizeof b->source);
	for (size_t i = 0; i < b->nalso; i++) {
		a->also[a->nalso++] = b->also[i];
		memset(&b->also[i], 0, sizeof b->also[i]);
	}
}

/*
 * Bucket key: tool plus the CPU figures and the too-fast pattern, which every
 * copy of a bonnie run prints identically (text, CSV and HTML alike); for
 * tools without CPU figures the rounded value of the first figure. Records in
 * one bucket are compared pairwise with br_record_same_run.
 */
/* Does any figure of r come with its cpu? */
static bool has_any_cpu(const struct br_record *r)
{
	for (uint64_t m = r->held; m; m &= m - 1) {
		const struct br_value *v = br_record_get(r, (enum br_metric_id)__builtin_ctzll(m));
		if (v->present && v->has_cpu)
			return true;
	}
	return false;
}

static uint64_t merge_key(const struct br_record *r)
{
	uint64_t h = 1469598103934665603ull ^ (uint64_t)r->tool;
	bool any_cpu = has_any_cpu(r);
	for (uint64_t m = r->held; m; m &= m - 1) {
		int i = __builtin_ctzll(m);
		const struct br_value *v = br_record_get(r, (enum br_metric_id)i);
		if (!v->present || (!any_cpu && v->doubtful))
			continue;
		uint64_t x;
		if (any_cpu && !v->has_cpu)
			continue;
		if (any_cpu)
			x = (uint64_t)llround(v->cpu * 10) + 1;
		else
			x = v->has_value ? (uint64_t)llround(log10(fabs(v->value) + 1) * 4) + 1 : 7;
		h = (h ^ (x * 31 + (uint64_t)i)) * 1099511628211ull;
		if (!any_cpu)
			break;
	}
	return h;
}

uint64_t br_record_merge_key(const struct br_record *r)
{
	return merge_key(r);
}

void br_record_merge(struct br_record *a, struct br_record *b)
{
	merge_into(a, b);
}

/*
 * br_recset_merge files every record under merge_key(), a coarse bucket (for
 * tools without CPU figures only the order of magnitude of one figure), and
 * inside a bucket under the figure merge_key() started from: its kind (a
 * value, too fast, no value) and, for a value, a cell of width G of the
 * number line. Two records can only be the same run when that figure is
 * equal within max(resolution) (values_equal), so a record is compared with
 * the records of its own and the neighbouring cells only, not with the
 * whole bucket: a million hdparm lines of similar speed cost a million
 * lookups, not 10^12 comparisons. Records whose figure is doubtful (not
 * compared by br_record_same_run) are "wild": compared with everything in
 * the bucket, as are records whose figure is not finite. The outcome is
 * exactly that of comparing each record with every earlier record of its
 * bucket, earliest first.
 *
 * Each record's trusted_mask() is kept (and renewed when a merge adds
 * figures), so a pair sharing no trusted figure is rejected without
 * touching the records, and only the shared figures are compared. A record
 * that can be the same run as nothing (no trusted figure, or a lone one and
 * no host: many hdparm lines quoted without their device) is neither
 * compared nor filed.
 */
struct prim {
	int metric;     /* the figure merge_key() started from, -1 none */
	int cls;        /* 0 a value, 1 too fast, 2 no value; -1 wild */
	double value;   /* cls 0: the value when the record was filed */
};

static void primary(const struct br_record *r, struct prim *p)
{
	p->metric = -1;
	p->cls = -1;
	p->value = 0;
	bool any_cpu = has_any_cpu(r);
	for (uint64_t m = r->held; m; m &= m - 1) {
		int i = __builtin_ctzll(m);
		const struct br_value *v = br_record_get(r, (enum br_metric_id)i);
		if (!v->present || (!any_cpu && v->doubtful) || (any_cpu && !v->has_cpu))
			continue;
		p->metric = i;
		if (v->doubtful)
			return;
		if (v->too_fast) {
			p->cls = 1;
		} else if (!v->has_value) {
			p->cls = 2;
		} else if (isfinite(v->value) && isfinite(br_value_resolution(v)) && br_value_resolution(v) >= 0) {
			p->cls = 0;
			p->value = v->value;
		}
		return;
	}
}

struct bucket {
	uint64_t key;
	bool used;
	size_t head, tail;      /* every record kept so far, index+1 (chain: next_all) */
	size_t whead, wtail;    /* the wild ones (chain: next_wild) */
	double maxres, maxabs;  /* over the bucket's cls-0 records */
	double drift;           /* how far a filed value has moved by merging */
	double g;               /* cell width */
};

struct cell {
	size_t bucket;          /* index+1 in the bucket table, 0 = empty slot */
	int metric, cls;
	double pos;             /* floor(value / g), cls 0 */
	size_t head, tail;      /* chain: next_cell */
};

static uint64_t mix(uint64_t h, uint64_t x)
{
	return (h ^ x) * 1099511628211ull;
}

/*
 * The buckets and the cells are dense arrays in order of creation, found
 * through open-addressing tables of their index+1 (0 = empty slot): the
 * tables are small (8 bytes a slot), and the buckets and cells are touched
 * in order as they are made.
 */
struct index {
	size_t *slot;
	size_t cap;             /* a power of two, more than twice the entries */
};

static size_t find_bucket(struct index *ix, struct bucket *tab, size_t *nb, uint64_t key)
{
	size_t j = (size_t)(key & (ix->cap - 1));
	for (; ix->slot[j]; j = (j + 1) & (ix->cap - 1))
		if (tab[ix->slot[j] - 1].key == key)
			return ix->slot[j] - 1;
	size_t b = (*nb)++;
	memset(&tab[b], 0, sizeof tab[b]);
	tab[b].used = true;
	tab[b].key = key;
	ix->slot[j] = b + 1;
	return b;
}

static double cell_pos(double v, double g)
{
	double q = v / g;
	if (!(q < 4e15))
		q = 4e15;
	if (!(q > -4e15))
		q = -4e15;
	return floor(q);
}

static size_t find_cell(struct index *ix, struct cell *cells, size_t *nc, size_t bucket, int metric,
			int cls, double pos, bool add)
{
	uint64_t h = mix(mix(mix(1469598103934665603ull, bucket), (uint64_t)(metric * 4 + cls)),
			 (uint64_t)(int64_t)pos);
	size_t j = (size_t)(h & (ix->cap - 1));
	for (; ix->slot[j]; j = (j + 1) & (ix->cap - 1)) {
		const struct cell *c = &cells[ix->slot[j] - 1];
		if (c->bucket == bucket + 1 && c->metric == metric && c->cls == cls && c->pos == pos)
			return ix->slot[j] - 1;
	}
	if (!add)
		return (size_t)-1;
	size_t k = (*nc)++;
	memset(&cells[k], 0, sizeof cells[k]);
	cells[k].bucket = bucket + 1;
	cells[k].metric = metric;
	cells[k].cls = cls;
	cells[k].pos = pos;
	ix->slot[j] = k + 1;
	return k;
}

struct merge_state {
	struct br_recset *s;
	bool *gone;
	uint64_t *tm;           /* trusted_mask() of each record, kept current */
	size_t best;            /* earliest match so far, index+1 */
};

/* The earliest record of a chain (index+1 links in next[])
 * that is the same run as record i, kept in ms->best when it is earlier
 * than the best found so far. */
static void scan_chain(struct merge_state *ms, const size_t *next, size_t head, size_t i)
{
	for (size_t c = head; c; c = next[c - 1]) {
		if (ms->best && c >= ms->best)
			return; /* chains are in index order: nothing earlier follows */
		if (ms->gone[c - 1])
			continue;
		uint64_t t = ms->tm[c - 1] & ms->tm[i];
		if (t && same_run_masked(ms->s->v[c - 1], ms->s->v[i], t)) {
			ms->best = c;
			return;
		}
	}
}

size_t br_recset_merge(struct br_recset *s)
{
	if (s->n < 2)
		return 0;
	size_t n = s->n, cap = 16;
	while (cap < n * 2)
		cap *= 2;
	struct index bix = {br_calloc(cap, sizeof(size_t)), cap};
	struct index cix = {br_calloc(cap, sizeof(size_t)), cap};
	struct bucket *tab = br_malloc(n * sizeof *tab); /* at most one per record */
	struct cell *cells = br_malloc(n * sizeof *cells);
	size_t nb = 0, ncells = 0;
	size_t *bk = br_malloc(n * sizeof *bk);
	struct prim *pr = br_malloc(n * sizeof *pr);
	size_t *next_all = br_calloc(n, sizeof *next_all);
	size_t *next_wild = br_calloc(n, sizeof *next_wild);
	size_t *next_cell = br_calloc(n, sizeof *next_cell);
	bool *gone = br_calloc(n, sizeof *gone);
	uint64_t *tm = br_malloc(n * sizeof *tm);
	size_t merged = 0;

	/* pass 1: buckets, and the resolution and size of their values */
	for (size_t i = 0; i < n; i++) {
		primary(s->v[i], &pr[i]);
		tm[i] = trusted_mask(s->v[i]);
		size_t b = find_bucket(&bix, tab, &nb, merge_key(s->v[i]));
		bk[i] = b;
		if (pr[i].cls == 0) {
			const struct br_value *v = br_record_get(s->v[i], (enum br_metric_id)pr[i].metric);
			tab[b].maxres = fmax(tab[b].maxres, br_value_resolution(v));
			tab[b].maxabs = fmax(tab[b].maxabs, fabs(v->value));
		}
	}
	for (size_t j = 0; j < nb; j++)
		if (tab[j].used)
			tab[j].g = 2 * (tab[j].maxres + 1e-9 * (tab[j].maxabs + 1));

	/* pass 2: each record against the earlier ones it can match */
	struct merge_state ms = {s, gone, tm, 0};
	for (size_t i = 0; i < n; i++) {
		/* A record with no trusted figure, or with one and no host, is
		 * the same run as no other (same_run_masked): it neither merges
		 * nor takes a merge, so it is not compared nor filed. */
		if (tm[i] == 0 || ((tm[i] & (tm[i] - 1)) == 0 && !s->v[i]->host))
			continue;
		struct bucket *b = &tab[bk[i]];
		const struct prim *p = &pr[i];
		ms.best = 0;
		long nc = 0;
		if (p->cls == 0) {
			double w = b->maxres + b->drift + 1e-9 * (b->maxabs + b->drift + 1);
			double k = floor(w / b->g) + 1;
			nc = k <= 64 ? (long)k : -1;
		}
		if (p->cls < 0 || nc < 0) {
			scan_chain(&ms, next_all, b->head, i);
		} else {
			scan_chain(&ms, next_wild, b->whead, i);
			double pos = p->cls == 0 ? cell_pos(p->value, b->g) : 0;
			for (long d = -nc; d <= nc; d++) {
				size_t c = find_cell(&cix, cells, &ncells, bk[i], p->metric, p->cls,
						     pos + (double)d, false);
				if (c != (size_t)-1)
					scan_chain(&ms, next_cell, cells[c].head, i);
			}
		}
		if (ms.best) {
			size_t a = ms.best - 1;
			merge_into(s->v[a], s->v[i]);
			tm[a] = trusted_mask(s->v[a]);
			gone[i] = true;
			merged++;
			if (pr[a].cls == 0) {
				const struct br_value *v = br_record_get(s->v[a], (enum br_metric_id)pr[a].metric);
				if (isfinite(v->value))
					b->drift = fmax(b->drift, fabs(v->value - pr[a].value));
				else
					b->drift = INFINITY;
			}
			continue;
		}
		/* kept: file it */
		if (b->tail)
			next_all[b->tail - 1] = i + 1;
		else
			b->head = i + 1;
		b->tail = i + 1;
		if (p->cls < 0) {
			if (b->wtail)
				next_wild[b->wtail - 1] = i + 1;
			else
				b->whead = i + 1;
			b->wtail = i + 1;
		} else {
			double pos = p->cls == 0 ? cell_pos(p->value, b->g) : 0;
			size_t c = find_cell(&cix, cells, &ncells, bk[i], p->metric, p->cls, pos, true);
			if (cells[c].tail)
				next_cell[cells[c].tail - 1] = i + 1;
			else
				cells[c].head = i + 1;
			cells[c].tail = i + 1;
		}
	}
	size_t w = 0;
	for (size_t i = 0; i < n; i++) {
		if (gone[i])
			br_record_free(s->v[i]);
		else
			s->v[w++] = s->v[i];
	}
	s->n = w;
	free(bix.slot);
	free(cix.slot);
	free(tab);
	free(cells);
	free(bk);
	free(pr);
	free(next_all);
	free(next_wild);
	free(next_cell);
	free(gone);
	free(tm);
	return merged;
}
