/*
 * run — `benchreport run`: the native runner's command line (runner/).
 *
 * Options → br_run(), which measures and returns each run's text in the
 * tools' own formats. With --raw that text is the output. Otherwise it is
 * read back through the parsers (br_run_read_back, runner/readback.h: the
 * records learn the run's label, target and that the runner made them),
 * rendered like the main command's output (-o FILE, --format) and, with
 * --archive DB, stored (run_archive).
 *
 * With --quick every output carries the caveat: param `quick` (JSON Lines,
 * the report's details), a warning (the report's warnings), a first line in
 * text, Markdown and CSV (br_renderer_caveat).
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "archive.h"
#include "chart.h"
#include "cli.h"
#include "dataset.h"
#include "regex.h"
#include "readback.h"
#include "render.h"
#include "runner.h"

int br_cli_run(int argc, char **argv);

static void usage(FILE *fp)
{
	fputs("Usage: benchreport run --dir DIR [OPTIONS]\n"
	      "       benchreport run --device DEV [--tests hdparm,rawio] [OPTIONS]\n"
	      "\n"
	      "Measure the storage under DIR (or the device DEV) and write the results in the\n"
	      "tools' own formats: the bonnie++ sequence (2.00a text report and 1.98-layout CSV),\n"
	      "hdparm -T/-t and rawio's four tests. The text then goes through the same parsers\n"
	      "as any other result, into the table, chart or report you ask for. Where a format\n"
	      "has a version it says \"" BR_RUN_VERSION "\", not a tool's.\n"
	      "\n"
	      "The cache is defeated without a file twice the size of RAM: between phases the\n"
	      "scratch file is flushed and its own pages dropped, and block I/O uses O_DIRECT\n"
	      "where the filesystem allows it. Scratch files are made inside DIR under fresh\n"
	      "names and removed afterwards, also on error and on Ctrl-C.\n"
	      "\n"
	      "What to measure:\n"
	      "  -d, --dir DIR         directory for the scratch files (bonnie++ always needs it)\n"
	      "      --device DEV      block device (or image file) for hdparm and rawio: read only\n"
	      "      --destructive     with --device: let rawio WRITE to DEV (destroys its data)\n"
	      "  -t, --tests LIST      bonnie,hdparm,rawio (default: all that apply)\n"
	      "  -s, --size SIZE       scratch file size, e.g. 512M, 2G (default 1G; --quick 8M)\n"
	      "  -n, --files N         file tests with N*1024 files like bonnie++ -n (default 16;\n"
	      "                        --quick 1; 0 skips them)\n"
	      "      --char-size SIZE  per-character phases, one write()/read() per byte as in\n"
	      "                        bonnie++ 2.00a -f SIZE (default 3M; --quick 256k; 0 skips)\n"
	      "  -r, --runs N          repeat N times and report every run\n"
	      "  -w, --workers N       seek and rawio workers (default 5)\n"
	      "      --block SIZE      rawio transfer size (default 16k)\n"
	      "      --direct          hdparm with O_DIRECT (hdparm --direct)\n"
	      "      --quick           a few seconds, rough figures (for CI and trying it out)\n"
	      "\n"
	      "Output:\n"
	      "      --raw             print the tools' own text instead of rendering it\n"
	      "  -o, --output FILE     write to FILE; the format follows its extension\n"
	      , fp);
	char *formats = br_cli_format_names();
	fprintf(fp, "  -f, --format FMT      %s\n", formats);
	free(formats);
	fputs("  -l, --label TEXT      label of the results\n"
	      "      --name NAME       name in the bonnie++ and rawio rows (default: host name)\n"
	      "      --archive DB      also store the results in the SQLite archive DB\n"
	      "  -q, --quiet           no progress line, no warnings, no \"wrote FILE\"\n"
	      "  -h, --help            show this help and exit\n"
	      "\n"
	      "Exit status: 0 success, 1 the results did not read back, 2 usage error or a\n"
	      "refused target (not enough space, a symlink, a mounted device), 3 an I/O error\n"
	      "during the run or while writing the output.\n",
	      fp);
}

enum {
	OPT_DEVICE = 256,
	OPT_DESTRUCTIVE,
	OPT_BLOCK,
	OPT_DIRECT,
	OPT_QUICK,
	OPT_RAW,
	OPT_NAME,
	OPT_ARCHIVE,
	OPT_CHAR_SIZE,
};

static const struct option long_opts[] = {
	{"dir", required_argument, NULL, 'd'},
	{"device", required_argument, NULL, OPT_DEVICE},
	{"destructive", no_argument, NULL, OPT_DESTRUCTIVE},
	{"tests", required_argument, NULL, 't'},
	{"size", required_argument, NULL, 's'},
	{"files", required_argument, NULL, 'n'},
	{"char-size", required_argument, NULL, OPT_CHAR_SIZE},
	{"runs", required_argument, NULL, 'r'},
	{"workers", required_argument, NULL, 'w'},
	{"block", required_argument, NULL, OPT_BLOCK},
	{"direct", no_argument, NULL, OPT_DIRECT},
	{"quick", no_argument, NULL, OPT_QUICK},
	{"raw", no_argument, NULL, OPT_RAW},
	{"output", required_argument, NULL, 'o'},
	{"format", required_argument, NULL, 'f'},
	{"label", required_argument, NULL, 'l'},
	{"name", required_argument, NULL, OPT_NAME},
	{"archive", required_argument, NULL, OPT_ARCHIVE},
	{"quiet", no_argument, NULL, 'q'},
	{"help", no_argument, NULL, 'h'},
	{NULL, 0, NULL, 0},
};

static bool parse_count(const char *s, long min, long max, long *out)
{
	char *end;
	errno = 0;
	long v = strtol(s, &end, 10);
	if (errno || *end || end == s || v < min || v > max)
		return false;
	*out = v;
	return true;
}

/* ------------------------------------------------------------ progress */

