/* AIMer v2.1: the public API, key objects and key generation over the
 * implementations of the "aimer" primitive. */
#define _DEFAULT_SOURCE /* getentropy */
#include <stdlib.h>
#include <unistd.h>

#include "aimer_impl.h"

LWCX_DEFINE_PRIMITIVE(aimer, aimer_impl,
                      "AIMer v2.1 signatures (BN++ proof over AIM2): aimer128f/s, 192f/s, 256f/s");

const char *lwcx_aimer_name(lwcx_aimer_set set)
{
    const aimer_params *p = lwcx_aimer_params_get(set);
    return p ? p->name : NULL;
}

size_t lwcx_aimer_pk_bytes(lwcx_aimer_set set)
{
    const aimer_params *p = lwcx_aimer_params_get(set);
    return p ? p->pk_bytes : 0;
}

size_t lwcx_aimer_sk_bytes(lwcx_aimer_set set)
{
    const aimer_params *p = lwcx_aimer_params_get(set);
    return p ? p->sk_bytes : 0;
}

size_t lwcx_aimer_sig_bytes(lwcx_aimer_set set)
{
    const aimer_params *p = lwcx_aimer_params_get(set);
    return p ? p->sig_bytes : 0;
}

size_t lwcx_aimer_seed_bytes(lwcx_aimer_set set)
{
    const aimer_params *p = lwcx_aimer_params_get(set);
    return p ? p->lambda : 0;
}

static LWCX_NODISCARD int os_random(uint8_t *out, size_t len)
{
    while (len) { /* getentropy gives at most 256 bytes a call */
        size_t n = len < 256 ? len : 256;
        if (getentropy(out, n)) return -1;
        out += n;
        len -= n;
    }
    return 0;
}

/* Fills key (caller storage) for im: pk, and sk when given; for_proofs:
 * also what only the proofs use (key generation, which loads a key with
 * no ct yet to compute it, does without). */
static LWCX_NODISCARD int key_load(struct lwcx_aimer_key *k, const aimer_impl *im, const aimer_params *p,
                    const uint8_t *pk, const uint8_t *sk, int for_proofs)
{
    memset(k, 0, sizeof *k);
    k->magic = AIMER_KEY_MAGIC;
    k->p = p;
    k->im = im;
    memcpy(k->pk, pk, p->pk_bytes);
    aimer_gf_from_bytes(p, k->ct, pk + p->lambda);
    k->aff_bytes = (im->affine_bytes(p) + AIMER_MATRIX_ALIGN - 1) / AIMER_MATRIX_ALIGN * AIMER_MATRIX_ALIGN;
    k->aff = aligned_alloc(AIMER_MATRIX_ALIGN, k->aff_bytes);
    if (!k->aff) return LWCX_ERR_NOMEM;
    if (im->affine_init(im, p, k->aff, k->b, pk)) return LWCX_ERR_NOMEM;
    if (sk) {
        /* sk = pt || pk; the pair must be consistent: AIM2(pt) = ct */
        aimer_gf ct;
        if (lwcx_ct_compare(sk + p->lambda, pk, p->pk_bytes)) return LWCX_ERR_ARG;
        aimer_gf_from_bytes(p, k->pt, sk);
        lwcx_aimer_aim2(im, p, k->aff, k->b, ct, k->pt, k->t);
        int ok = lwcx_ct_compare(ct, k->ct, sizeof ct) == 0;
        lwcx_wipe(ct, sizeof ct);
        if (!ok) return LWCX_ERR_ARG;
        k->has_sk = 1;
    }
    if (for_proofs && im->key_init) im->key_init(p, k);
    return LWCX_OK;
}

static void key_clear(struct lwcx_aimer_key *k)
{
    if (k->aff) {
        lwcx_wipe(k->aff, k->aff_bytes);
        free(k->aff);
    }
    lwcx_wipe(k, sizeof *k);
}

static int key_ok(const lwcx_aimer_key *k)
{
    return k && k->magic == AIMER_KEY_MAGIC && k->p && k->im && k->aff;
}

