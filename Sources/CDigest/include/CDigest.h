#ifndef ALBUMREPORT_CDIGEST_H
#define ALBUMREPORT_CDIGEST_H

#include <stddef.h>
#include <stdint.h>

/* SHA-256 from the system's libcrypto (OpenSSL), which uses the CPU's SHA extensions where
   there are any: about ten times the speed of a portable implementation on the report's
   megabytes of PNG. Every function returns 1 on success and 0 on failure (the caller then
   falls back to its own implementation). */

/* The digest of `size` bytes at `data` into `digest` (32 bytes). */
int ar_sha256(const void *data, size_t size, uint8_t digest[32]);

/* A running digest: begin (NULL on failure), update as bytes arrive, then end, which writes the
   digest and frees the state whatever it returns. ar_sha256_free frees a digest that is
   abandoned before its end. */
void *ar_sha256_begin(void);
int ar_sha256_update(void *state, const void *data, size_t size);
int ar_sha256_end(void *state, uint8_t digest[32]);
void ar_sha256_free(void *state);

#endif
