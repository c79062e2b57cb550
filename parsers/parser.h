/*
 * parser — the interface every input format implements, and the helpers
 * parsers share. One format is one file in parsers/ exporting exactly one
 * `const struct br_parser br_parser_<fmt>` plus one BR_PARSER(<fmt>) line in
 * parsers.def (and, for a new tool, one BR_TOOL line in core/tools.def). No
 * format-specific code lives anywhere else: the words core's label and
 * decode stages need of a tool are the parser's `vocab` (core/vocab.h).
 *
 * The registry offers every document to every parser, in parsers.def order.
 * A parser reads doc->lines, appends records (br_parse_record_new … _emit),
 * claims the line ranges it understood (br_parse_claim) and reports what
 * looked like a result but could not be read (br_parse_warn). It never keeps
 * pointers into the document after it returns. Lines claimed by an earlier
 * parser are marked in ctx->claimed; later parsers skip them. Once every
 * line is claimed the registry runs no further parser: a parser must find,
 * warn and claim nothing in a document whose lines are all claimed
 * (tests/unit/test_registry.c checks each). Then the document's records
 * are reconciled (parsers/reconcile.h): a parser whose records depend on
 * what other parsers found in the document (bonnie++ text on the CSV line
 * of the same run) settles that in its `reconcile` hook, called once every
 * parser has parsed the document, with what its parse() kept in ctx->kept.
 * A parser changes no record another parser made.
 */
#ifndef BR_PARSER_H
#define BR_PARSER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "dataset.h"
#include "doc.h"
#include "record.h"
#include "util.h"
#include "vocab.h"

struct br_parse_ctx {
	const struct br_doc *doc;
	struct br_dataset *ds;
	const struct br_parser *parser;   /* the parser being run */
	unsigned char *claimed;           /* per logical line: claimed by an earlier parser */
	size_t nrecords;                  /* records emitted for this document so far */
	size_t first_record;              /* ds->records index of this document's first */
	void **kept;                      /* the parser's slot for its reconcile hook (NULL
					   * before parse(); the hook frees what is left there) */
	bool excerpts_later;              /* the records' excerpts are read back when
					   * shown (br_record_defer_excerpt), not copied */
};

/* What a parser's reconcile hook is given: every parser has parsed the
 * document; its records are ds->records.v[first_record .. ds->records.n),
 * in the order the parsers emitted them. */
struct br_reconcile_ctx {
	const struct br_doc *doc;
	struct br_dataset *ds;
	const struct br_parser *parser;   /* the parser whose hook runs */
	size_t first_record;
	void *kept;                       /* what its parse() left in *ctx->kept, or NULL */
};

struct br_parser {
	const char *name;     /* source.format: "bonnie++-csv" */
	const char *summary;  /* one line for --help / --explain */
	/* Cheap look: false when the document certainly holds nothing for us. */
	bool (*detect)(const struct br_doc *doc);
	/* Read the document; returns records emitted. */
	size_t (*parse)(struct br_parse_ctx *ctx);
	/* For a parser without detect: words (ASCII, any case; NULL-terminated)
	 * one of which a document's bytes hold wherever the parser finds
	 * anything, for the first look at a mail archive's messages
	 * (core/look.h). NULL: every message may hold something for it. */
	const char *const *look_words;
	/* The words of the tool core's label and decode stages need (vocab.h),
	 * or NULL. */
	const struct br_vocab *vocab;
	/* Or NULL. Called for the document once every parser has parsed it,
	 * before its records are put in document order: changes only records
	 * this parser emitted, and frees rc->kept. */
	void (*reconcile)(struct br_reconcile_ctx *rc);
};

/* A new record whose source spans logical lines first..last of the document
 * (ORIGINAL line numbers and the excerpt are filled in). */
struct br_record *br_parse_record_new(struct br_parse_ctx *ctx, enum br_tool tool, size_t first,
				      size_t last);
/* Set r's excerpt to ORIGINAL lines a..b (1-based, as br_doc_excerpt()),
 * copied straight into the record when the lines are plain text: for a
 * record that grew after br_parse_record_new(). */
