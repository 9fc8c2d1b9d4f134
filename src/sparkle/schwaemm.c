/* Schwaemm, written once over the SPARKLE permutation interface.
 *
 * The state is rate || capacity (nonce || key at the start). Every block of
 * associated data or plaintext goes through the same step: the ciphertext is
 * the plaintext XOR the rate (so it never depends on the capacity), then the
 * rate is replaced by a Feistel swap of its halves mixed with the data and
 * with the capacity ("rho and rate whitening"). The last block of each phase
 * is padded (10*) if short and marked by a constant in the last state word,
 * followed by the big step count; the other blocks use the slim one.
 *
 * Because the ciphertext of a block does not depend on whether that block is
 * the last one, the incremental API can write each output byte at once and
 * only delay the state update of the block it is still filling. */
#include <stdlib.h>

#include "sparkle_impl.h"

typedef struct schwaemm_params {
    const char *name;
    uint8_t nb;           /* branches of the permutation */
    uint8_t rate_words;   /* rate in 32-bit words (= nonce size) */
    uint8_t key_bytes;    /* = capacity size */
    uint8_t tag_bytes;
    uint8_t slim, big;    /* step counts */
    uint8_t cap_branches; /* capacity in 64-bit branches, part of the domain constants */
} schwaemm_params;

static const schwaemm_params variants[] = {
    [LWCX_SCHWAEMM128_128] = {"schwaemm128-128", 4, 4, 16, 16, 7, 10, 2},
    [LWCX_SCHWAEMM256_128] = {"schwaemm256-128", 6, 8, 16, 16, 7, 11, 2},
    [LWCX_SCHWAEMM192_192] = {"schwaemm192-192", 6, 6, 24, 24, 7, 11, 3},
    [LWCX_SCHWAEMM256_256] = {"schwaemm256-256", 8, 8, 32, 32, 8, 12, 4},
};

static const schwaemm_params *params_of(lwcx_schwaemm_variant v)
{
    return (unsigned)v < sizeof variants / sizeof variants[0] ? &variants[v] : NULL;
}

const char *lwcx_schwaemm_name(lwcx_schwaemm_variant v)
{
    const schwaemm_params *p = params_of(v);
    return p ? p->name : NULL;
}
size_t lwcx_schwaemm_key_bytes(lwcx_schwaemm_variant v)
{
    const schwaemm_params *p = params_of(v);
    return p ? p->key_bytes : 0;
}
size_t lwcx_schwaemm_nonce_bytes(lwcx_schwaemm_variant v)
{
    const schwaemm_params *p = params_of(v);
    return p ? 4u * p->rate_words : 0;
}
size_t lwcx_schwaemm_tag_bytes(lwcx_schwaemm_variant v)
{
    const schwaemm_params *p = params_of(v);
    return p ? p->tag_bytes : 0;
}

/* Which phase a last block ends, and whether it was full. */
enum { END_AD_PADDED = 0, END_AD_FULL = 1, END_MSG_PADDED = 2, END_MSG_FULL = 3 };
static void mark_last_block(const schwaemm_params *p, uint32_t *s, unsigned end)
{
    s[2 * p->nb - 1] ^= (uint32_t)(end ^ (1u << p->cap_branches)) << 24;
}

enum { DATA_AD, DATA_ENCRYPT, DATA_DECRYPT };

/* The rate as bytes: the keystream of the next block. */
static void rate_bytes(const schwaemm_params *p, const uint32_t *s, uint8_t *out)
{
    for (unsigned i = 0; i < p->rate_words; i++) lwcx_store32le(out + 4 * i, s[i]);
}

/* One block of n bytes (1..rate): writes n output bytes (unless AD) and
 * updates the rate. The caller adds the last-block constant first. */
static void process_block(const schwaemm_params *p, uint32_t *s, uint8_t *out, const uint8_t *in,
                          size_t n, int kind)
{
    const size_t rate = 4u * p->rate_words;
    uint8_t data[32], ks[32];
    uint32_t m[8];
    if (n == rate) { /* whole block: word by word, out may equal in */
        sparkle_schwaemm_block(s, p->nb, p->rate_words, kind == DATA_AD ? NULL : out, in, kind == DATA_DECRYPT);
        return;
    }
    if (kind == DATA_DECRYPT) {
        rate_bytes(p, s, ks);
        for (size_t i = 0; i < n; i++) data[i] = in[i] ^ ks[i];
    } else {
        memcpy(data, in, n);
    }
    if (n < rate) {
        memset(data + n, 0, rate - n);
        data[n] = 0x80;
    }
    for (unsigned i = 0; i < p->rate_words; i++) m[i] = lwcx_load32le(data + 4 * i);
    if (kind == DATA_ENCRYPT) {
        rate_bytes(p, s, ks);
        for (size_t i = 0; i < n; i++) out[i] = data[i] ^ ks[i];
    } else if (kind == DATA_DECRYPT) {
        memcpy(out, data, n);
    }
    sparkle_schwaemm_absorb(s, p->nb, p->rate_words, m);
    lwcx_wipe(data, sizeof data);
    lwcx_wipe(ks, sizeof ks);
    lwcx_wipe(m, sizeof m);
}

