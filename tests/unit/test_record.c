/* Unit tests: the metric table, records, and the merge rules. */
#include <math.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "metric.h"
#include "record.h"
#include "raw_of.h"

static void metric_table_is_consistent(void **state)
{
	(void)state;
	assert_int_equal(br_metric_by_name("put_block"), BR_M_put_block);
	assert_string_equal(br_metric(BR_M_put_block)->title, "Block write");
	assert_int_equal(br_metric(BR_M_seeks)->unit, BR_UNIT_PERSEC);
	assert_int_equal(br_metric(BR_M_seeks_latency)->better, BR_LOWER);
	assert_int_equal(br_metric_latency_of(BR_M_ran_del), BR_M_ran_del_latency);
	assert_int_equal(br_metric_latency_of(BR_M_cached_read), -1);
	assert_int_equal(br_metric_by_name("nonsense"), -1);
	for (int i = 0; i < BR_METRIC_COUNT; i++) {
		assert_int_equal(br_metric_by_name(br_metric(i)->name), i);
		assert_true(strlen(br_metric(i)->short_title) <= 9);
	}
	assert_string_equal(br_unit_name(BR_UNIT_KIBS), "KiB/s");
	assert_int_equal(br_tool_by_name("bonnie++"), BR_TOOL_BONNIEPP);
	assert_int_equal(br_tool_family(BR_TOOL_BONNIEPP), BR_FAM_BONNIE);
}

static struct br_record *bonniepp(const char *host, double put_block, double cpu)
{
	struct br_record *r = br_record_new(BR_TOOL_BONNIEPP);
	br_record_set_host(r, host);
	br_record_set(r, BR_M_put_block, put_block, NULL);
	br_record_set_cpu(r, BR_M_put_block, cpu);
	br_record_set_too_fast(r, BR_M_seq_stat, "+++++");
	return r;
}

static void merge_keeps_full_host_and_first_source(void **state)
{
	(void)state;
	struct br_recset s = {0};
	struct br_record *a = bonniepp("test1.dmotor", 9314, 6);
	a->host_cut = true; /* the text's name/size cell cut it */
	br_record_set_source(a, "a.txt", 10, 20, "bonnie++-text");
	struct br_record *b = bonniepp("test1.dmotorworks.com", 9314, 6);
	br_record_set_source(b, "a.txt", 21, 21, "bonnie++-csv");
	br_record_set(b, BR_M_seeks, 179.9, "179.9");
	br_recset_add(&s, a);
	br_recset_add(&s, b);
	br_recset_add(&s, bonniepp("test1.dmotorworks.com", 7444, 4)); /* another run */
	assert_int_equal(br_recset_merge(&s), 1);
	assert_int_equal(s.n, 2);
	assert_string_equal(s.v[0]->host, "test1.dmotorworks.com");
	assert_int_equal(s.v[0]->source.line, 10);
	assert_int_equal(s.v[0]->nalso, 1);
	assert_int_equal(s.v[0]->also[0].line, 21);
	assert_true(br_record_get(s.v[0], BR_M_seeks).present); /* every figure kept */
	assert_true(br_record_get(s.v[0], BR_M_seq_stat).too_fast);
	assert_false(br_record_get(s.v[0], BR_M_seq_stat).has_value);
	assert_true(br_record_get(s.v[1], BR_M_put_block).value == 7444);
	br_recset_free(&s);
}

static void merge_needs_compatible_hosts_and_equal_figures(void **state)
{
	(void)state;
	struct br_recset s = {0};
	br_recset_add(&s, bonniepp("alpha", 100, 5));
	br_recset_add(&s, bonniepp("beta", 100, 5));   /* other host */
	br_recset_add(&s, bonniepp("alpha", 101, 5));  /* other figure */
	struct br_record *h = br_record_new(BR_TOOL_HDPARM);
	br_record_set(h, BR_M_put_block, 100, NULL);
	br_record_set_cpu(h, BR_M_put_block, 5);
	br_recset_add(&s, h);                          /* other tool */
	assert_int_equal(br_recset_merge(&s), 0);
	assert_int_equal(s.n, 4);
	br_recset_free(&s);
}

/* A name that starts another is another machine unless the format cut it:
 * "/dev/md1" and "/dev/md10", "web1" and "web10" stay two records. */
static void prefix_hosts_merge_only_when_cut(void **state)
{
	(void)state;
	struct br_recset s = {0};
	for (int i = 0; i < 2; i++) {
		struct br_record *r = br_record_new(BR_TOOL_HDPARM);
		br_record_set_host(r, i ? "/dev/md10" : "/dev/md1");
		br_record_set(r, BR_M_cached_read, 4014090.24, "3920.01");
		br_record_param_num(r, "mb", 7834);
		br_record_param_num(r, "seconds", 2);
		br_recset_add(&s, r);
	}
	br_recset_add(&s, bonniepp("web1", 100, 5));
	br_recset_add(&s, bonniepp("web10", 100, 5));
	assert_int_equal(br_recset_merge(&s), 0);
	assert_int_equal(s.n, 4);
	assert_false(br_record_same_run(s.v[2], s.v[3]));
	s.v[2]->host_cut = true;
	assert_true(br_record_same_run(s.v[2], s.v[3]));
	assert_true(br_record_same_run(s.v[3], s.v[2]));
	s.v[2]->host_cut = false;
	s.v[3]->host_cut = true; /* only the shorter name can be the cut one */
	assert_false(br_record_same_run(s.v[2], s.v[3]));
	br_recset_free(&s);
}

static void merge_respects_printed_precision_and_doubt(void **state)
{
	(void)state;
	struct br_recset s = {0};
	/* 2.00a text "728m" (resolution 1 MiB) vs CSV 745124 KiB/s */
	struct br_record *text = bonniepp("ANDREW-PC", 728 * 1024, 100);
	br_value_set_resolution(br_record_value(text, BR_M_put_block), 1024);
	br_record_set(text, BR_M_seq_create, 16384, "16384")->doubtful = true;
	struct br_record *csv = bonniepp("ANDREW-PC", 745124, 100);
	br_record_set(csv, BR_M_seq_create, 3780, "3780");
	br_recset_add(&s, text);
	br_recset_add(&s, csv);
	assert_int_equal(br_recset_merge(&s), 1);
	assert_int_equal(s.n, 1);
	/* the exact CSV figure wins over the rounded one, the trusted over the doubtful */
	assert_true(br_record_get(s.v[0], BR_M_put_block).value == 745124);
	assert_true(br_record_get(s.v[0], BR_M_seq_create).value == 3780);
	assert_false(br_record_get(s.v[0], BR_M_seq_create).doubtful);
	br_recset_free(&s);
}

static void single_figure_records_merge_only_with_same_params(void **state)
{
	(void)state;
	struct br_recset s = {0};
	for (int i = 0; i < 3; i++) {
		struct br_record *r = br_record_new(BR_TOOL_HDPARM);
		br_record_set_host(r, "/dev/sda");
		br_record_set(r, BR_M_cached_read, 78489.6, "76.65");
		br_record_param_num(r, "mb", i == 2 ? 64 : 128);
		br_record_param_num(r, "seconds", 1.67);
		br_recset_add(&s, r);
	}
	assert_int_equal(br_recset_merge(&s), 1);
	assert_int_equal(s.n, 2);
	br_recset_free(&s);
}

static void params_keep_order_and_replace(void **state)
{
	(void)state;
	struct br_record *r = br_record_new(BR_TOOL_BONNIE);
	br_record_param_str(r, "size", "1*2047");
	br_record_param_num(r, "size_bytes", 2146435072.0);
	br_record_param_str(r, "size", "2047M");
	assert_int_equal(r->nparams, 2);
	assert_string_equal(br_record_param_at(r, 0).key, "size");
	assert_string_equal(br_record_param_at(r, 0).str, "2047M");
	assert_null(br_record_param(r, "files").key);
	struct br_record *c = br_record_clone(r);
	assert_string_equal(br_record_param(c, "size").str, "2047M");
	br_record_free(c);
	br_record_free(r);
}

