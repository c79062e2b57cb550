/*
 * bonnie_csv — `--format bonnie-csv`: records of the Bonnie family (tools
 * bonnie and bonnie++) as the CSV line bonnie++ 2.00a writes: format version
 * "1.98", 50 fields, no quoting, one line per record. bon_csv2txt and
 * bon_csv2html of bonnie++ 2.00a read it unchanged and show the same figures
 * (tests/cli/bon_csv2.sh runs them).
 *
 *   0 "1.98"  1 bonnie++ version  2 name  3 concurrency  4 seed
 *   5 file size  6 io chunk size  7 seek count  8 seek procs
 *   9-20 putc … seeks, each figure followed by its %CPU
 *   21 num files (units of 1024)  22 max size  23 min size  24 (empty)
 *   25 num dirs (where 2.00a puts it)  26-37 the six file tests and %CPU
 *   38-49 the twelve latencies (us below 0.1 s, ms below 100 s, else s)
 *
 * Rates are KiB/s integers, seeks keep one decimal when the figure has one,
 * `+++++`/`+++` mark a test that was too fast to measure, and a figure the
 * record does not hold is an empty field. The name is the host (else the
 * label); commas in it become ';' since the format has no quoting. Records of
 * other tools are skipped silently.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "render.h"

static const enum br_metric_id io[] = {BR_M_putc, BR_M_put_block, BR_M_rewrite,
				       BR_M_getc, BR_M_get_block, BR_M_seeks};
static const enum br_metric_id files[] = {BR_M_seq_create, BR_M_seq_stat, BR_M_seq_del,
					  BR_M_ran_create, BR_M_ran_stat, BR_M_ran_del};

static void add_text(struct br_buf *b, const char *s)
{
	for (; s && *s; s++) {
		unsigned char c = (unsigned char)*s;
		br_buf_addc(b, c == ',' ? ';' : c < 0x20 || c == 0x7f ? ' ' : (char)c);
	}
}

/* v with prec decimals and a unit after it: what printf's "%.*f" writes
 * (br_buf_add_fixed), without a format string per field. */
static void add_fixed(struct br_buf *b, double v, int prec, const char *unit)
{
	br_buf_add_fixed(b, v, prec);
	br_buf_adds(b, unit);
}

static bool integral(double v)
{
	return fabs(v - nearbyint(v)) < 1e-9;
}

static void add_num(struct br_buf *b, double v)
{
	if (integral(v))
		add_fixed(b, v, 0, "");
	else
		br_buf_add_double(b, v);
}

static void add_param(struct br_buf *b, const struct br_record *r, const char *key)
{
	struct br_param p = br_record_param(r, key);
	if (!p.key)
		return;
	if (p.str)
		add_text(b, p.str);
	else
		add_num(b, p.num);
}

/* bonnie++'s size notation: "300M", "16G"; "" when unknown. */
static void add_size(struct br_buf *b, const struct br_record *r)
{
	struct br_param p = br_record_param(r, "size");
	if (p.key && p.str) {
		const char *s = p.str;
		size_t n = strspn(s, "0123456789"), len = 0;
		if (n && (s[n] == '\0' || s[n] == ':'))
			len = n;
		else if (n && s[n] && strchr("KMGT", s[n]) && (s[n + 1] == '\0' || s[n + 1] == ':'))
			len = n + 1;
		if (len) {
			br_buf_add(b, s, len);
			return;
		}
	}
	p = br_record_param(r, "size_bytes");
	if (!p.key || p.str || p.num <= 0)
		return;
	double mib = p.num / 1048576.0;
	if (integral(mib / 1024))
		add_fixed(b, mib / 1024, 0, "G");
	else if (integral(mib))
		add_fixed(b, mib, 0, "M");
	else
		add_fixed(b, ceil(mib), 0, "M");
}

/* bonnie++'s chunk notation: "4k", "512", "1m". */
static void add_chunk(struct br_buf *b, const struct br_record *r)
{
	struct br_param p = br_record_param(r, "chunk_size");
	if (!p.key || p.str || p.num <= 0)
		return;
	double v = p.num;
	if (integral(v / 1048576))
		add_fixed(b, v / 1048576, 0, "m");
	else if (integral(v / 1024))
		add_fixed(b, v / 1024, 0, "k");
	else
		add_fixed(b, v, 0, "");
}

