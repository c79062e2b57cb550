/*
 * rawio — the result table of Greg Lehey's rawio (FreeBSD port
 * benchmarks/rawio), as posted. Layout and what is known of it:
 * shared/formats/rawio.md; corpus/rawio-*.txt show every form read here.
 *
 *   Random read Sequential read Random write Sequential write      group header
 *   ID K/sec /sec K/sec /sec K/sec /sec K/sec /sec                  units ("ID" may be missing)
 *   A_STRIPE 2170.2 135 7060.9 431 2262.2* 140* 3596.3 219          one row per device
 *
 * Columns are mapped by the group names of the header, in their order: a run
 * of fewer tests prints fewer groups. A row is an ID (the record's host; it
 * may be missing or several words) and one `<rate> <count>` pair per group.
 * A `*` after a figure, glued or not, is the poster's mark (`marked`).
 *
 * Units: rawio's "K/sec" is 1000 bytes per second, not 1024. The source is
 * lost, but the one real output settles it (formats/rawio.md §3): for the
 * sequential tests K/sec ÷ /sec is 16.36–16.42, i.e. 16384-byte transfers
 * counted in units of 1000 bytes (16384/1000 = 16.384); with K = 1024 it
 * would be 16.0. So KiB/s = K/sec × 1000/1024; "/sec" (operations per
 * second) is stored as is. The figure as printed is kept as `raw`.
 *
 * A row that is plainly part of the table but does not have one pair per
 * group (a pair missing, a figure mangled) is a warning, never a guess; a
 * row broken across two lines by a mail client is joined.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include "label.h"
#include "parser.h"
#include "regex.h"

/* The group header: nothing but group names (and perhaps "ID"); a table
 * the poster made may put each group's units after its name ("ID | Random
 * read K/sec | /sec | ..."): '|' separates cells like a blank. */
static struct br_pattern re_header = BR_PATTERN_OPT(
	"rawio-header",
	"^(?:[^\\s|]+[\\s|]+)?(?:(?:random|sequential)\\s+(?:read|write)\\b"
	"(?:[\\s|]*\\(?k/sec\\)?(?:[\\s|]*\\(?/sec\\b\\)?)?)?[\\s|]*)+$",
	PCRE2_CASELESS);
/* One group name in the header: 1 random|sequential, 2 read|write. */
static struct br_pattern re_group = BR_PATTERN_OPT(
	"rawio-group", "(random|sequential)\\s+(read|write)\\b", PCRE2_CASELESS);
/* The units line: "ID K/sec /sec K/sec /sec ...", or "K/sec" alone for
 * each group when the poster kept only the rates (rates_only). */
static struct br_pattern re_units = BR_PATTERN_OPT(
	"rawio-units", "^(?:id[\\s|]+)?(?:(?:k/sec[\\s|]*/sec\\b[\\s|]*)+|(?:k/sec\\b[\\s|]*)+)$",
	PCRE2_CASELESS);

/* A test's figures retyped in a sentence ("random read 3336.9 K/sec (207
 * /sec)", "sequential write: 7739.2 K/sec, 472 /sec"): 1 random|sequential,
 * 2 read|write, 3 the rate, 4 the operations per second (maybe none). */
static struct br_pattern re_prose = BR_PATTERN_OPT(
	"rawio-prose",
	"\\b(random|sequential)\\s+(read|write)s?\\b[\\s:=]*(?:(?:of|at|is|was)\\s+)?"
	"(\\d+(?:\\.\\d+)?)\\s*kb?/s(?:ec)?\\b(?:\\s*[(,]\\s*(\\d+)\\s*/\\s*s(?:ec)?\\b\\)?)?",
	PCRE2_CASELESS);

enum { MAX_GROUPS = 4, MAX_TOKENS = 32, MAX_BLANKS = 2 };

struct group {
	enum br_metric_id rate, ops;
	const char *title;
};

static const struct group groups[] = {
	{BR_M_random_read, BR_M_random_read_ops, "Random read"},
	{BR_M_seq_read, BR_M_seq_read_ops, "Sequential read"},
	{BR_M_random_write, BR_M_random_write_ops, "Random write"},
	{BR_M_seq_write, BR_M_seq_write_ops, "Sequential write"},
};

struct token {
	const char *s;
	size_t n;
	bool num;     /* digits with at most one decimal part */
	bool dec;     /* has a decimal point */
	bool marked;  /* a '*' followed it */
};

struct row {
	struct token t[MAX_TOKENS];
	size_t n;
	size_t tail;  /* trailing number tokens */
	bool too_long;
};

