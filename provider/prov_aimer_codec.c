/* AIMer keys as files: encoders to DER and PEM (PKCS#8 PrivateKeyInfo,
 * encrypted when a cipher is set, and SubjectPublicKeyInfo) and text, and
 * decoders from DER (PEM and encrypted PKCS#8 are unwrapped by OpenSSL's
 * own decoders first). The structures themselves are lwcx's key codec
 * (lwcx_aimer_key_encode / _decode, src/core/keycodec.c), shared with the
 * command-line tool and Python: the raw key (the official layout) in an
 * OCTET STRING, inside the PKCS#8 privateKey or the SubjectPublicKeyInfo
 * BIT STRING, under Bouncy Castle's identifiers (the arc
 * LWCX_AIMER_OID_ARC, a build option), no algorithm parameters
 * (docs/openssl-provider.md). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/asn1.h>
#include <openssl/bio.h>
#include <openssl/core_names.h>
#include <openssl/core_object.h>
#include <openssl/evp.h>
#include <openssl/objects.h>
#include <openssl/params.h>
#include <openssl/pem.h>
#include <openssl/pkcs12.h>
#include <openssl/x509.h>

#include "lwcx.h"
#include "prov.h"
#include "prov_aimer.h"

ASN1_OBJECT *aimer_set_oid(lwcx_aimer_set set)
{
    char txt[128];
    snprintf(txt, sizeof txt, "%s.%d", LWCX_AIMER_OID_ARC, (int)set + 1);
    return OBJ_txt2obj(txt, 1);
}

/* The DER AlgorithmIdentifier of the set's signatures: its identifier, no
 * parameters (*der to OPENSSL_free). */
int aimer_algorithm_id(lwcx_aimer_set set, unsigned char **der)
{
    X509_ALGOR *a = X509_ALGOR_new();
    ASN1_OBJECT *oid = aimer_set_oid(set);
    int n = -1;
    if (a && oid && X509_ALGOR_set0(a, oid, V_ASN1_UNDEF, NULL)) {
        oid = NULL; /* a owns it */
        n = i2d_X509_ALGOR(a, der);
    }
    ASN1_OBJECT_free(oid);
    X509_ALGOR_free(a);
    return n;
}

/* ---- encoders ------------------------------------------------------------- */

typedef struct aimer_enc {
    const lwcx_prov *prov;
    EVP_CIPHER *cipher; /* set: the private key is written encrypted */
} aimer_enc;

static void *enc_newctx(void *provctx)
{
    aimer_enc *e = calloc(1, sizeof *e);
    if (e) e->prov = provctx;
    return e;
}

static void enc_freectx(void *ve)
{
    aimer_enc *e = ve;
    if (!e) return;
    EVP_CIPHER_free(e->cipher);
    free(e);
}

static int enc_set_ctx_params(void *ve, const OSSL_PARAM params[])
{
    aimer_enc *e = ve;
    const OSSL_PARAM *p;
    const char *name = NULL, *props = NULL;
    if ((p = OSSL_PARAM_locate_const(params, OSSL_ENCODER_PARAM_PROPERTIES)) && !OSSL_PARAM_get_utf8_string_ptr(p, &props))
        return 0;
    if ((p = OSSL_PARAM_locate_const(params, OSSL_ENCODER_PARAM_CIPHER))) {
        if (!OSSL_PARAM_get_utf8_string_ptr(p, &name)) return 0;
        EVP_CIPHER_free(e->cipher);
        e->cipher = NULL;
        if (name && !(e->cipher = EVP_CIPHER_fetch(e->prov->libctx, name, props))) {
            lwcx_prov_err(e->prov, LWCX_PROV_R_BAD_PARAM, "AIMer key encryption: no cipher '%s'", name);
            return 0;
        }
    }
    return 1;
}

static const OSSL_PARAM *enc_settable_ctx_params(void *provctx)
{
    (void)provctx;
    static const OSSL_PARAM params[] = {OSSL_PARAM_utf8_string(OSSL_ENCODER_PARAM_CIPHER, NULL, 0),
                                        OSSL_PARAM_utf8_string(OSSL_ENCODER_PARAM_PROPERTIES, NULL, 0),
                                        OSSL_PARAM_END};
    return params;
}

/* The key's DER or PEM from lwcx's codec (lwcx_aimer_key_encode): the raw
 * key's structure is written once, in the library. priv: the secret key.
 * The length, or 0; *out to OPENSSL_clear_free. */
