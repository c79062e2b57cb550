/*
 * decode_html — HTML through libxml2's SAX parser: a whole page, or the
 * <TR><TD> rows pasted into a text document. See decode.h.
 */
#include "decode_int.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/HTMLparser.h>
#include <libxml/parserInternals.h>
#include <libxml/tree.h>

/* The HTML reader: libxml2's HTML parser in SAX mode (no tree: memory stays
 * bounded by the nesting depth, whatever the size of the page), turning
 * elements and text into lines. Buffer line k (1-based) maps to original
 * lines lmap[k-1] .. emap[k-1]. */
struct hw {
	struct rw *out;
	size_t unread;         /* input lines read into the buffer */
	htmlParserCtxtPtr ctxt;
	const unsigned *lmap, *emap;
	size_t nmap;
	unsigned depth_base;
	struct lw w;
	unsigned first, last;  /* buffer lines of the current line's content (0 = none) */
	bool block;            /* the next line starts a block */
	bool space;            /* a collapsed blank is pending */
	bool soft;             /* the line a <br> ended ends with '=': a blank
				* at the next one's start is kept (below) */
	unsigned cur;          /* current buffer line */
	unsigned pre;          /* <pre> nesting */
	bool pre_start;        /* right after <pre>: a first newline is dropped */
	unsigned heading;      /* 1..6 inside <hN> */
	unsigned caption;      /* <caption>, <figcaption> nesting */
	unsigned quote;        /* <blockquote> nesting */
	unsigned skip;         /* inside <script>, <style>, <head> ... */
	unsigned level;        /* element nesting */
	bool row;              /* inside a <tr> whose cells are plain text so far */
	unsigned row_level;    /* nesting level of that <tr> */
	unsigned cells;        /* cells so far in the row */
	long span;             /* colspan of the open cell */
	bool paras;            /* a blank line parts blocks (text around <pre>: a wiki's source) */
	unsigned newlines;     /* newlines in the blanks being read outside <pre> */
};

static unsigned map_line(const struct hw *h, unsigned k, bool end)
{
	if (!h->nmap)
		return k ? k : 1;
	if (k < 1)
		k = 1;
	if (k > h->nmap)
		k = (unsigned)h->nmap;
	return end ? h->emap[k - 1] : h->lmap[k - 1];
}

static void hw_flush(struct hw *h, bool force)
{
	/* trailing blanks are not content outside <pre> */
	if (!h->pre || h->row)
		while (h->w.text.len && h->w.text.data[h->w.text.len - 1] == ' ')
			h->w.text.data[--h->w.text.len] = '\0';
	h->soft = false;
	if (!h->w.text.len && !force) {
		h->space = false;
		h->first = h->last = 0;
		return;
	}
	unsigned first = h->first ? h->first : h->cur, last = h->last ? h->last : first;
	unsigned flags = 0;
	if (h->block)
		flags |= BR_LINE_BLOCK_START;
	if (h->pre)
		flags |= BR_LINE_PRE;
	if (h->heading)
		flags |= BR_LINE_HEADING | (h->heading << BR_LINE_LEVEL_SHIFT);
	if (h->caption)
		flags |= BR_LINE_CAPTION;
	if (h->row)
		flags |= BR_LINE_TABLE_ROW;
	br_dec_lw_emit(h->out, h->unread, &h->w, map_line(h, first, false), map_line(h, last, true),
		h->depth_base + h->quote, flags);
	h->block = false;
	h->space = false;
	h->first = h->last = 0;
}

static void hw_char(struct hw *h, char c)
{
	if (!h->first)
		h->first = h->cur;
	h->last = h->cur;
	br_buf_addc(&h->w.text, c);
}

static void hw_text(struct hw *h, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		char c = s[i];
		if (h->pre && !h->row) {
			if (c == '\n') {
				if (h->pre_start) {
					h->pre_start = false;
					h->cur++;
					continue;
				}
				hw_flush(h, true);
				h->cur++;
			} else if (c != '\r') {
				h->pre_start = false;
				hw_char(h, c);
			}
			continue;
		}
		if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f') {
			if (c == '\n')
				h->cur++;
			if (c == '\n' && ++h->newlines == 2 && h->paras && !h->row && h->w.text.len) {
				hw_flush(h, false);
				h->block = true;
				continue;
			}
			if (h->w.text.len ? h->w.text.data[h->w.text.len - 1] != '\t'
					  : h->soft && (c == ' ' || c == '\t'))
				h->space = true;
			continue;
		}
		h->newlines = 0;
		if (h->space) {
			br_buf_addc(&h->w.text, ' ');
			h->space = false;
		}
		h->soft = false;
		hw_char(h, c);
	}
}