/* A record's strings live in blocks it owns (core/record.c): many long
 * strings outgrow the first block, replacing one keeps the others, invalid
 * UTF-8 and control characters are cleaned as before, and a merge copies
 * what it takes, so freeing the merged-away record leaves the survivor's
 * strings whole (ASan and valgrind check the reads). */
static void strings_survive_growth_replacement_and_merge(void **state)
{
	(void)state;
	struct br_record *a = br_record_new(BR_TOOL_BONNIEPP);
	char raw[64];
	for (int i = 0; i < BR_METRIC_COUNT; i++) {
		snprintf(raw, sizeof raw, "%d-a-long-printed-figure-of-forty-bytes-%03d", i, i);
		br_record_set(a, (enum br_metric_id)i, i, raw);
	}
	br_record_set_host(a, "first");
	br_record_set_host(a, "second-host");
	br_record_set_label(a, "");             /* empty: no label */
	assert_null(a->label);
	br_record_set_version(a, "1.\x01\xff");  /* control char, invalid UTF-8 */
	assert_string_equal(a->version, "1.\xef\xbf\xbd\xef\xbf\xbd");
	br_record_set(a, BR_M_seeks, 5, NULL);  /* raw cleared */
	assert_null(raw_of(br_record_get(a, BR_M_seeks)));
	br_record_set_host(a, a->host);         /* its own string */
	assert_string_equal(a->host, "second-host");
	for (int i = 0; i < BR_METRIC_COUNT; i++) {
		if (i == BR_M_seeks)
			continue;
		snprintf(raw, sizeof raw, "%d-a-long-printed-figure-of-forty-bytes-%03d", i, i);
		assert_string_equal(raw_of(br_record_get(a, i)), raw);
	}
	br_record_set_source(a, "a.txt", 3, 3, "bonnie++-csv");
	/* a params table that outgrows its first place */
	char key[32];
	for (int i = 0; i < 40; i++) {
		snprintf(key, sizeof key, "param-%02d", i);
		if (i % 2)
			br_record_param_num(a, key, i);
		else
			br_record_param_str(a, key, key);
	}
	br_record_param_str(a, "param-01", "now a string");
	assert_int_equal(a->nparams, 40);
	for (int i = 0; i < 40; i++) {
		snprintf(key, sizeof key, "param-%02d", i);
		struct br_param p = br_record_param(a, key);
		assert_non_null(p.key);
		assert_string_equal(br_record_param_at(a, (size_t)i).key, key);
		if (i == 1)
			assert_string_equal(p.str, "now a string");
		else if (i % 2)
			assert_true(p.str == NULL && p.num == i);
		else
			assert_string_equal(p.str, key);
	}

	/* b: the same run, seen later with a longer host, a label and a
	 * figure a lacks; a takes them, b is freed */
	struct br_record *x = bonniepp("h", 9314, 6);
	struct br_record *y = bonniepp("h.example.org", 9314, 6);
	br_record_set_label(y, "RAID 5");
	br_record_set_version(y, "1.03");
	br_record_set(y, BR_M_getc, 1364, "1364");
	br_record_set_source(y, "b.txt", 7, 8, "bonnie++-text");
	br_record_merge(x, y);
	br_record_free(y);
	assert_string_equal(x->host, "h.example.org");
	assert_string_equal(x->label, "RAID 5");
	assert_string_equal(x->version, "1.03");
	assert_string_equal(raw_of(br_record_get(x, BR_M_getc)), "1364");
	assert_string_equal(raw_of(br_record_get(x, BR_M_seq_stat)), "+++++");
	assert_int_equal(x->nalso, 1);
	assert_string_equal(x->also[0].file, "b.txt");
	assert_string_equal(x->also[0].format, "bonnie++-text");

	/* a clone owns its own copies */
	struct br_record *c = br_record_clone(a);
	br_record_free(a);
	assert_string_equal(c->host, "second-host");
	assert_string_equal(raw_of(br_record_get(c, BR_M_putc)), "0-a-long-printed-figure-of-forty-bytes-000");
	assert_string_equal(c->source.file, "a.txt");
	assert_int_equal(c->nparams, 40);
	assert_string_equal(br_record_param(c, "param-38").str, "param-38");
	br_record_free(c);
	br_record_free(x);
}

/* source.file, .format and .excerpt live in the record's blocks: setting
 * them again, cloning, merging a record's source into another's also[]
 * (which gets its own copies) and freeing both in either order keep every
 * string intact (valgrind/ASan catch what equality cannot). */
static void source_strings_are_owned_by_the_record(void **state)
{
	(void)state;
	struct br_record *a = bonniepp("h", 9314, 6);
	br_record_set_source(a, "first.txt", 5, 2, "bonnie++-csv");
	assert_int_equal(a->source.end_line, 5); /* never before line */
	br_record_set_excerpt(a, "one");
	char big[3000];
	memset(big, 'x', sizeof big - 1);
	big[sizeof big - 1] = '\0';
	br_record_set_excerpt(a, big); /* outgrows the first block */
	assert_string_equal(a->source.excerpt, big);
	br_record_set_source(a, "a.txt", 3, 4, "bonnie++-text");
	assert_string_equal(a->source.file, "a.txt");
	assert_string_equal(a->source.format, "bonnie++-text");
	assert_string_equal(a->source.excerpt, big); /* kept */
	/* br_record_set_source repairs UTF-8 and control bytes; the byte-for-byte
	 * setters do not */
	br_record_set_source(a, "bad\x01\xff.txt", 3, 4, "fmt");
	assert_string_equal(a->source.file, "bad\xef\xbf\xbd\xef\xbf\xbd.txt");
	br_record_set_source_strings(a, "a\x01.txt", NULL, "l1\nl2");
	assert_string_equal(a->source.file, "a\x01.txt");
	assert_null(a->source.format);
	assert_string_equal(a->source.excerpt, "l1\nl2");
	br_record_set_source_strings(a, "a.txt", "bonnie++-text", NULL);
	assert_null(a->source.excerpt);
	char *room = br_record_excerpt_room(a, 5);
	assert_ptr_equal(room, a->source.excerpt);
	assert_int_equal(room[5], '\0');
	memcpy(room, "12345", 5);
	assert_string_equal(a->source.excerpt, "12345");

	/* b's source goes into a's also[]; b's blocks go with b */
	struct br_record *b = bonniepp("h", 9314, 6);
	br_record_set_source(b, "b.txt", 7, 8, "bonnie++-csv");
	br_record_set_excerpt(b, "b's line");
	br_record_merge(a, b);
	assert_null(b->source.file);
	assert_null(b->source.excerpt);
	br_record_free(b);
	assert_int_equal(a->nalso, 1);
	assert_string_equal(a->also[0].file, "b.txt");
	assert_string_equal(a->also[0].format, "bonnie++-csv");
	assert_string_equal(a->also[0].excerpt, "b's line");
	assert_int_equal(a->also[0].line, 7);
	assert_int_equal(a->also[0].end_line, 8);

	/* a clone has its own copies, also[] included */
	struct br_record *c = br_record_clone(a);
	assert_ptr_not_equal(c->source.excerpt, a->source.excerpt);
	assert_ptr_not_equal(c->also[0].excerpt, a->also[0].excerpt);
	br_record_free(a);
	assert_string_equal(c->source.file, "a.txt");
	assert_string_equal(c->source.format, "bonnie++-text");
	assert_string_equal(c->source.excerpt, "12345");
	assert_int_equal(c->source.line, 3);
	assert_int_equal(c->source.end_line, 4);
	assert_string_equal(c->also[0].excerpt, "b's line");

	/* c merged into a record whose source is unset: c's also[] moves too */
	struct br_record *d = bonniepp("h", 9314, 6);
	br_record_merge(d, c);
	br_record_free(c);
	assert_null(d->source.file);
	assert_int_equal(d->nalso, 2);
	assert_string_equal(d->also[0].file, "a.txt");
	assert_string_equal(d->also[0].excerpt, "12345");
	assert_string_equal(d->also[1].file, "b.txt");
	br_record_free(d);
}

