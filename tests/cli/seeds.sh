# Acceptance test of issue 3: the five seed documents (reproduced in corpus/
# with their tables, CSV lines, hdparm lines, headings and damage) give
# exactly 63 records: every count, label, host and a good sample of figures
# and cpu values as the documents print them.
. tests/cli/lib.sh

# run STEM: records of corpus/seed-STEM.* into $T/STEM.jsonl
run() {
	f=$(ls corpus/seed-"$1".* 2>/dev/null | head -1)
	[ -n "$f" ] || fail "corpus/seed-$1.* is missing"
	$BR --format jsonl "$f" >"$T/$1.jsonl" 2>"$T/$1.err"
	rc=$?
	[ $rc -eq 0 ] || { cat "$T/$1.err"; fail "$f: exit status $rc"; }
}

# count STEM TOOL N: exactly N records of TOOL
count() {
	n=$(grep -c "^{\"schema\":2,\"tool\":\"$2\"," "$T/$1.jsonl")
	[ "$n" -eq "$3" ] || { grep -o '"tool":"[^"]*","version":[^,]*,"host":[^,]*,"label":"[^"]*"' "$T/$1.jsonl"; \
		fail "$1: $n $2 records, expected $3"; }
}

# pick STEM FIXED... : the one record containing every fixed string
pick() {
	stem=$1
	shift
	cp "$T/$stem.jsonl" "$T/sel"
	for s in "$@"; do
		grep -F -- "$s" "$T/sel" >"$T/sel2"
		mv "$T/sel2" "$T/sel"
	done
	n=$(wc -l <"$T/sel")
	[ "$n" -eq 1 ] || fail "$stem: $n records match [$*], expected 1"
	cp "$T/sel" "$T/rec"
	what="$stem [$*]"
}

# want FIXED...: the picked record contains each fixed string
want() {
	for s in "$@"; do
		grep -F -q -- "$s" "$T/rec" || { sed 's/"excerpt":"\([^"\\]\|\\.\)*"//' "$T/rec"; fail "$what lacks $s"; }
	done
}

# m NAME VALUE CPU: metric NAME has this value and cpu
m() {
	want "\"$1\":{\"value\":$2,\"unit\":\"$(unit "$1")\",\"cpu\":$3,"
}
# v NAME VALUE RAW: metric without cpu (hdparm, rawio)
v() {
	want "\"$1\":{\"value\":$2,\"unit\":\"$(unit "$1")\",\"raw\":\"$3\""
}
unit() {
	case $1 in
	putc | put_block | rewrite | getc | get_block | *_read | *_write | seq_read) echo "KiB/s" ;;
	*) echo "/s" ;;
	esac
}

for s in vinum ide-raid1 hdparm-raid0 fibre-channel raid10-qp; do run $s; done

