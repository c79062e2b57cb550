/* Unit tests: damage a real post suffers on its way that the decode stage
 * undoes (core/decode_prefix.c, core/decode_ws.c, core/decode_uu.c,
 * core/decode_mdtable.c): a post made a list line by line (bullets,
 * numbers, loose lists), soft hyphens and digit-group spaces inside
 * figures, a uuencoded attachment, output made a Markdown table; and what
 * must stay as it is. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "doc_lines.h"

#include "decode.h"
#include "doc.h"
#include "look.h"
#include "util.h"

/* Decode `in`; its lines must read `want`, its transport be `transport`. */
static void check(const char *in, const char *want, unsigned transport)
{
	struct br_doc *d = mem(in);
	char *got = joined(d);
	if (strcmp(got, want) != 0)
		fail_msg("decoded\n%s\ninto\n%s\nwant\n%s", in, got, want);
	assert_int_equal(d->transport, transport);
	free(got);
	br_doc_free(d);
}

/* A whole post made a bullet list: every line with text has its bullet,
 * the one-line paragraphs too; such a loose item loses it when it or an
 * item after it holds a result row (the items of words after the last
 * row may be a label's bullets: they keep theirs). */
static void loose_bullets(void **state)
{
	(void)state;
	check("- my results are:\n"
	      "\n"
	      "- box  1  4G  605  98  84920  23\n"
	      "\n"
	      "- thanks\n",
	      "my results are:\n\nbox  1  4G  605  98  84920  23\n\n- thanks\n", BR_TRANSPORT_PREFIX);
	/* "* " blocks share their prefix; the lone row after them is an item */
	check("* Version 1.93c\n"
	      "* Machine Size\n"
	      "\n"
	      "* box 4G 605 98 84920 23\n",
	      "Version 1.93c\nMachine Size\n\nbox 4G 605 98 84920 23\n", BR_TRANSPORT_PREFIX);
	/* a word processor's bullets, a no-break space or a TAB after them */
	check("\xe2\x80\xa2 /dev/sda:\n"
	      "\xe2\x80\xa2 Timing cached reads: 19422 MB in 1.99 seconds = 9760.80 MB/sec\n"
	      "\xc2\xb7\t Timing buffered disk reads: 1546 MB in 3.00 seconds = 515.27 MB/sec\n",
	      "/dev/sda:\nTiming cached reads: 19422 MB in 1.99 seconds = 9760.80 MB/sec\n"
	      "Timing buffered disk reads: 1546 MB in 3.00 seconds = 515.27 MB/sec\n",
	      BR_TRANSPORT_PREFIX);
}

/* A bullet list a mail wrapped afterwards: the wrapped-off ends of its
 * items (no bullet, their first word too long for the line above) stay
 * among the items, as they are, and the bullets go. */
static void wrapped_bullets(void **state)
{
	(void)state;
	check("- Version  1.97       ------Sequential Output------ --Sequential Input-\n"
	      "--Random-\n"
	      "- Machine        Size K/sec %CP K/sec %CP K/sec %CP K/sec %CP K/sec %CP\n"
	      " /sec %CP\n"
	      "- ceph-admin    8196M   446  98 113486  17 43190   5  2063  98 85495\n"
	      "4  1292  12\n",
	      "Version  1.97       ------Sequential Output------ --Sequential Input-\n"
	      "--Random-\n"
	      "Machine        Size K/sec %CP K/sec %CP K/sec %CP K/sec %CP K/sec %CP\n"
	      " /sec %CP\n"
	      "ceph-admin    8196M   446  98 113486  17 43190   5  2063  98 85495\n"
	      "4  1292  12\n",
	      BR_TRANSPORT_PREFIX);
	/* a short line under an item is no wrapped-off end: the items stay */
	static const char two[] = "- first item\nsome words\n- second item\n";
	check(two, two, 0);
}

/* What stays: a lone bullet of words, a lone row whose neighbours have no
 * bullet or a different one, a bullet with nothing after it, a dash rule. */
