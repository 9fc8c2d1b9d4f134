/* Esch and XOEsch, written once over the SPARKLE permutation interface.
 *
 * A sponge with a 128-bit rate: each 16-byte message block is injected into
 * the left half of the state through a linear map (the Feistel function of
 * the permutation's linear layer applied to the block), then the state is
 * permuted with the slim step count. The last block is padded (10*) if
 * short, marked by a constant in word nb-1 (the XOF variants use other
 * constants) and followed by the big step count. Output is squeezed 16
 * bytes at a time with slim permutations in between. */
#include "sparkle_impl.h"

#define RATE 16u

typedef struct esch_params {
    const char *name;
    uint8_t nb, slim, big, digest_bytes;
    uint8_t end_padded, end_full; /* last-block constants, shifted left by 24 */
    uint8_t xof;
} esch_params;

static const esch_params variants[] = {
    [LWCX_ESCH256] = {"esch256", 6, 7, 11, 32, 1, 2, 0},
    [LWCX_ESCH384] = {"esch384", 8, 8, 12, 48, 1, 2, 0},
    [LWCX_XOESCH256] = {"xoesch256", 6, 7, 11, 32, 5, 6, 1},
    [LWCX_XOESCH384] = {"xoesch384", 8, 8, 12, 48, 5, 6, 1},
};

static const esch_params *params_of(lwcx_esch_variant v)
{
    return (unsigned)v < sizeof variants / sizeof variants[0] ? &variants[v] : NULL;
}

const char *lwcx_esch_name(lwcx_esch_variant v)
{
    const esch_params *p = params_of(v);
    return p ? p->name : NULL;
}

size_t lwcx_esch_digest_bytes(lwcx_esch_variant v)
{
    const esch_params *p = params_of(v);
    return p ? p->digest_bytes : 0;
}

/* The last block, n bytes (0..16): padded when short, and marked by the
 * constant that ends the message. */
static void inject_last(const esch_params *p, uint32_t *s, const uint8_t *block, size_t n)
{
    uint8_t buf[RATE] = {0};
    if (n) memcpy(buf, block, n); /* block may be NULL for an empty message */
    if (n < RATE) buf[n] = 0x80;
    s[p->nb - 1] ^= (uint32_t)(n == RATE ? p->end_full : p->end_padded) << 24;
    sparkle_esch_inject(s, p->nb, buf);
}

/* ---- one-shot and batch --------------------------------------------------- */

#define LANES 16

static void hash_group(const esch_params *p, const sparkle_impl *im, uint8_t *const *out,
                      size_t outlen, const uint8_t *const *msg, size_t len, size_t count)
{
    uint32_t states[LANES * 16] = {0};
    const size_t words = 2u * p->nb;
    const size_t blocks = len ? (len - 1) / RATE : 0; /* all but the last (which may be full) */
    const size_t off = blocks * RATE;
    sparkle_esch_absorb_many(im, states, count, p->nb, p->slim, msg, blocks);
    for (size_t i = 0; i < count; i++) /* msg[i] may be NULL for an empty message: no NULL + 0 */
        inject_last(p, states + words * i, len ? msg[i] + off : NULL, len - off);
    sparkle_permute_many(im, states, count, p->nb, p->big);
    for (size_t done = 0;;) {
        const size_t take = outlen - done < RATE ? outlen - done : RATE;
        for (size_t i = 0; i < count; i++) {
            uint8_t r[RATE];
            for (unsigned w = 0; w < 4; w++) lwcx_store32le(r + 4 * w, states[words * i + w]);
            memcpy(out[i] + done, r, take);
        }
        done += take;
        if (done >= outlen) break;
        sparkle_permute_many(im, states, count, p->nb, p->slim);
    }
    lwcx_wipe(states, sizeof states);
}

int lwcx_esch_hash_many(lwcx_esch_variant v, uint8_t *const *out, size_t outlen,
                        const uint8_t *const *msg, size_t len, size_t count)
{
    return lwcx_esch_hash_many_with(NULL, v, out, outlen, msg, len, count);
}

