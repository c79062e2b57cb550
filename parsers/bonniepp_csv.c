/*
 * bonnie++-csv — the CSV line bonnie++ writes after its report, in every
 * layout from 1.00 to 2.00a (shared formats/bonnieplusplus.md §6), found
 * anywhere in a document: a pure CSV file, or CSV lines between the
 * paragraphs of a mail. Corpus: corpus/bonniepp-csv-*.txt and
 * corpus/bonniepp-2.00a-real.txt.
 *
 * Layouts, picked from the content (fields 0 and 1, then the field count):
 *   1.00–1.04         27 fields, field 0 = the name, no version column
 *   1.90a–1.91        format "2": 33 fields, 45 with latencies
 *   1.91a–1.92        46 (+ file chunk size)     1.92a  47 (+ seed)
 *   1.92b–1.97        48 (+ concurrency)
 *   1.98/2.00/2.00a   50 (+ seek count, seek procs)
 * Also read: trailing empty fields dropped (by Perl's split or an editor);
 * the 1.92a–1.96 "-s 0" record that is one empty field short; the "-x"
 * header lines (claimed, never a record).
 *
 * Archive damage repaired (§9): a record broken across lines (mid-field or
 * at a comma, with up to two blank lines between the pieces) is joined until
 * the field count fits (quoted-printable soft breaks arrive joined from
 * core/decode_qp.c with br_line.joins; a line still ending in '=' is joined
 * here); blanks inside figures are deleted (bonnie++ CSV has none, except in
 * a hand-set name); and a 1.0x seeks figure — always printed with one decimal
 * — whose last digit began a continuation line gets back the point that SMTP
 * dot-unstuffing removed ("1486" / "7" → 1486.7), with a warning. A figure
 * that cannot be proven either way is kept as printed, with a warning.
 *
 * A record whose commas became blanks (a CSV line through HTML-to-text, a
 * bon_csv2html table copied out of a browser with its latency row) is read
 * by placing its tokens on the layout (try_spaced below), hard-wrapped onto
 * lines of figures or not, and refused when its vanished empty fields could
 * be placed more than one way.
 *
 * Each candidate line is split by libcsv (one cleaned line per
 * csv_parse + csv_fini, non-strict); the field count and every field's shape
 * are checked against the layout here, so prose with commas never becomes a
 * record.
 *
 * Speed: a set of lines is joined, split and judged once (both as a record
 * that may go on and as a finished one). The common line — plain: no quote,
 * blank, control byte or join, and its layout's field count — is read in one
 * pass (judge_plain): cut at its commas, each field's number read once
 * (scan_number) and its shape checked against its slot without the
 * patterns (quick_shape); the numbers go to the record as read (struct fig,
 * struct pfield). The layout named by the first two fields is looked up once
 * for a block of lines that share them, and the label once for a block of
 * CSV lines (record_label). Other clean lines are cut without libcsv
 * (split_plain); anything else takes the careful way above, with the same
 * result.
 */
#include <csv.h>
#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "digit_runs.h"
#include "parser.h"
#include "regex.h"

#define MARK '\x01'     /* in a joined text: an original line began here */
#define MAX_FIELDS 64   /* more is not bonnie++ CSV */
#define MAX_JOIN 50     /* continuation lines one record may span: a record
			 * cut at every comma spans one a field, 50 at most */
#define MAX_GAP 2       /* blank lines between two pieces of one record */
#define MAX_LINE 4096   /* longer logical lines are not bonnie++ CSV */
#define MIN_COMMAS 4    /* a line that starts a record has at least this many */
#define MIN_SPACED 16   /* digit runs of a record whose commas became blanks */

enum kind {
	K_NAME, K_FVER, K_VER, K_SIZE1, K_SIZE, K_CHUNK, K_RATE, K_CPU, K_SEEKS, K_FILES1,
	K_NFILES, K_MAXSZ, K_MINSZ, K_DIRS, K_FCHUNK, K_CONC, K_SEED, K_SEEKCNT, K_SEEKPROCS,
	K_LAT, K_COUNT
};

/* Shape of each kind of field: complete, and as the start of a field that a
 * line break cut (the last field of a record still being joined). Empty
 * fields are handled in code. */
static struct br_pattern re_full[K_COUNT] = {
	[K_FVER] = BR_PATTERN("csv format version", "^(?:2|\\d\\.\\d\\d[a-z]?)$"),
	[K_VER] = BR_PATTERN("bonnie++ version",
			     "^(?:\\d\\.\\d\\d[a-z]?(?:\\.\\d+)?|benchreport-run ?\\d+(?:\\.\\d+){0,3})$"),
	[K_SIZE1] = BR_PATTERN("file size", "^\\d+[KMGT]?(?::\\d+[kKmMgG]?)?$"),
	[K_SIZE] = BR_PATTERN("file size", "^\\d+[KMGT]?$"),
	[K_CHUNK] = BR_PATTERN("chunk size", "^\\d+[kKmMgG]?$"),
	[K_RATE] = BR_PATTERN("figure", "^(?:\\d+(?:\\.\\d+)?|\\+{3,})$"),
	[K_CPU] = BR_PATTERN("cpu percentage", "^(?:\\d{1,4}|\\+{2,})$"),
	[K_SEEKS] = BR_PATTERN("seek rate", "^(?:\\d+(?:\\.\\d+)?|\\+{3,})$"),
	[K_FILES1] = BR_PATTERN("file count", "^\\d+(?::(?:\\d+|link|symlink))?(?::\\d+)?(?:/\\d+)?$"),
	[K_NFILES] = BR_PATTERN("file count", "^\\d+$"),
	[K_MAXSZ] = BR_PATTERN("maximum file size", "^(?:\\d+|-[12]|link|symlink)$"),
	[K_MINSZ] = BR_PATTERN("minimum file size", "^\\d+$"),
	[K_DIRS] = BR_PATTERN("directory count", "^\\d+$"),
	[K_FCHUNK] = BR_PATTERN("file chunk size", "^\\d+[kKmMgG]?$"),
	[K_CONC] = BR_PATTERN("concurrency", "^\\d{1,6}$"),
	[K_SEED] = BR_PATTERN("seed", "^\\d{1,20}$"),
	[K_SEEKCNT] = BR_PATTERN("seek count", "^\\d{1,12}$"),
	[K_SEEKPROCS] = BR_PATTERN("seek process count", "^\\d{1,6}$"),
	[K_LAT] = BR_PATTERN("latency", "^\\d+(?:\\.\\d+)?(?:us|ms|s)$"),
};

static struct br_pattern re_part[K_COUNT] = {
	[K_FVER] = BR_PATTERN("csv format version (cut)", "^[0-9.a-z]*$"),
	[K_VER] = BR_PATTERN("bonnie++ version (cut)", "^(?:[0-9.a-z]*|benchreport-(?:r(?:u(?:n ?[0-9.]*)?)?)?)$"),
	[K_SIZE1] = BR_PATTERN("file size (cut)", "^\\d*[KMGT]?(?::\\d*[kKmMgG]?)?$"),
	[K_SIZE] = BR_PATTERN("file size (cut)", "^\\d*[KMGT]?$"),
	[K_CHUNK] = BR_PATTERN("chunk size (cut)", "^\\d*[kKmMgG]?$"),
	[K_RATE] = BR_PATTERN("figure (cut)", "^(?:\\d*(?:\\.\\d*)?|\\+*)$"),
	[K_CPU] = BR_PATTERN("cpu percentage (cut)", "^(?:\\d{0,4}|\\+*)$"),
	[K_SEEKS] = BR_PATTERN("seek rate (cut)", "^(?:\\d*(?:\\.\\d*)?|\\+*)$"),
	[K_FILES1] = BR_PATTERN("file count (cut)", "^\\d*(?::[a-z0-9]*)?(?::\\d*)?(?:/\\d*)?$"),
	[K_NFILES] = BR_PATTERN("file count (cut)", "^\\d*$"),
	[K_MAXSZ] = BR_PATTERN("maximum file size (cut)", "^(?:\\d*|-[12]?|[a-z]{0,7})$"),
	[K_MINSZ] = BR_PATTERN("minimum file size (cut)", "^\\d*$"),
	[K_DIRS] = BR_PATTERN("directory count (cut)", "^\\d*$"),
	[K_FCHUNK] = BR_PATTERN("file chunk size (cut)", "^\\d*[kKmMgG]?$"),
	[K_CONC] = BR_PATTERN("concurrency (cut)", "^\\d{0,6}$"),
	[K_SEED] = BR_PATTERN("seed (cut)", "^\\d{0,20}$"),
	[K_SEEKCNT] = BR_PATTERN("seek count (cut)", "^\\d{0,12}$"),
	[K_SEEKPROCS] = BR_PATTERN("seek process count (cut)", "^\\d{0,6}$"),
	[K_LAT] = BR_PATTERN("latency (cut)", "^\\d*(?:\\.\\d*)?(?:u|m|us|ms|s)?$"),
};

/* ------------------------------------------------------------ layouts */

struct slot {
	unsigned char kind;   /* enum kind */
	signed char metric;   /* enum br_metric_id for figures, else -1 */
};

#define S(k) {K_##k, -1}
#define PAIR(m) {K_RATE, BR_M_##m}, {K_CPU, BR_M_##m}
#define IO_PAIRS PAIR(putc), PAIR(put_block), PAIR(rewrite), PAIR(getc), PAIR(get_block), \
	{K_SEEKS, BR_M_seeks}, {K_CPU, BR_M_seeks}
#define CREATE_PAIRS PAIR(seq_create), PAIR(seq_stat), PAIR(seq_del), PAIR(ran_create), \
	PAIR(ran_stat), PAIR(ran_del)
#define LAT(m) {K_LAT, BR_M_##m##_latency}
#define LATENCIES LAT(putc), LAT(put_block), LAT(rewrite), LAT(getc), LAT(get_block), LAT(seeks), \
	LAT(seq_create), LAT(seq_stat), LAT(seq_del), LAT(ran_create), LAT(ran_stat), LAT(ran_del)
#define FILESPEC S(NFILES), S(MAXSZ), S(MINSZ), S(DIRS)

static const struct slot s27[] = {S(NAME), S(SIZE1), IO_PAIRS, S(FILES1), CREATE_PAIRS};
static const struct slot s45[] = {S(FVER), S(VER), S(NAME), S(SIZE), S(CHUNK), IO_PAIRS,
				  FILESPEC, CREATE_PAIRS, LATENCIES};
static const struct slot s46[] = {S(FVER), S(VER), S(NAME), S(SIZE), S(CHUNK), IO_PAIRS,
				  FILESPEC, S(FCHUNK), CREATE_PAIRS, LATENCIES};
static const struct slot s47[] = {S(FVER), S(VER), S(NAME), S(SEED), S(SIZE), S(CHUNK), IO_PAIRS,
				  FILESPEC, S(FCHUNK), CREATE_PAIRS, LATENCIES};
static const struct slot s48[] = {S(FVER), S(VER), S(NAME), S(CONC), S(SEED), S(SIZE), S(CHUNK),
				  IO_PAIRS, FILESPEC, S(FCHUNK), CREATE_PAIRS, LATENCIES};
/* Not a CSV layout: the row of a bon_csv2html table copied as text (name,
 * concurrency, size, the figures; the latencies on a row of their own) or a
 * 1.0x line whose commas became blanks. Only try_spaced() uses it. */
static const struct slot shtml[] = {S(NAME), S(CONC), S(SIZE1), IO_PAIRS, S(FILES1), CREATE_PAIRS,
				   LATENCIES};
static const struct slot s50[] = {S(FVER), S(VER), S(NAME), S(CONC), S(SEED), S(SIZE), S(CHUNK),
				  S(SEEKCNT), S(SEEKPROCS), IO_PAIRS, FILESPEC, S(FCHUNK),
				  CREATE_PAIRS, LATENCIES};

_Static_assert(BR_ARRAY_LEN(s27) == 27, "1.0x layout");
_Static_assert(BR_ARRAY_LEN(s45) == 45, "1.90b layout");
_Static_assert(BR_ARRAY_LEN(s46) == 46, "1.91a layout");
_Static_assert(BR_ARRAY_LEN(s47) == 47, "1.92a layout");
_Static_assert(BR_ARRAY_LEN(s48) == 48, "1.92b layout");
_Static_assert(BR_ARRAY_LEN(s50) == 50, "1.98 layout");
_Static_assert(BR_ARRAY_LEN(shtml) == 40, "bon_csv2html row");
_Static_assert(50 <= MAX_FIELDS, "field table");

struct layout {
	const char *name;         /* for messages: "1.98" */
	const struct slot *slot;
	size_t len;
	/* Shorter records accepted (trailing empty fields dropped): any count
	 * from min_short up, or exactly alt_short. */
	size_t min_short, alt_short;
	bool name_first;          /* 1.0x: field 0 is the name */
	bool seeks_decimal;       /* seeks always printed with one decimal */
};

