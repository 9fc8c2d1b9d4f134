/* Template: included by other files, never compiled on its own.
 * Includer defines first: V, LANES, the v_* lane operations, V_UNPACK*, lanes_permute1,
 *   LANES_SELF, LANES_TWO_GROUPS, LANES_FEISTEL_EARLY (below)
 * Defines: lanes_permute_many, lanes_schwaemm_blocks_many, lanes_esch_absorb_many; the file
 *   then defines v_rows_in, v_rows_out
 */
/* SPARKLE on LANES states side by side, one state per 32-bit lane (word w of
 * the states is one register): the batch permutation and the modes' batch
 * entry points, written once for every x86 vector width. Included by one
 * implementation file, which first defines
 *
 *   V, LANES              the register type and its 32-bit lane count (8, 16)
 *   v_add, v_xor, v_xor3  lane-wise 32-bit addition, XOR of two and of three
 *   v_set1, v_zero        a broadcast word, zero
 *   v_ror(v, r)           rotation right by the constant r (31, 24, 17, 16)
 *   v_ell_r(t, rt)        the linear layer's ell, lane-wise, given rt = ror(t, 16):
 *                         rt ^ (t & 0xffff)
 *   v_lo16(v), v_srl16(v) v & 0xffff and v >> 16, lane-wise
 *   V_UNPACK{LO,HI}{32,64}  the in-lane (128-bit) interleaves
 *   lanes_permute1(s, nb, steps)  the implementation's single-state permutation
 *   LANES_SELF            the implementation (for the generic fallbacks)
 *   LANES_TWO_GROUPS(nb, modes)  1 where two groups of LANES states run
 *                              interleaved (the permutation, or the modes' blocks)
 *   LANES_FEISTEL_EARLY   1 to take the linear layer from before Alzette's end
 *                         (v_steps_early: a shorter path from step to step for
 *                         a few more operations), 0 for the plain steps
 *
 * States go in and out through 4x4 in-lane transposes of 128-bit rows, so
 * that lane 4q + i holds state 4q + i (the file defines v_rows_in and
 * v_rows_out, declared below, after including this header: they use
 * row_load and row_store); the rest is the unrolled scalar
 * algorithm on vectors, with all boxes of a step interleaved (v_alzette).
 * The modes transpose their states in once per call rather than once per
 * block, and bring the message words in (and Schwaemm's output out) through
 * the same transposes, 16 bytes of each message at a time. */
#ifndef LWCX_SPARKLE_LANES_H
#define LWCX_SPARKLE_LANES_H

#include <immintrin.h>
#include <string.h>

#include "sparkle_impl.h"

#define LANES_INLINE static inline __attribute__((always_inline))
#define MAX_K 2

/* Words 0..n-1 (n = 2 or 4) of one 16-byte row, and back. */
LANES_INLINE __m128i row_load(const uint8_t *p, const unsigned n)
{
    return n == 4 ? _mm_loadu_si128((const __m128i *)p) : _mm_loadl_epi64((const __m128i *)p);
}
LANES_INLINE void row_store(uint8_t *p, __m128i v, const unsigned n)
{
    if (n == 4) _mm_storeu_si128((__m128i *)p, v);
    else _mm_storel_epi64((__m128i *)p, v);
}

/* The register whose 128-bit part q holds words 0..n-1 (n = 2 or 4) of row
 * i + 4q (at p[i + 4q] + off), and the inverse, for rows below `rows` only. */
LANES_INLINE V v_rows_in(const uint8_t *const *p, size_t off, unsigned i, const unsigned n);
LANES_INLINE void v_rows_out(V v, uint8_t *const *p, size_t off, unsigned i, const unsigned n, size_t rows);