# ---------------------------------------------------------------- counts
count vinum bonnie 10
count vinum rawio 9
count vinum bonnie++ 0
count vinum hdparm 0
count ide-raid1 bonnie++ 6
count ide-raid1 bonnie 0
count ide-raid1 hdparm 0
count hdparm-raid0 hdparm 18
count hdparm-raid0 bonnie 0
count hdparm-raid0 bonnie++ 0
count fibre-channel bonnie 10
count fibre-channel bonnie++ 1
count fibre-channel hdparm 0
count raid10-qp bonnie++ 9
count raid10-qp bonnie 0
total=$(cat "$T"/*.jsonl | grep -c '^{')
[ "$total" -eq 63 ] || fail "$total records from the five seed documents, expected 63"

# ---------------------------------------------------------------- Vinum (seed 000)
pick vinum '"tool":"bonnie",' '"host":"IBM_SCSI"'
want '"label":"Results - Individual Devices / Bonnie"'
want '"putc":{"value":7960,"unit":"KiB/s","cpu":39.6,"raw":"7960","marked":true}'
m get_block 7930 10
m seeks 261 3.5
pick vinum '"tool":"bonnie",' '"host":"IBM_IDE"'
m putc 14690 72.9
m put_block 15050 25.5
m seeks 264.1 3.6
pick vinum '"tool":"bonnie",' '"host":"MAXTOR"'
m rewrite 7973 18.9
m getc 19455 95.7
m get_block 29632 39.8
m seeks 405.5 5.2
pick vinum '"tool":"bonnie",' '"host":"A_SINGLE"'
want '"label":"Results - Vinum Volumes / Bonnie"'
m putc 15546 77.3
m seeks 237.6 3.4
pick vinum '"tool":"bonnie",' '"host":"A_STRIPE"'
m getc 11533 58.5
m get_block 12843 18.1
pick vinum '"tool":"bonnie",' '"host":"MIRROR"'
m rewrite 3047 7.4
m getc 16318 81.4
m seeks 607.2 7.7
pick vinum '"tool":"bonnie",' '"host":"STRIPE512"'
m put_block 18782 31.3
m get_block 27918 28.4
pick vinum '"tool":"bonnie",' '"host":"RAID10256"'
m putc 8026 41.1
m get_block 13714 14.7
m seeks 439.5 5.7
pick vinum '"tool":"bonnie",' '"host":"RAID10512"'
m put_block 9423 15.7
m seeks 412.8 5.3
pick vinum '"tool":"rawio",' '"host":"IBM_SCSI"'
want '"label":"Results - Individual Devices / rawio"'
want '"raw":"1062.3"' '"raw":"1054.0"'
want '"random_read_ops":{"value":67,' '"seq_write_ops":{"value":64,'
pick vinum '"tool":"rawio",' '"host":"MAXTOR"'
want '"raw":"2291.4","marked":true' '"raw":"8914.6","marked":true' '"seq_write_ops":{"value":544,'
pick vinum '"tool":"rawio",' '"host":"STRIPE512"'
want '"label":"Results - Vinum Volumes / rawio"'
want '"raw":"20659.3","marked":true' '"seq_read_ops":{"value":1261,' '"random_write_ops":{"value":139,'
pick vinum '"tool":"rawio",' '"host":"RAID10512"'
want '"raw":"13488.9"' '"seq_write_ops":{"value":513,'

# ---------------------------------------------------------------- IDE RAID1 (seed 001)
pick ide-raid1 '"label":"Configuration A / Try 1"'
want '"host":"test1.dmotorworks.com"' '"size":"3000M"' '"version":"1.03"'
m putc 6618 27
m get_block 28822 7
m seeks 179.9 0
m seq_create 2339 91
m ran_del 5394 85
want '"seq_stat":{"value":null,"unit":"/s","raw":"+++++","too_fast":true}'
pick ide-raid1 '"label":"Configuration A / Try 2"'
want '"host":"test1.dmotorworks.com"'
m put_block 7444 4
m seeks 190.6 0
pick ide-raid1 '"label":"Configuration B / Try 1"'
want '"host":"test2.dmotorworks.com"'
m putc 11086 47
m rewrite 6538 3
m ran_del 6446 99
pick ide-raid1 '"label":"Configuration B / Try 2"'
want '"host":"test2.dmotorworks.com"'
m put_block 14391 10
m seeks 332.9 1
m ran_create 2461 96
pick ide-raid1 '"label":"Configuration C / Try 1"'
want '"host":"test3.dmotorworks.com"'
m getc 22020 81
m seeks 348.4 1
pick ide-raid1 '"label":"Configuration C / Try 2'
want '"host":"test3.dmotorworks.com"'
m putc 10924 55
m get_block 29922 8
m seq_create 2379 95
m ran_del 5275 91
grep -q 'dmotorw"' "$T/ide-raid1.jsonl" && fail "a truncated host name survived"
grep -q '"host":"test[0-9]\.dmotor' "$T/ide-raid1.jsonl" || fail "no host names"

# ---------------------------------------------------------------- hdparm RAID0 (seed 002)
set1="First set of tests: RAID0, 4k chunk size, cpu clocked at 366Mhz"
set2="Same system. same disks, clocked at 550Mhz"
pick hdparm-raid0 "\"label\":\"$set1\","
v cached_read 78489.6 76.65
want '"mb":128' '"seconds":1.67'
pick hdparm-raid0 "\"label\":\"$set1 / 2 disks (hdb1,hdc1)\""
v buffered_read 24821.76 24.24
pick hdparm-raid0 "\"label\":\"$set1 / 5 disks (hdb1,hdc1,hde1,hdg1,hdi1)\""
v buffered_read 32440.32 31.68
pick hdparm-raid0 "\"label\":\"$set1 / 8 disks (hdb,hdc,hde,hdg,hdi,hdk,hdm,hdo)\""
v buffered_read 32768 32.00
pick hdparm-raid0 "\"label\":\"$set2\","
v cached_read 122501.12 119.63
want '"seconds":1.07'
pick hdparm-raid0 "\"label\":\"$set2 / 2 disks (hdb1,hdc1)\""
v buffered_read 25405.44 24.81
pick hdparm-raid0 "\"label\":\"$set2 / 4 disks (hdb1,hdc1,hde1,hdg1)\""
v buffered_read 38553.6 37.65
pick hdparm-raid0 "\"label\":\"$set2 / 7 disks (hdb,hdc,hde,hdg,hdi,hdk,hdm)\""
v buffered_read 36003.84 35.16
pick hdparm-raid0 '"label":"Bonus test, one disk from each controller, clocked at 550 / 4 disks (hdc1,hde1,hdi1,hdm1)"'
v buffered_read 39720.96 38.79
pick hdparm-raid0 '"label":"Completely non-useful bonus test"'
v buffered_read 17571.84 17.16
want '"mb":64' '"seconds":3.73'
n=$(grep -c "\"label\":\"$set1" "$T/hdparm-raid0.jsonl")
[ "$n" -eq 8 ] || fail "$n records labelled with the first set, expected 8"
n=$(grep -c "\"label\":\"$set2" "$T/hdparm-raid0.jsonl")
[ "$n" -eq 8 ] || fail "$n records labelled with the second set, expected 8"

# ---------------------------------------------------------------- Fibre Channel (seed 003)
pick fibre-channel '"label":"RAID 5 / 5 disks"' '"putc":{"value":7205,'
want '"size":"1*2047"'
m put_block 11109 9.4
m seeks 165.5 3.7
pick fibre-channel '"label":"RAID 5 / 5 disks"' '"putc":{"value":6607,'
m getc 5584 76.4
m seeks 175.2 3.5
pick fibre-channel '"label":"RAID 5 / 6 disks"'
m putc 7277 96.9
m rewrite 5129 7.8
m seeks 180.4 4.3
pick fibre-channel '"label":"RAID 5 / 7 disks"'
m put_block 11780 10.6
m get_block 16643 16.1
pick fibre-channel '"tool":"bonnie++"'
want '"host":"lethe"' '"version":"1.00g"' '"size":"1G"' '"label":"RAID 5 / Same setup, using Bonnie++ v1.00g"'
m putc 6211 94
m seeks 203.3 2
m seq_create 377 98
m seq_del 6979 96
m ran_del 2432 99
pick fibre-channel '"label":"RAID 4"'
m putc 7206 94.5
m put_block 10966 9.4
m seeks 149.5 3.5
pick fibre-channel '"label":"RAID 3"' '"size":"1*2047"'
m rewrite 5192 7.3
m seeks 156 3.5
pick fibre-channel '"label":"RAID 3"' '"size":"1*100"'
m putc 7577 98.2
m get_block 159760 101.4
m seeks 13665.4 187.9
pick fibre-channel '"label":"RAID 0"'
want '"size":"2047"'
m putc 7706 98.6
m put_block 17365 14.7
m seeks 171 2.1
pick fibre-channel '"label":"Local disk: Fujitsu M2934SAU, 4G narrow"'
want '"size":"1*1024"'
m putc 4507 59.3
m seeks 65.2 1
pick fibre-channel '"label":"Local disk: Seagate Barracuda UW"'
m put_block 13651 13.6
m rewrite 6407 13.9
m seeks 123.4 2.1

# ---------------------------------------------------------------- RAID10 thread, QP (seed 004)
pick raid10-qp '"host":"goules-hw-raid10-6"'
want '"label":"6 disks / hw raid"' '"size":"16G"'
m getc 64163 89
m get_block 286958 26
m seeks 1323.1 2
m ran_del 17396 81
pick raid10-qp '"host":"goules-md-raid10-6"'
want '"label":"6 disks / md raid (chunk 64k)"'
m get_block 52311 5
m seeks 1486.7 3
m ran_del 8526 44
pick raid10-qp '"host":"goules-hw-raid10-4"'
want '"label":"4 disks / hw raid"'
m get_block 211526 19
m seeks 1179.7 2
m ran_del 18794 78
pick raid10-qp '"host":"goules-md-raid10-4"'
want '"label":"4 disks / md raid"'
m get_block 34888 3
m seeks 1347.3 2
m ran_del 7810 31
pick raid10-qp '"host":"goules-md-raid10-4-f2-256-xfs"'
want '"label":"4 disks / md raid with f2 option and 256 chunk size"'
m getc 68669 98
m get_block 356923 37
m seeks 1327.1 2
m seq_del 20392 73
m ran_del 5228 23
want '"ran_stat":{"value":null,"unit":"/s","raw":"+++++","too_fast":true}'
pick raid10-qp '"host":"goules-hw-raid10-4-P1"'
want '"label":"4 disks with 2 bonnie++ running simultaneously / hw raid"'
m getc 60888 86
m get_block 205427 20
m seeks 837.4 1
pick raid10-qp '"host":"goules-hw-raid10-4-P2"'
want '"label":"4 disks with 2 bonnie++ running simultaneously / hw raid"'
m get_block 205619 21
m seeks 679.8 2
m ran_del 9041 42
pick raid10-qp '"host":"goules-md-raid10-4-P1"'
want '"label":"4 disks with 2 bonnie++ running simultaneously / md raid with near option and 64k chunk"'
m getc 33398 44
m seeks 771.8 1
m ran_del 7357 33
pick raid10-qp '"host":"goules-md-raid10-4-P2"'
m getc 33361 44
m seeks 883.2 2
m ran_del 7424 36
exit 0
