/*
 * bonniepp_text — the Bonnie++ human-readable report, 1.00 … 2.00a
 * (../shared/formats/bonnieplusplus.md §2, corpus/bonniepp-text-*.txt):
 *
 *   1.00–1.03e/1.04  "Version 1.03 … Machine Size K/sec %CP", plain MB in 1.00–1.00c
 *   1.90b–1.97       + Latency lines, "Concurrency N", the create block repeating
 *                    "Version" with the machine name, "files:max:min"
 *   1.98/2.00/2.00a  "Name:Size etc", rates with k/m/g suffixes ("540k", "728m",
 *                    "1.1g"); create/stat/delete rates in the text are WRONG
 *                    (printed with %d from a double): marked doubtful, and a
 *                    warning when the run has no CSV line to take them from
 *
 * A run is one record: the I/O block and the file-creation block (either may
 * be missing, and a create block set apart from its I/O block still joins
 * it), with their Latency lines. Rows are read by tokens, from the right:
 * the figures, then the size (or file count), and what is left is the name,
 * spaces and all (a size glued to it is split off). The column grid (rate
 * right edges 24, 34, … 74; latency 26 … 76, shifted by any field that
 * overflowed) only places blank, skipped columns; in 2.00 rows the units
 * check it. Several rows under one header (hand-merged tables, bon_csv2txt)
 * are runs of their own, create row k joining I/O row k. Header lines may be
 * collapsed, wrapped, typographic-dashed or, with the whole report, on one
 * line (that line maybe hard-wrapped into a paragraph); a row or Latency
 * line whose tail a mail client wrapped onto the next line(s) is joined
 * back, the pieces placed at the columns they had (tail_lines). The text
 * truncates machine names; the same run's CSV line
 * (parsers/bonniepp_csv.c) has the full one, and core's br_recset_merge
 * joins the two copies — so every figure here is kept exactly as printed,
 * with its printed resolution, to compare equal to the CSV's. A CSV line
 * next to the table with every figure equal but another name (the poster
 * renamed the machine in the table) is the same run: the record takes the
 * CSV's name so that the merge joins them. That pairing with the CSV
 * records is this parser's reconcile hook (parser.h), run once every
 * parser has parsed the document, whatever the parsers' order: parse()
 * emits each run as the text prints it and keeps what the hook may change
 * (struct kept_run).
 */
#include <ctype.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "digit_runs.h"
#include "label.h"
#include "parser.h"
#include "regex.h"

/* PAGE_BREAK: the lines a page break may put between a table's lines
 * besides its furniture (blank lines, the next page's top margin). */
enum { TOK_MAX = 48, NAME_MAX_LEN = 128, PAGE_BREAK = 4 };

/* ---------------------------------------------------------------- tokens */

enum vkind { VK_NONE, VK_INT, VK_DEC, VK_SUF, VK_PLUS5, VK_PLUS3, VK_LAT };

struct ptok {
	const char *s;     /* the token without markers */
	size_t n;
	size_t a, b;       /* byte span of the whole token in its line */
	unsigned col1;     /* visual column of its last character */
	bool marked;       /* "123*" or "**123**" */
	enum vkind kind;
	double v;          /* number, before unit scaling */
	int decimals;
	char suffix;       /* 'k' 'm' 'g' (rates) or 'u' 'm' 's' (latency) */
};

struct ptoks {
	int n;
	bool overflow;
	struct ptok t[TOK_MAX];
};

static inline size_t blank_at(const char *s, size_t i, size_t len)
{
	return br_blank_at(s, i, len);
}

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* The figure s[0..n) written with commas, its digits before the first
 * comma ending at *i: thousands separators when every group after a comma
 * has three digits and the first at most three ("41,234", "1,204,112"),
 * a decimal comma when one or two digits end it ("245,6", "97,35": a
 * grouping never has fewer than three). The plain figure goes to p (*pn
 * bytes, "41234", "245.6"), *i past it; false when the commas are neither
 * (a CSV fragment "4,97", "12,3456"). */
static bool comma_figure(const char *s, size_t n, size_t *i, char *p, size_t *pn, int *dec)
{
	size_t k = *i, m = 0;
	memcpy(p, s, k);
	m = k;
	size_t d = k + 1;
	while (d < n && is_digit(s[d]))
		d++;
	if (d - k - 1 >= 1 && d - k - 1 <= 2 && (d == n || !is_digit(s[d])) &&
	    (d == n || s[d] != ',') && (d == n || s[d] != '.')) {
		p[m++] = '.';
		memcpy(p + m, s + k + 1, d - k - 1);
		m += d - k - 1;
		*dec = (int)(d - k - 1);
		*i = d;
		*pn = m;
		return true;
	}
	if (k > 3)
		return false;
	while (k < n && s[k] == ',') {
		if (k + 4 > n || !is_digit(s[k + 1]) || !is_digit(s[k + 2]) || !is_digit(s[k + 3]) ||
		    (k + 4 < n && is_digit(s[k + 4])) || m + 3 >= 24)
			return false;
		memcpy(p + m, s + k + 1, 3);
		m += 3;
		k += 4;
	}
	/* a decimal part after the groups ("180,223.5") */
	if (k + 1 < n && s[k] == '.' && is_digit(s[k + 1])) {
		p[m++] = s[k++];
		while (k < n && is_digit(s[k]) && m < 39)
			p[m++] = s[k++], (*dec)++;
	}
	*i = k;
	*pn = m;
	return true;
}

/* Classify a token as a figure: "6618", "179.9", "540k", "1.1g", "+++++",
 * "+++", "15865us", "554ms". */
static void value_kind(struct ptok *t)
{
	const char *s = t->s;
	size_t n = t->n, i = 0;
	t->kind = VK_NONE;
	if (n == 0)
		return;
	if (s[0] == '+') {
		while (i < n && s[i] == '+')
			i++;
		if (i == n && (n == 4 || n == 5))
			t->kind = VK_PLUS5;
		else if (i == n && n == 3)
			t->kind = VK_PLUS3;
		return;
	}
	while (i < n && is_digit(s[i]))
		i++;
	if (i == 0 || i > 24)
		return;
	int dec = 0;
	/* a figure retyped with thousands separators ("41,234") or a
	 * decimal comma ("245,6"): its plain form in p */
	char p[40];
	size_t pn = 0;
	if (i < n && s[i] == ',' && !comma_figure(s, n, &i, p, &pn, &dec))
		return;
	if (i + 1 < n && s[i] == '.' && is_digit(s[i + 1]) && !pn) {
		i++;
		while (i < n && is_digit(s[i]))
			i++, dec++;
	}
	if (i >= 40)
		return;
	t->v = pn ? br_parse_decimal(p, pn) : br_parse_decimal(s, i);
	t->decimals = dec;
	if (i == n) {
		t->kind = dec ? VK_DEC : VK_INT;
	} else if (i + 1 == n && (s[i] == 'k' || s[i] == 'm' || s[i] == 'g')) {
		t->kind = VK_SUF;
		t->suffix = s[i];
	} else if (dec == 0 && ((i + 2 == n && s[i + 1] == 's' && (s[i] == 'u' || s[i] == 'm')) ||
				(i + 1 == n && s[i] == 's'))) {
		t->kind = VK_LAT;
		t->suffix = s[i];
	}
}

/* Split a line into tokens with their visual columns (TAB stops of 8). */
static void tokenize(const char *s, size_t len, struct ptoks *out)
{
	out->n = 0;
	out->overflow = false;
	size_t i = 0;
	unsigned col = 0;
	while (i < len) {
		size_t w = blank_at(s, i, len);
		if (w) {
			col = s[i] == '\t' ? (col / 8 + 1) * 8 : col + 1;
			i += w;
			continue;
		}
		size_t a = i;
		unsigned c0 = col;
		while (i < len && blank_at(s, i, len) == 0) {
			if (((unsigned char)s[i] & 0xc0) != 0x80)
				col++;
			i++;
		}
		if (out->n >= TOK_MAX) {
			out->overflow = true;
			return;
		}
		struct ptok *t = &out->t[out->n++];
		memset(t, 0, sizeof *t);
		t->a = a;
		t->b = i;
		t->col1 = col > c0 ? col - 1 : c0;
		/* markers: "**88826**", "6618*", and "6618\\*" as a Markdown
		 * converter escapes them */
		size_t x = a, y = i;
		while (x < y && (s[x] == '*' || (s[x] == '\\' && x + 1 < y && s[x + 1] == '*')))
			x++;
		while (y > x && (s[y - 1] == '*' || (s[y - 1] == '\\' && y < i && s[y] == '*')))
			y--;
		t->marked = x != a || y != i;
		if (x == y) {
			t->s = s + a;
			t->n = i - a;
			t->marked = false;
		} else {
			t->s = s + x;
			t->n = y - x;
		}
		value_kind(t);
	}
}

/* "3000M", "1G", "300", "64M:4k", "63G", "64G:4k::65536", "1.1G". */
static bool size_like(const struct ptok *t)
{
	size_t i = 0;
	while (i < t->n && is_digit(t->s[i]))
		i++;
	if (i == 0)
		return false;
	if (i < t->n && t->s[i] == '.') {
		i++;
		while (i < t->n && is_digit(t->s[i]))
			i++;
	}
	if (i < t->n && strchr("KMGTkmgt", t->s[i]))
		i++;
	if (i < t->n && t->s[i] != ':')
		return false;
	for (; i < t->n; i++)
		if (!(is_digit(t->s[i]) || t->s[i] == ':' || (t->s[i] >= 'a' && t->s[i] <= 'z') ||
		      (t->s[i] >= 'A' && t->s[i] <= 'Z')))
			return false;
	return true;
}

/* "16", "1:2000:100/4", "16:100000:16/64", "16:link". */
static bool files_like(const struct ptok *t)
{
	if (t->n == 0 || !is_digit(t->s[0]))
		return false;
	for (size_t i = 0; i < t->n; i++)
		if (!(is_digit(t->s[i]) || t->s[i] == ':' || t->s[i] == '/' ||
		      (t->s[i] >= 'a' && t->s[i] <= 'z')))
			return false;
	return true;
}

static bool is_rate(const struct ptok *t)
{
	return t->kind == VK_INT || t->kind == VK_DEC || t->kind == VK_SUF || t->kind == VK_PLUS5;
}

static bool is_cpu(const struct ptok *t)
{
	return t->kind == VK_INT || t->kind == VK_PLUS3;
}

static bool is_value(const struct ptok *t)
{
	return is_rate(t) || t->kind == VK_PLUS3;
}

/* No gap of two blanks between tokens: an archive collapsed the spacing. */
static bool collapsed(const struct ptoks *tk, int from)
{
	for (int i = from + 1; i < tk->n; i++)
		if (tk->t[i].a - tk->t[i - 1].b > 1)
			return false;
	return true;
}

/* ---------------------------------------------------------------- line classes */

enum pk {
	PK_OTHER,
	PK_BLANK,
	PK_VER,      /* "Version 1.03  ------Sequential Output------" (or Create, or nothing) */
	PK_SEQOUT,   /* "------Sequential Output------" without Version: Bonnie prints it too */
	PK_IO2,      /* "-Per Chr- --Block-- -Rewrite- …" ("Concurrency N" in front) */
	PK_IO3,      /* "Machine Size K/sec %CP …", "Name:Size etc /sec %CP …" */
	PK_CR1,      /* "------Sequential Create------ --------Random Create--------" */
	PK_CR2,      /* "[name] -Create-- --Read--- -Delete-- …" */
	PK_CR3,      /* "files  /sec %CP …", "files:max:min  /sec %CP" */
	PK_LAT,      /* "Latency  15865us  554ms …" */
	PK_FRAG,     /* a piece of a wrapped header line */
};

static struct br_pattern re_ver = BR_PATTERN(
	"bonnie++-version",
	"^\\s*Version\\s+(\\d[0-9a-z.]*|benchreport-run\\s+\\d+(?:\\.\\d+){0,3})\\s*"
	"(?:-+\\s*Sequential\\s+(Output|Create)\\b|(-+\\s*(?:Sequential\\s*)?)?$)");
/* The version `benchreport run` writes in bonnie++'s layout starts so
 * (runner/runner.h BR_RUN_VERSION_PREFIX; parsers do not include the runner). */
#define RUNNER_PREFIX "benchreport-run "

/* "benchreport-run   0.1.0" (blanks as a paste left them) → one blank, the
 * runner's own spelling (runner.h BR_RUN_VERSION). */
static void runner_version(char *v)
{
	if (!br_starts_with(v, "benchreport-run"))
		return;
	char *p = v + strlen("benchreport-run");
	char *q = p;
	while (*q == ' ' || *q == '\t')
		q++;
	*p++ = ' ';
	memmove(p, q, strlen(q) + 1);
}

static struct br_pattern re_seqout = BR_PATTERN("bonnie++-seqout", "^\\s*-+\\s*Sequential\\s+Output\\b");
static struct br_pattern re_io2 = BR_PATTERN(
	"bonnie++-io2", "^\\s*(?:Concurrency\\s+(\\d+)\\s+)?-+\\s*Per\\s*Chr\\s*-|--Block--\\s+-Rewrite-");
static struct br_pattern re_io3 = BR_PATTERN(
	"bonnie++-io3", "^\\s*(?:Machine\\s+(Size|MB)(?::chnk)?|Name:Size\\s+etc)(?:\\s|$)(?!.*%CPU)");
static struct br_pattern re_cr1 = BR_PATTERN("bonnie++-cr1", "^\\s*-+\\s*Sequential\\s+Create-");
static struct br_pattern re_cr3 = BR_PATTERN(
	"bonnie++-cr3", "^\\s*files(?::max(?::min)?)?\\s+(?:/sec|%CP)(?:\\s|$)");

#define W(w) {w, sizeof(w) - 1}
static const struct {
	const char *w;
	size_t n;
} pp_vocab[] = {
	W("Sequential"), W("Output"), W("Input"), W("Random"), W("Create"), W("Per"), W("Chr"),
	W("Block"), W("Rewrite"), W("Seeks"), W("Read"), W("Delete"), W("K/sec"), W("/sec"),
	W("%CP"), W("Machine"), W("Size"), W("etc"), W("files"), W("Name:Size"), W("Size:chnk"),
	W("MB"), W("MB:chnk"), W("files:max"), W("files:max:min"), W("Concurrency"),
};
#undef W

static bool pp_word(const char *w, size_t n, int mode)
{
	for (size_t i = 0; i < BR_ARRAY_LEN(pp_vocab); i++) {
		const char *v = pp_vocab[i].w;
		size_t vn = pp_vocab[i].n;
		if (mode == 0 && vn == n && memcmp(v, w, n) == 0)
			return true;
		if (mode == 1 && n < vn && memcmp(v, w, n) == 0)
			return true; /* cut at the end of a line */
		if (mode == 2 && n < vn && memcmp(v + vn - n, w, n) == 0)
			return true; /* the rest, at the start of the next */
	}
	return false;
}

/* Only header words (dash runs stripped), the first/last maybe cut by a wrap. */
static bool header_fragment(const char *s, size_t len)
{
	/* The first word alone decides most lines (prose under a header):
	 * unless it is a header word or the end of one, the line is none (a
	 * first word that is only the start of one is the whole line when the
	 * loop below accepts it, and then it holds no header word). */
	size_t w0 = 0, w1;
	while (w0 < len && blank_at(s, w0, len))
		w0++;
	for (w1 = w0; w1 < len && !blank_at(s, w1, len); w1++)
		;
	while (w0 < w1 && s[w0] == '-')
		w0++;
	while (w1 > w0 && s[w1 - 1] == '-')
		w1--;
	if (w0 < w1 && !pp_word(s + w0, w1 - w0, 0) && !pp_word(s + w0, w1 - w0, 2))
		return false;
	struct ptoks tk;
	tokenize(s, len, &tk);
	if (tk.overflow || tk.n == 0)
		return false;
	int nvocab = 0;
	for (int i = 0; i < tk.n; i++) {
		const char *w = s + tk.t[i].a;
		size_t a = 0, b = tk.t[i].b - tk.t[i].a;
		while (a < b && w[a] == '-')
			a++;
		while (b > a && w[b - 1] == '-')
			b--;
		if (a == b)
			continue;
		if (pp_word(w + a, b - a, 0))
			nvocab++;
		else if (!((i == tk.n - 1 && pp_word(w + a, b - a, 1)) ||
			   (i == 0 && pp_word(w + a, b - a, 2)) || (i > 0 && is_digit(w[a]))))
			return false;
	}
	return nvocab > 0;
}

struct pline {
	enum pk kind;
	char version[32];     /* "2.00a"; "benchreport-run 0.1.0" (one blank) */
	bool ver_create;      /* PK_VER: the create block */
	bool ver_weak;        /* PK_VER: nothing after the version (or ver_cut) */
	bool ver_cut;         /* PK_VER: a wrap cut it after "-----Sequential" */
	long concurrency;     /* PK_IO2: -1 = not printed */
	int io3_mb;           /* PK_IO3: plain MB size column (1.00–1.00c) */
	bool io3_198;         /* PK_IO3: "Name:Size etc" (1.98+) */
	size_t name_a, name_b; /* PK_CR2: machine name before -Create-- */
	const char *text;     /* the text classified (name_a/name_b are offsets in it) */
};

/* Does s[0..len) start with the word w? */
static bool starts(const char *s, size_t len, const char *w)
{
	size_t n = strlen(w);
	return len >= n && memcmp(s, w, n) == 0;
}

/* Is there a "--" in s? */
static bool has_dash2(const char *s, size_t len)
{
	const char *p = s, *end = s + len;
	while (end - p >= 2 && (p = memchr(p, '-', (size_t)(end - p - 1)))) {
		if (p[1] == '-')
			return true;
		p += 2;
	}
	return false;
}

/* PCRE2's \s (no UCP): the ASCII blanks and line ends. */
static bool pcre_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r';
}

/* What re_io2's second branch needs: "--Block--" with a blank right after
 * it (Bonnie's own header has "--Block---", which never matches). The 'B'
 * of a "--Block--" that has a byte after it is at s[2] .. s[len - 8]. */
static bool block_then_space(const char *s, size_t len)
{
	if (len < 10)
		return false;
	const char *p = s + 2, *last = s + len - 8;
	while (p <= last && (p = memchr(p, 'B', (size_t)(last - p) + 1)) != NULL) {
		if (memcmp(p - 2, "--Block--", 9) == 0 && pcre_space(p[7]))
			return true;
		p++;
	}
	return false;
}

/* Step of header_kind: "Version 1.98 ------Sequential Output------"; the
 * version is kept in pl. */
static bool version_line(const char *s, size_t len, struct pline *pl)
{
	size_t ov[8];
	int m;
	if (!starts(s, len, "Version") || (m = br_re_match(&re_ver, s, len, 0, ov, 4)) <= 0)
		return false;
	size_t n = ov[3] - ov[2];
	if (n >= sizeof pl->version)
		n = sizeof pl->version - 1;
	memcpy(pl->version, s + ov[2], n);
	pl->version[n] = '\0';
	runner_version(pl->version);
	pl->ver_weak = ov[4] == (size_t)-1;
	pl->ver_cut = m > 3 && ov[6] != (size_t)-1 && ov[7] > ov[6];
	pl->ver_create = !pl->ver_weak && s[ov[4]] == 'C';
	return true;
}

/* Step of header_kind: "[name] -Create-- --Read--- ...": the name is what
 * comes before it (found without a regex: "(.*?)\\s*-Create--" backtracks
 * quadratically); its place in the untrimmed line goes into pl. */
static bool named_create_line(const char *line, const char *s, size_t len, bool dash2, struct pline *pl)
{
	/* the first "-Create--", by its 'C' (memchr: memmem's set-up costs
	 * more than the scan of a header line) */
	const char *cre = NULL;
	for (const char *p = dash2 && len > 1 ? memchr(s + 1, 'C', len - 1) : NULL; p && !cre;
	     p = p + 1 < s + len ? memchr(p + 1, 'C', (size_t)(s + len - p - 1)) : NULL)
		if ((size_t)(s + len - p) >= 8 && memcmp(p - 1, "-Create--", 9) == 0)
			cre = p - 1;
	/* ("-Create---": an em dash that stood for "--", turned back into
	 * three hyphens by classify_line) */
	const char *after = cre ? cre + 9 : NULL;
	while (after && after < s + len && *after == '-')
		after++;
	if (!cre || !(after == s + len || *after == ' ' || *after == '\t'))
		return false;
	size_t b = (size_t)(cre - s);
	while (b > 0 && (s[b - 1] == ' ' || s[b - 1] == '\t'))
		b--;
	if (s[0] == '-')
		b = 0; /* "-Delete-- -Create-- ...": a header wrapped, no name */
	pl->name_a = (size_t)(s - line);
	pl->name_b = (size_t)(s - line) + b;
	return true;
}

/* Step of classify: which header line s (trimmed, starting with c, within
 * the untrimmed line) is, trying each pattern only when the line holds the
 * words it needs. */
static enum pk header_kind(const char *line, const char *s, size_t len, bool in_header, bool dash2,
			   struct pline *pl)
{
	char c = s[0];
	size_t ov[6];
	if (version_line(s, len, pl))
		return PK_VER;
	if (c == 'L' && len >= 7 && memcmp(s, "Latency", 7) == 0 && (len == 7 || blank_at(s, 7, len)))
		return PK_LAT;
	/* re_io3's "(?!.*%CPU)" fails on any line with "%CPU" (Bonnie's
	 * "Machine MB K/sec %CPU ..."): the words before it hold no '%' */
	if ((starts(s, len, "Machine") || starts(s, len, "Name:Size")) &&
	    !br_has(s, len, "%CPU", 4) && br_re_match(&re_io3, s, len, 0, ov, 2) > 0) {
		pl->io3_198 = ov[2] == (size_t)-1;
		pl->io3_mb = !pl->io3_198 && s[ov[2]] == 'M';
		if (pl->io3_mb && !memmem(s, len, "%CP ", 4) && !(len >= 3 && memcmp(s + len - 3, "%CP", 3) == 0))
			return PK_OTHER; /* Bonnie's "Machine MB K/sec %CPU" */
		/* the words of bonnie++'s first header lines in this one: a
		 * table written by hand ("Machine | Size | Seq Output Block
		 * K/sec | %CP | ..."), which hand_tables reads */
		if (br_has(s, len, "Output", 6) || br_has(s, len, "Input", 5) || br_has(s, len, "Block", 5))
			return PK_OTHER;
		return PK_IO3;
	}
	if (starts(s, len, "files") && br_re_match(&re_cr3, s, len, 0, ov, 1) > 0)
		return PK_CR3;
	if ((((c == 'C' || c == '-') && br_has(s, len, "Per", 3) && br_has(s, len, "Chr", 3)) ||
	     (dash2 && block_then_space(s, len))) &&
	    br_re_match(&re_io2, s, len, 0, ov, 2) > 0) {
		if (ov[2] != (size_t)-1)
			pl->concurrency = strtol(s + ov[2], NULL, 10);
		return PK_IO2;
	}
	if (c == '-' && br_has(s, len, "Create-", 7) && br_re_match(&re_cr1, s, len, 0, ov, 1) > 0)
		return PK_CR1;
	if (named_create_line(line, s, len, dash2, pl))
		return PK_CR2;
	if (c == '-' && br_has(s, len, "Output", 6) && br_re_match(&re_seqout, s, len, 0, ov, 1) > 0)
		return PK_SEQOUT;
	if (in_header && header_fragment(s, len))
		return PK_FRAG;
	return PK_OTHER;
}

/* The kind of line s (len bytes) of a Bonnie++ text report, with what a
 * header line says kept in pl; in_header when a header is being read. */
static enum pk classify(const char *s, size_t len, bool in_header, struct pline *pl)
{
	memset(pl, 0, sizeof *pl);
	pl->concurrency = -1;
	pl->text = s;
	/* blanks and web-table bars ("| ... |" residue of gists) around the line */
	size_t a = 0;
	while (a < len && blank_at(s, a, len))
		a++;
	if (a == len)
		return pl->kind = PK_BLANK;
	while (len > a && (s[len - 1] == '|' || s[len - 1] == ' ' || s[len - 1] == '\t'))
		len--;
	const char *line = s;
	s += a;
	len -= a;
	/* Cheap prefilter: every header line has a dash run, "%CP", or starts
	 * with one of a few words. */
	char c = s[0];
	if (c != 'V' && c != 'L' && c != 'f' && c != 'M' && c != 'N' && c != '/' && c != 'C' &&
	    c != 'K' && !memchr(s, '-', len) && !br_has(s, len, "%CP", 3))
		return pl->kind = PK_OTHER;
	/* s starts with a non-blank, so each anchored pattern below can only
	 * match when s starts with its first letter (or word); the unanchored
	 * ones ("--Block--", "-Create--") need a "--"; each runs only when the
	 * line holds the words it needs. Outside a header (no fragment to look
	 * for) a line that has none of these is nothing. */
	bool dash2 = has_dash2(s, len);
	if (!in_header && !dash2 && c != 'V' && c != 'L' && c != 'M' && c != 'N' && c != 'f' &&
	    c != 'C' && c != '-')
		return pl->kind = PK_OTHER;
	return pl->kind = header_kind(line, s, len, in_header, dash2, pl);
}

/*
 * Typographic dashes: a blog or forum engine turns the header's "--" into an
 * en dash and "---" into an em dash ("Version 1.97 ——Sequential Create——").
 * The header is classified on a copy with the dashes turned back into the
 * hyphens they stand for; lines without them are classified as they are.
 */
struct scratch {
	char *p;
	size_t cap;
};

static bool typo_dash(const char *s, size_t i, size_t len)
{
	return i + 2 < len && (unsigned char)s[i] == 0xe2 && (unsigned char)s[i + 1] == 0x80 &&
	       ((unsigned char)s[i + 2] == 0x93 || (unsigned char)s[i + 2] == 0x94);
}

