/* The key-search record loader on arbitrary bytes: it never crashes, and a
 * record it accepts is canonical: saving the loaded search gives exactly the
 * input, which loads again to the same search, and merging the two changes
 * nothing. (libFuzzer learns the checksum from the loader's memcmp, so
 * mutated records get past it.) Input: the record text. */
#include "fuzz.h"

static uint8_t *save(lwcx_keysearch *ks, size_t *len)
{
    CHECK(lwcx_keysearch_save(ks, NULL, 0, len) == LWCX_ERR_LENGTH);
    uint8_t *buf = fuzz_alloc(*len);
    size_t got;
    CHECK(lwcx_keysearch_save(ks, buf, *len, &got) == LWCX_OK && got == *len);
    return buf;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    uint8_t *rec = fuzz_dup(data, size);
    lwcx_keysearch *a, *b;
    int rc = lwcx_keysearch_load(&a, rec, size);
    CHECK(rc == LWCX_OK || rc == LWCX_ERR_FORMAT);
    if (rc != LWCX_OK) {
        CHECK(a == NULL);
        free(rec);
        return 0;
    }
    size_t len, len2;
    uint8_t *saved = save(a, &len);
    CHECK(len == size && memcmp(saved, data, size) == 0);
    CHECK(lwcx_keysearch_load(&b, saved, len) == LWCX_OK);
    uint8_t *again = save(b, &len2);
    CHECK(len2 == len && memcmp(again, saved, len) == 0);

    CHECK(lwcx_keysearch_keys_done(a) == lwcx_keysearch_keys_done(b));
    CHECK(lwcx_keysearch_keys_left(a) == lwcx_keysearch_keys_left(b));
    CHECK(lwcx_keysearch_next_unsearched(a) == lwcx_keysearch_next_unsearched(b));
    CHECK(lwcx_keysearch_complete(a) == lwcx_keysearch_complete(b));
    CHECK(lwcx_keysearch_found_count(a) == lwcx_keysearch_found_count(b));
    const uint64_t done = lwcx_keysearch_keys_done(a), next = lwcx_keysearch_next_unsearched(a);
    CHECK(lwcx_keysearch_merge(a, b) == LWCX_OK);
    CHECK(lwcx_keysearch_keys_done(a) == done && lwcx_keysearch_next_unsearched(a) == next);

    lwcx_keysearch_free(a);
    lwcx_keysearch_free(b);
    free(rec), free(saved), free(again);
    return 0;
}
