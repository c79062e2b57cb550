/* doc — see doc.h. */
#include "doc.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "date.h"
#include "decode.h"
#include "label.h"

/* A large buffer (the bytes of a file, the array of its lines) is touched
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
	/* br_line.len is 32 bits: only a document over 4 GiB has a longer
	 * line, and that line is cut (as join offsets already were) */
	if (len > UINT_MAX)
		len = UINT_MAX;
	char *t = arena_alloc(doc, len + 1, 1);
	/* NUL bytes inside a line would cut it short for C string functions. */
	memcpy(t, text, len);
	for (char *z = memchr(t, '\0', len); z; z = memchr(z + 1, '\0', len - (size_t)(z + 1 - t)))
		*z = '?';
	t[len] = '\0';
	unsigned *j = NULL;
	if (njoins) {
		/* the count first, then the offsets: br_line_njoins() */
		j = arena_alloc(doc, (njoins + 1) * sizeof *j, sizeof(unsigned));
		j[0] = (unsigned)njoins; /* at most one a byte of the line */
		memcpy(++j, joins, njoins * sizeof *j);
	}
	l->text = t;
	l->len = (unsigned)len;
	l->line = line;
	l->end_line = end_line < line ? line : end_line;
	l->depth = (unsigned short)(depth > 65535 ? 65535 : depth);
	l->flags = (unsigned short)flags;
	l->joins = j;
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

void br_doc_show_lines(struct br_doc *doc)
{
	size_t n = 0;
	for (size_t i = 0; i < doc->nlines; i++)
		n += doc->lines[i].len + 1;
	char *t = arena_alloc(doc, n + 1, 1), *w = t;
	for (size_t i = 0; i < doc->nlines; i++) {
		memcpy(w, doc->lines[i].text, doc->lines[i].len);
		w += doc->lines[i].len;
		*w++ = '\n';
	}
	*w = '\0';
	doc->shown = t;
	doc->shown_len = n;
}

/* Control bytes that make a document look binary: NUL and C0 controls but
 * BS, TAB, LF, CR, FF and ESC (a pager's overstrike and a terminal's colour
 * codes in pasted output). */
static const unsigned char binary_byte[256] = {
	1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 1, 0, 0, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 1, 1, 1, 1,
};

/* The first byte below 0x20 at or after k (n if none): LF, CR and the
 * control bytes all are, so one pass finds the ends of lines and counts
 * what looks binary. */
static size_t next_control(const unsigned char *s, size_t k, size_t n)
{
#ifdef __SSE2__
	/* sixteen bytes at a time where the compiler targets SSE2 (x86-64) */
	const __m128i top = _mm_set1_epi8(0x1f);
	while (k + 16 <= n) {
		__m128i v = _mm_loadu_si128((const __m128i *)(const void *)(s + k));
		/* v <= 0x1f unsigned: max(v, 0x1f) == 0x1f */
		unsigned m = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_max_epu8(v, top), top));
		if (m)
			return k + (size_t)__builtin_ctz(m);
		k += 16;
	}
#endif
	const uint64_t ones = 0x0101010101010101ull, highs = 0x8080808080808080ull;
	while (k + 8 <= n) {
		uint64_t w;
		memcpy(&w, s + k, 8);
		/* a byte below 0x20 (bytes >= 0x80 are not) */
		if ((w - ones * 0x20) & ~w & highs)
			break;
		k += 8;
	}
	while (k < n && s[k] >= 0x20)
		k++;
	return k;
}

/* Physical lines (LF, CRLF or a lone CR ends one), and whether the bytes
 * look binary, in one pass that stops only at bytes below 0x20. Returns
 * whether any line holds a control byte (a NUL among them). */
static bool split_physical(struct br_doc *doc)
{
	const unsigned char *s = (const unsigned char *)doc->raw;
	size_t n = doc->raw_len, start = 0, cap = 0;
	/* A UTF-8 byte-order mark is not part of the first line. */
	if (n >= 3 && memcmp(s, "\xef\xbb\xbf", 3) == 0)
		start = 3;
	size_t ctl = 0, k = start;
	while (start < n) {
		size_t end = next_control(s, k, n);
		if (end < n && s[end] != '\n' && s[end] != '\r') {
			ctl += binary_byte[s[end]];
			k = end + 1;
			continue;
		}
		if (doc->nphys + 1 >= cap) {
			doc->phys = br_grow(doc->phys, &cap, doc->nphys + 2, sizeof *doc->phys);
			doc->phys_term = br_realloc(doc->phys_term, cap);
		}
		doc->phys[doc->nphys] = start;
		size_t term = end == n ? 0 : s[end] == '\r' && end + 1 < n && s[end + 1] == '\n' ? 2 : 1;
		doc->phys_term[doc->nphys++] = (unsigned char)term;
		start = k = end + term;
	}
	if (!doc->phys)
		doc->phys = br_malloc(sizeof *doc->phys);
	doc->phys[doc->nphys] = n;
	doc->binary = ctl >= 16 && ctl * 20 > doc->raw_len;
	return ctl != 0;
}

/* The identity logical lines, one per physical line. Their text is the
 * document's own bytes, not a copy (a copy was a second input-sized buffer
 * to fill): the first byte of each line's terminator, an LF or the CR of a
 * CRLF, is overwritten with the NUL that ends the line. A line that holds
 * a NUL byte or ends with a lone CR is copied into the arena instead (NULs
 * turned into '?', as br_doc_line_set does), so that raw stays as read but
 * for NULs where an LF or a CRLF's CR was, which br_doc_bytes() puts back. */
