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
	fputs("Usage: benchreport [OPTIONS] FILE...\n"
	      "       benchreport run [OPTIONS]          measure this machine (see 'benchreport run --help')\n"
	      "       benchreport archive COMMAND DB ... keep results in SQLite (see 'benchreport archive --help')\n"
	      "\n"
	      "Read Bonnie, Bonnie++, hdparm and rawio results from mail, web pages and files\n"
	      "(mangled or not), turn them into one record each, and write comparison tables,\n"
	      "charts or a self-contained HTML report. FILE '-' reads standard input.\n"
	      "\n"
	      "Output:\n"
	      "  -o, --output FILE     write to FILE; the format follows its extension\n"
	      "                        (.html .svg .png .jsonl/.json .txt .md .csv)\n"
	      "  -f, --format FMT      jsonl, text, markdown, csv, bonnie-csv, html, svg, png\n"
	      "      --force           write to FILE even if it is a FIFO, a device or a\n"
	      "                        symbolic link to one (refused otherwise)\n"
	      "      --charts DIR      write every chart as SVG and PNG into DIR\n"
	      "\n"
	      "Tables and charts:\n"
	      "      --metric LIST     only these metrics (comma-separated names, e.g. put_block,seeks)\n"
	      "      --sort KEY        order rows by a metric (best first), 'label', 'host' or 'tool'\n"
	      "      --group-by KEY    tool, host or label\n"
	      "      --baseline NAME   show other rows relative to the record with this label or host\n"
	      "      --aggregate       combine repeated runs (same label, or same host with Try N)\n"
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
	      "Input:\n"
	      "      --strict          treat warnings as errors (exit 1)\n"
	      "      --explain         tell which lines each parser claimed, and why (stderr)\n"
	      "  -q, --quiet           do not print warnings\n"
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

static int cmp_claim_line(const void *a, const void *b)
{
	const struct br_claim *x = a, *y = b;
	if (x->line != y->line)
		return x->line < y->line ? -1 : 1;
	return strcmp(x->parser, y->parser);
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

int main(int argc, char **argv)
{
	/* temporary files go on signals; a closed pipe and a file-size limit
	 * are write errors (EPIPE, EFBIG), not deaths by SIGPIPE or SIGXFSZ */
	br_cleanup_install();
	xmlSetGenericErrorFunc(NULL, xml_quiet);
	if (argc > 1 && strcmp(argv[1], "run") == 0)
		return br_cli_run(argc - 1, argv + 1);
	if (argc > 1 && strcmp(argv[1], "archive") == 0)
		return br_cli_archive(argc - 1, argv + 1);

	struct br_render_opts ro = {0};
	ro.chart_group = -1;
	const char *output = NULL, *format = NULL, *charts_dir = NULL;
	bool strict = false, explain = false, quiet = false, force = false;
	long num;
	int c;
	while ((c = getopt_long(argc, argv, "o:f:hVq", long_opts, NULL)) != -1) {
		switch (c) {
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
			if (br_metric_by_name(optarg) < 0 && strcmp(optarg, "label") && strcmp(optarg, "host") &&
			    strcmp(optarg, "tool"))
				return br_cli_usage_error("benchreport", "--sort takes a metric name, label, host or tool, not '%s'", optarg);
			ro.sort = optarg;
			break;
		case OPT_GROUP_BY:
			if (strcmp(optarg, "tool") && strcmp(optarg, "host") && strcmp(optarg, "label"))
				return br_cli_usage_error("benchreport", "--group-by takes tool, host or label, not '%s'", optarg);
			ro.group_by = optarg;
			break;
		case OPT_METRIC: {
			char *list = br_strdup(optarg), *save = NULL;
			for (char *t = strtok_r(list, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
				int id = br_metric_by_name(br_trim(t));
				if (id < 0) {
					int rc = br_cli_usage_error("benchreport", "unknown metric '%s'", t);
					free(list);
					return rc;
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
			return br_cli_usage_error("benchreport", "invalid usage");
		}
	}
	if (optind >= argc)
		return br_cli_usage_error("benchreport", "no input files (use '-' for standard input)");

	const struct br_renderer *rend = NULL;
	if (format) {
		rend = br_cli_renderer_named(format);
		if (!rend)
			return br_cli_usage_error("benchreport", "unknown format '%s'", format);
	} else if (output) {
		rend = br_renderer_by_path(output);
		if (!rend)
			return br_cli_usage_error("benchreport", "cannot tell the format from '%s'; use --format", output);
	} else if (!charts_dir) {
		rend = br_renderer_by_name("text");
	}
	for (int i = optind; output && i < argc; i++)
		if (strcmp(argv[i], "-") != 0 && same_file(argv[i], output)) {
			br_cli_error("refusing to overwrite input file '%s' with the output", output);
			return BR_EXIT_USAGE;
		}
	if (output && br_cli_out_check(output, force) != BR_EXIT_OK)
		return BR_EXIT_IO; /* refused before any work */

	int status = BR_EXIT_OK;
	struct br_dataset ds = {0};
	ds.skip_claims = !explain; /* only --explain reads them */
	for (int i = optind; i < argc; i++) {
		if (br_archive_is_sqlite(argv[i])) {
			/* an archive (archive/): its records, as stored */
			if (br_archive_read(argv[i], &ds) < 0) {
				br_cli_error("%s", br_last_error());
				status = BR_EXIT_NODATA;
			}
			continue;
		}
		if (br_parse_file(argv[i], &ds) < 0) {
			br_cli_error("%s", br_last_error());
			status = BR_EXIT_NODATA;
		}
	}
	br_recset_merge(&ds.records);

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
			br_buf_addf(&ex, "  lines %u-%u: %s: %s\n", cl->line, cl->end_line, cl->parser, cl->why);
			br_cli_print_clean(stderr, br_buf_str(&ex));
			br_buf_free(&ex);
		}
		for (size_t i = 0; i < ds.ninputs; i++) {
			char *ex = br_asprintf("%s: %zu record%s\n", ds.inputs[i].path, ds.inputs[i].nrecords,
					       ds.inputs[i].nrecords == 1 ? "" : "s");
			br_cli_print_clean(stderr, ex);
			free(ex);
		}
	}
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
	    (strict && br_diags_count(&ds.diags, BR_WARNING)))
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
	if (!quiet && ro.baseline) {
		/* the comparison model's notes: a --baseline that matches nothing */
		struct br_cmp *cmp = br_cmp_build(&ds, &ro);
		for (size_t i = 0; i < cmp->nnotes; i++)
			br_cli_warn("%s", cmp->notes[i]);
		br_cmp_free(cmp);
	}

	struct br_buf held = BR_BUF_INIT;
	struct out out = {0};
	out.path = br_cli_is_stdout(output) ? NULL : output;
	out.force = force;
	if (rend) {
		/* outputs read as text (a terminal, an editor): input text in them
		 * is neutralised; JSON Lines escape such characters themselves
		 * (\uXXXX, core/json.c) */
		static const char *const text[] = {"text", "markdown", "csv", "bonnie_csv"};
		for (size_t i = 0; i < BR_ARRAY_LEN(text); i++)
			if (strcmp(rend->name, text[i]) == 0)
				out.neutral = true;
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
		int w = write_charts(charts_dir, &ds, &ro, argv + optind, argc - optind, force);
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
