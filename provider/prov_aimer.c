/* AIMer (the six sets) as OpenSSL key management and signature, over lwcx's
 * loaded keys (lwcx_aimer_key): keys generated, imported and exported as
 * their raw bytes (OSSL_PKEY_PARAM_PUB_KEY, _PRIV_KEY: pk = IV || ct and
 * sk = pt || pk, lwcx's and the official layouts), compared, and their
 * sizes reported; messages signed whole, as Ed25519's are (EVP_DigestSign*
 * with no digest, EVP_PKEY_sign on the message itself).
 *
 * EVP_DigestSignUpdate and EVP_DigestVerifyUpdate gather the message in
 * the context: EVP_DigestSignFinal works on a copy of the context, and
 * lwcx's message objects (lwcx_aimer_msg, which would hash it as it comes)
 * cannot be copied. Key files (encoders and decoders): prov_aimer_codec.c. */
#include <stdlib.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/params.h>

#include "lwcx.h"
#include "prov.h"
#include "prov_aimer.h"

const char *lwcx_aimer_oname(lwcx_aimer_set set)
{
    static const char *const names[] = {"AIMER128F", "AIMER128S", "AIMER192F", "AIMER192S", "AIMER256F", "AIMER256S"};
    return (unsigned)set < 6 ? names[set] : NULL;
}

void *aimer_new(void *provctx, lwcx_aimer_set set)
{
    aimer_pkey *key = calloc(1, sizeof *key);
    if (!key) return NULL;
    key->prov = provctx;
    key->set = set;
    return key;
}

void aimer_free(void *vkey)
{
    aimer_pkey *key = vkey;
    if (!key) return;
    lwcx_aimer_key_free(key->k);
    lwcx_wipe(key, sizeof *key);
    free(key);
}

/* Takes pk (and sk, or NULL) into key, checked by loading them into lwcx. */
int aimer_set_key(aimer_pkey *key, const uint8_t *pk, const uint8_t *sk)
{
    lwcx_aimer_key *k = NULL;
    const int rc = lwcx_aimer_key_new(&k, key->set, pk, sk);
    if (rc != LWCX_OK) {
        lwcx_prov_err(key->prov, LWCX_PROV_R_LIBRARY, "%s: %s key refused: %s", lwcx_aimer_name(key->set),
                      sk ? "private" : "public", lwcx_strerror(rc));
        return 0;
    }
    lwcx_aimer_key_free(key->k);
    key->k = k;
    memmove(key->pk, pk, lwcx_aimer_pk_bytes(key->set));
    key->has_pk = 1;
    key->has_sk = sk != NULL;
    if (sk)
        memmove(key->sk, sk, lwcx_aimer_sk_bytes(key->set));
    else
        lwcx_wipe(key->sk, sizeof key->sk);
    return 1;
}

static int aimer_has(const void *vkey, int selection)
{
    const aimer_pkey *key = vkey;
    if (!key) return 0;
    if ((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) && !key->has_sk) return 0;
    if ((selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY) && !key->has_pk) return 0;
    return 1; /* no domain parameters: the set is the algorithm */
}

static int aimer_match(const void *vk1, const void *vk2, int selection)
{
    const aimer_pkey *a = vk1, *b = vk2;
    if (!a || !b || a->set != b->set) return 0;
    if (selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY) {
        if (!a->has_pk || !b->has_pk || memcmp(a->pk, b->pk, lwcx_aimer_pk_bytes(a->set)) != 0) return 0;
    } else if (selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) {
        if (!a->has_sk || !b->has_sk || lwcx_ct_compare(a->sk, b->sk, lwcx_aimer_sk_bytes(a->set)) != 0) return 0;
    }
    return 1;
}

/* The octet string of param `name` in params, exactly len bytes: 1 with
 * *p set, 0 when absent, -1 (with an error) when of another size. */
static int octets(const aimer_pkey *key, const OSSL_PARAM params[], const char *name, size_t len,
                  const uint8_t **p)
{
    const OSSL_PARAM *prm = OSSL_PARAM_locate_const(params, name);
    if (!prm) return 0;
    if (prm->data_type != OSSL_PARAM_OCTET_STRING || prm->data_size != len || !prm->data) {
        lwcx_prov_err(key->prov, LWCX_PROV_R_BAD_LENGTH, "%s: the %s key is %zu bytes, not %zu",
                      lwcx_aimer_name(key->set), strcmp(name, OSSL_PKEY_PARAM_PUB_KEY) ? "private" : "public", len,
                      prm->data_size);
        return -1;
    }
    *p = prm->data;
    return 1;
}

