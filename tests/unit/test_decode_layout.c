/* Unit tests: the layout a copy leaves on a whole block of lines
 * (core/decode_layout.c): line-number gutters, double spacing and terminal
 * escapes, and what must not be taken for them. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "doc_lines.h"

#include "doc.h"
#include "util.h"

static void check(const char *in, const char *want, unsigned transport)
{
	struct br_doc *d = mem(in);
	char *got = joined(d);
	assert_string_equal(got, want);
	assert_int_equal(d->transport & (BR_TRANSPORT_NUMBERS | BR_TRANSPORT_SPACING), transport);
	free(got);
	br_doc_free(d);
}

/* A pastebin's "%4d. " gutter: gone from every line, numbered empty lines
 * become empty, the content's own indentation stays; each line keeps its
 * original number. */
static void pastebin_gutter(void **state)
{
	(void)state;
	static const char in[] = "   8. Version  1.96       ------Sequential Output------\n"
				 "   9. Machine        Size K/sec %CP\n"
				 "  10. backup1         24G   702  97\n"
				 "  11.\n"
				 "  12.     indented\n"
				 "  13. 1.96,1.96,backup1,1\n";
	check(in,
	      "Version  1.96       ------Sequential Output------\n"
	      "Machine        Size K/sec %CP\n"
	      "backup1         24G   702  97\n"
	      "\n"
	      "    indented\n"
	      "1.96,1.96,backup1,1\n",
	      BR_TRANSPORT_NUMBERS);
	struct br_doc *d = mem(in);
	for (size_t i = 0; i < d->nlines; i++)
		assert_int_equal(d->lines[i].line, i + 1);
	br_doc_free(d);
}

/* The other gutters: a viewer's " | ", `cat -n`'s TAB, left-aligned
 * numbers that grow a digit, "12:" and "12)". */
static void other_gutters(void **state)
{
	(void)state;
	check("    1 | a\n    2 | b\n    3 |\n    4 | d\n    5 | e\n", "a\nb\n\nd\ne\n", BR_TRANSPORT_NUMBERS);
	check("     7\tx 1\n     8\ty 2\n     9\tz\n    10\tw\n    11\tv\n", "x 1\ny 2\nz\nw\nv\n",
	      BR_TRANSPORT_NUMBERS);
	check("8. a\n9. b\n10. c\n11. d\n12. e\n", "a\nb\nc\nd\ne\n", BR_TRANSPORT_NUMBERS);
	check("1: a\n2: b\n3: c\n4: d\n5: e\n", "a\nb\nc\nd\ne\n", BR_TRANSPORT_NUMBERS);
	check("1) a\n2) b\n3) c\n4) d\n5) e\nafter\n", "a\nb\nc\nd\ne\nafter\n", BR_TRANSPORT_NUMBERS);
	/* grep -n: the text glued to the ':' (its own blanks kept, digits
	 * after the first line too) */
	check("3:Version 1.96\n4:\n5: Timing x\n6:12.5 MB\n7:Latency\n8:1.96,1.96\n",
	      "Version 1.96\n\n Timing x\n12.5 MB\nLatency\n1.96,1.96\n", BR_TRANSPORT_NUMBERS);
	/* a glued ':' under other marks ends their block */
	check("1. a\n2. b\n3. c\n4. d\n5. e\n6:30 f\n", "a\nb\nc\nd\ne\n6:30 f\n", BR_TRANSPORT_NUMBERS);
}

/* A numbered paste that a mail wrapped afterwards: the rest of a wrapped
 * line (one or two lines without a number, the next number after them)
 * stays in the block as it is; three such lines end it. */