static void bullets_that_stay(void **state)
{
	(void)state;
	static const char *const ins[] = {
		"Results:\n\n- hw raid\n\nbox 1 4G 605 98 84920 23\n",
		"- one\n\nbox 4G 605 98 84920 23\n\n* box 4G 605 98 84920 23\n",
		"text\n\n- box 4G 605 98 84920 23\n\ntext\n",
		"-- \nJo\n\n-\n",
		"\xe2\x80\xa2" "box 1 2 3\n\xe2\x80\xa2" "box 4 5 6\n",
	};
	for (size_t i = 0; i < BR_ARRAY_LEN(ins); i++)
		check(ins[i], ins[i], 0);
}

/* Numbered lists: numbers that count on, or that repeat (a Markdown
 * source numbering every item "1."), go where an item holds a result row;
 * each paragraph may start again. */
static void numbered_lists(void **state)
{
	(void)state;
	check("1. /dev/sda:\n"
	      "2.  Timing cached reads:   19422 MB in  1.99 seconds = 9760.80 MB/sec\n"
	      "3.  Timing buffered disk reads: 1546 MB in  3.00 seconds = 515.27 MB/sec\n"
	      "\n"
	      "1) /dev/sdb:\n"
	      "2) Timing buffered disk reads: 562 MB in  3.01 seconds = 186.71 MB/sec\n",
	      "/dev/sda:\n"
	      "Timing cached reads:   19422 MB in  1.99 seconds = 9760.80 MB/sec\n"
	      "Timing buffered disk reads: 1546 MB in  3.00 seconds = 515.27 MB/sec\n"
	      "\n"
	      "/dev/sdb:\n"
	      "Timing buffered disk reads: 562 MB in  3.01 seconds = 186.71 MB/sec\n",
	      BR_TRANSPORT_PREFIX);
	check("1. Version 1.03\n1. box 4G 605 98 84920 23\n\n1. box2 4G 611 97 85120 22\n",
	      "Version 1.03\nbox 4G 605 98 84920 23\n\nbox2 4G 611 97 85120 22\n", BR_TRANSPORT_PREFIX);
	/* the list wrapped at 60 columns afterwards: each item's row lost
	 * its last figure to a line of its own ("=" collapsed onto it too);
	 * the pieces' figures are the item's */
	check("1. /dev/sdc:\n"
	      "2.  Timing cached reads:   3120 MB in  2.00 seconds =\n"
	      "1559.87 MB/sec\n"
	      "3. Timing buffered disk reads: 310 MB in 3.01 seconds\n"
	      "=102.95 MB/sec\n"
	      "4. done\n",
	      "/dev/sdc:\n"
	      "Timing cached reads:   3120 MB in  2.00 seconds =\n"
	      "1559.87 MB/sec\n"
	      "Timing buffered disk reads: 310 MB in 3.01 seconds\n"
	      "=102.95 MB/sec\n"
	      "done\n",
	      BR_TRANSPORT_PREFIX);
}

/* An outline's numbered headings are the labels' (core/label.c): no
 * figures in the items, or numbers that do not count on, keep them. */
static void numbered_outlines_stay(void **state)
{
	(void)state;
	static const char *const ins[] = {
		"2. ibm_ide\n3. maxtor1/2\n3. Benchmark Results\nA. Methodology\n",
		"1. Bonnie\n\n2. rawio\n",
		"1. box 4G 605 98 84920 23\n5. box 4G 605 98 84920 23\n",
		"1.98,2.00a,box,1,2,3\n1.98,2.00a,box,4,5,6\n",
		"1. a 1 2 3\n\ntext\n\n2. b 4 5 6\n",
	};
	for (size_t i = 0; i < BR_ARRAY_LEN(ins); i++)
		check(ins[i], ins[i], 0);
}

/* Soft hyphens go wherever they stand; a thin, narrow or figure space
 * between digit groups goes, any other odd space is a space. */