/* Alzette but the end of its last round (y ^= ror(x, 16), x ^= c: the
 * steps add it) on boxes first .. first+n-1 at once, each
 * operation issued for
 * all n before the next: a box is one long dependency chain, so the core
 * needs many of them interleaved in program order to keep its vector pipes
 * fed. Box i uses constant rcon[i / K] (K groups of LANES states side by
 * side). SPARKLE512's 8 boxes go 6 and 2: with all 8 interleaved, its 16
 * state words and the temporaries exceed AVX2's 16 registers, and clang
 * spilled 25 words a step where gcc spilled 7 (docs/design/sparkle.md,
 * "Many states in lanes"). */
LANES_INLINE void v_alzette(V *x, V *y, const unsigned first, const unsigned n, const unsigned K)
{
#define EACH for (unsigned i = first; i < first + n; i++)
#define C(i) v_set1(lwcx_sparkle_rcon[(i) / K])
    EACH x[i] = v_add(x[i], v_ror(y[i], 31));
    EACH y[i] = v_xor(y[i], v_ror(x[i], 24));
    EACH x[i] = v_xor(x[i], C(i));
    EACH x[i] = v_add(x[i], v_ror(y[i], 17));
    EACH y[i] = v_xor(y[i], v_ror(x[i], 17));
    EACH x[i] = v_xor(x[i], C(i));
    EACH x[i] = v_add(x[i], y[i]);
    EACH y[i] = v_xor(y[i], v_ror(x[i], 31));
    EACH x[i] = v_xor(x[i], C(i));
    EACH x[i] = v_add(x[i], v_ror(y[i], 24));
#undef C
#undef EACH
}

LANES_INLINE V v_ell(V t)
{
    return v_ell_r(t, v_ror(t, 16));
}

/* In-lane 4x4 transpose of 32-bit words: row i of a[] becomes column i.
 * Its own inverse. */
LANES_INLINE void v_transpose4(V a[4])
{
    const V t0 = V_UNPACKLO32(a[0], a[1]), t1 = V_UNPACKHI32(a[0], a[1]);
    const V t2 = V_UNPACKLO32(a[2], a[3]), t3 = V_UNPACKHI32(a[2], a[3]);
    a[0] = V_UNPACKLO64(t0, t2);
    a[1] = V_UNPACKHI64(t0, t2);
    a[2] = V_UNPACKLO64(t1, t3);
    a[3] = V_UNPACKHI64(t1, t3);
}

/* Words 0..n-1 (n = 2 or 4) of LANES rows (row i at p[i] + off) sliced:
 * m[w] = word w of each row, lane i = row i (the layout of the states); with
 * n = 2, m[2] and m[3] are zero. */
LANES_INLINE void v_load_rows(const uint8_t *const *p, size_t off, V m[4], const unsigned n)
{
    for (unsigned i = 0; i < 4; i++) m[i] = v_rows_in(p, off, i, n);
    v_transpose4(m);
}

/* The inverse, for the first `rows` rows only (the others are not written). */
LANES_INLINE void v_store_rows(uint8_t *const *p, size_t off, V m[4], const unsigned n, size_t rows)
{
    if (n == 2) m[2] = m[3] = v_zero(); /* words not stored */
    v_transpose4(m);
    for (unsigned i = 0; i < 4; i++) v_rows_out(m[i], p, off, i, n, rows);
}

/* K groups of LANES states (state i at s + 2*NB*i) into word registers,
 * indexed [branch * K + group], so Alzette sees all NB*K boxes in one array. */
LANES_INLINE void v_load_states(const uint32_t *s, V *x, V *y, const unsigned NB, const unsigned K)
{
    const size_t W = 2 * NB;
    for (unsigned k = 0; k < K; k++) {
        const uint8_t *rows[LANES];
        for (unsigned i = 0; i < LANES; i++) rows[i] = (const uint8_t *)(s + W * (LANES * k + i));
        V w[2 * SPARKLE_MAX_BRANCHES];
        for (unsigned j = 0; j < W / 4; j++) v_load_rows(rows, 16 * j, w + 4 * j, 4);
        for (unsigned b = 0; b < NB; b++) x[b * K + k] = w[2 * b], y[b * K + k] = w[2 * b + 1];
    }
}

