/* AIMer avx2 (AVX2 + PCLMULQDQ): field products and squares by PCLMULQDQ;
 * the parties' affine layers and check maps sixteen parties at once by
 * vpshufb nibble tables; one party's layer and the large Frobenius powers
 * as word-sliced masked sums four rows a vector; a 4-way Keccak in ymm
 * registers for the many independent hashes, a scalar Keccak with andn for
 * the single ones. */
#include <immintrin.h>

#include "fast.h"
#include "field_clmul.h"
#include "keccak_bmi.h"

/* ---- GF(2^n): clmul_mul2..4, clmul_sqr2..4 (field_clmul.h) ------------------- */

/* ---- linear maps: y ^= x M over the sliced M, every word read ------------- */

/* Rows r..r+3 at once, from the word's top rows down: the bits of x
 * shifted to the sign bits, compared into masks (constant time); one
 * accumulator per output word. Each group's bits are the last group's
 * shifted by 4 (with a variable shift stepped by an add a group, or
 * unrolled into constants, gcc's field work was slower than clang's:
 * docs/design/aimer.md). */
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

/* ---- linear maps of sixteen parties at once, by nibble tables ------------- */

/* A GF(2)-linear map of GF(2^n) as vpshufb tables: for input byte i,
 * nibble h and output bytes 2j, 2j + 1, one ymm whose lanes hold, for each
 * value v of that nibble, byte 2j (lane 0) and byte 2j + 1 (lane 1) of
 * the image of v x^(8i + 4h): ymm (i n/8 + 2j + h), n^2/2 bytes a map.
 * The parties' bytes (byte i of sixteen parties in an xmm, both lanes)
 * pick the entries through vpshufb only, so the secret shares never form
 * an address: constant time, as the masked sums, at 4 operations per
 * 16 parties and 8 x 16 bits of the map against 2 a party and 4 bits. */
static size_t shuf_map_bytes(const aimer_params *p)
{
    return (size_t)p->n * p->n / 2;
}

/* r[c] byte k <-> r[k] byte c: four rounds of the same byte interleave */
static inline void transpose16(__m128i r[16])
{
    for (unsigned s = 0; s < 4; s++) {
        __m128i y[16];
        for (unsigned i = 0; i < 8; i++) {
            y[2 * i] = _mm_unpacklo_epi8(r[i], r[i + 8]);
            y[2 * i + 1] = _mm_unpackhi_epi8(r[i], r[i + 8]);
        }
        for (unsigned i = 0; i < 16; i++) r[i] = y[i];
    }
}

static void shuf_from_sliced(unsigned n, uint8_t *tab, const uint64_t *m)
{
    const unsigned nb = n / 8, W = n / 64;
    for (unsigned i = 0; i < nb; i++)
        for (unsigned h = 0; h < 2; h++) {
            __m256i img[16]; /* the images of the 16 values of the nibble, in registers */
            img[0] = _mm256_setzero_si256();
            for (unsigned q = 0; q < 4; q++) {
                const uint64_t *row = m + 8 * i + 4 * h + q; /* its words n apart */
                const __m256i x = _mm256_set_epi64x(W > 3 ? (long long)row[3 * n] : 0, W > 2 ? (long long)row[2 * n] : 0,
                                                    (long long)row[n], (long long)row[0]);
                for (unsigned v = 0; v < 1u << q; v++) img[(1u << q) + v] = _mm256_xor_si256(img[v], x);
            }
            for (unsigned q = 0; q < nb; q += 16) { /* the images' bytes q.. turned into 16 entries a byte */
                __m128i r[16];
                for (unsigned v = 0; v < 16; v++)
                    r[v] = q ? _mm256_extracti128_si256(img[v], 1) : _mm256_castsi256_si128(img[v]);
                transpose16(r);
                for (unsigned b = q; b < nb && b < q + 16; b++)
                    _mm_store_si128((__m128i *)(tab + ((size_t)i * nb + (b & ~1u) + h) * 32 + 16 * (b % 2)), r[b - q]);
            }
        }
}