static enum pk classify_line(const char *s, size_t len, bool in_header, struct pline *pl,
			     struct scratch *sc)
{
	const char *e = memchr(s, 0xe2, len);
	while (e && !typo_dash(s, (size_t)(e - s), len)) {
		size_t at = (size_t)(e - s) + 1;
		e = at < len ? memchr(s + at, 0xe2, len - at) : NULL;
	}
	if (!e)
		return classify(s, len, in_header, pl);
	/* an en dash (3 bytes) becomes "--", an em dash "---": never longer */
	sc->p = br_grow(sc->p, &sc->cap, len + 1, 1);
	size_t n = (size_t)(e - s);
	memcpy(sc->p, s, n);
	for (size_t i = n; i < len;) {
		if (typo_dash(s, i, len)) {
			size_t k = (unsigned char)s[i + 2] == 0x94 ? 3 : 2;
			memset(sc->p + n, '-', k);
			n += k;
			i += 3;
		} else {
			sc->p[n++] = s[i++];
		}
	}
	return classify(sc->p, n, in_header, pl);
}

/* ---------------------------------------------------------------- a run */

struct pval {
	bool present;
	enum vkind kind;
	double v;          /* normalised */
	double res;
	bool has_cpu;
	double cpu;
	bool marked;
	char raw[24];
};

enum pstate { ST_IOHDR, ST_IOROW, ST_CRHDR, ST_CRROW };

struct prun {
	bool open;
	enum pstate st;
	size_t start, last;
	int nhdr;             /* header lines */
	bool strong_hdr;      /* a Version or units line: surely Bonnie++ */
	char version[32];
	bool fam198;          /* "Name:Size etc" layout: k/m/g rates, create-rate bug */
	bool runner;          /* written by `benchreport run`: 2.00a's layout, right create rates */
	long concurrency;
	char host[NAME_MAX_LEN];
	char cr_host[NAME_MAX_LEN];
	size_t label_at;      /* the table's first line: where its label is looked for */
	char own[NAME_MAX_LEN]; /* a line right above the row inside the table titles it */
	char size[64];        /* the size cell, as printed */
	char files[64];       /* the create block's file spec */
	bool io_row, cr_row, io_lat, cr_lat;
	size_t io_idx, cr_idx;
	struct pval io[6], cr[6], lat[12];
};

/* The document's bonnie++-csv records by merge key (or by first line),
 * for the reconcile hook. */
struct twin {
	uint64_t key;
	const struct br_record *r;
};

/* A run this parser emitted, for the reconcile hook: the record's index in
 * ds->records; with create rates the text may have wrong (doubtful), the
 * record that holds the known-wrong ones unknown (alt) and what the notes
 * say. */
struct kept_run {
	size_t idx;
	struct br_record *alt;     /* compacted; NULL unless doubtful */
	bool doubtful;
	bool alt_doubtful;         /* alt still holds a create rate the text may have wrong */
	int nomitted;              /* create rates alt holds unknown */
	unsigned host_line, cr_line; /* ORIGINAL lines of the notes */
	char version[32];
};

struct kept {
	struct kept_run *v;
	size_t n, cap;
};

/*
 * Several runs under one header (hand-merged tables, bon_csv2txt of a CSV
 * file): each further I/O or create row opens a run of its own that shares
 * the header; the table's runs wait in tab[] until the table ends, then row
 * k of the create section joins row k of the I/O section (table_flush).
 */
struct pstate_all {
	struct br_parse_ctx *ctx;
	struct prun run;
	struct prun *tab;     /* the table's runs before the current one */
	size_t ntab, cap_tab;
	struct scratch sc[2]; /* classify_line: the line, a line looked ahead at */
	struct prun pend;     /* an I/O-only run whose create block may follow (pend.open) */
	char row_label[NAME_MAX_LEN]; /* a title line for the row that follows (label_line) */
	/* a table collapsed onto one line (one_line_table): its lines are read
	 * by a pstate of their own, which shares `kept` and takes the label
	 * of the document's line */
	struct br_parse_ctx *label_ctx;
	size_t label_idx;
	size_t emitted;
	struct kept *kept;    /* the runs emitted (shared with a one-line table's pstate) */
	/* the names given with -m on the post's bonnie++ command lines
	 * (command_names), NUL-separated; read once, when a cut name asks */
	struct br_buf mnames;
	bool mnames_read;
	/* the header of the document's last table that had an I/O row under
	 * a Version or units line: a full row further down takes it (stray_row) */
	struct prun hdr;
	bool has_hdr;
};

static void copy_tok(char *dst, size_t cap, const char *s, size_t n)
{
	if (n >= cap)
		n = cap - 1;
	memcpy(dst, s, n);
	dst[n] = '\0';
}

/* A figure's token as printed (copy_tok), a figure retyped with commas
 * (value_kind read it) without them: "41,234" as 41234, "245,6" as
 * 245.6. */
static void copy_fig(char *dst, size_t cap, const char *s, size_t n)
{
	if (n >= cap)
		n = cap - 1;
	size_t m = 0;
	for (size_t k = 0; k < n; k++) {
		if (s[k] != ',')
			dst[m++] = s[k];
		else if (!(k + 3 < n && is_digit(s[k + 1]) && is_digit(s[k + 2]) && is_digit(s[k + 3]) &&
			   (k + 4 == n || !is_digit(s[k + 4]))))
			dst[m++] = '.';
	}
	dst[m] = '\0';
}

/*
 * The largest %CP figure of a run: bonnie++ prints a test's CPU use as
 * " %3d", the CPU time of its processes over the test's time. One process
 * keeps one CPU busy (100); a test over 100 ran several at once (the
 * seekers: 3, 5 from 1.92; every test with -c, "Concurrency N"): the
 * posts hold up to 210, and the column's three digits fit ten processes.
 * A fourth digit beside a rate ("35023 9921") is no CPU figure a test
 * printed, unless the run ran ten copies of each test: 999 per copy.
 */
static double cpu_max(const struct prun *run)
{
	return run->concurrency > 1 ? 999.0 * (double)run->concurrency : 999.0;
}

/* Turn a rate/CPU pair into a figure. Returns false when the tokens are not
 * a rate and a CPU figure. A CPU figure over `max` is no measurement: the
 * rate is kept without it and *dropped set (the caller says so). */
static bool set_pair(struct pval *pv, const struct ptok *rate, const struct ptok *cpu, double max,
		     bool *dropped)
{
	memset(pv, 0, sizeof *pv);
	if (!rate)
		return true; /* a blank (skipped) test */
	if (!is_rate(rate) || !cpu || !is_cpu(cpu))
		return false;
	pv->present = true;
	pv->kind = rate->kind;
	pv->marked = rate->marked || cpu->marked;
	copy_fig(pv->raw, sizeof pv->raw, rate->s, rate->n);
	double step = pow(10, -rate->decimals), scale = 1;
	if (rate->kind == VK_SUF)
		scale = rate->suffix == 'm' ? 1024 : rate->suffix == 'g' ? 1048576 : 1;
	/* bon_csv2txt 2.00a prints +++++ as "0k" next to the "+++" CPU figure */
	if (rate->kind == VK_PLUS5 || (rate->kind == VK_SUF && rate->v == 0 && cpu->kind == VK_PLUS3)) {
		pv->kind = VK_PLUS5;
	} else {
		pv->v = rate->v * scale;
		pv->res = step * scale;
	}
	/* 1.00–1.00b print a CPU figure next to +++++; like the CSV parser we
	 * keep none: the CPU of a test too short to time is not a measurement
	 * (and both copies of a run must agree to be merged). */
	if (cpu->kind == VK_INT && pv->kind != VK_PLUS5 && cpu->v > max) {
		pv->marked = rate->marked;
		*dropped = true;
	} else if (cpu->kind == VK_INT && pv->kind != VK_PLUS5) {
		pv->has_cpu = true;
		pv->cpu = cpu->v;
		pv->marked = pv->marked || cpu->marked;
	}
	return true;
}

/*
 * Place value tokens v[0..n) on the six rate/CPU pairs of a row. `anchor` is
 * the visual column where the name/size (or files) cell ended: 18 when
 * nothing overflowed. With 12 tokens the grid is not needed; with fewer, a
 * pair is blank when its rate token ends well right of where the pair's rate
 * column ends (edges 24, 34, … 74 plus the overflow so far).
 */
static bool place_pairs(const struct ptok *v, int n, unsigned anchor, bool collapsed_line,
			const struct ptok *slot[12], bool *assumed_f)
{
	*assumed_f = false;
	for (int k = 0; k < 12; k++)
		slot[k] = NULL;
	if (n == 12) {
		for (int k = 0; k < 12; k++)
			slot[k] = &v[k];
		return true;
	}
	if (n <= 0 || n > 12 || n % 2)
		return false;
	if (collapsed_line) {
		/* Blank columns vanished with the spacing; the usual reason for
		 * two missing pairs is -f (per-char tests skipped). */
		if (n != 8)
			return false;
		static const int map[8] = {2, 3, 4, 5, 8, 9, 10, 11};
		for (int k = 0; k < 8; k++)
			slot[map[k]] = &v[k];
		*assumed_f = true;
		return true;
	}
	long shift = (long)anchor - 18;
	int k = 0;
	for (int p = 0; p < 6 && k < n; p++) {
		long edge = 24 + 10 * p + shift;
		if ((long)v[k].col1 > edge + 4)
			continue; /* blank pair */
		if (k + 1 >= n)
			return false;
		if ((long)v[k].col1 > edge)
			shift += (long)v[k].col1 - edge;
		slot[2 * p] = &v[k];
		slot[2 * p + 1] = &v[k + 1];
		k += 2;
	}
	return k == n;
}

static bool place_latency(const struct ptok *v, int n, unsigned anchor, const struct ptok *slot[6])
{
	for (int k = 0; k < 6; k++)
		slot[k] = NULL;
	if (n == 6) {
		for (int k = 0; k < 6; k++)
			slot[k] = &v[k];
		return true;
	}
	if (n <= 0 || n > 6)
		return false;
	long shift = (long)anchor;
	int k = 0;
	for (int p = 0; p < 6 && k < n; p++) {
		long edge = 26 + 10 * p + shift;
		if ((long)v[k].col1 > edge + 4)
			continue;
		if ((long)v[k].col1 > edge)
			shift += (long)v[k].col1 - edge;
		slot[p] = &v[k++];
	}
	return k == n;
}

/* The units of a 2.00 I/O row on its slots: every rate but the seeks has a
 * k/m/g suffix (or is "+++++"), the seeks have none. */
static bool types_198(const struct ptok *const slot[12])
{
	for (int p = 0; p < 6; p++) {
		const struct ptok *t = slot[2 * p];
		if (!t || t->kind == VK_PLUS5)
			continue;
		if ((t->kind == VK_SUF) != (p < 5))
			return false;
	}
	return true;
}

/* Only value tokens (a wrapped tail of a row)? */
static bool all_values(const struct ptoks *tk, bool latency)
{
	if (tk->overflow || tk->n == 0)
		return false;
	for (int i = 0; i < tk->n; i++)
		if (latency ? tk->t[i].kind != VK_LAT : !is_value(&tk->t[i]))
			return false;
	return true;
}

/* Visual width of a line (TAB stops of 8), trailing blanks included. */
static unsigned line_width(const char *s, size_t len)
{
	unsigned col = 0;
	for (size_t i = 0; i < len; i++) {
		if (s[i] == '\t')
			col = (col / 8 + 1) * 8;
		else if (((unsigned char)s[i] & 0xc0) != 0x80)
			col++;
	}
	return col;
}

/*
 * A mail client's hard wrap breaks a long row at a blank and moves its last
 * figures onto the next line, or lines (a report wrapped twice, at 80 and
 * then at 72 columns, which may leave a line of a lone blank between two
 * pieces): lines that hold nothing but figures (latencies after a Latency
 * line) and, with the row's, no more than `want`. Up to max_pieces of them
 * are appended to vals[*nv..] with the columns they had before the wrap,
 * which took one blank: a piece starts one column right of where the text
 * before it ends. A row that is still short then has blank columns, which
 * only the grid can place: such a join needs a row line that a wrap could
 * have cut (wider than 50 columns with the next figure), and the caller
 * asks for fewer pieces when the grid does not place them. Returns the
 * pieces joined; *lines, the lines after line i they take.
 */
static size_t tail_lines(const struct br_parse_ctx *ctx, size_t i, size_t max_pieces, bool latency,
			 int want, struct ptok *vals, int *nv, size_t *lines)
{
	const struct br_doc *doc = ctx->doc;
	const struct br_line *l = &doc->lines[i];
	unsigned base = line_width(l->text, l->len) + 1;
	size_t pieces = 0, lone = 0;
	int n = *nv;
	bool near = false; /* the first piece starts within 50 columns */
	*lines = 0;
	for (size_t k = i + 1; k < doc->nlines && n < want && pieces < max_pieces; k++) {
		const struct br_line *m = &doc->lines[k];
		if (br_parse_is_claimed(ctx, k))
			break;
		if (m->len > 0 && m->len <= 2 && br_is_blank(m->text, m->len) && lone++ < 2) {
			base += line_width(m->text, m->len) + 1;
			continue; /* the lone blank a second wrap left */
		}
		struct ptoks tail;
		tokenize(m->text, m->len, &tail);
		if (!all_values(&tail, latency) || n + tail.n > want)
			break;
		if (pieces == 0)
			near = base + tail.t[0].col1 <= 50;
		for (int t = 0; t < tail.n; t++) {
			vals[n] = tail.t[t];
			vals[n].col1 += base;
			n++;
		}
		base += line_width(m->text, m->len) + 1;
		pieces++;
		*lines = k - i;
	}
	if (near && n < want && !(want == 12 && n == 8 && !latency)) {
		/* the row line is too short for a wrap to have cut it, unless
		 * the pieces fill the row (a narrow wrap, a phone's at 40), or
		 * a -f row's eight figures (the grid then places them) */
		*lines = 0;
		return 0;
	}
	*nv = n;
	return pieces;
}

/* "disk)15744M", "raid15744M": a size glued to the end of a name; the offset
 * where it starts, 0 if none. The size must carry a unit (a bare number at
 * a name's end is part of the name: "node2"), takes every digit before it
 * and leaves a name. Asked only of the token right before a row's figures,
 * where nothing else can be the size. */
static size_t glued_size(const struct ptok *t)
{
	size_t e = 0;
	while (e < t->n && t->s[e] != ':')
		e++;
	/* the size's last byte before any ":chunk" is its unit */
	if (e < 2 || !strchr("KMGT", t->s[e - 1]))
		return 0;
	size_t a = e - 1;
	while (a > 0 && (is_digit(t->s[a - 1]) || t->s[a - 1] == '.'))
		a--;
	while (a < e - 1 && t->s[a] == '.')
		a++; /* "v2.15744M": the name keeps its dot */
	if (a == 0 || a == e - 1 || !is_digit(t->s[a]))
		return 0;
	struct ptok rest = *t;
	rest.s += a;
	rest.n -= a;
	return size_like(&rest) ? a : 0;
}

static const enum br_metric_id io_ids[6] = {BR_M_putc, BR_M_put_block, BR_M_rewrite,
					    BR_M_getc, BR_M_get_block, BR_M_seeks};
static const enum br_metric_id cr_ids[6] = {BR_M_seq_create, BR_M_seq_stat, BR_M_seq_del,
					    BR_M_ran_create, BR_M_ran_stat, BR_M_ran_del};

/* The cell of a row's tokens (read_row), -1 if none; *glue as glued_size(). */
static int find_cell(const struct ptoks *tk, bool create, size_t *gluep)
{
	size_t glue = 0;
	int s0 = tk->n;
	while (s0 > 0 && is_value(&tk->t[s0 - 1]))
		s0--;
	int cell = -1;
	if (s0 > 0 && (create ? files_like(&tk->t[s0 - 1]) : size_like(&tk->t[s0 - 1]))) {
		cell = s0 - 1;
	} else if (s0 > 0 && !create && (glue = glued_size(&tk->t[s0 - 1])) > 0) {
		cell = s0 - 1;
	} else if (tk->n - s0 >= 13) {
		cell = tk->n - 13;
	} else if (s0 < tk->n) {
		cell = s0; /* fewer figures: blank columns, or a tail wrapped away */
	}
	if (cell >= 0 && glue == 0 && !(create ? files_like(&tk->t[cell]) : size_like(&tk->t[cell])))
		cell = -1;
	*gluep = glue;
	return cell;
}

/*
 * A note the poster wrote after a row's figures ("<- with noatime",
 * "(defaults)", "ext3 ordered"): the first token that is no figure after a
 * run of at least eight figures (a -f row's, its cell among them) starts
 * it, unless it starts like a figure ("10.0*261.0": two figures run
 * together).
 * Returns that token's index, tk->n when there is none.
 */
static int note_start(const struct ptoks *tk)
{
	int run = 0;
	for (int k = 0; k < tk->n; k++) {
		const struct ptok *t = &tk->t[k];
		if (is_value(t)) {
			run++;
		} else if (run >= 8) {
			char c = t->s[0]; /* a bare "**" is kept whole by tokenize(): a note */
			return is_digit(c) || c == '+' || c == '.' ? tk->n : k;
		} else {
			run = 0;
		}
	}
	return tk->n;
}

/* Does line l look like a row of the section (for a blank line between two
 * rows of a hand-merged table): a cell and at least eight figures after it
 * (a -f row's), a note after them aside? */
static bool row_shape(const struct br_line *l, bool create)
{
	if (!br_digit_runs(l->text, l->len, 6))
		return false;
	struct ptoks tk;
	tokenize(l->text, l->len, &tk);
	if (tk.overflow)
		return false;
	size_t glue;
	int cell = find_cell(&tk, create, &glue);
	if (cell < 0 || tk.n - cell - 1 < 8) {
		tk.n = note_start(&tk);
		cell = find_cell(&tk, create, &glue);
	}
	return cell >= 0 && tk.n - cell - 1 >= 8;
}

/* Step of read_row: a line with no cell or under two figures after it; it
 * looks like a damaged row when it has many figures. */
static void no_row(const struct ptoks *tk, int cell, bool create, bool *looks, const char **why)
{
	/* many figures on a line right under the header: a damaged row */
	int nval = 0;
	for (int k = 0; k < tk->n; k++)
		nval += is_value(&tk->t[k]);
	*looks = nval >= 6;
	if (nval >= 4)
		*why = cell < 0 ? (create ? "no file count before its figures" : "no size before its figures")
				: "fewer than two figures";
}

/* Step of read_row: a name of header words only ("%CP /sec %CP"): a header
 * and a row run together, by a converter or a wrap, is no row. */
static bool header_words_name(const struct ptoks *tk, int cell)
{
	bool words = cell > 0;
	for (int k = 0; k < cell && words; k++)
		words = pp_word(tk->t[k].s, tk->t[k].n, 0);
	return words;
}

/* Could token t be a %CP figure: a whole number a CPU can show (the
 * seekers' may pass 100 on SMP), or "+++"? */
static bool cpu_figure(const struct ptok *t)
{
	return t->kind == VK_PLUS3 || (t->kind == VK_INT && t->v <= 999);
}

/* Does token t say "CPU" ("%CPU", "%CP", "CPU%", "(%CPU)", "cpu:"): the
 * name of a line of CPU figures? */
static bool cpu_word(const struct ptok *t)
{
	if (t->kind != VK_NONE || t->n > 8)
		return false;
	for (size_t k = 0; k + 2 < t->n + 1; k++)
		if (strncasecmp(t->s + k, "cp", 2) == 0 && (k > 0 || t->n == 2 || (t->s[2] | 0x20) == 'u'))
			return k == 0 || t->s[k - 1] == '%' || t->s[k - 1] == '(';
	return false;
}

/*
 * Step of place_figures: a row of rates alone with their CPU figures on
 * the line under it, each right of its rate and left of the next rate (a
 * table re-typed so, or made narrower; maybe a "%CPU" word first):
 *
 *   spindle-a        4G 30348     35023     12701     30363     44790     165.0
 *                          47         5         2        49         6         0
 *
 * The row's n figures and the n under them, paired, into vals; *lines 1.
 * A row that reads as rates and CPUs itself is not one (its wrapped tail
 * is on the next line), unless the line under it says "CPU".
 */
static bool cpu_line(const struct br_parse_ctx *ctx, size_t i, bool loose, struct ptok *vals, int *nv,
		     size_t *lines)
{
	const struct br_doc *doc = ctx->doc;
	int n = *nv;
	if (n < 2 || n > 6 || i + 1 >= doc->nlines || br_parse_is_claimed(ctx, i + 1))
		return false;
	const struct br_line *m = &doc->lines[i + 1];
	if (!br_digit_runs(m->text, m->len, 1))
		return false;
	struct ptoks tk;
	tokenize(m->text, m->len, &tk);
	int a = !tk.overflow && tk.n == n + 1 && cpu_word(&tk.t[0]);
	if (tk.overflow || tk.n - a != n)
		return false;
	bool pairs = n % 2 == 0;
	for (int k = 1; k < n; k += 2)
		pairs = pairs && cpu_figure(&vals[k]);
	if (pairs && !a)
		return false;
	/* both lines' spacing lost (an archive collapsed it): no columns to
	 * look at, the word "CPU" must say what the line is */
	loose = loose && a && collapsed(&tk, 0);
	for (int k = 0; k < n; k++) {
		const struct ptok *c = &tk.t[a + k];
		unsigned r0 = vals[k].col1 + 1 - (unsigned)(vals[k].b - vals[k].a);
		unsigned next0 = k + 1 < n ? vals[k + 1].col1 + 1 - (unsigned)(vals[k + 1].b - vals[k + 1].a) : ~0u;
		if (!cpu_figure(c) || vals[k].kind == VK_PLUS3 || (!loose && (c->col1 < r0 || c->col1 >= next0)))
			return false;
	}
	struct ptok out[12];
	for (int k = 0; k < n; k++) {
		out[2 * k] = vals[k];
		out[2 * k + 1] = tk.t[a + k];
	}
	memcpy(vals, out, (size_t)(2 * n) * sizeof *vals);
	*nv = 2 * n;
	*lines = 1;
	return true;
}

/* Step of read_row: the nv figures in vals placed on the grid's twelve
 * slots, with the row's tail wrapped onto the next line(s) taken in as
 * many pieces as the grid places, the most first. *nv and *lines become
 * what was placed and the lines added; false when nothing fits. */
static bool place_figures(struct pstate_all *ps, size_t i, const struct ptoks *tk, int cell, bool create,
			  bool tails, struct ptok *vals, int *nv, size_t *lines, const struct ptok **slot,
			  bool *assumed_f)
{
	const int nrow = *nv;
	*lines = 0;
	bool loose = collapsed(tk, cell);
	if (tails && nrow <= 6 && cpu_line(ps->ctx, i, loose, vals, nv, lines)) {
		if (place_pairs(vals, *nv, tk->t[cell].col1, loose && !create, slot, assumed_f))
			return true;
		memcpy(vals, tk->t + cell + 1, (size_t)nrow * sizeof *vals);
		*nv = nrow;
		*lines = 0;
	}
	size_t pieces = *nv < 12 && tails ? tail_lines(ps->ctx, i, SIZE_MAX, false, 12, vals, nv, lines) : 0;
	for (;;) {
		if (place_pairs(vals, *nv, tk->t[cell].col1, collapsed(tk, cell) && !create, slot, assumed_f))
			return true;
		if (pieces == 0)
			return false;
		*nv = nrow;
		pieces = tail_lines(ps->ctx, i, pieces - 1, false, 12, vals, nv, lines);
	}
}

/* Step of read_row: 2.00 leaves a skipped column almost no room, so the
 * grid can place its 8 figures anywhere; the units say which is which.
 * False when they fit no columns. */
static void f_layout(const struct ptok **slot, const struct ptok *vals)
{
	static const int map[8] = {2, 3, 4, 5, 8, 9, 10, 11};
	for (int k = 0; k < 12; k++)
		slot[k] = NULL;
	for (int k = 0; k < 8; k++)
		slot[map[k]] = &vals[k];
}

static bool retype_198(const struct ptok **slot, const struct ptok *vals)
{
	f_layout(slot, vals);
	return types_198(slot);
}

/* Before 2.00 every K/sec figure is a whole number and only the seeks have
 * a decimal: a decimal figure the grid put in a K/sec column, the seeks
 * column left blank, says the row's columns moved (TABs expanded at other
 * stops than 8, an editor's re-indent). */
static bool kps_decimal(const struct ptok *const slot[12])
{
	for (int p = 0; p < 5; p++)
		if (slot[2 * p] && slot[2 * p]->kind == VK_DEC)
			return true;
	return false;
}

/* Step of read_row: a 1.x row of 8 figures whose columns disagree with
 * their types (kps_decimal with the seeks blank) is read by its tokens as
 * the -f layout, when the figures fit that one. */
static bool retype_1x(const struct ptok **slot, const struct ptok *vals)
{
	if (slot[10] || !kps_decimal(slot))
		return false;
	const struct ptok *f[12];
	f_layout(f, vals);
	if (kps_decimal(f) || f[10]->kind != VK_DEC)
		return false;
	memcpy(slot, f, sizeof f);
	return true;
}

/* Step of read_row: the row's cell (the files spec of a create row, the
 * size of an I/O row) and the name before it kept in the run; line i is
 * the row's line l. */
