/* Unit tests: transport decoding (quoted-printable, mail quoting, HTML,
 * BBCode, tabs and no-break spaces) and the original-line mapping. */
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
#include "parser.h"

/* The logical line whose text starts with `prefix` (fails if none). */
static const struct br_line *find(const struct br_doc *d, const char *prefix)
{
	for (size_t i = 0; i < d->nlines; i++)
		if (strncmp(d->lines[i].text, prefix, strlen(prefix)) == 0)
			return &d->lines[i];
	fail_msg("no line starting with '%s'", prefix);
	return NULL;
}

/* The logical line that holds `s` (fails if none). */
static const struct br_line *holding(const struct br_doc *d, const char *s)
{
	for (size_t i = 0; i < d->nlines; i++)
		if (strstr(d->lines[i].text, s))
			return &d->lines[i];
	fail_msg("no line holding '%s'", s);
	return NULL;
}

static void plain_text_is_untouched(void **state)
{
	(void)state;
	static const char in[] = "Timing buffer-cache reads: 128 MB in 1.67 seconds =76.65 MB/sec\n"
				 "Timing buffer-cache reads: 128 MB in 1.07 seconds =119.63 MB/sec\n"
				 "Same system. same disks, clocked at 550Mhz:\n"
				 "===================================\n"
				 "mail me at <joe@example.com> or see <https://example.com/x>\n";
	struct br_doc *d = mem(in);
	assert_int_equal(d->transport, 0);
	assert_int_equal(d->nlines, 5);
	assert_string_equal(d->lines[0].text,
			    "Timing buffer-cache reads: 128 MB in 1.67 seconds =76.65 MB/sec");
	assert_string_equal(d->lines[1].text,
			    "Timing buffer-cache reads: 128 MB in 1.07 seconds =119.63 MB/sec");
	assert_string_equal(d->lines[3].text, "===================================");
	for (size_t i = 0; i < d->nlines; i++) {
		assert_int_equal(d->lines[i].line, i + 1);
		assert_int_equal(d->lines[i].depth, 0);
		assert_int_equal(br_line_njoins(&d->lines[i]), 0);
	}
	br_doc_free(d);
}

/* Seed 004: soft breaks inside CSV records, =46, =20, =3D. */
static void qp_soft_breaks_and_joins(void **state)
{
	(void)state;
	static const char in[] =
		"=46ile system is XFS with noatime,nodiratime options.\n"
		"-md raid (chunk 64k)\n"
		"goules-md-raid10-6,16G,72413,99,196164,42,42249,8,51613,72,5 2311,5,1486=\n"
		"7,3,16,13437,61,+++++,+++,9736,42,12128,59,+++++,+++,8526 ,44\n"
		"goules-md-raid10-4-f2-256-xfs,16G,69928,97,93985,20,56930,11 ,68669,98,3=\n"
		"56923,37,1327.1,2,16,20001,87,+++++,+++,20392,73,19773,88,++ +++,+++,522=\n"
		"8,23\n"
		"> >=20\n"
		"a =3D b=20\n"
		"==========\n";
	struct br_doc *d = mem(in);
	assert_true(d->transport & BR_TRANSPORT_QP);
	assert_string_equal(d->lines[0].text, "File system is XFS with noatime,nodiratime options.");
	const struct br_line *l = find(d, "goules-md-raid10-6,");
	assert_string_equal(l->text, "goules-md-raid10-6,16G,72413,99,196164,42,42249,8,51613,72,5 2311,5,"
				     "14867,3,16,13437,61,+++++,+++,9736,42,12128,59,+++++,+++,8526 ,44");
	assert_int_equal(l->line, 3);
	assert_int_equal(l->end_line, 4);
	assert_int_equal(br_line_njoins(l), 1);
	assert_int_equal(l->joins[0], strlen("goules-md-raid10-6,16G,72413,99,196164,42,42249,8,"
					     "51613,72,5 2311,5,1486"));
	assert_memory_equal(l->text + l->joins[0] - 4, "14867", 5);
	l = find(d, "goules-md-raid10-4-f2");
	assert_int_equal(l->line, 5);
	assert_int_equal(l->end_line, 7);
	assert_int_equal(br_line_njoins(l), 2);
	assert_memory_equal(l->text + l->joins[0] - 1, "356923", 6);
	assert_memory_equal(l->text + l->joins[1] - 3, "5228,23", 7);
	assert_true(strstr(l->text, ",356923,37,1327.1,") != NULL);
	/* "> >=20" is a quoted blank line two levels deep */
	l = find(d, "a = b");
	assert_string_equal(l->text, "a = b ");
	assert_string_equal(d->lines[d->nlines - 1].text, "==========");
	/* lines after the joins keep their own numbers */
	assert_int_equal(d->lines[d->nlines - 1].line, 10);
	size_t blanks = 0;
	for (size_t i = 0; i < d->nlines; i++)
		if (d->lines[i].depth == 2 && br_is_blank(d->lines[i].text, d->lines[i].len))
			blanks++;
	assert_int_equal(blanks, 1);
	br_doc_free(d);
}

/* Old hdparm prints "=182.86": with no QP evidence nothing is decoded; with
 * evidence, a number after "=" still is not read as an escape. */
static void qp_needs_evidence_and_spares_hdparm(void **state)
{
	(void)state;
	struct br_doc *d = mem(" Timing buffer-cache reads:   128 MB in  0.70 seconds =182.86 MB/sec\n"
			       " Timing buffered disk reads:  64 MB in  2.31 seconds = 27.71 MB/sec\n"
			       "speed =\n"
			       "1.5\n");
	assert_int_equal(d->transport & BR_TRANSPORT_QP, 0);
	assert_int_equal(d->nlines, 4);
	assert_true(strstr(d->lines[0].text, "=182.86 MB/sec") != NULL);
	br_doc_free(d);

	d = mem("Content-Transfer-Encoding: quoted-printable\n"
		"\n"
		" Timing buffer-cache reads:   128 MB in  0.70 seconds =3D182.86 MB/sec\n"
		" Timing buffer-cache reads:   128 MB in  1.67 seconds =76.65 MB/sec\n"
		" Timing buffered disk reads:  64 MB in  2.31 seconds =3D 27.71 MB/=\n"
		"sec\n"
		"caf=C3=A9 na=EFve=\n");
	assert_true(d->transport & BR_TRANSPORT_QP);
	assert_string_equal(find(d, " Timing buffer-cache reads:   128 MB in  0.70")->text,
			    " Timing buffer-cache reads:   128 MB in  0.70 seconds =182.86 MB/sec");
	assert_string_equal(find(d, " Timing buffer-cache reads:   128 MB in  1.67")->text,
			    " Timing buffer-cache reads:   128 MB in  1.67 seconds =76.65 MB/sec");
	const struct br_line *l = find(d, " Timing buffered");
	assert_string_equal(l->text, " Timing buffered disk reads:  64 MB in  2.31 seconds = 27.71 MB/sec");
	assert_int_equal(l->line, 5);
	assert_int_equal(l->end_line, 6);
	/* a soft break on the last line: the "=" goes, nothing is joined */
	assert_string_equal(find(d, "caf")->text, "caf\xc3\xa9 na\xefve");
	br_doc_free(d);
}

/* A digest: the second message is encoded, the first is not. */
static void qp_per_region(void **state)
{
	(void)state;
	static const char in[] =
		"From: a@example.com\n"
		"Subject: plain\n"
		"\n"
		"result =\n"
		"42\n"
		"------------------------------\n"
		"From: b@example.com\n"
		"Content-Transfer-Encoding: quoted-printable\n"
		"\n"
		"goules-hw-raid10-6,16G,72343,98,235192,37,107093,19,64163,89 ,286958,26,=\n"
		"1323.1,2,16\n";
	struct br_doc *d = mem(in);
	assert_true(d->transport & BR_TRANSPORT_QP);
	assert_string_equal(find(d, "result")->text, "result =");
	assert_string_equal(find(d, "42")->text, "42");
	const struct br_line *l = find(d, "goules");
	assert_true(strstr(l->text, ",26,1323.1,2,16") != NULL);
	assert_int_equal(l->line, 10);
	assert_int_equal(l->end_line, 11);
	br_doc_free(d);
}

/* Without any declaration, soft breaks and =20 are evidence enough; the
 * continuation of a quoted line that carries the same prefix loses it. */
static void qp_quoted_continuations(void **state)
{
	(void)state;
	static const char in[] =
		"> > I am experimenting with Adaptec 31205 hardware raid versus md raid =\n"
		"on\n"
		"> what are the characteristics of your disks? Are they all the same siz=\n"
		"e\n"
		">=20\n"
		"> test1.dmotorworks.com,3000M,6618,27,9314,6,3699,1,20058,76,28822,7,17=\n"
		"> 9.9,0,16,2339,91\n";
	struct br_doc *d = mem(in);
	assert_true(d->transport & BR_TRANSPORT_QP);
	assert_true(d->transport & BR_TRANSPORT_QUOTE);
	const struct br_line *l = find(d, "I am");
	assert_string_equal(l->text, "I am experimenting with Adaptec 31205 hardware raid versus md raid on");
	assert_int_equal(l->depth, 2);
	assert_int_equal(l->line, 1);
	assert_int_equal(l->end_line, 2);
	assert_string_equal(find(d, "what are")->text,
			    "what are the characteristics of your disks? Are they all the same size");
	l = find(d, "test1");
	assert_string_equal(l->text, "test1.dmotorworks.com,3000M,6618,27,9314,6,3699,1,20058,76,28822,7,"
				     "179.9,0,16,2339,91");
	assert_int_equal(l->depth, 1);
	/* the join offset follows the text after the "> " prefix went */
	assert_int_equal(br_line_njoins(l), 1);
	assert_memory_equal(l->text + l->joins[0] - 2, "179.9", 5);
	br_doc_free(d);
}

/* Encoded text a copy marked line by line after it was encoded (a raw
 * message pasted as comments, a list, a table): the continuation of a
 * soft break loses the mark its line has too; another mark stays. */
static void qp_marked_continuations(void **state)
{
	(void)state;
	static const char *const marks[] = {"# ", "// ", " * ", "| "};
	for (size_t k = 0; k < sizeof marks / sizeof *marks; k++) {
		struct br_buf b = BR_BUF_INIT;
		const char *m = marks[k];
		br_buf_addf(&b, "%sContent-Transfer-Encoding: quoted-printable\n%s\n", m, m);
		br_buf_addf(&b, "%sThe disk on the second controller gives these numbers, with=\n", m);
		br_buf_addf(&b, "%s the write cache on=3D1:\n", m);
		br_buf_addf(&b, "%s box2,2G,31234,88,55123,20,24011,10,30112,80,71012,12,28=\n", m);
		br_buf_addf(&b, "%s0.3,0\n", m);
		br_buf_addf(&b, "%s and then a line that ends in a mark=\n", m);
		br_buf_adds(&b, "+ not this one\n");
		struct br_doc *d = mem(b.data);
		assert_true(d->transport & BR_TRANSPORT_QP);
		assert_string_equal(holding(d, "controller")->text,
				    "The disk on the second controller gives these numbers, with the write cache on=1:");
		assert_non_null(strstr(holding(d, "box2")->text,
				       "box2,2G,31234,88,55123,20,24011,10,30112,80,71012,12,280.3,0"));
		assert_non_null(strstr(holding(d, "a mark")->text, "ends in a mark+ not this one"));
		br_doc_free(d);
		br_buf_free(&b);
	}
}

/* Marks in layers (a quoted reply pasted as comments, a numbered paste
 * quoted) go from a continuation whatever its line number; a rule of '#'
 * is text, not a mark. */
static void qp_layered_marks(void **state)
{
	(void)state;
	static const char in[] =
		"# > > Content-Transfer-Encoding: quoted-printable\n"
		"# > > The array gives these numbers after the firmware update, see=\n"
		"# > >  below:\n"
		"> >  41. Another paragraph, numbered by the viewer it was copied out =\n"
		"> >  42. of, then quoted twice.\n"
		"> ##########################################################################=\n"
		"> ###\n";
	struct br_doc *d = mem(in);
	assert_true(d->transport & BR_TRANSPORT_QP);
	assert_non_null(strstr(holding(d, "The array")->text, "firmware update, see below:"));
	assert_non_null(strstr(holding(d, "Another")->text, "copied out of, then quoted twice."));
	/* 74 + 3 of them: the continuation's are kept */
	const struct br_line *l = holding(d, "#####");
	size_t k = 0;
	for (const char *p = l->text; *p; p++)
		k += *p == '#';
	assert_int_equal(k, 77);
	br_doc_free(d);
}

/* A part starts at its declared boundary however short ("--=_b1"): each
 * part's encoding is its own, the base64 after the QP part does not make
 * the QP part undeclared. */
static void qp_parts_by_declared_boundary(void **state)
{
	(void)state;
	static const char in[] =
		"From: someone@example.org\n"
		"MIME-Version: 1.0\n"
		"Content-Type: multipart/mixed; charset=us-ascii;\n"
		"\tboundary=\"=_b1\"\n"
		"\n"
		"--=_b1\n"
		"Content-Type: text/plain; charset=utf-8\n"
		"Content-Transfer-Encoding: quoted-printable\n"
		"\n"
		"Gr=C3=B6=C3=9Fe 4G\n"
		"\n"
		"--=_b1\n"
		"Content-Type: application/octet-stream\n"
		"Content-Transfer-Encoding: base64\n"
		"\n"
		"AAECAwQFBgcICQ==\n"
		"--=_b1--\n";
	struct br_doc *d = mem(in);
	assert_true(d->transport & BR_TRANSPORT_QP);
	assert_string_equal(find(d, "Gr")->text, "Gr\xc3\xb6\xc3\x9f" "e 4G");
	br_doc_free(d);
}

/* A quoted message that says it is quoted-printable (its headers quoted
 * too) and a reply that re-wrapped it: the rest of a soft-broken line
 * carries the outer quote only, and goes on after the break. A marked
 * declaration that says another encoding leaves the region as it was. */
