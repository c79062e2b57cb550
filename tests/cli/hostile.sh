# Hostile input (issue 6 §3, docs/limits.md): the worst a stranger can send.
# Every case must end in bounded CPU time and memory, with the exit status
# and the message the user is owed — never a crash, a hang or a blow-up.
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

# ---------------------------------------------------------------- empty
: >"$T/empty.txt"
bounded "empty file" 5 1 1 -f jsonl "$T/empty.txt"
no_records "empty file"
bounded "empty stdin" 5 1 1 -f jsonl - </dev/null
no_records "empty stdin"

# ---------------------------------------------------------------- random bytes
head -c $((200 * MiB / SCALE)) /dev/urandom >"$T/random.bin"
bounded "200 MB of random bytes" 20 1.3 1 -f jsonl "$T/random.bin"
expect_err "random.bin: warning: doc: looks like binary data, not text; skipped"
no_records "random bytes"
rm -f "$T/random.bin"

# ---------------------------------------------------------------- one huge line
head -c $((100 * MiB / SCALE)) /dev/zero | tr '\0' 'x' >"$T/line.txt"
bounded "a single 100 MB line" 20 2.5 1 -f jsonl "$T/line.txt"
no_records "one line"
rm -f "$T/line.txt"
# the same size of figures and result keywords on one line, after a
# Bonnie++ header: every parser looks at it, none may take long
{
	printf 'Version  1.96       ------Sequential Output------ --Sequential Input- --Random-\n'
	printf 'Concurrency   1     -Per Chr- --Block-- -Rewrite- -Per Chr- --Block-- --Seeks--\n'
	printf 'Machine        Size K/sec %%CP K/sec %%CP K/sec %%CP K/sec %%CP K/sec %%CP  /sec %%CP\n'
	printf 'corei7       32080M '
	awk -v n=$((6000000 / SCALE)) 'BEGIN { for (i = 0; i < n; i++) printf "%d %d.%d MB/sec K/sec %%CP +++++ ", i % 100000, i % 100, i % 10 }'
	printf '\n'
} >"$T/figures.txt"
bounded "a 100 MB line of figures" 30 2.5 1 -f jsonl "$T/figures.txt"
no_records "line of figures"
rm -f "$T/figures.txt"

# ---------------------------------------------------------------- NUL bytes
# a few NULs in prose do not hide the result next to them
{ printf 'timings from the box\0 (NUL here)\n\0\n%s\n' "$HD"; } >"$T/nul.txt"
bounded "NUL bytes in a mail" 5 1 0 -f jsonl "$T/nul.txt"
expect_out '"cached_read":{"value":4014090.24'
valid_utf8 "NUL bytes"
# nothing but NULs is binary data
head -c $((10 * MiB / SCALE)) /dev/zero >"$T/nuls.bin"
bounded "10 MB of NUL bytes" 10 1.3 1 -f jsonl "$T/nuls.bin"
expect_err "looks like binary data"
rm -f "$T/nuls.bin"

# ---------------------------------------------------------------- invalid UTF-8
{
	printf 'Subject: r\351sultats \377\376\n\n'
	printf 'Carte m\350re \300\257 \355\240\200 \364\220\200\200 \xe2\x82:\n'
	printf '/dev/sd\351:\n Timing cached reads:   7834 MB in  2.00 seconds = 3920.01 MB/sec\n'
	printf '1.96,1.96,h\366st\377,1,1323305088,32080M,,1148,98,126598,11,74273,9,5334,100,229733,15,13116,160,16,,,,,23322,22,+++++,+++,24000,16,+++++,+++,+++++,+++,+++++,+++,15865us,554ms,483ms,4473us,434ms,2480us,1343us,924us,603us,633us,102us,625us\n'
} >"$T/utf8.txt"
bounded "invalid UTF-8" 5 1 0 -f jsonl "$T/utf8.txt"
valid_utf8 "invalid UTF-8 (jsonl)"
[ "$(wc -l <"$T/out")" -eq 2 ] || fail "invalid UTF-8: expected 2 records"
bounded "invalid UTF-8 (text)" 5 1 0 -f text "$T/utf8.txt"
valid_utf8 "invalid UTF-8 (text)"
bounded "invalid UTF-8 (html)" 10 1 0 -f html "$T/utf8.txt"
valid_utf8 "invalid UTF-8 (html)"