static void identity_lines(struct br_doc *doc, bool has_ctl)
{
	char *s = doc->raw;
	size_t n = doc->raw_len;
	struct br_lines_builder b = {0};
	b.cap = doc->nphys ? doc->nphys : 1;
	b.lines = br_malloc(b.cap * sizeof *b.lines);
	big_buffer(b.lines, b.cap * sizeof *b.lines);
	for (size_t i = 0; i < doc->nphys; i++) {
		struct br_line *l = &b.lines[i];
		size_t start = doc->phys[i], len = br_doc_phys_len(doc, i), end = start + len;
		bool lone_cr = end < n && s[end] == '\r' && doc->phys_term[i] == 1;
		if (lone_cr || len > UINT_MAX || (has_ctl && memchr(s + start, '\0', len))) {
			br_doc_line_set(doc, l, s + start, len, (unsigned)(i + 1), (unsigned)(i + 1), 0,
					0, NULL, 0);
			continue;
		}
		s[end] = '\0';
		l->text = s + start;
		l->len = (unsigned)len;
		l->line = l->end_line = (unsigned)(i + 1);
		l->depth = 0;
		l->flags = 0;
		l->joins = NULL;
	}
	b.n = doc->nphys;
	br_doc_lines_commit(doc, &b);
}

void br_doc_bytes(const struct br_doc *doc, void (*fn)(void *arg, const char *p, size_t n),
		  void *arg)
{
	size_t from = 0;
	for (size_t i = 0; i < doc->nphys; i++) {
		size_t end = doc->phys[i] + br_doc_phys_len(doc, i);
		if (end >= doc->raw_len || doc->raw[end] != '\0')
			continue; /* the end, or a terminator left as it was */
		if (end > from)
			fn(arg, doc->raw + from, end - from);
		fn(arg, doc->phys_term[i] == 2 ? "\r" : "\n", 1);
		from = end + 1;
	}
	if (doc->raw_len > from)
		fn(arg, doc->raw + from, doc->raw_len - from);
}

/* A document of `bytes` (taken over); `look`, when given, may find it not
 * worth reading once its physical lines are split (br_doc_reader_look). */
static struct br_doc *doc_new(const char *name, char *bytes, size_t n, br_doc_look_fn look,
			      void *look_arg)
{
	struct br_doc *doc = br_calloc(1, sizeof *doc);
	doc->path = br_strdup(name);
	doc->raw = bytes;
	doc->raw_len = n;
	bool has_ctl = split_physical(doc);
	/* UTF-16 has a NUL in every other byte: the decode stage reads it */
	if (doc->binary && br_decode_utf16_mark(doc->raw, doc->raw_len))
		doc->binary = false;
	/* Binary data is not read any further (br_parse_document skips it): no
	 * logical lines, which would copy all of it once more. */
	if (doc->binary)
		return doc;
	if (look && !look(doc, look_arg)) {
		doc->looked_away = true;
		return doc;
	}
	identity_lines(doc, has_ctl);
	br_decode(doc);
	return doc;
}

static struct br_doc *doc_copy(const char *name, const char *bytes, size_t n,
			       br_doc_look_fn look, void *look_arg)
{
	char *copy = br_malloc(n + 1);
	if (n)
		memcpy(copy, bytes, n);
	copy[n] = '\0';
	return doc_new(name, copy, n, look, look_arg);
}

struct br_doc *br_doc_from_mem(const char *name, const char *bytes, size_t n)
{
	return doc_copy(name, bytes, n, NULL, NULL);
}

/* The rest of fd after the `had` bytes of `pre` (already read from it). */
static int read_all(int fd, char **out, size_t *outlen, const char *pre, size_t had)
{
	size_t cap = 65536, len = had;
	struct stat st;
	/* A regular file: its size, the NUL, and one byte more so that the read
	 * that sees the end does not have to grow (and double) the buffer. */
	if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0)
		cap = (size_t)st.st_size + 2;
	if (cap < had + 2)
		cap = had + 65536;
	char *buf = br_malloc(cap);
	big_buffer(buf, cap);
	if (had)
		memcpy(buf, pre, had);
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

/* fd 0 for "-", else path opened for reading; -1 with br_last_error() set
 * ("cannot open 'x': No such file or directory", a directory refused). */
static int open_input(const char *path, bool is_stdin)
{
	int fd = is_stdin ? 0 : open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return br_error("cannot open '%s': %s", path, strerror(errno));
	struct stat st;
	if (!is_stdin && fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
		close(fd);
		return br_error("cannot read '%s': %s", path, strerror(EISDIR));
	}
	return fd;
}

int br_doc_load(const char *path, struct br_doc **out)
{
	*out = NULL;
	bool is_stdin = strcmp(path, "-") == 0;
	int fd = open_input(path, is_stdin);
	if (fd < 0)
		return -1;
	char *bytes;
	size_t n;
	if (read_all(fd, &bytes, &n, NULL, 0) < 0) {
		int e = errno;
		if (!is_stdin)
			close(fd);
		return br_error("cannot read '%s': %s", path, strerror(e));
	}
	if (!is_stdin)
		close(fd);
	*out = doc_new(is_stdin ? "<stdin>" : path, bytes, n, NULL, NULL);
	return 0;
}

/* ------------------------------------------------------------ reader */

#define READ_BLOCK ((size_t)1 << 20) /* an mbox archive is read in pieces this big */
#define MBOX_PROBE 4096 /* bytes read to tell an mbox archive */

/*
 * A big file that is not a mail archive is handed out in pieces too, so
 * that neither its bytes nor the records of all of it are held at once:
 * each piece is a document of its own (line0 numbers its lines in the
 * file). It is cut only where a machine wrote the same thing again and
 * again, where no construct that spans lines can be, after at least PIECE
 * bytes:
 *   - inside a block of rows: before a line that follows CUT_ROWS rows of
 *     the same shape (row_shape) and is one itself (CSV);
 *   - between blocks: before the first line after a blank line when the
 *     CUT_ROWS blocks before it, in the last CUT_LOOK bytes, began with a
 *     line of the same shape as it (block_shape: a loop of hdparm runs,
 *     a log of bonnie++ reports).
 * A file with neither stays whole. What this gives up is docs/limits.md's:
 * a heading or date more than PIECE bytes above such a row or block no
 * longer names or dates it.
 */