static void wrapped_gutter(void **state)
{
	(void)state;
	check("  17.  Timing cached reads:   22726 MB in  1.99 seconds = 11430.90\n"
	      "MB/sec\n"
	      "  18.  Timing buffered disk reads:  86 MB in  3.07 seconds =\n"
	      "28.06\n"
	      "MB/sec\n"
	      "  19.\n"
	      "  20. /dev/sdb:\n"
	      "  21. done\n",
	      " Timing cached reads:   22726 MB in  1.99 seconds = 11430.90\n"
	      "MB/sec\n"
	      " Timing buffered disk reads:  86 MB in  3.07 seconds =\n"
	      "28.06\n"
	      "MB/sec\n"
	      "\n"
	      "/dev/sdb:\n"
	      "done\n",
	      BR_TRANSPORT_NUMBERS);
	static const char three[] = "1. a\n2. b\nx\ny\nz\n3. c\n4. d\n5. e\n";
	check(three, three, 0);
	/* the wrap broke a line right after its number: its text is the
	 * line, not an empty line before it */
	check("   90 | a\n   91 | b\n   92 |\n    #tb6,16G,87042,99\n   93 | \n   94 | c\n",
	      "a\nb\n    #tb6,16G,87042,99\n\nc\n", BR_TRANSPORT_NUMBERS);
}

/* A numbered paste behind a comment's marks shows its gutter once they
 * are gone; a line that quoted-printable joined took the numbers of the
 * lines it joined. */
static void gutter_behind_marks(void **state)
{
	(void)state;
	struct br_doc *d = mem(" *    1. Content-Transfer-Encoding: quoted-printable\n"
			       " *    2.\n"
			       " *    3. The array gives these numbers after the firmware update, see=\n"
			       " *    4.  below:\n"
			       " *    5. box2,2G,31234,88,55123\n"
			       " *    6. done\n"
			       " *    7. end\n");
	char *got = joined(d);
	assert_string_equal(got, "Content-Transfer-Encoding: quoted-printable\n"
				 "\n"
				 "The array gives these numbers after the firmware update, see below:\n"
				 "box2,2G,31234,88,55123\n"
				 "done\n"
				 "end\n");
	assert_true(d->transport & BR_TRANSPORT_NUMBERS);
	assert_true(d->transport & BR_TRANSPORT_QP);
	free(got);
	br_doc_free(d);
}

/* Double spacing of lines behind a comment's marks: a sentence cut in two
 * behind "# " shows it as well as one in the open. */
static void marked_double_spacing(void **state)
{
	(void)state;
	check("# The numbers of the array after the firmware update, all three\n"
	      "\n"
	      "# runs of them:\n"
	      "\n"
	      "# box1 2G 31234 88 55123 20\n"
	      "\n"
	      "# box2 2G 31200 87 55001 21\n"
	      "\n"
	      "# box3 2G 31111 86 54987 20\n"
	      "\n"
	      "# done.\n",
	      "The numbers of the array after the firmware update, all three\n"
	      "runs of them:\n"
	      "box1 2G 31234 88 55123 20\n"
	      "box2 2G 31200 87 55001 21\n"
	      "box3 2G 31111 86 54987 20\n"
	      "done.\n",
	      BR_TRANSPORT_SPACING);
}

/* Lines that start with numbers but are no gutter: CSV records, rows of
 * figures, times, a short numbered list, numbers that do not count up. */
static void not_gutters(void **state)
{
	(void)state;
	static const char *const ins[] = {
		"1.98,2.00a,a\n1.98,2.00a,b\n1.98,2.00a,c\n1.98,2.00a,d\n1.98,2.00a,e\n",
		"16 1801 11\n17 1802 12\n18 1803 13\n19 1804 14\n20 1805 15\n",
		"12:30 a\n12:31 b\n12:32 c\n12:33 d\n12:34 e\n",
		"12:00 a\n13:00 b\n14:00 c\n15:00 d\n16:00 e\n",
		"1:a\n2:b\n3:c\n4:d\n",
		"1. first\n2. second\n3. third\n4. fourth\n",
		"  100  a\n  101  b\n  102  c\n  103  d\n  104  e\n",
		"1. a\n2. b\n4. c\n5. d\n6. e\n",
	};
	for (size_t i = 0; i < BR_ARRAY_LEN(ins); i++)
		check(ins[i], ins[i], 0);
}

/* Double spacing: the blank line after every line goes, an original blank
 * line (three blank lines now) stays one; line numbers stay the originals. */
