/* Template: included by other files, never compiled on its own.
 * Includer defines first: a word header (bs_word, BS_LANES, BS_XOR, BS_AND, BS_OR, BS_NOT,
 *   BS_MASK32, BS_LANE_PATS; optionally BS_SET_MASK32, PIPO_BS_INLINE)
 * Defines: the PIPO-64/128 and PIPO-64/256 bitsliced rounds (PIPO_BS_ROUND_FNS) and their key
 *   and constant helpers
 */
/* PIPO-64/128 and PIPO-64/256 rounds, fully bitsliced across blocks, over an
 * abstract word (see bc_impl.h). The including file defines bs_word,
 * BS_LANES, BS_XOR(a, b), BS_AND(a, b), BS_OR(a, b), BS_NOT(a),
 * BS_MASK32(m) (see gift/bs_core.tmpl.h) and BS_LANE_PATS (see present/bs_core.tmpl.h),
 * and may define BS_SET_MASK32(p, m) (gift/bs_core.tmpl.h) and PIPO_BS_INLINE
 * (default BS_INLINE, bitslice/bs_core_common.h). Nothing here is host-only.
 *
 * Layout. A state is 64 words: word 8 i + j holds bit j of row (byte) i of
 * every block, i.e. bit 8 i + j of the block read as a little-endian 64-bit
 * integer. Which lane of a word is which block is up to the including file.
 *   - S-layer: the 8-bit S-box acts on column j, the words 8 i + j of the 8
 *     rows (row 7 its most significant input), as a 34-operation circuit;
 *     8 columns per round.
 *   - R-layer: row i rotated left by (0, 7, 4, 3, 6, 5, 1, 2)[i] moves bit j
 *     to bit j + rot mod 8 -- only a renaming: each S-box output is stored
 *     straight to its rotated place in a second buffer.
 *   - Round key: RK_r = key word r mod nkw (nkw = 2 or 4 words of 8 key bytes)
 *     with r XORed into row 0. Key words come sliced like blocks (64 words
 *     each, per-lane bits, for many keys and key search) or, for one key, as
 *     64 all-0/all-1 32-bit masks each (see PIPO_BS_XK); the constant is 5
 *     words per round (pipo_bs_rc). The key XOR is merged into
 *     the stores of the round (encryption) or the loads (decryption).
 *
 * Per round and batch: 8 x 34 S-box operations, 64 key XORs, at most 4
 * constant XORs: about 1.3 operations per block and round for 256 blocks in
 * ymm words. The native row layout (a register holding row i of 32 blocks)
 * needs 34 S-box operations, about 5 shifts and masks for each of the seven
 * row rotations and 8 key XORs per 32 blocks: about 2.4 per block. */
#ifndef LWCX_PIPO_BS_CORE_H
#define LWCX_PIPO_BS_CORE_H

#include <stdint.h>

#include "../bitslice/bs_core_common.h"
#include "../bitslice/bs_word_defaults.tmpl.h"

#ifndef PIPO_BS_INLINE
#define PIPO_BS_INLINE BS_INLINE
#endif

#define PIPO_BS_MAX_ROUNDS 17

/* rotation of row i, left */
#define PIPO_BS_ROT(i) ((0x21563470u >> (4 * (i))) & 7u)

/* a ^ b ^ c: one operation where the word has BS_TERN (defined by the word
 * header, which comes first) */
#ifdef BS_TERN
#define PIPO_BS_XOR3(a, b, c) BS_TERN(a, b, c, 0x96)
#define PIPO_BS_SPLIT 1
#else
#define PIPO_BS_XOR3(a, b, c) BS_XOR(BS_XOR(a, b), c)
#define PIPO_BS_SPLIT 0
#endif

/* --- the S-box on one column: r[i] is row i ------------------------------ */

/* ~(a ^ b) and ~(a ^ b ^ c): one operation each where the word has BS_TERN */
#ifdef BS_TERN
#define PIPO_BS_XNOR(a, b) BS_TERN(a, b, b, 0xC3)
#define PIPO_BS_XNOR3(a, b, c) BS_TERN(a, b, c, 0x69)
#else
#define PIPO_BS_XNOR(a, b) BS_NOT(BS_XOR(a, b))
#define PIPO_BS_XNOR3(a, b, c) BS_NOT(BS_XOR(BS_XOR(a, b), c))
#endif