static void hyphens_and_digit_groups(void **state)
{
	(void)state;
	check("box 84\xc2\xad" "920 605\n", "box 84920 605\n", BR_TRANSPORT_TABS);
	check("box 84\xe2\x80\x89" "920 1\xe2\x80\xaf" "234\xe2\x80\xaf" "567 2\xe2\x80\x87" "000.5\n",
	      "box 84920 1234567 2000.5\n", BR_TRANSPORT_TABS);
	/* not three digits after it, or no digit before: a space */
	check("box 84\xe2\x80\x89" "9201 a\xe2\x80\x89" "920 84\xe2\x80\x89" "92\n", "box 84 9201 a 920 84 92\n",
	      BR_TRANSPORT_TABS);
	/* a no-break space pads columns: it stays a space between digits */
	check("605\xc2\xa0" "984\n", "605 984\n", BR_TRANSPORT_TABS);
	/* ... unless it is a figure's only blank between its digit groups,
	 * a fraction after them (a locale's print; Latin-1's byte too) */
	check("= 10\xc2\xa0" "257.29 MB/sec 605\xc2\xa0" "984 a12\xc2\xa0" "345.6 1\xc2\xa0" "2345.6\n",
	      "= 10257.29 MB/sec 605 984 a12 345.6 1 2345.6\n", BR_TRANSPORT_TABS);
	check("19\xc2\xa0" "880 MB in 12\xc2\xa0" "345 67 1\xc2\xa0" "234 hosts\n", "19880 MB in 12 345 67 1 234 hosts\n",
	      BR_TRANSPORT_TABS);
	/* "í" ends in the byte AD: no soft hyphen */
	check("r\xc3\xad" "o 1 2 3\n", "r\xc3\xad" "o 1 2 3\n", 0);
}

/* A PDF's ligatures (U+FB00..U+FB06) become their letters: "ﬁles", a
 * host "ﬁleserver" read as typed; other characters of that block stay. */
static void pdf_ligatures(void **state)
{
	(void)state;
	check("\xef\xac\x81leserver 4G 1 2 3\n   \xef\xac\x81les  /sec\ne\xef\xac\x80ort \xef\xac\x82ow "
	      "\xef\xac\x83" "x \xef\xac\x84" "e\n",
	      "fileserver 4G 1 2 3\n   files  /sec\neffort flow ffix ffle\n", BR_TRANSPORT_TABS);
	check("\xef\xac\x9d x\n", "\xef\xac\x9d x\n", 0);
}

/* A uuencoded attachment: its text read in place of the encoded lines,
 * each line of it keeping the ORIGINAL encoded lines it came from; the
 * "begin" and "end" lines stay. A mailer's stripped trailing blanks cost
 * nothing. */
static void uuencoded_attachment(void **state)
{
	(void)state;
	static const char in[] =
		"Attached.\n"
		"\n"
		"begin 644 sda.txt\n"
		"M+V1E=B]S9&$Z\"B!4:6UI;F<@8G5F9F5R960@9&ES:R!R96%D<SH@-3$R($U\"\n"
		"B(&EN(\" S+C Q('-E8V]N9',@/2 Q-S N,C0@34(O<V5C\"@\n"
		"`\n"
		"end\n"
		"sig\n";
	struct br_doc *d = mem(in);
	assert_true(d->transport & BR_TRANSPORT_UUENCODE);
	char *got = joined(d);
	assert_string_equal(got, "Attached.\n\nbegin 644 sda.txt\n/dev/sda:\n"
				 " Timing buffered disk reads: 512 MB in  3.01 seconds = 170.24 MB/sec\n"
				 "end\nsig\n");
	free(got);
	const struct br_line *l = &d->lines[3];
	assert_true(l->flags & BR_LINE_DECODED);
	assert_int_equal(l->line, 4);
	assert_int_equal(l->end_line, 4);
	l = &d->lines[4];
	assert_int_equal(l->line, 4);
	assert_int_equal(l->end_line, 5);
	assert_false(d->lines[5].flags & BR_LINE_DECODED);
	assert_int_equal(d->lines[5].line, 7);
	br_doc_free(d);
}

/* Left as they are: a binary attachment, a block without its "end", a
 * "begin" line of prose. */
