/* AIMer avx512 (AVX-512 F/BW/VL + PCLMULQDQ + GFNI): field products and
 * squares by PCLMULQDQ; the parties' affine layers and check maps eight
 * parties at once by gf2p8affineqb (8x8 bit blocks of the matrices, a byte
 * of each party's input a lane byte); the large Frobenius powers as
 * word-sliced masked sums eight rows a vector; an 8-way Keccak in zmm
 * registers (vpternlogq, vprolq) for the many independent hashes, one
 * state in xmm registers for the single ones (a scalar one, with andn,
 * only beside the eight). */
#include <immintrin.h>

#include "../core/zmm_shuffles.h"
#include "fast.h"
#include "field_clmul.h"
#include "keccak_bmi.h"

/* ---- GF(2^n): clmul_mul2..4, clmul_sqr2..4 (field_clmul.h) ------------------- */

/* ---- the parties' dots, four parties a zmm (VPCLMULQDQ) ------------------- */

#define CLV __m512i
#define CLV_FN(name) clmul4_##name
#define CLV_CL(x, y, imm) _mm512_clmulepi64_epi128(x, y, imm)
#define CLV_XOR(a, b) _mm512_xor_si512(a, b)
#define CLV_ZERO() _mm512_setzero_si512()
#define CLV_UP(x) _mm512_bslli_epi128(x, 8)
#define CLV_DOWN(x) _mm512_bsrli_epi128(x, 8)
#define CLV_POLY(c) _mm512_set1_epi64(c)
#include "field_clmul_lanes.tmpl.h"

/* lane q of v[0], v[1]: words 0-1, 2-3 of x[q stride] for q < n (W words,
 * the rest zero); lanes from n on zero */
static inline void clmul4_load(__m512i *v, const aimer_gf *x, size_t stride, unsigned n, unsigned W)
{
    v[0] = v[1] = _mm512_setzero_si512();
    for (unsigned q = 0; q < n; q++) {
        const __mmask16 lane = (__mmask16)(0xFu << (4 * q));
        const uint64_t *e = x[q * stride];
        v[0] = _mm512_mask_broadcast_i32x4(v[0], lane, _mm_loadu_si128((const __m128i *)e));
        if (W > 2)
            v[1] = _mm512_mask_broadcast_i32x4(v[1], lane, W == 3 ? _mm_loadl_epi64((const __m128i *)(e + 2))
                                                                   : _mm_loadu_si128((const __m128i *)(e + 2)));
    }
}

/* dot_parties: the products of four parties by one challenge in each
 * PCLMULQDQ (four in zmm cost about what one in xmm does:
 * docs/design/aimer.md), summed unreduced, one reduction per four dots */
AIMER_APPLY_INLINE void clmul4_dot_parties(aimer_gf *c, size_t cs, const aimer_gf *a, size_t as,
                                           const aimer_gf *b, unsigned k, unsigned count, unsigned W)
{
    for (unsigned j = 0; j < count; j += 4) {
        const unsigned n = count - j < 4 ? count - j : 4;
        __m512i va[2], vb[2], r[2 * 2], sum[2 * 2];
        _Alignas(64) uint64_t t[2][8];
        for (unsigned q = 0; q < W; q++) sum[q] = _mm512_setzero_si512();
        for (unsigned i = 0; i < k; i++) {
            clmul4_load(va, a + (size_t)j * as + i, as, n, W);
            vb[0] = _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)b[i]));
            vb[1] = W == 2   ? _mm512_setzero_si512()
                    : W == 3 ? _mm512_broadcast_i32x4(_mm_loadl_epi64((const __m128i *)(b[i] + 2)))
                             : _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)(b[i] + 2)));
            clmul4_wide(r, va, vb, W);
            for (unsigned q = 0; q < W; q++) sum[q] = _mm512_xor_si512(sum[q], r[q]);
        }
        clmul4_reduce(sum, W);
        _mm512_store_si512(t[0], sum[0]);
        _mm512_store_si512(t[1], sum[1]);
        for (unsigned q = 0; q < n; q++) {
            uint64_t *e = c[(size_t)(j + q) * cs];
            for (unsigned w = 0; w < AIMER_MAX_WORDS; w++) e[w] = w < W ? e[w] ^ t[w / 2][2 * q + w % 2] : 0;
        }
        lwcx_wipe(t, sizeof t);
    }
}

