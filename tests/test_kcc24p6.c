/* kcc24-p6: known answers on every implementation; differential tests
 * against ref on random keys and messages of every length 0..255; every
 * single-bit flip of ciphertext and tag is rejected with no plaintext
 * released; trailing len % 8 bytes are never touched; bad arguments; tables
 * built on first use stay right when the first uses come from many threads. */
#include <pthread.h>

#include "../kat/kat.h"
#include "lwcx.h"
#include "testutil.h"

static const lwcx_impl *ref;

static void differential(const lwcx_impl *impl)
{
    const char *name = lwcx_impl_name(impl);
    for (size_t len = 0; len <= 255; len++) {
        uint8_t key[8], pt[255], want_ct[255], want_tag[8], tag[8];
        tu_fill(key, 8);
        tu_fill(pt, len);
        CHECK(lwcx_kcc24p6_encrypt_with(ref, want_ct, want_tag, pt, len, key) == LWCX_OK, "ref len=%zu", len);
        tu_buf ct = tu_alloc(len), back = tu_alloc(len);
        const size_t n8 = lwcx_kcc24p6_processed_len(len);
        CHECK(n8 == len / 8 * 8, "processed length");
        CHECK(lwcx_kcc24p6_encrypt_with(impl, ct.p, tag, pt, len, key) == LWCX_OK, "%s", name);
        CHECK(memcmp(ct.p, want_ct, n8) == 0 && memcmp(tag, want_tag, 8) == 0,
              "%s differs from ref, len=%zu", name, len);
        /* the trailing len % 8 bytes of the output are left as they were */
        int untouched = 1;
        for (size_t i = n8; i < len; i++) untouched &= ct.p[i] == 0xA5;
        CHECK(untouched, "%s wrote past the processed bytes, len=%zu", name, len);
        memset(back.p, 0xA5, len);
        CHECK(lwcx_kcc24p6_decrypt_with(impl, back.p, ct.p, len, tag, key) == LWCX_OK, "%s decrypt len=%zu", name, len);
        CHECK(memcmp(back.p, pt, n8) == 0, "%s round trip len=%zu", name, len);
        CHECK(tu_guard_ok(&ct) && tu_guard_ok(&back), "%s guard bytes len=%zu", name, len);
        /* in place both ways */
        uint8_t buf[255];
        memcpy(buf, pt, len);
        CHECK(lwcx_kcc24p6_encrypt_with(impl, buf, tag, buf, len, key) == LWCX_OK && memcmp(buf, want_ct, n8) == 0,
              "%s in-place encrypt len=%zu", name, len);
        CHECK(lwcx_kcc24p6_decrypt_with(impl, buf, buf, len, tag, key) == LWCX_OK && memcmp(buf, pt, n8) == 0,
              "%s in-place decrypt len=%zu", name, len);
        tu_free(&ct);
        tu_free(&back);
    }
}

/* Every single-bit flip of ciphertext or tag fails, and the output buffer is untouched. */
static void forgeries(const lwcx_impl *impl, size_t len)
{
    const char *name = lwcx_impl_name(impl);
    uint8_t key[8], pt[255], ct[255], tag[8], out[255];
    tu_fill(key, 8);
    tu_fill(pt, len);
    CHECK(lwcx_kcc24p6_encrypt_with(impl, ct, tag, pt, len, key) == LWCX_OK, "%s encrypt", name);
    const size_t n8 = lwcx_kcc24p6_processed_len(len);
    unsigned rejected = 0, untouched = 0, total = 0;
    for (size_t bit = 0; bit < 8 * (n8 + 8); bit++, total++) {
        uint8_t *p = bit < 8 * n8 ? ct : tag;
        size_t at = bit < 8 * n8 ? bit : bit - 8 * n8;
        p[at / 8] ^= (uint8_t)(1u << (at % 8));
        memset(out, 0x5A, sizeof out);
        rejected += lwcx_kcc24p6_decrypt_with(impl, out, ct, len, tag, key) == LWCX_ERR_AUTH;
        int same = 1;
        for (size_t i = 0; i < sizeof out; i++) same &= out[i] == 0x5A;
        untouched += same;
        p[at / 8] ^= (uint8_t)(1u << (at % 8));
    }
    CHECK(rejected == total, "%s: %u of %u flips rejected, len=%zu", name, rejected, total, len);
    CHECK(untouched == total, "%s: plaintext written on a failed tag, len=%zu", name, len);
    CHECK(lwcx_kcc24p6_decrypt_with(impl, out, ct, len, tag, key) == LWCX_OK, "%s: the genuine message", name);
}

/* Several threads encrypt every length at once, each in its own order, with
 * the implementation's lazily built tables still cold: every result must
 * match ref's. */
enum { RACE_THREADS = 4 };
static uint8_t race_key[8], race_pt[255], race_ct[256][255], race_tag[256][8];
static const lwcx_impl *race_impl;