static void add_pair(struct br_buf *b, const struct br_record *r, enum br_metric_id id)
{
	const struct br_value v = br_record_get(r, id);
	br_buf_addc(b, ',');
	if (v.present && v.too_fast) {
		br_buf_adds(b, "+++++,+++");
		return;
	}
	if (v.present && v.has_value) {
		/* a seek rate printed with one decimal keeps it ("336.0") */
		if (id == BR_M_seeks && (!integral(v.value) || (br_value_resolution(v) > 0 &&
								  br_value_resolution(v) < 1)))
			add_fixed(b, v.value, 1, "");
		else
			add_fixed(b, v.value, 0, "");
	}
	br_buf_addc(b, ',');
	if (v.present && v.has_value && v.has_cpu)
		add_fixed(b, v.cpu, 0, "");
}

static void add_latency(struct br_buf *b, const struct br_record *r, enum br_metric_id id)
{
	const struct br_value fig = br_record_get(r, id), *v = &fig;
	br_buf_addc(b, ',');
	if (!v->present || !v->has_value || v->value < 0)
		return;
	double us = v->value;
	/* the figure as bonnie++ printed it, when it says the same: digits
	 * and a unit */
	char rawbuf[BR_RAW_BUF];
	const char *raw = br_value_raw(v, rawbuf);
	if (raw) {
		const char *end = raw;
		double n = 0;
		for (; *end >= '0' && *end <= '9'; end++)
			n = n * 10 + (*end - '0'); /* exact up to 15 digits */
		if (end - raw > 15)
			n = strtod(raw, NULL);
		double mult = strcmp(end, "us") == 0 ? 1 : strcmp(end, "ms") == 0 ? 1000
						     : strcmp(end, "s") == 0   ? 1e6
									      : 0;
		if (mult && end != raw && fabs(n * mult - us) < 0.5) {
			br_buf_adds(b, raw);
			return;
		}
	}
	if (nearbyint(us) < 100000)
		add_fixed(b, us, 0, "us");
	else if (nearbyint(us / 1000) < 100000)
		add_fixed(b, us / 1000, 0, "ms");
	else
		add_fixed(b, us / 1e6, 0, "s");
}

static void add_record(struct br_buf *b, const struct br_record *r)
{
	br_buf_adds(b, "1.98,");
	if (r->tool == BR_TOOL_BONNIEPP)
		add_text(b, r->version);
	br_buf_addc(b, ',');
	add_text(b, r->host ? r->host : r->label);
	br_buf_addc(b, ',');
	add_param(b, r, "concurrency");
	br_buf_addc(b, ',');
	add_param(b, r, "seed");
	br_buf_addc(b, ',');
	add_size(b, r);
	br_buf_addc(b, ',');
	add_chunk(b, r);
	br_buf_addc(b, ',');
	add_param(b, r, "seeks_count");
	br_buf_addc(b, ',');
	add_param(b, r, "seek_procs");
	for (size_t i = 0; i < BR_ARRAY_LEN(io); i++)
		add_pair(b, r, io[i]);
	br_buf_addc(b, ',');
	struct br_param nf = br_record_param(r, "files");
	if (nf.key && !nf.str)
		add_num(b, nf.num / 1024);
	br_buf_addc(b, ',');
	add_param(b, r, "max_size");
	br_buf_addc(b, ',');
	add_param(b, r, "min_size");
	br_buf_adds(b, ",,");
	add_param(b, r, "num_dirs");
	for (size_t i = 0; i < BR_ARRAY_LEN(files); i++)
		add_pair(b, r, files[i]);
	for (size_t i = 0; i < BR_ARRAY_LEN(io); i++)
		add_latency(b, r, (enum br_metric_id)br_metric_latency_of(io[i]));
	for (size_t i = 0; i < BR_ARRAY_LEN(files); i++)
		add_latency(b, r, (enum br_metric_id)br_metric_latency_of(files[i]));
	br_buf_addc(b, '\n');
}

static int render(const struct br_report *rep, struct br_sink *out)
{
	const struct br_dataset *ds = rep->ds;
	struct br_buf b = BR_BUF_INIT;
	for (size_t i = 0; i < ds->records.n; i++) {
		const struct br_record *r = ds->records.v[i];
		if (br_tool_family(r->tool) != BR_FAM_BONNIE)
			continue;
		br_buf_reset(&b);
		add_record(&b, r);
		br_sink_write(out, b.data, b.len);
	}
	br_buf_free(&b);
	return 0;
}

const struct br_renderer br_renderer_bonnie_csv = {
	.name = "bonnie_csv",
	.extensions = "",
	.summary = "bonnie++ 1.98-layout CSV (50 fields) for bon_csv2txt / bon_csv2html",
	.text = true,
	.needs = BR_NEED_RAW | BR_NEED_PARAMS, /* the figures as printed, the run's size */
	.render = render,
};
