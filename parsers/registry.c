/* registry — the parser list (parsers.def) and the shared parser helpers. */
#include <pthread.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "label.h"
#include "look.h"
#include "parser.h"
#include "reconcile.h"
#include "vocab.h"

#define BR_PARSER(fmt) extern const struct br_parser br_parser_##fmt;
#include "parsers.def"
#undef BR_PARSER

static const struct br_parser *const parsers[] = {
#define BR_PARSER(fmt) &br_parser_##fmt,
#include "parsers.def"
#undef BR_PARSER
};

const struct br_parser *const *br_parsers(size_t *n)
{
	*n = BR_ARRAY_LEN(parsers);
	return parsers;
}

const struct br_parser *br_parser_by_name(const char *name)
{
	for (size_t i = 0; i < BR_ARRAY_LEN(parsers); i++)
		if (strcmp(parsers[i]->name, name) == 0)
			return parsers[i];
	return NULL;
}

/* The parsers' vocabularies merged, built once and installed for core's
 * label and decode stages (vocab.h); freed at exit. */
static struct br_vocab *vocab;
static pthread_once_t vocab_once = PTHREAD_ONCE_INIT;

static void vocab_free(void)
{
	br_vocab_free(vocab);
	vocab = NULL;
}

static void vocab_build(void)
{
	vocab = br_vocab_new();
	for (size_t i = 0; i < BR_ARRAY_LEN(parsers); i++)
		br_vocab_merge(vocab, parsers[i]->vocab);
	br_vocab_install(vocab);
	atexit(vocab_free);
}

void br_parsers_init(void)
{
	pthread_once(&vocab_once, vocab_build);
}

const unsigned char br_blank_class[256] = {
	[' '] = 1, ['\t'] = 1, ['|'] = 1, ['\r'] = 1, ['\v'] = 1, ['\f'] = 1,
	[0xc2] = 2, /* a blank when 0xa0 follows (U+00A0) */
};

static unsigned orig_line(const struct br_doc *doc, size_t idx, bool end)
{
	if (doc->nlines == 0)
		return 1;
	if (idx >= doc->nlines)
		idx = doc->nlines - 1;
	return end ? doc->lines[idx].end_line : doc->lines[idx].line;
}

/* Only printable ASCII, TAB and LF: text br_utf8_dup() and br_doc_excerpt()
 * copy unchanged. */
static bool plain_byte(unsigned char c)
{
	return c < 0x20 ? c == '\t' || c == '\n' : c < 0x7f;
}

static bool plain_text(const char *s, size_t n)
{
	size_t i = 0;
#ifdef __SSE2__
	const __m128i space = _mm_set1_epi8(0x20), del = _mm_set1_epi8(0x7f);
	for (; i + 16 <= n; i += 16) {
		__m128i v = _mm_loadu_si128((const __m128i *)(const void *)(s + i));
		/* signed bytes: those >= 0x80 are below 0x20 too */
		__m128i odd = _mm_or_si128(_mm_cmplt_epi8(v, space), _mm_cmpeq_epi8(v, del));
		if (_mm_movemask_epi8(odd)) /* a TAB, or not plain: look at each */
			for (size_t k = i; k < i + 16; k++)
				if (!plain_byte((unsigned char)s[k]))
					return false;
	}
#endif
	for (; i < n; i++)
		if (!plain_byte((unsigned char)s[i]))
			return false;
	return true;
}

/* r's excerpt: br_doc_excerpt(doc, a, b), written straight into the
 * record's string block when the lines are plain text (whatever ends them:
 * the excerpt joins them by LF). */
static void set_excerpt(struct br_record *r, const struct br_doc *doc, unsigned a, unsigned b)
{
	if (a < 1 || a > b || b > doc->nphys || doc->shown)
		goto slow;
	size_t n = b - a; /* the LFs */
	for (unsigned i = a - 1; i < b; i++) {
		if (!plain_text(doc->raw + doc->phys[i], br_doc_phys_len(doc, i)))
			goto slow;
		n += br_doc_phys_len(doc, i);
	}
	char *p = br_record_excerpt_room(r, n), *w = p;
	for (unsigned i = a - 1; i < b; i++) {
		memcpy(w, doc->raw + doc->phys[i], br_doc_phys_len(doc, i));
		w += br_doc_phys_len(doc, i);
		*w++ = '\n';
	}
	p[n] = '\0'; /* the last LF went there */
	return;
slow:;
	char *t = br_doc_excerpt(doc, a, b);
	br_record_set_excerpt(r, t);
	free(t);
}

