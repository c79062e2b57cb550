/* Unit tests: result labels — the headings and introducing lines above a
 * result, most general first (one case per seed layout, and the rules). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "decode.h"
#include "doc.h"
#include "label.h"
#include "util.h"
#include "parser.h"

static struct br_doc *mem(const char *s)
{
	return br_doc_from_mem("t", s, strlen(s));
}

/* Index of the n-th (0-based) logical line starting with prefix. */
static size_t at(const struct br_doc *d, const char *prefix, int nth)
{
	for (size_t i = 0; i < d->nlines; i++)
		if (strncmp(d->lines[i].text, prefix, strlen(prefix)) == 0 && nth-- == 0)
			return i;
	fail_msg("no line starting with '%s'", prefix);
	return 0;
}

/* The label of the result at that line equals want (NULL: no label). */
static void expect(const struct br_doc *d, size_t idx, const char *own, const char *want)
{
	char *got = br_label_for(d, idx, own);
	if (!want) {
		if (got)
			fail_msg("line %zu: label '%s', expected none", idx, got);
		return;
	}
	if (!got)
		fail_msg("line %zu: no label, expected '%s'", idx, want);
	if (strcmp(got, want) != 0) {
		char msg[512];
		snprintf(msg, sizeof msg, "line %zu: label '%s', expected '%s'", idx, got, want);
		free(got);
		fail_msg("%s", msg);
	}
	free(got);
}

/* Seed 001: a block underlined as a whole, "# Try N" below it. */
static void underlined_block_and_hash_headings(void **state)
{
	(void)state;
	static const char in[] =
		"IDE Hard Drive Performance Analysis\n"
		"===================================\n"
		"Notes:\n"
		"======\n"
		"* Hardware:\n"
		"two 2.4GHz Xeon CPUs\n"
		"* Drive settings were left alone:\n"
		"# hdparm /dev/hda\n"
		"/dev/hda:\n"
		"multcount = 16 (on)\n"
		"Configuration A:\n"
		"IDE Channel 1 - Master: HD, Slave: HD\n"
		"IDE Channel 2 - Master: CDROM, Slave: None\n"
		"============================================\n"
		"# Try 1\n"
		"Version 1.03 ------Sequential Output------ --Sequential Input- --Random-\n"
		"-Per Chr- --Block-- -Rewrite- -Per Chr- --Block-- --Seeks--\n"
		"Machine Size K/sec %CP K/sec %CP K/sec %CP K/sec %CP K/sec %CP /sec %CP\n"
		"test1.dmotor 3000M 6618 27 9314 6 3699 1 20058 76 28822 7 179.9 0\n"
		"test1.dmotorworks.com,3000M,6618,27,9314,6,3699,1,20058,76,28822,7,179.9,0,16,2339,91\n"
		"# Try 2\n"
		"Version 1.03 ------Sequential Output------ --Sequential Input- --Random-\n"
		"Configuration B:\n"
		"IDE Channel 1 - Master: HD, Slave: None\n"
		"=========================================\n"
		"# Try 1\n"
		"Version 1.03 ------Sequential Output------ --Sequential Input- --Random-\n"
		"# Try 2 (with a disc in the CD-ROM drive, mounted, so the kernel had really noticed it)\n"
		"Version 1.03 ------Sequential Output------ --Sequential Input- --Random-\n";
	struct br_doc *d = mem(in);
	expect(d, at(d, "Version", 0), NULL, "Configuration A / Try 1");
	expect(d, at(d, "test1.dmotorworks.com", 0), NULL, "Configuration A / Try 1");
	expect(d, at(d, "Version", 1), NULL, "Configuration A / Try 2");
	expect(d, at(d, "Version", 2), NULL, "Configuration B / Try 1");
	expect(d, at(d, "Version", 3), NULL,
	       "Configuration B / Try 2 (with a disc in the CD-ROM drive, mounted, so the kernel had\xe2\x80\xa6");
	/* a shell prompt and a device line are not headings */
	expect(d, at(d, "multcount", 0), NULL, "Notes / Drive settings were left alone");
	br_doc_free(d);
}

/* A ':' line over a block of other text (an hdparm -I dump's
 * "Capabilities:") titles that block only: after the blank line the
 * result is not its. One over nothing but a blank line, or over a key
 * with its value, still titles what follows. */
static void colon_block_without_result_ends(void **state)
{
	(void)state;
	static const char in[] = "Capabilities:\n"
				 "\tLBA, IORDY(can be disabled)\n"
				 "\tQueue depth: 32\n"
				 "\n"
				 "/dev/sdb:\n"
				 " Timing cached reads:   2840 MB in  2.00 seconds = 1419.87 MB/sec\n"
				 "\n"
				 "Second box:\n"
				 "\n"
				 "/dev/sdc:\n"
				 " Timing cached reads:   2800 MB in  2.00 seconds = 1400.00 MB/sec\n";
	struct br_doc *d = mem(in);
	expect(d, at(d, " Timing", 0), NULL, NULL);
	expect(d, at(d, " Timing", 1), NULL, "Second box");
	br_doc_free(d);
	d = mem("RAID:        Linux Software RAID-5\n"
		"Disks:       5 pcs. IBM Deskstar\n"
		"Controller:  3 pcs. Promise\n"
		"\n"
		"Machine    MB K/sec %CPU K/sec %CPU K/sec %CPU K/sec %CPU K/sec %CPU  /sec %CPU\n");
	expect(d, at(d, "Machine", 0), NULL, "RAID: Linux Software RAID-5");
	br_doc_free(d);
}

/* Org headings below the top level ("** NVMe") title what is under them;
 * "* item" stays a bullet, "** bold **" is no heading. */
static void org_headings(void **state)
{
	(void)state;
	static const char in[] = "* Disks\n"
				 "** NVMe (Samsung 980 Pro)\n"
				 "#+begin_src sh\n"
				 "hdparm -tT /dev/nvme0n1\n"
				 "#+end_src\n"
				 "\n"
				 "/dev/nvme0n1:\n"
				 " Timing cached reads:   45602 MB in  1.98 seconds = 23031.21 MB/sec\n"
				 "*** older run\n"
				 " Timing cached reads:   45000 MB in  1.98 seconds = 22727.27 MB/sec\n"
				 "** bold **\n"
				 " Timing cached reads:   44000 MB in  1.98 seconds = 22222.22 MB/sec\n";
	struct br_doc *d = mem(in);
	expect(d, at(d, " Timing", 0), NULL, "NVMe (Samsung 980 Pro)");
	expect(d, at(d, " Timing", 1), NULL, "NVMe (Samsung 980 Pro) / older run");
	expect(d, at(d, " Timing", 2), NULL, "NVMe (Samsung 980 Pro) / older run");
	br_doc_free(d);
}

/* A notebook's cell prompts ("In [12]:", "Out[13]:") title nothing. */
static void notebook_cell_prompts(void **state)
{
	(void)state;
	struct br_doc *d = mem("In [12]:\n!sudo hdparm -tT /dev/md127\n\n/dev/md127:\n"
			       " Timing cached reads:   21880 MB in  1.99 seconds = 10995.47 MB/sec\n"
			       "Out[13]:\n"
			       " Timing cached reads:   21880 MB in  1.99 seconds = 10995.47 MB/sec\n"
			       "Index [2]:\n"
			       " Timing cached reads:   21880 MB in  1.99 seconds = 10995.47 MB/sec\n");
	expect(d, at(d, " Timing", 0), NULL, NULL);
	expect(d, at(d, " Timing", 1), NULL, NULL);
	expect(d, at(d, " Timing", 2), NULL, "Index [2]");
	br_doc_free(d);
}

/* Seed 003: a rendered web page, blank lines between blocks. */
static void standalone_titles_and_colon_lines(void **state)
{
	(void)state;
	static const char in[] =
		"Results!\n\nRAID 5\n\n5 disks:\n"
		"              -------Sequential Output-------- ---Sequential Input-- --Random--\n"
		"Machine    MB K/sec %CPU K/sec %CPU K/sec %CPU K/sec %CPU K/sec %CPU  /sec %CPU\n"
		"       1*2047  7205 95.3 11109  9.4  5210  7.7  5770 70.4 12117 12.0 165.5  3.7\n"
		"       \n"
		"              -------Sequential Output-------- ---Sequential Input-- --Random--\n"
		"       1*2047  6607 99.3 11115  9.4  5288  7.5  5584 76.4 11769 10.9 175.2  3.5\n"
		"\n\n6 disks:\n"
		"              -------Sequential Output-------- ---Sequential Input-- --Random--\n"
		"       1*2047  7277 96.9 11267  9.7  5129  7.8  5927 72.6 11846 11.9 180.4  4.3\n"
		"\nSame setup, using Bonnie++ v1.00g:\n"
		"Version 1.00g       ------Sequential Output------ --Sequential Input- --Random-\n"
		"\nRAID 4\n\n"
		"       1*2047  7206 94.5 10966  9.4  5169  7.5  5924 72.2 11274 11.3 149.5  3.5\n"
		"\nWithout -s, bonnie falls back to a 100MB file, which the controller cache swallows whole, "
		"so the next figures say more about the cache than about the disks:\n\n"
		"       1* 100  7577 98.2 23560 17.7 15107 18.9  8333 99.7 159760 101.4 13665.4 187.9\n"
		"\nLocal disk: Seagate Barracuda UW\n\n"
		"And the internal disk of my office workstation (same CPUs, 256M memory, a wide SCSI adapter "
		"and an 18G 7200RPM Seagate), which is the fairest comparison.\n\n"
		"         2047  5698 85.4 13651 13.6  6407 13.9  5810 87.2 14725 11.9 123.4  2.1\n";
	struct br_doc *d = mem(in);
	expect(d, at(d, "       1*2047  7205", 0), NULL, "RAID 5 / 5 disks");
	expect(d, at(d, "       1*2047  6607", 0), NULL, "RAID 5 / 5 disks");
	expect(d, at(d, "       1*2047  7277", 0), NULL, "RAID 5 / 6 disks");
	expect(d, at(d, "Version 1.00g", 0), NULL, "RAID 5 / Same setup, using Bonnie++ v1.00g");
	expect(d, at(d, "       1*2047  7206", 0), NULL, "RAID 4");
	/* a long sentence ending with ':' is prose */
	expect(d, at(d, "       1* 100", 0), NULL, "RAID 4");
	expect(d, at(d, "         2047", 0), NULL, "Local disk: Seagate Barracuda UW");
	br_doc_free(d);
}

/* A ':' line introduces with its last sentence, whichever mark ('.', '?'
 * or '!', after a word or a closing parenthesis) ends the one before, or
 * with the one before a remark ("Note ..."); a sentence break inside a
 * title line makes it prose. */
