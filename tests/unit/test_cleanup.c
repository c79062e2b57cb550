/*
 * Unit tests: core/cleanup.c — a registered temporary file is removed when
 * any catchable signal that ends a process arrives, and the process still
 * dies of that signal; SIGPIPE and SIGXFSZ become write errors; leftovers
 * nobody holds locked are found and removed, a locked one is left alone.
 */
#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "cleanup.h"

static char dir[64];

static int setup(void **state)
{
	(void)state;
	snprintf(dir, sizeof dir, "/tmp/br-cleanup-XXXXXX");
	return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state)
{
	(void)state;
	char cmd[128];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	return system(cmd) == 0 ? 0 : -1;
}

static bool exists(const char *p)
{
	struct stat st;
	return lstat(p, &st) == 0;
}

static void touch(const char *p)
{
	int fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	assert_true(fd >= 0);
	close(fd);
}

static void every_signal_removes_the_file(void **state)
{
	(void)state;
	for (unsigned i = 0; i < br_cleanup_nsignals; i++) {
		int sig = br_cleanup_signals[i];
		char path[128];
		snprintf(path, sizeof path, "%s/out.benchreport-tmp.%u", dir, i);
		pid_t pid = fork();
		assert_true(pid >= 0);
		if (pid == 0) {
			/* a default action, whatever the test runner left */
			signal(sig, SIG_DFL);
			br_cleanup_install();
			touch(path);
			br_cleanup_add(path);
			raise(sig);
			_exit(0); /* not reached */
		}
		int st;
		assert_int_equal(waitpid(pid, &st, 0), pid);
		assert_true(WIFSIGNALED(st));
		assert_int_equal(WTERMSIG(st), sig);
		assert_false(exists(path));
	}
}

static void released_file_stays(void **state)
{
	(void)state;
	char path[128];
	snprintf(path, sizeof path, "%s/kept", dir);
	pid_t pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		br_cleanup_install();
		touch(path);
		int slot = br_cleanup_add(path);
		br_cleanup_release(slot); /* renamed into place, say */
		raise(SIGTERM);
		_exit(0);
	}
	int st;
	assert_int_equal(waitpid(pid, &st, 0), pid);
	assert_true(WIFSIGNALED(st) && WTERMSIG(st) == SIGTERM);
	assert_true(exists(path));
	unlink(path);
}

static void pipe_and_file_size_are_errors(void **state)
{
	(void)state;
	pid_t pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		br_cleanup_install();
		int p[2];
		if (pipe(p) != 0)
			_exit(10);
		close(p[0]);
		ssize_t w = write(p[1], "x", 1);
		_exit(w < 0 && errno == EPIPE ? 0 : 11);
	}
	int st;
	assert_int_equal(waitpid(pid, &st, 0), pid);
	assert_true(WIFEXITED(st));
	assert_int_equal(WEXITSTATUS(st), 0);
}

static void stale_files_found(void **state)
{
	(void)state;
	char target[128], stale[160], locked[160], other[160], side[180], orphan[180];
	snprintf(target, sizeof target, "%s/a.db", dir);
	snprintf(stale, sizeof stale, "%s.new-1-0", target);
	snprintf(side, sizeof side, "%s.new-1-0-journal", target);
	snprintf(orphan, sizeof orphan, "%s.new-2-0-wal", target);
	snprintf(locked, sizeof locked, "%s.new-3-0", target);
	snprintf(other, sizeof other, "%s/a.dbx.new-4-0", dir);
	touch(stale);
	touch(side);
	touch(orphan);
	touch(locked);
	touch(other);
	int fd = open(locked, O_RDONLY);
	assert_true(fd >= 0);
	/* held by another process: a live writer */
	int ready[2];
	assert_int_equal(pipe(ready), 0);
	pid_t pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		close(ready[0]);
		int lfd = open(locked, O_RDONLY);
		br_cleanup_lock(lfd);
		(void)!write(ready[1], "x", 1);
		pause();
		_exit(0);
	}
	close(ready[1]);
	char c;
	assert_int_equal(read(ready[0], &c, 1), 1);
	close(ready[0]);
	static const char *const sidecars[] = {"-journal", "-wal", "-shm", NULL};
	assert_int_equal(br_cleanup_stale(target, ".new-", sidecars), 3);
	assert_false(exists(stale));
	assert_false(exists(side));
	assert_false(exists(orphan));
	assert_true(exists(locked));
	assert_true(exists(other));
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
	close(fd);
	/* the writer is gone: now it is a leftover */
	assert_int_equal(br_cleanup_stale(target, ".new-", sidecars), 1);
	assert_false(exists(locked));
	unlink(other);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(every_signal_removes_the_file),
		cmocka_unit_test(released_file_stays),
		cmocka_unit_test(pipe_and_file_size_are_errors),
		cmocka_unit_test(stale_files_found),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
