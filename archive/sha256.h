/*
 * sha256 — SHA-256 (FIPS 180-4) for the archive: a document is known by the
 * hash of its bytes, so adding the same document twice adds nothing.
 */
#ifndef BR_SHA256_H
#define BR_SHA256_H

#include <stddef.h>
#include <stdint.h>

struct br_sha256 {
	uint32_t h[8];
	uint64_t len;          /* bytes hashed so far */
	unsigned char buf[64];
	size_t nbuf;
};

void br_sha256_init(struct br_sha256 *c);
void br_sha256_update(struct br_sha256 *c, const void *p, size_t n);
void br_sha256_final(struct br_sha256 *c, unsigned char out[32]);
/* br_sha256_final() as 64 lowercase hex digits and a NUL. */
void br_sha256_final_hex(struct br_sha256 *c, char out[65]);
/* The hash of p[0..n) as 64 lowercase hex digits and a NUL. */
void br_sha256_hex(const void *p, size_t n, char out[65]);

#endif
