/* PIPO-64/128 and PIPO-64/256 bitsliced over 256 blocks with AVX2: the
 * rounds of pipo_bs_core.h on __m256i words. Word w holds bit w of 256
 * blocks (block = little-endian 64-bit integer): in 64-bit lane q of word w,
 * bit k is bit w of block 4 k + q. So packing loads four consecutive blocks
 * per register as they are and runs the SWAR 64x64 transpose on the four
 * lanes at once (blends for the 32-, 16- and 8-bit stages). One key:
 * expand() stores every key bit as a 256-bit all-0/all-1 mask (4 or 8 KiB),
 * so the key XOR is one vpxor with a memory operand. Compiled with -mavx2
 * only; chosen at run time when the CPU has AVX2. */
#include <immintrin.h>

#include "bc_impl.h"

typedef __m256i bs_word;
#define BS_XOR(a, b) _mm256_xor_si256((a), (b))
#define BS_AND(a, b) _mm256_and_si256((a), (b))
#define BS_OR(a, b) _mm256_or_si256((a), (b))
#define BS_NOT(a) _mm256_xor_si256((a), _mm256_set1_epi32(-1))
#define BS_ONES _mm256_set1_epi32(-1)
#include "pipo_bs_core.h"

#define BATCH 256
#define ALWAYS_INLINE inline __attribute__((always_inline))

/* --- packing ------------------------------------------------------------------ */

/* One stage of the transpose on two rows: swaps the off-diagonal j x j
 * blocks of each 2j x 2j square, i.e. the high halves of lo's 2j-bit groups
 * with the low halves of hi's. Blends where the granularity allows. */
