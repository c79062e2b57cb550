/*
 * scratch — the runner's scratch files and the safety checks around them.
 *
 * Files are created relative to the target directory's own descriptor
 * (opened O_DIRECTORY|O_NOFOLLOW after refusing a symlink), with
 * O_CREAT|O_EXCL|O_NOFOLLOW under a random name: an existing name is never
 * reused and a symlink is never followed. Every scratch name is recorded in a
 * fixed-size registry so that the handler of every catchable signal that
 * ends a process (core/cleanup.h: HUP INT QUIT TERM USR1 USR2 ALRM ...) can
 * unlink it with async-signal-safe calls only (unlinkat on recorded
 * descriptors, names rebuilt without allocating) and then re-raise the
 * signal with its default action. The registry is the runner's only
 * process-wide mutable state; it is updated with those signals blocked.
 *
 * SIGKILL cannot be caught: every scratch file and directory is also locked
 * (flock) while it exists, and br_scratch_clean_stale removes the unlocked
 * ones (a dead run's) before a run starts.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/statvfs.h>
#include <sys/sysmacros.h>
#include <sys/types.h>
#include <unistd.h>

#include "cleanup.h"
#include "runner_int.h"

#define SLOTS 16
#define NAME_MAX_LEN 40

enum { SLOT_FREE, SLOT_FILE, SLOT_DIR };

struct slot {
	volatile sig_atomic_t kind;
	int parent;              /* target directory descriptor */
	int dfd;                 /* SLOT_DIR: the scratch directory itself */
	volatile sig_atomic_t nfiles; /* SLOT_DIR: names 0..nfiles-1 may exist */
	char name[NAME_MAX_LEN];
};

static struct slot slots[SLOTS];
#define NGUARDED 16
static struct sigaction saved[NGUARDED], saved_xfsz, saved_pipe;
static bool installed[NGUARDED], installed_xfsz, installed_pipe;

static size_t nguarded(void)
{
	return br_cleanup_nsignals < NGUARDED ? br_cleanup_nsignals : NGUARDED;
}
static int guard_depth;

static void block_signals(sigset_t *old)
{
	sigset_t set;
	sigemptyset(&set);
	for (size_t i = 0; i < nguarded(); i++)
		sigaddset(&set, br_cleanup_signals[i]);
	pthread_sigmask(SIG_BLOCK, &set, old);
}

static void restore_signals(const sigset_t *old)
{
	pthread_sigmask(SIG_SETMASK, old, NULL);
}

void br_scratch_index_name(unsigned i, char *buf)
{
	/* "f" + 9 digits: async-signal-safe (no snprintf) */
	buf[0] = 'f';
	for (int k = 9; k >= 1; k--) {
		buf[k] = (char)('0' + i % 10);
		i /= 10;
	}
	buf[10] = '\0';
}

static void cleanup_slot(struct slot *s)
{
	if (s->kind == SLOT_FILE) {
		unlinkat(s->parent, s->name, 0);
	} else if (s->kind == SLOT_DIR) {
		char nm[16];
		for (unsigned i = 0; i < (unsigned)s->nfiles; i++) {
			br_scratch_index_name(i, nm);
			unlinkat(s->dfd, nm, 0);
		}
		unlinkat(s->parent, s->name, AT_REMOVEDIR);
	}
}

static void on_signal(int sig)
{
	int saved_errno = errno;
	for (size_t i = 0; i < SLOTS; i++)
		cleanup_slot(&slots[i]);
	br_cleanup_unlink_all(); /* the command line's temporary files */
	errno = saved_errno;
	br_cleanup_reraise(sig);
}

