/* chart_text — text metrics, elision, ticks; see chart_text.h. */
#include "chart_text.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

/* ------------------------------------------------------------ text metrics */

/* DejaVu Sans advance widths, 1/1000 em, for ASCII 32..126 (measured with
 * cairo; the charts ask fontconfig for DejaVu Sans, a build dependency). */
static const unsigned short adv_regular[95] = {
	318, 401, 460, 838, 636, 950, 780, 275, 390, 390, 500, 838, 318, 361, 318, 337,
	636, 636, 636, 636, 636, 636, 636, 636, 636, 636, 337, 337, 838, 838, 838, 531,
	1000, 684, 686, 698, 770, 632, 575, 775, 752, 295, 295, 656, 557, 863, 748, 787,
	603, 787, 695, 635, 611, 732, 684, 989, 685, 611, 685, 390, 337, 390, 838, 500,
	500, 613, 635, 550, 635, 615, 352, 635, 634, 278, 278, 579, 278, 974, 634, 612,
	635, 635, 411, 521, 392, 634, 592, 818, 592, 592, 525, 636, 337, 636, 838,
};
static const unsigned short adv_bold[95] = {
	348, 456, 521, 838, 696, 1002, 872, 306, 457, 457, 523, 838, 380, 415, 380, 365,
	696, 696, 696, 696, 696, 696, 696, 696, 696, 696, 400, 400, 838, 838, 838, 580,
	1000, 774, 762, 734, 830, 683, 683, 821, 837, 372, 372, 775, 637, 995, 837, 850,
	733, 850, 770, 720, 682, 812, 774, 1103, 771, 724, 725, 457, 365, 457, 838, 500,
	500, 675, 716, 593, 716, 678, 435, 716, 712, 343, 343, 665, 343, 1042, 712, 687,
	716, 716, 493, 595, 478, 712, 652, 924, 645, 652, 582, 712, 365, 712, 838,
};

#define ELLIPSIS "\xe2\x80\xa6"

/* Width of the code point starting at s (length *len), in 1/1000 em. */
static unsigned cp_width(const unsigned char *s, size_t n, bool bold, size_t *len)
{
	if (s[0] < 0x80) {
		*len = 1;
		if (s[0] >= 32 && s[0] < 127)
			return bold ? adv_bold[s[0] - 32] : adv_regular[s[0] - 32];
		return 600;
	}
	size_t l = br_utf8_seq_len(s, n);
	if (l == 0) {
		*len = 1;
		return 1000; /* drawn as U+FFFD */
	}
	*len = l;
	if (l == 2)
		return bold ? 720 : 660;
	if (l == 3) {
		unsigned cp = ((s[0] & 0x0fu) << 12) | ((s[1] & 0x3fu) << 6) | (s[2] & 0x3fu);
		return cp >= 0x2e80 ? 1000 : (bold ? 760 : 700);
	}
	return 1000;
}

double br_chart_text_width(const char *s, double size, bool bold)
{
	if (!s)
		return 0;
	const unsigned char *p = (const unsigned char *)s;
	size_t n = strlen(s);
	double w = 0;
	while (n) {
		size_t l;
		w += cp_width(p, n, bold, &l);
		p += l;
		n -= l;
	}
	/* 3 % to spare: another font fontconfig might substitute */
	return w * size / 1000.0 * 1.03;
}

char *br_chart_elide(const char *s, double maxw, double size, bool bold)
{
	if (!s)
		return br_strdup("");
	if (br_chart_text_width(s, size, bold) <= maxw)
		return br_strdup(s);
	double ell = br_chart_text_width(ELLIPSIS, size, bold);
	if (maxw <= ell)
		return br_strdup(ELLIPSIS);
	const unsigned char *p = (const unsigned char *)s;
	size_t n = strlen(s);
	double scale = size / 1000.0 * 1.03;
	double budget = maxw - ell;
	/* the tail gets up to 40 % (it often holds "Try 2" or the host) */
	double tail_budget = budget * 0.4, tail_w = 0;
	size_t tail = n; /* tail = s[tail..n) */
	while (tail > 0) {
		size_t k = tail - 1;
		while (k > 0 && (p[k] & 0xc0) == 0x80)
			k--;
		size_t l;
		double cw = cp_width(p + k, n - k, bold, &l) * scale;
		if (tail_w + cw > tail_budget)
			break;
		tail_w += cw;
		tail = k;
	}
	double head_w = 0;
	size_t head = 0;
	while (head < tail) {
		size_t l;
		double cw = cp_width(p + head, n - head, bold, &l) * scale;
		if (head_w + cw > budget - tail_w)
			break;
		head_w += cw;
		head += l;
	}
	while (head > 0 && s[head - 1] == ' ')
		head--;
	while (tail < n && s[tail] == ' ')
		tail++;
	struct br_buf b = BR_BUF_INIT;
	br_buf_add(&b, s, head);
	br_buf_adds(&b, ELLIPSIS);
	br_buf_add(&b, s + tail, n - tail);
	return br_buf_detach(&b);
}

char *br_chart_fmt(double v, int decimals)
{
	if (decimals < 0)
		decimals = 0;
	char tmp[64];
	snprintf(tmp, sizeof tmp, "%.*f", decimals, v);
	if (strcmp(tmp, "-0") == 0 || (tmp[0] == '-' && strspn(tmp + 1, "0.") == strlen(tmp + 1)))
		memmove(tmp, tmp + 1, strlen(tmp));
	const char *digits = tmp + (tmp[0] == '-');
	size_t intlen = strcspn(digits, ".");
	struct br_buf b = BR_BUF_INIT;
	if (tmp[0] == '-')
		br_buf_addc(&b, '-');
	for (size_t i = 0; i < intlen; i++) {
		if (i && (intlen - i) % 3 == 0)
			br_buf_addc(&b, ',');
		br_buf_addc(&b, digits[i]);
	}
	br_buf_adds(&b, digits + intlen);
	return br_buf_detach(&b);
}

void br_chart_ticks(double max, int target, double *step, double *axis_max, size_t *nticks)
{
	if (!(max > 0) || !isfinite(max))
		max = 1;
	if (target < 1)
		target = 1;
	double raw = max / target;
	double mag = pow(10, floor(log10(raw)));
	static const double nice[] = {1, 2, 2.5, 5, 10};
	double st = 10 * mag;
	for (size_t i = 0; i < BR_ARRAY_LEN(nice); i++)
		if (nice[i] * mag >= raw * (1 - 1e-9)) {
			st = nice[i] * mag;
			break;
		}
	double k = ceil(max / st - 1e-9);
	if (k < 1)
		k = 1;
	*step = st;
	*axis_max = k * st;
	*nticks = (size_t)llround(k) + 1;
}

/* Decimals that print every tick of this step exactly. */
int br_chart_step_decimals(double step)
{
	for (int d = 0; d < 6; d++) {
		double m = step * pow(10, d);
		if (fabs(m - llround(m)) < 1e-6 * m)
			return d;
	}
	return 6;
}
