/* SPARKLE NEON.
 * One state: the Alzette boxes of the branches run side by side, the x words
 * of a half (left or right) in one register and its y words in another, so
 * the linear layer is a few lane shuffles (SPARKLE384's halves of 3 branches
 * leave lane 3 unused; SPARKLE256 puts both halves in one register).
 * Batches: 4 states, one per lane, each state word in its own register
 * (4x4 transposes in and out); the linear layer is then plain XORs and
 * renaming, as in opt.
 * Rotations: by 16 is a halfword swap, by 24 a byte shuffle, others a shift
 * plus a shift-and-insert. */
#include <arm_neon.h>

#include "sparkle_impl.h"

typedef uint32x4_t V;

#define ROR(x, r) vsliq_n_u32(vshrq_n_u32((x), (r)), (x), 32 - (r))
#define ROR16(x) vreinterpretq_u32_u16(vrev32q_u16(vreinterpretq_u16_u32(x)))
#define INLINE static inline __attribute__((always_inline))

/* ror by 24 == rol by 8: output byte j of each word takes byte idx[j] */
static const uint8_t ror24_idx[16] = {3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14};
/* SPARKLE384 halves: lanes (a0, a1, a2, -) -> (a1, a2, a0, -) */
static const uint8_t rot3_idx[16] = {4, 5, 6, 7, 8, 9, 10, 11, 0, 1, 2, 3, 12, 13, 14, 15};

INLINE V ror24(V x, uint8x16_t idx)
{
    return vreinterpretq_u32_u8(vqtbl1q_u8(vreinterpretq_u8_u32(x), idx));
}

INLINE void alzette(V *px, V *py, V c, uint8x16_t r24)
{
    V x = *px, y = *py;
    x = vaddq_u32(x, ROR(y, 31)), y = veorq_u32(y, ror24(x, r24)), x = veorq_u32(x, c);
    x = vaddq_u32(x, ROR(y, 17)), y = veorq_u32(y, ROR(x, 17)), x = veorq_u32(x, c);
    x = vaddq_u32(x, y), y = veorq_u32(y, ROR(x, 31)), x = veorq_u32(x, c);
    x = vaddq_u32(x, ror24(y, r24)), y = veorq_u32(y, ROR16(x)), x = veorq_u32(x, c);
    *px = x, *py = y;
}

INLINE V ell(V t)
{
    return ROR16(veorq_u32(t, vshlq_n_u32(t, 16)));
}

INLINE uint32x2_t ell64(uint32x2_t t)
{
    return vreinterpret_u32_u16(vrev32_u16(vreinterpret_u16_u32(veor_u32(t, vshl_n_u32(t, 16)))));
}

/* (rcon[step & 7], step) for branches 0 and 1 of the left half */
INLINE uint32x2_t step_consts(unsigned step)
{
    return vcreate_u32(lwcx_sparkle_rcon[step & 7] | (uint64_t)step << 32);
}

/* ---- one state ---------------------------------------------------------- */

/* Interleaved stores of two vectors (x0 y0 x1 y1 ...); named temporaries
 * rather than compound literals, which clang rejects inside the
 * vst2q_u32 macro. */
static inline void store2q(uint32_t *p, V x, V y)
{
    uint32x4x2_t t;
    t.val[0] = x;
    t.val[1] = y;
    vst2q_u32(p, t);
}

static inline void store2(uint32_t *p, uint32x2_t x, uint32x2_t y)
{
    uint32x2x2_t t;
    t.val[0] = x;
    t.val[1] = y;
    vst2_u32(p, t);
}

static void permute4(uint32_t *s, unsigned steps)
{
    const uint8x16_t r24 = vld1q_u8(ror24_idx);
    const V c = vld1q_u32(lwcx_sparkle_rcon);
    const uint32x4x2_t in = vld2q_u32(s);
    V x = in.val[0], y = in.val[1]; /* lanes 0-1: left half, 2-3: right */
    for (unsigned step = 0; step < steps; step++) {
        y = veorq_u32(y, vcombine_u32(step_consts(step), vdup_n_u32(0)));
        alzette(&x, &y, c, r24);
        const uint32x2_t xl = vget_low_u32(x), yl = vget_low_u32(y);
        const uint32x2_t tx = ell64(veor_u32(xl, vrev64_u32(xl)));
        const uint32x2_t ty = ell64(veor_u32(yl, vrev64_u32(yl)));
        /* new left b = right b+1 ^ left b+1 ^ ell; new right = old left */
        const uint32x2_t nxl = veor_u32(vrev64_u32(veor_u32(vget_high_u32(x), xl)), ty);
        const uint32x2_t nyl = veor_u32(vrev64_u32(veor_u32(vget_high_u32(y), yl)), tx);
        x = vcombine_u32(nxl, xl);
        y = vcombine_u32(nyl, yl);
    }
    store2q(s, x, y);
}