#define PIECE ((size_t)1 << 20)
#define WHOLE ((size_t)8 << 20) /* a regular file up to this size is one document */
#define CUT_ROWS 8
#define CUT_LOOK ((size_t)64 << 10)


struct br_doc_reader {
	int fd;
	bool is_stdin, eof, mbox, done;
	const char *name;
	char *buf;          /* bytes read, not yet handed out: buf[off..len) */
	size_t off, len, cap;
	size_t scan;        /* buf[off..scan) holds no message start */
	size_t block;       /* bytes asked of read() at a time (READ_BLOCK) */
	unsigned line0;     /* physical lines handed out */
	br_doc_look_fn look; /* the first look at each message (or NULL) */
	void *look_arg;
	bool utf16;         /* starts with a UTF-16 byte-order mark: never cut */
	bool pieces;        /* not mbox nor UTF-16, and big or not a regular
			     * file: read in pieces (PIECE) */
	size_t size;        /* a regular file's size (0: unknown) */
	bool rereadable;    /* a regular file, not standard input: its
			     * documents can be read again by their spans */
	size_t shed;        /* bytes of it dropped from the front of buf */
	size_t piece;       /* bytes before a piece may be cut (PIECE) */
	long row_shape;     /* the shape of the last line scanned (row_shape()) */
	struct br_doc_span last; /* where the document handed out last was */
	const struct br_doc_span *span; /* a reader of that one document (open_span) */
	bool blank;         /* the last line scanned was blank (or none was) */
	long block_shape;   /* the shape of the last line after a blank one */
	unsigned blocks;    /* lines after blank ones of that shape in a row */
	unsigned rows;      /* lines of that shape in a row before rd->scan */
};

void br_doc_reader_look(struct br_doc_reader *rd, br_doc_look_fn fn, void *arg)
{
	rd->look = fn;
	rd->look_arg = arg;
}

/* Read up to `want` more bytes (fewer at the end): -1 on an error. */
static int reader_fill(struct br_doc_reader *rd, size_t want)
{
	if (rd->off && rd->off >= rd->cap / 2) {
		rd->shed += rd->off;
		memmove(rd->buf, rd->buf + rd->off, rd->len - rd->off);
		rd->len -= rd->off;
		rd->scan -= rd->off;
		rd->off = 0;
	}
	if (rd->len + want + 1 > rd->cap) {
		/* twice the room, but no more than the rest of a file of known
		 * size (read whole when it has nowhere to be cut: no spare half) */
		size_t need = rd->len + want + 1, cap = rd->cap ? 2 * rd->cap : need;
		if (rd->size && cap > rd->size - rd->shed + 2)
			cap = rd->size - rd->shed + 2;
		if (cap < need)
			cap = need;
		rd->buf = br_realloc(rd->buf, cap);
		rd->cap = cap;
	}
	size_t got = 0;
	while (got < want) {
		ssize_t r = read(rd->fd, rd->buf + rd->len, want - got);
		if (r < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		if (r == 0) {
			rd->eof = true;
			break;
		}
		rd->len += (size_t)r;
		got += (size_t)r;
	}
	return 0;
}

/* Is s[0..n) a line that starts a message: "From " and an address? */
static bool from_line(const char *s, size_t n)
{
	return n > 5 && memcmp(s, "From ", 5) == 0 && memchr(s + 5, '@', n - 5) != NULL;
}

static bool blank_bytes(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (s[i] != ' ' && s[i] != '\t' && s[i] != '\r')
			return false;
	return true;
}

/* The offset in buf of the next message start after the one at rd->off,
 * or 0 when none is in the bytes read. A line not read whole is not
 * decided (0: more is read first, unless at the end). */
static size_t next_message(struct br_doc_reader *rd)
{
	const char *b = rd->buf;
	size_t p = rd->scan > rd->off ? rd->scan : rd->off; /* no line starts in (off, p) */
	for (;;) {
		const char *q = p < rd->len ? memchr(b + p, '\n', rd->len - p) : NULL;
		if (!q) {
			rd->scan = rd->len;
			return 0;
		}
		size_t start = (size_t)(q - b) + 1; /* a line starts here */
		if (start + 5 > rd->len && !rd->eof) {
			rd->scan = start - 1;
			return 0; /* too little of it read to tell */
		}
		if (start < rd->len && b[start] == 'F' && start + 5 <= rd->len &&
		    memcmp(b + start, "From ", 5) == 0) {
			const char *e = memchr(b + start, '\n', rd->len - start);
			if (!e && !rd->eof) {
				rd->scan = start - 1;
				return 0; /* its line is not read whole yet */
			}
			size_t end = e ? (size_t)(e - b) : rd->len;
			/* after a blank line (the one ending at start - 1) */
			size_t ps = start - 1;
			while (ps > rd->off && b[ps - 1] != '\n')
				ps--;
			if (from_line(b + start, end - start) && blank_bytes(b + ps, start - 1 - ps))
				return start;
		}
		p = start;
	}
}

/*
 * The shape of a line that may stand in a block of machine-written rows:
 * a delimited row (CSV), its count of commas (at least five), or a JSON
 * object on one line (JSON Lines: JSON_ROW); -1 for any other line. A CSV
 * row starts with a letter or digit, and holds no byte that a transport
 * encoding or markup would give a meaning across lines: no '<', '>' or
 * '[' (HTML, quoting, forum markup), no '=' (quoted-printable); no row
 * holds a control byte other than a CR at its end. (A record read back
 * from JSON Lines keeps the file's order, reconcile.c document_order, so
 * pieces of them come out as the whole file would.)
 */
#define JSON_ROW ((long)1 << 40)

static long row_shape(const char *s, size_t n)
{
	if (n && s[n - 1] == '\r')
		n--;
	bool json = n >= 2 && s[0] == '{' && s[n - 1] == '}';
	if (!json && (n < 12 || !((s[0] >= '0' && s[0] <= '9') || (s[0] >= 'A' && s[0] <= 'Z') ||
				  (s[0] >= 'a' && s[0] <= 'z'))))
		return -1;
	long commas = 0;
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c < 0x20 || (!json && (c == '<' || c == '>' || c == '[' || c == '=')))
			return -1;
		commas += c == ',';
	}
	return json ? JSON_ROW : commas >= 5 ? commas : -1;
}