/* r's excerpt, lines a..b: copied, or read back when shown (the lines
 * are then the record's source lines: br_record_defer_excerpt) */
static void excerpt(struct br_parse_ctx *ctx, struct br_record *r, unsigned a, unsigned b)
{
	if (ctx->ds->skip_excerpts)
		return;
	if (ctx->excerpts_later && a == r->source.line && b == r->source.end_line)
		br_record_defer_excerpt(r);
	else
		set_excerpt(r, ctx->doc, a, b);
}

struct br_record *br_parse_record_new(struct br_parse_ctx *ctx, enum br_tool tool, size_t first,
				      size_t last)
{
	struct br_record *r = br_record_new(tool);
	unsigned a = orig_line(ctx->doc, first, false), b = orig_line(ctx->doc, last, true);
	br_record_set_source(r, ctx->doc->path, a, b, ctx->parser->name);
	excerpt(ctx, r, a, b);
	return r;
}

void br_parse_set_excerpt(struct br_parse_ctx *ctx, struct br_record *r, unsigned a, unsigned b)
{
	excerpt(ctx, r, a, b);
}

void br_parse_emit(struct br_parse_ctx *ctx, struct br_record *r)
{
	br_recset_add(&ctx->ds->records, br_record_compact(r));
	ctx->nrecords++;
}

void br_parse_claim(struct br_parse_ctx *ctx, size_t first, size_t last, const char *why)
{
	if (ctx->doc->nlines == 0)
		return;
	if (last >= ctx->doc->nlines)
		last = ctx->doc->nlines - 1;
	for (size_t i = first; i <= last; i++)
		ctx->claimed[i] = 1;
	br_dataset_add_claim(ctx->ds, ctx->doc->path, orig_line(ctx->doc, first, false),
			     orig_line(ctx->doc, last, true), ctx->parser->name, why);
}

static void diag_at(struct br_parse_ctx *ctx, enum br_severity sev, size_t idx, const char *fmt,
		    va_list ap)
{
	br_diag_vadd(&ctx->ds->diags, sev, ctx->doc->path, orig_line(ctx->doc, idx, false),
		     ctx->parser->name, fmt, ap);
}

void br_parse_warn(struct br_parse_ctx *ctx, size_t idx, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	diag_at(ctx, BR_WARNING, idx, fmt, ap);
	va_end(ap);
}

void br_parse_doubt(struct br_parse_ctx *ctx, size_t idx, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	diag_at(ctx, BR_WARNING, idx, fmt, ap);
	va_end(ap);
	ctx->ds->diags.v[ctx->ds->diags.n - 1].kept = true;
}

void br_parse_note(struct br_parse_ctx *ctx, size_t idx, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	diag_at(ctx, BR_NOTE, idx, fmt, ap);
	va_end(ap);
}

unsigned br_parse_line(const struct br_parse_ctx *ctx, size_t idx)
{
	return orig_line(ctx->doc, idx, false);
}

void br_reconcile_note(struct br_reconcile_ctx *rc, unsigned line, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	br_diag_vadd(&rc->ds->diags, BR_NOTE, rc->doc->path, line, rc->parser->name, fmt, ap);
	va_end(ap);
}

void br_reconcile_doubt(struct br_reconcile_ctx *rc, unsigned line, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	br_diag_vadd(&rc->ds->diags, BR_WARNING, rc->doc->path, line, rc->parser->name, fmt, ap);
	va_end(ap);
	rc->ds->diags.v[rc->ds->diags.n - 1].kept = true;
}

char *br_parse_label(struct br_parse_ctx *ctx, size_t idx, const char *own)
{
	return br_label_for(ctx->doc, idx, own);
}

/* A token of a result: a number ("6618", "179.9", "3000M") or +++++. */
static bool figure_token(const char *p, size_t n)
{
	if (n >= 3 && strspn(p, "+") >= n)
		return true;
	size_t d = 0, i = 0;
	for (; i < n && ((p[i] >= '0' && p[i] <= '9') || p[i] == '.' || p[i] == ','); i++)
		d += p[i] >= '0' && p[i] <= '9';
	/* a unit letter may follow (3000M, 56MB/s) */
	return d > 0 && (i == n || (p[i] >= 'A' && p[i] <= 'z'));
}

static size_t figure_count(const char *s)
{
	size_t k = 0;
	while (*s) {
		while (*s == ' ' || *s == '\t' || *s == '|' || *s == ',' || *s == ';')
			s++;
		size_t n = strcspn(s, " \t|,;");
		k += n && figure_token(s, n);
		s += n;
	}
	return k;
}

