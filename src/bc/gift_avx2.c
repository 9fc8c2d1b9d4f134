/* GIFT-64 and GIFT-128 bitsliced over 256 blocks with AVX2: register x[i]
 * holds bit i of 256 blocks (64-bit lane q, bit b = bit i of block 64q+b),
 * i.e. four bitslice64 instances side by side, with the rounds of
 * gift_bs_core.h. Packing: byte swaps and a 4x4 interleave of 64-bit lanes
 * (block 64q+k goes to lane q of row k), then a 64x64 bit transpose run on
 * the four matrices at once; a 128-bit block is split into its two 64-bit
 * halves with unpacks first and each half transposed on its own. One key:
 * expand() writes the doubled key state as 32-bit masks (1 KiB), so a
 * round-key bit is one broadcast load. Compiled with -mavx2 only; chosen at
 * run time when the CPU has AVX2. */
#include <immintrin.h>

#include "bc_impl.h"

typedef __m256i bs_word;
#define BS_XOR(a, b) _mm256_xor_si256(a, b)
#define BS_AND(a, b) _mm256_and_si256(a, b)
#define BS_OR(a, b) _mm256_or_si256(a, b)
#define BS_ONES _mm256_set1_epi32(-1)
#define BS_NOT(a) _mm256_xor_si256(a, BS_ONES)
#define BS_MASK(m) _mm256_set1_epi32((int)(m))
#define BS_ANDN(a, b) _mm256_andnot_si256(a, b)
#include "gift_bs_core.h"

#define BATCH 256
#define INLINE static inline __attribute__((always_inline))

/* --- packing ------------------------------------------------------------------ */

/* One stage of the SWAR transpose: swaps the j x j off-diagonal blocks of
 * each lane's 64x64 matrix (a[k] and a[k|j], the high j bits of one with the
 * low j bits of the other). */
INLINE void tr_stage(__m256i a[64], const int j, const uint64_t mask)
{
    if (j >= 8) { /* blends instead of mask-and-xor: 4 ops, not 6 */
        const __m256i hi8 = _mm256_set1_epi16((short)0xFF00);
#pragma GCC unroll 32
        for (int k = 0; k < 64; k = ((k | j) + 1) & ~j) {
            const __m256i lo = a[k], hi = a[k | j];
            const __m256i hs = _mm256_slli_epi64(hi, j), ls = _mm256_srli_epi64(lo, j);
            if (j == 32) {
                a[k] = _mm256_blend_epi32(lo, hs, 0xAA);
                a[k | j] = _mm256_blend_epi32(ls, hi, 0xAA);
            } else if (j == 16) {
                a[k] = _mm256_blend_epi16(lo, hs, 0xAA);
                a[k | j] = _mm256_blend_epi16(ls, hi, 0xAA);
            } else {
                a[k] = _mm256_blendv_epi8(lo, hs, hi8);
                a[k | j] = _mm256_blendv_epi8(ls, hi, hi8);
            }
        }
        return;
    }
    const __m256i m = _mm256_set1_epi64x((long long)mask);
#pragma GCC unroll 32
    for (int k = 0; k < 64; k = ((k | j) + 1) & ~j) {
        __m256i t = _mm256_and_si256(_mm256_xor_si256(_mm256_srli_epi64(a[k], j), a[k | j]), m);
        a[k] = _mm256_xor_si256(a[k], _mm256_slli_epi64(t, j));
        a[k | j] = _mm256_xor_si256(a[k | j], t);
    }
}

/* Afterwards, in every 64-bit lane, bit c of a[r] is what bit r of a[c] was. */
static void transpose(__m256i a[64])
{
    tr_stage(a, 32, 0);
    tr_stage(a, 16, 0);
    tr_stage(a, 8, 0);
    tr_stage(a, 4, 0x0F0F0F0F0F0F0F0Fu);
    tr_stage(a, 2, 0x3333333333333333u);
    tr_stage(a, 1, 0x5555555555555555u);
}

/* v[q] holds 4 consecutive 64-bit values of group q; afterwards v[j] holds
 * value j of every group (its own inverse). */
INLINE void interleave4(__m256i v[4])
{
    __m256i t0 = _mm256_unpacklo_epi64(v[0], v[1]), t1 = _mm256_unpackhi_epi64(v[0], v[1]);
    __m256i t2 = _mm256_unpacklo_epi64(v[2], v[3]), t3 = _mm256_unpackhi_epi64(v[2], v[3]);
    v[0] = _mm256_permute2x128_si256(t0, t2, 0x20);
    v[1] = _mm256_permute2x128_si256(t1, t3, 0x20);
    v[2] = _mm256_permute2x128_si256(t0, t2, 0x31);
    v[3] = _mm256_permute2x128_si256(t1, t3, 0x31);
}

