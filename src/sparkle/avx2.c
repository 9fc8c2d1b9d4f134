/* SPARKLE AVX2.
 *
 * One state: the left and the right half each live in two xmm registers (the
 * x words of the half's branches in one, the y words in the other, branch b
 * of the half in lane b). The Alzette boxes of all branches then run side by
 * side, and the linear layer never crosses a 128-bit lane: the half swap is a
 * register rename, the one-branch rotation a pshufd, and the XOR over the
 * left half a couple of pshufd. (A ymm per word kind would halve the Alzette
 * instructions but put a 3-4 cycle cross-lane permute on the critical path
 * of every step; the single state is latency bound, so xmm pairs win.)
 * Where simple vector ops take 2 cycles (Zen 5) while scalar ones take 1,
 * this path is slower than the scalar unrolled code: Alzette is one
 * 19-operation chain per step either way.
 *
 * Many states: 8 states side by side, one per 32-bit lane; word w of the
 * 8 states is one ymm register. States go in and out through 4x4 in-lane
 * transposes of 128-bit rows, and the rest is the unrolled scalar algorithm
 * on vectors, with all boxes of a step interleaved (see v_alzette).
 * Rotations by 16 and 24 are byte shuffles, by 31 an add and a shift (adds
 * run on more ports than shifts), by 17 two shifts.
 *
 * Mode batches (Esch's absorption, Schwaemm's whole blocks): the same 8
 * states per register, transposed in and out once per call rather than once
 * per block; the message words come in through the same transposes, 16 bytes
 * of each message at a time, and Schwaemm's output goes back out that way. */
#include <immintrin.h>

#include "sparkle_impl.h"

extern const sparkle_impl lwcx_sparkle_avx2; /* defined at the end */

/* ---- 128-bit helpers (single state) ---- */

typedef __m128i X;

static inline X x_ror31(X v)
{
    return _mm_or_si128(_mm_add_epi32(v, v), _mm_srli_epi32(v, 31));
}
static inline X x_ror17(X v)
{
    return _mm_or_si128(_mm_srli_epi32(v, 17), _mm_slli_epi32(v, 15));
}
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

static void avx2_permute(uint32_t *s, unsigned nb, unsigned steps)
{
    switch (nb) {
    case 4: permute1(s, steps, 2); break;
    case 6: permute1(s, steps, 3); break;
    default: permute1(s, steps, 4); break;
    }
}

/* ---- 256-bit helpers (8 states, one per lane) ---- */

typedef __m256i V;

static inline V v_ror31(V v)
{
    return _mm256_or_si256(_mm256_add_epi32(v, v), _mm256_srli_epi32(v, 31));
}
static inline V v_ror17(V v)
{
    return _mm256_or_si256(_mm256_srli_epi32(v, 17), _mm256_slli_epi32(v, 15));
}
#define V_ROR24 _mm256_broadcastsi128_si256(X_ROR24)
#define V_ROR16 _mm256_broadcastsi128_si256(X_ROR16)

/* Alzette on n boxes at once, each operation issued for all n before the
 * next: a box is one long dependency chain (two cycles per step on cores
 * with 2-cycle vector latency), so the core needs many of them interleaved
 * in program order to keep its vector pipes fed. Box i uses constant
 * rcon[i / K] (K groups of 8 states side by side). */