enum { L_27, L_45, L_46, L_47, L_48, L_50, L_HTML };
static const struct layout layouts[] = {
	[L_27] = {"1.0x", s27, 27, 27, 14, true, true},
	[L_45] = {"1.90 (format 2)", s45, 45, 33, 17, false, true},
	[L_46] = {"1.91a-1.92", s46, 46, 34, 0, false, true},
	[L_47] = {"1.92a", s47, 47, 35, 0, false, true},
	[L_48] = {"1.92b-1.97", s48, 48, 36, 0, false, false},
	[L_50] = {"1.98", s50, 50, 38, 0, false, false},
	[L_HTML] = {"1.0x or bon_csv2html", shtml, 40, 40, 0, true, false},
};

/* ------------------------------------------------------------ fields */

/* A figure as judge() read it, so that emit() does not read it again: the
 * number num() gives, its decimals and what follows the digits (a latency's
 * unit). known is false when judge() did not read it (the pattern decided,
 * or a record whose commas were blanks): emit() reads the text then. */
struct fig {
	bool known;
	unsigned char frac;         /* digits after the point */
	unsigned char len;          /* bytes of the number */
	double v;
};

/* The number a field begins with, as quick_shape() and num() read it: the
 * digits before a point, the point (only after a digit) and the digits
 * after it, all of them read as one integer m (exact up to 19 digits; used
 * up to 15). The number ends at the field's byte d + dot + frac. */
struct numscan {
	uint64_t m;
	unsigned d, frac;
	unsigned len;    /* d + dot + frac */
	bool dot;
};

struct fields {
	bool plain;                 /* split on commas alone (see split_plain): raw is
				     * unused, clean holds the fields as they were, and
				     * num[] their numbers (judge_plain: only val[] and
				     * fig[] are set, the rest is not read) */
	struct br_buf raw;          /* field bytes as libcsv gave them, NUL-separated */
	size_t roff[MAX_FIELDS];
	size_t n;                   /* fields seen (may exceed MAX_FIELDS) */
	size_t rows;
	struct br_buf clean;        /* cleaned fields, NUL-separated */
	size_t coff[MAX_FIELDS];
	int mark[MAX_FIELDS];       /* cleaned index of the char that began a line, -1 */
	bool blanks[MAX_FIELDS];    /* blanks were deleted from inside the field */
	struct numscan num[MAX_FIELDS]; /* (plain only) each field's number */
	/* After classification: the value of every layout slot (an inserted
	 * empty field when the 1.92a–1.96 "-s 0" bug is repaired). */
	const struct layout *L;
	size_t count;               /* fields in layout terms */
	const char *val[MAX_FIELDS];
	int vmark[MAX_FIELDS];
	int vsrc[MAX_FIELDS];       /* field index of each slot, -1 for an inserted one */
	struct fig fig[MAX_FIELDS]; /* each slot's figure as judge() read it */
	/* The layout the last versioned record's first two fields named (a
	 * block of CSV lines shares them): versioned_layout() of vf0, vf1. */
	char vf0[16], vf1[16];
	const struct layout *vL;
	/* A bon_csv2html row (L_HTML): what its table's header says (see
	 * html_header): block rates in M/sec, and the version it names. */
	bool mega_blocks;
	char html_version[16];
};

static void on_field(void *s, size_t len, void *data)
{
	struct fields *fs = data;
	if (fs->n < MAX_FIELDS) {
		fs->roff[fs->n] = fs->raw.len;
		br_buf_add(&fs->raw, s, len);
		br_buf_addc(&fs->raw, '\0');
	}
	fs->n++;
}

static void on_row(int c, void *data)
{
	(void)c;
	((struct fields *)data)->rows++;
}

static bool is_blank(char c)
{
	return c == ' ' || c == '\t';
}

static const char *rawf(const struct fields *fs, size_t i)
{
	return fs->raw.data + fs->roff[i];
}

static const char *cf(const struct fields *fs, size_t i)
{
	return fs->clean.data + fs->coff[i];
}

/* Clean field i: delete every blank and join mark (a name keeps its inner
 * blanks), remembering where a line began. Cleaning never lengthens the
 * field: room for it is made once and the bytes are written in place. */
static void clean_field(struct fields *fs, size_t i, bool name)
{
	const char *s = rawf(fs, i);
	/* fields 0..n-1 (n <= MAX_FIELDS) lie one after the other in raw, each
	 * with its NUL */
	size_t n = (i + 1 < fs->n ? fs->roff[i + 1] : fs->raw.len) - fs->roff[i] - 1;
	size_t start = fs->clean.len;
	br_buf_grow(&fs->clean, n + 1);
	char *const w0 = fs->clean.data + start;
	char *w = w0;
	fs->coff[i] = start;
	fs->mark[i] = -1;
	fs->blanks[i] = false;
	bool seen = false, gap = false;
	for (const char *e = s + n; s < e; s++) {
		if (*s == MARK) {
			fs->mark[i] = (int)(w - w0);
			continue;
		}
		if (is_blank(*s)) {
			gap = seen;
			if (name && seen)
				*w++ = ' ';
			continue;
		}
		if (gap && !name)
			fs->blanks[i] = true;
		gap = false;
		seen = true;
		*w++ = *s;
	}
	if (name) /* drop a blank kept at the end */
		while (w > w0 && w[-1] == ' ')
			w--;
	if (fs->mark[i] >= (int)(w - w0))
		fs->mark[i] = -1;
	*w++ = '\0';
	*w = '\0'; /* br_buf's own terminator (room: n + 1 bytes and it) */
	fs->clean.len = (size_t)(w - fs->clean.data);
}

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* The digits at s added to *m (m * 10 + digit each); returns the byte
 * after them. */
static inline const char *read_digits(const char *s, uint64_t *m)
{
	uint64_t v = *m;
	for (;; s++) {
		unsigned digit = (unsigned)(unsigned char)*s - '0';
		if (digit > 9)
			break;
		v = v * 10 + digit;
	}
	*m = v;
	return s;
}

/* Read the number that s begins with into *ns; returns the byte after it. */
static inline const char *scan_number(const char *s, struct numscan *ns)
{
	uint64_t m = 0;
	const char *p = read_digits(s, &m);
	ns->d = (unsigned)(p - s);
	ns->frac = 0;
	ns->dot = ns->d && *p == '.';
	if (ns->dot) {
		const char *f = ++p;
		p = read_digits(p, &m);
		ns->frac = (unsigned)(p - f);
	}
	ns->len = (unsigned)(p - s);
	ns->m = m;
	return p;
}

/* The common case: a text without quotes, blanks or join marks. libcsv
 * would give exactly the bytes between the commas, and cleaning would change
 * none of them, so the fields are the text cut at its commas (no libcsv, one
 * copy), and each field's number is read on the way (num[]), so that judge()
 * and emit() read no digit again. */
static bool split_plain(struct fields *fs, const char *text, size_t len)
{
	br_buf_add(&fs->clean, text, len);
	char *const s = fs->clean.data;
	char *p = s;
	size_t n = 0;
	for (;;) {
		if (n == MAX_FIELDS) {
			fs->n = n + 1; /* more fields than any layout */
			return false;
		}
		fs->coff[n] = (size_t)(p - s);
		fs->mark[n] = -1;
		fs->blanks[n] = false;
		p = (char *)(uintptr_t)scan_number(p, &fs->num[n]);
		while (*p && *p != ',') /* (split() saw no NUL in the text) */
			p++;
		n++;
		if (!*p)
			break;
		*p++ = '\0';
	}
	fs->n = n;
	fs->rows = 1;
	fs->plain = true;
	return n >= 2;
}

/* A text without quotes (nor line ends): libcsv would hand over the bytes
 * between the commas without the blanks (space, TAB) at either end of each
 * field, and one row; the same without its state machine, a call per byte. */
#if defined(__GNUC__)
__attribute__((noinline)) /* out of judge_lines(): the plain path stays as compiled */
#endif
static void split_unquoted(struct fields *fs, const char *text, size_t len)
{
	const char *s = text, *end = text + len;
	for (;;) {
		const char *c = memchr(s, ',', (size_t)(end - s));
		const char *a = s, *b = c ? c : end;
		while (a < b && is_blank(*a))
			a++;
		while (b > a && is_blank(b[-1]))
			b--;
		on_field((void *)(uintptr_t)a, (size_t)(b - a), fs);
		if (!c)
			break;
		s = c + 1;
	}
	on_row(0, fs);
}

/* Split one (joined) line; false when it is not one row of at most
 * MAX_FIELDS fields. Text with a quote or a line end goes through libcsv;
 * text without (nearly every bonnie++ line) is cut at its commas here, with
 * the fields libcsv would give (split_plain, split_unquoted), because
 * libcsv's state machine is a call per byte: all of 100,000 bonnie++ 2.00a
 * CSV lines through libcsv took 0.63-0.69 s of user time for
 * `benchreport -f jsonl`, against 0.49-0.54 s this way, with the same output
 * (bench/gen csv 2.00a 100000, 2-core machine, 2026-12-02). */
static bool split(struct csv_parser *p, struct fields *fs, const char *text, size_t len)
{
	br_buf_reset(&fs->raw);
	br_buf_reset(&fs->clean);
	fs->n = fs->rows = 0;
	fs->L = NULL;
	fs->plain = false;
	static const char unplain[] = {'"', ' ', '\t', MARK, '\0'};
	size_t q = strcspn(text, unplain);
	if (q == len)
		return split_plain(fs, text, len);
	static const char quotes[] = {'"', '\r', '\n', '\0'};
	if (strcspn(text + q, quotes) == len - q) {
		split_unquoted(fs, text, len);
	} else {
		if (csv_parse(p, text, len, on_field, on_row, fs) != len) {
			csv_fini(p, on_field, on_row, fs);
			return false;
		}
		csv_fini(p, on_field, on_row, fs);
	}
	if (fs->rows != 1 || fs->n > MAX_FIELDS || fs->n < 2)
		return false;
	for (size_t i = 0; i < fs->n; i++)
		clean_field(fs, i, false);
	return true;
}

/* ------------------------------------------------------------ layout choice */

/* `benchreport run` writes bonnie++'s layout with a version of its own,
 * "benchreport-run 0.1.0" (runner/runner.h BR_RUN_VERSION; parsers do not
 * include the runner). */
#define RUNNER_NAME "benchreport-run"

/* The record's version as the tool spells it: the runner's with one blank
 * after its name (cleaning deleted it with the other blanks in fields). */
static void set_version(struct br_record *r, const char *s)
{
	size_t n = strlen(RUNNER_NAME);
	if (!br_starts_with(s, RUNNER_NAME) || s[n] == ' ') {
		br_record_set_version(r, s);
		return;
	}
	char *v = br_asprintf("%s %s", RUNNER_NAME, s + n);
	br_record_set_version(r, v);
	free(v);
}

/* "1.92b" → 109202; -1 when it is not a version. */
static long vernum(const char *s)
{
	char *end;
	long major = strtol(s, &end, 10);
	if (end == s || *end != '.')
		return -1;
	s = end + 1;
	long minor = strtol(s, &end, 10);
	if (end == s)
		return -1;
	long letter = (*end >= 'a' && *end <= 'z') ? *end - 'a' + 1 : 0;
	return major * 100000 + minor * 100 + letter;
}

/* 10^i, exact */
static const double p10[] = {1e0, 1e1, 1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
			     1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15};

/* The figures bonnie++ really writes, recognised without a regex: true only
 * when the field s, whose number scan_number() read into *ns, surely has the
 * complete shape of kind k (re_full[k], and so re_part[k], which accepts
 * every prefix of it); false means "ask the pattern". The number of a
 * figure or parameter goes into *f (when not NULL) as num() would read it. */
#if defined(__GNUC__)
__attribute__((always_inline)) /* in judge_plain(): a call per field costs a third of it */
#endif
static inline bool quick_shape(enum kind k, const char *s, const struct numscan *ns, struct fig *f)
{
	size_t d = ns->d, frac = ns->frac;
	const char *p = s + ns->len; /* after the number */
	if (d == 0) {
		while (*p == '+')
			p++;
		size_t plus = (size_t)(p - s);
		if (*p)
			return false;
		return k == K_CPU ? plus >= 2 : (k == K_RATE || k == K_SEEKS) && plus >= 3;
	}
	bool ok = false;
	if (!*p && !ns->dot) {
		switch (k) {
		case K_FVER:
			return d == 1 && *s == '2';
		case K_VER:
		case K_LAT:
			return false;
		case K_CPU:
			ok = d <= 4;
			break;
		case K_CONC:
		case K_SEEKPROCS:
			ok = d <= 6;
			break;
		case K_SEED:
			ok = d <= 20;
			break;
		case K_SEEKCNT:
			ok = d <= 12;
			break;
		default: /* rates, seeks and the other parameters */
			ok = true;
			break;
		}
	} else {
		switch (k) {
		case K_FVER:
		case K_VER: /* d.dd with an optional letter */
			if (d != 1 || !ns->dot || frac != 2)
				return false;
			if (*p >= 'a' && *p <= 'z')
				p++;
			return !*p;
		case K_RATE:
		case K_SEEKS:
		case K_LAT:
			if (ns->dot && frac == 0)
				return false;
			if (k != K_LAT)
				ok = !*p;
			else
				ok = (p[0] == 's' && !p[1]) ||
				     ((p[0] == 'u' || p[0] == 'm') && p[1] == 's' && !p[2]);
			break;
		case K_SIZE1:
		case K_SIZE:
			ok = !ns->dot && *p && strchr("KMGT", *p) && !p[1];
			break;
		case K_CHUNK:
		case K_FCHUNK:
			ok = !ns->dot && *p && strchr("kKmMgG", *p) && !p[1];
			break;
		default:
			return false;
		}
	}
	/* num(): exact up to 15 digits, strtod beyond */
	if (ok && f && d + frac <= 15) {
		f->known = true;
		f->frac = (unsigned char)frac;
		f->len = (unsigned char)ns->len;
		f->v = frac ? (double)ns->m / p10[frac] : (double)ns->m;
	}
	return ok;
}

