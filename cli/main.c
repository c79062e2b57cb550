/* benchreport — command line. See `benchreport --help` and docs/benchreport.1. */
#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <libxml/xmlerror.h>

#include "chart.h"
#include "archive.h"
#include "cleanup.h"
#include "cli.h"
#include "compare.h"
#include "dataset.h"
#include "metric.h"
#include "neutral.h"
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

static bool same_file(const char *a, const char *b)
{
	struct stat sa, sb;
	if (stat(a, &sa) != 0 || stat(b, &sb) != 0)
		return false;
	return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
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

static void report_date(char *buf, size_t n)
{
	time_t t = time(NULL);
	const char *sde = getenv("SOURCE_DATE_EPOCH");
	if (sde && *sde)
		t = (time_t)strtoll(sde, NULL, 10);
	struct tm tm;
	gmtime_r(&t, &tm);
	strftime(buf, n, "%Y-%m-%d %H:%M UTC", &tm);
}

/*
 * The main output, streamed: the renderer's bytes go out in chunks of
 * OUT_HOLD (br_sink_stream) as they are made, so a 200 MB JSON Lines output
 * costs 1 MiB of memory, not 200 MB. The target is opened when the first
 * chunk (or, for a short output, the whole of it) is ready, through
 * br_cli_out (cli.h): a regular file is replaced only when everything was
 * written. An output shorter than OUT_HOLD is written only when the renderer
 * has finished it. Text outputs pass through the neutraliser on the way
 * (terminal controls and bidi overrides from the input; core/neutral.h).
 */
#define OUT_HOLD ((size_t)1 << 20)

struct out {
	const char *path;       /* -o, or NULL for standard output */
	bool force;
	bool opened;
	bool neutral;           /* a text output: neutralise */
	enum br_neutral_mode mode;
	struct br_cli_out o;
	struct br_buf clean;    /* the neutralised chunk */
	char carry[4];          /* an incomplete sequence at a chunk's end */
	size_t ncarry;
};

static bool reported(const struct out *o)
{
	return o->opened && o->o.reported;
}

static int out_open(struct out *o)
{
	o->opened = true;
	return br_cli_out_open(&o->o, o->path, o->force) == BR_EXIT_OK ? 0 : -1;
}

static int out_put(struct out *o, const void *p, size_t n)
{
	if (br_cli_out_write(&o->o, p, n) == 0)
		return 0;
	errno = o->o.err;
	return -1;
}

/* Neutralise and write one piece; `more`: others follow. */
static int out_piece(struct out *o, const char *p, size_t n, bool more)
{
	if (!o->neutral)
		return n ? out_put(o, p, n) : 0;
	struct br_buf joined = BR_BUF_INIT;
	if (o->ncarry) {
		/* the bytes held back from the last piece come first */
		br_buf_add(&joined, o->carry, o->ncarry);
		br_buf_add(&joined, p, n);
		p = joined.data;
		n = joined.len;
		o->ncarry = 0;
	}
	br_buf_reset(&o->clean);
	size_t used = br_neutral_add(&o->clean, p, n, o->mode, more);
	if (used < n) {
		/* at most 3 bytes: an incomplete UTF-8 sequence or a CR */
		o->ncarry = n - used < sizeof o->carry ? n - used : sizeof o->carry;
		memcpy(o->carry, p + used, o->ncarry);
	}
	br_buf_free(&joined);
	return o->clean.len ? out_put(o, o->clean.data, o->clean.len) : 0;
}

/* br_sink_flush_fn: one chunk of the output */
static int out_write(void *arg, const void *p, size_t n)
{
	struct out *o = arg;
	if (reported(o) || (!o->opened && out_open(o) < 0))
		return -1;
	return out_piece(o, p, n, true);
}

static void out_write_error(struct out *o, int e)
{
	if (reported(o))
		return;
	br_cli_write_error(o->path, e);
	if (!o->opened) {
		/* nothing to close but the error to remember */
		o->opened = true;
		o->o.slot = -1;
	}
	o->o.reported = true;
}

/* Close the output; `ok`: everything was written, so the temporary file
 * replaces the target (otherwise it is removed). BR_EXIT_OK or BR_EXIT_IO. */
static int out_close(struct out *o, bool ok)
{
	if (ok && !o->opened && out_open(o) < 0)
		ok = false; /* reported */
	if (ok && o->ncarry) {
		char rest[4];
		size_t n = o->ncarry;
		memcpy(rest, o->carry, n);
		o->ncarry = 0;
		if (out_piece(o, rest, n, false) < 0) {
			out_write_error(o, errno);
			ok = false;
		}
	}
	br_buf_free(&o->clean);
	if (!o->opened)
		return BR_EXIT_IO;
	return br_cli_out_close(&o->o, ok && !o->o.reported);
}

struct charts_ctx {
	const char *dir;
	char **inputs;
	int ninputs;
	int status;
	bool force;
};

static int emit_chart(const char *name, const struct br_buf *bytes, void *arg)
{
	struct charts_ctx *cx = arg;
	char *path = br_asprintf("%s/%s", cx->dir, name);
	for (int i = 0; i < cx->ninputs; i++)
		if (strcmp(cx->inputs[i], "-") != 0 && same_file(cx->inputs[i], path)) {
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
static int write_charts(const char *dir, const struct br_dataset *ds, const struct br_render_opts *ro,
			char **inputs, int ninputs, bool force)
{
	struct stat st;
	if (mkdir(dir, 0777) != 0 && !(errno == EEXIST && stat(dir, &st) == 0 && S_ISDIR(st.st_mode))) {
		br_cli_error("cannot create directory '%s': %s", dir, errno == EEXIST ? "File exists" : strerror(errno));
		return BR_EXIT_IO;
	}
	struct charts_ctx cx = {dir, inputs, ninputs, BR_EXIT_OK, force};
	if (br_chart_write_all(ds, ro, emit_chart, &cx) < 0) {
		if (cx.status != BR_EXIT_OK)
			return cx.status;
		br_cli_error("%s", br_last_error());
		return BR_EXIT_NODATA;
	}
	return BR_EXIT_OK;
}

/*
 * The inputs, in command-line order, each with the name it was given:
 * `--label NAME FILE` (FILE taken as it is), or NAME=FILE when the argument
 * is not itself an existing file and NAME holds no '/'.
 */
struct input_arg {
	const char *path;
	char *name;        /* given name, or NULL */
};

struct input_list {
	struct input_arg *v;
	size_t n, cap;
	char **paths;      /* v[].path, for the output checks */
	const char *label; /* a --label waiting for its FILE */
};

static void input_add(struct input_list *l, const char *arg)
{
	l->v = br_grow(l->v, &l->cap, l->n + 1, sizeof *l->v);
	struct input_arg *a = &l->v[l->n++];
	a->path = arg;
	a->name = NULL;
	const char *eq = strchr(arg, '=');
	struct stat st;
	if (l->label) {
		a->name = br_strdup(l->label);
		l->label = NULL;
	} else if (eq && eq > arg && eq[1] && !memchr(arg, '/', (size_t)(eq - arg)) && stat(arg, &st) != 0) {
		a->name = br_strndup(arg, (size_t)(eq - arg));
		a->path = eq + 1;
	}
}

static void input_list_free(struct input_list *l)
{
	for (size_t i = 0; i < l->n; i++)
		free(l->v[i].name);
	free(l->v);
	free(l->paths);
}

/* Read input k into ds: its records learn which input they came from and,
 * when it was named, take the name as their label if they have none. */
static int load_input(const struct input_arg *a, struct br_dataset *ds)
{
	size_t rec0 = ds->records.n, in0 = ds->ninputs;
	int status = BR_EXIT_OK;
	/* an archive (archive/): its records, as stored */
	int rc = br_archive_is_sqlite(a->path) ? br_archive_read(a->path, ds) : br_parse_file(a->path, ds);
	if (rc < 0) {
		br_cli_error("%s", br_last_error());
		status = BR_EXIT_NODATA;
	}
	if (ds->ninputs == in0)
		return status; /* nothing was read */
	size_t k = ds->ninputs - 1;
	if (a->name)
		br_dataset_set_input_name(ds, k, a->name);
	for (size_t i = rec0; i < ds->records.n; i++) {
		struct br_record *r = ds->records.v[i];
		r->input = (unsigned)(k + 1);
		if (a->name && !r->label)
			br_record_set_label(r, a->name);
	}
	return status;
}

/* Rows (configurations) over the model's tables. */
static size_t agg_rows(const struct br_cmp *c)
{
	size_t n = 0;
	for (size_t t = 0; t < c->ntables; t++)
		n += c->tables[t].nrows;
	return n;
}

/* --baseline FILE: the path as that input was given (compare.h matches it). */
static const char *baseline_path(const char *want, const struct input_list *in)
{
	struct stat st;
	if (stat(want, &st) != 0)
		return want;
	for (size_t i = 0; i < in->n; i++)
		if (strcmp(in->v[i].path, "-") != 0 && same_file(in->v[i].path, want))
			return in->v[i].path;
	return want;
}

static int cmp_claim_line(const void *a, const void *b)
{
	const struct br_claim *x = a, *y = b;
	if (x->line != y->line)
		return x->line < y->line ? -1 : 1;
	return strcmp(x->parser, y->parser);
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
	printf("%-19s %-9s %-6s %-7s %-7s %s\n", "METRIC", "HEADING", "UNIT", "BETTER", "TOOLS", "TITLE");
	for (int i = 0; i < BR_METRIC_COUNT; i++) {
		const struct br_metric_info *m = br_metric((enum br_metric_id)i);
		printf("%-19s %-9s %-6s %-7s %-7s %s\n", m->name, m->short_title, br_unit_name(m->unit),
		       m->better == BR_HIGHER ? "higher" : "lower", br_family_name(m->family), m->title);
	}
	puts("\n--metric and --sort take the name, the heading or the title, in any case,\n"
	     "with or without blanks ('BlkRead', 'block read' and 'get_block' are one metric).");
	return fflush(stdout) == 0 && !ferror(stdout) ? BR_EXIT_OK : BR_EXIT_IO;
}

/* --no-notes: the notes go before anything shows the diagnostics, so no
 * output (stderr, the report's list) has them. */
static void drop_notes(struct br_diags *d)
{
	size_t k = 0;
	for (size_t i = 0; i < d->n; i++) {
		if (d->v[i].severity != BR_NOTE) {
			d->v[k++] = d->v[i];
			continue;
		}
		free(d->v[i].file);
		free(d->v[i].parser);
		free(d->v[i].message);
	}
	d->n = k;
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

/* benchreport [OPTIONS] FILE...; `inputs` is freed by the caller, whatever
 * this returns from. */
static int report_main(int argc, char **argv, struct input_list *inputs)
{

	struct br_render_opts ro = {0};
	ro.chart_group = -1;
	const char *output = NULL, *format = NULL, *charts_dir = NULL;
	bool strict = false, explain = false, quiet = false, force = false, no_notes = false;
	long num;
	int c;
	opterr = 0; /* br_cli_option_error says it in one line */
	/* "-": FILEs come back in order (case 1), so that --label NAME names
	 * the FILE after it */
	while ((c = getopt_long(argc, argv, "-:o:f:hVq", long_opts, NULL)) != -1) {
		switch (c) {
		case 1:
			input_add(inputs, optarg);
			break;
		case OPT_LABEL:
			if (inputs->label) {
				return br_cli_usage_error("benchreport", "--label '%s' is not followed by a FILE",
							  inputs->label);
			}
			if (!*optarg)
				return br_cli_usage_error("benchreport", "--label takes a name, not ''");
			inputs->label = optarg;
			break;
		case 'o':
			output = optarg;
			break;
		case 'f':
			format = optarg;
			break;
		case 'h':
			usage(stdout);
			return fflush(stdout) == 0 && !ferror(stdout) ? BR_EXIT_OK : BR_EXIT_IO;
		case 'V':
			printf("benchreport %s\n", BR_VERSION);
			return fflush(stdout) == 0 && !ferror(stdout) ? BR_EXIT_OK : BR_EXIT_IO;
		case 'q':
			quiet = true;
			break;
		case OPT_STRICT:
			strict = true;
			break;
		case OPT_EXPLAIN:
			explain = true;
			break;
		case OPT_BASELINE:
			ro.baseline = optarg;
			break;
		case OPT_AGGREGATE:
			ro.aggregate = true;
			break;
		case OPT_SORT:
			if (!strcmp(optarg, "label") || !strcmp(optarg, "host") || !strcmp(optarg, "tool")) {
				ro.sort = optarg;
			} else {
				int id = metric_arg("--sort", optarg);
				if (id < 0)
					return BR_EXIT_USAGE;
				ro.sort = br_metric((enum br_metric_id)id)->name;
			}
			break;
		case OPT_GROUP_BY:
			if (strcmp(optarg, "tool") && strcmp(optarg, "host") && strcmp(optarg, "label"))
				return br_cli_usage_error("benchreport", "--group-by takes tool, host or label, not '%s'", optarg);
			ro.group_by = optarg;
			break;
		case OPT_METRIC: {
			char *list = br_strdup(optarg), *save = NULL;
			for (char *t = strtok_r(list, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
				int id = metric_arg("--metric", br_trim(t));
				if (id < 0) {
					free(list);
					return BR_EXIT_USAGE;
				}
				ro.metric_filter[id] = true;
				ro.have_metric_filter = true;
			}
			free(list);
			break;
		}
		case OPT_TOP:
			if (!parse_uint(optarg, 1000000, &num) || num == 0)
				return br_cli_usage_error("benchreport", "--top takes a positive number, not '%s'", optarg);
			ro.top = (size_t)num;
			break;
		/* the report */
		case OPT_TITLE:
			if (optarg[strspn(optarg, " \t")] == '\0')
				return br_cli_usage_error("benchreport", "--title takes a text, not an empty one");
			ro.title = optarg;
			break;
		case OPT_BARS:
			ro.bars = true;
			break;
		case OPT_CHART:
			ro.chart_group = br_group_by_name(optarg);
			if (ro.chart_group < 0)
				return br_cli_usage_error("benchreport", "--chart takes seq, random, fileops or latency, not '%s'", optarg);
			break;
		case OPT_FORCE:
			force = true;
			break;
		case OPT_NO_NOTES:
			no_notes = true;
			break;
		case OPT_LIST_METRICS:
			return list_metrics();
		case OPT_CHARTS:
			charts_dir = optarg;
			break;
		case OPT_WIDTH:
			if (!parse_uint(optarg, 20000, &num) || num < 200)
				return br_cli_usage_error("benchreport", "--width takes a number of pixels from 200 to 20000, not '%s'", optarg);
			ro.width = (int)num;
			break;
		case OPT_SCALE: {
			char *end;
			double s = strtod(optarg, &end);
			if (*end || end == optarg || !(s >= 0.25 && s <= 8))
				return br_cli_usage_error("benchreport", "--scale takes a number from 0.25 to 8, not '%s'", optarg);
			ro.scale = s;
			break;
		}
		/* mail-ready output */
		case OPT_COLUMNS:
			if (!parse_uint(optarg, 1000, &num) || num < BR_TEXT_MIN_COLUMNS)
				return br_cli_usage_error("benchreport", "--columns takes a width from %d to 1000, not '%s'",
							  BR_TEXT_MIN_COLUMNS, optarg);
			ro.columns = (int)num;
			break;
		case OPT_PROVENANCE:
			if (strcmp(optarg, "full") != 0 && strcmp(optarg, "names") != 0)
				return br_cli_usage_error("benchreport", "--provenance takes 'names' or 'full', not '%s'", optarg);
			ro.provenance_full = strcmp(optarg, "full") == 0;
			break;
		default:
			return br_cli_option_error("benchreport", c, argv);
		}
	}
	for (int i = optind; i < argc; i++) /* after "--" */
		input_add(inputs, argv[i]);
	if (inputs->label) {
		const char *l = inputs->label;
		return br_cli_usage_error("benchreport", "--label '%s' is not followed by a FILE", l);
	}
	if (inputs->n == 0)
		return br_cli_usage_error("benchreport", "no input files (use '-' for standard input)");
	inputs->paths = br_malloc(inputs->n * sizeof *inputs->paths);
	for (size_t i = 0; i < inputs->n; i++)
		inputs->paths[i] = (char *)inputs->v[i].path;

	const struct br_renderer *rend = NULL;
	if (format) {
		rend = br_cli_renderer_named(format);
		if (!rend) {
			char *formats = br_cli_format_names();
			int rc = br_cli_usage_error("benchreport", "unknown format '%s' (%s)", format, formats);
			free(formats);
			return rc;
		}
	} else if (output && !br_cli_is_stdout(output)) {
		rend = br_renderer_by_path(output);
		if (!rend)
			return br_cli_usage_error("benchreport", "cannot tell the format from '%s'; use --format", output);
	} else if (!charts_dir || output) {
		/* no -o, or -o - (standard output): the text table */
		rend = br_renderer_by_name("text");
	}
	for (size_t i = 0; output && i < inputs->n; i++)
		if (strcmp(inputs->v[i].path, "-") != 0 && same_file(inputs->v[i].path, output)) {
			br_cli_error("refusing to overwrite input file '%s' with the output", output);
			return BR_EXIT_USAGE;
		}
	if (output && br_cli_out_check(output, force) != BR_EXIT_OK)
		return BR_EXIT_IO; /* refused before any work */

	int status = BR_EXIT_OK;
	struct br_dataset ds = {0};
	ds.skip_claims = !explain; /* only --explain reads them */
	for (size_t i = 0; i < inputs->n; i++)
		if (load_input(&inputs->v[i], &ds) != BR_EXIT_OK)
			status = BR_EXIT_NODATA;
	br_recset_merge(&ds.records);
	br_dataset_name_inputs(&ds);
	if (ro.baseline)
		ro.baseline = baseline_path(ro.baseline, inputs);
	if (ds.records.n && (ro.baseline || ro.aggregate)) {
		/* what the comparison model says about --baseline and --aggregate,
		 * before the diagnostics: the groups formed are a note among them
		 * (stderr and the report's notes) */
		struct br_cmp *cmp = br_cmp_build(&ds, &ro);
		if (cmp->baseline_unmatched) {
			int rc = br_cli_usage_error("benchreport", "--baseline '%s' matches no record; it can be a label, "
						    "a host or an input: %s", ro.baseline, cmp->baseline_choices);
			br_cmp_free(cmp);
			br_dataset_free(&ds);
			br_regex_cleanup();
			return rc;
		}
		if (cmp->groups)
			br_diag_add(&ds.diags, BR_NOTE, "benchreport", 0, "", "--aggregate formed %zu group%s: %s",
				    agg_rows(cmp), agg_rows(cmp) == 1 ? "" : "s", cmp->groups);
		for (size_t i = 0; !quiet && i < cmp->nnotes; i++)
			br_cli_warn("%s", cmp->notes[i]);
		br_cmp_free(cmp);
	}

	if (explain) {
		/* each document's claims in line order (parsers run one by one) */
		for (size_t a = 0, b; a < ds.nclaims; a = b) {
			for (b = a + 1; b < ds.nclaims && strcmp(ds.claims[b].file, ds.claims[a].file) == 0; b++)
				;
			qsort(ds.claims + a, b - a, sizeof *ds.claims, cmp_claim_line);
		}
		const char *cur = NULL;
		for (size_t i = 0; i < ds.nclaims; i++) {
			const struct br_claim *cl = &ds.claims[i];
			/* the file name and the why may quote the input */
			struct br_buf ex = BR_BUF_INIT;
			if (!cur || strcmp(cur, cl->file) != 0) {
				br_buf_addf(&ex, "%s:\n", cl->file);
				cur = cl->file;
			}
			if (cl->end_line > cl->line)
				br_buf_addf(&ex, "  lines %u-%u: ", cl->line, cl->end_line);
			else
				br_buf_addf(&ex, "  line %u: ", cl->line);
			if (strcmp(cl->parser, "-") != 0) /* "-": what no parser took */
				br_buf_addf(&ex, "%s: ", cl->parser);
			br_buf_addf(&ex, "%s\n", cl->why);
			br_cli_print_clean(stderr, br_buf_str(&ex));
			br_buf_free(&ex);
		}
		for (size_t i = 0; i < ds.ninputs; i++) {
			struct br_buf ex = BR_BUF_INIT;
			br_buf_addf(&ex, "%s: %zu record%s\n", ds.inputs[i].path, ds.inputs[i].nrecords,
				    ds.inputs[i].nrecords == 1 ? "" : "s");
			for (unsigned bit = 1; bit; bit <<= 1)
				if ((ds.inputs[i].transport & bit) && br_transport_name(bit))
					br_buf_addf(&ex, "  decoding: %s\n", br_transport_name(bit));
			br_cli_print_clean(stderr, br_buf_str(&ex));
			br_buf_free(&ex);
		}
	}
	if (no_notes)
		drop_notes(&ds.diags);
	struct br_buf line = BR_BUF_INIT;
	for (size_t i = 0; i < ds.diags.n; i++) {
		if (quiet && ds.diags.v[i].severity < BR_ERROR)
			continue;
		br_buf_reset(&line);
		br_diag_format(&ds.diags.v[i], &line);
		br_buf_addc(&line, '\n');
		br_cli_print_clean(stderr, line.data);
	}
	br_buf_free(&line);
	if (br_diags_count(&ds.diags, BR_ERROR) ||
	    (strict && br_diags_lost(&ds.diags)))
		status = BR_EXIT_NODATA;

	if (ds.records.n == 0) {
		fprintf(stderr, "benchreport: no benchmark results found in the input\n");
		br_dataset_free(&ds);
		br_regex_cleanup();
		return BR_EXIT_NODATA;
	}

	char date[64];
	report_date(date, sizeof date);
	char *cmdline = join_args(argc, argv);
	ro.command_line = cmdline;
	ro.date = date;
	ro.output_path = output;

	struct br_buf held = BR_BUF_INIT;
	struct out out = {0};
	out.path = br_cli_is_stdout(output) ? NULL : output;
	out.force = force;
	if (rend) {
		/* outputs read as text: input text in them is neutralised; JSON
		 * Lines escape such characters themselves (\uXXXX, core/json.c) */
		out.neutral = rend->text;
	}
	struct br_sink sink;
	br_sink_stream(&sink, &held, OUT_HOLD, out_write, &out);
	if (!rend) {
		/* --charts DIR alone: no table on stdout */
	} else if (rend->render(&ds, &ro, &sink) < 0) {
		/* a failure about the data (a chart group with nothing in it),
		 * not I/O. Renderers fail before they write, and the first
		 * OUT_HOLD bytes are held back, so nothing reaches stdout; -o
		 * never leaves a partial file (docs/limits.md) */
		if (sink.failed) {
			out_write_error(&out, sink.err);
			status = BR_EXIT_IO;
		} else {
			br_cli_error("%s", br_last_error());
			status = BR_EXIT_NODATA;
		}
		out_close(&out, false);
	} else {
		if (br_sink_finish(&sink) < 0)
			out_write_error(&out, sink.err);
		int w = out_close(&out, !sink.failed);
		if (w != BR_EXIT_OK)
			status = w;
	}
	br_buf_free(&held);
	if (charts_dir) {
		int w = write_charts(charts_dir, &ds, &ro, inputs->paths, (int)inputs->n, force);
		if (w != BR_EXIT_OK && (status == BR_EXIT_OK || w == BR_EXIT_IO))
			status = w;
	}
	free(cmdline);
	br_dataset_free(&ds);
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
	struct input_list inputs = {0};
	int rc = report_main(argc, argv, &inputs);
	input_list_free(&inputs);
	return rc;
}
