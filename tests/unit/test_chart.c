/* Unit tests: the chart model (units, ticks, colours, elision, top N, the
 * height cap, too-fast and aggregated bars), its SVG/PNG output and the PNG
 * text chunks. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <libxml/parser.h>
#include <libxml/tree.h>

#include "chart.h"
#include "dataset.h"
#include "record.h"

static struct br_record *bpp(const char *label, const char *host, double putc, double put_block,
			     double get_block)
{
	struct br_record *r = br_record_new(BR_TOOL_BONNIEPP);
	br_record_set_label(r, label);
	br_record_set_host(r, host);
	br_record_set_source(r, "t.txt", 1, 1, "bonnie++-csv");
	if (putc >= 0) {
		br_record_set(r, BR_M_putc, putc, NULL);
		br_record_set_cpu(r, BR_M_putc, 47);
	}
	if (put_block >= 0)
		br_record_set(r, BR_M_put_block, put_block, NULL);
	if (get_block >= 0)
		br_record_set(r, BR_M_get_block, get_block, NULL);
	return r;
}

static struct br_render_opts opts(void)
{
	struct br_render_opts o = {0};
	o.chart_group = -1;
	return o;
}

static const struct br_chart_block *block_of(const struct br_chart *c, enum br_metric_id id)
{
	for (size_t p = 0; p < c->npanels; p++)
		for (size_t k = 0; k < c->panels[p].nblocks; k++)
			if (c->panels[p].blocks[k].metric == id)
				return &c->panels[p].blocks[k];
	return NULL;
}

static void ticks_are_nice(void **state)
{
	(void)state;
	double step, max;
	size_t n;
	br_chart_ticks(29.6, 5, &step, &max, &n);
	assert_true(step == 10 && max == 30 && n == 4);
	br_chart_ticks(100, 5, &step, &max, &n);
	assert_true(step == 20 && max == 100 && n == 6);
	br_chart_ticks(0.37, 4, &step, &max, &n);
	assert_true(fabs(step - 0.1) < 1e-12 && fabs(max - 0.4) < 1e-12 && n == 5);
	br_chart_ticks(1234, 8, &step, &max, &n);
	assert_true(step == 200 && max == 1400 && n == 8);
	br_chart_ticks(11, 4, &step, &max, &n); /* 2.75 → 5 */
	assert_true(step == 5 && max == 15 && n == 4);
	br_chart_ticks(0, 5, &step, &max, &n); /* nothing to show: a unit axis */
	assert_true(max > 0 && n >= 2);
	br_chart_ticks(NAN, 5, &step, &max, &n);
	assert_true(max > 0);
}

static void numbers_are_grouped(void **state)
{
	(void)state;
	char *s = br_chart_fmt(1234567.891, 1);
	assert_string_equal(s, "1,234,567.9");
	free(s);
	s = br_chart_fmt(-1234, 0);
	assert_string_equal(s, "-1,234");
	free(s);
	s = br_chart_fmt(999, 0);
	assert_string_equal(s, "999");
	free(s);
	s = br_chart_fmt(-0.0001, 2);
	assert_string_equal(s, "0.00");
	free(s);
}

static void labels_are_elided_in_the_middle(void **state)
{
	(void)state;
	const char *lab = "First set of tests: RAID0, 4k chunk size, cpu clocked at 366Mhz / 2 disks (hdb1,hdc1) / Try 2";
	double full = br_chart_text_width(lab, 11, false);
	assert_true(full > 400);
	char *e = br_chart_elide(lab, 200, 11, false);
	assert_true(br_chart_text_width(e, 11, false) <= 200);
	assert_non_null(strstr(e, "\xe2\x80\xa6"));
	assert_true(strncmp(e, "First set", 9) == 0);        /* head kept */
	assert_true(strstr(e, "Try 2") != NULL);               /* tail kept */
	assert_true(br_utf8_valid(e, strlen(e)));
	free(e);
	e = br_chart_elide("short", 200, 11, false);
	assert_string_equal(e, "short");
	free(e);
	/* multibyte text is never cut inside a character */
	e = br_chart_elide("\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9"
			   "\xe6\x97\xa5\xe6\x97\xa5\xe6\x97\xa5\xe6\x97\xa5",
			   40, 11, false);
	assert_true(br_utf8_valid(e, strlen(e)));
	assert_true(br_chart_text_width(e, 11, false) <= 40);
	free(e);
	e = br_chart_elide(lab, 3, 11, false); /* no room at all */
	assert_string_equal(e, "\xe2\x80\xa6");
	free(e);
	/* bold is wider */
	assert_true(br_chart_text_width("Block write", 11, true) > br_chart_text_width("Block write", 11, false));
}