static int aimer_import(void *vkey, int selection, const OSSL_PARAM params[])
{
    aimer_pkey *key = vkey;
    if (!key || !params) return 0;
    const size_t pkb = lwcx_aimer_pk_bytes(key->set), skb = lwcx_aimer_sk_bytes(key->set);
    const uint8_t *pk = NULL, *sk = NULL;
    int has_pk = 0, has_sk = 0;
    if (selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY) has_pk = octets(key, params, OSSL_PKEY_PARAM_PUB_KEY, pkb, &pk);
    if (selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) has_sk = octets(key, params, OSSL_PKEY_PARAM_PRIV_KEY, skb, &sk);
    if (has_pk < 0 || has_sk < 0) return 0;
    if (has_sk) {
        /* sk = pt || pk: a public key given beside it must be that one */
        if (has_pk && memcmp(pk, sk + skb - pkb, pkb) != 0) {
            lwcx_prov_err(key->prov, LWCX_PROV_R_BAD_PARAM, "%s: the public key is not the private key's",
                          lwcx_aimer_name(key->set));
            return 0;
        }
        return aimer_set_key(key, sk + skb - pkb, sk);
    }
    if (has_pk) return aimer_set_key(key, pk, NULL);
    lwcx_prov_err(key->prov, LWCX_PROV_R_BAD_PARAM, "%s: no key to import (raw '%s' or '%s' octets)",
                  lwcx_aimer_name(key->set), OSSL_PKEY_PARAM_PUB_KEY, OSSL_PKEY_PARAM_PRIV_KEY);
    return 0;
}

static const OSSL_PARAM key_types[] = {OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PUB_KEY, NULL, 0),
                                       OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PRIV_KEY, NULL, 0), OSSL_PARAM_END};

static const OSSL_PARAM *aimer_key_types(int selection)
{
    return selection & OSSL_KEYMGMT_SELECT_KEYPAIR ? key_types : NULL;
}

int aimer_export(void *vkey, int selection, OSSL_CALLBACK *cb, void *cbarg)
{
    aimer_pkey *key = vkey;
    if (!key || !cb) return 0;
    OSSL_PARAM params[3];
    size_t n = 0;
    if ((selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY) && key->has_pk)
        params[n++] = OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PUB_KEY, key->pk,
                                                        lwcx_aimer_pk_bytes(key->set));
    if ((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) && key->has_sk)
        params[n++] = OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PRIV_KEY, key->sk,
                                                        lwcx_aimer_sk_bytes(key->set));
    params[n] = OSSL_PARAM_construct_end();
    return cb(params, cbarg);
}

static int aimer_get_params(void *vkey, OSSL_PARAM params[])
{
    aimer_pkey *key = vkey;
    OSSL_PARAM *p;
    if (!key) return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_BITS)) &&
        !OSSL_PARAM_set_int(p, 8 * (int)lwcx_aimer_pk_bytes(key->set)))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_SECURITY_BITS)) &&
        !OSSL_PARAM_set_int(p, 8 * (int)lwcx_aimer_seed_bytes(key->set)))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_MAX_SIZE)) &&
        !OSSL_PARAM_set_int(p, (int)lwcx_aimer_sig_bytes(key->set)))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_PUB_KEY)) && key->has_pk &&
        !OSSL_PARAM_set_octet_string(p, key->pk, lwcx_aimer_pk_bytes(key->set)))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_PRIV_KEY)) && key->has_sk &&
        !OSSL_PARAM_set_octet_string(p, key->sk, lwcx_aimer_sk_bytes(key->set)))
        return 0;
    return 1;
}

static const OSSL_PARAM *aimer_gettable_params(void *provctx)
{
    (void)provctx;
    static const OSSL_PARAM params[] = {
        OSSL_PARAM_int(OSSL_PKEY_PARAM_BITS, NULL), OSSL_PARAM_int(OSSL_PKEY_PARAM_SECURITY_BITS, NULL),
        OSSL_PARAM_int(OSSL_PKEY_PARAM_MAX_SIZE, NULL), OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PUB_KEY, NULL, 0),
        OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PRIV_KEY, NULL, 0), OSSL_PARAM_END};
    return params;
}