static void colon_lines_last_sentence(void **state)
{
	(void)state;
	static const char *const in[] = {
		"Looks fine. For comparison, my old box:\n"
		"       1*2047  7205 95.3 11109  9.4  5210  7.7  5770 70.4 12117 12.0 165.5  3.7\n",
		"Slow? Really slow! Then the old disks:\n"
		"       1*2047  7205 95.3 11109  9.4  5210  7.7  5770 70.4 12117 12.0 165.5  3.7\n",
		"Fast! Is it? Yes. The new disks, at last:\n"
		"       1*2047  7205 95.3 11109  9.4  5210  7.7  5770 70.4 12117 12.0 165.5  3.7\n",
		"RAID 5\n\nIt was fine. No, it was not\n\n"
		"       1*2047  7205 95.3 11109  9.4  5210  7.7  5770 70.4 12117 12.0 165.5  3.7\n",
		/* ")." ends a sentence when a parenthesis closes before it */
		"All three on the same kernel (6.1). The spare box:\n"
		"       1*2047  7205 95.3 11109  9.4  5210  7.7  5770 70.4 12117 12.0 165.5  3.7\n",
		/* a remark on what follows: the sentence before it titles,
		 * on one line or wrapped over two */
		"Second array (ext4, 4 KiB). Note the low seeks:\n"
		"       1*2047  7205 95.3 11109  9.4  5210  7.7  5770 70.4 12117 12.0 165.5  3.7\n",
		"Second array (ext4, noatime). Note the low seeks and the much\n"
		"lower rewrite figures:\n"
		"       1*2047  7205 95.3 11109  9.4  5210  7.7  5770 70.4 12117 12.0 165.5  3.7\n",
	};
	static const char *const want[] = {"For comparison, my old box", "Then the old disks",
					   "The new disks, at last", "RAID 5", "The spare box",
					   "Second array (ext4, 4 KiB)", "Second array (ext4, noatime)"};
	for (size_t k = 0; k < sizeof in / sizeof *in; k++) {
		struct br_doc *d = mem(in[k]);
		expect(d, at(d, "       1*2047", 0), NULL, want[k]);
		br_doc_free(d);
	}
}

/* Seed 002: a "Key: details." set heading, a generic introduction, and the
 * result's own title passed by the parser. */
static void own_title_and_generic_intro(void **state)
{
	(void)state;
	static const char in[] =
		"with the system disk (the system was otherwise quiet)]\n"
		"First set of tests: RAID0, 4k chunk size, cpu clocked at 366Mhz.\n"
		"All hdparms reported:\n"
		"Timing buffer-cache reads: 128 MB in 1.67 seconds =76.65 MB/sec\n"
		"2 disks (hdb1,hdc1) buffered disk reads : 24.24 MB/sec\n"
		"3 disks (hdb1,hdc1,hde1) buffered disk : 31.37 MB/sec\n"
		"Same system. same disks, clocked at 550Mhz:\n"
		"Timing buffer-cache reads: 128 MB in 1.07 seconds =119.63 MB/sec\n"
		"2 disks (hdb1,hdc1) buffered disk reads : 24.81 MB/sec\n"
		"Completely non-useful bonus test:\n"
		"the real raid5 set of 10 disks, degraded, 128k chunks, at 550Mhz, with two\n"
		"channels carrying both a master and a slave disk of the set.\n"
		"Timing buffered disk reads: 64 MB in 3.73 seconds =17.16 MB/sec\n";
	struct br_doc *d = mem(in);
	const char *set1 = "First set of tests: RAID0, 4k chunk size, cpu clocked at 366Mhz";
	expect(d, at(d, "Timing buffer-cache", 0), NULL, set1);
	expect(d, at(d, "2 disks", 0), "2 disks (hdb1,hdc1)",
	       "First set of tests: RAID0, 4k chunk size, cpu clocked at 366Mhz / 2 disks (hdb1,hdc1)");
	expect(d, at(d, "3 disks", 0), "3 disks (hdb1,hdc1,hde1)",
	       "First set of tests: RAID0, 4k chunk size, cpu clocked at 366Mhz / 3 disks (hdb1,hdc1,hde1)");
	expect(d, at(d, "Timing buffer-cache", 1), NULL, "Same system. same disks, clocked at 550Mhz");
	expect(d, at(d, "2 disks", 1), "2 disks (hdb1,hdc1)",
	       "Same system. same disks, clocked at 550Mhz / 2 disks (hdb1,hdc1)");
	expect(d, at(d, "Timing buffered", 0), NULL, "Completely non-useful bonus test");
	/* `own` alone when nothing is above; not repeated when it is the heading */
	expect(d, 0, "x", "x");
	expect(d, at(d, "Timing buffered", 0), "Completely non-useful bonus test",
	       "Completely non-useful bonus test");
	br_doc_free(d);
}

/* A short name right over hdparm's "/dev/sda:" titles the result under
 * it, as it does right over a result line; "hdparm -T figures for the
 * NAS bays:" (the tool, its option, then words) titles what follows, where
 * "hdparm -tT /dev/sda:" runs it and is passed over. */
static void name_over_device_and_tool_intro(void **state)
{
	(void)state;
	static const char in[] =
		"single disk here\n"
		"/dev/sda:\n"
		" Timing buffered disk reads: 124 MB in  3.00 seconds = 41.30 MB/sec\n"
		"\n"
		"The new NAS:\n"
		"\n"
		"hdparm -T figures for the NAS bays:\n"
		"\n"
		"disk              cached (MB/s)\n"
		"WD Red 4TB        1520.3\n"
		"\n"
		"The old NAS:\n"
		"\n"
		"hdparm -tT /dev/sdb:\n"
		"\n"
		"disk              cached (MB/s)\n"
		"WD Green 2TB      1320.3\n";
	struct br_doc *d = mem(in);
	expect(d, at(d, "/dev/sda:", 0), NULL, "single disk here");
	expect(d, at(d, "WD Red", 0), NULL, "hdparm -T figures for the NAS bays");
	expect(d, at(d, "WD Green", 0), NULL, "The old NAS");
	br_doc_free(d);
	/* MediaWiki's emphasis around a caption alone on its line */
	d = mem("'''RAID5 over four WD Reds'''\n\n/dev/md1:\n"
		" Timing buffered disk reads: 524 MB in  3.00 seconds = 174.50 MB/sec\n\n"
		"''the old mirror''\n\n/dev/md0:\n"
		" Timing buffered disk reads: 224 MB in  3.00 seconds = 74.50 MB/sec\n");
	expect(d, at(d, "/dev/md1", 0), NULL, "RAID5 over four WD Reds");
	expect(d, at(d, "/dev/md0", 0), NULL, "the old mirror");
	br_doc_free(d);
}

/* Seed 004 (after QP decoding): "-hw raid" bullets directly above, ':'
 * lines above them, outline-numbered sections further up. */
static void bullets_under_colon_lines(void **state)
{
	(void)state;
	static const char in[] =
		"3) The tests\n"
		"Each layout was measured on the controller and then with md:\n"
		"- RAID 10 on 6 disks\n"
		"- RAID 10 on 4 disks\n"
		"md raid10 was first created with mdadm defaults (near layout, default ch=\n"
		"unk) and later again with the far 2 layout and a 256k chunk.\n"
		"Here are the results, in bonnie++ csv format:\n"
		"6 disks:\n"
		"-hw raid\n"
		"goules-hw-raid10-6,16G,72343,98,235192,37,107093,19,64163,89 ,286958,26,=\n"
		"1323.1,2,16,23028,95,+++++,+++,20643,70,19770,95,+++++,+++,1 7396,81\n"
		"-md raid (chunk 64k)\n"
		"goules-md-raid10-6,16G,72413,99,196164,42,42249,8,51613,72,5 2311,5,1486=\n"
		"7,3,16,13437,61,+++++,+++,9736,42,12128,59,+++++,+++,8526 ,44\n"
		"4 disks with 2 bonnie++ running simultaneously:\n"
		"-hw raid:\n"
		"goules-hw-raid10-4-P1,16G,70682,96,145883,28,54263,10,60888, 86,205427,2=\n"
		"0,837.4,1,16,20742,97,+++++,+++,20969,76,19801,100,+++++,+++ ,18789,79\n"
		"goules-hw-raid10-4-P2,16G,72405,99,138678,26,56571,11,60876, 84,205619,2=\n"
		"1,679.8,2,16,20067,93,+++++,+++,14698,53,17090,87,+++++,+++, 9041,42\n"
		"-md raid with near option and 64k chunk:\n"
		"goules-md-raid10-4-P1,16G,72183,98,100149,24,28057,5,33398,4 4,34624,3,7=\n"
		"71.8,1,16,16057,71,+++++,+++,9576,32,15871,77,+++++,+++,7357 ,33\n"
		"4) The interpretation\n"
		"-sequential output is quite similar for each setup, with hw raid being a\n"
		"bit better\n"
		"goules-x,16G,1,2,3,4,5,6,7,8,9,10\n";
	struct br_doc *d = mem(in);
	expect(d, at(d, "goules-hw-raid10-6", 0), NULL, "6 disks / hw raid");
	expect(d, at(d, "goules-md-raid10-6", 0), NULL, "6 disks / md raid (chunk 64k)");
	expect(d, at(d, "goules-hw-raid10-4-P1", 0), NULL,
	       "4 disks with 2 bonnie++ running simultaneously / hw raid");
	expect(d, at(d, "goules-hw-raid10-4-P2", 0), NULL,
	       "4 disks with 2 bonnie++ running simultaneously / hw raid");
	expect(d, at(d, "goules-md-raid10-4-P1", 0), NULL,
	       "4 disks with 2 bonnie++ running simultaneously / md raid with near option and 64k chunk");
	/* prose ends a bullet: a long "-sequential output ..." line is prose too */
	expect(d, at(d, "goules-x", 0), NULL, "The interpretation");
	/* bullets ended by the prose under them */
	expect(d, at(d, "Here are", 0), NULL, "The tests / Each layout was measured on the controller and then with md");
	br_doc_free(d);
}

/* Seed 000: outline numbering whose restarts nest. */
static void outline_numbering(void **state)
{
	(void)state;
	static const char in[] =
		"######## The Presentation ########\n"
		"1. Introduction\n"
		"A. Motivation\n"
		"some words\n"
		"2. Identification\n"
		"A. Individual Devices\n"
		"1. ibm_scsi\n"
		"a. Model DCAS-34330W S65A (4.1GB)\n"
		"2. ibm_ide\n"
		"3. maxtor1/2\n"
		"3. Benchmark Results\n"
		"A. Methodology\n"
		"1. Bonnie\n"
		"2. rawio\n"
		"B. Notes\n"
		"C. Results - Individual Devices\n"
		"1. Bonnie\n"
		"-------Sequential Output-------- ---Sequential Input-- --Random--\n"
		"-Per Char- --Block--- -Rewrite-- -Per Char- --Block--- --Seeks---\n"
		"IBM_SCSI 7960 39.6* 7995 12.6* 3680 8.4* 7850 38.7* 7930 10.0*261.0 3.5*\n"
		"2. rawio\n"
		"Random read Sequential read Random write Sequential write\n"
		"K/sec /sec K/sec /sec K/sec /sec K/sec /sec\n"
		"IBM_SCSI 1062.3 67 1008.2 62 1071.5 67 1054.0 64\n"
		"D. Results - Vinum Volumes\n"
		"1. Bonnie\n"
		"A_SINGLE 15546*77.3 15794 25.2 7029 15.7 15956 78.4 16363 16.9 237.6 3.4*\n"
		"4. Commentary\n"
		"The numbers speak for themselves.\n";
	struct br_doc *d = mem(in);
	expect(d, at(d, "IBM_SCSI 7960", 0), NULL, "Results - Individual Devices / Bonnie");
	expect(d, at(d, "IBM_SCSI 1062.3", 0), NULL, "Results - Individual Devices / rawio");
	expect(d, at(d, "A_SINGLE", 0), NULL, "Results - Vinum Volumes / Bonnie");
	expect(d, at(d, "2. ibm_ide", 0), NULL, "ibm_scsi / Model DCAS-34330W S65A (4.1GB)");
	expect(d, at(d, "3. maxtor", 0), NULL, "Individual Devices / ibm_ide");
	expect(d, at(d, "The numbers", 0), NULL, "The Presentation / Commentary");
	br_doc_free(d);
}