int lwcx_aimer_key_new_with(const lwcx_impl *impl, lwcx_aimer_key **key, lwcx_aimer_set set,
                            const uint8_t *pk, const uint8_t *sk)
{
    if (!key) return LWCX_ERR_NULL;
    *key = NULL;
    const aimer_params *p = lwcx_aimer_params_get(set);
    if (!p) return LWCX_ERR_ARG;
    if (!pk) return LWCX_ERR_NULL;
    int rc = LWCX_OK;
    const aimer_impl *im = lwcx_resolve(&lwcx_prim_aimer, impl, &rc);
    if (!im) return rc;
    lwcx_aimer_key *k = malloc(sizeof *k);
    if (!k) return LWCX_ERR_NOMEM;
    rc = key_load(k, im, p, pk, sk, 1);
    if (rc) {
        key_clear(k);
        free(k);
        return rc;
    }
    *key = k;
    return LWCX_OK;
}

int lwcx_aimer_key_new(lwcx_aimer_key **key, lwcx_aimer_set set, const uint8_t *pk, const uint8_t *sk)
{
    return lwcx_aimer_key_new_with(NULL, key, set, pk, sk);
}

void lwcx_aimer_key_free(lwcx_aimer_key *key)
{
    if (!key) return;
    key_clear(key);
    free(key);
}

int lwcx_aimer_key_set(const lwcx_aimer_key *key)
{
    if (!key_ok(key)) return -1;
    for (int s = 0; lwcx_aimer_params_get((lwcx_aimer_set)s); s++)
        if (lwcx_aimer_params_get((lwcx_aimer_set)s) == key->p) return s;
    return -1;
}

int lwcx_aimer_key_sign_from(const lwcx_aimer_key *key, uint8_t *sig, const uint8_t *msg,
                             size_t len, const uint8_t *rho)
{
    if (!key || !sig || !rho || (len && !msg)) return LWCX_ERR_NULL;
    if (!key_ok(key) || !key->has_sk) return LWCX_ERR_ARG;
    /* signing clears sig before it reads rho; msg is read before either */
    if (lwcx_overlap(sig, key->p->sig_bytes, rho, key->p->lambda)) return LWCX_ERR_ARG;
    uint8_t mu[2 * AIMER_MAX_LAMBDA];
    if (lwcx_aimer_hash_message(key->im, key->p, mu, key->pk, msg, len)) return LWCX_ERR_NOMEM;
    return lwcx_aimer_sign_mu(key, sig, mu, rho);
}

int lwcx_aimer_key_sign(const lwcx_aimer_key *key, uint8_t *sig, const uint8_t *msg, size_t len)
{
    if (!key || !sig || (len && !msg)) return LWCX_ERR_NULL;
    if (!key_ok(key) || !key->has_sk) return LWCX_ERR_ARG;
    uint8_t rho[AIMER_MAX_LAMBDA];
    if (os_random(rho, key->p->lambda)) return LWCX_ERR_UNSUPPORTED;
    int rc = lwcx_aimer_key_sign_from(key, sig, msg, len, rho);
    lwcx_wipe(rho, sizeof rho);
    return rc;
}

int lwcx_aimer_key_verify(const lwcx_aimer_key *key, const uint8_t *sig, size_t siglen,
                          const uint8_t *msg, size_t len)
{
    if (!key || !sig || (len && !msg)) return LWCX_ERR_NULL;
    if (!key_ok(key)) return LWCX_ERR_ARG;
    if (siglen != key->p->sig_bytes) return LWCX_ERR_LENGTH;
    uint8_t mu[2 * AIMER_MAX_LAMBDA];
    if (lwcx_aimer_hash_message(key->im, key->p, mu, key->pk, msg, len)) return LWCX_ERR_NOMEM;
    return lwcx_aimer_verify_mu(key, sig, mu);
}