/* Records come from slabs (core/record.c): thousands of them, freed in a
 * scattered order and made again, each keep their own figures and strings,
 * and come back zeroed. */
/*
 * A record holds values only for the metrics it has: set in any order, for
 * every tool (each sizes its record differently), with strings long enough
 * to need further blocks, each value stays where it was first put and reads
 * back exactly; absent metrics read as an all-zero value.
 */
static void sparse_values_stay_put_and_read_back(void **state)
{
	(void)state;
	for (int tool = 0; tool < BR_TOOL_COUNT; tool++) {
		struct br_record *r = br_record_new((enum br_tool)tool);
		const struct br_value *first[BR_METRIC_COUNT] = {NULL};
		char raw[64];
		/* a stride coprime with the count visits every metric out of order */
		for (int k = 0; k < BR_METRIC_COUNT; k++) {
			int m = (k * 7 + 3) % BR_METRIC_COUNT;
			assert_false(br_record_get(r, (enum br_metric_id)m).present);
			assert_null(br_record_value(r, (enum br_metric_id)m));
			snprintf(raw, sizeof raw, "%d.%0*d", m, 40, k); /* long: blocks fill up */
			first[m] = br_record_set(r, (enum br_metric_id)m, m * 1.5, raw);
			br_record_set_cpu(r, (enum br_metric_id)m, k);
			assert_true(br_record_held(r) & (uint64_t)1 << m);
			assert_int_equal(__builtin_popcountll(br_record_held(r)), k + 1);
			assert_int_equal(br_record_metric_count(r), (size_t)k + 1);
		}
		for (int m = 0; m < BR_METRIC_COUNT; m++) {
			const struct br_value v = br_record_get(r, (enum br_metric_id)m);
			assert_memory_equal(&v, first[m], sizeof v);
			assert_ptr_equal(br_record_value(r, (enum br_metric_id)m), first[m]);
			assert_true(v.present && v.has_value && v.has_cpu);
			assert_true(v.value == m * 1.5);
			char want[16];
			snprintf(want, sizeof want, "%d.", m);
			assert_memory_equal(raw_of(v), want, strlen(want));
			assert_int_equal(strlen(raw_of(v)), strlen(want) + 40);
		}
		/* a copy is the same, and its own */
		struct br_record *c = br_record_clone(r);
		for (int m = 0; m < BR_METRIC_COUNT; m++) {
			const struct br_value a = br_record_get(r, (enum br_metric_id)m);
			const struct br_value b = br_record_get(c, (enum br_metric_id)m);
			assert_ptr_not_equal(&a, &b);
			assert_ptr_not_equal(raw_of(a), raw_of(b));
			assert_string_equal(raw_of(a), raw_of(b));
			assert_true(a.value == b.value && a.cpu == b.cpu);
		}
		br_record_free(r);
		assert_int_equal(br_record_metric_count(c), BR_METRIC_COUNT);
		br_record_free(c);
	}
	/* the cpu of a metric not (yet) held is no figure, and a later set clears it */
	struct br_record *r = br_record_new(BR_TOOL_BONNIE);
	br_record_set_cpu(r, BR_M_putc, 42);
	assert_true(br_record_held(r) == (uint64_t)1 << BR_M_putc); /* held, not present */
	assert_false(br_record_get(r, BR_M_putc).present);
	assert_null(br_record_value(r, BR_M_putc));
	assert_int_equal(br_record_metric_count(r), 0);
	br_record_set(r, BR_M_putc, 1000, "1000");
	assert_false(br_record_get(r, BR_M_putc).has_cpu);
	assert_false(br_record_get(r, BR_M_seeks).present);
	assert_true(br_record_get(r, BR_M_seeks).value == 0 && !raw_of(br_record_get(r, BR_M_seeks)));
	br_record_free(r);
}

/* A merge gives the survivor the figures only the later copy has. */
static void merge_adds_figures_the_survivor_lacks(void **state)
{
	(void)state;
	struct br_recset s = {0};
	struct br_record *a = br_record_new(BR_TOOL_BONNIEPP), *b = br_record_new(BR_TOOL_BONNIEPP);
	br_record_set_host(a, "box");
	br_record_set_host(b, "box");
	br_record_set(a, BR_M_put_block, 1000, "1000");
	br_record_set_cpu(a, BR_M_put_block, 10);
	br_record_set(a, BR_M_seeks, 300.5, "300.5");
	br_record_set_cpu(a, BR_M_seeks, 2);
	br_record_set(b, BR_M_put_block, 1000, "1000");
	br_record_set_cpu(b, BR_M_put_block, 10);
	br_record_set(b, BR_M_seeks, 300.5, "300.5");
	br_record_set_cpu(b, BR_M_seeks, 2);
	for (int m = BR_M_putc_latency; m <= BR_M_ran_del_latency; m++)
		br_record_set(b, (enum br_metric_id)m, m * 10.0, "x");
	br_recset_add(&s, a);
	br_recset_add(&s, b);
	assert_int_equal(br_recset_merge(&s), 1);
	assert_int_equal(s.n, 1);
	assert_ptr_equal(s.v[0], a);
	for (int m = BR_M_putc_latency; m <= BR_M_ran_del_latency; m++) {
		const struct br_value v = br_record_get(a, (enum br_metric_id)m);
		assert_true(v.present);
		assert_true(v.value == m * 10.0);
		assert_string_equal(raw_of(v), "x");
	}
	assert_int_equal(br_record_metric_count(a), 2 + (BR_M_ran_del_latency - BR_M_putc_latency + 1));
	br_recset_free(&s);
}

static void many_records_freed_and_remade(void **state)
{
	(void)state;
	enum { N = 5000 };
	static struct br_record *v[N];
	char host[32];
	for (int round = 0; round < 3; round++) {
		for (int i = 0; i < N; i++) {
			if (v[i])
				continue;
			v[i] = br_record_new(BR_TOOL_HDPARM);
			assert_null(v[i]->host);
			assert_int_equal(br_record_metric_count(v[i]), 0);
			assert_int_equal(v[i]->nparams, 0);
			snprintf(host, sizeof host, "host-%d", i);
			br_record_set_host(v[i], host);
			br_record_set(v[i], BR_M_cached_read, i, host);
			br_record_param_num(v[i], "round", round);
		}
		for (int i = 0; i < N; i++) {
			snprintf(host, sizeof host, "host-%d", i);
			assert_string_equal(v[i]->host, host);
			assert_string_equal(raw_of(br_record_get(v[i], BR_M_cached_read)), host);
			assert_true(br_record_get(v[i], BR_M_cached_read).value == i);
		}
		/* free a scattered part: every record of some stretches (whole
		 * slabs emptied), every third elsewhere */
		for (int i = 0; i < N; i++)
			if ((i / 1500) % 2 == round % 2 || i % 3 == round) {
				br_record_free(v[i]);
				v[i] = NULL;
			}
	}
	for (int i = N - 1; i >= 0; i--)
		br_record_free(v[i]);
}

