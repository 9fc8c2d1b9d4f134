/* PIPO-64/128 and PIPO-64/256 bitsliced over 64 blocks, portable C: the
 * rounds of pipo_bs_core.h on uint64_t words. Word w holds bit w of every
 * block (block = little-endian 64-bit integer; bit b of word w = bit w of
 * block b), so packing is a 64x64 bit-matrix transpose. One key: expand()
 * turns every key bit into an all-0/all-1 word (nkw x 64 words); many keys:
 * the 64 lanes' key words are transposed like blocks. */
#include "bc_impl.h"

typedef uint64_t bs_word;
#define BS_XOR(a, b) ((a) ^ (b))
#define BS_AND(a, b) ((a) & (b))
#define BS_OR(a, b) ((a) | (b))
#define BS_NOT(a) (~(a))
#define BS_ONES (~(uint64_t)0)
#include "pipo_bs_core.h"

#define LANES 64

/* One stage of the transpose on two rows: swaps the high halves of lo's
 * 2j-bit groups with the low halves of hi's. */
static inline __attribute__((always_inline)) void tr_swap(uint64_t *lo, uint64_t *hi, unsigned j)
{
    static const uint64_t mask[6] = {0x5555555555555555u, 0x3333333333333333u, 0x0F0F0F0F0F0F0F0Fu,
                                     0x00FF00FF00FF00FFu, 0x0000FFFF0000FFFFu, 0x00000000FFFFFFFFu};
    const uint64_t m = mask[j == 1 ? 0 : j == 2 ? 1 : j == 4 ? 2 : j == 8 ? 3 : j == 16 ? 4 : 5];
    uint64_t t = ((*lo >> j) ^ *hi) & m;
    *lo ^= t << j;
    *hi ^= t;
}

/* The three stages (scale 4, 2, 1) on 8 rows v[m] = rows r + scale m. */
static inline __attribute__((always_inline)) void tr_group(uint64_t v[8], unsigned scale)
{
#pragma GCC unroll 3
    for (unsigned s = 4; s >= 1; s >>= 1)
#pragma GCC unroll 8
        for (unsigned m = 0; m < 8; m++)
            if (!(m & s)) tr_swap(&v[m], &v[m | s], s * scale);
}

/* The 64x64 bit-matrix transpose (afterwards bit c of x[r] is what bit r of
 * row c was) as its six stages, in two passes of 8 rows held in registers:
 * the bit stages on 8 consecutive rows, then the byte stages on every 8th
 * row. pack_rows reads row b (block b) from in + stride b. */
static void pack_rows(uint64_t x[64], const uint8_t *in, size_t stride)
{
    for (unsigned g = 0; g < 8; g++) {
        uint64_t v[8];
#pragma GCC unroll 8
        for (unsigned m = 0; m < 8; m++) v[m] = lwcx_load64le(in + stride * (8 * g + m));
        tr_group(v, 1);
#pragma GCC unroll 8
        for (unsigned m = 0; m < 8; m++) x[8 * g + m] = v[m];
    }
    for (unsigned r = 0; r < 8; r++) {
        uint64_t v[8];
#pragma GCC unroll 8
        for (unsigned m = 0; m < 8; m++) v[m] = x[r + 8 * m];
        tr_group(v, 8);
#pragma GCC unroll 8
        for (unsigned m = 0; m < 8; m++) x[r + 8 * m] = v[m];
    }
}

/* the inverse (the same transpose), writing row b to out + 8 b */
static void unpack(uint8_t *out, uint64_t x[64])
{
    for (unsigned r = 0; r < 8; r++) {
        uint64_t v[8];
#pragma GCC unroll 8
        for (unsigned m = 0; m < 8; m++) v[m] = x[r + 8 * m];
        tr_group(v, 8);
#pragma GCC unroll 8
        for (unsigned m = 0; m < 8; m++) x[r + 8 * m] = v[m];
    }
    for (unsigned g = 0; g < 8; g++) {
        uint64_t v[8];
#pragma GCC unroll 8
        for (unsigned m = 0; m < 8; m++) v[m] = x[8 * g + m];
        tr_group(v, 1);
#pragma GCC unroll 8
        for (unsigned m = 0; m < 8; m++) lwcx_store64le(out + 8 * (8 * g + m), v[m]);
    }
}

/* bit n of the byte string as an all-0/all-1 word, for n < 8 nbytes */
static void masks(uint64_t *m, const uint8_t *bytes, unsigned nbytes)
{
    for (unsigned n = 0; n < 8 * nbytes; n++) m[n] = 0 - (uint64_t)((bytes[n / 8] >> (n % 8)) & 1);
}

static inline __attribute__((always_inline)) void pack(uint64_t x[64], const uint8_t *in)
{
    pack_rows(x, in, 8);
}

/* key word w of the 64 lanes transposed like blocks */
static void pipo_bs_load_keys(uint64_t k[][64], const uint8_t *keys, unsigned nkw)
{
    for (unsigned w = 0; w < nkw; w++) pack_rows(k[w], keys + 8 * w, 8 * nkw);
}

/* lane l = bit l of every word */
#define PIPO_BS_LANE_PATS                                                                          \
    {                                                                                              \
        0xAAAAAAAAAAAAAAAAu, 0xCCCCCCCCCCCCCCCCu, 0xF0F0F0F0F0F0F0F0u, 0xFF00FF00FF00FF00u,        \
        0xFFFF0000FFFF0000u, 0xFFFFFFFF00000000u,                                                  \
    }

static inline void pipo_bs_store_hits(uint64_t *hits, uint64_t w)
{
    hits[0] = w;
}

#define PIPO_BS_BATCH LANES
#define PIPO_BS_CRYPT static
#define PIPO_BS_IMPL(n) bc_pipo##n##_bitslice64
#define PIPO_BS_DESC                                                                               \
    {"bitslice64", "portable C: 64 blocks bitsliced in 64 words, 34-op S-box circuit, R-layer as renaming", 0, LANES}
#include "pipo_bs_impl.h"
