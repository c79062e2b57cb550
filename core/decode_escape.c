/*
 * decode_escape — a Markdown converter's backslashes: a post carried from
 * HTML to Markdown (a forum moved to a new engine, a page saved by a
 * converter) has a backslash before each character Markdown would read as
 * markup: "\+\+\+\+\+", "39.6\*", "\-Per Chr\-", "\#". Where three lines
 * or more hold such an escape (a backslash before '*', '_', '+', '-', '#',
 * '|', '`', '[' or ']'), every backslash before an ASCII punctuation
 * character goes, as a Markdown renderer would take it away; a document
 * with fewer (a regular expression, a Windows path) is left as it is.
 */
#include "decode_int.h"

#include <string.h>

#define ESCAPE_MIN_LINES 3

/* Is c ASCII punctuation (what CommonMark lets a backslash escape)? */
static bool punct(int c)
{
	return (c >= '!' && c <= '/') || (c >= ':' && c <= '@') || (c >= '[' && c <= '`') ||
	       (c >= '{' && c <= '~');
}

/* Does l hold an escape only a converter writes? */
static bool has_escape(const struct br_line *l)
{
	const char *s = l->text, *end = s + l->len;
	for (const char *p = s; (p = memchr(p, '\\', (size_t)(end - p))) != NULL && p + 1 < end; p += 2)
		if (strchr("*_+-#|`[]", p[1]))
			return true;
	return false;
}

bool br_dec_stage_unescape(struct br_doc *doc)
{
	size_t nl = doc->nlines, with = 0;
	for (size_t i = 0; i < nl && with < ESCAPE_MIN_LINES; i++)
		with += memchr(doc->lines[i].text, '\\', doc->lines[i].len) && has_escape(&doc->lines[i]);
	if (with < ESCAPE_MIN_LINES)
		return false;
	struct rw out;
	struct lw w = {0};
	rw_init(&out, doc);
	for (size_t i = 0; i < nl; i++) {
		const struct br_line *l = &doc->lines[i];
		const char *bs = memchr(l->text, '\\', l->len);
		if (!bs || (size_t)(bs - l->text) + 1 >= l->len) {
			rw_keep(&out, l, i + 1);
			continue;
		}
		size_t ji = 0;
		lw_reset(&w);
		for (size_t k = 0; k < l->len; k++) {
			lw_carry(&w, l, &ji, k);
			if (l->text[k] == '\\' && k + 1 < l->len && punct((unsigned char)l->text[k + 1]))
				k++;
			br_buf_addc(&w.text, l->text[k]);
		}
		lw_carry(&w, l, &ji, l->len);
		br_dec_lw_emit(&out, i + 1, &w, l->line, l->end_line, l->depth, l->flags);
	}
	br_dec_lw_free(&w);
	br_dec_rw_done(&out);
	doc->transport |= BR_TRANSPORT_MDESCAPE;
	return true;
}
