/*
 * bonnie — the bonnie++ sequence, measured, and written as bonnie++ 2.00a
 * writes it: the text report (both sections, k/m/g rate suffixes, Latency
 * lines) followed by the 50-field CSV line of format 1.98 (shared
 * formats/bonnieplusplus.md §2.3, §6.5), which bon_csv2txt and bon_csv2html
 * accept. Unlike 2.00a, the create/stat/delete rates in the text are the real
 * rates (2.00a prints an unrelated integer there).
 *
 * Phases, on one scratch file: per-character write, one write() call per
 * byte over the per-char size (bonnie++ 2.00a's -f SIZE, default 3 MiB);
 * block write of the whole `size` (the file truncated first, as bonnie++
 * does), rewrite (read a block, change it, write it back), per-character
 * read, one read() call per byte over the per-char size, block read —
 * block phases with BR_RUN_BLOCK transfers and O_DIRECT where the
 * filesystem allows it; random seeks by several workers, each reading an
 * 8 KiB block at a random place, one seek in ten writing it back changed;
 * then N*1024 empty files created, stat()ed and deleted in sequential and
 * then in random order, in a scratch directory. Each write phase ends with
 * fdatasync (timed); each phase starts with the file's pages dropped.
 *
 * The per-character figures therefore mean what they mean in 2.00a (the
 * cost of a system call per byte, ~1 MiB/s), not the stdio putc()/getc() of
 * 1.03, whose layout has no Latency lines: the two would sit in the same
 * column two orders of magnitude apart. The version field says
 * BR_RUN_VERSION, never a bonnie++ version.
 */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/stat.h>
#include <unistd.h>

#include "runner_int.h"

#define DEFAULT_CHUNK 8192u    /* bonnie++'s default, left empty in the size cell */

static const char *const phase_names[BR_BON_COUNT] = {
	"putc", "put_block", "rewrite", "getc", "get_block", "seeks",
	"seq_create", "seq_stat", "seq_del", "ran_create", "ran_stat", "ran_del",
};

/* ------------------------------------------------------------ formatting */

double br_bonnie_rate(const struct br_bonnie_result *r, enum br_bonnie_test t)
{
	const struct br_bonnie_phase *p = &r->p[t];
	if (!p->ran || p->seconds <= 0)
		return 0;
	if (t <= BR_BON_GET_BLOCK)
		return (double)p->bytes / 1024.0 / p->seconds;
	return (double)p->ops / p->seconds;
}

static bool too_fast(const struct br_bonnie_result *r, enum br_bonnie_test t)
{
	return r->p[t].seconds < r->min_time;
}

void br_bonnie_format_kib(double kib, char *buf, size_t n)
{
	/* bonnie++ 2.00a (and its bon_csv2txt): k below 10000 KiB/s, then MiB
	 * with one decimal below 100, whole MiB below 1000, then GiB */
	if (kib < 10000) {
		snprintf(buf, n, "%dk", (int)kib);
		return;
	}
	double mib = kib / 1024;
	if (mib < 99.95)
		snprintf(buf, n, "%.1fm", mib);
	else if (mib < 999.5)
		snprintf(buf, n, "%dm", (int)(mib + 0.5));
	else
		snprintf(buf, n, "%.1fg", mib / 1024);
}

void br_bonnie_format_latency(double s, char *buf, size_t n)
{
	if (s < 0)
		s = 0;
	/* rounded: 0.016366 s must print 16366us, not 16365us */
	if (s < 0.1)
		snprintf(buf, n, "%lldus", llround(s * 1e6));
	else if (s < 100)
		snprintf(buf, n, "%lldms", llround(s * 1e3));
	else
		snprintf(buf, n, "%llds", llround(s));
}

void br_bonnie_format_size(uint64_t bytes, char *buf, size_t n)
{
	uint64_t mib = bytes >> 20;
	if (mib && mib % 1024 == 0)
		snprintf(buf, n, "%lluG", (unsigned long long)(mib / 1024));
	else
		snprintf(buf, n, "%lluM", (unsigned long long)mib);
}

