/* reconcile — see reconcile.h. */
#include "reconcile.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "doc.h"
#include "label.h"
#include "util.h"

/* A record's or diagnostic's place: its first line, then its place in the
 * order the parsers produced it. */
struct pos {
	unsigned line;
	size_t idx;
};

/* End of the run of non-decreasing lines that starts at v[i]. */
static size_t run_end(const struct pos *v, size_t i, size_t n)
{
	while (i + 1 < n && v[i].line <= v[i + 1].line)
		i++;
	return i + 1;
}

/* Sort v by (line, idx). Each parser produces its records and diagnostics
 * mostly in line order, so v is a few sorted runs (often one): a natural
 * merge sort is linear then. Merging prefers the left run on equal lines,
 * which keeps idx order (stable). False when v was in order already. */
static bool sort_pos(struct pos *v, size_t n)
{
	if (run_end(v, 0, n) == n)
		return false;
	struct pos *t = br_malloc(n * sizeof *t), *a = v, *b = t;
	size_t runs;
	do {
		runs = 0;
		for (size_t i = 0; i < n; runs++) {
			size_t m = run_end(a, i, n), e = m < n ? run_end(a, m, n) : n;
			size_t x = i, y = m, k = i;
			while (x < m && y < e)
				b[k++] = a[y].line < a[x].line ? a[y++] : a[x++];
			while (x < m)
				b[k++] = a[x++];
			while (y < e)
				b[k++] = a[y++];
			i = e;
		}
		struct pos *s = a;
		a = b;
		b = s;
	} while (runs > 1);
	if (a != v)
		memcpy(v, a, n * sizeof *v);
	free(t);
	return true;
}

/* Does a record found in doc name doc as its source? Not one read back
 * from JSON Lines: it names the file it was first found in, and a line
 * of that file. */
static bool names_doc(const char *file, const struct br_doc *doc)
{
	const char *own = doc->path ? doc->path : "";
	return file && (file == own || strcmp(file, own) == 0);
}

/* Parsers run one after the other; the records and diagnostics of one
 * document are put back in document order (stable: equal lines keep the
 * registry order), so "first appearance" and the report's row order follow
 * the text. */
static void document_order(const struct br_doc *doc, struct br_dataset *ds, size_t rec0, size_t diag0)
{
	size_t n = ds->records.n - rec0;
	/* records read back from JSON Lines keep the file's order (and so a
	 * big one can be read in pieces) */
	for (size_t i = rec0; i < ds->records.n && n > 1; i++)
		if (!names_doc(ds->records.v[i]->source.file, doc))
			n = 0;
	if (n > 1) {
		struct pos *v = br_malloc(n * sizeof *v);
		for (size_t i = 0; i < n; i++)
			v[i] = (struct pos){ds->records.v[rec0 + i]->source.line, i};
		if (sort_pos(v, n)) {
			struct br_record **r = br_malloc(n * sizeof *r);
			for (size_t i = 0; i < n; i++)
				r[i] = ds->records.v[rec0 + v[i].idx];
			memcpy(ds->records.v + rec0, r, n * sizeof *r);
			free(r);
		}
		free(v);
	}
	n = ds->diags.n - diag0;
	if (n > 1) {
		struct pos *v = br_malloc(n * sizeof *v);
		for (size_t i = 0; i < n; i++)
			v[i] = (struct pos){ds->diags.v[diag0 + i].line, i};
		if (sort_pos(v, n)) {
			struct br_diag *d = br_malloc(n * sizeof *d);
			for (size_t i = 0; i < n; i++)
				d[i] = ds->diags.v[diag0 + v[i].idx];
			memcpy(ds->diags.v + diag0, d, n * sizeof *d);
			free(d);
		}
		free(v);
	}
}

/* The logical line holding ORIGINAL line `line` (the last one starting at
 * or before it). */
static size_t line_index(const struct br_doc *doc, unsigned line)
{
	size_t lo = 0, hi = doc->nlines;
	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;
		if (doc->lines[mid].line <= line)
			lo = mid;
		else
			hi = mid;
	}
	return lo;
}

#define DATE_DEPTHS 8 /* quote depths told apart (deeper ones count as this) */

/*
 * The dates the document states (br_doc_dates) given to its records from
 * rec0 on: each record takes the latest date above it at its quote depth
 * or a shallower one, so a quoted result takes the quoted message's Date:
 * when the headers were quoted too, else the reply's (a later bound). A
 * date ends those of deeper quotes before it: they belonged to an earlier
 * message. A CSV seed date more than a day after the message's Date: (the
 * run after the post) was no time: the mail's date replaces it.
 */
