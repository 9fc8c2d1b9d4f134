/* What the fast AIMer implementations (portable, avx2, avx512) share,
 * static inline so that each compiles it with its own ISA flags:
 * - GF(2)-linear maps of field elements kept word-sliced: M[w * n + r] is
 *   word w of the image of x^r, so word w of y = x M is the XOR of the
 *   M[w * n + r] over the set bits r of x: n consecutive words that vector
 *   code masks and folds 4 or 8 at a time. The affine layer (A_i = U_i L_i
 *   for each input S-box) and the large Frobenius powers x^(2^k) of the
 *   multiplication checks take this form;
 * - the exponentiations over an implementation's mul and sqr. */
#ifndef LWCX_AIMER_FAST_H
#define LWCX_AIMER_FAST_H

#include <pthread.h>
#include <stdlib.h>

#include "aimer_impl.h"

static inline size_t aimer_sliced_bytes(const aimer_params *p)
{
    return (size_t)p->L * p->words * p->n * sizeof(uint64_t);
}

/* An element's four words as GNU C vectors held in registers: one of 32
 * bytes where the compiler has AVX, two of 16 (SSE2, NEON) elsewhere, where
 * gcc keeps a 32-byte vector in memory (each XOR a store and a reload).
 * As aimer_gf arrays gcc cleared words by a memset call and stored single
 * words before reloading the whole (a stalled load each): building a matrix
 * took twice the time (docs/design/aimer.md). Never passed or returned (the
 * ABI of such a vector depends on the ISA flags). */
#if defined(__AVX__)
#define AIMER_W_PARTS 1
#else
#define AIMER_W_PARTS 2
#endif
#define AIMER_W_WORDS (4 / AIMER_W_PARTS)
typedef uint64_t aimer_w __attribute__((vector_size(8 * AIMER_W_WORDS)));

/* One A = U L from its n squeezed rows of lambda bytes: U's row r is the
 * bits j < r of row r with bit r set, L's row j the bits >= j of row j
 * with bit j set (as lwcx_aimer_affine_rows); A's row r is the sum of L's
 * rows j for the set bits j of U's row r. The matrices are public, so U's
 * bits may index tables: L's rows are taken four at a time, a table holds
 * the 16 sums of each four (32 KiB for n = 256), and a row of A is the sum
 * of the entries its nibbles of U pick: r/4 + 1 lookups instead of r
 * masked sums, in registers. */
static inline void aimer_sliced_build(const aimer_params *p, uint64_t *m, const uint8_t *rows)
{
    const unsigned n = p->n, lam = p->lambda;
    aimer_w sums[AIMER_MAX_N / 4][16][AIMER_W_PARTS];
    for (unsigned g = 0; g < n / 4; g++) {
        aimer_w(*t)[AIMER_W_PARTS] = sums[g], l[4][AIMER_W_PARTS];
        for (unsigned s = 0; s < 4; s++) { /* L's row j: its bits below j cleared, bit j set */
            const unsigned j = 4 * g + s, jw = j / 64;
            const uint8_t *b = rows + (size_t)j * lam;
            uint64_t row[4];
            for (unsigned w = 0; w < 4; w++) {
                const uint64_t keep = w < jw ? 0 : w == jw ? ~(uint64_t)0 << (j % 64) : ~(uint64_t)0;
                row[w] = ((w < p->words ? lwcx_load64le(b + 8 * w) : 0) & keep) | (uint64_t)(w == jw) << (j % 64);
            }
            for (unsigned q = 0; q < AIMER_W_PARTS; q++)
                for (unsigned w = 0; w < AIMER_W_WORDS; w++) l[s][q][w] = row[AIMER_W_WORDS * q + w];
        }
        for (unsigned q = 0; q < AIMER_W_PARTS; q++) {
            t[0][q] = (aimer_w){0};
            for (unsigned s = 0; s < 4; s++) /* t[c] for c < 2^(s+1): with row 4g + s or without */
                for (unsigned c = 0; c < 1u << s; c++) t[(1u << s) + c][q] = t[c][q] ^ l[s][q];
        }
    }
    for (unsigned r = 0; r < n; r++) {
        const uint8_t *u = rows + (size_t)r * lam;
        const unsigned last = r / 4; /* U's nibble there: its bits up to r, bit r set */
        const unsigned top = (((u[last / 2] >> (4 * (last % 2))) & ((2u << (r % 4)) - 1)) | 1u << (r % 4));
        aimer_w acc[AIMER_W_PARTS];
        for (unsigned q = 0; q < AIMER_W_PARTS; q++) acc[q] = sums[last][top][q];
        const aimer_w(*t)[AIMER_W_PARTS] = sums[0];
        for (const uint8_t *e = u + last / 2; u < e; u++, t += 32) /* both nibbles of a byte */
            for (unsigned q = 0; q < AIMER_W_PARTS; q++) acc[q] ^= t[*u & 15][q] ^ t[16 + (*u >> 4)][q];
        if (last % 2) /* the low nibble of the last one's byte */
            for (unsigned q = 0; q < AIMER_W_PARTS; q++) acc[q] ^= t[*u & 15][q];
        /* constant indices (a variable one kept acc in memory with gcc) */
        m[r] = acc[0][0];
        m[n + r] = acc[1 / AIMER_W_WORDS][1 % AIMER_W_WORDS];
        if (p->words > 2) m[2 * (size_t)n + r] = acc[2 / AIMER_W_WORDS][2 % AIMER_W_WORDS];
        if (p->words > 3) m[3 * (size_t)n + r] = acc[3 / AIMER_W_WORDS][3 % AIMER_W_WORDS];
    }
}