struct progress {
	bool shown;
};

static void on_progress(const struct br_run_progress *p, void *ctx)
{
	struct progress *pr = ctx;
	char left[32] = "";
	if (p->fraction >= 1) {
		fputs("\r\033[K", stderr);
		pr->shown = false;
		fflush(stderr);
		return;
	}
	if (p->seconds_left >= 0)
		snprintf(left, sizeof left, ", %.0f s left", p->seconds_left + 0.5);
	char rate[32] = "";
	if (p->mib_per_sec > 0)
		snprintf(rate, sizeof rate, ", %.1f MiB/s", p->mib_per_sec);
	char run[32] = "";
	if (p->runs > 1)
		snprintf(run, sizeof run, "run %u/%u: ", p->run, p->runs);
	fprintf(stderr, "\r\033[K%s%s %3.0f%%%s%s", run, p->phase, p->fraction * 100, rate, left);
	fflush(stderr);
	pr->shown = true;
}

/*
 * The hook for --archive DB: store the run's dataset in the SQLite archive
 * (archive/, br_archive_add_dataset), with the target facts as details.
 */
static int run_archive(const char *db, const struct br_dataset *ds, const struct br_run_target *t,
		       bool quiet)
{
	char *details = br_asprintf("%s on host %s, target %s, filesystem %s, %s",
				    BR_RUN_VERSION, t->host ? t->host : "?", t->path ? t->path : "?",
				    t->filesystem ? t->filesystem : "?", t->kernel ? t->kernel : "?");
	struct br_archive_stats st = {0};
	int rc = br_archive_add_dataset(db, ds, details, &st);
	free(details);
	if (rc < 0) {
		/* -1: not an archive / cannot open it; -2: the write failed */
		br_cli_error("%s", br_last_error());
		return rc == -2 ? BR_EXIT_IO : BR_EXIT_NODATA;
	}
	if (!quiet)
		fprintf(stderr, "benchreport: archived %zu new record%s in '%s'\n", st.records_added,
			st.records_added == 1 ? "" : "s", db);
	return BR_EXIT_OK;
}

static char *command_line(int argc, char **argv)
{
	struct br_buf b = BR_BUF_INIT;
	br_buf_adds(&b, "benchreport");
	for (int i = 0; i < argc; i++) {
		br_buf_addc(&b, ' ');
		br_buf_adds(&b, argv[i]);
	}
	return br_buf_detach(&b);
}

