/*
 * hdparm — the timing lines of `hdparm -T`, `-t` and `--direct` (Mark Lord's
 * hdparm 3.x … 9.x and BusyBox's copy) as people pasted them, and the
 * summary lines people wrote by hand from them. Layouts and manglings:
 * shared/formats/hdparm.md; corpus/hdparm-*.txt show every form read here.
 *
 *   /dev/sda:                                          device header → host
 *    Timing cached reads:   38116 MB in  1.99 seconds = 19151.18 MB/sec
 *    Timing buffered disk reads (offset 0 GB): 512 MB in  1.12 seconds = 455.57 MB/sec
 *    Timing buffer-cache reads:   128 MB in  0.70 seconds =182.86 MB/sec   (3.x–5.x)
 *   Timing buffered disk reads:  102 MB in 3.02 seconds = 34585 kB/s       (BusyBox)
 *   2 disks (hdb1,hdc1) buffered disk reads : 24.24 MB/sec                 (by hand)
 *   node01 /dev/sda: cached 9120.55 MB/sec, buffered 187.20 MB/sec          (by hand)
 *   | /dev/sda | 498.10 MB/sec | 95.3 MB/sec |   under a header naming kinds (by hand)
 *   hdparm -t gives me 56Mb/s on my Maxtor                          (prose, marked)
 *
 * Every timing line is one record with one figure (cached_read,
 * buffered_read, direct_read or direct_cached_read) in KiB/s: hdparm's MB is
 * 2^20 bytes, so MB/sec × 1024; its kB (kB/sec, BusyBox kB/s) is 1024 bytes,
 * taken as is. params: "mb" and "seconds" as printed, "offset" (GB) when
 * given. Hand-written lines carry only a rate; the text before their kind
 * words is their own title (br_parse_label's `own`).
 *
 * What the parser copes with: a label printed before a failed or
 * interrupted measurement, with hdparm's stderr between the label and the
 * figures (a dangling label with no figures is no record); hard-wrapped
 * lines (`= 26.34` / `MB/sec`), also a paragraph reflowed by a mailer
 * (`= 1650.90` / `MB/sec Timing buffered disk reads: ...`, or a label cut
 * at the line end: one run, both timings); lost or collapsed whitespace, TABs, `>`
 * quote marks; `=3D` left by an undecoded quoted-printable copy; shell
 * prompts (`# hdparm -tT /dev/sda`) naming the device when the header is
 * missing; `hdparm v9.65` naming the version; line ends lost (a prompt, a
 * device and both timings on one line); settings (`readahead = 256`), -i
 * lines or a name of the poster's between a device header and its
 * timings, and a note after the header (`/dev/sdd: ssd500`: the records'
 * title). A line that is plainly hdparm's but whose figures cannot be read
 * is a warning, never a guess.
 *
 * Cost: a document is read closely only around "candidate" lines (a line
 * starting with "Timing", or with a digit and holding "MB", holding "MB in"
 * or "B/s", ending in "/sec" or "/s", or naming a kind a table's header
 * would), found with a few memchr() scans per line; a table's rows are read
 * once, forward from its header; the lines
 * before a candidate are then read in order, each looked at by a regex only
 * after a memmem() prefilter. Nothing is allocated per line (a wrapped or
 * repaired line is rebuilt in one reused buffer).
 */
#include <ctype.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include "label.h"
#include "parser.h"
#include "regex.h"

/* "Timing <kind> reads[ (offset N GB)]:" — group 1 kind, 2 offset. */
static struct br_pattern re_timing = BR_PATTERN_OPT(
	"hdparm-timing",
	"^timing\\s+(o_direct\\s+cached|o_direct\\s+disk|buffer[- ]?cache|cached|buffered\\s+disk)"
	"\\s+reads?(?:\\s*\\(\\s*offset\\s+(\\d+)\\s*gb\\s*\\))?\\s*:",
	PCRE2_CASELESS);

/* The same label anywhere on a line (not inside a word, but right after the
 * "MB/sec" of the line before when the line end left no blank): a paste
 * whose line ends were lost puts a prompt, a device and both timings on
 * one line. */
static struct br_pattern re_timing_any = BR_PATTERN_OPT(
	"hdparm-timing-any",
	"(?:(?<![a-z0-9_])|(?<=/sec)|(?<=/s))timing\\s+(o_direct\\s+cached|o_direct\\s+disk|"
	"buffer[- ]?cache|cached|buffered\\s+disk)\\s+reads?"
	"(?:\\s*\\(\\s*offset\\s+(\\d+)\\s*gb\\s*\\))?\\s*:",
	PCRE2_CASELESS);

/* The start of a timing label a line ends with, its rest on the next line
 * (a reflowed paragraph: "... = 1650.90 MB/sec Timing" / "buffered disk
 * reads: 312 MB in ..."). */
static struct br_pattern re_label_head = BR_PATTERN_OPT(
	"hdparm-label-head",
	"^timing(?:\\s+(?:o_direct(?:\\s+(?:cached|disk))?|buffer[- ]?cache|buffer|cached|"
	"buffered(?:\\s+disk)?)(?:\\s+reads?)?)?\\s*$",
	PCRE2_CASELESS);

/* A time or a rate as hdparm prints it ("%5.2f": "3.01", "44.85"), or as
 * it reads under a locale with a decimal comma ("3,01", "44,85": one or two
 * digits after the comma, so never a thousands group), or as a poster
 * groups its thousands ("8.688,52" in a European locale, "8,688.52"): the
 * grouped forms need both marks, so "1.234" stays a decimal; fig_value()
 * reads them all. */
#define FIG "(?:\\d{1,3}(?:\\.\\d{3})+,\\d{1,2}(?!\\d)|\\d{1,3}(?:,\\d{3})+\\.\\d{1,2}(?!\\d)|" \
	"\\d+(?:\\.\\d+|,\\d{1,2}(?!\\d))?)"

/* hdparm's count of MB ("%3u"), whole, its thousands maybe grouped by a
 * poster or a locale ("1.234 MB in", "17,034 MB in"): mb_value() reads it. */
#define MBFIG "(?:\\d{1,3}(?:[.,]\\d{3})+(?!\\d)|\\d+)"

/* "N MB in S seconds = R MB/sec" — 1 mb, 2 seconds, 3 rate, 4 unit letter.
 * `=3D` is what an undecoded quoted-printable copy shows for `=`. */
static struct br_pattern re_result = BR_PATTERN_OPT(
	"hdparm-result",
	"^(" MBFIG ")\\s*MB\\s+in\\s+(" FIG ")\\s*sec(?:ond)?s?\\s*=\\s*(?:3D)?\\s*"
	"(" FIG ")\\s*([mk])i?B\\s*/\\s*s(?:ec)?\\b",
	PCRE2_CASELESS);

/* A rate alone ("= 24.24 MB/sec"): hand-edited. 1 rate, 2 unit letter. */
static struct br_pattern re_rate_only = BR_PATTERN_OPT(
	"hdparm-rate",
	"^(?:=\\s*(?:3D)?\\s*)?(" FIG ")\\s*([mk])i?B\\s*/\\s*s(?:ec)?\\b",
	PCRE2_CASELESS);

/* The whole text is a beginning of "N MB in S seconds = R MB/sec", the
 * number alone too (a wrap right after it): a line cut short (or
 * hard-wrapped; the caller tries the next line first). */
static struct br_pattern re_partial = BR_PATTERN_OPT(
	"hdparm-partial",
	"^(?:\\d+|" MBFIG "(?=\\s*MB))(?:\\s*MB(?:\\s+in(?:\\s+" FIG "(?:\\s*sec(?:ond)?s?(?:\\s*=(?:\\s*(?:3D)?\\s*"
	"(?:\\d+\\.(?!\\d)|" FIG "(?:\\s*[mk]i?B?(?:\\s*/\\s*s?)?)?))?)?)?)?)?)?\\s*$",
	PCRE2_CASELESS);

/* A hand-written summary: "<title> [kind words] : R MB/sec" (or "= R
 * MB/sec" right after a word: "Timing cached reads = 812 mb/sec", or a dot
 * leader: dots between blanks, blanks between them or not, as many as
 * the name left room for ("Crucial M4 ...... 412.3 MB/sec", "sda . . . .
 * 92 MB/s", "Samsung 840 Pro 256GB . 498 MB/sec"), three or more after a
 * blank ("sdc ...75 MB/s"), four glued to the title ("sdb....61 MB/s"))
 * and nothing after (but a table's empty cells, " | |", when the post was
 * pasted into one's first column). 1 title, 2 kind words, 3 rate, 4 unit
 * letter. */
static struct br_pattern re_hand = BR_PATTERN_OPT(
	"hdparm-hand",
	"^(.*?)((?:\\s*\\b(?:timing|o_direct|direct|buffered|bfr|buffer-cache|buffer|cached|cache|"
	"disk|reads?)\\b)*)\\s*(?::\\s*(?:=\\s*(?:3D)?\\s*)?|(?<=[a-z])\\s*=\\s*(?:3D)?\\s*|"
	"(?<=\\s)\\.(?:[ \\t]?\\.)*[ \\t]+(?=\\d)|(?<=\\s)(?:\\.[ \\t]?){2,}\\.(?=\\d)|\\.{4,}[ \\t]*(?=\\d))(" FIG ")\\s*([mk])i?B\\s*/\\s*"
	"s(?:ec)?(?:\\s+\\|)*\\s*$",
	PCRE2_CASELESS);

/* A list item's text after its marker whose figure has no unit ("Samsung
 * 840 EVO: 498", "sdb = 112,5"; bare_list): 1 its title, 2 the figure. */
static struct br_pattern re_bare_item = BR_PATTERN(
	"hdparm-bare-item",
	"^(.*?)\\s*[:=]\\s*[*_`]*(" FIG ")$");

/* hdparm's options and a rate written by hand under a device, nothing
 * between them ("-t: 513.87 MB/sec", " -T 9823.11 MB/s", "-t --direct =
 * 412 MB/s"): 1 the options, 2 the rate, 3 its unit letter. */
static struct br_pattern re_option_rate = BR_PATTERN_OPT(
	"hdparm-option-rate",
	"^((?:-{1,2}[a-z][a-z-]*[ \\t]*)+?)[ \\t]*[:=]?[ \\t]*(" FIG ")\\s*([gmk])i?B\\s*/\\s*s(?:ec)?[ \\t]*$",
	PCRE2_CASELESS);

/* hdparm's kinds in the words of a post in another language, as its
 * table's columns name them (kind_of tells which: "cach", "speicher",
 * "direkt"): German "Zwischengespeichert", "gecached", "Cache-Lesen",
 * "Gepufferte Lesezugriffe", "Puffer-Lesen"; French "lectures en cache",
 * "lectures disque tamponnées"/"bufferisées"; Spanish "lecturas en caché",
 * "en búfer"; Italian "letture in cache", "bufferizzate"; Dutch
 * "gecachet", "gebufferd"; Portuguese "em cache"; Polish "buforowane". A
 * reading word may follow ("Lesen", "Lesezugriffe"). */
#define FOREIGN_KINDS \
	"(?:(?:lectures?|lecturas?|letture|leituras?)\\s+)?(?:en|in|em|dal|da|de|aus\\s+dem|im)\\s+cach[eé]|" \
	"zwischengespeichert\\w*|gecach(?:ed|et|te|t)\\w*|cache-?(?=\\s*(?:lesen|lesezugriffe))|" \
	"(?:(?:lectures?|lecturas?|letture|leituras?)\\s+)?(?:(?:disque|disco)\\s+)?" \
	"(?:tamponn[eé]e?s?|bufferis[eé]e?s?|bufferizzat[aeio]|bufferizad[ao]s?|en\\s+b[uú]fer)|" \
	"gepuffert\\w*|puffer-?(?=\\s*(?:lesen|lesezugriffe))|gebufferd\\w*|buforowane|" \
	"direkt\\w*(?=\\s*(?:lesen|lesezugriffe))|" \
	"(?:festplatte|platte)n?-?(?=\\s*(?:lesen|lesezugriffe))|von\\s+(?:der\\s+)?platte"

/* A timing kind as a table's column names it ("Timing cached reads",
 * "buffered disk", "O_DIRECT cached", "Cached", "Disk reads", "hdparm -T", or
 * "-T" alone at a cell's start: "| -T | -t |");
 * 1 the words, 2 hdparm's -T (cached), 3 its -t (buffered). */
static struct br_pattern re_column = BR_PATTERN_OPT(
	"hdparm-column",
	"(?<![a-z0-9_])(?:timing\\s+)?(o_direct\\s+cached|o_direct\\s+disk|direct\\s+cached|"
	"buffer[- ]?cache|cached|buffered(?:\\s+disk)?|direct(?:\\s+disk)?|disk(?=\\s+reads?)|"
	FOREIGN_KINDS "|(?:hdparm\\s+|(?<=[|\\t])\\s*)-(?-i:(T)|(t))(?![a-z]))"
	"(?:\\s+reads?|\\s*(?:lesen|lesezugriffe))?(?![a-z0-9_])",
	PCRE2_CASELESS);

/* A rate unit anywhere ("MB/s", "(kB/sec)"); 1 the unit letter. */
static struct br_pattern re_unit = BR_PATTERN_OPT(
	"hdparm-unit", "(?<![a-z])([gmk])i?B\\s*/\\s*s(?:ec)?(?![a-z])", PCRE2_CASELESS);

/* A rate as a poster's table writes it: "498.10", or with thousands
 * grouped by commas ("9,412", "17,919.84": exactly three digits a group,
 * so "9,41" is no rate); cell_rate() reads it. */
#define CELL_NUM "(\\d{1,3}(?:,\\d{3})+(?:\\.\\d+)?|\\d+(?:\\.\\d+)?)"

/* The same in a table whose figures have a decimal comma ("1241,03",
 * "98,5": table_commas) and so no point and no thousands group. */
#define CELL_NUM_DC "(\\d+,\\d{1,2}|\\d+)"

/* A table cell holding a rate: "498.10 MB/sec", "95.3", "17.9 GB/s", or
 * nothing ("-", "n/a", ""). 1 rate, 2 unit letter; no group: nothing. */
static struct br_pattern re_cell = BR_PATTERN_OPT(
	"hdparm-cell",
	"^\\s*(?:" CELL_NUM "\\s*(?:([gmk])i?B\\s*/\\s*s(?:ec)?)?|-+|n/?a|\\?)?\\s*$",
	PCRE2_CASELESS);

/* A cell of a table a spreadsheet of a decimal-comma locale exported, its
 * cells apart by ';' ("1241,03", "44,85 MB/s"; "44.85" too): FIG, no
 * thousands groups. The groups as re_cell's. */
static struct br_pattern re_cell_dc = BR_PATTERN_OPT(
	"hdparm-cell-decimal-comma",
	"^\\s*(?:(" FIG ")\\s*(?:([gmk])i?B\\s*/\\s*s(?:ec)?)?|-+|n/?a|\\?)?\\s*$",
	PCRE2_CASELESS);

/* The same at the end of a row whose columns are blanks (read from the
 * right): 1 rate, 2 unit letter; no group: nothing. */
static struct br_pattern re_cell_last = BR_PATTERN_OPT(
	"hdparm-cell-last",
	"(?:^|\\s)(?:" CELL_NUM "\\s*(?:([gmk])i?B\\s*/\\s*s(?:ec)?)?|-+|n/?a|\\?)\\s*$",
	PCRE2_CASELESS);

/* re_cell and re_cell_last in a table of decimal commas (table_commas). */
static struct br_pattern re_cell_comma = BR_PATTERN_OPT(
	"hdparm-cell-comma",
	"^\\s*(?:" CELL_NUM_DC "\\s*(?:([gmk])i?B\\s*/\\s*s(?:ec)?)?|-+|n/?a|\\?)?\\s*$",
	PCRE2_CASELESS);
static struct br_pattern re_cell_last_comma = BR_PATTERN_OPT(
	"hdparm-cell-last-comma",
	"(?:^|\\s)(?:" CELL_NUM_DC "\\s*(?:([gmk])i?B\\s*/\\s*s(?:ec)?)?|-+|n/?a|\\?)\\s*$",
	PCRE2_CASELESS);

/* A shell prompt running hdparm with options or a device; group 1 the arguments. */
static struct br_pattern re_prompt = BR_PATTERN(
	"hdparm-prompt",
	"(?:^|[#$%>]\\s*|\\bsudo\\s+|;\\s*|\\bdo\\s+)(?:[^\\s;|&]*/)?hdparm\\b"
	"((?:[ \\t]+[-/][^\\s;|&]*)(?:[ \\t]+[^\\s;|&]+)*)");

/* A sentence naming hdparm with its options and devices ("hdparm -t gives
 * me 56Mb/s", "hdparm -T /dev/sda says"): 1 the options, 2 the devices. */
static struct br_pattern re_prose_cmd = BR_PATTERN(
	"hdparm-prose-command",
	"(?<![\\w/.-])hdparm((?:[ \\t]+-{1,2}[A-Za-z][\\w-]*)+)((?:[ \\t]+/dev/[\\w/.-]+)*)");

/* A rate in a sentence ("56Mb/s", "32 MB/sec", "900 kB/s", "12,5 MB/s"
 * with a decimal comma: FIG): 1 the number, 2 the unit's first letter.
 * Megabits are what people write for hdparm's MB. */
static struct br_pattern re_prose_rate = BR_PATTERN_OPT(
	"hdparm-prose-rate",
	"(?<![\\w.,/-])(" FIG ")\\s*([mk])i?b\\s*/\\s*s(?:ec)?(?![a-z])",
	PCRE2_CASELESS);

/* A device a sentence names: "/dev/sdb1", or a disk's kernel name alone
 * ("sda", "hdc", "nvme0n1", "md0", FreeBSD's "ada1"; not the word "hdd");
 * 1 the name. */
static struct br_pattern re_prose_dev = BR_PATTERN(
	"hdparm-prose-device",
	"(?<![\\w/.-])(/dev/[\\w/.-]*\\w|(?:sd[a-z]{1,2}|hd[a-ce-z]|xvd[a-z]{1,2}|vd[a-z]|"
	"nvme\\d+n\\d+|md\\d+|ada?\\d+|da\\d+|mmcblk\\d+)(?:p?\\d+)?)(?![\\w/-])");

/* `hdparm -V` ("hdparm v9.65") and the usage banner; group 1 the version. */
static struct br_pattern re_version = BR_PATTERN_OPT(
	"hdparm-version",
	"^hdparm\\s+(?:-\\s+get/set\\s+hard\\s+disk\\s+parameters\\s+-\\s+version\\s+)?"
	"v(\\d+(?:\\.\\d+)*[a-z]?)\\b",
	PCRE2_CASELESS);

enum kind { K_CACHED, K_BUFFERED, K_DIRECT, K_DIRECT_CACHED };

static const enum br_metric_id kind_metric[] = {
	[K_CACHED] = BR_M_cached_read,
	[K_BUFFERED] = BR_M_buffered_read,
	[K_DIRECT] = BR_M_direct_read,
	[K_DIRECT_CACHED] = BR_M_direct_cached_read,
};

/* A dangling label waits this many lines for its figures (stderr between). */
enum { PENDING_WINDOW = 6, HOST_PROSE_LIMIT = 3, NO_OFFSET = -1, MAX_LINE = 400,
       JOIN_PAD = 32, NOTE_MAX = 40, SETTING_NAME_MAX = 24,
       TABLE_HEAD_MAX = 160, TABLE_NAME_MAX = 60 };

struct figures {
	const char *mb, *sec, *rate; /* into the line or the join buffer; mb/sec may be NULL */
	size_t mb_len, sec_len, rate_len;
	char unit;                   /* 'm' or 'k' ('g' in a poster's table) */
	size_t extra;                /* further lines used (a wrapped line) */
	const char *rest;            /* the wrapped line's text after its figures, from */
	size_t rest_len;             /* the next timing label on (a reflowed paragraph) */
	const char *end;             /* where the figures end on their line (extra == 0) */
};

enum result { R_NONE, R_FULL, R_RATE_ONLY, R_CUT };

/* The version a message's version lines name, looked for once a message. */
struct msg_version {
	bool looked;
	bool one;                 /* they name exactly one version: v */
	char v[32];
};

struct hp {
	struct br_parse_ctx *ctx;
	const struct br_doc *doc;
	struct br_buf join;       /* a wrapped line joined with the next one */
	struct br_buf host;       /* current device ("/dev/sda"), empty = none */
	struct br_buf note;       /* the poster's note on it ("ssd500"), empty = none */
	size_t note_line;         /* the note is the name this line was tagged with (+ 1; 0: not) */
	struct br_buf machine;    /* the host of the prompt that ran hdparm ("nas01"), empty = none */
	bool machine_alone;       /* the document's prompts name no other host */
	int machines;             /* prompts in the document name 2+ hosts: 1, not: 0, unknown: -1 */
	char version[32];         /* of the last version line read */
	size_t version_idx;       /* that line */
	size_t *msg;              /* where messages start (br_label_message_start), */
	size_t nmsg;              /* made when first needed */
	bool have_msg;
	struct msg_version *msg_version; /* per message (nmsg + 1), when first asked */
	bool evidence;            /* the document has shown hdparm above ev_upto */
	size_t ev_upto;
	signed char ev_all;       /* it shows hdparm anywhere: -1 not looked yet */
	signed char other_tool;   /* it names another disk benchmark: -1 not looked yet */
	char timing_unit;         /* the one unit its timing lines print ('m' MB/sec,
				   * 'k' kB/sec; 0 none or both), -1 not looked yet */
	bool in_block;            /* inside a run of hdparm lines */
	size_t block_start;       /* its first line: where the label is looked for */
	size_t prose_run;         /* non-hdparm lines since the last hdparm line */
	size_t tail_line;         /* + 1: the line the last sentence read
				     (sentence_at) ends inside, another
				     naming hdparm starting after it; 0 if
				     none */
	bool pending;             /* a label printed, figures not yet seen */
	size_t pend_idx;
	enum kind pend_kind;
	long pend_offset;
	bool have_last;           /* the last record's line, for hand-written runs */
	size_t last_idx;
	enum kind last_kind;
	size_t prev_nonblank;     /* index of the previous non-blank line + 1, 0 = none */
	size_t skip_to;           /* lines before this one were read already (joined) */
	struct br_record *open;   /* this invocation's record, still taking timing lines */
	struct br_buf open_own;   /* its title of its own (a hand line's), empty = none */
	struct br_recset held;    /* records finished after it, emitted behind it */
	size_t open_block;        /* block_start of the run it belongs to */
	size_t warned;            /* the line last warned about + 1 */
	size_t about_dev;         /* the last device header or settings line + 1 */
	const char *rest;         /* a joined line's next timing, still to read */
	size_t rest_len, rest_line;
	struct br_buf relabel;    /* a label cut at a line end, joined (cut_label) */
	bool in_rest;             /* read_rests() is reading them */
};

static inline bool has(const char *s, size_t n, const char *needle)
{
	return br_has(s, n, needle, strlen(needle));
}

/* Does s[0..n) contain `lower` in any case? The first byte is matched by
 * a table look-up before any compare: strncasecmp() at every offset cost
 * some 40 instructions a byte, and hand_table() asks this of every line
 * it reads, seven words at a time (foreign_kind). */
static bool has_ci(const char *s, size_t n, const char *lower)
{
	size_t m = strlen(lower);
	if (m == 0)
		return true;
	int c0 = tolower((unsigned char)lower[0]);
	for (size_t i = 0; i + m <= n; i++)
		if (tolower((unsigned char)s[i]) == c0 && strncasecmp(s + i + 1, lower + 1, m - 1) == 0)
			return true;
	return false;
}

/* Does s[0..n) name one of `words` (lower case, NULL-ended), in any case,
 * as a word: no letter or digit just before it, and, where the word ends
 * in one, no letter just after it ("fio" and "fio's", "bonnie64", not
 * "portfolio" nor "fiona"; "dd " is not the end of "add ")? One pass
 * over the line, as has_any_ci. */
static bool has_word_ci(const char *s, size_t n, const char *const *words)
{
	bool first[UCHAR_MAX + 1] = {false};
	for (const char *const *w = words; *w; w++)
		first[(unsigned char)**w] = true;
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)tolower((unsigned char)s[i]);
		if (!first[c] || (i && isalnum((unsigned char)s[i - 1])))
			continue;
		for (const char *const *w = words; *w; w++) {
			size_t m = strlen(*w);
			if (**w != (char)c || m > n - i || strncasecmp(s + i + 1, *w + 1, m - 1) != 0)
				continue;
			if (!isalnum((unsigned char)(*w)[m - 1]) || i + m == n || !isalpha((unsigned char)s[i + m]))
				return true;
		}
	}
	return false;
}

/* Another disk benchmark's name in a line that holds rates ("writ" and
 * "wrote": a rate written, not read, whatever the word it starts). */
static const char *const rate_other_tools[] = {"dd ", "dd,", "fio", "bonnie", "iozone", "iostat",
					       "sysbench", NULL};

static bool rates_of_other_tool(const char *s, size_t n)
{
	return has_word_ci(s, n, rate_other_tools) || has_ci(s, n, "writ") || has_ci(s, n, "wrote");
}

/* Where s[from..n) holds "timing" in any case, or n: re_timing_any's
 * match starts there (its look-behinds are empty), so matching from that
 * offset gives what matching from `from` gives, without trying the
 * pattern at every byte before it. */
static size_t timing_from(const char *s, size_t n, size_t from)
{
	for (size_t i = from; i + 6 <= n; i++)
		if ((s[i] == 't' || s[i] == 'T') && strncasecmp(s + i + 1, "iming", 5) == 0)
			return i;
	return n;
}

/* re_timing_any from offset `from` of s[0..n), started at the first
 * "timing" (timing_from); br_re_match's result. */
static int timing_any(const char *s, size_t n, size_t from, size_t *ov, int ovn)
{
	size_t at = timing_from(s, n, from);
	if (at == n)
		return PCRE2_ERROR_NOMATCH;
	return br_re_match(&re_timing_any, s, n, at, ov, ovn);
}

/* Does s[0..n) hold one of `words` (lower case, NULL-ended) in any case?
 * One pass over the line: a compare only where a word's first letter
 * stands (has_ci a word at a time was a pass each). */
static bool has_any_ci(const char *s, size_t n, const char *const *words)
{
	bool first[UCHAR_MAX + 1] = {false};
	for (const char *const *w = words; *w; w++)
		first[(unsigned char)**w] = true;
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)tolower((unsigned char)s[i]);
		if (!first[c])
			continue;
		for (const char *const *w = words; *w; w++) {
			size_t m = strlen(*w);
			if (**w == (char)c && m <= n - i && strncasecmp(s + i + 1, *w + 1, m - 1) == 0)
				return true;
		}
	}
	return false;
}

/* Could s[0..n) hold a kind as re_column names one? Every alternative of
 * the pattern holds one of these words (in any case): one pass over the
 * line, a compare only where a word's first letter stands. Bytes that
 * start a character PCRE2's caseless matching folds onto an ASCII letter
 * of them (U+017F long s, U+212A Kelvin sign) leave the answer to the
 * pattern. */
static bool kind_word_in(const char *s, size_t n)
{
	static const char *const words[] = {
		"cach", "buffer", "bufer", "bufor", "b\xc3\xba" "fer", "b\xc3\x9a" "fer", "direct",
		"direkt", "disk", "speicher", "tampon", "puffer", "platte", "-t", NULL};
	return memchr(s, 0xc5, n) || memchr(s, 0xe2, n) || has_any_ci(s, n, words);
}

/* re_column from offset `from` of s[0..n) (4 pairs in ov), not run on
 * text that names no kind (kind_word_in): tables and sentences ask it
 * of every cell and clause. */
static int column_match(const char *s, size_t n, size_t from, size_t *ov)
{
	if (from >= n || !kind_word_in(s + from, n - from))
		return PCRE2_ERROR_NOMATCH;
	return br_re_match(&re_column, s, n, from, ov, 4);
}

/* The first timing label of a line (timing_any from its start), found
 * once by one_line() for the readers that look at the same line in turn
 * (side_labels, collapsed_line, step 1's re_timing): each used to run the
 * pattern over the line again. */
struct tlabel {
	int rc;            /* br_re_match's result */
	size_t ov[2 * 3];  /* its pairs when rc > 0 */
};

/* The first label of s[0..n) into ov (3 pairs): `known`'s when the caller
 * found it already, else looked for. */
static int first_label(const char *s, size_t n, const struct tlabel *known, size_t *ov)
{
	if (!known)
		return timing_any(s, n, 0, ov, 3);
	memcpy(ov, known->ov, sizeof known->ov);
	return known->rc;
}

/* The length of s[0..len) without the blanks after it, nor a table's empty
 * cells (" | |": the post pasted into a table's first column; one '|' may
 * end a row of cells). */
static size_t text_end(const char *s, size_t len)
{
	while (len && (s[len - 1] == ' ' || s[len - 1] == '\t' || s[len - 1] == '\r'))
		len--;
	size_t e = len, pipes = 0;
	while (e && (s[e - 1] == ' ' || s[e - 1] == '\t' || s[e - 1] == '|'))
		pipes += s[--e] == '|';
	if (pipes >= 2 && e < len && (s[e] == ' ' || s[e] == '\t'))
		len = e;
	return len;
}

/* The line without leading blanks and quote marks, and without trailing blanks. */
static const char *stripped(const struct br_line *l, size_t *n)
{
	const char *s = l->text;
	size_t len = l->len;
	while (len && (*s == ' ' || *s == '\t' || *s == '>' || *s == '|')) {
		s++;
		len--;
	}
	*n = text_end(s, len);
	return s;
}

static enum kind kind_of(const char *s, size_t n)
{
	/* (and in FOREIGN_KINDS' words: "caché", "gecached", "Zwischen-
	 * gespeichert", "direkt") */
	bool direct = has_ci(s, n, "direct") || has_ci(s, n, "direkt");
	bool cache = has_ci(s, n, "cach") || has_ci(s, n, "speicher");
	if (direct)
		return cache ? K_DIRECT_CACHED : K_DIRECT;
	return cache ? K_CACHED : K_BUFFERED;
}

static size_t group_len(const size_t *ov, int g)
{
	return ov[2 * g] == (size_t)-1 ? 0 : ov[2 * g + 1] - ov[2 * g];
}

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* ---------------------------------------------------------------- figures */

static void take_full(struct figures *f, const char *s, const size_t *ov)
{
	f->mb = s + ov[2];
	f->mb_len = group_len(ov, 1);
	f->sec = s + ov[4];
	f->sec_len = group_len(ov, 2);
	f->rate = s + ov[6];
	f->rate_len = group_len(ov, 3);
	f->unit = (char)tolower((unsigned char)s[ov[8]]);
	f->end = s + ov[1];
}