/* Whether the non-empty s, which quick_shape() did not recognise, has the
 * shape of kind k (cut: or the start of one): the pattern's answer. */
static bool shape_slow(enum kind k, const char *s, bool cut)
{
	if (!cut && (k == K_FVER || (k == K_VER && *s != 'b')) && !is_digit(*s))
		return false; /* both patterns begin with a digit (or the runner's name) */
	struct br_pattern *p = cut ? &re_part[k] : &re_full[k];
	return br_re_test(p, s, strlen(s));
}

/* Whether s has the shape of kind k (cut: or the start of one); a figure's
 * number read on the way into *f (NULL: not wanted), see quick_shape. */
static bool shape_read(enum kind k, const char *s, bool cut, struct fig *f)
{
	if (k == K_NAME)
		return true;
	if (!*s)
		return k != K_FVER && k != K_VER;
	struct numscan ns;
	scan_number(s, &ns);
	return quick_shape(k, s, &ns, f) || shape_slow(k, s, cut);
}

static bool shape_ok(enum kind k, const char *s, bool cut)
{
	return shape_read(k, s, cut, NULL);
}

/* A 1.0x name: anything but prose-like length or a bare number (a line of
 * plain numbers is not a bonnie++ record); an IPv4 address is fine. */
static bool name_ok(const char *s)
{
	size_t n = strlen(s);
	if (n == 0 || n > 100)
		return false;
	size_t dots = 0;
	bool digits_only = true;
	for (const char *c = s; *c; c++) {
		if (*c == '.')
			dots++;
		else if (*c < '0' || *c > '9')
			digits_only = false;
	}
	return !digits_only || dots == 3;
}

/* vernum() of a literal version: VERNUM(1, 92, 'b') is "1.92b" */
#define VERNUM(major, minor, letter) \
	((major) * 100000L + (minor) * 100 + ((letter) ? (letter) - 'a' + 1 : 0))

/* The layout named by a record's first two fields (CSV format version,
 * bonnie++ version); NULL when they are not versions. */
static const struct layout *versioned_layout(const char *f0, const char *f1)
{
	if (shape_ok(K_FVER, f0, false) && shape_ok(K_VER, f1, false)) {
		if (strcmp(f0, "2") == 0) /* 1.91c/1.92 write "2" with -s 0 */
			return &layouts[vernum(f1) >= VERNUM(1, 91, 'a') ? L_46 : L_45];
		long v = vernum(f0);
		if (v < VERNUM(1, 91, 'a'))
			return &layouts[L_45];
		if (v <= VERNUM(1, 92, 0))
			return &layouts[L_46];
		if (v == VERNUM(1, 92, 'a'))
			return &layouts[L_47];
		if (v < VERNUM(1, 98, 0))
			return &layouts[L_48];
		return &layouts[L_50];
	}
	return NULL;
}

/* versioned_layout(f0, f1), remembered for the next line with the same
 * first two fields. */
static const struct layout *versioned_cached(struct fields *fs, const char *f0, const char *f1)
{
	if (!is_digit(*f0))
		return NULL; /* a format version begins with a digit: a 1.0x name */
	if (strcmp(f0, fs->vf0) == 0 && strcmp(f1, fs->vf1) == 0 && *f0)
		return fs->vL;
	const struct layout *L = versioned_layout(f0, f1);
	if (strlen(f0) < sizeof fs->vf0 && strlen(f1) < sizeof fs->vf1) {
		strcpy(fs->vf0, f0);
		strcpy(fs->vf1, f1);
		fs->vL = L;
	}
	return L;
}

/* The layout of a record whose first two fields are f0 and f1. */
static const struct layout *choose_layout(struct fields *fs, const char *f0, const char *f1)
{
	const struct layout *L = versioned_cached(fs, f0, f1);
	if (L)
		return L;
	if (shape_ok(K_SIZE1, f1, true))
		return &layouts[L_27];
	return NULL;
}

static size_t slot_index(const struct layout *L, enum kind k)
{
	for (size_t i = 0; i < L->len; i++)
		if (L->slot[i].kind == k)
			return i;
	return L->len;
}

/* Map fields to layout slots: the name keeps its blanks; the 1.92a–1.96
 * "-s 0" record (one empty I/O field short, so the file count sits in the
 * seeks-cpu slot) gets the missing field back. */
static void map_slots(struct fields *fs)
{
	const struct layout *L = fs->L;
	size_t nf = fs->n;
	size_t name = L->name_first ? 0 : 2;
	if (name < nf && !fs->plain) {
		/* re-clean the name keeping inner blanks (appended; offsets move) */
		clean_field(fs, name, true);
	}
	size_t ins = (size_t)-1;
	if (!L->name_first) {
		size_t size = slot_index(L, K_SIZE), files = slot_index(L, K_NFILES);
		if (size < nf && files - 1 < nf && !*cf(fs, size) && *cf(fs, files - 1) &&
		    shape_ok(K_NFILES, cf(fs, files - 1), false) && nf + 1 <= L->len)
			ins = size;
	}
	size_t c = 0;
	for (size_t i = 0; i < nf && c < MAX_FIELDS; i++) {
		if (i == ins && c < MAX_FIELDS) {
			fs->val[c] = "";
			fs->vmark[c] = -1;
			fs->vsrc[c] = -1;
			c++;
		}
		if (c >= MAX_FIELDS)
			break;
		fs->val[c] = cf(fs, i);
		fs->vmark[c] = fs->mark[i];
		fs->vsrc[c] = (int)i;
		c++;
	}
	/* empty fields past the layout's end (a trailing comma) do not count */
	while (c > L->len && !*fs->val[c - 1])
		c--;
	fs->count = c;
}

struct verdict {
	bool prefix;        /* every field so far has its shape (the last may be cut) */
	bool full;          /* a complete record */
	size_t bad;         /* first field of the wrong shape, or count */
	size_t figures;     /* figure fields holding a valid value */
};

static bool is_figure(enum kind k)
{
	return k == K_RATE || k == K_SEEKS || k == K_LAT || k == K_CPU;
}

/* The verdict once the shapes are known: `bad` is the first field of the
 * wrong shape (or the count), `figures` the valid figure fields, `any`
 * whether some rate, seek or latency field is not empty. */
static struct verdict conclude(const struct fields *fs, size_t bad, size_t figures, bool any)
{
	const struct layout *L = fs->L;
	size_t c = fs->count;
	struct verdict v = {false, false, bad, figures};
	if (v.bad < c)
		return v;
	v.prefix = c <= L->len;
	if (!v.prefix)
		return v;
	bool count_ok = c == L->len || c >= L->min_short || (L->alt_short && c == L->alt_short);
	v.full = count_ok && any;
	return v;
}

/* Judge the fields twice in one pass: as the start of a record whose last
 * field a line break may have cut (*cut), and as a finished record (*done).
 * Only the last field's shape differs between the two; fs->L is NULL when no
 * layout fits. */
static void judge(struct fields *fs, struct verdict *cut, struct verdict *done)
{
	*cut = *done = (struct verdict){false, false, 0, 0};
	fs->L = choose_layout(fs, cf(fs, 0), cf(fs, 1));
	if (!fs->L)
		return;
	map_slots(fs);
	const struct layout *L = fs->L;
	size_t c = fs->count;
	if (L->name_first && !name_ok(fs->val[0])) {
		cut->bad = done->bad = 0;
		return;
	}
	size_t bad = c, figures = 0;
	bool last_cut = true, last_done = true, last_figure = false, any = false;
	for (size_t i = 0; i < c && i < L->len; i++) {
		enum kind k = L->slot[i].kind;
		const char *s = fs->val[i];
		struct fig *f = &fs->fig[i];
		f->known = false;
		bool ok = true; /* s has the complete shape of k */
		if (!*s) {
			ok = k != K_FVER && k != K_VER;
		} else if (k != K_NAME) {
			any = any || (k == K_RATE || k == K_SEEKS || k == K_LAT);
			struct numscan own;
			const struct numscan *ns = fs->plain && fs->vsrc[i] >= 0 ? &fs->num[fs->vsrc[i]] : NULL;
			if (!ns) {
				scan_number(s, &own);
				ns = &own;
			}
			ok = quick_shape(k, s, ns, f) || shape_slow(k, s, false);
		}
		bool figure = is_figure(k) && *s;
		if (i + 1 == c) {
			/* re_full[k] accepts less than re_part[k] */
			last_done = ok;
			last_cut = ok || shape_ok(k, s, true);
			last_figure = figure;
		} else if (!ok) {
			if (bad == c)
				bad = i;
		} else {
			figures += figure;
		}
	}
	*cut = conclude(fs, bad == c && !last_cut ? c - 1 : bad,
			figures + (last_cut && last_figure), any);
	*done = conclude(fs, bad == c && !last_done ? c - 1 : bad,
			 figures + (last_done && last_figure), any);
}

/*
 * judge() for the common line in one pass: a plain text (see split_plain:
 * no quote, blank or control byte, and no '=' at its end) with exactly its
 * layout's field count, every field of a shape quick_shape() knows. Each
 * field is cut, read and judged against its slot as the text is read: no
 * field table to map, no number read twice. Such a line has no "-s 0" field
 * to insert (that record is one field short) and no trailing empty field to
 * drop, so the slots are the fields and the verdict is judge()'s. A logical
 * line that is plain is its own joined text (add_line changes nothing in
 * it), so it is read as it is. Anything else returns false, and judge()
 * decides.
 */
static bool judge_plain(struct fields *fs, const char *text, size_t len, struct verdict *cut,
			struct verdict *done)
{
	if (len && text[len - 1] == '=')
		return false; /* a soft break: the record goes on */
	br_buf_reset(&fs->clean);
	br_buf_add(&fs->clean, text, len);
	char *s = fs->clean.data;
	/* the layout, from the first two fields (cut for the look) */
	char *c0 = memchr(s, ',', len);
	char *c1 = c0 ? memchr(c0 + 1, ',', len - (size_t)(c0 + 1 - s)) : NULL;
	if (!c1)
		return false;
	*c0 = *c1 = '\0';
	const struct layout *L = choose_layout(fs, s, c0 + 1);
	*c0 = *c1 = ',';
	if (!L)
		return false;
	size_t figures = 0;
	bool any = false;
	char *p = s;
	for (size_t i = 0; i < L->len; i++) {
		char *f = p;
		struct numscan ns;
		p = (char *)(uintptr_t)scan_number(f, &ns);
		for (; *p != ',' && *p; p++)
			if ((unsigned char)*p <= ' ' || *p == '"' || *p == 0x7f)
				return false; /* a blank, quote or control byte */
		if (!*p ? i + 1 != L->len || p != s + len : i + 1 == L->len)
			return false; /* not the layout's field count, or a NUL */
		*p++ = '\0';
		enum kind k = L->slot[i].kind;
		fs->val[i] = f; /* (vmark, vsrc and blanks are not read for a plain line) */
		fs->fig[i].known = false;
		if (!*f) {
			if (k == K_FVER || k == K_VER)
				return false;
		} else if (k != K_NAME) {
			if (!quick_shape(k, f, &ns, &fs->fig[i]))
				return false;
			if (is_figure(k)) {
				figures++;
				any = any || k != K_CPU;
			}
		}
	}
	if (L->name_first && !name_ok(fs->val[0]))
		return false;
	fs->L = L;
	fs->n = fs->count = L->len;
	fs->rows = 1;
	fs->plain = true;
	*cut = *done = conclude(fs, L->len, figures, any);
	return true;
}

/* ------------------------------------------------------------ line text */

static bool line_blank(const struct br_line *l)
{
	return br_is_blank(l->text, l->len);
}

/* Whether any of the n bytes at s is a control byte (below 0x20, or 0x7f),
 * eight bytes at a time: a byte below 0x20 borrows in x - 0x20…, a 0x7f is a
 * zero byte of x ^ 0x7f… (exact for "any"; bytes >= 0x80 never count). */
