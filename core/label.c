/* label — see label.h. (Skeleton: the nearest line above that ends with ':'
 * plus `own`; the text-parsers issue builds the real outline.) */
#include "label.h"

#include <string.h>

#include "util.h"

char *br_label_for(const struct br_doc *doc, size_t idx, const char *own)
{
	struct br_buf b = BR_BUF_INIT;
	for (size_t i = idx; i-- > 0 && idx - i < 8;) {
		const struct br_line *l = &doc->lines[i];
		size_t n = l->len;
		while (n && (l->text[n - 1] == ' ' || l->text[n - 1] == '\t'))
			n--;
		if (n > 1 && n < 100 && l->text[n - 1] == ':') {
			const char *t = l->text;
			while (*t == ' ' || *t == '\t')
				t++;
			br_buf_add(&b, t, (size_t)(l->text + n - 1 - t));
			break;
		}
	}
	if (own && *own) {
		if (b.len)
			br_buf_adds(&b, " / ");
		br_buf_adds(&b, own);
	}
	if (!b.len) {
		br_buf_free(&b);
		return NULL;
	}
	return br_buf_detach(&b);
}
