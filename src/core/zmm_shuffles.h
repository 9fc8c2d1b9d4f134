/* Shuffles of 8x8 matrices in zmm registers, and the byte index vector, for
 * the files compiled with AVX-512 F + BW (bitsliced packing, AIMer's GFNI
 * blocks and lane rows, PIPO's and GIFT's lane counters).
 * static inline: each includer compiles them with its own flags. */
#ifndef LWCX_ZMM_SHUFFLES_H
#define LWCX_ZMM_SHUFFLES_H

#include <immintrin.h>

/* byte i = i */
static inline __attribute__((always_inline)) __m512i lwcx_zmm_iota(void)
{
    return _mm512_set_epi8(63, 62, 61, 60, 59, 58, 57, 56, 55, 54, 53, 52, 51, 50, 49, 48, 47, 46, 45, 44, 43, 42, 41,
                           40, 39, 38, 37, 36, 35, 34, 33, 32, 31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18,
                           17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0);
}

/* r[e] element j -> r[j] element e (qwords): pairs, then 2x2 blocks, then
 * 4x4 */
static inline __attribute__((always_inline)) void lwcx_zmm_transpose8(__m512i r[8])
{
    const __m512i lo2 = _mm512_setr_epi64(0, 1, 8, 9, 4, 5, 12, 13);
    const __m512i hi2 = _mm512_setr_epi64(2, 3, 10, 11, 6, 7, 14, 15);
    __m512i a[8], b[8];
    for (int i = 0; i < 8; i += 2) {
        a[i] = _mm512_unpacklo_epi64(r[i], r[i + 1]);
        a[i + 1] = _mm512_unpackhi_epi64(r[i], r[i + 1]);
    }
    for (int i = 0; i < 8; i += 4)
        for (int j = 0; j < 2; j++) {
            b[i + j] = _mm512_permutex2var_epi64(a[i + j], lo2, a[i + j + 2]);
            b[i + j + 2] = _mm512_permutex2var_epi64(a[i + j], hi2, a[i + j + 2]);
        }
    for (int j = 0; j < 4; j++) {
        r[j] = _mm512_shuffle_i64x2(b[j], b[j + 4], 0x44);
        r[j + 4] = _mm512_shuffle_i64x2(b[j], b[j + 4], 0xEE);
    }
}

/* The 8x8 byte transpose of one zmm, byte r of qword b to byte b of qword
 * r (its own inverse): bytes r of qwords 2c and 2c + 1 paired in 128-bit
 * lane c (vpshufb), then the pairs to their places (vpermw); no VBMI. */
static inline __attribute__((always_inline)) __m512i lwcx_zmm_bytes_transpose(__m512i v)
{
    const __m512i pair = _mm512_broadcast_i32x4(_mm_setr_epi8(0, 8, 1, 9, 2, 10, 3, 11, 4, 12, 5, 13, 6, 14, 7, 15));
    __m512i place = _mm512_set_epi16(31, 23, 15, 7, 30, 22, 14, 6, 29, 21, 13, 5, 28, 20, 12, 4, 27, 19, 11, 3,
                                     26, 18, 10, 2, 25, 17, 9, 1, 24, 16, 8, 0);
#if defined(__clang__)
    /* opaque to clang, which otherwise turns the two constant shuffles
     * into about twenty others (docs/design/block-ciphers.md, "The GFNI unpacking") */
    __asm__("" : "+v"(place));
#endif
    return _mm512_permutexvar_epi16(place, _mm512_shuffle_epi8(v, pair));
}

/* The same in one vpermb, where the CPU has AVX-512 VBMI (callers carry
 * target("avx512vbmi")) */
#define LWCX_ZMM_BYTES_TRANSPOSE_VBMI(v)                                                              \
    _mm512_permutexvar_epi8(_mm512_set_epi8(63, 55, 47, 39, 31, 23, 15, 7, 62, 54, 46, 38, 30, 22, 14, 6, 61, 53, \
                                            45, 37, 29, 21, 13, 5, 60, 52, 44, 36, 28, 20, 12, 4, 59, 51, 43,   \
                                            35, 27, 19, 11, 3, 58, 50, 42, 34, 26, 18, 10, 2, 57, 49, 41, 33,   \
                                            25, 17, 9, 1, 56, 48, 40, 32, 24, 16, 8, 0),                       \
                            (v))

#endif