/* t[b] (b < 8W): byte b of the count (<= 16) elements x[k * stride], in
 * byte k (zero past count) */
AIMER_APPLY_INLINE void shuf_slice(__m128i *t, const aimer_gf *x, size_t stride, unsigned count, unsigned W)
{
    for (unsigned q = 0; q < 8 * W; q += 16) {
        __m128i r[16];
        for (unsigned k = 0; k < 16; k++) {
            const uint8_t *e = (const uint8_t *)x[k * stride] + q;
            r[k] = k >= count ? _mm_setzero_si128()
                   : 8 * W - q >= 16 ? _mm_loadu_si128((const __m128i *)e)
                                     : _mm_loadl_epi64((const __m128i *)e);
        }
        transpose16(r);
        for (unsigned b = 0; b < 16 && q + b < 8 * W; b++) t[q + b] = r[b];
    }
}

/* x[k * stride] = byte k of each t[b] (words past W zero) */
AIMER_APPLY_INLINE void shuf_unslice(aimer_gf *x, size_t stride, unsigned count, const __m128i *t, unsigned W)
{
    for (unsigned q = 0; q < 8 * W; q += 16) {
        __m128i r[16];
        for (unsigned b = 0; b < 16; b++) r[b] = q + b < 8 * W ? t[q + b] : _mm_setzero_si128();
        transpose16(r);
        for (unsigned k = 0; k < count; k++) _mm_storeu_si128((__m128i *)((uint8_t *)x[k * stride] + q), r[k]);
        lwcx_wipe(r, sizeof r);
    }
    for (unsigned k = 0; k < count; k++)
        for (unsigned w = W; w < AIMER_MAX_WORDS; w++) x[k * stride][w] = 0;
}

/* out = the map tab of the sliced t, sliced (out[2j], out[2j + 1] the
 * lanes of accumulator j) */
AIMER_APPLY_INLINE void shuf_map(__m128i *out, const uint8_t *tab, const __m128i *t, unsigned W)
{
    const unsigned nb = 8 * W;
    const __m256i low = _mm256_set1_epi8(0x0f);
    __m256i acc[4 * AIMER_MAX_WORDS];
    for (unsigned j = 0; j < nb / 2; j++) acc[j] = _mm256_setzero_si256();
    for (unsigned i = 0; i < nb; i++) {
        const __m256i v = _mm256_broadcastsi128_si256(t[i]);
        const __m256i lo = _mm256_and_si256(v, low), hi = _mm256_and_si256(_mm256_srli_epi16(v, 4), low);
        const __m256i *row = (const __m256i *)tab + (size_t)i * nb;
        for (unsigned j = 0; j < nb / 2; j++)
            acc[j] = _mm256_xor_si256(acc[j], _mm256_xor_si256(_mm256_shuffle_epi8(_mm256_load_si256(row + 2 * j), lo),
                                                               _mm256_shuffle_epi8(_mm256_load_si256(row + 2 * j + 1), hi)));
    }
    for (unsigned j = 0; j < nb / 2; j++) _mm256_storeu_si256((__m256i *)(out + 2 * j), acc[j]);
}

/* The check maps of the input S-boxes (fast.h's) as tables, in the order
 * of fast_powers' */
static _Alignas(32) uint8_t shuf_checks[AIMER_CHECK_MAPS][AIMER_MAX_N * AIMER_MAX_N / 2];
static pthread_once_t shuf_checks_once = PTHREAD_ONCE_INIT;
static void shuf_checks_build(void)
{
    const aimer_powers *pw = fast_powers_get();
    for (unsigned i = 0; i < pw->checks; i++) shuf_from_sliced(128 + 64 * pw->check_key[i].field, shuf_checks[i], pw->check[i]);
}
static const uint8_t *shuf_check(const aimer_params *p, unsigned i)
{
    const aimer_powers *pw = fast_powers_get();
    const uint64_t *m = aimer_check_get(pw, p->field, p->e[i], p->c[i]);
    pthread_once(&shuf_checks_once, shuf_checks_build);
    return m ? shuf_checks[(size_t)(m - pw->check[0]) / (AIMER_MAX_WORDS * AIMER_MAX_N)] : NULL;
}

