/* AIMer benchmark cases: cycles per key generation, signature and
 * verification (a 32-byte message, keys loaded once) for each set. */
#include <stdlib.h>

#include "bench.h"
#include "lwcx.h"

typedef struct state {
    lwcx_aimer_set set;
    lwcx_aimer_key *key;
    uint8_t pk[LWCX_AIMER_MAX_PK_BYTES], sk[LWCX_AIMER_MAX_SK_BYTES];
    uint8_t sig[LWCX_AIMER_MAX_SIG_BYTES], msg[32];
} state;

static void *setup_set(lwcx_aimer_set set)
{
    state *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    s->set = set;
    for (int i = 0; i < 32; i++) s->msg[i] = (uint8_t)i;
    if (lwcx_aimer_keygen(set, s->pk, s->sk) || lwcx_aimer_key_new(&s->key, set, s->pk, s->sk) ||
        lwcx_aimer_key_sign(s->key, s->sig, s->msg, sizeof s->msg)) {
        lwcx_aimer_key_free(s->key);
        free(s);
        return NULL;
    }
    return s;
}

static void teardown(void *p)
{
    state *s = p;
    if (!s) return;
    lwcx_aimer_key_free(s->key);
    lwcx_wipe(s, sizeof *s);
    free(s);
}

static void run_keygen(void *p)
{
    state *s = p;
    lwcx_aimer_keygen(s->set, s->pk, s->sk);
}

static void run_sign(void *p)
{
    state *s = p;
    lwcx_aimer_key_sign(s->key, s->sig, s->msg, sizeof s->msg);
}

static void run_verify(void *p)
{
    state *s = p;
    lwcx_aimer_key_verify(s->key, s->sig, lwcx_aimer_sig_bytes(s->set), s->msg, sizeof s->msg);
}

#define SET_CASES(tag, set)                                                                      \
    static void *setup_##tag(void) { return setup_set(set); }                                   \
    static const bench_case keygen_##tag = {"aimer", #tag "_keygen", "call", 1, setup_##tag,     \
                                            run_keygen, teardown, NULL};                         \
    static const bench_case sign_##tag = {"aimer", #tag "_sign", "call", 1, setup_##tag,         \
                                          run_sign, teardown, NULL};                             \
    static const bench_case verify_##tag = {"aimer", #tag "_verify", "call", 1, setup_##tag,     \
                                            run_verify, teardown, NULL};
SET_CASES(aimer128f, LWCX_AIMER128F)
SET_CASES(aimer256s, LWCX_AIMER256S)

const bench_case *const bench_cases_aimer[] = {&keygen_aimer128f, &sign_aimer128f, &verify_aimer128f,
                                               &keygen_aimer256s, &sign_aimer256s, &verify_aimer256s,
                                               NULL};
