/* kcc24-p6 decryption on arbitrary input, with every available
 * implementation: more than 255 bytes is LWCX_ERR_LENGTH; a forgery fails
 * with LWCX_ERR_AUTH and writes nothing (separate or in place); only the
 * first 8*floor(len/8) bytes are ever written; what verifies re-encrypts to
 * the same ciphertext and tag; a fuzzer message survives encrypt -> decrypt,
 * and a flipped bit of its tag or processed ciphertext fails.
 * Input: tag (8 bytes), ciphertext (the rest). */
#include "fuzz.h"

#define MARK 0xa5 /* what the output buffers hold before a call */

static int untouched(const uint8_t *b, size_t from, size_t to)
{
    for (size_t i = from; i < to; i++)
        if (b[i] != MARK) return 0;
    return 1;
}

/* Decrypts ct both ways with impl; returns the status, the output in pt. */
static int open_both(const lwcx_impl *impl, uint8_t *pt, const uint8_t *ct, size_t len,
                     const uint8_t *tag, const uint8_t *key)
{
    const size_t p = lwcx_kcc24p6_processed_len(len);
    memset(pt, MARK, len);
    int rc = lwcx_kcc24p6_decrypt_with(impl, pt, ct, len, tag, key);
    CHECK(len > LWCX_KCC24P6_MAX_BYTES ? rc == LWCX_ERR_LENGTH : rc == LWCX_OK || rc == LWCX_ERR_AUTH);
    CHECK(untouched(pt, rc == LWCX_OK ? p : 0, len));

    uint8_t *buf = fuzz_dup(ct, len);
    CHECK(lwcx_kcc24p6_decrypt_with(impl, buf, buf, len, tag, key) == rc);
    if (rc == LWCX_OK) CHECK(memcmp(buf, pt, p) == 0 && memcmp(buf + p, ct + p, len - p) == 0);
    else CHECK(memcmp(buf, ct, len) == 0);
    free(buf);
    return rc;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_in in = {data, size};
    uint8_t key[LWCX_KCC24P6_KEY_BYTES], tag[8], tag2[8];
    fuzz_key(key, sizeof key);
    fuzz_copy(&in, tag, sizeof tag);
    size_t len;
    const uint8_t *ctp = fuzz_take(&in, in.n, &len);
    const size_t p = lwcx_kcc24p6_processed_len(len);
    uint8_t *ct = fuzz_dup(ctp, len), *pt = fuzz_alloc(len), *pt_first = fuzz_alloc(len);
    uint8_t *c2 = fuzz_alloc(len), *c2_first = fuzz_alloc(len);
    int first = 1, rc_first = 0;

    for (size_t i = 0; lwcx_impl_at("kcc24p6", i); i++) {
        const lwcx_impl *impl = lwcx_impl_at("kcc24p6", i);
        if (!lwcx_impl_available(impl, NULL)) continue;

        int rc = open_both(impl, pt, ct, len, tag, key);
        if (rc == LWCX_OK) { /* genuine: sealing pt again gives it back */
            CHECK(lwcx_kcc24p6_encrypt_with(impl, c2, tag2, pt, len, key) == LWCX_OK);
            CHECK(memcmp(c2, ct, p) == 0 && memcmp(tag2, tag, 8) == 0);
        }
        if (first) {
            rc_first = rc;
            memcpy(pt_first, pt, len);
        }
        CHECK(rc == rc_first && memcmp(pt, pt_first, len) == 0);
        if (len > LWCX_KCC24P6_MAX_BYTES) {
            first = 0;
            continue;
        }

        /* the same bytes as a message */
        memset(c2, MARK, len);
        CHECK(lwcx_kcc24p6_encrypt_with(impl, c2, tag2, ct, len, key) == LWCX_OK);
        CHECK(untouched(c2, p, len));
        if (first) memcpy(c2_first, c2, len);
        CHECK(memcmp(c2, c2_first, len) == 0);
        CHECK(open_both(impl, pt, c2, len, tag2, key) == LWCX_OK);
        CHECK(memcmp(pt, ct, p) == 0);
        const size_t bit = len ? ct[0] : 0;
        tag2[bit / 8 % 8] ^= (uint8_t)(1u << bit % 8);
        CHECK(open_both(impl, pt, c2, len, tag2, key) == LWCX_ERR_AUTH);
        tag2[bit / 8 % 8] ^= (uint8_t)(1u << bit % 8);
        if (p) {
            c2[bit / 8 % p] ^= (uint8_t)(1u << bit % 8);
            CHECK(open_both(impl, pt, c2, len, tag2, key) == LWCX_ERR_AUTH);
        }
        first = 0;
    }
    free(ct), free(pt), free(pt_first), free(c2), free(c2_first);
    return 0;
}
