# History over time (issue 16, "Dates"): three dated runs of one disk —
# two mails with a Date: header and a bonnie++-style hdparm post whose
# date comes only from its mail header, added out of order — plus another
# disk and an undated post. `archive list` shows when each ran, --since
# filters on that date (not on when it was added), --host and --label are
# case-insensitive globs, `archive history` prints the series in date
# order and draws it as SVG and PNG; an archive of schema 1 still opens.
. tests/cli/lib.sh

post() { # file date device rate
	printf 'From: Pat <pat@example.org>\nSubject: the %s again\nDate: %s\n\nToday on the Old Box:\n\n%s:\n Timing buffered disk reads:  120 MB in  3.00 seconds = %s MB/sec\n' \
		"$3" "$2" "$3" "$4" >"$T/$1"
}
post p2009.txt 'Tue, 14 Apr 2009 18:30:00 -0400' /dev/sda 88.50
post p2003.txt 'Mon, 3 Mar 2003 10:00:00 +0100' /dev/sda 40.10
post p2014.txt 'Wed, 1 Oct 2014 08:15:00 +0000' /dev/sda 152.30
post other.txt 'Thu, 2 Oct 2014 09:00:00 +0000' /dev/sdb 61.00
printf '/dev/sda:\n Timing buffered disk reads:  120 MB in  3.00 seconds = 99.00 MB/sec\n' >"$T/undated.txt"
DB="$T/h.db"
expect_status 0 $BR archive add "$DB" "$T/p2009.txt" "$T/p2003.txt" "$T/p2014.txt" "$T/other.txt" "$T/undated.txt"
expect_out '5 records added'

# --- the record says when it ran, and where that came from
expect_status 0 $BR --format jsonl "$T/p2003.txt"
expect_out '"ran_at":"2003-03-03T09:00:00Z","ran_at_from":"mail-date"'
expect_out '^{"schema":2,'
expect_status 0 $BR --format jsonl "$T/undated.txt"
expect_out '"ran_at":null,"metrics"'
grep -q ran_at_from "$T/out" && fail "ran_at_from written for an undated record"

# --- list: RAN and FROM columns
expect_status 0 $BR archive list "$DB"
expect_out '^ID  TOOL .* RAN  *FROM  *ADDED$'
expect_out ' 2003-03-03  mail-date  2023-11-14$'
grep '/dev/sda' "$T/out" | grep -q ' -  *-  *2023-11-14$' || { cat "$T/out"; fail "the undated record is not shown without a run date"; }

# --- --since uses the run date: all were added 2023-11-14 (SOURCE_DATE_EPOCH)
expect_status 0 $BR archive list "$DB" --since 2009-01-01 --format jsonl
n=$(grep -c . "$T/out")
[ "$n" -eq 4 ] || { cat "$T/out"; fail "--since 2009-01-01 gave $n records, expected 4 (3 dated after it, 1 undated added after it)"; }
grep -q '"ran_at":"2003' "$T/out" && fail "--since let a 2003 run through"
expect_status 0 $BR archive list "$DB" --since 2014-10-02
expect_out '/dev/sdb .* 2014-10-02  mail-date'
grep -q '2014-10-01' "$T/out" && { cat "$T/out"; fail "--since 2014-10-02 let the run of 2014-10-01 through"; }

# --- globs in any case; hdparm's host is the device
expect_status 0 $BR archive list "$DB" --host '/DEV/SDB' --format jsonl
[ "$(grep -c . "$T/out")" -eq 1 ] || fail "--host /DEV/SDB did not find /dev/sdb alone"
expect_status 0 $BR archive list "$DB" --host '/dev/sd[a]' --label '*old box*' --format jsonl
[ "$(grep -c . "$T/out")" -eq 3 ] || { cat "$T/out"; fail "--host '/dev/sd[a]' --label '*old box*': expected the 3 labelled runs"; }
expect_status 1 $BR archive list "$DB" --host 'sd*'
expect_err "no records in '.*' match"

# --- history: the table, by run date whatever the order they were added in
expect_status 0 $BR archive history "$DB" --host '/dev/SDA' --metric buffered_read
cat >"$T/want" <<'EOF'
DATE (UTC)        HOST      LABEL                 Buffered disk reads (-t)  DATE FROM
2003-03-03 09:00  /dev/sda  Today on the Old Box                40.1 MiB/s  mail-date
2009-04-14 22:30  /dev/sda  Today on the Old Box                88.5 MiB/s  mail-date
2014-10-01 08:15  /dev/sda  Today on the Old Box               152.3 MiB/s  mail-date
EOF
diff -u "$T/want" "$T/out" || fail "history table differs"
expect_err 'warning: 1 record with a buffered_read figure but no run date left out'

# --- the chart: an SVG with a line and the three dates on the time axis
expect_status 0 $BR archive history "$DB" --host '/dev/sda' --metric buffered_read -o "$T/h.svg"
[ -s "$T/h.svg" ] || fail "no SVG written"
head -c 200 "$T/h.svg" | grep -q '<svg' || fail "not an SVG"
grep -q '<path' "$T/h.svg" || grep -q '<polyline' "$T/h.svg" || fail "the SVG has no line"
for d in 2003-03-03 2009-04-14 2014-10-01; do
	grep -q "<text[^>]*>$d</text>" "$T/h.svg" || fail "the axis lacks $d"