static void units_values_and_texts(void **state)
{
	(void)state;
	struct br_dataset ds = {0};
	/* moudry.com: 30348 K/sec putc (47% cpu), 35023 block write, 44790 block read */
	br_recset_add(&ds.records, bpp(NULL, "moudry.com", 30348, 35023, 44790));
	br_recset_add(&ds.records, bpp("second", "other", 2000, 1500, 61000));
	struct br_render_opts o = opts();
	struct br_chart_set set;
	br_chart_set_build(&set, &ds, &o);
	assert_int_equal(set.n, 2);
	struct br_chart *c = br_chart_build(&set, BR_GROUP_SEQ, -1, &o);
	assert_non_null(c);
	assert_int_equal(c->npanels, 1);
	const struct br_chart_panel *pn = &c->panels[0];
	assert_int_equal(pn->better, BR_HIGHER);
	assert_non_null(strstr(pn->title, "more is better"));
	assert_non_null(strstr(c->subtitle, "more is better"));
	/* every metric its own axis: 61000 KiB/s = 59.6 MiB/s → a nice 60 or 70 */
	const struct br_chart_block *gb = block_of(c, BR_M_get_block);
	assert_string_equal(gb->disp.name, "MiB/s");
	assert_true(gb->axis_max >= 61000.0 / 1024 && gb->axis_max < 61000.0 / 1024 * 1.3);
	const struct br_chart_block *bk = block_of(c, BR_M_putc);
	assert_non_null(bk);
	assert_string_equal(bk->disp.name, "MiB/s");
	assert_true(bk->disp.div == 1024);
	assert_true(bk->axis_max >= 30348.0 / 1024 && bk->axis_max < 30348.0 / 1024 * 1.3);
	assert_int_equal(bk->nbars, 2);
	assert_true(fabs(bk->bars[0].value - 30348.0 / 1024) < 1e-9);
	assert_non_null(strstr(bk->bars[0].text, "MiB/s"));
	assert_true(strncmp(bk->bars[0].text, "29.6", 4) == 0);
	assert_string_equal(bk->bars[0].note, "47% cpu");
	/* bar length proportional to the value */
	assert_true(fabs(bk->bars[0].w - 30348.0 / 1024 / bk->axis_max * c->plot_w) < 1e-6);
	/* 2000 KiB/s in a MiB/s block: three significant figures */
	assert_string_equal(bk->bars[1].text, "1.95 MiB/s");
	/* blocks in metric-table order, no rewrite/getc block (no data) */
	assert_null(block_of(c, BR_M_rewrite));
	assert_true(block_of(c, BR_M_put_block)->y > bk->y);
	/* the layout fits the width */
	assert_true(c->plot_x + c->plot_w <= c->width);
	assert_true(c->label_x + c->label_w < c->plot_x);

	/* a metric filter drops blocks; random/fileops have no data */
	o.have_metric_filter = true;
	o.metric_filter[BR_M_get_block] = true;
	struct br_chart *c2 = br_chart_build(&set, BR_GROUP_SEQ, -1, &o);
	assert_non_null(c2);
	assert_int_equal(c2->panels[0].nblocks, 1);
	assert_int_equal(c2->panels[0].blocks[0].metric, BR_M_get_block);
	assert_null(br_chart_build(&set, BR_GROUP_RANDOM, -1, &o));
	assert_int_equal(br_chart_first_group(&set, &o), BR_GROUP_SEQ);

	struct br_buf dump = BR_BUF_INIT;
	br_chart_dump(c, &dump);
	assert_non_null(strstr(dump.data, "chart seq \"Sequential throughput\""));
	assert_non_null(strstr(dump.data, "block putc \"Per-char write\" unit MiB/s div 1024 axis 0..30"));
	assert_non_null(strstr(dump.data, "bars 2 hidden 0"));
	br_buf_free(&dump);
	br_chart_free(c2);
	br_chart_free(c);
	br_chart_set_free(&set);
	br_dataset_free(&ds);
}

static void small_values_stay_in_kib(void **state)
{
	(void)state;
	struct br_dataset ds = {0};
	br_recset_add(&ds.records, bpp(NULL, "old", 350, 612, 900));
	struct br_render_opts o = opts();
	struct br_chart_set set;
	br_chart_set_build(&set, &ds, &o);
	struct br_chart *c = br_chart_build(&set, BR_GROUP_SEQ, -1, &o);
	const struct br_chart_block *bk = block_of(c, BR_M_get_block);
	assert_string_equal(bk->disp.name, "KiB/s");
	assert_true(bk->axis_max >= 900 && bk->axis_max <= 1000);
	assert_string_equal(block_of(c, BR_M_putc)->bars[0].text, "350 KiB/s");
	br_chart_free(c);
	br_chart_set_free(&set);
	br_dataset_free(&ds);
}

static void colours_follow_dataset_order(void **state)
{
	(void)state;
	struct br_dataset ds = {0};
	br_recset_add(&ds.records, bpp("zeta", NULL, 100, 100, 100));
	br_recset_add(&ds.records, bpp("alpha", NULL, 300, 300, 300));
	br_recset_add(&ds.records, bpp("mid", NULL, 200, 200, 200));
	struct br_record *h = br_record_new(BR_TOOL_HDPARM);
	br_record_set_label(h, "alpha"); /* another family */
	br_record_set(h, BR_M_buffered_read, 50000, NULL);
	br_recset_add(&ds.records, h);
	struct br_render_opts o = opts();
	struct br_chart_set set;
	br_chart_set_build(&set, &ds, &o);
	size_t col[4];
	for (size_t i = 0; i < set.n; i++) {
		if (set.v[i].family == BR_FAM_HDPARM)
			col[3] = set.v[i].colour;
		else if (strcmp(set.v[i].name, "zeta") == 0)
			col[0] = set.v[i].colour;
		else if (strcmp(set.v[i].name, "alpha") == 0)
			col[1] = set.v[i].colour;
		else
			col[2] = set.v[i].colour;
	}
	assert_int_equal(col[0], 0);
	assert_int_equal(col[1], 1);
	assert_int_equal(col[2], 2);
	assert_int_equal(col[3], 0); /* slots count within a family: hdparm's first */
	br_chart_set_free(&set);

	/* sorting by label changes the order, not the colours */
	o.sort = "label";
	br_chart_set_build(&set, &ds, &o);
	assert_string_equal(set.v[0].name, "alpha");
	for (size_t i = 0; i < set.n; i++)
		if (strcmp(set.v[i].name, "zeta") == 0)
			assert_int_equal(set.v[i].colour, 0);
	br_chart_set_free(&set);

	/* palette: 8 Okabe–Ito colours, then hatched */
	enum br_chart_pattern p;
	assert_int_equal(br_chart_colour(0, &p), 0x0072B2);
	assert_int_equal(p, BR_PAT_SOLID);
	assert_int_equal(br_chart_colour(8, &p), 0x0072B2);
	assert_int_equal(p, BR_PAT_HATCH);
	assert_int_equal(br_chart_colour(17, &p), br_chart_colour(1, NULL));
	assert_int_equal(p, BR_PAT_CROSS);
	for (size_t i = 0; i < 8; i++)
		for (size_t j = i + 1; j < 8; j++)
			assert_true(br_chart_colour(i, NULL) != br_chart_colour(j, NULL));
	br_dataset_free(&ds);
}

