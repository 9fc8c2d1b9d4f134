/* Schwaemm128-128, 256-128, 192-192 and 256-256 as OpenSSL AEAD ciphers,
 * over lwcx's incremental Schwaemm calls.
 *
 * Decryption follows EVP's AEAD convention, as AES-GCM's does:
 * EVP_DecryptUpdate returns plaintext as it goes, before the tag is
 * checked, and EVP_DecryptFinal_ex fails when the tag is wrong. A caller
 * must then discard every byte EVP_DecryptUpdate gave it. lwcx's
 * lwcx_schwaemm_decrypt_update works this way too (its one-shot
 * lwcx_schwaemm_decrypt and the lwcx tool keep the stronger guarantee of
 * releasing nothing unauthenticated); see docs/openssl-provider.md.
 *
 * The key and nonce may arrive in separate init calls (EVP's usual
 * pattern: the cipher first, then the key and IV), so the lwcx context is
 * started at the first data, associated or not, or at final. A nonce is
 * used for one message: after final a new IV must be set before the next
 * one, as OpenSSL's GCM asks. */
#include <stdlib.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/params.h>

#include "lwcx.h"
#include "prov.h"

typedef struct swm_ctx {
    const lwcx_prov *prov;
    lwcx_schwaemm_variant v;
    int enc;       /* encrypting (1) or decrypting (0) */
    int key_set;   /* key holds the key */
    int nonce_set; /* nonce holds an unused nonce */
    int started;   /* c is initialised with them */
    int tag_set;   /* decryption: tag holds the expected tag */
    int tag_ready; /* encryption: tag holds the finished message's tag */
    uint8_t key[LWCX_SCHWAEMM_MAX_KEY_BYTES];
    uint8_t nonce[LWCX_SCHWAEMM_MAX_NONCE_BYTES];
    uint8_t tag[LWCX_SCHWAEMM_MAX_TAG_BYTES];
    lwcx_schwaemm_ctx c;
} swm_ctx;

static const char *name_of(const swm_ctx *s)
{
    return lwcx_schwaemm_name(s->v);
}

static void *swm_newctx(void *provctx, lwcx_schwaemm_variant v)
{
    swm_ctx *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    s->prov = provctx;
    s->v = v;
    return s;
}

static void swm_freectx(void *vs)
{
    swm_ctx *s = vs;
    if (!s) return;
    lwcx_wipe(s, sizeof *s); /* the key, and a context that may hold it */
    free(s);
}

/* EVP_CIPHER_CTX_copy: the copy continues the message under way (and holds
 * the key) independently of the source. */
static void *swm_dupctx(void *vs)
{
    const swm_ctx *src = vs;
    swm_ctx *s = src ? malloc(sizeof *s) : NULL;
    if (!s) return NULL;
    *s = *src;
    if (src->started && lwcx_schwaemm_copy(&s->c, &src->c) != LWCX_OK) {
        lwcx_wipe(s, sizeof *s);
        free(s);
        return NULL;
    }
    return s;
}

/* Drops a message under way: its context holds the key. */
static void abandon(swm_ctx *s)
{
    if (s->started) lwcx_wipe(&s->c, sizeof s->c);
    s->started = 0;
}

static int swm_set_ctx_params(void *vs, const OSSL_PARAM params[])
{
    swm_ctx *s = vs;
    const OSSL_PARAM *p;
    if (!s || !params) return 1;
    const size_t tagbytes = lwcx_schwaemm_tag_bytes(s->v);
    if ((p = OSSL_PARAM_locate_const(params, OSSL_CIPHER_PARAM_AEAD_TAG))) {
        if (s->enc) {
            lwcx_prov_err(s->prov, LWCX_PROV_R_ORDER, "%s: a tag is set for decryption only", name_of(s));
            return 0;
        }
        /* no truncated tags: each byte less halves an attacker's work */
        if (p->data_type != OSSL_PARAM_OCTET_STRING || p->data_size != tagbytes) {
            lwcx_prov_err(s->prov, LWCX_PROV_R_BAD_LENGTH, "%s: the tag is %zu bytes, not %zu", name_of(s),
                          tagbytes, p->data_size);
            return 0;
        }
        /* no data: EVP's way of setting only the tag's length, which is fixed */
        if (p->data) {
            memcpy(s->tag, p->data, tagbytes);
            s->tag_set = 1;
        }
    }
    if ((p = OSSL_PARAM_locate_const(params, OSSL_CIPHER_PARAM_AEAD_IVLEN))) {
        size_t len;
        if (!OSSL_PARAM_get_size_t(p, &len) || len != lwcx_schwaemm_nonce_bytes(s->v)) {
            lwcx_prov_err(s->prov, LWCX_PROV_R_BAD_LENGTH, "%s: the nonce (IV) is %zu bytes", name_of(s),
                          lwcx_schwaemm_nonce_bytes(s->v));
            return 0;
        }
    }
    if ((p = OSSL_PARAM_locate_const(params, OSSL_CIPHER_PARAM_KEYLEN))) {
        size_t len;
        if (!OSSL_PARAM_get_size_t(p, &len) || len != lwcx_schwaemm_key_bytes(s->v)) {
            lwcx_prov_err(s->prov, LWCX_PROV_R_BAD_LENGTH, "%s: the key is %zu bytes", name_of(s),
                          lwcx_schwaemm_key_bytes(s->v));
            return 0;
        }
    }
    return 1;
}

