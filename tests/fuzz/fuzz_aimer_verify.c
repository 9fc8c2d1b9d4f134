/* AIMer verification (aimer128f, one fixed key pair) on a fuzzer message and
 * signature: a signature of the wrong size is LWCX_ERR_LENGTH, and every
 * other input is LWCX_ERR_AUTH except the one genuine signature of the one
 * message signed at start-up (signatures carry no malleable bits); the
 * one-shot and the loaded-key verifications agree.
 * Input: message length byte, the message, the signature (the rest). */
#include "fuzz.h"

static uint8_t pk[LWCX_AIMER_MAX_PK_BYTES], genuine[LWCX_AIMER_MAX_SIG_BYTES];
static lwcx_aimer_key *key;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!key) {
        fuzz_aimer_genuine(pk, genuine);
        CHECK(lwcx_aimer_key_new(&key, FUZZ_AIMER_SET, pk, NULL) == LWCX_OK);
    }
    fuzz_in in = {data, size};
    size_t len, siglen;
    const uint8_t *msgp = fuzz_take(&in, fuzz_byte(&in), &len);
    const uint8_t *sigp = fuzz_take(&in, in.n, &siglen);
    uint8_t *msg = fuzz_dup(msgp, len), *sig = fuzz_dup(sigp, siglen);
    const size_t sigbytes = lwcx_aimer_sig_bytes(FUZZ_AIMER_SET);

    int rc = lwcx_aimer_verify(FUZZ_AIMER_SET, sig, siglen, msg, len, pk);
    CHECK(lwcx_aimer_key_verify(key, sig, siglen, msg, len) == rc);
    if (siglen != sigbytes) {
        CHECK(rc == LWCX_ERR_LENGTH);
    } else {
        const int is_genuine = len == strlen(FUZZ_AIMER_MSG) && memcmp(msg, FUZZ_AIMER_MSG, len) == 0 &&
                               memcmp(sig, genuine, sigbytes) == 0;
        CHECK(rc == (is_genuine ? LWCX_OK : LWCX_ERR_AUTH));
    }
    free(msg), free(sig);
    return 0;
}
