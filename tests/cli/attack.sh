# The attack, repeatable: kills, concurrent writers, read-only places, a
# shared archive, planted symlinks, signals and full disks against the
# built program. Each attack is tried and either survived (nothing lost,
# nothing overwritten, nobody locked out, the promised exit status) or
# not; the last line is "attacks: N tried / N survived" and the script
# fails unless every one survived. docs/limits.md lists what it covers.
. tests/cli/lib.sh

tried=0 survived=0
# attack NAME FUNCTION: run it, count it
attack() {
	tried=$((tried + 1))
	if ( "$2" ) >"$T/attack.log" 2>&1; then
		survived=$((survived + 1))
	else
		echo "attack FAILED: $1"
		sed 's/^/    /' "$T/attack.log" | tail -15
	fi
}
skip() { echo "attack skipped: $*"; }

# wait until a file matching $2 exists in directory $1 while $pid runs
wait_for() {
	i=0
	while [ $i -lt 400 ]; do
		for f in "$1"/$2; do [ -e "$f" ] && return 0; done
		kill -0 "$pid" 2>/dev/null || return 1
		sleep 0.02
		i=$((i + 1))
	done
	return 1
}
# wait (up to 60 s) for $pid to end; its status in $st
reap() {
	i=0
	while kill -0 $pid 2>/dev/null && [ $i -lt 3000 ]; do sleep 0.02; i=$((i + 1)); done
	kill -0 $pid 2>/dev/null && { kill -KILL $pid; echo "still running"; return 1; }
	wait $pid
	st=$?
}

# distinct bonnie++ records as JSON Lines: gen FILE N FIRST
gen() {
	awk -v n="$2" -v f="$3" 'BEGIN { for (i = f; i < f + n; i++) printf "{\"schema\":1,\"tool\":\"bonnie++\",\"version\":\"1.03\",\"host\":\"h%d\",\"label\":\"Try %d\",\"source\":{\"file\":\"g.csv\",\"line\":%d,\"end_line\":%d,\"format\":\"bonnie++-csv\"},\"metrics\":{\"put_block\":{\"value\":%d,\"unit\":\"KiB/s\",\"cpu\":%d,\"raw\":\"%d\"},\"getc\":{\"value\":%d,\"unit\":\"KiB/s\",\"cpu\":%d,\"raw\":\"%d\"}}}\n", i % 40, i, i + 1, i + 1, 30000 + i, i % 97, 30000 + i, 500 + i, int(i / 97) % 89, 500 + i }' >"$1"
}
count() { $BR_BIN archive list "$1" --format jsonl 2>/dev/null | wc -l; }

gen "$T/big.jsonl" 100000 0
gen "$T/mid.jsonl" 4000 200000
IN=corpus/seed-ide-raid1.txt
# GNU env restores default actions that a background job starts without
if env --default-signal true 2>/dev/null; then DFL="env --default-signal"; else DFL=; fi

# ------------------------------------------------------------------ kill
kill_add() {
	DB="$T/k.db"
	rm -f "$DB"*
	$BR_BIN archive add -q "$DB" "$IN" || return 1
	n0=$(count "$DB")
	for k in 1 2 3 4 5 6; do
		$BR_BIN archive add -q "$DB" "$T/mid.jsonl" &
		pid=$!
		sleep "0.0$k"
		kill -KILL $pid 2>/dev/null
		wait $pid
		$BR_BIN archive check "$DB" >/dev/null || { echo "damaged after kill $k"; return 1; }
		n=$(count "$DB")
		[ "$n" -eq "$n0" ] || [ "$n" -eq $((n0 + 4000)) ] || { echo "kill $k: $n records, not $n0 or $((n0 + 4000))"; return 1; }
		[ "$n" -eq "$n0" ] || break # it finished: the rest would only repeat
	done
}
attack "SIGKILL during archive add: the archive as before or as after" kill_add