static void too_fast_is_not_a_zero_bar(void **state)
{
	(void)state;
	struct br_dataset ds = {0};
	struct br_record *r = br_record_new(BR_TOOL_BONNIEPP);
	br_record_set_host(r, "fast");
	br_record_set(r, BR_M_seq_create, 2140, "2140");
	br_record_set_cpu(r, BR_M_seq_create, 12);
	br_record_set_too_fast(r, BR_M_seq_stat, "+++++");
	br_recset_add(&ds.records, r);
	struct br_render_opts o = opts();
	struct br_chart_set set;
	br_chart_set_build(&set, &ds, &o);
	struct br_chart *c = br_chart_build(&set, BR_GROUP_FILEOPS, -1, &o);
	assert_non_null(c);
	const struct br_chart_block *bk = block_of(c, BR_M_seq_stat);
	assert_string_equal(bk->disp.name, "/s");
	assert_non_null(bk);
	assert_int_equal(bk->nbars, 1);
	assert_true(bk->bars[0].too_fast);
	assert_false(bk->bars[0].has_value);
	assert_true(bk->bars[0].w == 0);
	assert_true(strncmp(bk->bars[0].text, "+++++", 5) == 0);
	assert_non_null(strstr(c->note, "+++++"));
	bk = block_of(c, BR_M_seq_create);
	assert_string_equal(bk->bars[0].text, "2140 /s"); /* as the tables print it */
	assert_string_equal(bk->bars[0].note, "12% cpu");
	br_chart_free(c);
	br_chart_set_free(&set);
	br_dataset_free(&ds);
}

static void latency_is_less_is_better(void **state)
{
	(void)state;
	struct br_dataset ds = {0};
	struct br_record *r = br_record_new(BR_TOOL_BONNIEPP);
	br_record_set_host(r, "lat");
	br_record_set(r, BR_M_put_block_latency, 2500000, NULL); /* 2.5 s */
	br_record_set(r, BR_M_seeks_latency, 48000, NULL);
	br_recset_add(&ds.records, r);
	struct br_render_opts o = opts();
	struct br_chart_set set;
	br_chart_set_build(&set, &ds, &o);
	struct br_chart *c = br_chart_build(&set, BR_GROUP_LATENCY, -1, &o);
	assert_non_null(c);
	assert_int_equal(c->panels[0].better, BR_LOWER);
	assert_non_null(strstr(c->subtitle, "less is better"));
	assert_non_null(strstr(c->panels[0].title, "less is better"));
	/* the axis takes table.h's unit (ms below 10 s), and so do the bar
	 * texts: the unit on the axis is the unit on the bars */
	assert_string_equal(block_of(c, BR_M_put_block_latency)->disp.name, "ms");
	assert_string_equal(block_of(c, BR_M_put_block_latency)->bars[0].text, "2500 ms");
	assert_string_equal(block_of(c, BR_M_seeks_latency)->disp.name, "ms");
	assert_string_equal(block_of(c, BR_M_seeks_latency)->bars[0].text, "48.0 ms");
	br_chart_free(c);
	br_chart_set_free(&set);
	br_dataset_free(&ds);
}

/* Names too wide for their column are cut in the middle; where that left
 * only what every name shares ("Run…sdb" three times for runs 1 to 3 of
 * sdb), the shared head goes instead, and the part that tells the bars
 * apart stays. Names whose difference survives the cut keep it. */
static void cut_names_keep_what_differs(void **state)
{
	(void)state;
	struct br_dataset ds = {0};
	static const char *const names[] = {
		"Shared configuration of the array under test, run 1 of the series, on the sdb drive",
		"Shared configuration of the array under test, run 2 of the series, on the sdb drive",
		"Shared configuration of the array under test, run 3 of the series, on the sdb drive",
	};
	for (int i = 0; i < 3; i++)
		br_recset_add(&ds.records, bpp(names[i], NULL, 1000 + i, 2000 + i, 3000 + i));
	struct br_render_opts o = opts();
	o.width = 640;
	struct br_chart_set set;
	br_chart_set_build(&set, &ds, &o);
	struct br_chart *c = br_chart_build(&set, BR_GROUP_SEQ, -1, &o);
	const struct br_chart_block *bk = block_of(c, BR_M_put_block);
	assert_int_equal(bk->nbars, 3);
	for (int i = 0; i < 3; i++) {
		char want[16];
		snprintf(want, sizeof want, "run %d", i + 1);
		assert_non_null(strstr(bk->bars[i].label, want));
		assert_true(br_chart_text_width(bk->bars[i].label, BR_CHART_FONT, false) <= c->label_w);
		assert_ptr_equal(strstr(bk->bars[i].label, "\xe2\x80\xa6"), bk->bars[i].label); /* "…run 1 …" */
	}
	br_chart_free(c);
	br_chart_set_free(&set);
	br_dataset_free(&ds);
	/* the difference at the end: the middle cut keeps it, and the head */
	memset(&ds, 0, sizeof ds);
	static const char *const tails[] = {
		"Shared configuration of the array under test on the sdb drive, run 1",
		"Shared configuration of the array under test on the sdb drive, run 2",
	};
	for (int i = 0; i < 2; i++)
		br_recset_add(&ds.records, bpp(tails[i], NULL, 1000 + i, 2000 + i, 3000 + i));
	br_chart_set_build(&set, &ds, &o);
	c = br_chart_build(&set, BR_GROUP_SEQ, -1, &o);
	bk = block_of(c, BR_M_put_block);
	assert_int_equal(strncmp(bk->bars[0].label, "Shared", 6), 0);
	assert_non_null(strstr(bk->bars[1].label, "run 2"));
	br_chart_free(c);
	br_chart_set_free(&set);
	br_dataset_free(&ds);
}

/* The legend cuts its names as the bars do: an entry whose name shares a
 * long introduction with others keeps what tells it from them whole
 * ("…/ Crucial M4 128GB", not "I finally put every driv…cial M4 128GB");
 * a short name stays whole. */
static void legend_keeps_what_differs(void **state)
{
	(void)state;
	struct br_dataset ds = {0};
	static const char *const names[] = {
		"Every drive from the spare shelf on one SATA port of the old desktop / Crucial M4 128GB",
		"Every drive from the spare shelf on one SATA port of the old desktop / Samsung 840 Pro 256GB",
		"Every drive from the spare shelf on one SATA port of the old desktop / WD Raptor 74GB",
		"nas1",
	};
	static const char *const own[] = {"Crucial M4 128GB", "Samsung 840 Pro 256GB", "WD Raptor 74GB", "nas1"};
	for (int i = 0; i < 4; i++)
		br_recset_add(&ds.records, bpp(names[i], NULL, 1000 + i, 2000 + i, 3000 + i));
	struct br_render_opts o = opts();
	struct br_chart_set set;
	br_chart_set_build(&set, &ds, &o);
	struct br_chart *c = br_chart_build(&set, BR_GROUP_SEQ, -1, &o);
	assert_int_equal(c->nlegend, 4);
	for (size_t i = 0; i < c->nlegend; i++) {
		const char *l = c->legend[i].label;
		bool found = false;
		for (int k = 0; k < 4; k++)
			found |= strstr(l, own[k]) != NULL;
		if (!found)
			fail_msg("legend entry '%s' lost what differs", l);
		assert_true(br_chart_text_width(l, BR_CHART_FONT, false) <= BR_CHART_LEGEND_LABEL_MAX);
	}
	br_chart_free(c);
	br_chart_set_free(&set);
	br_dataset_free(&ds);
}

