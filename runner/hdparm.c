/*
 * hdparm — hdparm -T and -t, measured on the scratch file (or a device) and
 * written as hdparm 9.65 writes them (shared formats/hdparm.md §1):
 *
 *   (blank line)
 *   /the/target/dir:
 *    Timing cached reads:   62380 MB in  1.93 seconds = 32342.91 MB/sec
 *    Timing buffered disk reads: 512 MB in  3.00 seconds = 170.45 MB/sec
 *
 * -T re-reads one 2 MiB region already in the page cache (read once, untimed)
 * for about 2 s; -t reads 2 MiB blocks sequentially from a cold cache
 * (fdatasync + POSIX_FADV_DONTNEED) for about 3 s, and when it reaches the
 * end of the file drops the cache again and starts over, so a file much
 * smaller than 3 s of reading still measures the disk. With --direct both use
 * O_DIRECT and hdparm's O_DIRECT labels. MB is hdparm's: 2^20 bytes.
 */
#include <errno.h>
#include <limits.h>
#include <fcntl.h>
#include <linux/fs.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "runner_int.h"

void br_hdparm_format_header(const char *path, struct br_buf *out)
{
	br_buf_addf(out, "\n%s:\n", path);
}

void br_hdparm_format_line(char kind, bool direct, unsigned mib, double seconds, struct br_buf *out)
{
	if (kind == 'T')
		br_buf_adds(out, direct ? " Timing O_DIRECT cached reads:   " : " Timing cached reads:   ");
	else
		br_buf_adds(out, direct ? " Timing O_DIRECT disk reads: " : " Timing buffered disk reads: ");
	double rate = seconds > 0 ? (double)mib / seconds : 0;
	if (rate < 1.0)
		br_buf_addf(out, "%3u MB in %5.2f seconds = %6.2f kB/sec\n", mib, seconds, rate * 1024);
	else
		br_buf_addf(out, "%3u MB in %5.2f seconds = %6.2f MB/sec\n", mib, seconds, rate);
}

struct target {
	int fd;
	uint64_t size;       /* bytes we may read */
	const char *path;
	bool is_file;
	struct br_scratch s;
};

int br_run_prepare_file(struct br_run_ctx *c, struct br_scratch *s, uint64_t size)
{
	void *mem = NULL;
	if (posix_memalign(&mem, 4096, BR_RUN_BLOCK) != 0)
		return br_error("out of memory");
	br_fill_random(mem, BR_RUN_BLOCK, c->seed ^ 0x7A7Au);
	br_set_direct(s->fd, c->direct_ok);
	struct br_meter m;
	memset(&m, 0, sizeof m);
	m.o = c->o;
	m.run = c->run;
	m.runs = c->runs;
	br_meter_start(&m, "prepare", size, 0); /* for the progress line only */
	int rc = 0;
	for (uint64_t off = 0; off < size; off += BR_RUN_BLOCK) {
		memcpy(mem, &off, sizeof off);
		double t = br_now();
		if (br_pwrite_full(s->fd, mem, BR_RUN_BLOCK, (off_t)off) != 0) {
			rc = br_io_error("write", s->path, errno);
			break;
		}
		br_meter_op(&m, t, BR_RUN_BLOCK);
	}
	if (rc == 0 && fdatasync(s->fd) != 0)
		rc = br_io_error("flush", s->path, errno);
	struct br_bonnie_phase unused;
	br_meter_stop(&m, &unused);
	br_set_direct(s->fd, false);
	free(mem);
	return rc;
}

static int open_target(struct br_run_ctx *c, struct target *t)
{
	memset(t, 0, sizeof *t);
	t->fd = -1;
	t->s.fd = -1;
	t->s.slot = -1;
	const struct br_run_opts *o = c->o;
	if (o->device) {
		struct stat st;
		int fl = O_RDONLY | O_CLOEXEC;
		if (stat(o->device, &st) == 0 && S_ISBLK(st.st_mode))
			fl |= O_EXCL;
		t->fd = open(o->device, fl);
		if (t->fd < 0)
			return br_error("cannot open '%s': %s", o->device, strerror(errno));
		uint64_t sz = 0;
		if (fstat(t->fd, &st) == 0 && S_ISREG(st.st_mode))
			sz = (uint64_t)st.st_size;
		else if (ioctl(t->fd, BLKGETSIZE64, &sz) != 0)
			sz = 0;
		sz &= ~(uint64_t)(BR_RUN_HDPARM_BUF - 1);
		if (sz < BR_RUN_HDPARM_BUF) {
			close(t->fd);
			return br_error("'%s' is smaller than hdparm's 2 MiB buffer", o->device);
		}
		t->size = sz;
		t->path = o->device;
		return 0;
	}
	if (br_scratch_file(o->dir, "hdparm", &t->s) < 0)
		return -1;
	t->is_file = true;
	t->fd = t->s.fd;
	t->size = c->size;
	t->path = t->s.path;
	if (br_run_prepare_file(c, &t->s, t->size) < 0) {
		br_scratch_remove(&t->s);
		return -1;
	}
	return 0;
}

