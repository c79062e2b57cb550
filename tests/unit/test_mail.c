/* Unit tests: mail-ready output. The palette quantiser and PNG encoder of
 * render/png.c (exact up to 256 colours, at most 256 entries beyond, the
 * frequent colours kept; the PNG read back by cairo's libpng reader, pixel
 * for pixel), whole-word name shortening (model/tablefmt.c), one printed form per
 * figure, and --provenance. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <cairo.h>

#include "chart.h"
#include "tablefmt.h"
#include "render.h"

/* ------------------------------------------------------------ palette */

static size_t distinct(const uint32_t *px, size_t n)
{
	size_t k = 0;
	uint32_t *seen = malloc(n * sizeof *seen);
	for (size_t i = 0; i < n; i++) {
		size_t j = 0;
		while (j < k && seen[j] != (px[i] & 0xffffff))
			j++;
		if (j == k)
			seen[k++] = px[i] & 0xffffff;
	}
	free(seen);
	return k;
}

static void few_colours_are_exact(void **state)
{
	(void)state;
	enum { W = 37, H = 23 };
	uint32_t px[W * H];
	/* 200 colours, the top byte junk (cairo's RGB24 leaves it undefined) */
	for (size_t i = 0; i < W * H; i++)
		px[i] = (uint32_t)(0xab000000u | ((i % 200) * 0x010307u));
	uint32_t pal[256];
	unsigned char idx[W * H];
	bool exact = false;
	size_t n = br_png_quantise(px, W, H, W, 256, pal, idx, &exact);
	assert_int_equal(n, distinct(px, W * H));
	assert_int_equal(n, 200);
	assert_true(exact);
	for (size_t i = 0; i < W * H; i++)
		assert_int_equal(pal[idx[i]], px[i] & 0xffffff);
	/* a stride wider than the row: the padding is not read */
	uint32_t wide[4 * 2] = {1, 2, 0xdead, 0xbeef, 3, 1, 0xfeed, 0xf00d};
	unsigned char i2[3 * 2];
	n = br_png_quantise(wide, 2, 2, 4, 256, pal, i2, &exact);
	assert_int_equal(n, 3);
	assert_true(exact);
}

static void many_colours_fit_the_palette(void **state)
{
	(void)state;
	/* a chart-like image: white, two flat bar colours, and an antialiased
	 * ramp of 4000 further colours on few pixels each */
	enum { W = 400, H = 100 };
	uint32_t *px = malloc(W * H * sizeof *px);
	for (size_t y = 0; y < H; y++)
		for (size_t x = 0; x < W; x++)
			px[y * W + x] = x < 150 ? 0xffffff : x < 250 ? 0x0072b2 : 0xe69f00;
	for (size_t i = 0; i < 4000; i++)
		px[(i / W) * W + (i % W) + 40 * W] = (uint32_t)(i * 4099u) & 0xffffff;
	size_t total = distinct(px, W * H);
	assert_true(total > 256);
	uint32_t pal[256];
	unsigned char *idx = malloc(W * H);
	bool exact = true;
	size_t n = br_png_quantise(px, W, H, W, 256, pal, idx, &exact);
	assert_false(exact);
	assert_true(n <= 256 && n > 16);
	/* the flat colours keep their own entry: every pixel of them exact */
	for (size_t y = 50; y < H; y++)
		for (size_t x = 0; x < W; x++)
			assert_int_equal(pal[idx[y * W + x]], px[y * W + x]);
	/* a smaller palette is honoured */
	n = br_png_quantise(px, W, H, W, 16, pal, idx, &exact);
	assert_true(n <= 16);
	assert_int_equal(pal[idx[60 * W + 200]], 0x0072b2);
	free(px);
	free(idx);
}

struct reader {
	const unsigned char *p;
	size_t n, at;
};

static cairo_status_t read_buf(void *closure, unsigned char *data, unsigned int len)
{
	struct reader *r = closure;
	if (r->n - r->at < len)
		return CAIRO_STATUS_READ_ERROR;
	memcpy(data, r->p + r->at, len);
	r->at += len;
	return CAIRO_STATUS_SUCCESS;
}

/* Encode, read back with cairo (libpng), compare every pixel. */
static void round_trip(const uint32_t *px, unsigned w, unsigned h, int want_depth)
{
	struct br_buf png = BR_BUF_INIT;
	assert_int_equal(br_png_encode_rgb(px, w, h, w, &png), 0);
	unsigned pw, ph;
	assert_int_equal(br_png_size(png.data, png.len, &pw, &ph), 0);
	assert_int_equal(pw, w);
	assert_int_equal(ph, h);
	assert_int_equal((unsigned char)png.data[24], want_depth); /* IHDR bit depth */
	assert_int_equal((unsigned char)png.data[25], 3);          /* indexed colour */
	struct reader rd = {(const unsigned char *)png.data, png.len, 0};
	cairo_surface_t *s = cairo_image_surface_create_from_png_stream(read_buf, &rd);
	assert_int_equal(cairo_surface_status(s), CAIRO_STATUS_SUCCESS);
	cairo_surface_flush(s);
	const unsigned char *data = cairo_image_surface_get_data(s);
	int stride = cairo_image_surface_get_stride(s);
	for (unsigned y = 0; y < h; y++)
		for (unsigned x = 0; x < w; x++) {
			uint32_t got = ((const uint32_t *)(const void *)(data + (size_t)y * (size_t)stride))[x];
			assert_int_equal(got & 0xffffff, px[y * w + x] & 0xffffff);
		}
	cairo_surface_destroy(s);
	/* text chunks still go in after IHDR and read back */
	assert_int_equal(br_png_add_text(&png, "Software", "benchreport test"), 0);
	br_buf_free(&png);
}