/* The line without leading blanks and quote marks, and without trailing blanks. */
static const char *stripped(const struct br_line *l, size_t *n)
{
	const char *s = l->text;
	size_t len = l->len;
	while (len && (*s == ' ' || *s == '\t' || *s == '>' || *s == '|')) {
		s++;
		len--;
	}
	while (len && (s[len - 1] == ' ' || s[len - 1] == '\t' || s[len - 1] == '\r'))
		len--;
	*n = len;
	return s;
}

/* A blank, or a table's '|' between cells. */
static bool is_space(char c)
{
	return c == ' ' || c == '\t' || c == '|';
}

/* "|----|:---|", "+-----+": the rule under a table's header. */
static bool rule_line(const char *s, size_t n)
{
	bool dash = false;
	for (size_t k = 0; k < n; k++) {
		if (s[k] == '-' || s[k] == '=')
			dash = true;
		else if (!strchr("|:+ \t", s[k]))
			return false;
	}
	return dash;
}

/* Where the figure t has a comma, what it is: thousands separators when
 * every group after one has three digits and the first at most three
 * ("20,659.3", "1,261"), a decimal comma when one or two digits end it and
 * there is no point ("3336,9": a group never has fewer than three). False:
 * neither, the token is a word. */
static bool classify_commas(struct token *t)
{
	const char *s = t->s;
	size_t n = t->n, c = (size_t)((const char *)memchr(s, ',', n) - s);
	size_t d = c + 1;
	while (d < n && s[d] >= '0' && s[d] <= '9')
		d++;
	if (c > 0 && d == n && n - c - 1 >= 1 && n - c - 1 <= 2) {
		for (size_t k = 0; k < c; k++)
			if (s[k] < '0' || s[k] > '9')
				return false;
		t->num = t->dec = true;
		return true;
	}
	if (c == 0 || c > 3)
		return false;
	size_t k = 0;
	for (; k < n && s[k] != '.'; k++) {
		bool comma = k >= c && (k - c) % 4 == 0;
		if (comma ? s[k] != ',' : (s[k] < '0' || s[k] > '9'))
			return false;
	}
	if ((k - c) % 4 != 0)
		return false; /* the last group is short */
	size_t after = 0;
	for (size_t j = k + 1; j < n; j++, after++)
		if (s[j] < '0' || s[j] > '9')
			return false;
	t->num = k == n || after > 0;
	t->dec = k < n;
	return true;
}

static void classify(struct token *t)
{
	size_t digits = 0, dots = 0, after = 0;
	if (memchr(t->s, ',', t->n)) {
		classify_commas(t);
		return;
	}
	for (size_t i = 0; i < t->n; i++) {
		if (t->s[i] >= '0' && t->s[i] <= '9') {
			digits++;
			if (dots)
				after++;
		} else if (t->s[i] == '.' && !dots && digits) {
			dots++;
		} else {
			return;
		}
	}
	t->num = digits > 0 && (!dots || after > 0);
	t->dec = dots > 0;
}

/* Split a row into words and numbers; a '*' marks the number before it
 * (or "\\*", as an HTML-to-Markdown converter escapes it: "25011.9\\*"). */
static void tokenize(const char *s, size_t n, struct row *r)
{
	r->n = 0;
	r->tail = 0;
	r->too_long = false;
	size_t i = 0;
	while (i < n) {
		if (is_space(s[i])) {
			i++;
			continue;
		}
		if (s[i] == '*' || (s[i] == '\\' && i + 1 < n && s[i + 1] == '*')) {
			if (r->n && r->t[r->n - 1].num)
				r->t[r->n - 1].marked = true;
			i += s[i] == '\\' ? 2 : 1;
			continue;
		}
		size_t start = i;
		while (i < n && !is_space(s[i]) && s[i] != '*' && !(s[i] == '\\' && i + 1 < n && s[i + 1] == '*'))
			i++;
		if (r->n == MAX_TOKENS) {
			r->too_long = true;
			return;
		}
		struct token *t = &r->t[r->n++];
		memset(t, 0, sizeof *t);
		t->s = s + start;
		t->n = i - start;
		classify(t);
	}
	while (r->tail < r->n && r->t[r->n - 1 - r->tail].num)
		r->tail++;
}

/*
 * A note the poster wrote after a row's figures ("<- 512k stripe",
 * "(default)"): the row's tokens end where a run of exactly `need` figures,
 * every K/sec one with its decimal as rawio prints it, is followed by text
 * set apart from them, by two blanks or a mark ("<-", "("); the rest is
 * left out. Returns where the note starts, r->n when there is none (the
 * figures in a sentence are not a row's). Asked only under a units line.
 * `step`: 2 when a K/sec and a /sec figure alternate, 1 when only rates.
 */