static void *aimer_dup(const void *vfrom, int selection)
{
    const aimer_pkey *from = vfrom;
    if (!from) return NULL;
    aimer_pkey *key = aimer_new((void *)from->prov, from->set);
    if (!key) return NULL;
    const int want_sk = (selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) && from->has_sk;
    const int want_pk = (selection & OSSL_KEYMGMT_SELECT_KEYPAIR) && from->has_pk;
    if (want_pk && !aimer_set_key(key, from->pk, want_sk ? from->sk : NULL)) {
        aimer_free(key);
        return NULL;
    }
    return key;
}

/* A key a decoder made (prov_aimer_codec.c), handed over by reference:
 * taken, and the reference cleared so that the decoder does not free it. */
static void *aimer_load(const void *reference, size_t size)
{
    if (!reference || size != sizeof(aimer_pkey *)) return NULL;
    aimer_pkey **ref = (aimer_pkey **)reference;
    aimer_pkey *key = *ref;
    *ref = NULL;
    return key;
}

/* Key generation: the set is the algorithm, nothing to set. */
typedef struct aimer_gen {
    const lwcx_prov *prov;
    lwcx_aimer_set set;
} aimer_gen;

static void *aimer_gen_init(void *provctx, lwcx_aimer_set set, int selection)
{
    if (!(selection & OSSL_KEYMGMT_SELECT_KEYPAIR)) return NULL;
    aimer_gen *g = calloc(1, sizeof *g);
    if (!g) return NULL;
    g->prov = provctx;
    g->set = set;
    return g;
}

static void *aimer_gen_run(void *vg, OSSL_CALLBACK *cb, void *cbarg)
{
    (void)cb, (void)cbarg; /* no progress to report: one call */
    aimer_gen *g = vg;
    if (!g) return NULL;
    aimer_pkey *key = aimer_new((void *)g->prov, g->set);
    if (!key) return NULL;
    uint8_t pk[LWCX_AIMER_MAX_PK_BYTES], sk[LWCX_AIMER_MAX_SK_BYTES];
    const int rc = lwcx_aimer_keygen(g->set, pk, sk);
    if (rc != LWCX_OK) {
        lwcx_prov_err(g->prov, LWCX_PROV_R_LIBRARY, "%s key generation: %s", lwcx_aimer_name(g->set),
                      lwcx_strerror(rc));
        aimer_free(key);
        key = NULL;
    } else if (!aimer_set_key(key, pk, sk)) {
        aimer_free(key);
        key = NULL;
    }
    lwcx_wipe(sk, sizeof sk);
    return key;
}

static void aimer_gen_cleanup(void *vg)
{
    free(vg);
}

/* ---- signature -------------------------------------------------------------- */

typedef struct aimer_sig {
    const lwcx_prov *prov;
    aimer_pkey *key; /* the EVP_PKEY's, which outlives the operation */
    uint8_t *msg;    /* the message gathered by the update calls */
    size_t len, cap;
} aimer_sig;

static void *sig_newctx(void *provctx, const char *propq)
{
    (void)propq; /* nothing is fetched */
    aimer_sig *s = calloc(1, sizeof *s);
    if (s) s->prov = provctx;
    return s;
}

static void drop_msg(aimer_sig *s)
{
    if (s->msg) lwcx_wipe(s->msg, s->cap);
    free(s->msg);
    s->msg = NULL;
    s->len = s->cap = 0;
}

static void sig_freectx(void *vs)
{
    aimer_sig *s = vs;
    if (!s) return;
    drop_msg(s);
    free(s);
}

static void *sig_dupctx(void *vs)
{
    const aimer_sig *s = vs;
    aimer_sig *d = calloc(1, sizeof *d);
    if (!d) return NULL;
    *d = *s;
    d->msg = NULL;
    d->len = d->cap = 0;
    if (s->len) {
        if (!(d->msg = malloc(s->len))) {
            free(d);
            return NULL;
        }
        memcpy(d->msg, s->msg, s->len);
        d->len = d->cap = s->len;
    }
    return d;
}