void br_parse_set_excerpt(struct br_parse_ctx *ctx, struct br_record *r, unsigned a, unsigned b);
/* Hand the finished record over to the dataset (takes ownership; the
 * record is compacted, br_record_compact(): r is not to be used after). */
void br_parse_emit(struct br_parse_ctx *ctx, struct br_record *r);
/* Mark logical lines first..last as understood by this parser, with a reason
 * for --explain. */
void br_parse_claim(struct br_parse_ctx *ctx, size_t first, size_t last, const char *why);
/* Asked of every line by every parser: inline. */
static inline bool br_parse_is_claimed(const struct br_parse_ctx *ctx, size_t idx)
{
	return idx < ctx->doc->nlines && ctx->claimed[idx];
}
/* "FILE:LINE: warning: <parser>: message" for logical line idx. */
void br_parse_warn(struct br_parse_ctx *ctx, size_t idx, const char *fmt, ...) BR_PRINTF(3, 4);
void br_parse_note(struct br_parse_ctx *ctx, size_t idx, const char *fmt, ...) BR_PRINTF(3, 4);
/* A warning about a figure the parser did read but doubts, repaired or kept
 * as printed: the user should look, but nothing was lost (--strict ignores
 * it; diag.kept). */
void br_parse_doubt(struct br_parse_ctx *ctx, size_t idx, const char *fmt, ...) BR_PRINTF(3, 4);
/* The ORIGINAL line number of logical line idx (where br_parse_note puts
 * a diagnostic about it): for a reconcile hook's diagnostics. */
unsigned br_parse_line(const struct br_parse_ctx *ctx, size_t idx);
/* A note or a doubt (as br_parse_note, br_parse_doubt) at ORIGINAL line
 * `line` of the document, from a reconcile hook. */
void br_reconcile_note(struct br_reconcile_ctx *rc, unsigned line, const char *fmt, ...) BR_PRINTF(3, 4);
void br_reconcile_doubt(struct br_reconcile_ctx *rc, unsigned line, const char *fmt, ...) BR_PRINTF(3, 4);

/*
 * The label a reader sees for a result that starts at logical line `idx`:
 * the headings and introducing lines above it, most general first, joined by
 * " / ". `own` is text on the result's own line that titles it (a
 * hand-written "2 disks (hdb1,hdc1)"), or NULL. Caller frees; NULL if none.
 */
char *br_parse_label(struct br_parse_ctx *ctx, size_t idx, const char *own);

/* Does s[0..n) contain needle[0..m)? For the short needles and lines of the
 * parsers' prefilters: memchr() to needle[k], then a compare (glibc's
 * memmem() costs a few hundred instructions a call, whatever the line, and
 * a few a byte over a long text). Pick as k the needle's byte that is
 * rarest in the texts searched: memchr() skips the rest 32 bytes at a time. */
static inline bool br_has_at(const char *s, size_t n, const char *needle, size_t m, size_t k)
{
	if (m == 0)
		return true;
	if (m > n)
		return false;
	/* the needle starts at s[0] .. s[n - m]: its byte k at s[k] .. s[n - m + k] */
	const char *p = s + k, *end = s + n - m + k + 1;
	while (p < end && (p = memchr(p, needle[k], (size_t)(end - p))) != NULL) {
		if (memcmp(p - k, needle, m) == 0)
			return true;
		p++;
	}
	return false;
}

/* br_has_at() looking for the needle's first byte. */
static inline bool br_has(const char *s, size_t n, const char *needle, size_t m)
{
	return br_has_at(s, n, needle, m, 0);
}

/* Width of the blank at s[i] for the table parsers (Bonnie, Bonnie++ text):
 * space, TAB, '|' (Markdown / web-table residue), CR, VT, FF, or a UTF-8
 * no-break space (2); 0 when s[i] is not blank. Asked of every byte of the
 * words they split, so one table load instead of seven compares. */
extern const unsigned char br_blank_class[256];

static inline size_t br_blank_at(const char *s, size_t i, size_t len)
{
	unsigned char k = br_blank_class[(unsigned char)s[i]];
	if (k != 2)
		return k;
	return i + 1 < len && (unsigned char)s[i + 1] == 0xa0 ? 2 : 0;
}