#define CLMUL4_DOTS_(W)                                                                                  \
    static void clmul4_dots##W(aimer_gf *c, size_t cs, const aimer_gf *a, size_t as, const aimer_gf *b,  \
                               unsigned k, unsigned count)                                              \
    {                                                                                                   \
        clmul4_dot_parties(c, cs, a, as, b, k, count, W);                                               \
    }
CLMUL4_DOTS_(2)
CLMUL4_DOTS_(3)
CLMUL4_DOTS_(4)

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

/* ---- linear maps of eight parties at once, on GFNI ------------------------ */

/* A GF(2)-linear map of GF(2^n) as the 8x8 bit blocks gf2p8affineqb
 * takes: block (i, j) maps input byte i into output byte j, its byte 7 - k
 * the input bits that output bit k sums. Stored by input byte, the n/8
 * blocks of input byte i (n/64 zmm) at g + i n/8. From the sliced m: the
 * eight rows of input byte i, word w, are eight consecutive words there;
 * their bytes j transposed (rows reversed) give each block as an 8x8 bit
 * matrix, row t in byte 7 - t; gf2p8affineqb of that matrix with the
 * bytes 1 << (7 - b) transposes its bits into the block. */
static void gfni_from_sliced(unsigned n, uint64_t *g, const uint64_t *m)
{
    const __m512i reverse = _mm512_setr_epi64(7, 6, 5, 4, 3, 2, 1, 0);
    const __m512i units = _mm512_set1_epi64(0x0102040810204080);
    for (unsigned i = 0; i < n / 8; i++)
        for (unsigned w = 0; w < n / 64; w++) {
            const __m512i rows = _mm512_permutexvar_epi64(reverse, _mm512_loadu_si512(m + (size_t)w * n + 8 * i));
            _mm512_storeu_si512(g + (size_t)i * (n / 8) + 8 * w,
                                _mm512_gf2p8affine_epi64_epi8(units, lwcx_zmm_bytes_transpose(rows), 0));
        }
}

/* t[i] (i < 8W): byte i of each of the count (<= 8) vectors x[b * stride],
 * vector b in byte b (zero past count) */
AIMER_APPLY_INLINE void gfni_slice(uint64_t *t, const aimer_gf *x, size_t stride, unsigned count, unsigned W)
{
    _Alignas(64) uint64_t u[8];
    for (unsigned q = 0; q < W; q++) {
        for (unsigned b = 0; b < 8; b++) u[b] = b < count ? x[b * stride][q] : 0;
        _mm512_store_si512(t + 8 * q, lwcx_zmm_bytes_transpose(_mm512_load_si512(u)));
    }
}

/* acc[jb] ^= output bytes 8jb..8jb+7 (lanes) of every vector (bytes) of
 * t times the map g */
AIMER_APPLY_INLINE void gfni_acc(__m512i *acc, const uint64_t *g, const uint64_t *t, unsigned W)
{
    for (unsigned i = 0; i < 8 * W; i++) {
        const __m512i s = _mm512_set1_epi64((long long)t[i]);
        for (unsigned jb = 0; jb < W; jb++)
            acc[jb] = _mm512_xor_si512(acc[jb], _mm512_gf2p8affine_epi64_epi8(s, _mm512_load_si512(g + (i * W + jb) * 8), 0));
    }
}

/* y[b * stride] = vector b of acc (words past W zero) */
AIMER_APPLY_INLINE void gfni_unslice(aimer_gf *y, size_t stride, unsigned count, const __m512i *acc, unsigned W)
{
    _Alignas(64) uint64_t u[AIMER_MAX_WORDS][8];
    for (unsigned jb = 0; jb < W; jb++) _mm512_store_si512(u[jb], lwcx_zmm_bytes_transpose(acc[jb]));
    for (unsigned b = 0; b < count; b++)
        for (unsigned w = 0; w < AIMER_MAX_WORDS; w++) y[b * stride][w] = w < W ? u[w][b] : 0;
    lwcx_wipe(u, sizeof u);
}

static size_t gfni_map_words(const aimer_params *p)
{
    return (size_t)p->n * p->n / 64;
}

