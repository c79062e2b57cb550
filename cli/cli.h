/*
 * cli — argument handling only: options → calls into the layers below.
 * The only place that prints to stderr or exits.
 */
#ifndef BR_CLI_H
#define BR_CLI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

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
/* getopt_long's ':' or '?' (run with opterr = 0 and optstring starting
 * with ':'), said in one line: "unknown option '--bogus'", "option '-o'
 * needs a value". Returns BR_EXIT_USAGE. */
int br_cli_option_error(const char *cmd, int c, char **argv);

struct br_renderer;
/* The format name as the user types it ("bonnie-csv", "md", "json") to the
 * registry's renderer, or NULL. */
const struct br_renderer *br_cli_renderer_named(const char *name);
/* Every output format as the user types it, from the renderer registry:
 * "jsonl, text, markdown, csv, bonnie-csv, ..." (caller frees). */
char *br_cli_format_names(void);
/* Every output file extension, from the renderer registry, a format's
 * together: "(.jsonl/.json/.ndjson .txt ...)", lines broken to fit 80
 * columns after an indent of `indent` blanks (caller frees). */
char *br_cli_format_extensions(size_t indent);

/* NULL, "-" and "/dev/stdout": standard output. */
bool br_cli_is_stdout(const char *path);

/*
 * An output being written (cli/output.c). A regular file goes through a
 * temporary file in its directory (TARGET.benchreport-tmp.XXXXXX, locked,
 * removed on errors and signals, and by a later run if SIGKILL left it),
 * renamed over it at the end: the old file stays whole until then, and its
 * mode (and, for root, owner) is kept; a new file gets 0666 less the umask.
 * A symbolic link to a regular file replaces the file it points to. A FIFO,
 * a device, a dangling link or a link to anything but a regular file is
 * refused (exit 3) unless `force`, which writes to it directly.
 */
struct br_cli_out {
	const char *path;   /* as given; NULL or "-": standard output */
	FILE *fp;
	char *target;       /* the file replaced */
	char *tmp;          /* the temporary file, or NULL */
	int slot;           /* its cleanup registration */
	int err;            /* errno of a failed write */
	bool reported;      /* an error was printed */
};
/* The checks of br_cli_out_open without creating anything: refuse early. */
int br_cli_out_check(const char *path, bool force);
/* Prints the error; BR_EXIT_OK or BR_EXIT_IO. */
int br_cli_out_open(struct br_cli_out *o, const char *path, bool force);
/* 0, or -1 with o->err set (nothing printed). */
int br_cli_out_write(struct br_cli_out *o, const void *p, size_t n);
/* Finish: `ok` (everything written) renames the temporary file over the
 * target, otherwise it is removed. BR_EXIT_OK or BR_EXIT_IO (printed). */
int br_cli_out_close(struct br_cli_out *o, bool ok);
/* "cannot write 'x': ..." — nothing for a closed pipe on standard output
 * (the exit status, 3, tells). */
void br_cli_write_error(const char *path, int err);

/* Write LEN bytes to PATH (NULL: standard output) as above. Prints the
 * error; returns BR_EXIT_OK or BR_EXIT_IO. */
int br_cli_write_file(const char *path, const char *data, size_t len, bool force);

/* fputs with input text neutralised (core/neutral.h): for messages that
 * quote input on a terminal. */
void br_cli_print_clean(FILE *fp, const char *s);

#endif