static void double_spacing(void **state)
{
	(void)state;
	static const char in[] = "Copied from the forum:\n\n\n\n"
				 "/dev/sda:\n\n"
				 " Timing cached reads:   19422 MB in  1.99 seconds = 9760.80 MB/sec\n\n"
				 " Timing buffered disk reads: 1546 MB in  3.00 seconds = 515.27 MB/sec\n\n\n\n"
				 "/dev/sdb:\n\n"
				 " Timing cached reads:   19018 MB in  1.99 seconds = 9557.57 MB/sec\n\n"
				 " Timing buffered disk reads: 562 MB in  3.01 seconds = 186.71 MB/sec\n";
	check(in,
	      "Copied from the forum:\n"
	      "\n"
	      "/dev/sda:\n"
	      " Timing cached reads:   19422 MB in  1.99 seconds = 9760.80 MB/sec\n"
	      " Timing buffered disk reads: 1546 MB in  3.00 seconds = 515.27 MB/sec\n"
	      "\n"
	      "/dev/sdb:\n"
	      " Timing cached reads:   19018 MB in  1.99 seconds = 9557.57 MB/sec\n"
	      " Timing buffered disk reads: 562 MB in  3.01 seconds = 186.71 MB/sec\n",
	      BR_TRANSPORT_SPACING);
	struct br_doc *d = mem(in);
	assert_int_equal(d->lines[2].line, 5);  /* /dev/sda: */
	assert_int_equal(d->lines[6].line, 13); /* /dev/sdb: */
	br_doc_free(d);
}

/* Double spacing, then a hard wrap: a long line and the end the wrap
 * moved off it touch, and are one line of the doubled text. A paragraph
 * of two lines as written (no doubling) is left alone. */
static void double_spacing_then_wrapped(void **state)
{
	(void)state;
	static const char in[] = "Pasted:\n\n\n\n"
				 "stock_write_path        512 14210 97.1 26120 28.8 10880 15.9 12011\n"
				 "75.0\n\n"
				 "27330 16.4  221.7  2.3\n\n"
				 "patched_write_path      512 15020 88.0 29011 21.7 11201 14.2 12500\n"
				 "73.3\n\n"
				 "28010 15.8  240.9  2.2\n\n"
				 "Lee\n";
	check(in,
	      "Pasted:\n"
	      "\n"
	      "stock_write_path        512 14210 97.1 26120 28.8 10880 15.9 12011\n"
	      "75.0\n"
	      "27330 16.4  221.7  2.3\n"
	      "patched_write_path      512 15020 88.0 29011 21.7 11201 14.2 12500\n"
	      "73.3\n"
	      "28010 15.8  240.9  2.2\n"
	      "Lee\n",
	      BR_TRANSPORT_SPACING);
	static const char plain[] = "a\n\nb\n\nThe first line of a paragraph is long enough to wrap, it goes on\n"
				    "and ends here.\n\nc 1 2 3\n\nd 4 5 6\n\ne\n";
	check(plain, plain, 0);
	/* rows and two-line paragraphs taking turns, a row going on in lower
	 * case: no original blank line, so nothing doubled */
	static const char turns[] = "Intro.\n\n"
				    "bigiron  1  16G  1012  97  240111  33  120998  19  4490  98\n\n"
				    "bigiron  Latency  11022us  3120ms  412ms  9911us  120ms\n\n"
				    "His second machine went into a forum post that turned every comma into\n"
				    "two blanks:\n\n"
				    "1.97  1.97  smallfry  1  1412345678  4G  701  95  61022  14\n\n"
				    "and a 1.03 run of his in the same form:\n\n"
				    "tinybox  1G  8120  77  20112  18  9011  9  8012  92  29011\n\n"
				    "The last line he pasted lost six of its twelve latencies on the way, so\n"
				    "there is no telling:\n\n"
				    "1.97  1.97  lostfield  1  1412349999  4G  690  95  60111  14\n";
	check(turns, turns, 0);
}

/* CR CR LF line ends make the same double spacing. */
static void cr_cr_lf(void **state)
{
	(void)state;
	check("Results:\r\r\n\r\r\n1 2 3 a\r\r\n4 5 6 b\r\r\n7 8 9 c\r\r\nx\r\r\ny\r\r\nz\r\r\n",
	      "Results:\n\n1 2 3 a\n4 5 6 b\n7 8 9 c\nx\ny\nz\n", BR_TRANSPORT_SPACING);
}

/* One-line paragraphs, prose and results taking turns one blank line apart,
 * are what the author wrote: left alone. So is a stretch without result
 * rows, and ordinary paragraphs. */