static inline __attribute__((always_inline)) void v_alzette(V *x, V *y, const unsigned n, const unsigned K)
{
    const V r24 = V_ROR24, r16 = V_ROR16;
#define EACH for (unsigned i = 0; i < n; i++)
#define C(i) _mm256_set1_epi32((int)lwcx_sparkle_rcon[(i) / K])
    EACH x[i] = _mm256_add_epi32(x[i], v_ror31(y[i]));
    EACH y[i] = _mm256_xor_si256(y[i], _mm256_shuffle_epi8(x[i], r24));
    EACH x[i] = _mm256_xor_si256(x[i], C(i));
    EACH x[i] = _mm256_add_epi32(x[i], v_ror17(y[i]));
    EACH y[i] = _mm256_xor_si256(y[i], v_ror17(x[i]));
    EACH x[i] = _mm256_xor_si256(x[i], C(i));
    EACH x[i] = _mm256_add_epi32(x[i], y[i]);
    EACH y[i] = _mm256_xor_si256(y[i], v_ror31(x[i]));
    EACH x[i] = _mm256_xor_si256(x[i], C(i));
    EACH x[i] = _mm256_add_epi32(x[i], _mm256_shuffle_epi8(y[i], r24));
    EACH y[i] = _mm256_xor_si256(y[i], _mm256_shuffle_epi8(x[i], r16));
    EACH x[i] = _mm256_xor_si256(x[i], C(i));
#undef C
#undef EACH
}

static inline V v_ell(V t)
{
    return _mm256_xor_si256(_mm256_shuffle_epi8(t, V_ROR16), _mm256_blend_epi16(_mm256_setzero_si256(), t, 0x55));
}

/* In-lane 4x4 transpose of 32-bit words: row i of a[] becomes column i.
 * Its own inverse. */
static inline __attribute__((always_inline)) void v_transpose4(V a[4])
{
    const V t0 = _mm256_unpacklo_epi32(a[0], a[1]), t1 = _mm256_unpackhi_epi32(a[0], a[1]);
    const V t2 = _mm256_unpacklo_epi32(a[2], a[3]), t3 = _mm256_unpackhi_epi32(a[2], a[3]);
    a[0] = _mm256_unpacklo_epi64(t0, t2);
    a[1] = _mm256_unpackhi_epi64(t0, t2);
    a[2] = _mm256_unpacklo_epi64(t1, t3);
    a[3] = _mm256_unpackhi_epi64(t1, t3);
}

/* Words 4j..4j+3 of 8 states (state i at s + W*i) into w[0..3], lane i =
 * state i: the low 128 bits hold states 0..3 and the high ones 4..7. */
static inline __attribute__((always_inline)) void v_load4(const uint32_t *s, size_t W, unsigned j, V w[4])
{
    for (unsigned i = 0; i < 4; i++)
        w[i] = _mm256_inserti128_si256(
            _mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)(s + W * i + 4 * j))),
            _mm_loadu_si128((const __m128i *)(s + W * (i + 4) + 4 * j)), 1);
    v_transpose4(w);
}

static inline __attribute__((always_inline)) void v_store4(uint32_t *s, size_t W, unsigned j, V w[4])
{
    v_transpose4(w);
    for (unsigned i = 0; i < 4; i++) {
        _mm_storeu_si128((__m128i *)(s + W * i + 4 * j), _mm256_castsi256_si128(w[i]));
        _mm_storeu_si128((__m128i *)(s + W * (i + 4) + 4 * j), _mm256_extracti128_si256(w[i], 1));
    }
}

#define MAX_K 2

/* K groups of 8 states (state i at s + 2*NB*i) into word registers, indexed
 * [branch * K + group], so Alzette sees all NB*K boxes in one array. */
static inline __attribute__((always_inline)) void v_load_states(const uint32_t *s, V *x, V *y, const unsigned NB,
                                                                const unsigned K)
{
    const size_t W = 2 * NB;
    for (unsigned k = 0; k < K; k++) {
        V w[2 * SPARKLE_MAX_BRANCHES];
        for (unsigned j = 0; j < W / 4; j++) v_load4(s + 8 * W * k, W, j, w + 4 * j);
        for (unsigned b = 0; b < NB; b++) x[b * K + k] = w[2 * b], y[b * K + k] = w[2 * b + 1];
    }
}

