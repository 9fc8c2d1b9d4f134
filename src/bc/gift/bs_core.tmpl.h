/* Template: included by other files, never compiled on its own.
 * Includer defines first: a word header (bs_word, BS_LANES, BS_XOR, BS_AND, BS_OR, BS_NOT,
 *   BS_ONES, BS_MASK32, BS_LANE_PATS; optionally BS_ANDN, GIFT_BS_INLINE)
 * Defines: GIFT-64 and GIFT-128 bitsliced rounds, key masks and round functions
 *   (GIFT_BS_ROUND_FNS)
 */
/* GIFT-64 and GIFT-128 bitsliced across blocks, over an abstract word (see
 * bc_impl.h). The including file defines (bs_word_*.h) bs_word, BS_LANES,
 * BS_XOR, BS_AND, BS_OR, BS_NOT, BS_ONES, BS_MASK32(m): the word with every
 * bit equal to the uint32_t m, which is 0 or 0xFFFFFFFF (a broadcast), and
 * BS_LANE_PATS (see present/bs_core.tmpl.h), and may define BS_ANDN(a, b) = ~a & b
 * where that is one instruction, and GIFT_BS_INLINE (default BS_INLINE,
 * bitslice/bs_core_common.h). Packing is its own; nothing here is host-only.
 *
 * State: word i holds bit i (b_i, as in gift/ref.c) of every block of the
 * batch, so n words for an n-bit block. PermBits keeps a bit's place in its
 * nibble (P(i) mod 4 = i mod 4), so it is only where an S-box output is
 * written (encryption) or read (decryption). Round keys and constants are
 * XORed in at the same place, and the S-box is a 10-operation circuit (no
 * NOT: it is folded into how key words are stored, see below).
 *
 * Key state: 128 words, word p = key bit p (the key read as one big-endian
 * integer, so k0 = bits 0..15 and k7 = bits 112..127). The schedule only
 * moves bits: the 16-bit word at place q of round r is key word
 * (q + 2r) mod 8, rotated right by 12 (even q) or 2 (odd q) once for every
 * time it went past place 0 or 1, i.e. (q + 2r) / 8 times. Each key word is
 * stored twice in a row ("doubled": kd[32 g + t] = key bit 16 g + t mod 16),
 * so a rotated word is 16 consecutive entries from an offset and the
 * schedule costs no work at all. The same layout serves one key (uint32_t
 * masks, broadcast when used) and one key per lane (words, e.g. for many
 * keys and key search). */
#ifndef LWCX_GIFT_BS_CORE_H
#define LWCX_GIFT_BS_CORE_H

#include <stdint.h>

#include "../bitslice/bs_core_common.h"
#include "../bitslice/bs_word_defaults.tmpl.h"
#include "../bitslice/bs_ctr_gen.tmpl.h"

#ifndef GIFT_BS_INLINE
#define GIFT_BS_INLINE BS_INLINE
#endif
#define GIFT_KD_WORDS 256 /* the doubled key state: 8 words of 16 bits, twice each */

/* where PermBits sends bit i of an n-bit state */
#define GIFT_BS_P(n, i) \
    (4 * ((i) / 16) + ((n) / 4) * ((3 * (((i) % 16) / 4) + ((i) % 4)) % 4) + ((i) % 4))

/* Round constants c5..c0 as masks: gift_bs_rcm[r][i] = ~0 iff bit i of round
 * r's constant is set (it goes to b_{4i+3}). */
#define GIFT_RCM1(c, i) (0u - (((c) >> (i)) & 1u))
#define GIFT_RCM(c)                                                                    \
    {                                                                                  \
        GIFT_RCM1(c, 0), GIFT_RCM1(c, 1), GIFT_RCM1(c, 2), GIFT_RCM1(c, 3), GIFT_RCM1(c, 4), \
            GIFT_RCM1(c, 5)                                                            \
    }
