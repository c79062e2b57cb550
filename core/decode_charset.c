/*
 * decode_charset — a message's text in the character set its headers name.
 * A mail sent as KOI8-R, GB2312, ISO-2022-JP or windows-1251 says so in its
 * Content-Type ("text/plain; charset=koi8-r"); once its transfer encoding
 * is undone (quoted-printable, base64) its bytes are that character set's,
 * and read as UTF-8 (or guessed as Windows-1252) a Russian machine name
 * becomes U+FFFD and its introduction mojibake. Each declaration holds for
 * its header block and everything after it, up to the next declaration (a
 * multipart message's parts, a forwarded message's own headers); a line in
 * a declared character set other than UTF-8 and ASCII is converted with
 * iconv(3) when it is not valid UTF-8 already (a part that declared one
 * set and was pasted in another) and holds a byte that needs it: one
 * >= 0x80, or an ESC for the ISO-2022 sets, which shift with escape
 * sequences. A line iconv cannot convert whole, or longer than 64 KiB, is
 * left as it was. Nothing is guessed: a text that declares no character
 * set keeps the reading it had. The joins of a line (where original lines were joined) keep their
 * places: each piece between two joins is converted on its own.
 */
#include "decode_int.h"

#include <errno.h>
#include <iconv.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

#define CHARSET_MAX 40 /* a longer name is no character set's */

/* The character set declared on l ("charset=koi8-r", quoted or not), a
 * line of a Content-Type header (*in_header: the header goes on, on lines
 * that start with a blank), lower-cased into name; false when l declares
 * none. */
static bool declared(const struct br_line *l, bool *in_header, char name[CHARSET_MAX])
{
	const char *s = l->text;
	size_t n = l->len;
	if (n > 13 && (s[0] | 0x20) == 'c' && has_prefix_ci(s, n, "content-type:"))
		*in_header = true;
	else if (!*in_header || !n || (s[0] != ' ' && s[0] != '\t'))
		return *in_header = false;
	for (size_t i = 0; i + 8 <= n; i++) {
		if (!has_prefix_ci(s + i, n - i, "charset="))
			continue;
		size_t k = i + 8, m = 0;
		if (k < n && (s[k] == '"' || s[k] == '\''))
			k++;
		for (; k < n && m + 1 < CHARSET_MAX; k++, m++) {
			int c = (unsigned char)s[k];
			if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || is_digit(c) || c == '-' ||
			      c == '_' || c == '.' || c == ':'))
				break;
			name[m] = (char)lower(c);
		}
		name[m] = '\0';
		return m > 0;
	}
	return false;
}

/* The name iconv knows a declared set by, or NULL for a set the text
 * already is (UTF-8, ASCII). Mail clients declare the older, smaller set
 * and send its Windows superset: read them as the superset. */
static const char *iconv_name(const char *name)
{
	static const struct {
		const char *declared, *iconv;
	} alias[] = {
		{"us-ascii", NULL},        {"ascii", NULL},          {"utf-8", NULL},
		{"utf8", NULL},            {"iso-8859-1", "CP1252"}, {"latin1", "CP1252"},
		{"iso_8859-1", "CP1252"},  {"gb2312", "GB18030"},    {"gbk", "GB18030"},
		{"euc-cn", "GB18030"},     {"x-gbk", "GB18030"},     {"ks_c_5601-1987", "CP949"},
		{"euc-kr", "CP949"},       {"big5", "BIG5-HKSCS"},   {"shift_jis", "CP932"},
		{"x-sjis", "CP932"},       {"iso-8859-9", "CP1254"},
	};
	for (size_t i = 0; i < BR_ARRAY_LEN(alias); i++)
		if (strcmp(name, alias[i].declared) == 0)
			return alias[i].iconv;
	return name;
}

/* A longer line is no tool's output and no label: it is left as it is
 * (converting it would hold it twice more, for nothing read in it). */