static size_t note_start(const struct row *r, size_t need, size_t step)
{
	size_t run = 0;
	for (size_t k = 0; k < r->n; k++) {
		const struct token *t = &r->t[k];
		if (t->num) {
			run++;
			continue;
		}
		if (run == need) {
			bool rates = true;
			for (size_t j = k - need; j < k && rates; j += step)
				rates = r->t[j].dec;
			const struct token *p = &r->t[k - 1];
			size_t gap = (size_t)(t->s - (p->s + p->n)) - (p->marked ? 1 : 0);
			char c = (char)(t->s[0] | 0x20);
			bool word = (c >= 'a' && c <= 'z') || (t->s[0] >= '0' && t->s[0] <= '9');
			if (rates && (gap >= 2 || !word))
				return k;
		}
		run = 0;
	}
	return r->n;
}

/* Is this line a row of the table (maybe a bad one), or the end of it? */
static bool row_like(const struct row *r)
{
	if (r->too_long || r->n == 0)
		return false;
	/* "ad1 2291.4": a row cut after its first rate; "Page 2" is not */
	size_t words = r->n - r->tail;
	return r->tail >= 2 || (r->tail == 1 && words == 1 && r->t[r->n - 1].dec);
}

/* K/sec (1000 bytes) → KiB/s; exact when the printed figure has few digits. */
static double kib_per_sec(const char *s, size_t n)
{
	uint64_t mant = 0;
	int decimals = -1, digits = 0;
	for (size_t i = 0; i < n; i++) {
		if (s[i] == '.') {
			decimals = 0;
			continue;
		}
		mant = mant * 10 + (uint64_t)(s[i] - '0');
		digits++;
		if (decimals >= 0)
			decimals++;
	}
	if (decimals < 0)
		decimals = 0;
	if (digits <= 15 && decimals <= 3) {
		for (int k = decimals; k < 3; k++)
			mant *= 10; /* mant = K/sec × 1000, an integer */
		return (double)mant / 1024.0;
	}
	char buf[64];
	size_t m = n < sizeof buf - 1 ? n : sizeof buf - 1;
	memcpy(buf, s, m);
	buf[m] = '\0';
	return strtod(buf, NULL) * 1000.0 / 1024.0;
}

static void set_figure(struct br_record *r, enum br_metric_id id, const struct token *t, bool rate)
{
	char *raw = br_strndup(t->s, t->n);
	/* a figure with commas (classify_commas) as plain digits and a point */
	size_t m = 0;
	for (size_t k = 0; k < t->n; k++)
		if (t->s[k] != ',')
			raw[m++] = t->s[k];
		else if (!memchr(t->s, '.', t->n) && t->n - k - 1 <= 2)
			raw[m++] = '.';
	raw[m] = '\0';
	double v = rate ? kib_per_sec(raw, m) : strtod(raw, NULL);
	struct br_value *bv = br_record_set(r, id, v, raw);
	bv->marked = t->marked;
	free(raw);
}

struct table {
	struct br_parse_ctx *ctx;
	size_t header;               /* first header line */
	bool units;                  /* a units line ("K/sec /sec ...") under it */
	int ngroups;
	const struct group *g[MAX_GROUPS];
	size_t stride;               /* figures a group: 2 (K/sec, /sec), 1 (rates_only) */
	signed char *named;          /* the document names rawio: -1 not looked yet */
};

/* Emit the record of a row whose figures are nums[0..stride*ngroups); `own`, a
 * title the poster wrote after them (or NULL). */
static void emit_row(struct table *tb, size_t first, size_t last, const char *id, size_t id_len,
		     const struct token *nums, const char *own)
{
	struct br_record *r = br_parse_record_new(tb->ctx, BR_TOOL_RAWIO, first, last);
	if (id_len) {
		char *host = br_strndup(id, id_len);
		br_record_set_host(r, host);
		free(host);
	}
	char *label = br_parse_label(tb->ctx, tb->header, own);
	br_record_set_label(r, label);
	free(label);
	for (size_t k = 0; k < (size_t)tb->ngroups; k++) {
		set_figure(r, tb->g[k]->rate, &nums[tb->stride * k], true);
		if (tb->stride == 2)
			set_figure(r, tb->g[k]->ops, &nums[2 * k + 1], false);
	}
	br_parse_claim(tb->ctx, first, last, "table row");
	br_parse_emit(tb->ctx, r);
}

