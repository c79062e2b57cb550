#!/usr/bin/env python3
"""Damage every real document one way at a time and score it again.

usage: bench/realworld-damage.py [BIN] [KIND,KIND...]

The real posts in ../shared/realworld are the measure of how well the parsers
generalise; this asks how well they generalise *again*: each kind of damage
below is applied to every document (the whole document, headers and prose
included, which is harsher than a real post), the damaged copies go to
/tmp/br-damage/KIND/, and score.py scores them against the same expectations.
A kind that loses figures names a mechanism that is not general yet.

Known limits of the method: a real post was damaged, then encoded; per-line
kinds damage a quoted-printable message's lines as written before its soft
breaks (per_line); mdtable, jiratable and lostesc damage each
quoted-printable part's decoded body and encode it again (before_qp); the
other whole-text kinds (double, qdouble, crcrlf, qp, qpqwrap on a post
already encoded) still damage its encoded lines.

Kinds: bullet/bulstar/buldot put "- ", "* ", "• " before each line with text;
numlist/numparen number them "1. "/"1) " per paragraph, numcont over the
whole post, numone "1. " on every one (Markdown source); uuencode sends the
post as a mail's uuencoded attachment; mdtable makes each line a Markdown
table row; zwsp/shy/thin/nnbsp put U+200B, U+00AD, U+2009, U+202F between
the digit groups of numbers; smart quotes; cp1252 re-encodes; blogp is a blog
export (<p>, <br />, &nbsp;); trac/wikipre wrap in {{{ }}} or <pre>;
fenceglue glues ``` to the first and last lines; sigmid puts a signature in
the middle; wrap40 is a phone's wrap; tabmix tabifies every other line;
twice pastes the post twice; qpqwrap quotes, re-wraps and QP-encodes it;
tab4 tabifies every line and expands it again at 4-column stops (an editor
set so: columns shift);
cronly ends lines with CR alone (old Mac); utf16 is PowerShell's '>' (UTF-16LE,
BOM, CRLF); mdescape backslash-escapes Markdown's characters; irc puts a chat
log's stamp and nick before each line; gmail is a web mail's <div> lines;
jiratable makes each paragraph a Jira table ('||head||' then '|cell|'),
jiracode wraps the post in {code} ... {code}; colon quotes it as a Usenet
reader does (': '); phpbb wraps it in phpBB's stored tags with the post's
uid ('[code:1:3k2j1h9x]'); nicks is a chat log without time stamps ('<joe> '
before each line with text).

A kind written "a+b" applies a, then b to its result (numlist+cp1252: a list
re-encoded; sigmid+wrap60: a signature in the middle, then a hard wrap).
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
    """f applied to each line; in a quoted-printable message to each line as
    written, before the encoding broke it (soft breaks): a prefix f adds goes
    before its first piece, a suffix after its last, any other change to each
    piece (the damage came before the encoding; a real post never shows a
    prefix on a continuation)."""
    def one(pieces):
        if len(pieces) == 1:
            return [f(pieces[0])]
        whole = ''.join(p[:-1] for p in pieces[:-1]) + pieces[-1]
        d = f(whole)
        if d.endswith(whole):
            return [d[:len(d) - len(whole)] + pieces[0]] + pieces[1:]
        if d.startswith(whole):
            return pieces[:-1] + [pieces[-1] + d[len(whole):]]
        return [f(p) for p in pieces]

    def g(t):
        qp = re.search(r'(?im)^content-transfer-encoding:\s*quoted-printable', t) is not None
        out, pieces = [], []
        for l in t.split('\n'):
            pieces.append(l)
            if qp and l.endswith('=') and not l.endswith('=='):
                continue
            out += one(pieces)
            pieces = []
        if pieces:
            out += one(pieces)
        return '\n'.join(out)
    return g


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


def expand(line, width):
    """TABs to spaces at stops `width` apart (an editor set to 4 or 2)."""
    out = ''
    for ch in line:
        out += ' ' * (width - len(out) % width) if ch == '\t' else ch
    return out


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
    # (each byte of a character's UTF-8 escaped, as a mailer does)
    def escape(c):
        return ''.join('=%02X' % b for b in c.encode('utf-8', 'surrogateescape'))
    return 'Content-Transfer-Encoding: quoted-printable\n\n' + qp_lines(t, escape)


def qp_lines(t, escape):
    """Each line of t with '=' and the characters above '~' escaped
    (escape(c)), a trailing blank as =20, soft breaks at 76 columns."""
    res = []
    for line in t.split('\n'):
        enc = ''.join(escape(c) if c == '=' or ord(c) > 126 else c for c in line)
        if enc.endswith(' '):
            enc = enc[:-1] + '=20'
        while len(enc) > 75:
            cut = 75
            while '=' in enc[cut - 2:cut]:  # never split an escape
                cut -= 1
            res.append(enc[:cut] + '=')
            enc = enc[cut:]
        res.append(enc)
    return '\n'.join(res)


QP_HEAD = re.compile(r'(?im)^content-transfer-encoding:[ \t]*quoted-printable[^\n]*\n(?:[^\n]+\n)*\n')


def qp_body_encode(t):
    """qp() without its header: the body of a quoted-printable part, each
    character above '~' (a byte of the part's own charset, as decoded)
    escaped as that byte."""
    return qp_lines(t, lambda c: '=%02X' % ord(c) if ord(c) < 256 else c)


def before_qp(f):
    """f as a real post meets it: damaged, then encoded. Each quoted-printable
    part's body (up to the next MIME boundary line) is decoded, damaged on
    its own and encoded again; the rest of the mail is damaged around it. For
    kinds that act on lines or paragraphs (a table made of each paragraph,
    colour codes on each line): a kind that acts on the whole text ("twice",
    a wrapper) is not one of them."""
    def g(t):
        out, at = [], 0
        marks = [re.escape(b) for b in re.findall(r'(?i)boundary="?([^";\s]+)', t)]
        bound = re.compile(r'(?m)^--(?:%s)' % '|'.join(marks)) if marks else None
        for m in QP_HEAD.finditer(t):
            if m.start() < at:
                continue
            end = bound.search(t, m.end()) if bound else None
            stop = end.start() if end else len(t)
            body = re.sub(r'=\n', '', t[m.end():stop])
            body = re.sub(r'=([0-9A-Fa-f]{2})', lambda x: chr(int(x.group(1), 16)), body)
            out.append(f(t[at:m.end()]))
            out.append(qp_body_encode(f(body)))
            at = stop
        if not out:
            return f(t)
        out.append(f(t[at:]))
        return ''.join(out)
    return g


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


def numbered_text(fmt, restart=True):
    """A Markdown or forum numbered list: each line with text numbered, blank
    lines not; the list renumbers after them (as Markdown does when a blank
    line ends the list), or with restart=False the count goes on over them."""
    def f(t):
        out, n = [], 0
        for l in t.split('\n'):
            if l.strip():
                n += 1
                out.append(fmt % n + l)
            else:
                n = 0 if restart else n
                out.append(l)
        return '\n'.join(out)
    return f


def uuencode(t):
    """The post sent as a uuencoded attachment of a mail (begin 644 ... end)."""
    import binascii
    data = t.encode('utf-8', 'surrogateescape')
    lines = [binascii.b2a_uu(data[i:i + 45]).decode('ascii').rstrip('\n')
             for i in range(0, len(data), 45)]
    return ('From: someone@example.org\nSubject: results\n\nThe results are attached.\n\n'
            'begin 644 results.txt\n' + '\n'.join(lines) + '\n`\nend\n')


def table_rows(t, row):
    """Each line of t as a table row, its columns (split at runs of two or
    more blanks, or a tab) its cells: row(cells, first) gives the lines,
    first for the first row of each paragraph; blank lines stay."""
    out, first = [], True
    for l in t.split('\n'):
        if not l.strip():
            out.append(l)
            first = True
            continue
        out.extend(row([c for c in re.split(r'\s{2,}|\t', l.strip()) if c], first))
        first = False
    return '\n'.join(out)


def md_table(t):
    """Tool output made into a Markdown table: a |---| rule after the first
    row of each paragraph."""
    return table_rows(t, lambda cells, first: ['| ' + ' | '.join(cells) + ' |']
                      + (['|' + '---|' * len(cells)] if first else []))


def in_numbers(ch):
    """A character put between the digits of numbers of four digits or more."""
    return per_line(lambda l: re.sub(r'(?<=\d)(?=\d{3}\b)', ch, l))


SMART = str.maketrans({'"': '\u201d', "'": '\u2019'})


def cp1252(t):
    """The post in Windows-1252 (smart quotes, a no-break space, a dash)."""
    t = t.replace('  ', ' \u00a0').translate(SMART).replace(' - ', ' \u2013 ')
    return t.encode('cp1252', 'replace').decode('utf-8', 'surrogateescape')


def blog_p(t):
    """A blog export: paragraphs as <p>, lines joined by <br />, runs of
    blanks as &nbsp; (no page around it)."""
    paras = re.split(r'\n\s*\n', t)
    out = []
    for p in paras:
        ls = [re.sub(r'  ', ' &nbsp;', html.escape(l, quote=False)) for l in p.split('\n')]
        out.append('<p>' + '<br />\n'.join(ls) + '</p>')
    return '\n'.join(out) + '\n'


def fence_glued(t):
    """A chat client's fence glued to the first and last lines."""
    return '```' + t.rstrip('\n') + '```\n'


def sig_middle(t):
    """A signature block put in the middle of the post, at the blank line
    nearest its middle (a paragraph's end: a digest's message ends there)."""
    ls = t.split('\n')
    blanks = [i for i, l in enumerate(ls) if not l.strip()] or [len(ls) // 2]
    m = min(blanks, key=lambda i: abs(i - len(ls) // 2))
    return '\n'.join(ls[:m] + ['-- ', 'Jo Bloggs, Storage Team', 'Sent from my phone', ''] + ls[m:])


def tab_mix(t):
    """Every other line tabified (a table whose rows were pasted from two places)."""
    return '\n'.join(unexpand(l) if i % 2 else l for i, l in enumerate(t.split('\n')))


MD_SPECIAL = re.compile(r'([\\`*_{}\[\]<>#+|-])')


def md_escape(t):
    """An HTML-to-Markdown converter's escapes: a backslash before each
    character Markdown would read ('\\*', '\\+', '\\_', '\\#')."""
    return MD_SPECIAL.sub(r'\\\1', t)


def irc(t):
    """A paste into a chat, as its log shows it: a time stamp and the nick
    before each line with text; blank lines are no messages, so they go."""
    return '\n'.join('[%02d:%02d] <joe> %s' % (12 + i // 60, i % 60, l)
                     for i, l in enumerate(l for l in t.split('\n') if l.strip()))


def chat_export(t):
    """A chat app's export (WhatsApp on a phone): the post sent as messages
    of up to eight lines, the stamp and the sender before each message's
    first line only; the lines after it are as they were."""
    lines, out = t.split('\n'), []
    for k in range(0, len(lines), 8):
        out.append('[06/12/2026, 21:%02d:%02d] Joe Bloggs: ' % (k // 480 % 60, k // 8 % 60) + lines[k])
        out += lines[k + 1:k + 8]
    return '\n'.join(out)


def lost_escapes(t):
    """A terminal's colours pasted where the ESC byte was dropped: each line
    with text bold, its first figure green, and the colour reset."""
    def one(l):
        if not l.strip():
            return l
        l = re.sub(r'(\d+(?:\.\d+)?)', '[1;32m\\1[0m', l, count=1)
        return '[1m' + l + '[0m'
    return '\n'.join(one(l) for l in t.split('\n'))


def overstrike(t):
    """A pager's bold (x BS x) on each line's first word, as nroff makes it."""
    def one(l):
        m = re.match(r'(\s*)(\S+)(.*)', l)
        if not m:
            return l
        return m.group(1) + ''.join(c + '\b' + c for c in m.group(2)) + m.group(3)
    return '\n'.join(one(l) for l in t.split('\n'))


def ligatures(t):
    """Text copied out of a PDF: "fi", "fl", "ff" as the ligature characters."""
    return t.replace('ffi', '\ufb03').replace('ff', '\ufb00').replace('fi', '\ufb01').replace('fl', '\ufb02')


def gmail(t):
    """A web mail's HTML body: a <div> per line, blanks as &nbsp;."""
    body = ''.join('<div>' + (re.sub(r'  ', ' &nbsp;', html.escape(l, quote=False)) or '<br>') +
                   '</div>\n' for l in t.split('\n'))
    return '<div dir="ltr">\n' + body + '</div>\n'


def jira_table(t):
    """A Jira or Confluence table: the first line of each paragraph a header
    row ('||a||b||'), the others rows ('|a|b|')."""
    def row(cells, first):
        sep = '||' if first else '|'
        return [sep + sep.join(cells) + sep]
    return table_rows(t, row)


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
    'tab4': per_line(lambda l: expand(unexpand(l), 4)),
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
    'bullet': per_line(lambda l: '- ' + l if l.strip() else l),
    'bulstar': per_line(lambda l: '* ' + l if l.strip() else l),
    'buldot': per_line(lambda l: '\u2022 ' + l if l.strip() else l),
    'numlist': numbered_text('%d. '),
    'numparen': numbered_text('%d) '),
    'numcont': numbered_text('%d. ', restart=False),
    'numall': numbered('%d. '),
    'numone': per_line(lambda l: '1. ' + l if l.strip() else l),
    'uuencode': uuencode,
    'mdtable': before_qp(md_table),
    'zwsp': in_numbers('\u200b'),
    'shy': in_numbers('\u00ad'),
    'thin': in_numbers('\u2009'),
    'nnbsp': in_numbers('\u202f'),
    'smart': lambda t: t.translate(SMART),
    'cp1252': cp1252,
    'blogp': blog_p,
    'trac': lambda t: '{{{\n' + t + '\n}}}\n',
    'wikipre': lambda t: 'Results below.\n<pre>\n' + t + '\n</pre>\n',
    'fenceglue': fence_glued,
    'sigmid': sig_middle,
    'wrap40': per_line(lambda l: wrap(l, 40)),
    'tabmix': tab_mix,
    'twice': lambda t: t + '\n' + t,
    'qpqwrap': lambda t: qp(rewrap_quoted(t)),
    'cronly': lambda t: t.replace('\n', '\r'),
    'utf16': lambda t: ('\ufeff' + t.replace('\n', '\r\n')).encode('utf-16-le', 'surrogatepass')
                       .decode('utf-8', 'surrogateescape'),
    'mdescape': md_escape,
    'irc': irc,
    'gmail': gmail,
    'jiratable': before_qp(jira_table),
    'jiracode': lambda t: '{code}\n' + t + '\n{code}\n',
    'chatexport': chat_export,
    'lostesc': before_qp(lost_escapes),
    'overstrike': overstrike,
    'ligature': ligatures,
    'colon': per_line(lambda l: ': ' + l if l else ':'),
    'phpbb': lambda t: '[quote="joe":3k2j1h9x][code:1:3k2j1h9x]\n' + t + '\n[/code:1:3k2j1h9x][/quote:3k2j1h9x]\n',
    'nicks': lambda t: '\n'.join('<joe> ' + l for l in t.split('\n') if l.strip()),
}


def damage(kind, text):
    """Kind "a+b" applies a, then b to what a made (damage on damage)."""
    for k in kind.split('+'):
        text = KINDS[k](text)
    return text


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
                f.write(damage(k, text))
        r = subprocess.run(['python3', os.path.join(RW, 'score.py'), EXP, d, '--bin', binary],
                           capture_output=True, text=True)
        last = r.stdout.strip().split('\n')[-1] if r.stdout.strip() else r.stderr.strip()
        print(f'{k:9s} {last}')


if __name__ == '__main__':
    main()
