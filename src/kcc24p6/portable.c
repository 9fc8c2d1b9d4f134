/* kcc24-p6 under the contest rules: plain C, no intrinsics, no carry-less
 * multiply instruction, no inline assembly; correct at -O3 with no -m flags.
 *
 * Cipher: the blocks of a message are byte-sliced, slice[j][b] = byte j of
 * block b, so each round step is one loop over the blocks that the compiler
 * can turn into wide byte operations. The state's byte rotation becomes a
 * renaming of slices: in round r, logical byte j lives in slice (j + r) % 8.
 * The key schedule (modes.c) runs in 64-bit SWAR, all 8 key bytes at once.
 *
 * Tag: A <- (H*(A ^ C))^2 = H^2 * (A ^ C)^2, and x -> H^2 * x^2 is GF(2)-linear
 * (squaring is linear in characteristic 2). So one step is a linear map,
 * applied with 16 lookups in 4-bit tables built once per message. */
#include "kcc24p6_impl.h"

/* 32 lanes of one byte position, seen as bytes (for the additions) or as
 * 64-bit words (for the rotations, which are the same for every lane). */
typedef union slice {
    uint8_t b[32];
    uint64_t w[4];
} slice;

/* The whole cipher over LANES byte-sliced blocks (LANES a constant per call site). */
static inline __attribute__((always_inline)) void
ctr_lanes(uint8_t *out, const uint8_t *in, size_t nblocks, const uint8_t rk[KCC24P6_ROUNDS][8],
          const unsigned LANES)
{
    slice st[8];
    for (unsigned b = 0; b < LANES; b++) st[0].b[b] = (uint8_t)b;
    for (unsigned j = 1; j < 8; j++)
        for (unsigned b = 0; b < LANES; b++) st[j].b[b] = kcc24p6_nonce[j - 1];

    for (unsigned base = 0; base < KCC24P6_ROUNDS; base += 8) {
#pragma GCC unroll 8
        for (unsigned q = 0; q < 8; q++) {
#pragma GCC unroll 7
            for (unsigned j = 7; j >= 1; j--) {
                slice *dst = &st[(j + q) & 7];
                const slice *src = &st[(j - 1 + q) & 7];
                const uint8_t kj = rk[base + q][j];
                for (unsigned b = 0; b < LANES; b++)
                    dst->b[b] = (uint8_t)(kj ^ (uint8_t)(src->b[b] + (kj ^ dst->b[b])));
                for (unsigned w = 0; w < LANES / 8; w++) dst->w[w] = kcc24p6_rol_bytes(dst->w[w], j);
            }
        }
    }
    /* after 80 rounds (a multiple of 8) logical byte j is back in slice j */
    for (size_t b = 0; b < nblocks; b++)
        for (unsigned j = 0; j < 8; j++) out[8 * b + j] = in[8 * b + j] ^ st[j].b[b];
}

static void portable_ctr(uint8_t *out, const uint8_t *in, size_t nblocks, const uint8_t key[8])
{
    uint8_t rk[KCC24P6_ROUNDS][8];
    kcc24p6_key_schedule(rk, key);
    switch ((nblocks + 7) / 8) { /* lanes: the blocks rounded up to a whole 64-bit word */
    case 1: ctr_lanes(out, in, nblocks, rk, 8); break;
    case 2: ctr_lanes(out, in, nblocks, rk, 16); break;
    case 3: ctr_lanes(out, in, nblocks, rk, 24); break;
    default: ctr_lanes(out, in, nblocks, rk, 32); break;
    }
    lwcx_wipe(rk, sizeof rk);
}

/* x * x^2 (mod x^64 + x^9 + 1) */
static inline uint64_t mul_x2(uint64_t v)
{
    uint64_t t = v >> 62;
    return (v << 2) ^ t ^ (t << 9);
}

/* bits of a 32-bit word spread to the even positions of 64 */
static uint64_t spread(uint64_t x)
{
    x = (x | (x << 16)) & 0x0000ffff0000ffffu;
    x = (x | (x << 8)) & 0x00ff00ff00ff00ffu;
    x = (x | (x << 4)) & 0x0f0f0f0f0f0f0f0fu;
    x = (x | (x << 2)) & 0x3333333333333333u;
    return (x | (x << 1)) & 0x5555555555555555u;
}

static uint64_t square(uint64_t x)
{
    return kcc24p6_reduce(spread(x & 0xffffffffu), spread(x >> 32));
}

static void portable_tag(uint8_t tag[8], const uint8_t *ct, size_t nblocks)
{
    const uint64_t h2 = square(kcc24p6_h((unsigned)nblocks));
    uint64_t a = h2;
    if (nblocks) {
        /* table[p][v] = M(v * x^(4p)) with M(x) = H^2 * x^2; M(x^i) = H^2 * x^(2i) */
        uint64_t table[16][16];
        uint64_t basis = h2;
        for (unsigned p = 0; p < 16; p++) {
            table[p][0] = 0;
            for (unsigned k = 0; k < 4; k++, basis = mul_x2(basis))
                for (unsigned v = 1u << k; v < 2u << k; v++) table[p][v] = table[p][v - (1u << k)] ^ basis;
        }
        for (size_t i = 0; i < nblocks; i++) {
            uint64_t x = a ^ lwcx_load64le(ct + 8 * i), y = 0;
            for (unsigned p = 0; p < 16; p++) y ^= table[p][(x >> (4 * p)) & 15];
            a = y;
        }
    }
    lwcx_store64le(tag, a);
}

const kcc24p6_impl kcc24p6_portable = {
    {"portable", "contest rules: byte-sliced blocks, SWAR key schedule, 4-bit tables for the tag", 0, 32},
    portable_ctr,
    portable_tag,
};
