#!/bin/sh
# make deps: check every build and test dependency; only when something is
# missing, install the Debian packages that provide it (needs root). No other
# target installs anything: make check skips, saying so, the tests whose
# tool is missing.
#   tools/deps.sh build   what building and rendering need (enough for make demo)
#   tools/deps.sh [test]  that and what the tests need (make deps)
# Without root, a missing optional tool (Chromium, clang's libFuzzer,
# valgrind) is reported and its tests are skipped; a missing library fails.
set -u
level=${1:-test}
missing=""
optional=""
need_pkg() { missing="$missing $1"; }
want_pkg() { optional="$optional $1"; }

command -v pkg-config >/dev/null 2>&1 || need_pkg pkg-config
have_pc() { command -v pkg-config >/dev/null 2>&1 && pkg-config --exists "$1" 2>/dev/null; }
have_pc cairo && have_pc cairo-svg && have_pc cairo-png || need_pkg libcairo2-dev
have_pc libxml-2.0 || need_pkg libxml2-dev
have_pc libpcre2-8 || need_pkg libpcre2-dev
have_pc sqlite3 || need_pkg libsqlite3-dev
have_pc zlib || need_pkg zlib1g-dev
have_pc nettle || need_pkg nettle-dev
have_pc json-c || need_pkg libjson-c-dev
[ -f /usr/include/csv.h ] || need_pkg libcsv-dev
# fonts for charts
fc-list 2>/dev/null | grep -qi dejavu || need_pkg fonts-dejavu-core
if [ "$level" != build ]; then
	have_pc cmocka || need_pkg libcmocka-dev
	# tests: bonnie++'s bon_csv2txt/bon_csv2html, xmllint
	command -v bon_csv2txt >/dev/null 2>&1 || need_pkg bonnie++
	command -v xmllint >/dev/null 2>&1 || need_pkg libxml2-utils
	# the browser test, fuzzing (make fuzz, run by CI), make check VALGRIND=1
	command -v chromium >/dev/null 2>&1 || want_pkg chromium
	if ! command -v clang >/dev/null 2>&1; then
		want_pkg clang
		want_pkg libclang-rt-14-dev
	elif ! ls "$(clang -print-resource-dir 2>/dev/null)"/lib/linux/libclang_rt.fuzzer-*.a >/dev/null 2>&1; then
		v=$(clang -dumpversion 2>/dev/null | cut -d. -f1)
		want_pkg "libclang-rt-${v:-14}-dev"
	fi
	command -v valgrind >/dev/null 2>&1 || want_pkg valgrind
fi
if [ "$(id -u)" -ne 0 ] && ! { command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; }; then
	if [ -n "$optional" ]; then
		echo "deps: optional packages missing:$optional (their tests are skipped; install them as root to run them)" >&2
		optional=""
	fi
fi
missing="$missing$optional"

if [ -z "$missing" ]; then
	if [ "$level" = build ]; then echo "deps: all build dependencies present"; else echo "deps: all build and test dependencies present"; fi
	exit 0
fi
echo "deps: missing Debian packages:$missing"
if [ "$(id -u)" -ne 0 ]; then
	if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
		SUDO=sudo
	else
		echo "deps: installing them needs root: run 'sudo make deps' (or apt-get install$missing)" >&2
		exit 1
	fi
else
	SUDO=
fi
export DEBIAN_FRONTEND=noninteractive
if ! $SUDO apt-get install -y --no-install-recommends $missing >/tmp/benchreport-deps.log 2>&1; then
	$SUDO apt-get update >>/tmp/benchreport-deps.log 2>&1
	if ! $SUDO apt-get install -y --no-install-recommends $missing >>/tmp/benchreport-deps.log 2>&1; then
		# chromium is only needed by the browser test, which skips without it
		rest=$(echo "$missing" | sed 's/ chromium//')
		if [ "$rest" != "$missing" ] && $SUDO apt-get install -y --no-install-recommends $rest >>/tmp/benchreport-deps.log 2>&1; then
			echo "deps: installed$rest (chromium could not be installed; the browser test will be skipped)"
			exit 0
		fi
		tail -20 /tmp/benchreport-deps.log >&2
		echo "deps: apt-get failed (log: /tmp/benchreport-deps.log)" >&2
		exit 1
	fi
fi
echo "deps: installed$missing"
