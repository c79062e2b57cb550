/*
 * archive — `benchreport archive COMMAND DB ...`: the command line of the
 * SQLite archive (archive/archive.h). Options and output only; every
 * decision about storing is in archive/.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "archive.h"
#include "cli.h"
#include "doc.h"
#include "chart.h"
#include "history.h"
#include "json.h"
#include "jsonl.h"
#include "metric.h"
#include "neutral.h"
#include "output.h"
#include "record.h"

int br_cli_archive(int argc, char **argv);

#define CMD "benchreport archive"

static void usage(FILE *fp)
{
	fputs("Usage: benchreport archive add DB FILE...\n"
	      "       benchreport archive list DB [--tool T] [--host H] [--label GLOB] [--since DATE]\n"
	      "                                   [--format table|jsonl]\n"
	      "       benchreport archive show DB ID [--format text|jsonl]\n"
	      "       benchreport archive rm DB ID\n"
	      "       benchreport archive export DB [--tool T] [--host H] [--label GLOB] [--since DATE]\n"
	      "       benchreport archive history DB --metric M [--host GLOB] [--label GLOB] [--tool T]\n"
	      "                                   [--since DATE] [-o history.svg|history.png]\n"
	      "       benchreport archive check DB\n"
	      "\n"
	      "Keep benchmark results in one SQLite file (created on first use).\n"
	      "\n"
	      "  add      parse the documents and store their results with their provenance\n"
	      "           (file, hash of the bytes, line range, original text). A document\n"
	      "           already archived adds nothing; the same run found in another\n"
	      "           document becomes one more source of the archived record.\n"
	      "  list     one line per record (RAN: when it ran, FROM: where that date\n"
	      "           came from), or its JSON line with --format jsonl\n"
	      "  show     one record with every source and its original text\n"
	      "  rm       remove a record (its documents stay known: adding them again\n"
	      "           does not bring it back)\n"
	      "  export   the records as JSON Lines (docs/schema.md), as --format jsonl writes them\n"
	      "  history  one metric of the matching records over time, by run date: a table\n"
	      "           (date, host, label, value), and with -o FILE.svg or FILE.png a line\n"
	      "           chart, one line per host; records without a run date are left out\n"
	      "  check    PRAGMA integrity_check and the archive's own consistency\n"
	      "\n"
	      "Filters: --tool NAME (bonnie, bonnie++, hdparm, rawio), --host GLOB and\n"
	      "--label GLOB (*, ?, [...], any case; an hdparm record's host is its device,\n"
	      "'/dev/sd*'), --since DATE (run on or after YYYY-MM-DD or YYYY-MM-DDTHH:MM,\n"
	      "UTC; a record with no run date: added on or after it).\n"
	      "\n"
	      "A DB given where a document is expected is read whole:\n"
	      "  benchreport results.db -o report.html\n"
	      "\n"
	      "Every command that writes does so in one transaction: an interrupted add\n"
	      "leaves the archive as it was. Exit status: 0 success, 1 no such archive or\n"
	      "record, not an archive, unreadable input, 2 usage error, 3 the archive could\n"
	      "not be written.\n",
	      fp);
}

static int exit_of(int rc)
{
	return rc == BR_ARCHIVE_EIO ? BR_EXIT_IO : BR_EXIT_NODATA;
}

static int fail(int rc)
{
	br_cli_error("%s", br_last_error());
	return exit_of(rc);
}

static int flush_stdout(void)
{
	errno = 0;
	if (fflush(stdout) != 0 || ferror(stdout))
		return br_cli_said(br_output_error_message(NULL, errno)); /* quiet for a closed pipe */
	return BR_EXIT_OK;
}

/* A JSON line on stdout: C1 controls and bidi overrides as \uXXXX (the
 * same string, harmless on a terminal). */
