# benchreport run is honest about itself (issue 16 item 6):
#  - every record says the runner wrote it: version "benchreport-run VERSION"
#    (bonnie++ from its Version line and CSV field 1, read back by the
#    parsers; hdparm and rawio set by the runner) and param runner; no
#    "1.98"/"2.00a" where bonnie++ writes its own version;
#  - bon_csv2txt and bon_csv2html still read its CSV line;
#  - the per-character phases are 2.00a's (one write()/read() per byte, over
#    --char-size; 0 skips them, blank cells as with bonnie++ -f);
#  - with --quick the "[quick] ... rough" caveat is in every output: text,
#    Markdown, CSV, bonnie-csv (a comment line), JSON Lines (param quick), the
#    HTML report (its warnings and each record's details), the raw text;
#  - "benchreport: wrote FILE" at the end (not for stdout, not with -q);
#  - progress on a terminal only (script(1) gives it one).
# Structure only, never timing figures.
. tests/cli/lib.sh

D="$T/target"
mkdir "$D" || fail "mkdir"
V="benchreport-run $(cat VERSION)"
left_behind() { [ -z "$(ls -A "$D")" ] || { ls -la "$D"; fail "scratch files left in $D"; }; }

# --- the records' version ------------------------------------------------------
expect_status 0 $BR run --dir "$D" --quick -q --files 0 --format jsonl
cp "$T/out" "$T/q.jsonl"
left_behind
for tool in bonnie++ hdparm rawio; do
	line=$(grep "\"tool\":\"$tool\"" "$T/q.jsonl") || fail "no $tool record"
	printf '%s\n' "$line" | grep -q "\"version\":\"$V\"" || { printf '%s\n' "$line" | head -c 400; fail "$tool record's version is not '$V'"; }
	printf '%s\n' "$line" | grep -q "\"runner\":\"$V\"" || fail "$tool record lacks param runner"
	printf '%s\n' "$line" | grep -q '"quick":"[^"]*rough' || fail "$tool record lacks the quick caveat param"
done
grep -q '"version":"1\.98"\|"version":"2\.00' "$T/q.jsonl" && fail "a record passes for a bonnie++ version"

# the raw text: Version lines and CSV field 1 name the runner; read back alone
expect_status 0 $BR run --dir "$D" --quick -q --raw --tests bonnie
cp "$T/out" "$T/raw.txt"
[ "$(grep -c "^Version $V  " "$T/raw.txt")" -eq 2 ] || fail "the two Version lines do not name the runner"
grep -q '^Version  *[12]\.' "$T/raw.txt" && fail "a Version line gives a bonnie++ version"
grep '^1\.98,' "$T/raw.txt" >"$T/run.csv"
[ "$(cut -d, -f2 "$T/run.csv")" = "$V" ] || fail "CSV field 1 is not '$V'"
grep -q '^# \[phase\] bonnie putc: .*one write() per byte' "$T/raw.txt" || fail "putc note lacks 'one write() per byte'"
grep -q '^# \[phase\] bonnie getc: .*one read() per byte' "$T/raw.txt" || fail "getc note lacks 'one read() per byte'"
grep -q '^# \[bonnie++\] .*per-character phases over 256 KiB' "$T/raw.txt" || fail "the bonnie++ note lacks the per-char size"
grep -q 'stdio' "$T/raw.txt" && fail "the text still speaks of stdio"
# the per-char phases moved exactly --char-size bytes (quick: 256 KiB)
grep -q '^# \[phase\] bonnie putc: 262144 bytes in' "$T/raw.txt" || fail "putc did not write 256 KiB"
grep -q '^# \[phase\] bonnie getc: 262144 bytes in' "$T/raw.txt" || fail "getc did not read 256 KiB"
grep -v '^1\.98,' "$T/raw.txt" >"$T/text-only.txt"
for f in text-only.txt run.csv; do
	expect_status 0 $BR --format jsonl "$T/$f"
	grep -q "\"version\":\"$V\"" "$T/out" || fail "$f: the version did not read back"
	[ -s "$T/err" ] && { cat "$T/err"; fail "$f: the runner's own text drew diagnostics"; }
done
# bonnie++'s own converters still read the line (they ignore field 1)
C2=
command -v bon_csv2txt >/dev/null 2>&1 && command -v bon_csv2html >/dev/null 2>&1 && C2=yes
if [ -n "$C2" ]; then
	bon_csv2txt <"$T/run.csv" >"$T/c2t.out" 2>"$T/c2t.err" || fail "bon_csv2txt failed"
	[ -s "$T/c2t.err" ] && { cat "$T/c2t.err"; fail "bon_csv2txt complained"; }
	grep -q "files:max:min" "$T/c2t.out" || fail "bon_csv2txt printed no file table"
	bon_csv2html <"$T/run.csv" >"$T/c2h.out" 2>"$T/c2h.err" || fail "bon_csv2html failed"
	[ -s "$T/c2h.err" ] && { cat "$T/c2h.err"; fail "bon_csv2html complained"; }
