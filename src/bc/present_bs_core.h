/* PRESENT bitsliced over an abstract word (see bc_impl.h): word x[i] holds
 * bit i of every block of the batch, one block per bit position of the word
 * ("lane"). The S-box is a 14-op Boolean circuit (9 three-input operations
 * where the word has them, BS_TERN, each round then adding the next round's
 * key to its outputs: PRESENT_KEY_AFTER), pLayer is where each S-box output
 * is stored (bit b of nibble j moves to 16 b + j), and the key
 * schedule can run sliced too: the key register as nk words (80 or 128),
 * its rotation a moving offset. The includer defines (bs_word_*.h), besides
 * bs_word and the Boolean operations of bc_impl.h:
 *   BS_LANES           the lanes of a word, a power of 2
 *   BS_ZERO            the all-zeros word
 *   BS_MASK32(m)       the word with every 32-bit part equal to m (0 or ~0)
 *   BS_LANE_PATS       initializer of the words whose lane l is bit k of l,
 *                      k < log2(BS_LANES), stored as BS_LANE_PATS_STORAGE
 *                      (static or nothing)
 * and may define PRESENT_INLINE (default BS_INLINE, bs_core_common.h),
 * PRESENT_TWO_ROUNDS (1: encrypt with rounds in pairs, see below) and
 * PRESENT_MASK8 (1: the one-key schedule as byte masks, present_bs_sched).
 * Nothing here is ISA-specific or host-only; packing stays with the
 * includer. */
#ifndef LWCX_PRESENT_BS_CORE_H
#define LWCX_PRESENT_BS_CORE_H

#include <stdint.h>

#include "bs_core_common.h"

#define PRESENT_ROUNDS 31
#ifndef PRESENT_INLINE
#define PRESENT_INLINE BS_INLINE
#endif
/* Rounds in pairs (present_bs_round2_enc) where a word's 16 words of a
 * super-box and its temporaries fit the registers (32 of them, AVX-512). */
#ifndef PRESENT_TWO_ROUNDS
#define PRESENT_TWO_ROUNDS 0
#endif
/* Where a round adds its key: on the S-box inputs (round r adds K_r, the
 * 32nd key after the last round) or, with three-input operations, on the
 * outputs (the first key before the rounds, round r adds K_{r+1}), where the
 * circuit below takes it for free. Measured on a Zen 4: the inputs are
 * faster on the words without them (avx2 and bitslice64 took 5% and 8%
 * longer with the key after). With the lanes' own keys the register then
 * runs a round ahead (present_bs_crypt_sliced), no extra step: the avx512
 * key search 4-7% faster on an Intel Xeon (a round two 144 operations, not
 * 202; a first try, the register stepped before each round to reach
 * K_{r+1}, was 17% slower on the Zen 4). */
#ifdef BS_TERN
#define PRESENT_KEY_AFTER 1
#else
#define PRESENT_KEY_AFTER 0
#endif

/* One key for all lanes, as expand() leaves it: m[r][i] = bit i of round key
 * K_{r+1} as 0 or ~0, so applying a key bit is one broadcast. As 32-bit
 * words (8 KiB), or with PRESENT_MASK8 as bytes (2 KiB: the word's
 * BS_MASK8 and bs_bit_masks8; present_avx512b.c says why). */
#ifdef PRESENT_MASK8
typedef uint8_t present_mask;
#define PRESENT_MASK(m) BS_MASK8(m)
#else
typedef uint32_t present_mask;
#define PRESENT_MASK(m) BS_MASK32(m)
#endif
typedef struct present_bs_sched {
    present_mask m[PRESENT_ROUNDS + 1][64];
} present_bs_sched;

/* In 32-bit halves (bs_bit_masks32), or whole as bytes */
BS_FUNC void present_bs_sched_from(present_bs_sched *s, const uint64_t rk[PRESENT_ROUNDS + 1])
{
#ifdef PRESENT_MASK8
    for (int r = 0; r <= PRESENT_ROUNDS; r++) bs_bit_masks8(s->m[r], rk[r]);
#else
    for (int r = 0; r <= PRESENT_ROUNDS; r++)
        for (int h = 0; h < 2; h++) bs_bit_masks32(&s->m[r][32 * h], (uint32_t)(rk[r] >> 32 * h));
#endif
}

/* Round keys come either as broadcast masks (one key for all lanes) or
 * sliced (one word per bit, each lane its own key; the bits of
 * present_bs_saved_slot from saved[] where saved is set). */