static int swm_init(swm_ctx *s, int enc, const unsigned char *key, size_t keylen, const unsigned char *iv,
                    size_t ivlen, const OSSL_PARAM params[])
{
    if (!s) return 0;
    abandon(s);
    s->enc = enc;
    s->tag_set = s->tag_ready = 0;
    if (key) {
        if (keylen != lwcx_schwaemm_key_bytes(s->v)) {
            lwcx_prov_err(s->prov, LWCX_PROV_R_BAD_LENGTH, "%s: a %zu-byte key, not %zu", name_of(s),
                          lwcx_schwaemm_key_bytes(s->v), keylen);
            return 0;
        }
        memcpy(s->key, key, keylen);
        s->key_set = 1;
    }
    if (iv) {
        if (ivlen != lwcx_schwaemm_nonce_bytes(s->v)) {
            lwcx_prov_err(s->prov, LWCX_PROV_R_BAD_LENGTH, "%s: a %zu-byte nonce (IV), not %zu", name_of(s),
                          lwcx_schwaemm_nonce_bytes(s->v), ivlen);
            return 0;
        }
        memcpy(s->nonce, iv, ivlen);
        s->nonce_set = 1;
    }
    return swm_set_ctx_params(s, params);
}

static int swm_einit(void *vs, const unsigned char *key, size_t keylen, const unsigned char *iv, size_t ivlen,
                     const OSSL_PARAM params[])
{
    return swm_init(vs, 1, key, keylen, iv, ivlen, params);
}

static int swm_dinit(void *vs, const unsigned char *key, size_t keylen, const unsigned char *iv, size_t ivlen,
                     const OSSL_PARAM params[])
{
    return swm_init(vs, 0, key, keylen, iv, ivlen, params);
}

/* Starts the message's lwcx context if it is not yet: 0 (with an error)
 * without a key or an unused nonce. */
static int start(swm_ctx *s)
{
    if (s->started) return 1;
    if (!s->key_set || !s->nonce_set) {
        lwcx_prov_err(s->prov, LWCX_PROV_R_NO_KEY, "%s: %s", name_of(s),
                      !s->key_set ? "no key set"
                                  : "no nonce (IV) set: each message needs a new one, set by an init call");
        return 0;
    }
    const int rc = lwcx_schwaemm_init(&s->c, s->v, s->key, s->nonce);
    if (rc != LWCX_OK) {
        lwcx_prov_err(s->prov, LWCX_PROV_R_LIBRARY, "%s: %s", name_of(s), lwcx_strerror(rc));
        return 0;
    }
    /* the nonce now belongs to this message */
    lwcx_wipe(s->nonce, sizeof s->nonce);
    s->nonce_set = 0;
    s->started = 1;
    return 1;
}

/* out == NULL: associated data (before the message, any number of calls);
 * otherwise inl bytes of the message, all written to out at once. */
static int swm_update(void *vs, unsigned char *out, size_t *outl, size_t outsize, const unsigned char *in,
                      size_t inl)
{
    swm_ctx *s = vs;
    if (!s || !start(s)) return 0;
    int rc;
    if (!out) {
        rc = lwcx_schwaemm_aad(&s->c, in, inl);
        if (rc == LWCX_ERR_ARG) {
            lwcx_prov_err(s->prov, LWCX_PROV_R_ORDER, "%s: associated data must come before the message",
                          name_of(s));
            return 0;
        }
    } else {
        if (outsize < inl) {
            lwcx_prov_err(s->prov, LWCX_PROV_R_BAD_LENGTH, "%s: %zu bytes of output space for %zu bytes",
                          name_of(s), outsize, inl);
            return 0;
        }
        rc = s->enc ? lwcx_schwaemm_encrypt_update(&s->c, out, in, inl)
                    : lwcx_schwaemm_decrypt_update(&s->c, out, in, inl);
    }
    if (rc != LWCX_OK) {
        lwcx_prov_err(s->prov, LWCX_PROV_R_LIBRARY, "%s: %s", name_of(s), lwcx_strerror(rc));
        return 0;
    }
    *outl = inl; /* associated data too, as OpenSSL's own AEAD ciphers count it */
    return 1;
}

