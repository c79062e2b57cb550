/*
 * diag — diagnostics about input data ("FILE:LINE: warning: parser: ...").
 * Library code collects them here; only cli/ prints them. A br_diags owns
 * its entries and their strings.
 */
#ifndef BR_DIAG_H
#define BR_DIAG_H

#include <stdbool.h>
#include <stddef.h>

#include "util.h"

enum br_severity { BR_NOTE, BR_WARNING, BR_ERROR };

struct br_diag {
	enum br_severity severity;
	char *file;     /* as given on the command line */
	unsigned line;  /* ORIGINAL line number, 0 when the whole file is meant */
	char *parser;   /* "bonnie++-csv", "doc", … */
	char *message;  /* lowercase first word, no full stop */
	bool kept;      /* a warning about a figure that WAS read, repaired or
			 * kept as printed (br_parse_doubt): nothing was lost,
			 * so --strict does not count it */
};

struct br_diags {
	struct br_diag *v;
	size_t n, cap;
};

void br_diag_add(struct br_diags *d, enum br_severity sev, const char *file, unsigned line,
		 const char *parser, const char *fmt, ...) BR_PRINTF(6, 7);
void br_diag_vadd(struct br_diags *d, enum br_severity sev, const char *file, unsigned line,
		  const char *parser, const char *fmt, va_list ap);
/* "file:line: warning: parser: message" (no newline). */
void br_diag_format(const struct br_diag *dg, struct br_buf *out);
const char *br_severity_name(enum br_severity s);
size_t br_diags_count(const struct br_diags *d, enum br_severity min);
/* Warnings and errors about results that could not be read (not kept). */
size_t br_diags_lost(const struct br_diags *d);
/* Remove the diagnostics of severity `sev` (--no-notes: the notes). */
void br_diags_drop(struct br_diags *d, enum br_severity sev);
/* Keep, of d->v[from..], those keep(arg, dg) says to, in order. */
void br_diags_filter(struct br_diags *d, size_t from, bool (*keep)(void *arg, const struct br_diag *dg),
		     void *arg);
void br_diags_free(struct br_diags *d);

#endif
