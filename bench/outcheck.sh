#!/bin/sh
# Not a test: a check of a change by eye (the lead and helpers run it before merging;
# bench/ may read ../shared). Every output that differs must be a fix one can name.
# bench/outcheck.sh NEWBIN [REFBIN] [OUTDIR]: every output format of corpus/*, the seeds and the real
# posts, with NEWBIN and REFBIN (default /tmp/br-ref), then the list of files that differ.
# Run from a checkout's root. OUTDIR defaults to /tmp/outcheck (helpers: use your own).
export SOURCE_DATE_EPOCH=1700000000 LC_ALL=C
NEW=$1; REF=${2:-/tmp/br-ref}; OUT=${3:-/tmp/outcheck}
rm -rf "$OUT"; mkdir -p "$OUT/new" "$OUT/ref"
run() { # bin dir
	b=$1; d=$2
	for f in corpus/* ../shared/seeds/* ../shared/realworld/docs/*; do
		[ -f "$f" ] || continue
		n=$(echo "$f" | tr '/' '_')
		for fmt in jsonl text markdown csv bonnie-csv; do
			timeout 20 "$b" -q -f $fmt "$f" >"$d/$n.$fmt" 2>&1
		done
	done
	timeout 120 "$b" -q -f text corpus/* >"$d/SET-corpus.text" 2>&1
	timeout 120 "$b" -q -f jsonl corpus/* >"$d/SET-corpus.jsonl" 2>&1
	timeout 120 "$b" -q -f text ../shared/realworld/docs/* >"$d/SET-real.text" 2>&1
}
run "$NEW" "$OUT/new"; run "$REF" "$OUT/ref"
tot=$(ls "$OUT/new" | wc -l)
diff -rq "$OUT/ref" "$OUT/new" | sed 's/^Files .*\/ref\/\([^ ]*\) and .*/\1/' >"$OUT/DIFF"
echo "outcheck: $tot outputs, $(wc -l <"$OUT/DIFF") differ (list: $OUT/DIFF)"