int lwcx_aimer_keygen_from_with(const lwcx_impl *impl, lwcx_aimer_set set, uint8_t *pk,
                                uint8_t *sk, const uint8_t *randomness)
{
    const aimer_params *p = lwcx_aimer_params_get(set);
    if (!p) return LWCX_ERR_ARG;
    if (!pk || !sk || !randomness) return LWCX_ERR_NULL;
    if (lwcx_overlap(pk, p->pk_bytes, sk, p->sk_bytes)) return LWCX_ERR_ARG;
    int rc = LWCX_OK;
    const aimer_impl *im = lwcx_resolve(&lwcx_prim_aimer, impl, &rc);
    if (!im) return rc;
    /* pt, then the IV; ct = AIM2_IV(pt); pk = IV || ct, sk = pt || pk. The
     * randomness is copied first, so it may share the outputs' memory. */
    struct lwcx_aimer_key k;
    uint8_t pt[AIMER_MAX_LAMBDA], iv_ct[2 * AIMER_MAX_LAMBDA];
    memcpy(pt, randomness, p->lambda);
    memcpy(iv_ct, randomness + p->lambda, p->lambda);
    memset(iv_ct + p->lambda, 0, p->lambda);
    rc = key_load(&k, im, p, iv_ct, NULL, 0);
    if (rc == LWCX_OK) {
        aimer_gf_from_bytes(p, k.pt, pt);
        lwcx_aimer_aim2(im, p, k.aff, k.b, k.ct, k.pt, NULL);
        memcpy(pk, iv_ct, p->lambda);
        aimer_gf_to_bytes(p, pk + p->lambda, k.ct);
        memcpy(sk, pt, p->lambda);
        memcpy(sk + p->lambda, pk, p->pk_bytes);
    }
    lwcx_wipe(pt, sizeof pt);
    key_clear(&k);
    return rc;
}

int lwcx_aimer_keygen_with(const lwcx_impl *impl, lwcx_aimer_set set, uint8_t *pk, uint8_t *sk)
{
    const aimer_params *p = lwcx_aimer_params_get(set);
    if (!p) return LWCX_ERR_ARG;
    if (!pk || !sk) return LWCX_ERR_NULL;
    uint8_t r[2 * AIMER_MAX_LAMBDA];
    if (os_random(r, 2 * p->lambda)) return LWCX_ERR_UNSUPPORTED;
    int rc = lwcx_aimer_keygen_from_with(impl, set, pk, sk, r);
    lwcx_wipe(r, sizeof r);
    return rc;
}

/* Signing with a key loaded for this one call. */
static LWCX_NODISCARD int sign_once(const lwcx_impl *impl, lwcx_aimer_set set, uint8_t *sig, const uint8_t *msg,
                     size_t len, const uint8_t *sk, const uint8_t *rho)
{
    const aimer_params *p = lwcx_aimer_params_get(set);
    if (!p) return LWCX_ERR_ARG;
    if (!sig || !sk || (len && !msg)) return LWCX_ERR_NULL;
    int rc = LWCX_OK;
    const aimer_impl *im = lwcx_resolve(&lwcx_prim_aimer, impl, &rc);
    if (!im) return rc;
    struct lwcx_aimer_key k;
    rc = key_load(&k, im, p, sk + p->lambda, sk, 1);
    if (rc == LWCX_OK) rc = rho ? lwcx_aimer_key_sign_from(&k, sig, msg, len, rho) : lwcx_aimer_key_sign(&k, sig, msg, len);
    key_clear(&k);
    return rc;
}

int lwcx_aimer_sign_from_with(const lwcx_impl *impl, lwcx_aimer_set set, uint8_t *sig,
                              const uint8_t *msg, size_t len, const uint8_t *sk, const uint8_t *rho)
{
    if (!rho) return LWCX_ERR_NULL;
    return sign_once(impl, set, sig, msg, len, sk, rho);
}

int lwcx_aimer_sign_with(const lwcx_impl *impl, lwcx_aimer_set set, uint8_t *sig,
                         const uint8_t *msg, size_t len, const uint8_t *sk)
{
    return sign_once(impl, set, sig, msg, len, sk, NULL);
}

int lwcx_aimer_verify_with(const lwcx_impl *impl, lwcx_aimer_set set, const uint8_t *sig,
                           size_t siglen, const uint8_t *msg, size_t len, const uint8_t *pk)
{
    const aimer_params *p = lwcx_aimer_params_get(set);
    if (!p) return LWCX_ERR_ARG;
    if (!sig || !pk || (len && !msg)) return LWCX_ERR_NULL;
    if (siglen != p->sig_bytes) return LWCX_ERR_LENGTH;
    int rc = LWCX_OK;
    const aimer_impl *im = lwcx_resolve(&lwcx_prim_aimer, impl, &rc);
    if (!im) return rc;
    struct lwcx_aimer_key k;
    rc = key_load(&k, im, p, pk, NULL, 1);
    if (rc == LWCX_OK) rc = lwcx_aimer_key_verify(&k, sig, siglen, msg, len);
    key_clear(&k);
    return rc;
}