/* The ID of a row: its text before the figures used. */
static void row_id(const struct row *r, size_t used, const char **id, size_t *len)
{
	*id = NULL;
	*len = 0;
	if (r->n <= used)
		return;
	size_t last = r->n - used - 1;
	*id = r->t[0].s;
	*len = (size_t)(r->t[last].s + r->t[last].n - r->t[0].s);
}

static bool pairs_ok(const struct table *tb, const struct token *nums)
{
	if (tb->stride == 1)
		return true; /* rates only: no count to check */
	for (int k = 0; k < tb->ngroups; k++)
		if (nums[2 * k + 1].dec)
			return false; /* an operation count is an integer */
	return true;
}

/* The text after row r's last figure on line j (a note), when the table
 * has units: noted, cut off r, and returned as the row's title (NULL: none). */
static char *row_note(struct table *tb, size_t j, struct row *r, size_t need)
{
	size_t note = r->tail || !tb->units ? r->n : note_start(r, need, tb->stride);
	if (note >= r->n)
		return NULL;
	const struct token *a = &r->t[note], *b = &r->t[r->n - 1];
	size_t len = (size_t)(b->s + b->n - a->s);
	br_parse_note(tb->ctx, j, "text after the rawio row's last figure left out: '%.*s'",
		      (int)(len > 60 ? 60 : len), a->s);
	r->n = note;
	r->tail = need;
	return br_label_note(a->s, len); /* the note titles the row */
}

/* Row r on line j with all its figures: a record, or a warning when they
 * do not line up. */
static void full_row(struct table *tb, size_t j, const struct row *r, size_t need, const char *title)
{
	const char *id;
	size_t id_len;
	const struct token *nums = &r->t[r->n - need];
	row_id(r, need, &id, &id_len);
	if (pairs_ok(tb, nums)) {
		emit_row(tb, j, j, id, id_len, nums, title);
		return;
	}
	br_parse_warn(tb->ctx, j,
		      "row '%.*s': a /sec figure has decimals, so the columns do "
		      "not line up; skipped",
		      (int)(id_len > 40 ? 40 : id_len ? id_len : 1), id_len ? id : "?");
	br_parse_claim(tb->ctx, j, j, "table row, unreadable");
}

/* Row r on line j with too few figures: a row wrapped by a mail client
 * goes on on the next line with figures only. The lines it took beyond
 * j (1 when joined; 0 and a warning when not). */
static size_t short_row(struct table *tb, size_t j, const struct row *r, size_t need)
{
	const struct br_doc *doc = tb->ctx->doc;
	const char *id;
	size_t id_len;
	row_id(r, r->tail, &id, &id_len);
	if (j + 1 < doc->nlines && !br_parse_is_claimed(tb->ctx, j + 1)) {
		struct row next;
		struct token joined[2 * MAX_GROUPS];
		size_t tn;
		const char *t = stripped(&doc->lines[j + 1], &tn);
		tokenize(t, tn, &next);
		if (next.n && next.tail == next.n && r->tail + next.tail == need) {
			memcpy(joined, &r->t[r->n - r->tail], r->tail * sizeof *joined);
			memcpy(joined + r->tail, next.t, next.tail * sizeof *joined);
			if (pairs_ok(tb, joined)) {
				emit_row(tb, j, j + 1, id, id_len, joined, NULL);
				return 1;
			}
		}
	}
	br_parse_warn(tb->ctx, j,
		      "row '%.*s' has %zu figure%s; the header's %d group%s need %zu "
		      "(%s each); skipped",
		      (int)(id_len > 40 ? 40 : id_len ? id_len : 1), id_len ? id : "?", r->tail,
		      r->tail == 1 ? "" : "s", tb->ngroups, tb->ngroups == 1 ? "" : "s", need,
		      tb->stride == 2 ? "a K/sec and a /sec figure" : "a K/sec figure");
	br_parse_claim(tb->ctx, j, j, "table row, figures missing");
	return 0;
}

/* A line another program wrote into the paste between two rows: the
 * kernel's ("da2: 152627MB <ATA ...> at scbus1", "[ 12.3] ata1: ...",
 * "kernel: ...") or iostat's heading ("tty da0 cpu", "tin tout KB/t"). */
static bool interloper(const char *s, size_t n)
{
	if (n && s[0] == '[')
		return true;
	size_t e = 0;
	bool digit = false;
	while (e < n && s[e] != ' ' && s[e] != '\t' && s[e] != ':') {
		digit = digit || (s[e] >= '0' && s[e] <= '9');
		e++;
	}
	if (e < n && s[e] == ':' && e > 0 && (digit || (e == 6 && strncmp(s, "kernel", 6) == 0)))
		return true;
	return (e == 3 && (strncmp(s, "tty", 3) == 0 || strncmp(s, "tin", 3) == 0));
}