kill_create() {
	D="$T/kc"
	mkdir -p "$D"
	for k in 1 2 3 4 5 6 7 8; do
		rm -f "$D/c.db"
		$BR_BIN archive add -q "$D/c.db" "$IN" &
		pid=$!
		sleep "0.00$k"
		kill -KILL $pid 2>/dev/null
		wait $pid
	done
	$BR_BIN archive add -q "$D/c.db" "$IN" || return 1
	left=$(ls -A "$D" | grep -v '^c\.db$' || true)
	[ -z "$left" ] || { echo "left behind: $left"; return 1; }
	$BR_BIN archive check "$D/c.db" >/dev/null
}
attack "SIGKILL while creating an archive: the next add removes what was left" kill_create

kill_output() {
	D="$T/ko"
	mkdir -p "$D"
	echo "the old report" >"$D/r.jsonl"
	for k in 1 2 3; do
		$BR_BIN -q "$T/big.jsonl" -o "$D/r.jsonl" &
		pid=$!
		wait_for "$D" 'r.jsonl.benchreport-tmp.*' || { wait $pid; echo "the output was done before the kill"; return 0; }
		kill -KILL $pid
		wait $pid
		[ "$(cat "$D/r.jsonl")" = "the old report" ] || { echo "the old report was damaged"; return 1; }
	done
	$BR_BIN -q "$IN" -o "$D/r.jsonl" || return 1
	[ "$(ls -A "$D")" = r.jsonl ] || { ls -A "$D"; return 1; }
}
attack "SIGKILL while writing -o: the old file whole, leftovers removed by the next run" kill_output

# ------------------------------------------------------------------ concurrency
concurrent_adds() {
	DB="$T/cc.db"
	rm -f "$DB"*
	for w in 1 2 3 4; do gen "$T/w$w.jsonl" 300 $((w * 10000)); done
	pids=
	for w in 1 2 3 4; do
		$BR_BIN archive add -q "$DB" "$T/w$w.jsonl" &
		pids="$pids $!"
	done
	# a reader all along
	for r in 1 2 3; do $BR_BIN -q -f jsonl "$DB" >/dev/null 2>&1; sleep 0.05; done
	bad=0
	for p in $pids; do wait $p || bad=1; done
	[ $bad -eq 0 ] || { echo "a concurrent add failed"; return 1; }
	[ "$(count "$DB")" -eq 1200 ] || { echo "$(count "$DB") records, not 1200"; return 1; }
	$BR_BIN archive check "$DB" >/dev/null || return 1
	# a reader that closed last leaves the writers' -wal and -shm (theirs);
	# the next writer alone puts the archive back to a rollback journal
	$BR_BIN archive add -q "$DB" "$T/w1.jsonl" || return 1
	[ "$(ls -A "$T" | grep -c '^cc\.db')" -eq 1 ] || { ls -A "$T"; return 1; }
}
attack "four writers creating and filling one archive at once, a reader beside them" concurrent_adds

concurrent_outputs() {
	D="$T/co"
	mkdir -p "$D"
	pids=
	for w in 1 2 3 4; do
		$BR_BIN -q -f jsonl "$T/mid.jsonl" -o "$D/same.jsonl" &
		pids="$pids $!"
	done
	for p in $pids; do wait $p || return 1; done
	$BR_BIN -q -f jsonl "$T/mid.jsonl" >"$T/mid.out" || return 1
	cmp -s "$D/same.jsonl" "$T/mid.out" || { echo "the output is not one run's whole output"; return 1; }
	[ "$(ls -A "$D")" = same.jsonl ]
}
attack "four runs writing the same -o at once: one whole output, no temporary file" concurrent_outputs

# ------------------------------------------------------------------ another user, read-only
AS=
if [ "$(id -u)" -eq 0 ] && command -v setpriv >/dev/null 2>&1; then
	AS="setpriv --reuid=nobody --regid=nogroup --clear-groups"
	chmod 755 "$T"
	$AS test -x "$BR_BIN" 2>/dev/null && $AS test -r "$IN" || AS=
fi