/* A key's expansion: the sliced layer (fast.h, for one party at a time),
 * then its L maps and the output S-box's check map (key_init) as tables */
static uint8_t *shuf_tables(const aimer_params *p, void *aff)
{
    return (uint8_t *)aff + aimer_sliced_bytes(p);
}

static size_t shuf_affine_bytes(const aimer_params *p)
{
    return aimer_sliced_bytes(p) + (p->L + 1) * shuf_map_bytes(p);
}

static LWCX_NODISCARD int shuf_affine_init(const aimer_impl *im, const aimer_params *p, void *aff, uint64_t *b, const uint8_t *iv)
{
    if (aimer_sliced_init(im, p, aff, b, iv)) return -1;
    for (unsigned i = 0; i < p->L; i++)
        shuf_from_sliced(p->n, shuf_tables(p, aff) + i * shuf_map_bytes(p),
                         (const uint64_t *)aff + (size_t)i * p->words * p->n);
    return 0;
}

static void shuf_key_init(const aimer_params *p, struct lwcx_aimer_key *key)
{
    uint64_t m[AIMER_MAX_WORDS * AIMER_MAX_N];
    aimer_key_check_sliced(p, key->ct, m);
    shuf_from_sliced(p->n, shuf_tables(p, key->aff) + p->L * shuf_map_bytes(p), m);
}

/* mpc_parties for up to sixteen parties: their x[i] sliced once for the
 * affine layer (x[L]) and the check maps (z[i], maps[L + 1 + i]) */
AIMER_APPLY_INLINE void shuf_parties16(const aimer_params *p, const struct lwcx_aimer_key *key,
                                       const uint8_t *const maps[2 * AIMER_MAX_L + 2], aimer_gf *x, aimer_gf *z,
                                       size_t stride, unsigned count, int with_b, unsigned W)
{
    const unsigned L = p->L, nb = 8 * W;
    __m128i t[AIMER_MAX_L + 1][8 * AIMER_MAX_WORDS], u[8 * AIMER_MAX_WORDS], s[8 * AIMER_MAX_WORDS];
    for (unsigned i = 0; i < L; i++) shuf_slice(t[i], x + i, stride, count, W);
    for (unsigned b = 0; b < nb; b++) t[L][b] = _mm_setzero_si128();
    for (unsigned i = 0; i < L; i++) {
        shuf_map(u, maps[i], t[i], W);
        for (unsigned b = 0; b < nb; b++) t[L][b] = _mm_xor_si128(t[L][b], u[b]);
    }
    if (with_b) /* the last party's b */
        for (unsigned b = 0; b < nb; b++) ((uint8_t *)&t[L][b])[count - 1] ^= (uint8_t)(key->b[b / 8] >> (8 * (b % 8)));
    shuf_unslice(x + L, stride, count, t[L], W);
    for (unsigned i = 0; i <= L; i++) {
        shuf_map(s, maps[L + 1 + i], t[i], W);
        shuf_unslice(z + i, stride, count, s, W);
    }
    lwcx_wipe(t, sizeof t);
    lwcx_wipe(u, sizeof u);
    lwcx_wipe(s, sizeof s);
}

static void shuf_parties(const aimer_params *p, const struct lwcx_aimer_key *key, aimer_gf *x, aimer_gf *z,
                         size_t stride, unsigned count, int with_b)
{
    const uint8_t *maps[2 * AIMER_MAX_L + 2]; /* the L affine maps, the input S-boxes' checks, the output's */
    const uint8_t *tab = shuf_tables(p, key->aff);
    for (unsigned i = 0; i < p->L; i++) maps[i] = tab + i * shuf_map_bytes(p);
    for (unsigned i = 0; i < p->L; i++) maps[p->L + 1 + i] = shuf_check(p, i);
    maps[2 * p->L + 1] = tab + p->L * shuf_map_bytes(p);
    AIMER_PARTIES_IN_GROUPS(16, shuf_parties16, maps, p, key, x, z, stride, count, with_b)
}

