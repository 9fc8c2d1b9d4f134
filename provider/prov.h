/* What the provider's files share: the provider context and error reporting.
 * The provider reaches lwcx only through the public API (lwcx.h). */
#ifndef LWCX_PROV_H
#define LWCX_PROV_H

#include <openssl/core.h>
#include <openssl/core_dispatch.h>
#include <openssl/crypto.h>

/* One per loaded provider: the core's handle, for reporting errors, a
 * library context over the core, and the build information it reports
 * (with the implementations chosen). */
typedef struct lwcx_prov {
    const OSSL_CORE_HANDLE *handle;
    OSSL_LIB_CTX *libctx; /* the core's, for BIOs from the core and key encryption */
    char buildinfo[320];
} lwcx_prov;

/* Reasons the provider reports (its reason strings are in lwcx_prov.c). */
enum {
    LWCX_PROV_R_BAD_LENGTH = 1, /* a key, nonce, tag or output of the wrong size */
    LWCX_PROV_R_NO_KEY,         /* no key or nonce before the data */
    LWCX_PROV_R_ORDER,          /* a call out of order (associated data after the message, ...) */
    LWCX_PROV_R_NO_TAG,         /* decryption finished without an expected tag */
    LWCX_PROV_R_TAG_MISMATCH,   /* the tag did not verify: the plaintext must be discarded */
    LWCX_PROV_R_LIBRARY,        /* lwcx returned an error (its message follows) */
    LWCX_PROV_R_BAD_PARAM,      /* a parameter that cannot be set */
    LWCX_PROV_R_NO_PRIVATE_KEY, /* signing with a key that has no private part */
    LWCX_PROV_R_BAD_SIGNATURE   /* a signature that does not verify */
};

/* Raises an error on the calling thread's OpenSSL error queue, with a
 * printf-style message; the file, line and function point at the caller. */
#define lwcx_prov_err(prov, reason, ...) \
    lwcx_prov_raise((prov), (reason), __FILE__, __LINE__, __func__, __VA_ARGS__)
void lwcx_prov_raise(const lwcx_prov *prov, int reason, const char *file, int line, const char *func,
                     const char *fmt, ...) __attribute__((format(printf, 6, 7)));

extern const OSSL_ALGORITHM lwcx_prov_digests[];
extern const OSSL_ALGORITHM lwcx_prov_ciphers[];
extern const OSSL_ALGORITHM lwcx_prov_block_ciphers[];
extern const OSSL_ALGORITHM lwcx_prov_keymgmt[];
extern const OSSL_ALGORITHM lwcx_prov_signatures[];
extern const OSSL_ALGORITHM lwcx_prov_encoders[];
extern const OSSL_ALGORITHM lwcx_prov_decoders[];

#endif
