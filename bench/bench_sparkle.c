/* SPARKLE benchmark cases: one permutation call per size (big step counts),
 * alone and as batches of 16 and 64 independent states; Schwaemm256-128 encryption
 * (16 B, 1 KiB, 16 KiB) and Esch256 (1 KiB, 16 KiB), one message at a time
 * and 16 messages side by side through the batch APIs. */
#include <stdlib.h>

#include "../src/bench_internal.h"
#include "bench.h"
#include "lwcx.h"

#define WAYS 16 /* a batch fills avx512's lanes, and two groups of avx2's */
#define MANY 64 /* a batch of several groups */
#define MAX_LEN 16384

typedef struct state {
    uint8_t msg[WAYS][MAX_LEN], out[WAYS][MAX_LEN], tag[WAYS][32], key[WAYS][16], nonce[WAYS][32];
    uint8_t *outs[WAYS], *tags[WAYS];
    const uint8_t *msgs[WAYS], *keys[WAYS], *nonces[WAYS];
    uint32_t states[MANY * 16];
} state;

static void *setup(void)
{
    state *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    for (int w = 0; w < WAYS; w++) {
        for (int i = 0; i < MAX_LEN; i++) s->msg[w][i] = (uint8_t)(i * 31 + w);
        for (int i = 0; i < 16; i++) s->key[w][i] = (uint8_t)(i + w);
        for (int i = 0; i < 32; i++) s->nonce[w][i] = (uint8_t)(i ^ w);
        s->outs[w] = s->out[w], s->tags[w] = s->tag[w], s->msgs[w] = s->msg[w];
        s->keys[w] = s->key[w], s->nonces[w] = s->nonce[w];
    }
    for (int i = 0; i < MANY * 16; i++) s->states[i] = (uint32_t)i * 0x9e3779b9u;
    return s;
}

static void teardown(void *p)
{
    free(p);
}

/* The permutation through the public API (one state), and 16 or 64 states
 * through the implementation's batch form (the interface the modes use). */
static int permute_many(state *s, const lwcx_impl *impl, unsigned nb, unsigned steps, size_t count)
{
    int rc;
    const sparkle_impl *im = lwcx_sparkle_pick(impl, nb, count, &rc);
    if (im) sparkle_permute_many(im, s->states, count, nb, steps);
    return im ? LWCX_OK : rc;
}

#define PERMUTE(bits, bytes, steps)                                                              \
    static int run_p##bits(void *p, const lwcx_impl *impl)                                       \
    {                                                                                            \
        return lwcx_sparkle_permute_with(impl, ((state *)p)->msg[0], bytes, steps);                     \
    }                                                                                            \
    static int run_p##bits##x16(void *p, const lwcx_impl *impl)                                  \
    {                                                                                            \
        return permute_many(p, impl, bytes / 8, steps, WAYS);                                           \
    }                                                                                            \
    static int run_p##bits##x64(void *p, const lwcx_impl *impl)                                  \
    {                                                                                            \
        return permute_many(p, impl, bytes / 8, steps, MANY);                                           \
    }                                                                                            \
    static const bench_case p##bits = {"sparkle", "sparkle" #bits "_" #steps "steps", "call", 1, \
                                       setup, run_p##bits, teardown, NULL, NULL, "one_state_" #bits};\
    static const bench_case p##bits##x16 = {"sparkle", "sparkle" #bits "_" #steps "steps_16way", \
                                           "call", WAYS, setup, run_p##bits##x16, teardown, NULL, NULL, "many_states"};\
    static const bench_case p##bits##x64 = {"sparkle", "sparkle" #bits "_" #steps "steps_64way", \
                                           "call", MANY, setup, run_p##bits##x64, teardown, NULL, NULL, "many_states"};
PERMUTE(256, 32, 10)
PERMUTE(384, 48, 11)
PERMUTE(512, 64, 12)

#define SCHWAEMM(name, len)                                                                     \
    static int run_s##name(void *p, const lwcx_impl *impl)                                      \
    {                                                                                           \
        state *s = p;                                                                           \
        return lwcx_schwaemm_encrypt_with(impl, LWCX_SCHWAEMM256_128, s->out[0], s->tag[0],     \
                                          s->msg[0], len, NULL, 0, s->nonce[0], s->key[0]);                       \
    }                                                                                           \
    static int run_s##name##x16(void *p, const lwcx_impl *impl)                                 \
    {                                                                                           \
        state *s = p;                                                                           \
        return lwcx_schwaemm_encrypt_many_with(impl, LWCX_SCHWAEMM256_128, s->outs, s->tags,    \
                                               s->msgs, len, s->msgs, 0, s->nonces, s->keys,    \
                                               WAYS);                                           \
    }                                                                                           \
    static const bench_case s##name = {"sparkle", "schwaemm256-128_enc_" #name, "byte", len,    \
                                       setup, run_s##name, teardown, NULL, NULL, "one_state_384"};\
    static const bench_case s##name##x16 = {"sparkle", "schwaemm256-128_enc_" #name "_16way",   \
                                           "byte", (double)WAYS * len, setup, run_s##name##x16, \
                                           teardown, NULL, NULL, "many_states"};
SCHWAEMM(16B, 16)
SCHWAEMM(1KiB, 1024)
SCHWAEMM(16KiB, 16384)

#define ESCH(name, len)                                                                           \
    static int run_e##name(void *p, const lwcx_impl *impl)                                        \
    {                                                                                             \
        state *s = p;                                                                             \
        return lwcx_esch_hash_with(impl, LWCX_ESCH256, s->out[0], 32, s->msg[0], len);                   \
    }                                                                                             \
    static int run_e##name##x16(void *p, const lwcx_impl *impl)                                   \
    {                                                                                             \
        state *s = p;                                                                             \
        return lwcx_esch_hash_many_with(impl, LWCX_ESCH256, s->outs, 32, s->msgs, len, WAYS);            \
    }                                                                                             \
    static const bench_case e##name = {"sparkle", "esch256_" #name, "byte", len, setup,           \
                                       run_e##name, teardown, NULL, NULL, "one_state_384"};      \
    static const bench_case e##name##x16 = {"sparkle", "esch256_" #name "_16way", "byte",         \
                                           (double)WAYS * len, setup, run_e##name##x16, teardown, \
                                           NULL, NULL, "many_states"};
ESCH(1KiB, 1024)
ESCH(16KiB, 16384)

const bench_case *const bench_cases_sparkle[] = {
    &p256, &p256x16, &p256x64, &p384, &p384x16, &p384x64, &p512, &p512x16, &p512x64,
    &s16B, &s16Bx16, &s1KiB, &s1KiBx16, &s16KiB, &s16KiBx16,
    &e1KiB, &e1KiBx16, &e16KiB, &e16KiBx16, NULL,
};
