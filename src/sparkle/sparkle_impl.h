/* SPARKLE: the narrow interface every permutation implementation fills.
 * The state is 2*nb 32-bit words x0, y0, x1, y1, ... (nb = 4, 6 or 8
 * branches); steps is 7..12. Modes (Schwaemm, Esch) are written over this.
 * Besides the permutation (one state, or a batch), an implementation may
 * take over the modes' inner loops over whole blocks for a batch, so that
 * its states can stay in its own layout from block to block; the modes'
 * per-block steps are defined here once (sparkle_esch_inject,
 * sparkle_schwaemm_block), with the generic loops that give those entry
 * points their meaning and stand in where an implementation lacks them. */
#ifndef LWCX_SPARKLE_IMPL_H
#define LWCX_SPARKLE_IMPL_H

#include "../core/internal.h"

#define SPARKLE_MAX_BRANCHES 8

typedef struct sparkle_impl {
    lwcx_impl_desc desc; /* desc.batch: states permute_many runs side by side */
    void (*permute)(uint32_t *state, unsigned nb, unsigned steps);
    /* count independent states of 2*nb words each, stored one after another
     * (state i at states + 2*nb*i). NULL: the modes loop over permute. */
    void (*permute_many)(uint32_t *states, size_t count, unsigned nb, unsigned steps);
    /* Esch's absorption of whole blocks into count states (as for
     * permute_many): for j = 0..blocks-1, block j of message i (the 16 bytes
     * at msg[i] + 16*j) goes into state i through sparkle_esch_inject, then
     * every state is permuted with steps. Lets a batch implementation keep
     * the states in its own layout across blocks. NULL: the generic loop. */
    void (*esch_absorb_many)(uint32_t *states, size_t count, unsigned nb, unsigned steps,
                             const uint8_t *const *msg, size_t blocks);
    /* Schwaemm's whole blocks of rate_words words (none the last of its
     * phase) into count states: for j = 0..blocks-1, block j of input i (at
     * in[i] + 4*rate_words*j) goes through sparkle_schwaemm_block with the
     * output block at the same offset of out[i] (out NULL: associated data),
     * then every state is permuted with steps. out[i] may equal in[i].
     * NULL: the generic loop. */
    void (*schwaemm_blocks_many)(uint32_t *states, size_t count, unsigned nb, unsigned steps,
                                 unsigned rate_words, uint8_t *const *out, const uint8_t *const *in,
                                 size_t blocks, int decrypt);
} sparkle_impl;

/* The round constants: the fractional part of e, 32 bits at a time. */
extern const uint32_t lwcx_sparkle_rcon[SPARKLE_MAX_BRANCHES];

/* ref is used directly by the tests, opt by xmm1.tmpl.h (avx2, avx512) for the
 * state whose xmm code is slower; the implementations are declared by the
 * list of the build (lwcx_impls.h). */
extern const sparkle_impl lwcx_sparkle_ref;
extern const sparkle_impl lwcx_sparkle_opt;

/* The implementation to run count states of nb branches side by side (1:
 * one state): impl when given, else the automatic choice for that call kind
 * (one state of 256, 384 or 512 bits, or many states); NULL with *status
 * set when there is none (see lwcx_resolve). A fail point of the
 * error-injection tests (lwcx_test_fail_point). */
const sparkle_impl *lwcx_sparkle_pick(const lwcx_impl *impl, unsigned nb, size_t count, int *status);

/* 1 if im, read back from an incremental context in the caller's storage, is
 * one of SPARKLE's implementations usable here: a corrupted context must
 * never make the library call through garbage. */
int lwcx_sparkle_impl_valid(const sparkle_impl *im);

/* Permutes count states of 2*nb words each, stored one after another. */
static inline void sparkle_permute_many(const sparkle_impl *im, uint32_t *states, size_t count,
                                        unsigned nb, unsigned steps)
{
    if (im->permute_many) {
        im->permute_many(states, count, nb, steps);
        return;
    }
    for (size_t i = 0; i < count; i++) im->permute(states + 2 * nb * i, nb, steps);
}

/* The ell function of the linear layer and of Esch's message injection. */
static inline uint32_t sparkle_ell(uint32_t x)
{
    return lwcx_ror32(x ^ (x << 16), 16);
}

/* Esch's injection of one 16-byte block (four little-endian words m0..m3)
 * into the left half of a state of nb branches, through the linear layer's
 * Feistel function: with tx = ell(m0 ^ m2) and ty = ell(m1 ^ m3), every left
 * branch b gets x ^= ty, y ^= tx, and branches 0 and 1 also (m0, m1) and
 * (m2, m3). */