static void html_headings(void **state)
{
	(void)state;
	static const char in[] = "<html><body><h1>Home server</h1>\n"
				 "<h2>RAID 5</h2><p>6 disks:</p>\n"
				 "<pre>\n"
				 "       1*2047  7277 96.9 11267  9.7  5129  7.8  5927 72.6 11846 11.9 180.4  4.3\n"
				 "</pre>\n"
				 "<h2>RAID 0</h2>\n"
				 "<pre>\n"
				 "         2047  7706 98.6 17365 14.7  7226  9.1  5904 74.5 15962 13.6 171.0  2.1\n"
				 "</pre></body></html>\n";
	struct br_doc *d = mem(in);
	expect(d, at(d, "       1*2047", 0), NULL, "RAID 5 / 6 disks");
	expect(d, at(d, "         2047", 0), NULL, "Home server / RAID 0");
	br_doc_free(d);
}

/* What is not a heading: quote attributions, generic introductions, prose,
 * shell commands, table headers. */
static void not_headings(void **state)
{
	(void)state;
	static const char in[] =
		"On Thu, Feb 28, 2008 at 10:46:29AM +0100, Franck Routier wrote:\n"
		"> Here is what I got:\n"
		"> $ bonnie++ -d /mnt -u root\n"
		"> Version  1.03       ------Sequential Output------ --Sequential Input- --Random-\n"
		"> Machine        Size K/sec %CP K/sec %CP K/sec %CP K/sec %CP K/sec %CP  /sec %CP\n"
		"> moudry.com       4G 30348  47 35023   5 12701   2 30363  49 44790   6 165.0   0\n";
	struct br_doc *d = mem(in);
	expect(d, at(d, "moudry", 0), NULL, NULL);
	br_doc_free(d);
	d = mem("");
	expect(d, 0, NULL, NULL);
	expect(d, 5, "own", "own");
	br_doc_free(d);
}

/* A line wrapped before a one-letter option ("-t on the new board.")
 * is prose, not a bullet titling what follows; "-hw raid" is a bullet. */
static void option_is_no_bullet(void **state)
{
	(void)state;
	static const char in[] =
		"Not much. The old Quantum still manages 38.4 MB/s with hdparm\n"
		"-t on the new board, about what it did before.\n"
		"The Barracuda next to it gets 61.2 MB/s from hdparm\n"
		"-t /dev/hdc, so the controller is fine.\n";
	struct br_doc *d = mem(in);
	expect(d, at(d, "The Barracuda", 0), NULL, NULL);
	br_doc_free(d);
	d = mem("-hw raid\n"
		"goules-hw-raid10-6,16G,72343,98,235192,37,107093,19,64163,89,286958,26\n");
	expect(d, at(d, "goules", 0), NULL, "hw raid");
	br_doc_free(d);
}

/* Prose under a ':' line ends it after a while. */
static void colon_lines_expire(void **state)
{
	(void)state;
	struct br_buf b = BR_BUF_INIT;
	br_buf_adds(&b, "Bonus test:\n");
	for (int i = 0; i < 12; i++)
		br_buf_adds(&b, "and then a long line of ordinary prose that goes on and on here\n");
	br_buf_adds(&b, " Timing buffered disk reads:  64 MB in  2.31 seconds = 27.71 MB/sec\n");
	struct br_doc *d = br_doc_from_mem("t", b.data, b.len);
	expect(d, at(d, " Timing", 0), NULL, NULL);
	expect(d, 3, NULL, "Bonus test");
	br_doc_free(d);
	br_buf_free(&b);
}

/* The outline is read only as far down as asked: labels asked in any
 * order are those asked top to bottom. */
static void labels_in_any_order(void **state)
{
	(void)state;
	static const char *const pieces[] = {
		"Results\n=======\n", "1. First box\n", "## Second box\n", "On the old disk:\n",
		"some prose that goes on, and on\n", "\n", "> quoted: intro\n",
		"host1,3000M,6618,27,9314,6,3699,1,20058,76,28822,7,179.9,0\n", "Subject: Re: runs\n",
		"From a@example.org Mon Jan  1 00:00:00 2001\n", "TITLE\n\n", "- item\n",
	};
	unsigned seed = 7;
	for (int round = 0; round < 200; round++) {
		struct br_buf b = BR_BUF_INIT;
		for (int k = 0; k < 60; k++) {
			seed = seed * 1103515245u + 12345u;
			br_buf_adds(&b, pieces[(seed >> 16) % BR_ARRAY_LEN(pieces)]);
		}
		struct br_doc *a = br_doc_from_mem("a", b.data, b.len);
		struct br_doc *z = br_doc_from_mem("z", b.data, b.len);
		size_t n = a->nlines;
		char **want = calloc(n ? n : 1, sizeof *want);
		for (size_t i = 0; i < n; i++)
			want[i] = br_label_for(a, i, NULL);
		for (size_t k = 0; k < n; k++) {
			seed = seed * 1103515245u + 12345u;
			size_t i = k % 3 == 0 ? n - 1 - k : (seed >> 8) % n;
			char *got = br_label_for(z, i, NULL);
			if (want[i])
				assert_string_equal(got, want[i]);
			else
				assert_null(got);
			free(got);
		}
		for (size_t i = 0; i < n; i++)
			free(want[i]);
		free(want);
		br_doc_free(a);
		br_doc_free(z);
		br_buf_free(&b);
	}
}

/* A million-line document: the outline is built once, each call is a lookup. */
static void many_results(void **state)
{
	(void)state;
	struct br_buf b = BR_BUF_INIT;
	for (int i = 0; i < 20000; i++) {
		br_buf_addf(&b, "Run %d:\n", i);
		for (int k = 0; k < 49; k++)
			br_buf_addf(&b, "host%d,3000M,6618,27,9314,6,3699,1,20058,76,28822,7,179.9,0\n", k);
	}
	struct br_doc *d = br_doc_from_mem("t", b.data, b.len);
	assert_int_equal(d->nlines, 1000000);
	size_t n = 0;
	for (size_t i = 0; i < d->nlines; i++) {
		char *l = br_label_for(d, i, NULL);
		if (i == 999999)
			assert_string_equal(l, "Run 19999");
		n += l != NULL;
		free(l);
	}
	assert_int_equal(n, d->nlines - 1);
	br_doc_free(d);
	br_buf_free(&b);
}

/* What sits near a result but names nothing: a settings dump, a command's
 * output, commented-out code, a login prompt, a greeting, a signature
 * above a quote, a quantity that looks like section numbering. */
static void dumps_prompts_code_and_greetings(void **state)
{
	(void)state;
	struct br_doc *d = mem("Disk two, the old Maxtor\n"
			       "\n"
			       " PIO modes:  pio0 pio1 pio2 pio3 pio4\n"
			       " DMA modes:  mdma0 mdma1 mdma2\n"
			       " UDMA modes: udma0 udma1 udma2 *udma6\n"
			       "\n"
			       "Kernel version is: 2.6.8\n"
			       "/dev/hda:\n"
			       "\n"
			       "user@box:~$ iperf -c server\n"
			       "-----------------------------------\n"
			       "TCP window size: 16.0 KByte (default)\n"
			       "-----------------------------------\n"
			       "RESULT-B is a row of figures.\n"
			       "\n"
			       "#print \"yo $l\\n\";\n"
			       "RESULT-C is a row of figures.\n"
			       "\n"
			       "description: \n"
			       "password: \n"
			       "RESULT-D is a row of figures.\n"
			       "\n"
			       "Hello\n"
			       "\n"
			       "RESULT-E is a row of figures.\n"
			       "\n"
			       "1.5 GB RAM\n"
			       "RESULT-G is a row of figures.\n"
			       "\n"
			       "Joe\n"
			       "\n"
			       "Ann Smith wrote:\n"
			       "RESULT-F is a row of figures.\n");
	expect(d, at(d, "/dev/hda:", 0), NULL, "Disk two, the old Maxtor");
	expect(d, at(d, "RESULT-B", 0), NULL, "Disk two, the old Maxtor");
	expect(d, at(d, "RESULT-C", 0), NULL, "Disk two, the old Maxtor");
	expect(d, at(d, "RESULT-D", 0), NULL, "Disk two, the old Maxtor");
	expect(d, at(d, "RESULT-E", 0), NULL, "Disk two, the old Maxtor");
	expect(d, at(d, "RESULT-G", 0), NULL, "Disk two, the old Maxtor");
	/* "Joe" took the place of the title above, then signed off */
	br_doc_free(d);
	/* the same shapes still title what follows where they are titles */
	d = mem("Disk tuning: deadline scheduler\n"
		"RESULT-A is a row of figures.\n"
		"\n"
		"2.1 Results on ext4\n"
		"RESULT-B is a row of figures.\n"
		"\n"
		"fs6:\n"
		"RESULT-C is a row of figures.\n");
	expect(d, at(d, "RESULT-A", 0), NULL, "Disk tuning: deadline scheduler");
	expect(d, at(d, "RESULT-B", 0), NULL, "Results on ext4");
	expect(d, at(d, "RESULT-C", 0), NULL, "Results on ext4 / fs6");
	br_doc_free(d);
	/* a Latin-1 heading of an old mail comes out as UTF-8 */
	d = mem("R\xe9sultats \x93rapides\x94\n\nRESULT-A is a row of figures.\n");
	expect(d, at(d, "RESULT-A", 0), NULL, "R\xc3\xa9sultats \xe2\x80\x9crapides\xe2\x80\x9d");
	br_doc_free(d);
}

/* A title may start with the tool's name ("## bonnie++ on the ZFS pool",
 * "hdparm on the new disk:"); the same name with options, a path, a pipe or
 * a prompt in front runs the tool and titles nothing. */
static void titles_that_name_the_tool(void **state)
{
	(void)state;
	struct br_doc *d = mem("## bonnie++ on the ZFS pool\n"
			       "\n"
			       "RESULT-A is a row of figures.\n"
			       "\n"
			       "hdparm on the new disk:\n"
			       "RESULT-B is a row of figures.\n");
	expect(d, at(d, "RESULT-A", 0), NULL, "bonnie++ on the ZFS pool");
	expect(d, at(d, "RESULT-B", 0), NULL, "bonnie++ on the ZFS pool / hdparm on the new disk");
	br_doc_free(d);
	static const char *const commands[] = {
		"# hdparm -tT /dev/sda\n", "$ hdparm on the disk\n", "# rawio ad0 ad1\n",
		"bonnie++ -d /mnt/t -s 4G:\n", "hdparm /dev/sda on the new disk:\n",
		"bonnie++ on the pool | tee out:\n",
	};
	for (size_t k = 0; k < sizeof commands / sizeof commands[0]; k++) {
		char in[256];
		snprintf(in, sizeof in, "Old disks\n\n%sRESULT-C is a row of figures.\n", commands[k]);
		d = mem(in);
		expect(d, at(d, "RESULT-C", 0), NULL, "Old disks");
		br_doc_free(d);
	}
}

