/* Schwaemm one-shot decryption on arbitrary input, with every available
 * implementation: a forgery fails with LWCX_ERR_AUTH and releases nothing (a
 * separate output is zeroed, an in-place buffer keeps its ciphertext); what
 * verifies re-encrypts to the same ciphertext and tag; and a message the
 * fuzzer chooses survives encrypt -> decrypt, but not a flipped bit.
 * Input: variant byte, nonce, AD length byte, AD, tag, ciphertext (the rest). */
#include "fuzz.h"

/* Decrypts ct both ways with impl; returns the status, the plaintext in pt. */
static int open_both(const lwcx_impl *impl, lwcx_schwaemm_variant v, uint8_t *pt, const uint8_t *ct,
                     size_t len, const uint8_t *tag, const uint8_t *ad, size_t adlen,
                     const uint8_t *nonce, const uint8_t *key)
{
    memset(pt, 0xa5, len);
    int rc = lwcx_schwaemm_decrypt_with(impl, v, pt, ct, len, tag, ad, adlen, nonce, key);
    CHECK(rc == LWCX_OK || rc == LWCX_ERR_AUTH);
    if (rc == LWCX_ERR_AUTH)
        for (size_t i = 0; i < len; i++) CHECK(pt[i] == 0);

    uint8_t *buf = fuzz_dup(ct, len);
    CHECK(lwcx_schwaemm_decrypt_with(impl, v, buf, buf, len, tag, ad, adlen, nonce, key) == rc);
    CHECK(memcmp(buf, rc == LWCX_OK ? pt : ct, len) == 0);
    free(buf);
    return rc;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_in in = {data, size};
    const lwcx_schwaemm_variant v = (lwcx_schwaemm_variant)(fuzz_byte(&in) % 4);
    const size_t nb = lwcx_schwaemm_nonce_bytes(v), tb = lwcx_schwaemm_tag_bytes(v);
    uint8_t key[LWCX_SCHWAEMM_MAX_KEY_BYTES], nonce[LWCX_SCHWAEMM_MAX_NONCE_BYTES];
    uint8_t tag[LWCX_SCHWAEMM_MAX_TAG_BYTES], tag2[LWCX_SCHWAEMM_MAX_TAG_BYTES];
    fuzz_key(key, sizeof key);
    fuzz_copy(&in, nonce, nb);
    size_t adlen, len;
    const uint8_t *adp = fuzz_take(&in, fuzz_byte(&in), &adlen);
    fuzz_copy(&in, tag, tb);
    const uint8_t *ctp = fuzz_take(&in, in.n, &len);
    uint8_t *ad = fuzz_dup(adp, adlen), *ct = fuzz_dup(ctp, len);
    uint8_t *pt = fuzz_alloc(len), *pt_first = fuzz_alloc(len);
    uint8_t *c2 = fuzz_alloc(len), *c2_first = fuzz_alloc(len);
    int first = 1, rc_first = 0;

    for (size_t i = 0; lwcx_impl_at("sparkle", i); i++) {
        const lwcx_impl *impl = lwcx_impl_at("sparkle", i);
        if (!lwcx_impl_available(impl, NULL)) continue;

        /* the fuzzer's ciphertext: every implementation agrees */
        int rc = open_both(impl, v, pt, ct, len, tag, ad, adlen, nonce, key);
        if (rc == LWCX_OK) { /* genuine: sealing pt again gives it back */
            CHECK(lwcx_schwaemm_encrypt_with(impl, v, c2, tag2, pt, len, ad, adlen, nonce, key) == 0);
            CHECK(memcmp(c2, ct, len) == 0 && memcmp(tag2, tag, tb) == 0);
        }
        if (first) {
            rc_first = rc;
            memcpy(pt_first, pt, len);
        }
        CHECK(rc == rc_first && memcmp(pt, pt_first, len) == 0);

        /* the same bytes as a message: round trip, and one flipped bit fails */
        CHECK(lwcx_schwaemm_encrypt_with(impl, v, c2, tag2, ct, len, ad, adlen, nonce, key) == 0);
        if (first) memcpy(c2_first, c2, len);
        CHECK(memcmp(c2, c2_first, len) == 0);
        CHECK(open_both(impl, v, pt, c2, len, tag2, ad, adlen, nonce, key) == LWCX_OK);
        CHECK(memcmp(pt, ct, len) == 0);
        const size_t bit = len ? ct[0] : adlen ? ad[0] : 0;
        tag2[bit / 8 % tb] ^= (uint8_t)(1u << bit % 8);
        CHECK(open_both(impl, v, pt, c2, len, tag2, ad, adlen, nonce, key) == LWCX_ERR_AUTH);
        tag2[bit / 8 % tb] ^= (uint8_t)(1u << bit % 8);
        if (len) {
            c2[bit / 8 % len] ^= (uint8_t)(1u << bit % 8);
            CHECK(open_both(impl, v, pt, c2, len, tag2, ad, adlen, nonce, key) == LWCX_ERR_AUTH);
        }
        first = 0;
    }
    free(ad), free(ct), free(pt), free(pt_first), free(c2), free(c2_first);
    return 0;
}
