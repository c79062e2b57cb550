/* excerpts — see excerpts.h. */
#include "excerpts.h"

#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "record.h"
#include "util.h"

/* What a file was when it was read: read again only if it still is. */
struct ident {
	dev_t dev;
	ino_t ino;
	off_t size;
	struct timespec mtime;
};

struct input {
	char *path;        /* NULL: no document of it listed */
	size_t doc0, ndocs; /* its documents: docs[doc0 .. doc0 + ndocs) */
	bool known;        /* id is the file's when it was read */
	struct ident id;
	int fd;            /* open for reading again (0: not yet, -1: cannot) */
	char *error;       /* why it cannot be (fd -1) */
};

/* A document read line by line (one whose lines are as read): where in
 * docs[at] the next line starts, and the bytes read ahead of it. */
struct cursor {
	size_t at;          /* (SIZE_MAX: none) */
	unsigned line;      /* the document's line that starts at pos, 1-based */
	uint64_t pos;       /* its offset in the file */
	char *buf;          /* buf[beg..end): the file's bytes from pos on */
	size_t beg, end, cap;
};

struct br_excerpts {
	struct input *in;
	size_t nin, cap_in;
	struct br_doc_span *docs;
	size_t ndocs, cap_docs;
	struct br_doc *doc; /* the document read last, docs[at] (whole) */
	size_t at;
	struct cursor cur;  /* or the one read line by line */
	struct br_buf text;
	const char *error;  /* the last read's failure, or NULL */
};

static struct ident ident_of(const struct stat *st)
{
	return (struct ident){st->st_dev, st->st_ino, st->st_size, st->st_mtim};
}

/* Whether the file st describes is still the one `was` describes. */
static bool same_file(const struct stat *st, const struct ident *was)
{
	struct ident a = ident_of(st);
	return a.dev == was->dev && a.ino == was->ino && a.size == was->size &&
	       a.mtime.tv_sec == was->mtime.tv_sec && a.mtime.tv_nsec == was->mtime.tv_nsec;
}

struct br_excerpts *br_excerpts_new(void)
{
	struct br_excerpts *x = br_calloc(1, sizeof *x);
	x->at = x->cur.at = SIZE_MAX;
	return x;
}

void br_excerpts_free(struct br_excerpts *x)
{
	if (!x)
		return;
	for (size_t i = 0; i < x->nin; i++) {
		free(x->in[i].path);
		free(x->in[i].error);
		if (x->in[i].fd > 0)
			close(x->in[i].fd);
	}
	free(x->in);
	free(x->docs);
	br_doc_free(x->doc);
	free(x->cur.buf);
	br_buf_free(&x->text);
	free(x);
}

void br_excerpts_add_doc(struct br_excerpts *x, size_t input, const char *path, const struct br_doc_span *sp)
{
	if (input >= x->nin) {
		x->in = br_grow(x->in, &x->cap_in, input + 1, sizeof *x->in);
		memset(x->in + x->nin, 0, (input + 1 - x->nin) * sizeof *x->in);
		x->nin = input + 1;
	}
	struct input *in = &x->in[input];
	if (!in->path) {
		/* (the file was read a moment ago: what it is now is what it was) */
		struct stat st;
		in->path = br_strdup(path);
		in->doc0 = x->ndocs;
		in->known = stat(path, &st) == 0;
		if (in->known)
			in->id = ident_of(&st);
	} else if (in->doc0 + in->ndocs != x->ndocs) {
		return; /* (an input's documents are listed together, in order) */
	} else if (in->ndocs && x->docs[x->ndocs - 1].off == sp->off && x->docs[x->ndocs - 1].len == sp->len) {
		return; /* listed already (read twice) */
	}
	x->docs = br_grow(x->docs, &x->cap_docs, x->ndocs + 1, sizeof *x->docs);
	x->docs[x->ndocs++] = *sp;
	in->ndocs++;
}

/* in's file, open for reading again: the descriptor, or -1 (in->error
 * says why). */
static int input_fd(struct input *in)
{
	if (in->fd)
		return in->fd;
	struct stat st;
	int fd = open(in->path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		in->error = br_asprintf("cannot open '%s' again: %s", in->path, strerror(errno));
	} else if (!in->known || fstat(fd, &st) != 0 || !same_file(&st, &in->id)) {
		in->error = br_asprintf("'%s' changed after it was read", in->path);
		close(fd);
		fd = -1;
	}
	return in->fd = fd;
}

/* The index in x->docs of the document of `in` that holds line `line` (the
 * file's, 1-based): the last whose first line comes before it. */
static size_t doc_of(const struct br_excerpts *x, const struct input *in, unsigned line)
{
	size_t lo = in->doc0, hi = in->doc0 + in->ndocs; /* the answer is in [lo, hi) */
	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;
		if (x->docs[mid].line0 < line)
			lo = mid;
		else
			hi = mid;
	}
	return lo;
}