static void top_n_keeps_the_best(void **state)
{
	(void)state;
	struct br_dataset ds = {0};
	for (int i = 0; i < 10; i++) {
		char name[16];
		snprintf(name, sizeof name, "run%d", i);
		br_recset_add(&ds.records, bpp(name, NULL, 1000 + i * 100, 5000 - i * 100, -1));
	}
	struct br_render_opts o = opts();
	o.top = 3;
	struct br_chart_set set;
	br_chart_set_build(&set, &ds, &o);
	assert_int_equal(set.n, 10); /* the set keeps every series; charts cut */
	struct br_chart *c = br_chart_build(&set, BR_GROUP_SEQ, -1, &o);
	const struct br_chart_block *bk = block_of(c, BR_M_putc);
	assert_int_equal(bk->nbars, 3);
	assert_int_equal(bk->nhidden, 7);
	/* putc grows with i: run7..run9, in display order */
	assert_string_equal(bk->bars[0].label, "run7");
	assert_string_equal(bk->bars[2].label, "run9");
	bk = block_of(c, BR_M_put_block);
	assert_string_equal(bk->bars[0].label, "run0");
	assert_non_null(strstr(c->note, "--top 3"));
	br_chart_free(c);
	br_chart_set_free(&set);
	br_dataset_free(&ds);
}

static void two_hundred_records_stay_legible(void **state)
{
	(void)state;
	struct br_dataset ds = {0};
	for (int i = 0; i < 200; i++) {
		char name[96];
		snprintf(name, sizeof name, "a rather long configuration label for machine number %d / Try %d", i, i % 3);
		br_recset_add(&ds.records, bpp(name, NULL, 1000 + i, 20000 + 37 * i, 30000 + (i * 7919) % 5000));
	}
	struct br_render_opts o = opts();
	struct br_chart_set set;
	br_chart_set_build(&set, &ds, &o);
	struct br_chart *c = br_chart_build(&set, BR_GROUP_SEQ, -1, &o);
	assert_non_null(c);
	assert_true(c->height <= BR_CHART_MAX_HEIGHT);
	assert_non_null(c->note);
	assert_non_null(strstr(c->note, "hidden"));
	size_t shown = 0;
	double last = -1;
	for (size_t k = 0; k < c->panels[0].nblocks; k++) {
		const struct br_chart_block *bk = &c->panels[0].blocks[k];
		assert_true(bk->nbars >= 10);
		assert_int_equal(bk->nbars + bk->nhidden, 200);
		assert_true(bk->y >= last + c->row - 1e-9 || last < 0);
		last = bk->y;
		for (size_t i = 0; i < bk->nbars; i++) {
			/* rows never overlap and labels fit their column */
			assert_true(bk->bars[i].y >= last + c->row - 1e-9);
			last = bk->bars[i].y;
			assert_true(br_chart_text_width(bk->bars[i].label, BR_CHART_FONT, false) <= c->label_w + 1e-9);
			shown++;
		}
	}
	assert_true(shown > 30);
	/* legend: capped rows, the rest counted */
	assert_true(c->nlegend > 0);
	assert_true(c->legend_more > 0);
	assert_true(c->nlegend + c->legend_more <= 200);
	for (size_t i = 0; i < c->nlegend; i++)
		assert_true(c->legend[i].x + br_chart_text_width(c->legend[i].label, BR_CHART_FONT, false) <= c->width);
	br_chart_free(c);

	/* one metric, 200 bars: still capped */
	o.have_metric_filter = true;
	o.metric_filter[BR_M_put_block] = true;
	c = br_chart_build(&set, BR_GROUP_SEQ, -1, &o);
	assert_true(c->height <= BR_CHART_MAX_HEIGHT);
	assert_true(c->panels[0].blocks[0].nbars > 100);
	/* it renders, within the height */
	struct br_buf png = BR_BUF_INIT;
	assert_int_equal(br_chart_png(c, 1, &png), 0);
	unsigned w, h;
	assert_int_equal(br_png_size(png.data, png.len, &w, &h), 0);
	assert_int_equal(w, BR_CHART_DEFAULT_WIDTH);
	assert_true(h <= BR_CHART_MAX_HEIGHT && h == (unsigned)c->height);
	br_buf_free(&png);
	br_chart_free(c);
	br_chart_set_free(&set);
	br_dataset_free(&ds);
}

static void aggregated_runs_have_whiskers(void **state)
{
	(void)state;
	struct br_dataset ds = {0};
	br_recset_add(&ds.records, bpp("RAID 5 / Try 1", "box", 1000, 20000, 30000));
	br_recset_add(&ds.records, bpp("RAID 5 / Try 2", "box", 1200, 22000, 31000));
	br_recset_add(&ds.records, bpp("RAID 5 / Try 3", "box", 1100, 21000, 29000));
	struct br_render_opts o = opts();
	o.aggregate = true;
	struct br_chart_set set;
	br_chart_set_build(&set, &ds, &o);
	assert_int_equal(set.n, 1);
	assert_int_equal(set.v[0].nrecords, 3);
	struct br_chart *c = br_chart_build(&set, BR_GROUP_SEQ, -1, &o);
	const struct br_chart_block *bk = block_of(c, BR_M_putc);
	assert_int_equal(bk->nbars, 1);
	const struct br_chart_bar *b = &bk->bars[0];
	assert_int_equal(b->n, 3);
	double div = bk->disp.div;
	assert_true(fabs(b->value - 1100 / div) < 1e-9);
	assert_true(fabs(b->min - 1000 / div) < 1e-9);
	assert_true(fabs(b->max - 1200 / div) < 1e-9);
	assert_non_null(strstr(b->note, "n=3"));
	assert_non_null(strstr(c->subtitle, "3 runs"));
	assert_non_null(strstr(c->note, "whisker"));
	/* the axis covers the whisker, not just the mean */
	assert_true(bk->axis_max >= 1200 / div);
	assert_true(block_of(c, BR_M_get_block)->axis_max >= 31000 / block_of(c, BR_M_get_block)->disp.div);
	br_chart_free(c);
	br_chart_set_free(&set);
	br_dataset_free(&ds);
}