/* The shape of a line that begins a block (after a blank line): its first
 * bytes up to a digit or a blank (3 to 8 of them, a letter or '/' first),
 * as a number; -1 for any other line. */
static long block_shape(const char *s, size_t n)
{
	if (n < 3 || !((s[0] >= 'A' && s[0] <= 'Z') || (s[0] >= 'a' && s[0] <= 'z') || s[0] == '/'))
		return -1;
	long h = 0;
	size_t i = 0;
	for (; i < n && i < 8; i++) {
		unsigned char c = (unsigned char)s[i];
		if ((c >= '0' && c <= '9') || c == ' ' || c == '\t')
			break;
		if (c < 0x20 || c >= 0x7f || c == '<' || c == '>' || c == '[' || c == '|')
			return -1;
		h = h * 131 + c;
	}
	return i >= 3 ? h & 0x3fffffffffffffff : -1;
}

/* Whether a line is blank (spaces, tabs and a CR at most). */
static bool blank_line(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (s[i] != ' ' && s[i] != '\t' && s[i] != '\r')
			return false;
	return true;
}

/* The line at p (n bytes) to the block count: a blank line, or the first
 * after one; whether a cut may be made before it (it begins a block of
 * the shape of the CUT_ROWS before it). */
static bool count_block(struct br_doc_reader *rd, const char *s, size_t n)
{
	if (blank_line(s, n)) {
		rd->blank = true;
		return false;
	}
	if (!rd->blank)
		return false;
	rd->blank = false;
	long shape = block_shape(s, n);
	bool cut = shape != -1 && shape == rd->block_shape && rd->blocks >= CUT_ROWS;
	rd->blocks = shape != -1 && shape == rd->block_shape ? rd->blocks + 1 : 1;
	rd->block_shape = shape;
	return cut;
}

/* The block count as it stands before p (a line start), from the lines of
 * the piece in the CUT_LOOK bytes before it. */
static void blocks_before(struct br_doc_reader *rd, size_t p)
{
	const char *b = rd->buf;
	size_t s = rd->off;
	rd->blank = true;
	rd->block_shape = -1;
	rd->blocks = 0;
	if (p - rd->off > CUT_LOOK) {
		/* the first line that starts in the window, after its line */
		const char *nl = memchr(b + p - CUT_LOOK, '\n', CUT_LOOK);
		s = nl ? (size_t)(nl - b) + 1 : p;
		rd->blank = false; /* (not known: no block begins at s) */
	}
	while (s < p) {
		const char *q = memchr(b + s, '\n', p - s);
		size_t e = q ? (size_t)(q - b) : p;
		count_block(rd, b + s, e - s);
		s = e + 1;
	}
}

/* rd->row_shape and rd->rows as the line-by-line scan of next_cut would
 * leave them after the lines of the piece before p (a line start): the
 * shape of the last, and how many lines in a row end there with it (as
 * many as CUT_ROWS at most; 1 for a line that is no row). */
static void rows_before(struct br_doc_reader *rd, size_t p)
{
	const char *b = rd->buf;
	rd->row_shape = -1;
	rd->blank = true;
	rd->block_shape = -1;
	rd->rows = 0;
	size_t end = p; /* the line before ends at end - 1 ('\n') */
	while (end > rd->off && rd->rows < CUT_ROWS) {
		const char *nl = end - 1 > rd->off ? memrchr(b + rd->off, '\n', end - 1 - rd->off) : NULL;
		size_t start = nl ? (size_t)(nl - b) + 1 : rd->off;
		long shape = row_shape(b + start, end - 1 - start);
		if (rd->rows == 0) {
			rd->row_shape = shape;
			rd->rows = 1;
			if (shape == -1)
				return;
		} else if (shape != rd->row_shape) {
			return;
		} else {
			rd->rows++;
		}
		end = start;
	}
}

/* The offset in buf where the piece at rd->off may end (a line start: see
 * PIECE), or 0 when none is in the bytes read. */
static size_t next_cut(struct br_doc_reader *rd)
{
	const char *b = rd->buf;
	size_t p = rd->scan > rd->off ? rd->scan : rd->off; /* a line starts at p */
	if (p - rd->off < rd->piece) {
		/* no cut before off + piece: the lines before it are not
		 * looked at one by one, only the run of rows just before the
		 * first line that starts there */
		size_t at = rd->off + rd->piece;
		const char *q = at <= rd->len ? memchr(b + at - 1, '\n', rd->len - (at - 1)) : NULL;
		if (!q)
			return 0;
		p = (size_t)(q - b) + 1;
		rows_before(rd, p);
		blocks_before(rd, p);
	}
	for (;;) {
		const char *q = p < rd->len ? memchr(b + p, '\n', rd->len - p) : NULL;
		if (!q) {
			rd->scan = p;
			return 0; /* the line at p is not read whole */
		}
		long shape = row_shape(b + p, (size_t)(q - b) - p);
		bool block = count_block(rd, b + p, (size_t)(q - b) - p);
		if (((shape != -1 && shape == rd->row_shape && rd->rows >= CUT_ROWS) || block) &&
		    p - rd->off >= rd->piece) {
			rd->rows = 0;
			rd->row_shape = -1;
			rd->blank = true;
			rd->block_shape = -1;
			rd->blocks = 0;
			return p;
		}
		rd->rows = shape != -1 && shape == rd->row_shape ? rd->rows + 1 : 1;
		rd->row_shape = shape;
		p = (size_t)(q - b) + 1;
	}
}

