/*
 * decode — transport decoding: turns a document's physical lines into the
 * logical lines parsers read. Applied only when a document shows the signs,
 * found by one cheap scan (a plain-text document costs that scan only):
 *
 *  - HTML pages (a doctype, <html>/<body>/<head> near the top, a page that
 *    starts with markup, or dense block markup): libxml2's HTML parser in
 *    streaming (SAX) mode; <pre> keeps its layout line by line (BR_LINE_PRE),
 *    a <tr> of plain cells becomes one line with the cells separated by TAB
 *    (BR_LINE_TABLE_ROW; colspan keeps later columns in place), blocks and
 *    <br> break lines (BR_LINE_BLOCK_START), <h1>..<h6> are flagged
 *    BR_LINE_HEADING with their level (BR_LINE_LEVEL), <blockquote> adds to
 *    the depth, entities are decoded, script/style/head are dropped.
 *  - <TR><TD> rows pasted into a text document: only those lines are read
 *    as HTML.
 *  - base64 mail bodies: a part whose header block declares
 *    "Content-Transfer-Encoding: base64" and whose bytes are text (not an
 *    image, not the HTML alternative of a message with a plain part) is
 *    decoded first; each decoded line keeps the base64 lines its bytes came
 *    from (BR_LINE_DECODED), and the decoded lines joined are br_doc.shown,
 *    where the parsers look for their words (br_doc_text).
 *  - uuencoded attachments ("begin 644 name" ... "end") whose bytes are
 *    text: decoded like base64 bodies (BR_LINE_DECODED, br_doc.shown).
 *  - Markdown tables that are lines of output cut into cells (counts of
 *    cells that differ from row to row, no body, or one column): their rows
 *    become lines with the cells separated by TAB (BR_LINE_TABLE_ROW), as an
 *    HTML table's, a one-cell row a plain line; the delimiter row goes. A
 *    table a person made (a grid) is the parsers' to read.
 *  - A Markdown converter's backslash escapes ("\+\+\+", "39.6\*"), where
 *    three lines or more hold one: the backslashes before punctuation go.
 *  - A document saved as UTF-16 (a byte-order mark): its lines are made
 *    from its text in UTF-8 before every other stage.
 *  - Ansible task results ("ok: [web1] => {" and a JSON object): the host's
 *    name alone, then the lines of its stdout_lines / msg / stdout.
 *  - Quoted-printable, per region (mail header blocks, MIME boundaries and
 *    digest separators start a region): decoded when the region declares it
 *    or shows evidence (=3D, =20/=09 before a line end, escapes with hex
 *    letters such as =C2=A0, "=46rom" at a line start, several long lines
 *    ending in a soft break). Soft breaks join lines (the joined line
 *    records where in `joins`); a continuation that repeats the first line's
 *    "> " prefix loses it. Lines made only of "=" are left alone, and so
 *    are the '=' spellings the tools' vocabulary names (vocab.h: hdparm's
 *    "=182.86", "FwRev=FA550480", a line ending "seconds =").
 *  - Mail quoting: "> ", ">> ", "> > ", ">  ", ">\t" and blocks of "| "
 *    lines; the depth goes to br_line.depth, one blank after the quote
 *    character is stripped consistently within a block so quoted tables
 *    keep their columns.
 *  - BBCode and forum markup ([code], [b], [quote] -> depth, [url], [img],
 *    Markdown ``` fences); lines made only of tags are dropped.
 *  - Line prefixes shared by a block of two or more lines ("# ", "#\t",
 *    "# # ", " * ", "//", "; ", "% ", a Supercite "ZC> " tag, which counts as
 *    quoting): what the block's lines share is removed; list items lose
 *    their marker line by line: bullets ("* ", "  - ", "• ", "·\t") in a
 *    row, numbers ("12. ", "3) ") counting on or repeated where an item
 *    holds a result row, and a loose list's items (blank lines between
 *    them) up to its last result row; a diff-marked block
 *    (lines starting " ", "-", "+", with both "-x" and "+x" lines) loses its
 *    marker column. A lone "# Heading" line stays.
 *  - TABs expand to 8-column stops (not in table rows); no-break spaces
 *    (U+00A0 in UTF-8, a lone Latin-1 0xA0, U+202F ...) become spaces,
 *    zero-width characters and soft hyphens go, and so does a thin space
 *    between digit groups ("19 422"). CRLF is handled when lines are split.
 *
 * Every logical line keeps its ORIGINAL first/last line numbers. Time and
 * memory stay linear in the input (no tree for HTML, bounded TAB and colspan
 * expansion, capped quote depth).
 */
#ifndef BR_DECODE_H
#define BR_DECODE_H

#include <stdbool.h>

#include "doc.h"

/* Called by br_doc_load/br_doc_from_mem after physical lines exist and the
 * identity logical lines (one per physical line) are in place; sets
 * doc->transport. */
void br_decode(struct br_doc *doc);

/* Do a document's bytes start with a UTF-16 byte-order mark (PowerShell's
 * '>', Notepad's "Unicode"; not UTF-32's)? br_decode then reads them as
 * the text they hold (decode_utf16.c), or finds them binary. */
bool br_decode_utf16_mark(const char *bytes, size_t n);

/* The text of UTF-16 bytes (a mark first) as UTF-8, NUL-terminated, its
 * length in *out_len (caller frees); NULL when they are not UTF-16 text. */
char *br_decode_utf16(const char *bytes, size_t n, size_t *out_len);

/* s[0..n), bytes in character set `set` (an iconv(3) name, br_doc.charset),
 * appended to b as UTF-8 (decode_charset.c); false, b unchanged, when
 * they are not that set's text. */
bool br_charset_add(const char *set, const char *s, size_t n, struct br_buf *b);

#endif
