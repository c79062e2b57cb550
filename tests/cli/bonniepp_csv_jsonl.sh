# `benchreport --format jsonl` on bonnie++ CSV (a real 2.00a run, 1.96 lines,
# the 1.03 lines of an IDE post) gives records whose figures equal the CSV's
# in SCHEMA.md's units. The expected figures are worked out here with awk from
# the CSV fields, independently of the parser.
. tests/cli/lib.sh

# check DOC LINE-REGEX IO CREATE LAT: IO, CREATE, LAT are the (1-based) fields
# where the six I/O pairs, the six file-test pairs and the twelve latencies
# start (LAT 0: none).
check() {
	doc=$1 sel=$2 io=$3 cr=$4 lat=$5
	# the CSV lines alone: where a document also has the text report of a
	# run, the merged record may keep the text's "473k" as raw
	grep -E "$sel" "$doc" >"$T/csv-only.txt"
	expect_status 0 $BR --format jsonl -q "$T/csv-only.txt"
	cp "$T/out" "$T/j"
	n=$(grep -cE "$sel" "$doc")
	[ "$(wc -l <"$T/j")" -eq "$n" ] || fail "$doc: $(wc -l <"$T/j") records for $n CSV lines"
	k=0
	grep -E "$sel" "$doc" | while IFS= read -r line; do
		k=$((k + 1))
		sed -n "${k}p" "$T/j" >"$T/rec"
		printf '%s\n' "$line" | awk -F, -v io="$io" -v cr="$cr" -v lat="$lat" '
		function fig(name, v, c, unit,   s) {
			if (v == "") return
			if (v ~ /^[+]+$/) {
				printf "\"%s\":{\"value\":null,\"unit\":\"%s\",\"raw\":\"%s\",\"too_fast\":true}\n", name, unit, v
				return
			}
			s = sprintf("\"%s\":{\"value\":%s,\"unit\":\"%s\"", name, v + 0, unit)
			if (c != "" && c !~ /^[+]/) s = s sprintf(",\"cpu\":%s", c + 0)
			printf "%s,\"raw\":\"%s\"}\n", s, v
		}
		function latency(name, v,   n, u) {
			if (v == "") return
			n = v; sub(/[a-z]+$/, "", n); u = substr(v, length(n) + 1)
			n = n * (u == "us" ? 1 : u == "ms" ? 1000 : 1000000)
			printf "\"%s_latency\":{\"value\":%d,\"unit\":\"us\",\"raw\":\"%s\"}\n", name, n, v
		}
		{
			# the 1.92a-1.96 -s 0 bug: one empty I/O field too few
			if (lat && $(io - 2) == "" && $(io + 11) != "" && $(io + 12) == "") {
				for (i = NF + 1; i > io - 2; i--) $i = $(i - 1)
				$(io - 2) = ""
			}
			split("putc put_block rewrite getc get_block seeks", a, " ")
			split("seq_create seq_stat seq_del ran_create ran_stat ran_del", b, " ")
			for (i = 1; i <= 6; i++) {
				unit = i == 6 ? "/s" : "KiB/s"
				fig(a[i], $(io + 2 * (i - 1)), $(io + 2 * i - 1), unit)
				fig(b[i], $(cr + 2 * (i - 1)), $(cr + 2 * i - 1), "/s")
			}
			if (lat) {
				for (i = 1; i <= 6; i++) latency(a[i], $(lat + i - 1))
				for (i = 1; i <= 6; i++) latency(b[i], $(lat + 5 + i))
			}
		}' >"$T/want"
		want=$(wc -l <"$T/want")
		[ "$want" -gt 0 ] || fail "no figures worked out for: $line"
		while IFS= read -r snippet; do
			grep -qF -- "$snippet" "$T/rec" || { cat "$T/rec"; fail "record $k of $doc lacks $snippet"; }
		done <"$T/want"
		have=$(grep -o '"unit":' "$T/rec" | wc -l)
		[ "$have" -eq "$want" ] || fail "record $k of $doc has $have figures, the CSV $want"
	done || exit 1
}

check corpus/bonniepp-2.00a-real.txt '^1\.98,2\.00a,' 10 27 39
check corpus/bonniepp-csv-196.txt '^1\.96,1\.96,' 8 25 37
check corpus/bonniepp-csv-103-ide.txt '^test[0-9]\.dmotorworks\.com,' 3 16 0

# hosts, versions, params
expect_status 0 $BR --format jsonl -q corpus/bonniepp-csv-103-ide.txt
[ "$(grep -c '"version":null,"host":"test[123]\.dmotorworks\.com"' "$T/out")" -eq 6 ] ||
	fail "1.03 records: version null and the full host expected"
expect_out '"params":{"size":"3000M","size_bytes":3145728000,"files":16384}'
expect_status 0 $BR --format jsonl -q corpus/bonniepp-2.00a-real.txt
expect_out '"version":"2.00a","host":"vm"'
expect_out '"size":"1G","size_bytes":1073741824,"files":4096,"concurrency":1,"seeks_count":8192,"seek_procs":5'
expect_status 0 $BR --format jsonl -q corpus/bonniepp-csv-196.txt
expect_out '"host":"spool",.*"files":16384'
exit 0
