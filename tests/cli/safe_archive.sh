# The archive: readers create no files and work where they cannot write; a
# damaged archive is not written into; a dead creator's leftovers go
# (issue 17, items 4, 5 and 6).
. tests/cli/lib.sh

IN1=corpus/hdparm-busybox.txt
IN2=corpus/hdparm-forum-paste.txt
IN3=corpus/bonniepp-csv-196.txt

# another user for the shared cases: nobody, if it can run the binary here
AS=
if [ "$(id -u)" -eq 0 ] && command -v setpriv >/dev/null 2>&1; then
	AS="setpriv --reuid=nobody --regid=nogroup --clear-groups"
	chmod 755 "$T"
	$AS test -x "$BR_BIN" 2>/dev/null && $AS test -r "$IN1" || AS=
fi
[ -n "$AS" ] || echo "note: cannot run as another user here: the shared-directory cases are skipped"

# --- the owner's archive in a sticky, world-writable directory: a reader
# (another user) leaves nothing behind, and the owner can still add
if [ -n "$AS" ]; then
	S="$T/sticky"
	mkdir "$S" && chmod 1777 "$S"
	expect_status 0 $BR archive add "$S/a.db" $IN1
	id=$($BR archive list "$S/a.db" --format jsonl | head -1 >/dev/null; echo 1)
	for cmd in "archive list $S/a.db" "archive show $S/a.db $id" "archive export $S/a.db" \
		"archive check $S/a.db" "$S/a.db -f jsonl" "$S/a.db"; do
		expect_status 0 $AS $BR $cmd
	done
	[ "$(ls -A "$S")" = a.db ] || { ls -la "$S"; fail "a reader left files beside the archive"; }
	expect_status 0 $BR archive add "$S/a.db" $IN2
	expect_out "1 document added"
	# an archive an older benchreport left in WAL mode (no -wal at rest)
	sqlite3 "$S/a.db" 'PRAGMA journal_mode = WAL' >/dev/null 2>&1 || echo "note: no sqlite3 shell: the WAL-at-rest case is skipped"
	expect_status 0 $AS $BR archive list "$S/a.db"
	[ "$(ls -A "$S")" = a.db ] || { ls -la "$S"; fail "a reader of a WAL archive left files"; }
	expect_status 0 $BR archive add "$S/a.db" $IN3
	expect_status 0 $AS $BR archive list "$S/a.db"

	# --- a read-only directory: every reader works
	R="$T/readonly"
	mkdir "$R" && cp "$S/a.db" "$R/a.db" && chmod 555 "$R"
	for cmd in "archive list $R/a.db" "archive show $R/a.db 1" "archive export $R/a.db" \
		"archive check $R/a.db" "$R/a.db -f jsonl"; do
		expect_status 0 $AS $BR $cmd
	done
	[ "$(ls -A "$R")" = a.db ] || fail "files appeared in a read-only directory"
	# a writer there fails with exit 3 and a message, the archive intact
	expect_status 3 $AS $BR archive add "$R/a.db" $IN1
	expect_status 0 $BR archive check "$R/a.db"
fi

# --- a damaged archive: add refuses before writing, names `archive check`
D="$T/damaged.db"
expect_status 0 $BR archive add "$D" corpus/*.txt
if command -v sqlite3 >/dev/null 2>&1 &&
	page=$(sqlite3 "$D" "SELECT pageno FROM dbstat WHERE name = 'records' AND pagetype = 'leaf' ORDER BY pageno LIMIT 1 OFFSET 1" 2>/dev/null) &&
	[ -n "$page" ]; then
	psize=$(sqlite3 "$D" 'PRAGMA page_size')
	printf '\377\377\377\377\377\377\377\377' | dd of="$D" bs=1 seek=$(((page - 1) * psize + 1)) conv=notrunc 2>/dev/null
	cp "$D" "$T/damaged.before"
	printf '/dev/sdq:\n Timing cached reads:   1234 MB in  2.00 seconds = 617.00 MB/sec\n' >"$T/new.txt"
	expect_status 1 $BR archive add "$D" "$T/new.txt"
	expect_err "is damaged; nothing was written (see 'benchreport archive check"
	cmp -s "$D" "$T/damaged.before" || fail "a damaged archive was written into"
	expect_status 1 $BR archive check "$D"
else
	echo "note: no sqlite3 shell with dbstat: the damaged-page case is skipped"
fi

# --- a writer killed with its rollback journal hot (while switching the
# journal mode): readers that may write finish the recovery, creating
# nothing; one that may not says so (exit 3)
H="$T/hot"
mkdir "$H"
expect_status 0 $BR archive add -q "$H/a.db" corpus/*.txt
if command -v python3 >/dev/null 2>&1 && python3 -c '
import sqlite3, os, sys
con = sqlite3.connect(sys.argv[1], isolation_level=None)
con.execute("PRAGMA cache_size = 2")
con.execute("BEGIN IMMEDIATE")
con.execute("UPDATE records SET json = json || \" \"")
os._exit(0)' "$H/a.db" && [ -s "$H/a.db-journal" ]; then
	if [ -n "$AS" ]; then
		chmod 755 "$H"
		expect_status 3 $AS $BR archive list "$H/a.db"
		expect_err "an interrupted write left it to be recovered"
		[ -s "$H/a.db-journal" ] || fail "a reader without write permission touched the journal"
	fi
	expect_status 0 $BR archive check "$H/a.db"
	expect_out '^ok$'
	[ "$(ls -A "$H")" = a.db ] || { ls -la "$H"; fail "the recovery left files"; }
	expect_status 0 $BR archive export "$H/a.db"
	grep -q '} $' "$T/out" && fail "the interrupted write was not rolled back"
else
	echo "note: no python3 sqlite3: the hot-journal case is skipped"
fi

# --- leftovers of a creator killed by SIGKILL (unlocked) are removed by
# the next writer; a stranger's file of the same shape is not ours to touch
N="$T/new.db"
: >"$N.new-999999-0"
: >"$N.new-999999-0-journal"
: >"$N.new-999999-1-wal"
expect_status 0 $BR archive add "$N" $IN1
left=$(ls -A "$T" | grep 'new.db.new-' || true)
[ -z "$left" ] || fail "leftovers of a dead creator stayed: $left"
[ "$(ls -A "$T" | grep -c '^new.db')" -eq 1 ] || { ls -A "$T"; fail "files beside the new archive"; }
exit 0
