/* AIMer ref: the specification made readable. Field products from
 * 32-bit carry-less products done by integer multiplication (constant
 * time), one reduction routine for the three polynomials, exponentiation by square and
 * multiply over the exponent's bits, the affine layer as rows, and
 * SHAKE128/256 from OpenSSL's libcrypto, one hash at a time. The field
 * kernels leave their scratch to the stack frames that follow; the protocol
 * wipes its own buffers. */
#include <openssl/evp.h>
#include <pthread.h>
#include <stdlib.h>

#include "aimer_impl.h"

/* ---- GF(2^n) ------------------------------------------------------------ */

/* The routines over w words are written once and copied into each field's
 * functions below, where w is a constant and their loops unroll. Left to
 * itself clang kept one copy looping over a run-time w (slower field work
 * than gcc's: docs/design/aimer.md). */
#define PER_FIELD static inline __attribute__((always_inline))

/* The nonzero low terms of each field's polynomial x^n + ...: */
static const unsigned taps128[] = {7, 2, 1, 0}, taps256[] = {10, 5, 2, 0};

/* 32 x 32 -> 64-bit carry-less product by integer multiplication: each
 * operand split into the four sets of every fourth bit, so a product of two
 * sets sums at most 8 bits per position and its carries stay in the three
 * positions above, which belong to other sets and are masked away. Out of
 * line: inlined, clang kept the split parts of several products live at
 * once and spilled them (docs/design/aimer.md). */
static __attribute__((noinline)) uint64_t clmul32(uint32_t a, uint32_t b)
{
    const uint64_t m0 = 0x1111111111111111u, m1 = m0 << 1, m2 = m0 << 2, m3 = m0 << 3;
    const uint64_t a0 = a & m0, a1 = a & m1, a2 = a & m2, a3 = a & m3;
    const uint64_t b0 = b & m0, b1 = b & m1, b2 = b & m2, b3 = b & m3;
    const uint64_t r0 = (a0 * b0) ^ (a1 * b3) ^ (a2 * b2) ^ (a3 * b1);
    const uint64_t r1 = (a0 * b1) ^ (a1 * b0) ^ (a2 * b3) ^ (a3 * b2);
    const uint64_t r2 = (a0 * b2) ^ (a1 * b1) ^ (a2 * b0) ^ (a3 * b3);
    const uint64_t r3 = (a0 * b3) ^ (a1 * b2) ^ (a2 * b1) ^ (a3 * b0);
    return (r0 & m0) | (r1 & m1) | (r2 & m2) | (r3 & m3);
}

/* 64 x 64 -> 128 bits from four 32 x 32 products */
static void clmul64(uint64_t a, uint64_t b, uint64_t *lo, uint64_t *hi)
{
    const uint32_t a0 = (uint32_t)a, a1 = (uint32_t)(a >> 32), b0 = (uint32_t)b, b1 = (uint32_t)(b >> 32);
    const uint64_t mid = clmul32(a0, b1) ^ clmul32(a1, b0);
    *lo = clmul32(a0, b0) ^ mid << 32;
    *hi = clmul32(a1, b1) ^ mid >> 32;
}

/* c (w words) = p (2w words) mod x^n + sum x^taps: fold the top word down,
 * highest first, until only w words remain */
PER_FIELD void reduce(uint64_t *c, uint64_t *p, unsigned w, const unsigned *taps)
{
    for (unsigned i = 2 * w - 1; i >= w; i--) {
        const uint64_t h = p[i];
        p[i] = 0;
        for (unsigned k = 0; k < 4; k++) {
            p[i - w] ^= h << taps[k];
            if (taps[k]) p[i - w + 1] ^= h >> (64 - taps[k]);
        }
    }
    for (unsigned i = 0; i < AIMER_MAX_WORDS; i++) c[i] = i < w ? p[i] : 0;
}

PER_FIELD void mul_w(uint64_t *c, const uint64_t *a, const uint64_t *b, unsigned w, const unsigned *taps)
{
    uint64_t p[2 * AIMER_MAX_WORDS] = {0};
    for (unsigned i = 0; i < w; i++)
        for (unsigned j = 0; j < w; j++) {
            uint64_t lo, hi;
            clmul64(a[i], b[j], &lo, &hi);
            p[i + j] ^= lo;
            p[i + j + 1] ^= hi;
        }
    reduce(c, p, w, taps);
}

/* squaring spreads the bits: bit j goes to 2j */
static uint64_t spread32(uint64_t x)
{
    x &= 0xffffffffu;
    x = (x | x << 16) & 0x0000ffff0000ffffu;
    x = (x | x << 8) & 0x00ff00ff00ff00ffu;
    x = (x | x << 4) & 0x0f0f0f0f0f0f0f0fu;
    x = (x | x << 2) & 0x3333333333333333u;
    return (x | x << 1) & 0x5555555555555555u;
}