static void not_double_spacing(void **state)
{
	(void)state;
	static const char *const ins[] = {
		"Before:\n\n# hdparm 412 MB in 2.00 seconds = 205.80 MB/sec\n\nAfter DMA:\n\n"
		"# hdparm 128 MB in 0.62 seconds = 206.45 MB/sec\n\nBoth:\n\n"
		"$ hdparm 310 MB in 3.01 seconds = 102.99 MB/sec\n\nEnd.\n",
		"a\n\nb\n\n\n\nc\n\nd\n\ne\n\nf\n\ng\n",
		"Hi,\n\nhere are the results.\n1 2 3\n4 5 6\n\nThanks\n",
		/* a Markdown README: headings, one-line paragraphs, CSV lines */
		"## Box A\n\nDefault properties:\n\n`boxa,8G,61422,92,148801,31`\n\n"
		"With atime=off:\n\n    boxa,8G,62018,93,201455,40   <- atime=off\n\n## Box B\n\n"
		"    boxb,8G,70112,97,388021,52\n\nRaw CSV of a second run: `boxb,8G,69877,97,391220,53`\n",
	};
	for (size_t i = 0; i < BR_ARRAY_LEN(ins); i++)
		check(ins[i], ins[i], 0);
}

/* A quoted block that was double spaced: its blank lines show once the
 * quoting is gone, and go then. */
static void quoted_double_spacing(void **state)
{
	(void)state;
	check("> Before:\n>\n> 1 2 3 a\n>\n> 4 5 6 b\n>\n>\n>\n> After:\n>\n> 7 8 9 c\n>\n> 1 2 3 d\n",
	      "Before:\n1 2 3 a\n4 5 6 b\n\nAfter:\n7 8 9 c\n1 2 3 d\n", BR_TRANSPORT_SPACING);
}

/* Terminal escapes (colours, a title, a character set) go wherever they
 * stand; an ESC that starts no sequence stays, and so does text like "[0m"
 * without one. */
static void terminal_escapes(void **state)
{
	(void)state;
	struct br_doc *d = mem("\x1b]0;root@box: ~\a\x1b[01;32mroot@box\x1b[00m:~# hdparm -t /dev/sda\n"
			       " Timing buffered disk reads: \x1b[1m1546 MB\x1b[0m in  3.00 seconds = 515.27 MB/sec\x1b(B\x1b[m\n"
			       "lone \x1b and [0m stay\n");
	assert_string_equal(d->lines[0].text, "root@box:~# hdparm -t /dev/sda");
	assert_string_equal(d->lines[1].text, " Timing buffered disk reads: 1546 MB in  3.00 seconds = 515.27 MB/sec");
	assert_string_equal(d->lines[2].text, "lone \x1b and [0m stay");
	assert_true(d->transport & BR_TRANSPORT_ESCAPES);
	assert_int_equal(d->lines[1].line, 2);
	br_doc_free(d);
	d = mem("no escapes here\n");
	assert_false(d->transport & BR_TRANSPORT_ESCAPES);
	br_doc_free(d);
}

/* A pager's overstrike: "x BS x" (bold) and "_ BS x" (underline) print x,
 * "x BS _" too; a BS at an end of the line stays, and a document of them
 * is no binary file. */
static void terminal_overstrike(void **state)
{
	(void)state;
	struct br_doc *d = mem("/\b/d\bde\bev\bv/\b/s\bsd\bda\ba:\b:\n"
			       " _\bT_\bi_\bm_\bi_\bn_\bg cached reads: 2\b_0\b_ MB\n"
			       "\bend\b\n"
			       "\xc3\xa9\b\xc3\xa9t\xc3\xa9\n");
	assert_false(d->binary);
	assert_string_equal(d->lines[0].text, "/dev/sda:");
	assert_string_equal(d->lines[1].text, " Timing cached reads: 20 MB");
	assert_string_equal(d->lines[2].text, "\bend\b");
	assert_string_equal(d->lines[3].text, "\xc3\xa9t\xc3\xa9");
	assert_true(d->transport & BR_TRANSPORT_ESCAPES);
	br_doc_free(d);
}