LANES_INLINE void v_store_states(uint32_t *s, const V *x, const V *y, const unsigned NB, const unsigned K)
{
    const size_t W = 2 * NB;
    for (unsigned k = 0; k < K; k++) {
        uint8_t *rows[LANES];
        for (unsigned i = 0; i < LANES; i++) rows[i] = (uint8_t *)(s + W * (LANES * k + i));
        V w[2 * SPARKLE_MAX_BRANCHES];
        for (unsigned b = 0; b < NB; b++) w[2 * b] = x[b * K + k], w[2 * b + 1] = y[b * K + k];
        for (unsigned j = 0; j < W / 4; j++) v_store_rows(rows, 16 * j, w + 4 * j, 4, LANES);
    }
}

/* The permutation on sliced states: the unrolled scalar algorithm. */
LANES_INLINE void v_steps_plain(V *x, V *y, unsigned steps, const unsigned NB, const unsigned K)
{
    const unsigned half = NB / 2;
    for (unsigned step = 0; step < steps; step++) {
        for (unsigned k = 0; k < K; k++) {
            y[0 * K + k] = v_xor(y[0 * K + k], v_set1(lwcx_sparkle_rcon[step & 7]));
            y[1 * K + k] = v_xor(y[1 * K + k], v_set1(step));
        }
        if (NB == 8) { /* one group (K = 1): see v_alzette */
            v_alzette(x, y, 0, 6, K);
            v_alzette(x, y, 6, 2, K);
        } else {
            v_alzette(x, y, 0, NB * K, K);
        }
        for (unsigned i = 0; i < NB * K; i++) {
            y[i] = v_xor(y[i], v_ror(x[i], 16));
            x[i] = v_xor(x[i], v_set1(lwcx_sparkle_rcon[i / K]));
        }
        for (unsigned k = 0; k < K; k++) {
            V tx = x[k], ty = y[k];
            for (unsigned b = 1; b < half; b++) tx = v_xor(tx, x[b * K + k]), ty = v_xor(ty, y[b * K + k]);
            tx = v_ell(tx);
            ty = v_ell(ty);
            /* Feistel: right ^= left ^ (ty, tx), rotated by one branch; then swap halves */
            V nx[SPARKLE_MAX_BRANCHES], ny[SPARKLE_MAX_BRANCHES];
            for (unsigned b = 0; b < half; b++) {
                const unsigned from = (b + 1) % half;
                nx[b] = v_xor3(x[(half + from) * K + k], x[from * K + k], ty);
                ny[b] = v_xor3(y[(half + from) * K + k], y[from * K + k], tx);
                nx[half + b] = x[b * K + k];
                ny[half + b] = y[b * K + k];
            }
            for (unsigned b = 0; b < NB; b++) x[b * K + k] = nx[b], y[b * K + k] = ny[b];
        }
    }
}

/* The permutation on sliced states, where LANES_FEISTEL_EARLY. What one step waits for from the last
 * is the linear layer's Feistel over the left branches' Alzette outputs. It
 * is taken from before the end of Alzette's last round, which ell's
 * linearity allows (docs/design/sparkle.md, "The linear layer's path"):
 * with xa and yp a box's words before that end (x = xa ^ c, y = yp ^
 * ror16(xa)), X the XOR of the left boxes' xa, O_f that of all but box f's,
 * and box j's constant c_j, the new left branch b (from = f = b + 1 mod
 * half, right box r = half + f) is
 *   x = xa_r ^ ell(Yp) ^ c_r ^ c_f ^ O_f ^ (X >> 16)
 *   y = yp_r ^ yp_f ^ ell(c_0 ^ .. ^ c_half-1) ^ ror16(xa_r ^ O_f) ^ (X & 0xffff)
 * where Yp is the XOR of the left boxes' yp; the right branches get the left
 * boxes' words as Alzette leaves them. The step constants of y0 and y1 are
 * XORed in there too (step 0's before the loop; the one after the last
 * step is taken back). */
