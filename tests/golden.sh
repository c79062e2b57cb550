#!/bin/sh
# Golden tests: every corpus/ document against tests/golden/<stem>.jsonl (the
# records), <stem>.txt (the text table) and <stem>.err (the diagnostics).
#   tests/golden.sh BIN check     compare, print diffs, write BIN's dir/golden.counts
#   tests/golden.sh BIN update [GLOB]
#                                 rewrite the golden files of corpus/GLOB (default: all);
#                                 read every diff before committing!
set -u
BIN=$1
MODE=${2:-check}
GLOB=${3:-*}
WRAP=${BR_WRAP:-}
export LC_ALL=C
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-1700000000}
G=tests/golden
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT INT TERM
pass=0 fail=0
# the outputs are made side by side (JOBS at a time), then compared in order
JOBS=${JOBS:-$(nproc 2>/dev/null || echo 2)}
export BIN WRAP out
for doc in corpus/$GLOB; do
	[ -f "$doc" ] && echo "$doc"
done | xargs -P "$JOBS" -n 1 sh -c '
	doc=$1
	base=$(basename "$doc")
	stem=${base%.*}
	$WRAP "$BIN" --format jsonl "$doc" >"$out/$stem.jsonl" 2>"$out/$stem.err"
	rc=$?
	[ $rc -ge 2 ] && echo "exit status $rc" >>"$out/$stem.err"
	$WRAP "$BIN" --format text -q "$doc" >"$out/$stem.txt" 2>/dev/null' sh
for doc in corpus/$GLOB; do
	[ -f "$doc" ] || continue
	base=$(basename "$doc")
	stem=${base%.*}
	for kind in jsonl txt err; do
		if [ "$MODE" = update ]; then
			if ! cmp -s "$out/$stem.$kind" "$G/$stem.$kind" 2>/dev/null; then
				cp "$out/$stem.$kind" "$G/$stem.$kind"
				echo "updated $G/$stem.$kind"
			fi
		elif diff -u "$G/$stem.$kind" "$out/$stem.$kind" >"$out/diff" 2>&1; then
			pass=$((pass + 1))
		else
			fail=$((fail + 1))
			echo "golden: $doc ($kind) differs:"
			head -40 "$out/diff"
		fi
	done
done
if [ "$MODE" != update ]; then
	echo "golden: $pass passed, $fail failed"
	echo "$pass $fail" >"$(dirname "$BIN")/golden.counts"
fi
