/* AIMer portable: plain 64-bit C, no SIMD intrinsics. Field products by
 * Karatsuba over a constant-time 64 x 64 carry-less product (integer
 * multiplications of bits spread five apart), squaring by spreading the
 * bits, reduction by shifts; the affine layer and the large Frobenius
 * powers as word-sliced masked sums (fast.h); our scalar Keccak, one hash
 * at a time. */
#include "fast.h"
#include "keccak.h"

extern const aimer_impl lwcx_aimer_portable;

/* ---- GF(2^n) ------------------------------------------------------------ */

__extension__ typedef unsigned __int128 u128;

/* 64 x 64 -> 128 carry-less: a and b split into the five sets of every
 * fifth bit. A set has at most 13 bits, so an integer product of two sets
 * sums at most 13 terms per position of its class (i + j mod 5) and the
 * carries, 4 bits, never reach the next position of that class; the
 * products of one class are XORed and masked to it. */
static inline void clmul64(uint64_t a, uint64_t b, uint64_t *lo, uint64_t *hi)
{
    const uint64_t m = 0x1084210842108421u;
    const u128 mm = (u128)0x2108421084210842u << 64 | 0x1084210842108421u;
    uint64_t as[5], bs[5];
    u128 r = 0;
    for (int i = 0; i < 5; i++) {
        as[i] = a & (m << i);
        bs[i] = b & (m << i);
    }
    for (int c = 0; c < 5; c++) {
        u128 s = 0;
        for (int i = 0; i < 5; i++) s ^= (u128)as[i] * bs[(c - i + 5) % 5];
        r |= s & (mm << c);
    }
    *lo = (uint64_t)r;
    *hi = (uint64_t)(r >> 64);
}

/* 128 x 128 -> 256 by Karatsuba: three products */
static inline void mul2w(uint64_t *p, const uint64_t *a, const uint64_t *b)
{
    uint64_t l0, l1, h0, h1, m0, m1;
    clmul64(a[0], b[0], &l0, &l1);
    clmul64(a[1], b[1], &h0, &h1);
    clmul64(a[0] ^ a[1], b[0] ^ b[1], &m0, &m1);
    m0 ^= l0 ^ h0;
    m1 ^= l1 ^ h1;
    p[0] = l0;
    p[1] = l1 ^ m0;
    p[2] = h0 ^ m1;
    p[3] = h1;
}

/* 192 x 192 -> 384 by three-term Karatsuba: six products */
static inline void mul3w(uint64_t *p, const uint64_t *a, const uint64_t *b)
{
    uint64_t d[3][2], e[3][2]; /* d: a_i b_i; e: (a_i + a_j)(b_i + b_j) for 01, 02, 12 */
    for (int i = 0; i < 3; i++) clmul64(a[i], b[i], &d[i][0], &d[i][1]);
    clmul64(a[0] ^ a[1], b[0] ^ b[1], &e[0][0], &e[0][1]);
    clmul64(a[0] ^ a[2], b[0] ^ b[2], &e[1][0], &e[1][1]);
    clmul64(a[1] ^ a[2], b[1] ^ b[2], &e[2][0], &e[2][1]);
    uint64_t c[5][2]; /* the 128-bit term at word offset k */
    for (int h = 0; h < 2; h++) {
        c[0][h] = d[0][h];
        c[1][h] = e[0][h] ^ d[0][h] ^ d[1][h];
        c[2][h] = e[1][h] ^ d[0][h] ^ d[1][h] ^ d[2][h];
        c[3][h] = e[2][h] ^ d[1][h] ^ d[2][h];
        c[4][h] = d[2][h];
    }
    p[0] = c[0][0];
    for (int k = 1; k < 5; k++) p[k] = c[k][0] ^ c[k - 1][1];
    p[5] = c[4][1];
}

/* 256 x 256 -> 512 by Karatsuba over 128-bit halves: nine products */
static inline void mul4w(uint64_t *p, const uint64_t *a, const uint64_t *b)
{
    uint64_t sa[2] = {a[0] ^ a[2], a[1] ^ a[3]}, sb[2] = {b[0] ^ b[2], b[1] ^ b[3]}, m[4];
    mul2w(p, a, b);
    mul2w(p + 4, a + 2, b + 2);
    mul2w(m, sa, sb);
    for (int k = 0; k < 4; k++) m[k] ^= p[k] ^ p[4 + k];
    for (int k = 0; k < 4; k++) p[2 + k] ^= m[k];
}

/* x^n = the low terms: x^7 + x^2 + x + 1 (n = 128, 192), x^10 + x^5 + x^2
 * + 1 (n = 256). Folds the top words down, highest first. */