/* Colours whose ESC a web form dropped ("[1;32m") or cat -v spelled ("^[["):
 * gone where the document shows a reset ("[0m", "[m"), in lines without an
 * ESC; text that looks like one stays: a prompt's "[me@box", "[0m]", and
 * all of them in a document without a reset. */
static void terminal_lost_escapes(void **state)
{
	(void)state;
	struct br_doc *d = mem("[1;34m/dev/sda:[0m\n"
			       " Timing buffered disk reads: [1;32m512.33[0m MB/sec[K\n"
			       "^[[33m9644.02 MB/sec^[[m and [me@box ~]$ and x[0m]\n"
			       "a stray \x1b keeps [0m\n");
	assert_string_equal(d->lines[0].text, "/dev/sda:");
	assert_string_equal(d->lines[1].text, " Timing buffered disk reads: 512.33 MB/sec");
	assert_string_equal(d->lines[2].text, "9644.02 MB/sec and [me@box ~]$ and x[0m]");
	assert_string_equal(d->lines[3].text, "a stray \x1b keeps [0m");
	assert_true(d->transport & BR_TRANSPORT_ESCAPES);
	assert_int_equal(d->lines[1].line, 2);
	br_doc_free(d);
	d = mem("[1;34m/dev/sda:\n[me@box ~]$ ls\n");
	assert_string_equal(d->lines[0].text, "[1;34m/dev/sda:");
	assert_false(d->transport & BR_TRANSPORT_ESCAPES);
	br_doc_free(d);
}

/* A reply quoting a numbered paste of a commented block: the quoting,
 * then the numbers, then the paste's own "# " go. */
static void quoted_numbered_comments(void **state)
{
	(void)state;
	check(">    1. # Version 1.96 ------Sequential Output------\n"
	      ">    2. # Machine Size K/sec %CP\n"
	      ">    3. # bach 32G 2165 93\n"
	      ">    4. # Latency 14746us 646ms\n"
	      ">    5. #\n",
	      "Version 1.96 ------Sequential Output------\n"
	      "Machine Size K/sec %CP\n"
	      "bach 32G 2165 93\n"
	      "Latency 14746us 646ms\n"
	      "\n",
	      BR_TRANSPORT_NUMBERS);
}

/* Log time stamps: syslog's with the journal's "host prog[pid]:", ts(1)'s
 * (a stamp alone is an empty line), ISO 8601 as CI logs write it and in
 * brackets; three stamped lines in a row, each keeping its own number.
 * Two lines, times without seconds, a stamp glued to a word: not a log. */
static void log_stamps(void **state)
{
	(void)state;
	struct br_doc *d = mem("Mar 03 02:00:01 fs disktest[4121]: /dev/sda:\n"
			       "Mar  3 02:00:03 fs disktest[4121]:  Timing cached reads: 1 MB\n"
			       "Jun 11 14:02:10\n"
			       "Jun 11 14:02:13  Timing buffered disk reads: 2 MB\n"
			       "text\n"
			       "2024-03-03T11:02:41.5528107Z /dev/nvme0n1:\n"
			       "2024-03-03 11:02:43+01:00  Timing cached\n"
			       "[2024-03-03 12:00:00] x\n"
			       "[12:00:02] y\n");
	static const char *const want[] = {"/dev/sda:", " Timing cached reads: 1 MB", "",
					   " Timing buffered disk reads: 2 MB", "text", "/dev/nvme0n1:",
					   " Timing cached", "x", "y"};
	assert_int_equal(d->nlines, 9);
	for (size_t i = 0; i < d->nlines; i++) {
		assert_string_equal(d->lines[i].text, want[i]);
		assert_int_equal(d->lines[i].line, i + 1);
	}
	assert_true(d->transport & BR_TRANSPORT_PREFIX);
	br_doc_free(d);
	check("Mar 03 02:00:01 a\nMar 03 02:00:02 b\nend\n", "Mar 03 02:00:01 a\nMar 03 02:00:02 b\nend\n", 0);
	check("10:30 call\n11:00 swap\n11:45 rerun\n", "10:30 call\n11:00 swap\n11:45 rerun\n", 0);
	check("10:30:00x a\n11:00:00x b\n11:45:00x c\n", "10:30:00x a\n11:00:00x b\n11:45:00x c\n", 0);
	d = mem("Mar 03 02:00:01 a\nMar 03 02:00:02 b\nend\n");
	assert_false(d->transport & BR_TRANSPORT_PREFIX);
	br_doc_free(d);
}

