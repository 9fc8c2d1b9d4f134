/* GIFT-64 and GIFT-128 bitsliced over 128 blocks with AArch64 Advanced SIMD:
 * word x[i] holds bit i of 128 blocks (64-bit lane q, bit b = bit i of block
 * 64q+b), the rounds are gift_bs_core.h on q registers. Packing puts blocks
 * k and 64+k (or one 64-bit half of them) in one register and transposes
 * both 64x64 bit matrices at once: element transposes (TRN1/TRN2 on 32-,
 * 16- and 8-bit elements) for the three coarse stages, shifts and bit
 * selects for the three fine ones. One key: expand() writes the doubled key
 * state as 32-bit masks (1 KiB), broadcast when used. */
#include <arm_neon.h>

#include "bc_impl.h"

typedef uint64x2_t bs_word;
#define BS_XOR(a, b) veorq_u64((a), (b))
#define BS_AND(a, b) vandq_u64((a), (b))
#define BS_OR(a, b) vorrq_u64((a), (b))
#define BS_NOT(a) vreinterpretq_u64_u8(vmvnq_u8(vreinterpretq_u8_u64(a)))
#define BS_ONES vdupq_n_u64(~(uint64_t)0)
#define BS_MASK(m) vreinterpretq_u64_u32(vdupq_n_u32(m))
#define BS_ANDN(a, b) vbicq_u64((b), (a))
#include "gift_bs_core.h"

#define BATCH 128
#define INLINE static inline __attribute__((always_inline))

/* --- packing ------------------------------------------------------------------ */

/* Stages of the 64x64 transpose (in each 64-bit lane): rows k and k|j swap
 * the high j bits of every 2j-bit group of row k with the low j bits of the
 * same group of row k|j. For j = 32, 16, 8 that is TRN1/TRN2 on j-bit
 * elements. */
INLINE void tr_coarse(uint64x2_t a[64])
{
    for (int k = 0; k < 32; k++) {
        uint32x4_t lo = vreinterpretq_u32_u64(a[k]), hi = vreinterpretq_u32_u64(a[k | 32]);
        a[k] = vreinterpretq_u64_u32(vtrn1q_u32(lo, hi));
        a[k | 32] = vreinterpretq_u64_u32(vtrn2q_u32(lo, hi));
    }
    for (int k = 0; k < 64; k = ((k | 16) + 1) & ~16) {
        uint16x8_t lo = vreinterpretq_u16_u64(a[k]), hi = vreinterpretq_u16_u64(a[k | 16]);
        a[k] = vreinterpretq_u64_u16(vtrn1q_u16(lo, hi));
        a[k | 16] = vreinterpretq_u64_u16(vtrn2q_u16(lo, hi));
    }
    for (int k = 0; k < 64; k = ((k | 8) + 1) & ~8) {
        uint8x16_t lo = vreinterpretq_u8_u64(a[k]), hi = vreinterpretq_u8_u64(a[k | 8]);
        a[k] = vreinterpretq_u64_u8(vtrn1q_u8(lo, hi));
        a[k | 8] = vreinterpretq_u64_u8(vtrn2q_u8(lo, hi));
    }
}

/* j = 4, 2, 1: row k keeps its low j bits per group and takes row k|j's low
 * bits (shifted up); row k|j keeps its high bits and takes row k's high bits
 * (shifted down). m selects the low j bits of every 2j-bit group. */
#define TR_FINE(a, J, M)                                                                    \
    do {                                                                                    \
        const uint64x2_t m = vdupq_n_u64(M);                                                \
        for (int k = 0; k < 64; k = ((k | (J)) + 1) & ~(J)) {                               \
            const uint64x2_t lo = a[k], hi = a[k | (J)];                                    \
            a[k] = vbslq_u64(m, lo, vshlq_n_u64(hi, J));                                    \
            a[k | (J)] = vbslq_u64(m, vshrq_n_u64(lo, J), hi);                              \
        }                                                                                   \
    } while (0)

static void transpose(uint64x2_t a[64])
{
    tr_coarse(a);
    TR_FINE(a, 4, 0x0F0F0F0F0F0F0F0Fu);
    TR_FINE(a, 2, 0x3333333333333333u);
    TR_FINE(a, 1, 0x5555555555555555u);
}

/* 128 big-endian blocks of n bits into n words: x[k] = blocks k and 64+k as
 * numbers (a 128-bit block's last 8 bytes, bits 63..0, in x[0..63], its
 * first 8 in x[64..127]), then transposed. */
INLINE void pack(const unsigned n, uint64x2_t *x, const uint8_t *in)
{
    for (int k = 0; k < 64; k++) {
        if (n == 64) {
            uint8x16_t v = vcombine_u8(vld1_u8(in + 8 * k), vld1_u8(in + 8 * (64 + k)));
            x[k] = vreinterpretq_u64_u8(vrev64q_u8(v));
        } else {
            uint64x2_t a = vreinterpretq_u64_u8(vrev64q_u8(vld1q_u8(in + 16 * k)));
            uint64x2_t b = vreinterpretq_u64_u8(vrev64q_u8(vld1q_u8(in + 16 * (64 + k))));
            x[k] = vzip2q_u64(a, b);
            x[64 + k] = vzip1q_u64(a, b);
        }
    }
    transpose(x);
    if (n == 128) transpose(x + 64);
}

INLINE void unpack(const unsigned n, uint8_t *out, uint64x2_t *x)
{
    transpose(x);
    if (n == 128) transpose(x + 64);
    for (int k = 0; k < 64; k++) {
        if (n == 64) {
            uint8x16_t v = vrev64q_u8(vreinterpretq_u8_u64(x[k]));
            vst1_u8(out + 8 * k, vget_low_u8(v));
            vst1_u8(out + 8 * (64 + k), vget_high_u8(v));
        } else {
            uint64x2_t lo = x[k], hi = x[64 + k];
            vst1q_u8(out + 16 * k, vrev64q_u8(vreinterpretq_u8_u64(vzip1q_u64(hi, lo))));
            vst1q_u8(out + 16 * (64 + k), vrev64q_u8(vreinterpretq_u8_u64(vzip2q_u64(hi, lo))));
        }
    }
}

/* lane l = bit l % 64 of 64-bit lane l / 64 */
#define GIFT_BS_LANE_PATS                                                                         \
    {                                                                                             \
        vdupq_n_u64(0xAAAAAAAAAAAAAAAAu), vdupq_n_u64(0xCCCCCCCCCCCCCCCCu),                       \
        vdupq_n_u64(0xF0F0F0F0F0F0F0F0u), vdupq_n_u64(0xFF00FF00FF00FF00u),                       \
        vdupq_n_u64(0xFFFF0000FFFF0000u), vdupq_n_u64(0xFFFFFFFF00000000u),                       \
        vcombine_u64(vcreate_u64(0), vcreate_u64(~(uint64_t)0)),                                  \
    }

INLINE void gift_bs_store_hits(uint64_t *hits, uint64x2_t w)
{
    vst1q_u64(hits, w);
}

#define GIFT_BS_BATCH BATCH
#define GIFT_BS_IMPL(n) bc_gift##n##_neon
#define GIFT_BS_DESC                                                                              \
    {"neon", "NEON: 128 blocks bitsliced in q registers (2 x 64 lanes), 10-op S-box circuit, "     \
             "PermBits and key schedule as renaming",                                             \
     LWCX_CPU_NEON, BATCH}
#include "gift_bs_impl.h"