/* Everything a record holds, as text (resolution and doubt included). */
/* Everything of r, but for what keep (BR_KEEP_*) leaves out. */
static void fingerprint_keep(const struct br_record *r, unsigned keep, char *out, size_t cap)
{
	size_t n = 0;
#define PUT(...) (n += (size_t)snprintf(out + n, n < cap ? cap - n : 0, __VA_ARGS__))
	PUT("%d|%s|%s|%s|%s:%u-%u:%s:%s|%d%d%d|%lld|", (int)r->tool, r->version ? r->version : "(null)",
	    r->host ? r->host : "(null)", r->label ? r->label : "(null)",
	    r->source.file ? r->source.file : "(null)", r->source.line, r->source.end_line,
	    r->source.format ? r->source.format : "(null)",
	    r->source.excerpt && (keep & BR_KEEP_EXCERPT) ? r->source.excerpt : "(null)", r->host_cut,
	    r->ran_at_from, r->ran_at_prec, (long long)r->ran_at);
	for (size_t i = 0; (keep & BR_KEEP_ALSO) && i < r->nalso; i++)
		PUT("also %s:%u|", r->also[i].file ? r->also[i].file : "(null)", r->also[i].line);
	for (size_t i = 0; (keep & BR_KEEP_PARAMS) && i < r->nparams; i++) {
		struct br_param p = br_record_param_at(r, i);
		PUT("p %s=%s/%.17g|", p.key, p.str ? p.str : "(num)", p.num);
	}
	for (int m = 0; m < BR_METRIC_COUNT; m++) {
		const struct br_value v = br_record_get(r, (enum br_metric_id)m);
		if (!v.present && !v.has_cpu)
			continue;
		PUT("m%d %d%d%d%d%d%d %.17g %.17g %.17g %s|", m, v.present, v.has_value, v.has_cpu,
		    v.too_fast, v.marked, v.doubtful, v.value, v.cpu, br_value_resolution(v),
		    raw_of(v) && (keep & BR_KEEP_RAW) ? raw_of(v) : "(null)");
	}
#undef PUT
	assert_true(n < cap);
}

static void fingerprint(const struct br_record *r, char *out, size_t cap)
{
	fingerprint_keep(r, BR_KEEP_ALL, out, cap);
}

static unsigned long long lcg(unsigned long long *x)
{
	*x = *x * 6364136223846793005ULL + 1442695040888963407ULL;
	return *x >> 33;
}

/* A record as parsers leave them: strings set twice, a params table grown,
 * figures of every kind, now and then a long excerpt or an also[]. */
static struct br_record *random_record(unsigned long long *x, int i)
{
	char buf[600];
	struct br_record *r = br_record_new((enum br_tool)(lcg(x) % BR_TOOL_COUNT));
	snprintf(buf, sizeof buf, "host-%d", i);
	br_record_set_host(r, buf);
	if (lcg(x) % 2)
		br_record_set_host(r, "replaced-host-name");
	if (lcg(x) % 3)
		br_record_set_label(r, "a label");
	if (lcg(x) % 2)
		br_record_set_version(r, "1.97");
	br_record_set_source(r, "corpus/some-file.txt", (unsigned)i, (unsigned)i + 2, "bonnie++-csv");
	size_t ex = lcg(x) % 8 ? 40 + lcg(x) % 200 : 500 + lcg(x) % 90;
	memset(buf, 'a' + i % 26, ex);
	buf[ex] = '\0';
	br_record_set_excerpt(r, buf);
	if (lcg(x) % 4 == 0)
		br_record_set_excerpt(r, "shorter excerpt");
	int np = (int)(lcg(x) % 12);
	for (int k = 0; k < np; k++) {
		snprintf(buf, sizeof buf, "key%d", k);
		if (k % 3)
			br_record_param_num(r, buf, k * 1.5);
		else
			br_record_param_str(r, buf, "string value");
	}
	int nm = (int)(lcg(x) % (BR_METRIC_COUNT + 1));
	for (int k = 0; k < nm; k++) {
		enum br_metric_id m = (enum br_metric_id)(lcg(x) % BR_METRIC_COUNT);
		snprintf(buf, sizeof buf, "%d.%d", k, i);
		struct br_value *v = lcg(x) % 7 ? br_record_set(r, m, k * 100.25, buf)
						: br_record_set_too_fast(r, m, "+++++");
		if (lcg(x) % 2) {
			/* tenths, as tools print them, and odd ones a compact
			 * figure keeps beside it: thousandths, -0, past 6000 */
			double cpu = (double)(lcg(x) % 1000) / 10;
			unsigned odd = (unsigned)(lcg(x) % 8);
			cpu = odd == 0 ? (double)(lcg(x) % 100000) / 1000 : odd == 1 ? -0.0 : odd == 2 ? 7000.5 : cpu;
			br_record_set_cpu(r, m, cpu);
		}
		v = br_record_value(r, m);
		v->marked = lcg(x) % 5 == 0;
		v->doubtful = lcg(x) % 6 == 0;
		/* and hundreds of distinct resolutions: numbers past a byte */
		unsigned rk = (unsigned)(lcg(x) % 6);
		br_value_set_resolution(v, rk < 3 ? 0.1 * (double)(lcg(x) % 4)
					: rk < 5 ? 1024 : 1e-6 * (double)(1 + lcg(x) % 5000));
	}
	if (lcg(x) % 5 == 0)
		br_record_set_cpu(r, BR_M_seeks, 3); /* a cpu waiting for its figure */
	return r;
}

static unsigned long long fnv(const char *s)
{
	unsigned long long h = 14695981039346656037ULL;
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ULL;
	return h;
}

/* r merged with a copy of itself seen 1000 lines further on: with an
 * also[] entry. */
static struct br_record *with_also(struct br_record *r)
{
	struct br_recset s = {0};
	br_record_set(r, BR_M_seeks, 5, "5"); /* a figure both trust */
	br_recset_add(&s, r);
	br_recset_add(&s, br_record_clone(r));
	s.v[1]->source.line += 1000;
	assert_int_equal(br_recset_merge(&s), 1);
	r = s.v[0];
	free(s.v);
	assert_int_equal(r->nalso, 1);
	return r;
}

static void compacted_records_are_the_same_records(void **state)
{
	(void)state;
	enum { N = 3000 };
	static struct br_record *v[N];
	static unsigned long long fp[N];
	static char before[8192], after[8192];
	unsigned long long x = 42;
	size_t moved = 0;
	for (int round = 0; round < 3; round++) {
		for (int i = 0; i < N; i++) {
			if (v[i])
				continue;
			struct br_record *r = random_record(&x, i);
			if (i % 11 == 0) /* an also[] moves with the record */
				r = with_also(r);
			fingerprint(r, before, sizeof before);
			struct br_record *c = br_record_compact(r);
			moved += c != r;
			fingerprint(c, after, sizeof after);
			assert_string_equal(before, after);
			/* it still takes changes: a new figure, param and host */
			br_record_set(c, BR_M_ran_del, 7, "7");
			br_record_param_num(c, "added", 1);
			br_record_set_host(c, "after-compaction");
			assert_string_equal(c->host, "after-compaction");
			assert_true(br_record_get(c, BR_M_ran_del).value == 7);
			assert_true(br_record_param(c, "added").num == 1);
			fingerprint(c, after, sizeof after);
			fp[i] = fnv(after);
			v[i] = c;
		}
		/* nothing points into the slots the records were built in (the
		 * records made since reused them) */
		for (int i = 0; i < N; i++) {
			fingerprint(v[i], after, sizeof after);
			assert_true(fnv(after) == fp[i]);
		}
		/* free in a scattered order: frozen slabs emptied and kept */
		for (int i = 0; i < N; i++)
			if ((i / 700) % 2 == round % 2 || i % 3 == round) {
				br_record_free(v[i]);
				v[i] = NULL;
			}
	}
	/* most records built this way leave room worth reclaiming */
	assert_true(moved > N);
	for (int i = 0; i < N; i++)
		br_record_free(v[i]);
	/* a record with nothing (or little) to reclaim stays where it is:
	 * compacted already, or since given a short label */
	struct br_record *r = br_record_new(BR_TOOL_BONNIEPP);
	char big[1700];
	memset(big, 'x', sizeof big - 1);
	big[sizeof big - 1] = '\0';
	br_record_set_excerpt(r, big);
	br_record_set(r, BR_M_seeks, 5, "5");
	r = br_record_compact(r);
	assert_ptr_equal(br_record_compact(r), r);
	br_record_set_label(r, "a label");
	assert_ptr_equal(br_record_compact(r), r);
	assert_string_equal(r->label, "a label");
	assert_true(br_record_get(r, BR_M_seeks).value == 5);
	br_record_free(r);
	assert_null(br_record_compact(NULL));
}