/* The next document of a file read in parts: up to where end_at() finds
 * the next one starts (next_message, next_cut), read on until it does or
 * the file ends. */
static int next_part(struct br_doc_reader *rd, size_t (*end_at)(struct br_doc_reader *rd), br_doc_look_fn look,
		     struct br_doc **doc)
{
	size_t next;
	while (!(next = end_at(rd)) && !rd->eof)
		if (reader_fill(rd, rd->block) < 0)
			return br_error("cannot read '%s': %s", rd->name, strerror(errno));
	size_t end = next ? next : rd->len;
	if (end == rd->off) {
		rd->done = true;
		return 0;
	}
	rd->last = (struct br_doc_span){rd->shed + rd->off, end - rd->off, rd->line0, rd->mbox, false};
	if (rd->off == 0 && end == rd->len && rd->eof) {
		/* the rest of the file, all in buf: handed over, not copied */
		rd->buf[end] = '\0';
		*doc = doc_new(rd->name, rd->buf, end, look, rd->look_arg);
		rd->buf = NULL;
		rd->len = rd->cap = rd->scan = 0;
		rd->line0 += (unsigned)(*doc)->nphys;
		rd->done = true;
		return 0;
	}
	*doc = doc_copy(rd->name, rd->buf + rd->off, end - rd->off, look, rd->look_arg);
	rd->off = end;
	rd->scan = end;
	rd->line0 += (unsigned)(*doc)->nphys;
	if (!next && rd->eof)
		rd->done = true;
	return 0;
}

static int reader_init(int fd, bool is_stdin, const char *path, struct br_doc_reader **out);

/* The bytes of the document at *sp of fd, read again (NUL-terminated);
 * NULL with br_error() when they are no longer there. */
static char *span_bytes(int fd, const char *name, const struct br_doc_span *sp)
{
	char *bytes = br_malloc(sp->len + 1);
	size_t got = 0;
	while (got < sp->len) {
		ssize_t r = pread(fd, bytes + got, sp->len - got, (off_t)(sp->off + got));
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			int e = errno;
			free(bytes);
			br_error("cannot read '%s' again: %s", name, strerror(e));
			return NULL;
		}
		if (r == 0) {
			free(bytes);
			br_error("an input changed while it was read: '%s'", name);
			return NULL;
		}
		got += (size_t)r;
	}
	bytes[sp->len] = '\0';
	return bytes;
}

/* The one document of a reader made by br_doc_reader_open_span: its bytes
 * read again, handed out as the reader that first read them did (a
 * message of a mail archive looked at first). */
static int next_span(struct br_doc_reader *rd, struct br_doc **doc, unsigned *line0)
{
	const struct br_doc_span *sp = rd->span;
	rd->done = true;
	char *bytes = span_bytes(rd->fd, rd->name, sp);
	if (!bytes)
		return -1;
	*line0 = sp->line0;
	*doc = doc_new(rd->name, bytes, sp->len, sp->mbox ? rd->look : NULL, rd->look_arg);
	return 0;
}

int br_doc_read_span(int fd, const char *name, const struct br_doc_span *sp, struct br_doc **out)
{
	char *bytes = span_bytes(fd, name, sp);
	*out = bytes ? doc_new(name, bytes, sp->len, NULL, NULL) : NULL;
	return bytes ? 0 : -1;
}

bool br_doc_reader_rereadable(const struct br_doc_reader *rd)
{
	return rd->rereadable;
}

void br_doc_reader_span(const struct br_doc_reader *rd, struct br_doc_span *sp)
{
	*sp = rd->last;
}

int br_doc_reader_open_span(const char *path, int stdin_copy, const struct br_doc_span *sp,
			    struct br_doc_reader **out)
{
	*out = NULL;
	bool is_stdin = strcmp(path, "-") == 0;
	int fd = is_stdin && stdin_copy > 0 ? stdin_copy : open_input(path, is_stdin);
	if (fd < 0)
		return -1;
	struct br_doc_reader *rd = br_calloc(1, sizeof *rd);
	rd->fd = fd;
	rd->is_stdin = is_stdin;
	rd->name = is_stdin ? "<stdin>" : path;
	rd->span = sp;
	rd->last = *sp;
	struct stat st;
	rd->rereadable = !is_stdin && fstat(fd, &st) == 0 && S_ISREG(st.st_mode);
	*out = rd;
	return 0;
}

int br_doc_reader_open(const char *path, struct br_doc_reader **out)
{
	*out = NULL;
	bool is_stdin = strcmp(path, "-") == 0;
	int fd = open_input(path, is_stdin);
	if (fd < 0)
		return -1;
	return reader_init(fd, is_stdin, path, out);
}

int br_doc_reader_open_stdin_copy(int fd, struct br_doc_reader **out)
{
	*out = NULL;
	if (lseek(fd, 0, SEEK_SET) < 0)
		return br_error("cannot read standard input again: %s", strerror(errno));
	return reader_init(fd, true, "-", out);
}

