/*
 * bonnie — Tim Bray's Bonnie and its descendants (formats: docs of the
 * project, ../shared/formats/bonnie.md): the 1990/1996 table and the FreeBSD
 * port, Bonnie-64 (GB, M/sec, integer seeks), the multi-volume Linux variants
 * (Foks "1*2047", Garloff/SuSE "(nosync)" with its per-test progress lines)
 * and the one-row -html output. Corpus: corpus/bonnie-*.txt.
 *
 * Rows are read by tokens, never by columns (fields overflow, archives
 * collapse blanks): the machine label is everything before the first number,
 * then 13 numbers (size, six K/sec,%CPU pairs with seeks last) or 12 when the
 * size column is missing. A row of a hand-edited table that does not read so
 * is read from the right: the last 12 (13, 14) numbers are the figures, and
 * whatever is left of them is the label ("frodo  2   256 ...", a run number
 * in front); text after the last figure (a shell prompt glued to it) is left
 * out with a note. A damaged row costs that row: label lines, prose and a
 * cut row between rows leave the table open. A whole table on one line (an
 * HTML-to-text conversion) is split into its header and rows. Asterisks
 * glued to numbers are split off and mark the figure ("10.0*261.0" is 10.0
 * marked, then 261.0); Markdown "**88826**" marks too. Any of the three
 * header lines, collapsed or wrapped, opens a table; every row under it is
 * one record whose host is the row's label, and a row a hard wrap cut into
 * pieces (lines of numbers below it) is joined back (wrapped_row).
 * Without a header only a row with the exact printf shape of the original
 * Bonnie is accepted. Units are converted here, once: K/sec is KiB/s, M/sec
 * (Bonnie-64) is MiB/s.
 */
#include <ctype.h>
#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "digit_runs.h"
#include "label.h"
#include "parser.h"
#include "regex.h"

enum {
	ROW_MAX = 24,
	GAP_ROWS = 6,  /* blank or prose lines between two rows of one table */
};

/* ---------------------------------------------------------------- tokens */

struct bnum {
	size_t off, len;     /* the digits as printed, without markers */
	double v;
	int decimals;        /* digits after the point (0: integer) */
	unsigned char lead;  /* '*' before the number */
	unsigned char trail; /* '*' after it */
	bool glued;          /* another number follows right after the '*' ("1*2047") */
};

struct brow {
	const char *base;    /* the text the offsets refer to */
	size_t name_off, name_len; /* machine label (may be empty) */
	int n;               /* numbers found (may exceed ROW_MAX: not stored) */
	struct bnum num[ROW_MAX];
	bool junk;           /* a word after the first number */
};

/* Width of the blank at s[i]: space, TAB, '|' (Markdown / web-table residue),
 * CR, VT, FF, or a UTF-8 no-break space; 0 when s[i] is not blank. */
static inline size_t blank_at(const char *s, size_t i, size_t len)
{
	return br_blank_at(s, i, len);
}

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* The length of the '*' marker at s[j] (before b): 1, 2 for one a
 * Markdown converter escaped ("\\*"), 0 for none. */
static size_t star_at(const char *s, size_t j, size_t b)
{
	if (j < b && s[j] == '*')
		return 1;
	return j + 1 < b && s[j] == '\\' && s[j + 1] == '*' ? 2 : 0;
}

/* The end of a figure retyped with commas whose digits s[d0..j) stop at
 * the comma s[j]: a decimal comma when one or two digits end it ("97,3",
 * "110,55": a grouping never has fewer than three), else thousands
 * separators when every group has three digits and the first at most three
 * ("41,234", "1,204,112.5"); *dec the digits after the mark. 0: neither
 * (the comma ends the number as a word). */
static size_t comma_end(const char *s, size_t d0, size_t j, size_t b, int *dec)
{
	size_t d = j + 1;
	while (d < b && is_digit(s[d]))
		d++;
	if (d - j - 1 >= 1 && d - j - 1 <= 2 && (d == b || star_at(s, d, b))) {
		*dec = (int)(d - j - 1);
		return d;
	}
	if (j - d0 > 3)
		return 0;
	while (j < b && s[j] == ',') {
		if (j + 4 > b || !is_digit(s[j + 1]) || !is_digit(s[j + 2]) || !is_digit(s[j + 3]) ||
		    (j + 4 < b && is_digit(s[j + 4])))
			return 0;
		j += 4;
	}
	if (j + 1 < b && s[j] == '.' && is_digit(s[j + 1]))
		for (j++; j < b && is_digit(s[j]); j++)
			(*dec)++;
	return j;
}

/* A figure as printed, commas read as comma_end did: s[0..n) into dst
 * (cap bytes) without its thousands separators, a decimal comma as a
 * point. */
static void plain_number(const char *s, size_t n, char *dst, size_t cap)
{
	size_t m = 0;
	for (size_t k = 0; k < n && m + 1 < cap; k++) {
		if (s[k] != ',')
			dst[m++] = s[k];
		else if (!(k + 3 < n && is_digit(s[k + 3]) && (k + 4 == n || !is_digit(s[k + 4]))))
			dst[m++] = '.';
	}
	dst[m] = '\0';
}

/* The value of the figure s[0..n) (maybe with commas: comma_end). */
static double number_value(const char *s, size_t n)
{
	if (!memchr(s, ',', n))
		return br_parse_decimal(s, n);
	char t[40];
	plain_number(s, n, t, sizeof t);
	return br_parse_decimal(t, strlen(t));
}

/* Parse one whitespace-free token as a run of numbers with '*' markers
 * ("7960", "39.6*", "10.0*261.0", "**88826**", "1*2047", "6960\\*").
 * Returns false when the token is a word ("IBM_SCSI", "3000M", "39.6%"). */
static bool scan_numbers(const char *s, size_t a, size_t b, struct brow *r)
{
	int n0 = r->n;
	size_t j = a;
	while (j < b) {
		unsigned lead = 0, trail = 0;
		for (size_t m; (m = star_at(s, j, b)) != 0; j += m)
			lead++;
		if (j >= b || !is_digit(s[j]))
			goto word;
		size_t d0 = j;
		while (j < b && is_digit(s[j]))
			j++;
		int dec = 0;
		size_t c = j < b && s[j] == ',' ? comma_end(s, d0, j, b, &dec) : 0;
		if (c)
			j = c;
		else if (j + 1 < b && s[j] == '.' && is_digit(s[j + 1])) {
			j++;
			while (j < b && is_digit(s[j]))
				j++, dec++;
		} else if (j < b && s[j] == '.' && (j + 1 == b || star_at(s, j + 1, b))) {
			/* "100." : a %CPU of 100.0 whose last digit an edit cut */
			j++;
			dec = 1;
		}
		size_t d1 = j;
		for (size_t m; (m = star_at(s, j, b)) != 0; j += m)
			trail++;
		if (j < b && (trail == 0 || !is_digit(s[j])))
			goto word;
		if (d1 - d0 > 30)
			goto word;
		if (r->n < ROW_MAX) {
			struct bnum *x = &r->num[r->n];
			x->off = d0;
			x->len = d1 - d0;
			x->v = number_value(s + d0, d1 - d0);
			x->decimals = dec;
			x->lead = (unsigned char)(lead > 9 ? 9 : lead);
			x->trail = (unsigned char)(trail > 9 ? 9 : trail);
			x->glued = j < b;
		}
		r->n++;
	}
	return true;
word:
	r->n = n0;
	return false;
}

/* Split a line into a machine label and numbers. */
static void scan_row(const char *s, size_t len, struct brow *r)
{
	r->base = s;
	r->name_off = r->name_len = 0;
	r->n = 0;
	r->junk = false;
	size_t i = 0;
	bool have_name = false;
	while (i < len) {
		size_t w;
		while (i < len && (w = blank_at(s, i, len)) != 0)
			i += w;
		if (i >= len)
			break;
		size_t a = i;
		while (i < len && blank_at(s, i, len) == 0)
			i++;
		if (scan_numbers(s, a, i, r))
			continue;
		if (r->n > 0) {
			r->junk = true;
			return;
		}
		if (!have_name)
			r->name_off = a;
		have_name = true;
		r->name_len = i - r->name_off;
	}
}

/*
 * The row read from the right, for a hand-edited table: the figures are the
 * last run of numbers on the line (at least 12: six figure/%CPU pairs, maybe
 * the size before them), and whatever is left of them, words and numbers, is
 * the label ("frodo  2    2 ...", "1  sam  512 ..."). Text after the run is
 * a tail (the next shell prompt glued to the row: "3.0[root@sam ~]#"); its
 * offset goes to *tail (len when none). Up to `keep` numbers of the run
 * are kept, the others join the label.
 */
static void scan_row_right(const char *s, size_t len, struct brow *r, int keep, size_t *tail)
{
	r->base = s;
	r->name_off = r->name_len = 0;
	r->n = 0;
	r->junk = false;
	*tail = len;
	size_t i = 0, first = len, run_tok = 0, best_tok = 0, best_tail = len;
	struct brow run = *r, best = *r;
	bool have_best = false;
	while (i < len) {
		size_t w;
		while (i < len && (w = blank_at(s, i, len)) != 0)
			i += w;
		if (i >= len)
			break;
		size_t a = i;
		while (i < len && blank_at(s, i, len) == 0)
			i++;
		if (first == len)
			first = a;
		if (run.n == 0)
			run_tok = a;
		if (scan_numbers(s, a, i, &run))
			continue;
		/* a number with text glued to it ends the run: "3.0[root@sam" */
		size_t d = a;
		while (d < i && (is_digit(s[d]) || s[d] == '.'))
			d++;
		bool glued = run.n >= 11 && d > a && is_digit(s[a]) && s[d - 1] != '.' &&
			     scan_numbers(s, a, d, &run);
		if (run.n >= 12) {
			best = run;
			best_tok = run_tok;
			best_tail = glued ? d : a;
			have_best = true;
		}
		run.n = 0;
		if (glued)
			break;
	}
	if (run.n >= 12) {
		best = run;
		best_tok = run_tok;
		best_tail = len;
		have_best = true;
	}
	if (!have_best || best.n > ROW_MAX) {
		r->n = have_best ? best.n : 0;
		r->junk = true;
		return;
	}
	/* numbers beyond `keep` belong to the label, a few at most (more are
	 * another row's) */
	int drop = best.n > keep ? best.n - keep : 0;
	if (drop > 2) {
		r->n = best.n;
		r->junk = true;
		return;
	}
	size_t label_end = best_tok;
	if (drop) {
		const struct bnum *x = &best.num[drop - 1];
		label_end = x->off + x->len + x->trail;
		memmove(best.num, best.num + drop, (size_t)(best.n - drop) * sizeof best.num[0]);
		best.n -= drop;
	}
	while (label_end > first && blank_at(s, label_end - 1, len))
		label_end--;
	*r = best;
	r->base = s;
	r->junk = false;
	r->name_off = first < label_end ? first : 0;
	r->name_len = first < label_end ? label_end - first : 0;
	*tail = best_tail;
}

/* ---------------------------------------------------------------- headers */

enum {
	H_DASH = 1 << 0,     /* a column-group word: Sequential, Per Char, Block ... */
	H_CPU = 1 << 1,      /* %CPU */
	H_UNITS = 1 << 2,    /* K/sec, M/sec, /sec */
	H_MB = 1 << 3,
	H_GB = 1 << 4,
	H_KSEC = 1 << 5,
	H_MSEC = 1 << 6,
	H_MACHINE = 1 << 7,
	H_PP = 1 << 8,       /* a Bonnie++ word: not our table */
	H_GARLOFF = 1 << 9,
	H_EXTRA = 1 << 10,   /* wrapper columns after the last %CPU */
};

