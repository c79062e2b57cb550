/*
 * decode_json — a tool's output inside an Ansible task result: the lines
 * a command printed, as JSON strings, under the host that ran it.
 *
 *   ok: [web1] => {                       changed: [db1] => {"cmd": ...,
 *       "hdparm_out.stdout_lines": [          "stdout_lines": ["", "/dev/sda:",
 *           "",                               " Timing cached reads: ..."]}
 *           "/dev/sda:",
 *           " Timing cached reads: ..."
 *       ]
 *   }
 *
 * A result ("ok:", "changed:", "failed:" or "fatal:", the host in [...],
 * then "=> {" and a JSON object, on its line or down to the line where the
 * object closes) becomes a line with the host's name alone ("web1:", which
 * titles what follows, as decode_layout.c's host tags do) and the lines the
 * object holds: each "stdout_lines" or "msg" array of strings (a key ending
 * so: "hdparm_out.stdout_lines"), or, without one, a "stdout" or "msg"
 * string cut at its line ends; loop results ("results": [{...}, ...]) each
 * in turn. A result holding none, or not JSON, is left as it is. Each line
 * written keeps the ORIGINAL line holding its string (the result's first
 * line when it cannot be told).
 */
#include "decode_int.h"

#include <stdlib.h>
#include <string.h>

#include "json.h"

#define OBJECT_LINES_MAX 10000 /* a result's lines looked through for its end */
#define RESULT_DEPTH_MAX 4     /* nesting looked through for lines (loop results) */

/* Where line l's result header ends ("ok: [web1] => {": at the '{'), with
 * the host's name in *host / *hn; 0 when l is none. */
static size_t result_header(const struct br_line *l, const char **host, size_t *hn)
{
	static const char *const states[] = {"ok: [", "changed: [", "failed: [", "fatal: ["};
	const char *s = l->text;
	size_t n = l->len, k = 0;
	while (k < n && (s[k] == ' ' || s[k] == '\t'))
		k++;
	size_t m = 0;
	for (size_t i = 0; i < BR_ARRAY_LEN(states) && !m; i++)
		if (has_prefix_ci(s + k, n - k, states[i]))
			m = strlen(states[i]);
	if (!m)
		return 0;
	const char *h = s + k + m, *end = s + n;
	const char *close = memchr(h, ']', (size_t)(end - h));
	if (!close || close == h || end - close < 5 || memcmp(close, "] => {", 6) != 0)
		return 0;
	/* "web1 -> localhost": the task was delegated; the host is web1's */
	const char *arrow = close;
	for (const char *p = h; p + 4 <= close; p++)
		if (memcmp(p, " -> ", 4) == 0) {
			arrow = p;
			break;
		}
	*host = h;
	*hn = (size_t)(arrow - h);
	return (size_t)(close - s) + 5;
}

/* Add to the depth of braces and brackets outside strings in s[0..n);
 * *in_str carries an open string from one line to the next. */
static void nest(const char *s, size_t n, long *depth, bool *in_str)
{
	for (size_t i = 0; i < n; i++) {
		char c = s[i];
		if (*in_str) {
			if (c == '\\')
				i++;
			else if (c == '"')
				*in_str = false;
		} else if (c == '"') {
			*in_str = true;
		} else if (c == '{' || c == '[') {
			(*depth)++;
		} else if (c == '}' || c == ']') {
			(*depth)--;
		}
	}
}

/* The lines a result's object holds, in order: their bytes one after the
 * other in buf, each NUL-terminated, starting at off[k]. */
struct texts {
	struct br_buf buf;
	size_t *off;
	size_t n, cap;
};

static void add_text(struct texts *t, const char *s, size_t n)
{
	t->off = br_grow(t->off, &t->cap, t->n + 1, sizeof *t->off);
	t->off[t->n++] = t->buf.len;
	br_buf_add(&t->buf, s, n);
	br_buf_addc(&t->buf, '\0');
}

/* Is key w, or does it end in "." and w ("hdparm_out.stdout_lines")? */
static bool key_is(const char *key, const char *w)
{
	size_t k = strlen(key), m = strlen(w);
	return k >= m && strcmp(key + k - m, w) == 0 && (k == m || key[k - m - 1] == '.');
}

/* An array of strings: each is a line; anything else adds nothing. */
static void string_lines(const struct br_json *a, struct texts *t)
{
	if (br_json_type(a) != BR_JSON_ARRAY)
		return;
	for (size_t i = 0; i < br_json_len(a); i++)
		if (br_json_type(br_json_at(a, i)) != BR_JSON_STRING)
			return;
	for (size_t i = 0; i < br_json_len(a); i++)
		add_text(t, br_json_string(br_json_at(a, i)), br_json_len(br_json_at(a, i)));
}

/* The lines of an object: its line arrays, else its output string cut at
 * its line ends, else those of its loop results. */
