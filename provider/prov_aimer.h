/* AIMer keys as the key manager holds them (prov_aimer.c), for the
 * encoders and decoders of prov_aimer_codec.c. */
#ifndef LWCX_PROV_AIMER_H
#define LWCX_PROV_AIMER_H

#include <openssl/asn1.h>
#include <openssl/core.h>

#include "lwcx.h"

typedef struct aimer_pkey {
    const struct lwcx_prov *prov;
    lwcx_aimer_set set;
    int has_pk, has_sk;
    uint8_t pk[LWCX_AIMER_MAX_PK_BYTES], sk[LWCX_AIMER_MAX_SK_BYTES];
    lwcx_aimer_key *k; /* loaded from pk (and sk): what signs and verifies */
} aimer_pkey;

/* Each set's OpenSSL names: its own, and its object identifier (how
 * OpenSSL's decoders name a SubjectPublicKeyInfo's algorithm), one list
 * for the key manager, the signature, the encoders and the decoders. */
#ifndef LWCX_AIMER_OID_ARC
#error "LWCX_AIMER_OID_ARC: the arc of the AIMer object identifiers (the top CMakeLists.txt)"
#endif
#define LWCX_AIMER128F_NAMES "AIMER128F:" LWCX_AIMER_OID_ARC ".1"
#define LWCX_AIMER128S_NAMES "AIMER128S:" LWCX_AIMER_OID_ARC ".2"
#define LWCX_AIMER192F_NAMES "AIMER192F:" LWCX_AIMER_OID_ARC ".3"
#define LWCX_AIMER192S_NAMES "AIMER192S:" LWCX_AIMER_OID_ARC ".4"
#define LWCX_AIMER256F_NAMES "AIMER256F:" LWCX_AIMER_OID_ARC ".5"
#define LWCX_AIMER256S_NAMES "AIMER256S:" LWCX_AIMER_OID_ARC ".6"

/* The OpenSSL name of a set ("AIMER128F", ...), NULL for an unknown one. */
const char *lwcx_aimer_oname(lwcx_aimer_set set);
void *aimer_new(void *provctx, lwcx_aimer_set set);
void aimer_free(void *key);
/* Takes pk (and sk, or NULL) into key, checked by loading them into lwcx:
 * 1, or 0 with an error raised. */
int aimer_set_key(aimer_pkey *key, const uint8_t *pk, const uint8_t *sk);
/* The set's object identifier (the arc, then 1..6 in lwcx's order of the
 * sets; the caller frees it), and its signatures' DER AlgorithmIdentifier
 * (*der to OPENSSL_free; the length, or -1). In prov_aimer_codec.c. */
ASN1_OBJECT *aimer_set_oid(lwcx_aimer_set set);
int aimer_algorithm_id(lwcx_aimer_set set, unsigned char **der);
/* The key's raw parts as parameters to cb (the key manager's export). */
int aimer_export(void *key, int selection, OSSL_CALLBACK *cb, void *cbarg);

#endif