/* ---- one-shot and batch: count states side by side ---------------------- */

#define LANES 16 /* states per group: a multiple of every batch width */

typedef struct lanes {
    const schwaemm_params *p;
    const sparkle_impl *im;
    uint32_t s[LANES][16];
    size_t count;
} lanes;

static void permute_lanes(lanes *L, unsigned steps)
{
    sparkle_permute_many(L->im, &L->s[0][0], L->count, L->p->nb, steps);
}

/* Pack the states densely: state i at s + 2*nb*i, as permute_many expects. */
static uint32_t *lane(lanes *L, size_t i)
{
    return &L->s[0][0] + 2u * L->p->nb * i;
}

/* One phase (AD or message) of len > 0 bytes for every lane. */
static void run_phase(lanes *L, uint8_t *const *out, const uint8_t *const *in, size_t len, int kind)
{
    const schwaemm_params *p = L->p;
    const size_t rate = 4u * p->rate_words;
    const size_t blocks = (len - 1) / rate; /* all but the last (which may be whole) */
    const size_t off = blocks * rate;
    sparkle_schwaemm_blocks_many(L->im, &L->s[0][0], L->count, p->nb, p->slim, p->rate_words,
                                 kind == DATA_AD ? NULL : out, in, blocks, kind == DATA_DECRYPT);
    const size_t n = len - off;
    const unsigned end = (kind == DATA_AD ? END_AD_PADDED : END_MSG_PADDED) + (n == rate);
    for (size_t i = 0; i < L->count; i++) {
        mark_last_block(p, lane(L, i), end);
        process_block(p, lane(L, i), out ? out[i] + off : NULL, in[i] + off, n, kind);
    }
    permute_lanes(L, p->big);
}

/* Schwaemm over up to LANES messages; tag[i] gets the computed tag. */
static void run_lanes(lanes *L, uint8_t *const *out, uint8_t *const *tag, const uint8_t *const *in,
                      size_t len, const uint8_t *const *ad, size_t adlen,
                      const uint8_t *const *nonce, const uint8_t *const *key, int kind)
{
    const schwaemm_params *p = L->p;
    for (size_t i = 0; i < L->count; i++) {
        uint32_t *s = lane(L, i);
        for (unsigned w = 0; w < p->rate_words; w++) s[w] = lwcx_load32le(nonce[i] + 4 * w);
        for (unsigned w = 0; w < p->key_bytes / 4u; w++) s[p->rate_words + w] = lwcx_load32le(key[i] + 4 * w);
    }
    permute_lanes(L, p->big);
    if (adlen) run_phase(L, NULL, ad, adlen, DATA_AD);
    if (len) run_phase(L, out, in, len, kind);
    for (size_t i = 0; i < L->count; i++) {
        uint32_t *s = lane(L, i);
        for (unsigned w = 0; w < p->key_bytes / 4u; w++) s[p->rate_words + w] ^= lwcx_load32le(key[i] + 4 * w);
        for (unsigned w = 0; w < p->tag_bytes / 4u; w++) lwcx_store32le(tag[i] + 4 * w, s[p->rate_words + w]);
    }
    lwcx_wipe(L->s, sizeof L->s);
}

