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
expect_err "unknown format 'nonsense'"

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
expect_err "lines 53-53: bonnie++-csv: bonnie++ CSV record, 1.0x layout (27 fields)"
[ "$(grep -n 'lines 45-52' "$T/err" | cut -d: -f1)" -lt "$(grep -n 'lines 53-53' "$T/err" | cut -d: -f1)" ] ||
	fail "--explain not in line order"
[ "$(wc -l <"$T/out")" -eq 6 ] || fail "--explain changed stdout"

# a damaged result: FILE:LINE: warning on stderr, exit 0; --strict makes it exit 1
expect_status 0 $BR --format jsonl corpus/seed-raid10-qp.txt
expect_err "seed-raid10-qp.txt:[0-9]*: warning: bonnie++-csv: "
expect_status 1 $BR --strict --format jsonl corpus/seed-raid10-qp.txt

# a failed write: exit 3 with a message, for -o and for stdout
expect_status 3 $BR --format jsonl -o /dev/full corpus/seed-ide-raid1.txt
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

# a directory is not a document
expect_status 1 $BR --format jsonl "$T"
expect_err "cannot read"
exit 0