/* A compact record packs what tools print: a figure of an integer value,
 * an integer cpu and a raw in its form in 8 bytes, a param of an integer
 * in 8; what does not fit (a value or param past 32 bits, -0, a fraction,
 * NaN, a cpu in tenths, a raw kept as a string) is kept beside them and
 * reads back bit for bit, held, slim, merged into and compacted again. */
static void compact_records_pack_figures_and_params(void **state)
{
	(void)state;
	static char before[8192], after[8192];
	/* a bonnie++ CSV run: 24 figures, 7 params (size_bytes past 32 bits) */
	struct br_record *r = br_record_new(BR_TOOL_BONNIEPP);
	br_record_set_host(r, "srv000000");
	br_record_set_source(r, "runs.csv", 1, 1, "bonnie++-csv");
	char raw[32];
	for (int m = 0; m < 24; m++) {
		snprintf(raw, sizeof raw, "%d", 1000 + 37 * m);
		br_record_set(r, (enum br_metric_id)m, 1000 + 37 * m, raw);
		br_record_set_cpu(r, (enum br_metric_id)m, m);
	}
	br_record_param_str(r, "size", "8G");
	br_record_param_num(r, "size_bytes", 8589934592.0);
	br_record_param_num(r, "files", 16384);
	br_record_param_num(r, "concurrency", 1);
	br_record_param_num(r, "seeks_count", 8192);
	br_record_param_num(r, "seek_procs", 5);
	br_record_param_num(r, "seed", 1058179427);
	fingerprint(r, before, sizeof before);
	r = br_record_compact(r);
	fingerprint(r, after, sizeof after);
	assert_string_equal(before, after);
	/* (the record, its block header, 16 bytes of strings, 7 params and a
	 * double, 24 figures: 16-byte figures and 24-byte params took 760) */
	assert_true(br_record_bytes(r) <= sizeof *r + 24 + 16 + 7 * 8 + 8 + 24 * 8 + 63);
	br_record_free(r);

	/* the values that do not fit, beside the ones that just do */
	static const double values[] = {-0.0, 0.5, 2147483647.0, -2147483648.0, 2147483648.0,
					-2147483649.0, 1e300, 328.9, 0.0, -7.0};
	r = br_record_new(BR_TOOL_BONNIEPP);
	br_record_set_host(r, "h");
	for (int m = 0; m < (int)BR_ARRAY_LEN(values); m++) {
		snprintf(raw, sizeof raw, "%.17g", values[m]);
		br_record_set(r, (enum br_metric_id)m, values[m], m % 2 ? raw : "as printed");
		br_record_set_cpu(r, (enum br_metric_id)m, m % 3 == 0 ? 255 : m % 3 == 1 ? 256 : 12.5);
		snprintf(raw, sizeof raw, "p%d", m);
		br_record_param_num(r, raw, values[m]);
	}
	br_record_set(r, BR_M_seeks, NAN, NULL);
	br_record_param_num(r, "nan", NAN);
	br_record_param_str(r, "str", "a string");
	fingerprint(r, before, sizeof before);
	for (int pass = 0; pass < 2; pass++) {
		r = br_record_compact(r);
		fingerprint(r, after, sizeof after);
		assert_string_equal(before, after);
		r = br_record_hold(r);
		fingerprint(r, after, sizeof after);
		assert_string_equal(before, after);
		struct br_record *s = br_record_slim(br_record_clone(r), BR_KEEP_PARAMS);
		assert_int_equal(s->nparams, r->nparams);
		for (size_t i = 0; i < r->nparams; i++) {
			struct br_param a = br_record_param_at(r, i), b = br_record_param_at(s, i);
			assert_string_equal(a.key, b.key);
			assert_string_equal(a.str ? a.str : "(num)", b.str ? b.str : "(num)");
			assert_memory_equal(&a.num, &b.num, sizeof a.num);
		}
		br_record_free(s);
		/* a merge adds to a compact record: the params unpacked, the
		 * figures thawed, then packed again */
		struct br_record *b = br_record_new(BR_TOOL_BONNIEPP);
		br_record_set_host(b, "h");
		br_record_param_num(b, pass ? "late2" : "late", 4294967296.0);
		br_record_set(b, BR_M_ran_del, -0.0, "-0");
		br_record_merge(r, b);
		br_record_free(b);
		assert_true(br_record_param(r, pass ? "late2" : "late").num == 4294967296.0);
		assert_true(signbit(br_record_get(r, BR_M_ran_del).value));
		fingerprint(r, before, sizeof before);
	}
	br_record_free(r);
}

/* A slim copy is the record less what it was told to leave out (the raw
 * strings, the params, the excerpt, the also[] sources, in every
 * combination): the rest, every figure's value, cpu, flags and resolution
 * too, as it was. */
static void slim_records_lose_only_what_they_leave_out(void **state)
{
	(void)state;
	static char want[8192], got[8192];
	unsigned long long x = 7;
	for (int i = 0; i < 800; i++) {
		unsigned keep = (unsigned)i % 16;
		struct br_record *r = random_record(&x, i);
		if (i % 5 == 0)
			r = with_also(r);
		if (i % 3)
			r = br_record_compact(r);
		fingerprint_keep(r, keep, want, sizeof want);
		struct br_record *s = br_record_slim(r, keep);
		fingerprint_keep(s, BR_KEEP_ALL, got, sizeof got);
		assert_string_equal(got, want);
		if (!(keep & BR_KEEP_ALSO))
			assert_int_equal(s->nalso, 0);
		if (!(keep & BR_KEEP_PARAMS))
			assert_int_equal(s->nparams, 0);
		if (!(keep & BR_KEEP_EXCERPT))
			assert_null(s->source.excerpt);
		/* it still takes changes */
		br_record_set(s, BR_M_ran_del, 7, "7");
		br_record_param_num(s, "added", 1);
		assert_true(br_record_get(s, BR_M_ran_del).value == 7);
		assert_true(br_record_param(s, "added").num == 1);
		br_record_free(s);
	}
	assert_null(br_record_slim(NULL, 0));
}

/* A packed record reads back as it was, from other memory, once the
 * record is freed (a stream's spill: parsers/load.c); a record of several
 * blocks, not compacted, or with also[] sources is not packed. */
static void packed_records_read_back_whole(void **state)
{
	(void)state;
	static char want[8192], got[8192];
	unsigned long long x = 11;
	struct br_buf b = {0};
	int packed = 0, refused = 0;
	for (int i = 0; i < 600; i++) {
		struct br_record *r = random_record(&x, i);
		if (i % 5 == 0)
			r = with_also(r);
		if (i % 4)
			r = br_record_compact(r);
		br_buf_reset(&b);
		fingerprint_keep(r, BR_KEEP_ALL, want, sizeof want);
		bool one = r->nalso == 0 && i % 4 && br_record_pack(r, &b);
		if (!one) {
			if (r->nalso == 0 && i % 4 == 0) /* built, not compacted */
				assert_false(br_record_pack(r, &b));
			assert_int_equal(b.len, 0);
			refused++;
			br_record_free(r);
			continue;
		}
		packed++;
		char *copy = malloc(b.len);
		assert_non_null(copy);
		memcpy(copy, b.data, b.len);
		memset(b.data, 0, b.len);
		br_record_free(r);
		const struct br_record *u = br_record_unpacked(copy, b.len);
		assert_non_null(u);
		fingerprint_keep(u, BR_KEEP_ALL, got, sizeof got);
		assert_string_equal(got, want);
		assert_null(br_record_unpacked(copy, b.len - 1)); /* cut: not a record */
		free(copy);
	}
	/* also[] sources: never packed */
	struct br_record *r = br_record_compact(with_also(random_record(&x, 1)));
	br_buf_reset(&b);
	assert_false(br_record_pack(r, &b));
	assert_int_equal(b.len, 0);
	br_record_free(r);
	br_buf_free(&b);
	assert_true(packed > 300);
	assert_true(refused > 100);
}