/* A GitHub issue's folded block: its <summary> titles what it holds, under
 * the section's heading; the tags in it are left out. */
static void details_summary(void **state)
{
	(void)state;
	struct br_doc *d = mem("### Steps to reproduce\n"
			       "\n"
			       "<details>\n"
			       "<summary>bonnie++ output on <b>2.1.14</b></summary>\n"
			       "\n"
			       "RESULT-A is a row of figures.\n"
			       "</details>\n"
			       "<details><summary>\n"
			       "RESULT-B is a row of figures.\n"
			       "<summary>on 2.2.0</summary>\n"
			       "RESULT-C is a row of figures.\n");
	expect(d, at(d, "RESULT-A", 0), NULL, "Steps to reproduce / bonnie++ output on 2.1.14");
	expect(d, at(d, "RESULT-C", 0), NULL, "Steps to reproduce / on 2.2.0");
	br_doc_free(d);
}

/* A MediaWiki definition term ("; Single SSD") over a <pre> block, a
 * table or its definition names what follows, in the place of the term
 * before it; an ini comment over a setting, or a term ending a sentence,
 * does not. */
static void wiki_definition_terms(void **state)
{
	(void)state;
	struct br_doc *d = mem("== Disk benchmarks ==\n"
			       "\n"
			       "; Single SSD\n"
			       " RESULT-A is a row of figures.\n"
			       "\n"
			       "; RAID1 of two HDDs\n"
			       "{|\n"
			       "| RESULT-B is a row of figures.\n"
			       "|}\n"
			       "\n"
			       ";Old box\n"
			       ": RESULT-C is a row of figures.\n");
	expect(d, at(d, " RESULT-A", 0), NULL, "Single SSD");
	expect(d, at(d, "| RESULT-B", 0), NULL, "RAID1 of two HDDs");
	expect(d, at(d, ": RESULT-C", 0), NULL, "Old box");
	br_doc_free(d);
	d = mem("== Disk benchmarks ==\n"
		"\n"
		"; the cache size in MB\n"
		"cache = 512\n"
		"RESULT-A is a row of figures.\n"
		"\n"
		"; we ran it twice.\n"
		" RESULT-B is a row of figures.\n");
	expect(d, at(d, "RESULT-A", 0), NULL, "Disk benchmarks");
	expect(d, at(d, " RESULT-B", 0), NULL, "Disk benchmarks");
	br_doc_free(d);
}

/* A poster's note after a row's figures, its marks left out, titles the
 * row; a prompt run into the row, marks alone or a long sentence do not. */
static void notes_after_figures(void **state)
{
	(void)state;
	static const struct {
		const char *note, *want;
	} cases[] = {
		{"<- with noatime", "with noatime"},
		{"(second run)", "second run"},
		{"** barrier=0", "barrier=0"},
		{"<-- 2.4.10-ac2.", "2.4.10-ac2"},
		{"[root@sam bonnie]# ls", NULL},
		{"[me@wren ~]$ exit", NULL},
		{"<- ->", NULL},
		{"which is what I got on the old box with the other controller too", NULL},
	};
	for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
		char *got = br_label_note(cases[k].note, strlen(cases[k].note));
		if (cases[k].want) {
			assert_non_null(got);
			assert_string_equal(got, cases[k].want);
		} else if (got) {
			fail_msg("'%s' titled '%s'", cases[k].note, got);
		}
		free(got);
	}
}

/* Lines that might be headings but can push none (mail headers, prose with
 * ": " in it, long lines): they leave the headings above as they are, but
 * while a bullet or a ':' introduction is open they are prose and end it;
 * a result line among them is not prose. */
static void headers_and_prose_that_title_nothing(void **state)
{
	(void)state;
	struct br_doc *d = mem("Disk tuning\n"
			       "===========\n"
			       "Received: from mail.example.org by mx.example.org\n"
			       "Content-Type: text/plain; charset=us-ascii\n"
			       "we tried a lot of things this week, note: none of them helped much\n"
			       "RESULT-A is a row of figures.\n"
			       "- deadline scheduler\n"
			       "RESULT-B is a row of figures.\n"
			       "the rest of the story, in short: the disk was simply slow all along\n"
			       "RESULT-C is a row of figures.\n");
	expect(d, at(d, "RESULT-A", 0), NULL, "Disk tuning");
	expect(d, at(d, "RESULT-B", 0), NULL, "Disk tuning / deadline scheduler");
	expect(d, at(d, "RESULT-C", 0), NULL, "Disk tuning");
	br_doc_free(d);
	/* eleven prose lines end a ':' introduction; result lines do not count */
	struct br_buf b = BR_BUF_INIT;
	br_buf_adds(&b, "Bonus test:\n");
	for (int i = 0; i < 12; i++)
		br_buf_adds(&b, " Timing cached reads:   2000 MB in  2.00 seconds = 1000.00 MB/sec\n");
	br_buf_adds(&b, "RESULT-A is a row of figures.\n");
	for (int i = 0; i < 12; i++)
		br_buf_adds(&b, "Note: a long line of ordinary prose that goes on and on and on, past ninety "
				"bytes of text\n");
	br_buf_adds(&b, "RESULT-B is a row of figures.\n");
	d = br_doc_from_mem("t", b.data, b.len);
	expect(d, at(d, "RESULT-A", 0), NULL, "Bonus test");
	expect(d, at(d, "RESULT-B", 0), NULL, NULL);
	br_doc_free(d);
	br_buf_free(&b);
}

/* Introductions the way posters write them: a sentence wrapped over two
 * or three lines (all of it, from its start, "and" left out), a generic
 * "Here's what I got on X:" (titled by X), a bold one, inline code marks,
 * and a blog's byline (no title). */
static void wrapped_generic_and_marked_intros(void **state)
{
	(void)state;
	struct br_doc *d = mem("Second run on the same box, after switching the I/O scheduler to\n"
			       "deadline and remounting the filesystem with noatime and nodiratime\n"
			       "in fstab:\n"
			       "\n"
			       "RESULT-A is a row of figures.\n"
			       "\n"
			       "For comparison the old box with two mirrored disks on the onboard\n"
			       "SATA ports:\n"
			       "\n"
			       "RESULT-B is a row of figures.\n"
			       "\n"
			       "and the file server, where I skipped the per-char tests and used\n"
			       "50*1024 files:\n"
			       "RESULT-C is a row of figures.\n"
			       "\n"
			       "Here's what I got on the new array:\n"
			       "RESULT-D is a row of figures.\n"
			       "\n"
			       "This is what it gives with noatime:\n"
			       "RESULT-E is a row of figures.\n"
			       "\n"
			       "**Results with `noatime` and `nobarrier`:**\n"
			       "RESULT-F is a row of figures.\n");
	expect(d, at(d, "RESULT-A", 0), NULL, "Second run on the same box, after switching the I/O scheduler to\xe2\x80\xa6");
	expect(d, at(d, "RESULT-B", 0), NULL,
	       "For comparison the old box with two mirrored disks on the onboard SATA ports");
	expect(d, at(d, "RESULT-C", 0), NULL, "the file server, where I skipped the per-char tests and used 50*1024 files");
	expect(d, at(d, "RESULT-D", 0), NULL, "the new array");
	expect(d, at(d, "RESULT-E", 0), NULL, "with noatime");
	expect(d, at(d, "RESULT-F", 0), NULL, "Results with noatime and nobarrier");
	br_doc_free(d);
	d = mem("Disk tuning\n"
		"===========\n"
		"\n"
		"Posted by dmitri on 2021-03-04 10:12\n"
		"\n"
		"RESULT-A is a row of figures.\n"
		"\n"
		"Joe wrote on Monday:\n"
		"RESULT-B is a row of figures.\n"
		"\n"
		"1 laptop here has an m2.SSD.  This test took just under 8min to run:\n"
		"RESULT-C is a row of figures.\n"
		"\n"
		"Here are the results for me:\n"
		"RESULT-D is a row of figures.\n");
	expect(d, at(d, "RESULT-A", 0), NULL, "Disk tuning");
	expect(d, at(d, "RESULT-B", 0), NULL, "Disk tuning");
	expect(d, at(d, "RESULT-C", 0), NULL, "Disk tuning");
	expect(d, at(d, "RESULT-D", 0), NULL, "Disk tuning");
	br_doc_free(d);
}

/* "and the same for the old server:" right under a finished sentence or a
 * result titles what follows after its "and", as it does after a blank
 * line and as "And the same ...:" does; under a line the sentence goes on
 * from, it is that sentence's end. */
static void lower_case_conjunction_intros(void **state)
{
	(void)state;
	struct br_doc *d = mem("The new server is fast.\n"
			       "RESULT-A is a row of figures.\n"
			       "\n"
			       "That was quick.\n"
			       "and the same for the old server:\n"
			       "RESULT-B is a row of figures.\n"
			       "\n"
			       "I tested two boxes.\n"
			       "And the same for the old server:\n"
			       "RESULT-C is a row of figures.\n"
			       "\n"
			       "I ran the same test on both\n"
			       "and the same for the spare one:\n"
			       "RESULT-D is a row of figures.\n");
	expect(d, at(d, "RESULT-B", 0), NULL, "the same for the old server");
	expect(d, at(d, "RESULT-C", 0), NULL, "And the same for the old server");
	expect(d, at(d, "RESULT-D", 0), NULL, "I ran the same test on both and the same for the spare one");
	br_doc_free(d);
}

/* A one-word "name:" right under a result line ("Timing buffered disk
 * reads: 612 MB in ...") or under a command line names what follows, as
 * it does after a blank line: a result line is no settings "Key: value"
 * beside which "name:" would be one more key, a command no sentence it
 * goes on from. */
static void names_under_results_and_commands(void **state)
{
	(void)state;
	struct br_doc *d = mem("node17:\n"
			       "RESULT-A: 16 2.00 8.00 9.10\n"
			       "node18:\n"
			       "RESULT-B: 16 2.00 8.00 9.10\n"
			       "\n"
			       "Intro of the cluster's runs:\n"
			       "\n"
			       "# pdsh -w cn0[01-02] 'hdparm -tT /dev/sdb'\n"
			       "cn001:\n"
			       "RESULT-C: 16 2.00 8.00 9.10\n"
			       "\n"
			       "Settings:\n"
			       "mode: fast\n"
			       "speed:\n"
			       "RESULT-D: 16 2.00 8.00 9.10\n");
	expect(d, at(d, "RESULT-A", 0), NULL, "node17");
	expect(d, at(d, "RESULT-B", 0), NULL, "node18");
	expect(d, at(d, "RESULT-C", 0), NULL, "cn001");
	/* "speed:" among settings lines is one more key */
	expect(d, at(d, "RESULT-D", 0), NULL, "Settings");
	br_doc_free(d);
}