static void format_chunk(unsigned bytes, char *buf, size_t n)
{
	static const char units[] = {'\0', 'k', 'm'};
	unsigned u = 0;
	while (u < 2 && bytes && bytes % 1024 == 0) {
		bytes /= 1024;
		u++;
	}
	if (units[u])
		snprintf(buf, n, "%u%c", bytes, units[u]);
	else
		snprintf(buf, n, "%u", bytes);
}

/* Seeks: "%5.0f" from 1000 on, else one decimal — the same in text and CSV
 * so that both copies of the figure agree. */
static void format_seeks(double v, char *buf, size_t n)
{
	if (v >= 1000)
		snprintf(buf, n, "%.0f", v);
	else
		snprintf(buf, n, "%.1f", v);
}

/* The figure of test t as the CSV (csv=true) or the text writes it. */
static void rate_cell(const struct br_bonnie_result *r, enum br_bonnie_test t, bool csv, char *buf,
		      size_t n)
{
	double v = br_bonnie_rate(r, t);
	if (!r->p[t].ran)
		snprintf(buf, n, "%s", "");
	else if (too_fast(r, t))
		snprintf(buf, n, "+++++");
	else if (t == BR_BON_SEEKS)
		format_seeks(v, buf, n);
	else if (t <= BR_BON_GET_BLOCK && !csv)
		br_bonnie_format_kib(v, buf, n);
	else
		snprintf(buf, n, "%d", (int)v);
}

static void cpu_cell(const struct br_bonnie_result *r, enum br_bonnie_test t, char *buf, size_t n)
{
	if (!r->p[t].ran)
		snprintf(buf, n, "%s", "");
	else if (too_fast(r, t))
		snprintf(buf, n, "+++");
	else
		snprintf(buf, n, "%d", (int)r->p[t].cpu);
}

static void lat_cell(const struct br_bonnie_result *r, enum br_bonnie_test t, char *buf, size_t n)
{
	if (!r->p[t].ran)
		snprintf(buf, n, "%s", "");
	else
		br_bonnie_format_latency(r->p[t].latency, buf, n);
}

/* "1G:1m::512:4": size, then chunk, concurrency, seeks, seek workers with
 * defaults left empty and trailing ':' trimmed. */
static void size_cell(const struct br_bonnie_result *r, char *buf, size_t n)
{
	char sz[32], ch[32] = "", sk[32] = "", sp[32] = "";
	br_bonnie_format_size(r->size, sz, sizeof sz);
	if (r->chunk != DEFAULT_CHUNK)
		format_chunk(r->chunk, ch, sizeof ch);
	if (r->seeks != BR_RUN_SEEKS)
		snprintf(sk, sizeof sk, "%u", r->seeks);
	if (r->seek_procs != BR_RUN_WORKERS)
		snprintf(sp, sizeof sp, "%u", r->seek_procs);
	snprintf(buf, n, "%s:%s::%s:%s", sz, ch, sk, sp);
	size_t len = strlen(buf);
	while (len && buf[len - 1] == ':')
		buf[--len] = '\0';
}

/* The 19-column name/size cell: the name cut to 18 - len(size) characters,
 * the size right-aligned at column 18; a size of 18+ characters alone. */
static void name_cell(const char *name, const char *size, struct br_buf *out)
{
	size_t sl = strlen(size);
	if (sl >= 18) {
		br_buf_addf(out, "%19s", size);
		return;
	}
	size_t keep = 18 - sl;
	char tmp[32];
	snprintf(tmp, sizeof tmp, "%-*.*s", (int)keep, (int)keep, name);
	br_buf_addf(out, "%s %s", tmp, size);
}

static void pair_cells(const struct br_bonnie_result *r, int first, int last, struct br_buf *out)
{
	for (int t = first; t <= last; t++) {
		char rate[32], cpu[16];
		rate_cell(r, (enum br_bonnie_test)t, false, rate, sizeof rate);
		cpu_cell(r, (enum br_bonnie_test)t, cpu, sizeof cpu);
		br_buf_addf(out, " %5s %3s", rate, cpu);
	}
	br_buf_addc(out, '\n');
}

