/*
 * rawio — rawio's four tests (random read, sequential read, random write,
 * sequential write), measured with several worker threads doing O_DIRECT
 * transfers of a fixed size (16 KiB, rawio's transfer as shared
 * formats/rawio.md §3 derives it), and written as rawio's table:
 *
 *   Random read Sequential read Random write Sequential write      (groups)
 *   ID K/sec /sec K/sec /sec K/sec /sec K/sec /sec                  (units)
 *   myhost 2170.2 135 7060.9 431 2262.2 140 3596.3 219
 *
 * (here in aligned columns). K/sec is 1000 bytes per second, as rawio's own
 * figures show; /sec is transfers per second over all workers.
 *
 * Target: a scratch file of `size` bytes (filled first, untimed), or with
 * --device the device itself, read only unless --destructive. Random tests do
 * min(blocks, 8192) transfers (512 with --quick) at random block-aligned
 * offsets, split among the workers; sequential tests cover the region once,
 * the workers taking the next block from one shared counter, so the device
 * sees one sequential stream with `workers` transfers in flight. Write tests
 * end with fdatasync (timed). The cache is dropped before every test.
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/fs.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "runner_int.h"

static const char *const group_title[4] = {"Random read", "Sequential read", "Random write",
					   "Sequential write"};
static const char *const group_key[4] = {"random_read", "seq_read", "random_write", "seq_write"};

#define COL_RATE 11
#define COL_OPS 7

void br_rawio_format(const struct br_rawio_result *r, struct br_buf *out)
{
	const char *id = r->id && *r->id ? r->id : "-";
	int idw = (int)strlen(id);
	if (idw < 10)
		idw = 10;
	/* group header: each title left-aligned over its pair of columns */
	br_buf_addf(out, "%-*s", idw, "");
	struct br_buf line = BR_BUF_INIT;
	for (int g = 0; g < 4; g++)
		if (r->ran[g])
			br_buf_addf(&line, " %-*s", COL_RATE + COL_OPS + 1, group_title[g]);
	/* no trailing blanks */
	size_t n = line.len;
	while (n && line.data[n - 1] == ' ')
		n--;
	br_buf_add(out, line.data ? line.data : "", n);
	br_buf_addc(out, '\n');
	br_buf_free(&line);
	br_buf_addf(out, "%-*s", idw, "ID");
	for (int g = 0; g < 4; g++)
		if (r->ran[g])
			br_buf_addf(out, " %*s %*s", COL_RATE, "K/sec", COL_OPS, "/sec");
	br_buf_addc(out, '\n');
	br_buf_addf(out, "%-*s", idw, id);
	for (int g = 0; g < 4; g++)
		if (r->ran[g])
			br_buf_addf(out, " %*.1f %*.0f", COL_RATE, r->bytes_per_sec[g] / 1000.0, COL_OPS,
				    r->ops_per_sec[g]);
	br_buf_addc(out, '\n');
}

struct rio {
	int fd;
	unsigned block;
	uint64_t nblocks;       /* blocks in the region a test may touch */
	uint64_t seq_blocks;    /* blocks the sequential tests cover */
	bool write;
	bool random;
	bool direct;            /* O_DIRECT in use */
	uint64_t seed;
};

static void *rawio_worker(void *arg)
{
	struct br_worker *w = arg;
	struct rio *r = w->arg;
	void *mem = NULL;
	if (posix_memalign(&mem, 4096, r->block) != 0) {
		w->err = ENOMEM;
		w->err_op = "allocate";
		br_worker_done(w);
		return NULL;
	}
	br_fill_random(mem, r->block, r->seed ^ (w->id + 1));
	unsigned char *buf = mem;
	for (uint64_t k = 0; !atomic_load(&w->pool->stop); k++) {
		uint64_t blk;
		if (r->random) {
			if (k >= w->todo)
				break;
			blk = br_rand_next(&w->rng) % r->nblocks;
		} else {
			blk = atomic_fetch_add(&w->pool->next, 1);
			if (blk >= r->seq_blocks)
				break;
		}
		off_t off = (off_t)(blk * r->block);
		double t = br_now();
		int rc;
		if (r->write) {
			memcpy(buf, &k, sizeof k);
			rc = br_pwrite_full(r->fd, buf, r->block, off);
		} else {
			rc = br_pread_full(r->fd, buf, r->block, off);
		}
		if (rc != 0) {
			w->err = errno;
			w->err_op = r->write ? "write" : "read";
			break;
		}
		br_worker_op(w, t, r->block);
	}
	free(mem);
	br_worker_done(w);
	return NULL;
}