/* Twenty records whose putc zig-zags, so that dataset order is not value
 * order: m00 1000, m01 1010, m02 980, m03 1030, … */
static void zigzag(struct br_dataset *ds, int n)
{
	for (int i = 0; i < n; i++) {
		char name[16];
		snprintf(name, sizeof name, "m%02d", i);
		br_recset_add(&ds->records, bpp(name, NULL, 1000 + (i % 2 ? 1 : -1) * i * 10, 5000, -1));
	}
}

static void many_bars_keep_input_order(void **state)
{
	(void)state;
	struct br_dataset ds = {0};
	zigzag(&ds, 20);
	struct br_render_opts o = opts();
	struct br_chart_set set;
	br_chart_set_build(&set, &ds, &o);
	struct br_chart *c = br_chart_build(&set, BR_GROUP_SEQ, -1, &o);
	const struct br_chart_block *bk = block_of(c, BR_M_putc);
	assert_int_equal(bk->nbars, 20);
	for (size_t i = 0; i < bk->nbars; i++) {
		char name[32];
		snprintf(name, sizeof name, "m%02zu", i);
		assert_string_equal(bk->bars[i].label, name);
	}
	assert_null(strstr(c->subtitle, "best first"));
	br_chart_free(c);
	br_chart_set_free(&set);

	/* --sort by the metric: best first, in every block the same rows */
	o.sort = "putc";
	br_chart_set_build(&set, &ds, &o);
	c = br_chart_build(&set, BR_GROUP_SEQ, -1, &o);
	bk = block_of(c, BR_M_putc);
	assert_string_equal(bk->bars[0].label, "m19");
	for (size_t i = 1; i < bk->nbars; i++)
		assert_true(bk->bars[i - 1].value >= bk->bars[i].value);
	assert_string_equal(block_of(c, BR_M_put_block)->bars[0].label, "m19");
	br_chart_free(c);
	br_chart_set_free(&set);
	br_dataset_free(&ds);
}

/* The report's cap: the best N of each metric, in input order, and a tag
 * that sends the reader to the table for the rest. */
static void capped_blocks_keep_the_best_in_order(void **state)
{
	(void)state;
	struct br_dataset ds = {0};
	zigzag(&ds, 40);
	struct br_render_opts o = opts();
	struct br_chart_set set;
	br_chart_set_build(&set, &ds, &o);
	struct br_chart *c = br_chart_build_capped(&set, BR_GROUP_SEQ, -1, &o, 5);
	const struct br_chart_block *bk = block_of(c, BR_M_putc);
	assert_int_equal(bk->nbars, 5);
	assert_int_equal(bk->nhidden, 35);
	/* the five best putc figures are m39, m37, m35, m33, m31: drawn in
	 * input order */
	assert_string_equal(bk->bars[0].label, "m31");
	assert_string_equal(bk->bars[4].label, "m39");
	for (size_t i = 1; i < bk->nbars; i++)
		assert_true(bk->bars[i - 1].series < bk->bars[i].series);
	assert_non_null(bk->tag);
	assert_non_null(strstr(bk->tag, "best 5 of 40"));
	assert_non_null(strstr(bk->tag, "35 more in the table"));
	assert_non_null(strstr(c->note, "At most 5 bars per metric"));
	/* among many charts of a report: compact rows, no legend */
	assert_int_equal(c->nlegend, 0);
	assert_true(c->row == BR_CHART_ROW_COMPACT);
	br_chart_free(c);
	/* --top below the cap wins, and says so */
	o.top = 3;
	c = br_chart_build_capped(&set, BR_GROUP_SEQ, -1, &o, 5);
	assert_int_equal(block_of(c, BR_M_putc)->nbars, 3);
	assert_non_null(strstr(c->note, "--top 3"));
	br_chart_free(c);
	br_chart_set_free(&set);
	br_dataset_free(&ds);
}

/* A set that holds only each metric's shortlist (the report's: a double
 * a series and metric is 19 MB at 100,000 results) draws the same capped
 * chart as one holding every rank: ties broken by series order, too-fast
 * figures first, --top below the cap, and a cap past the shortlist. */
static void shortlists_draw_what_every_rank_draws(void **state)
{
	(void)state;
	struct br_dataset ds = {0};
	for (int i = 0; i < 300; i++) {
		char name[16];
		snprintf(name, sizeof name, "h%03d", i);
		/* few distinct values: many ties */
		struct br_record *r = bpp(NULL, name, 1000 + (i * 37) % 7 * 10, 40000 + (i * 11) % 5, -1);
		if (i % 29 == 3)
			br_record_set_too_fast(r, BR_M_get_block, "+++++");
		else
			br_record_set(r, BR_M_get_block, 90000 - (i * 13) % 17, NULL);
		br_recset_add(&ds.records, r);
	}
	struct br_render_opts o = opts();
	struct br_cmp *cmp = br_cmp_build(&ds, &o);
	const size_t caps[] = {5, 25, 25, 40};
	const size_t tops[] = {0, 0, 3, 0};
	for (size_t k = 0; k < 4; k++) {
		o.top = tops[k];
		struct br_chart_set all, few;
		br_chart_set_from_cmp(&all, cmp, &ds.records, 0);
		br_chart_set_from_cmp(&few, cmp, &ds.records, 25);
		assert_null(few.rank[BR_M_putc]);
		assert_int_equal(few.nbest[BR_M_putc], 25);
		assert_int_equal(few.nwith[BR_M_get_block], 300);
		struct br_chart *a = br_chart_build_capped(&all, BR_GROUP_SEQ, -1, &o, caps[k]);
		struct br_chart *b = br_chart_build_capped(&few, BR_GROUP_SEQ, -1, &o, caps[k]);
		struct br_buf da = BR_BUF_INIT, db = BR_BUF_INIT;
		br_chart_dump(a, &da);
		br_chart_dump(b, &db);
		assert_string_equal(br_buf_str(&da), br_buf_str(&db));
		assert_int_equal(block_of(b, BR_M_putc)->nbars, tops[k] ? tops[k] : caps[k]);
		br_buf_free(&da);
		br_buf_free(&db);
		br_chart_free(a);
		br_chart_free(b);
		br_chart_set_free(&all);
		br_chart_set_free(&few);
	}
	br_cmp_free(cmp);
	br_dataset_free(&ds);
}