int lwcx_aimer_sign_attached_with(const lwcx_impl *impl, lwcx_aimer_set set, uint8_t *sm,
                                  size_t *smlen, const uint8_t *msg, size_t len, const uint8_t *sk)
{
    const aimer_params *p = lwcx_aimer_params_get(set);
    if (!p) return LWCX_ERR_ARG;
    if (!sm || !smlen || !sk || (len && !msg)) return LWCX_ERR_NULL;
    if (len > SIZE_MAX - p->sig_bytes) return LWCX_ERR_LENGTH;
    int rc = LWCX_OK;
    const aimer_impl *im = lwcx_resolve(&lwcx_prim_aimer, impl, &rc);
    if (!im) return rc;
    /* the message enters only through mu, so it may move before signing */
    struct lwcx_aimer_key k;
    uint8_t mu[2 * AIMER_MAX_LAMBDA], rho[AIMER_MAX_LAMBDA];
    rc = key_load(&k, im, p, sk + p->lambda, sk, 1);
    if (rc == LWCX_OK && lwcx_aimer_hash_message(im, p, mu, k.pk, msg, len)) rc = LWCX_ERR_NOMEM;
    if (rc == LWCX_OK && os_random(rho, p->lambda)) rc = LWCX_ERR_UNSUPPORTED;
    if (rc == LWCX_OK) {
        if (len) memmove(sm, msg, len);
        rc = lwcx_aimer_sign_mu(&k, sm + len, mu, rho);
        *smlen = rc == LWCX_OK ? len + p->sig_bytes : 0;
    }
    lwcx_wipe(rho, sizeof rho);
    key_clear(&k);
    return rc;
}

int lwcx_aimer_open_with(const lwcx_impl *impl, lwcx_aimer_set set, uint8_t *msg, size_t *len,
                         const uint8_t *sm, size_t smlen, const uint8_t *pk)
{
    const aimer_params *p = lwcx_aimer_params_get(set);
    if (!p) return LWCX_ERR_ARG;
    if (!len || !sm || !pk) return LWCX_ERR_NULL;
    if (smlen < p->sig_bytes) return LWCX_ERR_LENGTH;
    const size_t mlen = smlen - p->sig_bytes;
    if (mlen && !msg) return LWCX_ERR_NULL;
    int rc = lwcx_aimer_verify_with(impl, set, sm + mlen, p->sig_bytes, sm, mlen, pk);
    if (rc == LWCX_OK) {
        if (mlen) memmove(msg, sm, mlen);
        *len = mlen;
    }
    return rc;
}

int lwcx_aimer_keygen(lwcx_aimer_set set, uint8_t *pk, uint8_t *sk)
{
    return lwcx_aimer_keygen_with(NULL, set, pk, sk);
}

int lwcx_aimer_keygen_from(lwcx_aimer_set set, uint8_t *pk, uint8_t *sk, const uint8_t *randomness)
{
    return lwcx_aimer_keygen_from_with(NULL, set, pk, sk, randomness);
}

int lwcx_aimer_sign(lwcx_aimer_set set, uint8_t *sig, const uint8_t *msg, size_t len,
                    const uint8_t *sk)
{
    return lwcx_aimer_sign_with(NULL, set, sig, msg, len, sk);
}

int lwcx_aimer_sign_from(lwcx_aimer_set set, uint8_t *sig, const uint8_t *msg, size_t len,
                         const uint8_t *sk, const uint8_t *rho)
{
    return lwcx_aimer_sign_from_with(NULL, set, sig, msg, len, sk, rho);
}

int lwcx_aimer_verify(lwcx_aimer_set set, const uint8_t *sig, size_t siglen, const uint8_t *msg,
                      size_t len, const uint8_t *pk)
{
    return lwcx_aimer_verify_with(NULL, set, sig, siglen, msg, len, pk);
}

int lwcx_aimer_sign_attached(lwcx_aimer_set set, uint8_t *sm, size_t *smlen, const uint8_t *msg,
                             size_t len, const uint8_t *sk)
{
    return lwcx_aimer_sign_attached_with(NULL, set, sm, smlen, msg, len, sk);
}

int lwcx_aimer_open(lwcx_aimer_set set, uint8_t *msg, size_t *len, const uint8_t *sm, size_t smlen,
                    const uint8_t *pk)
{
    return lwcx_aimer_open_with(NULL, set, msg, len, sm, smlen, pk);
}

