/*
 * png — the chart renderer for -o chart.png (one chart: --chart GROUP, or
 * the first group with data; --width, --scale), its PNG encoder, and the
 * PNG text chunks that carry provenance (Software, Title, Creation Time;
 * Description = the command line only with --provenance=full).
 *
 * The encoder writes cairo's RGB drawing as an indexed (palette) PNG: a
 * chart is a few flat colours plus the antialiased edges between them, so
 * a palette of at most 256 entries keeps it exact or nearly so at a third
 * of the bytes of RGB. Up to 256 colours the palette is exact; beyond, the
 * colours that cover many pixels (background, bars, text) keep an entry of
 * their own and the edge colours share the rest by median cut. Text chunks
 * are inserted after IHDR, with their CRCs.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <zlib.h>

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

/* ------------------------------------------------------------ palette */

#define EMPTY 0xffffffffu /* a free histogram slot (colours are 0xRRGGBB) */
#define FLAT_SHARE 2000   /* a colour on 1/2000 of the pixels or more keeps an entry of its own */

struct colour_count {
	uint32_t rgb;
	uint32_t index;   /* the palette entry it is drawn with */
	size_t count;     /* pixels */
};

/* The colours of an image: open addressing on the colour. */
struct histogram {
	struct colour_count *v;
	size_t n, cap;    /* cap: a power of two, at least 2n */
};

static size_t hash_rgb(uint32_t x, size_t cap)
{
	x ^= x >> 16;
	x *= 0x7feb352du;
	x ^= x >> 15;
	x *= 0x846ca68bu;
	x ^= x >> 16;
	return (size_t)x & (cap - 1);
}

static struct colour_count *hist_slot(const struct histogram *h, uint32_t rgb)
{
	size_t i = hash_rgb(rgb, h->cap);
	while (h->v[i].rgb != EMPTY && h->v[i].rgb != rgb)
		i = (i + 1) & (h->cap - 1);
	return &h->v[i];
}

static void hist_add(struct histogram *h, uint32_t rgb, size_t count)
{
	if (2 * (h->n + 1) > h->cap) {
		struct histogram old = *h;
		h->cap = old.cap ? 2 * old.cap : 1024;
		h->v = br_malloc(h->cap * sizeof *h->v);
		for (size_t i = 0; i < h->cap; i++)
			h->v[i].rgb = EMPTY;
		for (size_t i = 0; i < old.cap; i++)
			if (old.v[i].rgb != EMPTY)
				*hist_slot(h, old.v[i].rgb) = old.v[i];
		free(old.v);
	}
	struct colour_count *s = hist_slot(h, rgb);
	if (s->rgb == EMPTY) {
		*s = (struct colour_count){.rgb = rgb};
		h->n++;
	}
	s->count += count;
}

static int channel(uint32_t rgb, int c)
{
	return (int)(rgb >> (16 - 8 * c)) & 255;
}

static int by_count(const void *a, const void *b)
{
	const struct colour_count *x = a, *y = b;
	if (x->count != y->count)
		return x->count < y->count ? 1 : -1;
	return (x->rgb > y->rgb) - (x->rgb < y->rgb);
}

/* A box of the median cut: colours v[lo..hi) of the colour list. */
struct box {
	size_t lo, hi;
	size_t pixels;
	int widest;       /* channel with the largest range */
	int range;
};

static void box_measure(struct box *b, const struct colour_count *v)
{
	int mn[3] = {255, 255, 255}, mx[3] = {0, 0, 0};
	b->pixels = 0;
	for (size_t i = b->lo; i < b->hi; i++) {
		b->pixels += v[i].count;
		for (int c = 0; c < 3; c++) {
			int x = channel(v[i].rgb, c);
			mn[c] = x < mn[c] ? x : mn[c];
			mx[c] = x > mx[c] ? x : mx[c];
		}
	}
	b->widest = 0;
	b->range = -1;
	for (int c = 0; c < 3; c++)
		if (mx[c] - mn[c] > b->range) {
			b->range = mx[c] - mn[c];
			b->widest = c;
		}
}

/* Split b at the pixel-weighted median of its widest channel (a counting
 * sort: stable, and no comparator state); the upper half goes to *up. */
static void box_split(struct box *b, struct box *up, struct colour_count *v, struct colour_count *tmp)
{
	size_t start[257] = {0};
	for (size_t i = b->lo; i < b->hi; i++)
		start[channel(v[i].rgb, b->widest) + 1]++;
	for (int k = 0; k < 256; k++)
		start[k + 1] += start[k];
	for (size_t i = b->lo; i < b->hi; i++)
		tmp[start[channel(v[i].rgb, b->widest)]++] = v[i];
	memcpy(v + b->lo, tmp, (b->hi - b->lo) * sizeof *v);
	size_t half = 0, m = b->lo + 1;
	for (size_t i = b->lo; i + 1 < b->hi; i++) {
		half += v[i].count;
		m = i + 1;
		if (2 * half >= b->pixels)
			break;
	}
	*up = (struct box){.lo = m, .hi = b->hi};
	b->hi = m;
	box_measure(b, v);
	box_measure(up, v);
}