static size_t lib_encode(const aimer_pkey *key, int priv, lwcx_key_encoding enc, unsigned char **out)
{
    const uint8_t *raw = priv ? key->sk : key->pk;
    const size_t len = priv ? lwcx_aimer_sk_bytes(key->set) : lwcx_aimer_pk_bytes(key->set);
    size_t n = 0;
    *out = NULL;
    if (lwcx_aimer_key_encode(key->set, raw, len, enc, NULL, 0, &n) != LWCX_ERR_LENGTH || !(*out = OPENSSL_malloc(n)))
        return 0;
    if (lwcx_aimer_key_encode(key->set, raw, len, enc, *out, n, &n) == LWCX_OK) return n;
    OPENSSL_free(*out);
    *out = NULL;
    return 0;
}

/* A passphrase for encryption, through the caller's callback. */
static int passphrase(const aimer_enc *e, OSSL_PASSPHRASE_CALLBACK *cb, void *cbarg, char *buf, size_t cap,
                      size_t *len)
{
    OSSL_PARAM params[] = {OSSL_PARAM_construct_utf8_string(OSSL_PASSPHRASE_PARAM_INFO, (char *)"AIMer private key", 0),
                           OSSL_PARAM_construct_end()};
    if (!cb || !cb(buf, cap, len, params, cbarg)) {
        lwcx_prov_err(e->prov, LWCX_PROV_R_BAD_PARAM, "AIMer key encryption: no passphrase");
        return 0;
    }
    return 1;
}

/* PKCS#8 PrivateKeyInfo, encrypted (EncryptedPrivateKeyInfo) if a cipher
 * is set: then the library's DER is parsed back for OpenSSL to encrypt. */
static int encode_private(aimer_enc *e, BIO *out, const aimer_pkey *key, int pem, OSSL_PASSPHRASE_CALLBACK *cb,
                          void *cbarg)
{
    unsigned char *enc = NULL;
    const size_t n = lib_encode(key, 1, !e->cipher && pem ? LWCX_KEY_PEM : LWCX_KEY_DER, &enc);
    int ok = 0;
    if (n && !e->cipher) {
        ok = BIO_write(out, enc, (int)n) == (int)n;
    } else if (n) {
        const unsigned char *p = enc;
        PKCS8_PRIV_KEY_INFO *p8 = d2i_PKCS8_PRIV_KEY_INFO(NULL, &p, (long)n);
        char pass[1024];
        size_t passlen = 0;
        if (p8 && passphrase(e, cb, cbarg, pass, sizeof pass, &passlen)) {
            X509_SIG *sig = PKCS8_encrypt_ex(-1, e->cipher, pass, (int)passlen, NULL, 0, 0, p8, e->prov->libctx, NULL);
            ok = sig && (pem ? PEM_write_bio_PKCS8(out, sig) : i2d_PKCS8_bio(out, sig));
            X509_SIG_free(sig);
        }
        OPENSSL_cleanse(pass, sizeof pass);
        PKCS8_PRIV_KEY_INFO_free(p8); /* clears the key bytes it holds */
    }
    OPENSSL_clear_free(enc, n);
    return ok;
}

static int encode_public(BIO *out, const aimer_pkey *key, int pem)
{
    unsigned char *enc = NULL;
    const size_t n = lib_encode(key, 0, pem ? LWCX_KEY_PEM : LWCX_KEY_DER, &enc);
    const int ok = n && BIO_write(out, enc, (int)n) == (int)n;
    OPENSSL_free(enc);
    return ok;
}

static int hex_lines(BIO *out, const char *label, const uint8_t *p, size_t len)
{
    if (BIO_printf(out, "%s:", label) <= 0) return 0;
    for (size_t i = 0; i < len; i++)
        if (BIO_printf(out, "%s%02x%s", i % 15 == 0 ? "\n    " : "", p[i], i + 1 < len ? ":" : "") <= 0) return 0;
    return BIO_printf(out, "\n") > 0;
}

static int encode_text(BIO *out, const aimer_pkey *key, int selection)
{
    const int priv = (selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) && key->has_sk;
    if (BIO_printf(out, "%s %s key:\n", lwcx_aimer_name(key->set), priv ? "Private" : "Public") <= 0) return 0;
    if (priv && !hex_lines(out, "priv (pt || pk)", key->sk, lwcx_aimer_sk_bytes(key->set))) return 0;
    return key->has_pk && hex_lines(out, "pub (IV || ct)", key->pk, lwcx_aimer_pk_bytes(key->set));
}

enum { OUT_DER, OUT_PEM, OUT_TEXT };
enum { ST_PRIVATE, ST_PUBLIC, ST_TEXT };