static int one_test(struct br_run_ctx *c, struct rio *r, int g, const char *path,
		    struct br_bonnie_phase *out)
{
	r->random = g == 0 || g == 2;
	r->write = g >= 2;
	unsigned n = c->workers;
	uint64_t total = r->random ? r->nblocks : r->seq_blocks;
	if (r->random) {
		uint64_t cap = c->o->quick ? 512 : 8192;
		if (total > cap)
			total = cap;
	}
	br_set_direct(r->fd, false);
	if (br_drop_cache(r->fd) != 0)
		return br_io_error("flush", path, errno);
	r->direct = c->direct_ok && br_set_direct(r->fd, true);
	struct br_worker *w = br_calloc(n, sizeof *w);
	for (unsigned i = 0; i < n; i++) {
		w[i].id = i;
		w[i].arg = r;
		w[i].rng = c->seed ^ (0xD1B54A32D192ED03ull * (i + 1 + (unsigned)g * 64));
		w[i].todo = total / n + (i < total % n);
	}
	struct br_meter m;
	memset(&m, 0, sizeof m);
	m.o = c->o;
	m.run = c->run;
	m.runs = c->runs;
	m.count_ops = true;
	struct br_pool pool = {0};
	pool.m = &m;
	br_meter_start(&m, group_key[g], total, 0);
	double t_end;
	int rc = br_pool_run(&pool, w, n, rawio_worker, path, &t_end);
	free(w);
	if (rc < 0)
		return -1;
	if (r->write) {
		/* timed with the test, not as a transfer */
		double t = br_now();
		if (fdatasync(r->fd) != 0)
			return br_io_error("flush", path, errno);
		t_end += br_now() - t;
	}
	br_meter_stop_at(&m, t_end, out);
	return 0;
}

int br_run_rawio(struct br_run_ctx *c, struct br_buf *out)
{
	const struct br_run_opts *o = c->o;
	unsigned block = o->rawio_block ? o->rawio_block : BR_RUN_RAWIO_BLOCK;
	struct br_scratch s = {-1, -1, NULL};
	struct rio r;
	memset(&r, 0, sizeof r);
	r.block = block;
	r.seed = c->seed;
	const char *path;
	bool writes;
	int devfd = -1;
	if (o->device) {
		struct stat st;
		int fl = (o->destructive ? O_RDWR : O_RDONLY) | O_CLOEXEC;
		if (stat(o->device, &st) == 0 && S_ISBLK(st.st_mode))
			fl |= O_EXCL;
		devfd = open(o->device, fl);
		if (devfd < 0)
			return br_error("cannot open '%s': %s", o->device, strerror(errno));
		uint64_t sz = 0;
		if (fstat(devfd, &st) == 0 && S_ISREG(st.st_mode))
			sz = (uint64_t)st.st_size;
		else if (ioctl(devfd, BLKGETSIZE64, &sz) != 0)
			sz = 0;
		r.fd = devfd;
		r.nblocks = sz / block;
		r.seq_blocks = (c->size < sz ? c->size : sz) / block;
		path = o->device;
		writes = o->destructive;
		if (r.nblocks == 0) {
			close(devfd);
			return br_error("'%s' is smaller than one %u-byte transfer", o->device, block);
		}
	} else {
		if (br_scratch_file(o->dir, "rawio", &s) < 0)
			return -1;
		if (br_run_prepare_file(c, &s, c->size) < 0) {
			br_scratch_remove(&s);
			return -1;
		}
		r.fd = s.fd;
		r.nblocks = r.seq_blocks = c->size / block;
		path = s.path;
		writes = true;
	}
	struct br_rawio_result res;
	memset(&res, 0, sizeof res);
	res.id = c->name;
	struct br_bonnie_phase ph[4];
	memset(ph, 0, sizeof ph);
	int rc = 0;
	for (int g = 0; g < 4 && rc == 0; g++) {
		if (g >= 2 && !writes)
			break;
		rc = one_test(c, &r, g, path, &ph[g]);
		if (rc == 0) {
			res.ran[g] = true;
			res.bytes_per_sec[g] = ph[g].seconds > 0 ? (double)ph[g].bytes / ph[g].seconds : 0;
			res.ops_per_sec[g] = ph[g].seconds > 0 ? (double)ph[g].ops / ph[g].seconds : 0;
		}
	}
	if (devfd >= 0)
		close(devfd);
	br_scratch_remove(&s);
	if (rc != 0)
		return -1;
	br_buf_addc(out, '\n');
	if (c->heading)
		br_buf_addf(out, "%s:\n", c->heading);
	br_rawio_format(&res, out);
	char how[96];
	for (int g = 0; g < 4; g++) {
		if (!res.ran[g])
			continue;
		snprintf(how, sizeof how, "%u-byte %s transfers, %u workers", block,
			 r.direct ? "O_DIRECT" : "buffered", c->workers);
		br_note_phase(c->notes, "rawio", group_key[g], &ph[g], how);
	}
	return 0;
}
