# --help, --version, usage errors, unreadable inputs, no records.
. tests/cli/lib.sh

expect_status 0 $BR --help
expect_out 'Usage: benchreport'
expect_out '--format'
[ -s "$T/err" ] && fail "--help wrote to stderr"

expect_status 0 $BR --version
expect_out "^benchreport [0-9]"

expect_status 2 $BR
expect_err "no input files"
expect_err "Try 'benchreport --help'"

expect_status 2 $BR --no-such-option x
expect_err "Try 'benchreport --help'"

expect_status 2 $BR --format nonsense corpus/*.txt
expect_err "unknown format 'nonsense' (jsonl, text, "
# the formats --help and the errors list are the renderer registry's
for r in $(sed -n 's/^BR_RENDERER(\(.*\))$/\1/p' render/renderers.def | tr _ -); do
	grep -q -- "$r" "$T/err" || fail "the unknown-format error does not list $r"
	$BR --help | grep -- '--format FMT' | grep -q -- "$r" || fail "--help does not list the format $r"
done

expect_status 2 $BR -o "$T/out.weird" corpus/*.txt
expect_err "cannot tell the format"

# a missing file is reported, the others are still read
expect_status 1 $BR --format jsonl "$T/missing.txt"
expect_err "benchreport: error: cannot open '$T/missing.txt': No such file or directory"

# prose only: no records, a clear note, exit 1
printf 'I ran bonnie++ yesterday and it was slow.\n' >"$T/prose.txt"
expect_status 1 $BR --format jsonl "$T/prose.txt"
expect_err "no benchmark results found"
[ -s "$T/out" ] && fail "records printed for prose"

# --explain: which lines each parser claimed and why, on stderr, in line order
expect_status 0 $BR --explain --format jsonl corpus/seed-ide-raid1.txt
expect_err "^corpus/seed-ide-raid1.txt:$"
expect_err "lines 45-52: bonnie++-text: "
expect_err "line 53: bonnie++-csv: bonnie++ CSV record, 1.0x layout (27 fields)"
[ "$(grep -n 'lines 45-52' "$T/err" | cut -d: -f1)" -lt "$(grep -n 'line 53:' "$T/err" | cut -d: -f1)" ] ||
	fail "--explain not in line order"
[ "$(wc -l <"$T/out")" -eq 6 ] || fail "--explain changed stdout"

# a damaged result: FILE:LINE: warning on stderr, exit 0; --strict makes it
# exit 1 when a result could not be read, not when a figure was repaired
expect_status 0 $BR --format jsonl corpus/seed-raid10-qp.txt
expect_err "seed-raid10-qp.txt:[0-9]*: warning: bonnie++-csv: .*repaired to"
expect_status 0 $BR --strict --format jsonl corpus/seed-raid10-qp.txt
expect_status 0 $BR --format jsonl corpus/rawio-damaged.txt
expect_err "rawio-damaged.txt:[0-9]*: warning: rawio: .*skipped"
expect_status 1 $BR --strict --format jsonl corpus/rawio-damaged.txt

# a failed write: exit 3 with a message, for -o and for stdout
# (a device is refused as a target unless --force: see safe_output.sh)
expect_status 3 $BR --force --format jsonl -o /dev/full corpus/seed-ide-raid1.txt
expect_err "cannot write '/dev/full'"
expect_status 3 sh -c "$BR --format jsonl corpus/seed-ide-raid1.txt >/dev/full"
expect_err "cannot write to standard output"

# -o never overwrites an input; an existing output is replaced only when complete
cp corpus/seed-ide-raid1.txt "$T/in.txt"
expect_status 2 $BR "$T/in.txt" -o "$T/in.txt" --format text
expect_err "refusing to overwrite input file"
cmp -s corpus/seed-ide-raid1.txt "$T/in.txt" || fail "the input was changed"
echo keep >"$T/old.jsonl"
expect_status 1 $BR "$T/missing.txt" -o "$T/old.jsonl"
[ "$(cat "$T/old.jsonl")" = keep ] || fail "an existing output was clobbered when nothing was read"
expect_status 0 $BR "$T/in.txt" -o "$T/old.jsonl"
[ "$(wc -l <"$T/old.jsonl")" -eq 6 ] || fail "-o did not replace the output"
ls "$T" | grep -q tmp && fail "a temporary file was left behind"

# output is streamed (cli/main.c): a large one comes out whole, to stdout
# and to -o alike; a write that fails in the middle (the file size limit
# here, as a full disk would) exits 3 and leaves the old -o file as it was,
# with no temporary file behind
awk 'BEGIN { for (i = 0; i < 3000; i++)
	printf "host%05d,%dM,%d,99,%d,25,%d,17,%d,92,%d,12,%d.5,40,16,%d,21,+++++,+++,%d,28,%d,27,+++++,+++,%d,29\n",
		i, 100 + i, 700 + i, 240000 + i, 83000 + i, 1300 + i, 160000 + i, 300 + i % 50,
		30000 + i, 26000 + i, 30900 + i, 18400 + i }' >"$T/many.csv"
expect_status 0 $BR -q --format jsonl "$T/many.csv"
[ "$(wc -l <"$T/out")" -eq 3000 ] || fail "streamed JSON Lines: $(wc -l <"$T/out") records, expected 3000"
[ "$(wc -c <"$T/out")" -gt 2097152 ] || fail "the streaming test wants an output over 2 MiB"
tail -n 1 "$T/out" | grep -q '"host":"host02999"' || fail "the last record is missing"
cp "$T/out" "$T/many.jsonl"
expect_status 0 $BR -q -o "$T/many-o.jsonl" "$T/many.csv"
cmp -s "$T/many.jsonl" "$T/many-o.jsonl" || fail "-o and stdout differ"
expect_status 3 sh -c "$BR -q --format jsonl '$T/many.csv' >/dev/full"
expect_err "cannot write to standard output: No space left on device"
echo keep >"$T/keep.jsonl"
(
	trap '' XFSZ
	ulimit -f 1024 2>/dev/null || exit 99
	exec $BR -q -o "$T/keep.jsonl" "$T/many.csv"
) >"$T/out" 2>"$T/err"
st=$?
if [ $st -ne 99 ]; then
	[ $st -eq 3 ] || { cat "$T/err"; fail "file size limit: exit status $st, expected 3"; }
	expect_err "benchreport: error: cannot write '$T/keep.jsonl': File too large"
	[ "$(cat "$T/keep.jsonl")" = keep ] || fail "a failed write replaced the output"
	ls "$T" | grep -q tmp && fail "a temporary file was left behind after a failed write"
fi
# a renderer that fails writes nothing, and -o keeps the old file
expect_status 1 $BR -o "$T/keep.jsonl" --format text --metric cached_read corpus/seed-ide-raid1.txt
expect_err "no figures to show"
[ -s "$T/out" ] && fail "a failed render wrote to stdout"
[ "$(cat "$T/keep.jsonl")" = keep ] || fail "a failed render replaced the output"
expect_status 1 $BR --format text --metric cached_read corpus/seed-ide-raid1.txt
[ -s "$T/out" ] && fail "a failed render wrote to stdout"

# a directory is not a document
expect_status 1 $BR --format jsonl "$T"
expect_err "cannot read"
exit 0
