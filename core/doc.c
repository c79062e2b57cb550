/* doc — see doc.h. */
#include "doc.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "decode.h"
#include "label.h"

/* A large buffer (the bytes of a file, the copy of its lines) is touched
 * page by page once: ask for transparent huge pages, so that filling it
 * costs a page fault per 2 MiB rather than per 4 KiB (a hint; ignored where
 * unsupported). */
static void big_buffer(void *p, size_t n)
{
#ifdef MADV_HUGEPAGE
	const uintptr_t huge = (uintptr_t)2 << 20;
	uintptr_t a = ((uintptr_t)p + huge - 1) & ~(huge - 1), e = ((uintptr_t)p + n) & ~(huge - 1);
	if (e > a)
		madvise((void *)a, e - a, MADV_HUGEPAGE);
#else
	(void)p;
	(void)n;
#endif
}

struct arena_block {
	struct arena_block *next;
	size_t used, cap;
	char data[];
};

struct br_doc_arena {
	struct arena_block *head;
};

static void *arena_alloc(struct br_doc *doc, size_t n, size_t align)
{
	if (!doc->arena)
		doc->arena = br_calloc(1, sizeof *doc->arena);
	struct arena_block *b = doc->arena->head;
	size_t off = b ? (b->used + align - 1) & ~(align - 1) : 0;
	if (!b || off + n > b->cap) {
		size_t cap = n + align > 65536 ? n + align : 65536;
		b = br_malloc(sizeof *b + cap);
		b->cap = cap;
		b->used = 0;
		b->next = doc->arena->head;
		doc->arena->head = b;
		off = 0;
	}
	b->used = off + n;
	return b->data + off;
}

void br_doc_line_add(struct br_doc *doc, struct br_lines_builder *b, const char *text, size_t len,
		     unsigned line, unsigned end_line, unsigned depth, unsigned flags,
		     const unsigned *joins, size_t njoins)
{
	b->lines = br_grow(b->lines, &b->cap, b->n + 1, sizeof *b->lines);
	br_doc_line_set(doc, &b->lines[b->n++], text, len, line, end_line, depth, flags, joins,
			njoins);
}

void br_doc_line_set(struct br_doc *doc, struct br_line *l, const char *text, size_t len,
		     unsigned line, unsigned end_line, unsigned depth, unsigned flags,
		     const unsigned *joins, size_t njoins)
{
	char *t = arena_alloc(doc, len + 1, 1);
	/* NUL bytes inside a line would cut it short for C string functions. */
	memcpy(t, text, len);
	for (char *z = memchr(t, '\0', len); z; z = memchr(z + 1, '\0', len - (size_t)(z + 1 - t)))
		*z = '?';
	t[len] = '\0';
	unsigned *j = NULL;
	if (njoins) {
		j = arena_alloc(doc, njoins * sizeof *j, sizeof(unsigned));
		memcpy(j, joins, njoins * sizeof *j);
	}
	l->text = t;
	l->len = len;
	l->line = line;
	l->end_line = end_line < line ? line : end_line;
	l->depth = (unsigned short)(depth > 65535 ? 65535 : depth);
	l->flags = (unsigned short)flags;
	l->joins = j;
	l->njoins = (unsigned)njoins; /* at most one a byte of the line */
}

void br_doc_lines_commit(struct br_doc *doc, struct br_lines_builder *b)
{
	br_label_outline_free(doc->outline);
	doc->outline = NULL;
	free(doc->lines);
	doc->lines = b->lines;
	doc->nlines = b->n;
	doc->cap_lines = b->cap;
	b->lines = NULL;
	b->n = b->cap = 0;
}

/* Control bytes that make a document look binary: NUL and C0 controls but
 * TAB, LF, CR, FF and ESC (terminals' colour codes in pasted output). */
static const unsigned char binary_byte[256] = {
	1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 1, 0, 0, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 1, 1, 1, 1,
};

/* Physical lines (LF, CRLF or a lone CR ends one), and whether the bytes
 * look binary. One pass: memchr finds each LF, a second one looks for a
 * lone CR inside the line. */
