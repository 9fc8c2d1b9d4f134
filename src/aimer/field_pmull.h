/* GF(2^128), GF(2^192), GF(2^256) products and squares by PMULL/PMULL2, for
 * the aarch64 implementations (static inline: compiled with the includer's
 * flags, which must have +crypto). Words in 128-bit vectors R[k] (words 2k,
 * 2k+1). A product is schoolbook: the partial products of even word offset
 * land in place, the odd ones (a_i b_j with the operand's halves swapped by
 * one EXT) are gathered and added a word up. The reduction is by multiply,
 * as the ARMv8 AIMer work of Hansung University does it (seed 003): the top
 * half is folded down a word at a time, highest first, by multiplying it
 * with the low terms of x^n = x^7 + x^2 + x + 1 (0x87; n = 128, 192) or
 * x^10 + x^5 + x^2 + 1 (0x425; n = 256).
 *
 * With AIMER_PMULL_KARATSUBA defined, GF(2^128) uses the alternative that
 * was measured against it (see the note in neon.c): Karatsuba (three PMULL)
 * and a reduction by shifts. */
#ifndef LWCX_AIMER_FIELD_PMULL_H
#define LWCX_AIMER_FIELD_PMULL_H

#include <arm_neon.h>

#include "aimer_impl.h"

typedef uint64x2_t pm_v;

static inline pm_v pm_mul_lo(pm_v a, pm_v b) /* low words */
{
    return vreinterpretq_u64_p128(vmull_p64(vgetq_lane_p64(vreinterpretq_p64_u64(a), 0),
                                            vgetq_lane_p64(vreinterpretq_p64_u64(b), 0)));
}
static inline pm_v pm_mul_hi(pm_v a, pm_v b) /* high words */
{
    return vreinterpretq_u64_p128(vmull_high_p64(vreinterpretq_p64_u64(a), vreinterpretq_p64_u64(b)));
}
static inline pm_v pm_swap(pm_v a)
{
    return vextq_u64(a, a, 1);
}
#define PM_UP_(x) vextq_u64(vdupq_n_u64(0), x, 1)   /* a word up: (0, x0) */
#define PM_DOWN_(x) vextq_u64(x, vdupq_n_u64(0), 1) /* a word down: (x1, 0) */

/* r[0..W-1] = the 2W-word product of the W-word a and b */
static inline void pm_wide(pm_v *r, const pm_v *a, const pm_v *b, unsigned W)
{
    const unsigned V = (W + 1) / 2;
    pm_v odd[AIMER_MAX_WORDS], bs[2];
    for (unsigned k = 0; k < W; k++) r[k] = odd[k] = vdupq_n_u64(0);
    for (unsigned l = 0; l < V; l++) bs[l] = pm_swap(b[l]);
    for (unsigned k = 0; k < V; k++)
        for (unsigned l = 0; l < V; l++) {
            /* the four products of words (2k, 2k+1) x (2l, 2l+1); for W = 3
             * word 3 is zero and its products are left out */
            const int a1 = 2 * k + 1 < W, b1 = 2 * l + 1 < W;
            r[k + l] = veorq_u64(r[k + l], pm_mul_lo(a[k], b[l]));
            if (a1 && b1) r[k + l + 1] = veorq_u64(r[k + l + 1], pm_mul_hi(a[k], b[l]));
            if (b1) odd[k + l] = veorq_u64(odd[k + l], pm_mul_lo(a[k], bs[l])); /* a_2k b_2l+1 */
            if (a1) odd[k + l] = veorq_u64(odd[k + l], pm_mul_hi(a[k], bs[l])); /* a_2k+1 b_2l */
        }
    for (unsigned k = 0; k + 1 < W; k++) {
        r[k] = veorq_u64(r[k], PM_UP_(odd[k]));
        r[k + 1] = veorq_u64(r[k + 1], PM_DOWN_(odd[k]));
    }
}

/* the 2W-word r reduced into its low W words (for W = 3: r[0] and the low
 * word of r[1]) */
static inline void pm_reduce(pm_v *r, unsigned W)
{
    if (W == 2) {
        const pm_v p = vdupq_n_u64(0x87);
        const pm_v t = pm_mul_hi(r[1], p); /* word 3 to words 1, 2 */
        r[0] = veorq_u64(r[0], PM_UP_(t));
        r[1] = veorq_u64(r[1], PM_DOWN_(t));
        r[0] = veorq_u64(r[0], pm_mul_lo(r[1], p)); /* word 2 to words 0, 1 */
    } else if (W == 3) {
        const pm_v p = vdupq_n_u64(0x87);
        r[1] = veorq_u64(r[1], pm_mul_hi(r[2], p)); /* word 5 to words 2, 3 */
        const pm_v t = pm_mul_lo(r[2], p);         /* word 4 to words 1, 2 */
        r[0] = veorq_u64(r[0], PM_UP_(t));
        r[1] = veorq_u64(r[1], PM_DOWN_(t));
        r[0] = veorq_u64(r[0], pm_mul_hi(r[1], p)); /* word 3 to words 0, 1 */
    } else {
        const pm_v p = vdupq_n_u64(0x425);
        pm_v t = pm_mul_hi(r[3], p); /* word 7 to words 3, 4 */
        r[1] = veorq_u64(r[1], PM_UP_(t));
        r[2] = veorq_u64(r[2], PM_DOWN_(t));
        r[1] = veorq_u64(r[1], pm_mul_lo(r[3], p)); /* word 6 to words 2, 3 */
        t = pm_mul_hi(r[2], p);                     /* word 5 to words 1, 2 */
        r[0] = veorq_u64(r[0], PM_UP_(t));
        r[1] = veorq_u64(r[1], PM_DOWN_(t));
        r[0] = veorq_u64(r[0], pm_mul_lo(r[2], p)); /* word 4 to words 0, 1 */
    }
}

