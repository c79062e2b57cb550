/*
 * bench/gen — large, realistic inputs for the benchmarks in bench/run.sh.
 * Deterministic (a fixed-seed generator): the same command writes the same
 * bytes on every machine.
 *
 *   gen csv LAYOUT N         N bonnie++ CSV runs, one per line, in the
 *                            layout of 1.03 (27 fields), 1.97 (48) or
 *                            2.00a (50); plausible figures, some tests too
 *                            fast (+++++), some not run (empty), a header
 *                            line every 5,000 runs as `bonnie++ -x` and
 *                            `cat *.csv` leave them
 *   gen shape NAME N         N results of one of the merge's adversarial
 *                            shapes (gen_shape below)
 *   gen mail MIB FILE...     about MIB MiB of mail archive: the FILEs (the
 *                            corpus documents) as messages, again and again,
 *                            each copy behind an mbox "From " line and
 *                            changed so that copies are different runs
 *                            (the last digits of every figure of three or
 *                            more digits shift; widths stay), and damaged
 *                            further in turn: quoted in a reply ("> ",
 *                            ">> "), CRLF line ends, both
 *
 * Output goes to stdout. Only the C library is used.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t rng = 0x2545f4914f6cdd1dull;

static uint32_t rnd(uint32_t n)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (uint32_t)((rng >> 11) % n);
}

/* A figure around `base`, ±40 %. */
static unsigned around(unsigned base)
{
	return base * 6 / 10 + rnd(base * 8 / 10 + 1);
}

/* ------------------------------------------------------------ CSV */

/* "putc,cpu" pairs of the six I/O tests; a run without -f has per-char
 * figures, 1 in 8 runs was made with -f (per-char columns empty). */
static void io_pairs(FILE *out, int fast)
{
	static const unsigned base[6] = {900, 180000, 90000, 1100, 260000, 400};
	static const unsigned cpu[6] = {97, 18, 12, 98, 14, 30};
	for (int i = 0; i < 6; i++) {
		if (fast && (i == 0 || i == 3)) {
			fputs(",,", out);
			continue;
		}
		unsigned c = around(cpu[i]) + 1;
		if (i == 5)
			fprintf(out, ",%u.%u,%u", around(base[i]), rnd(10), c);
		else
			fprintf(out, ",%u,%u", around(base[i]), c > 99 ? 99 : c);
	}
}

/* The six file tests: "+++++,+++" (too fast) for 1 in 3 of the reads. */
static void file_pairs(FILE *out)
{
	static const unsigned base[6] = {24000, 90000, 26000, 25000, 80000, 21000};
	for (int i = 0; i < 6; i++) {
		if ((i == 1 || i == 4) && rnd(3) == 0)
			fputs(",+++++,+++", out);
		else
			fprintf(out, ",%u,%u", around(base[i]), around(30) + 1);
	}
}

static void latencies(FILE *out)
{
	for (int i = 0; i < 12; i++) {
		unsigned v = around(i % 3 == 0 ? 20000 : 900);
		if (v >= 10000 && rnd(2))
			fprintf(out, ",%ums", v / 1000);
		else
			fprintf(out, ",%uus", v);
	}
}

static const char *const sizes[] = {"300M", "1G", "2G", "4G", "8G", "16G", "32080M", "64G"};

static int gen_csv(const char *layout, long n)
{
	int l = strcmp(layout, "1.03") == 0 ? 103 : strcmp(layout, "1.97") == 0 ? 197
						 : strcmp(layout, "2.00a") == 0 ? 200 : 0;
	if (!l) {
		fprintf(stderr, "gen: layout is 1.03, 1.97 or 2.00a, not '%s'\n", layout);
		return 2;
	}
	FILE *out = stdout;
	for (long i = 0; i < n; i++) {
		if (i % 5000 == 0 && i && l != 103) {
			if (l == 197)
				fputs("format_version,bonnie_version,name,concurrency,seed,file_size,io_chunk_size,"
				      "putc,putc_cpu,put_block,put_block_cpu,rewrite,rewrite_cpu,getc,getc_cpu,"
				      "get_block,get_block_cpu,seeks,seeks_cpu,num_files,max_size,min_size,"
				      "num_dirs,file_chunk_size,seq_create,seq_create_cpu,seq_stat,seq_stat_cpu,"
				      "seq_del,seq_del_cpu,ran_create,ran_create_cpu,ran_stat,ran_stat_cpu,"
				      "ran_del,ran_del_cpu,putc_latency,put_block_latency,rewrite_latency,"
				      "getc_latency,get_block_latency,seeks_latency,seq_create_latency,"
				      "seq_stat_latency,seq_del_latency,ran_create_latency,ran_stat_latency,"
				      "ran_del_latency\n", out);
		}
		const char *size = sizes[rnd(sizeof sizes / sizeof *sizes)];
		int fast = rnd(8) == 0;
		unsigned files = 16 * (1 + rnd(4));
		switch (l) {
		case 103:
			fprintf(out, "srv%06ld,%s", i, size);
			io_pairs(out, fast);
			fprintf(out, ",%u", files);
			file_pairs(out);
			break;
		case 197:
			fprintf(out, "1.97,1.97,srv%06ld,1,%u,%s,", i, 1000000000u + rnd(1000000000u), size);
			io_pairs(out, fast);
			fprintf(out, ",%u,,,,", files);
			file_pairs(out);
			latencies(out);
			break;
		default:
			fprintf(out, "1.98,2.00a,srv%06ld,1,%u,%s,,8192,5", i, 1000000000u + rnd(1000000000u), size);
			io_pairs(out, fast);
			fprintf(out, ",%u,,,,", files);
			file_pairs(out);
			latencies(out);
			break;
		}
		fputc('\n', out);
	}
	return ferror(out) || fflush(out) ? 3 : 0;
}