static void permute6(uint32_t *s, unsigned steps)
{
    const uint8x16_t r24 = vld1q_u8(ror24_idx), rot3 = vld1q_u8(rot3_idx);
    const V cl = vld1q_u32(lwcx_sparkle_rcon), cr = vld1q_u32(lwcx_sparkle_rcon + 3);
    const uint32x4x2_t a = vld2q_u32(s);      /* branches 0-3 */
    const uint32x2x2_t b = vld2_u32(s + 8);   /* branches 4-5 */
    /* lanes 0-2 hold the half's branches; lane 3 is don't-care */
    V xl = a.val[0], yl = a.val[1];
    V xr = vextq_u32(a.val[0], vcombine_u32(b.val[0], b.val[0]), 3);
    V yr = vextq_u32(a.val[1], vcombine_u32(b.val[1], b.val[1]), 3);
    for (unsigned step = 0; step < steps; step++) {
        yl = veorq_u32(yl, vcombine_u32(step_consts(step), vdup_n_u32(0)));
        alzette(&xl, &yl, cl, r24);
        alzette(&xr, &yr, cr, r24);
        /* lane 0: the XOR of lanes 0-2 */
        V tx = veorq_u32(veorq_u32(xl, vextq_u32(xl, xl, 1)), vextq_u32(xl, xl, 2));
        V ty = veorq_u32(veorq_u32(yl, vextq_u32(yl, yl, 1)), vextq_u32(yl, yl, 2));
        tx = vdupq_laneq_u32(ell(tx), 0);
        ty = vdupq_laneq_u32(ell(ty), 0);
        const V ax = vreinterpretq_u32_u8(vqtbl1q_u8(vreinterpretq_u8_u32(veorq_u32(xr, xl)), rot3));
        const V ay = vreinterpretq_u32_u8(vqtbl1q_u8(vreinterpretq_u8_u32(veorq_u32(yr, yl)), rot3));
        xr = xl, yr = yl;
        xl = veorq_u32(ax, ty);
        yl = veorq_u32(ay, tx);
    }
    const V x03 = vcopyq_laneq_u32(xl, 3, xr, 0), y03 = vcopyq_laneq_u32(yl, 3, yr, 0);
    store2q(s, x03, y03);
    store2(s + 8, vget_low_u32(vextq_u32(xr, xr, 1)), vget_low_u32(vextq_u32(yr, yr, 1)));
}

static void permute8(uint32_t *s, unsigned steps)
{
    const uint8x16_t r24 = vld1q_u8(ror24_idx);
    const V cl = vld1q_u32(lwcx_sparkle_rcon), cr = vld1q_u32(lwcx_sparkle_rcon + 4);
    const uint32x4x2_t a = vld2q_u32(s), b = vld2q_u32(s + 8);
    V xl = a.val[0], yl = a.val[1], xr = b.val[0], yr = b.val[1];
    for (unsigned step = 0; step < steps; step++) {
        yl = veorq_u32(yl, vcombine_u32(step_consts(step), vdup_n_u32(0)));
        alzette(&xl, &yl, cl, r24);
        alzette(&xr, &yr, cr, r24);
        /* every lane: the XOR of all four */
        V tx = veorq_u32(xl, vextq_u32(xl, xl, 2));
        V ty = veorq_u32(yl, vextq_u32(yl, yl, 2));
        tx = ell(veorq_u32(tx, vextq_u32(tx, tx, 1)));
        ty = ell(veorq_u32(ty, vextq_u32(ty, ty, 1)));
        const V ax = veorq_u32(xr, xl), ay = veorq_u32(yr, yl);
        xr = xl, yr = yl;
        xl = veorq_u32(vextq_u32(ax, ax, 1), ty);
        yl = veorq_u32(vextq_u32(ay, ay, 1), tx);
    }
    store2q(s, xl, yl);
    store2q(s + 8, xr, yr);
}

static void neon_permute(uint32_t *s, unsigned nb, unsigned steps)
{
    switch (nb) {
    case 4: permute4(s, steps); break;
    case 6: permute6(s, steps); break;
    default: permute8(s, steps); break;
    }
}

/* ---- 4 states, one per lane ---------------------------------------------- */