static void give_dates(const struct br_doc *doc, struct br_dataset *ds, size_t rec0)
{
	if (rec0 >= ds->records.n)
		return; /* nothing to date: the lines are not read for dates */
	struct br_doc_date *d;
	size_t nd = br_doc_dates(doc, &d);
	if (nd == 0)
		return;
	const struct br_doc_date *cur[DATE_DEPTHS] = {NULL};
	size_t k = 0;
	unsigned last = 0;
	for (size_t i = rec0; i < ds->records.n; i++) {
		struct br_record *r = ds->records.v[i];
		const char *f = r->source.file;
		if (!f || (f != doc->path && strcmp(f, doc->path) != 0))
			continue; /* read back from JSON Lines: its own source */
		if (r->source.line < last) { /* out of order: sweep again */
			memset(cur, 0, sizeof cur);
			k = 0;
		}
		last = r->source.line;
		for (; k < nd && d[k].line < last; k++) {
			unsigned dep = d[k].depth < DATE_DEPTHS ? d[k].depth : DATE_DEPTHS - 1;
			cur[dep] = &d[k];
			for (unsigned j = dep + 1; j < DATE_DEPTHS; j++)
				cur[j] = NULL;
		}
		unsigned depth = doc->nlines ? doc->lines[line_index(doc, last)].depth : 0;
		const struct br_doc_date *best = NULL;
		for (unsigned j = 0; j <= depth && j < DATE_DEPTHS; j++)
			if (cur[j] && (!best || cur[j]->line > best->line))
				best = cur[j];
		if (!best)
			continue;
		if (!best->runner && r->ran_at_from == BR_RAN_CSV && r->ran_at > best->t + 86400)
			br_record_set_ran_at(r, 0, BR_DATE_DAY, BR_RAN_NONE);
		br_record_set_ran_at(r, best->t, BR_DATE_SECOND, best->runner ? BR_RAN_RUNNER : BR_RAN_MAIL);
	}
	free(d);
}

/*
 * Names given afterwards: runs shown one after the other under one title
 * (or none), then a sentence that names them in order ("The first is ext4,
 * the second xfs.", "the first row was ext2, the second the new ufs"). The
 * sentence starts on the first line after the last run, as a paragraph of
 * its own; it must name exactly as many as there are runs, each with a
 * short name; a comparison ("the first is faster than the second") names
 * nothing.
 */
enum { ORD_MAX = 6, ORD_NAME_MAX = 48, ORD_TEXT = 480 };

static const char *const ordinals[ORD_MAX] = {"first", "second", "third", "fourth", "fifth", "sixth"};