BS_TABLE uint32_t gift_bs_rcm[40][6] = {
    GIFT_RCM(0x01), GIFT_RCM(0x03), GIFT_RCM(0x07), GIFT_RCM(0x0F), GIFT_RCM(0x1F),
    GIFT_RCM(0x3E), GIFT_RCM(0x3D), GIFT_RCM(0x3B), GIFT_RCM(0x37), GIFT_RCM(0x2F),
    GIFT_RCM(0x1E), GIFT_RCM(0x3C), GIFT_RCM(0x39), GIFT_RCM(0x33), GIFT_RCM(0x27),
    GIFT_RCM(0x0E), GIFT_RCM(0x1D), GIFT_RCM(0x3A), GIFT_RCM(0x35), GIFT_RCM(0x2B),
    GIFT_RCM(0x16), GIFT_RCM(0x2C), GIFT_RCM(0x18), GIFT_RCM(0x30), GIFT_RCM(0x21),
    GIFT_RCM(0x02), GIFT_RCM(0x05), GIFT_RCM(0x0B), GIFT_RCM(0x17), GIFT_RCM(0x2E),
    GIFT_RCM(0x1C), GIFT_RCM(0x38), GIFT_RCM(0x31), GIFT_RCM(0x23), GIFT_RCM(0x06),
    GIFT_RCM(0x0D), GIFT_RCM(0x1B), GIFT_RCM(0x36), GIFT_RCM(0x2D), GIFT_RCM(0x1A),
};

/* --- S-box ---------------------------------------------------------------
 * In-place steps on s0..s3 (input bits 0..3), found by a meet-in-the-middle
 * search over steps "s_i ^= s_j & s_k | s_j | s_k | ~s_j & s_k, s_i ^= s_j,
 * s_i = ~s_i" and checked against the table on all 16 inputs (both
 * directions, both variants):
 *   s1 ^= s0 & s2; s0 ^= s1 & s3; s2 ^= s0 | s1; s3 ^= s2; s1 ^= s3;
 *   s3 = ~s3; s2 ^= s1 & s0;   outputs: bit 0 = s3, 1 = s1, 2 = s2, 3 = s0.
 * Every step is its own inverse, so the inverse S-box is the steps in
 * reverse order on the outputs. The NOT is never spent:
 *  - GIFT-64 leaves it out (output bit 0 complemented) and folds it into
 *    the round key: V lands on bit 0 of each nibble and is stored
 *    complemented, so between rounds the state is exact.
 *  - GIFT-128 keeps bit 1 of every nibble complemented between rounds. With
 *    input bit 1 complemented, the circuit
 *      s1 ^= s0 & s2; s0 ^= ~s1 & s3; s2 ^= ~s0 & s1; s3 ^= s2; s1 ^= s3;
 *      s2 ^= s1 & s0
 *    gives the outputs with bit 2 complemented; U (bit 2) and V (bit 1) are
 *    both stored complemented, so after AddRoundKey bit 1 is the complemented
 *    one again. gift_bs_in/gift_bs_out convert (32 NOTs per batch).
 * BS_ANDN(a, b) = ~a & b (bitslice/bs_word_defaults.tmpl.h). */

GIFT_BS_INLINE void gift_bs_sbox(const unsigned n, bs_word *o0, bs_word *o1, bs_word *o2,
                                 bs_word *o3, bs_word s0, bs_word s1, bs_word s2, bs_word s3)
{
    s1 = BS_XOR(s1, BS_AND(s0, s2));
    if (n == 64) {
        s0 = BS_XOR(s0, BS_AND(s1, s3));
        s2 = BS_XOR(s2, BS_OR(s0, s1));
    } else {
        s0 = BS_XOR(s0, BS_ANDN(s1, s3));
        s2 = BS_XOR(s2, BS_ANDN(s0, s1));
    }
    s3 = BS_XOR(s3, s2);
    s1 = BS_XOR(s1, s3);
    s2 = BS_XOR(s2, BS_AND(s1, s0));
    *o0 = s3;
    *o1 = s1;
    *o2 = s2;
    *o3 = s0;
}

#if defined(BS_TERN)
/* GIFT-64's S-box with V (key word kv) already on output bit 0, for words
 * with three-input logic: s3 ^ s2 ends both output 0 and the XOR into s1,
 * so each is one three-input XOR (7 operations with the key, not 8). Only
 * those two are written as BS_TERN: the and/xor pairs the compilers fuse
 * themselves, choosing which operand vpternlog overwrites (all seven
 * explicit, gcc added register copies and its GIFT-64 CTR ran slower). */