/* Is logical line j a continuation a wrapped figure line may be joined with? */
static bool joinable(struct hp *st, size_t j, const char **t, size_t *tn)
{
	if (j >= st->doc->nlines || br_parse_is_claimed(st->ctx, j))
		return false;
	*t = stripped(&st->doc->lines[j], tn);
	if (*tn == 0 || *tn > 200)
		return false;
	if (*tn >= 6 && strncasecmp(*t, "timing", 6) == 0)
		return false;
	return !(**t == '/' && (*t)[*tn - 1] == ':');
}

/* The join buffer, padded: PCRE2's JIT may read a little past the subject,
 * and those bytes must be defined (valgrind). */
static void pad_join(struct hp *st)
{
	br_buf_grow(&st->join, JOIN_PAD);
	memset(st->join.data + st->join.len, 0, JOIN_PAD + 1);
}

/*
 * Old hdparm prints "=182.86" with no space; a quoted-printable decoder run
 * over a message that was not encoded turns "=18" into the byte 0x18. Put
 * "=18" back (only control bytes can be told apart from real text) and read
 * again. formats/hdparm.md §5.
 */
static bool repair_qp(struct hp *st, const char *s, size_t n, struct figures *f)
{
	size_t ov[2 * 5];
	bool any = false;
	br_buf_reset(&st->join);
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c >= 0x01 && c < 0x20 && c != '\t' && i + 1 < n && is_digit(s[i + 1])) {
			br_buf_addf(&st->join, "=%02X", c);
			any = true;
		} else {
			br_buf_addc(&st->join, s[i]);
		}
	}
	if (!any)
		return false;
	pad_join(st);
	if (br_re_match(&re_result, st->join.data, st->join.len, 0, ov, 5) <= 0)
		return false;
	take_full(f, st->join.data, ov);
	return true;
}

/*
 * A rate wrapped inside its digits ("= 1921." / "75 MB/sec", "= 193" /
 * "3.85 MB/sec": a forum's fixed-width wrap): the join buffer holds the
 * line (n bytes), a blank, and the next line's text; take the blank out
 * and read again. Taken only when the glued rate is one hdparm prints
 * (two decimals; an integer in kB/s) and agrees with its MB and seconds,
 * since two figures side by side could be glued wrongly otherwise.
 */
static bool glued_rate(struct hp *st, size_t n, size_t *ov)
{
	char *d = st->join.data;
	memmove(d + n, d + n + 1, st->join.len - n - 1);
	st->join.len--;
	pad_join(st);
	if (br_re_match(&re_result, d, st->join.len, 0, ov, 5) <= 0 || ov[6] >= n || ov[7] <= n)
		return false; /* the wrap is not inside the rate */
	const char *r = d + ov[6];
	size_t rn = ov[7] - ov[6];
	const char *dot = memchr(r, '.', rn);
	if (dot ? (size_t)(r + rn - dot) != 3 : tolower((unsigned char)d[ov[8]]) != 'k')
		return false;
	double mb = br_parse_decimal(d + ov[2], ov[3] - ov[2]);
	double sec = br_parse_decimal(d + ov[4], ov[5] - ov[4]);
	double rate = br_parse_decimal(r, rn);
	if (tolower((unsigned char)d[ov[8]]) == 'k')
		rate /= 1024.0;
	return sec > 0 && rate > 0 && fabs(mb / sec - rate) <= 0.03 * rate;
}

/*
 * Read the figures in s[0..n) (the text after a label, or a line of figures
 * alone), joining line idx+1 when the figures were wrapped. R_NONE: the text
 * is not figures at all (error text, prose). After a label, text starting
 * with a digit is figures, readable or not; on a line alone it must look
 * like the beginning of "N MB in ...".
 */
static enum result read_figures(struct hp *st, size_t idx, const char *s, size_t n,
				bool after_label, struct figures *f)
{
	size_t ov[2 * 5];
	memset(f, 0, sizeof *f);
	if (n == 0)
		return R_NONE;
	if (br_re_match(&re_result, s, n, 0, ov, 5) > 0) {
		take_full(f, s, ov);
		/* "... = 7110.09 MB/s" / "ec": the unit's end wrapped onto a
		 * line of its own is the line's */
		const char *t;
		size_t tn;
		if (ov[1] == n && s[n - 1] == 's' && s[n - 2] == '/' && joinable(st, idx + 1, &t, &tn) && tn == 2 &&
		    t[0] == 'e' && t[1] == 'c')
			f->extra = 1;
		return R_FULL;
	}
	if (br_re_match(&re_rate_only, s, n, 0, ov, 3) > 0) {
		f->rate = s + ov[2];
		f->rate_len = group_len(ov, 1);
		f->unit = (char)tolower((unsigned char)s[ov[4]]);
		return R_RATE_ONLY;
	}
	if (!is_digit(*s))
		return R_NONE;
	if (repair_qp(st, s, n, f))
		return R_FULL;
	bool partial = br_re_match(&re_partial, s, n, 0, ov, 1) > 0;
	if (!partial && !after_label)
		return R_NONE;
	const char *t;
	size_t tn;
	if (partial && joinable(st, idx + 1, &t, &tn)) {
		/* a reflowed paragraph goes on after the unit with the next
		 * timing ("MB/sec Timing buffered disk reads: ..."): only the
		 * text before that label completes these figures, the label
		 * and its figures are read after them (read_rests) */
		size_t cut = tn, lv[2 * 3];
		if (timing_any(t, tn, 0, lv, 3) > 0 && lv[0] > 0)
			cut = lv[0];
		br_buf_reset(&st->join);
		br_buf_add(&st->join, s, n);
		br_buf_addc(&st->join, ' ');
		br_buf_add(&st->join, t, cut);
		pad_join(st);
		bool ok = br_re_match(&re_result, st->join.data, st->join.len, 0, ov, 5) > 0;
		if (!ok && is_digit(*t) && (is_digit(s[n - 1]) || s[n - 1] == '.'))
			ok = glued_rate(st, n, ov);
		if (ok) {
			take_full(f, st->join.data, ov);
			f->extra = 1;
			if (cut < tn) {
				f->rest = t + cut;
				f->rest_len = tn - cut;
			}
			return R_FULL;
		}
	}
	return R_CUT;
}

/* ---------------------------------------------------------------- records */

/* A figure the patterns matched (digits, maybe a point and more digits) as
 * a string: in buf when it fits (every figure hdparm prints), else a copy
 * the caller frees (num_free). Its value is br_parse_decimal()'s, strtod()'s
 * double without the copy and the call. */
enum { NUM_BUF = 32 };

/* Where a figure written with a decimal comma ("44,85", "3,01": FIG) has
 * its comma (+ 1); 0: it has none. */
static size_t decimal_comma(const char *s, size_t n)
{
	if (n < 3 || !is_digit(s[n - 1]))
		return 0;
	size_t c = s[n - 2] == ',' ? n - 2 : s[n - 3] == ',' ? n - 3 : n;
	if (c == n || c == 0)
		return 0;
	for (size_t k = 0; k < n; k++)
		if (k != c && !is_digit(s[k]))
			return 0;
	return c + 1;
}

/* s[0..n) (n < NUM_BUF) as plain digits and a point into t: a decimal
 * comma becomes a point, and a figure grouped by a poster (FIG's
 * "8.688,52", "8,688.52": both marks) loses its groups, the last mark
 * being the decimal one. Returns false when s needs no change. */
static bool fig_plain(const char *s, size_t n, char *t)
{
	size_t c = decimal_comma(s, n);
	const char *dot = memchr(s, '.', n), *comma = memchr(s, ',', n);
	if (!c && !(dot && comma))
		return false;
	size_t dec = c ? c - 1 : n;
	if (!c)
		for (dec = n; dec > 0 && is_digit(s[dec - 1]); dec--)
			;
	size_t k = 0;
	for (size_t j = 0; j < n; j++)
		if (is_digit(s[j]))
			t[k++] = s[j];
		else if (j == dec - (c ? 0 : 1))
			t[k++] = '.';
	t[k] = '\0';
	return true;
}

/* The figure's printed form always has a point: a decimal comma is put
 * back to one ("44,85" is 44.85 MB/sec), so every view shows it alike. */
static char *num_text(char *buf, const char *s, size_t n)
{
	if (n < NUM_BUF && fig_plain(s, n, buf))
		return buf;
	char *t = n >= NUM_BUF ? br_strndup(s, n) : buf;
	if (t == buf) {
		memcpy(buf, s, n);
		buf[n] = '\0';
	}
	return t;
}

/* The value of a figure a pattern matched (FIG, CELL_NUM without its
 * groups): br_parse_decimal()'s, a decimal comma read as a point. */
static double fig_value(const char *s, size_t n)
{
	char t[NUM_BUF];
	if (n >= NUM_BUF || !fig_plain(s, n, t))
		return br_parse_decimal(s, n);
	return br_parse_decimal(t, strlen(t));
}

/* The value of an MB count (MBFIG): hdparm's is whole, so a mark in it
 * groups thousands ("1.234 MB" is 1234). */
static double mb_value(const char *s, size_t n)
{
	if (n >= NUM_BUF || (!memchr(s, '.', n) && !memchr(s, ',', n)))
		return br_parse_decimal(s, n);
	char t[NUM_BUF];
	size_t k = 0;
	for (size_t j = 0; j < n; j++)
		if (is_digit(s[j]))
			t[k++] = s[j];
	return br_parse_decimal(t, k);
}

static void num_free(char *t, const char *buf)
{
	if (t != buf)
		free(t);
}

/* KiB/s per unit of a rate whose unit letter is u: hdparm's MB is 2^20
 * bytes and its kB 2^10, so MB/sec × 1024 and kB/sec as is; a poster's
 * table may write GB/s (× 1024²). */
static double rate_scale(char u)
{
	return u == 'g' ? 1048576.0 : u == 'm' ? 1024.0 : 1.0;
}

/* Metric id of r: the rate s[0..n) (CELL_NUM: maybe "9,412") in unit u,
 * its printed form without the commas. */
static void cell_rate(struct br_record *r, enum br_metric_id id, const char *s, size_t n, char u)
{
	char plain[NUM_BUF], buf[NUM_BUF];
	if (n < NUM_BUF && memchr(s, ',', n) && !decimal_comma(s, n)) {
		size_t k = 0;
		for (size_t j = 0; j < n; j++)
			if (s[j] != ',')
				plain[k++] = s[j];
		s = plain;
		n = k;
	}
	char *raw = num_text(buf, s, n);
	br_record_set(r, id, fig_value(s, n) * rate_scale(u), raw);
	num_free(raw, buf);
}

/*
 * One hdparm invocation prints up to one line of each kind for a device
 * (`hdparm -tT /dev/sda`: the -T line, then the -t line): one result, so one
 * record. A timing line joins the record of the line before it when both
 * belong to the same run of hdparm output, the same device, and the record
 * has no figure of that kind yet (a repeated run starts a new record).
 * "mb"/"seconds" stay those of the first line; with several lines each
 * line's own are kept as "<metric>_mb" / "<metric>_seconds".
 */
static void per_metric_params(struct br_record *r, enum br_metric_id id, double mb, double sec)
{
	char key[64];
	snprintf(key, sizeof key, "%s_mb", br_metric(id)->name);
	br_record_param_num(r, key, mb);
	snprintf(key, sizeof key, "%s_seconds", br_metric(id)->name);
	br_record_param_num(r, key, sec);
}

/* ---------------------------------------------------------------- messages */

/* In a mail archive what one message says (a version line) is not said of
 * the next: the lines where messages start, found once, when first asked. */
static void find_messages(struct hp *st)
{
	size_t cap = 0;
	for (size_t i = 1; i < st->doc->nlines; i++)
		if (br_label_message_start(st->doc, i)) {
			st->msg = br_grow(st->msg, &cap, st->nmsg + 1, sizeof *st->msg);
			st->msg[st->nmsg++] = i;
		}
	st->have_msg = true;
}

/* The message line i is in: how many messages start at or before it. */
static size_t message_of(struct hp *st, size_t i)
{
	if (!st->have_msg)
		find_messages(st);
	size_t lo = 0, hi = st->nmsg;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (st->msg[mid] <= i)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static bool same_message(struct hp *st, size_t a, size_t b)
{
	return message_of(st, a) == message_of(st, b);
}

/*
 * A record's version, given when it is made (the record is never touched
 * for it again): the version line read last, when it is in the record's
 * message; else the one version the message's version lines name, above or
 * below the record. A message, not the whole document: in a mail archive,
 * one poster's "hdparm v9.43" says nothing of another's BusyBox hdparm
 * (core/label.h, br_label_message_start). A document with no message
 * boundaries is one message.
 */
static const struct msg_version *message_version(struct hp *st, size_t i)
{
	size_t m = message_of(st, i);
	if (!st->msg_version)
		st->msg_version = br_calloc(st->nmsg + 1, sizeof *st->msg_version);
	struct msg_version *mv = &st->msg_version[m];
	if (mv->looked)
		return mv;
	mv->looked = true;
	const struct br_doc *doc = st->doc;
	size_t a = m ? st->msg[m - 1] : 0, b = m < st->nmsg ? st->msg[m] : doc->nlines;
	int distinct = 0;
	size_t ov[2 * 2];
	for (size_t k = a; k < b && distinct < 2; k++) {
		size_t n;
		const char *s = stripped(&doc->lines[k], &n);
		if (n < 8 || !br_has(s, n, "hdparm", 6) || br_re_match(&re_version, s, n, 0, ov, 2) <= 0)
			continue;
		size_t len = group_len(ov, 1);
		if (len >= sizeof mv->v)
			len = sizeof mv->v - 1;
		if (distinct && strlen(mv->v) == len && strncmp(mv->v, s + ov[2], len) == 0)
			continue;
		if (!distinct) {
			memcpy(mv->v, s + ov[2], len);
			mv->v[len] = '\0';
		}
		distinct++;
	}
	mv->one = distinct == 1;
	return mv;
}

/* r, made from logical line i, gets its version (message_version). */
static void give_version(struct hp *st, struct br_record *r, size_t i)
{
	if (st->version[0] && same_message(st, st->version_idx, i)) {
		br_record_set_version(r, st->version);
		return;
	}
	const struct msg_version *mv = message_version(st, i);
	if (mv->one)
		br_record_set_version(r, mv->v);
}

/* The record taking timing lines now (NULL: none). The one before is
 * finished: it is emitted, then the records finished while it was open, so
 * the dataset keeps the order the records were made in. */
static void set_open(struct hp *st, struct br_record *r)
{
	if (st->open == r)
		return;
	if (st->open)
		br_parse_emit(st->ctx, st->open);
	br_buf_reset(&st->open_own);
	for (size_t i = 0; i < st->held.n; i++)
		br_parse_emit(st->ctx, st->held.v[i]);
	st->held.n = 0;
	st->open = r;
}

/* A record the parser is done with: emitted, or held behind the open one
 * (set_open). */
static void finished(struct hp *st, struct br_record *r)
{
	if (st->open)
		br_recset_add(&st->held, r);
	else
		br_parse_emit(st->ctx, r);
}

static bool join_open(struct hp *st, size_t first, size_t last, enum kind k, const struct figures *f,
		      long offset, const char *own, const char *why)
{
	struct br_record *r = st->open;
	enum br_metric_id id = kind_metric[k];
	if (!r || !st->in_block || st->open_block != st->block_start || br_record_get(r, id).present)
		return false;
	/* a line with a title of its own joins only the line right above
	 * with the same title ("SSD cached reads: 8688 MB/s" / "SSD buffered
	 * disk reads: 411 MB/s"), and no other line joins it */
	if ((own || st->open_own.len) &&
	    (!own || !st->open_own.len || strcasecmp(own, st->open_own.data) != 0 ||
	     !(st->have_last && st->last_idx + 1 == first)))
		return false;
	/* a reading at an --offset is a result of its own */
	if (offset != NO_OFFSET || br_record_param(r, "offset").key)
		return false;
	const char *host = st->host.len ? st->host.data : NULL;
	if ((r->host == NULL) != (host == NULL) || (host && strcmp(r->host, host) != 0))
		return false;
	struct br_param pmb = br_record_param(r, "mb");
	/* a rate-only reading (edited by hand) joins only another one, on its
	 * line ("Timing cached reads: 498 MB/sec, Timing buffered disk reads:
	 * 95 MB/sec") or the line before ("cached: 498 MB/sec" / "buffered: 95
	 * MB/sec" under a device) */
	if ((!pmb.key || !f->mb) &&
	    (pmb.key || f->mb ||
	     (r->source.line != st->doc->lines[first].line &&
	      !(st->have_last && st->last_idx + 1 == first))))
		return false;
	/* the first line's own figures, under its metric's name */
	for (int m = 0; pmb.key && m < BR_METRIC_COUNT; m++)
		if (br_record_get(r, (enum br_metric_id)m).present) {
			struct br_param psec = br_record_param(r, "seconds");
			per_metric_params(r, (enum br_metric_id)m, pmb.num, psec.key ? psec.num : 0);
			break;
		}
	char buf[NUM_BUF];
	char *raw = num_text(buf, f->rate, f->rate_len);
	double v = fig_value(f->rate, f->rate_len) * rate_scale(f->unit);
	br_record_set(r, id, v, raw);
	num_free(raw, buf);
	if (f->mb)
		per_metric_params(r, id, mb_value(f->mb, f->mb_len),
				  fig_value(f->sec, f->sec_len));
	unsigned end = st->doc->lines[last < st->doc->nlines ? last : st->doc->nlines - 1].end_line;
	if (end > r->source.end_line) {
		r->source.end_line = end;
		br_parse_set_excerpt(st->ctx, r, r->source.line, end);
	}
	br_parse_claim(st->ctx, first, last, why);
	st->skip_to = last + 1;
	st->have_last = true;
	st->last_idx = last;
	st->last_kind = k;
	return true;
}

/* The label of a run looked for at line `at`, its own title `own` after
 * the host of the prompt that ran it when the document's prompts name
 * several ("backup2 / the SSD"), or when they name one and nothing else
 * titles the run (a lone "root@store2:~# hdparm -tT /dev/sda": "store2";
 * under a heading or with a note of its own, one host all along says
 * nothing they do not). */
static char *run_label(struct hp *st, size_t at, const char *own)
{
	if (st->machine.len && st->machine_alone) {
		char *heading = own && *own ? NULL : br_parse_label(st->ctx, at, NULL);
		if (heading || (own && *own)) {
			free(heading);
			return br_parse_label(st->ctx, at, own);
		}
	}
	if (!st->machine.len)
		return br_parse_label(st->ctx, at, own);
	struct br_buf b = BR_BUF_INIT;
	br_buf_add(&b, st->machine.data, st->machine.len);
	if (own && *own) {
		br_buf_adds(&b, " / ");
		br_buf_adds(&b, own);
	}
	char *label = br_parse_label(st->ctx, at, b.data);
	br_buf_free(&b);
	return label;
}

/* The timing the figures' joined line goes on with is read once they are
 * given out (read_rests). */
static void keep_rest(struct hp *st, const struct figures *f, size_t line)
{
	if (!f->rest)
		return;
	st->rest = f->rest;
	st->rest_len = f->rest_len;
	st->rest_line = line;
}

static void emit(struct hp *st, size_t first, size_t last, enum kind k, const struct figures *f,
		 long offset, const char *own, const char *why)
{
	struct br_parse_ctx *ctx = st->ctx;
	last += f->extra;
	if (join_open(st, first, last, k, f, offset, own, why)) {
		keep_rest(st, f, last);
		return;
	}
	struct br_record *r = br_parse_record_new(ctx, BR_TOOL_HDPARM, first, last);
	char buf[NUM_BUF];
	char *raw = num_text(buf, f->rate, f->rate_len);
	/* hdparm's MB is 2^20 bytes and its kB 2^10: KiB/s = MB/sec × 1024. */
	double v = fig_value(f->rate, f->rate_len) * rate_scale(f->unit);
	br_record_set(r, kind_metric[k], v, raw);
	num_free(raw, buf);
	if (f->mb) {
		br_record_param_num(r, "mb", mb_value(f->mb, f->mb_len));
		br_record_param_num(r, "seconds", fig_value(f->sec, f->sec_len));
	}
	if (offset != NO_OFFSET)
		br_record_param_num(r, "offset", (double)offset);
	if (st->host.len)
		br_record_set_host(r, st->host.data);
	give_version(st, r, first);
	/* The label belongs to the whole run of hdparm lines (prompt, header,
	 * the timing lines): look for it above the run's first line. */
	size_t at = st->in_block && st->block_start <= first ? st->block_start : first;
	char *label = run_label(st, at, own ? own : st->note.len ? st->note.data : NULL);
	br_record_set_label(r, label);
	free(label);
	br_parse_claim(ctx, first, last, why);
	/* one with a title of its own takes no more timing lines but those
	 * of the same title (join_open) */
	set_open(st, r);
	if (own)
		br_buf_add(&st->open_own, own, strlen(own));
	st->open_block = st->block_start;
	st->skip_to = last + 1;
	st->have_last = true;
	st->last_idx = last;
	st->last_kind = k;
	keep_rest(st, f, last);
}

/* ---------------------------------------------------------------- state */

static void hdparm_line(struct hp *st, size_t i)
{
	if (!st->in_block) {
		st->in_block = true;
		st->block_start = i;
	}
	st->prose_run = 0;
	st->evidence = true;
}

/* The device the next records are of (n == 0: none), and the note written
 * after it ("/dev/sdd: ssd500": the note is the records' own title, its
 * marks left out: "<- old WD Green", "(the SSD)"). */
static void set_host(struct hp *st, const char *dev, size_t n, const char *note, size_t nn)
{
	br_buf_reset(&st->host);
	br_buf_reset(&st->note);
	st->note_line = 0;
	if (n)
		br_buf_add(&st->host, dev, n);
	char *title = nn ? br_label_note(note, nn) : NULL;
	if (title)
		br_buf_adds(&st->note, title);
	else if (nn)
		br_buf_add(&st->note, note, nn);
	free(title);
}

static void drop_pending(struct hp *st)
{
	if (!st->pending)
		return;
	st->pending = false;
	br_parse_claim(st->ctx, st->pend_idx, st->pend_idx,
		       "timing label without figures (the test failed)");
}

/* A line that is not hdparm's: it ends the run; a line introducing
 * something (ending in ':') or a few lines of prose end the device too, as
 * hdparm prints the device header before every device's timings. */
static void prose(struct hp *st, const char *s, size_t n)
{
	st->in_block = false;
	set_open(st, NULL);
	if (++st->prose_run >= HOST_PROSE_LIMIT || (n && s[n - 1] == ':')) {
		set_host(st, NULL, 0, NULL, 0);
		br_buf_reset(&st->machine);
	}
}

static void warn_cut(struct hp *st, size_t idx, const char *s, size_t n)
{
	if (st->warned == idx + 1)
		return; /* a collapsed line says it once */
	st->warned = idx + 1;
	br_parse_warn(st->ctx, idx,
		      "cannot read the timing figures '%.*s' (expected 'N MB in S seconds = R "
		      "MB/sec'); skipped",
		      (int)(n > 60 ? 60 : n), s);
}

/* A word that names a machine rather than saying something ("p166",
 * "web-02", "db_a"; not "Results"): a digit, '-' or '_' in it. */
static bool machine_word(const char *s, size_t n)
{
	for (size_t k = 0; k < n; k++)
		if (isdigit((unsigned char)s[k]) || s[k] == '-' || s[k] == '_')
			return true;
	return false;
}

/* The name of a run of timing lines that starts at line i with no device
 * header: a word alone on the line right above it ("celeron433" over
 * " Timing buffer-cache reads: ..."), or nothing. The name a line was
 * tagged with in an earlier run ("p166:  Timing ...") is not this run's. */
static void run_name(struct hp *st, size_t i)
{
	if (st->note_line && st->note_line != i + 1) {
		br_buf_reset(&st->note);
		st->note_line = 0;
	}
	if (i == 0 || st->note.len || br_parse_is_claimed(st->ctx, i - 1))
		return;
	size_t n;
	const char *s = stripped(&st->doc->lines[i - 1], &n);
	size_t k = 0;
	while (k < n && (isalnum((unsigned char)s[k]) || strchr(".-_", s[k])))
		k++;
	if (k + (k < n && s[k] == ':') != n || k < 2 || k > NOTE_MAX || !isalpha((unsigned char)s[0]) ||
	    !machine_word(s, k))
		return;
	br_buf_add(&st->note, s, k);
	st->note_line = i;
	br_parse_claim(st->ctx, i - 1, i - 1, "the name over the run's timing lines");
}

/* " Timing <kind> reads:" with or without figures after it. */
static void timing_one(struct hp *st, size_t i, const char *s, size_t n, const size_t *ov);
struct tlabel;
static bool collapsed_line(struct hp *st, size_t i, const char *s, size_t n, const struct tlabel *known);

/*
 * The timings a joined line went on with after the figures it completed
 * (keep_rest): read as that line's own, the label at their start, one
 * after the other (a loop, not a recursion: each may join the next line
 * and leave a rest of its own).
 */
static void read_rests(struct hp *st)
{
	if (st->in_rest)
		return;
	st->in_rest = true;
	while (st->rest) {
		const char *s = st->rest;
		size_t n = st->rest_len, i = st->rest_line, ov[2 * 3];
		st->rest = NULL;
		if (!collapsed_line(st, i, s, n, NULL) && br_re_match(&re_timing, s, n, 0, ov, 3) > 0)
			timing_one(st, i, s, n, ov);
	}
	st->in_rest = false;
}

static void timing_line(struct hp *st, size_t i, const char *s, size_t n, const size_t *ov)
{
	timing_one(st, i, s, n, ov);
	read_rests(st);
}

/*
 * After the figures of line i, t[0..tn) is the start of the next timing's
 * label, its rest starting line i + 1 (a reflowed paragraph): the two
 * joined are that timing, read next as line i + 1's (read_rests).
 */
static void cut_label(struct hp *st, size_t i, const char *t, size_t tn)
{
	while (tn && (*t == ' ' || *t == '\t'))
		t++, tn--;
	const char *u;
	size_t un, ov[2 * 3];
	if (!tn || (*t != 'T' && *t != 't') || br_re_match(&re_label_head, t, tn, 0, NULL, 0) <= 0 ||
	    !joinable(st, i + 1, &u, &un))
		return;
	/* t may lie in st->relabel itself (a rest read from it) */
	struct br_buf b = BR_BUF_INIT;
	br_buf_add(&b, t, tn);
	br_buf_addc(&b, ' ');
	br_buf_add(&b, u, un);
	br_buf_grow(&b, JOIN_PAD);
	memset(b.data + b.len, 0, JOIN_PAD + 1);
	br_buf_free(&st->relabel);
	st->relabel = b;
	if (br_re_match(&re_timing, b.data, b.len, 0, ov, 3) <= 0)
		return;
	st->rest = b.data;
	st->rest_len = b.len;
	st->rest_line = i + 1;
}

/* A timing label at s with the figures after it (ov: re_timing's groups). */
static void timing_one(struct hp *st, size_t i, const char *s, size_t n, const size_t *ov)
{
	drop_pending(st);
	if (!st->in_block)
		run_name(st, i);
	hdparm_line(st, i);
	enum kind k = kind_of(s + ov[2], group_len(ov, 1));
	long offset = NO_OFFSET;
	if (ov[4] != (size_t)-1)
		offset = strtol(s + ov[4], NULL, 10);
	const char *rest = s + ov[1];
	size_t rn = n - ov[1];
	while (rn && (*rest == ' ' || *rest == '\t')) {
		rest++;
		rn--;
	}
	struct figures f;
	switch (read_figures(st, i, rest, rn, true, &f)) {
	case R_FULL:
		emit(st, i, i, k, &f, offset, NULL, "timing line");
		if (!f.extra)
			cut_label(st, i, f.end, (size_t)(rest + rn - f.end));
		break;
	case R_RATE_ONLY:
		emit(st, i, i, k, &f, offset, NULL, "timing line (rate only, edited by hand)");
		break;
	case R_CUT:
		warn_cut(st, i, rest, rn);
		br_parse_claim(st->ctx, i, i, "timing line, figures unreadable");
		break;
	case R_NONE: /* the label was printed, the figures come later or never */
		st->pending = true;
		st->pend_idx = i;
		st->pend_kind = k;
		st->pend_offset = offset;
		break;
	}
}

/* hdparm's stderr, which lands between a label and its figures. */
static bool looks_like_stderr(const char *s, size_t n)
{
	static const char *const words[] = {"failed", "SG_IO", "HDIO_", "ioctl", "hit EOF",
					    "sense data", "Permission denied", "No such file",
					    "too small", "BLKFLSBUF", "Input/output error"};
	for (size_t i = 0; i < BR_ARRAY_LEN(words); i++)
		if (has(s, n, words[i]))
			return true;
	/* the wrapped tail of an SG_IO sense dump: "00 00 00 00 20 00 ..." */
	size_t k = 0;
	while (k + 2 <= n && isxdigit((unsigned char)s[k]) && isxdigit((unsigned char)s[k + 1]) &&
	       (k + 2 == n || s[k + 2] == ' '))
		k += 3;
	return k >= n && n >= 8;
}

/* Is line i the wrapped end of a stderr message on line i - 1 ("...
 * Inappropriate ioctl for" / "device"): a few words of letters, no digit,
 * under a long line that holds stderr (alone, or after a label)? */
static bool stderr_tail(struct hp *st, size_t i, const char *s, size_t n)
{
	enum { TAIL_MAX = 24, WRAPPED_MIN = 60 };
	if (i == 0 || n > TAIL_MAX)
		return false;
	for (size_t k = 0; k < n; k++)
		if (!isalpha((unsigned char)s[k]) && s[k] != ' ' && s[k] != '-' && s[k] != '\'')
			return false;
	size_t pn;
	const char *p = stripped(&st->doc->lines[i - 1], &pn);
	return pn >= WRAPPED_MIN && looks_like_stderr(p, pn);
}

/*
 * What hdparm prints about a device besides timings, between its header and
 * the timing lines: settings ("multcount = 16 (on)", "geometry = 60801/255/63,
 * sectors = ...", -i's "Model=..., FwRev=..."), "setting readahead to 8192
 * (on)", -i's "UDMA modes: ..." lines. A name of a few words, then '='.
 */
static bool settings_line(const char *s, size_t n)
{
	if (n >= 8 && strncmp(s, "setting ", 8) == 0)
		return true;
	if (n > 11 && (has(s, 9, "DMA mode") || has(s, 8, "PIO mode")) && has(s, 12, "modes:"))
		return true;
	size_t k = 0;
	while (k < n && k <= SETTING_NAME_MAX &&
	       (isalnum((unsigned char)s[k]) || s[k] == '_' || s[k] == '-' || s[k] == ' ' ||
		s[k] == '\t'))
		k++;
	return k >= 2 && k < n && s[k] == '=' && isalpha((unsigned char)s[0]);
}

static bool pcre_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r';
}

