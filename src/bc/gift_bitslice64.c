/* GIFT-64 and GIFT-128 bitsliced over 64 blocks, portable C: word i of the
 * state holds bit i of all 64 blocks (bit b of x[i] = bit i of block b), and
 * the rounds are gift_bs_core.h on uint64_t. Packing is a 64x64 bit-matrix
 * transpose per 64-bit half of the block. One key: expand() writes the
 * doubled key state as masks (1 KiB); many keys and key search: the key
 * state is 128 words sliced like the blocks, and the key schedule is only
 * offsets into it. */
#include "bc_impl.h"

typedef uint64_t bs_word;
#define BS_XOR(a, b) ((a) ^ (b))
#define BS_AND(a, b) ((a) & (b))
#define BS_OR(a, b) ((a) | (b))
#define BS_NOT(a) (~(a))
#define BS_ONES (~(uint64_t)0)
#define BS_MASK(m) ((uint64_t)(int64_t)(int32_t)(m))
#include "gift_bs_core.h"

#define LANES 64

/* One stage of the in-place SWAR transpose: rows k and k|j swap the high j
 * bits of every 2j-bit group of row k with the low j bits of row k|j. */
static inline __attribute__((always_inline)) void tr_stage(uint64_t a[64], const unsigned j,
                                                           const uint64_t m)
{
#pragma GCC unroll 32
    for (unsigned k = 0; k < 64; k = ((k | j) + 1) & ~j) {
        uint64_t t = ((a[k] >> j) ^ a[k | j]) & m;
        a[k] ^= t << j;
        a[k | j] ^= t;
    }
}

/* Afterwards bit c of a[r] is what bit r of a[c] was. */
static void transpose64(uint64_t a[64])
{
    tr_stage(a, 32, 0x00000000FFFFFFFFu);
    tr_stage(a, 16, 0x0000FFFF0000FFFFu);
    tr_stage(a, 8, 0x00FF00FF00FF00FFu);
    tr_stage(a, 4, 0x0F0F0F0F0F0F0F0Fu);
    tr_stage(a, 2, 0x3333333333333333u);
    tr_stage(a, 1, 0x5555555555555555u);
}

/* 64 blocks of n bits (big-endian bytes) into n words; a 128-bit block's
 * last 8 bytes are bits 63..0. */
static void pack(const unsigned n, uint64_t *x, const uint8_t *in)
{
    const unsigned bs = n / 8;
    for (unsigned h = 0; h < n / 64; h++) {
        uint64_t *w = x + 64 * h;
        const uint8_t *p = in + bs - 8 * (h + 1);
        for (unsigned b = 0; b < LANES; b++) w[b] = lwcx_load64be(p + bs * b);
        transpose64(w);
    }
}

static void unpack(const unsigned n, uint8_t *out, uint64_t *x)
{
    const unsigned bs = n / 8;
    for (unsigned h = 0; h < n / 64; h++) {
        uint64_t *w = x + 64 * h;
        uint8_t *p = out + bs - 8 * (h + 1);
        transpose64(w);
        for (unsigned b = 0; b < LANES; b++) lwcx_store64be(p + bs * b, w[b]);
    }
}

/* lane l = bit l of every word */
#define GIFT_BS_LANE_PATS                                                                         \
    {                                                                                             \
        0xAAAAAAAAAAAAAAAAu, 0xCCCCCCCCCCCCCCCCu, 0xF0F0F0F0F0F0F0F0u, 0xFF00FF00FF00FF00u,       \
        0xFFFF0000FFFF0000u, 0xFFFFFFFF00000000u,                                                 \
    }

static inline void gift_bs_store_hits(uint64_t *hits, uint64_t w)
{
    hits[0] = w;
}

#define GIFT_BS_BATCH LANES
#define GIFT_BS_PAT_STORAGE static
#define GIFT_BS_IMPL(n) bc_gift##n##_bitslice64
#define GIFT_BS_DESC                                                                              \
    {"bitslice64", "portable C: 64 blocks bitsliced in 64-bit words, 10-op S-box circuit, PermBits " \
                   "and key schedule as word renaming",                                           \
     0, LANES}
#include "gift_bs_impl.h"