static void qp_quoted_declaration(void **state)
{
	(void)state;
	static const char in[] =
		"someone wrote:\n"
		"> Content-Type: text/plain; charset=iso-8859-1\n"
		"> Content-Transfer-Encoding: quoted-printable\n"
		"> \n"
		"> > Machine    MB K/sec %CPU K/sec %CPU K/sec %CPU K/sec %CPU K/sec %CPU  /sec=\n"
		">  %CPU\n"
		"> > ide-2416  514 11956 96.3 26123 22.6  9873 13.7 12214 94.8 40811 11.4  38=\n"
		"> 2.1  2.4\n";
	struct br_doc *d = mem(in);
	assert_true(d->transport & BR_TRANSPORT_QP);
	assert_string_equal(find(d, "ide-2416")->text,
			    "ide-2416  514 11956 96.3 26123 22.6  9873 13.7 12214 94.8 40811 11.4  382.1  2.4");
	assert_int_equal(find(d, "ide-2416")->depth, 2);
	br_doc_free(d);
	static const char seven[] =
		"Content-Transfer-Encoding: quoted-printable\n"
		"\n"
		" * Content-Transfer-Encoding: 7bit\n"
		" * gr=C3=B6=C3=9Fer\n";
	d = mem(seven);
	assert_true(d->transport & BR_TRANSPORT_QP);
	assert_non_null(strstr(holding(d, "gr")->text, "gr\xc3\xb6\xc3\x9f" "er"));
	br_doc_free(d);
}

/* A header's encoded word (RFC 2047) that a wrap left at a line end is no
 * soft break, and its escapes no evidence: the wrapped hdparm line below
 * keeps its "=" (a mail that does not say its encoding). */
static void qp_encoded_words_are_no_evidence(void **state)
{
	(void)state;
	static const char in[] =
		"From: someone@example.org\n"
		"To: disks@example.org, Lenar Example and the rest of the list =?iso-8859-1?q?L=F5hmus?=\n"
		"  <lenar@example.org>\n"
		"Subject: =?utf-8?q?sata_numbers_=E2=80=94_again_and_again_and_again_and_again?=\n"
		"\n"
		"/dev/sda:\n"
		" Timing buffer-cache reads:   1412 MB in  2.00 seconds =\n"
		"705.05 MB/sec\n";
	struct br_doc *d = mem(in);
	assert_false(d->transport & BR_TRANSPORT_QP);
	assert_string_equal(find(d, " Timing")->text, " Timing buffer-cache reads:   1412 MB in  2.00 seconds =");
	br_doc_free(d);
}

/* A message forwarded inline in a reply encoded as a whole: its own
 * encoding (a soft break, now "=3D" at a line end, and "=3D20") shows once
 * the outer one is gone, and goes too; a text encoded once keeps the
 * "=18" an old hdparm printed. */
static void qp_twice(void **state)
{
	(void)state;
	static const char in[] =
		"Content-Transfer-Encoding: quoted-printable\n"
		"\n"
		"---------- Forwarded message ----------\n"
		"Content-Transfer-Encoding: quoted-printable\n"
		"\n"
		"scratch03        4G 41873  91 87211  24 38110  11 44930  88 121554 15 402.=\n"
		"=3D\n"
		"7   1\n"
		"done=3D20\n";
	struct br_doc *d = mem(in);
	assert_true(d->transport & BR_TRANSPORT_QP);
	assert_string_equal(find(d, "scratch03")->text,
			    "scratch03        4G 41873  91 87211  24 38110  11 44930  88 121554 15 402.7   1");
	assert_string_equal(find(d, "done")->text, "done ");
	br_doc_free(d);
	static const char once[] =
		"Content-Transfer-Encoding: quoted-printable\n"
		"\n"
		"/dev/hda:\n"
		" Timing buffered disk reads:  64 MB in  3.51 seconds =3D18.23 MB/sec\n";
	d = mem(once);
	assert_string_equal(find(d, " Timing")->text, " Timing buffered disk reads:  64 MB in  3.51 seconds =18.23 MB/sec");
	br_doc_free(d);
}

/* An HTML message declared quoted-printable whose markup has no encoded
 * attribute (no "=3D\"" in a tag, the only sign the page was encoded
 * whole before): its soft breaks join before the page is read (were
 * blanks, and the last timing ran into the next paragraph). */
static void qp_declared_page_joins_before_markup(void **state)
{
	(void)state;
	static const char in[] =
		"Content-Type: text/html; charset=\"utf-8\"\n"
		"Content-Transfer-Encoding: quoted-printable\n"
		"\n"
		"<html><body><p>The array, with hdparm, twice in a row on an idle=\n"
		" box:</p>\n"
		"<pre>/dev/md0:\n"
		" Timing buffered disk reads: 1024 MB in  3.00 seconds =3D 341.12 MB/sec=\n"
		"</pre>\n"
		"<p>The old server gave a third of it.</p></body></html>\n";
	struct br_doc *d = mem(in);
	assert_true(d->transport & BR_TRANSPORT_QP);
	assert_true(d->transport & BR_TRANSPORT_HTML);
	assert_string_equal(holding(d, "Timing")->text,
			    " Timing buffered disk reads: 1024 MB in  3.00 seconds = 341.12 MB/sec");
	assert_non_null(strstr(holding(d, "idle")->text, "on an idle box:"));
	br_doc_free(d);
}

/* A copy that doubled the lines of an encoded text: a blank line after
 * each soft break too; undone before the breaks are joined. */
static void qp_double_spaced(void **state)
{
	(void)state;
	static const char in[] =
		"Content-Transfer-Encoding: quoted-printable\n\n"
		"\n\n"
		"Version 1.03      ------Sequential Output------ --Sequential Input- --Ran=\n\n"
		"dom-\n\n"
		"                    -Per Chr- --Block-- -Rewrite- -Per Chr- --Block-- --See=\n\n"
		"ks--\n\n"
		"Machine        Size K/sec %CP K/sec %CP K/sec %CP K/sec %CP K/sec %CP  /sec %=\n\n"
		"CP\n\n"
		"newbox           2G 31234  88 55123  20 24011  10 30112  80 71012  12 280.3 =\n\n"
		"  0\n\n"
		"oldbox           2G 21012  80 35112  15 14023   6 20012  70 41012   8 170.1 =\n\n"
		"  0\n\n"
		"The second=20\n\n"
		"paragraph, of a few lines that a forum double spaced when the raw messa=\n\n"
		"ge was pasted\n\n"
		"as it came,\n\n"
		"one line after another.\n";
	struct br_doc *d = mem(in);
	assert_true(d->transport & BR_TRANSPORT_QP);
	assert_true(d->transport & BR_TRANSPORT_SPACING);
	assert_string_equal(find(d, "newbox")->text,
			    "newbox           2G 31234  88 55123  20 24011  10 30112  80 71012  12 280.3   0");
	assert_string_equal(find(d, "Version")->text,
			    "Version 1.03      ------Sequential Output------ --Sequential Input- --Random-");
	assert_string_equal(find(d, "The second")->text, "The second ");
	br_doc_free(d);
}

/* The raw source of an encoded message quoted in a reply ("> "), double
 * spaced after that ("> " lines between): a soft break goes on past the
 * blank quoted line that follows it. */
static void qp_quoted_double_spaced_breaks(void **state)
{
	(void)state;
	static const char in[] =
		"> Content-Transfer-Encoding: quoted-printable\n> \n"
		"> \n> \n"
		"> Version 1.03      ------Sequential Output------ --Sequential Input- --Ran=\n> \n"
		"> dom-\n> \n"
		"> newbox           2G 31234  88 55123  20 24011  10 30112  80 71012  12 280.3 =\n> \n"
		"> =A0 0\n> \n"
		"> oldbox           2G 21012  80 35112  15 14023   6 20012  70 41012   8 170.1 =\n> \n"
		">   0\n> \n"
		"> done.\n";
	struct br_doc *d = mem(in);
	assert_true(d->transport & BR_TRANSPORT_QP);
	assert_string_equal(find(d, "newbox")->text,
			    "newbox           2G 31234  88 55123  20 24011  10 30112  80 71012  12 280.3   0");
	assert_string_equal(find(d, "oldbox")->text,
			    "oldbox           2G 21012  80 35112  15 14023   6 20012  70 41012   8 170.1   0");
	assert_string_equal(find(d, "Version")->text,
			    "Version 1.03      ------Sequential Output------ --Sequential Input- --Random-");
	br_doc_free(d);
	/* one soft break before a blank line is no double spacing: the
	 * paragraph after it stays a paragraph */
	d = mem("Content-Transfer-Encoding: quoted-printable\n\n"
		"a line that ends at a soft break=\n"
		"\n"
		"next paragraph =3D here\n");
	assert_string_equal(find(d, "next")->text, "next paragraph = here");
	br_doc_free(d);
}

/* bon_csv2html's table as a mail client made it text, one cell a line and
 * a blank line after each row: each row is one line again, its cells apart
 * (by TAB, then blanks); a list of short words stays as it is. */
static void table_cells_one_a_line(void **state)
{
	(void)state;
	struct br_doc *d = mem("The report:\n"
			       "\n"
			       "Version 2.00a\nSequential Output\nSequential Input\n"
			       "\n"
			       "nas-east\n64G\n919\n83\n182\n18\n88\n16\n1184\n99\n195\n9\n258.4\n35\n"
			       "\n"
			       "Latency\n22758us\n817us\n977us\n"
			       "\n"
			       "-- \nQuinn\n");
	assert_true(d->transport & BR_TRANSPORT_MDTABLE);
	const struct br_line *row = find(d, "nas-east");
	assert_string_equal(row->text, "nas-east        64G     919     83      182     18      88      16      "
				       "1184    99      195     9       258.4   35");
	assert_int_equal(row->line, 7);
	assert_int_equal(row->end_line, 20);
	assert_string_equal(find(d, "Version")->text, "Version 2.00a   Sequential Output       Sequential Input");
	assert_string_equal(find(d, "Latency")->text, "Latency 22758us 817us   977us");
	assert_string_equal(find(d, "--")->text, "-- ");
	assert_string_equal(find(d, "Quinn")->text, "Quinn");
	br_doc_free(d);
	/* short lines, no result row among them: a list */
	d = mem("Shopping:\n\nmilk\neggs\nbread\n\n2 apples\n3 pears\n1 melon\n4 figs\n5 kiwis\n6 limes\n7 plums\n8 dates\n");
	assert_false(d->transport & BR_TRANSPORT_MDTABLE);
	assert_string_equal(find(d, "milk")->text, "milk");
	br_doc_free(d);
}

/* The same table copied with no blank line anywhere: a row starts at a
 * word with two figures after it (a machine's name), and at a word right
 * after a figure with two latencies after it (the latency row); the
 * second "Latency" of that row stays in it, and a column of words in the
 * header stays one row. */
static void table_cells_rows_without_blank_lines(void **state)
{
	(void)state;
	struct br_doc *d = mem("The report:\n"
			       "\n"
			       "Version 2.00a\nSequential Output\nSequential Input\nSize\nPer Char\nK/sec\n% CPU\n"
			       "nas-east\n64G\n919\n83\n182\n18\n88\n16\n1184\n99\n195\n9\n258.4\n35\n"
			       "Latency\n22758us\n817us\n977us\nLatency\n23ms\n948us\n"
			       "nas-west\n16G\n1153\n99\n169\n25\n82\n11\n1380\n99\n279\n14\n292.2\n31\n");
	assert_true(d->transport & BR_TRANSPORT_MDTABLE);
	assert_string_equal(find(d, "Version")->text,
			    "Version 2.00a   Sequential Output       Sequential Input        Size    Per Char        "
			    "K/sec   % CPU");
	const struct br_line *row = find(d, "nas-east");
	assert_int_equal(row->line, 10);
	assert_int_equal(row->end_line, 23);
	assert_string_equal(find(d, "Latency")->text, "Latency 22758us 817us   977us   Latency 23ms    948us");
	row = find(d, "nas-west");
	assert_int_equal(row->line, 31);
	assert_int_equal(row->end_line, 44);
	br_doc_free(d);
}

/* A quoted line a reader's client re-wrapped at 60 columns without the
 * marks: its rest is as deep as it; a reply written between quoted lines
 * (the quoted line before it short) stays the writer's own. */
static void quoted_rest_rewrapped(void **state)
{
	(void)state;
	struct br_doc *d = mem("Jo wrote:\n"
			       "> -Latency               104ms   41538ms     804ms  \n"
			       "19824us   46554us     631ms\n"
			       "> +prod             7G   335  98 54977  23 27923   7  1075 \n"
			       "99 61596   6 342.9   4\n"
			       "> the end.\n"
			       "Agreed, it is slow.\n"
			       "> more\n");
	assert_int_equal(holding(d, "19824us")->depth, 1);
	assert_int_equal(holding(d, "61596")->depth, 1);
	assert_int_equal(holding(d, "54977")->depth, 1);
	assert_int_equal(find(d, "Agreed")->depth, 0);
	br_doc_free(d);
}

/* A reply a phone re-wrapped at 40 columns, quoted table and all: each
 * quoted row leaves its rest unquoted below it, before the next piece
 * quoted again. The document's own wrap (not the 60 columns of a desk
 * client) finds the rests, and each goes back onto its quoted line; in a
 * document not wrapped so narrow a short quoted line and the answer below
 * it stay apart. */
static void quoted_rest_rewrapped_narrow(void **state)
{
	(void)state;
	struct br_doc *d = mem("On Tue, Ann wrote:\n"
			       "> The numbers from the old array, as\n"
			       "> promised, before we swap the\n"
			       "> controller next week. They are not\n"
			       "> great but they are what we have\n"
			       "> right now on that box, sorry.\n"
			       "> old_array_raid5      256 16690\n"
			       "99.7 28332 29.9 11528 16.8 12411 77.2\n"
			       "> 28888 17.3  237.4  2.1\n"
			       "\n"
			       "Thanks, that is slower than I hoped\n"
			       "for, so we keep the new one then.\n");
	const struct br_line *l = holding(d, "old_array_raid5");
	assert_string_equal(l->text, "old_array_raid5      256 16690 99.7 28332 29.9 11528 16.8 12411 77.2");
	assert_int_equal(l->depth, 1);
	assert_int_equal(l->line, 7);
	assert_int_equal(l->end_line, 8);
	assert_int_equal(holding(d, "28888")->depth, 1);
	br_doc_free(d);
	d = mem("> Which filesystem did you put on the array for the test?\n"
		"> a short one, just ten\n"
		"ext4 default options mostly\n"
		"> and then the next question of the thread, a long line again, goes here.\n");
	assert_int_equal(find(d, "ext4")->depth, 0);
	br_doc_free(d);
}

/* A numbered paste copied from a web page: the numbers padded with
 * no-break spaces (UTF-8, or Windows-1252's lone byte), in a web mail's
 * <div> lines too; the gutter goes all the same. */