/* --explain: what no parser took but looks like figures (three or more
 * numbers a line), as claims of no parser, so the user sees what was not
 * read next to what was. */
static void explain_unread(struct br_parse_ctx *ctx)
{
	const struct br_doc *doc = ctx->doc;
	for (size_t i = 0; i < doc->nlines;) {
		size_t j = i;
		while (j < doc->nlines && !ctx->claimed[j] && figure_count(doc->lines[j].text) >= 3)
			j++;
		if (j == i) {
			i++;
			continue;
		}
		char *why = br_asprintf("not read: %zu line%s with figures no parser understood", j - i,
					j - i == 1 ? "" : "s");
		br_dataset_add_claim(ctx->ds, doc->path, doc->lines[i].line, doc->lines[j - 1].end_line, "-", why);
		free(why);
		i = j;
	}
}

/*
 * The first look at a message of a mail archive (br_doc_reader_look): the
 * parsers in registry order until one may find something in it, each by
 * its detect() on the bytes as read (detect reads doc->raw and the
 * physical lines only, which decoding leaves as they are) or, for one
 * without, by its look_words in the bytes or signs that decoding could
 * make them (br_look_encoded). The detect() answers are kept for
 * parse_doc, so that none is asked twice.
 */
struct look {
	size_t asked; /* parsers whose detect() answered: answer[0..asked) */
	bool answer[BR_ARRAY_LEN(parsers)];
	const struct br_parse_each *each; /* its want(), asked first */
	size_t next;  /* the number of the document looked at */
};

static bool worth_reading(const struct br_doc *doc, void *arg)
{
	struct look *lk = arg;
	lk->asked = 0;
	if (lk->each && lk->each->want && !lk->each->want(lk->each->arg, lk->next))
		return false; /* not wanted: not even decoded */
	for (size_t i = 0; i < BR_ARRAY_LEN(parsers); i++) {
		const struct br_parser *p = parsers[i];
		bool yes;
		if (p->detect)
			yes = lk->answer[lk->asked++] = p->detect(doc);
		else
			yes = !p->look_words || br_look_words(doc->raw, doc->raw_len, p->look_words) ||
			      br_look_encoded(doc->raw, doc->raw_len);
		if (yes)
			return true;
		if (!p->detect) /* parse_doc asks the next parsers itself */
			lk->answer[lk->asked++] = true;
	}
	return false;
}

/* What a parser's detect() is shown: the document itself, or, when
 * decoding made words its bytes do not show (br_doc.shown: a base64 mail
 * body), a copy whose bytes are the decoded lines, one physical line each
 * (detect reads the bytes and the physical lines only). */
struct shown_doc {
	struct br_doc doc;
	size_t *phys;
};

static const struct br_doc *shown_view(const struct br_doc *doc, struct shown_doc *v)
{
	v->phys = NULL;
	if (!doc->shown)
		return doc;
	v->doc = *doc;
	v->doc.raw = (char *)doc->shown;
	v->doc.raw_len = doc->shown_len;
	/* phys and a terminator length (1) a line, in one block */
	v->phys = br_malloc((doc->nlines + 1) * (sizeof *v->phys + 1));
	unsigned char *term = (unsigned char *)(v->phys + doc->nlines + 1);
	size_t off = 0;
	for (size_t i = 0; i < doc->nlines; i++) {
		v->phys[i] = off;
		term[i] = 1;
		off += doc->lines[i].len + 1;
	}
	v->phys[doc->nlines] = off;
	v->doc.phys = v->phys;
	v->doc.phys_term = term;
	v->doc.nphys = doc->nlines;
	return &v->doc;
}

/* The parsers over doc, into input `input_idx` of ds; the document's lines
 * are the file's from line0 + 1 on (a message of a mail archive). `lk`
 * holds what the first look already knows of it (or NULL). */