static void latency_line(const struct br_bonnie_result *r, int first, int last, struct br_buf *out)
{
	bool any = false;
	for (int t = first; t <= last; t++)
		any |= r->p[t].ran;
	if (!any)
		return;
	br_buf_adds(out, "Latency          ");
	for (int t = first; t <= last; t++) {
		char lat[32];
		lat_cell(r, (enum br_bonnie_test)t, lat, sizeof lat);
		br_buf_addf(out, " %9s", lat);
	}
	br_buf_addc(out, '\n');
}

static const char rates_head[] =
	" /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP\n";

void br_bonnie_format_text(const struct br_bonnie_result *r, struct br_buf *out)
{
	const char *ver = r->version ? r->version : BR_RUN_VERSION;
	bool io = false, files = false;
	for (int t = BR_BON_PUTC; t <= BR_BON_SEEKS; t++)
		io |= r->p[t].ran;
	for (int t = BR_BON_SEQ_CREATE; t < BR_BON_COUNT; t++)
		files |= r->p[t].ran;
	if (io) {
		br_buf_addf(out, "Version %5s       ------Sequential Output------ --Sequential Input- --Random-\n", ver);
		br_buf_adds(out, "                    -Per Chr- --Block-- -Rewrite- -Per Chr- --Block-- --Seeks--\n");
		br_buf_addf(out, "Name:Size etc       %s", rates_head);
		char sz[64];
		size_cell(r, sz, sizeof sz);
		name_cell(r->name, sz, out);
		pair_cells(r, BR_BON_PUTC, BR_BON_SEEKS, out);
		latency_line(r, BR_BON_PUTC, BR_BON_SEEKS, out);
	}
	if (files) {
		br_buf_addf(out, "Version %5s       ------Sequential Create------ --------Random Create--------\n", ver);
		br_buf_addf(out, "%-19.19s -Create-- --Read--- -Delete-- -Create-- --Read--- -Delete--\n", r->name);
		br_buf_addf(out, "              files %s", rates_head);
		br_buf_addf(out, "%19u", r->files);
		pair_cells(r, BR_BON_SEQ_CREATE, BR_BON_RAN_DEL, out);
		latency_line(r, BR_BON_SEQ_CREATE, BR_BON_RAN_DEL, out);
	}
}

void br_bonnie_format_csv(const struct br_bonnie_result *r, struct br_buf *out)
{
	char sz[32] = "", ch[32] = "";
	bool io = false, files = false;
	for (int t = BR_BON_PUTC; t <= BR_BON_SEEKS; t++)
		io |= r->p[t].ran;
	for (int t = BR_BON_SEQ_CREATE; t < BR_BON_COUNT; t++)
		files |= r->p[t].ran;
	if (io) {
		br_bonnie_format_size(r->size, sz, sizeof sz);
		format_chunk(r->chunk, ch, sizeof ch);
	}
	/* 0-8: format, version, name, concurrency, seed, size, chunk, seeks, seek procs */
	br_buf_addf(out, "1.98,%s,%s,1,%lu,%s,%s,", r->version ? r->version : BR_RUN_VERSION, r->name,
		    r->seed, sz, ch);
	if (io)
		br_buf_addf(out, "%u,%u", r->seeks, r->seek_procs);
	else
		br_buf_adds(out, ",");
	/* 9-20: the six I/O pairs */
	for (int t = BR_BON_PUTC; t <= BR_BON_SEEKS; t++) {
		char rate[32], cpu[16];
		rate_cell(r, (enum br_bonnie_test)t, true, rate, sizeof rate);
		cpu_cell(r, (enum br_bonnie_test)t, cpu, sizeof cpu);
		br_buf_addf(out, ",%s,%s", rate, cpu);
	}
	/* 21-25: files, max size, min size, (empty), directories */
	if (files)
		br_buf_addf(out, ",%u,,,,", r->files);
	else
		br_buf_adds(out, ",,,,,");
	/* 26-37: the six create pairs */
	for (int t = BR_BON_SEQ_CREATE; t < BR_BON_COUNT; t++) {
		char rate[32], cpu[16];
		rate_cell(r, (enum br_bonnie_test)t, true, rate, sizeof rate);
		cpu_cell(r, (enum br_bonnie_test)t, cpu, sizeof cpu);
		br_buf_addf(out, ",%s,%s", rate, cpu);
	}
	/* 38-49: twelve latencies */
	for (int t = 0; t < BR_BON_COUNT; t++) {
		char lat[32];
		lat_cell(r, (enum br_bonnie_test)t, lat, sizeof lat);
		br_buf_addf(out, ",%s", lat);
	}
	br_buf_addc(out, '\n');
}

