#!/bin/sh
# bench/fidelity.sh — does `benchreport run` measure what fio and bonnie++
# measure? One alternating run on one directory, ROUNDS rounds; each round
# runs, in turn (the order reversed every other round to cancel drift):
#
#   runner bonnie   benchreport run --tests bonnie --files 0 --size SIZE --raw
#                   → block write, block read (1 MiB O_DIRECT), seeks
#   fio write       --rw=write --bs=1m --direct=1 --ioengine=psync --numjobs=1 --end_fsync=1
#   fio read        --rw=read  --bs=1m --direct=1 --ioengine=psync --numjobs=1
#   runner rawio    benchreport run --tests rawio --block 4k --workers W --size RAND --raw
#                   → 4 KiB random read, W workers, O_DIRECT, one transfer in flight each
#   fio randread    --rw=randread --bs=4k --direct=1 --ioengine=psync --numjobs=W --thread
#                   --norandommap --number_ios=8192/W: the runner's 8192 transfers, by
#                   threads, at uniformly random blocks (repeats allowed), one shared file of RAND
#                   (laid out first with a 1 MiB direct write, like the runner's untimed fill)
#   bonnie++ stock  bonnie++ -s SIZE -r SIZE/2 -n 0 -f   (8 KiB buffered, as people run it)
#   bonnie++ -D     bonnie++ -s SIZE:1048576 -r SIZE/2 -n 0 -f -D   (1 MiB, O_DIRECT writes)
#
# The runner's figures are taken from its "# [phase]" lines (bytes / seconds),
# so a phase shorter than bonnie++'s 0.5 s still has a figure. Prints a
# Markdown table of medians and ratios (runner / fio) and keeps every round's
# raw figures in DIR/fidelity.tsv.
#
#   usage: bench/fidelity.sh [DIR]     (default ${TMPDIR:-/tmp}/br-fidelity)
#   env:   BR (build/benchreport), SIZE_MB (256), RAND_MB (64), ROUNDS (5), WORKERS (5)
set -eu
BR=${BR:-build/benchreport}
DIR=${1:-${TMPDIR:-/tmp}/br-fidelity}
SIZE_MB=${SIZE_MB:-256}
RAND_MB=${RAND_MB:-64}
ROUNDS=${ROUNDS:-5}
WORKERS=${WORKERS:-5}

for t in fio bonnie++ awk; do
	command -v $t >/dev/null 2>&1 || { echo "fidelity: '$t' is not installed" >&2; exit 2; }
done
[ -x "$BR" ] || { echo "fidelity: $BR not built (make)" >&2; exit 2; }
mkdir -p "$DIR"
[ -z "$(ls -A "$DIR" 2>/dev/null | grep -v '^fidelity\.')" ] ||
	{ echo "fidelity: $DIR is not empty; give an empty directory" >&2; exit 2; }
TSV="$DIR/fidelity.tsv"
LOG="$DIR/fidelity.log"
: >"$LOG"
cleanup() { rm -f "$DIR"/fio.* "$DIR"/Bonnie.* 2>/dev/null || true; }
trap cleanup EXIT

BUSER=
[ "$(id -u)" -eq 0 ] && BUSER="-u 0:0"
RAM_MB=$((SIZE_MB / 2))
NIOS=$((8192 / WORKERS))

# KiB/s (and ops/s) of a runner phase from its "# [phase] TOOL NAME: N bytes in S s, ..., K ops" line
phase_kib() { sed -n "s/^# \[phase\] $1 $2: \([0-9]*\) bytes in \([0-9.]*\) s.*/\1 \2/p" | awk '{ printf "%.0f", $1 / 1024 / $2 }'; }
phase_ops() { sed -n "s/^# \[phase\] $1 $2: .* in \([0-9.]*\) s.*, \([0-9]*\) ops,.*/\1 \2/p" | awk '{ printf "%.0f", $2 / $1 }'; }
# fio terse v3: field 7 read KiB/s, 8 read IOPS, 48 write KiB/s
fio_run() { fio --output-format=terse --terse-version=3 --directory="$DIR" "$@" 2>>"$LOG"; }

runner_bonnie() {
	out=$("$BR" run --dir "$DIR" --tests bonnie --files 0 --size "${SIZE_MB}M" --workers "$WORKERS" --raw -q)
	echo "$out" >>"$LOG"
	R_PW=$(echo "$out" | phase_kib bonnie put_block)
	R_PR=$(echo "$out" | phase_kib bonnie get_block)
	R_SK=$(echo "$out" | phase_ops bonnie seeks)
}
runner_rawio() {
	out=$("$BR" run --dir "$DIR" --tests rawio --block 4k --size "${RAND_MB}M" --workers "$WORKERS" --raw -q)
	echo "$out" >>"$LOG"
	R_RR=$(echo "$out" | phase_ops rawio random_read)
}
fio_seq() {
	rm -f "$DIR/fio.seq"
	F_PW=$(fio_run --name=w --filename=fio.seq --size="${SIZE_MB}m" --bs=1m --rw=write --direct=1 \
		--ioengine=psync --numjobs=1 --end_fsync=1 --fallocate=none | awk -F';' '{ print $48 }')
	F_PR=$(fio_run --name=r --filename=fio.seq --size="${SIZE_MB}m" --bs=1m --rw=read --direct=1 \
		--ioengine=psync --numjobs=1 | awk -F';' '{ print $7 }')
}
fio_rand() {
	rm -f "$DIR/fio.seq"
	fio_run --name=lay --filename=fio.rand --size="${RAND_MB}m" --bs=1m --rw=write --direct=1 \
		--ioengine=psync --end_fsync=1 >/dev/null
	F_RR=$(fio_run --name=rr --filename=fio.rand --size="${RAND_MB}m" --bs=4k --rw=randread --direct=1 \
		--ioengine=psync --numjobs="$WORKERS" --thread --norandommap --number_ios="$NIOS" --group_reporting |
		awk -F';' '{ print $8 }')
	rm -f "$DIR/fio.rand"
}
bonnie() {
	# $1: extra options; prints "put_block get_block seeks" from the CSV (KiB/s, KiB/s, /s)
	(cd "$DIR" && bonnie++ -d "$DIR" $BUSER -r "$RAM_MB" -n 0 -f -q "$@" 2>>"$LOG") |
		awk -F, '/^1\.98,/ { print $12, $18, $20 }'
}
bonnie_stock() { set -- $(bonnie -s "$SIZE_MB"); B_PW=$1 B_PR=$2 B_SK=$3; }
bonnie_direct() { set -- $(bonnie -s "$SIZE_MB:1048576" -D); D_PW=$1 D_PR=$2 D_SK=$3; }

