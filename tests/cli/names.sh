# Inputs name themselves (issue 16, item 1): a before/after of one machine,
# with and without repeats, as a user runs it. The fixtures in
# tests/cli/names/ are bonnie++ 2.00a CSV lines of host0 before and after a
# change: one run each (before.csv, after.csv) and three each
# (runs_before.csv, runs_after.csv).
. tests/cli/lib.sh
N=tests/cli/names

width() { perl -CSD -ne 'chomp; $w = length if length > $w; END { print $w + 0 }' "$1"; }
# the line of a metric in the before/after table
line_of() { grep "^$1 " "$T/out" || { cat "$T/out"; fail "no line for $1"; }; }

# --- one run each: two clearly named columns and the change
expect_status 0 $BR $N/before.csv $N/after.csv
expect_out '^Bonnie and Bonnie++, host0: before → after$'
expect_out '^ *before %CP  *after %CP  *change$'
line_of BlkWrite | grep -q 'MiB/s  *196.6  *41  *221.6  *41  *+12.7%$' || fail "block write: $(line_of BlkWrite)"
line_of Seeks | grep -q '250.3 .* 262.8 .* +5.0%$' || fail "seeks: $(line_of Seeks)"
line_of 'BlkW lat' | grep -q -- '-8.3%$' || fail "latency: $(line_of 'BlkW lat')"
expect_out '^change: after against before; latency: less is better'
grep -q '^host0 ' "$T/out" && fail "a row called just host0"
[ "$(width "$T/out")" -le 80 ] || fail "before/after wider than 80 columns"
[ -s "$T/err" ] && fail "stderr: $(cat "$T/err")"
expect_status 0 $BR --metric put_block_latency $N/before.csv $N/after.csv
expect_out '^change: after against before; less is better.$'

# the other views name the rows by input too
expect_status 0 $BR -f markdown --metric put_block $N/before.csv $N/after.csv
expect_out '^| host0 (before) | 196.6 | 41 |$'
expect_out '^| host0 (after) | \*\*221.6\*\* | 41 |$'
expect_out '^| host0 (after) | 113% |$'
expect_status 0 $BR -o "$T/r.html" $N/before.csv $N/after.csv
grep -q 'host0 (before)' "$T/r.html" && grep -q 'host0 (after)' "$T/r.html" || fail "html names"
expect_status 0 $BR --chart seq -o "$T/c.svg" $N/before.csv $N/after.csv
grep -q 'host0 (before)' "$T/c.svg" && grep -q 'host0 (after)' "$T/c.svg" || fail "chart names"
# ... but JSON Lines are what the inputs say (no label was given)
expect_status 0 $BR -f jsonl $N/before.csv $N/after.csv
grep -q '"label":"' "$T/out" && fail "a plain run grew a label"
[ "$(grep -c '"host":"host0"' "$T/out")" -eq 2 ] || fail "jsonl hosts"

# --baseline takes an input's file or name; the other way round
expect_status 0 $BR --baseline $N/after.csv $N/before.csv $N/after.csv
expect_out '^Bonnie and Bonnie++, host0: after → before$'
line_of BlkWrite | grep -q -- '-11.3%$' || fail "baseline after.csv: $(line_of BlkWrite)"
expect_status 0 $BR --baseline ./$N/after.csv $N/before.csv $N/after.csv
expect_out 'host0: after → before$'
expect_status 0 $BR --baseline after $N/before.csv $N/after.csv
expect_out 'host0: after → before$'
# ... and never silently matches nothing
expect_status 2 $BR --baseline $N/runs_after.csv $N/before.csv $N/after.csv
expect_err "matches no record; it can be a label, a host or an input: 'before', 'host0', 'after'"
expect_status 2 $BR --baseline nosuch $N/before.csv $N/after.csv
expect_err "^benchreport: --baseline 'nosuch' matches no record"
expect_err "Try 'benchreport --help'"
[ -s "$T/out" ] && fail "output despite --baseline matching nothing"