static uint32_t box_mean(const struct box *b, const struct colour_count *v)
{
	double sum[3] = {0, 0, 0};
	for (size_t i = b->lo; i < b->hi; i++)
		for (int c = 0; c < 3; c++)
			sum[c] += (double)channel(v[i].rgb, c) * (double)v[i].count;
	uint32_t rgb = 0;
	for (int c = 0; c < 3; c++)
		rgb = rgb << 8 | (uint32_t)(sum[c] / (double)b->pixels + 0.5);
	return rgb;
}

/* The palette entry nearest to rgb (weighted as the eye is: green most). */
static uint32_t nearest(uint32_t rgb, const uint32_t *pal, size_t n)
{
	static const int weight[3] = {3, 4, 2};
	uint32_t best = 0;
	long bestd = -1;
	for (size_t i = 0; i < n; i++) {
		long d = 0;
		for (int c = 0; c < 3; c++) {
			long x = channel(rgb, c) - channel(pal[i], c);
			d += weight[c] * x * x;
		}
		if (bestd < 0 || d < bestd) {
			bestd = d;
			best = (uint32_t)i;
		}
	}
	return best;
}

/* The palette for the colours v[0..n) (sorted by count, most first): the
 * colours themselves when they fit, else the frequent ones and a median
 * cut of the rest. Sets v[i].index. Returns the number of entries. */
static size_t make_palette(struct colour_count *v, size_t n, size_t total, size_t maxc, uint32_t *pal)
{
	if (n <= maxc) {
		for (size_t i = 0; i < n; i++) {
			pal[i] = v[i].rgb;
			v[i].index = (uint32_t)i;
		}
		return n;
	}
	size_t flat = 0;
	while (flat < maxc / 2 && v[flat].count * FLAT_SHARE >= total)
		flat++;
	for (size_t i = 0; i < flat; i++)
		pal[i] = v[i].rgb;
	struct box boxes[256];
	size_t nbox = 1;
	boxes[0] = (struct box){.lo = flat, .hi = n};
	box_measure(&boxes[0], v);
	struct colour_count *tmp = br_malloc((n - flat) * sizeof *tmp);
	while (flat + nbox < maxc) {
		/* the box whose colours stray most: pixels × range */
		size_t pick = nbox;
		double score = 0;
		for (size_t i = 0; i < nbox; i++) {
			double s = (double)boxes[i].pixels * boxes[i].range;
			if (boxes[i].hi - boxes[i].lo > 1 && s > score) {
				score = s;
				pick = i;
			}
		}
		if (pick == nbox)
			break;
		box_split(&boxes[pick], &boxes[nbox], v, tmp);
		nbox++;
	}
	free(tmp);
	for (size_t i = 0; i < nbox; i++)
		pal[flat + i] = box_mean(&boxes[i], v);
	size_t np = flat + nbox;
	for (size_t i = 0; i < n; i++)
		v[i].index = i < flat ? (uint32_t)i : nearest(v[i].rgb, pal, np);
	return np;
}

size_t br_png_quantise(const uint32_t *px, size_t w, size_t h, size_t stride, size_t maxc,
		       uint32_t *pal, unsigned char *idx, bool *exact)
{
	if (maxc < 1)
		maxc = 1;
	if (maxc > 256)
		maxc = 256;
	struct histogram hist = {0};
	for (size_t y = 0; y < h; y++) {
		const uint32_t *row = px + y * stride;
		for (size_t x = 0; x < w;) {
			/* runs of one colour are the common case in a chart */
			uint32_t c = row[x] & 0xffffff;
			size_t run = 1;
			while (x + run < w && (row[x + run] & 0xffffff) == c)
				run++;
			hist_add(&hist, c, run);
			x += run;
		}
	}
	if (hist.n == 0) {
		free(hist.v);
		*exact = true;
		return 0;
	}
	struct colour_count *v = br_malloc(hist.n * sizeof *v);
	size_t n = 0;
	for (size_t i = 0; i < hist.cap; i++)
		if (hist.v[i].rgb != EMPTY)
			v[n++] = hist.v[i];
	qsort(v, n, sizeof *v, by_count);
	size_t np = make_palette(v, n, w * h, maxc, pal);
	*exact = n <= maxc;
	for (size_t i = 0; i < n; i++)
		hist_slot(&hist, v[i].rgb)->index = v[i].index;
	free(v);
	for (size_t y = 0; y < h; y++) {
		const uint32_t *row = px + y * stride;
		uint32_t last = EMPTY;
		unsigned char li = 0;
		for (size_t x = 0; x < w; x++) {
			uint32_t c = row[x] & 0xffffff;
			if (c != last) {
				last = c;
				li = (unsigned char)hist_slot(&hist, c)->index;
			}
			idx[y * w + x] = li;
		}
	}
	free(hist.v);
	return np;
}

/* ------------------------------------------------------------ encoder */