GIFT_BS_INLINE void gift_bs_sbox64_v(bs_word *o0, bs_word *o1, bs_word *o2, bs_word *o3, bs_word s0,
                                     bs_word s1, bs_word s2, bs_word s3, bs_word kv)
{
    s1 = BS_XOR(s1, BS_AND(s0, s2));
    s0 = BS_XOR(s0, BS_AND(s1, s3));
    s2 = BS_XOR(s2, BS_OR(s0, s1));
    s1 = BS_TERN(s1, s3, s2, 0x96); /* a ^ b ^ c */
    *o0 = BS_TERN(s3, s2, kv, 0x96);
    *o1 = s1;
    *o2 = BS_XOR(s2, BS_AND(s1, s0));
    *o3 = s0;
}
#endif

/* the inverse, in the same representation (GIFT-64: input bit 0
 * complemented; GIFT-128: input bit 2, output bit 1 complemented) */
GIFT_BS_INLINE void gift_bs_sbox_inv(const unsigned n, bs_word *o0, bs_word *o1, bs_word *o2,
                                     bs_word *o3, bs_word i0, bs_word i1, bs_word i2, bs_word i3)
{
    bs_word s3 = i0, s1 = i1, s2 = i2, s0 = i3; /* where the forward circuit left them */
    s2 = BS_XOR(s2, BS_AND(s1, s0));
    s1 = BS_XOR(s1, s3);
    s3 = BS_XOR(s3, s2);
    if (n == 64) {
        s2 = BS_XOR(s2, BS_OR(s0, s1));
        s0 = BS_XOR(s0, BS_AND(s1, s3));
    } else {
        s2 = BS_XOR(s2, BS_ANDN(s0, s1));
        s0 = BS_XOR(s0, BS_ANDN(s1, s3));
    }
    s1 = BS_XOR(s1, BS_AND(s0, s2));
    *o0 = s0;
    *o1 = s1;
    *o2 = s2;
    *o3 = s3;
}

/* Between the packed state and the rounds' representation (both ways). */
GIFT_BS_INLINE void gift_bs_in(const unsigned n, bs_word *x)
{
    if (n == 128)
        for (unsigned i = 1; i < n; i += 4) x[i] = BS_NOT(x[i]);
}
#define gift_bs_out gift_bs_in

/* --- round keys ------------------------------------------------------------ */

/* Offset in the doubled key state of the 16-bit word at place q in round r. */
GIFT_BS_INLINE unsigned gift_bs_kofs(unsigned q, unsigned r)
{
    const unsigned v = q + 2 * r, rot = ((q & 1) ? 2u : 12u) * (v >> 3);
    return 32 * (v & 7) + (rot & 15);
}

/* Which key words are stored complemented (see the S-box): GIFT-64 the
 * even ones (they only ever give V), GIFT-128 all of them. */
#define GIFT_BS_KCOMP(n, g) ((n) == 128 || !((g) & 1))

/* One key as masks (for expand()): km[32 g + t] = key bit 16 g + t mod 16 as
 * 0 or ~0, complemented where GIFT_BS_KCOMP says. */
BS_FUNC void gift_bs_key_masks(const unsigned n, uint32_t km[GIFT_KD_WORDS],
                                     const uint8_t key[16])
{
    for (unsigned g = 0; g < 8; g++) {
        /* key bits 16 g .. 16 g + 15, twice, complemented or not (a byte
         * fetched per bit was a fifth of a 4 KiB GIFT-64 CTR call;
         * docs/design/gift.md, "GIFT's key words and masks") */
        const uint32_t w = (uint32_t)key[15 - 2 * g] | (uint32_t)key[14 - 2 * g] << 8;
        const uint32_t comp = GIFT_BS_KCOMP(n, g) ? 0xFFFFFFFFu : 0u;
        bs_bit_masks32(km + 32 * g, (w | w << 16) ^ comp);
    }
}

/* Sliced keys: kd from kw[p] = key bit p of every lane. */
GIFT_BS_INLINE void gift_bs_key_double(const unsigned n, bs_word kd[GIFT_KD_WORDS],
                                       const bs_word kw[128])
{
    for (unsigned g = 0; g < 8; g++)
        for (unsigned t = 0; t < 16; t++) {
            bs_word w = kw[16 * g + t];
            if (GIFT_BS_KCOMP(n, g)) w = BS_NOT(w);
            kd[32 * g + t] = w;
            kd[32 * g + t + 16] = w;
        }
}

/* Key search: lane l's key is key0 with bit lane_bit[k] flipped for every bit
 * k of l; pat[k] is the word whose lane l is bit k of l. */
