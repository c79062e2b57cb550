/* archive — see archive.h. */
#include "archive.h"

#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cleanup.h"
#include "date.h"
#include "json.h"
#include "jsonl.h"
#include "parser.h"
#include "record.h"
#include "render.h"
#include "sha256.h"

#ifndef BR_VERSION
#define BR_VERSION "0.0.0"
#endif

#define BUSY_TIMEOUT_MS 30000 /* another add may hold the write lock this long */
#define GUEST_TRIES 100       /* 10 ms apart: a writer switching its journal back */

struct br_archive {
	sqlite3 *db;
	char *path;
	bool writable;
	int64_t schema;  /* its user_version once verified (a reader may read 1) */
	/* a new archive until it is published (create, publish): the
	 * temporary file it is built in, its locked descriptor, the cleanup
	 * slots of the file and its sidecars; tmp is NULL once in place */
	char *tmp;
	int tmp_fd;
	int tmp_slots[4];
};

/* ------------------------------------------------------------ schema */

/*
 * migrations[v] brings an archive from user_version v to v + 1. Version 0 is
 * an empty file. Never edit a released step: add a new one and raise
 * BR_ARCHIVE_SCHEMA.
 */
static const char *const migrations[BR_ARCHIVE_SCHEMA] = {
	/* 0 → 1 */
	"CREATE TABLE meta (\n"
	"  key TEXT PRIMARY KEY,\n"
	"  value TEXT NOT NULL\n"
	");\n"
	"CREATE TABLE documents (\n"
	"  id INTEGER PRIMARY KEY AUTOINCREMENT,\n"
	"  name TEXT NOT NULL,\n"
	"  sha256 TEXT NOT NULL UNIQUE,\n"
	"  bytes INTEGER NOT NULL,\n"
	"  added TEXT NOT NULL,\n"
	"  details TEXT\n"
	");\n"
	"CREATE TABLE records (\n"
	"  id INTEGER PRIMARY KEY AUTOINCREMENT,\n"
	"  tool TEXT NOT NULL,\n"
	"  version TEXT,\n"
	"  host TEXT,\n"
	"  label TEXT,\n"
	"  added TEXT NOT NULL,\n"
	"  merge_key INTEGER NOT NULL,\n"
	"  json TEXT NOT NULL\n"
	");\n"
	"CREATE INDEX records_tool_host ON records (tool, host);\n"
	"CREATE INDEX records_merge ON records (tool, merge_key);\n"
	"CREATE INDEX records_label ON records (label);\n"
	"CREATE INDEX records_version ON records (version);\n"
	"CREATE INDEX records_added ON records (added);\n"
	"CREATE TABLE sources (\n"
	"  id INTEGER PRIMARY KEY AUTOINCREMENT,\n"
	"  record_id INTEGER NOT NULL REFERENCES records (id) ON DELETE CASCADE,\n"
	"  document_id INTEGER REFERENCES documents (id),\n"
	"  file TEXT NOT NULL,\n"
	"  line INTEGER NOT NULL,\n"
	"  end_line INTEGER NOT NULL,\n"
	"  format TEXT,\n"
	"  excerpt TEXT\n"
	");\n"
	"CREATE INDEX sources_record ON sources (record_id);\n"
	"CREATE INDEX sources_document ON sources (document_id);\n"
	"INSERT INTO meta (key, value) VALUES ('application', 'benchreport archive');\n",
	/* 1 → 2: when each run was made (the record's ran_at); records archived
	 * before have none in their JSON either */
	"ALTER TABLE records ADD COLUMN ran_at TEXT;\n"
	"ALTER TABLE records ADD COLUMN ran_at_from TEXT;\n"
	"CREATE INDEX records_ran_at ON records (ran_at);\n",
};

/* ------------------------------------------------------------ errors */

static int status_of(int rc)
{
	switch (rc & 0xff) {
	case SQLITE_NOTADB:
	case SQLITE_CORRUPT:
	case SQLITE_SCHEMA:
	case SQLITE_MISMATCH:
	case SQLITE_CONSTRAINT:
		return BR_ARCHIVE_EDATA;
	default:
		return BR_ARCHIVE_EIO;
	}
}

/* "cannot write 'x.db': database or disk is full" and the matching status. */
static int db_fail(struct br_archive *a, const char *verb)
{
	int rc = sqlite3_extended_errcode(a->db);
	/* a read inside a write transaction may have to spill pages first */
	switch (rc) {
	case SQLITE_FULL:
	case SQLITE_READONLY:
	case SQLITE_IOERR_WRITE:
	case SQLITE_IOERR_FSYNC:
	case SQLITE_IOERR_DIR_FSYNC:
	case SQLITE_IOERR_TRUNCATE:
	case SQLITE_IOERR_SHMSIZE:
		verb = "write";
		break;
	default:
		break;
	}
	br_error("cannot %s '%s': %s", verb, a->path, sqlite3_errmsg(a->db));
	return status_of(rc);
}

static int not_archive(const char *path)
{
	br_error("'%s' is not a benchreport archive", path);
	return BR_ARCHIVE_EDATA;
}

/* ------------------------------------------------------------ helpers */

static int exec(struct br_archive *a, const char *sql, const char *verb)
{
	if (sqlite3_exec(a->db, sql, NULL, NULL, NULL) != SQLITE_OK)
		return db_fail(a, verb);
	return BR_ARCHIVE_OK;
}

static void rollback(struct br_archive *a)
{
	/* keeps the error message of the failure that led here */
	char *msg = br_strdup(br_last_error());
	sqlite3_exec(a->db, "ROLLBACK", NULL, NULL, NULL);
	br_error("%s", msg);
	free(msg);
}

static int prep(struct br_archive *a, sqlite3_stmt **st, const char *sql)
{
	if (sqlite3_prepare_v2(a->db, sql, -1, st, NULL) != SQLITE_OK) {
		*st = NULL;
		return db_fail(a, "read");
	}
	return BR_ARCHIVE_OK;
}

static void bind_str(sqlite3_stmt *st, int i, const char *v)
{
	if (v)
		sqlite3_bind_text(st, i, v, -1, SQLITE_STATIC);
	else
		sqlite3_bind_null(st, i);
}

static const char *col_str(sqlite3_stmt *st, int i)
{
	return (const char *)sqlite3_column_text(st, i);
}

static int64_t query_int(struct br_archive *a, const char *sql, bool *ok)
{
	sqlite3_stmt *st;
	int64_t v = 0;
	*ok = false;
	if (sqlite3_prepare_v2(a->db, sql, -1, &st, NULL) != SQLITE_OK)
		return 0;
	if (sqlite3_step(st) == SQLITE_ROW) {
		v = sqlite3_column_int64(st, 0);
		*ok = true;
	}
	sqlite3_finalize(st);
	return v;
}

/* The time stamps the archive writes: UTC, second resolution; fixed by
 * SOURCE_DATE_EPOCH like the report's date. */
static void now_iso(char out[32])
{
	time_t t = (time_t)br_date_now();
	struct tm tm;
	gmtime_r(&t, &tm);
	strftime(out, 32, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

/* ------------------------------------------------------------ opening */

bool br_archive_is_sqlite(const char *path)
{
	if (strcmp(path, "-") == 0)
		return false;
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	if (fd < 0)
		return false;
	struct stat st;
	char hdr[16];
	bool yes = fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && read(fd, hdr, 16) == 16 &&
		   memcmp(hdr, "SQLite format 3", 16) == 0;
	close(fd);
	return yes;
}

enum header { HDR_MISSING, HDR_EMPTY, HDR_OURS, HDR_FOREIGN };

/*
 * Look at the file before SQLite does: the magic string and the application
 * id (offset 68, big-endian). The id is written when the archive is created
 * and never changes, so the main file always holds it.
 */
static int read_header(const char *path, enum header *h)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	if (fd < 0) {
		if (errno == ENOENT) {
			*h = HDR_MISSING;
			return BR_ARCHIVE_OK;
		}
		br_error("cannot open '%s': %s", path, strerror(errno));
		return BR_ARCHIVE_EDATA;
	}
	struct stat st;
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
		close(fd);
		return not_archive(path);
	}
	unsigned char b[100];
	size_t n = 0;
	while (n < sizeof b) {
		ssize_t r = read(fd, b + n, sizeof b - n);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			int e = errno;
			close(fd);
			br_error("cannot read '%s': %s", path, strerror(e));
			return BR_ARCHIVE_EDATA;
		}
		if (r == 0)
			break;
		n += (size_t)r;
	}
	close(fd);
	if (n == 0) {
		*h = HDR_EMPTY;
		return BR_ARCHIVE_OK;
	}
	uint32_t app = n == sizeof b ? (uint32_t)b[68] << 24 | (uint32_t)b[69] << 16 |
					     (uint32_t)b[70] << 8 | b[71]
				     : 0;
	*h = n == sizeof b && memcmp(b, "SQLite format 3", 16) == 0 && app == BR_ARCHIVE_APPLICATION_ID
		     ? HDR_OURS
		     : HDR_FOREIGN;
	return BR_ARCHIVE_OK;
}

/* The authoritative check, through SQLite: application id and schema. */
static int verify(struct br_archive *a, int64_t *version)
{
	bool ok;
	int64_t app = query_int(a, "PRAGMA application_id", &ok);
	if (!ok)
		return db_fail(a, "read");
	if (app != BR_ARCHIVE_APPLICATION_ID)
		return not_archive(a->path);
	*version = query_int(a, "PRAGMA user_version", &ok);
	if (!ok)
		return db_fail(a, "read");
	if (*version > BR_ARCHIVE_SCHEMA) {
		br_error("'%s' was written by a newer benchreport (archive schema %lld; this one reads up to %d)",
			 a->path, (long long)*version, BR_ARCHIVE_SCHEMA);
		return BR_ARCHIVE_EDATA;
	}
	if (*version < 1 && !a->writable)
		return not_archive(a->path);
	a->schema = *version;
	return BR_ARCHIVE_OK;
}

/* Bring the schema up to BR_ARCHIVE_SCHEMA, in one transaction. */
static int migrate(struct br_archive *a)
{
	int rc = exec(a, "BEGIN IMMEDIATE", "write");
	if (rc)
		return rc;
	bool ok;
	int64_t v = query_int(a, "PRAGMA user_version", &ok);
	if (!ok) {
		rc = db_fail(a, "read");
		goto fail;
	}
	if (v == 0) {
		char sql[64];
		snprintf(sql, sizeof sql, "PRAGMA application_id = %d", (int)BR_ARCHIVE_APPLICATION_ID);
		if ((rc = exec(a, sql, "write")))
			goto fail;
	}
	for (; v < BR_ARCHIVE_SCHEMA; v++) {
		if ((rc = exec(a, migrations[v], "write")))
			goto fail;
		char sql[64];
		snprintf(sql, sizeof sql, "PRAGMA user_version = %lld", (long long)v + 1);
		if ((rc = exec(a, sql, "write")))
			goto fail;
	}
	char stamp[32];
	now_iso(stamp);
	sqlite3_stmt *st;
	if ((rc = prep(a, &st, "INSERT OR REPLACE INTO meta (key, value) VALUES (?1, ?2)")))
		goto fail;
	const char *kv[][2] = {
		{"schema", NULL},
		{"written_by", "benchreport " BR_VERSION},
		{"migrated", stamp},
	};
	char schema[16];
	snprintf(schema, sizeof schema, "%d", BR_ARCHIVE_SCHEMA);
	kv[0][1] = schema;
	for (size_t i = 0; i < BR_ARRAY_LEN(kv); i++) {
		bind_str(st, 1, kv[i][0]);
		bind_str(st, 2, kv[i][1]);
		if (sqlite3_step(st) != SQLITE_DONE) {
			rc = db_fail(a, "write");
			sqlite3_finalize(st);
			goto fail;
		}
		sqlite3_reset(st);
	}
	sqlite3_finalize(st);
	if ((rc = exec(a, "COMMIT", "write")))
		goto fail;
	return BR_ARCHIVE_OK;
fail:
	rollback(a);
	return rc;
}