/* Does the document name rawio (its figures in sentences are then rawio's)? */
static bool names_rawio(const struct br_doc *doc)
{
	for (size_t k = 0; k < doc->nlines; k++)
		if (br_has(doc->lines[k].text, doc->lines[k].len, "rawio", 5))
			return true;
	return false;
}

/*
 * A table without a units line whose row r (line j) has one figure per
 * group, each a rate with its decimal as rawio prints it ("2170.2 7060.9
 * 2262.2 3596.3"): the poster kept only the K/sec columns, when the
 * document names rawio (the group names alone are any benchmark's) and the
 * row is not one cut after half its pairs (the next line does not hold
 * the rest). The table is then read so from here on (stride 1).
 */
static bool rates_only_row(struct table *tb, size_t j, const struct row *r)
{
	if (tb->units || tb->stride == 1 || tb->ngroups < 2 || r->tail != (size_t)tb->ngroups)
		return false;
	for (size_t k = r->n - r->tail; k < r->n; k++)
		if (!r->t[k].dec)
			return false;
	const struct br_doc *doc = tb->ctx->doc;
	if (j + 1 < doc->nlines && !br_parse_is_claimed(tb->ctx, j + 1)) {
		size_t tn;
		const char *t = stripped(&doc->lines[j + 1], &tn);
		struct row next;
		tokenize(t, tn, &next);
		if (next.n && next.tail == next.n && r->tail + next.tail == 2 * (size_t)tb->ngroups)
			return false;
	}
	if (*tb->named < 0)
		*tb->named = names_rawio(doc);
	if (!*tb->named)
		return false;
	tb->stride = 1;
	return true;
}

/* Is line j (unclaimed, not blank) a full row of the table? */
static bool row_next(struct table *tb, size_t j, size_t need)
{
	const struct br_doc *doc = tb->ctx->doc;
	if (j >= doc->nlines || br_parse_is_claimed(tb->ctx, j))
		return false;
	size_t n;
	const char *s = stripped(&doc->lines[j], &n);
	struct row r;
	tokenize(s, n, &r);
	return n && row_like(&r) && r.tail >= need && r.tail <= need + 1;
}

/*
 * Read the rows after the header (and units line) starting at line j;
 * returns the index of the first line that is not part of the table.
 */
static size_t read_rows(struct table *tb, size_t j)
{
	const struct br_doc *doc = tb->ctx->doc;
	size_t need = tb->stride * (size_t)tb->ngroups;
	size_t blanks = 0;
	struct row r;
	for (; j < doc->nlines; j++) {
		if (br_parse_is_claimed(tb->ctx, j))
			break;
		size_t n;
		const char *s = stripped(&doc->lines[j], &n);
		if (n == 0) {
			if (++blanks > MAX_BLANKS)
				break;
			continue;
		}
		if (br_label_page_line(doc, j)) {
			/* a page break ("Page 3 of 7", "- 7 -"): the table goes
			 * on past it and the blank lines around it */
			blanks = 0;
			continue;
		}
		tokenize(s, n, &r);
		char *title = row_note(tb, j, &r, need);
		if (!row_like(&r)) {
			free(title);
			if (interloper(s, n) && row_next(tb, j + 1, need))
				continue;
			break;
		}
		blanks = 0;
		if (r.tail > need + 1) {
			/* more figures than the groups and a row number: another
			 * tool's line in the paste ("0 43 16.00 41 0.64 ...", iostat
			 * run beside rawio), not a row; the table may go on */
			free(title);
			continue;
		}
		if (rates_only_row(tb, j, &r)) {
			need = (size_t)tb->ngroups;
			r.tail = need;
		}
		if (r.tail >= need)
			full_row(tb, j, &r, need, title);
		else /* (a row with a note has its figures) */
			j += short_row(tb, j, &r, need);
		free(title);
	}
	return j;
}

/* Add the header's groups in s[0..n) to the table; false on a repeated group. */
static bool add_groups(struct table *tb, const char *s, size_t n)
{
	size_t ov[2 * 3], at = 0;
	while (at < n && br_re_match(&re_group, s, n, at, ov, 3) > 0) {
		bool random = (s[ov[2]] | 0x20) == 'r', read = (s[ov[4]] | 0x20) == 'r';
		const struct group *g = &groups[(random ? 0 : 1) + (read ? 0 : 2)];
		for (int k = 0; k < tb->ngroups; k++)
			if (tb->g[k] == g)
				return false;
		if (tb->ngroups == MAX_GROUPS)
			return false;
		tb->g[tb->ngroups++] = g;
		at = ov[1];
	}
	return true;
}