LANES_INLINE void v_steps_early(V *x, V *y, unsigned steps, const unsigned NB, const unsigned K)
{
    const unsigned half = NB / 2;
    uint32_t cx = 0;
    for (unsigned b = 0; b < half; b++) cx ^= lwcx_sparkle_rcon[b];
    const uint32_t ell_cx = lwcx_ror32(cx ^ (cx << 16), 16);
    for (unsigned k = 0; k < K; k++) y[k] = v_xor(y[k], v_set1(lwcx_sparkle_rcon[0]));
    for (unsigned step = 0; step < steps; step++) {
        if (NB == 8) { /* one group (K = 1): see v_alzette */
            v_alzette(x, y, 0, 6, K);
            v_alzette(x, y, 6, 2, K);
        } else {
            v_alzette(x, y, 0, NB * K, K);
        }
        for (unsigned k = 0; k < K; k++) {
#define XA(b) x[(b) * K + k]
#define YP(b) y[(b) * K + k]
            V X = XA(0), Yp = YP(0);
            for (unsigned b = 1; b < half; b++) X = v_xor(X, XA(b)), Yp = v_xor(Yp, YP(b));
            const V ell_yp = v_ell(Yp), x_hi = v_srl16(X), x_lo = v_lo16(X);
            V nx[SPARKLE_MAX_BRANCHES], ny[SPARKLE_MAX_BRANCHES];
            for (unsigned b = 0; b < half; b++) {
                const unsigned f = (b + 1) % half, r = half + f;
                V O = XA(f == 0 ? 1 : 0);
                for (unsigned o = (f == 0 ? 2 : 1); o < half; o++)
                    if (o != f) O = v_xor(O, XA(o));
                const uint32_t step_c = b == 0 ? lwcx_sparkle_rcon[(step + 1) & 7] : b == 1 ? step + 1 : 0;
                nx[b] = v_xor3(v_xor3(XA(r), ell_yp, v_set1(lwcx_sparkle_rcon[r] ^ lwcx_sparkle_rcon[f])), O, x_hi);
                ny[b] = v_xor3(v_xor3(YP(r), YP(f), v_set1(ell_cx ^ step_c)), v_ror(v_xor(XA(r), O), 16), x_lo);
            }
            for (unsigned b = 0; b < half; b++) {
                nx[half + b] = v_xor(XA(b), v_set1(lwcx_sparkle_rcon[b]));
                ny[half + b] = v_xor(YP(b), v_ror(XA(b), 16));
            }
#undef XA
#undef YP
            for (unsigned b = 0; b < NB; b++) x[b * K + k] = nx[b], y[b * K + k] = ny[b];
        }
    }
    for (unsigned k = 0; k < K; k++) {
        y[k] = v_xor(y[k], v_set1(lwcx_sparkle_rcon[steps & 7]));
        y[K + k] = v_xor(y[K + k], v_set1(steps));
    }
}

LANES_INLINE void v_steps(V *x, V *y, unsigned steps, const unsigned NB, const unsigned K)
{
    if (LANES_FEISTEL_EARLY) v_steps_early(x, y, steps, NB, K);
    else v_steps_plain(x, y, steps, NB, K);
}

/* One call's parameters; rate_words is 0 for Esch and the permutation. */
typedef struct batch {
    unsigned nb, steps, rate_words;
    int decrypt, two_groups; /* two_groups: groups of 2*LANES states pay */
    size_t blocks;
} batch;

/* One group of LANES states (2*LANES when two), lanes past rows being
 * padding; in and out are NULL for the permutation. */
typedef void group_fn(uint32_t *states, const batch *b, uint8_t *const *out, const uint8_t *const *in, size_t rows,
                      int two);

/* Runs fn over count states: groups of 2*LANES where b->two_groups, of
 * LANES, and a last part group of LANES/4 or more states in lanes beside
 * copies of state 0 (reading its input; their output is not written).
 * Returns how many states it did; the caller does the rest one by one. */
