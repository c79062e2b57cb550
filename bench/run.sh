#!/bin/sh
# bench/run.sh — benchreport side by side with the peers, on large generated
# inputs (bench/gen.c). Not a test: it measures and prints a Markdown report
# (medians, ratios against the targets of issue 6 §4, the exact commands).
#
# Every round is ONE hyperfine invocation that runs each case once, in turn
# (the order reversed every other round, so that drift and a neighbour's load
# fall on all cases alike): the runs alternate. Each command is wrapped in
# /usr/bin/time for its peak resident set size. Everything runs on one CPU
# (taskset -c $CPU) — benchreport is single-threaded, so are the peers.
#
#   usage:  make bench && sh bench/run.sh [CASE...]
#   cases:  csv2txt csv2html layouts mail html10k growth  (default: all)
#   env:    BR       the binary (build/benchreport)
#           GROWTH_SIZES  results per growth input (10000 100000 1000000)
#           GROWTH_SHAPES the merge's adversarial shapes (bench/gen.c
#                    gen_shape) and `archive` (an archive add of rows that
#                    share a merge key)
#           DIR      inputs and raw results (${TMPDIR:-/tmp}/br-bench)
#           ROUNDS   rounds (5)
#           RUNS     bonnie++ CSV runs per layout (100000)
#           MAIL_MIB size of the mail archive (100)
#           HTML_N   records of the HTML report case (10000)
#           CPU      the CPU to pin to (0; empty: no pinning)
set -eu
BR=${BR:-build/benchreport}
GEN=${GEN:-build/bench/gen}
DIR=${DIR:-${TMPDIR:-/tmp}/br-bench}
ROUNDS=${ROUNDS:-5}
RUNS=${RUNS:-100000}
MAIL_MIB=${MAIL_MIB:-100}
HTML_N=${HTML_N:-10000}
CPU=${CPU-0}
CASES=${*:-csv2txt csv2html layouts mail html10k growth}
GROWTH_SIZES=${GROWTH_SIZES:-10000 100000 1000000}
GROWTH_SHAPES=${GROWTH_SHAPES:-shared similar allfig allhost prefix hdparm create archive}

growth=no
rest=
for c in $CASES; do
	if [ "$c" = growth ]; then growth=yes; else rest="$rest $c"; fi
done
CASES=$rest
need="/usr/bin/time"
[ -n "$CASES" ] && need="hyperfine bon_csv2txt bon_csv2html $need"
for tool in $need; do
	command -v "$tool" >/dev/null 2>&1 || { echo "bench/run.sh: '$tool' is needed" >&2; exit 2; }
done
[ -x "$BR" ] || { echo "bench/run.sh: no $BR (make)" >&2; exit 2; }
[ -x "$GEN" ] || { echo "bench/run.sh: no $GEN (make bench)" >&2; exit 2; }
BR=$(cd "$(dirname "$BR")" && pwd)/$(basename "$BR")
PIN=
if [ -n "$CPU" ] && command -v taskset >/dev/null 2>&1; then
	PIN="taskset -c $CPU"