INLINE __m256i bswap64(__m256i v)
{
    const __m256i rev = _mm256_setr_epi8(7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6,
                                         5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8);
    return _mm256_shuffle_epi8(v, rev);
}

/* Four consecutive 64-bit values of each group q: blocks 64q+k..64q+k+3 (of a
 * 64-bit block), or one half of them (of a 128-bit block: half 0 is the last
 * 8 bytes, bits 63..0), as numbers. */
INLINE void load4(const unsigned n, __m256i v[4], __m256i w[4], const uint8_t *in, int k)
{
    for (int q = 0; q < 4; q++) {
        if (n == 64) {
            v[q] = bswap64(_mm256_loadu_si256((const __m256i *)(in + 8 * (64 * q + k))));
        } else {
            const uint8_t *p = in + 16 * (64 * q + k);
            __m256i a = bswap64(_mm256_loadu_si256((const __m256i *)p));       /* hi0 lo0 hi1 lo1 */
            __m256i b = bswap64(_mm256_loadu_si256((const __m256i *)(p + 32))); /* hi2 lo2 hi3 lo3 */
            /* unpacks give hi0 hi2 hi1 hi3 (resp. lo); the lane permute puts them in order */
            v[q] = _mm256_permute4x64_epi64(_mm256_unpackhi_epi64(a, b), 0xD8);
            w[q] = _mm256_permute4x64_epi64(_mm256_unpacklo_epi64(a, b), 0xD8);
        }
    }
}

INLINE void store4(const unsigned n, uint8_t *out, int k, __m256i v[4], __m256i w[4])
{
    for (int q = 0; q < 4; q++) {
        if (n == 64) {
            _mm256_storeu_si256((__m256i *)(out + 8 * (64 * q + k)), bswap64(v[q]));
        } else {
            uint8_t *p = out + 16 * (64 * q + k);
            __m256i lo = _mm256_permute4x64_epi64(v[q], 0xD8), hi = _mm256_permute4x64_epi64(w[q], 0xD8);
            _mm256_storeu_si256((__m256i *)p, bswap64(_mm256_unpacklo_epi64(hi, lo)));
            _mm256_storeu_si256((__m256i *)(p + 32), bswap64(_mm256_unpackhi_epi64(hi, lo)));
        }
    }
}

/* 256 big-endian blocks of n bits into n slices */
INLINE void pack(const unsigned n, __m256i *x, const uint8_t *in)
{
    for (int k = 0; k < 64; k += 4) {
        __m256i v[4], w[4];
        load4(n, v, w, in, k);
        interleave4(v);
        for (int j = 0; j < 4; j++) x[k + j] = v[j];
        if (n == 128) {
            interleave4(w);
            for (int j = 0; j < 4; j++) x[64 + k + j] = w[j];
        }
    }
    transpose(x);
    if (n == 128) transpose(x + 64);
}

INLINE void unpack(const unsigned n, uint8_t *out, __m256i *x)
{
    transpose(x);
    if (n == 128) transpose(x + 64);
    for (int k = 0; k < 64; k += 4) {
        __m256i v[4] = {x[k], x[k + 1], x[k + 2], x[k + 3]}, w[4];
        interleave4(v);
        if (n == 128) {
            for (int j = 0; j < 4; j++) w[j] = x[64 + k + j];
            interleave4(w);
        }
        store4(n, out, k, v, w);
    }
}

/* lane l = bit l % 64 of 64-bit lane l / 64 */
#define GIFT_BS_LANE_PATS                                                                         \
    {                                                                                             \
        _mm256_set1_epi64x((long long)0xAAAAAAAAAAAAAAAAu),                                       \
        _mm256_set1_epi64x((long long)0xCCCCCCCCCCCCCCCCu),                                       \
        _mm256_set1_epi64x((long long)0xF0F0F0F0F0F0F0F0u),                                       \
        _mm256_set1_epi64x((long long)0xFF00FF00FF00FF00u),                                       \
        _mm256_set1_epi64x((long long)0xFFFF0000FFFF0000u),                                       \
        _mm256_set1_epi64x((long long)0xFFFFFFFF00000000u), _mm256_setr_epi64x(0, -1, 0, -1),     \
        _mm256_setr_epi64x(0, 0, -1, -1),                                                         \
    }

INLINE void gift_bs_store_hits(uint64_t *hits, __m256i w)
{
    _mm256_storeu_si256((__m256i *)hits, w);
}

#define GIFT_BS_BATCH BATCH
#define GIFT_BS_IMPL(n) bc_gift##n##_avx2
#define GIFT_BS_DESC                                                                              \
    {"avx2", "AVX2: 256 blocks bitsliced in ymm (4 x 64 lanes), 10-op S-box circuit, PermBits and " \
             "key schedule as renaming",                                                          \
     LWCX_CPU_AVX2, BATCH}
#include "gift_bs_impl.h"
