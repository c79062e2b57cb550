#!/usr/bin/env python3
"""Damage every real document one way at a time and score it again.

usage: bench/realworld-damage.py [BIN] [KIND,KIND...]

The real posts in ../shared/realworld are the measure of how well the parsers
generalise; this asks how well they generalise *again*: each kind of damage
below is applied to every document (the whole document, headers and prose
included, which is harsher than a real post), the damaged copies go to
/tmp/br-damage/KIND/, and score.py scores them against the same expectations.
A kind that loses figures names a mechanism that is not general yet.

Known limits of the method: a prefix put in front of every line of a
quoted-printable message lands on the soft-broken continuation lines too,
which a real post never shows (h019 under hash/star/slash).
"""
import html
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
RW = os.path.join(HERE, '..', '..', 'shared', 'realworld')
SRC = os.path.join(RW, 'docs')
EXP = os.path.join(RW, 'expected.jsonl')
OUT = os.environ.get('DAMAGE_DIR', '/tmp/br-damage')


def per_line(f):
    return lambda t: '\n'.join(f(l) for l in t.split('\n'))


def unexpand(line):
    """Spaces to TABs where they end on a tab stop (unexpand -a): columns kept."""
    out, col, pend = [], 0, 0
    for ch in line:
        if ch == ' ':
            pend += 1
            col += 1
            if col % 8 == 0:
                out.append('\t' if pend > 1 else ' ')
                pend = 0
            continue
        out.append(' ' * pend)
        pend = 0
        if ch == '\t':
            col = (col // 8 + 1) * 8
        else:
            col += 1
        out.append(ch)
    out.append(' ' * pend)
    return ''.join(out)


def wrap(line, width=72):
    """A mail client's hard wrap: break at the last blank before the width."""
    out = []
    while len(line) > width:
        cut = line.rfind(' ', 0, width)
        if cut <= 0:
            break
        out.append(line[:cut])
        line = line[cut + 1:]
    out.append(line)
    return '\n'.join(out)


def qp(t):
    """Quoted-printable with soft breaks at 76, as a mail would be sent."""
    res = []
    for line in t.split('\n'):
        enc = ''.join('=%02X' % ord(c) if c == '=' or ord(c) > 126 else c for c in line)
        if enc.endswith(' '):
            enc = enc[:-1] + '=20'
        while len(enc) > 75:
            cut = 75
            while '=' in enc[cut - 2:cut]:  # never split an escape
                cut -= 1
            res.append(enc[:cut] + '=')
            enc = enc[cut:]
        res.append(enc)
    return 'Content-Transfer-Encoding: quoted-printable\n\n' + '\n'.join(res)


def rewrap_quoted(t, width=76):
    """A reply client quoting and re-wrapping: each piece gets its own '> '."""
    out = []
    for line in t.split('\n'):
        line = '> ' + line
        while len(line) > width:
            cut = line.rfind(' ', 0, width)
            if cut <= 2:
                break
            out.append(line[:cut])
            line = '> ' + line[cut + 1:]
        out.append(line)
    return '\n'.join(out)


def numbered(fmt):
    """A pastebin or code viewer copied with its line numbers."""
    return lambda t: '\n'.join(fmt % (i + 1) + l for i, l in enumerate(t.split('\n')))


def html_br(t):
    """A forum or web mail that turned the post into HTML lines, no <pre>."""
    body = '<br>\n'.join(html.escape(l, quote=False) for l in t.split('\n'))
    return '<html><body><div class="post">' + body + '</div></body></html>\n'


KINDS = {
    'quote': per_line(lambda l: '> ' + l),
    'quote2': per_line(lambda l: '> > ' + l if l else '> >'),
    'hash': per_line(lambda l: '# ' + l),
    'star': per_line(lambda l: ' * ' + l),
    'slash': per_line(lambda l: '// ' + l),
    'indent': per_line(lambda l: '    ' + l),
    'crlf': lambda t: t.replace('\n', '\r\n'),
    'trail': per_line(lambda l: l + '   '),
    'collapse': per_line(lambda l: re.sub(r'[ \t]+', ' ', l)),
    'tabify': per_line(unexpand),
    'nbsp': per_line(lambda l: re.sub(r'  ', ' \u00a0', l)),
    'wrap72': per_line(wrap),
    'wrap60': per_line(lambda l: wrap(l, 60)),
    'wrap80': per_line(lambda l: wrap(l, 80)),
    'qwrap': rewrap_quoted,
    'qp': qp,
    'pre': lambda t: '<html><body><pre>\n' + html.escape(t, quote=False) + '\n</pre></body></html>\n',
    'bbcode': lambda t: '[code]\n' + t + '\n[/code]\n',
    'lineno': numbered('%4d. '),
    'gutter': numbered('%5d | '),
    'gtnosp': per_line(lambda l: '>' + l),
    'double': lambda t: t.replace('\n', '\n\n'),
    'pipe': per_line(lambda l: l + ' | |' if l.strip() else l),
    'htmlbr': html_br,
    'crcrlf': lambda t: t.replace('\n', '\r\r\n'),
    'qdouble': lambda t: '\n'.join('> ' + l for l in t.replace('\n', '\n\n').split('\n')),
    'ansi': per_line(lambda l: '\x1b[0m' + l + '\x1b[m' if l else l),
    'htmlp': lambda t: '<html><body>' + ''.join('<p>' + html.escape(l, quote=False) + '</p>\n'
                                                for l in t.split('\n')) + '</body></html>\n',
    'bom': lambda t: '\ufeff' + t,
}


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else 'build/benchreport'
    kinds = sys.argv[2].split(',') if len(sys.argv) > 2 else list(KINDS)
    for k in kinds:
        d = os.path.join(OUT, k)
        os.makedirs(d, exist_ok=True)
        for name in sorted(os.listdir(SRC)):
            with open(os.path.join(SRC, name), encoding='utf-8', errors='surrogateescape') as f:
                text = f.read().replace('\r\n', '\n')
            with open(os.path.join(d, name), 'w', encoding='utf-8', errors='surrogateescape') as f:
                f.write(KINDS[k](text))
        r = subprocess.run(['python3', os.path.join(RW, 'score.py'), EXP, d, '--bin', binary],
                           capture_output=True, text=True)
        last = r.stdout.strip().split('\n')[-1] if r.stdout.strip() else r.stderr.strip()
        print(f'{k:9s} {last}')


if __name__ == '__main__':
    main()