/* The merge print's promise (record.h br_record_merge_print): two records
 * that are the same run have different sigs or the same figs, whatever
 * their figures. Figures moved by less than half their resolution stay on
 * their step (the same run); by more, some do not (another run, told apart
 * by figs); printed coarser, the sig differs. */
static void merge_print_keeps_same_runs_together(void **state)
{
	(void)state;
	unsigned long long x = 99;
	size_t same = 0, moved_same = 0, apart = 0, coarser = 0;
	for (int i = 0; i < 4000; i++) {
		struct br_record *a = random_record(&x, i);
		for (int m = 0; m < BR_METRIC_COUNT; m++) { /* printed: on their steps */
			struct br_value *v = br_record_value(a, (enum br_metric_id)m);
			double res = v ? br_value_resolution(*v) : 0;
			if (v && v->has_value && res > 0)
				v->value = (double)llround(v->value / res) * res;
		}
		a = br_record_compact(a);
		struct br_record *b = br_record_clone(a);
		double reach = (i % 3 == 0) ? 3.0 : 0.45; /* now and then beyond the step */
		bool moved = false, recoarse = i % 7 == 3;
		for (int m = 0; m < BR_METRIC_COUNT; m++) {
			struct br_value *v = br_record_value(b, (enum br_metric_id)m);
			if (!v || !v->has_value || v->too_fast)
				continue;
			double res = br_value_resolution(*v);
			double u = (double)(lcg(&x) % 2001) / 1000.0 - 1.0; /* -1 .. 1 */
			if (i % 5 == 1) /* all at the edge */
				u = i % 2 ? 1.0 : -1.0;
			v->value += u * res * reach;
			moved = moved || (u != 0 && res > 0);
			if (recoarse && res > 0) /* a coarser print of it */
				br_value_set_resolution(v, res * 10);
		}
		b = br_record_compact(b);
		uint64_t sa, sb, fa, fb;
		br_record_merge_print(a, &sa, &fa);
		br_record_merge_print(b, &sb, &fb);
		if (br_record_same_run(a, b)) {
			same++;
			moved_same += moved;
			coarser += sa != sb;
			assert_true(sa != sb || fa == fb);
		} else if (sa == sb) {
			apart += fa != fb;
		}
		/* the same figures print the same */
		struct br_record *c = br_record_clone(a);
		uint64_t sc, fc;
		br_record_merge_print(c, &sc, &fc);
		assert_true(sc == sa && fc == fa);
		/* one step apart at one resolution: two runs, told apart */
		struct br_value *v = br_record_value(c, BR_M_put_block);
		if (v) {
			v->present = v->has_value = true;
			v->too_fast = v->doubtful = false;
			v->value = 5000;
			br_value_set_resolution(v, 1);
			struct br_record *d = br_record_clone(c);
			br_record_value(d, BR_M_put_block)->value = 5001;
			assert_false(br_record_same_run(c, d));
			uint64_t s1, s2, f1, f2;
			br_record_merge_print(c, &s1, &f1);
			br_record_merge_print(d, &s2, &f2);
			assert_true(s1 == s2 && f1 != f2);
			br_record_free(d);
		}
		br_record_free(a);
		br_record_free(b);
		br_record_free(c);
	}
	assert_true(same > 1000);
	assert_true(moved_same > 500); /* moved within their steps, still the same run */
	assert_true(coarser > 100);    /* the same run printed coarser: another sig */
	assert_true(apart > 100);
}

static void resolutions_read_back_exactly(void **state)
{
	(void)state;
	struct br_record *r = br_record_new(BR_TOOL_BONNIE);
	struct br_value *v = br_record_set(r, BR_M_putc, 1, "1");
	assert_true(br_value_resolution(*v) == 0);
	static const double odd[] = {0.1, 1, 1024, 102.4, 0.1 * 1048576, 1e-300, 5e-324, -0.0, -3,
				     1e308, INFINITY, -INFINITY, 0.30000000000000004, 0.3};
	for (size_t k = 0; k < sizeof odd / sizeof *odd; k++) {
		br_value_set_resolution(v, odd[k]);
		double got = br_value_resolution(*v);
		assert_memory_equal(&got, &odd[k], sizeof got);
		assert_true(v->present && v->has_value); /* the flags beside it untouched */
	}
	br_value_set_resolution(v, NAN);
	assert_true(isnan(br_value_resolution(*v)));
	/* values set again share their entry, whichever thread cache */
	struct br_value *w = br_record_set(r, BR_M_put_block, 2, "2");
	br_value_set_resolution(w, 0.3);
	br_value_set_resolution(v, 102.4);
	br_value_set_resolution(w, 0.1);
	assert_true(br_value_resolution(*w) == 0.1 && br_value_resolution(*v) == 102.4);
	br_record_free(r);
}

/* Many distinct resolutions, from four threads at once: every one reads
 * back exactly (no ceiling), and the same value gets the same entry. */
struct res_run {
	unsigned first, n;
	unsigned bad;
};

static void *set_many(void *arg)
{
	struct res_run *run = arg;
	struct br_value v = {0};
	for (unsigned k = run->first; k < run->first + run->n; k++) {
		double d = k * 0.001 + 1e6;
		br_value_set_resolution(&v, d);
		run->bad += br_value_resolution(v) != d;
	}
	return NULL;
}

static void resolutions_have_no_ceiling(void **state)
{
	(void)state;
	pthread_t t[4];
	struct res_run runs[4];
	for (unsigned i = 0; i < 4; i++) {
		/* overlapping ranges: threads add some of the same values */
		runs[i] = (struct res_run){1 + i * 30000, 50000, 0};
		assert_int_equal(pthread_create(&t[i], NULL, set_many, &runs[i]), 0);
	}
	for (unsigned i = 0; i < 4; i++) {
		pthread_join(t[i], NULL);
		assert_int_equal(runs[i].bad, 0);
	}
	struct br_value v = {0}, w = {0};
	br_value_set_resolution(&v, 1e6 + 0.001);
	assert_true(br_value_resolution(v) == 1e6 + 0.001);
	br_value_set_resolution(&w, 1e6 + 140.0);
	br_value_set_resolution(&v, 1e6 + 140.0);
	assert_int_equal(v.res, w.res);
	br_value_set_resolution(&v, 2e6); /* new: numbered after the 140,000 above */
	assert_true(v.res > 65535 && br_value_resolution(v) == 2e6);
}

/* An hdparm record: host (NULL: none), label, cached and buffered reads
 * printed with two decimals (buffered < 0: not printed). */
static struct br_record *hdparm2(const char *host, const char *label, double cached, double buffered)
{
	struct br_record *r = br_record_new(BR_TOOL_HDPARM);
	if (host)
		br_record_set_host(r, host);
	if (label)
		br_record_set_label(r, label);
	char raw[32];
	snprintf(raw, sizeof raw, "%.2f", cached);
	br_record_set(r, BR_M_cached_read, cached * 1024, raw);
	if (buffered >= 0) {
		snprintf(raw, sizeof raw, "%.2f", buffered);
		br_record_set(r, BR_M_buffered_read, buffered * 1024, raw);
	}
	return r;
}

/* In one document, a summary row without a host and the output it sums
 * up are one run when they share two figures or more, all equal: the
 * earlier keeps its place, with the other's host; a lone shared figure,
 * a figure that differs, two records without a host or two with one stay
 * apart. The global merge does not do this (across documents a record
 * without a host is never the same run as one with). */