/* A narrow chart (phones): each label on a line of its own above its bar,
 * the plot the whole width, no legend; text sizes unchanged. */
static void narrow_charts_stack_labels_over_bars(void **state)
{
	(void)state;
	struct br_dataset ds = {0};
	br_recset_add(&ds.records, bpp("a rather long label for the first machine of the test", "h1", 1000, 20000, 30000));
	br_recset_add(&ds.records, bpp("second", "h2", 1200, 22000, 31000));
	br_recset_add(&ds.records, bpp("third", "h3", 900, 21000, 29000));
	struct br_render_opts o = opts();
	o.width = 340;
	struct br_chart_set set;
	br_chart_set_build(&set, &ds, &o);
	struct br_chart *c = br_chart_build(&set, BR_GROUP_SEQ, -1, &o);
	assert_non_null(c);
	assert_true(c->stacked);
	assert_true(c->width == 340);
	assert_int_equal(c->nlegend, 0);
	assert_true(c->plot_x == c->label_x);
	assert_true(c->plot_w > 340 * 0.45);
	for (size_t p = 0; p < c->npanels; p++) {
		assert_true(br_chart_text_width(c->panels[p].title, 12.5, true) <= c->width - 32);
		for (size_t k = 0; k < c->panels[p].nblocks; k++) {
			const struct br_chart_block *bk = &c->panels[p].blocks[k];
			double last = bk->axis_y0;
			for (size_t i = 0; i < bk->nbars; i++) {
				const struct br_chart_bar *b = &bk->bars[i];
				/* room for the label line between one bar and the next */
				assert_true(b->y - last >= 13 - 1e-9);
				last = b->y + c->row;
				assert_true(br_chart_text_width(b->label, BR_CHART_FONT, false) <= c->label_w + 1e-9);
				assert_true(c->plot_x + b->w <= c->width);
			}
		}
	}
	struct br_buf png = BR_BUF_INIT;
	assert_int_equal(br_chart_png(c, 1, &png), 0);
	unsigned w, h;
	assert_int_equal(br_png_size(png.data, png.len, &w, &h), 0);
	assert_int_equal(w, 340);
	br_buf_free(&png);
	br_chart_free(c);
	/* wide charts keep labels beside the bars */
	o.width = 0;
	c = br_chart_build(&set, BR_GROUP_SEQ, -1, &o);
	assert_false(c->stacked);
	assert_true(c->plot_x > c->label_x + c->label_w);
	br_chart_free(c);
	br_chart_set_free(&set);
	br_dataset_free(&ds);
}

static void many_too_fast_collapse_into_one_line(void **state)
{
	(void)state;
	struct br_dataset ds = {0};
	for (int i = 0; i < 8; i++) {
		char host[16];
		snprintf(host, sizeof host, "host%d", i);
		struct br_record *r = br_record_new(BR_TOOL_BONNIEPP);
		br_record_set_host(r, host);
		if (i < 5) {
			br_record_set_too_fast(r, BR_M_seq_stat, "+++++");
			br_record_set_too_fast(r, BR_M_ran_stat, "+++++");
		} else {
			br_record_set(r, BR_M_seq_stat, 1000.0 * i, NULL);
			br_record_set_too_fast(r, BR_M_ran_stat, "+++++");
		}
		br_recset_add(&ds.records, r);
	}
	struct br_render_opts o = opts();
	struct br_chart_set set;
	br_chart_set_build(&set, &ds, &o);
	struct br_chart *c = br_chart_build(&set, BR_GROUP_FILEOPS, -1, &o);
	const struct br_chart_block *bk = block_of(c, BR_M_seq_stat);
	assert_int_equal(bk->nfast, 5);
	assert_int_equal(bk->nbars, 3);
	assert_true(bk->has_axis);
	assert_non_null(strstr(bk->fast_text, "too fast to measure (5)"));
	assert_non_null(strstr(bk->fast_text, "host0"));
	assert_non_null(strstr(bk->fast_text, "host4"));
	assert_null(strstr(bk->fast_text, "host5"));
	/* under the bars, clear of the grid */
	assert_true(bk->fast_y >= bk->axis_y1);
	/* all too fast: one sentence, no axis */
	bk = block_of(c, BR_M_ran_stat);
	assert_int_equal(bk->nbars, 0);
	assert_int_equal(bk->nfast, 8);
	assert_false(bk->has_axis);
	assert_non_null(strstr(bk->fast_text, "all 8 results were too fast"));
	br_chart_free(c);
	br_chart_set_free(&set);
	br_dataset_free(&ds);
}

