/* GF(2^128), GF(2^192), GF(2^256) products and squares by PCLMULQDQ, for
 * the x86-64 implementations (static inline: compiled with the includer's
 * flags, which must have -mpclmul). Words in 128-bit vectors R[k] (words
 * 2k, 2k+1); a product gathers its partial products of even word offset
 * in place and those of odd offset shifted by a word, then the top half
 * is folded down by multiplying it with the low terms of x^n, highest
 * word first: x^n = x^7 + x^2 + x + 1 (n = 128, 192), x^10 + x^5 + x^2 + 1
 * (n = 256). */
#ifndef LWCX_AIMER_FIELD_CLMUL_H
#define LWCX_AIMER_FIELD_CLMUL_H

#include <immintrin.h>

#include "aimer_impl.h"

#define CL_(x, y, imm) _mm_clmulepi64_si128(x, y, imm)
#define LO64_(x) _mm_slli_si128(x, 8) /* a word up */
#define HI64_(x) _mm_srli_si128(x, 8) /* a word down */

/* the partial product a_i b_j of words i and j, a and b in vectors of two */
static inline __m128i clmul_ij(const __m128i *a, const __m128i *b, unsigned i, unsigned j)
{
    switch ((i & 1) | (j & 1) << 1) {
    case 0: return CL_(a[i / 2], b[j / 2], 0x00);
    case 1: return CL_(a[i / 2], b[j / 2], 0x01);
    case 2: return CL_(a[i / 2], b[j / 2], 0x10);
    default: return CL_(a[i / 2], b[j / 2], 0x11);
    }
}

/* r[0..W-1] = the 2W-word product of the W-word a and b */
static inline void clmul_wide(__m128i *r, const __m128i *a, const __m128i *b, unsigned W)
{
    __m128i odd[AIMER_MAX_WORDS];
    for (unsigned k = 0; k < W; k++) r[k] = odd[k] = _mm_setzero_si128();
    for (unsigned i = 0; i < W; i++)
        for (unsigned j = 0; j < W; j++) {
            const __m128i t = clmul_ij(a, b, i, j);
            if ((i + j) % 2)
                odd[(i + j) / 2] = _mm_xor_si128(odd[(i + j) / 2], t);
            else
                r[(i + j) / 2] = _mm_xor_si128(r[(i + j) / 2], t);
        }
    for (unsigned k = 0; k + 1 < W; k++) {
        r[k] = _mm_xor_si128(r[k], LO64_(odd[k]));
        r[k + 1] = _mm_xor_si128(r[k + 1], HI64_(odd[k]));
    }
}

/* the 2W-word r reduced into its low W words (r[0], r[1] and for W = 3
 * the low word of r[1]) */
static inline void clmul_reduce(__m128i *r, unsigned W)
{
    if (W == 2) {
        const __m128i p = _mm_cvtsi64_si128(0x87);
        const __m128i t = CL_(r[1], p, 0x01); /* word 3 to words 1, 2 */
        r[0] = _mm_xor_si128(r[0], LO64_(t));
        r[1] = _mm_xor_si128(r[1], HI64_(t));
        r[0] = _mm_xor_si128(r[0], CL_(r[1], p, 0x00)); /* word 2 to words 0, 1 */
    } else if (W == 3) {
        const __m128i p = _mm_cvtsi64_si128(0x87);
        r[1] = _mm_xor_si128(r[1], CL_(r[2], p, 0x01)); /* word 5 to words 2, 3 */
        const __m128i t = CL_(r[2], p, 0x00);            /* word 4 to words 1, 2 */
        r[0] = _mm_xor_si128(r[0], LO64_(t));
        r[1] = _mm_xor_si128(r[1], HI64_(t));
        r[0] = _mm_xor_si128(r[0], CL_(r[1], p, 0x01)); /* word 3 to words 0, 1 */
    } else {
        const __m128i p = _mm_cvtsi64_si128(0x425);
        __m128i t = CL_(r[3], p, 0x01); /* word 7 to words 3, 4 */
        r[1] = _mm_xor_si128(r[1], LO64_(t));
        r[2] = _mm_xor_si128(r[2], HI64_(t));
        r[1] = _mm_xor_si128(r[1], CL_(r[3], p, 0x00)); /* word 6 to words 2, 3 */
        t = CL_(r[2], p, 0x01);                          /* word 5 to words 1, 2 */
        r[0] = _mm_xor_si128(r[0], LO64_(t));
        r[1] = _mm_xor_si128(r[1], HI64_(t));
        r[0] = _mm_xor_si128(r[0], CL_(r[2], p, 0x00)); /* word 4 to words 0, 1 */
    }
}

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
    r[0] = CL_(va[0], va[0], 0x00);
    r[1] = CL_(va[0], va[0], 0x11);
    r[2] = CL_(va[1], va[1], 0x00);
    r[3] = CL_(va[1], va[1], 0x11);
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
