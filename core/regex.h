/*
 * regex — PCRE2 patterns compiled once (with JIT where available) and matched
 * with bounded match and depth limits, so hostile text cannot make a pattern
 * run away. Patterns are UTF-aware and accept invalid UTF-8 (it simply does
 * not match).
 *
 *   static struct br_pattern re_rate = BR_PATTERN("rate", "^(\\d+)\\s*MB/sec");
 *   size_t ov[2 * 4];
 *   int n = br_re_match(&re_rate, line, len, 0, ov, 4);   // groups matched, or 0
 *
 * Compiled code is process-wide (compiled once, on first use, under a
 * lock) and freed by br_regex_cleanup() at exit; the match data pcre2
 * writes is per thread, so any thread may match.
 */
#ifndef BR_REGEX_H
#define BR_REGEX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct br_pattern {
	const char *name;
	const char *source;
	uint32_t options;   /* extra PCRE2 compile options (PCRE2_CASELESS …) */
	void *code;         /* private: compiled pcre2_code, NULL until first use
			     * (written once, under regex.c's lock) */
	bool failed;        /* private: compile error seen */
	struct br_pattern *next_compiled; /* private */
};

#define BR_PATTERN(name, src) {name, src, 0, NULL, false, NULL}
#define BR_PATTERN_OPT(name, src, opt) {name, src, opt, NULL, false, NULL}

/*
 * Match `p` against s[0..len) starting at `start`. On success returns the
 * number of capture pairs set (>= 1) and fills ov[0..2*nov) with byte offsets
 * (unset groups are (size_t)-1); returns 0 on no match, or when the match or
 * depth limit was hit. A pattern that fails to compile is a bug: it never
 * matches, and the tests of its parser fail.
 */
int br_re_match(struct br_pattern *p, const char *s, size_t len, size_t start, size_t *ov, int nov);
bool br_re_test(struct br_pattern *p, const char *s, size_t len);
/* Offsets of a named group after a match, or -1 when it is unset/unknown. */
int br_re_group(struct br_pattern *p, const char *group);
void br_regex_cleanup(void);

#endif
