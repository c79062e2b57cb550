/*
 * runner — the native runner behind `benchreport run`: measures the storage
 * it is pointed at and writes the results as TEXT in the tools' own formats
 * (the bonnie++ 2.00a text report and 1.98-layout CSV line, hdparm's timing
 * lines, rawio's table). It never builds records: cli/ feeds the text to the
 * parsers like any other document (DESIGN.md).
 *
 * Honest about itself: the layouts are the tools', the version is its own
 * (BR_RUN_VERSION, "benchreport-run 0.1.0") wherever the layout has a
 * version (bonnie++'s "Version" line and CSV field 1), so no record it
 * writes passes for a real bonnie++ run; and its per-character phases are
 * those of the bonnie++ whose layout it writes (2.00a): one write() or
 * read() call per byte, over a smaller size of their own (bonnie++ -f).
 *
 * Honest measurement without a file twice the size of RAM: between phases
 * the scratch file is flushed and its own pages dropped (fdatasync +
 * POSIX_FADV_DONTNEED); block, rewrite, seek and rawio I/O use O_DIRECT where
 * the filesystem allows it; write phases include their final fdatasync. The
 * text says which method was used.
 *
 * Safety: scratch files are created with O_EXCL under random names inside an
 * already-opened target directory (never through a symlink); they are
 * removed on success, on error and on SIGINT/SIGTERM/SIGHUP (the handler
 * unlinks the recorded names, then re-raises). Free space is checked before
 * anything is written. A block device is only ever written with
 * `destructive` set together with `device`, and a mounted or busy device is
 * refused.
 *
 * Library code: never prints, never exits; errors are br_error() messages.
 * The scratch-file registry is the only process-wide mutable state: a signal
 * handler cannot reach anything else.
 */
#ifndef BR_RUNNER_H
#define BR_RUNNER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "util.h"

enum {
	BR_RUN_BONNIE = 1 << 0,
	BR_RUN_HDPARM = 1 << 1,
	BR_RUN_RAWIO = 1 << 2,
	BR_RUN_ALL = BR_RUN_BONNIE | BR_RUN_HDPARM | BR_RUN_RAWIO,
};

/* Sizes the runner uses unless told otherwise. */
#define BR_RUN_DEFAULT_SIZE (1024ull << 20)   /* scratch file: 1 GiB */
#define BR_RUN_QUICK_SIZE (8ull << 20)        /* --quick: 8 MiB */
#define BR_RUN_MIN_SIZE (4ull << 20)
#define BR_RUN_BLOCK (1u << 20)               /* bonnie block phases: 1 MiB */
#define BR_RUN_SEEK_BLOCK 8192u               /* bonnie++'s chunk for seeks */
#define BR_RUN_RAWIO_BLOCK 16384u             /* rawio's transfer (rawio.md §3) */
#define BR_RUN_HDPARM_BUF (2u << 20)          /* hdparm's 2 MiB buffer */
#define BR_RUN_SEEKS 8192u                    /* bonnie++'s seek count */
#define BR_RUN_WORKERS 5u                     /* bonnie++'s seeker processes */
#define BR_RUN_FILES 16u                      /* bonnie++ -n default (x1024) */
#define BR_RUN_CHAR_SIZE (3ull << 20)         /* per-char phases: bonnie++ 2.00a's -f default */
#define BR_RUN_QUICK_CHAR_SIZE (256ull << 10) /* --quick: about a quarter second each */
#define BR_RUN_MIN_CHAR_SIZE (64ull << 10)

#ifndef BR_VERSION
#define BR_VERSION "0.0.0"
#endif
/* What the runner writes where a tool writes its version. */
#define BR_RUN_VERSION "benchreport-run " BR_VERSION
/* A version string the runner wrote starts with this. */
#define BR_RUN_VERSION_PREFIX "benchreport-run "