static inline __attribute__((always_inline)) void v_store_states(uint32_t *s, const V *x, const V *y,
                                                                 const unsigned NB, const unsigned K)
{
    const size_t W = 2 * NB;
    for (unsigned k = 0; k < K; k++) {
        V w[2 * SPARKLE_MAX_BRANCHES];
        for (unsigned b = 0; b < NB; b++) w[2 * b] = x[b * K + k], w[2 * b + 1] = y[b * K + k];
        for (unsigned j = 0; j < W / 4; j++) v_store4(s + 8 * W * k, W, j, w + 4 * j);
    }
}

/* The permutation on sliced states. */
static inline __attribute__((always_inline)) void v_steps(V *x, V *y, unsigned steps, const unsigned NB,
                                                          const unsigned K)
{
    const unsigned half = NB / 2;
    for (unsigned step = 0; step < steps; step++) {
        for (unsigned k = 0; k < K; k++) {
            y[0 * K + k] = _mm256_xor_si256(y[0 * K + k], _mm256_set1_epi32((int)lwcx_sparkle_rcon[step & 7]));
            y[1 * K + k] = _mm256_xor_si256(y[1 * K + k], _mm256_set1_epi32((int)step));
        }
        v_alzette(x, y, NB * K, K);
        for (unsigned k = 0; k < K; k++) {
            V tx = x[k], ty = y[k];
            for (unsigned b = 1; b < half; b++)
                tx = _mm256_xor_si256(tx, x[b * K + k]), ty = _mm256_xor_si256(ty, y[b * K + k]);
            tx = v_ell(tx);
            ty = v_ell(ty);
            /* Feistel: right ^= left ^ (ty, tx), rotated by one branch; then swap halves */
            V nx[SPARKLE_MAX_BRANCHES], ny[SPARKLE_MAX_BRANCHES];
            for (unsigned b = 0; b < half; b++) {
                const unsigned from = (b + 1) % half;
                nx[b] = _mm256_xor_si256(_mm256_xor_si256(x[(half + from) * K + k], x[from * K + k]), ty);
                ny[b] = _mm256_xor_si256(_mm256_xor_si256(y[(half + from) * K + k], y[from * K + k]), tx);
                nx[half + b] = x[b * K + k];
                ny[half + b] = y[b * K + k];
            }
            for (unsigned b = 0; b < NB; b++) x[b * K + k] = nx[b], y[b * K + k] = ny[b];
        }
    }
}

static inline __attribute__((always_inline)) void permute_lanes(uint32_t *s, unsigned steps, const unsigned NB,
                                                                const unsigned K)
{
    V x[SPARKLE_MAX_BRANCHES * MAX_K], y[SPARKLE_MAX_BRANCHES * MAX_K];
    v_load_states(s, x, y, NB, K);
    v_steps(x, y, steps, NB, K);
    v_store_states(s, x, y, NB, K);
}

/* Groups of 8 states run together: 16 boxes per step is about what keeps the
 * pipes busy without drowning in spills (measured on Zen 5: two groups for
 * SPARKLE256 and 384, one for SPARKLE512). */
static void avx2_permute_many(uint32_t *states, size_t count, unsigned nb, unsigned steps)
{
    const size_t W = 2 * (size_t)nb;
    const size_t k = nb == 8 ? 1 : 2;
    for (; count >= 8 * k; count -= 8 * k, states += 8 * k * W) {
        switch (nb) {
        case 4: permute_lanes(states, steps, 4, 2); break;
        case 6: permute_lanes(states, steps, 6, 2); break;
        default: permute_lanes(states, steps, 8, 1); break;
        }
    }
    for (; nb != 8 && count >= 8; count -= 8, states += 8 * W) { /* a last group of 8 */
        if (nb == 4) permute_lanes(states, steps, 4, 1);
        else permute_lanes(states, steps, 6, 1);
    }
    for (; count > 0; count--, states += W) avx2_permute(states, nb, steps);
}

