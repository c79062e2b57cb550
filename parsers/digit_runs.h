/*
 * digit_runs — br_digit_runs(), a prefilter the table parsers (bonnie.c,
 * bonniepp_text.c, bonniepp_csv.c) ask of every line, 16 bytes at a time
 * with SSE2. Private to those parsers: include it from a parser's .c file,
 * never from a header (parser.h, the parsers' interface, has no SIMD).
 * Inline, because a call costs more than the scan of a short line (an
 * out-of-line copy in registry.c cost 0.5 % more instructions on a 1.3 MB
 * mixed input, valgrind --tool=callgrind).
 */
#ifndef BR_DIGIT_RUNS_H
#define BR_DIGIT_RUNS_H

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

#ifdef __SSE2__
#include <emmintrin.h>
#endif

/* Does s[0..n) hold at least `need` runs of ASCII digits? The plain loop
 * (br_digit_runs_plain) costs ~6 instructions a byte and the Bonnie parser
 * asks it of every line of prose; 16 bytes at a time a run is a digit whose
 * left neighbour is not one, counted from the masks of the block. */
static inline bool br_digit_runs_plain(const char *s, size_t n, int need)
{
	int runs = 0;
	for (size_t i = 0; i < n; i++)
		if (s[i] >= '0' && s[i] <= '9' && (i == 0 || s[i - 1] < '0' || s[i - 1] > '9') &&
		    ++runs >= need)
			return true;
	return need <= 0;
}

static inline bool br_digit_runs(const char *s, size_t n, int need)
{
#ifdef __SSE2__
	if (need <= 0)
		return true;
	const __m128i lo = _mm_set1_epi8('0' - 1), hi = _mm_set1_epi8('9' + 1);
	unsigned prev = 0; /* was the byte before the block a digit */
	int runs = 0;
	for (size_t i = 0; i < n; i += 16) {
		__m128i v;
		if (i + 16 <= n) {
			v = _mm_loadu_si128((const __m128i *)(const void *)(s + i));
		} else { /* the tail, in a block of NULs (no digits) */
			char tail[16] = {0};
			memcpy(tail, s + i, n - i);
			v = _mm_loadu_si128((const __m128i *)(const void *)tail);
		}
		unsigned d = (unsigned)_mm_movemask_epi8(
			_mm_and_si128(_mm_cmpgt_epi8(v, lo), _mm_cmplt_epi8(v, hi)));
		unsigned starts = d & ~((d << 1) | prev);
		for (; starts; starts &= starts - 1) /* prose: few digits, if any */
			if (++runs >= need)
				return true;
		prev = d >> 15;
	}
	return false;
#else
	return br_digit_runs_plain(s, n, need);
#endif
}

#endif