struct vocab {
	const char *w;
	size_t n;
	unsigned flags;
};

#define V(w, f) {w, sizeof(w) - 1, f}

static const struct vocab vocab[] = {
	V("Sequential", H_DASH), V("Output", H_DASH), V("Input", H_DASH), V("Random", H_DASH),
	V("Rnd", H_DASH | H_GARLOFF), V("Seek", H_DASH), V("Seeks", H_DASH), V("Per", H_DASH),
	V("Char", H_DASH), V("Block", H_DASH), V("Rewrite", H_DASH), V("(nosync)", H_DASH | H_GARLOFF),
	V("(sync)", H_DASH | H_GARLOFF), V("Machine", H_MACHINE), V("MB", H_MB), V("GB", H_GB),
	V("K/sec", H_UNITS | H_KSEC), V("M/sec", H_UNITS | H_MSEC), V("%CPU", H_CPU), V("/sec", H_UNITS),
	/* Bonnie++ */
	V("Chr", H_PP), V("%CP", H_PP), V("Version", H_PP), V("Size", H_PP), V("Size:chnk", H_PP),
	V("Name:Size", H_PP), V("etc", H_PP), V("Create", H_PP), V("Read", H_PP), V("Delete", H_PP),
	V("files", H_PP), V("Concurrency", H_PP), V("Latency", H_PP), V("MB:chnk", H_PP),
};
#undef V

/* The vocabulary words that start (end) with each byte, as bits of vocab[]:
 * most words of prose start or end with a byte no vocabulary word has, and
 * the others are compared with the few words that do, not the whole table. */
static uint64_t vocab_by_first[256], vocab_by_last[256], vocab_pp;
static pthread_once_t vocab_once = PTHREAD_ONCE_INIT;

static void vocab_index(void)
{
	_Static_assert(BR_ARRAY_LEN(vocab) <= 64, "vocab[] indexed by 64-bit masks");
	for (size_t i = 0; i < BR_ARRAY_LEN(vocab); i++) {
		uint64_t bit = (uint64_t)1 << i;
		vocab_by_first[(unsigned char)vocab[i].w[0]] |= bit;
		vocab_by_last[(unsigned char)vocab[i].w[vocab[i].n - 1]] |= bit;
		if (vocab[i].flags & H_PP)
			vocab_pp |= bit;
	}
}

static const struct vocab *vocab_find(const char *w, size_t n)
{
	if (n == 0)
		return NULL;
	pthread_once(&vocab_once, vocab_index);
	for (uint64_t m = vocab_by_first[(unsigned char)w[0]]; m; m &= m - 1) {
		const struct vocab *v = &vocab[__builtin_ctzll(m)];
		if (v->n == n && memcmp(v->w, w, n) == 0)
			return v;
	}
	return NULL;
}

/* A piece of a vocabulary word cut by a hard wrap ("--Rn" / "d Seek-"):
 * the start of a word (prefix) or its end. Bonnie++ words do not count. */
static bool vocab_fragment(const char *w, size_t n, bool prefix)
{
	if (n == 0)
		return true; /* (never asked: words are not empty) */
	pthread_once(&vocab_once, vocab_index);
	uint64_t m = prefix ? vocab_by_first[(unsigned char)w[0]]
			    : vocab_by_last[(unsigned char)w[n - 1]];
	for (m &= ~vocab_pp; m; m &= m - 1) {
		const struct vocab *v = &vocab[__builtin_ctzll(m)];
		if (n < v->n && memcmp(prefix ? v->w : v->w + v->n - n, w, n) == 0)
			return true;
	}
	return false;
}

/* "--04k (03)-": the Garloff seek block size and seeker count. */
static bool garloff_word(const char *w, size_t n)
{
	if (n >= 2 && w[n - 1] == 'k') {
		for (size_t i = 0; i + 1 < n; i++)
			if (!is_digit(w[i]))
				return false;
		return true;
	}
	if (n >= 3 && w[0] == '(' && w[n - 1] == ')') {
		for (size_t i = 1; i + 1 < n; i++)
			if (!is_digit(w[i]))
				return false;
		return true;
	}
	return false;
}

/* The length of the dash at s: a hyphen (1), an en or em dash in UTF-8
 * (3), or 0. */
static size_t dash_at(const char *s, size_t n)
{
	if (n && s[0] == '-')
		return 1;
	return n >= 3 && (unsigned char)s[0] == 0xe2 && (unsigned char)s[1] == 0x80 &&
			       ((unsigned char)s[2] == 0x93 || (unsigned char)s[2] == 0x94)
		       ? 3
		       : 0;
}

/*
 * Is this a Bonnie table header line (or a piece of one)? Every word must be
 * a header word (dashes stripped); a word cut by a wrap is allowed at either
 * end of the line. Returns H_* flags, 0 when the line is not a header.
 * `continuation`: a header is being collected, so one header word suffices.
 */
static unsigned classify_header(const char *s, size_t len, bool continuation)
{
	unsigned flags = 0;
	int nvocab = 0, nwords = 0, ngarloff = 0;
	size_t i = 0;
	bool strong = false;
	while (i < len) {
		size_t w;
		while (i < len && (w = blank_at(s, i, len)) != 0)
			i += w;
		if (i >= len)
			break;
		size_t a = i;
		while (i < len && blank_at(s, i, len) == 0)
			i++;
		size_t b = i;
		nwords++;
		/* the dashes around a word, typographic ones too (a blog's
		 * engine turns "--" into an en or em dash: "—-Sequential") */
		for (size_t k; a < b && (k = dash_at(s + a, b - a)) != 0;)
			a += k;
		while (b > a && (s[b - 1] == '-' || (b - a >= 3 && dash_at(s + b - 3, 3) == 3)))
			b -= s[b - 1] == '-' ? 1 : 3;
		if (a == b)
			continue; /* a run of dashes */
		const struct vocab *v = vocab_find(s + a, b - a);
		if (v) {
			flags |= v->flags;
			nvocab++;
			if (v->flags & (H_DASH | H_CPU | H_MACHINE))
				strong = true;
			continue;
		}
		if (garloff_word(s + a, b - a)) {
			flags |= H_GARLOFF;
			ngarloff++; /* alone, only on a line a wrap cut off a header */
			continue;
		}
		if (flags & H_CPU) {
			flags |= H_EXTRA; /* "Iteration  Start Date&Time" of a wrapper script */
			continue;
		}
		bool first = nwords == 1, last = true;
		for (size_t k = i; k < len; k++)
			if (blank_at(s, k, len) == 0) {
				last = false;
				break;
			}
		if ((last && vocab_fragment(s + a, b - a, true)) ||
		    (first && vocab_fragment(s + a, b - a, false)))
			continue;
		return 0;
	}
	if (flags & H_PP)
		return flags;
	if (!strong && !(continuation && nvocab + ngarloff >= 1))
		return 0;
	if (nvocab < 2 && !continuation)
		return 0;
	return flags;
}

/* ---------------------------------------------------------------- progress lines */

static struct br_pattern re_file = BR_PATTERN(
	"bonnie-file", "^\\s*(?:Bonnie\\s+(\\d+(?:\\.\\d+)+[a-z]?)\\s*:\\s*)?File\\s+'[^']*',\\s*size:\\s*(\\d+)"
		       "(?:,\\s*volumes:\\s*(\\d+))?");
static struct br_pattern re_test = BR_PATTERN(
	"bonnie-test", "^\\s*(Writing with putc\\(\\)|Rewriting|Writing intelligently|Reading with getc\\(\\)|"
		       "Reading intelligently)\\.\\.\\.\\s*(?:done(?::\\s*(\\d+)\\s*kB/s\\s+(\\d+(?:\\.\\d+)?)\\s*%CPU)?)?");
static struct br_pattern re_seeker = BR_PATTERN(
	"bonnie-seeker", "^\\s*(?:Seeker\\s+\\d+\\.\\.\\.|start 'em\\.\\.\\.)");

/* A disk's name opening a line ("sdc", "/dev/md0", "hda1:", "ad0s1e"), as
 * hdparm's parser knows them: group 1 the name, the rest of the line after
 * a ':' and blanks ("hdd" is the word for a disk more often than the
 * fourth IDE one's name). */
static struct br_pattern re_device = BR_PATTERN(
	"bonnie-device", "^\\s*(/dev/[\\w/.-]*\\w|(?:sd[a-z]{1,2}|hd[a-ce-z]|xvd[a-z]{1,2}|vd[a-z]|"
			 "nvme\\d+n\\d+|md\\d+|ada?\\d+|da\\d+|wd\\d+|mmcblk\\d+)(?:p?\\d+|s\\d+[a-h]?)?)"
			 "(?![\\w/.-])\\s*:?\\s*");

/* ---------------------------------------------------------------- state */

static const enum br_metric_id order[6] = {BR_M_putc, BR_M_put_block, BR_M_rewrite,
					   BR_M_getc, BR_M_get_block, BR_M_seeks};

struct progress {
	bool open;
	size_t first, last;
	char version[16];
	double file_bytes;   /* 0 = not printed */
	long volumes;
	bool seen[5];        /* a line for the test (with or without figures) */
	int tests, seekers;
	bool have[5];        /* putc, put_block, rewrite, getc, get_block */
	double kbs[5], cpu[5];
	char raw[5][24];
};

struct table {
	bool open;
	size_t start;        /* first header line: the label is taken from here */
	size_t first;        /* first line of the first record (progress lines included) */
	size_t last_hdr;
	unsigned flags;      /* H_* of every header line */
	int nrows;
	int blanks;          /* blank lines since the last table line */
	int prose;           /* lines of prose since the last row */
	bool progress;       /* the progress block above belongs to this table */
};

struct bstate {
	struct br_parse_ctx *ctx;
	struct table t;
	struct progress p;
	struct br_buf buf;   /* scratch: joined lines, de-tagged HTML rows */
	size_t emitted;
};

struct bres {
	int k;               /* index of the first value in num[] */
	int size_idx;        /* index of the size, -1: no size column */
	long vol;            /* volumes of an "N*MB" size, 0: plain size */
	char units;          /* 'K' (K/sec) or 'M' (Bonnie-64 M/sec) */
	int name_num;        /* index of a number that is the machine label, -1: none */
	bool right;          /* read from the right (read_right) */
};

/* ---------------------------------------------------------------- rows */

static bool is_int(const struct bnum *x)
{
	return x->decimals == 0;
}

/*
 * Map the numbers of a row onto the columns. `flags` are the table's header
 * flags (0 without a header); `strict` demands the exact printf shape of the
 * original Bonnie (used when there is no header at all).
 */
