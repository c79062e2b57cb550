# The SQLite archive (issue 7): add, list, show, rm, export, check; a report
# from the archive is the report from the files; adding twice adds nothing;
# export → re-import gives the same records; refusal of what is not an
# archive; a kill -9 and a full disk in the middle of an add leave the
# archive as it was.
. tests/cli/lib.sh

# Records of every tool (parsers of some may not exist yet) plus corpus/.
cat >"$T/tools.jsonl" <<'EOF'
{"schema":1,"tool":"hdparm","version":null,"host":"/dev/sdx9","label":"Fixture: USB stick","source":{"file":"orig/hdparm.txt","line":3,"end_line":4,"format":"hdparm","excerpt":"/dev/sdx9:\n Timing buffered disk reads:  62 MB in  3.04 seconds =  20.39 MB/sec"},"params":{"mb":62,"seconds":3.04},"metrics":{"buffered_read":{"value":20879.36,"unit":"KiB/s","raw":"20.39"}}}
{"schema":1,"tool":"rawio","version":null,"host":"md0","label":"Fixture: RAID 5 / 6 disks","source":{"file":"orig/rawio.txt","line":7,"end_line":7,"format":"rawio","excerpt":"md0  RR  3085  753.2"},"params":{},"metrics":{"random_read":{"value":3012.6953125,"unit":"KiB/s","raw":"3085"},"random_read_ops":{"value":753.2,"unit":"/s","raw":"753.2"}}}
{"schema":1,"tool":"bonnie","version":null,"host":"sprocket","label":"Fixture: RAID 0 / 2 disks","source":{"file":"orig/bonnie.txt","line":12,"end_line":14,"format":"bonnie","excerpt":"sprocket  100  4102 97.1 12001 20.5"},"params":{"size":"100"},"metrics":{"putc":{"value":4102,"unit":"KiB/s","cpu":97.1,"raw":"4102"},"put_block":{"value":12001,"unit":"KiB/s","cpu":20.5,"raw":"12001"},"seeks":{"value":null,"unit":"/s","raw":"+++++","too_fast":true}}}
EOF
docs="$T/tools.jsonl"
for f in corpus/*.txt; do [ -f "$f" ] && docs="$docs $f"; done
DB="$T/results.db"

# --- add, then report from the archive = report from the files
expect_status 0 $BR archive add "$DB" $docs
expect_out "^$DB: [0-9]* documents added, [0-9]* records added"
[ -f "$DB" ] || fail "archive not created"
expect_status 0 $BR --format jsonl $docs
cp "$T/out" "$T/files.jsonl"
n=$(wc -l <"$T/files.jsonl")
[ "$n" -ge 3 ] || fail "too few records ($n)"
expect_status 0 $BR --format jsonl "$DB"
cmp -s "$T/files.jsonl" "$T/out" || { diff "$T/files.jsonl" "$T/out" | head; fail "report from the archive differs (jsonl)"; }
[ -s "$T/err" ] && { cat "$T/err"; fail "warnings when reading the archive"; }
expect_status 0 $BR archive export "$DB"
cmp -s "$T/files.jsonl" "$T/out" || fail "export differs from --format jsonl of the files"
expect_status 0 $BR "$DB"
cp "$T/out" "$T/db.txt"
expect_status 0 $BR $docs
cmp -s "$T/out" "$T/db.txt" || { diff "$T/out" "$T/db.txt" | head; fail "text table from the archive differs"; }
# detected by its header bytes, not by its name
cp "$DB" "$T/no-extension"
expect_status 0 $BR --format jsonl "$T/no-extension"
cmp -s "$T/files.jsonl" "$T/out" || fail "archive without .db not read"
# an archive and a document together
expect_status 0 $BR --format jsonl "$DB" "$T/tools.jsonl"

# --- the same documents again: nothing added
cp "$T/files.jsonl" "$T/before.jsonl"
expect_status 0 $BR archive add "$DB" $docs
expect_out "^$DB: 0 documents added ([0-9]* already archived), 0 records added$"
expect_err "already in the archive"
expect_status 0 $BR archive export "$DB"
cmp -s "$T/before.jsonl" "$T/out" || fail "second add changed the archive"

# --- the same run in another document: one record, two sources
sed -n 1p "$T/tools.jsonl" >"$T/reply.jsonl"
printf '\n' >>"$T/reply.jsonl" # other bytes, same run
expect_status 0 $BR archive add "$DB" "$T/reply.jsonl"
expect_out "0 records added, 1 merged into archived records"
expect_status 0 $BR archive list "$DB" --host /dev/sdx9 --format jsonl
[ "$(wc -l <"$T/out")" -eq 1 ] || fail "the same run became two records"
expect_status 0 $BR archive list "$DB" --tool hdparm --host /dev/sdx9
expect_out '^ID  TOOL'
expect_out '/dev/sdx9  *Fixture: USB stick  *2  '
id=$(awk 'NR==2 {print $1}' "$T/out")
expect_status 0 $BR archive show "$DB" "$id"
expect_out "^record $id, added "
expect_out "sources (2)"
expect_out "buffered_read  *20879.36 KiB/s"
expect_out "in document .*tools.jsonl', sha256 [0-9a-f]\{64\}"
expect_out "in document .*reply.jsonl'"
expect_out '     | /dev/sdx9:'
expect_out '     |  Timing buffered disk reads:  62 MB in  3.04 seconds =  20.39 MB/sec'
expect_status 0 $BR archive show "$DB" "$id" --format jsonl
expect_out '^{"schema":2,"tool":"hdparm"'

# --- filters
expect_status 0 $BR archive list "$DB" --label 'Fixture: RAID*' --format jsonl
[ "$(wc -l <"$T/out")" -eq 2 ] || fail "--label glob"
expect_status 0 $BR archive list "$DB" --host sprocket
expect_out 'sprocket'
# --since: the run date where the record has one, else the day it was added
# (SOURCE_DATE_EPOCH's, 2023-11-14, for all)
expect_status 0 $BR archive list "$DB" --since 2023-11-14 --format jsonl
want=$(sed 's/.*"ran_at":\("[^"]*"\|null\).*/\1/' "$T/files.jsonl" |
	awk '$0 == "null" || $0 >= "\"2023-11-14" { k++ } END { print k + 0 }')
