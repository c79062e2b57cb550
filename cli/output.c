/*
 * output — what the subcommands share to name a format and to write an
 * output safely: the target checked (no planted symlink, FIFO or device),
 * the bytes written through a temporary file in the target's directory and
 * renamed over it, the target's mode kept (a new file honours the umask),
 * the temporary file removed on error and on signals (core/cleanup.h), and
 * input text neutralised on its way to a terminal (core/neutral.h).
 */
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cleanup.h"
#include "cli.h"
#include "neutral.h"
#include "render.h"
#include "util.h"

#define TMP_INFIX ".benchreport-tmp."

char *br_cli_format_names(void)
{
	size_t n;
	const struct br_renderer *const *r = br_renderers(&n);
	struct br_buf b = BR_BUF_INIT;
	for (size_t i = 0; i < n; i++) {
		if (i)
			br_buf_adds(&b, ", ");
		for (const char *p = r[i]->name; *p; p++)
			br_buf_addc(&b, *p == '_' ? '-' : *p);
	}
	return br_buf_detach(&b);
}

char *br_cli_format_extensions(size_t indent)
{
	size_t n;
	const struct br_renderer *const *r = br_renderers(&n);
	struct br_buf b = BR_BUF_INIT;
	size_t col = indent + 1;
	for (size_t k = 0; k < indent; k++)
		br_buf_addc(&b, ' ');
	br_buf_addc(&b, '(');
	bool first = true;
	for (size_t i = 0; i < n; i++) {
		const char *e = r[i]->extensions;
		if (!e || !*e)
			continue;
		/* ".jsonl .json" → ".jsonl/.json" */
		char *word = br_strdup(e);
		for (char *p = word; *p; p++)
			if (*p == ' ')
				*p = '/';
		size_t len = strlen(word);
		if (!first && col + 1 + len + 1 > 80) {
			br_buf_addc(&b, '\n');
			for (size_t k = 0; k <= indent; k++)
				br_buf_addc(&b, ' ');
			col = indent + 1;
		} else if (!first) {
			br_buf_addc(&b, ' ');
			col++;
		}
		br_buf_adds(&b, word);
		col += len;
		first = false;
		free(word);
	}
	br_buf_addc(&b, ')');
	return br_buf_detach(&b);
}

/* The format name as the user types it ("bonnie-csv") to the registry's
 * ("bonnie_csv"). */
const struct br_renderer *br_cli_renderer_named(const char *name)
{
	char tmp[64];
	size_t n = strlen(name);
	if (n >= sizeof tmp)
		return NULL;
	for (size_t i = 0; i <= n; i++)
		tmp[i] = name[i] == '-' ? '_' : name[i];
	if (strcmp(tmp, "md") == 0)
		return br_renderer_by_name("markdown");
	if (strcmp(tmp, "json") == 0)
		return br_renderer_by_name("jsonl");
	return br_renderer_by_name(tmp);
}

bool br_cli_is_stdout(const char *path)
{
	return !path || strcmp(path, "-") == 0 || strcmp(path, "/dev/stdout") == 0;
}

void br_cli_print_clean(FILE *fp, const char *s)
{
	size_t n = strlen(s);
	if (!br_neutral_needed(s, n)) {
		fputs(s, fp);
		return;
	}
	struct br_buf b = BR_BUF_INIT;
	br_neutral_add(&b, s, n, BR_NEUTRAL_TEXT, false);
	fputs(br_buf_str(&b), fp);
	br_buf_free(&b);
}

void br_cli_write_error(const char *path, int e)
{
	/* a reader that stopped reading (| head) is not worth a message: the
	 * exit status (3) says the output was not delivered whole */
	if (br_cli_is_stdout(path) && e == EPIPE)
		return;
	if (br_cli_is_stdout(path))
		br_cli_error("cannot write to standard output: %s", e ? strerror(e) : "write error");
	else
		br_cli_error("cannot write '%s': %s", path, e ? strerror(e) : "write error");
}

/*
 * Which file to replace. A regular file, or a name that does not exist yet:
 * itself. A symbolic link to a regular file: the file it points to (the link
 * stays). Anything else — a FIFO, a device, a link to one, a dangling link —
 * is refused unless `force`, which writes to it directly (*direct).
 */