static void split_physical(struct br_doc *doc)
{
	const char *s = doc->raw;
	size_t n = doc->raw_len, start = 0, cap = 0;
	/* A UTF-8 byte-order mark is not part of the first line. */
	if (n >= 3 && memcmp(s, "\xef\xbb\xbf", 3) == 0)
		start = 3;
	size_t ctl = 0;
	while (start < n) {
		const char *lf = memchr(s + start, '\n', n - start);
		size_t end = lf ? (size_t)(lf - s) : n;
		const char *cr = memchr(s + start, '\r', end - start);
		if (cr)
			end = (size_t)(cr - s);
		size_t i = start;
		for (; i + 8 <= end; i += 8) {
			/* eight bytes at a time while none is below 0x20 */
			uint64_t w;
			memcpy(&w, s + i, 8);
			if (((w - 0x2020202020202020ull) & ~w & 0x8080808080808080ull) == 0)
				continue;
			for (size_t k = i; k < i + 8; k++)
				ctl += binary_byte[(unsigned char)s[k]];
		}
		for (; i < end; i++)
			ctl += binary_byte[(unsigned char)s[i]];
		if (doc->nphys == cap) {
			doc->phys = br_grow(doc->phys, &cap, doc->nphys + 1, sizeof *doc->phys);
			doc->phys_len = br_realloc(doc->phys_len, cap * sizeof *doc->phys_len);
		}
		doc->phys[doc->nphys] = start;
		doc->phys_len[doc->nphys] = end - start;
		doc->nphys++;
		if (end < n && s[end] == '\r' && end + 1 < n && s[end + 1] == '\n')
			end++;
		start = end + 1;
	}
	doc->binary = ctl >= 16 && ctl * 20 > doc->raw_len;
}

/* The identity logical lines, one per physical line: their text is one copy
 * of the bytes in the arena, each line ended by a NUL where its terminator
 * was, NUL bytes inside lines turned into '?' (as br_doc_line_add does). */
static void identity_lines(struct br_doc *doc)
{
	size_t n = doc->raw_len;
	char *t = arena_alloc(doc, n + 1, 1);
	big_buffer(t, n + 1);
	memcpy(t, doc->raw, n + 1);
	for (char *z = memchr(t, '\0', n); z; z = memchr(z + 1, '\0', n - (size_t)(z + 1 - t)))
		*z = '?';
	struct br_lines_builder b = {0};
	b.cap = doc->nphys ? doc->nphys : 1;
	b.lines = br_malloc(b.cap * sizeof *b.lines);
	big_buffer(b.lines, b.cap * sizeof *b.lines);
	for (size_t i = 0; i < doc->nphys; i++) {
		struct br_line *l = &b.lines[i];
		l->text = t + doc->phys[i];
		l->len = doc->phys_len[i];
		t[doc->phys[i] + doc->phys_len[i]] = '\0';
		l->line = l->end_line = (unsigned)(i + 1);
		l->depth = 0;
		l->flags = 0;
		l->joins = NULL;
		l->njoins = 0;
	}
	b.n = doc->nphys;
	br_doc_lines_commit(doc, &b);
}

static struct br_doc *doc_new(const char *name, char *bytes, size_t n)
{
	struct br_doc *doc = br_calloc(1, sizeof *doc);
	doc->path = br_strdup(name);
	doc->raw = bytes;
	doc->raw_len = n;
	split_physical(doc);
	/* Binary data is not read any further (br_parse_document skips it): no
	 * logical lines, which would copy all of it once more. */
	if (doc->binary)
		return doc;
	identity_lines(doc);
	br_decode(doc);
	return doc;
}

struct br_doc *br_doc_from_mem(const char *name, const char *bytes, size_t n)
{
	char *copy = br_malloc(n + 1);
	if (n)
		memcpy(copy, bytes, n);
	copy[n] = '\0';
	return doc_new(name, copy, n);
}