/* The sidecar files SQLite keeps beside a database. */
static const char *const sidecars[] = {"-journal", "-wal", "-shm", NULL};

/* Is the file in WAL mode (header bytes 18 and 19 = 2) with no -wal beside
 * it? Then SQLite would create -wal and -shm even for a read-only
 * connection. */
static bool wal_without_log(const char *path)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	if (fd < 0)
		return false;
	unsigned char b[20];
	bool wal = pread(fd, b, sizeof b, 0) == (ssize_t)sizeof b && b[18] == 2 && b[19] == 2;
	close(fd);
	if (!wal)
		return false;
	char *log = br_asprintf("%s-wal", path);
	struct stat st;
	bool missing = lstat(log, &st) != 0 && errno == ENOENT;
	free(log);
	return missing;
}

/* "file:" URI of a path (RFC 3986: what is not unreserved is %XX). */
static char *file_uri(const char *path, const char *query)
{
	struct br_buf b = BR_BUF_INIT;
	br_buf_adds(&b, "file:");
	for (const unsigned char *p = (const unsigned char *)path; *p; p++) {
		if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
		    strchr("/-._~", *p))
			br_buf_addc(&b, (char)*p);
		else
			br_buf_addf(&b, "%%%02X", *p);
	}
	br_buf_addf(&b, "?%s", query);
	return br_buf_detach(&b);
}

/* br_match(GLOB, value): the --host and --label filters, fnmatch(3) globs
 * (*, ?, [...]) without regard to case ("web*" finds "Web1"); no value
 * matches nothing. */
static void sql_match(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
	(void)argc;
	const char *pat = (const char *)sqlite3_value_text(argv[0]);
	const char *v = (const char *)sqlite3_value_text(argv[1]);
	sqlite3_result_int(ctx, pat && v && fnmatch(pat, v, FNM_CASEFOLD) == 0);
}

/*
 * The VFS of a reader that does not own the archive: the default one, except
 * that it never creates a -wal (a -shm it never creates either: such a
 * reader opens with readonly_shm=1). A file it created would be its own and
 * lock the owner out. Where SQLite would create one (a writer is switching
 * the journal and has removed its -wal but not yet the WAL mark in the
 * header) the open fails with SQLITE_CANTOPEN and the reader tries again.
 */
static sqlite3_vfs guest_vfs;

static int guest_open(sqlite3_vfs *vfs, const char *name, sqlite3_file *f, int flags, int *out)
{
	sqlite3_vfs *base = vfs->pAppData;
	if (flags & SQLITE_OPEN_WAL)
		flags &= ~SQLITE_OPEN_CREATE;
	return base->xOpen(base, name, f, flags, out);
}

static const char *guest_vfs_name(void)
{
	if (!guest_vfs.zName) {
		sqlite3_vfs *base = sqlite3_vfs_find(NULL);
		if (!base)
			return NULL;
		guest_vfs = *base;
		guest_vfs.pNext = NULL;
		guest_vfs.zName = "benchreport-guest";
		guest_vfs.pAppData = base;
		guest_vfs.xOpen = guest_open;
		if (sqlite3_vfs_register(&guest_vfs, 0) != SQLITE_OK) {
			guest_vfs.zName = NULL;
			return NULL;
		}
	}
	return guest_vfs.zName;
}

/* Would a file this process creates beside PATH belong to someone other
 * than the archive's owner? (root's are given to the owner by SQLite) */
static bool guest_of(const char *path)
{
	struct stat st;
	uid_t me = geteuid();
	return me != 0 && stat(path, &st) == 0 && st.st_uid != me;
}

/*
 * Readers never write and never create a file: they open the database
 * read-only. At rest an archive is in rollback-journal mode (writers switch
 * to WAL for their transaction and back when they close, see
 * br_archive_close), so a reader needs no -wal or -shm and works where it
 * cannot write. While a writer runs, its -wal and -shm exist and readers
 * use them (read-only when they may not write them). An archive left in
 * WAL mode with no -wal (written by an older benchreport) is opened
 * immutable: SQLite would otherwise create -wal and -shm owned by the
 * reader and lock the owner out.
 */
static int open_db(const char *path, bool writable, struct br_archive **out)
{
	struct br_archive *a = br_calloc(1, sizeof *a);
	a->path = br_strdup(path);
	a->writable = writable;
	int flags = (writable ? SQLITE_OPEN_READWRITE : SQLITE_OPEN_READONLY) | SQLITE_OPEN_NOMUTEX;
	char *uri = NULL;
	const char *vfs = NULL;
	if (!writable && wal_without_log(path))
		uri = file_uri(path, "immutable=1");
	else if (!writable && guest_of(path) && (vfs = guest_vfs_name()))
		uri = file_uri(path, "readonly_shm=1");
	if (uri)
		flags |= SQLITE_OPEN_URI;
	int orc = sqlite3_open_v2(uri ? uri : path, &a->db, flags, vfs);
	free(uri);
	if (orc != SQLITE_OK) {
		int rc = db_fail(a, "open");
		br_archive_close(a);
		return rc;
	}
	sqlite3_extended_result_codes(a->db, 1);
	sqlite3_busy_timeout(a->db, BUSY_TIMEOUT_MS);
	sqlite3_create_function(a->db, "br_match", 2, SQLITE_UTF8 | SQLITE_DETERMINISTIC, NULL,
				sql_match, NULL, NULL);
	*out = a;
	return BR_ARCHIVE_OK;
}

/* Can this process finish an interrupted write without creating a file:
 * may it write the archive, and is what SQLite recovers from already there
 * (a hot -journal, or -wal and -shm)? */
static bool recoverable(const char *path)
{
	if (access(path, W_OK) != 0)
		return false;
	bool have[3];
	for (int i = 0; i < 3; i++) {
		char *side = br_asprintf("%s%s", path, sidecars[i]);
		struct stat st;
		have[i] = lstat(side, &st) == 0 && S_ISREG(st.st_mode) && access(side, W_OK) == 0;
		free(side);
	}
	return have[0] || (have[1] && have[2]);
}

int br_archive_open_read(const char *path, struct br_archive **out)
{
	*out = NULL;
	enum header h;
	int rc = read_header(path, &h);
	if (rc)
		return rc;
	if (h == HDR_MISSING) {
		br_error("cannot open '%s': %s", path, strerror(ENOENT));
		return BR_ARCHIVE_EDATA;
	}
	if (h != HDR_OURS)
		return not_archive(path);
	struct br_archive *a;
	if ((rc = open_db(path, false, &a)))
		return rc;
	/* a guest (guest_open) that came while a writer switched the journal
	 * back finds neither the -wal nor yet the header without it: it waits
	 * for the switch (milliseconds) and opens again */
	for (int i = 0; (sqlite3_exec(a->db, "PRAGMA application_id", NULL, NULL, NULL) & 0xff) == SQLITE_CANTOPEN;
	     i++) {
		if (i == GUEST_TRIES) {
			if (!guest_of(path))
				break; /* verify says what SQLite says */
			/* no writer: one died between its -shm and its -wal */
			br_archive_close(a);
			br_error("cannot read '%s': an interrupted write left it to be recovered, which needs "
				 "its owner (run benchreport on it once as its owner)", path);
			return BR_ARCHIVE_EIO;
		}
		br_archive_close(a);
		nanosleep(&(struct timespec){.tv_nsec = 10 * 1000 * 1000}, NULL);
		if ((rc = open_db(path, false, &a)))
			return rc;
	}
	int64_t v;
	if ((rc = verify(a, &v)) && (sqlite3_extended_errcode(a->db) & 0xff) == SQLITE_READONLY) {
		/* a writer died in the middle (kill -9): its -wal must be
		 * recovered, which a read-only connection cannot do */
		br_archive_close(a);
		a = NULL;
		if (!recoverable(path)) {
			br_error("cannot read '%s': an interrupted write left it to be recovered, which needs "
				 "write permission (run benchreport on it once as its owner)", path);
			return BR_ARCHIVE_EIO;
		}
		/* as a writer does; creates nothing (-wal and -shm exist) and puts
		 * the archive back to a rollback journal when it closes */
		if ((rc = open_db(path, true, &a)))
			return rc;
		rc = verify(a, &v);
	}
	if (rc) {
		br_archive_close(a);
		return rc;
	}
	*out = a;
	return BR_ARCHIVE_OK;
}

/* Pragmas every writer sets: WAL (readers go on during an add), full
 * syncs at commit, foreign keys. */
static int writer_pragmas(struct br_archive *a)
{
	sqlite3_stmt *st;
	int rc = prep(a, &st, "PRAGMA journal_mode = WAL");
	if (rc)
		return rc;
	int s = sqlite3_step(st);
	bool wal = s == SQLITE_ROW && col_str(st, 0) && strcmp(col_str(st, 0), "wal") == 0;
	sqlite3_finalize(st);
	if (!wal) {
		if (s != SQLITE_ROW)
			return db_fail(a, "write");
		br_error("cannot write '%s': the journal cannot be switched to WAL", a->path);
		return BR_ARCHIVE_EIO;
	}
	if ((rc = exec(a, "PRAGMA synchronous = FULL", "write")))
		return rc;
	return exec(a, "PRAGMA foreign_keys = ON", "write");
}

/* Remove the temporary file of a new archive (closed: a->db NULL) and its
 * sidecars, give up its cleanup slots and its lock. */
static void tmp_remove(struct br_archive *a)
{
	unlink(a->tmp);
	for (int i = 0; sidecars[i]; i++) {
		char *side = br_asprintf("%s%s", a->tmp, sidecars[i]);
		unlink(side);
		free(side);
	}
	for (int i = 0; i < 4; i++)
		br_cleanup_release(a->tmp_slots[i]);
	close(a->tmp_fd);
	free(a->tmp);
	a->tmp = NULL;
}

/*
 * A new archive is built complete in a temporary file next to the target,
 * with what the command that creates it adds, and only then linked into
 * place (publish), so that a crash while creating never leaves a half-made
 * archive (which would be refused afterwards) under the user's name, and
 * two writers creating at once do not clobber each other. Nobody else
 * opens the temporary file, so it needs no WAL: its transactions use a
 * rollback journal, in which the pages a transaction adds are written
 * once, to the file (WAL writes every page twice: to the log, then into
 * the file at the checkpoint; for an add of a million runs, 2.7 GB more).
 */
