# The bonnie++ text table / CSV line twin relation is settled in the
# reconcile step (the text parser's reconcile hook), not by the parsers'
# order: a copy of the tree with the bonnie++ text parser BEFORE the CSV
# parser in parsers.def reads the corpus documents where a text table and
# its CSV line sit together into the same JSON Lines and diagnostics
# (renamed hosts, 2.00a create rates nulled or kept as the CSV line says).
. tests/cli/lib.sh

S=$PWD
W="$T/tree"
mkdir -p "$W"
tar -C "$S" -cf - GNUmakefile VERSION tests/check.mk core model parsers render runner archive cli | tar -C "$W" -xf -
sed -i '/^BR_PARSER(bonniepp_csv)$/d; s/^BR_PARSER(bonniepp_text)$/&\nBR_PARSER(bonniepp_csv)/' "$W/parsers/parsers.def"
grep -A1 '^BR_PARSER(bonniepp_text)$' "$W/parsers/parsers.def" | grep -q '^BR_PARSER(bonniepp_csv)$' ||
	fail "parsers.def: text not put before CSV"
make -C "$W" -s -j2 O=build CFLAGS='-O2' build/benchreport >"$T/build.log" 2>&1 || { tail -30 "$T/build.log"; fail "the reordered build failed"; }
SWAP="$W/build/benchreport"

# the documents with a text table and a CSV line of the same run
n=0
for f in corpus/bonniepp-2.00a-real.txt corpus/bonniepp-text-*.txt corpus/hosts-that-start-alike.txt \
	corpus/mail-forum-bbcode.txt corpus/prefix-comments-and-bullets.txt corpus/seed-ide-raid1.txt \
	corpus/web-forum.html corpus/web-pre.html; do
	$BR --format jsonl "$f" >"$T/a.jsonl" 2>"$T/a.err"
	"$SWAP" --format jsonl "$f" >"$T/b.jsonl" 2>"$T/b.err"
	cmp -s "$T/a.jsonl" "$T/b.jsonl" || { diff "$T/a.jsonl" "$T/b.jsonl" | head -20; fail "$f: JSON Lines depend on the parsers' order"; }
	cmp -s "$T/a.err" "$T/b.err" || { diff "$T/a.err" "$T/b.err" | head -20; fail "$f: diagnostics depend on the parsers' order"; }
	grep -q '"format":"bonnie++-csv"' "$T/a.jsonl" && grep -q '"format":"bonnie++-text"' "$T/a.jsonl" && n=$((n + 1))
done
[ "$n" -ge 10 ] || fail "only $n documents hold both a text table and a CSV line"
# the twin relation's two outcomes are among them
"$SWAP" --format jsonl corpus/bonniepp-text-renamed-csv.txt 2>&1 >/dev/null | grep -q 'named as the CSV line names it' ||
	fail "renamed-csv: no rename note"
"$SWAP" --format jsonl corpus/bonniepp-text-2.00a-real-runs.txt 2>&1 >/dev/null | grep -q 'this run has no CSV line' ||
	fail "2.00a-real-runs: no note on the create rates"
