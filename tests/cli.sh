#!/bin/sh
# CLI tests: each tests/cli/<case>.sh is run with $BR set to the binary
# (wrapped in valgrind under VALGRIND=1), $T a fresh temp directory and the
# working directory at the top of the repository. A case passes when it
# exits 0; it prints what it expected when it fails.
#   tests/cli.sh BIN COUNTS_FILE
set -u
BIN=$1
COUNTS=$2
export LC_ALL=C
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-1700000000}
pass=0 fail=0
for t in tests/cli/*.sh; do
	case $t in */lib.sh) continue ;; esac
	[ -f "$t" ] || continue
	T=$(mktemp -d)
	if BR="${BR_WRAP:+$BR_WRAP }$BIN" BR_BIN="$BIN" T="$T" sh "$t" >"$T/.log" 2>&1; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "cli: FAILED: $t"
		tail -30 "$T/.log"
	fi
	rm -rf "$T"
done
echo "cli: $pass passed, $fail failed"
echo "$pass $fail" >"$COUNTS"