/* ------------------------------------------------------------ measuring */

struct bon {
	struct br_run_ctx *c;
	struct br_bonnie_result r;
	struct br_scratch s;
	unsigned char *buf;    /* BR_RUN_BLOCK, aligned for O_DIRECT */
	bool direct;           /* O_DIRECT in use for the block phases */
	struct br_meter m;
};

static void meter_init(struct bon *b)
{
	memset(&b->m, 0, sizeof b->m);
	b->m.o = b->c->o;
	b->m.run = b->c->run;
	b->m.runs = b->c->runs;
}

static int fail(struct bon *b, const char *op)
{
	return br_io_error(op, b->s.path, errno);
}

/* Finish a write phase: fdatasync, inside the phase's time (the data is on
 * the disk when the phase ends) but not one of its operations: the maximum
 * latency stays that of a single transfer, as in bonnie++. */
static int sync_op(struct bon *b)
{
	if (fdatasync(b->s.fd) != 0)
		return fail(b, "flush");
	return 0;
}

/* ------------------------------------------------------------ per character */

static ssize_t sys_write(void *ctx, int fd, const void *buf, size_t n)
{
	(void)ctx;
	return write(fd, buf, n);
}

static ssize_t sys_read(void *ctx, int fd, void *buf, size_t n)
{
	(void)ctx;
	return read(fd, buf, n);
}

int br_char_write(int fd, uint64_t n, const struct br_char_io *io, struct br_meter *m)
{
	ssize_t (*wr)(void *, int, const void *, size_t) = io && io->write ? io->write : sys_write;
	void *ctx = io ? io->ctx : NULL;
	double t = br_now();
	for (uint64_t i = 0; i < n; i++) {
		unsigned char ch = (unsigned char)('a' + i % 26);
		ssize_t r;
		while ((r = wr(ctx, fd, &ch, 1)) < 0 && errno == EINTR)
			;
		if (r < 0)
			return -1;
		if (r == 0) {
			errno = ENOSPC;
			return -1;
		}
		t = br_meter_op(m, t, 1);
	}
	return 0;
}

int br_char_read(int fd, uint64_t n, const struct br_char_io *io, struct br_meter *m, uint64_t *got)
{
	ssize_t (*rd)(void *, int, void *, size_t) = io && io->read ? io->read : sys_read;
	void *ctx = io ? io->ctx : NULL;
	double t = br_now();
	unsigned sum = 0;
	*got = 0;
	while (*got < n) {
		unsigned char ch;
		ssize_t r;
		while ((r = rd(ctx, fd, &ch, 1)) < 0 && errno == EINTR)
			;
		if (r < 0)
			return -1;
		if (r == 0)
			break;
		sum += ch;
		++*got;
		t = br_meter_op(m, t, 1);
	}
	(void)sum;
	return 0;
}

static int phase_putc(struct bon *b)
{
	uint64_t n = b->r.char_size;
	if (ftruncate(b->s.fd, 0) != 0)
		return fail(b, "truncate");
	br_set_direct(b->s.fd, false);
	if (lseek(b->s.fd, 0, SEEK_SET) != 0)
		return fail(b, "write");
	meter_init(b);
	br_meter_start(&b->m, "putc", n, 0);
	if (br_char_write(b->s.fd, n, NULL, &b->m) != 0)
		return fail(b, "write");
	if (sync_op(b) < 0)
		return -1;
	br_meter_stop(&b->m, &b->r.p[BR_BON_PUTC]);
	return 0;
}