static void put_json_line(const char *json)
{
	size_t n = strlen(json);
	if (br_neutral_needed(json, n)) {
		struct br_buf b = BR_BUF_INIT;
		br_neutral_add(&b, json, n, BR_NEUTRAL_JSON, false);
		fputs(br_buf_str(&b), stdout);
		br_buf_free(&b);
	} else {
		fputs(json, stdout);
	}
	fputc('\n', stdout);
}

static void print_diags(const struct br_diags *d, bool quiet)
{
	struct br_buf line = BR_BUF_INIT;
	for (size_t i = 0; i < d->n; i++) {
		if (quiet && d->v[i].severity < BR_ERROR)
			continue;
		br_buf_reset(&line);
		br_diag_format(&d->v[i], &line);
		br_buf_addc(&line, '\n');
		br_cli_print_clean(stderr, br_buf_str(&line));
	}
	br_buf_free(&line);
}

static bool parse_id(const char *s, int64_t *id)
{
	char *end;
	errno = 0;
	long long v = strtoll(s, &end, 10);
	if (errno || end == s || *end || v <= 0)
		return false;
	*id = v;
	return true;
}

/* ---------------------------------------------------------------- add */

static int cmd_add(const char *db, char **files, int nfiles, bool quiet)
{
	if (nfiles == 0)
		return br_cli_usage_error(CMD, "add: no documents to add");
	struct br_archive *a;
	int rc = br_archive_open_write(db, &a);
	if (rc)
		return fail(rc);
	int status = BR_EXIT_OK;
	struct br_doc **docs = br_calloc((size_t)nfiles, sizeof *docs);
	size_t ndocs = 0;
	for (int i = 0; i < nfiles; i++) {
		if (br_archive_is_sqlite(files[i])) {
			br_cli_error("'%s' is an SQLite file, not a document (to merge archives: "
				     "'benchreport archive export %s > x.jsonl', then add x.jsonl)",
				     files[i], files[i]);
			status = BR_EXIT_NODATA;
			continue;
		}
		if (br_doc_load(files[i], &docs[ndocs]) < 0) {
			br_cli_error("%s", br_last_error());
			status = BR_EXIT_NODATA;
			continue;
		}
		ndocs++;
	}
	struct br_diags diags = {0};
	struct br_archive_stats st;
	rc = br_archive_add_docs(a, docs, ndocs, &diags, &st);
	print_diags(&diags, quiet);
	br_diags_free(&diags);
	for (size_t i = 0; i < ndocs; i++)
		br_doc_free(docs[i]);
	free(docs);
	br_archive_close(a);
	if (rc)
		return fail(rc);
	if (!quiet) {
		br_cli_print_clean(stdout, db);
		printf(": %zu document%s added", st.documents, st.documents == 1 ? "" : "s");
		if (st.documents_known)
			printf(" (%zu already archived)", st.documents_known);
		printf(", %zu record%s added", st.records_added, st.records_added == 1 ? "" : "s");
		if (st.records_merged)
			printf(", %zu merged into archived records", st.records_merged);
		printf("\n");
	}
	int w = flush_stdout();
	return w ? w : status;
}

/* ---------------------------------------------------------------- list */

struct cell_rows {
	char **cells; /* ncols per row */
	size_t nrows, cap;
};

enum { COL_ID, COL_TOOL, COL_VERSION, COL_HOST, COL_LABEL, COL_SOURCES, COL_RAN, COL_FROM, COL_ADDED, NCOLS };
static const char *const headings[NCOLS] = {"ID", "TOOL", "VERSION", "HOST", "LABEL", "SOURCES",
					    "RAN", "FROM", "ADDED"};
#define MAX_WIDTH 48

static size_t text_width(const char *s)
{
	size_t w = 0;
	for (; *s; s++)
		w += ((unsigned char)*s & 0xc0) != 0x80;
	return w;
}