static int sig_init(aimer_sig *s, void *provkey, int signing, const char *mdname)
{
    if (!s) return 0;
    drop_msg(s);
    aimer_pkey *key = provkey ? provkey : s->key; /* NULL: the same key again */
    if (mdname && *mdname) {
        lwcx_prov_err(s->prov, LWCX_PROV_R_BAD_PARAM, "AIMer signs the message itself: no digest (%s given)",
                      mdname);
        return 0;
    }
    if (!key || !key->has_pk || (signing && !key->has_sk)) {
        lwcx_prov_err(s->prov, LWCX_PROV_R_NO_PRIVATE_KEY, "%s: %s", key ? lwcx_aimer_name(key->set) : "AIMer",
                      signing ? "signing needs the private key" : "verifying needs the public key");
        return 0;
    }
    s->key = key;
    return 1;
}

static int sig_sign_init(void *vs, void *provkey, const OSSL_PARAM params[])
{
    (void)params;
    return sig_init(vs, provkey, 1, NULL);
}

static int sig_verify_init(void *vs, void *provkey, const OSSL_PARAM params[])
{
    (void)params;
    return sig_init(vs, provkey, 0, NULL);
}

static int sig_dsign_init(void *vs, const char *mdname, void *provkey, const OSSL_PARAM params[])
{
    (void)params;
    return sig_init(vs, provkey, 1, mdname);
}

static int sig_dverify_init(void *vs, const char *mdname, void *provkey, const OSSL_PARAM params[])
{
    (void)params;
    return sig_init(vs, provkey, 0, mdname);
}

static int sig_sign(void *vs, unsigned char *sig, size_t *siglen, size_t sigsize, const unsigned char *tbs,
                    size_t tbslen)
{
    aimer_sig *s = vs;
    if (!s || !s->key) return 0;
    const size_t need = lwcx_aimer_sig_bytes(s->key->set);
    if (!sig) { /* the size, asked first */
        *siglen = need;
        return 1;
    }
    if (sigsize < need) {
        lwcx_prov_err(s->prov, LWCX_PROV_R_BAD_LENGTH, "%s: %zu bytes for a %zu-byte signature",
                      lwcx_aimer_name(s->key->set), sigsize, need);
        return 0;
    }
    const int rc = lwcx_aimer_key_sign(s->key->k, sig, tbs, tbslen);
    if (rc != LWCX_OK) {
        lwcx_prov_err(s->prov, LWCX_PROV_R_LIBRARY, "%s signing: %s", lwcx_aimer_name(s->key->set), lwcx_strerror(rc));
        return 0;
    }
    *siglen = need;
    return 1;
}

static int sig_verify(void *vs, const unsigned char *sig, size_t siglen, const unsigned char *tbs, size_t tbslen)
{
    aimer_sig *s = vs;
    if (!s || !s->key) return 0;
    const int rc = lwcx_aimer_key_verify(s->key->k, sig, siglen, tbs, tbslen);
    if (rc == LWCX_OK) return 1;
    lwcx_prov_err(s->prov, rc == LWCX_ERR_AUTH || rc == LWCX_ERR_LENGTH ? LWCX_PROV_R_BAD_SIGNATURE : LWCX_PROV_R_LIBRARY, "%s: %s",
                  lwcx_aimer_name(s->key->set),
                  rc == LWCX_ERR_AUTH     ? "the signature does not verify"
                  : rc == LWCX_ERR_LENGTH ? "a signature of the wrong length"
                                          : lwcx_strerror(rc));
    return 0;
}

static int sig_update(void *vs, const unsigned char *data, size_t len)
{
    aimer_sig *s = vs;
    if (!s || !s->key) return 0;
    if (!len) return 1;
    if (len > SIZE_MAX / 2 - s->len) goto nomem;
    if (s->len + len > s->cap) {
        size_t cap = s->cap ? s->cap : 4096;
        while (cap < s->len + len) cap *= 2;
        uint8_t *m = malloc(cap);
        if (!m) goto nomem;
        /* a fresh buffer, so that the old one can be wiped */
        if (s->len) memcpy(m, s->msg, s->len);
        if (s->msg) lwcx_wipe(s->msg, s->cap);
        free(s->msg);
        s->msg = m;
        s->cap = cap;
    }
    memcpy(s->msg + s->len, data, len);
    s->len += len;
    return 1;
nomem:
    lwcx_prov_err(s->prov, LWCX_PROV_R_LIBRARY, "AIMer: no memory for a message of %zu bytes", s->len + len);
    return 0;
}

