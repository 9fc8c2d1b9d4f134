/* Keccak for the AIMer implementations that do not use OpenSSL: a scalar
 * Keccak-f[1600], the incremental SHAKE over it (the aimer_xof functions of
 * aimer_impl), and the sponge of several states at once around any
 * multi-way permutation. Compiled once, without ISA flags. */
#ifndef LWCX_AIMER_KECCAK_H
#define LWCX_AIMER_KECCAK_H

#include "aimer_impl.h"

extern const uint64_t lwcx_keccak_rc[24]; /* the round constants */

void lwcx_keccak_f1600(uint64_t s[25]);

/* The aimer_xof functions over lwcx_keccak_f1600 (s, rate, pos). */
void lwcx_keccak_xof_init(aimer_xof *x, unsigned sec);
void lwcx_keccak_xof_absorb(aimer_xof *x, const uint8_t *in, size_t len);
LWCX_NODISCARD int lwcx_keccak_xof_final(aimer_xof *x, uint8_t *out, size_t len);
void lwcx_keccak_xof_copy(aimer_xof *dst, const aimer_xof *src);
void lwcx_keccak_xof_release(aimer_xof *x);
/* XORs the next min(len, rate - pos) bytes of in into the state without
 * permuting; returns how many (absorb permutes when the block is full) */
size_t lwcx_keccak_xof_fill(aimer_xof *x, const uint8_t *in, size_t len);
/* absorb and final around another implementation of the permutation */
void lwcx_keccak_xof_absorb_with(aimer_xof *x, const uint8_t *in, size_t len, void (*permute)(uint64_t *s));
LWCX_NODISCARD int lwcx_keccak_xof_final_with(aimer_xof *x, uint8_t *out, size_t len, void (*permute)(uint64_t *s));

/* An implementation's xof_absorb and xof_final (absorb, final) around its
 * own single-state permutation, and one whole hash over them (hash1: a
 * shake_xn of one input) */
#define LWCX_KECCAK_XOF_AROUND(absorb, final, hash1, permute)                                    \
    static inline void absorb(aimer_xof *x, const uint8_t *in, size_t len)                       \
    {                                                                                            \
        lwcx_keccak_xof_absorb_with(x, in, len, permute);                                        \
    }                                                                                            \
    static inline int final(aimer_xof *x, uint8_t *out, size_t len)                              \
    {                                                                                            \
        return lwcx_keccak_xof_final_with(x, out, len, permute);                                 \
    }                                                                                            \
    static inline int hash1(unsigned sec, uint8_t *out, size_t outlen, const uint8_t *in, size_t inlen) \
    {                                                                                            \
        aimer_xof x;                                                                             \
        lwcx_keccak_xof_init(&x, sec);                                                           \
        absorb(&x, in, inlen);                                                                   \
        return final(&x, out, outlen);                                                           \
    }

/* shake_xn with one state at a time (ways 1) */
LWCX_NODISCARD int lwcx_keccak_shake_x1(unsigned sec, uint8_t *const out[AIMER_MAX_WAYS], size_t outlen,
                         const uint8_t *const in[AIMER_MAX_WAYS], size_t inlen, unsigned count);

/* shake_xn around a permutation of `ways` interleaved states: st holds lane
 * i of state w at st[i * ways + w] (25 * ways words, which permute
 * transforms in place). Lanes past count are hashed as empty inputs and
 * not written. st is wiped on return. */
void lwcx_keccak_shake_lanes(unsigned sec, uint8_t *const out[AIMER_MAX_WAYS], size_t outlen,
                             const uint8_t *const in[AIMER_MAX_WAYS], size_t inlen, unsigned count,
                             unsigned ways, uint64_t *st, void (*permute)(uint64_t *st));
/* One permutation of `ways` interleaved states (permute), or, when the
 * input of a sponge of side's chain completes a block, that block (of the
 * first such) taken and permuted too: in the last lane when count < ways
 * leaves it free, else beside them (permute_side); side may be NULL. */
void lwcx_keccak_permute_lanes(uint64_t *st, unsigned ways, unsigned count, void (*permute)(uint64_t *st),
                               aimer_side *side, void (*permute_side)(uint64_t *st, uint64_t *s1));
/* The same with shake_xn_side's single sponge: while side completes a
 * block, a permutation takes it too (lwcx_keccak_permute_lanes: in the
 * last lane if count < ways, else by permute_side(st, side->x->s), which
 * permutes that state beside st). */
void lwcx_keccak_shake_lanes_side(unsigned sec, uint8_t *const out[AIMER_MAX_WAYS], size_t outlen,
                                  const uint8_t *const in[AIMER_MAX_WAYS], size_t inlen, unsigned count,
                                  unsigned ways, uint64_t *st, void (*permute)(uint64_t *st),
                                  aimer_side *side, void (*permute_side)(uint64_t *st, uint64_t *s1));

#endif
