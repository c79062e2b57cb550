#!/bin/sh
# CLI tests: each tests/cli/<case>.sh is run with $BR set to the binary
# (wrapped in valgrind under VALGRIND=1), $T a fresh temp directory and the
# working directory at the top of the repository. A case passes when it
# exits 0; it prints what it expected when it fails. Cases run side by side,
# JOBS at a time (default: the number of processors); then the cases that
# time signals against a write (ALONE) run one by one, on a quiet machine.
#   tests/cli.sh BIN COUNTS_FILE
set -u
BIN=$1
COUNTS=$2
export LC_ALL=C
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-1700000000}
JOBS=${JOBS:-$(nproc 2>/dev/null || echo 2)}
R=$(mktemp -d)
trap 'rm -rf "$R"' EXIT INT TERM
export BIN R
export BR_WRAP=${BR_WRAP:-}
ALONE="attack run_signal safe_signals"
alone() { case " $ALONE " in *" $(basename "$1" .sh) "*) return 0 ;; esac; return 1; }
one='
	t=$1
	name=$(basename "$t" .sh)
	T=$(mktemp -d)
	if BR="${BR_WRAP:+$BR_WRAP }$BIN" BR_BIN="$BIN" T="$T" sh "$t" >"$R/$name.log" 2>&1; then
		: >"$R/$name.pass"
	else
		: >"$R/$name.fail"
	fi
	rm -rf "$T"'
for t in tests/cli/*.sh; do
	case $t in */lib.sh) continue ;; esac
	[ -f "$t" ] && ! alone "$t" && echo "$t"
done | xargs -P "$JOBS" -n 1 sh -c "$one" sh
for t in tests/cli/*.sh; do
	alone "$t" && sh -c "$one" sh "$t"
done
pass=0 fail=0
for t in tests/cli/*.sh; do
	case $t in */lib.sh) continue ;; esac
	name=$(basename "$t" .sh)
	if [ -e "$R/$name.pass" ]; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "cli: FAILED: $t"
		tail -30 "$R/$name.log" 2>/dev/null
	fi
done
echo "cli: $pass passed, $fail failed"
echo "$pass $fail" >"$COUNTS"