static bool interp_from(const struct brow *r, int base, int total, unsigned flags, bool strict,
			struct bres *out)
{
	out->vol = 0;
	out->right = false;
	out->size_idx = -1;
	out->name_num = base ? 0 : -1;
	const struct bnum *x = r->num + base;
	int n = total - base;
	if (n == 14 && is_int(&x[0]) && x[0].trail == 1 && x[0].lead == 0 && is_int(&x[1]) &&
	    !x[1].lead && !x[1].trail) {
		out->vol = (long)x[0].v;
		out->size_idx = base + 1;
		out->k = base + 2;
	} else if (n == 13) {
		if (!is_int(&x[0]) || x[0].lead || x[0].trail)
			return false;
		/* a header whose Machine line has no MB column: the 13th number
		 * is part of the label, not a size (read_right puts it there) */
		if ((flags & H_MACHINE) && !(flags & (H_MB | H_GB)))
			return false;
		out->size_idx = base;
		out->k = base + 1;
	} else if (n == 12) {
		/* "1*1024" or "1* 100" first is a volumes*MB size (a marked
		 * figure has a one-decimal %CPU after it): the row's tail is
		 * missing */
		if (is_int(&x[0]) && x[0].trail == 1 && !x[0].lead && is_int(&x[1]) && !x[1].lead &&
		    !x[1].trail)
			return false;
		out->k = base;
	} else {
		return false;
	}
	const struct bnum *v = r->num + out->k;
	bool rates_int = true, rates_dec = true, cpus_dec = true;
	for (int g = 0; g < 5; g++) {
		rates_int = rates_int && is_int(&v[2 * g]);
		rates_dec = rates_dec && v[2 * g].decimals == 1;
	}
	for (int g = 0; g < 6; g++)
		cpus_dec = cpus_dec && v[2 * g + 1].decimals == 1;
	if (flags & H_MSEC)
		out->units = 'M';
	else if (flags & H_KSEC)
		out->units = 'K';
	else if (rates_int)
		out->units = 'K';
	else if (rates_dec && is_int(&v[10]))
		out->units = 'M';
	else
		return false;
	if (out->units == 'K' && !rates_int)
		return false;
	if (out->units == 'M' && (flags & H_MSEC) == 0 && !cpus_dec)
		return false;
	/* Bonnie always prints %CPU with one decimal; integer CPU figures are a
	 * Bonnie++ row (or something else) unless a Bonnie header says so. */
	if (!(flags & H_CPU) && !cpus_dec)
		return false;
	if (strict) {
		if (out->units != 'K' || v[10].decimals != 1)
			return false;
		for (int g = 0; g < 6; g++)
			if (v[2 * g + 1].v > 999.9)
				return false;
	}
	if (out->size_idx >= 0 && (flags & H_GB) && out->units != 'M')
		return false;
	return true;
}

/* Do the numbers of a damaged row begin like a row of a table with these
 * header flags: maybe the size, then figure and %CPU by turns (K/sec an
 * integer, M/sec and %CPU one decimal)? */
static bool row_start(const struct brow *r, unsigned flags)
{
	int n = r->n < ROW_MAX ? r->n : ROW_MAX;
	for (int o = 0; o < 2; o++) {
		if (o && (n < 1 || !is_int(&r->num[0])))
			break;
		bool ok = n - o >= 2;
		for (int j = o; j < n && ok && j - o < 10; j++) {
			const struct bnum *x = &r->num[j];
			bool cpu = (j - o) % 2 == 1;
			ok = (cpu || (flags & H_MSEC)) ? x->decimals == 1 : is_int(x);
		}
		if (ok)
			return true;
	}
	return false;
}

static bool interp_row(const struct brow *r, unsigned flags, bool strict, struct bres *out)
{
	if (r->junk || r->n > ROW_MAX) {
		/* a wrapper script's columns after Bonnie's ("Iteration  Start
		 * Date&Time"): Bonnie's figures are the first ones */
		if (!(flags & H_EXTRA) || strict)
			return false;
		int n = r->n < ROW_MAX ? r->n : ROW_MAX;
		for (int total = n < 14 ? n : 14; total >= 12; total--)
			if (interp_from(r, 0, total, flags, strict, out))
				return true;
		return false;
	}
	if (interp_from(r, 0, r->n, flags, strict, out))
		return true;
	/* under a header, a machine label that is a number ("-m 386") */
	const struct bnum *x = r->num;
	return !strict && r->name_len == 0 && r->n >= 13 && is_int(&x[0]) && !x[0].lead &&
	       !x[0].trail && interp_from(r, 1, r->n, flags, strict, out);
}

/* A row of an open table read from the right (scan_row_right): the size
 * column and the vol*MB form are tried before the label takes their
 * numbers. *tail is where ignored text after the row starts (len: none). */
static bool read_right(const char *s, size_t len, unsigned flags, struct brow *r, struct bres *res,
		       size_t *tail)
{
	for (int keep = 14; keep >= 12; keep--) {
		scan_row_right(s, len, r, keep, tail);
		if (r->junk)
			return false;
		if (r->n == keep && interp_from(r, 0, r->n, flags, false, res)) {
			res->right = true;
			return true;
		}
	}
	return false;
}

static void copy_digits(const struct brow *r, const struct bnum *x, char *dst, size_t cap)
{
	size_t n = x->len < cap - 1 ? x->len : cap - 1;
	if (memchr(r->base + x->off, ',', n)) {
		plain_number(r->base + x->off, n, dst, cap);
		return;
	}
	memcpy(dst, r->base + x->off, n);
	dst[n] = '\0';
}

static void claim_once(struct bstate *st, size_t a, size_t b, const char *why)
{
	if (a <= b)
		br_parse_claim(st->ctx, a, b, why);
}

/* A trimmed copy of a label line (caller frees), or NULL. */
static char *line_text(const struct br_line *l)
{
	size_t a = 0, b = l->len;
	while (a < b && blank_at(l->text, a, b))
		a++;
	while (b > a && (l->text[b - 1] == ' ' || l->text[b - 1] == '\t' || l->text[b - 1] == ':'))
		b--;
	return b > a ? br_utf8_dup(l->text + a, b - a) : NULL;
}

/*
 * The largest %CPU of a row: Bonnie's CPU time over the test's time, 100 a
 * process; only the seek test runs several (3 children: 187.9 in the
 * posts), and " %4.1f" gives it three digits before its decimal. A fourth
 * ("2611 9021") is no CPU figure Bonnie printed.
 */
#define CPU_MAX 999.9

/* Set figure id of rec from val and its CPU; false when the CPU is more
 * than Bonnie prints (CPU_MAX): the figure is kept without it. */
static bool set_figure(struct br_record *rec, enum br_metric_id id, const struct brow *r,
		       const struct bnum *val, const struct bnum *cpu, char units)
{
	char raw[40];
	copy_digits(r, val, raw, sizeof raw);
	double scale = 1, step = pow(10, -val->decimals);
	if (id != BR_M_seeks && units == 'M')
		scale = 1024;
	struct br_value *bv = br_record_set(rec, id, val->v * scale, raw);
	br_value_set_resolution(bv, step * scale);
	if (cpu->v > CPU_MAX) {
		bv->marked = val->lead || val->trail;
		return false;
	}
	bv->marked = val->lead || val->trail || cpu->lead || cpu->trail;
	br_record_set_cpu(rec, id, cpu->v);
	return true;
}

/*
 * A line written above a row with no machine label that names a disk
 * ("sdc", "/dev/md0 (raid0)", "hda:"): the disk is what the row measured,
 * the record's host as the Machine column or hdparm's device header would
 * make it; the rest of the line, if any, titles the row. Returns the host
 * (caller frees) and sets *rest (into own) and *rest_len; NULL when own
 * does not start with a disk's name.
 */
static char *device_host(const char *own, const char **rest, size_t *rest_len)
{
	size_t ov[4], n = strlen(own);
	if (n > 80 || br_re_match(&re_device, own, n, 0, ov, 2) <= 0)
		return NULL;
	*rest = own + ov[1];
	*rest_len = n - ov[1];
	return br_strndup(own + ov[2], ov[3] - ov[2]);
}

/* Emit one record for a row. Lines first..last are its source; own is a
 * label line written above the row (or NULL). */
static void emit_row(struct bstate *st, const struct brow *r, const struct bres *res,
		     size_t label_idx, size_t first, size_t last, const char *own)
{
	struct br_parse_ctx *ctx = st->ctx;
	struct br_record *rec = br_parse_record_new(ctx, BR_TOOL_BONNIE, first, last);
	if (st->t.progress && st->p.version[0])
		br_record_set_version(rec, st->p.version);
	char *dev = NULL, *dev_note = NULL;
	const char *rest;
	size_t rest_len;
	if (own && !r->name_len && res->name_num < 0 && (dev = device_host(own, &rest, &rest_len)) != NULL) {
		br_record_set_host(rec, dev);
		dev_note = rest_len ? br_label_note(rest, rest_len) : NULL;
		own = dev_note;
	} else if (r->name_len) {
		/* a label of several words keeps one blank between them */
		struct br_buf b = BR_BUF_INIT;
		const char *s = r->base + r->name_off;
		for (size_t k = 0, w; k < r->name_len; k += w ? w : 1) {
			w = blank_at(s, k, r->name_len);
			if (!w)
				br_buf_addc(&b, s[k]);
			else if (b.len && b.data[b.len - 1] != ' ')
				br_buf_addc(&b, ' ');
		}
		/* "hda:" — the colon a poster put after the name is not part of it */
		if (b.len > 1 && b.data[b.len - 1] == ':')
			b.len--;
		char *host = br_utf8_dup(b.data, b.len);
		br_buf_free(&b);
		br_record_set_host(rec, host);
		free(host);
	} else if (res->name_num >= 0) {
		char host[40];
		copy_digits(r, &r->num[res->name_num], host, sizeof host);
		br_record_set_host(rec, host);
	}
	char *label = br_parse_label(ctx, label_idx, own);
	br_record_set_label(rec, label);
	free(label);
	free(dev);
	free(dev_note);

	const struct bnum *x = r->num;
	double file_bytes = st->t.progress && st->p.volumes <= 1 ? st->p.file_bytes : 0;
	if (res->size_idx >= 0) {
		char mb[40], size[64];
		copy_digits(r, &x[res->size_idx], mb, sizeof mb);
		bool gb = (st->t.flags & H_GB) != 0;
		if (res->vol)
			snprintf(size, sizeof size, "%ld*%s", res->vol, mb);
		else
			snprintf(size, sizeof size, "%s%s", mb, gb ? "GB" : "");
		br_record_param_str(rec, "size", size);
		if (gb) {
			/* Bonnie-64 prints size / (1000 MiB): no byte count from it. */
			if (file_bytes > 0)
				br_record_param_num(rec, "size_bytes", file_bytes);
		} else {
			double vols = res->vol ? (double)res->vol : 1;
			br_record_param_num(rec, "size_bytes", vols * x[res->size_idx].v * 1048576.0);
		}
	} else if (file_bytes > 0) {
		br_record_param_num(rec, "size_bytes", file_bytes);
	}

	const struct bnum *v = x + res->k;
	int dropped = -1;
	for (int g = 0; g < 6; g++)
		if (!set_figure(rec, order[g], r, &v[2 * g], &v[2 * g + 1], res->units) && dropped < 0)
			dropped = g;
	if (dropped >= 0)
		br_parse_warn(ctx, last,
			      "Bonnie %%CPU figure %g beside %g is no CPU use Bonnie printed "
			      "(three digits at most); the figure is kept without it",
			      v[2 * dropped + 1].v, v[2 * dropped].v);
	br_parse_emit(ctx, rec);
	st->emitted++;
}

/* ---------------------------------------------------------------- progress block */

static void progress_reset(struct progress *p)
{
	memset(p, 0, sizeof *p);
}

static int test_slot(const char *name)
{
	if (strncmp(name, "Writing with", 12) == 0)
		return 0;
	if (strncmp(name, "Writing intell", 14) == 0)
		return 1;
	if (strncmp(name, "Rewriting", 9) == 0)
		return 2;
	if (strncmp(name, "Reading with", 12) == 0)
		return 3;
	return 4;
}

static const enum br_metric_id slot_metric[5] = {BR_M_putc, BR_M_put_block, BR_M_rewrite,
						 BR_M_getc, BR_M_get_block};

enum { PL_NONE, PL_FILE, PL_TEST, PL_SEEKER };

struct pmatch {
	int kind;
	size_t ov[8];
};

