#!/bin/sh
# Golden tests, one case per corpus/ document: corpus/CASE.txt (or .html) is
# the input, tests/golden/CASE.jsonl (the records), CASE.txt (the text table)
# and CASE.err (the diagnostics) are what benchreport must print for it.
#   tests/golden.sh BIN DOC...            compare; print a diff for each mismatch;
#                                         the last line is "golden: N passed, N failed"
#   tests/golden.sh --update BIN DOC...   rewrite the expected files that differ
#                                         and print each diff (read them before
#                                         committing: outputs are not meant to change)
# `make check` runs one case per make job; `make golden-update GOLDEN='glob'`
# is the --update of corpus/glob. $BR_WRAP (valgrind) wraps each run.
set -u
MODE=check
if [ "${1:-}" = --update ]; then
	MODE=update
	shift
fi
BIN=$1
shift
WRAP=${BR_WRAP:-}
export LC_ALL=C
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-1700000000}
G=tests/golden
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT INT TERM
pass=0 fail=0
for doc; do
	if [ ! -f "$doc" ]; then # (a name mistyped: said, not skipped in silence)
		echo "golden: $doc: no such document" >&2
		fail=$((fail + 1))
		continue
	fi
	base=$(basename "$doc")
	stem=${base%.*}
	$WRAP "$BIN" --format jsonl "$doc" >"$out/$stem.jsonl" 2>"$out/$stem.err"
	rc=$?
	[ $rc -ge 2 ] && echo "exit status $rc" >>"$out/$stem.err"
	$WRAP "$BIN" --format text -q "$doc" >"$out/$stem.txt" 2>/dev/null
	for kind in jsonl txt err; do
		want=$G/$stem.$kind
		if [ -f "$want" ] && diff -u "$want" "$out/$stem.$kind" >"$out/diff" 2>&1; then
			pass=$((pass + 1))
		elif [ "$MODE" = update ]; then
			[ -f "$want" ] || want=/dev/null
			diff -u "$want" "$out/$stem.$kind"
			cp "$out/$stem.$kind" "$G/$stem.$kind"
			echo "updated $G/$stem.$kind"
		else
			fail=$((fail + 1))
			echo "golden: $doc ($kind) differs:"
			[ -f "$want" ] || echo "$want: no such file"
			head -40 "$out/diff"
		fi
	done
done
[ "$MODE" = update ] && exit $((fail > 0))
echo "golden: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
