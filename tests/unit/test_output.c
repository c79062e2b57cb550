/* Unit tests: render/output (atomic writes, refusals, neutralised pieces)
 * and parsers/load (the input stage, names, errors). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "explain.h"
#include "load.h"
#include "output.h"

static char dir[64];

static int setup(void **state)
{
	(void)state;
	strcpy(dir, "/tmp/br-test-output-XXXXXX");
	return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state)
{
	(void)state;
	char *cmd = br_asprintf("rm -rf '%s'", dir);
	int rc = system(cmd);
	free(cmd);
	return rc == 0 ? 0 : -1;
}

static char *slurp(const char *path)
{
	FILE *fp = fopen(path, "rb");
	if (!fp)
		return NULL;
	struct br_buf b = BR_BUF_INIT;
	char tmp[256];
	size_t n;
	while ((n = fread(tmp, 1, sizeof tmp, fp)) > 0)
		br_buf_add(&b, tmp, n);
	fclose(fp);
	return br_buf_detach(&b);
}

static void write_file_replaces_whole(void **state)
{
	(void)state;
	char *path = br_asprintf("%s/out.txt", dir);
	char *msg = (char *)"unset";
	assert_int_equal(br_output_write_file(path, "old\n", 4, false, &msg), 0);
	assert_null(msg);
	chmod(path, 0640);
	assert_int_equal(br_output_write_file(path, "new\n", 4, false, &msg), 0);
	char *got = slurp(path);
	assert_string_equal(got, "new\n");
	struct stat st;
	assert_int_equal(stat(path, &st), 0);
	assert_int_equal(st.st_mode & 07777, 0640); /* the mode is kept */
	free(got);
	free(path);
}

static void refuses_fifo_and_directory(void **state)
{
	(void)state;
	char *fifo = br_asprintf("%s/fifo", dir);
	assert_int_equal(mkfifo(fifo, 0600), 0);
	char *msg = NULL;
	assert_int_equal(br_output_check(fifo, false, &msg), -1);
	assert_non_null(strstr(msg, "it is a FIFO, not a regular file"));
	free(msg);
	assert_int_equal(br_output_check(fifo, true, &msg), 0);
	assert_null(msg);
	assert_int_equal(br_output_write_file(dir, "x", 1, false, &msg), -1);
	assert_non_null(strstr(msg, "Is a directory"));
	free(msg);
	assert_int_equal(br_output_check("-", false, &msg), 0);
	free(fifo);
}

static void neutral_pieces_join(void **state)
{
	(void)state;
	char *path = br_asprintf("%s/n.txt", dir);
	struct br_output o;
	br_output_init(&o, path, false, true);
	/* "é" split over two pieces, then a terminal escape */
	assert_int_equal(br_output_write(&o, "a\xc3", 2), 0);
	assert_int_equal(br_output_write(&o, "\xa9 \x1b[2J\n", 7), 0);
	assert_int_equal(br_output_close(&o, true), 0);
	assert_null(o.message);
	char *got = slurp(path);
	assert_string_equal(got, "a\xc3\xa9 \xef\xbf\xbd[2J\n");
	free(got);
	/* a failed output leaves the old file and no temporary one */
	br_output_init(&o, path, false, false);
	assert_int_equal(br_output_write(&o, "partial", 7), 0);
	br_output_fail(&o, 28);
	assert_int_equal(br_output_close(&o, false), -1);
	assert_non_null(strstr(o.message, "No space left on device"));
	br_output_release(&o);
	got = slurp(path);
	assert_string_equal(got, "a\xc3\xa9 \xef\xbf\xbd[2J\n");
	free(got);
	free(path);
}

static void load_names_and_errors(void **state)
{
	(void)state;
	char *a = br_asprintf("%s/before.txt", dir);
	FILE *fp = fopen(a, "w");
	fputs("/dev/sda:\n Timing cached reads:   2048 MB in  2.00 seconds = 1024.00 MB/sec\n", fp);
	fclose(fp);
	char *named = br_asprintf("old=%s", a);
	char *missing = br_asprintf("%s/missing.txt", dir);
	struct br_load_input in[2];
	br_load_input_from_arg(&in[0], named, NULL);
	assert_string_equal(in[0].name, "old");
	assert_string_equal(in[0].path, a);
	br_load_input_from_arg(&in[1], missing, NULL);
	assert_null(in[1].name);
	struct br_load_opts lo = {.claims = true};
	struct br_load l;
	assert_int_equal(br_load_inputs(in, 2, &lo, &l), -1);
	assert_int_equal(l.nerrors, 1);
	assert_non_null(strstr(l.errors[0], "missing.txt"));
	assert_int_equal(l.ds.records.n, 1);
	assert_string_equal(l.ds.records.v[0]->label, "old");
	assert_int_equal(l.ds.records.v[0]->input, 1);
	assert_ptr_equal(br_load_find_file(in, 2, a), &in[0]);
	assert_ptr_equal(br_load_baseline(in, 2, a), in[0].path);
	struct br_buf ex = BR_BUF_INIT;
	br_explain(&l.ds, &ex);
	assert_non_null(strstr(br_buf_str(&ex), "  line 2: hdparm: timing line\n"));
	br_buf_free(&ex);
	br_load_free(&l);
	lo.lines_only = true;
	assert_int_equal(br_load_inputs(in, 1, &lo, &l), 0);
	assert_non_null(strstr(br_buf_str(&l.lines), "before.txt:1: /dev/sda:\n"));
	assert_int_equal(l.ds.records.n, 0);
	br_load_free(&l);
	free(in[0].name);
	free(named);
	free(missing);
	free(a);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(write_file_replaces_whole),
		cmocka_unit_test(refuses_fifo_and_directory),
		cmocka_unit_test(neutral_pieces_join),
		cmocka_unit_test(load_names_and_errors),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
