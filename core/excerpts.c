/* excerpts — see excerpts.h. */
#include "excerpts.h"

#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
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

struct br_excerpts {
	struct input *in;
	size_t nin, cap_in;
	struct br_doc_span *docs;
	size_t ndocs, cap_docs;
	struct br_doc *doc; /* the document read last, docs[at] */
	size_t at;
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
	return br_calloc(1, sizeof(struct br_excerpts));
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

char *br_excerpts_read(struct br_excerpts *x, const struct br_record *r)
{
	x->error = NULL;
	if (!r->excerpt_later || !r->input || r->input > x->nin || !x->in[r->input - 1].ndocs)
		return NULL;
	struct input *in = &x->in[r->input - 1];
	size_t d = doc_of(x, in, r->source.line);
	if (!x->doc || x->at != d) {
		br_doc_free(x->doc);
		x->doc = NULL;
		int fd = input_fd(in);
		if (fd < 0) {
			x->error = in->error;
			return NULL;
		}
		if (br_doc_read_span(fd, in->path, &x->docs[d], &x->doc) < 0) {
			free(in->error);
			in->error = br_strdup(br_last_error());
			x->error = in->error;
			return NULL;
		}
		x->at = d;
	}
	unsigned line0 = x->docs[d].line0;
	return br_doc_excerpt(x->doc, r->source.line - line0, r->source.end_line - line0);
}

const char *br_excerpts_error(const struct br_excerpts *x)
{
	return x->error;
}