/* What an element does to the lines (sorted by name for bsearch). */
enum {
	EL_BLOCK = 1 << 0,   /* breaks lines */
	EL_SKIP = 1 << 1,    /* content is not text (script, style, head) */
	EL_PRE = 1 << 2,     /* keeps its layout */
	EL_CELL = 1 << 3,    /* td, th */
	EL_HEADING = 1 << 4, /* h1..h6 */
	EL_CAPTION = 1 << 5, /* caption, figcaption */
};
struct element {
	const char *name;
	unsigned flags;
};
static const struct element elements[] = {
	{"address", EL_BLOCK}, {"article", EL_BLOCK}, {"aside", EL_BLOCK},
	{"blockquote", EL_BLOCK}, {"body", EL_BLOCK}, {"br", EL_BLOCK}, {"caption", EL_BLOCK | EL_CAPTION},
	{"center", EL_BLOCK}, {"cite", EL_BLOCK}, {"dd", EL_BLOCK}, {"details", EL_BLOCK},
	{"dir", EL_BLOCK}, {"div", EL_BLOCK}, {"dl", EL_BLOCK}, {"dt", EL_BLOCK},
	{"fieldset", EL_BLOCK}, {"figcaption", EL_BLOCK | EL_CAPTION}, {"figure", EL_BLOCK},
	{"footer", EL_BLOCK}, {"form", EL_BLOCK}, {"h1", EL_BLOCK | EL_HEADING},
	{"h2", EL_BLOCK | EL_HEADING}, {"h3", EL_BLOCK | EL_HEADING},
	{"h4", EL_BLOCK | EL_HEADING}, {"h5", EL_BLOCK | EL_HEADING},
	{"h6", EL_BLOCK | EL_HEADING}, {"head", EL_SKIP}, {"header", EL_BLOCK}, {"hr", EL_BLOCK},
	{"html", EL_BLOCK}, {"iframe", EL_SKIP}, {"legend", EL_BLOCK}, {"li", EL_BLOCK},
	{"listing", EL_BLOCK | EL_PRE}, {"main", EL_BLOCK}, {"math", EL_SKIP}, {"menu", EL_BLOCK},
	{"nav", EL_BLOCK}, {"noframes", EL_SKIP}, {"noscript", EL_BLOCK}, {"object", EL_SKIP},
	{"ol", EL_BLOCK}, {"p", EL_BLOCK}, {"plaintext", EL_BLOCK | EL_PRE},
	{"pre", EL_BLOCK | EL_PRE}, {"script", EL_SKIP}, {"section", EL_BLOCK},
	{"select", EL_SKIP}, {"style", EL_SKIP}, {"summary", EL_BLOCK}, {"svg", EL_SKIP},
	{"table", EL_BLOCK}, {"tbody", EL_BLOCK}, {"td", EL_BLOCK | EL_CELL},
	{"template", EL_SKIP}, {"textarea", EL_BLOCK | EL_PRE}, {"tfoot", EL_BLOCK},
	{"th", EL_BLOCK | EL_CELL}, {"thead", EL_BLOCK}, {"title", EL_BLOCK}, {"tr", EL_BLOCK},
	{"ul", EL_BLOCK}, {"xmp", EL_BLOCK | EL_PRE},
};

static int element_cmp(const void *key, const void *elem)
{
	return strcmp(key, ((const struct element *)elem)->name);
}

static unsigned element_flags(const char *name)
{
	const struct element *e = bsearch(name, elements, BR_ARRAY_LEN(elements), sizeof elements[0],
					  element_cmp);
	return e ? e->flags : 0;
}

static struct hw *hw_of(void *ctx)
{
	return ((htmlParserCtxtPtr)ctx)->_private;
}

