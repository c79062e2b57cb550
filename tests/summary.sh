#!/bin/sh
# The end of `make check`: adds up the results tests/run1.sh wrote below each
# DIR (DIR/SUITE/NAME.res), shows what each failed test printed, says once
# per reason what was skipped, prints a line per suite and ends with one line
# "N passed, N failed, N skipped"; exits 1 when anything failed.
#   tests/summary.sh DIR...
set -u
export LC_ALL=C
for dir; do
	[ -d "$dir" ] || continue
	for res in "$dir"/*/*.res; do
		[ -f "$res" ] || continue
		suite=$(basename "$(dirname "$res")")
		case $(basename "$dir") in *valgrind*) suite="$suite-valgrind" ;; esac
		name=$(basename "$res" .res)
		set -- $(cat "$res")
		if [ "${2:-1}" -ne 0 ]; then
			echo "$suite: FAILED: $name"
			case $suite in
			golden) cat "$res.log" ;;
			unit) grep -E 'FAIL|ERROR|error|Assert|assert' "$res.log" | head -20 ;;
			*) tail -30 "$res.log" ;;
			esac
		fi
		if [ "${3:-0}" -ne 0 ]; then
			reason=$(grep -m1 '^skipped: ' "$res.log" 2>/dev/null | sed 's/^skipped: //')
			echo "skip	${reason:-no reason given}	$suite	$name	$3"
		fi
		echo "count	$suite	${1:-0}	${2:-1}	${3:-0}"
	done
done | awk -F '\t' '
	$1 == "count" {
		if (!($2 in p)) order[n++] = $2
		p[$2] += $3; f[$2] += $4; s[$2] += $5
		next
	}
	$1 == "skip" {
		if (!($2 in why)) reasons[r++] = $2
		why[$2] = why[$2] (why[$2] == "" ? "" : " ") $3 "/" $4
		skipped[$2] += $5
		next
	}
	{ print }
	END {
		for (i = 0; i < r; i++) {
			w = why[reasons[i]]
			if (length(w) > 60) w = substr(w, 1, 57) "..."
			printf "skipped: %s (%d: %s)\n", reasons[i], skipped[reasons[i]], w
		}
		for (i = 0; i < n; i++) {
			k = order[i]
			printf "%s: %d passed, %d failed, %d skipped\n", k, p[k], f[k], s[k]
			tp += p[k]; tf += f[k]; ts += s[k]
		}
		if (n == 0) { print "no test ran"; tf = 1 }
		printf "%d passed, %d failed, %d skipped\n", tp, tf, ts
		exit (tf > 0)
	}'
