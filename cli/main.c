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

#include "chart.h"
#include "archive.h"
#include "cli.h"
#include "compare.h"
#include "dataset.h"
#include "metric.h"
#include "parser.h"
#include "regex.h"
#include "render.h"

#ifndef BR_VERSION
#define BR_VERSION "0.0.0"
#endif

void br_cli_error(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	fputs("benchreport: error: ", stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
}

void br_cli_warn(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	fputs("benchreport: warning: ", stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
}

int br_cli_usage_error(const char *cmd, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	fprintf(stderr, "%s: ", cmd);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
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
	      "3 output could not be written.\n",
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
 * chunk (or, for a short output, the whole of it) is ready: standard output
 * as it is; a regular file (-o) through a temporary file in the same
 * directory, renamed over the target only when everything was written
 * (removed otherwise), so the user's file is replaced only when complete;
 * anything else (a device, a FIFO) directly. An output shorter than
 * OUT_HOLD is written only when the renderer has finished it.
 */
#define OUT_HOLD ((size_t)1 << 20)

struct out {
	const char *path;       /* -o, or NULL for standard output */
	FILE *fp;
	char *tmp;              /* the temporary file, or NULL */
	bool reported;          /* the error was printed already */
};

static int out_open(struct out *o)
{
	if (!o->path) {
		o->fp = stdout;
		return 0;
	}
	struct stat st;
	bool regular = stat(o->path, &st) != 0 || S_ISREG(st.st_mode);
	if (!regular) {
		o->fp = fopen(o->path, "w");
		if (!o->fp) {
			br_cli_error("cannot open '%s' for writing: %s", o->path, strerror(errno));
			o->reported = true;
			return -1;
		}
		return 0;
	}
	o->tmp = br_asprintf("%s.tmpXXXXXX", o->path);
	int fd = mkstemp(o->tmp);
	if (fd >= 0) {
		fchmod(fd, 0644);
		o->fp = fdopen(fd, "w");
		if (!o->fp)
			close(fd);
	}
	if (!o->fp) {
		int e = errno;
		if (fd >= 0)
			unlink(o->tmp);
		br_cli_error("cannot create '%s': %s", o->path, strerror(e));
		o->reported = true;
		free(o->tmp);
		o->tmp = NULL;
		return -1;
	}
	return 0;
}

/* br_sink_flush_fn: one chunk of the output */
static int out_write(void *arg, const void *p, size_t n)
{
	struct out *o = arg;
	if (o->reported || (!o->fp && out_open(o) < 0))
		return -1;
	return fwrite(p, 1, n, o->fp) == n ? 0 : -1;
}

static void out_write_error(struct out *o, int e)
{
	if (o->reported)
		return;
	if (o->path)
		br_cli_error("cannot write '%s': %s", o->path, e ? strerror(e) : "write error");
	else
		br_cli_error("cannot write to standard output: %s", e ? strerror(e) : "write error");
	o->reported = true;
}

/* Close the output; `ok`: everything was written, so the temporary file
 * replaces the target (otherwise it is removed). BR_EXIT_OK or BR_EXIT_IO. */
static int out_close(struct out *o, bool ok)
{
	int status = BR_EXIT_OK;
	if (ok && !o->fp && out_open(o) < 0)
		ok = false; /* reported */
	if (o->fp) {
		errno = 0;
		bool good = fflush(o->fp) == 0 && !ferror(o->fp);
		int e = errno;
		if (o->fp != stdout && fclose(o->fp) != 0 && good) {
			good = false;
			e = errno;
		}
		o->fp = NULL;
		if (ok && !good) {
			out_write_error(o, e);
			ok = false;
		}
	}
	if (o->tmp) {
		if (ok && rename(o->tmp, o->path) != 0) {
			out_write_error(o, errno);
			ok = false;
		}
		if (!ok)
			unlink(o->tmp);
		free(o->tmp);
		o->tmp = NULL;
	}
	if (o->reported)
		status = BR_EXIT_IO;
	return status;
}

struct charts_ctx {
	const char *dir;
	char **inputs;
	int ninputs;
	int status;
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
	int w = br_cli_write_file(path, bytes->data, bytes->len);
	free(path);
	if (w != BR_EXIT_OK) {
		cx->status = w;
		return -1;
	}
	return 0;
}

/* --charts DIR: every chart as SVG and PNG into DIR (created if missing). */
static int write_charts(const char *dir, const struct br_dataset *ds, const struct br_render_opts *ro,
			char **inputs, int ninputs)
{
	struct stat st;
	if (mkdir(dir, 0777) != 0 && !(errno == EEXIST && stat(dir, &st) == 0 && S_ISDIR(st.st_mode))) {
		br_cli_error("cannot create directory '%s': %s", dir, errno == EEXIST ? "File exists" : strerror(errno));
		return BR_EXIT_IO;
	}
	struct charts_ctx cx = {dir, inputs, ninputs, BR_EXIT_OK};
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

int main(int argc, char **argv)
{
	if (argc > 1 && strcmp(argv[1], "run") == 0)
		return br_cli_run(argc - 1, argv + 1);
	if (argc > 1 && strcmp(argv[1], "archive") == 0)
		return br_cli_archive(argc - 1, argv + 1);

	struct br_render_opts ro = {0};
	ro.chart_group = -1;
	const char *output = NULL, *format = NULL, *charts_dir = NULL;
	bool strict = false, explain = false, quiet = false;
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
			if (!cur || strcmp(cur, cl->file) != 0) {
				fprintf(stderr, "%s:\n", cl->file);
				cur = cl->file;
			}
			fprintf(stderr, "  lines %u-%u: %s: %s\n", cl->line, cl->end_line, cl->parser, cl->why);
		}
		for (size_t i = 0; i < ds.ninputs; i++)
			fprintf(stderr, "%s: %zu record%s\n", ds.inputs[i].path, ds.inputs[i].nrecords,
				ds.inputs[i].nrecords == 1 ? "" : "s");
	}
	struct br_buf line = BR_BUF_INIT;
	for (size_t i = 0; i < ds.diags.n; i++) {
		if (quiet && ds.diags.v[i].severity < BR_ERROR)
			continue;
		br_buf_reset(&line);
		br_diag_format(&ds.diags.v[i], &line);
		fprintf(stderr, "%s\n", line.data);
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
	struct out out = {output, NULL, NULL, false};
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
		int w = write_charts(charts_dir, &ds, &ro, argv + optind, argc - optind);
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