/* affine_init for the sliced layout: the L matrices and b from SHAKE(IV) */
static inline LWCX_NODISCARD int aimer_sliced_init(const aimer_impl *im, const aimer_params *p, void *aff, uint64_t *b,
                                    const uint8_t *iv)
{
    const size_t mat = (size_t)p->n * p->lambda;
    uint8_t *buf = lwcx_aimer_affine_squeeze(im, p, iv);
    if (!buf) return -1;
    for (unsigned i = 0; i < p->L; i++)
        aimer_sliced_build(p, (uint64_t *)aff + (size_t)i * p->words * p->n, buf + i * mat);
    aimer_gf_from_bytes(p, b, buf + p->L * mat);
    free(buf);
    return 0;
}

/* a = a x^s for s < 64: shifted up, the s bits out folded back times
 * x^n's low terms (degree <= 10: into the lowest word) */
static inline void aimer_mul_xs(const aimer_params *p, uint64_t *a, unsigned s)
{
    const uint64_t out = a[p->words - 1] >> (64 - s);
    for (unsigned w = p->words - 1; w > 0; w--) a[w] = a[w] << s | a[w - 1] >> (64 - s);
    a[0] = a[0] << s ^ (p->n == 256 ? out ^ out << 2 ^ out << 5 ^ out << 10 : out ^ out << 1 ^ out << 2 ^ out << 7);
}

/* The output S-box's check map x -> x^(2^e*) + ct x of a key, sliced:
 * row r maps x^r to x^(r 2^e*) + ct x^r, each term from the previous
 * row's times x^(2^e*) and x (e* <= 5: shifts). */
static inline void aimer_key_check_sliced(const aimer_params *p, const uint64_t *ct, uint64_t *m)
{
    aimer_gf frob = {1}, lin;
    memcpy(lin, ct, sizeof lin);
    for (unsigned r = 0; r < p->n; r++) {
        for (unsigned w = 0; w < p->words; w++) m[(size_t)w * p->n + r] = frob[w] ^ lin[w];
        aimer_mul_xs(p, frob, 1u << p->e_star);
        aimer_mul_xs(p, lin, 1);
    }
}

/* The matrices of x -> x^(2^k) for the (n, k) of the multiplication checks
 * (the e_i of the sets; e* is small and squared), built once from an
 * implementation's squaring; and those of the checks' whole maps
 * x -> x^(2^e_i) + c_i x of the input S-boxes (one product less a check),
 * one per (field, e_i, c_i) of the sets. */
