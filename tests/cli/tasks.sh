# The everyday tasks of issue 16, each as a user runs it, end to end:
# a before/after of one machine (without and with repeats), a host's
# history over three dated runs, a chart and a 72-column table for a
# mailing-list post, a 200-result report on a phone and a wide screen,
# the metric names, and what the runner's record says about itself. The
# suites beside this one (names, history, mail, report_sections, browser,
# run_honest, metrics_papercuts) test each task in depth; this one checks
# that they still fit together as a user meets them.
. tests/cli/lib.sh
N=tests/cli/names

# --- before/after of one machine: two named columns and the change
expect_status 0 $BR $N/before.csv $N/after.csv
expect_out '^Bonnie and Bonnie++, host0: before → after$'
grep '^BlkWrite ' "$T/out" | grep -q '+12.7%$' || { cat "$T/out"; fail "before/after: no change for block write"; }
# with three runs each: grouped by input, mean ± sd and Welch's p
expect_status 0 $BR --aggregate $N/runs_before.csv $N/runs_after.csv
expect_err 'aggregate formed 2 groups: 3 runs of host0 in runs_before, 3 runs of host0 in runs_after'
grep '^BlkWrite ' "$T/out" | grep -q '±.*+12.8%  *<0.001$' || { cat "$T/out"; fail "aggregated before/after: no significance"; }
# named on the command line, the names are the records' labels too
expect_status 0 $BR -f jsonl old=$N/before.csv new=$N/after.csv
[ "$(grep -c '"label":"old"\|"label":"new"' "$T/out")" -eq 2 ] || fail "NAME=FILE did not label the runs"

# --- history: three dated posts of one disk, added out of order
post() { # file date rate
	printf 'From: Sam <sam@example.org>\nSubject: sda once more\nDate: %s\n\n/dev/sda:\n Timing buffered disk reads:  120 MB in  3.00 seconds = %s MB/sec\n' \
		"$2" "$3" >"$T/$1"
}
post y2011.txt 'Fri, 4 Feb 2011 12:00:00 +0000' 61.50
post y2005.txt 'Sat, 5 Mar 2005 09:30:00 +0000' 33.20
post y2019.txt 'Mon, 6 May 2019 20:45:00 +0000' 190.75
expect_status 0 $BR archive add "$T/h.db" "$T/y2011.txt" "$T/y2019.txt" "$T/y2005.txt"
expect_status 0 $BR archive history "$T/h.db" --host '/DEV/sd*' --metric 'Buffered reads'
grep -c '^20[01][0-9]-' "$T/out" | grep -qx 3 || { cat "$T/out"; fail "history: not three dated rows"; }
[ "$(grep -o '^20[01][0-9]' "$T/out" | tr '\n' ' ')" = "2005 2011 2019 " ] || fail "history not in date order: $(cat "$T/out")"
expect_status 0 $BR archive history "$T/h.db" --host '/dev/sda' --metric buffered_read -o "$T/history.svg"
grep -q '<svg' "$T/history.svg" || fail "history.svg is not an SVG"
for y in 2005 2011 2019; do
	grep -q "$y" "$T/history.svg" || fail "history.svg does not show $y"
done

# ... and the report says when each ran, and what says so
expect_status 0 $BR "$T/y2005.txt" "$T/y2019.txt" -o "$T/dated.html"
grep -q 'ran 2005-03-05T09:30:00Z (mail-date)' "$T/dated.html" || fail "the report does not say when the run was"

# --- for a mailing-list post: a PNG under the lists' limits, a 72-column table
cat "$N/runs_before.csv" "$N/runs_after.csv" >"$T/post.csv"
for h in fs1 fs2 fs3; do sed "s/host0/$h/" "$N/before.csv"; done >>"$T/post.csv"
expect_status 0 $BR "$T/post.csv" --chart seq -o "$T/chart.png"
[ "$(wc -c <"$T/chart.png")" -le 102400 ] || fail "the chart PNG is $(wc -c <"$T/chart.png") bytes, over 100 KB"
[ "$(od -An -tu1 -j25 -N1 "$T/chart.png" | tr -d ' ')" = 3 ] || fail "the chart PNG is not a palette PNG"
expect_status 0 $BR "$T/post.csv" --chart seq --scale 2 -o "$T/chart2.png"
[ "$(wc -c <"$T/chart2.png")" -le 204800 ] || fail "the --scale 2 PNG is $(wc -c <"$T/chart2.png") bytes, over 200 KB"
expect_status 0 $BR corpus/bonniepp-text-glued-names.txt --columns 72
awk 'length > 72 { bad = 1 } END { exit bad }' "$T/out" || fail "a line of the 72-column table is longer"
grep -q "$PWD" "$T/out" && fail "the table names an absolute path"

# --- a report of 200 results and more: one section per input, on a phone and a wide screen
expect_status 0 $BR -q corpus/*.txt -o "$T/report.html"
[ "$($BR -q corpus/*.txt -f jsonl | wc -l)" -ge 200 ] || fail "the corpus has fewer than 200 results"
grep -q '<section class="input"' "$T/report.html" || fail "no section per input"
grep -q 'id="filter"' "$T/report.html" || fail "no filter box"
grep -q "$PWD" "$T/report.html" && fail "the report names an absolute path"
CHROMIUM=$(command -v chromium || command -v chromium-browser || true)
if [ -n "$CHROMIUM" ]; then
	for w in 390 1400; do
		printf '<!DOCTYPE html><html><body style="margin:0"><iframe id="f" src="report.html" width="%s" height="900" style="border:0"></iframe><pre id="out">not run</pre><script>document.getElementById("f").addEventListener("load",function(){var d=this.contentDocument;document.getElementById("out").textContent="width "+d.documentElement.scrollWidth;});</script></body></html>\n' "$w" >"$T/f$w.html"
		ww=$w; [ "$ww" -lt 500 ] && ww=500
		timeout 180 "$CHROMIUM" --headless --no-sandbox --disable-gpu --no-first-run --allow-file-access-from-files \
			--user-data-dir="$T/prof" --virtual-time-budget=10000 --window-size=$((ww + 20)),1000 \
			--dump-dom "file://$T/f$w.html" 2>/dev/null >"$T/dom$w"
		sw=$(sed -n 's/.*<pre id="out">width \([0-9]*\)<\/pre>.*/\1/p' "$T/dom$w")
		[ -n "$sw" ] || fail "the measuring page did not run at $w px"
		[ "$sw" -le "$w" ] || fail "at $w px the report is $sw px wide"
	done
else
	echo "SKIP: chromium is not installed: the report was not measured at 390 and 1400 px"
fi

# --- metric names as the tables print them
expect_status 0 $BR --list-metrics
expect_out '^get_block  *BlkRead '
expect_status 0 $BR --metric BlkRead -f csv $N/before.csv
head -1 "$T/out" | grep -q get_block || fail "--metric BlkRead did not choose get_block"
expect_status 2 $BR --metric BlkRaed $N/before.csv
expect_err "did you mean 'get_block'"

# --- the runner says it is the runner, and that a quick run is rough
mkdir "$T/scratch"
expect_status 0 $BR run --dir "$T/scratch" --quick --tests bonnie --size 4M -f jsonl
expect_out '"version":"benchreport-run '
expect_out '"quick":'
# its caveat is in the chart too, SVG and PNG alike (the PNG: the same drawing)
expect_status 0 $BR run --dir "$T/scratch" --quick --tests bonnie --size 4M -o "$T/quick.svg"
grep -q 'figures are rough' "$T/quick.svg" || fail "the quick run's chart does not say its figures are rough"
expect_err "wrote $T/quick.svg"
exit 0
