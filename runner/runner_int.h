/*
 * runner_int — what the runner's files share and nobody else needs: scratch
 * files and their signal-safe cleanup registry (scratch.c), the phase meter
 * (time, CPU, maximum latency, progress) and careful I/O helpers (run.c),
 * and the three measurements (bonnie.c, hdparm.c, rawio.c).
 */
#ifndef BR_RUNNER_INT_H
#define BR_RUNNER_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdatomic.h>
#include <sys/types.h>

#include "runner.h"

/* ------------------------------------------------------------ scratch.c */

/* A scratch file inside the target directory. The directory is opened once
 * (O_DIRECTORY|O_NOFOLLOW) and the file created relative to it with
 * O_CREAT|O_EXCL|O_NOFOLLOW under a random name: never through a symlink,
 * never an existing name. Recorded in the registry until removed. */
struct br_scratch {
	int fd;
	int slot;
	char *path;      /* dir/name, for messages and the hdparm header */
};

/* A scratch directory for the file-creation tests; its files are named by
 * index (br_scratch_index_name) so the signal handler can rebuild every name
 * without allocating. */
struct br_scratch_dir {
	int dfd;
	int slot;
	char *path;
};

/* Install the SIGINT/SIGTERM/SIGHUP handler (saving the old actions) / put
 * the old actions back. Nest-safe. */
void br_scratch_guard_begin(void);
void br_scratch_guard_end(void);

int br_scratch_file(const char *dir, const char *tag, struct br_scratch *s);
/* Close and unlink; safe to call twice. */
void br_scratch_remove(struct br_scratch *s);
int br_scratch_dir_make(const char *dir, unsigned nfiles, struct br_scratch_dir *d);
void br_scratch_dir_remove(struct br_scratch_dir *d, unsigned nfiles);
/* Remove the scratch files and directories a run killed by SIGKILL left in
 * dir (ours, named as above, not locked by a live run); returns how many
 * entries went. */
int br_scratch_clean_stale(const char *dir);
/* "f0000123" style name of file i (buf >= 16 bytes); async-signal-safe. */
void br_scratch_index_name(unsigned i, char *buf);
/* Is `dir` on tmpfs/ramfs (so figures measure memory)? */
bool br_scratch_on_memory_fs(int fd);

/* ------------------------------------------------------------ run.c */

double br_now(void);             /* CLOCK_MONOTONIC seconds */
double br_cpu_seconds(void);     /* user+sys of the process */

/* Times a phase: wall time, CPU %, maximum op latency, bytes, progress. */
struct br_meter {
	const struct br_run_opts *o;
	unsigned run, runs;
	const char *phase;
	double t0, cpu0, last_report, last_bytes_t;
	uint64_t last_bytes;
	double max_lat;
	uint64_t bytes, ops;
	uint64_t total;      /* expected bytes or ops for the fraction; 0 = by time */
	double duration;     /* time-bound phase: its length */
	bool count_ops;      /* fraction from ops rather than bytes */
};
void br_meter_start(struct br_meter *m, const char *phase, uint64_t total, double duration);
/* One operation that began at `t_start` moved `bytes`; returns now. */
double br_meter_op(struct br_meter *m, double t_start, uint64_t bytes);
void br_meter_stop(struct br_meter *m, struct br_bonnie_phase *out);

/* Full-length pread/pwrite; EINTR retried; a short read is EIO ("unexpected
 * end of file"). 0 / -1 with errno. */
int br_pread_full(int fd, void *buf, size_t n, off_t off);
int br_pwrite_full(int fd, const void *buf, size_t n, off_t off);
/* Turn O_DIRECT on or off on an open file; false if the fs refuses it. */
bool br_set_direct(int fd, bool on);
/* fdatasync + POSIX_FADV_DONTNEED of the whole file: the next read is cold. */
int br_drop_cache(int fd);
/* Fill `buf` with pseudo-random bytes (incompressible, not zero pages). */
void br_fill_random(void *buf, size_t n, uint64_t seed);
/* xorshift64* */
uint64_t br_rand_next(uint64_t *state);
/* Set br_error() for a failed I/O call on `what`, with a plain-words hint for
 * ENOSPC and EIO. Returns -1. */
