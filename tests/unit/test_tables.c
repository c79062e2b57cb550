/* Unit tests: the text, Markdown and CSV renderers into a memory sink —
 * alignment, 80-column blocks, elision, best marks, bars, baseline and
 * aggregate sections, Markdown escaping, CSV quoting read back by libcsv. */
#include <csv.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "tablefmt.h"
#include "dataset.h"
#include "record.h"
#include "render.h"

/* The 1.03 figures of a bonnie++ CSV line (KiB/s, /s), with cpu. */
static struct br_record *bpp(const char *label, const char *host, const double *v)
{
	static const enum br_metric_id ids[] = {BR_M_putc, BR_M_put_block, BR_M_rewrite, BR_M_getc,
						BR_M_get_block, BR_M_seeks, BR_M_seq_create, BR_M_seq_stat,
						BR_M_seq_del, BR_M_ran_create, BR_M_ran_stat, BR_M_ran_del};
	struct br_record *r = br_record_new(BR_TOOL_BONNIEPP);
	br_record_set_version(r, "1.03");
	br_record_set_label(r, label);
	br_record_set_host(r, host);
	br_record_set_source(r, "mail.txt", 10, 11, "bonnie++-csv");
	br_record_param_str(r, "size", "3000M");
	for (size_t i = 0; i < BR_ARRAY_LEN(ids); i++) {
		if (v[2 * i] < 0) {
			br_record_set_too_fast(r, ids[i], "+++++");
			continue;
		}
		char raw[32];
		snprintf(raw, sizeof raw, "%g", v[2 * i]);
		br_record_set(r, ids[i], v[2 * i], raw);
		br_record_set_cpu(r, ids[i], v[2 * i + 1]);
	}
	return r;
}

static const double run_a1[] = {6618, 27, 9314, 6, 3699, 1, 20058, 76, 28822, 7, 179.9, 0,
				2339, 91, -1, 0, -1, 0, 2398, 93, -1, 0, 5394, 85};
static const double run_a2[] = {6561, 27, 7444, 4, 3862, 1, 21012, 76, 28856, 8, 190.6, 0,
				2330, 93, -1, 0, -1, 0, 2328, 93, -1, 0, 5063, 86};
static const double run_b1[] = {11086, 47, 12100, 10, 6538, 3, 21142, 78, 30025, 9, 229.8, 0,
				2300, 96, -1, 0, -1, 0, 2374, 94, -1, 0, 6446, 99};
static const double run_b2[] = {11126, 48, 14391, 10, 5925, 3, 21511, 79, 30100, 9, 332.9, 1,
				2383, 95, -1, 0, -1, 0, 2461, 96, -1, 0, 5464, 90};

static void dataset(struct br_dataset *ds)
{
	memset(ds, 0, sizeof *ds);
	br_recset_add(&ds->records, bpp("Configuration A / Try 1", "test1.dmotorworks.com", run_a1));
	br_recset_add(&ds->records, bpp("Configuration A / Try 2", "test1.dmotorworks.com", run_a2));
	br_recset_add(&ds->records, bpp("Configuration B / Try 1", "test2.dmotorworks.com", run_b1));
	br_recset_add(&ds->records, bpp("Configuration B / Try 2", "test2.dmotorworks.com", run_b2));
	struct br_record *h = br_record_new(BR_TOOL_HDPARM);
	br_record_set_host(h, "/dev/hda");
	br_record_set(h, BR_M_cached_read, 98.46 * 1024, "98.46");
	br_record_set(h, BR_M_buffered_read, 15.57 * 1024, "15.57");
	br_recset_add(&ds->records, h);
}

static char *render(const char *fmt, const struct br_dataset *ds, const struct br_render_opts *o)
{
	const struct br_renderer *r = br_renderer_by_name(fmt);
	assert_non_null(r);
	struct br_buf b = BR_BUF_INIT;
	struct br_sink s;
	br_sink_mem(&s, &b);
	assert_int_equal(br_render(r, ds, o, &s), 0);
	assert_false(s.failed);
	return br_buf_detach(&b);
}

static size_t u8w(const char *s, size_t n)
{
	size_t w = 0;
	for (size_t i = 0; i < n; i++)
		w += ((unsigned char)s[i] & 0xc0) != 0x80;
	return w;
}

/* Every line at most 80 columns, no trailing blanks; returns the line count. */
static size_t check_lines(const char *text)
{
	size_t n = 0;
	for (const char *p = text; *p;) {
		const char *e = strchr(p, '\n');
		assert_non_null(e); /* ends with a newline */
		size_t len = (size_t)(e - p);
		if (u8w(p, len) > 80)
			fail_msg("line wider than 80 columns: %.*s", (int)len, p);
		if (len && p[len - 1] == ' ')
			fail_msg("trailing blank: '%.*s'", (int)len, p);
		n++;
		p = e + 1;
	}
	return n;
}