/* enc: the tag is an output too (else an input). */
static LWCX_NODISCARD int check_args(const schwaemm_params *p, const void *out, const void *tag, const void *in,
                                     size_t len, const void *ad, size_t adlen, const void *nonce, const void *key,
                                     int enc)
{
    if (!p) return LWCX_ERR_ARG;
    if (!tag || !nonce || !key || (len && (!out || !in)) || (adlen && !ad)) return LWCX_ERR_NULL;
    /* the output is its input or disjoint, and disjoint from the rest (lwcx.h, "Buffers") */
    const size_t nbytes = 4u * p->rate_words;
    if (lwcx_partial_overlap(out, in, len) || lwcx_overlap(out, len, tag, p->tag_bytes) ||
        lwcx_overlap(out, len, ad, adlen) || lwcx_overlap(out, len, nonce, nbytes) ||
        lwcx_overlap(out, len, key, p->key_bytes))
        return LWCX_ERR_ARG;
    if (enc && (lwcx_overlap(tag, p->tag_bytes, in, len) || lwcx_overlap(tag, p->tag_bytes, ad, adlen) ||
                lwcx_overlap(tag, p->tag_bytes, nonce, nbytes) || lwcx_overlap(tag, p->tag_bytes, key, p->key_bytes)))
        return LWCX_ERR_ARG;
    return LWCX_OK;
}

int lwcx_schwaemm_encrypt_with(const lwcx_impl *impl, lwcx_schwaemm_variant v, uint8_t *ct, uint8_t *tag,
                               const uint8_t *pt, size_t len, const uint8_t *ad, size_t adlen,
                               const uint8_t *nonce, const uint8_t *key)
{
    lanes L;
    L.p = params_of(v);
    int rc = check_args(L.p, ct, tag, pt, len, ad, adlen, nonce, key, 1);
    if (rc || !(L.im = lwcx_sparkle_pick(impl, L.p->nb, 1, &rc))) return rc;
    L.count = 1;
    run_lanes(&L, &ct, &tag, &pt, len, &ad, adlen, &nonce, &key, DATA_ENCRYPT);
    return LWCX_OK;
}

int lwcx_schwaemm_decrypt_with(const lwcx_impl *impl, lwcx_schwaemm_variant v, uint8_t *pt, const uint8_t *ct,
                               size_t len, const uint8_t *tag, const uint8_t *ad, size_t adlen,
                               const uint8_t *nonce, const uint8_t *key)
{
    lanes L;
    L.p = params_of(v);
    int rc = check_args(L.p, pt, tag, ct, len, ad, adlen, nonce, key, 0);
    if (rc || !(L.im = lwcx_sparkle_pick(impl, L.p->nb, 1, &rc))) return rc;
    L.count = 1;
    /* In place: decrypt aside and copy only once the tag verified, so that a
     * forged message leaves the caller's ciphertext as it was instead of
     * wiped. */
    const int overlap = lwcx_overlap(pt, len, ct, len);
    uint8_t *out = pt;
    if (overlap) out = lwcx_test_fail_point(LWCX_ERR_NOMEM) ? NULL : malloc(len);
    if (!out) return LWCX_ERR_NOMEM;
    uint8_t want[LWCX_SCHWAEMM_MAX_TAG_BYTES], *want_p = want;
    run_lanes(&L, &out, &want_p, &ct, len, &ad, adlen, &nonce, &key, DATA_DECRYPT);
    rc = lwcx_ct_compare(want, tag, L.p->tag_bytes) == 0 ? LWCX_OK : LWCX_ERR_AUTH;
    lwcx_wipe(want, sizeof want);
    if (overlap) {
        if (rc == LWCX_OK) memmove(pt, out, len);
        lwcx_wipe(out, len);
        free(out);
    } else if (rc) {
        lwcx_wipe(pt, len);
    }
    return rc;
}

int lwcx_schwaemm_encrypt(lwcx_schwaemm_variant v, uint8_t *ct, uint8_t *tag, const uint8_t *pt,
                          size_t len, const uint8_t *ad, size_t adlen, const uint8_t *nonce,
                          const uint8_t *key)
{
    return lwcx_schwaemm_encrypt_with(NULL, v, ct, tag, pt, len, ad, adlen, nonce, key);
}

int lwcx_schwaemm_decrypt(lwcx_schwaemm_variant v, uint8_t *pt, const uint8_t *ct, size_t len,
                          const uint8_t *tag, const uint8_t *ad, size_t adlen, const uint8_t *nonce,
                          const uint8_t *key)
{
    return lwcx_schwaemm_decrypt_with(NULL, v, pt, ct, len, tag, ad, adlen, nonce, key);
}

int lwcx_schwaemm_encrypt_many(lwcx_schwaemm_variant v, uint8_t *const *ct, uint8_t *const *tag,
                               const uint8_t *const *pt, size_t len, const uint8_t *const *ad,
                               size_t adlen, const uint8_t *const *nonce, const uint8_t *const *key,
                               size_t count)
{
    return lwcx_schwaemm_encrypt_many_with(NULL, v, ct, tag, pt, len, ad, adlen, nonce, key, count);
}

