/* fuzz_doc — document loading and transport decoding, then every parser over
 * the result (the registry-driven target: a new parser is covered for free);
 * and the same bytes as a file, through the reader that hands out a mail
 * archive one message at a time (read in small pieces, so that the pieces
 * end anywhere): the messages' bytes must be the file's, in order; and
 * br_parse_file, whose first look skips messages no parser would read,
 * must find the records and diagnostics of every message parsed whole; and
 * the excerpts a view reads back from the file (core/excerpts.c) must be
 * the copies the reading makes. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "dataset.h"
#include "doc.h"
#include "excerpts.h"
#include "load.h"
#include "parser.h"
#include "regex.h"
#include "util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void put_bytes(void *arg, const char *p, size_t n)
{
	br_buf_add(arg, p, n);
}

/* Every record's excerpt read back from path is the one copied when read. */
static void excerpts_back(const char *path)
{
	struct br_load_input in = {path, NULL};
	struct br_load_opts copied = {0}, later = {.excerpts_later = true};
	struct br_load a, b;
	br_load_view(&in, 1, &copied, 0, BR_KEEP_ALL, &a);
	br_load_view(&in, 1, &later, 0, BR_KEEP_ALL, &b);
	if (a.ds.records.n != b.ds.records.n)
		abort();
	for (size_t i = 0; i < a.ds.records.n; i++) {
		const struct br_record *x = a.ds.records.v[i], *y = b.ds.records.v[i];
		if (!y->excerpt_later) {
			if ((x->source.excerpt == NULL) != (y->source.excerpt == NULL) ||
			    (x->source.excerpt && strcmp(x->source.excerpt, y->source.excerpt) != 0))
				abort();
			continue;
		}
		char *back = br_excerpts_read(b.ds.excerpts, y);
		if (!back || !x->source.excerpt || strcmp(back, x->source.excerpt) != 0)
			abort(); /* read back other than it was read */
		free(back);
	}
	br_load_free(&a);
	br_load_free(&b);
}

static void read_as_file(const uint8_t *data, size_t size)
{
	static int fd = -1;
	if (fd < 0)
		fd = memfd_create("fuzz_doc", 0);
	if (fd < 0 || ftruncate(fd, 0) < 0 || pwrite(fd, data, size, 0) != (ssize_t)size)
		return;
	char path[64];
	snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
	struct br_doc_reader *rd;
	if (br_doc_reader_open(path, &rd) < 0)
		abort();
	br_doc_reader_set_block(rd, size ? 1 + data[size - 1] % 61 : 0);
	struct br_dataset ds = {0}, each = {.skip_claims = true};
	struct br_buf all = BR_BUF_INIT;
	struct br_doc *doc;
	unsigned line0, lines = 0;
	size_t ndocs = 0;
	while (br_doc_reader_next(rd, &doc, &line0) == 0 && doc) {
		if (line0 != lines)
			abort();
		lines += (unsigned)doc->nphys;
		br_doc_bytes(doc, put_bytes, &all);
		if (++ndocs > 1 || doc->raw_len < size)
			br_parse_document(doc, &ds); /* a message of an archive */
		br_parse_document(doc, &each);
		br_doc_free(doc);
	}
	br_doc_reader_close(rd);
	struct br_dataset looked = {.skip_claims = true};
	if (br_parse_file(path, &looked) < 0 || looked.records.n != each.records.n ||
	    looked.diags.n != each.diags.n)
		abort(); /* the first look lost (or made) something */
	br_dataset_free(&looked);
	br_dataset_free(&each);
	if (all.len != size || (size && memcmp(all.data, data, size) != 0))
		abort(); /* bytes lost, doubled or moved */
	br_buf_free(&all);
	br_recset_merge(&ds.records);
	br_dataset_free(&ds);
	excerpts_back(path);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	br_parsers_init(); /* once: the tools' words for decoding and labels */
	struct br_doc *doc = br_doc_from_mem("fuzz", (const char *)data, size);
	struct br_dataset ds = {0};
	br_parse_document(doc, &ds);
	br_recset_merge(&ds.records);
	br_dataset_free(&ds);
	br_doc_free(doc);
	read_as_file(data, size);
	return 0;
}
