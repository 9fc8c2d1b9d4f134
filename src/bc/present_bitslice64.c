/* PRESENT bitsliced over 64 blocks, portable C: the rounds of
 * present_bs_core.h on uint64_t words (bit b of word i = bit i of block b).
 * Packing and unpacking are a 64x64 bit-matrix transpose. */
#include "bc_impl.h"

typedef uint64_t bs_word;
#define BS_XOR(a, b) ((a) ^ (b))
#define BS_AND(a, b) ((a) & (b))
#define BS_OR(a, b) ((a) | (b))
#define BS_NOT(a) (~(a))
#define BS_ONES (~(uint64_t)0)
#define BS_ZERO ((uint64_t)0)
#define BS_MASK32(m) ((uint64_t)(m) << 32 | (m))
#define BS_LANE_BITS 6
static const uint64_t lane_pattern[6] = {0xAAAAAAAAAAAAAAAAu, 0xCCCCCCCCCCCCCCCCu, 0xF0F0F0F0F0F0F0F0u,
                                         0xFF00FF00FF00FF00u, 0xFFFF0000FFFF0000u, 0xFFFFFFFF00000000u};
#define BS_LANE(k) (lane_pattern[k])
#include "present_bs_core.h"

#define LANES 64

/* In-place transpose: afterwards bit c of a[r] is what bit r of a[c] was.
 * Swaps 32x32 blocks, then 16x16 blocks inside them, ... down to bits. */
static void transpose64(uint64_t a[64])
{
    uint64_t m = 0x00000000FFFFFFFFu;
    for (unsigned j = 32; j != 0; j >>= 1, m ^= m << j)
        for (unsigned k = 0; k < 64; k = ((k | j) + 1) & ~j) {
            uint64_t t = ((a[k] >> j) ^ a[k | j]) & m;
            a[k] ^= t << j;
            a[k | j] ^= t;
        }
}

static void pack(uint64_t x[64], const uint8_t *in)
{
    for (unsigned b = 0; b < LANES; b++) x[b] = lwcx_load64be(in + 8 * b);
    transpose64(x);
}

static void unpack(uint8_t *out, uint64_t x[64])
{
    transpose64(x);
    for (unsigned b = 0; b < LANES; b++) lwcx_store64be(out + 8 * b, x[b]);
}

static void store_hits(uint64_t *hits, uint64_t w)
{
    hits[0] = w;
}

#define PRESENT_BS_BATCH LANES
#define PRESENT_BS_DESC                                                                            \
    {"bitslice64", "portable C: 64 blocks bitsliced in 64 words, 14-op S-box circuit, pLayer as renaming", 0, LANES}
#define PRESENT_BS_NAME(bits) bc_present##bits##_bitslice64
#include "present_bs_impl.h"
