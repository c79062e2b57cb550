# The report of corpus/ (200 results and more) as a person sees it, in
# headless Chromium at 1400 px and on a 390-px phone: screenshots that are
# not blank; a DOM (after the page's own script ran) with a section per
# input, its charts and tables, the tables by metric, the contents; and
# what the page measures in the browser: nothing scrolls sideways at 390
# px but tables in their own box, no table scrolls at 1400 px, chart text
# is drawn 10 px or larger at both widths, the filter box hides rows and
# sections. Skipped, saying so, only where chromium is not installed
# ('make deps' installs it).
. tests/cli/lib.sh

CHROMIUM=$(command -v chromium || command -v chromium-browser || true)
[ -n "$CHROMIUM" ] || skip_test "chromium not installed"
set -- corpus/*.txt
[ -f "$1" ] || fail "corpus/ holds no documents"

$BR corpus/*.txt -o "$T/report.html" 2>"$T/err"
rc=$?
[ $rc -le 1 ] && [ -s "$T/report.html" ] || { cat "$T/err"; fail "benchreport exit status $rc, no report"; }
$BR corpus/*.txt --format jsonl >"$T/all.jsonl" 2>/dev/null
records=$(wc -l <"$T/all.jsonl")
[ "$records" -ge 200 ] || fail "the corpus gives $records results; this test wants 200 or more"

# Headless Chromium's window is at least 500 px wide: the phone is an
# iframe of 390 px (its document lays out at 390 px, media queries too).
chrome() {
	timeout 180 "$CHROMIUM" --headless --no-sandbox --disable-gpu --no-first-run \
		--disable-background-networking --disable-component-update --disable-sync \
		--allow-file-access-from-files --user-data-dir="$T/prof" "$@" 2>>"$T/chromium.log"
}
frame() { # frame WIDTH HEIGHT SCRIPT: a page showing the report in an iframe
	printf '<!DOCTYPE html><html><head><style>html,body{margin:0}iframe{border:0;display:block}</style></head>'
	printf '<body><iframe id="f" src="report.html" width="%s" height="%s"></iframe><pre id="out">not run</pre>' "$1" "$2"
	[ -n "$3" ] && printf '<script src="%s"></script>' "$3"
	printf '</body></html>\n'
}
png_size() { od -An -tu1 -j16 -N8 "$1" | awk '{print $1*16777216+$2*65536+$3*256+$4, $5*16777216+$6*65536+$7*256+$8}'; }

# --- screenshots at 1400 px and at 390 px, and of an empty page
frame 390 2400 "" >"$T/phone.html"
chrome --screenshot="$T/wide.png" --window-size=1400,2000 "file://$T/report.html" >/dev/null
chrome --screenshot="$T/phone.png" --window-size=500,2400 "file://$T/phone.html" >/dev/null
printf '<!DOCTYPE html><html><head><title>x</title></head><body></body></html>\n' >"$T/blank.html"
chrome --screenshot="$T/blank.png" --window-size=1400,2000 "file://$T/blank.html" >/dev/null
for s in wide phone blank; do
	[ -s "$T/$s.png" ] || { tail -5 "$T/chromium.log"; fail "chromium wrote no $s screenshot"; }
	[ "$(od -An -tx1 -N8 "$T/$s.png" | tr -d ' \n')" = 89504e470d0a1a0a ] || fail "the $s screenshot is not a PNG"
done
[ "$(png_size "$T/wide.png")" = "1400 2000" ] || fail "screenshot is $(png_size "$T/wide.png"), expected 1400 2000"
blank=$(wc -c <"$T/blank.png")
# a page of text, bars and tables compresses far worse than a single colour
for s in wide phone; do
	[ "$(wc -c <"$T/$s.png")" -gt $((blank * 4)) ] || fail "the $s screenshot looks blank"
done

# --- the DOM after the page's script ran
chrome --dump-dom "file://$T/report.html" >"$T/dom.html"
[ -s "$T/dom.html" ] || { tail -5 "$T/chromium.log"; fail "chromium dumped no DOM"; }

# What the records say the report holds: per input, family and metric
# group the records with a figure of the group (SCHEMA.md's groups).
awk '
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
		f = $0
		sub(/.*"source":\{"file":"/, "", f)
		sub(/".*/, "", f)
		files[f] = 1
		m = $0
		sub(/.*"metrics":\{/, "", m)
		delete seen
		while (match(m, /"[a-z_]+":\{/)) {
			k = substr(m, RSTART + 1, RLENGTH - 4)
			m = substr(m, RSTART + RLENGTH)
			g = (k ~ /_latency$/) ? "latency" : grp[k]
			if (g != "" && !((fam "/" g) in seen)) {
				seen[fam "/" g] = 1
				n[f "|" fam "/" g]++
				pair[fam "/" g]++
			}
		}
	}
	END {
		s = 0; for (x in files) s++
		t = 0; c = 0; for (x in n) { t++; if (n[x] >= 2) c++ }
		p = 0; mc = 0; for (x in pair) { p++; if (pair[x] >= 2) mc++ }
		print s, t, c, p, mc
	}' "$T/all.jsonl" >"$T/expect"
read -r sections groups charts metrics mcharts <"$T/expect"
# the tables by metric have a chart each (of two results or more) as well
charts=$((charts + mcharts))
[ "$sections" -gt 20 ] && [ "$charts" -ge 1 ] || fail "unexpected corpus: $(cat "$T/expect")"
count() { grep -o "$1" "$T/dom.html" | wc -l; }
[ "$(count '<section class="input" id="in-[0-9]*"')" -eq "$sections" ] ||
	fail "$(count '<section class="input"') input sections, expected $sections"
[ "$(count '<div class="group" id="in-[0-9]*-')" -eq "$groups" ] || fail "$(count '<div class="group"') groups, expected $groups"
# a chart where a section compares two results or more: wide and narrow
[ "$(count '<figure class="chart"')" -eq "$charts" ] || fail "$(count '<figure class="chart"') charts, expected $charts"
[ "$(count '<svg')" -eq $((charts * 2)) ] || fail "$(count '<svg') SVGs for $charts charts (wide + narrow each)"
[ "$(count '<div class="narrow"><svg')" -eq "$charts" ] || fail "not every chart has its narrow form"
# tables: one per section group, one per metric group across inputs
[ "$(count '<details class="metric" id="m-')" -eq "$metrics" ] || fail "$(count '<details class="metric"') metric tables, expected $metrics"
[ "$(count '<table class="cmp sortable')" -eq $((groups + metrics)) ] || fail "$(count '<table class="cmp') tables, expected $((groups + metrics))"
[ "$(count '<table class="inputs sortable')" -eq 1 ] || fail "no inputs table"
[ "$(count '<table class="glance')" -eq 1 ] || fail "no at-a-glance table"
# more than 8 sections: each folded under its heading
[ "$(count '<details class="sec"><summary><h3>')" -eq "$sections" ] || fail "the $sections sections are not folded"
# contents: every input and every metric group
[ "$(count '<li data-name="[^"]*"><a href="#in-[0-9]*"')" -eq "$sections" ] || fail "the contents do not list every input"
[ "$(count '<a href="#m-[a-z]*-[a-z]*"')" -eq "$metrics" ] || fail "the contents do not list every metric group"
# the header names the inputs, not a 60-file command line in view
grep -q '<details class="brief"><summary>Inputs: [^<]* and [0-9]* more</summary>' "$T/dom.html" || fail "the header does not list the inputs compactly"
# the scripts ran: sortable headers; the filter box shown (hidden without script)
grep -q 'class="n js-sort"' "$T/dom.html" || fail "the table-sorting script did not run"
grep -q '<p class="filter" hidden' "$T/report.html" || fail "the filter box shows without JavaScript"
grep -q '<p class="filter" hidden' "$T/dom.html" && fail "the filter script did not show its box"
# a link from the contents to a folded table by metric opens it
first=$(grep -o '<details class="metric" id="m-[a-z]*-[a-z]*">' "$T/report.html" | head -1 | sed 's/.*id="\([^"]*\)".*/\1/')
[ -n "$first" ] || fail "no folded table by metric (the corpus has more than 12 results of a group)"
chrome --dump-dom "file://$T/report.html#$first" >"$T/hash.html"
grep -q "<details class=\"metric\" id=\"$first\" open" "$T/hash.html" || fail "#$first does not open its table"
# a link to a section opens it
chrome --dump-dom "file://$T/report.html#in-2" >"$T/hash.html"
grep -q '<section class="input" id="in-2" data-name="[^"]*"><details class="sec" open' "$T/hash.html" || fail "#in-2 does not open its section"
# one source entry per record
srcs=$(count '<div class="src" id="r[0-9]*"')
[ "$srcs" -eq "$records" ] || fail "$srcs source entries for $records records"

# --- measured in the browser, at 390 and 1400 px
cat >"$T/measure.js" <<'EOF'
window.addEventListener('load', function () {
	var f = document.getElementById('f'), w = f.contentWindow, d = f.contentDocument, out = [];
	var each = function (l, fn) { Array.prototype.forEach.call(l, fn); };
	// many inputs: their sections are folded; a reader opens them all
	each(d.querySelectorAll('details.sec'), function (x) { x.open = true; });
	out.push('scroll ' + d.documentElement.scrollWidth);
	// chart text as drawn: the SVG's font size times the SVG's scale
	var min = 1e9, n = 0, figs = 0;
	each(d.querySelectorAll('figure.chart svg'), function (svg) {
		var r = svg.getBoundingClientRect();
		if (!r.width) return;
		figs++;
		var k = r.width / svg.width.baseVal.value;
		each(svg.querySelectorAll('text'), function (t) {
			var px = parseFloat(w.getComputedStyle(t).fontSize) * k;
			n++;
			if (px < min) min = px;
		});
	});
	out.push('charts ' + figs + ' texts ' + n + ' min ' + min.toFixed(2));
	var wide = [];
	each(d.querySelectorAll('.tablewrap'), function (b) {
		if (b.getClientRects().length && b.scrollWidth > b.clientWidth + 1) {
			var t = b.querySelector('table');
			wide.push((t.getAttribute('data-family') || 'inputs') + '/' + (t.getAttribute('data-group') || ''));
		}
	});
	out.push('scrolling ' + wide.length + ' ' + wide.join(' '));
	var rows = function () {
		var c = 0;
		each(d.querySelectorAll('table.cmp tbody tr'), function (tr) { if (tr.getClientRects().length) c++; });
		return c;
	};
	var secs = function () {
		var c = 0;
		each(d.querySelectorAll('section.input'), function (s) { if (s.getClientRects().length) c++; });
		return c;
	};
	var box = d.getElementById('filter'), r0 = rows(), s0 = secs();
	box.value = 'RAID5';
	box.dispatchEvent(new w.Event('input'));
	var r1 = rows(), s1 = secs();
	box.value = '';
	box.dispatchEvent(new w.Event('input'));
	out.push('filter ' + r0 + ' ' + s0 + ' ' + r1 + ' ' + s1 + ' ' + rows());
	document.getElementById('out').textContent = out.join('\n');
});
EOF
measure() { # measure WIDTH: the figures above into $T/m.WIDTH
	frame "$1" 900 measure.js >"$T/m$1.html"
	ww=$1
	[ "$ww" -lt 500 ] && ww=500
	chrome --virtual-time-budget=10000 --window-size=$((ww + 20)),1000 --dump-dom "file://$T/m$1.html" |
		sed -n '/<pre id="out">/,/<\/pre>/p' | sed 's/.*<pre id="out">//; s/<\/pre>.*//' >"$T/m.$1"
	grep -q '^filter ' "$T/m.$1" || { cat "$T/m.$1"; tail -5 "$T/chromium.log"; fail "the measuring script did not run at $1 px"; }
}
get() { sed -n "s/^$1 //p" "$T/m.$2"; }
for w in 390 1400; do
	measure $w
	sw=$(get scroll $w)
	[ "$sw" -le "$w" ] || fail "at $w px the page is $sw px wide: it scrolls sideways"
	set -- $(get charts $w)
	[ "$1" -ge "$charts" ] || fail "at $w px $1 charts are shown, expected $charts"
	[ "$3" -gt 100 ] || fail "at $w px the charts hold $3 texts?"
	awk -v m="$5" 'BEGIN { exit !(m >= 10) }' || fail "at $w px chart text is drawn at $5 px (under 10)"
	set -- $(get filter $w)
	[ "$1" -gt 200 ] || fail "at $w px only $1 table rows before filtering"
	[ "$3" -gt 0 ] && [ "$3" -lt "$1" ] || fail "at $w px the filter left $3 of $1 rows"
	[ "$4" -gt 0 ] && [ "$4" -lt "$2" ] || fail "at $w px the filter left $4 of $2 sections"
	[ "$5" -eq "$1" ] || fail "at $w px clearing the filter shows $5 rows, not $1"
done
# at 1400 px no table scrolls (file operations and latency included)
set -- $(get scrolling 1400)
[ "$1" -eq 0 ] || fail "at 1400 px these tables scroll sideways: $*"
# on the phone the wide tables scroll in their own box, not the page
set -- $(get scrolling 390)
[ "$1" -gt 0 ] || fail "at 390 px no table needs its scroll box? ($*)"
exit 0
