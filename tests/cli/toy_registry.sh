# A new input format and a new output are one file and registry lines each:
# a copy of the tree gets tests/toy/toy_format.c as parsers/toy.c with
# BR_PARSER(toy) in parsers.def and its tool BR_TOOL(TOY, ...) in
# core/tools.def, and tests/toy/toy_renderer.c as render/toy.c with
# BR_RENDERER(toy) in renderers.def, and nothing else; built (-O2 without
# debug information, to be quick), it reads a toy document into JSON Lines
# (labelled as its vocabulary says), renders --format toy and lists the
# output in --help.
. tests/cli/lib.sh

S=$PWD
W="$T/tree"
mkdir -p "$W"
tar -C "$S" -cf - GNUmakefile VERSION tests/check.mk core model parsers render runner archive cli | tar -C "$W" -xf -
cp tests/toy/toy_format.c "$W/parsers/toy.c"
cp tests/toy/toy_renderer.c "$W/render/toy.c"
echo 'BR_PARSER(toy)' >>"$W/parsers/parsers.def"
echo 'BR_RENDERER(toy)' >>"$W/render/renderers.def"
sed -i 's/^BR_TOOL(RAWIO, .*/&\nBR_TOOL(TOY,      "toy",      RAWIO,  512)/' "$W/core/tools.def"

# exactly that: two new files, three lines added
diff -r "$S/core" "$W/core" >"$T/d.core"
diff -r "$S/parsers" "$W/parsers" >"$T/d.parsers"
diff -r "$S/render" "$W/render" >"$T/d.render"
for d in model runner archive cli; do diff -r "$S/$d" "$W/$d" >/dev/null || fail "$d changed"; done
[ "$(grep -c '^>' "$T/d.core")" -eq 1 ] && grep -q '^> BR_TOOL(TOY' "$T/d.core" || { cat "$T/d.core"; fail "core/: not one tools.def line"; }
[ "$(grep -c '^[<>]' "$T/d.parsers")" -eq 1 ] && grep -q '^> BR_PARSER(toy)' "$T/d.parsers" &&
	[ "$(grep -c '^Only in' "$T/d.parsers")" -eq 1 ] || { cat "$T/d.parsers"; fail "parsers/: not one file and one line"; }
[ "$(grep -c '^[<>]' "$T/d.render")" -eq 1 ] && grep -q '^> BR_RENDERER(toy)' "$T/d.render" &&
	[ "$(grep -c '^Only in' "$T/d.render")" -eq 1 ] || { cat "$T/d.render"; fail "render/: not one file and one line"; }

make -C "$W" -s -j2 O=build CFLAGS='-O2' build/benchreport >"$T/build.log" 2>&1 || { tail -30 "$T/build.log"; fail "the toy build failed"; }
TOY="$W/build/benchreport"

# "toybench -r /dev/sdb:" starts with the toy tool's command (its
# vocabulary) and options: a command line, not the figures' title (an
# unknown word with options is one: "frobnicate -r /dev/sdb"; a sentence
# naming the tool, "toybench on the new disk:", is a title too)
printf 'Our new box:\n\ntoybench -r /dev/sdb:\ntoybench read 123.5 write 67\n' >"$T/toy.txt"
expect_status 0 "$TOY" --format jsonl "$T/toy.txt"
expect_out '"tool":"toy"'
expect_out '"format":"toy"'
expect_out '"seq_read":{"value":123.5'
expect_out '"label":"Our new box"'
expect_status 0 "$TOY" --format toy "$T/toy.txt"
expect_out '^toy: toy 2$'
expect_status 0 "$TOY" -o "$T/out.toy" "$T/toy.txt"
grep -q '^toy: toy 2$' "$T/out.toy" || fail "-o x.toy does not pick the toy renderer"
expect_status 0 "$TOY" --help
grep -- '--format FMT' "$T/out" | grep -q toy || fail "--help does not list the toy output"
# the other formats still read as before
expect_status 0 "$TOY" --format jsonl corpus/hdparm-*.txt
cp "$T/out" "$T/toy.jsonl"
expect_status 0 $BR --format jsonl corpus/hdparm-*.txt
cmp -s "$T/out" "$T/toy.jsonl" || fail "the toy build reads hdparm differently"