#define LINE_MAX_CONVERTED ((size_t)64 << 10)

/* Does l hold a byte a set other than ASCII would have to convert? */
static bool needs(const struct br_line *l, bool iso2022)
{
	if (l->len > LINE_MAX_CONVERTED)
		return false;
	for (size_t i = 0; i < l->len; i++) {
		unsigned char c = (unsigned char)l->text[i];
		if (c >= 0x80 || (iso2022 && c == 0x1b))
			return !br_utf8_valid(l->text, l->len) || iso2022;
	}
	return false;
}

/* s[0..n) converted by cd onto b; false when iconv cannot (b is then
 * as it was). */
static bool convert(iconv_t cd, const char *s, size_t n, struct br_buf *b)
{
	size_t len0 = b->len;
	iconv(cd, NULL, NULL, NULL, NULL); /* the initial shift state */
	char *in = (char *)(uintptr_t)s;
	size_t left = n;
	for (;;) {
		/* room for the rest, or for 64 KiB more at a time (a line of
		 * hundreds of megabytes is not given four times its size) */
		br_buf_grow(b, left < (16 << 10) ? left * 4 + 16 : (64 << 10));
		char *out = b->data + b->len;
		size_t room = b->cap - b->len - 1;
		/* the bytes, then the shift back to the initial state */
		bool shift = left == 0;
		size_t r = shift ? iconv(cd, NULL, NULL, &out, &room) : iconv(cd, &in, &left, &out, &room);
		b->len = (size_t)(out - b->data);
		if (r != (size_t)-1 && shift) {
			b->data[b->len] = '\0';
			return true;
		}
		if (r == (size_t)-1 && errno != E2BIG) {
			b->len = len0;
			b->data[len0] = '\0';
			return false;
		}
	}
}

/* Line l (not valid UTF-8 in its set) into w, piece by piece between its
 * joins; false when a piece does not convert. */
static bool convert_line(iconv_t cd, const struct br_line *l, struct lw *w)
{
	lw_reset(w);
	size_t from = 0, nj = br_line_njoins(l);
	for (size_t j = 0; j <= nj; j++) {
		size_t to = j < nj ? l->joins[j] : l->len;
		if (to < from || to > l->len)
			return false;
		if (!convert(cd, l->text + from, to - from, &w->text))
			return false;
		if (j < nj)
			br_dec_lw_join(w);
		from = to;
	}
	return true;
}

/* The first line of the header block line i is in (a run of non-blank
 * lines). */
static size_t block_start(const struct br_doc *doc, size_t i)
{
	while (i > 0 && !line_blank(&doc->lines[i - 1]))
		i--;
	return i;
}

/* Where a declared set begins to hold: the first line of the block that
 * declares it. */
struct change {
	size_t at;
	char name[CHARSET_MAX];
};

/* The declarations of doc, in line order, into *v (n of them); false when
 * none names a set other than UTF-8 and ASCII (nothing to convert). */
static bool changes(const struct br_doc *doc, struct change **v, size_t *n)
{
	size_t cap = 0;
	bool other = false, in_header = false;
	*v = NULL;
	*n = 0;
	for (size_t i = 0; i < doc->nlines; i++) {
		char name[CHARSET_MAX];
		if (!declared(&doc->lines[i], &in_header, name))
			continue;
		*v = br_grow(*v, &cap, *n + 1, sizeof **v);
		(*v)[*n].at = block_start(doc, i);
		memcpy((*v)[*n].name, name, sizeof name);
		++*n;
		other = other || iconv_name(name);
	}
	return other;
}

/* The set the bytes as read are in, for excerpts (br_doc.charset): the one
 * every declaration but UTF-8 and ASCII names, if they agree. */
static void one_set(struct br_doc *doc, const struct change *ch, size_t nch)
{
	const char *set = NULL;
	for (size_t i = 0; i < nch; i++) {
		const char *s = iconv_name(ch[i].name);
		if (s && set && strcmp(s, set) != 0)
			return;
		set = s ? s : set;
	}
	if (set && !doc->charset)
		doc->charset = br_strdup(set);
}