static bool ord_alpha(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/* Is t[0..n) the word w, in any case? */
static bool ord_word(const char *t, size_t n, const char *w)
{
	return strlen(w) == n && strncasecmp(t, w, n) == 0;
}

/* Where each ordinal of the sentence s (NUL-terminated) names a run: the
 * name after ordinal k at name[k] (its length len[k]). Returns how many,
 * in order from "first"; 0 when the sentence is no such naming. */
static size_t ordinal_names(const char *s, const char **name, size_t *len)
{
	static const char *const comparing[] = {"than", "faster", "slower", "better", "worse",
						"more", "less", "same"};
	static const char *const filler[] = {"one", "row", "line", "run", "result", "output", "set",
					     "is", "was", "are", "were", "being", "of", "them"};
	size_t k = 0;
	for (const char *p = s; *p && k < ORD_MAX;) {
		while (*p && !ord_alpha(*p))
			p++;
		const char *q = p;
		while (ord_alpha(*q))
			q++;
		if (!ord_word(p, (size_t)(q - p), ordinals[k])) {
			p = q;
			continue;
		}
		/* the name: after the filler words, up to ',', ';', '.', "and"
		 * before the next ordinal, or the next ordinal */
		const char *a = q;
		for (bool more = true; more;) {
			more = false;
			while (*a == ' ' || *a == '\t')
				a++;
			const char *b = a;
			while (ord_alpha(*b))
				b++;
			for (size_t f = 0; f < sizeof filler / sizeof *filler; f++)
				if (b > a && ord_word(a, (size_t)(b - a), filler[f]))
					a = b, more = true;
		}
		const char *e = a;
		while (*e && *e != ',' && *e != ';' && !(*e == '.' && (e[1] == '\0' || e[1] == ' ')))
			e++;
		const char *next = k + 1 < ORD_MAX ? strstr(a, ordinals[k + 1]) : NULL;
		if (next && next < e)
			e = next;
		while (e > a && (e[-1] == ' ' || e[-1] == '\t'))
			e--;
		/* "..., the second" / "and the second": their words go */
		for (const char *tail[] = {"and the", "the", "and"}, **t = tail; t < tail + 3; t++) {
			size_t tl = strlen(*t);
			if ((size_t)(e - a) > tl && strncasecmp(e - tl, *t, tl) == 0 && e[-(long)tl - 1] == ' ') {
				e -= tl + 1;
				while (e > a && e[-1] == ' ')
					e--;
			}
		}
		if (e == a || e - a > ORD_NAME_MAX)
			return 0;
		for (const char *x = a; x < e;) { /* "faster than": a comparison */
			while (x < e && !ord_alpha(*x))
				x++;
			const char *y = x;
			while (y < e && ord_alpha(*y))
				y++;
			for (size_t c = 0; c < sizeof comparing / sizeof *comparing; c++)
				if (ord_word(x, (size_t)(y - x), comparing[c]))
					return 0;
			x = y;
		}
		name[k] = a;
		len[k++] = (size_t)(e - a);
		p = e;
	}
	return k;
}

/* The text of the paragraph starting at logical line i (up to three lines
 * joined with blanks) into buf; false when there is none there. */
static bool paragraph_at(const struct br_doc *doc, size_t i, char *buf, size_t cap)
{
	size_t m = 0;
	for (size_t k = i; k < doc->nlines && k < i + 3 && doc->lines[k].len; k++) {
		if (m + doc->lines[k].len + 2 >= cap)
			return false;
		if (m)
			buf[m++] = ' ';
		memcpy(buf + m, doc->lines[k].text, doc->lines[k].len);
		m += doc->lines[k].len;
	}
	buf[m] = '\0';
	return m > 0;
}

static bool same_label(const char *a, const char *b)
{
	return a == b || (a && b && strcmp(a, b) == 0);
}

/* The group of records [a, b) (one title, runs one after the other) named
 * by the sentence after the last one, if any. */
static void name_group(const struct br_doc *doc, struct br_dataset *ds, size_t a, size_t b)
{
	size_t n = b - a;
	if (n < 2 || n > ORD_MAX)
		return;
	size_t last = line_index(doc, ds->records.v[b - 1]->source.end_line);
	size_t i = last + 1;
	while (i < doc->nlines && !doc->lines[i].len && i < last + 3)
		i++;
	char text[ORD_TEXT];
	const char *name[ORD_MAX];
	size_t len[ORD_MAX];
	if (i >= doc->nlines || i == last + 1 || doc->lines[i].depth != doc->lines[last].depth ||
	    !paragraph_at(doc, i, text, sizeof text) || ordinal_names(text, name, len) != n)
		return;
	for (size_t k = 0; k < n; k++) {
		struct br_record *r = ds->records.v[a + k];
		char *l = r->label ? br_asprintf("%s / %.*s", r->label, (int)len[k], name[k])
				   : br_asprintf("%.*s", (int)len[k], name[k]);
		br_record_set_label(r, l);
		free(l);
	}
}

/* Records from rec0 on (document order) in groups of one tool and one
 * title, each group offered to name_group. */
static void names_after(const struct br_doc *doc, struct br_dataset *ds, size_t rec0)
{
	for (size_t a = rec0; a < ds->records.n;) {
		const struct br_record *r = ds->records.v[a];
		size_t b = a + 1;
		if (!names_doc(r->source.file, doc)) { /* read back from JSON Lines */
			a = b;
			continue;
		}
		while (b < ds->records.n && ds->records.v[b]->tool == r->tool &&
		       same_label(ds->records.v[b]->label, r->label) &&
		       same_label(ds->records.v[b]->source.file, r->source.file))
			b++;
		name_group(doc, ds, a, b);
		a = b;
	}
}

/*
 * Captions below the results ("Table 3: RAID 10 of four SSDs" under its
 * table): the outline takes a caption for the title of what follows it,
 * right when captions are above. A document puts them below when its last
 * result has one right under it (nothing follows for it to title) and its
 * first result has none over it. Then each caption titles the results
 * above it, back to the caption before (the rows of one table alike), and
 * no longer those below it.
 */
enum { CAPTION_GAP = 2 };

/* The caption on the first non-blank line after logical line `last`
 * (at most CAPTION_GAP blank lines between, the same quote depth): its
 * line index, or doc->nlines when there is none. */
static size_t caption_after(const struct br_doc *doc, size_t last)
{
	size_t i = last + 1;
	while (i < doc->nlines && i <= last + CAPTION_GAP && br_is_blank(doc->lines[i].text, doc->lines[i].len))
		i++;
	if (i >= doc->nlines || doc->lines[i].depth != doc->lines[last].depth)
		return doc->nlines;
	const char *t = doc->lines[i].text;
	size_t n = doc->lines[i].len;
	while (n && (*t == ' ' || *t == '\t'))
		t++, n--;
	while (n && (t[n - 1] == ' ' || t[n - 1] == '\t'))
		n--;
	return br_label_caption(t, n) ? i : doc->nlines;
}

/* Is a part of label l a caption? */
static bool has_caption(const char *l)
{
	for (const char *p = l; p;) {
		const char *q = strstr(p, " / ");
		if (br_label_caption(p, q ? (size_t)(q - p) : strlen(p)))
			return true;
		p = q ? q + 3 : NULL;
	}
	return false;
}

/* The captions' texts, filed by hash, so that taking them off every label
 * costs the labels' length, not labels times captions. */
struct caption_set {
	uint64_t *hash; /* 0: empty slot */
	const char **text;
	size_t cap;
	size_t *looked; /* slots looked at (br_dataset.reconcile_looked) */
};

static uint64_t part_hash(const char *p, size_t n)
{
	uint64_t h = 0xcbf29ce484222325ull;
	for (size_t k = 0; k < n; k++)
		h = (h ^ (unsigned char)p[k]) * 0x100000001b3ull;
	return h | 1;
}

/* The slot of part p (n bytes) in cs: where it is, or the empty one where
 * it would go. */
static size_t caption_slot(const struct caption_set *cs, const char *p, size_t n, uint64_t h)
{
	size_t j = (size_t)(h >> 7) & (cs->cap - 1);
	while (++*cs->looked, cs->hash[j] &&
	       !(cs->hash[j] == h && strlen(cs->text[j]) == n && memcmp(cs->text[j], p, n) == 0))
		j = (j + 1) & (cs->cap - 1);
	return j;
}

/* Label l without its parts that are captions: a new string, or NULL when
 * nothing is left; *cut says whether any was. */
static char *without_captions(const char *l, const struct caption_set *cs, bool *cut)
{
	struct br_buf b = BR_BUF_INIT;
	*cut = false;
	for (const char *p = l; p;) {
		const char *q = strstr(p, " / ");
		size_t n = q ? (size_t)(q - p) : strlen(p);
		if (cs->hash[caption_slot(cs, p, n, part_hash(p, n))]) {
			*cut = true;
		} else {
			if (b.len)
				br_buf_adds(&b, " / ");
			br_buf_add(&b, p, n);
		}
		p = q ? q + 3 : NULL;
	}
	if (!b.len) {
		br_buf_free(&b);
		return NULL;
	}
	return br_buf_detach(&b);
}

static void captions_below(const struct br_doc *doc, struct br_dataset *ds, size_t rec0)
{
	size_t a = rec0, b = ds->records.n;
	while (a < b && !names_doc(ds->records.v[a]->source.file, doc))
		a++;
	for (size_t k = a; k < b; k++)
		if (!names_doc(ds->records.v[k]->source.file, doc))
			return; /* read back from JSON Lines among them: not one text */
	if (b - a < 1)
		return;
	struct br_record **v = ds->records.v;
	if (has_caption(v[a]->label) || caption_after(doc, line_index(doc, v[b - 1]->source.end_line)) == doc->nlines)
		return;
	/* each caption as the outline renders it, taken off every label */
	size_t *cap = br_malloc((b - a) * sizeof *cap);
	char **text = br_calloc(b - a, sizeof *text);
	for (size_t k = a; k < b; k++) {
		cap[k - a] = caption_after(doc, line_index(doc, v[k]->source.end_line));
		if (k + 1 < b && cap[k - a] < doc->nlines && line_index(doc, v[k + 1]->source.line) <= cap[k - a])
			cap[k - a] = doc->nlines; /* a caption inside the next result's lines */
		if (cap[k - a] == doc->nlines)
			continue;
		const struct br_line *c = &doc->lines[cap[k - a]];
		text[k - a] = br_label_caption_text(c->text, c->len);
	}
	struct caption_set cs = {NULL, NULL, 4, &ds->reconcile_looked};
	while (cs.cap < 2 * (b - a))
		cs.cap *= 2;
	cs.hash = br_calloc(cs.cap, sizeof *cs.hash);
	cs.text = br_calloc(cs.cap, sizeof *cs.text);
	bool any = false;
	for (size_t c = a; c < b; c++)
		if (text[c - a]) {
			size_t n = strlen(text[c - a]);
			uint64_t h = part_hash(text[c - a], n);
			size_t j = caption_slot(&cs, text[c - a], n, h);
			cs.hash[j] = h;
			cs.text[j] = text[c - a];
			any = true;
		}
	for (size_t k = a; k < b && any; k++) {
		bool cut;
		char *l = v[k]->label ? without_captions(v[k]->label, &cs, &cut) : NULL;
		if (v[k]->label && cut)
			br_record_set_label(v[k], l);
		free(l);
	}
	free(cs.hash);
	free(cs.text);
	/* each titles the results back to the one before it */
	size_t from = a;
	for (size_t k = a; k < b; k++) {
		if (cap[k - a] == doc->nlines)
			continue;
		for (size_t j = from; j <= k && text[k - a]; j++) {
			char *l = v[j]->label ? br_asprintf("%s / %s", v[j]->label, text[k - a]) : br_strdup(text[k - a]);
			br_record_set_label(v[j], l);
			free(l);
		}
		from = k + 1;
	}
	for (size_t k = a; k < b; k++)
		free(text[k - a]);
	free(text);
	free(cap);
}

void br_reconcile_hooks(const struct br_doc *doc, struct br_dataset *ds, size_t rec0,
			const struct br_parser *const *parsers, void **kept, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (!parsers[i]->reconcile)
			continue;
		struct br_reconcile_ctx rc = {doc, ds, parsers[i], rec0, kept[i]};
		parsers[i]->reconcile(&rc);
		kept[i] = NULL;
	}
}

