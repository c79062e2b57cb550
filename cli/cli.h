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

struct br_output;
/* Print an output's message (render/output.h; taken, may be NULL): for a
 * failed output. Returns BR_EXIT_IO. */
int br_cli_said(char *message);
/* br_output_check, its refusal printed: BR_EXIT_OK or BR_EXIT_IO. */
int br_cli_out_check(const char *path, bool force);
/* After br_output_close returned rc: its message printed, if any;
 * BR_EXIT_OK or BR_EXIT_IO. */
int br_cli_output_done(struct br_output *o, int rc);
/* br_output_write_file, its error printed: BR_EXIT_OK or BR_EXIT_IO. */
int br_cli_write_file(const char *path, const char *data, size_t len, bool force);

/* fputs with input text neutralised (core/neutral.h): for messages that
 * quote input on a terminal. */
void br_cli_print_clean(FILE *fp, const char *s);

struct br_diags;
/* The diagnostics on stderr, gcc-style, input text neutralised; `quiet`:
 * errors only. */
void br_cli_print_diags(const struct br_diags *d, bool quiet);

/* The date reports show: now, or SOURCE_DATE_EPOCH (reproducible builds),
 * "YYYY-MM-DD HH:MM UTC". */
void br_cli_report_date(char *buf, size_t n);

#endif