static bool has_control(const char *s, size_t n)
{
	const uint64_t ones = 0x0101010101010101u, highs = 0x8080808080808080u;
	size_t k = 0;
	for (; k + 8 <= n; k += 8) {
		uint64_t x, y;
		memcpy(&x, s + k, 8);
		y = x ^ (ones * 0x7f);
		if ((((x - ones * 0x20) & ~x) | ((y - ones) & ~y)) & highs)
			return true;
	}
	for (; k < n; k++)
		if ((unsigned char)s[k] < 0x20 || s[k] == 0x7f)
			return true;
	return false;
}

/* Append logical line l to b: control bytes become blanks, a MARK goes where
 * an original line began (only before a non-blank, where SMTP's dot could
 * have been), and a trailing quoted-printable soft break '=' is removed
 * (returns true then: the record continues on the next line). */
static bool has_commas(const char *s, size_t n, size_t min);

/*
 * What a post wraps around a CSV line, cut from the line's text s[0..n)
 * (returns the new length; the text may move to s[0]):
 * - Markdown inline code: a `...` span holding five commas or more is the
 *   line ("Raw CSV: `web1,4G,...`");
 * - the poster's lead-in before it (lead_in): text up to the last ": "
 *   that five commas follow ("CSV line: 1.96,1.96,...", "and of box C, last
 *   week: boxc,8G,..."; no field bonnie++ writes holds ": "), or a " - ",
 *   " = ", " -> " ("xfs - 1.03e,...");
 * - the poster's note after the record: past five commas, after blanks,
 *   text that no field starts with ("  <- defaults", " (noatime)",
 *   "  # tuned, 2 runs"). An archive's re-wrap puts single blanks inside
 *   fields ("1 7396", "71 1us"), so a note that starts with a letter needs
 *   two blanks or a TAB.
 */
/* The length of the poster's lead-in before a CSV line s[0..n): up to the
 * last ": " that five commas follow, or a name's " - ", " = ", " -> ", " => "
 * that does ("ext4: 1.97,1.97,...", "xfs - 1.03e,..."); 0 when there is
 * none. *sep (when asked) is set to where the separator begins. */
static size_t lead_in(const char *s, size_t n, size_t *sep)
{
	size_t lead = 0, at = 0;
	if (sep)
		*sep = 0;
	/* every separator is followed by a blank: a line with none (a CSV
	 * line as bonnie++ wrote it) has no lead-in, found at memchr's speed */
	if (!memchr(s, ' ', n) && !memchr(s, '\t', n))
		return 0;
	for (size_t i = 0; i + 1 < n; i++) {
		size_t k = i;
		if (s[i] == ':')
			k = i + 1;
		else if (i > 0 && is_blank(s[i - 1]) && (s[i] == '-' || s[i] == '='))
			k = i + 1 + (s[i + 1] == '>');
		else
			continue;
		if (k < n && is_blank(s[k]) && has_commas(s + k + 1, n - k - 1, 5)) {
			lead = k + 1;
			at = s[i] == ':' ? i : i - 1;
		}
	}
	if (sep)
		*sep = at;
	return lead;
}

/* The line inside the first span of s[0..n) between two q's that holds
 * five commas or more (cut to s[0], its length returned; n when none):
 * Markdown inline code (`...`), or a string of a program's output (JSON's
 * "csv": "1.96,...", a Python repr '1.96,...'), less a "\n" it ends with.
 * bonnie++ quotes no field, and a CSV file that quotes each field holds no
 * comma between two quotes. */
static size_t cut_span(char *s, size_t n, char q)
{
	const char *open = memchr(s, q, n);
	while (open) {
		const char *end = memchr(open + 1, q, n - (size_t)(open + 1 - s));
		if (!end)
			return n;
		size_t len = (size_t)(end - open - 1);
		if (has_commas(open + 1, len, 5)) {
			if (q != '`' && len >= 2 && open[len - 1] == '\\' && open[len] == 'n')
				len -= 2 + (len >= 4 && open[len - 3] == '\\' && open[len - 2] == 'r') * 2;
			memmove(s, open + 1, len);
			return len;
		}
		open = memchr(end + 1, q, n - (size_t)(end + 1 - s));
	}
	return n;
}

static size_t cut_wrapping(char *s, size_t n)
{
	n = cut_span(s, n, '`');
	if (memchr(s, '"', n))
		n = cut_span(s, n, '"');
	size_t lead = lead_in(s, n, NULL);
	if (lead) {
		memmove(s, s + lead, n - lead);
		n -= lead;
	}
	/* the first blank run, past five commas, that a note follows */
	size_t i = 0, commas = 0;
	while (i < n && is_blank(s[i]))
		i++;
	for (; i < n; i++) {
		commas += s[i] == ',';
		if (!is_blank(s[i]) || commas < 5)
			continue;
		size_t k = i;
		while (k < n && is_blank(s[k]))
			k++;
		if (k == n)
			return n;
		char c = s[k];
		bool mark = c == '<' || c == '(' || c == '#' || c == '[' || c == '-' || c == '*' || c == '=';
		bool letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
		if (mark || (letter && (k - i >= 2 || s[i] == '\t')))
			return i;
		i = k - 1;
	}
	return n;
}

/* Whether s holds at least `min` bytes c (a memchr per byte, no more). */
static bool has_chars(const char *s, size_t n, char c, size_t min)
{
	size_t k = 0;
	const char *e = s + n;
	while (k < min && (s = memchr(s, c, (size_t)(e - s))) != NULL) {
		k++;
		s++;
	}
	return k >= min;
}

/* Is s[0..n) a row a spreadsheet of a decimal-comma locale saved again
 * (LibreOffice in German: "1.96;1.96;srv;1;...;207,2;34;..."): fields
 * apart by ';', each comma a decimal one, between two digits? */
static bool semicolon_row(const char *s, size_t n)
{
	if (!memchr(s, ';', n) || !has_chars(s, n, ';', MIN_COMMAS))
		return false;
	for (const char *c = s, *e = s + n; (c = memchr(c, ',', (size_t)(e - c))) != NULL; c++)
		if (c == s || c + 1 == e || !is_digit(c[-1]) || !is_digit(c[1]))
			return false;
	return true;
}

/* Such a row as bonnie++ wrote it: commas between the fields, points in
 * the figures (the same length). */
static void semicolons_to_commas(char *s, size_t n)
{
	for (size_t k = 0; k < n; k++)
		s[k] = s[k] == ',' ? '.' : s[k] == ';' ? ',' : s[k];
}

static bool add_line(struct br_buf *b, const struct br_line *l, bool mark_start)
{
	size_t start = b->len, njoins = br_line_njoins(l);
	br_buf_grow(b, l->len + njoins + 1); /* room for every MARK */
	char *w = b->data + b->len;
	if (!njoins && !mark_start) {
		/* the common case: no MARK to place, often nothing to change */
		memcpy(w, l->text, l->len);
		if (has_control(w, l->len))
			for (size_t k = 0; k < l->len; k++)
				if ((unsigned char)w[k] < 0x20 || w[k] == 0x7f)
					w[k] = ' ';
		w += l->len;
	} else {
		size_t j = 0;
		for (size_t k = 0; k < l->len; k++) {
			char c = l->text[k];
			bool at_join = false;
			while (j < njoins && l->joins[j] <= k) {
				at_join = at_join || l->joins[j] == k;
				j++;
			}
			if ((unsigned char)c < 0x20 || c == 0x7f)
				c = ' ';
			if (((at_join && k > 0) || (k == 0 && mark_start)) && !is_blank(c))
				*w++ = MARK;
			*w++ = c;
		}
	}
	b->len = (size_t)(w - b->data);
	if (memchr(b->data + start, ';', b->len - start) && semicolon_row(b->data + start, b->len - start))
		semicolons_to_commas(b->data + start, b->len - start);
	if (memchr(b->data + start, '`', b->len - start) || memchr(b->data + start, ' ', b->len - start) ||
	    memchr(b->data + start, '\t', b->len - start) || memchr(b->data + start, '"', b->len - start))
		/* (a lead-in, a note, inline code and a string all come with a
		 * blank, a ` or a ") */
		b->len = start + cut_wrapping(b->data + start, b->len - start);
	/* blanks at the end, and a table's empty cells (" | |": the post
	 * pasted into a table's first column) */
	while (b->len > start && (is_blank(b->data[b->len - 1]) ||
				  (b->data[b->len - 1] == '|' && b->len - start >= 2 && is_blank(b->data[b->len - 2]))))
		b->len--;
	bool soft = b->len > start && b->data[b->len - 1] == '=';
	if (soft)
		b->len--;
	b->data[b->len] = '\0';
	return soft;
}

/* Whether s holds at least `min` commas (a memchr per comma, no more). */
static bool has_commas(const char *s, size_t n, size_t min)
{
	size_t c = 0;
	const char *e = s + n;
	while (c < min && (s = memchr(s, ',', (size_t)(e - s))) != NULL) {
		c++;
		s++;
	}
	return c >= min;
}

static bool is_header(const char *s)
{
	while (is_blank(*s))
		s++;
	if (*s != 'n' && *s != 'f')
		return false;
	return br_starts_with(s, "name,file_size,") ||
	       br_starts_with(s, "format_version,bonnie_version,");
}

/* ------------------------------------------------------------ values */

/* strtod(s, end), quicker for the plain decimals bonnie++ prints: with at
 * most 15 digits, mantissa and power of ten are exact doubles and the one
 * correctly rounded division gives strtod's own result. Anything else (sign,
 * blank, exponent, hex, more digits) goes to strtod. */
static double num(const char *s, char **end)
{
	unsigned long long m = 0;
	size_t digits = 0, frac = 0;
	const char *p = s;
	for (; is_digit(*p); p++, digits++)
		if (digits < 16)
			m = m * 10 + (unsigned)(*p - '0');
	if (digits && *p == '.')
		for (p++; is_digit(*p); p++, digits++, frac++)
			if (digits < 16)
				m = m * 10 + (unsigned)(*p - '0');
	if (!digits || digits > 15 || *p == 'e' || *p == 'E' || *p == 'x' || *p == 'X')
		return strtod(s, end);
	if (end)
		*end = (char *)p;
	return frac ? (double)m / p10[frac] : (double)m;
}

/* The resolution of a figure printed with d decimals: 10^-d correctly
 * rounded, which one division of exact powers gives (and pow(10, -d) too). */
static double step_of(size_t d)
{
	return d < BR_ARRAY_LEN(p10) ? 1 / p10[d] : pow(10, -(double)d);
}

static double decimals_step(const char *s)
{
	const char *dot = strchr(s, '.');
	if (!dot)
		return 1;
	size_t d = 0;
	for (const char *c = dot + 1; *c >= '0' && *c <= '9'; c++)
		d++;
	return pow(10, -(double)d);
}

/* A parameter field and its number as judge() read it (f NULL or not
 * known: read s). */
struct pfield {
	const char *s;
	const struct fig *f;
};

/* num(p.s, end) */
static double pf_num(struct pfield p, char **end)
{
	if (p.f && p.f->known) {
		if (end)
			*end = (char *)(uintptr_t)(p.s + p.f->len);
		return p.f->v;
	}
	return num(p.s, end);
}

/* "3000M" → bytes; a bare number is MB (1.00–1.00c). */
static double size_bytes(struct pfield p)
{
	char *end;
	double v = pf_num(p, &end);
	switch (*end) {
	case 'K':
		return v * 1024;
	case 'G':
		return v * 1073741824.0;
	case 'T':
		return v * 1099511627776.0;
	default:
		return v * 1048576.0;
	}
}

/* "4k" → 4096; a bare number is bytes. */
static double chunk_bytes(struct pfield p)
{
	char *end;
	double v = pf_num(p, &end);
	switch (*end) {
	case 'k':
	case 'K':
		return v * 1024;
	case 'm':
	case 'M':
		return v * 1048576.0;
	case 'g':
	case 'G':
		return v * 1073741824.0;
	default:
		return v;
	}
}

static void param_num_or_str(struct br_record *r, const char *key, struct pfield p)
{
	char *end;
	const char *s = p.s;
	double v = pf_num(p, &end);
	if (end != s && !*end)
		br_record_param_num(r, key, v);
	else
		br_record_param_str(r, key, s);
}

struct build {
	struct br_parse_ctx *ctx;
	size_t first;               /* logical line for diagnostics */
	struct br_buf fixes;        /* blanks deleted: for one note per record */
	size_t nfixes;
};

