# bonnie++ 2.00a's own bon_csv2txt and bon_csv2html read the output of
# `benchreport --format bonnie-csv` unchanged (no "Can't process"/"Expected"
# complaints) and show the same figures as the documents it came from.
. tests/cli/lib.sh
need_tools bon_csv2txt bon_csv2html # Debian package bonnie++ (make deps)

# The cells of the HTML row whose name cell is $2, joined by '|'. Note that
# bon_csv2html drops the concurrency column when every row ran with 1, and
# adds chunk-size and max/min-size columns when any row has them.
html_row() {
	sed 's/<tr>/\n<tr>/g' "$1" | grep 'class="rowheader"' | grep -F ">$2<" | head -1 |
		sed 's/<\/td>/|/g; s/<[^>]*>//g'
}
expect_row() { # FILE NAME CELLS
	got=$(html_row "$1" "$2")
	[ "$got" = "$3" ] || fail "bon_csv2html row for $2: got '$got', expected '$3'"
}
expect_txt() { grep -qF -- "$2" "$1" || { cat "$1"; fail "bon_csv2txt output lacks '$2'"; }; }

for doc in corpus/bonniepp-csv-*.txt corpus/bonniepp-2.00a-real.txt; do
	case $doc in *-prose.txt) continue ;; esac
	stem=$(basename "$doc" .txt)
	expect_status 0 $BR --format bonnie-csv -q "$doc"
	mv "$T/out" "$T/$stem.csv"
	n=$(wc -l <"$T/$stem.csv")
	[ "$n" -gt 0 ] || fail "$doc: no CSV lines"
	awk -F, 'NF != 50 || $1 != "1.98" { exit 1 }' "$T/$stem.csv" ||
		fail "$doc: a line is not 50 fields of format 1.98"
	expect_status 0 $BR --format jsonl -q "$doc"
	[ "$(wc -l <"$T/out")" -eq "$n" ] || fail "$doc: $n CSV lines for $(wc -l <"$T/out") records"

	bon_csv2txt <"$T/$stem.csv" >"$T/$stem.txt" 2>"$T/err" || fail "bon_csv2txt failed on $doc"
	[ -s "$T/err" ] && { cat "$T/err"; fail "bon_csv2txt complained about $doc"; }
	bon_csv2html <"$T/$stem.csv" >"$T/$stem.html" 2>"$T/err" || fail "bon_csv2html failed on $doc"
	[ -s "$T/err" ] && { cat "$T/err"; fail "bon_csv2html complained about $doc"; }
	# every record is a row of the HTML table
	rows=$(sed 's/<tr>/\n<tr>/g' "$T/$stem.html" | grep -c 'class="rowheader"')
	[ "$rows" -eq "$n" ] || fail "$doc: bon_csv2html shows $rows rows for $n records"
done

# The real 2.00a run: the tools show exactly what they show for bonnie++'s
# own CSV line (which our output reproduces byte for byte).
tail -1 corpus/bonniepp-2.00a-real.txt >"$T/orig.csv"
cmp -s "$T/orig.csv" "$T/bonniepp-2.00a-real.csv" || fail "2.00a line not reproduced"
bon_csv2txt <"$T/orig.csv" >"$T/orig.txt" 2>/dev/null
bon_csv2html <"$T/orig.csv" >"$T/orig.html" 2>/dev/null
cmp -s "$T/orig.txt" "$T/bonniepp-2.00a-real.txt" || fail "bon_csv2txt differs on the real run"
cmp -s "$T/orig.html" "$T/bonniepp-2.00a-real.html" || fail "bon_csv2html differs on the real run"
expect_txt "$T/orig.txt" "vm       1G::8192:5  473k  99  257m  81  685m  71  608k  99"
expect_row "$T/orig.html" vm "vm|1G|473|99|257|81|685|71|608|99|0|+++|+++++|+++|4|+++++|+++|+++++|+++|+++++|+++|+++++|+++|+++++|+++|+++++|+++|"

# 1.96: per-char in K/sec, block rates (K+512)/1024 M/sec in the HTML; k/m/g
# units in the text; latencies as bonnie++ printed them.
f=$T/bonniepp-csv-196
expect_row "$f.html" corei7 "corei7|1|32080M|1148|98|124|11|73|9|5334|100|224|15|13116|160|16|23322|22|+++++|+++|24000|16|+++++|+++|+++++|+++|+++++|+++|"
expect_row "$f.html" servername01 "servername01|1|160G|||39|3|29|4|||77|4|207.2|34|50|170|2|42859|17|288|1|225|3|3525|9|345|1|"
expect_txt "$f.txt" "corei7       32080M 1148k  98  124m  11 72.5m   9 5334k 100  224m  15 13116 160"
expect_txt "$f.txt" "Latency             15865us     554ms     483ms    4473us     434ms    2480us"
expect_txt "$f.txt" "spool            16  9120  61 +++++ +++ 11230  55  9211  60 +++++ +++ 10020  58"
expect_txt "$f.txt" "Latency              9801us    2310ms      112s    7711us   88012us    1512ms"

# 1.03 lines: names kept whole, seeks with their decimal, +++++ kept.
f=$T/bonniepp-csv-103-ide
expect_row "$f.html" test1.dmotorworks.com "test1.dmotorworks.com||3000M|6618|27|9|6|4|1|20058|76|28|7|179.9|0|16|2339|91|+++++|+++|+++++|+++|2398|93|+++++|+++|5394|85|"
expect_row "$f.html" test3.dmotorworks.com "test3.dmotorworks.com||3000M|11217|47|11|9|6|3|22020|81|29|9|348.4|1|16|2429|95|+++++|+++|+++++|+++|2428|96|+++++|+++|5654|92|"
expect_txt "$f.txt" "test2.dmotorw 3000M 10.8m  47 11.8m  10 6538k   3 20.6m  78 29.3m   9 229.8   0"

# The RAID10 thread: the repaired figures (1486.7, 1347.3, 52311, 8526).
f=$T/bonniepp-csv-raid10-qp
expect_row "$f.html" goules-md-raid10-6 "goules-md-raid10-6||16G|72413|99|192|42|41|8|51613|72|51|5|1486.7|3|16|13437|61|+++++|+++|9736|42|12128|59|+++++|+++|8526|44|"
expect_row "$f.html" goules-md-raid10-4 "goules-md-raid10-4||16G|70206|99|159|35|29|5|33898|47|34|3|1347.3|2|16|17837|81|+++++|+++|14735|61|15211|66|+++++|+++|7810|31|"
expect_txt "$f.txt" "goules-md-raid1 16G 70.7m  99  192m  42 41.3m   8 50.4m  72 51.1m   5 1486.7   3"

# 1.0x variants: chunk size and file spec land where the tools expect them.
f=$T/bonniepp-csv-10x-variants
expect_txt "$f.txt" "h103e        64M:4k    0k +++    0k +++"
expect_txt "$f.txt" "fil 16:100000:16:64   902  41 14522  66"
expect_row "$f.html" ancient "ancient||300||2012|97|4|10|2|6|2001|95|4|7|95.2|2|16||||501|97|+++++|+++|+++++|+++|520|96|+++++|+++|1400|94|"

# damaged mail: the joined and repaired records
f=$T/bonniepp-csv-damaged
expect_row "$f.html" fs2.example.com "fs2.example.com||8G|41022|70|59|11|24|5|40012|66|88|9|342.8|6|16|318|2|+++++|+++|1012|4|344|2|+++++|+++|980|5|"
expect_txt "$f.txt" "Latency              9120us    2011ms    1301ms    8901us     190ms     170ms"
exit 0
