/* sha256 — see sha256.h. */
#include "sha256.h"

void br_sha256_init(struct br_sha256 *c)
{
	sha256_init(&c->ctx);
}

void br_sha256_update(struct br_sha256 *c, const void *p, size_t n)
{
	sha256_update(&c->ctx, n, p);
}

void br_sha256_final(struct br_sha256 *c, unsigned char out[32])
{
	sha256_digest(&c->ctx, SHA256_DIGEST_SIZE, out);
}

void br_sha256_final_hex(struct br_sha256 *c, char out[65])
{
	static const char hex[] = "0123456789abcdef";
	unsigned char d[SHA256_DIGEST_SIZE];
	br_sha256_final(c, d);
	for (int i = 0; i < SHA256_DIGEST_SIZE; i++) {
		out[2 * i] = hex[d[i] >> 4];
		out[2 * i + 1] = hex[d[i] & 15];
	}
	out[64] = '\0';
}

void br_sha256_hex(const void *p, size_t n, char out[65])
{
	struct br_sha256 c;
	br_sha256_init(&c);
	br_sha256_update(&c, p, n);
	br_sha256_final_hex(&c, out);
}
