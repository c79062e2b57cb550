/* benchreport — command line. See `benchreport --help` and docs/benchreport.1. */
#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/xmlerror.h>

#include "chart.h"
#include "archive.h"
#include "cleanup.h"
#include "cli.h"
#include "tablefmt.h"
#include "dataset.h"
#include "dump.h"
#include "explain.h"
#include "load.h"
#include "metric.h"
#include "output.h"
#include "parser.h"
#include "regex.h"
#include "render.h"

#ifndef BR_VERSION
#define BR_VERSION "0.0.0"
#endif

/* One message on stderr; what it quotes (names, input text) neutralised. */
static void say(const char *head, const char *fmt, va_list ap)
{
	struct br_buf b = BR_BUF_INIT;
	br_buf_adds(&b, head);
	va_list aq;
	va_copy(aq, ap);
	int n = vsnprintf(NULL, 0, fmt, aq);
	va_end(aq);
	if (n > 0) {
		char *m = br_malloc((size_t)n + 1);
		vsnprintf(m, (size_t)n + 1, fmt, ap);
		br_buf_adds(&b, m);
		free(m);
	}
	br_buf_addc(&b, '\n');
	br_cli_print_clean(stderr, br_buf_str(&b));
	br_buf_free(&b);
}

void br_cli_error(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	say("benchreport: error: ", fmt, ap);
	va_end(ap);
}

void br_cli_warn(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	say("benchreport: warning: ", fmt, ap);
	va_end(ap);
}

int br_cli_option_error(const char *cmd, int c, char **argv)
{
	/* a long option: the word getopt stopped at; a short one (perhaps in
	 * a group, "-qx"): optopt names it */
	const char *word = argv[optind - 1];
	char shortname[3] = {'-', (char)optopt, '\0'};
	if (strncmp(word, "--", 2) != 0 && optopt > 0 && optopt < 128)
		word = shortname;
	char *name = br_strdup(word);
	char *eq = strncmp(name, "--", 2) == 0 ? strchr(name, '=') : NULL;
	if (eq)
		*eq = '\0';
	int rc = c == ':' ? br_cli_usage_error(cmd, "option '%s' needs a value", name)
			  : br_cli_usage_error(cmd, "unknown option '%s'", name);
	free(name);
	return rc;
}

int br_cli_usage_error(const char *cmd, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char *head = br_asprintf("%s: ", cmd);
	say(head, fmt, ap);
	free(head);
	va_end(ap);
	fprintf(stderr, "Try '%s --help' for more information.\n", cmd);
	return BR_EXIT_USAGE;
}

static void usage(FILE *fp)
{
	fputs("Usage: benchreport [OPTIONS] [NAME=]FILE...\n"
	      "       benchreport run [OPTIONS]          measure this machine (see 'benchreport run --help')\n"
	      "       benchreport archive COMMAND DB ... keep results in SQLite (see 'benchreport archive --help')\n"
	      "\n"
	      "Read Bonnie, Bonnie++, hdparm and rawio results from mail, web pages and files\n"
	      "(mangled or not), turn them into one record each, and write comparison tables,\n"
	      "charts or a self-contained HTML report. FILE '-' reads standard input.\n"
	      "\n"
	      "Inputs are named after their file (before.csv: 'before'; '-': 'stdin'); rows of\n"
	      "one machine from two inputs read 'host0 (before)', 'host0 (after)', and two such\n"
	      "rows alone are a before/after: the change in percent, the first as baseline.\n"
	      "\n"
	      "Output:\n"
	      "  -o, --output FILE     write to FILE; the format follows its extension\n"
	      , fp);
	char *exts = br_cli_format_extensions(24);
	fprintf(fp, "%s\n", exts);
	free(exts);
	char *formats = br_cli_format_names();
	fprintf(fp, "  -f, --format FMT      %s\n", formats);
	free(formats);
	fputs("      --force           write to FILE even if it is a FIFO, a device or a\n"
	      "                        symbolic link to one (refused otherwise)\n"
	      "      --charts DIR      write every chart as SVG and PNG into DIR\n"
	      "\n"
	      "Tables and charts:\n"
	      "      --metric LIST     only these metrics (comma-separated: put_block,seeks or\n"
	      "                        the table headings, BlkRead,Seeks)\n"
	      "      --list-metrics    list every metric, its heading, unit and sense, and exit\n"
	      "      --sort KEY        order rows by a metric (best first), 'label', 'host' or 'tool'\n"
	      "      --group-by KEY    tool, host or label (the report: a section per group)\n"
	      "      --baseline NAME   show other rows relative to the record with this label or\n"
	      "                        host, or read from this input (its file or name);\n"
	      "                        matching nothing is an error\n"
	      "      --aggregate       combine repeated runs of one input (same label, or same\n"
	      "                        host with Try N); a note says which groups were formed\n"
	      "      --top N           keep the N best records per chart/table\n"
	      "      --bars            add plain-text bar charts to text output\n"
	      "      --chart GROUP     the chart for -o .svg/.png: seq, random, fileops, latency\n"
	      "      --width N         chart width in pixels\n"
	      "      --scale N         PNG pixel scale (2 for crisp images)\n"
	      "      --columns N       text and Markdown tables fit N columns (72 for mail;\n"
	      "                        text default 80): long names shortened, listed below\n"
	      "      --provenance WHAT 'names' (default): input files by the name given, a\n"
	      "                        full path by its base name, no command line; 'full':\n"
	      "                        paths as given and the command line (SVG, PNG, HTML)\n"
	      "\n"
	      "Report:\n"
	      "      --title TEXT      the report's title (and the chart's, for -o .svg/.png)\n"
	      "\n"
	      "Input:\n"
	      "      --label NAME      name the FILE that follows; its runs without a label take\n"
	      "                        NAME as label (NAME=FILE does the same when no file is\n"
	      "                        called NAME=FILE)\n"
	      "      --strict          treat warnings as errors (exit 1)\n"
	      "      --explain         tell which lines each parser claimed, and why (stderr)\n"
	      "      --dump STAGE      print what a stage produced and exit: 'lines' (decoded\n"
	      "                        lines, original line numbers), 'claims' (which parser\n"
	      "                        took which lines, and why), 'records' (JSON Lines),\n"
	      "                        'model' (the tables and charts the output is made of)\n"
	      "  -q, --quiet           do not print warnings or notes\n"
	      "      --no-notes        leave out notes (what was repaired or joined), in every\n"
	      "                        output; warnings stay\n"
	      "\n"
	      "  -h, --help            show this help and exit\n"
	      "  -V, --version         show the version and exit\n"
	      "\n"
	      "Exit status: 0 success, 1 no results or unreadable input, 2 usage error,\n"
	      "3 output could not be written (a closed pipe: 3, without a message).\n",
	      fp);
}