/* A ':' introduction titles its paragraph or block; a paragraph of prose
 * after a blank line below it (a sentence: its paragraph ends with '.')
 * is the poster talking again and ends it. A result, a short line or a
 * paragraph that does not end a sentence leaves it open. */
static void prose_paragraph_ends_colon(void **state)
{
	(void)state;
	struct br_doc *d = mem("Buffered reads on the FreeBSD box:\n"
			       "RESULT-A: 16 2.00 8.00 9.10\n"
			       "\n"
			       "And the laptop with the new disk gives these figures as well\n"
			       "RESULT-B: 16 2.00 8.00 9.10\n"
			       "when it is cold.\n"
			       "\n"
			       "Results of the second box:\n"
			       "RESULT-C: 16 2.00 8.00 9.10\n"
			       "\n"
			       "RESULT-D: 16 2.00 8.00 9.10\n"
			       "\n"
			       "a few short words\n"
			       "RESULT-E: 16 2.00 8.00 9.10\n"
			       "\n"
			       "a line of words that goes on without an end to the sentence\n"
			       "RESULT-F: 16 2.00 8.00 9.10\n");
	expect(d, at(d, "RESULT-A", 0), NULL, "Buffered reads on the FreeBSD box");
	expect(d, at(d, "RESULT-B", 0), NULL, NULL);
	expect(d, at(d, "RESULT-C", 0), NULL, "the second box");
	expect(d, at(d, "RESULT-D", 0), NULL, "the second box");
	expect(d, at(d, "RESULT-E", 0), NULL, "the second box");
	expect(d, at(d, "RESULT-F", 0), NULL, "the second box");
	br_doc_free(d);
}

/* "Host: alpha", "Server: atlas" right above a result name its machine,
 * among other "Key: value" lines too; a key that is no machine's, or a
 * value that is a sentence, names nothing. */
static void machine_keys(void **state)
{
	(void)state;
	struct br_doc *d = mem("Kernel: 5.15.0-91\n"
			       "RESULT-C: 16 2.00 8.00 9.10\n"
			       "\n"
			       "Host: the one in the basement is slow.\n"
			       "RESULT-D: 16 2.00 8.00 9.10\n"
			       "\n"
			       "Server: atlas\n"
			       "RESULT-A: 16 2.00 8.00 9.10\n"
			       "\n"
			       "Host: beta\n"
			       "Kernel: 5.15.0-91\n"
			       "RESULT-B: 16 2.00 8.00 9.10\n");
	expect(d, at(d, "RESULT-A", 0), NULL, "Server: atlas");
	expect(d, at(d, "RESULT-B", 0), NULL, "Host: beta");
	expect(d, at(d, "RESULT-C", 0), NULL, NULL);
	expect(d, at(d, "RESULT-D", 0), NULL, NULL);
	br_doc_free(d);
}

/* A name of a few words alone right over a result, under a blank line or
 * another result ("ext4" over a CSV line, "xfs" over the next), titles
 * that result below the introduction; it ends at the next blank line. A
 * wrapped row's tail of figures, a sentence or a line under prose is no
 * such name. */
static void names_over_results(void **state)
{
	(void)state;
	struct br_doc *d = mem("Runs on the same box, one per filesystem:\n"
			       "\n"
			       "ext4\n"
			       "RESULT-A,16,2.00,8.00,9.10,1,2,3\n"
			       "xfs\n"
			       "RESULT-B,16,2.00,8.00,9.10,1,2,3\n"
			       "\n"
			       "RESULT-C,16,2.00,8.00,9.10,1,2,3\n"
			       "373.0 3\n"
			       "RESULT-D,16,2.00,8.00,9.10,1,2,3\n"
			       "\n"
			       "Some prose here\n"
			       "btrfs\n"
			       "RESULT-E,16,2.00,8.00,9.10,1,2,3\n");
	expect(d, at(d, "RESULT-A", 0), NULL, "Runs on the same box, one per filesystem / ext4");
	expect(d, at(d, "RESULT-B", 0), NULL, "Runs on the same box, one per filesystem / xfs");
	expect(d, at(d, "RESULT-C", 0), NULL, "Runs on the same box, one per filesystem");
	expect(d, at(d, "RESULT-D", 0), NULL, "Runs on the same box, one per filesystem");
	expect(d, at(d, "RESULT-E", 0), NULL, "Runs on the same box, one per filesystem");
	/* with a title of its own that the name says, the heading above it */
	expect(d, at(d, "RESULT-A", 0), "ext4", "Runs on the same box, one per filesystem / ext4");
	br_doc_free(d);
}

/* "Here the old server:" names what follows after its "here" when an
 * article starts it; "Here is mine:", "here the numbers:" name nothing. */
static void here_and_what_follows(void **state)
{
	(void)state;
	struct br_doc *d = mem("Prose.\n\nand here the old server:\nRESULT-A is a row of figures.\n"
			       "\nHere my laptop:\nRESULT-B is a row of figures.\n");
	expect(d, at(d, "RESULT-A", 0), NULL, "the old server");
	expect(d, at(d, "RESULT-B", 0), NULL, "my laptop");
	br_doc_free(d);
	d = mem("Prose.\n\nHere is mine:\nRESULT-C is a row of figures.\n");
	expect(d, at(d, "RESULT-C", 0), NULL, NULL);
	br_doc_free(d);
	d = mem("Prose.\n\nhere the numbers:\nRESULT-D is a row of figures.\n");
	expect(d, at(d, "RESULT-D", 0), NULL, NULL);
	br_doc_free(d);
}

/* A result line as the outline sees one (hdparm's), after a tag that
 * at() finds. */
#define ROW " Timing buffered disk reads: 468 MB in  3.00 seconds = 155.90 MB/sec"

/* A mail archive page's navigation ("Previous message: ...", "Next
 * message: ...", "Messages sorted by: ...") names other messages: it
 * titles no result of this one. */
static void archive_navigation_titles_nothing(void **state)
{
	(void)state;
	struct br_doc *d = mem("# Readahead on the Promise card\n\n"
			       "Previous message: [disk-tuning] UDMA5 on a VIA board?\n"
			       "Next message: [disk-tuning] SATA port multipliers\n"
			       "Messages sorted by: [ date ] [ thread ] [ subject ]\n\n"
			       "RESULT-A" ROW "\n");
	expect(d, at(d, "RESULT-A", 0), NULL, "Readahead on the Promise card");
	br_doc_free(d);
	/* an author and a date with its weekday: a byline, no title */
	d = mem("# Rawio on the stripe\n\nGreg Wed Jan 10 2001\n\nRESULT-B" ROW "\n");
	expect(d, at(d, "RESULT-B", 0), NULL, "Rawio on the stripe");
	br_doc_free(d);
}

/* "With the new driver I get:": what the result is of comes before the
 * speaker; "on", "for", "in" go, "with", "using" stay; a part that names
 * nothing ("In my case") titles nothing, and ends the introduction of the
 * result above. */
static void intros_that_name_before_the_speaker(void **state)
{
	(void)state;
	struct br_doc *d = mem("Prose.\n\nWith the new ahci driver I get:\nRESULT-A" ROW "\n"
			       "\nand on kernel 2.6.24 I consistently get:\nRESULT-B" ROW "\n"
			       "\nIn my case I get:\nRESULT-C" ROW "\n"
			       "\nWith that said, we got:\nRESULT-D" ROW "\n"
			       "\nUsing the stock firmware I see:\nRESULT-E" ROW "\n"
			       "\nWith cfq we got:\nRESULT-F" ROW "\n");
	expect(d, at(d, "RESULT-A", 0), NULL, "With the new ahci driver");
	expect(d, at(d, "RESULT-B", 0), NULL, "kernel 2.6.24");
	expect(d, at(d, "RESULT-C", 0), NULL, NULL);
	expect(d, at(d, "RESULT-D", 0), NULL, NULL);
	expect(d, at(d, "RESULT-E", 0), NULL, "Using the stock firmware");
	expect(d, at(d, "RESULT-F", 0), NULL, "With cfq");
	br_doc_free(d);
	/* the speaker and the verb wrapped onto a line of their own */
	d = mem("Prose.\n\nWith the sata_nv driver from 2.6.16\nI get:\n\nRESULT-G" ROW "\n");
	expect(d, at(d, "RESULT-G", 0), NULL, "With the sata_nv driver from 2.6.16");
	br_doc_free(d);
}

/* "Output of X:" names X, as "results for X:" does, only with "of",
 * "from" or "for" right after the word (an rst literal block's "::" too);
 * "Sample output in txt format:" and "the output sits in shell comments"
 * name no run. */
static void output_of_a_thing(void **state)
{
	(void)state;
	struct br_doc *d = mem("Prose.\n\nOutput of the scratch disk::\n\nRESULT-A" ROW "\n"
			       "\nhdparm output for sda:\nRESULT-B" ROW "\n"
			       "\nSample output in txt format:\nRESULT-C" ROW "\n"
			       "\nThe output of hdparm -tT:\nRESULT-D" ROW "\n"
			       "\nOutput from my old laptop:\nRESULT-E" ROW "\n");
	expect(d, at(d, "RESULT-A", 0), NULL, "the scratch disk");
	expect(d, at(d, "RESULT-B", 0), NULL, "sda");
	expect(d, at(d, "RESULT-C", 0), NULL, NULL);
	expect(d, at(d, "RESULT-D", 0), NULL, NULL);
	expect(d, at(d, "RESULT-E", 0), NULL, "my old laptop");
	br_doc_free(d);
}

/* "Raw output, scratch:" names what follows the comma; an introduction
 * of several machines at once ("our three boxes", "both servers") names
 * none of the runs under it and ends the introduction before it; a
 * "RAID: ..." key names the array as "Host: ..." names the machine. */
static void comma_names_and_groups(void **state)
{
	(void)state;
	struct br_doc *d = mem("Prose.\n\nRaw output, scratch:\n\nRESULT-A" ROW "\n"
			       "\nRaw output, as promised:\n\nRESULT-B" ROW "\n"
			       "\nThe backup array, for comparison:\n\nRESULT-C" ROW "\n"
			       "\nHere are the numbers from our three boxes, converted with bon_csv2txt:\n"
			       "\nRESULT-D" ROW "\n"
			       "\nBoth spare servers, same kernel:\nRESULT-E" ROW "\n"
			       "\nRAID 5 over 4 disks:\nRESULT-F" ROW "\n"
			       "\nResults for each host:\nRESULT-G" ROW "\n"
			       "\nRAID:        Linux software RAID-5\n\nRESULT-H" ROW "\n");
	expect(d, at(d, "RESULT-A", 0), NULL, "scratch");
	expect(d, at(d, "RESULT-B", 0), NULL, NULL);
	expect(d, at(d, "RESULT-C", 0), NULL, "The backup array, for comparison");
	expect(d, at(d, "RESULT-D", 0), NULL, NULL);
	expect(d, at(d, "RESULT-E", 0), NULL, NULL);
	expect(d, at(d, "RESULT-F", 0), NULL, "RAID 5 over 4 disks");
	expect(d, at(d, "RESULT-G", 0), NULL, NULL);
	expect(d, at(d, "RESULT-H", 0), NULL, "RAID: Linux software RAID-5");
	br_doc_free(d);
}