static int create(const char *path, struct br_archive **out)
{
	*out = NULL;
	char *tmp = NULL;
	int fd = -1;
	sigset_t held;
	br_cleanup_block(&held); /* from creation to registration */
	for (int i = 0; i < 100 && fd < 0; i++) {
		free(tmp);
		tmp = br_asprintf("%s.new-%ld-%d", path, (long)getpid(), i);
		fd = open(tmp, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
		if (fd < 0 && errno != EEXIST)
			break;
		/* locked while it is being built, so that another writer's
		 * br_cleanup_stale leaves it alone; taken by one before the lock
		 * (it had no lock yet)? the next name */
		if (fd >= 0 && !(br_cleanup_lock(fd) && br_cleanup_still_linked(fd))) {
			close(fd);
			fd = -1;
			errno = EEXIST;
		}
	}
	if (fd < 0) {
		int e = errno;
		br_cleanup_unblock(&held);
		br_error("cannot create '%s': %s", path, strerror(e));
		free(tmp);
		return BR_ARCHIVE_EIO;
	}
	/* removed on signals, and by the next writer after a SIGKILL; the
	 * descriptor (and its lock) stays open until it is published:
	 * closing it would also drop SQLite's own locks on the file */
	int slots[4];
	for (int i = 0; i < 4; i++) {
		char *p = i ? br_asprintf("%s%s", tmp, sidecars[i - 1]) : br_strdup(tmp);
		slots[i] = br_cleanup_add(p);
		free(p);
	}
	br_cleanup_unblock(&held);
	struct br_archive *a;
	int rc = open_db(tmp, true, &a);
	if (rc) {
		/* a shell only to remove the file */
		a = br_calloc(1, sizeof *a);
	}
	a->tmp = tmp;
	a->tmp_fd = fd;
	memcpy(a->tmp_slots, slots, sizeof slots);
	if (!rc) {
		free(a->path);
		a->path = br_strdup(path); /* messages name the user's file */
		if (!(rc = exec(a, "PRAGMA page_size = 16384", "write")) && !(rc = migrate(a)) &&
		    !(rc = exec(a, "PRAGMA synchronous = FULL", "write")))
			rc = exec(a, "PRAGMA foreign_keys = ON", "write");
	}
	if (rc) {
		sqlite3_close(a->db);
		a->db = NULL;
		tmp_remove(a);
		br_archive_close(a);
		return rc;
	}
	a->schema = BR_ARCHIVE_SCHEMA;
	*out = a;
	return BR_ARCHIVE_OK;
}

/* Open an archive just published by this process as a writer: verified,
 * WAL (no quick_check: it was just written whole). */
static int reopen(const char *path, struct br_archive **out)
{
	*out = NULL;
	struct br_archive *b;
	int64_t v;
	int rc = open_db(path, true, &b);
	if (!rc && !(rc = verify(b, &v)))
		rc = writer_pragmas(b);
	if (rc) {
		br_archive_close(b);
		return rc;
	}
	*out = b;
	return BR_ARCHIVE_OK;
}

/*
 * After a failed add into a new archive: its temporary file is dropped
 * (were its rollback to have failed too, the file would be whole only with
 * its journal) and a new empty one made, which br_archive_close puts in
 * place, as an add that failed into an existing archive leaves it. The
 * failure's message is kept.
 */
static void start_over(struct br_archive *a)
{
	char *msg = br_strdup(br_last_error());
	sqlite3_close(a->db);
	a->db = NULL;
	tmp_remove(a);
	struct br_archive *b;
	if (create(a->path, &b) == BR_ARCHIVE_OK) {
		a->db = b->db;
		a->tmp = b->tmp;
		a->tmp_fd = b->tmp_fd;
		memcpy(a->tmp_slots, b->tmp_slots, sizeof a->tmp_slots);
		free(b->path);
		free(b);
	}
	br_error("%s", msg);
	free(msg);
}

#define TAKEN 1 /* publish(): the archive was created by another writer first */

/*
 * Link a new archive into place (what create() built, and what was added
 * to it). With go_on, a then writes the archive in place as any writer
 * does; TAKEN when another writer created the archive first: a is then a
 * writer of theirs (their archive is used), and what was added to ours
 * must be added again.
 */
static int publish(struct br_archive *a, bool go_on)
{
	sqlite3_close(a->db); /* rollback journal: nothing is left beside it */
	a->db = NULL;
	int rc = BR_ARCHIVE_OK;
	bool taken = false;
	if (link(a->tmp, a->path) != 0) {
		if (errno == EEXIST) {
			taken = true;
		} else if (errno == EPERM || errno == ENOTSUP || errno == EOPNOTSUPP || errno == EMLINK) {
			/* no hard links here: rename, accepting the small race */
			if (rename(a->tmp, a->path) != 0) {
				br_error("cannot create '%s': %s", a->path, strerror(errno));
				rc = BR_ARCHIVE_EIO;
			}
		} else {
			br_error("cannot create '%s': %s", a->path, strerror(errno));
			rc = BR_ARCHIVE_EIO;
		}
	}
	tmp_remove(a);
	if (rc || !go_on)
		return rc;
	struct br_archive *b;
	if ((rc = taken ? br_archive_open_write(a->path, &b) : reopen(a->path, &b)))
		return rc;
	/* b's connection (and, were theirs gone again, its new file) */
	a->db = b->db;
	a->schema = b->schema;
	a->tmp = b->tmp;
	a->tmp_fd = b->tmp_fd;
	memcpy(a->tmp_slots, b->tmp_slots, sizeof a->tmp_slots);
	free(b->path);
	free(b);
	return taken ? TAKEN : BR_ARCHIVE_OK;
}

/*
 * Refuse to write into a damaged archive: PRAGMA quick_check (every page
 * and index entry looked at once, linear in the archive's size; cheaper
 * than integrity_check, which also matches index contents) before the
 * first write. Writing on top of a corrupted page can spread the damage.
 */
static int quick_check(struct br_archive *a)
{
	sqlite3_stmt *st = NULL;
	int s = sqlite3_prepare_v2(a->db, "PRAGMA quick_check(1)", -1, &st, NULL);
	bool ok = false;
	if (s == SQLITE_OK) {
		s = sqlite3_step(st);
		ok = s == SQLITE_ROW && col_str(st, 0) && strcmp(col_str(st, 0), "ok") == 0;
		if (s == SQLITE_ROW)
			s = SQLITE_CORRUPT; /* a finding */
	}
	int ext = sqlite3_extended_errcode(a->db);
	sqlite3_finalize(st);
	if (ok)
		return BR_ARCHIVE_OK;
	if ((s & 0xff) != SQLITE_CORRUPT && (s & 0xff) != SQLITE_NOTADB && (ext & 0xff) != SQLITE_CORRUPT &&
	    (ext & 0xff) != SQLITE_NOTADB)
		return db_fail(a, "read"); /* busy, an I/O error: not damage */
	br_error("'%s' is damaged; nothing was written (see 'benchreport archive check %s')", a->path, a->path);
	return BR_ARCHIVE_EDATA;
}

int br_archive_open_write(const char *path, struct br_archive **out)
{
	*out = NULL;
	enum header h;
	int rc = read_header(path, &h);
	if (rc)
		return rc;
	/* what a writer killed while creating the archive left behind */
	br_cleanup_stale(path, ".new-", sidecars);
	if (h == HDR_MISSING)
		return create(path, out); /* in place when published */
	if (h == HDR_FOREIGN)
		return not_archive(path);
	/* HDR_EMPTY: a zero-length file (mktemp) becomes an archive in place */
	struct br_archive *a;
	if ((rc = open_db(path, true, &a)))
		return rc;
	int64_t v = 0;
	if (h == HDR_OURS && ((rc = verify(a, &v)) || (rc = quick_check(a))))
		goto fail; /* checked before the journal switch writes the header */
	/* an empty file gets its schema before WAL: a crash in between leaves
	 * it empty (rolled back), not a stranger's database */
	if (h == HDR_EMPTY && (rc = migrate(a)))
		goto fail;
	if ((rc = writer_pragmas(a)))
		goto fail;
	if (h == HDR_OURS && v < BR_ARCHIVE_SCHEMA && (rc = migrate(a)))
		goto fail;
	if ((rc = verify(a, &v)))
		goto fail;
	*out = a;
	return BR_ARCHIVE_OK;
fail:
	br_archive_close(a);
	return rc;
}

void br_archive_close(struct br_archive *a)
{
	if (!a)
		return;
	/* a new archive is put in place, whatever was added to it (when another
	 * writer created one first, theirs is used) */
	if (a->tmp)
		publish(a, false);
	/* back to a rollback journal at rest, so that readers need no -wal or
	 * -shm (open_db); fails harmlessly while others have it open (one of
	 * them switches when it closes) */
	if (a->writable && a->db)
		sqlite3_exec(a->db, "PRAGMA journal_mode = DELETE", NULL, NULL, NULL);
	sqlite3_close(a->db);
	free(a->path);
	free(a);
}

/* ------------------------------------------------------------ records */

static struct br_record *record_from_json(const char *json, size_t n)
{
	struct br_json *j = br_json_parse(json, n, NULL, NULL);
	struct br_record *r = j ? br_jsonl_record(j, NULL, NULL) : NULL;
	br_json_free(j);
	return r;
}

/*
 * br_record_merge_key files records in buckets; the archive stores each
 * record's key (records_merge index) so that finding the archived copy of a
 * run is one indexed look-up, not a scan. If a new benchreport computes keys
 * differently, the keys of three fixed records change too: then every stored
 * key is recomputed before anything is added.
 */
static char *merge_key_signature(void)
{
	struct br_record *r[3];
	r[0] = br_record_new(BR_TOOL_BONNIEPP);
	br_record_set_host(r[0], "signature");
	br_record_set(r[0], BR_M_putc, 1000, "1000");
	br_record_set_cpu(r[0], BR_M_putc, 50);
	br_record_set(r[0], BR_M_put_block, 20000, "20000");
	br_record_set_cpu(r[0], BR_M_put_block, 12);
	br_record_set_too_fast(r[0], BR_M_seq_stat, "+++++");
	r[1] = br_record_new(BR_TOOL_HDPARM);
	br_record_set(r[1], BR_M_buffered_read, 51200, "50.00");
	r[2] = br_record_new(BR_TOOL_RAWIO);
	br_record_set(r[2], BR_M_seq_read, 1234.5, "1264");
	br_record_set(r[2], BR_M_random_read, 99, "101");
	char *sig = br_asprintf("%016llx.%016llx.%016llx", (unsigned long long)br_record_merge_key(r[0]),
				(unsigned long long)br_record_merge_key(r[1]),
				(unsigned long long)br_record_merge_key(r[2]));
	for (int i = 0; i < 3; i++)
		br_record_free(r[i]);
	return sig;
}

/* Inside a write transaction: make every stored merge_key current. */
static int refresh_merge_keys(struct br_archive *a)
{
	char *sig = merge_key_signature();
	sqlite3_stmt *st = NULL, *up = NULL;
	int64_t *ids = NULL, *keys = NULL;
	size_t n = 0, cap = 0, kcap = 0;
	int rc = prep(a, &st, "SELECT value FROM meta WHERE key = 'merge_key'");
	if (rc)
		goto out;
	bool same = sqlite3_step(st) == SQLITE_ROW && col_str(st, 0) && strcmp(col_str(st, 0), sig) == 0;
	sqlite3_finalize(st);
	st = NULL;
	if (same)
		goto out;
	if ((rc = prep(a, &st, "SELECT id, json FROM records")))
		goto out;
	int s;
	while ((s = sqlite3_step(st)) == SQLITE_ROW) {
		struct br_record *r = record_from_json(col_str(st, 1), (size_t)sqlite3_column_bytes(st, 1));
		if (!r)
			continue;
		ids = br_grow(ids, &cap, n + 1, sizeof *ids);
		keys = br_grow(keys, &kcap, n + 1, sizeof *keys);
		ids[n] = sqlite3_column_int64(st, 0);
		keys[n++] = (int64_t)br_record_merge_key(r);
		br_record_free(r);
	}
	if (s != SQLITE_DONE) {
		rc = db_fail(a, "read");
		goto out;
	}
	if ((rc = prep(a, &up, "UPDATE records SET merge_key = ?1 WHERE id = ?2")))
		goto out;
	for (size_t i = 0; i < n; i++) {
		sqlite3_bind_int64(up, 1, keys[i]);
		sqlite3_bind_int64(up, 2, ids[i]);
		if (sqlite3_step(up) != SQLITE_DONE) {
			rc = db_fail(a, "write");
			goto out;
		}
		sqlite3_reset(up);
	}
	sqlite3_finalize(up);
	up = NULL;
	if ((rc = prep(a, &up, "INSERT OR REPLACE INTO meta (key, value) VALUES ('merge_key', ?1)")))
		goto out;
	bind_str(up, 1, sig);
	if (sqlite3_step(up) != SQLITE_DONE)
		rc = db_fail(a, "write");
out:
	sqlite3_finalize(st);
	sqlite3_finalize(up);
	free(ids);
	free(keys);
	free(sig);
	return rc;
}

/*
 * The indexes an add maintains, fitted to the queries benchreport makes.
 * The same-run lookup reads the records of one bucket and host (or host
 * start) through records_bucket_host; it replaces records_merge (tool,
 * merge_key), of which it is an extension. The other indexes of the first
 * schema served no query: the filters of list/export/read are tool = ?
 * (records_bucket_host starts with tool), br_match() on host and label (a
 * function: no index serves it) and coalesce(ran_at, added) >= ? (an
 * expression: neither records_ran_at nor records_added serves it), in id
 * order; nothing looks records up by version. Each cost every added record
 * one more B-tree insert, and records_tool_host and records_ran_at go in
 * host and date order, which is not the order records are added: a leaf
 * page anywhere in a tree that grows with the archive (at 100,000 runs,
 * 35% of the page look-ups of an add and a fifth of its CPU time). A step
 * of its own, made by the first add of a benchreport that has it (an index
 * changes no row: an older benchreport reads and writes the archive as
 * before).
 */
static int fit_indexes(struct br_archive *a)
{
	return exec(a,
		    "CREATE INDEX IF NOT EXISTS records_bucket_host ON records (tool, merge_key, host);\n"
		    "DROP INDEX IF EXISTS records_merge;\n"
		    "DROP INDEX IF EXISTS records_tool_host;\n"
		    "DROP INDEX IF EXISTS records_label;\n"
		    "DROP INDEX IF EXISTS records_version;\n"
		    "DROP INDEX IF EXISTS records_added;\n"
		    "DROP INDEX IF EXISTS records_ran_at;\n",
		    "write");
}

/* The archived records an add read as candidates (add_candidates), by id,
 * each read once. (The results the add stores are merge targets as they
 * are, with the parser's own details, resolution and doubtful figures,
 * that the JSON does not keep: store_results holds them, not this.) */
struct centry {
	int64_t id; /* 0 = empty slot */
	struct br_record *r;
};

struct cache {
	struct centry *v;
	size_t cap, n;
};

static size_t slot_of(int64_t id, size_t cap)
{
	uint64_t h = (uint64_t)id * 0x9e3779b97f4a7c15ull;
	return (size_t)(h >> 17) & (cap - 1);
}

static struct centry *cache_get(struct cache *c, int64_t id)
{
	if (!c->cap)
		return NULL;
	for (size_t i = slot_of(id, c->cap);; i = (i + 1) & (c->cap - 1)) {
		if (c->v[i].id == id)
			return &c->v[i];
		if (c->v[i].id == 0)
			return NULL;
	}
}

static struct centry *cache_put(struct cache *c, int64_t id, struct br_record *r)
{
	if ((c->n + 1) * 2 > c->cap) {
		struct cache old = *c;
		c->cap = old.cap ? old.cap * 2 : 256;
		c->v = br_calloc(c->cap, sizeof *c->v);
		c->n = 0;
		for (size_t i = 0; i < old.cap; i++)
			if (old.v[i].id) {
				size_t j = slot_of(old.v[i].id, c->cap);
				while (c->v[j].id)
					j = (j + 1) & (c->cap - 1);
				c->v[j] = old.v[i];
				c->n++;
			}
		free(old.v);
	}
	size_t j = slot_of(id, c->cap);
	while (c->v[j].id)
		j = (j + 1) & (c->cap - 1);
	c->v[j].id = id;
	c->v[j].r = r;
	c->n++;
	return &c->v[j];
}

static void cache_free(struct cache *c)
{
	for (size_t i = 0; i < c->cap; i++)
		if (c->v[i].id)
			br_record_free(c->v[i].r);
	free(c->v);
	memset(c, 0, sizeof *c);
}

/* One document's worth of results to store. */
struct unit {
	char *name;
	char sha[65];
	size_t bytes;
	const char *details;
	struct br_record **recs; /* owned until store() takes them */
	size_t nrecs;
};

static void units_free(struct unit *u, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		for (size_t k = 0; k < u[i].nrecs; k++)
			br_record_free(u[i].recs[k]);
		free(u[i].recs);
		free(u[i].name);
	}
	free(u);
}