static int phase_getc(struct bon *b)
{
	uint64_t n = b->r.char_size;
	br_set_direct(b->s.fd, false);
	if (br_drop_cache(b->s.fd) != 0)
		return fail(b, "flush");
	if (lseek(b->s.fd, 0, SEEK_SET) != 0)
		return fail(b, "read");
	meter_init(b);
	br_meter_start(&b->m, "getc", n, 0);
	uint64_t got = 0;
	if (br_char_read(b->s.fd, n, NULL, &b->m, &got) != 0)
		return fail(b, "read");
	br_meter_stop(&b->m, &b->r.p[BR_BON_GETC]);
	if (got != n) {
		errno = EIO;
		return fail(b, "read (the file is shorter than written)");
	}
	return 0;
}

/* ------------------------------------------------------------ blocks */

static int phase_block_write(struct bon *b)
{
	uint64_t size = b->r.size;
	if (ftruncate(b->s.fd, 0) != 0)
		return fail(b, "truncate");
	br_drop_cache(b->s.fd);
	br_set_direct(b->s.fd, b->direct);
	br_fill_random(b->buf, BR_RUN_BLOCK, b->c->seed);
	meter_init(b);
	br_meter_start(&b->m, "put_block", size, 0);
	for (uint64_t off = 0; off < size; off += BR_RUN_BLOCK) {
		memcpy(b->buf, &off, sizeof off);
		double t = br_now();
		if (br_pwrite_full(b->s.fd, b->buf, BR_RUN_BLOCK, (off_t)off) != 0)
			return fail(b, "write");
		br_meter_op(&b->m, t, BR_RUN_BLOCK);
	}
	if (sync_op(b) < 0)
		return -1;
	br_meter_stop(&b->m, &b->r.p[BR_BON_PUT_BLOCK]);
	return 0;
}

static int phase_rewrite(struct bon *b)
{
	uint64_t size = b->r.size;
	br_drop_cache(b->s.fd);
	br_set_direct(b->s.fd, b->direct);
	meter_init(b);
	br_meter_start(&b->m, "rewrite", size, 0);
	for (uint64_t off = 0; off < size; off += BR_RUN_BLOCK) {
		double t = br_now();
		if (br_pread_full(b->s.fd, b->buf, BR_RUN_BLOCK, (off_t)off) != 0)
			return fail(b, "read");
		b->buf[64] ^= 0x55;
		if (br_pwrite_full(b->s.fd, b->buf, BR_RUN_BLOCK, (off_t)off) != 0)
			return fail(b, "write");
		br_meter_op(&b->m, t, BR_RUN_BLOCK);
	}
	if (sync_op(b) < 0)
		return -1;
	br_meter_stop(&b->m, &b->r.p[BR_BON_REWRITE]);
	return 0;
}

static int phase_block_read(struct bon *b)
{
	uint64_t size = b->r.size;
	br_set_direct(b->s.fd, false);
	br_drop_cache(b->s.fd);
	br_set_direct(b->s.fd, b->direct);
	meter_init(b);
	br_meter_start(&b->m, "get_block", size, 0);
	for (uint64_t off = 0; off < size; off += BR_RUN_BLOCK) {
		double t = br_now();
		if (br_pread_full(b->s.fd, b->buf, BR_RUN_BLOCK, (off_t)off) != 0)
			return fail(b, "read");
		br_meter_op(&b->m, t, BR_RUN_BLOCK);
	}
	br_meter_stop(&b->m, &b->r.p[BR_BON_GET_BLOCK]);
	return 0;
}

struct seek_ctx {
	int fd;
	uint64_t nblocks;
};

