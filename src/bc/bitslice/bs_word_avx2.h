/* The AVX2 bitslice word, shared by the <family>/avx2.c files: bs_word is a
 * ymm register of four 64-bit lanes, lane l = bit l % 64 of 64-bit lane
 * l / 64 (256 blocks a batch). Defines the word operations the cores ask
 * for (see bc_impl.h), the key-search lane patterns, the hits store, and
 * the SWAR 64x64 bit transpose run in all four 64-bit lanes at once, with
 * the packing of big-endian blocks built on it. Only for files compiled
 * with -mavx2 (CMakeLists.txt), which are called only on CPUs with AVX2. */
#ifndef LWCX_BS_WORD_AVX2_H
#define LWCX_BS_WORD_AVX2_H

#ifndef __AVX2__
#error "bitslice/bs_word_avx2.h needs -mavx2 (see LWCX_AVX2_SOURCES in CMakeLists.txt)"
#endif
#include <immintrin.h>

#include "../bc_impl.h"
#include "bs_core_common.h"

/* kept out of line (inlined at every use, it multiplies the code size);
 * unused: not every includer needs every helper */
#define BS_OUTLINE static __attribute__((unused))

typedef __m256i bs_word;
#define BS_LANES 256
#define BS_XOR(a, b) _mm256_xor_si256((a), (b))
#define BS_AND(a, b) _mm256_and_si256((a), (b))
#define BS_OR(a, b) _mm256_or_si256((a), (b))
#define BS_ONES _mm256_set1_epi32(-1)
#define BS_NOT(a) _mm256_xor_si256((a), BS_ONES)
#define BS_ANDN(a, b) _mm256_andnot_si256((a), (b)) /* ~a & b */
#define BS_ZERO _mm256_setzero_si256()
#define BS_MASK32(m) _mm256_set1_epi32((int)(m)) /* every 32-bit part m */

/* Initializer of the key-search lane patterns: entry k is the word whose
 * lane l is bit k of l. Not constant expressions in C, so the table is a
 * local (BS_LANE_PATS_STORAGE empty). */
#define BS_LANE_PATS                                                                              \
    {                                                                                             \
        _mm256_set1_epi64x((long long)0xAAAAAAAAAAAAAAAAu),                                       \
        _mm256_set1_epi64x((long long)0xCCCCCCCCCCCCCCCCu),                                       \
        _mm256_set1_epi64x((long long)0xF0F0F0F0F0F0F0F0u),                                       \
        _mm256_set1_epi64x((long long)0xFF00FF00FF00FF00u),                                       \
        _mm256_set1_epi64x((long long)0xFFFF0000FFFF0000u),                                       \
        _mm256_set1_epi64x((long long)0xFFFFFFFF00000000u), _mm256_setr_epi64x(0, -1, 0, -1),     \
        _mm256_setr_epi64x(0, 0, -1, -1),                                                         \
    }
#define BS_LANE_PATS_STORAGE

/* lane l of w to bit l % 64 of hits[l / 64] */
BS_INLINE void bs_store_hits(uint64_t *hits, __m256i w)
{
    _mm256_storeu_si256((__m256i *)hits, w);
}

/* Raw rows for layouts that load blocks as they are: 32 bytes as four
 * little-endian 64-bit integers. */
BS_INLINE __m256i bs_load_le(const uint8_t *p)
{
    return _mm256_loadu_si256((const __m256i *)p);
}

BS_INLINE void bs_store_le(uint8_t *p, __m256i w)
{
    _mm256_storeu_si256((__m256i *)p, w);
}

/* --- 64x64 bit transpose, in every 64-bit lane ------------------------------- */

/* One step of the SWAR transpose on rows lo and hi: swaps the high j bits
 * of every 2j-bit group of *lo with the low j bits of the same group of
 * *hi. Blends where the granularity allows: 4 ops, not 6. */
BS_INLINE void bs_tr_swap(__m256i *lo, __m256i *hi, const int j)
{
    const __m256i a = *lo, b = *hi;
    if (j >= 8) {
        const __m256i bs = _mm256_slli_epi64(b, j), as = _mm256_srli_epi64(a, j);
        if (j == 32) {
            *lo = _mm256_blend_epi32(a, bs, 0xAA);
            *hi = _mm256_blend_epi32(as, b, 0xAA);
        } else if (j == 16) {
            *lo = _mm256_blend_epi16(a, bs, 0xAA);
            *hi = _mm256_blend_epi16(as, b, 0xAA);
        } else {
            const __m256i odd8 = _mm256_set1_epi16((short)0xFF00);
            *lo = _mm256_blendv_epi8(a, bs, odd8);
            *hi = _mm256_blendv_epi8(as, b, odd8);
        }
        return;
    }
    const __m256i m = _mm256_set1_epi8(j == 4 ? 0x0F : j == 2 ? 0x33 : 0x55); /* low j bits */
    const __m256i t = _mm256_and_si256(_mm256_xor_si256(_mm256_srli_epi64(a, j), b), m);
    *lo = _mm256_xor_si256(a, _mm256_slli_epi64(t, j));
    *hi = _mm256_xor_si256(b, t);
}