/* ---- Mode batches: the states stay sliced across all blocks ----
 *
 * The batch entry points of the modes (Esch's absorption, Schwaemm's whole
 * blocks) transpose the states in once per call instead of once per block,
 * and bring the message blocks in with the same 4x4 transposes (a 16-byte
 * row per message), so a block costs its permutation and a few dozen vector
 * operations per 8 states. */

/* Words 0..n-1 (n = 2 or 4) of 8 rows (row i at p[i] + off) sliced: m[w] =
 * word w of each row, lane i = row i (the layout of the states); with n = 2,
 * m[2] and m[3] are zero. */
static inline __attribute__((always_inline)) void v_load_rows(const uint8_t *const *p, size_t off, V m[4],
                                                              const unsigned n)
{
    for (unsigned i = 0; i < 4; i++) {
        const __m128i *lo = (const __m128i *)(p[i] + off), *hi = (const __m128i *)(p[i + 4] + off);
        m[i] = _mm256_inserti128_si256(_mm256_castsi128_si256(n == 4 ? _mm_loadu_si128(lo) : _mm_loadl_epi64(lo)),
                                       n == 4 ? _mm_loadu_si128(hi) : _mm_loadl_epi64(hi), 1);
    }
    v_transpose4(m);
}

/* The inverse, for the first `rows` rows only (the others are not written). */
static inline __attribute__((always_inline)) void v_store_rows(uint8_t *const *p, size_t off, V m[4],
                                                               const unsigned n, size_t rows)
{
    if (n == 2) m[2] = m[3] = _mm256_setzero_si256(); /* words not stored */
    v_transpose4(m);
    for (unsigned i = 0; i < 4; i++) {
        __m128i *lo = (__m128i *)(p[i] + off), *hi = (__m128i *)(p[i + 4] + off);
        const __m128i a = _mm256_castsi256_si128(m[i]), b = _mm256_extracti128_si256(m[i], 1);
        if (i < rows) {
            if (n == 4) _mm_storeu_si128(lo, a);
            else _mm_storel_epi64(lo, a);
        }
        if (i + 4 < rows) {
            if (n == 4) _mm_storeu_si128(hi, b);
            else _mm_storel_epi64(hi, b);
        }
    }
}

/* One call's parameters; rate_words is 0 for Esch. */
typedef struct batch {
    unsigned nb, steps, rate_words;
    int decrypt;
    size_t blocks;
} batch;

/* One group of 8 states (16 when two), lanes past rows being padding. */
typedef void group_fn(uint32_t *states, const batch *b, uint8_t *const *out, const uint8_t *const *in, size_t rows,
                      int two);

/* Runs fn over count states: groups of 16 for SPARKLE256 (two groups of 8
 * interleaved; wider states spill too much for that to pay, measured on
 * Zen 5), of 8, and a last part group of 2..7 states in lanes beside copies
 * of state 0 (reading its input; their output is not written). Returns how
 * many states it did: all, or all but a last one. */
static size_t run_groups(uint32_t *states, size_t count, const batch *b, uint8_t *const *out,
                         const uint8_t *const *in, group_fn *fn)
{
    const size_t W = 2 * (size_t)b->nb;
    size_t done = 0;
    for (; b->nb == 4 && count - done >= 16; done += 16)
        fn(states + W * done, b, out ? out + done : NULL, in + done, 16, 1);
    for (; count - done >= 8; done += 8) fn(states + W * done, b, out ? out + done : NULL, in + done, 8, 0);
    const size_t n = count - done;
    if (n >= 2) {
        uint32_t tmp[8 * 2 * SPARKLE_MAX_BRANCHES];
        const uint8_t *ins[8];
        uint8_t *outs[8];
        for (size_t i = 0; i < 8; i++) {
            const size_t from = done + (i < n ? i : 0);
            memcpy(tmp + W * i, states + W * from, W * sizeof *tmp);
            ins[i] = in[from];
            outs[i] = out ? out[from] : NULL;
        }
        fn(tmp, b, out ? outs : NULL, ins, n, 0);
        memcpy(states + W * done, tmp, n * W * sizeof *tmp);
        lwcx_wipe(tmp, sizeof tmp);
        done += n;
    }
    return done;
}

