/* regex — see regex.h. */
#define PCRE2_CODE_UNIT_WIDTH 8
#include "regex.h"

#include <pcre2.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

/*
 * Process-wide, built once and freed at exit: the compiled patterns (each
 * compiled on first use, under `lock`; the code is read-only after) and the
 * match context (limits only, read-only once made). Per thread: the match
 * data, which pcre2_match writes, so threads (the runner's) never share it;
 * a thread's block is freed when the thread ends, the main thread's by
 * br_regex_cleanup.
 */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct br_pattern *compiled;
static pcre2_match_context *mctx;
static pthread_key_t mdata_key;
static pthread_once_t mdata_once = PTHREAD_ONCE_INIT;

struct mdata {
	pcre2_match_data *md;
	uint32_t pairs;
};
static _Thread_local struct mdata *thread_mdata;

enum { MATCH_LIMIT = 200000, DEPTH_LIMIT = 2000 };

static void mdata_free(void *arg)
{
	struct mdata *m = arg;
	if (m)
		pcre2_match_data_free(m->md);
	free(m);
}

static void mdata_key_make(void)
{
	pthread_key_create(&mdata_key, mdata_free);
}

/* The calling thread's match data, with room for `pairs` capture pairs. */
static pcre2_match_data *match_data(uint32_t pairs)
{
	struct mdata *m = thread_mdata;
	if (m && m->pairs >= pairs)
		return m->md;
	pthread_once(&mdata_once, mdata_key_make);
	if (!m) {
		m = br_calloc(1, sizeof *m);
		thread_mdata = m;
		pthread_setspecific(mdata_key, m);
	}
	if (m->md)
		pcre2_match_data_free(m->md);
	m->md = pcre2_match_data_create(pairs, NULL);
	if (!m->md)
		br_out_of_memory(pairs * 2 * sizeof(PCRE2_SIZE));
	m->pairs = pairs;
	return m->md;
}

/* Compile p; under `lock`. */
static void compile_locked(struct br_pattern *p)
{
	int err;
	PCRE2_SIZE off;
	pcre2_code *re = pcre2_compile((PCRE2_SPTR)p->source, PCRE2_ZERO_TERMINATED,
				       PCRE2_UTF | PCRE2_MATCH_INVALID_UTF | p->options, &err, &off, NULL);
	if (!re) {
		/* a pattern that does not compile is a bug: it never matches */
		p->failed = true;
		return;
	}
	/* No JIT: the interpreter gives the same results. BR_NO_JIT=1 turns it
	 * off (valgrind cannot follow JIT code and reports false errors). */
	const char *nojit = getenv("BR_NO_JIT");
	if (!nojit || !*nojit || *nojit == '0')
		pcre2_jit_compile(re, PCRE2_JIT_COMPLETE);
	if (!mctx) {
		mctx = pcre2_match_context_create(NULL);
		pcre2_set_match_limit(mctx, MATCH_LIMIT);
		pcre2_set_depth_limit(mctx, DEPTH_LIMIT);
	}
	p->next_compiled = compiled;
	compiled = p;
	/* last: a thread that sees the code sees everything above */
	__atomic_store_n(&p->code, re, __ATOMIC_RELEASE);
}

/* p's code, compiled on first use; NULL when it does not compile. */
static pcre2_code *code_of(struct br_pattern *p)
{
	pcre2_code *re = __atomic_load_n(&p->code, __ATOMIC_ACQUIRE);
	if (re)
		return re;
	pthread_mutex_lock(&lock);
	if (!p->code && !p->failed)
		compile_locked(p);
	re = p->code;
	pthread_mutex_unlock(&lock);
	return re;
}

int br_re_match(struct br_pattern *p, const char *s, size_t len, size_t start, size_t *ov, int nov)
{
	pcre2_code *re = code_of(p);
	if (!re || start > len)
		return 0;
	uint32_t pairs;
	pcre2_pattern_info(re, PCRE2_INFO_CAPTURECOUNT, &pairs);
	pcre2_match_data *md = match_data(pairs + 1);
	int rc = pcre2_match(re, (PCRE2_SPTR)s, len, start, 0, md, mctx);
	if (rc <= 0)
		return 0;
	PCRE2_SIZE *v = pcre2_get_ovector_pointer(md);
	uint32_t have = pcre2_get_ovector_count(md);
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
	pcre2_code *re = code_of(p);
	if (!re)
		return -1;
	int n = pcre2_substring_number_from_name(re, (PCRE2_SPTR)group);
	return n < 0 ? -1 : n;
}

void br_regex_cleanup(void)
{
	pthread_mutex_lock(&lock);
	for (struct br_pattern *p = compiled, *next; p; p = next) {
		next = p->next_compiled;
		pcre2_code_free(p->code);
		p->code = NULL;
		p->next_compiled = NULL;
	}
	compiled = NULL;
	if (mctx)
		pcre2_match_context_free(mctx);
	mctx = NULL;
	pthread_mutex_unlock(&lock);
	/* the calling thread's match data (other threads free theirs as they end) */
	if (thread_mdata) {
		pthread_setspecific(mdata_key, NULL);
		mdata_free(thread_mdata);
		thread_mdata = NULL;
	}
}