/* ------------------------------------------------------------ mail */

struct doc {
	char *bytes;
	size_t len;
};

static int slurp(const char *path, struct doc *d)
{
	FILE *fp = fopen(path, "rb");
	if (!fp) {
		fprintf(stderr, "gen: cannot open '%s': %s\n", path, strerror(errno));
		return -1;
	}
	size_t cap = 1 << 16;
	d->bytes = malloc(cap);
	d->len = 0;
	size_t r;
	while (d->bytes && (r = fread(d->bytes + d->len, 1, cap - d->len, fp)) > 0) {
		d->len += r;
		if (d->len == cap)
			d->bytes = realloc(d->bytes, cap *= 2);
	}
	fclose(fp);
	return d->bytes ? 0 : -1;
}

/* Copy `k` of document d: the last digits of digit runs of three or more
 * shift by k (widths unchanged), each line quoted `quote` times, CRLF line
 * ends when `crlf`. */
static void emit_copy(FILE *out, const struct doc *d, unsigned k, int quote, int crlf)
{
	size_t i = 0;
	int bol = 1;
	while (i < d->len) {
		if (bol) {
			for (int q = 0; q < quote; q++)
				fputs(q + 1 < quote ? ">" : "> ", out);
			bol = 0;
		}
		char c = d->bytes[i];
		if (c >= '0' && c <= '9') {
			size_t j = i;
			while (j < d->len && d->bytes[j] >= '0' && d->bytes[j] <= '9')
				j++;
			size_t n = j - i;
			if (n >= 3) {
				/* the last two (three in longer runs) digits + k, modulo */
				size_t t = n >= 4 ? 3 : 2;
				unsigned v = 0, mod = t == 3 ? 1000 : 100;
				for (size_t q = j - t; q < j; q++)
					v = v * 10 + (unsigned)(d->bytes[q] - '0');
				v = (v + k) % mod;
				fwrite(d->bytes + i, 1, n - t, out);
				fprintf(out, t == 3 ? "%03u" : "%02u", v);
			} else {
				fwrite(d->bytes + i, 1, n, out);
			}
			i = j;
			continue;
		}
		if (c == '\n') {
			fputs(crlf ? "\r\n" : "\n", out);
			bol = 1;
		} else if (c != '\r' || !crlf) {
			fputc(c, out);
		}
		i++;
	}
	if (d->len && d->bytes[d->len - 1] != '\n')
		fputs(crlf ? "\r\n" : "\n", out);
}

static int gen_mail(long mib, int nfiles, char **files)
{
	struct doc *docs = calloc((size_t)nfiles, sizeof *docs);
	if (!docs)
		return 3;
	for (int i = 0; i < nfiles; i++)
		if (slurp(files[i], &docs[i]) < 0)
			return 3;
	FILE *out = stdout;
	long long want = (long long)mib << 20, written = 0;
	for (unsigned k = 1; written < want; k++) {
		for (int i = 0; i < nfiles && written < want; i++) {
			unsigned damage = (k + (unsigned)i) % 4;
			int quote = damage == 1 ? 1 : damage == 3 ? 2 : 0;
			int crlf = damage >= 2;
			fprintf(out, "From bench%u@example.org Mon Jan  %u 00:00:%02u 2001%s", k, 1 + k % 28,
				(unsigned)i % 60, crlf ? "\r\n" : "\n");
			if (quote)
				fprintf(out, "Subject: Re: results, copy %u%s%s", k, crlf ? "\r\n\r\n" : "\n\n",
					crlf ? "someone wrote:\r\n" : "someone wrote:\n");
			emit_copy(out, &docs[i], k, quote, crlf);
			fputs(crlf ? "\r\n" : "\n", out);
			written = ftell(out) >= 0 ? ftell(out) : written + (long long)docs[i].len;
		}
	}
	for (int i = 0; i < nfiles; i++)
		free(docs[i].bytes);
	free(docs);
	return ferror(out) || fflush(out) ? 3 : 0;
}