/* The check maps of the input S-boxes (fast.h's, built from ours) in
 * blocks, in the order of fast_powers' */
static _Alignas(64) uint64_t gfni_checks[AIMER_CHECK_MAPS][AIMER_MAX_N * AIMER_MAX_N / 64];
static pthread_once_t gfni_checks_once = PTHREAD_ONCE_INIT;
static void gfni_checks_build(void)
{
    const aimer_powers *pw = fast_powers_get();
    for (unsigned i = 0; i < pw->checks; i++)
        gfni_from_sliced(128 + 64 * pw->check_key[i].field, gfni_checks[i], pw->check[i]);
}
static const uint64_t *gfni_check(const aimer_params *p, unsigned i)
{
    const aimer_powers *pw = fast_powers_get();
    const uint64_t *m = aimer_check_get(pw, p->field, p->e[i], p->c[i]);
    pthread_once(&gfni_checks_once, gfni_checks_build);
    return m ? gfni_checks[(size_t)(m - pw->check[0]) / (AIMER_MAX_WORDS * AIMER_MAX_N)] : NULL;
}

/* The key's expansion: the L affine layers, then the output S-box's check
 * map x^(2^e*) + ct x (key_init), as blocks */
static size_t gfni_affine_bytes(const aimer_params *p)
{
    return (p->L + 1) * gfni_map_words(p) * sizeof(uint64_t);
}

/* the output S-box's check map (fast.h) as blocks */
static void gfni_key_init(const aimer_params *p, struct lwcx_aimer_key *key)
{
    _Alignas(64) uint64_t m[AIMER_MAX_WORDS * AIMER_MAX_N];
    aimer_key_check_sliced(p, key->ct, m);
    gfni_from_sliced(p->n, (uint64_t *)key->aff + p->L * gfni_map_words(p), m);
}

/* affine_init: each A = U L (read from the squeezed rows as in fast.h: L
 * row r their bits >= r, U row r their bits <= r, bit r set in both)
 * composed as 8x8 blocks, in about a third of the time of the 16-row
 * tables and their conversion (a one-shot signature expands the layer every
 * call: docs/design/aimer.md). L's blocks from its
 * rows (gfni_from_sliced); U's rows r = 8i.. with bytes transposed, so that
 * qword k holds byte k of each (the images of input byte i's bits in U's
 * output byte k); then block (i, j) of A, as the images of its input bits,
 * the sum over k <= i (U is triangular) of L's block (k, j) applied to
 * those, and its bits transposed into gf2p8affineqb's form as in
 * gfni_from_sliced. */
static LWCX_NODISCARD int gfni_affine_init(const aimer_impl *im, const aimer_params *p, void *aff, uint64_t *b, const uint8_t *iv)
{
    const unsigned n = p->n, W = p->words, nb = n / 8;
    const __m512i units = _mm512_set1_epi64(0x0102040810204080);
    const __m512i reverse = _mm512_broadcast_i32x4(_mm_setr_epi8(7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8));
    const size_t words = (size_t)W * n; /* a matrix's rows, sliced */
    uint8_t *buf = lwcx_aimer_affine_squeeze(im, p, iv);
    uint64_t *mem = malloc(3 * words * sizeof(uint64_t) + 64);
    if (!buf || !mem) {
        free(buf);
        free(mem);
        return -1;
    }
    uint64_t *l = (uint64_t *)(((uintptr_t)mem + 63) & ~(uintptr_t)63), *u = l + words, *bl = u + words;
    for (unsigned mi = 0; mi < p->L; mi++) {
        const uint8_t *m = buf + (size_t)mi * n * p->lambda;
        uint64_t *g = (uint64_t *)aff + mi * gfni_map_words(p);
        for (unsigned r = 0; r < n; r++) {
            const unsigned rw = r / 64;
            const uint64_t bit = (uint64_t)1 << (r % 64), below = bit - 1;
            for (unsigned w = 0; w < W; w++) {
                const uint64_t v = lwcx_load64le(m + (size_t)r * p->lambda + 8 * w);
                l[(size_t)w * n + r] = w < rw ? 0 : w > rw ? v : (v & ~below) | bit;
                u[(size_t)w * n + r] = w > rw ? 0 : w < rw ? v : (v & below) | bit;
            }
        }
        gfni_from_sliced(n, bl, l);
        for (unsigned i = 0; i < nb; i++) {
            _Alignas(64) uint64_t d[AIMER_MAX_N / 8];
            for (unsigned w = 0; w < W; w++)
                _mm512_store_si512(d + 8 * w, lwcx_zmm_bytes_transpose(_mm512_load_si512(u + (size_t)w * n + 8 * i)));
            for (unsigned jb = 0; jb < W; jb++) {
                __m512i acc = _mm512_setzero_si512();
                for (unsigned k = 0; k <= i; k++)
                    acc = _mm512_xor_si512(acc, _mm512_gf2p8affine_epi64_epi8(_mm512_set1_epi64((long long)d[k]),
                                                                              _mm512_load_si512(bl + (size_t)k * nb + 8 * jb), 0));
                _mm512_storeu_si512(g + (size_t)i * nb + 8 * jb,
                                    _mm512_gf2p8affine_epi64_epi8(units, _mm512_shuffle_epi8(acc, reverse), 0));
            }
        }
    }
    aimer_gf_from_bytes(p, b, buf + (size_t)p->L * n * p->lambda);
    free(buf);
    free(mem); /* the matrices are public: they come from the IV */
    return 0;
}