typedef struct present_bs_rk {
    int sliced, after; /* after: the key goes on the S-box outputs */
    const present_mask *m;
    const bs_word *ks, *saved;
} present_bs_rk;
/* (a function, not a compound literal: C++ and CUDA have none) */
PRESENT_INLINE present_bs_rk present_bs_rk_of(int sliced, int after, const present_mask *m, const bs_word *ks,
                                              const bs_word *saved)
{
    present_bs_rk rk;
    rk.sliced = sliced;
    rk.after = after;
    rk.m = m;
    rk.ks = ks;
    rk.saved = saved;
    return rk;
}
#define PRESENT_RK_MASKS(masks) present_bs_rk_of(0, PRESENT_KEY_AFTER, (masks), 0, 0)
#define PRESENT_RK_SLICED(words) present_bs_rk_of(1, PRESENT_KEY_AFTER, 0, (words), 0)
#define PRESENT_RK_SLICED_SAVED(words, saved) present_bs_rk_of(1, PRESENT_KEY_AFTER, 0, (words), (saved))

/* The words of K_r that the register's step to K_{r+1} rewrites
 * (present_bs_sliced_enc_round2): round-key bits 0-2 (the S-boxed nibble,
 * register bits 16-18) and, of an 80-bit key, 18-22 (the counter, bits
 * 34-38; a 128-bit key's counter lies outside the round key). Their place in
 * the saved copy, or -1. */
#define PRESENT_SAVED_WORDS 8
PRESENT_INLINE int present_bs_saved_slot(int i)
{
    return i < 3 ? i : i >= 18 && i < 23 ? i - 15 : -1;
}

/* Round-key bit i. Every caller builds rk with one of the macros in the
 * call itself, so after inlining the choice is made at compile time. */
PRESENT_INLINE bs_word present_bs_key(present_bs_rk rk, int i)
{
    if (!rk.sliced) return PRESENT_MASK(rk.m[i]);
    if (rk.saved && present_bs_saved_slot(i) >= 0) return rk.saved[present_bs_saved_slot(i)];
    return rk.ks[i];
}

/* The S-box on bits (x0 least significant .. x3), checked against the table
 * on all 16 inputs (tests compare every implementation with ref). */
PRESENT_INLINE void present_bs_sbox(bs_word *o0, bs_word *o1, bs_word *o2, bs_word *o3, bs_word x0,
                                    bs_word x1, bs_word x2, bs_word x3)
{
    bs_word t1 = BS_XOR(x1, x2);
    bs_word t2 = BS_AND(x2, t1);
    bs_word t3 = BS_XOR(x3, t2);
    bs_word y0 = BS_XOR(x0, t3);
    t2 = BS_AND(t1, t3);
    t1 = BS_XOR(t1, y0);
    t2 = BS_XOR(t2, x2);
    bs_word y1 = BS_XOR(t1, BS_OR(x0, t2));
    t2 = BS_XOR(t2, BS_NOT(x0));
    *o0 = y0;
    *o1 = y1;
    *o3 = BS_XOR(y1, t2);
    *o2 = BS_XOR(t3, BS_OR(t2, t1));
}

/* The inverse S-box from its algebraic normal form. */
PRESENT_INLINE void present_bs_sbox_inv(bs_word *o0, bs_word *o1, bs_word *o2, bs_word *o3,
                                        bs_word x0, bs_word x1, bs_word x2, bs_word x3)
{
    bs_word a01 = BS_AND(x0, x1), a02 = BS_AND(x0, x2), a03 = BS_AND(x0, x3);
    bs_word a12 = BS_AND(x1, x2), a13 = BS_AND(x1, x3), a23 = BS_AND(x2, x3);
    bs_word a012 = BS_AND(a01, x2), a013 = BS_AND(a01, x3), a023 = BS_AND(x0, a23);
    bs_word cub = BS_XOR(BS_XOR(a012, a013), a023);
    bs_word x01 = BS_XOR(x0, x1);
    *o0 = BS_NOT(BS_XOR(BS_XOR(x0, x2), a13));
    *o1 = BS_XOR(BS_XOR(BS_XOR(x01, x3), BS_XOR(a02, a13)), BS_XOR(a23, cub));
    *o2 = BS_NOT(BS_XOR(BS_XOR(BS_XOR(x3, a01), BS_XOR(a02, a03)),
                        BS_XOR(BS_XOR(a12, a13), cub)));
    *o3 = BS_XOR(BS_XOR(BS_XOR(x01, x2), BS_XOR(x3, a01)), BS_XOR(a012, a023));
}

