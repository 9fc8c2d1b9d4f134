/* SPARKLE public API: the permutation on a byte state, over the registry. */
#include "sparkle_impl.h"

static const lwcx_impl_desc *const impls[] = {
#if defined(__x86_64__)
    &sparkle_avx2.desc,
#endif
#if defined(__aarch64__)
    &sparkle_a64.desc,
    &sparkle_neon.desc,
#endif
    &sparkle_opt.desc,
    &sparkle_ref.desc,
    NULL,
};

lwcx_primitive lwcx_prim_sparkle = {
    "sparkle",
    "SPARKLE256/384/512 permutations, Schwaemm AEAD, Esch hash and XOEsch XOF",
    impls,
    NULL,
};

const sparkle_impl *sparkle_active(void)
{
    return (const sparkle_impl *)lwcx_active_impl(&lwcx_prim_sparkle);
}

int lwcx_sparkle_permute(uint8_t *state, size_t state_bytes, unsigned steps)
{
    if (!state) return LWCX_ERR_NULL;
    if (state_bytes != 32 && state_bytes != 48 && state_bytes != 64) return LWCX_ERR_LENGTH;
    if (steps < 1 || steps > 12) return LWCX_ERR_ARG;
    const sparkle_impl *im = sparkle_active();
    uint32_t w[2 * SPARKLE_MAX_BRANCHES];
    const unsigned nwords = (unsigned)(state_bytes / 4);
    for (unsigned i = 0; i < nwords; i++) w[i] = lwcx_load32le(state + 4 * i);
    im->permute(w, nwords / 2, steps);
    for (unsigned i = 0; i < nwords; i++) lwcx_store32le(state + 4 * i, w[i]);
    lwcx_wipe(w, sizeof w);
    return LWCX_OK;
}