static size_t run_groups(uint32_t *states, size_t count, const batch *b, uint8_t *const *out,
                         const uint8_t *const *in, group_fn *fn)
{
    const size_t W = 2 * (size_t)b->nb;
    size_t done = 0;
    for (; b->two_groups && count - done >= 2 * LANES; done += 2 * LANES)
        fn(states + W * done, b, out ? out + done : NULL, in ? in + done : NULL, 2 * LANES, 1);
    for (; count - done >= LANES; done += LANES)
        fn(states + W * done, b, out ? out + done : NULL, in ? in + done : NULL, LANES, 0);
    const size_t n = count - done;
    if (n >= 2 && 4 * n >= LANES) {
        uint32_t tmp[LANES * 2 * SPARKLE_MAX_BRANCHES];
        const uint8_t *ins[LANES];
        uint8_t *outs[LANES];
        for (size_t i = 0; i < LANES; i++) {
            const size_t from = done + (i < n ? i : 0);
            memcpy(tmp + W * i, states + W * from, W * sizeof *tmp);
            ins[i] = in ? in[from] : NULL;
            outs[i] = out ? out[from] : NULL;
        }
        fn(tmp, b, out ? outs : NULL, in ? ins : NULL, n, 0);
        memcpy(states + W * done, tmp, n * W * sizeof *tmp);
        lwcx_wipe(tmp, sizeof tmp);
        done += n;
    }
    return done;
}

/* ---- The permutation ---- */

LANES_INLINE void permute_lanes(uint32_t *s, unsigned steps, const unsigned NB, const unsigned K)
{
    V x[SPARKLE_MAX_BRANCHES * MAX_K], y[SPARKLE_MAX_BRANCHES * MAX_K];
    v_load_states(s, x, y, NB, K);
    v_steps(x, y, steps, NB, K);
    v_store_states(s, x, y, NB, K);
}

static void permute_group(uint32_t *states, const batch *b, uint8_t *const *out, const uint8_t *const *in,
                          size_t rows, int two)
{
    (void)out, (void)in, (void)rows;
    switch (b->nb * 2 + (unsigned)two) {
    case 4 * 2 + 1: permute_lanes(states, b->steps, 4, 2); break;
    case 4 * 2: permute_lanes(states, b->steps, 4, 1); break;
    case 6 * 2 + 1: permute_lanes(states, b->steps, 6, 2); break;
    case 6 * 2: permute_lanes(states, b->steps, 6, 1); break;
    default: permute_lanes(states, b->steps, 8, 1); break; /* never two groups */
    }
}

static void lanes_permute_many(uint32_t *states, size_t count, unsigned nb, unsigned steps)
{
    const batch b = {nb, steps, 0, 0, nb != 8 && LANES_TWO_GROUPS(nb, 0), 0};
    const size_t W = 2 * (size_t)nb;
    for (size_t i = run_groups(states, count, &b, NULL, NULL, permute_group); i < count; i++)
        lanes_permute1(states + W * i, nb, steps);
}

/* ---- Esch: each block, sliced, goes through the injection's linear map
 * (ell of the XOR of the x words and of the y words, as in the linear
 * layer) ---- */

