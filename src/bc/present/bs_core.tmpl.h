/* Template: included by other files, never compiled on its own.
 * Includer defines first: a word header (bs_word, BS_LANES, BS_ZERO, BS_MASK32, BS_LANE_PATS
 *   and the Boolean operations; optionally BS_TERN, BS_MASK8)
 * Defines: PRESENT's bitsliced rounds, S-box circuits and sliced key schedule (present_bs_*,
 *   PRESENT_RK_*)
 */
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
 * and may define PRESENT_INLINE (default BS_INLINE, bitslice/bs_core_common.h),
 * PRESENT_TWO_ROUNDS (1: encrypt with rounds in pairs, see below) and
 * PRESENT_MASK8 (1: the one-key schedule as byte masks, present_bs_sched).
 * Nothing here is ISA-specific or host-only; packing stays with the
 * includer. */
#ifndef LWCX_PRESENT_BS_CORE_H
#define LWCX_PRESENT_BS_CORE_H

#include <stdint.h>

#include "../bitslice/bs_core_common.h"

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
 * circuit below takes it for free. The inputs are faster on the words
 * without them (the key after costs two-input operations). With the lanes'
 * own keys the register then runs a round ahead (present_bs_crypt_sliced),
 * no extra step: the avx512 key search is faster (a round two 144
 * operations, not 202), where a first try, the register stepped before each
 * round to reach K_{r+1}, was slower (docs/design/present.md, "The S-box as
 * nine three-input operations"). */
#ifdef BS_TERN
#define PRESENT_KEY_AFTER 1
#else
#define PRESENT_KEY_AFTER 0
#endif

/* One key for all lanes, as expand() leaves it: m[r][i] = bit i of round key
 * K_{r+1} as 0 or ~0, so applying a key bit is one broadcast. As 32-bit
 * words (8 KiB), or with PRESENT_MASK8 as bytes (2 KiB: the word's
 * BS_MASK8 and bs_bit_masks8; present/avx512b.c says why). */
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

/* One round key's masks: in 32-bit halves (bs_bit_masks32), or whole as
 * bytes */
BS_FUNC void present_bs_masks_of(present_mask m[64], uint64_t rk)
{
#ifdef PRESENT_MASK8
    bs_bit_masks8(m, rk);
#else
    bs_bit_masks32(m, (uint32_t)rk);
    bs_bit_masks32(m + 32, (uint32_t)(rk >> 32));
#endif
}

BS_FUNC void present_bs_sched_from(present_bs_sched *s, const uint64_t rk[PRESENT_ROUNDS + 1])
{
    for (int r = 0; r <= PRESENT_ROUNDS; r++) present_bs_masks_of(s->m[r], rk[r]);
}

/* Round keys come either as broadcast masks (one key for all lanes) or
 * sliced (one word per bit, each lane its own key; the bits of
 * present_bs_saved_slot from saved[] where saved is set), where the bits
 * set in uniform (the same in every lane, present_bs_keyreg) come from the
 * masks m instead. */
typedef struct present_bs_rk {
    int sliced, after; /* after: the key goes on the S-box outputs */
    const present_mask *m;
    const bs_word *ks, *saved;
    uint64_t uniform;
} present_bs_rk;
/* (a function, not a compound literal: C++ and CUDA have none) */
PRESENT_INLINE present_bs_rk present_bs_rk_of(int sliced, int after, const present_mask *m, const bs_word *ks,
                                              const bs_word *saved, uint64_t uniform)
{
    present_bs_rk rk;
    rk.sliced = sliced;
    rk.after = after;
    rk.m = m;
    rk.ks = ks;
    rk.saved = saved;
    rk.uniform = uniform;
    return rk;
}
#define PRESENT_RK_MASKS(masks) present_bs_rk_of(0, PRESENT_KEY_AFTER, (masks), 0, 0, 0)
#define PRESENT_RK_SLICED(words) present_bs_rk_of(1, PRESENT_KEY_AFTER, 0, (words), 0, 0)
#define PRESENT_RK_SLICED_SAVED(words, saved) present_bs_rk_of(1, PRESENT_KEY_AFTER, 0, (words), (saved), 0)

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
    if (!rk.sliced || (rk.uniform >> i & 1)) return PRESENT_MASK(rk.m[i]);
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

/* A state whose words may be the same in every lane: word i is
 * PRESENT_MASK(m[i]) where bit i of uniform is set, else x[i]. */
typedef struct present_bs_in {
    const bs_word *x;
    const present_mask *m;
    uint64_t uniform;
} present_bs_in;

PRESENT_INLINE present_bs_in present_bs_in_of(const bs_word *x, const present_mask *m, uint64_t uniform)
{
    present_bs_in in;
    in.x = x;
    in.m = m;
    in.uniform = uniform;
    return in;
}

/* S-box j's outputs are the same in every lane where its inputs and the
 * keys on its outputs are */
PRESENT_INLINE int present_bs_sbox_uniform(uint64_t in_uniform, present_bs_rk rk, int j)
{
    const uint64_t outs = (uint64_t)0x0001000100010001ull << j;
    return rk.after && (in_uniform >> 4 * j & 15) == 15 && (rk.uniform & outs) == outs;
}

/* Two rounds, keys k1 and k2 as in present_bs_round_enc, as four
 * independent super-boxes of 16 words: the S-boxes 4g .. 4g+3 of the first
 * round feed exactly the S-boxes g, g+4, g+8, g+12 of the second (output bit
 * b of S-box 4g+m lands in input bit m of S-box 4b+g). 16 words stay in
 * registers between the rounds, so a round loads and stores half the state
 * it would alone: on a 32-register word (AVX-512) the stores bounded the
 * round. With the state in (present_bs_in) and its words uniform where
 * known, after1 and after2 (or null) are lane 0's states after each round
 * as masks: an S-box whose inputs and keys are uniform reads them instead
 * of running. */
PRESENT_INLINE void present_bs_round2_enc_in(bs_word *BS_RESTRICT y, present_bs_in in, present_bs_rk k1,
                                             present_bs_rk k2, const present_mask *after1,
                                             const present_mask *after2)
{
    BS_UNROLL(4)
    for (int g = 0; g < 4; g++) {
        bs_word t[16]; /* t[4b + m]: output bit b of S-box 4g+m */
        int same = 1;  /* S-boxes 4g .. 4g+3 all uniform */
        BS_UNROLL(4)
        for (int m = 0; m < 4; m++) {
            const int j = 4 * g + m;
            if (after1 && present_bs_sbox_uniform(in.uniform, k1, j)) {
                BS_UNROLL(4)
                for (int b = 0; b < 4; b++) t[4 * b + m] = PRESENT_MASK(after1[16 * b + j]);
                continue;
            }
            same = 0;
            bs_word w[4];
            BS_UNROLL(4)
            for (int i = 0; i < 4; i++)
                w[i] = (in.uniform >> (4 * j + i) & 1) ? PRESENT_MASK(in.m[4 * j + i]) : in.x[4 * j + i];
            present_bs_sbox_j(&t[m], &t[4 + m], &t[8 + m], &t[12 + m], w, k1, j);
        }
        BS_UNROLL(4)
        for (int b = 0; b < 4; b++) {
            const int j = 4 * b + g;
            if (after2 && present_bs_sbox_uniform(same ? ~(uint64_t)0 : 0, k2, j)) {
                BS_UNROLL(4)
                for (int c = 0; c < 4; c++) y[16 * c + j] = PRESENT_MASK(after2[16 * c + j]);
                continue;
            }
            present_bs_sbox_j(&y[j], &y[16 + j], &y[32 + j], &y[48 + j], t + 4 * b, k2, j);
        }
    }
}

PRESENT_INLINE void present_bs_round2_enc(bs_word *BS_RESTRICT y, const bs_word *BS_RESTRICT x,
                                          present_bs_rk k1, present_bs_rk k2)
{
    present_bs_round2_enc_in(y, present_bs_in_of(x, 0, 0), k1, k2, 0, 0);
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
/* After the search's masks of a round key are made (present_bs_keyreg_masks):
 * an includer may make the 64 masks at m unknown to the compiler, so that
 * the rounds read them from memory (gcc otherwise took each from the vector
 * it had stored them from: an extract and a broadcast a key bit, where a
 * broadcast from memory is one load). */
#ifndef PRESENT_MASKS_OPAQUE
#define PRESENT_MASKS_OPAQUE(m) ((void)0)
#endif

/* The S-box on one nibble: its entries, entry 0 lowest, in a constant */
PRESENT_INLINE unsigned present_sbox_scalar(unsigned v)
{
    return (unsigned)(0x21748FE3DA09B65Cull >> 4 * v) & 15u;
}

/* The register as an integer (hi holding its bits 64 .. nk-1) rotated left
 * by 61 */
PRESENT_INLINE void present_reg_rotl61(uint64_t *lo, uint64_t *hi, unsigned nk)
{
    const uint64_t l = *lo, h = *hi;
    if (nk == 80) {
        *lo = l << 61 | l >> 19 | h << 45;
        *hi = l >> 3 & 0xFFFF;
    } else {
        *lo = l << 61 | h >> 3;
        *hi = h << 61 | l >> 3;
    }
}

/* The S-box on its nibble at bits j .. j+3 (j % 64 < 61) */
PRESENT_INLINE uint64_t present_reg_sbox_at(uint64_t v, unsigned j)
{
    const unsigned n = (unsigned)(v >> j) & 15u;
    return v ^ (uint64_t)(n ^ present_sbox_scalar(n)) << j;
}

/* One update of the integer register, counter r (present_bs_key_update) */
PRESENT_INLINE void present_reg_step(uint64_t *lo, uint64_t *hi, unsigned nk, unsigned r)
{
    if (nk == 80) { /* the S-box's input straight from bits 15-18 (a shorter chain) */
        const uint64_t l = *lo, h = *hi;
        *hi = (l >> 3 & 0x0FFF) | (uint64_t)present_sbox_scalar((unsigned)(l >> 15) & 15u) << 12;
        *lo = (l << 61 | l >> 19 | h << 45) ^ (uint64_t)r << 15;
    } else {
        present_reg_rotl61(lo, hi, nk);
        *hi = present_reg_sbox_at(present_reg_sbox_at(*hi, 60), 56);
        *lo ^= (uint64_t)r << 62;
        *hi ^= (uint64_t)r >> 2;
    }
}

/* --- the key schedule, sliced ----------------------------------------------
 * The nk-bit key register as words kr[0 .. 2 nk): logical bit j (k_j) at
 * kr[off + j], every word kept twice (kr[p] = kr[p + nk]) so that any nk
 * consecutive words from off are the register and the round key K (bits
 * nk-1 .. nk-64) is the contiguous run kr + off + nk - 64. Rotating the
 * register left by 61 moves off by nk - 61.
 *
 * A key search whose lanes differ only in a few key bits leaves most words
 * the same in every lane for all 31 rounds (lanes in key bits 0-8: at most
 * 15 of the 80 words differ, and 9 of a round key's 64 on average; the key
 * schedule's S-box makes a word differ only where its nibble holds one that
 * does). The bits of uniform_lo:uniform_hi (by place in kr, bit p for
 * kr[p] and kr[p + nk]) mark such words: they live in reg_lo:reg_hi, lane
 * 0's register as an integer (logical bit j at bit j of the pair), and
 * round keys read them as masks (present_bs_keyreg_masks). Only the other
 * words are kept in kr. With uniform all clear (the many-keys path, the
 * GPU) every word is in kr and reg is unused. uniform must be known at
 * compile time where the rounds are unrolled (it then folds away, as the
 * offsets do). */
typedef struct present_bs_keyreg {
    bs_word *kr;
    unsigned nk, off;
    /* halves, not arrays: gcc keeps the struct in registers (and its
     * fields constants) only where no field is indexed */
    uint64_t uniform_lo, uniform_hi;
    unsigned steps; /* updates so far: which out-of-line rounds apply */
    /* with uniform words: lane 0's register as an integer, stepped with
     * the words (made all before the rounds, its chain of updates took
     * longer), and room for two round keys' masks */
    uint64_t reg_lo, reg_hi;
    present_mask *m;
} present_bs_keyreg;

PRESENT_INLINE int present_bs_keyreg_mixed(const present_bs_keyreg *k)
{
    return (k->uniform_lo | k->uniform_hi) != 0;
}

/* 64 bits of the nk-bit number hi:lo from bit b on, cyclically */
PRESENT_INLINE uint64_t present_bits_at(uint64_t lo, uint64_t hi, unsigned nk, unsigned b)
{
    const uint64_t down = b == 0 ? lo : b < 64 ? lo >> b | hi << (64 - b) : hi >> (b - 64);
    const unsigned up = nk - b; /* where bit 0 lands, for b > 0 */
    return b == 0 || up >= 64 ? down : down | lo << up;
}

PRESENT_INLINE unsigned present_reg_bit(uint64_t lo, uint64_t hi, unsigned j)
{
    return (unsigned)((j < 64 ? lo >> j : hi >> (j - 64)) & 1u);
}

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

/* the words of logical bits j .. j+63 that are uniform, as bits 0..63 */
PRESENT_INLINE uint64_t present_bs_keyreg_uniform(const present_bs_keyreg *k, unsigned j)
{
    const unsigned p = (k->off + j) % k->nk;
    return present_bits_at(k->uniform_lo, k->uniform_hi, k->nk, p);
}

/* The round key K in the register now: the sliced words, the saved ones
 * (see present_bs_sliced_enc_round2), and the uniform ones from masks
 * (present_bs_keyreg_masks). */
PRESENT_INLINE present_bs_rk present_bs_keyreg_rk(const present_bs_keyreg *k, const present_mask *masks,
                                                  const bs_word *saved)
{
    return present_bs_rk_of(1, PRESENT_KEY_AFTER, masks, present_bs_round_key(k), saved,
                            present_bs_keyreg_uniform(k, k->nk - 64));
}

/* The masks of the round key now, where it has uniform words, in the
 * slot of k->m that the round pair using it takes (memory: the rounds out
 * of line read them as broadcasts) */
PRESENT_INLINE const present_mask *present_bs_keyreg_masks(const present_bs_keyreg *k)
{
    if (!present_bs_keyreg_uniform(k, k->nk - 64)) return 0;
    present_mask *m = k->m + 64 * (k->steps & 1);
    present_bs_masks_of(m, present_bits_at(k->reg_lo, k->reg_hi, k->nk, k->nk - 64));
    PRESENT_MASKS_OPAQUE(m);
    return m;
}

/* Marks the four words of the nibble at logical bits j .. j+3 as differing
 * between lanes */
PRESENT_INLINE void present_bs_keyreg_differs(present_bs_keyreg *k, unsigned j)
{
    for (unsigned t = 0; t < 4; t++) {
        /* selects of values, not of the field: clang, where the rounds
         * stay a loop, made one of addresses and kept k in memory */
        const unsigned p = (k->off + j + t) % k->nk;
        const uint64_t bit = (uint64_t)1 << (p % 64);
        k->uniform_lo &= p < 64 ? ~bit : ~(uint64_t)0;
        k->uniform_hi &= p < 64 ? ~(uint64_t)0 : ~bit;
    }
}

/* The register's offset and uniform words after one more update, without
 * its words (present_bs_key_update does the same to them) */
PRESENT_INLINE void present_bs_keyreg_step_layout(present_bs_keyreg *k)
{
    k->off += k->nk - 61;
    if (k->off >= k->nk) k->off -= k->nk;
    k->steps++;
    if ((present_bs_keyreg_uniform(k, k->nk - 4) & 15) != 15) present_bs_keyreg_differs(k, k->nk - 4);
    if (k->nk == 128 && (present_bs_keyreg_uniform(k, 120) & 15) != 15) present_bs_keyreg_differs(k, 120);
}

/* The uniform words of a search whose lanes are key bits 0 .. log2(BS_LANES) - 1 */
PRESENT_INLINE present_bs_keyreg present_bs_keyreg_low(bs_word *kr, unsigned nk, const uint64_t *lane0,
                                                    present_mask *m)
{
    unsigned lane_bits = 0;
    while (1u << lane_bits < BS_LANES) lane_bits++;
    present_bs_keyreg k = {kr, nk, 0, ~(((uint64_t)1 << lane_bits) - 1), nk == 80 ? 0xFFFF : ~(uint64_t)0, 0,
                           lane0 ? lane0[0] : 0, lane0 ? lane0[1] : 0, m};
    return k;
}

/* S-box (or its inverse) on the register's nibble at bits j .. j+3: where
 * one of its words differs between lanes, all four do after it (the
 * uniform inputs from reg, rotated) */
PRESENT_INLINE void present_bs_key_nibble(present_bs_keyreg *k, unsigned j, int inverse)
{
    const unsigned uniform = (unsigned)present_bs_keyreg_uniform(k, j) & 15u;
    if (uniform != 15u) { /* the words' operations, then their layout */
        bs_word x[4], o0, o1, o2, o3;
        uint64_t lo = k->reg_lo, hi = k->reg_hi; /* the uniform inputs: lane 0's, rotated */
        present_reg_rotl61(&lo, &hi, k->nk);
        for (unsigned t = 0; t < 4; t++)
            x[t] = (uniform >> t & 1) ? BS_MASK32(0u - present_reg_bit(lo, hi, j + t)) : present_bs_keyreg_get(k, j + t);
        if (inverse)
            present_bs_sbox_inv(&o0, &o1, &o2, &o3, x[0], x[1], x[2], x[3]);
        else
            present_bs_sbox(&o0, &o1, &o2, &o3, x[0], x[1], x[2], x[3]);
        present_bs_keyreg_set(k, j, o0);
        present_bs_keyreg_set(k, j + 1, o1);
        present_bs_keyreg_set(k, j + 2, o2);
        present_bs_keyreg_set(k, j + 3, o3);
        present_bs_keyreg_differs(k, j);
    }
}

/* round counter r into bits lo .. lo+4 (the same for every lane: NOTs) */
PRESENT_INLINE void present_bs_key_counter(present_bs_keyreg *k, unsigned r)
{
    const unsigned lo = k->nk == 80 ? 15 : 62;
    const unsigned uniform = (unsigned)present_bs_keyreg_uniform(k, lo);
    for (unsigned b = 0; b < 5; b++)
        if ((r >> b & 1) && !(uniform >> b & 1))
            present_bs_keyreg_set(k, lo + b, BS_NOT(present_bs_keyreg_get(k, lo + b)));
}

/* K_r -> K_{r+1}: rotate, S-box the top nibble(s), add the counter r. */
PRESENT_INLINE void present_bs_key_update(present_bs_keyreg *k, unsigned r)
{
    k->off += k->nk - 61;
    if (k->off >= k->nk) k->off -= k->nk;
    k->steps++;
    present_bs_key_nibble(k, k->nk - 4, 0);
    if (k->nk == 128) present_bs_key_nibble(k, 120, 0);
    present_bs_key_counter(k, r);
    if (present_bs_keyreg_mixed(k)) present_reg_step(&k->reg_lo, &k->reg_hi, k->nk, r);
}

/* K_{r+1} -> K_r, for a register whose words are all sliced (uniform
 * clear: reg is not stepped back) */
PRESENT_INLINE void present_bs_key_downdate(present_bs_keyreg *k, unsigned r)
{
    present_bs_key_counter(k, r);
    present_bs_key_nibble(k, k->nk - 4, 1);
    if (k->nk == 128) present_bs_key_nibble(k, 120, 1);
    k->off += 61;
    if (k->off >= k->nk) k->off -= k->nk;
}

/* A round pair of the search with uniform words (present_bs_keyreg_low),
 * after `steps` updates of the register: out of line, as the rounds of
 * BS_ROUND are, one function for each round pair that the search runs,
 * where which words are masks is a constant (inlined into the search, gcc
 * spilled the pairs' state: 2-3 times the register copies and stores).
 * first (the first pair, rounds 2-3, after round 1 in one scalar; else
 * null): lane 0's input, and its states after either round, as masks
 * (3 x 64); x then holds only the words of the lanes' own bits of K_2. */
PRESENT_INLINE void present_bs_round2_low_from(present_bs_keyreg k, bs_word *BS_RESTRICT y,
                                               const bs_word *BS_RESTRICT x, const bs_word *saved,
                                               const present_mask *m1, const present_mask *m2,
                                               const present_mask *first, uint64_t in_uniform)
{
    const present_bs_rk rk1 = present_bs_keyreg_rk(&k, m1, saved);
    present_bs_keyreg_step_layout(&k);
    const present_bs_rk rk2 = present_bs_keyreg_rk(&k, m2, 0);
    if (first)
        present_bs_round2_enc_in(y, present_bs_in_of(x, first, in_uniform), rk1, rk2, first + 64, first + 128);
    else
        present_bs_round2_enc(y, x, rk1, rk2);
}

/* the same from the layout after `steps` updates (a constant: the loop
 * folds away) */
PRESENT_INLINE void present_bs_round2_low_at(unsigned steps, unsigned nk, bs_word *BS_RESTRICT y,
                                             const bs_word *BS_RESTRICT x, bs_word *kr, const bs_word *saved,
                                             const present_mask *m1, const present_mask *m2,
                                             const present_mask *first)
{
    present_bs_keyreg k = present_bs_keyreg_low(kr, nk, 0, 0);
    uint64_t in_uniform = 0; /* x: round 1's output, the same in every lane, plus K_2 */
    BS_UNROLL(32)
    for (unsigned i = 0; i < steps; i++) {
        if (i + 1 == steps) in_uniform = present_bs_keyreg_uniform(&k, nk - 64);
        present_bs_keyreg_step_layout(&k);
    }
    present_bs_round2_low_from(k, y, x, saved, m1, m2, first, in_uniform);
}

#if PRESENT_TWO_ROUNDS
#define PRESENT_LOW_PAIR(nk, steps)                                                                     \
    BS_ROUND void present_bs_round2_low##nk##_##steps(bs_word *BS_RESTRICT y, const bs_word *BS_RESTRICT x, \
                                                     bs_word *kr, const bs_word *saved, const present_mask *m1, \
                                                     const present_mask *m2, const present_mask *first)     \
    {                                                                                                    \
        present_bs_round2_low_at(steps, nk, y, x, kr, saved, m1, m2, steps == 2 ? first : 0);          \
    }
/* the pairs of present_bs_search16 with the key on the S-box outputs:
 * rounds 2-3 .. 28-29, the register 2 .. 28 updates on */
#define PRESENT_LOW_PAIRS(nk)                                                                            \
    PRESENT_LOW_PAIR(nk, 2) PRESENT_LOW_PAIR(nk, 4) PRESENT_LOW_PAIR(nk, 6) PRESENT_LOW_PAIR(nk, 8)      \
    PRESENT_LOW_PAIR(nk, 10) PRESENT_LOW_PAIR(nk, 12) PRESENT_LOW_PAIR(nk, 14) PRESENT_LOW_PAIR(nk, 16) \
    PRESENT_LOW_PAIR(nk, 18) PRESENT_LOW_PAIR(nk, 20) PRESENT_LOW_PAIR(nk, 22) PRESENT_LOW_PAIR(nk, 24) \
    PRESENT_LOW_PAIR(nk, 26) PRESENT_LOW_PAIR(nk, 28)
PRESENT_LOW_PAIRS(80)
PRESENT_LOW_PAIRS(128)
#define PRESENT_LOW_CASE(steps)                                                                       \
    case steps:                                                                                       \
        (k->nk == 80 ? present_bs_round2_low80_##steps : present_bs_round2_low128_##steps)(y, x, k->kr, \
                                                                                      saved, m1, m2, first); \
        return;
#endif

/* The pair for the register's layout k (at the pair's first round key);
 * in_uniform: x's uniform words, where first is set */
PRESENT_INLINE void present_bs_round2_low(const present_bs_keyreg *k, bs_word *BS_RESTRICT y,
                                          const bs_word *BS_RESTRICT x, const bs_word *saved,
                                          const present_mask *m1, const present_mask *m2,
                                          const present_mask *first, uint64_t in_uniform)
{
#if PRESENT_TWO_ROUNDS
    switch (k->steps) {
        PRESENT_LOW_CASE(2) PRESENT_LOW_CASE(4) PRESENT_LOW_CASE(6) PRESENT_LOW_CASE(8) PRESENT_LOW_CASE(10)
        PRESENT_LOW_CASE(12) PRESENT_LOW_CASE(14) PRESENT_LOW_CASE(16) PRESENT_LOW_CASE(18)
        PRESENT_LOW_CASE(20) PRESENT_LOW_CASE(22) PRESENT_LOW_CASE(24) PRESENT_LOW_CASE(26)
        PRESENT_LOW_CASE(28)
    default:
        break;
    }
#endif
    present_bs_round2_low_from(*k, y, x, saved, m1, m2, first, in_uniform); /* inlined */
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
    if (present_bs_keyreg_mixed(k)) { /* inlined: which words are masks is known for this round only */
        present_bs_round_enc(*y, *x, present_bs_keyreg_rk(k, present_bs_keyreg_masks(k), 0));
    } else {
        present_bs_round_enc_s(*y, *x, present_bs_round_key(k));
    }
    present_bs_key_update(k, r);
    *x = *y, *y = t;
}

/* Rounds r and r+1 of the sliced encryption in one pass
 * (present_bs_round2_enc), the register at K_r, then at K_{r+2}. The words
 * of K_r that stepping the register to K_{r+1} rewrites are saved first. */
PRESENT_INLINE void present_bs_sliced_enc_round2_first(bs_word **x, bs_word **y, present_bs_keyreg *k, unsigned r,
                                                       const present_mask *first, uint64_t in_uniform)
{
    bs_word *t = *x, saved[PRESENT_SAVED_WORDS];
    const bs_word *k1 = present_bs_round_key(k);
    const uint64_t uniform1 = present_bs_keyreg_uniform(k, k->nk - 64);
    BS_UNROLL(64)
    for (int i = 0; i < 64; i++)
        if (present_bs_saved_slot(i) >= 0 && !(uniform1 >> i & 1)) saved[present_bs_saved_slot(i)] = k1[i];
    if (present_bs_keyreg_mixed(k)) {
        const present_mask *m1 = present_bs_keyreg_masks(k);
        present_bs_keyreg k1_layout = *k;
        present_bs_key_update(k, r);
        present_bs_round2_low(&k1_layout, *y, *x, saved, m1, present_bs_keyreg_masks(k), first, in_uniform);
    } else {
        present_bs_key_update(k, r);
        present_bs_round2_enc_s(*y, *x, k1, saved, present_bs_round_key(k));
        PRESENT_KEY_FENCE();
    }
    present_bs_key_update(k, r + 1);
    *x = *y, *y = t;
}

/* the pair above, first null (see present_bs_round2_low_at) */
PRESENT_INLINE void present_bs_sliced_enc_round2(bs_word **x, bs_word **y, present_bs_keyreg *k, unsigned r)
{
    present_bs_sliced_enc_round2_first(x, y, k, r, 0, 0);
}

/* The key additions around the sliced rounds: with the key on the S-box
 * outputs (PRESENT_KEY_AFTER) the register runs a round ahead, K_1 going on
 * before the first round (and the register to K_2), so round r is called
 * as r + PRESENT_KEY_AFTER; otherwise K_32 goes on after the last. */
PRESENT_INLINE void present_bs_sliced_enc_begin(bs_word *x, present_bs_keyreg *k)
{
    if (PRESENT_KEY_AFTER) {
        present_bs_add_key(x, present_bs_keyreg_rk(k, present_bs_keyreg_masks(k), 0));
        present_bs_key_update(k, 1);
    }
}

PRESENT_INLINE void present_bs_sliced_enc_end(bs_word *x, const present_bs_keyreg *k)
{
    if (!PRESENT_KEY_AFTER) present_bs_add_key(x, present_bs_keyreg_rk(k, present_bs_keyreg_masks(k), 0));
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
    /* bits 16 b .. 16 b + 15: bit b of the S-box's 16 entries, so that
     * (SPREAD >> n) & 0x0001000100010001 is S(n) with bit b at 16 b, where
     * pLayer puts it (shifted by the nibble's place) */
    const uint64_t SPREAD = 0x0ED93687A74C659Aull;
    uint64_t y = 0;
    BS_UNROLL(16)
    for (int j = 0; j < 16; j++) y |= (SPREAD >> (v >> 4 * j & 15) & 0x0001000100010001ull) << j;
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

/* present_bs_search_keys where lane_bit holds the key bits 0 ..
 * log2(BS_LANES) - 1: only those words (present_bs_search16's lane0). */
PRESENT_INLINE void present_bs_search_keys_low(bs_word *kr, unsigned nk, const uint64_t lane0[2],
                                               const uint16_t *lane_bit)
{
    BS_LANE_PATS_STORAGE const bs_word lane[] = BS_LANE_PATS;
    BS_LANE_PATS_CHECK(lane);
    for (unsigned b = 0; b < sizeof lane / sizeof lane[0]; b++) {
        const unsigned p = lane_bit[b];
        kr[p] = kr[nk + p] = BS_XOR(BS_MASK32(0u - present_reg_bit(lane0[0], lane0[1], p)), lane[b]);
    }
}

/* x = the 64-bit block v in every lane, plus the register's round key if
 * with_key */
PRESENT_INLINE void present_bs_broadcast_block(bs_word *x, uint64_t v, const present_bs_keyreg *k, int with_key)
{
    uint32_t m[64];
    bs_bit_masks32(m, (uint32_t)v);
    bs_bit_masks32(m + 32, (uint32_t)(v >> 32));
    const present_bs_rk rk = present_bs_keyreg_rk(k, present_bs_keyreg_masks(k), 0);
    BS_UNROLL(64)
    for (int i = 0; i < 64; i++) x[i] = with_key ? BS_XOR(BS_MASK32(m[i]), present_bs_key(rk, i)) : BS_MASK32(m[i]);
}

/* The batch's plaintext (the same in every lane) into x and, with the key
 * on the S-box outputs, K_1 (present_bs_sliced_enc_begin) in one pass. */
PRESENT_INLINE void present_bs_search_begin(bs_word *x, present_bs_keyreg *k, uint64_t pt)
{
    present_bs_broadcast_block(x, pt, k, PRESENT_KEY_AFTER);
    if (PRESENT_KEY_AFTER) present_bs_key_update(k, 1);
}

/* Encrypts the plaintext under every lane's key; returns the word whose lane
 * l is 0 iff lane l gives ct. x, y: 64 words of scratch each. */
PRESENT_INLINE bs_word present_bs_search(bs_word *kr, unsigned nk, uint64_t pt, uint64_t ct,
                                         bs_word *x, bs_word *y)
{
    present_bs_keyreg k = {kr, nk, 0, 0, 0, 0, 0, 0, 0};
    present_bs_search_begin(x, &k, pt);
    x = present_bs_sliced_enc_rounds(x, y, &k);
    bs_word diff = BS_ZERO;
    BS_UNROLL(64)
    for (int i = 0; i < 64; i++) diff = BS_OR(diff, (ct >> i & 1) ? BS_NOT(x[i]) : x[i]);
    return diff;
}

/* The search's first filter met one round further from ct (its caller's
 * path with lane 0's masks): 16 bits of U_30 (nibbles 0, 4, 8, 12), x being
 * U_28 and the register at K_29. Forward, of round 28 only each S-box's
 * output bit 0 (U_29 bits 0-15) and of round 29 S-boxes 0-3; backward,
 * bit 0 of every nibble of U_31 (from ct and K_32), then with K_31 the
 * inverse S-boxes of those four nibbles. A round pair fewer than
 * present_bs_search16's own end for about 130 operations more: a gain
 * where a pair's 64 stores block as many logic cycles as they take
 * (docs/design/present.md, "The key words every lane shares"). */
PRESENT_INLINE bs_word present_bs_meet30(const bs_word *x, present_bs_keyreg *k, uint64_t ct)
{
    bs_word diff = BS_ZERO;
#if PRESENT_KEY_AFTER
    const present_bs_rk rk29 = present_bs_keyreg_rk(k, present_bs_keyreg_masks(k), 0);
    bs_word u29[16], fwd[16];
    BS_UNROLL(16)
    for (int j = 0; j < 16; j++) { /* S-box output bit 0: x0 ^ x3 ^ (x2 & ~x1), with K_29's bit j */
        const bs_word b = BS_TERN(x[4 * j + 3], x[4 * j + 2], x[4 * j + 1], 0xB4);
        u29[j] = BS_TERN(present_bs_key(rk29, j), x[4 * j], b, 0x96);
    }
    present_bs_key_update(k, 29);
    const present_bs_rk rk30 = present_bs_keyreg_rk(k, present_bs_keyreg_masks(k), 0);
    BS_UNROLL(4) /* fwd[4b + j]: U_30 bit 16b + j */
    for (int j = 0; j < 4; j++) present_bs_sbox_j(&fwd[j], &fwd[4 + j], &fwd[8 + j], &fwd[12 + j], u29 + 4 * j, rk30, j);
    present_bs_key_update(k, 30);
    /* K_31's words that the step to K_32 rewrites, as in
     * present_bs_sliced_enc_round2 */
    bs_word saved[PRESENT_SAVED_WORDS];
    const bs_word *k31 = present_bs_round_key(k);
    const uint64_t uniform31 = present_bs_keyreg_uniform(k, k->nk - 64);
    BS_UNROLL(64)
    for (int i = 0; i < 64; i++)
        if (present_bs_saved_slot(i) >= 0 && !(uniform31 >> i & 1)) saved[present_bs_saved_slot(i)] = k31[i];
    const present_bs_rk rk31 = present_bs_keyreg_rk(k, present_bs_keyreg_masks(k), saved);
    present_bs_key_update(k, 31);
    /* ct ^ K_32: the uniform words as masks of lane 0's, the others
     * XORed with ct's bit (no branch on it) */
    present_mask *ctk = k->m + 64 * (k->steps & 1);
    present_bs_masks_of(ctk, ct ^ present_bits_at(k->reg_lo, k->reg_hi, k->nk, k->nk - 64));
    PRESENT_MASKS_OPAQUE(ctk);
    const present_bs_rk rk32 = present_bs_keyreg_rk(k, ctk, 0);
    BS_UNROLL(4)
    for (int m = 0; m < 4; m++) {
        /* nibble 4m of S(U_30) = P^-1(U_31 ^ K_31): its bit t is bit 0 of
         * U_31's nibble 4t + m, whose S-box output bit s is bit 16s + 4t + m
         * of ct ^ K_32 */
        bs_word v[4], o0, o1, o2, o3;
        BS_UNROLL(4)
        for (int t = 0; t < 4; t++) {
            bs_word w[4];
            BS_UNROLL(4)
            for (int s2 = 0; s2 < 4; s2++) {
                const int i = 16 * s2 + 4 * t + m;
                w[s2] = (rk32.uniform >> i & 1) ? present_bs_key(rk32, i)
                                                : BS_XOR(present_bs_key(rk32, i), BS_MASK32(0u - (unsigned)(ct >> i & 1)));
            }
            /* the inverse S-box's bit 0 */
            v[t] = BS_XOR(BS_NOT(BS_XOR(BS_XOR(w[0], w[2]), BS_AND(w[1], w[3]))), present_bs_key(rk31, 16 * t + 4 * m));
        }
        present_bs_sbox_inv(&o0, &o1, &o2, &o3, v[0], v[1], v[2], v[3]);
        diff = BS_OR(diff, BS_OR(BS_OR(BS_XOR(o0, fwd[4 * m]), BS_XOR(o1, fwd[4 * m + 1])),
                                 BS_OR(BS_XOR(o2, fwd[4 * m + 2]), BS_XOR(o3, fwd[4 * m + 3]))));
    }
#else
    (void)x, (void)k, (void)ct;
#endif
    return diff;
}

#if PRESENT_KEY_AFTER && PRESENT_TWO_ROUNDS
/* present_bs_search16's path with lane 0's masks and K_1 the same in every
 * lane, in three parts on one batch (k: its register, lane 0's key lane0
 * and its top 64 bits k1; x, y: its scratch), each out of line:
 * present_bs_search16_low runs each part on several batches before the
 * next, and the code of a pass, more than the instruction cache holds, is
 * fetched once for all of them (docs/design/present.md, "Batches a pass").
 * A part rebuilds the register's layout (which words are masks, where it
 * has rotated) from its place in the schedule, a constant, and takes only
 * the data from k. */
PRESENT_INLINE present_bs_keyreg present_bs_search_layout(const present_bs_keyreg *k, unsigned nk, unsigned steps)
{
    present_bs_keyreg l = present_bs_keyreg_low(k->kr, nk, 0, k->m);
    BS_UNROLL(32)
    for (unsigned i = 0; i < steps; i++) present_bs_keyreg_step_layout(&l);
    l.reg_lo = k->reg_lo, l.reg_hi = k->reg_hi;
    return l;
}

/* rounds 1-3: round 1 in one scalar, rounds 2-3 at once
 * (present_bs_round2_low_at's first): of x (round 1's output plus K_2)
 * only the lanes' own words, lane 0's states as masks */
PRESENT_INLINE void present_bs_search_begin_low(bs_word **x, bs_word **y, present_bs_keyreg *k, unsigned nk,
                                                uint64_t pt, uint64_t k1)
{
    present_bs_keyreg l = present_bs_search_layout(k, nk, 0);
    present_bs_key_update(&l, 1);
    const uint64_t v = present_round_scalar(pt ^ k1);
    const uint64_t uniform = present_bs_keyreg_uniform(&l, nk - 64);
    present_mask first[3 * 64];
    uint64_t lo = l.reg_lo, hi = l.reg_hi, a = v ^ present_bits_at(lo, hi, nk, nk - 64); /* v ^ K_2 */
    present_bs_masks_of(first, a);
    for (unsigned r = 2; r <= 3; r++) { /* round r adds K_{r+1} */
        present_reg_step(&lo, &hi, nk, r);
        a = present_round_scalar(a) ^ present_bits_at(lo, hi, nk, nk - 64);
        present_bs_masks_of(first + 64 * (r - 1), a);
    }
    const bs_word *k2 = present_bs_round_key(&l);
    BS_UNROLL(64)
    for (int i = 0; i < 64; i++)
        if (!(uniform >> i & 1)) (*x)[i] = BS_XOR(BS_MASK32(0u - (unsigned)(v >> i & 1)), k2[i]);
    present_bs_key_update(&l, 2);
    present_bs_sliced_enc_round2_first(x, y, &l, 3, first, uniform);
    *k = l;
}

/* rounds r and r+1 (r odd, 5 .. 27) */
PRESENT_INLINE void present_bs_search_pair_low(bs_word **x, bs_word **y, present_bs_keyreg *k, unsigned nk,
                                               unsigned r)
{
    present_bs_keyreg l = present_bs_search_layout(k, nk, r - 1);
    present_bs_sliced_enc_round2(x, y, &l, r);
    *k = l;
}

/* rounds 28-31 as present_bs_meet30, the register after round 27 */
PRESENT_INLINE bs_word present_bs_search_end_low(const bs_word *x, const present_bs_keyreg *k, unsigned nk,
                                                 uint64_t ct)
{
    present_bs_keyreg l = present_bs_search_layout(k, nk, 28);
    return present_bs_meet30(x, &l, ct);
}

/* P(r) for the pairs' first rounds 5 .. 27, written out: clang left a loop
 * of them rolled, which the switch of present_bs_round2_low then ran at run
 * time */
#define PRESENT_SEARCH_EACH_PAIR(P) P(5) P(7) P(9) P(11) P(13) P(15) P(17) P(19) P(21) P(23) P(25) P(27)
#define PRESENT_SEARCH_PARTS(nk)                                                                        \
    BS_ROUND void present_bs_search_begin##nk(bs_word **x, bs_word **y, present_bs_keyreg *k, uint64_t pt, \
                                              uint64_t k1)                                              \
    {                                                                                                   \
        present_bs_search_begin_low(x, y, k, nk, pt, k1);                                               \
    }                                                                                                   \
    BS_ROUND bs_word present_bs_search_end##nk(const bs_word *x, const present_bs_keyreg *k, uint64_t ct) \
    {                                                                                                   \
        return present_bs_search_end_low(x, k, nk, ct);                                                 \
    }                                                                                                   \
    PRESENT_SEARCH_EACH_PAIR(PRESENT_SEARCH_PAIR##nk)
#define PRESENT_SEARCH_PAIR_OF(nk, r)                                                                   \
    BS_ROUND void present_bs_search_pair##nk##_##r(bs_word **x, bs_word **y, present_bs_keyreg *k)       \
    {                                                                                                   \
        present_bs_search_pair_low(x, y, k, nk, r);                                                     \
    }
#define PRESENT_SEARCH_PAIR80(r) PRESENT_SEARCH_PAIR_OF(80, r)
#define PRESENT_SEARCH_PAIR128(r) PRESENT_SEARCH_PAIR_OF(128, r)
PRESENT_SEARCH_PARTS(80)
PRESENT_SEARCH_PARTS(128)
#undef PRESENT_SEARCH_PAIR_OF
#undef PRESENT_SEARCH_PAIR80
#undef PRESENT_SEARCH_PAIR128

/* The parts above on n batches (n at most PRESENT_SEARCH_MAX_STATES): batch
 * s with its register kr[s] (present_bs_search_keys_low), lane 0's key
 * lane0[s] and its top 64 bits k1[s], scratch x[s] and y[s]; diff[s] as
 * present_bs_search16 returns it. */
#define PRESENT_SEARCH_MAX_STATES 8
PRESENT_INLINE void present_bs_search16_low(unsigned n, bs_word *const *kr, unsigned nk, uint64_t pt, uint64_t ct,
                                            bs_word *const *x0, bs_word *const *y0, const uint64_t *k1,
                                            const uint64_t (*lane0)[2], bs_word *diff)
{
    present_mask masks[PRESENT_SEARCH_MAX_STATES][2 * 64];
    present_bs_keyreg k[PRESENT_SEARCH_MAX_STATES];
    bs_word *x[PRESENT_SEARCH_MAX_STATES], *y[PRESENT_SEARCH_MAX_STATES];
    if (n == 1) { /* the parts inline, the register carried from pair to pair */
        bs_word *x1 = x0[0], *y1 = y0[0];
        present_bs_keyreg k1r = present_bs_keyreg_low(kr[0], nk, lane0[0], masks[0]);
        present_bs_search_begin_low(&x1, &y1, &k1r, nk, pt, k1[0]);
#define PRESENT_SEARCH_PAIR(r) present_bs_sliced_enc_round2(&x1, &y1, &k1r, r);
        PRESENT_SEARCH_EACH_PAIR(PRESENT_SEARCH_PAIR)
#undef PRESENT_SEARCH_PAIR
        diff[0] = present_bs_meet30(x1, &k1r, ct);
        return;
    }
    for (unsigned s = 0; s < n; s++) {
        x[s] = x0[s], y[s] = y0[s];
        k[s] = present_bs_keyreg_low(kr[s], nk, lane0[s], masks[s]);
        (nk == 80 ? present_bs_search_begin80 : present_bs_search_begin128)(&x[s], &y[s], &k[s], pt, k1[s]);
    }
    /* rounds 4-27, a function a pair */
#define PRESENT_SEARCH_PAIR(r)                                                                          \
    for (unsigned s = 0; s < n; s++)                                                                    \
        (nk == 80 ? present_bs_search_pair80_##r : present_bs_search_pair128_##r)(&x[s], &y[s], &k[s]);
    PRESENT_SEARCH_EACH_PAIR(PRESENT_SEARCH_PAIR)
#undef PRESENT_SEARCH_PAIR
    for (unsigned s = 0; s < n; s++)
        diff[s] = (nk == 80 ? present_bs_search_end80 : present_bs_search_end128)(x[s], &k[s], ct);
}
#endif

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
 * which is then k1, and round 1 the same in every lane. lane0: null, or,
 * where the lanes' bits are key bits 0 .. log2(BS_LANES) - 1, lane 0's key
 * as an integer (bit j at bit j % 64 of lane0[j / 64]) and only those
 * words in kr (present_bs_search_keys_low), s lane 0's schedule: the other
 * words stay masks (present_bs_keyreg). */
PRESENT_INLINE bs_word present_bs_search16(bs_word *kr, unsigned nk, uint64_t pt, uint64_t ct,
                                           bs_word *x, bs_word *y, int k1_shared, uint64_t k1,
                                           const uint64_t *lane0)
{
#if PRESENT_KEY_AFTER && PRESENT_TWO_ROUNDS
    if (lane0 && k1_shared) {
        bs_word diff;
        present_bs_search16_low(1, &kr, nk, pt, ct, &x, &y, &k1, (const uint64_t(*)[2])lane0, &diff);
        return diff;
    }
#endif
    present_mask masks[2 * 64];
    present_bs_keyreg k = {kr, nk, 0, 0, 0, 0, 0, 0, 0};
    if (lane0) k = present_bs_keyreg_low(kr, nk, lane0, masks);
    /* round 1 on either path, the register then where the common rounds
     * below have it at compile time */
    if (k1_shared) { /* K_1 the same in every lane: round 1 in one scalar */
        present_bs_key_update(&k, 1);
        present_bs_broadcast_block(x, present_round_scalar(pt ^ k1), &k, PRESENT_KEY_AFTER);
        if (PRESENT_KEY_AFTER) present_bs_key_update(&k, 2);
    } else {
        present_bs_search_begin(x, &k, pt);
        present_bs_sliced_enc_round(&x, &y, &k, 1 + PRESENT_KEY_AFTER);
    }
    x = present_bs_sliced_enc_run(x, y, &k, 2, PRESENT_ROUNDS - 2);
    /* fwd[4b + j]: U_31 bit 16b + j; the register at K_30, or K_31 with the
     * key on the outputs */
    bs_word fwd[16];
    const present_bs_rk rk30 = present_bs_keyreg_rk(&k, present_bs_keyreg_masks(&k), 0);
    BS_UNROLL(4)
    for (int j = 0; j < 4; j++) present_bs_sbox_j(&fwd[j], &fwd[4 + j], &fwd[8 + j], &fwd[12 + j], x + 4 * j, rk30, j);
    if (!PRESENT_KEY_AFTER) {
        present_bs_key_update(&k, PRESENT_ROUNDS - 1);
        const present_bs_rk rk31 = present_bs_keyreg_rk(&k, present_bs_keyreg_masks(&k), 0);
        BS_UNROLL(4)
        for (int b = 0; b < 4; b++)
            BS_UNROLL(4)
            for (int j = 0; j < 4; j++)
                fwd[4 * b + j] = BS_XOR(fwd[4 * b + j], present_bs_key(rk31, 16 * b + j));
    }
    present_bs_key_update(&k, PRESENT_ROUNDS);
    const present_bs_rk rk32 = present_bs_keyreg_rk(&k, present_bs_keyreg_masks(&k), 0);
    bs_word diff = BS_ZERO;
    BS_UNROLL(4)
    for (int b = 0; b < 4; b++) {
        /* S-box output bit t of nibble 4b is ciphertext bit 16t + 4b */
        bs_word w[4], u0, u1, u2, u3;
        BS_UNROLL(4)
        for (int t = 0; t < 4; t++) {
            const int i = 16 * t + 4 * b;
            w[t] = (ct >> i & 1) ? BS_NOT(present_bs_key(rk32, i)) : present_bs_key(rk32, i);
        }
        present_bs_sbox_inv(&u0, &u1, &u2, &u3, w[0], w[1], w[2], w[3]);
        diff = BS_OR(diff, BS_OR(BS_OR(BS_XOR(u0, fwd[4 * b]), BS_XOR(u1, fwd[4 * b + 1])),
                                 BS_OR(BS_XOR(u2, fwd[4 * b + 2]), BS_XOR(u3, fwd[4 * b + 3]))));
    }
    return diff;
}

#endif
