# --dump=lines|claims|records|model: what a stage produced, compared with
# tests/cli/dump/<doc>.{lines,claims,model} (read once by eye; rewrite them only
# for an intended change) and, for records, with the JSON Lines output.
. tests/cli/lib.sh

for doc in mail-nested-quote.txt bonnie-64-html-table.html hdparm-mail-qp.txt; do
	stem=${doc%.*}
	for stage in lines claims; do
		expect_status 0 $BR --dump=$stage corpus/$doc
		diff -u tests/cli/dump/$stem.$stage "$T/out" || fail "--dump=$stage corpus/$doc differs"
	done
	expect_status 0 $BR --dump=records corpus/$doc
	$BR --format jsonl corpus/$doc >"$T/jsonl" 2>/dev/null
	cmp -s "$T/out" "$T/jsonl" || fail "--dump=records corpus/$doc is not the records' JSON Lines"
done

# model: the report model the output gets (the text table's by default,
# the HTML report's sections and charts with -f html)
expect_status 0 $BR --dump=model corpus/hdparm-mail-qp.txt
diff -u tests/cli/dump/hdparm-mail-qp.model "$T/out" || fail "--dump=model differs"
expect_status 0 $BR --dump=model -f html corpus/bonnie-64-html-table.html
expect_out '^section "bonnie-64-html-table" records 2 own 2$'
expect_out '^  chart seq "Sequential throughput" panels 1 bars 10'
expect_status 0 $BR --dump=model -f text corpus/bonnie-64-html-table.html
grep -q '^section' "$T/out" && fail "--dump=model -f text holds the report's sections"
expect_status 2 $BR --dump=model --baseline nosuchhost corpus/hdparm-mail-qp.txt
expect_err "--baseline 'nosuchhost' matches no record"

# lines: nothing parsed, so no diagnostics; the stage's own warnings for the others
expect_status 0 $BR --dump=lines corpus/bonniepp-csv-raid10-qp.txt
[ -s "$T/err" ] && fail "--dump=lines printed diagnostics"
expect_status 0 $BR --dump=claims corpus/bonniepp-csv-raid10-qp.txt
expect_err 'warning: bonnie++-csv: seeks figure'
expect_out '^corpus/bonniepp-csv-raid10-qp.txt:22-23: bonnie++-csv: bonnie++ CSV record'

# a mail archive: each message after a "#" line, numbered as in the file
{
	printf 'From alice@example.org Mon Jan  1 00:00:00 2001\nSubject: one\n\nfirst\n\n'
	printf 'From bob@example.org Mon Jan  1 00:00:00 2001\nSubject: two\n\nsecond\n'
} >"$T/box.mbox"
expect_status 0 $BR --dump=lines "$T/box.mbox"
expect_out "^# $T/box.mbox, the message from line 6$"
expect_out "^$T/box.mbox:9: second$"

# standard input, -o FILE, errors
expect_status 0 $BR --dump=lines - <corpus/hdparm-mail-qp.txt
expect_out '^# <stdin>$'
expect_status 0 $BR --dump=claims -o "$T/claims.txt" corpus/hdparm-mail-qp.txt
diff -u tests/cli/dump/hdparm-mail-qp.claims "$T/claims.txt" || fail "--dump=claims -o FILE differs"
expect_status 1 $BR --dump=lines "$T/missing.txt"
expect_err "cannot open '$T/missing.txt'"
expect_status 1 $BR --dump=records corpus/rawio-negative.txt
expect_status 2 $BR --dump=tree corpus/hdparm-mail-qp.txt
expect_err "--dump takes lines, claims, records or model, not 'tree'"
exit 0