INLINE void transpose4(V *a, V *b, V *c, V *d)
{
    const V t0 = vtrn1q_u32(*a, *b), t1 = vtrn2q_u32(*a, *b);
    const V t2 = vtrn1q_u32(*c, *d), t3 = vtrn2q_u32(*c, *d);
    *a = vreinterpretq_u32_u64(vtrn1q_u64(vreinterpretq_u64_u32(t0), vreinterpretq_u64_u32(t2)));
    *b = vreinterpretq_u32_u64(vtrn1q_u64(vreinterpretq_u64_u32(t1), vreinterpretq_u64_u32(t3)));
    *c = vreinterpretq_u32_u64(vtrn2q_u64(vreinterpretq_u64_u32(t0), vreinterpretq_u64_u32(t2)));
    *d = vreinterpretq_u32_u64(vtrn2q_u64(vreinterpretq_u64_u32(t1), vreinterpretq_u64_u32(t3)));
}

INLINE void many4(uint32_t *st, unsigned steps, const unsigned NB)
{
    const unsigned W = 2 * NB, half = NB / 2;
    const uint8x16_t r24 = vld1q_u8(ror24_idx);
    V w[2 * SPARKLE_MAX_BRANCHES], x[SPARKLE_MAX_BRANCHES], y[SPARKLE_MAX_BRANCHES];
    for (unsigned g = 0; g < W; g += 4) {
        V r0 = vld1q_u32(st + g), r1 = vld1q_u32(st + W + g);
        V r2 = vld1q_u32(st + 2 * W + g), r3 = vld1q_u32(st + 3 * W + g);
        transpose4(&r0, &r1, &r2, &r3);
        w[g] = r0, w[g + 1] = r1, w[g + 2] = r2, w[g + 3] = r3;
    }
    for (unsigned b = 0; b < NB; b++) x[b] = w[2 * b], y[b] = w[2 * b + 1];
    for (unsigned step = 0; step < steps; step++) {
        y[0] = veorq_u32(y[0], vdupq_n_u32(lwcx_sparkle_rcon[step & 7]));
        y[1] = veorq_u32(y[1], vdupq_n_u32(step));
        for (unsigned b = 0; b < NB; b++) alzette(&x[b], &y[b], vdupq_n_u32(lwcx_sparkle_rcon[b]), r24);
        V tx = x[0], ty = y[0];
        for (unsigned b = 1; b < half; b++) tx = veorq_u32(tx, x[b]), ty = veorq_u32(ty, y[b]);
        tx = ell(tx);
        ty = ell(ty);
        V nx[SPARKLE_MAX_BRANCHES], ny[SPARKLE_MAX_BRANCHES];
        for (unsigned b = 0; b < half; b++) {
            const unsigned from = (b + 1) % half;
            nx[b] = veorq_u32(veorq_u32(x[half + from], x[from]), ty);
            ny[b] = veorq_u32(veorq_u32(y[half + from], y[from]), tx);
            nx[half + b] = x[b];
            ny[half + b] = y[b];
        }
        for (unsigned b = 0; b < NB; b++) x[b] = nx[b], y[b] = ny[b];
    }
    for (unsigned b = 0; b < NB; b++) w[2 * b] = x[b], w[2 * b + 1] = y[b];
    for (unsigned g = 0; g < W; g += 4) {
        V r0 = w[g], r1 = w[g + 1], r2 = w[g + 2], r3 = w[g + 3];
        transpose4(&r0, &r1, &r2, &r3);
        vst1q_u32(st + g, r0), vst1q_u32(st + W + g, r1);
        vst1q_u32(st + 2 * W + g, r2), vst1q_u32(st + 3 * W + g, r3);
    }
}

static void neon_permute_many(uint32_t *states, size_t count, unsigned nb, unsigned steps)
{
    const size_t words = 2 * (size_t)nb;
    for (; count >= 4; count -= 4, states += 4 * words) switch (nb) {
        case 4: many4(states, steps, 4); break;
        case 6: many4(states, steps, 6); break;
        default: many4(states, steps, 8); break;
        }
    for (; count; count--, states += words) neon_permute(states, nb, steps);
}

const sparkle_impl lwcx_sparkle_neon = {
    .desc = {
        .name = "neon",
        .description = "NEON: one state's Alzette boxes side by side; batches of 4 states lane-sliced",
        .features = LWCX_CPU_NEON,
        .batch = 4,
        .constant_time = 1,
    },
    .permute = neon_permute,
    .permute_many = neon_permute_many,
};