/* The line that starts with `prefix` (the n-th, 0-based), or NULL. */
static const char *line_starting(const char *text, const char *prefix, int nth)
{
	size_t l = strlen(prefix);
	for (const char *p = text; p && *p;) {
		if (strncmp(p, prefix, l) == 0 && nth-- == 0)
			return p;
		p = strchr(p, '\n');
		if (p)
			p++;
	}
	return NULL;
}

/* Column (0-based, in code points) where `what` ends within the line at p. */
static size_t end_col(const char *p, const char *what)
{
	const char *e = strchr(p, '\n');
	const char *w = strstr(p, what);
	assert_non_null(w);
	assert_true(w < e);
	return u8w(p, (size_t)(w - p) + strlen(what));
}

static size_t count(const char *text, const char *what)
{
	size_t n = 0;
	for (const char *p = strstr(text, what); p; p = strstr(p + 1, what))
		n++;
	return n;
}

static void text_table_layout(void **state)
{
	(void)state;
	struct br_dataset ds;
	dataset(&ds);
	char *t = render("text", &ds, NULL);
	check_lines(t);
	/* a title per family, underlined */
	assert_non_null(strstr(t, "Bonnie and Bonnie++: 4 records\n==============================\n"));
	assert_non_null(strstr(t, "hdparm: 1 record\n"));
	/* twelve metrics do not fit 80 columns: blocks that repeat the names */
	assert_true(count(t, "Configuration A / Try 1 / test1") >= 3);
	/* units in the headers: block write in MiB/s, rewrite in KiB/s */
	assert_non_null(strstr(t, "BlkWrite"));
	assert_non_null(strstr(t, "MiB/s"));
	assert_non_null(strstr(t, "KiB/s"));
	assert_non_null(strstr(t, "%CP"));
	/* values right-aligned: 9.10 (row 1) and 14.1* (row 4) end in the same
	 * column (the marker slot follows the number); each figure has its own
	 * decimals (two below 10), whatever the other rows */
	const char *r1 = line_starting(t, "Configuration A / Try 1", 0);
	const char *r4 = line_starting(t, "Configuration B / Try 2", 0);
	assert_non_null(r1);
	assert_non_null(r4);
	assert_int_equal(end_col(r1, " 9.10 ") - 1, end_col(r4, "14.1*") - 1);
	/* the best block write is starred, the others not */
	assert_non_null(strstr(r4, "14.1*"));
	assert_null(strstr(r1, "9.10*"));
	/* the too-fast figures as printed, and a legend saying what * means */
	assert_non_null(strstr(t, "+++++"));
	assert_non_null(strstr(t, "* best in column (more is better)"));
	assert_non_null(strstr(t, "+++++: too fast"));
	/* hdparm figures scaled per column */
	assert_non_null(strstr(t, "98.5"));
	assert_non_null(strstr(t, "15.6"));
	/* no baseline, aggregate or bars unless asked */
	assert_null(strstr(t, "Relative to"));
	assert_null(strstr(t, "Run-to-run"));
	assert_null(strstr(t, "█"));
	free(t);
	br_dataset_free(&ds);
}

static void text_elides_long_names(void **state)
{
	(void)state;
	struct br_dataset ds;
	dataset(&ds);
	br_record_set_label(ds.records.v[0], "First set of tests: RAID0, 4k chunk size, cpu clocked at "
					     "366Mhz / 2 disks (hdb1,hdc1)");
	char *t = render("text", &ds, NULL);
	check_lines(t);
	assert_non_null(strstr(t, "…"));
	assert_non_null(strstr(t, "Full names:"));
	/* the key gives the whole name (wrapped, so look for its parts) */
	assert_non_null(strstr(t, "cpu clocked at"));
	/* the table rows stay aligned: every row of the first block is as long
	 * as the dashes under the header */
	const char *dash = line_starting(t, "---", 0);
	const char *row = line_starting(t, "First s", 0);
	assert_non_null(dash);
	assert_non_null(row);
	size_t namew = strcspn(dash, " ");
	assert_int_equal(u8w(row, strstr(row, "…") - row) < namew, 1);
	free(t);
	br_dataset_free(&ds);
}