GIFT_BS_INLINE void gift_bs_key_search(bs_word kw[128], const uint8_t key0[16],
                                       const uint16_t *lane_bit, const bs_word *pat,
                                       unsigned nbits)
{
    for (unsigned p = 0; p < 128; p++) BS_SET_MASK32(&kw[p], 0u - ((key0[15 - p / 8] >> (p % 8)) & 1u));
    for (unsigned k = 0; k < nbits; k++)
        if (lane_bit[k] < 128) kw[lane_bit[k]] = BS_XOR(kw[lane_bit[k]], pat[k]);
}

/* Word i of a state or key array, as the round pair reads and writes it; an
 * includer may read its words strided (gift/wide512_part.c: one part of a
 * split word at a time). */
#ifndef GIFT_BS_AT
#define GIFT_BS_AT(a, i) ((a)[i])
#endif

/* The type of a round's key-word offsets: on the host pointer width, so
 * that an offset plus a constant folds into the address (with unsigned, gcc
 * computed each key word's address apart: 132 lea in a GIFT-64 bitslice64
 * key search); 32 bits on the GPUs, where 64-bit
 * arithmetic costs two registers and more instructions. */
#ifndef GIFT_BS_OFS
#if defined(__CUDACC__) || defined(__OPENCL_VERSION__)
#define GIFT_BS_OFS unsigned
#else
#define GIFT_BS_OFS uintptr_t
#endif
#endif
typedef GIFT_BS_OFS gift_bs_ofs;

/* w ^ round-key word bit i at offset o: one key (masks, kmo = the masks
 * from offset o on) or sliced (ks); every caller passes a literal 0 for the
 * other, so the choice is compiled away. The masks come as pointers already
 * offset: with a base and an offset, clang kept both on the stack in
 * GIFT-64 bitslice64 ECB and reloaded them before every mask. */
#define GIFT_BS_XK(w, kmo, ks, o, i) ((ks) ? BS_XOR(w, GIFT_BS_AT(ks, (o) + (i))) : BS_XOR_MASK32(w, (kmo)[i]))

/* What AddRoundKey does to state word pos (its own inverse): GIFT-64 keys
 * b_{4i+1} with U and b_{4i} with V, GIFT-128 b_{4i+2} with U and b_{4i+1}
 * with V (key words stored as GIFT_BS_KCOMP says); the constant goes to
 * b_{4i+3} (i < 6) and b_{n-1}. */
GIFT_BS_INLINE bs_word gift_bs_ark(const unsigned n, const unsigned pos, bs_word w,
                                   const uint32_t *const kmo[4], const bs_word *ks,
                                   const gift_bs_ofs o[4], BS_TABLE_REF uint32_t *rc)
{
    const unsigned b = pos % 4, i = pos / 4;
    if (n == 64) {
        if (b == 0) w = GIFT_BS_XK(w, kmo[0], ks, o[0], i);
        if (b == 1) w = GIFT_BS_XK(w, kmo[1], ks, o[1], i);
    } else {
        if (b == 1) w = i < 16 ? GIFT_BS_XK(w, kmo[0], ks, o[0], i) : GIFT_BS_XK(w, kmo[1], ks, o[1], i - 16);
        if (b == 2) w = i < 16 ? GIFT_BS_XK(w, kmo[2], ks, o[2], i) : GIFT_BS_XK(w, kmo[3], ks, o[3], i - 16);
    }
    if (b == 3 && i < 6) w = BS_XOR_MASK32(w, rc[i]);
    if (pos == n - 1) w = BS_NOT(w);
    return w;
}

/* Offsets of round r's key words: GIFT-64 U = place 1, V = place 0;
 * GIFT-128 U = places 5||4, V = places 1||0. */
GIFT_BS_INLINE void gift_bs_round_ofs(const unsigned n, gift_bs_ofs o[4], unsigned r)
{
    o[0] = gift_bs_kofs(0, r);
    o[1] = gift_bs_kofs(1, r);
    o[2] = n == 64 ? 0 : gift_bs_kofs(4, r);
    o[3] = n == 64 ? 0 : gift_bs_kofs(5, r);
}

/* ... and with one key, the masks at those offsets (km is 0 with sliced keys) */
GIFT_BS_INLINE void gift_bs_round_kmo(const uint32_t *kmo[4], const uint32_t *km, const gift_bs_ofs o[4])
{
    for (unsigned k = 0; k < 4; k++) kmo[k] = km ? km + o[k] : 0;
}