/* A reader of fd (not closed with it when is_stdin). */
static int reader_init(int fd, bool is_stdin, const char *path, struct br_doc_reader **out)
{
	struct br_doc_reader *rd = br_calloc(1, sizeof *rd);
	rd->fd = fd;
	rd->is_stdin = is_stdin;
	rd->name = is_stdin ? "<stdin>" : path;
	rd->block = READ_BLOCK;
	/* tell an mbox archive by its first line */
	if (reader_fill(rd, MBOX_PROBE) < 0) {
		int e = errno;
		br_doc_reader_close(rd);
		return br_error("cannot read '%s': %s", path, strerror(e));
	}
	const char *e = memchr(rd->buf, '\n', rd->len);
	rd->mbox = from_line(rd->buf, e ? (size_t)(e - rd->buf) : rd->len);
	struct stat st;
	bool reg = fstat(fd, &st) == 0 && S_ISREG(st.st_mode);
	rd->size = reg ? (size_t)st.st_size : 0;
	rd->rereadable = reg && !is_stdin;
	/* a UTF-16 text is one document however big: a piece would start
	 * without its byte-order mark, maybe inside a character */
	rd->utf16 = br_decode_utf16_mark(rd->buf, rd->len);
	rd->pieces = !rd->mbox && !rd->utf16 && !(reg && rd->size <= WHOLE);
	rd->piece = PIECE;
	rd->row_shape = -1;
	*out = rd;
	return 0;
}

void br_doc_reader_set_block(struct br_doc_reader *rd, size_t n)
{
	rd->block = n ? n : READ_BLOCK;
}

void br_doc_reader_set_piece(struct br_doc_reader *rd, size_t n)
{
	rd->pieces = !rd->mbox && !rd->utf16;
	rd->piece = n;
}

int br_doc_reader_next(struct br_doc_reader *rd, struct br_doc **doc, unsigned *line0)
{
	*doc = NULL;
	*line0 = rd->line0;
	if (rd->done)
		return 0;
	if (rd->span)
		return next_span(rd, doc, line0);
	if (rd->pieces)
		return next_part(rd, next_cut, NULL, doc);
	if (!rd->mbox) {
		/* the whole file, in one buffer (read_all's, after what was read) */
		char *bytes;
		size_t n;
		int r = read_all(rd->fd, &bytes, &n, rd->buf, rd->len);
		rd->done = true;
		if (r < 0)
			return br_error("cannot read '%s': %s", rd->name, strerror(errno));
		free(rd->buf);
		rd->buf = NULL;
		rd->len = rd->off = 0;
		rd->last = (struct br_doc_span){0, n, 0, false, false};
		*doc = doc_new(rd->name, bytes, n, NULL, NULL);
		return 0;
	}
	return next_part(rd, next_message, rd->look, doc);
}