static void keep_cell(struct pstate_all *ps, size_t i, const struct br_line *l, const struct ptoks *tk, int cell,
		      size_t glue, bool create)
{
	struct prun *run = &ps->run;
	const struct ptok *c = &tk->t[cell];
	if (create) {
		copy_tok(run->files, sizeof run->files, c->s, c->n);
		if (cell > 0 && !run->cr_host[0]) /* bon_csv2txt names each create row */
			copy_tok(run->cr_host, sizeof run->cr_host, l->text + tk->t[0].a,
				 tk->t[cell - 1].b - tk->t[0].a);
		run->cr_row = true;
		run->cr_idx = i;
	} else {
		copy_tok(run->size, sizeof run->size, c->s + glue, c->n - glue);
		if (cell > 0 || glue > 0) {
			size_t a = tk->t[0].a, b = glue ? (size_t)(c->s - l->text) + glue : tk->t[cell - 1].b;
			copy_tok(run->host, sizeof run->host, l->text + a, b - a);
		}
		run->io_row = true;
		run->io_idx = i;
	}
	if (ps->row_label[0]) {
		memcpy(run->own, ps->row_label, sizeof run->own);
		ps->row_label[0] = '\0';
	}
}

/*
 * Read the row of line i from its tokens tk; `tails`: the row may go on on
 * the next lines (a wrap), which a row with a note after its figures does
 * not. Returns the lines used; 0 with *looks set when the line looked like
 * a row but could not be read.
 */
static size_t read_tokens(struct pstate_all *ps, size_t i, const struct ptoks *tk, bool create, bool tails,
			  bool *looks, const char **why)
{
	struct prun *run = &ps->run;
	const struct br_line *l = &ps->ctx->doc->lines[i];
	*looks = false;
	*why = NULL;
	/*
	 * The row is read from the right: the figures are the value tokens at
	 * its end; the cell (name + size for I/O, the files spec for create) is
	 * the token before them, or, when the size or file count is a plain
	 * number (itself a value token), the one that leaves 12 figures (or an
	 * even number, blank columns aside). Whatever is left of the cell is
	 * the machine name, spaces and all; a size glued to the name
	 * ("Raid5 (4 disk)15744M") is split off it.
	 */
	size_t glue;
	int cell = find_cell(tk, create, &glue);
	int nv = cell >= 0 ? tk->n - cell - 1 : 0;
	if (cell < 0 || nv < 2) {
		no_row(tk, cell, create, looks, why);
		return 0;
	}
	if (header_words_name(tk, cell))
		return 0;
	struct ptok vals[TOK_MAX];
	memcpy(vals, tk->t + cell + 1, (size_t)nv * sizeof *vals);
	size_t lines;
	const struct ptok *slot[12];
	bool assumed_f;
	/* a note after a row short of figures whose spacing is lost: no
	 * guess, unless its eight are a -f row's (the grid's own guess for a
	 * collapsed row without a note: the note ends the line, so no wrap
	 * took figures from it) */
	if (!tails && nv < 12 && nv != 8 && collapsed(tk, cell))
		return 0;
	if (!place_figures(ps, i, tk, cell, create, tails, vals, &nv, &lines, slot, &assumed_f)) {
		*looks = true;
		*why = "its figures do not fit the six columns";
		return 0;
	}
	size_t used = 1 + lines;
	bool retyped = false;
	if (run->fam198 && !create && nv == 8 && !types_198(slot)) {
		if (!retype_198(slot, vals)) {
			*looks = true;
			*why = "its figures' units do not fit the columns";
			return 0;
		}
		retyped = true;
	}
	bool moved = !run->fam198 && !create && nv == 8 && retype_1x(slot, vals);
	struct pval *dst = create ? run->cr : run->io;
	int dropped = -1;
	for (int p = 0; p < 6; p++) {
		bool d = false;
		if (!set_pair(&dst[p], slot[2 * p], slot[2 * p + 1], cpu_max(run), &d)) {
			*looks = true;
			*why = "a figure there is no rate with its CPU figure";
			return 0;
		}
		if (d && dropped < 0)
			dropped = p;
	}
	if (dropped >= 0)
		br_parse_warn(ps->ctx, i,
			      "bonnie++ %%CP figure %.0f beside %s is no CPU use a test printed "
			      "(three digits at most); the rate is kept without it",
			      slot[2 * dropped + 1]->v, dst[dropped].raw);
	if (assumed_f)
		br_parse_note(ps->ctx, i,
			      "bonnie++ row has 8 of 12 figures and its spacing is lost; "
			      "taking the per-char tests as skipped (-f)");
	if (retyped)
		br_parse_note(ps->ctx, i,
			      "bonnie++ row has 8 of 12 figures whose columns do not fit their "
			      "units; taking the per-char tests as skipped (-f)");
	if (moved)
		br_parse_note(ps->ctx, i,
			      "bonnie++ row has 8 of 12 figures and a decimal one in a K/sec column; "
			      "its columns moved: taking the per-char tests as skipped (-f)");
	keep_cell(ps, i, l, tk, cell, glue, create);
	return used;
}

/* A Latency line a paste glued to the end of its row ("... 811.3  33
 * Latency 12001us 1201ms ..."): tk->t[note .. n) is "Latency" and the
 * latencies, six, or one for each test the row has (in order). Taken into
 * the run as read_latency takes its own line; false when they are not. */
static bool glued_latency(struct pstate_all *ps, const struct ptoks *tk, int note, int n, bool create)
{
	const struct ptok *w = &tk->t[note];
	if (w->n != 7 || memcmp(w->s, "Latency", 7) != 0)
		return false;
	int nv = n - note - 1;
	for (int k = note + 1; k < n; k++)
		if (tk->t[k].kind != VK_LAT)
			return false;
	const struct pval *row = create ? ps->run.cr : ps->run.io;
	int present = 0;
	for (int k = 0; k < 6; k++)
		present += row[k].present;
	if (nv != 6 && nv != present)
		return false;
	struct pval *dst = ps->run.lat + (create ? 6 : 0);
	for (int k = 0, j = note + 1; k < 6; k++) {
		memset(&dst[k], 0, sizeof dst[k]);
		if (nv != 6 && !row[k].present)
			continue;
		const struct ptok *t = &tk->t[j++];
		double scale = t->suffix == 'u' ? 1 : t->suffix == 'm' ? 1000 : 1e6;
		dst[k].present = true;
		dst[k].kind = VK_LAT;
		dst[k].v = t->v * scale;
		dst[k].res = scale;
		copy_fig(dst[k].raw, sizeof dst[k].raw, t->s, t->n);
	}
	if (create)
		ps->run.cr_lat = true;
	else
		ps->run.io_lat = true;
	return true;
}

/*
 * Read a data row (I/O when `create` is false, else the create row) at line i,
 * joining line i+1 when a wrap moved its tail there; a note the poster
 * wrote after its figures is left out, and said so. Returns the lines used;
 * 0 with *looks set when the line looked like a row but could not be read.
 */
static size_t read_row(struct pstate_all *ps, size_t i, bool create, bool *looks, const char **why)
{
	const struct br_line *l = &ps->ctx->doc->lines[i];
	struct ptoks tk;
	*looks = false;
	*why = NULL;
	/* The cell (a size, a files spec) starts with a digit and every figure
	 * has one or is a "+++": a line with neither is no row and does not
	 * look like one (Bonnie's own header lines under "Sequential Output"). */
	if (!br_digit_runs(l->text, l->len, 1) && !memchr(l->text, '+', l->len))
		return 0;
	tokenize(l->text, l->len, &tk);
	if (tk.overflow || tk.n < 2)
		return 0;
	size_t used = read_tokens(ps, i, &tk, create, true, looks, why);
	int note = used ? tk.n : note_start(&tk);
	if (note < tk.n) {
		bool looks2;
		const char *why2;
		int n = tk.n;
		tk.n = note;
		used = read_tokens(ps, i, &tk, create, false, &looks2, &why2);
		if (used && glued_latency(ps, &tk, note, n, create)) {
			*looks = false;
			*why = NULL;
		} else if (used) {
			*looks = false;
			*why = NULL;
			size_t a = tk.t[note].a, b = tk.t[n - 1].b;
			br_parse_note(ps->ctx, i, "text after the bonnie++ row's last figure left out: '%.*s'",
				      (int)(b - a > 60 ? 60 : b - a), l->text + a);
			/* the note titles the run, unless a line above it does
			 * (a create row's note goes with its I/O row's) */
			char *title = br_label_note(l->text + a, b - a);
			struct prun *run = &ps->run;
			if (title && !run->own[0] && (!create || !run->io_row))
				copy_tok(run->own, sizeof run->own, title, strlen(title));
			free(title);
		}
	}
	return used;
}

static size_t read_latency(struct pstate_all *ps, size_t i, bool create)
{
	const struct br_doc *doc = ps->ctx->doc;
	const struct br_line *l = &doc->lines[i];
	struct ptoks tk;
	tokenize(l->text, l->len, &tk);
	if (tk.overflow || tk.n < 1)
		return 0;
	/* a note after the latencies ("<- during the rebuild"): left out, and
	 * the line is whole (no wrap took its tail) */
	int note = 1;
	while (note < tk.n && tk.t[note].kind == VK_LAT)
		note++;
	bool noted = note < tk.n && note >= 3 && !is_digit(tk.t[note].s[0]) && tk.t[note].s[0] != '+';
	if (noted) {
		size_t a = tk.t[note].a, b = tk.t[tk.n - 1].b;
		br_parse_note(ps->ctx, i, "text after the bonnie++ Latency line's last figure left out: '%.*s'",
			      (int)(b - a > 60 ? 60 : b - a), l->text + a);
		tk.n = note;
	}
	int nv = tk.n - 1;
	struct ptok vals[TOK_MAX];
	memcpy(vals, tk.t + 1, (size_t)nv * sizeof *vals);
	for (int k = 0; k < nv; k++)
		if (vals[k].kind != VK_LAT)
			return 0;
	size_t used = 1;
	if (nv < 6 && !noted) {
		/* a wrapped tail: all six latencies, or what the grid places */
		int n6 = nv;
		size_t lines;
		size_t pieces = tail_lines(ps->ctx, i, SIZE_MAX, true, 6, vals, &n6, &lines);
		const struct ptok *probe[6];
		while (pieces > 0 && n6 < 6 && !place_latency(vals, n6, tk.t[0].col1 - 6, probe)) {
			n6 = nv;
			pieces = tail_lines(ps->ctx, i, pieces - 1, true, 6, vals, &n6, &lines);
		}
		nv = n6;
		used += lines;
	}
	const struct ptok *slot[6];
	const struct pval *row = create ? ps->run.cr : ps->run.io;
	int present = 0;
	for (int k = 0; k < 6; k++)
		present += row[k].present;
	bool placed = !(nv < 6 && used == 1 && collapsed(&tk, 0)) &&
		      place_latency(vals, nv, tk.t[0].col1 - 6, slot);
	/* a latency placed under a test the row skipped: the grid is off */
	for (int k = 0; placed && k < 6; k++)
		placed = !slot[k] || row[k].present || present == 0;
	if (!placed && nv < 6 && present == nv) {
		/* spacing lost or off: the latencies of the tests the row has, in order */
		for (int k = 0, j = 0; k < 6; k++)
			slot[k] = row[k].present ? &vals[j++] : NULL;
	} else if (!placed) {
		return 0;
	}
	struct pval *dst = ps->run.lat + (create ? 6 : 0);
	for (int k = 0; k < 6; k++) {
		memset(&dst[k], 0, sizeof dst[k]);
		if (!slot[k])
			continue;
		double scale = slot[k]->suffix == 'u' ? 1 : slot[k]->suffix == 'm' ? 1000 : 1e6;
		dst[k].present = true;
		dst[k].kind = VK_LAT;
		dst[k].v = slot[k]->v * scale;
		dst[k].res = scale;
		copy_fig(dst[k].raw, sizeof dst[k].raw, slot[k]->s, slot[k]->n);
	}
	if (create)
		ps->run.cr_lat = true;
	else
		ps->run.io_lat = true;
	return used;
}

/* ---------------------------------------------------------------- emitting */

/* "3000M" → bytes; plain numbers are MiB. */
static double size_bytes(const char *s, size_t n)
{
	char tmp[40];
	size_t i = 0;
	while (i < n && i < sizeof tmp - 1 && (is_digit(s[i]) || s[i] == '.'))
		i++;
	if (i == 0)
		return 0;
	memcpy(tmp, s, i);
	tmp[i] = '\0';
	double v = strtod(tmp, NULL);
	char u = i < n ? s[i] : 'M';
	switch (u) {
	case 'K': case 'k': return v * 1024;
	case 'G': case 'g': return v * 1073741824.0;
	case 'T': case 't': return v * 1099511627776.0;
	default: return v * 1048576.0;
	}
}

/* "4k" → 4096, "512" → 512, "1m" → 1048576 (chunk sizes are bytes). */
static double chunk_bytes(const char *s, size_t n)
{
	size_t i = 0;
	while (i < n && is_digit(s[i]))
		i++;
	if (i == 0)
		return 0;
	double v = strtod(s, NULL);
	if (i < n && (s[i] == 'k' || s[i] == 'K'))
		v *= 1024;
	else if (i < n && (s[i] == 'm' || s[i] == 'M'))
		v *= 1048576;
	return v;
}

static void put_params(struct br_record *rec, const struct prun *run)
{
	if (run->size[0]) {
		const char *s = run->size;
		const char *f[5] = {0};
		size_t fl[5] = {0};
		int nf = 0;
		for (const char *p = s; nf < 5;) {
			const char *q = strchr(p, ':');
			f[nf] = p;
			fl[nf] = q ? (size_t)(q - p) : strlen(p);
			nf++;
			if (!q)
				break;
			p = q + 1;
		}
		char tmp[64];
		copy_tok(tmp, sizeof tmp, f[0], fl[0]);
		br_record_param_str(rec, "size", tmp);
		double b = size_bytes(f[0], fl[0]);
		if (b > 0)
			br_record_param_num(rec, "size_bytes", b);
		if (nf > 1 && fl[1]) {
			double c = chunk_bytes(f[1], fl[1]);
			if (c > 0)
				br_record_param_num(rec, "chunk_size", c);
		}
		/* 2.00a: name size[:chunk[:concurrency[:seeks[:seekprocs]]]] */
		if (run->fam198 && nf > 2 && fl[2] && is_digit(f[2][0])) {
			/* bon_csv2txt prints size:chunk:seeks:seekprocs ("64M::8192:5")
			 * in the same cell: a seek count is no concurrency. */
			double c = strtod(f[2], NULL);
			double next = nf > 3 && fl[3] ? strtod(f[3], NULL) : -1;
			if (c < 1000 && (nf < 4 || next >= 1000))
				br_record_param_num(rec, "concurrency", c);
		}
	}
	if (run->files[0] && is_digit(run->files[0]))
		br_record_param_num(rec, "files", strtod(run->files, NULL) * 1024);
	if (run->concurrency >= 0 && !br_record_param(rec, "concurrency").key)
		br_record_param_num(rec, "concurrency", (double)run->concurrency);
}

static void put_value(struct br_record *rec, enum br_metric_id id, const struct pval *pv, bool doubtful)
{
	if (!pv->present)
		return;
	struct br_value *bv;
	if (pv->kind == VK_PLUS5) {
		bv = br_record_set_too_fast(rec, id, pv->raw);
	} else {
		bv = br_record_set(rec, id, pv->v, pv->raw);
		br_value_set_resolution(bv, pv->res);
		bv->doubtful = doubtful;
	}
	bv->marked = pv->marked;
	if (pv->has_cpu)
		br_record_set_cpu(rec, id, pv->cpu);
}

static int cmp_twin(const void *a, const void *b)
{
	const struct twin *x = a, *y = b;
	return x->key < y->key ? -1 : x->key > y->key;
}

/* The twins the reconcile step looks in: the document's records (every
 * parser's) that came from its CSV lines, sorted by merge key (twins) and by
 * first line (by_line). */
struct twins {
	struct twin *twins, *by_line;
	size_t n;
};

static void twins_build(struct twins *t, const struct br_reconcile_ctx *rc)
{
	const struct br_recset *s = &rc->ds->records;
	size_t cap = 0;
	for (size_t k = rc->first_record; k < s->n; k++) {
		const struct br_record *o = s->v[k];
		if (!o->source.format || strcmp(o->source.format, "bonnie++-csv") != 0)
			continue;
		t->twins = br_grow(t->twins, &cap, t->n + 1, sizeof *t->twins);
		t->twins[t->n++] = (struct twin){br_record_merge_key(o), o};
	}
	size_t cap_line = 0;
	t->by_line = br_grow(NULL, &cap_line, t->n ? t->n : 1, sizeof *t->by_line);
	for (size_t k = 0; k < t->n; k++)
		t->by_line[k] = (struct twin){t->twins[k].r->source.line, t->twins[k].r};
	if (t->n > 1) {
		qsort(t->twins, t->n, sizeof *t->twins, cmp_twin);
		qsort(t->by_line, t->n, sizeof *t->by_line, cmp_twin);
	}
}