int lwcx_esch_hash_many_with(const lwcx_impl *impl, lwcx_esch_variant v, uint8_t *const *out,
                             size_t outlen, const uint8_t *const *msg, size_t len, size_t count)
{
    const esch_params *p = params_of(v);
    if (!p) return LWCX_ERR_ARG;
    if (!p->xof && outlen != p->digest_bytes) return LWCX_ERR_LENGTH;
    if (count && (!out || !msg)) return LWCX_ERR_NULL;
    for (size_t i = 0; i < count; i++)
        if ((outlen && !out[i]) || (len && !msg[i])) return LWCX_ERR_NULL;
    int rc = LWCX_OK;
    const sparkle_impl *im = lwcx_sparkle_pick(impl, p->nb, count, &rc);
    if (!im || outlen == 0) return rc;
    for (size_t g = 0; g < count; g += LANES)
        hash_group(p, im, out + g, outlen, msg + g, len, count - g < LANES ? count - g : LANES);
    return LWCX_OK;
}

int lwcx_esch_hash(lwcx_esch_variant v, uint8_t *out, size_t outlen, const uint8_t *msg, size_t len)
{
    return lwcx_esch_hash_many_with(NULL, v, &out, outlen, &msg, len, 1);
}

int lwcx_esch_hash_with(const lwcx_impl *impl, lwcx_esch_variant v, uint8_t *out, size_t outlen,
                        const uint8_t *msg, size_t len)
{
    return lwcx_esch_hash_many_with(impl, v, &out, outlen, &msg, len, 1);
}

/* ---- incremental ---------------------------------------------------------- */

enum { PHASE_NONE = 0, PHASE_ABSORB, PHASE_SQUEEZE };

/* What lives in the caller's opaque lwcx_esch_ctx. may_alias: the storage
 * is declared as uint64_t words. */
#define CTX_MAGIC 0x45534831u /* "ESH1": initialised, layout version 1 */
typedef struct __attribute__((may_alias)) esch_ctx {
    uint32_t magic;
    uint8_t variant, phase, pending, squeezed;
    const sparkle_impl *im;
    uint32_t state[16];
    uint8_t block[RATE];
} esch_ctx;
_Static_assert(sizeof(esch_ctx) <= sizeof(lwcx_esch_ctx), "lwcx_esch_ctx too small");
_Static_assert(_Alignof(esch_ctx) <= _Alignof(lwcx_esch_ctx), "lwcx_esch_ctx misaligned");

/* The context and its parameters, or NULL for a context that was never
 * initialised, is finished, or is corrupted. */
static esch_ctx *open_ctx(lwcx_esch_ctx *uctx, const esch_params **p)
{
    esch_ctx *ctx = (esch_ctx *)uctx;
    if (!ctx || ctx->magic != CTX_MAGIC || ctx->phase == PHASE_NONE || ctx->phase > PHASE_SQUEEZE) return NULL;
    *p = params_of((lwcx_esch_variant)ctx->variant);
    return *p && ctx->pending <= RATE && ctx->squeezed <= RATE && lwcx_sparkle_impl_valid(ctx->im) ? ctx : NULL;
}

int lwcx_esch_init(lwcx_esch_ctx *uctx, lwcx_esch_variant v)
{
    return lwcx_esch_init_with(NULL, uctx, v);
}

int lwcx_esch_init_with(const lwcx_impl *impl, lwcx_esch_ctx *uctx, lwcx_esch_variant v)
{
    esch_ctx *ctx = (esch_ctx *)uctx;
    if (!ctx) return LWCX_ERR_NULL;
    if (!params_of(v)) return LWCX_ERR_ARG;
    int rc = LWCX_OK;
    const sparkle_impl *im = lwcx_sparkle_pick(impl, params_of(v)->nb, 1, &rc);
    if (!im) return rc;
    memset(uctx, 0, sizeof *uctx);
    ctx->magic = CTX_MAGIC;
    ctx->im = im;
    ctx->variant = (uint8_t)v;
    ctx->phase = PHASE_ABSORB;
    return LWCX_OK;
}