# ---------------------------------------------------------------- 10,000 columns
{
	printf '              -------Sequential Output-------- ---Sequential Input-- --Random--\n'
	printf '              -Per Char- --Block--- -Rewrite-- -Per Char- --Block--- --Seeks---\n'
	printf 'Machine    MB K/sec %%CPU K/sec %%CPU K/sec %%CPU K/sec %%CPU K/sec %%CPU  /sec %%CPU\n'
	printf 'wide  '
	awk 'BEGIN { for (i = 0; i < 10000; i++) printf "%d %d.%d ", 1000 + i, i % 100, i % 10; printf "\n" }'
	printf 'Random read Sequential read Random write Sequential write\nID K/sec /sec K/sec /sec K/sec /sec K/sec /sec\nW '
	awk 'BEGIN { for (i = 0; i < 10000; i++) printf "%d.%d %d ", 1000 + i, i % 10, i % 100; printf "\n" }'
	awk 'BEGIN { printf "1.96,1.96,wide"; for (i = 0; i < 10000; i++) printf ",%d", i; printf "\n" }'
	printf '\t'
	awk 'BEGIN { for (i = 0; i < 10000; i++) printf "%d\t", i; printf "\n" }'
} >"$T/columns.txt"
bounded "10,000 columns" 10 4 1 -f jsonl "$T/columns.txt"
no_records "10,000 columns"

# ---------------------------------------------------------------- deep quoting
# 1,000 levels of "> " (and of [quote]): the result inside is still read,
# from its original line
awk -v hd="$HD" 'BEGIN {
	print "Subject: Re: Re: Re: timings"; print ""
	p = ""; for (i = 0; i < 1000; i++) p = p "> "
	n = split(hd, L, "\n"); for (k = 1; k <= n; k++) print p L[k]
}' >"$T/quote.txt"
bounded "quoting 1,000 levels deep" 5 4 0 -f jsonl "$T/quote.txt"
expect_out '"host":"/dev/sda"'
expect_out '"line":4,"end_line":5'
awk -v hd="$HD" 'BEGIN {
	for (i = 0; i < 1000; i++) print "[quote]"
	print hd
	for (i = 0; i < 1000; i++) print "[/quote]"
}' >"$T/bbquote.txt"
bounded "[quote] 1,000 levels deep" 5 4 0 -f jsonl "$T/bbquote.txt"
expect_out '"line":1002,"end_line":1003'

# ---------------------------------------------------------------- deep HTML
# 100,000 nested elements around a <pre> with a result
nest=$((100000 / (SCALE > 10 ? 10 : 1)))
for tag in div blockquote b; do
	{
		printf '<html><body>\n'
		awk -v n=$nest -v t=$tag 'BEGIN { for (i = 0; i < n; i++) printf "<%s>", t; printf "\n" }'
		printf '<pre>%s\n</pre>\n' "$HD"
		awk -v n=$nest -v t=$tag 'BEGIN { for (i = 0; i < n; i++) printf "</%s>", t; printf "\n" }'
		printf '</body></html>\n'
	} >"$T/nest.html"
	bounded "HTML with $nest nested <$tag>" 10 8 0 -f jsonl "$T/nest.html"
	expect_out '"line":4,"end_line":5'
done
# unclosed, one per line
awk -v n=$nest 'BEGIN { print "<html><body>"; for (i = 0; i < n; i++) print "<div><span><table><tr><td>" }' >"$T/open.html"
bounded "HTML with $nest unclosed tags" 10 8 1 -f jsonl "$T/open.html"
no_records "unclosed HTML"

# ---------------------------------------------------------------- a million CSV fields
awk -v n=$((1000000 / (SCALE > 10 ? 100 : 1))) 'BEGIN {
	printf "1.96,1.96,corei7,1,1323305088,32080M,"
	for (i = 0; i < n; i++) printf ",%d", i % 100000
	printf "\n"
}' >"$T/fields.csv"
bounded "a CSV line with a million fields" 10 4 1 -f jsonl "$T/fields.csv"
no_records "a million fields"