/* The first of a sorted twin array whose key is at least `key`. */
static size_t twin_lower(const struct twin *v, size_t n, uint64_t key)
{
	size_t lo = 0, hi = n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (v[mid].key < key)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static void run_reset(struct prun *run)
{
	memset(run, 0, sizeof *run);
	run->concurrency = -1;
}

/* files × 1024 ("16" → 16384): what 2.00/2.00a print for a create rate. */
static double files_times_1024(const struct prun *run)
{
	return is_digit(run->files[0]) ? strtod(run->files, NULL) * 1024 : -1;
}

/* A 2.00/2.00a text create rate that is known to be wrong: files × 1024, or
 * 0 (formats/bonnieplusplus.md §2.3). */
static bool known_wrong(const struct prun *run, const struct pval *pv)
{
	return pv->present && pv->kind != VK_PLUS5 && (pv->v == 0 || pv->v == files_times_1024(run));
}

/* Was the run's table written by bon_csv2txt from its CSV line, not by
 * bonnie++ itself? 2.00a's bon_csv2txt prints the size cell as
 * size:chunk:seeks:seekprocs, defaults and all ("64G::8192:5"), where
 * bonnie++ leaves defaults out and prints size:chunk:concurrency:seeks
 * (formats/bonnieplusplus.md §2.3): a third field of 1000 or more (a seek
 * count, not a concurrency) followed by a fourth is bon_csv2txt's. Its
 * create rates come from the CSV line, right. */
static bool converted_from_csv(const struct prun *run)
{
	const char *f = run->size;
	for (int k = 0; k < 2; k++) {
		f = strchr(f, ':');
		if (!f)
			return false;
		f++;
	}
	size_t d = 0;
	while (is_digit(f[d]))
		d++;
	return d >= 4 && f[d] == ':' && is_digit(f[d + 1]);
}

/* The names the post's bonnie++ command lines give with -m ("bonnie++ -d
 * /mnt/t -s 32g -m storage-node-long-name-07"): read once into
 * ps->mnames, NUL-separated. */
static void command_names(struct pstate_all *ps)
{
	const struct br_doc *doc = ps->ctx->doc;
	ps->mnames_read = true;
	for (size_t i = 0; i < doc->nlines; i++) {
		const char *t = doc->lines[i].text;
		size_t n = doc->lines[i].len;
		if (n < 12 || !br_has_at(t, n, " -m ", 4, 1) || !br_has_at(t, n, "bonnie++", 8, 6))
			continue;
		for (size_t k = 0; k + 4 <= n; k++) {
			if (memcmp(t + k, " -m ", 4) != 0)
				continue;
			size_t a = k + 4, b;
			while (a < n && (t[a] == ' ' || t[a] == '\'' || t[a] == '"'))
				a++;
			b = a;
			while (b < n && t[b] != ' ' && t[b] != '\t' && t[b] != '\'' && t[b] != '"')
				b++;
			if (b > a && t[a] != '-' && b - a < NAME_MAX_LEN) {
				br_buf_add(&ps->mnames, t + a, b - a);
				br_buf_add(&ps->mnames, "", 1);
			}
		}
	}
}

/* The name a -m on the post's command line gave the run whose table name
 * `host` is cut from it (the text's name cell holds 18 - len(size)
 * characters), or NULL: none starts so, or two names do (no guess). */
static const char *command_name(struct pstate_all *ps, const char *host)
{
	if (!ps->mnames_read)
		command_names(ps);
	size_t hn = strlen(host);
	const char *found = NULL;
	for (size_t at = 0; at < ps->mnames.len;) {
		const char *m = ps->mnames.data + at;
		size_t mn = strlen(m);
		if (mn > hn && strncmp(m, host, hn) == 0) {
			if (found && strcmp(found, m) != 0)
				return NULL;
			found = m;
		}
		at += mn + 1;
	}
	return found;
}

/* The run as a record; with `omit_wrong` the known-wrong create rates are
 * unknown (null; *nomitted counts them). *doubtful: a create rate is kept that
 * the text may have wrong. */
static struct br_record *build_record(struct pstate_all *ps, const struct prun *run, bool omit_wrong,
				      bool *doubtful, int *nomitted)
{
	struct br_parse_ctx *ctx = ps->ctx;
	struct br_record *rec = br_parse_record_new(ctx, BR_TOOL_BONNIEPP, run->start, run->last);
	if (run->version[0])
		br_record_set_version(rec, run->version);
	const char *host = run->host[0] ? run->host : run->cr_host[0] ? run->cr_host : NULL;
	/* bon_csv2txt cuts the name to each section's own width ("web-01."
	 * over "web-01.example.o"): of two copies that start alike, the longer */
	size_t hn = strlen(run->host);
	bool longer = hn && strlen(run->cr_host) > hn && strncmp(run->cr_host, run->host, hn) == 0;
	if (longer)
		host = run->cr_host;
	br_record_set_host(rec, host);
	/* the text cuts a name to its 19-column name/size cell (18 - len(size)
	 * characters; a 1.9x create line's name to 19): a name that fills the
	 * cell, give or take a column, may be the start of a longer one (the
	 * longer of two cut copies too) */
	if (host)
		rec->host_cut = longer || (host == run->host ? strlen(host) + strlen(run->size) >= 16
							     : strlen(host) >= 17);
	/* a cut name the post's command line gives whole ("-m NAME") */
	const char *whole = rec->host_cut ? command_name(ps, host) : NULL;
	if (whole) {
		br_record_set_host(rec, whole);
		rec->host_cut = false;
	}
	const char *own = run->own[0] ? run->own : NULL;
	char *label = ps->label_ctx ? br_parse_label(ps->label_ctx, ps->label_idx, own)
				    : br_parse_label(ctx, run->label_at, own);
	br_record_set_label(rec, label);
	free(label);
	put_params(rec, run);
	for (int p = 0; p < 6; p++)
		put_value(rec, io_ids[p], &run->io[p], false);
	*doubtful = false;
	*nomitted = 0;
	for (int p = 0; p < 6; p++) {
		bool d = run->fam198 && !run->runner && !converted_from_csv(run) && run->cr[p].present &&
			 run->cr[p].kind != VK_PLUS5;
		if (d && omit_wrong && known_wrong(run, &run->cr[p])) {
			/* the rate is unknown (null, as printed in raw); its CPU
			 * figure is right */
			struct br_value *bv = br_record_set(rec, cr_ids[p], NAN, run->cr[p].raw);
			bv->doubtful = true;
			bv->marked = run->cr[p].marked;
			if (run->cr[p].has_cpu)
				br_record_set_cpu(rec, cr_ids[p], run->cr[p].cpu);
			(*nomitted)++;
			continue;
		}
		*doubtful = *doubtful || d;
		put_value(rec, cr_ids[p], &run->cr[p], d);
	}
	for (int k = 0; k < 12; k++) {
		int lid = br_metric_latency_of(k < 6 ? io_ids[k] : cr_ids[k - 6]);
		if (lid >= 0)
			put_value(rec, (enum br_metric_id)lid, &run->lat[k], false);
	}
	return rec;
}

/* Do the figures both records hold and trust agree? *shared: how many. */
static bool figures_agree(const struct br_record *a, const struct br_record *b, int *shared)
{
	*shared = 0;
	for (int i = 0; i < BR_METRIC_COUNT; i++) {
		const struct br_value x = br_record_get(a, (enum br_metric_id)i);
		const struct br_value y = br_record_get(b, (enum br_metric_id)i);
		if (!x.present || !y.present || x.doubtful || y.doubtful)
			continue;
		if (x.too_fast || y.too_fast) {
			if (x.too_fast != y.too_fast)
				return false;
		} else if (x.has_value != y.has_value) {
			return false;
		} else if (x.has_value) {
			double tol = fmax(br_value_resolution(x), br_value_resolution(y));
			if (fabs(x.value - y.value) > tol + 1e-9 * fmax(fabs(x.value), 1.0))
				return false;
		}
		if (x.has_cpu != y.has_cpu || (x.has_cpu && fabs(x.cpu - y.cpu) > 0.05))
			return false;
		(*shared)++;
	}
	return true;
}

/*
 * The run's CSV copy in the document, or NULL. With `any_place` (the
 * text's create rates need the copy) a copy the merge takes as the same
 * run counts wherever it stands: only records of one merge key can be
 * merged (br_recset_merge), so only that bucket is searched. Then the lines
 * next to the table (within three of it) are looked at: a copy there or on
 * the table's own lines that the merge takes as the same run (whatever
 * figures either lacks), or one next to it that names another host (a poster
 * renamed the machine in the table, not in the CSV line) and agrees on
 * every figure both hold (their CPU figures too), at least six of them (a
 * run's I/O tests): then *renamed.
 */
static const struct br_record *find_twin(const struct twins *t, const struct br_record *rec,
					 bool any_place, bool *renamed)
{
	*renamed = false;
	if (any_place) {
		uint64_t key = br_record_merge_key(rec);
		for (size_t k = twin_lower(t->twins, t->n, key); k < t->n && t->twins[k].key == key; k++)
			if (br_record_same_run(t->twins[k].r, rec))
				return t->twins[k].r;
	}
	unsigned a = rec->source.line, b = rec->source.end_line;
	uint64_t from = a > 3 ? a - 3 : 0;
	for (size_t k = twin_lower(t->by_line, t->n, from);
	     k < t->n && t->by_line[k].key <= (uint64_t)b + 3; k++) {
		const struct br_record *o = t->by_line[k].r;
		if (br_record_same_run(o, rec))
			return o; /* on the table's lines too: a page all on one line */
		bool adjacent = o->source.line > b || o->source.end_line < a;
		if (!adjacent)
			continue;
		int shared;
		if (o->host && rec->host && figures_agree(o, rec, &shared) && shared >= 6) {
			*renamed = true;
			return o;
		}
	}
	return NULL;
}

/* Build the run's record and hand it over (the caller claims the lines);
 * what its CSV copy may change is kept for the reconcile hook. */
static void emit_run(struct pstate_all *ps, const struct prun *run)
{
	struct br_parse_ctx *ctx = ps->ctx;
	struct kept *kp = ps->kept;
	kp->v = br_grow(kp->v, &kp->cap, kp->n + 1, sizeof *kp->v);
	struct kept_run *k = &kp->v[kp->n++];
	memset(k, 0, sizeof *k);
	struct br_record *rec = build_record(ps, run, false, &k->doubtful, &k->nomitted);
	if (k->doubtful)
		k->alt = br_record_compact(build_record(ps, run, true, &k->alt_doubtful, &k->nomitted));
	k->host_line = br_parse_line(ctx, run->io_row ? run->io_idx : run->cr_idx);
	k->cr_line = br_parse_line(ctx, run->cr_idx);
	snprintf(k->version, sizeof k->version, "%s", run->version[0] ? run->version : "1.98+");
	br_parse_emit(ctx, rec);
	k->idx = ctx->ds->records.n - 1;
	ps->emitted++;
}

/*
 * The figures of the run's CSV copy that its text lacks (a poster kept one
 * section of the report, the I/O or the file tests, and the whole CSV
 * line), taken into the text's record: the merge files runs by their CPU
 * figures, so the two copies of one run must hold the same ones to be found
 * as one. Returns how many were taken.
 */
static int take_missing(struct br_record *rec, const struct br_record *twin)
{
	int n = 0;
	for (int i = 0; i < BR_METRIC_COUNT; i++) {
		const struct br_value y = br_record_get(twin, (enum br_metric_id)i);
		if (!y.present || br_record_get(rec, (enum br_metric_id)i).present)
			continue;
		char raw[BR_RAW_BUF];
		struct br_value *x = br_record_set(rec, (enum br_metric_id)i, y.has_value ? y.value : NAN,
						   br_value_raw(&y, raw));
		br_value_set_resolution(x, br_value_resolution(y));
		x->too_fast = y.too_fast;
		x->marked = y.marked;
		x->doubtful = y.doubtful;
		if (y.has_cpu)
			br_record_set_cpu(rec, (enum br_metric_id)i, y.cpu);
		n++;
	}
	return n;
}

/* One kept run settled against its CSV copy: the host the CSV line names
 * (a note), the figures only the copy has, or, with no copy, the
 * known-wrong create rates unknown (notes and doubts). */
static void reconcile_run(struct br_reconcile_ctx *rc, const struct twins *t, struct kept_run *k)
{
	struct br_record **slot = &rc->ds->records.v[k->idx];
	bool renamed;
	const struct br_record *twin = find_twin(t, *slot, k->doubtful, &renamed);
	if (twin && renamed) {
		br_reconcile_note(rc, k->host_line,
				  "bonnie++ table names '%s', the CSV line next to it '%s' with the same "
				  "figures: one run, named as the CSV line names it",
				  (*slot)->host, twin->host);
		br_record_set_host(*slot, twin->host);
		*slot = br_record_compact(*slot);
	}
	if (twin && !k->doubtful && take_missing(*slot, twin))
		*slot = br_record_compact(*slot);
	if (k->doubtful && !twin) {
		br_record_free(*slot);
		*slot = k->alt;
		k->alt = NULL;
		if (k->nomitted)
			br_reconcile_note(rc, k->cr_line,
					  "bonnie++ %s prints wrong create/stat/delete rates in its text "
					  "report (files x 1024, or 0) and this run has no CSV line; %d "
					  "of them unknown (null)",
					  k->version, k->nomitted);
		if (k->alt_doubtful)
			br_reconcile_doubt(rc, k->cr_line,
					   "bonnie++ %s prints wrong create/stat/delete rates in its text "
					   "report and this run has no CSV line; keeping the text figures",
					   k->version);
	}
	br_record_free(k->alt);
}

/* The reconcile hook: every run this parser emitted in the document, in the
 * order emitted, against the CSV records every parser emitted. */
static void reconcile(struct br_reconcile_ctx *rc)
{
	struct kept *kp = rc->kept;
	if (!kp)
		return;
	struct twins t = {0};
	twins_build(&t, rc);
	for (size_t i = 0; i < kp->n; i++)
		reconcile_run(rc, &t, &kp->v[i]);
	free(t.twins);
	free(t.by_line);
	free(kp->v);
	free(kp);
}

static void claim_table(struct pstate_all *ps, size_t first, size_t last, const struct prun *run,
			size_t nruns)
{
	struct br_parse_ctx *ctx = ps->ctx;
	char why[96 + NAME_MAX_LEN] = "";
	const char *host = run->host[0] ? run->host : run->cr_host[0] ? run->cr_host : NULL;
	if (ctx->ds->skip_claims) /* only --explain shows it */
		;
	else if (nruns > 1)
		snprintf(why, sizeof why, "bonnie++ %s text report, %zu runs under one header",
			 run->version[0] ? run->version : "", nruns);
	else
		snprintf(why, sizeof why, "bonnie++ %s text report%s%s",
			 run->version[0] ? run->version : "", host ? " for " : "", host ? host : "");
	br_parse_claim(ctx, first, last, why);
}

/* The create-section part of a run: its fields cleared, or taken from src. */
static void cr_part_clear(struct prun *d)
{
	d->cr_host[0] = '\0';
	d->files[0] = '\0';
	d->cr_row = d->cr_lat = false;
	d->cr_idx = 0;
	memset(d->cr, 0, sizeof d->cr);
	memset(d->lat + 6, 0, 6 * sizeof d->lat[0]);
}

static void cr_part_take(struct prun *d, const struct prun *src)
{
	memcpy(d->cr_host, src->cr_host, sizeof d->cr_host);
	memcpy(d->files, src->files, sizeof d->files);
	d->cr_row = src->cr_row;
	d->cr_lat = src->cr_lat;
	d->cr_idx = src->cr_idx;
	memcpy(d->cr, src->cr, sizeof d->cr);
	memcpy(d->lat + 6, src->lat + 6, 6 * sizeof d->lat[0]);
	d->fam198 = d->fam198 || src->fam198;
	d->runner = d->runner || src->runner;
	if (src->last > d->last)
		d->last = src->last;
}

/* The next run of tab[] from *k on with an I/O row (io) or a create row. */
static const struct prun *next_part(const struct pstate_all *ps, size_t *k, bool io)
{
	for (; *k < ps->ntab; (*k)++)
		if (io ? ps->tab[*k].io_row : ps->tab[*k].cr_row)
			return &ps->tab[(*k)++];
	return NULL;
}

/*
 * The table ended: emit its runs. With as many create rows as I/O rows
 * (more than one), create row k is I/O row k's (names, where both rows
 * print one, must agree); otherwise each run as it was read (the first
 * create row then stays with the last I/O row above it).
 */
static void pend_flush(struct pstate_all *ps)
{
	if (!ps->pend.open)
		return;
	emit_run(ps, &ps->pend);
	claim_table(ps, ps->pend.start, ps->pend.last, &ps->pend, 1);
	run_reset(&ps->pend);
}

/* Only blanks and punctuation (a code fence, a rule) on lines a..b? A mail
 * signature ("-- " alone, then its lines up to a blank one) counts as
 * none: a digest or a paste put it between the two blocks. */
static bool gap_is_empty(const struct br_doc *doc, size_t a, size_t b)
{
	bool sig = false;
	for (size_t i = a; i <= b && i < doc->nlines; i++) {
		const struct br_line *l = &doc->lines[i];
		if (br_is_blank(l->text, l->len))
			sig = false;
		else if (l->len >= 2 && l->len <= 3 && memcmp(l->text, "--", 2) == 0 &&
			 (l->len == 2 || l->text[2] == ' '))
			sig = true;
		if (sig)
			continue;
		for (size_t k = 0; k < doc->lines[i].len; k++) {
			unsigned char c = (unsigned char)doc->lines[i].text[k];
			if ((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
			    c >= 0x80)
				return false;
		}
	}
	return true;
}

/*
 * 1.92+ prints the create section as a block of its own ("Version 1.97
 * ---Sequential Create---", the machine name on the next line); a post may
 * set it apart from the I/O block (each in a code block of its own). An
 * I/O-only run waits in ps->pend: a create-only block of the same version
 * and machine that follows within six lines, with nothing but blanks and
 * punctuation between, is the same run.
 */
static bool pend_joins(const struct pstate_all *ps, const struct prun *run)
{
	const struct prun *p = &ps->pend;
	if (!p->open || run->io_row || !run->cr_row || !run->cr_host[0] || !p->host[0] ||
	    strcmp(p->version, run->version) != 0 || run->start <= p->last || run->start > p->last + 7)
		return false;
	size_t la = strlen(p->host), lb = strlen(run->cr_host);
	if (strncmp(p->host, run->cr_host, la < lb ? la : lb) != 0)
		return false;
	return run->start == p->last + 1 || gap_is_empty(ps->ctx->doc, p->last + 1, run->start - 1);
}

static void table_flush(struct pstate_all *ps)
{
	struct prun *run = &ps->run;
	struct br_parse_ctx *ctx = ps->ctx;
	ps->row_label[0] = '\0';
	if (!run->open)
		return;
	if (run->io_row && run->strong_hdr) {
		ps->hdr = *run;
		ps->has_hdr = true;
	}
	if (ps->ntab == 0 && pend_joins(ps, run)) {
		struct prun c = ps->pend;
		cr_part_take(&c, run);
		emit_run(ps, &c);
		claim_table(ps, ps->pend.start, ps->pend.last, &c, 1);
		claim_table(ps, run->start, run->last, &c, 1);
		run_reset(&ps->pend);
		run_reset(run);
		return;
	}
	pend_flush(ps);
	if (ps->ntab == 0) {
		if (!run->io_row && !run->cr_row) {
			if (run->strong_hdr && run->nhdr >= 2)
				br_parse_warn(ctx, run->start, "bonnie++ table header without a result row");
		} else if (run->io_row && !run->cr_row && run->version[0] && run->host[0]) {
			ps->pend = *run; /* its create block may follow */
		} else {
			emit_run(ps, run);
			claim_table(ps, run->start, run->last, run, 1);
		}
		run_reset(run);
		return;
	}
	if (run->io_row || run->cr_row) {
		ps->tab = br_grow(ps->tab, &ps->cap_tab, ps->ntab + 1, sizeof *ps->tab);
		ps->tab[ps->ntab++] = *run;
	}
	run_reset(run);
	size_t nio = 0, ncr = 0, last = 0;
	for (size_t k = 0; k < ps->ntab; k++) {
		nio += ps->tab[k].io_row;
		ncr += ps->tab[k].cr_row;
		if (ps->tab[k].last > last)
			last = ps->tab[k].last;
	}
	bool pair = nio == ncr && nio > 1;
	for (size_t ki = 0, kc = 0; pair && ki < ps->ntab;) {
		const struct prun *io = next_part(ps, &ki, true), *cr = next_part(ps, &kc, false);
		if (!io || !cr)
			break;
		const char *a = io->host, *b = cr->cr_host;
		size_t la = strlen(a), lb = strlen(b);
		if (la && lb && strncmp(a, b, la < lb ? la : lb) != 0)
			pair = false;
	}
	if (pair) {
		for (size_t ki = 0, kc = 0;;) {
			const struct prun *io = next_part(ps, &ki, true), *cr = next_part(ps, &kc, false);
			if (!io || !cr)
				break;
			struct prun c = *io;
			cr_part_clear(&c);
			cr_part_take(&c, cr);
			emit_run(ps, &c);
		}
	} else {
		for (size_t k = 0; k < ps->ntab; k++)
			emit_run(ps, &ps->tab[k]);
	}
	claim_table(ps, ps->tab[0].start, last, &ps->tab[0], pair ? nio : ps->ntab);
	ps->ntab = 0;
}

static void run_flush(struct pstate_all *ps)
{
	table_flush(ps);
}

/* For --explain: why line i, which looked like a row of the open table,
 * was not read as one. */
static void explain_reject(struct pstate_all *ps, size_t i, bool create, const char *why)
{
	if (why && !ps->ctx->ds->skip_claims)
		br_parse_note(ps->ctx, i, "not read as a bonnie++ %s row: %s",
			      create ? "file-creation" : "I/O", why);
}

/*
 * Line i is another row under the open run's header (or below its Latency
 * line): the run waits in tab[] and a new one, sharing the header, reads the
 * row. False (nothing changed) when the line is no such row.
 */
static bool sibling_row(struct pstate_all *ps, size_t *ip, bool create)
{
	size_t i = *ip;
	ps->tab = br_grow(ps->tab, &ps->cap_tab, ps->ntab + 1, sizeof *ps->tab);
	struct prun *prev = &ps->tab[ps->ntab];
	*prev = ps->run;
	struct prun *run = &ps->run;
	run_reset(run);
	run->open = true;
	run->st = create ? ST_CRHDR : ST_IOHDR;
	run->start = run->last = i;
	run->label_at = prev->label_at;
	run->nhdr = prev->nhdr;
	run->strong_hdr = prev->strong_hdr;
	run->fam198 = prev->fam198;
	run->runner = prev->runner;
	run->concurrency = prev->concurrency;
	memcpy(run->version, prev->version, sizeof run->version);
	bool looks;
	const char *why = NULL;
	size_t used = read_row(ps, i, create, &looks, &why);
	int pairs = 0;
	for (int p = 0; used && p < 6; p++)
		pairs += (create ? run->cr : run->io)[p].present;
	if (used && pairs < 4) {
		/* fewer than a -f row's four: a line of figures below the table */
		used = 0;
		why = "fewer than four of the six tests";
	}
	if (!used) {
		*run = *prev; /* the run goes on as it was: nothing read */
		explain_reject(ps, i, create, why);
		return false;
	}
	ps->ntab++;
	run->st = create ? ST_CRROW : ST_IOROW;
	*ip = i + used - 1;
	run->last = *ip;
	return true;
}

static void run_start(struct pstate_all *ps, size_t i)
{
	run_flush(ps);
	run_reset(&ps->run);
	ps->run.open = true;
	ps->run.start = ps->run.last = i;
	ps->run.label_at = i;
	ps->run.st = ST_IOHDR;
}

static void take_version(struct prun *run, const struct pline *pl)
{
	if (!run->version[0])
		memcpy(run->version, pl->version, sizeof run->version);
	if (br_starts_with(pl->version, RUNNER_PREFIX))
		run->runner = true;
	if (strncmp(pl->version, "1.98", 4) == 0 || strncmp(pl->version, "2.", 2) == 0)
		run->fam198 = true;
}

/* Does a header line of kind k start something new in the open run? */
static bool is_io_header(enum pk k)
{
	return k == PK_SEQOUT || k == PK_IO2 || k == PK_IO3;
}

static bool is_cr_header(enum pk k)
{
	return k == PK_CR1 || k == PK_CR2 || k == PK_CR3;
}

/*
 * A hand-merged table may title a row on a line of its own right above it
 * ("with write-back:"): a short line of words (at most 80 bytes, no more
 * than eight words) followed by a line with a row's shape. Its text is kept
 * for that row (ps->row_label) and the table goes on.
 */
static bool label_line(struct pstate_all *ps, size_t i, bool create)
{
	const struct br_doc *doc = ps->ctx->doc;
	const struct br_line *l = &doc->lines[i];
	if (l->len > 80 || i + 1 >= doc->nlines || br_parse_is_claimed(ps->ctx, i + 1))
		return false;
	struct ptoks tk;
	tokenize(l->text, l->len, &tk);
	if (tk.overflow || tk.n == 0 || tk.n > 8)
		return false;
	bool letter = false;
	for (size_t k = 0; k < l->len && !letter; k++) {
		char c = l->text[k];
		letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
	}
	if (!letter || !row_shape(&doc->lines[i + 1], create))
		return false;
	size_t a = tk.t[0].a, b = tk.t[tk.n - 1].b;
	while (b > a && (l->text[b - 1] == ':' || l->text[b - 1] == ' '))
		b--;
	copy_tok(ps->row_label, sizeof ps->row_label, l->text + a, b - a);
	return true;
}

/* Step of run_line: a "Version ... Create" line opens the create header
 * of a run whose I/O part came first; false when it ends the run. */
static bool create_version(struct prun *run, const struct pline *pl)
{
	if (pl->ver_create && !run->cr_row && run->st != ST_CRHDR && (run->io_row || run->st == ST_IOHDR)) {
		if (run->st == ST_IOHDR && run->nhdr > 0 && !run->io_row)
			return false; /* a create-only block after an unfinished header */
		take_version(run, pl);
		run->st = ST_CRHDR;
		return true;
	}
	return false;
}

/* Step of run_line: a line of the I/O header; false when it ends the run. */
static bool io_header(struct prun *run, const struct pline *pl)
{
	if (run->st != ST_IOHDR)
		return false;
	if (pl->kind == PK_IO2 && pl->concurrency >= 0)
		run->concurrency = pl->concurrency;
	if (pl->kind == PK_IO3) {
		run->strong_hdr = true;
		run->fam198 = run->fam198 || pl->io3_198;
	}
	return true;
}

/* Step of run_line: a line of the create header (which may name the
 * machine); false when it ends the run. */
static bool create_header(struct prun *run, const struct pline *pl)
{
	if (run->cr_row || (run->st == ST_IOHDR && run->nhdr > 0 && !run->io_row))
		return false;
	if (pl->kind == PK_CR2 && pl->name_b > pl->name_a && !run->cr_host[0])
		copy_tok(run->cr_host, sizeof run->cr_host, pl->text + pl->name_a, pl->name_b - pl->name_a);
	if (pl->kind == PK_CR3)
		run->strong_hdr = true;
	run->st = ST_CRHDR;
	return true;
}

/* Step of run_line: the "Latency" line after a row; false when the run has
 * no row for it (or had its latencies already). */
static bool latency_line(struct pstate_all *ps, size_t *ip)
{
	struct prun *run = &ps->run;
	size_t i = *ip;
	bool create = run->st == ST_CRROW;
	if ((run->st != ST_IOROW && run->st != ST_CRROW) || (create ? run->cr_lat : run->io_lat))
		return false;
	size_t used = read_latency(ps, i, create);
	if (!used) {
		br_parse_warn(ps->ctx, i, "bonnie++ Latency line cannot be read; skipped");
		used = 1;
	}
	*ip = i + used - 1;
	run->last = *ip;
	return true;
}

/* Step of run_line: the line under a header: its row, a label above the
 * row, or a row that cannot be read (warned about, and the run goes on);
 * false when it ends the run. */
static bool row_under_header(struct pstate_all *ps, size_t *ip)
{
	struct prun *run = &ps->run;
	size_t i = *ip;
	bool create = run->st == ST_CRHDR, looks;
	const char *why;
	size_t used = read_row(ps, i, create, &looks, &why);
	if (!used && !looks && label_line(ps, i, create))
		return true;
	if (used) {
		run->st = create ? ST_CRROW : ST_IOROW;
		*ip = i + used - 1;
		run->last = *ip;
		return true;
	}
	if (!looks)
		return false;
	br_parse_warn(ps->ctx, i,
		      "bonnie++ %s row cannot be read (truncated, or a column "
		      "missing); skipped",
		      create ? "file-creation" : "I/O");
	explain_reject(ps, i, create, why);
	run->strong_hdr = false; /* warned once is enough */
	run->last = i;
	run->st = create ? ST_CRROW : ST_IOROW;
	return true;
}

/* Handle one line of an open run; false when the line ends the run (it is
 * then looked at again as a possible start). A header line taken counts in
 * the run's header. */
static bool run_line(struct pstate_all *ps, size_t *ip, const struct pline *pl)
{
	struct prun *run = &ps->run;
	size_t i = *ip;
	bool in_hdr = run->st == ST_IOHDR || run->st == ST_CRHDR;
	switch (pl->kind) {
	case PK_VER:
		if (!create_version(run, pl))
			return false;
		break;
	case PK_SEQOUT:
	case PK_IO2:
	case PK_IO3:
		if (!io_header(run, pl))
			return false;
		break;
	case PK_CR1:
	case PK_CR2:
	case PK_CR3:
		if (!create_header(run, pl))
			return false;
		break;
	case PK_FRAG:
		if (!in_hdr)
			return false;
		break;
	case PK_LAT:
		return latency_line(ps, ip);
	case PK_BLANK:
		return true; /* the caller decides whether the run goes on */
	case PK_OTHER:
		if (run->st == ST_IOROW || run->st == ST_CRROW) {
			bool create = run->st == ST_CRROW;
			return sibling_row(ps, ip, create) || label_line(ps, i, create);
		}
		return in_hdr && row_under_header(ps, ip);
	}
	run->nhdr++;
	run->last = i;
	return true;
}

static bool starts_run(const struct pline *pl)
{
	switch (pl->kind) {
	case PK_VER:
	case PK_IO2:
	case PK_IO3:
	case PK_CR1:
	case PK_CR2:
	case PK_CR3:
	case PK_SEQOUT:
		return true;
	default:
		return false;
	}
}

/* ---------------------------------------------------------------- a table on one line */

static void parse_lines(struct pstate_all *ps);
/* ------------------------------------------------------------ hand tables */

/*
 * A table a poster wrote by hand from bonnie++'s figures, with their own
 * words over the columns (Markdown, a spreadsheet's TABs, or columns lined
 * up with spaces):
 *
 *   | disk        | seq write MB/s | seq read MB/s | rewrite | seeks/s |
 *   |-------------|---------------:|--------------:|--------:|--------:|
 *   | Samsung 970 | 1,450          | 2210          | 820     | 12000   |
 *
 * A header cell names a figure by its words (hand_kind: "write", "read",
 * "rewrite", "seeks", "per chr", "create", "delete", "stat", "cpu"); the
 * header names two figures or more, one of them bonnie's own (rewrite,
 * seeks, per-char, the file tests), in a document that names bonnie. Each
 * row below is a run: the first cell that is no figure's names it (its
 * host, as the machine column does), the rest are read by their column.
 * A rate takes its unit from its cell ("120 MB/s", "540k"), else its
 * column's header, else the header line's; with none it is not read (no
 * guess) and a warning says so. Thousands separators ("1,234") go; "+++++"
 * is too fast to measure; "-", "n/a" and empty cells are no figure. A
 * "CPU"/"%CP" column is the CPU of the figure before it. In a post that
 * has bonnie++'s own report or CSV lines, a row that sums up one of those
 * runs again is dropped (drop_restated); the others are runs of their own.
 */
enum { HAND_COLS = 16, HAND_CELL = 96 };

struct hcol {
	int id;      /* enum br_metric_id, or -1 (the name, or a column not read) */
	bool cpu;    /* the CPU figure of column `of` */
	int of;
	char unit;   /* 'k' 'm' 'g' KiB/MiB/GiB per second, 'c' a count per second, 0 */
};

struct htable {
	char sep;    /* '|', '\t' or ' ' (gaps of two blanks or more) */
	size_t ncol;
	struct hcol col[HAND_COLS];
	char unit;   /* the header line's rate unit */
	int name;    /* the name column, -1 if none */
	char run_word[16]; /* the name column counts runs ("run", "#"): its header */
	bool shared; /* other columns are another tool's ("hdparm -T"): its parser reads them */
	bool paren_cpu; /* its words say "CPU" is in brackets: "612 (21)" is a rate and its CPU */
	bool indent; /* no name column, the header indented: rows may have cells before its columns */
	int size;    /* the runs' file size column ("MB", "Size (GB)"), -1 if none */
	char size_unit; /* its header's unit: 'M', 'G', 0 (none said) */
};

/* Cells of s[0..n) between separators, trimmed; returns their count (at
 * most HAND_COLS + 1: more means not a table). A '|' line's outer pipes
 * make no cells. */
static size_t hand_cells(const char *s, size_t n, char sep, const char **c, size_t *cn)
{
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r'))
		n--;
	while (n && (*s == ' ' || (sep != '\t' && *s == '\t')))
		s++, n--;
	if (sep == '|' && n && *s == '|')
		s++, n--;
	if (sep == '|' && n && s[n - 1] == '|')
		n--;
	size_t k = 0, a = 0;
	for (;;) {
		size_t b = a;
		while (b < n && !(s[b] == sep && (sep != ' ' || (b + 1 < n && (s[b + 1] == ' ' || s[b + 1] == '\t')))) &&
		       !(sep == ' ' && s[b] == '\t'))
			b++;
		if (k > HAND_COLS)
			return k;
		size_t x = a, y = b;
		while (x < y && (s[x] == ' ' || s[x] == '\t'))
			x++;
		while (y > x && (s[y - 1] == ' ' || s[y - 1] == '\t'))
			y--;
		c[k] = s + x;
		cn[k] = y - x;
		k++;
		if (b >= n)
			return k;
		a = b + 1;
		while (sep == ' ' && a < n && (s[a] == ' ' || s[a] == '\t'))
			a++;
	}
}

/* Does s[0..n) hold w (lower case, its first byte a letter, '%' or '/')
 * in any case? */
static bool hand_has(const char *s, size_t n, const char *w)
{
	size_t m = strlen(w);
	for (size_t i = 0; i + m <= n; i++)
		if ((s[i] | 0x20) == w[0] && strncasecmp(s + i, w, m) == 0)
			return true;
	return false;
}

/* Does s[0..n) hold w (lower case) at the start of a word: "Put Block",
 * "putc", "Seq_Put"; not the "put" of "Input", the "get" of "target". */
static bool hand_has_word(const char *s, size_t n, const char *w)
{
	size_t m = strlen(w);
	for (size_t i = 0; i + m <= n; i++)
		if ((i == 0 || !isalpha((unsigned char)s[i - 1])) && strncasecmp(s + i, w, m) == 0)
			return true;
	return false;
}

/* The rate unit a header cell or a cell's tail names: 'k' 'm' 'g', 'c'
 * for a count per second ("/s", "ops", "files/s"), 0 for none. */
static char hand_unit(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		char c = (char)(s[i] | 0x20);
		if ((c == 'k' || c == 'm' || c == 'g') && (i == 0 || !isalpha((unsigned char)s[i - 1]))) {
			size_t j = i + 1;
			if (j < n && (s[j] == 'i' || s[j] == 'I'))
				j++;
			if (j < n && (s[j] == 'b' || s[j] == 'B'))
				j++;
			if (j < n && s[j] == '/' && j + 1 < n && (s[j + 1] | 0x20) == 's')
				return c;
			if (j > i + 1 && (j == n || !isalpha((unsigned char)s[j])))
				return c; /* "MB", "KiB" */
		}
	}
	if (hand_has(s, n, "/s") || hand_has(s, n, "ops") || hand_has(s, n, "per sec"))
		return 'c';
	return 0;
}

/* Bonnie's own words for its columns, "Char out", "Block in", "char-in":
 * 'w' (output), 'r' (input) or 0 when s[0..n) has none. */
static char hand_in_out(const char *s, size_t n)
{
	static const char *const tests[] = {"char", "chr", "block"};
	for (size_t i = 0; i < n; i++) {
		if (i > 0 && isalpha((unsigned char)s[i - 1]))
			continue;
		for (size_t w = 0; w < BR_ARRAY_LEN(tests); w++) {
			size_t m = strlen(tests[w]), j = i + m;
			if (j > n || strncasecmp(s + i, tests[w], m) != 0)
				continue;
			if (j >= n || !(s[j] == ' ' || s[j] == '-' || s[j] == '_'))
				continue;
			while (j < n && (s[j] == ' ' || s[j] == '-' || s[j] == '_'))
				j++;
			size_t k = j;
			while (k < n && isalpha((unsigned char)s[k]))
				k++;
			if (k - j == 3 && strncasecmp(s + j, "out", 3) == 0)
				return 'w';
			if (k - j == 2 && strncasecmp(s + j, "in", 2) == 0)
				return 'r';
		}
	}
	return 0;
}

/* The figure a header cell names (enum br_metric_id), -1 if none; *cpu
 * when it is a CPU column. */
static int hand_kind(const char *s, size_t n, bool *cpu)
{
	*cpu = hand_has(s, n, "cpu") || hand_has(s, n, "%cp") || (n == 1 && *s == '%');
	if (hand_has(s, n, "lat"))
		return -2; /* a latency: not read */
	bool ran = hand_has(s, n, "ran") || hand_has(s, n, "rnd");
	if (hand_has(s, n, "rewrite") || hand_has(s, n, "re-write"))
		return BR_M_rewrite;
	if (hand_has(s, n, "seek"))
		return BR_M_seeks;
	if (hand_has(s, n, "creat"))
		return ran ? BR_M_ran_create : BR_M_seq_create;
	if (hand_has(s, n, "del"))
		return ran ? BR_M_ran_del : BR_M_seq_del;
	if (hand_has(s, n, "stat"))
		return ran ? BR_M_ran_stat : BR_M_seq_stat;
	bool wr = hand_has(s, n, "writ") || hand_has(s, n, "output") || hand_has_word(s, n, "put");
	bool rd = hand_has(s, n, "read") || hand_has(s, n, "input") || hand_has_word(s, n, "get");
	if (!wr && !rd) {
		char io = hand_in_out(s, n);
		wr = io == 'w';
		rd = io == 'r';
	}
	if (wr == rd)
		return ran && !wr ? BR_M_seeks : -1; /* "Random" is bonnie's seeks */
	if (ran)
		return -1; /* "random read": not bonnie's */
	bool chr = hand_has(s, n, "chr") || hand_has(s, n, "char") || hand_has(s, n, "putc") ||
		   hand_has(s, n, "getc") || hand_has(s, n, "byte");
	if (chr)
		return wr ? BR_M_putc : BR_M_getc;
	return wr ? BR_M_put_block : BR_M_get_block;
}

/* The text of line l as a hand table reads it: a spreadsheet's TABs are
 * blanks in the decoded line (expanded to tab stops, which may leave one
 * blank between two cells), so a line with TABs is read as typed, from its
 * physical line: *sep is '\t'. The physical line is taken only when its
 * bytes other than blanks end with the decoded line's (quote marks may
 * precede them). */
static const char *hand_line(const struct br_doc *doc, const struct br_line *l, size_t *n, char *sep)
{
	*n = l->len;
	*sep = memchr(l->text, '|', l->len) ? '|' : ' ';
	if (*sep == '|') {
		/* empty cells after the line, its only bars (" | |": each line
		 * pasted into a table's first column) make no table of it */
		size_t e = l->len;
		while (e && (l->text[e - 1] == ' ' || l->text[e - 1] == '\t' || l->text[e - 1] == '|'))
			e--;
		if (e && e < l->len && l->text[e] == ' ' && !memchr(l->text, '|', e)) {
			*n = e;
			*sep = ' ';
			return l->text;
		}
	}
	if (*sep == '|' || l->line != l->end_line || l->line == 0 || l->line > doc->nphys ||
	    doc->shown) /* (a decoded base64 line: its physical line is base64) */
		return l->text;
	const char *p = doc->raw + doc->phys[l->line - 1];
	size_t pn = br_doc_phys_len(doc, l->line - 1);
	if (!memchr(p, '\t', pn))
		return l->text;
	size_t a = pn, b = l->len;
	for (;;) {
		while (a && (p[a - 1] == ' ' || p[a - 1] == '\t' || p[a - 1] == '\r'))
			a--;
		while (b && (l->text[b - 1] == ' ' || l->text[b - 1] == '\t'))
			b--;
		if (!b)
			break;
		if (!a || p[a - 1] != l->text[b - 1])
			return l->text;
		a--, b--;
	}
	for (size_t k = 0; k < a; k++)
		if (p[k] != '>' && p[k] != ' ' && p[k] != '\t')
			return l->text;
	while (a < pn && (p[a] == '>' || p[a] == ' '))
		a++;
	*sep = '\t';
	*n = pn - a;
	return p + a;
}

/* The figure of a header cell that names a test but not its direction
 * ("Per Chr", "Block", as bonnie++'s own header has them under "Sequential
 * Output" and "Sequential Input"): its place in bonnie++'s order tells,
 * output before the rewrite column or the same test's first column, input
 * after. -1: the cell names neither. */
static int hand_in_order(const struct htable *t, size_t j, const char *s, size_t n)
{
	bool chr = hand_has(s, n, "chr") || hand_has(s, n, "char");
	if (!chr && !hand_has_word(s, n, "block"))
		return -1;
	bool after = false;
	for (size_t d = 0; d < j; d++)
		after = after || t->col[d].id == BR_M_rewrite || t->col[d].id == (chr ? BR_M_putc : BR_M_put_block);
	return chr ? (after ? BR_M_getc : BR_M_putc) : (after ? BR_M_get_block : BR_M_put_block);
}

static void hand_unmark(const char **c, size_t *n);

/* Does a header cell after the figures' say it holds the runs' names
 * ("host", "Machine", "disk")? */
static bool names_runs(const char *s, size_t n)
{
	static const char *const words[] = {"host", "hostname", "machine", "name", "server", "box", "system",
					    "node", "disk", "drive", "device", "array", "filesystem", "fs"};
	hand_unmark(&s, &n);
	for (size_t k = 0; k < BR_ARRAY_LEN(words); k++)
		if (n == strlen(words[k]) && strncasecmp(s, words[k], n) == 0)
			return true;
	return false;
}

/* Does a header cell say it holds the runs' file size ("MB", as Bonnie's
 * own header has it over the size; "Size", "File size (GB)", "size MiB")?
 * Its words are a size's and a unit's only; *unit 'M' or 'G' when it
 * names one, else 0. */
static bool size_head(const char *s, size_t n, char *unit)
{
	static const char *const words[] = {"file", "size", "data", "test", "in", "mb", "mib", "gb", "gib"};
	hand_unmark(&s, &n);
	bool size = false;
	*unit = 0;
	for (size_t k = 0; k < n;) {
		if (s[k] == ' ' || s[k] == '(' || s[k] == ')' || s[k] == ',') {
			k++;
			continue;
		}
		size_t a = k;
		while (k < n && isalpha((unsigned char)s[k]))
			k++;
		if (k == a || (k < n && s[k] != ' ' && s[k] != '(' && s[k] != ')' && s[k] != ','))
			return false; /* "MB/s", "size2": no size's words */
		size_t w = 0;
		while (w < BR_ARRAY_LEN(words) && !(strlen(words[w]) == k - a && strncasecmp(s + a, words[w], k - a) == 0))
			w++;
		if (w == BR_ARRAY_LEN(words))
			return false;
		size = size || w == 1 || w >= 5;
		if (w >= 5)
			*unit = w >= 7 ? 'G' : 'M';
	}
	return size;
}

/* Is line s[0..n) a header of a hand table? Fills t. */
static bool hand_header(const char *s, size_t n, char sep, struct htable *t)
{
	memset(t, 0, sizeof *t);
	t->sep = sep;
	t->size = -1;
	const char *c[HAND_COLS + 1];
	size_t cn[HAND_COLS + 1];
	size_t k = hand_cells(s, n, t->sep, c, cn);
	if (k < 3 || k > HAND_COLS)
		return false;
	t->ncol = k;
	t->name = -1;
	size_t figures = 0;
	bool own = false;
	for (size_t j = 0; j < k; j++) {
		struct hcol *h = &t->col[j];
		bool cpu = false;
		h->id = cn[j] && cn[j] <= 40 && c[j][0] != '-' ? hand_kind(c[j], cn[j], &cpu) : -1;
		h->of = -1;
		if (h->id == -2) {
			h->id = -1;
			continue;
		}
		if (h->id == -1 && cn[j] && cn[j] <= 40)
			h->id = hand_in_order(t, j, c[j], cn[j]);
		if (cpu) {
			/* the CPU of the figure it names, else of the one before */
			h->cpu = true;
			h->of = h->id >= 0 ? h->id : j > 0 && !t->col[j - 1].cpu ? t->col[j - 1].id : -1;
			h->id = -1;
			continue;
		}
		if (h->id < 0 && t->size < 0 && size_head(c[j], cn[j], &t->size_unit)) {
			t->size = (int)j; /* the runs' size, no name nor figure */
			continue;
		}
		if (h->id < 0) {
			t->shared = t->shared || hand_has(c[j], cn[j], "hdparm");
			if (t->name < 0 && figures && names_runs(c[j], cn[j]))
				t->name = (int)j; /* the names' column last */
			if (t->name < 0 && !figures) {
				t->name = (int)j;
				/* "run", "#", "pass", "try": the row's number, no host */
				static const char *const runs[] = {"run", "#", "pass", "try", "iteration", "round"};
				for (size_t r = 0; r < BR_ARRAY_LEN(runs); r++)
					if (cn[j] == strlen(runs[r]) && strncasecmp(c[j], runs[r], cn[j]) == 0)
						copy_tok(t->run_word, sizeof t->run_word, c[j], cn[j]);
			}
			continue;
		}
		for (size_t d = 0; d < j; d++)
			if (t->col[d].id == h->id)
				return false; /* one figure twice: runs across, not down */
		h->unit = hand_unit(c[j], cn[j]);
		if (!t->unit && h->unit && h->unit != 'c')
			t->unit = h->unit;
		figures++;
		/* bonnie's own figures, or its name over the column ("bonnie++
		 * block write" beside hdparm's columns) */
		own = own || (h->id != BR_M_put_block && h->id != BR_M_get_block) || hand_has(c[j], cn[j], "bonnie");
	}
	/* "            Char out  Block out ...": the rows' names (and units)
	 * stand left of the columns; so they do under "          Price  Char
	 * out ...", whose first column, no figure's, is not the names' (a row
	 * with a cell more than the header has its name first) */
	t->indent = sep == ' ' && n > 2 && (s[0] == '\t' || (s[0] == ' ' && s[1] == ' '));
	return figures >= 2 && own;
}

struct hval {
	enum { HV_NONE, HV_NUM, HV_FAST, HV_BAD } kind;
	double v;
	char unit;
	double cpu; /* -1: none */
	char raw[32];
};

/* Skips emphasis and code marks around a cell. */
static void hand_unmark(const char **c, size_t *n)
{
	while (*n && (**c == '*' || **c == '`' || **c == '_' || **c == '"'))
		++*c, --*n;
	while (*n && ((*c)[*n - 1] == '*' || (*c)[*n - 1] == '`' || (*c)[*n - 1] == '_' || (*c)[*n - 1] == '"'))
		--*n;
}

/* A cell's figure: "1450", "1,450", "120 MB/s", "540k", "98%", "+++++",
 * "820 (12%)"; HV_BAD for any other text. */
static void hand_value(const char *c, size_t n, struct hval *v)
{
	memset(v, 0, sizeof *v);
	v->cpu = -1;
	hand_unmark(&c, &n);
	if (n == 0 || (n == 1 && (*c == '-' || *c == '?')) || (n == 3 && strncasecmp(c, "n/a", 3) == 0) ||
	    (n == 3 && (unsigned char)c[0] == 0xe2 && (unsigned char)c[1] == 0x80)) {
		v->kind = HV_NONE;
		return;
	}
	size_t i = 0;
	while (i < n && c[i] == '+')
		i++;
	if (i >= 4 && i == n) {
		v->kind = HV_FAST;
		snprintf(v->raw, sizeof v->raw, "+++++");
		return;
	}
	char num[32];
	size_t m = 0;
	i = 0;
	while (i < n && m + 1 < sizeof num) {
		if (is_digit(c[i]))
			num[m++] = c[i++];
		else if (c[i] == ',' && m && i + 3 < n && is_digit(c[i + 1]) && is_digit(c[i + 2]) &&
			 is_digit(c[i + 3]) && (i + 4 == n || !is_digit(c[i + 4])))
			i++; /* a thousands separator */
		else
			break;
	}
	int dec = 0;
	/* a decimal comma ("245,6", "97,35"): one or two digits after it,
	 * which a thousands group never has */
	bool comma = m && i + 1 < n && c[i] == ',' && is_digit(c[i + 1]) &&
		     (i + 2 == n || !is_digit(c[i + 2]) || i + 3 == n || !is_digit(c[i + 3]));
	if (m && i + 1 < n && (c[i] == '.' || comma) && is_digit(c[i + 1])) {
		num[m++] = '.';
		i++;
		while (i < n && is_digit(c[i]) && m + 1 < sizeof num)
			num[m++] = c[i++], dec++;
	}
	if (!m || m > 15 || (i < n && (is_digit(c[i]) || c[i] == ',' || c[i] == '.'))) {
		v->kind = HV_BAD;
		return;
	}
	num[m] = '\0';
	memcpy(v->raw, num, m + 1);
	v->v = br_parse_decimal(num, m);
	v->kind = HV_NUM;
	/* the rest: a unit, maybe the CPU in parentheses */
	size_t r = i;
	while (r < n && c[r] == ' ')
		r++;
	size_t p = r;
	while (p < n && c[p] != '(' && c[p] != ' ')
		p++;
	if (p > r) {
		char u = (char)(c[r] | 0x20);
		if (p - r == 1 && c[r] == '%')
			v->unit = '%';
		else if (p - r == 1 && r == i && (u == 'k' || u == 'm' || u == 'g'))
			v->unit = u; /* 2.00's "540k", "1.1g" */
		else if (!(v->unit = hand_unit(c + r, p - r)))
			v->kind = HV_BAD;
	}
	while (p < n && c[p] == ' ')
		p++;
	if (p < n) {
		/* "(12%)", "(12% cpu)" */
		size_t q = p + 1;
		while (q < n && (is_digit(c[q]) || c[q] == '.'))
			q++;
		if (c[p] == '(' && q > p + 1 && q - p <= 6 && q < n && c[q] == '%')
			v->cpu = br_parse_decimal(c + p + 1, q - p - 1);
		else
			v->kind = HV_BAD;
	}
}

/* A cell "612 (21)" of a table whose words put the CPU in brackets
 * (htable.paren_cpu): the figure before, its CPU in them. */
static void hand_value_paren_cpu(const char *c, size_t n, struct hval *v)
{
	hand_unmark(&c, &n);
	size_t p = n;
	if (!n || c[n - 1] != ')')
		return;
	while (p > 0 && c[p - 1] != '(')
		p--;
	if (!p || n - p < 2 || n - p > 4)
		return;
	for (size_t k = p; k + 1 < n; k++)
		if (!is_digit(c[k]))
			return;
	double cpu = br_parse_decimal(c + p, n - p - 1);
	hand_value(c, p - 1, v);
	if (v->kind == HV_NUM && v->cpu < 0)
		v->cpu = cpu;
	else
		v->kind = HV_BAD;
}

/* The cells of a hand table's line before its columns (htable.indent):
 * what they say of the row. */
struct hlead {
	const char *name; /* the row's name, NULL if none */
	size_t name_n;
	char unit;        /* a unit cell ("(K/s)", "MB/s") */
	bool cpu;         /* a "%CPU" cell: the CPU of the row above */
};

/* Line j cut into table t's cells, c[0..) lined up with its columns
 * (the cells before them read into *ld); SIZE_MAX when it is no line of t. */
static size_t hand_row_cells(const struct br_doc *doc, const struct htable *t, size_t j, const char **c, size_t *cn,
			     struct hlead *ld)
{
	memset(ld, 0, sizeof *ld);
	size_t ln;
	char sep;
	const char *s = hand_line(doc, &doc->lines[j], &ln, &sep);
	if (sep != t->sep && !(sep == ' ' && t->sep == '\t'))
		return SIZE_MAX;
	size_t k = hand_cells(s, ln, t->sep, c, cn);
	size_t lead = t->indent && k > t->ncol && k <= t->ncol + 2 ? k - t->ncol : 0;
	for (size_t x = 0; x < lead; x++) {
		bool digits = false;
		for (size_t y = 0; y < cn[x]; y++)
			digits = digits || is_digit(c[x][y]);
		char u = digits ? 0 : hand_unit(c[x], cn[x]);
		if (br_parse_cpu_name(c[x], cn[x]))
			ld->cpu = true;
		else if (u && u != 'c' && (x > 0 || lead == 1 || c[x][0] == '('))
			ld->unit = u;
		else if (x == 0 && cn[x] && !ld->name)
			ld->name = c[x], ld->name_n = cn[x];
		else
			return SIZE_MAX;
	}
	if (lead) {
		memmove(c, c + lead, (k - lead) * sizeof *c);
		memmove(cn, cn + lead, (k - lead) * sizeof *cn);
		k -= lead;
	}
	if (k > HAND_COLS || (t->sep == ' ' ? k != t->ncol : k + 1 < t->ncol))
		return SIZE_MAX;
	if (!lead && t->name >= 0 && (size_t)t->name < k && br_parse_cpu_name(c[t->name], cn[t->name]))
		ld->cpu = true;
	return k;
}

/* Line j under the row of record rec, a CPU row of table t ("| %CPU | 11 |
 * 9 |", "(%CPU)  100  91"): its figures are the CPU of rec's. False
 * when it is none. */
static bool hand_cpu_row(const struct br_doc *doc, const struct htable *t, size_t j, struct br_record *rec)
{
	const char *c[HAND_COLS + 1];
	size_t cn[HAND_COLS + 1];
	struct hlead ld;
	if (j >= doc->nlines || !doc->lines[j].len)
		return false;
	size_t k = hand_row_cells(doc, t, j, c, cn, &ld);
	if (k == SIZE_MAX || !ld.cpu)
		return false;
	double cpu[HAND_COLS];
	size_t got = 0;
	for (size_t x = 0; x < t->ncol; x++) {
		cpu[x] = -1;
		if (x >= k || t->col[x].id < 0)
			continue;
		struct hval v;
		hand_value(c[x], cn[x], &v);
		if (v.kind == HV_BAD || (v.kind == HV_NUM && ((v.unit && v.unit != '%') || v.v > 999)))
			return false;
		if (v.kind == HV_NUM && br_record_get(rec, (enum br_metric_id)t->col[x].id).present)
			cpu[x] = v.v, got++;
	}
	if (!got)
		return false;
	for (size_t x = 0; x < t->ncol; x++)
		if (cpu[x] >= 0)
			br_record_set_cpu(rec, (enum br_metric_id)t->col[x].id, cpu[x]);
	return true;
}

/* Cell c[0..n) of table t's size column as the run's size: "512" under
 * "MB" (Bonnie's own column: a plain number of MB, as bonnie.c keeps it;
 * any size in MB under a Bonnie table's "Size"), "4G", "512 MB", "2" under
 * "Size (GB)"; a cell that is no size, or a bonnie++ figure with no unit
 * anywhere, gives none. */
static void hand_size(struct br_record *rec, const struct htable *t, const char *c, size_t n, enum br_tool tool)
{
	hand_unmark(&c, &n);
	size_t d = 0;
	while (d < n && (is_digit(c[d]) || (c[d] == '.' && d && d + 1 < n && is_digit(c[d + 1]))))
		d++;
	size_t u = d;
	while (u < n && c[u] == ' ')
		u++;
	char unit = t->size_unit;
	if (u < n) {
		char l = (char)toupper((unsigned char)c[u]);
		size_t e = u + 1;
		while (e < n && isalpha((unsigned char)c[e]))
			e++;
		/* "M", "MB", "MiB", "G", "GB", "GiB" and nothing after */
		if (e != n || !strchr("MG", l) || e - u > 3 ||
		    (e - u >= 2 && (c[e - 1] | 0x20) != 'b'))
			return;
		unit = l;
	}
	if (!d || d > 12 || (!unit && tool != BR_TOOL_BONNIE))
		return;
	if (!unit)
		unit = 'M';
	char size[24];
	if (tool == BR_TOOL_BONNIE && unit == 'M')
		snprintf(size, sizeof size, "%.*s", (int)d, c);
	else
		snprintf(size, sizeof size, "%.*s%s", (int)d, c, tool == BR_TOOL_BONNIE ? "GB" : unit == 'G' ? "G" : "M");
	br_record_param_str(rec, "size", size);
	if (tool == BR_TOOL_BONNIE && unit == 'G')
		return; /* Bonnie-64's GB are 1000 MiB: no byte count (as bonnie.c) */
	char with[24];
	snprintf(with, sizeof with, "%.*s%c", (int)d, c, unit);
	br_record_param_num(rec, "size_bytes", size_bytes(with, strlen(with)));
}

/* Row j of table t as a record: the lines it takes (2 with a CPU row
 * under it), 0 when it is no row of it. */
static size_t hand_row(struct pstate_all *ps, const struct htable *t, size_t head, size_t j, enum br_tool tool)
{
	struct br_parse_ctx *ctx = ps->ctx;
	const char *c[HAND_COLS + 1];
	size_t cn[HAND_COLS + 1];
	struct hlead ld;
	size_t k = hand_row_cells(ctx->doc, t, j, c, cn, &ld);
	if (k == SIZE_MAX)
		return 0;
	struct hval v[HAND_COLS];
	size_t figures = 0;
	for (size_t x = 0; x < t->ncol; x++) {
		const struct hcol *h = &t->col[x];
		if (x >= k || (h->id < 0 && !h->cpu)) {
			v[x].kind = HV_NONE;
			continue;
		}
		hand_value(c[x], cn[x], &v[x]);
		if (v[x].kind == HV_BAD && t->paren_cpu && !h->cpu)
			hand_value_paren_cpu(c[x], cn[x], &v[x]);
		if (v[x].kind == HV_BAD || (h->cpu && v[x].kind == HV_NUM && v[x].unit && v[x].unit != '%'))
			return 0;
		figures += h->id >= 0 && v[x].kind != HV_NONE;
	}
	if (!figures)
		return 0;
	if (ld.cpu)
		return 1; /* a CPU row with no row above it: nothing to read */
	struct br_record *rec = NULL;
	bool unitless = false;
	for (size_t x = 0; x < t->ncol; x++) {
		const struct hcol *h = &t->col[x];
		if (h->id < 0 || v[x].kind == HV_NONE)
			continue;
		char u = v[x].unit && v[x].unit != '%' ? v[x].unit : ld.unit ? ld.unit : h->unit ? h->unit : t->unit;
		bool rate = br_metric((enum br_metric_id)h->id)->unit == BR_UNIT_KIBS;
		/* Bonnie printed every whole rate in K/sec (Bonnie-64's M/sec
		 * have a decimal): a Bonnie table's whole rate needs no unit */
		if (!u && rate && tool == BR_TOOL_BONNIE && v[x].kind == HV_NUM && v[x].v == floor(v[x].v) &&
		    !strchr(v[x].raw, '.'))
			u = 'k';
		double scale = u == 'k' ? 1 : u == 'm' ? 1024 : u == 'g' ? 1048576 : 0;
		if (rate && !scale && v[x].kind == HV_NUM) {
			unitless = true;
			continue;
		}
		if (!rec)
			rec = br_parse_record_new(ctx, tool, j, j);
		if (v[x].kind == HV_FAST) {
			br_record_set_too_fast(rec, (enum br_metric_id)h->id, v[x].raw);
			continue;
		}
		br_record_set(rec, (enum br_metric_id)h->id, rate ? v[x].v * scale : v[x].v, v[x].raw);
		if (v[x].cpu >= 0)
			br_record_set_cpu(rec, (enum br_metric_id)h->id, v[x].cpu);
	}
	if (unitless)
		br_parse_warn(ctx, j, "bonnie++ figures in a table written by hand with no unit for some "
				      "rates; those not read");
	if (!rec)
		return 1; /* a row of the table, with nothing to read */
	for (size_t x = 0; x < t->ncol; x++)
		if (t->col[x].cpu && t->col[x].of >= 0 && v[x].kind == HV_NUM &&
		    br_record_get(rec, (enum br_metric_id)t->col[x].of).present) {
			if (v[x].v > 999) /* as set_pair: no CPU use a test printed */
				br_parse_warn(ctx, j,
					      "bonnie++ %%CP figure %s is no CPU use a test printed "
					      "(three digits at most); the rate is kept without it",
					      v[x].raw);
			else
				br_record_set_cpu(rec, (enum br_metric_id)t->col[x].of, v[x].v);
		}
	size_t used = 1;
	if (!br_parse_is_claimed(ctx, j + 1) && hand_cpu_row(ctx->doc, t, j + 1, rec)) {
		used = 2;
		rec->source.end_line = ctx->doc->lines[j + 1].end_line;
		br_parse_set_excerpt(ctx, rec, rec->source.line, rec->source.end_line);
	}
	if (t->size >= 0 && (size_t)t->size < k)
		hand_size(rec, t, c[t->size], cn[t->size], tool);
	char own[NAME_MAX_LEN + 32] = "";
	const char *nm = ld.name;
	size_t nn = ld.name_n;
	if (!nm && t->name >= 0 && (size_t)t->name < k && cn[t->name])
		nm = c[t->name], nn = cn[t->name];
	if (nm) {
		hand_unmark(&nm, &nn);
		char host[NAME_MAX_LEN];
		copy_tok(host, sizeof host, nm, nn);
		if (t->run_word[0]) /* "run 2" titles the row */
			snprintf(own, sizeof own, "%s %s", t->run_word[0] == '#' ? "run" : t->run_word, host);
		else if (host[0])
			br_record_set_host(rec, host);
	}
	char *label = br_parse_label(ctx, head, own[0] ? own : NULL);
	br_record_set_label(rec, label);
	free(label);
	br_parse_emit(ctx, rec);
	ps->emitted++;
	return used;
}

/* A "|---|:---:|" rule, or a units row ("| | MB/s | MB/s |") that gives
 * the columns their units. */
static bool hand_rule_or_units(struct htable *t, const struct br_line *l)
{
	const char *s = l->text;
	size_t n = l->len, k = 0;
	bool dash = false;
	while (k < n && s[k] && strchr("|-=:+ \t", s[k])) {
		dash = dash || s[k] == '-' || s[k] == '=';
		k++;
	}
	if (k == n)
		return dash;
	for (size_t x = 0; x < n; x++)
		if (is_digit(s[x]))
			return false;
	const char *c[HAND_COLS + 1];
	size_t cn[HAND_COLS + 1];
	size_t nc = hand_cells(s, n, t->sep, c, cn);
	if (nc + 1 == t->ncol && t->name == 0 && t->sep == ' ') {
		/* nothing under the names' header: its blanks are no cell */
		memmove(c + 1, c, nc * sizeof *c);
		memmove(cn + 1, cn, nc * sizeof *cn);
		cn[0] = 0;
		nc++;
	}
	if (nc != t->ncol)
		return false;
	char u[HAND_COLS];
	size_t units = 0;
	for (size_t x = 0; x < t->ncol; x++) {
		u[x] = cn[x] ? hand_unit(c[x], cn[x]) : 0;
		/* over a column of no figure ("Price" / "USD") any word of
		 * its own; over a figure's, its unit or nothing */
		bool other = t->col[x].id < 0 && !t->col[x].cpu && (int)x != t->name && (int)x != t->size;
		if (cn[x] && !u[x] && (t->col[x].id >= 0 || (!other && (int)x != t->name)))
			return false;
		/* "MB" under "File": a size column its header did not name,
		 * the table no one this reader knows */
		if (other && u[x] && u[x] != 'c')
			return false;
		units += u[x] && t->col[x].id >= 0;
	}
	if (!units)
		for (size_t x = 0; x < t->ncol; x++)
			if (cn[x] && t->col[x].id < 0 && !t->col[x].cpu && (int)x != t->name && (int)x != t->size)
				return false; /* words, no unit: no units row */
	for (size_t x = 0; x < t->ncol; x++)
		if (u[x] && t->col[x].id >= 0)
			t->col[x].unit = u[x];
	return true;
}

/* Does the text name bonnie ("Bonnie", "bonnie++", "BONNIE")? */
static bool names_bonnie(const char *s, size_t n)
{
	return br_has_at(s, n, "bonnie", 6, 0) || br_has_at(s, n, "Bonnie", 6, 0) || br_has_at(s, n, "BONNIE", 6, 0);
}

/* Does line s[0..n) name one of bonnie's own figures, as a header of a
 * hand table must? A cheap look (memchr to a rare byte of each word, in
 * the usual cases of its first letter) before any cell is cut. */
static bool hand_words(const char *s, size_t n)
{
	static const struct {
		const char *w;
		size_t k;
	} words[] = {
		{"ewrite", 1}, {"EWRITE", 1}, {"eek", 2}, {"EEK", 2}, {"creat", 0}, {"Creat", 0},
		{"CREAT", 0}, {"chr", 0}, {"Chr", 0}, {"CHR", 0}, {"char", 0}, {"Char", 0}, {"CHAR", 0},
		{"onnie", 1}, {"ONNIE", 1}, /* "bonnie++ block write": its name over a column */
	};
	if (n < 12 || n > 400)
		return false;
	for (size_t i = 0; i < BR_ARRAY_LEN(words); i++)
		if (br_has_at(s, n, words[i].w, strlen(words[i].w), words[i].k))
			return true;
	return false;
}

/* Index of the logical line holding byte `off` of doc->raw, or
 * doc->nlines when none does (a line decoding left out); *phys_end, where
 * the physical line holding it ends in raw. */
static size_t line_of_offset(const struct br_doc *doc, size_t off, size_t *phys_end)
{
	size_t lo = 0, hi = doc->nphys; /* the physical line: last start <= off */
	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;
		if (doc->phys[mid] <= off)
			lo = mid;
		else
			hi = mid;
	}
	*phys_end = doc->phys[lo + 1];
	unsigned line = (unsigned)lo + 1;
	size_t a = 0, b = doc->nlines; /* the logical line: last first line <= line */
	while (b - a > 1) {
		size_t mid = a + (b - a) / 2;
		if (doc->lines[mid].line <= line)
			a = mid;
		else
			b = mid;
	}
	if (!doc->nlines || doc->lines[a].line > line || doc->lines[a].end_line < line)
		return doc->nlines;
	return a;
}