static void set_seeks(struct build *bd, struct br_record *r, const struct fields *fs, size_t i)
{
	const char *s = fs->val[i];
	const struct fig *f = &fs->fig[i];
	int mark = fs->plain ? -1 : fs->vmark[i]; /* (a plain line began no line inside) */
	size_t n = f->known ? f->len : strlen(s);
	bool integer = f->known ? f->frac == 0 : strspn(s, "0123456789") == n;
	if (!integer) {
		struct br_value *v = br_record_set(r, BR_M_seeks, f->known ? f->v : num(s, NULL), s);
		br_value_set_resolution(v, f->known ? step_of(f->frac) : decimals_step(s));
		return;
	}
	bool last_began_line = mark >= 1 && (size_t)mark == n - 1;
	if (fs->L->seeks_decimal && last_began_line) {
		/* the '.' that began the continuation line was eaten by SMTP
		 * dot-unstuffing: bonnie++ printed the seek rate with one decimal */
		char *fixed = br_asprintf("%.*s.%s", (int)(n - 1), s, s + n - 1);
		struct br_value *v = br_record_set(r, BR_M_seeks, num(fixed, NULL), fixed);
		br_value_set_resolution(v, 0.1);
		br_parse_doubt(bd->ctx, bd->first,
			      "seeks figure '%s' lost its decimal point at a line break "
			      "(SMTP dot-unstuffing); repaired to %s",
			      s, fixed);
		free(fixed);
		return;
	}
	struct br_value *v = br_record_set(r, BR_M_seeks, f->known ? f->v : num(s, NULL), s);
	br_value_set_resolution(v, 1);
	if (fs->L->seeks_decimal) {
		v->doubtful = true;
		br_parse_doubt(bd->ctx, bd->first,
			      "seeks figure '%s' has no decimal point, which bonnie++ %s always "
			      "prints; kept as printed",
			      s, fs->L->name);
	} else if (last_began_line && n >= 2 && n <= 4) {
		v->doubtful = true;
		br_parse_doubt(bd->ctx, bd->first,
			      "seeks figure '%s' may have lost a decimal point at a line break "
			      "(SMTP dot-unstuffing); kept as printed",
			      s);
	}
}

static void set_latency(struct br_record *r, int metric, const char *s, const struct fig *f)
{
	char *end = (char *)(uintptr_t)(s + (f->known ? f->len : 0));
	double v = f->known ? f->v : num(s, &end);
	double mult = 1;
	if (end[0] == 'm')
		mult = 1000;
	else if (end[0] == 's')
		mult = 1e6;
	struct br_value *bv = br_record_set(r, (enum br_metric_id)metric, v * mult, s);
	br_value_set_resolution(bv, mult * (f->known ? step_of(f->frac) : decimals_step(s)));
}

/* The cpu s of metric m, when the record holds its figure: what
 * br_record_set_cpu() does then, on the value in place. */
static void set_cpu(struct br_record *r, int m, const char *s, const struct fig *f)
{
	struct br_value *v = br_record_value(r, (enum br_metric_id)m);
	if (v) {
		v->has_cpu = true;
		v->cpu = f->known ? f->v : num(s, NULL);
	}
}

static void note_blanks(struct build *bd, const struct fields *fs, size_t i)
{
	int src = fs->vsrc[i];
	if (src < 0 || !fs->blanks[src])
		return;
	/* the blank after the runner's name is its own, not damage */
	if (fs->L->slot[i].kind == K_VER && br_starts_with(fs->val[i], RUNNER_NAME))
		return;
	if (bd->nfixes < 4) {
		char *r = br_strdup(rawf(fs, (size_t)src));
		char *w = r;
		for (const char *c = r; *c; c++)
			if (*c != MARK)
				*w++ = *c;
		*w = '\0';
		br_buf_addf(&bd->fixes, "%s'%s' as %s", bd->nfixes ? ", " : "", br_trim(r),
			    fs->val[i]);
		free(r);
	} else if (bd->nfixes == 4) {
		br_buf_adds(&bd->fixes, ", …");
	}
	bd->nfixes++;
}

/*
 * The seed field as the run's date. bonnie++ seeds its random numbers with
 * time(NULL) ^ getpid() unless -z gives one (seen in 2.00a: seed XOR the
 * start time is the process id), so the seed is the start time give or take
 * the process id in seconds: hours, on a busy machine a few days. Only the
 * day is claimed. A seed before 2000 or after tomorrow is no time (-z 42).
 */
static void seed_date(struct br_record *r, double seed)
{
	const double y2000 = 946684800;
	if (!(seed >= y2000) || seed > (double)time(NULL) + 86400)
		return;
	br_record_set_ran_at(r, (int64_t)seed, BR_DATE_DAY, BR_RAN_CSV);
}

/* The parameter fields of a record, kept until its figures are set so that
 * they are written in SCHEMA.md's order. */
struct params {
	struct pfield size, chunk, files, maxsz, minsz;
	struct pfield dirs, fchunk, conc, seed, seekcnt;
	struct pfield seekprocs;
};

/*
 * Step of field_into: the CPU s of metric m, unless it is more than a
 * test can print. bonnie++ writes a test's CPU use, the CPU time of its
 * processes over the test's time: 100 a process, over 100 only for the
 * seekers (3, 5 from 1.92) or with -c; the text report's " %3d" holds it
 * (the posts: up to 210). A fourth digit, unless the run ran ten copies
 * of each test at once (the concurrency field: 999 per copy), is no CPU
 * figure: the rate stays, without it, as the text parser keeps it.
 */
static void cpu_into(struct build *bd, struct br_record *r, int m, const struct params *pm, const char *s,
		     const struct fig *f)
{
	double c = f->known ? f->v : num(s, NULL);
	double conc = pm->conc.s ? pf_num(pm->conc, NULL) : 1;
	if (c > 999.0 * (conc > 1 ? conc : 1)) {
		br_parse_warn(bd->ctx, bd->first,
			      "bonnie++ CSV %%CP figure %s of %s is no CPU use a test printed "
			      "(three digits at most); the rate is kept without it",
			      s, br_metric((enum br_metric_id)m)->name);
		return;
	}
	set_cpu(r, m, s, f);
}

/* Step of emit: field i (non-empty, or the name) of a rate, seeks, cpu or
 * latency slot sets its figure; a parameter slot is kept in *pm. */
/* The block rates (bon_csv2html 2.00a prints them in M/sec, the per-char
 * ones in K/sec under the same "M/sec" heading). */
static bool is_block_rate(int m)
{
	return m == BR_M_put_block || m == BR_M_rewrite || m == BR_M_get_block;
}

static void field_into(struct build *bd, struct br_record *r, const struct fields *fs, size_t i,
		       struct params *pm, bool *rate_fast)
{
	const struct layout *L = fs->L;
	const char *s = fs->val[i];
	const struct pfield pf = {s, &fs->fig[i]};
	int m = L->slot[i].metric;
	switch ((enum kind)L->slot[i].kind) {
	case K_NAME:
		br_record_set_host(r, *s ? s : NULL);
		break;
	case K_VER:
		set_version(r, s);
		break;
	case K_FVER:
		break;
	case K_SIZE1:
	case K_SIZE:
		pm->size = pf;
		break;
	case K_CHUNK:
		pm->chunk = pf;
		break;
	case K_FILES1:
	case K_NFILES:
		pm->files = pf;
		break;
	case K_MAXSZ:
		pm->maxsz = pf;
		break;
	case K_MINSZ:
		pm->minsz = pf;
		break;
	case K_DIRS:
		pm->dirs = pf;
		break;
	case K_FCHUNK:
		pm->fchunk = pf;
		break;
	case K_CONC:
		pm->conc = pf;
		break;
	case K_SEED:
		pm->seed = pf;
		break;
	case K_SEEKCNT:
		pm->seekcnt = pf;
		break;
	case K_SEEKPROCS:
		pm->seekprocs = pf;
		break;
	case K_SEEKS:
	case K_RATE:
		if (s[0] == '+') {
			br_record_set_too_fast(r, (enum br_metric_id)m, s);
			rate_fast[m] = true;
		} else if (L->slot[i].kind == K_SEEKS) {
			set_seeks(bd, r, fs, i);
		} else {
			const struct fig *f = &fs->fig[i];
			/* bon_csv2html 2.00a prints block rates in M/sec */
			double unit = fs->mega_blocks && is_block_rate(m) ? 1024 : 1;
			struct br_value *v = br_record_set(r, (enum br_metric_id)m,
							   unit * (f->known ? f->v : num(s, NULL)), s);
			br_value_set_resolution(v, unit * (f->known ? step_of(f->frac) : decimals_step(s)));
		}
		break;
	case K_CPU:
		/* the cpu of a too-fast test is not a measurement */
		if (s[0] != '+' && !rate_fast[m])
			cpu_into(bd, r, m, pm, s, &fs->fig[i]);
		break;
	case K_LAT:
		set_latency(r, m, s, &fs->fig[i]);
		break;
	case K_COUNT:
		break;
	}
}

/* Step of set_params: the 1.0x file spec "16:100000:16/64" in one field
 * gives files, max_size, min_size and (after the '/') the directories;
 * 1.9x write them as separate fields, which win. */
static void files_spec(struct br_record *r, struct params *pm)
{
	char *spec = br_strdup(pm->files.s);
	char *slash = strchr(spec, '/');
	if (slash) {
		*slash = '\0';
		if (!pm->dirs.s)
			pm->dirs = (struct pfield){pm->files.s + (slash - spec) + 1, NULL};
	}
	char *save = NULL;
	char *tok = strtok_r(spec, ":", &save);
	if (tok)
		br_record_param_num(r, "files", num(tok, NULL) * 1024);
	if (tok && (tok = strtok_r(NULL, ":", &save)) != NULL && !pm->maxsz.s)
		param_num_or_str(r, "max_size", (struct pfield){tok, NULL});
	if (tok && (tok = strtok_r(NULL, ":", &save)) != NULL && !pm->minsz.s)
		br_record_param_num(r, "min_size", num(tok, NULL));
	free(spec);
}

/* Step of emit: the kept parameter fields as the record's params, in
 * SCHEMA.md's order. */
static void set_params(struct br_record *r, struct params *pm)
{
	if (pm->size.s) {
		/* 1.0x may add the chunk size: "64M:4k" (size_bytes stops at ':') */
		const char *colon = strchr(pm->size.s, ':');
		br_record_param_str(r, "size", pm->size.s);
		br_record_param_num(r, "size_bytes", size_bytes(pm->size));
		if (colon && colon[1])
			pm->chunk = (struct pfield){colon + 1, NULL};
	}
	if (pm->chunk.s)
		br_record_param_num(r, "chunk_size", chunk_bytes(pm->chunk));
	if (pm->files.s && !strpbrk(pm->files.s, ":/"))
		br_record_param_num(r, "files", pf_num(pm->files, NULL) * 1024);
	else if (pm->files.s)
		files_spec(r, pm);
	if (pm->maxsz.s)
		param_num_or_str(r, "max_size", pm->maxsz);
	if (pm->minsz.s)
		br_record_param_num(r, "min_size", pf_num(pm->minsz, NULL));
	/* 1.92+ write the directory count into the file-chunk-size slot */
	if (!pm->dirs.s && pm->fchunk.s) {
		pm->dirs = pm->fchunk;
		pm->fchunk = (struct pfield){NULL, NULL};
	}
	if (pm->dirs.s)
		br_record_param_num(r, "num_dirs", pf_num(pm->dirs, NULL));
	if (pm->fchunk.s)
		br_record_param_num(r, "file_chunk_size", chunk_bytes(pm->fchunk));
	if (pm->conc.s)
		br_record_param_num(r, "concurrency", pf_num(pm->conc, NULL));
	if (pm->seekcnt.s)
		br_record_param_num(r, "seeks_count", pf_num(pm->seekcnt, NULL));
	if (pm->seekprocs.s)
		br_record_param_num(r, "seek_procs", pf_num(pm->seekprocs, NULL));
	if (pm->seed.s) {
		double seed = pf_num(pm->seed, NULL);
		br_record_param_num(r, "seed", seed);
		seed_date(r, seed);
	}
}

/* Step of emit: the note of a record joined from several lines or with
 * blanks deleted inside its figures. */
static void note_repairs(struct br_parse_ctx *ctx, const struct build *bd, size_t first, size_t last)
{
	if (!bd->nfixes && last <= first)
		return;
	struct br_buf msg = BR_BUF_INIT;
	if (last > first)
		br_buf_addf(&msg, "record joined from %zu lines", last - first + 1);
	if (bd->nfixes)
		br_buf_addf(&msg, "%sblanks inside figures deleted: %s", last > first ? "; " : "",
			    br_buf_str(&bd->fixes));
	br_parse_note(ctx, first, "%s", br_buf_str(&msg));
	br_buf_free(&msg);
}

/*
 * The labels of the records of a document. The label of a result at line i
 * is what core's outline holds above line i (core/label.c), and a plain CSV
 * line (no blank, five commas or more: a bonnie++ record or header line)
 * changes nothing there: it is a "result line", which neither titles what
 * follows nor ends a title, and it starts no message (it does not follow a
 * blank line, nor begin "-----Original Message"). Only an HTML heading
 * would, or the quote depth closing headings of a deeper quote above, which
 * cannot happen when the line above is a CSV line of the same depth too. So
 * the outline is asked once for a block of CSV lines, and does not read the
 * block: `known` is a line the label is proven to hold for.
 */
