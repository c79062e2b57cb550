/*
 * look — a cheap first look at a document's bytes as read, before any
 * decoding: the tests that tell a message of a mail archive worth decoding
 * and parsing from one that holds nothing a parser reads (prose, headers,
 * patches). The words come from the caller (the parsers own their
 * vocabulary); this module only knows bytes. Nothing is allocated.
 */
#ifndef BR_LOOK_H
#define BR_LOOK_H

#include <stdbool.h>
#include <stddef.h>

/* Does s[0..n) contain one of `words` (a NULL-terminated list of ASCII
 * words, matched without regard to case)? */
bool br_look_words(const char *s, size_t n, const char *const *words);

/* Could decoding make words that the bytes do not show: a declared base64
 * transfer encoding ("Content-Transfer-Encoding: base64"), a quoted-printable
 * soft break ('=' at a line end) or escape ("=" and two hex digits), an
 * HTML character reference ("&#"), an HTML or BBCode tag ("<b", "[/"), a
 * zero-width character? */
bool br_look_encoded(const char *s, size_t n);

#endif