static void *race_worker(void *arg)
{
    const unsigned t = (unsigned)(uintptr_t)arg;
    uintptr_t wrong = 0;
    for (unsigned i = 0; i < 256; i++) {
        const size_t len = (i * 37 + t * 64) % 256; /* 37 is odd: every length once */
        uint8_t ct[255], tag[8];
        if (lwcx_kcc24p6_encrypt_with(race_impl, ct, tag, race_pt, len, race_key) != LWCX_OK ||
            memcmp(ct, race_ct[len], lwcx_kcc24p6_processed_len(len)) || memcmp(tag, race_tag[len], 8))
            wrong++;
    }
    return (void *)wrong;
}

static void first_use_from_threads(const char *impl)
{
    tu_fill(race_key, 8);
    tu_fill(race_pt, 255);
    for (size_t len = 0; len < 256; len++)
        CHECK(lwcx_kcc24p6_encrypt_with(ref, race_ct[len], race_tag[len], race_pt, len, race_key) == LWCX_OK, "ref");
    race_impl = lwcx_impl_find("kcc24p6", impl);
    CHECK(lwcx_impl_available(race_impl, NULL), "%s", impl);
    pthread_t th[RACE_THREADS];
    unsigned started = 0;
    while (started < RACE_THREADS && pthread_create(&th[started], NULL, race_worker, (void *)(uintptr_t)started) == 0)
        started++;
    CHECK(started == RACE_THREADS, "started %u of %d threads", started, RACE_THREADS);
    for (unsigned t = 0; t < started; t++) {
        void *wrong = NULL;
        pthread_join(th[t], &wrong);
        CHECK(wrong == NULL, "%s, first use from %d threads: thread %u got %zu wrong results", impl,
              RACE_THREADS, t, (size_t)(uintptr_t)wrong);
    }
}

static void bad_arguments(void)
{
    uint8_t b[256] = {0}, k[8] = {0}, t[8] = {0};
    CHECK(lwcx_kcc24p6_encrypt(b, t, b, 256, k) == LWCX_ERR_LENGTH, "256 bytes is too long");
    CHECK(lwcx_kcc24p6_decrypt(b, b, 1000, t, k) == LWCX_ERR_LENGTH, "1000 bytes is too long");
    CHECK(lwcx_kcc24p6_encrypt(NULL, t, b, 8, k) == LWCX_ERR_NULL, "null ct");
    CHECK(lwcx_kcc24p6_encrypt(b, NULL, b, 8, k) == LWCX_ERR_NULL, "null tag");
    CHECK(lwcx_kcc24p6_encrypt(b, t, NULL, 8, k) == LWCX_ERR_NULL, "null pt");
    CHECK(lwcx_kcc24p6_encrypt(b, t, b, 8, NULL) == LWCX_ERR_NULL, "null key");
    /* partly shared buffers are refused; in place, with the tag right after, is fine */
    CHECK(lwcx_kcc24p6_encrypt(b + 8, t, b, 16, k) == LWCX_ERR_ARG, "partial overlap");
    CHECK(lwcx_kcc24p6_encrypt(b, b + 8, b, 16, k) == LWCX_ERR_ARG, "tag inside the ciphertext");
    CHECK(lwcx_kcc24p6_decrypt(b, b, 16, t, b + 4) == LWCX_ERR_ARG, "key inside the plaintext");
    CHECK(lwcx_kcc24p6_encrypt(b, b + 16, b, 16, k) == LWCX_OK, "in place, the tag after it");
    CHECK(lwcx_kcc24p6_decrypt(b, b, 8, NULL, k) == LWCX_ERR_NULL, "null tag");
    CHECK(lwcx_kcc24p6_decrypt(NULL, b, 8, t, k) == LWCX_ERR_NULL, "null pt");
    CHECK(lwcx_kcc24p6_encrypt(NULL, t, NULL, 7, k) == LWCX_OK, "under one block needs no buffers");
}

int main(void)
{
    ref = lwcx_impl_find("kcc24p6", "ref");
    first_use_from_threads("portable"); /* before anything else has warmed its tables */
    CHECK(kat_run_all(stdout, "kcc24p6") == 0, "known answers (see the lines above)");
    const lwcx_impl *impls[16];
    size_t n = tu_impls("kcc24p6", impls);
    CHECK(n >= 2, "ref and portable are always available");
    for (size_t i = 0; i < n; i++) {
        printf("differential and forgeries: %s\n", lwcx_impl_name(impls[i]));
        differential(impls[i]);
        forgeries(impls[i], 0);
        forgeries(impls[i], 13);
        forgeries(impls[i], 192);
        forgeries(impls[i], 255);
        tu_ran(impls[i]);
    }
    bad_arguments();
    return tu_finish();
}
