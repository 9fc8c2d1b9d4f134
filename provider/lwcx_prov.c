/* The lwcx OpenSSL 3 provider: its entry point, its parameters, and the
 * table of operations (docs/openssl-provider.md). The algorithms live in
 * prov_esch.c (digests), prov_schwaemm.c (AEAD), prov_bc.c (block ciphers),
 * prov_aimer.c (AIMer keys and signatures) and prov_aimer_codec.c (AIMer
 * key files). */
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/params.h>

#include "lwcx.h"
#include "prov.h"
#include "prov_aimer.h"

/* Filled from the core's dispatch table in OSSL_provider_init. A core
 * serves every provider it loads with the same functions, so one copy
 * for the module is enough. */
static OSSL_FUNC_core_new_error_fn *core_new_error;
static OSSL_FUNC_core_set_error_debug_fn *core_set_error_debug;
static OSSL_FUNC_core_vset_error_fn *core_vset_error;
static OSSL_FUNC_core_obj_create_fn *core_obj_create;
static OSSL_FUNC_core_obj_add_sigid_fn *core_obj_add_sigid;

void lwcx_prov_raise(const lwcx_prov *prov, int reason, const char *file, int line, const char *func,
                     const char *fmt, ...)
{
    if (!prov || !core_new_error || !core_set_error_debug || !core_vset_error) return;
    va_list ap;
    va_start(ap, fmt);
    core_new_error(prov->handle);
    core_set_error_debug(prov->handle, file, line, func);
    core_vset_error(prov->handle, (uint32_t)reason, fmt, ap);
    va_end(ap);
}

static const OSSL_ITEM reason_strings[] = {
    {LWCX_PROV_R_BAD_LENGTH, "wrong length"},
    {LWCX_PROV_R_NO_KEY, "key or nonce not set"},
    {LWCX_PROV_R_ORDER, "call out of order"},
    {LWCX_PROV_R_NO_TAG, "no tag set"},
    {LWCX_PROV_R_TAG_MISMATCH, "tag mismatch"},
    {LWCX_PROV_R_LIBRARY, "lwcx error"},
    {LWCX_PROV_R_BAD_PARAM, "bad parameter"},
    {LWCX_PROV_R_NO_PRIVATE_KEY, "no private key"},
    {LWCX_PROV_R_BAD_SIGNATURE, "bad signature"},
    {0, NULL}};

/* The implementation each SPARKLE state size runs here, as the automatic
 * choice makes it for one-state calls, which is what the provider's
 * incremental digests and ciphers make: "sparkle256=opt (table), ...". */
static void sparkle_impls(char *buf, size_t cap)
{
    static const char *const kinds[] = {"one_state_256", "one_state_384", "one_state_512"};
    size_t at = 0;
    buf[0] = 0;
    for (size_t i = 0; i < 3 && at < cap; i++) {
        const char *source = NULL;
        const lwcx_impl *im = lwcx_impl_auto_call("sparkle", kinds[i], 0, &source);
        int n = snprintf(buf + at, cap - at, "%ssparkle%s=%s (%s)", i ? ", " : "", kinds[i] + 10,
                         im ? lwcx_impl_name(im) : "none", source ? source : "LWCX_IMPL invalid");
        if (n < 0) break;
        at += (size_t)n;
    }
}

/* AIMer's: one kind of call. "aimer=avx2 (policy)". */
static void aimer_impl(char *buf, size_t cap)
{
    const char *source = NULL, *kind = lwcx_impl_call_kind("aimer", 0);
    const lwcx_impl *im = kind ? lwcx_impl_auto_call("aimer", kind, 0, &source) : NULL;
    snprintf(buf, cap, "aimer=%s (%s)", im ? lwcx_impl_name(im) : "none", source ? source : "LWCX_IMPL invalid");
}

#define PARAM_SPARKLE_IMPL "lwcx-sparkle-impl"
#define PARAM_AIMER_IMPL "lwcx-aimer-impl"