/* Esch: each block, sliced, goes through the injection's linear map (ell of
 * the XOR of the x words and of the y words, as in the linear layer). */
static inline __attribute__((always_inline)) void absorb_lanes(uint32_t *s, const uint8_t *const *msg,
                                                               size_t blocks, unsigned steps, const unsigned NB,
                                                               const unsigned K)
{
    V x[SPARKLE_MAX_BRANCHES * MAX_K], y[SPARKLE_MAX_BRANCHES * MAX_K];
    v_load_states(s, x, y, NB, K);
    for (size_t j = 0; j < blocks; j++) {
        for (unsigned k = 0; k < K; k++) {
            V m[4];
            v_load_rows(msg + 8 * k, 16 * j, m, 4);
            const V tx = v_ell(_mm256_xor_si256(m[0], m[2])), ty = v_ell(_mm256_xor_si256(m[1], m[3]));
            x[0 * K + k] = _mm256_xor_si256(x[0 * K + k], _mm256_xor_si256(m[0], ty));
            y[0 * K + k] = _mm256_xor_si256(y[0 * K + k], _mm256_xor_si256(m[1], tx));
            x[1 * K + k] = _mm256_xor_si256(x[1 * K + k], _mm256_xor_si256(m[2], ty));
            y[1 * K + k] = _mm256_xor_si256(y[1 * K + k], _mm256_xor_si256(m[3], tx));
            for (unsigned b = 2; b < NB / 2; b++) {
                x[b * K + k] = _mm256_xor_si256(x[b * K + k], ty);
                y[b * K + k] = _mm256_xor_si256(y[b * K + k], tx);
            }
        }
        v_steps(x, y, steps, NB, K);
    }
    v_store_states(s, x, y, NB, K);
}

static void absorb_group(uint32_t *states, const batch *b, uint8_t *const *out, const uint8_t *const *msg,
                         size_t rows, int two)
{
    (void)out, (void)rows; /* padding lanes have nothing to drop */
    switch (b->nb) {
    case 4:
        if (two) absorb_lanes(states, msg, b->blocks, b->steps, 4, 2);
        else absorb_lanes(states, msg, b->blocks, b->steps, 4, 1);
        break;
    case 6: absorb_lanes(states, msg, b->blocks, b->steps, 6, 1); break;
    default: absorb_lanes(states, msg, b->blocks, b->steps, 8, 1); break;
    }
}

static void avx2_esch_absorb_many(uint32_t *states, size_t count, unsigned nb, unsigned steps,
                                  const uint8_t *const *msg, size_t blocks)
{
    if (!blocks) return;
    const batch b = {nb, steps, 0, 0, blocks};
    const size_t done = run_groups(states, count, &b, NULL, msg, absorb_group);
    if (done < count)
        sparkle_esch_absorb_generic(&lwcx_sparkle_avx2, states + 2 * nb * done, count - done, nb, steps, msg + done, blocks);
}

/* State word w of group k: the x or y register of branch w / 2. */
#define SW(w) (*((w) & 1 ? &y[(w) / 2 * K + k] : &x[(w) / 2 * K + k]))

/* Schwaemm: R rate words per block, in rows of 4 words (and one of 2 for
 * R = 6); the output (the input XOR the rate) goes back out the same way. */