static void text_bars_baseline_aggregate(void **state)
{
	(void)state;
	struct br_dataset ds;
	dataset(&ds);
	br_record_set(ds.records.v[0], BR_M_put_block_latency, 1500, "1500us");
	br_record_set(ds.records.v[1], BR_M_put_block_latency, 3000, "3000us");
	struct br_render_opts o = {.bars = true, .baseline = "Configuration A / Try 1"};
	char *t = render("text", &ds, &o);
	check_lines(t);
	assert_non_null(strstr(t, "Relative to the baseline"));
	assert_non_null(strstr(t, "100%"));
	assert_non_null(strstr(t, "Sequential throughput"));
	assert_non_null(strstr(t, "Block write, MiB/s (more is better)"));
	assert_non_null(strstr(t, "Block write latency, us (less is better)"));
	/* the best row's bar is the full width, the value at its end */
	const char *best = strstr(t, "Block write, MiB/s");
	best = strstr(best, "Configuration B / Try 2");
	assert_non_null(best);
	const char *eol = strchr(best, '\n');
	assert_true(eol - best > 14 && strncmp(eol - 4, "14.1", 4) == 0);
	assert_true(count(t, "█") > 40);
	/* latency row 2 is twice row 1: 200% */
	assert_non_null(strstr(t, "200%"));
	free(t);

	struct br_render_opts ag = {.aggregate = true, .baseline = "Configuration A"};
	t = render("text", &ds, &ag);
	check_lines(t);
	assert_non_null(strstr(t, "4 runs in 2 configurations"));
	assert_non_null(strstr(t, "runs"));
	assert_non_null(strstr(t, "Run-to-run statistics"));
	assert_non_null(strstr(t, "Welch's two-sample t-test"));
	/* block write: mean of 9314 and 7444 KiB/s = 8.18 MiB/s */
	assert_non_null(strstr(t, "8.18"));
	assert_non_null(strstr(t, "~"));
	free(t);
	br_dataset_free(&ds);
}

static void markdown_escapes_and_bolds(void **state)
{
	(void)state;
	struct br_dataset ds;
	dataset(&ds);
	br_record_set_label(ds.records.v[2], "ext3 | *fast* <script>");
	char *m = render("markdown", &ds, NULL);
	assert_non_null(strstr(m, "### Bonnie and Bonnie++: 4 records"));
	assert_non_null(strstr(m, "| Block write (MiB/s) | %CPU |"));
	assert_non_null(strstr(m, "ext3 \\| \\*fast\\* \\<script\\>"));
	assert_non_null(strstr(m, "**14.1**"));
	assert_null(strstr(m, "**9.10**"));
	/* every row of a table has as many unescaped pipes as its header */
	const char *hdr = line_starting(m, "| Record |", 0);
	assert_non_null(hdr);
	size_t want = 0;
	for (const char *p = hdr; *p != '\n'; p++)
		want += *p == '|';
	for (int i = 0; i < 4; i++) {
		const char *row = line_starting(m, "| Configuration", i);
		if (!row)
			row = line_starting(m, "| ext3", 0);
		assert_non_null(row);
		size_t got = 0;
		for (const char *p = row; *p != '\n'; p++)
			got += *p == '|' && p[-1] != '\\';
		assert_int_equal(got, want);
	}
	free(m);
	br_dataset_free(&ds);
}

struct csvread {
	char *fields[64][48];
	size_t nfields[64];
	size_t row, col;
};

static void on_field(void *s, size_t len, void *data)
{
	struct csvread *c = data;
	if (c->row < 64 && c->col < 48)
		c->fields[c->row][c->col] = br_strndup(s, len);
	c->col++;
}

static void on_row(int ch, void *data)
{
	(void)ch;
	struct csvread *c = data;
	if (c->row < 64)
		c->nfields[c->row] = c->col;
	c->row++;
	c->col = 0;
}

static size_t col_index(const struct csvread *c, const char *name)
{
	for (size_t i = 0; i < c->nfields[0]; i++)
		if (strcmp(c->fields[0][i], name) == 0)
			return i;
	fail_msg("no column '%s'", name);
	return 0;
}