static void close_target(struct target *t)
{
	if (t->is_file)
		br_scratch_remove(&t->s);
	else if (t->fd >= 0)
		close(t->fd);
	t->fd = -1;
}

static void meter_init(struct br_meter *m, struct br_run_ctx *c)
{
	memset(m, 0, sizeof *m);
	m->o = c->o;
	m->run = c->run;
	m->runs = c->runs;
}

/* -T: the same 2 MiB again and again. */
static int time_cached(struct br_run_ctx *c, struct target *t, unsigned char *buf, bool direct,
		       double duration, struct br_bonnie_phase *out)
{
	br_set_direct(t->fd, direct);
	if (br_pread_full(t->fd, buf, BR_RUN_HDPARM_BUF, 0) != 0) /* bring it in */
		return br_io_error("read", t->path, errno);
	struct br_meter m;
	meter_init(&m, c);
	br_meter_start(&m, direct ? "direct_cached_read" : "cached_read", 0, duration);
	do {
		double t0 = br_now();
		if (br_pread_full(t->fd, buf, BR_RUN_HDPARM_BUF, 0) != 0)
			return br_io_error("read", t->path, errno);
		br_meter_op(&m, t0, BR_RUN_HDPARM_BUF);
	} while (br_now() - m.t0 < duration);
	br_meter_stop(&m, out);
	return 0;
}

/* -t: sequential 2 MiB reads from a cold cache. */
static int time_disk(struct br_run_ctx *c, struct target *t, unsigned char *buf, bool direct,
		     double duration, struct br_bonnie_phase *out, unsigned *wraps)
{
	br_set_direct(t->fd, false);
	if (br_drop_cache(t->fd) != 0)
		return br_io_error("flush", t->path, errno);
	br_set_direct(t->fd, direct);
	struct br_meter m;
	meter_init(&m, c);
	br_meter_start(&m, direct ? "direct_read" : "buffered_read", 0, duration);
	uint64_t off = 0;
	*wraps = 0;
	do {
		if (off + BR_RUN_HDPARM_BUF > t->size) {
			/* start over from a cold cache (the drop is timed) */
			(void)posix_fadvise(t->fd, 0, 0, POSIX_FADV_DONTNEED);
			off = 0;
			(*wraps)++;
		}
		double t0 = br_now();
		if (br_pread_full(t->fd, buf, BR_RUN_HDPARM_BUF, (off_t)off) != 0)
			return br_io_error("read", t->path, errno);
		br_meter_op(&m, t0, BR_RUN_HDPARM_BUF);
		off += BR_RUN_HDPARM_BUF;
	} while (br_now() - m.t0 < duration);
	br_meter_stop(&m, out);
	return 0;
}

int br_run_hdparm(struct br_run_ctx *c, struct br_buf *out)
{
	struct target t;
	if (open_target(c, &t) < 0)
		return -1;
	void *mem = NULL;
	if (posix_memalign(&mem, 4096, BR_RUN_HDPARM_BUF) != 0) {
		close_target(&t);
		return br_error("out of memory");
	}
	bool direct = c->o->direct;
	double dT = c->o->quick ? 0.25 : 2.0, dt = c->o->quick ? 0.5 : 3.0;
	struct br_bonnie_phase pT = {0}, pt = {0};
	unsigned wraps = 0;
	int rc = time_cached(c, &t, mem, direct, dT, &pT);
	if (rc == 0)
		rc = time_disk(c, &t, mem, direct, dt, &pt, &wraps);
	/* the header names what the user pointed us at (the directory or the
	 * device), like hdparm's device line: the scratch file's random name
	 * would differ on every run */
	char *path = br_strdup(c->o->device ? c->o->device : c->o->dir);
	char *file = br_strdup(t.path);
	close_target(&t);
	free(mem);
	if (rc != 0) {
		free(path);
		free(file);
		return -1;
	}
	br_buf_addc(out, '\n');
	if (c->heading)
		br_buf_addf(out, "%s:\n", c->heading);
	br_hdparm_format_header(path, out);
	br_hdparm_format_line('T', direct, (unsigned)(pT.bytes >> 20), pT.seconds, out);
	br_hdparm_format_line('t', direct, (unsigned)(pt.bytes >> 20), pt.seconds, out);
	free(path);
	char how[PATH_MAX + 128];
	snprintf(how, sizeof how, "2 MiB %s of one region of %s", direct ? "O_DIRECT reads" : "reads",
		 file);
	br_note_phase(c->notes, "hdparm", direct ? "direct_cached_read" : "cached_read", &pT, how);
	snprintf(how, sizeof how, "2 MiB %s reads of %s from a cold cache, %u restart%s at its end",
		 direct ? "O_DIRECT" : "buffered", file, wraps, wraps == 1 ? "" : "s");
	free(file);
	br_note_phase(c->notes, "hdparm", direct ? "direct_read" : "buffered_read", &pt, how);
	return 0;
}
