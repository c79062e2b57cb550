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
#   cases:  csv2txt csv2html layouts mail html10k growth scale  (default: all)
#   env:    BR       the binary (build/benchreport)
#           GROWTH_SIZES  results per growth input (10000 100000 1000000)
#           GROWTH_SHAPES the merge's adversarial shapes (bench/gen.c
#                    gen_shape), `distinct` (bench/gen's 2.00a CSV: every
#                    run different) and `archive` (an archive add of rows
#                    that share a merge key)
#           SCALE_SIZES   runs of the `scale` case (10000 100000 1000000):
#                    each peer and benchreport once per size, in turn
#           DIR      inputs and raw results (${TMPDIR:-/tmp}/br-bench)
#           ROUNDS   rounds (5)
#           RUNS     bonnie++ CSV runs per layout (100000)
#           MAIL_SIZES    sizes of the mail archive in MiB (16 64 256), built
#                    from the real posts (../shared/realworld/docs) and
#                    corpus/*.txt, one message each, figures varied
#           MAIL_ROUNDS   runs per mail size, the median is shown (3)
#           HTML_N   records of the HTML report case (10000)
#           CPU      the CPU to pin to (0; empty: no pinning)
set -eu
BR=${BR:-build/benchreport}
GEN=${GEN:-build/bench/gen}
DIR=${DIR:-${TMPDIR:-/tmp}/br-bench}
ROUNDS=${ROUNDS:-5}
RUNS=${RUNS:-100000}
MAIL_SIZES=${MAIL_SIZES:-16 64 256}
MAIL_ROUNDS=${MAIL_ROUNDS:-3}
REAL_DOCS=${REAL_DOCS:-../shared/realworld/docs}
HTML_N=${HTML_N:-10000}
CPU=${CPU-0}
CASES=${*:-csv2txt csv2html layouts mail html10k growth scale}
GROWTH_SIZES=${GROWTH_SIZES:-10000 100000 1000000}
GROWTH_SHAPES=${GROWTH_SHAPES:-shared similar distinct allfig allhost prefix hdparm create archive}
SCALE_SIZES=${SCALE_SIZES:-10000 100000 1000000}

growth=no
mail=no
scale=no
rest=
for c in $CASES; do
	case $c in
	growth) growth=yes ;;
	scale) scale=yes ;;
	mail) mail=yes ;;
	*) rest="$rest $c" ;;
	esac
done
CASES=$rest
need="/usr/bin/time"
[ -n "$CASES" ] && need="hyperfine bon_csv2txt bon_csv2html $need"
[ $scale = yes ] && need="bon_csv2txt bon_csv2html $need"
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
# linear = 4, quadratic = 16 (issue 15: at most 5); the peak RSS per result,
# and against the JSON Lines budget of issue 15 (64 MiB + 150 bytes a run).
if [ $growth = yes ]; then
	echo "### Growth, $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) CPU(s), pinned with \`$PIN\`"
	echo
	echo "| shape | results | input | user+sys | growth per 4x | peak RSS | RSS per result | JSON Lines budget (64 MiB + 150 B a run) |"
	echo "|---|---|---|---|---|---|---|---|"
	for shape in $GROWTH_SHAPES; do
		prev_n= prev_t=
		for n in $GROWTH_SIZES; do
			gshape=$shape
			[ "$shape" = archive ] && gshape=allfig
			ext=txt
			[ "$gshape" = prefix ] && ext=jsonl
			in=$DIR/shape-$gshape-$n.$ext
			if [ "$gshape" = distinct ]; then
				in=$DIR/csv-2.00a-$n.csv
				[ -s "$in" ] || "$GEN" csv 2.00a "$n" >"$in"
			fi
			[ -s "$in" ] || "$GEN" shape "$gshape" "$n" >"$in"
			# the input's and the last run's pages written back first:
			# else the kernel's writeback of a 244 MB input made just
			# now is counted in this run's system time (session 21: the
			# same 1M-run input took 2.0 or 5.6 s of system time)
			sync
			if [ "$shape" = archive ]; then
				rm -f "$DIR/growth.db" "$DIR/growth.db-wal" "$DIR/growth.db-shm"
				$PIN /usr/bin/time -v -o "$DIR/raw/growth-time" "$BR" archive add "$DIR/growth.db" "$in" >/dev/null 2>&1
			else
				$PIN /usr/bin/time -v -o "$DIR/raw/growth-time" "$BR" -q -f jsonl "$in" >/dev/null 2>&1
			fi
			t=$(awk -F': ' '/User time/ { u = $2 } /System time/ { s = $2 } END { printf "%.2f", u + s }' "$DIR/raw/growth-time")
			rss=$(awk -F': ' '/Maximum resident/ { printf "%.1f", $2 / 1024 }' "$DIR/raw/growth-time")
			per=$(awk -v r="$rss" -v n="$n" 'BEGIN { printf "%.0f B", r * 1048576 / n }')
			budget=$(awk -v r="$rss" -v n="$n" 'BEGIN { b = 64 + 150 * n / 1048576; printf "%.1f MiB: %s", b, (r <= b ? "within" : "**over**") }')
			[ "$shape" = archive ] && budget="(archive add)"
			insz=$(wc -c <"$in" | awk '{ printf "%.1f MiB", $1 / 1048576 }')
			g=-
			if [ -n "$prev_n" ]; then
				g=$(awk -v a="$prev_t" -v b="$t" -v m="$prev_n" -v n="$n" \
					'BEGIN { if (a <= 0.01) print "-"; else printf "%.1f", exp(log(b / a) * log(4) / log(n / m)) }')
			fi
			echo "| $shape | $n | $insz | $t s | $g | $rss MiB | $per | $budget |"
			prev_n=$n prev_t=$t
		done
	done
	rm -f "$DIR/growth.db" "$DIR/growth.db-wal" "$DIR/growth.db-shm"
	echo