/* A greeting before a comma ("Hi all, ", "Thanks, ") is no part of the
 * name. */
static void greetings_before_names(void **state)
{
	(void)state;
	struct br_doc *d = mem("Prose.\n\nHi all, first host:\n\nRESULT-A" ROW "\n"
			       "\nHello everyone, the old server:\n\nRESULT-B" ROW "\n"
			       "\nThanks, the NAS:\n\nRESULT-C" ROW "\n"
			       "\nHighpoint, RAID 0:\n\nRESULT-D" ROW "\n"
			       "\nyeah, mine with the deadline scheduler:\n\nRESULT-E" ROW "\n"
			       "\nMine, RAID 1 on the onboard ports:\n\nRESULT-F" ROW "\n");
	expect(d, at(d, "RESULT-A", 0), NULL, "first host");
	expect(d, at(d, "RESULT-B", 0), NULL, "the old server");
	expect(d, at(d, "RESULT-C", 0), NULL, "the NAS");
	expect(d, at(d, "RESULT-D", 0), NULL, "Highpoint, RAID 0");
	expect(d, at(d, "RESULT-E", 0), NULL, "mine with the deadline scheduler");
	expect(d, at(d, "RESULT-F", 0), NULL, "RAID 1 on the onboard ports");
	br_doc_free(d);
}

/* The names a shell loop echoes before each pass ("== sda ==", "=== web1",
 * tail's "==> file <==") title the output under them, below the
 * introduction of the loop; names over columns side by side title
 * nothing. */
static void loop_echo_banners(void **state)
{
	(void)state;
	struct br_doc *d = mem("Over the members:\n"
			       "# for d in sda sdb; do echo \"== $d ==\"; hdparm -t /dev/$d; done\n"
			       "== sda ==\n\nRESULT-A" ROW "\n"
			       "== sdb ==\n\nRESULT-B" ROW "\n"
			       "\n=== web1\n\nRESULT-C" ROW "\n"
			       "\n==> /tmp/hd-nas1.log <==\n\nRESULT-D" ROW "\n"
			       "\n--- sdc ---\nRESULT-E" ROW "\n");
	expect(d, at(d, "RESULT-A", 0), NULL, "Over the members / sda");
	expect(d, at(d, "RESULT-B", 0), NULL, "Over the members / sdb");
	expect(d, at(d, "RESULT-C", 0), NULL, "Over the members / web1");
	expect(d, at(d, "RESULT-D", 0), NULL, "Over the members / /tmp/hd-nas1.log");
	/* "--- sdc ---" is a banner of its own, above the introduction */
	expect(d, at(d, "RESULT-E", 0), NULL, "sdc");
	br_doc_free(d);
	d = mem("Prose.\n\nt400:        |    x220:\nRESULT-F" ROW "\n");
	expect(d, at(d, "RESULT-F", 0), NULL, NULL);
	br_doc_free(d);
}

/* A page break's furniture ("Page 3 of 7", "- 4 -", a page number alone, a
 * running footer with its page number) titles nothing: the heading above
 * goes on past it; a sentence with a page in it is no furniture. */
static void page_furniture_titles_nothing(void **state)
{
	(void)state;
	static const char in[] =
		"Disk tests\n"
		"\n"
		"nas01,8G,512,97,84211,12\n"
		"nas01,8G,510,97,84011,12\n"
		"\n"
		"Page 3 of 7\n"
		"\n"
		"nas02,8G,498,96,79810,11\n"
		"\n"
		"Storage evaluation, 2026          Page 4 of 7\n"
		"\n"
		"nas03,8G,498,96,79810,11\n"
		"nas03,8G,497,96,79811,11\n"
		"\n"
		"4\n"
		"\n"
		"- 5 -\n"
		"\n"
		"See page 3 of the manual for the 2 options.\n";
	struct br_doc *d = mem(in);
	expect(d, at(d, "nas02", 0), NULL, "Disk tests");
	expect(d, at(d, "nas03", 0), NULL, "Disk tests");
	assert_true(br_label_page_line(d, at(d, "Page 3", 0)));
	assert_true(br_label_page_line(d, at(d, "Storage", 0)));
	assert_true(br_label_page_line(d, at(d, "4", 0)));
	assert_true(br_label_page_line(d, at(d, "- 5 -", 0)));
	assert_false(br_label_page_line(d, at(d, "See page", 0)));
	assert_false(br_label_page_line(d, at(d, "nas01", 0)));
	assert_false(br_label_page_line(d, at(d, "Disk", 0)));
	br_doc_free(d);
}

/* Captions: a word of a document's furniture, a number (arabic, dotted,
 * roman), a mark or blanks before a capital, a title; a caption takes the
 * place of the caption before it. "Table 1 shows ..." is a sentence. */
static void captions_title_what_follows(void **state)
{
	(void)state;
	assert_true(br_label_caption("Table 4: hdparm on the SSDs", 27));
	assert_true(br_label_caption("TABLE IV. Results", 17));
	assert_true(br_label_caption("Fig. 3 - the old server", 23));
	assert_true(br_label_caption("Figure 2.1 Baseline", 19));
	assert_false(br_label_caption("Table 1 shows the results", 25));
	assert_false(br_label_caption("Tables: none", 12));
	assert_false(br_label_caption("Figure it out: 3 runs", 21));
	static const char in[] =
		"Fig. 3 - bonnie++ on the old server\n"
		"\n"
		"oldsrv,4G,41230,97,84211,12\n"
		"\n"
		"TABLE IV. Results on the new server\n"
		"\n"
		"newsrv,4G,51230,97,94211,12\n";
	struct br_doc *d = mem(in);
	expect(d, at(d, "oldsrv", 0), NULL, "Fig. 3 - bonnie++ on the old server");
	expect(d, at(d, "newsrv", 0), NULL, "TABLE IV. Results on the new server");
	br_doc_free(d);
}

/* A title boxed by two rule lines of one character (a script's banner per
 * host) is a heading above the banners inside its section ("----- sda
 * -----"): the next box takes its place. */
static void boxed_titles_over_banners(void **state)
{
	(void)state;
	static const char in[] =
		"##############################\n"
		"# disk-check on web01\n"
		"##############################\n"
		"----- hdparm /dev/sda -----\n"
		"web01,8G,512,97,84211,12\n"
		"----- hdparm /dev/sdb -----\n"
		"web01,8G,510,97,84011,12\n"
		"\n"
		"==============================\n"
		"  disk-check on web02\n"
		"==============================\n"
		"----- hdparm /dev/sda -----\n"
		"web02,8G,498,96,79810,11\n";
	struct br_doc *d = mem(in);
	expect(d, at(d, "web01,8G,512", 0), NULL, "disk-check on web01 / hdparm /dev/sda");
	expect(d, at(d, "web01,8G,510", 0), NULL, "disk-check on web01 / hdparm /dev/sdb");
	expect(d, at(d, "web02", 0), NULL, "disk-check on web02 / hdparm /dev/sda");
	br_doc_free(d);
}

/* A line that is one bold span ("**filer3**", "__old filer__") alone
 * between blank lines is a heading without its marks, even one word in
 * lower case (which alone could be a signature). */
static void bold_names_title(void **state)
{
	(void)state;
	static const char in[] =
		"Numbers\n"
		"\n"
		"**filer3**\n"
		"\n"
		"filer3,8G,512,97,84211,12\n"
		"\n"
		"__old filer__\n"
		"\n"
		"wd0,8G,510,97,84011,12\n"
		"\n"
		"**a** and **b** both\n"
		"\n"
		"wd1,8G,510,97,84011,12\n";
	struct br_doc *d = mem(in);
	expect(d, at(d, "filer3,", 0), NULL, "filer3");
	expect(d, at(d, "wd0", 0), NULL, "old filer");
	expect(d, at(d, "wd1", 0), NULL, "old filer");
	br_doc_free(d);
}

/* "Here's my WD Blue:", "Here is the old box:": the thing after "here"
 * and its verb titles the result when it names one; "Here's the output:",
 * "Here's mine:" name nothing. */
static void here_is_the_thing(void **state)
{
	(void)state;
	struct br_doc *d = mem("Prose.\n\nThat Seagate is fine for its age. Here's my WD Blue for comparison:\nRESULT-A" ROW "\n"
			       "\nHere is the old box:\nRESULT-B" ROW "\n"
			       "\nHere's the output:\nRESULT-C" ROW "\n"
			       "\nHere's mine:\nRESULT-D" ROW "\n"
			       "\nAnd here's the output from the USB dock:\nRESULT-E" ROW "\n");
	expect(d, at(d, "RESULT-A", 0), NULL, "my WD Blue for comparison");
	expect(d, at(d, "RESULT-B", 0), NULL, "the old box");
	expect(d, at(d, "RESULT-C", 0), NULL, NULL);
	expect(d, at(d, "RESULT-D", 0), NULL, NULL);
	expect(d, at(d, "RESULT-E", 0), NULL, "the USB dock");
	br_doc_free(d);
}

/* Markup around tables: an Org "#+CAPTION:" titles the block below it
 * (each caption in the place of the one before), other Org keywords title
 * nothing; a reST grid table's top border ("+----+----+" over "| a |")
 * is no message separator, so the heading above still titles its rows. */
static void org_captions_and_grid_borders(void **state)
{
	(void)state;
	static const char in[] =
		"* Results\n"
		"\n"
		"#+CAPTION: Bonnie on the Seagate, ext3\n"
		"#+BEGIN_EXAMPLE\n"
		"barra 512 9120 88.1 21040 12.3\n"
		"#+END_EXAMPLE\n"
		"\n"
		"#+CAPTION: Bonnie on the Raptor, ext3\n"
		"#+BEGIN_EXAMPLE\n"
		"raptor 512 4410 71.5 11920 9.8\n"
		"#+END_EXAMPLE\n"
		"\n"
		"Build farm disks\n"
		"================\n"
		"\n"
		"+----------+--------------+----------------+\n"
		"| disk     | cached MB/s  | buffered MB/s  |\n"
		"+==========+==============+================+\n"
		"| nvme0n1  | 14210.55     | 2210.40        |\n"
		"+----------+--------------+----------------+\n"
		"\n"
		"--------------------------------------------\n"
		"next message\n";
	struct br_doc *d = mem(in);
	expect(d, at(d, "barra", 0), NULL, "Bonnie on the Seagate, ext3");
	expect(d, at(d, "raptor", 0), NULL, "Bonnie on the Raptor, ext3");
	expect(d, at(d, "| nvme0n1", 0), "nvme0n1", "Build farm disks / nvme0n1");
	/* a rule alone after a blank line still starts a message */
	expect(d, at(d, "next message", 0), NULL, NULL);
	br_doc_free(d);
}

/* A MediaWiki table's caption ("|+ ...", whatever its words: one that
 * names the tool is no command) titles its rows. */
