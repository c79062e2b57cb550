/*
 * png — the chart renderer for -o chart.png (one chart: --chart GROUP, or
 * the first group with data; --width, --scale), and the PNG text chunks
 * that carry provenance (Software, Description = the command line, Title,
 * Creation Time). cairo writes no text chunks, so they are inserted into its
 * byte stream here, after IHDR, with their CRCs.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "chart.h"

#ifndef BR_VERSION
#define BR_VERSION "0.0.0"
#endif

static const unsigned char png_sig[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};

/* CRC-32 of PNG (ISO 3309), bitwise: the chunks are small, and no table
 * means no process-wide state. */
static uint32_t crc32_update(uint32_t crc, const unsigned char *p, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		crc ^= p[i];
		for (int k = 0; k < 8; k++)
			crc = crc & 1 ? 0xedb88320u ^ (crc >> 1) : crc >> 1;
	}
	return crc;
}

static uint32_t get32(const unsigned char *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static void put32(unsigned char *p, uint32_t v)
{
	p[0] = (unsigned char)(v >> 24);
	p[1] = (unsigned char)(v >> 16);
	p[2] = (unsigned char)(v >> 8);
	p[3] = (unsigned char)v;
}

int br_png_size(const void *png, size_t len, unsigned *w, unsigned *h)
{
	const unsigned char *p = png;
	if (len < 33 || memcmp(p, png_sig, 8) != 0 || get32(p + 8) != 13 || memcmp(p + 12, "IHDR", 4) != 0)
		return -1;
	*w = get32(p + 16);
	*h = get32(p + 20);
	return 0;
}

static bool keyword_ok(const char *k)
{
	size_t n = strlen(k);
	if (n < 1 || n > 79 || k[0] == ' ' || k[n - 1] == ' ')
		return false;
	for (size_t i = 0; i < n; i++) {
		unsigned char ch = (unsigned char)k[i];
		if (ch < 32 || ch > 126 || (ch == ' ' && k[i + 1] == ' '))
			return false;
	}
	return true;
}

int br_png_add_text(struct br_buf *png, const char *keyword, const char *text)
{
	unsigned w, h;
	if (!png->data || br_png_size(png->data, png->len, &w, &h) < 0)
		return br_error("not a PNG image");
	if (!keyword_ok(keyword))
		return br_error("invalid PNG text keyword '%s'", keyword);
	bool ascii = true;
	for (const unsigned char *s = (const unsigned char *)text; *s; s++)
		if ((*s < 32 && *s != '\n') || *s > 126)
			ascii = false;
	struct br_buf chunk = BR_BUF_INIT;
	br_buf_add(&chunk, "\0\0\0\0", 4); /* length, filled below */
	if (ascii) {
		br_buf_adds(&chunk, "tEXt");
		br_buf_adds(&chunk, keyword);
		br_buf_addc(&chunk, '\0');
		br_buf_adds(&chunk, text);
	} else {
		/* iTXt: keyword, 0, compression flag 0, method 0, language "", 0,
		 * translated keyword "", 0, UTF-8 text */
		br_buf_adds(&chunk, "iTXt");
		br_buf_adds(&chunk, keyword);
		br_buf_add(&chunk, "\0\0\0\0\0", 5);
		char *u = br_utf8_dup(text, strlen(text));
		br_buf_adds(&chunk, u);
		free(u);
	}
	size_t dlen = chunk.len - 8;
	if (dlen > 0x7fffffffu) {
		br_buf_free(&chunk);
		return br_error("PNG text too long");
	}
	put32((unsigned char *)chunk.data, (uint32_t)dlen);
	uint32_t crc = crc32_update(0xffffffffu, (unsigned char *)chunk.data + 4, dlen + 4) ^ 0xffffffffu;
	unsigned char c4[4];
	put32(c4, crc);
	br_buf_add(&chunk, c4, 4);

	/* after IHDR: signature (8) + length, type, 13 bytes, CRC */
	size_t at = 8 + 4 + 4 + 13 + 4;
	br_buf_grow(png, chunk.len);
	memmove(png->data + at + chunk.len, png->data + at, png->len - at);
	memcpy(png->data + at, chunk.data, chunk.len);
	png->len += chunk.len;
	png->data[png->len] = '\0';
	br_buf_free(&chunk);
	return 0;
}

int br_png_read_text(const void *png, size_t len,
		     void (*fn)(const char *keyword, const char *text, void *ctx), void *ctx)
{
	const unsigned char *p = png;
	if (len < 8 || memcmp(p, png_sig, 8) != 0)
		return br_error("not a PNG image");
	size_t off = 8;
	while (off + 12 <= len) {
		uint32_t n = get32(p + off);
		if (n > len - off - 12)
			return br_error("PNG chunk at byte %zu overruns the file", off);
		const unsigned char *type = p + off + 4, *data = p + off + 8;
		uint32_t crc = crc32_update(0xffffffffu, type, (size_t)n + 4) ^ 0xffffffffu;
		if (crc != get32(data + n))
			return br_error("PNG chunk %.4s at byte %zu: bad CRC", (const char *)type, off);
		bool text = memcmp(type, "tEXt", 4) == 0, itxt = memcmp(type, "iTXt", 4) == 0;
		if (text || itxt) {
			const unsigned char *z = memchr(data, 0, n);
			if (!z)
				return br_error("PNG %.4s chunk without keyword", (const char *)type);
			char *key = br_strndup((const char *)data, (size_t)(z - data));
			const unsigned char *t = z + 1, *end = data + n;
			if (itxt) {
				/* compression flag, method, language\0, translated\0 */
				bool compressed = t < end && *t;
				t += 2;
				for (int k = 0; k < 2 && t < end; k++) {
					const unsigned char *q = memchr(t, 0, (size_t)(end - t));
					t = q ? q + 1 : end;
				}
				if (compressed || t > end)
					t = end;
			}
			char *val = br_strndup((const char *)t, (size_t)(end - t));
			fn(key, val, ctx);
			free(key);
			free(val);
		}
		off += (size_t)n + 12;
		if (memcmp(type, "IEND", 4) == 0)
			return 0;
	}
	return br_error("PNG ends without IEND");
}

static int render(const struct br_dataset *ds, const struct br_render_opts *o, struct br_sink *out)
{
	struct br_chart_set set;
	struct br_chart *c = br_chart_for_output(ds, o, &set);
	if (!c) {
		br_chart_set_free(&set);
		return -1;
	}
	struct br_buf png = BR_BUF_INIT;
	int rc = br_chart_png(c, o->scale, &png);
	if (rc == 0) {
		char *title = br_asprintf("%s (benchreport chart)", c->title);
		rc = br_png_add_text(&png, "Software", "benchreport " BR_VERSION);
		if (rc == 0)
			rc = br_png_add_text(&png, "Title", title);
		if (rc == 0 && o->command_line)
			rc = br_png_add_text(&png, "Description", o->command_line);
		if (rc == 0 && o->date)
			rc = br_png_add_text(&png, "Creation Time", o->date);
		free(title);
	}
	if (rc == 0)
		br_sink_write(out, png.data, png.len);
	br_buf_free(&png);
	br_chart_free(c);
	br_chart_set_free(&set);
	return rc;
}

const struct br_renderer br_renderer_png = {
	.name = "png",
	.extensions = ".png",
	.summary = "one chart as a PNG image (--chart GROUP, --width, --scale)",
	.render = render,
};