static ALWAYS_INLINE void tr_swap(__m256i *lo, __m256i *hi, int j)
{
    __m256i a = *lo, b = *hi;
    if (j >= 8) {
        __m256i bs = _mm256_slli_epi64(b, j), as = _mm256_srli_epi64(a, j);
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
    const __m256i m = _mm256_set1_epi8(j == 4 ? 0x0F : j == 2 ? 0x33 : 0x55);
    __m256i t = _mm256_and_si256(_mm256_xor_si256(_mm256_srli_epi64(a, j), b), m);
    *lo = _mm256_xor_si256(a, _mm256_slli_epi64(t, j));
    *hi = _mm256_xor_si256(b, t);
}

/* The three stages (scale 4, 2, 1) on 8 rows v[0..7] = rows r + scale m:
 * scale 1 transposes the bits inside each byte, scale 8 the bytes. */
static ALWAYS_INLINE void tr_group(__m256i v[8], int scale)
{
#pragma GCC unroll 3
    for (int s = 4; s >= 1; s >>= 1)
#pragma GCC unroll 8
        for (int m = 0; m < 8; m++)
            if (!(m & s)) tr_swap(&v[m], &v[m | s], s * scale);
}

/* The 64x64 transpose in every 64-bit lane (afterwards bit c of row r is
 * what bit r of row c was) is the six stages in any order: the bit stages
 * on 8 consecutive rows, loaded from src (64-bit lanes, consecutive rows 32
 * bytes apart) into x, then the byte stages on every 8th row, in x. */
static ALWAYS_INLINE void pack(__m256i x[64], const uint8_t *in)
{
    for (int g = 0; g < 8; g++) {
        __m256i v[8];
#pragma GCC unroll 8
        for (int m = 0; m < 8; m++) v[m] = _mm256_loadu_si256((const __m256i *)(in + 32 * (8 * g + m)));
        tr_group(v, 1);
#pragma GCC unroll 8
        for (int m = 0; m < 8; m++) x[8 * g + m] = v[m];
    }
    for (int r = 0; r < 8; r++) {
        __m256i v[8];
#pragma GCC unroll 8
        for (int m = 0; m < 8; m++) v[m] = x[r + 8 * m];
        tr_group(v, 8);
#pragma GCC unroll 8
        for (int m = 0; m < 8; m++) x[r + 8 * m] = v[m];
    }
}

/* the inverse (the same transpose): byte stages in x, then bit stages to out */
static ALWAYS_INLINE void unpack(uint8_t *out, __m256i x[64])
{
    for (int r = 0; r < 8; r++) {
        __m256i v[8];
#pragma GCC unroll 8
        for (int m = 0; m < 8; m++) v[m] = x[r + 8 * m];
        tr_group(v, 8);
#pragma GCC unroll 8
        for (int m = 0; m < 8; m++) x[r + 8 * m] = v[m];
    }
    for (int g = 0; g < 8; g++) {
        __m256i v[8];
#pragma GCC unroll 8
        for (int m = 0; m < 8; m++) v[m] = x[8 * g + m];
        tr_group(v, 1);
#pragma GCC unroll 8
        for (int m = 0; m < 8; m++) _mm256_storeu_si256((__m256i *)(out + 32 * (8 * g + m)), v[m]);
    }
}

/* in place, for key words */
static ALWAYS_INLINE void transpose(__m256i x[64])
{
    pack(x, (const uint8_t *)x);
}

/* --- one key -------------------------------------------------------------------- */

/* bit n of the byte string as a 256-bit mask, n < 8 nbytes */
static void masks(__m256i *m, const uint8_t *bytes, unsigned nbytes)
{
    const __m256i sel = _mm256_setr_epi8(1, 2, 4, 8, 16, 32, 64, -128, 1, 2, 4, 8, 16, 32, 64, -128,
                                         1, 2, 4, 8, 16, 32, 64, -128, 1, 2, 4, 8, 16, 32, 64, -128);
    for (unsigned i = 0; i < nbytes; i++) {
        /* byte i in every byte, masked by its bit; equal where the bit is set */
        __m256i v = _mm256_and_si256(_mm256_set1_epi8((char)bytes[i]), sel);
        v = _mm256_cmpeq_epi8(v, sel); /* byte b: 0xFF iff bit b % 8 is set */
        /* spread byte j of each 8-byte group to a whole register */
        for (int j = 0; j < 8; j++)
            m[8 * i + j] = _mm256_shuffle_epi8(v, _mm256_set1_epi8((char)j));
    }
}

/* Key word w of the 256 lanes sliced like blocks: lane q of register k gets
 * the key of block 4 k + q. */
static void pipo_bs_load_keys(__m256i k[][64], const uint8_t *keys, unsigned nkw)
{
    const unsigned kb = 8 * nkw;
    for (unsigned w = 0; w < nkw; w++) {
        for (int r = 0; r < 64; r++) {
            const uint8_t *p = keys + kb * 4 * r + 8 * w;
            k[w][r] = _mm256_setr_epi64x((long long)lwcx_load64le(p), (long long)lwcx_load64le(p + kb),
                                         (long long)lwcx_load64le(p + 2 * kb),
                                         (long long)lwcx_load64le(p + 3 * kb));
        }
        transpose(k[w]);
    }
}

/* lane l = 64 q + b is bit b of 64-bit lane q */
#define PIPO_BS_LANE_PATS                                                                          \
    {                                                                                              \
        _mm256_set1_epi64x((long long)0xAAAAAAAAAAAAAAAAu),                                        \
        _mm256_set1_epi64x((long long)0xCCCCCCCCCCCCCCCCu),                                        \
        _mm256_set1_epi64x((long long)0xF0F0F0F0F0F0F0F0u),                                        \
        _mm256_set1_epi64x((long long)0xFF00FF00FF00FF00u),                                        \
        _mm256_set1_epi64x((long long)0xFFFF0000FFFF0000u),                                        \
        _mm256_set1_epi64x((long long)0xFFFFFFFF00000000u), _mm256_setr_epi64x(0, -1, 0, -1),      \
        _mm256_setr_epi64x(0, 0, -1, -1),                                                          \
    }

static ALWAYS_INLINE void pipo_bs_store_hits(uint64_t *hits, __m256i w)
{
    _mm256_storeu_si256((__m256i *)hits, w);
}

#define PIPO_BS_BATCH BATCH
#define PIPO_BS_IMPL(n) bc_pipo##n##_avx2
#define PIPO_BS_DESC                                                                               \
    {"avx2", "AVX2: 256 blocks bitsliced in 64 ymm, 34-op S-box circuit, R-layer as renaming",     \
     LWCX_CPU_AVX2, BATCH}
#include "pipo_bs_impl.h"
