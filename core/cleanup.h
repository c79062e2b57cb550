/*
 * cleanup — temporary files removed when a catchable signal ends the
 * process: the partial output of -o, an archive being created. A path is
 * registered while the file exists under its temporary name and released
 * once it has been renamed into place or removed. The handler unlinks what
 * is registered with async-signal-safe calls only, then re-raises the signal
 * with its default action, so the process still dies of it (status 128+N).
 *
 * A process killed by SIGKILL cannot clean up: temporary files are
 * therefore also locked (flock) while in use, and br_cleanup_stale removes
 * the unlocked ones a dead run left behind.
 *
 * The registry is fixed-size process-wide state, updated with the signals
 * blocked.
 */
#ifndef BR_CLEANUP_H
#define BR_CLEANUP_H

#include <signal.h>
#include <stdbool.h>

/* Install the handler for every catchable signal whose default action ends
 * the process (HUP INT QUIT TERM USR1 USR2 ALRM VTALRM PROF XCPU IO PWR);
 * a signal ignored at start (nohup) stays ignored. SIGPIPE and SIGXFSZ are
 * ignored instead, so that a closed pipe or a file-size limit is a write
 * error (EPIPE, EFBIG) the caller reports. Call once, at start. */
void br_cleanup_install(void);

/* The signals br_cleanup_install handles, for code that installs its own
 * handler for a while (the runner's scratch files). */
extern const int br_cleanup_signals[];
extern const unsigned br_cleanup_nsignals;

/* Register a path (copied; at most 4095 bytes): returns a slot, or -1 when
 * the registry is full or the path too long (the file then survives a
 * signal, and br_cleanup_stale removes it later). */
int br_cleanup_add(const char *path);
/* Hold the signals back while a file is created and registered, so that
 * none arrives between the two (the file would survive it); then restore
 * the mask with br_cleanup_unblock. */
void br_cleanup_block(sigset_t *old);
void br_cleanup_unblock(const sigset_t *old);
/* Forget a slot (the file was renamed or removed); -1 is ignored. */
void br_cleanup_release(int slot);
/* Unlink every registered path now (async-signal-safe): for another
 * signal handler. */
void br_cleanup_unlink_all(void);
/* From a signal handler, after its cleanup: restore the signal's default
 * action and raise it again, so that the process ends of that signal
 * (async-signal-safe; errno is left as it was). */
void br_cleanup_reraise(int sig);

/* Take an exclusive lock on fd without waiting; true if it is ours. A file
 * created for temporary use is locked at once, and its creator checks that
 * it still has a name (br_cleanup_still_linked) in case a cleaner removed
 * it in between. */
bool br_cleanup_lock(int fd);
bool br_cleanup_still_linked(int fd);

/*
 * Remove leftovers in the directory of `path`: the entries whose name
 * starts with the base name of `path` followed by `infix` (for example
 * "report.html" + ".benchreport-tmp."), that are regular files owned by
 * this user and that nobody holds locked. A name ending in one of the
 * `sidecars` suffixes (NULL-terminated list, may be NULL) is removed with
 * the entry it belongs to, or alone when that entry is gone. Returns the
 * number of files removed. Cost: one pass over the directory.
 */
int br_cleanup_stale(const char *path, const char *infix, const char *const *sidecars);

#endif