/* The same-run look-up's queries, by the host they read (add_candidates). */
enum { CAND_SAME, CAND_NONE, CAND_PREFIX, CAND_LONGER };

/*
 * Records and sources are written AT_ONCE rows to an INSERT (one
 * statement's set-up, AUTOINCREMENT bookkeeping and foreign-key checks'
 * preparation for that many rows: a fifth of the instructions of an add to
 * a new archive), in the order they come, so that their ids are those one
 * INSERT each would give: the rows of one INSERT into records get
 * consecutive ids (AUTOINCREMENT: one more than the largest so far, row
 * after row), the last of them sqlite3_last_insert_rowid. A queued row
 * points into its record, and a queued source may belong to a queued
 * record (its id not known yet): the queues are written out (flush_rows:
 * records first) when one is full, before a record changes (a merge), is
 * read or let go. Fewer rows than AT_ONCE go one INSERT each.
 */
#define AT_ONCE 32

/* One result to store and the document it came from. */
struct pending {
	struct br_record *r;
	int64_t doc;
	int64_t id;   /* its row once stored */
	uint64_t key; /* its br_record_merge_key, computed once */
};


struct queued_source {
	int64_t rec, doc;            /* rec: 0 while its record is queued */
	const struct pending *owner; /* that record (its id once written) */
	const struct br_source *src;
};

struct queued_record {
	struct pending *p;
	struct br_buf json;         /* its JSON line (the buffer kept for the next) */
	char when[BR_DATE_BUF];     /* its ran_at */
};

struct stmts {
	sqlite3_stmt *sel_doc, *ins_doc, *ins_rec, *ins_src, *upd_rec;
	sqlite3_stmt *ins_recs, *ins_srcs; /* AT_ONCE rows */
	sqlite3_stmt *cand[4];  /* CAND_* */
	sqlite3_stmt *sel_json;
	const char *stamp;      /* records' `added` */
	struct br_buf json; /* the JSON line of the record written back (one buffer for all) */
	struct queued_record recs[AT_ONCE];
	struct queued_source srcs[4 * AT_ONCE]; /* written AT_ONCE at a time */
	size_t nrecs, nsrcs;
};

static void stmts_free(struct stmts *s)
{
	sqlite3_finalize(s->sel_doc);
	sqlite3_finalize(s->ins_doc);
	for (size_t i = 0; i < BR_ARRAY_LEN(s->cand); i++)
		sqlite3_finalize(s->cand[i]);
	sqlite3_finalize(s->sel_json);
	sqlite3_finalize(s->ins_rec);
	sqlite3_finalize(s->ins_src);
	sqlite3_finalize(s->ins_recs);
	sqlite3_finalize(s->ins_srcs);
	sqlite3_finalize(s->upd_rec);
	br_buf_free(&s->json);
	for (size_t i = 0; i < AT_ONCE; i++)
		br_buf_free(&s->recs[i].json);
}

/* "INSERT INTO table (columns) VALUES (?, ...), ..." of AT_ONCE rows of
 * ncol values. */
static int prep_rows(struct br_archive *a, sqlite3_stmt **st, const char *head, int ncol)
{
	struct br_buf q = BR_BUF_INIT;
	br_buf_adds(&q, head);
	for (int i = 0; i < AT_ONCE; i++) {
		br_buf_adds(&q, i ? ", (?" : " VALUES (?");
		for (int c = 1; c < ncol; c++)
			br_buf_adds(&q, ", ?");
		br_buf_addc(&q, ')');
	}
	int rc = prep(a, st, q.data);
	br_buf_free(&q);
	return rc;
}

static int stmts_prepare(struct br_archive *a, struct stmts *s)
{
	int rc;
	if ((rc = prep_rows(a, &s->ins_srcs,
			    "INSERT INTO sources (record_id, document_id, file, line, end_line, format, excerpt)", 7)) ||
	    (rc = prep_rows(a, &s->ins_recs,
			    "INSERT INTO records (tool, version, host, label, added, merge_key, json, ran_at, "
			    "ran_at_from)", 9)) ||
	    (rc = prep(a, &s->sel_doc, "SELECT id FROM documents WHERE sha256 = ?1")) ||
	    (rc = prep(a, &s->ins_doc,
		       "INSERT INTO documents (name, sha256, bytes, added, details) VALUES (?1, ?2, ?3, ?4, ?5)")) ||
	    (rc = prep(a, &s->cand[CAND_SAME],
		       "SELECT id FROM records WHERE tool = ?1 AND merge_key = ?2 AND host = ?3")) ||
	    (rc = prep(a, &s->cand[CAND_NONE],
		       "SELECT id FROM records WHERE tool = ?1 AND merge_key = ?2 AND host IS NULL")) ||
	    (rc = prep(a, &s->cand[CAND_PREFIX],
		       "WITH RECURSIVE p(k) AS (SELECT 1 WHERE length(?3) > 1"
		       " UNION ALL SELECT k + 1 FROM p WHERE k + 1 < length(?3))"
		       " SELECT id FROM records WHERE tool = ?1 AND merge_key = ?2"
		       " AND host IN (SELECT substr(?3, 1, k) FROM p)"
		       " AND instr(json, '\"host_cut\":true') > 0")) ||
	    (rc = prep(a, &s->cand[CAND_LONGER],
		       "SELECT id FROM records WHERE tool = ?1 AND merge_key = ?2"
		       " AND host > ?3 AND host < ?3 || char(1114111)")) ||
	    (rc = prep(a, &s->sel_json, "SELECT json FROM records WHERE id = ?1")) ||
	    (rc = prep(a, &s->ins_rec,
		       "INSERT INTO records (tool, version, host, label, added, merge_key, json, ran_at, "
		       "ran_at_from) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)")) ||
	    (rc = prep(a, &s->ins_src,
		       "INSERT INTO sources (record_id, document_id, file, line, end_line, format, excerpt) "
		       "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)")) ||
	    (rc = prep(a, &s->upd_rec,
		       "UPDATE records SET version = ?1, host = ?2, label = ?3, json = ?4, ran_at = ?6, "
		       "ran_at_from = ?7 WHERE id = ?5")))
		return rc;
	return BR_ARCHIVE_OK;
}