static void wide_latency_ranges_use_a_log_scale(void **state)
{
	(void)state;
	struct br_dataset ds = {0};
	const double lat[] = {207, 5650, 554000, 12200000}; /* 207 us … 12.2 s */
	for (int i = 0; i < 4; i++) {
		char host[16];
		snprintf(host, sizeof host, "h%d", i);
		struct br_record *r = br_record_new(BR_TOOL_BONNIEPP);
		br_record_set_host(r, host);
		br_record_set(r, BR_M_put_block_latency, lat[i], NULL);
		br_record_set(r, BR_M_getc_latency, 4000 + 1000 * i, NULL); /* narrow: linear */
		br_recset_add(&ds.records, r);
	}
	struct br_render_opts o = opts();
	struct br_chart_set set;
	br_chart_set_build(&set, &ds, &o);
	struct br_chart *c = br_chart_build(&set, BR_GROUP_LATENCY, -1, &o);
	const struct br_chart_block *bk = block_of(c, BR_M_put_block_latency);
	assert_true(bk->log);
	assert_non_null(strstr(bk->tag, "log scale"));
	assert_non_null(strstr(c->note, "log scale"));
	/* decades around the data, a tick per decade */
	double div = bk->disp.div;
	assert_true(bk->axis_min * div <= 207 && bk->axis_min * div * 10 > 207);
	assert_true(bk->axis_max * div >= 12200000 && bk->axis_max * div / 10 < 12200000);
	assert_int_equal(bk->nticks, (size_t)llround(log10(bk->axis_max / bk->axis_min)) + 1);
	/* the bars keep their order and every one has length */
	for (size_t i = 0; i < bk->nbars; i++) {
		assert_true(bk->bars[i].w > 0);
		if (i)
			assert_true(bk->bars[i].w > bk->bars[i - 1].w);
	}
	/* every text in the axis' unit, the one that prints both ends in the
	 * fewest characters (207 us to 12.2 s: ms), two significant digits
	 * below 1 */
	assert_string_equal(bk->disp.name, "ms");
	assert_string_equal(bk->bars[0].text, "0.21 ms");
	assert_string_equal(bk->bars[1].text, "5.65 ms");
	assert_string_equal(bk->bars[3].text, "12200 ms");
	/* equal steps for equal ratios */
	double d1 = br_chart_axis_pos(bk, 10, 1000) - br_chart_axis_pos(bk, 1, 1000);
	double d2 = br_chart_axis_pos(bk, 100, 1000) - br_chart_axis_pos(bk, 10, 1000);
	assert_true(fabs(d1 - d2) < 1e-9 && d1 > 0);
	assert_false(block_of(c, BR_M_getc_latency)->log);
	br_chart_free(c);
	br_chart_set_free(&set);
	br_dataset_free(&ds);
}

struct texts {
	int count;
	char found[4][128];
};

static void collect_text(const char *k, const char *t, void *ctx)
{
	struct texts *tx = ctx;
	if (tx->count < 4)
		snprintf(tx->found[tx->count], sizeof tx->found[0], "%s=%s", k, t);
	tx->count++;
}

static void png_text_chunks_read_back(void **state)
{
	(void)state;
	struct br_dataset ds = {0};
	br_recset_add(&ds.records, bpp(NULL, "moudry.com", 30348, 35023, 44790));
	struct br_render_opts o = opts();
	o.width = 640;
	struct br_chart_set set;
	br_chart_set_build(&set, &ds, &o);
	struct br_chart *c = br_chart_build(&set, BR_GROUP_SEQ, -1, &o);
	struct br_buf png = BR_BUF_INIT;
	assert_int_equal(br_chart_png(c, 2, &png), 0);
	unsigned w, h;
	assert_int_equal(br_png_size(png.data, png.len, &w, &h), 0);
	assert_int_equal(w, 1280); /* --scale 2 */
	assert_int_equal(h, (unsigned)ceil(c->height * 2));
	size_t before = png.len;
	assert_int_equal(br_png_add_text(&png, "Software", "benchreport 1.2.3"), 0);
	assert_int_equal(br_png_add_text(&png, "Description", "benchreport caf\xc3\xa9.txt -o x.png"), 0);
	assert_true(png.len > before + 40);
	struct texts tx = {0};
	assert_int_equal(br_png_read_text(png.data, png.len, collect_text, &tx), 0);
	assert_int_equal(tx.count, 2);
	/* inserted right after IHDR: the last one added comes first */
	assert_string_equal(tx.found[0], "Description=benchreport caf\xc3\xa9.txt -o x.png");
	assert_string_equal(tx.found[1], "Software=benchreport 1.2.3");
	assert_int_equal(memcmp(png.data + 33 + 4, "iTXt", 4), 0);
	/* still the same image */
	assert_int_equal(br_png_size(png.data, png.len, &w, &h), 0);
	assert_int_equal(w, 1280);
	/* a flipped byte is caught by the CRC */
	png.data[33 + 12] ^= 1;
	assert_int_equal(br_png_read_text(png.data, png.len, collect_text, &tx), -1);
	/* bad keyword, not a PNG */
	assert_int_equal(br_png_add_text(&png, "", "x"), -1);
	assert_int_equal(br_png_add_text(&png, "a\tb", "x"), -1);
	struct br_buf junk = BR_BUF_INIT;
	br_buf_adds(&junk, "GIF89a not a png at all, clearly not");
	assert_int_equal(br_png_add_text(&junk, "Software", "x"), -1);
	assert_int_equal(br_png_size(junk.data, junk.len, &w, &h), -1);
	br_buf_free(&junk);
	br_buf_free(&png);
	br_chart_free(c);
	br_chart_set_free(&set);
	br_dataset_free(&ds);
}

static void svg_parses_and_ids_are_prefixed(void **state)
{
	(void)state;
	struct br_dataset ds = {0};
	br_recset_add(&ds.records, bpp("<b>bold</b> & co", "h", 30348, 35023, 44790));
	struct br_render_opts o = opts();
	struct br_chart_set set;
	br_chart_set_build(&set, &ds, &o);
	struct br_chart *c = br_chart_build(&set, BR_GROUP_SEQ, -1, &o);
	struct br_buf svg = BR_BUF_INIT;
	assert_int_equal(br_chart_svg(c, &svg), 0);
	assert_non_null(strstr(svg.data, "<svg"));
	xmlDocPtr plain = xmlReadMemory(svg.data, (int)svg.len, "x.svg", NULL, XML_PARSE_NONET);
	assert_non_null(plain);
	xmlFreeDoc(plain);
	br_buf_free(&svg);

	xmlDocPtr doc = br_chart_svg_doc(c, "c7-", "made by <tests>");
	assert_non_null(doc);
	xmlChar *mem = NULL;
	int size = 0;
	xmlDocDumpMemory(doc, &mem, &size);
	const char *s = (const char *)mem;
	assert_non_null(strstr(s, "<title>Sequential throughput"));
	assert_non_null(strstr(s, "<desc>made by &lt;tests&gt;</desc>"));
	/* every id and every reference carries the prefix */
	for (const char *p = s; (p = strstr(p, " id=\"")) != NULL; p += 5)
		assert_true(strncmp(p + 5, "c7-", 3) == 0);
	for (const char *p = s; (p = strstr(p, "href=\"#")) != NULL; p += 7)
		assert_true(strncmp(p + 7, "c7-", 3) == 0);
	for (const char *p = s; (p = strstr(p, "url(#")) != NULL; p += 5)
		assert_true(strncmp(p + 5, "c7-", 3) == 0);
	/* texts are real <text> elements (no glyph outlines), input escaped by
	 * the tree: the label, the title, a value */
	assert_null(strstr(s, "glyph"));
	assert_non_null(strstr(s, "\">&lt;b&gt;bold&lt;/b&gt; &amp; co"));
	assert_null(strstr(s, "<b>bold"));
	assert_non_null(strstr(s, "font-weight=\"bold\">Sequential throughput</text>"));
	assert_non_null(strstr(s, "text-anchor=\"end\""));
	assert_non_null(strstr(s, "xml:space=\"preserve\""));
	xmlFree(mem);
	xmlFreeDoc(doc);
	br_chart_free(c);
	br_chart_set_free(&set);
	br_dataset_free(&ds);
}