/* "benchreport: wrote FILE" once it is there (not for standard output). */
static void say_wrote(const char *output, bool quiet)
{
	if (!output || quiet)
		return;
	fputs("benchreport: wrote ", stderr);
	br_cli_print_clean(stderr, output);
	fputc('\n', stderr);
}

static int render(const struct br_renderer *rend, const struct br_dataset *ds, const char *output,
		  const char *caveat, int argc, char **argv)
{
	struct br_render_opts ro;
	memset(&ro, 0, sizeof ro);
	ro.chart_group = -1;
	char date[64];
	br_cli_report_date(date, sizeof date);
	char *cmd = command_line(argc, argv);
	ro.command_line = cmd;
	ro.date = date;
	ro.output_path = output;
	struct br_buf out = BR_BUF_INIT;
	if (caveat)
		br_renderer_caveat(rend, caveat, &out);
	struct br_sink sink;
	br_sink_mem(&sink, &out);
	int status;
	if (br_render(rend, ds, &ro, &sink) < 0) {
		br_cli_error("%s", br_last_error());
		status = BR_EXIT_IO;
	} else {
		status = br_cli_write_file(output, br_buf_str(&out), out.len, false);
	}
	br_buf_free(&out);
	free(cmd);
	return status;
}

/* What the command line asked for. */
struct run_args {
	struct br_run_opts o;
	const char *output, *format, *archive_db;
	bool raw, quiet;
	const struct br_renderer *rend;
};

static const char *const cmd = "benchreport run";

/* What an option handler returns besides an exit status: */
#define OPT_NEXT (-1)  /* taken: go on */
#define OPT_OTHER (-2) /* not one of this handler's */

/* The options of sizes and counts. */
static int opt_amount(int c, const char *arg, struct br_run_opts *o)
{
	long num;
	uint64_t sz;
	switch (c) {
	case 's':
		if (br_run_parse_size(arg, &sz) < 0)
			return br_cli_usage_error(cmd, "--size takes a size such as 512M or 2G, not '%s'", arg);
		if (sz < BR_RUN_MIN_SIZE)
			return br_cli_usage_error(cmd, "--size must be at least %uM", (unsigned)(BR_RUN_MIN_SIZE >> 20));
		o->size = sz;
		return OPT_NEXT;
	case 'n':
		if (!parse_count(arg, 0, 1024, &num))
			return br_cli_usage_error(cmd, "--files takes a number from 0 to 1024 (units of 1024 files), not '%s'", arg);
		o->files = (unsigned)num;
		o->files_set = true;
		return OPT_NEXT;
	case OPT_CHAR_SIZE:
		if (br_run_parse_size(arg, &sz) < 0 || (sz && sz < BR_RUN_MIN_CHAR_SIZE))
			return br_cli_usage_error(cmd, "--char-size takes 0 or a size from 64k, such as 3M, not '%s'", arg);
		o->char_size = sz;
		o->char_size_set = true;
		return OPT_NEXT;
	case 'r':
		if (!parse_count(arg, 1, 100, &num))
			return br_cli_usage_error(cmd, "--runs takes a number from 1 to 100, not '%s'", arg);
		o->runs = (unsigned)num;
		return OPT_NEXT;
	case 'w':
		if (!parse_count(arg, 1, 64, &num))
			return br_cli_usage_error(cmd, "--workers takes a number from 1 to 64, not '%s'", arg);
		o->workers = (unsigned)num;
		return OPT_NEXT;
	case OPT_BLOCK:
		if (br_run_parse_size(arg, &sz) < 0 || sz < 4096 || sz > BR_RUN_BLOCK || (sz & (sz - 1)))
			return br_cli_usage_error(cmd, "--block takes a power of two from 4k to 1m, not '%s'", arg);
		o->rawio_block = (unsigned)sz;
		return OPT_NEXT;
	default:
		return OPT_OTHER;
	}
}