static void uuencoded_not_text(void **state)
{
	(void)state;
	static const char *const ins[] = {
		"begin 644 x.bin\n&  $\"86)C\n`\nend\n",
		"begin 644 sda.txt\nB(&EN(\" S+C Q('-E8V]N9',@/2 Q-S N,C0@34(O<V5C\"@\n`\n",
		"begin 644 the tests, then:\nend\n",
		"begin with the disks\nend\n",
	};
	for (size_t i = 0; i < BR_ARRAY_LEN(ins); i++)
		check(ins[i], ins[i], 0);
	/* the first look at a message of an archive knows decoding makes
	 * the attachment's words */
	static const char msg[] = "Subject: x\n\nbegin 644 a.txt\nM86)C\n`\nend\n";
	assert_true(br_look_encoded(msg, sizeof msg - 1));
	static const char prose[] = "Subject: x\n\nwe begin 644 tests\n";
	assert_false(br_look_encoded(prose, sizeof prose - 1));
}

/* Lines of output made a Markdown table: rows whose cells are not a grid
 * (counts that differ, no body) are read as an HTML table's rows, cells
 * separated by TAB; a one-column table is lines in boxes, read as lines. */
static void markdown_table_of_output(void **state)
{
	(void)state;
	struct br_doc *d = mem("| Machine | Size | K/sec %CP |\n"
			       "|---|---|---|\n"
			       "| box | 4G | 605 | 98 84920 |\n"
			       "| a \\| b | c |\n");
	assert_int_equal(d->transport, BR_TRANSPORT_MDTABLE);
	assert_int_equal(d->nlines, 3);
	assert_string_equal(d->lines[0].text, "Machine\tSize\tK/sec %CP");
	assert_true(d->lines[0].flags & BR_LINE_TABLE_ROW);
	assert_string_equal(d->lines[1].text, "box\t4G\t605\t98 84920");
	assert_int_equal(d->lines[1].line, 3);
	assert_string_equal(d->lines[2].text, "a | b\tc");
	br_doc_free(d);
	check("| # hdparm -tT /dev/sdb |\n| --- |\n| /dev/sdb: |\n"
	      "| Timing buffered disk reads: 488 MB in  3.00 seconds = 162.50 MB/sec |\n",
	      "# hdparm -tT /dev/sdb\n/dev/sdb:\nTiming buffered disk reads: 488 MB in  3.00 seconds = 162.50 MB/sec\n",
	      BR_TRANSPORT_MDTABLE);
	/* the same table quoted in a reply: read once the quoting is gone */
	check("> | # hdparm -tT /dev/sdb |\n> | --- |\n> | /dev/sdb: |\n"
	      "> | Timing buffered disk reads: 488 MB in  3.00 seconds = 162.50 MB/sec |\n",
	      "# hdparm -tT /dev/sdb\n/dev/sdb:\nTiming buffered disk reads: 488 MB in  3.00 seconds = 162.50 MB/sec\n",
	      BR_TRANSPORT_MDTABLE | BR_TRANSPORT_QUOTE);
}

/* Jira's tables ("||head||head||", then "|cell|cell|"): read as table
 * rows, a one-cell row as a line. */
static void jira_tables(void **state)
{
	(void)state;
	struct br_doc *d = mem("||disk||cached||buffered||\n"
			       "|/dev/sdb|8106 MB/s|162.5 MB/s|\n"
			       "||# Version 1.03||\n"
			       "|# box 4G 605 98 84920 23|\n"
			       "|# box2 4G 611 97 85120 22|\n");
	assert_true(d->transport & BR_TRANSPORT_MDTABLE);
	assert_string_equal(d->lines[0].text, "disk\tcached\tbuffered");
	assert_true(d->lines[0].flags & BR_LINE_TABLE_ROW);
	assert_string_equal(d->lines[1].text, "/dev/sdb\t8106 MB/s\t162.5 MB/s");
	/* one-cell rows are lines, and their shared "# " goes */
	assert_string_equal(d->lines[2].text, "Version 1.03");
	assert_false(d->lines[2].flags & BR_LINE_TABLE_ROW);
	assert_string_equal(d->lines[4].text, "box2 4G 611 97 85120 22");
	br_doc_free(d);
	/* a lone header row, "||" in text: no table */
	check("||a||b||\ntext\n", "||a||b||\ntext\n", 0);
}

/* A person's table (two columns or more, body rows of the header's count
 * of cells) is the parsers' to read; "| " quoting and a lone row are no
 * table. */