/* What re_hand needs at the end of the line: "/s" or "/sec" (any case,
 * blanks around the slash and at the end allowed, and empty cells " | |"
 * after it). */
static bool ends_in_rate_unit(const char *s, size_t n)
{
	while (n && (pcre_space(s[n - 1]) || (s[n - 1] == '|' && n >= 2 && pcre_space(s[n - 2]))))
		n--;
	if (n >= 3 && strncasecmp(s + n - 3, "sec", 3) == 0)
		n -= 3;
	else if (n >= 1 && (s[n - 1] == 's' || s[n - 1] == 'S'))
		n -= 1;
	else
		return false;
	while (n && pcre_space(s[n - 1]))
		n--;
	return n && s[n - 1] == '/';
}

/* Is one of the `within` lines after i a timing line (or, with within 1,
 * the next non-blank one a rate written by hand)? */
static bool timing_next(struct hp *st, size_t i, size_t within)
{
	for (size_t j = i + 1, seen = 0; j < st->doc->nlines && seen < within; j++) {
		size_t tn;
		const char *t = stripped(&st->doc->lines[j], &tn);
		if (tn == 0)
			continue;
		seen++;
		if (tn >= 6 && strncasecmp(t, "timing", 6) == 0)
			return true;
		if (within == 1)
			return ends_in_rate_unit(t, tn) && memchr(t, ':', tn);
	}
	return false;
}

/* The length of the host or file name a line over a device's output
 * gives, s[0..n) being that line: "cn001:" (pdsh's tag once decoding took
 * it off the lines), "st01 | CHANGED | rc=0 >>" (an Ansible ad-hoc run),
 * "==> sda.log <==" (tail or head over several files); 0 if none. */
static size_t name_of_output(const char *s, size_t n)
{
	size_t k = 0;
	if (n > 8 && memcmp(s, "==> ", 4) == 0 && memcmp(s + n - 4, " <==", 4) == 0)
		return n - 8 <= NOTE_MAX && !memchr(s + 4, ' ', n - 8) ? n - 8 : 0;
	while (k < n && (isalnum((unsigned char)s[k]) || strchr(".-_", s[k])))
		k++;
	if (k < 2 || k > NOTE_MAX || !isalnum((unsigned char)s[0]))
		return 0;
	if (k + 1 == n && s[k] == ':')
		return k;
	if (k + 3 < n && s[k] == ' ' && s[k + 1] == '|' && s[k + 2] == ' ' && n > 3 &&
	    memcmp(s + n - 3, " >>", 3) == 0 && has(s, n, "rc="))
		return k;
	return 0;
}

/* The line above line i (an empty line between them allowed) when it
 * names whose output follows (name_of_output): the name's length, the
 * name in *name, the line in *at; 0 if not. */
static size_t name_above(struct hp *st, size_t i, const char **name, size_t *at)
{
	size_t j = i, n = 0;
	const char *s = NULL;
	for (int up = 0; up < 2 && j > 0 && n == 0; up++)
		s = stripped(&st->doc->lines[--j], &n);
	if (n == 0 || br_parse_is_claimed(st->ctx, j))
		return 0;
	size_t len = name_of_output(s, n);
	*name = s + (s[0] == '=' ? 4 : 0);
	*at = j;
	return len;
}

static bool device_line(struct hp *st, size_t i, const char *dev, size_t dn, const char *note,
			size_t nn)
{
	drop_pending(st);
	const char *above;
	size_t at = 0, an = nn ? 0 : name_above(st, i, &above, &at);
	if (an)
		st->in_block = false; /* the name starts a run of its own */
	hdparm_line(st, i);
	set_open(st, NULL);
	if (an) {
		set_host(st, dev, dn, NULL, 0);
		br_buf_add(&st->note, above, an);
		br_parse_claim(st->ctx, at, at, "the name over the device's output");
	} else {
		set_host(st, dev, dn, note, nn);
	}
	st->about_dev = i + 1;
	br_parse_claim(st->ctx, i, i, "device header");
	return true;
}

/* "srv-a: /dev/sda:" — pdsh's tag on a device header that decoding left
 * on the lines (the same tag on the timing lines below names the run as
 * well): the device, with the tag for its note. */
static bool tagged_device_header(struct hp *st, size_t i, const char *s, size_t n)
{
	if (n < 10 || s[n - 1] != ':')
		return false;
	/* "[disk-bench] /dev/sda:": a log's tag on every line (a CI job's
	 * step), which names the log, not the device; "<kraut> /dev/sda:", a
	 * chat log's nick (with no time stamp, which decoding would have taken
	 * away with it), names who pasted */
	char closer = s[0] == '[' ? ']' : s[0] == '<' ? '>' : 0;
	const char *close = closer ? memchr(s, closer, n < NOTE_MAX ? n : NOTE_MAX) : NULL;
	if (close && (size_t)(close - s) + 8 < n && close[1] == ' ') {
		size_t d = (size_t)(close - s) + 1;
		while (d < n && s[d] == ' ')
			d++;
		return n - d >= 7 && strncmp(s + d, "/dev/", 5) == 0 && !memchr(s + d, ' ', n - d) &&
		       timing_next(st, i, 1) && device_line(st, i, s + d, n - 1 - d, NULL, 0);
	}
	size_t k = 0;
	while (k < n && (isalnum((unsigned char)s[k]) || strchr(".-_", s[k])))
		k++;
	if (k < 2 || k > NOTE_MAX || k + 2 >= n || s[k] != ':' || s[k + 1] != ' ' || !isalnum((unsigned char)s[0]))
		return false;
	size_t d = k + 1;
	while (d < n && s[d] == ' ')
		d++;
	if (n - d < 7 || strncmp(s + d, "/dev/", 5) != 0 || s[n - 1] != ':' || memchr(s + d, ' ', n - d) ||
	    !timing_next(st, i, 1))
		return false;
	if (!device_line(st, i, s + d, n - 1 - d, NULL, 0))
		return false;
	br_buf_reset(&st->note);
	br_buf_add(&st->note, s, k);
	st->note_line = i + 1;
	return true;
}

/*
 * "/dev/sda:" — any path, but one outside /dev only when a Timing line
 * follows. A few words after the colon ("/dev/sdd: ssd500") are the
 * poster's note on the device; hdparm's own complaints there ("/dev/sdx:
 * No such file or directory") are not.
 */
static bool device_header(struct hp *st, size_t i, const char *s, size_t n)
{
	if (n < 3 || s[0] != '/')
		return false;
	size_t colon = 0;
	while (colon < n && s[colon] != ':' && s[colon] != ' ' && s[colon] != '\t')
		colon++;
	if (colon == n && n > 5 && strncmp(s, "/dev/", 5) == 0 && timing_next(st, i, 1))
		return device_line(st, i, s, n, NULL, 0); /* "/dev/sda" alone: a list item */
	if (colon < 2 || colon >= n || s[colon] != ':')
		return false;
	const char *note = s + colon + 1;
	size_t nn = n - colon - 1;
	while (nn && (*note == ' ' || *note == '\t')) {
		note++;
		nn--;
	}
	if (nn && looks_like_stderr(note, nn)) { /* "/dev/sdx: No such file or directory" */
		drop_pending(st);
		hdparm_line(st, i);
		set_open(st, NULL);
		set_host(st, NULL, 0, NULL, 0);
		br_parse_claim(st->ctx, i, i, "hdparm's error for a device");
		return true;
	}
	/* (a rate is no note: "/dev/sda: 187.35 MB/s" is a line written by hand) */
	if (nn && (nn > NOTE_MAX || memchr(note, '=', nn) || memchr(note, ':', nn) ||
		   has_ci(note, nn, "timing") || ends_in_rate_unit(note, nn)))
		return false;
	if (strncmp(s, "/dev/", 5) != 0 && !timing_next(st, i, 3))
		return false;
	return device_line(st, i, s, colon, note, nn);
}

/* What re_prompt needs: "hdparm", blanks, then an option or a path. */
static bool hdparm_with_args(const char *s, size_t n)
{
	for (size_t k = 0; k + 6 < n; k++) {
		const char *p = memchr(s + k, 'h', n - 6 - k);
		if (!p)
			return false;
		k = (size_t)(p - s);
		if (memcmp(p, "hdparm", 6) != 0)
			continue;
		size_t j = k + 6;
		if (j >= n || (s[j] != ' ' && s[j] != '\t'))
			continue;
		while (j < n && (s[j] == ' ' || s[j] == '\t'))
			j++;
		if (j < n && (s[j] == '-' || s[j] == '/'))
			return true;
	}
	return false;
}

/* How many devices hdparm's arguments a..end name (one named twice is
 * one); *dev the first. */
static size_t prompt_devices(const char *a, const char *end, const char **dev, size_t *dn)
{
	size_t ndev = 0;
	while (a < end) {
		while (a < end && (*a == ' ' || *a == '\t'))
			a++;
		const char *w = a;
		while (a < end && *a != ' ' && *a != '\t')
			a++;
		if (w == a)
			break;
		if (*w == '>' || *w == '<' || (a - w >= 2 && w[0] == '2' && w[1] == '>'))
			break; /* a redirection: the rest is not hdparm's */
		if (*w != '/')
			continue;
		size_t wn = (size_t)(a - w);
		/* "hdparm -t /dev/sdb, three runs": a sentence's punctuation
		 * after the device is not its name's */
		while (wn > 1 && strchr(",.;:)", w[wn - 1]))
			wn--;
		/* "/dev/sd$d", "/dev/sd[ab]", "/dev/sd*": a loop's or a glob's
		 * devices, several, none of them this word */
		for (const char *c = w; c < a && ndev < 2; c++)
			if (strchr("$`*?[{", *c))
				ndev = 2;
		if (ndev >= 2)
			continue;
		if (ndev && *dn == wn && memcmp(*dev, w, wn) == 0)
			continue;
		if (!ndev) {
			*dev = w;
			*dn = wn;
		}
		ndev++;
	}
	return ndev;
}

/* A prompt without its user, the prompt word w[0..wn) before its mark:
 * "node-a:~# ", "fs2:/root# ", "web3:~$ ": a host name, ':' and a
 * directory ('~' or '/' on). The host's length, 0: none. */
static size_t bare_prompt_machine(const char *w, size_t wn, const char **host)
{
	size_t e = 0;
	while (e < wn && (isalnum((unsigned char)w[e]) || strchr(".-_", w[e])))
		e++;
	if (e == 0 || e > NOTE_MAX || e + 1 >= wn || w[e] != ':' || (w[e + 1] != '~' && w[e + 1] != '/') ||
	    !isalpha((unsigned char)w[0]))
		return 0;
	*host = w;
	return e;
}

/* The host a shell prompt names in s[0..at), the text before the command:
 * "alice@nas01:~$ ", "[bob@web3 ~]$ ", "root@backup2:/srv# " → "nas01",
 * "web3", "backup2"; 0 when there is no such prompt. */
static size_t prompt_machine(const char *s, size_t at, const char **host)
{
	size_t k = 0;
	while (k < at && (s[k] == ' ' || s[k] == '\t' || s[k] == '['))
		k++;
	const char *w = s + k;
	size_t wn = 0;
	while (k + wn < at && s[k + wn] != ' ' && s[k + wn] != '\t')
		wn++;
	const char *a = memchr(w, '@', wn);
	if (!a)
		return k + wn == at && strchr("#$%", s[at]) ? bare_prompt_machine(w, wn, host) : 0;
	if (a == w)
		return 0;
	size_t b = (size_t)(a + 1 - w), e = b;
	while (e < wn && (isalnum((unsigned char)w[e]) || strchr(".-_", w[e])))
		e++;
	/* the prompt goes on with ':' (its directory), ' ' or ']' */
	if (e == b || e - b > NOTE_MAX || (e < wn && w[e] != ':') || (e == wn && w[0] != '[' && s[0] != '['))
		return 0;
	*host = w + b;
	return e - b;
}

/* Do the prompts running hdparm in the document name two hosts or more?
 * Only then is a prompt's host the name of a run (one host all along
 * says nothing the heading does not). Worked out once, when asked. */
static bool several_machines(struct hp *st)
{
	if (st->machines >= 0)
		return st->machines;
	st->machines = 0;
	const char *first = NULL;
	size_t fn = 0;
	for (size_t i = 0; i < st->doc->nlines && !st->machines; i++) {
		size_t n, ov[2 * 2];
		const char *s = stripped(&st->doc->lines[i], &n), *h;
		if ((!memchr(s, '@', n) && !memchr(s, ':', n)) || !hdparm_with_args(s, n) ||
		    br_re_match(&re_prompt, s, n, 0, ov, 2) <= 0)
			continue;
		size_t hn = prompt_machine(s, ov[0], &h);
		if (hn && first && (hn != fn || memcmp(h, first, hn) != 0))
			st->machines = 1;
		else if (hn && !first)
			first = h, fn = hn;
	}
	return st->machines;
}

/* A prompt running hdparm: one device named → the host until a header says otherwise. */
static bool prompt_line(struct hp *st, size_t i, const char *s, size_t n)
{
	size_t ov[2 * 2];
	if (!hdparm_with_args(s, n) || br_re_match(&re_prompt, s, n, 0, ov, 2) <= 0)
		return false;
	/* "hdparm -t /dev/sda => 92.3 MB/sec": the command with its result,
	 * a sentence (prose_line), not a prompt */
	size_t rv[2 * 3];
	if (ov[2] != (size_t)-1 && br_re_match(&re_prose_rate, s, ov[3], ov[2], rv, 3) > 0)
		return false;
	br_buf_reset(&st->machine);
	const char *h;
	size_t hn = memchr(s, '@', ov[0]) || memchr(s, ':', ov[0]) ? prompt_machine(s, ov[0], &h) : 0;
	if (hn) {
		br_buf_add(&st->machine, h, hn);
		st->machine_alone = !several_machines(st);
	}
	drop_pending(st);
	hdparm_line(st, i);
	set_open(st, NULL);
	const char *dev = NULL;
	size_t dev_len = 0;
	if (ov[2] != (size_t)-1 && prompt_devices(s + ov[2], s + ov[3], &dev, &dev_len) == 1)
		set_host(st, dev, dev_len, NULL, 0);
	else
		set_host(st, NULL, 0, NULL, 0);
	br_parse_claim(st->ctx, i, i, "shell prompt running hdparm");
	return true;
}

static bool version_line(struct hp *st, size_t i, const char *s, size_t n)
{
	size_t ov[2 * 2];
	if (n < 6 || strncasecmp(s, "hdparm", 6) != 0 || br_re_match(&re_version, s, n, 0, ov, 2) <= 0)
		return false;
	size_t len = group_len(ov, 1);
	if (len >= sizeof st->version)
		len = sizeof st->version - 1;
	memcpy(st->version, s + ov[2], len);
	st->version[len] = '\0';
	st->version_idx = i;
	hdparm_line(st, i);
	br_parse_claim(st->ctx, i, i, "version line");
	return true;
}

/* What the sentence says the figure is of: "... 56Mb/s on my Maxtor 80Mb
 * 8mb cache" → "Maxtor 80Mb 8mb cache", up to the end of the clause. NULL
 * when the rate is not followed by "on/with/for/from ...". */
static char *prose_subject(const char *s, size_t n)
{
	static const char *const preps[] = {"on ", "with ", "for ", "from "};
	static const char *const dets[] = {"my ", "the ", "a ", "an ", "this ", "our ", "his ", "her "};
	while (n && (*s == ' ' || *s == '\t')) {
		s++;
		n--;
	}
	bool prep = false;
	for (size_t k = 0; !prep && k < BR_ARRAY_LEN(preps); k++) {
		size_t m = strlen(preps[k]);
		if (n > m && strncasecmp(s, preps[k], m) == 0) {
			s += m;
			n -= m;
			prep = true;
		}
	}
	if (!prep)
		return NULL;
	for (size_t k = 0; k < BR_ARRAY_LEN(dets); k++) {
		size_t m = strlen(dets[k]);
		if (n > m && strncasecmp(s, dets[k], m) == 0) {
			s += m;
			n -= m;
			break;
		}
	}
	/* "... 31.7 MB/s with hdparm -t": the command, not what it ran on */
	if (n >= 6 && strncmp(s, "hdparm", 6) == 0)
		return NULL;
	size_t e = 0;
	while (e < n && s[e] != '.' && s[e] != ',' && s[e] != ';' && s[e] != '(' && s[e] != ')')
		e++;
	while (e && (s[e - 1] == ' ' || s[e - 1] == '\t'))
		e--;
	return e ? br_strndup(s, e) : NULL;
}

/* The last steps of a record read from figures written by hand: its host
 * (`host`, freed; NULL leaves it as it is), the version of the message
 * line `at` is in, the label of line `head` with the record's own title
 * (`own`, freed), and out it goes (held while a run is open). */
static void record_done(struct hp *st, struct br_record *r, char *host, size_t at, size_t head,
			char *own)
{
	if (host)
		br_record_set_host(r, host);
	free(host);
	give_version(st, r, at);
	char *label = br_parse_label(st->ctx, head, own);
	br_record_set_label(r, label);
	free(label);
	free(own);
	finished(st, r);
}

/* Lines first..last held figures written by hand, now in records: they are
 * claimed as `why`, the document has shown hdparm, no block of its output
 * or run of its timings goes on past them, and reading goes on after them. */
static void hand_read(struct hp *st, size_t first, size_t last, const char *why)
{
	/* a sentence that ends inside its last line leaves that line to be
	 * read again: the next sentence starts there ("... down from
	 * before. With hdparm -T /dev/hda I see 213 MB/sec") */
	if (last > first && st->tail_line == last + 1)
		last--;
	br_parse_claim(st->ctx, first, last, why);
	st->evidence = true;
	st->in_block = false;
	st->have_last = false;
	if (last + 1 > st->skip_to)
		st->skip_to = last + 1;
}

/* The same for a table written by hand, lines first..end-1: nothing
 * pending or open before it goes on either. */
static void table_read(struct hp *st, size_t first, size_t end, const char *why)
{
	drop_pending(st);
	set_open(st, NULL);
	hand_read(st, first, end - 1, why);
}

/* A record read from one line i of its own (prose, a hand-written line):
 * version, label (`own` is freed), claim, emit; the run above is over. */
static void finish_line_record(struct hp *st, struct br_record *r, size_t i, size_t last, char *own,
			       const char *why)
{
	record_done(st, r, NULL, i, i, own);
	hand_read(st, i, last, why);
}

/*
 * A sentence quoting one hdparm figure: "hdparm -t gives me 56Mb/s on my
 * Maxtor". Read only when nothing is in doubt: hdparm named once with one
 * timing option (-t buffered, -T cached, nothing else), one rate on the
 * line, at most one device, and no word that makes the figure a wish, a
 * question or a comparison. The record says it was read from prose
 * (params "read_from": "prose", docs/schema.md): no one is to take it for
 * the tool's own output.
 */
/* Does a sentence make its figures a wish, a question or a comparison, or
 * is it hdparm's own line ("MB in"; with `timing`, any that names a
 * timing by hdparm's word)? */
static bool doubtful(const char *s, size_t n, bool timing)
{
	static const char *const doubt[] = {"should", "would", "could", "expect", "at least",
					    "up to", "more than", "less than", " than ", " if ",
					    "?", "instead", "hope", "want", "need", "supposed",
					    "MB in", "Timing", "timing"};
	for (size_t d = 0; d < BR_ARRAY_LEN(doubt) - (timing ? 0 : 2); d++)
		if (has(s, n, doubt[d]))
			return true;
	return false;
}

/* The timing hdparm's options s[0..n) ask for, when they ask for one:
 * "-t" buffered, "-T" cached; with "--direct" (before or after) their
 * O_DIRECT kinds. */
static bool one_timing(const char *opt, size_t on, enum kind *k)
{
	int timing = 0, direct = 0, other = 0;
	for (size_t i = 0; i < on;) {
		while (i < on && (opt[i] == ' ' || opt[i] == '\t'))
			i++;
		size_t a = i;
		while (i < on && opt[i] != ' ' && opt[i] != '\t')
			i++;
		if (i - a == 2 && opt[a] == '-' && (opt[a + 1] == 't' || opt[a + 1] == 'T')) {
			*k = opt[a + 1] == 't' ? K_BUFFERED : K_CACHED;
			timing++;
		} else if (i - a == 8 && memcmp(opt + a, "--direct", 8) == 0) {
			direct++;
		} else if (i > a) {
			other++;
		}
	}
	if (timing != 1 || direct > 1 || other)
		return false;
	if (direct)
		*k = *k == K_BUFFERED ? K_DIRECT : K_DIRECT_CACHED;
	return true;
}

static enum kind column_kind(const char *s, const size_t *ov);
static void prose_record(struct hp *st, size_t i, size_t last, const char *s, size_t n, enum kind k,
			 const size_t *rv, const char *dev, size_t dn);
static bool kind_next(const char *s, size_t end, size_t at);
static char *prose_subject(const char *s, size_t n);

/* The device a sentence starts with, before a ':' and nothing else but
 * blanks up to byte `to` (where hdparm is named): "nvme0n1: hdparm -t
 * reports ...", "/dev/sdb: hdparm -T gives ..."; NULL if none. */
static const char *device_before(const char *s, size_t to, size_t *dn)
{
	size_t dv[2 * 2];
	if (to < 4 || br_re_match(&re_prose_dev, s, to, 0, dv, 2) <= 0 || dv[0] != 0 || s[dv[1]] != ':')
		return NULL;
	for (size_t k = dv[1] + 1; k < to; k++)
		if (s[k] != ' ' && s[k] != '\t')
			return NULL;
	*dn = dv[1];
	return s;
}

static bool sentence_goes_on(struct hp *st, size_t i, const char *dev, size_t dn, const char *rest, size_t rn);
static bool pairs_sentence(struct hp *st, size_t i);
static int kind_in(const char *s, size_t from, size_t to, enum kind *k, size_t *at);

/* Does s[0..n) name a timing other than k between byte `from` and its
 * rate rv, or right after the rate (kind_next)? */
static bool other_kind_named(const char *s, size_t n, size_t from, const size_t *rv, enum kind k)
{
	size_t ov[2 * 4];
	for (size_t p = from; p < rv[0] && column_match(s, rv[0], p, ov) > 0; p = ov[1])
		if (column_kind(s, ov) != k)
			return true;
	return column_match(s, n, rv[1], ov) > 0 && kind_next(s, rv[1], ov[0]) && column_kind(s, ov) != k;
}

static bool sentence_doubtful(struct hp *st, size_t i);

/* The one figure prose_line reads in s[0..n) (line i): its timing *k,
 * its rate rv, the device dev[0..dn) (NULL if none), where hdparm is
 * named (*cmd); false when the line has none it can read alone. `*on`:
 * the sentence goes on onto the next lines naming hdparm again
 * (sentence_goes_on), to be read whole first. */
static bool prose_figure(struct hp *st, size_t i, const char *s, size_t n, enum kind *k, size_t *rv,
			 const char **dev, size_t *dn, size_t *cmd, bool *on)
{
	size_t ov[2 * 3], more[2 * 3];
	*on = false;
	if (n > MAX_LINE || br_re_match(&re_prose_cmd, s, n, 0, ov, 3) <= 0)
		return false;
	*cmd = ov[0];
	if (br_has(s + ov[1], n - ov[1], "hdparm", 6) || br_has(s, ov[0], "hdparm", 6))
		return false; /* hdparm named twice: which figure is whose */
	if (!one_timing(s + ov[2], group_len(ov, 1), k))
		return false;
	*on = sentence_goes_on(st, i, s + ov[4], group_len(ov, 2), s + ov[1], n - ov[1]);
	*dev = NULL;
	*dn = 0;
	if (group_len(ov, 2) && prompt_devices(s + ov[4], s + ov[5], dev, dn) != 1)
		return false;
	if (!*dev)
		*dev = device_before(s, ov[0], dn);
	if (doubtful(s, n, true))
		return false;
	if (br_re_match(&re_prose_rate, s, n, 0, rv, 3) <= 0 ||
	    br_re_match(&re_prose_rate, s, n, rv[1], more, 3) > 0)
		return false; /* no rate, or two: which one is hdparm's */
	/* "hdparm -t and the cached figure is around 380 MB/sec": the other
	 * timing named between the option and the rate, or right after the
	 * rate ("380 MB/s cached"), says the figure is not the option's */
	if (other_kind_named(s, n, ov[1] < rv[0] ? ov[1] : 0, rv, *k))
		return false;
	size_t b = rv[0];
	while (b && (s[b - 1] == ' ' || s[b - 1] == '\t'))
		b--;
	return !((b >= 2 && strncasecmp(s + b - 2, "to", 2) == 0) ||
		 (b >= 3 && strncasecmp(s + b - 3, "and", 3) == 0) || (b >= 2 && strncasecmp(s + b - 2, "or", 2) == 0));
}

/* Where what the sentence s[0..n) says after its rate rv starts, past
 * the timing's word that may follow the rate ("58.3 MB/sec buffered for
 * the IDE disk"). */
static size_t prose_after(const char *s, size_t n, const size_t *rv)
{
	size_t after = rv[1], kv[2 * 4];
	if (column_match(s, n, after, kv) > 0 && kind_next(s, after, kv[0]))
		after = kv[1];
	return after;
}

/* What the sentence s[0..n) says its rate rv is of ("... on my Maxtor");
 * NULL if nothing. */
static char *prose_own(const char *s, size_t n, const size_t *rv)
{
	size_t after = prose_after(s, n, rv);
	return prose_subject(s + after, n - after);
}

/* Are a[0..an) and b[0..bn) the same words, blanks and a last '.', ','
 * or ';' aside ("SSD:" and "SSD:", "(old cable)" and "(new cable)" not)? */
static bool same_words(const char *a, size_t an, const char *b, size_t bn)
{
	while (an && a[an - 1] && strchr(" \t.,;", a[an - 1]))
		an--;
	while (bn && b[bn - 1] && strchr(" \t.,;", b[bn - 1]))
		bn--;
	while (an && (*a == ' ' || *a == '\t'))
		a++, an--;
	while (bn && (*b == ' ' || *b == '\t'))
		b++, bn--;
	return an == bn && strncasecmp(a, b, an) == 0;
}

/* One figure, the rate rv in s of timing k, set on record r. */
static void prose_rate(struct br_record *r, const char *s, enum kind k, const size_t *rv)
{
	char buf[NUM_BUF];
	const char *num = s + rv[2];
	size_t nl = group_len(rv, 1);
	char *raw = num_text(buf, num, nl);
	char unit = (char)tolower((unsigned char)s[rv[4]]);
	br_record_set(r, kind_metric[k], fig_value(num, nl) * rate_scale(unit), raw);
	num_free(raw, buf);
}

/* The record of a figure prose_line or kind_word_line read: the rate at
 * rv in s[0..n) of timing k, of device dev[0..dn) (if any), titled by
 * what the sentence says after the rate ("... on my Maxtor"); with the
 * figure of the line after (prose_next) when s2 is not NULL: rate rv2 of
 * s2, timing k2. */
static void prose_record_two(struct hp *st, size_t i, size_t last, const char *s, size_t n, enum kind k,
			     const size_t *rv, const char *dev, size_t dn, const char *s2, enum kind k2,
			     const size_t *rv2)
{
	drop_pending(st);
	set_open(st, NULL);
	struct br_parse_ctx *ctx = st->ctx;
	struct br_record *r = br_parse_record_new(ctx, BR_TOOL_HDPARM, i, last);
	prose_rate(r, s, k, rv);
	if (s2)
		prose_rate(r, s2, k2, rv2);
	br_record_param_str(r, "read_from", "prose");
	if (dev) {
		char *host = br_strndup(dev, dn);
		br_record_set_host(r, host);
		free(host);
	}
	finish_line_record(st, r, i, last, prose_own(s, n, rv), "an hdparm figure quoted in prose");
}

static void prose_record(struct hp *st, size_t i, size_t last, const char *s, size_t n, enum kind k,
			 const size_t *rv, const char *dev, size_t dn)
{
	prose_record_two(st, i, last, s, n, k, rv, dev, dn, NULL, k, NULL);
}

/*
 * Two timings of one run quoted a line each ("hdparm -t: 251.3 MB/s" /
 * "hdparm -T: 7012.4 MB/s"): line j, right after line i (s[0..n), its
 * rate rv, hdparm named at cmd) of the same paragraph, read alone by
 * prose_line too, of the other timing, of the same device (or none),
 * saying the same before hdparm ("SSD:", not "Old:" and "New:") and after
 * the rate ("on my Maxtor"), joins line i's record. Its text and figure
 * in *s2, rv2, *k2; false when it does not join.
 */
static bool prose_next(struct hp *st, size_t j, const char *s, size_t n, const size_t *rv, size_t cmd,
		       enum kind k, const char *dev, size_t dn, const char **s2, size_t *rv2, enum kind *k2)
{
	if (j >= st->doc->nlines || br_parse_is_claimed(st->ctx, j))
		return false;
	size_t tn, dn2, cmd2;
	const char *t = stripped(&st->doc->lines[j], &tn);
	const char *dev2;
	bool on;
	if (tn == 0 || !prose_figure(st, j, t, tn, k2, rv2, &dev2, &dn2, &cmd2, &on) || on || *k2 == k ||
	    (dev == NULL) != (dev2 == NULL) || (dev && (dn != dn2 || memcmp(dev, dev2, dn) != 0)) ||
	    !same_words(s, cmd, t, cmd2))
		return false;
	size_t a = prose_after(s, n, rv), a2 = prose_after(t, tn, rv2);
	*s2 = t;
	return same_words(s + a, n - a, t + a2, tn - a2);
}

static bool prose_line(struct hp *st, size_t i, size_t last, const char *s, size_t n)
{
	size_t rv[2 * 3], cmd;
	enum kind k;
	const char *dev;
	size_t dn;
	bool on;
	if (!prose_figure(st, i, s, n, &k, rv, &dev, &dn, &cmd, &on))
		return false;
	/* a sentence going on is read whole; when it cannot be (another
	 * tool's figure on its next line), the line's own figure still is,
	 * unless the sentence makes it a question or a wish */
	if (on && pairs_sentence(st, i))
		return true;
	if (on && sentence_doubtful(st, i))
		return false;
	size_t rv2[2 * 3];
	const char *s2 = NULL;
	enum kind k2 = k;
	if (last == i && prose_next(st, i + 1, s, n, rv, cmd, k, dev, dn, &s2, rv2, &k2))
		last = i + 1;
	else
		s2 = NULL;
	prose_record_two(st, i, last, s, n, k, rv, dev, dn, s2, k2, rv2);
	return true;
}

/* Does the kind's word at `at` follow the rate ending at `end` directly
 * ("58.3 MB/sec buffered", "6120 MB/s (cached)"), or after "for" ("45.2
 * MB/s for buffered disk reads", "for the cached reads")? */