# ---------------------------------------------------------------- many tiny results
n=$((100000 / SCALE))
awk -v n=$n 'BEGIN {
	for (i = 0; i < n; i++)
		printf "/dev/sd%06d:\n Timing cached reads:   %d MB in  2.00 seconds = %d.%02d MB/sec\n", i, 100 + i % 9000, 100 + i % 9900, i % 100
}' >"$T/tiny.txt"
bounded "$n tiny results" 20 20 0 -f jsonl "$T/tiny.txt"
[ "$(wc -l <"$T/out")" -eq "$n" ] || fail "tiny results: expected $n records, got $(wc -l <"$T/out")"
# the same as a text table (its rows hold no cells: render/compare.c makes
# them as each row is written)
bounded "$n tiny results (text table)" 20 20 0 -f text "$T/tiny.txt"
expect_out "sd$(printf %06d $((n - 1)))"
# as many results, each in a message of its own in a mail archive (mbox):
# read one message at a time, each a document of its own
awk -v n=$n 'BEGIN {
	for (i = 0; i < n; i++)
		printf "From u%d@example.org Mon Jan  2 00:00:00 2001\nSubject: r\n\n/dev/sd%06d:\n Timing cached reads:   %d MB in  2.00 seconds = %d.%02d MB/sec\n\n", i, i, 100 + i % 9000, 100 + i % 9900, i % 100
}' >"$T/tiny.mbox"
bounded "$n tiny results, a message each" 20 10 0 -f jsonl "$T/tiny.mbox"
[ "$(wc -l <"$T/out")" -eq "$n" ] || fail "tiny messages: expected $n records, got $(wc -l <"$T/out")"
# the last message's result at its line of the archive (6 lines a message)
grep -q "\"host\":\"/dev/sd$(printf %06d $((n - 1)))\",\"label\":null,\"source\":{\"file\":\"[^\"]*\",\"line\":$((6 * n - 1))," "$T/out" ||
	fail "tiny messages: the last result is not at line $((6 * n - 1))"
# one device measured again and again: every row has the same name, and the
# HTML report's charts number them ("/dev/sda #2" …)
m=$((20000 / SCALE))
awk -v n=$m 'BEGIN {
	for (i = 0; i < n; i++)
		printf "/dev/sda:\n Timing cached reads:   %d MB in  2.00 seconds = %d.%02d MB/sec\n", 100 + i % 9000, 100 + i % 9900, i % 100
}' >"$T/same.txt"
bounded "$m results of one device (HTML report)" 20 60 0 -f html "$T/same.txt"
expect_out "$m results from 1 document"
# and as many bonnie++ CSV lines, all with the same CPU figures (one merge bucket)
awk -v n=$n 'BEGIN {
	for (i = 0; i < n; i++)
		printf "h%d,300M,%d,90,%d,10,%d,5,%d,95,%d,20,%d.%d,1,16,%d,80,+++++,+++,%d,70,%d,80,+++++,+++,%d,60\n", i, 1000 + i % 7919, 2000 + i % 7907, 3000 + i % 7901, 4000 + i % 7883, 5000 + i % 7879, 100 + i % 997, i % 10, 500 + i % 991, 600 + i % 983, 700 + i % 977, 800 + i % 971
}' >"$T/tiny.csv"
bounded "$n bonnie++ CSV lines" 30 25 0 -f jsonl "$T/tiny.csv"
[ "$(wc -l <"$T/out")" -eq "$n" ] || fail "CSV lines: expected $n records, got $(wc -l <"$T/out")"
# --aggregate groups runs by label and by host, a host matching any host it
# is a prefix of (h1, h10, h100 …): grouping was quadratic (100,000 runs: 35 s)
bounded "$n bonnie++ CSV lines (--aggregate text table)" 10 30 0 -f text --aggregate "$T/tiny.csv"
expect_out "h$((n - 1)) "
exit 0
