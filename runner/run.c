/*
 * run — the runner's entry point (br_run): checks the target, then runs the
 * selected measurements --runs times and collects each run's text. Also the
 * pieces every measurement shares: the phase meter (wall time, CPU % from
 * getrusage, maximum op latency, progress), the worker pool, careful I/O
 * helpers, size and test-list parsing, and the facts recorded about the
 * target (host, kernel, filesystem).
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/random.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "runner_int.h"

/* ------------------------------------------------------------ clocks */

double br_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

double br_cpu_seconds(void)
{
	struct rusage ru;
	if (getrusage(RUSAGE_SELF, &ru) != 0)
		return 0;
	return (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec / 1e6 +
	       (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec / 1e6;
}

/* ------------------------------------------------------------ meter */

void br_meter_report(struct br_meter *m, uint64_t done_bytes, uint64_t done_ops, double now)
{
	if (!m->o || !m->o->progress)
		return;
	struct br_run_progress p = {0};
	p.phase = m->phase;
	p.run = m->run;
	p.runs = m->runs;
	double el = now - m->t0;
	if (m->total)
		p.fraction = (double)(m->count_ops ? done_ops : done_bytes) / (double)m->total;
	else if (m->duration > 0)
		p.fraction = el / m->duration;
	if (p.fraction > 1)
		p.fraction = 1;
	double dt = now - m->last_bytes_t;
	if (dt > 0 && done_bytes >= m->last_bytes)
		p.mib_per_sec = (double)(done_bytes - m->last_bytes) / dt / 1048576.0;
	m->last_bytes = done_bytes;
	m->last_bytes_t = now;
	p.seconds_left = p.fraction > 0.01 ? el * (1 - p.fraction) / p.fraction : -1;
	m->last_report = now;
	m->o->progress(&p, m->o->progress_ctx);
}

void br_meter_start(struct br_meter *m, const char *phase, uint64_t total, double duration)
{
	m->phase = phase;
	m->total = total;
	m->duration = duration;
	m->bytes = m->ops = 0;
	m->max_lat = 0;
	m->last_bytes = 0;
	m->cpu0 = br_cpu_seconds();
	m->t0 = br_now();
	m->last_report = m->last_bytes_t = m->t0;
	br_meter_report(m, 0, 0, m->t0);
}

double br_meter_op(struct br_meter *m, double t_start, uint64_t bytes)
{
	double t = br_now();
	if (t - t_start > m->max_lat)
		m->max_lat = t - t_start;
	m->bytes += bytes;
	m->ops++;
	if (m->o && m->o->progress && t - m->last_report >= 0.25)
		br_meter_report(m, m->bytes, m->ops, t);
	return t;
}

void br_meter_stop_at(struct br_meter *m, double t_end, struct br_bonnie_phase *out)
{
	double cpu = br_cpu_seconds() - m->cpu0;
	out->ran = true;
	out->seconds = t_end - m->t0;
	out->cpu = out->seconds > 0 ? cpu / out->seconds * 100.0 : 0;
	out->latency = m->max_lat;
	out->bytes = m->bytes;
	out->ops = m->ops;
	if (m->o && m->o->progress) {
		m->last_report = 0;
		struct br_run_progress p = {m->phase, m->run, m->runs, 1.0, 0, 0};
		m->o->progress(&p, m->o->progress_ctx);
	}
}

void br_meter_stop(struct br_meter *m, struct br_bonnie_phase *out)
{
	br_meter_stop_at(m, br_now(), out);
}

/* ------------------------------------------------------------ pool */

void br_worker_op(struct br_worker *w, double t_start, uint64_t bytes)
{
	double lat = br_now() - t_start;
	if (lat > w->max_lat)
		w->max_lat = lat;
	atomic_fetch_add(&w->pool->bytes, bytes);
	atomic_fetch_add(&w->pool->ops, 1);
}

void br_worker_done(struct br_worker *w)
{
	w->t_end = br_now();
	if (w->err)
		atomic_store(&w->pool->stop, 1);
	atomic_fetch_add(&w->pool->done, 1);
}

int br_pool_run(struct br_pool *pool, struct br_worker *w, unsigned n, void *(*fn)(void *),
		const char *what, double *t_end)
{
	pthread_t *th = br_calloc(n, sizeof *th);
	unsigned started = 0;
	int create_err = 0;
	for (; started < n; started++) {
		w[started].pool = pool;
		create_err = pthread_create(&th[started], NULL, fn, &w[started]);
		if (create_err) {
			atomic_store(&pool->stop, 1);
			break;
		}
	}
	while (atomic_load(&pool->done) < started) {
		struct timespec ts = {0, 50 * 1000 * 1000};
		nanosleep(&ts, NULL);
		if (atomic_load(&pool->done) < started)
			br_meter_report(pool->m, atomic_load(&pool->bytes), atomic_load(&pool->ops), br_now());
	}
	for (unsigned i = 0; i < started; i++)
		pthread_join(th[i], NULL);
	free(th);
	struct br_meter *m = pool->m;
	double end = m->t0;
	for (unsigned i = 0; i < started; i++) {
		if (w[i].max_lat > m->max_lat)
			m->max_lat = w[i].max_lat;
		if (w[i].t_end > end)
			end = w[i].t_end;
	}
	m->bytes = atomic_load(&pool->bytes);
	m->ops = atomic_load(&pool->ops);
	*t_end = end;
	if (create_err)
		return br_error("cannot start a worker thread: %s", strerror(create_err));
	for (unsigned i = 0; i < started; i++)
		if (w[i].err)
			return br_io_error(w[i].err_op ? w[i].err_op : "use", what, w[i].err);
	return 0;
}

/* ------------------------------------------------------------ I/O helpers */

int br_pread_full(int fd, void *buf, size_t n, off_t off)
{
	char *p = buf;
	while (n) {
		ssize_t r = pread(fd, p, n, off);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return -1;
		if (r == 0) {
			errno = EIO;
			return -1;
		}
		p += r;
		n -= (size_t)r;
		off += r;
	}
	return 0;
}

int br_pwrite_full(int fd, const void *buf, size_t n, off_t off)
{
	const char *p = buf;
	while (n) {
		ssize_t r = pwrite(fd, p, n, off);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return -1;
		if (r == 0) {
			errno = ENOSPC;
			return -1;
		}
		p += r;
		n -= (size_t)r;
		off += r;
	}
	return 0;
}

bool br_set_direct(int fd, bool on)
{
	int fl = fcntl(fd, F_GETFL);
	if (fl < 0)
		return false;
	int want = on ? (fl | O_DIRECT) : (fl & ~O_DIRECT);
	if (want == fl)
		return true;
	return fcntl(fd, F_SETFL, want) == 0;
}

int br_drop_cache(int fd)
{
	struct stat st;
	if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && fdatasync(fd) != 0)
		return -1;
	(void)posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
	return 0;
}

uint64_t br_rand_next(uint64_t *s)
{
	uint64_t x = *s ? *s : 0x9E3779B97F4A7C15ull;
	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	*s = x;
	return x * 0x2545F4914F6CDD1Dull;
}

void br_fill_random(void *buf, size_t n, uint64_t seed)
{
	uint64_t st = seed | 1;
	unsigned char *p = buf;
	size_t i = 0;
	for (; i + 8 <= n; i += 8) {
		uint64_t v = br_rand_next(&st);
		memcpy(p + i, &v, 8);
	}
	for (; i < n; i++)
		p[i] = (unsigned char)br_rand_next(&st);
}

int br_io_error(const char *op, const char *what, int err)
{
	const char *hint = "";
	if (err == ENOSPC)
		hint = " (the filesystem is full)";
	else if (err == EDQUOT)
		hint = " (disk quota exceeded)";
	else if (err == EIO)
		hint = " (an I/O error: the disk or filesystem reported a failure)";
	return br_error("cannot %s '%s': %s%s; the run was stopped and its scratch files removed",
			op, what, strerror(err), hint);
}

/* ------------------------------------------------------------ notes
 * Comment lines are "# [tag] text": a '#' followed by a non-alphanumeric is
 * a comment to core/label.c, never a heading that would title the results. */

static void add_duration(struct br_buf *b, double s)
{
	br_buf_addf(b, "%.3f s", s);
}

void br_note_phase(struct br_buf *notes, const char *tool, const char *phase,
		   const struct br_bonnie_phase *p, const char *how)
{
	br_buf_addf(notes, "# [phase] %s %s: ", tool, phase);
	if (p->bytes) {
		br_buf_addf(notes, "%llu bytes in ", (unsigned long long)p->bytes);
		add_duration(notes, p->seconds);
		if (p->seconds > 0)
			br_buf_addf(notes, " (%.1f MiB/s)", (double)p->bytes / 1048576.0 / p->seconds);
		if (p->ops)
			br_buf_addf(notes, ", %llu ops", (unsigned long long)p->ops);
	} else {
		br_buf_addf(notes, "%llu ops in ", (unsigned long long)p->ops);
		add_duration(notes, p->seconds);
	}
	br_buf_addf(notes, ", cpu %.0f%%, max latency %.0f us", p->cpu, p->latency * 1e6);
	if (how && *how)
		br_buf_addf(notes, ", %s", how);
	br_buf_addc(notes, '\n');
}

/* ------------------------------------------------------------ parsing */

int br_run_parse_size(const char *s, uint64_t *out)
{
	if (!s || !*s)
		return -1;
	char *end;
	errno = 0;
	/* digits with at most one decimal point: no sign, no hex, no exponent */
	size_t digits = strspn(s, "0123456789.");
	if (digits == 0 || memchr(s, '.', digits) != memrchr(s, '.', digits))
		return -1;
	double v = strtod(s, &end);
	if (end != s + digits)
		return -1;
	if (errno || end == s || !(v >= 0))
		return -1;
	double mul = 1;
	switch (*end) {
	case 'k': case 'K': mul = 1024.0; end++; break;
	case 'm': case 'M': mul = 1048576.0; end++; break;
	case 'g': case 'G': mul = 1073741824.0; end++; break;
	case 't': case 'T': mul = 1099511627776.0; end++; break;
	default: break;
	}
	if (mul > 1 && (strcasecmp(end, "ib") == 0 || strcasecmp(end, "b") == 0))
		end += strlen(end);
	else if (mul == 1 && (strcmp(end, "b") == 0 || strcmp(end, "B") == 0))
		end++;
	if (*end)
		return -1;
	double b = v * mul;
	if (b > 9.0e18 || (mul == 1 && b != (double)(uint64_t)b))
		return -1;
	*out = (uint64_t)b;
	return 0;
}

int br_run_parse_tests(const char *list, unsigned *out)
{
	unsigned bits = 0;
	const char *p = list;
	if (!p || !*p)
		return -1;
	while (*p) {
		size_t n = strcspn(p, ",");
		if (n == 6 && strncmp(p, "bonnie", 6) == 0)
			bits |= BR_RUN_BONNIE;
		else if (n == 8 && strncmp(p, "bonnie++", 8) == 0)
			bits |= BR_RUN_BONNIE;
		else if (n == 6 && strncmp(p, "hdparm", 6) == 0)
			bits |= BR_RUN_HDPARM;
		else if (n == 5 && strncmp(p, "rawio", 5) == 0)
			bits |= BR_RUN_RAWIO;
		else if (n == 3 && strncmp(p, "all", 3) == 0)
			bits |= BR_RUN_ALL;
		else
			return -1;
		p += n;
		if (*p == ',')
			p++;
	}
	*out = bits;
	return bits ? 0 : -1;
}

/* ------------------------------------------------------------ target */

static const char *fs_magic_name(unsigned long t)
{
	static const struct { unsigned long magic; const char *name; } tab[] = {
		{0xEF53, "ext2/ext3/ext4"}, {0x58465342, "xfs"}, {0x9123683E, "btrfs"},
		{0x01021994, "tmpfs"}, {0x858458f6, "ramfs"}, {0x6969, "nfs"},
		{0x2fc12fc1, "zfs"}, {0xF2F52010, "f2fs"}, {0x794c7630, "overlay"},
		{0x4d44, "vfat"}, {0x5346544e, "ntfs"}, {0x65735546, "fuse"},
		{0xFF534D42, "cifs"}, {0x73717368, "squashfs"}, {0xca451a4e, "bcachefs"},
	};
	for (size_t i = 0; i < BR_ARRAY_LEN(tab); i++)
		if (tab[i].magic == t)
			return tab[i].name;
	return NULL;
}

/* The fstype of the mount that holds `path` (the last matching line of
 * /proc/self/mounts wins: later mounts hide earlier ones). */
static char *mount_fstype(const char *path)
{
	struct stat st;
	if (stat(path, &st) != 0)
		return NULL;
	FILE *fp = fopen("/proc/self/mounts", "re");
	if (!fp)
		return NULL;
	char line[4096], *found = NULL;
	while (fgets(line, sizeof line, fp)) {
		char src[1024], mnt[2048], type[128];
		if (sscanf(line, "%1023s %2047s %127s", src, mnt, type) != 3)
			continue;
		struct stat ms;
		if (stat(mnt, &ms) == 0 && ms.st_dev == st.st_dev) {
			free(found);
			found = br_strdup(type);
		}
	}
	fclose(fp);
	return found;
}

int br_run_target_info(const char *path, struct br_run_target *t)
{
	memset(t, 0, sizeof *t);
	char host[256];
	if (gethostname(host, sizeof host) != 0)
		snprintf(host, sizeof host, "localhost");
	host[sizeof host - 1] = '\0';
	t->host = br_strdup(host);
	struct utsname u;
	if (uname(&u) == 0)
		t->kernel = br_asprintf("%s %s", u.sysname, u.release);
	t->path = br_strdup(path);
	struct stat st;
	if (stat(path, &st) != 0)
		return br_error("cannot use '%s': %s", path, strerror(errno));
	if (S_ISBLK(st.st_mode)) {
		t->filesystem = br_strdup("none (block device)");
		return 0;
	}
	t->filesystem = mount_fstype(path);
	if (!t->filesystem) {
		struct statfs sf;
		const char *n = statfs(path, &sf) == 0 ? fs_magic_name((unsigned long)sf.f_type) : NULL;
		t->filesystem = br_strdup(n ? n : "unknown");
	}
	return 0;
}

void br_run_target_free(struct br_run_target *t)
{
	free(t->host);
	free(t->kernel);
	free(t->filesystem);
	free(t->path);
	memset(t, 0, sizeof *t);
}

void br_run_report_free(struct br_run_report *rep)
{
	for (size_t i = 0; i < rep->n; i++)
		free(rep->runs[i]);
	free(rep->runs);
	br_run_target_free(&rep->target);
	free(rep->quick_caveat);
	rep->quick_caveat = NULL;
	rep->runs = NULL;
	rep->n = 0;
}

/* ------------------------------------------------------------ br_run */

/* Can this directory do O_DIRECT? A probe file, written and removed. */
static bool probe_direct(const char *dir)
{
	struct br_scratch s;
	if (br_scratch_file(dir, "probe", &s) < 0)
		return false;
	bool ok = false;
	void *buf = NULL;
	if (br_set_direct(s.fd, true) && posix_memalign(&buf, 4096, 4096) == 0) {
		memset(buf, 0x5a, 4096);
		ok = pwrite(s.fd, buf, 4096, 0) == 4096 && pread(s.fd, buf, 4096, 0) == 4096;
	}
	free(buf);
	br_scratch_remove(&s);
	return ok;
}

static void human_size(uint64_t b, char *buf, size_t n)
{
	if (b >= (1ull << 30) && b % (1ull << 30) == 0)
		snprintf(buf, n, "%llu GiB", (unsigned long long)(b >> 30));
	else
		snprintf(buf, n, "%llu MiB", (unsigned long long)(b >> 20));
}

/* The 1-based line of the first line starting with `start`; 0 if none. */
static unsigned line_of(const char *text, const char *start)
{
	unsigned line = 1;
	for (const char *p = text; *p; line++) {
		if (br_starts_with(p, start))
			return line;
		const char *nl = strchr(p, '\n');
		if (!nl)
			break;
		p = nl + 1;
	}
	return 0;
}

/* The --quick caveat, without its "[quick]" tag (malloc'ed). */
static char *quick_caveat(uint64_t size)
{
	char sz[32];
	human_size(size, sz, sizeof sz);
	return br_asprintf("a file of %s and short phases; the figures are rough, for trying things out "
			   "and for CI, not for comparing disks", sz);
}

static void run_header(const struct br_run_ctx *c, const struct br_run_target *t, unsigned tests,
		       const char *caveat, struct br_buf *b)
{
	const struct br_run_opts *o = c->o;
	char date[64];
	time_t now = time(NULL);
	struct tm tm;
	gmtime_r(&now, &tm);
	strftime(date, sizeof date, "%Y-%m-%d %H:%M:%S UTC", &tm);
	char sz[32];
	human_size(c->size, sz, sizeof sz);
	br_buf_addf(b, "# [%s] run %u of %u, %s; the layouts are the tools', the version is the "
		    "runner's own\n", BR_RUN_VERSION, c->run, c->runs, date);
	br_buf_addf(b, "# [target] %s (filesystem %s) on host %s, %s\n", t->path, t->filesystem,
		    t->host, t->kernel ? t->kernel : "unknown kernel");
	if (o->dir && (tests & BR_RUN_BONNIE || !o->device))
		br_buf_addf(b, "# [cache] the scratch file's own pages are flushed and dropped "
			    "between phases (fdatasync + POSIX_FADV_DONTNEED), no file of twice the RAM "
			    "is needed; %s; write phases include their final fdatasync\n",
			    c->direct_ok ? "block, rewrite, seek and rawio I/O use O_DIRECT, "
					   "per-character phases go through the page cache"
					 : "O_DIRECT is not supported here, so all I/O is buffered");
	if (o->device)
		br_buf_addf(b, "# [device] %s: hdparm and rawio read it%s; cold cache by "
			    "POSIX_FADV_DONTNEED%s\n", o->device,
			    o->destructive ? " and rawio WRITES it (--destructive)" : " only",
			    c->direct_ok ? ", rawio with O_DIRECT" : "");
	if (c->memory_fs)
		br_buf_adds(b, "# [note] the target is a memory filesystem (tmpfs/ramfs): the figures "
			       "measure memory, not a disk\n");
	if (caveat)
		br_buf_addf(b, "# [quick] %s\n", caveat);
	char files[48] = "no file tests";
	if (c->files)
		snprintf(files, sizeof files, "%u*1024 files", c->files);
	char chars[128] = "per-character phases skipped";
	if (c->char_size)
		snprintf(chars, sizeof chars, "per-character phases over %llu KiB, one write()/read() "
			 "per byte as in bonnie++ 2.00a", (unsigned long long)(c->char_size >> 10));
	if (tests & BR_RUN_BONNIE)
		br_buf_addf(b, "# [bonnie++] %s file, %s, %u MiB blocks, %u seeks by %u workers "
			    "(%u KiB reads, one in ten rewritten), %s; a phase shorter "
			    "than %s prints +++++\n", sz, chars, BR_RUN_BLOCK >> 20,
			    o->quick ? 512u : BR_RUN_SEEKS, c->workers, BR_RUN_SEEK_BLOCK / 1024,
			    files, o->quick ? "0.01 s" : "0.5 s");
	if (tests & BR_RUN_HDPARM)
		br_buf_addf(b, "# [hdparm] -T re-reads a 2 MiB region for %s, -t reads 2 MiB "
			    "blocks from a cold cache for %s%s\n", o->quick ? "0.25 s" : "2 s",
			    o->quick ? "0.5 s" : "3 s", o->direct ? ", both with O_DIRECT (--direct)" : "");
	if (tests & BR_RUN_RAWIO)
		br_buf_addf(b, "# [rawio] %u KiB transfers by %u workers, %s; K/sec = 1000 bytes/s\n",
			    (o->rawio_block ? o->rawio_block : BR_RUN_RAWIO_BLOCK) / 1024, c->workers,
			    c->direct_ok ? "O_DIRECT" : "buffered (no O_DIRECT here)");
}

/* The options the runner refuses before touching anything. */
static int check_opts(const struct br_run_opts *o, unsigned tests)
{
	if (o->destructive && !o->device)
		return br_error("--destructive only applies together with --device");
	if ((tests & BR_RUN_BONNIE) && !o->dir)
		return br_error("the bonnie++ test needs a directory (--dir)");
	if (!o->dir && !o->device)
		return br_error("nothing to measure: give --dir DIR or --device DEV");
	if (o->dir && br_run_check_dir(o->dir) < 0)
		return -1;
	if (o->device && br_run_check_device(o->device, o->destructive) < 0)
		return -1;
	return 0;
}

/* The sizes and counts of the run, defaults filled in and checked. */
static int setup_ctx(const struct br_run_opts *o, unsigned tests, struct br_run_ctx *c)
{
	uint64_t size = o->size ? o->size : o->quick ? BR_RUN_QUICK_SIZE : BR_RUN_DEFAULT_SIZE;
	size &= ~(uint64_t)((1u << 20) - 1);
	if (size < BR_RUN_MIN_SIZE)
		return br_error("--size must be at least %u MiB", (unsigned)(BR_RUN_MIN_SIZE >> 20));
	unsigned rb = o->rawio_block ? o->rawio_block : BR_RUN_RAWIO_BLOCK;
	if (rb < 4096 || rb > BR_RUN_BLOCK || (rb & (rb - 1)))
		return br_error("the rawio block size must be a power of two from 4 KiB to 1 MiB");
	c->o = o;
	c->size = size;
	c->runs = o->runs ? o->runs : 1;
	c->workers = o->workers ? o->workers : BR_RUN_WORKERS;
	c->files = o->files_set ? o->files : o->quick ? 1 : BR_RUN_FILES;
	c->char_size = o->char_size_set ? o->char_size : o->quick ? BR_RUN_QUICK_CHAR_SIZE : BR_RUN_CHAR_SIZE;
	if (!(tests & BR_RUN_BONNIE))
		c->char_size = 0;
	if (c->char_size > size)
		return br_error("the per-character size (%llu KiB) is larger than the file (%llu MiB)",
				(unsigned long long)(c->char_size >> 10), (unsigned long long)(size >> 20));
	if (c->char_size && c->char_size < BR_RUN_MIN_CHAR_SIZE)
		return br_error("the per-character size must be 0 or at least %llu KiB",
				(unsigned long long)(BR_RUN_MIN_CHAR_SIZE >> 10));
	if (c->workers > 64)
		return br_error("at most 64 workers");
	return 0;
}

/* What the target is (rep->target) and whether it has room for the run. */
static int describe_target(const struct br_run_opts *o, unsigned tests, bool uses_dir,
			   struct br_run_ctx *c, struct br_run_report *rep)
{
	if (br_run_target_info(uses_dir ? o->dir : o->device, &rep->target) < 0) {
		br_run_target_free(&rep->target);
		return -1;
	}
	c->name = o->name ? o->name : rep->target.host;
	if (uses_dir) {
		uint64_t inodes = (tests & BR_RUN_BONNIE) ? (uint64_t)c->files * 1024 : 0;
		if (br_run_check_space(o->dir, c->size, inodes) < 0) {
			br_run_target_free(&rep->target);
			return -1;
		}
	}
	return 0;
}

/* Inside the scratch guard: what the directory allows (O_DIRECT, a memory
 * filesystem), after removing what a run killed by SIGKILL left behind. */
static void probe_target(const struct br_run_opts *o, bool uses_dir, struct br_run_ctx *c)
{
	if (!uses_dir) {
		c->direct_ok = true;
		return;
	}
	br_scratch_clean_stale(o->dir);
	c->direct_ok = probe_direct(o->dir);
	int dfd = open(o->dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (dfd >= 0) {
		c->memory_fs = br_scratch_on_memory_fs(dfd);
		close(dfd);
	}
}

/* Run number c->run: its header and the tests asked for, its text appended
 * to rep->runs when every test succeeded. */
static int one_run(struct br_run_ctx *c, unsigned tests, struct br_run_report *rep)
{
	const struct br_run_opts *o = c->o;
	uint64_t seed;
	if (getrandom(&seed, sizeof seed, 0) != (ssize_t)sizeof seed)
		seed = (uint64_t)time(NULL) * 2654435761u ^ (uint64_t)getpid();
	c->seed = seed;
	struct br_buf text = BR_BUF_INIT, notes = BR_BUF_INIT;
	c->notes = &notes;
	/* the label the records get, as a heading core/label.c reads */
	char *heading = NULL;
	if (c->runs > 1)
		heading = o->label ? br_asprintf("%s / run %u", o->label, c->run) : br_asprintf("run %u", c->run);
	else if (o->label)
		heading = br_strdup(o->label);
	c->heading = heading;
	run_header(c, &rep->target, tests, rep->quick_caveat, &text);
	if (rep->quick_caveat && !rep->quick_line)
		rep->quick_line = line_of(br_buf_str(&text), "# [quick] ");
	int rc = 0;
	if (tests & BR_RUN_BONNIE)
		rc = br_run_bonnie(c, &text);
	if (rc == 0 && (tests & BR_RUN_HDPARM))
		rc = br_run_hdparm(c, &text);
	if (rc == 0 && (tests & BR_RUN_RAWIO))
		rc = br_run_rawio(c, &text);
	if (rc == 0) {
		br_buf_addc(&text, '\n');
		br_buf_add(&text, br_buf_str(&notes), notes.len);
		rep->runs[rep->n++] = br_buf_detach(&text);
	}
	br_buf_free(&text);
	br_buf_free(&notes);
	free(heading);
	c->heading = NULL;
	c->notes = NULL;
	return rc;
}

int br_run(const struct br_run_opts *o, struct br_run_report *rep)
{
	memset(rep, 0, sizeof *rep);
	unsigned tests = o->tests ? o->tests : BR_RUN_ALL;
	struct br_run_ctx c = {0};
	if (check_opts(o, tests) < 0 || setup_ctx(o, tests, &c) < 0)
		return -1;
	bool uses_dir = (tests & BR_RUN_BONNIE) || !o->device;
	if (describe_target(o, tests, uses_dir, &c, rep) < 0)
		return -1;

	br_scratch_guard_begin();
	probe_target(o, uses_dir, &c);
	if (o->quick)
		rep->quick_caveat = quick_caveat(c.size);
	rep->runs = br_calloc(c.runs, sizeof *rep->runs);
	int rc = 0;
	for (unsigned run = 1; run <= c.runs && rc == 0; run++) {
		c.run = run;
		rc = one_run(&c, tests, rep);
	}
	br_scratch_guard_end();
	if (rc != 0) {
		/* keep the message: freeing does not touch it */
		br_run_report_free(rep);
		return BR_RUN_FAILED;
	}
	return 0;
}
