/*
 * doc — a document: the bytes of one input exactly as read, and the logical
 * lines the parsers see after transport decoding. Every logical line knows
 * the ORIGINAL line numbers it came from, so records and diagnostics point
 * into the file the user has.
 *
 * Loading accepts any bytes: NUL, invalid UTF-8, CRLF, lone CR, a BOM, no
 * final newline. Physical lines end at LF, CRLF or a lone CR. Logical lines
 * are NUL-terminated; an embedded NUL byte becomes "?".
 *
 * A br_doc owns its bytes, its lines and their text. The text of a line left
 * as it was read is the document's bytes themselves (see br_doc.raw).
 */
#ifndef BR_DOC_H
#define BR_DOC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "util.h"

/* What transport decoding did to a document (br_doc.transport bits). */
enum {
	BR_TRANSPORT_QP = 1 << 0,      /* quoted-printable soft breaks / =XX */
	BR_TRANSPORT_HTML = 1 << 1,    /* HTML page, read with libxml2 */
	BR_TRANSPORT_QUOTE = 1 << 2,   /* "> " mail quoting removed */
	BR_TRANSPORT_BBCODE = 1 << 3,  /* [code] / [b] forum markup removed */
	BR_TRANSPORT_TABS = 1 << 4,    /* tabs / no-break spaces normalised */
	BR_TRANSPORT_PREFIX = 1 << 5,  /* a block's shared comment/list/diff prefix removed */
	BR_TRANSPORT_NUMBERS = 1 << 6, /* a line-number gutter removed (pastebin, cat -n) */
	BR_TRANSPORT_SPACING = 1 << 7, /* double spacing undone */
	BR_TRANSPORT_ESCAPES = 1 << 8, /* terminal escape sequences (colours) removed */
	BR_TRANSPORT_BASE64 = 1 << 9,  /* base64 mail bodies decoded (br_doc.shown) */
	BR_TRANSPORT_UUENCODE = 1 << 10, /* uuencoded attachments decoded (br_doc.shown) */
	BR_TRANSPORT_MDTABLE = 1 << 11,  /* lines made Markdown table rows read as table rows */
	BR_TRANSPORT_UTF16 = 1 << 12,    /* a UTF-16 document read as its text (br_doc.shown) */
	BR_TRANSPORT_MDESCAPE = 1 << 13, /* Markdown's backslash escapes ("\+", "\*") removed */
	BR_TRANSPORT_CHARSET = 1 << 14,  /* text in the character set a mail declared, made UTF-8 */
};

/* What a BR_TRANSPORT_* bit did, in words ("quoted-printable decoded"), or
 * NULL for a bit that is not one. */
const char *br_transport_name(unsigned bit);
/* The same in a word or two ("quoted-printable"), for a table's cell. */
const char *br_transport_word(unsigned bit);

/* br_line.flags */
enum {
	BR_LINE_TABLE_ROW = 1 << 0,    /* from an HTML <tr>: cells separated by TAB */
	BR_LINE_PRE = 1 << 1,          /* from an HTML <pre> */
	BR_LINE_HEADING = 1 << 2,      /* from an HTML <h1>..<h6> or similar */
	BR_LINE_BLOCK_START = 1 << 3,  /* first line of a block (paragraph break before) */
	BR_LINE_DECODED = 1 << 4,      /* from a base64 body: its original lines are base64 */
	BR_LINE_CAPTION = 1 << 5,      /* a table's or figure's caption (<caption>,
					* <figcaption>, MediaWiki's "|+") */
	BR_LINE_TURN = 1 << 6,         /* a chat log's first line of a speaker's turn
					* (its stamp's nick another than before) */
};
/* BR_LINE_HEADING lines from HTML keep their level (1 for <h1> .. 6 for
 * <h6>; 0 when unknown) in flags bits 8..10. */
#define BR_LINE_LEVEL_SHIFT 8
#define BR_LINE_LEVEL(flags) (((unsigned)(flags) >> BR_LINE_LEVEL_SHIFT) & 7u)

struct br_line {
	const char *text;      /* decoded, NUL-terminated */
	const unsigned *joins; /* offsets in text where original lines were joined;
			        * NULL when none, else their count is joins[-1]
			        * (br_line_njoins), kept in the document's arena */
	unsigned len;          /* (a longer line, only in a document over
			        * 4 GiB, is cut at 4 GiB - 1) */
	unsigned line;         /* first ORIGINAL line (1-based) */
	unsigned end_line;     /* last ORIGINAL line (> line when lines were joined) */
	unsigned short depth;  /* mail quote depth (0 = not quoted) */
	unsigned short flags;  /* BR_LINE_* */
};

/* The number of entries in l->joins. */
static inline size_t br_line_njoins(const struct br_line *l)
{
	return l->joins ? l->joins[-1] : 0;
}

