/* Unit tests: the SQLite archive (archive/) and its SHA-256. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>
#include <sqlite3.h>

#include "archive.h"
#include "dataset.h"
#include "doc.h"
#include "record.h"
#include "render.h"
#include "sha256.h"
#include "parser.h"

/* ---------------------------------------------------------------- fixtures */

struct fx {
	char dir[64];
	char db[128];
};

static int setup(void **state)
{
	struct fx *f = calloc(1, sizeof *f);
	strcpy(f->dir, "/tmp/br-test-archive-XXXXXX");
	if (!mkdtemp(f->dir)) {
		free(f);
		return -1;
	}
	snprintf(f->db, sizeof f->db, "%s/a.db", f->dir);
	*state = f;
	return 0;
}

static int teardown(void **state)
{
	struct fx *f = *state;
	DIR *d = opendir(f->dir);
	struct dirent *e;
	while (d && (e = readdir(d))) {
		if (e->d_name[0] == '.')
			continue;
		char p[512];
		snprintf(p, sizeof p, "%s/%s", f->dir, e->d_name);
		unlink(p);
	}
	if (d)
		closedir(d);
	rmdir(f->dir);
	free(f);
	return 0;
}

static size_t files_in(const char *dir)
{
	size_t n = 0;
	DIR *d = opendir(dir);
	struct dirent *e;
	while (d && (e = readdir(d)))
		n += e->d_name[0] != '.';
	if (d)
		closedir(d);
	return n;
}

static char *slurp(const char *path, size_t *n)
{
	FILE *fp = fopen(path, "rb");
	if (!fp)
		return NULL;
	struct br_buf b = BR_BUF_INIT;
	char tmp[4096];
	size_t r;
	while ((r = fread(tmp, 1, sizeof tmp, fp)) > 0)
		br_buf_add(&b, tmp, r);
	fclose(fp);
	*n = b.len;
	return br_buf_detach(&b);
}

static void spit(const char *path, const char *s, size_t n)
{
	FILE *fp = fopen(path, "wb");
	assert_non_null(fp);
	assert_int_equal(fwrite(s, 1, n, fp), n);
	assert_int_equal(fclose(fp), 0);
}

/* A JSON line for a bonnie++ run; `seed` makes runs differ. */
static char *run_line(const char *host, const char *label, int seed, const char *file, unsigned line)
{
	struct br_record *r = br_record_new(BR_TOOL_BONNIEPP);
	br_record_set_version(r, "1.03");
	br_record_set_host(r, host);
	br_record_set_label(r, label);
	br_record_set_source(r, file, line, line + 1, "bonnie++-csv");
	char *ex = br_asprintf("%s,%d,...", host, seed);
	br_record_set_excerpt(r, ex);
	free(ex);
	br_record_param_str(r, "size", "2G");
	br_record_set(r, BR_M_put_block, 30000 + seed, NULL);
	br_record_set_cpu(r, BR_M_put_block, 10 + seed % 50);
	br_record_set(r, BR_M_getc, 700 + seed, NULL);
	br_record_set_cpu(r, BR_M_getc, 90 + seed % 10);
	br_record_set_too_fast(r, BR_M_seq_stat, "+++++");
	struct br_buf b = BR_BUF_INIT;
	br_record_to_json(r, &b);
	br_record_free(r);
	return br_buf_detach(&b);
}

static struct br_doc *doc_of(const char *name, const char *text)
{
	return br_doc_from_mem(name, text, strlen(text));
}

static int add_text(const char *db, const char *name, const char *text, struct br_archive_stats *st)
{
	struct br_archive *a;
	int rc = br_archive_open_write(db, &a);
	if (rc)
		return rc;
	struct br_doc *doc = doc_of(name, text);
	struct br_diags diags = {0};
	rc = br_archive_add_docs(a, &doc, 1, &diags, st);
	br_diags_free(&diags);
	br_doc_free(doc);
	br_archive_close(a);
	return rc;
}

struct collect {
	struct br_buf json;
	size_t n;
	int64_t last_id;
};

static int collect_row(void *arg, const struct br_archive_row *row)
{
	struct collect *c = arg;
	br_buf_adds(&c->json, row->json);
	br_buf_addc(&c->json, '\n');
	c->n++;
	c->last_id = row->id;
	return 0;
}

/* The archive's records as JSON Lines (what `archive export` writes). */
static char *export_db(const char *db, const struct br_archive_filter *flt, size_t *n)
{
	struct br_archive *a;
	assert_int_equal(br_archive_open_read(db, &a), 0);
	struct collect c = {BR_BUF_INIT, 0, 0};
	assert_int_equal(br_archive_each(a, flt, collect_row, &c), 0);
	br_archive_close(a);
	if (n)
		*n = c.n;
	return br_buf_detach(&c.json);
}

static int64_t sql_int(const char *db, const char *sql)
{
	sqlite3 *h;
	assert_int_equal(sqlite3_open_v2(db, &h, SQLITE_OPEN_READONLY, NULL), SQLITE_OK);
	sqlite3_stmt *st;
	assert_int_equal(sqlite3_prepare_v2(h, sql, -1, &st, NULL), SQLITE_OK);
	assert_int_equal(sqlite3_step(st), SQLITE_ROW);
	int64_t v = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	sqlite3_close(h);
	return v;
}

static void sql_exec(const char *db, const char *sql)
{
	sqlite3 *h;
	assert_int_equal(sqlite3_open(db, &h), SQLITE_OK);
	char *err = NULL;
	int rc = sqlite3_exec(h, sql, NULL, NULL, &err);
	if (rc != SQLITE_OK)
		fail_msg("%s: %s", sql, err ? err : "?");
	sqlite3_close(h);
}

/* ---------------------------------------------------------------- sha256 */