static void markdown_grid_stays(void **state)
{
	(void)state;
	static const char *const ins[] = {
		"| disk | cached | buffered |\n|:-----|-------:|---------:|\n| /dev/sdb | 8106 MB/s | 162.5 MB/s |\n",
		"| a | b |\n| x | y |\n",
		"|---|---|\n",
		"| a | b |\n|-x-|---|\n| 1 2 3 |\n",
	};
	for (size_t i = 0; i < BR_ARRAY_LEN(ins); i++)
		check(ins[i], ins[i], 0);
}

/* A chat log: "[22:15] <dvr> " before each line, seconds or not; a time
 * without seconds and no nick is no stamp. */
static void chat_log_stamps(void **state)
{
	(void)state;
	check("[22:15] <dvr> /dev/sdb:\n"
	      "[22:15] <dvr>  Timing cached reads:   2884 MB in  2.00 seconds = 1442.06 MB/sec\n"
	      "[22:16] <@kmoss> ok\n"
	      "22:40:12 <dvr> /dev/sdc:\n",
	      "/dev/sdb:\n Timing cached reads:   2884 MB in  2.00 seconds = 1442.06 MB/sec\nok\n/dev/sdc:\n",
	      BR_TRANSPORT_PREFIX);
	static const char *const ins[] = {
		"10:30 meeting\n10:45 coffee\n11:00 talk\n",
		"[10:30] meeting\n[10:45] coffee\n[11:00] talk\n",
		"10:30 <> a\n10:31 < x> b\n10:32 <x y> c\n",
	};
	for (size_t i = 0; i < BR_ARRAY_LEN(ins); i++)
		check(ins[i], ins[i], 0);
	/* an introduction opening another speaker's turn starts a block;
	 * the same speaker's lines, and a turn that introduces nothing, do
	 * not */
	struct br_doc *d = br_doc_from_mem("t", "[22:17] <kmoss> try the other cable\n"
					   "[22:31] <dvr> other cable:\n"
					   "[22:31] <dvr> /dev/sdc:\n"
					   "[22:32] <kmoss> there you go\n", 116);
	assert_int_equal(d->nlines, 4);
	assert_string_equal(d->lines[1].text, "other cable:");
	assert_int_equal(d->lines[0].flags & BR_LINE_BLOCK_START, 0);
	assert_int_not_equal(d->lines[1].flags & BR_LINE_BLOCK_START, 0);
	assert_int_equal(d->lines[2].flags & BR_LINE_BLOCK_START, 0);
	assert_int_equal(d->lines[3].flags & BR_LINE_BLOCK_START, 0);
	br_doc_free(d);
}

/* A chat app's export stamps each message, not each line: the stamp and
 * the sender go from a message's first line alone, bracketed (iOS) or
 * before a dash (Android), with seconds or an AM/PM; dates in prose, a
 * stamp without a sender, a list's "1." stay. */
static void chat_export_stamps(void **state)
{
	(void)state;
	check("[06/12/2026, 21:40:03] Omar Haddad: /dev/sdm:\n"
	      " Timing cached reads:   8820 MB in  2.00 seconds = 4410.06 MB/sec\n"
	      "6/12/26, 9:41 PM - Jo: nice\n"
	      "06.12.26, 21:42 - Omar Haddad:\n",
	      "/dev/sdm:\n Timing cached reads:   8820 MB in  2.00 seconds = 4410.06 MB/sec\nnice\n\n",
	      BR_TRANSPORT_PREFIX);
	static const char *const ins[] = {
		"06/12/2026, 21:40 was the run\n",
		"[06/12/2026, 21:40:03] no sender here\n",
		"06/12/2026 21:40 - note: x\n1. a 1 2 3\n1.5 MB/sec\n",
	};
	for (size_t i = 0; i < BR_ARRAY_LEN(ins); i++)
		check(ins[i], ins[i], 0);
}

/* A chat export a mail client then hard-wrapped at 72 columns: a
 * message's stamped first line is the one the wrap broke, and its rest
 * goes back onto it (the document shows the wrap: its lines fill up to
 * it); the message's own next lines, unstamped too, stay lines of their
 * own, and so does every line of an export that no wrap broke. */