static const OSSL_PARAM *prov_gettable_params(void *provctx)
{
    (void)provctx; /* the same for every instance */
    static const OSSL_PARAM params[] = {
        OSSL_PARAM_utf8_ptr(OSSL_PROV_PARAM_NAME, NULL, 0),
        OSSL_PARAM_utf8_ptr(OSSL_PROV_PARAM_VERSION, NULL, 0),
        OSSL_PARAM_utf8_ptr(OSSL_PROV_PARAM_BUILDINFO, NULL, 0),
        OSSL_PARAM_int(OSSL_PROV_PARAM_STATUS, NULL),
        OSSL_PARAM_utf8_string(PARAM_SPARKLE_IMPL, NULL, 0),
        OSSL_PARAM_utf8_string(PARAM_AIMER_IMPL, NULL, 0),
        OSSL_PARAM_END};
    return params;
}

static int prov_get_params(void *provctx, OSSL_PARAM params[])
{
    const lwcx_prov *prov = provctx;
    OSSL_PARAM *p;
    char impls[sizeof prov->buildinfo];
    if ((p = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_NAME)) && !OSSL_PARAM_set_utf8_ptr(p, "lwcx"))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_VERSION)) &&
        !OSSL_PARAM_set_utf8_ptr(p, LWCX_VERSION_STRING))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_BUILDINFO)) && !OSSL_PARAM_set_utf8_ptr(p, prov->buildinfo))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_STATUS)) && !OSSL_PARAM_set_int(p, 1)) return 0;
    if ((p = OSSL_PARAM_locate(params, PARAM_SPARKLE_IMPL))) {
        /* read when asked: lwcx_impl_select may have changed the choice */
        sparkle_impls(impls, sizeof impls);
        if (!OSSL_PARAM_set_utf8_string(p, impls)) return 0;
    }
    if ((p = OSSL_PARAM_locate(params, PARAM_AIMER_IMPL))) {
        aimer_impl(impls, sizeof impls);
        if (!OSSL_PARAM_set_utf8_string(p, impls)) return 0;
    }
    return 1;
}

/* The ciphers of two files in one table (OpenSSL asks once per operation);
 * the last entry stays zero, the end mark. */
static OSSL_ALGORITHM all_ciphers[32];
static pthread_once_t all_ciphers_once = PTHREAD_ONCE_INIT;
static void join_ciphers(void)
{
    size_t n = 0;
    for (const OSSL_ALGORITHM *a = lwcx_prov_ciphers; a->algorithm_names && n + 1 < 32; a++) all_ciphers[n++] = *a;
    for (const OSSL_ALGORITHM *a = lwcx_prov_block_ciphers; a->algorithm_names && n + 1 < 32; a++) all_ciphers[n++] = *a;
}

static const OSSL_ALGORITHM *prov_query(void *provctx, int operation_id, int *no_cache)
{
    (void)provctx;
    *no_cache = 0;
    switch (operation_id) {
    case OSSL_OP_DIGEST:
        return lwcx_prov_digests;
    case OSSL_OP_CIPHER:
        return pthread_once(&all_ciphers_once, join_ciphers) == 0 ? all_ciphers : lwcx_prov_ciphers;
    case OSSL_OP_KEYMGMT:
        return lwcx_prov_keymgmt;
    case OSSL_OP_SIGNATURE:
        return lwcx_prov_signatures;
    case OSSL_OP_ENCODER:
        return lwcx_prov_encoders;
    case OSSL_OP_DECODER:
        return lwcx_prov_decoders;
    default:
        return NULL;
    }
}

static const OSSL_ITEM *prov_reason_strings(void *provctx)
{
    (void)provctx;
    return reason_strings;
}

static void prov_teardown(void *provctx)
{
    lwcx_prov *prov = provctx;
    if (prov) OSSL_LIB_CTX_free(prov->libctx);
    free(prov);
}