# --- three runs each: means, spread, the change and its significance
expect_status 0 $BR --aggregate $N/runs_before.csv $N/runs_after.csv
expect_err '^benchreport: note: --aggregate formed 2 groups: 3 runs of host0 in runs_before, 3 runs of host0 in runs_after$'
expect_out '^Bonnie and Bonnie++, host0: runs_before (3 runs) → runs_after (3 runs)$'
# block write: well beyond the spread (no mark, p < 0.001); seeks: within (~)
line_of BlkWrite | grep -q '196.5 ±1.46  *41  *221.6 ±1.73  *41  *+12.8%  *<0.001$' || fail "aggregated block write: $(line_of BlkWrite)"
line_of Seeks | grep -q '+2.2%~  *0.53$' || fail "aggregated seeks: $(line_of Seeks)"
expect_out "p: Welch's two-sample t-test"
expect_out '~: within the run-to-run spread'
[ "$(width "$T/out")" -le 80 ] || fail "aggregated before/after wider than 80 columns"
# the groups are in the report's notes as well
expect_status 0 $BR --aggregate -o "$T/agg.html" $N/runs_before.csv $N/runs_after.csv
grep -q 'aggregate formed 2 groups: 3 runs of host0 in runs_before, 3 runs of host0 in runs_after' "$T/agg.html" ||
	fail "groups not in the report"
# -q: no note
expect_status 0 $BR -q --aggregate $N/runs_before.csv $N/runs_after.csv
[ -s "$T/err" ] && fail "-q printed: $(cat "$T/err")"
# against a baseline by file, with repeats
expect_status 0 $BR --aggregate --baseline $N/runs_after.csv $N/runs_before.csv $N/runs_after.csv
expect_out 'host0: runs_after (3 runs) → runs_before (3 runs)$'

# --- names given on the command line: NAME=FILE and --label NAME FILE
expect_status 0 $BR -f jsonl old=$N/before.csv new=$N/after.csv
[ "$(grep -c '"label":"old"' "$T/out")" -eq 1 ] && [ "$(grep -c '"label":"new"' "$T/out")" -eq 1 ] ||
	fail "NAME=FILE labels: $(cat "$T/out")"
cp "$T/out" "$T/named.jsonl"
expect_status 0 $BR -f jsonl --label old $N/before.csv --label new $N/after.csv
cmp -s "$T/out" "$T/named.jsonl" || fail "--label differs from NAME=FILE"
expect_status 0 $BR old=$N/before.csv new=$N/after.csv
expect_out '^Bonnie and Bonnie++, host0: old → new$'
expect_status 0 $BR --baseline new old=$N/before.csv new=$N/after.csv
expect_out 'host0: new → old$'
# --label applies to the next FILE only; one without a FILE is an error
expect_status 0 $BR --label old $N/before.csv $N/after.csv
expect_out '^Bonnie and Bonnie++, host0: old → after$'
expect_status 2 $BR $N/before.csv --label dangling
expect_err "^benchreport: --label 'dangling' is not followed by a FILE"
# NAME=FILE only when the argument is not a file itself
cp $N/before.csv "$T/x=y.csv"
expect_status 0 $BR -f jsonl "$T/x=y.csv"
grep -q '"label":"' "$T/out" && fail "an existing x=y.csv was taken as NAME=FILE"
expect_status 1 $BR "nosuch=$T/missing.csv"
expect_err "cannot open '$T/missing.csv'"

# --- standard input is "stdin"; two files of one base name keep their paths
expect_status 0 sh -c "$BR - $N/after.csv <$N/before.csv"
expect_out '^Bonnie and Bonnie++, host0: stdin → after$'
mkdir -p "$T/a" "$T/b"
cp $N/before.csv "$T/a/run.csv"
cp $N/after.csv "$T/b/run.csv"
expect_status 0 $BR --metric put_block "$T/a/run.csv" "$T/b/run.csv"
expect_out "^Bonnie and Bonnie++, host0: $T/a/run →"
expect_out 'a/run %CP  *[^ ]*b/run %CP  *change$'

# --- more than one machine: no before/after, rows qualified only where needed
sed 's/,host0,/,host1,/' $N/after.csv >"$T/other.csv"
expect_status 0 $BR --metric put_block $N/before.csv $N/after.csv "$T/other.csv"
expect_out '^Bonnie and Bonnie++: 3 records$'
expect_out '^host0 (before) '
expect_out '^host0 (after) '
expect_out '^host1 '
grep -q 'Relative to the baseline' "$T/out" && fail "a baseline nobody asked for"
exit 0
