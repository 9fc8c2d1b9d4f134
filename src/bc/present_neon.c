/* PRESENT bitsliced over 128 blocks with AArch64 Advanced SIMD: the rounds
 * of present_bs_core.h on q registers. Word x[i] holds bit i of 128 blocks:
 * 64-bit lane q, bit b = bit i of block 64q+b (two bitslice64 instances side
 * by side). Packing loads blocks k and 64+k into one register and runs the
 * SWAR 64x64 transpose on both lanes at once. */
#include <arm_neon.h>

#include "bc_impl.h"

typedef uint64x2_t bs_word;
#define BS_XOR(a, b) veorq_u64((a), (b))
#define BS_AND(a, b) vandq_u64((a), (b))
#define BS_OR(a, b) vorrq_u64((a), (b))
#define BS_NOT(a) vreinterpretq_u64_u8(vmvnq_u8(vreinterpretq_u8_u64(a)))
#define BS_ONES vdupq_n_u64(~(uint64_t)0)
#define BS_ZERO vdupq_n_u64(0)
#define BS_MASK32(m) vreinterpretq_u64_u32(vdupq_n_u32(m))
#define BS_LANE_BITS 7
static inline uint64x2_t lane_pattern(unsigned k)
{
    static const uint64_t in_word[6] = {0xAAAAAAAAAAAAAAAAu, 0xCCCCCCCCCCCCCCCCu, 0xF0F0F0F0F0F0F0F0u,
                                        0xFF00FF00FF00FF00u, 0xFFFF0000FFFF0000u, 0xFFFFFFFF00000000u};
    if (k < 6) return vdupq_n_u64(in_word[k]);
    return vcombine_u64(vcreate_u64(0), vcreate_u64(~(uint64_t)0));
}
#define BS_LANE(k) lane_pattern(k)
#include "present_bs_core.h"

#define BATCH 128

/* In both 64-bit lanes: afterwards bit c of a[r] is what bit r of a[c] was. */
static void transpose(uint64x2_t a[64])
{
    uint64_t mask = 0x00000000FFFFFFFFu;
    for (int j = 32; j != 0; j >>= 1, mask ^= mask << j) {
        const uint64x2_t m = vdupq_n_u64(mask);
        const int64x2_t up = vdupq_n_s64(j), down = vdupq_n_s64(-j);
        for (int k = 0; k < 64; k = ((k | j) + 1) & ~j) {
            uint64x2_t t = vandq_u64(veorq_u64(vshlq_u64(a[k], down), a[k | j]), m);
            a[k] = veorq_u64(a[k], vshlq_u64(t, up));
            a[k | j] = veorq_u64(a[k | j], t);
        }
    }
}

static void pack(uint64x2_t x[64], const uint8_t *in)
{
    for (int k = 0; k < 64; k++) {
        uint8x16_t v = vcombine_u8(vld1_u8(in + 8 * k), vld1_u8(in + 8 * (64 + k)));
        x[k] = vreinterpretq_u64_u8(vrev64q_u8(v)); /* big-endian blocks */
    }
    transpose(x);
}

static void unpack(uint8_t *out, uint64x2_t x[64])
{
    transpose(x);
    for (int k = 0; k < 64; k++) {
        uint8x16_t v = vrev64q_u8(vreinterpretq_u8_u64(x[k]));
        vst1_u8(out + 8 * k, vget_low_u8(v));
        vst1_u8(out + 8 * (64 + k), vget_high_u8(v));
    }
}

/* lane 64q+b is bit b of hits[q] */
static void store_hits(uint64_t *hits, uint64x2_t w)
{
    hits[0] = vgetq_lane_u64(w, 0);
    hits[1] = vgetq_lane_u64(w, 1);
}

#define PRESENT_BS_BATCH BATCH
#define PRESENT_BS_DESC                                                                            \
    {"neon", "NEON: 128 blocks bitsliced in 64 q registers (2 x 64 lanes), 14-op S-box circuit",    \
     LWCX_CPU_NEON, BATCH}
#define PRESENT_BS_NAME(bits) bc_present##bits##_neon
#include "present_bs_impl.h"