struct br_doc_arena; /* private */
struct br_label_outline; /* private to label.c: the headings, built on first use */

struct br_doc {
	char *path;            /* as given; "<stdin>" for "-" */
	char *raw;             /* the bytes as read, NUL-terminated; but while
			        * the document has logical lines, a NUL stands
			        * where an LF or a CRLF's CR ended a line (the
			        * lines' text points into raw): br_doc_bytes()
			        * gives the bytes exactly as read. A physical
			        * line's own bytes (phys, br_doc_phys_len) are
			        * as read; across lines, look in raw only for
			        * bytes other than LF, CR and NUL. */
	size_t raw_len;
	size_t *phys;          /* start offset of each physical line in raw;
			        * phys[nphys] == raw_len */
	unsigned char *phys_term; /* the length of each one's terminator: 0 (the
			        * end of the bytes), 1 (LF or CR), 2 (CRLF);
			        * a byte, not a second offset, a line */
	size_t nphys;
	struct br_line *lines; /* logical lines */
	size_t nlines, cap_lines;
	const char *shown;     /* when decoding made words the bytes as read do
			        * not show (BR_TRANSPORT_BASE64), the logical
			        * lines joined by LF, NUL-terminated, in the
			        * arena; else NULL. Whoever looks for words in
			        * the bytes looks in br_doc_text(). */
	size_t shown_len;
	unsigned transport;    /* BR_TRANSPORT_* applied */
	char *charset;         /* the character set the bytes as read are in,
			        * as a mail's Content-Type declared it (an
			        * iconv name; NULL: UTF-8, else Windows-1252
			        * where not UTF-8) */
	bool binary;           /* looks like binary data (many NUL/control bytes):
			        * not decoded, no logical lines */
	bool looked_away;      /* a message the reader's first look found nothing
			        * to read in (br_doc_reader_look): not decoded,
			        * no logical lines */
	/* Private: doc.c's memory for rewritten lines, and label.c's cache of
	 * headings (built on first use); both freed with the document. */
	struct br_doc_arena *arena;
	struct br_label_outline *outline;
};

/* The length of physical line i (0-based), without its terminator. */
static inline size_t br_doc_phys_len(const struct br_doc *doc, size_t i)
{
	return doc->phys[i + 1] - doc->phys[i] - doc->phys_term[i];
}

/* The bytes to look for a tool's words in: the bytes as read (raw), or
 * the decoded lines (shown) when decoding made words that raw does not
 * show. Offsets in it are offsets in raw only when it is raw. */
static inline const char *br_doc_text(const struct br_doc *doc, size_t *n)
{
	*n = doc->shown ? doc->shown_len : doc->raw_len;
	return doc->shown ? doc->shown : doc->raw;
}

/* Load a file ("-" = stdin) and decode it. On failure returns -1 with
 * br_last_error() set ("cannot open 'x': No such file or directory"). */
int br_doc_load(const char *path, struct br_doc **out);
/*
 * A file's documents one at a time: the whole file, or, for a mail archive
 * in mbox form (its first line "From <address> <date>"), one message at a
 * time, read as it comes, so that no more than one message's bytes and
 * lines are held however long the archive (a message starts at a "From "
 * line with an address, after a blank line). A big file (over 8 MiB) or
 * standard input is handed out in pieces of 1 MiB or more, cut only
 * inside a block of machine-written rows (CSV); see doc.c's
 * PIECE. Errors as br_doc_load's.
 */
struct br_doc_reader;
int br_doc_reader_open(const char *path, struct br_doc_reader **out);
/* Where a document of a file was: its bytes' offset and length in the
 * file, the file's lines before it, and whether it was a message of a
 * mail archive. */
struct br_doc_span {
	uint64_t off;
	size_t len;
	unsigned line0;
	bool mbox;
	bool as_read;      /* its excerpts are its lines as read, each made
			    * UTF-8 by br_doc_excerpt_add without a character
			    * set (no base64 shown, none declared): they can
			    * be read back line by line (core/excerpts.c) */
};
/* Where the document rd handed out last was. */
void br_doc_reader_span(const struct br_doc_reader *rd, struct br_doc_span *sp);
/* Whether rd reads a regular file (not standard input), whose documents
 * br_doc_read_span can read again. */
bool br_doc_reader_rereadable(const struct br_doc_reader *rd);
/* The document at *sp of the file open as fd (named name), read again and
 * decoded as it was (a message of a mail archive without the first look:
 * decoded whole). 0, or -1 with br_error() when its bytes are no longer
 * there. */
int br_doc_read_span(int fd, const char *name, const struct br_doc_span *sp, struct br_doc **out);
/* A reader that hands out one document: the one a reader of PATH handed
 * out at *sp (kept by the caller while the reader lives), read again and
 * made as it was then (standard input "-" from the file stdin_copy when
 * > 0: br_doc_reader_open_stdin_copy's). An error when the bytes are no
 * longer there. */