/* ---- 4-way Keccak: lane i of the four states in one ymm ------------------ */

#define KR_XOR(a, b) _mm256_xor_si256(a, b)
#define KR_XOR5(a, b, c, d, e) KR_XOR(KR_XOR(KR_XOR(a, b), KR_XOR(c, d)), e)
/* rotations by whole bytes (rho's 8 and 56) as one vpshufb instead of three
 * operations; theta's by 1 with an add, which more ports run than shifts */
#define KR_ROL(x, n)                                                                                 \
    ((n) == 8    ? _mm256_shuffle_epi8(x, _mm256_setr_epi8(7, 0, 1, 2, 3, 4, 5, 6, 15, 8, 9, 10, 11, 12, 13, 14, \
                                                           7, 0, 1, 2, 3, 4, 5, 6, 15, 8, 9, 10, 11, 12, 13, 14)) \
     : (n) == 56 ? _mm256_shuffle_epi8(x, _mm256_setr_epi8(1, 2, 3, 4, 5, 6, 7, 0, 9, 10, 11, 12, 13, 14, 15, 8, \
                                                           1, 2, 3, 4, 5, 6, 7, 0, 9, 10, 11, 12, 13, 14, 15, 8)) \
     : (n) == 1  ? _mm256_or_si256(_mm256_add_epi64(x, x), _mm256_srli_epi64(x, 63))                    \
                 : _mm256_or_si256(_mm256_slli_epi64(x, n), _mm256_srli_epi64(x, 64 - (n))))
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

static int shake_x4_side(unsigned sec, uint8_t *const out[AIMER_MAX_WAYS], size_t outlen,
                        const uint8_t *const in[AIMER_MAX_WAYS], size_t inlen, unsigned count, aimer_side *side)
{
    _Alignas(32) uint64_t st[25 * 4]; /* no ymm row across two cache lines */
    lwcx_keccak_shake_lanes_side(sec, out, outlen, in, inlen, count, 4, st, permute4, side, permute4_side);
    return 0;
}

static LWCX_NODISCARD int shake_x4(unsigned sec, uint8_t *const out[AIMER_MAX_WAYS], size_t outlen,
                    const uint8_t *const in[AIMER_MAX_WAYS], size_t inlen, unsigned count)
{
    if (count == 1) return keccak_bmi_x1(sec, out[0], outlen, in[0], inlen);
    return shake_x4_side(sec, out, outlen, in, inlen, count, NULL);
}

const aimer_impl lwcx_aimer_avx2 = {
    .desc = {
        .name = "avx2",
        .description = "AVX2 + PCLMULQDQ: carry-less field products, sixteen parties' affine layers "
                       "by vpshufb nibble tables, 4-way Keccak in ymm",
        .features = LWCX_CPU_AVX2 | LWCX_CPU_PCLMUL | LWCX_CPU_BMI1,
        .batch = 4,
        .constant_time = 1,
    },
    .field = AIMER_FAST_FIELDS_DOT(clmul_mul, clmul_sqr, clmul_dot),
    .affine_bytes = shuf_affine_bytes,
    .affine_init = shuf_affine_init,
    .key_init = shuf_key_init,
    .affine_apply = aimer_fast_affine_apply,
    .mpc_parties = shuf_parties,
    .xof_init = lwcx_keccak_xof_init,
    .xof_absorb = keccak_bmi_absorb,
    .xof_final = keccak_bmi_final,
    .xof_copy = lwcx_keccak_xof_copy,
    .xof_release = lwcx_keccak_xof_release,
    .ways = 4,
    .shake_xn = shake_x4,
    .shake_xn_side = shake_x4_side,
    .side_lane = 1, /* a quarter of permute4 costs less than the scalar state beside it (docs/design/aimer.md) */
};
