/*
 * output — writing an output safely, for every command (the report, `run`,
 * `archive history`, --charts). Owns the file being written: its temporary
 * copy, its cleanup registration and the neutralising of text on its way.
 *
 * A regular file goes through a temporary file in its directory
 * (TARGET.benchreport-tmp.XXXXXX, locked, removed on errors and signals
 * (core/cleanup.h), and by a later run if SIGKILL left it), renamed over it
 * at the end: the old file stays whole until then, and its mode (and, for
 * root, owner) is kept; a new file gets 0666 less the umask. A symbolic link
 * to a regular file replaces the file it points to. A FIFO, a device, a
 * dangling link or a link to anything but a regular file is refused unless
 * `force`, which writes to it directly. NULL, "-" and "/dev/stdout" are
 * standard output.
 *
 * Nothing here prints. The first failure of an output leaves its message
 * for the user in `message` ("cannot write 'x': No space left on device"),
 * or NULL when there is nothing worth saying (a reader that closed the pipe
 * of standard output: the exit status tells); later failures add nothing.
 */
#ifndef BR_OUTPUT_H
#define BR_OUTPUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "neutral.h"
#include "util.h"

struct br_output {
	const char *path;   /* as given; NULL or "-": standard output */
	bool force;
	bool neutral;       /* a text output: input text neutralised (BR_NEUTRAL_TEXT) */
	bool failed;        /* an error was met (message made, if any) */
	char *message;      /* the first error's message, or NULL; freed by close */
	/* private */
	bool opened;
	FILE *fp;
	char *target;       /* the file replaced */
	char *tmp;          /* the temporary file, or NULL */
	int slot;           /* its cleanup registration */
	int err;            /* errno of a failed write */
	struct br_buf clean; /* the neutralised piece */
	char carry[4];      /* an incomplete sequence at a piece's end */
	size_t ncarry;
};

bool br_output_is_stdout(const char *path);
/* "cannot write 'x': ..." for errno e (caller frees), or NULL for a closed
 * pipe on standard output: a reader that stopped reading (| head) is not
 * worth a message. */
char *br_output_error_message(const char *path, int e);

/* The checks of opening PATH without creating anything, to refuse early:
 * 0, or -1 with *message set (caller frees). */
int br_output_check(const char *path, bool force, char **message);

/* A directory for outputs (--charts DIR), made if missing: 0, or -1 with
 * *message set (caller frees). */
int br_output_make_dir(const char *dir, char **message);

/* Set up an output to PATH; nothing is opened until the first write. */
void br_output_init(struct br_output *o, const char *path, bool force, bool neutral);
/* Open now (br_output_write does it on the first piece): 0 or -1. */
int br_output_open(struct br_output *o);
/* Write a piece (neutralised for a text output; a stream may end inside a
 * UTF-8 sequence, the rest is held for the next piece). 0, or -1 with errno
 * set; the failure is the caller's to record (br_output_fail), as a sink's
 * flush function (render.h) does. */
int br_output_write(struct br_output *o, const void *p, size_t n);
/* br_sink_flush_fn over a struct br_output. */
int br_output_flush(void *o, const void *p, size_t n);
/* Record a write error (errno e) unless one was recorded already. */
void br_output_fail(struct br_output *o, int e);
/* Finish: `ok` (everything written) renames the temporary file over the
 * target, otherwise it is removed. 0, or -1 (o->failed). The message
 * stays for the caller to read until br_output_release. */
int br_output_close(struct br_output *o, bool ok);
/* Free the message. */
void br_output_release(struct br_output *o);

/* Write LEN bytes to PATH as above (no neutralising): 0, or -1 with
 * *message set when there is something to say (caller frees). */
int br_output_write_file(const char *path, const void *data, size_t len, bool force, char **message);

#endif