/* Two 5-bit S-boxes around a 3-bit one, as in the specification: S5 on
 * r7..r3, S3 on r2..r0, three mixing XORs, S5 again on (r7, r3, r4, r6, r5)
 * whose outputs feed r2..r0, then a renaming of the outputs. Two steps are
 * merged where three-input operations make it one operation less each:
 * S5's h ^= e is read only by f ^= h and the mixing's h ^= b, so both take
 * h ^ e as a three-input XOR; and S3's closing NOT of c goes into c's two
 * uses, the mixing's d ^= c and output 2 (output 2 is then ~(r[2] ^
 * p[2])). 26 operations a column with the key on the zmm word, where the
 * compilers' own fusion left 28; the words without such operations keep
 * the specification's steps. */
PIPO_BS_INLINE void pipo_bs_sbox_parts(bs_word r[8], bs_word p[8])
{
    bs_word a = r[0], b = r[1], c = r[2], d = r[3], e = r[4], f = r[5], g = r[6], h = r[7];
    /* S3 on c, b, a; its NOT of c only without three-input operations */
    c = BS_XOR(c, BS_AND(b, a));
    a = BS_XOR(a, BS_OR(c, b));
    b = BS_XOR(b, BS_OR(c, a));
#if !PIPO_BS_SPLIT
    c = BS_NOT(c);
#endif
    /* S5 on h, g, f, e, d, with the mixing of h and d */
    f = BS_XOR(f, BS_AND(h, g));
    e = BS_XOR(e, BS_AND(d, f));
    g = BS_XOR(g, d);
    d = BS_XOR(d, BS_OR(e, f));
#if PIPO_BS_SPLIT
    d = PIPO_BS_XNOR(d, c);    /* the mixing's d ^= c, c's NOT in it */
    f = PIPO_BS_XOR3(f, h, e); /* f ^= (h ^= e) */
    h = PIPO_BS_XOR3(h, e, b); /* and the mixing's h ^= b */
#else
    d = BS_XOR(d, c);
    h = BS_XOR(h, e);
    f = BS_XOR(f, h);
    h = BS_XOR(h, b);
#endif
    e = BS_XOR(e, BS_AND(f, g));
    /* the mixing's last */
    e = BS_XOR(e, a);
    /* second S5: h, d, e are only read, through u, v, w */
    bs_word u = h, v = d, w = e;
    g = BS_XOR(g, BS_AND(u, f));
    u = BS_XOR(u, g);
    g = BS_XOR(g, BS_OR(w, v));
    v = BS_XOR(v, f);
    f = BS_XOR(f, BS_OR(g, w));
    w = BS_XOR(w, BS_AND(v, u));
    /* outputs: r[i], still to be XORed with p[i] for i = 1, 2, 7 where
     * PIPO_BS_SPLIT (output 2 then also complemented) */
    r[0] = h;
    r[1] = PIPO_BS_SPLIT ? a : BS_XOR(a, v), p[1] = v;
    r[2] = PIPO_BS_SPLIT ? c : BS_XOR(c, u), p[2] = u;
    r[3] = g;
    r[4] = f;
    r[5] = e;
    r[6] = d;
    r[7] = PIPO_BS_SPLIT ? b : BS_XOR(b, w), p[7] = w;
}

/* Which outputs end with an XOR (pipo_bs_sbox_parts): where the round key
 * follows, the two XORs become one three-input operation. Only where the
 * word has one (PIPO_BS_SPLIT): otherwise the two XORs stay as they were,
 * and the split only kept more words live (gcc's portable 512-bit word, 4
 * SSE registers a word, ran PIPO slower split). */
#define PIPO_BS_SPLIT_OUT(i) (PIPO_BS_SPLIT && ((i) == 1 || (i) == 2 || (i) == 7))
/* a split output i joined with x: r ^ p ^ x, complemented for output 2 */
#define PIPO_BS_JOIN(i, r, p, x) ((i) == 2 ? PIPO_BS_XNOR3(r, p, x) : PIPO_BS_XOR3(r, p, x))

PIPO_BS_INLINE void pipo_bs_sbox(bs_word r[8])
{
    bs_word p[8];
    pipo_bs_sbox_parts(r, p);
    for (unsigned i = 0; i < 8; i++)
        if (PIPO_BS_SPLIT_OUT(i)) r[i] = i == 2 ? PIPO_BS_XNOR(r[i], p[i]) : BS_XOR(r[i], p[i]);
}

