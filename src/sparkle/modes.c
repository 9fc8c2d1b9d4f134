/* SPARKLE public API: the permutation on a byte state, over the registry. */
#include "sparkle_impl.h"

LWCX_DEFINE_PRIMITIVE(sparkle, sparkle_impl,
                      "SPARKLE256/384/512 permutations, Schwaemm AEAD, Esch hash and XOEsch XOF");

const sparkle_impl *lwcx_sparkle_pick(const lwcx_impl *impl, unsigned nb, size_t count, int *status)
{
    const int injected = lwcx_test_fail_point(LWCX_ERR_UNSUPPORTED);
    if (LWCX_UNLIKELY(injected)) {
        *status = injected;
        return NULL;
    }
    const int kind = count > 1 ? LWCX_CALL_MANY_STATES
                     : nb == 4 ? LWCX_CALL_STATE256
                     : nb == 6 ? LWCX_CALL_STATE384
                               : LWCX_CALL_STATE512;
    return lwcx_resolve_kind(&lwcx_prim_sparkle, impl, kind, status);
}

int lwcx_sparkle_impl_valid(const sparkle_impl *im)
{
    int rc;
    return im && lwcx_resolve(&lwcx_prim_sparkle, (const lwcx_impl *)(const void *)im, &rc) != NULL;
}

int lwcx_sparkle_permute(uint8_t *state, size_t state_bytes, unsigned steps)
{
    return lwcx_sparkle_permute_with(NULL, state, state_bytes, steps);
}

/* The byte state through the words w. On a little-endian host they are the
 * same bytes, copied with a constant size: whole-vector moves, from which
 * the permutation's vector loads of w are forwarded (gcc made the
 * byte-order loops 4-byte stores, which a 16-byte load cannot be forwarded
 * from, and one state's permutation fell behind clang's). */
static inline __attribute__((always_inline)) void permute_sized(const sparkle_impl *im, uint32_t *w,
                                                                uint8_t *state, const size_t bytes,
                                                                unsigned steps)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    memcpy(w, state, bytes);
    im->permute(w, (unsigned)(bytes / 8), steps);
    memcpy(state, w, bytes);
#else
    for (size_t i = 0; i < bytes / 4; i++) w[i] = lwcx_load32le(state + 4 * i);
    im->permute(w, (unsigned)(bytes / 8), steps);
    for (size_t i = 0; i < bytes / 4; i++) lwcx_store32le(state + 4 * i, w[i]);
#endif
}

static void permute_bytes(const sparkle_impl *im, uint32_t *w, uint8_t *state, size_t bytes, unsigned steps)
{
    switch (bytes) { /* a constant size in each case */
    case 32: permute_sized(im, w, state, 32, steps); break;
    case 48: permute_sized(im, w, state, 48, steps); break;
    default: permute_sized(im, w, state, 64, steps); break;
    }
}

int lwcx_sparkle_permute_with(const lwcx_impl *impl, uint8_t *state, size_t state_bytes, unsigned steps)
{
    if (!state) return LWCX_ERR_NULL;
    if (state_bytes != 32 && state_bytes != 48 && state_bytes != 64) return LWCX_ERR_LENGTH;
    if (steps < 1 || steps > 12) return LWCX_ERR_ARG;
    int rc = LWCX_OK;
    const sparkle_impl *im = lwcx_sparkle_pick(impl, (unsigned)state_bytes / 8, 1, &rc);
    if (!im) return rc;
    uint32_t w[2 * SPARKLE_MAX_BRANCHES];
    permute_bytes(im, w, state, state_bytes, steps);
    lwcx_wipe(w, sizeof w);
    return LWCX_OK;
}