static bool kind_next(const char *s, size_t end, size_t at)
{
	size_t k = end;
	while (k < at && (s[k] == ' ' || s[k] == '\t' || s[k] == '('))
		k++;
	if (k + 4 <= at && strncasecmp(s + k, "for", 3) == 0 && (s[k + 3] == ' ' || s[k + 3] == '\t')) {
		k += 4;
		while (k < at && (s[k] == ' ' || s[k] == '\t'))
			k++;
		if (k + 4 <= at && strncasecmp(s + k, "the", 3) == 0 && (s[k + 3] == ' ' || s[k + 3] == '\t'))
			k += 4;
		while (k < at && (s[k] == ' ' || s[k] == '\t'))
			k++;
	}
	return k == at;
}

/*
 * A sentence naming hdparm with no option, its one rate named by hdparm's
 * word for the timing right after it: "hdparm gives 58.3 MB/sec buffered
 * for the IDE disk", "hdparm says 6120 MB/s (cached)". As prose_line's:
 * hdparm named once, one rate, nothing in doubt.
 */
static bool kind_word_line(struct hp *st, size_t i, const char *s, size_t n)
{
	size_t rv[2 * 3], more[2 * 3], kv[2 * 4], h[2];
	if (n > MAX_LINE || br_re_match(&re_prose_cmd, s, n, 0, NULL, 0) > 0 ||
	    br_re_match(&re_prose_rate, s, n, 0, rv, 3) <= 0 || br_re_match(&re_prose_rate, s, n, rv[1], more, 3) > 0 ||
	    column_match(s, n, rv[1], kv) <= 0 || !kind_next(s, rv[1], kv[0]) || doubtful(s, n, true))
		return false;
	/* hdparm named once, before the rate, as a word */
	const char *p = memmem(s, rv[0], "hdparm", 6);
	if (!p || br_has(p + 6, n - (size_t)(p + 6 - s), "hdparm", 6))
		return false;
	h[0] = (size_t)(p - s);
	h[1] = h[0] + 6;
	if ((h[0] && (isalnum((unsigned char)s[h[0] - 1]) || s[h[0] - 1] == '-' || s[h[0] - 1] == '/')) ||
	    (h[1] < n && isalnum((unsigned char)s[h[1]])))
		return false;
	if (rates_of_other_tool(s, n))
		return false;
	enum kind k = column_kind(s, kv);
	size_t dn = 0;
	const char *dev = device_before(s, h[0], &dn);
	prose_record(st, i, i, s, n, k, rv, dev, dn);
	return true;
}

/*
 * Several devices in one sentence, each with its rate, as people sum up
 * runs of one timing: "hdparm -t: sda gives 120 MB/sec, sdb 98 MB/sec and
 * the old hdc only 25 MB/sec", "hdparm -T says 3922 MB/s on sda and 3858
 * MB/s on sdb". The timing is hdparm's one option (-t, -T), named in the
 * sentence or on the line just above it (with no rate there); every rate
 * has a device of its own, all named before their rates or all after them
 * ("on sda"), none twice; nothing in doubt, no other tool named. A sentence
 * wrapped over the lines of its paragraph is read whole. A record a device,
 * read from prose (as prose_line's).
 */
enum { MAX_DEVS = 8, SENTENCE_LINES = 3 };

struct sentence {
	char text[MAX_LINE + 1];
	size_t n;
	size_t last;          /* its last line */
	size_t line_at[SENTENCE_LINES]; /* where each of its lines starts in text */
	size_t at[2 * MAX_DEVS + 1], end[2 * MAX_DEVS + 1]; /* rates and devices, in order */
	bool dev[2 * MAX_DEVS + 1];
	size_t nitems;
};

/* The first end of a sentence inside s[0..n) (".", "!" or "?" before a
 * blank and a capital letter), NULL if none. */
static const char *sentence_end(const char *s, size_t n)
{
	for (size_t k = 1; k + 2 < n; k++)
		if (strchr(".!?", s[k]) && s[k] && s[k + 1] == ' ' && isupper((unsigned char)s[k + 2]) &&
		    isalpha((unsigned char)s[k - 1]))
			return s + k;
	return NULL;
}

/* Line i and the lines of its paragraph its sentence runs on into, up to
 * where it ends. */
static bool sentence_at(struct hp *st, size_t i, struct sentence *se)
{
	se->n = 0;
	st->tail_line = 0;
	for (size_t j = i; j < st->doc->nlines && j < i + SENTENCE_LINES; j++) {
		size_t n;
		const char *s = stripped(&st->doc->lines[j], &n);
		if (n == 0 || (j > i && br_parse_is_claimed(st->ctx, j)) || se->n + n + 1 > MAX_LINE)
			break;
		if (se->n)
			se->text[se->n++] = ' ';
		se->line_at[j - i] = se->n;
		memcpy(se->text + se->n, s, n);
		se->n += n;
		se->last = j;
		/* it ends where a line after i ends one ("-t on the new
		 * board. The Barracuda ..."): the next is not its */
		const char *end = j > i ? sentence_end(s, n) : NULL;
		if (end) {
			se->n = se->line_at[j - i] + (size_t)(end - s) + 1;
			if (br_has(end, n - (size_t)(end - s), "hdparm", 6))
				st->tail_line = j + 1;
			break;
		}
		char e = s[n - 1];
		if (e == '.' || e == '!' || e == '?' || e == ':')
			break;
	}
	se->text[se->n] = '\0';
	return se->n > 0;
}

/* Does the sentence line i starts make its figures a question, a wish, a
 * bound (doubtful)? */
static bool sentence_doubtful(struct hp *st, size_t i)
{
	struct sentence se;
	return sentence_at(st, i, &se) && doubtful(se.text, se.n, false);
}

/* Does the sentence line i starts name hdparm again, with the device
 * dev[0..dn) its command names, on the lines it wraps onto ("hdparm -T
 * /dev/sda reports 5120.4 MB/s here" / "and hdparm -t /dev/sda gives 128.7
 * MB/s")? Then it is read whole (pairs_sentence), one record of both
 * kinds, not a line at a time. `rest` is line i after its command. */
static bool sentence_goes_on(struct hp *st, size_t i, const char *dev, size_t dn, const char *rest, size_t rn)
{
	while (dn && (*dev == ' ' || *dev == '\t')) {
		dev++;
		dn--;
	}
	if (!dn || !rn || strchr(".!?", rest[rn - 1]))
		return false;
	struct sentence se;
	if (!sentence_at(st, i, &se) || se.last == i)
		return false;
	/* hdparm again before the sentence ends (". " within a line: "down
	 * from what I remember. With hdparm -T ..." is a sentence of its own) */
	const char *p = memmem(se.text, se.n, "hdparm", 6);
	for (p = p ? p + 6 : se.text + se.n; p + 6 <= se.text + se.n; p++) {
		if (strchr(".!?", *p) && *p && (p[1] == ' ' || p[1] == '\t'))
			return false;
		if (memcmp(p, "hdparm", 6) == 0)
			return memmem(p, (size_t)(se.text + se.n - p), dev, dn) != NULL;
	}
	return false;
}

/* The rates and devices of the sentence from byte `from` on, in order;
 * false past MAX_DEVS of either. */
static bool sentence_items(struct sentence *se, size_t from)
{
	size_t ov[2 * 3], dv[2 * 2], r = from, d = from;
	bool more_r = true, more_d = true;
	se->nitems = 0;
	while (more_r || more_d) {
		if (more_r && br_re_match(&re_prose_rate, se->text, se->n, r, ov, 3) <= 0)
			more_r = false;
		if (more_d && br_re_match(&re_prose_dev, se->text, se->n, d, dv, 2) <= 0)
			more_d = false;
		if (!more_r && !more_d)
			break;
		if (se->nitems == BR_ARRAY_LEN(se->at))
			return false;
		bool take_d = more_d && (!more_r || dv[0] < ov[0]);
		se->at[se->nitems] = take_d ? dv[2] : ov[0];
		se->end[se->nitems] = take_d ? dv[3] : ov[1];
		se->dev[se->nitems++] = take_d;
		if (take_d)
			d = dv[1];
		else
			r = ov[1];
	}
	return true;
}

/* Are the items device, rate, device, rate ... (first 0) or rate, device
 * ... with each device after "on", "for" or "from" (first 1)? *pairs of
 * them. */
static bool same_item(const struct sentence *se, size_t a, size_t b)
{
	return se->end[a] - se->at[a] == se->end[b] - se->at[b] &&
	       memcmp(se->text + se->at[a], se->text + se->at[b], se->end[a] - se->at[a]) == 0;
}

static bool sentence_pairs(struct sentence *se, size_t *pairs)
{
	/* "..., so hdc goes": a device named again after the figures */
	while (se->nitems > 2 && se->dev[se->nitems - 1] && se->dev[0]) {
		size_t k = 0;
		while (k < se->nitems - 1 && !(se->dev[k] && same_item(se, k, se->nitems - 1)))
			k++;
		if (k == se->nitems - 1)
			break;
		se->nitems--;
	}
	if (se->nitems < 2 || se->nitems % 2)
		return false;
	bool dev_first = se->dev[0];
	for (size_t k = 0; k < se->nitems; k++)
		if (se->dev[k] != (dev_first ? k % 2 == 0 : k % 2 == 1))
			return false;
	for (size_t k = 1; !dev_first && k < se->nitems; k += 2) {
		const char *w = se->text + se->end[k - 1];
		size_t wn = se->at[k] - se->end[k - 1];
		while (wn && *w == ' ') {
			w++;
			wn--;
		}
		if (!(wn >= 3 && (strncasecmp(w, "on ", 3) == 0 || (wn >= 4 && strncasecmp(w, "for ", 4) == 0) ||
				  (wn >= 5 && strncasecmp(w, "from ", 5) == 0))) || wn > 12)
			return false;
	}
	/* no device twice */
	for (size_t a = 0; a < se->nitems; a++)
		for (size_t b = a + 1; b < se->nitems; b++)
			if (se->dev[a] && se->dev[b] && same_item(se, a, b))
				return false;
	*pairs = se->nitems / 2;
	return true;
}

static int kind_in(const char *s, size_t from, size_t to, enum kind *k, size_t *at);
static bool has_evidence(struct hp *st, size_t i);

/* Is hdparm, named at byte `cmd` after the rates of s, in a clause of its
 * own ("...; hdparm -t is similar") rather than the end of theirs ("...,
 * both with hdparm -t")? More than four words or a ';' after the last
 * rate say so. */
static bool command_after_clause(const char *s, size_t cmd)
{
	size_t ov[2 * 3], last = 0;
	for (size_t at = 0; at < cmd && br_re_match(&re_prose_rate, s, cmd, at, ov, 3) > 0; at = ov[1])
		last = ov[1];
	size_t words = 0;
	for (size_t k = last; k < cmd; k++) {
		if (s[k] == ';' || s[k] == '.')
			return true;
		words += s[k] != ' ' && (k == last || s[k - 1] == ' ');
	}
	return words > 4;
}

/* The timing of a sentence at line i: hdparm's one option in it (*from
 * after it) or on the line above, or, in a document that shows hdparm,
 * one timing named before the first rate ("Timing buffered disk reads
 * with hdparm: sda=120MB/s, ..."); false when none says one. */
/* Is hdparm named in s[0..n) outside parentheses ("Compared dd with
 * hdparm -t:"), not only in an aside ("dd results (hdparm -t gave
 * similar):")? */
static bool hdparm_outside_parens(const char *s, size_t n)
{
	int depth = 0;
	for (size_t k = 0; k < n; k++) {
		if (s[k] == '(')
			depth++;
		else if (s[k] == ')' && depth)
			depth--;
		else if (!depth && (s[k] | 0x20) == 'h' && n - k >= 6 && strncasecmp(s + k, "hdparm", 6) == 0)
			return true;
	}
	return false;
}

/* Does an introduction s[0..n) say the figures under it are no hdparm
 * run's, whatever it names of hdparm: writes, an expectation ("I will run
 * hdparm -t tomorrow. Expected:"), a plan, an interface's limits, or
 * another tool's ("dd results (hdparm -t gave similar):", "fio reads,
 * hdparm -t about the same:"; not "Compared dd with hdparm -t --direct:",
 * where hdparm's are shown)? The lists under it (list_kind), the devices'
 * figures it leads to (sentence_timing, pairs_span) are none. */
static bool intro_not_run(const char *s, size_t n)
{
	static const char *const not_run[] = {"writ", "wrote", "expect", "limit", "theoretical",
					      "will run", "will test", "will try", "will bench",
					      "will measure", "will redo", "'ll run", "'ll test", "'ll try",
					      "going to run", "plan to", NULL};
	static const char *const alike[] = {"similar", "same", "close", "comparable", "agree", "match",
					    NULL};
	if (has_any_ci(s, n, not_run))
		return true;
	if (!has_word_ci(s, n, rate_other_tools))
		return false;
	return !hdparm_outside_parens(s, n) || has_any_ci(s, n, alike);
}

/* The one timing a line without figures says what follows is ("hdparm -t
 * on each disk:", "## Read speeds (hdparm -t)", "buffered disk reads with
 * hdparm:"): by hdparm's one option, or a kind's words (when no option
 * words said it). */
static bool intro_kind(const char *s, size_t n, enum kind *k)
{
	size_t ov[2 * 3];
	if (n > MAX_LINE || !br_has(s, n, "hdparm", 6) || br_re_match(&re_prose_rate, s, n, 0, ov, 3) > 0 ||
	    doubtful(s, n, false))
		return false;
	if (br_re_match(&re_prose_cmd, s, n, 0, ov, 3) > 0) {
		/* "(hdparm -T and -t)": another option after them names
		 * the other kind too */
		return !br_has(s + ov[1], n - ov[1], "hdparm", 6) && one_timing(s + ov[2], group_len(ov, 1), k) &&
		       !br_has(s + ov[1], n - ov[1], "-t", 2) && !br_has(s + ov[1], n - ov[1], "-T", 2) &&
		       !doubtful(s, n, true);
	}
	return kind_in(s, 0, n, k, NULL) == 1;
}

static bool sentence_timing(struct hp *st, size_t i, const struct sentence *se, enum kind *k,
			    size_t *from)
{
	size_t ov[2 * 3];
	bool named = br_has(se->text, se->n, "hdparm", 6);
	/* a kind's words ("cached", "buffered", "direct", "disk reads"), each
	 * looked for by its rarer bytes before the regex is asked */
	if ((named || has_evidence(st, i)) &&
	    (br_has(se->text, se->n, "ache", 4) || br_has(se->text, se->n, "uffer", 5) ||
	     br_has(se->text, se->n, "irect", 5) || br_has(se->text, se->n, "isk", 3)) &&
	    br_re_match(&re_prose_rate, se->text, se->n, 0, ov, 3) > 0 && kind_in(se->text, 0, ov[0], k, NULL) == 1) {
		size_t at;
		kind_in(se->text, 0, ov[0], k, &at);
		*from = at;
		return true;
	}
	if (named && br_re_match(&re_prose_cmd, se->text, se->n, 0, ov, 3) > 0) {
		*from = ov[1] - group_len(ov, 2); /* its devices count */
		/* "sdb: 230 MB/sec, sdc: 221 MB/sec, both with hdparm -t": the
		 * command after every rate says the timing of those before it */
		if (br_re_match(&re_prose_rate, se->text, se->n, *from, NULL, 0) <= 0 &&
		    !command_after_clause(se->text, ov[0]))
			*from = 0;
		return !br_has(se->text + ov[1], se->n - ov[1], "hdparm", 6) &&
		       one_timing(se->text + ov[2], group_len(ov, 1), k);
	}
	*from = 0;
	if (i == 0)
		return false;
	size_t n;
	const char *s = stripped(&st->doc->lines[i - 1], &n);
	return n && !intro_not_run(s, n) && intro_kind(s, n, k);
}

/* Could s[0..n) name a disk (re_prose_dev): a 'd' after 's', 'h', 'v',
 * 'x' or 'm' ("sda", "hdc", "xvdb", "md0", "/dev/"), FreeBSD's "ad0",
 * "ada1", "da2", or "nvme", "mmcblk"? One memchr pass, before the regex. */
static bool maybe_device(const char *s, size_t n)
{
	const char *end = s + n;
	for (const char *p = memchr(s, 'd', n); p; p = p + 1 < end ? memchr(p + 1, 'd', (size_t)(end - p - 1)) : NULL) {
		if (p > s && strchr("shvxme", p[-1]))
			return true;
		if (p + 1 < end && (is_digit(p[1]) || (p[1] == 'a' && p + 2 < end && is_digit(p[2]))))
			return true;
	}
	return br_has(s, n, "nvme", 4) || br_has(s, n, "mmcblk", 6);
}

static bool devices_in(struct hp *st, size_t i, struct sentence *sp);

/* The sentence line i starts, read whole; when it cannot be (another
 * tool's figures on the lines it wraps onto), line i alone, unless the
 * sentence makes its figures a question or a wish. */
static bool devices_sentence(struct hp *st, size_t i)
{
	struct sentence se;
	if (!sentence_at(st, i, &se))
		return false;
	bool doubt = doubtful(se.text, se.n, false);
	if (devices_in(st, i, &se))
		return true;
	if (se.last == i || doubt)
		return false;
	size_t n;
	const char *s = stripped(&st->doc->lines[i], &n);
	memcpy(se.text, s, n); /* (n <= se.n: the sentence's first line) */
	se.text[se.n = n] = '\0';
	se.last = i;
	return devices_in(st, i, &se);
}

static bool devices_in(struct hp *st, size_t i, struct sentence *sp)
{
	struct sentence se = *sp;
	enum kind k;
	size_t from, pairs;
	if (!maybe_device(se.text, se.n) || !sentence_timing(st, i, &se, &k, &from) ||
	    doubtful(se.text, se.n, false) ||
	    !sentence_items(&se, from) || !sentence_pairs(&se, &pairs))
		return false;
	if (rates_of_other_tool(se.text, se.n))
		return false;
	/* one device and hdparm in the sentence: prose_line's */
	if (pairs < 2 && from)
		return false;
	drop_pending(st);
	set_open(st, NULL);
	struct br_parse_ctx *ctx = st->ctx;
	for (size_t p = 0; p < pairs; p++) {
		size_t r = 2 * p + se.dev[2 * p], d = 2 * p + !se.dev[2 * p];
		struct br_record *rec = br_parse_record_new(ctx, BR_TOOL_HDPARM, i, se.last);
		size_t ov[2 * 3];
		br_re_match(&re_prose_rate, se.text, se.end[r], se.at[r], ov, 3);
		char buf[NUM_BUF];
		char *raw = num_text(buf, se.text + ov[2], group_len(ov, 1));
		br_record_set(rec, kind_metric[k],
			      fig_value(se.text + ov[2], group_len(ov, 1)) *
				      rate_scale((char)tolower((unsigned char)se.text[ov[4]])),
			      raw);
		num_free(raw, buf);
		br_record_param_str(rec, "read_from", "prose");
		record_done(st, rec, br_strndup(se.text + se.at[d], se.end[d] - se.at[d]), i, i, NULL);
	}
	hand_read(st, i, se.last, "hdparm figures of several devices quoted in prose");
	return true;
}

/* Has the document shown hdparm above line i (its name, a timing label)? */
static bool has_evidence(struct hp *st, size_t i)
{
	for (; !st->evidence && st->ev_upto < i; st->ev_upto++) {
		size_t n;
		const char *s = stripped(&st->doc->lines[st->ev_upto], &n);
		st->evidence = br_has(s, n, "hdparm", 6) ||
			       (n >= 6 && (s[0] | 0x20) == 't' && strncasecmp(s, "timing", 6) == 0);
	}
	return st->evidence;
}

/* Does the document show hdparm anywhere, above line i or below it (a
 * README's summary table before the outputs it sums up)? Looked for once. */
static bool shows_hdparm(struct hp *st, size_t i)
{
	if (has_evidence(st, i))
		return true;
	if (st->ev_all < 0) {
		st->ev_all = 0;
		for (size_t k = i; k < st->doc->nlines && !st->ev_all; k++) {
			size_t n;
			const char *s = stripped(&st->doc->lines[k], &n);
			st->ev_all = br_has(s, n, "hdparm", 6) ||
				     (n >= 6 && (s[0] | 0x20) == 't' && strncasecmp(s, "timing", 6) == 0);
		}
	}
	return st->ev_all > 0;
}

/* The unit the document's own timing lines print their rates in, when
 * they all print one ('m' for MB/sec, 'k' for kB/sec), else 0: what a table
 * copied from them without a unit means. Looked for once. */
static char timing_unit(struct hp *st)
{
	if (st->timing_unit != -1)
		return st->timing_unit;
	char u = 0;
	for (size_t k = 0; k < st->doc->nlines; k++) {
		size_t n;
		const char *s = stripped(&st->doc->lines[k], &n);
		if (n < 6 || (s[0] | 0x20) != 't' || strncasecmp(s, "timing", 6) != 0 || !br_has(s, n, "/s", 2))
			continue;
		char here = br_has(s, n, "MB/s", 4) ? 'm' : br_has(s, n, "kB/s", 4) ? 'k' : 0;
		if (!here || (u && here != u)) {
			u = 0;
			break;
		}
		u = here;
	}
	st->timing_unit = u;
	return u;
}

/*
 * "2 disks (hdb1,hdc1) buffered disk reads : 24.24 MB/sec". A line naming
 * its kind by a word only hdparm's readers use (buffered, bfr, cache,
 * direct) counts once the document has shown hdparm; a line naming no kind,
 * or only "disk", counts when it continues a run of result lines.
 */
/* Does s[0..n) name a figure the poster computed from runs ("Average",
 * "avg of 3", "mean", "median") rather than a run? alone: the name is
 * nothing but that word (emphasis and a colon aside). */
static bool computed_name(const char *s, size_t n, bool alone)
{
	static const char *const words[] = {"average", "avg", "mean", "median"};
	if (alone) {
		while (n && strchr("*_` \t", *s)) {
			s++;
			n--;
		}
		while (n && strchr("*_`: \t.", s[n - 1]))
			n--;
	}
	for (size_t k = 0; k < n; k++) {
		if (k && isalpha((unsigned char)s[k - 1]))
			continue;
		for (size_t w = 0; w < BR_ARRAY_LEN(words); w++) {
			size_t m = strlen(words[w]);
			if (k + m <= n && strncasecmp(s + k, words[w], m) == 0 &&
			    (k + m == n || !isalpha((unsigned char)s[k + m])) && (!alone || m == n))
				return true;
		}
	}
	return false;
}

/* The length of a numbered list's marker at the start of s ("1. ", "12)
 * " with its blank), 0 if none. */
static size_t list_marker(const char *s, size_t n)
{
	size_t m = 0;
	while (m < n && m < 3 && is_digit(s[m]))
		m++;
	if (!m || m + 2 >= n || (s[m] != '.' && s[m] != ')') || (s[m + 1] != ' ' && s[m + 1] != '\t'))
		return 0;
	return m + 2;
}

/* Where the device a hand-written line's title t[0..tn) is stands
 * ("**sda** (Samsung 860 EVO)", "`/dev/sdb`", "sdc"): *da its start, *dl
 * its length, *na..*nl the note in parentheses after it (0 long if none).
 * Nothing but Markdown's marks, blanks and that note around it. */
static bool title_device(const char *t, size_t tn, size_t *da, size_t *dl, size_t *na, size_t *nl)
{
	size_t a = 0, ov[2 * 2];
	while (a < tn && strchr("*_` \t", t[a]))
		a++;
	if (a == tn || br_re_match(&re_prose_dev, t + a, tn - a, 0, ov, 2) <= 0 || ov[0] != 0)
		return false;
	size_t e = a + ov[1];
	while (e < tn && strchr("*_`", t[e]))
		e++;
	while (e < tn && (t[e] == ' ' || t[e] == '\t'))
		e++;
	if (e < tn && !(t[e] == '(' && t[tn - 1] == ')' && tn - e > 2 && !memchr(t + e + 1, '(', tn - e - 2)))
		return false;
	*da = a;
	*dl = ov[1];
	*na = e < tn ? e + 1 : 0;
	*nl = e < tn ? tn - e - 2 : 0;
	return true;
}

static bool item_title(const char *t, size_t tn, size_t *da, size_t *dl, size_t *na, size_t *nl);

/* Is s[0..n) an item of a list of devices' rates ("- **sdb** (WD Blue):
 * 178.40 MB/sec")? Its re_hand groups in ov, its title's device as
 * title_device() says. */
static bool list_item_line(const char *s, size_t n, size_t *ov, size_t *da, size_t *dl, size_t *na, size_t *nl)
{
	size_t m = list_marker(s, n);
	s += m;
	n -= m;
	if (n > MAX_LINE || !ends_in_rate_unit(s, n) || br_re_match(&re_hand, s, n, 0, ov, 5) <= 0 || group_len(ov, 2))
		return false;
	size_t tn = group_len(ov, 1);
	while (tn && (s[ov[2] + tn - 1] == ' ' || s[ov[2] + tn - 1] == '\t'))
		tn--;
	return tn && item_title(s + ov[2], tn, da, dl, na, nl);
}

/* Is t[0..tn) the title of an item of a list of disks' rates: a device
 * (title_device), or a disk named by its model or its kind ("Crucial M4
 * 128GB", "SSD": a short name, led by a letter, no figure of its own or
 * sum; *dl 0: no device, the name is the note at *na..*nl)? */
static bool item_title(const char *t, size_t tn, size_t *da, size_t *dl, size_t *na, size_t *nl)
{
	if (title_device(t, tn, da, dl, na, nl))
		return true;
	size_t a = 0;
	while (a < tn && strchr("*_` \t", t[a]))
		a++;
	size_t e = tn;
	while (e > a && strchr("*_`", t[e - 1]))
		e--;
	size_t words = 0;
	for (size_t q = a; q < e; q++)
		words += (q == a || t[q - 1] == ' ') && t[q] != ' ';
	if (a == e || e - a > 40 || words > 5 || !isalpha((unsigned char)t[a]) || memchr(t + a, ':', e - a) ||
	    memchr(t + a, '=', e - a) || computed_name(t + a, e - a, false))
		return false;
	*da = a;
	*dl = 0;
	*na = a;
	*nl = e - a;
	return true;
}

enum { LIST_UP = 12 }; /* lines a list of devices' rates is looked over */

enum { INTRO_UP = 4 }; /* lines an introduction is looked up over */

static size_t intro_text(struct hp *st, size_t j, char *buf, size_t *m);

/* The timing an introduction of lines ending at line j names, read as one
 * sentence ("Disk read speeds, measured with hdparm -t on the new box," /
 * "three runs each, the median:"): its lines joined, up the paragraph to
 * at most INTRO_UP lines and MAX_LINE bytes, stopping at a blank line or
 * one with a rate (a record's, not the introduction's). */
static bool intro_para_kind(struct hp *st, size_t j, enum kind *k)
{
	char buf[MAX_LINE + 1];
	size_t m;
	if (intro_text(st, j, buf, &m) >= j) /* one line: intro_kind() said it */
		return false;
	return intro_kind(buf, m, k);
}

/* The introduction of lines ending at line j (intro_para_kind) joined
 * into buf[0..*m) (MAX_LINE + 1 bytes), blanks between its lines; its
 * first line. */
static size_t intro_text(struct hp *st, size_t j, char *buf, size_t *m)
{
	size_t top = j, len = 0, n, ov[2 * 3];
	for (;;) {
		const char *s = stripped(&st->doc->lines[top], &n);
		if (!n || len + n + 1 > MAX_LINE || (top < j && br_re_match(&re_prose_rate, s, n, 0, ov, 3) > 0)) {
			top++;
			break;
		}
		len += n + 1;
		if (top == 0 || j - top + 1 == INTRO_UP)
			break;
		top--;
	}
	if (top > j) /* line j alone is too long */
		top = j;
	*m = 0;
	for (size_t q = top; q <= j; q++) {
		const char *s = stripped(&st->doc->lines[q], &n);
		if (*m + (*m > 0) + n > MAX_LINE)
			break;
		if (*m)
			buf[(*m)++] = ' ';
		memcpy(buf + *m, s, n);
		*m += n;
	}
	return top;
}

/* The timing the line above a list of devices' rates names (intro_kind:
 * "## Disk read speeds (hdparm -t, three runs each)"), or the
 * introduction that line ends (intro_para_kind), the list's items and
 * blank lines between: one kind, one option ("hdparm -T and -t" names
 * two). */
static bool list_kind(struct hp *st, size_t i, enum kind *k, size_t *first)
{
	for (size_t j = i, item = i; j-- > 0 && i - j <= LIST_UP;) {
		size_t n, ov[2 * 5], da, dl, na, nl;
		const char *s = stripped(&st->doc->lines[j], &n);
		if (!n || list_item_line(s, n, ov, &da, &dl, &na, &nl)) {
			item = n ? j : item;
			continue;
		}
		*first = item;
		if (intro_not_run(s, n))
			return false;
		if (intro_kind(s, n, k))
			return true;
		return br_re_match(&re_prose_rate, s, n, 0, ov, 3) <= 0 && intro_para_kind(st, j, k);
	}
	return false;
}

/* Step 7 for a line naming no kind: an item of a list of devices' rates
 * under a line saying which timing they are (list_kind): a record of the
 * device, its note in parentheses the record's own title, the words
 * above the list (not the item above it: "1. sda: 412 MB/s") its
 * label's. */
static bool device_item(struct hp *st, size_t i)
{
	size_t n, ov[2 * 5], da, dl, na, nl, first;
	const char *s = stripped(&st->doc->lines[i], &n);
	enum kind k;
	if (!list_item_line(s, n, ov, &da, &dl, &na, &nl) || !list_kind(st, i, &k, &first))
		return false;
	s += list_marker(s, n); /* ov is of the line after its marker */
	const char *t = s + ov[2];
	drop_pending(st);
	set_open(st, NULL);
	struct br_record *rec = br_parse_record_new(st->ctx, BR_TOOL_HDPARM, i, i);
	char buf[NUM_BUF];
	char *raw = num_text(buf, s + ov[6], group_len(ov, 3));
	br_record_set(rec, kind_metric[k],
		      fig_value(s + ov[6], group_len(ov, 3)) * rate_scale((char)tolower((unsigned char)s[ov[8]])),
		      raw);
	num_free(raw, buf);
	record_done(st, rec, dl ? br_strndup(t + da, dl) : NULL, i, first, nl ? br_strndup(t + na, nl) : NULL);
	hand_read(st, i, i, "an hdparm figure of a device in a list under its timing");
	return true;
}

/*
 * A list whose figures are bare numbers, their unit and timing said once
 * in the introduction above it:
 *
 *   Speeds I measured (hdparm -t, MB/s):
 *   * Samsung 840 EVO: 498
 *   - sdb (WD Blue): 112
 *   3. old Hitachi: 64.8
 *
 * A record an item, as device_item's. A number is read so only under an
 * introduction that names both hdparm's one timing (intro_kind) and one
 * rate unit with no figure of its own: a list of counts or prices under
 * an introduction naming hdparm, or of anything under one naming no unit,
 * is no such list.
 */