#if PRESENT_KEY_AFTER
/* o_j = S_j(x) ^ k_j: the S-box with the next round's key bits added to its
 * outputs, in 9 three-input operations: the shortest circuit of them whose
 * every output is the XOR of two of its wires that we know of (a SAT search
 * over such circuits: none of 7, 8 undecided after 15 minutes; 7 is the
 * shortest with no condition on the outputs), so that the key bit is a
 * third input at no cost. 144 operations a round, where the
 * two-input circuit and its key took 202 after the compilers' own fusing.
 * test_bs_cores_u32_tern runs it against ref on every machine (BS_TERN in
 * two-input operations). */
PRESENT_INLINE void present_bs_sbox_fold(bs_word *o0, bs_word *o1, bs_word *o2, bs_word *o3, bs_word x0,
                                         bs_word x1, bs_word x2, bs_word x3, bs_word k0, bs_word k1,
                                         bs_word k2, bs_word k3)
{
    /* In an order, and with the first operand chosen, so that a copy is
     * rarely needed: an x86 vpternlog overwrites its first operand, which
     * is here a value used for the last time, or a key bit (loaded into a
     * register, not copied); gcc does not reorder the operands itself (138
     * register copies a round pair in the key search before, 56 after). */
    const bs_word maj = BS_TERN(x3, x2, x1, 0xE8); /* majority of x1, x2, x3 */
    const bs_word b = BS_TERN(x3, x2, x1, 0xB4);   /* x3 ^ (x2 & ~x1) */
    const bs_word a = BS_TERN(x3, maj, x0, 0x87);  /* ~(x3 ^ (maj & x0)) */
    const bs_word c = BS_TERN(a, x2, x1, 0xD2);    /* a ^ (x1 & ~x2) */
    *o0 = BS_TERN(k0, x0, b, 0x96);                /* x0 ^ b ^ k0 */
    *o1 = BS_TERN(k1, maj, c, 0x69);               /* ~(maj ^ c) ^ k1 */
    const bs_word d = BS_TERN(maj, c, x0, 0x42);   /* ~(c ^ maj) & (c ^ x0) */
    *o3 = BS_TERN(c, x0, k3, 0x96);                /* x0 ^ c ^ k3 */
    *o2 = BS_TERN(b, d, k2, 0x69);                 /* ~(b ^ d) ^ k2 */
}
#endif

/* S-box j of a round on x[0..3] into o0..o3 (bits 0..3 of its output) with
 * its key: that of its inputs (bits 4j .. 4j+3) or, rk.after, that of the
 * places pLayer sends its outputs to (j + 16 b) */
PRESENT_INLINE void present_bs_sbox_j(bs_word *o0, bs_word *o1, bs_word *o2, bs_word *o3, const bs_word *x,
                                      present_bs_rk rk, int j)
{
#if PRESENT_KEY_AFTER
    if (rk.after) {
        bs_word x0 = x[0], x1 = x[1], x2 = x[2], x3 = x[3];
        BS_KEEP(x0);
        BS_KEEP(x1);
        BS_KEEP(x2);
        BS_KEEP(x3);
        present_bs_sbox_fold(o0, o1, o2, o3, x0, x1, x2, x3, present_bs_key(rk, j),
                             present_bs_key(rk, 16 + j), present_bs_key(rk, 32 + j),
                             present_bs_key(rk, 48 + j));
        return;
    }
#endif
    present_bs_sbox(o0, o1, o2, o3, BS_XOR(x[0], present_bs_key(rk, 4 * j)),
                    BS_XOR(x[1], present_bs_key(rk, 4 * j + 1)), BS_XOR(x[2], present_bs_key(rk, 4 * j + 2)),
                    BS_XOR(x[3], present_bs_key(rk, 4 * j + 3)));
}

/* y = pLayer(S(x ^ K)), or pLayer(S(x)) ^ K (rk.after: x with its key
 * already added, K the next round's) */
PRESENT_INLINE void present_bs_round_enc(bs_word *BS_RESTRICT y, const bs_word *BS_RESTRICT x,
                                         present_bs_rk rk)
{
    BS_UNROLL(16)
    for (int j = 0; j < 16; j++) present_bs_sbox_j(&y[j], &y[16 + j], &y[32 + j], &y[48 + j], x + 4 * j, rk, j);
}

/* Two rounds, keys k1 and k2 as in present_bs_round_enc, as four
 * independent super-boxes of 16 words: the S-boxes 4g .. 4g+3 of the first
 * round feed exactly the S-boxes g, g+4, g+8, g+12 of the second (output bit
 * b of S-box 4g+m lands in input bit m of S-box 4b+g). 16 words stay in
 * registers between the rounds, so a round loads and stores half the state
 * it would alone: on a 32-register word (AVX-512) the stores bounded the
 * round. */
