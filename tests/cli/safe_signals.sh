# Signals beyond INT/TERM/HUP leave nothing behind (issue 17, items 6, 9):
# the runner's scratch files on SIGQUIT, SIGUSR1, SIGALRM; SIGPIPE does not
# kill a run; -o's temporary file on SIGTERM and SIGQUIT; what SIGKILL left
# is removed by the next run; `run --dir link/` is refused like the link.
. tests/cli/lib.sh

D="$T/target"
mkdir "$D" || fail "mkdir"
# A background job of a non-interactive shell starts with SIGINT and
# SIGQUIT ignored (kept ignored, like nohup's SIGHUP): GNU env gives SIGQUIT
# back its default action, and the other signals sent here theirs (the
# caller may have left any of them ignored).
if env --default-signal=QUIT true 2>/dev/null; then
	DFL="env --default-signal=QUIT,TERM,USR1,ALRM"
else
	DFL=
	echo "note: env --default-signal not available: the SIGQUIT cases are skipped"
fi

# wait until an entry matching $2 exists in directory $1 (up to ~20 s)
wait_for() {
	i=0
	while [ $i -lt 2000 ]; do
		for f in "$1"/$2; do [ -e "$f" ] && return 0; done
		kill -0 "$pid" 2>/dev/null || return 1
		sleep 0.01
		i=$((i + 1))
	done
	return 1
}
# wait (up to 60 s) for $pid to end; its status in $st
reap() {
	i=0
	while kill -0 $pid 2>/dev/null && [ $i -lt 1200 ]; do sleep 0.05; i=$((i + 1)); done
	kill -0 $pid 2>/dev/null && { kill -KILL $pid; fail "$1 did not stop it"; }
	wait $pid
	st=$?
}

# $1 signal, $2 its number, $3 scratch pattern, $4... run options
interrupt() {
	sig=$1 num=$2 pat=$3
	shift 3
	[ "$sig" = QUIT ] && [ -z "$DFL" ] && return 0
	$DFL $BR run --dir "$D" --quick --runs 100 -q --raw "$@" >"$T/out" 2>"$T/err" &
	pid=$!
	wait_for "$D" "$pat" || { kill -KILL $pid 2>/dev/null; cat "$T/err"; fail "no scratch entry '$pat' appeared"; }
	kill -"$sig" $pid
	reap "SIG$sig"
	[ "$st" -eq $((128 + num)) ] || { cat "$T/err"; fail "SIG$sig: exit status $st, expected $((128 + num))"; }
	left=$(ls -A "$D")
	[ -z "$left" ] || { ls -la "$D"; fail "SIG$sig left scratch entries behind: $left"; }
}

interrupt QUIT 3 'br-hdparm.*' --tests hdparm
interrupt USR1 10 'br-rawio.*' --tests rawio
interrupt ALRM 14 'br-files.*' --tests bonnie --size 4M --files 2

# SIGPIPE is not a reason to die (nor to leave files): the run goes on
$DFL $BR run --dir "$D" --quick --runs 100 -q --raw --tests hdparm >"$T/out" 2>"$T/err" &
pid=$!
wait_for "$D" 'br-hdparm.*' || { kill -KILL $pid 2>/dev/null; fail "no scratch file appeared"; }
kill -PIPE $pid
sleep 0.5
kill -0 $pid 2>/dev/null || { wait $pid; fail "SIGPIPE killed the run (status $?)"; }
kill -TERM $pid
reap SIGTERM
[ "$st" -eq 143 ] || fail "SIGTERM after SIGPIPE: exit status $st"
[ -z "$(ls -A "$D")" ] || fail "scratch entries left after SIGPIPE + SIGTERM"

# what a SIGKILL left (unlocked, named as scratch files are) goes at the next run
: >"$D/br-hdparm.Xy12Za"
mkdir "$D/br-files.Qw34Er" && : >"$D/br-files.Qw34Er/f000000007"
: >"$D/br-notes.txt" # not a scratch name: stays
expect_status 0 $BR run --dir "$D" --quick --tests hdparm -q --raw
[ "$(ls -A "$D")" = br-notes.txt ] || { ls -laR "$D"; fail "leftovers of a killed run stayed"; }
rm -f "$D/br-notes.txt"

# run --dir through a symbolic link, however it is spelt
ln -s target "$T/link"
for spelling in "$T/link" "$T/link/" "$T/link//" "$T/link/."; do
	expect_status 2 $BR run --dir "$spelling" --quick --tests hdparm
	expect_err "symbolic link"
done

# -o: the temporary file goes on SIGTERM and SIGQUIT, the old output stays
awk 'BEGIN { for (i = 0; i < 150000; i++) printf "{\"schema\":1,\"tool\":\"bonnie++\",\"version\":\"1.03\",\"host\":\"big%d\",\"label\":\"Try %d\",\"source\":{\"file\":\"big.csv\",\"line\":%d,\"end_line\":%d,\"format\":\"bonnie++-csv\"},\"metrics\":{\"put_block\":{\"value\":%d,\"unit\":\"KiB/s\",\"cpu\":%d,\"raw\":\"%d\"},\"getc\":{\"value\":%d,\"unit\":\"KiB/s\",\"cpu\":%d,\"raw\":\"%d\"}}}\n", i % 40, i, i + 1, i + 1, 30000 + i, i % 97, 30000 + i, 500 + i, int(i / 97) % 89, 500 + i }' >"$T/big.jsonl"
O="$T/outdir"
mkdir "$O"
echo "the old report" >"$O/r.jsonl"
for sn in TERM:15 QUIT:3; do
	sig=${sn%:*} num=${sn#*:}
	[ "$sig" = QUIT ] && [ -z "$DFL" ] && continue
	tries=0
	while :; do
		$DFL $BR_BIN -q "$T/big.jsonl" -o "$O/r.jsonl" &
		pid=$!
		# frozen once its temporary file is seen, and signalled only if the
		# file is still there: on a loaded machine it could be renamed into
		# place between the look and the signal
		if wait_for "$O" 'r.jsonl.benchreport-tmp.*' && kill -STOP $pid 2>/dev/null &&
			[ -n "$(ls -A "$O" | grep '^r\.jsonl\.benchreport-tmp')" ]; then
			kill -"$sig" $pid
			kill -CONT $pid
			reap "SIG$sig"
			break
		fi
		kill -CONT $pid 2>/dev/null
		wait $pid
		# it finished before the temporary file was seen: try again
		echo "the old report" >"$O/r.jsonl"
		tries=$((tries + 1))
		[ $tries -lt 20 ] || fail "the output was always written before it could be interrupted"
	done
	[ "$st" -eq $((128 + num)) ] || fail "-o and SIG$sig: exit status $st"
	[ "$(ls -A "$O")" = r.jsonl ] || { ls -la "$O"; fail "SIG$sig left a temporary file beside the output"; }
	[ "$(cat "$O/r.jsonl")" = "the old report" ] || fail "SIG$sig: the old output was not kept whole"
done
exit 0
