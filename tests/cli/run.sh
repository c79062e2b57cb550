# benchreport run: a quick run gives bonnie++, hdparm and rawio records; its
# raw bonnie++ CSV is accepted by bon_csv2txt and bon_csv2html; its hdparm and
# rawio texts read back to the figures they print; usage errors; no scratch
# file is left behind. Asserts structure, never timing figures.
. tests/cli/lib.sh

D="$T/target"
mkdir "$D" || fail "mkdir"
left_behind() { [ -z "$(ls -A "$D")" ] || { ls -la "$D"; fail "scratch files left in $D"; }; }

# --- a quick run, rendered as JSON Lines -------------------------------------
expect_status 0 $BR run --dir "$D" --quick --format jsonl --label "ci quick"
left_behind
for tool in bonnie++ hdparm rawio; do
	grep -q "\"tool\":\"$tool\"" "$T/out" || { head -c 2000 "$T/out"; fail "no $tool record"; }
done
# one bonnie++ record (its text and CSV merged), every line labelled, target facts recorded
[ "$(grep -c '"tool":"bonnie++"' "$T/out")" -eq 1 ] || fail "bonnie++ text and CSV were not merged"
[ "$(grep -c '"label":"ci quick"' "$T/out")" -eq "$(wc -l <"$T/out")" ] || fail "--label not on every record"
grep -q '"kernel":"' "$T/out" || fail "kernel not recorded"
grep -q '"filesystem":"' "$T/out" || fail "filesystem not recorded"
host=$(hostname 2>/dev/null || uname -n)
grep '"tool":"bonnie++"' "$T/out" | grep -q "\"host\":\"$host\"" || fail "bonnie++ name is not the host name"
grep '"tool":"hdparm"' "$T/out" | grep -q "\"host\":\"$D\"" || fail "hdparm device line is not the target path"
for m in put_block get_block seeks seq_create ran_del put_block_latency; do
	grep '"tool":"bonnie++"' "$T/out" | grep -q "\"$m\":{" || fail "bonnie++ record lacks $m"
done
# every record says when it ran: the runner's clock, read back from its header
[ "$(grep -c '"ran_at":"[0-9-]*T[0-9:]*Z","ran_at_from":"runner"' "$T/out")" -eq "$(wc -l <"$T/out")" ] ||
	{ head -c 2000 "$T/out"; fail "a runner record lacks its run date"; }
# no progress line when stderr is not a terminal
grep -q "$(printf '\r')" "$T/err" && fail "progress written to a non-terminal"

# --- the tools' own text ------------------------------------------------------
expect_status 0 $BR run --dir "$D" --quick --raw -q
left_behind
cp "$T/out" "$T/raw.txt"
expect_out '^# \[cache\] .*POSIX_FADV_DONTNEED'
expect_out '^# \[quick\] .*rough'
expect_out "^Version benchreport-run $(cat VERSION)       ------Sequential Output------ --Sequential Input- --Random-\$"
expect_out '^Name:Size etc        /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP$'
expect_out '^ Timing cached reads:   *[0-9][0-9]* MB in  *[0-9.]* seconds = *[0-9.]* [kM]B/sec$'
expect_out '^ Timing buffered disk reads: *[0-9][0-9]* MB in  *[0-9.]* seconds = *[0-9.]* [kM]B/sec$'
expect_out '^ID  *K/sec  */sec  *K/sec  */sec  *K/sec  */sec  *K/sec  */sec$'
for p in putc put_block rewrite getc get_block seeks seq_create ran_del; do
	grep -q "^# \[phase\] bonnie $p: [0-9]* [a-z]* in [0-9.]* s" "$T/raw.txt" || fail "no duration/bytes line for $p"
done
grep '^1\.98,' "$T/raw.txt" >"$T/run.csv"
[ "$(wc -l <"$T/run.csv")" -eq 1 ] || fail "expected one CSV line"
[ "$(awk -F, '{print NF}' "$T/run.csv")" -eq 50 ] || fail "the CSV line has $(awk -F, '{print NF}' "$T/run.csv") fields, not 50"
[ "$(cut -d, -f2 "$T/run.csv")" = "benchreport-run $(cat VERSION)" ] || fail "CSV field 2 is not the runner's version"

# Debian's bonnie++ tools accept the CSV
if command -v bon_csv2txt >/dev/null 2>&1 && command -v bon_csv2html >/dev/null 2>&1; then
	bon_csv2txt <"$T/run.csv" >"$T/csv2txt.out" 2>"$T/csv2txt.err" || fail "bon_csv2txt failed"
	[ -s "$T/csv2txt.err" ] && { cat "$T/csv2txt.err"; fail "bon_csv2txt complained"; }
	grep -q "^Version " "$T/csv2txt.out" || fail "bon_csv2txt printed no I/O table"
	grep -q "files:max:min" "$T/csv2txt.out" || fail "bon_csv2txt printed no file table"
	grep -q "^$(printf '%.8s' "$host")" "$T/csv2txt.out" || { cat "$T/csv2txt.out"; fail "bon_csv2txt lost the name"; }
	bon_csv2html <"$T/run.csv" >"$T/csv2html.out" 2>"$T/csv2html.err" || fail "bon_csv2html failed"
	[ -s "$T/csv2html.err" ] && { cat "$T/csv2html.err"; fail "bon_csv2html complained"; }
	grep -q "<TABLE\|<table" "$T/csv2html.out" || fail "bon_csv2html wrote no table"
	grep -q "$host" "$T/csv2html.out" || fail "bon_csv2html lost the name"