/* The length of a list item's marker at the start of s ("* ", "- ", "+ ",
 * "• ", "1. ", "12) "), 0 if none. */
static size_t item_marker(const char *s, size_t n)
{
	if (n >= 2 && (s[0] == '*' || s[0] == '-' || s[0] == '+') && (s[1] == ' ' || s[1] == '\t'))
		return 2;
	if (n >= 4 && memcmp(s, "\xe2\x80\xa2", 3) == 0 && (s[3] == ' ' || s[3] == '\t'))
		return 4;
	return list_marker(s, n);
}

/* Is s[0..n) such an item: a marker (decoding takes away the marks a
 * block's lines share: then none), a title item_title() reads, ':' or
 * '=', a figure (FIG) and nothing after it, emphasis aside? Its title's
 * parts as item_title's, relative to *t; the figure at *f, *fn long;
 * *marked whether it had a marker. */
static bool bare_item(const char *s, size_t n, const char **t, size_t *da, size_t *dl, size_t *na, size_t *nl,
		      const char **f, size_t *fn, bool *marked)
{
	size_t m = item_marker(s, n), ov[2 * 3];
	*marked = m > 0;
	while (n > m && strchr(" \t*_`", s[n - 1]))
		n--;
	if (n <= m || !is_digit(s[n - 1]) || n > MAX_LINE ||
	    br_re_match(&re_bare_item, s + m, n - m, 0, ov, 3) <= 0)
		return false;
	*t = s + m + ov[2];
	*f = s + m + ov[4];
	*fn = group_len(ov, 2);
	size_t tn = group_len(ov, 1);
	while (tn && ((*t)[tn - 1] == ' ' || (*t)[tn - 1] == '\t'))
		tn--;
	return tn && item_title(*t, tn, da, dl, na, nl);
}

/* The one rate unit s[0..n) names with no figure before it ("(hdparm -t,
 * MB/s)"), as its letter; 0 when it names none, or two. */
static char intro_unit(const char *s, size_t n)
{
	size_t ov[2 * 2];
	char u = 0;
	for (size_t at = 0; br_re_match(&re_unit, s, n, at, ov, 2) > 0; at = ov[1]) {
		size_t b = ov[0];
		while (b && (s[b - 1] == ' ' || s[b - 1] == '\t'))
			b--;
		char c = (char)tolower((unsigned char)s[ov[2]]);
		if ((b && is_digit(s[b - 1])) || (u && c != u))
			return 0;
		u = c;
	}
	return u;
}

/* The line after the items of such a list whose first is line `first`
 * (blank lines between them, one at a time, allowed; the blank lines
 * after the last are not its); *items their count, *marked whether one
 * had a marker. */
static size_t bare_items_end(struct hp *st, size_t first, size_t *items, bool *marked)
{
	const char *t, *f;
	size_t n, da, dl, na, nl, fn, end = first;
	bool mk;
	*items = 0;
	*marked = false;
	for (size_t q = first; q < st->doc->nlines && !br_parse_is_claimed(st->ctx, q); q++) {
		const char *s = stripped(&st->doc->lines[q], &n);
		if (!n) {
			if (q > end)
				break; /* two blank lines */
			continue;
		}
		if (!bare_item(s, n, &t, &da, &dl, &na, &nl, &f, &fn, &mk))
			break;
		++*items;
		*marked |= mk;
		end = q + 1;
	}
	return end;
}

/* Step 3b of one_line: line i (naming a rate unit) in the introduction of
 * such a list: its items read, a record each; false when it is none. The
 * list starts right under the introduction (a blank line between them
 * allowed), the introduction's paragraph going on at most INTRO_UP lines
 * past line i. Lines with no marker (decoding took the marks away, or
 * there were none: "sda: 498") are a list when two or more. */
static bool bare_list(struct hp *st, size_t i)
{
	const char *t, *f;
	size_t n, da, dl, na, nl, fn, j = i, first = 0;
	bool mk;
	for (size_t nx = i + 1; nx < st->doc->nlines && nx <= i + INTRO_UP + 1; nx++) {
		const char *s = stripped(&st->doc->lines[nx], &n);
		if (bare_item(s, n, &t, &da, &dl, &na, &nl, &f, &fn, &mk)) {
			first = nx;
			break;
		}
		if (!n && nx + 1 < st->doc->nlines) {
			s = stripped(&st->doc->lines[nx + 1], &n);
			if (bare_item(s, n, &t, &da, &dl, &na, &nl, &f, &fn, &mk))
				first = nx + 1;
			break;
		}
		if (!n || nx > i + INTRO_UP - 1)
			break;
		j = nx; /* the introduction goes on */
	}
	size_t items, end;
	bool marked;
	if (!first || (end = bare_items_end(st, first, &items, &marked)) == first || (!marked && items < 2))
		return false;
	char buf[MAX_LINE + 1];
	size_t m;
	enum kind k;
	intro_text(st, j, buf, &m);
	char unit = intro_unit(buf, m);
	if (!unit || intro_not_run(buf, m) || !intro_kind(buf, m, &k))
		return false;
	drop_pending(st);
	set_open(st, NULL);
	for (size_t q = first; q < end; q++) {
		const char *s = stripped(&st->doc->lines[q], &n);
		if (!n || !bare_item(s, n, &t, &da, &dl, &na, &nl, &f, &fn, &mk))
			continue;
		struct br_record *rec = br_parse_record_new(st->ctx, BR_TOOL_HDPARM, q, q);
		char nb[NUM_BUF];
		char *raw = num_text(nb, f, fn);
		br_record_set(rec, kind_metric[k], fig_value(f, fn) * rate_scale(unit), raw);
		num_free(raw, nb);
		record_done(st, rec, dl ? br_strndup(t + da, dl) : NULL, q, first, nl ? br_strndup(t + na, nl) : NULL);
	}
	hand_read(st, first, end - 1, "an hdparm figure in a list whose introduction names its timing and unit");
	return true;
}

/* The run of line i (s: its text) from a hand line's match ov: its rate
 * is group g, its unit's first letter group g + 1; own: its title. */
static void emit_hand_rate(struct hp *st, size_t i, enum kind k, const char *s, const size_t *ov, int g,
			   const char *own, const char *why)
{
	struct figures f = {0};
	f.rate = s + ov[2 * g];
	f.rate_len = group_len(ov, g);
	f.unit = (char)tolower((unsigned char)s[ov[2 * g + 2]]);
	hdparm_line(st, i);
	emit(st, i, i, k, &f, NO_OFFSET, own, why);
}

static bool hand_line(struct hp *st, size_t i, const char *s, size_t n)
{
	size_t ov[2 * 5];
	/* "1. cached reads: 812 MB/sec": the marker is no title */
	size_t m = list_marker(s, n);
	s += m;
	n -= m;
	if (!ends_in_rate_unit(s, n) || br_re_match(&re_hand, s, n, 0, ov, 5) <= 0)
		return false;
	const char *words = s + ov[4];
	size_t wn = group_len(ov, 2);
	bool cache = has_ci(words, wn, "cache"), direct = has_ci(words, wn, "direct");
	bool disk = has_ci(words, wn, "disk") || has_ci(words, wn, "buffered") ||
		    has_ci(words, wn, "bfr");
	bool strong = cache || direct || has_ci(words, wn, "buffered") || has_ci(words, wn, "bfr");
	bool run = st->have_last && st->prev_nonblank == st->last_idx + 1;
	/* "Timing buffered disk reads = 45.20 MB/sec": hdparm's own label
	 * leading the line, '=' for its ':', is evidence enough */
	bool own_label = ov[2] == ov[3] && wn >= 6 && strncasecmp(words, "timing", 6) == 0;
	enum kind k;
	if ((strong && (own_label || has_evidence(st, i))) || (run && (cache || direct || disk)))
		k = kind_of(words, wn);
	else if (run)
		k = st->last_kind;
	else
		return device_item(st, i);
	if (st->have_last && computed_name(s, ov[6], false)) {
		/* "Average buffered disk reads: 146.14 MB/sec" under the runs:
		 * the runs are the results (--aggregate averages them) */
		br_parse_claim(st->ctx, i, i, "a figure computed from the runs (average), not a run");
		return true;
	}
	const char *t = s + ov[2];
	size_t tn = group_len(ov, 1);
	while (tn && (t[tn - 1] == ' ' || t[tn - 1] == '\t'))
		tn--;
	char *own = tn ? br_strndup(t, tn) : NULL;
	emit_hand_rate(st, i, k, s, ov, 3, own, "result line written by hand");
	free(own);
	return true;
}

/*
 * A run written by hand by hdparm's options, the tool not named:
 *
 *   sda                      /dev/sdb:
 *   -t: 513.87 MB/sec         -t 120.3 MB/s
 *   -T: 9823.11 MB/sec        -T 8850.2 MB/s
 *
 * -t and -T beside a rate are hdparm's own words, but only under a
 * device: its header ("/dev/sdb:", read already: the block's host), or
 * its name alone on the line above ("sda", "**sdb**:"). The lines of one
 * device are one run (join_open), as hdparm's own timing lines are. An
 * option with words between it and the rate ("fio -t 60 read: 480 MB/s",
 * "-t 30 seconds: 300 MB/s") is no such line.
 */

static bool device_cell(const char *c, size_t cn);

/* Is s[0..n) a device's name alone ("sda", "sda:", "`/dev/sdb`")? Its
 * start in *d, its length returned; 0 if not. */
static size_t device_alone(const char *s, size_t n, const char **d)
{
	while (n && strchr("*_`", *s)) {
		s++;
		n--;
	}
	while (n && strchr("*_`: \t", s[n - 1]))
		n--;
	*d = s;
	return device_cell(s, n) ? n : 0;
}

static bool option_line(struct hp *st, size_t i, const char *s, size_t n)
{
	size_t ov[2 * 4];
	enum kind k;
	if (n < 6 || n > MAX_LINE || s[0] != '-' || !(s[1] == 't' || s[1] == 'T' || s[1] == '-') ||
	    br_re_match(&re_option_rate, s, n, 0, ov, 4) <= 0 || !one_timing(s + ov[2], group_len(ov, 1), &k))
		return false;
	size_t j = st->prev_nonblank, pn = 0;
	const char *p = j ? stripped(&st->doc->lines[j - 1], &pn) : NULL;
	/* right under the device's header (not a setting hdparm printed: what
	 * looks like one may be another tool's "dd if=..."), or under the
	 * line before of its run */
	bool under = st->in_block && st->host.len && j &&
		     ((st->about_dev == j && !settings_line(p, pn)) || (st->have_last && st->last_idx + 1 == j));
	if (!under) {
		/* the device's name alone on the line above */
		size_t dn;
		const char *dev;
		if (!j || br_parse_is_claimed(st->ctx, j - 1) || !(dn = device_alone(p, pn, &dev)))
			return false;
		st->in_block = false;
		device_line(st, j - 1, dev, dn, NULL, 0);
	}
	emit_hand_rate(st, i, k, s, ov, 2, NULL, "hdparm's option and its rate under a device, written by hand");
	return true;
}

/*
 * The device named in text before a timing label on a collapsed line
 * (formats/hdparm.md §5): the last "/dev/sda:" there, with the words after
 * it as its note; else the one device a prompt there names ("# hdparm -t
 * /dev/sda"), or a path alone (a table cell). None: the device stays.
 */
/* The text of g[0..n) when it is a table's cell before the one holding the
 * timing lines ("alpha<TAB>", "| sda (SSD) | "): the row's name, blanks
 * and '|' around it gone; 0 when g does not end a cell or holds nothing. */
static size_t cell_name(const char *g, size_t n, const char **name)
{
	while (n && g[n - 1] == ' ')
		n--;
	if (!n || (g[n - 1] != '\t' && g[n - 1] != '|'))
		return 0;
	while (n && (*g == ' ' || *g == '\t' || *g == '|')) {
		g++;
		n--;
	}
	while (n && (g[n - 1] == ' ' || g[n - 1] == '\t' || g[n - 1] == '|'))
		n--;
	*name = g;
	return n <= NOTE_MAX ? n : 0;
}

/* "old card: " before a device on a line whose line ends were lost ("old
 * card: /dev/sdb: Timing cached reads: ..."): a name of one to four words
 * and its ':' (as tagged_device_header reads "srv-a: /dev/sda:" on a line
 * of its own); its length, 0 when g[0..n) is no such name. */
static size_t name_tag(const char *g, size_t n, const char **name)
{
	while (n && (g[n - 1] == ' ' || g[n - 1] == '\t'))
		n--;
	while (n && (*g == ' ' || *g == '\t')) {
		g++;
		n--;
	}
	if (n < 3 || g[n - 1] != ':' || !isalnum((unsigned char)g[0]))
		return 0;
	n--;
	size_t words = 1;
	for (size_t k = 0; k < n; k++) {
		if (strchr(":=@$#/|", g[k]))
			return 0;
		words += g[k] == ' ' && k + 1 < n && g[k + 1] != ' ';
	}
	*name = g;
	return n <= NOTE_MAX && words <= 4 ? n : 0;
}

/* Step of gap_device: the device dev[0..dn) named in the gap g[0..n) ("/dev/sda:
 * (ssd500)" before the label), the text after its ':' a note. */
static void device_in_gap(struct hp *st, const char *g, const char *dev, size_t dn, const char *after,
			  size_t n, bool first)
{
	const char *note = after;
	size_t nn = (size_t)(g + n - after);
	while (nn && (*note == ' ' || *note == '\t' || *note == '|')) {
		note++;
		nn--;
	}
	while (nn && (note[nn - 1] == ' ' || note[nn - 1] == '\t' || note[nn - 1] == '|'))
		nn--;
	if (nn > NOTE_MAX || memchr(note, ':', nn) || memchr(note, '=', nn) ||
	    looks_like_stderr(note, nn))
		nn = 0;
	set_open(st, NULL);
	/* "alpha<TAB>/dev/sda: Timing ...": the row's name for a note */
	const char *cn;
	size_t cl = first && !nn ? cell_name(g, (size_t)(dev - g), &cn) : 0;
	if (!cl && first && !nn)
		cl = name_tag(g, (size_t)(dev - g), &cn);
	if (cl) {
		set_host(st, dev, dn, NULL, 0);
		br_buf_add(&st->note, cn, cl);
	} else {
		set_host(st, dev, dn, note, nn);
	}
}

static void gap_device(struct hp *st, size_t i, const char *g, size_t n, bool first)
{
	const char *dev = NULL, *after = NULL;
	size_t dn = 0;
	for (size_t k = 0; k < n; k++) {
		if (g[k] != '/' || (k && g[k - 1] != ' ' && g[k - 1] != '\t' && g[k - 1] != '|' &&
				    (n - k < 5 || memcmp(g + k, "/dev/", 5) != 0)))
			continue;
		size_t e = k;
		while (e < n && g[e] != ' ' && g[e] != '\t' && g[e] != ':')
			e++;
		if (e < n && g[e] == ':' && e - k >= 2) {
			dev = g + k;
			dn = e - k;
			after = g + e + 1;
		}
		k = e;
	}
	if (dev) {
		device_in_gap(st, g, dev, dn, after, n, first);
		return;
	}
	size_t ov[2 * 2];
	if (hdparm_with_args(g, n) && br_re_match(&re_prompt, g, n, 0, ov, 2) > 0) {
		st->evidence = true;
		if (ov[2] != (size_t)-1 && prompt_devices(g + ov[2], g + ov[3], &dev, &dn) == 1) {
			set_open(st, NULL);
			set_host(st, dev, dn, NULL, 0);
		}
		return;
	}
	const char *cn;
	size_t cl = first ? cell_name(g, n, &cn) : 0;
	while (n && (*g == ' ' || *g == '\t' || *g == '|')) {
		g++;
		n--;
	}
	while (n && (g[n - 1] == ' ' || g[n - 1] == '\t' || g[n - 1] == '|'))
		n--;
	if (n > 5 && strncmp(g, "/dev/", 5) == 0 && !memchr(g, ' ', n) && !memchr(g, '\t', n)) {
		set_open(st, NULL);
		set_host(st, g, n, NULL, 0);
	} else if (cl) {
		/* the row's name, whatever it holds ("sdc: USB stick") */
		set_open(st, NULL);
		set_host(st, NULL, 0, NULL, 0);
		br_buf_add(&st->note, cn, cl);
	} else if (first && n > 1 && n <= NOTE_MAX && (g[n - 1] == ':' || g[n - 1] == '-')) {
		/* "node03: Timing cached reads: ...": a name, of no device */
		while (n && strchr(" \t:-", g[n - 1]))
			n--;
		if (n && !memchr(g, ':', n) && !memchr(g, '=', n)) {
			/* the tag of the device header above ("srv-a: /dev/sda:"):
			 * the same host's device */
			if (st->host.len && st->note.len == n && memcmp(st->note.data, g, n) == 0 &&
			    st->note_line) {
				st->note_line = i + 1;
				return;
			}
			set_open(st, NULL);
			/* a name as the line gives it, not a note after
			 * figures: "sda (SSD)" keeps its parenthesis */
			set_host(st, NULL, 0, NULL, 0);
			br_buf_add(&st->note, g, n);
			st->note_line = i + 1;
		}
	}
}

/*
 * A line holding timing labels other than one at its start: the line ends
 * of a paste were lost ("# hdparm -Tt /dev/hdb /dev/hdb: Timing
 * buffer-cache reads: 412 MB in ... Timing buffered disk reads: 64 MB in
 * ..."). Each label is read with the text up to the next one, as a timing
 * line of its own, after the device named in the text before it. False
 * when the line is an ordinary timing line (or none).
 */
/* s[0..n) without the blanks, '|' and ':' around it. */
static const char *name_trim(const char *s, size_t *n)
{
	while (*n && strchr(" \t|:", *s)) {
		s++;
		(*n)--;
	}
	while (*n && strchr(" \t|:", s[*n - 1]))
		(*n)--;
	return s;
}

/* Is the name before the one label of line i (s[0..at)) that of the line
 * before, the open record's line? Each timing line of one invocation behind
 * the same name: `grep -H Timing *.log`, a table row per timing line, a
 * script's "sda: " in front of hdparm's lines. */
static bool same_name_as_before(struct hp *st, size_t i, const char *s, size_t at)
{
	if (!st->open || !st->have_last || st->last_idx + 1 != i)
		return false;
	size_t pn, ov[2 * 3];
	const char *p = stripped(&st->doc->lines[i - 1], &pn);
	if (timing_any(p, pn, 0, ov, 3) <= 0 || ov[0] == 0 ||
	    timing_any(p, pn, ov[1], NULL, 0) > 0)
		return false;
	size_t a = at, b = ov[0];
	const char *x = name_trim(s, &a), *y = name_trim(p, &b);
	return a && a == b && memcmp(x, y, a) == 0;
}

static bool collapsed_line(struct hp *st, size_t i, const char *s, size_t n, const struct tlabel *known)
{
	size_t ov[2 * 3], nx[2 * 3];
	if (first_label(s, n, known, ov) <= 0)
		return false;
	bool more = timing_any(s, n, ov[1], nx, 3) > 0;
	if (ov[0] == 0 && !more)
		return false;
	size_t gap = 0; /* the text before the label, after the previous label */
	/* the same name as the line before: the same invocation, its record
	 * stays open for this line's kind */
	bool same = !more && same_name_as_before(st, i, s, ov[0]);
	/* words before the first label (not marks: "#", "*"): what follows is
	 * a result of its own */
	for (size_t k = 0; k < ov[0] && !same; k++)
		if (isalnum((unsigned char)s[k])) {
			set_open(st, NULL);
			break;
		}
	for (;;) {
		if (!same)
			gap_device(st, i, s + gap, ov[0] - gap, gap == 0);
		size_t end = more ? nx[0] : n, base = ov[0], rel[2 * 3];
		for (int g = 0; g < 2 * 3; g++)
			rel[g] = ov[g] == (size_t)-1 ? (size_t)-1 : ov[g] - base;
		timing_line(st, i, s + base, end - base, rel);
		if (!more)
			break;
		gap = ov[1];
		memcpy(ov, nx, sizeof ov);
		more = timing_any(s, n, ov[1], nx, 3) > 0;
	}
	return true;
}

/*
 * A line of the poster's own between a device header and its timings
 * ("/dev/sdb:" / "Backup disk (USB):" / " Timing cached reads: ..."): the
 * name of that run, the records' own title (as a note after the header).
 * Only a short line directly above a timing or settings line.
 */
static bool device_note(struct hp *st, size_t i, const char *s, size_t n)
{
	if (!st->in_block || !st->host.len || st->note.len || st->open || n > NOTE_MAX ||
	    !st->about_dev || st->prev_nonblank != st->about_dev || memchr(s, '=', n) ||
	    memchr(s, '|', n) || looks_like_stderr(s, n) || has(s, n, "hdparm"))
		return false;
	bool word = false;
	for (size_t k = 0; k < n && !word; k++)
		word = isalnum((unsigned char)s[k]) != 0;
	if (!word)
		return false;
	size_t j = i + 1, tn = 0;
	const char *t = NULL;
	if (j < st->doc->nlines)
		t = stripped(&st->doc->lines[j], &tn);
	if (tn == 0 && ++j < st->doc->nlines)
		t = stripped(&st->doc->lines[j], &tn);
	if (tn == 0 || br_parse_is_claimed(st->ctx, j) ||
	    !((tn >= 6 && strncasecmp(t, "timing", 6) == 0) || settings_line(t, tn)))
		return false;
	while (n && (s[n - 1] == ':' || s[n - 1] == ' '))
		n--;
	if (n == 0)
		return false;
	br_buf_add(&st->note, s, n);
	hdparm_line(st, i);
	br_parse_claim(st->ctx, i, i, "the poster's name for the device's run");
	return true;
}

/* A note pointing up at the run just above it ("^ that's my ThinkPad T480",
 * "^^ the old Dell"), a blank line between them at most: the note titles
 * that run's record (still open, so not yet given out), its marks and
 * "that's my" left out. */
static bool name_below(struct hp *st, size_t i, const char *s, size_t n)
{
	static const char *const lead[] = {"that's ", "that is ", "that was ", "this is ", "this was ",
					   "thats ", "above is ", "above: "};
	static const char *const dets[] = {"my ", "the ", "our ", "a ", "an "};
	struct br_record *r = st->open;
	if (!r || s[0] != '^' || !st->have_last || i > st->last_idx + 2)
		return false;
	size_t a = 0;
	while (a < n && (s[a] == '^' || s[a] == ' ' || s[a] == '\t'))
		a++;
	if (n - a > 4 && strncasecmp(s + a, "and ", 4) == 0)
		a += 4;
	for (size_t k = 0; k < BR_ARRAY_LEN(lead); k++)
		if (n - a > strlen(lead[k]) && strncasecmp(s + a, lead[k], strlen(lead[k])) == 0) {
			a += strlen(lead[k]);
			break;
		}
	for (size_t k = 0; k < BR_ARRAY_LEN(dets); k++)
		if (n - a > strlen(dets[k]) && strncasecmp(s + a, dets[k], strlen(dets[k])) == 0) {
			a += strlen(dets[k]);
			break;
		}
	char *title = br_label_note(s + a, n - a);
	if (!title)
		return false;
	struct br_buf b = BR_BUF_INIT;
	if (r->label) {
		br_buf_adds(&b, r->label);
		br_buf_adds(&b, " / ");
	}
	br_buf_adds(&b, title);
	br_record_set_label(r, b.data);
	br_buf_free(&b);
	free(title);
	br_parse_claim(st->ctx, i, i, "the poster's name for the run above");
	set_open(st, NULL);
	return true;
}

/* Text naming a result ("node01 /dev/sda:", "WD Red 3TB -"): the device
 * path in it, and the rest as the title (each NULL when none). */
static void name_parts(const char *t, size_t tn, char **host, char **own)
{
	*host = *own = NULL;
	/* (Markdown's code and emphasis marks around a name: "`/dev/sda`:") */
	while (tn && strchr(" \t:-,=(|`*", t[tn - 1]))
		tn--;
	while (tn && (*t == ' ' || *t == '\t' || *t == '|' || *t == '`' || *t == '*')) {
		t++;
		tn--;
	}
	if (tn == 0 || tn > TABLE_NAME_MAX)
		return;
	size_t d = 0;
	while (d < tn && !(t[d] == '/' && (d == 0 || strchr(" \t`*;|", t[d - 1]))))
		d++;
	size_t e = d;
	while (e < tn && t[e] != ' ' && t[e] != '\t')
		e++;
	if (d < tn && e - d > 1) {
		size_t hn = e - d;
		while (hn && strchr(":`*", t[d + hn - 1]))
			hn--;
		*host = br_strndup(t + d, hn);
		/* the rest, when the path ends the name or starts it */
		if (e == tn)
			tn = d;
		else if (d == 0) {
			t += e;
			tn -= e;
		} else
			tn = 0;
		while (tn && strchr(" \t:-,=(|;", t[tn - 1]))
			tn--;
		while (tn && strchr(" \t:-,|;", *t)) {
			t++;
			tn--;
		}
		/* "/dev/sda (Intel 320):": the note in its parentheses */
		if (tn > 2 && t[0] == '(' && t[tn - 1] == ')' && !memchr(t + 1, '(', tn - 2) &&
		    !memchr(t + 1, ')', tn - 2)) {
			t++;
			tn -= 2;
		}
	}
	if (tn)
		*own = br_strndup(t, tn);
}

/* ---------------------------------------------------------------- tables */

/*
 * A summary table written by hand from hdparm's lines: a header naming
 * timing kinds, one row per device or disk with the rates.
 *
 *   | Disk     | Timing cached reads | Timing buffered disk reads |
 *   |----------|---------------------|----------------------------|
 *   | /dev/sda | 498.10 MB/sec       | 95.3 MB/sec                |
 *   disk            cached (MB/s)   buffered (MB/s)
 *   WD Green 2TB    1520.3          112.4
 *
 * Columns are cells between '|' or TABs; with neither, the rates are read
 * from the right of the row, one per column of the header. The first cell
 * that is not a rate names the row: a device path is the record's host,
 * anything else its own title. A rate takes its unit from its cell, else
 * from its column's header, else from the header line; with none it is
 * not read (no guess). A cell may hold hdparm's whole figures.
 */
struct tcol {
	enum kind kind;
	size_t cell; /* index of its cell ('|' and TAB tables) */
	char unit;   /* from its header cell, 0 = none */
};

struct table {
	char sep;    /* '|', '\t', or ' ' (rates read from the right, or with
		      * gaps: cells apart by two blanks or more) */
	bool gaps;
	size_t ncol;
	struct tcol col[4];
	size_t name_cell; /* (size_t)-1: none */
	size_t name_last; /* the last cell before the kinds' (name_cell when none) */
	size_t cells; /* gaps: the header's cells, */
	size_t last_at, prev_at; /* where its last two start */
	char unit;   /* from the header line */
	bool dc;     /* its figures have a decimal comma (table_commas) */
};

/* The kind a re_column match names: hdparm's -T, its -t, or the words. */
static enum kind column_kind(const char *s, const size_t *ov)
{
	if (ov[4] != (size_t)-1)
		return K_CACHED;
	if (ov[6] != (size_t)-1)
		return K_BUFFERED;
	return kind_of(s + ov[2], group_len(ov, 1));
}

/* Is there a gap of two blanks or more in s[0..n) (a column break of a
 * table aligned with spaces)? */
static bool has_gap(const char *s, size_t n)
{
	for (size_t k = 1; k < n; k++)
		if (s[k] == ' ' && s[k - 1] == ' ')
			return true;
	return false;
}

/* Cell k of s[0..n) between separators ('|', or the TABs decode puts
 * between an HTML row's cells: other TABs are expanded; ' ': a gap of two
 * blanks or more, the columns of a table aligned with spaces; '1': one
 * blank or more, a table whose spacing was lost, one word a cell). */
static size_t word_end(const char *s, size_t n, size_t a)
{
	while (a < n && s[a] != ' ')
		a++;
	return a;
}

static size_t skip_blanks(const char *s, size_t n, size_t a)
{
	while (a < n && s[a] == ' ')
		a++;
	return a;
}

/* A rate's unit as a word of its own ("MB/s", "MiB/sec", "kB/s")? */
static bool unit_word(const char *w, size_t n)
{
	if (n < 3 || !isalpha((unsigned char)w[0]))
		return false;
	const char *sl = memchr(w, '/', n);
	return sl && sl + 1 < w + n && (sl[1] == 's' || sl[1] == 'S');
}

/* Cell k of a line whose spacing was lost (cell_at's '1'): a word a cell,
 * but a unit after a figure ("72.4 MB/s") stays in the figure's cell, and
 * the words before the first figure of a line that has one ("cached reads
 * 9412.6 7649.6") are one cell, the row's name. */
static bool word_cell_at(const char *s, size_t n, size_t k, const char **c, size_t *cn)
{
	size_t a = skip_blanks(s, n, 0), idx = 0;
	bool name = false;
	if (a < n && !is_digit(s[a]))
		for (size_t w = a; w < n && !name; w = skip_blanks(s, n, word_end(s, n, w)))
			name = is_digit(s[w]);
	for (; a < n; a = skip_blanks(s, n, a), idx++) {
		size_t b = word_end(s, n, a), nx = skip_blanks(s, n, b);
		if (name) {
			while (nx < n && !is_digit(s[nx])) {
				b = word_end(s, n, nx);
				nx = skip_blanks(s, n, b);
			}
			name = false;
		} else if (is_digit(s[a]) && nx < n && unit_word(s + nx, word_end(s, n, nx) - nx)) {
			b = word_end(s, n, nx);
		}
		if (idx == k) {
			*c = s + a;
			*cn = b - a;
			return true;
		}
		a = b;
	}
	return false;
}

static bool cell_at(const char *s, size_t n, char sep, size_t k, const char **c, size_t *cn)
{
	if (sep == '1')
		return word_cell_at(s, n, k, c, cn);
	size_t a = 0, idx = 0;
	for (;;) {
		size_t b = a;
		while (b < n && !(s[b] == sep && (sep != ' ' || (b + 1 < n && s[b + 1] == ' '))))
			b++;
		if (idx == k) {
			*c = s + a;
			*cn = b - a;
			while (*cn && (**c == ' ' || **c == '\t')) {
				++*c;
				--*cn;
			}
			while (*cn && ((*c)[*cn - 1] == ' ' || (*c)[*cn - 1] == '\t'))
				--*cn;
			return true;
		}
		if (b >= n)
			return false;
		a = b + 1;
		while (sep == ' ' && a < n && s[a] == ' ')
			a++;
		idx++;
	}
}