/* ---- a message in pieces ------------------------------------------------- */

struct lwcx_aimer_msg {
    uint64_t magic;
    const lwcx_aimer_key *key;
    aimer_xof x; /* SHAKE(0x00 || pk || the pieces so far) */
    int open;    /* until finished */
};
#define AIMER_MSG_MAGIC 0x31764d72656d6961u /* "aimerMv1" */

int lwcx_aimer_msg_new(lwcx_aimer_msg **msg, const lwcx_aimer_key *key)
{
    if (!msg) return LWCX_ERR_NULL;
    *msg = NULL;
    if (!key) return LWCX_ERR_NULL;
    if (!key_ok(key)) return LWCX_ERR_ARG;
    lwcx_aimer_msg *m = malloc(sizeof *m);
    if (!m) return LWCX_ERR_NOMEM;
    const uint8_t prefix = AIMER_H_MU;
    m->magic = AIMER_MSG_MAGIC;
    m->key = key;
    key->im->xof_init(&m->x, key->p->n);
    key->im->xof_absorb(&m->x, &prefix, 1);
    key->im->xof_absorb(&m->x, key->pk, key->p->pk_bytes);
    m->open = 1;
    *msg = m;
    return LWCX_OK;
}

static int msg_ok(const lwcx_aimer_msg *m)
{
    return m->magic == AIMER_MSG_MAGIC && m->open && key_ok(m->key);
}

int lwcx_aimer_msg_update(lwcx_aimer_msg *msg, const uint8_t *data, size_t len)
{
    if (!msg || (len && !data)) return LWCX_ERR_NULL;
    if (!msg_ok(msg)) return LWCX_ERR_ARG;
    if (len) msg->key->im->xof_absorb(&msg->x, data, len);
    return LWCX_OK;
}

/* Squeezes mu; the message is finished whatever happens. */
static int msg_finish(lwcx_aimer_msg *m, uint8_t *mu)
{
    m->open = 0;
    return m->key->im->xof_final(&m->x, mu, aimer_commit_bytes(m->key->p)) ? LWCX_ERR_NOMEM : LWCX_OK;
}

int lwcx_aimer_msg_sign_from(lwcx_aimer_msg *msg, uint8_t *sig, const uint8_t *rho)
{
    if (!msg || !sig || !rho) return LWCX_ERR_NULL;
    if (!msg_ok(msg) || !msg->key->has_sk) return LWCX_ERR_ARG;
    if (lwcx_overlap(sig, msg->key->p->sig_bytes, rho, msg->key->p->lambda)) return LWCX_ERR_ARG;
    uint8_t mu[2 * AIMER_MAX_LAMBDA];
    int rc = msg_finish(msg, mu);
    return rc ? rc : lwcx_aimer_sign_mu(msg->key, sig, mu, rho);
}

int lwcx_aimer_msg_sign(lwcx_aimer_msg *msg, uint8_t *sig)
{
    if (!msg || !sig) return LWCX_ERR_NULL;
    if (!msg_ok(msg) || !msg->key->has_sk) return LWCX_ERR_ARG;
    uint8_t rho[AIMER_MAX_LAMBDA];
    if (os_random(rho, msg->key->p->lambda)) return LWCX_ERR_UNSUPPORTED;
    int rc = lwcx_aimer_msg_sign_from(msg, sig, rho);
    lwcx_wipe(rho, sizeof rho);
    return rc;
}

int lwcx_aimer_msg_verify(lwcx_aimer_msg *msg, const uint8_t *sig, size_t siglen)
{
    if (!msg || !sig) return LWCX_ERR_NULL;
    if (!msg_ok(msg)) return LWCX_ERR_ARG;
    uint8_t mu[2 * AIMER_MAX_LAMBDA];
    int rc = msg_finish(msg, mu);
    if (rc) return rc;
    if (siglen != msg->key->p->sig_bytes) return LWCX_ERR_LENGTH;
    return lwcx_aimer_verify_mu(msg->key, sig, mu);
}

void lwcx_aimer_msg_free(lwcx_aimer_msg *msg)
{
    if (!msg) return;
    if (msg->magic == AIMER_MSG_MAGIC && msg->open) msg->key->im->xof_release(&msg->x);
    lwcx_wipe(msg, sizeof *msg);
    free(msg);
}
