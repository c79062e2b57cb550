/*
 * archive — benchmark history kept in one SQLite file, so that reports query
 * curated records instead of re-parsing every post.
 *
 * Tables (schema version in PRAGMA user_version, the file marked as ours by
 * PRAGMA application_id and the meta table):
 *   documents  one row per document added: name, SHA-256 of its bytes,
 *              size, time added, optional details (the runner's machine)
 *   records    one row per result: its JSON line (br_record_to_json, the
 *              source of truth) plus columns tool/host/label/version/added,
 *              ran_at/ran_at_from (schema 2: when the run was made, as in the
 *              JSON; NULL for records archived before) and the merge bucket
 *              key; indexed by (tool, merge_key, host), what the queries use
 *              (an add drops the schema's other record indexes, see
 *              fit_indexes in archive.c)
 *   sources    every appearance of a record: document, file, ORIGINAL line
 *              range, format, the original text excerpt
 * Adding a document whose bytes are already archived adds nothing; a result
 * that is the same run as an archived one (br_record_same_run) becomes one
 * more source of that record. Every write is one transaction (BEGIN
 * IMMEDIATE … COMMIT, WAL journal; a new archive's first in its temporary
 * file): a crash, kill -9 or full disk in the middle leaves the archive as
 * it was. A file that is not a benchreport
 * archive is refused and never modified.
 *
 * Functions return BR_ARCHIVE_OK or a negative br_archive_status with the
 * message in br_last_error(). Nothing here prints.
 */
#ifndef BR_ARCHIVE_H
#define BR_ARCHIVE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dataset.h"
#include "diag.h"
#include "doc.h"
#include "util.h"

#define BR_ARCHIVE_SCHEMA 2              /* PRAGMA user_version written */
#define BR_ARCHIVE_APPLICATION_ID 0x62726172 /* "brar" */

enum br_archive_status {
	BR_ARCHIVE_OK = 0,
	BR_ARCHIVE_EDATA = -1, /* missing file, not an archive, newer schema, no such record */
	BR_ARCHIVE_EIO = -2,   /* the archive could not be written (full disk, read-only, locked) */
};

struct br_archive;

/* Does the file start with the SQLite header ("SQLite format 3\0")? */
bool br_archive_is_sqlite(const char *path);

/* Open for reading: the file must exist and be a benchreport archive. */
int br_archive_open_read(const char *path, struct br_archive **out);
/* Open for writing; an older schema is migrated. When it does not exist, a
 * new archive is built in a temporary file beside it (with a rollback
 * journal: nobody else sees it) and linked into place complete, with what
 * the first add stored (br_archive_add_docs, _files), or empty by
 * br_archive_close; when another writer created it meanwhile, the add goes
 * into theirs. */
int br_archive_open_write(const char *path, struct br_archive **out);
void br_archive_close(struct br_archive *a);

struct br_archive_stats {
	size_t documents;        /* documents stored */
	size_t documents_known;  /* skipped: the same bytes were archived already */
	size_t records_added;    /* new records */
	size_t records_merged;   /* results that became another source of an archived record */
	size_t candidates_compared; /* records the same-run look-ups compared (growth tests) */
};

/*
 * Parse the documents and store their results, in one transaction. A
 * document whose bytes are already in the archive (or earlier in docs) is
 * skipped. Parser diagnostics are appended to diags.
 */
int br_archive_add_docs(struct br_archive *a, struct br_doc *const *docs, size_t ndocs,
			struct br_diags *diags, struct br_archive_stats *st);

/*
 * `archive add`: the files read (an SQLite file is refused: archives are
 * merged through their JSON Lines export) and their documents added as
 * br_archive_add_docs adds them, each file read, parsed and let go before
 * the next. Files that could not be read are skipped, each with an error
 * message appended to *errors (*nerrors of them; the caller frees each and
 * the array); the others are added all the same. Returns what
 * br_archive_add_docs would.
 */
int br_archive_add_files(struct br_archive *a, char *const *files, size_t nfiles, struct br_diags *diags,
			 struct br_archive_stats *st, char ***errors, size_t *nerrors);

/*
 * The hook for `benchreport run --archive DB`: store the records of an
 * already parsed dataset (not modified) in the archive at db (created if
 * needed), in one transaction. Records are grouped into one document per
 * source.file, known by the SHA-256 of its records' JSON Lines (so storing
 * the same dataset twice adds nothing); `details` (free text or JSON about
 * the machine, may be NULL) is kept with those documents and shown by
 * `archive show`.
 */
int br_archive_add_dataset(const char *db, const struct br_dataset *ds, const char *details,
			   struct br_archive_stats *st);

/* Which records list/export/read return; NULL/0 fields do not filter. */
struct br_archive_filter {
	const char *tool;   /* tool name, exact */
	const char *host;   /* glob (fnmatch: *, ?, [...]), case-insensitive */
	const char *label;  /* glob, case-insensitive */
	const char *since;  /* run (ran_at) at or after, or for a record with no run
			     * date added at or after: "YYYY-MM-DD" or
			     * "YYYY-MM-DDTHH:MM[:SS]" (UTC) */
};

/* Normalise a --since value to the stored form (a prefix of
 * "YYYY-MM-DDTHH:MM:SSZ"); false if it is not a date. */
bool br_archive_parse_since(const char *s, char *out, size_t n);

struct br_archive_row {
	int64_t id;
	const char *tool, *version, *host, *label;
	const char *added;  /* "YYYY-MM-DDTHH:MM:SSZ" */
	const char *ran_at; /* as in the JSON ("2011-12-08", "...T03:10:00Z"), or NULL */
	const char *ran_at_from; /* "mail-date" ..., or NULL */
	const char *json;   /* the record's JSON line, without newline */
	size_t nsources;
};

/* Call fn for each matching record in id order; fn returns non-zero to stop.
 * Row strings are valid during the call only. */
int br_archive_each(struct br_archive *a, const struct br_archive_filter *f,
		    int (*fn)(void *arg, const struct br_archive_row *row), void *arg);

struct br_archive_source {
	const char *file;         /* as in the record: the ORIGINAL document */
	unsigned line, end_line;
	const char *format;
	const char *excerpt;      /* may be NULL */
	int64_t document_id;      /* 0 when unknown */
	const char *document;     /* the document as added (may differ from file) */
	const char *sha256;
	const char *document_added;
	const char *details;      /* may be NULL */
};

/* One record: its row and its sources (in the order they were found). */
int br_archive_show(struct br_archive *a, int64_t id,
		    int (*fn)(void *arg, const struct br_archive_row *row,
			      const struct br_archive_source *src, size_t nsrc),
		    void *arg);

/* Remove a record and its sources (its documents stay known, so adding
 * them again does not bring it back). BR_ARCHIVE_EDATA if there is none. */
int br_archive_remove(struct br_archive *a, int64_t id);

/* Read the matching records into ds->records (one input named after the
 * archive); problems with stored records become diagnostics. */
int br_archive_load(struct br_archive *a, const struct br_archive_filter *f, struct br_dataset *ds);
/* The same from a path: what `benchreport results.db` does. */
int br_archive_read(const char *path, struct br_dataset *ds);

/* PRAGMA integrity_check and the archive's own invariants; *ok set, the
 * findings ("ok" when fine) appended to report. */
int br_archive_check(struct br_archive *a, bool *ok, struct br_buf *report);

#endif
