# The report's layout (issue 16): a section per input or per --group-by
# value, charts of at most 25 bars per figure in input order with the rest
# in the table, tables by metric across inputs, the contents, the filter
# box (hidden without JavaScript), the baseline in every section, --title,
# and the narrow chart beside each wide one.
. tests/cli/lib.sh

count() { grep -o -- "$1" "$2" | wc -l; }
row() { # row HOST PUTC: a bonnie++ 1.0x CSV line
	printf '%s,4G,%s,47,35023,5,12701,2,30363,49,44790,6,165.0,0,16,2140,12,+++++,+++,1716,10,2166,13,+++++,+++,1507,9\n' "$1" "$2"
}

# the bar labels of the per-char write block of the first wide chart, in
# drawing order, into $T/labels
labels() {
	tr '<' '\n' <"$1" | awk '/^div class="wide">/ { on = 1 } on && /^text[^>]*>Per-char write$/ { blk = 1; next }
		blk && /^text[^>]*>Block write$/ { exit } blk && /^text[^>]*>h[0-9][0-9]$/ { sub(/.*>/, ""); print }' >"$T/labels"
}

# --- 30 results in one input: one section, a chart of the best 25 in input
# order (putc grows with the number: h06 … h30), all 30 in the table
i=1
while [ $i -le 30 ]; do
	row "$(printf 'h%02d' $i)" $((20000 + i * 100))
	i=$((i + 1))
done >"$T/thirty.csv"
expect_status 0 $BR "$T/thirty.csv" -o "$T/thirty.html"
[ "$(count '<section class="input"' "$T/thirty.html")" -eq 1 ] || fail "one input, not one section"
grep -q 'id="by-metric"' "$T/thirty.html" && fail "tables by metric for a single input"
grep -q 'best 25 of 30 · 5 more in the table' "$T/thirty.html" || fail "the chart does not send the reader to the table"
grep -q '5 more in the table\.</figcaption>' "$T/thirty.html" || fail "the caption does not say how many more the table has"
# the first wide chart's per-char write block: its labels, in order
labels "$T/thirty.html"
[ "$(wc -l <"$T/labels")" -eq 25 ] || fail "the per-char write block draws $(wc -l <"$T/labels") bars, not 25"
[ "$(head -1 "$T/labels")" = h06 ] && [ "$(tail -1 "$T/labels")" = h30 ] || fail "not the best 25: $(tr '\n' ' ' <"$T/labels")"
sort -c "$T/labels" || fail "the bars are not in input order: $(tr '\n' ' ' <"$T/labels")"
# every result is in the section's tables (seq, random, fileops: 3 x 30 rows)
[ "$(count '<tr data-input="thirty">' "$T/thirty.html")" -eq 90 ] || fail "the tables do not hold all 30 results"
# --sort by the metric: best first (h30 at the top)
expect_status 0 $BR "$T/thirty.csv" --sort putc -o "$T/sorted.html"
labels "$T/sorted.html"
[ "$(head -1 "$T/labels")" = h30 ] && [ "$(tail -1 "$T/labels")" = h06 ] || fail "--sort putc: $(tr '\n' ' ' <"$T/labels")"
# each chart has its narrow form (phones), labels above the bars
[ "$(count '<div class="narrow"><svg' "$T/thirty.html")" -eq "$(count '<figure class="chart"' "$T/thirty.html")" ] ||
	fail "a chart without its narrow form"
grep -q '<div class="narrow"><svg[^>]* width="340px"' "$T/thirty.html" || fail "the narrow chart is not 340 px wide"

# --- two inputs: two sections, the tables by metric, the contents
row before 30000 >"$T/before.csv"
{ row after 33000; row other 28000; } >"$T/after.csv"
expect_status 0 $BR "$T/before.csv" "$T/after.csv" --provenance=full -o "$T/two.html"
grep -q '<section class="input" id="in-1" data-name="before">' "$T/two.html" || fail "no section for before.csv"
grep -q '<section class="input" id="in-2" data-name="after">' "$T/two.html" || fail "no section for after.csv"
grep -q '<details class="metric" id="m-bonnie-seq" open="open">' "$T/two.html" || fail "no table by metric"
grep -q '<li data-name="after"><a href="#in-2">after</a>' "$T/two.html" || fail "the contents do not list the inputs"
grep -q '<a href="#m-bonnie-random">' "$T/two.html" || fail "the contents do not list the metric groups"
# one result alone in its section: its table, no chart; two: a chart
h4='<h4>Sequential throughput<span class="fam"> · Bonnie and Bonnie++</span></h4>'
grep -q "id=\"in-1-bonnie-seq\">$h4<div class=\"tablewrap\">" "$T/two.html" || fail "a chart of a single result"
grep -q "id=\"in-2-bonnie-seq\">$h4<figure class=\"chart\"" "$T/two.html" || fail "no chart for two results"
# the filter box: hidden until the script shows it; one script element
grep -q '<p class="filter" hidden="hidden">' "$T/two.html" || fail "the filter box shows without JavaScript"
[ "$(count '<script' "$T/two.html")" -eq 1 ] || fail "more than one script element"
# the header names the inputs, the command line folded away
grep -q '<details class="brief"><summary>Inputs: before.csv, after.csv</summary>' "$T/two.html" || fail "the header does not name the inputs"
grep -q '<p class="cmd">Command: <code>' "$T/two.html" || fail "the command line is not in the folded header"

# --- a baseline joins every section of its family
expect_status 0 $BR "$T/before.csv" "$T/after.csv" --baseline before -o "$T/base.html"
grep -q '2 results, with the baseline' "$T/base.html" || fail "the baseline is not in after.csv's section"
# in both sections' tables (seq, random, fileops) and in the tables by metric
[ "$(count '<tr class="baseline"' "$T/base.html")" -eq 9 ] || fail "$(count '<tr class="baseline"' "$T/base.html") baseline rows, expected 9"

# --- --group-by host: a section per host
expect_status 0 $BR "$T/before.csv" "$T/after.csv" --group-by host -o "$T/hosts.html"
[ "$(count '<section class="input"' "$T/hosts.html")" -eq 3 ] || fail "--group-by host: not a section per host"
grep -q 'data-name="other"' "$T/hosts.html" || fail "--group-by host: no section for host other"
grep -q '<a href="#by-input">By group</a>' "$T/hosts.html" || fail "--group-by: the contents still say By input"

# --- --title: the page's title and heading, escaped; a chart's too
expect_status 0 $BR "$T/after.csv" --title 'Disks <b>& co</b>' -o "$T/title.html"
grep -q '<title>Disks &lt;b&gt;&amp; co&lt;/b&gt;</title>' "$T/title.html" || fail "--title: no <title>"
grep -q '<h1>Disks &lt;b&gt;&amp; co&lt;/b&gt;</h1>' "$T/title.html" || fail "--title: no heading"
grep -q '<text[^>]*>Sequential throughput</text>' "$T/title.html" || fail "--title reached the report's charts"
expect_status 0 $BR "$T/after.csv" --title 'Disks & co' -o "$T/title.svg"
grep -q '<title>Disks &amp; co — Sequential throughput' "$T/title.svg" || fail "--title: not in the SVG's title"
expect_status 2 $BR "$T/after.csv" --title ' ' -o "$T/none.html"
expect_err "--title takes a text"
expect_status 0 $BR --help
expect_out '--title TEXT'
exit 0
