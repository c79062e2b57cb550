# Round trip through JSON Lines (issue 4 §4): `--format jsonl` read back
# gives the same JSON Lines, the same text table and the same HTML report
# as the original documents (the report's summary, which names the inputs
# and the command line, and its warnings list, which only the originals
# have, left out of the comparison).
. tests/cli/lib.sh

# the documents: every corpus file, plus records of every tool written here
# (tools whose parser may not exist yet still go through the reader)
cat >"$T/tools.jsonl" <<'EOF'
{"schema":1,"tool":"bonnie","version":null,"host":"sprocket","label":"IDE / UDMA66","source":{"file":"orig/bonnie.txt","line":12,"end_line":14,"format":"bonnie","excerpt":"              -------Sequential Output-------- ---Sequential Input-- --Random--\n              -Per Char- --Block--- -Rewrite-- -Per Char- --Block--- --Seeks---\nsprocket  100  4102 97.1 12001 20.5  4711 12.0  3989 94.2 13544 13.1 141.2  3.1"},"params":{"size":"100","size_bytes":104857600},"metrics":{"putc":{"value":4102,"unit":"KiB/s","cpu":97.1,"raw":"4102"},"put_block":{"value":12001,"unit":"KiB/s","cpu":20.5,"raw":"12001"},"rewrite":{"value":4711,"unit":"KiB/s","cpu":12,"raw":"4711"},"getc":{"value":3989,"unit":"KiB/s","cpu":94.2,"raw":"3989"},"get_block":{"value":13544,"unit":"KiB/s","cpu":13.1,"raw":"13544","marked":true},"seeks":{"value":141.2,"unit":"/s","cpu":3.1,"raw":"141.2"}}}
{"schema":1,"tool":"hdparm","version":"v9.65","host":"/dev/sda","label":"Spinning disk","source":{"file":"orig/hdparm.txt","line":3,"end_line":5,"format":"hdparm","excerpt":"/dev/sda:\n Timing cached reads:   20080 MB in  1.99 seconds = 10105.12 MB/sec\n Timing buffered disk reads: 494 MB in  3.01 seconds = 164.15 MB/sec"},"params":{"mb":494,"seconds":3.01},"metrics":{"cached_read":{"value":10347642.88,"unit":"KiB/s","raw":"10105.12"},"buffered_read":{"value":168089.6,"unit":"KiB/s","raw":"164.15"}},"also":[{"file":"orig/hdparm-reply.txt","line":30,"end_line":32,"format":"hdparm","excerpt":"> /dev/sda:"}]}
{"schema":1,"tool":"rawio","version":null,"host":"md0","label":null,"source":{"file":"orig/rawio.txt","line":7,"end_line":7,"format":"rawio"},"params":{},"metrics":{"random_read":{"value":3012.6953125,"unit":"KiB/s","raw":"3085"},"random_read_ops":{"value":753.2,"unit":"/s","raw":"753.2"},"seq_write":{"value":null,"unit":"KiB/s","raw":"-"}}}
{"schema":1,"tool":"bonnie++","version":"1.96","host":"corei7","label":"\"quoted\" <b>label</b> & more","source":{"file":"orig/196.csv","line":2,"end_line":2,"format":"bonnie++-csv"},"params":{"size":"32080M","size_bytes":33638318080,"files":16384,"concurrency":1},"metrics":{"putc":{"value":1148,"unit":"KiB/s","cpu":98,"raw":"1148"},"seq_stat":{"value":null,"unit":"/s","raw":"+++++","too_fast":true},"putc_latency":{"value":15865,"unit":"us","raw":"15865us"},"put_block_latency":{"value":554000,"unit":"us","raw":"554ms"}}}
EOF

docs="$T/tools.jsonl"
for f in corpus/*.txt; do [ -f "$f" ] && docs="$docs $f"; done

# --- JSON Lines: identical when read back, and read back again
expect_status 0 $BR --format jsonl $docs
cp "$T/out" "$T/a.jsonl"
[ "$(wc -l <"$T/a.jsonl")" -ge 4 ] || fail "too few records: $(wc -l <"$T/a.jsonl")"
expect_status 0 $BR --format jsonl "$T/a.jsonl"
cmp -s "$T/a.jsonl" "$T/out" || { diff "$T/a.jsonl" "$T/out" | head -20; fail "JSON Lines read back differ"; }
[ -s "$T/err" ] && { cat "$T/err"; fail "warnings when reading benchreport's own JSON Lines"; }
cp "$T/out" "$T/b.jsonl"
expect_status 0 $BR --format jsonl "$T/b.jsonl"
cmp -s "$T/a.jsonl" "$T/out" || fail "second round trip differs"
# records name their original documents, not the .jsonl they were read from
grep -q '"file":"orig/hdparm.txt","line":3,"end_line":5' "$T/out" || fail "original source lost"
if grep -q "\"file\":\"$T/a.jsonl\"" "$T/out"; then fail "a record names the .jsonl as its source"; fi

# --- the text table and the other table formats
for fmt in text markdown csv; do
	expect_status 0 $BR --format $fmt $docs
	cp "$T/out" "$T/orig.$fmt"
	expect_status 0 $BR --format $fmt "$T/a.jsonl"
	cmp -s "$T/orig.$fmt" "$T/out" || { diff "$T/orig.$fmt" "$T/out" | head -20; fail "--format $fmt differs after the round trip"; }
done

# --- the HTML report, once the renderer exists
strip_summary() {
	# the header (counts of inputs and warnings), the summary (inputs,
	# command line) and the warnings section: what only the originals have
	perl -0pe 's{<header class="top">.*?</header>}{}s; s{<section id="summary">.*?</section>}{}s; s{<section id="warnings">.*?</section>}{}s' "$1"
}
if $BR --format html "$T/a.jsonl" >"$T/probe.html" 2>"$T/probe.err"; then
	expect_status 0 $BR $docs -o "$T/orig.html"
	expect_status 0 $BR "$T/a.jsonl" -o "$T/back.html"
	grep -q '<section id="summary">' "$T/orig.html" || fail "the report has no summary section to leave out (update this test)"
	strip_summary "$T/orig.html" >"$T/orig.cmp"
	strip_summary "$T/back.html" >"$T/back.cmp"
	[ "$(wc -c <"$T/orig.cmp")" -gt 2000 ] || fail "almost nothing left to compare"
	cmp -s "$T/orig.cmp" "$T/back.cmp" || { diff "$T/orig.cmp" "$T/back.cmp" | head -c 3000; fail "HTML report differs after the round trip"; }
	# the excerpts of the original documents are in both
	grep -q 'Timing buffered disk reads: 494 MB' "$T/back.html" || fail "excerpt lost in the report"
else
	grep -q "unknown format 'html'" "$T/probe.err" || { cat "$T/probe.err"; fail "html renderer failed"; }
	echo "html renderer not built yet: HTML round trip skipped"
fi
exit 0