void br_scratch_guard_begin(void)
{
	if (guard_depth++ > 0)
		return;
	for (size_t i = 0; i < nguarded(); i++) {
		installed[i] = false;
		if (sigaction(br_cleanup_signals[i], NULL, &saved[i]) != 0)
			continue;
		/* nohup and friends ignore SIGHUP: keep ignoring it */
		if (!(saved[i].sa_flags & SA_SIGINFO) && saved[i].sa_handler == SIG_IGN)
			continue;
		struct sigaction sa;
		memset(&sa, 0, sizeof sa);
		sa.sa_handler = on_signal;
		sigemptyset(&sa.sa_mask);
		for (size_t k = 0; k < nguarded(); k++)
			sigaddset(&sa.sa_mask, br_cleanup_signals[k]);
		if (sigaction(br_cleanup_signals[i], &sa, NULL) == 0)
			installed[i] = true;
	}
	/* a file-size limit (ulimit -f) must fail the write with EFBIG, which
	 * is reported and cleaned up, not kill the process mid-run */
	struct sigaction ign;
	memset(&ign, 0, sizeof ign);
	ign.sa_handler = SIG_IGN;
	sigemptyset(&ign.sa_mask);
	installed_xfsz = sigaction(SIGXFSZ, &ign, &saved_xfsz) == 0;
	/* nor may a closed pipe kill it: EPIPE is reported by whoever writes */
	installed_pipe = sigaction(SIGPIPE, &ign, &saved_pipe) == 0;
}

void br_scratch_guard_end(void)
{
	if (guard_depth == 0 || --guard_depth > 0)
		return;
	for (size_t i = 0; i < nguarded(); i++)
		if (installed[i])
			sigaction(br_cleanup_signals[i], &saved[i], NULL);
	if (installed_xfsz)
		sigaction(SIGXFSZ, &saved_xfsz, NULL);
	if (installed_pipe)
		sigaction(SIGPIPE, &saved_pipe, NULL);
}

static int slot_take(void)
{
	for (int i = 0; i < SLOTS; i++)
		if (slots[i].kind == SLOT_FREE)
			return i;
	return -1;
}

