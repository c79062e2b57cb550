/* record — see record.h. */
#include "record.h"

#include <limits.h>
#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
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
 * The first block's size is the tool's (tools.def: room for nine in ten
 * records of that tool); a record that needs more gets further blocks of at
 * least NEXT_BLOCK bytes.
 */
#define NEXT_BLOCK 512
#define FROZEN_NEXT_BLOCK 64
/* A record's slot: the record, its first block, then its figures while it
 * is built (struct br_vbuild, at VBUILD_AT). */
#define VBUILD_AT(tool) \
	((sizeof(struct br_record) + sizeof(struct br_strblock) + br_tool_first_block(tool) + 15) & \
	 ~(size_t)15)
#define RECORD_BYTES(tool) (VBUILD_AT(tool) + sizeof(struct br_vbuild))

/*
 * Record memory. A record with its first block is 0.8–2 KiB and a big
 * input makes hundreds of thousands: from malloc, first touching that
 * memory (a 4 KiB page fault per few records) costs more than parsing. So
 * records come from 2 MiB slabs, each for one tool's records. (They are
 * not advised MADV_HUGEPAGE: where the kernel's THP defrag is "madvise",
 * as on Debian, every slab's first touch may then compact memory, and
 * `-f jsonl` of 400,000 runs spent 1.0-2.2 s in the kernel with the advice
 * against 0.3 s without, for the same user time.) A slab keeps its own free list and is unmapped when its
 * last record is freed; slabs with free slots are listed in `partial`. Under ASan, and with
 * BR_NO_SLAB=1 in the environment (tests/run.sh sets it for valgrind),
 * records come from calloc instead, so that those tools see each one.
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

/* the frozen slabs being filled (slabs.lock): one for the records compacted
 * as they are built, one for slim copies (br_record_slim) and one for the
 * records a stream holds (br_record_hold), which outlive most records made
 * with them: in one slab, such a record would keep the space of every
 * dropped record around it */
enum { ARENA_BUILT, ARENA_SLIM, ARENA_HELD, ARENAS };
static struct slab *frozen_cur[ARENAS];
static struct slab *slab_new(enum br_tool tool);
/* Emptied frozen slabs kept mapped for the next ones (slabs.lock): records
 * compacted as they are built are freed a document later, so the built
 * arena empties a slab every few thousand records; mapping a new one each
 * time faulted every page in again (at 100,000 CSV runs, half the page
 * faults of a text table). */
#define FROZEN_SPARES 2
static struct slab *frozen_spare[FROZEN_SPARES];
static size_t nfrozen_spare;

/* An empty frozen slab: a kept one, or a new mapping. */
static struct slab *frozen_slab(void)
{
	if (!nfrozen_spare)
		return slab_new(FROZEN_TOOL);
	struct slab *sl = frozen_spare[--nfrozen_spare];
	sl->bump = (sizeof *sl + 15) & ~(size_t)15;
	sl->live = 0;
	return sl;
}

/* Frozen slab sl, now empty and no arena's current one: kept, or unmapped. */
static void frozen_drop(struct slab *sl)
{
	if (nfrozen_spare < FROZEN_SPARES)
		frozen_spare[nfrozen_spare++] = sl;
	else
		munmap(sl, SLAB_SIZE);
}