int lwcx_schwaemm_encrypt_many_with(const lwcx_impl *impl, lwcx_schwaemm_variant v, uint8_t *const *ct,
                                    uint8_t *const *tag, const uint8_t *const *pt, size_t len,
                                    const uint8_t *const *ad, size_t adlen, const uint8_t *const *nonce,
                                    const uint8_t *const *key, size_t count)
{
    lanes L;
    L.p = params_of(v);
    if (!L.p) return LWCX_ERR_ARG;
    if (count && (!ct || !tag || !pt || !ad || !nonce || !key)) return LWCX_ERR_NULL;
    for (size_t i = 0; i < count; i++) {
        int rc = check_args(L.p, ct[i], tag[i], pt[i], len, ad[i], adlen, nonce[i], key[i], 1);
        if (rc) return rc;
    }
    int rc = LWCX_OK;
    if (!(L.im = lwcx_sparkle_pick(impl, L.p->nb, count, &rc))) return rc;
    for (size_t g = 0; g < count; g += LANES) {
        L.count = count - g < LANES ? count - g : LANES;
        run_lanes(&L, ct + g, tag + g, pt + g, len, ad + g, adlen, nonce + g, key + g, DATA_ENCRYPT);
    }
    return LWCX_OK;
}

/* ---- incremental ---------------------------------------------------------- */

enum { PHASE_NONE = 0, PHASE_AD, PHASE_ENCRYPT, PHASE_DECRYPT };
enum { SEEN_AD = 1, SEEN_MSG = 2 };

/* What lives in the caller's opaque lwcx_schwaemm_ctx. may_alias: the
 * storage is declared as uint64_t words. */
#define CTX_MAGIC 0x53575331u /* "SWS1": initialised, layout version 1 */
typedef struct __attribute__((may_alias)) schwaemm_ctx {
    uint32_t magic;
    uint8_t variant, phase, pending, flags;
    const sparkle_impl *im;
    uint32_t state[16];
    uint8_t key[LWCX_SCHWAEMM_MAX_KEY_BYTES];
    uint8_t block[32]; /* data of the pending rate block (plaintext side) */
} schwaemm_ctx;
_Static_assert(sizeof(schwaemm_ctx) <= sizeof(lwcx_schwaemm_ctx), "lwcx_schwaemm_ctx too small");
_Static_assert(_Alignof(schwaemm_ctx) <= _Alignof(lwcx_schwaemm_ctx), "lwcx_schwaemm_ctx misaligned");

/* The context and its parameters, or NULL for a context that was never
 * initialised, is finished, or is corrupted. */
static schwaemm_ctx *open_ctx(lwcx_schwaemm_ctx *uctx, const schwaemm_params **p)
{
    schwaemm_ctx *ctx = (schwaemm_ctx *)uctx;
    if (!ctx || ctx->magic != CTX_MAGIC || ctx->phase == PHASE_NONE || ctx->phase > PHASE_DECRYPT) return NULL;
    *p = params_of((lwcx_schwaemm_variant)ctx->variant);
    return *p && ctx->pending <= 4u * (*p)->rate_words && lwcx_sparkle_impl_valid(ctx->im) ? ctx : NULL;
}

int lwcx_schwaemm_init(lwcx_schwaemm_ctx *uctx, lwcx_schwaemm_variant v, const uint8_t *key,
                       const uint8_t *nonce)
{
    return lwcx_schwaemm_init_with(NULL, uctx, v, key, nonce);
}

int lwcx_schwaemm_init_with(const lwcx_impl *impl, lwcx_schwaemm_ctx *uctx, lwcx_schwaemm_variant v,
                            const uint8_t *key, const uint8_t *nonce)
{
    const schwaemm_params *p = params_of(v);
    schwaemm_ctx *ctx = (schwaemm_ctx *)uctx;
    if (!ctx || !key || !nonce) return LWCX_ERR_NULL;
    if (!p) return LWCX_ERR_ARG;
    /* the context is cleared before the key and nonce are read */
    if (lwcx_overlap(uctx, sizeof *uctx, key, p->key_bytes) ||
        lwcx_overlap(uctx, sizeof *uctx, nonce, 4u * p->rate_words))
        return LWCX_ERR_ARG;
    int rc = LWCX_OK;
    const sparkle_impl *im = lwcx_sparkle_pick(impl, p->nb, 1, &rc);
    if (!im) return rc;
    memset(uctx, 0, sizeof *uctx);
    ctx->magic = CTX_MAGIC;
    ctx->im = im;
    for (unsigned w = 0; w < p->rate_words; w++) ctx->state[w] = lwcx_load32le(nonce + 4 * w);
    for (unsigned w = 0; w < p->key_bytes / 4u; w++) ctx->state[p->rate_words + w] = lwcx_load32le(key + 4 * w);
    memcpy(ctx->key, key, p->key_bytes);
    ctx->im->permute(ctx->state, p->nb, p->big);
    ctx->variant = (uint8_t)v;
    ctx->phase = PHASE_AD;
    return LWCX_OK;
}