static inline void sparkle_esch_inject(uint32_t *s, unsigned nb, const uint8_t *block)
{
    uint32_t m[4];
    for (unsigned i = 0; i < 4; i++) m[i] = lwcx_load32le(block + 4 * i);
    const uint32_t tx = sparkle_ell(m[0] ^ m[2]), ty = sparkle_ell(m[1] ^ m[3]);
    s[0] ^= m[0] ^ ty;
    s[1] ^= m[1] ^ tx;
    s[2] ^= m[2] ^ ty;
    s[3] ^= m[3] ^ tx;
    for (unsigned i = 4; i < nb; i += 2) {
        s[i] ^= ty;
        s[i + 1] ^= tx;
    }
}

/* esch_absorb_many's meaning, over permute_many. */
static inline void sparkle_esch_absorb_generic(const sparkle_impl *im, uint32_t *states, size_t count,
                                               unsigned nb, unsigned steps, const uint8_t *const *msg,
                                               size_t blocks)
{
    for (size_t j = 0; j < blocks; j++) {
        for (size_t i = 0; i < count; i++) sparkle_esch_inject(states + 2 * nb * i, nb, msg[i] + 16 * j);
        sparkle_permute_many(im, states, count, nb, steps);
    }
}

static inline void sparkle_esch_absorb_many(const sparkle_impl *im, uint32_t *states, size_t count,
                                            unsigned nb, unsigned steps, const uint8_t *const *msg,
                                            size_t blocks)
{
    if (im->esch_absorb_many)
        im->esch_absorb_many(states, count, nb, steps, msg, blocks);
    else
        sparkle_esch_absorb_generic(im, states, count, nb, steps, msg, blocks);
}

/* Schwaemm's rho and rate whitening: the rate (rate_words words, the two
 * halves Feistel-swapped) absorbs the padded block m and is mixed with the
 * capacity's first and last half-rate words. */
static inline void sparkle_schwaemm_absorb(uint32_t *s, unsigned nb, unsigned rate_words, const uint32_t *m)
{
    const unsigned half = rate_words / 2, last_half = 2u * nb - half;
    for (unsigned i = 0; i < half; i++) {
        const uint32_t left = s[i], right = s[half + i];
        s[i] = right ^ m[i] ^ s[rate_words + i];
        s[half + i] = left ^ right ^ m[half + i] ^ s[last_half + i];
    }
}

/* One whole Schwaemm block of rate_words words at in: the output (unless
 * out is NULL, for associated data) is the input XOR the rate; the rate then
 * absorbs the plaintext (the input, or when decrypting the output). */
static inline void sparkle_schwaemm_block(uint32_t *s, unsigned nb, unsigned rate_words, uint8_t *out,
                                          const uint8_t *in, int decrypt)
{
    uint32_t m[2 * SPARKLE_MAX_BRANCHES];
    for (unsigned i = 0; i < rate_words; i++) {
        const uint32_t x = lwcx_load32le(in + 4 * i); /* word by word: out may equal in */
        m[i] = decrypt ? x ^ s[i] : x;
        if (out) lwcx_store32le(out + 4 * i, x ^ s[i]);
    }
    sparkle_schwaemm_absorb(s, nb, rate_words, m);
}

/* schwaemm_blocks_many's meaning, over permute_many. */
static inline void sparkle_schwaemm_blocks_generic(const sparkle_impl *im, uint32_t *states, size_t count,
                                                   unsigned nb, unsigned steps, unsigned rate_words,
                                                   uint8_t *const *out, const uint8_t *const *in,
                                                   size_t blocks, int decrypt)
{
    for (size_t j = 0, off = 0; j < blocks; j++, off += 4u * rate_words) {
        for (size_t i = 0; i < count; i++)
            sparkle_schwaemm_block(states + 2 * nb * i, nb, rate_words, out ? out[i] + off : NULL, in[i] + off,
                                   decrypt);
        sparkle_permute_many(im, states, count, nb, steps);
    }
}

static inline void sparkle_schwaemm_blocks_many(const sparkle_impl *im, uint32_t *states, size_t count,
                                                unsigned nb, unsigned steps, unsigned rate_words,
                                                uint8_t *const *out, const uint8_t *const *in, size_t blocks,
                                                int decrypt)
{
    if (im->schwaemm_blocks_many)
        im->schwaemm_blocks_many(states, count, nb, steps, rate_words, out, in, blocks, decrypt);
    else
        sparkle_schwaemm_blocks_generic(im, states, count, nb, steps, rate_words, out, in, blocks, decrypt);
}

#endif
