# Hostile input (issue 6 §3, docs/limits.md): the worst a stranger can send.
# Every case must end in bounded CPU time and memory, with the exit status
# and the message the user is owed — never a crash, a hang or a blow-up.
# These are the cases of make check; the inputs of hundreds of megabytes and
# of 100,000 results are in hostile_large.sh (make check-slow).
. tests/cli/lib_hostile.sh

# ---------------------------------------------------------------- empty
: >"$T/empty.txt"
bounded "empty file" 5 1 1 -f jsonl "$T/empty.txt"
no_records "empty file"
bounded "empty stdin" 5 1 1 -f jsonl - </dev/null
no_records "empty stdin"

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
exit 0
