/* Esch256 and Esch384 as OpenSSL digests, XOEsch256 and XOEsch384 as XOFs
 * (their output length set by OSSL_DIGEST_PARAM_XOFLEN, which is how
 * OpenSSL 3.0's EVP_DigestFinalXOF asks for it), over lwcx's incremental
 * Esch calls. */
#include <stdlib.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/params.h>

#include "lwcx.h"
#include "prov.h"

/* Esch absorbs the message 16 bytes (its rate) at a time. */
#define ESCH_RATE 16

typedef struct esch_dctx {
    const lwcx_prov *prov;
    lwcx_esch_variant v;
    size_t xoflen; /* the XOFs' output length; the digest size for Esch */
    lwcx_esch_ctx c;
} esch_dctx;

static int is_xof(lwcx_esch_variant v)
{
    return v == LWCX_XOESCH256 || v == LWCX_XOESCH384;
}

static void *esch_newctx(void *provctx, lwcx_esch_variant v)
{
    esch_dctx *d = calloc(1, sizeof *d);
    if (!d) return NULL;
    d->prov = provctx;
    d->v = v;
    d->xoflen = lwcx_esch_digest_bytes(v);
    return d;
}

static void esch_freectx(void *vd)
{
    esch_dctx *d = vd;
    if (!d) return;
    lwcx_wipe(d, sizeof *d); /* the state may hold what was hashed */
    free(d);
}

/* EVP_MD_CTX_copy (HMAC over Esch needs it). A context not under way
 * (before init, after final) copies as one not under way. */
static void *esch_dupctx(void *vd)
{
    const esch_dctx *src = vd;
    esch_dctx *d = calloc(1, sizeof *d);
    if (!d || !src) {
        free(d);
        return NULL;
    }
    d->prov = src->prov;
    d->v = src->v;
    d->xoflen = src->xoflen;
    if (lwcx_esch_copy(&d->c, &src->c) != LWCX_OK) memset(&d->c, 0, sizeof d->c);
    return d;
}

static int esch_set_ctx_params(void *vd, const OSSL_PARAM params[])
{
    esch_dctx *d = vd;
    const OSSL_PARAM *p;
    if (!d || !params) return 1;
    if ((p = OSSL_PARAM_locate_const(params, OSSL_DIGEST_PARAM_XOFLEN))) {
        size_t len;
        if (!is_xof(d->v)) {
            lwcx_prov_err(d->prov, LWCX_PROV_R_BAD_PARAM, "%s is not an XOF: its output length is fixed",
                          lwcx_esch_name(d->v));
            return 0;
        }
        if (!OSSL_PARAM_get_size_t(p, &len)) {
            lwcx_prov_err(d->prov, LWCX_PROV_R_BAD_PARAM, "xoflen is not a size");
            return 0;
        }
        d->xoflen = len;
    }
    return 1;
}

static int esch_init(void *vd, const OSSL_PARAM params[])
{
    esch_dctx *d = vd;
    if (!d) return 0;
    d->xoflen = lwcx_esch_digest_bytes(d->v);
    const int rc = lwcx_esch_init(&d->c, d->v);
    if (rc != LWCX_OK) {
        lwcx_prov_err(d->prov, LWCX_PROV_R_LIBRARY, "%s: %s", lwcx_esch_name(d->v), lwcx_strerror(rc));
        return 0;
    }
    return esch_set_ctx_params(d, params);
}

static int esch_update(void *vd, const unsigned char *in, size_t len)
{
    esch_dctx *d = vd;
    const int rc = lwcx_esch_update(&d->c, in, len);
    if (rc != LWCX_OK) {
        lwcx_prov_err(d->prov, LWCX_PROV_R_LIBRARY, "%s update: %s", lwcx_esch_name(d->v), lwcx_strerror(rc));
        return 0;
    }
    return 1;
}

static int esch_final(void *vd, unsigned char *out, size_t *outl, size_t outsz)
{
    esch_dctx *d = vd;
    const size_t len = d->xoflen;
    if (outsz < len) {
        lwcx_prov_err(d->prov, LWCX_PROV_R_BAD_LENGTH, "%s: %zu bytes of output space for a %zu-byte digest",
                      lwcx_esch_name(d->v), outsz, len);
        return 0;
    }
    const int rc = is_xof(d->v) ? lwcx_esch_squeeze(&d->c, out, len) : lwcx_esch_final(&d->c, out);
    lwcx_wipe(&d->c, sizeof d->c); /* finished: the state is not needed again */
    if (rc != LWCX_OK) {
        lwcx_prov_err(d->prov, LWCX_PROV_R_LIBRARY, "%s final: %s", lwcx_esch_name(d->v), lwcx_strerror(rc));
        return 0;
    }
    *outl = len;
    return 1;
}