struct labels {
	size_t line;    /* the CSV line passed last ((size_t)-1: none) */
	size_t run;     /* CSV lines of one depth up to `line` */
	size_t known;   /* label is the label of this line ((size_t)-1: none) */
	char *label;    /* (NULL: none) */
};

/* Line j, a CSV line read as one (clear: plain, see above), is passed. */
static void labels_pass(struct labels *lb, const struct br_line *lines, size_t j, bool clear)
{
	bool next = lb->line != (size_t)-1 && j == lb->line + 1 && lines[j].depth == lines[lb->line].depth;
	lb->run = next ? lb->run + 1 : 1;
	lb->line = j;
	if (lb->known == j && lb->run >= 2 && clear && !(lines[j].flags & BR_LINE_HEADING) &&
	    lines[j].text[0] != '-' && lines[j].text[0] != '_')
		lb->known = j + 1;
}

/* The label of a record on lines first..last (plain: a plain line). */
static const char *record_label(struct br_parse_ctx *ctx, struct labels *lb, size_t first,
				size_t last, bool plain)
{
	if (first != lb->known) {
		free(lb->label);
		lb->label = br_parse_label(ctx, first, NULL);
		lb->known = first;
	}
	if (first == last)
		labels_pass(lb, ctx->doc->lines, first, plain);
	else
		lb->line = (size_t)-1;
	return lb->label;
}

/* The lead-in of a CSV line as its record's own label: a short name before
 * the record ("ext4: 1.97,...", "xfs - 1.03e,...": "ext4", "xfs"), or NULL
 * when there is none or it introduces rather than names ("CSV line:",
 * "Raw output of the second run:", a sentence). A new string. */
static char *lead_label(const struct br_line *l)
{
	static const char *const generic[] = {"csv", "line", "lines", "output", "result", "results",
					      "raw", "log", "here", "bonnie", "bonnie++", "run",
					      "record", "row", "data", "the", "and", "of", "from"};
	size_t sep, lead = lead_in(l->text, l->len, &sep);
	if (!lead)
		return NULL;
	const char *s = l->text, *e = l->text + sep;
	while (s < e && (is_blank(*s) || *s == '*' || *s == '-' || *s == '>'))
		s++;
	while (e > s && (is_blank(e[-1]) || e[-1] == '*'))
		e--;
	if (e == s || e - s > 32)
		return NULL;
	size_t words = 0;
	for (const char *w = s; w < e;) {
		const char *we = w;
		while (we < e && !is_blank(*we))
			we++;
		for (size_t g = 0; g < BR_ARRAY_LEN(generic); g++)
			if ((size_t)(we - w) == strlen(generic[g]) && !strncasecmp(w, generic[g], (size_t)(we - w)))
				return NULL;
		words++;
		for (w = we; w < e && is_blank(*w); w++)
			;
	}
	return words <= 3 ? br_strndup(s, (size_t)(e - s)) : NULL;
}

/* The record of a judged-complete field set spanning logical lines
 * first..last; `why` is the claim's reason, plain whether fs is the fields
 * of a plain line (see split_plain). */
static void emit(struct br_parse_ctx *ctx, struct labels *lb, const struct fields *fs, size_t first,
		 size_t last, const char *why, bool plain)
{
	const struct layout *L = fs->L;
	struct build bd = {ctx, first, BR_BUF_INIT, 0};
	struct br_record *r = br_parse_record_new(ctx, BR_TOOL_BONNIEPP, first, last);
	struct params pm = {0};
	bool rate_fast[BR_METRIC_COUNT] = {false};
	for (size_t i = 0; i < fs->count && i < L->len; i++) {
		if (!plain) /* (a plain line has no blank) */
			note_blanks(&bd, fs, i);
		if (!*fs->val[i] && L->slot[i].kind != K_NAME)
			continue;
		field_into(&bd, r, fs, i, &pm, rate_fast);
	}
	set_params(r, &pm);
	if (L == &layouts[L_HTML] && fs->html_version[0])
		set_version(r, fs->html_version);

	const char *label = record_label(ctx, lb, first, last, plain);
	char *own = lead_label(&ctx->doc->lines[first]);
	if (own) { /* the poster's name for this record, under the outline's title */
		char *titled = br_parse_label(ctx, first, own);
		br_record_set_label(r, titled);
		free(titled);
		free(own);
	} else {
		br_record_set_label(r, label);
	}

	note_repairs(ctx, &bd, first, last);
	br_buf_free(&bd.fixes);

	br_parse_claim(ctx, first, last, why);
	br_parse_emit(ctx, r);
}

/* ------------------------------------------------------------ the scan */

/* The empty-field choices of a record whose commas became blanks (see
 * try_spaced), as the bits of a state: each says a group of fields is
 * empty; two bits count the optional parts of the file spec present. */
enum {
	E_CHUNK = 1 << 0,   /* the default I/O chunk size */
	E_CONC = 1 << 1,    /* no concurrency (a 1.0x line) */
	E_PERCHAR = 1 << 2, /* -f: the per-char tests */
	E_IO = 1 << 3,      /* -s 0: the whole I/O part */
	E_CREATE = 1 << 4,  /* -n 0: the whole file-creation part */
	E_IOLAT = 1 << 5,   /* no I/O latencies */
	E_CRLAT = 1 << 6,   /* no file-creation latencies */
	E_SPEC_SHIFT = 7,   /* 0-3: maximum size, minimum size, directories */
	E_STATES = 1 << 9
};

struct spaced {
	struct br_buf tok;           /* the tokens, NUL-separated */
	size_t toff[MAX_FIELDS];
	size_t n;
	struct br_buf name;          /* a name of several tokens, joined */
	char *why[BR_ARRAY_LEN(layouts)];
};

struct scan {
	struct br_parse_ctx *ctx;
	struct csv_parser csv;
	struct fields fs;
	struct br_buf text;
	char *why[BR_ARRAY_LEN(layouts)]; /* claim reason per layout, made on first use */
	struct spaced sp;
	struct labels labels;
	/* the last bon_csv2html row read: its last line + 1 (0: none) and what
	 * its table's header said (html_header) */
	size_t html_last;
	bool html_mega;
	/* the last record with blanks for commas of a name and size (1.0x or
	 * bon_csv2html): its last line + 1 (0: none) */
	size_t spaced_last;
	char html_version[16];
};

/* Text of logical lines first..last joined (MARKs where lines meet);
 * returns whether the last one ended in a soft break. */
static bool join_text(struct scan *sc, size_t first, size_t last)
{
	const struct br_doc *doc = sc->ctx->doc;
	br_buf_reset(&sc->text);
	br_buf_grow(&sc->text, 1);
	sc->text.data[0] = '\0';
	bool soft = false;
	for (size_t i = first; i <= last; i++)
		soft = add_line(&sc->text, &doc->lines[i], i > first);
	return soft;
}

/* Join, split and judge logical lines first..last (both verdicts, see
 * judge); false when they are no row of a known layout. */
static bool judge_lines(struct scan *sc, size_t first, size_t last, struct verdict *cut,
			struct verdict *done, bool *soft)
{
	/* a line as it is; else its joined text, unless that is the same */
	const struct br_line *l = &sc->ctx->doc->lines[first];
	bool one = first == last && !br_line_njoins(l);
	if (one && judge_plain(&sc->fs, l->text, l->len, cut, done)) {
		*soft = false;
		return true;
	}
	*soft = join_text(sc, first, last);
	if ((!one || sc->text.len != l->len) &&
	    judge_plain(&sc->fs, sc->text.data, sc->text.len, cut, done))
		return true;
	if (!split(&sc->csv, &sc->fs, sc->text.data, sc->text.len))
		return false;
	judge(&sc->fs, cut, done);
	return sc->fs.L != NULL;
}

static bool can_continue(const struct br_parse_ctx *ctx, size_t first, size_t next)
{
	const struct br_doc *doc = ctx->doc;
	if (next >= doc->nlines || br_parse_is_claimed(ctx, next))
		return false;
	const struct br_line *l = &doc->lines[next];
	return !line_blank(l) && l->len <= MAX_LINE && l->depth == doc->lines[first].depth &&
	       !is_header(l->text);
}

/* Commas in s[0..n), and whether a field holds a digit (*digits). */
static size_t count_commas(const char *s, size_t n, bool *digits)
{
	size_t c = 0;
	*digits = false;
	for (size_t k = 0; k < n; k++) {
		c += s[k] == ',';
		*digits = *digits || (s[k] >= '0' && s[k] <= '9');
	}
	return c;
}

/*
 * Is line i a row of another program's CSV: under a header line of words
 * with as many commas ("model,capacity,price,..."), maybe other rows like
 * it between? bonnie++ writes no such header but its own (is_header). Asked
 * only of a line that could not be read, before a warning.
 */
static bool foreign_row(const struct br_doc *doc, size_t i)
{
	bool digits;
	size_t c = count_commas(doc->lines[i].text, doc->lines[i].len, &digits);
	for (size_t k = i; k-- > 0 && i - k <= 64;) {
		const struct br_line *l = &doc->lines[k];
		if (count_commas(l->text, l->len, &digits) != c)
			return false;
		if (!digits)
			return !is_header(l->text);
	}
	return false;
}

/* A line that starts like a bonnie++ record but cannot be read: worth a
 * warning only when it really looks like one. */
static void diagnose(struct scan *sc, size_t first, size_t last, const struct verdict *v)
{
	const struct fields *fs = &sc->fs;
	const struct layout *L = fs->L;
	bool versioned = !L->name_first;
	if (v->figures < 6 || (!versioned && fs->count < 12) || foreign_row(sc->ctx->doc, first)) {
		/* too little of a record for a warning; --explain still says why */
		if (!sc->ctx->ds->skip_claims && (versioned || (fs->count >= 12 && v->bad > 0)))
			br_parse_note(sc->ctx, first,
				      "not read as a bonnie++ CSV line (%s layout): %zu fields, %zu of "
				      "them valid figures",
				      L->name, fs->count, v->figures);
		return;
	}
	if (v->bad < fs->count && v->bad < L->len) {
		br_parse_warn(sc->ctx, first,
			      "bonnie++ CSV line (%s layout): field %zu '%s' is not a valid %s; "
			      "no record",
			      L->name, v->bad + 1, fs->val[v->bad],
			      re_full[L->slot[v->bad].kind].name
				      ? re_full[L->slot[v->bad].kind].name
				      : "name");
	} else {
		br_parse_warn(sc->ctx, first,
			      "bonnie++ CSV line has %zu fields, the %s layout has %zu; no record",
			      fs->count, L->name, L->len);
	}
	br_parse_claim(sc->ctx, first, last, "unreadable bonnie++ CSV line");
}

/* Does line l end with a comma (blanks after it aside)? */
static bool ends_comma(const struct br_line *l)
{
	size_t n = l->len;
	while (n && (l->text[n - 1] == ' ' || l->text[n - 1] == '\t'))
		n--;
	return n && l->text[n - 1] == ',';
}

/* Is line l one short field alone: no comma, no blank inside? */
static bool lone_field(const struct br_line *l)
{
	return l->len && l->len <= 24 && !memchr(l->text, ',', l->len) && !memchr(l->text, ' ', l->len);
}

/* Try a record starting at logical line i; returns the last line used. */
static size_t try_record(struct scan *sc, size_t i)
{
	const struct br_doc *doc = sc->ctx->doc;
	const struct br_line *l = &doc->lines[i];
	if (is_header(l->text)) {
		br_parse_claim(sc->ctx, i, i, "bonnie++ CSV header line (-x)");
		labels_pass(&sc->labels, doc->lines, i,
			    !memchr(l->text, ' ', l->len) && !memchr(l->text, '\t', l->len) &&
				    has_commas(l->text, l->len, 5));
		return i;
	}
	/* Each set of lines i..last is judged once; sc->fs keeps the fields of
	 * lines i..held (of no lines when held is (size_t)-1). */
	struct verdict cut, done;
	bool soft;
	if (!judge_lines(sc, i, i, &cut, &done, &soft) || !cut.prefix) {
		/* not even the start of a record; maybe a damaged one */
		if (sc->fs.L && !soft)
			diagnose(sc, i, i, &done);
		return i;
	}
	const struct layout *L = sc->fs.L;
	size_t count = sc->fs.count; /* fields of lines i..last */
	size_t last = i, held = i, best = (size_t)-1;
	if (!soft && done.full)
		best = i;
	for (;;) {
		/* a record full only by the empty field after the comma that ends
		 * its line may have its last field on the next, alone ("988," /
		 * "8"); a next line with commas is another record */
		if (!soft && count >= L->len &&
		    !(count == L->len && ends_comma(&doc->lines[last]) && last + 1 < doc->nlines &&
		      lone_field(&doc->lines[last + 1])))
			break;
		/* a record still short of its layout may go on after a blank line
		 * or two (a mail client's paragraph break between the pieces) */
		size_t next = last + 1;
		if (!soft)
			while (next - last <= MAX_GAP && next < doc->nlines &&
			       !br_parse_is_claimed(sc->ctx, next) && line_blank(&doc->lines[next]))
				next++;
		if (next - i > MAX_JOIN || !can_continue(sc->ctx, i, next))
			break;
		struct verdict ncut, ndone;
		bool nsoft;
		held = (size_t)-1;
		if (!judge_lines(sc, i, next, &ncut, &ndone, &nsoft) || !ncut.prefix ||
		    sc->fs.L != L)
			break;
		held = last = next;
		soft = nsoft;
		count = sc->fs.count;
		done = ndone;
		if (!soft && done.full)
			best = last;
	}
	if (best != (size_t)-1) {
		if (held != best)
			judge_lines(sc, i, best, &cut, &done, &soft);
		size_t li = (size_t)(sc->fs.L - layouts);
		if (!sc->why[li])
			sc->why[li] = br_asprintf("bonnie++ CSV record, %s layout (%zu fields)",
						  L->name, L->len);
		emit(sc->ctx, &sc->labels, &sc->fs, i, best, sc->why[li], sc->fs.plain);
		return best;
	}
	if (held != last)
		judge_lines(sc, i, last, &cut, &done, &soft);
	if (sc->fs.L)
		diagnose(sc, i, last, &done);
	return i;
}