static size_t count(const char *s, const char *what)
{
	size_t n = 0;
	for (const char *p = s; (p = strstr(p, what)) != NULL; p += strlen(what))
		n++;
	return n;
}

/* A hatched bar is one dashed line per direction, however long the bar
 * (not a line per stripe): series 8-15 are hatched, 16-19 cross-hatched. */
static void hatching_is_one_line_per_bar(void **state)
{
	(void)state;
	struct br_dataset ds = {0};
	zigzag(&ds, 20);
	struct br_render_opts o = opts();
	struct br_chart_set set;
	br_chart_set_build(&set, &ds, &o);
	struct br_chart *c = br_chart_build(&set, BR_GROUP_SEQ, -1, &o);
	size_t lines = 0; /* hatch lines: a bar and a legend swatch each */
	for (size_t s = 0; s < set.n; s++) {
		enum br_chart_pattern pat;
		br_chart_colour(set.v[s].colour, &pat);
		lines += pat == BR_PAT_CROSS ? 2 : pat != BR_PAT_SOLID;
	}
	assert_int_equal(lines, 8 + 4 * 2);
	size_t drawn = 0;
	for (size_t i = 0; i < c->nlegend; i++) {
		enum br_chart_pattern pat;
		br_chart_colour(set.v[c->legend[i].series].colour, &pat);
		drawn += pat == BR_PAT_CROSS ? 2 : pat != BR_PAT_SOLID;
	}
	drawn += 2 * lines; /* two blocks (putc, put_block) of every bar */
	struct br_buf svg = BR_BUF_INIT;
	assert_int_equal(br_chart_svg(c, &svg), 0);
	assert_int_equal(count(svg.data, "stroke-dasharray:2,3"), drawn);
	/* each a single segment: two coordinates, however long the bar */
	for (const char *p = svg.data; (p = strstr(p, "stroke-dasharray:2,3")) != NULL; p++) {
		const char *d = strstr(p, " d=\"");
		assert_non_null(d);
		const char *e = strchr(d + 4, '"');
		size_t moves = 0, segs = 0;
		for (const char *q = d + 4; q < e; q++) {
			moves += *q == 'M';
			segs += *q == 'L';
		}
		assert_int_equal(moves, 1);
		assert_int_equal(segs, 1);
		assert_non_null(strstr(e, "transform=\"matrix(1,0,"));
	}
	br_buf_free(&svg);
	br_chart_free(c);
	br_chart_set_free(&set);
	br_dataset_free(&ds);
}

static void empty_and_narrow(void **state)
{
	(void)state;
	struct br_dataset ds = {0};
	struct br_render_opts o = opts();
	struct br_chart_set set;
	br_chart_set_build(&set, &ds, &o);
	assert_int_equal(set.n, 0);
	assert_int_equal(br_chart_first_group(&set, &o), -1);
	assert_null(br_chart_build(&set, BR_GROUP_SEQ, -1, &o));
	br_chart_set_free(&set);

	br_recset_add(&ds.records, bpp("a label far too long for a two hundred pixel chart, really", "h", 1, 2, 3));
	o.width = 200;
	br_chart_set_build(&set, &ds, &o);
	struct br_chart *c = br_chart_build(&set, BR_GROUP_SEQ, -1, &o);
	assert_non_null(c);
	assert_true(c->width == 200);
	assert_true(c->plot_w > 0 && c->plot_x + c->plot_w <= 200);
	struct br_buf png = BR_BUF_INIT;
	assert_int_equal(br_chart_png(c, 0.5, &png), 0);
	unsigned w, h;
	assert_int_equal(br_png_size(png.data, png.len, &w, &h), 0);
	assert_int_equal(w, 100);
	br_buf_free(&png);
	br_chart_free(c);
	br_chart_set_free(&set);
	br_dataset_free(&ds);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(ticks_are_nice),
		cmocka_unit_test(numbers_are_grouped),
		cmocka_unit_test(labels_are_elided_in_the_middle),
		cmocka_unit_test(units_values_and_texts),
		cmocka_unit_test(small_values_stay_in_kib),
		cmocka_unit_test(colours_follow_dataset_order),
		cmocka_unit_test(too_fast_is_not_a_zero_bar),
		cmocka_unit_test(latency_is_less_is_better),
		cmocka_unit_test(top_n_keeps_the_best),
		cmocka_unit_test(cut_names_keep_what_differs),
		cmocka_unit_test(legend_keeps_what_differs),
		cmocka_unit_test(two_hundred_records_stay_legible),
		cmocka_unit_test(aggregated_runs_have_whiskers),
		cmocka_unit_test(many_bars_keep_input_order),
		cmocka_unit_test(capped_blocks_keep_the_best_in_order),
		cmocka_unit_test(shortlists_draw_what_every_rank_draws),
		cmocka_unit_test(narrow_charts_stack_labels_over_bars),
		cmocka_unit_test(many_too_fast_collapse_into_one_line),
		cmocka_unit_test(wide_latency_ranges_use_a_log_scale),
		cmocka_unit_test(png_text_chunks_read_back),
		cmocka_unit_test(svg_parses_and_ids_are_prefixed),
		cmocka_unit_test(hatching_is_one_line_per_bar),
		cmocka_unit_test(empty_and_narrow),
	};
	int rc = cmocka_run_group_tests(tests, NULL, NULL);
	br_chart_cleanup();
	xmlCleanupParser();
	return rc;
}
