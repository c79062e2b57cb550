# The HTML report, SVG and PNG charts, --charts DIR: input text is escaped
# by the tree, SVGs parse, PNGs have the right size and carry their
# provenance in text chunks, every group is written as SVG and PNG.
. tests/cli/lib.sh
need_tools xmllint # Debian package libxml2-utils (make deps)

# PNG width and height from IHDR (bytes 16..23, big-endian)
png_dim() {
	od -An -tu1 -j16 -N8 "$1" | awk '{printf "%d %d\n", $1*16777216+$2*65536+$3*256+$4, $5*16777216+$6*65536+$7*256+$8}'
}
is_png() { [ "$(od -An -tx1 -N8 "$1" | tr -d ' \n')" = 89504e470d0a1a0a ]; }

# --- a hostile label: a heading and a machine name that are markup
cat >"$T/evil.txt" <<'EOF'
Results from the new box.

<script>alert(1)</script>:

<script>alert(2)</script>,4G,30348,47,35023,5,12701,2,30363,49,44790,6,165.0,0,16,2140,12,+++++,+++,1716,10,2166,13,+++++,+++,1507,9
EOF
expect_status 0 $BR --format jsonl "$T/evil.txt"
grep -q '<script>alert' "$T/out" || fail "the test document no longer puts markup in a label or host: $(cat "$T/out")"
expect_status 0 $BR "$T/evil.txt" -o "$T/evil.html"
grep -q '&lt;script&gt;alert' "$T/evil.html" || fail "the label is not shown as text"
if grep -q '<script>alert' "$T/evil.html"; then fail "input markup reached the HTML unescaped"; fi
# exactly one <script> element: ours, the table sorter
[ "$(grep -o '<script' "$T/evil.html" | wc -l)" -eq 1 ] || fail "unexpected <script> elements"
# self-contained: nothing loaded from elsewhere
if grep -Eq '(src|href)="(https?:)?//' "$T/evil.html"; then fail "the report refers to external resources"; fi
grep -q '<!DOCTYPE html>' "$T/evil.html" || fail "not HTML5"
grep -q '+++++' "$T/evil.html" || fail "too-fast figures are not shown as +++++"
# the provenance: file, line, the original text in <details>
grep -q '<details>' "$T/evil.html" || fail "no source excerpt"
grep -q "evil.txt</code>, line" "$T/evil.html" || fail "no source file and line"
# chart texts are real <text> elements, escaped by libxml2; no glyph outlines
grep -q '<text[^>]*>&lt;script&gt;alert(2)' "$T/evil.html" || fail "the chart label is not an escaped <text>"
if grep -q 'glyph' "$T/evil.html"; then fail "the charts embed glyph outlines"; fi

# --- the rows and sources hold the model's own strings (names, input names,
# excerpts): still escaped by libxml2 as text and as attributes, and made
# valid UTF-8 first (a stray byte of Latin-1)
printf 'say"hi&bye<b>\377,4G,30348,47,35023,5,12701,2,30363,49,44790,6,165.0,0,16,2140,12,+++++,+++,1716,10,2166,13,+++++,+++,1507,9\nother,4G,30348,47,35023,5,12701,2,30363,49,44790,6,165.0,0,16,2140,12,+++++,+++,1716,10,2166,13,+++++,+++,1507,9\n' >"$T/q\"x&y.csv"
expect_status 0 $BR "$T/q\"x&y.csv" -o "$T/q.html"
[ "$(grep -o 'data-input="q&quot;x&amp;y"' "$T/q.html" | wc -l)" -ge 4 ] || fail "the input name of the rows is not escaped as an attribute"
grep -q '<pre>say&quot;hi&amp;bye&lt;b&gt;' "$T/q.html" || fail "the source excerpt is not escaped"
grep -q '<a href="#r1">say&quot;hi&amp;bye&lt;b&gt;' "$T/q.html" || fail "the row name is not escaped"
iconv -f UTF-8 -t UTF-8 "$T/q.html" >/dev/null || fail "the report is not valid UTF-8"

# --- one chart: SVG parses, PNG has the requested size and provenance
cat >"$T/two.csv" <<'EOF'
moudry.com,4G,30348,47,35023,5,12701,2,30363,49,44790,6,165.0,0,16,2140,12,+++++,+++,1716,10,2166,13,+++++,+++,1507,9
1.96,1.96,corei7,1,1323305088,32080M,,1148,98,126598,11,74273,9,5334,100,229733,15,13116,160,16,,,,,23322,22,+++++,+++,24000,16,+++++,+++,+++++,+++,+++++,+++,15865us,554ms,483ms,4473us,434ms,2480us,1343us,924us,603us,633us,102us,625us
EOF
expect_status 0 $BR "$T/two.csv" -o "$T/seq.svg"
xmllint --noout "$T/seq.svg" || fail "seq.svg is not well-formed XML"
grep -q '<title>Sequential throughput' "$T/seq.svg" || fail "the SVG has no title"
grep -q 'benchreport' "$T/seq.svg" || fail "the SVG has no provenance"

