/* The AIMer key codec (lwcx_aimer_key_decode) on any input: it never reads
 * past the input or crashes, answers only its documented statuses, and
 * writes a key only on success; a key it accepts encodes again, in DER and
 * PEM, to something that decodes to the same set and key, and accepted DER
 * is canonical: encoding the key gives back exactly the input (PEM may
 * have text before its block).
 * Input: the bytes to decode. */
#define _GNU_SOURCE /* memmem */
#include "fuzz.h"

static void again(lwcx_aimer_set set, const uint8_t *key, size_t klen, lwcx_key_encoding e, uint8_t *out,
                  size_t cap, size_t *n)
{
    uint8_t back[LWCX_AIMER_MAX_SK_BYTES];
    lwcx_aimer_set s2;
    size_t k2;
    CHECK(lwcx_aimer_key_encode(set, key, klen, e, out, cap, n) == LWCX_OK);
    CHECK(lwcx_aimer_key_decode(out, *n, &s2, back, sizeof back, &k2) == LWCX_OK);
    CHECK(s2 == set && k2 == klen && memcmp(back, key, klen) == 0);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    uint8_t *in = fuzz_dup(data, size);
    uint8_t key[LWCX_AIMER_MAX_SK_BYTES + 1], out[2048];
    memset(key, 0xa5, sizeof key);
    lwcx_aimer_set set;
    size_t klen = 0, n;
    const int rc = lwcx_aimer_key_decode(in, size, &set, key, LWCX_AIMER_MAX_SK_BYTES, &klen);
    CHECK(rc == LWCX_OK || rc == LWCX_ERR_FORMAT || rc == LWCX_ERR_NO_IMPL || rc == LWCX_ERR_UNSUPPORTED);
    CHECK(key[LWCX_AIMER_MAX_SK_BYTES] == 0xa5);
    if (rc != LWCX_OK) {
        CHECK(key[0] == 0xa5); /* nothing written */
    } else {
        CHECK(lwcx_aimer_name(set) && (klen == lwcx_aimer_sk_bytes(set) || klen == lwcx_aimer_pk_bytes(set)));
        again(set, key, klen, LWCX_KEY_PEM, out, sizeof out, &n);
        again(set, key, klen, LWCX_KEY_DER, out, sizeof out, &n);
        /* DER (no PEM block in it: text before a block is allowed) is canonical */
        if (!memmem(in, size, "-----BEGIN ", 11)) CHECK(n == size && memcmp(out, in, n) == 0);
    }
    free(in);
    return 0;
}
