/*
 * Unit tests: the output sink (render/registry.c), in particular the
 * stream the command line writes through (br_sink_stream): bytes come out
 * whole and in order, in chunks of at least `hold` bytes, nothing before
 * `hold` bytes are there, and a failed write sticks.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "render.h"

struct catcher {
	struct br_buf got;
	size_t calls;
	size_t min_chunk;
	size_t fail_after; /* fail the call after this many (0 never) */
};

static int catch(void *arg, const void *p, size_t n)
{
	struct catcher *c = arg;
	c->calls++;
	if (c->fail_after && c->calls > c->fail_after) {
		errno = ENOSPC;
		return -1;
	}
	if (n < c->min_chunk || c->calls == 1)
		c->min_chunk = n;
	br_buf_add(&c->got, p, n);
	return 0;
}

static void stream_passes_everything_in_order(void **state)
{
	(void)state;
	struct catcher c = {BR_BUF_INIT, 0, 0, 0};
	struct br_buf held = BR_BUF_INIT, want = BR_BUF_INIT;
	struct br_sink s;
	br_sink_stream(&s, &held, 100, catch, &c);
	br_sink_puts(&s, "short");
	br_buf_adds(&want, "short");
	assert_int_equal(c.calls, 0); /* held back until `hold` bytes */
	for (int i = 0; i < 500; i++) {
		br_sink_printf(&s, "line %d,", i);
		br_buf_addf(&want, "line %d,", i);
	}
	char big[1000];
	memset(big, 'x', sizeof big);
	br_sink_write(&s, big, sizeof big); /* larger than hold: straight on */
	br_buf_add(&want, big, sizeof big);
	br_sink_puts(&s, "end");
	br_buf_adds(&want, "end");
	assert_true(c.calls > 1);
	assert_true(c.min_chunk >= 100);
	assert_int_equal(br_sink_finish(&s), 0);
	assert_false(s.failed);
	assert_int_equal(s.passed, want.len);
	assert_int_equal(c.got.len, want.len);
	assert_memory_equal(c.got.data, want.data, want.len);
	assert_int_equal(held.len, 0);
	br_buf_free(&held);
	br_buf_free(&want);
	br_buf_free(&c.got);
}

static void short_stream_arrives_only_at_finish(void **state)
{
	(void)state;
	struct catcher c = {BR_BUF_INIT, 0, 0, 0};
	struct br_buf held = BR_BUF_INIT;
	struct br_sink s;
	br_sink_stream(&s, &held, 1 << 20, catch, &c);
	br_sink_printf(&s, "%s=%d\n", "a", 1);
	br_sink_puts(&s, "b=2\n");
	assert_int_equal(c.calls, 0);
	assert_int_equal(br_sink_finish(&s), 0);
	assert_int_equal(c.calls, 1);
	assert_string_equal(br_buf_str(&c.got), "a=1\nb=2\n");
	assert_int_equal(br_sink_finish(&s), 0); /* nothing more */
	assert_int_equal(c.calls, 1);
	br_buf_free(&held);
	br_buf_free(&c.got);
}

static void failed_write_sticks(void **state)
{
	(void)state;
	struct catcher c = {BR_BUF_INIT, 0, 0, 1};
	struct br_buf held = BR_BUF_INIT;
	struct br_sink s;
	br_sink_stream(&s, &held, 16, catch, &c);
	for (int i = 0; i < 100; i++)
		br_sink_puts(&s, "0123456789");
	assert_true(s.failed);
	assert_int_equal(s.err, ENOSPC);
	assert_int_equal(c.calls, 2); /* nothing is tried after the failure */
	assert_int_equal(br_sink_finish(&s), -1);
	assert_int_equal(c.calls, 2);
	br_buf_free(&held);
	br_buf_free(&c.got);
}

static void memory_sink_keeps_all(void **state)
{
	(void)state;
	struct br_buf b = BR_BUF_INIT;
	struct br_sink s;
	br_sink_mem(&s, &b);
	br_sink_printf(&s, "%05.1f|", 3.25);
	br_sink_printf(&s, "%s", "");
	br_sink_puts(&s, "x");
	assert_string_equal(br_buf_str(&b), "003.2|x");
	assert_false(s.failed);
	br_buf_free(&b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(stream_passes_everything_in_order),
		cmocka_unit_test(short_stream_arrives_only_at_finish),
		cmocka_unit_test(failed_write_sticks),
		cmocka_unit_test(memory_sink_keeps_all),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