/* At most MAX_WIDTH characters, "..." marking a cut; caller frees. */
static char *cell(const char *s)
{
	if (!s)
		return br_strdup("-");
	struct br_buf nb = BR_BUF_INIT;
	br_neutral_add(&nb, s, strlen(s), BR_NEUTRAL_TEXT, false); /* valid UTF-8, no controls */
	char *c = br_buf_detach(&nb);
	for (char *p = c; *p; p++)
		if (*p == '\n' || *p == '\t' || *p == '\r')
			*p = ' ';
	if (text_width(c) <= MAX_WIDTH)
		return c;
	size_t w = 0, i = 0;
	for (; c[i]; i++) {
		if (((unsigned char)c[i] & 0xc0) != 0x80 && ++w > MAX_WIDTH - 3)
			break;
	}
	memcpy(c + i, "...", 4);
	return c;
}

struct list_ctx {
	bool jsonl;
	struct cell_rows rows;
	size_t n;
};

static int list_row(void *arg, const struct br_archive_row *row)
{
	struct list_ctx *l = arg;
	l->n++;
	if (l->jsonl) {
		put_json_line(row->json);
		return ferror(stdout) ? 1 : 0; /* a closed pipe: stop reading */
	}
	struct cell_rows *t = &l->rows;
	t->cells = br_grow(t->cells, &t->cap, (t->nrows + 1) * NCOLS, sizeof *t->cells);
	char **c = t->cells + t->nrows * NCOLS;
	c[COL_ID] = br_asprintf("%lld", (long long)row->id);
	c[COL_TOOL] = cell(row->tool);
	c[COL_VERSION] = cell(row->version);
	c[COL_HOST] = cell(row->host);
	c[COL_LABEL] = cell(row->label);
	c[COL_SOURCES] = br_asprintf("%zu", row->nsources);
	c[COL_RAN] = row->ran_at ? br_strndup(row->ran_at, strnlen(row->ran_at, 10)) : br_strdup("-");
	c[COL_FROM] = br_strdup(row->ran_at_from ? row->ran_at_from : "-");
	c[COL_ADDED] = br_strndup(row->added ? row->added : "-", 10);
	t->nrows++;
	return 0;
}

static void print_table(const struct cell_rows *t)
{
	size_t w[NCOLS];
	for (int k = 0; k < NCOLS; k++) {
		w[k] = strlen(headings[k]);
		for (size_t r = 0; r < t->nrows; r++) {
			size_t x = text_width(t->cells[r * NCOLS + (size_t)k]);
			if (x > w[k])
				w[k] = x;
		}
	}
	for (size_t r = 0; r <= t->nrows; r++) {
		struct br_buf b = BR_BUF_INIT;
		for (int k = 0; k < NCOLS; k++) {
			const char *s = r == 0 ? headings[k] : t->cells[(r - 1) * NCOLS + (size_t)k];
			size_t pad = w[k] - text_width(s);
			bool right = k == COL_ID || k == COL_SOURCES;
			if (right)
				br_buf_addf(&b, "%*s", (int)pad, "");
			br_buf_adds(&b, s);
			if (!right && k != NCOLS - 1)
				br_buf_addf(&b, "%*s", (int)pad, "");
			if (k != NCOLS - 1)
				br_buf_adds(&b, "  ");
		}
		puts(br_buf_str(&b));
		br_buf_free(&b);
	}
}

static int cmd_list(const char *db, const struct br_archive_filter *f, bool jsonl)
{
	struct br_archive *a;
	int rc = br_archive_open_read(db, &a);
	if (rc)
		return fail(rc);
	struct list_ctx l = {0};
	l.jsonl = jsonl;
	rc = br_archive_each(a, f, list_row, &l);
	br_archive_close(a);
	if (!rc && !jsonl && l.n)
		print_table(&l.rows);
	for (size_t i = 0; i < l.rows.nrows * NCOLS; i++)
		free(l.rows.cells[i]);
	free(l.rows.cells);
	if (rc)
		return fail(rc);
	int w = flush_stdout();
	if (w)
		return w;
	if (l.n == 0) {
		char *m = br_asprintf("benchreport: no records in '%s'%s\n", db,
				      f->tool || f->host || f->label || f->since ? " match" : "");
		br_cli_print_clean(stderr, m);
		free(m);
		return BR_EXIT_NODATA;
	}
	return BR_EXIT_OK;
}

