/*
 * neutral — input text made harmless for a terminal or a text file: the
 * C0 controls (but TAB and LF, and CR before LF), DEL, the C1 controls
 * (U+0080..U+009F: U+009B is a CSI), the bidirectional overrides and
 * isolates (U+202A..U+202E, U+2066..U+2069, U+200E, U+200F, U+061C) and
 * bytes that are not UTF-8 are replaced: by U+FFFD in text, by their \uXXXX
 * escape in JSON (lossless: a JSON string means the same character).
 *
 * Used on everything the command line writes that may hold input text:
 * the text, Markdown and CSV outputs, JSON Lines, messages on stderr,
 * --explain, `archive list` and `show`.
 */
#ifndef BR_NEUTRAL_H
#define BR_NEUTRAL_H

#include <stdbool.h>
#include <stddef.h>

#include "util.h"

enum br_neutral_mode {
	BR_NEUTRAL_TEXT, /* U+FFFD for each character replaced */
	BR_NEUTRAL_JSON, /* \uXXXX (the input is JSON: they can only be in strings) */
};

/*
 * Append s[0..n) to out, neutralised. With `more` (a stream: further bytes
 * follow), an incomplete UTF-8 sequence or a CR at the very end is not
 * consumed; the return value is the number of bytes consumed, and the
 * caller passes the rest again in front of the next piece.
 */
size_t br_neutral_add(struct br_buf *out, const char *s, size_t n, enum br_neutral_mode mode, bool more);

/* Does s[0..n) hold anything br_neutral_add would replace? */
bool br_neutral_needed(const char *s, size_t n);

#endif
