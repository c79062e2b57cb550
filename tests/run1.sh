#!/bin/sh
# One test of `make check` (tests/check.mk makes each test a target of its
# own, so that make runs them side by side). Writes RES, one line "PASSED
# FAILED SKIPPED WALL CPU" (counts, the seconds it took and the CPU seconds
# it used), and RES.log, what the test printed; always exits 0
# (tests/summary.sh adds the counts up and shows the logs of failures).
#   tests/run1.sh RES MODE unit TEST_BINARY      cmocka: counts its tests
#   tests/run1.sh RES MODE golden BIN DOC        the three expected files of DOC
#   tests/run1.sh RES MODE cli BIN SCRIPT        one script, see below
#   tests/run1.sh RES MODE fuzz REPLAY_BINARY    a harness over corpus/, tests/regress/
#   tests/run1.sh RES MODE skip N REASON         N tests skipped, saying REASON
# MODE is plain or valgrind (memcheck around every benchreport of the golden
# and CLI tests; skipped, saying so, where valgrind is not installed).
#
# A CLI script runs with $BR the (wrapped) binary, $BR_BIN the bare one, $T a
# fresh temporary directory and the top of the repository as its directory.
# It passes when it exits 0; exit status 77 means skipped (tests/cli/lib.sh's
# skip_unless prints "skipped: TOOL not installed" and exits 77).
set -u
RES=$1 MODE=$2 KIND=$3
shift 3
LOG=$RES.log
mkdir -p "$(dirname "$RES")"
export LC_ALL=C
export SOURCE_DATE_EPOCH=1700000000
export BR_WRAP=""
start=$(date +%s.%N)
# the CPU seconds of the test's processes: the second line of `times`
# (run in this shell: a subshell's children are not the test's)
result() {
	times >"$RES.cpu"
	wall=$(awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN { printf "%.2f", e - s }')
	cpu=$(awk 'NR == 2 { for (i = 1; i <= 2; i++) { split($i, t, /[ms]/); s += t[1] * 60 + t[2] } printf "%.2f", s }' "$RES.cpu")
	rm -f "$RES.cpu"
	echo "$1 $2 $3 $wall $cpu" >"$RES"
	exit 0
}

if [ "$MODE" = valgrind ] && { [ "$KIND" = golden ] || [ "$KIND" = cli ]; }; then
	if ! command -v valgrind >/dev/null 2>&1; then
		echo "skipped: valgrind not installed" >"$LOG"
		[ "$KIND" = golden ] && result 0 0 3 # a case is three expected files
		result 0 0 1
	fi
	export BR_NO_JIT=1 # valgrind cannot follow PCRE2's JIT code
	export BR_NO_SLAB=1 # records from calloc, so that memcheck sees each one
	export BR_WRAP="valgrind -q --error-exitcode=99 --leak-check=full --show-leak-kinds=definite,indirect --errors-for-leak-kinds=definite,indirect --suppressions=$(pwd)/tests/valgrind.supp"
fi

case $KIND in
unit)
	out=$("$1" 2>&1)
	rc=$?
	printf '%s\n' "$out" >"$LOG"
	np=$(printf '%s\n' "$out" | sed -n 's/^\[  PASSED  \] \([0-9]*\) test.*/\1/p' | awk '{s+=$1} END {print s+0}')
	nf=$(printf '%s\n' "$out" | sed -n 's/^\[  FAILED  \] \([0-9]*\) test.*/\1/p' | awk '{s+=$1} END {print s+0}')
	if [ $rc -ne 0 ] && [ "$nf" -eq 0 ]; then nf=1; fi
	result "$np" "$nf" 0
	;;
golden)
	sh tests/golden.sh "$1" "$2" >"$LOG" 2>&1
	set -- $(sed -n 's/^golden: \([0-9]*\) passed, \([0-9]*\) failed$/\1 \2/p' "$LOG") 0 1
	result "$1" "$2" 0
	;;
cli)
	T=$(mktemp -d)
	BR="${BR_WRAP:+$BR_WRAP }$1" BR_BIN="$1" T="$T" sh "$2" >"$LOG" 2>&1
	rc=$?
	rm -rf "$T"
	case $rc in
	0) result 1 0 0 ;;
	77) result 0 0 1 ;;
	*) echo "exit status $rc" >>"$LOG"; result 0 1 0 ;;
	esac
	;;
fuzz)
	if "$1" corpus tests/regress >/dev/null 2>"$LOG"; then
		result 1 0 0
	else
		result 0 1 0
	fi
	;;
skip)
	echo "skipped: $2" >"$LOG"
	result 0 0 "$1"
	;;
*)
	echo "tests/run1.sh: unknown kind '$KIND'" >"$LOG"
	result 0 1 0
	;;
esac