else
	echo "note: bon_csv2txt/bon_csv2html not installed (Debian package bonnie++): CSV check skipped"
fi

# the raw text reads back through the parsers to the same figures
expect_status 0 $BR --format jsonl "$T/raw.txt"
cp "$T/out" "$T/back.jsonl"
grep -q '"ran_at_from":"runner"' "$T/back.jsonl" || fail "the raw text lost the run's date"
# value of metric $1 in the JSON line on stdin
jval() { sed -n "s/.*\"$1\":{\"value\":\([0-9.e+-]*\).*/\1/p" | head -1; }
close() { awk -v a="$1" -v b="$2" 'BEGIN { d = a - b; if (d < 0) d = -d; exit !(d <= 0.005 + 1e-9 * b) }'; }
for kind in cached_read buffered_read; do
	case $kind in cached_read) pat='Timing cached reads' ;; *) pat='Timing buffered disk reads' ;; esac
	printed=$(grep "$pat" "$T/raw.txt" | sed 's/.*= *\([0-9.]*\) \([kM]\)B\/sec$/\1 \2/')
	rate=${printed% *}; unit=${printed#* }
	[ "$unit" = M ] && want=$(awk -v r="$rate" 'BEGIN { printf "%.6f", r * 1024 }') || want=$rate
	got=$(grep "\"$kind\":{" "$T/back.jsonl" | jval "$kind")
	[ -n "$got" ] || fail "hdparm $kind did not read back"
	close "$got" "$want" || fail "hdparm $kind: printed $rate ${unit}B/sec, read back $got KiB/s"
done
row=$(grep -A1 '^ID  *K/sec' "$T/raw.txt" | tail -1)
set -- $row
rawline=$(grep '"tool":"rawio"' "$T/back.jsonl")
i=2
for m in random_read seq_read random_write seq_write; do
	eval "k=\${$i}"; eval "n=\${$((i + 1))}"
	got=$(printf '%s\n' "$rawline" | jval "$m")
	want=$(awk -v k="$k" 'BEGIN { printf "%.6f", k * 1000 / 1024 }')
	close "$got" "$want" || fail "rawio $m: printed $k K/sec, read back $got KiB/s"
	got=$(printf '%s\n' "$rawline" | jval "${m}_ops")
	close "$got" "$n" || fail "rawio ${m}_ops: printed $n, read back $got"
	i=$((i + 2))
done
# bonnie++ block write as printed in the CSV (KiB/s) is the record's figure
csv_pb=$(awk -F, '{print $12}' "$T/run.csv")
if [ "$csv_pb" != "+++++" ]; then
	got=$(grep '"tool":"bonnie++"' "$T/back.jsonl" | jval put_block)
	close "$got" "$csv_pb" || fail "bonnie++ put_block: CSV $csv_pb, read back $got"
fi

# --- selection, runs, output files -------------------------------------------
expect_status 0 $BR run --dir "$D" --quick --tests hdparm --runs 2 --format jsonl --archive "$T/a.db"
left_behind
[ "$(grep -c '"tool":"hdparm"' "$T/out")" -ge 2 ] || fail "--runs 2 did not report both runs"
grep -q '"tool":"bonnie++"\|"tool":"rawio"' "$T/out" && fail "--tests hdparm ran other tests"
grep -q '"label":"run 1"' "$T/out" && grep -q '"label":"run 2"' "$T/out" || fail "runs are not labelled"
expect_status 0 $BR run --dir "$D" --quick --tests rawio --block 4k -q -o "$T/r.jsonl"
[ -s "$T/r.jsonl" ] || fail "-o wrote nothing"
grep -q '"tool":"rawio"' "$T/r.jsonl" || fail "-o FILE lacks the rawio record"
left_behind

# --archive stored both runs
expect_status 0 $BR archive list "$T/a.db"
[ "$(grep -c hdparm "$T/out")" -ge 2 ] || { cat "$T/out"; fail "--archive did not store the runs"; }
# measure and render in one step (the HTML report)
expect_status 0 $BR run --dir "$D" --quick --tests hdparm,rawio -q -o "$T/run.html"
grep -qi "<html" "$T/run.html" || fail "-o run.html wrote no HTML"
grep -q "rawio" "$T/run.html" || fail "the HTML report lacks the rawio results"
left_behind

# --- usage errors and refusals ------------------------------------------------
expect_status 2 $BR run --quick
expect_err "say where to measure"
expect_status 2 $BR run --dir "$D" --tests fio
expect_err "--tests takes"
expect_status 2 $BR run --dir "$D" --size 12Q
expect_err "--size takes"
expect_status 2 $BR run --dir "$D" --destructive
expect_err "--destructive only applies together with --device"
expect_status 2 $BR run --dir "$D" --raw --format jsonl
ln -s "$D" "$T/link"
expect_status 2 $BR run --dir "$T/link" --quick
expect_err "symbolic link"
expect_status 2 $BR run --dir "$T/missing" --quick
expect_err "cannot use '$T/missing'"
: >"$T/disk.img"
expect_status 2 $BR run --device "$T/disk.img" --tests bonnie
expect_err "needs a filesystem"
expect_status 0 $BR run --help
expect_out "Usage: benchreport run"
left_behind
exit 0