PER_FIELD void sqr_w(uint64_t *c, const uint64_t *a, unsigned w, const unsigned *taps)
{
    uint64_t p[2 * AIMER_MAX_WORDS];
    for (unsigned i = 0; i < w; i++) {
        p[2 * i] = spread32(a[i]);
        p[2 * i + 1] = spread32(a[i] >> 32);
    }
    reduce(c, p, w, taps);
}

/* x -> x^(2^k) is GF(2)-linear: for the large k of the multiplication
 * checks, its matrix (row j = (x^j)^(2^k)), as the specification computes
 * it, instead of k squarings. Built once for each (field, k) of the sets. */
static const struct {
    unsigned w, k;
} power_keys[] = {{2, 49}, {2, 91}, {3, 17}, {3, 47}, {4, 11}, {4, 141}};
#define NPOWERS (sizeof power_keys / sizeof power_keys[0])
static aimer_gf *power_rows[NPOWERS];
static pthread_once_t power_once = PTHREAD_ONCE_INIT;

static void power_build(void)
{
    for (size_t i = 0; i < NPOWERS; i++) {
        const unsigned w = power_keys[i].w, n = 64 * w;
        const unsigned *taps = w == 4 ? taps256 : taps128;
        aimer_gf *rows = malloc(n * sizeof *rows);
        if (!rows) continue; /* sqr_n falls back to squaring */
        for (unsigned j = 0; j < n; j++) {
            aimer_gf t = {0};
            t[j / 64] = (uint64_t)1 << (j % 64);
            for (unsigned r = 0; r < power_keys[i].k; r++) sqr_w(t, t, w, taps);
            memcpy(rows[j], t, sizeof t);
        }
        power_rows[i] = rows;
    }
}

PER_FIELD void sqr_n_w(uint64_t *c, const uint64_t *a, unsigned k, unsigned w, const unsigned *taps)
{
    aimer_gf t = {0};
    if (k > 8) {
        pthread_once(&power_once, power_build);
        for (size_t i = 0; i < NPOWERS; i++)
            if (power_keys[i].w == w && power_keys[i].k == k && power_rows[i]) {
                for (unsigned j = 0; j < 64 * w; j++) { /* every row read: constant time */
                    const uint64_t m = -((a[j / 64] >> (j % 64)) & 1);
                    for (unsigned v = 0; v < w; v++) t[v] ^= power_rows[i][j][v] & m;
                }
                memcpy(c, t, sizeof t);
                return;
            }
    }
    memcpy(t, a, sizeof t);
    for (unsigned i = 0; i < k; i++) sqr_w(t, t, w, taps);
    memcpy(c, t, sizeof t);
}

/* c = a^d, left to right over the bits of the public exponent d */
static void exp_w(uint64_t *c, const uint64_t *a, const uint64_t *d, unsigned w, const unsigned *taps)
{
    aimer_gf x, r = {1};
    memcpy(x, a, sizeof x);
    for (int bit = (int)(64 * w) - 1; bit >= 0; bit--) {
        sqr_w(r, r, w, taps);
        if ((d[bit / 64] >> (bit % 64)) & 1) mul_w(r, r, x, w, taps);
    }
    memcpy(c, r, sizeof r);
    lwcx_wipe(x, sizeof x);
    lwcx_wipe(r, sizeof r);
}

static void exp_invmer_w(uint64_t *c, const uint64_t *a, unsigned e, unsigned w, const unsigned *taps)
{
    uint64_t d[AIMER_MAX_WORDS];
    lwcx_aimer_invmer_exponent(64 * w, e, d);
    exp_w(c, a, d, w, taps);
}

/* a^(2^e - 1) = a^(2^(e-1) - 1)^2 * a, e - 1 times */
static void exp_mer_w(uint64_t *c, const uint64_t *a, unsigned e, unsigned w, const unsigned *taps)
{
    aimer_gf r, x;
    memcpy(x, a, sizeof x);
    memcpy(r, a, sizeof r);
    for (unsigned i = 1; i < e; i++) {
        sqr_w(r, r, w, taps);
        mul_w(r, r, x, w, taps);
    }
    memcpy(c, r, sizeof r);
    lwcx_wipe(x, sizeof x);
    lwcx_wipe(r, sizeof r);
}

#define FIELD(W, TAPS)                                                                            \
    static void mul##W(uint64_t *c, const uint64_t *a, const uint64_t *b) { mul_w(c, a, b, W, TAPS); } \
    static void sqr##W(uint64_t *c, const uint64_t *a) { sqr_w(c, a, W, TAPS); }                  \
    static void sqr_n##W(uint64_t *c, const uint64_t *a, unsigned k) { sqr_n_w(c, a, k, W, TAPS); } \
    static void invmer##W(uint64_t *c, const uint64_t *a, unsigned e) { exp_invmer_w(c, a, e, W, TAPS); } \
    static void mer##W(uint64_t *c, const uint64_t *a, unsigned e) { exp_mer_w(c, a, e, W, TAPS); }
