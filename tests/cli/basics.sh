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

# a directory is not a document
expect_status 1 $BR --format jsonl "$T"
expect_err "cannot read"
exit 0