/* The inverse: the steps of pipo_bs_sbox undone in reverse order. p (0 or
 * an array): words XORed into inputs 1, 2 and 7 (PIPO_BS_SPLIT_OUT), which
 * the inverse only XORs into others, three inputs in one operation. */
PIPO_BS_INLINE void pipo_bs_sbox_inv_with(bs_word r[8], const bs_word *p)
{
    /* h, d, e (the second S5's read-only inputs) come back directly */
    bs_word h = r[0], d = r[6], e = r[5], g = r[3], f = r[4];
    /* undo the second S5 on g, f; recompute its outputs u, v, w */
    f = BS_XOR(f, BS_OR(g, e));
    g = BS_XOR(g, BS_OR(e, d));
    bs_word u = BS_XOR(h, g), v = BS_XOR(d, f);
    bs_word w = BS_XOR(e, BS_AND(v, u));
    g = BS_XOR(g, BS_AND(h, f));
    bs_word c = p ? PIPO_BS_XOR3(r[2], p[2], u) : BS_XOR(r[2], u);
    bs_word b = p ? PIPO_BS_XOR3(r[7], p[7], w) : BS_XOR(r[7], w);
    bs_word a = p ? PIPO_BS_XOR3(r[1], p[1], v) : BS_XOR(r[1], v);
    /* undo the mixing */
    h = BS_XOR(h, b);
    d = BS_XOR(d, c);
    e = BS_XOR(e, a);
    /* undo S3 */
    c = BS_NOT(c);
    b = BS_XOR(b, BS_OR(c, a));
    a = BS_XOR(a, BS_OR(c, b));
    c = BS_XOR(c, BS_AND(b, a));
    /* undo the first S5 */
    e = BS_XOR(e, BS_AND(f, g));
    f = BS_XOR(f, h);
    d = BS_XOR(d, BS_OR(e, f));
    g = BS_XOR(g, d);
    h = BS_XOR(h, e);
    e = BS_XOR(e, BS_AND(d, f));
    f = BS_XOR(f, BS_AND(h, g));
    r[0] = a, r[1] = b, r[2] = c, r[3] = d, r[4] = e, r[5] = f, r[6] = g, r[7] = h;
}

PIPO_BS_INLINE void pipo_bs_sbox_inv(bs_word r[8])
{
    pipo_bs_sbox_inv_with(r, 0);
}

/* --- round constants ------------------------------------------------------- */

/* Key words come sliced (bs_word, each lane its own key) or as one key's
 * masks (uint32_t, broadcast where used: expand() writes 256 or 512 bytes,
 * not 64 or 128 words, whose writing and wiping was a large part of a 4 KiB
 * avx512 CTR call; docs/design/pipo.md, "PIPO's one-key masks");
 * sliced is a constant at every call. PIPO_BS_XK: w ^ key word
 * o; PIPO_BS_KAT: where key word o is. */
#define PIPO_BS_XK(w, sliced, k, o) \
    ((sliced) ? BS_XOR(w, ((const bs_word *)(k))[o]) : BS_XOR_MASK32(w, ((const uint32_t *)(k))[o]))
#define PIPO_BS_KW(sliced, k, o) ((sliced) ? ((const bs_word *)(k))[o] : BS_MASK32(((const uint32_t *)(k))[o]))
#define PIPO_BS_KAT(sliced, k, o) \
    ((sliced) ? (const void *)((const bs_word *)(k) + (o)) : (const void *)((const uint32_t *)(k) + (o)))

/* rc[r][b] = all ones where bit b of r is set (r < 32): the constant of round
 * r, XORed into word b (row 0). Computed once per call, outside the rounds.
 * A broadcast, not a choice between two constant words: gcc stored the
 * split wide512 word's all-ones constant 8 bytes at a time and copied it on
 * 16 bytes at a time, which the store buffer cannot forward. */
PIPO_BS_INLINE void pipo_bs_rc(bs_word rc[][5], unsigned rounds)
{
    for (unsigned r = 0; r <= rounds; r++)
        for (unsigned b = 0; b < 5; b++) BS_SET_MASK32(&rc[r][b], 0u - ((r >> b) & 1u));
}

/* --- rounds ------------------------------------------------------------------ */

