/*
 * output — see output.h: the target checked (no planted symlink, FIFO or
 * device), the bytes written through a temporary file in the target's
 * directory and renamed over it, the target's mode kept, the temporary file
 * removed on error and on signals, input text neutralised on its way out.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cleanup.h"
#include "output.h"

#define TMP_INFIX ".benchreport-tmp."

bool br_output_is_stdout(const char *path)
{
	return !path || strcmp(path, "-") == 0 || strcmp(path, "/dev/stdout") == 0;
}

char *br_output_error_message(const char *path, int e)
{
	if (br_output_is_stdout(path) && e == EPIPE)
		return NULL;
	if (br_output_is_stdout(path))
		return br_asprintf("cannot write to standard output: %s", e ? strerror(e) : "write error");
	return br_asprintf("cannot write '%s': %s", path, e ? strerror(e) : "write error");
}

/* The output's first failure, with its message (taken; may be NULL). */
static void fail_with(struct br_output *o, char *message)
{
	if (o->failed) {
		free(message);
		return;
	}
	o->failed = true;
	o->message = message;
}

/*
 * Which file to replace. A regular file, or a name that does not exist yet:
 * itself. A symbolic link to a regular file: the file it points to (the link
 * stays). Anything else — a FIFO, a device, a link to one, a dangling link —
 * is refused unless `force`, which writes to it directly (*direct). 0, or
 * -1 with *message set.
 */
static int resolve(const char *path, bool force, char **target, bool *direct, struct stat *st, bool *exists,
		   char **message)
{
	*target = NULL;
	*direct = false;
	*exists = false;
	struct stat lst;
	if (lstat(path, &lst) != 0) {
		if (errno == ENOENT) {
			*target = br_strdup(path);
			return 0;
		}
		*message = br_asprintf("cannot write '%s': %s", path, strerror(errno));
		return -1;
	}
	if (S_ISREG(lst.st_mode)) {
		*st = lst;
		*exists = true;
		*target = br_strdup(path);
		return 0;
	}
	bool link = S_ISLNK(lst.st_mode);
	bool to_regular = link && stat(path, st) == 0 && S_ISREG(st->st_mode);
	if (to_regular) {
		char *real = realpath(path, NULL);
		if (!real) {
			*message = br_asprintf("cannot write '%s': %s", path, strerror(errno));
			return -1;
		}
		*exists = true;
		*target = real;
		return 0;
	}
	if (S_ISDIR(lst.st_mode)) {
		*message = br_asprintf("cannot write '%s': %s", path, strerror(EISDIR));
		return -1;
	}
	if (force) {
		*direct = true;
		*target = br_strdup(path);
		return 0;
	}
	*message = br_asprintf("refusing to write '%s': it is %s, not a regular file (use --force to write to it anyway)",
			       path, link ? "a symbolic link to something that is not a regular file" :
			       S_ISFIFO(lst.st_mode) ? "a FIFO" : S_ISCHR(lst.st_mode) || S_ISBLK(lst.st_mode) ? "a device" :
			       "a special file");
	return -1;
}

int br_output_make_dir(const char *dir, char **message)
{
	struct stat st;
	*message = NULL;
	if (mkdir(dir, 0777) != 0 && !(errno == EEXIST && stat(dir, &st) == 0 && S_ISDIR(st.st_mode))) {
		*message = br_asprintf("cannot create directory '%s': %s", dir,
				       errno == EEXIST ? "File exists" : strerror(errno));
		return -1;
	}
	return 0;
}

int br_output_check(const char *path, bool force, char **message)
{
	*message = NULL;
	if (br_output_is_stdout(path))
		return 0;
	char *target;
	bool direct, exists;
	struct stat st;
	int rc = resolve(path, force, &target, &direct, &st, &exists, message);
	free(target);
	return rc;
}

void br_output_init(struct br_output *o, const char *path, bool force, bool neutral)
{
	memset(o, 0, sizeof *o);
	o->path = path;
	o->force = force;
	o->neutral = neutral;
	o->slot = -1;
}

/* A locked temporary file beside the target, registered for cleanup, with
 * the mode the target will have: its descriptor, or -1 with errno set. */
static int make_temp(struct br_output *o, bool exists, const struct stat *st)
{
	/* what an earlier run killed by SIGKILL left behind */
	br_cleanup_stale(o->target, TMP_INFIX, NULL);
	int fd = -1;
	sigset_t held;
	br_cleanup_block(&held); /* from creation to registration */
	for (int tries = 0; tries < 10 && fd < 0; tries++) {
		free(o->tmp);
		o->tmp = br_asprintf("%s" TMP_INFIX "XXXXXX", o->target);
		fd = mkstemp(o->tmp);
		if (fd < 0)
			break;
		/* locked so that no other run takes it for a leftover; removed
		 * in between by one that did (it was not locked yet)? a new one */
		if (!br_cleanup_lock(fd) || !br_cleanup_still_linked(fd)) {
			close(fd);
			fd = -1;
			if (tries == 9)
				errno = EEXIST;
		}
	}
	if (fd >= 0)
		o->slot = br_cleanup_add(o->tmp);
	br_cleanup_unblock(&held);
	if (fd >= 0 && exists && (st->st_uid != geteuid() || st->st_gid != getegid()))
		(void)!fchown(fd, st->st_uid, st->st_gid); /* root keeps the owner; others cannot */
	return fd;
}