bool br_dec_stage_charset(struct br_doc *doc)
{
	struct change *ch;
	size_t nch;
	if (!changes(doc, &ch, &nch)) {
		free(ch);
		return false; /* (the common case: no set but UTF-8 and ASCII named) */
	}
	struct rw out;
	struct lw w = {0};
	rw_init(&out, doc);
	iconv_t cd = (iconv_t)-1;
	bool iso2022 = false, changed = false;
	size_t c = 0;
	for (size_t i = 0; i < doc->nlines; i++) {
		const struct br_line *l = &doc->lines[i];
		if (c < nch && ch[c].at <= i) {
			/* (of two declarations in one block, the later holds) */
			while (c + 1 < nch && ch[c + 1].at <= i)
				c++;
			if (cd != (iconv_t)-1)
				iconv_close(cd);
			const char *set = iconv_name(ch[c].name);
			cd = set ? iconv_open("UTF-8", set) : (iconv_t)-1;
			iso2022 = strncmp(ch[c].name, "iso-2022", 8) == 0;
			c++;
		}
		if (cd == (iconv_t)-1 || !needs(l, iso2022) || !convert_line(cd, l, &w)) {
			rw_keep(&out, l, i + 1);
			continue;
		}
		br_dec_lw_emit(&out, i + 1, &w, l->line, l->end_line, l->depth, l->flags);
		changed = true;
	}
	if (cd != (iconv_t)-1)
		iconv_close(cd);
	br_dec_lw_free(&w);
	br_dec_rw_done(&out);
	if (changed)
		doc->transport |= BR_TRANSPORT_CHARSET;
	one_set(doc, ch, nch);
	free(ch);
	return changed;
}

bool br_charset_add(const char *set, const char *s, size_t n, struct br_buf *b)
{
	iconv_t cd = iconv_open("UTF-8", set);
	if (cd == (iconv_t)-1)
		return false;
	bool ok = convert(cd, s, n, b) && br_utf8_valid(b->data, b->len);
	iconv_close(cd);
	return ok;
}

/*
 * A full-width colon (U+FF1A) at the end of a line, as Chinese and
 * Japanese posts end an introduction ("测试结果如下：", "/dev/sda："), is a
 * colon: the labels and the parsers read ':' there. Only at the end (blanks
 * after it aside): inside a line it is the writer's punctuation.
 */
static size_t fw_colon_at(const struct br_line *l)
{
	size_t n = rtrim_len(l->text, l->len);
	return n >= 3 && memcmp(l->text + n - 3, "\xef\xbc\x9a", 3) == 0 ? n - 3 : (size_t)-1;
}

bool br_dec_stage_fullwidth_colon(struct br_doc *doc)
{
	size_t nl = doc->nlines, first = nl;
	for (size_t i = 0; i < nl && first == nl; i++)
		if (doc->lines[i].len >= 3 && fw_colon_at(&doc->lines[i]) != (size_t)-1)
			first = i;
	if (first == nl)
		return false;
	struct rw out;
	struct lw w = {0};
	rw_init(&out, doc);
	for (size_t i = 0; i < nl; i++) {
		const struct br_line *l = &doc->lines[i];
		size_t at = i < first ? (size_t)-1 : fw_colon_at(l);
		if (at == (size_t)-1) {
			rw_keep(&out, l, i + 1);
			continue;
		}
		size_t ji = 0;
		lw_reset(&w);
		lw_carry(&w, l, &ji, at);
		br_buf_add(&w.text, l->text, at);
		br_buf_addc(&w.text, ':');
		br_dec_lw_emit(&out, i + 1, &w, l->line, l->end_line, l->depth, l->flags);
	}
	br_dec_lw_free(&w);
	br_dec_rw_done(&out);
	return true;
}