PRESENT_INLINE void present_bs_round2_enc(bs_word *BS_RESTRICT y, const bs_word *BS_RESTRICT x,
                                          present_bs_rk k1, present_bs_rk k2)
{
    BS_UNROLL(4)
    for (int g = 0; g < 4; g++) {
        bs_word t[16]; /* t[4b + m]: output bit b of S-box 4g+m */
        BS_UNROLL(4)
        for (int m = 0; m < 4; m++) {
            const int j = 4 * g + m;
            present_bs_sbox_j(&t[m], &t[4 + m], &t[8 + m], &t[12 + m], x + 4 * j, k1, j);
        }
        BS_UNROLL(4)
        for (int b = 0; b < 4; b++) {
            const int j = 4 * b + g;
            present_bs_sbox_j(&y[j], &y[16 + j], &y[32 + j], &y[48 + j], t + 4 * b, k2, j);
        }
    }
}

/* y = S^-1(pLayer^-1(x)) ^ K */
PRESENT_INLINE void present_bs_round_dec(bs_word *BS_RESTRICT y, const bs_word *BS_RESTRICT x,
                                         present_bs_rk rk)
{
    BS_UNROLL(16)
    for (int j = 0; j < 16; j++) {
        bs_word o0, o1, o2, o3;
        present_bs_sbox_inv(&o0, &o1, &o2, &o3, x[j], x[16 + j], x[32 + j], x[48 + j]);
        y[4 * j] = BS_XOR(o0, present_bs_key(rk, 4 * j));
        y[4 * j + 1] = BS_XOR(o1, present_bs_key(rk, 4 * j + 1));
        y[4 * j + 2] = BS_XOR(o2, present_bs_key(rk, 4 * j + 2));
        y[4 * j + 3] = BS_XOR(o3, present_bs_key(rk, 4 * j + 3));
    }
}

/* The rounds as the loops below call them (see BS_ROUND): one key, or the
 * lanes' own keys. */
BS_ROUND void present_bs_round_enc_m(bs_word *BS_RESTRICT y, const bs_word *BS_RESTRICT x,
                                     const present_mask *m)
{
    present_bs_round_enc(y, x, PRESENT_RK_MASKS(m));
}

BS_ROUND void present_bs_round2_enc_m(bs_word *BS_RESTRICT y, const bs_word *BS_RESTRICT x,
                                      const present_mask *m1, const present_mask *m2)
{
    present_bs_round2_enc(y, x, PRESENT_RK_MASKS(m1), PRESENT_RK_MASKS(m2));
}

BS_ROUND void present_bs_round_dec_m(bs_word *BS_RESTRICT y, const bs_word *BS_RESTRICT x,
                                     const present_mask *m)
{
    present_bs_round_dec(y, x, PRESENT_RK_MASKS(m));
}

BS_ROUND void present_bs_round_enc_s(bs_word *BS_RESTRICT y, const bs_word *BS_RESTRICT x,
                                     const bs_word *ks)
{
    present_bs_round_enc(y, x, PRESENT_RK_SLICED(ks));
}

BS_ROUND void present_bs_round2_enc_s(bs_word *BS_RESTRICT y, const bs_word *BS_RESTRICT x,
                                      const bs_word *ks1, const bs_word *saved1, const bs_word *ks2)
{
    present_bs_round2_enc(y, x, PRESENT_RK_SLICED_SAVED(ks1, saved1), PRESENT_RK_SLICED(ks2));
}

BS_ROUND void present_bs_round_dec_s(bs_word *BS_RESTRICT y, const bs_word *BS_RESTRICT x,
                                     const bs_word *ks)
{
    present_bs_round_dec(y, x, PRESENT_RK_SLICED(ks));
}

PRESENT_INLINE void present_bs_add_key(bs_word *x, present_bs_rk rk)
{
    for (int i = 0; i < 64; i++) x[i] = BS_XOR(x[i], present_bs_key(rk, i));
}

/* One key: rounds first+1 .. 31 and the keys they add on x, the state
 * after round first (y is scratch); returns where the result is (x or y). */
PRESENT_INLINE bs_word *present_bs_encrypt_from(bs_word *x, bs_word *y, const present_bs_sched *s, int first)
{
    const int k = PRESENT_KEY_AFTER; /* round r's key: m[r + k] */
    int r = first;
#if PRESENT_TWO_ROUNDS
    for (; r + 2 <= PRESENT_ROUNDS; r += 2) {
        bs_word *t = x;
        present_bs_round2_enc_m(y, x, s->m[r + k], s->m[r + 1 + k]);
        x = y, y = t;
    }
#endif
    BS_UNROLL_ROUNDS
    for (; r < PRESENT_ROUNDS; r++) {
        bs_word *t = x;
        present_bs_round_enc_m(y, x, s->m[r + k]);
        x = y, y = t;
    }
    if (!PRESENT_KEY_AFTER) present_bs_add_key(x, PRESENT_RK_MASKS(s->m[PRESENT_ROUNDS]));
    return x;
}

