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
#include "metric.h"
#include "neutral.h"
#include "output.h"
#include "view.h"

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
	struct br_diags diags = {0};
	struct br_archive_stats st;
	char **errors;
	size_t nerrors;
	rc = br_archive_add_files(a, files, (size_t)nfiles, &diags, &st, &errors, &nerrors);
	for (size_t i = 0; i < nerrors; i++) {
		br_cli_error("%s", errors[i]);
		free(errors[i]);
	}
	free(errors);
	int status = nerrors ? BR_EXIT_NODATA : BR_EXIT_OK;
	br_cli_print_diags(&diags, quiet);
	br_diags_free(&diags);
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

struct list_ctx {
	bool jsonl;
	struct br_archive_table rows;
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
	br_archive_table_add(&l->rows, row);
	return 0;
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
	if (!rc && !jsonl && l.n) {
		struct br_buf t = BR_BUF_INIT;
		br_archive_table_text(&l.rows, &t);
		fputs(br_buf_str(&t), stdout); /* the cells are neutralised */
		br_buf_free(&t);
	}
	br_archive_table_free(&l.rows);
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
	struct br_buf b = BR_BUF_INIT;
	br_archive_show_text(row, src, nsrc, &b);
	/* labels, hosts, the original text: input, neutralised */
	br_cli_print_clean(stdout, br_buf_str(&b));
	br_buf_free(&b);
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
	br_cli_print_diags(&ds.diags, false);
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

/* What the command line asked for. */
struct archive_args {
	const char *cmd;      /* add, list, ... */
	struct br_archive_filter f;
	const char *format, *metric, *output;
	bool quiet, filters;
	char **pos;           /* DB and what follows it */
	int npos;
};

#define OPT_NEXT (-1) /* taken: go on */

static int opt_one(int c, const char *arg, struct archive_args *a, char **argv)
{
	switch (c) {
	case OPT_METRIC:
		a->metric = arg;
		break;
	case 'o':
		a->output = arg;
		break;
	case OPT_TOOL:
		if (br_tool_by_name(arg) < 0)
			return br_cli_usage_error(CMD, "--tool takes bonnie, bonnie++, hdparm or rawio, not '%s'", arg);
		a->f.tool = arg;
		a->filters = true;
		break;
	case OPT_HOST:
		a->f.host = arg;
		a->filters = true;
		break;
	case OPT_LABEL:
		a->f.label = arg;
		a->filters = true;
		break;
	case OPT_SINCE: {
		char tmp[32];
		if (!br_archive_parse_since(arg, tmp, sizeof tmp))
			return br_cli_usage_error(CMD, "--since takes a date (YYYY-MM-DD or YYYY-MM-DDTHH:MM), not '%s'", arg);
		a->f.since = arg;
		a->filters = true;
		break;
	}
	case 'f':
		a->format = arg;
		break;
	case 'q':
		a->quiet = true;
		break;
	case 'h':
		usage(stdout);
		return flush_stdout();
	default:
		return br_cli_option_error(CMD, c, argv);
	}
	return OPT_NEXT;
}

/* Which options go with which command; --format into *jsonl. OPT_NEXT, or
 * the exit status. */
static int check_args(const struct archive_args *a, bool *jsonl)
{
	const char *cmd = a->cmd;
	bool is_list = strcmp(cmd, "list") == 0, is_export = strcmp(cmd, "export") == 0;
	bool is_show = strcmp(cmd, "show") == 0, is_history = strcmp(cmd, "history") == 0;
	if (a->filters && !is_list && !is_export && !is_history)
		return br_cli_usage_error(CMD, "%s: --tool, --host, --label and --since are for list, export and history", cmd);
	if ((a->metric || a->output) && !is_history)
		return br_cli_usage_error(CMD, "%s: --metric and -o are for history", cmd);
	if (is_history && !a->metric)
		return br_cli_usage_error(CMD, "history: which figure? (--metric NAME, e.g. put_block)");
	*jsonl = false;
	if (!a->format)
		return OPT_NEXT;
	if (!is_list && !is_show)
		return br_cli_usage_error(CMD, "%s: --format is for list and show", cmd);
	if (strcmp(a->format, "jsonl") == 0 || strcmp(a->format, "json") == 0)
		*jsonl = true;
	else if (strcmp(a->format, is_list ? "table" : "text") != 0 && strcmp(a->format, "text") != 0 &&
		 strcmp(a->format, "table") != 0)
		return br_cli_usage_error(CMD, "%s: --format takes %s or jsonl, not '%s'", cmd,
					  is_list ? "table" : "text", a->format);
	return OPT_NEXT;
}

/* argv[0] is "archive", argv[1] the command: into a. OPT_NEXT, or the
 * exit status. */
static int parse_args(int argc, char **argv, struct archive_args *a)
{
	if (argc < 2)
		return br_cli_usage_error(CMD, "missing command (add, list, show, rm, export, history, check)");
	a->cmd = argv[1];
	if (strcmp(a->cmd, "-h") == 0 || strcmp(a->cmd, "--help") == 0 || strcmp(a->cmd, "help") == 0) {
		usage(stdout);
		return flush_stdout();
	}
	static const char *const cmds[] = {"add", "list", "show", "rm", "export", "history", "check"};
	bool known = false;
	for (size_t i = 0; i < BR_ARRAY_LEN(cmds); i++)
		known = known || strcmp(a->cmd, cmds[i]) == 0;
	if (!known)
		return br_cli_usage_error(CMD, "unknown command '%s' (add, list, show, rm, export, history, check)", a->cmd);
	argc--;
	argv++;
	optind = 1;
	opterr = 0;
	int c;
	while ((c = getopt_long(argc, argv, ":f:o:qh", opts, NULL)) != -1) {
		int rc = opt_one(c, optarg, a, argv);
		if (rc != OPT_NEXT)
			return rc;
	}
	/* getopt permutes: options may also follow the operands ("list DB --tool hdparm") */
	a->pos = argv + optind;
	a->npos = argc - optind;
	if (a->npos < 1)
		return br_cli_usage_error(CMD, "%s: missing DB", a->cmd);
	return OPT_NEXT;
}

int br_cli_archive(int argc, char **argv)
{
	struct archive_args a = {0};
	bool jsonl;
	int rc = parse_args(argc, argv, &a);
	if (rc == OPT_NEXT)
		rc = check_args(&a, &jsonl);
	if (rc != OPT_NEXT)
		return rc;
	const char *cmd = a.cmd, *db = a.pos[0];
	if (strcmp(cmd, "add") == 0)
		return cmd_add(db, a.pos + 1, a.npos - 1, a.quiet);
	bool takes_id = strcmp(cmd, "show") == 0 || strcmp(cmd, "rm") == 0;
	if (a.npos > (takes_id ? 2 : 1))
		return br_cli_usage_error(CMD, "%s: too many arguments ('%s')", cmd, a.pos[takes_id ? 2 : 1]);
	if (strcmp(cmd, "list") == 0)
		return cmd_list(db, &a.f, jsonl);
	if (strcmp(cmd, "export") == 0)
		return cmd_list(db, &a.f, true);
	if (strcmp(cmd, "history") == 0)
		return cmd_history(db, &a.f, a.metric, a.output);
	if (strcmp(cmd, "check") == 0)
		return cmd_check(db);
	if (a.npos < 2)
		return br_cli_usage_error(CMD, "%s: missing record ID", cmd);
	if (strcmp(cmd, "show") == 0)
		return cmd_show(db, a.pos[1], jsonl);
	return cmd_rm(db, a.pos[1]);
}
