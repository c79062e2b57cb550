# Text, Markdown and CSV tables from the command line: formats by extension,
# 80 columns, --baseline, --aggregate, --sort, --group-by, --metric, --top,
# --bars, warnings kept out of the output. Inputs are bonnie++ 1.03 CSV lines
# written here; the corpus documents are only checked for width.
. tests/cli/lib.sh

# columns of the widest line (UTF-8 aware: … and █ are one column each)
width() { perl -CSD -ne 'chomp; $w = length if length > $w; END { print $w + 0 }' "$1"; }

# three runs on the old box, two on the new one, one elsewhere
cat >"$T/runs.txt" <<'EOF'
oldbox,3000M,6618,27,9314,6,3699,1,20058,76,28822,7,179.9,0,16,2339,91,+++++,+++,+++++,+++,2398,93,+++++,+++,5394,85
oldbox,3000M,6561,27,7444,4,3862,1,21012,76,28856,8,190.6,0,16,2330,93,+++++,+++,+++++,+++,2328,93,+++++,+++,5063,86
oldbox,3000M,6601,27,8120,5,3790,1,20500,76,28840,7,185.0,0,16,2335,92,+++++,+++,+++++,+++,2350,93,+++++,+++,5200,85
newbox,3000M,11086,47,12100,10,6538,3,21142,78,30025,9,229.8,0,16,2300,96,+++++,+++,+++++,+++,2374,94,+++++,+++,6446,99
newbox,3000M,11126,48,14391,10,5925,3,21511,79,30100,9,332.9,1,16,2383,95,+++++,+++,+++++,+++,2461,96,+++++,+++,5464,90
moudry.com,4G,30348,47,35023,5,12701,2,30363,49,44790,6,165.0,0,16,2140,12,+++++,+++,1716,10,2166,13,+++++,+++,1507,9
EOF

# text is the default on stdout: a title, units, aligned values, the best starred
expect_status 0 $BR "$T/runs.txt"
expect_out '^Bonnie and Bonnie++: 6 records$'
expect_out '^==============================$'
expect_out 'BlkWrite'
expect_out 'MiB/s'
expect_out '%CP'
expect_out '+++++'
expect_out '^moudry.com .*34.2\*'
expect_out '^\* best in column (more is better)'
[ "$(width "$T/out")" -le 80 ] || fail "text wider than 80 columns"
cp "$T/out" "$T/stdout.txt"
# the row names repeat in every block of the split table
[ "$(grep -c '^moudry.com' "$T/out")" -ge 3 ] || fail "blocks do not repeat the names"
# block write: 9.10 (oldbox, first run) and 34.2* end in the same column
a=$(grep -m1 '^oldbox' "$T/out" | awk '{ print index($0, " 9.10 ") + 5 }')
b=$(grep -m1 '^moudry.com' "$T/out" | awk '{ print index($0, "34.2*") + 4 }')
[ "$a" -eq "$b" ] || fail "block write values not right-aligned ($a vs $b)"

# -o picks the format by extension; .txt is the same text
expect_status 0 $BR -o "$T/t.txt" "$T/runs.txt"
cmp -s "$T/t.txt" "$T/stdout.txt" || fail "-o x.txt differs from stdout"
expect_status 0 $BR -o "$T/t.md" "$T/runs.txt"
grep -q '^### Bonnie and Bonnie++: 6 records' "$T/t.md" || fail "markdown heading"
grep -q '^| Record | Per-char write (MiB/s) | %CPU |' "$T/t.md" || fail "markdown header"
grep -q '| \*\*34.2\*\* |' "$T/t.md" || fail "markdown best not bold"
expect_status 0 $BR -o "$T/t.csv" "$T/runs.txt"
head -1 "$T/t.csv" | grep -q '^tool,version,host,label,file,line,end_line,size,putc (KiB/s),putc_cpu (%),put_block (KiB/s)' ||
	fail "csv header: $(head -1 "$T/t.csv")"
grep -q "^bonnie++,,moudry.com,,$T/runs.txt,6,6,4G,30348,47,35023,5," "$T/t.csv" || fail "csv row: $(cat "$T/t.csv")"
[ "$(tr -cd '\r' <"$T/t.csv" | wc -c)" -eq 7 ] || fail "csv lines must end with CRLF"

