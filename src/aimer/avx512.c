/* AIMer avx512 (AVX-512 F/BW/VL + PCLMULQDQ): field products and squares
 * by PCLMULQDQ, the affine layer and the large Frobenius powers as
 * word-sliced masked sums eight rows a vector, an 8-way Keccak in zmm
 * registers (vpternlogq, vprolq) for the many independent hashes, a
 * scalar Keccak with andn for the single ones. */
#include <immintrin.h>

#include "fast.h"
#include "field_clmul.h"
#include "keccak_bmi.h"

/* ---- GF(2^n): clmul_mul2..4, clmul_sqr2..4 (field_clmul.h) ------------------- */

/* ---- linear maps: y ^= x M over the sliced M, every word read ------------- */

/* Rows r..r+7 at once: eight bits of x as a mask register that selects
 * which rows join the sums (acc ^= row where the bit is set, one masked
 * vpxorq a row vector; the mask comes from the bits, no branch and every
 * row read, so constant time). Two sets of accumulators halve the chains. */
AIMER_APPLY_INLINE void apply_w(const uint64_t *m, uint64_t *y, const uint64_t *x, unsigned W)
{
    const unsigned n = 64 * W;
    __m512i acc[2][AIMER_MAX_WORDS];
    for (unsigned w = 0; w < W; w++) acc[0][w] = acc[1][w] = _mm512_setzero_si512();
    for (unsigned v = 0; v < W; v++) {
        const uint64_t xv = x[v];
        for (unsigned r = 0; r < 64; r += 8) {
            const __mmask8 k = (__mmask8)(xv >> r);
            const uint64_t *row = m + 64 * v + r;
            for (unsigned w = 0; w < W; w++)
                acc[(r / 8) & 1][w] = _mm512_mask_xor_epi64(acc[(r / 8) & 1][w], k, acc[(r / 8) & 1][w],
                                                          _mm512_loadu_si512(row + w * n));
        }
    }
    for (unsigned w = 0; w < W; w++) {
        const __m512i s = _mm512_xor_si512(acc[0][w], acc[1][w]);
        const __m256i h = _mm256_xor_si256(_mm512_castsi512_si256(s), _mm512_extracti64x4_epi64(s, 1));
        const __m128i q = _mm_xor_si128(_mm256_castsi256_si128(h), _mm256_extracti128_si256(h, 1));
        y[w] ^= (uint64_t)_mm_cvtsi128_si64(_mm_xor_si128(q, _mm_unpackhi_epi64(q, q)));
    }
}

/* sqr_n, the exponentiations and affine_apply over mul, sqr and apply_w */
AIMER_FAST_KERNELS(lwcx_aimer_avx512, clmul_mul, clmul_sqr, apply_w)

/* ---- 8-way Keccak: lane i of the eight states in one zmm ------------------ */

#define KR_XOR(a, b) _mm512_xor_si512(a, b)
#define KR_XOR5(a, b, c, d, e) _mm512_ternarylogic_epi64(_mm512_ternarylogic_epi64(a, b, c, 0x96), d, e, 0x96)
#define KR_ROL(x, n) _mm512_rol_epi64(x, n)
#define KR_CHI(a, b, c) _mm512_ternarylogic_epi64(a, b, c, 0xd2) /* a ^ (~b & c) */
#define KR_IOTA(a, i) _mm512_xor_si512(a, _mm512_set1_epi64((long long)lwcx_keccak_rc[i]))

static void permute8(uint64_t *st)
{
#define LOAD_(i) __m512i a##i = _mm512_loadu_si512(st + 8 * (i)), e##i;
#define STORE_(i) _mm512_storeu_si512(st + 8 * (i), a##i);
    KECCAK_F1600(__m512i, LOAD_, STORE_);
#undef LOAD_
#undef STORE_
}

/* permute8 and a single state s1 at once: their rounds interleaved, the
 * single one in scalar registers (andn) beside the vector units */
__attribute__((target("bmi"))) static void permute8_side(uint64_t *st, uint64_t *s1)
{
#define LOAD_(i)                                  \
    __m512i a##i = _mm512_loadu_si512(st + 8 * (i)), e##i; \
    uint64_t b##i = s1[i], f##i;
#define STORE_(i) \
    _mm512_storeu_si512(st + 8 * (i), a##i);         \
    s1[i] = b##i;
    KECCAK_F1600_TWO(KR, __m512i, KS, uint64_t, LOAD_, STORE_);
#undef LOAD_
#undef STORE_
}

static int shake_x8(unsigned sec, uint8_t *const out[AIMER_MAX_WAYS], size_t outlen,
                    const uint8_t *const in[AIMER_MAX_WAYS], size_t inlen, unsigned count)
{
    _Alignas(64) uint64_t st[25 * 8]; /* a zmm lane row per cache line */
    if (count == 1) return keccak_bmi_x1(sec, out[0], outlen, in[0], inlen);
    lwcx_keccak_shake_lanes(sec, out, outlen, in, inlen, count, 8, st, permute8);
    return 0;
}

static int shake_x8_side(unsigned sec, uint8_t *const out[AIMER_MAX_WAYS], size_t outlen,
                        const uint8_t *const in[AIMER_MAX_WAYS], size_t inlen, unsigned count, aimer_side *side)
{
    _Alignas(64) uint64_t st[25 * 8]; /* a zmm lane row per cache line */
    lwcx_keccak_shake_lanes_side(sec, out, outlen, in, inlen, count, 8, st, permute8, side, permute8_side);
    return 0;
}

const aimer_impl lwcx_aimer_avx512 = {
    .desc = {
        .name = "avx512",
        .description = "AVX-512 + PCLMULQDQ: carry-less field products, 8-row masked affine layer, "
                       "8-way Keccak in zmm",
        .features = LWCX_CPU_AVX2 | LWCX_CPU_AVX512 | LWCX_CPU_VPCLMUL | LWCX_CPU_PCLMUL | LWCX_CPU_BMI1,
        .batch = 8,
        .constant_time = 1,
    },
    .field = AIMER_FAST_FIELDS(clmul_mul, clmul_sqr),
    .affine_bytes = aimer_sliced_bytes,
    .affine_init = aimer_sliced_init,
    .affine_apply = aimer_fast_affine_apply,
    .xof_init = lwcx_keccak_xof_init,
    .xof_absorb = keccak_bmi_absorb,
    .xof_final = keccak_bmi_final,
    .xof_copy = lwcx_keccak_xof_copy,
    .xof_release = lwcx_keccak_xof_release,
    .ways = 8,
    .shake_xn = shake_x8,
    .shake_xn_side = shake_x8_side,
};