static int sig_dsign_final(void *vs, unsigned char *sig, size_t *siglen, size_t sigsize)
{
    aimer_sig *s = vs;
    return s && sig_sign(s, sig, siglen, sigsize, s->msg, s->len);
}

static int sig_dverify_final(void *vs, const unsigned char *sig, size_t siglen)
{
    aimer_sig *s = vs;
    return s && sig_verify(s, sig, siglen, s->msg, s->len);
}

/* What X.509 signing asks: the AlgorithmIdentifier to put in the
 * certificate (or request) beside the signature. */
static int sig_get_ctx_params(void *vs, OSSL_PARAM params[])
{
    aimer_sig *s = vs;
    OSSL_PARAM *p;
    if (!s) return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_SIGNATURE_PARAM_ALGORITHM_ID))) {
        unsigned char *der = NULL;
        const int n = s->key ? aimer_algorithm_id(s->key->set, &der) : -1;
        const int ok = n > 0 && OSSL_PARAM_set_octet_string(p, der, (size_t)n);
        OPENSSL_free(der);
        if (!ok) return 0;
    }
    return 1;
}

static const OSSL_PARAM *sig_gettable_ctx_params(void *vs, void *provctx)
{
    (void)vs, (void)provctx;
    static const OSSL_PARAM params[] = {OSSL_PARAM_octet_string(OSSL_SIGNATURE_PARAM_ALGORITHM_ID, NULL, 0),
                                        OSSL_PARAM_END};
    return params;
}

static const OSSL_DISPATCH aimer_signature_functions[] = {
    {OSSL_FUNC_SIGNATURE_NEWCTX, (void (*)(void))sig_newctx},
    {OSSL_FUNC_SIGNATURE_FREECTX, (void (*)(void))sig_freectx},
    {OSSL_FUNC_SIGNATURE_DUPCTX, (void (*)(void))sig_dupctx},
    {OSSL_FUNC_SIGNATURE_SIGN_INIT, (void (*)(void))sig_sign_init},
    {OSSL_FUNC_SIGNATURE_SIGN, (void (*)(void))sig_sign},
    {OSSL_FUNC_SIGNATURE_VERIFY_INIT, (void (*)(void))sig_verify_init},
    {OSSL_FUNC_SIGNATURE_VERIFY, (void (*)(void))sig_verify},
    {OSSL_FUNC_SIGNATURE_DIGEST_SIGN_INIT, (void (*)(void))sig_dsign_init},
    {OSSL_FUNC_SIGNATURE_DIGEST_SIGN_UPDATE, (void (*)(void))sig_update},
    {OSSL_FUNC_SIGNATURE_DIGEST_SIGN_FINAL, (void (*)(void))sig_dsign_final},
    {OSSL_FUNC_SIGNATURE_DIGEST_SIGN, (void (*)(void))sig_sign},
    {OSSL_FUNC_SIGNATURE_DIGEST_VERIFY_INIT, (void (*)(void))sig_dverify_init},
    {OSSL_FUNC_SIGNATURE_DIGEST_VERIFY_UPDATE, (void (*)(void))sig_update},
    {OSSL_FUNC_SIGNATURE_DIGEST_VERIFY_FINAL, (void (*)(void))sig_dverify_final},
    {OSSL_FUNC_SIGNATURE_DIGEST_VERIFY, (void (*)(void))sig_verify},
    {OSSL_FUNC_SIGNATURE_GET_CTX_PARAMS, (void (*)(void))sig_get_ctx_params},
    {OSSL_FUNC_SIGNATURE_GETTABLE_CTX_PARAMS, (void (*)(void))sig_gettable_ctx_params},
    {0, NULL}};