FIELD(2, taps128)
FIELD(3, taps128) /* GF(2^192) has the same low terms x^7 + x^2 + x + 1 */
FIELD(4, taps256)
#define FIELD_OPS(W) {.mul = mul##W, .sqr = sqr##W, .sqr_n = sqr_n##W, .exp_invmer = invmer##W, .exp_mer = mer##W}

/* ---- the affine layer: A_i as n rows -------------------------------------- */

static size_t ref_affine_bytes(const aimer_params *p)
{
    return (size_t)p->L * p->n * sizeof(aimer_gf);
}

static LWCX_NODISCARD int ref_affine_init(const aimer_impl *im, const aimer_params *p, void *aff, uint64_t *b,
                           const uint8_t *iv)
{
    return lwcx_aimer_affine_rows(im, p, aff, b, iv);
}

static void ref_affine_apply(const aimer_params *p, const void *aff, unsigned i, uint64_t *y,
                             const uint64_t *x)
{
    lwcx_aimer_rows_apply(p, (const aimer_gf *)aff + (size_t)i * p->n, y, x);
}

/* ---- SHAKE from libcrypto ----------------------------------------------- */

/* Fetched once: an implicit fetch on every init costs more than the hash. */
static EVP_MD *shake[2];
static pthread_once_t shake_once = PTHREAD_ONCE_INIT;
static void shake_fetch(void)
{
    shake[0] = EVP_MD_fetch(NULL, "SHAKE128", NULL);
    shake[1] = EVP_MD_fetch(NULL, "SHAKE256", NULL);
}
static const EVP_MD *shake_md(unsigned sec)
{
    pthread_once(&shake_once, shake_fetch);
    return shake[sec > 128];
}

static void ref_xof_init(aimer_xof *x, unsigned sec)
{
    const EVP_MD *md = shake_md(sec);
    EVP_MD_CTX *c = md ? EVP_MD_CTX_new() : NULL;
    x->failed = !c || !EVP_DigestInit_ex(c, md, NULL);
    x->ext = c;
}

static void ref_xof_absorb(aimer_xof *x, const uint8_t *in, size_t len)
{
    if (!x->failed && !EVP_DigestUpdate(x->ext, in, len)) x->failed = 1;
}

static void ref_xof_release(aimer_xof *x)
{
    EVP_MD_CTX_free(x->ext); /* OpenSSL clears the state it frees */
    x->ext = NULL;
}

/* OpenSSL 3.0 squeezes once (EVP_DigestFinalXOF): the protocol asks every
 * output of a hash at once. */
static int ref_xof_final(aimer_xof *x, uint8_t *out, size_t len)
{
    if (!x->failed && !EVP_DigestFinalXOF(x->ext, out, len)) x->failed = 1;
    ref_xof_release(x);
    if (x->failed) memset(out, 0, len);
    return x->failed ? -1 : 0;
}

static void ref_xof_copy(aimer_xof *dst, const aimer_xof *src)
{
    EVP_MD_CTX *c = src->failed ? NULL : EVP_MD_CTX_new();
    dst->failed = !c || !EVP_MD_CTX_copy_ex(c, src->ext);
    dst->ext = c;
}

static int ref_shake_xn(unsigned sec, uint8_t *const out[AIMER_MAX_WAYS], size_t outlen,
                        const uint8_t *const in[AIMER_MAX_WAYS], size_t inlen, unsigned count)
{
    int bad = 0;
    for (unsigned i = 0; i < count; i++) {
        aimer_xof x;
        ref_xof_init(&x, sec);
        ref_xof_absorb(&x, in[i], inlen);
        bad |= ref_xof_final(&x, out[i], outlen);
    }
    return bad ? -1 : 0;
}

const aimer_impl lwcx_aimer_ref = {
    .desc = {
        .name = "ref",
        .description = "the specification made readable: field products from 32-bit carry-less "
                       "products, rows for the affine layer, OpenSSL SHAKE one hash at a time",
        .batch = 1,
        .constant_time = 1,
    },
    .field = {FIELD_OPS(2), FIELD_OPS(3), FIELD_OPS(4)},
    .affine_bytes = ref_affine_bytes,
    .affine_init = ref_affine_init,
    .affine_apply = ref_affine_apply,
    .xof_init = ref_xof_init,
    .xof_absorb = ref_xof_absorb,
    .xof_final = ref_xof_final,
    .xof_copy = ref_xof_copy,
    .xof_release = ref_xof_release,
    .ways = 1,
    .shake_xn = ref_shake_xn,
};