/* Runs the document printed twice, once without a host (a summary table
 * and the output it sums up): one record (br_records_merge_unnamed). Only
 * the document's own records: those read back from JSON Lines were merged
 * when they were written. */
static void merge_unnamed(const struct br_doc *doc, struct br_dataset *ds, size_t rec0)
{
	size_t n = ds->records.n - rec0, bare = 0;
	struct br_record **v = ds->records.v + rec0;
	for (size_t i = 0; i < n; i++)
		bare += !v[i]->host;
	if (!bare || bare == n)
		return; /* (the common case: every record names its host) */
	for (size_t i = 0; i < n; i++)
		if (v[i]->source.file && !names_doc(v[i]->source.file, doc))
			return;
	bool *gone = br_calloc(n, sizeof *gone);
	if (br_records_merge_unnamed(v, n, gone)) {
		size_t w = 0;
		for (size_t i = 0; i < n; i++) {
			if (gone[i])
				br_record_free(v[i]);
			else
				v[w++] = v[i];
		}
		ds->records.n = rec0 + w;
	}
	free(gone);
}

/*
 * One figure said twice in one post: a sentence ("hdparm -t gives me
 * 56MB/s on ...") repeated, or the whole post pasted twice, makes two
 * lone-figure records that no host tells apart (br_record_same_run merges
 * lone figures only under a host). Two such records of the document, of one
 * tool, figure, label, parameters and quote depth, read from the same text,
 * are one run when nothing between them starts another message or post
 * (a header block, a "... wrote:" line, another quote depth), or when the
 * lines above each, back to the message's start or SAME_ABOVE lines, are the
 * same too (the message itself repeated: the same author, the same words).
 * Two people who write the same sentence in two messages keep two records:
 * their messages' headers differ.
 */