static void *seek_worker(void *arg)
{
	struct br_worker *w = arg;
	struct seek_ctx *sc = w->arg;
	void *mem = NULL;
	if (posix_memalign(&mem, 4096, BR_RUN_SEEK_BLOCK) != 0) {
		w->err = ENOMEM;
		w->err_op = "allocate";
		br_worker_done(w);
		return NULL;
	}
	unsigned char *buf = mem;
	for (uint64_t k = 0; k < w->todo && !atomic_load(&w->pool->stop); k++) {
		uint64_t blk = br_rand_next(&w->rng) % sc->nblocks;
		off_t off = (off_t)(blk * BR_RUN_SEEK_BLOCK);
		double t = br_now();
		if (br_pread_full(sc->fd, buf, BR_RUN_SEEK_BLOCK, off) != 0) {
			w->err = errno;
			w->err_op = "read";
			break;
		}
		uint64_t moved = BR_RUN_SEEK_BLOCK;
		if (br_rand_next(&w->rng) % 10 == 0) {
			buf[0] ^= 1;
			if (br_pwrite_full(sc->fd, buf, BR_RUN_SEEK_BLOCK, off) != 0) {
				w->err = errno;
				w->err_op = "write";
				break;
			}
			moved += BR_RUN_SEEK_BLOCK;
		}
		br_worker_op(w, t, moved);
	}
	free(mem);
	br_worker_done(w);
	return NULL;
}

static int phase_seeks(struct bon *b)
{
	unsigned n = b->c->workers;
	br_drop_cache(b->s.fd);
	br_set_direct(b->s.fd, b->direct);
	struct seek_ctx sc = {b->s.fd, b->r.size / BR_RUN_SEEK_BLOCK};
	struct br_worker *w = br_calloc(n, sizeof *w);
	for (unsigned i = 0; i < n; i++) {
		w[i].id = i;
		w[i].arg = &sc;
		w[i].rng = b->c->seed ^ (0x9E3779B97F4A7C15ull * (i + 1));
		w[i].todo = b->r.seeks / n + (i < b->r.seeks % n);
	}
	struct br_pool pool = {0};
	meter_init(b);
	pool.m = &b->m;
	b->m.count_ops = true;
	br_meter_start(&b->m, "seeks", b->r.seeks, 0);
	double t_end;
	int rc = br_pool_run(&pool, w, n, seek_worker, b->s.path, &t_end);
	free(w);
	if (rc < 0)
		return -1;
	/* writes that went through the cache (no O_DIRECT) reach the disk;
	 * timed with the phase, not as a seek */
	double t = br_now();
	if (fdatasync(b->s.fd) != 0)
		return fail(b, "flush");
	br_meter_stop_at(&b->m, t_end + (br_now() - t), &b->r.p[BR_BON_SEEKS]);
	return 0;
}

/* ------------------------------------------------------------ file tests */

enum fop { FOP_CREATE, FOP_STAT, FOP_DEL };