/* Step a statement that returns no rows, then reset it. */
static int done(struct br_archive *a, sqlite3_stmt *st)
{
	int s = sqlite3_step(st);
	int rc = s == SQLITE_DONE ? BR_ARCHIVE_OK : db_fail(a, "write");
	sqlite3_reset(st);
	sqlite3_clear_bindings(st);
	return rc;
}

/* The id of the document with these bytes, 0 if none; -1 on error. */
static int64_t known_document(struct br_archive *a, sqlite3_stmt *sel_doc, const char *sha)
{
	bind_str(sel_doc, 1, sha);
	int s = sqlite3_step(sel_doc);
	int64_t id = s == SQLITE_ROW ? sqlite3_column_int64(sel_doc, 0) : 0;
	if (s != SQLITE_ROW && s != SQLITE_DONE) {
		db_fail(a, "read");
		id = -1;
	}
	sqlite3_reset(sel_doc);
	return id;
}

/* Bind a queued source to the 7 parameters of st from i + 1 on. */
static void bind_source(sqlite3_stmt *st, int i, const struct queued_source *q)
{
	const struct br_source *src = q->src;
	sqlite3_bind_int64(st, i + 1, q->owner ? q->owner->id : q->rec);
	if (q->doc)
		sqlite3_bind_int64(st, i + 2, q->doc);
	else
		sqlite3_bind_null(st, i + 2);
	bind_str(st, i + 3, src->file ? src->file : "");
	sqlite3_bind_int64(st, i + 4, src->line);
	sqlite3_bind_int64(st, i + 5, src->end_line);
	bind_str(st, i + 6, src->format);
	bind_str(st, i + 7, src->excerpt);
}

/* Bind a queued record to the 9 parameters of st from i + 1 on. */
static void bind_record(sqlite3_stmt *st, int i, const struct queued_record *q, const char *stamp)
{
	const struct br_record *r = q->p->r;
	bool dated = q->when[0] != '\0';
	bind_str(st, i + 1, br_tool_name(r->tool));
	bind_str(st, i + 2, r->version);
	bind_str(st, i + 3, r->host);
	bind_str(st, i + 4, r->label);
	bind_str(st, i + 5, stamp);
	sqlite3_bind_int64(st, i + 6, (int64_t)q->p->key);
	sqlite3_bind_text(st, i + 7, br_buf_str(&q->json), (int)q->json.len, SQLITE_STATIC);
	bind_str(st, i + 8, dated ? q->when : NULL);
	bind_str(st, i + 9, dated ? br_ran_from_name((enum br_ran_from)r->ran_at_from) : NULL);
}

/* Write the queued records, each then knowing its id: all of them, or
 * only a full queue (AT_ONCE rows to one INSERT). */
static int flush_records(struct br_archive *a, struct stmts *s, bool all)
{
	int rc = BR_ARCHIVE_OK;
	if (s->nrecs == AT_ONCE) {
		for (size_t i = 0; i < AT_ONCE; i++)
			bind_record(s->ins_recs, 9 * (int)i, &s->recs[i], s->stamp);
		if (!(rc = done(a, s->ins_recs))) {
			int64_t last = sqlite3_last_insert_rowid(a->db);
			for (size_t i = 0; i < AT_ONCE; i++)
				s->recs[i].p->id = last - (int64_t)(AT_ONCE - 1 - i);
		}
		s->nrecs = 0;
	} else if (all) {
		for (size_t i = 0; i < s->nrecs && !rc; i++) {
			bind_record(s->ins_rec, 0, &s->recs[i], s->stamp);
			if (!(rc = done(a, s->ins_rec)))
				s->recs[i].p->id = sqlite3_last_insert_rowid(a->db);
		}
		s->nrecs = 0;
	}
	return rc;
}

/*
 * Write the queued records, then the queued sources: AT_ONCE rows to an
 * INSERT; with all, the rest one INSERT each, else the rest stays queued
 * (after a full queue of records, the sources queued have their records'
 * ids, however many each record has).
 */
static int flush_rows(struct br_archive *a, struct stmts *s, bool all)
{
	int rc = flush_records(a, s, all);
	size_t i = 0;
	for (; !rc && s->nsrcs - i >= AT_ONCE; i += AT_ONCE) {
		for (size_t k = 0; k < AT_ONCE; k++)
			bind_source(s->ins_srcs, 7 * (int)k, &s->srcs[i + k]);
		rc = done(a, s->ins_srcs);
	}
	for (; !rc && all && i < s->nsrcs; i++) {
		bind_source(s->ins_src, 0, &s->srcs[i]);
		rc = done(a, s->ins_src);
	}
	if (rc)
		i = s->nsrcs; /* a failed add: nothing more is written */
	memmove(s->srcs, s->srcs + i, (s->nsrcs - i) * sizeof *s->srcs);
	s->nsrcs -= i;
	return rc;
}

/* Queue a source of record rec (or of the queued record owner). */
static int insert_source(struct br_archive *a, struct stmts *s, int64_t rec, const struct pending *owner,
			 int64_t doc, const struct br_source *src)
{
	/* full (a record's sources outnumber the records queued): all written */
	if (s->nsrcs == BR_ARRAY_LEN(s->srcs)) {
		int rc = flush_rows(a, s, true);
		if (rc)
			return rc;
	}
	s->srcs[s->nsrcs++] = (struct queued_source){rec, doc, owner, src};
	return BR_ARCHIVE_OK;
}

/* Queue r's sources, of record rec (or of the queued record owner). */
static int insert_sources(struct br_archive *a, struct stmts *s, int64_t rec, const struct pending *owner,
			  int64_t doc, const struct br_record *r)
{
	int rc = insert_source(a, s, rec, owner, doc, &r->source);
	for (size_t i = 0; !rc && i < r->nalso; i++)
		rc = insert_source(a, s, rec, owner, doc, &r->also[i]);
	return rc;
}

static bool str_eq(const char *a, const char *b)
{
	return a && b ? strcmp(a, b) == 0 : a == b;
}

static bool same_place(const struct br_source *x, const struct br_source *y)
{
	return x->line == y->line && x->end_line == y->end_line && str_eq(x->file, y->file) &&
	       str_eq(x->format, y->format);
}

/* A result read back from JSON Lines names the original appearance that the
 * archived record may name already: keep each place once in "also". */
static void drop_repeated_places(struct br_record *r)
{
	size_t w = 0;
	for (size_t i = 0; i < r->nalso; i++) {
		bool seen = same_place(&r->also[i], &r->source);
		for (size_t k = 0; k < w && !seen; k++)
			seen = same_place(&r->also[i], &r->also[k]);
		if (seen) {
			free(r->also[i].file);
			free(r->also[i].format);
			free(r->also[i].excerpt);
		} else {
			r->also[w++] = r->also[i];
		}
	}
	r->nalso = w;
}

/* Archived record id, read (once) into the cache; NULL if unreadable. */
static struct centry *candidate(struct stmts *s, struct cache *c, int64_t id)
{
	struct centry *e = cache_get(c, id);
	if (e)
		return e;
	sqlite3_bind_int64(s->sel_json, 1, id);
	struct br_record *x = NULL;
	if (sqlite3_step(s->sel_json) == SQLITE_ROW)
		x = record_from_json(col_str(s->sel_json, 0), (size_t)sqlite3_column_bytes(s->sel_json, 0));
	sqlite3_reset(s->sel_json);
	return x ? cache_put(c, id, x) : NULL; /* unreadable: never a merge target */
}

/* A query add_candidates made: its kind, tool, merge key and host. */
struct asked {
	uint64_t hash;          /* 0 = empty slot */
	int kind;
	enum br_tool tool;
	int64_t key;
	char *host;
};

/* Candidates: the records archived before this add that the results
 * may be the same run as, each once, with their stored merge key. */
struct candidates {
	struct br_record **r;
	int64_t *id, *key;
	size_t n, cap, cap_id, cap_key;
	struct asked *asked;    /* the queries made (open addressing) */
	size_t acap, nasked;
};

static uint64_t query_hash(int kind, enum br_tool tool, int64_t key, const char *host)
{
	uint64_t h = 1469598103934665603ull;
	h = (h ^ (uint64_t)kind) * 1099511628211ull;
	h = (h ^ (uint64_t)tool) * 1099511628211ull;
	h = (h ^ (uint64_t)key) * 1099511628211ull;
	for (const char *p = host ? host : ""; *p; p++)
		h = (h ^ (unsigned char)*p) * 1099511628211ull;
	h = (h ^ (host ? 1u : 2u)) * 1099511628211ull;
	return h ? h : 1;
}

/* Was this query made before (its rows are candidates already)? If not, it
 * is noted. */
static bool asked_before(struct candidates *cd, int kind, enum br_tool tool, int64_t key, const char *host)
{
	uint64_t h = query_hash(kind, tool, key, host);
	if (cd->acap) {
		size_t j = (size_t)(h >> 11) & (cd->acap - 1);
		for (; cd->asked[j].hash; j = (j + 1) & (cd->acap - 1)) {
			const struct asked *q = &cd->asked[j];
			if (q->hash == h && q->kind == kind && q->tool == tool && q->key == key &&
			    (q->host && host ? strcmp(q->host, host) == 0 : q->host == host))
				return true;
		}
	}
	if ((cd->nasked + 1) * 2 > cd->acap) {
		size_t ocap = cd->acap;
		struct asked *old = cd->asked;
		cd->acap = ocap ? ocap * 2 : 256;
		cd->asked = br_calloc(cd->acap, sizeof *cd->asked);
		for (size_t i = 0; i < ocap; i++)
			if (old[i].hash) {
				size_t j = (size_t)(old[i].hash >> 11) & (cd->acap - 1);
				while (cd->asked[j].hash)
					j = (j + 1) & (cd->acap - 1);
				cd->asked[j] = old[i];
			}
		free(old);
	}
	size_t j = (size_t)(h >> 11) & (cd->acap - 1);
	while (cd->asked[j].hash)
		j = (j + 1) & (cd->acap - 1);
	cd->asked[j] = (struct asked){h, kind, tool, key, host ? br_strdup(host) : NULL};
	cd->nasked++;
	return false;
}

static void candidates_free(struct candidates *cd)
{
	for (size_t i = 0; i < cd->acap; i++)
		free(cd->asked[i].host);
	free(cd->asked);
	free(cd->r);
	free(cd->id);
	free(cd->key);
}

/* The archived records whose host can match r's: the same host (or no
 * host), a cut host that starts r's (its JSON says host_cut), and when r's
 * host is cut, a longer one it starts; each through records_bucket_host. */
static int add_candidates(struct br_archive *a, struct stmts *s, struct cache *c, const struct pending *p,
			  struct candidates *cd, size_t *loaded)
{
	const struct br_record *r = p->r;
	int64_t key = (int64_t)p->key;
	int queries[3], nq = 0;
	if (!r->host) {
		queries[nq++] = CAND_NONE;
	} else {
		queries[nq++] = CAND_SAME;
		queries[nq++] = CAND_PREFIX;
		if (r->host_cut)
			queries[nq++] = CAND_LONGER;
	}
	const char *tool = br_tool_name(r->tool);
	for (int q = 0; q < nq; q++) {
		if (asked_before(cd, queries[q], r->tool, key, r->host))
			continue;
		sqlite3_stmt *st = s->cand[queries[q]];
		bind_str(st, 1, tool);
		sqlite3_bind_int64(st, 2, key);
		if (r->host)
			bind_str(st, 3, r->host);
		int step;
		while ((step = sqlite3_step(st)) == SQLITE_ROW) {
			int64_t id = sqlite3_column_int64(st, 0);
			if (cache_get(c, id))
				continue; /* a candidate already */
			struct centry *e = candidate(s, c, id);
			++*loaded;
			if (!e)
				continue;
			cd->r = br_grow(cd->r, &cd->cap, cd->n + 1, sizeof *cd->r);
			cd->id = br_grow(cd->id, &cd->cap_id, cd->n + 1, sizeof *cd->id);
			cd->key = br_grow(cd->key, &cd->cap_key, cd->n + 1, sizeof *cd->key);
			cd->r[cd->n] = e->r;
			cd->id[cd->n] = id;
			cd->key[cd->n++] = key;
		}
		sqlite3_reset(st);
		if (step != SQLITE_DONE)
			return db_fail(a, "read");
	}
	return BR_ARCHIVE_OK;
}