AIMER_APPLY_INLINE void gfni_affine_apply_w(const aimer_params *p, const void *aff, unsigned i, uint64_t *y,
                                            const uint64_t *x, unsigned W)
{
    _Alignas(64) uint64_t t[8 * AIMER_MAX_WORDS];
    aimer_gf in, out;
    __m512i acc[AIMER_MAX_WORDS];
    memcpy(in, x, sizeof in);
    for (unsigned w = 0; w < W; w++) acc[w] = _mm512_setzero_si512();
    gfni_slice(t, &in, 1, 1, W);
    gfni_acc(acc, (const uint64_t *)aff + i * gfni_map_words(p), t, W);
    gfni_unslice(&out, 1, 1, acc, W);
    aimer_gf_add(y, y, out);
    lwcx_wipe(t, sizeof t);
    lwcx_wipe(in, sizeof in);
    lwcx_wipe(out, sizeof out);
}

static void gfni_affine_apply(const aimer_params *p, const void *aff, unsigned i, uint64_t *y, const uint64_t *x)
{
    switch (p->words) {
    case 2: gfni_affine_apply_w(p, aff, i, y, x, 2); break;
    case 3: gfni_affine_apply_w(p, aff, i, y, x, 3); break;
    default: gfni_affine_apply_w(p, aff, i, y, x, 4); break;
    }
}

/* mpc_parties for up to eight parties: their x[i] sliced once for the
 * affine layer (x[L]) and the check maps (z[i], checks[i]) */
AIMER_APPLY_INLINE void gfni_parties8(const aimer_params *p, const struct lwcx_aimer_key *key,
                                      const uint64_t *const checks[AIMER_MAX_L + 1], aimer_gf *x, aimer_gf *z,
                                      size_t stride, unsigned count, int with_b, unsigned W)
{
    const unsigned L = p->L;
    _Alignas(64) uint64_t t[AIMER_MAX_L + 1][8 * AIMER_MAX_WORDS];
    __m512i acc[AIMER_MAX_WORDS];
    for (unsigned i = 0; i < L; i++) gfni_slice(t[i], x + i, stride, count, W);
    for (unsigned w = 0; w < W; w++) acc[w] = _mm512_setzero_si512();
    for (unsigned i = 0; i < L; i++) gfni_acc(acc, (const uint64_t *)key->aff + i * gfni_map_words(p), t[i], W);
    if (with_b) { /* the last party's b, sliced */
        aimer_gf bs[8] = {{0}};
        memcpy(bs[count - 1], key->b, sizeof bs[0]);
        gfni_slice(t[L], bs, 1, 8, W);
        for (unsigned w = 0; w < W; w++) acc[w] = _mm512_xor_si512(acc[w], _mm512_load_si512(t[L] + 8 * w));
    }
    /* x[L], sliced as it is: lane l of acc[w] is byte 8w + l of every party */
    for (unsigned w = 0; w < W; w++) _mm512_store_si512(t[L] + 8 * w, acc[w]);
    gfni_unslice(x + L, stride, count, acc, W);
    for (unsigned i = 0; i <= L; i++) {
        for (unsigned w = 0; w < W; w++) acc[w] = _mm512_setzero_si512();
        gfni_acc(acc, checks[i], t[i], W);
        gfni_unslice(z + i, stride, count, acc, W);
    }
    lwcx_wipe(t, sizeof t);
}