/* What to measure and how. */
static int opt_target(int c, const char *arg, struct br_run_opts *o)
{
	switch (c) {
	case 'd':
		o->dir = arg;
		return OPT_NEXT;
	case OPT_DEVICE:
		o->device = arg;
		return OPT_NEXT;
	case OPT_DESTRUCTIVE:
		o->destructive = true;
		return OPT_NEXT;
	case 't':
		if (br_run_parse_tests(arg, &o->tests) < 0)
			return br_cli_usage_error(cmd, "--tests takes bonnie, hdparm and rawio, comma-separated, not '%s'", arg);
		return OPT_NEXT;
	case OPT_DIRECT:
		o->direct = true;
		return OPT_NEXT;
	case OPT_QUICK:
		o->quick = true;
		return OPT_NEXT;
	case 'l':
		if (!*arg || strchr(arg, '\n'))
			return br_cli_usage_error(cmd, "--label takes one line of text");
		o->label = arg;
		return OPT_NEXT;
	case OPT_NAME:
		if (!*arg || strpbrk(arg, ", \t\n"))
			return br_cli_usage_error(cmd, "--name takes a name without blanks or commas, not '%s'", arg);
		o->name = arg;
		return OPT_NEXT;
	default:
		return opt_amount(c, arg, o);
	}
}

/* Where the results go. */
static int opt_output(int c, const char *arg, struct run_args *a)
{
	switch (c) {
	case OPT_RAW:
		a->raw = true;
		return OPT_NEXT;
	case 'o':
		a->output = arg;
		return OPT_NEXT;
	case 'f':
		a->format = arg;
		return OPT_NEXT;
	case OPT_ARCHIVE:
		a->archive_db = arg;
		return OPT_NEXT;
	case 'q':
		a->quiet = true;
		return OPT_NEXT;
	case 'h':
		usage(stdout);
		return fflush(stdout) == 0 && !ferror(stdout) ? BR_EXIT_OK : BR_EXIT_IO;
	default:
		return opt_target(c, arg, &a->o);
	}
}

/* The renderer -f or -o asks for; OPT_NEXT, or the exit status. */
static int choose_renderer(struct run_args *a)
{
	if (a->raw)
		return OPT_NEXT;
	if (a->format) {
		a->rend = br_cli_renderer_named(a->format);
		if (!a->rend) {
			char *formats = br_cli_format_names();
			int rc = br_cli_usage_error(cmd, "unknown format '%s' (%s)", a->format, formats);
			free(formats);
			return rc;
		}
	} else if (a->output) {
		a->rend = br_renderer_by_path(a->output);
		if (!a->rend)
			return br_cli_usage_error(cmd, "cannot tell the format from '%s'; use --format", a->output);
	} else {
		a->rend = br_renderer_by_name("text");
	}
	return OPT_NEXT;
}

/* The options that only go together; OPT_NEXT, or the exit status. */
static int check_args(struct run_args *a)
{
	struct br_run_opts *o = &a->o;
	if (a->output && strcmp(a->output, "-") == 0)
		a->output = NULL; /* standard output, not a file named "-" */
	if (!o->dir && !o->device)
		return br_cli_usage_error(cmd, "say where to measure: --dir DIR (or --device DEV)");
	if (o->destructive && !o->device)
		return br_cli_usage_error(cmd, "--destructive only applies together with --device");
	if (o->device && !o->dir) {
		if (o->tests & BR_RUN_BONNIE)
			return br_cli_usage_error(cmd, "the bonnie++ test needs a filesystem: add --dir DIR");
		if (!o->tests)
			o->tests = BR_RUN_HDPARM | BR_RUN_RAWIO;
	}
	if (a->raw && a->format)
		return br_cli_usage_error(cmd, "--raw prints the tools' own text; it takes no --format");
	if (a->raw && a->archive_db)
		return br_cli_usage_error(cmd, "--archive stores parsed records; it does not go with --raw");
	int rc = choose_renderer(a);
	if (rc != OPT_NEXT)
		return rc;
	/* a target -o would refuse (a planted link, a FIFO) is refused before
	 * the measuring, not after it */
	if (a->output && br_cli_out_check(a->output, false) != BR_EXIT_OK)
		return BR_EXIT_IO;
	return OPT_NEXT;
}