/* What the caller is told while a phase runs (for a progress line). */
struct br_run_progress {
	const char *phase;     /* "put_block", "cached_read", "random_read" … */
	unsigned run, runs;    /* 1-based run number, total runs */
	double fraction;       /* 0..1 of this phase */
	double mib_per_sec;    /* current rate, 0 when the phase moves no bytes */
	double seconds_left;   /* estimate for this phase, < 0 when unknown */
};

struct br_run_opts {
	const char *dir;        /* target directory for scratch files (bonnie; hdparm/rawio without device) */
	const char *device;     /* block device or image file for hdparm and rawio, or NULL */
	bool destructive;       /* allow rawio writes on `device` */
	unsigned tests;         /* BR_RUN_* bits; 0 = all */
	uint64_t size;          /* scratch file size in bytes; 0 = default (rounded down to MiB) */
	uint64_t char_size;     /* per-char phases, bytes (bonnie++ -f SIZE); 0 = default */
	bool char_size_set;     /* `char_size` was given (0 then means: skip them, like -f) */
	unsigned files;         /* file-creation test, in units of 1024 files; 0 = default */
	bool files_set;         /* `files` was given (0 then means: skip the file tests) */
	unsigned runs;          /* 0 = 1 */
	unsigned workers;       /* seek and rawio workers; 0 = default */
	unsigned rawio_block;   /* rawio transfer size; 0 = 16 KiB */
	bool quick;             /* a few seconds; rough figures */
	bool direct;            /* hdparm --direct */
	const char *name;       /* bonnie++ name / rawio ID; NULL = host name */
	const char *label;      /* written as a "LABEL:" heading above each block, or NULL */
	/* Progress callback (called from the measuring thread only), or NULL. */
	void (*progress)(const struct br_run_progress *p, void *ctx);
	void *progress_ctx;
};

/* Facts about the target recorded with every result. */
struct br_run_target {
	char *host;        /* gethostname() */
	char *kernel;      /* "Linux 6.1.0-18-amd64" (uname -sr) */
	char *filesystem;  /* "ext4", "tmpfs", … from /proc/self/mounts, else statfs f_type */
	char *path;        /* the directory or device as given */
};

/* The text of every run: runs[i] is run i+1's output in the tools' formats,
 * preceded by comment lines ("# ...") saying how it was measured. */
struct br_run_report {
	char **runs;
	size_t n;
	struct br_run_target target;
	/* --quick: the caveat every output must carry ("a file of 8 MiB and
	 * short phases; the figures are rough, ..."), without the "[quick]"
	 * tag; NULL otherwise */
	char *quick_caveat;
	unsigned quick_line;   /* its "# [quick]" line in each run's text (1-based) */
};

/* Measure. 0 on success; with br_error() set: BR_RUN_REFUSED when nothing
 * was measured (bad target, not enough space), BR_RUN_FAILED when a run
 * failed midway (ENOSPC, EIO). Every scratch file is removed either way. */
#define BR_RUN_REFUSED (-1)
#define BR_RUN_FAILED (-2)
int br_run(const struct br_run_opts *o, struct br_run_report *rep);
void br_run_report_free(struct br_run_report *rep);

/* Host, kernel and filesystem of `path` (a directory or device). 0 / -1. */
int br_run_target_info(const char *path, struct br_run_target *t);
void br_run_target_free(struct br_run_target *t);

/* "64M", "1G", "512k", "1048576" (bytes), "2T" → bytes (K/M/G/T = 2^10…2^40,
 * case-insensitive, optional trailing "B"/"iB"). -1 on a bad size. */
int br_run_parse_size(const char *s, uint64_t *out);

/* --tests LIST ("bonnie,hdparm,rawio") → BR_RUN_* bits; -1 on an unknown name. */
int br_run_parse_tests(const char *list, unsigned *out);

/* ------------------------------------------------------------ formatting
 * The pieces below are exposed for the unit tests: they turn given figures
 * into the tools' exact text, with no timing involved. */

