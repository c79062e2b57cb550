/*
 * output — what the subcommands share to name a format and to write a
 * finished output (a chart, a run's report) safely.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "render.h"
#include "util.h"

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

/*
 * Write the rendered output. To a regular file: through a temporary file in
 * the same directory renamed over the target, so a failure never leaves a
 * half-written file where the user's was. Anything else (a device, a FIFO):
 * directly.
 */
int br_cli_write_file(const char *path, const char *data, size_t len)
{
	if (!path) {
		if (fwrite(data ? data : "", 1, len, stdout) != len || fflush(stdout) != 0) {
			br_cli_error("cannot write to standard output: %s", strerror(errno));
			return BR_EXIT_IO;
		}
		return BR_EXIT_OK;
	}
	struct stat st;
	bool regular = stat(path, &st) != 0 || S_ISREG(st.st_mode);
	if (!regular) {
		FILE *fp = fopen(path, "w");
		if (!fp) {
			br_cli_error("cannot open '%s' for writing: %s", path, strerror(errno));
			return BR_EXIT_IO;
		}
		size_t w = fwrite(data ? data : "", 1, len, fp);
		int e = errno;
		if (w != len || fflush(fp) != 0) {
			e = errno;
			fclose(fp);
			br_cli_error("cannot write '%s': %s", path, strerror(e));
			return BR_EXIT_IO;
		}
		if (fclose(fp) != 0) {
			br_cli_error("cannot write '%s': %s", path, strerror(errno));
			return BR_EXIT_IO;
		}
		return BR_EXIT_OK;
	}
	char *tmp = br_asprintf("%s.tmpXXXXXX", path);
	int fd = mkstemp(tmp);
	if (fd < 0) {
		br_cli_error("cannot create '%s': %s", path, strerror(errno));
		free(tmp);
		return BR_EXIT_IO;
	}
	size_t off = 0;
	while (off < len) {
		ssize_t w = write(fd, data + off, len - off);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0) {
			int e = w < 0 ? errno : ENOSPC;
			close(fd);
			unlink(tmp);
			br_cli_error("cannot write '%s': %s", path, strerror(e));
			free(tmp);
			return BR_EXIT_IO;
		}
		off += (size_t)w;
	}
	fchmod(fd, 0644 & ~(mode_t)0);
	if (close(fd) != 0 || rename(tmp, path) != 0) {
		int e = errno;
		unlink(tmp);
		br_cli_error("cannot write '%s': %s", path, strerror(e));
		free(tmp);
		return BR_EXIT_IO;
	}
	free(tmp);
	return BR_EXIT_OK;
}