/* Is line i a progress line (stderr of Bonnie)? No side effects. */
static bool progress_match(struct bstate *st, size_t i, struct pmatch *m)
{
	const struct br_line *l = &st->ctx->doc->lines[i];
	size_t a = 0;
	while (a < l->len && (l->text[a] == ' ' || l->text[a] == '\t'))
		a++;
	char c = a < l->len ? l->text[a] : 0;
	m->kind = PL_NONE;
	if (c != 'B' && c != 'F' && c != 'W' && c != 'R' && c != 'S' && c != 's')
		return false;
	/* each pattern starts with one of these letters; the file line has
	 * "File", the others "..." */
	const char *t = l->text + a;
	size_t n = l->len - a;
	if ((c == 'B' || c == 'F') && br_has(t, n, "File", 4) &&
	    br_re_match(&re_file, l->text, l->len, 0, m->ov, 4) > 0)
		m->kind = PL_FILE;
	else if ((c == 'W' || c == 'R') && br_has(t, n, "...", 3) &&
		 br_re_match(&re_test, l->text, l->len, 0, m->ov, 4) > 0)
		m->kind = PL_TEST;
	else if ((c == 'S' || c == 's') && br_has(t, n, "...", 3) &&
		 br_re_match(&re_seeker, l->text, l->len, 0, m->ov, 1) > 0)
		m->kind = PL_SEEKER;
	return m->kind != PL_NONE;
}

static void progress_flush(struct bstate *st);

/* Add progress line i to the open block, or start a new block when the line
 * cannot belong to it (a second File line, a test seen twice, a gap). */
static void progress_take(struct bstate *st, size_t i, const struct pmatch *m)
{
	const struct br_line *l = &st->ctx->doc->lines[i];
	struct progress *p = &st->p;
	const size_t *ov = m->ov;
	int s = m->kind == PL_TEST ? test_slot(l->text + ov[2]) : -1;
	bool fresh = !p->open || i > p->last + 2 ||
		     (m->kind == PL_FILE && (p->file_bytes > 0 || p->tests || p->seekers)) ||
		     (m->kind == PL_TEST && (p->seen[s] || p->seekers));
	if (fresh) {
		progress_flush(st);
		p->open = true;
		p->first = i;
	}
	p->last = i;
	if (m->kind == PL_FILE) {
		if (ov[2] != (size_t)-1 && ov[3] - ov[2] < sizeof p->version) {
			memcpy(p->version, l->text + ov[2], ov[3] - ov[2]);
			p->version[ov[3] - ov[2]] = '\0';
		}
		p->file_bytes = strtod(l->text + ov[4], NULL);
		p->volumes = ov[6] != (size_t)-1 ? strtol(l->text + ov[6], NULL, 10) : 0;
	} else if (m->kind == PL_TEST) {
		p->seen[s] = true;
		p->tests++;
		if (ov[4] != (size_t)-1) {
			size_t n = ov[5] - ov[4];
			p->have[s] = true;
			p->kbs[s] = strtod(l->text + ov[4], NULL);
			p->cpu[s] = strtod(l->text + ov[6], NULL);
			if (n >= sizeof p->raw[s])
				n = sizeof p->raw[s] - 1;
			memcpy(p->raw[s], l->text + ov[4], n);
			p->raw[s][n] = '\0';
		}
	} else {
		p->seekers++;
	}
}

/* The rest of a seeker line that a hard wrap moved onto the next line
 * ("'em...done...done..."): only its words ("Seeker", digits, "start",
 * "'em", "done") between blanks and dots. */
static bool seeker_piece(const struct br_line *l)
{
	static const char *const words[] = {"Seeker", "start", "'em", "done"};
	bool any = false;
	for (size_t i = 0; i < l->len;) {
		if (l->text[i] == ' ' || l->text[i] == '\t' || l->text[i] == '.') {
			i++;
			continue;
		}
		size_t a = i;
		while (i < l->len && l->text[i] != ' ' && l->text[i] != '\t' && l->text[i] != '.')
			i++;
		bool ok = true;
		for (size_t k = a; k < i && ok; k++)
			ok = is_digit(l->text[k]);
		for (size_t w = 0; w < BR_ARRAY_LEN(words) && !ok; w++)
			ok = strlen(words[w]) == i - a && memcmp(words[w], l->text + a, i - a) == 0;
		if (!ok)
			return false;
		any = true;
	}
	return any;
}

/* A progress block no table used: the Garloff per-test lines alone are a
 * result (all but seeks). */
static void progress_flush(struct bstate *st)
{
	struct progress *p = &st->p;
	if (!p->open)
		return;
	int n = 0;
	for (int s = 0; s < 5; s++)
		n += p->have[s];
	if (n > 0) {
		struct br_parse_ctx *ctx = st->ctx;
		struct br_record *rec = br_parse_record_new(ctx, BR_TOOL_BONNIE, p->first, p->last);
		if (p->version[0])
			br_record_set_version(rec, p->version);
		char *label = br_parse_label(ctx, p->first, NULL);
		br_record_set_label(rec, label);
		free(label);
		if (p->file_bytes > 0 && p->volumes <= 1)
			br_record_param_num(rec, "size_bytes", p->file_bytes);
		for (int s = 0; s < 5; s++) {
			if (!p->have[s])
				continue;
			struct br_value *bv = br_record_set(rec, slot_metric[s], p->kbs[s], p->raw[s]);
			br_value_set_resolution(bv, 1);
			br_record_set_cpu(rec, slot_metric[s], p->cpu[s]);
		}
		br_parse_claim(ctx, p->first, p->last, "Bonnie per-test progress lines (no table)");
		br_parse_emit(ctx, rec);
		st->emitted++;
	}
	progress_reset(p);
}

/* ---------------------------------------------------------------- tables */

static void table_close(struct bstate *st)
{
	struct table *t = &st->t;
	if (t->open && t->nrows == 0 && !(t->flags & H_PP) && (t->flags & H_CPU) &&
	    (t->flags & H_DASH))
		br_parse_warn(st->ctx, t->start, "Bonnie table header without a result row");
	if (t->open && t->progress) {
		if (t->nrows == 0)
			progress_flush(st);
		else
			progress_reset(&st->p);
	}
	memset(t, 0, sizeof *t);
}

static void table_open(struct bstate *st, size_t i, unsigned flags)
{
	struct table *t = &st->t;
	memset(t, 0, sizeof *t);
	t->open = true;
	t->start = t->first = t->last_hdr = i;
	t->flags = flags;
	struct progress *p = &st->p;
	if (p->open && p->last < i && i - p->last <= 3) {
		t->progress = true;
		t->first = p->first;
	} else {
		progress_flush(st);
	}
}

/* The next word of s[0..len) at or after *i: its start in *a, its end in
 * *i; false when only blanks are left. */
static bool next_word(const char *s, size_t len, size_t *i, size_t *a)
{
	size_t w;
	while (*i < len && (w = blank_at(s, *i, len)) != 0)
		*i += w;
	if (*i >= len)
		return false;
	*a = *i;
	while (*i < len && blank_at(s, *i, len) == 0)
		(*i)++;
	return true;
}

/* Does the line's first word that is no number start with a digit (text
 * glued to a figure: "3.0[root@sam")? */
static bool glued_text(const char *s, size_t len)
{
	struct brow run;
	run.n = 0;
	for (size_t i = 0, a; next_word(s, len, &i, &a);) {
		if (!scan_numbers(s, a, i, &run))
			return is_digit(s[a]);
		if (run.n >= ROW_MAX)
			return false;
	}
	return false;
}

/* Does the line hold figures, then, after a blank, a note with its mark
 * ("120.1  2.0   <- ext2", "2.1  (reiserfs)")? A row's last piece a
 * wrap moved below it, the note the poster wrote after the row with it. */
static bool noted_piece(const char *s, size_t len)
{
	struct brow run;
	run.n = 0;
	for (size_t i = 0, a; next_word(s, len, &i, &a);) {
		if (!scan_numbers(s, a, i, &run))
			return run.n > 0 && a > 0 && blank_at(s, a - 1, len) &&
			       (s[a] == '<' || s[a] == '(' || s[a] == '#' || s[a] == '[' || s[a] == '*');
		if (run.n >= ROW_MAX)
			return false;
	}
	return false;
}

/* How many numbers end the line (its last run of them, words aside). */
static int trailing_numbers(const char *s, size_t len)
{
	struct brow run;
	run.n = 0;
	for (size_t i = 0, a; next_word(s, len, &i, &a);) {
		if (run.n >= ROW_MAX)
			return run.n;
		if (!scan_numbers(s, a, i, &run))
			run.n = 0;
	}
	return run.n;
}

/*
 * A hard wrap moved the last field(s) of row line i (n0 numbers) to the
 * next line, or lines (a mail wrapped twice): pieces of numbers without
 * words, none a row of its own, no more numbers in all than a row holds.
 * The fewest pieces that make a row (with `sized`, one with its size
 * column) are joined, each with a blank, or without one when the wrap cut
 * a number in two. Returns the lines used (0: none), r read from st->buf.
 */
static size_t wrapped_row(struct bstate *st, size_t i, int n0, unsigned flags, bool sized,
			  struct brow *r, struct bres *res, size_t *tail)
{
	const struct br_doc *doc = st->ctx->doc;
	const struct br_line *l = &doc->lines[i];
	size_t t;
	int total = n0;
	for (size_t j = 1; j <= 4 && i + j < doc->nlines; j++) {
		const struct br_line *m = &doc->lines[i + j];
		struct brow next;
		if (br_parse_is_claimed(st->ctx, i + j))
			break;
		scan_row(m->text, m->len, &next);
		/* the last piece may end in text glued to its last figure
		 * (the next shell prompt: "3.0[root@sam ~]#"), or in the
		 * poster's note after the row ("<- ext2"), as a row may */
		bool last = next.junk && next.n > 0 && (glued_text(m->text, m->len) || noted_piece(m->text, m->len));
		if ((next.junk && !last) || next.name_len != 0 || next.n == 0 ||
		    (total += next.n) > 14)
			break;
		struct bres alone;
		if (next.n >= 12 && interp_row(&next, flags, false, &alone))
			break; /* a row of its own (without a label) */
		for (int glue = 0; glue < 2; glue++) {
			br_buf_reset(&st->buf);
			br_buf_add(&st->buf, l->text, l->len);
			for (size_t p = 1; p <= j; p++) {
				const struct br_line *q = &doc->lines[i + p];
				size_t k = 0;
				if (glue)
					while (k < q->len && blank_at(q->text, k, q->len))
						k++;
				else
					br_buf_addc(&st->buf, ' ');
				br_buf_add(&st->buf, q->text + k, q->len - k);
			}
			scan_row(st->buf.data, st->buf.len, r);
			if (interp_row(r, flags, false, res) && (!sized || res->size_idx >= 0))
				return 1 + j;
			if (read_right(st->buf.data, st->buf.len, flags, r, res, &t) &&
			    (!sized || res->size_idx >= 0)) {
				*tail = t < st->buf.len ? t : SIZE_MAX;
				return 1 + j;
			}
		}
		if (last)
			break;
	}
	return 0;
}

/* Visual column of byte `off` of s (TAB stops of 8). */
static unsigned col_at(const char *s, size_t off)
{
	unsigned col = 0;
	for (size_t k = 0; k < off; k++)
		if (s[k] == '\t')
			col = (col / 8 + 1) * 8;
		else if (((unsigned char)s[k] & 0xc0) != 0x80)
			col++;
	return col;
}