/* "Volume | Random read K/sec | ...", "disk  Sequential read ...": a
 * table's first column headed by a word of the poster's, then a group
 * name. A scan of the first word and a compare. */
static bool first_cell_then_group(const char *t, size_t n)
{
	size_t k = 0, end = n < 25 ? n : 25;
	while (k < end && (unsigned char)t[k] > ' ' && t[k] != '|')
		k++;
	if (k == 0 || k == end || !is_space(t[k]))
		return false;
	while (k < n && is_space(t[k]))
		k++;
	return (n - k >= 10 && strncasecmp(t + k, "sequential", 10) == 0) ||
	       (n - k >= 6 && strncasecmp(t + k, "random", 6) == 0);
}

/* A header starts with a group name or "ID" (or a word and a group
 * name): a compare or two per line before any regex. */
static bool header_text(const char *t, size_t n)
{
	if (n < 11)
		return false;
	switch (*t) {
	case 'R': case 'r':
		if (strncasecmp(t, "random", 6) != 0)
			return false;
		break;
	case 'S': case 's':
		if (strncasecmp(t, "sequential", 10) != 0)
			return false;
		break;
	case 'I': case 'i':
		if ((t[1] != 'D' && t[1] != 'd') || !is_space(t[2]))
			return false;
		break;
	default:
		if (!first_cell_then_group(t, n))
			return false;
	}
	size_t ov[2];
	return br_re_match(&re_header, t, n, 0, ov, 1) > 0;
}

/* header_text() of line i without its quote marks and blanks (*s, *n). */
static bool header_line(const struct br_doc *doc, size_t i, const char **s, size_t *n)
{
	*s = stripped(&doc->lines[i], n);
	return header_text(*s, *n);
}

/* The units s[0..n) names: how many "/sec" (the return), of them how
 * many "K/sec" (*rates). */
static size_t sec_units(const char *s, size_t n, size_t *rates)
{
	size_t all = 0;
	*rates = 0;
	for (const char *p = s; (p = memmem(p, n - (size_t)(p - s), "/sec", 4)); p += 4) {
		all++;
		*rates += p > s && (p[-1] | 0x20) == 'k';
	}
	return all;
}

/* Does s[0..n) end in the first word of a group name ("... Random write
 * Sequential"), set apart by a blank? Its length, else 0. */
static size_t cut_group_word(const char *s, size_t n)
{
	static const char *const words[] = {"random", "sequential"};
	for (size_t w = 0; w < 2; w++) {
		size_t m = strlen(words[w]);
		if (n > m && is_space(s[n - m - 1]) && strncasecmp(s + n - m, words[w], m) == 0)
			return m;
	}
	return 0;
}

/*
 * A header a mail client wrapped inside a group name: line i ends with its
 * first word, line i + 1 starts with the second ("Random read Sequential
 * read Random write Sequential" / "write", or "... Random" / "write
 * Sequential write"). The two lines joined into *buf when they make a
 * header (true).
 */
static bool header_cut_in_group(const struct br_doc *doc, const struct br_parse_ctx *ctx, size_t i,
				struct br_buf *buf)
{
	size_t n, tn;
	const char *s = stripped(&doc->lines[i], &n);
	if (n < 11 || n > 200 || i + 1 >= doc->nlines || br_parse_is_claimed(ctx, i + 1) ||
	    !cut_group_word(s, n))
		return false;
	const char *t = stripped(&doc->lines[i + 1], &tn);
	size_t w = 0;
	while (w < tn && !is_space(t[w]))
		w++;
	if (!((w == 4 && strncasecmp(t, "read", 4) == 0) || (w == 5 && strncasecmp(t, "write", 5) == 0)))
		return false;
	br_buf_reset(buf);
	br_buf_add(buf, s, n);
	br_buf_addc(buf, ' ');
	br_buf_add(buf, t, tn);
	return header_text(buf->data, buf->len);
}

/* A table whose header starts at line i and takes `hlines` lines (2: one
 * wrapped inside a group name, s the two joined); returns the next line
 * to look at. `named`: the document names rawio (-1: not looked yet). */
