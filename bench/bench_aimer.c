/* AIMer benchmark cases, cycles per call for aimer128f and aimer256s: key
 * generation; signing and verification as one-shot calls (the affine layer
 * expanded every time, as the official API does) and with a loaded key
 * (lwcx_aimer_key, expanded once per implementation, in the warm-up). */
#include <stdlib.h>

#include "bench.h"
#include "lwcx.h"

#define MAX_KEYS 16

typedef struct state {
    lwcx_aimer_set set;
    uint8_t pk[LWCX_AIMER_MAX_PK_BYTES], sk[LWCX_AIMER_MAX_SK_BYTES];
    uint8_t sig[LWCX_AIMER_MAX_SIG_BYTES], msg[32];
    struct {
        const lwcx_impl *impl;
        lwcx_aimer_key *key;
    } keys[MAX_KEYS];
} state;

static void *setup_set(lwcx_aimer_set set)
{
    state *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    s->set = set;
    for (int i = 0; i < 32; i++) s->msg[i] = (uint8_t)i;
    if (lwcx_aimer_keygen(set, s->pk, s->sk) || lwcx_aimer_sign(set, s->sig, s->msg, 32, s->sk)) {
        free(s);
        return NULL;
    }
    return s;
}

static void teardown(void *p)
{
    state *s = p;
    if (!s) return;
    for (int i = 0; i < MAX_KEYS; i++) lwcx_aimer_key_free(s->keys[i].key);
    lwcx_wipe(s, sizeof *s);
    free(s);
}

/* the key loaded for impl, made on its first use */
static lwcx_aimer_key *key_for(state *s, const lwcx_impl *impl)
{
    for (int i = 0; i < MAX_KEYS; i++) {
        if (s->keys[i].key && s->keys[i].impl == impl) return s->keys[i].key;
        if (!s->keys[i].key) {
            if (lwcx_aimer_key_new_with(impl, &s->keys[i].key, s->set, s->pk, s->sk)) return NULL;
            s->keys[i].impl = impl;
            return s->keys[i].key;
        }
    }
    return NULL;
}

static void run_keygen(void *p, const lwcx_impl *impl)
{
    state *s = p;
    uint8_t pk[LWCX_AIMER_MAX_PK_BYTES], sk[LWCX_AIMER_MAX_SK_BYTES];
    lwcx_aimer_keygen_with(impl, s->set, pk, sk);
    lwcx_wipe(sk, sizeof sk);
}

static void run_sign(void *p, const lwcx_impl *impl)
{
    state *s = p;
    lwcx_aimer_sign_with(impl, s->set, s->sig, s->msg, sizeof s->msg, s->sk);
}

static void run_verify(void *p, const lwcx_impl *impl)
{
    state *s = p;
    lwcx_aimer_verify_with(impl, s->set, s->sig, lwcx_aimer_sig_bytes(s->set), s->msg, sizeof s->msg, s->pk);
}

static void run_sign_key(void *p, const lwcx_impl *impl)
{
    state *s = p;
    lwcx_aimer_key_sign(key_for(s, impl), s->sig, s->msg, sizeof s->msg);
}

static void run_verify_key(void *p, const lwcx_impl *impl)
{
    state *s = p;
    lwcx_aimer_key_verify(key_for(s, impl), s->sig, lwcx_aimer_sig_bytes(s->set), s->msg, sizeof s->msg);
}

#define CASE(tag, op, fn) \
    static const bench_case op##_##tag = {"aimer", #tag "_" #op, "call", 1, setup_##tag, fn, teardown, NULL};
#define SET_CASES(tag, set)                                    \
    static void *setup_##tag(void) { return setup_set(set); } \
    CASE(tag, keygen, run_keygen)                              \
    CASE(tag, sign, run_sign)                                  \
    CASE(tag, verify, run_verify)                              \
    CASE(tag, sign_key, run_sign_key)                          \
    CASE(tag, verify_key, run_verify_key)
SET_CASES(aimer128f, LWCX_AIMER128F)
SET_CASES(aimer256s, LWCX_AIMER256S)

const bench_case *const bench_cases_aimer[] = {
    &keygen_aimer128f, &sign_aimer128f, &verify_aimer128f, &sign_key_aimer128f, &verify_key_aimer128f,
    &keygen_aimer256s, &sign_aimer256s, &verify_aimer256s, &sign_key_aimer256s, &verify_key_aimer256s,
    NULL};