/*
 * Row line i holds the six rates alone (r0: maybe its size before them),
 * their %CPU figures on the line under it, each right of its rate and left
 * of the next one (a table re-typed so, or narrowed; maybe "%CPU" first):
 *
 *   oldbox    100  2611       3924       3201       4763       6736      143.7
 *      %CPU        90.7       86.2       13.3       61.4       24.4        4.0
 *
 * The row with each %CPU after its rate is read (r, res from st->buf);
 * returns 2, or 0 when line i + 1 is no such line.
 */
static size_t cpu_below(struct bstate *st, size_t i, const struct brow *r0, unsigned flags, struct brow *r,
			struct bres *res)
{
	const struct br_doc *doc = st->ctx->doc;
	const struct br_line *l = &doc->lines[i], *m = &doc->lines[i + 1];
	if (r0->junk || r0->n < 6 || r0->n > 7 || i + 1 >= doc->nlines || br_parse_is_claimed(st->ctx, i + 1) ||
	    !br_digit_runs(m->text, m->len, 6))
		return 0;
	struct brow c;
	scan_row(m->text, m->len, &c);
	if (c.junk || c.n != 6 || (c.name_len && !br_parse_cpu_name(m->text + c.name_off, c.name_len)))
		return 0;
	int base = r0->n - 6;
	for (int k = 0; k < 6; k++) {
		const struct bnum *rate = &r0->num[base + k], *cpu = &c.num[k];
		unsigned end = col_at(m->text, cpu->off + cpu->len - 1);
		if (cpu->v > CPU_MAX || end < col_at(l->text, rate->off) ||
		    (k < 5 && end >= col_at(l->text, r0->num[base + k + 1].off)))
			return 0;
	}
	br_buf_reset(&st->buf);
	br_buf_add(&st->buf, l->text, r0->num[base].off);
	for (int k = 0; k < 6; k++) {
		const struct bnum *rate = &r0->num[base + k], *cpu = &c.num[k];
		br_buf_addc(&st->buf, ' ');
		br_buf_add(&st->buf, l->text + rate->off, rate->len);
		br_buf_addc(&st->buf, ' ');
		br_buf_add(&st->buf, m->text + cpu->off, cpu->len);
	}
	scan_row(st->buf.data, st->buf.len, r);
	return interp_row(r, flags, false, res) ? 2 : 0;
}

/* Read line i (and maybe a few after it when a hard wrap cut the row) as a
 * row of the open table: by tokens from the left, else from the right (a
 * hand-edited row, see scan_row_right). Returns the lines used (0: not a row); *tail is
 * the offset in r->base of text after the row that was left out (SIZE_MAX:
 * none). */
static size_t table_row(struct bstate *st, size_t i, struct brow *r, struct bres *res,
			bool *damaged, size_t *tail)
{
	const struct br_doc *doc = st->ctx->doc;
	const struct br_line *l = &doc->lines[i];
	unsigned flags = st->t.flags;
	/* after a gap below the table's rows, only a row with Bonnie's
	 * one-decimal %CPU figures is still one of them (integer ones are
	 * Bonnie++'s) */
	if (st->t.nrows && (st->t.blanks || st->t.prose))
		flags &= ~(unsigned)H_CPU;
	*damaged = false;
	*tail = SIZE_MAX;
	scan_row(l->text, l->len, r);
	if (interp_row(r, flags, false, res)) {
		/* a row without a size under a header with an MB column whose
		 * numbers go on below: a wrap took its tail ("frodo  4   256
		 * 3618 ...", the run number read as a figure) */
		if (r->n == 12 && res->size_idx < 0 && (flags & (H_MB | H_GB))) {
			struct brow jr;
			struct bres jres;
			size_t jt = SIZE_MAX;
			size_t used = wrapped_row(st, i, r->n, flags, true, &jr, &jres, &jt);
			if (used) {
				*r = jr;
				*res = jres;
				*tail = jt;
				return used;
			}
		}
		return 1;
	}
	size_t t;
	if (read_right(l->text, l->len, flags, r, res, &t)) {
		*tail = t < l->len ? t : SIZE_MAX;
		return 1;
	}
	scan_row(l->text, l->len, r);
	struct brow r0 = *r;
	size_t below = cpu_below(st, i, &r0, flags, r, res);
	if (below)
		return below;
	*r = r0;
	if (r->junk) {
		/* words among the numbers ("1  sam  512 ..."): a hand-edited
		 * row, read from the right, whose tail a wrap may have taken */
		int run = trailing_numbers(l->text, l->len);
		size_t used = run >= 8 && run < 14 ? wrapped_row(st, i, run, flags, false, r, res, tail)
						   : 0;
		if (used)
			return used;
		scan_row(l->text, l->len, r);
		*damaged = r->n >= 8;
		return 0;
	}
	if (r->n < 4)
		return 0;
	if (r->n >= 14) {
		*damaged = true;
		return 0;
	}
	size_t used = wrapped_row(st, i, r->n, flags, false, r, res, tail);
	if (used)
		return used;
	scan_row(l->text, l->len, r);
	*damaged = true;
	return 0;
}

/* An HTML row "<TR><TD>mach</TD><TD>100</TD>..." as printed by Bonnie -html:
 * the tags become blanks; an empty first cell is an empty machine label. */
static bool html_row(struct bstate *st, size_t i, struct brow *r, struct bres *res)
{
	const struct br_line *l = &st->ctx->doc->lines[i];
	size_t a = 0;
	while (a < l->len && (l->text[a] == ' ' || l->text[a] == '\t'))
		a++;
	if (l->len - a < 8 || l->text[a] != '<' || strncasecmp(l->text + a, "<tr", 3) != 0)
		return false;
	br_buf_reset(&st->buf);
	bool in_tag = false;
	for (size_t k = a; k < l->len; k++) {
		char c = l->text[k];
		if (c == '<')
			in_tag = true;
		if (in_tag)
			br_buf_addc(&st->buf, '\t');
		else
			br_buf_addc(&st->buf, c);
		if (c == '>')
			in_tag = false;
	}
	scan_row(st->buf.data, st->buf.len, r);
	return interp_row(r, st->t.open ? st->t.flags : 0, !st->t.open, res);
}

static bool is_blank_line(const struct br_line *l)
{
	for (size_t k = 0; k < l->len; k++)
		if (!blank_at(l->text, k, l->len) && l->text[k] != '|')
			return false;
	return true;
}

/* Text after a row's last figure (the next shell prompt glued to it, the
 * poster's note "<- with noatime") is left out, and said so. Returns the
 * title the note gives the row (caller frees), or NULL. */
static char *note_tail(struct bstate *st, size_t i, const struct brow *r, size_t tail)
{
	const char *s = r->base + tail;
	size_t n = strlen(s);
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t'))
		n--;
	br_parse_note(st->ctx, i, "text after the Bonnie row's last figure left out: '%.*s'",
		      (int)(n > 60 ? 60 : n), s);
	return br_label_note(s, n);
}

/* Use row r of line i (and used - 1 lines after it): its record, titled by
 * the label line own_idx above it when have_own, else by `note` (a note
 * after its figures, or NULL). */
static void use_row(struct bstate *st, const struct brow *r, const struct bres *res, size_t i,
		    size_t used, size_t own_idx, bool have_own, const char *note)
{
	struct table *t = &st->t;
	char *own = have_own ? line_text(&st->ctx->doc->lines[own_idx]) : note ? br_strndup(note, strlen(note)) : NULL;
	size_t last = i + used - 1;
	size_t first = t->nrows == 0 ? t->first : (have_own ? own_idx : i);
	if (t->nrows == 0) {
		if (t->progress)
			claim_once(st, st->p.first, st->p.last, "Bonnie progress lines");
		claim_once(st, t->start, t->last_hdr, "Bonnie table header");
	}
	if (have_own)
		claim_once(st, own_idx, own_idx, "label line above a Bonnie row");
	char why[96] = "";
	size_t hn = r->name_len < 40 ? r->name_len : 40;
	if (!st->ctx->ds->skip_claims) /* only --explain shows it */
		snprintf(why, sizeof why, "Bonnie result row%s%s%s%.*s", used > 1 ? " (wrapped)" : "",
			 res->right ? " (read from the right)" : "", hn ? " for " : "", (int)hn,
			 r->base + r->name_off);
	claim_once(st, i, last, why);
	/* a row added below a quoted table (a reply's own run under the
	 * quoted header) is titled where it stands, not at the quoted header */
	const struct br_line *lines = st->ctx->doc->lines;
	size_t label_idx = lines[i].depth < lines[t->start].depth ? first : t->first;
	emit_row(st, r, res, label_idx, first, last, own);
	free(own);
	t->nrows++;
	t->blanks = t->prose = 0;
}

/* Step of collapsed_table: where the header of line s runs, from the first
 * header word to the last %CPU; false when it has none. */
static bool header_span(const char *s, size_t len, size_t *startp, size_t *endp)
{
	size_t start = len, end = 0, i0 = 0;
	while (i0 < len) {
		size_t w;
		while (i0 < len && (w = blank_at(s, i0, len)) != 0)
			i0 += w;
		if (i0 >= len)
			break;
		size_t a = i0;
		while (i0 < len && blank_at(s, i0, len) == 0)
			i0++;
		size_t x = a, y = i0;
		while (x < y && s[x] == '-')
			x++;
		while (y > x && s[y - 1] == '-')
			y--;
		const struct vocab *v = x < y ? vocab_find(s + x, y - x) : NULL;
		if (start == len && (x == y || (v && (v->flags & (H_DASH | H_MACHINE)))))
			start = a;
		if (start != len && v && (v->flags & H_CPU))
			end = i0;
	}
	*startp = start;
	*endp = end;
	return start != len && end > start;
}

/* Step of collapsed_table: the rows after the header on line i (s, n bytes)
 * read into a table with header flags; a new row begins where a word
 * follows a number. Returns the rows read. */
static size_t collapsed_rows(struct bstate *st, size_t i, unsigned flags, const char *s, size_t n)
{
	struct br_buf rows = BR_BUF_INIT;
	br_buf_add(&rows, s, n);
	struct brow r;
	struct bres res;
	size_t nrows = 0, seg = 0, piece = 0, k = 0;
	bool numbers = false;
	for (;;) {
		size_t w;
		while (k < rows.len && (w = blank_at(rows.data, k, rows.len)) != 0)
			k += w;
		size_t a = k;
		while (k < rows.len && blank_at(rows.data, k, rows.len) == 0)
			k++;
		struct brow probe = {0};
		bool num = a < k && scan_numbers(rows.data, a, k, &probe);
		if (a >= rows.len || (!num && numbers)) {
			/* rows.data[seg..a) is one row */
			size_t tail;
			scan_row(rows.data + seg, a - seg, &r);
			bool ok = interp_row(&r, flags, false, &res) ||
				  read_right(rows.data + seg, a - seg, flags, &r, &res, &tail);
			if (ok) {
				if (!nrows) {
					if (st->t.open)
						table_close(st);
					table_open(st, i, flags);
				}
				use_row(st, &r, &res, i, 1, 0, false, NULL);
				nrows++;
				seg = a;
			} else if (a - seg > 512) {
				/* the words and numbers begin the next row's label,
				 * within reason: each piece is read at most twice */
				seg = piece;
			}
			piece = a;
		}
		if (a >= rows.len)
			break;
		numbers = num;
	}
	br_buf_free(&rows);
	return nrows;
}

/*
 * A whole table on one line, as an HTML-to-text conversion leaves it:
 * "<date> -------Sequential Output-------- ... /sec %CPU frodo 256 3624 ...".
 * The header is the run of header words that ends with the last "%CPU"; what
 * comes before it (a date stamp) is left out, what follows is one row or
 * several, each a label and its numbers. Opens the table (rows on the lines
 * below still belong to it); false when the line is no such table.
 */