/* ------------------------------------------------------------ blanks for commas */

/*
 * A record whose commas became blanks: a forum's HTML-to-text of the CSV
 * line ("1.93c  1.93c  frodo  1  ...") or a bon_csv2html table copied as text
 * ("frodo  1  4G  605  98 ...", its latencies on a row of their own). The
 * empty fields are gone, so the tokens are placed by the layout: every slot
 * is either always printed or belongs to a group bonnie++ leaves empty as a
 * whole (the default chunk size, -f, -s 0, -n 0, the optional parts of the
 * file spec, unmeasured latencies). Each combination of empty groups whose
 * present slots number the tokens is tried; the record is read only when
 * exactly one placement gives every token its slot's shape, and refused
 * with a note when several do.
 */

static bool is_io_metric(int m)
{
	return m == BR_M_putc || m == BR_M_put_block || m == BR_M_rewrite || m == BR_M_getc ||
	       m == BR_M_get_block || m == BR_M_seeks;
}

static bool is_io_latency(int m)
{
	return m == BR_M_putc_latency || m == BR_M_put_block_latency || m == BR_M_rewrite_latency ||
	       m == BR_M_getc_latency || m == BR_M_get_block_latency || m == BR_M_seeks_latency;
}

/* Is slot i of L present in state st? */
static bool slot_present(const struct layout *L, size_t i, unsigned st)
{
	const struct slot *sl = &L->slot[i];
	int m = sl->metric;
	bool io = !(st & E_IO), cr = !(st & E_CREATE);
	bool perchar = m == BR_M_putc || m == BR_M_getc || m == BR_M_putc_latency ||
		       m == BR_M_getc_latency;
	unsigned spec = (st >> E_SPEC_SHIFT) & 3;
	switch ((enum kind)sl->kind) {
	case K_CHUNK:
		return io && !(st & E_CHUNK);
	case K_CONC:
		return L != &layouts[L_HTML] || !(st & E_CONC);
	case K_SIZE:
	case K_SIZE1:
	case K_SEEKCNT:
	case K_SEEKPROCS:
		return io;
	case K_RATE:
	case K_CPU:
	case K_SEEKS:
		if (is_io_metric(m))
			return io && !(perchar && (st & E_PERCHAR));
		return cr;
	case K_LAT:
		if (is_io_latency(m))
			return io && !(st & E_IOLAT) && !(perchar && (st & E_PERCHAR));
		return cr && !(st & E_CRLAT);
	case K_FILES1:
	case K_NFILES:
		return cr;
	case K_MAXSZ:
		return cr && spec >= 1;
	case K_MINSZ:
		return cr && spec >= 2;
	case K_DIRS:
		/* 1.91a+ leave this slot empty and write the count in the next */
		return slot_index(L, K_FCHUNK) == L->len && cr && spec >= 3;
	case K_FCHUNK:
		return cr && spec >= 3;
	default:
		return true;
	}
}

/*
 * The placements worth trying on each layout, the same for every document:
 * the distinct sets of present slots over all states (many states leave the
 * same slots, e.g. every spec count once the creation part is empty), each
 * with at least 12 figures (fewer is no record), ordered by how many slots
 * they keep, so that fit() tries only those that number the tokens. Built
 * once for the process, like the compiled patterns.
 */
struct placements {
	uint64_t mask[E_STATES];
	size_t n;
	size_t by_present[MAX_FIELDS + 2]; /* mask[by_present[k]..by_present[k + 1]) keep k slots */
};

static struct placements placements[BR_ARRAY_LEN(layouts)];
static bool placements_made[BR_ARRAY_LEN(layouts)];
static pthread_mutex_t placements_lock = PTHREAD_MUTEX_INITIALIZER;

static void placements_build_one(const struct layout *L, struct placements *p)
{
	bool versioned = !L->name_first;
	uint64_t all[E_STATES];
	size_t n = 0;
	for (unsigned st = 0; st < E_STATES; st++) {
		/* a 1.0x line without one of its parts is a collapsed text row,
		 * the text parser's */
		if (!versioned && (st & (E_IO | E_CREATE)))
			continue;
		uint64_t m = 0;
		size_t figures = 0;
		for (size_t i = 0; i < L->len; i++)
			if (slot_present(L, i, st)) {
				m |= (uint64_t)1 << i;
				figures += is_figure(L->slot[i].kind);
			}
		bool seen = figures < 12;
		for (size_t k = 0; k < n && !seen; k++)
			seen = all[k] == m;
		if (!seen)
			all[n++] = m;
	}
	/* counting sort by the number of present slots */
	size_t count[MAX_FIELDS + 2] = {0};
	for (size_t k = 0; k < n; k++)
		count[__builtin_popcountll(all[k]) + 1]++;
	for (size_t c = 1; c < MAX_FIELDS + 2; c++)
		count[c] += count[c - 1];
	memcpy(p->by_present, count, sizeof count);
	for (size_t k = 0; k < n; k++)
		p->mask[count[__builtin_popcountll(all[k])]++] = all[k];
	p->n = n;
}

/* L's placements, made on first use (a layout a run never tries costs
 * nothing). */
static const struct placements *placements_of(const struct layout *L)
{
	size_t li = (size_t)(L - layouts);
	pthread_mutex_lock(&placements_lock);
	if (!placements_made[li]) {
		placements_build_one(L, &placements[li]);
		placements_made[li] = true;
	}
	pthread_mutex_unlock(&placements_lock);
	return &placements[li];
}

static const char *tok(const struct spaced *sp, size_t i)
{
	return sp->tok.data + sp->toff[i];
}

/* Append the blank-separated words of s[0..len) as tokens; false when there
 * are too many. */
static bool add_tokens(struct spaced *sp, const char *s, size_t len)
{
	size_t i = 0;
	while (i < len) {
		size_t w;
		while (i < len && (w = br_blank_at(s, i, len)) != 0)
			i += w;
		if (i >= len)
			break;
		size_t a = i;
		while (i < len && br_blank_at(s, i, len) == 0)
			i++;
		if (sp->n >= MAX_FIELDS)
			return false;
		sp->toff[sp->n++] = sp->tok.len;
		br_buf_add(&sp->tok, s + a, i - a);
		br_buf_addc(&sp->tok, '\0');
	}
	return true;
}