undated=$(grep -c '"ran_at":null' "$T/files.jsonl")
[ "$undated" -gt 0 ] && [ "$want" -lt "$n" ] || fail "expected dated and undated records"
[ "$(wc -l <"$T/out")" -eq "$want" ] || fail "--since 2023-11-14: $(wc -l <"$T/out") records, not $want"
grep -q '"ran_at":"200' "$T/out" && fail "--since 2023-11-14 let a run of the 2000s through"
expect_status 0 $BR archive list "$DB" --since 1990-01-01 --format jsonl
[ "$(wc -l <"$T/out")" -eq "$n" ] || fail "--since 1990-01-01: not every record"
expect_status 1 $BR archive list "$DB" --since 2030-01-01
expect_err "no records in '$DB' match"
expect_status 2 $BR archive list "$DB" --since yesterday
expect_status 2 $BR archive list "$DB" --tool fio

# --- export → re-import into a fresh archive: the same records
expect_status 0 $BR archive export "$DB"
cp "$T/out" "$T/export.jsonl"
expect_status 0 $BR archive add "$T/fresh.db" "$T/export.jsonl"
expect_status 0 $BR archive export "$T/fresh.db"
cmp -s "$T/export.jsonl" "$T/out" || { diff "$T/export.jsonl" "$T/out" | head; fail "re-import gives other records"; }

# --- rm
expect_status 0 $BR archive rm "$DB" "$id"
expect_status 1 $BR archive show "$DB" "$id"
expect_err "benchreport: error: no record $id in '$DB'"
expect_status 1 $BR archive rm "$DB" "$id"
expect_status 0 $BR archive list "$DB" --format jsonl
[ "$(wc -l <"$T/out")" -eq $((n - 1)) ] || fail "rm removed the wrong number of records"
expect_status 0 $BR archive check "$DB"
expect_out '^ok$'

# --- what is not an archive is refused and never modified
printf 'my notes\n' >"$T/notes.txt"
cp "$T/notes.txt" "$T/notes.orig"
expect_status 1 $BR archive add "$T/notes.txt" "$T/tools.jsonl"
expect_err "^benchreport: error: '$T/notes.txt' is not a benchreport archive$"
cmp -s "$T/notes.txt" "$T/notes.orig" || fail "a non-archive was modified"
cp "$DB" "$T/foreign.db"
# application id (offset 68) zeroed: some other program's SQLite file
printf '\000\000\000\000' | dd of="$T/foreign.db" bs=1 seek=68 conv=notrunc 2>/dev/null
cp "$T/foreign.db" "$T/foreign.orig"
for cmd in "archive add" "archive list" "archive export" "archive check"; do
	expect_status 1 $BR $cmd "$T/foreign.db" $( [ "$cmd" = "archive add" ] && echo "$T/tools.jsonl")
	expect_err "is not a benchreport archive"