/* The S-box into t; returns 1 if it also added output 0's round key (V,
 * which goes on output 0 at state position p0 of GIFT-64; three-input logic
 * only), so that gift_bs_ark must skip that one. */
GIFT_BS_INLINE int gift_bs_sbox_ark(const unsigned n, bs_word t[4], bs_word s0, bs_word s1, bs_word s2,
                                    bs_word s3, const unsigned p0, const uint32_t *const kmo[4],
                                    const bs_word *ks, const gift_bs_ofs o[4])
{
#if defined(BS_TERN)
    if (n == 64) {
        const bs_word kv = ks ? GIFT_BS_AT(ks, o[0] + p0 / 4) : BS_MASK32(kmo[0][p0 / 4]);
        gift_bs_sbox64_v(&t[0], &t[1], &t[2], &t[3], s0, s1, s2, s3, kv);
        return 1;
    }
#else
    (void)p0, (void)kmo, (void)ks, (void)o;
#endif
    gift_bs_sbox(n, &t[0], &t[1], &t[2], &t[3], s0, s1, s2, s3);
    return 0;
}

/* --- rounds ------------------------------------------------------------------ */

/* Rounds go two at a time, as "super-boxes": PermBits sends the 16 output
 * bits of S-boxes 4g..4g+3 (a quarter-group g) to the nibbles g + m n/16
 * (m = 0..3), one bit from each S-box per nibble, so the 4 S-boxes of the
 * next round on those nibbles read nothing else. Group g's 16 words are
 * loaded once, pass 8 S-boxes in registers and are stored once: half the
 * loads and stores of a round at a time, which bound the wide words (where
 * a 512-bit store takes the store port two cycles). v[4 m + b] holds the
 * word of bit b of nibble g + m n/16 between the two rounds. */
#define GIFT_BS_V(n, g, p) (4 * ((p) / 4 - (g)) / ((n) / 16) + (p) % 4)

/* After each group of a round pair: an includer whose word is a register
 * may make it a compiler barrier (an empty asm with a memory clobber), so
 * that the next group's loads are not hoisted above this group's stores.
 * Hoisted, they ran the 32 zmm registers out: gcc spilled 26 words and
 * copied 51 a round pair of GIFT-64, and GIFT-64 CTR was slower with both
 * compilers (docs/design/gift.md, "GIFT's group fence"). */
#ifndef GIFT_BS_GROUP_FENCE
#define GIFT_BS_GROUP_FENCE() ((void)0)
#endif

/* Input word i of a round pair: x's, or with ctr (CTR's first pair) bit i
 * of the batch's counters as it is made, in the rounds' representation
 * (gift_bs_in's NOTs as the generator's free mask). Read in order of i. */
GIFT_BS_INLINE bs_word gift_bs_src(const unsigned n, const bs_word *x, bs_ctr_gen *ctr, const unsigned i)
{
    if (ctr) return bs_ctr_bit(ctr, i, n == 128 && i % 4 == 1 ? ~0u : 0u);
    return GIFT_BS_AT(x, i);
}

/* Rounds r and r + 1: y = ARK(PermBits(SubCells(ARK(PermBits(SubCells(x)))))),
 * x the counters of ctr where that is not 0 (a constant where inlined);
 * the round keys at the offsets of rounds r and r + 1, the constants those
 * of rows rc0 and rc1 of gift_bs_rcm (a key search's loop reuses one key
 * layout for several rounds: kb_gift_search_encrypt). */