expect_status 0 $BR "$T/two.csv" --chart fileops --width 640 --scale 2 --provenance=full -o "$T/files.png"
is_png "$T/files.png" || fail "files.png is not a PNG"
set -- $(png_dim "$T/files.png")
[ "$1" -eq 1280 ] || fail "PNG width $1, expected 1280 (--width 640 --scale 2)"
[ "$2" -gt 300 ] && [ "$2" -lt 6400 ] || fail "PNG height $2 out of range"
grep -aq 'Software.benchreport' "$T/files.png" || fail "no Software text chunk"
grep -aq "Description.*--chart fileops --width 640" "$T/files.png" || fail "no command line in the PNG (--provenance=full)"
# the same chart at scale 1 is half the size
expect_status 0 $BR "$T/two.csv" --chart fileops --width 640 -o "$T/files1.png"
grep -aq "Description" "$T/files1.png" && fail "a command line in the PNG without --provenance=full"
set -- $(png_dim "$T/files1.png")
[ "$1" -eq 640 ] || fail "PNG width $1, expected 640"

# --- the tables' colours are classes the page's style defines (a figure's
# shade, a row's swatch), not style attributes; a figure's "as printed"
# title only where it says more than the cell
expect_status 0 $BR "$T/two.csv" -o "$T/two.html"
grep -q 'td.h0{background-color:#FFFFFF}' "$T/two.html" || fail "no rule for the lightest shade"
grep -q 'td.h20{background-color:#6BAED6}' "$T/two.html" || fail "no rule for the darkest shade"
grep -q '\.sw\.c1{background-color:#E69F00}' "$T/two.html" || fail "no rule for the second swatch colour"
grep -q '<span class="sw c1" aria-hidden="true"></span><a href="#r2">corei7' "$T/two.html" || fail "the second row's swatch is not its class"
grep -q '<td [^>]*style=' "$T/two.html" && fail "a table cell still has a style attribute"
# 30348 KiB/s shown as 29.6 MiB/s: the print says more (kept); 102us under
# us: it says nothing more (left out); 554ms under ms: the same
grep -q '<td data-v="30348" title="as printed: 30348" class="n [a-z ]*h[0-9]*">29.6<span class="cpu">47% cpu</span></td>' "$T/two.html" || fail "a converted figure lost its as-printed title"
grep -q '<td data-v="102" class="n [a-z ]*h[0-9]*">102</td>' "$T/two.html" || fail "a figure shown as printed still has its title"
grep -q 'title="as printed: 102us"' "$T/two.html" && fail "a figure shown as printed still says so"

# --metric picks the chart; a group without data is an error, not an empty file
expect_status 0 $BR "$T/two.csv" --metric seeks -o "$T/random.svg"
xmllint --noout "$T/random.svg" || fail "random.svg is not well-formed"
grep -q '<title>Random I/O' "$T/random.svg" || fail "--metric seeks did not pick the random chart"
printf 'moudry.com,4G,30348,47,35023,5,12701,2,30363,49,44790,6,165.0,0,16,2140,12,+++++,+++,1716,10,2166,13,+++++,+++,1507,9\n' >"$T/old.csv"
# a chart group with no data is a data problem (exit 1), not an I/O failure
expect_status 1 $BR "$T/old.csv" --chart latency -o "$T/lat.svg"
expect_err "no figures for the latency chart"
[ -e "$T/lat.svg" ] && fail "an empty chart file was written"

# --- --charts DIR: every group with data, SVG and PNG; nothing on stdout
expect_status 0 $BR "$T/two.csv" --charts "$T/charts"
[ -s "$T/out" ] && fail "--charts alone printed a table"
[ -s "$T/err" ] && fail "--charts is not quiet: $(cat "$T/err")"
for g in seq random fileops latency; do
	[ -s "$T/charts/$g.svg" ] || fail "--charts did not write $g.svg"
	[ -s "$T/charts/$g.png" ] || fail "--charts did not write $g.png"
	xmllint --noout "$T/charts/$g.svg" || fail "$g.svg is not well-formed"
	is_png "$T/charts/$g.png" || fail "$g.png is not a PNG"
	set -- $(png_dim "$T/charts/$g.png")
	[ "$1" -eq 900 ] || fail "$g.png width $1"
done
[ "$(ls "$T/charts" | wc -l)" -eq 8 ] || fail "unexpected files in the charts directory: $(ls "$T/charts")"
# only groups with data
expect_status 0 $BR "$T/old.csv" --charts "$T/oldcharts"
[ -e "$T/oldcharts/latency.svg" ] && fail "a latency chart without latency figures"
[ -s "$T/oldcharts/seq.png" ] || fail "no seq chart for the old CSV"
# together with -o, both are written
expect_status 0 $BR "$T/two.csv" --charts "$T/charts2" -o "$T/both.html"
[ -s "$T/both.html" ] && [ -s "$T/charts2/seq.svg" ] || fail "--charts with -o wrote only one of them"
# never overwrite an input
cp "$T/two.csv" "$T/charts/seq.svg"
expect_status 2 $BR "$T/charts/seq.svg" --format jsonl --charts "$T/charts"
expect_err "refusing to overwrite input file"
cmp -s "$T/two.csv" "$T/charts/seq.svg" || fail "an input was overwritten"
# a file where the directory should be
: >"$T/plain"
expect_status 3 $BR "$T/two.csv" --charts "$T/plain"
expect_err "cannot create directory"
exit 0