static void csv_quotes_and_reads_back(void **state)
{
	(void)state;
	struct br_dataset ds;
	dataset(&ds);
	br_record_set_label(ds.records.v[1], "RAID 5, \"fast\"\nsecond line");
	char *out = render("csv", &ds, NULL);
	/* RFC 4180: CRLF, quoted field with doubled quotes */
	assert_non_null(strstr(out, "\r\n"));
	assert_non_null(strstr(out, "\"RAID 5, \"\"fast\"\"\nsecond line\""));
	assert_true(strncmp(out, "tool,version,host,label,file,line,end_line,size,", 48) == 0);
	assert_non_null(strstr(out, ",put_block (KiB/s),put_block_cpu (%),"));
	assert_non_null(strstr(out, ",cached_read (KiB/s),"));
	assert_null(strstr(out, "cached_read_cpu"));
	assert_non_null(strstr(out, ",too_fast,marked\r\n"));

	struct csv_parser p;
	assert_int_equal(csv_init(&p, CSV_STRICT | CSV_STRICT_FINI), 0);
	struct csvread *c = br_calloc(1, sizeof *c);
	size_t len = strlen(out);
	assert_int_equal(csv_parse(&p, out, len, on_field, on_row, c), len);
	csv_fini(&p, on_field, on_row, c);
	csv_free(&p);
	assert_int_equal(c->row, 6); /* header + 5 records */
	for (size_t r = 1; r < c->row; r++)
		assert_int_equal(c->nfields[r], c->nfields[0]);
	size_t label = col_index(c, "label"), pb = col_index(c, "put_block (KiB/s)");
	size_t ss = col_index(c, "seq_stat (/s)");
	size_t tf = col_index(c, "too_fast"), cr = col_index(c, "cached_read (KiB/s)");
	assert_string_equal(c->fields[2][label], "RAID 5, \"fast\"\nsecond line");
	assert_string_equal(c->fields[1][pb], "9314"); /* unscaled KiB/s */
	assert_string_equal(c->fields[1][col_index(c, "seeks (/s)")], "179.9");
	assert_string_equal(c->fields[1][col_index(c, "put_block_cpu (%)")], "6");
	assert_string_equal(c->fields[1][ss], ""); /* too fast: empty … */
	assert_string_equal(c->fields[1][tf], "seq_stat seq_del ran_stat"); /* … and named */
	assert_string_equal(c->fields[1][col_index(c, "size")], "3000M");
	assert_string_equal(c->fields[5][col_index(c, "tool")], "hdparm");
	assert_string_equal(c->fields[5][cr], "100823.04");
	assert_string_equal(c->fields[5][pb], "");
	for (size_t r = 0; r < 64; r++)
		for (size_t f = 0; f < 48; f++)
			free(c->fields[r][f]);
	free(c);
	free(out);

	/* --metric keeps only those columns */
	struct br_render_opts o = {.have_metric_filter = true};
	o.metric_filter[BR_M_seeks] = true;
	out = render("csv", &ds, &o);
	const char *eol = strstr(out, "\r\n");
	assert_non_null(eol);
	assert_int_equal(eol - out, (long)strlen("tool,version,host,label,file,line,end_line,size,seeks (/s),"
						 "seeks_cpu (%),too_fast,marked"));
	free(out);

	/* text a spreadsheet would run as a formula gets a ' in front;
	 * numbers and a lone "-" stay as they are */
	br_record_set_host(ds.records.v[0], "=cmd|' /C calc'!A0");
	br_record_set_label(ds.records.v[0], "-2+3");
	br_record_set_host(ds.records.v[1], "@SUM(1+1)");
	br_record_set_label(ds.records.v[1], "-5");
	br_record_set_host(ds.records.v[2], "-");
	br_record_set_label(ds.records.v[2], "+1e3");
	br_record_set_label(ds.records.v[3], "=HYPERLINK(\"http://x/\",\"y\")");
	out = render("csv", &ds, NULL);
	assert_non_null(strstr(out, ",'=cmd|' /C calc'!A0,'-2+3,"));
	assert_non_null(strstr(out, ",'@SUM(1+1),-5,"));
	assert_non_null(strstr(out, ",-,+1e3,"));
	assert_non_null(strstr(out, ",\"'=HYPERLINK(\"\"http://x/\"\",\"\"y\"\")\","));
	free(out);
	br_dataset_free(&ds);
}

static void nothing_to_show_is_an_error(void **state)
{
	(void)state;
	struct br_dataset ds;
	dataset(&ds);
	struct br_render_opts o = {.have_metric_filter = true};
	o.metric_filter[BR_M_random_read] = true; /* no rawio record */
	const char *fmts[] = {"text", "markdown", "csv"};
	for (size_t i = 0; i < 3; i++) {
		struct br_buf b = BR_BUF_INIT;
		struct br_sink s;
		br_sink_mem(&s, &b);
		assert_int_equal(br_render(br_renderer_by_name(fmts[i]), &ds, &o, &s), -1);
		assert_non_null(strstr(br_last_error(), "--metric"));
		br_buf_free(&b);
	}
	br_dataset_free(&ds);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(text_table_layout),
		cmocka_unit_test(text_elides_long_names),
		cmocka_unit_test(text_bars_baseline_aggregate),
		cmocka_unit_test(markdown_escapes_and_bolds),
		cmocka_unit_test(csv_quotes_and_reads_back),
		cmocka_unit_test(nothing_to_show_is_an_error),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