GIFT_BS_INLINE void gift_bs_round2_rc(const unsigned n, bs_word *BS_RESTRICT y, const bs_word *BS_RESTRICT x,
                                      bs_ctr_gen *ctr, const uint32_t *km, const bs_word *ks, unsigned r,
                                      BS_TABLE_REF uint32_t *rc0, BS_TABLE_REF uint32_t *rc1)
{
    gift_bs_ofs o0[4], o1[4];
    const uint32_t *kmo0[4], *kmo1[4];
    gift_bs_round_ofs(n, o0, r);
    gift_bs_round_ofs(n, o1, r + 1);
    gift_bs_round_kmo(kmo0, km, o0);
    gift_bs_round_kmo(kmo1, km, o1);
    BS_UNROLL(8)
    for (unsigned g = 0; g < n / 16; g++) {
        bs_word v[16], t[4];
        BS_UNROLL(4)
        for (unsigned s = 0; s < 4; s++) {
            const unsigned j = 4 * g + s;
            bs_word in[4];
            BS_UNROLL(4)
            for (unsigned b = 0; b < 4; b++) in[b] = gift_bs_src(n, x, ctr, 4 * j + b);
            const int fused =
                gift_bs_sbox_ark(n, t, in[0], in[1], in[2], in[3], GIFT_BS_P(n, 4 * j), kmo0, ks, o0);
            BS_UNROLL(4)
            for (unsigned b = 0; b < 4; b++) {
                const unsigned p = GIFT_BS_P(n, 4 * j + b);
                v[GIFT_BS_V(n, g, p)] = b == 0 && fused ? t[0] : gift_bs_ark(n, p, t[b], kmo0, ks, o0, rc0);
            }
        }
        BS_UNROLL(4)
        for (unsigned m = 0; m < 4; m++) {
            const unsigned k = g + m * (n / 16);
            const int fused = gift_bs_sbox_ark(n, t, v[4 * m], v[4 * m + 1], v[4 * m + 2], v[4 * m + 3],
                                               GIFT_BS_P(n, 4 * k), kmo1, ks, o1);
            BS_UNROLL(4)
            for (unsigned b = 0; b < 4; b++) {
                const unsigned p = GIFT_BS_P(n, 4 * k + b);
                GIFT_BS_AT(y, p) = b == 0 && fused ? t[0] : gift_bs_ark(n, p, t[b], kmo1, ks, o1, rc1);
            }
        }
        GIFT_BS_GROUP_FENCE();
    }
}

GIFT_BS_INLINE void gift_bs_round2_from(const unsigned n, bs_word *BS_RESTRICT y, const bs_word *BS_RESTRICT x,
                                        bs_ctr_gen *ctr, const uint32_t *km, const bs_word *ks, unsigned r)
{
    gift_bs_round2_rc(n, y, x, ctr, km, ks, r, gift_bs_rcm[r], gift_bs_rcm[r + 1]);
}

GIFT_BS_INLINE void gift_bs_round2(const unsigned n, bs_word *BS_RESTRICT y, const bs_word *BS_RESTRICT x,
                                   const uint32_t *km, const bs_word *ks, unsigned r)
{
    gift_bs_round2_from(n, y, x, 0, km, ks, r);
}

/* The inverse of rounds r and r + 1 (round r + 1's inverse first), by the
 * same groups. */
GIFT_BS_INLINE void gift_bs_round2_inv(const unsigned n, bs_word *BS_RESTRICT y,
                                       const bs_word *BS_RESTRICT x, const uint32_t *km,
                                       const bs_word *ks, unsigned r)
{
    gift_bs_ofs o0[4], o1[4];
    const uint32_t *kmo0[4], *kmo1[4];
    BS_TABLE_REF uint32_t *rc0 = gift_bs_rcm[r], *rc1 = gift_bs_rcm[r + 1];
    gift_bs_round_ofs(n, o0, r);
    gift_bs_round_ofs(n, o1, r + 1);
    gift_bs_round_kmo(kmo0, km, o0);
    gift_bs_round_kmo(kmo1, km, o1);
    BS_UNROLL(8)
    for (unsigned g = 0; g < n / 16; g++) {
        bs_word v[16], a[4];
        BS_UNROLL(4)
        for (unsigned m = 0; m < 4; m++) {
            const unsigned k = g + m * (n / 16);
            BS_UNROLL(4)
            for (unsigned b = 0; b < 4; b++) {
                const unsigned p = GIFT_BS_P(n, 4 * k + b);
                a[b] = gift_bs_ark(n, p, x[p], kmo1, ks, o1, rc1);
            }
            gift_bs_sbox_inv(n, &v[4 * m], &v[4 * m + 1], &v[4 * m + 2], &v[4 * m + 3], a[0], a[1], a[2], a[3]);
        }
        BS_UNROLL(4)
        for (unsigned s = 0; s < 4; s++) {
            const unsigned j = 4 * g + s;
            BS_UNROLL(4)
            for (unsigned b = 0; b < 4; b++) {
                const unsigned p = GIFT_BS_P(n, 4 * j + b);
                a[b] = gift_bs_ark(n, p, v[GIFT_BS_V(n, g, p)], kmo0, ks, o0, rc0);
            }
            gift_bs_sbox_inv(n, &y[4 * j], &y[4 * j + 1], &y[4 * j + 2], &y[4 * j + 3], a[0], a[1], a[2], a[3]);
        }
    }
}

