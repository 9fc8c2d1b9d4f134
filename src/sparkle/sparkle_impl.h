/* SPARKLE: the narrow interface every permutation implementation fills.
 * The state is 2*nb 32-bit words x0, y0, x1, y1, ... (nb = 4, 6 or 8
 * branches); steps is 7..12. Modes (Schwaemm, Esch) are written over this. */
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
} sparkle_impl;

/* The round constants: the fractional part of e, 32 bits at a time. */
extern const uint32_t sparkle_rcon[SPARKLE_MAX_BRANCHES];

extern const sparkle_impl sparkle_ref, sparkle_opt;
#if defined(__aarch64__)
extern const sparkle_impl sparkle_a64, sparkle_neon;
#endif
#if defined(__x86_64__)
extern const sparkle_impl sparkle_avx2;
#endif

/* The implementation in use (the registry's choice or the forced one). */
const sparkle_impl *sparkle_active(void);

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

#endif