fi

# ---------------------------------------------------------------- mail
# Mail archives of real posts (issue 15): the real posts and corpus/*.txt as
# messages, again and again, figures varied (bench/gen.c gen_mail), at each
# of MAIL_SIZES MiB. Per size: benchreport -f jsonl and `wc -l` on the same
# file, MAIL_ROUNDS times each (median of user+sys, from /usr/bin/time -v),
# MB/s of CPU time, the growth of the CPU time per 4x of input and the peak
# RSS (the median run's).
if [ $mail = yes ]; then
	ls "$REAL_DOCS"/* >/dev/null 2>&1 || { echo "bench/run.sh: no real posts in $REAL_DOCS" >&2; exit 2; }
	echo "### Mail of real posts, $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) CPU(s), pinned with \`$PIN\`"
	echo
	echo "| MiB | messages | benchreport user+sys | MB/s of CPU | growth per 4x | peak RSS | \`wc -l\` user+sys | \`wc -l\` MB/s |"
	echo "|---|---|---|---|---|---|---|---|"
	prev_s= prev_t=
	for m in $MAIL_SIZES; do
		in=$DIR/mail-real-$m.txt
		[ -s "$in" ] || { echo "generating $(basename "$in")" >&2; "$GEN" mail "$m" "$REAL_DOCS"/* corpus/*.txt >"$in.tmp" && mv "$in.tmp" "$in"; }
		sz=$(wc -c <"$in")
		msgs=$(grep -c '^From bench' "$in")
		for tool in br wc; do
			: >"$DIR/raw/mail-$tool"
			r=1
			while [ "$r" -le "$MAIL_ROUNDS" ]; do
				if [ $tool = br ]; then
					$PIN /usr/bin/time -v -o "$DIR/raw/mail-time" "$BR" -q -f jsonl "$in" >/dev/null 2>&1
				else
					# 20 times over: one is below the clock's 10 ms
					$PIN /usr/bin/time -v -o "$DIR/raw/mail-time" sh -c 'for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do wc -l "$1"; done' sh "$in" >/dev/null 2>&1
				fi
				awk -F': ' -v k="$([ $tool = br ] && echo 1 || echo 20)" '/User time/ { u = $2 } /System time/ { s = $2 } /Maximum resident/ { r = $2 }
					END { printf "%.4f %.1f\n", (u + s) / k, r / 1024 }' "$DIR/raw/mail-time" >>"$DIR/raw/mail-$tool"
				r=$((r + 1))
			done
		done
		# the median run (by CPU time) of each
		set -- $(sort -g "$DIR/raw/mail-br" | awk '{ l[NR] = $0 } END { print l[int((NR + 1) / 2)] }')
		t=$1 rss=$2
		set -- $(sort -g "$DIR/raw/mail-wc" | awk '{ l[NR] = $0 } END { print l[int((NR + 1) / 2)] }')
		wt=$1
		mbs=$(awk -v s="$sz" -v t="$t" 'BEGIN { if (t <= 0) print "-"; else printf "%.1f", s / 1e6 / t }')
		wmbs=$(awk -v s="$sz" -v t="$wt" 'BEGIN { if (t <= 0) print "-"; else printf "%.0f", s / 1e6 / t }')
		g=-
		if [ -n "$prev_s" ]; then
			g=$(awk -v a="$prev_t" -v b="$t" -v m="$prev_s" -v n="$sz" \
				'BEGIN { if (a <= 0.01) print "-"; else printf "%.1f", exp(log(b / a) * log(4) / log(n / m)) }')
		fi
		echo "| $m | $msgs | $(awk -v t="$t" 'BEGIN { printf "%.2f", t }') s | $mbs | $g | $rss MiB | $(awk -v t="$wt" 'BEGIN { printf "%.4f", t }') s | $wmbs |"
		prev_s=$sz prev_t=$t
	done
	echo
	echo "Commands: \`$GEN mail MIB $REAL_DOCS/* corpus/*.txt > mail-real-MIB.txt\`, then \`$PIN /usr/bin/time -v benchreport -q -f jsonl mail-real-MIB.txt > /dev/null\` and \`wc -l mail-real-MIB.txt\` (20 in a row under one \`$PIN /usr/bin/time -v\`, the time divided by 20), $MAIL_ROUNDS runs each (target: ≥ 100 MB/s of CPU on one core)."
	echo
fi
# ---------------------------------------------------------------- scale
# Each case at every size of SCALE_SIZES (bench/gen's 2.00a CSV): bon_csv2txt,
# benchreport text from the file and from stdin, bon_csv2html, benchreport
# HTML and JSON Lines, once each per size in turn (pinned); CPU time, peak
# RSS, the peer's CPU over benchreport's, and the growth per 4x of input.
if [ $scale = yes ]; then
	echo "### Scale, $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) CPU(s), pinned with \`$PIN\`"
	echo
	echo "| case | runs | input | user+sys | growth per 4x | peak RSS | RSS per run | peer CPU / benchreport CPU |"
	echo "|---|---|---|---|---|---|---|---|"
	: >"$DIR/raw/scale"
	for n in $SCALE_SIZES; do
		in=$DIR/csv-2.00a-$n.csv
		[ -s "$in" ] || { echo "generating $(basename "$in")" >&2; "$GEN" csv 2.00a "$n" >"$in.tmp" && mv "$in.tmp" "$in"; }
		for c in bon_csv2txt br-text br-text-stdin bon_csv2html br-html br-jsonl; do
			case $c in
			bon_csv2txt) cmd="bon_csv2txt" ;;
			br-text) cmd="$BR -q -f text $in" ;;
			br-text-stdin) cmd="$BR -q -f text -" ;;
			bon_csv2html) cmd="bon_csv2html" ;;
			br-html) cmd="$BR -q -f html $in" ;;
			br-jsonl) cmd="$BR -q -f jsonl $in" ;;
			esac
			$PIN /usr/bin/time -v -o "$DIR/raw/scale-time" $cmd <"$in" >/dev/null 2>&1 || true
			awk -F': ' -v c="$c" -v n="$n" '/User time/ { u = $2 } /System time/ { s = $2 } /Maximum resident/ { r = $2 }
				END { printf "%s %s %.2f %.1f\n", c, n, u + s, r / 1024 }' "$DIR/raw/scale-time" >>"$DIR/raw/scale"
		done
	done
	for c in br-text br-text-stdin br-html br-jsonl bon_csv2txt bon_csv2html; do
		peer=
		case $c in br-text*) peer=bon_csv2txt ;; br-html) peer=bon_csv2html ;; esac
		prev_n= prev_t=
		for n in $SCALE_SIZES; do
			set -- $(awk -v c="$c" -v n="$n" '$1 == c && $2 == n { print $3, $4 }' "$DIR/raw/scale")
			t=$1 rss=$2
			g=-
			if [ -n "$prev_n" ]; then
				g=$(awk -v a="$prev_t" -v b="$t" -v m="$prev_n" -v n="$n" \
					'BEGIN { if (a <= 0.01) print "-"; else printf "%.1f", exp(log(b / a) * log(4) / log(n / m)) }')
			fi
			ratio=-
			if [ -n "$peer" ]; then
				pt=$(awk -v c="$peer" -v n="$n" '$1 == c && $2 == n { print $3 }' "$DIR/raw/scale")
				ratio=$(awk -v a="$pt" -v b="$t" 'BEGIN { if (b <= 0) print "-"; else printf "%.2f", a / b }')
			fi
			insz=$(wc -c <"$DIR/csv-2.00a-$n.csv" | awk '{ printf "%.1f MiB", $1 / 1048576 }')
			per=$(awk -v r="$rss" -v n="$n" 'BEGIN { printf "%.0f B", r * 1048576 / n }')
			echo "| $c | $n | $insz | $t s | $g | $rss MiB | $per | $ratio |"
			prev_n=$n prev_t=$t
		done
	done
	echo
	echo "Commands: \`$GEN csv 2.00a N > csv-2.00a-N.csv\`; each of \`bon_csv2txt\`, \`benchreport -q -f text csv-2.00a-N.csv\`, \`benchreport -q -f text -\`, \`bon_csv2html\`, \`benchreport -q -f html csv-2.00a-N.csv\`, \`benchreport -q -f jsonl csv-2.00a-N.csv\` as \`$PIN /usr/bin/time -v COMMAND < csv-2.00a-N.csv > /dev/null\`, once per size."
	echo
fi
[ -n "$CASES" ] || exit 0

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
CSV=$DIR/csv-2.00a-$RUNS.csv
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
		add br-text "$CSV" "$BR -q -f text $CSV > /dev/null"
		add br-text-stdin "$CSV" "$BR -q -f text - < $CSV > /dev/null" ;;
	csv2html)
		add bon_csv2html "$CSV" "bon_csv2html < $CSV > /dev/null"
		add br-html "$CSV" "$BR -q -f html $CSV > /dev/null" ;;
	layouts)
		for l in 1.03 1.97 2.00a; do
			add "br-jsonl-$l" "$DIR/csv-$l-$RUNS.csv" "$BR -q -f jsonl $DIR/csv-$l-$RUNS.csv > /dev/null"
		done ;;
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
		set -- "$@" -n "$name" "/usr/bin/time -f %M -o $DIR/raw/rss-$name@$r $cmd"
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
	rss=$(cat "$DIR"/raw/rss-"$1"@* | grep -v '^Command' | median)
}
size_of() { wc -c <"$1"; }
fmt() { awk -v v="$1" 'BEGIN { printf (v < 10 ? "%.3f" : "%.1f"), v }'; }
mib() { awk -v v="$1" 'BEGIN { printf "%.1f", v / 1048576 }'; }

echo "### Run of $(date -u '+%Y-%m-%d %H:%M UTC')"
echo
echo "Machine: $(nproc) CPU(s), $(awk -F': ' '/model name/ { print $2; exit }' /proc/cpuinfo 2>/dev/null || echo unknown), load average at the end $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?');"
echo "pinned with \`$PIN\`; $ROUNDS alternating rounds; benchreport $("$BR" --version | cut -d' ' -f2), hyperfine $(hyperfine --version | cut -d' ' -f2)."
echo
echo "| case | input | wall (median) | user+sys (median) | peak RSS | RSS budget (input + 64 MiB) |"
echo "|---|---|---|---|---|---|"
while IFS='|' read -r name input cmd; do
	stat "$name"
	sz=$(size_of "$input")
	budget=$((sz / 1024 + 65536))
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
	for c in br-text br-text-stdin; do
		x=$(ratio bon_csv2txt $c)
		echo "| CSV → text ≥ 10× bon_csv2txt ($c) | bon_csv2txt / benchreport = $x | $(echo "$x" | awk '{ sub(/.*user\+sys: /, ""); print ($1 + 0 >= 10 ? "yes" : "no") }') |"
	done
fi
if grep -q '^br-html|' "$cases"; then
	x=$(ratio bon_csv2html br-html)
	echo "| CSV → HTML ≥ 3× bon_csv2html (CPU) | bon_csv2html / benchreport = $x | $(echo "$x" | awk '{ sub(/.*user\+sys: /, ""); print ($1 + 0 >= 3 ? "yes" : "no") }') |"
fi
if grep -q "^br-html-$HTML_N|" "$cases"; then
	stat "br-html-$HTML_N"
	echo "| $HTML_N-record HTML report < 0.5 s | $(fmt "$wall") s (user+sys $(fmt "$cpu") s) | $(awk -v t="$wall" 'BEGIN { print (t < 0.5 ? "yes" : "no") }') |"
fi
echo
echo "Commands (each wrapped as \`/usr/bin/time -f %M -o FILE COMMAND\`, run by \`$PIN hyperfine --runs 1 --style basic --export-csv FILE -n NAME COMMAND ...\` once per round):"
echo
echo '```'
echo "make bench   # build/bench/gen"
for l in 1.03 1.97 2.00a; do echo "$GEN csv $l $RUNS > csv-$l-$RUNS.csv"; done
echo "$GEN csv 2.00a $HTML_N > csv-2.00a-$HTML_N.csv"
while IFS='|' read -r name input cmd; do
	echo "$name: $cmd" | sed "s|$DIR/||g; s|$BR|benchreport|g"
done <"$cases"
echo '```'
