# benchreport run: SIGINT, SIGTERM or SIGHUP in the middle of a run leaves no
# scratch file or directory behind, and the process dies of that signal.
# Many short runs (--runs) keep it busy; the signal is sent as soon as a
# scratch name exists, wherever the run is then — any moment must be safe.
. tests/cli/lib.sh

D="$T/target"
mkdir "$D" || fail "mkdir"
# A background job of a non-interactive shell starts with SIGINT ignored
# (and the runner, like any program, keeps an ignored signal ignored):
# GNU env (coreutils 8.31+) gives it back its default action, and SIGTERM
# and SIGHUP theirs (a caller run under nohup leaves SIGHUP ignored).
if env --default-signal=INT true 2>/dev/null; then
	DFL="env --default-signal=INT,TERM,HUP"
else
	DFL=
	echo "note: env --default-signal not available: the SIGINT cases are skipped"
fi

# wait until an entry matching $1 exists in $D (up to ~20 s); 0 if it did
wait_for() {
	i=0
	while [ $i -lt 400 ]; do
		for f in "$D"/$1; do [ -e "$f" ] && return 0; done
		kill -0 "$pid" 2>/dev/null || return 1
		sleep 0.05
		i=$((i + 1))
	done
	return 1
}

# $1 signal, $2 pattern to wait for, $3... extra options
interrupt() {
	sig=$1 pat=$2
	shift 2
	[ "$sig" = INT ] && [ -z "$DFL" ] && return 0
	$DFL $BR run --dir "$D" --quick --runs 100 -q --raw "$@" >"$T/out" 2>"$T/err" &
	pid=$!
	wait_for "$pat" || { kill -KILL $pid 2>/dev/null; cat "$T/err"; fail "no scratch entry '$pat' appeared"; }
	kill -"$sig" $pid
	# A signal is handled when the system call under way returns: an fsync
	# or a direct read of the scratch file can take seconds on a busy disk
	# (and under valgrind), so allow up to 60 s — a stuck run still fails.
	i=0
	while kill -0 $pid 2>/dev/null && [ $i -lt 1200 ]; do sleep 0.05; i=$((i + 1)); done
	kill -0 $pid 2>/dev/null && { kill -KILL $pid; fail "SIG$sig did not stop the run"; }
	wait $pid
	st=$?
	case $sig in INT) want=130 ;; TERM) want=143 ;; HUP) want=129 ;; esac
	[ "$st" -eq "$want" ] || { cat "$T/err"; fail "SIG$sig: exit status $st, expected $want (death by the signal)"; }
	left=$(ls -A "$D")
	[ -z "$left" ] || { ls -la "$D"; fail "SIG$sig left scratch entries behind: $left"; }
}

interrupt INT 'br-bonnie.*' --tests bonnie --files 0
interrupt TERM 'br-rawio.*' --tests rawio
interrupt HUP 'br-hdparm.*' --tests hdparm
# the file-creation tests: a directory full of files
interrupt INT 'br-files.*' --tests bonnie --size 4M --files 2
exit 0
