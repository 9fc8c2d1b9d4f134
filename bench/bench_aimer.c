/* AIMer benchmark cases, cycles per call for the six sets: key
 * generation; signing and verification as one-shot calls (the affine layer
 * expanded every time, as the official API does) and with a loaded key
 * (lwcx_aimer_key, expanded once per implementation, in the warm-up).
 *
 * Where signing time goes, per implementation: sign_keccak runs the Keccak
 * work of one signature alone (the same multi-way hashes, batched by the
 * implementation's ways, and the same single-state absorbs and squeezes, on
 * dummy bytes), sign_field the field and affine work of its MPC simulation
 * (every party's multiplication-check inputs and its alpha and v shares).
 * Their ratios to sign_key are the Keccak and arithmetic shares; the rest
 * is the protocol's own work (copies, encoding, wiping). */
#include <stdlib.h>

#include "../src/bench_internal.h"
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

static int run_keygen(void *p, const lwcx_impl *impl)
{
    state *s = p;
    uint8_t pk[LWCX_AIMER_MAX_PK_BYTES], sk[LWCX_AIMER_MAX_SK_BYTES];
    const int rc = lwcx_aimer_keygen_with(impl, s->set, pk, sk);
    lwcx_wipe(sk, sizeof sk);
    return rc;
}

static int run_sign(void *p, const lwcx_impl *impl)
{
    state *s = p;
    return lwcx_aimer_sign_with(impl, s->set, s->sig, s->msg, sizeof s->msg, s->sk);
}

static int run_verify(void *p, const lwcx_impl *impl)
{
    state *s = p;
    return lwcx_aimer_verify_with(impl, s->set, s->sig, lwcx_aimer_sig_bytes(s->set), s->msg, sizeof s->msg, s->pk);
}

static int run_sign_key(void *p, const lwcx_impl *impl)
{
    state *s = p;
    return lwcx_aimer_key_sign(key_for(s, impl), s->sig, s->msg, sizeof s->msg);
}

static int run_verify_key(void *p, const lwcx_impl *impl)
{
    state *s = p;
    return lwcx_aimer_key_verify(key_for(s, impl), s->sig, lwcx_aimer_sig_bytes(s->set), s->msg, sizeof s->msg);
}

/* the hashes of one signature (sign.c), in the same shapes */
static int run_sign_keccak(void *p, const lwcx_impl *impl)
{
    state *s = p;
    int bad = 0;
    const aimer_impl *im = (const aimer_impl *)impl;
    const aimer_params *pr = lwcx_aimer_params_get(s->set);
    const size_t lam = pr->lambda, cb = aimer_commit_bytes(pr), tb = aimer_tape_bytes(pr);
    const size_t T = pr->T, N = pr->N, L = pr->L;
    static uint8_t in[AIMER_MAX_WAYS][3 + 2 * AIMER_MAX_LAMBDA], out[AIMER_MAX_WAYS][512], buf[16384];
    uint8_t *o[AIMER_MAX_WAYS];
    const uint8_t *i[AIMER_MAX_WAYS];
    for (unsigned l = 0; l < AIMER_MAX_WAYS; l++) o[l] = out[l], i[l] = in[l];
    /* multi-way: the trees (T (N - 1) of 2 lambda bytes), the commitments
     * and tapes (T N), the hidden parties' commitments (T) */
    const size_t shapes[3][2] = {{T * (N - 1), cb}, {T * N, cb + tb}, {T, cb}};
    for (int k = 0; k < 3; k++)
        for (size_t done = 0; done < shapes[k][0]; done += im->ways) {
            const size_t c = shapes[k][0] - done < im->ways ? shapes[k][0] - done : im->ways;
            bad |= im->shake_xn(pr->n, o, shapes[k][1], i, 3 + 2 * lam, (unsigned)c);
        }
    /* single state: salt and seeds, h1, the challenges, h2, the hidden indices */
    aimer_xof x;
    im->xof_init(&x, pr->n);
    im->xof_absorb(&x, buf, 4 * lam + 1);
    bad |= im->xof_final(&x, buf, (T + 1) * lam);
    im->xof_init(&x, pr->n);
    im->xof_absorb(&x, buf, 3 * lam + 1);
    for (size_t r = 0; r < T; r++) {
        for (size_t j = 0; j < N; j++) im->xof_absorb(&x, buf + j, cb);
        im->xof_absorb(&x, buf, (L + 2) * lam);
    }
    bad |= im->xof_final(&x, buf, cb);
    im->xof_init(&x, pr->n);
    im->xof_absorb(&x, buf, cb);
    bad |= im->xof_final(&x, buf, T * (L + 1) * lam);
    im->xof_init(&x, pr->n);
    im->xof_absorb(&x, buf, 3 * lam + 1);
    for (size_t r = 0; r < T; r++) im->xof_absorb(&x, buf, 2 * N * lam);
    bad |= im->xof_final(&x, buf, cb);
    im->xof_init(&x, pr->n);
    im->xof_absorb(&x, buf, cb);
    bad |= im->xof_final(&x, buf, T);
    return bad ? LWCX_ERR_NOMEM : LWCX_OK;
}