#define AIMER_CHECK_MAPS 8
typedef struct aimer_powers {
    _Alignas(AIMER_MATRIX_ALIGN) uint64_t m[6][AIMER_MAX_WORDS * AIMER_MAX_N];
    _Alignas(AIMER_MATRIX_ALIGN) uint64_t check[AIMER_CHECK_MAPS][AIMER_MAX_WORDS * AIMER_MAX_N];
    struct {
        unsigned field, k;
        const uint64_t *c;
    } check_key[AIMER_CHECK_MAPS];
    unsigned checks;
} aimer_powers;
static const struct {
    unsigned field, k;
} aimer_power_keys[6] = {{AIMER_GF128, 49}, {AIMER_GF128, 91}, {AIMER_GF192, 17},
                         {AIMER_GF192, 47}, {AIMER_GF256, 11}, {AIMER_GF256, 141}};

static inline const uint64_t *aimer_powers_get(const aimer_powers *pw, unsigned field, unsigned k)
{
    for (unsigned i = 0; i < 6; i++)
        if (aimer_power_keys[i].field == field && aimer_power_keys[i].k == k) return pw->m[i];
    return NULL;
}

/* the check map's matrix for (field, k, c), or NULL */
static inline const uint64_t *aimer_check_get(const aimer_powers *pw, unsigned field, unsigned k, const uint64_t *c)
{
    for (unsigned i = 0; i < pw->checks; i++)
        if (pw->check_key[i].field == field && pw->check_key[i].k == k &&
            !memcmp(pw->check_key[i].c, c, (2 + field) * sizeof(uint64_t)))
            return pw->check[i];
    return NULL;
}

static inline void aimer_powers_build(aimer_powers *pw, const aimer_field_ops *fields)
{
    for (unsigned i = 0; i < 6; i++) {
        const unsigned fld = aimer_power_keys[i].field, n = 128 + 64 * fld;
        for (unsigned r = 0; r < n; r++) {
            aimer_gf t = {0};
            t[r / 64] = (uint64_t)1 << (r % 64);
            for (unsigned s = 0; s < aimer_power_keys[i].k; s++) fields[fld].sqr(t, t);
            for (unsigned w = 0; w < n / 64; w++) pw->m[i][w * n + r] = t[w];
        }
    }
    pw->checks = 0;
    for (int set = 0; lwcx_aimer_params_get((lwcx_aimer_set)set); set++) {
        const aimer_params *p = lwcx_aimer_params_get((lwcx_aimer_set)set);
        for (unsigned i = 0; i < p->L; i++) {
            if (aimer_check_get(pw, p->field, p->e[i], p->c[i]) || pw->checks == AIMER_CHECK_MAPS) continue;
            const uint64_t *frob = aimer_powers_get(pw, p->field, p->e[i]);
            uint64_t *m = pw->check[pw->checks];
            for (unsigned r = 0; r < p->n; r++) {
                aimer_gf t = {0}, u;
                t[r / 64] = (uint64_t)1 << (r % 64);
                fields[p->field].mul(u, t, p->c[i]);
                if (frob)
                    for (unsigned w = 0; w < p->words; w++) t[w] = frob[w * p->n + r];
                else
                    for (unsigned s = 0; s < p->e[i]; s++) fields[p->field].sqr(t, t);
                for (unsigned w = 0; w < p->words; w++) m[w * p->n + r] = t[w] ^ u[w];
            }
            pw->check_key[pw->checks].field = p->field;
            pw->check_key[pw->checks].k = p->e[i];
            pw->check_key[pw->checks].c = p->c[i];
            pw->checks++;
        }
    }
}

/* The field kernels after mul and sqr, for a field of W words named by
 * suffix: sqr_n (a matrix for the large k, else squarings), and the two
 * exponentiations. POWERS(): the aimer_powers of the implementation, built;
 * APPLY(m, y, x): y = x M for a sliced matrix (y zeroed by the caller). */