static void gutter_padded_with_nbsp(void **state)
{
	(void)state;
	struct br_doc *d = mem(" \xa0 1. /dev/sda:\n"
			       " \xa0 2. \xa0Timing cached reads: \xa0 2050 MB in \xa0" "2.00 seconds\n"
			       " \xa0 3. \xa0Timing buffered disk reads: \xa0" "226 MB in \xa0" "3.03 seconds\n"
			       " \xa0 4. \n"
			       " \xa0 5. done\n");
	assert_true(d->transport & BR_TRANSPORT_NUMBERS);
	assert_string_equal(d->lines[0].text, "/dev/sda:");
	assert_string_equal(d->lines[4].text, "done");
	br_doc_free(d);
	d = mem("<div dir=\"ltr\">\n"
		"<div> &nbsp; 1. /dev/sdb:</div>\n"
		"<div> &nbsp; 2. &nbsp;Timing cached reads: &nbsp; 2050 MB in &nbsp;2.00 seconds</div>\n"
		"<div> &nbsp; 3. &nbsp;Timing buffered disk reads: &nbsp;226 MB in &nbsp;3.03 seconds</div>\n"
		"<div> &nbsp; 4. &nbsp;</div>\n"
		"<div> &nbsp; 5. done</div>\n"
		"</div>\n");
	assert_true(d->transport & BR_TRANSPORT_NUMBERS);
	assert_string_equal(find(d, "/dev/sdb")->text, "/dev/sdb:");
	assert_string_equal(holding(d, "cached")->text, " Timing cached reads:   2050 MB in  2.00 seconds");
	br_doc_free(d);
}

/* A code viewer's copy of two or three lines: numbers and two blanks in
 * front of a CSV row or hdparm's lines, the whole block numbered; the
 * numbers go. Runs numbered in front of a whitespace table's machine
 * column, and a table of figures, keep them (a column). */
static void gutter_short_block(void **state)
{
	(void)state;
	struct br_doc *d = mem("copied:\n"
			       "```\n"
			       "1  castor,2G,41234,96,52311,14,21034,6,38123,88,61234,9,312.4,1\n"
			       "2  pollux,2G,40123,95,51022,13,20987,6,37654,87,60321,9,305.1,1\n"
			       "```\n");
	assert_true(d->transport & BR_TRANSPORT_NUMBERS);
	assert_memory_equal(holding(d, "castor")->text, "castor,2G,", 10);
	assert_memory_equal(holding(d, "pollux")->text, "pollux,2G,", 10);
	br_doc_free(d);
	d = mem("\n1  /dev/sdb:\n2   Timing cached reads:   2210 MB in  2.00 seconds = 1105.12 MB/sec\n\n");
	assert_string_equal(find(d, "/dev/sdb")->text, "/dev/sdb:");
	assert_memory_equal(holding(d, "cached")->text, " Timing cached", 14);
	br_doc_free(d);
	d = mem("\n1  sam     512  3652 100.0 11066 15.6  6014 10.6  2999 89.1 18276 17.4 185.5  2.8\n"
		"2  sam     512  3647 99.8 11055 15.8  5924 10.3  3003 88.8 18270 18.5 183.5  3.1\n\n");
	assert_false(d->transport & BR_TRANSPORT_NUMBERS);
	assert_memory_equal(holding(d, "3652")->text, "1  sam", 6);
	br_doc_free(d);
	d = mem("\n1  120  44\n2  130  45\n\n");
	assert_false(d->transport & BR_TRANSPORT_NUMBERS);
	br_doc_free(d);
	/* a line of prose before the block, no blank line: not a whole block */
	d = mem("Results\n1  castor,2G,41234,96\n2  pollux,2G,40123,95\n");
	assert_false(d->transport & BR_TRANSPORT_NUMBERS);
	br_doc_free(d);
}

/* Another speaker's line or two in the middle of a chat paste (between
 * "/dev/sda:" and its indented lines) goes; a reply between two pastes,
 * or before a line of A's that is not indented output, stays. */
static void chat_interjection_dropped(void **state)
{
	(void)state;
	struct br_doc *d = mem("[21:02] <zed> /dev/sda:\n"
			       "[21:02] <kraut> wait, which kernel?\n"
			       "[21:02] <ahab> heh\n"
			       "[21:02] <zed>  Timing cached reads:   7864 MB in  2.00 seconds = 3935.41 MB/sec\n"
			       "[21:03] <kraut> and sdb?\n"
			       "[21:03] <zed> sdb is the same\n");
	assert_string_equal(d->lines[0].text, "/dev/sda:");
	assert_memory_equal(d->lines[1].text, " Timing cached", 14);
	assert_string_equal(d->lines[2].text, "and sdb?");
	br_doc_free(d);
	d = mem("<zed> /dev/sda:\n<kraut> lol\n<zed>  Timing buffered disk reads: 338 MB in  3.01 seconds\n");
	assert_int_equal(d->nlines, 2);
	br_doc_free(d);
}

/* A wiki page's source, text around <pre> blocks and nothing else of a
 * page: its blank lines part paragraphs (the caption over the <pre> is a
 * line of its own); in a page with <p> they do not. */
static void wiki_source_blank_lines_part(void **state)
{
	(void)state;
	struct br_doc *d = mem("== Disks ==\n\nSome notes here.\n\n'''RAID5 over four disks'''\n\n<pre>\n/dev/md1:\n</pre>\n");
	assert_true(d->transport & BR_TRANSPORT_HTML);
	assert_string_equal(find(d, "'''RAID5")->text, "'''RAID5 over four disks'''");
	assert_string_equal(find(d, "Some notes")->text, "Some notes here.");
	br_doc_free(d);
	d = mem("<p>Some notes\n\nhere.</p>\n<pre>\n/dev/md1:\n</pre>\n");
	assert_string_equal(find(d, "Some notes")->text, "Some notes here.");
	br_doc_free(d);
}

/* A numbered paste in a message encoded after it was numbered: the soft
 * breaks' rests carry no number, a numbered empty line ends in "=20", and
 * the message pasted in says it was 7bit; the numbers go once the
 * encoding is gone, whichever way the joined lines were counted. */
static void gutter_under_qp(void **state)
{
	(void)state;
	static const char in[] =
		"Content-Transfer-Encoding: quoted-printable\n"
		"\n"
		"  1. Content-Transfer-Encoding: 7bit\n"
		"  2.=20\n"
		"  3. /dev/sdb:\n"
		"  4.  Timing buffer-cache reads:   2812 MB in  2.00 seconds =3D 1404.11 MB=\n"
		"/sec\n"
		"  5.  Timing buffered disk reads:  294 MB in  3.00 seconds =3D  97.92 MB/s=\n"
		"ec\n"
		"  6.=20\n"
		"  7. bonnie next, same disk, a line long enough for a soft break here=\n"
		" and there=\n"
		" again.\n"
		"  8. done\n";
	struct br_doc *d = mem(in);
	assert_true(d->transport & BR_TRANSPORT_QP);
	assert_true(d->transport & BR_TRANSPORT_NUMBERS);
	assert_string_equal(find(d, "/dev/sdb")->text, "/dev/sdb:");
	assert_string_equal(holding(d, "buffered disk")->text,
			    " Timing buffered disk reads:  294 MB in  3.00 seconds =  97.92 MB/sec");
	assert_string_equal(find(d, "done")->text, "done");
	br_doc_free(d);
}

/* A line that still ends in "=" once decoded ("sum =") has quoted-printable
 * looked at again; what the first pass decoded (a no-break space, =A0)
 * still counts: the blanks are made blanks. */
static void qp_second_look_keeps_signs(void **state)
{
	(void)state;
	static const char in[] =
		"Content-Transfer-Encoding: quoted-printable\n"
		"\n"
		"The figures, as the page showed them, and their sum =3D\n"
		"\n"
		"blackfin =A0 =A0 300M =A0 =A048 =A099 =A06224 =A075 =A01782 =A037 =A0 124 =A099=\n"
		" =A02874 =A026 100.4 =A0 5\n"
		"\n"
		"plain text at the end\n";
	struct br_doc *d = mem(in);
	assert_true(d->transport & BR_TRANSPORT_QP);
	assert_true(d->transport & BR_TRANSPORT_TABS);
	assert_null(strchr(find(d, "blackfin")->text, '\xa0'));
	br_doc_free(d);
}

static void quoting_depths_and_alignment(void **state)
{
	(void)state;
	static const char in[] =
		"Joe wrote:\n"
		"> first\n"
		">> second\n"
		"> > second too\n"
		">  Timing cached reads:   38116 MB in  1.99 seconds = 19151.18 MB/sec\n"
		"> > >\n"
		"> Machine    MB K/sec %CPU\n"
		">        1*2047  7205 95.3\n"
		">\t 1000 12771 96.7\n"
		"unquoted\n";
	struct br_doc *d = mem(in);
	assert_true(d->transport & BR_TRANSPORT_QUOTE);
	assert_int_equal(d->nlines, 10);
	assert_int_equal(d->lines[0].depth, 0);
	assert_string_equal(d->lines[1].text, "first");
	assert_int_equal(d->lines[1].depth, 1);
	assert_string_equal(d->lines[2].text, "second");
	assert_int_equal(d->lines[2].depth, 2);
	assert_string_equal(d->lines[3].text, "second too");
	assert_int_equal(d->lines[3].depth, 2);
	/* the extra space is the line's own (hdparm indents its lines) */
	assert_string_equal(d->lines[4].text,
			    " Timing cached reads:   38116 MB in  1.99 seconds = 19151.18 MB/sec");
	assert_int_equal(d->lines[5].depth, 3);
	assert_string_equal(d->lines[5].text, "");
	/* a quoted table keeps its columns */
	assert_string_equal(d->lines[6].text, "Machine    MB K/sec %CPU");
	assert_string_equal(d->lines[7].text, "       1*2047  7205 95.3");
	/* ">\t": the column the reader saw (8) less the prefix */
	assert_string_equal(d->lines[8].text, "       1000 12771 96.7");
	assert_int_equal(d->lines[8].line, 9);
	assert_int_equal(d->lines[9].depth, 0);
	br_doc_free(d);
}

static void pipe_quoting_but_not_markdown_tables(void **state)
{
	(void)state;
	struct br_doc *d = mem("| quoted line\n| another\n|\nplain\n");
	assert_int_equal(d->lines[0].depth, 1);
	assert_string_equal(d->lines[0].text, "quoted line");
	assert_int_equal(d->lines[2].depth, 1);
	assert_int_equal(d->lines[3].depth, 0);
	br_doc_free(d);
	d = mem("| host | seeks |\n|------|-------|\n| a | 1 |\n");
	assert_int_equal(d->transport, 0);
	assert_string_equal(d->lines[0].text, "| host | seeks |");
	br_doc_free(d);
	/* a comment block quoted so: its "# " goes once the quoting has */
	d = mem("| # Version 1.96\n| # Concurrency 1\n| # Machine Size\n");
	assert_int_equal(d->lines[0].depth, 1);
	assert_string_equal(d->lines[0].text, "Version 1.96");
	assert_string_equal(d->lines[2].text, "Machine Size");
	br_doc_free(d);
}

/* A Markdown table a mail client wrapped (in '> ' quoting too): each row
 * cut at a blank is joined again to the delimiter row's count of cells,
 * its line range the pieces'; a piece that makes no row whole stays. */
static void wrapped_markdown_rows_joined(void **state)
{
	(void)state;
	struct br_doc *d = mem("> | fs | Size | Block K/s | Rewrite K/s | In\n"
			       "> Block K/s | Seeks/s |\n"
			       "> |---|---|---|---|---|---|\n"
			       "> | ext4 | 8G | 98213 | 41022 | 121880 |\n"
			       "> 301.4 |\n"
			       "> | xfs | 8G | 104332 | 45901 | 125012 | 322.9 |\n"
			       ">\n"
			       "> thanks\n");
	assert_string_equal(d->lines[0].text, "| fs | Size | Block K/s | Rewrite K/s | In Block K/s | Seeks/s |");
	assert_int_equal(d->lines[0].depth, 1);
	assert_int_equal(d->lines[0].end_line, 2);
	assert_string_equal(d->lines[2].text, "| ext4 | 8G | 98213 | 41022 | 121880 | 301.4 |");
	assert_int_equal(d->lines[2].line, 4);
	assert_int_equal(d->lines[2].end_line, 5);
	assert_string_equal(d->lines[3].text, "| xfs | 8G | 104332 | 45901 | 125012 | 322.9 |");
	assert_true(d->transport & BR_TRANSPORT_MDTABLE);
	br_doc_free(d);
	/* a row with a cell too many after the join is left in its pieces
	 * (the table, no grid now, read as rows of cells) */
	d = mem("| a | b |\n|---|---|\n| 1 | 2 |\n| 3 |\n4 | 5 |\n");
	assert_string_equal(d->lines[2].text, "3");
	assert_string_equal(d->lines[3].text, "4 | 5 |");
	br_doc_free(d);
}

/* A LaTeX tabular's source: each row one line of cells apart by TAB
 * (a row over two lines joined), the markup of its cells read
 * ("\\multicolumn", "\\textbf", "\\%", "\\,"), rules between rows gone;
 * other lines stay. */
static void latex_table_rows(void **state)
{
	(void)state;
	struct br_doc *d = mem("\\begin{tabular}{lrr}\n"
			       "\\hline\n"
			       " & \\multicolumn{2}{c|}{Random read} &\n"
			       "\\multicolumn{2}{c}{Sequential read} \\\\\n"
			       "\\hline\n"
			       "da0 & \\textbf{3011.7} & 12\\,345 (9\\%) \\\\ \\hline\n"
			       "\\end{tabular}\n"
			       "fish \\& chips\n");
	const struct br_line *l = find(d, "\tRandom read");
	assert_string_equal(l->text, "\tRandom read\tSequential read");
	assert_true(l->flags & BR_LINE_TABLE_ROW);
	assert_int_equal(l->line, 3);
	assert_int_equal(l->end_line, 4);
	l = find(d, "da0");
	assert_string_equal(l->text, "da0\t3011.7\t12345 (9%)");
	assert_true(l + 1 == find(d, "\\end{tabular}")); /* the rule under it gone */
	assert_string_equal(find(d, "\\hline")->text, "\\hline"); /* before any row: kept */
	assert_string_equal(find(d, "fish")->text, "fish \\& chips");
	br_doc_free(d);
	/* no "\\\\" row end: nothing is a table */
	d = mem("a & b\nc & d\n");
	assert_string_equal(d->lines[0].text, "a & b");
	assert_int_equal(d->lines[0].flags & BR_LINE_TABLE_ROW, 0);
	br_doc_free(d);
}

