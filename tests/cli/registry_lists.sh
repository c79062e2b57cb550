# --help and the man page list what the registries hold: every output
# format (render/renderers.def) and every file extension a renderer claims;
# a format added to the registry and not to the man page fails. Every
# parsers.def entry has its parser file.
. tests/cli/lib.sh

expect_status 0 $BR --help
cp "$T/out" "$T/help"
man=docs/benchreport.1
for r in $(sed -n 's/^BR_RENDERER(\(.*\))$/\1/p' render/renderers.def | tr _ -); do
	grep -- '--format FMT' "$T/help" | grep -q -- "$r" || fail "--help does not list the format $r"
	grep -A1 '^\.BR \\-f ", " \\-\\-format' "$man" | tail -1 | sed 's/\\-/-/g' | grep -q -- "$r" ||
		fail "the man page's --format does not list $r"
done
for e in $(sed -n 's/^[[:space:]]*\.extensions = "\(.*\)",$/\1/p' render/*.c); do
	grep -q -- "$e[/ )]" "$T/help" || fail "--help does not list the extension $e"
	grep -A2 'the format follows its extension' "$man" | grep -q -- "$e\([ ).]\|$\)" ||
		fail "the man page does not list the extension $e"
done
# the parsers a document is offered to are the registry's, by name
for p in $(sed -n 's/^BR_PARSER(\(.*\))$/\1/p' parsers/parsers.def); do
	grep -q "^const struct br_parser br_parser_$p = {" parsers/*.c || fail "no parser file defines $p"
done