else
	echo "note: bon_csv2txt/bon_csv2html not installed (Debian package bonnie++): their checks are skipped"
fi

# --char-size 0 skips the per-char phases: empty CSV fields, like bonnie++ -f
expect_status 0 $BR run --dir "$D" --quick -q --raw --tests bonnie --char-size 0 --files 0
[ "$(grep '^1\.98,' "$T/out" | cut -d, -f10,11,16,17)" = ",,," ] || { grep '^1\.98,' "$T/out"; fail "--char-size 0 left per-char figures"; }
grep -q 'per-character phases skipped' "$T/out" || fail "--char-size 0 is not noted"
expect_status 2 $BR run --dir "$D" --char-size 1k
expect_err "--char-size takes"
expect_status 2 $BR run --dir "$D" --size 4M --char-size 8M
expect_err "larger than the file"
left_behind

# --- the quick caveat in every output --------------------------------------------
caveat='\[quick\] .*rough'
grep -q "^# $caveat" "$T/raw.txt" || fail "raw text lacks the caveat"
for fmt in text markdown csv bonnie-csv; do
	expect_status 0 $BR run --dir "$D" --quick -q --tests bonnie --files 0 --format "$fmt"
	head -1 "$T/out" | grep -q "$caveat" || { head -3 "$T/out"; fail "$fmt output does not start with the caveat"; }
done
# the bonnie-csv caveat is a comment bon_csv2txt reports and skips
if [ -n "$C2" ]; then
	grep -v '^#' "$T/out" | bon_csv2txt >/dev/null 2>"$T/c2t.err" && [ ! -s "$T/c2t.err" ] || fail "bonnie-csv without its comment is not clean"
fi
expect_status 0 $BR run --dir "$D" --quick -q --tests hdparm,rawio -o "$T/run.html"
grep -q "$caveat" "$T/run.html" || fail "run.html lacks the caveat"
grep -q "$V" "$T/run.html" || fail "run.html does not show the runner's version"
# every tool cell names the runner, none a version of the tool (a measured figure may read 1.98)
grep -o '<td class="t">[a-z+]* [^<]*' "$T/run.html" | grep -v "benchreport-run" && fail "run.html shows a tool version, not the runner's"
grep -q '<td class="t">[a-z+]* benchreport-run' "$T/run.html" || fail "run.html has no tool cell naming the runner"
# without --quick: no caveat anywhere (the default run is too long for CI:
# only the flags path is checked, on the smallest sizes)
expect_status 0 $BR run --dir "$D" -q --tests rawio --size 4M --format jsonl
grep -q '"quick"' "$T/out" && fail "a run without --quick has the quick param"
left_behind

# --- "wrote FILE" ------------------------------------------------------------------
expect_status 0 $BR run --dir "$D" --quick --tests rawio -o "$T/r.jsonl"
[ "$(tail -1 "$T/err")" = "benchreport: wrote $T/r.jsonl" ] || { cat "$T/err"; fail "no 'wrote FILE' at the end"; }
expect_status 0 $BR run --dir "$D" --quick --tests rawio --raw -o "$T/r.txt"
expect_err "^benchreport: wrote $T/r.txt\$"
expect_status 0 $BR run --dir "$D" --quick --tests rawio -q -o "$T/r2.jsonl"
[ -s "$T/err" ] && { cat "$T/err"; fail "-q still printed"; }
expect_status 0 $BR run --dir "$D" --quick --tests rawio
grep -q "wrote" "$T/err" && fail "'wrote' printed for standard output"
expect_status 0 $BR run --dir "$D" --quick --tests rawio -o -
[ -e ./- ] && { rm -f ./-; fail "-o - created a file named '-'"; }
grep -q "rawio" "$T/out" || fail "-o - did not write to standard output"
left_behind

# --- progress: on a terminal, never otherwise ----------------------------------------
grep -q "$(printf '\r')" "$T/err" && fail "progress written to a non-terminal"
if script -qec true /dev/null >/dev/null 2>&1; then
	script -qec "$BR run --dir '$D' --quick --tests bonnie --files 0 -o '$T/p.jsonl'" "$T/tty.log" >/dev/null 2>&1 </dev/null ||
		fail "the run under script(1) failed"
	grep -q "$(printf '\r')"'.*putc .*%' "$T/tty.log" || { od -c "$T/tty.log" | head -20; fail "no putc progress on a terminal"; }
	grep -q "get_block .*%" "$T/tty.log" || fail "no get_block progress on a terminal"
	grep -q "benchreport: wrote $T/p.jsonl" "$T/tty.log" || fail "no 'wrote FILE' on a terminal"
else
	echo "note: script(1) cannot make a terminal here: progress check skipped"
fi
left_behind
exit 0