static const OSSL_DISPATCH prov_dispatch[] = {
    {OSSL_FUNC_PROVIDER_TEARDOWN, (void (*)(void))prov_teardown},
    {OSSL_FUNC_PROVIDER_GETTABLE_PARAMS, (void (*)(void))prov_gettable_params},
    {OSSL_FUNC_PROVIDER_GET_PARAMS, (void (*)(void))prov_get_params},
    {OSSL_FUNC_PROVIDER_QUERY_OPERATION, (void (*)(void))prov_query},
    {OSSL_FUNC_PROVIDER_GET_REASON_STRINGS, (void (*)(void))prov_reason_strings},
    {0, NULL}};

__attribute__((visibility("default"))) int OSSL_provider_init(const OSSL_CORE_HANDLE *handle,
                                                              const OSSL_DISPATCH *in,
                                                              const OSSL_DISPATCH **out, void **provctx);

int OSSL_provider_init(const OSSL_CORE_HANDLE *handle, const OSSL_DISPATCH *in, const OSSL_DISPATCH **out,
                       void **provctx)
{
    const OSSL_DISPATCH *in0 = in;
    for (; in && in->function_id; in++) {
        switch (in->function_id) {
        case OSSL_FUNC_CORE_NEW_ERROR:
            core_new_error = OSSL_FUNC_core_new_error(in);
            break;
        case OSSL_FUNC_CORE_SET_ERROR_DEBUG:
            core_set_error_debug = OSSL_FUNC_core_set_error_debug(in);
            break;
        case OSSL_FUNC_CORE_VSET_ERROR:
            core_vset_error = OSSL_FUNC_core_vset_error(in);
            break;
        case OSSL_FUNC_CORE_OBJ_CREATE:
            core_obj_create = OSSL_FUNC_core_obj_create(in);
            break;
        case OSSL_FUNC_CORE_OBJ_ADD_SIGID:
            core_obj_add_sigid = OSSL_FUNC_core_obj_add_sigid(in);
            break;
        default:
            break;
        }
    }
    lwcx_prov *prov = calloc(1, sizeof *prov);
    if (!prov) return 0;
    prov->handle = handle;
    /* BIOs over the core's (encoders, decoders) need a context made from
     * the core's dispatch table */
    if (!(prov->libctx = OSSL_LIB_CTX_new_from_dispatch(handle, in0))) {
        free(prov);
        return 0;
    }
    /* An invalid LWCX_IMPL makes every automatic lwcx call fail: refuse to
     * load, saying why, rather than fail each operation later. */
    char msg[256];
    if (lwcx_impl_env_check(msg, sizeof msg) != LWCX_OK) {
        lwcx_prov_err(prov, LWCX_PROV_R_LIBRARY, "%s", msg);
        prov_teardown(prov);
        return 0;
    }
    /* AIMer's identifiers, named, and each as a signature algorithm with no
     * digest over its own key type, as Ed25519's: what X.509 verification
     * looks up in a certificate's signature algorithm */
    for (int set = 0; lwcx_aimer_name((lwcx_aimer_set)set); set++) {
        char oid[128];
        const char *sn = lwcx_aimer_oname((lwcx_aimer_set)set), *ln = lwcx_aimer_name((lwcx_aimer_set)set);
        snprintf(oid, sizeof oid, "%s.%d", LWCX_AIMER_OID_ARC, set + 1);
        if (!core_obj_create || !core_obj_add_sigid || !core_obj_create(handle, oid, sn, ln) ||
            !core_obj_add_sigid(handle, sn, "", sn)) {
            lwcx_prov_err(prov, LWCX_PROV_R_LIBRARY, "cannot register %s's identifier %s", ln, oid);
            prov_teardown(prov);
            return 0;
        }
    }
    /* buildinfo is handed out as a pointer (what `openssl list -providers
     * -verbose` prints), so it is made once and kept with the provider */
    char impls[sizeof prov->buildinfo / 2], aimer[64];
    sparkle_impls(impls, sizeof impls);
    aimer_impl(aimer, sizeof aimer);
    snprintf(prov->buildinfo, sizeof prov->buildinfo, "lwcx %s; %s; %s", LWCX_VERSION_STRING, impls, aimer);
    *out = prov_dispatch;
    *provctx = prov;
    return 1;
}