/* The parser's line: where the tag or text just read ends. */
static unsigned parser_line(const struct hw *h)
{
	int ln = h->ctxt && h->ctxt->input ? h->ctxt->input->line : 0;
	return ln > 0 ? (unsigned)ln : h->cur;
}

/* Was the element just started implied by the parser rather than read? A
 * tag read leaves the parser right after its '>'. */
static bool implied(const struct hw *h)
{
	const xmlParserInput *in = h->ctxt ? h->ctxt->input : NULL;
	return in && in->cur && in->base && in->cur > in->base && in->cur[-1] != '>';
}

static void sax_start(void *ctx, const xmlChar *xname, const xmlChar **attrs)
{
	struct hw *h = hw_of(ctx);
	const char *name = (const char *)xname;
	unsigned el = element_flags(name);
	h->level++;
	if (h->skip || (el & EL_SKIP)) {
		h->skip++;
		return;
	}
	/* an element the parser implied (the <html><body><p> around text
	 * before the first tag, a mail's headers) starts where that text
	 * does: the parser's line is already past it, the text not yet given */
	unsigned ln = implied(h) ? 0 : parser_line(h);
	if (ln > h->cur)
		h->cur = ln;
	if (h->row) {
		if (el & EL_CELL) {
			if (h->cells++)
				br_buf_addc(&h->w.text, '\t');
			h->space = false;
			h->span = 1;
			for (size_t i = 0; attrs && attrs[i]; i += 2)
				if (strcmp((const char *)attrs[i], "colspan") == 0 && attrs[i + 1])
					h->span = strtol((const char *)attrs[i + 1], NULL, 10);
			return;
		}
		if (!(el & EL_BLOCK))
			return;
		/* a line break inside a cell ("Random<br>Seeks"): a blank */
		if (strcmp(name, "br") == 0) {
			if (h->w.text.len && h->w.text.data[h->w.text.len - 1] != '\t')
				h->space = true;
			return;
		}
		/* a block inside a cell: a layout table, not a row of figures */
		hw_flush(h, false);
		h->row = false;
	}
	if (strcmp(name, "br") == 0) {
		/* raw quoted-printable shown as a page: "145.5=<br>\n   3"
		 * is "145.5" and "   3" (blanks after a soft break), so
		 * the next line keeps a blank where its blanks were (what
		 * the page collapses to), rather than none ("145.53") */
		bool soft = !h->pre && h->w.text.len && h->w.text.data[h->w.text.len - 1] == '=';
		if (h->pre)
			hw_flush(h, true);
		else
			hw_flush(h, h->w.text.len == 0); /* <br><br>: an empty line */
		h->soft = soft;
		return;
	}
	if (strcmp(name, "tr") == 0) {
		hw_flush(h, false);
		h->row = true;
		h->row_level = h->level;
		h->cells = 0;
		h->block = true;
		h->first = h->cur;
		return;
	}
	if (!(el & EL_BLOCK))
		return;
	hw_flush(h, false);
	h->block = true;
	if (el & EL_HEADING)
		h->heading = (unsigned)(name[1] - '0');
	else if ((el & EL_CAPTION) && h->caption < 1000)
		h->caption++;
	else if (strcmp(name, "blockquote") == 0 && h->quote < 1000)
		h->quote++;
	if ((el & EL_PRE) && h->pre < 1000) {
		h->pre++;
		h->pre_start = true;
	}
}

static void sax_end(void *ctx, const xmlChar *xname)
{
	struct hw *h = hw_of(ctx);
	const char *name = (const char *)xname;
	unsigned el = element_flags(name);
	unsigned level = h->level;
	if (h->level)
		h->level--;
	if (h->skip) {
		h->skip--;
		return;
	}
	if (h->row) {
		if (el & EL_CELL) {
			/* a cell spanning columns keeps the columns after it in place */
			for (long c = 1; c < h->span && c < 32; c++)
				br_buf_addc(&h->w.text, '\t');
			h->span = 1;
			h->space = false;
		} else if (strcmp(name, "tr") == 0 && level == h->row_level) {
			h->last = h->cur;
			hw_flush(h, h->cells > 0); /* a row of empty cells still is a row */
			h->row = false;
			h->block = true;
		}
		return;
	}
	if (!(el & EL_BLOCK) || strcmp(name, "br") == 0)
		return;
	hw_flush(h, false);
	h->block = true;
	if (el & EL_HEADING)
		h->heading = 0;
	else if ((el & EL_CAPTION) && h->caption)
		h->caption--;
	else if (strcmp(name, "blockquote") == 0 && h->quote)
		h->quote--;
	if ((el & EL_PRE) && h->pre) {
		h->pre--;
		h->pre_start = false;
	}
}