/* A DokuWiki table: its header row's '^' separators made '|' (a table
 * the parsers read as a person's Markdown table), a '^' inside a cell
 * kept; a "^ x ^" line alone is no table. */
static void dokuwiki_table_rows(void **state)
{
	(void)state;
	struct br_doc *d = mem("text\n"
			       "^ Host ^ Device ^ Cached reads ^\n"
			       "| a    | /dev/sda | 2^10 MB/sec |\n"
			       "^ b    | /dev/sdb | 7.1 MB/sec |\n");
	assert_string_equal(d->lines[1].text, "| Host | Device | Cached reads |");
	assert_string_equal(d->lines[2].text, "| a    | /dev/sda | 2^10 MB/sec |");
	assert_string_equal(d->lines[3].text, "| b    | /dev/sdb | 7.1 MB/sec |");
	br_doc_free(d);
	d = mem("^ alone ^\ntext\n");
	assert_string_equal(d->lines[0].text, "^ alone ^");
	br_doc_free(d);
}

/* A MediaWiki table's source: each row one line of cells apart by TAB
 * (header "!"/"!!" cells, "||" cells, one cell a line, "attrs | text"),
 * spanning its lines; the caption a line of text; "{|" and "|}" blank
 * lines, "|-" gone. Without its "|}" nothing is a table. */
static void mediawiki_table_rows(void **state)
{
	(void)state;
	struct br_doc *d = mem("intro\n"
			       "{| class=\"wikitable\"\n"
			       "|+ hdparm -tT\n"
			       "|-\n"
			       "! Host !! Timing cached reads\n"
			       "|-\n"
			       "| build01\n"
			       "| style=\"text-align:right\" | 9412.60\n"
			       "|-\n"
			       "| build02 || 7649.63\n"
			       "|}\n"
			       "after\n");
	assert_string_equal(d->lines[1].text, "");
	assert_string_equal(d->lines[2].text, "hdparm -tT");
	assert_int_equal(d->lines[2].flags & BR_LINE_TABLE_ROW, 0);
	const struct br_line *l = find(d, "Host");
	assert_string_equal(l->text, "Host\tTiming cached reads");
	assert_true(l->flags & BR_LINE_TABLE_ROW);
	l = find(d, "build01");
	assert_string_equal(l->text, "build01\t9412.60");
	assert_int_equal(l->line, 7);
	assert_int_equal(l->end_line, 8);
	assert_int_equal(l->depth, 0);
	assert_string_equal(find(d, "build02")->text, "build02\t7649.63");
	assert_string_equal(d->lines[d->nlines - 1].text, "after");
	assert_string_equal(d->lines[d->nlines - 2].text, "");
	br_doc_free(d);
	/* a header line a mail client wrapped: its rest goes on its last
	 * cell, then its own cells */
	d = mem("{|\n! Host !! Seq Input Block\nK/sec !! %CP\n|-\n| a || 1 || 2\n|}\n");
	assert_string_equal(find(d, "Host")->text, "Host\tSeq Input Block K/sec\t%CP");
	assert_string_equal(find(d, "a\t")->text, "a\t1\t2");
	br_doc_free(d);
	d = mem("{| class=\"wikitable\"\n|-\n| a || 1\n");
	assert_string_equal(holding(d, "a ||")->text, "| a || 1");
	br_doc_free(d);
	/* the source indented as a block of code (four blanks or more): the
	 * same rows */
	d = mem("text\n\n    {| class=\"wikitable\"\n    ! Host !! Cached\n    |-\n"
		"    | a || 1\n    |-\n    | b || 2\n    |}\n");
	assert_string_equal(find(d, "Host")->text, "Host\tCached");
	assert_string_equal(find(d, "a\t")->text, "a\t1");
	assert_string_equal(find(d, "b\t")->text, "b\t2");
	br_doc_free(d);
}

static void deep_quoting_is_bounded(void **state)
{
	(void)state;
	struct br_buf b = BR_BUF_INIT;
	for (int i = 0; i < 1000; i++)
		br_buf_adds(&b, "> ");
	br_buf_adds(&b, "deep\nflat\n");
	struct br_doc *d = br_doc_from_mem("t", b.data, b.len);
	assert_int_equal(d->lines[0].depth, 1000);
	assert_string_equal(d->lines[0].text, "deep");
	assert_string_equal(d->lines[1].text, "flat");
	br_doc_free(d);
	br_buf_free(&b);
}

static void html_page(void **state)
{
	(void)state;
	static const char in[] =
		"<html><head><title>t</title><style>p { x }</style></head>\n" /* 1 */
		"<body>\n"                                                    /* 2 */
		"<h2>RAID 5</h2>\n"                                           /* 3 */
		"<p>Roughly 16MB/sec\n"                                       /* 4 */
		"sustained &amp; more.</p>\n"                                 /* 5 */
		"<p>6 disks:</p>\n"                                           /* 6 */
		"<pre>\n"                                                     /* 7 */
		"Machine    MB K/sec %CPU\n"                                  /* 8 */
		"       1*2047  7277 96.9\n"                                  /* 9 */
		"</pre>\n"                                                    /* 10 */
		"<table>\n"                                                   /* 11 */
		"<TR><TD>mach</TD><TD>100</TD><TD>2611</TD><TD>90.7</TD></TR>\n" /* 12 */
		"<tr><td>x&nbsp;y</td><td></td><td>&lt;b&gt;</td></tr>\n"     /* 13 */
		"</table>\n"                                                  /* 14 */
		"one<br>two<br><br>three\n"                                   /* 15 */
		"</body></html>\n";
	struct br_doc *d = mem(in);
	assert_true(d->transport & BR_TRANSPORT_HTML);
	const struct br_line *l = find(d, "RAID 5");
	assert_true(l->flags & BR_LINE_HEADING);
	assert_int_equal(BR_LINE_LEVEL(l->flags), 2);
	assert_int_equal(l->line, 3);
	l = find(d, "Roughly");
	assert_string_equal(l->text, "Roughly 16MB/sec sustained & more.");
	assert_int_equal(l->line, 4);
	assert_int_equal(l->end_line, 5);
	assert_true(l->flags & BR_LINE_BLOCK_START);
	l = find(d, "Machine");
	assert_string_equal(l->text, "Machine    MB K/sec %CPU");
	assert_true(l->flags & BR_LINE_PRE);
	assert_int_equal(l->line, 8);
	l = find(d, "       1*2047");
	assert_string_equal(l->text, "       1*2047  7277 96.9");
	assert_int_equal(l->line, 9);
	l = find(d, "mach");
	assert_string_equal(l->text, "mach\t100\t2611\t90.7");
	assert_true(l->flags & BR_LINE_TABLE_ROW);
	assert_int_equal(l->line, 12);
	l = find(d, "x y");
	assert_string_equal(l->text, "x y\t\t<b>");
	assert_int_equal(l->line, 13);
	assert_int_equal(find(d, "one")->line, 15);
	assert_int_equal(find(d, "two")->line, 15);
	assert_int_equal(find(d, "three")->line, 15);
	/* no line from <head> */
	for (size_t i = 0; i < d->nlines; i++) {
		assert_null(strstr(d->lines[i].text, "p { x }"));
		assert_string_not_equal(d->lines[i].text, "t");
	}
	br_doc_free(d);
}

/* A layout table: a row whose cells hold blocks is not a data row. */
/* Text before the first tag (a mail's headers over its HTML body): the
 * parser implies <html><body><p> around it once it has read past it; the
 * lines keep their own numbers, and so does everything after them. */
static void html_text_before_first_tag(void **state)
{
	(void)state;
	struct br_doc *d = mem("From: a\n"                          /* 1 */
			       "Subject: b\n"                       /* 2 */
			       "\n"                                 /* 3 */
			       "<html><body><p>Hi</p>\n"            /* 4 */
			       "<pre>x\n"                           /* 5 */
			       "y\n"                                /* 6 */
			       "</pre>\n"                           /* 7 */
			       "<p>z</p>\n"                         /* 8 */
			       "</body></html>\n");
	const struct br_line *l = find(d, "From: a");
	assert_non_null(l);
	assert_int_equal(l->line, 1);
	assert_int_equal(l->end_line, 2);
	assert_int_equal(find(d, "Hi")->line, 4);
	assert_int_equal(find(d, "x")->line, 5);
	assert_int_equal(find(d, "y")->line, 6);
	assert_int_equal(find(d, "z")->line, 8);
	br_doc_free(d);
}

/* A forum's [table]: the cells of a row on one line, a TAB between them,
 * whether the row is on one line or has a tag a line ([TR], [TD]Disk[/TD],
 * ..., [/TR]: the row's line spans them). */
static void bbcode_table_rows(void **state)
{
	(void)state;
	struct br_doc *d = mem("[TABLE]\n"                                  /* 1 */
			       "[TR]\n"                                     /* 2 */
			       "[TD]Disk[/TD]\n"                            /* 3 */
			       "[TD]Timing cached reads[/TD]\n"             /* 4 */
			       "[/TR]\n"                                    /* 5 */
			       "[tr][th]a[/th][th]b c[/th][/tr]\n"          /* 6 */
			       "[tr][td]x[/td][td][/td][td]z[/td][/tr]\n"   /* 7 */
			       "[/TABLE]\n"
			       "after [td]\n");
	const struct br_line *l = find(d, "Disk");
	assert_string_equal(l->text, "Disk\tTiming cached reads");
	assert_int_equal(l->line, 2);
	assert_int_equal(l->end_line, 5);
	assert_string_equal(find(d, "a")->text, "a\tb c");
	assert_string_equal(find(d, "x")->text, "x\t\tz");
	assert_int_equal(find(d, "x")->line, 7);
	assert_string_equal(find(d, "after")->text, "after \t");
	br_doc_free(d);
}

/* Character references in a text that is no page (a blog exported to
 * Markdown, a copy of a page's source): with two lines or more holding
 * one, &gt; &nbsp; &amp; and small numeric ones become characters, and the
 * quoting they spell is quoting; one "AT&amp;T" alone stays as written. */
static void entities_in_text(void **state)
{
	(void)state;
	struct br_doc *d = mem("&gt; /dev/sda:\n"
			       "&gt;&nbsp;Timing a&nbsp;&nbsp; 1 MB\n"
			       "R&amp;D &#36;40 &#x41; &#1234; &bogus;\n");
	assert_string_equal(find(d, "/dev/sda:")->text, "/dev/sda:");
	assert_int_equal(find(d, "/dev/sda:")->depth, 1);
	assert_int_equal(find(d, "/dev/sda:")->line, 1);
	assert_string_equal(find(d, "R&D")->text, "R&D $40 A &#1234; &bogus;");
	br_doc_free(d);
	d = mem("AT&amp;T\nplain\n");
	assert_string_equal(d->lines[0].text, "AT&amp;T");
	br_doc_free(d);
}

/* A page escaped twice: a forum showed a page's source (its <pre> and the
 * "&gt; " of a quoted reply spelled "&amp;gt;") as lines of its own page.
 * The text the outer page shows is a page again, and is read again: the
 * quoting and the <pre> are the inner page's. A page that shows a tag or
 * two in its prose stays as it reads. */
static void html_page_escaped_twice(void **state)
{
	(void)state;
	struct br_doc *d = mem("<html><body><div class=\"post\">&lt;html&gt;&lt;body&gt;&lt;pre&gt;<br>\n"
			       "&amp;gt; /dev/sdb:<br>\n"
			       "&amp;gt;  Timing buffered disk reads: 300 MB in  3.01 seconds =  99.67 MB/sec<br>\n"
			       "&amp;gt; R&amp;amp;D box<br>\n"
			       "&lt;/pre&gt;&lt;/body&gt;&lt;/html&gt;<br>\n"
			       "</div></body></html>\n");
	assert_true(d->transport & BR_TRANSPORT_HTML);
	const struct br_line *l = find(d, "Timing buffered");
	assert_string_equal(l->text, "Timing buffered disk reads: 300 MB in 3.01 seconds = 99.67 MB/sec");
	assert_int_equal(l->depth, 1);
	assert_int_equal(l->line, 3);
	assert_true(l->flags & BR_LINE_PRE);
	assert_int_equal(find(d, "/dev/sdb:")->depth, 1);
	assert_string_equal(find(d, "R&D")->text, "R&D box");
	for (size_t i = 0; i < d->nlines; i++)
		assert_null(strchr(d->lines[i].text, '<'));
	br_doc_free(d);
	d = mem("<html><body><p>Bold is &lt;b&gt;, and &amp;gt; is how a page spells it.</p>\n"
		"<pre>Timing buffered disk reads: 300 MB in  3.01 seconds =  99.67 MB/sec</pre>\n"
		"</body></html>\n");
	assert_string_equal(find(d, "Bold")->text, "Bold is <b>, and &gt; is how a page spells it.");
	br_doc_free(d);
}

static void html_layout_table(void **state)
{
	(void)state;
	static const char in[] = "<html><body><table><tr><td>\n"
				 "<p>5 disks:</p>\n"
				 "<pre>a b\n"
				 "c d</pre>\n"
				 "</td></tr></table></body></html>\n";
	struct br_doc *d = mem(in);
	assert_int_equal(find(d, "5 disks:")->flags & BR_LINE_TABLE_ROW, 0);
	assert_int_equal(find(d, "a b")->line, 3);
	assert_int_equal(find(d, "c d")->line, 4);
	br_doc_free(d);
}

/* "<TR><TD>" rows pasted into a text mail: only those lines are HTML. */
static void html_rows_in_text(void **state)
{
	(void)state;
	static const char in[] = "Here is my Bonnie -html output:\n"
				 "              -Per Char- --Block---\n"
				 "<TR><TD>mach</TD><TD>100</TD><TD>2611</TD><TD>90.7</TD></TR>\n"
				 "> <TR><TD>old</TD><TD>50</TD></TR>\n"
				 "bye\n";
	struct br_doc *d = mem(in);
	assert_true(d->transport & BR_TRANSPORT_HTML);
	assert_int_equal(d->nlines, 5);
	assert_string_equal(d->lines[1].text, "              -Per Char- --Block---");
	assert_string_equal(d->lines[2].text, "mach\t100\t2611\t90.7");
	assert_true(d->lines[2].flags & BR_LINE_TABLE_ROW);
	assert_int_equal(d->lines[2].line, 3);
	assert_string_equal(d->lines[3].text, "old\t50");
	assert_int_equal(d->lines[3].depth, 1);
	assert_int_equal(d->lines[3].line, 4);
	assert_string_equal(d->lines[4].text, "bye");
	br_doc_free(d);
}