# --baseline by host: ratios; an unknown name is a usage error that lists
# what it could be, and nothing is output
expect_status 0 $BR --baseline oldbox "$T/runs.txt"
expect_out 'Relative to the baseline (= 100%), oldbox'
expect_out '^moudry.com .* 376% '
expect_status 2 $BR --baseline nosuchbox "$T/runs.txt"
expect_err "--baseline 'nosuchbox' matches no record; it can be a label, a host or an input: 'runs', 'oldbox', 'newbox', 'moudry.com'"
[ -s "$T/out" ] && fail "output despite the error"

# --aggregate: the runs of one host combine; against a baseline, the t-test
expect_status 0 $BR --aggregate --baseline oldbox --metric put_block,seeks "$T/runs.txt"
expect_out 'Bonnie and Bonnie++: 6 runs in 3 configurations'
expect_out '^oldbox  *3 '
expect_out '^newbox  *2 '
expect_out 'Run-to-run statistics'
expect_out "Welch's two-sample t-test"
expect_out '^Block write, MiB/s (more is better)'
[ "$(width "$T/out")" -le 80 ] || fail "aggregate output wider than 80 columns"

# --sort by a metric (best first), by host; a bad key is a usage error
expect_status 0 $BR --sort seeks --metric seeks "$T/runs.txt"
[ "$(grep -E '^(oldbox|newbox|moudry)' "$T/out" | awk '{print $1}' | head -1)" = newbox ] || fail "--sort seeks"
[ "$(grep -E '^(oldbox|newbox|moudry)' "$T/out" | awk '{print $1}' | tail -1)" = moudry.com ] || fail "--sort seeks last"
expect_status 0 $BR --sort host --metric seeks "$T/runs.txt"
[ "$(grep -E '^(oldbox|newbox|moudry)' "$T/out" | awk '{print $1}' | head -1)" = moudry.com ] || fail "--sort host"
expect_status 2 $BR --sort nonsense "$T/runs.txt"
expect_err "Try 'benchreport --help'"

# --metric: only those columns; --top N keeps the best
expect_status 0 $BR --metric seeks "$T/runs.txt"
expect_out 'Seeks'
grep -q 'BlkWrite' "$T/out" && fail "--metric seeks still shows block write"
expect_status 0 $BR --top 2 --sort put_block --metric put_block "$T/runs.txt"
expect_out 'the best 2 shown, 4 left out'
[ "$(grep -cE '^(oldbox|newbox|moudry)' "$T/out")" -eq 2 ] || fail "--top 2"

# --group-by host: a table per host
expect_status 0 $BR --group-by host --metric put_block "$T/runs.txt"
expect_out '^Bonnie and Bonnie++, host oldbox: 3 records'
expect_out '^Bonnie and Bonnie++, host newbox: 2 records'

# --bars: a bar per row, scaled to the best, value at the end
expect_status 0 $BR --bars --metric put_block "$T/runs.txt"
expect_out '^Sequential throughput'
expect_out 'Block write, MiB/s (more is better)'
expect_out '█'
grep '█' "$T/out" | grep -q ' 34.2$' || fail "bar value at the end"
[ "$(width "$T/out")" -le 80 ] || fail "bars wider than 80 columns"

# Markdown escapes what it must; CSV quotes a host holding a quote
printf 'a|b*c,3000M,6618,27,9314,6,3699,1,20058,76,28822,7,179.9,0,16,2339,91,+++++,+++,+++++,+++,2398,93,+++++,+++,5394,85\n' >"$T/odd.txt"
expect_status 0 $BR -f markdown "$T/odd.txt"
expect_out '^| a\\|b\\\*c |'

# warnings about the input go to stderr, never into the table
printf 'oldbox,3000M,6618,27,9314\n' >>"$T/odd.txt"
$BR "$T/odd.txt" >"$T/out" 2>"$T/err"
grep -qi 'warning' "$T/out" && fail "a warning in the text output"

# every corpus document renders within 80 columns
for doc in corpus/*; do
	[ -f "$doc" ] || continue
	$BR -q "$doc" >"$T/out" 2>/dev/null
	rc=$?
	[ $rc -le 1 ] || fail "$doc: exit status $rc"
	[ "$(width "$T/out")" -le 80 ] || fail "$doc: text wider than 80 columns"
done
exit 0