static bool use_slabs(void)
{
#ifdef SLAB_NEVER
	return false;
#else
	if (slabs.use < 0) {
		const char *no = getenv("BR_NO_SLAB");
		slabs.use = !(no && *no);
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
			/* the record and its first block's header; the rest
			 * is written before it is read */
			memset(p, 0, sizeof(struct br_record) + sizeof(struct br_strblock));
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
		if (--sl->live == 0 && sl != frozen_cur[ARENA_BUILT] && sl != frozen_cur[ARENA_SLIM] &&
		    sl != frozen_cur[ARENA_HELD])
			frozen_drop(sl);
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
	struct br_record *r = record_alloc(tool);
	r->tool = tool;
	r->strs = (struct br_strblock *)(r + 1);
	r->strs->cap = br_tool_first_block(tool);
	r->vals = (char *)r + VBUILD_AT(tool); /* (a value is zeroed when first set) */
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

/* The length of s when br_utf8_dup would leave it as it is (printable
 * ASCII, TAB, LF), else (size_t)-1. */
static size_t plain_len(const char *s)
{
	size_t n = 0;
	/* printable ASCII is 0x20..0x7e: one unsigned compare a byte, the
	 * rest (NUL ends it, TAB and LF pass) looked at only when it fails */
	for (const unsigned char *u = (const unsigned char *)s;; u++, n++) {
		if ((unsigned char)(*u - 0x20) <= 0x7e - 0x20)
			continue;
		if (*u == '\0')
			return n;
		if (*u != '\t' && *u != '\n')
			return (size_t)-1;
	}
}

/* A copy of s as br_utf8_dup makes it (invalid UTF-8 and control
 * characters but TAB and LF become U+FFFD), in r's blocks. */
static char *str_dup(struct br_record *r, const char *s)
{
	if (!s)
		return NULL;
	size_t n = plain_len(s);
	if (n != (size_t)-1)
		return str_copy(r, s, n);
	char *t = br_utf8_dup(s, strlen(s));
	char *p = str_copy(r, t, strlen(t));
	free(t);
	return p;
}

/*
 * Strings that many records hold alike (a param's key, their source's
 * file and format, a tool's version: 96 bytes a bonnie++ CSV run) are
 * kept once for the process: shared, never changed nor freed (like the
 * resolutions and the forms), in chunks that never move. A record's
 * pointer to one lies outside its blocks, and its copies keep the pointer
 * (in_blocks tells which strings to copy). The table only grows: its
 * strings are the distinct keys, files, formats and versions read. A
 * thread's recent ones are found without the lock.
 */
#define SHARED_CHUNK 4096
#define SHARED_CACHE 64
struct shared_chunk {
	struct shared_chunk *next;
	size_t used, cap;
	char data[];
};
static struct {
	pthread_mutex_t lock;
	const char **slot; /* open addressing by hash; NULL = empty */
	size_t nslot, n;
	struct shared_chunk *chunks;
} shared = {PTHREAD_MUTEX_INITIALIZER, NULL, 0, 0, NULL};
static _Thread_local struct {
	uint64_t h;
	const char *s;
} shared_cache[SHARED_CACHE];
/* and by the caller's pointer (a parser's string constant): the string
 * there is compared, not hashed */
static _Thread_local struct {
	const char *from, *s;
} shared_seen[SHARED_CACHE];

static uint64_t shared_hash(const char *s, size_t n)
{
	uint64_t h = 0xcbf29ce484222325u;
	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * 0x100000001b3u;
	return h | 1;
}

/* The shared copy of s (n bytes); under the lock. */
static const char *shared_add(const char *s, size_t n, uint64_t h)
{
	if (2 * (shared.n + 1) > shared.nslot) {
		size_t m = shared.nslot ? 2 * shared.nslot : 256;
		const char **t = br_calloc(m, sizeof *t);
		for (size_t i = 0; i < shared.nslot; i++) {
			const char *x = shared.slot[i];
			if (!x)
				continue;
			size_t j = (size_t)(shared_hash(x, strlen(x)) >> 32) & (m - 1);
			while (t[j])
				j = (j + 1) & (m - 1);
			t[j] = x;
		}
		free(shared.slot);
		shared.slot = t;
		shared.nslot = m;
	}
	size_t mask = shared.nslot - 1, j = (size_t)(h >> 32) & mask;
	for (; shared.slot[j]; j = (j + 1) & mask)
		if (strncmp(shared.slot[j], s, n) == 0 && shared.slot[j][n] == '\0')
			return shared.slot[j];
	struct shared_chunk *c = shared.chunks;
	if (!c || c->cap - c->used < n + 1) {
		size_t cap = n + 1 > SHARED_CHUNK ? n + 1 : SHARED_CHUNK;
		c = br_malloc(sizeof *c + cap);
		c->next = shared.chunks;
		c->used = 0;
		c->cap = cap;
		shared.chunks = c;
	}
	char *p = c->data + c->used;
	memcpy(p, s, n);
	p[n] = '\0';
	c->used += n + 1;
	shared.slot[j] = p;
	shared.n++;
	return p;
}

/* The shared copy of s (NULL: NULL). */
static char *shared_str(const char *s)
{
	if (!s)
		return NULL;
	unsigned w = (unsigned)((uintptr_t)s >> 3) & (SHARED_CACHE - 1);
	if (shared_seen[w].from == s && strcmp(s, shared_seen[w].s) == 0)
		return (char *)(uintptr_t)shared_seen[w].s;
	size_t n = strlen(s);
	uint64_t h = shared_hash(s, n);
	unsigned c = (unsigned)(h >> 58) & (SHARED_CACHE - 1);
	const char *p = shared_cache[c].s;
	if (!(p && shared_cache[c].h == h && memcmp(p, s, n + 1) == 0)) {
		pthread_mutex_lock(&shared.lock);
		p = shared_add(s, n, h);
		pthread_mutex_unlock(&shared.lock);
		shared_cache[c].h = h;
		shared_cache[c].s = p;
	}
	shared_seen[w].from = s;
	shared_seen[w].s = p;
	return (char *)(uintptr_t)p;
}

/* The shared copy of s as br_utf8_dup makes it (str_dup). */
static char *shared_dup(const char *s)
{
	if (!s || plain_len(s) != (size_t)-1)
		return shared_str(s);
	char *t = br_utf8_dup(s, strlen(s));
	char *p = shared_str(t);
	free(t);
	return p;
}

/* Is p in r's blocks (else: shared, or none)? */
static bool in_blocks(const struct br_record *r, const char *p)
{
	for (const struct br_strblock *b = r->strs; b && p; b = b->next)
		if (p >= b->data && p < b->data + b->cap)
			return true;
	return false;
}

/* s copied into c when it is r's own (in its blocks), else kept: shared. */
static char *own_copy(struct br_record *c, const struct br_record *r, const char *s)
{
	return in_blocks(r, s) ? str_copy(c, s, strlen(s)) : (char *)(uintptr_t)s;
}

/* A string of r replaced: its bytes stay in the block, dead (counted for
 * br_record_compact, which copies a block whole when few are). */
static void dead_bytes(struct br_record *r, size_t n)
{
	r->dead = n < UINT_MAX - r->dead ? r->dead + (unsigned)n : UINT_MAX;
}

static void dead(struct br_record *r, const char *old)
{
	if (old && in_blocks(r, old))
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
 * zeroed value reads). A value keeps the number (32 bits, in room its
 * struct had spare), the table the double, exactly, however many there are
 * (there are a few dozen in practice: a power of ten times a unit's
 * factor). Entries live in chunks that never move and never change once
 * written, and a number is handed out only after its entry is, so reading
 * needs no lock; adding one takes it (records are made in the runner's
 * threads too), after a look in the thread's cache of recent ones, where
 * nearly every figure finds its. The table is process-wide and only grows:
 * it interns values, like the compiled patterns (core/regex.c).
 */
_Static_assert(sizeof(struct br_value) == 32, "a figure stays 32 bytes");

#define RES_CHUNK_BITS 12
#define RES_CHUNK ((size_t)1 << RES_CHUNK_BITS)
#define RES_CHUNKS ((size_t)1 << (32 - RES_CHUNK_BITS))
static struct {
	pthread_mutex_t lock;
	uint32_t n;                 /* entries in use (entry 0 included) */
	double *chunk[RES_CHUNKS];  /* entry k: chunk[k >> RES_CHUNK_BITS][k % RES_CHUNK] */
	uint32_t *hash;             /* open addressing over entries 1..n-1; 0 = empty */
	size_t nhash;               /* slots, a power of two, at least 2 * n */
} res_tab = {PTHREAD_MUTEX_INITIALIZER, 1, {NULL}, NULL, 0};

#define RES_CACHE 16 /* the thread's recent ones, direct-mapped */
static _Thread_local struct {
	uint64_t bits;
	uint32_t k;
} res_cache[RES_CACHE];

static uint64_t res_bits(double d)
{
	uint64_t b;
	memcpy(&b, &d, sizeof b);
	return b;
}

static uint64_t res_mix(uint64_t bits)
{
	return bits * 0x9e3779b97f4a7c15u;
}

double br_value_resolution(struct br_value v)
{
	if (v.res == 0)
		return 0;
	return res_tab.chunk[v.res >> RES_CHUNK_BITS][v.res & (RES_CHUNK - 1)];
}

/* Entry k's value; under the lock. */
static double res_entry(uint32_t k)
{
	return res_tab.chunk[k >> RES_CHUNK_BITS][k & (RES_CHUNK - 1)];
}

/* Twice the slots, every entry placed again; under the lock. */
static void res_rehash(void)
{
	size_t n = res_tab.nhash ? 2 * res_tab.nhash : 256;
	uint32_t *h = br_calloc(n, sizeof *h);
	for (uint32_t k = 1; k < res_tab.n; k++) {
		size_t i = (size_t)(res_mix(res_bits(res_entry(k))) >> 32) & (n - 1);
		while (h[i])
			i = (i + 1) & (n - 1);
		h[i] = k;
	}
	free(res_tab.hash);
	res_tab.hash = h;
	res_tab.nhash = n;
}

/* The number of res, added when new; under the lock. */
static uint32_t res_intern(double res, uint64_t bits)
{
	if (2 * ((size_t)res_tab.n + 1) > res_tab.nhash)
		res_rehash();
	size_t mask = res_tab.nhash - 1;
	for (size_t h = (size_t)(res_mix(bits) >> 32) & mask;; h = (h + 1) & mask) {
		uint32_t e = res_tab.hash[h];
		if (e && res_bits(res_entry(e)) == bits)
			return e;
		if (e)
			continue;
		if (res_tab.n == UINT32_MAX)
			br_out_of_memory(sizeof(double)); /* 4 billion distinct resolutions */
		uint32_t k = res_tab.n;
		double **c = &res_tab.chunk[k >> RES_CHUNK_BITS];
		if (!*c)
			*c = br_calloc(RES_CHUNK, sizeof **c);
		(*c)[k & (RES_CHUNK - 1)] = res;
		res_tab.hash[h] = k;
		res_tab.n++;
		return k;
	}
}

void br_value_set_resolution(struct br_value *v, double res)
{
	uint64_t bits = res_bits(res);
	if (bits == 0) {
		v->res = 0;
		return;
	}
	unsigned c = (unsigned)(res_mix(bits) >> 60) & (RES_CACHE - 1);
	if (res_cache[c].k && res_cache[c].bits == bits) {
		v->res = res_cache[c].k;
		return;
	}
	pthread_mutex_lock(&res_tab.lock);
	uint32_t k = res_intern(res, bits);
	pthread_mutex_unlock(&res_tab.lock);
	res_cache[c].bits = bits;
	res_cache[c].k = k;
	v->res = k;
}

/* ------------------------------------------------------------ raw forms */

/*
 * Most figures are printed as their value says: a bonnie++ CSV line's
 * "241652" (KiB/s), "328.9" (/s), "27556us" and "19ms" (us), "+++++". A
 * compact record keeps such a raw as its form, a byte, rather than its
 * bytes (147 a CSV run): the form says how the value is printed again (the
 * power of ten the printed number is of the value, its decimals, the text
 * after it), or that the raw is a text alone, whatever the value. A raw is
 * kept so only when printing the value in its form gives back its very
 * bytes, which form_of() checks with the code that prints it (form_make);
 * any other (a leading zero, MB/s made KiB/s, a long text) stays a string.
 * The forms are few (a format prints a handful), interned in a
 * process-wide table like the resolutions: numbers 1 to FORM_MAX, never
 * changed once written, so reading needs no lock; adding one takes it,
 * after a look in the thread's copy of the table. Past FORM_MAX distinct
 * forms, raws are kept as strings.
 */
#define FORM_TEXT 6    /* bytes of text after the number, at most */
#define FORM_DIGITS 15 /* digits of the number, at most */
#define FORM_MAX 255
#define FORM_NUMBER 0x80 /* struct raw_form.dec: a number comes first */
struct raw_form {
	char text[FORM_TEXT]; /* after the number (or the whole raw), NUL padded */
	uint8_t dec;          /* the number's decimals, | FORM_NUMBER */
	uint8_t q;            /* 8 + q: the number printed is the value / 10^q */
};
_Static_assert(sizeof(struct raw_form) == 8, "a form is 8 bytes");

static struct {
	pthread_mutex_t lock;
	unsigned n; /* entries in use (entry 0 unused) */
	struct raw_form f[FORM_MAX + 1];
} forms = {PTHREAD_MUTEX_INITIALIZER, 1, {{{0}, 0, 0}}};

static const double pow10_tab[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
				   1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
				   1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};

static const uint64_t pow10_int[] = {1u,
				     10u,
				     100u,
				     1000u,
				     10000u,
				     100000u,
				     1000000u,
				     10000000u,
				     100000000u,
				     1000000000u,
				     10000000000u,
				     100000000000u,
				     1000000000000u,
				     10000000000000u,
				     100000000000000u,
				     1000000000000000u,
				     10000000000000000u,
				     100000000000000000u};

static const char digit_pairs[] = "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
				  "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
				  "8081828384858687888990919293949596979899";

/* The number a figure of value v prints in form f, as an integer of
 * f's decimals; false when there is none (negative, too big). */
static inline bool form_number(const struct raw_form *f, double v, uint64_t *n)
{
	int e = (int)(f->dec & ~FORM_NUMBER) - ((int)f->q - 8);
	double x = e >= 0 ? v * pow10_tab[e] : v / pow10_tab[-e];
	if (!(x >= 0 && x < 0x1p52))
		return false;
	*n = (uint64_t)(int64_t)(x + 0.5); /* (x < 2^52: the signed conversion, one instruction) */
	return true;
}

/* The raw of a figure of value v in form f, into buf: its digits written
 * from the end, once their count is known. Returns the end of the digits
 * (the form's text, NUL padded, follows them). */
static char *form_put(const struct raw_form *f, double v, char buf[BR_RAW_BUF])
{
	char *p = buf;
	uint64_t n;
	if ((f->dec & FORM_NUMBER) && form_number(f, v, &n)) {
		unsigned dec = f->dec & ~FORM_NUMBER;
		/* (the digits from the bits: floor(bits * log10 2), then one
		 * compare; n < 2^52) */
		unsigned t = ((unsigned)(64 - __builtin_clzll(n | 1)) * 1233) >> 12;
		unsigned nd = t + (n >= pow10_int[t]);
		if (nd <= dec)
			nd = dec + 1;
		char *end = p + nd + (dec != 0), *q = end;
		for (unsigned i = 0; i < dec; i++, n /= 10)
			*--q = (char)('0' + n % 10);
		if (dec)
			*--q = '.';
		for (; n >> 32 && q > p; n /= 10)
			*--q = (char)('0' + n % 10);
		/* (two digits a step in 32 bits: a raw of every figure of JSON
		 * Lines) */
		uint32_t w = (uint32_t)n;
		for (; q - p >= 2; w /= 100) {
			q -= 2;
			memcpy(q, digit_pairs + 2 * (w % 100), 2);
		}
		if (q > p)
			*--q = (char)('0' + w % 10);
		p = end;
	}
	/* (the text is NUL padded: its first NUL, or the one after, ends it) */
	memcpy(p, f->text, FORM_TEXT);
	p[FORM_TEXT] = '\0';
	return p;
}

static const char *form_make(const struct raw_form *f, double v, char buf[BR_RAW_BUF])
{
	form_put(f, v, buf);
	return buf;
}

const char *br_value_raw(const struct br_value *v, char buf[BR_RAW_BUF])
{
	if (v->raw || !v->form)
		return v->raw;
	return form_make(&forms.f[v->form], v->value, buf);
}

/* (Added for the JSON Lines writer, render/jsonl.c: see record.h.) */
size_t br_value_raw_json(const struct br_value *v, char out[BR_RAW_JSON_BUF])
{
	if (v->raw || !v->form)
		return 0;
	const struct raw_form *f = &forms.f[v->form];
	out[0] = '"';
	char *p = form_put(f, v->value, out + 1);
	/* the text: printable ASCII but the quote and the backslash is
	 * written as it is; anything else is left to the JSON writer */
	for (const char *e = p + FORM_TEXT; p < e && *p; p++) {
		unsigned char c = (unsigned char)*p;
		if (c < 0x20 || c >= 0x7f || c == '"' || c == '\\')
			return 0;
	}
	*p++ = '"';
	return (size_t)(p - out);
}

/* Is s[0..n) the number of a figure of value v in form f? (the digits
 * form_make would write, told by reading s) */
static bool form_number_is(const struct raw_form *f, double v, const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s, *end = p + n;
	uint64_t m = 0, want; /* (past FORM_DIGITS it wraps: not equal then) */
	unsigned dec = 0, c;
	/* s has no NUL: a digit run stops at end or before */
	if (n == 0 || n > FORM_DIGITS + 1 || (unsigned)(*p - '0') >= 10 || (p[0] == '0' && n > 1 && p[1] != '.'))
		return false;
	for (; p < end && (c = (unsigned)(*p - '0')) < 10; p++)
		m = m * 10 + c;
	if (p < end && *p == '.') {
		const unsigned char *f0 = ++p;
		for (; p < end && (c = (unsigned)(*p - '0')) < 10; p++)
			m = m * 10 + c;
		dec = (unsigned)(p - f0);
		if (dec == 0)
			return false;
	}
	/* (form_make writes at least dec + 1 digits: "0.05", never ".05") */
	return p == end && dec == (f->dec & ~FORM_NUMBER) && form_number(f, v, &want) && want == m;
}

/* Is the NUL-terminated a empty, or b? */
static bool empty_or(const char *a, const char *b)
{
	if (!*a)
		return true;
	while (*a && *a == *b)
		a++, b++;
	return *a == *b;
}

bool br_value_raw_is(const struct br_value *v, const char *s, size_t n, const char *tail)
{
	if (v->raw)
		return strncmp(v->raw, s, n) == 0 && empty_or(v->raw + n, tail);
	if (!v->form)
		return false;
	const struct raw_form *f = &forms.f[v->form];
	char text[FORM_TEXT + 1];
	memcpy(text, f->text, FORM_TEXT);
	text[FORM_TEXT] = '\0';
	if (f->dec & FORM_NUMBER)
		return (!text[0] || empty_or(text, tail)) && form_number_is(f, v->value, s, n);
	size_t i = 0;
	while (i < n && text[i] == s[i])
		i++;
	return i == n && empty_or(text + n, tail);
}

/* The thread's recent forms, direct-mapped by their bytes: nearly every
 * figure finds its form here. */
#define FORM_CACHE 16
static _Thread_local struct {
	uint64_t bytes;
	unsigned k;
} form_cache[FORM_CACHE];

/* The number of form f, added when new (0: the table is full). */
static inline unsigned form_intern(const struct raw_form *f)
{
	uint64_t bytes;
	memcpy(&bytes, f, sizeof bytes);
	unsigned c = (unsigned)((bytes * 0x9e3779b97f4a7c15u) >> 60) & (FORM_CACHE - 1);
	if (form_cache[c].k && form_cache[c].bytes == bytes)
		return form_cache[c].k;
	pthread_mutex_lock(&forms.lock);
	unsigned k = 1;
	while (k < forms.n && memcmp(&forms.f[k], f, sizeof *f) != 0)
		k++;
	if (k == forms.n && k <= FORM_MAX)
		forms.f[forms.n++] = *f;
	pthread_mutex_unlock(&forms.lock);
	if (k > FORM_MAX)
		return 0;
	form_cache[c].bytes = bytes;
	form_cache[c].k = k;
	return k;
}

static bool is_digit(unsigned char c)
{
	return (unsigned)(c - '0') < 10;
}

/* The form that prints value v as raw s exactly, or 0: s is a number
 * (no sign, no leading zero, FORM_DIGITS digits at most) that is v / 10^q
 * for a q of the usual units' (1, 10^3, 10^6, 10^-3), then FORM_TEXT bytes
 * at most; or FORM_TEXT bytes without a number first. *len: strlen(s)
 * when a form is found. */
static unsigned form_of(const char *s, double v, size_t *len)
{
	const unsigned char *p = (const unsigned char *)s;
	uint64_t n = 0; /* (past FORM_DIGITS it wraps: no form then) */
	unsigned digits = 0, dec = 0, c;
	if (is_digit(*p)) {
		if (p[0] == '0' && is_digit(p[1]))
			return 0;
		const unsigned char *d0 = p;
		for (; (c = (unsigned)(*p - '0')) < 10; p++)
			n = n * 10 + c;
		if (*p == '.' && is_digit(p[1])) {
			const unsigned char *f0 = ++p;
			for (; (c = (unsigned)(*p - '0')) < 10; p++)
				n = n * 10 + c;
			dec = (unsigned)(p - f0);
		}
		digits = (unsigned)(p - d0) - (dec ? 1 : 0);
		if (digits > FORM_DIGITS)
			return 0;
	}
	struct raw_form f = {.dec = digits ? (uint8_t)(dec | FORM_NUMBER) : 0, .q = 8};
	unsigned t = 0;
	for (; p[t]; t++) {
		/* (printable ASCII: what str_dup keeps as it is) */
		if (t == FORM_TEXT || (unsigned char)(p[t] - 0x20) > 0x7e - 0x20)
			return 0;
		f.text[t] = (char)p[t];
	}
	*len = (size_t)((const char *)p - s) + t;
	if (!digits)
		return form_intern(&f);
	if (!dec && v == (double)(int64_t)n) /* (the common case: the value printed whole) */
		return form_intern(&f);
	static const int qs[] = {0, 3, 6, -3};
	for (size_t i = 0; i < sizeof qs / sizeof *qs; i++) {
		uint64_t m;
		f.q = (uint8_t)(8 + qs[i]);
		if (form_number(&f, v, &m) && m == n)
			return form_intern(&f);
	}
	return 0;
}

/* ------------------------------------------------------------ figures */


/* The odd figures of a compact record (record.h: after its figures and
 * its big values). */
static const struct br_fig_odd *odd_figs(const struct br_record *r)
{
	return (const struct br_fig_odd *)(const void *)(br_record_big_(r) + r->nbig);
}

struct br_value br_record_odd_fig(const struct br_record *r, unsigned k, struct br_value v)
{
	const struct br_fig_odd *o = odd_figs(r);
	for (unsigned i = 0; i < r->nodd; i++)
		if (o[i].k == k) {
			v.cpu = o[i].cpu;
			v.res = o[i].res;
			v.raw = o[i].raw ? (char *)(uintptr_t)r + o[i].raw - 1 : NULL;
			break;
		}
	return v;
}

static inline struct br_value fig_value(const struct br_record *r, unsigned k)
{
	return br_record_fig_(r, k);
}

/* The figure of metric id, which r holds and is the k-th it holds: for the
 * loops over br_record_held, which know k (no count of the bits below). */
static inline struct br_value held_fig(const struct br_record *r, unsigned k, enum br_metric_id id)
{
	return r->compact ? fig_value(r, k) : ((const struct br_vbuild *)r->vals)->v[id];
}

/* Of the same figure, only its flags (BR_FIG_*). */
static inline unsigned held_flags(const struct br_record *r, unsigned k, enum br_metric_id id)
{
	if (r->compact)
		return ((const struct br_fig *)r->vals)[k].flags & BR_FIG_VALUE_FLAGS;
	const struct br_value *v = &((const struct br_vbuild *)r->vals)->v[id];
	return (v->present ? BR_FIG_PRESENT : 0u) | (v->has_value ? BR_FIG_HAS_VALUE : 0u) |
	       (v->has_cpu ? BR_FIG_HAS_CPU : 0u) | (v->too_fast ? BR_FIG_TOO_FAST : 0u) |
	       (v->doubtful ? BR_FIG_DOUBTFUL : 0u);
}


/* d as the integer *i, when that gives back the very same double. */
static bool int_fits(double d, int32_t lo, int32_t hi, int32_t *i)
{
	if (!(d >= lo && d <= hi))
		return false;
	*i = (int32_t)d;
	double back = *i;
	uint64_t a, b;
	memcpy(&a, &back, sizeof a);
	memcpy(&b, &d, sizeof b);
	return a == b;
}

/* What of a figure fits struct br_fig (the rest is kept beside it). */
enum { FITS_VALUE = 1, FITS_CPU_RES = 2 };

/* Does v's value fit struct br_fig (else it is a big value)? */
static bool value_fits(const struct br_value *v)
{
	int32_t i;
	return int_fits(v->value, INT32_MIN, INT32_MAX, &i);
}

/* Do v's cpu and resolution fit struct br_fig (else it is odd, as is a
 * figure whose raw is kept as a string)? */
static bool cpu_res_fit(const struct br_value *v)
{
	int32_t i;
	return v->res <= UINT8_MAX && int_fits(v->cpu, 0, UINT8_MAX, &i);
}

/* v as compact figure k, into f (and the big values and odd figures that
 * c's figures f[] are followed by, filled in order, *nbig and *nodd of
 * them so far); its raw string is at offset `raw` - 1 from the record (0:
 * none), or (form not 0) is made in that form; `fits` (FITS_*) says
 * what of it fits struct br_fig (value_fits, cpu_res_fit). */
static void fig_of(const struct br_record *c, const struct br_value *v, uint32_t raw, unsigned form, unsigned fits,
		   unsigned k, struct br_fig *f, unsigned *nbig, unsigned *nodd)
{
	double *big = (double *)(void *)(f + c->nvals);
	struct br_fig_odd *odd = (struct br_fig_odd *)(void *)(big + c->nbig);
	struct br_fig *g = f + k;
	g->flags = (uint8_t)((v->present ? BR_FIG_PRESENT : 0) | (v->has_value ? BR_FIG_HAS_VALUE : 0) |
			     (v->has_cpu ? BR_FIG_HAS_CPU : 0) | (v->too_fast ? BR_FIG_TOO_FAST : 0) |
			     (v->marked ? BR_FIG_MARKED : 0) | (v->doubtful ? BR_FIG_DOUBTFUL : 0));
	if (fits & FITS_VALUE) {
		g->value = (int32_t)v->value;
	} else {
		g->value = (int32_t)*nbig;
		big[(*nbig)++] = v->value;
		g->flags |= BR_FIG_BIG;
	}
	g->form = (uint8_t)form;
	if (!raw && (fits & FITS_CPU_RES)) {
		g->cpu = (uint8_t)v->cpu;
		g->res = (uint8_t)v->res;
		return;
	}
	g->cpu = g->res = 0;
	g->flags |= BR_FIG_ODD;
	odd[(*nodd)++] = (struct br_fig_odd){v->cpu, v->res, raw, k};
}

/* The record's figures made struct br_value's again, to change (in a
 * block of its own: the record's slot is long gone). */
static void thaw(struct br_record *r)
{
	if (!r->compact)
		return;
	struct br_vbuild *b = str_alloc_aligned(r, sizeof *b);
	unsigned k = 0;
	for (uint64_t m = r->held; m; m &= m - 1)
		b->v[__builtin_ctzll(m)] = fig_value(r, k++); /* (raw stays in the record's blocks) */
	r->vals = b;
	r->compact = false;
	r->nodd = r->nbig = 0;
}

/* The value of metric id, added (all zero) if the record has none. */
static struct br_value *value_slot(struct br_record *r, enum br_metric_id id)
{
	thaw(r);
	if (!r->vals) /* a compacted record that had none */
		r->vals = str_alloc_aligned(r, sizeof(struct br_vbuild));
	struct br_value *v = &((struct br_vbuild *)r->vals)->v[id];
	if (!(r->held >> id & 1)) {
		r->held |= (uint64_t)1 << id;
		r->nvals++;
		memset(v, 0, sizeof *v);
	}
	return v;
}

struct br_value *br_record_value(struct br_record *r, enum br_metric_id id)
{
	if (!(r->held >> id & 1))
		return NULL;
	struct br_value *v = value_slot(r, id);
	return v->present ? v : NULL;
}

struct br_record *br_record_clone(const struct br_record *r)
{
	struct br_record *c = br_record_new(r->tool);
	br_record_set_version(c, r->version);
	br_record_set_host(c, r->host);
	c->host_cut = r->host_cut;
	c->input = r->input;
	c->ran_at = r->ran_at;
	c->ran_at_prec = r->ran_at_prec;
	c->ran_at_from = r->ran_at_from;
	c->quote_depth = r->quote_depth;
	br_record_set_label(c, r->label);
	br_record_set_source_strings(c, r->source.file, r->source.format, r->source.excerpt);
	c->source.line = r->source.line;
	c->source.end_line = r->source.end_line;
	c->excerpt_later = r->excerpt_later;
	for (size_t i = 0; i < r->nalso; i++) {
		c->also = br_grow(c->also, &c->cap_also, c->nalso + 1, sizeof *c->also);
		source_copy(&c->also[c->nalso++], &r->also[i]);
	}
	for (size_t i = 0; i < r->nparams; i++) {
		struct br_param p = br_record_param_at(r, i);
		if (p.str)
			br_record_param_str(c, p.key, p.str);
		else
			br_record_param_num(c, p.key, p.num);
	}
	for (uint64_t m = r->held; m; m &= m - 1) {
		enum br_metric_id i = (enum br_metric_id)__builtin_ctzll(m);
		struct br_value v = br_record_get(r, i);
		struct br_value *d = value_slot(c, i);
		*d = v;
		d->raw = v.raw ? str_copy(c, v.raw, strlen(v.raw)) : NULL;
	}
	return c;
}

/* ------------------------------------------------------------ params */

/*
 * A compacted record's params are packed, 8 bytes each (a struct br_param
 * is 24): the key by its number in a process-wide table of the keys (the
 * shared strings params are set with: a parser's vocabulary), and the
 * value inline when an integer that fits 32 bits, else where it is in the
 * record (a string, or a double). The table is like the resolutions':
 * chunks that never move, a number handed out once its entry is written,
 * read without a lock, added to under it, after a look in the thread's
 * cache of recent keys.
 */
struct pslot {
	uint32_t key; /* the key's number << 2 | its kind (PV_*) */
	uint32_t v;   /* PV_INT: the number (int32_t); PV_BIG, PV_STR: 1 + the
		       * offset of the double or string from the record */
};
enum { PV_INT, PV_BIG, PV_STR };

#define KEY_CHUNK_BITS 10
#define KEY_CHUNK ((size_t)1 << KEY_CHUNK_BITS)
#define KEY_CHUNKS ((size_t)1 << (30 - KEY_CHUNK_BITS))
static struct {
	pthread_mutex_t lock;
	uint32_t n;                      /* keys numbered */
	const char **chunk[KEY_CHUNKS];  /* key k: chunk[k >> KEY_CHUNK_BITS][k % KEY_CHUNK] */
	uint32_t *hash;                  /* 1 + k by the key's address; 0 = empty */
	size_t nhash;                    /* slots, a power of two, at least 2 * n */
} key_tab = {PTHREAD_MUTEX_INITIALIZER, 0, {NULL}, NULL, 0};

#define KEY_CACHE 32 /* the thread's recent keys: a key looks in 4 slots from its hash's */
static _Thread_local struct {
	const char *key;
	uint32_t k;
} key_cache[KEY_CACHE];

static const char *key_at(uint32_t k)
{
	return key_tab.chunk[k >> KEY_CHUNK_BITS][k & (KEY_CHUNK - 1)];
}

static size_t key_mix(const char *key)
{
	return (size_t)(((uint64_t)(uintptr_t)key * 0x9e3779b97f4a7c15u) >> 32);
}

/* Twice the slots, every key placed again; under the lock. */
static void key_rehash(void)
{
	size_t n = key_tab.nhash ? 2 * key_tab.nhash : 64;
	uint32_t *h = br_calloc(n, sizeof *h);
	for (uint32_t k = 0; k < key_tab.n; k++) {
		size_t i = key_mix(key_at(k)) & (n - 1);
		while (h[i])
			i = (i + 1) & (n - 1);
		h[i] = k + 1;
	}
	free(key_tab.hash);
	key_tab.hash = h;
	key_tab.nhash = n;
}

/* The number of key, a shared string (shared_str), added when new. */
static uint32_t key_number(const char *key)
{
	/* (keys lie side by side in the shared chunks: hashed, not their low bits) */
	unsigned c = (unsigned)(((uint64_t)(uintptr_t)key * 0x9e3779b97f4a7c15u) >> 59) & (KEY_CACHE - 1);
	for (unsigned j = 0; j < 4; j++) {
		unsigned w = (c + j) & (KEY_CACHE - 1);
		if (key_cache[w].key == key)
			return key_cache[w].k;
		if (!key_cache[w].key) {
			c = w; /* (an empty slot: the key goes there) */
			break;
		}
	}
	pthread_mutex_lock(&key_tab.lock);
	if (2 * ((size_t)key_tab.n + 1) > key_tab.nhash)
		key_rehash();
	size_t mask = key_tab.nhash - 1, h = key_mix(key) & mask;
	while (key_tab.hash[h] && key_at(key_tab.hash[h] - 1) != key)
		h = (h + 1) & mask;
	if (!key_tab.hash[h]) {
		if (key_tab.n == KEY_CHUNKS * KEY_CHUNK)
			br_out_of_memory(sizeof key); /* a billion distinct keys */
		uint32_t k = key_tab.n;
		const char ***ch = &key_tab.chunk[k >> KEY_CHUNK_BITS];
		if (!*ch)
			*ch = br_calloc(KEY_CHUNK, sizeof **ch);
		(*ch)[k & (KEY_CHUNK - 1)] = key;
		key_tab.hash[h] = k + 1;
		key_tab.n++;
	}
	uint32_t k = key_tab.hash[h] - 1;
	pthread_mutex_unlock(&key_tab.lock);
	key_cache[c].key = key;
	key_cache[c].k = k;
	return k;
}

/* What is at offset o - 1 from r (o from a struct pslot). */
static const char *at_offset(const struct br_record *r, uint32_t o)
{
	return (const char *)r + o - 1;
}

/* 1 + the offset of p from r (p in r's one allocation). */
static uint32_t offset_of(const struct br_record *r, const void *p)
{
	return (uint32_t)((const char *)p - (const char *)r) + 1;
}

struct br_param br_record_param_at(const struct br_record *r, size_t i)
{
	if (!r->params_packed)
		return ((const struct br_param *)r->params)[i];
	const struct pslot *p = (const struct pslot *)r->params + i;
	struct br_param q = {(char *)(uintptr_t)key_at(p->key >> 2), NULL, 0};
	switch (p->key & 3) {
	case PV_INT:
		q.num = (int32_t)p->v;
		break;
	case PV_BIG:
		memcpy(&q.num, at_offset(r, p->v), sizeof q.num);
		break;
	default:
		q.str = (char *)(uintptr_t)at_offset(r, p->v);
	}
	return q;
}

/* The index of r's param of key, or r->nparams when none. */
static size_t param_index(const struct br_record *r, const char *key)
{
	size_t i = 0;
	if (!r->params_packed) {
		const struct br_param *t = r->params;
		while (i < r->nparams && !(t[i].key[0] == key[0] && strcmp(t[i].key, key) == 0))
			i++;
		return i;
	}
	const struct pslot *t = r->params;
	for (; i < r->nparams; i++) {
		const char *k = key_at(t[i].key >> 2);
		if (k[0] == key[0] && strcmp(k, key) == 0)
			break;
	}
	return i;
}

struct br_param br_record_param(const struct br_record *r, const char *key)
{
	size_t i = param_index(r, key);
	if (i == r->nparams)
		return (struct br_param){NULL, NULL, 0};
	return br_record_param_at(r, i);
}

/* r's params as a struct br_param[] again, to change (their strings stay
 * where they are). */
static void unpack_params(struct br_record *r)
{
	if (!r->params_packed)
		return;
	size_t n = r->nparams, cap = n ? n : 1;
	struct br_param *t = str_alloc_aligned(r, cap * sizeof *t);
	for (size_t i = 0; i < n; i++)
		t[i] = br_record_param_at(r, i);
	dead_bytes(r, n * sizeof(struct pslot));
	r->params = t;
	r->cap_params = (uint32_t)cap;
	r->params_packed = false;
}

/* ------------------------------------------------------------ compacting */

/*
 * A record is built in a slot sized for most of its tool's records, and
 * strings set twice or a grown params table leave dead bytes behind (and a
 * params table has unused slots); once
 * built, it is copied into an allocation of exactly its size (the frozen
 * slabs: bump-allocated, a slab unmapped when its last record is freed) and
 * the slot goes back to its slab for the next record. A mail archive's
 * records need a third less memory so, and the slots a parser fills stay
 * in the cache instead of faulting in fresh pages. Frozen records start on
 * a cache line: at 16-byte steps a header's fields straddled lines and the
 * table writers, which visit every record per pass, ran 15 % slower.
 */
static void *frozen_alloc(size_t size, int arena)
{
	/* (zeroed: the gaps between a record's parts are written with it to
	 * a stream's spill, br_record_pack, and never read back; in a slab
	 * they are fresh pages or an emptied slab's old bytes) */
	if (!use_slabs())
		return br_calloc(1, size);
	pthread_mutex_lock(&slabs.lock);
	struct slab *sl = frozen_cur[arena];
	if (!sl || sl->bump + size > SLAB_SIZE) {
		if (sl && sl->live == 0)
			frozen_drop(sl);
		frozen_cur[arena] = sl = frozen_slab();
	}
	void *p = NULL;
	if (sl) {
		p = (char *)sl + sl->bump;
		sl->bump += size;
		sl->live++;
	}
	pthread_mutex_unlock(&slabs.lock);
	return p ? p : br_calloc(1, size);
}

/* What copying into one block takes: the same steps, in the same order, as
 * the copy of br_record_compact() (keep the two in step). */
struct sizer {
	size_t used;
};

static void size_str(struct sizer *z, const char *s)
{
	if (s)
		z->used += strlen(s) + 1;
}

/* size_str of r's own strings (shared ones are not copied) */
static void size_own(struct sizer *z, const struct br_record *r, const char *s)
{
	if (in_blocks(r, s))
		size_str(z, s);
}

static void size_aligned(struct sizer *z, size_t n)
{
	z->used = ((z->used + 7) & ~(size_t)7) + n;
}

/* What a record's figures become when compacted: how many, how many of
 * them big or odd, each one's raw form (0: its raw, if any, is kept as a
 * string), and the bytes of the raws no longer kept. */
struct figs_plan {
	unsigned n, nbig, nodd;
	size_t dropped;
	uint8_t form[BR_METRIC_COUNT];
	uint8_t fits[BR_METRIC_COUNT]; /* FITS_*: what fits struct br_fig */
};

/* The bytes of the figures pl says. */
static size_t figs_bytes(const struct figs_plan *pl)
{
	return pl->n * sizeof(struct br_fig) + pl->nbig * sizeof(double) + pl->nodd * sizeof(struct br_fig_odd);
}

/* The bytes of r's compact copy keeping `keep` (BR_KEEP_*), its figures
 * as pl says. */
static size_t compact_size(const struct br_record *r, const struct figs_plan *pl, unsigned keep)
{
	unsigned n = pl->n;
	struct sizer z = {0};
	size_own(&z, r, r->version);
	size_str(&z, r->host);
	size_str(&z, r->label);
	size_own(&z, r, r->source.file);
	size_own(&z, r, r->source.format);
	if (keep & BR_KEEP_EXCERPT)
		size_str(&z, r->source.excerpt);
	if (r->nparams && (keep & BR_KEEP_PARAMS)) { /* (as pack_params carves them) */
		size_aligned(&z, r->nparams * sizeof(struct pslot));
		for (size_t i = 0; i < r->nparams; i++) {
			struct br_param p = br_record_param_at(r, i);
			int32_t x;
			if (p.str)
				size_str(&z, p.str);
			else if (!int_fits(p.num, INT32_MIN, INT32_MAX, &x))
				size_aligned(&z, sizeof(double));
		}
	}
	if (n)
		size_aligned(&z, figs_bytes(pl));
	unsigned k = 0;
	for (uint64_t m = r->held; m && (keep & BR_KEEP_RAW); m &= m - 1, k++)
		if (!pl->form[k])
			size_str(&z, held_fig(r, k, (enum br_metric_id)__builtin_ctzll(m)).raw);
	return z.used;
}

/* The bytes r takes now: its slot (or allocation) and its further blocks. */
static size_t footprint(const struct br_record *r)
{
	size_t n = 0;
	for (const struct br_strblock *b = r->strs; b; b = b->next)
		if (b != (const struct br_strblock *)(r + 1))
			n += sizeof *b + b->cap;
		else if (r->frozen)
			n += sizeof *r + sizeof *b + b->cap;
		else
			n += RECORD_BYTES(r->tool);
	return n;
}

size_t br_record_bytes(const struct br_record *r)
{
	size_t n = footprint(r) + r->cap_also * sizeof *r->also;
	for (size_t i = 0; i < r->nalso; i++) {
		const struct br_source *s = &r->also[i];
		n += (s->file ? strlen(s->file) + 1 : 0) + (s->format ? strlen(s->format) + 1 : 0) +
		     (s->excerpt ? strlen(s->excerpt) + 1 : 0);
	}
	return n;
}

/* A block copied into another, less the unused slots of the params table
 * (`hole` bytes from offset `at`): where a pointer into the old block
 * stands in the new one. Nothing points into the hole. */
struct move {
	const struct br_strblock *from;
	struct br_strblock *to;
	size_t at, hole;
};

static void *moved(const struct move *mv, const void *p)
{
	if (!p || (const char *)p < mv->from->data || (const char *)p >= mv->from->data + mv->from->used)
		return (void *)(uintptr_t)p; /* (shared) */
	size_t o = (size_t)((const char *)p - mv->from->data);
	return mv->to->data + (o >= mv->at + mv->hole ? o - mv->hole : o);
}

/* The bytes of the doubles of r's params packed (pack_params). */
static size_t packed_doubles(const struct br_record *r)
{
	size_t n = 0;
	for (size_t i = 0; i < r->nparams; i++) {
		struct br_param p = br_record_param_at(r, i);
		int32_t x;
		if (!p.str && !int_fits(p.num, INT32_MIN, INT32_MAX, &x))
			n += sizeof(double);
	}
	return n;
}

/* r's params packed into c's block, c's params then: the table, then
 * each string (moved by mv, or copied when mv is NULL) or double in turn. */
static void pack_params(struct br_record *c, const struct br_record *r, const struct move *mv)
{
	size_t n = r->nparams;
	struct pslot *t = str_alloc_aligned(c, n * sizeof *t);
	for (size_t i = 0; i < n; i++) {
		struct br_param p = br_record_param_at(r, i);
		uint32_t kind = PV_STR;
		int32_t x = 0;
		if (p.str) {
			t[i].v = offset_of(c, mv ? moved(mv, p.str) : str_copy0(c, p.str));
		} else if (int_fits(p.num, INT32_MIN, INT32_MAX, &x)) {
			kind = PV_INT;
			t[i].v = (uint32_t)x;
		} else {
			kind = PV_BIG;
			double *d = str_alloc_aligned(c, sizeof *d);
			*d = p.num;
			t[i].v = offset_of(c, d);
		}
		t[i].key = key_number(p.key) << 2 | kind;
	}
	c->params = t;
	c->nparams = c->cap_params = (uint32_t)n;
	c->params_packed = true;
}

/* r's figures, compact, into f[] and the odd ones after them, as pl
 * says: each one's raw kept in its form, or its string moved by mv, or
 * (mv NULL) copied into c; or (raw false) left out. */
static void put_figs(struct br_record *c, const struct br_record *r, struct br_fig *f,
		     const struct figs_plan *pl, const struct move *mv, bool raw)
{
	unsigned k = 0, nbig = 0, nodd = 0;
	for (uint64_t m = r->held; m; m &= m - 1, k++) {
		struct br_value v = held_fig(r, k, (enum br_metric_id)__builtin_ctzll(m));
		unsigned form = raw ? pl->form[k] : 0;
		const char *p = !raw || form ? NULL : mv ? moved(mv, v.raw) : str_copy0(c, v.raw);
		fig_of(c, &v, p ? (uint32_t)(p - (const char *)c) + 1 : 0, form, pl->fits[k], k, f, &nbig, &nodd);
	}
}

/* The room of the compact figures pl says, carved from c. */
static struct br_fig *fig_room(struct br_record *c, const struct figs_plan *pl)
{
	c->nvals = (unsigned char)pl->n;
	c->nbig = (unsigned char)pl->nbig;
	c->nodd = (unsigned char)pl->nodd;
	c->compact = pl->n > 0;
	c->vals = pl->n ? str_alloc_aligned(c, figs_bytes(pl)) : NULL;
	return c->vals;
}

/* The common case, a record in one block: the block's bytes copied at once
 * (its params table without its unused slots), every pointer into them
 * moved by the same distance (a string that was replaced comes along; at
 * most a few bytes a record), the figures after them. */
static struct br_record *compact_one_block(struct br_record *r, const struct figs_plan *pl)
{
	unsigned n = pl->n;
	const struct br_strblock *b = r->strs;
	struct move mv = {.from = b};
	if (r->params) { /* (the table goes: packed after the strings) */
		mv.at = (size_t)((const char *)r->params - b->data);
		mv.hole = r->cap_params * (r->params_packed ? sizeof(struct pslot) : sizeof(struct br_param));
	}
	size_t used = b->used - mv.hole;
	size_t pbytes = r->nparams ? r->nparams * sizeof(struct pslot) + packed_doubles(r) : 0;
	size_t need = n || pbytes ? ((used + 7) & ~(size_t)7) + pbytes + figs_bytes(pl) : used;
	size_t size = (sizeof *r + sizeof *b + need + 63) & ~(size_t)63;
	size_t now = footprint(r);
	if (size > FROZEN_MAX || ((r->compact || !r->held) && size + now / 16 > now))
		return r; /* (saving under a sixteenth is not worth the copy) */
	struct br_record *c = frozen_alloc(size, ARENA_BUILT);
	*c = *r;
	c->dead = 0;
	c->frozen = true;
	struct br_strblock *d = c->strs = (struct br_strblock *)(c + 1);
	mv.to = d;
	d->next = NULL;
	d->used = used;
	d->cap = need;
	memcpy(d->data, b->data, mv.hole ? mv.at : b->used);
	if (mv.hole)
		memcpy(d->data + mv.at, b->data + mv.at + mv.hole, b->used - mv.at - mv.hole);
	c->version = moved(&mv, r->version);
	c->host = moved(&mv, r->host);
	c->label = moved(&mv, r->label);
	c->source.file = moved(&mv, r->source.file);
	c->source.format = moved(&mv, r->source.format);
	c->source.excerpt = moved(&mv, r->source.excerpt);
	c->params = NULL;
	c->params_packed = false;
	if (r->nparams)
		pack_params(c, r, &mv);
	struct br_fig *f = fig_room(c, pl);
	if (n)
		put_figs(c, r, f, pl, &mv, true);
	r->also = NULL;
	r->nalso = r->cap_also = 0;
	br_record_free(r);
	return c;
}

/* r's figures (as pl says) and what keep (BR_KEEP_*) says, copied string
 * by string into need bytes of `arena`; r is freed. */
static struct br_record *copy_compact(struct br_record *r, const struct figs_plan *pl, unsigned keep, size_t need,
				      int arena)
{
	unsigned n = pl->n;
	/* (slim records, many and read once a table, need no cache-line start) */
	size_t align = arena == ARENA_SLIM ? 15 : 63;
	size_t size = (sizeof *r + sizeof(struct br_strblock) + need + align) & ~align;
	struct br_record *c = frozen_alloc(size, arena);
	*c = *r;
	c->dead = 0;
	c->frozen = true;
	c->strs = (struct br_strblock *)(c + 1);
	c->strs->next = NULL;
	c->strs->used = 0;
	c->strs->cap = need;
	/* byte for byte: the strings were made valid when first set */
	c->version = own_copy(c, r, r->version);
	c->host = str_copy0(c, r->host);
	c->label = str_copy0(c, r->label);
	c->source.file = own_copy(c, r, r->source.file);
	c->source.format = own_copy(c, r, r->source.format);
	c->source.excerpt = keep & BR_KEEP_EXCERPT ? str_copy0(c, r->source.excerpt) : NULL;
	c->excerpt_later = r->excerpt_later && (keep & BR_KEEP_EXCERPT);
	c->params = NULL;
	c->params_packed = false;
	if (r->nparams && (keep & BR_KEEP_PARAMS)) {
		pack_params(c, r, NULL);
	} else {
		c->nparams = c->cap_params = 0;
	}
	struct br_fig *f = fig_room(c, pl);
	if (n)
		put_figs(c, r, f, pl, NULL, keep & BR_KEEP_RAW);
	if (keep & BR_KEEP_ALSO) {
		/* the also[] sources are the record's own mallocs: they move */
		r->also = NULL;
		r->nalso = r->cap_also = 0;
	} else {
		c->also = NULL;
		c->nalso = c->cap_also = 0;
	}
	br_record_free(r);
	return c;
}

/* What r's figures become compacted (struct figs_plan); their raws'
 * forms only when `raws` (kept). */
static void plan_figs(const struct br_record *r, bool raws, struct figs_plan *pl)
{
	unsigned n = 0;
	pl->nbig = pl->nodd = 0;
	pl->dropped = 0;
	struct br_value c;
	for (uint64_t m = r->held; m; m &= m - 1, n++) {
		enum br_metric_id id = (enum br_metric_id)__builtin_ctzll(m);
		/* (a built record's figure read in place: no copy of it) */
		const struct br_value *v = r->compact ? (c = fig_value(r, n), &c) : &((const struct br_vbuild *)r->vals)->v[id];
		size_t len = 0;
		pl->form[n] = (uint8_t)(!raws ? 0 : v->raw ? form_of(v->raw, v->value, &len) : v->form);
		if (v->raw && pl->form[n])
			pl->dropped += len + 1;
		pl->fits[n] = (uint8_t)((value_fits(v) ? FITS_VALUE : 0) | (cpu_res_fit(v) ? FITS_CPU_RES : 0));
		pl->nbig += !(pl->fits[n] & FITS_VALUE);
		pl->nodd += !(pl->fits[n] & FITS_CPU_RES) || (raws && v->raw && !pl->form[n]);
	}
	pl->n = n;
}

struct br_record *br_record_compact(struct br_record *r)
{
	if (!r)
		return NULL;
	if (r->frozen && (r->compact || !r->held) && r->strs && !r->strs->next && !r->dead)
		return r; /* compacted, unchanged since */
	struct figs_plan pl;
	plan_figs(r, true, &pl);
	/* one block with few dead bytes (the raws kept in their form are
	 * dead then): copied whole, else string by string */
	if (r->strs && !r->strs->next && r->dead + pl.dropped <= 64 && !r->compact)
		return compact_one_block(r, &pl);
	size_t need = compact_size(r, &pl, BR_KEEP_ALL);
	size_t size = (sizeof *r + sizeof(struct br_strblock) + need + 63) & ~(size_t)63;
	size_t now = footprint(r);
	if (size > FROZEN_MAX || ((r->compact || !r->held) && size + now / 8 > now))
		return r; /* (saving under an eighth is not worth the copy) */
	return copy_compact(r, &pl, BR_KEEP_ALL, need, ARENA_BUILT);
}

/* r copied into `arena`, keeping `keep` (r itself when too big). */
static struct br_record *copy_to(struct br_record *r, unsigned keep, int arena)
{
	if (!r)
		return NULL;
	struct figs_plan pl;
	plan_figs(r, keep & BR_KEEP_RAW, &pl);
	size_t need = compact_size(r, &pl, keep);
	if ((sizeof *r + sizeof(struct br_strblock) + need + 63) > FROZEN_MAX)
		return r;
	return copy_compact(r, &pl, keep, need, arena);
}

struct br_record *br_record_slim(struct br_record *r, unsigned keep)
{
	keep &= BR_KEEP_ALL;
	if (keep == BR_KEEP_ALL && r && r->frozen && (r->compact || !r->held) && r->strs && !r->strs->next &&
	    !r->dead)
		return r; /* compacted, nothing to drop: a copy would be the same bytes */
	return copy_to(r, keep, ARENA_SLIM);
}

/* Is r one compact block, unchanged since it was compacted (what
 * br_record_hold copies byte for byte)? */
static bool one_block(const struct br_record *r)
{
	return r->frozen && (r->compact || !r->held) && r->strs && !r->strs->next && !r->dead &&
	       r->strs == (const struct br_strblock *)(const void *)(r + 1);
}

/* p, a pointer into [from, from + n), at the same place of `to`. */
static void *relocated(const void *p, const char *from, size_t n, char *to)
{
	const char *q = p;
	return q && q >= from && q < from + n ? to + (q - from) : (void *)(uintptr_t)p;
}

/* c, a byte for byte copy at `to` of the n bytes of a one-block record
 * that were at `from`: its pointers into the block moved along (the
 * others, the process's shared strings, stay; the figures' raw strings
 * and the packed params' are offsets from the record: they stay too). */
static void move_pointers(struct br_record *c, const char *from, size_t n, char *to)
{
#define MOVE(field) (c->field = relocated(c->field, from, n, to))
	MOVE(version);
	MOVE(host);
	MOVE(label);
	MOVE(source.file);
	MOVE(source.format);
	MOVE(source.excerpt);
	MOVE(strs);
	MOVE(vals);
	MOVE(params);
#undef MOVE
}

struct br_record *br_record_hold(struct br_record *r)
{
	if (!r || !one_block(r))
		return copy_to(r, BR_KEEP_ALL, ARENA_HELD);
	/* compacted and unchanged since: its one allocation copied byte for
	 * byte, the pointers into it moved along (the figures' raw strings
	 * are offsets from the record: they stay) */
	size_t n = sizeof *r + sizeof(struct br_strblock) + r->strs->cap;
	char *from = (char *)r, *to = frozen_alloc((n + 63) & ~(size_t)63, ARENA_HELD);
	memcpy(to, from, n);
	struct br_record *c = (struct br_record *)(void *)to;
	move_pointers(c, from, n, to);
	/* the also[] sources are the record's own mallocs: they move */
	r->also = NULL;
	r->nalso = r->cap_also = 0;
	br_record_free(r);
	return c;
}

/* A packed record: where its block was, then the block (16 bytes, so
 * that the block keeps the alignment of malloc's memory). */
struct packed_head {
	uintptr_t base;
	uintptr_t size;
};

bool br_record_pack(const struct br_record *r, struct br_buf *out)
{
	if (!r || !one_block(r) || r->nalso)
		return false;
	struct packed_head h = {(uintptr_t)r, sizeof *r + sizeof(struct br_strblock) + r->strs->cap};
	br_buf_add(out, &h, sizeof h);
	br_buf_add(out, r, h.size);
	return true;
}

/* The head of the packed record at p (n bytes), false when p is none. */
static bool packed_head_of(const void *p, size_t n, struct packed_head *h)
{
	if (n < sizeof *h + sizeof(struct br_record))
		return false;
	memcpy(h, p, sizeof *h);
	return h->size == n - sizeof *h;
}

const struct br_record *br_record_unpacked(void *p, size_t n)
{
	struct packed_head h;
	if (!packed_head_of(p, n, &h))
		return NULL;
	char *from = (char *)h.base, *to = (char *)p + sizeof h;
	struct br_record *c = (struct br_record *)(void *)to;
	move_pointers(c, from, h.size, to); /* (as br_record_hold does) */
	return c;
}

struct br_record *br_record_unpack(const void *p, size_t n)
{
	struct packed_head h;
	if (!packed_head_of(p, n, &h))
		return NULL;
	/* as br_record_hold copies a block: byte for byte, where a held
	 * record lives, the pointers into it moved along */
	char *to = frozen_alloc((h.size + 63) & ~(size_t)63, ARENA_HELD);
	memcpy(to, (const char *)p + sizeof h, h.size);
	struct br_record *c = (struct br_record *)(void *)to;
	move_pointers(c, (char *)h.base, h.size, to);
	c->also = NULL; /* (the packed record had none: its pointer was the original's) */
	c->nalso = c->cap_also = 0;
	return c;
}

void br_record_set_version(struct br_record *r, const char *v)
{
	dead(r, r->version);
	r->version = shared_dup(v);
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
	r->source.file = shared_dup(file);
	r->source.format = shared_dup(format);
	r->source.line = line;
	r->source.end_line = end_line < line ? line : end_line;
	r->excerpt_later = false; /* (other lines: the excerpt, if any, is set again) */
}

void br_record_set_source_strings(struct br_record *r, const char *file, const char *format,
				  const char *excerpt)
{
	dead(r, r->source.file);
	dead(r, r->source.format);
	dead(r, r->source.excerpt);
	r->source.file = shared_str(file);
	r->source.format = shared_str(format);
	r->source.excerpt = str_copy0(r, excerpt);
	r->excerpt_later = false;
}

void br_record_set_excerpt(struct br_record *r, const char *excerpt)
{
	r->source.excerpt = str_copy0(r, excerpt);
	r->excerpt_later = false;
}

void br_record_defer_excerpt(struct br_record *r)
{
	dead(r, r->source.excerpt);
	r->source.excerpt = NULL;
	r->excerpt_later = true;
}

char *br_record_excerpt_room(struct br_record *r, size_t n)
{
	char *p = str_alloc(r, n + 1);
	p[n] = '\0';
	dead(r, r->source.excerpt);
	r->source.excerpt = p;
	r->excerpt_later = false;
	return p;
}

static const char *const ran_from_names[BR_RAN_FROM_COUNT] = {
	[BR_RAN_NONE] = "none",
	[BR_RAN_MTIME] = "file-mtime",
	[BR_RAN_MAIL] = "mail-date",
	[BR_RAN_TEXT] = "text",
	[BR_RAN_CSV] = "csv-timestamp",
	[BR_RAN_RUNNER] = "runner",
};

const char *br_ran_from_name(enum br_ran_from f)
{
	return (unsigned)f < BR_RAN_FROM_COUNT ? ran_from_names[f] : "none";
}

int br_ran_from_by_name(const char *name)
{
	for (int i = BR_RAN_NONE + 1; i < BR_RAN_FROM_COUNT; i++)
		if (strcmp(name, ran_from_names[i]) == 0)
			return i;
	return -1;
}

void br_record_set_ran_at(struct br_record *r, int64_t t, enum br_date_prec prec,
			  enum br_ran_from from)
{
	if (from == BR_RAN_NONE) {
		r->ran_at = 0;
		r->ran_at_prec = 0;
		r->ran_at_from = BR_RAN_NONE;
		return;
	}
	if ((unsigned)from >= BR_RAN_FROM_COUNT || from < r->ran_at_from)
		return;
	r->ran_at = t;
	r->ran_at_prec = (unsigned char)(prec == BR_DATE_DAY ? BR_DATE_DAY : BR_DATE_SECOND);
	r->ran_at_from = (unsigned char)from;
}

bool br_record_ran_at_iso(const struct br_record *r, char buf[BR_DATE_BUF])
{
	if (r->ran_at_from == BR_RAN_NONE)
		return false;
	br_date_format(r->ran_at, (enum br_date_prec)r->ran_at_prec, buf);
	return true;
}

static struct br_param *param_slot(struct br_record *r, const char *key)
{
	unpack_params(r);
	/* (every key is a shared string: one key, one address) */
	char *k = shared_str(key);
	struct br_param *t = r->params;
	for (size_t i = 0; i < r->nparams; i++)
		if (t[i].key == k) {
			dead(r, t[i].str);
			t[i].str = NULL;
			return &t[i];
		}
	if (r->nparams == r->cap_params) {
		/* the table lives in the record's blocks too; a grown one leaves
		 * the old one there */
		if (r->cap_params > UINT32_MAX / 2)
			br_out_of_memory(SIZE_MAX); /* (a count of 2^31 params: nparams is 32 bits) */
		size_t cap = r->cap_params ? 2 * (size_t)r->cap_params : 8;
		struct br_param *g = str_alloc_aligned(r, cap * sizeof *g);
		if (r->nparams)
			memcpy(g, t, r->nparams * sizeof *g);
		dead_bytes(r, r->cap_params * sizeof *g);
		r->params = g;
		r->cap_params = (uint32_t)cap;
	}
	struct br_param *p = (struct br_param *)r->params + r->nparams++;
	p->key = k;
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

struct br_value *br_record_set(struct br_record *r, enum br_metric_id id, double value, const char *raw)
{
	struct br_value *v = value_slot(r, id);
	if (v->raw)
		dead(r, v->raw);
	bool finite = isfinite(value);
	*v = (struct br_value){.value = finite ? value : 0, .present = true, .has_value = finite};
	/* a raw that the value prints again is kept as its form, not copied */
	size_t len;
	v->form = raw ? (uint8_t)form_of(raw, v->value, &len) : 0;
	v->raw = v->form ? NULL : str_dup(r, raw);
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
		n += br_record_get(r, (enum br_metric_id)__builtin_ctzll(m)).present;
	return n;
}

char *br_record_display_name(const struct br_record *r)
{
	if (r->label && r->host && strcasecmp(r->label, r->host) != 0)
		return br_asprintf("%s / %s", r->label, r->host);
	if (r->host)
		return br_strdup(r->host); /* (and a label that only says it again) */
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

/* llround(x), the same for every x, without the library call where the
 * truncated value is exact (below 2^52 the difference x - t is exact). */
static long long round_half_away(double x)
{
	if (!(fabs(x) < 0x1p52))
		return llround(x);
	long long t = (long long)x;
	double f = x - (double)t;
	if (f >= 0.5)
		t++;
	else if (f <= -0.5)
		t--;
	return t;
}

/* v as its step of resolution res (values_equal, br_record_merge_print). */
static uint64_t grid(double v, double res)
{
	double q = v / res;
	if (fabs(q) < 0x1p62)
		return (uint64_t)round_half_away(q);
	uint64_t b; /* (huge, or not a number: the value itself) */
	memcpy(&b, &v, sizeof b);
	return b ^ 0x8000000000000000u;
}

/*
 * Two prints of one figure are the same digits where both print it alike
 * (the same resolution: a text table and its CSV twin, a post quoted
 * again): the same step of that resolution (grid). Else the coarser print
 * is the finer one rounded or cut, within its step (15.8m, 0.1 MiB/s,
 * against the CSV's 16179 KiB/s). Two figures one step apart at one
 * resolution are two runs (a fleet's nightly runs 1 KiB/s apart), and so a
 * run is found by its exact figures (br_record_merge_print). A figure
 * without a resolution (0: exact) allows for the arithmetic, 1e-9 of it.
 */
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
	double ra = br_value_resolution(*a), rb = br_value_resolution(*b);
	if (a->res == b->res && ra > 0)
		return grid(a->value, ra) == grid(b->value, ra);
	double d = fabs(a->value - b->value);
	return d <= fmax(ra, rb) + 1e-9 * fmax(fabs(a->value), 1.0);
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
	unsigned k = 0;
	for (uint64_t m = r->held; m; m &= m - 1, k++) {
		int i = __builtin_ctzll(m);
		if ((held_flags(r, k, (enum br_metric_id)i) & (BR_FIG_PRESENT | BR_FIG_DOUBTFUL)) == BR_FIG_PRESENT)
			t |= (uint64_t)1 << i;
	}
	return t;
}

/* For a lone shared figure: how it was measured matches (the params both
 * records hold are equal). */
static bool params_match(const struct br_record *a, const struct br_record *b)
{
	for (size_t i = 0; i < a->nparams; i++) {
		struct br_param p = br_record_param_at(a, i);
		struct br_param q = br_record_param(b, p.key);
		if (!q.key)
			continue;
		if ((p.str == NULL) != (q.str == NULL))
			return false;
		if (p.str ? strcmp(p.str, q.str) != 0 : p.num != q.num)
			return false;
	}
	return true;
}

/* The figures a and b both hold and trust, as bits; 0 when one of them
 * differs (values_equal) or they share none. */
static uint64_t shared_figures(const struct br_record *a, const struct br_record *b)
{
	uint64_t t = 0;
	for (int i = 0; i < BR_METRIC_COUNT; i++) {
		const struct br_value x = br_record_get(a, (enum br_metric_id)i);
		const struct br_value y = br_record_get(b, (enum br_metric_id)i);
		if (!x.present || !y.present || x.doubtful || y.doubtful)
			continue;
		if (!values_equal(&x, &y))
			return 0;
		t |= (uint64_t)1 << i;
	}
	return t;
}

/* The innermost title of a label ("DBENCH / Bonnie": "Bonnie"). */
static const char *last_title(const char *l)
{
	for (const char *p = strstr(l, " / "); p; p = strstr(l, " / "))
		l = p + 3;
	return l;
}

/* Two records one document prints at one quote depth, in one format, under
 * two titles: two machines that printed the same figures ("node-a:" and
 * "node-b:" over identical hdparm lines), not one run shown twice (a post
 * quoted again is deeper; a text table's CSV twin is another format; a
 * post pasted twice has its titles again, the second under more). */
static bool labelled_apart(const struct br_record *a, const struct br_record *b)
{
	const struct br_source *x = &a->source, *y = &b->source;
	return a->label && b->label && a->quote_depth == b->quote_depth && x->file && y->file && x->format &&
	       y->format && strcmp(last_title(a->label), last_title(b->label)) != 0 &&
	       strcmp(x->file, y->file) == 0 && strcmp(x->format, y->format) == 0;
}

bool br_record_same_run(const struct br_record *a, const struct br_record *b)
{
	if (a->tool != b->tool || !host_compatible(a, b) || labelled_apart(a, b))
		return false;
	uint64_t t = shared_figures(a, b);
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
	if (b->ran_at_from > a->ran_at_from) /* the more trusted date */
		br_record_set_ran_at(a, b->ran_at, (enum br_date_prec)b->ran_at_prec,
				     (enum br_ran_from)b->ran_at_from);
	for (int i = 0; i < BR_METRIC_COUNT; i++) {
		const struct br_value y = br_record_get(b, (enum br_metric_id)i);
		if (!y.present)
			continue;
		/* a's figure is read first and taken in hand (value_slot, which
		 * makes a compact record's figures 32 bytes each again) only
		 * when it changes: a run quoted many times changes nothing */
		const struct br_value was = br_record_get(a, (enum br_metric_id)i);
		bool take = !was.present || (was.doubtful && !y.doubtful) ||
			    (!was.doubtful && !y.doubtful && br_value_resolution(y) < br_value_resolution(was));
		bool mark = y.marked && !was.marked, cpu = !was.has_cpu && y.has_cpu;
		if (!take && !mark && !cpu)
			continue;
		struct br_value *x = value_slot(a, (enum br_metric_id)i);
		if (take) {
			bool marked = x->marked || y.marked;
			*x = *&y;
			x->marked = marked;
			x->raw = y.raw ? str_copy(a, y.raw, strlen(y.raw)) : NULL;
		} else {
			x->marked = x->marked || y.marked;
			if (cpu) {
				x->has_cpu = true;
				x->cpu = y.cpu;
			}
		}
	}
	for (size_t i = 0; i < b->nparams; i++) {
		struct br_param p = br_record_param_at(b, i);
		if (param_index(a, p.key) < a->nparams)
			continue;
		if (p.str)
			br_record_param_str(a, p.key, p.str);
		else
			br_record_param_num(a, p.key, p.num);
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
	unsigned k = 0;
	for (uint64_t m = r->held; m; m &= m - 1, k++) {
		unsigned f = held_flags(r, k, (enum br_metric_id)__builtin_ctzll(m));
		if ((f & (BR_FIG_PRESENT | BR_FIG_HAS_CPU)) == (BR_FIG_PRESENT | BR_FIG_HAS_CPU))
			return true;
	}
	return false;
}

static uint64_t merge_key(const struct br_record *r)
{
	uint64_t h = 1469598103934665603ull ^ (uint64_t)r->tool;
	bool any_cpu = has_any_cpu(r);
	unsigned k = 0;
	for (uint64_t m = r->held; m; m &= m - 1, k++) {
		int i = __builtin_ctzll(m);
		const struct br_value v = held_fig(r, k, (enum br_metric_id)i);
		if (!v.present || (!any_cpu && v.doubtful))
			continue;
		uint64_t x;
		if (any_cpu && !v.has_cpu)
			continue;
		if (any_cpu)
			x = (uint64_t)round_half_away(v.cpu * 10) + 1;
		else
			x = v.has_value ? (uint64_t)llround(log10(fabs(v.value) + 1) * 4) + 1 : 7;
		h = (h ^ (x * 31 + (uint64_t)i)) * 1099511628211ull;
		if (!any_cpu)
			break;
	}
	return h;
}

void br_record_merge_trim(struct br_record *r)
{
	if (r->cap_also > r->nalso) {
		r->also = r->nalso ? br_realloc(r->also, r->nalso * sizeof *r->also) : (free(r->also), NULL);
		r->cap_also = r->nalso;
	}
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
 * br_recset_merge: each record, in input order, is merged into the earliest
 * earlier kept record of its bucket (merge_key() of the record as read) that
 * is the same run (kept_same_run); that rule is the one of the quadratic reference
 * (tests/unit/test_merge_index.c). What makes it linear is where a record is
 * looked for: kept records are filed in lists under a fingerprint, and a
 * record looks in the few lists where a record it can be the same run as
 * may stand. The fingerprint is three parts, each one a pair of the same
 * run must share:
 *
 * - the bucket;
 * - the host class. A pair has equal hosts, or the shorter is a name the
 *   format cut (host_cut) and starts the longer. A kept record is filed
 *   under its host ("E"); a cut one also under its host as a prefix ("P");
 *   and under each start of its host that is the whole host of some cut
 *   record of the set ("X": the set's cut hosts are known before merging).
 *   A record looks under E of its host, under P of each start of it as long
 *   as some cut host, and, when cut itself, under X of its host;
 * - the figures. The bucket's core figures are those every record of it
 *   that can merge holds and trusts (with a finite value and resolution),
 *   so a pair always compares them. Which of them are too fast or without a
 *   value must be the same; the numbers, each in units of twice the most
 *   the bucket's copies of it may differ (values_equal: the coarsest
 *   resolution plus the relative term), are summed into a position, twice
 *   (plain and weighed, position()): a pair's positions differ by at most
 *   half the sum of the weights, and a record looks in the (at most 2 × 2)
 *   cells its position can be matched from. All the core
 *   figures count: runs that share most figures, or a host, still fall in
 *   different cells. (Runs of one host that agree on both sums while
 *   differing in three or more figures share a cell: docs/limits.md.)
 *
 * A merge may lengthen the kept record's host or move its figures (a finer
 * copy): it is filed again and its old entries are dropped as they are met.
 * A record that can be the same run as nothing (no trusted figure, or one
 * and no host) is neither looked up nor filed, nor is a record once no
 * later record of its bucket is left. Counts of what was looked at and
 * compared go to br_recset_merge_counted's caller (the growth tests).
 * The index is a br_merge_index so that the archive merges by it too.
 */
static uint64_t mix(uint64_t h, uint64_t x)
{
	h ^= x + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
	return h * 0xff51afd7ed558ccdull;
}

/* FNV-1a over bytes, extended one byte at a time for the starts of a host. */
#define FNV_START 1469598103934665603ull
static uint64_t fnv_byte(uint64_t h, unsigned char c)
{
	return (h ^ c) * 1099511628211ull;
}

static uint64_t fnv(const char *s, size_t n)
{
	uint64_t h = FNV_START;
	for (size_t i = 0; i < n; i++)
		h = fnv_byte(h, (unsigned char)s[i]);
	return h;
}

/* A host class: E (the host), P (a cut host as the start of a longer one),
 * X (a start of the host that is some cut host), N (no host). */
static uint64_t host_class(char tag, uint64_t bytes_hash, size_t len)
{
	return mix(mix(bytes_hash, (uint64_t)tag), len);
}

/* A set of 64-bit keys (open addressing; 0 is stored as 1). */
struct keyset {
	uint64_t *v;
	size_t cap, n;
};

static void keyset_add(struct keyset *k, uint64_t x)
{
	x = x ? x : 1;
	if ((k->n + 1) * 2 > k->cap) {
		struct keyset old = *k;
		k->cap = old.cap ? old.cap * 2 : 64;
		k->v = br_calloc(k->cap, sizeof *k->v);
		k->n = 0;
		for (size_t i = 0; i < old.cap; i++)
			if (old.v[i])
				keyset_add(k, old.v[i]);
		free(old.v);
	}
	size_t j = (size_t)(x * 0x9e3779b97f4a7c15ull >> 20) & (k->cap - 1);
	for (; k->v[j]; j = (j + 1) & (k->cap - 1))
		if (k->v[j] == x)
			return;
	k->v[j] = x;
	k->n++;
}

static bool keyset_has(const struct keyset *k, uint64_t x)
{
	x = x ? x : 1;
	if (!k->cap)
		return false;
	size_t j = (size_t)(x * 0x9e3779b97f4a7c15ull >> 20) & (k->cap - 1);
	for (; k->v[j]; j = (j + 1) & (k->cap - 1))
		if (k->v[j] == x)
			return true;
	return false;
}

struct bucket {
	uint64_t key;
	uint64_t core;      /* the figures every record of the bucket that can merge trusts */
	size_t active;      /* such records not looked up yet */
	size_t filed;       /* entries filed under the bucket */
	size_t stat;        /* first of its core figures' cell widths in g[] */
	double half[2], width[2]; /* position cells: the reach of a match, the cell width */
};

/* A list of kept records under one fingerprint; entries are nodes, in
 * the order they were filed: by record index unless a record filed again
 * went after later ones (then not `sorted`). */
struct list {
	uint64_t key;       /* 0 = empty slot */
	uint32_t head;      /* node index+1 */
	uint32_t tail;      /* node index+1, LIST_UNSORTED set when not sorted */
};
#define LIST_UNSORTED 0x80000000u

/* (16 and 12 bytes: a merge-heavy input holds some per record: node
 * indexes stay below LIST_UNSORTED, records below 2^32) */
struct node {
	uint32_t next;      /* node index+1 */
	uint32_t rec;
	unsigned gen;       /* the record's filing this entry belongs to: of its
			     * name (gen), or, with NODE_START, of the starts
			     * of its name (xgen) */
};
#define NODE_START 0x80000000u

struct br_merge_index {
	struct br_record **v;  /* borrowed */
	size_t n;
	struct br_merge_stats st;
	struct bucket *tab;
	size_t nb;
	size_t *bk;         /* record -> bucket */
	uint64_t *tm;       /* trusted_mask() of each record, kept current */
	size_t *hl;         /* strlen of each record's host, kept current */
	unsigned *gen;      /* filings of each record so far */
	unsigned *xgen;     /* of those, the ones that filed the starts of its
			     * name anew (file_record; file_names of a longer
			     * name keeps the starts filed before) */
	struct cell *cellpos; /* the position cell a kept record is filed in */
	uint64_t *pat;      /* and its figure pattern there */
	double *g;          /* cell widths of the buckets' core figures */
	struct keyset cut_hosts; /* fnv() of every cut host */
	size_t *cut_len;    /* their lengths, ascending, each once */
	size_t ncut_len;
	struct list *lists;
	size_t lcap, nlists;
	struct node *nodes;
	size_t nnodes, ncap;
	size_t best;        /* earliest match so far, index+1 */
	/* the records kept before the first find (a batch's survivors, an
	 * archive's runs): each once, sorted by place and name, instead of
	 * under every start of its name (X) */
	struct early *early;
	size_t nearly, cap_early;
	bool sealed;        /* a find came: sorted, and X filed from now on */
};

/*
 * A record kept before the first find, at its place (bucket, figure
 * pattern, cell): a later cut name finds it by a search for the names
 * its name starts (early_look), not in lists under every start of its
 * name. A run quoted again and again with its name cut at every length
 * had 40 entries a record that way; a batch of the stream (parsers/load.c
 * settle) keeps every survivor before it looks. Its name is the record's
 * host as it was (len bytes: a merge only lengthens it); an entry whose
 * record was filed anew since (xgen) is not current.
 */
struct early {
	uint64_t place;
	const char *name;   /* at the sort (no merge comes before it) */
	uint32_t rec, len;
	unsigned xgen;
};

/* By place, then by name. */
static int early_cmp(const void *x, const void *y)
{
	const struct early *a = x, *b = y;
	if (a->place != b->place)
		return a->place < b->place ? -1 : 1;
	int c = memcmp(a->name, b->name, a->len < b->len ? a->len : b->len);
	return c ? c : (a->len > b->len) - (a->len < b->len);
}

/* A figure of r the index may use: trusted, and too fast, without a
 * value, or a finite value of a finite resolution. */
static uint64_t indexable_mask(const struct br_record *r, uint64_t trusted)
{
	uint64_t m = 0;
	for (uint64_t t = trusted; t; t &= t - 1) {
		int i = __builtin_ctzll(t);
		const struct br_value v = br_record_get(r, (enum br_metric_id)i);
		double res = br_value_resolution(v);
		if (v.too_fast || !v.has_value || (isfinite(v.value) && isfinite(res) && res >= 0))
			m |= (uint64_t)1 << i;
	}
	return m;
}

static bool is_number(const struct br_value *v)
{
	return !v->too_fast && v->has_value;
}

/* Which core figures of r are too fast and which have no value. */
static uint64_t figure_pattern(const struct br_record *r, uint64_t core)
{
	uint64_t fast = 0, none = 0;
	for (uint64_t m = core; m; m &= m - 1) {
		int i = __builtin_ctzll(m);
		const struct br_value v = br_record_get(r, (enum br_metric_id)i);
		if (v.too_fast)
			fast |= (uint64_t)1 << i;
		else if (!v.has_value)
			none |= (uint64_t)1 << i;
	}
	return mix(fast, none);
}

/*
 * r's position: its core numbers, each in units of its cell width, summed
 * twice: as they are, and the k-th core figure weighed k + 1 (runs that
 * differ in two figures, one up where the other is down, differ there).
 */
static double weight(int proj, size_t k)
{
	return proj ? (double)(k + 1) : 1;
}

static void position(const struct br_merge_index *ms, const struct bucket *b, const struct br_record *r,
		     double p[2])
{
	p[0] = p[1] = 0;
	size_t k = 0;
	for (uint64_t m = b->core; m; m &= m - 1, k++) {
		const struct br_value v = br_record_get(r, (enum br_metric_id)__builtin_ctzll(m));
		if (is_number(&v)) {
			double u = v.value / ms->g[b->stat + k];
			p[0] += u;
			p[1] += weight(1, k) * u;
		}
	}
}

static double cell_of(double p, double width)
{
	double q = p / width;
	if (!(q < 4e15))
		q = 4e15;
	if (!(q > -4e15))
		q = -4e15;
	return floor(q);
}

struct cell {
	double c[2];
};

static struct cell cell_at(const struct bucket *b, const double p[2])
{
	return (struct cell){{cell_of(p[0], b->width[0]), cell_of(p[1], b->width[1])}};
}

static uint64_t list_key(size_t bucket, uint64_t host, uint64_t pattern, struct cell cell)
{
	uint64_t k = mix(mix(mix(mix(mix(FNV_START, bucket), host), pattern), (uint64_t)(int64_t)cell.c[0]),
			 (uint64_t)(int64_t)cell.c[1]);
	return k ? k : 1;
}

static uint64_t place_key(size_t bucket, uint64_t pattern, struct cell cell)
{
	return list_key(bucket, 0, pattern, cell);
}

static struct list *list_find(struct br_merge_index *ms, uint64_t key, bool add)
{
	if (add && (ms->nlists + 1) * 2 > ms->lcap) {
		struct list *old = ms->lists;
		size_t ocap = ms->lcap;
		ms->lcap = ocap ? ocap * 2 : 1024;
		ms->lists = br_calloc(ms->lcap, sizeof *ms->lists);
		for (size_t i = 0; i < ocap; i++) {
			if (!old[i].key)
				continue;
			size_t j = (size_t)(old[i].key >> 7) & (ms->lcap - 1);
			while (ms->lists[j].key)
				j = (j + 1) & (ms->lcap - 1);
			ms->lists[j] = old[i];
		}
		free(old);
	}
	if (!ms->lcap)
		return NULL;
	size_t j = (size_t)(key >> 7) & (ms->lcap - 1);
	for (; ms->lists[j].key; j = (j + 1) & (ms->lcap - 1))
		if (ms->lists[j].key == key)
			return &ms->lists[j];
	if (!add)
		return NULL;
	ms->lists[j] = (struct list){key, 0, 0};
	ms->nlists++;
	return &ms->lists[j];
}

/* Is node nd of the record's current filing? */
static bool node_current(const struct br_merge_index *ms, const struct node *nd)
{
	if (nd->gen & NODE_START)
		return (nd->gen & ~NODE_START) == ms->xgen[nd->rec];
	return nd->gen == ms->gen[nd->rec];
}

/* File rec under key: an entry of its name's filing, or (start) of the
 * starts of its name. */
static void file_under(struct br_merge_index *ms, uint64_t key, size_t rec, bool start)
{
	struct list *l = list_find(ms, key, true);
	if (ms->nnodes + 1 >= LIST_UNSORTED)
		br_out_of_memory(SIZE_MAX); /* (2^31 entries: 24 GiB; not reached) */
	ms->nodes = br_grow(ms->nodes, &ms->ncap, ms->nnodes + 1, sizeof *ms->nodes);
	ms->nodes[ms->nnodes] = (struct node){0, (uint32_t)rec,
					      start ? (ms->xgen[rec] & ~NODE_START) | NODE_START : ms->gen[rec]};
	uint32_t k = (uint32_t)++ms->nnodes, tail = l->tail & ~LIST_UNSORTED, unsorted = l->tail & LIST_UNSORTED;
	if (tail) {
		if (ms->nodes[tail - 1].rec >= rec)
			unsorted = LIST_UNSORTED;
		ms->nodes[tail - 1].next = k;
	} else {
		l->head = k;
	}
	l->tail = k | unsorted;
	ms->tab[ms->bk[rec]].filed++;
	ms->st.filed++;
}

/* File kept record a under its host's keys, at its filed pattern and
 * cell: its name, and each start of it that is a cut host, of from bytes
 * or more (0: all). */
static void file_names(struct br_merge_index *ms, size_t a, size_t from)
{
	const struct br_record *r = ms->v[a];
	uint64_t pat = ms->pat[a];
	struct cell cell = ms->cellpos[a];
	size_t bi = ms->bk[a], n = ms->hl[a];
	if (!r->host) {
		file_under(ms, list_key(bi, host_class('N', 0, 0), pat, cell), a, false);
		return;
	}
	file_under(ms, list_key(bi, host_class('E', fnv(r->host, n), n), pat, cell), a, false);
	if (r->host_cut)
		file_under(ms, list_key(bi, host_class('P', fnv(r->host, n), n), pat, cell), a, false);
	if (!ms->sealed) {
		/* the starts of its name: found by a search (early) */
		if (ms->ncut_len && ms->cut_len[0] < n) {
			ms->early = br_grow(ms->early, &ms->cap_early, ms->nearly + 1, sizeof *ms->early);
			ms->early[ms->nearly++] = (struct early){place_key(bi, pat, cell), r->host, (uint32_t)a,
								  (uint32_t)n, ms->xgen[a]};
		}
		return;
	}
	uint64_t h = FNV_START;
	size_t done = 0;
	for (size_t c = 0; c < ms->ncut_len && ms->cut_len[c] < n; c++) {
		for (; done < ms->cut_len[c]; done++)
			h = fnv_byte(h, (unsigned char)r->host[done]);
		if (done >= from && keyset_has(&ms->cut_hosts, h))
			file_under(ms, list_key(bi, host_class('X', h, done), pat, cell), a, true);
	}
}

/* File kept record a (again: its earlier entries become stale). */
static void file_record(struct br_merge_index *ms, size_t a)
{
	const struct br_record *r = ms->v[a];
	struct bucket *b = &ms->tab[ms->bk[a]];
	double p[2];
	position(ms, b, r, p);
	ms->gen[a]++;
	ms->xgen[a]++;
	ms->cellpos[a] = cell_at(b, p);
	ms->pat[a] = figure_pattern(r, b->core);
	file_names(ms, a, 0);
}

/* The host test with the lengths known (host_compatible). */
static bool hosts_compatible(const struct br_record *a, size_t la, const struct br_record *b, size_t lb)
{
	if (!a->host || !b->host)
		return !a->host && !b->host;
	if (la == lb)
		return memcmp(a->host, b->host, la) == 0;
	const struct br_record *cut = la < lb ? a : b;
	return cut->host_cut && memcmp(a->host, b->host, la < lb ? la : lb) == 0;
}

/* Is kept record a the same run as record i? br_record_same_run, with the
 * masks and the hosts' lengths kept: only the figures both trust are
 * compared (t = tm[a] & tm[i]), so a pair sharing none costs nothing. */
static bool kept_same_run(const struct br_merge_index *ms, size_t a, size_t i)
{
	const struct br_record *x = ms->v[a], *y = ms->v[i];
	uint64_t t = ms->tm[a] & ms->tm[i];
	if (t == 0 || x->tool != y->tool)
		return false;
	bool lone = (t & (t - 1)) == 0;
	if (lone && (!x->host || !y->host))
		return false;
	if (!hosts_compatible(x, ms->hl[a], y, ms->hl[i]) || labelled_apart(x, y))
		return false;
	for (uint64_t m = t; m; m &= m - 1) {
		int k = __builtin_ctzll(m);
		struct br_value u = br_record_get(x, (enum br_metric_id)k), v = br_record_get(y, (enum br_metric_id)k);
		if (!values_equal(&u, &v))
			return false;
	}
	return !lone || params_match(x, y);
}

/* Look through one list for the earliest record that is the same run as
 * record i, dropping stale entries on the way. */
static void look_in(struct br_merge_index *ms, uint64_t key, size_t i)
{
	ms->st.lookups++;
	struct list *l = list_find(ms, key, false);
	if (!l)
		return;
	uint32_t *link = &l->head, prev = 0, unsorted = l->tail & LIST_UNSORTED;
	while (*link) {
		uint32_t k = *link;
		struct node *nd = &ms->nodes[k - 1];
		ms->st.visited++;
		if (!node_current(ms, nd)) {
			*link = nd->next; /* the record was filed again since */
			if ((l->tail & ~LIST_UNSORTED) == k)
				l->tail = prev | unsorted;
			continue;
		}
		if (ms->bk[nd->rec] != ms->bk[i]) {
			/* two fingerprints hashed alike: not a candidate */
		} else if (!ms->best || nd->rec + 1 < ms->best) {
			ms->st.compared++;
			if (kept_same_run(ms, nd->rec, i))
				ms->best = nd->rec + 1;
		} else if (!unsorted) {
			return; /* nothing earlier follows */
		}
		link = &nd->next;
		prev = k;
	}
}

/* The records kept before the first find, at place, whose names record
 * i's cut name (n bytes) starts and is shorter than: the X entries they
 * would have had. */
static void early_look(struct br_merge_index *ms, uint64_t place, size_t i, size_t n)
{
	ms->st.lookups++;
	const char *h = ms->v[i]->host;
	size_t lo = 0, hi = ms->nearly;
	while (lo < hi) { /* the first entry at (place, h) or after */
		size_t mid = lo + (hi - lo) / 2;
		const struct early *e = &ms->early[mid];
		int c = e->place != place ? (e->place < place ? -1 : 1) : 0;
		if (!c) {
			c = memcmp(ms->v[e->rec]->host, h, e->len < n ? e->len : n);
			c = c ? c : (e->len > n) - (e->len < n);
		}
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (; lo < ms->nearly; lo++) {
		const struct early *e = &ms->early[lo];
		if (e->place != place || e->len < n || memcmp(ms->v[e->rec]->host, h, n) != 0)
			break; /* (past the names h starts) */
		if (e->len == n)
			continue; /* (h itself: E) */
		ms->st.visited++;
		size_t a = e->rec;
		if (ms->xgen[a] != e->xgen || ms->bk[a] != ms->bk[i])
			continue; /* filed anew since; or two places hashed alike */
		if (!ms->best || a + 1 < ms->best) {
			ms->st.compared++;
			if (kept_same_run(ms, a, i))
				ms->best = a + 1;
		}
	}
}

/* Every list a kept record that is the same run as record i can be in. */
static void look_up(struct br_merge_index *ms, size_t i)
{
	const struct br_record *r = ms->v[i];
	struct bucket *b = &ms->tab[ms->bk[i]];
	size_t bi = ms->bk[i], n = ms->hl[i];
	uint64_t pat = figure_pattern(r, b->core);
	double p[2], lo[2], hi[2];
	position(ms, b, r, p);
	for (int j = 0; j < 2; j++) {
		lo[j] = cell_of(p[j] - b->half[j], b->width[j]);
		hi[j] = cell_of(p[j] + b->half[j], b->width[j]);
	}
	struct cell cell;
	for (cell.c[0] = lo[0]; cell.c[0] <= hi[0]; cell.c[0]++)
	for (cell.c[1] = lo[1]; cell.c[1] <= hi[1]; cell.c[1]++) {
		if (!r->host) {
			look_in(ms, list_key(bi, host_class('N', 0, 0), pat, cell), i);
			continue;
		}
		look_in(ms, list_key(bi, host_class('E', fnv(r->host, n), n), pat, cell), i);
		uint64_t h = FNV_START;
		size_t done = 0;
		for (size_t c = 0; c < ms->ncut_len && ms->cut_len[c] < n; c++) {
			for (; done < ms->cut_len[c]; done++)
				h = fnv_byte(h, (unsigned char)r->host[done]);
			look_in(ms, list_key(bi, host_class('P', h, done), pat, cell), i);
		}
		if (r->host_cut) {
			look_in(ms, list_key(bi, host_class('X', fnv(r->host, n), n), pat, cell), i);
			if (ms->nearly)
				early_look(ms, place_key(bi, pat, cell), i, n);
		}
	}
}

static size_t find_bucket(struct br_merge_index *ms, size_t *slot, size_t cap, uint64_t key)
{
	size_t j = (size_t)(key & (cap - 1));
	for (; slot[j]; j = (j + 1) & (cap - 1))
		if (ms->tab[slot[j] - 1].key == key)
			return slot[j] - 1;
	size_t b = ms->nb++;
	memset(&ms->tab[b], 0, sizeof ms->tab[b]);
	ms->tab[b].key = key;
	ms->tab[b].core = ~(uint64_t)0;
	slot[j] = b + 1;
	return b;
}

static int cmp_size(const void *x, const void *y)
{
	size_t a = *(const size_t *)x, b = *(const size_t *)y;
	return a < b ? -1 : a > b;
}

/* Can record i be the same run as any other (same_run_masked)? */
static bool can_merge(const struct br_merge_index *ms, size_t i)
{
	uint64_t t = ms->tm[i];
	return t != 0 && ((t & (t - 1)) != 0 || ms->v[i]->host);
}

/* Buckets, their core figures and cells, the cut hosts. */
static void index_prepare(struct br_merge_index *ms, const uint64_t *keys)
{
	size_t n = ms->n, cap = 16;
	while (cap < n * 2)
		cap *= 2;
	size_t *slot = br_calloc(cap, sizeof *slot);
	size_t ncut = 0;
	for (size_t i = 0; i < n; i++) {
		const struct br_record *r = ms->v[i];
		ms->tm[i] = trusted_mask(r);
		ms->hl[i] = r->host ? strlen(r->host) : 0;
		ms->bk[i] = find_bucket(ms, slot, cap, keys ? keys[i] : merge_key(r));
		if (!can_merge(ms, i))
			continue;
		struct bucket *b = &ms->tab[ms->bk[i]];
		b->core &= indexable_mask(r, ms->tm[i]);
		b->active++;
		if (r->host && r->host_cut) {
			keyset_add(&ms->cut_hosts, fnv(r->host, ms->hl[i]));
			ms->cut_len = br_grow(ms->cut_len, &ncut, ms->ncut_len + 1, sizeof *ms->cut_len);
			ms->cut_len[ms->ncut_len++] = ms->hl[i];
		}
	}
	free(slot);
	if (ms->ncut_len > 1)
		qsort(ms->cut_len, ms->ncut_len, sizeof *ms->cut_len, cmp_size);
	size_t w = 0;
	for (size_t c = 0; c < ms->ncut_len; c++)
		if (!w || ms->cut_len[w - 1] != ms->cut_len[c])
			ms->cut_len[w++] = ms->cut_len[c];
	ms->ncut_len = w;

	/* the core figures' widths: buckets where records can meet only */
	size_t ng = 0;
	for (size_t j = 0; j < ms->nb; j++) {
		struct bucket *b = &ms->tab[j];
		if (b->active < 2)
			b->core = 0;
		b->stat = ng;
		ng += (size_t)__builtin_popcountll(b->core);
	}
	ms->g = br_calloc(ng ? ng * 2 : 1, sizeof *ms->g);
	double *maxabs = ms->g + ng; /* then the widths are made in place */
	for (size_t i = 0; i < n; i++) {
		const struct bucket *b = &ms->tab[ms->bk[i]];
		if (!b->core || !can_merge(ms, i))
			continue;
		size_t k = b->stat;
		for (uint64_t m = b->core; m; m &= m - 1, k++) {
			const struct br_value v = br_record_get(ms->v[i], (enum br_metric_id)__builtin_ctzll(m));
			if (is_number(&v)) {
				ms->g[k] = fmax(ms->g[k], br_value_resolution(v));
				maxabs[k] = fmax(maxabs[k], fabs(v.value));
			}
		}
	}
	for (size_t j = 0; j < ms->nb; j++) {
		struct bucket *b = &ms->tab[j];
		size_t nfig = (size_t)__builtin_popcountll(b->core);
		for (size_t k = b->stat; k < b->stat + nfig; k++)
			/* values_equal's reach, the relative term with room to spare */
			ms->g[k] = 2 * (ms->g[k] + 1e-8 * (maxabs[k] + 1));
		for (int proj = 0; proj < 2; proj++) {
			/* each figure of a pair differs by at most half a unit: the
			 * positions by half the weights, plus what the sums may round;
			 * cells twice that reach wide: a look-up in one of them, or
			 * two when near a border */
			double reach = 0, sum = 0;
			for (size_t k = 0; k < nfig; k++) {
				reach += weight(proj, k);
				sum += weight(proj, k) * maxabs[b->stat + k] / ms->g[b->stat + k];
			}
			b->half[proj] = nfig ? reach / 2 + 1e-12 * (sum + 1) * (double)(nfig + 1) : 0;
			b->width[proj] = nfig ? 4 * b->half[proj] : 1;
		}
	}
}

struct br_merge_index *br_merge_index_new(struct br_record **v, size_t n, const uint64_t *keys)
{
	struct br_merge_index *ms = br_calloc(1, sizeof *ms);
	ms->v = v;
	ms->n = n;
	size_t m = n ? n : 1;
	ms->tab = br_malloc(m * sizeof *ms->tab); /* at most one bucket per record */
	ms->bk = br_malloc(m * sizeof *ms->bk);
	ms->tm = br_malloc(m * sizeof *ms->tm);
	ms->hl = br_malloc(m * sizeof *ms->hl);
	ms->gen = br_calloc(m, sizeof *ms->gen);
	ms->xgen = br_calloc(m, sizeof *ms->xgen);
	ms->cellpos = br_malloc(m * sizeof *ms->cellpos);
	ms->pat = br_calloc(m, sizeof *ms->pat);
	index_prepare(ms, keys);
	return ms;
}

size_t br_merge_index_find(struct br_merge_index *ms, size_t i)
{
	if (!ms->sealed) {
		ms->sealed = true;
		if (ms->nearly > 1)
			qsort(ms->early, ms->nearly, sizeof *ms->early, early_cmp);
	}
	ms->best = 0;
	if (!can_merge(ms, i))
		return BR_MERGE_NONE;
	struct bucket *b = &ms->tab[ms->bk[i]];
	b->active--;
	if (b->filed)
		look_up(ms, i);
	return ms->best ? ms->best - 1 : BR_MERGE_NONE;
}

void br_merge_index_keep(struct br_merge_index *ms, size_t i)
{
	if (can_merge(ms, i) && ms->tab[ms->bk[i]].active)
		file_record(ms, i);
}

void br_merge_index_merge(struct br_merge_index *ms, size_t a, size_t i)
{
	struct br_record *x = ms->v[a];
	const struct bucket *b = &ms->tab[ms->bk[a]];
	const char *host = x->host;
	size_t was = ms->hl[a];
	merge_into(x, ms->v[i]);
	ms->tm[a] = trusted_mask(x);
	if (x->host != host)
		ms->hl[a] = strlen(x->host);
	if (!b->active)
		return;
	/* a moved figure: filed anew where it now belongs. A longer host (a
	 * copy's whole name for a cut one: the old name starts it) at the same
	 * place: its entries under its old name go, those under the starts of
	 * the old name stay (the keys a filing anew would make again) and
	 * only what the longer name adds is filed, so that a run quoted with
	 * ever longer names is not filed again and again under every start
	 * of them. */
	double p[2];
	position(ms, b, x, p);
	struct cell c = cell_at(b, p);
	bool moved = c.c[0] != ms->cellpos[a].c[0] || c.c[1] != ms->cellpos[a].c[1];
	if (!moved && x->host == host)
		return;
	if (!moved && ms->hl[a] > was && figure_pattern(x, b->core) == ms->pat[a]) {
		ms->gen[a]++; /* (its name's entries go; its starts' stay) */
		file_names(ms, a, was);
	} else {
		file_record(ms, a);
	}
}

void br_merge_index_stats(const struct br_merge_index *ms, struct br_merge_stats *stats)
{
	*stats = ms->st;
}

void br_merge_index_free(struct br_merge_index *ms)
{
	if (!ms)
		return;
	free(ms->tab);
	free(ms->bk);
	free(ms->tm);
	free(ms->hl);
	free(ms->gen);
	free(ms->xgen);
	free(ms->cellpos);
	free(ms->pat);
	free(ms->g);
	free(ms->cut_hosts.v);
	free(ms->cut_len);
	free(ms->lists);
	free(ms->nodes);
	free(ms->early);
	free(ms);
}

size_t br_records_merge(struct br_record **v, size_t n, bool *gone, struct br_merge_stats *stats)
{
	size_t merged = 0;
	struct br_merge_index *ix = br_merge_index_new(v, n, NULL);
	for (size_t i = 0; i < n; i++) {
		size_t a = br_merge_index_find(ix, i);
		if (a == BR_MERGE_NONE) {
			br_merge_index_keep(ix, i);
			continue;
		}
		br_merge_index_merge(ix, a, i);
		gone[i] = true;
		merged++;
	}
	if (stats)
		br_merge_index_stats(ix, stats);
	br_merge_index_free(ix);
	return merged;
}

size_t br_recset_merge_counted(struct br_recset *s, struct br_merge_stats *stats)
{
	if (stats)
		memset(stats, 0, sizeof *stats);
	if (s->n < 2)
		return 0;
	size_t n = s->n;
	bool *gone = br_calloc(n, sizeof *gone);
	size_t merged = br_records_merge(s->v, n, gone, stats);
	size_t w = 0;
	for (size_t i = 0; i < n; i++) {
		if (gone[i])
			br_record_free(s->v[i]);
		else
			s->v[w++] = s->v[i];
	}
	s->n = w;
	free(gone);
	return merged;
}

size_t br_recset_merge(struct br_recset *s)
{
	return br_recset_merge_counted(s, NULL);
}

/*
 * One document's runs printed twice, once without a host: a post's summary
 * table ("beta  6998.10  212.77", a label but no machine or device) and the
 * output it sums up (/dev/sdb's hdparm lines). Across documents a record
 * without a host is the same run only as another without one (the merge
 * and the archive key runs by host); inside one document, where the two
 * prints sit a few lines apart, one without a host is the same run as one
 * with a host when they share two trusted figures or more and every shared
 * figure is equal (a lone figure says too little). The earlier print keeps
 * its place and takes the other in (br_record_merge). Linear: records
 * without a host are looked up by bucket (merge_key) among the first
 * UNNAMED_LOOK records with a host filed there, so a document of many
 * alike runs costs no more than that per record.
 */
#define UNNAMED_LOOK 32

size_t br_records_merge_unnamed(struct br_record **v, size_t n, bool *gone)
{
	size_t nbare = 0;
	for (size_t i = 0; i < n; i++)
		nbare += v[i] && !v[i]->host;
	if (!nbare || nbare == n)
		return 0; /* (the common case: every record names its host) */
	/* the records with a host, by bucket: open addressing over keys,
	 * each slot the head of a chain through next[] */
	size_t cap = 16;
	while (cap < 2 * n)
		cap <<= 1;
	uint64_t *key = br_calloc(n, sizeof *key);
	size_t *head = br_malloc(cap * sizeof *head), *next = br_malloc(n * sizeof *next);
	uint64_t *slot_key = br_calloc(cap, sizeof *slot_key);
	for (size_t k = 0; k < cap; k++)
		head[k] = BR_MERGE_NONE;
	for (size_t i = n; i-- > 0;) { /* (backwards: chains in document order) */
		if (!v[i])
			continue;
		key[i] = merge_key(v[i]) | 1; /* (0 marks an empty slot) */
		if (!v[i]->host)
			continue;
		size_t k = (size_t)(key[i] * 0x9e3779b97f4a7c15ull >> 20) & (cap - 1);
		while (slot_key[k] && slot_key[k] != key[i])
			k = (k + 1) & (cap - 1);
		slot_key[k] = key[i];
		next[i] = head[k];
		head[k] = i;
	}
	size_t merged = 0;
	for (size_t i = 0; i < n; i++) {
		if (!v[i] || v[i]->host || gone[i])
			continue;
		size_t k = (size_t)(key[i] * 0x9e3779b97f4a7c15ull >> 20) & (cap - 1);
		while (slot_key[k] && slot_key[k] != key[i])
			k = (k + 1) & (cap - 1);
		size_t look = 0;
		for (size_t j = slot_key[k] ? head[k] : BR_MERGE_NONE; j != BR_MERGE_NONE && look < UNNAMED_LOOK;
		     j = next[j], look++) {
			if (gone[j] || v[j]->tool != v[i]->tool)
				continue;
			uint64_t t = shared_figures(v[i], v[j]);
			if (!t || !(t & (t - 1)))
				continue;
			size_t a = i < j ? i : j, b = i < j ? j : i;
			br_record_merge(v[a], v[b]);
			gone[b] = true;
			merged++;
			break;
		}
	}
	free(key);
	free(head);
	free(next);
	free(slot_key);
	return merged;
}

/*
 * The print: the trusted figures' metrics and resolutions hashed (sig),
 * and their values, each as its step of its resolution (figs; values_equal
 * grid), hashed. Two records that are the same run trust the same figures
 * with the same resolutions, or their sigs differ; if they do, each figure
 * is the same step (values_equal), so their figs are equal. A figure
 * without a resolution is left out of figs (the arithmetic's allowance
 * cannot be hashed); the sig says so.
 */
void br_record_merge_print(const struct br_record *r, uint64_t *sig, uint64_t *figs)
{
	uint64_t t = 0, h = FNV_START, f = FNV_START;
	unsigned k = 0;
	const struct br_fig *cf = r->compact ? r->vals : NULL;
	for (uint64_t m = r->held; m; m &= m - 1, k++) {
		enum br_metric_id id = (enum br_metric_id)__builtin_ctzll(m);
		unsigned flags = held_flags(r, k, id);
		if ((flags & (BR_FIG_PRESENT | BR_FIG_DOUBTFUL)) != BR_FIG_PRESENT)
			continue; /* not trusted (trusted_mask) */
		t |= (uint64_t)1 << id;
		double value, res;
		if (cf && !(cf[k].flags & (BR_FIG_BIG | BR_FIG_ODD))) { /* (the common case, without a struct br_value) */
			value = cf[k].value;
			res = cf[k].res ? res_entry(cf[k].res) : 0;
		} else {
			const struct br_value v = held_fig(r, k, id);
			value = v.value;
			res = br_value_resolution(v);
		}
		uint64_t bits;
		memcpy(&bits, &res, sizeof bits);
		h = mix(h, bits);
		if (!(res > 0))
			continue;
		if (flags & BR_FIG_TOO_FAST)
			f = mix(f, 1);
		else if (!(flags & BR_FIG_HAS_VALUE))
			f = mix(f, 2);
		else
			f = mix(mix(f, 3), grid(value, res));
	}
	*sig = mix(h, t);
	*figs = f;
}