#define AIMER_FAST_FIELD(W, FIELD, MUL, SQR, POWERS, APPLY)                                        \
    static void sqr_n##W(uint64_t *c, const uint64_t *a, unsigned k)                              \
    {                                                                                             \
        aimer_gf t;                                                                               \
        const uint64_t *m = k > 8 ? aimer_powers_get(POWERS(), FIELD, k) : NULL;                  \
        memcpy(t, a, sizeof t);                                                                   \
        if (m) {                                                                                  \
            memset(c, 0, sizeof t);                                                               \
            APPLY(m, c, t);                                                                       \
            return;                                                                               \
        }                                                                                         \
        for (unsigned i = 0; i < k; i++) SQR(t, t);                                               \
        memcpy(c, t, sizeof t);                                                                   \
    }                                                                                             \
    /* a^(2^k) + m a: a check map's matrix where there is one (c = a is
     * served through a copy; no other secret temporaries) */                                   \
    static void check_map##W(uint64_t *c, const uint64_t *a, unsigned k, const uint64_t *m)      \
    {                                                                                             \
        aimer_gf u;                                                                               \
        if (c == a) {                                                                             \
            memcpy(u, a, sizeof u);                                                               \
            check_map##W(c, u, k, m);                                                             \
        } else {                                                                                  \
            const uint64_t *mat = aimer_check_get(POWERS(), FIELD, k, m);                         \
            if (mat) {                                                                            \
                memset(c, 0, sizeof u);                                                           \
                APPLY(mat, c, a);                                                                 \
                return;                                                                           \
            }                                                                                     \
            MUL(u, a, m);                                                                         \
            sqr_n##W(c, a, k);                                                                    \
            aimer_gf_add(c, c, u);                                                                \
        }                                                                                         \
        lwcx_wipe(u, sizeof u);                                                                   \
    }                                                                                             \
    /* a^d over the bits of the public exponent d, from the top */                                \
    static void invmer##W(uint64_t *c, const uint64_t *a, unsigned e)                             \
    {                                                                                             \
        uint64_t d[AIMER_MAX_WORDS];                                                              \
        aimer_gf x, r;                                                                            \
        int bit = 64 * W - 1;                                                                     \
        lwcx_aimer_invmer_exponent(64 * W, e, d);                                                 \
        while (!((d[bit / 64] >> (bit % 64)) & 1)) bit--;                                         \
        memcpy(x, a, sizeof x);                                                                   \
        memcpy(r, a, sizeof r);                                                                   \
        for (bit--; bit >= 0; bit--) {                                                            \
            SQR(r, r);                                                                            \
            if ((d[bit / 64] >> (bit % 64)) & 1) MUL(r, r, x);                                    \
        }                                                                                         \
        memcpy(c, r, sizeof r);                                                                   \
        lwcx_wipe(x, sizeof x);                                                                   \
        lwcx_wipe(r, sizeof r);                                                                   \
    }                                                                                             \
    /* a^(2^e - 1) = (a^(2^(e-1) - 1))^2 a */                                                     \
    static void mer##W(uint64_t *c, const uint64_t *a, unsigned e)                                \
    {                                                                                             \
        aimer_gf x, r;                                                                            \
        memcpy(x, a, sizeof x);                                                                   \
        memcpy(r, a, sizeof r);                                                                   \
        for (unsigned i = 1; i < e; i++) {                                                        \
            SQR(r, r);                                                                            \
            MUL(r, r, x);                                                                         \
        }                                                                                         \
        memcpy(c, r, sizeof r);                                                                   \
        lwcx_wipe(x, sizeof x);                                                                   \
        lwcx_wipe(r, sizeof r);                                                                   \
    }