/* More of the file after what the cursor holds, up to the end of
 * document sp: the bytes read (0 at its end), or -1 on an error. */
static ssize_t cursor_fill(struct cursor *c, int fd, const struct br_doc_span *sp)
{
	if (c->beg) {
		memmove(c->buf, c->buf + c->beg, c->end - c->beg);
		c->end -= c->beg;
		c->beg = 0;
	}
	if (c->end == c->cap)
		c->buf = br_grow(c->buf, &c->cap, c->cap ? 2 * c->cap : (size_t)64 << 10, 1);
	uint64_t at = c->pos + c->end, stop = sp->off + sp->len;
	if (at >= stop)
		return 0;
	size_t want = c->cap - c->end;
	if (want > stop - at)
		want = (size_t)(stop - at);
	ssize_t r;
	do
		r = pread(fd, c->buf + c->end, want, (off_t)at);
	while (r < 0 && errno == EINTR);
	if (r > 0)
		c->end += (size_t)r;
	return r;
}

/* The next line of the cursor's document as split_physical (doc.c) cuts
 * lines: up to an LF, a CR or a CRLF (*len bytes at *p, the cursor moved
 * past its end). false at the document's end or on an error (*err). */
static bool cursor_line(struct cursor *c, int fd, const struct br_doc_span *sp, const char **p, size_t *len,
			bool *err)
{
	size_t k = c->beg;
	for (;;) {
		while (k < c->end && c->buf[k] != '\n' && c->buf[k] != '\r')
			k++;
		/* a CR last of what is held: an LF may follow it */
		if (k + 1 < c->end || (k < c->end && c->buf[k] == '\n'))
			break;
		size_t done = k - c->beg;
		ssize_t r = cursor_fill(c, fd, sp);
		if (r < 0) {
			*err = true;
			return false;
		}
		k = c->beg + done;
		if (r == 0)
			break;
	}
	if (k == c->beg && k == c->end)
		return false; /* the document's end */
	size_t term = k == c->end ? 0 : c->buf[k] == '\r' && k + 1 < c->end && c->buf[k + 1] == '\n' ? 2 : 1;
	*p = c->buf + c->beg;
	*len = k - c->beg;
	c->pos += k + term - c->beg;
	c->beg = k + term;
	c->line++;
	return true;
}

/* Lines first..last of document d read line by line into x->text (an
 * excerpt as br_doc_excerpt makes it); false on a read error. */
static bool read_lines(struct br_excerpts *x, int fd, size_t d, unsigned first, unsigned last)
{
	struct cursor *c = &x->cur;
	const struct br_doc_span *sp = &x->docs[d];
	if (c->at != d || c->line > first) { /* from the document's start */
		c->at = d;
		c->line = 1;
		c->pos = sp->off;
		c->beg = c->end = 0;
		if (cursor_fill(c, fd, sp) < 0)
			return false;
		/* (split_physical: a UTF-8 byte-order mark is no line's) */
		if (c->end >= 3 && memcmp(c->buf, "\xef\xbb\xbf", 3) == 0) {
			c->beg = 3;
			c->pos += 3;
		}
	}
	br_buf_reset(&x->text);
	bool none = true, err = false;
	const char *p;
	size_t n;
	while (c->line <= last) {
		unsigned line = c->line;
		if (!cursor_line(c, fd, sp, &p, &n, &err))
			break;
		if (line >= first)
			br_doc_excerpt_add(&x->text, &none, p, n, NULL);
	}
	return !err;
}

char *br_excerpts_read(struct br_excerpts *x, const struct br_record *r)
{
	x->error = NULL;
	if (!r->excerpt_later || !r->input || r->input > x->nin || !x->in[r->input - 1].ndocs)
		return NULL;
	struct input *in = &x->in[r->input - 1];
	size_t d = doc_of(x, in, r->source.line);
	int fd = input_fd(in);
	if (fd < 0) {
		x->error = in->error;
		return NULL;
	}
	unsigned line0 = x->docs[d].line0, first = r->source.line - line0, last = r->source.end_line - line0;
	if (first < 1)
		first = 1;
	if (x->docs[d].as_read) {
		if (!read_lines(x, fd, d, first, last)) {
			free(in->error);
			in->error = br_asprintf("cannot read '%s' again: %s", in->path, strerror(errno));
			x->error = in->error;
			x->cur.at = SIZE_MAX;
			return NULL;
		}
		return br_strdup(x->text.len ? x->text.data : "");
	}
	if (x->at != d) {
		br_doc_free(x->doc);
		x->doc = NULL;
		x->at = SIZE_MAX;
		if (br_doc_read_span(fd, in->path, &x->docs[d], &x->doc) < 0) {
			free(in->error);
			in->error = br_strdup(br_last_error());
			x->error = in->error;
			return NULL;
		}
		x->at = d;
	}
	return br_doc_excerpt(x->doc, first, last);
}

const char *br_excerpts_error(const struct br_excerpts *x)
{
	return x->error;
}
