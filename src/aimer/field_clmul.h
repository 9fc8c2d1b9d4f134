/* GF(2^128), GF(2^192), GF(2^256) products and squares by PCLMULQDQ, for
 * the x86-64 implementations (static inline: compiled with the includer's
 * flags, which must have -mpclmul). Words in 128-bit vectors R[k] (words
 * 2k, 2k+1); the products and their reduction in field_clmul_lanes.tmpl.h. */
#ifndef LWCX_AIMER_FIELD_CLMUL_H
#define LWCX_AIMER_FIELD_CLMUL_H

#include <immintrin.h>

#include "aimer_impl.h"

/* The products and the reduction, written once over a vector of 128-bit
 * lanes that each hold their own element (field_clmul_lanes.tmpl.h): here one
 * element in __m128i; avx512.c adds four in __m512i (clmul4_*). */
#define CLV __m128i
#define CLV_FN(name) clmul_##name
#define CLV_CL(x, y, imm) _mm_clmulepi64_si128(x, y, imm)
#define CLV_XOR(a, b) _mm_xor_si128(a, b)
#define CLV_ZERO() _mm_setzero_si128()
#define CLV_UP(x) _mm_slli_si128(x, 8)   /* a word up */
#define CLV_DOWN(x) _mm_srli_si128(x, 8) /* a word down */
#define CLV_POLY(c) _mm_cvtsi64_si128(c)
#include "field_clmul_lanes.tmpl.h"

static inline void clmul_load(__m128i *v, const uint64_t *a, unsigned W)
{
    v[0] = _mm_loadu_si128((const __m128i *)a);
    v[1] = W == 2 ? _mm_setzero_si128()
           : W == 3 ? _mm_loadl_epi64((const __m128i *)(a + 2))
                    : _mm_loadu_si128((const __m128i *)(a + 2));
}

/* the W-word result into all four words of c */
static inline void clmul_store(uint64_t *c, const __m128i *r, unsigned W)
{
    _mm_storeu_si128((__m128i *)c, r[0]);
    _mm_storeu_si128((__m128i *)(c + 2), W == 2 ? _mm_setzero_si128()
                                          : W == 3 ? _mm_move_epi64(r[1])
                                                   : r[1]);
}

static inline void clmul_mul(uint64_t *c, const uint64_t *a, const uint64_t *b, unsigned W)
{
    __m128i va[2], vb[2], r[2 * 2];
    clmul_load(va, a, W);
    clmul_load(vb, b, W);
    clmul_wide(r, va, vb, W);
    clmul_reduce(r, W);
    clmul_store(c, r, W);
}

/* c ^= sum a[i] b[i]: the unreduced products summed, one
 * reduction */
static inline void clmul_dot(uint64_t *c, const aimer_gf *a, const aimer_gf *b, unsigned k,
                             unsigned W)
{
    __m128i va[2], vb[2], r[2 * 2], sum[2 * 2], vc[2];
    for (unsigned q = 0; q < W; q++) sum[q] = _mm_setzero_si128();
    for (unsigned i = 0; i < k; i++) {
        clmul_load(va, a[i], W);
        clmul_load(vb, b[i], W);
        clmul_wide(r, va, vb, W);
        for (unsigned q = 0; q < W; q++) sum[q] = _mm_xor_si128(sum[q], r[q]);
    }
    clmul_reduce(sum, W);
    clmul_load(vc, c, W);
    vc[0] = _mm_xor_si128(vc[0], sum[0]);
    vc[1] = _mm_xor_si128(vc[1], sum[1]);
    clmul_store(c, vc, W);
}

/* squares have no cross terms: each word squared in place */
static inline void clmul_sqr(uint64_t *c, const uint64_t *a, unsigned W)
{
    __m128i va[2], r[2 * 2];
    clmul_load(va, a, W);
    r[0] = _mm_clmulepi64_si128(va[0], va[0], 0x00);
    r[1] = _mm_clmulepi64_si128(va[0], va[0], 0x11);
    r[2] = _mm_clmulepi64_si128(va[1], va[1], 0x00);
    r[3] = _mm_clmulepi64_si128(va[1], va[1], 0x11);
    clmul_reduce(r, W);
    clmul_store(c, r, W);
}

/* the kernels by field: clmul_mul2, clmul_sqr2 (GF(2^128)) ... clmul_sqr4 */
#define CLMUL_W_(W)                                                             \
    static void clmul_mul##W(uint64_t *c, const uint64_t *a, const uint64_t *b) \
    {                                                                           \
        clmul_mul(c, a, b, W);                                                  \
    }                                                                           \
    static void clmul_sqr##W(uint64_t *c, const uint64_t *a)                    \
    {                                                                           \
        clmul_sqr(c, a, W);                                                     \
    }                                                                           \
    static void clmul_dot##W(uint64_t *c, const aimer_gf *a, const aimer_gf *b, unsigned k) \
    {                                                                           \
        clmul_dot(c, a, b, k, W);                                       \
    }
CLMUL_W_(2)
CLMUL_W_(3)
CLMUL_W_(4)

#endif