static bool has_alpha(const char *s)
{
	for (; *s; s++)
		if ((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z'))
			return true;
	return false;
}

/* A word that can only be part of a hand-set name, never a figure. */
static bool wordy(const char *s)
{
	return has_alpha(s) && !shape_ok(K_SIZE1, s, false) && !shape_ok(K_LAT, s, false) &&
	       !shape_ok(K_CHUNK, s, false);
}

/* Place the tokens on L's slots in state st with the name taking `extra`
 * more tokens; fills fs->val (the name joined in sp->name) when `fill`. */
static bool place(struct spaced *sp, struct fields *fs, const struct layout *L, uint64_t mask,
		  size_t extra, bool fill)
{
	size_t t = 0;
	for (size_t i = 0; i < L->len; i++) {
		if (!(mask >> i & 1)) {
			if (fill)
				fs->val[i] = "";
			continue;
		}
		enum kind k = L->slot[i].kind;
		if (t >= sp->n)
			return false;
		if (k == K_NAME) {
			const char *s = tok(sp, t);
			if (L->name_first && (!name_ok(s) || !has_alpha(s)))
				return false;
			for (size_t e = 1; e <= extra; e++)
				if (t + e >= sp->n || !wordy(tok(sp, t + e)))
					return false;
			if (fill) {
				br_buf_reset(&sp->name);
				for (size_t e = 0; e <= extra; e++)
					br_buf_addf(&sp->name, "%s%s", e ? " " : "", tok(sp, t + e));
				fs->val[i] = br_buf_str(&sp->name);
			}
			t += extra + 1;
			continue;
		}
		if (!shape_ok(k, tok(sp, t), false))
			return false;
		/* every bonnie++ that writes these layouts prints the size with
		 * its unit ("4G"); a bare number is some other field */
		if ((k == K_SIZE || k == K_SIZE1) && !has_alpha(tok(sp, t)))
			return false;
		if (fill)
			fs->val[i] = tok(sp, t);
		t++;
	}
	return t == sp->n;
}

/* How the tokens fit L: 0 not at all, 1 one way (*mask, *extra), 2 several
 * (two distinct sets of present slots that both place every token). */
static int fit(struct spaced *sp, const struct layout *L, uint64_t *mask, size_t *extra)
{
	const struct placements *p = placements_of(L);
	size_t name = L->name_first ? 0 : 2, wordy_after = 0;
	while (name + 1 + wordy_after < sp->n && wordy(tok(sp, name + 1 + wordy_after)))
		wordy_after++;
	if (sp->n > MAX_FIELDS)
		return 0;
	/* the name takes the tokens the present slots leave: wordy ones only */
	size_t lo = sp->n > wordy_after ? sp->n - wordy_after : 0;
	int found = 0;
	for (size_t k = p->by_present[lo]; k < p->by_present[sp->n + 1]; k++) {
		uint64_t m = p->mask[k];
		size_t e = sp->n - (size_t)__builtin_popcountll(m);
		if (!place(sp, NULL, L, m, e, false))
			continue;
		if (found)
			return 2;
		found = 1;
		*mask = m;
		*extra = e;
	}
	return found;
}

/* A line that may continue a record with blanks for commas: its tokens are
 * figures, but for the word "Latency" and the record's name (a
 * bon_csv2html latency row: "frodo  Latency  21843us ..."). Appends them. */
static bool add_continuation(struct spaced *sp, const struct br_line *l, const char *name)
{
	size_t n0 = sp->n, len0 = sp->tok.len;
	if (!add_tokens(sp, l->text, l->len) || sp->n == n0)
		goto no;
	size_t w = n0;
	for (size_t i = n0; i < sp->n; i++) {
		const char *s = tok(sp, i);
		if (strcasecmp(s, "Latency") == 0 || strcmp(s, name) == 0)
			continue;
		if (!is_digit(s[0]) && s[0] != '+')
			goto no;
		sp->toff[w++] = sp->toff[i];
	}
	if (w == n0)
		goto no;
	sp->n = w;
	return true;
no:
	sp->n = n0;
	sp->tok.len = len0;
	return false;
}

/* Tokens of logical lines i..last (blank lines skipped) for a record that
 * starts at line i: false when they are none. */
static bool spaced_tokens(struct scan *sc, size_t i, size_t last, char *name, size_t cap)
{
	struct spaced *sp = &sc->sp;
	const struct br_doc *doc = sc->ctx->doc;
	br_buf_reset(&sp->tok);
	sp->n = 0;
	if (!add_tokens(sp, doc->lines[i].text, doc->lines[i].len) || sp->n < 3)
		return false;
	const struct layout *V = versioned_layout(tok(sp, 0), tok(sp, 1));
	snprintf(name, cap, "%s", tok(sp, V ? 2 : 0));
	for (size_t j = i + 1; j <= last; j++)
		if (!line_blank(&doc->lines[j]) && !add_continuation(sp, &doc->lines[j], name))
			return false;
	return true;
}

/* Does a size ("4G", "800M") follow the name of an unversioned record? */
static bool has_size(const struct spaced *sp)
{
	for (size_t k = 1; k < 4 && k < sp->n; k++)
		if (shape_ok(K_SIZE1, tok(sp, k), false) && has_alpha(tok(sp, k)))
			return true;
	return false;
}

/* Only figures on the line (at least one): what a hard wrap leaves of a
 * record with blanks for commas on the lines after its first. */
static bool figures_only(const struct br_line *l)
{
	bool any = false;
	for (size_t i = 0; i < l->len;) {
		size_t w = br_blank_at(l->text, i, l->len);
		if (w) {
			i += w;
			continue;
		}
		if (!is_digit(l->text[i]) && l->text[i] != '+')
			return false;
		any = true;
		while (i < l->len && br_blank_at(l->text, i, l->len) == 0)
			i++;
	}
	return any;
}

/* Does a record with blanks for commas start at line i: MIN_SPACED digit
 * runs, or half as many when a hard wrap moved the rest onto the next line
 * (which then holds only figures)? */
static bool spaced_start(const struct br_doc *doc, size_t i, bool *wrapped)
{
	const struct br_line *l = &doc->lines[i];
	*wrapped = false;
	if (br_digit_runs(l->text, l->len, MIN_SPACED))
		return true;
	*wrapped = i + 1 < doc->nlines && br_digit_runs(l->text, l->len, MIN_SPACED / 4) &&
		   doc->lines[i + 1].len <= MAX_LINE && figures_only(&doc->lines[i + 1]);
	/* a narrow wrap (40 columns) leaves a quarter on the first line and
	 * two lines of figures or more below it */
	if (*wrapped && !br_digit_runs(l->text, l->len, MIN_SPACED / 2))
		*wrapped = i + 2 < doc->nlines && doc->lines[i + 2].len <= MAX_LINE &&
			   figures_only(&doc->lines[i + 2]);
	return *wrapped;
}

/* The words of l that equal w. */
static size_t count_word(const struct br_line *l, const char *w)
{
	size_t n = 0, wl = strlen(w);
	for (const char *p = l->text, *e = l->text + l->len; (p = memmem(p, (size_t)(e - p), w, wl)); p += wl)
		n += (p == l->text || p[-1] == ' ' || p[-1] == '\t') &&
		     (p + wl == e || p[wl] == ' ' || p[wl] == '\t');
	return n;
}

/*
 * What the header of the bon_csv2html table of the row at line i says
 * (into sc->fs): a unit row of "M/sec" (2.00a: block rates in M/sec,
 * per-char ones in K/sec all the same) or "K/sec", and its "Version X"
 * cell. The look goes up twelve lines at most, or to the previous row of
 * the table, whose answer a row takes on (each line looked at once).
 */
static void html_header(struct scan *sc, size_t i)
{
	const struct br_doc *doc = sc->ctx->doc;
	bool units = false, mega = false, ver = false;
	char version[16] = "";
	for (size_t k = i; k > 0 && i - k < 12;) {
		k--;
		if (sc->html_last && k + 1 == sc->html_last) {
			mega = units ? mega : sc->html_mega;
			if (!ver)
				memcpy(version, sc->html_version, sizeof version);
			break;
		}
		const struct br_line *l = &doc->lines[k];
		if (!units) {
			size_t nm = count_word(l, "M/sec"), nk = count_word(l, "K/sec");
			units = nm >= 3 || nk >= 3;
			mega = nm >= 3;
		}
		const char *v = ver ? NULL : memmem(l->text, l->len, "Version", 7);
		if (v && (v == l->text || v[-1] == ' ' || v[-1] == '\t')) {
			const char *e = l->text + l->len, *p = v + 7;
			while (p < e && (*p == ' ' || *p == '\t'))
				p++;
			size_t n = 0;
			while (p + n < e && n + 1 < sizeof version && p[n] != ' ' && p[n] != '\t')
				n++;
			if (n && p > v + 7 && is_digit((unsigned char)*p)) {
				memcpy(version, p, n);
				version[n] = '\0';
				ver = true;
			}
		}
	}
	sc->fs.mega_blocks = sc->html_mega = mega;
	memcpy(sc->fs.html_version, version, sizeof version);
	memcpy(sc->html_version, version, sizeof version);
}

/* Is there a bon_csv2html units row ("K/sec % CPU K/sec ...", not the
 * "K/sec %CP" of bonnie++'s text) in the dozen lines above line i? */
static bool units_row_above(const struct br_doc *doc, size_t i)
{
	for (size_t k = i; k > 0 && i - k < 12;) {
		k--;
		/* ("% CPU": bonnie++'s own text header has "%CP"; the rarest
		 * word first: most lines looked at are rows) */
		if (count_word(&doc->lines[k], "CPU") >= 3 &&
		    (count_word(&doc->lines[k], "K/sec") >= 3 || count_word(&doc->lines[k], "M/sec") >= 3))
			return true;
	}
	return false;
}

/* A bon_csv2html row of a run without the file tests (-n 0: its name,
 * size and twelve I/O cells) fits no placement the scan tries (a 1.0x
 * line without a part is a text row, the text parser's); under the
 * report's units row it is the report's. Fits it on the placements with
 * the creation part empty: 1 when exactly one places every token. */
static int fit_io_only(struct spaced *sp, const struct layout *L, uint64_t *mask, size_t *extra)
{
	int found = 0;
	for (unsigned st = 0; st < E_STATES; st++) {
		if (!(st & E_CREATE) || (st & E_IO) || (st >> E_SPEC_SHIFT) || (st & E_CRLAT))
			continue; /* (the spec and creation latencies: empty already) */
		uint64_t m = 0;
		for (size_t k = 0; k < L->len; k++)
			if (slot_present(L, k, st))
				m |= (uint64_t)1 << k;
		size_t present = (size_t)__builtin_popcountll(m);
		if (present > sp->n || (found && m == *mask) || !place(sp, NULL, L, m, sp->n - present, false))
			continue;
		if (found)
			return 2;
		found = 1;
		*mask = m;
		*extra = sp->n - present;
	}
	return found;
}

/* Does line i come right after a record with blanks for commas of a name
 * and size (one blank line between at most)? A row of twelve I/O figures
 * there is the same list's run without the file tests (-n 0), not a
 * report's row. */
static bool spaced_above(const struct scan *sc, size_t i)
{
	const struct br_doc *doc = sc->ctx->doc;
	return sc->spaced_last && i >= sc->spaced_last && i - sc->spaced_last <= 1 &&
	       (i == sc->spaced_last || line_blank(&doc->lines[i - 1]));
}

/* fit(), or fit_io_only() for a row of a run without the file tests. */
static int fit_as(struct spaced *sp, const struct layout *L, bool io_only, uint64_t *mask, size_t *extra)
{
	return io_only ? fit_io_only(sp, L, mask, extra) : fit(sp, L, mask, extra);
}

/* Try a record with blanks for commas at logical line i (`wrapped`: its
 * first line is short of one, figures follow); returns the last line used
 * (i when none). */
static size_t try_spaced(struct scan *sc, size_t i, bool wrapped)
{
	struct br_parse_ctx *ctx = sc->ctx;
	const struct br_doc *doc = ctx->doc;
	struct spaced *sp = &sc->sp;
	char name[128];
	if (!spaced_tokens(sc, i, i, name, sizeof name) || (sp->n < 14 && !wrapped))
		return i;
	const struct layout *L = versioned_layout(tok(sp, 0), tok(sp, 1));
	if (!L) {
		/* a name, then the size within the next few words */
		if (!name_ok(tok(sp, 0)) || !has_alpha(tok(sp, 0)) || !has_size(sp))
			return i;
		L = &layouts[L_HTML];
	}
	/* the record may go on (wrapped, or its latency row) on the lines
	 * below: the longest span read one way wins */
	size_t best = (size_t)-1, last = i, ambiguous = (size_t)-1;
	bool io_only = L == &layouts[L_HTML] && sp->n < 27 && (spaced_above(sc, i) || units_row_above(doc, i));
	for (;;) {
		uint64_t mask;
		size_t extra;
		int r = fit_as(sp, L, io_only, &mask, &extra);
		if (r == 1)
			best = last;
		else if (r == 2)
			ambiguous = last;
		size_t next = last + 1;
		if (next < doc->nlines && line_blank(&doc->lines[next]))
			next++;
		if (next >= doc->nlines || next - i > MAX_JOIN || br_parse_is_claimed(ctx, next) ||
		    line_blank(&doc->lines[next]) || doc->lines[next].len > MAX_LINE ||
		    !add_continuation(sp, &doc->lines[next], name))
			break;
		last = next;
	}
	if (best == (size_t)-1) {
		if (ambiguous != (size_t)-1)
			br_parse_note(ctx, i,
				      "bonnie++ %s record with blanks for commas: its empty fields "
				      "can be placed in more than one way; no record",
				      L->name);
		else if (!ctx->ds->skip_claims &&
			 (L != &layouts[L_HTML] || (sp->n >= 27 && sp->n <= 45 && has_size(sp))))
			br_parse_note(ctx, i,
				      "not read as a bonnie++ record with blanks for commas: %zu "
				      "tokens fit no placement on the %s layout",
				      sp->n, L->name);
		return i;
	}
	uint64_t mask;
	size_t extra;
	spaced_tokens(sc, i, best, name, sizeof name);
	fit_as(sp, L, io_only, &mask, &extra);
	struct fields *fs = &sc->fs;
	fs->L = L;
	fs->plain = false;
	fs->count = L->len;
	for (size_t k = 0; k < L->len; k++) {
		fs->vmark[k] = -1;
		fs->vsrc[k] = -1;
		fs->fig[k].known = false; /* (emit reads the tokens) */
	}
	place(sp, fs, L, mask, extra, true);
	fs->mega_blocks = false;
	fs->html_version[0] = '\0';
	if (L == &layouts[L_HTML]) {
		html_header(sc, i);
		sc->html_last = best + 1;
		sc->spaced_last = best + 1;
	}
	size_t li = (size_t)(L - layouts);
	if (!sp->why[li])
		sp->why[li] = br_asprintf("bonnie++ record with blanks for commas, %s layout",
					  L->name);
	br_parse_note(ctx, i,
		      "fields separated by blanks, not commas: %zu tokens placed on the %s "
		      "layout's %zu fields",
		      sp->n, L->name, L->len);
	emit(ctx, &sc->labels, fs, i, best, sp->why[li], false);
	return best;
}

/* Is line l one field of a record cut at every comma ("kiosk7,"): a word
 * with no blank, ending in its comma? */
static bool field_line(const struct br_line *l)
{
	return l->len >= 2 && l->len <= 24 && l->text[l->len - 1] == ',' && !memchr(l->text, ' ', l->len) &&
	       !memchr(l->text, '\t', l->len);
}

/*
 * Does a record cut at every comma start at line i: a field a line (a
 * phone's editor, a form that wrapped at each comma), so that no line has
 * MIN_COMMAS commas? Its first MIN_COMMAS lines are fields; try_record
 * joins them. The cheap test first: prose rarely ends a line with a comma
 * and no blank before it.
 */
static bool field_per_line(const struct br_doc *doc, size_t i)
{
	if (!field_line(&doc->lines[i]) || i + MIN_COMMAS > doc->nlines)
		return false;
	for (size_t k = i + 1; k < i + MIN_COMMAS; k++)
		if (!field_line(&doc->lines[k]))
			return false;
	return i == 0 || !field_line(&doc->lines[i - 1]);
}

static size_t parse(struct br_parse_ctx *ctx)
{
	const struct br_doc *doc = ctx->doc;
	size_t before = ctx->nrecords;
	struct scan sc;
	memset(&sc, 0, sizeof sc);
	sc.ctx = ctx;
	sc.labels.line = sc.labels.known = (size_t)-1;
	if (csv_init(&sc.csv, 0) != 0)
		return 0;
	bool wrapped;
	for (size_t i = 0; i < doc->nlines; i++) {
		const struct br_line *l = &doc->lines[i];
		if (br_parse_is_claimed(ctx, i) || l->len > MAX_LINE)
			continue;
		if (has_commas(l->text, l->len, MIN_COMMAS) || semicolon_row(l->text, l->len) ||
		    field_per_line(doc, i))
			i = try_record(&sc, i);
		else if (spaced_start(doc, i, &wrapped) ||
			 /* a bon_csv2html row of a run without the file tests */
			 (br_digit_runs(l->text, l->len, 12) && (spaced_above(&sc, i) || units_row_above(doc, i))))
			i = try_spaced(&sc, i, wrapped);
	}
	csv_free(&sc.csv);
	br_buf_free(&sc.fs.raw);
	br_buf_free(&sc.fs.clean);
	br_buf_free(&sc.text);
	for (size_t k = 0; k < BR_ARRAY_LEN(sc.why); k++) {
		free(sc.why[k]);
		free(sc.sp.why[k]);
	}
	br_buf_free(&sc.sp.tok);
	br_buf_free(&sc.sp.name);
	free(sc.labels.label);
	return ctx->nrecords - before;
}

/* Cheap look: bonnie++ CSV needs commas, or many figures when its commas
 * became blanks. */
static bool detect(const struct br_doc *doc)
{
	return doc->raw_len && (has_commas(doc->raw, doc->raw_len, MIN_COMMAS) ||
				has_chars(doc->raw, doc->raw_len, ';', MIN_COMMAS) ||
				br_digit_runs(doc->raw, doc->raw_len, MIN_SPACED));
}

const struct br_parser br_parser_bonniepp_csv = {
	.name = "bonnie++-csv",
	.summary = "bonnie++ CSV lines, every layout 1.00-2.00a, among prose or damaged by mail",
	.detect = detect,
	.parse = parse,
};