/* Queue p's record and its sources (see AT_ONCE): p->id is set when the
 * queue is written. */
static int insert_record(struct br_archive *a, struct stmts *s, struct pending *p)
{
	struct queued_record *q = &s->recs[s->nrecs++];
	q->p = p;
	br_buf_reset(&q->json);
	br_record_to_json(p->r, &q->json);
	if (!br_record_ran_at_iso(p->r, q->when))
		q->when[0] = '\0';
	int rc = insert_sources(a, s, 0, p, p->doc, p->r);
	if (!rc && s->nrecs == AT_ONCE)
		rc = flush_rows(a, s, false);
	return rc;
}

/* Write back record r, row id, merged into. */
static int update_record(struct br_archive *a, struct stmts *s, int64_t id, const struct br_record *r)
{
	br_buf_reset(&s->json);
	br_record_to_json(r, &s->json);
	bind_str(s->upd_rec, 1, r->version);
	bind_str(s->upd_rec, 2, r->host);
	bind_str(s->upd_rec, 3, r->label);
	sqlite3_bind_text(s->upd_rec, 4, br_buf_str(&s->json), (int)s->json.len, SQLITE_STATIC);
	sqlite3_bind_int64(s->upd_rec, 5, id);
	char when[BR_DATE_BUF];
	bool dated = br_record_ran_at_iso(r, when);
	bind_str(s->upd_rec, 6, dated ? when : NULL);
	bind_str(s->upd_rec, 7, dated ? br_ran_from_name((enum br_ran_from)r->ran_at_from) : NULL);
	return done(a, s->upd_rec);
}

/*
 * A new archive (create) is written out as it grows: every WRITE_OUT bytes
 * the kernel is told to start writing its file (sync_file_range, which
 * does not wait), and the pages written out by the time before are dropped
 * from its cache, so that an add holds no more than about twice that of
 * the file in memory. Left to the kernel, an add of a million runs held its
 * 2.7 GB as page cache, which cost 2-3 times the system time of writing it
 * out as it comes (the more memory an add takes, the more each page costs
 * the kernel), and the commit then waited for all of it. The pages the
 * transaction reads again, the last ones and its index's, are in SQLite's
 * own cache. Only a new archive: no reader has it open, and nothing of it
 * is in a WAL to be read back.
 */
#define WRITE_OUT ((off_t)64 << 20)

static void write_out(struct br_archive *a, off_t *written)
{
	struct stat sb;
	if (fstat(a->tmp_fd, &sb) != 0 || sb.st_size - *written < WRITE_OUT)
		return;
	/* clean pages only: one still dirty is kept */
	posix_fadvise(a->tmp_fd, 0, *written, POSIX_FADV_DONTNEED);
#ifdef SYNC_FILE_RANGE_WRITE
	sync_file_range(a->tmp_fd, 0, 0, SYNC_FILE_RANGE_WRITE);
#endif
	*written = sb.st_size;
}

/*
 * Store the results in order, each merged into the earliest record that is
 * the same run (br_recset_merge's rule, records by id: the archived ones
 * first) or added. One br_merge_index holds the archived records the
 * results may be the same run as (they stay as they are, only the results
 * merge into them) and then the results: v[0..nc) the archived candidates
 * by id (the cache's, their rows ids[]), v[nc..n) the results (p's, each
 * its row once written), so that the records merged into are written back
 * at the end in id order, one pass along the records table, each once.
 */
static int cmp_id(const void *x, const void *y)
{
	int64_t a = *(const int64_t *)x, b = *(const int64_t *)y;
	return a < b ? -1 : a > b;
}

/* The row of v[k] (store_results). */
static int64_t row_of(const int64_t *ids, const struct pending *p, size_t nc, size_t k)
{
	return k < nc ? ids[k] : p[k - nc].id;
}

static int store_results(struct br_archive *a, struct stmts *s, struct cache *c, struct pending *p,
			 size_t np, bool archive_empty, const char *stamp, struct br_archive_stats *st)
{
	int rc = BR_ARCHIVE_OK;
	off_t written = 0;
	s->stamp = stamp;
	struct candidates cd = {0};
	for (size_t k = 0; k < np && !archive_empty && !rc; k++)
		rc = add_candidates(a, s, c, &p[k], &cd, &st->candidates_compared);
	size_t nc = cd.n, n = nc + np;
	/* by id: (id, position) pairs sorted */
	int64_t (*order)[2] = br_malloc((nc ? nc : 1) * sizeof *order);
	for (size_t k = 0; k < nc; k++) {
		order[k][0] = cd.id[k];
		order[k][1] = (int64_t)k;
	}
	qsort(order, nc, sizeof *order, cmp_id);
	struct br_record **v = br_malloc((n ? n : 1) * sizeof *v);
	uint64_t *keys = br_malloc((n ? n : 1) * sizeof *keys);
	int64_t *ids = br_calloc(nc ? nc : 1, sizeof *ids);
	bool *dirty = br_calloc(n ? n : 1, sizeof *dirty);
	for (size_t k = 0; k < nc; k++) {
		size_t j = (size_t)order[k][1];
		v[k] = cd.r[j];
		keys[k] = (uint64_t)cd.key[j];
		ids[k] = cd.id[j];
	}
	for (size_t k = 0; k < np; k++) {
		v[nc + k] = p[k].r;
		keys[nc + k] = p[k].key;
	}
	struct br_merge_index *ix = br_merge_index_new(v, n, keys);
	for (size_t k = 0; k < nc; k++)
		br_merge_index_keep(ix, k);
	for (size_t k = nc; k < n && !rc; k++) {
		struct pending *q = &p[k - nc];
		size_t t = br_merge_index_find(ix, k);
		if (t == BR_MERGE_NONE) {
			br_merge_index_keep(ix, k);
			rc = insert_record(a, s, q);
			st->records_added++;
			if (a->tmp && st->records_added % 1024 == 0)
				write_out(a, &written);
			continue;
		}
		/* the queues written first (v[t]'s row; the merge changes v[t]
		 * and empties v[k]) */
		if (!(rc = flush_rows(a, s, true)) &&
		    !(rc = insert_sources(a, s, row_of(ids, p, nc, t), NULL, q->doc, v[k])))
			rc = flush_rows(a, s, true);
		br_merge_index_merge(ix, t, k);
		drop_repeated_places(v[t]);
		dirty[t] = true;
		st->records_merged++;
	}
	if (!rc)
		rc = flush_rows(a, s, true);
	/* rows ascend: the archived candidates by id, then the rows added */
	for (size_t k = 0; k < n && !rc; k++)
		if (dirty[k])
			rc = update_record(a, s, row_of(ids, p, nc, k), v[k]);
	struct br_merge_stats ms;
	br_merge_index_stats(ix, &ms);
	st->candidates_compared += ms.compared;
	br_merge_index_free(ix);
	for (size_t k = 0; k < np; k++)
		br_record_free(p[k].r); /* stored, merged (left empty) or not reached */
	free(v);
	free(keys);
	free(ids);
	free(dirty);
	free(order);
	candidates_free(&cd);
	return rc;
}

/* Store the units in one transaction; takes their records. */
static int store(struct br_archive *a, struct unit *u, size_t nu, struct br_archive_stats *st)
{
	struct stmts s = {0};
	struct cache c = {0};
	struct pending *p = NULL;
	size_t np = 0, cap = 0;
	char stamp[32];
	now_iso(stamp);
	int rc = exec(a, "BEGIN IMMEDIATE", "write");
	if (rc)
		return rc;
	if ((rc = fit_indexes(a)) || (rc = refresh_merge_keys(a)) || (rc = stmts_prepare(a, &s)))
		goto fail;
	bool ok;
	bool archive_empty = query_int(a, "SELECT NOT EXISTS (SELECT 1 FROM records)", &ok) == 1;
	if (!ok) {
		rc = db_fail(a, "read");
		goto fail;
	}
	for (size_t i = 0; i < nu; i++) {
		int64_t doc = known_document(a, s.sel_doc, u[i].sha);
		if (doc < 0) {
			rc = BR_ARCHIVE_EIO;
			goto fail;
		}
		if (doc > 0) {
			st->documents_known++;
			continue;
		}
		bind_str(s.ins_doc, 1, u[i].name);
		bind_str(s.ins_doc, 2, u[i].sha);
		sqlite3_bind_int64(s.ins_doc, 3, (int64_t)u[i].bytes);
		bind_str(s.ins_doc, 4, stamp);
		bind_str(s.ins_doc, 5, u[i].details);
		if ((rc = done(a, s.ins_doc)))
			goto fail;
		doc = sqlite3_last_insert_rowid(a->db);
		st->documents++;
		p = br_grow(p, &cap, np + u[i].nrecs, sizeof *p);
		for (size_t k = 0; k < u[i].nrecs; k++) {
			p[np++] = (struct pending){u[i].recs[k], doc, 0, br_record_merge_key(u[i].recs[k])};
			u[i].recs[k] = NULL;
		}
	}
	rc = store_results(a, &s, &c, p, np, archive_empty, stamp, st); /* takes the records */
	free(p);
	p = NULL;
	np = 0;
	if (rc)
		goto fail;
	stmts_free(&s);
	cache_free(&c);
	if ((rc = exec(a, "COMMIT", "write"))) {
		rollback(a);
		return rc;
	}
	return BR_ARCHIVE_OK;
fail:
	for (size_t k = 0; k < np; k++)
		br_record_free(p[k].r);
	free(p);
	stmts_free(&s);
	cache_free(&c);
	rollback(a);
	return rc;
}

/* The units by a string of theirs (their SHA-256, or their name): open
 * addressing, slot = 1 + unit index, so that finding the unit of a
 * document or record is one look-up, not a scan of the units so far. */
struct unit_index {
	size_t *slot;
	size_t cap;
};

static size_t str_hash(const char *s)
{
	uint64_t h = br_fnv1a(s);
	return (size_t)(h ^ (h >> 29));
}

/* The slot of key among units u (key_of gives a unit's key): its unit's,
 * or the empty one where it goes. ix has room (unit_index_room). */
static size_t *unit_slot(const struct unit_index *ix, const struct unit *u,
			 const char *(*key_of)(const struct unit *), const char *key)
{
	size_t k = str_hash(key) & (ix->cap - 1);
	while (ix->slot[k] && strcmp(key_of(&u[ix->slot[k] - 1]), key) != 0)
		k = (k + 1) & (ix->cap - 1);
	return &ix->slot[k];
}