/* ---------------------------------------------------------------- show */

static void add_value(struct br_buf *b, const struct br_value *v, const struct br_metric_info *mi)
{
	if (v->too_fast && !v->has_value)
		br_buf_adds(b, "too fast to measure");
	else if (!v->has_value)
		br_buf_adds(b, "no value");
	else {
		br_buf_add_double(b, v->value);
		br_buf_addf(b, " %s", br_unit_name(mi->unit));
	}
	if (v->has_cpu) {
		br_buf_adds(b, ", cpu ");
		br_buf_add_double(b, v->cpu);
		br_buf_adds(b, "%");
	}
	if (v->raw)
		br_buf_addf(b, ", printed \"%s\"", v->raw);
	if (v->too_fast && v->has_value)
		br_buf_adds(b, ", too fast");
	if (v->marked)
		br_buf_adds(b, ", marked");
}

static void add_indented(struct br_buf *b, const char *text, const char *prefix)
{
	const char *p = text;
	for (;;) {
		const char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p) : strlen(p);
		br_buf_adds(b, prefix);
		br_buf_add(b, p, n);
		br_buf_addc(b, '\n');
		if (!nl)
			break;
		p = nl + 1;
	}
}

struct show_ctx {
	bool jsonl;
};

static int show_record(void *arg, const struct br_archive_row *row, const struct br_archive_source *src,
		       size_t nsrc)
{
	struct show_ctx *sc = arg;
	if (sc->jsonl) {
		put_json_line(row->json);
		return 0;
	}
	struct br_json *j = br_json_parse(row->json, strlen(row->json), NULL, NULL);
	struct br_record *r = j ? br_jsonl_record(j, NULL, NULL) : NULL;
	br_json_free(j);
	struct br_buf b = BR_BUF_INIT;
	br_buf_addf(&b, "record %lld, added %s\n", (long long)row->id, row->added ? row->added : "?");
	br_buf_addf(&b, "  tool     %s%s%s\n", row->tool, row->version ? " " : "",
		    row->version ? row->version : "");
	br_buf_addf(&b, "  host     %s\n", row->host ? row->host : "-");
	br_buf_addf(&b, "  label    %s\n", row->label ? row->label : "-");
	if (row->ran_at)
		br_buf_addf(&b, "  ran      %s (%s)\n", row->ran_at, row->ran_at_from ? row->ran_at_from : "?");
	if (r && r->nparams) {
		br_buf_adds(&b, "  params  ");
		for (size_t i = 0; i < r->nparams; i++) {
			br_buf_addf(&b, " %s=", r->params[i].key);
			if (r->params[i].str)
				br_buf_adds(&b, r->params[i].str);
			else
				br_buf_add_double(&b, r->params[i].num);
		}
		br_buf_addc(&b, '\n');
	}
	if (r) {
		br_buf_adds(&b, "  figures\n");
		for (int i = 0; i < BR_METRIC_COUNT; i++) {
			if (!br_record_get(r, (enum br_metric_id)i)->present)
				continue;
			const struct br_metric_info *mi = br_metric(i);
			br_buf_addf(&b, "    %-22s ", mi->name);
			add_value(&b, br_record_get(r, (enum br_metric_id)i), mi);
			br_buf_addc(&b, '\n');
		}
	} else {
		br_buf_adds(&b, "  (the stored JSON could not be read)\n");
	}
	br_buf_addf(&b, "sources (%zu)\n", nsrc);
	for (size_t i = 0; i < nsrc; i++) {
		const struct br_archive_source *s = &src[i];
		br_buf_addf(&b, "  %zu. %s:%u", i + 1, s->file ? s->file : "?", s->line);
		if (s->end_line > s->line)
			br_buf_addf(&b, "-%u", s->end_line);
		if (s->format)
			br_buf_addf(&b, " (%s)", s->format);
		br_buf_addc(&b, '\n');
		if (s->document_id)
			br_buf_addf(&b, "     in document %lld '%s', sha256 %s, added %s\n",
				    (long long)s->document_id, s->document ? s->document : "?",
				    s->sha256 ? s->sha256 : "?", s->document_added ? s->document_added : "?");
		if (s->details)
			add_indented(&b, s->details, "     details: ");
		if (s->excerpt)
			add_indented(&b, s->excerpt, "     | ");
	}
	/* labels, hosts, the original text: input, neutralised */
	br_cli_print_clean(stdout, br_buf_str(&b));
	br_buf_free(&b);
	br_record_free(r);
	return 0;
}