static inline uint64_t taps_lo(uint64_t h, unsigned W)
{
    return W == 4 ? h ^ h << 2 ^ h << 5 ^ h << 10 : h ^ h << 1 ^ h << 2 ^ h << 7;
}
static inline uint64_t taps_hi(uint64_t h, unsigned W)
{
    return W == 4 ? h >> 62 ^ h >> 59 ^ h >> 54 : h >> 63 ^ h >> 62 ^ h >> 57;
}
static inline void reduce(uint64_t *c, uint64_t *p, unsigned W)
{
    for (unsigned i = 2 * W - 1; i >= W; i--) {
        p[i - W] ^= taps_lo(p[i], W);
        p[i - W + 1] ^= taps_hi(p[i], W);
    }
    for (unsigned i = 0; i < AIMER_MAX_WORDS; i++) c[i] = i < W ? p[i] : 0;
}

/* bit j of each 32-bit x[k] to bit 2j of element k: two at a time in a
 * GNU C vector (SSE2, NEON), which gcc did not make of two scalar spreads
 * itself (its squarings were much slower than clang's:
 * docs/design/aimer.md) */
typedef uint64_t spread_u64x2 __attribute__((vector_size(16)));
static inline spread_u64x2 spread32x2(spread_u64x2 x)
{
    x &= 0xffffffffu;
    x = (x | x << 16) & 0x0000ffff0000ffffu;
    x = (x | x << 8) & 0x00ff00ff00ff00ffu;
    x = (x | x << 4) & 0x0f0f0f0f0f0f0f0fu;
    x = (x | x << 2) & 0x3333333333333333u;
    return (x | x << 1) & 0x5555555555555555u;
}

#define MUL_SQR(W)                                                          \
    static void mul##W(uint64_t *c, const uint64_t *a, const uint64_t *b)   \
    {                                                                       \
        uint64_t p[2 * W];                                                  \
        mul##W##w(p, a, b);                                                 \
        reduce(c, p, W);                                                    \
    }                                                                       \
    static void sqr##W(uint64_t *c, const uint64_t *a)                      \
    {                                                                       \
        uint64_t p[2 * W];                                                  \
        for (unsigned i = 0; i < W; i++) {                                  \
            const spread_u64x2 s = spread32x2((spread_u64x2){a[i], a[i] >> 32}); \
            p[2 * i] = s[0];                                                \
            p[2 * i + 1] = s[1];                                            \
        }                                                                   \
        reduce(c, p, W);                                                    \
    }
MUL_SQR(2)
MUL_SQR(3)
MUL_SQR(4)

/* ---- linear maps: y ^= x M, every word of M read (constant time) ------------ */

/* A row's mask once for its W words (a word at a time it cost W times) */
AIMER_APPLY_INLINE void apply_w(const uint64_t *m, uint64_t *y, const uint64_t *x, unsigned W)
{
    const unsigned n = 64 * W;
    uint64_t acc[AIMER_MAX_WORDS] = {0};
    for (unsigned v = 0; v < W; v++) {
        uint64_t bits = x[v];
        for (unsigned r = 64 * v; r < 64 * v + 64; r++, bits >>= 1) {
            const uint64_t mask = 0 - (bits & 1);
            for (unsigned w = 0; w < W; w++) acc[w] ^= m[w * n + r] & mask;
        }
    }
    for (unsigned w = 0; w < W; w++) y[w] ^= acc[w];
}

/* sqr_n, the exponentiations and affine_apply over mul, sqr and apply_w */
AIMER_FAST_KERNELS(lwcx_aimer_portable, mul, sqr, apply_w)

const aimer_impl lwcx_aimer_portable = {
    .desc = {
        .name = "portable",
        .description = "plain 64-bit C: Karatsuba over constant-time 64-bit carry-less products, "
                       "word-sliced masked affine layer, our scalar Keccak",
        .batch = 1,
        .constant_time = 1,
    },
    .field = AIMER_FAST_FIELDS(mul, sqr),
    .affine_bytes = aimer_sliced_bytes,
    .affine_init = aimer_sliced_init,
    .affine_apply = aimer_fast_affine_apply,
    .xof_init = lwcx_keccak_xof_init,
    .xof_absorb = lwcx_keccak_xof_absorb,
    .xof_final = lwcx_keccak_xof_final,
    .xof_copy = lwcx_keccak_xof_copy,
    .xof_release = lwcx_keccak_xof_release,
    .ways = 1,
    .shake_xn = lwcx_keccak_shake_x1,
};