/* One key: 31 rounds and the 32 round keys on the packed batch x (y is
 * scratch); returns where the result is (x or y). */
PRESENT_INLINE bs_word *present_bs_encrypt(bs_word *x, bs_word *y, const present_bs_sched *s)
{
    if (PRESENT_KEY_AFTER) present_bs_add_key(x, PRESENT_RK_MASKS(s->m[0]));
    return present_bs_encrypt_from(x, y, s, 0);
}

PRESENT_INLINE bs_word *present_bs_decrypt(bs_word *x, bs_word *y, const present_bs_sched *s)
{
    present_bs_add_key(x, PRESENT_RK_MASKS(s->m[PRESENT_ROUNDS]));
    BS_UNROLL_ROUNDS
    for (int r = PRESENT_ROUNDS - 1; r >= 0; r--) {
        bs_word *t = x;
        present_bs_round_dec_m(y, x, s->m[r]);
        x = y, y = t;
    }
    return x;
}

/* After each round pair's call in the sliced key schedule: an includer
 * whose rounds are out of line (BS_ROUND) may make it a compiler barrier.
 * gcc otherwise knows the call leaves the register's words unchanged, keeps
 * the ones it just computed for the next step and, since the call clobbers
 * every vector register, spills them: a third store of each beside the
 * register's two copies (38 stores between two pairs of the avx512 key
 * search, 28 with the barrier; clang made 26 either way). With the barrier
 * it reads them back from the register. */
#ifndef PRESENT_KEY_FENCE
#define PRESENT_KEY_FENCE() ((void)0)
#endif

/* --- the key schedule, sliced ----------------------------------------------
 * The nk-bit key register as words kr[0 .. 2 nk): logical bit j (k_j) at
 * kr[off + j], every word kept twice (kr[p] = kr[p + nk]) so that any nk
 * consecutive words from off are the register and the round key K (bits
 * nk-1 .. nk-64) is the contiguous run kr + off + nk - 64. Rotating the
 * register left by 61 moves off by nk - 61. */
typedef struct present_bs_keyreg {
    bs_word *kr;
    unsigned nk, off;
} present_bs_keyreg;

PRESENT_INLINE const bs_word *present_bs_round_key(const present_bs_keyreg *k)
{
    return k->kr + k->off + k->nk - 64;
}

PRESENT_INLINE void present_bs_keyreg_set(present_bs_keyreg *k, unsigned j, bs_word v)
{
    unsigned p = k->off + j;
    k->kr[p] = v;
    k->kr[p >= k->nk ? p - k->nk : p + k->nk] = v;
}

PRESENT_INLINE bs_word present_bs_keyreg_get(const present_bs_keyreg *k, unsigned j)
{
    return k->kr[k->off + j];
}

/* S-box (or its inverse) on the register's nibble at bits j .. j+3 */
PRESENT_INLINE void present_bs_key_nibble(present_bs_keyreg *k, unsigned j, int inverse)
{
    bs_word o0, o1, o2, o3, x0 = present_bs_keyreg_get(k, j), x1 = present_bs_keyreg_get(k, j + 1),
                            x2 = present_bs_keyreg_get(k, j + 2), x3 = present_bs_keyreg_get(k, j + 3);
    if (inverse)
        present_bs_sbox_inv(&o0, &o1, &o2, &o3, x0, x1, x2, x3);
    else
        present_bs_sbox(&o0, &o1, &o2, &o3, x0, x1, x2, x3);
    present_bs_keyreg_set(k, j, o0);
    present_bs_keyreg_set(k, j + 1, o1);
    present_bs_keyreg_set(k, j + 2, o2);
    present_bs_keyreg_set(k, j + 3, o3);
}

/* round counter r into bits lo .. lo+4 (the same for every lane: NOTs) */
PRESENT_INLINE void present_bs_key_counter(present_bs_keyreg *k, unsigned r)
{
    const unsigned lo = k->nk == 80 ? 15 : 62;
    for (unsigned b = 0; b < 5; b++)
        if (r >> b & 1) present_bs_keyreg_set(k, lo + b, BS_NOT(present_bs_keyreg_get(k, lo + b)));
}

