# Metric names as users spell them, --list-metrics, suggestions; the
# papercuts of issue 16: -o -, one-line option errors, --strict, --no-notes,
# --explain's decoding and what was not read.
. tests/cli/lib.sh

# --list-metrics: every metric of metrics.def, with heading, unit and sense
expect_status 0 $BR --list-metrics
expect_out '^get_block  *BlkRead  *KiB/s  *higher  *bonnie  *Block read$'
expect_out '^seeks_latency  *Seek lat  *us  *lower'
expect_out '^buffered_read  *Buffered  *KiB/s'
[ "$(grep -c ' \(higher\|lower\) ' "$T/out")" -eq "$(grep -c '^BR_METRIC(' core/metrics.def)" ] ||
	fail "--list-metrics does not list every metric"

# the table's own heading, the title, any case and spacing: one metric
IN=corpus/seed-ide-raid1.txt
expect_status 0 $BR --format csv --metric get_block $IN
cp "$T/out" "$T/by-key"
for spelling in BlkRead 'block read' Block-Read BLOCKREAD ' get_block '; do
	expect_status 0 $BR --format csv --metric "$spelling" $IN
	cmp -s "$T/out" "$T/by-key" || fail "--metric '$spelling' differs from --metric get_block"
done
expect_status 0 $BR --format csv --metric 'BlkWrite,Seeks' $IN
head -1 "$T/out" | grep -q 'put_block' || fail "--metric BlkWrite lost put_block"
head -1 "$T/out" | grep -q 'get_block' && fail "--metric BlkWrite,Seeks kept get_block"
expect_status 0 $BR --sort 'Block write' $IN

# a typo gets the likely metric; nonsense gets the list's name
expect_status 2 $BR --metric blokread $IN
expect_err "unknown metric 'blokread'; did you mean 'get_block' (Block read)?"
[ "$(wc -l <"$T/err")" -eq 2 ] || fail "a typo printed more than the error and the hint"
expect_status 2 $BR --sort seqcreat $IN
expect_err "did you mean 'seq_create'"
expect_status 2 $BR --metric xyzzy $IN
expect_err "unknown metric 'xyzzy'; 'benchreport --list-metrics' lists them"

# a bad option: one error line (not getopt's and ours) and the hint
for bad in --bogus --bogus=1 -x; do
	expect_status 2 $BR $bad $IN
	[ "$(grep -c 'benchreport' "$T/err")" -eq 2 ] || { cat "$T/err"; fail "$bad: not one error line and one hint"; }
	expect_err "^benchreport: unknown option '${bad%%=*}'$"
done
expect_status 2 $BR $IN --metric
expect_err "^benchreport: option '--metric' needs a value$"
[ "$(wc -l <"$T/err")" -eq 2 ] || fail "a missing value printed more than two lines"
expect_status 2 $BR archive list --bogus
expect_err "^benchreport archive: unknown option '--bogus'$"
expect_status 2 $BR run --bogus
expect_err "^benchreport run: unknown option '--bogus'$"
[ "$(wc -l <"$T/err")" -eq 2 ] || fail "run: a bad option printed more than two lines"

# -o - is standard output, in the text table or the --format asked for
[ -e ./- ] && fail "a file named '-' is in the way"
expect_status 0 $BR -q $IN -o -
expect_out '^Bonnie and Bonnie++'
expect_status 0 $BR -q $IN -o - --format jsonl
expect_out '^{"schema":'
[ -e ./- ] && { rm -f ./-; fail "-o - made a file named '-'"; }

# --strict: a repaired figure (SMTP ate a decimal point) is not an unreadable one
expect_status 0 $BR --strict --format jsonl corpus/bonniepp-csv-raid10-qp.txt
expect_err "warning: .*repaired to"
expect_status 1 $BR --strict --format jsonl corpus/bonniepp-csv-damaged.txt

# --no-notes: the notes go, the warnings stay (stderr and the report)
expect_status 0 $BR --format jsonl corpus/bonniepp-csv-wrapped-and-spaced.txt
expect_err ": note: "
expect_status 0 $BR --no-notes --format jsonl corpus/bonniepp-csv-wrapped-and-spaced.txt
grep -q ': note: ' "$T/err" && fail "--no-notes printed a note"
expect_status 0 $BR --no-notes --format jsonl corpus/rawio-damaged.txt
expect_err ": warning: rawio: "
expect_status 0 $BR --no-notes -o "$T/r.html" corpus/bonniepp-csv-wrapped-and-spaced.txt
grep -q 'record joined from' "$T/r.html" && fail "--no-notes left a note in the report"
expect_status 0 $BR -o "$T/r.html" corpus/bonniepp-csv-wrapped-and-spaced.txt
grep -q 'record joined from' "$T/r.html" || fail "the report lost its notes without --no-notes"

# --explain: how each document was decoded, and the figures nobody read
expect_status 0 $BR --explain -q --format jsonl corpus/bonniepp-csv-raid10-qp.txt
expect_err "^  decoding: quoted-printable decoded$"
expect_status 0 $BR --explain -q --format jsonl corpus/bonnie-hand-edited-rows.txt
expect_err "^  line 45: not read: 1 line with figures no parser understood$"

# the report's inputs table names every decoding, base64 bodies too
expect_status 0 $BR -o "$T/d.html" corpus/bonniepp-mail-base64-parts.txt corpus/hdparm-mail-qp.txt
grep -q '<td>base64</td>' "$T/d.html" || fail "the inputs table does not say the mail was base64"
grep -q '<td>quoted-printable[,<]' "$T/d.html" || fail "the inputs table does not say quoted-printable"
exit 0