LANES_INLINE void absorb_lanes(uint32_t *s, const uint8_t *const *msg, size_t blocks, unsigned steps,
                               const unsigned NB, const unsigned K)
{
    V x[SPARKLE_MAX_BRANCHES * MAX_K], y[SPARKLE_MAX_BRANCHES * MAX_K];
    v_load_states(s, x, y, NB, K);
    for (size_t j = 0; j < blocks; j++) {
        for (unsigned k = 0; k < K; k++) {
            V m[4];
            v_load_rows(msg + LANES * k, 16 * j, m, 4);
            const V tx = v_ell(v_xor(m[0], m[2])), ty = v_ell(v_xor(m[1], m[3]));
            x[0 * K + k] = v_xor3(x[0 * K + k], m[0], ty);
            y[0 * K + k] = v_xor3(y[0 * K + k], m[1], tx);
            x[1 * K + k] = v_xor3(x[1 * K + k], m[2], ty);
            y[1 * K + k] = v_xor3(y[1 * K + k], m[3], tx);
            for (unsigned b = 2; b < NB / 2; b++) {
                x[b * K + k] = v_xor(x[b * K + k], ty);
                y[b * K + k] = v_xor(y[b * K + k], tx);
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

static void lanes_esch_absorb_many(uint32_t *states, size_t count, unsigned nb, unsigned steps,
                                   const uint8_t *const *msg, size_t blocks)
{
    if (!blocks) return;
    const batch b = {nb, steps, 0, 0, nb == 4 && LANES_TWO_GROUPS(nb, 1), blocks};
    const size_t done = run_groups(states, count, &b, NULL, msg, absorb_group);
    if (done < count)
        sparkle_esch_absorb_generic(&LANES_SELF, states + 2 * nb * done, count - done, nb, steps, msg + done, blocks);
}

/* ---- Schwaemm: R rate words per block, in rows of 4 words (and one of 2
 * for R = 6); the output (the input XOR the rate) goes back out the same
 * way ---- */

/* State word w of group k: the x or y register of branch w / 2. */
#define SW(w) (*((w) & 1 ? &y[(w) / 2 * K + k] : &x[(w) / 2 * K + k]))

LANES_INLINE void blocks_lanes(uint32_t *s, uint8_t *const *out, const uint8_t *const *in, size_t blocks,
                               unsigned steps, int decrypt, size_t rows, const unsigned NB, const unsigned R,
                               const unsigned K)
{
    V x[SPARKLE_MAX_BRANCHES * MAX_K], y[SPARKLE_MAX_BRANCHES * MAX_K];
    const unsigned half = R / 2, last_half = 2 * NB - half;
    v_load_states(s, x, y, NB, K);
    for (size_t j = 0, off = 0; j < blocks; j++, off += 4 * R) {
        for (unsigned k = 0; k < K; k++) {
            V d[8], o[8]; /* the input block and the output block */
            for (unsigned c = 0; c < R; c += 4)
                v_load_rows(in + LANES * k, off + 4 * c, d + c, R - c < 4 ? R - c : 4);
            for (unsigned w = 0; w < R; w++) o[w] = v_xor(d[w], SW(w));
            const V *m = decrypt ? o : d; /* the plaintext */
            for (unsigned i = 0; i < half; i++) { /* rho and rate whitening */
                const V left = SW(i), right = SW(half + i);
                SW(i) = v_xor3(right, m[i], SW(R + i));
                SW(half + i) = v_xor3(v_xor(left, right), m[half + i], SW(last_half + i));
            }
            if (out)
                for (unsigned c = 0; c < R; c += 4)
                    v_store_rows(out + LANES * k, off + 4 * c, o + c, R - c < 4 ? R - c : 4,
                                 rows > LANES * k ? rows - LANES * k : 0);
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

static void lanes_schwaemm_blocks_many(uint32_t *states, size_t count, unsigned nb, unsigned steps,
                                       unsigned rate_words, uint8_t *const *out, const uint8_t *const *in,
                                       size_t blocks, int decrypt)
{
    if (!blocks) return;
    const unsigned shape = nb * 16 + rate_words; /* the four Schwaemm variants' */
    size_t done = 0;
    if (shape == 4 * 16 + 4 || shape == 6 * 16 + 6 || shape == 6 * 16 + 8 || shape == 8 * 16 + 8) {
        const batch b = {nb, steps, rate_words, decrypt, nb == 4 && LANES_TWO_GROUPS(nb, 1), blocks};
        done = run_groups(states, count, &b, out, in, blocks_group);
    }
    if (done < count)
        sparkle_schwaemm_blocks_generic(&LANES_SELF, states + 2 * nb * done, count - done, nb, steps, rate_words,
                                        out ? out + done : NULL, in + done, blocks, decrypt);
}

#endif