static bool collapsed_table(struct bstate *st, size_t i)
{
	const struct br_line *l = &st->ctx->doc->lines[i];
	const char *s = l->text;
	size_t len = l->len;
	if (!br_has(s, len, "%CPU", 4) || !br_digit_runs(s, len, 12))
		return false;
	size_t start, end;
	if (!header_span(s, len, &start, &end))
		return false;
	unsigned flags = classify_header(s + start, end - start, false);
	if (!flags || (flags & H_PP) || !(flags & H_CPU) || !(flags & H_DASH))
		return false;
	size_t nrows = collapsed_rows(st, i, flags, s + end, len - end);
	if (!nrows && !st->ctx->ds->skip_claims)
		br_parse_note(st->ctx, i,
			      "a Bonnie header with more on its line, but no row could be read "
			      "from what follows it");
	if (nrows)
		br_parse_note(st->ctx, i,
			      "a whole Bonnie table on one line: header and %zu row%s read from it", nrows,
			      nrows == 1 ? "" : "s");
	return nrows > 0;
}

/* What parse carries from line to line: the tables and progress blocks
 * open, and a label line seen above the row it names. */
struct pass {
	struct bstate st;
	size_t own_idx;
	bool have_own;
	bool explain; /* notes only --explain shows */
};

/* Step of parse: a line another parser claimed ends what is open; a blank
 * line may end a table. True when line i needs nothing more. */
static bool block_edge(struct pass *p, size_t i)
{
	struct bstate *st = &p->st;
	const struct br_line *l = &st->ctx->doc->lines[i];
	if (br_parse_is_claimed(st->ctx, i)) {
		table_close(st);
		progress_flush(st);
		p->have_own = false;
		return true;
	}
	if (is_blank_line(l)) {
		if (st->t.open && ++st->t.blanks > (st->t.nrows ? GAP_ROWS : 2))
			table_close(st);
		p->have_own = false;
		return true;
	}
	return false;
}

/* Step of parse: a progress line ("Writing with putc()...done") or the
 * wrapped end of a seeker line; true when line i was one. */
static bool progress_line(struct pass *p, size_t i)
{
	struct bstate *st = &p->st;
	struct pmatch pm;
	if (progress_match(st, i, &pm)) {
		if (st->t.open)
			table_close(st);
		progress_take(st, i, &pm);
		return true;
	}
	if (st->p.open && st->p.seekers && st->p.last + 1 == i && !st->t.open &&
	    seeker_piece(&st->ctx->doc->lines[i])) {
		st->p.last = i; /* a seeker line's wrapped end */
		return true;
	}
	return false;
}

/* Step of parse: a header line (or a whole table on one line) opens a table
 * or adds to the header of the one open; true when line i was one. */
static bool header_line(struct pass *p, size_t i)
{
	struct bstate *st = &p->st;
	const struct br_line *l = &st->ctx->doc->lines[i];
	bool collecting = st->t.open && st->t.nrows == 0 && !p->have_own;
	unsigned h = classify_header(l->text, l->len, collecting);
	/* a header with a row after it on the same line (read as the
	 * header of a wrapper's extra columns, or as no header) */
	if ((!h || (h & H_EXTRA)) && collapsed_table(st, i)) {
		p->have_own = false;
		return true;
	}
	/* anything but a header ends a progress block no table took */
	if (!h && st->p.open && !(st->t.open && st->t.progress))
		progress_flush(st);
	if (!h)
		return false;
	if (st->t.open && (st->t.nrows > 0 || p->have_own))
		table_close(st);
	if (!st->t.open)
		table_open(st, i, h);
	st->t.flags |= h;
	st->t.last_hdr = i;
	st->t.blanks = 0;
	p->have_own = false;
	return true;
}

/* Step of parse: a row of an HTML table; true when line i was one. */
static bool html_table_row(struct pass *p, size_t i)
{
	struct brow r;
	struct bres res;
	if (!html_row(&p->st, i, &r, &res))
		return false;
	if (!p->st.t.open)
		table_open(&p->st, i, 0);
	use_row(&p->st, &r, &res, i, 1, p->own_idx, p->have_own, NULL);
	p->have_own = false;
	return true;
}

/* Step of table_line: line i has numbers that make no row of the open
 * table. After prose they are someone else's and end the table (false:
 * the line is read on); else the row is warned about and skipped (true). */
static bool damaged_row(struct pass *p, size_t i, const struct brow *r)
{
	struct bstate *st = &p->st;
	if (st->t.prose && !row_start(r, st->t.flags)) {
		/* after prose, numbers that do not begin like a row of
		 * this table are someone else's: the table has ended */
		if (p->explain)
			br_parse_note(st->ctx, i,
				      "not read as a Bonnie row: after the prose below "
				      "the table, its numbers do not begin like one");
		table_close(st);
		p->have_own = false;
		return false;
	}
	if (r->n < 12)
		br_parse_warn(st->ctx, i,
			      "Bonnie row has only %d numbers (12 figures, 13 with the "
			      "size column); truncated or damaged, skipped",
			      r->n);
	else
		br_parse_warn(st->ctx, i,
			      "Bonnie row has %d figures that do not fit the table's "
			      "columns; skipped",
			      r->n);
	st->t.nrows++; /* the header had its row, however broken */
	p->have_own = false;
	return true;
}

/* Step of table_line: line i is a label written above a row of a
 * hand-edited table (the row may be wrapped or hand-edited itself). */
static bool label_above_row(struct pass *p, size_t i)
{
	struct bstate *st = &p->st;
	const struct br_doc *doc = st->ctx->doc;
	if (p->have_own || doc->lines[i].len >= 80 || i + 1 >= doc->nlines ||
	    br_parse_is_claimed(st->ctx, i + 1))
		return false;
	struct brow peek;
	struct bres pres;
	bool pdamaged;
	size_t ptail;
	return br_digit_runs(doc->lines[i + 1].text, doc->lines[i + 1].len, 4) &&
	       table_row(st, i + 1, &peek, &pres, &pdamaged, &ptail);
}

/* Step of table_line: a mail signature ("-- " alone on a line, then the
 * lines up to the next blank one, at most six) that a digest or a reply
 * put between a table's header and its rows, or between two rows: the
 * lines it takes, 0 when line i does not start one. */
static size_t signature(const struct br_doc *doc, size_t i)
{
	const struct br_line *l = &doc->lines[i];
	if (l->len < 2 || l->len > 3 || l->text[0] != '-' || l->text[1] != '-' ||
	    (l->len == 3 && l->text[2] != ' '))
		return 0;
	size_t k = i + 1;
	while (k < doc->nlines && k <= i + 6 && !is_blank_line(&doc->lines[k]))
		k++;
	return k < doc->nlines && k <= i + 6 ? k - i : 0;
}

/* Step of parse: line i inside an open table: a row (perhaps wrapped over
 * several lines), a damaged row, a label above a row, or prose between
 * rows. Returns the lines it took, 0 when the line is read on (the table
 * may have been closed). */
static size_t table_line(struct pass *p, size_t i)
{
	struct bstate *st = &p->st;
	const struct br_line *l = &st->ctx->doc->lines[i];
	struct brow r;
	struct bres res;
	bool damaged = false;
	size_t tail = SIZE_MAX;
	size_t used = br_digit_runs(l->text, l->len, 4) ? table_row(st, i, &r, &res, &damaged, &tail) : 0;
	if (used) {
		char *note = tail != SIZE_MAX ? note_tail(st, i, &r, tail) : NULL;
		use_row(st, &r, &res, i, used, p->own_idx, p->have_own, note);
		free(note);
		p->have_own = false;
		return used;
	}
	if (damaged && damaged_row(p, i, &r))
		return 1;
	if (label_above_row(p, i)) {
		p->own_idx = i;
		p->have_own = true;
		return 1;
	}
	size_t sig = signature(st->ctx->doc, i);
	if (sig) {
		p->have_own = false;
		return sig;
	}
	/* a few lines of prose between the rows of a hand-edited
	 * table leave it open */
	p->have_own = false;
	if (st->t.open && st->t.nrows && ++st->t.blanks <= GAP_ROWS && l->len < 200) {
		st->t.prose++;
		return 1;
	}
	if (st->t.open)
		table_close(st);
	return 0;
}

/* A row with no header that a hard wrap cut (a quoted reply re-wrapped at
 * 72 columns: "sun4u 200 4011 88.1 ... 3990 80.5" / "8122 20.1 120.1
 * 2.0"): the start of one at line i, lines of figures alone under it, one
 * or two, that make it whole in the exact shape of Bonnie's own row (as
 * a row alone must be). The lines it takes, 0 when none; *r and *res the
 * joined row (in st->buf). */
static size_t bare_wrapped(struct bstate *st, size_t i, struct brow *r, struct bres *res)
{
	const struct br_doc *doc = st->ctx->doc;
	const struct br_line *l = &doc->lines[i];
	if (r->junk || r->n < 6 || r->n >= 12 || !row_start(r, 0))
		return 0;
	int total = r->n;
	for (size_t j = 1; j <= 2 && i + j < doc->nlines; j++) {
		const struct br_line *m = &doc->lines[i + j];
		struct brow next;
		if (br_parse_is_claimed(st->ctx, i + j))
			return 0;
		scan_row(m->text, m->len, &next);
		if (next.junk || next.name_len || !next.n || (total += next.n) > 14)
			return 0;
		br_buf_reset(&st->buf);
		br_buf_add(&st->buf, l->text, l->len);
		for (size_t k = 1; k <= j; k++) {
			br_buf_addc(&st->buf, ' ');
			br_buf_add(&st->buf, doc->lines[i + k].text, doc->lines[i + k].len);
		}
		scan_row(st->buf.data, st->buf.len, r);
		if (total >= 12 && interp_row(r, 0, true, res))
			return 1 + j;
	}
	return 0;
}

/* Step of parse: with no header, only the exact shape of an original
 * Bonnie row is read as one (whole, or wrapped:
 * bare_wrapped); the lines it took. */
static size_t bare_row(struct pass *p, size_t i)
{
	struct bstate *st = &p->st;
	const struct br_line *l = &st->ctx->doc->lines[i];
	struct brow r;
	struct bres res;
	size_t used = 0;
	bool whole = br_digit_runs(l->text, l->len, 12);
	if (!whole) {
		/* a wrapped row's first piece: half of a row's digit runs,
		 * the next line led by a figure */
		const struct br_line *m = i + 1 < st->ctx->doc->nlines ? l + 1 : NULL;
		size_t k = 0;
		while (m && k < m->len && blank_at(m->text, k, m->len))
			k++;
		if (!m || k == m->len || !is_digit(m->text[k]) || !br_digit_runs(l->text, l->len, 6))
			return 0;
	}
	scan_row(l->text, l->len, &r);
	if (whole && interp_row(&r, 0, true, &res))
		used = 1;
	else
		used = bare_wrapped(st, i, &r, &res);
	if (used) {
		table_open(st, i, 0);
		use_row(st, &r, &res, i, used, 0, false, NULL);
		table_close(st);
		return used;
	}
	scan_row(l->text, l->len, &r);
	if (p->explain && r.n >= 12 && r.n <= 14 && row_start(&r, 0))
		br_parse_note(st->ctx, i,
			      "not read as a Bonnie row: no Bonnie header above it, and "
			      "without one only the exact shape of Bonnie's own row is");
	return 0;
}

/* ---------------------------------------------------------------- hand tables */