/* Room for one more of the n units indexed. */
static void unit_index_room(struct unit_index *ix, const struct unit *u, size_t n,
			    const char *(*key_of)(const struct unit *))
{
	if ((n + 1) * 2 <= ix->cap)
		return;
	free(ix->slot);
	ix->cap = ix->cap ? 2 * ix->cap : 64;
	ix->slot = br_calloc(ix->cap, sizeof *ix->slot);
	for (size_t i = 0; i < n; i++)
		*unit_slot(ix, u, key_of, key_of(&u[i])) = i + 1;
}

static const char *unit_sha(const struct unit *u)
{
	return u->sha;
}

static const char *unit_name(const struct unit *u)
{
	return u->name;
}

static void sha_piece(void *arg, const char *p, size_t n)
{
	br_sha256_update(arg, p, n);
}

/* The documents of one add, parsed: each document's results as a unit,
 * the document itself freed once parsed (intake_doc). */
struct intake {
	struct unit *u;
	size_t nu, cap;
	struct unit_index by_sha;
	sqlite3_stmt *sel_doc;
};

static int intake_init(struct br_archive *a, struct intake *in)
{
	memset(in, 0, sizeof *in);
	return prep(a, &in->sel_doc, "SELECT id FROM documents WHERE sha256 = ?1");
}

/* Parse doc into a unit, unless its bytes are archived or came before. */
static int intake_doc(struct br_archive *a, struct intake *in, const struct br_doc *doc, struct br_diags *diags,
		      struct br_archive_stats *st)
{
	char sha[65];
	struct br_sha256 c;
	br_sha256_init(&c);
	br_doc_bytes(doc, sha_piece, &c); /* doc->raw has NULs for LFs */
	br_sha256_final_hex(&c, sha);
	unit_index_room(&in->by_sha, in->u, in->nu, unit_sha);
	size_t *slot = unit_slot(&in->by_sha, in->u, unit_sha, sha);
	const char *twin = *slot ? in->u[*slot - 1].name : NULL;
	if (twin) {
		br_diag_add(diags, BR_NOTE, doc->path, 0, "archive", "the same bytes as '%s'; added once", twin);
		st->documents_known++;
		return BR_ARCHIVE_OK;
	}
	int64_t known = known_document(a, in->sel_doc, sha);
	if (known < 0)
		return BR_ARCHIVE_EIO;
	if (known > 0) {
		br_diag_add(diags, BR_NOTE, doc->path, 0, "archive",
			    "already in the archive (document %lld); nothing added", (long long)known);
		st->documents_known++;
		return BR_ARCHIVE_OK;
	}
	struct br_dataset ds = {0};
	br_parse_document(doc, &ds);
	for (size_t k = 0; k < ds.diags.n; k++) {
		const struct br_diag *d = &ds.diags.v[k];
		br_diag_add(diags, d->severity, d->file, d->line, d->parser, "%s", d->message);
		diags->v[diags->n - 1].kept = d->kept;
	}
	in->u = br_grow(in->u, &in->cap, in->nu + 1, sizeof *in->u);
	struct unit *u = &in->u[in->nu];
	memset(u, 0, sizeof *u);
	u->name = br_strdup(doc->path);
	memcpy(u->sha, sha, sizeof sha);
	*slot = ++in->nu;
	u->bytes = doc->raw_len;
	u->recs = ds.records.v;
	u->nrecs = ds.records.n;
	memset(&ds.records, 0, sizeof ds.records);
	br_dataset_free(&ds);
	return BR_ARCHIVE_OK;
}

/* Store what was taken in (when rc, the intake failed: nothing), and free
 * the intake. */
static int intake_store(struct br_archive *a, struct intake *in, int rc, struct br_archive_stats *st)
{
	sqlite3_finalize(in->sel_doc);
	free(in->by_sha.slot);
	if (!rc)
		rc = store(a, in->u, in->nu, st);
	if (rc)
		memset(st, 0, sizeof *st);
	units_free(in->u, in->nu);
	return rc;
}

static int add_docs_once(struct br_archive *a, struct br_doc *const *docs, size_t ndocs,
			 struct br_diags *diags, struct br_archive_stats *st)
{
	memset(st, 0, sizeof *st);
	struct intake in;
	int rc = intake_init(a, &in);
	for (size_t i = 0; i < ndocs && !rc; i++)
		rc = intake_doc(a, &in, docs[i], diags, st);
	return intake_store(a, &in, rc, st);
}

/* Drop the diagnostics added after the first n. */
static void diags_truncate(struct br_diags *d, size_t n)
{
	for (size_t i = n; i < d->n; i++) {
		free(d->v[i].file);
		free(d->v[i].parser);
		free(d->v[i].message);
	}
	d->n = n;
}

int br_archive_add_docs(struct br_archive *a, struct br_doc *const *docs, size_t ndocs,
			struct br_diags *diags, struct br_archive_stats *st)
{
	size_t n0 = diags->n;
	int rc = add_docs_once(a, docs, ndocs, diags, st);
	/* a new archive: in place now; when another writer created it first,
	 * the documents go into theirs (some may be there already) */
	while (!rc && a->tmp && (rc = publish(a, true)) == TAKEN) {
		diags_truncate(diags, n0);
		rc = add_docs_once(a, docs, ndocs, diags, st);
	}
	if (rc && a->tmp)
		start_over(a);
	if (rc)
		memset(st, 0, sizeof *st);
	return rc;
}

/* br_archive_add_dataset's store, into a. */
static int add_dataset_once(struct br_archive *a, const struct br_dataset *ds, const char *details,
			    struct br_archive_stats *st)
{
	memset(st, 0, sizeof *st);
	/* one document per source.file, in order of first appearance */
	struct unit *u = br_calloc(ds->records.n ? ds->records.n : 1, sizeof *u);
	size_t nu = 0;
	struct br_buf *lines = br_calloc(ds->records.n ? ds->records.n : 1, sizeof *lines);
	size_t *caps = br_calloc(ds->records.n ? ds->records.n : 1, sizeof *caps);
	struct unit_index by_name = {0};
	for (size_t i = 0; i < ds->records.n; i++) {
		const struct br_record *r = ds->records.v[i];
		const char *file = r->source.file ? r->source.file : "<unknown>";
		unit_index_room(&by_name, u, nu, unit_name);
		size_t *slot = unit_slot(&by_name, u, unit_name, file);
		if (!*slot) {
			u[nu].name = br_strdup(file);
			u[nu].details = details;
			*slot = ++nu;
		}
		size_t k = *slot - 1;
		u[k].recs = br_grow(u[k].recs, &caps[k], u[k].nrecs + 1, sizeof *u[k].recs);
		u[k].recs[u[k].nrecs++] = br_record_clone(r);
		br_record_to_json(r, &lines[k]);
		br_buf_addc(&lines[k], '\n');
	}
	for (size_t k = 0; k < nu; k++) {
		br_sha256_hex(br_buf_str(&lines[k]), lines[k].len, u[k].sha);
		u[k].bytes = lines[k].len;
		br_buf_free(&lines[k]);
	}
	free(lines);
	free(caps);
	free(by_name.slot);
	int rc = store(a, u, nu, st);
	if (rc)
		memset(st, 0, sizeof *st);
	units_free(u, nu);
	return rc;
}

int br_archive_add_dataset(const char *db, const struct br_dataset *ds, const char *details,
			   struct br_archive_stats *stats)
{
	struct br_archive_stats local = {0};
	struct br_archive_stats *st = stats ? stats : &local;
	memset(st, 0, sizeof *st);
	struct br_archive *a;
	int rc = br_archive_open_write(db, &a);
	if (rc)
		return rc;
	rc = add_dataset_once(a, ds, details, st);
	/* a new archive: as in br_archive_add_docs */
	while (!rc && a->tmp && (rc = publish(a, true)) == TAKEN)
		rc = add_dataset_once(a, ds, details, st);
	if (rc && a->tmp)
		start_over(a);
	if (rc)
		memset(st, 0, sizeof *st);
	br_archive_close(a);
	return rc;
}

/* ------------------------------------------------------------ reading */

bool br_archive_parse_since(const char *s, char *out, size_t n)
{
	/* YYYY-MM-DD[(T| )HH:MM[:SS]][Z] */
	static const char shape[] = "dddd-dd-dd";
	size_t len = strlen(s);
	if (len < 10)
		return false;
	for (size_t i = 0; i < 10; i++)
		if (shape[i] == 'd' ? !(s[i] >= '0' && s[i] <= '9') : s[i] != shape[i])
			return false;
	int mon = (s[5] - '0') * 10 + (s[6] - '0'), day = (s[8] - '0') * 10 + (s[9] - '0');
	if (mon < 1 || mon > 12 || day < 1 || day > 31)
		return false;
	char buf[24];
	memcpy(buf, s, 10);
	size_t w = 10, i = 10;
	if (i < len && (s[i] == 'T' || s[i] == ' ')) {
		const char *t = s + i + 1;
		size_t tl = len - i - 1;
		if (tl && t[tl - 1] == 'Z')
			tl--;
		if (tl != 5 && tl != 8)
			return false;
		for (size_t k = 0; k < tl; k++)
			if (k == 2 || k == 5 ? t[k] != ':' : !(t[k] >= '0' && t[k] <= '9'))
				return false;
		int hh = (t[0] - '0') * 10 + (t[1] - '0'), mm = (t[3] - '0') * 10 + (t[4] - '0');
		if (hh > 23 || mm > 59 || (tl == 8 && (t[6] - '0') * 10 + (t[7] - '0') > 60))
			return false;
		buf[w++] = 'T';
		memcpy(buf + w, t, tl);
		w += tl;
		i = len;
	} else if (i < len && !(s[i] == 'Z' && i + 1 == len)) {
		return false;
	}
	buf[w] = '\0';
	if (w + 1 > n)
		return false;
	memcpy(out, buf, w + 1);
	return true;
}

static void row_from(sqlite3_stmt *st, struct br_archive_row *row)
{
	row->id = sqlite3_column_int64(st, 0);
	row->tool = col_str(st, 1);
	row->version = col_str(st, 2);
	row->host = col_str(st, 3);
	row->label = col_str(st, 4);
	row->added = col_str(st, 5);
	row->json = col_str(st, 6);
	row->nsources = (size_t)sqlite3_column_int64(st, 7);
	row->ran_at = col_str(st, 8);
	row->ran_at_from = col_str(st, 9);
}

/* The columns row_from() reads; an archive of schema 1 (read, not
 * migrated: readers never write) has no run dates. */
static const char *row_columns(const struct br_archive *a)
{
	return a->schema >= 2 ? "SELECT r.id, r.tool, r.version, r.host, r.label, r.added, r.json, "
				"(SELECT count(*) FROM sources s WHERE s.record_id = r.id), r.ran_at, "
				"r.ran_at_from FROM records r"
			      : "SELECT r.id, r.tool, r.version, r.host, r.label, r.added, r.json, "
				"(SELECT count(*) FROM sources s WHERE s.record_id = r.id), NULL, NULL "
				"FROM records r";
}

