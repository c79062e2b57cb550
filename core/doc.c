/* doc — see doc.h. */
#include "doc.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "decode.h"
#include "label.h"

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
	struct br_line *l = &b->lines[b->n++];
	char *t = arena_alloc(doc, len + 1, 1);
	/* NUL bytes inside a line would cut it short for C string functions. */
	size_t w = 0;
	for (size_t i = 0; i < len; i++) {
		if (text[i] == '\0')
			t[w++] = '?';
		else
			t[w++] = text[i];
	}
	t[w] = '\0';
	l->text = t;
	l->len = w;
	l->line = line;
	l->end_line = end_line < line ? line : end_line;
	l->depth = (unsigned short)(depth > 65535 ? 65535 : depth);
	l->flags = (unsigned short)flags;
	if (njoins) {
		unsigned *j = arena_alloc(doc, njoins * sizeof *j, sizeof(unsigned));
		memcpy(j, joins, njoins * sizeof *j);
		l->joins = j;
	} else {
		l->joins = NULL;
	}
	l->njoins = njoins;
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

static void split_physical(struct br_doc *doc)
{
	const char *s = doc->raw;
	size_t n = doc->raw_len, start = 0, cap = 0, cap2 = 0;
	/* A UTF-8 byte-order mark is not part of the first line. */
	if (n >= 3 && memcmp(s, "\xef\xbb\xbf", 3) == 0)
		start = 3;
	size_t ctl = 0;
	for (size_t i = start; i <= n; i++) {
		bool end = i == n || s[i] == '\n' || s[i] == '\r';
		if (i < n && !end) {
			unsigned char c = (unsigned char)s[i];
			if (c == 0 || (c < 0x20 && c != '\t' && c != '\f' && c != 0x1b))
				ctl++;
			continue;
		}
		if (i == n && i == start)
			break; /* no empty line after a final newline */
		doc->phys = br_grow(doc->phys, &cap, doc->nphys + 1, sizeof *doc->phys);
		doc->phys_len = br_grow(doc->phys_len, &cap2, doc->nphys + 1, sizeof *doc->phys_len);
		doc->phys[doc->nphys] = start;
		doc->phys_len[doc->nphys] = i - start;
		doc->nphys++;
		if (i < n && s[i] == '\r' && i + 1 < n && s[i + 1] == '\n')
			i++;
		start = i + 1;
	}
	doc->binary = ctl >= 16 && ctl * 20 > doc->raw_len;
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
	struct br_lines_builder b = {0};
	for (size_t i = 0; i < doc->nphys; i++)
		br_doc_line_add(doc, &b, doc->raw + doc->phys[i], doc->phys_len[i], (unsigned)(i + 1),
				(unsigned)(i + 1), 0, 0, NULL, 0);
	br_doc_lines_commit(doc, &b);
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
	if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0)
		cap = (size_t)st.st_size + 1;
	char *buf = br_malloc(cap);
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

char *br_doc_excerpt(const struct br_doc *doc, unsigned first, unsigned last)
{
	struct br_buf b = BR_BUF_INIT;
	if (first < 1)
		first = 1;
	if (last > doc->nphys)
		last = (unsigned)doc->nphys;
	for (unsigned i = first; i <= last; i++) {
		br_buf_add_utf8(&b, doc->raw + doc->phys[i - 1], doc->phys_len[i - 1]);
		if (i < last)
			br_buf_addc(&b, '\n');
	}
	return br_buf_detach(&b);
}