int br_io_error(const char *op, const char *what, int err);
/* Call the user's progress callback for a worker pool (main thread). */
void br_meter_report(struct br_meter *m, uint64_t done_bytes, uint64_t done_ops, double now);

/* A pool of worker threads sharing counters; the calling thread reports
 * progress from them until every worker has finished. */
struct br_pool {
	struct br_meter *m;
	_Atomic uint64_t bytes, ops, next;
	_Atomic int stop;          /* a worker failed: the others give up */
	_Atomic unsigned done;
};

struct br_worker {
	struct br_pool *pool;
	unsigned id;
	void *arg;                 /* the measurement's context */
	uint64_t rng;
	uint64_t todo;             /* operations for this worker (random tests) */
	double max_lat;            /* seconds */
	double t_end;              /* when this worker finished */
	int err;                   /* errno of the first failure, 0 = none */
	const char *err_op;        /* "read", "write" … */
};

/* Record an operation's latency and bytes from a worker. */
void br_worker_op(struct br_worker *w, double t_start, uint64_t bytes);
/* Mark a worker finished (call last in fn). */
void br_worker_done(struct br_worker *w);
/* Run fn on each of w[0..n); fills the meter's bytes, ops, max latency and
 * the end time of the last worker. 0, or -1 with br_error() about `what`. */
int br_pool_run(struct br_pool *pool, struct br_worker *w, unsigned n, void *(*fn)(void *),
		const char *what, double *t_end);
/* Stop the meter at a given end time (pool phases). */
void br_meter_stop_at(struct br_meter *m, double t_end, struct br_bonnie_phase *out);

/* The calls of the per-character phases, replaceable so that a unit test
 * can count them; NULL members mean write(2) and read(2). */
struct br_char_io {
	ssize_t (*write)(void *ctx, int fd, const void *buf, size_t n);
	ssize_t (*read)(void *ctx, int fd, void *buf, size_t n);
	void *ctx;
};
/* bonnie++ 2.00a's per-character phases at fd's offset: `n` bytes, one
 * write() (read()) call of ONE byte each, EINTR retried, each call timed as
 * one operation of `m`. Reading stops early at end of file; *got says how
 * many bytes came. 0 / -1 with errno. */
int br_char_write(int fd, uint64_t n, const struct br_char_io *io, struct br_meter *m);
int br_char_read(int fd, uint64_t n, const struct br_char_io *io, struct br_meter *m, uint64_t *got);

/* Phase comment lines ("# phase put_block: ...") appended to `notes`. */
void br_note_phase(struct br_buf *notes, const char *tool, const char *phase,
		   const struct br_bonnie_phase *p, const char *how);

/* ------------------------------------------------------------ measurements */

struct br_run_ctx {
	const struct br_run_opts *o;
	unsigned run, runs;
	uint64_t size;
	uint64_t char_size;      /* per-char phases; 0 = skipped */
	unsigned workers;
	unsigned files;
	const char *name;
	bool direct_ok;          /* O_DIRECT worked on the target */
	bool memory_fs;          /* tmpfs/ramfs target */
	struct br_buf *notes;    /* per-phase summary lines */
	const char *heading;     /* "LABEL:" line above each block ("LABEL / run 2"), or NULL */
	uint64_t seed;
};

/* Fill a fresh scratch file with `size` bytes of incompressible data (not
 * timed; the file then holds real blocks, not holes). */
int br_run_prepare_file(struct br_run_ctx *c, struct br_scratch *s, uint64_t size);

int br_run_bonnie(struct br_run_ctx *c, struct br_buf *out);
int br_run_hdparm(struct br_run_ctx *c, struct br_buf *out);
int br_run_rawio(struct br_run_ctx *c, struct br_buf *out);

#endif
