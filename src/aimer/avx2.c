/* AIMer avx2 (AVX2 + PCLMULQDQ): field products and squares by PCLMULQDQ,
 * the affine layer and the large Frobenius powers as word-sliced masked
 * sums four rows a vector, a 4-way Keccak in ymm registers for the many
 * independent hashes, a scalar Keccak with andn for the single ones. */
#include <immintrin.h>

#include "fast.h"
#include "field_clmul.h"
#include "keccak_bmi.h"

/* ---- GF(2^n): clmul_mul2..4, clmul_sqr2..4 (field_clmul.h) ------------------- */

/* ---- linear maps: y ^= x M over the sliced M, every word read ------------- */

/* Rows r..r+3 at once, from the word's top rows down: the bits of x
 * shifted to the sign bits, compared into masks (constant time); one
 * accumulator per output word. Each group's bits are the last group's
 * shifted by 4 (a variable shift stepped by an add a group, or
 * unrolled into constants, gcc 12's field work took 1.25x clang's time). */
AIMER_APPLY_INLINE void apply_w(const uint64_t *m, uint64_t *y, const uint64_t *x, unsigned W)
{
    const unsigned n = 64 * W;
    __m256i acc[AIMER_MAX_WORDS];
    for (unsigned w = 0; w < W; w++) acc[w] = _mm256_setzero_si256();
    const __m256i zero = _mm256_setzero_si256();
    for (unsigned v = 0; v < W; v++) {
        /* lane l: bit 60 + l of the word at the top */
        __m256i bits = _mm256_sllv_epi64(_mm256_set1_epi64x((long long)x[v]), _mm256_set_epi64x(0, 1, 2, 3));
        for (unsigned r = 64 * v + 64; r > 64 * v;) {
            r -= 4;
            const __m256i mask = _mm256_cmpgt_epi64(zero, bits);
            bits = _mm256_slli_epi64(bits, 4);
            for (unsigned w = 0; w < W; w++)
                acc[w] = _mm256_xor_si256(
                    acc[w], _mm256_and_si256(mask, _mm256_loadu_si256((const __m256i *)(m + w * n + r))));
        }
    }
    for (unsigned w = 0; w < W; w++) {
        const __m128i h = _mm_xor_si128(_mm256_castsi256_si128(acc[w]), _mm256_extracti128_si256(acc[w], 1));
        y[w] ^= (uint64_t)_mm_cvtsi128_si64(_mm_xor_si128(h, _mm_unpackhi_epi64(h, h)));
    }
}

/* sqr_n, the exponentiations and affine_apply over mul, sqr and apply_w */
AIMER_FAST_KERNELS(lwcx_aimer_avx2, clmul_mul, clmul_sqr, apply_w)

/* ---- 4-way Keccak: lane i of the four states in one ymm ------------------ */

#define KR_XOR(a, b) _mm256_xor_si256(a, b)
#define KR_XOR5(a, b, c, d, e) KR_XOR(KR_XOR(KR_XOR(a, b), KR_XOR(c, d)), e)
#define KR_ROL(x, n) _mm256_or_si256(_mm256_slli_epi64(x, n), _mm256_srli_epi64(x, 64 - (n)))
#define KR_CHI(a, b, c) _mm256_xor_si256(a, _mm256_andnot_si256(b, c))
#define KR_IOTA(a, i) _mm256_xor_si256(a, _mm256_set1_epi64x((long long)lwcx_keccak_rc[i]))

static void permute4(uint64_t *st)
{
#define LOAD_(i) __m256i a##i = _mm256_loadu_si256((const __m256i *)(st + 4 * (i))), e##i;
#define STORE_(i) _mm256_storeu_si256((__m256i *)(st + 4 * (i)), a##i);
    KECCAK_F1600(__m256i, LOAD_, STORE_);
#undef LOAD_
#undef STORE_
}

/* permute4 and a single state s1 at once: their rounds interleaved, the
 * single one in scalar registers (andn) beside the vector units */
__attribute__((target("bmi"))) static void permute4_side(uint64_t *st, uint64_t *s1)
{
#define LOAD_(i)                                  \
    __m256i a##i = _mm256_loadu_si256((const __m256i *)(st + 4 * (i))), e##i; \
    uint64_t b##i = s1[i], f##i;
#define STORE_(i) \
    _mm256_storeu_si256((__m256i *)(st + 4 * (i)), a##i);         \
    s1[i] = b##i;
    KECCAK_F1600_TWO(KR, __m256i, KS, uint64_t, LOAD_, STORE_);
#undef LOAD_
#undef STORE_
}

static int shake_x4(unsigned sec, uint8_t *const out[AIMER_MAX_WAYS], size_t outlen,
                    const uint8_t *const in[AIMER_MAX_WAYS], size_t inlen, unsigned count)
{
    _Alignas(32) uint64_t st[25 * 4]; /* no ymm row across two cache lines */
    if (count == 1) return keccak_bmi_x1(sec, out[0], outlen, in[0], inlen);
    lwcx_keccak_shake_lanes(sec, out, outlen, in, inlen, count, 4, st, permute4);
    return 0;
}

static int shake_x4_side(unsigned sec, uint8_t *const out[AIMER_MAX_WAYS], size_t outlen,
                        const uint8_t *const in[AIMER_MAX_WAYS], size_t inlen, unsigned count, aimer_side *side)
{
    _Alignas(32) uint64_t st[25 * 4]; /* no ymm row across two cache lines */
    lwcx_keccak_shake_lanes_side(sec, out, outlen, in, inlen, count, 4, st, permute4, side, permute4_side);
    return 0;
}

const aimer_impl lwcx_aimer_avx2 = {
    .desc = {
        .name = "avx2",
        .description = "AVX2 + PCLMULQDQ: carry-less field products, 4-row masked affine layer, "
                       "4-way Keccak in ymm",
        .features = LWCX_CPU_AVX2 | LWCX_CPU_PCLMUL | LWCX_CPU_BMI1,
        .batch = 4,
        .constant_time = 1,
    },
    .field = AIMER_FAST_FIELDS_DOT(clmul_mul, clmul_sqr, clmul_dot),
    .affine_bytes = aimer_sliced_bytes,
    .affine_init = aimer_sliced_init,
    .affine_apply = aimer_fast_affine_apply,
    .xof_init = lwcx_keccak_xof_init,
    .xof_absorb = keccak_bmi_absorb,
    .xof_final = keccak_bmi_final,
    .xof_copy = lwcx_keccak_xof_copy,
    .xof_release = lwcx_keccak_xof_release,
    .ways = 4,
    .shake_xn = shake_x4,
    .shake_xn_side = shake_x4_side,
    .side_lane = 1, /* a quarter of permute4 cost less than the scalar state beside it (Xeon) */
};