#define SAME_ABOVE 12

/* Is r a record of doc holding one figure and no host? */
static bool lone_figure(const struct br_doc *doc, const struct br_record *r)
{
	uint64_t h = br_record_held(r);
	return !r->host && h && !(h & (h - 1)) && r->source.file && names_doc(r->source.file, doc) &&
	       r->source.line == r->source.end_line;
}

static bool same_str(const char *a, const char *b)
{
	return a == b || (a && b && strcmp(a, b) == 0);
}

/* The innermost title of a label ("DBENCH / Bonnie": "Bonnie"). */
static const char *innermost(const char *l)
{
	for (const char *p = strstr(l, " / "); p; p = strstr(l, " / "))
		l = p + 3;
	return l;
}

/* Labels of one sentence said twice: the same, or the same innermost
 * title (the second copy of a post pasted without its headers is read
 * under the first copy's titles too). */
static bool same_title(const char *a, const char *b)
{
	return same_str(a, b) || (a && b && strcmp(innermost(a), innermost(b)) == 0);
}

static bool same_params(const struct br_record *a, const struct br_record *b)
{
	if (a->nparams != b->nparams)
		return false;
	for (size_t i = 0; i < a->nparams; i++) {
		struct br_param p = br_record_param_at(a, i);
		struct br_param q = br_record_param(b, p.key);
		if (!q.key || (p.str == NULL) != (q.str == NULL) ||
		    (p.str ? strcmp(p.str, q.str) != 0 : p.num != q.num))
			return false;
	}
	return true;
}