static void unnamed_summary_merges_with_its_output(void **state)
{
	(void)state;
	struct br_record *v[7] = {
		hdparm2(NULL, "beta", 6998.10, 212.77),       /* 0: the summary's row */
		hdparm2(NULL, "gamma", 5000.00, -1),          /* 1: a lone figure */
		hdparm2(NULL, "delta", 4000.00, 100.00),      /* 2: differs from 6 */
		hdparm2("/dev/sdb", NULL, 6998.10, 212.77),  /* 3: beta's output */
		hdparm2("/dev/sdc", NULL, 5000.00, 99.00),   /* 4: shares one figure with 1 */
		hdparm2("/dev/sdd", NULL, 6998.10, 212.77),  /* 5: 0 is taken already */
		hdparm2("/dev/sde", NULL, 4000.00, 100.01),  /* 6 */
	};
	bool gone[7] = {false};
	struct br_recset both = {0};
	br_recset_add(&both, hdparm2(NULL, "beta", 6998.10, 212.77));
	br_recset_add(&both, hdparm2("/dev/sdb", NULL, 6998.10, 212.77));
	assert_int_equal(br_recset_merge(&both), 0); /* (the global rule) */
	br_recset_free(&both);

	assert_int_equal(br_records_merge_unnamed(v, 7, gone), 1);
	assert_true(gone[3]);
	for (int i = 0; i < 7; i++)
		assert_true(gone[i] == (i == 3));
	assert_string_equal(v[0]->host, "/dev/sdb");
	assert_string_equal(v[0]->label, "beta");
	assert_int_equal(v[0]->nalso, 1);
	for (int i = 0; i < 7; i++)
		br_record_free(v[i]);

	/* every record with a host, or none: nothing to do */
	struct br_record *w[2] = {hdparm2(NULL, "a", 1.00, 2.00), hdparm2(NULL, "b", 1.00, 2.00)};
	bool g2[2] = {false};
	assert_int_equal(br_records_merge_unnamed(w, 2, g2), 0);
	br_record_free(w[0]);
	br_record_free(w[1]);
}

/* Two machines that printed the same figures, each under its own title in
 * one document at one quote depth, in one format, stay two records; the
 * same titles again under more (a post pasted twice), a deeper copy (a
 * quote) or another document merge as before. */
static void same_figures_under_two_titles_stay_apart(void **state)
{
	(void)state;
	static const struct {
		const char *label, *file;
		unsigned depth;
	} in[] = {
		{"node-a", "t.txt", 0},
		{"node-b", "t.txt", 0},          /* another machine */
		{"Notes / node-a", "t.txt", 0},  /* node-a again, under more */
		{"node-c", "t.txt", 1},          /* quoted: the same run */
		{"node-d", "u.txt", 0},          /* another document */
	};
	struct br_recset s = {0};
	for (size_t i = 0; i < BR_ARRAY_LEN(in); i++) {
		struct br_record *r = bonniepp("box", 9314, 6);
		br_record_set_label(r, in[i].label);
		br_record_set_source(r, in[i].file, (unsigned)(10 * i + 1), (unsigned)(10 * i + 2), "bonnie++-text");
		r->quote_depth = (unsigned short)in[i].depth;
		br_recset_add(&s, r);
	}
	assert_false(br_record_same_run(s.v[0], s.v[1]));
	assert_true(br_record_same_run(s.v[0], s.v[2]));
	assert_int_equal(br_recset_merge(&s), 3);
	assert_int_equal(s.n, 2);
	assert_string_equal(s.v[0]->label, "node-a");
	assert_string_equal(s.v[1]->label, "node-b");
	br_recset_free(&s);
}

/*
 * A compact record keeps a raw that its value prints again as that value's
 * form (raw NULL, form set), and gives back the very bytes; a raw that
 * says more than the value (a leading zero, another unit, an exponent, a
 * long text) is kept as it was, a string. Both survive a clone, a change
 * of the value (the raw stays what was printed) and a slim copy.
 */
static void raws_kept_as_forms_read_back_the_same(void **state)
{
	(void)state;
	static const struct {
		enum br_metric_id id;
		double value;
		const char *raw;
		bool form; /* kept as a form */
	} fig[] = {
		{BR_M_putc, 760, "760", true},
		{BR_M_seeks, 328.9, "328.9", true},
		{BR_M_getc_latency, 19000, "19ms", true},
		{BR_M_put_block_latency, 27556, "27556us", true},
		{BR_M_seq_create, 0.5, "0.50", true},
		{BR_M_ran_create, 31000, "31.0k", true},
		{BR_M_rewrite, 83263, "083263", false},          /* a leading zero */
		{BR_M_put_block, 241664, "236M", false},         /* MB/s made KiB/s */
		{BR_M_get_block, 760, "7.60e2", false},          /* an exponent */
		{BR_M_seq_del, 26649, "26649 files/s", false},   /* a long text */
		{BR_M_ran_del, 0, "0", true},
	};
	struct br_record *r = br_record_new(BR_TOOL_BONNIEPP);
	for (size_t i = 0; i < sizeof fig / sizeof *fig; i++) {
		/* (kept as a form from the start: no copy of the bytes) */
		const struct br_value *v = br_record_set(r, fig[i].id, fig[i].value, fig[i].raw);
		assert_int_equal(v->raw == NULL, fig[i].form);
		assert_string_equal(raw_of(*v), fig[i].raw);
	}
	br_record_set_too_fast(r, BR_M_seq_stat, "+++++");
	br_record_set_too_fast(r, BR_M_ran_stat, "+++");
	size_t before = br_record_bytes(r);
	r = br_record_compact(r);
	assert_true(br_record_bytes(r) < before);
	struct br_record *c = br_record_clone(r);
	c = br_record_compact(c);
	for (size_t i = 0; i < sizeof fig / sizeof *fig; i++) {
		const struct br_value v = br_record_get(r, fig[i].id);
		assert_string_equal(raw_of(v), fig[i].raw);
		assert_int_equal(v.raw == NULL, fig[i].form);
		assert_int_equal(v.form != 0, fig[i].form);
		assert_true(v.value == fig[i].value);
		assert_string_equal(raw_of(br_record_get(c, fig[i].id)), fig[i].raw);
	}
	const struct br_value tf = br_record_get(r, BR_M_seq_stat);
	assert_true(tf.too_fast && !tf.has_value && !tf.raw && tf.form);
	assert_string_equal(raw_of(tf), "+++++");
	assert_string_equal(raw_of(br_record_get(c, BR_M_ran_stat)), "+++");
	/* a figure set again, with another raw: that one */
	struct br_value *w = br_record_set(c, BR_M_getc_latency, 21000, "21.0ms");
	assert_null(w->raw);
	assert_string_equal(raw_of(*w), "21.0ms");
	w = br_record_set(c, BR_M_put_block_latency, 27556, "27556 microseconds");
	assert_non_null(w->raw);
	c = br_record_compact(c);
	assert_string_equal(raw_of(br_record_get(c, BR_M_getc_latency)), "21.0ms");
	assert_string_equal(raw_of(br_record_get(c, BR_M_put_block_latency)), "27556 microseconds");
	assert_true(br_record_get(c, BR_M_getc_latency).value == 21000);
	/* text that is not printable ASCII is not a form (str_dup mends it) */
	w = br_record_set(c, BR_M_putc, 760, "760\x01");
	assert_non_null(w->raw);
	/* a slim copy without raws has none, forms or strings */
	struct br_record *s = br_record_slim(c, BR_KEEP_ALL & ~BR_KEEP_RAW);
	assert_null(raw_of(br_record_get(s, BR_M_putc)));
	assert_null(raw_of(br_record_get(s, BR_M_rewrite)));
	assert_null(raw_of(br_record_get(s, BR_M_seq_stat)));
	br_record_free(s);
	br_record_free(r);
}