static void encoder_round_trips(void **state)
{
	(void)state;
	uint32_t two[5 * 3], eight[13 * 7], many[300 * 2];
	for (size_t i = 0; i < 15; i++)
		two[i] = i % 3 ? 0xffffff : 0x1f2328;
	round_trip(two, 5, 3, 1);
	for (size_t i = 0; i < 13 * 7; i++)
		eight[i] = (uint32_t)(i % 8) * 0x111111u;
	round_trip(eight, 13, 7, 4);
	for (size_t i = 0; i < 600; i++)
		many[i] = (uint32_t)(i % 250) * 0x010101u + (i % 2 ? 0x100000 : 0);
	round_trip(many, 300, 2, 8);
	struct br_buf png = BR_BUF_INIT;
	assert_int_equal(br_png_encode_rgb(many, 0, 2, 300, &png), -1);
	br_buf_free(&png);
}

/* ------------------------------------------------------------ names */

static size_t cols(const char *s)
{
	size_t n = 0;
	for (; *s; s++)
		n += ((unsigned char)*s & 0xc0) != 0x80;
	return n;
}

/* Every word of the shortened name (without its "…") is a whole word of
 * the name: it starts the name or follows a blank, and ends it or is
 * followed by a blank or punctuation that was dropped. */
static void assert_whole_words(const char *full, const char *shortened)
{
	const char *e = strstr(shortened, "\xe2\x80\xa6");
	assert_non_null(e);
	size_t head = (size_t)(e - shortened);
	assert_true(head > 0);
	assert_memory_equal(full, shortened, head);
	char next = full[head];
	assert_true(next == ' ' || next == ',' || next == ';' || next == ':' || next == '/' || next == '-');
}

static void names_shorten_at_whole_words(void **state)
{
	(void)state;
	const char *n = "The file server was run with -f, so the per-character tests are empty / servername01";
	for (size_t w = 20; w < 80; w++) {
		char *s = br_cmp_shorten_name(n, w);
		assert_non_null(s);
		assert_true(cols(s) <= w);
		assert_whole_words(n, s);
		/* the host stays when there is room for a head beside it */
		if (w >= 14 + BR_CMP_HEAD_MIN)
			assert_non_null(strstr(s, " / servername01"));
		free(s);
	}
	char *s = br_cmp_shorten_name(n, 40);
	assert_string_equal(s, "The file server was run\xe2\x80\xa6 / servername01");
	free(s);
	/* the comma before the cut is not left dangling */
	s = br_cmp_shorten_name(n, 30);
	assert_string_equal(s, "The file\xe2\x80\xa6 / servername01");
	free(s);
	/* the last two segments (run and host) when they leave a head */
	s = br_cmp_shorten_name("Configuration number one of many / Try 1 / test1", 34);
	assert_string_equal(s, "Configuration\xe2\x80\xa6 / Try 1 / test1");
	free(s);
	/* fits: a copy */
	s = br_cmp_shorten_name("short / host", 20);
	assert_string_equal(s, "short / host");
	free(s);
	/* not even one word fits: NULL, never a cut word */
	assert_null(br_cmp_shorten_name("corpus/bonnie-hard-wrapped-rows.txt:7", 24));
	assert_null(br_cmp_shorten_name("Supercalifragilistic words", 10));
	/* UTF-8 counts code points */
	s = br_cmp_shorten_name("caf\xc3\xa9 caf\xc3\xa9 caf\xc3\xa9 caf\xc3\xa9", 10);
	assert_string_equal(s, "caf\xc3\xa9 caf\xc3\xa9\xe2\x80\xa6");
	free(s);
}

/* Random names of words, blanks, " / " segments, punctuation and UTF-8:
 * the result always fits, and is whole words of the name or NULL. */