/* GIFT-128's round pairs as the loops below call them (see BS_ROUND): one
 * function per key form (masks km or sliced ks), r at run time. */
#define GIFT_BS_ROUND_FNS(n)                                                                       \
    BS_ROUND void gift_bs_round2_##n##_m(bs_word *BS_RESTRICT y, const bs_word *BS_RESTRICT x,    \
                                         const uint32_t *km, unsigned r)                           \
    {                                                                                              \
        gift_bs_round2(n, y, x, km, 0, r);                                                         \
    }                                                                                              \
    BS_ROUND void gift_bs_round2_##n##_s(bs_word *BS_RESTRICT y, const bs_word *BS_RESTRICT x,    \
                                         const bs_word *ks, unsigned r)                            \
    {                                                                                              \
        gift_bs_round2(n, y, x, 0, ks, r);                                                         \
    }                                                                                              \
    BS_ROUND void gift_bs_round2_inv##n##_m(bs_word *BS_RESTRICT y, const bs_word *BS_RESTRICT x, \
                                            const uint32_t *km, unsigned r)                        \
    {                                                                                              \
        gift_bs_round2_inv(n, y, x, km, 0, r);                                                     \
    }                                                                                              \
    BS_ROUND void gift_bs_round2_inv##n##_s(bs_word *BS_RESTRICT y, const bs_word *BS_RESTRICT x, \
                                            const bs_word *ks, unsigned r)                         \
    {                                                                                              \
        gift_bs_round2_inv(n, y, x, 0, ks, r);                                                     \
    }
GIFT_BS_ROUND_FNS(128)
#if defined(BS_WORD_SPLIT) || defined(GIFT_BS_OUTLINE64)
GIFT_BS_ROUND_FNS(64)
#endif

/* Rounds r and r + 1 (or their inverse): GIFT-128's through those, GIFT-64's
 * inlined (of its 64 words both compilers keep enough in registers: out of
 * line, GIFT-64 ECB took longer; GIFT-128 out of line is faster on the
 * 64-bit and 512-bit words), except on a word split into several registers
 * (BS_WORD_SPLIT: wide512 without AVX-512, whose GIFT-64 ECB and key search
 * ran longer inlined, both compilers spilling most of the state) and, with
 * one key, where the includer asks for them out of line (GIFT_BS_OUTLINE64:
 * the 64-bit word, see gift/bitslice64.c). Figures:
 * docs/design/gift.md, "GIFT's round pairs in or out of line".
 * n and whether ks is 0 are constants where this is inlined. */
GIFT_BS_INLINE void gift_bs_round2_call(const unsigned n, const int inv, bs_word *y, const bs_word *x,
                                        const uint32_t *km, const bs_word *ks, unsigned r)
{
#if defined(GIFT_BS_OUTLINE64) /* one key out of line; the sliced keys' pairs (key search) stay inlined */
    if (n == 64 && !inv) ks ? gift_bs_round2(n, y, x, 0, ks, r) : gift_bs_round2_64_m(y, x, km, r);
    if (n == 64 && inv) ks ? gift_bs_round2_inv(n, y, x, 0, ks, r) : gift_bs_round2_inv64_m(y, x, km, r);
#elif !defined(BS_WORD_SPLIT)
    if (n == 64 && !inv) gift_bs_round2(n, y, x, km, ks, r);
    if (n == 64 && inv) gift_bs_round2_inv(n, y, x, km, ks, r);
#elif defined(GIFT_BS_ROUND2_64_S) /* the includer's own sliced-key pair (gift/wide512.c) */
    if (n == 64 && !inv) ks ? GIFT_BS_ROUND2_64_S(y, x, ks, r) : gift_bs_round2_64_m(y, x, km, r);
    if (n == 64 && inv) ks ? gift_bs_round2_inv64_s(y, x, ks, r) : gift_bs_round2_inv64_m(y, x, km, r);
#else
    if (n == 64 && !inv) ks ? gift_bs_round2_64_s(y, x, ks, r) : gift_bs_round2_64_m(y, x, km, r);
    if (n == 64 && inv) ks ? gift_bs_round2_inv64_s(y, x, ks, r) : gift_bs_round2_inv64_m(y, x, km, r);
#endif
    if (n == 128 && !inv) ks ? gift_bs_round2_128_s(y, x, ks, r) : gift_bs_round2_128_m(y, x, km, r);
    if (n == 128 && inv) ks ? gift_bs_round2_inv128_s(y, x, ks, r) : gift_bs_round2_inv128_m(y, x, km, r);
}

