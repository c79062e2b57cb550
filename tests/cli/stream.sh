# JSON Lines streamed (parsers/load.h br_load_stream): past its memory
# budget, benchreport reads the inputs three times and holds a fingerprint
# a record instead of the records; the output, the warnings and the exit
# status are what the held reading gives. The other outputs hold the
# records past the budget slim (br_load_view), with the same output too.
# A budget of one byte makes every input go that way; the corpus given
# twice makes every run merge with its copy. Standard input is copied to a
# temporary file and read like a file; files over 8 MiB (and standard
# input where it is held: --explain, --dump) are read in pieces (core/doc.c
# PIECE): their rows come out as from the whole file.
. tests/cli/lib.sh

docs=""
for f in corpus/*.txt corpus/*.html; do [ -f "$f" ] && docs="$docs $f"; done

expect_status 0 $BR --format jsonl $docs $docs
cp "$T/out" "$T/held.jsonl"
cp "$T/err" "$T/held.err"
grep -q '"also"' "$T/held.jsonl" || fail "no run merged with its copy"
expect_status 0 env BENCHREPORT_STREAM_BUDGET=1 $BR --format jsonl $docs $docs
cmp -s "$T/held.jsonl" "$T/out" || { diff "$T/held.jsonl" "$T/out" | head -20; fail "streamed JSON Lines differ"; }
cmp -s "$T/held.err" "$T/err" || { diff "$T/held.err" "$T/err" | head -20; fail "streamed warnings differ"; }
expect_status 0 env BENCHREPORT_STREAM_BUDGET=100000 $BR -o "$T/mid.jsonl" --format jsonl $docs $docs
cmp -s "$T/held.jsonl" "$T/mid.jsonl" || fail "JSON Lines streamed from half way differ"

# every other output, slim past the budget: the same bytes
for fmt in text markdown csv html svg bonnie-csv; do
	expect_status 0 env SOURCE_DATE_EPOCH=1700000000 $BR --format $fmt $docs $docs
	cp "$T/out" "$T/held.$fmt"
	expect_status 0 env SOURCE_DATE_EPOCH=1700000000 BENCHREPORT_STREAM_BUDGET=1 $BR --format $fmt $docs $docs
	cmp -s "$T/held.$fmt" "$T/out" || { diff "$T/held.$fmt" "$T/out" | head -20; fail "$fmt of slim records differs"; }
	cmp -s "$T/held.err" "$T/err" || { diff "$T/held.err" "$T/err" | head -20; fail "$fmt: warnings of slim records differ"; }
done
expect_status 0 $BR --aggregate --sort put_block --format text $docs $docs
cp "$T/out" "$T/held.agg"
expect_status 0 env BENCHREPORT_STREAM_BUDGET=1 $BR --aggregate --sort put_block --format text $docs $docs
cmp -s "$T/held.agg" "$T/out" || fail "--aggregate of slim records differs"

# nowhere to write the temporary file: the records are held, the same output
# (the bare binary: valgrind itself needs a TMPDIR)
expect_status 0 env BENCHREPORT_STREAM_BUDGET=1 TMPDIR=/nonexistent/br-tmp $BR_BIN --format jsonl $docs $docs
cmp -s "$T/held.jsonl" "$T/out" || fail "JSON Lines without a temporary file differ"

# nothing found: the same message and status either way
printf 'no results here\n' >"$T/none.txt"
expect_status 1 env BENCHREPORT_STREAM_BUDGET=1 $BR --format jsonl "$T/none.txt"
expect_err "no benchmark results found"

# standard input is read in pieces (core/doc.c PIECE, 1 MiB): 10,000 CSV
# rows (2.3 MiB) come out as from the same file read whole
row='1.98,2.00a,srvNNNNNN,1,1058179427,8G,,8192,5,760,99,241652,25,83263,17,1364,92,167755,12,328.9,40,16,,,,,30173,21,+++++,+++,26649,28,30924,27,53910,37,18405,29,27556us,882us,628us,19ms,1020us,988us,13546us,797us,952us,13ms,1228us,616us'
awk -v row="$row" 'BEGIN { for (i = 0; i < 10000; i++) { r = row; sub("NNNNNN", sprintf("%06d", i), r); print r } }' >"$T/big.csv"
[ "$(wc -c <"$T/big.csv")" -gt 2000000 ] || fail "the big file is not big: $(wc -c <"$T/big.csv")"
expect_status 0 $BR --format jsonl "$T/big.csv"
sed "s|\"file\":\"$T/big.csv\"|\"file\":\"<stdin>\"|" "$T/out" >"$T/whole.jsonl"
[ "$(wc -l <"$T/whole.jsonl")" -eq 10000 ] || fail "$(wc -l <"$T/whole.jsonl") records of 10000 rows"
grep -q '"line":10000,' "$T/whole.jsonl" || fail "the last row's line number"
expect_status 0 $BR --format jsonl - <"$T/big.csv"
cmp -s "$T/whole.jsonl" "$T/out" || { diff "$T/whole.jsonl" "$T/out" | head -5; fail "rows read in pieces differ"; }
expect_status 0 $BR --format text - <"$T/big.csv"
cp "$T/out" "$T/pieces.txt"
expect_status 0 $BR --format text "$T/big.csv"
cmp -s "$T/pieces.txt" "$T/out" || fail "the text table of rows read in pieces differs"
# standard input from a pipe, past the budget: copied, read again, slim
expect_status 0 sh -c "cat '$T/big.csv' | BENCHREPORT_STREAM_BUDGET=1 $BR --format text -"
cmp -s "$T/pieces.txt" "$T/out" || fail "the text table of a pipe past the budget differs"
expect_status 0 sh -c "cat '$T/big.csv' '$T/big.csv' | $BR --format jsonl - '$T/big.csv'"
cp "$T/out" "$T/pipe-held.jsonl"
expect_status 0 sh -c "cat '$T/big.csv' '$T/big.csv' | BENCHREPORT_STREAM_BUDGET=1 $BR --format jsonl - '$T/big.csv'"
cmp -s "$T/pipe-held.jsonl" "$T/out" || fail "JSON Lines of a pipe past the budget differ"
[ "$(wc -l <"$T/out")" -eq 10000 ] || fail "$(wc -l <"$T/out") records of a pipe and a file that repeat 10000 rows"
grep -q '"also":.*"file":"'"$T/big.csv"'"' "$T/out" || fail "the pipe's runs did not merge with the file's"
# past the budget, diagnostics no output shows are not held (a note a run
# over a million runs was 480 MiB): --quiet and --no-notes give the same
# status and output as when every one is held; --strict still counts the
# warnings --quiet left out; the HTML report shows its warnings anyway
for opts in "-q" "-q --strict" "--no-notes" "--no-notes --strict" "-q --no-notes"; do
	for fmt in jsonl text; do
		$BR $opts --format $fmt $docs corpus/rawio-damaged.txt >"$T/q.held" 2>"$T/q.held.err"
		held_rc=$?
		expect_status $held_rc env BENCHREPORT_STREAM_BUDGET=1 $BR $opts --format $fmt $docs corpus/rawio-damaged.txt
		cmp -s "$T/q.held" "$T/out" || fail "$opts -f $fmt: the output differs past the budget"
		cmp -s "$T/q.held.err" "$T/err" || { diff "$T/q.held.err" "$T/err" | head; fail "$opts -f $fmt: stderr differs past the budget"; }
	done
done
expect_status 1 env BENCHREPORT_STREAM_BUDGET=1 $BR -q --strict --format jsonl $docs corpus/rawio-damaged.txt
[ -s "$T/err" ] && fail "--quiet printed: $(head -3 "$T/err")"
expect_status 0 env SOURCE_DATE_EPOCH=1700000000 BENCHREPORT_STREAM_BUDGET=1 $BR -q --format html $docs corpus/rawio-damaged.txt
grep -q 'rawio-damaged.txt</code>' "$T/out" || fail "the report lost a warning that --quiet keeps off stderr"
expect_status 0 env SOURCE_DATE_EPOCH=1700000000 $BR -q --format html $docs corpus/rawio-damaged.txt
cp "$T/out" "$T/q.html"
expect_status 0 env SOURCE_DATE_EPOCH=1700000000 BENCHREPORT_STREAM_BUDGET=1 $BR -q --format html $docs corpus/rawio-damaged.txt
cmp -s "$T/q.html" "$T/out" || fail "the -q report differs past the budget"
# JSON Lines over 1 MiB are read in pieces too (core/doc.c row_shape): the
# records come back as written, in the file's order, with the lines they
# name (not shifted by where a piece starts)
head -1500 "$T/big.csv" >"$T/mid.csv"
expect_status 0 $BR --format jsonl "$T/mid.csv"
cp "$T/out" "$T/mid.jsonl"
[ "$(wc -c <"$T/mid.jsonl")" -gt 2000000 ] || fail "the JSON Lines are not big: $(wc -c <"$T/mid.jsonl")"
expect_status 0 $BR --format jsonl "$T/mid.jsonl"
cmp -s "$T/mid.jsonl" "$T/out" || { diff "$T/mid.jsonl" "$T/out" | head -5; fail "JSON Lines read back in pieces differ"; }
expect_status 0 env BENCHREPORT_STREAM_BUDGET=1 $BR --format jsonl "$T/mid.jsonl"
cmp -s "$T/mid.jsonl" "$T/out" || fail "JSON Lines read back in pieces past the budget differ"
# records of one file in another order than their lines: the file's order
sed -n '3p;1p;2p' "$T/mid.jsonl" >"$T/turned.jsonl"
expect_status 0 $BR --format jsonl "$T/turned.jsonl"
cmp -s "$T/turned.jsonl" "$T/out" || fail "records read back from JSON Lines were put in another order"
# nothing left on standard input for a second "-"
expect_status 0 sh -c "BENCHREPORT_STREAM_BUDGET=1 $BR --format jsonl - - <'$T/big.csv'"
[ "$(wc -l <"$T/out")" -eq 10000 ] || fail "a second '-' read something"
echo ok