#ifdef AIMER_PMULL_KARATSUBA
/* GF(2^128) the other way: (a0 + a1)(b0 + b1) for the middle term, and the
 * top two words folded by shifts (x^128 = x^7 + x^2 + x + 1) */
static inline void pm_wide2_kara(pm_v *r, pm_v a, pm_v b)
{
    const pm_v lo = pm_mul_lo(a, b), hi = pm_mul_hi(a, b);
    pm_v mid = pm_mul_lo(veorq_u64(a, pm_swap(a)), veorq_u64(b, pm_swap(b)));
    mid = veorq_u64(mid, veorq_u64(lo, hi));
    r[0] = veorq_u64(lo, PM_UP_(mid));
    r[1] = veorq_u64(hi, PM_DOWN_(mid));
}
static inline void pm_reduce2_shift(pm_v *r)
{
    /* h = words 2, 3: its taps x^1, x^2, x^7 spill the top bits of word 3
     * into a third word, folded again (at most 7 bits, no further spill) */
    const pm_v h = r[1];
    pm_v t = veorq_u64(veorq_u64(h, vshlq_n_u64(h, 1)), veorq_u64(vshlq_n_u64(h, 2), vshlq_n_u64(h, 7)));
    const pm_v c = veorq_u64(veorq_u64(vshrq_n_u64(h, 63), vshrq_n_u64(h, 62)), vshrq_n_u64(h, 57));
    t = veorq_u64(t, PM_UP_(c)); /* the carries of word 2 into word 3 */
    const uint64_t s = vgetq_lane_u64(c, 1); /* out of word 3: x^128 s */
    const uint64_t f = s ^ s << 1 ^ s << 2 ^ s << 7;
    r[0] = veorq_u64(veorq_u64(r[0], t), vsetq_lane_u64(f, vdupq_n_u64(0), 0));
}
#endif

static inline void pm_load(pm_v *v, const uint64_t *a, unsigned W)
{
    v[0] = vld1q_u64(a);
    v[1] = W == 2 ? vdupq_n_u64(0) : W == 3 ? vcombine_u64(vld1_u64(a + 2), vdup_n_u64(0)) : vld1q_u64(a + 2);
}

/* the W-word result into all four words of c */
static inline void pm_store(uint64_t *c, const pm_v *r, unsigned W)
{
    vst1q_u64(c, r[0]);
    vst1q_u64(c + 2, W == 2 ? vdupq_n_u64(0) : W == 3 ? vsetq_lane_u64(0, r[1], 1) : r[1]);
}

static inline void pm_mul(uint64_t *c, const uint64_t *a, const uint64_t *b, unsigned W)
{
    pm_v va[2], vb[2], r[2 * 2];
    pm_load(va, a, W);
    pm_load(vb, b, W);
#ifdef AIMER_PMULL_KARATSUBA
    if (W == 2) {
        pm_wide2_kara(r, va[0], vb[0]);
        pm_reduce2_shift(r);
        pm_store(c, r, W);
        return;
    }
#endif
    pm_wide(r, va, vb, W);
    pm_reduce(r, W);
    pm_store(c, r, W);
}

/* squares have no cross terms: each word squared in place */
static inline void pm_sqr(uint64_t *c, const uint64_t *a, unsigned W)
{
    pm_v va[2], r[2 * 2];
    pm_load(va, a, W);
    r[0] = pm_mul_lo(va[0], va[0]);
    r[1] = pm_mul_hi(va[0], va[0]);
    if (W > 2) r[2] = pm_mul_lo(va[1], va[1]);
    if (W > 3) r[3] = pm_mul_hi(va[1], va[1]);
#ifdef AIMER_PMULL_KARATSUBA
    if (W == 2) {
        pm_reduce2_shift(r);
        pm_store(c, r, W);
        return;
    }
#endif
    pm_reduce(r, W);
    pm_store(c, r, W);
}

/* the kernels by field: pm_mul2, pm_sqr2 (GF(2^128)) ... pm_sqr4 */
#define PM_W_(W)                                                             \
    static void pm_mul##W(uint64_t *c, const uint64_t *a, const uint64_t *b) \
    {                                                                        \
        pm_mul(c, a, b, W);                                                  \
    }                                                                        \
    static void pm_sqr##W(uint64_t *c, const uint64_t *a)                    \
    {                                                                        \
        pm_sqr(c, a, W);                                                     \
    }
PM_W_(2)
PM_W_(3)
PM_W_(4)

#endif
