#!/bin/sh
# Regenerate the README's screenshots of the report of corpus/ in headless
# Chromium: docs/report.png (1400 px wide) and docs/report-phone.png (390
# px, the top of the page and the first input's section side by side).
# Headless Chromium's window is at least 500 px wide, so the phone is an
# iframe of 390 px, cut out of the screenshot.
#   tools/docshots.sh [BIN]
set -eu
BIN=${1:-build/benchreport}
CHROMIUM=$(command -v chromium || command -v chromium-browser)
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT INT TERM
SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-1700000000} "$BIN" -q corpus/*.txt -o "$T/report.html" || [ $? -eq 1 ]
shot() { # shot WIDTH HEIGHT ANCHOR OUT
	w=$1
	[ "$w" -lt 500 ] && w=500
	cat >"$T/frame.html" <<EOF
<!DOCTYPE html><html><head><style>html,body{margin:0;overflow:hidden}iframe{border:0;display:block}</style></head>
<body><iframe id="f" src="report.html" width="$1" height="$2"></iframe><script>
document.getElementById('f').addEventListener('load', function () {
	var e = this.contentDocument.getElementById('$3');
	var d = e && e.querySelector('details.sec');
	if (d) d.open = true; /* a folded section, as a reader opens it */
	if (e) this.contentWindow.scrollTo(0, e.getBoundingClientRect().top);
});</script></body></html>
EOF
	timeout 180 "$CHROMIUM" --headless --no-sandbox --disable-gpu --no-first-run --hide-scrollbars \
		--allow-file-access-from-files --virtual-time-budget=5000 --user-data-dir="$T/prof" \
		--window-size="$w,$2" --screenshot="$4" "file://$T/frame.html" >/dev/null 2>&1
}
shot 1400 3200 none docs/report.png
shot 390 1800 none "$T/p1.png"
shot 390 1800 in-1 "$T/p2.png"
# the two phone screens side by side, each cut to 390 px, 20 px apart
python3 - "$T/p1.png" "$T/p2.png" docs/report-phone.png <<'EOF'
import struct, sys, zlib

def read(path):
    data = open(path, 'rb').read()
    pos, idat, w, h, ct = 8, b'', 0, 0, 0
    while pos < len(data):
        n, kind = struct.unpack('>I4s', data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b'IHDR':
            w, h, depth, ct = struct.unpack('>IIBB', body[:10])
            assert depth == 8 and ct in (2, 6)
        elif kind == b'IDAT':
            idat += body
        pos += 12 + n
    bpp = 3 if ct == 2 else 4
    raw, stride, rows, prev = zlib.decompress(idat), w * bpp, [], bytearray(w * bpp)
    for y in range(h):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b, c = prev[i], prev[i - bpp] if i >= bpp else 0
            if f == 1: line[i] = (line[i] + a) & 255
            elif f == 2: line[i] = (line[i] + b) & 255
            elif f == 3: line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line[k] for k in range(stride) if k % bpp < 3))
        prev = line
    return w, rows

def chunk(kind, body):
    return struct.pack('>I', len(body)) + kind + body + struct.pack('>I', zlib.crc32(kind + body))

(_, a), (_, b) = read(sys.argv[1]), read(sys.argv[2])
cut, gap = 390 * 3, b'\xd8\xde\xe4' * 20
rows = [r1[:cut] + gap + r2[:cut] for r1, r2 in zip(a, b)]
w = 390 * 2 + 20
raw = b''.join(b'\0' + r for r in rows)
png = b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, len(rows), 8, 2, 0, 0, 0))
png += chunk(b'IDAT', zlib.compress(raw, 9)) + chunk(b'IEND', b'')
open(sys.argv[3], 'wb').write(png)
EOF
ls -l docs/report.png docs/report-phone.png