shared_archive() {
	S="$T/sticky"
	mkdir -p "$S" && chmod 1777 "$S"
	$BR_BIN archive add -q "$S/a.db" "$IN" || return 1
	chmod 644 "$T/mid.jsonl"
	# the owner adds while the other user reads
	$BR_BIN archive add -q "$S/a.db" "$T/mid.jsonl" &
	pid=$!
	for r in 1 2 3 4 5; do
		$AS $BR_BIN archive list "$S/a.db" >/dev/null 2>&1
		$AS $BR_BIN -q -f jsonl "$S/a.db" >/dev/null 2>&1
	done
	wait $pid || { echo "the owner's add failed beside a reader"; return 1; }
	$AS $BR_BIN archive export "$S/a.db" >/dev/null || return 1
	# nothing the reader owns beside the archive; the owner can go on
	[ -z "$(find "$S" -user nobody)" ] || { ls -la "$S"; return 1; }
	$BR_BIN archive add -q "$S/a.db" corpus/hdparm-busybox.txt || { echo "the owner was locked out"; return 1; }
	$BR_BIN archive check "$S/a.db" >/dev/null
}
# A writer going back to a rollback journal removes its -shm, then its
# -wal, then the WAL mark in the header: a reader in between must create
# neither (it would be the reader's, and the owner's next add fails).
guest_between() {
	S="$T/sticky2"
	mkdir -p "$S" && chmod 1777 "$S"
	$BR_BIN archive add -q "$S/a.db" "$IN" || return 1
	$BR_BIN archive add -q "$S/a.db" "$T/mid.jsonl" &
	pid=$!
	wait_for "$S" 'a.db-wal' || { wait $pid; echo "note: the add was done before the kill"; return 0; }
	kill -KILL $pid
	wait $pid
	[ -e "$S/a.db-wal" ] || { echo "note: no -wal left by the kill"; return 0; }
	rm -f "$S/a.db-shm"
	$AS $BR_BIN archive list "$S/a.db" >/dev/null 2>"$T/guest.err"
	st=$?
	[ -z "$(find "$S" -user nobody)" ] || { ls -la "$S"; return 1; }
	[ $st -eq 3 ] && grep -q "its owner" "$T/guest.err" || { echo "exit $st"; cat "$T/guest.err"; return 1; }
	$BR_BIN archive check "$S/a.db" >/dev/null || return 1
	$AS $BR_BIN archive list "$S/a.db" >/dev/null || { echo "the guest cannot read after the owner"; return 1; }
	[ -z "$(find "$S" -user nobody)" ] || { ls -la "$S"; return 1; }
	$BR_BIN archive add -q "$S/a.db" corpus/hdparm-busybox.txt || { echo "the owner was locked out"; return 1; }
}
readonly_dir() {
	R="$T/ro"
	mkdir -p "$R" && $BR_BIN archive add -q "$R/a.db" "$IN" corpus/hdparm-busybox.txt && chmod 555 "$R"
	$AS $BR_BIN archive list "$R/a.db" >/dev/null || return 1
	$AS $BR_BIN archive show "$R/a.db" 1 >/dev/null || return 1
	$AS $BR_BIN archive export "$R/a.db" >/dev/null || return 1
	$AS $BR_BIN archive check "$R/a.db" >/dev/null || return 1
	$AS $BR_BIN -q "$R/a.db" -f jsonl >/dev/null || return 1
	$AS $BR_BIN archive add -q "$R/a.db" corpus/hdparm-forum-paste.txt 2>/dev/null
	[ $? -eq 3 ] || { echo "a write where nobody may write: not exit 3"; return 1; }
	[ "$(ls -A "$R")" = a.db ]
}
if [ -n "$AS" ]; then
	attack "another user reads a shared archive in a sticky directory while the owner adds" shared_archive
	attack "another user reads while a writer is between removing its -shm and its -wal" guest_between
	attack "every reader in a read-only directory; a writer there gets exit 3" readonly_dir
else
	skip "another user (needs root and setpriv): shared archive, read-only directory"
fi

MNT="$T/mnt"
mkdir -p "$MNT"
mounted=
if [ "$(id -u)" -eq 0 ] && mount -t tmpfs -o size=4m tmpfs "$MNT" 2>/dev/null; then
	mounted=1
	trap 'umount "$MNT" 2>/dev/null' EXIT