#define AIMER_FAST_OPS(W, MUL, SQR, DOT, DOTS) \
    {.mul = MUL, .sqr = SQR, .sqr_n = sqr_n##W, .exp_invmer = invmer##W, .exp_mer = mer##W, \
     .check_map = check_map##W, .dot = DOT, .dot_parties = DOTS}
#define AIMER_FAST_FIELDS(MUL, SQR)                                                                 \
    {AIMER_FAST_OPS(2, MUL##2, SQR##2, NULL, NULL), AIMER_FAST_OPS(3, MUL##3, SQR##3, NULL, NULL), \
     AIMER_FAST_OPS(4, MUL##4, SQR##4, NULL, NULL)}
/* with a dot kernel per field: DOT##2 .. DOT##4 (and with DOTS##2 .. for
 * the parties' dots at once; AIMER_NO_DOTS for none) */
#define AIMER_NO_DOTS2 NULL
#define AIMER_NO_DOTS3 NULL
#define AIMER_NO_DOTS4 NULL
#define AIMER_FAST_FIELDS_DOT(MUL, SQR, DOT) AIMER_FAST_FIELDS_DOTS(MUL, SQR, DOT, AIMER_NO_DOTS)
#define AIMER_FAST_FIELDS_DOTS(MUL, SQR, DOT, DOTS)                                                      \
    {AIMER_FAST_OPS(2, MUL##2, SQR##2, DOT##2, DOTS##2), AIMER_FAST_OPS(3, MUL##3, SQR##3, DOT##3, DOTS##3), \
     AIMER_FAST_OPS(4, MUL##4, SQR##4, DOT##4, DOTS##4)}

/* mpc_parties in groups of G (the last one shorter): FN(p, key, maps, x, z,
 * stride, count, with_b, W) on each, W the field's words as a constant, the
 * public constants in the group that holds the last party. */
#define AIMER_PARTIES_IN_GROUPS(G, FN, maps, p, key, x, z, stride, count, with_b)       \
    for (unsigned j_ = 0; j_ < (count); j_ += (G)) {                                       \
        const unsigned c_ = (count) - j_ < (G) ? (count) - j_ : (G);                      \
        aimer_gf *xj_ = (x) + j_ * (stride), *zj_ = (z) + j_ * (stride);                   \
        const int b_ = (with_b) && j_ + c_ == (count);                                    \
        switch ((p)->words) {                                                             \
        case 2: FN(p, key, maps, xj_, zj_, stride, c_, b_, 2); break;                     \
        case 3: FN(p, key, maps, xj_, zj_, stride, c_, b_, 3); break;                     \
        default: FN(p, key, maps, xj_, zj_, stride, c_, b_, 4); break;                    \
        }                                                                                 \
    }

/* For an implementation's APPLY_W: W must be a constant where it runs, so
 * that the accumulators are registers; clang kept avx512's out of line
 * (acc[] on the stack, the field work twice as slow as with gcc:
 * docs/design/aimer.md). */
#define AIMER_APPLY_INLINE static inline __attribute__((always_inline))

/* What an implementation with mul<W>, sqr<W> (W = 2, 3, 4 words) and
 * APPLY_W(m, y, x, W) (y ^= x M, sliced) completes the same way: its
 * Frobenius matrices (built on first use from its own squaring), the field
 * kernels of AIMER_FAST_FIELD for the three fields, and
 * aimer_fast_affine_apply for the descriptor. IMPL: its descriptor. */
#define AIMER_FAST_KERNELS(IMPL, MUL, SQR, APPLY_W)                                                 \
    extern const aimer_impl IMPL;                                                                 \
    static aimer_powers fast_powers;                                                              \
    static pthread_once_t fast_powers_once = PTHREAD_ONCE_INIT;                                   \
    static void fast_powers_build(void)                                                           \
    {                                                                                             \
        aimer_powers_build(&fast_powers, IMPL.field);                                             \
    }                                                                                             \
    static const aimer_powers *fast_powers_get(void)                                              \
    {                                                                                             \
        pthread_once(&fast_powers_once, fast_powers_build);                                       \
        return &fast_powers;                                                                      \
    }                                                                                             \
    static void fast_apply2(const uint64_t *m, uint64_t *y, const uint64_t *x) { APPLY_W(m, y, x, 2); } \
    static void fast_apply3(const uint64_t *m, uint64_t *y, const uint64_t *x) { APPLY_W(m, y, x, 3); } \
    static void fast_apply4(const uint64_t *m, uint64_t *y, const uint64_t *x) { APPLY_W(m, y, x, 4); } \
    AIMER_FAST_FIELD(2, AIMER_GF128, MUL##2, SQR##2, fast_powers_get, fast_apply2)                 \
    AIMER_FAST_FIELD(3, AIMER_GF192, MUL##3, SQR##3, fast_powers_get, fast_apply3)                 \
    AIMER_FAST_FIELD(4, AIMER_GF256, MUL##4, SQR##4, fast_powers_get, fast_apply4)                 \
    __attribute__((unused)) static void aimer_fast_affine_apply(const aimer_params *p, const void *aff, \
                                                                unsigned i, uint64_t *y, \
                                        const uint64_t *x)                                        \
    {                                                                                             \
        const uint64_t *m = (const uint64_t *)aff + (size_t)i * p->words * p->n;                  \
        switch (p->words) {                                                                       \
        case 2: fast_apply2(m, y, x); break;                                                      \
        case 3: fast_apply3(m, y, x); break;                                                      \
        default: fast_apply4(m, y, x); break;                                                     \
        }                                                                                         \
    }

#endif