/* One bonnie++ figure. */
struct br_bonnie_phase {
	bool ran;            /* measured (else blank in text, empty in CSV) */
	double seconds;      /* wall time of the phase */
	double cpu;          /* percent (user+sys over wall time) */
	double latency;      /* maximum single-operation latency, seconds */
	uint64_t bytes;      /* bytes moved (I/O phases) */
	uint64_t ops;        /* operations (seeks, files) */
};

enum br_bonnie_test {
	BR_BON_PUTC, BR_BON_PUT_BLOCK, BR_BON_REWRITE, BR_BON_GETC, BR_BON_GET_BLOCK, BR_BON_SEEKS,
	BR_BON_SEQ_CREATE, BR_BON_SEQ_STAT, BR_BON_SEQ_DEL, BR_BON_RAN_CREATE, BR_BON_RAN_STAT,
	BR_BON_RAN_DEL, BR_BON_COUNT
};

struct br_bonnie_result {
	const char *version;     /* written where bonnie++ writes its version */
	const char *name;        /* host name */
	uint64_t size;           /* file size, bytes (whole MiB) */
	uint64_t char_size;      /* per-char phases, bytes (not printed: 2.00a does not) */
	unsigned chunk;          /* block size, bytes */
	unsigned seeks;          /* seek count */
	unsigned seek_procs;     /* seek workers */
	unsigned files;          /* file test, x1024; 0 = not run */
	unsigned long seed;
	double min_time;         /* a phase shorter than this prints +++++ */
	struct br_bonnie_phase p[BR_BON_COUNT];
};

/* The rate bonnie++ would print: KiB/s for I/O, /s for seeks and files. */
double br_bonnie_rate(const struct br_bonnie_result *r, enum br_bonnie_test t);
/* bonnie++ 2.00a's text report (both sections, with Latency lines) — but the
 * create/stat/delete rates printed correctly. */
void br_bonnie_format_text(const struct br_bonnie_result *r, struct br_buf *out);
/* The 50-field 1.98-layout CSV line, with its newline. */
void br_bonnie_format_csv(const struct br_bonnie_result *r, struct br_buf *out);
/* 2.00a's rate cell: "540k", "15.8m", "728m", "1.1g". */
void br_bonnie_format_kib(double kib_per_sec, char *buf, size_t n);
/* bonnie++'s latency cell: "17953us", "554ms", "120s". */
void br_bonnie_format_latency(double seconds, char *buf, size_t n);
/* bonnie++'s size cell: "8M", "1G", "1536M". */
void br_bonnie_format_size(uint64_t bytes, char *buf, size_t n);

/* hdparm's device header ("\n%s:\n") and timing lines. `kind`: 'T' cached,
 * 't' disk; `direct` selects the O_DIRECT labels. */
void br_hdparm_format_header(const char *path, struct br_buf *out);
void br_hdparm_format_line(char kind, bool direct, unsigned mib, double seconds, struct br_buf *out);

/* rawio's table: group header, units line, one row. ran[i] says whether
 * group i (random read, sequential read, random write, sequential write) was
 * measured; bytes and ops per second for each group. */
struct br_rawio_result {
	const char *id;
	bool ran[4];
	double bytes_per_sec[4];
	double ops_per_sec[4];
};
void br_rawio_format(const struct br_rawio_result *r, struct br_buf *out);

/* ------------------------------------------------------------ safety
 * Exposed for the unit tests. */

/* Refuse a target that is not a real directory (a symlink, a file). 0 / -1. */
int br_run_check_dir(const char *dir);
/* Enough room for `bytes` plus `inodes` new files in `dir`? 0 / -1 with a
 * clear message. */
int br_run_check_space(const char *dir, uint64_t bytes, uint64_t inodes);
/* May `dev` be used (a block device or a regular image file; not mounted;
 * writable only when `destructive`)? 0 / -1. */
int br_run_check_device(const char *dev, bool destructive);

#endif
