/*
 * cli — argument handling only: options → calls into the layers below.
 * The only place that prints to stderr or exits.
 */
#ifndef BR_CLI_H
#define BR_CLI_H

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

#endif
