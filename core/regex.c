/* regex — see regex.h. */
#define PCRE2_CODE_UNIT_WIDTH 8
#include "regex.h"

#include <pcre2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

/* Process-wide: compiled patterns, one match context and one match-data
 * block (the library is single-threaded). */
static struct br_pattern *compiled;
static pcre2_match_context *mctx;
static pcre2_match_data *mdata;
static uint32_t mdata_pairs;
static char error_text[256];

enum { MATCH_LIMIT = 200000, DEPTH_LIMIT = 2000 };

static bool compile(struct br_pattern *p)
{
	if (p->code)
		return true;
	if (p->failed)
		return false;
	int err;
	PCRE2_SIZE off;
	pcre2_code *re = pcre2_compile((PCRE2_SPTR)p->source, PCRE2_ZERO_TERMINATED,
				       PCRE2_UTF | PCRE2_MATCH_INVALID_UTF | p->options, &err, &off, NULL);
	if (!re) {
		PCRE2_UCHAR msg[160];
		pcre2_get_error_message(err, msg, sizeof msg);
		snprintf(error_text, sizeof error_text, "pattern '%s' at offset %zu: %s", p->name,
			 (size_t)off, (char *)msg);
		p->failed = true;
		return false;
	}
	/* No JIT: the interpreter gives the same results. BR_NO_JIT=1 turns it
	 * off (valgrind cannot follow JIT code and reports false errors). */
	const char *nojit = getenv("BR_NO_JIT");
	if (!nojit || !*nojit || *nojit == '0')
		pcre2_jit_compile(re, PCRE2_JIT_COMPLETE);
	p->code = re;
	p->next_compiled = compiled;
	compiled = p;
	if (!mctx) {
		mctx = pcre2_match_context_create(NULL);
		pcre2_set_match_limit(mctx, MATCH_LIMIT);
		pcre2_set_depth_limit(mctx, DEPTH_LIMIT);
	}
	uint32_t pairs;
	pcre2_pattern_info(re, PCRE2_INFO_CAPTURECOUNT, &pairs);
	pairs++;
	if (pairs > mdata_pairs) {
		if (mdata)
			pcre2_match_data_free(mdata);
		mdata = pcre2_match_data_create(pairs, NULL);
		mdata_pairs = pairs;
	}
	return true;
}

int br_re_match(struct br_pattern *p, const char *s, size_t len, size_t start, size_t *ov, int nov)
{
	if (!compile(p) || start > len)
		return 0;
	int rc = pcre2_match(p->code, (PCRE2_SPTR)s, len, start, 0, mdata, mctx);
	if (rc <= 0)
		return 0;
	PCRE2_SIZE *v = pcre2_get_ovector_pointer(mdata);
	uint32_t have = pcre2_get_ovector_count(mdata);
	for (int i = 0; i < nov; i++) {
		if ((uint32_t)i < have && i < rc && v[2 * i] != PCRE2_UNSET) {
			ov[2 * i] = v[2 * i];
			ov[2 * i + 1] = v[2 * i + 1];
		} else {
			ov[2 * i] = ov[2 * i + 1] = (size_t)-1;
		}
	}
	return rc;
}

bool br_re_test(struct br_pattern *p, const char *s, size_t len)
{
	size_t ov[2];
	return br_re_match(p, s, len, 0, ov, 1) > 0;
}

int br_re_group(struct br_pattern *p, const char *group)
{
	if (!compile(p))
		return -1;
	int n = pcre2_substring_number_from_name(p->code, (PCRE2_SPTR)group);
	return n < 0 ? -1 : n;
}

const char *br_regex_error(void)
{
	return error_text;
}

void br_regex_cleanup(void)
{
	for (struct br_pattern *p = compiled, *next; p; p = next) {
		next = p->next_compiled;
		pcre2_code_free(p->code);
		p->code = NULL;
		p->next_compiled = NULL;
	}
	compiled = NULL;
	if (mdata)
		pcre2_match_data_free(mdata);
	if (mctx)
		pcre2_match_context_free(mctx);
	mdata = NULL;
	mctx = NULL;
	mdata_pairs = 0;
}
