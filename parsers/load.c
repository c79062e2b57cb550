/* load — see load.h. */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "doc.h"
#include "explain.h"
#include "load.h"
#include "parser.h"

void br_load_input_from_arg(struct br_load_input *in, const char *arg, const char *label)
{
	in->path = arg;
	in->name = NULL;
	const char *eq = strchr(arg, '=');
	struct stat st;
	if (label) {
		in->name = br_strdup(label);
	} else if (eq && eq > arg && eq[1] && !memchr(arg, '/', (size_t)(eq - arg)) && stat(arg, &st) != 0) {
		in->name = br_strndup(arg, (size_t)(eq - arg));
		in->path = eq + 1;
	}
}

static bool same_file(const char *a, const char *b)
{
	struct stat sa, sb;
	if (stat(a, &sa) != 0 || stat(b, &sb) != 0)
		return false;
	return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

const struct br_load_input *br_load_find_file(const struct br_load_input *in, size_t n, const char *path)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(in[i].path, "-") != 0 && same_file(in[i].path, path))
			return &in[i];
	return NULL;
}

const char *br_load_baseline(const struct br_load_input *in, size_t n, const char *want)
{
	struct stat st;
	if (stat(want, &st) != 0)
		return want;
	const struct br_load_input *a = br_load_find_file(in, n, want);
	return a ? a->path : want;
}

static void add_error(struct br_load *l, const char *msg)
{
	l->errors = br_realloc(l->errors, (l->nerrors + 1) * sizeof *l->errors);
	l->errors[l->nerrors++] = br_strdup(msg);
}

/* --dump=lines: each document's logical lines, nothing parsed. 0, or -1
 * (l->errors says why). */
static int decode_only(const struct br_load_input *a, const struct br_load_opts *o, struct br_load *l)
{
	if (o->archive_is && o->archive_is(a->path)) {
		br_dump_archive_lines(a->path, &l->lines);
		return 0;
	}
	struct br_doc_reader *rd;
	if (br_doc_reader_open(a->path, &rd) < 0) {
		add_error(l, br_last_error());
		return -1;
	}
	struct br_doc *doc;
	unsigned line0;
	int r;
	while ((r = br_doc_reader_next(rd, &doc, &line0)) == 0 && doc) {
		br_dump_lines(doc, line0, &l->lines);
		br_doc_free(doc);
	}
	if (r < 0)
		add_error(l, br_last_error());
	br_doc_reader_close(rd);
	return r;
}

/* Read one input into l->ds: its records learn which input they came from
 * and, when it was named, take the name as their label if they have none.
 * 0, or -1 (l->errors says why). */
static int load_one(const struct br_load_input *a, const struct br_load_opts *o, struct br_load *l)
{
	struct br_dataset *ds = &l->ds;
	size_t rec0 = ds->records.n, in0 = ds->ninputs;
	/* a results archive: its records, as stored */
	int rc = o->archive_is && o->archive_is(a->path) ? o->archive_read(a->path, ds) : br_parse_file(a->path, ds);
	if (rc < 0)
		add_error(l, br_last_error());
	if (ds->ninputs == in0)
		return rc; /* nothing was read */
	size_t k = ds->ninputs - 1;
	if (a->name)
		br_dataset_set_input_name(ds, k, a->name);
	for (size_t i = rec0; i < ds->records.n; i++) {
		struct br_record *r = ds->records.v[i];
		r->input = (unsigned)(k + 1);
		if (a->name && !r->label)
			br_record_set_label(r, a->name);
	}
	return rc;
}

int br_load_inputs(const struct br_load_input *in, size_t n, const struct br_load_opts *o,
		   struct br_load *out)
{
	memset(out, 0, sizeof *out);
	out->ds.skip_claims = !o->claims;
	int status = 0;
	for (size_t i = 0; i < n; i++) {
		int rc = o->lines_only ? decode_only(&in[i], o, out) : load_one(&in[i], o, out);
		if (rc < 0)
			status = -1;
	}
	if (o->lines_only)
		return status;
	br_recset_merge(&out->ds.records);
	br_dataset_name_inputs(&out->ds);
	return status;
}

void br_load_free(struct br_load *l)
{
	br_dataset_free(&l->ds);
	for (size_t i = 0; i < l->nerrors; i++)
		free(l->errors[i]);
	free(l->errors);
	br_buf_free(&l->lines);
	memset(l, 0, sizeof *l);
}