static size_t cell_index(const char *s, size_t pos, char sep)
{
	size_t k = 0;
	for (size_t j = 0; j < pos; j++)
		k += s[j] == sep;
	return k;
}

static char unit_in(const char *s, size_t n)
{
	size_t ov[2 * 2];
	if (br_re_match(&re_unit, s, n, 0, ov, 2) <= 0)
		return 0;
	return (char)tolower((unsigned char)s[ov[2]]);
}

/* A CSV header a poster wrote for a spreadsheet ("device,hdparm -T
 * (MB/s),hdparm -t (MB/s)"), or one a spreadsheet of a decimal-comma
 * locale exported ("host;device;cached reads MB/s;..."): two separators
 * `sep` or more, no cell empty, and no separator followed by a blank (a
 * sentence's "cached, buffered and"). */
static bool sep_header(const char *s, size_t n, char sep)
{
	size_t seps = 0;
	for (size_t k = 0; k < n; k++)
		if (s[k] == sep) {
			if (k == 0 || k + 1 >= n || s[k + 1] == ' ' || s[k + 1] == sep)
				return false;
			seps++;
		}
	return seps >= 2;
}

/* Does s[0..n) hold nothing but rate units ("(MB/s)", "MB/sec"), blanks
 * and brackets? */
static bool only_units(const char *s, size_t n)
{
	size_t ov[2 * 2], at = 0;
	while (at < n) {
		if (br_re_match(&re_unit, s, n, at, ov, 2) > 0 && ov[0] == at) {
			at = ov[1];
			continue;
		}
		if (isalnum((unsigned char)s[at]))
			return false;
		at++;
	}
	return true;
}

/* The count of gaps of two blanks or more in s[0..pos): the cell of a
 * table aligned with blanks that byte pos is in. */
static size_t gap_index(const char *s, size_t pos)
{
	size_t k = 0;
	for (size_t j = 1; j < pos; j++)
		k += s[j] == ' ' && s[j - 1] == ' ' && (j < 2 || s[j - 2] != ' ');
	return k;
}

/* A header aligned with blanks whose kinds are not its last columns
 * ("host  hdparm cached (MB/s)  hdparm buffered (MB/s)  bonnie++ block
 * write (K/sec)"): each kind's cell by the gaps of two blanks or more
 * (the kinds at bytes pos[]), one kind a cell, its unit from its cell; t
 * read so (t->gaps). False when the header has no such cells. */
static bool gap_columns(const char *s, size_t n, const size_t *pos, struct table *t)
{
	if (gap_index(s, n) < 2)
		return false;
	for (size_t c = 0; c < t->ncol; c++) {
		t->col[c].cell = gap_index(s, pos[c]);
		if (c && t->col[c].cell == t->col[c - 1].cell)
			return false;
		const char *h;
		size_t hn;
		if (cell_at(s, n, ' ', t->col[c].cell, &h, &hn))
			t->col[c].unit = unit_in(h, hn);
	}
	t->gaps = true;
	t->cells = gap_index(s, n) + 1;
	const char *h;
	size_t hn;
	if (cell_at(s, n, ' ', t->cells - 1, &h, &hn))
		t->last_at = (size_t)(h - s);
	if (cell_at(s, n, ' ', t->cells - 2, &h, &hn))
		t->prev_at = (size_t)(h - s);
	return true;
}

static bool names_other_tool(struct hp *st);
static const char *table_text(const struct br_line *l, size_t *n);

/* A table header t at line i in a document that names no hdparm: are its
 * columns hdparm's two timings, "cached" and "buffered", over rates of
 * MB/s ("| disk | Cached | Buffered |" over "| sda | 9120 MB/s | 512 MB/s
 * |", or "(MB/s)" in the header)? The pair is hdparm's -T and -t; one of
 * them ("cached" beside dd's "direct"), rates with no unit, or a document
 * that names another disk benchmark is not. */
static bool both_kinds(struct hp *st, const struct table *t, size_t i)
{
	bool cached = false, buffered = false;
	for (size_t c = 0; c < t->ncol; c++) {
		cached = cached || t->col[c].kind == K_CACHED;
		buffered = buffered || t->col[c].kind == K_BUFFERED;
	}
	if (!cached || !buffered || names_other_tool(st))
		return false;
	bool mb = t->unit == 'm' || t->unit == 'g' || t->unit == 'k';
	/* else a rate's unit in its first row (a rule and a units row may
	 * come before it) */
	for (size_t j = i + 1; !mb && j < st->doc->nlines && j <= i + 3; j++) {
		size_t rn;
		const char *r = table_text(&st->doc->lines[j], &rn);
		if (rn == 0)
			break;
		mb = has_ci(r, rn, "b/s");
	}
	return mb;
}

/* Is s[0..n) a table header naming timing kinds? Fills t. */
static bool table_header(struct hp *st, size_t i, const char *s, size_t n, struct table *t)
{
	memset(t, 0, sizeof *t);
	if (n > TABLE_HEAD_MAX || has(s, n, "MB in"))
		return false;
	t->sep = ' ';
	if (memchr(s, '|', n))
		t->sep = '|';
	else if (memchr(s, '\t', n))
		t->sep = '\t';
	else if (sep_header(s, n, ';'))
		t->sep = ';';
	else if (sep_header(s, n, ','))
		t->sep = ',';
	if (t->sep == ' ')
		for (size_t k = 0; k < n; k++)
			if (is_digit(s[k]) || s[k] == '.' || s[k] == ',' ||
			    (s[k] == ':' && !(k >= 4 && strncasecmp(s + k - 4, "read", 4) == 0) &&
			     !(k >= 5 && strncasecmp(s + k - 5, "reads", 5) == 0)))
				return false; /* a sentence, not a header ("reads:" may end a column's name) */
	size_t ov[2 * 4], at = 0, pos[BR_ARRAY_LEN(t->col)];
	while (column_match(s, n, at, ov) > 0) {
		enum kind k = column_kind(s, ov);
		for (size_t c = 0; c < t->ncol; c++)
			if (t->col[c].kind == k)
				return false; /* two columns of one kind: not one run a row */
		if (t->ncol == BR_ARRAY_LEN(t->col))
			return false;
		pos[t->ncol] = ov[0];
		struct tcol *c = &t->col[t->ncol++];
		c->kind = k;
		c->cell = t->sep == ' ' ? 0 : cell_index(s, ov[0], t->sep);
		if (t->sep != ' ') {
			const char *h;
			size_t hn;
			if (cell_at(s, n, t->sep, c->cell, &h, &hn)) {
				if (hn && is_digit(*h))
					return false;
				c->unit = unit_in(h, hn);
			}
			for (size_t d = 0; d + 1 < t->ncol; d++)
				if (t->col[d].cell == c->cell)
					return false; /* one cell, two kinds: prose in a cell */
		}
		at = ov[1];
	}
	if (t->ncol == 0)
		return false;
	/* columns apart by blanks are read from the right: the kinds must be
	 * the last columns, only their units after them (not "bonnie++ block
	 * read (K/sec)", another tool's column, whose figures would be taken
	 * for hdparm's) */
	if (t->sep == ' ' && !only_units(s + at, n - at) && !gap_columns(s, n, pos, t))
		return false;
	/* one kind and nothing before it: hdparm's own label, not a header */
	if (t->ncol == 1 && t->sep == ' ') {
		size_t k = 0;
		while (k < n && !isalnum((unsigned char)s[k]))
			k++;
		if (column_match(s, n, 0, ov) > 0 && ov[0] <= k)
			return false;
	}
	/* hdparm's own words name the columns: its figures, in its MB/sec */
	t->unit = unit_in(s, n);
	if (!t->unit && has_ci(s, n, "timing"))
		t->unit = 'm';
	t->name_cell = (size_t)-1;
	if (t->sep != ' ' || t->gaps)
		for (size_t k = 0; t->name_cell == (size_t)-1 && k < t->col[0].cell + 1; k++) {
			bool used = false;
			for (size_t c = 0; c < t->ncol; c++)
				used |= t->col[c].cell == k;
			if (!used)
				t->name_cell = k;
		}
	t->name_last = t->name_cell;
	for (size_t c = 0; t->name_cell != (size_t)-1 && c < t->ncol; c++)
		if (t->col[c].cell > t->name_last + 1 || c + 1 == t->ncol)
			t->name_last = t->col[c].cell > t->name_cell ? t->col[c].cell - 1 : t->name_cell;
	return has_ci(s, n, "timing") || has_ci(s, n, "hdparm") || shows_hdparm(st, i) || both_kinds(st, t, i);
}

/* "|---|:---:|", "+-----+", "=====": a table's rule. */
static bool rule_line(const char *s, size_t n)
{
	bool dash = false;
	for (size_t k = 0; k < n; k++) {
		if (s[k] == '-' || s[k] == '=')
			dash = true;
		else if (s[k] != '|' && s[k] != ':' && s[k] != '+' && s[k] != ' ' && s[k] != '\t')
			return false;
	}
	return dash;
}

struct tval {
	bool present;
	const char *rate, *mb, *sec;
	size_t rate_len, mb_len, sec_len;
	char unit;
};

/* One cell's rate, or nothing; false: the cell is not a rate at all. sep:
 * the table's separator (';': its figures may have a decimal comma). */
static bool cell_value(const char *c, size_t cn, char sep, bool dc, struct tval *v)
{
	size_t ov[2 * 5];
	memset(v, 0, sizeof *v);
	if (br_re_match(&re_result, c, cn, 0, ov, 5) > 0) {
		v->present = true;
		v->mb = c + ov[2];
		v->mb_len = group_len(ov, 1);
		v->sec = c + ov[4];
		v->sec_len = group_len(ov, 2);
		v->rate = c + ov[6];
		v->rate_len = group_len(ov, 3);
		v->unit = (char)tolower((unsigned char)c[ov[8]]);
		return true;
	}
	if (br_re_match(sep == ';' ? &re_cell_dc : dc ? &re_cell_comma : &re_cell, c, cn, 0, ov, 3) <= 0)
		return false;
	if (ov[2] != (size_t)-1) {
		v->present = true;
		v->rate = c + ov[2];
		v->rate_len = group_len(ov, 1);
		v->unit = ov[4] != (size_t)-1 ? (char)tolower((unsigned char)c[ov[4]]) : 0;
	}
	return true;
}

/* A row's name cell and, when a cell after it (before the rates) holds
 * the device ("| storage1 | /dev/sda | 9121.44 MB/sec |"), the cells up
 * to that one: name_parts takes the device for the host and the rest
 * for the name, so two disks of one host are two rows. */
static void name_with_device(const struct table *t, const char *s, size_t n, const char **name, size_t *nn)
{
	for (size_t k = t->name_cell + 1; k <= t->name_last; k++) {
		const char *c;
		size_t cn;
		if (cell_at(s, n, t->sep, k, &c, &cn) && cn > 5 && strncmp(c, "/dev/", 5) == 0 &&
		    c + cn > *name)
			*nn = (size_t)(c + cn - *name);
	}
}

static bool figures_from_right(const char *s, size_t n, size_t m, bool dc, struct tval *v, const char **name,
			       size_t *nn);

/* Row s[0..n) of table t: its rates (per column, maybe none) and its name.
 * False: not a row of the table. */
static bool table_row(const struct table *t, const char *s, size_t n, struct tval *v,
		      const char **name, size_t *nn)
{
	*name = NULL;
	*nn = 0;
	if (t->sep != ' ' || t->gaps) {
		if (!memchr(s, t->sep, n))
			return false;
		/* a long name one blank from the first figure ("storage-node-long
		 * 9088.2  498.7  470.0" under "host  cached  buffered  dd"): one
		 * cell short, the name's cell ending in a figure, the last cell
		 * under the header's last (not under the one before: "node 2
		 * 9120.5  512.3", the last cell left blank); that figure
		 * (figures_from_right) is the next cell, the others one on */
		struct tval first;
		size_t shift = 0;
		const char *c0, *nm, *cl;
		size_t c0n, nmn, cln;
		if (t->gaps && t->name_cell == 0 && gap_index(s, n) + 2 == t->cells && cell_at(s, n, ' ', 0, &c0, &c0n) &&
		    cell_at(s, n, ' ', t->cells - 2, &cl, &cln) &&
		    (size_t)(cl - s) * 2 > t->last_at + t->prev_at) {
			struct tval two[2];
			if (figures_from_right(c0, c0n, 1, t->dc, two, &nm, &nmn)) {
				first = two[1];
				shift = 1;
			}
		}
		for (size_t c = 0; c < t->ncol; c++) {
			const char *x;
			size_t xn;
			if (shift && t->col[c].cell == 1)
				v[c] = first;
			else if (!cell_at(s, n, t->sep, t->col[c].cell - shift, &x, &xn))
				memset(&v[c], 0, sizeof v[c]); /* a row cut short */
			else if (!cell_value(x, xn, t->sep, t->dc, &v[c]))
				return false;
		}
		if (shift) {
			*name = nm;
			*nn = nmn;
		} else if (t->name_cell != (size_t)-1 && cell_at(s, n, t->sep, t->name_cell, name, nn)) {
			name_with_device(t, s, n, name, nn);
		}
	} else {
		size_t end = n, ov[2 * 3];
		if (has(s, n, "MB in"))
			return false; /* hdparm's own figures: not a row of rates */
		for (size_t c = t->ncol; c-- > 0;) {
			if (br_re_match(t->dc ? &re_cell_last_comma : &re_cell_last, s, end, 0, ov, 3) <= 0)
				return false;
			memset(&v[c], 0, sizeof v[c]);
			if (ov[2] != (size_t)-1) {
				v[c].present = true;
				v[c].rate = s + ov[2];
				v[c].rate_len = group_len(ov, 1);
				v[c].unit = ov[4] != (size_t)-1 ? (char)tolower((unsigned char)s[ov[4]]) : 0;
			}
			end = ov[0];
		}
		while (end && (s[end - 1] == ' ' || s[end - 1] == '\t'))
			end--;
		if (end == 0 || end > TABLE_NAME_MAX)
			return false;
		*name = s;
		*nn = end;
	}
	return true;
}

static void table_record(struct hp *st, const struct table *t, size_t head, size_t j,
			 const struct tval *v, const char *name, size_t nn)
{
	struct br_parse_ctx *ctx = st->ctx;
	struct br_record *r = NULL;
	if (name && computed_name(name, nn, true))
		return; /* a row "Average" under the runs: not a run */
	for (size_t c = 0; c < t->ncol; c++) {
		char unit = v[c].unit ? v[c].unit : t->col[c].unit ? t->col[c].unit : t->unit;
		if (!v[c].present || !unit)
			continue;
		if (!r)
			r = br_parse_record_new(ctx, BR_TOOL_HDPARM, j, j);
		enum br_metric_id id = kind_metric[t->col[c].kind];
		cell_rate(r, id, v[c].rate, v[c].rate_len, unit);
		if (v[c].mb)
			per_metric_params(r, id, mb_value(v[c].mb, v[c].mb_len),
					  fig_value(v[c].sec, v[c].sec_len));
	}
	if (!r) {
		for (size_t c = 0; c < t->ncol; c++)
			if (v[c].present) {
				br_parse_warn(ctx, j, "table row with rates but no unit for them; skipped");
				break;
			}
		return;
	}
	/* emphasis around the name ("**sda**", "`sdb`:") */
	while (nn && (*name == '*' || *name == '`' || *name == '_')) {
		name++;
		nn--;
	}
	while (nn && (name[nn - 1] == ':' || name[nn - 1] == ' ' || name[nn - 1] == '*' ||
		      name[nn - 1] == '`' || name[nn - 1] == '_'))
		nn--;
	char *own = NULL, *host = NULL;
	name_parts(name, nn, &host, &own);
	record_done(st, r, host, j, head, own);
}

/* A row of units under the header ("|      | MB/s | MB/s |"): the units of
 * the columns, read into t. */
static bool units_row(struct table *t, const char *s, size_t n)
{
	for (size_t k = 0; k < n; k++)
		if (is_digit(s[k]))
			return false;
	char unit[BR_ARRAY_LEN(t->col)] = {0};
	if (t->sep == ' ' && !t->gaps) {
		size_t ov[2 * 2], at = 0, c = 0;
		while (c < t->ncol && br_re_match(&re_unit, s, n, at, ov, 2) > 0) {
			unit[c++] = (char)tolower((unsigned char)s[ov[2]]);
			at = ov[1];
		}
		if (c != t->ncol)
			return false;
	} else {
		for (size_t c = 0; c < t->ncol; c++) {
			const char *x;
			size_t xn;
			if (!cell_at(s, n, t->sep, t->col[c].cell, &x, &xn) || !(unit[c] = unit_in(x, xn)))
				return false;
		}
	}
	for (size_t c = 0; c < t->ncol; c++)
		t->col[c].unit = unit[c];
	return true;
}

/* The line as a table's: spaces and quote marks gone, and one '|' (an empty
 * first cell stays a cell, so does an HTML row's before its first TAB). */
static const char *table_text(const struct br_line *l, size_t *n)
{
	const char *s = l->text;
	size_t len = l->len;
	while (len && (*s == ' ' || *s == '>')) {
		s++;
		len--;
	}
	if (len && *s == '|') {
		s++;
		len--;
	}
	*n = text_end(s, len);
	return s;
}

/* Do the figures of the table whose rows start at line i have a decimal
 * comma ("1241,03", "98,5")? Only when one has, and none of the rows up to
 * the next blank line has a decimal point or a thousands group ("1,402.5",
 * "9,412"): there "9,41" is a typing slip, not a figure. */
static bool table_commas(struct hp *st, size_t i)
{
	bool comma = false;
	for (size_t j = i, rows = 0; j < st->doc->nlines && rows < 64; j++, rows++) {
		const struct br_line *l = &st->doc->lines[j];
		const char *x = l->text;
		size_t n = l->len;
		if (br_is_blank(x, n))
			break;
		for (size_t k = 1; k + 1 < n; k++) {
			if (!is_digit(x[k - 1]) || !is_digit(x[k + 1]))
				continue;
			size_t d = k + 1;
			while (d < n && is_digit(x[d]))
				d++;
			if (x[k] == '.' || (x[k] == ',' && d - k - 1 == 3))
				return false;
			comma |= x[k] == ',' && d - k - 1 <= 2;
		}
	}
	return comma;
}

/* The one unit the lines right above a table's header at line i name (the
 * sentence that brings it in: "the mean of three runs (MB/s):", "hdparm
 * -tT on each node, MB/sec:"), up to three lines back, none of hdparm's own
 * figures ("MB in"); 0 when they name none or two kinds ("MB/s, and kB/s
 * for the old disk"). With `below`, the three lines from line i on instead:
 * a caption under the table ("all in MB/sec, from hdparm -tT"). */
static char near_unit(struct hp *st, size_t i, bool below)
{
	char u = 0;
	for (size_t k = i, back = 0; back < 3; back++) {
		if (below ? k >= st->doc->nlines : k == 0)
			break;
		const struct br_line *l = &st->doc->lines[below ? k++ : --k];
		if (has(l->text, l->len, "B in"))
			return 0;
		size_t ov[2 * 2];
		for (size_t at = 0; l->len <= MAX_LINE && br_re_match(&re_unit, l->text, l->len, at, ov, 2) > 0;
		     at = ov[1]) {
			size_t b = ov[0];
			while (b && (l->text[b - 1] == ' ' || l->text[b - 1] == '\t'))
				b--;
			if (b && is_digit(l->text[b - 1]))
				continue; /* a figure's unit ("1 MB/s"), not the table's */
			char c = (char)tolower((unsigned char)l->text[ov[2]]);
			if (u && c != u)
				return 0;
			u = c;
		}
	}
	return u;
}

/* The line after the rows of table t whose first row is line j: where
 * table_at's reading of them stops (a rule, a units row or a row of cells
 * goes on; "[/table]", a caption or a blank line ends them). */
static size_t table_end(struct hp *st, const struct table *t, size_t j)
{
	struct table u = *t; /* units_row may change it */
	for (; j < st->doc->nlines && !br_parse_is_claimed(st->ctx, j); j++) {
		size_t rn;
		const char *r = table_text(&st->doc->lines[j], &rn);
		struct tval v[BR_ARRAY_LEN(u.col)];
		const char *name;
		size_t nn;
		if (rn == 0 || (!rule_line(r, rn) && !units_row(&u, r, rn) &&
				(rn > MAX_LINE || !table_row(&u, r, rn, v, &name, &nn))))
			break;
	}
	return j;
}

/* A table header at line i: read its rows (they are consumed). False when
 * no row follows, the line is then read as anything else. */
static bool table_at(struct hp *st, size_t i)
{
	size_t n;
	const char *s = table_text(&st->doc->lines[i], &n);
	struct table t; /* the units row may still change it */
	if (!table_header(st, i, s, n, &t))
		return false;
	/* a table without a unit, copied from the document's timing lines,
	 * is in their unit */
	t.dc = table_commas(st, i + 1);
	if (!t.unit)
		t.unit = timing_unit(st);
	if (!t.unit)
		t.unit = near_unit(st, i, false);
	if (!t.unit)
		t.unit = near_unit(st, table_end(st, &t, i + 1), true);
	size_t j = i + 1, rates = 0;
	for (; j < st->doc->nlines && !br_parse_is_claimed(st->ctx, j); j++) {
		size_t rn;
		const char *r = table_text(&st->doc->lines[j], &rn);
		if (rn == 0)
			break;
		if (rule_line(r, rn) || units_row(&t, r, rn))
			continue;
		struct tval v[BR_ARRAY_LEN(t.col)];
		const char *name;
		size_t nn;
		if (rn > MAX_LINE || !table_row(&t, r, rn, v, &name, &nn))
			break;
		for (size_t c = 0; c < t.ncol; c++)
			rates += v[c].present;
		table_record(st, &t, i, j, v, name, nn);
	}
	if (rates == 0)
		return false;
	table_read(st, i, j, "table of hdparm rates written by hand");
	return true;
}

/* How many kinds s[from..to) names (re_column); *k the last, *at where the
 * first starts. */
static int kind_in(const char *s, size_t from, size_t to, enum kind *k, size_t *at)
{
	size_t ov[2 * 4];
	int got = 0;
	for (size_t p = from; column_match(s, to, p, ov) > 0; p = ov[1]) {
		*k = column_kind(s, ov);
		if (!got && at)
			*at = ov[0];
		got++;
	}
	return got;
}

/* Each rate a[r]..b[r] of s[0..n) in a clause of its own (cut at ',' or
 * ';' between rates, one cut each) naming one kind: the kinds in k[];
 * false when a clause names none or two. */
static bool clause_kinds(const char *s, size_t n, const size_t *a, const size_t *b, size_t nr, enum kind *k)
{
	size_t from = 0;
	for (size_t r = 0; r < nr; r++) {
		size_t to = n, cuts = 0;
		for (size_t q = b[r]; r + 1 < nr && q < a[r + 1]; q++)
			if (s[q] == ',' || s[q] == ';') {
				to = q;
				cuts++;
			}
		if ((r + 1 < nr && cuts != 1) || kind_in(s, from, to, &k[r], NULL) != 1)
			return false;
		from = to + 1;
	}
	return true;
}

/* A poster's name of a run read from the words before a sentence's rates
 * ("The laptop SSD gets", "On the old box hdparm -T gives"), cut in place
 * before hdparm and a last verb; its new length (0: no name left). */
static size_t sentence_name(char *own)
{
	static const char *const verbs[] = {"gets", "gives", "shows", "reports", "says", "does",
					    "manages", "reaches", "hits", "makes", "is", "was", "got", "gave"};
	char *h = strstr(own, "hdparm");
	if (h)
		*h = '\0';
	size_t n = strlen(own);
	while (n && (own[n - 1] == ' ' || own[n - 1] == ','))
		n--;
	size_t w = n;
	while (w && own[w - 1] != ' ')
		w--;
	for (size_t v = 0; v < BR_ARRAY_LEN(verbs); v++)
		if (n - w == strlen(verbs[v]) && strncasecmp(own + w, verbs[v], n - w) == 0) {
			n = w;
			while (n && own[n - 1] == ' ')
				n--;
			break;
		}
	own[n] = '\0';
	/* "And hdparm gives ...": a word that only joins the sentence on */
	static const char *const joins[] = {"and", "but", "so", "then", "also", "here", "now", "with"};
	for (size_t j = 0; j < BR_ARRAY_LEN(joins); j++)
		if (strcasecmp(own, joins[j]) == 0)
			return 0;
	return n;
}

/*
 * Several rates on a line each named by a kind, as people sum up a run by
 * hand: "/dev/sda: cached 498.10 MB/sec, buffered 95.3 MB/sec", "sda -
 * 498 MB/s (cached), 95 MB/s (buffered)". The kinds are all before their
 * rates or all after them (as the first rate's says); each rate needs one,
 * no kind twice, no word of writing (hdparm only reads), and the document
 * must have shown hdparm. The text before is the device or the title.
 */
/* The one device the hdparm commands in sentence s[0..n) name ("hdparm -T
 * /dev/sda reports ... and hdparm -t /dev/sda gives ..."), a copy; NULL
 * when they name none, or two (then *two is set: "hdparm -T /dev/sdb
 * shows ... but hdparm -t /dev/sdc gives ..." is not one run). */
static char *command_device(const char *s, size_t n, bool *two)
{
	*two = false;
	size_t ov[2 * 3];
	const char *dev = NULL;
	size_t dn = 0;
	for (size_t at = 0; br_re_match(&re_prose_cmd, s, n, at, ov, 3) > 0; at = ov[1]) {
		const char *d = s + ov[4], *e = s + ov[5];
		while (d < e && (*d == ' ' || *d == '\t'))
			d++;
		if (d == e)
			continue;
		while (e > d && e[-1] == '.')
			e--; /* the sentence's full stop */
		if (memchr(d, ' ', (size_t)(e - d)) || memchr(d, '\t', (size_t)(e - d)) ||
		    (dev && (dn != (size_t)(e - d) || memcmp(dev, d, dn) != 0))) {
			*two = true; /* two devices, in one command or two */
			return NULL;
		}
		dev = d;
		dn = (size_t)(e - d);
	}
	return dev ? br_strndup(dev, dn) : NULL;
}

/* Step of pairs_span: rates r of a sentence whose hdparm commands name two
 * devices ("hdparm -T /dev/sdb shows 4980 MB/s but hdparm -t /dev/sdc
 * gives 98 MB/s"): a record each, of the device the command before it
 * names (none: not read). Rate r is at s[a[r]..), of kind k[r]. */
static bool rates_by_command(struct hp *st, size_t i, size_t last, const char *s, size_t nr,
			     const size_t *a, const enum kind *k, const char *const *num,
			     const size_t *numl, const char *unit)
{
	const char *dev[4];
	size_t dn[4], ov[2 * 3];
	for (size_t r = 0; r < nr; r++) {
		dev[r] = NULL;
		size_t from = r ? a[r - 1] : 0;
		for (size_t at = from; br_re_match(&re_prose_cmd, s, a[r], at, ov, 3) > 0; at = ov[1]) {
			dev[r] = s + ov[4];
			dn[r] = group_len(ov, 2);
		}
		while (dev[r] && dn[r] && (*dev[r] == ' ' || *dev[r] == '\t'))
			dev[r]++, dn[r]--;
		if (!dev[r] || !dn[r] || memchr(dev[r], ' ', dn[r]) || memchr(dev[r], '\t', dn[r]))
			return false;
	}
	drop_pending(st);
	set_open(st, NULL);
	for (size_t r = 0; r < nr; r++) {
		struct br_record *rec = br_parse_record_new(st->ctx, BR_TOOL_HDPARM, i, last);
		char buf[NUM_BUF];
		char *raw = num_text(buf, num[r], numl[r]);
		br_record_set(rec, kind_metric[k[r]], fig_value(num[r], numl[r]) * rate_scale(unit[r]), raw);
		num_free(raw, buf);
		br_record_param_str(rec, "read_from", "prose");
		record_done(st, rec, br_strndup(dev[r], dn[r]), i, i, NULL);
	}
	hand_read(st, i, last, "rates of two devices' hdparm commands, written by hand");
	return true;
}

/* Step of pairs_span: the name of the record rec read from sentence
 * s[0..n) ("/dev/sda:", "sda -", "WD Red 3TB:", "node01 /dev/sda:" before
 * the first rate, ending at name_end; else what follows the last rate,
 * which ends at `after`): its host is set (else the device of the
 * sentence's hdparm commands, cmd_dev, freed), its own title returned. */
static char *pairs_name(struct hp *st, struct br_record *rec, const char *s, size_t n, size_t name_end,
			size_t after, char *cmd_dev)
{
	char *own = NULL, *host = NULL;
	name_parts(s, name_end, &host, &own);
	if (own && sentence_name(own) == 0) {
		free(own);
		/* "hdparm gives ... on the laptop": what follows the last rate */
		own = prose_subject(s + after, n - after);
		size_t kv[2 * 4];
		if (!own && column_match(s, n, after, kv) > 0 && kind_next(s, after, kv[0]))
			own = prose_subject(s + kv[1], n - kv[1]);
	}
	if (!host && !st->host.len)
		host = cmd_dev;
	else
		free(cmd_dev);
	if (host || st->host.len)
		br_record_set_host(rec, host ? host : st->host.data);
	free(host);
	return own;
}

/* The poster's note in parentheses after a line's last rate, alone there
 * ("(dma on)"), a copy; NULL if none. */
static char *paren_note(const char *s, size_t n)
{
	while (n && (*s == ' ' || *s == '\t')) {
		s++;
		n--;
	}
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '.'))
		n--;
	if (n < 3 || n - 2 > NOTE_MAX || s[0] != '(' || s[n - 1] != ')' || memchr(s + 1, '(', n - 2) ||
	    memchr(s + 1, ')', n - 2))
		return NULL;
	return br_strndup(s + 1, n - 2);
}

/* Does s[0..n) name dd ("dd gave", "(dd)"), as a word: not the end of
 * "/dev/sdd"? */
static bool dd_word(const char *s, size_t n)
{
	for (size_t k = 0; k + 2 <= n; k++)
		if ((s[k] | 0x20) == 'd' && (s[k + 1] | 0x20) == 'd' &&
		    (k == 0 || !isalnum((unsigned char)s[k - 1])) &&
		    (k + 2 == n || !isalnum((unsigned char)s[k + 2])))
			return true;
	return false;
}

/* Is line i under an introduction that says its figures are no hdparm
 * run's (intro_not_run): the first line above it holding no rate, over
 * blank lines and the lines with rates of its list (as list_kind looks,
 * at most LIST_UP lines up), when it ends in ':' as a list's introduction
 * does ("I will run hdparm -tT on these; expected:"; not a sentence of
 * its own before a line of figures: "More will follow.")? */
