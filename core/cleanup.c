/* cleanup — see cleanup.h. */
#include "cleanup.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util.h"

#define SLOTS 8
#define PATH_LEN 4096

struct slot {
	volatile sig_atomic_t used;
	char path[PATH_LEN];
};

static struct slot slots[SLOTS];

const int br_cleanup_signals[] = {
	SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU,
#ifdef SIGIO
	SIGIO,
#endif
#ifdef SIGPWR
	SIGPWR,
#endif
};
const unsigned br_cleanup_nsignals = BR_ARRAY_LEN(br_cleanup_signals);

static void block_all(sigset_t *old)
{
	sigset_t set;
	sigemptyset(&set);
	for (size_t i = 0; i < BR_ARRAY_LEN(br_cleanup_signals); i++)
		sigaddset(&set, br_cleanup_signals[i]);
	pthread_sigmask(SIG_BLOCK, &set, old);
}

void br_cleanup_block(sigset_t *old)
{
	block_all(old);
}

void br_cleanup_unblock(const sigset_t *old)
{
	pthread_sigmask(SIG_SETMASK, old, NULL);
}

void br_cleanup_unlink_all(void)
{
	for (size_t i = 0; i < SLOTS; i++)
		if (slots[i].used)
			unlink(slots[i].path);
}

void br_cleanup_reraise(int sig)
{
	int saved_errno = errno;
	struct sigaction dfl;
	memset(&dfl, 0, sizeof dfl);
	dfl.sa_handler = SIG_DFL;
	sigemptyset(&dfl.sa_mask);
	sigaction(sig, &dfl, NULL);
	errno = saved_errno;
	/* blocked while the handler runs; delivered (default action) on return */
	raise(sig);
}

static void on_signal(int sig)
{
	int saved_errno = errno;
	br_cleanup_unlink_all();
	errno = saved_errno;
	br_cleanup_reraise(sig);
}

void br_cleanup_install(void)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	for (size_t i = 0; i < BR_ARRAY_LEN(br_cleanup_signals); i++)
		sigaddset(&sa.sa_mask, br_cleanup_signals[i]);
	for (size_t i = 0; i < BR_ARRAY_LEN(br_cleanup_signals); i++) {
		struct sigaction old;
		if (sigaction(br_cleanup_signals[i], NULL, &old) != 0)
			continue;
		if (!(old.sa_flags & SA_SIGINFO) && old.sa_handler == SIG_IGN)
			continue; /* nohup: keep ignoring */
		sigaction(br_cleanup_signals[i], &sa, NULL);
	}
	struct sigaction ign;
	memset(&ign, 0, sizeof ign);
	ign.sa_handler = SIG_IGN;
	sigemptyset(&ign.sa_mask);
	sigaction(SIGPIPE, &ign, NULL);
	sigaction(SIGXFSZ, &ign, NULL);
}

int br_cleanup_add(const char *path)
{
	size_t n = strlen(path);
	if (n >= PATH_LEN)
		return -1;
	sigset_t old;
	block_all(&old);
	int slot = -1;
	for (int i = 0; i < SLOTS && slot < 0; i++)
		if (!slots[i].used) {
			memcpy(slots[i].path, path, n + 1);
			slots[i].used = 1;
			slot = i;
		}
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	return slot;
}

void br_cleanup_release(int slot)
{
	if (slot < 0 || slot >= SLOTS)
		return;
	sigset_t old;
	block_all(&old);
	slots[slot].used = 0;
	pthread_sigmask(SIG_SETMASK, &old, NULL);
}

bool br_cleanup_lock(int fd)
{
	while (flock(fd, LOCK_EX | LOCK_NB) != 0)
		if (errno != EINTR)
			return false;
	return true;
}

bool br_cleanup_still_linked(int fd)
{
	struct stat st;
	return fstat(fd, &st) == 0 && st.st_nlink > 0;
}

static bool has_suffix(const char *s, const char *suf)
{
	size_t n = strlen(s), m = strlen(suf);
	return n >= m && strcmp(s + n - m, suf) == 0;
}

/* Unlink dir/name if it is our regular file and nobody holds it locked. */
static bool remove_unlocked(int dfd, const char *name)
{
	int fd = openat(dfd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0)
		return false;
	struct stat st;
	bool gone = false;
	if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_uid == geteuid() && br_cleanup_lock(fd))
		gone = unlinkat(dfd, name, 0) == 0;
	close(fd); /* releases the lock */
	return gone;
}

int br_cleanup_stale(const char *path, const char *infix, const char *const *sidecars)
{
	const char *slash = strrchr(path, '/');
	const char *base = slash ? slash + 1 : path;
	char *dir = slash ? br_strndup(path, slash == path ? 1 : (size_t)(slash - path)) : br_strdup(".");
	char *prefix = br_asprintf("%s%s", base, infix);
	size_t plen = strlen(prefix);
	int removed = 0;
	int dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	DIR *d = dfd >= 0 ? fdopendir(dfd) : NULL;
	if (!d && dfd >= 0)
		close(dfd);
	struct dirent *e;
	while (d && (e = readdir(d)) != NULL) {
		if (strncmp(e->d_name, prefix, plen) != 0 || e->d_name[plen] == '\0')
			continue;
		const char *side = NULL;
		for (size_t i = 0; sidecars && sidecars[i] && !side; i++)
			if (has_suffix(e->d_name, sidecars[i]))
				side = sidecars[i];
		if (side) {
			/* a sidecar whose entry is gone */
			char *main_name = br_strndup(e->d_name, strlen(e->d_name) - strlen(side));
			struct stat st;
			if (fstatat(dirfd(d), main_name, &st, AT_SYMLINK_NOFOLLOW) != 0 && errno == ENOENT &&
			    remove_unlocked(dirfd(d), e->d_name))
				removed++;
			free(main_name);
			continue;
		}
		if (!remove_unlocked(dirfd(d), e->d_name))
			continue;
		removed++;
		for (size_t i = 0; sidecars && sidecars[i]; i++) {
			char *s = br_asprintf("%s%s", e->d_name, sidecars[i]);
			if (remove_unlocked(dirfd(d), s))
				removed++;
			free(s);
		}
	}
	if (d)
		closedir(d);
	free(prefix);
	free(dir);
	return removed;
}