/* Column j of an encryption round: y = R(S(x ^ pre)) ^ k ^ rc, where pre is
 * the whitening key if has_pre; keys as sliced says (PIPO_BS_XK). j,
 * has_pre and sliced are constants once inlined. */
PIPO_BS_INLINE void pipo_bs_enc_col(bs_word *y, const bs_word *x, int sliced, int has_pre, const void *pre,
                                    const void *k, const bs_word *rc, unsigned j)
{
    bs_word r[8], p[8];
    for (unsigned i = 0; i < 8; i++) {
        r[i] = has_pre ? PIPO_BS_XK(x[8 * i + j], sliced, pre, 8 * i + j) : x[8 * i + j];
        BS_KEEP(r[i]);
    }
    pipo_bs_sbox_parts(r, p);
    for (unsigned i = 0; i < 8; i++) {
        const unsigned o = 8 * i + ((j + PIPO_BS_ROT(i)) & 7);
        if (PIPO_BS_SPLIT_OUT(i)) /* the S-box's last XOR and the key's in one */
            y[o] = PIPO_BS_JOIN(i, r[i], p[i], PIPO_BS_KW(sliced, k, o));
        else if (i == 0 && j < 5) /* row 0 is not rotated */
            y[o] = PIPO_BS_XOR3(r[i], rc[j], PIPO_BS_KW(sliced, k, o));
        else
            y[o] = PIPO_BS_XK(r[i], sliced, k, o);
    }
}

PIPO_BS_INLINE void pipo_bs_enc_round_any(bs_word *y, const bs_word *x, int sliced, int has_pre,
                                          const void *pre, const void *k, const bs_word *rc)
{
    BS_UNROLL(8) /* j a constant in each column */
    for (unsigned j = 0; j < 8; j++) pipo_bs_enc_col(y, x, sliced, has_pre, pre, k, rc, j);
}

/* One encryption round from x into y (x, y distinct), sliced keys. */
PIPO_BS_INLINE void pipo_bs_enc_round(bs_word *y, const bs_word *x, int has_pre,
                                      const bs_word *pre, const bs_word *k, const bs_word *rc)
{
    pipo_bs_enc_round_any(y, x, 1, has_pre, pre, k, rc);
}

/* Column j of a decryption round: x = S^-1(R^-1(y ^ k ^ rc)) ^ post, where
 * post is the whitening key if has_post (keys as in pipo_bs_enc_col). */
PIPO_BS_INLINE void pipo_bs_dec_col(bs_word *x, const bs_word *y, int sliced, const void *k,
                                    const bs_word *rc, int has_post, const void *post, unsigned j)
{
    bs_word r[8], p[8];
    for (unsigned i = 0; i < 8; i++) {
        const unsigned o = 8 * i + ((j + PIPO_BS_ROT(i)) & 7);
        if (PIPO_BS_SPLIT_OUT(i)) /* the key joins the inverse's first XOR of it */
            r[i] = y[o], p[i] = PIPO_BS_KW(sliced, k, o);
        else if (i == 0 && j < 5)
            r[i] = PIPO_BS_XOR3(y[o], rc[j], PIPO_BS_KW(sliced, k, o));
        else
            r[i] = PIPO_BS_XK(y[o], sliced, k, o);
    }
    pipo_bs_sbox_inv_with(r, PIPO_BS_SPLIT ? p : 0);
    for (unsigned i = 0; i < 8; i++) x[8 * i + j] = has_post ? PIPO_BS_XK(r[i], sliced, post, 8 * i + j) : r[i];
}

PIPO_BS_INLINE void pipo_bs_dec_round_any(bs_word *x, const bs_word *y, int sliced, const void *k,
                                          const bs_word *rc, int has_post, const void *post)
{
    BS_UNROLL(8) /* j a constant in each column */
    for (unsigned j = 0; j < 8; j++) pipo_bs_dec_col(x, y, sliced, k, rc, has_post, post, j);
}

/* The rounds as the loops below call them, out of line on CPUs (see
 * BS_ROUND): inlined into the two-round loop, clang carried each word from
 * the round that stored it to the next one in a register, spilled it, and
 * stored it twice (docs/design/pipo.md, "PIPO's loops and packing"). */