static size_t table_at(struct br_parse_ctx *ctx, size_t i, size_t hlines, const char *s, size_t n,
		       signed char *named)
{
	const struct br_doc *doc = ctx->doc;
	struct table tb = {.ctx = ctx, .header = i, .stride = 2, .named = named};
	bool ok = add_groups(&tb, s, n);
	size_t j = i + hlines;
	/* a header wrapped by a mail client goes on on the next line */
	const char *t;
	size_t tn;
	if (ok && tb.ngroups < MAX_GROUPS && j < doc->nlines && !br_parse_is_claimed(ctx, j) &&
	    header_line(doc, j, &t, &tn)) {
		ok = add_groups(&tb, t, tn);
		j++;
	}
	if (!ok) {
		br_parse_warn(ctx, i, "header names a test group twice; table skipped");
		br_parse_claim(ctx, i, j - 1, "table header, unreadable");
		return j;
	}
	size_t last_head = j - 1;
	/* units in the header's own cells: no units line to come; "K/sec"
	 * alone in each, the rates only */
	size_t rates, all = sec_units(s, n, &rates);
	bool units = all > 0;
	if (units && rates == all)
		tb.stride = 1;
	for (size_t k = j; k < doc->nlines && k <= j + 1; k++) {
		if (br_parse_is_claimed(ctx, k))
			break;
		t = stripped(&doc->lines[k], &tn);
		if (tn == 0)
			continue;
		if (rule_line(t, tn)) {
			last_head = k;
			j = k + 1;
			continue;
		}
		size_t ov[2];
		if (br_re_match(&re_units, t, tn, 0, ov, 1) > 0) {
			units = true;
			all = sec_units(t, tn, &rates);
			tb.stride = rates == all ? 1 : 2;
			size_t pairs = all / tb.stride;
			if (pairs != (size_t)tb.ngroups)
				br_parse_doubt(ctx, k,
					      "units line has %zu %s but the header names %d "
					      "group%s; reading the header's groups",
					      pairs, tb.stride == 2 ? "K/sec,/sec pairs" : "K/sec columns",
					      tb.ngroups, tb.ngroups == 1 ? "" : "s");
			last_head = k;
			j = k + 1;
		}
		break;
	}
	br_parse_claim(ctx, i, last_head, "table header");
	tb.units = units;
	size_t records = ctx->nrecords;
	size_t end = read_rows(&tb, j);
	if (ctx->nrecords == records && units && end == j)
		br_parse_warn(ctx, i, "table header without rows");
	return end > i ? end : i + 1;
}

/*
 * rawio's figures retyped as sentences, a device each ("STRIPE: random
 * read 3336.9 K/sec (207 /sec), sequential read ...", maybe over two
 * lines): one record for the lines from one that opens with its ID and a
 * colon (or holds two tests' figures without one) up to the next that
 * does, each test at most once. Read only in a document that names rawio:
 * the words alone are any disk benchmark's.
 */
struct prose_rec {
	struct token fig[2 * MAX_GROUPS]; /* rate, ops of each group (ops may be absent) */
	bool has[MAX_GROUPS];
	const char *id;
	size_t id_len;
};

/* The ID opening s[0..n) ("STRIPE:", "mirror2:"): one word and a colon. */
static size_t prose_id(const char *s, size_t n)
{
	size_t k = 0;
	while (k < n && k < 40 && s[k] != ':' && s[k] != ' ' && s[k] != '\t')
		k++;
	return k > 0 && k < n && s[k] == ':' ? k : 0;
}

/* The figures of line l into pr; false when it holds none, or a test it
 * already has. */
static bool prose_line(const struct br_line *l, struct prose_rec *pr)
{
	size_t ov[2 * 5], at = 0;
	bool any = false;
	while (l->len <= 400 && br_re_match(&re_prose, l->text, l->len, at, ov, 5) > 0) {
		bool seq = (l->text[ov[2]] | 0x20) == 's', wr = (l->text[ov[4]] | 0x20) == 'w';
		int g = (seq ? 1 : 0) + (wr ? 2 : 0);
		if (pr->has[g])
			return false;
		pr->has[g] = true;
		struct token *r = &pr->fig[2 * g], *o = &pr->fig[2 * g + 1];
		memset(r, 0, sizeof *r);
		memset(o, 0, sizeof *o);
		r->s = l->text + ov[6];
		r->n = ov[7] - ov[6];
		classify(r);
		if (ov[8] != PCRE2_UNSET) {
			o->s = l->text + ov[8];
			o->n = ov[9] - ov[8];
			classify(o);
		}
		any = true;
		at = ov[1];
	}
	return any;
}