enum {
	OPT_STRICT = 256,
	OPT_EXPLAIN,
	OPT_BASELINE,
	OPT_AGGREGATE,
	OPT_SORT,
	OPT_GROUP_BY,
	OPT_METRIC,
	OPT_TOP,
	OPT_BARS,
	OPT_CHART,
	OPT_CHARTS,
	OPT_WIDTH,
	OPT_SCALE,
	OPT_FORCE,
	OPT_LIST_METRICS,
	OPT_NO_NOTES,
	OPT_LABEL,
	OPT_DUMP,
	/* the report */
	OPT_TITLE,
	/* mail-ready output */
	OPT_COLUMNS,
	OPT_PROVENANCE,
};

static const struct option long_opts[] = {
	{"output", required_argument, NULL, 'o'},
	{"format", required_argument, NULL, 'f'},
	{"help", no_argument, NULL, 'h'},
	{"version", no_argument, NULL, 'V'},
	{"quiet", no_argument, NULL, 'q'},
	{"no-notes", no_argument, NULL, OPT_NO_NOTES},
	{"strict", no_argument, NULL, OPT_STRICT},
	{"explain", no_argument, NULL, OPT_EXPLAIN},
	{"baseline", required_argument, NULL, OPT_BASELINE},
	{"aggregate", no_argument, NULL, OPT_AGGREGATE},
	{"sort", required_argument, NULL, OPT_SORT},
	{"group-by", required_argument, NULL, OPT_GROUP_BY},
	{"metric", required_argument, NULL, OPT_METRIC},
	{"top", required_argument, NULL, OPT_TOP},
	{"bars", no_argument, NULL, OPT_BARS},
	{"chart", required_argument, NULL, OPT_CHART},
	{"charts", required_argument, NULL, OPT_CHARTS},
	{"width", required_argument, NULL, OPT_WIDTH},
	{"scale", required_argument, NULL, OPT_SCALE},
	{"force", no_argument, NULL, OPT_FORCE},
	{"list-metrics", no_argument, NULL, OPT_LIST_METRICS},
	{"label", required_argument, NULL, OPT_LABEL},
	{"dump", required_argument, NULL, OPT_DUMP},
	/* the report */
	{"title", required_argument, NULL, OPT_TITLE},
	/* mail-ready output */
	{"columns", required_argument, NULL, OPT_COLUMNS},
	{"provenance", required_argument, NULL, OPT_PROVENANCE},
	{NULL, 0, NULL, 0},
};

static bool parse_uint(const char *s, long max, long *out)
{
	char *end;
	errno = 0;
	long v = strtol(s, &end, 10);
	if (errno || *end || end == s || v < 0 || v > max)
		return false;
	*out = v;
	return true;
}