done
expect_status 1 $BR archive rm "$T/foreign.db" 1
expect_status 1 $BR --format jsonl "$T/foreign.db"
expect_err "benchreport: error: '$T/foreign.db' is not a benchreport archive"
cmp -s "$T/foreign.db" "$T/foreign.orig" || fail "a foreign SQLite file was modified"
[ -e "$T/foreign.db-wal" ] && fail "a foreign SQLite file got a WAL"
# missing archives: a clear message, nothing created
expect_status 1 $BR archive list "$T/missing.db"
expect_err "benchreport: error: cannot open '$T/missing.db': No such file or directory"
expect_status 1 $BR archive show "$T/missing.db" 1
expect_status 1 $BR archive rm "$T/missing.db" 1
[ -e "$T/missing.db" ] && fail "reading created an archive"
# usage errors
expect_status 2 $BR archive
expect_status 2 $BR archive frobnicate "$DB"
expect_err "unknown command 'frobnicate'"
expect_status 2 $BR archive add "$DB"
expect_status 2 $BR archive show "$DB" one
expect_status 2 $BR archive show "$DB"
expect_status 2 $BR archive list
expect_status 0 $BR archive --help
expect_out 'benchreport archive add DB FILE'

# --- kill -9 in the middle of a large add: the archive is as it was
# 20,000 records, each its own run (CPU figures vary, so do the values)
awk 'BEGIN {
	for (i = 0; i < 20000; i++)
		printf "{\"schema\":1,\"tool\":\"bonnie++\",\"version\":\"1.03\",\"host\":\"big%d\",\"label\":\"Try %d\",\"source\":{\"file\":\"big.csv\",\"line\":%d,\"end_line\":%d,\"format\":\"bonnie++-csv\",\"excerpt\":\"big%d,2G,%d,%d,%d,%d,...\"},\"params\":{\"size\":\"2G\",\"size_bytes\":2147483648},\"metrics\":{\"put_block\":{\"value\":%d,\"unit\":\"KiB/s\",\"cpu\":%d,\"raw\":\"%d\"},\"getc\":{\"value\":%d,\"unit\":\"KiB/s\",\"cpu\":%d,\"raw\":\"%d\"},\"seq_stat\":{\"value\":null,\"unit\":\"/s\",\"raw\":\"+++++\",\"too_fast\":true}}}\n",
			i % 40, i, i + 1, i + 1, i % 40, 30000 + i, i % 97, 500 + i, int(i / 97) % 89,
			30000 + i, i % 97, 30000 + i, 500 + i, int(i / 97) % 89, 500 + i
}' >"$T/big.jsonl"
[ "$(wc -l <"$T/big.jsonl")" -eq 20000 ] || fail "big input not generated"
expect_status 0 $BR archive export "$DB"
cp "$T/out" "$T/pre-kill.jsonl"
$BR_BIN archive add "$DB" "$T/big.jsonl" >"$T/kill.out" 2>&1 &
pid=$!
# wait until the add is writing (its WAL grows past 1 MB), then kill it
tries=0
while kill -0 $pid 2>/dev/null; do
	s=0
	[ -f "$DB-wal" ] && s=$(wc -c <"$DB-wal")
	[ "$s" -gt 1048576 ] && break
	tries=$((tries + 1))
	[ $tries -gt 6000 ] && break
	sleep 0.01
done
# Frozen where it is, then killed. Whatever the moment, a reader sees the
# archive as it was or whole, never half, and so does everyone after the
# kill. Usually the kill comes in the middle of the add's transaction; on a
# loaded machine the add may have reached its commit first (SQLite's
# commit is durable once its last frame is written, even if the process
# dies before it has said so), and then it is all there.
kill -STOP $pid 2>/dev/null || { cat "$T/kill.out"; fail "the add ended before it could be killed (machine too fast? raise the input size)"; }
# the reader runs beside the stopped add: a writer stopped after its
# commit, while it closes, can hold the lock readers wait for
$BR_BIN --format jsonl "$DB" >"$T/during.jsonl" 2>"$T/during.err" &
reader=$!
sleep 0.5
kill -9 $pid
kill -CONT $pid 2>/dev/null
wait $pid
st=$?
[ $st -eq 137 ] || [ $st -eq 0 ] || fail "the add was not killed (status $st)"
wait $reader || { cat "$T/during.err"; fail "cannot read during an add"; }
whole=$(($(wc -l <"$T/pre-kill.jsonl") + 20000))
cmp -s "$T/during.jsonl" "$T/pre-kill.jsonl" || [ "$(wc -l <"$T/during.jsonl")" -eq $whole ] || fail "a reader saw a half-done add"
expect_status 0 $BR archive check "$DB"
expect_out '^ok$'
expect_status 0 $BR archive export "$DB"
committed=0
if ! cmp -s "$T/out" "$T/pre-kill.jsonl"; then
	[ "$(wc -l <"$T/out")" -eq $whole ] || fail "killed add left records behind or lost earlier ones"
	committed=1
	echo "note: the add had committed when it was killed (status $st); the archive is whole"