static void gfni_parties(const aimer_params *p, const struct lwcx_aimer_key *key, aimer_gf *x, aimer_gf *z,
                         size_t stride, unsigned count, int with_b)
{
    const uint64_t *checks[AIMER_MAX_L + 1]; /* the input S-boxes' maps, then the key's output one */
    for (unsigned i = 0; i < p->L; i++) checks[i] = gfni_check(p, i);
    checks[p->L] = (const uint64_t *)key->aff + p->L * gfni_map_words(p);
    AIMER_PARTIES_IN_GROUPS(8, gfni_parties8, checks, p, key, x, z, stride, count, with_b)
}

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

/* One state in xmm registers, a lane in each (low half): the single
 * sponges (salt, h1's rest, h2, the challenges, the key's matrices) that
 * nothing runs beside. With 32 registers the state, theta's sums and chi's
 * rows need few spills, and vpternlogq makes theta's five-way sums two
 * operations and chi one; the scalar permutation spills a third of its
 * lanes (255 instructions a round against about 110 here): faster with
 * both compilers (docs/design/aimer.md). */
#define KX_XOR(a, b) _mm_xor_si128(a, b)
#define KX_XOR5(a, b, c, d, e) _mm_ternarylogic_epi64(_mm_ternarylogic_epi64(a, b, c, 0x96), d, e, 0x96)
#define KX_ROL_XOR(a, d, n) _mm_rol_epi64(_mm_xor_si128(a, d), n)
#define KX_XOR_ROL1(c, b) _mm_xor_si128(c, _mm_rol_epi64(b, 1))
#define KX_CHI(a, b, c) _mm_ternarylogic_epi64(a, b, c, 0xd2)
#define KX_IOTA(a, i) _mm_xor_si128(a, _mm_cvtsi64_si128((long long)lwcx_keccak_rc[i]))

static void permute1(uint64_t *s)
{
#define LOAD_(i) __m128i a##i = _mm_loadl_epi64((const __m128i *)(s + (i))), e##i;
#define STORE_(i) _mm_storel_epi64((__m128i *)(s + (i)), a##i);
    KECCAK_F1600_P(KX, __m128i, LOAD_, STORE_);
#undef LOAD_
#undef STORE_
}

LWCX_KECCAK_XOF_AROUND(xof_absorb1, xof_final1, hash1, permute1)

/* The sponges of up to eight one-block inputs (the trees, commitments and
 * tapes), their bytes moved as zmm rows: eight words of an input (output)
 * by one masked load (store), eight such rows turned into eight lanes by
 * one 8x8 transpose. Lane i of state w at st[8 i + w]. */
