/*
 * render — the output side: every format is one file in render/ exporting
 * `const struct br_renderer br_renderer_<name>` plus one BR_RENDERER(<name>)
 * line in renderers.def. Renderers read the report model (model/report.h,
 * built once) and write to a sink; they never print or exit. Values are
 * scaled for display here only.
 */
#ifndef BR_RENDER_H
#define BR_RENDER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "dataset.h"
#include "metric.h"
#include "opts.h"
#include "report.h"
#include "util.h"

/*
 * Where output goes: memory (br_buf), a FILE, or a stream (br_sink_stream):
 * a buffer that is handed to a callback, in order, each time it holds
 * `hold` bytes and once more by br_sink_finish, so output of any size costs
 * `hold` bytes of memory, and output shorter than that reaches the callback
 * only when complete. Write errors stick (failed; err is the errno, 0 if
 * unknown).
 */
typedef int br_sink_flush_fn(void *arg, const void *p, size_t n); /* 0, or -1 with errno set */
struct br_sink {
	struct br_buf *mem;
	FILE *fp;
	bool failed;
	int err;
	br_sink_flush_fn *flush;   /* stream: mem is the buffer */
	void *arg;
	size_t hold;
	size_t passed;             /* bytes handed to flush so far */
};
void br_sink_mem(struct br_sink *s, struct br_buf *b);
void br_sink_file(struct br_sink *s, FILE *fp);
void br_sink_stream(struct br_sink *s, struct br_buf *b, size_t hold, br_sink_flush_fn *flush, void *arg);
/* A stream: hand on what is still held. 0, or -1 if any write failed. */
int br_sink_finish(struct br_sink *s);
void br_sink_write(struct br_sink *s, const void *p, size_t n);
void br_sink_puts(struct br_sink *s, const char *str);
void br_sink_printf(struct br_sink *s, const char *fmt, ...) BR_PRINTF(2, 3);

struct br_renderer {
	const char *name;          /* --format value: "jsonl" */
	const char *extensions;    /* space-separated, with dots: ".jsonl .json" */
	const char *summary;
	bool text;                 /* people read it as text (a terminal, an editor):
				    * input text in it is neutralised on the way out
				    * (terminal controls, bidi overrides; core/neutral.h) */
	unsigned needs;            /* the parts of the report model it reads (BR_NEED_*) */
	/* 0 on success; -1 with br_error() set. The report was built with at
	 * least `needs`; the renderer presents it and rebuilds none of it. */
	int (*render)(const struct br_report *rep, struct br_sink *out);
	/* Or NULL. A format that is each record on its own, in the dataset's
	 * order, with nothing of the model (JSON Lines): render() writes what
	 * this appends to `out` for every record, and a caller may stream the
	 * records instead (br_load_stream) without holding them all. */
	void (*record)(const struct br_record *r, struct br_buf *out);
};

/* Build the report model r needs from ds and o, render it, free it: for
 * callers with no report of their own (tests, `benchreport run`). */
int br_render(const struct br_renderer *r, const struct br_dataset *ds, const struct br_render_opts *o,
	      struct br_sink *out);

const struct br_renderer *const *br_renderers(size_t *n);
const struct br_renderer *br_renderer_by_name(const char *name);
/* The `benchreport run --quick` caveat as the first line of the formats
 * that have room for one: text, Markdown, and CSV as a comment
 * (spreadsheets and data frames skip "#" lines when asked; bon_csv2txt and
 * bon_csv2html say they cannot process it, on stderr, and convert the
 * rest); nothing for the others. JSON Lines has it in each record's params,
 * the HTML report in its notes and details. */
void br_renderer_caveat(const struct br_renderer *r, const char *caveat, struct br_buf *out);
/* Pick by the output file's extension; NULL if none matches. */
const struct br_renderer *br_renderer_by_path(const char *path);

/* The narrowest --columns a table can keep its figures in. */
#define BR_TEXT_MIN_COLUMNS 40

/* What outputs tell about where they came from (--provenance). An input
 * file's name: as given, but a full path by its base name unless
 * provenance_full (a pointer into path). The command line: only with
 * provenance_full, else NULL. (JSON Lines source.file is the contract's
 * path as given, always.) */
const char *br_provenance_file(const struct br_render_opts *o, const char *path);
const char *br_provenance_command(const struct br_render_opts *o);

/* JSON Lines for one record (SCHEMA.md), without the newline; used by the
 * jsonl renderer and the archive. */
void br_record_to_json(const struct br_record *r, struct br_buf *b);

#endif