/* A text mail that quotes some page source later on stays text. */
static void html_quoted_in_text_mail(void **state)
{
	(void)state;
	struct br_buf b = BR_BUF_INIT;
	for (int i = 0; i < 40; i++)
		br_buf_addf(&b, "line %d of a plain mail\n", i);
	br_buf_adds(&b, "Machine    MB K/sec %CPU\n"
			"       1*2047  7277 96.9\n"
			"> <html><head><title>x</title></head><body>hi</body></html>\n");
	struct br_doc *d = br_doc_from_mem("t", b.data, b.len);
	assert_int_equal(d->transport & BR_TRANSPORT_HTML, 0);
	assert_string_equal(find(d, "       1*2047")->text, "       1*2047  7277 96.9");
	assert_int_equal(d->nlines, 43);
	br_doc_free(d);
	br_buf_free(&b);
}

static void html_deep_nesting(void **state)
{
	(void)state;
	struct br_buf b = BR_BUF_INIT;
	br_buf_adds(&b, "<html><body>");
	for (int i = 0; i < 100000; i++)
		br_buf_adds(&b, "<div><b>");
	br_buf_adds(&b, "x\n</body></html>\n");
	struct br_doc *d = br_doc_from_mem("t", b.data, b.len);
	assert_true(d->transport & BR_TRANSPORT_HTML);
	br_doc_free(d);
	br_buf_free(&b);
}

/* Line numbers past 65535 (where libxml2's node numbers saturate). */
static void html_long_page(void **state)
{
	(void)state;
	struct br_buf b = BR_BUF_INIT;
	br_buf_adds(&b, "<html><body>\n");
	for (int i = 0; i < 70000; i++)
		br_buf_adds(&b, "<p>prose</p>\n");
	br_buf_adds(&b, "<h2>RAID 0</h2>\n<pre>\n"
			"         2047  7706 98.6 17365 14.7  7226  9.1  5904 74.5 15962 13.6 171.0  2.1\n"
			"</pre>\n<table><tr><td>a</td>\n<td>b</td></tr></table>\n</body></html>\n");
	struct br_doc *d = br_doc_from_mem("t", b.data, b.len);
	const struct br_line *l = find(d, "RAID 0");
	assert_int_equal(l->line, 70002);
	l = find(d, "         2047");
	assert_int_equal(l->line, 70004);
	l = find(d, "a\tb");
	assert_int_equal(l->line, 70006);
	assert_int_equal(l->end_line, 70007);
	br_doc_free(d);
	br_buf_free(&b);
}

/* Megabytes of tiny tags: streamed, not built into a tree. */
static void html_many_tags(void **state)
{
	(void)state;
	struct br_buf b = BR_BUF_INIT;
	br_buf_adds(&b, "<html><body>");
	for (int i = 0; i < 300000; i++)
		br_buf_adds(&b, "<b>x</b><td colspan=99999>");
	br_buf_adds(&b, "</body></html>\n");
	struct br_doc *d = br_doc_from_mem("t", b.data, b.len);
	assert_true(d->transport & BR_TRANSPORT_HTML);
	size_t total = 0;
	for (size_t i = 0; i < d->nlines; i++)
		total += d->lines[i].len;
	assert_true(total < 40 * b.len); /* colspan TABs are bounded */
	br_doc_free(d);
	br_buf_free(&b);
}

static void bbcode(void **state)
{
	(void)state;
	static const char in[] = "[b]My results:[/b]\n"            /* 1 */
				 "[code]\n"                         /* 2 */
				 "Version 1.03 ------Sequential\n"  /* 3 */
				 "[/code]\n"                        /* 4 */
				 "[quote=\"joe\"]his [i]line[/i]\n" /* 5 */
				 "more[/quote]\n"                   /* 6 */
				 "SG_IO: sb[]: 70 00 05\n";         /* 7 */
	struct br_doc *d = mem(in);
	assert_true(d->transport & BR_TRANSPORT_BBCODE);
	assert_int_equal(d->nlines, 5);
	assert_string_equal(d->lines[0].text, "My results:");
	assert_string_equal(d->lines[1].text, "Version 1.03 ------Sequential");
	assert_int_equal(d->lines[1].line, 3);
	assert_string_equal(d->lines[2].text, "his line");
	assert_int_equal(d->lines[2].depth, 1);
	assert_string_equal(d->lines[3].text, "more");
	assert_int_equal(d->lines[3].depth, 1);
	assert_string_equal(d->lines[4].text, "SG_IO: sb[]: 70 00 05");
	assert_int_equal(d->lines[4].depth, 0);
	br_doc_free(d);
	/* a stray bracket is not forum markup */
	d = mem("SG_IO: bad/missing sense data, sb[]: 70 00 05 [b]\n");
	assert_int_equal(d->transport, 0);
	br_doc_free(d);
	/* Markdown fences go */
	d = mem("```\n 1000 12771 96.7\n```\n");
	assert_int_equal(d->nlines, 1);
	assert_int_equal(d->lines[0].line, 2);
	br_doc_free(d);
	/* and fences a chat client glued to the text: the text stays, a
	 * language name alone is a fence line */
	d = mem("```/dev/nvme0n1:\n Timing x = 2006.55 MB/sec```\n```sh\n/dev/sda:  \n```\n"
		"> ```/dev/sdb:\n> ok```\n");
	assert_int_equal(d->nlines, 5);
	assert_string_equal(d->lines[0].text, "/dev/nvme0n1:");
	assert_string_equal(d->lines[1].text, " Timing x = 2006.55 MB/sec");
	assert_int_equal(d->lines[1].len, strlen(" Timing x = 2006.55 MB/sec"));
	assert_string_equal(d->lines[2].text, "/dev/sda:  ");
	assert_int_equal(d->lines[2].line, 4);
	assert_string_equal(d->lines[3].text, "/dev/sdb:");
	assert_int_equal(d->lines[3].depth, 1);
	assert_string_equal(d->lines[4].text, "ok");
	br_doc_free(d);
	/* phpBB 2's stored tags carry the post's uid: they are tags all the
	 * same, and a quote closed so ends there */
	d = mem("[quote:3k2j1h9x=\"w\"]mine\n[code:1:3k2j1h9x]/dev/md0:[/code:1:3k2j1h9x][/quote:3k2j1h9x]\n"
		"after\nsb[x:1]\n");
	assert_string_equal(d->lines[0].text, "mine");
	assert_int_equal(d->lines[0].depth, 1);
	assert_string_equal(d->lines[1].text, "/dev/md0:");
	assert_string_equal(d->lines[2].text, "after");
	assert_int_equal(d->lines[2].depth, 0);
	assert_string_equal(d->lines[3].text, "sb[x:1]");
	br_doc_free(d);
}

/* Stages rewrite the lines in place; a stage that makes more lines than it
 * has read (a BBCode line split in two, here on every line, so the output
 * overtakes the input at once) moves to a new array and loses nothing. */
static void split_lines_overtake_input(void **state)
{
	(void)state;
	static const char in[] = "[code]x[/code]\n"                          /* 1 */
				 "Done. [b]ext4:[/b] 100 200 300\n"          /* 2 */
				 "Ok! [b]xfs:[/b] 400 500 600\n"             /* 3 */
				 "> quoted line\n"                           /* 4 */
				 "Why? [b]btrfs:[/b] 700\tTAB\n";           /* 5 */
	struct br_doc *d = mem(in);
	assert_true(d->transport & BR_TRANSPORT_BBCODE);
	assert_true(d->transport & BR_TRANSPORT_QUOTE);
	assert_true(d->transport & BR_TRANSPORT_TABS);
	assert_int_equal(d->nlines, 8);
	static const char *const want[] = {"x", "Done. ", "ext4: 100 200 300", "Ok! ",
					   "xfs: 400 500 600", "quoted line", "Why? ",
					   "btrfs: 700      TAB"};
	static const unsigned line[] = {1, 2, 2, 3, 3, 4, 5, 5};
	for (size_t i = 0; i < 8; i++) {
		assert_string_equal(d->lines[i].text, want[i]);
		assert_int_equal(d->lines[i].len, strlen(want[i]));
		assert_int_equal(d->lines[i].line, line[i]);
		assert_int_equal(d->lines[i].depth, i == 5 ? 1 : 0);
	}
	br_doc_free(d);
}

/* A web mail that made each line of a quoted-printable text a <div> (its
 * soft breaks and escapes as they were) and sent the page encoded again:
 * the outer layer is undone, then the page read, then the layer the page
 * shows. */
static void qp_lines_made_divs_encoded_again(void **state)
{
	(void)state;
	static const char in[] = "Content-Transfer-Encoding: quoted-printable\n"
				 "\n"
				 "<div dir=3D\"ltr\">\n"
				 "<div>Content-Transfer-Encoding: quoted-printable</div>\n"
				 "<div><br></div>\n"
				 "<div>host,1G,100,99,200,50,3=3D</div>\n"
				 "<div>00,40,400,90,500,60,123.4,1</div>\n"
				 "<div>a =3D3D b =3D20</div>\n"
				 "</div>\n";
	struct br_doc *d = mem(in);
	assert_true(d->transport & BR_TRANSPORT_QP);
	assert_true(d->transport & BR_TRANSPORT_HTML);
	const struct br_line *l = find(d, "host,");
	assert_string_equal(l->text, "host,1G,100,99,200,50,300,40,400,90,500,60,123.4,1");
	assert_int_equal(l->line, 6);
	assert_int_equal(l->end_line, 7);
	assert_string_equal(find(d, "a = b")->text, "a = b");
	br_doc_free(d);
}

/* Raw quoted-printable shown as a page ("=<br>" line ends, each line a
 * <br>): a soft break's next line keeps one blank where its blanks were
 * (the page collapses them; "145.5=" and "   3" are "145.5 3", not
 * "145.53"), none where there were none ("Ra=", "ndom-"). A mail's header
 * in the text ('charset=3D"iso-8859-1"') is no QP markup: the page is read
 * first, then its soft breaks joined. */
static void qp_shown_as_page(void **state)
{
	(void)state;
	struct br_doc *d = mem("<html><body><div>Content-Transfer-Encoding: quoted-printable<br>\n"
			       "<br>\n"
			       "Content-Type: text/plain;<br>\n"
			       "\tcharset=3D\"iso-8859-1\"<br>\n"
			       "<br>\n"
			       "Version  1.02b      --Sequential Input- --Ra=<br>\n"
			       "ndom-<br>\n"
			       "Gaia         1G:32k           25450  16 145.5=<br>\n"
			       "   3<br>\n"
			       "Gaia         1G:32k           25920  17 146.4=<br>\n"
			       "=20<br>\n"
			       "end</div></body></html>\n");
	assert_true(d->transport & BR_TRANSPORT_QP);
	assert_true(d->transport & BR_TRANSPORT_HTML);
	assert_non_null(find(d, "Version 1.02b --Sequential Input- --Random-"));
	const struct br_line *l = find(d, "Gaia 1G:32k 25450");
	assert_string_equal(l->text, "Gaia 1G:32k 25450 16 145.5 3");
	assert_int_equal(l->line, 8);
	assert_int_equal(l->end_line, 9);
	l = find(d, "Gaia 1G:32k 25920");
	assert_string_equal(l->text, "Gaia 1G:32k 25920 17 146.4 ");
	br_doc_free(d);
}

/* Quoting stripped from lines QP has joined: the joins move with the text. */
static void quote_after_qp_join(void **state)
{
	(void)state;
	static const char in[] =
		"Content-Transfer-Encoding: quoted-printable\n"
		"\n"
		"> > host,1G,100,99,200,50,3=\n"
		"> > 00,40,400,90,500,60,123.4,1\n"
		"> > plain quoted\n"
		"after\n";
	struct br_doc *d = mem(in);
	assert_true(d->transport & BR_TRANSPORT_QP);
	assert_true(d->transport & BR_TRANSPORT_QUOTE);
	const struct br_line *l = find(d, "host,");
	assert_string_equal(l->text, "host,1G,100,99,200,50,300,40,400,90,500,60,123.4,1");
	assert_int_equal(l->depth, 2);
	assert_int_equal(l->line, 3);
	assert_int_equal(l->end_line, 4);
	assert_int_equal(br_line_njoins(l), 1);
	assert_memory_equal(l->text + l->joins[0] - 1, "300", 3);
	l = find(d, "plain quoted");
	assert_int_equal(l->depth, 2);
	assert_int_equal(l->len, strlen("plain quoted"));
	assert_int_equal(l->line, 5);
	l = find(d, "after");
	assert_int_equal(l->depth, 0);
	assert_int_equal(l->line, 6);
	br_doc_free(d);
}

/* A quoted line QP joined, with a rest a client re-wrapped that QP joined
 * too: every join lands where its text went (br_dec_lw_add_from, the copy
 * the quote stage and the rest's join share). */
static void quoted_rest_keeps_qp_joins(void **state)
{
	(void)state;
	static const char in[] = "Content-Transfer-Encoding: quoted-printable\n"
				 "\n"
				 "Jo wrote:\n"
				 "> -Latency               104ms   41538ms     8=\n"
				 "04ms  \n"
				 "19824us   46=\n"
				 "554us     631ms\n"
				 "> the end.\n"
				 "Agreed, it is slow.\n";
	struct br_doc *d = mem(in);
	const struct br_line *l = find(d, "-Latency");
	assert_string_equal(l->text, "-Latency               104ms   41538ms     804ms   19824us   46554us     631ms");
	assert_int_equal(l->depth, 1);
	assert_int_equal(l->line, 4);
	assert_int_equal(l->end_line, 7);
	assert_int_equal(br_line_njoins(l), 3);
	assert_string_equal(l->text + l->joins[0], "04ms   19824us   46554us     631ms");
	assert_string_equal(l->text + l->joins[1], "19824us   46554us     631ms");
	assert_string_equal(l->text + l->joins[2], "554us     631ms");
	assert_int_equal(find(d, "Agreed")->depth, 0);
	br_doc_free(d);
}