static int esch_get_params(OSSL_PARAM params[], lwcx_esch_variant v)
{
    OSSL_PARAM *p;
    if ((p = OSSL_PARAM_locate(params, OSSL_DIGEST_PARAM_BLOCK_SIZE)) && !OSSL_PARAM_set_size_t(p, ESCH_RATE))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_DIGEST_PARAM_SIZE)) &&
        !OSSL_PARAM_set_size_t(p, lwcx_esch_digest_bytes(v)))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_DIGEST_PARAM_XOF)) && !OSSL_PARAM_set_int(p, is_xof(v))) return 0;
    return 1;
}

static const OSSL_PARAM *esch_gettable_params(void *provctx)
{
    (void)provctx;
    static const OSSL_PARAM params[] = {OSSL_PARAM_size_t(OSSL_DIGEST_PARAM_BLOCK_SIZE, NULL),
                                        OSSL_PARAM_size_t(OSSL_DIGEST_PARAM_SIZE, NULL),
                                        OSSL_PARAM_int(OSSL_DIGEST_PARAM_XOF, NULL), OSSL_PARAM_END};
    return params;
}

static const OSSL_PARAM *xoesch_settable_ctx_params(void *dctx, void *provctx)
{
    (void)dctx, (void)provctx;
    static const OSSL_PARAM params[] = {OSSL_PARAM_size_t(OSSL_DIGEST_PARAM_XOFLEN, NULL), OSSL_PARAM_END};
    return params;
}

/* One dispatch table a variant. */
#define ESCH_VARIANT(name, V, EXTRA)                                                                        \
    static void *name##_newctx(void *provctx)                                                              \
    {                                                                                                      \
        return esch_newctx(provctx, V);                                                                    \
    }                                                                                                      \
    static int name##_get_params(OSSL_PARAM params[])                                                      \
    {                                                                                                      \
        return esch_get_params(params, V);                                                                 \
    }                                                                                                      \
    static const OSSL_DISPATCH name##_functions[] = {                                                      \
        {OSSL_FUNC_DIGEST_NEWCTX, (void (*)(void))name##_newctx},                                          \
        {OSSL_FUNC_DIGEST_INIT, (void (*)(void))esch_init},                                                \
        {OSSL_FUNC_DIGEST_UPDATE, (void (*)(void))esch_update},                                            \
        {OSSL_FUNC_DIGEST_FINAL, (void (*)(void))esch_final},                                              \
        {OSSL_FUNC_DIGEST_FREECTX, (void (*)(void))esch_freectx},                                          \
        {OSSL_FUNC_DIGEST_DUPCTX, (void (*)(void))esch_dupctx},                                            \
        {OSSL_FUNC_DIGEST_GET_PARAMS, (void (*)(void))name##_get_params},                                  \
        {OSSL_FUNC_DIGEST_GETTABLE_PARAMS, (void (*)(void))esch_gettable_params},                          \
        {OSSL_FUNC_DIGEST_SET_CTX_PARAMS, (void (*)(void))esch_set_ctx_params},                                \
        EXTRA{0, NULL}};

/* Esch's set_ctx_params is there to refuse an output length with a
 * message (EVP_DigestFinalXOF on a fixed-size digest): nothing is settable. */
#define XOF_FUNCTIONS {OSSL_FUNC_DIGEST_SETTABLE_CTX_PARAMS, (void (*)(void))xoesch_settable_ctx_params},

ESCH_VARIANT(esch256, LWCX_ESCH256, )
ESCH_VARIANT(esch384, LWCX_ESCH384, )
ESCH_VARIANT(xoesch256, LWCX_XOESCH256, XOF_FUNCTIONS)
ESCH_VARIANT(xoesch384, LWCX_XOESCH384, XOF_FUNCTIONS)

const OSSL_ALGORITHM lwcx_prov_digests[] = {
    {"ESCH256", "provider=lwcx", esch256_functions, "Esch256 hash (SPARKLE384), lwcx"},
    {"ESCH384", "provider=lwcx", esch384_functions, "Esch384 hash (SPARKLE512), lwcx"},
    {"XOESCH256", "provider=lwcx", xoesch256_functions, "XOEsch256 extendable-output function, lwcx"},
    {"XOESCH384", "provider=lwcx", xoesch384_functions, "XOEsch384 extendable-output function, lwcx"},
    {NULL, NULL, NULL, NULL}};