/* K_r -> K_{r+1}: rotate, S-box the top nibble(s), add the counter r. */
PRESENT_INLINE void present_bs_key_update(present_bs_keyreg *k, unsigned r)
{
    k->off += k->nk - 61;
    if (k->off >= k->nk) k->off -= k->nk;
    present_bs_key_nibble(k, k->nk - 4, 0);
    if (k->nk == 128) present_bs_key_nibble(k, 120, 0);
    present_bs_key_counter(k, r);
}

/* K_{r+1} -> K_r */
PRESENT_INLINE void present_bs_key_downdate(present_bs_keyreg *k, unsigned r)
{
    present_bs_key_counter(k, r);
    present_bs_key_nibble(k, k->nk - 4, 1);
    if (k->nk == 128) present_bs_key_nibble(k, 120, 1);
    k->off += 61;
    if (k->off >= k->nk) k->off -= k->nk;
}

/* Round r of the sliced encryption, the register at K_r: the round, then
 * the register to K_{r+1}; *x and *y swap. After round 31 the state wants
 * K_32 added. With PRESENT_KEY_AFTER, r is one more: the register at K_r
 * is the key on this round's outputs (after the last round the register
 * steps once more, unused: a condition there would make the GPU's
 * register offsets depend on the loop and its words local memory). */
PRESENT_INLINE void present_bs_sliced_enc_round(bs_word **x, bs_word **y, present_bs_keyreg *k, unsigned r)
{
    bs_word *t = *x;
    present_bs_round_enc_s(*y, *x, present_bs_round_key(k));
    present_bs_key_update(k, r);
    *x = *y, *y = t;
}

/* Rounds r and r+1 of the sliced encryption in one pass
 * (present_bs_round2_enc), the register at K_r, then at K_{r+2}. The words
 * of K_r that stepping the register to K_{r+1} rewrites are saved first. */
PRESENT_INLINE void present_bs_sliced_enc_round2(bs_word **x, bs_word **y, present_bs_keyreg *k, unsigned r)
{
    bs_word *t = *x, saved[PRESENT_SAVED_WORDS];
    const bs_word *k1 = present_bs_round_key(k);
    BS_UNROLL(64)
    for (int i = 0; i < 64; i++)
        if (present_bs_saved_slot(i) >= 0) saved[present_bs_saved_slot(i)] = k1[i];
    present_bs_key_update(k, r);
    present_bs_round2_enc_s(*y, *x, k1, saved, present_bs_round_key(k));
    PRESENT_KEY_FENCE();
    present_bs_key_update(k, r + 1);
    *x = *y, *y = t;
}

/* The key additions around the sliced rounds: with the key on the S-box
 * outputs (PRESENT_KEY_AFTER) the register runs a round ahead, K_1 going on
 * before the first round (and the register to K_2), so round r is called
 * as r + PRESENT_KEY_AFTER; otherwise K_32 goes on after the last. */
PRESENT_INLINE void present_bs_sliced_enc_begin(bs_word *x, present_bs_keyreg *k)
{
    if (PRESENT_KEY_AFTER) {
        present_bs_add_key(x, PRESENT_RK_SLICED(present_bs_round_key(k)));
        present_bs_key_update(k, 1);
    }
}

PRESENT_INLINE void present_bs_sliced_enc_end(bs_word *x, const present_bs_keyreg *k)
{
    if (!PRESENT_KEY_AFTER) present_bs_add_key(x, PRESENT_RK_SLICED(present_bs_round_key(k)));
}

/* Rounds first .. last of the sliced encryption, the register where the
 * rounds before left it (present_bs_sliced_enc_begin before round 1);
 * returns where the state is (x or y). */
PRESENT_INLINE bs_word *present_bs_sliced_enc_run(bs_word *x, bs_word *y, present_bs_keyreg *k, unsigned first,
                                                  unsigned last)
{
    const unsigned ahead = PRESENT_KEY_AFTER;
    unsigned r = first;
#if PRESENT_TWO_ROUNDS
    /* unrolled: the register's offsets and the counter's bits constants */
    BS_UNROLL(15)
    for (; r + 1 <= last; r += 2) present_bs_sliced_enc_round2(&x, &y, k, r + ahead);
#endif
    BS_UNROLL_ROUNDS
    for (; r <= last; r++) present_bs_sliced_enc_round(&x, &y, k, r + ahead);
    return x;
}

/* All the rounds after present_bs_sliced_enc_begin and the last key;
 * returns where the result is (x or y). */
PRESENT_INLINE bs_word *present_bs_sliced_enc_rounds(bs_word *x, bs_word *y, present_bs_keyreg *k)
{
    x = present_bs_sliced_enc_run(x, y, k, 1, PRESENT_ROUNDS);
    present_bs_sliced_enc_end(x, k);
    return x;
}