static void random_suffix(char *out, size_t n)
{
	static const char alnum[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
	unsigned char r[16];
	if (n > sizeof r)
		n = sizeof r;
	if (getrandom(r, n, 0) != (ssize_t)n) {
		/* no entropy source: time and pid still make a fresh name; O_EXCL
		 * guarantees we never take an existing one */
		uint64_t st = (uint64_t)br_now() * 1000003u ^ (uint64_t)getpid() << 20 ^ (uint64_t)(uintptr_t)out;
		for (size_t i = 0; i < n; i++)
			r[i] = (unsigned char)br_rand_next(&st);
	}
	for (size_t i = 0; i < n; i++)
		out[i] = alnum[r[i] % (sizeof alnum - 1)];
	out[n] = '\0';
}

int br_run_check_dir(const char *dir)
{
	/* "link/" and "link/." name what the link points to: look at "link" */
	size_t n = strlen(dir);
	for (;;) {
		if (n > 1 && dir[n - 1] == '/')
			n--;
		else if (n > 2 && dir[n - 1] == '.' && dir[n - 2] == '/')
			n -= 2;
		else if (n == 2 && dir[0] == '.' && dir[1] == '/')
			n = 1;
		else
			break;
	}
	char *bare = br_strndup(dir, n);
	struct stat st;
	int rc = lstat(bare, &st);
	free(bare);
	if (rc != 0)
		return br_error("cannot use '%s': %s", dir, strerror(errno));
	if (S_ISLNK(st.st_mode))
		return br_error("refusing '%s': it is a symbolic link (give the directory it points to)", dir);
	if (!S_ISDIR(st.st_mode))
		return br_error("refusing '%s': not a directory", dir);
	return 0;
}

static int open_dir(const char *dir)
{
	if (br_run_check_dir(dir) < 0)
		return -1;
	int dfd = open(dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (dfd < 0)
		return br_error("cannot open directory '%s': %s", dir, strerror(errno));
	return dfd;
}

static char *join_path(const char *dir, const char *name)
{
	size_t n = strlen(dir);
	while (n > 1 && dir[n - 1] == '/')
		n--;
	return br_asprintf("%.*s/%s", (int)n, dir, name);
}

int br_scratch_file(const char *dir, const char *tag, struct br_scratch *s)
{
	s->fd = -1;
	s->slot = -1;
	s->path = NULL;
	int dfd = open_dir(dir);
	if (dfd < 0)
		return -1;
	sigset_t old;
	block_signals(&old);
	int slot = slot_take();
	if (slot < 0) {
		restore_signals(&old);
		close(dfd);
		return br_error("too many scratch files");
	}
	char name[NAME_MAX_LEN];
	int fd = -1, err = 0;
	for (int tries = 0; tries < 100; tries++) {
		char suf[8];
		random_suffix(suf, 6);
		snprintf(name, sizeof name, "br-%.16s.%s", tag, suf);
		fd = openat(dfd, name, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
		if (fd >= 0 && !(br_cleanup_lock(fd) && br_cleanup_still_linked(fd))) {
			/* another run's br_scratch_clean_stale took it before the
			 * lock: a new name */
			close(fd);
			fd = -1;
			errno = EEXIST;
		}
		if (fd >= 0 || errno != EEXIST)
			break;
	}
	if (fd < 0) {
		err = errno;
		restore_signals(&old);
		close(dfd);
		return br_error("cannot create a scratch file in '%s': %s", dir, strerror(err));
	}
	struct slot *sl = &slots[slot];
	sl->parent = dfd;
	sl->dfd = -1;
	sl->nfiles = 0;
	memcpy(sl->name, name, sizeof name);
	sl->kind = SLOT_FILE;
	restore_signals(&old);
	s->fd = fd;
	s->slot = slot;
	s->path = join_path(dir, name);
	return 0;
}

void br_scratch_remove(struct br_scratch *s)
{
	if (s->fd >= 0)
		close(s->fd);
	s->fd = -1;
	if (s->slot >= 0) {
		sigset_t old;
		block_signals(&old);
		struct slot *sl = &slots[s->slot];
		unlinkat(sl->parent, sl->name, 0);
		close(sl->parent);
		sl->kind = SLOT_FREE;
		restore_signals(&old);
		s->slot = -1;
	}
	free(s->path);
	s->path = NULL;
}

int br_scratch_dir_make(const char *dir, unsigned nfiles, struct br_scratch_dir *d)
{
	d->dfd = -1;
	d->slot = -1;
	d->path = NULL;
	int parent = open_dir(dir);
	if (parent < 0)
		return -1;
	sigset_t old;
	block_signals(&old);
	int slot = slot_take();
	if (slot < 0) {
		restore_signals(&old);
		close(parent);
		return br_error("too many scratch files");
	}
	char name[NAME_MAX_LEN];
	int rc = -1;
	for (int tries = 0; tries < 100; tries++) {
		char suf[8];
		random_suffix(suf, 6);
		snprintf(name, sizeof name, "br-files.%s", suf);
		rc = mkdirat(parent, name, 0700);
		if (rc == 0 || errno != EEXIST)
			break;
	}
	int err = errno;
	int dfd = rc == 0 ? openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) : -1;
	if (dfd >= 0 && !(br_cleanup_lock(dfd) && br_cleanup_still_linked(dfd))) {
		close(dfd);
		dfd = -1;
		err = EEXIST;
		rc = -1; /* removed by another run's cleaning already */
	}
	if (dfd < 0) {
		if (rc == 0) {
			err = errno;
			unlinkat(parent, name, AT_REMOVEDIR);
		}
		restore_signals(&old);
		close(parent);
		return br_error("cannot create a scratch directory in '%s': %s", dir, strerror(err));
	}
	struct slot *sl = &slots[slot];
	sl->parent = parent;
	sl->dfd = dfd;
	sl->nfiles = (sig_atomic_t)nfiles;
	memcpy(sl->name, name, sizeof name);
	sl->kind = SLOT_DIR;
	restore_signals(&old);
	d->dfd = dfd;
	d->slot = slot;
	d->path = join_path(dir, name);
	return 0;
}

void br_scratch_dir_remove(struct br_scratch_dir *d, unsigned nfiles)
{
	if (d->slot >= 0) {
		sigset_t old;
		block_signals(&old);
		struct slot *sl = &slots[d->slot];
		char nm[16];
		for (unsigned i = 0; i < nfiles; i++) {
			br_scratch_index_name(i, nm);
			unlinkat(sl->dfd, nm, 0);
		}
		close(sl->dfd);
		unlinkat(sl->parent, sl->name, AT_REMOVEDIR);
		close(sl->parent);
		sl->kind = SLOT_FREE;
		restore_signals(&old);
		d->slot = -1;
		d->dfd = -1;
	}
	free(d->path);
	d->path = NULL;
}

/* "br-TAG.XXXXXX" (TAG 1-16 lower-case letters, XXXXXX the random
 * suffix): a name br_scratch_file or br_scratch_dir_make makes. */
static bool scratch_name(const char *n)
{
	if (strncmp(n, "br-", 3) != 0)
		return false;
	const char *p = n + 3, *t = p;
	while (*p >= 'a' && *p <= 'z')
		p++;
	if (p == t || p - t > 16 || *p != '.')
		return false;
	p++;
	size_t k = 0;
	for (; p[k]; k++)
		if (!((p[k] >= 'a' && p[k] <= 'z') || (p[k] >= 'A' && p[k] <= 'Z') || (p[k] >= '0' && p[k] <= '9')))
			return false;
	return k == 6;
}

/* "f" + 9 digits: br_scratch_index_name. */
static bool index_name(const char *n)
{
	if (n[0] != 'f')
		return false;
	for (int i = 1; i <= 9; i++)
		if (n[i] < '0' || n[i] > '9')
			return false;
	return n[10] == '\0';
}

int br_scratch_clean_stale(const char *dir)
{
	int dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (dfd < 0)
		return 0;
	DIR *d = fdopendir(dfd);
	if (!d) {
		close(dfd);
		return 0;
	}
	int removed = 0;
	struct dirent *e;
	while ((e = readdir(d)) != NULL) {
		if (!scratch_name(e->d_name))
			continue;
		int fd = openat(dfd, e->d_name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
		if (fd < 0)
			continue;
		struct stat st;
		/* a live run holds its scratch entries locked */
		if (fstat(fd, &st) != 0 || st.st_uid != geteuid() || !br_cleanup_lock(fd)) {
			close(fd);
			continue;
		}
		if (S_ISREG(st.st_mode)) {
			if (unlinkat(dfd, e->d_name, 0) == 0)
				removed++;
		} else if (S_ISDIR(st.st_mode)) {
			/* only the names the file tests make; anything else keeps
			 * the directory */
			DIR *sub = fdopendir(dup(fd));
			struct dirent *f;
			while (sub && (f = readdir(sub)) != NULL)
				if (index_name(f->d_name) && unlinkat(fd, f->d_name, 0) == 0)
					removed++;
			if (sub)
				closedir(sub);
			if (unlinkat(dfd, e->d_name, AT_REMOVEDIR) == 0)
				removed++;
		}
		close(fd);
	}
	closedir(d);
	return removed;
}

bool br_scratch_on_memory_fs(int fd)
{
	struct statfs sf;
	if (fstatfs(fd, &sf) != 0)
		return false;
	return (unsigned long)sf.f_type == 0x01021994ul /* TMPFS_MAGIC */ ||
	       (unsigned long)sf.f_type == 0x858458f6ul /* RAMFS_MAGIC */;
}

static char *human_bytes(uint64_t b)
{
	if (b >= (10ull << 30))
		return br_asprintf("%.1f GiB", (double)b / (1 << 30));
	if (b >= (10ull << 20))
		return br_asprintf("%.0f MiB", (double)b / (1 << 20));
	if (b >= (1ull << 20))
		return br_asprintf("%.1f MiB", (double)b / (1 << 20));
	return br_asprintf("%.0f KiB", (double)b / 1024);
}

int br_run_check_space(const char *dir, uint64_t bytes, uint64_t inodes)
{
	struct statvfs sv;
	if (statvfs(dir, &sv) != 0)
		return br_error("cannot tell the free space in '%s': %s", dir, strerror(errno));
	uint64_t avail = (uint64_t)sv.f_bavail * (uint64_t)(sv.f_frsize ? sv.f_frsize : sv.f_bsize);
	/* room for the filesystem's own metadata as the file grows */
	uint64_t need = bytes + bytes / 64 + (1u << 20);
	if (avail < need) {
		char *a = human_bytes(avail), *n = human_bytes(need);
		br_error("not enough free space in '%s': the run needs %s, %s available; "
			 "nothing was written (use --size to measure with a smaller file)", dir, n, a);
		free(a);
		free(n);
		return -1;
	}
	if (inodes && sv.f_files != 0 && (uint64_t)sv.f_favail < inodes + 16)
		return br_error("not enough free inodes in '%s': the file tests need %llu, %llu available; "
				"nothing was written (use --files with a smaller number, or --files 0)",
				dir, (unsigned long long)inodes + 16, (unsigned long long)sv.f_favail);
	return 0;
}

/* Is block device `rdev`, or a partition of it, mounted? Fills `where`. */
static bool device_mounted(dev_t rdev, char *where, size_t n)
{
	FILE *fp = fopen("/proc/self/mounts", "re");
	if (!fp)
		return false;
	char line[4096];
	bool found = false;
	while (!found && fgets(line, sizeof line, fp)) {
		char src[PATH_MAX], mnt[PATH_MAX];
		if (sscanf(line, "%4095s %4095s", src, mnt) != 2 || src[0] != '/')
			continue;
		struct stat st;
		if (stat(src, &st) != 0 || !S_ISBLK(st.st_mode))
			continue;
		if (st.st_rdev == rdev) {
			found = true;
		} else {
			/* a partition of the device we were given? */
			char sys[128], buf[64];
			snprintf(sys, sizeof sys, "/sys/dev/block/%u:%u/../dev", major(st.st_rdev),
				 minor(st.st_rdev));
			FILE *d = fopen(sys, "re");
			if (d) {
				unsigned ma, mi;
				if (fgets(buf, sizeof buf, d) && sscanf(buf, "%u:%u", &ma, &mi) == 2 &&
				    ma == major(rdev) && mi == minor(rdev))
					found = true;
				fclose(d);
			}
		}
		if (found)
			snprintf(where, n, "%s", mnt);
	}
	fclose(fp);
	return found;
}

int br_run_check_device(const char *dev, bool destructive)
{
	struct stat st;
	if (stat(dev, &st) != 0)
		return br_error("cannot use device '%s': %s", dev, strerror(errno));
	if (S_ISBLK(st.st_mode)) {
		char where[PATH_MAX];
		if (device_mounted(st.st_rdev, where, sizeof where))
			return br_error("refusing '%s': it (or a partition of it) is mounted on %s", dev, where);
		/* O_EXCL on a block device fails while anything holds it (a
		 * mount, swap, RAID, device-mapper) */
		int fd = open(dev, (destructive ? O_RDWR : O_RDONLY) | O_EXCL | O_CLOEXEC);
		if (fd < 0) {
			int e = errno;
			if (e == EBUSY)
				return br_error("refusing '%s': the device is in use (mounted, swap, RAID or LVM)", dev);
			return br_error("cannot open device '%s': %s", dev, strerror(e));
		}
		close(fd);
		return 0;
	}
	if (S_ISREG(st.st_mode)) {
		int fd = open(dev, (destructive ? O_RDWR : O_RDONLY) | O_CLOEXEC | O_NOFOLLOW);
		if (fd < 0)
			return br_error("cannot open '%s': %s", dev, strerror(errno));
		close(fd);
		return 0;
	}
	return br_error("refusing '%s': not a block device or an image file", dev);
}
