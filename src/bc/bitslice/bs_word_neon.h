/* The AArch64 Advanced SIMD bitslice word, shared by the <family>/neon.c
 * files: bs_word is a q register of two 64-bit lanes, lane l = bit l % 64
 * of 64-bit lane l / 64 (128 blocks a batch). Defines the word operations
 * the cores ask for (see bc_impl.h), the key-search lane patterns, the hits
 * store, and the 64x64 bit transpose run in both 64-bit lanes at once, with
 * the packing of big-endian blocks built on it. Advanced SIMD is baseline
 * on AArch64, so no extra flags. */
#ifndef LWCX_BS_WORD_NEON_H
#define LWCX_BS_WORD_NEON_H

#include <arm_neon.h>

#include "../bc_impl.h"
#include "bs_core_common.h"

/* kept out of line (inlined at every use, it multiplies the code size);
 * unused: not every includer needs every helper */
#define BS_OUTLINE static __attribute__((unused))

typedef uint64x2_t bs_word;
#define BS_LANES 128
#define BS_XOR(a, b) veorq_u64((a), (b))
#define BS_AND(a, b) vandq_u64((a), (b))
#define BS_OR(a, b) vorrq_u64((a), (b))
#define BS_NOT(a) vreinterpretq_u64_u8(vmvnq_u8(vreinterpretq_u8_u64(a)))
#define BS_ANDN(a, b) vbicq_u64((b), (a)) /* ~a & b */
#define BS_ONES vdupq_n_u64(~(uint64_t)0)
#define BS_ZERO vdupq_n_u64(0)
#define BS_MASK32(m) vreinterpretq_u64_u32(vdupq_n_u32(m)) /* every 32-bit part m */

/* Initializer of the key-search lane patterns: entry k is the word whose
 * lane l is bit k of l. Not constant expressions in C, so the table is a
 * local (BS_LANE_PATS_STORAGE empty). */
#define BS_LANE_PATS                                                                              \
    {                                                                                             \
        vdupq_n_u64(0xAAAAAAAAAAAAAAAAu), vdupq_n_u64(0xCCCCCCCCCCCCCCCCu),                       \
        vdupq_n_u64(0xF0F0F0F0F0F0F0F0u), vdupq_n_u64(0xFF00FF00FF00FF00u),                       \
        vdupq_n_u64(0xFFFF0000FFFF0000u), vdupq_n_u64(0xFFFFFFFF00000000u),                       \
        vcombine_u64(vcreate_u64(0), vcreate_u64(~(uint64_t)0)),                                  \
    }
#define BS_LANE_PATS_STORAGE

/* lane l of w to bit l % 64 of hits[l / 64] */
BS_INLINE void bs_store_hits(uint64_t *hits, uint64x2_t w)
{
    vst1q_u64(hits, w);
}

/* Raw rows for layouts that load blocks as they are: 16 bytes as two
 * little-endian 64-bit integers. */
BS_INLINE uint64x2_t bs_load_le(const uint8_t *p)
{
    return vreinterpretq_u64_u8(vld1q_u8(p));
}

BS_INLINE void bs_store_le(uint8_t *p, uint64x2_t w)
{
    vst1q_u8(p, vreinterpretq_u8_u64(w));
}

/* --- 64x64 bit transpose, in both 64-bit lanes ------------------------------- */

/* Stages of the transpose: rows k and k|j swap the high j bits of every
 * 2j-bit group of row k with the low j bits of the same group of row k|j.
 * For j = 32, 16, 8 that is TRN1/TRN2 on j-bit elements. */
BS_INLINE void bs_tr_coarse(uint64x2_t a[64])
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
 * (shifted down). m selects the low j bits of every 2j-bit group. A macro:
 * the shift counts must be immediates. */
#define BS_TR_FINE(a, J, M)                                                                 \
    do {                                                                                    \
        const uint64x2_t m = vdupq_n_u64(M);                                                \
        for (int k = 0; k < 64; k = ((k | (J)) + 1) & ~(J)) {                               \
            const uint64x2_t lo = a[k], hi = a[k | (J)];                                    \
            a[k] = vbslq_u64(m, lo, vshlq_n_u64(hi, J));                                    \
            a[k | (J)] = vbslq_u64(m, vshrq_n_u64(lo, J), hi);                              \
        }                                                                                   \
    } while (0)

/* Afterwards, in both 64-bit lanes, bit c of a[r] is what bit r of a[c] was. */
BS_OUTLINE void bs_transpose64(uint64x2_t a[64])
{
    bs_tr_coarse(a);
    BS_TR_FINE(a, 4, 0x0F0F0F0F0F0F0F0Fu);
    BS_TR_FINE(a, 2, 0x3333333333333333u);
    BS_TR_FINE(a, 1, 0x5555555555555555u);
}

/* --- packing of big-endian blocks ------------------------------------------ */

/* 128 blocks of n bits (64 or 128, big-endian bytes) into n words: word i
 * holds bit i of every block read as a big-endian number (block 64q+b in
 * bit b of 64-bit lane q). x[k] = blocks k and 64+k as numbers (a 128-bit
 * block's last 8 bytes, bits 63..0, in x[0..63], its first 8 in
 * x[64..127]), then transposed. */
BS_INLINE void bs_pack_be(const unsigned n, uint64x2_t *x, const uint8_t *in)
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
    bs_transpose64(x);
    if (n == 128) bs_transpose64(x + 64);
}

/* the inverse of bs_pack_be (x is clobbered) */
BS_INLINE void bs_unpack_be(const unsigned n, uint8_t *out, uint64x2_t *x)
{
    bs_transpose64(x);
    if (n == 128) bs_transpose64(x + 64);
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

#endif