fi
readonly_mount() {
	$BR_BIN archive add -q "$MNT/a.db" "$IN" || return 1
	mount -o remount,ro "$MNT" || return 1
	$BR_BIN archive list "$MNT/a.db" >/dev/null || return 1
	$BR_BIN -q "$MNT/a.db" -f jsonl >/dev/null || return 1
	$BR_BIN archive add -q "$MNT/a.db" corpus/hdparm-busybox.txt 2>/dev/null
	s=$?
	mount -o remount,rw "$MNT"
	[ $s -eq 3 ] || { echo "add on a read-only mount: exit $s, not 3"; return 1; }
	[ "$(ls -A "$MNT")" = a.db ]
}
[ -n "$mounted" ] && attack "an archive on a read-only mount: read, not written (exit 3)" readonly_mount

# ------------------------------------------------------------------ symlinks
symlinks() {
	D="$T/sl"
	mkdir -p "$D"
	mkfifo "$D/fifo"
	ln -s fifo "$D/a.jsonl"
	ln -s /dev/null "$D/b.html"
	ln -s missing "$D/c.txt"
	for t in a.jsonl b.html c.txt fifo; do
		timeout 20 $BR_BIN -q -f jsonl "$IN" -o "$D/$t" 2>/dev/null
		[ $? -eq 3 ] || { echo "-o $t: not refused with exit 3"; return 1; }
	done
	[ -L "$D/a.jsonl" ] && [ -L "$D/b.html" ] && [ -L "$D/c.txt" ] && [ ! -e "$D/missing" ] || return 1
	mkdir -p "$D/real"
	ln -s real "$D/dir"
	for s in "$D/dir" "$D/dir/" "$D/dir/."; do
		$BR_BIN run --dir "$s" --quick --tests hdparm -q 2>/dev/null
		[ $? -eq 2 ] || { echo "run --dir $s not refused"; return 1; }
	done
	[ -z "$(ls -A "$D/real")" ]
}
attack "planted symbolic links, FIFOs and devices as -o and --dir targets" symlinks