static void chat_export_rewrapped(void **state)
{
	(void)state;
	static const char in[] =
		"[06/12/2026, 21:00:00] Joe Bloggs: Ran the old bonnie on the box again\n"
		"tonight, with the write cache on and\n"
		"then off, the numbers for the second run look like the disk did years\n"
		"ago, so it is the cache and not the cable. The table, as I mailed it:\n"
		"\n"
		"Write caching on:\n"
		"Machine    MB K/sec %CPU K/sec %CPU K/sec %CPU K/sec %CPU K/sec %CPU  \n"
		"/sec %CPU\n"
		"                 256 12618 97.1 38027 36.3  9647  6.9 11250 73.6 31832 \n"
		"[06/12/2026, 21:00:01] Joe Bloggs:                  256  9917 76.3\n"
		"12280 11.2  5159  3.5  9934 65.3 33056 \n"
		"14.1 203.9  1.4\n"
		"and that is the run with the cache off, the second one of the two.\n";
	struct br_doc *d = mem(in);
	assert_int_equal(d->nlines, 11);
	assert_string_equal(d->lines[0].text,
			    "Ran the old bonnie on the box again tonight, with the write cache on and");
	assert_string_equal(d->lines[8].text,
			    "                 256  9917 76.3 12280 11.2  5159  3.5  9934 65.3 33056 ");
	assert_int_equal(d->lines[8].line, 10);
	assert_int_equal(d->lines[8].end_line, 11);
	assert_string_equal(d->lines[9].text, "14.1 203.9  1.4");
	br_doc_free(d);
	/* no wrap: the lines after a long stamped line are the message's */
	check("[06/12/2026, 21:00:00] Joe Bloggs: Ran the old bonnie on the box again tonight, "
	      "with the write cache on and\n"
	      "then off, the numbers for the second run look like the disk did years\n"
	      "ago, so it is the cache and not the cable. The table, as I mailed it:\n",
	      "Ran the old bonnie on the box again tonight, with the write cache on and\n"
	      "then off, the numbers for the second run look like the disk did years\n"
	      "ago, so it is the cache and not the cable. The table, as I mailed it:\n",
	      BR_TRANSPORT_PREFIX);
}

/* A document saved as UTF-16: read as the text it holds, either byte
 * order, a surrogate pair one character; bytes that only start like it
 * stay binary. */
static void utf16_documents(void **state)
{
	(void)state;
	static const char le[] = "\xff\xfe/\0d\0e\0v\0:\0\r\0\n\0\xe9\0 \0=\x26\n\0";
	struct br_doc *d = br_doc_from_mem("t", le, sizeof le - 1);
	assert_false(d->binary);
	assert_int_equal(d->nlines, 2);
	assert_string_equal(d->lines[0].text, "/dev:");
	assert_string_equal(d->lines[1].text, "\xc3\xa9 \xe2\x98\xbd");
	br_doc_free(d);
	static const char be[] = "\xfe\xff\0a\xd8\x3d\xde\x00\0b";
	d = br_doc_from_mem("t", be, sizeof be - 1);
	assert_string_equal(d->lines[0].text, "a\xf0\x9f\x98\x80" "b");
	br_doc_free(d);
	/* control characters all along: binary data after the mark */
	static const char bin[] = "\xff\xfe\x01\0\x02\0\x03\0\x04\0\x05\0\x06\0\x07\0\x08\0\x0e\0\x0f\0"
				  "\x10\0\x11\0\x12\0\x13\0\x14\0\x15\0\x16\0\x17\0\x18\0\x19\0";
	d = br_doc_from_mem("t", bin, sizeof bin - 1);
	assert_true(d->binary);
	br_doc_free(d);
	size_t n;
	assert_null(br_decode_utf16("\xff\xfe\0\0a\0\0\0", 8, &n)); /* UTF-32LE */
	assert_null(br_decode_utf16("ab", 2, &n));
}

/* A big UTF-16 file is one document: a piece of it would start without its
 * byte-order mark. These bytes (CJK characters whose bytes are "\n\n" and
 * "aaaa1\n") read as blocks of lines a machine wrote, where a text read in
 * pieces may be cut. */