void br_doc_reader_close(struct br_doc_reader *rd)
{
	if (!rd)
		return;
	if (!rd->is_stdin && rd->fd >= 0)
		close(rd->fd);
	free(rd->buf);
	free(rd);
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
	free(doc->phys_term);
	free(doc->raw);
	free(doc->path);
	free(doc->charset);
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

/* Text of an excerpt, each piece after the first on a line of its own;
 * bytes as read in the document's declared character set (charset, or
 * NULL) made UTF-8. */
void br_doc_excerpt_add(struct br_buf *b, bool *first, const char *p, size_t n, const char *charset)
{
	if (!*first)
		br_buf_addc(b, '\n');
	*first = false;
	/* plain ASCII text, the common case, is copied as it is */
	if (plain_text(p, n))
		br_buf_add(b, p, n);
	else if (!charset || (br_utf8_valid(p, n) && strncmp(charset, "iso-2022", 8) != 0) ||
		 !br_charset_add(charset, p, n, b))
		br_buf_add_utf8(b, p, n); /* (an ISO-2022 set shifts with ESC: valid UTF-8) */
}

char *br_doc_excerpt(const struct br_doc *doc, unsigned first, unsigned last)
{
	struct br_buf b = BR_BUF_INIT;
	bool none = true;
	if (first < 1)
		first = 1;
	if (last > doc->nphys)
		last = (unsigned)doc->nphys;
	unsigned i = first;
	/* base64 lines say nothing: the lines decoded from them instead */
	for (size_t k = 0; doc->shown && k < doc->nlines; k++) {
		const struct br_line *l = &doc->lines[k];
		if (!(l->flags & BR_LINE_DECODED) || l->end_line < first || l->line > last)
			continue;
		for (; i < l->line; i++)
			br_doc_excerpt_add(&b, &none, doc->raw + doc->phys[i - 1], br_doc_phys_len(doc, i - 1),
				    doc->charset);
		br_doc_excerpt_add(&b, &none, l->text, l->len, NULL);
		if (i <= l->end_line)
			i = l->end_line + 1;
	}
	for (; i <= last; i++)
		br_doc_excerpt_add(&b, &none, doc->raw + doc->phys[i - 1], br_doc_phys_len(doc, i - 1), doc->charset);
	return br_buf_detach(&b);
}

/* What each BR_TRANSPORT_* bit did: in a few words (a report's column) and
 * in a sentence (--explain). One table, so that a new decoding is named in
 * both or neither. */
static const struct {
	unsigned bit;
	const char *word, *name;
} transports[] = {
	{BR_TRANSPORT_QP, "quoted-printable", "quoted-printable decoded"},
	{BR_TRANSPORT_HTML, "HTML", "read as an HTML page"},
	{BR_TRANSPORT_QUOTE, "mail quoting", "mail quoting ('> ') removed"},
	{BR_TRANSPORT_BBCODE, "forum markup", "forum markup ([code], [b]) removed"},
	{BR_TRANSPORT_TABS, "tabs", "tabs and no-break spaces made blanks"},
	{BR_TRANSPORT_PREFIX, "line prefixes", "a block's shared prefix (comment, list, diff marks) removed"},
	{BR_TRANSPORT_NUMBERS, "line numbers", "line numbers (a pastebin's or viewer's gutter) removed"},
	{BR_TRANSPORT_SPACING, "double spacing", "double spacing (a blank line after every line) undone"},
	{BR_TRANSPORT_ESCAPES, "terminal escapes", "terminal escape sequences (colours, cursor moves) removed"},
	{BR_TRANSPORT_BASE64, "base64", "base64 mail bodies decoded"},
	{BR_TRANSPORT_UUENCODE, "uuencode", "uuencoded attachments decoded"},
	{BR_TRANSPORT_MDTABLE, "Markdown table", "lines made Markdown table rows read as a table's rows"},
	{BR_TRANSPORT_UTF16, "UTF-16", "read as UTF-16 text"},
	{BR_TRANSPORT_MDESCAPE, "Markdown escapes", "a Markdown converter's backslash escapes removed"},
	{BR_TRANSPORT_CHARSET, "character set", "text in the character set the mail declared, made UTF-8"},
};

const char *br_transport_name(unsigned bit)
{
	for (size_t i = 0; i < BR_ARRAY_LEN(transports); i++)
		if (transports[i].bit == bit)
			return transports[i].name;
	return NULL;
}

const char *br_transport_word(unsigned bit)
{
	for (size_t i = 0; i < BR_ARRAY_LEN(transports); i++)
		if (transports[i].bit == bit)
			return transports[i].word;
	return NULL;
}

/* ------------------------------------------------------------ dates */

static bool ascii_prefix(const char *s, size_t n, const char *lit)
{
	size_t k = strlen(lit);
	if (n < k)
		return false;
	for (size_t i = 0; i < k; i++) {
		char c = s[i] >= 'A' && s[i] <= 'Z' ? (char)(s[i] - 'A' + 'a') : s[i];
		if (c != lit[i])
			return false;
	}
	return true;
}

/* The header names that put a Date: line in a message's header block. */
static const char *const mail_headers[] = {
	"from:", "to:", "cc:", "subject:", "message-id:", "sent:", "newsgroups:", "reply-to:",
	"von:", "gesendet:", "an:", "betreff:",
	"references:", "in-reply-to:", "mime-version:", "content-type:", "organization:",
	"user-agent:", "received:", "return-path:", "sender:", "x-",
};

static bool mail_header(const char *s, size_t n)
{
	for (size_t i = 0; i < BR_ARRAY_LEN(mail_headers); i++)
		if (ascii_prefix(s, n, mail_headers[i]))
			return true;
	return false;
}

/* Line i's neighbour at the same depth is a header; or the headers were
 * collapsed onto line i itself, after the date. */
static bool in_header_block(const struct br_doc *doc, size_t i, const char *rest, size_t nrest)
{
	const struct br_line *l = &doc->lines[i];
	if (i > 0 && doc->lines[i - 1].depth == l->depth &&
	    mail_header(doc->lines[i - 1].text, doc->lines[i - 1].len))
		return true;
	if (i + 1 < doc->nlines && doc->lines[i + 1].depth == l->depth &&
	    mail_header(doc->lines[i + 1].text, doc->lines[i + 1].len))
		return true;
	while (nrest && (*rest == ' ' || *rest == '\t')) {
		rest++;
		nrest--;
	}
	return nrest && mail_header(rest, nrest);
}

/* "[benchreport-run V] run N of M, YYYY-MM-DD HH:MM:SS UTC; ..." (runner/run.c;
 * before 0.2 "[benchreport run V]"). */
static bool runner_date(const char *s, size_t n, int64_t *t)
{
	const char *tag = memmem(s, n, "[benchreport-run ", 17);
	if (!tag)
		tag = memmem(s, n, "[benchreport run ", 17);
	if (!tag)
		return false;
	const char *utc = memmem(tag, n - (size_t)(tag - s), " UTC", 4);
	if (!utc || utc - tag < 19 + 17)
		return false;
	char iso[20];
	memcpy(iso, utc - 19, 19);
	iso[19] = '\0';
	enum br_date_prec prec;
	return br_date_iso(iso, t, &prec) && prec == BR_DATE_SECOND;
}

/* "Name: value", any name (Content-Transfer-Encoding:, X-Mailer:). */
static bool header_shape(const char *s, size_t n)
{
	size_t i = 0;
	while (i < n && i < 64 && ((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' && s[i] <= 'Z') ||
				   (s[i] >= '0' && s[i] <= '9') || s[i] == '-'))
		i++;
	return i > 0 && i < n && s[i] == ':';
}

/* Outlook's "Sent:" in a quoted message's header block ("-----Original
 * Message-----"): "Tuesday, March 04, 2008 10:12 AM", "Monday, 2 March 2015
 * 17:40", "02 March 2015 17:40" (the day of the week optional, the day
 * before or after the month, seconds optional, a 12-hour clock with AM or
 * PM); a German Outlook's "Gesendet: Mittwoch, 4. Juni 2014 17:05" too.
 * Outlook writes the sender's local time without a zone: taken as UTC, as
 * a Date: without a zone is. */
static const struct {
	const char *prefix;
	int month;
} month_names[] = {
	{"jan", 1}, {"feb", 2}, {"mar", 3}, {"apr", 4}, {"may", 5}, {"jun", 6}, {"jul", 7}, {"aug", 8},
	{"sep", 9}, {"oct", 10}, {"nov", 11}, {"dec", 12},
	{"m\xc3\xa4r", 3}, {"mrz", 3}, {"mai", 5}, {"okt", 10}, {"dez", 12}, /* German */
};

/* The word at s[*i] (letters, UTF-8's too), its month (1-12) or 0; *i
 * past it. */
static int sent_month(const char *s, size_t n, size_t *i)
{
	size_t a = *i;
	while (*i < n && (((s[*i] | 0x20) >= 'a' && (s[*i] | 0x20) <= 'z') || (unsigned char)s[*i] >= 0x80))
		(*i)++;
	if (*i - a < 3)
		return 0;
	for (size_t m = 0; m < BR_ARRAY_LEN(month_names); m++)
		if (ascii_prefix(s + a, *i - a, month_names[m].prefix))
			return month_names[m].month;
	return 0;
}

/* A number of 1..maxd digits at s[*i], -1 if none; *i past it. */
static int sent_number(const char *s, size_t n, size_t *i, size_t maxd)
{
	size_t a = *i;
	int v = 0;
	while (*i < n && *i - a < maxd && s[*i] >= '0' && s[*i] <= '9')
		v = v * 10 + (s[(*i)++] - '0');
	return *i > a ? v : -1;
}

static void sent_blanks(const char *s, size_t n, size_t *i)
{
	while (*i < n && (s[*i] == ' ' || s[*i] == '\t' || s[*i] == ',' || s[*i] == '.'))
		(*i)++;
}

static bool outlook_date(const char *s, size_t n, int64_t *t)
{
	size_t i = 0, w;
	sent_blanks(s, n, &i);
	w = i;
	if (!sent_month(s, n, &w)) { /* a day of the week, or none */
		while (i < n && ((s[i] | 0x20) >= 'a' && (s[i] | 0x20) <= 'z'))
			i++;
		sent_blanks(s, n, &i);
	}
	int day = sent_number(s, n, &i, 2), mon;
	sent_blanks(s, n, &i);
	mon = sent_month(s, n, &i);
	sent_blanks(s, n, &i);
	if (day < 0)
		day = sent_number(s, n, &i, 2); /* "March 04, 2008" */
	sent_blanks(s, n, &i);
	size_t y0 = i;
	int year = sent_number(s, n, &i, 4);
	if (!mon || day < 0 || i - y0 != 4)
		return false;
	sent_blanks(s, n, &i);
	int hour = sent_number(s, n, &i, 2), min = -1, sec = 0;
	if (hour >= 0 && i < n && s[i] == ':') {
		i++;
		min = sent_number(s, n, &i, 2);
	}
	if (min >= 0 && i < n && s[i] == ':') {
		i++;
		sec = sent_number(s, n, &i, 2);
	}
	if (min < 0 || sec < 0)
		return false;
	sent_blanks(s, n, &i);
	if (i + 1 < n && (s[i + 1] == 'M' || s[i + 1] == 'm') &&
	    ((s[i] | 0x20) == 'a' || (s[i] | 0x20) == 'p')) {
		if (hour < 1 || hour > 12)
			return false;
		hour = hour % 12 + ((s[i] | 0x20) == 'p' ? 12 : 0);
	}
	return br_date_make(year, mon, day, hour, min, sec, t);
}

/* An HTML mail's logical lines are its body's: its header block, the
 * physical lines above the first blank one, is read from the bytes. */
static int64_t html_mail_date(const struct br_doc *doc, unsigned *line)
{
	bool header = false;
	int64_t when = 0;
	*line = 0;
	for (size_t i = 0; i < doc->nphys; i++) {
		const char *s = doc->raw + doc->phys[i];
		size_t n = br_doc_phys_len(doc, i);
		if (br_is_blank(s, n))
			break;
		int64_t t;
		size_t used;
		if (n > 5 && ascii_prefix(s, n, "date:") && br_date_rfc2822(s + 5, n - 5, &t, &used)) {
			when = t;
			*line = (unsigned)i + 1;
		} else if (mail_header(s, n)) {
			header = true;
		} else if (s[0] != ' ' && s[0] != '\t' && !header_shape(s, n)) {
			*line = 0; /* not a header block (a continuation line is) */
			return 0;
		}
	}
	if (!header)
		*line = 0;
	return when;
}

size_t br_doc_dates(const struct br_doc *doc, struct br_doc_date **out)
{
	*out = NULL;
	size_t n = 0, cap = 0;
	if (doc->transport & BR_TRANSPORT_HTML) {
		unsigned line;
		int64_t t = html_mail_date(doc, &line);
		if (line) {
			*out = br_grow(*out, &cap, 1, sizeof **out);
			(*out)[n++] = (struct br_doc_date){t, line, 0, false};
		}
	}
	for (size_t i = 0; i < doc->nlines; i++) {
		const struct br_line *l = &doc->lines[i];
		int64_t t;
		size_t used;
		bool runner = false;
		if (l->len > 5 && ascii_prefix(l->text, l->len, "date:")) {
			if (!br_date_rfc2822(l->text + 5, l->len - 5, &t, &used) ||
			    !in_header_block(doc, i, l->text + 5 + used, l->len - 5 - used))
				continue;
		} else if ((l->len > 5 && ascii_prefix(l->text, l->len, "sent:")) ||
			   (l->len > 9 && ascii_prefix(l->text, l->len, "gesendet:"))) {
			size_t k = (l->text[0] | 0x20) == 's' ? 5 : 9;
			if (!outlook_date(l->text + k, l->len - k, &t) || !in_header_block(doc, i, "", 0))
				continue;
		} else if (l->len > 40 && memchr(l->text, '[', l->len) && runner_date(l->text, l->len, &t)) {
			runner = true;
		} else {
			continue;
		}
		*out = br_grow(*out, &cap, n + 1, sizeof **out);
		(*out)[n++] = (struct br_doc_date){t, l->line, l->depth, runner};
	}
	/* in line order: only an HTML mail's header date, put first, can be out
	 * of place (body lines the decoder numbered before it), so insertion
	 * moves each entry at most one step */
	for (size_t i = 1; i < n; i++)
		for (size_t k = i; k > 0 && (*out)[k - 1].line > (*out)[k].line; k--) {
			struct br_doc_date x = (*out)[k];
			(*out)[k] = (*out)[k - 1];
			(*out)[k - 1] = x;
		}
	return n;
}