static int cmd_show(const char *db, const char *idarg, bool jsonl)
{
	int64_t id;
	if (!parse_id(idarg, &id))
		return br_cli_usage_error(CMD, "show: '%s' is not a record id", idarg);
	struct br_archive *a;
	int rc = br_archive_open_read(db, &a);
	if (rc)
		return fail(rc);
	struct show_ctx sc = {jsonl};
	rc = br_archive_show(a, id, show_record, &sc);
	br_archive_close(a);
	if (rc)
		return fail(rc);
	return flush_stdout();
}

/* ---------------------------------------------------------------- history */

static int cmd_history(const char *db, const struct br_archive_filter *f, const char *metric,
		       const char *output)
{
	int m = br_metric_lookup(metric); /* a key, heading or title: "BlkWrite", "block write" */
	if (m < 0) {
		int guess = br_metric_suggest(metric);
		if (guess >= 0)
			return br_cli_usage_error(CMD, "history: unknown metric '%s'; did you mean '%s'? "
						  "'benchreport --list-metrics' lists them",
						  metric, br_metric((enum br_metric_id)guess)->name);
		return br_cli_usage_error(CMD, "history: unknown metric '%s'; 'benchreport --list-metrics' lists them",
					  metric);
	}
	metric = br_metric((enum br_metric_id)m)->name;
	bool png = false;
	if (output) {
		const char *dot = strrchr(output, '.');
		png = dot && strcmp(dot, ".png") == 0;
		if (!png && !(dot && strcmp(dot, ".svg") == 0))
			return br_cli_usage_error(CMD, "history: -o takes a .svg or .png file, not '%s'", output);
		if (br_cli_out_check(output, false) != BR_EXIT_OK)
			return BR_EXIT_IO;
	}
	struct br_archive *a;
	int rc = br_archive_open_read(db, &a);
	if (rc)
		return fail(rc);
	struct br_dataset ds = {0};
	rc = br_archive_load(a, f, &ds);
	br_archive_close(a);
	if (rc) {
		br_dataset_free(&ds);
		return fail(rc);
	}
	print_diags(&ds.diags, false);
	struct br_history h;
	br_history_build(&h, &ds.records, (enum br_metric_id)m);
	int status = BR_EXIT_OK;
	if (h.undated)
		br_cli_warn("%zu record%s with a %s figure but no run date left out", h.undated,
			    h.undated == 1 ? "" : "s", metric);
	if (h.no_value)
		br_cli_warn("%zu dated record%s without a number for %s (too fast, unreadable) left out",
			    h.no_value, h.no_value == 1 ? "" : "s", metric);
	if (h.n == 0) {
		char *msg = br_asprintf("benchreport: no dated %s figure in '%s'%s\n", metric, db,
					f->tool || f->host || f->label || f->since ? " that matches" : "");
		br_cli_print_clean(stderr, msg);
		free(msg);
		status = BR_EXIT_NODATA;
	} else if (output) {
		struct br_buf img = BR_BUF_INIT;
		if ((png ? br_history_png(&h, NULL, 0, 1, &img) : br_history_svg(&h, NULL, 0, &img)) < 0) {
			br_cli_error("%s", br_last_error());
			status = BR_EXIT_IO;
		} else {
			status = br_cli_write_file(output, img.data, img.len, false);
		}
		br_buf_free(&img);
	} else {
		struct br_buf t = BR_BUF_INIT;
		br_history_table(&h, &t);
		br_cli_print_clean(stdout, br_buf_str(&t)); /* hosts and labels are input */
		br_buf_free(&t);
		status = flush_stdout();
	}
	br_history_free(&h);
	br_dataset_free(&ds);
	br_chart_cleanup(); /* the PNG's fonts: a clean exit for leak checkers */
	return status;
}

