# benchreport run on a (nearly) full filesystem fails cleanly:
#  - not enough free space or inodes: a clear message, exit 2, nothing written
#    (a 2 MiB tmpfs when we are root and may mount; else a loop file system;
#    else that part is skipped, saying so);
#  - a write failing mid-run (ENOSPC, EIO, a file-size limit): a clear error,
#    exit 3, every scratch file removed. ENOSPC and EIO are injected with a
#    small LD_PRELOAD shim (built here when a C compiler is present), because
#    a real filesystem only fills up mid-run if something else fills it.
. tests/cli/lib.sh

empty() { [ -z "$(ls -A "$1")" ] || { ls -la "$1"; fail "$2: scratch files left in $1"; }; }

# --- a small filesystem --------------------------------------------------------
MNT="$T/small"
mkdir "$MNT"
mounted=""
cleanup() {
	[ -n "$mounted" ] && umount "$MNT" 2>/dev/null
	[ -n "${LOOPDEV:-}" ] && losetup -d "$LOOPDEV" 2>/dev/null
	return 0
}
trap cleanup EXIT
if [ "$(id -u)" -eq 0 ] && mount -t tmpfs -o size=2m,nr_inodes=200 tmpfs "$MNT" 2>/dev/null; then
	mounted=tmpfs
elif [ "$(id -u)" -eq 0 ] && command -v mkfs.ext2 >/dev/null 2>&1 && command -v losetup >/dev/null 2>&1 &&
	dd if=/dev/zero of="$T/fs.img" bs=1M count=3 2>/dev/null && mkfs.ext2 -q -N 200 "$T/fs.img" 2>/dev/null &&
	LOOPDEV=$(losetup -f --show "$T/fs.img" 2>/dev/null) && mount "$LOOPDEV" "$MNT" 2>/dev/null; then
	mounted=loop
	rmdir "$MNT/lost+found" 2>/dev/null
else
	echo "note: cannot make a small filesystem here (needs root and permission to mount): free-space refusal on a real small filesystem skipped"
fi

if [ -n "$mounted" ]; then
	# 8 MiB (--quick) does not fit in 2 MiB: refused before anything is written
	expect_status 2 $BR run --dir "$MNT" --quick
	expect_err "not enough free space in '$MNT'"
	expect_err "nothing was written"
	expect_err "use --size"
	empty "$MNT" "space refusal"
	# nor does 4M
	expect_status 2 $BR run --dir "$MNT" --quick --size 4M --tests rawio
	expect_err "not enough free space"
	empty "$MNT" "space refusal"
	if [ "$mounted" = tmpfs ]; then
		umount "$MNT"
		mounted=""
		mount -t tmpfs -o size=16m,nr_inodes=200 tmpfs "$MNT" || fail "remount"
		mounted=tmpfs
		# nearly full: 6 MiB left of 16 — a 4 MiB run fits and cleans up
		dd if=/dev/zero of="$MNT/filler" bs=1M count=10 2>/dev/null || fail "filler"
		expect_status 0 $BR run --dir "$MNT" --quick --size 4M --files 0 --raw -q
		expect_out "^ Timing buffered disk reads"
		rm -f "$MNT/filler"
		empty "$MNT" "a run in a nearly full filesystem"
		# 1024 files do not fit in 200 inodes: refused, with the reason
		expect_status 2 $BR run --dir "$MNT" --quick --tests bonnie --files 1
		expect_err "not enough free inodes"
		empty "$MNT" "inode refusal"
	fi
fi

D="$T/target"
mkdir "$D"

# --- a file-size limit mid-run (no root, no compiler needed) ------------------
# ulimit -f counts 512- or 1024-byte blocks depending on the shell: either
# way far below the 8 MiB the putc phase writes
( ulimit -f 2048 && exec $BR run --dir "$D" --quick --tests bonnie --files 0 --raw ) >"$T/out" 2>"$T/err"
st=$?
[ $st -eq 3 ] || { cat "$T/err"; fail "file-size limit: exit status $st, expected 3"; }
expect_err "File too large"
expect_err "scratch files removed"
empty "$D" "file-size limit"

# --- ENOSPC and EIO mid-run, injected ------------------------------------------
CC=${CC:-cc}
cat >"$T/shim.c" <<'EOF'
/* Fails pwrite() with $BR_FAIL_ERRNO (ENOSPC or EIO) once $BR_FAIL_AFTER
 * bytes have been written through it. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>
static unsigned long long written;
static ssize_t fake(size_t n)
{
	const char *a = getenv("BR_FAIL_AFTER"), *e = getenv("BR_FAIL_ERRNO");
	if (a && written + n > strtoull(a, NULL, 10)) {
		errno = e && strcmp(e, "EIO") == 0 ? EIO : ENOSPC;
		return -1;
	}
	written += n;
	return 0;
}
ssize_t pwrite(int fd, const void *buf, size_t n, off_t off)
{
	static ssize_t (*real)(int, const void *, size_t, off_t);
	if (!real)
		real = (ssize_t (*)(int, const void *, size_t, off_t))dlsym(RTLD_NEXT, "pwrite");
	if (fake(n) < 0)
		return -1;
	return real(fd, buf, n, off);
}
ssize_t pwrite64(int fd, const void *buf, size_t n, off_t off)
{
	return pwrite(fd, buf, n, off);
}
EOF
if $CC -shared -fPIC -o "$T/shim.so" "$T/shim.c" -ldl 2>"$T/cc.err"; then
	export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0"
	# bonnie++'s block write: ENOSPC after 3 MiB
	LD_PRELOAD="$T/shim.so" BR_FAIL_AFTER=3145728 BR_FAIL_ERRNO=ENOSPC \
		$BR run --dir "$D" --quick --tests bonnie --files 0 --raw >"$T/out" 2>"$T/err"
	st=$?
	[ $st -eq 3 ] || { cat "$T/err"; fail "ENOSPC: exit status $st, expected 3"; }
	expect_err "No space left on device (the filesystem is full)"
	expect_err "the run was stopped and its scratch files removed"
	[ -s "$T/out" ] && fail "ENOSPC: results printed for a failed run"
	empty "$D" "ENOSPC"
	# rawio's writes, from worker threads: EIO
	LD_PRELOAD="$T/shim.so" BR_FAIL_AFTER=9437184 BR_FAIL_ERRNO=EIO \
		$BR run --dir "$D" --quick --tests rawio --raw >"$T/out" 2>"$T/err"
	st=$?
	[ $st -eq 3 ] || { cat "$T/err"; fail "EIO: exit status $st, expected 3"; }
	expect_err "Input/output error (an I/O error"
	empty "$D" "EIO"
	# the second run of two fails: nothing of the first is printed as if all went well
	LD_PRELOAD="$T/shim.so" BR_FAIL_AFTER=29360128 BR_FAIL_ERRNO=ENOSPC \
		$BR run --dir "$D" --quick --tests rawio --runs 2 --format jsonl >"$T/out" 2>"$T/err"
	st=$?
	[ $st -eq 3 ] || { cat "$T/err"; fail "ENOSPC in run 2: exit status $st, expected 3"; }
	empty "$D" "ENOSPC in run 2"
else
	echo "note: no C compiler ($CC): injected ENOSPC/EIO cases skipped"
fi
exit 0