int lwcx_schwaemm_copy(lwcx_schwaemm_ctx *dst, const lwcx_schwaemm_ctx *src)
{
    if (!dst || !src) return LWCX_ERR_NULL;
    const schwaemm_params *p;
    if (!open_ctx((lwcx_schwaemm_ctx *)src, &p) || lwcx_overlap(dst, sizeof *dst, src, sizeof *src))
        return LWCX_ERR_ARG;
    *dst = *src;
    return LWCX_OK;
}

/* Absorbs the pending block, which must be full and not the last one. */
static void flush_full_block(const schwaemm_params *p, schwaemm_ctx *ctx)
{
    uint32_t m[8];
    for (unsigned i = 0; i < p->rate_words; i++) m[i] = lwcx_load32le(ctx->block + 4 * i);
    sparkle_schwaemm_absorb(ctx->state, p->nb, p->rate_words, m);
    ctx->im->permute(ctx->state, p->nb, p->slim);
    ctx->pending = 0;
}

/* Ends a phase: the pending block (full or not) is its last one. */
static void close_phase(const schwaemm_params *p, schwaemm_ctx *ctx, unsigned end_padded)
{
    const size_t rate = 4u * p->rate_words;
    mark_last_block(p, ctx->state, end_padded + (ctx->pending == rate));
    process_block(p, ctx->state, NULL, ctx->block, ctx->pending, DATA_AD);
    ctx->im->permute(ctx->state, p->nb, p->big);
    ctx->pending = 0;
}

int lwcx_schwaemm_aad(lwcx_schwaemm_ctx *uctx, const uint8_t *ad, size_t len)
{
    const schwaemm_params *p;
    schwaemm_ctx *ctx = open_ctx(uctx, &p);
    if (!ctx) return uctx ? LWCX_ERR_ARG : LWCX_ERR_NULL;
    if (len && !ad) return LWCX_ERR_NULL;
    if (lwcx_overlap(ad, len, uctx, sizeof *uctx)) return LWCX_ERR_ARG;
    if (ctx->phase != PHASE_AD) return LWCX_ERR_ARG; /* associated data comes first */
    const size_t rate = 4u * p->rate_words;
    if (len) ctx->flags |= SEEN_AD;
    while (len) {
        if (ctx->pending == rate) flush_full_block(p, ctx);
        for (; ctx->pending == 0 && len > rate; ad += rate, len -= rate) { /* as in update */
            sparkle_schwaemm_block(ctx->state, p->nb, p->rate_words, NULL, ad, 0);
            ctx->im->permute(ctx->state, p->nb, p->slim);
        }
        size_t take = rate - ctx->pending < len ? rate - ctx->pending : len;
        memcpy(ctx->block + ctx->pending, ad, take);
        ctx->pending = (uint8_t)(ctx->pending + take);
        ad += take;
        len -= take;
    }
    return LWCX_OK;
}