/* ---------------------------------------------------------------- rm, check */

static int cmd_rm(const char *db, const char *idarg)
{
	int64_t id;
	if (!parse_id(idarg, &id))
		return br_cli_usage_error(CMD, "rm: '%s' is not a record id", idarg);
	struct br_archive *a;
	int rc = br_archive_open_read(db, &a); /* refuses what is not an archive, creates nothing */
	br_archive_close(a);
	if (rc)
		return fail(rc);
	if ((rc = br_archive_open_write(db, &a)))
		return fail(rc);
	rc = br_archive_remove(a, id);
	br_archive_close(a);
	if (rc)
		return fail(rc);
	return BR_EXIT_OK;
}

static int cmd_check(const char *db)
{
	struct br_archive *a;
	int rc = br_archive_open_read(db, &a);
	if (rc)
		return fail(rc);
	bool ok;
	struct br_buf report = BR_BUF_INIT;
	rc = br_archive_check(a, &ok, &report);
	br_archive_close(a);
	br_cli_print_clean(stdout, br_buf_str(&report));
	br_buf_free(&report);
	if (rc)
		return fail(rc);
	int w = flush_stdout();
	if (w)
		return w;
	if (!ok) {
		br_cli_error("'%s' is damaged", db);
		return BR_EXIT_NODATA;
	}
	return BR_EXIT_OK;
}

/* ---------------------------------------------------------------- main */

enum { OPT_TOOL = 256, OPT_HOST, OPT_LABEL, OPT_SINCE, OPT_METRIC };

static const struct option opts[] = {
	{"tool", required_argument, NULL, OPT_TOOL},
	{"host", required_argument, NULL, OPT_HOST},
	{"label", required_argument, NULL, OPT_LABEL},
	{"since", required_argument, NULL, OPT_SINCE},
	{"metric", required_argument, NULL, OPT_METRIC},
	{"output", required_argument, NULL, 'o'},
	{"format", required_argument, NULL, 'f'},
	{"quiet", no_argument, NULL, 'q'},
	{"help", no_argument, NULL, 'h'},
	{NULL, 0, NULL, 0},
};