/*
 * A table of Bonnie results a person typed, with words of their own over the
 * columns and no %CPU or K/sec line of Bonnie's:
 *
 *   Machine   File MB  Char out  Block out  Rewrite  Char in  Block in   Seeks
 *   pluto         256      3624      11044     6080     3292     15683   184.4
 *
 * or the header over two lines, each word over its column ("File" / "MB",
 * "Char" / "out", or a line of units "MB  K/sec ... /sec" under it). The
 * two lines' words are taken in the columns' order (each word of the upper
 * line before the lower word it stands over: the figures' right edges line
 * up with the words' ends), then read as phrases: "File MB" (the size),
 * "Char out" / "Per Char" (putc, getc), "Block in" (put_block, get_block),
 * "Rewrite", "Seeks", each maybe with its unit and a "%CPU" column after it.
 * A word that names nothing of Bonnie's ("Price", "Temp") is no such table,
 * nor is a header of fewer than four of Bonnie's figures, or a row whose
 * rates have decimals without a unit saying M/sec. A row is a name (maybe
 * none) and one number a column; in an aligned table a row with cells left
 * blank has its numbers where the first full row's end (hand_row_edges).
 * Read only in a document that names Bonnie or its units (detect): the
 * words alone are any table's.
 */
enum hw {
	HW_NONE, HW_NAME, HW_FILE, HW_MB, HW_PER, HW_CHAR, HW_PUTC, HW_GETC, HW_BLOCK, HW_REWRITE,
	HW_SEEKS, HW_OUT, HW_IN, HW_CPU, HW_UK, HW_UM, HW_US, HW_SEQ,
};

static const struct {
	const char *w;
	enum hw k;
} hand_vocab[] = {
	{"machine", HW_NAME}, {"host", HW_NAME}, {"disk", HW_NAME}, {"device", HW_NAME},
	{"drive", HW_NAME}, {"name", HW_NAME}, {"system", HW_NAME}, {"box", HW_NAME},
	{"server", HW_NAME}, {"config", HW_NAME}, {"label", HW_NAME}, {"filesystem", HW_NAME},
	{"fs", HW_NAME}, {"setup", HW_NAME}, {"array", HW_NAME}, {"volume", HW_NAME}, {"run", HW_NAME},
	{"test", HW_NAME}, {"partition", HW_NAME}, {"controller", HW_NAME}, {"file", HW_FILE}, {"mb", HW_MB}, {"size", HW_MB},
	{"per", HW_PER}, {"char", HW_CHAR}, {"chr", HW_CHAR}, {"putc", HW_PUTC}, {"getc", HW_GETC},
	{"block", HW_BLOCK}, {"blk", HW_BLOCK}, {"blocks", HW_BLOCK}, {"rewrite", HW_REWRITE},
	{"rewr", HW_REWRITE}, {"seeks", HW_SEEKS}, {"seek", HW_SEEKS}, {"random", HW_SEEKS},
	{"out", HW_OUT}, {"output", HW_OUT}, {"write", HW_OUT}, {"wr", HW_OUT}, {"in", HW_IN},
	{"input", HW_IN}, {"read", HW_IN}, {"rd", HW_IN}, {"%cpu", HW_CPU}, {"cpu", HW_CPU},
	{"%cp", HW_CPU}, {"%", HW_CPU}, {"k/sec", HW_UK}, {"kb/s", HW_UK}, {"kb/sec", HW_UK},
	{"k/s", HW_UK}, {"kib/s", HW_UK}, {"m/sec", HW_UM}, {"mb/s", HW_UM}, {"mb/sec", HW_UM},
	{"mib/s", HW_UM}, {"/sec", HW_US}, {"/s", HW_US}, {"sequential", HW_SEQ}, {"seq", HW_SEQ},
};

enum { HAND_WORDS = 48, HAND_COLS = 16 };

struct hword {
	enum hw k;
	unsigned a, b;       /* visual columns [a, b) */
	bool dashed;         /* a '-' glued to it: Bonnie's own header ("-Per Char-") */
};

/* The class of word s[0..n) (brackets and a ':' around it aside). */
static enum hw hand_word(const char *s, size_t n, bool *dashed)
{
	*dashed = false;
	while (n && strchr("([", s[0]))
		s++, n--;
	while (n && strchr(")]:,", s[n - 1]))
		n--;
	if (n && (s[0] == '-' || s[n - 1] == '-'))
		*dashed = true;
	if (n == 0 || n > 12)
		return HW_NONE;
	char w[13];
	for (size_t k = 0; k < n; k++)
		w[k] = (char)((s[k] >= 'A' && s[k] <= 'Z') ? s[k] + 32 : s[k]);
	w[n] = '\0';
	for (size_t k = 0; k < BR_ARRAY_LEN(hand_vocab); k++)
		if (hand_vocab[k].w[0] == w[0] && strcmp(hand_vocab[k].w, w) == 0)
			return hand_vocab[k].k;
	return HW_NONE;
}

/* The words of line s[0..len) into w (at most HAND_WORDS); -1 when the
 * line has a digit, a word of no class, or more words. */
static int hand_line_words(const char *s, size_t len, struct hword *w)
{
	int n = 0;
	for (size_t i = 0, a; next_word(s, len, &i, &a);) {
		for (size_t k = a; k < i; k++)
			if (is_digit(s[k]))
				return -1;
		if (n == HAND_WORDS)
			return -1;
		w[n].k = hand_word(s + a, i - a, &w[n].dashed);
		if (w[n].k == HW_NONE || w[n].dashed)
			return -1;
		w[n].a = col_at(s, a);
		w[n].b = col_at(s, i);
		n++;
	}
	return n;
}

/* A cheap first look: does line s[0..len) hold no digit and two words of
 * Bonnie's figures (Char, Block, Rewrite, Seeks)? */
static bool hand_header_look(const char *s, size_t len)
{
	if (len > 200 || len < 10)
		return false;
	int figs = 0;
	for (size_t i = 0, a; next_word(s, len, &i, &a);) {
		if (is_digit(s[a]))
			return false;
		/* (the figures' words start with one of these letters: the
		 * vocabulary is looked in only for them) */
		size_t b = a + (s[a] == '(' || s[a] == '[');
		char c = (char)(s[b] | 0x20);
		if (i - b < 3 || i - b > 9 || !c || !strchr("cbrspg", c))
			continue;
		bool d;
		enum hw k = hand_word(s + a, i - a, &d);
		figs += k == HW_CHAR || k == HW_BLOCK || k == HW_REWRITE || k == HW_SEEKS || k == HW_PUTC ||
			k == HW_GETC;
	}
	return figs >= 2;
}

struct hcol {
	enum br_metric_id id; /* BR_METRIC_COUNT: the size column */
	char unit;            /* 'K', 'M' */
	int cpu_of;           /* a %CPU column: the index of its figure's column, else -1 */
};

struct htable {
	int ncol;
	struct hcol col[HAND_COLS];
};

/* Read the words of the header (the two lines' taken in column order) as
 * columns; false when they are no Bonnie table's. */
static bool hand_columns(const struct hword *w, int n, struct htable *t)
{
	int nchar = 0, nblock = 0, k = 0, metrics = 0;
	bool seen[BR_METRIC_COUNT] = {0};
	t->ncol = 0;
	while (k < n && (w[k].k == HW_NAME || w[k].k == HW_SEQ))
		k++;
	struct {
		enum hw what;
		int dir; /* 0 none, 1 out, 2 in */
		char unit;
	} ph[HAND_COLS];
	int np = 0;
	while (k < n) {
		if (np == HAND_COLS)
			return false;
		enum hw c = w[k].k;
		ph[np].dir = 0;
		ph[np].unit = 0;
		if (c == HW_FILE || c == HW_MB) {
			ph[np].what = HW_MB;
			k++;
			if (c == HW_FILE && k < n && w[k].k == HW_MB)
				k++;
		} else if (c == HW_CPU) {
			ph[np].what = HW_CPU;
			k++;
		} else {
			if (c == HW_SEQ)
				c = ++k < n ? w[k].k : HW_NONE;
			if (c == HW_PER)
				c = ++k < n ? w[k].k : HW_NONE;
			if (c != HW_CHAR && c != HW_PUTC && c != HW_GETC && c != HW_BLOCK && c != HW_REWRITE &&
			    c != HW_SEEKS)
				return false;
			ph[np].what = c;
			ph[np].dir = c == HW_PUTC ? 1 : c == HW_GETC ? 2 : 0;
			k++;
			if (k < n && (w[k].k == HW_OUT || w[k].k == HW_IN) && (c == HW_CHAR || c == HW_BLOCK))
				ph[np].dir = w[k++].k == HW_OUT ? 1 : 2;
			if (c == HW_SEEKS && k < n && w[k].k == HW_SEEKS)
				k++; /* "Random Seeks" */
		}
		while (k < n && (w[k].k == HW_UK || w[k].k == HW_UM || w[k].k == HW_US)) {
			if (w[k].k != HW_US)
				ph[np].unit = w[k].k == HW_UK ? 'K' : 'M';
			k++;
		}
		np++;
	}
	for (int p = 0; p < np; p++) {
		nchar += ph[p].what == HW_CHAR && !ph[p].dir;
		nblock += ph[p].what == HW_BLOCK && !ph[p].dir;
	}
	/* without their direction, Char and Block are Bonnie's order: the
	 * output first, the input after it; one alone says neither */
	if (nchar == 1 || nblock == 1)
		return false;
	int ci = 0, bi = 0, size = 0;
	for (int p = 0; p < np; p++) {
		struct hcol *col = &t->col[t->ncol];
		col->cpu_of = -1;
		col->unit = ph[p].unit ? ph[p].unit : 'K';
		switch (ph[p].what) {
		case HW_MB:
			if (size++ || metrics)
				return false; /* the size comes before the figures */
			col->id = BR_METRIC_COUNT;
			break;
		case HW_CPU:
			if (!t->ncol || t->col[t->ncol - 1].id == BR_METRIC_COUNT || t->col[t->ncol - 1].cpu_of >= 0)
				return false;
			col->cpu_of = t->ncol - 1;
			col->id = t->col[t->ncol - 1].id;
			break;
		case HW_CHAR:
		case HW_PUTC:
		case HW_GETC: {
			int dir = ph[p].dir ? ph[p].dir : ++ci;
			col->id = dir == 1 ? BR_M_putc : BR_M_getc;
			break;
		}
		case HW_BLOCK: {
			int dir = ph[p].dir ? ph[p].dir : ++bi;
			col->id = dir == 1 ? BR_M_put_block : BR_M_get_block;
			break;
		}
		case HW_REWRITE:
			col->id = BR_M_rewrite;
			break;
		default:
			col->id = BR_M_seeks;
			break;
		}
		if (col->id != BR_METRIC_COUNT && col->cpu_of < 0) {
			if (seen[col->id])
				return false;
			seen[col->id] = true;
			metrics++;
		}
		t->ncol++;
	}
	return metrics >= 4;
}

/*
 * The header from line i (one line, or two: the upper line's words taken
 * before the lower word each stands over or left of) as columns; *rows the
 * first line after it. Tries the two lines first when the next one has no
 * figure.
 */
static bool hand_header(const struct br_doc *doc, size_t i, struct htable *t, size_t *rows)
{
	struct hword up[HAND_WORDS], lo[HAND_WORDS], all[2 * HAND_WORDS];
	const struct br_line *l = &doc->lines[i];
	int nu = hand_line_words(l->text, l->len, up);
	if (nu <= 0)
		return false;
	if (i + 1 < doc->nlines) {
		const struct br_line *m = &doc->lines[i + 1];
		int nl = m->len <= 200 ? hand_line_words(m->text, m->len, lo) : -1;
		if (nl > 0) {
			int n = 0, u = 0;
			for (int k = 0; k < nl; k++) {
				while (u < nu && up[u].a < lo[k].b)
					all[n++] = up[u++];
				all[n++] = lo[k];
			}
			while (u < nu)
				all[n++] = up[u++];
			if (hand_columns(all, n, t)) {
				*rows = i + 2;
				return true;
			}
		}
	}
	if (hand_columns(up, nu, t)) {
		*rows = i + 1;
		return true;
	}
	return false;
}

