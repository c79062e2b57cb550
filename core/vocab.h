/*
 * vocab — the words of the tools that core's label and decode stages need,
 * as plain data: what marks a line as a tool's output (not a title), the
 * command names that start a command line, and the '=' spellings of a tool
 * that quoted-printable decoding must leave alone. Core defines the shape;
 * the parsers fill it (each parser's descriptor holds its part, the parser
 * registry merges the parts once at start and installs the result). Core
 * knows no tool word itself.
 *
 * Holds which vocabulary is installed (process-wide, set once at start
 * before documents are read); the installer owns the merged vocabulary and
 * frees it at exit. Until one is installed the vocabulary is empty: no line
 * is a tool's by its words, every "=XX" escape is quoted-printable's.
 */
#ifndef BR_VOCAB_H
#define BR_VOCAB_H

#include <stdbool.h>
#include <stddef.h>

/* A line shape that marks a tool's output, a table row or header: a line
 * of that shape is never a result's title. */
enum br_shape_kind {
	BR_SHAPE_END = 0,     /* ends a list of shapes */
	BR_SHAPE_TEXT,        /* `text` anywhere in the line, in any case ("k/sec") */
	BR_SHAPE_LEAD_NUMBER, /* the line starts with `text` (this case), blanks, a
			       * digit: "Version 1.03" */
	BR_SHAPE_LEAD,        /* the line starts with `text` (this case), a blank and
			       * more: "Machine    MB K/sec" */
	BR_SHAPE_EARLY_WORD,  /* the word `text` (lower case) at byte 0 or 1 and
			       * `also` anywhere, any case: "Timing cached reads:" */
};

struct br_line_shape {
	enum br_shape_kind kind;
	const char *text;
	const char *also;
};

/*
 * One parser's part (NULL lists are empty; lists end with NULL or
 * BR_SHAPE_END), and the merged vocabulary (the same fields, every part's
 * entries in turn; the flags or-ed).
 */
struct br_vocab {
	const struct br_line_shape *result_lines;
	/* first words of the tool's command lines, lower case: "hdparm" */
	const char *const *commands;
	/* what a line that runs the tool holds, this case: "hdparm -" */
	const char *const *invocations;
	/* a line ending in "<text>=" whose '=' is the tool's, not a
	 * quoted-printable soft break: "seconds " (hdparm's "... seconds =") */
	const char *const *qp_line_ends;
	/* "=" and a decimal number ("=182.86") is a figure, not an escape */
	bool qp_number_values;
	/* "=" and hex with letters then a digit ("FwRev=FA550480") is a value,
	 * not evidence of quoted-printable */
	bool qp_id_values;
	/* Set by br_vocab_merge in the merged vocabulary, per result_lines
	 * entry (a part leaves them NULL): its text's length; its guard, text
	 * every line of the shape holds (a BR_SHAPE_TEXT's first byte that is
	 * neither a letter nor a blank, as a one-byte string: "/" of "k/sec";
	 * else its first word when it has more: "sequential"), or NULL; and
	 * the end of its group, the entries with an equal guard, which the
	 * merge puts next to each other (a line without the guard skips them). */
	size_t *result_len;
	char **result_guard;
	size_t *result_group_end;
};

/* An empty vocabulary to merge parts into; br_vocab_free() frees it. */
struct br_vocab *br_vocab_new(void);
/* Append part's entries to v (the strings are borrowed: parts are static). */
void br_vocab_merge(struct br_vocab *v, const struct br_vocab *part);
void br_vocab_free(struct br_vocab *v);

/* The vocabulary label and decode use: the installed one, or an empty one.
 * Install once at start, before documents are read (a second install
 * replaces the first; the caller still owns and frees each). */
const struct br_vocab *br_vocab(void);
void br_vocab_install(const struct br_vocab *v);

#endif