int br_cli_archive(int argc, char **argv)
{
	/* argv[0] is "archive", argv[1] the command */
	if (argc < 2)
		return br_cli_usage_error(CMD, "missing command (add, list, show, rm, export, history, check)");
	const char *cmd = argv[1];
	if (strcmp(cmd, "-h") == 0 || strcmp(cmd, "--help") == 0 || strcmp(cmd, "help") == 0) {
		usage(stdout);
		return flush_stdout();
	}
	static const char *const cmds[] = {"add", "list", "show", "rm", "export", "history", "check"};
	bool known = false;
	for (size_t i = 0; i < BR_ARRAY_LEN(cmds); i++)
		known = known || strcmp(cmd, cmds[i]) == 0;
	if (!known)
		return br_cli_usage_error(CMD, "unknown command '%s' (add, list, show, rm, export, history, check)", cmd);

	struct br_archive_filter f = {0};
	const char *format = NULL, *metric = NULL, *output = NULL;
	bool quiet = false, filters = false;
	argc--;
	argv++;
	optind = 1;
	opterr = 0;
	int c;
	while ((c = getopt_long(argc, argv, ":f:o:qh", opts, NULL)) != -1) {
		switch (c) {
		case OPT_METRIC:
			metric = optarg;
			break;
		case 'o':
			output = optarg;
			break;
		case OPT_TOOL:
			if (br_tool_by_name(optarg) < 0)
				return br_cli_usage_error(CMD, "--tool takes bonnie, bonnie++, hdparm or rawio, not '%s'", optarg);
			f.tool = optarg;
			filters = true;
			break;
		case OPT_HOST:
			f.host = optarg;
			filters = true;
			break;
		case OPT_LABEL:
			f.label = optarg;
			filters = true;
			break;
		case OPT_SINCE: {
			char tmp[32];
			if (!br_archive_parse_since(optarg, tmp, sizeof tmp))
				return br_cli_usage_error(CMD, "--since takes a date (YYYY-MM-DD or YYYY-MM-DDTHH:MM), not '%s'", optarg);
			f.since = optarg;
			filters = true;
			break;
		}
		case 'f':
			format = optarg;
			break;
		case 'q':
			quiet = true;
			break;
		case 'h':
			usage(stdout);
			return flush_stdout();
		default:
			return br_cli_option_error(CMD, c, argv);
		}
	}
	/* getopt permutes: options may also follow the operands ("list DB --tool hdparm") */
	char **pos = argv + optind;
	int npos = argc - optind;
	if (npos < 1)
		return br_cli_usage_error(CMD, "%s: missing DB", cmd);
	const char *db = pos[0];

	bool is_list = strcmp(cmd, "list") == 0, is_export = strcmp(cmd, "export") == 0;
	bool is_show = strcmp(cmd, "show") == 0, is_history = strcmp(cmd, "history") == 0;
	if (filters && !is_list && !is_export && !is_history)
		return br_cli_usage_error(CMD, "%s: --tool, --host, --label and --since are for list, export and history", cmd);
	if ((metric || output) && !is_history)
		return br_cli_usage_error(CMD, "%s: --metric and -o are for history", cmd);
	if (is_history && !metric)
		return br_cli_usage_error(CMD, "history: which figure? (--metric NAME, e.g. put_block)");
	bool jsonl = false;
	if (format) {
		if (!is_list && !is_show)
			return br_cli_usage_error(CMD, "%s: --format is for list and show", cmd);
		if (strcmp(format, "jsonl") == 0 || strcmp(format, "json") == 0)
			jsonl = true;
		else if (strcmp(format, is_list ? "table" : "text") != 0 && strcmp(format, "text") != 0 &&
			 strcmp(format, "table") != 0)
			return br_cli_usage_error(CMD, "%s: --format takes %s or jsonl, not '%s'", cmd,
						  is_list ? "table" : "text", format);
	}

	if (strcmp(cmd, "add") == 0)
		return cmd_add(db, pos + 1, npos - 1, quiet);
	if (npos > (is_show || strcmp(cmd, "rm") == 0 ? 2 : 1))
		return br_cli_usage_error(CMD, "%s: too many arguments ('%s')", cmd,
					  pos[is_show || strcmp(cmd, "rm") == 0 ? 2 : 1]);
	if (is_list)
		return cmd_list(db, &f, jsonl);
	if (is_export)
		return cmd_list(db, &f, true);
	if (is_history)
		return cmd_history(db, &f, metric, output);
	if (strcmp(cmd, "check") == 0)
		return cmd_check(db);
	if (npos < 2)
		return br_cli_usage_error(CMD, "%s: missing record ID", cmd);
	if (is_show)
		return cmd_show(db, pos[1], jsonl);
	return cmd_rm(db, pos[1]);
}