static bool not_run_above(struct hp *st, size_t i)
{
	for (size_t j = i; j-- > 0 && i - j <= LIST_UP;) {
		size_t n, ov[2 * 3];
		const char *s = stripped(&st->doc->lines[j], &n);
		if (!n || (n <= MAX_LINE && br_re_match(&re_prose_rate, s, n, 0, ov, 3) > 0))
			continue;
		while (n && (s[n - 1] == ' ' || s[n - 1] == '\t'))
			n--;
		return n && s[n - 1] == ':' && intro_not_run(s, n);
	}
	return false;
}

/* `devlead`: the line starts with a device and passed device_led(): one
 * rate is enough, and no hdparm need be shown above it. */
static bool intro_names_other_tool(struct hp *st, size_t i);

static bool pairs_span(struct hp *st, size_t i, size_t last, const char *s, size_t n, bool devlead)
{
	enum { MAXR = 4 };
	size_t a[MAXR + 1], b[MAXR + 1], nr = 0, ov[2 * 4];
	char unit[MAXR];
	const char *num[MAXR];
	size_t numl[MAXR];
	for (size_t at = 0; br_re_match(&re_prose_rate, s, n, at, ov, 3) > 0; at = ov[1]) {
		if (nr == MAXR)
			return false;
		a[nr] = ov[0];
		b[nr] = ov[1];
		num[nr] = s + ov[2];
		numl[nr] = group_len(ov, 1);
		unit[nr] = (char)tolower((unsigned char)s[ov[4]]);
		nr++;
	}
	/* "should hdparm -t give more than 100 MB/s? ... I'd expect 120
	 * MB/sec": a question, a wish, a bound is no run */
	if (nr < (devlead ? 1u : 2u) || (!devlead && !has_evidence(st, i)) || doubtful(s, n, false))
		return false;
	if (rates_of_other_tool(s, n))
		return false; /* another tool's figures, or writing */
	if (dd_word(s, n) || intro_names_other_tool(st, i) || not_run_above(st, i))
		return false;
	a[nr] = n;
	enum kind k[MAXR];
	size_t name_end = 0;
	/* the first rate says where the kinds are: before it, or after it */
	int got = kind_in(s, 0, a[0], &k[0], &name_end);
	bool before = got != 0;
	if (!before) {
		name_end = a[0];
		got = kind_in(s, b[0], a[1], &k[0], NULL);
	}
	bool ok = got == 1;
	for (size_t r = 1; ok && r < nr; r++)
		ok = (before ? kind_in(s, b[r - 1], a[r], &k[r], NULL) : kind_in(s, b[r], a[r + 1], &k[r], NULL)) == 1;
	/* "512 MB/sec with hdparm -t, and hdparm -T shows 6120 MB/sec": a
	 * kind in each rate's clause */
	if (!ok && !(ok = clause_kinds(s, n, a, b, nr, k)))
		return false;
	for (size_t r = 1; r < nr; r++)
		for (size_t q = 0; q < r; q++)
			if (k[q] == k[r])
				return false;
	/* "avg: 8881 MB/sec cached, 530 MB/sec buffered" under the runs' lines */
	if (computed_name(s, name_end, true)) {
		br_parse_claim(st->ctx, i, last, "a figure computed from the runs (average), not a run");
		return true;
	}
	bool two;
	char *cmd_dev = command_device(s, n, &two);
	if (two) /* a figure of each of two devices: no one run */
		return rates_by_command(st, i, last, s, nr, a, k, num, numl, unit);
	drop_pending(st);
	set_open(st, NULL);
	struct br_parse_ctx *ctx = st->ctx;
	struct br_record *rec = br_parse_record_new(ctx, BR_TOOL_HDPARM, i, last);
	for (size_t r = 0; r < nr; r++) {
		char buf[NUM_BUF];
		char *raw = num_text(buf, num[r], numl[r]);
		br_record_set(rec, kind_metric[k[r]],
			      fig_value(num[r], numl[r]) * rate_scale(unit[r]), raw);
		num_free(raw, buf);
	}
	char *own = pairs_name(st, rec, s, n, name_end, b[nr - 1], cmd_dev);
	if (devlead && before && !own) /* "/dev/hdc buffered 38.72 MB/sec (dma on)" */
		own = paren_note(s + b[nr - 1], n - b[nr - 1]);
	finish_line_record(st, rec, i, i, own, "rates named by kind, written by hand");
	if (last > i)
		hand_read(st, i + 1, last, "rates named by kind, written by hand");
	return true;
}

static bool pairs_line(struct hp *st, size_t i, const char *s, size_t n)
{
	return pairs_span(st, i, i, s, n, false);
}

/* Does the document name a disk benchmark other than hdparm (dd, fio,
 * iostat, sysbench, ...), as a word (has_word_ci: not the "fio" of
 * "portfolio")? Looked for once. */
static const char *const other_tools[] = {"dd if", "dd of", "dd bs", "fio", "iostat", "sysbench",
					  "bonnie", "iozone", "diskmark", "crystaldiskmark",
					  "kdiskmark", "copied,", "iometer", "vdbench",
					  "gnome-disks", NULL};

static bool names_other_tool(struct hp *st)
{
	if (st->other_tool < 0) {
		st->other_tool = 0;
		for (size_t k = 0; k < st->doc->nlines && !st->other_tool; k++)
			st->other_tool = has_word_ci(st->doc->lines[k].text, st->doc->lines[k].len, other_tools);
	}
	return st->other_tool > 0;
}

static size_t paragraph_above(struct hp *st, size_t i);

/* Does the paragraph that introduces line i (the one above it) name
 * another disk benchmark and no hdparm command ("Now the same disk, not
 * with hdparm: dd if=/dev/sda ...")? Its figures are that tool's,
 * whatever the document showed of hdparm before. */
static bool intro_names_other_tool(struct hp *st, size_t i)
{
	static const char *const commands[] = {"hdparm -", "hdparm /", NULL};
	bool other = false;
	for (size_t k = paragraph_above(st, i); k < i; k++) {
		const struct br_line *l = &st->doc->lines[k];
		if (has_any_ci(l->text, l->len, commands))
			return false;
		other = other || has_word_ci(l->text, l->len, other_tools);
	}
	return other;
}

/*
 * Step 7c: a line that opens with a device and names its rates by
 * hdparm's kinds ("sda: cached 2345 MB/s, buffered 98 MB/s", "/dev/sdb
 * buffered reads 112.4 MB/sec", a list's items): the words "cached" and
 * "buffered" of a disk's read rates are hdparm's, so the line is its
 * even in a document that never names it, unless the document names
 * another disk benchmark (dd's "buffered" and "direct" reads, fio's,
 * sysbench's) and not hdparm. A list's marker and Markdown's marks may
 * come first.
 */
static bool device_led(struct hp *st, size_t i, const char *s, size_t n)
{
	size_t m = list_marker(s, n), ov[2 * 2];
	if (!m && n > 2 && strchr("-*+", s[0]) && (s[1] == ' ' || s[1] == '\t'))
		m = 2;
	while (m < n && strchr("*_` \t", s[m]))
		m++;
	/* (a compare before the regex: a path, or a kernel name's first letter) */
	if (m >= n || !strchr("/shxvnmad", s[m]) || br_re_match(&re_prose_dev, s + m, n - m, 0, ov, 2) <= 0 ||
	    ov[0] != 0)
		return false;
	if (!has_evidence(st, i) && !shows_hdparm(st, i) && names_other_tool(st))
		return false;
	return pairs_span(st, i, i, s + m, n - m, true);
}

/* The same in a sentence naming hdparm, wrapped over lines of its
 * paragraph ("hdparm -tT /dev/sda gives 7712 MB/sec cached and" / "1802
 * MB/sec buffered."). */
static bool pairs_sentence(struct hp *st, size_t i)
{
	struct sentence se;
	return sentence_at(st, i, &se) && pairs_span(st, i, se.last, se.text, se.n, false);
}

/*
 * A table the other way round: one row per kind, one column per device or
 * run (before/after), the names in the row above.
 *
 *   |          | Before   | After     |
 *   | cached   | 220 MB/s | 212 MB/s  |
 *   | buffered | 7.2 MB/s | 40.7 MB/s |
 *
 * Only with '|' columns or an HTML table's (TABs between cells: decode
 * expands other TABs); line i is the first kind's row. One record per
 * column that holds a rate.
 */
enum { TCOLS = 12 };

/* Is the next line but rules a '|' row naming one kind in its first cell? */
static bool kind_row_next(struct hp *st, size_t i)
{
	for (size_t j = i + 1; j < st->doc->nlines && j <= i + 2; j++) {
		size_t rn, cn;
		const char *r = table_text(&st->doc->lines[j], &rn), *c;
		if (rule_line(r, rn))
			continue;
		enum kind k;
		return memchr(r, '|', rn) && cell_at(r, rn, '|', 0, &c, &cn) && cn <= NOTE_MAX &&
		       kind_in(c, 0, cn, &k, NULL) == 1;
	}
	return false;
}

/* A table by kind (transposed_at) as it is read: its separator, the row
 * of names, and each kind row's figures by column. */
struct transposed {
	char sep;
	size_t shift;        /* 1: the names row's first (empty) cell was blanks, not there */
	size_t first, end;   /* the first kind row; the line after the last */
	size_t h;            /* the names row */
	const char *hs;
	size_t hn;
	size_t ncol, rows;
	struct tval v[4][TCOLS];
	enum kind kinds[4];
	char kunit[4];
	bool dc;             /* its figures have a decimal comma (table_commas) */
};

/* Step of transposed_at: the names row above line i (rules skipped) into
 * t; false when there is none, or it is claimed, or nothing says hdparm. */
static bool names_row(struct hp *st, size_t i, struct transposed *t)
{
	const char *c;
	size_t cn;
	size_t h = i;
	const char *hs = NULL;
	size_t hn = 0;
	while (h > 0 && i - h < 3) {
		h--;
		hs = table_text(&st->doc->lines[h], &hn);
		if (!rule_line(hs, hn))
			break;
		hn = 0;
	}
	if (hn == 0 || !memchr(hs, t->sep, hn) || (t->sep == ' ' && !has_gap(hs, hn)) ||
	    br_parse_is_claimed(st->ctx, h) || !(has_ci(hs, hn, "hdparm") || has_evidence(st, i)))
		return false;
	/* aligned with spaces, the empty cell over the kinds is only blanks;
	 * with the spacing lost, it is gone: the names row has one cell
	 * fewer than the kind row */
	const struct br_line *hl = &st->doc->lines[h];
	t->shift = t->sep == ' ' && hl->len >= 2 && hl->text[0] == ' ' && hl->text[1] == ' ';
	size_t names = 0, cells = 0;
	/* (or its blanks were taken with a list's marker before every line:
	 * "- " and the blanks after it; then too the names row has one cell
	 * fewer than the kind row) */
	if (t->sep == '1' || (t->sep == ' ' && !t->shift)) {
		size_t rn;
		const char *r = table_text(&st->doc->lines[i], &rn);
		while (names <= TCOLS && cell_at(hs, hn, t->sep, names, &c, &cn))
			names++;
		while (cells <= TCOLS && cell_at(r, rn, t->sep, cells, &c, &cn))
			cells++;
		if (t->sep == '1' && cells != names && cells != names + 1)
			return false;
		t->shift = cells == names + 1;
	}
	size_t ncol = t->shift;
	while (ncol < TCOLS && cell_at(hs, hn, t->sep, ncol - t->shift, &c, &cn))
		ncol++;
	t->h = h;
	t->hs = hs;
	t->hn = hn;
	t->ncol = ncol;
	return ncol >= 2 && ncol != TCOLS;
}

/* Step of transposed_at: the kind rows from line i down (at most four, one
 * of each kind), each cell a rate or empty; sets t->rows and t->end. */
static void kind_rows(struct hp *st, size_t i, struct transposed *t)
{
	const char *c;
	size_t cn;
	size_t rows = 0, j = i;
	for (; rows < 4 && j < st->doc->nlines && !br_parse_is_claimed(st->ctx, j); j++) {
		size_t rn;
		const char *r = table_text(&st->doc->lines[j], &rn);
		if (rn > MAX_LINE || !cell_at(r, rn, t->sep, 0, &c, &cn) || cn > NOTE_MAX ||
		    kind_in(c, 0, cn, &t->kinds[rows], NULL) != 1)
			break;
		bool dup = false;
		for (size_t q = 0; q < rows; q++)
			dup |= t->kinds[q] == t->kinds[rows];
		if (dup)
			break;
		t->kunit[rows] = unit_in(c, cn);
		bool ok = true;
		for (size_t col = 1; ok && col < t->ncol; col++) {
			const char *x;
			size_t xn;
			if (!cell_at(r, rn, t->sep, col, &x, &xn))
				memset(&t->v[rows][col], 0, sizeof t->v[rows][col]);
			else
				ok = cell_value(x, xn, t->sep, t->dc, &t->v[rows][col]);
		}
		if (!ok)
			break;
		rows++;
	}
	t->rows = rows;
	t->end = j;
}

/* Step of column_record: column col's rates, in units from the cell, the
 * kind or the header (hunit); NULL when the column holds none. */
static struct br_record *column_rates(struct hp *st, const struct transposed *t, size_t col, char hunit)
{
	struct br_record *rec = NULL;
	for (size_t q = 0; q < t->rows; q++) {
		const struct tval *x = &t->v[q][col];
		char unit = x->unit ? x->unit : t->kunit[q] ? t->kunit[q] : hunit;
		if (!x->present || !unit)
			continue;
		if (!rec)
			rec = br_parse_record_new(st->ctx, BR_TOOL_HDPARM, t->first, t->end - 1);
		enum br_metric_id id = kind_metric[t->kinds[q]];
		cell_rate(rec, id, x->rate, x->rate_len, unit);
		if (x->mb)
			per_metric_params(rec, id, mb_value(x->mb, x->mb_len),
					  fig_value(x->sec, x->sec_len));
	}
	return rec;
}

/* Step of transposed_at: the record of column col, named by its cell in the
 * names row; false when the column holds no rate. */
static bool column_record(struct hp *st, const struct transposed *t, size_t col, char hunit)
{
	struct br_record *rec = column_rates(st, t, col, hunit);
	if (!rec)
		return false;
	const char *name;
	size_t nn;
	char *own = NULL, *host = NULL;
	if (col >= t->shift && cell_at(t->hs, t->hn, t->sep, col - t->shift, &name, &nn))
		name_parts(name, nn, &host, &own);
	record_done(st, rec, host, t->first, t->h, own);
	return true;
}

/* The table by kind (see above) whose first kind row is line i, one record
 * per column; false when line i starts none. */
static bool transposed_at(struct hp *st, size_t i)
{
	size_t n;
	const char *s = table_text(&st->doc->lines[i], &n);
	struct transposed t;
	/* '1': the spacing lost, a word a cell (word_cell_at) */
	t.sep = memchr(s, '|', n) ? '|' : memchr(s, '\t', n) ? '\t' : has_gap(s, n) ? ' ' : '1';
	t.shift = 0;
	t.first = i;
	const char *c;
	size_t cn;
	enum kind k;
	if (!t.sep || !cell_at(s, n, t.sep, 0, &c, &cn) || cn > NOTE_MAX || kind_in(c, 0, cn, &k, NULL) != 1)
		return false;
	if (!names_row(st, i, &t))
		return false;
	t.dc = table_commas(st, i);
	kind_rows(st, i, &t);
	if (t.rows == 0)
		return false;
	char hunit = unit_in(t.hs, t.hn);
	if (!hunit && (has_ci(t.hs, t.hn, "timing") || has_ci(s, n, "timing")))
		hunit = 'm';
	if (!hunit)
		hunit = near_unit(st, t.h, false);
	size_t made = 0;
	for (size_t col = 1; col < t.ncol; col++)
		made += column_record(st, &t, col, hunit);
	if (made == 0)
		return false;
	table_read(st, t.h, t.end, "table of hdparm rates by kind, written by hand");
	return true;
}

/*
 * A table a poster keeps of one kind of timing, a column per device and a
 * row per day or run ("date  sda  sdb  sdc", then "2009-03-02  72.41
 * 70.88  55.12"): the header's cells after the first are device names
 * (re_prose_dev, each cell whole), the kind is the one the header or the
 * lines right above it name ("hdparm -t", "buffered disk reads"), the unit
 * the one they name (or the document's timing lines'). One record a cell:
 * the device its host, the row's first cell its label.
 */

/* Is the cell c[0..cn) a device's name, whole ("sda", "/dev/nvme0n1")? */
static bool device_cell(const char *c, size_t cn)
{
	size_t ov[2 * 2];
	return cn >= 3 && cn <= NOTE_MAX && br_re_match(&re_prose_dev, c, cn, 0, ov, 2) > 0 && ov[0] == 0 &&
	       ov[1] == cn;
}

/* The one kind the lines [from, to] name (re_column), false when they name
 * none or two. */
static bool one_kind(struct hp *st, size_t from, size_t to, enum kind *k)
{
	bool got = false;
	for (size_t j = from; j <= to; j++) {
		const struct br_line *l = &st->doc->lines[j];
		size_t ov[2 * 4];
		if (l->len > MAX_LINE)
			return false;
		for (size_t at = 0; column_match(l->text, l->len, at, ov) > 0; at = ov[1]) {
			enum kind kk = column_kind(l->text, ov);
			if (got && kk != *k)
				return false;
			*k = kk;
			got = true;
		}
	}
	return got;
}

/* Step of device_columns_at: the record of row r's cell col (device dev). */
static void device_cell_record(struct hp *st, size_t i, size_t j, const struct tval *v, enum kind k,
			       char unit, const char *dev, size_t dn, const char *name, size_t nn)
{
	struct br_record *rec = br_parse_record_new(st->ctx, BR_TOOL_HDPARM, j, j);
	cell_rate(rec, kind_metric[k], v->rate, v->rate_len, v->unit ? v->unit : unit);
	record_done(st, rec, dev ? br_strndup(dev, dn) : NULL, j, i, nn ? br_strndup(name, nn) : NULL);
}

/* Has s[0..n) a cell k or after it, an empty last cell aside ("| a | b |")? */
static bool cells_after(const char *s, size_t n, char sep, size_t k)
{
	const char *c;
	size_t cn;
	if (!cell_at(s, n, sep, k, &c, &cn))
		return false;
	return cn > 0 || cell_at(s, n, sep, k + 1, &c, &cn);
}

/* The start of the word of s ending at e (blanks apart), e after the
 * blanks before it are skipped: *e moves there. */
static size_t word_before(const char *s, size_t *e)
{
	while (*e && (s[*e - 1] == ' ' || s[*e - 1] == '\t'))
		--*e;
	size_t a = *e;
	while (a && s[a - 1] != ' ' && s[a - 1] != '\t')
		a--;
	return a;
}

/* A row of a table aligned with blanks whose long name leaves a single
 * blank before its first figure ("nvme0n1 9120.5  9088.2  9101.7" under
 * "disk  run1  run2  run3"): its last m cells read by their figures from
 * the right edge (a figure and its unit word, "9120.5 MB/s", one cell)
 * into v[1..m], not by two blanks; the rest is the row's name. False when
 * one is no figure, or the name is empty, too long or ends in a figure of
 * its own (the row has a cell more than the header). */
static bool figures_from_right(const char *s, size_t n, size_t m, bool dc, struct tval *v, const char **name,
			       size_t *nn)
{
	size_t e = n;
	for (size_t col = m; col >= 1; col--) {
		size_t a = word_before(s, &e);
		if (a < e && unit_word(s + a, e - a)) {
			size_t b = a, f = word_before(s, &b);
			if (f < b && is_digit(s[f]))
				a = f;
		}
		if (a == e || !is_digit(s[a]) || !cell_value(s + a, e - a, ' ', dc, &v[col]) || !v[col].present)
			return false;
		e = a;
	}
	size_t a = word_before(s, &e), f = a;
	while (f < e && (is_digit(s[f]) || s[f] == '.' || s[f] == ','))
		f++;
	size_t b = 0;
	while (b < e && (s[b] == ' ' || s[b] == '\t'))
		b++;
	if (b == e || e > TABLE_NAME_MAX || f == e)
		return false;
	*name = s + b;
	*nn = e - b;
	return true;
}

/* The table by device (see above) whose header is line i; false when line
 * i heads none. */
/* A table's column of one run of several ("Run 1", "run #2", "Try 3",
 * "Pass 1", "#2", "2nd", "2nd run"): its number, 0 if it is none. */
static unsigned run_cell(const char *c, size_t cn)
{
	static const char *const words[] = {"run", "try", "pass", "test"};
	while (cn && strchr("*_` \t", *c))
		c++, cn--;
	while (cn && strchr("*_` \t", c[cn - 1]))
		cn--;
	size_t k = 0;
	for (size_t w = 0; w < BR_ARRAY_LEN(words) && !k; w++)
		if (cn > strlen(words[w]) && strncasecmp(c, words[w], strlen(words[w])) == 0)
			k = strlen(words[w]);
	while (k < cn && (c[k] == ' ' || c[k] == '#'))
		k++;
	unsigned num = 0;
	size_t d = k;
	while (d < cn && d - k < 2 && is_digit(c[d]))
		num = num * 10 + (unsigned)(c[d++] - '0');
	if (d == k || (k == 0 && d < cn && !(cn - d >= 2 && strchr("snrt", c[d] | 0x20))))
		return 0; /* "2nd", "3rd", "1st run": a number first, then its suffix */
	if (k > 0 && d < cn)
		return 0;
	return num;
}

/* The cells a header s[0..n) of runs' columns ("| Disk | Run 1 | Run 2 |
 * Run 3 |") has after them: 1 for an "Average" column closing them (not
 * read: the runs are the results), 0 for none; -1 when anything else
 * follows. */
static int after_runs(const char *s, size_t n, char sep, size_t ncol)
{
	const char *c;
	size_t cn;
	if (!cells_after(s, n, sep, ncol))
		return 0;
	return cell_at(s, n, sep, ncol, &c, &cn) && computed_name(c, cn, true) &&
	       !cells_after(s, n, sep, ncol + 1) ? 1 : -1;
}

/* The first line of the paragraph above line i (blank lines between
 * them allowed), at most PARA_UP lines up: where the words introducing a
 * table of runs are looked for. */
enum { PARA_UP = 8 };
static size_t paragraph_above(struct hp *st, size_t i)
{
	size_t j = i;
	while (j > 0 && br_is_blank(st->doc->lines[j - 1].text, st->doc->lines[j - 1].len))
		j--;
	while (j > 0 && i - j < PARA_UP && !br_is_blank(st->doc->lines[j - 1].text, st->doc->lines[j - 1].len))
		j--;
	return j;
}

/*
 * Also the other way round: a row per device, a column per run (a timing
 * repeated and tabled by hand), under a line naming the timing:
 *
 *   hdparm -t, three runs per disk (MB/s):
 *   | Disk | Run 1 | Run 2 | Run 3 | Avg |
 *   | sda  | 501.2 | 498.7 | 503.9 | 501.3 |
 *
 * a record per run, of the row's device (a name that is none titles it).
 */
static bool device_columns_at(struct hp *st, size_t i)
{
	size_t n;
	const char *s = table_text(&st->doc->lines[i], &n);
	/* '1': the spacing lost, a cell each word (cell_at) */
	char sep = memchr(s, '|', n) ? '|' : memchr(s, '\t', n) ? '\t' : has_gap(s, n) ? ' ' : '1';
	const char *c;
	size_t cn, ncol = 1;
	if (!sep || n > TABLE_HEAD_MAX || !cell_at(s, n, sep, 0, &c, &cn) || device_cell(c, cn))
		return false;

	bool runs = cell_at(s, n, sep, 1, &c, &cn) && run_cell(c, cn);
	while (ncol < TCOLS && cell_at(s, n, sep, ncol, &c, &cn) && (runs ? run_cell(c, cn) : device_cell(c, cn)))
		ncol++;
	int extra = runs ? after_runs(s, n, sep, ncol) : cells_after(s, n, sep, ncol) ? -1 : 0;
	if (ncol < 3 || extra < 0)
		return false;
	enum kind k = K_BUFFERED;
	size_t from = runs ? paragraph_above(st, i) : i >= 3 ? i - 3 : 0;
	char unit = unit_in(s, n);
	if (!unit)
		unit = timing_unit(st);
	if (!unit)
		unit = near_unit(st, i, false);
	/* (runs: the paragraph introducing them may name it) */
	for (size_t up = i - 3; runs && !unit && up > from && up < i; up = up > from + 3 ? up - 3 : from)
		unit = near_unit(st, up, false);
	/* without a unit above, each cell must name its own ("170.1 MB/s");
	 * a paragraph above naming another tool and no hdparm command makes
	 * the table that tool's, whatever hdparm the document showed before */
	if (!one_kind(st, from, i, &k) || !(has_ci(s, n, "hdparm") || shows_hdparm(st, i)) ||
	    (!has_ci(s, n, "hdparm") && intro_names_other_tool(st, i)))
		return false;
	bool dc = table_commas(st, i + 1);
	size_t j = i + 1, made = 0;
	for (; j < st->doc->nlines && !br_parse_is_claimed(st->ctx, j); j++) {
		size_t rn;
		const char *r = table_text(&st->doc->lines[j], &rn);
		if (rn == 0 || rn > MAX_LINE)
			break;
		if (rule_line(r, rn))
			continue;
		struct tval v[TCOLS + 1];
		const char *name;
		size_t nn;
		bool ok = cell_at(r, rn, sep, 0, &name, &nn) && !cells_after(r, rn, sep, ncol + (size_t)extra);
		for (size_t col = 1; ok && col < ncol; col++)
			ok = cell_at(r, rn, sep, col, &c, &cn) && cell_value(c, cn, sep, dc, &v[col]);
		if (!ok && sep == ' ') /* "nvme0n1 9120.5  9088.2": one blank after the name */
			ok = figures_from_right(r, rn, ncol - 1 + (size_t)extra, dc, v, &name, &nn);
		if (!ok)
			break;
		for (size_t col = 1; col < ncol; col++) {
			const char *dev;
			size_t dn;
			if (!v[col].present || !(v[col].unit || unit) || !cell_at(s, n, sep, col, &dev, &dn))
				continue;
			if (runs && device_cell(name, nn)) /* the row's device, the column's run ("Run 2") */
				device_cell_record(st, i, j, &v[col], k, unit, name, nn, dev, dn);
			else if (runs) /* the row titles the runs */
				device_cell_record(st, i, j, &v[col], k, unit, NULL, 0, name, nn);
			else
				device_cell_record(st, i, j, &v[col], k, unit, dev, dn, name, nn);
			made++;
		}
	}
	if (made == 0)
		return false;
	table_read(st, i, j, "table of hdparm rates by device, written by hand");
	return true;
}

/* Step 0 of one_line: several lines of hdparm's run together (but
 * hdparm's labels without a figure may head the columns of a table), or a
 * line longer than any of hdparm's (prose); true when it was either.
 * `timing`: the line holds "iming" (one_line asks it once for both). */
/*
 * Two or more hdparm outputs pasted side by side (paste(1), "diff -y", a
 * terminal split in two): each line holds one timing label per column,
 * all of one kind ("Timing cached reads: ... = 810.11 MB/sec    Timing
 * cached reads: ... = 817.02 MB/sec"), the line above the columns' device
 * headers ("/dev/sda:        /dev/sdb:"). Each column is one run, read
 * as its own lines; without this the labels of one line were taken as one
 * run's timings of a kind seen twice.
 */
enum { SIDE_COLS = 4 };

/* The labels of line s[0..n) (their starts in at[], up to SIDE_COLS): two
 * or more, blanks only before the first, a wide gap ("  ", a tab, '|')
 * before each next, all of one kind; else 0. */
static size_t side_labels(const char *s, size_t n, size_t *at, enum kind *kind, const struct tlabel *known)
{
	size_t k = 0, ov[2 * 3], from = 0;
	while (k <= SIDE_COLS && (k == 0 ? first_label(s, n, known, ov) : timing_any(s, n, from, ov, 3)) > 0) {
		enum kind kk = kind_of(s + ov[2], group_len(ov, 1));
		if (k == SIDE_COLS || (k && kk != *kind))
			return 0;
		size_t g = ov[0];
		bool mark = false; /* a tab, '|', '<', '>' in the gap */
		for (; g > from && strchr(" \t|<>", s[g - 1]); g--)
			mark = mark || s[g - 1] != ' ';
		if (k == 0 ? g != 0 : g == from || (ov[0] - g < 2 && !mark))
			return 0;
		*kind = kk;
		at[k++] = ov[0];
		from = ov[1];
	}
	return k >= 2 ? k : 0;
}

/* The names over k columns on line s[0..n): k words ending in ':'
 * ("/dev/sda:", "alpha:") apart from each other; their starts and lengths
 * (without the ':') in name[], len[]. */
static bool side_names(const char *s, size_t n, size_t k, const char **name, size_t *len)
{
	size_t c = 0;
	for (size_t a = 0; a < n;) {
		while (a < n && (s[a] == ' ' || s[a] == '\t' || s[a] == '|'))
			a++;
		if (a == n)
			break;
		size_t e = a;
		while (e < n && s[e] != ' ' && s[e] != '\t')
			e++;
		if (c == k || e - a < 3 || s[e - 1] != ':' || e - a - 1 > NOTE_MAX || memchr(s + a, '=', e - a))
			return false;
		name[c] = s + a;
		len[c++] = e - a - 1;
		a = e;
	}
	return c == k;
}

/* The titles of k columns side by side on s[0..n) ("BEFORE      AFTER",
 * "old card  |  new card"), over the columns' device headers: k phrases
 * set apart by a wide gap (two blanks, a tab, '|'), each short, with a
 * letter, no ':' or '='. */
static bool side_titles(const char *s, size_t n, size_t k, const char **name, size_t *len)
{
	size_t c = 0;
	for (size_t a = 0; a < n;) {
		while (a < n && (s[a] == ' ' || s[a] == '\t' || s[a] == '|'))
			a++;
		if (a == n)
			break;
		size_t e = a;
		bool letter = false;
		while (e < n && s[e] != '\t' && s[e] != '|' && !(s[e] == ' ' && e + 1 < n && s[e + 1] == ' ')) {
			if (s[e] == ':' || s[e] == '=')
				return false;
			letter |= isalpha((unsigned char)s[e]) != 0;
			e++;
		}
		while (e > a && s[e - 1] == ' ')
			e--;
		if (c == k || !letter || e - a > NOTE_MAX)
			return false;
		name[c] = s + a;
		len[c++] = e - a;
		a = e;
	}
	return c == k;
}