/* One key-management table a set. */
#define AIMER_SET(name, SET)                                                                               \
    static void *name##_new(void *provctx)                                                                 \
    {                                                                                                      \
        return aimer_new(provctx, SET);                                                                    \
    }                                                                                                      \
    static void *name##_gen_init(void *provctx, int selection, const OSSL_PARAM params[])                 \
    {                                                                                                      \
        (void)params;                                                                                      \
        return aimer_gen_init(provctx, SET, selection);                                                    \
    }                                                                                                      \
    static const OSSL_DISPATCH name##_keymgmt_functions[] = {                                              \
        {OSSL_FUNC_KEYMGMT_NEW, (void (*)(void))name##_new},                                               \
        {OSSL_FUNC_KEYMGMT_FREE, (void (*)(void))aimer_free},                                              \
        {OSSL_FUNC_KEYMGMT_HAS, (void (*)(void))aimer_has},                                                \
        {OSSL_FUNC_KEYMGMT_MATCH, (void (*)(void))aimer_match},                                            \
        {OSSL_FUNC_KEYMGMT_IMPORT, (void (*)(void))aimer_import},                                          \
        {OSSL_FUNC_KEYMGMT_IMPORT_TYPES, (void (*)(void))aimer_key_types},                                 \
        {OSSL_FUNC_KEYMGMT_EXPORT, (void (*)(void))aimer_export},                                          \
        {OSSL_FUNC_KEYMGMT_EXPORT_TYPES, (void (*)(void))aimer_key_types},                                 \
        {OSSL_FUNC_KEYMGMT_GET_PARAMS, (void (*)(void))aimer_get_params},                                  \
        {OSSL_FUNC_KEYMGMT_GETTABLE_PARAMS, (void (*)(void))aimer_gettable_params},                        \
        {OSSL_FUNC_KEYMGMT_DUP, (void (*)(void))aimer_dup},                                                \
        {OSSL_FUNC_KEYMGMT_LOAD, (void (*)(void))aimer_load},                                              \
        {OSSL_FUNC_KEYMGMT_GEN_INIT, (void (*)(void))name##_gen_init},                                     \
        {OSSL_FUNC_KEYMGMT_GEN, (void (*)(void))aimer_gen_run},                                            \
        {OSSL_FUNC_KEYMGMT_GEN_CLEANUP, (void (*)(void))aimer_gen_cleanup},                                \
        {0, NULL}};

AIMER_SET(aimer128f, LWCX_AIMER128F)
AIMER_SET(aimer128s, LWCX_AIMER128S)
AIMER_SET(aimer192f, LWCX_AIMER192F)
AIMER_SET(aimer192s, LWCX_AIMER192S)
AIMER_SET(aimer256f, LWCX_AIMER256F)
AIMER_SET(aimer256s, LWCX_AIMER256S)

const OSSL_ALGORITHM lwcx_prov_keymgmt[] = {
    {LWCX_AIMER128F_NAMES, "provider=lwcx", aimer128f_keymgmt_functions, "AIMer v2.1 aimer128f keys, lwcx"},
    {LWCX_AIMER128S_NAMES, "provider=lwcx", aimer128s_keymgmt_functions, "AIMer v2.1 aimer128s keys, lwcx"},
    {LWCX_AIMER192F_NAMES, "provider=lwcx", aimer192f_keymgmt_functions, "AIMer v2.1 aimer192f keys, lwcx"},
    {LWCX_AIMER192S_NAMES, "provider=lwcx", aimer192s_keymgmt_functions, "AIMer v2.1 aimer192s keys, lwcx"},
    {LWCX_AIMER256F_NAMES, "provider=lwcx", aimer256f_keymgmt_functions, "AIMer v2.1 aimer256f keys, lwcx"},
    {LWCX_AIMER256S_NAMES, "provider=lwcx", aimer256s_keymgmt_functions, "AIMer v2.1 aimer256s keys, lwcx"},
    {NULL, NULL, NULL, NULL}};

/* One signature implementation serves every set: the key says which. */
const OSSL_ALGORITHM lwcx_prov_signatures[] = {
    {LWCX_AIMER128F_NAMES, "provider=lwcx", aimer_signature_functions, "AIMer v2.1 aimer128f signatures, lwcx"},
    {LWCX_AIMER128S_NAMES, "provider=lwcx", aimer_signature_functions, "AIMer v2.1 aimer128s signatures, lwcx"},
    {LWCX_AIMER192F_NAMES, "provider=lwcx", aimer_signature_functions, "AIMer v2.1 aimer192f signatures, lwcx"},
    {LWCX_AIMER192S_NAMES, "provider=lwcx", aimer_signature_functions, "AIMer v2.1 aimer192s signatures, lwcx"},
    {LWCX_AIMER256F_NAMES, "provider=lwcx", aimer_signature_functions, "AIMer v2.1 aimer256f signatures, lwcx"},
    {LWCX_AIMER256S_NAMES, "provider=lwcx", aimer_signature_functions, "AIMer v2.1 aimer256s signatures, lwcx"},
    {NULL, NULL, NULL, NULL}};
