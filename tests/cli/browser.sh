# The report of corpus/ as a person sees it: opened in headless Chromium, a
# screenshot that is not blank, and a DOM (after the page's own script ran)
# holding the expected charts and tables. Skipped, saying so, only where
# chromium is not installed ('make deps' installs it).
. tests/cli/lib.sh

CHROMIUM=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$CHROMIUM" ]; then
	echo "SKIP: chromium is not installed (run 'make deps'); the browser test did not run"
	exit 0
fi
set -- corpus/*.txt
[ -f "$1" ] || fail "corpus/ holds no documents"

$BR corpus/*.txt -o "$T/report.html" 2>"$T/err"
rc=$?
[ $rc -le 1 ] && [ -s "$T/report.html" ] || { cat "$T/err"; fail "benchreport exit status $rc, no report"; }

chrome() {
	timeout 180 "$CHROMIUM" --headless --no-sandbox --disable-gpu --no-first-run \
		--disable-background-networking --disable-component-update --disable-sync \
		--user-data-dir="$T/prof" "$@" 2>>"$T/chromium.log"
}

# --- screenshot, and one of an empty page for comparison
chrome --screenshot="$T/shot.png" --window-size=1280,2000 "file://$T/report.html" >/dev/null
[ -s "$T/shot.png" ] || { tail -5 "$T/chromium.log"; fail "chromium wrote no screenshot"; }
[ "$(od -An -tx1 -N8 "$T/shot.png" | tr -d ' \n')" = 89504e470d0a1a0a ] || fail "the screenshot is not a PNG"
set -- $(od -An -tu1 -j16 -N8 "$T/shot.png" | awk '{print $1*16777216+$2*65536+$3*256+$4, $5*16777216+$6*65536+$7*256+$8}')
[ "$1" -eq 1280 ] && [ "$2" -eq 2000 ] || fail "screenshot is $1x$2, expected 1280x2000"
printf '<!DOCTYPE html><html><head><title>x</title></head><body></body></html>\n' >"$T/blank.html"
chrome --screenshot="$T/blank.png" --window-size=1280,2000 "file://$T/blank.html" >/dev/null
shot=$(wc -c <"$T/shot.png")
blank=$(wc -c <"$T/blank.png")
# a page of text, bars and tables compresses far worse than a single colour
[ "$shot" -gt $((blank * 4)) ] || fail "the screenshot looks blank ($shot bytes; an empty page is $blank)"

# --- the DOM after the page's script ran
chrome --dump-dom "file://$T/report.html" >"$T/dom.html"
[ -s "$T/dom.html" ] || { tail -5 "$T/chromium.log"; fail "chromium dumped no DOM"; }

# Expected charts: one per (tool family, metric group) with figures, read
# from the records themselves (JSON Lines) and the metric groups of SCHEMA.md.
$BR corpus/*.txt --format jsonl >"$T/all.jsonl" 2>/dev/null
expect=$(awk '
	BEGIN {
		split("putc put_block rewrite getc get_block cached_read buffered_read direct_read direct_cached_read seq_read seq_write seq_read_ops seq_write_ops", a, " ")
		for (i in a) grp[a[i]] = "seq"
		split("seeks random_read random_write random_read_ops random_write_ops", a, " ")
		for (i in a) grp[a[i]] = "random"
		split("seq_create seq_stat seq_del ran_create ran_stat ran_del", a, " ")
		for (i in a) grp[a[i]] = "fileops"
	}
	{
		fam = "bonnie"
		if ($0 ~ /"tool":"hdparm"/) fam = "hdparm"
		if ($0 ~ /"tool":"rawio"/) fam = "rawio"
		fams[fam] = 1
		m = $0
		sub(/.*"metrics":\{/, "", m)
		while (match(m, /"[a-z_]+":\{/)) {
			k = substr(m, RSTART + 1, RLENGTH - 4)
			m = substr(m, RSTART + RLENGTH)
			g = (k ~ /_latency$/) ? "latency" : grp[k]
			if (g != "") pair[fam "/" g] = 1
		}
	}
	END { c = 0; for (p in pair) c++; f = 0; for (x in fams) f++; print c, f }' "$T/all.jsonl")
set -- $expect
charts=$1 families=$2
[ "$charts" -ge 1 ] || fail "no chart expected from the corpus records?"
svgs=$(grep -o '<svg' "$T/dom.html" | wc -l)
figs=$(grep -o '<figure class="chart"' "$T/dom.html" | wc -l)
[ "$svgs" -eq "$charts" ] || fail "the DOM holds $svgs <svg> charts, expected $charts"
[ "$figs" -eq "$charts" ] || fail "the DOM holds $figs chart figures, expected $charts"
# tables: under each chart the table of its figures, plus the at-a-glance
# table of the summary and the inputs table
tables=$(grep -o '<table' "$T/dom.html" | wc -l)
cmp=$(grep -o '<table class="cmp sortable' "$T/dom.html" | wc -l)
[ "$cmp" -eq "$charts" ] || fail "the DOM holds $cmp comparison tables, expected $charts"
[ "$(grep -o '<table class="inputs sortable' "$T/dom.html" | wc -l)" -eq 1 ] || fail "no inputs table"
[ "$(grep -o '<table class="glance' "$T/dom.html" | wc -l)" -eq 1 ] || fail "no at-a-glance table"
[ "$tables" -eq $((charts + 2)) ] || fail "the DOM holds $tables tables, expected $((charts + 2))"
# a section per tool family
secs=$(grep -o '<section id="fam-[a-z]*"' "$T/dom.html" | wc -l)
[ "$secs" -eq "$families" ] || fail "the DOM holds $secs family sections, expected $families"
# the sorting script ran (it marks the headers) without breaking the page
grep -q 'class="n js-sort"' "$T/dom.html" || fail "the table-sorting script did not run"
# one source entry per record
records=$(wc -l <"$T/all.jsonl")
srcs=$(grep -o '<div class="src" id="r[0-9]*"' "$T/dom.html" | wc -l)
[ "$srcs" -eq "$records" ] || fail "$srcs source entries for $records records"
exit 0