# ------------------------------------------------------------------ signals
signals_output() {
	[ -n "$DFL" ] || { echo "note: no env --default-signal: only signals a background job keeps"; }
	D="$T/sg"
	mkdir -p "$D"
	echo "the old report" >"$D/r.jsonl"
	for sn in HUP:1 INT:2 QUIT:3 TERM:15 USR1:10 USR2:12 ALRM:14; do
		sig=${sn%:*} num=${sn#*:}
		[ -z "$DFL" ] && { [ $sig = INT ] || [ $sig = QUIT ]; } && continue
		tries=0
		while :; do
			# (held, not streamed: the output is written for longer, so
			# a signal finds it being written; the stream writes through
			# the same output file)
			$DFL env BENCHREPORT_STREAM_BUDGET=99999999999 $BR_BIN -q "$T/big.jsonl" -o "$D/r.jsonl" &
			pid=$!
			if wait_for "$D" 'r.jsonl.benchreport-tmp.*'; then
				kill -$sig $pid
				reap || return 1
				break
			fi
			wait $pid
			echo "the old report" >"$D/r.jsonl"
			tries=$((tries + 1))
			[ $tries -lt 4 ] || { echo "SIG$sig: never caught it writing"; return 1; }
		done
		[ "$st" -eq $((128 + num)) ] || { echo "SIG$sig: exit status $st"; return 1; }
		[ "$(ls -A "$D")" = r.jsonl ] || { echo "SIG$sig left: $(ls -A "$D")"; return 1; }
		[ "$(cat "$D/r.jsonl")" = "the old report" ] || { echo "SIG$sig: old report damaged"; return 1; }
	done
}
attack "HUP, INT, QUIT, TERM, USR1, USR2, ALRM while writing -o: no temporary file, the old file whole" signals_output

signals_add() {
	DB="$T/sa.db"
	rm -f "$DB"*
	$BR_BIN archive add -q "$DB" "$IN" || return 1
	n0=$(count "$DB")
	for sig in TERM HUP USR1 ALRM; do
		$BR_BIN archive add -q "$DB" "$T/mid.jsonl" &
		pid=$!
		sleep 0.05
		kill -$sig $pid 2>/dev/null
		wait $pid
		$BR_BIN archive check "$DB" >/dev/null || { echo "SIG$sig: damaged"; return 1; }
		n=$(count "$DB")
		[ "$n" -eq "$n0" ] || [ "$n" -eq $((n0 + 4000)) ] || { echo "SIG$sig: $n records"; return 1; }
		[ "$n" -eq "$n0" ] || break # it finished: the rest would only repeat
	done
	[ -z "$(ls -A "$T" | grep '^sa\.db.new-')" ]
}
attack "TERM, HUP, USR1, ALRM during archive add: the archive as before or as after" signals_add

closed_pipe() {
	{ $BR_BIN -q -f jsonl "$T/big.jsonl" 2>"$T/p.err"; echo $? >"$T/p.st"; } | head -1 >/dev/null
	[ "$(cat "$T/p.st")" = 3 ] && [ ! -s "$T/p.err" ] || { echo "exit $(cat "$T/p.st")"; cat "$T/p.err"; return 1; }
	{ $BR_BIN archive export "$T/cc.db" 2>"$T/p.err"; echo $? >"$T/p.st"; } | head -1 >/dev/null
	[ "$(cat "$T/p.st")" = 3 ] && [ ! -s "$T/p.err" ] || { echo "export: exit $(cat "$T/p.st")"; return 1; }
}
attack "a reader that closes the pipe (| head -1): exit 3, quietly, no SIGPIPE death" closed_pipe

# ------------------------------------------------------------------ disk full
file_limit() {
	D="$T/fl"
	mkdir -p "$D"
	echo "the old report" >"$D/r.jsonl"
	sh -c "ulimit -f 256 && exec $BR_BIN -q -f jsonl '$T/big.jsonl' -o '$D/r.jsonl'" 2>"$T/fl.err"
	[ $? -eq 3 ] || { echo "-o over ulimit -f: not exit 3"; return 1; }
	[ "$(wc -l <"$T/fl.err")" -eq 1 ] && grep -q 'File too large' "$T/fl.err" || { cat "$T/fl.err"; return 1; }
	[ "$(cat "$D/r.jsonl")" = "the old report" ] && [ "$(ls -A "$D")" = r.jsonl ] || return 1
	$BR_BIN archive add -q "$D/a.db" "$IN" || return 1
	sh -c "ulimit -f 256 && exec $BR_BIN archive add -q '$D/a.db' '$T/mid.jsonl'" 2>"$T/fl.err"
	[ $? -eq 3 ] || { echo "archive add over ulimit -f: not exit 3"; cat "$T/fl.err"; return 1; }
	$BR_BIN archive check "$D/a.db" >/dev/null && [ "$(count "$D/a.db")" -eq "$(count "$D/a.db")" ]
}
attack "a file-size limit (ulimit -f) on -o and archive add: exit 3, one line, nothing half-written" file_limit

disk_full() {
	rm -rf "$MNT"/*
	$BR_BIN archive add -q "$MNT/a.db" "$IN" || return 1
	n0=$(count "$MNT/a.db")
	echo "the old report" >"$MNT/r.jsonl"
	dd if=/dev/zero of="$MNT/fill" bs=64k 2>/dev/null
	$BR_BIN -q -f jsonl "$T/big.jsonl" -o "$MNT/r.jsonl" 2>/dev/null
	[ $? -eq 3 ] || { echo "-o on a full disk: not exit 3"; return 1; }
	[ "$(cat "$MNT/r.jsonl")" = "the old report" ] || return 1
	$BR_BIN archive add -q "$MNT/a.db" "$T/mid.jsonl" 2>/dev/null
	[ $? -eq 3 ] || { echo "archive add on a full disk: not exit 3"; return 1; }
	rm -f "$MNT/fill"
	$BR_BIN archive check "$MNT/a.db" >/dev/null || return 1
	[ "$(count "$MNT/a.db")" -eq "$n0" ] || return 1
	[ -z "$(ls -A "$MNT" | grep -v -e '^a\.db$' -e '^r\.jsonl$')" ] || { ls -A "$MNT"; return 1; }
}
if [ -n "$mounted" ]; then
	attack "a full disk (4 MB tmpfs) under -o and archive add: exit 3, the old files whole" disk_full
	umount "$MNT" 2>/dev/null
	trap - EXIT
else
	skip "full disk and read-only mount (need root and tmpfs)"
fi

echo "attacks: $tried tried / $survived survived"
[ "$tried" -eq "$survived" ]