static void wiki_caption_titles_its_table(void **state)
{
	(void)state;
	static const char in[] =
		"== Build farm ==\n"
		"\n"
		"{| class=\"wikitable\"\n"
		"|+ hdparm -tT on the build farm, March\n"
		"|-\n"
		"! Host !! cached !! buffered\n"
		"|-\n"
		"| build01 || 9412.60 MB/sec || 1762.48 MB/sec\n"
		"|}\n";
	struct br_doc *d = mem(in);
	expect(d, at(d, "build01", 0), "build01", "hdparm -tT on the build farm, March / build01");
	br_doc_free(d);
}

/* Outlook's "-----Original Message-----" in another language starts the
 * quoted message: the separator titles nothing, the reply's titles end. */
static void outlook_separators_in_other_languages(void **state)
{
	(void)state;
	static const char *const sep[] = {"-----Urspr\xc3\xbcngliche Nachricht-----", "-----Message d'origine-----",
					  "-----Mensaje original-----", "-----Original Message-----"};
	for (size_t i = 0; i < BR_ARRAY_LEN(sep); i++) {
		char in[512];
		snprintf(in, sizeof in,
			 "Results for the new box:\n\n%s\nFrom: Bert\nSent: Wednesday, 4 June 2014 17:05\n\n"
			 "/dev/sdi:\n Timing cached reads:   4424 MB in  2.00 seconds = 2211.40 MB/sec\n",
			 sep[i]);
		struct br_doc *d = mem(in);
		expect(d, at(d, "/dev/sdi", 0), NULL, NULL);
		br_doc_free(d);
	}
}

/* A forwarded message's header block in the language the client is set
 * to ("Da:" / "Inviato:" / "Oggetto:", "Objet :", the German forward
 * banner) starts that message: its lines title nothing, nor does the
 * heading of the mail around it. A lone "Data: ..." line is no header. */
static void header_blocks_in_other_languages(void **state)
{
	(void)state;
	static const char *const hdr[] = {
		"Da: Marco Bianchi\nInviato: venerd\xc3\xac 6 novembre 2026 12:00\nA: Luca\nOggetto: risultati\n",
		"De : Julie Martin\nEnvoy\xc3\xa9 : jeudi 5 novembre 2026\n\xc3\x80 : Luc\nObjet : mesures\n",
		"De: Pablo Ruiz\nEnviado el: viernes\nPara: Ana\nAsunto: pruebas de disco\n",
		"-------- Weitergeleitete Nachricht --------\nBetreff: hdparm Werte\nVon: Karl\n",
	};
	for (size_t i = 0; i < BR_ARRAY_LEN(hdr); i++) {
		char in[512];
		snprintf(in, sizeof in,
			 "Numbers for the new box:\n\n%s\n"
			 "/dev/sdc:\n Timing cached reads:   6010 MB in  2.00 seconds = 3005.50 MB/sec\n",
			 hdr[i]);
		struct br_doc *d = mem(in);
		expect(d, at(d, "/dev/sdc", 0), NULL, NULL);
		br_doc_free(d);
	}
	/* a MIME part's headers over its text title nothing either */
	struct br_doc *d = mem("Content-Type: text/plain; charset=utf-8; format=flowed\n\n"
			       "Here is the file server with the new controller:\n\n"
			       "/dev/sdc:\n Timing cached reads:   6010 MB in  2.00 seconds = 3005.50 MB/sec\n");
	expect(d, at(d, "/dev/sdc", 0), NULL, "the file server with the new controller");
	br_doc_free(d);
	d = mem("Data: three disks in a mirror\n\n"
			       "/dev/sdc:\n Timing cached reads:   6010 MB in  2.00 seconds = 3005.50 MB/sec\n");
	expect(d, at(d, "/dev/sdc", 0), NULL, "Data: three disks in a mirror");
	br_doc_free(d);
}

/* A chat log: each speaker's introduction titles their own paste; the
 * next speaker's turn ends it, though they introduce theirs with no ':'. */
static void chat_turn_ends_introduction(void **state)
{
	(void)state;
	static const char in[] =
		"[14:02] <mira> ok here is the laptop ssd:\n"
		"[14:02] <mira> /dev/sda:\n"
		"[14:02] <mira>  Timing cached reads:   9820 MB in  2.00 seconds = 4911.31 MB/sec\n"
		"[14:03] <joel> mine is the old spinning one:\n"
		"[14:03] <joel> /dev/sda:\n"
		"[14:03] <joel>  Timing cached reads:   3120 MB in  2.00 seconds = 1559.80 MB/sec\n"
		"[14:04] <mira> heh\n"
		"[14:04] <kaz> and the desktop, same test\n"
		"[14:04] <kaz> /dev/sdb:\n"
		"[14:04] <kaz>  Timing cached reads:   11200 MB in  2.00 seconds = 5601.70 MB/sec\n";
	struct br_doc *d = mem(in);
	expect(d, at(d, "/dev/sda", 0), NULL, "the laptop ssd");
	expect(d, at(d, "/dev/sda", 1), NULL, "mine is the old spinning one");
	char *got = br_label_for(d, at(d, "/dev/sdb", 0), NULL);
	assert_true(got == NULL || strstr(got, "spinning") == NULL);
	free(got);
	br_doc_free(d);
}

/* An introduction a wrap broke before its last word ("... the same disk
 * as" / "before:"): a parser takes that last line for the run's own title;
 * the label is the introduction whole, not it and its fragment again. An
 * own title of its own stays under the introduction. */
static void own_title_the_end_of_a_wrapped_introduction(void **state)
{
	(void)state;
	struct br_doc *d = mem("Hello,\n\n"
			       "Next, after a reboot with the new firmware, the same disk as\n"
			       "before:\n\n"
			       "/dev/sdb:\n"
			       " Timing cached reads:   8410 MB in  2.00 seconds = 4206.22 MB/sec\n");
	size_t i = at(d, " Timing", 0);
	expect(d, i, "before", "Next, after a reboot with the new firmware, the same disk as before");
	expect(d, i, "sdb fore", "Next, after a reboot with the new firmware, the same disk as before / sdb fore");
	br_doc_free(d);
}

/* A sentence without a ':' that is a paragraph of its own right above a run
 * (or one blank line above it) introduces that run, in the place of the
 * sentence above the run before; a sentence that ends, a result's own
 * header and a quote's attribution do not. */
static void sentences_over_runs(void **state)
{
	(void)state;
	static const char in[] =
		"Subject: elevator tests\n"
		"\n"
		"so I switched to noop and got\n"
		"\n"
		"Version  1.96       ------Sequential Output------ --Sequential Input- --Random-\n"
		"Concurrency   1     -Per Chr- --Block-- -Rewrite- -Per Chr- --Block-- --Seeks--\n"
		"Machine        Size K/sec %CP K/sec %CP K/sec %CP K/sec %CP K/sec %CP  /sec %CP\n"
		"raidbox          4G   405  98 64012  15 30122   9  2001  97 90110   9 201.7   5\n"
		"\n"
		"and deadline was about the same as noop\n"
		"Version  1.96       ------Sequential Output------ --Sequential Input- --Random-\n"
		"Concurrency   1     -Per Chr- --Block-- -Rewrite- -Per Chr- --Block-- --Seeks--\n"
		"Machine        Size K/sec %CP K/sec %CP K/sec %CP K/sec %CP K/sec %CP  /sec %CP\n"
		"raidbox          4G   403  98 63890  15 29987   9  1998  97 89877   9 199.9   5\n"
		"\n"
		"here is cfq again after the reboot, just to be sure\n"
		"\n"
		"raidbox,4G,401,98,61233,14,28011,8,1990,97,88012,9,188.2,4,16,1022,7,+++++,+++,998,6,1011,8,+++++,+++,702,5\n"
		"\n"
		"That was all of them.\n"
		"raidbox,4G,402,98,61233,14,28011,8,1990,97,88012,9,188.2,4,16,1022,7,+++++,+++,998,6,1011,8,+++++,+++,702,5\n";
	struct br_doc *d = mem(in);
	expect(d, at(d, "raidbox ", 0), NULL, "so I switched to noop and got");
	expect(d, at(d, "raidbox ", 1), NULL, "and deadline was about the same as noop");
	expect(d, at(d, "raidbox,", 0), NULL, "here is cfq again after the reboot, just to be sure");
	/* a sentence that ends introduces nothing */
	expect(d, at(d, "raidbox,", 1), NULL, "here is cfq again after the reboot, just to be sure");
	br_doc_free(d);
}

/* "Here's mine on the new mirror:": the poster's own run, named by what
 * the preposition after "mine" names. */
static void here_mine_intro(void **state)
{
	(void)state;
	struct br_doc *d = mem("Sure, here's mine on the new WD Red 4TB mirror:\n\nRESULT-A: 16 2.00 8.00 9.10\n"
			       "\nhere is ours on the 3ware box:\nRESULT-B: 16 2.00 8.00 9.10\n");
	expect(d, at(d, "RESULT-A", 0), NULL, "the new WD Red 4TB mirror");
	expect(d, at(d, "RESULT-B", 0), NULL, "the 3ware box");
	br_doc_free(d);
}

/* gen13: a machine before its verb ("Server web2 gives:"); a name with
 * nothing under it titles the phases below it ("db3:" / "Before it was:" /
 * "After the upgrade:"); an introduction that only names the unit titles
 * nothing; a sentence of its own after a result ends the introduction; a
 * forum's furniture between posts ends what titled the post above. */
static void subjects_phases_units_and_chrome(void **state)
{
	(void)state;
	static const char in[] =
		"Server web2 gives:\n"
		" Timing cached reads:   9120 MB in  2.00 seconds = 4560.00 MB/sec\n"
		"\n"
		"db3:\n"
		"\n"
		"Before it was:\n"
		" Timing cached reads:   6120 MB in  2.00 seconds = 3060.22 MB/sec\n"
		"\n"
		"After the upgrade:\n"
		" Timing cached reads:   6180 MB in  2.00 seconds = 3090.01 MB/sec\n"
		"\n"
		"All figures are in MB/s:\n"
		" Timing cached reads:   6110 MB in  2.00 seconds = 3055.00 MB/sec\n"
		"\n"
		"Results on the new array:\n"
		" Timing cached reads:   6100 MB in  2.00 seconds = 3050.00 MB/sec\n"
		"\n"
		"My desktop has nothing to do with that array and is much older.\n"
		"\n"
		" Timing cached reads:   4100 MB in  2.00 seconds = 2050.00 MB/sec\n"
		"\n"
		"node1 with the WD Red:\n"
		" Timing cached reads:   4200 MB in  2.00 seconds = 2100.00 MB/sec\n"
		"Reply\n"
		"u/someone\n"
		" Timing cached reads:   4300 MB in  2.00 seconds = 2150.00 MB/sec\n";
	struct br_doc *d = mem(in);
	expect(d, at(d, " Timing", 0), NULL, "Server web2");
	expect(d, at(d, " Timing", 1), NULL, "db3 / Before it was");
	expect(d, at(d, " Timing", 2), NULL, "db3 / After the upgrade");
	expect(d, at(d, " Timing", 3), NULL, NULL);
	expect(d, at(d, " Timing", 4), NULL, "the new array");
	expect(d, at(d, " Timing", 5), NULL, NULL);
	expect(d, at(d, " Timing", 6), NULL, "node1 with the WD Red");
	expect(d, at(d, " Timing", 7), NULL, NULL);
	br_doc_free(d);
}