static void put_chunk(struct br_buf *out, const char *type, const unsigned char *data, size_t n)
{
	unsigned char b4[4];
	put32(b4, (uint32_t)n);
	br_buf_add(out, b4, 4);
	br_buf_add(out, type, 4);
	if (n)
		br_buf_add(out, data, n);
	uLong crc = crc32(0L, (const Bytef *)type, 4);
	if (n)
		crc = crc32(crc, data, (uInt)n);
	put32(b4, (uint32_t)crc);
	br_buf_add(out, b4, 4);
}

int br_png_encode_rgb(const uint32_t *px, unsigned w, unsigned h, size_t stride, struct br_buf *out)
{
	if (w == 0 || h == 0 || w > 0x7fffffffu || h > 0x7fffffffu)
		return br_error("cannot write a %ux%u PNG", w, h);
	unsigned char *idx = br_malloc((size_t)w * h);
	uint32_t pal[256];
	bool exact;
	size_t np = br_png_quantise(px, w, h, stride, 256, pal, idx, &exact);
	/* the fewest bits per pixel the palette allows: a chart of 16 colours
	 * or fewer packs two pixels a byte */
	int depth = np <= 2 ? 1 : np <= 4 ? 2 : np <= 16 ? 4 : 8;
	size_t rowbytes = ((size_t)w * (size_t)depth + 7) / 8;
	size_t rawlen = (rowbytes + 1) * h;
	unsigned char *raw = br_calloc(rawlen, 1);
	for (size_t y = 0; y < h; y++) {
		unsigned char *r = raw + y * (rowbytes + 1); /* r[0] = 0: filter None */
		const unsigned char *s = idx + y * w;
		for (size_t x = 0; x < w; x++) {
			size_t bit = x * (size_t)depth;
			r[1 + bit / 8] |= (unsigned char)(s[x] << (8 - depth - (int)(bit % 8)));
		}
	}
	free(idx);

	z_stream z = {0};
	int zr = deflateInit2(&z, 9, Z_DEFLATED, 15, 9, Z_DEFAULT_STRATEGY);
	struct br_buf idat = BR_BUF_INIT;
	if (zr == Z_OK) {
		uLong bound = deflateBound(&z, (uLong)rawlen);
		br_buf_grow(&idat, bound);
		z.next_in = raw;
		z.avail_in = (uInt)rawlen;
		z.next_out = (Bytef *)idat.data;
		z.avail_out = (uInt)bound;
		zr = deflate(&z, Z_FINISH);
		idat.len = z.total_out;
		idat.data[idat.len] = '\0';
		deflateEnd(&z);
	}
	free(raw);
	if (zr != Z_STREAM_END) {
		br_buf_free(&idat);
		return br_error("cannot compress the PNG image (zlib %d)", zr);
	}

	unsigned char ihdr[13];
	put32(ihdr, w);
	put32(ihdr + 4, h);
	ihdr[8] = (unsigned char)depth;
	ihdr[9] = 3;                /* indexed colour */
	ihdr[10] = ihdr[11] = ihdr[12] = 0; /* deflate, adaptive filters, no interlace */
	unsigned char plte[3 * 256];
	for (size_t i = 0; i < np; i++) {
		plte[3 * i] = (unsigned char)(pal[i] >> 16);
		plte[3 * i + 1] = (unsigned char)(pal[i] >> 8);
		plte[3 * i + 2] = (unsigned char)pal[i];
	}
	br_buf_add(out, png_sig, sizeof png_sig);
	put_chunk(out, "IHDR", ihdr, sizeof ihdr);
	put_chunk(out, "PLTE", plte, 3 * np);
	put_chunk(out, "IDAT", (const unsigned char *)idat.data, idat.len);
	put_chunk(out, "IEND", NULL, 0);
	br_buf_free(&idat);
	return 0;
}

static int render(const struct br_report *rep, struct br_sink *out)
{
	const struct br_render_opts *o = rep->o;
	const struct br_chart *c = br_report_chart(rep);
	if (!c)
		return -1;
	struct br_buf png = BR_BUF_INIT;
	int rc = br_chart_png(c, o->scale, &png);
	if (rc == 0) {
		char *title = br_asprintf("%s (benchreport chart)", c->title);
		rc = br_png_add_text(&png, "Software", "benchreport " BR_VERSION);
		if (rc == 0)
			rc = br_png_add_text(&png, "Title", title);
		const char *cmd = br_provenance_command(o);
		if (rc == 0 && cmd)
			rc = br_png_add_text(&png, "Description", cmd);
		if (rc == 0 && o->date)
			rc = br_png_add_text(&png, "Creation Time", o->date);
		free(title);
	}
	if (rc == 0)
		br_sink_write(out, png.data, png.len);
	br_buf_free(&png);
	return rc;
}

const struct br_renderer br_renderer_png = {
	.name = "png",
	.extensions = ".png",
	.summary = "one chart as a PNG image (--chart GROUP, --width, --scale)",
	.needs = BR_NEED_CHART | BR_NEED_PARAMS, /* "quick" runs */
	.render = render,
};