static int encode(void *ve, OSSL_CORE_BIO *cout, const void *obj, const OSSL_PARAM abstract[], int selection,
                  OSSL_PASSPHRASE_CALLBACK *cb, void *cbarg, int structure, int output)
{
    aimer_enc *e = ve;
    const aimer_pkey *key = obj;
    if (abstract || !key) { /* a key of another provider's: not ours to write */
        lwcx_prov_err(e->prov, LWCX_PROV_R_BAD_PARAM, "AIMer encoder: not an lwcx key");
        return 0;
    }
    if ((structure == ST_PRIVATE && !key->has_sk) || !key->has_pk) {
        lwcx_prov_err(e->prov, LWCX_PROV_R_NO_PRIVATE_KEY, "%s: no %s key to write", lwcx_aimer_name(key->set),
                      structure == ST_PRIVATE ? "private" : "public");
        return 0;
    }
    BIO *out = BIO_new_from_core_bio(e->prov->libctx, cout);
    if (!out) return 0;
    const int ok = structure == ST_PRIVATE  ? encode_private(e, out, key, output == OUT_PEM, cb, cbarg)
                   : structure == ST_PUBLIC ? encode_public(out, key, output == OUT_PEM)
                                            : encode_text(out, key, selection);
    BIO_free(out);
    return ok;
}

static int enc_private_does(void *provctx, int selection)
{
    (void)provctx;
    return selection == 0 || (selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY);
}

static int enc_public_does(void *provctx, int selection)
{
    (void)provctx;
    return selection == 0 ||
           (!(selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) && (selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY));
}

static int enc_text_does(void *provctx, int selection)
{
    (void)provctx;
    return selection == 0 || (selection & OSSL_KEYMGMT_SELECT_KEYPAIR);
}

#define ENCODER(name, ST, OUT, DOES)                                                                        \
    static int name##_encode(void *ve, OSSL_CORE_BIO *cout, const void *obj, const OSSL_PARAM abstract[],   \
                             int selection, OSSL_PASSPHRASE_CALLBACK *cb, void *cbarg)                       \
    {                                                                                                      \
        return encode(ve, cout, obj, abstract, selection, cb, cbarg, ST, OUT);                             \
    }                                                                                                      \
    static const OSSL_DISPATCH name##_functions[] = {                                                      \
        {OSSL_FUNC_ENCODER_NEWCTX, (void (*)(void))enc_newctx},                                            \
        {OSSL_FUNC_ENCODER_FREECTX, (void (*)(void))enc_freectx},                                          \
        {OSSL_FUNC_ENCODER_SET_CTX_PARAMS, (void (*)(void))enc_set_ctx_params},                            \
        {OSSL_FUNC_ENCODER_SETTABLE_CTX_PARAMS, (void (*)(void))enc_settable_ctx_params},                  \
        {OSSL_FUNC_ENCODER_DOES_SELECTION, (void (*)(void))DOES},                                          \
        {OSSL_FUNC_ENCODER_ENCODE, (void (*)(void))name##_encode},                                         \
        {0, NULL}};

ENCODER(pki_der, ST_PRIVATE, OUT_DER, enc_private_does)
ENCODER(pki_pem, ST_PRIVATE, OUT_PEM, enc_private_does)
ENCODER(spki_der, ST_PUBLIC, OUT_DER, enc_public_does)
ENCODER(spki_pem, ST_PUBLIC, OUT_PEM, enc_public_does)
ENCODER(text, ST_TEXT, OUT_TEXT, enc_text_does)

#define ENCODERS_OF(NAME)                                                                                  \
    {NAME, "provider=lwcx,output=der,structure=PrivateKeyInfo", pki_der_functions, NULL},                  \
        {NAME, "provider=lwcx,output=pem,structure=PrivateKeyInfo", pki_pem_functions, NULL},              \
        {NAME, "provider=lwcx,output=der,structure=SubjectPublicKeyInfo", spki_der_functions, NULL},       \
        {NAME, "provider=lwcx,output=pem,structure=SubjectPublicKeyInfo", spki_pem_functions, NULL},       \
        {NAME, "provider=lwcx,output=text", text_functions, NULL},

const OSSL_ALGORITHM lwcx_prov_encoders[] = {
    ENCODERS_OF(LWCX_AIMER128F_NAMES) ENCODERS_OF(LWCX_AIMER128S_NAMES) ENCODERS_OF(LWCX_AIMER192F_NAMES) ENCODERS_OF(LWCX_AIMER192S_NAMES)
        ENCODERS_OF(LWCX_AIMER256F_NAMES) ENCODERS_OF(LWCX_AIMER256S_NAMES){NULL, NULL, NULL, NULL}};

