/*
 * sha256 — SHA-256 for the archive: a document is known by the hash of its
 * bytes, so adding the same document twice adds nothing. The hashing is
 * nettle's (sha2.h); this module only adds the lowercase hex form the
 * archive stores, and keeps nettle's types out of the other files.
 */
#ifndef BR_SHA256_H
#define BR_SHA256_H

#include <stddef.h>

#include <nettle/sha2.h>

struct br_sha256 {
	struct sha256_ctx ctx;
};

void br_sha256_init(struct br_sha256 *c);
void br_sha256_update(struct br_sha256 *c, const void *p, size_t n);
/* The digest of everything hashed since init; c is ready for a new hash. */
void br_sha256_final(struct br_sha256 *c, unsigned char out[32]);
/* br_sha256_final() as 64 lowercase hex digits and a NUL. */
void br_sha256_final_hex(struct br_sha256 *c, char out[65]);
/* The hash of p[0..n) as 64 lowercase hex digits and a NUL. */
void br_sha256_hex(const void *p, size_t n, char out[65]);

#endif
