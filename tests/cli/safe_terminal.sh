# Input text never reaches a terminal or a text file with its terminal
# controls (ESC, BEL, CSI U+009B) or bidi overrides (U+202E) raw: text,
# Markdown, CSV, JSON Lines (escaped), --explain, messages, archive list,
# show and export (issue 17, item 8).
. tests/cli/lib.sh

ESC=$(printf '\033') BEL=$(printf '\007') RLO=$(printf '\342\200\256') CSI=$(printf '\302\233')
# fail if $1 holds any of them raw
clean() {
	for b in "$ESC" "$BEL" "$RLO" "$CSI"; do
		if grep -q "$b" "$1"; then
			od -c "$1" | head -20
			fail "$2: a control or bidi override came through raw"
		fi
	done
}

L='1G,21012,88,40233,17,17320,9,22310,90,51200,11,210.7,1,16:100000:16/64,902,41,14522,66,3012,19,877,40,1220,8,1490,12'
printf 'box%s]0;OWNED%s,%s\n' "$ESC" "$BEL" "$L" >"$T/esc.csv"
printf 'ev%sil%sx,%s\n' "$RLO" "$CSI" "$L" >"$T/bidi.csv"
EVIL="$T/evil${ESC}]0;name${BEL}${RLO}.txt"
cp "$T/bidi.csv" "$EVIL"

for f in text markdown csv bonnie-csv jsonl; do
	expect_status 0 $BR -f $f "$T/esc.csv" "$T/bidi.csv" "$EVIL"
	clean "$T/out" "-f $f"
	clean "$T/err" "-f $f (stderr)"
done
expect_status 0 $BR -f jsonl "$T/bidi.csv"
expect_out 'ev\\u202eil\\u009bx' # JSON: the same string, escaped
expect_status 0 $BR -o "$T/r.txt" "$T/bidi.csv"
clean "$T/r.txt" "-o r.txt"
expect_status 0 $BR --explain -f jsonl "$T/esc.csv" "$EVIL"
clean "$T/err" "--explain"
grep -q 'evil' "$T/err" || fail "--explain did not name the file"
# messages that quote a name
expect_status 1 $BR "$T/missing${ESC}[2J${RLO}.txt"
clean "$T/err" "an error message"
expect_status 2 $BR --sort "x${ESC}[2J" "$T/esc.csv"
clean "$T/err" "a usage error"

DB="$T/a.db"
expect_status 0 $BR archive add "$DB" "$T/esc.csv" "$T/bidi.csv" "$EVIL"
clean "$T/out" "archive add"
clean "$T/err" "archive add (stderr)"
for cmd in "list $DB" "list $DB --format jsonl" "export $DB" "show $DB 1" "show $DB 2" \
	"show $DB 2 --format jsonl"; do
	expect_status 0 $BR archive $cmd
	clean "$T/out" "archive $cmd"
done
exit 0