static void object_lines(const struct br_json *o, struct texts *t, int depth)
{
	if (br_json_type(o) != BR_JSON_OBJECT || depth > RESULT_DEPTH_MAX)
		return;
	size_t n0 = t->n;
	struct br_json_iter it = BR_JSON_ITER_INIT;
	while (br_json_next(o, &it))
		if (key_is(it.key, "stdout_lines") || key_is(it.key, "msg"))
			string_lines(it.value, t);
	if (t->n > n0)
		return;
	const struct br_json *s = br_json_get(o, "stdout");
	if (br_json_type(s) != BR_JSON_STRING)
		s = br_json_get(o, "msg");
	if (br_json_type(s) == BR_JSON_STRING && br_json_len(s)) {
		for (const char *p = br_json_string(s);;) {
			size_t k = strcspn(p, "\n");
			add_text(t, p, k);
			if (!p[k])
				break;
			p += k + 1;
		}
		return;
	}
	const struct br_json *r = br_json_get(o, "results");
	for (size_t i = 0; br_json_type(r) == BR_JSON_ARRAY && i < br_json_len(r); i++)
		object_lines(br_json_at(r, i), t, depth + 1);
}

/* The end (exclusive) of the result whose header is line i, its object
 * starting at byte `at`: the line where the braces balance again; i when
 * they do not within OBJECT_LINES_MAX lines. */
static size_t result_end(const struct br_doc *doc, size_t i, size_t at)
{
	long depth = 0;
	bool in_str = false;
	for (size_t j = i; j < doc->nlines && j - i < OBJECT_LINES_MAX; j++) {
		const struct br_line *l = &doc->lines[j];
		size_t from = j == i ? at : 0;
		nest(l->text + from, l->len - from, &depth, &in_str);
		if (depth <= 0)
			return depth == 0 && !in_str ? j + 1 : i;
	}
	return i;
}

/* Write result [i, j) as its host's line and the lines its object holds;
 * false (nothing written) when it holds none. */
static bool write_result(struct rw *out, struct lw *w, const struct br_doc *doc, size_t i, size_t j,
			 size_t at, struct br_buf *json, struct texts *t)
{
	const char *host;
	size_t hn;
	result_header(&doc->lines[i], &host, &hn);
	br_buf_reset(json);
	for (size_t k = i; k < j; k++) {
		size_t from = k == i ? at : 0;
		br_buf_add(json, doc->lines[k].text + from, doc->lines[k].len - from);
		br_buf_addc(json, '\n');
	}
	const char *err;
	size_t err_off;
	struct br_json *o = br_json_parse(json->data, json->len, &err, &err_off);
	br_buf_reset(&t->buf);
	t->n = 0;
	object_lines(o, t, 0);
	if (!t->n) {
		br_json_free(o);
		return false;
	}
	/* each line at the line holding its string, in order (a one-line
	 * result: all at its line), found before a line is written over */
	unsigned *at_line = br_malloc(t->n * 2 * sizeof *at_line);
	struct br_buf quoted = BR_BUF_INIT;
	size_t src = i;
	for (size_t k = 0; k < t->n; k++) {
		br_buf_reset(&quoted);
		br_json_add_cstr(&quoted, t->buf.data + t->off[k]);
		for (size_t c = src; c < j; c++)
			if (memmem(doc->lines[c].text, doc->lines[c].len, quoted.data, quoted.len)) {
				src = c;
				break;
			}
		at_line[2 * k] = doc->lines[src].line;
		at_line[2 * k + 1] = doc->lines[src].end_line;
	}
	br_buf_free(&quoted);
	const struct br_line head = doc->lines[i];
	/* a result starts a block of its own, as the host's name under the
	 * last one would not (it reads as that one's note) */
	const struct br_line *prev = out->spilled ? (out->b.n ? &out->b.lines[out->b.n - 1] : NULL)
						  : (out->w ? &doc->lines[out->w - 1] : NULL);
	lw_reset(w);
	if (prev && !line_blank(prev))
		br_dec_lw_emit(out, j, w, head.line, head.line, head.depth, head.flags);
	br_buf_add(&w->text, host, hn);
	br_buf_addc(&w->text, ':');
	br_dec_lw_emit(out, j, w, head.line, head.line, head.depth, head.flags);
	/* the host's line stands in for the leading empty lines (hdparm's
	 * first one): it titles what follows, right above it */
	size_t k0 = 0;
	while (k0 < t->n && br_is_blank(t->buf.data + t->off[k0], strlen(t->buf.data + t->off[k0])))
		k0++;
	for (size_t k = k0; k < t->n; k++) {
		br_buf_adds(&w->text, t->buf.data + t->off[k]);
		br_dec_lw_emit(out, j, w, at_line[2 * k], at_line[2 * k + 1], head.depth, 0);
	}
	free(at_line);
	br_json_free(o);
	return true;
}

bool br_dec_stage_jsonlog(struct br_doc *doc)
{
	struct rw out;
	struct lw w = {0};
	struct br_buf json = BR_BUF_INIT;
	struct texts t = {0};
	bool changed = false;
	rw_init(&out, doc);
	for (size_t i = 0; i < doc->nlines;) {
		const char *host;
		size_t hn, at = result_header(&doc->lines[i], &host, &hn), j;
		if (at && (j = result_end(doc, i, at)) > i && write_result(&out, &w, doc, i, j, at, &json, &t)) {
			changed = true;
			i = j;
			continue;
		}
		rw_keep(&out, &doc->lines[i], i + 1);
		i++;
	}
	br_dec_rw_done(&out);
	br_dec_lw_free(&w);
	br_buf_free(&json);
	br_buf_free(&t.buf);
	free(t.off);
	return changed;
}