#include "bs_transpose64.tmpl.h"

/* --- packing of big-endian blocks ------------------------------------------ */

/* v[q] holds 4 consecutive 64-bit values of group q; afterwards v[j] holds
 * value j of every group (its own inverse). */
BS_INLINE void bs_interleave4(__m256i v[4])
{
    __m256i t0 = _mm256_unpacklo_epi64(v[0], v[1]), t1 = _mm256_unpackhi_epi64(v[0], v[1]);
    __m256i t2 = _mm256_unpacklo_epi64(v[2], v[3]), t3 = _mm256_unpackhi_epi64(v[2], v[3]);
    v[0] = _mm256_permute2x128_si256(t0, t2, 0x20);
    v[1] = _mm256_permute2x128_si256(t1, t3, 0x20);
    v[2] = _mm256_permute2x128_si256(t0, t2, 0x31);
    v[3] = _mm256_permute2x128_si256(t1, t3, 0x31);
}

BS_INLINE __m256i bs_bswap64(__m256i v)
{
    const __m256i rev = _mm256_setr_epi8(7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6,
                                         5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8);
    return _mm256_shuffle_epi8(v, rev);
}

/* Four consecutive 64-bit values of each group q: blocks 64q+k..64q+k+3 (of a
 * 64-bit block), or one half of them (of a 128-bit block: half 0 is the last
 * 8 bytes, bits 63..0), as numbers. */
BS_INLINE void bs_load4_be(const unsigned n, __m256i v[4], __m256i w[4], const uint8_t *in, int k)
{
    for (int q = 0; q < 4; q++) {
        if (n == 64) {
            v[q] = bs_bswap64(_mm256_loadu_si256((const __m256i *)(in + 8 * (64 * q + k))));
        } else {
            const uint8_t *p = in + 16 * (64 * q + k);
            __m256i a = bs_bswap64(_mm256_loadu_si256((const __m256i *)p));       /* hi0 lo0 hi1 lo1 */
            __m256i b = bs_bswap64(_mm256_loadu_si256((const __m256i *)(p + 32))); /* hi2 lo2 hi3 lo3 */
            /* unpacks give hi0 hi2 hi1 hi3 (resp. lo); the lane permute puts them in order */
            v[q] = _mm256_permute4x64_epi64(_mm256_unpackhi_epi64(a, b), 0xD8);
            w[q] = _mm256_permute4x64_epi64(_mm256_unpacklo_epi64(a, b), 0xD8);
        }
    }
}

BS_INLINE void bs_store4_be(const unsigned n, uint8_t *out, int k, __m256i v[4], __m256i w[4])
{
    for (int q = 0; q < 4; q++) {
        if (n == 64) {
            _mm256_storeu_si256((__m256i *)(out + 8 * (64 * q + k)), bs_bswap64(v[q]));
        } else {
            uint8_t *p = out + 16 * (64 * q + k);
            __m256i lo = _mm256_permute4x64_epi64(v[q], 0xD8), hi = _mm256_permute4x64_epi64(w[q], 0xD8);
            _mm256_storeu_si256((__m256i *)p, bs_bswap64(_mm256_unpacklo_epi64(hi, lo)));
            _mm256_storeu_si256((__m256i *)(p + 32), bs_bswap64(_mm256_unpackhi_epi64(hi, lo)));
        }
    }
}

/* 256 blocks of n bits (64 or 128, big-endian bytes) into n words: word i
 * holds bit i of every block read as a big-endian number (block 64q+b in
 * bit b of 64-bit lane q). Byte swaps and a 4x4 interleave of 64-bit lanes
 * put block 64q+k in lane q of row k, then the transpose runs on the four
 * matrices at once; a 128-bit block is split into its two 64-bit halves
 * with unpacks first and each half transposed on its own. */
BS_INLINE void bs_pack_be(const unsigned n, __m256i *x, const uint8_t *in)
{
    for (int k = 0; k < 64; k += 4) {
        __m256i v[4], w[4];
        bs_load4_be(n, v, w, in, k);
        bs_interleave4(v);
        for (int j = 0; j < 4; j++) x[k + j] = v[j];
        if (n == 128) {
            bs_interleave4(w);
            for (int j = 0; j < 4; j++) x[64 + k + j] = w[j];
        }
    }
    bs_transpose64(x);
    if (n == 128) bs_transpose64(x + 64);
}

/* the inverse of bs_pack_be (x is clobbered) */
BS_INLINE void bs_unpack_be(const unsigned n, uint8_t *out, __m256i *x)
{
    bs_transpose64(x);
    if (n == 128) bs_transpose64(x + 64);
    for (int k = 0; k < 64; k += 4) {
        __m256i v[4] = {x[k], x[k + 1], x[k + 2], x[k + 3]}, w[4];
        bs_interleave4(v);
        if (n == 128) {
            for (int j = 0; j < 4; j++) w[j] = x[64 + k + j];
            bs_interleave4(w);
        }
        bs_store4_be(n, out, k, v, w);
    }
}

#endif