#define PIPO_BS_ROUND_FNS(sfx, sliced, K)                                                             \
    BS_ROUND void pipo_bs_enc_round_pre##sfx(bs_word *BS_RESTRICT y, const bs_word *BS_RESTRICT x,    \
                                             const K *pre, const K *k, const bs_word *rc)             \
    {                                                                                                 \
        pipo_bs_enc_round_any(y, x, sliced, 1, pre, k, rc);                                           \
    }                                                                                                 \
    BS_ROUND void pipo_bs_enc_round_k##sfx(bs_word *BS_RESTRICT y, const bs_word *BS_RESTRICT x,      \
                                           const K *k, const bs_word *rc)                             \
    {                                                                                                 \
        pipo_bs_enc_round_any(y, x, sliced, 0, 0, k, rc);                                             \
    }                                                                                                 \
    BS_ROUND void pipo_bs_dec_round_k##sfx(bs_word *BS_RESTRICT x, const bs_word *BS_RESTRICT y,      \
                                           const K *k, const bs_word *rc)                             \
    {                                                                                                 \
        pipo_bs_dec_round_any(x, y, sliced, k, rc, 0, 0);                                             \
    }                                                                                                 \
    BS_ROUND void pipo_bs_dec_round_post##sfx(bs_word *BS_RESTRICT x, const bs_word *BS_RESTRICT y,   \
                                              const K *k, const bs_word *rc, const K *post)           \
    {                                                                                                 \
        pipo_bs_dec_round_any(x, y, sliced, k, rc, 1, post);                                          \
    }
PIPO_BS_ROUND_FNS(s, 1, bs_word)  /* sliced keys: pipo_bs_enc_round_pres, ... */
PIPO_BS_ROUND_FNS(m, 0, uint32_t) /* one key's masks: pipo_bs_enc_round_prem, ... */

/* a round pair's calls in either key form (sliced a constant) */
#define PIPO_BS_ENC_ROUND_PRE(sliced, y, x, key, rc)                                                  \
    ((sliced) ? pipo_bs_enc_round_pres(y, x, (const bs_word *)(key), (const bs_word *)(key) + 64, rc) \
              : pipo_bs_enc_round_prem(y, x, (const uint32_t *)(key), (const uint32_t *)(key) + 64, rc))
#define PIPO_BS_ENC_ROUND_K(sliced, y, x, k, rc)                                                      \
    ((sliced) ? pipo_bs_enc_round_ks(y, x, (const bs_word *)(k), rc) : pipo_bs_enc_round_km(y, x, (const uint32_t *)(k), rc))
#define PIPO_BS_DEC_ROUND_K(sliced, x, y, k, rc)                                                      \
    ((sliced) ? pipo_bs_dec_round_ks(x, y, (const bs_word *)(k), rc) : pipo_bs_dec_round_km(x, y, (const uint32_t *)(k), rc))
#define PIPO_BS_DEC_ROUND_POST(sliced, x, y, key, rc)                                                      \
    ((sliced) ? pipo_bs_dec_round_posts(x, y, (const bs_word *)(key) + 64, rc, (const bs_word *)(key))     \
              : pipo_bs_dec_round_postm(x, y, (const uint32_t *)(key) + 64, rc, (const uint32_t *)(key)))

/* --- whole ciphers ------------------------------------------------------------ */

/* PIPO's rounds loops unroll as BS_UNROLL_ROUNDS says, unless the includer
 * sets PIPO_UNROLL_ROUNDS: the CUDA one-key kernels unroll PIPO's fully
 * (by two, as PRESENT's and GIFT's, its CTR ran slower on the GPU;
 * docs/design/pipo.md, "PIPO's loops and packing"). */
#ifndef PIPO_UNROLL_ROUNDS
#define PIPO_UNROLL_ROUNDS BS_UNROLL_ROUNDS
#endif

/* Encrypts the state in a (b is scratch of 64 words) with the key words
 * key[nkw][64] (nkw = 2 or 4), sliced or one key's masks (PIPO_BS_XK), and
 * the constants rc (pipo_bs_rc), for an odd number of rounds; returns the
 * buffer holding the result (b). */