/* Blanks alone after the number (vim's `:set number`, `less -N`): a gutter
 * when the block numbers an empty line ("13 " or "13"), cut at the fewest
 * blanks after a number, the text's own indentation kept; or when its
 * numbers are padded to one width. Five rows that count runs, with no empty
 * line among them, keep their numbers. */
static void blank_gutters(void **state)
{
	(void)state;
	check(" 12 # hdparm -tT /dev/sdb\n 13 \n 14 /dev/sdb:\n 15  Timing cached\n 16  Timing buffered\n",
	      "# hdparm -tT /dev/sdb\n\n/dev/sdb:\n Timing cached\n Timing buffered\n", BR_TRANSPORT_NUMBERS);
	check("      1\n      2 /dev/sda:\n      3  Timing a\n      4  Timing b\n      5\n",
	      "\n/dev/sda:\n Timing a\n Timing b\n\n", BR_TRANSPORT_NUMBERS);
	check("1  279.17 MB/sec\n2  281.02 MB/sec\n3  278.40 MB/sec\n4  280.11 MB/sec\n5  279.93 MB/sec\n",
	      "1  279.17 MB/sec\n2  281.02 MB/sec\n3  278.40 MB/sec\n4  280.11 MB/sec\n5  279.93 MB/sec\n", 0);
	/* no empty line, but numbers padded to one width: a gutter; numbers
	 * that grow to the right are a table's */
	check("  8 start\n  9 Version 1.97\n 10 Machine Size\n 11 box 8G 446\n 12 end\n",
	      "start\nVersion 1.97\nMachine Size\nbox 8G 446\nend\n", BR_TRANSPORT_NUMBERS);
	check("8 a 1\n9 b 2\n10 c 3\n11 d 4\n12 e 5\n", "8 a 1\n9 b 2\n10 c 3\n11 d 4\n12 e 5\n", 0);
	/* blanks-only lines do not join a block of ". " gutters */
	check("1. a\n2. b\n3 c\n4. d\n5. e\n", "1. a\n2. b\n3 c\n4. d\n5. e\n", 0);
}

/* Host tags (pdsh "cn001: ", compose "bench-1  | "): three lines or more
 * behind one name lose it, a line with the name alone goes before them in
 * place of their leading empty lines; names taking turns, or a word with
 * no digit ("Received: " three times), stay. */
static void host_tags(void **state)
{
	(void)state;
	struct br_doc *d = mem("cn001: \n"
			       "cn001: /dev/sdb:\n"
			       "cn001:  Timing cached\n"
			       "bench-1  | a\n"
			       "bench-1  | b\n"
			       "bench-1  |\n");
	static const char *const want[] = {"cn001:", "/dev/sdb:", " Timing cached", "bench-1:", "a", "b", ""};
	static const unsigned line[] = {1, 2, 3, 4, 4, 5, 6};
	assert_int_equal(d->nlines, 7);
	for (size_t i = 0; i < d->nlines; i++) {
		assert_string_equal(d->lines[i].text, want[i]);
		assert_int_equal(d->lines[i].line, line[i]);
	}
	assert_true(d->transport & BR_TRANSPORT_PREFIX);
	br_doc_free(d);
	check("n01: a\nn02: b\nn01: c\nn02: d\n", "n01: a\nn02: b\nn01: c\nn02: d\n", 0);
	d = mem("Received: a\nReceived: b\nReceived: c\n");
	assert_string_equal(d->lines[0].text, "Received: a");
	assert_false(d->transport & BR_TRANSPORT_PREFIX);
	br_doc_free(d);
	/* kubectl logs --prefix: the pod's name; "[INFO]", "[Pipeline]" are
	 * no host's */
	check("[pod/bench-0/disk] \n[pod/bench-0/disk] /dev/sdb:\n[pod/bench-0/disk]  Timing\n",
	      "bench-0:\n/dev/sdb:\n Timing\n", 0);
	check("[web-1] a\n[web-1] b\n[web-1] c\n", "web-1:\na\nb\nc\n", 0);
	check("[INFO] a\n[INFO] b\n[INFO] c\n", "[INFO] a\n[INFO] b\n[INFO] c\n", 0);
	check("[Pipeline] sh\n[Pipeline] }\n[Pipeline] // stage\n", "[Pipeline] sh\n[Pipeline] }\n[Pipeline] // stage\n", 0);
}