static int file_phase(struct bon *b, struct br_scratch_dir *d, enum fop op, const unsigned *order,
		      unsigned n, enum br_bonnie_test t)
{
	meter_init(b);
	b->m.count_ops = true;
	br_meter_start(&b->m, phase_names[t], n, 0);
	char name[16];
	for (unsigned i = 0; i < n; i++) {
		br_scratch_index_name(order ? order[i] : i, name);
		double t0 = br_now();
		int rc = 0;
		const char *what = "create";
		if (op == FOP_CREATE) {
			int fd = openat(d->dfd, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
			if (fd < 0)
				rc = -1;
			else if (close(fd) != 0)
				rc = -1;
		} else if (op == FOP_STAT) {
			struct stat st;
			what = "stat";
			rc = fstatat(d->dfd, name, &st, AT_SYMLINK_NOFOLLOW);
		} else {
			what = "delete";
			rc = unlinkat(d->dfd, name, 0);
		}
		if (rc != 0) {
			int e = errno;
			char *p = br_asprintf("%s/%s", d->path, name);
			br_io_error(what, p, e);
			free(p);
			return -1;
		}
		br_meter_op(&b->m, t0, 0);
	}
	br_meter_stop(&b->m, &b->r.p[t]);
	return 0;
}

static void shuffle(unsigned *v, unsigned n, uint64_t *rng)
{
	for (unsigned i = 0; i < n; i++)
		v[i] = i;
	for (unsigned i = n; i > 1; i--) {
		unsigned j = (unsigned)(br_rand_next(rng) % i);
		unsigned x = v[i - 1];
		v[i - 1] = v[j];
		v[j] = x;
	}
}

static int file_tests(struct bon *b)
{
	unsigned n = b->r.files * 1024;
	struct br_scratch_dir d;
	if (br_scratch_dir_make(b->c->o->dir, n, &d) < 0)
		return -1;
	unsigned *order = br_calloc(n, sizeof *order);
	uint64_t rng = b->c->seed ^ 0xF11E5ull;
	int rc = file_phase(b, &d, FOP_CREATE, NULL, n, BR_BON_SEQ_CREATE);
	if (rc == 0)
		rc = file_phase(b, &d, FOP_STAT, NULL, n, BR_BON_SEQ_STAT);
	if (rc == 0)
		rc = file_phase(b, &d, FOP_DEL, NULL, n, BR_BON_SEQ_DEL);
	if (rc == 0) {
		shuffle(order, n, &rng);
		rc = file_phase(b, &d, FOP_CREATE, order, n, BR_BON_RAN_CREATE);
	}
	if (rc == 0) {
		shuffle(order, n, &rng);
		rc = file_phase(b, &d, FOP_STAT, order, n, BR_BON_RAN_STAT);
	}
	if (rc == 0) {
		shuffle(order, n, &rng);
		rc = file_phase(b, &d, FOP_DEL, order, n, BR_BON_RAN_DEL);
	}
	free(order);
	br_scratch_dir_remove(&d, n);
	return rc;
}

static void notes(struct bon *b)
{
	const char *blk = b->direct ? "1 MiB O_DIRECT transfers" : "1 MiB buffered transfers";
	const char *how[BR_BON_COUNT] = {
		"one write() per byte, then fdatasync", blk, blk, "one read() per byte from a cold cache", blk,
		b->direct ? "8 KiB O_DIRECT reads, 1 in 10 written back" : "8 KiB reads, 1 in 10 written back",
		"empty files", "stat()", "unlink()", "empty files, random order", "stat(), random order",
		"unlink(), random order",
	};
	for (int t = 0; t < BR_BON_COUNT; t++)
		if (b->r.p[t].ran)
			br_note_phase(b->c->notes, "bonnie", phase_names[t], &b->r.p[t], how[t]);
}

int br_run_bonnie(struct br_run_ctx *c, struct br_buf *out)
{
	struct bon b;
	memset(&b, 0, sizeof b);
	b.c = c;
	b.r.version = BR_RUN_VERSION;
	b.r.name = c->name;
	b.r.size = c->size;
	b.r.char_size = c->char_size;
	b.r.chunk = BR_RUN_BLOCK;
	b.r.seeks = c->o->quick ? 512 : BR_RUN_SEEKS;
	b.r.seek_procs = c->workers;
	b.r.files = c->files;
	/* the CSV's seed field is bonnie++'s start time XOR its pid, which
	 * readers take for the run's date: print the start time, not the
	 * random seed of the fill (a random one would read as a date) */
	b.r.seed = (unsigned long)time(NULL);
	b.r.min_time = c->o->quick ? 0.01 : 0.5;
	b.direct = c->direct_ok;
	void *mem = NULL;
	if (posix_memalign(&mem, 4096, BR_RUN_BLOCK) != 0)
		return br_error("out of memory");
	b.buf = mem;
	if (br_scratch_file(c->o->dir, "bonnie", &b.s) < 0) {
		free(mem);
		return -1;
	}
	int rc = c->char_size ? phase_putc(&b) : 0;
	if (rc == 0)
		rc = phase_block_write(&b);
	if (rc == 0)
		rc = phase_rewrite(&b);
	if (rc == 0 && c->char_size)
		rc = phase_getc(&b);
	if (rc == 0)
		rc = phase_block_read(&b);
	if (rc == 0)
		rc = phase_seeks(&b);
	br_scratch_remove(&b.s);
	free(mem);
	if (rc == 0 && b.r.files)
		rc = file_tests(&b);
	if (rc != 0)
		return -1;
	br_buf_addc(out, '\n');
	if (c->heading)
		br_buf_addf(out, "%s:\n", c->heading);
	br_bonnie_format_text(&b.r, out);
	br_bonnie_format_csv(&b.r, out);
	notes(&b);
	return 0;
}