static int cmp_size(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;
	return x < y ? -1 : x > y;
}

/* The logical lines that may head a hand table: those holding one of
 * bonnie's own words of rare bytes ("Rewrite", "Seeks") or its name, and those with a
 * '|' or a TAB between cells (whose header may name only "Create" or "Per
 * Chr", words of common bytes). They are looked for in the raw bytes
 * (memchr to a rare byte), a few a report, and each one found is mapped to
 * its line: no line is looked at unless it has one, and one found in a
 * line is enough. A sorted array of line indexes without repeats (caller
 * frees); *count of them. */
static size_t *hand_candidates(const struct br_doc *doc, size_t *count)
{
	static const struct {
		const char *w;
		size_t k;
	} words[] = {
		{"ewrite", 1}, {"EWRITE", 1}, {"eek", 2}, {"EEK", 2}, {"|", 0}, {"\t", 0},
		{"onnie", 1}, {"ONNIE", 1}, /* its name over a column, in a table aligned with blanks */
	};
	size_t *v = NULL, n = 0, cap = 0;
	const char *s = doc->raw;
	size_t len = doc->raw_len;
	if (doc->shown) {
		/* words decoding made (a base64 body): raw does not show them,
		 * so each line is looked at (a rare document) */
		for (size_t i = 0; i < doc->nlines; i++)
			for (size_t k = 0; k < BR_ARRAY_LEN(words); k++)
				if (br_has_at(doc->lines[i].text, doc->lines[i].len, words[k].w,
					      strlen(words[k].w), words[k].k)) {
					v = br_grow(v, &cap, n + 1, sizeof *v);
					v[n++] = i;
					break;
				}
		*count = n;
		return v;
	}
	for (size_t i = 0; doc->nphys && i < BR_ARRAY_LEN(words); i++) {
		size_t m = strlen(words[i].w), k = words[i].k;
		for (size_t at = 0; at + m <= len;) {
			/* byte k of a match starting at at .. len - m */
			const char *p = memchr(s + at + k, words[i].w[k], len - m + 1 - at);
			if (!p)
				break;
			size_t start = (size_t)(p - s) - k, end;
			if (memcmp(s + start, words[i].w, m) != 0) {
				at = start + 1;
				continue;
			}
			size_t line = line_of_offset(doc, start, &end);
			if (line < doc->nlines && (!n || v[n - 1] != line)) {
				v = br_grow(v, &cap, n + 1, sizeof *v);
				v[n++] = line;
			}
			at = end > start ? end : start + 1;
		}
	}
	/* rows decoding made a table's (a LaTeX tabular: its TABs are not
	 * in raw, its '&' are) */
	if (doc->transport & BR_TRANSPORT_MDTABLE)
		for (size_t i = 0; i < doc->nlines; i++)
			if (doc->lines[i].flags & BR_LINE_TABLE_ROW) {
				v = br_grow(v, &cap, n + 1, sizeof *v);
				v[n++] = i;
			}
	if (n > 1)
		qsort(v, n, sizeof *v, cmp_size);
	size_t u = 0;
	for (size_t i = 0; i < n; i++)
		if (!u || v[u - 1] != v[i])
			v[u++] = v[i];
	*count = u;
	return v;
}