static void utf16_never_cut(void **state)
{
	(void)state;
	size_t n = 2 + 8 * 400;
	char *bytes = br_malloc(n);
	memcpy(bytes, "\xff\xfe", 2);
	for (size_t i = 2; i < n; i += 8)
		memcpy(bytes + i, "\x0a\x0a\x61\x61\x61\x61\x31\x0a", 8);
	char path[] = "/tmp/test_decode_damage_XXXXXX";
	int fd = mkstemp(path);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, bytes, n), (ssize_t)n);
	close(fd);
	struct br_doc_reader *rd;
	assert_int_equal(br_doc_reader_open(path, &rd), 0);
	br_doc_reader_set_piece(rd, 64);
	br_doc_reader_set_block(rd, 256);
	struct br_doc *d;
	unsigned line0, docs = 0;
	while (br_doc_reader_next(rd, &d, &line0) == 0 && d) {
		docs++;
		assert_int_equal(d->raw_len, n);
		br_doc_free(d);
	}
	assert_int_equal(docs, 1);
	br_doc_reader_close(rd);
	unlink(path);
	free(bytes);
}

/* A Markdown converter's backslashes go where three lines or more hold
 * one; a regular expression or a Windows path alone keeps them. */
static void markdown_escapes(void **state)
{
	(void)state;
	check("\\-\\-Block\\-\\-\\-\n"
	      "box\\_1 4G 605 39.6\\* 84920\n"
	      "\\+\\+\\+\\+\\+ C:\\temp \\. \\a\n",
	      "--Block---\nbox_1 4G 605 39.6* 84920\n+++++ C:\\temp . \\a\n", BR_TRANSPORT_MDESCAPE);
	static const char *const ins[] = {
		"sed 's/a\\+b/c/'\ngrep '\\[x\\]'\nC:\\Users\\joe\n",
		"\\+ one\n\\+ two\n",
	};
	for (size_t i = 0; i < BR_ARRAY_LEN(ins); i++)
		check(ins[i], ins[i], 0);
}

/* A double-spaced reply commented out ("# " on the blank lines too): the
 * marks go, the reply's quoting then, and the double spacing before the
 * marks of a second layer are looked for (a blank line between each two
 * would part their block). */
static void commented_double_spaced_reply(void **state)
{
	(void)state;
	struct br_doc *d = mem("#!/bin/sh\n"
			       "# Ann wrote:\n# \n# > first 1 2 3\n# \n# > second 4 5 6\n# \n# > third 7 8 9\n# \n# \n# \n"
			       "# # old 1 2 3\n# \n# # older 4 5 6\n# \n# # oldest 7 8 9\n# \n# # end 1 2 3\n"
			       "run\n");
	char *got = joined(d);
	assert_string_equal(got, "!/bin/sh\n Ann wrote:\n \nfirst 1 2 3\nsecond 4 5 6\nthird 7 8 9\n \n"
				 "old 1 2 3\nolder 4 5 6\noldest 7 8 9\nend 1 2 3\nrun\n");
	assert_int_equal(d->lines[3].depth, 1);
	assert_true(d->transport & BR_TRANSPORT_QUOTE);
	assert_true(d->transport & BR_TRANSPORT_SPACING);
	free(got);
	br_doc_free(d);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(loose_bullets),
		cmocka_unit_test(wrapped_bullets),
		cmocka_unit_test(bullets_that_stay),
		cmocka_unit_test(numbered_lists),
		cmocka_unit_test(numbered_outlines_stay),
		cmocka_unit_test(hyphens_and_digit_groups),
		cmocka_unit_test(pdf_ligatures),
		cmocka_unit_test(uuencoded_attachment),
		cmocka_unit_test(uuencoded_not_text),
		cmocka_unit_test(markdown_table_of_output),
		cmocka_unit_test(markdown_grid_stays),
		cmocka_unit_test(jira_tables),
		cmocka_unit_test(chat_log_stamps),
		cmocka_unit_test(chat_export_stamps),
		cmocka_unit_test(chat_export_rewrapped),
		cmocka_unit_test(utf16_documents),
		cmocka_unit_test(utf16_never_cut),
		cmocka_unit_test(markdown_escapes),
		cmocka_unit_test(commented_double_spaced_reply),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