static void shortening_never_cuts_a_word(void **state)
{
	(void)state;
	static const char *const parts[] = {"disk", " ", " / ", ",", "raid10-4-P2", "caf\xc3\xa9", "x",
					    "-", "verylongwordwithoutanyblank", "  ", ":", "/"};
	uint32_t seed = 12345;
	for (int round = 0; round < 20000; round++) {
		char name[256] = "";
		int nparts = 1 + (int)((seed = seed * 1103515245u + 12345u) >> 16) % 14;
		for (int i = 0; i < nparts; i++) {
			seed = seed * 1103515245u + 12345u;
			const char *p = parts[(seed >> 16) % (sizeof parts / sizeof parts[0])];
			if (strlen(name) + strlen(p) < sizeof name)
				strcat(name, p);
		}
		seed = seed * 1103515245u + 12345u;
		size_t w = 2 + (seed >> 16) % 60;
		char *s = br_cmp_shorten_name(name, w);
		if (!s)
			continue;
		assert_true(cols(s) <= w || strcmp(s, name) == 0);
		if (strcmp(s, name) == 0) {
			assert_true(cols(name) <= w);
		} else {
			const char *e = strstr(s, "\xe2\x80\xa6");
			assert_non_null(e);
			size_t head = (size_t)(e - s);
			assert_true(head > 0 && s[head - 1] != ' ');
			assert_memory_equal(name, s, head);
			/* the head ends where a word of the name ends */
			assert_non_null(strchr(" ,;:/-", name[head]));
			/* what follows the ellipsis is the name's own end */
			const char *tail = e + 3;
			assert_true(strlen(tail) <= strlen(name) - head);
			assert_string_equal(name + strlen(name) - strlen(tail), tail);
		}
		free(s);
	}
}

static void names_shortened_alike_get_marks(void **state)
{
	(void)state;
	char *full[4] = {"Local disks for comparison / Fujitsu M2934SAU, 4G narrow SCSI",
			 "Local disks for comparison / Seagate Barracuda UW in the office Dell",
			 "Local disks for comparison / Fujitsu M2934SAU, 4G narrow SCSI", "short"};
	char *shown[4];
	bool cut[4] = {true, true, true, false};
	for (int i = 0; i < 3; i++) {
		shown[i] = br_cmp_shorten_name(full[i], 24);
		assert_string_equal(shown[i], "Local disks for\xe2\x80\xa6");
	}
	shown[3] = strdup("short");
	size_t marks = 1; /* a "[1]" given before */
	br_cmp_mark_clashes(shown, cut, full, 4, 24, &marks);
	assert_string_equal(shown[0], "Local disks for\xe2\x80\xa6 [2]");
	assert_string_equal(shown[1], "Local disks for\xe2\x80\xa6 [3]");
	assert_string_equal(shown[2], "Local disks for\xe2\x80\xa6 [2]"); /* the same name, the same mark */
	assert_string_equal(shown[3], "short");
	assert_int_equal(marks, 3);
	for (int i = 0; i < 4; i++)
		assert_true(cols(shown[i]) <= 24);
	for (int i = 0; i < 4; i++)
		free(shown[i]);
}

/* ------------------------------------------------------------ figures */

static char *figure(double s, bool scaled)
{
	struct br_buf b = BR_BUF_INIT;
	br_format_figure(s, scaled, &b);
	return br_buf_detach(&b);
}

static void a_figure_has_one_form(void **state)
{
	(void)state;
	static const struct {
		double v;
		bool scaled;
		const char *want;
	} cases[] = {
		{229.68, true, "229.7"}, {9.21, true, "9.21"}, {0.061, true, "0.061"},
		{0.00021, true, "0.00021"}, {1323.1, false, "1323"}, {207.2, false, "207.2"},
		{402, false, "402"}, {0.25, false, "0.25"}, {13116.0, false, "13116"},
		{-0.0001, true, "-0.00010"}, {0, true, "0.00"}, {554, true, "554"}, {57, true, "57.0"}, {0.5, true, "0.50"}, {0, false, "0"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char *s = figure(cases[i].v, cases[i].scaled);
		assert_string_equal(s, cases[i].want);
		free(s);
	}
	struct br_buf b = BR_BUF_INIT;
	br_format_cpu(11, false, &b);
	br_buf_adds(&b, " ");
	br_format_cpu(77, true, &b);
	br_buf_adds(&b, " ");
	br_format_cpu(8.4, false, &b);
	assert_string_equal(br_buf_str(&b), "11 77.0 8.4");
	br_buf_free(&b);
}

/* ------------------------------------------------------------ provenance */

static void provenance_by_default_names_only(void **state)
{
	(void)state;
	struct br_render_opts o = {.command_line = "benchreport /home/me/x.txt -o y.svg"};
	assert_string_equal(br_provenance_file(&o, "/home/me/runs/x.txt"), "x.txt");
	assert_string_equal(br_provenance_file(&o, "runs/x.txt"), "runs/x.txt");
	assert_string_equal(br_provenance_file(&o, "-"), "-");
	assert_null(br_provenance_command(&o));
	o.provenance_full = true;
	assert_string_equal(br_provenance_file(&o, "/home/me/runs/x.txt"), "/home/me/runs/x.txt");
	assert_string_equal(br_provenance_command(&o), "benchreport /home/me/x.txt -o y.svg");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(few_colours_are_exact),
		cmocka_unit_test(many_colours_fit_the_palette),
		cmocka_unit_test(encoder_round_trips),
		cmocka_unit_test(names_shorten_at_whole_words),
		cmocka_unit_test(shortening_never_cuts_a_word),
		cmocka_unit_test(names_shortened_alike_get_marks),
		cmocka_unit_test(a_figure_has_one_form),
		cmocka_unit_test(provenance_by_default_names_only),
	};
	int rc = cmocka_run_group_tests(tests, NULL, NULL);
	br_chart_cleanup();
	return rc;
}