/* the field and affine work of one signature's MPC simulation (sign.c):
 * every repetition's parties simulated together (mpc_parties), then their
 * alpha and v shares (the dots of all parties with one challenge vector at
 * once, as sign.c does) */
static int run_sign_field(void *p, const lwcx_impl *impl)
{
    state *s = p;
    const struct lwcx_aimer_key *key = key_for(s, impl);
    if (!key) return LWCX_ERR_NOMEM;
    const aimer_params *pr = key->p;
    const aimer_field_ops *f = &key->im->field[pr->field];
    const unsigned L = pr->L, N = pr->N, stride = 2 * (L + 1);
    aimer_gf *v = calloc((size_t)N * (stride + 2), sizeof *v), u, alpha = {0};
    if (!v) return LWCX_ERR_NOMEM;
    aimer_gf *a = v + (size_t)N * stride, *c = a + N; /* the parties' alpha and v shares */
    for (unsigned j = 0; j < N; j++)
        for (unsigned i = 0; i < L; i++)
            for (unsigned w = 0; w < pr->words; w++) v[j * stride + i][w] = 0x9e3779b97f4a7c15u * (j * 4 + i + 1) + w;
    for (unsigned r = 0; r < pr->T; r++) {
        lwcx_aimer_mpc_parties(key->im, pr, key, v, v + L + 1, stride, N, 1);
        const aimer_gf *eps = v + (r % N) * stride; /* a challenge vector */
        aimer_dot_parties(f, a, 1, v, stride, eps, L + 1, N);
        aimer_dot_parties(f, c, 1, v + L + 1, stride, eps, L + 1, N);
        for (unsigned j = 0; j < N; j++) aimer_gf_add(alpha, alpha, a[j]);
        for (unsigned j = 0; j < N; j++) {
            f->mul(u, c[j], alpha);
            aimer_gf_add(v[j * stride], v[j * stride], u); /* the next repetition's inputs */
        }
    }
    lwcx_wipe(v, (size_t)N * (stride + 2) * sizeof *v);
    free(v);
    return LWCX_OK;
}

#define CASE(tag, op, fn, call) \
    static const bench_case op##_##tag = {"aimer", #tag "_" #op, "call", 1, setup_##tag, fn, teardown, NULL, NULL, call};
#define SET_CASES(tag, set)                                    \
    static void *setup_##tag(void) { return setup_set(set); } \
    CASE(tag, keygen, run_keygen, "every_call")                              \
    CASE(tag, sign, run_sign, "every_call")                                  \
    CASE(tag, verify, run_verify, "every_call")                              \
    CASE(tag, sign_key, run_sign_key, "every_call")                          \
    CASE(tag, verify_key, run_verify_key, "every_call")                      \
    CASE(tag, sign_keccak, run_sign_keccak, NULL) /* an internal step */                    \
    CASE(tag, sign_field, run_sign_field, NULL) /* an internal step */
SET_CASES(aimer128f, LWCX_AIMER128F)
SET_CASES(aimer128s, LWCX_AIMER128S)
SET_CASES(aimer192f, LWCX_AIMER192F)
SET_CASES(aimer192s, LWCX_AIMER192S)
SET_CASES(aimer256f, LWCX_AIMER256F)
SET_CASES(aimer256s, LWCX_AIMER256S)

#define SET_ROWS(tag) \
    &keygen_##tag, &sign_##tag, &verify_##tag, &sign_key_##tag, &verify_key_##tag, &sign_keccak_##tag, &sign_field_##tag,
const bench_case *const bench_cases_aimer[] = {SET_ROWS(aimer128f) SET_ROWS(aimer128s) SET_ROWS(aimer192f)
                                                   SET_ROWS(aimer192s) SET_ROWS(aimer256f) SET_ROWS(aimer256s) NULL};