static int read_all(int fd, char **out, size_t *outlen)
{
	size_t cap = 65536, len = 0;
	struct stat st;
	/* A regular file: its size, the NUL, and one byte more so that the read
	 * that sees the end does not have to grow (and double) the buffer. */
	if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0)
		cap = (size_t)st.st_size + 2;
	char *buf = br_malloc(cap);
	big_buffer(buf, cap);
	for (;;) {
		if (len + 1 >= cap)
			buf = br_grow(buf, &cap, len + 65536, 1);
		ssize_t r = read(fd, buf + len, cap - len - 1);
		if (r < 0) {
			if (errno == EINTR)
				continue;
			free(buf);
			return -1;
		}
		if (r == 0)
			break;
		len += (size_t)r;
	}
	buf[len] = '\0';
	*out = buf;
	*outlen = len;
	return 0;
}

int br_doc_load(const char *path, struct br_doc **out)
{
	*out = NULL;
	bool is_stdin = strcmp(path, "-") == 0;
	int fd = is_stdin ? 0 : open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return br_error("cannot open '%s': %s", path, strerror(errno));
	struct stat st;
	if (!is_stdin && fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
		close(fd);
		return br_error("cannot read '%s': %s", path, strerror(EISDIR));
	}
	char *bytes;
	size_t n;
	if (read_all(fd, &bytes, &n) < 0) {
		int e = errno;
		if (!is_stdin)
			close(fd);
		return br_error("cannot read '%s': %s", path, strerror(e));
	}
	if (!is_stdin)
		close(fd);
	*out = doc_new(is_stdin ? "<stdin>" : path, bytes, n);
	return 0;
}

void br_doc_free(struct br_doc *doc)
{
	if (!doc)
		return;
	br_label_outline_free(doc->outline);
	if (doc->arena) {
		struct arena_block *b = doc->arena->head;
		while (b) {
			struct arena_block *next = b->next;
			free(b);
			b = next;
		}
		free(doc->arena);
	}
	free(doc->lines);
	free(doc->phys);
	free(doc->phys_len);
	free(doc->raw);
	free(doc->path);
	free(doc);
}

/* Only printable ASCII, TAB and LF: what br_buf_add_utf8 copies as it is. */
static bool plain_text(const char *s, size_t n)
{
	const uint64_t ones = 0x0101010101010101ull, highs = 0x8080808080808080ull;
	size_t i = 0;
	for (; i + 8 <= n; i += 8) {
		uint64_t v, d;
		memcpy(&v, s + i, 8);
		d = v ^ (ones * 0x7f);
		/* a byte >= 0x80, below 0x20, or 0x7f: look closer */
		if (!((v & highs) | ((v - ones * 0x20) & ~v & highs) | ((d - ones) & ~d & highs)))
			continue;
		break;
	}
	for (; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		if (!((c >= 0x20 && c < 0x7f) || c == '\n' || c == '\t'))
			return false;
	}
	return true;
}

char *br_doc_excerpt(const struct br_doc *doc, unsigned first, unsigned last)
{
	struct br_buf b = BR_BUF_INIT;
	if (first < 1)
		first = 1;
	if (last > doc->nphys)
		last = (unsigned)doc->nphys;
	if (first <= last) {
		/* the common case: lines ended by LF alone, plain ASCII text; the
		 * excerpt is then the bytes as they are */
		size_t a = doc->phys[first - 1], e = doc->phys[last - 1] + doc->phys_len[last - 1];
		bool lf = true;
		for (unsigned i = first; i < last && lf; i++) {
			size_t end = doc->phys[i - 1] + doc->phys_len[i - 1];
			lf = doc->phys[i] == end + 1 && doc->raw[end] == '\n';
		}
		if (lf && plain_text(doc->raw + a, e - a)) {
			br_buf_add(&b, doc->raw + a, e - a);
			return br_buf_detach(&b);
		}
	}
	for (unsigned i = first; i <= last; i++) {
		br_buf_add_utf8(&b, doc->raw + doc->phys[i - 1], doc->phys_len[i - 1]);
		if (i < last)
			br_buf_addc(&b, '\n');
	}
	return br_buf_detach(&b);
}