/* ---- decoders ------------------------------------------------------------- */

typedef struct aimer_dec {
    const lwcx_prov *prov;
    lwcx_aimer_set set;
} aimer_dec;

/* All of the input (a DER structure), at most a bound far above any AIMer key. */
static unsigned char *read_all(BIO *in, size_t *len)
{
    size_t cap = 4096, n = 0;
    unsigned char *buf = malloc(cap);
    while (buf) {
        if (n == cap) {
            if (cap >= (1u << 20)) break;
            unsigned char *b = realloc(buf, cap * 2);
            if (!b) break;
            buf = b, cap *= 2;
        }
        const int r = BIO_read(in, buf + n, (int)(cap - n));
        if (r <= 0) {
            *len = n;
            return buf;
        }
        n += (size_t)r;
    }
    free(buf);
    return NULL;
}

/* Whether the DER holds this decoder's identifier (its bytes anywhere in
 * it): a malformed key of this set is then an error to report, rather
 * than another algorithm's key to leave to the next decoder. */
static int is_set_der(const aimer_dec *d, const unsigned char *der, size_t len)
{
    ASN1_OBJECT *oid = aimer_set_oid(d->set);
    unsigned char *enc = NULL;
    const int n = oid ? i2d_ASN1_OBJECT(oid, &enc) : -1;
    int found = 0;
    for (size_t i = 0; n > 0 && !found && i + (size_t)n <= len; i++) found = memcmp(der + i, enc, (size_t)n) == 0;
    OPENSSL_free(enc);
    ASN1_OBJECT_free(oid);
    return found;
}

/* Hands the key to OpenSSL by reference (the key manager's load takes it). */
static int give(const aimer_dec *d, aimer_pkey *key, OSSL_CALLBACK *cb, void *cbarg)
{
    int type = OSSL_OBJECT_PKEY;
    /* the construct calls: a string's size is its length */
    OSSL_PARAM params[] = {OSSL_PARAM_construct_int(OSSL_OBJECT_PARAM_TYPE, &type),
                           OSSL_PARAM_construct_utf8_string(OSSL_OBJECT_PARAM_DATA_TYPE,
                                                            (char *)lwcx_aimer_oname(d->set), 0),
                           OSSL_PARAM_construct_octet_string(OSSL_OBJECT_PARAM_REFERENCE, &key, sizeof key),
                           OSSL_PARAM_construct_end()};
    const int ok = cb(params, cbarg);
    /* load cleared the reference if it took the key */
    if (key) aimer_free(key);
    return ok;
}

/* The structure (PrivateKeyInfo or SubjectPublicKeyInfo) is decoded by
 * lwcx's codec; a structure of another algorithm or set is not ours (1, no
 * object: the next decoder tries), a malformed one of this set an error. */
static int decode(void *vd, OSSL_CORE_BIO *cin, int selection, OSSL_CALLBACK *cb, void *cbarg, int private)
{
    aimer_dec *d = vd;
    BIO *in = BIO_new_from_core_bio(d->prov->libctx, cin);
    size_t len = 0, rawlen = 0;
    unsigned char *der = in ? read_all(in, &len) : NULL;
    BIO_free(in);
    if (!der) return 0;
    const int wanted = selection == 0 || (selection & (private ? OSSL_KEYMGMT_SELECT_PRIVATE_KEY
                                                               : OSSL_KEYMGMT_SELECT_PUBLIC_KEY));
    int ok = 1; /* not ours: no object, and the next decoder tries */
    uint8_t raw[LWCX_AIMER_MAX_SK_BYTES];
    lwcx_aimer_set set = d->set;
    aimer_pkey *key = NULL;
    const int rc = wanted ? lwcx_aimer_key_decode(der, len, &set, raw, sizeof raw, &rawlen) : LWCX_ERR_NO_IMPL;
    const size_t skb = lwcx_aimer_sk_bytes(d->set), pkb = lwcx_aimer_pk_bytes(d->set);
    if (rc == LWCX_OK && set == d->set && (rawlen == skb) == private) {
        ok = (key = aimer_new((void *)d->prov, d->set)) &&
             aimer_set_key(key, private ? raw + skb - pkb : raw, private ? raw : NULL);
    } else if (rc == LWCX_ERR_FORMAT && is_set_der(d, der, len)) {
        lwcx_prov_err(d->prov, LWCX_PROV_R_BAD_LENGTH, "%s: a malformed %s key (%zu raw bytes expected)",
                      lwcx_aimer_name(d->set), private ? "private" : "public", private ? skb : pkb);
        ok = 0;
    }
    lwcx_wipe(raw, sizeof raw);
    lwcx_wipe(der, len); /* it may hold a private key */
    free(der);
    if (!ok) {
        aimer_free(key);
        return 0;
    }
    return key ? give(d, key, cb, cbarg) : 1;
}