/* A journal of one machine or several, each in a run of lines: each run
 * under its host's name alone (a block of its own: the name titles the
 * machine's output); machines taking turns line by line: no names. */
static void log_hosts(void **state)
{
	(void)state;
	check("Mar 03 10:00:01 nas1 b.sh[1]: /dev/sda:\n"
	      "Mar 03 10:00:05 nas1 b.sh[1]:  Timing a\n"
	      "Mar 03 10:00:09 nas2 b.sh[7]: /dev/sda:\n"
	      "Mar 03 10:00:12 nas2 b.sh[7]:  Timing b\n",
	      "nas1:\n/dev/sda:\n Timing a\n\nnas2:\n/dev/sda:\n Timing b\n", 0);
	check("Mar 03 10:00:01 nas1 b.sh[1]: a\nMar 03 10:00:05 nas1 b.sh[1]: b\nMar 03 10:00:09 nas1 b.sh[1]: c\n",
	      "nas1:\na\nb\nc\n", 0);
	check("Mar 03 10:00:01 nas1 b.sh[1]: a\nMar 03 10:00:05 nas2 b.sh[1]: b\nMar 03 10:00:09 nas1 b.sh[1]: c\n",
	      "a\nb\nc\n", 0);
}

/* A chat log written without time stamps: three lines or more behind
 * "<nick> " lose it, as stamped ones do; fewer stay as they are. */
static void chat_nicks_without_stamps(void **state)
{
	(void)state;
	check("<zed> sure, mine\n<zed> /dev/sda:\n<zed>  Timing a\n<kraut> and sdb?\n",
	      "sure, mine\n/dev/sda:\n Timing a\nand sdb?\n", 0);
	check("<zed> a\n<zed> b\nc\n", "<zed> a\n<zed> b\nc\n", 0);
	/* a web mail's <div> lines, encoded: soft breaks moved the closing
	 * tags of three onto the next lines; a tag HTML knows is no nick,
	 * and each soft break joins its line */
	check("Content-Transfer-Encoding: quoted-printable\n\n<div dir=3D\"ltr\">\n"
	      "<div>Version 1.98 &nbsp; &nbsp; &nbsp; ------Sequential Output------ --Seq=\nuential Input- </div>\n"
	      "<div> &nbsp; &nbsp; &nbsp; &nbsp; &nbsp; &nbsp; &nbsp; &nbsp; &nbsp; &nbsp;=\n"
	      "-Per Chr- --Block-- -Rewrite- -Per Chr- --Block-- </div>\n"
	      "<div> &nbsp; &nbsp; &nbsp; &nbsp; &nbsp; &nbsp; &nbsp; &nbsp; &nbsp; &nbsp;=\n"
	      "------Sequential Create------ --------Random </div>\n"
	      "<div> &nbsp; &nbsp; &nbsp; &nbsp; &nbsp; &nbsp; &nbsp; &nbsp; &nbsp; &nbsp;=\n"
	      "-Create-- --Read--- -Delete-- -Create-- --Read--- </div>\n</div>\n",
	      "Content-Transfer-Encoding: quoted-printable\n"
	      "Version 1.98       ------Sequential Output------ --Sequential Input-\n"
	      "                   -Per Chr- --Block-- -Rewrite- -Per Chr- --Block--\n"
	      "                   ------Sequential Create------ --------Random\n"
	      "                   -Create-- --Read--- -Delete-- -Create-- --Read---\n",
	      0);
}

/* A chat log, a host-tagged paste, a journal a mail client re-wrapped: the
 * stamp or the tag is on each line's first piece only. A piece its line
 * could not have taken (the line, as written, 60 wide or more with its
 * first word) goes back onto it, after a blank, up to a line with the
 * prefix again; so the block holds (three prefixed lines) and each line is
 * whole. A short line before it, or no prefixed line after it: a line of
 * its own. */