static void shake_x8_rows(unsigned sec, uint8_t *const out[AIMER_MAX_WAYS], size_t outlen,
                          const uint8_t *const in[AIMER_MAX_WAYS], size_t inlen, unsigned count, aimer_side *side)
{
    const unsigned rate = sec > 128 ? 136 : 168;
    _Alignas(64) uint64_t st[25 * 8];
    __m512i r[8];
    for (unsigned g = 0; g < 3; g++) { /* lanes 8g..8g+7 */
        const size_t at = 64 * (size_t)g;
        if (at > inlen) { /* past the input and its domain bits: zero (the hashes of a proof: one group) */
            for (unsigned k = 0; k < 8; k++) _mm512_store_si512(st + 8 * (8 * g + k), _mm512_setzero_si512());
            continue;
        }
        const __mmask64 data = at >= inlen ? 0 : inlen - at >= 64 ? ~(__mmask64)0 : ((__mmask64)1 << (inlen - at)) - 1;
        const __mmask64 pad = inlen >= at && inlen < at + 64 ? (__mmask64)1 << (inlen - at) : 0;
        for (unsigned w = 0; w < 8; w++) {
            r[w] = w < count ? _mm512_maskz_loadu_epi8(data, in[w] + at) : _mm512_setzero_si512();
            r[w] = _mm512_mask_mov_epi8(r[w], pad, _mm512_set1_epi8(0x1f)); /* SHAKE's domain bits */
        }
        lwcx_zmm_transpose8(r);
        for (unsigned k = 0; k < 8; k++) _mm512_store_si512(st + 8 * (8 * g + k), r[k]);
    }
    _mm512_store_si512(st + 8 * 24, _mm512_setzero_si512());
    const __m512i end = _mm512_set1_epi64((long long)((uint64_t)0x80 << 56)); /* the padding's last bit */
    _mm512_store_si512(st + 8 * (rate / 8 - 1), _mm512_xor_si512(_mm512_load_si512(st + 8 * (rate / 8 - 1)), end));
    for (size_t got = 0; got < outlen;) {
        lwcx_keccak_permute_lanes(st, 8, count, permute8, side, permute8_side);
        const size_t n = outlen - got < rate ? outlen - got : rate;
        for (size_t at = 0; at < n; at += 64) {
            const __mmask64 keep = n - at >= 64 ? ~(__mmask64)0 : ((__mmask64)1 << (n - at)) - 1;
            for (unsigned k = 0; k < 8; k++) r[k] = _mm512_load_si512(st + at + 8 * k);
            lwcx_zmm_transpose8(r);
            for (unsigned w = 0; w < count; w++) _mm512_mask_storeu_epi8(out[w] + got + at, keep, r[w]);
        }
        got += n;
    }
    lwcx_wipe(st, sizeof st);
}

static int shake_x8_side(unsigned sec, uint8_t *const out[AIMER_MAX_WAYS], size_t outlen,
                        const uint8_t *const in[AIMER_MAX_WAYS], size_t inlen, unsigned count, aimer_side *side)
{
    _Alignas(64) uint64_t st[25 * 8]; /* a zmm lane row per cache line */
    if (inlen < (sec > 128 ? 136u : 168u))
        shake_x8_rows(sec, out, outlen, in, inlen, count, side);
    else
        lwcx_keccak_shake_lanes_side(sec, out, outlen, in, inlen, count, 8, st, permute8, side, permute8_side);
    return 0;
}

static LWCX_NODISCARD int shake_x8(unsigned sec, uint8_t *const out[AIMER_MAX_WAYS], size_t outlen,
                    const uint8_t *const in[AIMER_MAX_WAYS], size_t inlen, unsigned count)
{
    if (count == 1) return hash1(sec, out[0], outlen, in[0], inlen);
    return shake_x8_side(sec, out, outlen, in, inlen, count, NULL);
}

const aimer_impl lwcx_aimer_avx512 = {
    .desc = {
        .name = "avx512",
        .description = "AVX-512 + PCLMULQDQ + GFNI: carry-less field products, eight parties' affine "
                       "layers by gf2p8affineqb, 8-way Keccak in zmm",
        .features = LWCX_CPU_AVX2 | LWCX_CPU_AVX512 | LWCX_CPU_VPCLMUL | LWCX_CPU_PCLMUL | LWCX_CPU_GFNI | LWCX_CPU_BMI1,
        .batch = 8,
        .constant_time = 1,
    },
    .field = AIMER_FAST_FIELDS_DOTS(clmul_mul, clmul_sqr, clmul_dot, clmul4_dots),
    .affine_bytes = gfni_affine_bytes,
    .affine_init = gfni_affine_init,
    .key_init = gfni_key_init,
    .affine_apply = gfni_affine_apply,
    .mpc_parties = gfni_parties,
    .xof_init = lwcx_keccak_xof_init,
    .xof_absorb = xof_absorb1,
    .xof_final = xof_final1,
    .xof_copy = lwcx_keccak_xof_copy,
    .xof_release = lwcx_keccak_xof_release,
    .ways = 8,
    .shake_xn = shake_x8,
    .shake_xn_side = shake_x8_side,
    /* A lane is 1/8 of permute8. With full-width zmm the scalar state
     * beside it costs more than a lane, and signing is faster with the
     * lane; where every zmm operation is split in two halves the scalar
     * state beside costs less than a lane and its extra calls, and signing
     * is faster beside (docs/design/aimer.md). */
    .side_lane = 1,
    .side_lane_needs = LWCX_CPU_ZMM_FULL,
};