/* Row r under table t: every figure fits its column (rates integers in
 * K/sec, a %CPU no more than Bonnie prints, the size an integer). */
static bool hand_row_ok(const struct brow *r, const struct htable *t)
{
	if (r->junk || r->n != t->ncol)
		return false;
	for (int c = 0; c < t->ncol; c++) {
		const struct hcol *col = &t->col[c];
		const struct bnum *x = &r->num[c];
		if (col->cpu_of >= 0) {
			if (x->v > CPU_MAX || x->decimals > 1)
				return false;
		} else if (col->id == BR_METRIC_COUNT || (col->id != BR_M_seeks && col->unit == 'K')) {
			if (!is_int(x))
				return false;
		} else if (x->decimals > 2) {
			return false;
		}
	}
	return true;
}

/*
 * A row of an aligned hand table with cells left blank (a test not run):
 * each of its numbers ends where a column's figures end in the table's
 * first full row (edge[], visual columns), one column each, in order, and
 * fits it as hand_row_ok asks. map[c]: the number in column c, -1 none.
 */
static bool hand_row_edges(const struct brow *r, const struct br_line *l, const struct htable *t,
			   const unsigned *edge, int *map)
{
	if (r->junk || r->n < 3 || r->n >= t->ncol)
		return false;
	for (int c = 0; c < t->ncol; c++)
		map[c] = -1;
	int c = 0;
	for (int k = 0; k < r->n; k++) {
		const struct bnum *x = &r->num[k];
		unsigned end = col_at(l->text, x->off + x->len + x->trail);
		while (c < t->ncol && edge[c] + 1 < end)
			c++;
		if (c == t->ncol || edge[c] > end + 1)
			return false;
		const struct hcol *col = &t->col[c];
		if (col->cpu_of >= 0 ? x->v > CPU_MAX || x->decimals > 1
				     : (col->id == BR_METRIC_COUNT || (col->id != BR_M_seeks && col->unit == 'K')) &&
					       !is_int(x))
			return false;
		map[c++] = k;
	}
	/* a %CPU figure without its rate is no figure */
	for (c = 0; c < t->ncol; c++)
		if (t->col[c].cpu_of >= 0 && map[c] >= 0 && map[t->col[c].cpu_of] < 0)
			return false;
	return true;
}

/* The record of row r (line j) of hand table t whose header starts at h;
 * map[c] the number of column c (-1: none), NULL: one a column. */
static void hand_emit(struct bstate *st, const struct htable *t, const struct brow *r, const int *map,
		      size_t h, size_t j)
{
	struct br_parse_ctx *ctx = st->ctx;
	struct br_record *rec = br_parse_record_new(ctx, BR_TOOL_BONNIE, j, j);
	if (r->name_len) {
		size_t n = r->name_len;
		const char *s = r->base + r->name_off;
		if (n > 1 && s[n - 1] == ':')
			n--;
		char *host = br_utf8_dup(s, n);
		br_record_set_host(rec, host);
		free(host);
	}
	char *label = br_parse_label(ctx, h, NULL);
	br_record_set_label(rec, label);
	free(label);
	for (int c = 0; c < t->ncol; c++) {
		const struct hcol *col = &t->col[c];
		if (map && map[c] < 0)
			continue;
		const struct bnum *x = &r->num[map ? map[c] : c];
		char raw[40];
		copy_digits(r, x, raw, sizeof raw);
		if (col->id == BR_METRIC_COUNT) {
			br_record_param_str(rec, "size", raw);
			br_record_param_num(rec, "size_bytes", x->v * 1048576.0);
		} else if (col->cpu_of >= 0) {
			br_record_set_cpu(rec, col->id, x->v);
			if (x->lead || x->trail) {
				struct br_value *bv = br_record_value(rec, col->id);
				if (bv)
					bv->marked = true;
			}
		} else {
			double scale = col->id != BR_M_seeks && col->unit == 'M' ? 1024 : 1;
			struct br_value *bv = br_record_set(rec, col->id, x->v * scale, raw);
			br_value_set_resolution(bv, pow(10, -x->decimals) * scale);
			bv->marked = x->lead || x->trail;
		}
	}
	br_parse_emit(ctx, rec);
	st->emitted++;
}

/* Step of parse: a hand table whose header starts at line i; the lines it
 * took (0: none). */
static size_t hand_table(struct pass *p, size_t i)
{
	struct bstate *st = &p->st;
	const struct br_doc *doc = st->ctx->doc;
	const struct br_line *l = &doc->lines[i];
	struct htable t;
	size_t j;
	if (!hand_header_look(l->text, l->len) || !hand_header(doc, i, &t, &j))
		return 0;
	size_t first = j, nrows = 0;
	struct brow r;
	unsigned edge[HAND_COLS];
	int map[HAND_COLS];
	for (; j < doc->nlines && !br_parse_is_claimed(st->ctx, j) && !is_blank_line(&doc->lines[j]); j++) {
		const struct br_line *m = &doc->lines[j];
		scan_row(m->text, m->len, &r);
		if (hand_row_ok(&r, &t)) {
			if (!nrows)
				for (int c = 0; c < t.ncol; c++)
					edge[c] = col_at(m->text, r.num[c].off + r.num[c].len + r.num[c].trail);
		} else if (!nrows || !hand_row_edges(&r, m, &t, edge, map)) {
			break;
		}
		nrows++;
	}
	if (!nrows)
		return 0;
	/* a line of Bonnie's column groups above ("---Sequential Output---")
	 * opened a table of its own: it is this one's */
	size_t h = i;
	if (st->t.open && st->t.nrows == 0 && st->t.start + 1 == i)
		h = st->t.start;
	if (st->t.open)
		table_close(st);
	progress_flush(st);
	for (size_t k = first; k < j; k++) {
		scan_row(doc->lines[k].text, doc->lines[k].len, &r);
		bool full = hand_row_ok(&r, &t);
		if (!full)
			hand_row_edges(&r, &doc->lines[k], &t, edge, map);
		hand_emit(st, &t, &r, full ? NULL : map, h, k);
	}
	br_parse_claim(st->ctx, h, j - 1, "Bonnie results in a table written by hand");
	p->have_own = false;
	return j - i;
}

/* Reads every unclaimed line of the document: each line goes to the first
 * step above that takes it. */
static size_t parse(struct br_parse_ctx *ctx)
{
	const struct br_doc *doc = ctx->doc;
	struct pass p = {0};
	p.st.ctx = ctx;
	p.explain = !ctx->ds->skip_claims;

	for (size_t i = 0; i < doc->nlines; i++) {
		if (block_edge(&p, i) || progress_line(&p, i))
			continue;
		size_t hand = hand_table(&p, i);
		if (hand) {
			i += hand - 1;
			continue;
		}
		if (header_line(&p, i) || html_table_row(&p, i))
			continue;
		if (p.st.t.open && (p.st.t.flags & H_PP))
			table_close(&p.st); /* a Bonnie++ header nobody claimed */
		if (p.st.t.open) {
			size_t used = table_line(&p, i);
			if (used) {
				i += used - 1;
				continue;
			}
		}
		size_t bare = bare_row(&p, i);
		if (bare)
			i += bare - 1;
	}
	table_close(&p.st);
	progress_flush(&p.st);
	br_buf_free(&p.st.buf);
	return p.st.emitted;
}

/* Does s[0..n) hold "K/sec", "M/sec" or "kB/s"? One pass over its '/'. */
static bool has_rate_unit(const char *s, size_t n)
{
	for (const char *p = n > 2 ? memchr(s + 1, '/', n - 2) : NULL, *end = s + n; p;
	     p = p + 1 < end ? memchr(p + 1, '/', (size_t)(end - p - 1)) : NULL) {
		size_t left = (size_t)(end - p); /* from the '/' on */
		if (left >= 4 && (p[-1] == 'K' || p[-1] == 'M') && memcmp(p, "/sec", 4) == 0)
			return true;
		if (left >= 2 && p - s >= 2 && p[-2] == 'k' && p[-1] == 'B' && p[1] == 's')
			return true;
	}
	return false;
}

/* Does s[0..n) hold "onnie"? By its "nn", the rarest part of it in prose,
 * the rest compared in place. */
static bool has_onnie(const char *s, size_t n)
{
	for (const char *p = n >= 5 ? memchr(s + 1, 'n', n - 4) : NULL, *last = s + n - 4; p;
	     p = p < last ? memchr(p + 1, 'n', (size_t)(last - p)) : NULL)
		if (p[1] == 'n' && p[-1] == 'o' && p[2] == 'i' && p[3] == 'e')
			return true;
	return false;
}

/* Cheap look at the raw bytes: every Bonnie result has one of these. Each
 * is looked for by a byte rare in CSV figures and in prose (k), and the
 * look stops at the first found. */
static bool detect(const struct br_doc *doc)
{
	static const struct {
		const char *s;
		size_t k;
	} needles[] = {
		{"%CPU", 0}, {"Per Char", 0}, {"Sequential", 2}, {"ONNIE", 0}, {"<TD", 0}, {"<td", 0},
	};
	const char *s = doc->raw;
	size_t n = doc->raw_len;
	for (size_t i = 0; i < 2; i++)
		if (br_has_at(s, n, needles[i].s, strlen(needles[i].s), needles[i].k))
			return true;
	if (has_rate_unit(s, n))
		return true;
	if (br_has_at(s, n, needles[2].s, strlen(needles[2].s), needles[2].k) || has_onnie(s, n))
		return true;
	for (size_t i = 3; i < BR_ARRAY_LEN(needles); i++)
		if (br_has_at(s, n, needles[i].s, strlen(needles[i].s), needles[i].k))
			return true;
	return false;
}

/* Bonnie's header and unit words, its command (vocab.h). */
static const struct br_line_shape result_lines[] = {
	{BR_SHAPE_TEXT, "k/sec", NULL},
	{BR_SHAPE_TEXT, "%cp", NULL},
	{BR_SHAPE_TEXT, "--block", NULL},
	{BR_SHAPE_TEXT, "-rewrite", NULL},
	{BR_SHAPE_TEXT, "--seeks", NULL},
	{BR_SHAPE_TEXT, "-per ch", NULL},
	{BR_SHAPE_TEXT, "sequential output", NULL},
	{BR_SHAPE_TEXT, "sequential input", NULL},
	{BR_SHAPE_TEXT, "per chr", NULL},
	{BR_SHAPE_TEXT, "per char", NULL},
	{BR_SHAPE_LEAD, "Machine", NULL}, /* "Machine    MB K/sec ..." */
	{BR_SHAPE_END, NULL, NULL},
};
static const char *const commands[] = {"bonnie", NULL};
static const char *const invocations[] = {"bonnie -", "Bonnie -", NULL};
static const struct br_vocab tool_vocab = {
	.result_lines = result_lines,
	.commands = commands,
	.invocations = invocations,
};

const struct br_parser br_parser_bonnie = {
	.name = "bonnie",
	.summary = "Tim Bray's Bonnie, Bonnie-64 and the multi-volume Linux variants (text table, -html row)",
	.detect = detect,
	.parse = parse,
	.vocab = &tool_vocab,
};