static void prefixes_rewrapped(void **state)
{
	(void)state;
	struct br_doc *d = mem("[09:13] <patl> /dev/sda:\n"
			       "[09:13] <patl>  Timing cached reads:   3172 MB in  2.00 seconds = 1586.21\n"
			       "MB/sec\n"
			       "[09:13] <patl>  Timing buffered disk reads:  212 MB in  3.01 seconds =\n"
			       "70.43 MB/sec\n"
			       "[09:14] <rgh> ok\n");
	static const char *const want[] = {"/dev/sda:", " Timing cached reads:   3172 MB in  2.00 seconds = 1586.21 MB/sec",
					   " Timing buffered disk reads:  212 MB in  3.01 seconds = 70.43 MB/sec", "ok"};
	static const unsigned line[] = {1, 2, 4, 6}, end_line[] = {1, 3, 5, 6};
	assert_int_equal(d->nlines, 4);
	for (size_t i = 0; i < d->nlines; i++) {
		assert_string_equal(d->lines[i].text, want[i]);
		assert_int_equal(d->lines[i].line, line[i]);
		assert_int_equal(d->lines[i].end_line, end_line[i]);
	}
	br_doc_free(d);
	/* no stamp: "<nick> " alone */
	check("<mira> Machine        Size K/sec %CP K/sec %CP K/sec %CP K/sec %CP K/sec %CP\n/sec %CP\n"
	      "<mira> backup2 16G 612\n<mira> done\n",
	      "Machine        Size K/sec %CP K/sec %CP K/sec %CP K/sec %CP K/sec %CP /sec %CP\nbackup2 16G 612\ndone\n", 0);
	/* host tags */
	check("node01: /dev/sdb:\nnode01:  Timing cached reads:   17248 MB in  1.99 seconds = 8667.51\nMB/sec\n"
	      "node01:  Timing buffered\n",
	      "node01:\n/dev/sdb:\n Timing cached reads:   17248 MB in  1.99 seconds = 8667.51 MB/sec\n Timing buffered\n", 0);
	/* a journal's host, its runs unbroken by the rests */
	check("Mar 03 02:00:01 nas1 dc[1]: /dev/sdc:\nMar 03 02:00:03 nas1 dc[1]:  Timing cached reads:   9824 MB in\n"
	      "2.00 seconds\nMar 03 02:00:06 nas1 dc[1]: done\n",
	      "nas1:\n/dev/sdc:\n Timing cached reads:   9824 MB in 2.00 seconds\ndone\n", 0);
	/* a short line before it; nothing stamped after it */
	check("[10:01] <kim> a\n[10:02] <kim> run it three times on an idle system, then\nso it goes\n"
	      "[10:03] <kim> b\n",
	      "[10:01] <kim> a\n[10:02] <kim> run it three times on an idle system, then\nso it goes\n"
	      "[10:03] <kim> b\n", 0);
	check("[10:01] <kim> a\n[10:02] <kim> b\n[10:03] <kim> the numbers from hdparm on a busy box mean little\n"
	      "We wrote that into the wiki.\n",
	      "a\nb\nthe numbers from hdparm on a busy box mean little\nWe wrote that into the wiki.\n", 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(pastebin_gutter),
		cmocka_unit_test(other_gutters),
		cmocka_unit_test(wrapped_gutter),
		cmocka_unit_test(gutter_behind_marks),
		cmocka_unit_test(marked_double_spacing),
		cmocka_unit_test(not_gutters),
		cmocka_unit_test(double_spacing),
		cmocka_unit_test(double_spacing_then_wrapped),
		cmocka_unit_test(cr_cr_lf),
		cmocka_unit_test(not_double_spacing),
		cmocka_unit_test(quoted_double_spacing),
		cmocka_unit_test(terminal_escapes),
		cmocka_unit_test(terminal_overstrike),
		cmocka_unit_test(terminal_lost_escapes),
		cmocka_unit_test(quoted_numbered_comments),
		cmocka_unit_test(log_stamps),
		cmocka_unit_test(blank_gutters),
		cmocka_unit_test(host_tags),
		cmocka_unit_test(log_hosts),
		cmocka_unit_test(chat_nicks_without_stamps),
		cmocka_unit_test(prefixes_rewrapped),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