/* The command line into a; OPT_NEXT, or the exit status. */
static int parse_args(int argc, char **argv, struct run_args *a)
{
	optind = 1;
	opterr = 0; /* br_cli_option_error says it in one line */
	int c;
	while ((c = getopt_long(argc, argv, ":d:t:s:n:r:w:o:f:l:qh", long_opts, NULL)) != -1) {
		int rc = opt_output(c, optarg, a);
		if (rc == OPT_OTHER)
			return br_cli_option_error(cmd, c, argv);
		if (rc != OPT_NEXT)
			return rc;
	}
	if (optind < argc)
		return br_cli_usage_error(cmd, "unexpected argument '%s'", argv[optind]);
	return check_args(a);
}

/* Measure, with a progress line on a terminal. BR_EXIT_OK, or the exit
 * status of a run that was refused or failed. */
static int measure(const struct run_args *a, struct br_run_report *rep)
{
	struct br_run_opts o = a->o;
	struct progress pr = {false};
	if (!a->quiet && isatty(STDERR_FILENO)) {
		o.progress = on_progress;
		o.progress_ctx = &pr;
	}
	int rc = br_run(&o, rep);
	if (pr.shown)
		fputs("\r\033[K", stderr);
	if (rc < 0) {
		br_cli_error("%s", br_last_error());
		/* refused before anything ran: a usage-level failure; else I/O */
		return rc == BR_RUN_FAILED ? BR_EXIT_IO : BR_EXIT_USAGE;
	}
	return BR_EXIT_OK;
}

/* --raw: the tools' own text is the output. */
static int write_raw(const struct run_args *a, const struct br_run_report *rep)
{
	struct br_buf all = BR_BUF_INIT;
	for (size_t i = 0; i < rep->n; i++)
		br_buf_adds(&all, rep->runs[i]);
	int status = br_cli_write_file(a->output, br_buf_str(&all), all.len, false);
	if (status == BR_EXIT_OK)
		say_wrote(a->output, a->quiet);
	br_buf_free(&all);
	return status;
}

/* The runs read back, rendered and, with --archive, stored. */
static int write_results(const struct run_args *a, struct br_run_report *rep, int argc, char **argv)
{
	struct br_dataset ds;
	memset(&ds, 0, sizeof ds);
	br_run_read_back(rep, a->o.label, &ds);
	/* The runner's text must read back cleanly: anything else is a bug
	 * worth seeing. */
	br_cli_print_diags(&ds.diags, a->quiet);
	int status = BR_EXIT_OK;
	if (ds.records.n == 0) {
		br_cli_error("the measured results did not read back through the parsers");
		status = BR_EXIT_NODATA;
	} else {
		/* a warning (figures kept with a doubt), counted at the top of
		 * the report; after the diagnostics went to stderr: it is the
		 * outputs' to carry */
		if (rep->quick_caveat)
			br_diag_add(&ds.diags, BR_WARNING, "<run 1>", rep->quick_line, "benchreport-run",
				    "[quick] %s", rep->quick_caveat);
		status = render(a->rend, &ds, a->output, rep->quick_caveat, argc, argv);
		if (status == BR_EXIT_OK)
			say_wrote(a->output, a->quiet);
		if (a->archive_db && status == BR_EXIT_OK)
			status = run_archive(a->archive_db, &ds, &rep->target, a->quiet);
	}
	br_dataset_free(&ds);
	return status;
}

int br_cli_run(int argc, char **argv)
{
	struct run_args a;
	memset(&a, 0, sizeof a);
	int rc = parse_args(argc, argv, &a);
	if (rc != OPT_NEXT)
		return rc;
	struct br_run_report rep;
	if ((rc = measure(&a, &rep)) != BR_EXIT_OK)
		return rc;
	if (a.raw) {
		int status = write_raw(&a, &rep);
		br_run_report_free(&rep);
		return status;
	}
	int status = write_results(&a, &rep, argc, argv);
	br_run_report_free(&rep);
	br_regex_cleanup();
	br_chart_cleanup();
	if (status == BR_EXIT_OK && (fflush(stdout) != 0 || ferror(stdout)))
		status = BR_EXIT_IO;
	return status;
}
