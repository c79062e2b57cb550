# Helpers for tests/cli/*.sh (sourced, not a test itself).
fail() { echo "FAIL: $*"; exit 1; }
# expect_status N cmd...: run cmd, check its exit status, keep stdout/stderr in $T/out, $T/err
expect_status() {
	want=$1; shift
	"$@" >"$T/out" 2>"$T/err"
	got=$?
	[ "$got" -eq "$want" ] || { echo "command: $*"; echo "stderr:"; cat "$T/err"; fail "exit status $got, expected $want"; }
}
expect_err() { grep -q -- "$1" "$T/err" || { cat "$T/err"; fail "stderr lacks '$1'"; }; }
expect_out() { grep -q -- "$1" "$T/out" || { head -50 "$T/out"; fail "stdout lacks '$1'"; }; }
# skip_test REASON: the test cannot run here (tests/run1.sh counts exit 77 as skipped)
skip_test() { echo "skipped: $*"; exit 77; }
# need_tools TOOL...: skip the test unless every TOOL is on the PATH
need_tools() {
	for tool; do command -v "$tool" >/dev/null 2>&1 || skip_test "$tool not installed"; done
}