/* Encrypt (or decrypt) the batch x under the lanes' own keys, the register
 * starting as the user keys (off 0), running its schedule alongside. */
PRESENT_INLINE bs_word *present_bs_crypt_sliced(bs_word *x, bs_word *y, present_bs_keyreg *k, int enc)
{
    if (enc) {
        present_bs_sliced_enc_begin(x, k);
        x = present_bs_sliced_enc_rounds(x, y, k);
    } else {
        BS_UNROLL_ROUNDS
        for (unsigned r = 1; r <= PRESENT_ROUNDS; r++) present_bs_key_update(k, r);
        present_bs_add_key(x, PRESENT_RK_SLICED(present_bs_round_key(k)));
        BS_UNROLL_ROUNDS
        for (unsigned r = PRESENT_ROUNDS; r >= 1; r--) {
            bs_word *t = x;
            present_bs_key_downdate(k, r);
            present_bs_round_dec_s(y, x, present_bs_round_key(k));
            x = y, y = t;
        }
    }
    return x;
}

/* pLayer(S(v)) on one block: the first round of a search whose lanes share
 * K_1 */
PRESENT_INLINE uint64_t present_round_scalar(uint64_t v)
{
    uint64_t y = 0;
    for (int j = 0; j < 16; j++) {
        /* the S-box's entries, entry 0 lowest */
        const uint64_t s = 0x21748FE3DA09B65Cull >> 4 * (v >> 4 * j & 15) & 15;
        /* output bit b to bit 16 b: the product's term 2^(15 b) s puts it
         * there, and no two terms' bits meet */
        y |= (s * 0x0000200040008001ull & 0x0001000100010001ull) << j;
    }
    return y;
}

/* Key search: the register of lane l holds key0 with bit lane_bit[b] flipped
 * for each bit b of l (bit p of key0 = bit p % 8 of byte nk/8 - 1 - p/8). */
PRESENT_INLINE void present_bs_search_keys(bs_word *kr, unsigned nk, const uint8_t *key0,
                                           const uint16_t *lane_bit)
{
    BS_LANE_PATS_STORAGE const bs_word lane[] = BS_LANE_PATS;
    BS_LANE_PATS_CHECK(lane);
    /* each bit as a 32-bit mask (bs_bit_masks32: vector compares), then a
     * broadcast of each, both copies written at once (copied after, gcc
     * made a 5 KiB rep movsq of it) */
    uint32_t m[128];
    BS_UNROLL(4)
    for (unsigned c = 0; c < 4; c++) {
        uint32_t w = 0; /* key bits 32c .. 32c+31 */
        BS_UNROLL(4)
        for (unsigned b = 0; b < 4; b++)
            if (4 * c + b < nk / 8) w |= (uint32_t)key0[nk / 8 - 1 - 4 * c - b] << 8 * b;
        bs_bit_masks32(m + 32 * c, w);
    }
    /* unrolled for each key size (a loop to nk could not be, where nk is
     * not a constant) */
    if (nk == 80) {
        BS_UNROLL(80)
        for (unsigned p = 0; p < 80; p++) kr[p] = kr[80 + p] = BS_MASK32(m[p]);
    } else {
        BS_UNROLL(128)
        for (unsigned p = 0; p < 128; p++) kr[p] = kr[128 + p] = BS_MASK32(m[p]);
    }
    for (unsigned b = 0; b < sizeof lane / sizeof lane[0]; b++)
        kr[lane_bit[b]] = kr[nk + lane_bit[b]] = BS_XOR(kr[lane_bit[b]], lane[b]);
}

/* x = the 64-bit block v in every lane, plus the words of key (if not
 * null) */
PRESENT_INLINE void present_bs_broadcast_block(bs_word *x, uint64_t v, const bs_word *key)
{
    uint32_t m[64];
    bs_bit_masks32(m, (uint32_t)v);
    bs_bit_masks32(m + 32, (uint32_t)(v >> 32));
    BS_UNROLL(64)
    for (int i = 0; i < 64; i++) x[i] = key ? BS_XOR(BS_MASK32(m[i]), key[i]) : BS_MASK32(m[i]);
}

/* The batch's plaintext (the same in every lane) into x and, with the key
 * on the S-box outputs, K_1 (present_bs_sliced_enc_begin) in one pass. */
PRESENT_INLINE void present_bs_search_begin(bs_word *x, present_bs_keyreg *k, uint64_t pt)
{
    present_bs_broadcast_block(x, pt, PRESENT_KEY_AFTER ? present_bs_round_key(k) : 0);
    if (PRESENT_KEY_AFTER) present_bs_key_update(k, 1);
}

