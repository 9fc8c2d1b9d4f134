/* Template: included by other files, never compiled on its own.
 * Includer defines first: x_ror31 and x_ror17 (rotations right of an X)
 * Defines: xmm_permute, one state's permutation in xmm registers
 */
/* SPARKLE, one state in xmm registers: the left and the right half each
 * live in two of them (the x words of the half's branches in one, the y
 * words in the other, branch b of the half in lane b). The Alzette boxes of
 * all branches then run side by side, and the linear layer never crosses a
 * 128-bit lane: the half swap is a register rename, the one-branch rotation
 * a pshufd, and the XOR over the left half a couple of pshufd. (A ymm per
 * word kind would halve the Alzette instructions but put a slow
 * cross-lane permute on the critical path of every step; the single state
 * is latency bound, so xmm pairs win.)
 *
 * Included by avx2.c and avx512.c, which first define x_ror31 and x_ror17
 * (rotations right of an X; the others are byte shuffles here); defines
 * xmm_permute, the permutation of one state (SPARKLE256's through opt). */
#ifndef LWCX_SPARKLE_XMM1_H
#define LWCX_SPARKLE_XMM1_H

#include <immintrin.h>

#include "sparkle_impl.h"

typedef __m128i X;

#define X_ROR24 _mm_setr_epi8(3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14)
#define X_ROR16 _mm_setr_epi8(2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13)

static inline __attribute__((always_inline)) void x_alzette(X *px, X *py, X c)
{
    const X r24 = X_ROR24, r16 = X_ROR16;
    X x = *px, y = *py;
    x = _mm_add_epi32(x, x_ror31(y));
    y = _mm_xor_si128(y, _mm_shuffle_epi8(x, r24));
    x = _mm_xor_si128(x, c);
    x = _mm_add_epi32(x, x_ror17(y));
    y = _mm_xor_si128(y, x_ror17(x));
    x = _mm_xor_si128(x, c);
    x = _mm_add_epi32(x, y);
    y = _mm_xor_si128(y, x_ror31(x));
    x = _mm_xor_si128(x, c);
    x = _mm_add_epi32(x, _mm_shuffle_epi8(y, r24));
    y = _mm_xor_si128(y, _mm_shuffle_epi8(x, r16));
    x = _mm_xor_si128(x, c);
    *px = x, *py = y;
}

/* ell(t) = ror16(t ^ (t << 16)) = ror16(t) ^ (t & 0xffff): both terms come
 * straight from t, so two cycles of latency instead of three. */
static inline X x_ell(X t)
{
    return _mm_xor_si128(_mm_shuffle_epi8(t, X_ROR16), _mm_blend_epi16(_mm_setzero_si128(), t, 0x55));
}

/* The XOR of lanes 0..H-1, in each of those lanes. */
static inline __attribute__((always_inline)) X x_hxor(X v, const unsigned H)
{
    if (H == 4) {
        v = _mm_xor_si128(v, _mm_shuffle_epi32(v, 0xB1)); /* lanes 1,0,3,2 */
        return _mm_xor_si128(v, _mm_shuffle_epi32(v, 0x4E)); /* lanes 2,3,0,1 */
    }
    if (H == 3) /* lanes 1,2,0 and 2,0,1 */
        return _mm_xor_si128(_mm_xor_si128(v, _mm_shuffle_epi32(v, 0xC9)), _mm_shuffle_epi32(v, 0xD2));
    return _mm_xor_si128(v, _mm_shuffle_epi32(v, 0xE1)); /* lanes 1,0 */
}

/* Lane b takes lane (b+1) mod H: the Feistel's one-branch rotation. */
static inline __attribute__((always_inline)) X x_rot(X v, const unsigned H)
{
    if (H == 4) return _mm_shuffle_epi32(v, 0x39);
    if (H == 3) return _mm_shuffle_epi32(v, 0xC9);
    return _mm_shuffle_epi32(v, 0xE1);
}

/* H branches (2*H words at s) into an x and a y register; lanes past H are 0. */
static inline __attribute__((always_inline)) void x_load(const uint32_t *s, X *x, X *y, const unsigned H)
{
    const __m128 a = _mm_castsi128_ps(_mm_loadu_si128((const __m128i *)s));
    __m128 b = _mm_setzero_ps();
    if (H == 4) b = _mm_castsi128_ps(_mm_loadu_si128((const __m128i *)(s + 4)));
    if (H == 3) b = _mm_castsi128_ps(_mm_loadl_epi64((const __m128i *)(s + 4)));
    *x = _mm_castps_si128(_mm_shuffle_ps(a, b, 0x88)); /* words 0,2 of a then of b */
    *y = _mm_castps_si128(_mm_shuffle_ps(a, b, 0xDD)); /* words 1,3 */
}

static inline __attribute__((always_inline)) void x_store(uint32_t *s, X x, X y, const unsigned H)
{
    _mm_storeu_si128((__m128i *)s, _mm_unpacklo_epi32(x, y));
    if (H == 4) _mm_storeu_si128((__m128i *)(s + 4), _mm_unpackhi_epi32(x, y));
    if (H == 3) _mm_storel_epi64((__m128i *)(s + 4), _mm_unpackhi_epi32(x, y));
}

/* The step constants rcon[s mod 8] and s, added to y0 and y1. */
static inline X x_stepk(unsigned s)
{
    return _mm_setr_epi32((int)lwcx_sparkle_rcon[s & 7], (int)s, 0, 0);
}

static inline __attribute__((always_inline)) void permute1(uint32_t *s, unsigned steps, const unsigned H)
{
    X xl, yl, xr, yr;
    x_load(s, &xl, &yl, H);
    x_load(s + 2 * H, &xr, &yr, H);
    const X cl = _mm_loadu_si128((const __m128i *)lwcx_sparkle_rcon);
    const X cr = _mm_loadu_si128((const __m128i *)(lwcx_sparkle_rcon + H)); /* H+4 <= 8 words */

    yl = _mm_xor_si128(yl, x_stepk(0));
    for (unsigned step = 0; step < steps; step++) {
        x_alzette(&xl, &yl, cl);
        x_alzette(&xr, &yr, cr);
        /* x finishes before y, so ell(tx) and the next step's constants are
         * ready by the time y is: only rot(yl ^ yr) and one XOR follow y. */
        const X ex = _mm_xor_si128(x_ell(x_hxor(xl, H)), x_stepk(step + 1));
        const X ey = x_ell(x_hxor(yl, H));
        const X nxl = _mm_xor_si128(x_rot(_mm_xor_si128(xl, xr), H), ey);
        const X nyl = _mm_xor_si128(x_rot(_mm_xor_si128(yl, yr), H), ex);
        xr = xl, yr = yl;
        xl = nxl, yl = nyl;
    }
    yl = _mm_xor_si128(yl, x_stepk(steps)); /* the loop added one step's constants too many */
    x_store(s, xl, yl, H);
    x_store(s + 2 * H, xr, yr, H);
}

/* The permutation of one state. SPARKLE256's runs in the scalar code: with
 * its four branches in an xmm a half, the Alzette chain lost to opt's;
 * SPARKLE384's and 512's win (docs/design/sparkle.md, "One state in xmm
 * registers"). */
static void xmm_permute(uint32_t *s, unsigned nb, unsigned steps)
{
    switch (nb) {
    case 4: lwcx_sparkle_opt.permute(s, nb, steps); break;
    case 6: permute1(s, steps, 3); break;
    default: permute1(s, steps, 4); break;
    }
}

#endif
