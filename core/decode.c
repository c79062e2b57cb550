/* decode — see decode.h. (Skeleton: identity; the text-parsers issue adds
 * quoted-printable, quoting, HTML and BBCode decoding here.) */
#include "decode.h"

void br_decode(struct br_doc *doc)
{
	(void)doc;
}