int lwcx_esch_copy(lwcx_esch_ctx *dst, const lwcx_esch_ctx *src)
{
    if (!dst || !src) return LWCX_ERR_NULL;
    const esch_params *p;
    if (!open_ctx((lwcx_esch_ctx *)src, &p) || lwcx_overlap(dst, sizeof *dst, src, sizeof *src)) return LWCX_ERR_ARG;
    *dst = *src;
    return LWCX_OK;
}

int lwcx_esch_update(lwcx_esch_ctx *uctx, const uint8_t *in, size_t len)
{
    const esch_params *p;
    esch_ctx *ctx = open_ctx(uctx, &p);
    if (!ctx) return uctx ? LWCX_ERR_ARG : LWCX_ERR_NULL;
    if (len && !in) return LWCX_ERR_NULL;
    if (lwcx_overlap(in, len, uctx, sizeof *uctx)) return LWCX_ERR_ARG;
    if (ctx->phase != PHASE_ABSORB) return LWCX_ERR_ARG;
    const sparkle_impl *im = ctx->im;
    while (len) {
        /* a full pending block is only injected once more data shows it is not the last */
        if (ctx->pending == RATE) {
            sparkle_esch_inject(ctx->state, p->nb, ctx->block);
            im->permute(ctx->state, p->nb, p->slim);
            ctx->pending = 0;
        }
        const size_t take = RATE - ctx->pending < len ? RATE - ctx->pending : len;
        memcpy(ctx->block + ctx->pending, in, take);
        ctx->pending = (uint8_t)(ctx->pending + take);
        in += take;
        len -= take;
    }
    return LWCX_OK;
}

static void squeeze(const esch_params *p, esch_ctx *ctx, uint8_t *out, size_t len)
{
    const sparkle_impl *im = ctx->im;
    if (ctx->phase == PHASE_ABSORB) {
        inject_last(p, ctx->state, ctx->block, ctx->pending);
        im->permute(ctx->state, p->nb, p->big);
        ctx->phase = PHASE_SQUEEZE;
        ctx->squeezed = 0;
    }
    while (len) {
        if (ctx->squeezed == RATE) {
            im->permute(ctx->state, p->nb, p->slim);
            ctx->squeezed = 0;
        }
        uint8_t r[RATE];
        for (unsigned w = 0; w < 4; w++) lwcx_store32le(r + 4 * w, ctx->state[w]);
        const size_t take = RATE - ctx->squeezed < len ? RATE - ctx->squeezed : len;
        memcpy(out, r + ctx->squeezed, take);
        ctx->squeezed = (uint8_t)(ctx->squeezed + take);
        out += take;
        len -= take;
    }
}

int lwcx_esch_squeeze(lwcx_esch_ctx *uctx, uint8_t *out, size_t len)
{
    const esch_params *p;
    esch_ctx *ctx = open_ctx(uctx, &p);
    if (!ctx) return uctx ? LWCX_ERR_ARG : LWCX_ERR_NULL;
    if (len && !out) return LWCX_ERR_NULL;
    if (!p->xof) return LWCX_ERR_ARG; /* Esch has a fixed digest: use lwcx_esch_final */
    if (lwcx_overlap(out, len, uctx, sizeof *uctx)) return LWCX_ERR_ARG;
    squeeze(p, ctx, out, len);
    return LWCX_OK;
}

int lwcx_esch_final(lwcx_esch_ctx *uctx, uint8_t *digest)
{
    const esch_params *p;
    esch_ctx *ctx = open_ctx(uctx, &p);
    if (!ctx) return uctx ? LWCX_ERR_ARG : LWCX_ERR_NULL;
    if (!digest) return LWCX_ERR_NULL;
    if (ctx->phase != PHASE_ABSORB) return LWCX_ERR_ARG;
    if (lwcx_overlap(digest, p->digest_bytes, uctx, sizeof *uctx)) return LWCX_ERR_ARG; /* wiped below */
    squeeze(p, ctx, digest, p->digest_bytes);
    lwcx_wipe(uctx, sizeof *uctx);
    return LWCX_OK;
}
