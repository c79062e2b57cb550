# benchreport run --device: hdparm and rawio on a device read it and never
# write it unless --destructive; a mounted device is refused. Uses an image
# file (any user) and, when we are root and may use loop devices, a real
# block device; without them that part is skipped, saying so. Also: the
# runner works as an ordinary user.
. tests/cli/lib.sh

sum() { cksum <"$1" | cut -d' ' -f1; }

# --- an image file as the device ----------------------------------------------
dd if=/dev/urandom of="$T/disk.img" bs=1M count=8 2>/dev/null || fail "image"
before=$(sum "$T/disk.img")
expect_status 0 $BR run --device "$T/disk.img" --quick --raw -q
expect_out "^$T/disk.img:$"
expect_out "^ Timing buffered disk reads"
expect_out "^ *Random read  *Sequential read$"
grep -q "Random write" "$T/out" && fail "rawio wrote to a device without --destructive"
[ "$(sum "$T/disk.img")" = "$before" ] || fail "the image changed without --destructive"
expect_status 0 $BR run --device "$T/disk.img" --quick --format jsonl
grep -q '"tool":"rawio"' "$T/out" || fail "no rawio record from the device"
grep '"tool":"rawio"' "$T/out" | grep -q '"random_write"' && fail "rawio write figures without --destructive"
expect_status 0 $BR run --device "$T/disk.img" --quick --tests rawio --destructive --raw -q
expect_out "Random write  *Sequential write"
[ "$(sum "$T/disk.img")" != "$before" ] || fail "--destructive did not write (the figures would be fake)"
expect_status 2 $BR run --device "$T/disk.img" --tests bonnie
expect_err "needs a filesystem"
expect_status 2 $BR run --device /dev/null --quick
expect_err "not a block device or an image file"

# --- a loop block device ----------------------------------------------------------
LOOP=
MNT="$T/mnt"
cleanup() {
	mountpoint -q "$MNT" 2>/dev/null && umount "$MNT"
	[ -n "$LOOP" ] && losetup -d "$LOOP" 2>/dev/null
	return 0
}
trap cleanup EXIT
if [ "$(id -u)" -eq 0 ] && command -v losetup >/dev/null 2>&1 && command -v mkfs.ext2 >/dev/null 2>&1 &&
	dd if=/dev/zero of="$T/loop.img" bs=1M count=16 2>/dev/null && LOOP=$(losetup -f --show "$T/loop.img" 2>/dev/null); then
	mkfs.ext2 -q "$LOOP" || fail "mkfs"
	mkdir "$MNT"
	# read-only: a read-write ext2 rewrites its superblock on every sync
	if mount -o ro "$LOOP" "$MNT" 2>/dev/null; then
		before=$(sum "$T/loop.img")
		expect_status 2 $BR run --device "$LOOP" --quick
		expect_err "refusing '$LOOP': it (or a partition of it) is mounted on $MNT"
		expect_status 2 $BR run --device "$LOOP" --quick --tests rawio --destructive
		expect_err "is mounted"
		[ "$(sum "$T/loop.img")" = "$before" ] || fail "a refused run changed the device"
		umount "$MNT"
	else
		echo "note: cannot mount here: the mounted-device refusal is skipped"
	fi
	before=$(sum "$T/loop.img")
	expect_status 0 $BR run --device "$LOOP" --quick --raw -q
	expect_out "^$LOOP:$"
	grep -q "Random write" "$T/out" && fail "rawio wrote to a block device without --destructive"
	[ "$(sum "$T/loop.img")" = "$before" ] || fail "a read-only run changed the block device"
else
	echo "note: no loop device here (needs root and losetup): block-device cases skipped"
fi

# --- as an ordinary user -------------------------------------------------------------
if [ "$(id -u)" -eq 0 ] && command -v setpriv >/dev/null 2>&1; then
	U="$T/user"
	mkdir "$U" && chmod 755 "$T" && chown 65534:65534 "$U"
	if setpriv --reuid=65534 --regid=65534 --clear-groups $BR run --dir "$U" --quick --tests bonnie,rawio --files 0 --raw -q >"$T/out" 2>"$T/err"; then
		expect_out "^1\.98,"
		[ -z "$(ls -A "$U")" ] || fail "scratch files left by an ordinary user's run"
	else
		cat "$T/err"
		fail "the runner failed as an ordinary user"
	fi
else
	echo "note: not root (or no setpriv): already an ordinary user, nothing more to check"
fi
exit 0
