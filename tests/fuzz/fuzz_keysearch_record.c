/* The key-search record loader on arbitrary bytes: it never crashes, and a
 * record it accepts is canonical: saving the loaded search gives exactly the
 * input, which loads again to the same search, and merging the two changes
 * nothing. A mutated record almost never carries a matching Esch256
 * checksum, so that the parser behind the check would go unfuzzed: the first
 * byte of the input, when odd, has the harness write the right checksum
 * line over the record's last 78 bytes first.
 * Input: that byte, then the record text. */
#include "fuzz.h"

#define SUM_TAIL (9 + 64 + 1 + 4) /* "checksum " HEX "\n" "end\n" */

static void fix_checksum(uint8_t *rec, size_t len)
{
    if (len < SUM_TAIL) return;
    uint8_t d[32];
    CHECK(lwcx_esch_hash(LWCX_ESCH256, d, sizeof d, rec, len - SUM_TAIL) == LWCX_OK);
    char line[SUM_TAIL + 1];
    int n = snprintf(line, sizeof line, "checksum ");
    for (int i = 0; i < 32; i++) n += snprintf(line + n, sizeof line - (size_t)n, "%02x", d[i]);
    snprintf(line + n, sizeof line - (size_t)n, "\nend\n");
    memcpy(rec + len - SUM_TAIL, line, SUM_TAIL);
}

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
    fuzz_in in = {data, size};
    const unsigned mode = fuzz_byte(&in);
    size_t n;
    const uint8_t *text = fuzz_take(&in, in.n, &n);
    uint8_t *rec = fuzz_dup(text, n);
    if (mode & 1) fix_checksum(rec, n);
    lwcx_keysearch *a, *b;
    int rc = lwcx_keysearch_load(&a, rec, n);
    CHECK(rc == LWCX_OK || rc == LWCX_ERR_FORMAT);
    if (rc != LWCX_OK) {
        CHECK(a == NULL);
        free(rec);
        return 0;
    }
    size_t len, len2;
    uint8_t *saved = save(a, &len);
    CHECK(len == n && memcmp(saved, rec, n) == 0);
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