static inline __attribute__((always_inline)) void blocks_lanes(uint32_t *s, uint8_t *const *out,
                                                               const uint8_t *const *in, size_t blocks,
                                                               unsigned steps, int decrypt, size_t rows,
                                                               const unsigned NB, const unsigned R,
                                                               const unsigned K)
{
    V x[SPARKLE_MAX_BRANCHES * MAX_K], y[SPARKLE_MAX_BRANCHES * MAX_K];
    const unsigned half = R / 2, last_half = 2 * NB - half;
    v_load_states(s, x, y, NB, K);
    for (size_t j = 0, off = 0; j < blocks; j++, off += 4 * R) {
        for (unsigned k = 0; k < K; k++) {
            V d[8], o[8]; /* the input block and the output block */
            for (unsigned c = 0; c < R; c += 4) v_load_rows(in + 8 * k, off + 4 * c, d + c, R - c < 4 ? R - c : 4);
            for (unsigned w = 0; w < R; w++) o[w] = _mm256_xor_si256(d[w], SW(w));
            const V *m = decrypt ? o : d; /* the plaintext */
            for (unsigned i = 0; i < half; i++) { /* rho and rate whitening */
                const V left = SW(i), right = SW(half + i);
                SW(i) = _mm256_xor_si256(_mm256_xor_si256(right, m[i]), SW(R + i));
                SW(half + i) = _mm256_xor_si256(_mm256_xor_si256(left, right),
                                                _mm256_xor_si256(m[half + i], SW(last_half + i)));
            }
            if (out)
                for (unsigned c = 0; c < R; c += 4)
                    v_store_rows(out + 8 * k, off + 4 * c, o + c, R - c < 4 ? R - c : 4,
                                 rows > 8 * k ? rows - 8 * k : 0);
        }
        v_steps(x, y, steps, NB, K);
    }
    v_store_states(s, x, y, NB, K);
}
#undef SW

static void blocks_group(uint32_t *states, const batch *b, uint8_t *const *out, const uint8_t *const *in,
                         size_t rows, int two)
{
    const size_t n = b->blocks;
    const unsigned steps = b->steps;
    const int dec = b->decrypt;
    switch (b->nb * 16 + b->rate_words) {
    case 4 * 16 + 4:
        if (two) blocks_lanes(states, out, in, n, steps, dec, rows, 4, 4, 2);
        else blocks_lanes(states, out, in, n, steps, dec, rows, 4, 4, 1);
        break;
    case 6 * 16 + 6: blocks_lanes(states, out, in, n, steps, dec, rows, 6, 6, 1); break;
    case 6 * 16 + 8: blocks_lanes(states, out, in, n, steps, dec, rows, 6, 8, 1); break;
    default: blocks_lanes(states, out, in, n, steps, dec, rows, 8, 8, 1); break;
    }
}

static void avx2_schwaemm_blocks_many(uint32_t *states, size_t count, unsigned nb, unsigned steps,
                                      unsigned rate_words, uint8_t *const *out, const uint8_t *const *in,
                                      size_t blocks, int decrypt)
{
    if (!blocks) return;
    const unsigned shape = nb * 16 + rate_words; /* the four Schwaemm variants' */
    size_t done = 0;
    if (shape == 4 * 16 + 4 || shape == 6 * 16 + 6 || shape == 6 * 16 + 8 || shape == 8 * 16 + 8) {
        const batch b = {nb, steps, rate_words, decrypt, blocks};
        done = run_groups(states, count, &b, out, in, blocks_group);
    }
    if (done < count)
        sparkle_schwaemm_blocks_generic(&lwcx_sparkle_avx2, states + 2 * nb * done, count - done, nb, steps, rate_words,
                                        out ? out + done : NULL, in + done, blocks, decrypt);
}

const sparkle_impl lwcx_sparkle_avx2 = {
    .desc = {
        .name = "avx2",
        .description = "AVX2: branches in SIMD lanes (one state), 8 states per register (many)",
        .features = LWCX_CPU_AVX2,
        .batch = 8,
        .constant_time = 1,
    },
    .permute = avx2_permute,
    .permute_many = avx2_permute_many,
    .esch_absorb_many = avx2_esch_absorb_many,
    .schwaemm_blocks_many = avx2_schwaemm_blocks_many,
};