static void sha256_known_answers(void **state)
{
	(void)state;
	char hex[65];
	br_sha256_hex("", 0, hex);
	assert_string_equal(hex, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
	br_sha256_hex("abc", 3, hex);
	assert_string_equal(hex, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
	const char *two = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
	br_sha256_hex(two, strlen(two), hex);
	assert_string_equal(hex, "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
	/* one million 'a', fed in uneven pieces */
	char *m = malloc(1000000);
	memset(m, 'a', 1000000);
	struct br_sha256 c;
	br_sha256_init(&c);
	size_t off = 0, step = 1;
	while (off < 1000000) {
		size_t n = step < 1000000 - off ? step : 1000000 - off;
		br_sha256_update(&c, m + off, n);
		off += n;
		step = step * 3 % 997 + 1;
	}
	unsigned char d[32];
	br_sha256_final(&c, d);
	char got[65];
	for (int i = 0; i < 32; i++)
		sprintf(got + 2 * i, "%02x", d[i]);
	assert_string_equal(got, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
	br_sha256_hex(m, 1000000, hex);
	assert_string_equal(hex, got);
	/* lengths around the padding boundary */
	for (size_t n = 50; n < 70; n++) {
		br_sha256_init(&c);
		for (size_t i = 0; i < n; i++)
			br_sha256_update(&c, m + i, 1);
		br_sha256_final(&c, d);
		for (int i = 0; i < 32; i++)
			sprintf(got + 2 * i, "%02x", d[i]);
		br_sha256_hex(m, n, hex);
		assert_string_equal(hex, got);
	}
	free(m);
}

/* ---------------------------------------------------------------- create */

static void create_on_first_use(void **state)
{
	struct fx *f = *state;
	struct br_archive *a;
	/* reading does not create */
	assert_int_equal(br_archive_open_read(f->db, &a), BR_ARCHIVE_EDATA);
	assert_non_null(strstr(br_last_error(), "No such file"));
	assert_int_equal(files_in(f->dir), 0);

	assert_int_equal(br_archive_open_write(f->db, &a), 0);
	br_archive_close(a);
	assert_true(br_archive_is_sqlite(f->db));
	assert_int_equal(files_in(f->dir), 1); /* no temporary file, no -wal left */
	assert_int_equal(sql_int(f->db, "PRAGMA application_id"), BR_ARCHIVE_APPLICATION_ID);
	assert_int_equal(sql_int(f->db, "PRAGMA user_version"), BR_ARCHIVE_SCHEMA);
	assert_int_equal(sql_int(f->db, "SELECT count(*) FROM meta WHERE key = 'application' AND value = 'benchreport archive'"), 1);
	assert_int_equal(sql_int(f->db, "SELECT count(*) FROM records"), 0);

	/* at rest a rollback journal: readers need no -wal or -shm (they would
	 * create them, owned by the reader); writers switch to WAL while they
	 * write, so that readers go on during an add */
	sqlite3 *h;
	assert_int_equal(sqlite3_open(f->db, &h), SQLITE_OK);
	sqlite3_stmt *st;
	assert_int_equal(sqlite3_prepare_v2(h, "PRAGMA journal_mode", -1, &st, NULL), SQLITE_OK);
	assert_int_equal(sqlite3_step(st), SQLITE_ROW);
	assert_string_equal((const char *)sqlite3_column_text(st, 0), "delete");
	sqlite3_finalize(st);
	sqlite3_close(h);

	/* an empty file (mktemp) becomes an archive */
	char empty[160];
	snprintf(empty, sizeof empty, "%s/empty.db", f->dir);
	spit(empty, "", 0);
	assert_int_equal(br_archive_open_write(empty, &a), 0);
	br_archive_close(a);
	assert_int_equal(sql_int(empty, "PRAGMA application_id"), BR_ARCHIVE_APPLICATION_ID);
	assert_int_equal(br_archive_open_read(empty, &a), 0);
	br_archive_close(a);
}

/* Two writers create the same archive at once: each builds its own in a
 * temporary file, with its documents, invisible until linked into place;
 * the first to finish is the archive, and the other's documents are added
 * to it (a document both had is stored once). */
static void two_creators_make_one_archive(void **state)
{
	struct fx *f = *state;
	struct br_archive *a, *b;
	assert_int_equal(br_archive_open_write(f->db, &a), 0);
	assert_int_equal(br_archive_open_write(f->db, &b), 0);
	char *l1 = run_line("alpha", NULL, 1, "one.csv", 1), *l2 = run_line("beta", NULL, 2, "two.csv", 1);
	char *l3 = run_line("gamma", NULL, 3, "three.csv", 1);
	char *t1 = br_asprintf("%s\n", l1), *t2 = br_asprintf("%s\n%s\n", l2, l3);
	struct br_doc *da = doc_of("one.jsonl", t1), *db[2] = {doc_of("two.jsonl", t2), doc_of("one.jsonl", t1)};
	struct br_diags diags = {0};
	struct br_archive_stats st;
	/* b first: nothing is in place while it adds (readers find no archive) */
	assert_int_equal(br_archive_add_docs(b, db, 2, &diags, &st), 0);
	assert_int_equal(st.records_added, 3);
	assert_int_equal(access(f->db, F_OK), 0); /* in place once its add is done */
	assert_int_equal(sql_int(f->db, "SELECT count(*) FROM records"), 3);
	/* a's add, done in its own file, finds the archive taken: into b's */
	size_t nd = diags.n;
	assert_int_equal(br_archive_add_docs(a, &da, 1, &diags, &st), 0);
	assert_int_equal(st.documents, 0);
	assert_int_equal(st.documents_known, 1);
	assert_int_equal(st.records_added, 0);
	assert_int_equal(diags.n, nd + 1); /* the note of the retry alone */
	assert_non_null(strstr(diags.v[nd].message, "already in the archive"));
	br_archive_close(a);
	br_archive_close(b);
	assert_int_equal(files_in(f->dir), 1); /* no temporary file, journal or WAL left */
	assert_int_equal(sql_int(f->db, "SELECT count(*) FROM records"), 3);
	assert_int_equal(sql_int(f->db, "SELECT count(*) FROM documents"), 2);
	/* at rest a rollback journal, as an archive written in place is */
	assert_int_equal(sql_int(f->db, "SELECT count(*) FROM pragma_journal_mode WHERE journal_mode = 'delete'"), 1);
	/* a second add through the handle that published goes on in place */
	assert_int_equal(br_archive_open_write(f->db, &a), 0);
	br_archive_close(a);
	br_diags_free(&diags);
	br_doc_free(da);
	br_doc_free(db[0]);
	br_doc_free(db[1]);
	free(t1);
	free(t2);
	free(l1);
	free(l2);
	free(l3);
}

/* The first add into a new archive, then more through the same handle. */
static void first_add_then_more_on_one_handle(void **state)
{
	struct fx *f = *state;
	struct br_archive *a;
	assert_int_equal(br_archive_open_write(f->db, &a), 0);
	assert_int_equal(files_in(f->dir), 1); /* its temporary file */
	assert_int_equal(access(f->db, F_OK), -1);
	char *l1 = run_line("alpha", NULL, 1, "one.csv", 1), *l2 = run_line("beta", NULL, 2, "two.csv", 1);
	char *t1 = br_asprintf("%s\n", l1), *t2 = br_asprintf("%s\n%s\n", l2, l1);
	struct br_doc *d1 = doc_of("one.jsonl", t1), *d2 = doc_of("two.jsonl", t2);
	struct br_diags diags = {0};
	struct br_archive_stats st;
	assert_int_equal(br_archive_add_docs(a, &d1, 1, &diags, &st), 0);
	assert_int_equal(access(f->db, F_OK), 0);
	/* the same run again, from the archive now in place: merged */
	assert_int_equal(br_archive_add_docs(a, &d2, 1, &diags, &st), 0);
	assert_int_equal(st.records_added, 1);
	assert_int_equal(st.records_merged, 1);
	br_archive_close(a);
	assert_int_equal(files_in(f->dir), 1);
	assert_int_equal(sql_int(f->db, "SELECT count(*) FROM records"), 2);
	assert_int_equal(sql_int(f->db, "SELECT count(*) FROM sources"), 3);
	br_diags_free(&diags);
	br_doc_free(d1);
	br_doc_free(d2);
	free(t1);
	free(t2);
	free(l1);
	free(l2);
}

static void refuses_what_is_not_an_archive(void **state)
{
	struct fx *f = *state;
	struct br_archive *a;
	struct br_archive_stats st;
	char path[160];

	/* a text file */
	snprintf(path, sizeof path, "%s/notes.txt", f->dir);
	const char *text = "my notes, not a database\n";
	spit(path, text, strlen(text));
	assert_int_equal(add_text(path, "x.jsonl", "{}", &st), BR_ARCHIVE_EDATA);
	char msg[256];
	snprintf(msg, sizeof msg, "'%s' is not a benchreport archive", path);
	assert_string_equal(br_last_error(), msg);
	assert_int_equal(br_archive_open_read(path, &a), BR_ARCHIVE_EDATA);
	struct br_dataset ds = {0};
	assert_int_equal(br_archive_read(path, &ds), BR_ARCHIVE_EDATA);
	br_dataset_free(&ds);
	size_t n;
	char *after = slurp(path, &n);
	assert_int_equal(n, strlen(text));
	assert_memory_equal(after, text, n);
	free(after);

	/* somebody else's SQLite database */
	snprintf(path, sizeof path, "%s/other.db", f->dir);
	sql_exec(path, "CREATE TABLE t (x); INSERT INTO t VALUES (1)");
	size_t n0;
	char *before = slurp(path, &n0);
	assert_true(br_archive_is_sqlite(path));
	assert_int_equal(br_archive_open_write(path, &a), BR_ARCHIVE_EDATA);
	assert_non_null(strstr(br_last_error(), "is not a benchreport archive"));
	assert_int_equal(br_archive_open_read(path, &a), BR_ARCHIVE_EDATA);
	after = slurp(path, &n);
	assert_int_equal(n, n0);
	assert_memory_equal(after, before, n);
	free(after);
	free(before);
	assert_int_equal(files_in(f->dir), 2); /* no -wal, -shm or journal beside it */

	/* a directory */
	assert_int_equal(br_archive_open_write(f->dir, &a), BR_ARCHIVE_EDATA);
	assert_false(br_archive_is_sqlite(f->dir));
	assert_false(br_archive_is_sqlite("-"));
}

static void newer_schema_is_refused(void **state)
{
	struct fx *f = *state;
	struct br_archive *a;
	assert_int_equal(br_archive_open_write(f->db, &a), 0);
	br_archive_close(a);
	sql_exec(f->db, "PRAGMA user_version = 99");
	assert_int_equal(br_archive_open_read(f->db, &a), BR_ARCHIVE_EDATA);
	assert_non_null(strstr(br_last_error(), "newer benchreport (archive schema 99"));
	assert_int_equal(br_archive_open_write(f->db, &a), BR_ARCHIVE_EDATA);
	assert_int_equal(sql_int(f->db, "PRAGMA user_version"), 99); /* not "migrated" down */
}

static void older_schema_is_migrated(void **state)
{
	struct fx *f = *state;
	/* an archive whose schema step never ran (a version-0 file of ours) */
	char sql[128];
	snprintf(sql, sizeof sql, "PRAGMA application_id = %d", BR_ARCHIVE_APPLICATION_ID);
	sql_exec(f->db, sql);
	sql_exec(f->db, "CREATE TABLE placeholder (x)");
	struct br_archive *a;
	assert_int_equal(br_archive_open_read(f->db, &a), BR_ARCHIVE_EDATA); /* readers do not migrate */
	assert_int_equal(br_archive_open_write(f->db, &a), 0);
	br_archive_close(a);
	assert_int_equal(sql_int(f->db, "PRAGMA user_version"), BR_ARCHIVE_SCHEMA);
	assert_int_equal(sql_int(f->db, "SELECT count(*) FROM meta WHERE key = 'schema'"), 1);
}

/* ---------------------------------------------------------------- add */

static void add_dedupe_and_two_sources(void **state)
{
	struct fx *f = *state;
	char *r1 = run_line("alpha.example.com", "Try 1", 1, "orig/a.txt", 10);
	char *r2 = run_line("alpha.example.com", "Try 2", 2, "orig/a.txt", 20);
	char *r3 = run_line("beta", "RAID 5 / 6 disks", 3, "orig/b.txt", 5);
	char *doc1 = br_asprintf("%s\n%s\n", r1, r2);
	struct br_archive_stats st;
	assert_int_equal(add_text(f->db, "one.jsonl", doc1, &st), 0);
	assert_int_equal(st.documents, 1);
	assert_int_equal(st.records_added, 2);
	assert_int_equal(st.records_merged, 0);

	/* the same bytes again: nothing */
	assert_int_equal(add_text(f->db, "copy-of-one.jsonl", doc1, &st), 0);
	assert_int_equal(st.documents, 0);
	assert_int_equal(st.documents_known, 1);
	assert_int_equal(st.records_added, 0);
	assert_int_equal(sql_int(f->db, "SELECT count(*) FROM documents"), 1);

	/* another document holding run 2 again (as a reply quoting it would) and a new run */
	char *r2b = run_line("alpha.example.com", "Try 2", 2, "orig/reply.txt", 40);
	char *doc2 = br_asprintf("%s\n%s\n", r3, r2b);
	assert_int_equal(add_text(f->db, "two.jsonl", doc2, &st), 0);
	assert_int_equal(st.documents, 1);
	assert_int_equal(st.records_added, 1);
	assert_int_equal(st.records_merged, 1);
	assert_int_equal(sql_int(f->db, "SELECT count(*) FROM records"), 3);
	assert_int_equal(sql_int(f->db, "SELECT count(*) FROM sources WHERE record_id = 2"), 2);
	assert_int_equal(sql_int(f->db, "SELECT count(DISTINCT document_id) FROM sources WHERE record_id = 2"), 2);

	/* the record keeps its first source and names the second in "also" */
	struct br_dataset ds = {0};
	assert_int_equal(br_archive_read(f->db, &ds), 0);
	assert_int_equal(ds.records.n, 3);
	assert_int_equal(ds.ninputs, 1);
	assert_string_equal(ds.inputs[0].path, f->db);
	assert_int_equal(ds.inputs[0].nrecords, 3);
	const struct br_record *two = ds.records.v[1];
	assert_string_equal(two->source.file, "orig/a.txt");
	assert_int_equal(two->source.line, 20);
	assert_int_equal(two->nalso, 1);
	assert_string_equal(two->also[0].file, "orig/reply.txt");
	assert_int_equal(two->also[0].line, 40);
	assert_string_equal(ds.records.v[2]->label, "RAID 5 / 6 disks");
	assert_int_equal(ds.diags.n, 0);
	br_dataset_free(&ds);

	/* adding the same run through a third document names the place once */
	char *doc3 = br_asprintf("%s\n\n", r2b);
	assert_int_equal(add_text(f->db, "three.jsonl", doc3, &st), 0);
	assert_int_equal(st.records_merged, 1);
	memset(&ds, 0, sizeof ds);
	assert_int_equal(br_archive_read(f->db, &ds), 0);
	assert_int_equal(ds.records.v[1]->nalso, 1);
	br_dataset_free(&ds);
	assert_int_equal(sql_int(f->db, "SELECT count(*) FROM sources WHERE record_id = 2"), 3);

	free(doc1);
	free(doc2);
	free(doc3);
	free(r1);
	free(r2);
	free(r2b);
	free(r3);
}

static void within_one_add_the_same_run_is_one_record(void **state)
{
	struct fx *f = *state;
	char *r1 = run_line("gamma", NULL, 5, "x.txt", 1);
	char *r1b = run_line("gamma", NULL, 5, "x.txt", 30);
	char *text = br_asprintf("%s\n%s\n", r1, r1b);
	struct br_archive *a;
	assert_int_equal(br_archive_open_write(f->db, &a), 0);
	struct br_doc *docs[2] = {doc_of("d1.jsonl", text), doc_of("d1-again.jsonl", text)};
	struct br_diags diags = {0};
	struct br_archive_stats st;
	assert_int_equal(br_archive_add_docs(a, docs, 2, &diags, &st), 0);
	assert_int_equal(st.documents, 1);
	assert_int_equal(st.documents_known, 1);
	assert_int_equal(st.records_added, 1);
	assert_int_equal(st.records_merged, 1);
	assert_int_equal(diags.n, 1); /* a note: the same bytes as d1.jsonl */
	assert_int_equal(diags.v[0].severity, BR_NOTE);
	br_diags_free(&diags);
	br_doc_free(docs[0]);
	br_doc_free(docs[1]);
	br_archive_close(a);
	free(r1);
	free(r1b);
	free(text);
}

/* A document is known by the hash of its bytes as read: CRLF, lone CR and
 * LF endings (which the loaded document's lines overwrite with NULs) and
 * NUL bytes all count. */
static void document_hash_is_of_the_bytes_as_read(void **state)
{
	struct fx *f = *state;
	char *r = run_line("delta", NULL, 7, "e.txt", 1);
	static const char *const ends[] = {"\r\n", "\n", "\r", "\n\r\n"};
	for (size_t i = 0; i < BR_ARRAY_LEN(ends); i++) {
		char *text = br_asprintf("%s%sx_y%s", r, ends[i], ends[i]);
		size_t n = strlen(text);
		text[strlen(r) + strlen(ends[i]) + 1] = '\0'; /* the '_' */
		struct br_archive *a;
		assert_int_equal(br_archive_open_write(f->db, &a), 0);
		struct br_doc *doc = br_doc_from_mem("e.jsonl", text, n);
		struct br_diags diags = {0};
		struct br_archive_stats st;
		assert_int_equal(br_archive_add_docs(a, &doc, 1, &diags, &st), 0);
		assert_int_equal(st.documents, 1); /* new bytes each time */
		br_diags_free(&diags);
		br_doc_free(doc);
		br_archive_close(a);
		char hex[65];
		br_sha256_hex(text, n, hex);
		char *q = br_asprintf("SELECT count(*) FROM documents WHERE sha256 = '%s'", hex);
		assert_int_equal(sql_int(f->db, q), 1);
		free(q);
		free(text);
	}
	free(r);
}

static void export_reimport_gives_the_same_records(void **state)
{
	struct fx *f = *state;
	struct br_buf text = BR_BUF_INIT;
	for (int i = 0; i < 50; i++) {
		char host[32];
		snprintf(host, sizeof host, "host%d", i % 7);
		char *l = run_line(host, i % 3 ? "Try 1" : NULL, i, "orig.txt", (unsigned)(i * 3 + 1));
		br_buf_adds(&text, l);
		br_buf_addc(&text, '\n');
		free(l);
	}
	struct br_archive_stats st;
	assert_int_equal(add_text(f->db, "many.jsonl", text.data, &st), 0);
	assert_int_equal(st.records_added, 50);
	size_t n1;
	char *exp1 = export_db(f->db, NULL, &n1);
	assert_int_equal(n1, 50);
	/* export is exactly the JSON Lines the records were written as */
	assert_string_equal(exp1, text.data);

	char fresh[160];
	snprintf(fresh, sizeof fresh, "%s/fresh.db", f->dir);
	assert_int_equal(add_text(fresh, "export.jsonl", exp1, &st), 0);
	assert_int_equal(st.records_added, 50);
	char *exp2 = export_db(fresh, NULL, NULL);
	assert_string_equal(exp2, exp1);
	free(exp1);
	free(exp2);
	br_buf_free(&text);
}

static void filters(void **state)
{
	struct fx *f = *state;
	char *a = run_line("alpha", "RAID 5 / 6 disks", 1, "a.txt", 1);
	char *b = run_line("beta", "RAID 0 / 2 disks", 2, "a.txt", 5);
	const char *h = "{\"tool\":\"hdparm\",\"host\":\"/dev/sda\",\"metrics\":{\"buffered_read\":{\"value\":1024,\"unit\":\"KiB/s\"}}}";
	char *text = br_asprintf("%s\n%s\n%s\n", a, b, h);
	struct br_archive_stats st;
	assert_int_equal(add_text(f->db, "f.jsonl", text, &st), 0);
	size_t n;
	struct br_archive_filter flt = {0};
	free(export_db(f->db, &flt, &n));
	assert_int_equal(n, 3);
	flt.tool = "hdparm";
	free(export_db(f->db, &flt, &n));
	assert_int_equal(n, 1);
	flt.tool = "bonnie++";
	flt.host = "beta";
	free(export_db(f->db, &flt, &n));
	assert_int_equal(n, 1);
	flt.host = NULL;
	flt.label = "RAID 5*";
	char *one = export_db(f->db, &flt, &n);
	assert_int_equal(n, 1);
	assert_non_null(strstr(one, "\"alpha\""));
	free(one);
	flt.label = "raid*"; /* globs in any case (issue 16) */
	free(export_db(f->db, &flt, &n));
	assert_int_equal(n, 2);
	flt.label = "raid";  /* a glob matches the whole label */
	free(export_db(f->db, &flt, &n));
	assert_int_equal(n, 0);
	flt.label = NULL;
	flt.tool = NULL;
	flt.host = "/DEV/SD?";
	free(export_db(f->db, &flt, &n));
	assert_int_equal(n, 1);
	flt.host = NULL;
	flt.label = NULL;
	flt.tool = NULL;
	char stamp[32];
	time_t now = time(NULL);
	const char *sde = getenv("SOURCE_DATE_EPOCH");
	if (sde && *sde)
		now = (time_t)strtoll(sde, NULL, 10);
	struct tm tm;
	gmtime_r(&now, &tm);
	strftime(stamp, sizeof stamp, "%Y-%m-%d", &tm);
	flt.since = stamp;
	free(export_db(f->db, &flt, &n));
	assert_int_equal(n, 3);
	tm.tm_year += 1;
	strftime(stamp, sizeof stamp, "%Y-%m-%dT00:00", &tm);
	free(export_db(f->db, &flt, &n));
	assert_int_equal(n, 0);

	char out[32];
	assert_true(br_archive_parse_since("2024-02-29", out, sizeof out));
	assert_string_equal(out, "2024-02-29");
	assert_true(br_archive_parse_since("2024-02-29 13:05", out, sizeof out));
	assert_string_equal(out, "2024-02-29T13:05");
	assert_true(br_archive_parse_since("2024-02-29T13:05:07Z", out, sizeof out));
	assert_string_equal(out, "2024-02-29T13:05:07");
	assert_false(br_archive_parse_since("yesterday", out, sizeof out));
	assert_false(br_archive_parse_since("2024-13-01", out, sizeof out));
	assert_false(br_archive_parse_since("2024-01-01T25:00", out, sizeof out));
	assert_false(br_archive_parse_since("2024-01-01x", out, sizeof out));
	free(a);
	free(b);
	free(text);
}

static void remove_record(void **state)
{
	struct fx *f = *state;
	char *a = run_line("alpha", NULL, 1, "a.txt", 1);
	char *b = run_line("beta", NULL, 2, "a.txt", 5);
	char *text = br_asprintf("%s\n%s\n", a, b);
	struct br_archive_stats st;
	assert_int_equal(add_text(f->db, "r.jsonl", text, &st), 0);
	struct br_archive *ar;
	assert_int_equal(br_archive_open_write(f->db, &ar), 0);
	assert_int_equal(br_archive_remove(ar, 1), 0);
	assert_int_equal(br_archive_remove(ar, 1), BR_ARCHIVE_EDATA);
	assert_non_null(strstr(br_last_error(), "no record 1 in"));
	assert_int_equal(br_archive_remove(ar, 999), BR_ARCHIVE_EDATA);
	br_archive_close(ar);
	size_t n;
	char *left = export_db(f->db, NULL, &n);
	assert_int_equal(n, 1);
	assert_non_null(strstr(left, "\"beta\""));
	free(left);
	assert_int_equal(sql_int(f->db, "SELECT count(*) FROM sources WHERE record_id = 1"), 0);
	/* the document stays known: adding it again does not bring the record back */
	assert_int_equal(add_text(f->db, "r.jsonl", text, &st), 0);
	assert_int_equal(st.records_added, 0);
	assert_int_equal(st.documents_known, 1);
	/* ids are never reused */
	char *c = run_line("gamma", NULL, 3, "c.txt", 1);
	assert_int_equal(add_text(f->db, "c.jsonl", c, &st), 0);
	assert_int_equal(sql_int(f->db, "SELECT max(id) FROM records"), 3);
	free(a);
	free(b);
	free(c);
	free(text);
}

struct shown {
	size_t nsrc;
	char *excerpt;
	char *document;
	char *details;
};

static int show_cb(void *arg, const struct br_archive_row *row, const struct br_archive_source *src, size_t n)
{
	struct shown *s = arg;
	(void)row;
	s->nsrc = n;
	s->excerpt = n && src[0].excerpt ? strdup(src[0].excerpt) : NULL;
	s->document = n && src[0].document ? strdup(src[0].document) : NULL;
	s->details = n && src[0].details ? strdup(src[0].details) : NULL;
	return 0;
}

static void dataset_hook_for_the_runner(void **state)
{
	struct fx *f = *state;
	struct br_dataset ds = {0};
	struct br_record *r = br_record_new(BR_TOOL_HDPARM);
	br_record_set_host(r, "/dev/nvme0n1");
	br_record_set_source(r, "benchreport-run/hdparm.txt", 1, 3, "hdparm");
	br_record_set_excerpt(r, "/dev/nvme0n1:\n Timing cached reads: ...");
	br_record_set(r, BR_M_cached_read, 9000000, "8789.06");
	br_recset_add(&ds.records, r);
	struct br_archive_stats st;
	assert_int_equal(br_archive_add_dataset(f->db, &ds, "kernel 6.1, ext4 on /mnt", &st), 0);
	assert_int_equal(st.documents, 1);
	assert_int_equal(st.records_added, 1);
	/* the same dataset again adds nothing */
	assert_int_equal(br_archive_add_dataset(f->db, &ds, "kernel 6.1, ext4 on /mnt", &st), 0);
	assert_int_equal(st.documents_known, 1);
	assert_int_equal(st.records_added, 0);
	assert_int_equal(ds.records.n, 1); /* not consumed */

	struct br_archive *a;
	assert_int_equal(br_archive_open_read(f->db, &a), 0);
	struct shown s = {0};
	assert_int_equal(br_archive_show(a, 1, show_cb, &s), 0);
	assert_int_equal(s.nsrc, 1);
	assert_string_equal(s.excerpt, "/dev/nvme0n1:\n Timing cached reads: ...");
	assert_string_equal(s.document, "benchreport-run/hdparm.txt");
	assert_string_equal(s.details, "kernel 6.1, ext4 on /mnt");
	assert_int_equal(br_archive_show(a, 2, show_cb, &s), BR_ARCHIVE_EDATA);
	bool ok;
	struct br_buf rep = BR_BUF_INIT;
	assert_int_equal(br_archive_check(a, &ok, &rep), 0);
	assert_true(ok);
	assert_string_equal(rep.data, "ok\n");
	br_buf_free(&rep);
	br_archive_close(a);
	free(s.excerpt);
	free(s.document);
	free(s.details);
	br_dataset_free(&ds);
}

static void stale_merge_keys_are_recomputed(void **state)
{
	struct fx *f = *state;
	char *r1 = run_line("delta", NULL, 9, "a.txt", 1);
	struct br_archive_stats st;
	assert_int_equal(add_text(f->db, "a.jsonl", r1, &st), 0);
	/* as if an older benchreport had computed the keys differently */
	sql_exec(f->db, "UPDATE records SET merge_key = 12345; UPDATE meta SET value = 'old' WHERE key = 'merge_key'");
	char *r1b = run_line("delta", NULL, 9, "b.txt", 7);
	assert_int_equal(add_text(f->db, "b.jsonl", r1b, &st), 0);
	assert_int_equal(st.records_merged, 1);
	assert_int_equal(st.records_added, 0);
	assert_int_equal(sql_int(f->db, "SELECT count(*) FROM records WHERE merge_key = 12345"), 0);
	free(r1);
	free(r1b);
}

static void a_failed_add_changes_nothing(void **state)
{
	struct fx *f = *state;
	char *r1 = run_line("eps", NULL, 1, "a.txt", 1);
	struct br_archive_stats st;
	assert_int_equal(add_text(f->db, "a.jsonl", r1, &st), 0);
	size_t n0;
	char *before = export_db(f->db, NULL, &n0);
	/* a trigger makes the third insert of the next add fail half-way */
	sql_exec(f->db, "CREATE TRIGGER boom BEFORE INSERT ON records WHEN (SELECT count(*) FROM records) >= 3 "
			"BEGIN SELECT RAISE(ABORT, 'disk on fire'); END");
	struct br_buf text = BR_BUF_INIT;
	for (int i = 10; i < 15; i++) {
		char *l = run_line("zeta", NULL, i, "z.txt", (unsigned)i);
		br_buf_adds(&text, l);
		br_buf_addc(&text, '\n');
		free(l);
	}
	assert_true(add_text(f->db, "z.jsonl", text.data, &st) < 0);
	assert_non_null(strstr(br_last_error(), "disk on fire"));
	size_t n1;
	char *after = export_db(f->db, NULL, &n1);
	assert_int_equal(n1, n0);
	assert_string_equal(after, before);
	assert_int_equal(sql_int(f->db, "SELECT count(*) FROM documents"), 1);
	assert_int_equal(sql_int(f->db, "SELECT count(*) FROM sources"), 1);
	free(before);
	free(after);
	free(r1);
	br_buf_free(&text);
}

/* Sources are written many rows to a statement: their rows are still in
 * the order the results came, merges (which write at once) among them. */
static void sources_keep_their_order(void **state)
{
	struct fx *f = *state;
	struct br_buf a = BR_BUF_INIT, b = BR_BUF_INIT;
	for (int i = 0; i < 70; i++) {
		char host[16];
		snprintf(host, sizeof host, "a%d", i);
		char *l = run_line(host, NULL, i, "a.csv", (unsigned)i + 1);
		br_buf_adds(&a, l);
		br_buf_addc(&a, '\n');
		free(l);
		/* every third line of b is a run of a again, the others new */
		snprintf(host, sizeof host, i % 3 ? "b%d" : "a%d", i);
		l = run_line(host, NULL, i % 3 ? 1000 + i : i, "b.csv", (unsigned)i + 1);
		br_buf_adds(&b, l);
		br_buf_addc(&b, '\n');
		free(l);
	}
	struct br_archive *ar;
	assert_int_equal(br_archive_open_write(f->db, &ar), 0);
	struct br_doc *docs[2] = {doc_of("a.jsonl", a.data), doc_of("b.jsonl", b.data)};
	struct br_diags diags = {0};
	struct br_archive_stats st;
	assert_int_equal(br_archive_add_docs(ar, docs, 2, &diags, &st), 0);
	br_archive_close(ar);
	assert_int_equal(st.records_added, 70 + 46);
	assert_int_equal(st.records_merged, 24);
	/* the rows of sources, in id order: a's 70 (records 1..70), then b's,
	 * each its run's record: a's again, or the next new one */
	struct br_buf want = BR_BUF_INIT;
	int64_t next = 71;
	for (int i = 0; i < 70; i++)
		br_buf_addf(&want, "%d,", i + 1);
	for (int i = 0; i < 70; i++)
		br_buf_addf(&want, "%lld,", i % 3 ? (long long)next++ : (long long)i + 1);
	sqlite3 *h;
	assert_int_equal(sqlite3_open_v2(f->db, &h, SQLITE_OPEN_READONLY, NULL), SQLITE_OK);
	sqlite3_stmt *q;
	assert_int_equal(sqlite3_prepare_v2(h, "SELECT record_id, line, file FROM sources ORDER BY id", -1, &q, NULL),
			 SQLITE_OK);
	struct br_buf got = BR_BUF_INIT;
	int row = 0;
	while (sqlite3_step(q) == SQLITE_ROW) {
		br_buf_addf(&got, "%lld,", (long long)sqlite3_column_int64(q, 0));
		assert_int_equal(sqlite3_column_int64(q, 1), row % 70 + 1);
		assert_string_equal((const char *)sqlite3_column_text(q, 2), row < 70 ? "a.csv" : "b.csv");
		row++;
	}
	sqlite3_finalize(q);
	sqlite3_close(h);
	assert_int_equal(row, 140);
	assert_string_equal(br_buf_str(&got), br_buf_str(&want));
	br_buf_free(&got);
	br_buf_free(&want);
	br_diags_free(&diags);
	br_doc_free(docs[0]);
	br_doc_free(docs[1]);
	br_buf_free(&a);
	br_buf_free(&b);
}

/* Records with many sources each (more than the records written with
 * them): every source is a row, in order, of its record. */
static void many_sources_keep_their_order(void **state)
{
	struct fx *f = *state;
	struct br_buf text = BR_BUF_INIT, want = BR_BUF_INIT;
	for (int i = 0; i < 60; i++) {
		char host[16];
		snprintf(host, sizeof host, "m%d", i);
		char *l = run_line(host, NULL, i, "a.csv", (unsigned)i + 1);
		l[strlen(l) - 1] = '\0'; /* the closing brace */
		br_buf_adds(&text, l);
		br_buf_addf(&want, "%d:a.csv:%d,", i + 1, i + 1);
		br_buf_adds(&text, ",\"also\":[");
		for (int j = 1; j <= i % 8; j++) {
			br_buf_addf(&text, "%s{\"file\":\"x.csv\",\"line\":%d,\"end_line\":%d,\"format\":\"bonnie++-csv\"}",
				    j > 1 ? "," : "", 1000 * i + j, 1000 * i + j);
			br_buf_addf(&want, "%d:x.csv:%d,", i + 1, 1000 * i + j);
		}
		br_buf_adds(&text, "]}\n");
		free(l);
	}
	struct br_archive_stats st;
	assert_int_equal(add_text(f->db, "m.jsonl", text.data, &st), 0);
	assert_int_equal(st.records_added, 60);
	sqlite3 *h;
	assert_int_equal(sqlite3_open_v2(f->db, &h, SQLITE_OPEN_READONLY, NULL), SQLITE_OK);
	sqlite3_stmt *q;
	assert_int_equal(sqlite3_prepare_v2(h, "SELECT record_id, file, line FROM sources ORDER BY id", -1, &q, NULL),
			 SQLITE_OK);
	struct br_buf got = BR_BUF_INIT;
	while (sqlite3_step(q) == SQLITE_ROW)
		br_buf_addf(&got, "%lld:%s:%lld,", (long long)sqlite3_column_int64(q, 0),
			    (const char *)sqlite3_column_text(q, 1), (long long)sqlite3_column_int64(q, 2));
	sqlite3_finalize(q);
	sqlite3_close(h);
	assert_string_equal(br_buf_str(&got), br_buf_str(&want));
	/* and each record's JSON names them as the input did */
	size_t n;
	char *out = export_db(f->db, NULL, &n);
	assert_int_equal(n, 60);
	assert_non_null(strstr(out, "{\"file\":\"x.csv\",\"line\":59003,\"end_line\":59003,\"format\":\"bonnie++-csv\""));
	free(out);
	br_buf_free(&got);
	br_buf_free(&want);
	br_buf_free(&text);
}

/* The name of the one file in dir whose name holds infix (into out). */
static void file_with(const char *dir, const char *infix, char *out, size_t n)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	out[0] = '\0';
	while (d && (e = readdir(d)))
		if (strstr(e->d_name, infix))
			snprintf(out, n, "%s/%s", dir, e->d_name);
	if (d)
		closedir(d);
	assert_true(out[0] != '\0');
}

/* A failed first add: nothing of it is kept, and the archive is put in
 * place empty, as a failed add leaves an existing archive as it was. */
static void a_failed_first_add_keeps_nothing(void **state)
{
	struct fx *f = *state;
	struct br_archive *a;
	assert_int_equal(br_archive_open_write(f->db, &a), 0);
	char tmp[512];
	file_with(f->dir, ".new-", tmp, sizeof tmp);
	sql_exec(tmp, "CREATE TRIGGER boom BEFORE INSERT ON records WHEN (SELECT count(*) FROM records) >= 2 "
		      "BEGIN SELECT RAISE(ABORT, 'disk on fire'); END");
	struct br_buf text = BR_BUF_INIT;
	for (int i = 10; i < 15; i++) {
		char *l = run_line("zeta", NULL, i, "z.txt", (unsigned)i);
		br_buf_adds(&text, l);
		br_buf_addc(&text, '\n');
		free(l);
	}
	struct br_doc *doc = doc_of("z.jsonl", text.data);
	struct br_diags diags = {0};
	struct br_archive_stats st;
	assert_true(br_archive_add_docs(a, &doc, 1, &diags, &st) < 0);
	assert_non_null(strstr(br_last_error(), "disk on fire"));
	assert_int_equal(st.records_added, 0);
	assert_int_equal(access(f->db, F_OK), -1); /* not in place */
	/* that file dropped: the one there now is new (it may have its name) */
	assert_int_equal(files_in(f->dir), 1);
	file_with(f->dir, ".new-", tmp, sizeof tmp);
	assert_int_equal(sql_int(tmp, "SELECT count(*) FROM sqlite_master WHERE type = 'trigger'"), 0);
	br_archive_close(a);
	assert_int_equal(files_in(f->dir), 1);
	assert_int_equal(sql_int(f->db, "SELECT count(*) FROM records"), 0);
	assert_int_equal(sql_int(f->db, "SELECT count(*) FROM documents"), 0);
	assert_int_equal(sql_int(f->db, "SELECT count(*) FROM sqlite_master WHERE type = 'trigger'"), 0);
	/* and the next add fills it */
	assert_int_equal(add_text(f->db, "z.jsonl", text.data, &st), 0);
	assert_int_equal(st.records_added, 5);
	br_diags_free(&diags);
	br_doc_free(doc);
	br_buf_free(&text);
}

/* ---------------------------------------------------------------- readers, damage */

/* Readers create no file: not in rollback mode (at rest), not in an old
 * archive left in WAL mode with no -wal (it would get -wal and -shm owned
 * by the reader, and the owner's next add would fail). */
static void readers_create_nothing(void **state)
{
	struct fx *f = *state;
	struct br_archive_stats st;
	char *line = run_line("reader", "r", 1, "r.jsonl", 1);
	assert_int_equal(add_text(f->db, "r.jsonl", line, &st), 0);
	free(line);
	assert_int_equal(files_in(f->dir), 1);
	for (int pass = 0; pass < 2; pass++) {
		if (pass == 1) {
			/* as an older benchreport left it */
			sql_exec(f->db, "PRAGMA journal_mode = WAL");
			assert_int_equal(files_in(f->dir), 1);
		}
		size_t n;
		char *all = export_db(f->db, NULL, &n);
		assert_int_equal(n, 1);
		free(all);
		struct br_dataset ds = {0};
		assert_int_equal(br_archive_read(f->db, &ds), 0);
		assert_int_equal(ds.records.n, 1);
		br_dataset_free(&ds);
		struct br_archive *a;
		assert_int_equal(br_archive_open_read(f->db, &a), 0);
		bool ok;
		struct br_buf rep = BR_BUF_INIT;
		assert_int_equal(br_archive_check(a, &ok, &rep), 0);
		assert_true(ok);
		br_buf_free(&rep);
		br_archive_close(a);
		assert_int_equal(files_in(f->dir), 1); /* no -wal, -shm, -journal */
	}
	/* the next add puts it back to a rollback journal at rest */
	line = run_line("reader", "r", 2, "s.jsonl", 1);
	assert_int_equal(add_text(f->db, "s.jsonl", line, &st), 0);
	free(line);
	assert_int_equal(files_in(f->dir), 1);
	assert_int_equal(sql_int(f->db, "SELECT count(*) FROM records"), 2);
}

/* A damaged page is found before anything is written, and the message
 * names `archive check`. */
static void damaged_archive_refused(void **state)
{
	struct fx *f = *state;
	struct br_archive_stats st;
	struct br_buf many = BR_BUF_INIT;
	for (int i = 0; i < 400; i++) {
		char *line = run_line("dmg", "many runs", i, "m.jsonl", (unsigned)i + 1);
		br_buf_adds(&many, line);
		br_buf_addc(&many, '\n');
		free(line);
	}
	assert_int_equal(add_text(f->db, "m.jsonl", br_buf_str(&many), &st), 0);
	br_buf_free(&many);
	/* the second leaf page of the records table: no add writes there */
	int64_t psize = sql_int(f->db, "PRAGMA page_size");
	int64_t root = sql_int(f->db, "SELECT rootpage FROM sqlite_master WHERE name = 'records'");
	assert_true(root > 1);
	size_t n;
	char *bytes = slurp(f->db, &n);
	/* find an interior page's second child: simpler, the page after the
	 * root that is a table leaf (type 0x0d) other than the last one */
	int64_t leaf = 0, seen = 0;
	for (int64_t pg = 2; (size_t)(pg * psize) <= n && !leaf; pg++)
		if ((unsigned char)bytes[(pg - 1) * psize] == 0x0d && pg != root && ++seen == 2)
			leaf = pg;
	assert_true(leaf > 0);
	memset(bytes + (leaf - 1) * psize + 1, 0xff, 8);
	spit(f->db, bytes, n);
	free(bytes);
	char *before = slurp(f->db, &n);
	char *line = run_line("dmg", "new one", 9999, "n.jsonl", 1);
	assert_int_equal(add_text(f->db, "n.jsonl", line, &st), BR_ARCHIVE_EDATA);
	free(line);
	assert_non_null(strstr(br_last_error(), "is damaged"));
	assert_non_null(strstr(br_last_error(), "archive check"));
	size_t n2;
	char *after = slurp(f->db, &n2);
	assert_int_equal(n2, n);
	assert_memory_equal(after, before, n);
	free(before);
	free(after);
}

int main(void)
{
	br_parsers_init(); /* the tools' words for decoding and labels */
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(sha256_known_answers),
		cmocka_unit_test_setup_teardown(document_hash_is_of_the_bytes_as_read, setup, teardown),
		cmocka_unit_test_setup_teardown(create_on_first_use, setup, teardown),
		cmocka_unit_test_setup_teardown(two_creators_make_one_archive, setup, teardown),
		cmocka_unit_test_setup_teardown(first_add_then_more_on_one_handle, setup, teardown),
		cmocka_unit_test_setup_teardown(refuses_what_is_not_an_archive, setup, teardown),
		cmocka_unit_test_setup_teardown(newer_schema_is_refused, setup, teardown),
		cmocka_unit_test_setup_teardown(older_schema_is_migrated, setup, teardown),
		cmocka_unit_test_setup_teardown(add_dedupe_and_two_sources, setup, teardown),
		cmocka_unit_test_setup_teardown(within_one_add_the_same_run_is_one_record, setup, teardown),
		cmocka_unit_test_setup_teardown(export_reimport_gives_the_same_records, setup, teardown),
		cmocka_unit_test_setup_teardown(filters, setup, teardown),
		cmocka_unit_test_setup_teardown(remove_record, setup, teardown),
		cmocka_unit_test_setup_teardown(dataset_hook_for_the_runner, setup, teardown),
		cmocka_unit_test_setup_teardown(stale_merge_keys_are_recomputed, setup, teardown),
		cmocka_unit_test_setup_teardown(a_failed_add_changes_nothing, setup, teardown),
		cmocka_unit_test_setup_teardown(a_failed_first_add_keeps_nothing, setup, teardown),
		cmocka_unit_test_setup_teardown(sources_keep_their_order, setup, teardown),
		cmocka_unit_test_setup_teardown(many_sources_keep_their_order, setup, teardown),
		cmocka_unit_test_setup_teardown(readers_create_nothing, setup, teardown),
		cmocka_unit_test_setup_teardown(damaged_archive_refused, setup, teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