int br_doc_reader_open_span(const char *path, int stdin_copy, const struct br_doc_span *sp,
			    struct br_doc_reader **out);
/* Standard input's bytes, copied into the file fd: read from its start and
 * handed out as standard input ("<stdin>") is, but as a regular file is
 * (by size, doc.c's PIECE). fd is left open. */
int br_doc_reader_open_stdin_copy(int fd, struct br_doc_reader **out);
/* The next document, or NULL at the end (returns 0) or on a read error
 * (returns -1, br_last_error() set). *line0 is the number of the file's
 * physical lines before the document: its line n is the file's line0 + n. */
int br_doc_reader_next(struct br_doc_reader *rd, struct br_doc **doc, unsigned *line0);
void br_doc_reader_close(struct br_doc_reader *rd);
/* A first look at each message of an mbox archive, once its physical
 * lines are split and before anything else is done with it: fn(doc, arg)
 * false means no parser would find anything in it, and it is handed out
 * as it is, with no logical lines and looked_away set (not decoded). By
 * default (fn NULL) every message is read. */
typedef bool (*br_doc_look_fn)(const struct br_doc *doc, void *arg);
void br_doc_reader_look(struct br_doc_reader *rd, br_doc_look_fn fn, void *arg);
/* Read rd's file in pieces of n bytes (0: the default, 1 MiB); tests use
 * small pieces, which end anywhere in a line. */
void br_doc_reader_set_block(struct br_doc_reader *rd, size_t n);
/* Hand a file that is not a mail archive out in pieces of at least n bytes
 * whatever its size (by default only a file over 8 MiB, or standard input,
 * is: doc.c's PIECE); tests use small pieces. */
void br_doc_reader_set_piece(struct br_doc_reader *rd, size_t n);

/* The same from memory (tests, fuzzers, archive). */
struct br_doc *br_doc_from_mem(const char *name, const char *bytes, size_t n);
void br_doc_free(struct br_doc *doc);

/* The bytes exactly as read, in order: fn(arg, p, n) for each piece. */
void br_doc_bytes(const struct br_doc *doc, void (*fn)(void *arg, const char *p, size_t n),
		  void *arg);

/* Original text of physical lines first..last (1-based, inclusive), joined
 * with LF, as valid UTF-8 (caller frees). */
char *br_doc_excerpt(const struct br_doc *doc, unsigned first, unsigned last);
/* One line of an excerpt, n bytes at p as read in the character set
 * charset (or NULL), added to b (an LF before it unless *first). */
void br_doc_excerpt_add(struct br_buf *b, bool *first, const char *p, size_t n, const char *charset);

/* A date the document states for the text below it (br_doc_dates). */
struct br_doc_date {
	int64_t t;            /* seconds since 1970 UTC */
	unsigned line;        /* the ORIGINAL line that states it */
	unsigned short depth; /* its mail quote depth */
	bool runner;          /* benchreport run's header, not a mail's Date: */
};
/*
 * The dates in doc, in line order: the Date: header of each mail message
 * (a "Date:" logical line holding an RFC 2822 date, br_date_rfc2822, next
 * to another header line, From:, Subject:, Message-ID: ..., or with them
 * collapsed onto its own line; quoted headers count, at their depth), an
 * Outlook "Sent:" line in such a block (a quoted original's), and
 * the header line benchreport run writes above each run ("[benchreport-run
 * V] run N of M, YYYY-MM-DD HH:MM:SS UTC; ..."). *out is malloc'd (NULL when
 * there are none); the count is returned.
 */
size_t br_doc_dates(const struct br_doc *doc, struct br_doc_date **out);

/*
 * For decoders: replace the logical lines. br_doc_lines_begin() starts a new
 * set (the old lines stay readable until br_doc_lines_commit()); add lines in
 * order; commit swaps them in. Text is copied into the document's arena.
 */
struct br_lines_builder {
	struct br_line *lines;
	size_t n, cap;
};
void br_doc_line_add(struct br_doc *doc, struct br_lines_builder *b, const char *text, size_t len,
		     unsigned line, unsigned end_line, unsigned depth, unsigned flags,
		     const unsigned *joins, size_t njoins);
/* The same into a given slot (decoders that rewrite doc->lines in place):
 * *l is overwritten; text and joins are copied into the arena first, so
 * they may point into the line being replaced. */
void br_doc_line_set(struct br_doc *doc, struct br_line *l, const char *text, size_t len,
		     unsigned line, unsigned end_line, unsigned depth, unsigned flags,
		     const unsigned *joins, size_t njoins);
void br_doc_lines_commit(struct br_doc *doc, struct br_lines_builder *b);
/* For decoders: keep the logical lines joined by LF as doc->shown. */
void br_doc_show_lines(struct br_doc *doc);

#endif
