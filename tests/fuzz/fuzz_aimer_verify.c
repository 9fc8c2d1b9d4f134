/* AIMer verification (aimer128f, one fixed key pair) on a fuzzer message and
 * signature: a signature of the wrong size is LWCX_ERR_LENGTH, and every
 * other input is LWCX_ERR_AUTH except the one genuine signature of the one
 * message signed at start-up (signatures carry no malleable bits); the
 * one-shot and the loaded-key verifications agree. The whole input as a
 * signed message (message || signature) opens likewise, and a failed open
 * writes nothing.
 * Input: message length byte, the message, the signature (the rest). */
#include "fuzz.h"

static uint8_t pk[LWCX_AIMER_MAX_PK_BYTES], genuine_sig[LWCX_AIMER_MAX_SIG_BYTES];
static lwcx_aimer_key *key;

/* The status verification must give for this message and signature. */
static int expected(const uint8_t *msg, size_t len, const uint8_t *sig, size_t siglen)
{
    const size_t sigbytes = lwcx_aimer_sig_bytes(FUZZ_AIMER_SET);
    if (siglen != sigbytes) return LWCX_ERR_LENGTH;
    const int genuine = len == strlen(FUZZ_AIMER_MSG) && memcmp(msg, FUZZ_AIMER_MSG, len) == 0 &&
                        memcmp(sig, genuine_sig, sigbytes) == 0;
    return genuine ? LWCX_OK : LWCX_ERR_AUTH;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!key) {
        fuzz_aimer_genuine(pk, genuine_sig);
        CHECK(lwcx_aimer_key_new(&key, FUZZ_AIMER_SET, pk, NULL) == LWCX_OK);
    }
    fuzz_in in = {data, size};
    size_t len, siglen;
    const uint8_t *msgp = fuzz_take(&in, fuzz_byte(&in), &len);
    const uint8_t *sigp = fuzz_take(&in, in.n, &siglen);
    uint8_t *msg = fuzz_dup(msgp, len), *sig = fuzz_dup(sigp, siglen);
    const size_t sigbytes = lwcx_aimer_sig_bytes(FUZZ_AIMER_SET);

    int rc = lwcx_aimer_verify(FUZZ_AIMER_SET, sig, siglen, msg, len, pk);
    CHECK(rc == expected(msg, len, sig, siglen));
    CHECK(lwcx_aimer_key_verify(key, sig, siglen, msg, len) == rc);

    /* attached: the signature is the last sigbytes of the input */
    uint8_t *opened = fuzz_alloc(size);
    memset(opened, 0xa5, size);
    size_t olen = 7;
    rc = lwcx_aimer_open(FUZZ_AIMER_SET, opened, &olen, data, size, pk);
    if (size < sigbytes) {
        CHECK(rc == LWCX_ERR_LENGTH);
    } else {
        CHECK(rc == expected(data, size - sigbytes, data + size - sigbytes, sigbytes));
        if (rc == LWCX_OK) CHECK(olen == size - sigbytes && memcmp(opened, data, olen) == 0);
    }
    if (rc != LWCX_OK)
        for (size_t i = 0; i < size; i++) CHECK(opened[i] == 0xa5);
    free(opened);
    free(msg), free(sig);
    return 0;
}