/* ------------------------------------------------------------ shapes */

/*
 * The merge's adversarial shapes (issue 15), N results each, all in one
 * merge bucket where the format allows (the same CPU figures):
 *   shared    2.00a CSV, every figure set on 10 hosts (block write varied)
 *   similar   2.00a CSV, one of 1,000 hosts, block write and rewrite varied
 *   allfig    2.00a CSV, every figure equal, every host different
 *   allhost   2.00a CSV, one host, block write and rewrite varied
 *   prefix    JSON Lines, cut host names that start one another (40 long
 *             at most) with the same figures in each group of 40
 *   hdparm    hdparm output, the same figures on N devices
 *   create    2.00a text, only the file-creation table (doubtful rates)
 */
static void csv_run(FILE *out, const char *host, unsigned put_block, unsigned rewrite)
{
	fprintf(out, "1.98,2.00a,%s,1,1796017393,768M,,8192,5,129,23,%u,17,%u,22,119,20,433307,23,7729,45,8,"
		",,,,1497,26,+++++,+++,+++++,+++,2330,26,+++++,+++,+++++,+++,143ms,42788us,83692us,353ms,"
		"36769us,131ms,56155us,24551us,16129us,44393us,16408us,12520us\n", host, put_block, rewrite);
}

static int gen_shape(const char *shape, long n)
{
	static const char letters[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMN";
	FILE *out = stdout;
	char host[64];
	for (long i = 0; i < n; i++) {
		if (strcmp(shape, "shared") == 0) {
			snprintf(host, sizeof host, "h%ld", i % 10);
			csv_run(out, host, 200000 + 3 * (unsigned)(i / 10), 197373);
		} else if (strcmp(shape, "similar") == 0) {
			snprintf(host, sizeof host, "srv%u", rnd(1000));
			unsigned pb = 200000 + rnd(100000);
			csv_run(out, host, pb, 100000 + rnd(100000));
		} else if (strcmp(shape, "allfig") == 0) {
			snprintf(host, sizeof host, "h%ld", i);
			csv_run(out, host, 247067, 197373);
		} else if (strcmp(shape, "allhost") == 0) {
			csv_run(out, "box", 200000 + (unsigned)i, 100000 + (unsigned)((i * 7919) % 100000));
		} else if (strcmp(shape, "prefix") == 0) {
			int len = 1 + (int)(i % 40);
			fprintf(out, "{\"schema\":1,\"tool\":\"bonnie++\",\"host\":\"%.*s\",\"host_cut\":true,"
				"\"source\":{\"file\":\"prefix\",\"line\":%ld,\"end_line\":%ld,\"format\":\"bonnie++\"},"
				"\"metrics\":{\"putc\":{\"value\":900,\"unit\":\"KiB/s\",\"cpu\":97},"
				"\"put_block\":{\"value\":%ld,\"unit\":\"KiB/s\",\"cpu\":18},"
				"\"seeks\":{\"value\":400.5,\"unit\":\"/s\",\"cpu\":30}}}\n",
				len, letters, i + 1, i + 1, 100000 + 10 * (i / 40));
		} else if (strcmp(shape, "hdparm") == 0) {
			fprintf(out, "/dev/sd%ld:\n Timing cached reads:   2048 MB in  2.00 seconds = 1024.00 MB/sec\n"
				" Timing buffered disk reads: 300 MB in  3.01 seconds =  99.67 MB/sec\n\n", i);
		} else if (strcmp(shape, "create") == 0) {
			fprintf(out, "Version 2.00a       ------Sequential Create------ --------Random Create--------\n"
				"h%-18ld-Create-- --Read--- -Delete-- -Create-- --Read--- -Delete--\n"
				"              files  /sec %%CP  /sec %%CP  /sec %%CP  /sec %%CP  /sec %%CP  /sec %%CP\n"
				"                 32 32768  20 32768  21 32768  18 32768  22 32768  18 32768  17\n"
				"Latency               376ms   76592us   28106us   28394us   28187us   28115us\n\n", i);
		} else {
			fprintf(stderr, "gen: no shape '%s'\n", shape);
			return 2;
		}
	}
	return ferror(out) || fflush(out) ? 3 : 0;
}

int main(int argc, char **argv)
{
	if (argc == 4 && strcmp(argv[1], "csv") == 0)
		return gen_csv(argv[2], atol(argv[3]));
	if (argc >= 4 && strcmp(argv[1], "mail") == 0)
		return gen_mail(atol(argv[2]), argc - 3, argv + 3);
	if (argc == 4 && strcmp(argv[1], "shape") == 0)
		return gen_shape(argv[2], atol(argv[3]));
	fputs("usage: gen csv 1.03|1.97|2.00a N\n"
	      "       gen mail MIB FILE...\n"
	      "       gen shape shared|similar|allfig|allhost|prefix|hdparm|create N\n", stderr);
	return 2;
}