static void tabs_and_nbsp(void **state)
{
	(void)state;
	static const char in[] = "\t 1000 12771 96.7\n"
				 "ab\tc\n"
				 "x\xc2\xa0y\xa0z\n"
				 "f\xc3\xa9vrier \xc3\xa0 20:06\n"
				 "caf\xc3\xa9\tz\n";
	struct br_doc *d = mem(in);
	assert_true(d->transport & BR_TRANSPORT_TABS);
	assert_string_equal(d->lines[0].text, "         1000 12771 96.7");
	assert_string_equal(d->lines[1].text, "ab      c");
	assert_string_equal(d->lines[2].text, "x y z");
	/* "à" ends in the byte 0xA0 but is no no-break space */
	assert_string_equal(d->lines[3].text, "f\xc3\xa9vrier \xc3\xa0 20:06");
	assert_string_equal(d->lines[4].text, "caf\xc3\xa9    z");
	br_doc_free(d);
	/* only a UTF-8 no-break space in the document */
	d = mem("7205\xc2\xa0\xc2\xa0" "95.3\n");
	assert_true(d->transport & BR_TRANSPORT_TABS);
	assert_string_equal(d->lines[0].text, "7205  95.3");
	br_doc_free(d);
	/* UTF-8 text that merely contains the byte A0 needs nothing */
	d = mem("\xc3\xa0 la carte\n");
	assert_int_equal(d->transport, 0);
	br_doc_free(d);
	/* the ideographic space is two columns wide: a table keeps them */
	d = mem("Gaia\xe3\x80\x80\xe3\x80\x80" "4G 120\n");
	assert_string_equal(d->lines[0].text, "Gaia    4G 120");
	br_doc_free(d);
}

static void tabs_are_bounded(void **state)
{
	(void)state;
	size_t n = 1u << 20;
	char *s = malloc(n);
	assert_non_null(s);
	memset(s, '\t', n);
	struct br_doc *d = br_doc_from_mem("t", s, n);
	assert_int_equal(d->nlines, 1);
	assert_true(d->lines[0].len < 2 * n);
	br_doc_free(d);
	free(s);
}

static void crlf_and_qp_together(void **state)
{
	(void)state;
	static const char in[] = "a=3Db =\r\nc\r\nnext\r\n";
	struct br_doc *d = mem(in);
	assert_int_equal(d->nlines, 2);
	assert_string_equal(d->lines[0].text, "a=b c");
	assert_int_equal(d->lines[0].end_line, 2);
	assert_string_equal(d->lines[1].text, "next");
	assert_int_equal(d->lines[1].line, 3);
	br_doc_free(d);
}

static void huge_line_is_linear(void **state)
{
	(void)state;
	size_t n = 8u << 20;
	char *s = malloc(n);
	assert_non_null(s);
	for (size_t i = 0; i < n; i++)
		s[i] = "=3D> \t<p>[b]"[i % 12];
	struct br_doc *d = br_doc_from_mem("t", s, n);
	assert_true(d->nlines >= 1);
	br_doc_free(d);
	free(s);
}

/*
 * The scan after quoted-printable decoding counts the facts of the lines
 * QP kept from the scan before it, and reads only the lines it rebuilt.
 * Against the plain behaviour: a document D with soft breaks decodes like
 * the document X that has those lines joined already (and no QP at all, so
 * X's lines are all scanned afresh), whatever the joins do to the counts the
 * scan keeps (non-blank lines, <html> among the first 30 of them, the share
 * of lines with tags). Tags are whole lines of their own and D never looks
 * like a page before QP, so that both take the same stages after QP.
 */
struct frag {
	const char *text;
	int blank, tags; /* tags: known block tags in it */
	bool strong;     /* an <html> */
};

static const struct frag frags[] = {
	{"", 1, 0, false}, {"   ", 1, 0, false}, {"\t", 1, 0, false},
	{"plain words here", 0, 0, false}, {"  indented 1.5 MB/s", 0, 0, false},
	{"> quoted text", 0, 0, false}, {">> deeper > still", 0, 0, false},
	{"| piped line", 0, 0, false}, {"| piped too", 0, 0, false}, {"```", 0, 0, false},
	{"~~~ sh", 0, 0, false}, {"<p>para</p>", 0, 2, false}, {"<b>x</b> y", 0, 2, false},
	{"<h2>Head</h2>", 0, 2, false}, {"<pre>", 0, 1, false},
	{"<tr><td>1</td><td>2</td></tr>", 0, 0, false}, {"[code]", 0, 0, false},
	{"[/code]", 0, 0, false}, {"[quote]q[/quote]", 0, 0, false},
	{"[b]bold[/b] text", 0, 0, false}, {"a\tb\tc", 0, 0, false},
	{"nb\xc2\xa0space", 0, 0, false}, {"<html>", 0, 0, true},
};
/* starts of lines QP joins (no tag: a split must not change what is seen) */
static const char *const split_starts[] = {"", "> ", "\t", "[b]", "| ", "  ", "```"};

static unsigned rnd(unsigned *seed, unsigned n)
{
	*seed = *seed * 1103515245u + 12345u;
	return (*seed >> 8) % n;
}

/* D and X for one seed; false if D would look like a page before QP. */
static bool qp_pair(unsigned seed, struct br_buf *d, struct br_buf *x)
{
	size_t nonblank = 0, tag_lines = 0, block = 0, splits = 0;
	unsigned nl = 20 + rnd(&seed, 40);
	br_buf_reset(d);
	br_buf_reset(x);
	br_buf_adds(d, "plain start\n");
	br_buf_adds(x, "plain start\n");
	nonblank++;
	for (unsigned k = 0; k < nl || splits < 3; k++) {
		if (rnd(&seed, 4) == 0) {
			/* a long line, soft-broken once or twice in D */
			struct br_buf t = BR_BUF_INIT;
			br_buf_adds(&t, split_starts[rnd(&seed, BR_ARRAY_LEN(split_starts))]);
			size_t at = t.len + 50 + rnd(&seed, 5);
			size_t at2 = at + 52 + rnd(&seed, 5);
			size_t nx = 60 + rnd(&seed, 100);
			for (size_t i = 0; i < nx; i++)
				br_buf_addc(&t, 'x');
			br_buf_adds(&t, rnd(&seed, 2) ? " tail\tend" : "");
			br_buf_add(x, t.data, t.len);
			br_buf_addc(x, '\n');
			br_buf_add(d, t.data, at);
			br_buf_adds(d, "=\n");
			nonblank++;
			splits++;
			if (at2 + 1 < t.len && rnd(&seed, 2)) {
				br_buf_add(d, t.data + at, at2 - at);
				br_buf_adds(d, "=\n");
				nonblank++;
				at = at2;
			}
			br_buf_add(d, t.data + at, t.len - at);
			br_buf_addc(d, '\n');
			nonblank++;
			br_buf_free(&t);
			continue;
		}
		const struct frag *f = &frags[rnd(&seed, BR_ARRAY_LEN(frags))];
		if (f->strong && nonblank < 31)
			continue; /* not a page in D before QP */
		br_buf_adds(d, f->text);
		br_buf_addc(d, '\n');
		br_buf_adds(x, f->text);
		br_buf_addc(x, '\n');
		nonblank += !f->blank;
		tag_lines += f->tags > 0 || f->strong || strchr(f->text, '<') != NULL;
		block += (size_t)f->tags + (f->strong ? 1 : 0);
	}
	/* no page by the share of tag lines either (nor <pre> .. </pre>) */
	return !(block >= 3 && tag_lines * 5 >= nonblank);
}

static void qp_rescan_matches_plain_scan(void **state)
{
	(void)state;
	struct br_buf d = BR_BUF_INIT, x = BR_BUF_INIT;
	size_t compared = 0, pages = 0;
	for (unsigned seed = 1; seed <= 3000; seed++) {
		if (!qp_pair(seed, &d, &x))
			continue;
		struct br_doc *dd = br_doc_from_mem("d", d.data, d.len);
		struct br_doc *xd = br_doc_from_mem("x", x.data, x.len);
		assert_true(dd->transport & BR_TRANSPORT_QP);
		assert_false(xd->transport & BR_TRANSPORT_QP);
		assert_int_equal(dd->transport & ~(unsigned)BR_TRANSPORT_QP, xd->transport);
		pages += (xd->transport & BR_TRANSPORT_HTML) != 0;
		assert_int_equal(dd->nlines, xd->nlines);
		for (size_t i = 0; i < dd->nlines; i++) {
			const struct br_line *a = &dd->lines[i], *b = &xd->lines[i];
			if (a->len != b->len || memcmp(a->text, b->text, a->len) != 0 ||
			    a->depth != b->depth || a->flags != b->flags)
				fail_msg("seed %u line %zu: '%s' (%u, %#x) vs '%s' (%u, %#x)", seed, i,
					 a->text, a->depth, a->flags, b->text, b->depth, b->flags);
		}
		br_doc_free(dd);
		br_doc_free(xd);
		compared++;
	}
	/* both kinds were seen: pages made by the joins, and text */
	assert_true(compared > 1000);
	assert_true(pages > 50 && pages < compared - 50);
	br_buf_free(&d);
	br_buf_free(&x);
}

/* The whitespace stage looks at a line only where it holds a TAB or a byte
 * >= 0x80 (sixteen, then eight bytes at a time): one at every position of
 * lines of every length against the plain expansion. */
static void ws_found_at_every_position(void **state)
{
	(void)state;
	char in[64], want[128];
	for (size_t len = 1; len <= 48; len++)
		for (size_t p = 0; p < len; p++)
			for (int nbsp = len == 1; nbsp < 2; nbsp++) { /* "\t" is blank */
				size_t n = 0, w = 0;
				for (size_t k = 0; k < len; k++) {
					if (k != p) {
						in[n++] = 'a';
						want[w++] = 'a';
					} else if (nbsp) {
						in[n++] = '\xc2';
						in[n++] = '\xa0';
						want[w++] = ' ';
					} else {
						in[n++] = '\t';
						do
							want[w++] = ' ';
						while (w % 8);
					}
				}
				struct br_doc *d = br_doc_from_mem("t", in, n);
				assert_int_equal(d->nlines, 1);
				assert_int_equal(d->lines[0].len, w);
				assert_memory_equal(d->lines[0].text, want, w);
				br_doc_free(d);
			}
}

/* Region boundaries are told by their first byte before anything else is
 * looked at: each kind, in either case, still starts a region (the text
 * before it, without evidence of its own, is not decoded). */
static void qp_boundaries_by_first_byte(void **state)
{
	(void)state;
	static const char *const bounds[] = {
		"From: a", "from: a", "FROM: a", "Date: b", "dATE: b", "Subject: c",
		"SUBJECT: c", "Message-ID: <d>", "message-id: <d>", "Newsgroups: e",
		"NEWSGROUPS: e", "From a@b Mon", "--=_boundary_1", "------------",
	};
	for (size_t k = 0; k < BR_ARRAY_LEN(bounds); k++) {
		char in[256];
		snprintf(in, sizeof in,
			 "x =41 y\n\n%s\nContent-Transfer-Encoding: quoted-printable\n\ncaf=E9 =41\n",
			 bounds[k]);
		struct br_doc *d = mem(in);
		assert_true(d->transport & BR_TRANSPORT_QP);
		assert_string_equal(d->lines[0].text, "x =41 y");
		find(d, "caf\xe9 A");
		br_doc_free(d);
	}
	/* not a boundary: the whole text is one region, and decoded */
	struct br_doc *d = mem("x =41 y\n\n-- sig\nContent-Transfer-Encoding: quoted-printable\n");
	assert_string_equal(d->lines[0].text, "x A y");
	br_doc_free(d);
}

/* The text of logical line i. */
static const char *at(const struct br_doc *d, size_t i)
{
	assert_true(i < d->nlines);
	return d->lines[i].text;
}

/* A block's shared comment prefix goes, whatever the marker; the original
 * line numbers stay. */
static void prefix_blocks_lose_their_shared_prefix(void **state)
{
	(void)state;
	struct br_doc *d = mem("intro\n"
			       "# Version 1.96 ------Sequential Output------\n"
			       "# bach 32G 2165 93 108640 10\n"
			       "#\n"
			       "# # 1.96,1.96,myhost,1\n"
			       "\n"
			       "#/dev/sdd: ssd500\n"
			       "# multcount     =  1 (on)\n"
			       "# Timing cached reads:   23814 MB in  1.99 seconds = 11982.10 MB/sec\n"
			       "\n"
			       "\t\t\t#Machine        Size K/sec\n"
			       "\t\t\t#tb6             16G 87042  99\n"
			       "/*\n"
			       " * Version 1.03 ------Sequential Output------\n"
			       " * box 1G 1234 56\n"
			       " */\n"
			       "// hdparm -t /dev/sda\n"
			       "//  Timing buffered disk reads: 64 MB\n"
			       "ZC> Version 1.03\n"
			       "ZC> zc 1G 100 1\n");
	assert_true(d->transport & BR_TRANSPORT_PREFIX);
	assert_string_equal(at(d, 0), "intro");
	assert_string_equal(at(d, 1), "Version 1.96 ------Sequential Output------");
	assert_string_equal(at(d, 2), "bach 32G 2165 93 108640 10");
	assert_string_equal(at(d, 3), "");
	assert_string_equal(at(d, 4), "# 1.96,1.96,myhost,1");
	assert_string_equal(at(d, 6), "/dev/sdd: ssd500");
	assert_string_equal(at(d, 7), " multcount     =  1 (on)");
	assert_string_equal(at(d, 8), " Timing cached reads:   23814 MB in  1.99 seconds = 11982.10 MB/sec");
	assert_string_equal(at(d, 10), "Machine        Size K/sec");
	assert_string_equal(at(d, 11), "tb6             16G 87042  99");
	assert_string_equal(at(d, 12), "/*");
	assert_string_equal(at(d, 13), "Version 1.03 ------Sequential Output------");
	assert_string_equal(at(d, 14), "box 1G 1234 56");
	assert_string_equal(at(d, 15), " */");
	assert_string_equal(at(d, 16), "hdparm -t /dev/sda");
	assert_string_equal(at(d, 17), " Timing buffered disk reads: 64 MB");
	assert_string_equal(at(d, 18), "Version 1.03");
	assert_int_equal(d->lines[18].depth, 1);
	assert_string_equal(at(d, 19), "zc 1G 100 1");
	assert_int_equal(d->lines[2].depth, 0);
	for (size_t i = 0; i < d->nlines; i++)
		assert_int_equal(d->lines[i].line, i + 1);
	br_doc_free(d);
}

/* A Usenet reader's ": " quoting is a shared prefix like "; ": it goes,
 * the lines are one level deep; a line that only opens with ":)" or ":x"
 * is no quote. */
static void usenet_colon_quoting(void **state)
{
	(void)state;
	struct br_doc *d = mem("jd writes:\n"
			       ": Here are the figures:\n"
			       ":\n"
			       ": Machine    MB K/sec %CPU\n"
			       ": alpha     256  4410 71.5\n"
			       "\n"
			       ":) nice\n"
			       ":x 1 2 3\n");
	assert_true(d->transport & BR_TRANSPORT_PREFIX);
	assert_string_equal(at(d, 1), "Here are the figures:");
	assert_string_equal(at(d, 3), "Machine    MB K/sec %CPU");
	assert_string_equal(at(d, 4), "alpha     256  4410 71.5");
	assert_int_equal(d->lines[4].depth, 1);
	assert_int_equal(d->lines[0].depth, 0);
	assert_string_equal(at(d, 6), ":) nice");
	assert_string_equal(at(d, 7), ":x 1 2 3");
	br_doc_free(d);
}