static void sax_text(void *ctx, const xmlChar *s, int len)
{
	struct hw *h = hw_of(ctx);
	if (len <= 0)
		return;
	/* the parser has read the text: it started that many newlines back */
	unsigned nl = 0;
	for (int i = 0; i < len; i++)
		nl += s[i] == '\n';
	unsigned ln = parser_line(h);
	if (ln > nl && ln - nl > h->cur)
		h->cur = ln - nl;
	if (h->skip) {
		h->cur += nl;
		return;
	}
	hw_text(h, (const char *)s, (size_t)len);
}

/* Does the page say its encoding (a "charset" in a tag of its head, an
 * XML declaration's encoding, a byte-order mark)? Only a tag names it: a
 * mail turned into a page keeps its headers as text ("Content-Type:
 * text/plain; charset=us-ascii<br>"), and libxml2 reads UTF-8 bytes of a
 * page that names nothing as Latin-1 ("Â " for each no-break space). */
static bool names_charset(const char *buf, size_t len)
{
	if (len >= 2 && (((unsigned char)buf[0] == 0xfe && (unsigned char)buf[1] == 0xff) ||
			 ((unsigned char)buf[0] == 0xff && (unsigned char)buf[1] == 0xfe)))
		return true;
	size_t n = len < 4096 ? len : 4096;
	bool in_tag = false;
	for (size_t i = 0; i + 8 <= n; i++) {
		if (buf[i] == '<' || buf[i] == '>')
			in_tag = buf[i] == '<';
		else if (in_tag && (buf[i] == 'c' || buf[i] == 'C' || buf[i] == 'e' || buf[i] == 'E') &&
			 (has_prefix_ci(buf + i, n - i, "charset") || has_prefix_ci(buf + i, n - i, "encoding=")))
			return true;
	}
	return false;
}

static void html_lines(struct rw *out, size_t unread, const char *buf, size_t len,
		       const unsigned *lmap, const unsigned *emap, size_t nmap, unsigned depth, bool paras)
{
	if (len > INT_MAX)
		len = INT_MAX;
	htmlParserCtxtPtr ctxt = htmlCreateMemoryParserCtxt(buf, (int)len);
	if (!ctxt)
		return;
	struct hw h = {0};
	h.out = out;
	h.unread = unread;
	h.ctxt = ctxt;
	h.lmap = lmap;
	h.emap = emap;
	h.nmap = nmap;
	h.depth_base = depth;
	h.paras = paras;
	h.cur = 1;
	htmlSAXHandler sax;
	memset(&sax, 0, sizeof sax);
	sax.startElement = sax_start;
	sax.endElement = sax_end;
	sax.characters = sax_text;
	sax.ignorableWhitespace = sax_text;
	sax.cdataBlock = NULL; /* script and style bodies */
	memcpy(ctxt->sax, &sax, sizeof sax);
	ctxt->_private = &h;
	ctxt->userData = ctxt;
	htmlCtxtUseOptions(ctxt, HTML_PARSE_RECOVER | HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING |
					 HTML_PARSE_NONET);
	/* libxml2 reads a page that names no charset as Latin-1: "RÃ©sultats"
	 * for a UTF-8 heading. Bytes that are valid UTF-8 are UTF-8. */
	if (!names_charset(buf, len) && br_utf8_valid(buf, len))
		xmlSwitchEncoding(ctxt, XML_CHAR_ENCODING_UTF8);
	htmlParseDocument(ctxt);
	hw_flush(&h, false);
	br_dec_lw_free(&h.w);
	if (ctxt->myDoc)
		xmlFreeDoc(ctxt->myDoc);
	ctxt->myDoc = NULL;
	htmlFreeParserCtxt(ctxt);
}