PIPO_BS_INLINE bs_word *pipo_bs_encrypt_any(bs_word *a, bs_word *b, int sliced, const void *key,
                                            unsigned nkw, unsigned rounds, const bs_word rc[][5])
{
    PIPO_BS_ENC_ROUND_PRE(sliced, b, a, key, rc[1]);
    PIPO_UNROLL_ROUNDS
    for (unsigned r = 2; r < rounds; r += 2) {
        PIPO_BS_ENC_ROUND_K(sliced, a, b, PIPO_BS_KAT(sliced, key, 64 * (r & (nkw - 1))), rc[r]);
        PIPO_BS_ENC_ROUND_K(sliced, b, a, PIPO_BS_KAT(sliced, key, 64 * ((r + 1) & (nkw - 1))), rc[r + 1]);
    }
    return b;
}

/* The inverse of pipo_bs_encrypt_any: decrypts the state in a, returns the
 * buffer holding the result (b). */
PIPO_BS_INLINE bs_word *pipo_bs_decrypt_any(bs_word *a, bs_word *b, int sliced, const void *key,
                                            unsigned nkw, unsigned rounds, const bs_word rc[][5])
{
    PIPO_UNROLL_ROUNDS
    for (unsigned r = rounds; r > 1; r -= 2) {
        PIPO_BS_DEC_ROUND_K(sliced, b, a, PIPO_BS_KAT(sliced, key, 64 * (r & (nkw - 1))), rc[r]);
        PIPO_BS_DEC_ROUND_K(sliced, a, b, PIPO_BS_KAT(sliced, key, 64 * ((r - 1) & (nkw - 1))), rc[r - 1]);
    }
    PIPO_BS_DEC_ROUND_POST(sliced, b, a, key, rc[1]);
    return b;
}

/* with sliced key words */
PIPO_BS_INLINE bs_word *pipo_bs_encrypt(bs_word *a, bs_word *b, const bs_word *key, unsigned nkw,
                                        unsigned rounds, const bs_word rc[][5])
{
    return pipo_bs_encrypt_any(a, b, 1, key, nkw, rounds, rc);
}

PIPO_BS_INLINE bs_word *pipo_bs_decrypt(bs_word *a, bs_word *b, const bs_word *key, unsigned nkw,
                                        unsigned rounds, const bs_word rc[][5])
{
    return pipo_bs_decrypt_any(a, b, 1, key, nkw, rounds, rc);
}

/* --- key search ---------------------------------------------------------------- */

/* Sliced key words key[nkw][64] of one key (masks) become the keys of a
 * search batch: key bit lane_bit[k] (bit p of the key as a big-endian
 * integer of kb bytes: bit p % 8 of byte kb - 1 - p / 8) is XORed with
 * lane_pat[k], the word whose lane l is bit k of l, for k < npat. */
PIPO_BS_INLINE void pipo_bs_flip_lanes(bs_word *key, unsigned kb, const uint16_t *lane_bit,
                                       const bs_word *lane_pat, unsigned npat)
{
    for (unsigned k = 0; k < npat; k++) {
        const unsigned p = lane_bit[k];
        if (p >= 8 * kb) continue; /* not a key bit: nothing to flip */
        const unsigned byte = kb - 1 - p / 8;
        bs_word *w = &key[8 * byte + p % 8]; /* key word byte / 8, row byte % 8, bit p % 8 */
        *w = BS_XOR(*w, lane_pat[k]);
    }
}

/* All ones in the lanes where the state x equals the sliced block c.
 * Unrolled: gcc carried a split word (wide512) from one iteration to the
 * next through the stack. */
PIPO_BS_INLINE bs_word pipo_bs_match(const bs_word *x, const bs_word *c)
{
    bs_word d = BS_XOR(x[0], c[0]);
    BS_UNROLL(64)
    for (unsigned n = 1; n < 64; n++) d = BS_OR(d, BS_XOR(x[n], c[n]));
    return BS_NOT(d);
}

/* The keys of a search batch: key holds the sliced key words of key0 (as
 * expand leaves them: nkw x 64 masks); lane l's key becomes key0 with key
 * bit lane_bit[k] flipped for every bit k of l (k < log2(BS_LANES)). Then
 * pipo_bs_match(pipo_bs_encrypt(...), ct) gives the lanes that hit. */
PIPO_BS_INLINE void pipo_bs_search_keys(bs_word *key, unsigned nkw, const uint16_t *lane_bit)
{
    BS_LANE_PATS_STORAGE const bs_word pat[] = BS_LANE_PATS;
    BS_LANE_PATS_CHECK(pat);
    pipo_bs_flip_lanes(key, 8 * nkw, lane_bit, pat, sizeof pat / sizeof pat[0]);
}

#endif
