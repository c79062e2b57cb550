# Helpers of the hostile-input tests (sourced by tests/cli/hostile.sh and
# tests/cli/hostile_large.sh, not a test itself): the build's MODE and the
# input SCALE, and `bounded`, which runs a case under CPU, wall-clock and
# memory bounds.
#
# Inputs are generated here, into $T, at a size that keeps the whole file
# under a minute on a small machine. Native builds get the sizes of the
# issue except "a million tiny results" (100,000 here: each record costs
# about 1 KiB, so a million is 1 GiB of memory — docs/limits.md says so).
# Under valgrind ($BR_WRAP) and ASan everything runs many times slower:
# the same inputs, scaled down (SCALE), still reach every path.
#
# Bounds: CPU seconds through `ulimit -t` (robust against a loaded machine;
# exceeding it kills with SIGXCPU), a wall-clock `timeout` ten times larger
# against hangs, and for native builds the peak resident set size measured
# by /usr/bin/time against a per-case budget (RSS_K × input + 64 MiB), with
# `ulimit -v` as a backstop so that a runaway fails fast.
. tests/cli/lib.sh

BIN=${BR_BIN:-}
[ -n "$BIN" ] || fail "BR_BIN is not set"
MODE=native
if [ -n "${BR_WRAP:-}" ]; then
	MODE=valgrind
elif grep -q __asan_init "$BIN" 2>/dev/null; then
	MODE=asan
fi
case $MODE in
native) SCALE=1 CPU_K=1 ;;
asan) SCALE=8 CPU_K=6 ;;
valgrind) SCALE=500 CPU_K=40 ;;
esac
TIME=
[ -x /usr/bin/time ] && TIME=/usr/bin/time
MiB=1048576
echo "mode: $MODE (inputs scaled 1/$SCALE)"

# bounded NAME CPU_S RSS_K STATUS ARGS...: run $BR with ARGS under the
# bounds; stdout in $T/out, stderr in $T/err. CPU_S is the CPU-time budget of
# the native build (multiplied by CPU_K for the slower builds); the memory
# budget is RSS_K × (bytes of the input file, the last argument) + 64 MiB.
bounded() {
	name=$1 cpu=$2 rssk=$3 want=$4
	shift 4
	for last; do :; done
	size=0
	[ -f "$last" ] && size=$(wc -c <"$last")
	cpu=$((cpu * CPU_K))
	budget=$(awk -v k="$rssk" -v s="$size" 'BEGIN { printf "%d", k * s / 1024 + 65536 }')
	(
		ulimit -t "$cpu"
		if [ "$MODE" = native ]; then
			ulimit -v $((budget * 2 + 262144))
		fi
		if [ -n "$TIME" ] && [ "$MODE" = native ]; then
			exec timeout $((cpu * 10 + 30)) $TIME -o "$T/rss" -f '%M %U %S' $BR "$@"
		else
			exec timeout $((cpu * 10 + 30)) $BR "$@"
		fi
	) >"$T/out" 2>"$T/err"
	got=$?
	case $got in
	124) fail "$name: still running after $((cpu * 10 + 30)) s (wall clock)" ;;
	152 | 137) fail "$name: exceeded its CPU budget of $cpu s (status $got)" ;;
	134 | 139) cat "$T/err" | tail -5; fail "$name: crashed (status $got)" ;;
	esac
	[ "$got" -eq "$want" ] || { tail -5 "$T/err"; fail "$name: exit status $got, expected $want"; }
	if [ -s "$T/rss" ]; then
		set -- $(tail -1 "$T/rss")
		echo "$name: $((size / 1024)) KiB in, peak RSS $1 KiB (budget $budget KiB), CPU ${2}+${3} s"
		[ "$1" -le "$budget" ] || fail "$name: peak RSS $1 KiB over the budget of $budget KiB"
		rm -f "$T/rss"
	else
		echo "$name: $((size / 1024)) KiB in: status $got"
	fi
}

no_records() { expect_err "no benchmark results found in the input"; [ -s "$T/out" ] && fail "$1: output without records"; :; }
# stdout must be valid UTF-8 (JSON Lines, tables)
valid_utf8() { iconv -f UTF-8 -t UTF-8 "$T/out" >/dev/null 2>&1 || fail "$1: output is not valid UTF-8"; }

HD='/dev/sda:
 Timing cached reads:   7834 MB in  2.00 seconds = 3920.01 MB/sec
 Timing buffered disk reads: 356 MB in  3.01 seconds = 118.27 MB/sec'