/*
 * A hand table the other way round: a row a figure, a column a run.
 *
 *   | test             | ext4 | xfs | btrfs |
 *   |------------------|------|-----|-------|
 *   | seq write (MB/s) | 410  | 450 | 380   |
 *   | rewrite (MB/s)   | 150  | 170 | 120   |
 *
 * Found from a row naming a figure (line i); its block's first line above
 * (no blank between) names the columns. Each row's first cell names its
 * figure and unit, as a header cell does; a "CPU" row is the CPU of the
 * row above. Two figures or more, one of bonnie's own, as hand_header
 * asks. Returns the line after the table, or 0 when there is none.
 */
enum { TROWS = 24 };

struct trow {
	int id;       /* enum br_metric_id, or -1: a CPU row */
	char unit;
	struct hval v[HAND_COLS];
};

/* Does a transposed table's row name a setting of the runs ("Size",
 * "Files", "Machine", bonnie++'s own cells) rather than a figure? */
static bool param_row(const char *s, size_t n)
{
	static const char *const words[] = {"size", "file size", "files", "machine", "version", "chunk",
					    "chunk size", "concurrency", "machine size", "data size", "test size",
					    "num files", "number of files", "file count"};
	hand_unmark(&s, &n);
	while (n && (s[n - 1] == ':' || s[n - 1] == ' '))
		n--;
	for (size_t k = 0; k < BR_ARRAY_LEN(words); k++)
		if (n == strlen(words[k]) && strncasecmp(s, words[k], n) == 0)
			return true;
	return false;
}

/* The rows of the table whose header is line h, into rows[] (at most
 * TROWS); returns how many, the line after the last in *end. */
static size_t right_cells(const char *s, size_t n, size_t want, const char **c, size_t *cn);

static size_t transposed_rows(const struct br_doc *doc, size_t h, char sep, size_t ncol, bool right,
			      struct trow *rows, size_t *end)
{
	size_t nr = 0, j = h + 1;
	for (; j < doc->nlines && !br_is_blank(doc->lines[j].text, doc->lines[j].len) && nr < TROWS; j++) {
		size_t n;
		char rs;
		const char *s = hand_line(doc, &doc->lines[j], &n, &rs);
		const char *c[HAND_COLS + 1];
		size_t cn[HAND_COLS + 1];
		size_t k = 0;
		while (k < n && s[k] && strchr("|-=:+ \t", s[k]))
			k++;
		if (k == n)
			continue; /* a rule */
		if (right ? rs == '|' || right_cells(s, n, ncol, c, cn) != ncol
			  : rs != sep || hand_cells(s, n, sep, c, cn) != ncol)
			break;
		if (param_row(c[0], cn[0]))
			continue; /* the runs' size or file count, no figure */
		bool cpu = false;
		int id = cn[0] && cn[0] <= 40 ? hand_kind(c[0], cn[0], &cpu) : -1;
		if ((id < 0 && !(cpu && nr)) || id == -2)
			break;
		struct trow *r = &rows[nr];
		r->id = cpu ? -1 : id;
		r->unit = hand_unit(c[0], cn[0]);
		bool any = false;
		for (size_t x = 1; x < ncol; x++) {
			hand_value(c[x], cn[x], &r->v[x]);
			if (r->v[x].kind == HV_BAD)
				return nr = 0;
			any = any || r->v[x].kind != HV_NONE;
		}
		if (any)
			nr++;
	}
	*end = j;
	return nr;
}

/* The unit of row r's figure in column x: the cell's, the row's, else the
 * table's (0: none). */
static char trow_unit(const struct trow *row, size_t x, char line_unit)
{
	const struct hval *v = &row->v[x];
	return v->unit && v->unit != '%' ? v->unit : row->unit ? row->unit : line_unit;
}

/*
 * A transposed table that gives no unit for its rates, anywhere: bonnie
 * and bonnie++ print those in K/sec, whole numbers (seeks and the file
 * tests per second, which need no unit), and a table copied from that
 * print keeps them so. Column x's unitless rates are taken as K/sec when
 * each is a whole number and each block rate (write, rewrite, read) at
 * least 1000: no disk bonnie++ ran on moves a block in under 1 MB/s, while
 * a table converted to MB/s ("410", "52.3") fails one or the other and is
 * not read, as before.
 */
static bool kibs_as_printed(const struct trow *rows, size_t nr, size_t x, char line_unit)
{
	bool block = false;
	for (size_t r = 0; r < nr; r++) {
		const struct hval *v = &rows[r].v[x];
		if (rows[r].id < 0 || v->kind != HV_NUM || trow_unit(&rows[r], x, line_unit) ||
		    br_metric((enum br_metric_id)rows[r].id)->unit != BR_UNIT_KIBS)
			continue;
		if (strchr(v->raw, '.'))
			return false;
		if (rows[r].id == BR_M_putc || rows[r].id == BR_M_getc)
			continue;
		if (v->v < 1000)
			return false;
		block = true;
	}
	return block;
}

/* Column x of a transposed table as a record named `name`. Returns
 * what the table's note says: TOOK_KIBS when it took unitless rates as
 * K/sec (kibs_as_printed), LEFT_UNITLESS when it left some unread. */
enum { TOOK_KIBS = 1, LEFT_UNITLESS = 2 };

/* Does a transposed table's column head say what the column holds rather
 * than whose run it is ("| Test | Result |")? */
static bool generic_name(const char *s)
{
	static const char *const words[] = {"result", "results", "value", "values", "score", "figure",
					    "figures", "measured", "speed", "throughput", "rate", "number",
					    "numbers", "output"};
	for (size_t k = 0; k < BR_ARRAY_LEN(words); k++)
		if (strcasecmp(s, words[k]) == 0)
			return true;
	return false;
}

static unsigned transposed_record(struct pstate_all *ps, size_t h, size_t end, const struct trow *rows, size_t nr,
			      size_t x, size_t cpu_x, const char *name, size_t nn, char line_unit, enum br_tool tool)
{
	struct br_parse_ctx *ctx = ps->ctx;
	struct br_record *rec = NULL;
	bool unitless = false, as_printed = kibs_as_printed(rows, nr, x, line_unit), took = false;
	for (size_t r = 0; r < nr; r++) {
		const struct hval *v = &rows[r].v[x];
		if (rows[r].id < 0 || v->kind == HV_NONE)
			continue;
		enum br_metric_id id = (enum br_metric_id)rows[r].id;
		char u = trow_unit(&rows[r], x, line_unit);
		bool rate = br_metric(id)->unit == BR_UNIT_KIBS;
		double scale = u == 'k' ? 1 : u == 'm' ? 1024 : u == 'g' ? 1048576 : 0;
		if (rate && !scale && v->kind == HV_NUM && as_printed) {
			scale = 1;
			took = true;
		}
		if (rate && !scale && v->kind == HV_NUM) {
			unitless = true;
			continue;
		}
		if (!rec)
			rec = br_parse_record_new(ctx, tool, h, end - 1);
		if (v->kind == HV_FAST) {
			br_record_set_too_fast(rec, id, v->raw);
			continue;
		}
		br_record_set(rec, id, rate ? v->v * scale : v->v, v->raw);
		if (v->cpu >= 0)
			br_record_set_cpu(rec, id, v->cpu);
		/* a CPU row under it, a CPU column beside it */
		if (r + 1 < nr && rows[r + 1].id < 0 && rows[r + 1].v[x].kind == HV_NUM)
			br_record_set_cpu(rec, id, rows[r + 1].v[x].v);
		if (cpu_x && rows[r].v[cpu_x].kind == HV_NUM &&
		    (!rows[r].v[cpu_x].unit || rows[r].v[cpu_x].unit == '%'))
			br_record_set_cpu(rec, id, rows[r].v[cpu_x].v);
	}
	unsigned said = (took ? TOOK_KIBS : 0) | (unitless ? LEFT_UNITLESS : 0);
	if (!rec)
		return said;
	hand_unmark(&name, &nn);
	char host[NAME_MAX_LEN];
	copy_tok(host, sizeof host, name, nn);
	if (host[0] && !generic_name(host))
		br_record_set_host(rec, host);
	char *label = br_parse_label(ctx, h, NULL);
	br_record_set_label(rec, label);
	free(label);
	br_parse_emit(ctx, rec);
	ps->emitted++;
	return said;
}

/* The blank-separated words of s[0..n) from the right: the last want - 1
 * words are cells of their own, what is before them the first cell (a
 * figure's name of several words: "Per Char Output 612 598"). A table whose
 * columns lost their alignment (blanks collapsed, TABs mixed in) splits so.
 * Returns want, or 0 when s has too few words. */
static size_t right_cells(const char *s, size_t n, size_t want, const char **c, size_t *cn)
{
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r'))
		n--;
	size_t k = want;
	while (k > 1) {
		size_t b = n;
		while (n && s[n - 1] != ' ' && s[n - 1] != '\t')
			n--;
		if (n == b)
			return 0;
		k--;
		c[k] = s + n;
		cn[k] = b - n;
		while (n && (s[n - 1] == ' ' || s[n - 1] == '\t'))
			n--;
	}
	size_t a = 0;
	while (a < n && (s[a] == ' ' || s[a] == '\t'))
		a++;
	if (a == n)
		return 0;
	c[0] = s + a;
	cn[0] = n - a;
	return want;
}

/* How many words end s[0..n) that read as figures ("612 598", "+++++
 * 301.4"): the runs of a transposed table whose alignment was lost. */
static size_t value_words(const char *s, size_t n)
{
	const char *c[HAND_COLS + 1];
	size_t cn[HAND_COLS + 1], k = 1;
	while (k < HAND_COLS && right_cells(s, n, k + 1, c, cn) == k + 1) {
		struct hval v;
		hand_value(c[1], cn[1], &v);
		if (v.kind != HV_NUM && v.kind != HV_FAST)
			break;
		k++;
	}
	return k - 1;
}

/* The names' line of a transposed table whose columns lost their
 * alignment, found from its row at line i (the line above the rows that
 * name a figure or a setting): its index, or i when there is none; *ncol
 * the columns (the runs and the names' column), c and cn the names. */
static size_t right_header(const struct br_doc *doc, size_t i, size_t *ncol, const char **c, size_t *cn)
{
	size_t n;
	char sep;
	const char *s = hand_line(doc, &doc->lines[i], &n, &sep);
	size_t m = sep == '|' ? 0 : value_words(s, n);
	if (!m)
		return i;
	size_t h = i;
	bool cpu;
	while (h > 0 && i - h < TROWS + 2) {
		const char *t = hand_line(doc, &doc->lines[h - 1], &n, &sep);
		if (sep == '|' || br_is_blank(t, n) || right_cells(t, n, m + 1, c, cn) != m + 1 ||
		    !(param_row(c[0], cn[0]) || (cn[0] <= 40 && hand_kind(c[0], cn[0], &cpu) >= 0)))
			break;
		h--;
	}
	if (h == 0)
		return i;
	s = hand_line(doc, &doc->lines[h - 1], &n, &sep);
	size_t e = n;
	while (e && (s[e - 1] == ' ' || s[e - 1] == '\t'))
		e--;
	if (e && s[e - 1] == ':')
		return i; /* a line that introduces, not the runs' names */
	/* the names: the last m words of the line (a corner cell before them
	 * or none) */
	if (sep == '|' || br_is_blank(s, n) || right_cells(s, n, m + 1, c, cn) != m + 1) {
		if (sep == '|' || br_is_blank(s, n) || right_cells(s, n, m, c + 1, cn + 1) != m || m < 2)
			return i;
		/* m words: the corner is empty; right_cells put them at c[1..] */
		c[0] = s;
		cn[0] = 0;
	}
	for (size_t x = 1; x <= m; x++) {
		struct hval v;
		hand_value(c[x], cn[x], &v);
		if (v.kind != HV_BAD)
			return i; /* a figure is no run's name */
	}
	*ncol = m + 1;
	return h - 1;
}

/* Does a column head name a unit and nothing else ("K/sec", "(MB/s)",
 * "/sec")? */
static bool unit_name(const char *s, size_t n)
{
	size_t m = 0;
	for (size_t k = 0; k < n; k++) {
		if (is_digit(s[k]))
			return false;
		m += !strchr("()[] ", s[k]);
	}
	return m && m <= 6 && hand_unit(s, n);
}

static size_t hand_transposed(struct pstate_all *ps, size_t i, enum br_tool tool)
{
	struct br_parse_ctx *ctx = ps->ctx;
	const struct br_doc *doc = ctx->doc;
	size_t n;
	char sep;
	const char *s = hand_line(doc, &doc->lines[i], &n, &sep);
	const char *c[HAND_COLS + 1];
	size_t cn[HAND_COLS + 1];
	bool cpu;
	/* line i is a row naming a figure in its first cell */
	size_t krow = hand_cells(s, n, sep, c, cn), m;
	if (krow < 2 && sep != '|' && (m = value_words(s, n)) > 0)
		krow = right_cells(s, n, m + 1, c, cn); /* single blanks between cells */
	if (krow < 2 || !cn[0] || cn[0] > 40 || hand_kind(c[0], cn[0], &cpu) < 0)
		return 0;
	size_t h = i;
	while (h > 0 && i - h < TROWS + 2 && !br_is_blank(doc->lines[h - 1].text, doc->lines[h - 1].len) &&
	       !br_parse_is_claimed(ctx, h - 1))
		h--;
	s = hand_line(doc, &doc->lines[h], &n, &sep);
	size_t ncol = hand_cells(s, n, sep, c, cn), end;
	/* columns lined up with spaces: the names' line has blanks where the
	 * rows' first cell is ("          nfs-old   nfs-new") */
	if (sep == ' ' && krow == ncol + 1 && ncol <= HAND_COLS && n > 2 && s[0] == ' ' && s[1] == ' ') {
		memmove(c + 1, c, ncol * sizeof *c);
		memmove(cn + 1, cn, ncol * sizeof *cn);
		c[0] = s;
		cn[0] = 0;
		ncol++;
	}
	/* a line naming a figure and giving it is a row, not the runs' names,
	 * and a line ending in ':' introduces: the figures are listed by hand
	 * (hand_list) */
	struct hval hv;
	if (ncol >= 2 && cn[0] && cn[0] <= 40 && hand_kind(c[0], cn[0], &cpu) >= 0 &&
	    (hand_value(c[1], cn[1], &hv), hv.kind == HV_NUM || hv.kind == HV_FAST))
		return 0;
	size_t hn = n;
	while (hn && (s[hn - 1] == ' ' || s[hn - 1] == '\t'))
		hn--;
	bool intro = hn && s[hn - 1] == ':';
	struct trow rows[TROWS];
	size_t nr = h == i || intro || ncol < 2 || ncol > HAND_COLS ? 0
								 : transposed_rows(doc, h, sep, ncol, false, rows, &end);
	if (nr < 2) {
		/* the columns lost their alignment (blanks collapsed, TABs
		 * mixed in, the names' indent gone): rows split from the right */
		size_t rh = right_header(doc, i, &ncol, c, cn);
		if (rh == i)
			return 0;
		h = rh;
		nr = transposed_rows(doc, h, sep, ncol, true, rows, &end);
		char hs;
		s = hand_line(doc, &doc->lines[h], &n, &hs); /* (its unit below) */
	}
	size_t figures = 0;
	bool own = false;
	for (size_t r = 0; r < nr; r++)
		if (rows[r].id >= 0) {
			for (size_t q = 0; q < r; q++)
				if (rows[q].id == rows[r].id)
					return 0;
			figures++;
			own = own || (rows[r].id != BR_M_put_block && rows[r].id != BR_M_get_block);
		}
	if (figures < 2 || !own || end <= i)
		return 0;
	char line_unit = hand_unit(s, n);
	unsigned said = 0;
	for (size_t x = 1; x < ncol; x++) {
		/* a column headed "%CPU" is the CPU of the one before it; one
		 * headed by a unit alone ("K/sec", "MB/s") is a run with no
		 * name, in that unit */
		if (x > 1 && br_parse_cpu_name(c[x], cn[x]))
			continue;
		size_t cpu_x = x + 1 < ncol && br_parse_cpu_name(c[x + 1], cn[x + 1]) ? x + 1 : 0;
		char u = line_unit == 'c' ? 0 : line_unit;
		const char *nm = c[x];
		size_t nn = cn[x];
		if (unit_name(nm, nn)) {
			char cu = hand_unit(nm, nn);
			u = cu == 'c' ? u : cu;
			nn = 0;
		}
		said |= transposed_record(ps, h, end, rows, nr, x, cpu_x, nm, nn, u, tool);
	}
	if (said & LEFT_UNITLESS)
		br_parse_warn(ctx, h, "bonnie++ figures in a table written by hand with no unit for some "
				      "rates; those not read");
	if (said & TOOK_KIBS)
		br_parse_note(ctx, h, "bonnie++ figures in a table written by hand with no unit for the "
				      "rates; taken as K/sec, as bonnie++ prints them");
	br_parse_claim(ctx, h, end - 1, "table of bonnie figures written by hand, a column a run");
	return end;
}

