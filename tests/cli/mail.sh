# Mail-ready output (issue 16, items 3 and 7): a chart PNG small enough to
# attach (palette PNG), a 72-column table whose shortened names are listed
# in full, no absolute path or command line unless --provenance=full, and a
# figure printed the same way whatever the other rows and in every view.
. tests/cli/lib.sh

size() { wc -c <"$1" | tr -d ' '; }
# the longest line in code points (LC_ALL=C: drop UTF-8 continuation bytes)
widest() { LC_ALL=C sed 's/[\x80-\xbf]//g' "$1" | awk '{ if (length($0) > n) n = length($0) } END { print n + 0 }'; }
# IHDR bit depth and colour type
png_kind() { od -An -tu1 -j24 -N2 "$1" | awk '{ print $1, $2 }'; }

# --- the corpus chart as a palette PNG, within a mail attachment's size
expect_status 0 $BR corpus/*.txt --chart seq -o "$T/chart.png"
set -- $(png_kind "$T/chart.png")
[ "$2" -eq 3 ] || fail "chart.png is not an indexed-colour PNG (colour type $2)"
n=$(size "$T/chart.png")
[ "$n" -le 102400 ] || fail "chart.png is $n bytes, more than 100 KB"
[ "$n" -ge 20000 ] || fail "chart.png is $n bytes: too small to hold the chart"
# --scale 2: the full corpus chart is 1800x6890 pixels (200 records, 7 blocks
# of 18 bars); 200 KB holds a chart of 10 bars per metric at that scale, and
# the whole one stays far below cairo's 1.6 MB
expect_status 0 $BR corpus/*.txt --chart seq --top 10 --scale 2 -o "$T/chart2.png"
n=$(size "$T/chart2.png")
[ "$n" -le 204800 ] || fail "chart2.png (--top 10 --scale 2) is $n bytes, more than 200 KB"
expect_status 0 $BR corpus/*.txt --chart seq --scale 2 -o "$T/chart2all.png"
n=$(size "$T/chart2all.png")
[ "$n" -le 307200 ] || fail "chart2all.png (--scale 2) is $n bytes, more than 300 KB"

# --- a 72-column table: every line fits, the shortened names listed in full
expect_status 0 $BR corpus/*.txt --columns 72
w=$(widest "$T/out")
[ "$w" -le 72 ] || fail "--columns 72: a line of $w columns"
expect_out '^Full names:$'
# a name shortened at a whole word, the host kept, then its full name
expect_out '^The file… / servername01 '
expect_out '^  The file… / servername01 = The file server was run with -f, so the'
# no name cut inside a word: what precedes every ellipsis in a row name is
# a whole word of a full name listed below it
grep -q 'so… / servername01' "$T/out" && fail "a name cut at 'so,'"
grep -q '[a-z]…[a-z]' "$T/out" && fail "a word cut in the middle: $(grep -m1 '[a-z]…[a-z]' "$T/out")"
# the default stays 80 columns, also with the whole-word names
expect_status 0 $BR corpus/*.txt
w=$(widest "$T/out")
[ "$w" -le 80 ] || fail "default: a line of $w columns"
grep -q '[a-z]…[a-z]' "$T/out" && fail "default: a word cut in the middle"
# Markdown too
expect_status 0 $BR corpus/*.txt --columns 72 -f markdown
w=$(widest "$T/out")
[ "$w" -le 72 ] || fail "markdown --columns 72: a line of $w columns"
expect_out '^Full names:$'
expect_out '^| Record | BlkWrite (MiB/s) | %CPU |$'
expect_status 2 $BR corpus/bonniepp-csv-196.txt --columns 10
expect_err 'columns takes a width'

# --- no absolute path and no command line by default
abs="$PWD/corpus/bonniepp-csv-196.txt"
for f in svg txt md html; do
	expect_status 0 $BR "$abs" -o "$T/abs.$f"
	grep -q "$PWD" "$T/abs.$f" && fail "an absolute path in the .$f output: $(grep -m1 "$PWD" "$T/abs.$f")"
	grep -q -- "-o $T" "$T/abs.$f" && fail "the command line in the .$f output"
done
expect_status 0 $BR "$abs" -o "$T/abs.png"
grep -aq "$PWD" "$T/abs.png" && fail "an absolute path in the PNG"
grep -q 'bonniepp-csv-196.txt' "$T/abs.html" || fail "the report does not name its input"
# a record named by its file:line only: by the file's base name
expect_status 0 $BR "$PWD/corpus/mail-qp-partial.txt"
grep -q "$PWD" "$T/out" && fail "an absolute path in a row name"
expect_out '^mail-qp-partial '
# --provenance=full: the paths as given and the command line
expect_status 0 $BR "$abs" --provenance=full -o "$T/full.svg"
grep -q -- "--provenance=full -o $T/full.svg" "$T/full.svg" || fail "--provenance=full: no command line in the SVG"
expect_status 0 $BR "$abs" --provenance=full -o "$T/full.html"
grep -q "$abs" "$T/full.html" || fail "--provenance=full: no path in the report"
expect_status 2 $BR "$abs" --provenance=all
expect_err "provenance takes"

# --- one figure, one printed form: --top and other rows do not change it
cat >"$T/two.csv" <<'EOF'
moudry.com,4G,30348,47,35023,5,12701,2,30363,49,44790,6,165.0,0,16,2140,12,+++++,+++,1716,10,2166,13,+++++,+++,1507,9
1.96,1.96,corei7,1,1323305088,32080M,,1148,98,235190,11,74273,9,5334,100,229733,15,1323.1,160,16,,,,,23322,22,+++++,+++,24000,16,+++++,+++,+++++,+++,+++++,+++,15865us,554ms,483ms,4473us,434ms,2480us,1343us,924us,603us,633us,102us,625us
EOF
expect_status 0 $BR "$T/two.csv" --metric put_block,seeks
grep '^corei7' "$T/out" >"$T/all"
expect_status 0 $BR "$T/two.csv" --metric put_block,seeks --top 1
grep '^corei7' "$T/out" >"$T/top"
grep -q ' 229\.7\*\{0,1\} .* 1323\*\{0,1\} ' "$T/all" || fail "block write/seeks: $(cat "$T/all")"
grep -q ' 229\.7 .* 1323 ' "$T/top" || fail "--top 1 prints them otherwise: $(cat "$T/top")"
expect_status 0 $BR "$T/two.csv" --metric put_block,seeks -f markdown
expect_out '| \*\*229\.7\*\* |'
expect_status 0 $BR "$T/two.csv" --metric put_block --chart seq -o "$T/bw.svg"
grep -q '>229\.7 MiB/s<' "$T/bw.svg" || fail "the chart prints block write otherwise"
expect_status 0 $BR "$T/two.csv" -o "$T/two.html"
grep -q '>229\.7<' "$T/two.html" || fail "the report prints block write otherwise"
# --- units on the latency axis are the units on its bars
expect_status 0 $BR "$T/two.csv" --chart latency --metric put_block_latency -o "$T/lat.svg"
texts=$(sed 's/<text/\n<text/g' "$T/lat.svg" | sed -n 's/^<text[^>]*>\([^<]*\)<.*/\1/p')
echo "$texts" | grep -qx 'ms' || fail "the latency axis has no ms unit: $texts"
echo "$texts" | grep -qx '554 ms' || fail "the latency bar is not in ms: $texts"
echo "$texts" | grep -Eq '[0-9] (us|s)$' && fail "a latency text in a unit of its own: $texts"
exit 0
