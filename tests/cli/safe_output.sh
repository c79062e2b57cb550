# -o and standard output: what may be written, with which mode, and what a
# failed write says (issue 17, items 2, 3, 7 and 9).
. tests/cli/lib.sh

IN=corpus/seed-ide-raid1.txt
# a bounded wait: a target opened for writing by mistake (a FIFO) blocks
TO="timeout 20"

# --- planted links and special files are refused (exit 3), nothing opened
mkfifo "$T/fifo" || fail "mkfifo"
ln -s fifo "$T/to-fifo.jsonl"
expect_status 3 $TO $BR -f jsonl -o "$T/to-fifo.jsonl" $IN
expect_err "refusing to write '$T/to-fifo.jsonl': it is a symbolic link to something that is not a regular file"
[ -L "$T/to-fifo.jsonl" ] || fail "the link was replaced"
expect_status 3 $TO $BR -f jsonl -o "$T/fifo" $IN
expect_err "it is a FIFO"
ln -s /dev/null "$T/to-null.txt"
expect_status 3 $BR -o "$T/to-null.txt" $IN
expect_err "symbolic link to something that is not a regular file"
expect_status 3 $BR -f jsonl -o /dev/null $IN
expect_err "refusing to write '/dev/null': it is a device"
ln -s nowhere "$T/dangling.txt"
expect_status 3 $BR -o "$T/dangling.txt" $IN
[ -e "$T/nowhere" ] && fail "a dangling link was followed"
# refused before any work: the charts directory is not made either
expect_status 3 $TO $BR -f jsonl -o "$T/fifo" --charts "$T/charts" $IN
[ -e "$T/charts" ] && fail "a refused run wrote charts"
# benchreport run -o: refused before measuring anything
mkdir "$T/rundir"
expect_status 3 $TO $BR run --dir "$T/rundir" --quick --tests hdparm -o "$T/to-fifo.jsonl"
expect_err "refusing to write"
[ -z "$(ls -A "$T/rundir")" ] || fail "a refused run -o measured first"
# --force writes to it (a reader on the FIFO)
timeout 20 cat "$T/fifo" >"$T/from-fifo" &
reader=$!
expect_status 0 $TO $BR --force -f jsonl -o "$T/to-fifo.jsonl" $IN
wait $reader
grep -q '"tool":"bonnie++"' "$T/from-fifo" || fail "--force did not write through the FIFO"
# a link to a regular file replaces that file; the link stays a link
echo old >"$T/real.jsonl"
ln -s real.jsonl "$T/link.jsonl"
expect_status 0 $BR -o "$T/link.jsonl" $IN
[ -L "$T/link.jsonl" ] || fail "the link became a file"
grep -q '"tool":"bonnie++"' "$T/real.jsonl" || fail "the linked file was not written"
# standard output by name
expect_status 0 $BR -f jsonl -o - $IN
expect_out '"tool":"bonnie++"'
[ -e ./- ] && fail "-o - made a file named '-'"
expect_status 0 $BR -f jsonl -o /dev/stdout $IN
expect_out '"tool":"bonnie++"'

# --- modes: an existing file keeps its mode; a new one honours the umask
echo private >"$T/private.txt"
chmod 600 "$T/private.txt"
expect_status 0 $BR -o "$T/private.txt" $IN
[ "$(stat -c %a "$T/private.txt")" = 600 ] || fail "a 600 report became $(stat -c %a "$T/private.txt")"
expect_status 0 sh -c "umask 077 && $BR -o '$T/new077.txt' $IN"
[ "$(stat -c %a "$T/new077.txt")" = 600 ] || fail "umask 077 gave $(stat -c %a "$T/new077.txt")"
expect_status 0 sh -c "umask 027 && $BR -o '$T/new027.txt' $IN"
[ "$(stat -c %a "$T/new027.txt")" = 640 ] || fail "umask 027 gave $(stat -c %a "$T/new027.txt")"
mkdir "$T/charts2"
expect_status 0 sh -c "umask 077 && $BR --charts '$T/charts2' $IN"
for f in "$T"/charts2/*; do
	[ "$(stat -c %a "$f")" = 600 ] || fail "chart $f has mode $(stat -c %a "$f") under umask 077"
done

# --- a leftover of a run killed by SIGKILL (not locked by anybody) goes
printf 'half' >"$T/r.jsonl.benchreport-tmp.AbC123"
expect_status 0 $BR -o "$T/r.jsonl" $IN
[ -e "$T/r.jsonl.benchreport-tmp.AbC123" ] && fail "the leftover temporary file was not removed"
ls "$T" | grep -q 'benchreport-tmp' && fail "a temporary file is left: $(ls "$T")"

# --- a closed pipe: exit 3, quietly; no death by SIGPIPE (141)
awk 'BEGIN { for (i = 0; i < 3000; i++) printf "/dev/sd%d:\n Timing cached reads:   %d MB in  2.00 seconds = %d.01 MB/sec\n\n", i, 7000 + i, 3000 + i }' >"$T/many.txt"
{ $BR -q -f jsonl "$T/many.txt" 2>"$T/pipe.err"; echo $? >"$T/pipe.st"; } | head -1 >/dev/null
[ "$(cat "$T/pipe.st")" = 3 ] || fail "| head -1: exit status $(cat "$T/pipe.st"), expected 3"
[ -s "$T/pipe.err" ] && { cat "$T/pipe.err"; fail "a closed pipe printed a message"; }
{ $BR archive export /nonexistent.db 2>/dev/null; } | head -1 >/dev/null

# --- a file-size limit (ulimit -f): exit 3 and one line, no SIGXFSZ (153),
# no partial file, no temporary file
expect_status 3 sh -c "ulimit -f 64 && exec $BR -q -f jsonl -o '$T/limited.jsonl' '$T/many.txt'"
[ "$(wc -l <"$T/err")" -eq 1 ] || { cat "$T/err"; fail "ulimit -f: not one line on stderr"; }
expect_err "cannot write '$T/limited.jsonl': File too large"
[ -e "$T/limited.jsonl" ] && fail "ulimit -f left a partial output"
ls "$T" | grep -q 'benchreport-tmp' && fail "ulimit -f left a temporary file"
expect_status 3 sh -c "ulimit -f 64 && exec $BR -q -f jsonl '$T/many.txt' >'$T/limited2.jsonl'"
expect_err "cannot write to standard output: File too large"

# --- HTML: one line on a failed write, no libxml2 line
expect_status 3 sh -c "$BR -q -f html '$T/many.txt' >/dev/full"
[ "$(wc -l <"$T/err")" -eq 1 ] || { cat "$T/err"; fail "HTML write error: not one line on stderr"; }
expect_err "cannot write to standard output: No space left on device"
exit 0