else
	cmp -s "$T/during.jsonl" "$T/pre-kill.jsonl" || fail "a killed add lost what a reader had seen"
fi
# and the archive still takes the whole add afterwards
expect_status 0 $BR_BIN archive add "$DB" "$T/big.jsonl"
[ $committed -eq 1 ] || expect_out "1 document added, 20000 records added"
expect_status 0 $BR archive check "$DB"
expect_out '^ok$'

# --- kill -9 in the middle of the add that creates an archive: nothing
# under its name until that add is whole (it is built in a temporary file
# beside it and linked into place), and the next add removes what was left
NEW="$T/new.db"
cat "$T/big.jsonl" "$T/big.jsonl" "$T/big.jsonl" | sed 's/"host":"big/"host":"new/' >"$T/new-big.jsonl"
$BR_BIN archive add "$NEW" "$T/new-big.jsonl" >"$T/kill.out" 2>&1 &
pid=$!
# its temporary file made, written past 1 MB if that comes soon, then kill it
tries=0
while kill -0 $pid 2>/dev/null; do
	s=-1
	for f in "$T"/new.db.new-*; do [ -f "$f" ] && s=$(wc -c <"$f"); done
	[ "$s" -gt 1048576 ] && break
	[ "$s" -ge 0 ] && [ $tries -gt 20 ] && break
	tries=$((tries + 1))
	[ $tries -gt 6000 ] && break
	sleep 0.01
done
# frozen where it is, so that it cannot finish between the looks below
kill -STOP $pid 2>/dev/null || { cat "$T/kill.out"; fail "the first add ended before it could be killed (machine too fast? raise the input size)"; }
linked=0
if [ -e "$NEW" ]; then
	# in place only once whole (read beside it: see above)
	$BR_BIN archive list "$NEW" --format jsonl >"$T/during.jsonl" 2>"$T/during.err" &
	reader=$!
	sleep 0.5
	linked=1
	echo "note: the first add had linked its archive into place before it was stopped"
else
	expect_status 1 $BR_BIN archive list "$NEW"
	expect_err "No such file"
fi
kill -9 $pid
kill -CONT $pid 2>/dev/null
wait $pid
st=$?
[ $st -eq 137 ] || [ $linked -eq 1 ] || fail "the first add was not killed (status $st)"
if [ $linked -eq 1 ]; then
	wait $reader || { cat "$T/during.err"; fail "cannot read the new archive"; }
	[ "$(wc -l <"$T/during.jsonl")" -eq 20000 ] || fail "a new archive was in place before its first add was whole"
fi
[ $linked -eq 1 ] || [ ! -e "$NEW" ] || fail "a killed first add left an archive"
expect_status 0 $BR_BIN archive add "$NEW" "$T/new-big.jsonl"
[ $linked -eq 1 ] || expect_out "1 document added, 20000 records added, 40000 merged"
[ "$(ls -A "$T" | grep -c '^new\.db')" -eq 1 ] || { ls -A "$T"; fail "the killed first add left files behind"; }
expect_status 0 $BR archive check "$NEW"
expect_out '^ok$'
expect_status 0 $BR archive list "$NEW" --format jsonl
[ "$(wc -l <"$T/out")" -eq 20000 ] || fail "the new archive has $(wc -l <"$T/out") records, not 20000"

# --- a full disk (file size limit) in the middle of an add: the same
awk '{ sub(/"host":"big/, "\"host\":\"other"); print }' "$T/big.jsonl" | head -5000 >"$T/more.jsonl"
expect_status 0 $BR archive export "$DB"
cp "$T/out" "$T/pre-full.jsonl"
(
	# writes past 128 KiB of any file fail (EFBIG, as ENOSPC would): the WAL
	# of this add needs megabytes
	trap '' XFSZ
	ulimit -f 256 2>/dev/null || exit 99
	exec $BR_BIN archive add "$DB" "$T/more.jsonl"
) >"$T/out" 2>"$T/err"
st=$?
if [ $st -ne 99 ]; then
	[ $st -eq 3 ] || { cat "$T/err"; fail "full disk: exit status $st, expected 3"; }
	expect_err "benchreport: error: cannot write '$DB'"
	expect_status 0 $BR archive check "$DB"
	expect_out '^ok$'
	expect_status 0 $BR archive export "$DB"
	cmp -s "$T/out" "$T/pre-full.jsonl" || fail "a failed add changed the archive"
fi
exit 0