static LWCX_NODISCARD int update(lwcx_schwaemm_ctx *uctx, uint8_t *out, const uint8_t *in, size_t len, int phase)
{
    const schwaemm_params *p;
    schwaemm_ctx *ctx = open_ctx(uctx, &p);
    if (!ctx) return uctx ? LWCX_ERR_ARG : LWCX_ERR_NULL;
    if (len && (!out || !in)) return LWCX_ERR_NULL;
    /* bytes go out one by one as they come in: out may equal in, nothing
     * else may overlap (nor the context, which keeps the plaintext) */
    if (lwcx_partial_overlap(out, in, len) || lwcx_overlap(out, len, uctx, sizeof *uctx) ||
        lwcx_overlap(in, len, uctx, sizeof *uctx))
        return LWCX_ERR_ARG;
    if (ctx->phase == PHASE_AD) {
        if (ctx->flags & SEEN_AD) close_phase(p, ctx, END_AD_PADDED);
        ctx->phase = (uint8_t)phase;
    }
    if (ctx->phase != phase) return LWCX_ERR_ARG; /* encrypt and decrypt don't mix */
    const size_t rate = 4u * p->rate_words;
    uint8_t ks[32];
    if (len) ctx->flags |= SEEN_MSG;
    while (len) {
        if (ctx->pending == rate) flush_full_block(p, ctx);
        /* whole blocks that more data follows (so none is the last) go
         * through word by word, as in the one-shot */
        for (; ctx->pending == 0 && len > rate; in += rate, out += rate, len -= rate) {
            sparkle_schwaemm_block(ctx->state, p->nb, p->rate_words, out, in, phase == PHASE_DECRYPT);
            ctx->im->permute(ctx->state, p->nb, p->slim);
        }
        const size_t at = ctx->pending, take = rate - at < len ? rate - at : len;
        rate_bytes(p, ctx->state, ks);
        for (size_t i = 0; i < take; i++) {
            const uint8_t x = in[i], y = x ^ ks[at + i];
            ctx->block[at + i] = phase == PHASE_ENCRYPT ? x : y; /* keep the plaintext */
            out[i] = y;
        }
        ctx->pending = (uint8_t)(at + take);
        in += take;
        out += take;
        len -= take;
    }
    lwcx_wipe(ks, sizeof ks);
    return LWCX_OK;
}

int lwcx_schwaemm_encrypt_update(lwcx_schwaemm_ctx *ctx, uint8_t *out, const uint8_t *in, size_t len)
{
    return update(ctx, out, in, len, PHASE_ENCRYPT);
}

int lwcx_schwaemm_decrypt_update(lwcx_schwaemm_ctx *ctx, uint8_t *out, const uint8_t *in, size_t len)
{
    return update(ctx, out, in, len, PHASE_DECRYPT);
}

/* Closes the open phases and leaves the tag in the capacity. */
static void finish(const schwaemm_params *p, schwaemm_ctx *ctx, uint8_t *tag)
{
    if (ctx->phase == PHASE_AD && (ctx->flags & SEEN_AD)) close_phase(p, ctx, END_AD_PADDED);
    if (ctx->phase != PHASE_AD && (ctx->flags & SEEN_MSG)) close_phase(p, ctx, END_MSG_PADDED);
    for (unsigned w = 0; w < p->key_bytes / 4u; w++)
        ctx->state[p->rate_words + w] ^= lwcx_load32le(ctx->key + 4 * w);
    for (unsigned w = 0; w < p->tag_bytes / 4u; w++) lwcx_store32le(tag + 4 * w, ctx->state[p->rate_words + w]);
    lwcx_wipe(ctx, sizeof(lwcx_schwaemm_ctx));
}

int lwcx_schwaemm_encrypt_final(lwcx_schwaemm_ctx *uctx, uint8_t *tag)
{
    const schwaemm_params *p;
    schwaemm_ctx *ctx = open_ctx(uctx, &p);
    if (!ctx) return uctx ? LWCX_ERR_ARG : LWCX_ERR_NULL;
    if (!tag) return LWCX_ERR_NULL;
    if (ctx->phase == PHASE_DECRYPT) return LWCX_ERR_ARG;
    if (lwcx_overlap(tag, p->tag_bytes, uctx, sizeof *uctx)) return LWCX_ERR_ARG; /* finish wipes the context */
    finish(p, ctx, tag);
    return LWCX_OK;
}

int lwcx_schwaemm_decrypt_final(lwcx_schwaemm_ctx *uctx, const uint8_t *tag)
{
    const schwaemm_params *p;
    schwaemm_ctx *ctx = open_ctx(uctx, &p);
    if (!ctx) return uctx ? LWCX_ERR_ARG : LWCX_ERR_NULL;
    if (!tag) return LWCX_ERR_NULL;
    if (ctx->phase == PHASE_ENCRYPT) return LWCX_ERR_ARG;
    if (lwcx_overlap(tag, p->tag_bytes, uctx, sizeof *uctx)) return LWCX_ERR_ARG; /* finish wipes the context */
    uint8_t want[LWCX_SCHWAEMM_MAX_TAG_BYTES];
    const size_t n = p->tag_bytes;
    finish(p, ctx, want);
    int rc = lwcx_ct_compare(want, tag, n) == 0 ? LWCX_OK : LWCX_ERR_AUTH;
    lwcx_wipe(want, sizeof want);
    return rc;
}
