/* Shared by the libFuzzer harnesses and the seed writer: reading an input as
 * fields, the fixed keys, and the check that makes libFuzzer report. */
#ifndef LWCX_FUZZ_H
#define LWCX_FUZZ_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lwcx.h"

/* An invariant of the library failed: say which, and crash so that libFuzzer
 * stops and keeps the input. */
#define CHECK(cond)                                                                                \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);               \
            abort();                                                                               \
        }                                                                                          \
    } while (0)

/* The unread rest of an input. Fields past its end read as zeros/empty, so
 * every input means something. */
typedef struct fuzz_in {
    const uint8_t *p;
    size_t n;
} fuzz_in;

static inline unsigned fuzz_byte(fuzz_in *in)
{
    if (!in->n) return 0;
    in->n--;
    return *in->p++;
}

/* Up to want bytes (fewer at the end of the input); *got says how many. */
static inline const uint8_t *fuzz_take(fuzz_in *in, size_t want, size_t *got)
{
    const uint8_t *p = in->p;
    *got = want < in->n ? want : in->n;
    in->p += *got;
    in->n -= *got;
    return p;
}

/* Exactly n bytes into b, zero-padded past the end of the input. */
static inline void fuzz_copy(fuzz_in *in, uint8_t *b, size_t n)
{
    size_t got;
    const uint8_t *p = fuzz_take(in, n, &got);
    if (got) memcpy(b, p, got);
    memset(b + got, 0, n - got);
}

/* n bytes of the heap (never NULL, even for n = 0), so that ASan sees any
 * access past n. */
static inline uint8_t *fuzz_alloc(size_t n)
{
    uint8_t *b = malloc(n ? n : 1);
    CHECK(b);
    return b;
}

/* A copy of n bytes on the heap. */
static inline uint8_t *fuzz_dup(const uint8_t *p, size_t n)
{
    uint8_t *b = fuzz_alloc(n);
    if (n) memcpy(b, p, n);
    return b;
}

typedef struct fuzz_pieces {
    const uint8_t *sizes;
    size_t n, next;
} fuzz_pieces;

/* Piece sizes for incremental calls, taken in turn from the input. The next
 * piece of at most left bytes: size byte b means b bytes below 0x80, else
 * ((b & 0x7f) + 1) * 512 (for the stream's 64 KiB chunks). A zero at the end
 * of the list means the rest, so that every pass makes progress. */
static inline size_t fuzz_piece(fuzz_pieces *ps, size_t left)
{
    const unsigned b = ps->n ? ps->sizes[ps->next++ % ps->n] : 0;
    size_t len = b < 0x80 ? b : ((size_t)(b & 0x7f) + 1) * 512;
    if (!ps->n || (ps->next % ps->n == 0 && len == 0)) len = left; /* all zero: no progress */
    return len < left ? len : left;
}

/* A list of 1..8 piece sizes: a count byte, then the sizes. */
static inline fuzz_pieces fuzz_take_pieces(fuzz_in *in)
{
    fuzz_pieces ps = {0};
    ps.sizes = fuzz_take(in, fuzz_byte(in) % 8 + 1, &ps.n);
    return ps;
}

/* The fixed keys: byte i of the key is i * 7 + 1. */
static inline void fuzz_key(uint8_t *key, size_t n)
{
    for (size_t i = 0; i < n; i++) key[i] = (uint8_t)(i * 7 + 1);
}

/* AIMer: one fixed key pair (aimer128f) and one genuine signature of one
 * message, made from fixed randomness. */
#define FUZZ_AIMER_SET LWCX_AIMER128F
#define FUZZ_AIMER_MSG "lwcx fuzz"
static inline void fuzz_aimer_genuine(uint8_t *pk, uint8_t *sig)
{
    uint8_t seed[64], rho[32], sk[LWCX_AIMER_MAX_SK_BYTES];
    fuzz_key(seed, sizeof seed);
    memset(rho, 0x5a, sizeof rho);
    CHECK(lwcx_aimer_keygen_from(FUZZ_AIMER_SET, pk, sk, seed) == LWCX_OK);
    CHECK(lwcx_aimer_sign_from(FUZZ_AIMER_SET, sig, (const uint8_t *)FUZZ_AIMER_MSG,
                               strlen(FUZZ_AIMER_MSG), sk, rho) == LWCX_OK);
    lwcx_wipe(sk, sizeof sk);
}

#endif