static bool same_line(const struct br_line *x, const struct br_line *y)
{
	return x->len == y->len && x->depth == y->depth && memcmp(x->text, y->text, x->len) == 0;
}

/* Does logical line k close with "wrote:" or "writes:" (an attribution)? */
static bool attribution(const struct br_line *l)
{
	size_t n = l->len;
	while (n && (l->text[n - 1] == ' ' || l->text[n - 1] == '\t'))
		n--;
	return (n >= 6 && memcmp(l->text + n - 6, "wrote:", 6) == 0) ||
	       (n >= 7 && memcmp(l->text + n - 7, "writes:", 7) == 0);
}

/*
 * What "nothing between lines a and b starts another message or post"
 * asks of the lines between, answered at once for a whole document (a log
 * of a thousand bare timings asks it of every pair it compares): for each
 * line, the first non-empty line after it at another quote depth, and how
 * many lines before each start a message or post (a header block, a
 * "... wrote:" line). Made when first asked.
 */
struct between {
	size_t *change; /* change[i]: that line's index (nlines: none) */
	size_t *starts; /* starts[k]: lines before k that start one */
};

static void between_make(struct between *bt, const struct br_doc *doc)
{
	size_t n = doc->nlines, next = n;
	bt->change = br_malloc((n + 1) * sizeof *bt->change);
	bt->starts = br_malloc((n + 1) * sizeof *bt->starts);
	bt->starts[0] = 0;
	for (size_t k = 0; k < n; k++) {
		const struct br_line *l = &doc->lines[k];
		bt->starts[k + 1] = bt->starts[k] + (l->len && (attribution(l) || br_label_message_start(doc, k)));
	}
	/* the next non-empty line at the same depth has the same answer */
	for (size_t k = n; k-- > 0;) {
		bt->change[k] = next == n ? n : doc->lines[next].depth != doc->lines[k].depth ? next : bt->change[next];
		if (doc->lines[k].len)
			next = k;
	}
}

/* Nothing on logical lines (a, b) starts another message or post. */
static bool one_post_between(const struct br_doc *doc, struct between *bt, size_t a, size_t b)
{
	if (!bt->change)
		between_make(bt, doc);
	return bt->change[a] >= b && bt->starts[b] == bt->starts[a + 1];
}

/* The lines above logical lines a < b are the same, back to a message's
 * start (above either: the first copy may lack the blank line that makes
 * its headers a message's) or SAME_ABOVE lines (at least one compared). */
static bool same_above(const struct br_doc *doc, size_t a, size_t b)
{
	size_t k = 1;
	for (; k <= SAME_ABOVE && k <= a; k++) {
		if (!same_line(&doc->lines[a - k], &doc->lines[b - k]))
			return false;
		if (br_label_message_start(doc, a - k) || br_label_message_start(doc, b - k))
			return true;
	}
	return k > 1;
}

static bool said_again(const struct br_doc *doc, struct between *bt, const struct br_record *a,
		       const struct br_record *b)
{
	if (a->tool != b->tool || a->held != b->held || a->quote_depth != b->quote_depth ||
	    !same_title(a->label, b->label) || !same_params(a, b))
		return false;
	enum br_metric_id m = (enum br_metric_id)__builtin_ctzll(a->held);
	const struct br_value x = br_record_get(a, m), y = br_record_get(b, m);
	char xb[BR_RAW_BUF], yb[BR_RAW_BUF];
	if (x.value != y.value || !same_str(br_value_raw(&x, xb), br_value_raw(&y, yb)))
		return false;
	size_t i = line_index(doc, a->source.line), j = line_index(doc, b->source.line);
	if (i >= j || !same_line(&doc->lines[i], &doc->lines[j]))
		return false;
	return one_post_between(doc, bt, i, j) || same_above(doc, i, j);
}