/* The lines [first, end) joined with LF, and their line maps. */
static char *join_lines(const struct br_doc *doc, size_t first, size_t end, size_t *len,
			unsigned **lmap, unsigned **emap)
{
	struct br_buf buf = BR_BUF_INIT;
	*lmap = br_malloc((end - first + 1) * sizeof **lmap);
	*emap = br_malloc((end - first + 1) * sizeof **emap);
	for (size_t i = first; i < end; i++) {
		const struct br_line *l = &doc->lines[i];
		br_buf_add(&buf, l->text, l->len);
		br_buf_addc(&buf, '\n');
		(*lmap)[i - first] = l->line;
		(*emap)[i - first] = l->end_line;
	}
	*len = buf.len;
	return br_buf_detach(&buf);
}

/* Is doc text with <pre> blocks and inline markup alone (a wiki page's
 * source), no element of a page that breaks lines (<p>, <br>, <div>,
 * <table>, <li>, <body>)? Its blank lines part its paragraphs. */
static bool text_around_pre(const struct br_doc *doc)
{
	static const char *const tags[] = {"<p>", "<p ", "<P>", "<br", "<BR", "<div", "<DIV", "<table", "<TABLE",
					   "<li", "<LI", "<body", "<BODY", "<html", "<HTML", "<!"};
	for (size_t i = 0; i < doc->nlines; i++) {
		const struct br_line *l = &doc->lines[i];
		const char *p = l->len ? memchr(l->text, '<', l->len) : NULL;
		for (; p; p = memchr(p + 1, '<', l->len - (size_t)(p + 1 - l->text)))
			for (size_t k = 0; k < BR_ARRAY_LEN(tags); k++)
				if ((size_t)(l->text + l->len - p) >= strlen(tags[k]) &&
				    memcmp(p, tags[k], strlen(tags[k])) == 0)
					return false;
	}
	return true;
}

bool br_dec_stage_html_page(struct br_doc *doc)
{
	size_t len;
	unsigned *lmap, *emap;
	char *buf = join_lines(doc, 0, doc->nlines, &len, &lmap, &emap);
	struct rw out;
	rw_init(&out, doc);
	bool paras = text_around_pre(doc);
	html_lines(&out, doc->nlines, buf, len, lmap, emap, doc->nlines, 0, paras);
	free(buf);
	free(lmap);
	free(emap);
	br_dec_rw_done(&out);
	doc->transport |= BR_TRANSPORT_HTML;
	return true;
}

static bool line_has_tag(const struct br_line *l, bool *table)
{
	bool any = false;
	const char *s = l->text;
	for (const char *p = memchr(s, '<', l->len); p; p = memchr(p + 1, '<', l->len - (size_t)(p + 1 - s))) {
		enum tag_kind t = br_dec_tag_at(p, l->len - (size_t)(p - s));
		if (t == TAG_TABLE)
			*table = true;
		if (t != TAG_NONE)
			any = true;
		if ((size_t)(p + 1 - s) >= l->len)
			break;
	}
	return any;
}

/* <TR><TD> rows pasted into a text document: only the runs of tagged lines
 * that hold table markup are read as HTML. */
bool br_dec_stage_html_rows(struct br_doc *doc)
{
	struct rw out;
	rw_init(&out, doc);
	bool changed = false;
	size_t i = 0;
	while (i < doc->nlines) {
		bool table = false;
		size_t j = i;
		while (j < doc->nlines && doc->lines[j].depth == doc->lines[i].depth &&
		       line_has_tag(&doc->lines[j], &table))
			j++;
		if (j == i) {
			rw_keep(&out, &doc->lines[i], i + 1);
			i++;
			continue;
		}
		if (!table) {
			for (; i < j; i++)
				rw_keep(&out, &doc->lines[i], i + 1);
			continue;
		}
		size_t len;
		unsigned *lmap, *emap;
		char *buf = join_lines(doc, i, j, &len, &lmap, &emap);
		html_lines(&out, j, buf, len, lmap, emap, j - i, doc->lines[i].depth, false);
		free(buf);
		free(lmap);
		free(emap);
		changed = true;
		i = j;
	}
	br_dec_rw_done(&out);
	if (!changed)
		return false;
	doc->transport |= BR_TRANSPORT_HTML;
	return true;
}