done
grep -q '<title>Buffered disk reads (-t) over time</title>' "$T/h.svg" || fail "SVG title"
grep -q '>/dev/sda</text>' "$T/h.svg" || fail "the legend lacks the host"
grep -q '>/dev/sdb</text>' "$T/h.svg" && fail "the chart shows a host --host left out"
if command -v python3 >/dev/null 2>&1; then
	python3 -c 'import sys, xml.dom.minidom; xml.dom.minidom.parse(sys.argv[1])' "$T/h.svg" ||
		fail "the SVG does not parse as XML"
fi
# two hosts: two lines, both in the legend
expect_status 0 $BR archive history "$DB" --metric buffered_read -o "$T/both.svg"
grep -q '>/dev/sdb</text>' "$T/both.svg" || fail "the second host is not in the legend"
expect_status 0 $BR archive history "$DB" --host '/dev/sda' --metric buffered_read -o "$T/h.png"
printf '\211PNG' | cmp -s -n 4 - "$T/h.png" || fail "not a PNG"

# --- usage
expect_status 2 $BR archive history "$DB" --host '/dev/sda'
expect_err 'history: which figure'
expect_status 2 $BR archive history "$DB" --metric no_such_thing
expect_err "unknown metric 'no_such_thing'"
expect_status 2 $BR archive history "$DB" --metric bufered_read
expect_err "did you mean 'buffered_read'"
# the metric by its heading, in any case
expect_status 0 $BR archive history "$DB" --host '/dev/sda' --metric 'Buffered disk reads'
expect_out '^2014-10-01 08:15  /dev/sda'
expect_status 2 $BR archive history "$DB" --metric buffered_read -o "$T/h.txt"
expect_err 'takes a .svg or .png file'
expect_status 2 $BR archive list "$DB" --metric buffered_read
expect_status 1 $BR archive history "$DB" --metric put_block
expect_err 'no dated put_block figure'
[ -e "$T/h.txt" ] && fail "a refused -o created a file"

# --- an archive of schema 1 (before ran_at) opens, reads, and is migrated by the next add
if command -v python3 >/dev/null 2>&1 && python3 -c 'import sqlite3; assert sqlite3.sqlite_version_info >= (3, 35)' 2>/dev/null; then
	OLD="$T/old.db"
	expect_status 0 $BR archive add "$OLD" "$T/p2003.txt"
	python3 -c '
import json, sqlite3, sys
con = sqlite3.connect(sys.argv[1])
con.execute("DROP INDEX IF EXISTS records_ran_at")
con.execute("ALTER TABLE records DROP COLUMN ran_at")
con.execute("ALTER TABLE records DROP COLUMN ran_at_from")
for rid, text in con.execute("SELECT id, json FROM records").fetchall():
    o = json.loads(text)
    o["schema"] = 1
    o.pop("ran_at", None)
    o.pop("ran_at_from", None)
    con.execute("UPDATE records SET json = ? WHERE id = ?", (json.dumps(o, separators=(",", ":")), rid))
con.execute("PRAGMA user_version = 1")
con.commit()' "$OLD" || fail "could not make a schema 1 archive"
	grep -q ran_at "$OLD" && fail "the schema 1 archive still has ran_at"
	expect_status 0 $BR archive list "$OLD"
	expect_out '^ *1  hdparm .* -  *-  *2023-11-14$'
	# its records are exported as stored, and read back as schema 2 records without a date
	expect_status 0 $BR archive export "$OLD"
	expect_out '^{"schema":1,"tool":"hdparm"'
	cp "$T/out" "$T/old.jsonl"
	expect_status 0 $BR --format jsonl "$T/old.jsonl"
	expect_out '^{"schema":2,.*"ran_at":null,"metrics"'
	[ -s "$T/err" ] && { cat "$T/err"; fail "warnings reading schema 1 JSON Lines"; }
	expect_status 1 $BR archive history "$OLD" --metric buffered_read
	expect_err '1 record with a buffered_read figure but no run date'
	# the next write migrates it; the new record has its date, the old one stays undated
	expect_status 0 $BR archive add "$OLD" "$T/p2014.txt"
	expect_status 0 $BR archive history "$OLD" --metric buffered_read
	expect_out '^2014-10-01 08:15  /dev/sda'
	python3 -c '
import sqlite3, sys
con = sqlite3.connect(sys.argv[1])
assert con.execute("PRAGMA user_version").fetchone()[0] == 2
print(con.execute("SELECT count(*) FROM records WHERE ran_at IS NOT NULL").fetchone()[0])' "$OLD" >"$T/n" ||
		fail "not migrated to schema 2"
	[ "$(cat "$T/n")" = 1 ] || fail "expected one dated record after the migration, got $(cat "$T/n")"
else
	echo "note: no python3 with SQLite 3.35: the schema 1 archive case is skipped"
fi
exit 0