fi
mkdir -p "$DIR/raw"
rm -f "$DIR"/raw/*

# ---------------------------------------------------------------- growth
# Each shape once per size (CPU time and peak RSS from /usr/bin/time -v),
# and the growth of the CPU time per 4x of input: (t2 / t1)^(ln 4 / ln(n2 / n1)),
# linear = 4, quadratic = 16 (issue 15: at most 5).
if [ $growth = yes ]; then
	echo "### Growth, $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) CPU(s), pinned with \`$PIN\`"
	echo
	echo "| shape | results | user+sys | growth per 4x | peak RSS |"
	echo "|---|---|---|---|---|"
	for shape in $GROWTH_SHAPES; do
		prev_n= prev_t=
		for n in $GROWTH_SIZES; do
			gshape=$shape
			[ "$shape" = archive ] && gshape=allfig
			ext=txt
			[ "$gshape" = prefix ] && ext=jsonl
			in=$DIR/shape-$gshape-$n.$ext
			[ -s "$in" ] || "$GEN" shape "$gshape" "$n" >"$in"
			if [ "$shape" = archive ]; then
				rm -f "$DIR/growth.db" "$DIR/growth.db-wal" "$DIR/growth.db-shm"
				$PIN /usr/bin/time -v -o "$DIR/raw/growth-time" "$BR" archive add "$DIR/growth.db" "$in" >/dev/null 2>&1
			else
				$PIN /usr/bin/time -v -o "$DIR/raw/growth-time" "$BR" -q -f jsonl "$in" >/dev/null 2>&1
			fi
			t=$(awk -F': ' '/User time/ { u = $2 } /System time/ { s = $2 } END { printf "%.2f", u + s }' "$DIR/raw/growth-time")
			rss=$(awk -F': ' '/Maximum resident/ { printf "%.1f", $2 / 1024 }' "$DIR/raw/growth-time")
			g=-
			if [ -n "$prev_n" ]; then
				g=$(awk -v a="$prev_t" -v b="$t" -v m="$prev_n" -v n="$n" \
					'BEGIN { if (a <= 0.01) print "-"; else printf "%.1f", exp(log(b / a) * log(4) / log(n / m)) }')
			fi
			echo "| $shape | $n | $t s | $g | $rss MiB |"
			prev_n=$n prev_t=$t
		done
	done
	rm -f "$DIR/growth.db" "$DIR/growth.db-wal" "$DIR/growth.db-shm"
	echo
	[ -n "$CASES" ] || exit 0
fi

# ---------------------------------------------------------------- inputs
gen() { # FILE COMMAND...: generate once (kept between invocations)
	f=$1
	shift
	[ -s "$DIR/$f" ] || { echo "generating $f" >&2; "$@" >"$DIR/$f.tmp" && mv "$DIR/$f.tmp" "$DIR/$f"; }
}
for l in 1.03 1.97 2.00a; do
	gen "csv-$l-$RUNS.csv" "$GEN" csv "$l" "$RUNS"
done
gen "csv-2.00a-$HTML_N.csv" "$GEN" csv 2.00a "$HTML_N"
gen "mail-$MAIL_MIB.txt" "$GEN" mail "$MAIL_MIB" corpus/*.txt
CSV=$DIR/csv-2.00a-$RUNS.csv
MAIL=$DIR/mail-$MAIL_MIB.txt
HTMLIN=$DIR/csv-2.00a-$HTML_N.csv

# ---------------------------------------------------------------- cases
# name|input|command (stdout to /dev/null; the peers read stdin)
cases=$DIR/cases
: >"$cases"
add() { printf '%s|%s|%s\n' "$1" "$2" "$3" >>"$cases"; }
for c in $CASES; do
	case $c in
	csv2txt)
		add bon_csv2txt "$CSV" "bon_csv2txt < $CSV > /dev/null"
		add br-text "$CSV" "$BR -q -f text $CSV > /dev/null" ;;
	csv2html)
		add bon_csv2html "$CSV" "bon_csv2html < $CSV > /dev/null"
		add br-html "$CSV" "$BR -q -f html $CSV > /dev/null" ;;
	layouts)
		for l in 1.03 1.97 2.00a; do
			add "br-jsonl-$l" "$DIR/csv-$l-$RUNS.csv" "$BR -q -f jsonl $DIR/csv-$l-$RUNS.csv > /dev/null"
		done ;;
	mail)
		add wc-l "$MAIL" "wc -l $MAIL > /dev/null"
		add br-mail "$MAIL" "$BR -q -f jsonl $MAIL > /dev/null" ;;
	html10k)
		add br-html-$HTML_N "$HTMLIN" "$BR -q -f html $HTMLIN > /dev/null" ;;
	*)
		echo "bench/run.sh: unknown case '$c'" >&2
		exit 2 ;;
	esac
done

# ---------------------------------------------------------------- rounds
r=1
while [ "$r" -le "$ROUNDS" ]; do
	echo "round $r of $ROUNDS" >&2
	if [ $((r % 2)) -eq 0 ]; then order=$(awk '{ l[NR] = $0 } END { for (i = NR; i; i--) print l[i] }' "$cases"); else order=$(cat "$cases"); fi
	set --
	while IFS='|' read -r name input cmd; do
		set -- "$@" -n "$name" "/usr/bin/time -f %M -o $DIR/raw/rss-$name-$r $cmd"
	done <<EOF
$order
EOF
	$PIN hyperfine --runs 1 --style basic --export-csv "$DIR/raw/round-$r.csv" "$@" >&2
	r=$((r + 1))
done

# ---------------------------------------------------------------- report
median() { sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
# wall, user+sys and peak RSS (KiB) medians of a case
stat() {
	wall=$(for f in "$DIR"/raw/round-*.csv; do awk -F, -v n="$1" '$1 == n { print $2 }' "$f"; done | median)
	cpu=$(for f in "$DIR"/raw/round-*.csv; do awk -F, -v n="$1" '$1 == n { print $5 + $6 }' "$f"; done | median)
	rss=$(cat "$DIR"/raw/rss-"$1"-* | grep -v '^Command' | median)
}
size_of() { wc -c <"$1"; }
fmt() { awk -v v="$1" 'BEGIN { printf (v < 10 ? "%.3f" : "%.1f"), v }'; }
mib() { awk -v v="$1" 'BEGIN { printf "%.1f", v / 1048576 }'; }

echo "### Run of $(date -u '+%Y-%m-%d %H:%M UTC')"
echo
echo "Machine: $(nproc) CPU(s), $(awk -F': ' '/model name/ { print $2; exit }' /proc/cpuinfo 2>/dev/null || echo unknown), load average at the end $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?');"
echo "pinned with \`$PIN\`; $ROUNDS alternating rounds; benchreport $("$BR" --version | cut -d' ' -f2), hyperfine $(hyperfine --version | cut -d' ' -f2)."
echo
echo "| case | input | wall (median) | user+sys (median) | peak RSS | RSS budget (2 × input + 64 MiB) |"
echo "|---|---|---|---|---|---|"
while IFS='|' read -r name input cmd; do
	stat "$name"
	sz=$(size_of "$input")
	budget=$((2 * sz / 1024 + 65536))
	ok=$([ "${rss%.*}" -le "$budget" ] && echo "within" || echo "**over**")
	echo "| $name | $(basename "$input") ($(mib "$sz") MiB) | $(fmt "$wall") s | $(fmt "$cpu") s | $(mib $((${rss%.*} * 1024))) MiB | $(mib $((budget * 1024))) MiB: $ok |"
done <"$cases"
echo

ratio() { # A B: median wall of A / median wall of B
	stat "$1"; a=$wall; ac=$cpu
	stat "$2"; b=$wall; bc=$cpu
	echo "$(awk -v a="$a" -v b="$b" 'BEGIN { printf "%.2f", a / b }') (user+sys: $(awk -v a="$ac" -v b="$bc" 'BEGIN { printf "%.2f", a / b }'))"
}
echo "| target | measured | met |"
echo "|---|---|---|"
if grep -q '^br-text|' "$cases"; then
	x=$(ratio bon_csv2txt br-text)
	echo "| CSV → text ≥ 10× faster than bon_csv2txt | bon_csv2txt / benchreport = $x | $(echo "$x" | awk '{ print ($1 >= 10 ? "yes" : "no") }') |"
fi
if grep -q '^br-html|' "$cases"; then
	x=$(ratio bon_csv2html br-html)
	echo "| CSV → HTML faster than bon_csv2html | bon_csv2html / benchreport = $x | $(echo "$x" | awk '{ print ($1 > 1 ? "yes" : "no") }') |"
fi
if grep -q '^br-mail|' "$cases"; then
	sz=$(size_of "$MAIL")
	stat br-mail; bw=$wall; bc=$cpu
	stat wc-l; ww=$wall
	mbs=$(awk -v s="$sz" -v t="$bw" 'BEGIN { printf "%.1f", s / 1e6 / t }')
	echo "| mail text ≥ 100 MB/s | $mbs MB/s wall ($(awk -v s="$sz" -v t="$bc" 'BEGIN { printf "%.1f", s / 1e6 / t }') MB/s of CPU time); \`wc -l\`: $(awk -v s="$sz" -v t="$ww" 'BEGIN { printf "%.0f", s / 1e6 / t }') MB/s | $(awk -v m="$mbs" 'BEGIN { print (m >= 100 ? "yes" : "no") }') |"
fi
if grep -q "^br-html-$HTML_N|" "$cases"; then
	stat "br-html-$HTML_N"
	echo "| $HTML_N-record HTML report < 2 s | $(fmt "$wall") s (user+sys $(fmt "$cpu") s) | $(awk -v t="$wall" 'BEGIN { print (t < 2 ? "yes" : "no") }') |"
fi
echo
echo "Commands (each wrapped as \`/usr/bin/time -f %M -o FILE COMMAND\`, run by \`$PIN hyperfine --runs 1 --style basic --export-csv FILE -n NAME COMMAND ...\` once per round):"
echo
echo '```'
echo "make bench   # build/bench/gen"
for l in 1.03 1.97 2.00a; do echo "$GEN csv $l $RUNS > csv-$l-$RUNS.csv"; done
echo "$GEN csv 2.00a $HTML_N > csv-2.00a-$HTML_N.csv"
echo "$GEN mail $MAIL_MIB corpus/*.txt > mail-$MAIL_MIB.txt"
while IFS='|' read -r name input cmd; do
	echo "$name: $cmd" | sed "s|$DIR/||g; s|$BR|benchreport|g"
done <"$cases"
echo '```'