static char *join_args(int argc, char **argv)
{
	struct br_buf b = BR_BUF_INIT;
	for (int i = 0; i < argc; i++) {
		if (i)
			br_buf_addc(&b, ' ');
		const char *a = argv[i];
		if (*a && strspn(a, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./=:,+") == strlen(a)) {
			br_buf_adds(&b, a);
		} else {
			br_buf_addc(&b, '\'');
			for (; *a; a++) {
				if (*a == '\'')
					br_buf_adds(&b, "'\\''");
				else
					br_buf_addc(&b, *a);
			}
			br_buf_addc(&b, '\'');
		}
	}
	return br_buf_detach(&b);
}

/*
 * The main output, streamed: the renderer's bytes go out in chunks of
 * OUT_HOLD (br_sink_stream) as they are made, so a 200 MB JSON Lines output
 * costs 1 MiB of memory, not 200 MB. The target is opened when the first
 * chunk (or, for a short output, the whole of it) is ready, through
 * render/output.h: a regular file is replaced only when everything was
 * written. An output shorter than OUT_HOLD is written only when the renderer
 * has finished it. Text outputs pass through the neutraliser on the way
 * (terminal controls and bidi overrides from the input; core/neutral.h).
 */
#define OUT_HOLD ((size_t)1 << 20)

/* --charts DIR: the inputs the charts must not overwrite. */
struct charts_ctx {
	const char *dir;
	const struct br_load_input *inputs;
	size_t ninputs;
	int status;
	bool force;
};

static int emit_chart(const char *name, const struct br_buf *bytes, void *arg)
{
	struct charts_ctx *cx = arg;
	char *path = br_asprintf("%s/%s", cx->dir, name);
	if (br_load_find_file(cx->inputs, cx->ninputs, path)) {
		br_cli_error("refusing to overwrite input file '%s' with a chart", path);
		free(path);
		cx->status = BR_EXIT_USAGE;
		return -1;
	}
	int w = br_cli_write_file(path, bytes->data, bytes->len, cx->force);
	free(path);
	if (w != BR_EXIT_OK) {
		cx->status = w;
		return -1;
	}
	return 0;
}

/* --charts DIR: every chart as SVG and PNG into DIR (created if missing). */
static int write_charts(const char *dir, const struct br_report *rep, const struct br_load_input *inputs,
			size_t ninputs, bool force)
{
	char *message;
	if (br_output_make_dir(dir, &message) < 0)
		return br_cli_said(message);
	struct charts_ctx cx = {dir, inputs, ninputs, BR_EXIT_OK, force};
	if (br_chart_write_all(rep, emit_chart, &cx) < 0) {
		if (cx.status != BR_EXIT_OK)
			return cx.status;
		br_cli_error("%s", br_last_error());
		return BR_EXIT_NODATA;
	}
	return BR_EXIT_OK;
}

/* The inputs, in command-line order, each with the name it was given
 * (br_load_input_from_arg). */
struct input_list {
	struct br_load_input *v;
	size_t n, cap;
	const char *label; /* a --label waiting for its FILE */
};

static void input_add(struct input_list *l, const char *arg)
{
	l->v = br_grow(l->v, &l->cap, l->n + 1, sizeof *l->v);
	br_load_input_from_arg(&l->v[l->n++], arg, l->label);
	l->label = NULL;
}

static void input_list_free(struct input_list *l)
{
	for (size_t i = 0; i < l->n; i++)
		free(l->v[i].name);
	free(l->v);
}

/* Rows (configurations) over the model's tables. */
static size_t agg_rows(const struct br_cmp *c)
{
	size_t n = 0;
	for (size_t t = 0; t < c->ntables; t++)
		n += c->tables[t].nrows;
	return n;
}

/* A metric named on the command line (br_metric_lookup's spellings), or
 * -1 after a usage message with the likely metric. */
static int metric_arg(const char *opt, const char *name)
{
	int id = br_metric_lookup(name);
	if (id >= 0)
		return id;
	int guess = br_metric_suggest(name);
	if (guess >= 0) {
		const struct br_metric_info *m = br_metric((enum br_metric_id)guess);
		br_cli_usage_error("benchreport", "%s: unknown metric '%s'; did you mean '%s' (%s)? "
				   "'benchreport --list-metrics' lists them",
				   opt, name, m->name, m->title);
	} else {
		br_cli_usage_error("benchreport", "%s: unknown metric '%s'; 'benchreport --list-metrics' lists them",
				   opt, name);
	}
	return -1;
}

/* --list-metrics: every metric, the names it answers to, unit and sense. */
static int list_metrics(void)
{
	struct br_buf t = BR_BUF_INIT;
	br_metrics_table(&t);
	fputs(br_buf_str(&t), stdout);
	br_buf_free(&t);
	return fflush(stdout) == 0 && !ferror(stdout) ? BR_EXIT_OK : BR_EXIT_IO;
}

int br_cli_run(int argc, char **argv);
int br_cli_archive(int argc, char **argv);

/* libxml2 reports a failed write of the HTML report itself ("I/O error :
 * write error"); the command line prints its own one line for it. */
static void xml_quiet(void *ctx, const char *msg, ...)
{
	(void)ctx;
	(void)msg;
}


/* --dump STAGE: what a stage produced, instead of the output. */
enum dump {
	DUMP_NONE,
	DUMP_LINES,   /* decoded logical lines (parsers/explain.h) */
	DUMP_CLAIMS,  /* the parsers' claims (parsers/explain.h) */
	DUMP_RECORDS, /* the records, JSON Lines (render/dump.h) */
	DUMP_MODEL,   /* the report model the output gets (model/report.h) */
};

static const char *const dump_names[] = {
	[DUMP_LINES] = "lines",
	[DUMP_CLAIMS] = "claims",
	[DUMP_RECORDS] = "records",
	[DUMP_MODEL] = "model",
};

/* What the command line asked for. */
struct report_args {
	struct br_render_opts ro;
	struct input_list inputs;
	const char *output, *format, *charts_dir;
	bool strict, explain, quiet, force, no_notes;
	enum dump dump;
};

/* What an option handler returns besides an exit status: */
#define OPT_NEXT (-1)  /* taken: go on */
#define OPT_OTHER (-2) /* not one of this handler's */

static int opt_sort(struct br_render_opts *ro, const char *arg)
{
	if (!strcmp(arg, "label") || !strcmp(arg, "host") || !strcmp(arg, "tool")) {
		ro->sort = arg;
		return OPT_NEXT;
	}
	int id = metric_arg("--sort", arg);
	if (id < 0)
		return BR_EXIT_USAGE;
	ro->sort = br_metric((enum br_metric_id)id)->name;
	return OPT_NEXT;
}

static int opt_metric(struct br_render_opts *ro, const char *arg)
{
	char *list = br_strdup(arg), *save = NULL;
	for (char *t = strtok_r(list, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
		int id = metric_arg("--metric", br_trim(t));
		if (id < 0) {
			free(list);
			return BR_EXIT_USAGE;
		}
		ro->metric_filter[id] = true;
		ro->have_metric_filter = true;
	}
	free(list);
	return OPT_NEXT;
}

/* The options of tables and charts. */
static int opt_table(int c, const char *arg, struct br_render_opts *ro)
{
	switch (c) {
	case OPT_BASELINE:
		ro->baseline = arg;
		return OPT_NEXT;
	case OPT_AGGREGATE:
		ro->aggregate = true;
		return OPT_NEXT;
	case OPT_SORT:
		return opt_sort(ro, arg);
	case OPT_GROUP_BY:
		if (strcmp(arg, "tool") && strcmp(arg, "host") && strcmp(arg, "label"))
			return br_cli_usage_error("benchreport", "--group-by takes tool, host or label, not '%s'", arg);
		ro->group_by = arg;
		return OPT_NEXT;
	case OPT_METRIC:
		return opt_metric(ro, arg);
	case OPT_TITLE:
		if (arg[strspn(arg, " \t")] == '\0')
			return br_cli_usage_error("benchreport", "--title takes a text, not an empty one");
		ro->title = arg;
		return OPT_NEXT;
	case OPT_BARS:
		ro->bars = true;
		return OPT_NEXT;
	case OPT_CHART:
		ro->chart_group = br_group_by_name(arg);
		if (ro->chart_group < 0)
			return br_cli_usage_error("benchreport", "--chart takes seq, random, fileops or latency, not '%s'", arg);
		return OPT_NEXT;
	case OPT_PROVENANCE:
		if (strcmp(arg, "full") != 0 && strcmp(arg, "names") != 0)
			return br_cli_usage_error("benchreport", "--provenance takes 'names' or 'full', not '%s'", arg);
		ro->provenance_full = strcmp(arg, "full") == 0;
		return OPT_NEXT;
	default:
		return OPT_OTHER;
	}
}

/* The options that take a number. */
static int opt_number(int c, const char *arg, struct br_render_opts *ro)
{
	long num;
	switch (c) {
	case OPT_TOP:
		if (!parse_uint(arg, 1000000, &num) || num == 0)
			return br_cli_usage_error("benchreport", "--top takes a positive number, not '%s'", arg);
		ro->top = (size_t)num;
		return OPT_NEXT;
	case OPT_WIDTH:
		if (!parse_uint(arg, 20000, &num) || num < 200)
			return br_cli_usage_error("benchreport", "--width takes a number of pixels from 200 to 20000, not '%s'", arg);
		ro->width = (int)num;
		return OPT_NEXT;
	case OPT_SCALE: {
		char *end;
		double s = strtod(arg, &end);
		if (*end || end == arg || !(s >= 0.25 && s <= 8))
			return br_cli_usage_error("benchreport", "--scale takes a number from 0.25 to 8, not '%s'", arg);
		ro->scale = s;
		return OPT_NEXT;
	}
	case OPT_COLUMNS:
		if (!parse_uint(arg, 1000, &num) || num < BR_TEXT_MIN_COLUMNS)
			return br_cli_usage_error("benchreport", "--columns takes a width from %d to 1000, not '%s'",
						  BR_TEXT_MIN_COLUMNS, arg);
		ro->columns = (int)num;
		return OPT_NEXT;
	default:
		return OPT_OTHER;
	}
}

static int opt_label(struct input_list *in, const char *arg)
{
	if (in->label)
		return br_cli_usage_error("benchreport", "--label '%s' is not followed by a FILE", in->label);
	if (!*arg)
		return br_cli_usage_error("benchreport", "--label takes a name, not ''");
	in->label = arg;
	return OPT_NEXT;
}

static int opt_dump(struct report_args *a, const char *arg)
{
	for (size_t i = 1; i < BR_ARRAY_LEN(dump_names); i++)
		if (strcmp(arg, dump_names[i]) == 0) {
			a->dump = (enum dump)i;
			return OPT_NEXT;
		}
	return br_cli_usage_error("benchreport", "--dump takes lines, claims, records or model, not '%s'", arg);
}

static int flush_stdout(void)
{
	return fflush(stdout) == 0 && !ferror(stdout) ? BR_EXIT_OK : BR_EXIT_IO;
}

/* The options of inputs, outputs and messages. */
static int opt_general(int c, const char *arg, struct report_args *a)
{
	switch (c) {
	case 1: /* a FILE, in order among the options */
		input_add(&a->inputs, arg);
		return OPT_NEXT;
	case OPT_LABEL:
		return opt_label(&a->inputs, arg);
	case 'o':
		a->output = arg;
		return OPT_NEXT;
	case 'f':
		a->format = arg;
		return OPT_NEXT;
	case 'h':
		usage(stdout);
		return flush_stdout();
	case 'V':
		printf("benchreport %s\n", BR_VERSION);
		return flush_stdout();
	case 'q':
		a->quiet = true;
		return OPT_NEXT;
	case OPT_STRICT:
		a->strict = true;
		return OPT_NEXT;
	case OPT_EXPLAIN:
		a->explain = true;
		return OPT_NEXT;
	case OPT_DUMP:
		return opt_dump(a, arg);
	case OPT_FORCE:
		a->force = true;
		return OPT_NEXT;
	case OPT_NO_NOTES:
		a->no_notes = true;
		return OPT_NEXT;
	case OPT_LIST_METRICS:
		return list_metrics();
	case OPT_CHARTS:
		a->charts_dir = arg;
		return OPT_NEXT;
	default:
		return OPT_OTHER;
	}
}

/* The command line into a; OPT_NEXT, or the exit status. */
static int parse_args(int argc, char **argv, struct report_args *a)
{
	a->ro.chart_group = -1;
	opterr = 0; /* br_cli_option_error says it in one line */
	int c;
	/* "-": FILEs come back in order (case 1), so that --label NAME names
	 * the FILE after it */
	while ((c = getopt_long(argc, argv, "-:o:f:hVq", long_opts, NULL)) != -1) {
		int rc = opt_general(c, optarg, a);
		if (rc == OPT_OTHER)
			rc = opt_table(c, optarg, &a->ro);
		if (rc == OPT_OTHER)
			rc = opt_number(c, optarg, &a->ro);
		if (rc == OPT_OTHER)
			return br_cli_option_error("benchreport", c, argv);
		if (rc != OPT_NEXT)
			return rc;
	}
	for (int i = optind; i < argc; i++) /* after "--" */
		input_add(&a->inputs, argv[i]);
	if (a->inputs.label)
		return br_cli_usage_error("benchreport", "--label '%s' is not followed by a FILE", a->inputs.label);
	if (a->inputs.n == 0)
		return br_cli_usage_error("benchreport", "no input files (use '-' for standard input)");
	return OPT_NEXT;
}

/* The renderer -f or -o asks for (NULL: --charts DIR alone); OPT_NEXT, or
 * the exit status. */
static int choose_renderer(const struct report_args *a, const struct br_renderer **rend)
{
	*rend = NULL;
	if (a->format) {
		*rend = br_cli_renderer_named(a->format);
		if (!*rend) {
			char *formats = br_cli_format_names();
			int rc = br_cli_usage_error("benchreport", "unknown format '%s' (%s)", a->format, formats);
			free(formats);
			return rc;
		}
	} else if (a->output && !br_output_is_stdout(a->output)) {
		*rend = br_renderer_by_path(a->output);
		if (!*rend)
			return br_cli_usage_error("benchreport", "cannot tell the format from '%s'; use --format", a->output);
	} else if (!a->charts_dir || a->output) {
		/* no -o, or -o - (standard output): the text table */
		*rend = br_renderer_by_name("text");
	}
	return OPT_NEXT;
}

/* -o refused before any work: an input, a FIFO, a planted link. */
static int check_output(const struct report_args *a)
{
	if (!a->output)
		return OPT_NEXT;
	if (br_load_find_file(a->inputs.v, a->inputs.n, a->output)) {
		br_cli_error("refusing to overwrite input file '%s' with the output", a->output);
		return BR_EXIT_USAGE;
	}
	if (br_cli_out_check(a->output, a->force) != BR_EXIT_OK)
		return BR_EXIT_IO;
	return OPT_NEXT;
}

/* The bytes of records the input stage holds whole before it streams them
 * or holds them slim: BENCHREPORT_STREAM_BUDGET in the environment, else
 * parsers/load.h's default (0). */
static size_t stream_budget(void)
{
	const char *env = getenv("BENCHREPORT_STREAM_BUDGET");
	return env && *env ? (size_t)strtoull(env, NULL, 10) : 0;
}

/* Which diagnostics the input stage keeps (br_load_opts.keep_diag): those
 * stderr or the output shows (diagnostics(), BR_NEED_DIAGS), and the
 * errors, whatever is shown (the exit status); the warnings about lost
 * figures left out are counted for --strict. */
struct diag_keep {
	const struct report_args *a;
	bool shown;   /* the output shows them (BR_NEED_DIAGS) */
	size_t lost;  /* left out that br_diags_lost counts */
};

static bool keep_diag(void *arg, const struct br_diag *dg)
{
	struct diag_keep *k = arg;
	if (k->a->no_notes && dg->severity == BR_NOTE)
		return false;
	if (dg->severity >= BR_ERROR || k->shown || !k->a->quiet)
		return true;
	k->lost += dg->severity >= BR_WARNING && !dg->kept;
	return false;
}

/* The input stage (parsers/load.h); its errors printed. BR_EXIT_OK, or
 * BR_EXIT_NODATA when an input could not be read. */
static int load(const struct report_args *a, const struct br_renderer *rend, struct br_load *l,
		struct diag_keep *dk)
{
	*dk = (struct diag_keep){a, rend && rend->needs & BR_NEED_DIAGS, 0};
	struct br_load_opts lo = {
		.claims = a->explain || a->dump == DUMP_CLAIMS,
		.lines_only = a->dump == DUMP_LINES,
		/* what the output shows: the tables and charts no excerpt */
		.no_excerpts = !a->dump && !(rend && rend->needs & BR_NEED_EXCERPTS),
		.archive_is = br_archive_is_sqlite,
		.archive_read = br_archive_read,
		.keep_diag = keep_diag,
		.diag_arg = dk,
	};
	int rc;
	if (lo.claims || lo.lines_only || a->dump) {
		rc = br_load_inputs(a->inputs.v, a->inputs.n, &lo, l);
	} else {
		/* a big input's records held slim: with only what the output
		 * and --charts read */
		unsigned needs = (rend ? rend->needs : 0) | (a->charts_dir ? BR_NEED_PARAMS : 0);
		unsigned keep = (needs & BR_NEED_RAW ? BR_KEEP_RAW : 0) | (needs & BR_NEED_PARAMS ? BR_KEEP_PARAMS : 0) |
				(needs & BR_NEED_EXCERPTS ? BR_KEEP_EXCERPT : 0) | (needs & BR_NEED_ALSO ? BR_KEEP_ALSO : 0);
		lo.excerpts_later = needs & BR_NEED_EXCERPTS_LATER;
		rc = br_load_view(a->inputs.v, a->inputs.n, &lo, stream_budget(), keep, l);
	}
	for (size_t i = 0; i < l->nerrors; i++)
		br_cli_error("%s", l->errors[i]);
	return rc < 0 ? BR_EXIT_NODATA : BR_EXIT_OK;
}

/*
 * The report model, built once for the output, the charts and the notes
 * (*rep, NULL without records; the caller frees it whatever this returns),
 * then what it says about --baseline and --aggregate, before the
 * diagnostics: the groups formed are a note among them (stderr and the
 * report's notes). OPT_NEXT, or the exit status of a --baseline that
 * matches nothing.
 */
static int build_report(struct br_dataset *ds, struct report_args *a, const struct br_renderer *rend,
			struct br_report **rep)
{
	struct br_render_opts *ro = &a->ro;
	*rep = NULL;
	if (ro->baseline)
		ro->baseline = br_load_baseline(a->inputs.v, a->inputs.n, ro->baseline);
	if (!ds->records.n)
		return OPT_NEXT;
	*rep = br_report_build(ds, ro, (rend ? rend->needs : 0) | (a->charts_dir ? BR_NEED_CHARTS : 0) |
					       (ro->baseline || ro->aggregate ? BR_NEED_TABLES : 0));
	if (!(ro->baseline || ro->aggregate))
		return OPT_NEXT;
	const struct br_cmp *cmp = (*rep)->cmp;
	if (cmp->baseline_unmatched)
		return br_cli_usage_error("benchreport", "--baseline '%s' matches no record; it can be a label, "
					  "a host or an input: %s", ro->baseline, cmp->baseline_choices);
	if (cmp->groups)
		br_diag_add(&ds->diags, BR_NOTE, "benchreport", 0, "", "--aggregate formed %zu group%s: %s",
			    agg_rows(cmp), agg_rows(cmp) == 1 ? "" : "s", cmp->groups);
	for (size_t i = 0; !a->quiet && i < cmp->nnotes; i++)
		br_cli_warn("%s", cmp->notes[i]);
	return OPT_NEXT;
}

/* The diagnostics on stderr (--no-notes: without the notes, in every
 * output); BR_EXIT_NODATA for errors (--strict: warnings about lost
 * figures too, `lost` of them left out already: keep_diag), else
 * `status`. */
static int diagnostics(struct br_dataset *ds, const struct report_args *a, int status, size_t lost)
{
	if (a->no_notes)
		br_diags_drop(&ds->diags, BR_NOTE);
	br_cli_print_diags(&ds->diags, a->quiet);
	if (br_diags_count(&ds->diags, BR_ERROR) || (a->strict && lost + br_diags_lost(&ds->diags)))
		return BR_EXIT_NODATA;
	return status;
}

/* Stream into the output -o names (standard output by default): `what`
 * writes into the sink. BR_EXIT_OK, BR_EXIT_IO, or BR_EXIT_NODATA when
 * `what` failed about the data. */
static int write_output(const struct report_args *a, bool neutral,
			int (*what)(const void *ctx, struct br_sink *sink), const void *ctx)
{
	struct br_buf held = BR_BUF_INIT;
	struct br_output out;
	/* outputs read as text: input text in them is neutralised; JSON Lines
	 * escape such characters themselves (\uXXXX, core/json.c) */
	br_output_init(&out, br_output_is_stdout(a->output) ? NULL : a->output, a->force, neutral);
	struct br_sink sink;
	br_sink_stream(&sink, &held, OUT_HOLD, br_output_flush, &out);
	int status = BR_EXIT_OK;
	if (what(ctx, &sink) < 0) {
		/* a failure about the data (a chart group with nothing in it),
		 * not I/O. Renderers fail before they write, and the first
		 * OUT_HOLD bytes are held back, so nothing reaches stdout; -o
		 * never leaves a partial file (docs/limits.md) */
		if (sink.failed) {
			br_output_fail(&out, sink.err);
			status = BR_EXIT_IO;
		} else {
			br_cli_error("%s", br_last_error());
			status = BR_EXIT_NODATA;
		}
		br_cli_output_done(&out, br_output_close(&out, false));
	} else {
		if (br_sink_finish(&sink) < 0)
			br_output_fail(&out, sink.err);
		status = br_cli_output_done(&out, br_output_close(&out, !sink.failed));
	}
	br_buf_free(&held);
	return status;
}

struct render_ctx {
	const struct br_renderer *rend;
	const struct br_report *rep;
};

static int render_to(const void *arg, struct br_sink *sink)
{
	const struct render_ctx *r = arg;
	return r->rend->render(r->rep, sink);
}

/* The table, chart or report, and --charts DIR. */
static int write_outputs(struct report_args *a, const struct br_renderer *rend, const struct br_report *rep,
			 int status, int argc, char **argv)
{
	char date[64];
	br_cli_report_date(date, sizeof date);
	char *cmdline = join_args(argc, argv);
	a->ro.command_line = cmdline;
	a->ro.date = date;
	a->ro.output_path = a->output;
	if (rend) { /* else --charts DIR alone: no table on stdout */
		struct render_ctx r = {rend, rep};
		int w = write_output(a, rend->text, render_to, &r);
		if (w != BR_EXIT_OK)
			status = w;
	}
	if (a->charts_dir) {
		int w = write_charts(a->charts_dir, rep, a->inputs.v, a->inputs.n, a->force);
		if (w != BR_EXIT_OK && (status == BR_EXIT_OK || w == BR_EXIT_IO))
			status = w;
	}
	free(cmdline);
	return status;
}

struct dump_ctx {
	const struct report_args *a;
	struct br_load *l;
	const struct br_report *rep; /* DUMP_MODEL; NULL without records */
};

static int dump_to(const void *arg, struct br_sink *sink)
{
	const struct dump_ctx *d = arg;
	struct br_buf text = BR_BUF_INIT;
	switch (d->a->dump) {
	case DUMP_LINES:
		br_sink_write(sink, d->l->lines.data, d->l->lines.len);
		break;
	case DUMP_CLAIMS:
		br_dump_claims(&d->l->ds, &text);
		br_sink_write(sink, text.data, text.len);
		break;
	case DUMP_RECORDS:
		return br_dump_records(&d->l->ds, sink);
	case DUMP_MODEL:
		if (d->rep)
			br_report_dump(d->rep, &text);
		br_sink_write(sink, text.data, text.len);
		break;
	case DUMP_NONE:
		break;
	}
	br_buf_free(&text);
	return 0;
}

/* --dump STAGE: the input stage, its diagnostics, then what the stage
 * produced instead of the output. */
static int dump_main(struct report_args *a, const struct br_renderer *rend)
{
	struct br_load l;
	struct diag_keep dk;
	int status = load(a, rend, &l, &dk);
	struct br_report *rep = NULL;
	if (a->dump == DUMP_MODEL) {
		/* the model the chosen output would get (text by default) */
		int rc = build_report(&l.ds, a, rend, &rep);
		if (rc != OPT_NEXT) {
			br_report_free(rep);
			br_load_free(&l);
			br_regex_cleanup();
			return rc;
		}
	}
	if (a->dump != DUMP_LINES)
		status = diagnostics(&l.ds, a, status, dk.lost);
	struct dump_ctx d = {a, &l, rep};
	int w = write_output(a, a->dump != DUMP_RECORDS, dump_to, &d);
	if (w != BR_EXIT_OK)
		status = w;
	else if (a->dump != DUMP_LINES && l.ds.records.n == 0)
		status = BR_EXIT_NODATA;
	br_report_free(rep);
	br_load_free(&l);
	br_regex_cleanup();
	return status;
}

/* Can rend take the records one at a time as they are read (JSON Lines
 * with nothing that needs them all: charts, --baseline, --aggregate)? */
static bool can_stream(const struct report_args *a, const struct br_renderer *rend)
{
	return rend && rend->record && !a->charts_dir && !a->explain && !a->ro.baseline && !a->ro.aggregate;
}


static void stream_encode(void *arg, const struct br_record *r, struct br_buf *out)
{
	const struct br_renderer *rend = arg;
	rend->record(r, out);
}

static void stream_write(void *arg, const void *p, size_t n)
{
	br_sink_write(arg, p, n);
}

static int stream_to(const void *arg, struct br_sink *sink)
{
	struct br_load_stream *st = (struct br_load_stream *)arg;
	int rc = br_load_stream_emit(st, stream_write, sink);
	if (rc < 0 && br_load_stream_io_error(st)) { /* like the output's own write */
		sink->failed = true;
		sink->err = br_load_stream_io_error(st);
	}
	return rc;
}

/* The report of a format that streams (can_stream): the input stage of
 * parsers/load.h's br_load_stream, whose memory stays within a budget
 * (BENCHREPORT_STREAM_BUDGET bytes in the environment, 8 MiB by default)
 * however big the input; the same output as report_main's. */
static int stream_main(struct report_args *a, const struct br_renderer *rend)
{
	struct diag_keep dk = {a, false, 0}; /* JSON Lines and CSV show none */
	struct br_load_opts lo = {.archive_is = br_archive_is_sqlite, .archive_read = br_archive_read,
				  .keep_diag = keep_diag, .diag_arg = &dk};
	size_t budget = stream_budget();
	struct br_load l;
	struct br_load_stream *st;
	int status = br_load_stream_open(a->inputs.v, a->inputs.n, &lo, budget, stream_encode, (void *)rend,
					 &l, &st) < 0
			     ? BR_EXIT_NODATA
			     : BR_EXIT_OK;
	for (size_t i = 0; i < l.nerrors; i++)
		br_cli_error("%s", l.errors[i]);
	status = diagnostics(&l.ds, a, status, dk.lost);
	if (br_load_stream_records(st) == 0) {
		fprintf(stderr, "benchreport: no benchmark results found in the input\n");
		status = BR_EXIT_NODATA;
	} else {
		int w = write_output(a, rend->text, stream_to, st);
		if (w != BR_EXIT_OK)
			status = w;
	}
	br_load_stream_free(st);
	br_load_free(&l);
	br_regex_cleanup();
	if (status == BR_EXIT_OK && (fflush(stdout) != 0 || ferror(stdout)))
		status = BR_EXIT_IO;
	return status;
}

/* benchreport [OPTIONS] FILE...; `a` is freed by the caller, whatever this
 * returns from. */
static int report_main(int argc, char **argv, struct report_args *a)
{
	const struct br_renderer *rend = NULL;
	int rc = parse_args(argc, argv, a);
	if (rc == OPT_NEXT && (!a->dump || a->dump == DUMP_MODEL))
		rc = choose_renderer(a, &rend);
	if (rc == OPT_NEXT)
		rc = check_output(a);
	if (rc != OPT_NEXT)
		return rc;
	if (a->dump)
		return dump_main(a, rend);
	if (can_stream(a, rend))
		return stream_main(a, rend);

	struct br_load l;
	struct diag_keep dk;
	int status = load(a, rend, &l, &dk);
	struct br_report *rep;
	rc = build_report(&l.ds, a, rend, &rep);
	if (rc != OPT_NEXT) {
		br_report_free(rep);
		br_load_free(&l);
		br_regex_cleanup();
		return rc;
	}
	if (a->explain) {
		struct br_buf ex = BR_BUF_INIT;
		br_explain(&l.ds, &ex);
		br_cli_print_clean(stderr, br_buf_str(&ex)); /* file names and whys quote the input */
		br_buf_free(&ex);
	}
	status = diagnostics(&l.ds, a, status, dk.lost);
	if (l.ds.records.n == 0) {
		fprintf(stderr, "benchreport: no benchmark results found in the input\n");
		br_report_free(rep);
		br_load_free(&l);
		br_regex_cleanup();
		return BR_EXIT_NODATA;
	}
	status = write_outputs(a, rend, rep, status, argc, argv);
	br_report_free(rep);
	br_load_free(&l);
	br_regex_cleanup();
	br_chart_cleanup();
	if (status == BR_EXIT_OK && (fflush(stdout) != 0 || ferror(stdout)))
		status = BR_EXIT_IO;
	return status;
}

int main(int argc, char **argv)
{
	/* temporary files go on signals; a closed pipe and a file-size limit
	 * are write errors (EPIPE, EFBIG), not deaths by SIGPIPE or SIGXFSZ */
	br_cleanup_install();
	xmlSetGenericErrorFunc(NULL, xml_quiet);
	br_parsers_init(); /* the tools' words, before any document is read */
	if (argc > 1 && strcmp(argv[1], "run") == 0)
		return br_cli_run(argc - 1, argv + 1);
	if (argc > 1 && strcmp(argv[1], "archive") == 0)
		return br_cli_archive(argc - 1, argv + 1);
	struct report_args a = {0};
	int rc = report_main(argc, argv, &a);
	input_list_free(&a.inputs);
	return rc;
}