/* A prefixed line that a hard wrap cut: its end, on a line without the
 * prefix, stays in the block as it is, and the lines after it still lose
 * the prefix; a line without one after a short line ends the block. */
static void prefix_block_keeps_wrapped_ends(void **state)
{
	(void)state;
	struct br_doc *d = mem("# Version 1.96 ------Sequential Output------ --Sequential Input-\n"
			       "--Random-\n"
			       "# Concurrency 1 -Per Chr- --Block-- -Rewrite- -Per Chr- --Block--\n"
			       "--Seeks--\n"
			       "# Machine Size K/sec %CP K/sec %CP K/sec %CP K/sec %CP K/sec %CP /sec\n"
			       "%CP\n"
			       "# heron 8G 1980 94 101220 11 60330 15 5120 96 250110 27 455.0 20\n"
			       "\n"
			       "# a short comment\n"
			       "echo done\n"
			       "# and another\n");
	assert_string_equal(at(d, 0), "Version 1.96 ------Sequential Output------ --Sequential Input-");
	assert_string_equal(at(d, 1), "--Random-");
	assert_string_equal(at(d, 2), "Concurrency 1 -Per Chr- --Block-- -Rewrite- -Per Chr- --Block--");
	assert_string_equal(at(d, 4), "Machine Size K/sec %CP K/sec %CP K/sec %CP K/sec %CP K/sec %CP /sec");
	assert_string_equal(at(d, 5), "%CP");
	assert_string_equal(at(d, 6), "heron 8G 1980 94 101220 11 60330 15 5120 96 250110 27 455.0 20");
	assert_string_equal(at(d, 8), "# a short comment");
	assert_string_equal(at(d, 9), "echo done");
	assert_string_equal(at(d, 10), "# and another");
	br_doc_free(d);
}

/* A numbered list of rows whose blanks are no-break spaces (UTF-8, or the
 * lone byte of Windows-1252): the rows hold figures, the markers go. And a
 * numbered paste a mail wrapped after the numbers were put in: the wrap saw
 * the numbers, so the ends it moved stay in the comment's block. */
static void lists_and_wraps_behind_numbers(void **state)
{
	(void)state;
	struct br_doc *d = mem("1. /dev/sda:\n"
			       "2. \xa0Timing cached reads: \xa0 2050 MB in \xa0" "2.00 seconds = 1024.54 MB/sec\n"
			       "3. \xa0Timing buffered disk reads: \xa0" "226 MB in \xa0" "3.03 seconds = \xa0" "74.70 MB/sec\n");
	assert_string_equal(at(d, 0), "/dev/sda:");
	assert_string_equal(at(d, 1), "Timing cached reads:   2050 MB in  2.00 seconds = 1024.54 MB/sec");
	br_doc_free(d);
	d = mem("1. sda:\n"
		"2. \xc2\xa0Timing buffered disk reads:\xc2\xa0" "226 MB in 3.03 seconds = 74.70 MB/sec\n"
		"3. \xc2\xa0Timing cached reads:\xc2\xa0" "2050 MB in 2.00 seconds = 1024.54 MB/sec\n");
	assert_string_equal(at(d, 1), "Timing buffered disk reads: 226 MB in 3.03 seconds = 74.70 MB/sec");
	br_doc_free(d);
	d = mem("   1. # Version 1.96 ------Sequential Output------\n"
		"--Sequential Input- --Random-\n"
		"   2. # Machine Size K/sec %CP K/sec %CP K/sec %CP\n"
		"K/sec %CP K/sec %CP /sec %CP\n"
		"   3. # heron 8G 1980 94 101220 11 60330 15 5120 96 250110\n"
		"27 455.0 20\n"
		"   4. # done\n"
		"   5. echo ok\n"
		"   6. echo ok\n");
	assert_string_equal(at(d, 0), "Version 1.96 ------Sequential Output------");
	assert_string_equal(at(d, 1), "--Sequential Input- --Random-");
	assert_string_equal(at(d, 4), "heron 8G 1980 94 101220 11 60330 15 5120 96 250110");
	assert_string_equal(at(d, 5), "27 455.0 20");
	assert_string_equal(at(d, 6), "done");
	br_doc_free(d);
}

/* A diff-marked block whose long lines a hard wrap cut: the ends on lines
 * of their own stay in the block as they are, the marked lines lose the
 * marker column. */
static void diff_block_keeps_wrapped_ends(void **state)
{
	(void)state;
	struct br_doc *d = mem(" Version 1.93c       ------Sequential Output------ --Sequential Input-\n"
			       "--Random-\n"
			       "-prod             7G   331  98 27139  10 17554   4  1156  99 65858   7\n"
			       "371.8   5\n"
			       "+prod             7G   335  98 54977  23 27923   7  1075  99 61596   6\n"
			       "342.9   4\n");
	assert_string_equal(at(d, 0), "Version 1.93c       ------Sequential Output------ --Sequential Input-");
	assert_string_equal(at(d, 1), "--Random-");
	assert_string_equal(at(d, 2), "prod             7G   331  98 27139  10 17554   4  1156  99 65858   7");
	assert_string_equal(at(d, 3), "371.8   5");
	assert_string_equal(at(d, 4), "prod             7G   335  98 54977  23 27923   7  1075  99 61596   6");
	assert_string_equal(at(d, 5), "342.9   4");
	br_doc_free(d);
}

/* Bullets go line by line; a diff's marker column goes from a block with
 * both "-" and "+" lines. */
static void bullets_and_diff_markers(void **state)
{
	(void)state;
	struct br_doc *d = mem("* /dev/sda:\n"
			       "  * Timing cached reads:   7618 MB in  2.00 seconds = 3816.76 MB/sec\n"
			       "  - Timing buffered disk reads: 1394 MB in  3.00 seconds = 464.49 MB/sec\n"
			       "\n"
			       " Machine        Size K/sec %CP\n"
			       "-prod             7G   331  98\n"
			       "+prod             7G   335  98\n");
	assert_string_equal(at(d, 0), "/dev/sda:");
	assert_string_equal(at(d, 1), "Timing cached reads:   7618 MB in  2.00 seconds = 3816.76 MB/sec");
	assert_string_equal(at(d, 2), "Timing buffered disk reads: 1394 MB in  3.00 seconds = 464.49 MB/sec");
	assert_string_equal(at(d, 4), "Machine        Size K/sec %CP");
	assert_string_equal(at(d, 5), "prod             7G   331  98");
	assert_string_equal(at(d, 6), "prod             7G   335  98");
	br_doc_free(d);
	/* a hard wrap cut a marked line: its end stays in the block as it is */
	d = mem(" Machine        Size K/sec %CP K/sec %CP K/sec %CP K/sec %CP K/sec %CP  /sec\n"
		"-prod             7G   331  98 27139  10 17554   4  1156  99 65858   7 371.8\n"
		"5\n"
		"+prod             7G   335  98 54977  23 27923   7  1075  99 61596   6 342.9\n"
		"4\n");
	assert_string_equal(at(d, 1), "prod             7G   331  98 27139  10 17554   4  1156  99 65858   7 371.8");
	assert_string_equal(at(d, 2), "5");
	assert_string_equal(at(d, 3), "prod             7G   335  98 54977  23 27923   7  1075  99 61596   6 342.9");
	br_doc_free(d);
}

/* What looks like a prefix on one line only, headings of two levels, bold
 * text, "%CP", negative figures and Markdown tables stay as they are. */
static void prefix_lookalikes_stay(void **state)
{
	(void)state;
	static const char in[] = "# Results\n"
				 "## Run 1\n"
				 "\n"
				 "# Only one comment line\n"
				 "\n"
				 "**bold one**\n"
				 "**bold two**\n"
				 "%CP is CPU\n"
				 "%CP again\n"
				 "-3008 MB in  0.00 seconds =  -inf kB/sec\n"
				 "-12 more\n"
				 " ------Sequential Output------\n"
				 "--Block-- -Rewrite-\n"
				 "| Disk | Timing cached reads |\n"
				 "| sda  | 498.10 MB/sec |\n"
				 "a>b and c\n"
				 "x>y\n";
	struct br_doc *d = mem(in);
	assert_int_equal(d->transport & BR_TRANSPORT_PREFIX, 0);
	const char *p = in;
	for (size_t i = 0; i < d->nlines; i++) {
		const char *e = strchr(p, '\n');
		assert_int_equal(d->lines[i].len, (size_t)(e - p));
		assert_memory_equal(d->lines[i].text, p, (size_t)(e - p));
		p = e + 1;
	}
	br_doc_free(d);
}

/* Long runs of prefix-only lines and of one-sided diff lines cost one
 * pass (each refused block is not tried again from inside it). */
static void prefix_runs_are_linear(void **state)
{
	(void)state;
	struct br_buf b = {0};
	for (int i = 0; i < 200000; i++)
		br_buf_adds(&b, i % 2 ? "#\n" : "-x\n");
	br_buf_adds(&b, "# one\n");
	for (int i = 0; i < 200000; i++)
		br_buf_adds(&b, "#\n");
	struct br_doc *d = br_doc_from_mem("t", br_buf_str(&b), b.len);
	assert_int_equal(d->nlines, 400001);
	assert_string_equal(at(d, 0), "-x");
	assert_string_equal(at(d, 200000), "# one");
	br_doc_free(d);
	br_buf_free(&b);
}

/* A page that names no charset is UTF-8 when its bytes are; one that names
 * its charset is read in it. */
static void html_charset_unnamed_is_utf8(void **state)
{
	(void)state;
	static const char utf8[] = "<html><body><h2>R\xc3\xa9sultats \xe2\x80\x94 test</h2>"
				   "<p>text</p></body></html>\n";
	struct br_doc *d = mem(utf8);
	assert_string_equal(find(d, "R")->text, "R\xc3\xa9sultats \xe2\x80\x94 test");
	br_doc_free(d);
	static const char latin1[] = "<html><head><meta charset=\"iso-8859-1\"></head><body>"
				     "<h2>R\xe9sultats</h2><p>text</p></body></html>\n";
	d = mem(latin1);
	assert_string_equal(find(d, "R")->text, "R\xc3\xa9sultats");
	br_doc_free(d);
	/* a mail turned into a page: its header's charset is text, not the
	 * page's; the no-break spaces of its table are UTF-8 */
	static const char mail[] = "<html><body><div>Subject: results<br>\n"
				   "Content-Type: text/plain; charset=us-ascii<br>\n"
				   "<br>\nMachine \xc2\xa0 \xc2\xa0MB K/sec<br>\n</div></body></html>\n";
	d = mem(mail);
	assert_string_equal(find(d, "Machine")->text, "Machine    MB K/sec");
	br_doc_free(d);
}

/* Prefixes behind quoting, quoting behind prefixes or indentation, an
 * indented diff: each layer goes. */
static void layered_prefixes(void **state)
{
	(void)state;
	struct br_doc *d = mem("> ```\n"
			       ">  Machine        Size K/sec\n"
			       "> -prod             7G   331\n"
			       "> +prod             7G   335\n"
			       "> ```\n"
			       "\n"
			       "# > Version 1.03\n"
			       "# > box 1G 100 1\n"
			       "\n"
			       "    > Version 1.03\n"
			       "    > box2 1G 100 1\n"
			       "\n"
			       "     Machine        Size K/sec\n"
			       "    -old              7G   331\n"
			       "    +new              7G   335\n");
	assert_string_equal(find(d, "Machine")->text, "Machine        Size K/sec");
	assert_string_equal(find(d, "prod ")->text, "prod             7G   331");
	assert_int_equal(find(d, "prod ")->depth, 1);
	assert_string_equal(find(d, "box ")->text, "box 1G 100 1");
	assert_int_equal(find(d, "box ")->depth, 1);
	assert_string_equal(find(d, "box2")->text, "box2 1G 100 1");
	assert_int_equal(find(d, "box2")->depth, 1);
	assert_string_equal(find(d, "    Machine")->text, "    Machine        Size K/sec");
	assert_string_equal(find(d, "    old")->text, "    old              7G   331");
	assert_string_equal(find(d, "    new")->text, "    new              7G   335");
	for (size_t i = 0; i < d->nlines; i++)
		assert_true(d->lines[i].text[0] != '`');
	br_doc_free(d);
}

/* A soft break before a line of dashes joins them: a MIME boundary never
 * continues a soft-broken line. */
static void qp_soft_break_before_dashes(void **state)
{
	(void)state;
	struct br_doc *d = mem("Content-Transfer-Encoding: quoted-printable\n"
			       "\n"
			       "                    ------Sequential Create------ --------Random Create=\n"
			       "--------\n"
			       "x =3D 1\n");
	assert_string_equal(find(d, "      ")->text,
			    "                    ------Sequential Create------ --------Random Create--------");
	assert_string_equal(find(d, "x")->text, "x = 1");
	br_doc_free(d);
}

/* hdparm -i's "FwRev=FA550480, SerialNo=E4059YVC" are values, not
 * quoted-printable: a hard-wrapped "seconds =" line below keeps its "=". */
static void hex_like_values_are_no_qp(void **state)
{
	(void)state;
	struct br_doc *d = mem(" Model=Maxtor 91826U4, FwRev=FA550480, SerialNo=E4059YVC\n"
			       " BuffType=DualPortCache, BuffSize=2048kB, MaxMultSect=16\n"
			       "\n"
			       " Timing buffered disk reads:    2 MB in  3.11 seconds =\n"
			       "659.48 kB/sec\n");
	assert_int_equal(d->transport & BR_TRANSPORT_QP, 0);
	assert_string_equal(find(d, " Timing")->text, " Timing buffered disk reads:    2 MB in  3.11 seconds =");
	assert_string_equal(find(d, " Model")->text, " Model=Maxtor 91826U4, FwRev=FA550480, SerialNo=E4059YVC");
	br_doc_free(d);
}

/* A base64 body (CRLF and Latin-1 inside) is decoded into its lines;
 * each keeps the base64 lines its bytes came from; the header stays; the
 * words are shown for detect() (br_doc_text) and the excerpt of the lines
 * is the decoded text. */