printf 'round\tr_put_block\tfio_write\tbonnie_put_block\tbonnieD_put_block\tr_get_block\tfio_read\tbonnie_get_block\tbonnieD_get_block\tr_rand4k_iops\tfio_rand4k_iops\tr_seeks\tbonnie_seeks\tbonnieD_seeks\n' >"$TSV"
r=1
while [ $r -le "$ROUNDS" ]; do
	echo "fidelity: round $r of $ROUNDS" >&2
	if [ $((r % 2)) -eq 1 ]; then
		runner_bonnie; fio_seq; runner_rawio; fio_rand; bonnie_stock; bonnie_direct
	else
		bonnie_direct; bonnie_stock; fio_seq; fio_rand; runner_rawio; runner_bonnie
	fi
	printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$r" "$R_PW" "$F_PW" "$B_PW" "$D_PW" \
		"$R_PR" "$F_PR" "$B_PR" "$D_PR" "$R_RR" "$F_RR" "$R_SK" "$B_SK" "$D_SK" >>"$TSV"
	r=$((r + 1))
done

# medians (a "+++++" figure — bonnie++'s "too fast to measure" — counts as missing)
median() {
	awk -F'\t' -v c="$1" 'NR > 1 && $c ~ /^[0-9.]+$/ { v[n++] = $c }
		END { if (!n) { print "+++++"; exit }
		      for (i = 0; i < n; i++) for (j = i + 1; j < n; j++) if (v[j] < v[i]) { t = v[i]; v[i] = v[j]; v[j] = t }
		      print (n % 2) ? v[int(n / 2)] : (v[n / 2 - 1] + v[n / 2]) / 2 }' "$TSV"
}
spread() {
	awk -F'\t' -v c="$1" 'NR > 1 && $c ~ /^[0-9.]+$/ { if (!n || $c < lo) lo = $c; if (!n || $c > hi) hi = $c; n++ }
		END { if (n) printf "%s–%s", lo, hi; else printf "—" }' "$TSV"
}
# median of the per-round ratios of two columns (each round's pair ran back to back)
paired() {
	awk -F'\t' -v a="$1" -v b="$2" 'NR > 1 && $a ~ /^[0-9.]+$/ && $b ~ /^[0-9.]+$/ && $b > 0 { v[n++] = $a / $b }
		END { if (!n) { printf "—"; exit }
		      for (i = 0; i < n; i++) for (j = i + 1; j < n; j++) if (v[j] < v[i]) { t = v[i]; v[i] = v[j]; v[j] = t }
		      printf "%.2f (%.2f–%.2f)", (n % 2) ? v[int(n / 2)] : (v[n / 2 - 1] + v[n / 2]) / 2, v[0], v[n - 1] }' "$TSV"
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a ~ /^[0-9.]+$/ && b ~ /^[0-9.]+$/ && b > 0) printf "%.2f", a / b; else printf "—" }'; }

echo
echo "Runner fidelity: $ROUNDS alternating rounds on $DIR ($(df -PT "$DIR" | awk 'NR == 2 { print $2 }')), ${SIZE_MB} MiB files (${RAND_MB} MiB for the 4 KiB random reads), $WORKERS workers; median (lowest–highest) of the rounds"
echo
echo "| workload | runner | fio | runner/fio (of medians) | runner/fio (median of rounds) | bonnie++ 2.00a stock | bonnie++ 2.00a -D, 1 MiB chunks |"
echo "|---|---:|---:|---:|---:|---:|---:|"
cell() { # column or "-": "median (low–high)", "+++++" when every round was too fast, "—" for none
	if [ "$1" = - ]; then printf '—'; return; fi
	m=$(median "$1")
	if [ "$m" = "+++++" ]; then printf '+++++'; else printf '%s (%s)' "$m" "$(spread "$1")"; fi
}
row() { # title runner-col fio-col bonnie-col bonnieD-col
	rm_=$(median "$2")
	fm=-; [ "$3" = - ] || fm=$(median "$3")
	pr=—; [ "$3" = - ] || pr=$(paired "$2" "$3")
	printf '| %s | %s | %s | %s | %s | %s | %s |\n' "$1" "$(cell "$2")" "$(cell "$3")" "$(ratio "$rm_" "$fm")" \
		"$pr" "$(cell "$4")" "$(cell "$5")"
}
row "sequential write, 1 MiB, KiB/s (block write)" 2 3 4 5
row "sequential read, 1 MiB, KiB/s (block read)" 6 7 8 9
row "random read, 4 KiB, $WORKERS workers, IOPS" 10 11 - -
row "random seeks, $WORKERS workers, /s (bonnie++)" 12 - 13 14
echo
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null) ($(nproc 2>/dev/null || echo ?) CPUs)"
echo "raw figures per round: $TSV; every command's output: $LOG"