/* gen18: "My old box gives" with no colon over the result a web reader
 * quoted under it (or over its device's line), titles it by its subject,
 * as "My old box gives:" does; the same words in prose over no result,
 * and a person's "I got" over one, title nothing. */
static void verb_intro_without_colon(void **state)
{
	(void)state;
	static const char in[] =
		"> Anyone else seeing slow reads?\n"
		"\n"
		"My old box gives\n"
		"> /dev/sda:\n"
		">  Timing cached reads:   1822 MB in  2.00 seconds = 911.28 MB/sec\n"
		"\n"
		"The rack server shows\n"
		"\n"
		" Timing cached reads:   9210 MB in  2.00 seconds = 4605.77 MB/sec\n";
	struct br_doc *d = br_doc_from_mem("t", in, strlen(in));
	br_decode(d);
	expect(d, at(d, " Timing", 0), NULL, "My old box");
	expect(d, at(d, " Timing", 1), NULL, "The rack server");
	br_doc_free(d);
	/* the words in prose, over no result */
	static const char in2[] =
		"The manual says the old box gives\n"
		"a rough figure only, no more.\n"
		" Timing cached reads:   4100 MB in  2.00 seconds = 2050.00 MB/sec\n";
	d = mem(in2);
	expect(d, at(d, " Timing", 0), NULL, NULL);
	br_doc_free(d);
}

/* gen18: a chat speaker's line that opens their turn right over their
 * paste names it with no colon ("<ola> this is the laptop with the sata
 * ssd"); a line of a pronoun ("mine is fine I think, here it is"), a
 * line over another speaker's paste, title nothing. */
static void chat_intro_without_colon(void **state)
{
	(void)state;
	static const char in[] =
		"[21:02] <ola> this is the laptop with the sata ssd\n"
		"[21:02] <ola> /dev/sda:\n"
		"[21:02] <ola>  Timing cached reads:   12040 MB in  2.00 seconds = 6025.61 MB/sec\n"
		"[21:03] <ben> mine is fine I think, here it is\n"
		"[21:03] <ben>  Timing cached reads:   10112 MB in  2.00 seconds = 5060.44 MB/sec\n"
		"[21:04] <ola> the desktop with the old spinning disk\n"
		"[21:04] <ben>  Timing cached reads:   10112 MB in  2.00 seconds = 5060.44 MB/sec\n";
	struct br_doc *d = br_doc_from_mem("t", in, strlen(in));
	br_decode(d);
	expect(d, at(d, " Timing", 0), NULL, "this is the laptop with the sata ssd");
	expect(d, at(d, " Timing", 1), NULL, NULL);
	expect(d, at(d, " Timing", 2), NULL, NULL);
	br_doc_free(d);
}

/* An introduction right under a heading that names the machine, over rows
 * of their own ("Database server" / "Once a month hdparm -T:" / 2021-01):
 * the heading stays above it; not when the introduction names a thing of
 * its own ("The laptop, ...") or the heading names none. */
static void intro_under_machine_heading(void **state)
{
	(void)state;
	static const char in[] =
		"Database server\n"
		"\n"
		"Once a month hdparm -T (cached reads, MB/sec):\n"
		"\n"
		"month     sda       sdb\n"
		"2021-01   9012.44   9001.12\n"
		"\n"
		"The laptop, buffered reads (hdparm -t):\n"
		"\n"
		"week   sda     sdb\n"
		"w01    170.1   31.6\n"
		"\n"
		"Handbook page\n"
		"\n"
		"Once a month hdparm -T:\n"
		"\n"
		"month     sda       sdb\n"
		"2021-02   9012.44   9001.12\n";
	struct br_doc *d = mem(in);
	expect(d, at(d, "month", 0), "2021-01", "Database server / Once a month hdparm -T / 2021-01");
	expect(d, at(d, "month", 0), NULL, "Database server / Once a month hdparm -T");
	expect(d, at(d, "week", 0), "w01", "The laptop, buffered reads (hdparm -t) / w01");
	expect(d, at(d, "month", 1), "2021-02", "Once a month hdparm -T / 2021-02");
	br_doc_free(d);
}

/* A ':' line of three words or more that names a unit or a test ("The
 * stripe set (all K/sec):", "Random read on the new array:") introduces
 * what follows; it is no result line (it was, and the introduction above
 * titled the run). hdparm's own "Timing cached reads:" wrapped before its
 * figures stays a result line; a ':' line going on from a line ending in
 * ';' is the rest of that sentence. */
static void unit_and_test_intros(void **state)
{
	(void)state;
	static const char in[] =
		"Old single disk first:\n"
		"\n"
		"oldbox,2G,31022,88,45120,12,20110,6,33012,85,58210,7,180.2,0\n"
		"\n"
		"The stripe set (all K/sec):\n"
		"\n"
		"stripebox,2G,41022,95,98120,25,41110,12,43012,90,121210,14,310.5,1\n"
		"\n"
		"Random read on the new array:\n"
		"\n"
		"raid10         3120.4  195   18220.7  1139\n"
		"\n"
		"My laptop:\n"
		"/dev/sda:\n"
		" Timing cached reads:\n"
		"   2000 MB in  2.00 seconds = 1000.00 MB/sec\n"
		"\n"
		"Every Monday a cron job runs hdparm -t on each disk of the backup box;\n"
		"I copy the buffered disk reads into this table (MB/sec):\n"
		"\n"
		"2009-03-02  72.41   70.88   55.12\n";
	struct br_doc *d = mem(in);
	expect(d, at(d, "oldbox", 0), NULL, "Old single disk first");
	expect(d, at(d, "stripebox", 0), NULL, "The stripe set");
	expect(d, at(d, "raid10", 0), NULL, "Random read on the new array");
	expect(d, at(d, "   2000", 0), NULL, "My laptop");
	expect(d, at(d, "2009-03-02", 0), NULL, NULL);
	br_doc_free(d);
}

/* A remark after the unit ("K/sec only", "K/sec as printed") goes with
 * it: the label ends before the unit; a tool's line with options names
 * what follows with a unit at its end ("rawio -a on the 3ware, K/sec
 * only:"), when the rest names a thing ("three runs per disk" does not). */
static void unit_remarks_cut(void **state)
{
	(void)state;
	static const char in[] =
		"rawio -a on the 3ware, K/sec only:\n"
		"\n"
		"twed0          4410.7        61022.3           2980.1         48810.6\n"
		"\n"
		"and the Adaptec, K/sec only:\n"
		"\n"
		"aacd0          3901.2        55470.8           2611.9         40022.5\n"
		"\n"
		"From the chat, bonnie++ 1.03e K/sec as printed:\n"
		"\n"
		"old-raid,4G,,,60211,,22012,,,,70112,,220.1\n"
		"\n"
		"The spare box, only:\n"
		"\n"
		"spare,4G,,,60211,,22012,,,,70112,,220.1\n";
	static const char in2[] =
		"hdparm -t, three runs per disk (MB/s):\n"
		"\n"
		"sda    501.2   498.7   503.9\n"
		"\n"
		"hdparm -tT on each disk, the mean of three runs (MB/s):\n"
		"\n"
		"sdb    101.2   98.7   103.9\n";
	struct br_doc *d = mem(in);
	expect(d, at(d, "twed0", 0), NULL, "rawio -a on the 3ware");
	expect(d, at(d, "aacd0", 0), NULL, "the Adaptec");
	expect(d, at(d, "old-raid", 0), NULL, "From the chat, bonnie++ 1.03e");
	expect(d, at(d, "spare", 0), NULL, "The spare box, only");
	br_doc_free(d);
	/* with the unit cut, what is left names no disk: "per disk", "on
	 * each disk" */
	d = mem(in2);
	expect(d, at(d, "sda", 0), NULL, NULL);
	expect(d, at(d, "sdb", 0), NULL, NULL);
	br_doc_free(d);
}

int main(void)
{
	br_parsers_init(); /* the tools' words for decoding and labels */
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(underlined_block_and_hash_headings),
		cmocka_unit_test(name_over_device_and_tool_intro),
		cmocka_unit_test(standalone_titles_and_colon_lines),
		cmocka_unit_test(colon_lines_last_sentence),
		cmocka_unit_test(own_title_and_generic_intro),
		cmocka_unit_test(titles_that_name_the_tool),
		cmocka_unit_test(details_summary),
		cmocka_unit_test(wiki_definition_terms),
		cmocka_unit_test(notes_after_figures),
		cmocka_unit_test(bullets_under_colon_lines),
		cmocka_unit_test(outline_numbering),
		cmocka_unit_test(html_headings),
		cmocka_unit_test(not_headings),
		cmocka_unit_test(option_is_no_bullet),
		cmocka_unit_test(colon_lines_expire),
		cmocka_unit_test(labels_in_any_order),
		cmocka_unit_test(many_results),
		cmocka_unit_test(dumps_prompts_code_and_greetings),
		cmocka_unit_test(headers_and_prose_that_title_nothing),
		cmocka_unit_test(wrapped_generic_and_marked_intros),
		cmocka_unit_test(lower_case_conjunction_intros),
		cmocka_unit_test(here_and_what_follows),
		cmocka_unit_test(names_under_results_and_commands),
		cmocka_unit_test(prose_paragraph_ends_colon),
		cmocka_unit_test(machine_keys),
		cmocka_unit_test(names_over_results),
		cmocka_unit_test(archive_navigation_titles_nothing),
		cmocka_unit_test(intros_that_name_before_the_speaker),
		cmocka_unit_test(output_of_a_thing),
		cmocka_unit_test(comma_names_and_groups),
		cmocka_unit_test(greetings_before_names),
		cmocka_unit_test(loop_echo_banners),
		cmocka_unit_test(page_furniture_titles_nothing),
		cmocka_unit_test(captions_title_what_follows),
		cmocka_unit_test(boxed_titles_over_banners),
		cmocka_unit_test(bold_names_title),
		cmocka_unit_test(here_is_the_thing),
		cmocka_unit_test(org_captions_and_grid_borders),
		cmocka_unit_test(wiki_caption_titles_its_table),
		cmocka_unit_test(outlook_separators_in_other_languages),
		cmocka_unit_test(header_blocks_in_other_languages),
		cmocka_unit_test(chat_turn_ends_introduction),
		cmocka_unit_test(own_title_the_end_of_a_wrapped_introduction),
		cmocka_unit_test(sentences_over_runs),
		cmocka_unit_test(here_mine_intro),
		cmocka_unit_test(colon_block_without_result_ends),
		cmocka_unit_test(org_headings),
		cmocka_unit_test(notebook_cell_prompts),
		cmocka_unit_test(subjects_phases_units_and_chrome),
		cmocka_unit_test(verb_intro_without_colon),
		cmocka_unit_test(chat_intro_without_colon),
		cmocka_unit_test(intro_under_machine_heading),
		cmocka_unit_test(unit_and_test_intros),
		cmocka_unit_test(unit_remarks_cut),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