/*
 * Figures listed by hand, a line a figure, with no table around them:
 *
 *   * Block write: 187 MB/s, 14% CPU        Sequential write:   612 MB/s   (23% CPU)
 *   * Rewrite: 92 MB/s, 9% CPU              Random seeks:       1450 /s
 *   * Seeks: 612.4/s
 *
 * A line is its figure's name (hand_kind), a ':' or '=', then the figure as
 * a hand table's cell reads it (hand_value: a unit, "(12%)"), the CPU also
 * after a comma ("187 MB/s, 14% CPU"). The lines of one list are one run;
 * as for a transposed table (hand_transposed), the list must name two
 * figures or more, each once, one of them bonnie's own (not only block
 * write and read, which any tool reports), and a rate needs its unit. A
 * list that an expectation introduces ("what I would expect:") is no run.
 */
struct lrow {
	int id;
	struct hval v;
};

/* The CPU at the end of a list line's figure (", 14% CPU", "; 9 %CP",
 * "14% cpu"): its value, the figure's text cut before it (*n); -1 when
 * there is none. */
static double list_cpu(const char *c, size_t *n)
{
	size_t e = *n;
	while (e && (c[e - 1] == ' ' || c[e - 1] == ')' || c[e - 1] == '.'))
		e--;
	size_t w = e;
	while (w && isalpha((unsigned char)c[w - 1]))
		w--;
	if (!((e - w == 3 && strncasecmp(c + w, "cpu", 3) == 0) || (e - w == 2 && strncasecmp(c + w, "cp", 2) == 0)))
		return -1;
	while (w && c[w - 1] == ' ')
		w--;
	if (!w || c[w - 1] != '%')
		return -1;
	size_t d = --w;
	while (d && c[d - 1] == ' ')
		d--;
	size_t b = d;
	while (b && (is_digit(c[b - 1]) || c[b - 1] == '.'))
		b--;
	if (b == d || d - b > 5 || !b || !(c[b - 1] == ',' || c[b - 1] == ';' || c[b - 1] == ' ' || c[b - 1] == '('))
		return -1;
	double cpu = br_parse_decimal(c + b, d - b);
	while (b && (c[b - 1] == ',' || c[b - 1] == ';' || c[b - 1] == ' ' || c[b - 1] == '('))
		b--;
	*n = b;
	return cpu;
}

/* A dash between blanks in s[a..n) ("Rewrite - 301 MB/s", "–", "—")
 * before the first digit: *at where it starts, its length with the blank
 * before it; 0 when there is none. */
static size_t list_dash(const char *s, size_t a, size_t n, const char **at)
{
	for (size_t i = a + 1; i + 2 < n && !is_digit(s[i]); i++) {
		if (s[i - 1] != ' ')
			continue;
		size_t w = s[i] == '-' ? 1
			   : (unsigned char)s[i] == 0xe2 && (unsigned char)s[i + 1] == 0x80 &&
					     ((unsigned char)s[i + 2] == 0x93 || (unsigned char)s[i + 2] == 0x94)
				   ? 3
				   : 0;
		if (w && i + w < n && s[i + w] == ' ') {
			*at = s + i - 1;
			return w + 1;
		}
	}
	return 0;
}

/* Line l as a list line: its figure into *r; false when it is none. A
 * rate with no unit takes `unit`, the introduction's ("in K/sec:"), if any
 * ('?': the shape alone is asked). */
static bool list_line(const struct br_line *l, struct lrow *r, char unit)
{
	const char *s = l->text;
	size_t n = l->len;
	if (n < 6 || n > 120)
		return false;
	size_t a = 0;
	while (a < n && (s[a] == ' ' || s[a] == '\t'))
		a++;
	if (a + 1 < n && (s[a] == '*' || s[a] == '-' || s[a] == '+') && s[a + 1] == ' ')
		a += 2;
	else if (a + 2 < n && (unsigned char)s[a] == 0xe2 && (unsigned char)s[a + 1] == 0x80 &&
		 (unsigned char)s[a + 2] == 0xa2)
		a += 3; /* a bullet */
	/* the name ends at a ':' or '=', a dash between blanks ("Rewrite -
	 * 301 MB/s", an en or em dash), or at two blanks or a TAB */
	const char *sep = memchr(s + a, ':', n - a), *c;
	if (!sep)
		sep = memchr(s + a, '=', n - a);
	size_t dash = sep ? 0 : list_dash(s, a, n, &sep);
	if (sep) {
		c = sep + (dash ? dash : 1);
	} else {
		for (sep = s + a; sep < s + n && *sep != '\t' && !(sep[0] == ' ' && sep + 1 < s + n && sep[1] == ' ');)
			sep++;
		c = sep;
	}
	if (sep >= s + n || sep == s + a || sep - (s + a) > 40)
		return false;
	bool cpu;
	r->id = hand_kind(s + a, (size_t)(sep - (s + a)), &cpu);
	if (r->id < 0 || cpu)
		return false;
	size_t cn = (size_t)(s + n - c);
	while (cn && (*c == ' ' || *c == '\t' || *c == '*' || *c == '_'))
		c++, cn--; /* ("**Block write:** 45 MB/s") */
	while (cn && (c[cn - 1] == ' ' || c[cn - 1] == '\t'))
		cn--;
	double lc = list_cpu(c, &cn);
	hand_value(c, cn, &r->v);
	if (r->v.kind != HV_NUM && r->v.kind != HV_FAST)
		return false;
	if (lc >= 0 && r->v.cpu < 0)
		r->v.cpu = lc;
	bool rate = br_metric((enum br_metric_id)r->id)->unit == BR_UNIT_KIBS;
	/* a rate with no unit: its name's ("Block write (K/sec): 61234"),
	 * else the introduction's */
	char own = rate && r->v.kind == HV_NUM && !r->v.unit ? hand_unit(s + a, (size_t)(sep - (s + a))) : 0;
	if (own && own != 'c')
		r->v.unit = own;
	if (rate && r->v.kind == HV_NUM && !r->v.unit)
		r->v.unit = unit;
	if (rate)
		return r->v.kind == HV_FAST || unit == '?' || (r->v.unit && r->v.unit != '%' && r->v.unit != 'c');
	return r->v.unit != '%' && (!r->v.unit || r->v.unit == 'c');
}

/* Does the line above a list (h: its first line) say that what follows is
 * expected, not measured? */
static bool list_expected(const struct br_doc *doc, size_t h)
{
	static const char *const words[] = {"expect", "should", "typical", "would", "theoretic",
					    "spec", "target", "goal", "hope", "rated", "claim", "advertis",
					    "datasheet"};
	/* the paragraph right above (its last three lines: an introduction
	 * re-wrapped ends in a line of a word or two) */
	bool text = false;
	for (size_t k = h; k-- > 0 && h - k <= 4;) {
		const struct br_line *l = &doc->lines[k];
		if (br_is_blank(l->text, l->len)) {
			if (text)
				break;
			continue;
		}
		text = true;
		for (size_t w = 0; w < BR_ARRAY_LEN(words); w++)
			if (hand_has(l->text, l->len, words[w]))
				return true;
	}
	return false;
}

/* The list that line i is a line of (see above) as a record: the line after
 * it, or 0 when there is none. */
static size_t hand_list(struct pstate_all *ps, size_t i, enum br_tool tool)
{
	struct br_parse_ctx *ctx = ps->ctx;
	const struct br_doc *doc = ctx->doc;
	struct lrow rows[TROWS];
	if (!list_line(&doc->lines[i], &rows[0], '?'))
		return 0;
	size_t h = i;
	while (h > 0 && i - h < TROWS - 1 && !br_parse_is_claimed(ctx, h - 1) &&
	       list_line(&doc->lines[h - 1], &rows[0], '?'))
		h--;
	/* the unit the line above gives ("Bonnie++, in K/sec:") */
	char unit = 0;
	if (h > 0 && doc->lines[h - 1].len <= 100) {
		unit = hand_unit(doc->lines[h - 1].text, doc->lines[h - 1].len);
		unit = unit == 'c' ? 0 : unit;
	}
	size_t nr = 0, end = h;
	bool own = false, rated = false, bare = false;
	for (; end < doc->nlines && nr < TROWS && !br_parse_is_claimed(ctx, end); end++) {
		if (!list_line(&doc->lines[end], &rows[nr], unit))
			break;
		for (size_t q = 0; q < nr; q++)
			if (rows[q].id == rows[nr].id)
				return 0; /* two runs, or not bonnie's names */
		own = own || (rows[nr].id != BR_M_put_block && rows[nr].id != BR_M_get_block);
		rated = rated || (rows[nr].v.unit && rows[nr].v.unit != 'c');
		bare = bare || (rows[nr].v.kind == HV_NUM && !rows[nr].v.unit);
		nr++;
	}
	/* a count with no "/s" is a figure only beside rates with their unit
	 * (not a list of settings: "Seeks: 4000") */
	if (nr < 2 || !own || (bare && !rated) || end <= i || list_expected(doc, h))
		return 0;
	struct br_record *rec = br_parse_record_new(ctx, tool, h, end - 1);
	for (size_t r = 0; r < nr; r++) {
		const struct hval *v = &rows[r].v;
		enum br_metric_id id = (enum br_metric_id)rows[r].id;
		if (v->kind == HV_FAST) {
			br_record_set_too_fast(rec, id, v->raw);
			continue;
		}
		bool rate = br_metric(id)->unit == BR_UNIT_KIBS;
		double scale = v->unit == 'm' ? 1024 : v->unit == 'g' ? 1048576 : 1;
		br_record_set(rec, id, rate ? v->v * scale : v->v, v->raw);
		if (v->cpu >= 0)
			br_record_set_cpu(rec, id, v->cpu);
	}
	char *label = br_parse_label(ctx, h, NULL);
	br_record_set_label(rec, label);
	free(label);
	br_parse_emit(ctx, rec);
	ps->emitted++;
	br_parse_claim(ctx, h, end - 1, "bonnie figures listed by hand, a line a figure");
	return end;
}

/* Every hand table among the lines no one claimed, in a document that
 * names bonnie (table_signs): bonnie++'s when it names that, else Bonnie's. */
/* A rate's unit written with its "/s" ("K/sec", "MB/s", "KiB/s"): 'k',
 * 'm' or 'g'; 0 when s[0..n) has none (a size, "8 GB", is none). */
static char rate_unit(const char *s, size_t n)
{
	for (const char *p = memchr(s, '/', n); p; p = memchr(p + 1, '/', n - (size_t)(p + 1 - s))) {
		size_t j = (size_t)(p - s);
		if (j + 1 >= n || (s[j + 1] | 0x20) != 's' || (j + 2 < n && isalpha((unsigned char)s[j + 2]) &&
							       (s[j + 2] | 0x20) != 'e'))
			continue;
		size_t k = j;
		if (k && (s[k - 1] | 0x20) == 'b')
			k--;
		if (k && (s[k - 1] | 0x20) == 'i')
			k--;
		char c = k ? (char)(s[k - 1] | 0x20) : 0;
		if ((c == 'k' || c == 'm' || c == 'g') && (k < 2 || !isalpha((unsigned char)s[k - 2])))
			return c;
	}
	return 0;
}

/* The rate unit an introduction's line gives the table under it: a rate's
 * with its "/s" (rate_unit), or a unit word of its own ("Bonnie++ numbers,
 * in MB:"). A unit after a number ("a 512 MB file each", "file size 512
 * MB", "2GB of RAM") is a size's, no rate's: blanked before the look. */
static char intro_unit(const char *s, size_t n)
{
	char u = rate_unit(s, n);
	if (u || n > 200)
		return u;
	char b[201];
	memcpy(b, s, n);
	for (size_t i = 0; i < n;) {
		if (!is_digit(b[i])) {
			i++;
			continue;
		}
		while (i < n && (is_digit(b[i]) || b[i] == '.' || b[i] == ','))
			i++;
		size_t j = i;
		while (j < n && b[j] == ' ')
			j++;
		size_t e = j;
		while (e < n && isalpha((unsigned char)b[e]))
			e++;
		if (e > j && hand_unit(b + j, e - j) && (e == n || b[e] != '/'))
			memset(b + j, ' ', e - j);
		i = e > i ? e : i + 1;
	}
	u = hand_unit(b, n);
	return u == 'c' ? 0 : u;
}

/* Is line l the upper line of a header stacked on two ("          File
 * Char   Block" over "Machine   Size  Out    Out ..."): words only, no
 * figure nor sentence, each over one cell of the header s[0..n) below it
 * (its cells c[0..k))? *over[w]: the cell word w stands over. */
enum { UPPER_WORDS = 24 };
static bool upper_header(const struct br_line *l, const char *s, const char *const *c, const size_t *cn, size_t k,
			 size_t *wa, size_t *wb, size_t *over, size_t *nw)
{
	const char *u = l->text;
	size_t un = l->len;
	while (un && (u[un - 1] == ' ' || u[un - 1] == '\t'))
		un--;
	*nw = 0;
	if (!un || un > 200 || br_digit_runs(u, un, 1) || br_has(u, un, "equential", 9) || u[un - 1] == ':' ||
	    u[un - 1] == '.' || u[un - 1] == ',')
		return false;
	for (size_t i = 0; i < un;) {
		if (u[i] == ' ' || u[i] == '\t') {
			i++;
			continue;
		}
		size_t a = i;
		while (i < un && u[i] != ' ' && u[i] != '\t')
			i++;
		if (*nw == UPPER_WORDS || i - a > 16)
			return false;
		size_t x = 0, hit = 0;
		for (size_t y = 0; y < k; y++) {
			size_t ca = (size_t)(c[y] - s), cb = ca + cn[y];
			if (cn[y] && a < cb && ca < i)
				x = y, hit++;
		}
		if (hit != 1)
			return false; /* over a gap, or over two cells: prose */
		wa[*nw] = a;
		wb[*nw] = i;
		over[(*nw)++] = x;
	}
	return *nw >= 2;
}

/* The header at line i stacked on two lines (upper_header over it): its
 * cells' words joined, each upper word before the lower cell it stands
 * over, into buf (the lower line's indent kept); its length, 0 when line
 * i has no such line above. */
static size_t stacked_header(const struct br_doc *doc, size_t i, const char *s, size_t n, char *buf, size_t cap)
{
	if (!i || !doc->lines[i - 1].len)
		return 0;
	const char *c[HAND_COLS + 1];
	size_t cn[HAND_COLS + 1];
	size_t k = hand_cells(s, n, ' ', c, cn);
	if (k < 3 || k > HAND_COLS)
		return 0;
	size_t wa[UPPER_WORDS], wb[UPPER_WORDS], over[UPPER_WORDS], nw;
	const struct br_line *l = &doc->lines[i - 1];
	if (!upper_header(l, s, c, cn, k, wa, wb, over, &nw))
		return 0;
	size_t m = 0, named = 0;
	while (m < n && m < 16 && (s[m] == ' ' || s[m] == '\t'))
		buf[m] = s[m], m++;
	for (size_t y = 0; y < k; y++) {
		if (y && m + 2 < cap)
			buf[m++] = ' ', buf[m++] = ' ';
		size_t m0 = m;
		for (size_t w = 0; w < nw; w++)
			if (over[w] == y && m + (wb[w] - wa[w]) + 1 < cap) {
				memcpy(buf + m, l->text + wa[w], wb[w] - wa[w]);
				m += wb[w] - wa[w];
				buf[m++] = ' ';
			}
		if (m + cn[y] >= cap)
			return 0;
		memcpy(buf + m, c[y], cn[y]);
		m += cn[y];
		/* the upper words make a figure of a cell that names none
		 * alone ("Char" over "Out"); a title over the names does not */
		bool cpu;
		named += m > m0 + cn[y] && hand_kind(c[y], cn[y], &cpu) < 0 && hand_kind(buf + m0, m - m0, &cpu) >= 0;
	}
	return named ? m : 0;
}

/* Do a hand table's header words say it is classic Bonnie's ("Char out",
 * "Block in", "%CPU") and none bonnie++'s own ("Per Chr", "%CP", the file
 * tests, a latency)? Its whole rates are then Bonnie's K/sec, in a post
 * that names bonnie++ only in its prose. */
static bool classic_words(const char *s, size_t n)
{
	bool classic = false;
	for (size_t i = 0; i + 3 <= n; i++)
		if (s[i] == '%' && (s[i + 1] | 0x20) == 'c' && (s[i + 2] | 0x20) == 'p') {
			if (i + 3 < n && (s[i + 3] | 0x20) == 'u')
				classic = true;
			else
				return false; /* bonnie++'s "%CP" */
		}
	static const char *const pp[] = {"chr", "creat", "delet", "stat", "lat", "files"};
	for (size_t k = 0; k < BR_ARRAY_LEN(pp); k++)
		if (hand_has(s, n, pp[k]))
			return false;
	return classic || hand_in_out(s, n);
}

/* The caption of a table set as markup (LaTeX: "\caption{... K/sec
 * (\%CPU in brackets)}" a few lines of "\begin{tabular}", "\toprule" above
 * its header at i): the unit its rates lack, and whether its CPU figures
 * are in brackets. Lines of markup only are passed over, up to four; the
 * first line of text is the caption. */
static void hand_caption(const struct br_doc *doc, size_t i, struct htable *t)
{
	for (size_t k = i; k-- > 0 && i - k <= 4;) {
		const struct br_line *l = &doc->lines[k];
		if (!l->len || l->len > 200)
			return;
		const char *s = l->text;
		size_t n = l->len;
		while (n && (*s == ' ' || *s == '\t'))
			s++, n--;
		char u = rate_unit(s, n);
		if (u && !t->unit)
			t->unit = u;
		if (hand_has(s, n, "cpu") && (hand_has(s, n, "bracket") || hand_has(s, n, "parenthes")))
			t->paren_cpu = true;
		if (u || !n || *s != '\\' || memchr(s, ' ', n))
			return; /* text, not markup alone */
	}
}

/* Is line s[0..n) the upper line of a header of two ("   Sequential
 * Output   Sequential Input   Random"), words over the columns' and no
 * figure? */
static bool group_line(const char *s, size_t n)
{
	if (br_digit_runs(s, n, 1) || !br_has(s, n, "equential", 9))
		return false;
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t'))
		n--;
	return n && s[n - 1] != ':' && s[n - 1] != '.';
}

static void hand_tables(struct pstate_all *ps)
{
	struct br_parse_ctx *ctx = ps->ctx;
	const struct br_doc *doc = ctx->doc;
	size_t tn;
	const char *text = br_doc_text(doc, &tn);
	/* (bonnie++'s own report or CSV lines read above name it too) */
	enum br_tool tool = br_has(text, tn, "onnie++", 7) || br_has(text, tn, "ONNIE++", 7) || ctx->nrecords
				    ? BR_TOOL_BONNIEPP
				    : BR_TOOL_BONNIE;
	bool report = ctx->nrecords > 0; /* bonnie++'s report or CSV read here */
	size_t ncand;
	size_t *cand = hand_candidates(doc, &ncand);
	for (size_t c = 0, next = 0; c < ncand; c++) {
		size_t i = cand[c];
		struct htable t;
		size_t n;
		char sep;
		if (i < next || br_parse_is_claimed(ctx, i) || !hand_words(doc->lines[i].text, doc->lines[i].len))
			continue;
		const char *s = hand_line(doc, &doc->lines[i], &n, &sep);
		/* a header stacked on two lines is read with its upper line's
		 * words (not the lower line's alone: "Out", "In" name nothing) */
		char two[512];
		size_t tn2 = sep == ' ' && !br_parse_is_claimed(ctx, i - (i > 0))
				     ? stacked_header(doc, i, s, n, two, sizeof two)
				     : 0;
		size_t top = tn2 ? i - 1 : i;
		if (tn2)
			s = two, n = tn2;
		if (!hand_header(s, n, sep, &t)) {
			size_t end = hand_transposed(ps, i, tool);
			if (!end)
				end = hand_list(ps, i, tool);
			next = end > next ? end : next;
			continue;
		}
		/* no unit over the columns: the line introducing the table may
		 * give one ("Bonnie++ numbers, in MB/s:") */
		size_t k = top;
		while (!t.unit && k-- > 0 && top - k <= 3)
			if (doc->lines[k].len && doc->lines[k].len <= 100 &&
			    !(k + 1 == top && group_line(doc->lines[k].text, doc->lines[k].len))) {
				t.unit = intro_unit(doc->lines[k].text, doc->lines[k].len);
				break;
			}
		/* or its first lines, re-wrapped ("... Figures in MB/s," / "CPU
		 * in percent next to each:"): a rate's unit with its "/s" */
		for (size_t m = k; !t.unit && k < top && m-- > 0 && k - m <= 2 && doc->lines[m].len;)
			t.unit = rate_unit(doc->lines[m].text, doc->lines[m].len);
		hand_caption(doc, top, &t);
		/* Bonnie's own words over the columns: its table, though the
		 * prose names bonnie++ (no report of it read here) */
		enum br_tool ttool = tool == BR_TOOL_BONNIEPP && !report && classic_words(s, n)
					     ? BR_TOOL_BONNIE
					     : tool;
		size_t j = i + 1, rows = 0;
		for (; j < doc->nlines && !br_parse_is_claimed(ctx, j) && doc->lines[j].len; j++) {
			if (hand_rule_or_units(&t, &doc->lines[j]))
				continue;
			size_t used = hand_row(ps, &t, top, j, ttool);
			if (!used)
				break;
			j += used - 1;
			rows++;
		}
		if (!rows)
			continue;
		/* a table of two tools' columns is claimed by the other's parser
		 * (hdparm's runs after this one), or its columns would go unread */
		if (!t.shared)
			br_parse_claim(ctx, top, j - 1, "table of bonnie figures written by hand");
		next = j;
	}
	free(cand);
}

static void pstate_release(struct pstate_all *ps);

/* An HTML-to-text conversion can put a whole report on one line ("Version
 * 1.03 ------Sequential Output------ ... Machine Size K/sec %CP ... myhost 2G
 * 40123 95 ..."), perhaps after a date stamp. Such a line holds a first
 * header line, the units line and six "%CP": cheap to ask of every line. */
static bool one_line_candidate(const struct br_line *l)
{
	return l->len >= 100 && br_has(l->text, l->len, "%CP", 3) &&
	       br_has(l->text, l->len, "Sequential", 10) &&
	       (br_has(l->text, l->len, "Machine", 7) || br_has(l->text, l->len, "Name:Size", 9));
}

static bool tok_is(const char *s, size_t n, const char *w)
{
	return n == strlen(w) && memcmp(s, w, n) == 0;
}

/* "------Sequential", "--Sequential" */
static bool tok_seq(const char *s, size_t n)
{
	size_t d = 0;
	while (d < n && s[d] == '-')
		d++;
	return d > 0 && tok_is(s + d, n - d, "Sequential");
}

enum seg { SEG_NONE, SEG_H1, SEG_H2, SEG_UNITS, SEG_ROW, SEG_LAT, SEG_CR2 };

/* What one_line_split carries from word to word: the lines cut so far and
 * what the words since the last cut were. */
struct splitter {
	char *buf;             /* the lines, each ending in a NUL */
	size_t *starts, *lens; /* where each line starts in buf, its length */
	size_t cap_b, cap_s, cap_l, n, nb;
	enum seg seg;           /* what the line being written is */
	int ncp, nval;          /* its "%CP" words and its figures */
	const char *pw, *ppw;   /* the two words before */
	size_t pwn, ppwn;
	size_t pw_at;           /* where the word before starts in buf */
};

/* Step of split_word: the kind of line word w (value: a figure) starts,
 * SEG_NONE when it goes on the line being written; *with_prev when the
 * new line starts at the word before it (the name before "-Create--"). */
static enum seg word_seg(const struct splitter *sp, const char *w, size_t wn, const struct ptok *pt, bool value,
			 bool *with_prev)
{
	enum seg seg = sp->seg;
	bool after_version = sp->ppw && (tok_is(sp->ppw, sp->ppwn, "Version") ||
					 tok_is(sp->ppw, sp->ppwn, "benchreport-run"));
	*with_prev = false;
	if (tok_is(w, wn, "Version"))
		return SEG_H1;
	if (tok_seq(w, wn) && !after_version && seg != SEG_H1)
		return SEG_H1;
	if (tok_is(w, wn, "Concurrency") || (tok_is(w, wn, "-Per") && seg == SEG_H1))
		return SEG_H2;
	if (tok_is(w, wn, "Machine") || tok_is(w, wn, "Name:Size") ||
	    ((tok_is(w, wn, "files") || tok_is(w, wn, "files:max") || tok_is(w, wn, "files:max:min")) &&
	     (seg == SEG_H1 || seg == SEG_CR2)))
		return SEG_UNITS;
	if (tok_is(w, wn, "-Create--") && seg == SEG_H1) {
		*with_prev = sp->pw && sp->pw[0] != '-' && sp->pw[sp->pwn - 1] != '-';
		return SEG_CR2;
	}
	if (tok_is(w, wn, "Latency"))
		return SEG_LAT;
	if (seg == SEG_UNITS && sp->ncp >= 6)
		return SEG_ROW;
	if (seg == SEG_LAT && pt->kind != VK_LAT)
		return SEG_ROW;
	if (seg == SEG_ROW && !value && sp->nval >= 2)
		return SEG_ROW;
	return SEG_NONE;
}