static int swm_final(void *vs, unsigned char *out, size_t *outl, size_t outsize)
{
    swm_ctx *s = vs;
    (void)out, (void)outsize; /* every byte went out in update */
    if (!s) return 0;
    if (!s->enc && !s->tag_set) {
        abandon(s);
        lwcx_prov_err(s->prov, LWCX_PROV_R_NO_TAG,
                      "%s: no tag to check (EVP_CTRL_AEAD_SET_TAG before EVP_DecryptFinal_ex): "
                      "discard the plaintext",
                      name_of(s));
        return 0;
    }
    if (!start(s)) return 0;
    s->started = 0; /* final wipes the context whatever it returns */
    int rc;
    if (s->enc) {
        rc = lwcx_schwaemm_encrypt_final(&s->c, s->tag);
        s->tag_ready = rc == LWCX_OK;
    } else {
        rc = lwcx_schwaemm_decrypt_final(&s->c, s->tag);
        s->tag_set = 0;
        lwcx_wipe(s->tag, sizeof s->tag);
        if (rc == LWCX_ERR_AUTH) {
            lwcx_prov_err(s->prov, LWCX_PROV_R_TAG_MISMATCH,
                          "%s: the tag does not match: discard all the plaintext decrypted", name_of(s));
            return 0;
        }
    }
    if (rc != LWCX_OK) {
        lwcx_prov_err(s->prov, LWCX_PROV_R_LIBRARY, "%s: %s", name_of(s), lwcx_strerror(rc));
        return 0;
    }
    *outl = 0;
    return 1;
}

static int swm_get_ctx_params(void *vs, OSSL_PARAM params[])
{
    swm_ctx *s = vs;
    OSSL_PARAM *p;
    if (!s) return 0;
    const size_t tagbytes = lwcx_schwaemm_tag_bytes(s->v);
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_KEYLEN)) &&
        !OSSL_PARAM_set_size_t(p, lwcx_schwaemm_key_bytes(s->v)))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_IVLEN)) &&
        !OSSL_PARAM_set_size_t(p, lwcx_schwaemm_nonce_bytes(s->v)))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_AEAD_TAGLEN)) && !OSSL_PARAM_set_size_t(p, tagbytes))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_AEAD_TAG))) {
        if (!s->enc || !s->tag_ready) {
            lwcx_prov_err(s->prov, LWCX_PROV_R_ORDER, "%s: the tag is there after EVP_EncryptFinal_ex only",
                          name_of(s));
            return 0;
        }
        if (p->data_type != OSSL_PARAM_OCTET_STRING || p->data_size != tagbytes) {
            lwcx_prov_err(s->prov, LWCX_PROV_R_BAD_LENGTH, "%s: the tag is %zu bytes, not %zu", name_of(s),
                          tagbytes, p->data_size);
            return 0;
        }
        if (!OSSL_PARAM_set_octet_string(p, s->tag, tagbytes)) return 0;
    }
    return 1;
}

static int swm_get_params(OSSL_PARAM params[], lwcx_schwaemm_variant v)
{
    OSSL_PARAM *p;
    /* mode 0 and block size 1: a stream of bytes, as ChaCha20-Poly1305 */
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_MODE)) && !OSSL_PARAM_set_uint(p, 0)) return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_BLOCK_SIZE)) && !OSSL_PARAM_set_size_t(p, 1)) return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_KEYLEN)) &&
        !OSSL_PARAM_set_size_t(p, lwcx_schwaemm_key_bytes(v)))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_IVLEN)) &&
        !OSSL_PARAM_set_size_t(p, lwcx_schwaemm_nonce_bytes(v)))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_AEAD)) && !OSSL_PARAM_set_int(p, 1)) return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_CUSTOM_IV)) && !OSSL_PARAM_set_int(p, 1)) return 0;
    return 1;
}

