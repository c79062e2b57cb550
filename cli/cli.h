/*
 * cli — argument handling only: options → calls into the layers below.
 * The only place that prints to stderr or exits.
 */
#ifndef BR_CLI_H
#define BR_CLI_H

#include <stddef.h>

enum br_exit {
	BR_EXIT_OK = 0,
	BR_EXIT_NODATA = 1,   /* no records, unreadable inputs, --strict warnings */
	BR_EXIT_USAGE = 2,
	BR_EXIT_IO = 3,       /* a write failed */
};

/* "benchreport: error: …" on stderr. */
void br_cli_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void br_cli_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Usage error: message, pointer to --help, returns BR_EXIT_USAGE. */
int br_cli_usage_error(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

struct br_renderer;
/* The format name as the user types it ("bonnie-csv", "md", "json") to the
 * registry's renderer, or NULL. */
const struct br_renderer *br_cli_renderer_named(const char *name);
/* Write LEN bytes to PATH (NULL: standard output): a regular file through a
 * temporary file renamed over it, so a failure never leaves half a file.
 * Prints the error; returns BR_EXIT_OK or BR_EXIT_IO. */
int br_cli_write_file(const char *path, const char *data, size_t len);

#endif