int br_archive_each(struct br_archive *a, const struct br_archive_filter *f,
		    int (*fn)(void *arg, const struct br_archive_row *row), void *arg)
{
	struct br_buf sql = BR_BUF_INIT;
	br_buf_adds(&sql, row_columns(a));
	br_buf_adds(&sql, " WHERE 1");
	char since[24] = "";
	if (f && f->tool)
		br_buf_adds(&sql, " AND r.tool = ?1");
	if (f && f->host)
		br_buf_adds(&sql, " AND br_match(?2, r.host)");
	if (f && f->label)
		br_buf_adds(&sql, " AND br_match(?3, r.label)");
	if (f && f->since) {
		if (!br_archive_parse_since(f->since, since, sizeof since)) {
			br_buf_free(&sql);
			br_error("'%s' is not a date (YYYY-MM-DD or YYYY-MM-DDTHH:MM)", f->since);
			return BR_ARCHIVE_EDATA;
		}
		br_buf_adds(&sql, a->schema >= 2 ? " AND coalesce(r.ran_at, r.added) >= ?4" : " AND r.added >= ?4");
	}
	br_buf_adds(&sql, " ORDER BY r.id");
	sqlite3_stmt *st;
	int rc = prep(a, &st, sql.data);
	br_buf_free(&sql);
	if (rc)
		return rc;
	if (f) {
		bind_str(st, 1, f->tool);
		bind_str(st, 2, f->host);
		bind_str(st, 3, f->label);
		bind_str(st, 4, f->since ? since : NULL);
	}
	int s;
	while ((s = sqlite3_step(st)) == SQLITE_ROW) {
		struct br_archive_row row;
		row_from(st, &row);
		if (fn(arg, &row))
			break;
	}
	rc = s == SQLITE_ROW || s == SQLITE_DONE ? BR_ARCHIVE_OK : db_fail(a, "read");
	sqlite3_finalize(st);
	return rc;
}

static char *dup_col(sqlite3_stmt *st, int i)
{
	const char *s = col_str(st, i);
	return s ? br_strdup(s) : NULL;
}

int br_archive_show(struct br_archive *a, int64_t id,
		    int (*fn)(void *arg, const struct br_archive_row *row,
			      const struct br_archive_source *src, size_t nsrc),
		    void *arg)
{
	sqlite3_stmt *st, *ss;
	char *q = br_asprintf("%s WHERE r.id = ?1", row_columns(a));
	int rc = prep(a, &st, q);
	free(q);
	if (rc)
		return rc;
	if ((rc = prep(a, &ss,
		       "SELECT s.file, s.line, s.end_line, s.format, s.excerpt, s.document_id, d.name, "
		       "d.sha256, d.added, d.details FROM sources s "
		       "LEFT JOIN documents d ON d.id = s.document_id WHERE s.record_id = ?1 ORDER BY s.id"))) {
		sqlite3_finalize(st);
		return rc;
	}
	sqlite3_bind_int64(st, 1, id);
	sqlite3_bind_int64(ss, 1, id);
	struct br_archive_source *src = NULL;
	size_t n = 0, cap = 0;
	int s = sqlite3_step(st);
	if (s == SQLITE_DONE) {
		br_error("no record %lld in '%s'", (long long)id, a->path);
		rc = BR_ARCHIVE_EDATA;
		goto out;
	}
	if (s != SQLITE_ROW) {
		rc = db_fail(a, "read");
		goto out;
	}
	while ((s = sqlite3_step(ss)) == SQLITE_ROW) {
		src = br_grow(src, &cap, n + 1, sizeof *src);
		struct br_archive_source *x = &src[n++];
		x->file = dup_col(ss, 0);
		x->line = (unsigned)sqlite3_column_int64(ss, 1);
		x->end_line = (unsigned)sqlite3_column_int64(ss, 2);
		x->format = dup_col(ss, 3);
		x->excerpt = dup_col(ss, 4);
		x->document_id = sqlite3_column_int64(ss, 5);
		x->document = dup_col(ss, 6);
		x->sha256 = dup_col(ss, 7);
		x->document_added = dup_col(ss, 8);
		x->details = dup_col(ss, 9);
	}
	if (s != SQLITE_DONE) {
		rc = db_fail(a, "read");
		goto out;
	}
	struct br_archive_row row;
	row_from(st, &row);
	rc = fn(arg, &row, src, n);
out:
	for (size_t i = 0; i < n; i++) {
		free((char *)src[i].file);
		free((char *)src[i].format);
		free((char *)src[i].excerpt);
		free((char *)src[i].document);
		free((char *)src[i].sha256);
		free((char *)src[i].document_added);
		free((char *)src[i].details);
	}
	free(src);
	sqlite3_finalize(st);
	sqlite3_finalize(ss);
	return rc;
}

int br_archive_remove(struct br_archive *a, int64_t id)
{
	int rc = exec(a, "BEGIN IMMEDIATE", "write");
	if (rc)
		return rc;
	sqlite3_stmt *st = NULL;
	if ((rc = prep(a, &st, "DELETE FROM sources WHERE record_id = ?1")))
		goto fail;
	sqlite3_bind_int64(st, 1, id);
	if ((rc = done(a, st)))
		goto fail;
	sqlite3_finalize(st);
	if ((rc = prep(a, &st, "DELETE FROM records WHERE id = ?1")))
		goto fail;
	sqlite3_bind_int64(st, 1, id);
	if ((rc = done(a, st)))
		goto fail;
	sqlite3_finalize(st);
	st = NULL;
	if (sqlite3_changes(a->db) == 0) {
		br_error("no record %lld in '%s'", (long long)id, a->path);
		rc = BR_ARCHIVE_EDATA;
		goto fail;
	}
	if ((rc = exec(a, "COMMIT", "write")))
		goto fail;
	return BR_ARCHIVE_OK;
fail:
	sqlite3_finalize(st);
	rollback(a);
	return rc;
}

struct load_ctx {
	struct br_archive *a;
	struct br_dataset *ds;
	size_t n;
	int64_t id;
	struct br_json_reader *rd; /* one for all the rows */
};

static void load_warn(void *arg, const char *msg)
{
	struct load_ctx *l = arg;
	br_diag_add(&l->ds->diags, BR_WARNING, l->a->path, 0, "archive", "record %lld: %s",
		    (long long)l->id, msg);
}

static int load_row(void *arg, const struct br_archive_row *row)
{
	struct load_ctx *l = arg;
	l->id = row->id;
	const char *err = NULL;
	size_t off = 0;
	struct br_json *j = br_json_reader_parse(l->rd, row->json, strlen(row->json), &err, &off);
	if (!j) {
		br_diag_add(&l->ds->diags, BR_WARNING, l->a->path, 0, "archive",
			    "record %lld: stored JSON is invalid (%s at column %zu); skipped",
			    (long long)row->id, err, off + 1);
		return 0;
	}
	struct br_record *r = br_jsonl_record(j, load_warn, l);
	br_json_free(j);
	if (r) {
		br_recset_add(&l->ds->records, r);
		l->n++;
	}
	return 0;
}

int br_archive_load(struct br_archive *a, const struct br_archive_filter *f, struct br_dataset *ds)
{
	size_t idx = ds->ninputs;
	struct br_input *in = br_dataset_add_input(ds, a->path);
	struct stat st;
	if (stat(a->path, &st) == 0)
		in->bytes = (size_t)st.st_size;
	struct load_ctx l = {a, ds, 0, 0, NULL};
	/* one read transaction: a consistent snapshot while an add goes on */
	int rc = exec(a, "BEGIN", "read");
	if (rc)
		return rc;
	l.rd = br_json_reader_new();
	rc = br_archive_each(a, f, load_row, &l);
	br_json_reader_free(l.rd);
	sqlite3_exec(a->db, "COMMIT", NULL, NULL, NULL);
	ds->inputs[idx].nrecords = l.n;
	return rc;
}

int br_archive_read(const char *path, struct br_dataset *ds)
{
	struct br_archive *a;
	int rc = br_archive_open_read(path, &a);
	if (rc)
		return rc;
	rc = br_archive_load(a, NULL, ds);
	br_archive_close(a);
	return rc;
}

int br_archive_check(struct br_archive *a, bool *ok, struct br_buf *report)
{
	*ok = true;
	sqlite3_stmt *st;
	int rc = prep(a, &st, "PRAGMA integrity_check");
	if (rc)
		return rc;
	int s;
	while ((s = sqlite3_step(st)) == SQLITE_ROW) {
		const char *msg = col_str(st, 0);
		if (!msg || strcmp(msg, "ok") != 0)
			*ok = false;
		br_buf_addf(report, "%s\n", msg ? msg : "(null)");
	}
	sqlite3_finalize(st);
	if (s != SQLITE_DONE)
		return db_fail(a, "read");
	if ((rc = prep(a, &st, "PRAGMA foreign_key_check")))
		return rc;
	while ((s = sqlite3_step(st)) == SQLITE_ROW) {
		*ok = false;
		br_buf_addf(report, "foreign key: %s row %lld refers to a missing %s row\n", col_str(st, 0),
			    (long long)sqlite3_column_int64(st, 1), col_str(st, 2));
	}
	sqlite3_finalize(st);
	if (s != SQLITE_DONE)
		return db_fail(a, "read");
	return BR_ARCHIVE_OK;
}

static void add_error(char ***errors, size_t *n, size_t *cap, char *msg)
{
	*errors = br_grow(*errors, cap, *n + 1, sizeof **errors);
	(*errors)[(*n)++] = msg;
}

/* br_archive_add_files into a: each file read, parsed and freed in turn
 * (no more than one document's bytes held at once), but standard input
 * ("-"), which cannot be read again, is kept in stdin_docs[i] for an add
 * that must be done again (publish: TAKEN), and taken from there then. */
static int add_files_once(struct br_archive *a, char *const *files, size_t nfiles, struct br_diags *diags,
			  struct br_archive_stats *st, char ***errors, size_t *nerrors, struct br_doc **stdin_docs)
{
	size_t cap = 0;
	*errors = NULL;
	*nerrors = 0;
	memset(st, 0, sizeof *st);
	struct intake in;
	int rc = intake_init(a, &in);
	for (size_t i = 0; i < nfiles && !rc; i++) {
		if (br_archive_is_sqlite(files[i])) {
			add_error(errors, nerrors, &cap,
				  br_asprintf("'%s' is an SQLite file, not a document (to merge archives: "
					      "'benchreport archive export %s > x.jsonl', then add x.jsonl)",
					      files[i], files[i]));
			continue;
		}
		bool is_stdin = strcmp(files[i], "-") == 0;
		struct br_doc *doc = is_stdin ? stdin_docs[i] : NULL;
		if (!doc && br_doc_load(files[i], &doc) < 0) {
			add_error(errors, nerrors, &cap, br_strdup(br_last_error()));
			continue;
		}
		rc = intake_doc(a, &in, doc, diags, st);
		if (is_stdin)
			stdin_docs[i] = doc;
		else
			br_doc_free(doc);
	}
	return intake_store(a, &in, rc, st);
}

int br_archive_add_files(struct br_archive *a, char *const *files, size_t nfiles, struct br_diags *diags,
			 struct br_archive_stats *st, char ***errors, size_t *nerrors)
{
	size_t n0 = diags->n;
	struct br_doc **stdin_docs = br_calloc(nfiles ? nfiles : 1, sizeof *stdin_docs);
	int rc = add_files_once(a, files, nfiles, diags, st, errors, nerrors, stdin_docs);
	/* a new archive: as in br_archive_add_docs */
	while (!rc && a->tmp && (rc = publish(a, true)) == TAKEN) {
		diags_truncate(diags, n0);
		for (size_t i = 0; i < *nerrors; i++)
			free((*errors)[i]);
		free(*errors);
		rc = add_files_once(a, files, nfiles, diags, st, errors, nerrors, stdin_docs);
	}
	for (size_t i = 0; i < nfiles; i++)
		br_doc_free(stdin_docs[i]);
	free(stdin_docs);
	if (rc && a->tmp)
		start_over(a);
	if (rc)
		memset(st, 0, sizeof *st);
	return rc;
}
