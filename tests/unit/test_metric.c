/* Unit tests: core/metric.c's names for metrics as users write them
 * (br_metric_lookup) and its suggestions for typos (br_metric_suggest). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "metric.h"

/* every metric answers to its key, its heading and its title, as printed;
 * lookup takes the first metric a spelling fits, so this also proves that
 * no spelling of one metric is a spelling of another */
static void every_metric_by_each_name(void **state)
{
	(void)state;
	for (int i = 0; i < BR_METRIC_COUNT; i++) {
		const struct br_metric_info *m = br_metric((enum br_metric_id)i);
		assert_int_equal(br_metric_lookup(m->name), i);
		assert_int_equal(br_metric_lookup(m->short_title), i);
		assert_int_equal(br_metric_lookup(m->title), i);
	}
}

static void common_spellings(void **state)
{
	(void)state;
	assert_int_equal(br_metric_lookup("BlkRead"), BR_M_get_block);
	assert_int_equal(br_metric_lookup("blkread"), BR_M_get_block);
	assert_int_equal(br_metric_lookup("block read"), BR_M_get_block);
	assert_int_equal(br_metric_lookup("Block-Read"), BR_M_get_block);
	assert_int_equal(br_metric_lookup("  get_block "), BR_M_get_block);
	assert_int_equal(br_metric_lookup("block_write"), BR_M_put_block);
	assert_int_equal(br_metric_lookup("Per Chr write"), BR_M_putc);
	assert_int_equal(br_metric_lookup("Cached reads"), BR_M_cached_read);
	assert_int_equal(br_metric_lookup("cached reads (-T)"), BR_M_cached_read);
	assert_int_equal(br_metric_lookup("Buffered reads"), BR_M_buffered_read);
	assert_int_equal(br_metric_lookup("seek"), BR_M_seeks);
	assert_int_equal(br_metric_lookup("Seek lat"), BR_M_seeks_latency);
	/* nothing, or only punctuation, is no metric */
	assert_int_equal(br_metric_lookup(""), -1);
	assert_int_equal(br_metric_lookup("-_ ()"), -1);
	assert_int_equal(br_metric_lookup("label"), -1);
	/* a name too long for any metric is not read past its buffer */
	char big[200];
	memset(big, 'a', sizeof big - 1);
	big[sizeof big - 1] = '\0';
	assert_int_equal(br_metric_lookup(big), -1);
	assert_int_equal(br_metric_suggest(big), -1);
	/* exact keys stay exact for stored data */
	assert_int_equal(br_metric_by_name("BlkRead"), -1);
	assert_int_equal(br_metric_by_name("get_block"), BR_M_get_block);
}

static void typos_get_suggestions(void **state)
{
	(void)state;
	assert_int_equal(br_metric_suggest("blokread"), BR_M_get_block);
	assert_int_equal(br_metric_suggest("get_blok"), BR_M_get_block);
	assert_int_equal(br_metric_suggest("BlkRaed"), BR_M_get_block);   /* swapped pair */
	assert_int_equal(br_metric_suggest("put_blocks"), BR_M_put_block);
	assert_int_equal(br_metric_suggest("seqcreat"), BR_M_seq_create);
	assert_int_equal(br_metric_suggest("rewirte"), BR_M_rewrite);
	/* too far from every name: no guess */
	assert_int_equal(br_metric_suggest("xyzzy"), -1);
	assert_int_equal(br_metric_suggest("temperature"), -1);
	assert_int_equal(br_metric_suggest(""), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(every_metric_by_each_name),
		cmocka_unit_test(common_spellings),
		cmocka_unit_test(typos_get_suggestions),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
