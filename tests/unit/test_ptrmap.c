/* Unit tests: br_ptrmap (core/util.c), the address → index map the HTML
 * report and the chart series use to look records up once per row. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>

#include <cmocka.h>

#include "util.h"

static void finds_every_key_and_keeps_the_first_value(void **state)
{
	(void)state;
	enum { N = 100000 };
	char *block = malloc(N);
	assert_non_null(block);
	struct br_ptrmap m = {0};
	size_t v;
	assert_false(br_ptrmap_get(&m, block, &v)); /* empty */
	for (size_t i = 0; i < N; i++)
		br_ptrmap_put(&m, block + i, i);
	for (size_t i = 0; i < N; i += 2)
		br_ptrmap_put(&m, block + i, i + 7); /* again: ignored */
	assert_int_equal(m.n, N);
	for (size_t i = 0; i < N; i++) {
		assert_true(br_ptrmap_get(&m, block + i, &v));
		assert_int_equal(v, i);
	}
	int other;
	assert_false(br_ptrmap_get(&m, &other, &v));
	assert_false(br_ptrmap_get(&m, NULL, &v));
	br_ptrmap_free(&m);
	assert_false(br_ptrmap_get(&m, block, &v)); /* empty again */
	br_ptrmap_put(&m, block, 3); /* and usable */
	assert_true(br_ptrmap_get(&m, block, &v));
	assert_int_equal(v, 3);
	br_ptrmap_free(&m);
	free(block);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(finds_every_key_and_keeps_the_first_value),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