static int resolve(const char *path, bool force, char **target, bool *direct, struct stat *st, bool *exists)
{
	*target = NULL;
	*direct = false;
	*exists = false;
	struct stat lst;
	if (lstat(path, &lst) != 0) {
		if (errno == ENOENT) {
			*target = br_strdup(path);
			return BR_EXIT_OK;
		}
		br_cli_error("cannot write '%s': %s", path, strerror(errno));
		return BR_EXIT_IO;
	}
	if (S_ISREG(lst.st_mode)) {
		*st = lst;
		*exists = true;
		*target = br_strdup(path);
		return BR_EXIT_OK;
	}
	bool link = S_ISLNK(lst.st_mode);
	bool to_regular = link && stat(path, st) == 0 && S_ISREG(st->st_mode);
	if (to_regular) {
		char *real = realpath(path, NULL);
		if (!real) {
			br_cli_error("cannot write '%s': %s", path, strerror(errno));
			return BR_EXIT_IO;
		}
		*exists = true;
		*target = real;
		return BR_EXIT_OK;
	}
	if (S_ISDIR(lst.st_mode)) {
		br_cli_error("cannot write '%s': %s", path, strerror(EISDIR));
		return BR_EXIT_IO;
	}
	if (force) {
		*direct = true;
		*target = br_strdup(path);
		return BR_EXIT_OK;
	}
	br_cli_error("refusing to write '%s': it is %s, not a regular file (use --force to write to it anyway)",
		     path, link ? "a symbolic link to something that is not a regular file" :
		     S_ISFIFO(lst.st_mode) ? "a FIFO" : S_ISCHR(lst.st_mode) || S_ISBLK(lst.st_mode) ? "a device" :
		     "a special file");
	return BR_EXIT_IO;
}

int br_cli_out_check(const char *path, bool force)
{
	if (br_cli_is_stdout(path))
		return BR_EXIT_OK;
	char *target;
	bool direct, exists;
	struct stat st;
	int rc = resolve(path, force, &target, &direct, &st, &exists);
	free(target);
	return rc;
}

int br_cli_out_open(struct br_cli_out *o, const char *path, bool force)
{
	memset(o, 0, sizeof *o);
	o->path = path;
	o->slot = -1;
	if (br_cli_is_stdout(path)) {
		o->fp = stdout;
		return BR_EXIT_OK;
	}
	bool direct, exists;
	struct stat st;
	int rc = resolve(path, force, &o->target, &direct, &st, &exists);
	if (rc) {
		o->reported = true;
		return rc;
	}
	if (direct) {
		o->fp = fopen(o->target, "w");
		if (!o->fp) {
			br_cli_error("cannot open '%s' for writing: %s", path, strerror(errno));
			o->reported = true;
			return BR_EXIT_IO;
		}
		return BR_EXIT_OK;
	}
	/* what an earlier run killed by SIGKILL left behind */
	br_cleanup_stale(o->target, TMP_INFIX, NULL);
	mode_t mask = umask(0);
	umask(mask);
	mode_t mode = exists ? st.st_mode & 07777 : 0666 & ~mask;
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
	if (fd >= 0) {
		if (exists && (st.st_uid != geteuid() || st.st_gid != getegid()))
			(void)!fchown(fd, st.st_uid, st.st_gid); /* root keeps the owner; others cannot */
		if (fchmod(fd, mode) == 0)
			o->fp = fdopen(fd, "w");
	}
	if (!o->fp) {
		int e = errno;
		if (fd >= 0) {
			close(fd);
			unlink(o->tmp);
		}
		br_cleanup_release(o->slot);
		o->slot = -1;
		br_cli_error("cannot create '%s': %s", path, strerror(e));
		o->reported = true;
		free(o->tmp);
		o->tmp = NULL;
		return BR_EXIT_IO;
	}
	return BR_EXIT_OK;
}

int br_cli_out_write(struct br_cli_out *o, const void *p, size_t n)
{
	if (o->reported || !o->fp)
		return -1;
	if (fwrite(p, 1, n, o->fp) != n) {
		o->err = errno;
		return -1;
	}
	return 0;
}

int br_cli_out_close(struct br_cli_out *o, bool ok)
{
	if (o->fp) {
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
			if (!o->reported)
				br_cli_write_error(o->path, e);
			o->reported = true;
			ok = false;
		}
	}
	if (o->tmp) {
		if (ok && rename(o->tmp, o->target) != 0) {
			if (!o->reported)
				br_cli_write_error(o->path, errno);
			o->reported = true;
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
	return o->reported || !ok ? BR_EXIT_IO : BR_EXIT_OK;
}

int br_cli_write_file(const char *path, const char *data, size_t len, bool force)
{
	struct br_cli_out o;
	int rc = br_cli_out_open(&o, path, force);
	if (rc)
		return rc;
	if (br_cli_out_write(&o, data ? data : "", len) < 0) {
		br_cli_write_error(path, o.err);
		o.reported = true;
	}
	return br_cli_out_close(&o, !o.reported);
}