/* Numbers of every length and decimals, as printed and as their values
 * say: each raw comes back byte for byte, from its form. */
static void raws_of_every_length_read_back(void **state)
{
	(void)state;
	static const char *const text[] = {"", "us", "ms", "k", "%"};
	for (int digits = 1; digits <= 15; digits++)
		for (int dec = 0; dec < digits && dec <= 4; dec++)
			for (int k = 0; k < 40; k++) {
				/* digits of k's pattern, no leading zero but "0.x" */
				char num[32], raw[40];
				unsigned long long n = 0;
				for (int i = 0; i < digits; i++)
					n = n * 10 + (unsigned)((i == 0 && digits - dec > 1 ? 1 : 0) + (k * 7 + i * 3) % 9);
				if (digits - dec == 1 && dec)
					n %= 1000000000000000ull; /* (its first digit may be 0: "0.xx") */
				snprintf(num, sizeof num, "%0*llu", digits, n);
				if (dec) {
					memmove(num + digits - dec + 1, num + digits - dec, (size_t)dec + 1);
					num[digits - dec] = '.';
				}
				if (digits - dec > 1 && num[0] == '0')
					continue;
				snprintf(raw, sizeof raw, "%s%s", num, text[k % 5]);
				double value = strtod(num, NULL) * (k % 5 == 2 ? 1000 : 1);
				struct br_record *r = br_record_new(BR_TOOL_BONNIEPP);
				br_record_set(r, BR_M_putc, value, raw);
				r = br_record_compact(r);
				const struct br_value v = br_record_get(r, BR_M_putc);
				assert_string_equal(raw_of(v), raw);
				char shown[40];
				snprintf(shown, sizeof shown, "%s", num);
				assert_true(br_value_raw_is(&v, shown, strlen(shown), text[k % 5]));
				assert_true(k % 5 == 0 || !br_value_raw_is(&v, shown, strlen(shown), "x"));
				br_record_free(r);
			}
}

/* Past the table's few hundred forms, raws are kept as strings: the same
 * bytes either way. (Last: it fills the process's table.) */
static void raws_past_the_forms_stay_strings(void **state)
{
	(void)state;
	struct br_record *v[400];
	for (int i = 0; i < 400; i++) {
		char raw[16];
		snprintf(raw, sizeof raw, "%dx%03d", i, i);
		v[i] = br_record_new(BR_TOOL_BONNIEPP);
		br_record_set(v[i], BR_M_putc, i, raw);
		v[i] = br_record_compact(v[i]);
	}
	int forms = 0;
	for (int i = 0; i < 400; i++) {
		char raw[16];
		snprintf(raw, sizeof raw, "%dx%03d", i, i);
		const struct br_value x = br_record_get(v[i], BR_M_putc);
		assert_string_equal(raw_of(x), raw);
		forms += x.form != 0;
		br_record_free(v[i]);
	}
	assert_true(forms > 100 && forms < 256);
}

/* br_record_figv and br_value_raw_json say what br_record_get and
 * br_value_raw do, built and compact, odd cpus and raws that need an
 * escape too. */
static void cheap_readers_agree_with_br_record_get(void **state)
{
	(void)state;
	struct br_record *r = br_record_new(BR_TOOL_BONNIEPP);
	br_record_set(r, BR_M_putc, 760, "760");
	br_record_set_cpu(r, BR_M_putc, 42);
	br_record_set(r, BR_M_seeks, 328.9, "328.9");
	br_record_set_cpu(r, BR_M_seeks, 3.14159); /* not in tenths: odd */
	br_record_set(r, BR_M_getc_latency, 19000, "19ms");
	br_record_set(r, BR_M_seq_create, 5, "5\"");   /* a form that needs an escape */
	br_record_set(r, BR_M_rewrite, 83263, "083263"); /* a string */
	br_record_set_too_fast(r, BR_M_seq_stat, "+++++");
	br_record_value(r, BR_M_putc)->marked = true;
	for (int pass = 0; pass < 2; pass++) {
		for (int m = 0; m < BR_METRIC_COUNT; m++) {
			const struct br_value v = br_record_get(r, (enum br_metric_id)m);
			struct br_figv f;
			unsigned fl = br_record_figv(r, (enum br_metric_id)m, &f);
			assert_int_equal(fl, f.flags);
			assert_int_equal((fl & BR_FIG_PRESENT) != 0, v.present);
			assert_int_equal((fl & BR_FIG_HAS_VALUE) != 0, v.has_value);
			assert_int_equal((fl & BR_FIG_HAS_CPU) != 0, v.has_cpu);
			assert_int_equal((fl & BR_FIG_TOO_FAST) != 0, v.too_fast);
			assert_int_equal((fl & BR_FIG_MARKED) != 0, v.marked);
			assert_memory_equal(&f.value, &v.value, sizeof f.value);
			assert_memory_equal(&f.cpu, &v.cpu, sizeof f.cpu);
			assert_true(br_record_value_of(r, (enum br_metric_id)m) == v.value);
			char buf[BR_RAW_BUF], js[BR_RAW_JSON_BUF + 1];
			const char *raw = br_value_raw(&v, buf);
			size_t n = br_value_raw_json(&v, js);
			if (!n)
				continue;
			assert_non_null(raw);
			js[n] = '\0';
			char want[BR_RAW_JSON_BUF + 1];
			snprintf(want, sizeof want, "\"%s\"", raw);
			assert_string_equal(js, want);
		}
		assert_int_equal(br_value_raw_json(&(struct br_value){0}, (char[BR_RAW_JSON_BUF]){0}), 0);
		const struct br_value q = br_record_get(r, BR_M_seq_create);
		assert_null(q.raw); /* (a form: its text has the quote) */
		assert_int_equal(br_value_raw_json(&q, (char[BR_RAW_JSON_BUF]){0}), 0);
		const struct br_value c = br_record_get(r, BR_M_putc);
		assert_int_equal(br_value_raw_json(&c, (char[BR_RAW_JSON_BUF]){0}), 5);
		r = br_record_compact(r);
	}
	br_record_free(r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(metric_table_is_consistent),
		cmocka_unit_test(merge_keeps_full_host_and_first_source),
		cmocka_unit_test(merge_needs_compatible_hosts_and_equal_figures),
		cmocka_unit_test(same_figures_under_two_titles_stay_apart),
		cmocka_unit_test(unnamed_summary_merges_with_its_output),
		cmocka_unit_test(prefix_hosts_merge_only_when_cut),
		cmocka_unit_test(merge_respects_printed_precision_and_doubt),
		cmocka_unit_test(single_figure_records_merge_only_with_same_params),
		cmocka_unit_test(params_keep_order_and_replace),
		cmocka_unit_test(strings_survive_growth_replacement_and_merge),
		cmocka_unit_test(source_strings_are_owned_by_the_record),
		cmocka_unit_test(many_records_freed_and_remade),
		cmocka_unit_test(sparse_values_stay_put_and_read_back),
		cmocka_unit_test(merge_adds_figures_the_survivor_lacks),
		cmocka_unit_test(compacted_records_are_the_same_records),
		cmocka_unit_test(slim_records_lose_only_what_they_leave_out),
		cmocka_unit_test(packed_records_read_back_whole),
		cmocka_unit_test(merge_print_keeps_same_runs_together),
		cmocka_unit_test(resolutions_read_back_exactly),
		cmocka_unit_test(resolutions_have_no_ceiling),
		cmocka_unit_test(cheap_readers_agree_with_br_record_get), /* (before the forms run out) */
		cmocka_unit_test(raws_kept_as_forms_read_back_the_same),
		cmocka_unit_test(raws_of_every_length_read_back),
		cmocka_unit_test(raws_past_the_forms_stay_strings),
		cmocka_unit_test(compact_records_pack_figures_and_params),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