static const OSSL_PARAM *swm_gettable_params(void *provctx)
{
    (void)provctx;
    static const OSSL_PARAM params[] = {
        OSSL_PARAM_uint(OSSL_CIPHER_PARAM_MODE, NULL),     OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_BLOCK_SIZE, NULL),
        OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, NULL), OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_IVLEN, NULL),
        OSSL_PARAM_int(OSSL_CIPHER_PARAM_AEAD, NULL),      OSSL_PARAM_int(OSSL_CIPHER_PARAM_CUSTOM_IV, NULL),
        OSSL_PARAM_END};
    return params;
}

static const OSSL_PARAM *swm_gettable_ctx_params(void *cctx, void *provctx)
{
    (void)cctx, (void)provctx;
    static const OSSL_PARAM params[] = {OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, NULL),
                                        OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_IVLEN, NULL),
                                        OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_AEAD_TAGLEN, NULL),
                                        OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TAG, NULL, 0),
                                        OSSL_PARAM_END};
    return params;
}

static const OSSL_PARAM *swm_settable_ctx_params(void *cctx, void *provctx)
{
    (void)cctx, (void)provctx;
    static const OSSL_PARAM params[] = {OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TAG, NULL, 0),
                                        OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_AEAD_IVLEN, NULL),
                                        OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, NULL), OSSL_PARAM_END};
    return params;
}

/* One dispatch table a variant. */
#define SWM_VARIANT(name, V)                                                                               \
    static void *name##_newctx(void *provctx)                                                              \
    {                                                                                                      \
        return swm_newctx(provctx, V);                                                                     \
    }                                                                                                      \
    static int name##_get_params(OSSL_PARAM params[])                                                      \
    {                                                                                                      \
        return swm_get_params(params, V);                                                                  \
    }                                                                                                      \
    static const OSSL_DISPATCH name##_functions[] = {                                                      \
        {OSSL_FUNC_CIPHER_NEWCTX, (void (*)(void))name##_newctx},                                          \
        {OSSL_FUNC_CIPHER_FREECTX, (void (*)(void))swm_freectx},                                           \
        {OSSL_FUNC_CIPHER_DUPCTX, (void (*)(void))swm_dupctx},                                             \
        {OSSL_FUNC_CIPHER_ENCRYPT_INIT, (void (*)(void))swm_einit},                                        \
        {OSSL_FUNC_CIPHER_DECRYPT_INIT, (void (*)(void))swm_dinit},                                        \
        {OSSL_FUNC_CIPHER_UPDATE, (void (*)(void))swm_update},                                             \
        {OSSL_FUNC_CIPHER_FINAL, (void (*)(void))swm_final},                                               \
        {OSSL_FUNC_CIPHER_GET_PARAMS, (void (*)(void))name##_get_params},                                  \
        {OSSL_FUNC_CIPHER_GETTABLE_PARAMS, (void (*)(void))swm_gettable_params},                           \
        {OSSL_FUNC_CIPHER_GET_CTX_PARAMS, (void (*)(void))swm_get_ctx_params},                             \
        {OSSL_FUNC_CIPHER_GETTABLE_CTX_PARAMS, (void (*)(void))swm_gettable_ctx_params},                   \
        {OSSL_FUNC_CIPHER_SET_CTX_PARAMS, (void (*)(void))swm_set_ctx_params},                             \
        {OSSL_FUNC_CIPHER_SETTABLE_CTX_PARAMS, (void (*)(void))swm_settable_ctx_params},                   \
        {0, NULL}};

SWM_VARIANT(swm128_128, LWCX_SCHWAEMM128_128)
SWM_VARIANT(swm256_128, LWCX_SCHWAEMM256_128)
SWM_VARIANT(swm192_192, LWCX_SCHWAEMM192_192)
SWM_VARIANT(swm256_256, LWCX_SCHWAEMM256_256)

const OSSL_ALGORITHM lwcx_prov_ciphers[] = {
    {"SCHWAEMM128-128", "provider=lwcx", swm128_128_functions, "Schwaemm128-128 AEAD (SPARKLE256), lwcx"},
    {"SCHWAEMM256-128", "provider=lwcx", swm256_128_functions, "Schwaemm256-128 AEAD (SPARKLE384), lwcx"},
    {"SCHWAEMM192-192", "provider=lwcx", swm192_192_functions, "Schwaemm192-192 AEAD (SPARKLE384), lwcx"},
    {"SCHWAEMM256-256", "provider=lwcx", swm256_256_functions, "Schwaemm256-256 AEAD (SPARKLE512), lwcx"},
    {NULL, NULL, NULL, NULL}};