/* Step of split_word: a new line of kind next starting at byte `at` of the
 * buffer; the line before ends there, without the blank. */
static void split_at(struct splitter *sp, size_t at, enum seg next)
{
	if (at > 0 && sp->n > 0) {
		sp->lens[sp->n - 1] = at - 1 - sp->starts[sp->n - 1];
		sp->buf[at - 1] = '\0';
	}
	sp->starts = br_grow(sp->starts, &sp->cap_s, sp->n + 1, sizeof *sp->starts);
	sp->lens = br_grow(sp->lens, &sp->cap_l, sp->n + 1, sizeof *sp->lens);
	sp->starts[sp->n] = at;
	sp->n++;
	sp->seg = next;
	sp->ncp = sp->nval = 0; /* (a name moved to the new line is written already) */
}

/* Step of one_line_split: word w (wn bytes) written to its line, after a
 * cut when it starts one; words before the report are left out. */
static void split_word(struct splitter *sp, const char *w, size_t wn)
{
	struct ptok pt = {.s = w, .n = wn};
	value_kind(&pt);
	bool value = is_value(&pt);
	bool with_prev;
	enum seg next = word_seg(sp, w, wn, &pt, value, &with_prev);
	if (sp->seg == SEG_NONE && next == SEG_NONE)
		return; /* before the report */
	if (with_prev && sp->n > 0 && sp->pw_at == sp->starts[sp->n - 1])
		with_prev = false; /* the name began the line: the line goes on */
	if (next != SEG_NONE)
		split_at(sp, with_prev ? sp->pw_at : sp->nb, next);
	sp->pw_at = sp->nb;
	memcpy(sp->buf + sp->nb, w, wn);
	sp->nb += wn;
	sp->buf[sp->nb++] = ' ';
	sp->ncp += tok_is(w, wn, "%CP");
	sp->nval += value;
	sp->ppw = sp->pw;
	sp->ppwn = sp->pwn;
	sp->pw = w;
	sp->pwn = wn;
}

/*
 * Cut the line into the lines the report had: before each header line's
 * first word ("Version", "------Sequential", "Concurrency" or the first
 * "-Per", "Machine"/"Name:Size", "files…", the name before "-Create--"),
 * after the units line's sixth "%CP" (a row follows), around a Latency
 * line's figures, and after a row's figures (the next word starts another
 * row, or prose). Words before the first header word (a date stamp) go.
 * The lines are written to *buf, each ending in a NUL; their starts and
 * lengths to *starts and *lens. Returns the number of lines.
 */
static size_t one_line_split(const char *t, size_t len, char **buf, size_t **starts, size_t **lens)
{
	struct splitter sp = {0};
	sp.buf = br_grow(NULL, &sp.cap_b, len + len / 2 + 2, 1);
	for (size_t i = 0; i < len;) {
		if (t[i] == ' ' || t[i] == '\t') {
			i++;
			continue;
		}
		size_t a = i;
		while (i < len && t[i] != ' ' && t[i] != '\t')
			i++;
		split_word(&sp, t + a, i - a);
	}
	if (sp.n > 0) {
		sp.lens[sp.n - 1] = sp.nb - 1 - sp.starts[sp.n - 1];
		sp.buf[sp.nb - 1] = '\0';
	}
	*buf = sp.buf;
	*starts = sp.starts;
	*lens = sp.lens;
	return sp.n;
}

static bool keep_no_diag(void *arg, const struct br_diag *dg)
{
	(void)arg;
	(void)dg;
	return false;
}

/*
 * Line i holds a whole report: read the lines one_line_split() cut it into
 * as a document of their own (each keeps line i's original line numbers,
 * so records, claims and diagnostics point at it). True when it gave a
 * record; line i is then claimed.
 */
static bool one_line_table(struct pstate_all *ps, size_t i, const struct br_line *l, size_t last)
{
	struct br_parse_ctx *ctx = ps->ctx;
	char *buf;
	size_t *starts, *lens;
	size_t n = one_line_split(l->text, l->len, &buf, &starts, &lens);
	if (n < 4) {
		free(buf);
		free(starts);
		free(lens);
		return false;
	}
	struct br_line *lines = br_malloc(n * sizeof *lines);
	for (size_t k = 0; k < n; k++) {
		lines[k] = *l;
		lines[k].text = buf + starts[k];
		lines[k].len = (unsigned)lens[k];
		lines[k].joins = NULL;
	}
	free(starts);
	free(lens);
	struct br_doc view = *ctx->doc;
	view.lines = lines;
	view.nlines = n;
	struct br_parse_ctx vctx = *ctx;
	vctx.doc = &view;
	vctx.claimed = br_calloc(n + 1, 1);
	run_flush(ps);
	pend_flush(ps);
	/* a trial: when it gives no record, the line is read again as a line
	 * of its own (or the paragraph as its lines), and what the trial said
	 * of the lines it made up (a row "cannot be read", claims for
	 * --explain) is undone, or a wrong guess would leave its diagnostics
	 * beside the real reading's */
	size_t diag0 = ctx->ds->diags.n, claim0 = ctx->ds->nclaims;
	struct pstate_all in = {0};
	in.ctx = &vctx;
	run_reset(&in.run);
	run_reset(&in.pend);
	in.kept = ps->kept;
	in.label_ctx = ctx;
	in.label_idx = i;
	parse_lines(&in);
	pstate_release(&in);
	ctx->nrecords = vctx.nrecords;
	ps->emitted += in.emitted;
	if (!in.emitted) {
		br_diags_filter(&ctx->ds->diags, diag0, keep_no_diag, NULL);
		ctx->ds->nclaims = claim0;
	}
	for (size_t k = i; in.emitted && k <= last; k++)
		ctx->claimed[k] = 1; /* the claims (for --explain) came from vctx */
	free(vctx.claimed);
	free(lines);
	free(buf);
	return in.emitted > 0;
}

/* Does a row start after the units on this line (figures after its last
 * "%CP": "... /sec %CP fileserv 4G 41250")? A report's own units line
 * ends with its last "%CP". */
static bool units_then_row(const struct br_line *l)
{
	const char *p = l->text, *end = l->text + l->len, *cp = NULL;
	/* memchr for '%', rare in prose: memmem's set-up cost more than the
	 * scan on the short lines of a paragraph */
	while ((size_t)(end - p) >= 3 && (p = memchr(p, '%', (size_t)(end - p) - 2)) != NULL) {
		if (p[1] == 'C' && p[2] == 'P')
			cp = p;
		p++;
	}
	if (!cp)
		return false;
	/* a line that starts with it names CPU figures ("  %CP  3  4"), under
	 * a row of rates (cpu_line) */
	const char *q = l->text;
	while (q < cp && (*q == ' ' || *q == '\t'))
		q++;
	if (q == cp)
		return false;
	for (p = cp + 3; p < end; p++)
		if (is_digit(*p))
			return true;
	return false;
}

/*
 * A report collapsed onto one line (one_line_table) that a mail client
 * then hard-wrapped: a paragraph (at most 24 lines) in which a row starts
 * on the units line. Its lines are joined with blanks and read as the one
 * line they were; the records span the paragraph. True when that gave a
 * record (*last: the paragraph's last line, claimed with the others).
 */
static bool wrapped_one_line(struct pstate_all *ps, size_t i, size_t *last)
{
	const struct br_doc *doc = ps->ctx->doc;
	if (i > 0 && !br_is_blank(doc->lines[i - 1].text, doc->lines[i - 1].len))
		return false;
	size_t j = i;
	bool mixed = false;
	for (; j < doc->nlines && j < i + 24 && !br_parse_is_claimed(ps->ctx, j) &&
	       !br_is_blank(doc->lines[j].text, doc->lines[j].len);
	     j++) {
		if (one_line_candidate(&doc->lines[j]))
			return false; /* a whole report on that line: read alone */
		mixed = mixed || units_then_row(&doc->lines[j]);
	}
	if (!mixed || j - i < 2)
		return false;
	struct scratch *sc = &ps->sc[1];
	size_t n = 0;
	for (size_t k = i; k < j; k++) {
		const struct br_line *m = &doc->lines[k];
		sc->p = br_grow(sc->p, &sc->cap, n + m->len + 2, 1);
		if (k > i)
			sc->p[n++] = ' ';
		memcpy(sc->p + n, m->text, m->len);
		n += m->len;
	}
	sc->p[n] = '\0';
	struct br_line joined = doc->lines[i];
	joined.text = sc->p;
	joined.len = (unsigned)n;
	joined.end_line = doc->lines[j - 1].end_line;
	joined.joins = NULL;
	if (!one_line_candidate(&joined) || !one_line_table(ps, i, &joined, j - 1))
		return false;
	*last = j - 1;
	return true;
}

/* Does line i + 1 start (after dashes, blanks and a "Sequential" that a
 * wrap moved there) with the word "Create"? */
static bool next_says_create(const struct br_doc *doc, size_t i)
{
	if (i + 1 >= doc->nlines)
		return false;
	const char *s = doc->lines[i + 1].text;
	size_t n = doc->lines[i + 1].len, a = 0;
	while (a < n && (s[a] == '-' || blank_at(s, a, n)))
		a++;
	if (starts(s + a, n - a, "Sequential")) {
		a += 10;
		while (a < n && blank_at(s, a, n))
			a++;
	}
	return starts(s + a, n - a, "Create");
}

/* A header line a wrap cut after its dash run or "Sequential": the next
 * line's first word ("Create------", "Output------") says which block it
 * heads. A cut version line (ver_cut) heads the create block when it says
 * "Create"; a bare "------Sequential" line (PK_OTHER, which no pattern
 * takes) is the create block's first header line then. Line i is the line
 * of text s[0..len), pl what classify_line said. */
static void cut_header(const struct br_doc *doc, size_t i, const char *s, size_t len, struct pline *pl)
{
	if (pl->kind == PK_VER) {
		if (pl->ver_cut)
			pl->ver_create = next_says_create(doc, i);
		return;
	}
	if (pl->kind != PK_OTHER || len < 11)
		return;
	while (len > 0 && blank_at(s, len - 1, len))
		len--;
	size_t a = 0;
	while (a < len && blank_at(s, a, len))
		a++;
	/* "------Sequential" and nothing else (the byte tests first) */
	if (len < 11 || s[len - 1] != 'l' || s[a] != '-' || memcmp(s + len - 10, "Sequential", 10) != 0)
		return;
	while (a < len - 10 && s[a] == '-')
		a++;
	while (a < len - 10 && blank_at(s, a, len))
		a++;
	if (a == len - 10 && next_says_create(doc, i))
		pl->kind = PK_CR1;
}

/* Step of parse_lines: a blank line inside a report at line i: the report
 * goes on only if the next non-blank line (up to two below) goes on with
 * it; *resume is then the line before that one. */
static bool run_spans_blank(struct pstate_all *pps, size_t i, bool in_hdr, size_t *resume)
{
	struct br_parse_ctx *ctx = pps->ctx;
	const struct br_doc *doc = ctx->doc;
	const struct prun *run = &pps->run;
	/* up to two more blank lines; a page break's furniture ("Page 3 of
	 * 7", a running footer) and the blank lines around it too */
	size_t k = i + 1, reach = i + 2 + (br_label_page_line(doc, i) ? PAGE_BREAK : 0);
	for (; k < doc->nlines && k <= reach; k++) {
		if (br_label_page_line(doc, k))
			reach = k + 2 + PAGE_BREAK;
		else if (!br_is_blank(doc->lines[k].text, doc->lines[k].len))
			break;
	}
	if (k >= doc->nlines || br_parse_is_claimed(ctx, k))
		return false;
	struct pline nx;
	classify_line(doc->lines[k].text, doc->lines[k].len, false, &nx, &pps->sc[1]);
	cut_header(doc, k, doc->lines[k].text, doc->lines[k].len, &nx);
	bool goes_on = nx.kind == PK_LAT ||
		       (run->st == ST_IOROW && (is_cr_header(nx.kind) || (nx.kind == PK_VER && nx.ver_create))) ||
		       (in_hdr && (nx.kind == PK_OTHER || is_io_header(nx.kind) || is_cr_header(nx.kind))) ||
		       ((run->st == ST_IOROW || run->st == ST_CRROW) && nx.kind == PK_OTHER &&
			row_shape(&doc->lines[k], run->st == ST_CRROW));
	*resume = k - 1;
	return goes_on;
}

/* Step of parse_lines: "Version 1.03" alone at line i (a wrap cut the
 * rest) starts a run only when a header follows. */
static bool weak_version_starts(struct pstate_all *pps, size_t i)
{
	const struct br_doc *doc = pps->ctx->doc;
	struct pline nx;
	if (i + 1 >= doc->nlines)
		return false;
	classify_line(doc->lines[i + 1].text, doc->lines[i + 1].len, true, &nx, &pps->sc[1]);
	return nx.kind == PK_FRAG || nx.kind == PK_SEQOUT || nx.kind == PK_CR1;
}

/* Step of parse_lines: a run opened at header line i, what that line says
 * taken into it. */
static void open_run(struct pstate_all *pps, size_t i, const struct pline *pl)
{
	run_start(pps, i);
	struct prun *r = &pps->run;
	r->nhdr = 1;
	if (pl->kind == PK_VER) {
		take_version(r, pl);
		r->strong_hdr = true;
		if (pl->ver_create)
			r->st = ST_CRHDR;
	} else if (is_cr_header(pl->kind)) {
		r->st = ST_CRHDR;
		if (pl->kind == PK_CR2 && pl->name_b > pl->name_a)
			copy_tok(r->cr_host, sizeof r->cr_host, pl->text + pl->name_a, pl->name_b - pl->name_a);
		r->strong_hdr = pl->kind == PK_CR3;
	} else {
		if (pl->kind == PK_IO2 && pl->concurrency >= 0)
			r->concurrency = pl->concurrency;
		if (pl->kind == PK_IO3) {
			r->strong_hdr = true;
			r->fam198 = pl->io3_198;
		}
	}
}

/* A row read away from any header is a run only when it looks like one
 * in every part: a machine name with a letter in it, all six tests (or the
 * four a -f run prints: both per-char tests skipped, nothing else), each
 * with a CPU figure a percentage can be (the seeks' several processes may
 * pass 100) — not another tool's line of numbers (iozone's "8388608 1024
 * 512332 498765 ..."). */
static bool stray_plausible(const struct prun *run)
{
	bool letter = false;
	for (const char *c = run->host; *c && !letter; c++)
		letter = (*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z');
	if (!letter)
		return false;
	/* -f: the per-char write and read (columns 0 and 3) left empty */
	bool fast = !run->io[0].present && !run->io[3].present;
	for (int p = 0; p < 6; p++) {
		if (fast && (p == 0 || p == 3))
			continue;
		const struct pval *v = &run->io[p];
		double most = io_ids[p] == BR_M_seeks ? 999 : 100;
		if (!v->present || (v->has_cpu && (v->cpu < 0 || v->cpu > most)))
			return false;
	}
	return true;
}

/*
 * Line i, outside any table, is a full I/O row (all six tests: a name, a
 * size and twelve figures; or a -f run's four) in a document whose earlier
 * table had such rows under a strong header: the row is read under that header, a run of its
 * own. A reply quotes a table and adds its own machine's row under the
 * quote ("ours, for comparison:"), a post gives a second row after some
 * prose; "mine, run with -f:" adds a row with the per-char columns empty
 * (eight figures). Anything less (a line of numbers from another tool, a
 * row missing other tests) is left alone.
 */
/* Line i is a stray row's first part, the rest wrapped onto line i + 1
 * (lines of figures only): read_row joins them as it joins a row under
 * its header. */
static bool wrapped_stray(const struct br_parse_ctx *ctx, size_t i)
{
	const struct br_doc *doc = ctx->doc;
	if (i + 1 >= doc->nlines || br_parse_is_claimed(ctx, i + 1) ||
	    !br_digit_runs(doc->lines[i].text, doc->lines[i].len, 3))
		return false;
	struct ptoks tail;
	tokenize(doc->lines[i + 1].text, doc->lines[i + 1].len, &tail);
	return all_values(&tail, false);
}

static bool stray_row(struct pstate_all *ps, size_t *ip)
{
	size_t i = *ip;
	if (!ps->has_hdr || !(row_shape(&ps->ctx->doc->lines[i], false) || wrapped_stray(ps->ctx, i)))
		return false;
	run_start(ps, i);
	struct prun *run = &ps->run;
	const struct prun *h = &ps->hdr;
	memcpy(run->version, h->version, sizeof run->version);
	run->nhdr = h->nhdr;
	run->strong_hdr = true;
	run->fam198 = h->fam198;
	run->runner = h->runner;
	run->concurrency = h->concurrency;
	bool looks;
	const char *why;
	size_t used = read_row(ps, i, false, &looks, &why);
	if (!used || !stray_plausible(run)) {
		run_reset(run);
		return false;
	}
	run->st = ST_IOROW;
	*ip = i + used - 1;
	run->last = *ip;
	return true;
}

/* Reads every unclaimed line: a whole report on one line, a line of the
 * open run, or a header that opens one. */
static void parse_lines(struct pstate_all *pps)
{
	struct br_parse_ctx *ctx = pps->ctx;
	const struct br_doc *doc = ctx->doc;
	struct pline pl;
	for (size_t i = 0; i < doc->nlines; i++) {
		if (br_parse_is_claimed(ctx, i)) {
			run_flush(pps);
			continue;
		}
		const struct br_line *l = &doc->lines[i];
		struct prun *run = &pps->run;
		if (!run->open && !pps->label_ctx && one_line_candidate(l) && one_line_table(pps, i, l, i))
			continue;
		size_t last;
		if (!run->open && !pps->label_ctx && wrapped_one_line(pps, i, &last)) {
			i = last;
			continue;
		}
		bool in_hdr = run->open && (run->st == ST_IOHDR || run->st == ST_CRHDR);
		classify_line(l->text, l->len, in_hdr, &pl, &pps->sc[0]);
		cut_header(doc, i, l->text, l->len, &pl);
		if (run->open) {
			if (pl.kind == PK_BLANK || (pl.kind == PK_OTHER && br_label_page_line(doc, i))) {
				/* a blank line inside a report: go on only if the report does */
				size_t resume;
				if (run_spans_blank(pps, i, in_hdr, &resume))
					i = resume;
				else
					run_flush(pps);
				continue;
			}
			if (run_line(pps, &i, &pl))
				continue;
			run_flush(pps);
		}
		if (pl.kind == PK_OTHER && stray_row(pps, &i))
			continue;
		if (!starts_run(&pl))
			continue;
		if (pl.kind == PK_VER && pl.ver_weak && !weak_version_starts(pps, i))
			continue;
		open_run(pps, i, &pl);
	}
	run_flush(pps);
	pend_flush(pps);
}

static void pstate_release(struct pstate_all *ps)
{
	br_buf_free(&ps->mnames);
	free(ps->tab);
	free(ps->sc[0].p);
	free(ps->sc[1].p);
}

/* Cheap look at the raw bytes: every Bonnie++ report header has one of
 * these. Each is looked for by a byte rare in CSV figures and in prose (k),
 * and the look stops at the first found. */
static bool report_signs(const struct br_doc *doc)
{
	static const struct {
		const char *s;
		size_t k;
	} needles[] = {
		{"%CP", 0}, {"Per Chr", 0}, {"-Create-", 1}, {"Sequential Create", 2},
		{"Name:Size", 4}, {"Latency", 0},
	};
	size_t n;
	const char *s = br_doc_text(doc, &n);
	for (size_t i = 0; i < BR_ARRAY_LEN(needles); i++)
		if (br_has_at(s, n, needles[i].s, strlen(needles[i].s), needles[i].k))
			return true;
	return false;
}

/* The same for a table written by hand (hand_tables): the text names
 * bonnie, and one of its own figures. */
static bool table_words(const struct br_doc *doc, bool named)
{
	static const struct {
		const char *s;
		size_t k;
	} needles[] = {
		{"ewrite", 1}, {"eek", 2}, {"EWRITE", 1}, {"EEK", 2}, {"create", 0}, {"Create", 0},
		{"CREATE", 0},
		/* "bonnie++ block write" beside another tool's columns */
		{"lock write", 1}, {"lock Write", 1}, {"lock read", 1}, {"lock Read", 1},
		{"LOCK WRITE", 1}, {"LOCK READ", 1},
	};
	size_t n;
	const char *s = br_doc_text(doc, &n);
	if (!named && !names_bonnie(s, n))
		return false;
	for (size_t i = 0; i < BR_ARRAY_LEN(needles); i++)
		if (br_has_at(s, n, needles[i].s, strlen(needles[i].s), needles[i].k))
			return true;
	return false;
}

/* A hand table's signs: a bonnie figure's words in a document that names
 * bonnie. */
static bool table_signs(const struct br_doc *doc)
{
	return table_words(doc, false);
}

static bool detect(const struct br_doc *doc)
{
	return report_signs(doc) || table_signs(doc);
}

/* Does h, a run read from a table written by hand, restate run r read
 * before it: two figures or more in common, each within 1.5% of r's times
 * f (rounded; f the factor of MB/s read for MiB/s, for its rates)? */
static bool restates_by(const struct br_record *h, const struct br_record *r, double f)
{
	int common = 0;
	for (int id = 0; id < BR_METRIC_COUNT; id++) {
		struct br_value a = br_record_get(h, (enum br_metric_id)id);
		struct br_value b = br_record_get(r, (enum br_metric_id)id);
		if (!a.present || !b.present)
			continue;
		if (a.too_fast || b.too_fast) {
			if (a.too_fast != b.too_fast)
				return false;
			continue;
		}
		if (!a.has_value || !b.has_value)
			continue;
		double want = br_metric((enum br_metric_id)id)->unit == BR_UNIT_KIBS ? b.value * f : b.value;
		if (fabs(a.value - want) > 0.015 * fabs(want) + 0.5)
			return false;
		common++;
	}
	return common >= 2;
}

static bool restates(const struct br_record *h, const struct br_record *r)
{
	/* MB/s of 10^6 bytes read as MiB/s, or the other way round */
	static const double by[] = {1.0, 1.048576, 1 / 1.048576};
	if (h->tool != r->tool)
		return false;
	for (size_t k = 0; k < BR_ARRAY_LEN(by); k++)
		if (restates_by(h, r, by[k]))
			return true;
	return false;
}

enum { RESTATE_WINDOW = 512 };

/* Records from index `from` on are the hand tables' (parse): each that
 * restates a run this document gave before them, in bonnie++'s own text
 * or CSV, is dropped (its lines stay claimed: they were read). */
static void drop_restated(struct pstate_all *ps, size_t from)
{
	struct br_parse_ctx *ctx = ps->ctx;
	struct br_recset *rs = &ctx->ds->records;
	size_t out = from;
	for (size_t k = from; k < rs->n; k++) {
		struct br_record *h = rs->v[k];
		bool again = false;
		/* the runs nearest above, RESTATE_WINDOW at most: linear in the
		 * document however many runs it holds */
		size_t q0 = from - ctx->first_record > RESTATE_WINDOW ? from - RESTATE_WINDOW : ctx->first_record;
		for (size_t q = q0; q < from && !again; q++)
			again = restates(h, rs->v[q]);
		if (!again) {
			rs->v[out++] = h;
			continue;
		}
		br_record_free(h);
		ctx->nrecords--;
		ps->emitted--;
	}
	rs->n = out;
}

static size_t parse(struct br_parse_ctx *ctx)
{
	struct pstate_all ps = {0};
	ps.ctx = ctx;
	ps.kept = br_calloc(1, sizeof *ps.kept);
	run_reset(&ps.run);
	run_reset(&ps.pend);
	/* detect() said yes: for a report, or for a hand table. A table
	 * written by hand in a post with bonnie++'s own reports or CSV lines
	 * may sum them up again (rounded, in other units): its rows that
	 * restate a run read before are dropped (drop_restated), the others
	 * are runs of their own. */
	if (report_signs(ctx->doc))
		parse_lines(&ps);
	/* (runs read above name bonnie as its name does) */
	if (table_words(ctx->doc, ctx->nrecords > 0)) {
		size_t before = ctx->ds->records.n;
		hand_tables(&ps);
		if (before > ctx->first_record)
			drop_restated(&ps, before);
	}
	pstate_release(&ps);
	if (ctx->kept) {
		*ctx->kept = ps.kept;
	} else { /* run alone (tests): the document is parsed, reconcile now */
		struct br_reconcile_ctx rc = {ctx->doc, ctx->ds, ctx->parser, ctx->first_record, ps.kept};
		reconcile(&rc);
	}
	return ps.emitted;
}

/* Bonnie++'s header words, its commands (vocab.h). */
static const struct br_line_shape result_lines[] = {
	{BR_SHAPE_TEXT, "/sec ", NULL},
	{BR_SHAPE_TEXT, "name:size", NULL},
	{BR_SHAPE_TEXT, "files:max", NULL},
	{BR_SHAPE_TEXT, "sequential create", NULL},
	{BR_SHAPE_TEXT, "random create", NULL},
	{BR_SHAPE_LEAD_NUMBER, "Version", NULL}, /* "Version 1.03 ..." */
	{BR_SHAPE_END, NULL, NULL},
};
static const char *const commands[] = {"bonnie++", "bon_csv2txt", "bon_csv2html", NULL};
static const char *const invocations[] = {"bonnie++ -", "Bonnie++ -", "bonnie++.exe -", NULL};
static const struct br_vocab tool_vocab = {
	.result_lines = result_lines,
	.commands = commands,
	.invocations = invocations,
};

const struct br_parser br_parser_bonniepp_text = {
	.name = "bonnie++-text",
	.summary = "Bonnie++ 1.00 … 2.00a human-readable report (text tables, Latency lines)",
	.detect = detect,
	.parse = parse,
	.vocab = &tool_vocab,
	.reconcile = reconcile,
};