/* The same, one compare at a time (tests/unit/test_parser_helpers.c). */
static inline size_t br_blank_at_plain(const char *s, size_t i, size_t len)
{
	unsigned char c = (unsigned char)s[i];
	if (c == ' ' || c == '\t' || c == '|' || c == '\r' || c == '\v' || c == '\f')
		return 1;
	if (c == 0xc2 && i + 1 < len && (unsigned char)s[i + 1] == 0xa0)
		return 2;
	return 0;
}

/* Is s[0..n) the name of a row of %CPU figures ("%CPU", "CPU", "(%CPU)",
 * "cpu %:", "*%CPU*")? Bonnie's and Bonnie++'s tables put the CPU of each
 * rate on a line of its own so named when a row was re-typed or narrowed;
 * brackets, '%', ':', emphasis and blanks around the word say nothing, and
 * "CP" (bonnie++'s own heading) is the word cut short. */
static inline bool br_parse_cpu_name(const char *s, size_t n)
{
	size_t k = 0;
	for (size_t x = 0; x < n; x++) {
		if (strchr("%()[]:*_ ", s[x]))
			continue;
		if (k > 2 || (s[x] | 0x20) != "cpu"[k])
			return false;
		k++;
	}
	return k >= 2;
}

/* strtod() of s[0..n), which holds only digits with at most one '.'
 * ("6618", "179.9"). Up to 15 digits the value is computed directly: the
 * digits as an integer are exact in a double, and so is the power of ten,
 * so the one division rounds correctly, exactly as strtod() does. */
static inline double br_parse_decimal(const char *s, size_t n)
{
	static const double p10[] = {1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7,
				     1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15};
	unsigned long long m = 0;
	int digits = 0, dec = -1;
	for (size_t i = 0; i < n; i++) {
		if (s[i] == '.' && dec < 0) {
			dec = 0;
			continue;
		}
		if (s[i] < '0' || s[i] > '9' || ++digits > 15) {
			digits = 99;
			break;
		}
		m = m * 10 + (unsigned)(s[i] - '0');
		if (dec >= 0)
			dec++;
	}
	if (digits > 15) {
		char tmp[64];
		if (n >= sizeof tmp)
			n = sizeof tmp - 1;
		memcpy(tmp, s, n);
		tmp[n] = '\0';
		return strtod(tmp, NULL);
	}
	return dec > 0 ? (double)m / p10[dec] : (double)m;
}

/* ---------------------------------------------------------------- registry */

/* Build the parsers' vocabulary and install it for decoding and labels
 * (vocab.h): once, before documents are read (br_parse_file does it; code
 * that loads documents itself calls it first). Freed at exit. */
void br_parsers_init(void);
const struct br_parser *const *br_parsers(size_t *n);
const struct br_parser *br_parser_by_name(const char *name);
/* Run every parser over `doc`, appending to ds; returns records found. */
size_t br_parse_document(const struct br_doc *doc, struct br_dataset *ds);
/* Load and parse one file (or "-"); -1 with br_last_error() when it cannot be read. */
int br_parse_file(const char *path, struct br_dataset *ds);
/* br_parse_file, told of each document of the file (the whole file, a
 * message of a mail archive, a piece of a big file; numbered from 0):
 * want(arg, k), when given, false: document k is not parsed; done(arg,
 * ds, rec0, k) once it was, its records ds->records.v[rec0..n), which the
 * hook may take away (ds->records.n = rec0). */
struct br_parse_each {
	bool (*want)(void *arg, size_t k);
	void (*done)(void *arg, struct br_dataset *ds, size_t rec0, size_t k);
	void *arg;
	int stdin_copy; /* > 0: "-" is read from this file, a copy of standard
			   input (br_doc_reader_open_stdin_copy) */
	/* where(arg, k, span), when given: where document k is in the file,
	 * before it is parsed */
	void (*where)(void *arg, size_t k, const struct br_doc_span *sp);
};
int br_parse_file_each(const char *path, struct br_dataset *ds, const struct br_parse_each *each);
/* The same for one document of the file, read again: the one at *sp,
 * numbered k (br_doc_reader_open_span). */
int br_parse_span_each(const char *path, const struct br_doc_span *sp, size_t k, struct br_dataset *ds,
		       const struct br_parse_each *each);

#endif