/* What said_again() needs equal of two lone figures, hashed: the tool,
 * the figure and its value, the quote depth and the line's text. */
static uint64_t said_key(const struct br_doc *doc, const struct br_record *r)
{
	const struct br_line *l = &doc->lines[line_index(doc, r->source.line)];
	double x = br_record_get(r, (enum br_metric_id)__builtin_ctzll(r->held)).value + 0.0;
	uint64_t h = 1469598103934665603u, bits;
	memcpy(&bits, &x, sizeof bits);
	uint64_t parts[4] = {(uint64_t)r->tool, r->held, r->quote_depth, bits};
	for (size_t k = 0; k < 4; k++)
		h = (h ^ parts[k]) * 1099511628211u;
	for (size_t k = 0; k < l->len; k++)
		h = (h ^ (unsigned char)l->text[k]) * 1099511628211u;
	return h | 1;
}

/* Records compared with one lone figure, at most: the earliest of its
 * key's (a line said again and again is one run with its first copy, or
 * with none of them). */
#define SAID_AGAIN_TRIES 8

/* The lone figures of the document filed by said_key: chains of kept
 * records (their index in v), earliest first. */
struct said_index {
	uint64_t *key;
	size_t *first, *last, *next, cap;
};

static size_t said_slot(struct said_index *x, uint64_t key)
{
	size_t j = (size_t)(key >> 17) & (x->cap - 1);
	while (x->key[j] && x->key[j] != key)
		j = (j + 1) & (x->cap - 1);
	return j;
}

static void merge_said_again(const struct br_doc *doc, struct br_dataset *ds, size_t rec0)
{
	size_t n = ds->records.n - rec0, w = 0, lone = 0;
	struct br_record **v = ds->records.v + rec0;
	for (size_t i = 0; i < n; i++)
		lone += lone_figure(doc, v[i]);
	if (lone < 2)
		return;
	struct said_index x = {0};
	for (x.cap = 4; x.cap < 2 * lone; x.cap *= 2)
		;
	x.key = br_calloc(x.cap, sizeof *x.key);
	x.first = br_malloc(x.cap * sizeof *x.first);
	x.last = br_malloc(x.cap * sizeof *x.last);
	x.next = br_malloc(n * sizeof *x.next);
	struct between bt = {NULL, NULL};
	for (size_t i = 0; i < n; i++) {
		bool gone = false;
		if (lone_figure(doc, v[i])) {
			uint64_t key = said_key(doc, v[i]);
			size_t j = said_slot(&x, key), tries = 0;
			if (x.key[j])
				for (size_t k = x.first[j]; k != (size_t)-1 && !gone && tries++ < SAID_AGAIN_TRIES;
				     k = x.next[k])
					if (++ds->reconcile_looked, said_again(doc, &bt, v[k], v[i])) {
						br_record_merge(v[k], v[i]);
						br_record_free(v[i]);
						gone = true;
					}
			if (!gone) {
				x.next[w] = (size_t)-1;
				if (!x.key[j])
					x.key[j] = key, x.first[j] = w;
				else
					x.next[x.last[j]] = w;
				x.last[j] = w;
			}
		}
		if (!gone)
			v[w++] = v[i];
	}
	ds->records.n = rec0 + w;
	free(x.key);
	free(x.first);
	free(x.last);
	free(x.next);
	free(bt.change);
	free(bt.starts);
}

/*
 * A summary table written by hand and the tool's output it sums up, both
 * naming the host ("| storage2 | /dev/nvme0n1 | 14420.10 MB/sec | ..."
 * over "Raw output of the last one:" and hdparm's lines): one run, though
 * their titles differ (br_record_same_run keeps two titles at one depth
 * apart: two machines that printed the same figures). Told by what the
 * hand row lacks: no parameter at all (no size, no MB and seconds), where
 * the output has them, and two figures or more, each the output's.
 */
static bool sums_up(const struct br_record *hand, const struct br_record *out)
{
	if (hand->tool != out->tool || hand->nparams || !out->nparams || !hand->host || !out->host ||
	    strcmp(hand->host, out->host) != 0)
		return false;
	int shared = 0;
	for (int m = 0; m < BR_METRIC_COUNT; m++) {
		const struct br_value x = br_record_get(hand, (enum br_metric_id)m);
		if (!x.present)
			continue;
		const struct br_value y = br_record_get(out, (enum br_metric_id)m);
		if (!y.present || x.value != y.value)
			return false;
		shared++;
	}
	return shared >= 2;
}

