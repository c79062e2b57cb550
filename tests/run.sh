#!/bin/sh
# Run the test suites and end with one line: "N passed, N failed".
#   tests/run.sh BUILD_DIR VALGRIND [unit|golden|cli|fuzz]...
# BUILD_DIR holds benchreport and tests/; VALGRIND=1 runs the golden and CLI
# suites under memcheck (zero errors, zero leaks).
set -u
O=$1
VALGRIND=${2:-}
shift 2
suites=${*:-unit golden cli fuzz}
export LC_ALL=C
export SOURCE_DATE_EPOCH=1700000000
counts=$(mktemp)
trap 'rm -f "$counts"' EXIT INT TERM

if [ "$VALGRIND" = 1 ]; then
	export BR_NO_JIT=1   # valgrind cannot follow PCRE2's JIT code
	export BR_NO_SLAB=1  # records from calloc, so that memcheck sees each one
	export BR_WRAP="valgrind -q --error-exitcode=99 --leak-check=full --show-leak-kinds=definite,indirect --errors-for-leak-kinds=definite,indirect"
else
	export BR_WRAP=""
fi

for suite in $suites; do
	case $suite in
	unit)
		p=0 f=0
		for t in "$O"/tests/test_*; do
			[ -x "$t" ] || continue
			out=$("$t" 2>&1)
			rc=$?
			np=$(printf '%s\n' "$out" | sed -n 's/^\[  PASSED  \] \([0-9]*\) test.*/\1/p' | awk '{s+=$1} END {print s+0}')
			nf=$(printf '%s\n' "$out" | sed -n 's/^\[  FAILED  \] \([0-9]*\) test.*/\1/p' | awk '{s+=$1} END {print s+0}')
			if [ $rc -ne 0 ] && [ "$nf" -eq 0 ]; then nf=1; fi
			if [ "$nf" -ne 0 ]; then
				printf '%s\n' "$out" | grep -E 'FAIL|ERROR|error|Assert|assert' | head -20
				echo "unit: FAILED: $(basename "$t")"
			fi
			p=$((p + np)); f=$((f + nf))
		done
		echo "unit: $p passed, $f failed"
		echo "$p $f" >>"$counts"
		;;
	golden)
		sh tests/golden.sh "$O/benchreport" check
		echo "$(cat "$O/golden.counts" 2>/dev/null || echo '0 1')" >>"$counts"
		;;
	cli)
		sh tests/cli.sh "$O/benchreport" "$O/cli.counts"
		echo "$(cat "$O/cli.counts" 2>/dev/null || echo '0 1')" >>"$counts"
		;;
	fuzz)
		p=0 f=0
		for r in "$O"/tests/replay_*; do
			[ -x "$r" ] || continue
			if "$r" corpus tests/regress >/dev/null 2>"$O/replay.err"; then
				p=$((p + 1))
			else
				f=$((f + 1)); echo "fuzz replay FAILED: $(basename "$r")"; tail -20 "$O/replay.err"
			fi
		done
		echo "fuzz-replay: $p passed, $f failed"
		echo "$p $f" >>"$counts"
		;;
	*)
		echo "tests/run.sh: unknown suite '$suite'" >&2
		echo "0 1" >>"$counts"
		;;
	esac
done
awk '{p+=$1; f+=$2} END {printf "%d passed, %d failed\n", p, f; exit (f > 0)}' "$counts"