/* The rounds loops unroll as BS_UNROLL_ROUNDS says, unless the includer
 * sets GIFT_UNROLL_ENC_ROUNDS or GIFT_UNROLL_DEC_ROUNDS (device/cuda_kernels.cu). */
#ifndef GIFT_UNROLL_ENC_ROUNDS
#define GIFT_UNROLL_ENC_ROUNDS BS_UNROLL_ROUNDS
#endif
#ifndef GIFT_UNROLL_DEC_ROUNDS
#define GIFT_UNROLL_DEC_ROUNDS BS_UNROLL_ROUNDS
#endif

/* All rounds on x (n words, in the rounds' representation: see gift_bs_in),
 * t scratch of n words; the result is in x (the round counts are multiples of 4). One
 * key: km; sliced keys: ks (the other 0). */
GIFT_BS_INLINE void gift_bs_encrypt(const unsigned n, bs_word *x, bs_word *t, const uint32_t *km,
                                    const bs_word *ks)
{
    const unsigned rounds = n == 64 ? 28 : 40;
    GIFT_UNROLL_ENC_ROUNDS
    for (unsigned r = 0; r < rounds; r += 4) {
        gift_bs_round2_call(n, 0, t, x, km, ks, r);
        gift_bs_round2_call(n, 0, x, t, km, ks, r + 2);
    }
}

GIFT_BS_INLINE void gift_bs_decrypt(const unsigned n, bs_word *x, bs_word *t, const uint32_t *km,
                                    const bs_word *ks)
{
    const unsigned rounds = n == 64 ? 28 : 40;
    GIFT_UNROLL_DEC_ROUNDS
    for (unsigned r = rounds; r > 0; r -= 4) {
        gift_bs_round2_call(n, 1, t, x, km, ks, r - 2);
        gift_bs_round2_call(n, 1, x, t, km, ks, r - 4);
    }
}

/* --- key search -------------------------------------------------------------- */
#if !defined(GIFT_BS_ROUNDS_ONLY) /* gift/wide512_part.c takes the rounds only */

/* One batch of a key search: lane l's key is key0 with key bit lane_bit[k]
 * flipped for every bit k of l (k < log2(BS_LANES)). Returns the word whose
 * lane l is set iff that key encrypts pt to ct (blocks of n / 8 big-endian
 * bytes). kw, kd, x, t: scratch (128, GIFT_KD_WORDS, 128 and 128 words). */
GIFT_BS_INLINE bs_word gift_bs_search(const unsigned n, const uint8_t *key0,
                                      const uint16_t *lane_bit, const uint8_t *pt,
                                      const uint8_t *ct, bs_word *kw, bs_word *kd, bs_word *x,
                                      bs_word *t)
{
    BS_LANE_PATS_STORAGE const bs_word pat[] = BS_LANE_PATS;
    BS_LANE_PATS_CHECK(pat);
    bs_word diff = BS_MASK32(0);
    gift_bs_key_search(kw, key0, lane_bit, pat, sizeof pat / sizeof pat[0]);
    gift_bs_key_double(n, kd, kw);
    for (unsigned i = 0; i < n; i++) BS_SET_MASK32(&x[i], 0u - ((pt[n / 8 - 1 - i / 8] >> (i % 8)) & 1u));
    gift_bs_in(n, x);
    gift_bs_encrypt(n, x, t, 0, kd);
    gift_bs_out(n, x);
    BS_UNROLL(128) /* gcc carried a split word's diff through the stack (pipo_bs_match) */
    for (unsigned i = 0; i < n; i++)
        diff = BS_OR(diff, BS_XOR(x[i], BS_MASK32(0u - ((ct[n / 8 - 1 - i / 8] >> (i % 8)) & 1u))));
    return BS_NOT(diff);
}

#endif

#endif
