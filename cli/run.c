/*
 * run — `benchreport run`: the native runner's command line (runner/).
 *
 * Options → br_run(), which measures and returns each run's text in the
 * tools' own formats. With --raw that text is the output. Otherwise it goes
 * through the parsers like any document (br_doc_from_mem +
 * br_parse_document), the records get the run's label and the target's
 * kernel and filesystem as params, and the dataset is rendered like the main
 * command's (-o FILE, --format) and, with --archive DB, stored (run_archive).
 *
 * Every record says the runner made it: version BR_RUN_VERSION (the
 * bonnie++ parsers read it from the text; hdparm and rawio have no version
 * in their layouts, so it is set here) and param `runner`. With --quick
 * every output carries the caveat: param `quick` (JSON Lines, the report's
 * details), a warning (the report's warnings), a first line in text,
 * Markdown and CSV (add_caveat).
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "archive.h"
#include "chart.h"
#include "cli.h"
#include "dataset.h"
#include "doc.h"
#include "parser.h"
#include "regex.h"
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

/* ------------------------------------------------------------ records */

/* The label, kernel and filesystem on the records a run's text yielded. */
static void annotate(struct br_dataset *ds, size_t first, const char *label, unsigned run,
		     unsigned runs, const struct br_run_report *rep)
{
	const struct br_run_target *t = &rep->target;
	char *lab = NULL;
	if (runs > 1)
		lab = label ? br_asprintf("%s / run %u", label, run) : br_asprintf("run %u", run);
	else if (label)
		lab = br_strdup(label);
	for (size_t i = first; i < ds->records.n; i++) {
		struct br_record *r = ds->records.v[i];
		br_record_set_label(r, lab);
		if (t->kernel)
			br_record_param_str(r, "kernel", t->kernel);
		if (t->filesystem)
			br_record_param_str(r, "filesystem", t->filesystem);
		if (!r->version)
			br_record_set_version(r, BR_RUN_VERSION);
		br_record_param_str(r, "runner", BR_RUN_VERSION);
		if (rep->quick_caveat)
			br_record_param_str(r, "quick", rep->quick_caveat);
		if (runs > 1)
			br_record_param_num(r, "run", run);
	}
	free(lab);
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

/* The --quick caveat as the first line of the formats that have room for
 * one: text, Markdown, and CSV as a comment (spreadsheets and data frames
 * skip "#" lines when asked; bon_csv2txt and bon_csv2html say they cannot
 * process it, on stderr, and convert the rest). JSON Lines has it in each
 * record's params, the HTML report in its notes and details. */
static void add_caveat(const struct br_renderer *rend, const char *caveat, struct br_buf *out)
{
	if (strcmp(rend->name, "text") == 0)
		br_buf_addf(out, "[quick] %s\n\n", caveat);
	else if (strcmp(rend->name, "markdown") == 0)
		br_buf_addf(out, "> [quick] %s\n\n", caveat);
	else if (strcmp(rend->name, "csv") == 0)
		br_buf_addf(out, "# [quick] %s\r\n", caveat);
	else if (strcmp(rend->name, "bonnie_csv") == 0)
		br_buf_addf(out, "# [quick] %s\n", caveat);
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
	time_t now = time(NULL);
	const char *sde = getenv("SOURCE_DATE_EPOCH");
	if (sde && *sde)
		now = (time_t)strtoll(sde, NULL, 10);
	struct tm tm;
	gmtime_r(&now, &tm);
	strftime(date, sizeof date, "%Y-%m-%d %H:%M UTC", &tm);
	char *cmd = command_line(argc, argv);
	ro.command_line = cmd;
	ro.date = date;
	ro.output_path = output;
	struct br_buf out = BR_BUF_INIT;
	if (caveat)
		add_caveat(rend, caveat, &out);
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

int br_cli_run(int argc, char **argv)
{
	const char *cmd = "benchreport run";
	struct br_run_opts o;
	memset(&o, 0, sizeof o);
	const char *output = NULL, *format = NULL, *archive_db = NULL;
	bool raw = false, quiet = false;
	long num;
	uint64_t sz;
	int c;
	optind = 1;
	opterr = 0; /* br_cli_option_error says it in one line */
	while ((c = getopt_long(argc, argv, ":d:t:s:n:r:w:o:f:l:qh", long_opts, NULL)) != -1) {
		switch (c) {
		case 'd':
			o.dir = optarg;
			break;
		case OPT_DEVICE:
			o.device = optarg;
			break;
		case OPT_DESTRUCTIVE:
			o.destructive = true;
			break;
		case 't':
			if (br_run_parse_tests(optarg, &o.tests) < 0)
				return br_cli_usage_error(cmd, "--tests takes bonnie, hdparm and rawio, comma-separated, not '%s'", optarg);
			break;
		case 's':
			if (br_run_parse_size(optarg, &sz) < 0)
				return br_cli_usage_error(cmd, "--size takes a size such as 512M or 2G, not '%s'", optarg);
			if (sz < BR_RUN_MIN_SIZE)
				return br_cli_usage_error(cmd, "--size must be at least %uM", (unsigned)(BR_RUN_MIN_SIZE >> 20));
			o.size = sz;
			break;
		case 'n':
			if (!parse_count(optarg, 0, 1024, &num))
				return br_cli_usage_error(cmd, "--files takes a number from 0 to 1024 (units of 1024 files), not '%s'", optarg);
			o.files = (unsigned)num;
			o.files_set = true;
			break;
		case OPT_CHAR_SIZE:
			if (br_run_parse_size(optarg, &sz) < 0 || (sz && sz < BR_RUN_MIN_CHAR_SIZE))
				return br_cli_usage_error(cmd, "--char-size takes 0 or a size from 64k, such as 3M, not '%s'", optarg);
			o.char_size = sz;
			o.char_size_set = true;
			break;
		case 'r':
			if (!parse_count(optarg, 1, 100, &num))
				return br_cli_usage_error(cmd, "--runs takes a number from 1 to 100, not '%s'", optarg);
			o.runs = (unsigned)num;
			break;
		case 'w':
			if (!parse_count(optarg, 1, 64, &num))
				return br_cli_usage_error(cmd, "--workers takes a number from 1 to 64, not '%s'", optarg);
			o.workers = (unsigned)num;
			break;
		case OPT_BLOCK:
			if (br_run_parse_size(optarg, &sz) < 0 || sz < 4096 || sz > BR_RUN_BLOCK || (sz & (sz - 1)))
				return br_cli_usage_error(cmd, "--block takes a power of two from 4k to 1m, not '%s'", optarg);
			o.rawio_block = (unsigned)sz;
			break;
		case OPT_DIRECT:
			o.direct = true;
			break;
		case OPT_QUICK:
			o.quick = true;
			break;
		case OPT_RAW:
			raw = true;
			break;
		case 'o':
			output = optarg;
			break;
		case 'f':
			format = optarg;
			break;
		case 'l':
			if (!*optarg || strchr(optarg, '\n'))
				return br_cli_usage_error(cmd, "--label takes one line of text");
			o.label = optarg;
			break;
		case OPT_NAME:
			if (!*optarg || strpbrk(optarg, ", \t\n"))
				return br_cli_usage_error(cmd, "--name takes a name without blanks or commas, not '%s'", optarg);
			o.name = optarg;
			break;
		case OPT_ARCHIVE:
			archive_db = optarg;
			break;
		case 'q':
			quiet = true;
			break;
		case 'h':
			usage(stdout);
			return fflush(stdout) == 0 && !ferror(stdout) ? BR_EXIT_OK : BR_EXIT_IO;
		default:
			return br_cli_option_error(cmd, c, argv);
		}
	}
	if (optind < argc)
		return br_cli_usage_error(cmd, "unexpected argument '%s'", argv[optind]);
	if (output && strcmp(output, "-") == 0)
		output = NULL; /* standard output, not a file named "-" */
	if (!o.dir && !o.device)
		return br_cli_usage_error(cmd, "say where to measure: --dir DIR (or --device DEV)");
	if (o.destructive && !o.device)
		return br_cli_usage_error(cmd, "--destructive only applies together with --device");
	if (o.device && !o.dir) {
		if (o.tests & BR_RUN_BONNIE)
			return br_cli_usage_error(cmd, "the bonnie++ test needs a filesystem: add --dir DIR");
		if (!o.tests)
			o.tests = BR_RUN_HDPARM | BR_RUN_RAWIO;
	}
	if (raw && format)
		return br_cli_usage_error(cmd, "--raw prints the tools' own text; it takes no --format");
	if (raw && archive_db)
		return br_cli_usage_error(cmd, "--archive stores parsed records; it does not go with --raw");
	const struct br_renderer *rend = NULL;
	if (!raw) {
		if (format) {
			rend = br_cli_renderer_named(format);
			if (!rend) {
				char *formats = br_cli_format_names();
				int rc = br_cli_usage_error(cmd, "unknown format '%s' (%s)", format, formats);
				free(formats);
				return rc;
			}
		} else if (output) {
			rend = br_renderer_by_path(output);
			if (!rend)
				return br_cli_usage_error(cmd, "cannot tell the format from '%s'; use --format", output);
		} else {
			rend = br_renderer_by_name("text");
		}
	}
	/* a target -o would refuse (a planted link, a FIFO) is refused before
	 * the measuring, not after it */
	if (output && br_cli_out_check(output, false) != BR_EXIT_OK)
		return BR_EXIT_IO;

	struct progress pr = {false};
	if (!quiet && isatty(STDERR_FILENO)) {
		o.progress = on_progress;
		o.progress_ctx = &pr;
	}
	struct br_run_report rep;
	int rc = br_run(&o, &rep);
	if (pr.shown)
		fputs("\r\033[K", stderr);
	if (rc < 0) {
		br_cli_error("%s", br_last_error());
		/* refused before anything ran: a usage-level failure; else I/O */
		return rc == BR_RUN_FAILED ? BR_EXIT_IO : BR_EXIT_USAGE;
	}

	int status = BR_EXIT_OK;
	if (raw) {
		struct br_buf all = BR_BUF_INIT;
		for (size_t i = 0; i < rep.n; i++)
			br_buf_adds(&all, rep.runs[i]);
		status = br_cli_write_file(output, br_buf_str(&all), all.len, false);
		if (status == BR_EXIT_OK)
			say_wrote(output, quiet);
		br_buf_free(&all);
		br_run_report_free(&rep);
		return status;
	}

	struct br_dataset ds;
	memset(&ds, 0, sizeof ds);
	for (size_t i = 0; i < rep.n; i++) {
		char name[32];
		snprintf(name, sizeof name, "<run %zu>", i + 1);
		struct br_doc *doc = br_doc_from_mem(name, rep.runs[i], strlen(rep.runs[i]));
		size_t first = ds.records.n;
		br_parse_document(doc, &ds);
		br_doc_free(doc);
		annotate(&ds, first, o.label, (unsigned)i + 1, (unsigned)rep.n, &rep);
	}
	br_recset_merge(&ds.records);
	/* The runner's text must read back cleanly: anything else is a bug
	 * worth seeing. */
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
	if (ds.records.n == 0) {
		br_cli_error("the measured results did not read back through the parsers");
		status = BR_EXIT_NODATA;
	} else {
		/* a warning (figures kept with a doubt), counted at the top of
		 * the report; after the diagnostics went to stderr: it is the
		 * outputs' to carry */
		if (rep.quick_caveat)
			br_diag_add(&ds.diags, BR_WARNING, "<run 1>", rep.quick_line, "benchreport-run",
				    "[quick] %s", rep.quick_caveat);
		status = render(rend, &ds, output, rep.quick_caveat, argc, argv);
		if (status == BR_EXIT_OK)
			say_wrote(output, quiet);
		if (archive_db && status == BR_EXIT_OK)
			status = run_archive(archive_db, &ds, &rep.target, quiet);
	}
	br_dataset_free(&ds);
	br_run_report_free(&rep);
	br_regex_cleanup();
	br_chart_cleanup();
	if (status == BR_EXIT_OK && (fflush(stdout) != 0 || ferror(stdout)))
		status = BR_EXIT_IO;
	return status;
}