static void prose_emit(struct br_parse_ctx *ctx, const struct prose_rec *pr, size_t first, size_t last)
{
	struct br_record *r = br_parse_record_new(ctx, BR_TOOL_RAWIO, first, last);
	if (pr->id_len) {
		char *host = br_strndup(pr->id, pr->id_len);
		br_record_set_host(r, host);
		free(host);
	}
	char *label = br_parse_label(ctx, first, NULL);
	br_record_set_label(r, label);
	free(label);
	for (int g = 0; g < MAX_GROUPS; g++) {
		if (!pr->has[g])
			continue;
		set_figure(r, groups[g].rate, &pr->fig[2 * g], true);
		if (pr->fig[2 * g + 1].n)
			set_figure(r, groups[g].ops, &pr->fig[2 * g + 1], false);
	}
	br_parse_claim(ctx, first, last, "rawio figures in sentences");
	br_parse_emit(ctx, r);
}

/* The record of sentences from line i (see above); the line after them,
 * i when line i holds no figures. */
static size_t prose_at(struct br_parse_ctx *ctx, size_t i)
{
	const struct br_doc *doc = ctx->doc;
	struct prose_rec pr;
	memset(&pr, 0, sizeof pr);
	if (!prose_line(&doc->lines[i], &pr))
		return i;
	const struct br_line *l = &doc->lines[i];
	pr.id_len = prose_id(l->text, l->len);
	pr.id = l->text;
	size_t j = i + 1;
	for (; j < doc->nlines && !br_parse_is_claimed(ctx, j); j++) {
		const struct br_line *m = &doc->lines[j];
		struct prose_rec more = pr;
		if (prose_id(m->text, m->len) || !prose_line(m, &more))
			break;
		pr = more;
	}
	/* one figure in a sentence without an ID: a remark, maybe another
	 * tool's ("fio claimed random read 3100 K/sec") */
	int tests = 0;
	for (int g = 0; g < MAX_GROUPS; g++)
		tests += pr.has[g];
	if (!pr.id_len && tests < 2)
		return i;
	prose_emit(ctx, &pr, i, j - 1);
	return j;
}

static size_t parse(struct br_parse_ctx *ctx)
{
	const struct br_doc *doc = ctx->doc;
	size_t before = ctx->nrecords;
	signed char rawio = -1; /* the document names rawio: not looked yet */
	struct br_buf joined = BR_BUF_INIT;
	for (size_t i = 0; i < doc->nlines;) {
		const char *s;
		size_t n;
		if (br_parse_is_claimed(ctx, i)) {
			i++;
			continue;
		}
		if (header_line(doc, i, &s, &n))
			i = table_at(ctx, i, 1, s, n, &rawio);
		else if (header_cut_in_group(doc, ctx, i, &joined))
			i = table_at(ctx, i, 2, joined.data, joined.len, &rawio);
		else
			i++;
	}
	br_buf_free(&joined);
	/* figures in sentences, where no table took them */
	for (size_t i = 0; i < doc->nlines;) {
		const struct br_line *l = &doc->lines[i];
		if (rawio == 0)
			break;
		if (br_parse_is_claimed(ctx, i) || !br_has(l->text, l->len, "/s", 2) ||
		    (rawio < 0 && (rawio = names_rawio(doc)) == 0)) {
			i++;
			continue;
		}
		size_t j = prose_at(ctx, i);
		i = j > i ? j : i + 1;
	}
	return ctx->nrecords - before;
}

/* Every table starts at a header line of group names (header_line). */
static const char *const look_words[] = {"random", "sequential", NULL};
/* rawio's header and unit words, its command (vocab.h). */
static const struct br_line_shape result_lines[] = {
	{BR_SHAPE_TEXT, "kb/sec", NULL},
	{BR_SHAPE_TEXT, "kb/s", NULL},
	{BR_SHAPE_TEXT, "sequential read", NULL},
	{BR_SHAPE_TEXT, "sequential write", NULL},
	{BR_SHAPE_TEXT, "random read", NULL},
	{BR_SHAPE_TEXT, "random write", NULL},
	{BR_SHAPE_END, NULL, NULL},
};
static const char *const commands[] = {"rawio", NULL};
static const char *const invocations[] = {"rawio -", NULL};
static const struct br_vocab tool_vocab = {
	.result_lines = result_lines,
	.commands = commands,
	.invocations = invocations,
};

const struct br_parser br_parser_rawio = {
	.name = "rawio",
	.summary = "rawio result tables (Random/Sequential read/write, K/sec and /sec)",
	.detect = NULL, /* the per-line look is a compare or two: cheaper than a pass */
	.look_words = look_words,
	.parse = parse,
	.vocab = &tool_vocab,
};
