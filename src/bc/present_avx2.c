/* PRESENT bitsliced over 256 blocks with AVX2: the rounds of
 * present_bs_core.h on ymm words. Register x[i] holds bit i of 256 blocks:
 * 64-bit lane q, bit b = bit i of block 64q+b, so the layout is four
 * bitslice64 instances side by side. Packing is a 4x4 interleave of 64-bit
 * lanes (block 64q+k goes to lane q of row k) followed by the SWAR 64x64
 * transpose run on the four matrices at once. One key: every round-key bit
 * is a 32-bit mask, applied with one broadcast load. Compiled with -mavx2
 * only; chosen at run time when the CPU has AVX2. */
#include <immintrin.h>

#include "bc_impl.h"

typedef __m256i bs_word;
#define BS_XOR(a, b) _mm256_xor_si256((a), (b))
#define BS_AND(a, b) _mm256_and_si256((a), (b))
#define BS_OR(a, b) _mm256_or_si256((a), (b))
#define BS_NOT(a) _mm256_xor_si256((a), _mm256_set1_epi32(-1))
#define BS_ONES _mm256_set1_epi32(-1)
#define BS_ZERO _mm256_setzero_si256()
#define BS_MASK32(m) _mm256_set1_epi32((int)(m))
#define BS_LANE_BITS 8
static inline __m256i lane_pattern(unsigned k)
{
    static const uint64_t in_word[6] = {0xAAAAAAAAAAAAAAAAu, 0xCCCCCCCCCCCCCCCCu, 0xF0F0F0F0F0F0F0F0u,
                                        0xFF00FF00FF00FF00u, 0xFFFF0000FFFF0000u, 0xFFFFFFFF00000000u};
    if (k < 6) return _mm256_set1_epi64x((long long)in_word[k]);
    return k == 6 ? _mm256_setr_epi64x(0, -1, 0, -1) : _mm256_setr_epi64x(0, 0, -1, -1);
}
#define BS_LANE(k) lane_pattern(k)
#include "present_bs_core.h"

#define BATCH 256

/* One stage of the SWAR transpose: swaps the j x j off-diagonal blocks. */
static inline __attribute__((always_inline)) void tr_stage(__m256i a[64], int j, uint64_t mask)
{
    const __m256i m = _mm256_set1_epi64x((long long)mask);
    if (j >= 16) { /* blends take the place of the mask-and-xor: 4 ops, not 6 */
        const __m256i odd8 = _mm256_set1_epi16((short)0xFF00);
#pragma GCC unroll 32
        for (int k = 0; k < 64; k = ((k | j) + 1) & ~j) {
            __m256i lo = a[k], hi = a[k | j];
            __m256i hs = _mm256_slli_epi64(hi, j), ls = _mm256_srli_epi64(lo, j);
            if (j == 32) {
                a[k] = _mm256_blend_epi32(lo, hs, 0xAA);
                a[k | j] = _mm256_blend_epi32(ls, hi, 0xAA);
            } else if (j == 16) {
                a[k] = _mm256_blend_epi16(lo, hs, 0xAA);
                a[k | j] = _mm256_blend_epi16(ls, hi, 0xAA);
            } else {
                a[k] = _mm256_blendv_epi8(lo, hs, odd8);
                a[k | j] = _mm256_blendv_epi8(ls, hi, odd8);
            }
        }
        return;
    }
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
    tr_stage(a, 32, 0x00000000FFFFFFFFu);
    tr_stage(a, 16, 0x0000FFFF0000FFFFu);
    tr_stage(a, 8, 0x00FF00FF00FF00FFu);
    tr_stage(a, 4, 0x0F0F0F0F0F0F0F0Fu);
    tr_stage(a, 2, 0x3333333333333333u);
    tr_stage(a, 1, 0x5555555555555555u);
}

/* v[q] holds 4 consecutive 64-bit values of group q; afterwards v[j] holds
 * value j of every group (its own inverse). */
static inline void interleave4(__m256i v[4])
{
    __m256i t0 = _mm256_unpacklo_epi64(v[0], v[1]), t1 = _mm256_unpackhi_epi64(v[0], v[1]);
    __m256i t2 = _mm256_unpacklo_epi64(v[2], v[3]), t3 = _mm256_unpackhi_epi64(v[2], v[3]);
    v[0] = _mm256_permute2x128_si256(t0, t2, 0x20);
    v[1] = _mm256_permute2x128_si256(t1, t3, 0x20);
    v[2] = _mm256_permute2x128_si256(t0, t2, 0x31);
    v[3] = _mm256_permute2x128_si256(t1, t3, 0x31);
}

static inline __m256i bswap64(__m256i v)
{
    const __m256i rev = _mm256_setr_epi8(7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6,
                                         5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8);
    return _mm256_shuffle_epi8(v, rev);
}

/* 256 big-endian blocks into slices */
static void pack(__m256i x[64], const uint8_t *in)
{
    for (int k = 0; k < 64; k += 4) {
        __m256i v[4];
        for (int q = 0; q < 4; q++)
            v[q] = bswap64(_mm256_loadu_si256((const __m256i *)(in + 8 * (64 * q + k))));
        interleave4(v);
        for (int j = 0; j < 4; j++) x[k + j] = v[j];
    }
    transpose(x);
}

static void unpack(uint8_t *out, __m256i x[64])
{
    transpose(x);
    for (int k = 0; k < 64; k += 4) {
        __m256i v[4] = {x[k], x[k + 1], x[k + 2], x[k + 3]};
        interleave4(v);
        for (int q = 0; q < 4; q++)
            _mm256_storeu_si256((__m256i *)(out + 8 * (64 * q + k)), bswap64(v[q]));
    }
}

/* lane 64q+b is bit b of hits[q] */
static void store_hits(uint64_t *hits, __m256i w)
{
    _mm256_storeu_si256((__m256i *)hits, w);
}

#define PRESENT_BS_BATCH BATCH
#define PRESENT_BS_DESC                                                                            \
    {"avx2", "AVX2: 256 blocks bitsliced in 64 ymm (4 x 64 lanes), 14-op S-box circuit", LWCX_CPU_AVX2, \
     BATCH}
#define PRESENT_BS_NAME(bits) bc_present##bits##_avx2
#include "present_bs_impl.h"