/* A record that may be a hand-written row: a host, no parameter. */
static bool hand_row(const struct br_record *r)
{
	return r->host && !r->nparams;
}

/* Summary tables are short: a document of many hand rows and outputs
 * (pairs past this) is not one table over its outputs, and is not
 * compared pair by pair. */
enum { SUMMED_UP_PAIRS = 4096 };

/* The hand row kept[1][c] took its output's parameters: it is an output
 * now, put among them in order (at most SUMMED_UP_PAIRS moves in all). */
static void change_kind(size_t *kept[2], size_t nkept[2], size_t c, struct br_dataset *ds)
{
	size_t k = kept[1][c], j = nkept[0]++;
	memmove(kept[1] + c, kept[1] + c + 1, (--nkept[1] - c) * sizeof(size_t));
	for (; j > 0 && kept[0][j - 1] > k; j--, ds->reconcile_looked++)
		kept[0][j] = kept[0][j - 1];
	kept[0][j] = k;
}

static void merge_summed_up(const struct br_doc *doc, struct br_dataset *ds, size_t rec0)
{
	size_t n = ds->records.n - rec0, w = 0, hand = 0;
	struct br_record **v = ds->records.v + rec0;
	for (size_t i = 0; i < n; i++)
		hand += hand_row(v[i]);
	if (!hand || hand == n || hand * (n - hand) > SUMMED_UP_PAIRS)
		return;
	/* the kept records of the document of each kind (hand rows, outputs),
	 * by their index in v: each is compared with the other kind's only */
	size_t *kept[2] = {br_malloc(n * sizeof(size_t)), br_malloc(n * sizeof(size_t))}, nkept[2] = {0, 0};
	for (size_t i = 0; i < n; i++) {
		bool gone = false, ours = names_doc(v[i]->source.file, doc);
		int kind = hand_row(v[i]);
		for (size_t c = 0; c < nkept[!kind] && !gone && ours; c++) {
			size_t k = kept[!kind][c];
			ds->reconcile_looked++;
			if (sums_up(v[k], v[i]) || sums_up(v[i], v[k])) {
				br_record_merge(v[k], v[i]);
				br_record_free(v[i]);
				gone = true;
				if (!kind && !hand_row(v[k]))
					change_kind(kept, nkept, c, ds);
			}
		}
		if (gone)
			continue;
		if (ours)
			kept[kind][nkept[kind]++] = w;
		v[w++] = v[i];
	}
	ds->records.n = rec0 + w;
	free(kept[0]);
	free(kept[1]);
}

/* Each record's quote depth: that of the line it starts on (a record
 * read back from JSON Lines, of another file, has none). */
static void quote_depths(const struct br_doc *doc, struct br_dataset *ds, size_t rec0)
{
	if (!doc->nlines)
		return;
	for (size_t i = rec0; i < ds->records.n; i++) {
		struct br_record *r = ds->records.v[i];
		if (r->source.file && names_doc(r->source.file, doc))
			r->quote_depth = doc->lines[line_index(doc, r->source.line)].depth;
	}
}

void br_reconcile_document(const struct br_doc *doc, struct br_dataset *ds, size_t rec0, size_t diag0,
			   size_t claim0, unsigned line0)
{
	document_order(doc, ds, rec0, diag0);
	quote_depths(doc, ds, rec0);
	if (ds->records.n - rec0 >= 2)
		merge_unnamed(doc, ds, rec0);
	if (doc->nlines && ds->records.n - rec0 >= 2)
		merge_said_again(doc, ds, rec0);
	if (doc->nlines && ds->records.n - rec0 >= 2)
		merge_summed_up(doc, ds, rec0);
	give_dates(doc, ds, rec0);
	if (doc->nlines && ds->records.n - rec0 >= 2)
		names_after(doc, ds, rec0);
	if (doc->nlines && ds->records.n > rec0)
		captions_below(doc, ds, rec0);
	if (!line0)
		return;
	for (size_t i = rec0; i < ds->records.n; i++) {
		struct br_source *src = &ds->records.v[i]->source;
		if (src->file && !names_doc(src->file, doc))
			continue; /* read back from JSON Lines: the line of another file */
		src->line += line0;
		src->end_line += line0;
	}
	for (size_t i = diag0; i < ds->diags.n; i++)
		if (ds->diags.v[i].line)
			ds->diags.v[i].line += line0;
	for (size_t i = claim0; i < ds->nclaims; i++) {
		ds->claims[i].line += line0;
		ds->claims[i].end_line += line0;
	}
}