static void b64_body_decoded(void **state)
{
	(void)state;
	static const char in[] =
		"Subject: t\n"
		"Content-Type: text/plain; charset=iso-8859-1\n"
		"Content-Transfer-Encoding: base64\n"
		"\n"
		"SGVsbG8sDQoNCi9kZXYvc2RhOg0KIFRpbWluZyBjYWNoZWQgcmVhZHM6ICAgNzg0MCBNQiBpbiAg\n"
		"Mi4wMCBzZWNvbmRzID0gMzkyMi4xMSBNQi9zZWMNCiBUaW1pbmcgYnVmZmVyZWQgZGlzayByZWFk\n"
		"czogMzYyIE1CIGluICAzLjAxIHNlY29uZHMgPSAxMjAuMjcgTUIvc2VjDQpHcvzfZQ0K\n"
		"\n"
		"-- \nsig\n";
	struct br_doc *d = mem(in);
	assert_true(d->transport & BR_TRANSPORT_BASE64);
	assert_string_equal(d->lines[2].text, "Content-Transfer-Encoding: base64");
	const struct br_line *l = find(d, " Timing cached reads:");
	assert_string_equal(l->text, " Timing cached reads:   7840 MB in  2.00 seconds = 3922.11 MB/sec");
	/* its bytes, 21 to 88 of the text, lie in base64 lines 1 and 2 */
	assert_int_equal(l->line, 5);
	assert_int_equal(l->end_line, 6);
	assert_true(l->flags & BR_LINE_DECODED);
	assert_int_equal(find(d, "Hello,")->line, 5);
	/* (Latin-1, as its part declares: made UTF-8) */
	assert_string_equal(find(d, "Gr")->text, "Gr\xc3\xbc\xc3\x9f" "e");
	assert_int_equal(find(d, "sig")->line, 10);
	assert_false(find(d, "sig")->flags & BR_LINE_DECODED);
	size_t n;
	const char *t = br_doc_text(d, &n);
	assert_non_null(strstr(t, "seconds = 120.27 MB/sec\n"));
	assert_int_equal(strlen(t), n);
	char *x = br_doc_excerpt(d, 6, 6);
	assert_string_equal(x, " Timing cached reads:   7840 MB in  2.00 seconds = 3922.11 MB/sec\n"
			       " Timing buffered disk reads: 362 MB in  3.01 seconds = 120.27 MB/sec");
	free(x);
	x = br_doc_excerpt(d, 8, 10);
	assert_string_equal(x, "\n-- \nsig");
	free(x);
	br_doc_free(d);
}

/* What is not text stays as it is: an image, bytes with a NUL, the HTML
 * alternative of a message with a plain part; an HTML part alone is
 * decoded, and so is an attachment of text whatever its type. */
static void b64_parts_chosen(void **state)
{
	(void)state;
	/* "QUJD" = "ABC", "AEFC" = "\0AB", "PHA+aGk8L3A+" = "<p>hi</p>" */
	struct br_doc *d = mem("Content-Type: multipart/alternative; boundary=\"b\"\n\n"
			       "--b\nContent-Type: text/plain\n\nplain words\n"
			       "--b\nContent-Type: text/html\nContent-Transfer-Encoding: base64\n\n"
			       "PHA+aGk8L3A+\n"
			       "--b\nContent-Type: image/png\nContent-Transfer-Encoding: base64\n\n"
			       "QUJD\n"
			       "--b\nContent-Type: application/octet-stream\nContent-Transfer-Encoding: base64\n\n"
			       "AEFC\n--b--\n");
	assert_false(d->transport & BR_TRANSPORT_BASE64);
	assert_null(d->shown);
	find(d, "PHA+aGk8L3A+");
	find(d, "QUJD");
	find(d, "AEFC");
	br_doc_free(d);
	d = mem("Content-Type: text/html\nContent-Transfer-Encoding: base64\n\nPHA+aGk8L3A+\n");
	assert_true(d->transport & BR_TRANSPORT_BASE64);
	br_doc_free(d);
	d = mem("--b\nContent-Type: application/octet-stream; name=\"x.txt\"\n"
		"Content-Transfer-Encoding: base64\n\nQUJD\n--b--\n");
	assert_true(d->transport & BR_TRANSPORT_BASE64);
	assert_int_equal(find(d, "ABC")->line, 5);
	find(d, "--b--");
	br_doc_free(d);
	/* no blank line after the header block, or no body: nothing */
	d = mem("Content-Transfer-Encoding: base64\nQUJD\n");
	assert_null(d->shown);
	br_doc_free(d);
	d = mem("Content-Transfer-Encoding: base64\n\nnot base64 at all\n");
	assert_null(d->shown);
	br_doc_free(d);
}

/* An Ansible task result becomes its host's name (a block of its own:
 * a blank line before it) and the lines its object holds, each at the line
 * of its string; a one-line result, a
 * delegated host and loop results too; a result holding no lines, or not
 * JSON, stays as it is. */
static void ansible_results_unwrapped(void **state)
{
	(void)state;
	struct br_doc *d = mem("TASK [t] ****\n"
			       "ok: [web1] => {\n"
			       "    \"out.stdout_lines\": [\n"
			       "        \"\",\n"
			       "        \"/dev/sdb:\",\n"
			       "        \" Timing \\\"cached\\\" reads\"\n"
			       "    ]\n"
			       "}\n"
			       "changed: [db2 -> bastion] => {\"rc\": 0, \"stdout\": \"a\\nb\"}\n"
			       "ok: [c1] => {\"results\": [{\"stdout_lines\": [\"x1\"]}, {\"stdout_lines\": [\"x2\"]}]}\n"
			       "ok: [n1] => {\"changed\": false}\n"
			       "ok: [n2] => {not json\n"
			       "}\n");
	static const char *const want[] = {"TASK [t] ****", "", "web1:", "/dev/sdb:", " Timing \"cached\" reads",
					   "", "db2:", "a", "b", "", "c1:", "x1", "x2",
					   "ok: [n1] => {\"changed\": false}", "ok: [n2] => {not json", "}"};
	static const unsigned line[] = {1, 2, 2, 5, 6, 9, 9, 9, 9, 10, 10, 10, 10, 11, 12, 13};
	assert_int_equal(d->nlines, BR_ARRAY_LEN(want));
	for (size_t i = 0; i < d->nlines; i++) {
		assert_string_equal(d->lines[i].text, want[i]);
		assert_int_equal(d->lines[i].line, line[i]);
	}
	br_doc_free(d);
}

/* A mail in the character set its Content-Type declares: once the
 * transfer encoding is undone, its lines are made UTF-8 (KOI8-R after
 * quoted-printable; the declaration on a header's continuation line), an
 * ISO-2022-JP body's shifts are read, not taken for terminal escapes, and
 * the excerpt of the bytes as read is UTF-8 too; a part that declares
 * UTF-8 is left as it is. */
static void declared_charset_made_utf8(void **state)
{
	(void)state;
	/* "Сервер" in KOI8-R is F3 C5 D2 D7 C5 D2 */
	const char *koi =
		"From: a@example.org\n"
		"Content-Type: text/plain;\n"
		"\tcharset=\"KOI8-R\"\n"
		"Content-Transfer-Encoding: quoted-printable\n"
		"\n"
		"=F3=C5=D2=D7=C5=D2 db1:\n"
		"/dev/sda:\n";
	struct br_doc *d = mem(koi);
	assert_true(d->transport & BR_TRANSPORT_QP);
	assert_true(d->transport & BR_TRANSPORT_CHARSET);
	find(d, "\xd0\xa1\xd0\xb5\xd1\x80\xd0\xb2\xd0\xb5\xd1\x80 db1:");
	br_doc_free(d);

	/* "ファイル" in ISO-2022-JP: ESC $ B %U%!%$%k ESC ( B; 8-bit KOI8
	 * bytes as read in the excerpt */
	const char *jp = "Content-Type: text/plain; charset=ISO-2022-JP\n"
			 "\n"
			 "\x1b$B%U%!%$%k\x1b(B 8G 612 98\n";
	d = mem(jp);
	assert_true(d->transport & BR_TRANSPORT_CHARSET);
	find(d, "\xe3\x83\x95\xe3\x82\xa1\xe3\x82\xa4\xe3\x83\xab 8G 612 98");
	char *ex = br_doc_excerpt(d, 3, 3);
	assert_string_equal(ex, "\xe3\x83\x95\xe3\x82\xa1\xe3\x82\xa4\xe3\x83\xab 8G 612 98");
	free(ex);
	br_doc_free(d);

	const char *eight = "Content-Type: text/plain; charset=koi8-r\n\n\xf3\xc5\xd2\xd7\xc5\xd2 4G\n";
	d = mem(eight);
	find(d, "\xd0\xa1\xd0\xb5\xd1\x80\xd0\xb2\xd0\xb5\xd1\x80 4G");
	ex = br_doc_excerpt(d, 3, 3);
	assert_string_equal(ex, "\xd0\xa1\xd0\xb5\xd1\x80\xd0\xb2\xd0\xb5\xd1\x80 4G");
	free(ex);
	br_doc_free(d);

	/* declared UTF-8 (and no declaration): nothing converted; an
	 * unknown set name: the line kept as it was */
	const char *utf8 = "Content-Type: text/plain; charset=utf-8\n\n\xd0\xa1 4G\n";
	d = mem(utf8);
	assert_false(d->transport & BR_TRANSPORT_CHARSET);
	find(d, "\xd0\xa1 4G");
	br_doc_free(d);
	const char *unknown = "Content-Type: text/plain; charset=x-no-such-set\n\n\xf3\xc5 4G\n";
	d = mem(unknown);
	assert_false(d->transport & BR_TRANSPORT_CHARSET);
	find(d, "\xf3\xc5 4G");
	br_doc_free(d);
}

/* A full-width colon ending a line (after QP too) is a colon; one inside
 * a line stays. */
static void fullwidth_colon_at_line_end(void **state)
{
	(void)state;
	struct br_doc *d = mem("\xe7\xbb\x93\xe6\x9e\x9c\xef\xbc\x9a  \n"
			       "/dev/md0\xef\xbc\x9a\n"
			       "a\xef\xbc\x9a" "b\n");
	find(d, "\xe7\xbb\x93\xe6\x9e\x9c:");
	find(d, "/dev/md0:");
	find(d, "a\xef\xbc\x9a" "b");
	br_doc_free(d);
}

int main(void)
{
	br_parsers_init(); /* the tools' words for decoding and labels */
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(plain_text_is_untouched),
		cmocka_unit_test(qp_soft_breaks_and_joins),
		cmocka_unit_test(qp_needs_evidence_and_spares_hdparm),
		cmocka_unit_test(qp_per_region),
		cmocka_unit_test(qp_quoted_continuations),
		cmocka_unit_test(qp_marked_continuations),
		cmocka_unit_test(qp_double_spaced),
		cmocka_unit_test(qp_twice),
		cmocka_unit_test(qp_declared_page_joins_before_markup),
		cmocka_unit_test(qp_second_look_keeps_signs),
		cmocka_unit_test(gutter_under_qp),
		cmocka_unit_test(gutter_short_block),
		cmocka_unit_test(chat_interjection_dropped),
		cmocka_unit_test(wiki_source_blank_lines_part),
		cmocka_unit_test(gutter_padded_with_nbsp),
		cmocka_unit_test(quoted_rest_rewrapped),
		cmocka_unit_test(quoted_rest_rewrapped_narrow),
		cmocka_unit_test(table_cells_one_a_line),
		cmocka_unit_test(qp_quoted_double_spaced_breaks),
		cmocka_unit_test(qp_quoted_declaration),
		cmocka_unit_test(qp_parts_by_declared_boundary),
		cmocka_unit_test(qp_layered_marks),
		cmocka_unit_test(qp_encoded_words_are_no_evidence),
		cmocka_unit_test(quoting_depths_and_alignment),
		cmocka_unit_test(pipe_quoting_but_not_markdown_tables),
		cmocka_unit_test(mediawiki_table_rows),
		cmocka_unit_test(latex_table_rows),
		cmocka_unit_test(dokuwiki_table_rows),
		cmocka_unit_test(deep_quoting_is_bounded),
		cmocka_unit_test(html_page),
		cmocka_unit_test(html_page_escaped_twice),
		cmocka_unit_test(html_layout_table),
		cmocka_unit_test(html_rows_in_text),
		cmocka_unit_test(html_quoted_in_text_mail),
		cmocka_unit_test(html_deep_nesting),
		cmocka_unit_test(html_long_page),
		cmocka_unit_test(html_many_tags),
		cmocka_unit_test(bbcode),
		cmocka_unit_test(split_lines_overtake_input),
		cmocka_unit_test(qp_lines_made_divs_encoded_again),
		cmocka_unit_test(quote_after_qp_join),
		cmocka_unit_test(quoted_rest_keeps_qp_joins),
		cmocka_unit_test(qp_shown_as_page),
		cmocka_unit_test(tabs_and_nbsp),
		cmocka_unit_test(tabs_are_bounded),
		cmocka_unit_test(prefix_blocks_lose_their_shared_prefix),
		cmocka_unit_test(prefix_block_keeps_wrapped_ends),
		cmocka_unit_test(usenet_colon_quoting),
		cmocka_unit_test(diff_block_keeps_wrapped_ends),
		cmocka_unit_test(lists_and_wraps_behind_numbers),
		cmocka_unit_test(bullets_and_diff_markers),
		cmocka_unit_test(prefix_lookalikes_stay),
		cmocka_unit_test(prefix_runs_are_linear),
		cmocka_unit_test(html_charset_unnamed_is_utf8),
		cmocka_unit_test(layered_prefixes),
		cmocka_unit_test(qp_soft_break_before_dashes),
		cmocka_unit_test(hex_like_values_are_no_qp),
		cmocka_unit_test(crlf_and_qp_together),
		cmocka_unit_test(huge_line_is_linear),
		cmocka_unit_test(qp_rescan_matches_plain_scan),
		cmocka_unit_test(ws_found_at_every_position),
		cmocka_unit_test(qp_boundaries_by_first_byte),
		cmocka_unit_test(html_text_before_first_tag),
		cmocka_unit_test(bbcode_table_rows),
		cmocka_unit_test(entities_in_text),
		cmocka_unit_test(b64_body_decoded),
		cmocka_unit_test(declared_charset_made_utf8),
		cmocka_unit_test(fullwidth_colon_at_line_end),
		cmocka_unit_test(b64_parts_chosen),
		cmocka_unit_test(ansible_results_unwrapped),
		cmocka_unit_test(wrapped_markdown_rows_joined),
		cmocka_unit_test(table_cells_rows_without_blank_lines),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
