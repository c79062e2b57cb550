/* bonnie — NOT YET WRITTEN: placeholder so the registry links. */
#include "parser.h"

static size_t parse(struct br_parse_ctx *ctx)
{
	(void)ctx;
	return 0;
}

const struct br_parser br_parser_bonnie = {
	.name = "bonnie",
	.summary = "(not yet written)",
	.detect = NULL,
	.parse = parse,
};