static int dec_private(void *vd, OSSL_CORE_BIO *cin, int selection, OSSL_CALLBACK *cb, void *cbarg,
                       OSSL_PASSPHRASE_CALLBACK *pw, void *pwarg)
{
    (void)pw, (void)pwarg; /* decrypted before it comes here */
    return decode(vd, cin, selection, cb, cbarg, 1);
}

static int dec_public(void *vd, OSSL_CORE_BIO *cin, int selection, OSSL_CALLBACK *cb, void *cbarg,
                      OSSL_PASSPHRASE_CALLBACK *pw, void *pwarg)
{
    (void)pw, (void)pwarg;
    return decode(vd, cin, selection, cb, cbarg, 0);
}

static void dec_freectx(void *vd)
{
    free(vd);
}

/* When the key manager that takes the key is not this provider's (the
 * file store asks through its own), the key goes over as parameters. */
static int dec_export_object(void *vd, const void *reference, size_t size, OSSL_CALLBACK *cb, void *cbarg)
{
    (void)vd;
    if (!reference || size != sizeof(aimer_pkey *)) return 0;
    aimer_pkey *key = *(aimer_pkey *const *)reference;
    return key && aimer_export(key, OSSL_KEYMGMT_SELECT_KEYPAIR, cb, cbarg);
}

#define DECODERS(name, SET)                                                                                \
    static void *name##_dec_newctx(void *provctx)                                                          \
    {                                                                                                      \
        aimer_dec *d = calloc(1, sizeof *d);                                                               \
        if (d) d->prov = provctx, d->set = SET;                                                            \
        return d;                                                                                          \
    }                                                                                                      \
    static const OSSL_DISPATCH name##_pki_dec_functions[] = {                                              \
        {OSSL_FUNC_DECODER_NEWCTX, (void (*)(void))name##_dec_newctx},                                     \
        {OSSL_FUNC_DECODER_FREECTX, (void (*)(void))dec_freectx},                                          \
        {OSSL_FUNC_DECODER_DOES_SELECTION, (void (*)(void))enc_private_does},                              \
        {OSSL_FUNC_DECODER_DECODE, (void (*)(void))dec_private},                                           \
        {OSSL_FUNC_DECODER_EXPORT_OBJECT, (void (*)(void))dec_export_object},                              \
        {0, NULL}};                                                                                        \
    static const OSSL_DISPATCH name##_spki_dec_functions[] = {                                             \
        {OSSL_FUNC_DECODER_NEWCTX, (void (*)(void))name##_dec_newctx},                                     \
        {OSSL_FUNC_DECODER_FREECTX, (void (*)(void))dec_freectx},                                          \
        {OSSL_FUNC_DECODER_DOES_SELECTION, (void (*)(void))enc_public_does},                               \
        {OSSL_FUNC_DECODER_DECODE, (void (*)(void))dec_public},                                            \
        {OSSL_FUNC_DECODER_EXPORT_OBJECT, (void (*)(void))dec_export_object},                              \
        {0, NULL}};

DECODERS(aimer128f, LWCX_AIMER128F)
DECODERS(aimer128s, LWCX_AIMER128S)
DECODERS(aimer192f, LWCX_AIMER192F)
DECODERS(aimer192s, LWCX_AIMER192S)
DECODERS(aimer256f, LWCX_AIMER256F)
DECODERS(aimer256s, LWCX_AIMER256S)

#define DECODERS_OF(NAME, name)                                                                            \
    {NAME, "provider=lwcx,input=der,structure=PrivateKeyInfo", name##_pki_dec_functions, NULL},            \
        {NAME, "provider=lwcx,input=der,structure=SubjectPublicKeyInfo", name##_spki_dec_functions, NULL},

const OSSL_ALGORITHM lwcx_prov_decoders[] = {
    DECODERS_OF(LWCX_AIMER128F_NAMES, aimer128f) DECODERS_OF(LWCX_AIMER128S_NAMES, aimer128s) DECODERS_OF(LWCX_AIMER192F_NAMES, aimer192f)
        DECODERS_OF(LWCX_AIMER192S_NAMES, aimer192s) DECODERS_OF(LWCX_AIMER256F_NAMES, aimer256f)
            DECODERS_OF(LWCX_AIMER256S_NAMES, aimer256s){NULL, NULL, NULL, NULL}};