/* Encrypts the plaintext under every lane's key; returns the word whose lane
 * l is 0 iff lane l gives ct. x, y: 64 words of scratch each. */
PRESENT_INLINE bs_word present_bs_search(bs_word *kr, unsigned nk, uint64_t pt, uint64_t ct,
                                         bs_word *x, bs_word *y)
{
    present_bs_keyreg k = {kr, nk, 0};
    present_bs_search_begin(x, &k, pt);
    x = present_bs_sliced_enc_rounds(x, y, &k);
    bs_word diff = BS_ZERO;
    BS_UNROLL(64)
    for (int i = 0; i < 64; i++) diff = BS_OR(diff, (ct >> i & 1) ? BS_NOT(x[i]) : x[i]);
    return diff;
}

/* The search's first filter: 16 bits of U_31, the last round's S-box
 * input, met from both ends. Forward, rounds 1-29 and of round 30 only
 * S-boxes 0-3, whose outputs (bit b of S-box j, j < 4) pLayer sends to
 * nibbles 0, 4, 8, 12 of U_31 (bit j of nibble 4b); backward, those nibbles
 * from ct and K_32 through the inverse of the last S-box layer. Saves the
 * last round, three quarters of the one before and most of the final
 * comparison. Returns the word whose lane l is 0 iff lane l matches there:
 * every key that gives ct does, another one with probability 2^-16 (a
 * 512-lane batch in 128); the caller confirms with present_bs_search.
 * k1_shared: no lane's bit lies in K_1 (register bits nk-64 .. nk-1),
 * which is then k1, and round 1 the same in every lane. */
PRESENT_INLINE bs_word present_bs_search16(bs_word *kr, unsigned nk, uint64_t pt, uint64_t ct,
                                           bs_word *x, bs_word *y, int k1_shared, uint64_t k1)
{
    present_bs_keyreg k = {kr, nk, 0};
    /* round 1 on either path, the register then where the common rounds
     * below have it at compile time */
    if (k1_shared) { /* K_1 the same in every lane: round 1 in one scalar */
        present_bs_key_update(&k, 1);
        present_bs_broadcast_block(x, present_round_scalar(pt ^ k1),
                                   PRESENT_KEY_AFTER ? present_bs_round_key(&k) : 0);
        if (PRESENT_KEY_AFTER) present_bs_key_update(&k, 2);
    } else {
        present_bs_search_begin(x, &k, pt);
        present_bs_sliced_enc_round(&x, &y, &k, 1 + PRESENT_KEY_AFTER);
    }
    x = present_bs_sliced_enc_run(x, y, &k, 2, PRESENT_ROUNDS - 2);
    /* fwd[4b + j]: U_31 bit 16b + j; the register at K_30, or K_31 with the
     * key on the outputs */
    bs_word fwd[16];
    BS_UNROLL(4)
    for (int j = 0; j < 4; j++)
        present_bs_sbox_j(&fwd[j], &fwd[4 + j], &fwd[8 + j], &fwd[12 + j], x + 4 * j,
                          PRESENT_RK_SLICED(present_bs_round_key(&k)), j);
    if (!PRESENT_KEY_AFTER) {
        present_bs_key_update(&k, PRESENT_ROUNDS - 1);
        const bs_word *k31 = present_bs_round_key(&k);
        BS_UNROLL(4)
        for (int b = 0; b < 4; b++)
            BS_UNROLL(4)
            for (int j = 0; j < 4; j++) fwd[4 * b + j] = BS_XOR(fwd[4 * b + j], k31[16 * b + j]);
    }
    present_bs_key_update(&k, PRESENT_ROUNDS);
    const bs_word *k32 = present_bs_round_key(&k);
    bs_word diff = BS_ZERO;
    BS_UNROLL(4)
    for (int b = 0; b < 4; b++) {
        /* S-box output bit t of nibble 4b is ciphertext bit 16t + 4b */
        bs_word w[4], u0, u1, u2, u3;
        BS_UNROLL(4)
        for (int t = 0; t < 4; t++) {
            const int i = 16 * t + 4 * b;
            w[t] = (ct >> i & 1) ? BS_NOT(k32[i]) : k32[i];
        }
        present_bs_sbox_inv(&u0, &u1, &u2, &u3, w[0], w[1], w[2], w[3]);
        diff = BS_OR(diff, BS_OR(BS_OR(BS_XOR(u0, fwd[4 * b]), BS_XOR(u1, fwd[4 * b + 1])),
                                 BS_OR(BS_XOR(u2, fwd[4 * b + 2]), BS_XOR(u3, fwd[4 * b + 3]))));
    }
    return diff;
}

#endif