int br_output_open(struct br_output *o)
{
	o->opened = true;
	if (br_output_is_stdout(o->path)) {
		o->fp = stdout;
		return 0;
	}
	bool direct, exists;
	struct stat st;
	char *message = NULL;
	if (resolve(o->path, o->force, &o->target, &direct, &st, &exists, &message) < 0) {
		fail_with(o, message);
		return -1;
	}
	if (direct) {
		o->fp = fopen(o->target, "w");
		if (!o->fp) {
			fail_with(o, br_asprintf("cannot open '%s' for writing: %s", o->path, strerror(errno)));
			return -1;
		}
		return 0;
	}
	mode_t mask = umask(0);
	umask(mask);
	mode_t mode = exists ? st.st_mode & 07777 : 0666 & ~mask;
	int fd = make_temp(o, exists, &st);
	if (fd >= 0 && fchmod(fd, mode) == 0)
		o->fp = fdopen(fd, "w");
	if (!o->fp) {
		int e = errno;
		if (fd >= 0) {
			close(fd);
			unlink(o->tmp);
		}
		br_cleanup_release(o->slot);
		o->slot = -1;
		fail_with(o, br_asprintf("cannot create '%s': %s", o->path, strerror(e)));
		free(o->tmp);
		o->tmp = NULL;
		return -1;
	}
	return 0;
}

/* The bytes as they are: 0, or -1 with errno set. */
static int put(struct br_output *o, const void *p, size_t n)
{
	if (o->failed || !o->fp)
		return -1;
	if (fwrite(p, 1, n, o->fp) != n) {
		o->err = errno;
		return -1;
	}
	return 0;
}

/* Neutralise and write one piece; `more`: others follow. */
static int piece(struct br_output *o, const char *p, size_t n, bool more)
{
	if (!o->neutral)
		return n ? put(o, p, n) : 0;
	struct br_buf joined = BR_BUF_INIT;
	if (o->ncarry) {
		/* the bytes held back from the last piece come first */
		br_buf_add(&joined, o->carry, o->ncarry);
		br_buf_add(&joined, p, n);
		p = joined.data;
		n = joined.len;
		o->ncarry = 0;
	}
	br_buf_reset(&o->clean);
	size_t used = br_neutral_add(&o->clean, p, n, BR_NEUTRAL_TEXT, more);
	if (used < n) {
		/* at most 3 bytes: an incomplete UTF-8 sequence or a CR */
		o->ncarry = n - used < sizeof o->carry ? n - used : sizeof o->carry;
		memcpy(o->carry, p + used, o->ncarry);
	}
	br_buf_free(&joined);
	return o->clean.len ? put(o, o->clean.data, o->clean.len) : 0;
}

int br_output_write(struct br_output *o, const void *p, size_t n)
{
	if (o->failed || (!o->opened && br_output_open(o) < 0))
		return -1;
	if (piece(o, p, n, true) == 0)
		return 0;
	errno = o->err;
	return -1;
}

int br_output_flush(void *o, const void *p, size_t n)
{
	return br_output_write(o, p, n);
}

void br_output_fail(struct br_output *o, int e)
{
	if (o->failed)
		return;
	fail_with(o, br_output_error_message(o->path, e));
	o->opened = true; /* nothing to close but the error to remember */
}

/* Flush and close the stream; `ok`: rename the temporary file over the
 * target. false when anything failed (recorded). */
static bool finish_file(struct br_output *o, bool ok)
{
	errno = 0;
	bool good = fflush(o->fp) == 0 && !ferror(o->fp);
	int e = good ? 0 : errno ? errno : o->err;
	/* the temporary file is renamed while it is still open and so
	 * locked: closed first, another run's cleaning could take it for
	 * a leftover and remove it in between */
	if (o->tmp && ok && good && rename(o->tmp, o->target) != 0) {
		good = false;
		e = errno;
	} else if (o->tmp && ok && good) {
		br_cleanup_release(o->slot); /* renamed: nothing to remove */
		o->slot = -1;
		free(o->tmp);
		o->tmp = NULL;
	}
	if (o->fp != stdout && fclose(o->fp) != 0 && good && o->tmp) {
		good = false;
		e = errno;
	}
	o->fp = NULL;
	if (ok && !good) {
		br_output_fail(o, e);
		ok = false;
	}
	return ok;
}

int br_output_close(struct br_output *o, bool ok)
{
	if (ok && !o->opened && br_output_open(o) < 0)
		ok = false;
	if (ok && o->ncarry) {
		char rest[4];
		size_t n = o->ncarry;
		memcpy(rest, o->carry, n);
		o->ncarry = 0;
		if (piece(o, rest, n, false) < 0) {
			br_output_fail(o, o->err);
			ok = false;
		}
	}
	br_buf_free(&o->clean);
	if (!o->opened)
		return -1;
	ok = ok && !o->failed;
	if (o->fp)
		ok = finish_file(o, ok);
	if (o->tmp) {
		if (ok && rename(o->tmp, o->target) != 0) {
			br_output_fail(o, errno);
			ok = false;
		}
		if (!ok)
			unlink(o->tmp);
		br_cleanup_release(o->slot);
		o->slot = -1;
		free(o->tmp);
		o->tmp = NULL;
	}
	free(o->target);
	o->target = NULL;
	return o->failed || !ok ? -1 : 0;
}

void br_output_release(struct br_output *o)
{
	free(o->message);
	o->message = NULL;
}

int br_output_write_file(const char *path, const void *data, size_t len, bool force, char **message)
{
	struct br_output o;
	br_output_init(&o, path, force, false);
	int rc = br_output_open(&o);
	if (rc == 0 && put(&o, data ? data : "", len) < 0)
		br_output_fail(&o, o.err);
	if (rc == 0)
		rc = br_output_close(&o, !o.failed);
	*message = o.message;
	return rc;
}