static bool side_by_side(struct hp *st, size_t i, const char *s, size_t n, const struct tlabel *known)
{
	size_t at[SIDE_COLS], k;
	enum kind kind;
	if (!(k = side_labels(s, n, at, &kind, known)))
		return false;
	size_t last = i;
	for (size_t j = i + 1; j < st->doc->nlines && j < i + 8; j++) {
		size_t tn, ta[SIDE_COLS];
		const char *t = stripped(&st->doc->lines[j], &tn);
		enum kind tk;
		if (!tn || side_labels(t, tn, ta, &tk, NULL) != k || br_parse_is_claimed(st->ctx, j))
			break;
		last = j;
	}
	const char *name[SIDE_COLS];
	size_t len[SIDE_COLS], hn = 0;
	const char *h = i > 0 ? stripped(&st->doc->lines[i - 1], &hn) : NULL;
	bool names = hn && !br_parse_is_claimed(st->ctx, i - 1) && side_names(h, hn, k, name, len);
	if (names)
		br_parse_claim(st->ctx, i - 1, i - 1, "device headers side by side");
	/* the columns' titles over their device headers ("BEFORE   AFTER") */
	const char *title[SIDE_COLS];
	size_t tlen[SIDE_COLS], tn2 = 0;
	const char *t2 = names && name[0][0] == '/' && i > 1 ? stripped(&st->doc->lines[i - 2], &tn2) : NULL;
	bool titles = tn2 && !br_parse_is_claimed(st->ctx, i - 2) && side_titles(t2, tn2, k, title, tlen);
	if (titles)
		br_parse_claim(st->ctx, i - 2, i - 2, "column titles side by side");
	for (size_t c = 0; c < k; c++) {
		set_open(st, NULL);
		if (!names)
			set_host(st, NULL, 0, NULL, 0);
		else if (name[c][0] == '/')
			set_host(st, name[c], len[c], titles ? title[c] : NULL, titles ? tlen[c] : 0);
		else
			set_host(st, NULL, 0, name[c], len[c]);
		for (size_t j = i; j <= last; j++) {
			size_t tn, ta[SIDE_COLS], ov[2 * 3];
			const char *t = stripped(&st->doc->lines[j], &tn);
			side_labels(t, tn, ta, &kind, NULL);
			size_t e = c + 1 < k ? ta[c + 1] : tn;
			while (e > ta[c] && strchr(" \t|<>", t[e - 1]))
				e--;
			/* diff -y cuts a column at its width: "= 83.06 MB/" */
			char cut[MAX_LINE + 4];
			const char *seg = t + ta[c];
			size_t sn = e - ta[c];
			if (sn >= 3 && sn <= MAX_LINE && seg[sn - 1] == '/' && (seg[sn - 2] == 'B' || seg[sn - 2] == 'b')) {
				memcpy(cut, seg, sn);
				cut[sn++] = 's';
				seg = cut;
			}
			if (timing_any(seg, sn, 0, ov, 3) > 0)
				timing_line(st, j, seg, sn, ov);
		}
	}
	set_open(st, NULL);
	set_host(st, NULL, 0, NULL, 0);
	st->skip_to = last + 1;
	return true;
}

static bool run_together(struct hp *st, size_t i, const char *s, size_t n, bool timing,
			 const struct tlabel *lab)
{
	if (timing && side_by_side(st, i, s, n, lab))
		return true;
	if (timing) {
		bool digit = false;
		for (size_t k = 0; k < n && !digit; k++)
			digit = is_digit(s[k]);
		if ((!digit && n <= TABLE_HEAD_MAX && table_at(st, i)) || collapsed_line(st, i, s, n, lab))
			return true;
	}
	if (n > MAX_LINE) { /* no line of hdparm's is that long */
		prose(st, s, n);
		return true;
	}
	return false;
}

/* Step 2 of one_line: figures alone: a label's, after its stderr, or a
 * lost label; true when the line was taken. */
static bool figures_alone(struct hp *st, size_t i, const char *s, size_t n, bool rate)
{
	if (!(is_digit(*s) && (rate || has(s, n, "MB in") || has(s, n, "seconds"))))
		return false;
	struct figures f;
	enum result r = read_figures(st, i, s, n, false, &f);
	if ((r == R_FULL || r == R_RATE_ONLY) && st->pending) {
		st->pending = false;
		hdparm_line(st, i);
		emit(st, st->pend_idx, i, st->pend_kind, &f, st->pend_offset, NULL,
		     "timing line (figures after its error output)");
		read_rests(st);
		return true;
	}
	if (r == R_FULL || (r == R_CUT && st->pending)) {
		if (r == R_FULL)
			br_parse_warn(st->ctx, i, "timing figures without a 'Timing ...' label; skipped");
		else
			warn_cut(st, i, s, n);
		drop_pending(st);
		return true;
	}
	return false;
}

/* ------------------------------------------- rates named in a sentence */

/* The timing a clause of a sentence asks for by hdparm's options ("hdparm
 * -t gives", "with --direct", "-T says"), in c[0..n): each option a word of
 * its own; false when it names none or two kinds. */
static bool clause_option(const char *c, size_t n, enum kind *k)
{
	bool t = false, T = false, direct = false;
	for (size_t a = 0; a + 1 < n; a++) {
		if (c[a] != '-' || (a && c[a - 1] != ' ' && c[a - 1] != '\t'))
			continue;
		size_t e = a;
		while (e < n && c[e] != ' ' && c[e] != '\t' && c[e] != ',' && c[e] != ';')
			e++;
		if (e - a == 2 && c[a + 1] == 't')
			t = true;
		else if (e - a == 2 && c[a + 1] == 'T')
			T = true;
		else if (e - a == 8 && strncmp(c + a, "--direct", 8) == 0)
			direct = true;
	}
	if (t && T)
		return false;
	if (direct)
		*k = T ? K_DIRECT_CACHED : K_DIRECT;
	else if (t || T)
		*k = t ? K_BUFFERED : K_CACHED;
	return direct || t || T;
}

/* The name a rate's words give it: after it ("61 MB/s on the old Maxtor
 * and ...": prose_subject, a last "and" gone), else before it ("the WD
 * does 181 MB/s": the words after "the"/"my" and before a verb). c[0..a)
 * is the clause before the rate, c[b..e) after it up to the next rate. */
static char *rate_name(const char *c, size_t a, size_t b, size_t e)
{
	char *name = prose_subject(c + b, e - b);
	if (name) {
		size_t l = strlen(name);
		for (size_t k = 0; k < 2; k++) {
			static const char *const tail[] = {" and", " but"};
			if (l > 4 && strcmp(name + l - 4, tail[k]) == 0)
				name[l -= 4] = '\0';
		}
		return name;
	}
	size_t v = a; /* the verb: the word right before the rate */
	while (v && c[v - 1] == ' ')
		v--;
	size_t ve = v;
	while (v && isalpha((unsigned char)c[v - 1]))
		v--;
	if (v == ve)
		return NULL;
	size_t w = v;
	while (w && c[w - 1] == ' ')
		w--;
	for (size_t d = w; d >= 4; d--)
		if ((strncasecmp(c + d - 4, "the ", 4) == 0 || strncasecmp(c + d - 4, " my ", 4) == 0) &&
		    (d == 4 || c[d - 5] == ' ')) {
			size_t words = 0, other = 0;
			for (size_t q = d; q < w; q++) {
				words += c[q] == ' ';
				other += !isalnum((unsigned char)c[q]) && c[q] != ' ' && c[q] != '-';
			}
			return w > d && !other && words <= 2 ? br_strndup(c + d, w - d) : NULL;
		}
	return NULL;
}

enum { NAMED_MAX = 4 };

struct named {
	char *name[NAMED_MAX];
	int n;
	double v[NAMED_MAX][4];
	size_t raw_at[NAMED_MAX][4], raw_len[NAMED_MAX][4];
	bool has[NAMED_MAX][4];
};

/* The item a name is: one named before, or the last words of one ("the WD"
 * after "the new WD"); a new one, or -1 past NAMED_MAX. */
static int named_item(struct named *nm, char *name)
{
	size_t l = strlen(name);
	for (int q = 0; q < nm->n; q++) {
		size_t m = strlen(nm->name[q]);
		if (strcasecmp(nm->name[q], name) == 0 ||
		    (m > l && nm->name[q][m - l - 1] == ' ' && strcasecmp(nm->name[q] + m - l, name) == 0)) {
			free(name);
			return q;
		}
	}
	if (nm->n == NAMED_MAX) {
		free(name);
		return -1;
	}
	nm->name[nm->n] = name;
	return nm->n++;
}

/* The rates of a sentence, clause by clause (cut at ';'), each clause's
 * timing by hdparm's options, each rate of a thing the words around it
 * name ("hdparm -t gives 61 MB/s on the old Maxtor and 178 MB/s on the new
 * WD; with --direct the WD does 181 MB/s"): false if a rate has no name or
 * no timing, or a thing a timing twice. */
static bool named_collect(const char *s, size_t n, struct named *nm)
{
	enum kind k = K_BUFFERED;
	bool have = false;
	size_t ov[2 * 3];
	for (size_t c = 0; c < n;) {
		size_t e = c;
		while (e < n && s[e] != ';')
			e++;
		enum kind ck;
		if (clause_option(s + c, e - c, &ck)) {
			k = ck;
			have = true;
		}
		for (size_t at = c; br_re_match(&re_prose_rate, s, e, at, ov, 3) > 0; at = ov[1]) {
			size_t nx[2 * 3], to = br_re_match(&re_prose_rate, s, e, ov[1], nx, 3) > 0 ? nx[0] : e;
			char *name = have ? rate_name(s + c, ov[0] - c, ov[1] - c, to - c) : NULL;
			int q = name ? named_item(nm, name) : -1;
			if (q < 0 || nm->has[q][k])
				return false;
			nm->has[q][k] = true;
			nm->v[q][k] = fig_value(s + ov[2], group_len(ov, 1)) *
				      rate_scale((char)tolower((unsigned char)s[ov[4]]));
			nm->raw_at[q][k] = ov[2];
			nm->raw_len[q][k] = group_len(ov, 1);
		}
		c = e + 1;
	}
	return nm->n > 0;
}

static void named_free(struct named *nm)
{
	for (int q = 0; q < nm->n; q++)
		free(nm->name[q]);
}

/* Step 4 for a sentence naming hdparm whose rates are each of a thing it
 * names (named_collect): a record a thing, titled by its name. */
static bool named_rates(struct hp *st, size_t i)
{
	struct sentence se;
	struct named nm = {0};
	if (!sentence_at(st, i, &se) || !br_has(se.text, se.n, "hdparm", 6) || doubtful(se.text, se.n, true))
		return false;
	if (rates_of_other_tool(se.text, se.n))
		return false;
	if (!named_collect(se.text, se.n, &nm) || nm.n < 2) {
		named_free(&nm);
		return false;
	}
	drop_pending(st);
	set_open(st, NULL);
	for (int q = 0; q < nm.n; q++) {
		struct br_record *rec = br_parse_record_new(st->ctx, BR_TOOL_HDPARM, i, se.last);
		for (int k = 0; k < 4; k++)
			if (nm.has[q][k]) {
				char buf[NUM_BUF];
				char *raw = num_text(buf, se.text + nm.raw_at[q][k], nm.raw_len[q][k]);
				br_record_set(rec, kind_metric[k], nm.v[q][k], raw);
				num_free(raw, buf);
			}
		br_record_param_str(rec, "read_from", "prose");
		record_done(st, rec, NULL, i, i, nm.name[q]);
		nm.name[q] = NULL;
	}
	hand_read(st, i, se.last, "hdparm figures of things a sentence names");
	return true;
}

/* A sentence quoting one figure (prose_line) whose line ends were moved:
 * hdparm on line i, its rate on a line after ("On the topic of speeds..
 * hdparm -t" / "gives me 56Mb/s on my Maxtor"), or its option ("my
 * Maxtor gives 56 MB/s with hdparm" / "-t on the old board."): read
 * whole, the lines up to its end claimed with it. */
static bool prose_wrapped(struct hp *st, size_t i, const char *s, size_t n)
{
	struct sentence se;
	if (strchr(".!?:", s[n - 1]) || memchr(s, '|', n) || memchr(s, '\t', n) || !sentence_at(st, i, &se) ||
	    se.last == i || memchr(se.text, '|', se.n))
		return false; /* (a table's header is no sentence) */
	return prose_line(st, i, se.last, se.text, se.n);
}

/* Step 4 of one_line: a line that says "hdparm": the names over a table by
 * kind, a version line, prose with a rate, or a prompt. */
static bool hdparm_mention(struct hp *st, size_t i, const char *s, size_t n, bool rate)
{
	if (!has(s, n, "hdparm"))
		return false;
	st->evidence = true;
	if (memchr(s, '|', n) && kind_row_next(st, i)) {
		prose(st, s, n); /* the names over a table by kind (transposed_at) */
		return true;
	}
	return version_line(st, i, s, n) ||
	       ((rate || has(s, n, "b/s")) &&
		(devices_sentence(st, i) || named_rates(st, i) || prose_line(st, i, i, s, n) ||
		 pairs_sentence(st, i) || kind_word_line(st, i, s, n))) ||
	       prompt_line(st, i, s, n) || prose_wrapped(st, i, s, n);
}

/* Is the word at s[w..n) (up to a blank or '|', after one) a device's
 * name whole (device_cell)? */
static bool device_word(const char *s, size_t w, size_t n)
{
	if (w == 0 || !strchr(" \t|", s[w - 1]))
		return false;
	size_t e = w;
	while (e < n && s[e] != ' ' && s[e] != '\t' && s[e] != '|' && e - w <= 24)
		e++;
	/* a word of prose ("sdram,", "hdparm") seldom ends as a disk's
	 * name does, in a letter or a digit, within 24 bytes */
	if (e - w > 24 || e - w < 3 || !isalnum((unsigned char)s[e - 1]) || memchr(s + w, '.', e - w))
		return false;
	return device_cell(s + w, e - w);
}

/* Could s[0..n) head a table by device ("date  sda  sdb  sdc",
 * device_columns_at)? Two words or more that are disks' names ("sda",
 * "hdc", "md0", "vdb", "/dev/sdb", "nvme0n1"), each found by its second
 * byte: one pass over the line's 'd' bytes (and its 'v's for "nvme"). */
static bool device_heads(const char *s, size_t n)
{
	int heads = 0;
	const char *end = s + n;
	for (const char *p = memchr(s, 'd', n); p && heads < 2;
	     p = p + 1 < end ? memchr(p + 1, 'd', (size_t)(end - p - 1)) : NULL) {
		if (p - s < 2 || !(p[-2] == ' ' || p[-2] == '\t' || p[-2] == '|'))
			continue; /* the word's second byte only */
		char c = p[-1];
		heads += (c == 's' || c == 'h' || c == 'm' || c == 'v' || c == '/') &&
			 device_word(s, (size_t)(p - 1 - s), n);
	}
	if (heads < 2 && br_has(s, n, "nvme", 4))
		for (const char *p = memchr(s, 'v', n); p && heads < 2;
		     p = p + 1 < end ? memchr(p + 1, 'v', (size_t)(end - p - 1)) : NULL)
			heads += p > s && p[-1] == 'n' && device_word(s, (size_t)(p - 1 - s), n);
	return heads >= 2;
}

/* Might s[0..n) head a table of runs' columns ("Run 1", "Try 1", also
 * "run1", "Run #1", "RUN 1", as run_cell() reads them)? One memchr pass
 * over its '1' bytes. */
static bool runs_head(const char *s, size_t n)
{
	const char *end = s + n;
	for (const char *p = memchr(s, '1', n); p; p = p + 1 < end ? memchr(p + 1, '1', (size_t)(end - p - 1)) : NULL) {
		const char *w = p;
		if (w - s >= 1 && w[-1] == '#')
			w--;
		if (w - s >= 1 && w[-1] == ' ')
			w--;
		if (w - s >= 2 && (((w[-2] | 0x20) == 'u' && (w[-1] | 0x20) == 'n') ||
				   ((w[-2] | 0x20) == 'r' && (w[-1] | 0x20) == 'y')))
			return true;
	}
	return false;
}

/* Step 5 of one_line: a table of rates written by hand, a column per kind
 * or a row. */
/* Might s name a kind in another language's words (FOREIGN_KINDS)? A
 * first sieve: "caché", "Zwischengespeichert", "gepuffert", "tamponnées",
 * "búfer", "buforowane", "Lesen". */
static bool foreign_kind(const char *s, size_t n)
{
	static const char *const words[] = {"cach", "speicher", "puffer", "tampon", "bufor",
					    "lese", "gebufferd", NULL};
	return has_any_ci(s, n, words) || has(s, n, "b\xc3\xba" "fer");
}

static bool hand_table(struct hp *st, size_t i, const char *s, size_t n, bool rate)
{
	bool kind = has(s, n, "ache") || has(s, n, "uffer") || has(s, n, "irect") || has(s, n, "ACHE") ||
		    has(s, n, "UFFER") || has(s, n, "IRECT") || has(s, n, "isk reads") || foreign_kind(s, n);
	/* a row by kind: its unit in the row, or above the table */
	/* (a kind row whose spacing was lost: a kind word and one blank
	 * between cells) */
	if ((rate || has(s, n, "b/s") || kind) &&
	    (memchr(s, '|', n) || memchr(s, '\t', n) || has_gap(s, n) || kind) && transposed_at(st, i))
		return true;
	/* ("| -T | -t |": hdparm's options alone name the columns) */
	bool opts = (has(s, n, "-T") || has(s, n, "-t")) && (memchr(s, '|', n) || memchr(s, '\t', n));
	if ((kind || opts || has(s, n, "hdparm")) && table_at(st, i))
		return true;
	/* "date  sda  sdb": no digit but in the devices' names */
	return !rate && n <= TABLE_HEAD_MAX && (device_heads(s, n) || runs_head(s, n)) && device_columns_at(st, i);
}

/* Steps 8 to 10 of one_line: what hdparm writes around its timings: its
 * remark after a doubtful figure, what it says of the device before them,
 * and stderr inside a run. */
static bool around_timings(struct hp *st, size_t i, const char *s, size_t n)
{
	/* 8. hdparm's own remark after a doubtful figure */
	if (n > 3 && strncmp(s, "Hmm", 3) == 0 && has(s, n, "suspicious results")) {
		hdparm_line(st, i);
		br_parse_claim(st->ctx, i, i, "hdparm's remark (ignored)");
		return true;
	}
	/* 9. what hdparm says of the device before its timings */
	if (st->in_block && settings_line(s, n)) {
		hdparm_line(st, i);
		st->about_dev = i + 1;
		br_parse_claim(st->ctx, i, i, "hdparm's settings of the device");
		return true;
	}
	/* 10. stderr inside an hdparm run (or its last words a mail client
	 * wrapped onto a line of their own) */
	if ((st->pending || st->in_block) && (looks_like_stderr(s, n) || stderr_tail(st, i, s, n))) {
		st->prose_run = 0; /* claimed with the record if figures follow */
		return true;
	}
	return false;
}

/* Reads line i: each numbered step takes the line or leaves it to the
 * next; what none takes is prose. */
static void one_line(struct hp *st, size_t i)
{
	size_t n;
	const char *s = stripped(&st->doc->lines[i], &n);

	if (st->pending && i - st->pend_idx > PENDING_WINDOW)
		drop_pending(st);
	if (n == 0)
		return; /* blank lines neither start nor end anything */
	/* "1) Timing cached reads: 6120 MB/sec", "- Timing ...": a list's
	 * marker before hdparm's label is not the line's text (the label
	 * after text is a collapsed line, a record of its own) */
	size_t lm = item_marker(s, n);
	if (lm && n - lm >= 6 && strncasecmp(s + lm, "timing", 6) == 0) {
		s += lm;
		n -= lm;
	}
	bool timing = has(s, n, "iming");
	struct tlabel lab = {0};
	if (timing)
		lab.rc = timing_any(s, n, 0, lab.ov, 3);
	if (run_together(st, i, s, n, timing, &lab))
		return;
	/* 1. " Timing cached reads: ..." (re_timing matches where the first
	 * label stands at the line's start, with the same groups) */
	if (timing && lab.rc > 0 && lab.ov[0] == 0) {
		timing_line(st, i, s, n, lab.ov);
		return;
	}
	bool rate = has(s, n, "B/s");
	if (figures_alone(st, i, s, n, rate))
		return;
	/* 3. "/dev/sda:", or "srv-a: /dev/sda:" (a host's tag before it) */
	if ((*s == '/' && device_header(st, i, s, n)) || tagged_device_header(st, i, s, n))
		return;
	/* 3b. "Speeds I measured (hdparm -t, MB/s):" over "* WD Blue: 112" */
	if ((rate || has(s, n, "b/s")) && bare_list(st, i))
		return;
	/* 4. prompts and version lines; 5. tables written by hand */
	if (hdparm_mention(st, i, s, n, rate) || hand_table(st, i, s, n, rate))
		return;
	/* 5b. "-t: 513.87 MB/sec" under "sda" or "/dev/sda:" */
	if (*s == '-' && (rate || has(s, n, "b/s")) && option_line(st, i, s, n))
		return;
	/* 6. "/dev/sda: cached 498.10 MB/sec, buffered 95.3 MB/sec" */
	if ((rate || has(s, n, "b/s")) && pairs_line(st, i, s, n))
		return;
	/* 7. "2 disks (hdb1,hdc1) buffered disk reads : 24.24 MB/sec", also
	 * "Timing cached reads = 812 mb/sec" (the unit in lower case), "sda
	 * ........ 92.3 MB/sec", "sdb . 90 MB/s" (a dot leader: re_hand) */
	if ((rate || has(s, n, "b/s")) &&
	    (memchr(s, ':', n) || memchr(s, '=', n) || has(s, n, "...") || has(s, n, " .")) &&
	    hand_line(st, i, s, n))
		return;
	/* 7b. "sda gives 120 MB/sec, sdb 98 MB/sec" under "hdparm -t ...:" */
	if ((rate || has(s, n, "b/s")) && devices_sentence(st, i))
		return;
	/* 7c. "sda: cached 2345 MB/s, buffered 98 MB/s" with no hdparm around */
	if ((rate || has(s, n, "b/s")) && device_led(st, i, s, n))
		return;
	/* nor does a page break's furniture ("Page 3 of 7", a page number
	 * alone) */
	if (br_label_page_line(st->doc, i))
		return;
	if (around_timings(st, i, s, n))
		return;
	/* 11. the poster's name for what follows, 12. for what went before */
	if (device_note(st, i, s, n) || name_below(st, i, s, n))
		return;
	prose(st, s, n);
}

/* Does s hold a word of FOREIGN_KINDS that candidate() does not look
 * for otherwise ("Zwischengespeichert", "tamponnées", "caché", "búfer",
 * "buforowane", "Cache-Lesen")? Each by a rarer letter than its first. */
static bool foreign_head(const char *s, size_t n)
{
	return br_has_at(s, n, "peicher", 7, 1) || br_has_at(s, n, "ampon", 5, 2) ||
	       br_has_at(s, n, "ach\xc3\xa9", 5, 3) || br_has_at(s, n, "\xc3\xba" "fer", 5, 0) ||
	       br_has_at(s, n, "ufor", 4, 1) || br_has_at(s, n, "ache-", 5, 4);
}

/* The line a run of hdparm output can hinge on: a timing label, figures
 * (at the start or the end of the line), a hand-written rate. Everything
 * else (headers, prompts, stderr) matters only near such a line. O(1) but
 * for lines starting with a digit. */
static bool candidate(const char *s, size_t n)
{
	if (n < 4)
		return false;
	if (is_digit(*s)) {
		if (br_has(s, n, "MB", 2))
			return true;
		/* a numbered list's marker ("1. ", "12) ") before the line:
		 * the line after it is looked at as any other */
		size_t m = list_marker(s, n);
		if (!m || m >= n)
			return false;
		s += m;
		n -= m;
		if (n < 4)
			return false;
	}
	/* timings in the middle of a line ("MB in"), a rate anywhere ("B/s":
	 * hand-written lines): one pass over the line's 'B' bytes */
	for (const char *p = memchr(s, 'B', n), *end = s + n; p;
	     p = p + 1 < end ? memchr(p + 1, 'B', (size_t)(end - p - 1)) : NULL) {
		size_t left = (size_t)(end - p);
		if (left >= 3 && p[1] == '/' && p[2] == 's')
			return true;
		if (left >= 4 && p > s && p[-1] == 'M' && memcmp(p + 1, " in", 3) == 0)
			return true;
	}
	/* a figure quoted in prose (with "B/s" it was taken above) */
	if (br_has(s, n, "b/s", 3) && br_has_at(s, n, "hdparm", 6, 3))
		return true;
	if ((*s == 'T' || *s == 't') && n >= 6 && strncasecmp(s, "timing", 6) == 0)
		return true;
	/* a table's header; each word looked for by a letter rarer in prose
	 * than its first ("buffer" also stands for a German, French, Italian,
	 * Dutch one: "Puffer", "bufferisées", "gebufferd") */
	if (br_has_at(s, n, "ached", 5, 1) || br_has_at(s, n, "uffer", 5, 1) || foreign_head(s, n))
		return true;
	if (n <= TABLE_HEAD_MAX && (device_heads(s, n) || runs_head(s, n)))
		return true;
	while (n > 4 && (s[n - 1] == '|' || s[n - 1] == ' ' || s[n - 1] == '\t'))
		n--; /* a table row's last cell */
	if (s[n - 2] == '/' && (s[n - 1] == 's' || s[n - 1] == 'S'))
		return true;
	return s[n - 4] == '/' && strncasecmp(s + n - 4, "/sec", 4) == 0;
}

/* A rate in lower case ("56Mb/s") on the line after one naming hdparm: a
 * sentence quoting a figure whose line ends were moved (prose_wrapped)
 * is worth reading there too. */
static bool rate_after_mention(struct hp *st, size_t i, const char *s, size_t n)
{
	if (i == 0 || !br_has(s, n, "b/s", 3))
		return false;
	size_t pn;
	const char *p = stripped(&st->doc->lines[i - 1], &pn);
	return br_has(p, pn, "hdparm", 6);
}

static void read_line(struct hp *st, size_t i)
{
	if (i < st->skip_to) { /* the second half of a wrapped line */
		st->prev_nonblank = i + 1;
		return;
	}
	if (br_parse_is_claimed(st->ctx, i)) { /* another format's line */
		drop_pending(st);
		prose(st, NULL, 0);
		st->prev_nonblank = i + 1;
		return;
	}
	one_line(st, i);
	if (!br_is_blank(st->doc->lines[i].text, st->doc->lines[i].len))
		st->prev_nonblank = i + 1;
}

static bool name_below(struct hp *st, size_t i, const char *s, size_t n);

/* The lines after the last one read (`next`) are read only up to the
 * next candidate; a note pointing up at the run just read (name_below)
 * is looked for in the two lines after it before the run is given out. */
static void note_below(struct hp *st, size_t next)
{
	for (size_t k = next; st->open && k < st->doc->nlines && k < next + 2; k++) {
		size_t n;
		const char *s = stripped(&st->doc->lines[k], &n);
		if (n) {
			if (!br_parse_is_claimed(st->ctx, k))
				name_below(st, k, s, n);
			return;
		}
	}
}

/* Forget everything local: the lines before `i` were not read. */
static void reset(struct hp *st)
{
	st->pending = false;
	st->in_block = false;
	st->prose_run = 0;
	st->have_last = false;
	st->prev_nonblank = 0;
	set_open(st, NULL);
	set_host(st, NULL, 0, NULL, 0);
}

/*
 * Lines are looked at closely only around candidate lines: the WINDOW
 * non-blank lines before one (enough for its prompt, header, label and
 * stderr; every state this parser keeps runs out within fewer prose lines)
 * are read in order, then the candidate. A document without hdparm output
 * costs a few compares per line.
 */
enum { WINDOW = 12 };

static size_t parse(struct br_parse_ctx *ctx)
{
	struct hp st = {0};
	st.machines = -1;
	st.ev_all = -1;
	st.other_tool = -1;
	st.timing_unit = -1;
	st.ctx = ctx;
	st.doc = ctx->doc;
	size_t before = ctx->nrecords;
	size_t next = 0; /* first line not read yet */
	for (size_t i = 0; i < st.doc->nlines; i++) {
		size_t n;
		const char *s = stripped(&st.doc->lines[i], &n);
		if (i < next || !(candidate(s, n) || rate_after_mention(&st, i, s, n)))
			continue;
		size_t from = i, seen = 0;
		while (from > next && seen < WINDOW) {
			from--;
			if (!br_is_blank(st.doc->lines[from].text, st.doc->lines[from].len))
				seen++;
		}
		if (from > next) {
			note_below(&st, next);
			reset(&st);
		}
		for (size_t k = from; k <= i; k++)
			read_line(&st, k);
		next = i + 1 > st.skip_to ? i + 1 : st.skip_to;
	}
	note_below(&st, next);
	drop_pending(&st);
	set_open(&st, NULL);
	free(st.held.v);
	free(st.msg);
	free(st.msg_version);
	br_buf_free(&st.join);
	br_buf_free(&st.relabel);
	br_buf_free(&st.open_own);
	br_buf_free(&st.host);
	br_buf_free(&st.note);
	br_buf_free(&st.machine);
	return ctx->nrecords - before;
}

/* Worth a look only if some figure ("MB/sec", "kB/s", "56mb/sec",
 * QP-broken "MB/=") could be there: one memchr pass over the '/' bytes,
 * the unit's 'B' or 'b' before one. Case-blind so that a post writing
 * only "mb/s" is read; the readers decide what is a figure. */
static bool detect(const struct br_doc *doc)
{
	const char *p = doc->raw, *end = doc->raw + doc->raw_len;
	if (doc->raw_len < 3)
		return false;
	p++;
	while (p + 1 < end && (p = memchr(p, '/', (size_t)(end - p - 1)))) {
		if ((p[-1] == 'B' || p[-1] == 'b') &&
		    (p[1] == 's' || p[1] == 'S' || p[1] == '='))
			return true;
		p++;
	}
	return false;
}

/* hdparm's line shapes, its command and its '=' (vocab.h): "Timing
 * cached reads:", "... = 182.86 MB/sec", a hard-wrapped line ending in
 * "seconds =", -i's "FwRev=FA550480". */
static const struct br_line_shape result_lines[] = {
	{BR_SHAPE_TEXT, "mb/sec", NULL},
	{BR_SHAPE_TEXT, "seconds =", NULL},
	{BR_SHAPE_EARLY_WORD, "timing", "reads"},
	{BR_SHAPE_END, NULL, NULL},
};
static const char *const commands[] = {"hdparm", NULL};
static const char *const invocations[] = {"hdparm -", NULL};
static const char *const qp_line_ends[] = {"seconds ", NULL};
static const struct br_vocab tool_vocab = {
	.result_lines = result_lines,
	.commands = commands,
	.invocations = invocations,
	.qp_line_ends = qp_line_ends,
	.qp_number_values = true,
	.qp_id_values = true,
};

const struct br_parser br_parser_hdparm = {
	.name = "hdparm",
	.summary = "hdparm -T/-t/--direct timing lines (3.x-9.x, BusyBox) and hand-written summaries",
	.detect = detect,
	.parse = parse,
	.vocab = &tool_vocab,
};