static size_t parse_doc(const struct br_doc *doc, struct br_dataset *ds, size_t input_idx,
			unsigned line0, const struct look *lk, bool rereadable)
{
	size_t rec0 = ds->records.n, diag0 = ds->diags.n, claim0 = ds->nclaims;
	struct br_parse_ctx ctx = {0};
	void *kept[BR_ARRAY_LEN(parsers)] = {NULL};
	ctx.doc = doc;
	ctx.ds = ds;
	ctx.excerpts_later = rereadable && ds->excerpts_later;
	ctx.claimed = br_calloc(doc->nlines ? doc->nlines : 1, 1);
	ctx.first_record = rec0;
	/* ds->inputs may move while parsing: index, not pointer */
	ds->inputs[input_idx].transport |= doc->transport;
	ds->inputs[input_idx].bytes += doc->raw_len;
	if (doc->binary) {
		br_diag_add(&ds->diags, BR_WARNING, doc->path, line0 ? line0 + 1 : 0, "doc",
			    line0 ? "looks like binary data, not text; this message skipped"
				  : "looks like binary data, not text; skipped");
	} else if (!doc->looked_away) {
		/* what the look said of the bytes as read holds unless decoding
		 * made words they did not show */
		struct shown_doc seen;
		const struct br_doc *d = shown_view(doc, &seen);
		if (doc->shown)
			lk = NULL;
		for (size_t i = 0; i < BR_ARRAY_LEN(parsers); i++) {
			/* every line taken: the later parsers would skip them all */
			if (doc->nlines && !memchr(ctx.claimed, 0, doc->nlines))
				break;
			ctx.parser = parsers[i];
			ctx.kept = &kept[i];
			if (parsers[i]->detect &&
			    !(lk && i < lk->asked ? lk->answer[i] : parsers[i]->detect(d)))
				continue;
			parsers[i]->parse(&ctx);
		}
		free(seen.phys);
		if (!ds->skip_claims)
			explain_unread(&ctx);
	}
	br_reconcile_hooks(doc, ds, rec0, parsers, kept, BR_ARRAY_LEN(parsers));
	br_reconcile_document(doc, ds, rec0, diag0, claim0, line0);
	ds->inputs[input_idx].nrecords += ctx.nrecords;
	free(ctx.claimed);
	return ctx.nrecords;
}

size_t br_parse_document(const struct br_doc *doc, struct br_dataset *ds)
{
	br_dataset_add_input(ds, doc->path);
	return parse_doc(doc, ds, ds->ninputs - 1, 0, NULL, false);
}

int br_parse_file(const char *path, struct br_dataset *ds)
{
	return br_parse_file_each(path, ds, NULL);
}

/* Documents from rd until its end, into ds (their input added first), each
 * told to `each`; the first is document k0. 0, or -1 on a read error. */
static int parse_reader(struct br_doc_reader *rd, struct br_dataset *ds, const struct br_parse_each *each,
			size_t k0)
{
	size_t input_idx = ds->ninputs;
	struct br_doc *doc;
	unsigned line0;
	int r;
	size_t ndocs = k0;
	/* a mail archive's messages are looked at first (only --explain,
	 * which lists what no parser read, reads every one) */
	struct look lk = {.each = each};
	if (ds->skip_claims)
		br_doc_reader_look(rd, worth_reading, &lk);
	for (;;) {
		lk.asked = 0; /* a document the look was not asked about */
		lk.next = ndocs;
		if ((r = br_doc_reader_next(rd, &doc, &line0)) != 0 || !doc)
			break;
		if (ds->ninputs == input_idx)
			br_dataset_add_input(ds, doc->path);
		if (each && each->where) {
			struct br_doc_span sp;
			br_doc_reader_span(rd, &sp);
			sp.as_read = !doc->shown && !doc->charset;
			each->where(each->arg, ndocs, &sp);
		}
		size_t rec0 = ds->records.n;
		if (!each || !each->want || each->want(each->arg, ndocs))
			parse_doc(doc, ds, input_idx, line0, &lk, br_doc_reader_rereadable(rd));
		br_doc_free(doc);
		if (each && each->done)
			each->done(each->arg, ds, rec0, ndocs);
		ndocs++;
	}
	br_doc_reader_close(rd);
	return r;
}

int br_parse_file_each(const char *path, struct br_dataset *ds, const struct br_parse_each *each)
{
	struct br_doc_reader *rd;
	br_parsers_init();
	if (each && each->stdin_copy > 0 && strcmp(path, "-") == 0 ? br_doc_reader_open_stdin_copy(each->stdin_copy, &rd) < 0
								     : br_doc_reader_open(path, &rd) < 0)
		return -1;
	return parse_reader(rd, ds, each, 0);
}

int br_parse_span_each(const char *path, const struct br_doc_span *sp, size_t k, struct br_dataset *ds,
		       const struct br_parse_each *each)
{
	struct br_doc_reader *rd;
	br_parsers_init();
	if (br_doc_reader_open_span(path, each ? each->stdin_copy : 0, sp, &rd) < 0)
		return -1;
	return parse_reader(rd, ds, each, k);
}
