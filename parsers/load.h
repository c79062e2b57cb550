/*
 * load — the input stage as one call: every input read (a file, standard
 * input, a mail archive message by message, or a results archive), decoded,
 * parsed by the registry, its records told which input they came from and
 * named, then merged across inputs and every input named
 * (br_dataset_name_inputs). Owns the dataset it returns and the messages
 * about inputs that could not be read; br_load_free releases them.
 *
 * Results archives belong to archive/, above this layer: the caller passes
 * the functions that recognise and read them (br_load_opts.archive_*), so
 * that parsers/ never calls up.
 */
#ifndef BR_LOAD_H
#define BR_LOAD_H

#include <stdbool.h>
#include <stddef.h>

#include "dataset.h"
#include "util.h"

/* One input as the command line gave it. */
struct br_load_input {
	const char *path;  /* "-": standard input */
	char *name;        /* the name it was given, or NULL (owned) */
};

/* An argument FILE, or NAME=FILE when the argument is not itself an
 * existing file and NAME holds no '/'; `label` (--label NAME) names the
 * FILE taken as it is. in->path points into arg. */
void br_load_input_from_arg(struct br_load_input *in, const char *arg, const char *label);

struct br_load_opts {
	bool claims;       /* keep the parsers' claims (--explain, --dump=claims) */
	bool no_excerpts;  /* keep no records' excerpts (the output shows none) */
	bool excerpts_later; /* the view only: a regular file's excerpts are read
			    * back when shown (core/excerpts.h), not copied */
	bool lines_only;   /* decode only: each document's logical lines into
			    * br_load.lines (br_dump_lines), nothing parsed */
	bool (*archive_is)(const char *path);
	int (*archive_read)(const char *path, struct br_dataset *ds); /* 0, or -1 with br_error() */
	/* The stream and the view only: which diagnostics to keep, asked of
	 * each as its document is read (NULL: all). One that will not be
	 * shown (--quiet, --no-notes) need not be held to the end: a note a
	 * run, over a million runs, was 480 MiB. */
	bool (*keep_diag)(void *arg, const struct br_diag *dg);
	void *diag_arg;
};

struct br_load {
	struct br_dataset ds;
	char **errors;     /* inputs that could not be read, in order ("cannot open 'x': ...") */
	size_t nerrors;
	struct br_buf lines; /* with lines_only */
};

/* Read every input into out (zeroed first). 0, or -1 when some input could
 * not be read (out->errors says which; the others are read all the same). */
int br_load_inputs(const struct br_load_input *in, size_t n, const struct br_load_opts *o,
		   struct br_load *out);
void br_load_free(struct br_load *l);

/*
 * The input stage for outputs that are each record on its own, in order
 * (JSON Lines): the same records as br_load_inputs, in the same order and
 * merged the same way, written out one by one with memory bounded by
 * `budget` bytes of records (0: 8 MiB) however big the input. Within the
 * budget the inputs are read once and held; past it, each record's
 * encoding (encode(arg, r, out) appends it) goes to a temporary file as
 * it is read, and only the records that may merge with another are held
 * or, when they came before the budget ran out, read again (load.c says
 * how). Standard input and results archives are read once and held,
 * whatever their size.
 *
 * br_load_stream_open reads the inputs into out: its errors and
 * diagnostics are all there when it returns, its records may not be
 * (br_load_stream_records counts them). br_load_stream_emit writes the
 * encodings in order through write(arg, bytes, n): 0, or -1 with
 * br_error() (an input that changed between two readings, a temporary
 * file that could not be written or read). br_load_stream_free, then
 * br_load_free(out).
 */
struct br_load_stream;
typedef void br_stream_encode_fn(void *arg, const struct br_record *r, struct br_buf *out);
typedef void br_stream_write_fn(void *arg, const void *p, size_t n);
int br_load_stream_open(const struct br_load_input *in, size_t n, const struct br_load_opts *o,
			size_t budget, br_stream_encode_fn *encode, void *arg, struct br_load *out,
			struct br_load_stream **st);
size_t br_load_stream_records(const struct br_load_stream *st);
/* After br_load_stream_emit failed: the errno of the temporary file's
 * write or read that failed (a full disk, a file-size limit), 0 when the
 * failure was about an input. */
int br_load_stream_io_error(const struct br_load_stream *st);
int br_load_stream_emit(struct br_load_stream *st, br_stream_write_fn *write, void *arg);
/* The most records it held at once past the budget, to merge (after
 * br_load_stream_emit; for the growth tests). */
size_t br_load_stream_held_most(const struct br_load_stream *st);
/* The records its second reading took (after br_load_stream_emit), and
 * in *pulled (when asked) those its first took back from the temporary
 * file; for the tests. */
size_t br_load_stream_read_again(const struct br_load_stream *st, size_t *pulled);
void br_load_stream_free(struct br_load_stream *st);

/*
 * The input stage for outputs that hold every record to the end but show
 * only part of each (the tables and charts): br_load_inputs's records, in
 * its order and merged the same way, in `budget` bytes of records (0:
 * 8 MiB) plus a slim copy of each record past them, which keeps only
 * `keep` (record.h BR_KEEP_*) of what the output does not show. Standard
 * input and results archives are read once and held, as the stream does.
 */
int br_load_view(const struct br_load_input *in, size_t n, const struct br_load_opts *o, size_t budget,
		 unsigned keep, struct br_load *out);

/* The input among in[0..n) that is the file PATH (the same file, however
 * named; standard input is none), or NULL. */
const struct br_load_input *br_load_find_file(const struct br_load_input *in, size_t n, const char *path);

/* --baseline WANT: the path as that input was given when WANT is one of
 * the input files, else WANT (compare.h matches it against labels, hosts
 * and input names). */
const char *br_load_baseline(const struct br_load_input *in, size_t n, const char *want);

#endif
