# Hostile input, the large cases (make check-slow; the others are in
# hostile.sh): hundreds of megabytes of random bytes and of one line, and
# 100,000 results in a file, a mail archive and bonnie++ CSV. Each must end
# in bounded CPU time and memory (tests/cli/lib_hostile.sh), with the exit
# status and the message the user is owed.
. tests/cli/lib_hostile.sh

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
