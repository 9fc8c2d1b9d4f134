/* kcc23-p4: known answers, differential tests of every implementation
 * against ref (all sizes around batch widths), round trips, in-place use,
 * guard bytes, CTR counter format, bad arguments. */
#include "../kat/kat.h"
#include "lwcx.h"
#include "testutil.h"

#define MAXB 1100

static const size_t sizes[] = {0, 1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 23, 24, 31, 32, 33, 39, 40,
                               47, 48, 63, 64, 65, 95, 96, 97, 127, 128, 129, 255, 256, 257, 1000, MAXB};

static const lwcx_impl *ref;

static void many_keys(const lwcx_impl *impl)
{
    const char *name = lwcx_impl_name(impl);
    static uint8_t pt[8 * MAXB], keys[8 * MAXB], want[8 * MAXB];
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        size_t n = sizes[s];
        tu_fill(pt, 8 * n);
        tu_fill(keys, 8 * n);
        CHECK(lwcx_kcc23p4_encrypt_keys_with(ref, want, pt, keys, n) == LWCX_OK, "ref n=%zu", n);
        tu_buf out = tu_alloc(8 * n), back = tu_alloc(8 * n);
        CHECK(lwcx_kcc23p4_encrypt_keys_with(impl, out.p, pt, keys, n) == LWCX_OK, "%s", name);
        CHECK(memcmp(out.p, want, 8 * n) == 0, "%s encrypt_keys differs from ref, n=%zu", name, n);
        CHECK(lwcx_kcc23p4_decrypt_keys_with(impl, back.p, out.p, keys, n) == LWCX_OK, "%s", name);
        CHECK(memcmp(back.p, pt, 8 * n) == 0, "%s decrypt_keys round trip, n=%zu", name, n);
        CHECK(tu_guard_ok(&out) && tu_guard_ok(&back), "%s guard bytes, n=%zu", name, n);
        /* in place */
        memcpy(back.p, pt, 8 * n);
        CHECK(lwcx_kcc23p4_encrypt_keys_with(impl, back.p, back.p, keys, n) == LWCX_OK &&
                  memcmp(back.p, want, 8 * n) == 0,
              "%s in-place encrypt_keys, n=%zu", name, n);
        CHECK(lwcx_kcc23p4_decrypt_keys_with(impl, back.p, back.p, keys, n) == LWCX_OK &&
                  memcmp(back.p, pt, 8 * n) == 0,
              "%s in-place decrypt_keys, n=%zu", name, n);
        tu_free(&out);
        tu_free(&back);
    }
}

static void one_key(const lwcx_impl *impl)
{
    const char *name = lwcx_impl_name(impl);
    static uint8_t pt[8 * MAXB], want[8 * MAXB];
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        size_t n = sizes[s];
        uint8_t key[8];
        lwcx_kcc23p4_key ks;
        tu_fill(key, 8);
        tu_fill(pt, 8 * n);
        CHECK_OK(lwcx_kcc23p4_expand_key(&ks, key));
        CHECK(lwcx_kcc23p4_ecb_encrypt_with(ref, &ks, want, pt, 8 * n) == LWCX_OK, "ref ecb");
        tu_buf out = tu_alloc(8 * n), back = tu_alloc(8 * n);
        CHECK(lwcx_kcc23p4_ecb_encrypt_with(impl, &ks, out.p, pt, 8 * n) == LWCX_OK, "%s", name);
        CHECK(memcmp(out.p, want, 8 * n) == 0, "%s ecb differs from ref, n=%zu", name, n);
        CHECK(lwcx_kcc23p4_ecb_decrypt_with(impl, &ks, back.p, out.p, 8 * n) == LWCX_OK, "%s", name);
        CHECK(memcmp(back.p, pt, 8 * n) == 0, "%s ecb round trip, n=%zu", name, n);
        CHECK(tu_guard_ok(&out) && tu_guard_ok(&back), "%s guard bytes, n=%zu", name, n);
        tu_free(&out);
        tu_free(&back);
    }
}

/* CTR against its definition: keystream block j = E(le64(iv + j)), computed
 * with ref's ECB; byte lengths 0..300 and a few large ones, and a counter that
 * wraps past 2^64. */
static void ctr(const lwcx_impl *impl)
{
    const char *name = lwcx_impl_name(impl);
    static uint8_t pt[8 * MAXB], ctrs[8 * MAXB], stream[8 * MAXB];
    uint8_t key[8], iv[8];
    lwcx_kcc23p4_key ks;
    for (int wrap = 0; wrap < 2; wrap++) {
        tu_fill(key, 8);
        tu_fill(iv, 8);
        if (wrap) memset(iv, 0xff, 8), iv[0] = 0xf0; /* 2^64 - 16 */
        CHECK_OK(lwcx_kcc23p4_expand_key(&ks, key));
        uint64_t c0 = 0;
        for (int i = 7; i >= 0; i--) c0 = c0 << 8 | iv[i];
        for (size_t j = 0; j < MAXB; j++)
            for (int b = 0; b < 8; b++) ctrs[8 * j + b] = (uint8_t)((c0 + j) >> 8 * b);
        CHECK(lwcx_kcc23p4_ecb_encrypt_with(ref, &ks, stream, ctrs, sizeof ctrs) == LWCX_OK, "ref ecb");
        for (size_t len = 0; len <= 8 * MAXB; len = len < 300 ? len + 1 : len * 3 + 5) {
            tu_fill(pt, len);
            tu_buf out = tu_alloc(len);
            CHECK(lwcx_kcc23p4_ctr_with(impl, &ks, iv, out.p, pt, len) == LWCX_OK, "%s", name);
            int ok = 1;
            for (size_t i = 0; i < len; i++) ok &= out.p[i] == (uint8_t)(pt[i] ^ stream[i]);
            CHECK(ok, "%s ctr keystream, len=%zu wrap=%d", name, len, wrap);
            CHECK(tu_guard_ok(&out), "%s ctr guard bytes, len=%zu", name, len);
            CHECK(lwcx_kcc23p4_ctr_with(impl, &ks, iv, out.p, out.p, len) == LWCX_OK && /* in place, inverse */
                      memcmp(out.p, pt, len) == 0,
                  "%s ctr round trip, len=%zu", name, len);
            tu_free(&out);
        }
    }
}

static void bad_arguments(void)
{
    uint8_t b[16] = {0}, k[8] = {0};
    lwcx_kcc23p4_key ks;
    CHECK(lwcx_kcc23p4_encrypt_keys(NULL, b, k, 1) == LWCX_ERR_NULL, "null out");
    CHECK(lwcx_kcc23p4_encrypt_keys(b, NULL, k, 1) == LWCX_ERR_NULL, "null in");
    CHECK(lwcx_kcc23p4_decrypt_keys(b, b, NULL, 1) == LWCX_ERR_NULL, "null keys");
    CHECK(lwcx_kcc23p4_encrypt_keys(NULL, NULL, NULL, 0) == LWCX_OK, "zero blocks");
    CHECK(lwcx_kcc23p4_encrypt_keys(b, b, k, SIZE_MAX / 4) == LWCX_ERR_LENGTH, "overflowing count");
    CHECK(lwcx_kcc23p4_expand_key(NULL, k) == LWCX_ERR_NULL, "null ks");
    CHECK(lwcx_kcc23p4_expand_key(&ks, NULL) == LWCX_ERR_NULL, "null key");
    CHECK_OK(lwcx_kcc23p4_expand_key(&ks, k));
    CHECK(lwcx_kcc23p4_ecb_encrypt(&ks, b, b, 7) == LWCX_ERR_LENGTH, "partial block");
    CHECK(lwcx_kcc23p4_ecb_decrypt(&ks, b, b, 9) == LWCX_ERR_LENGTH, "partial block");
    CHECK(lwcx_kcc23p4_ecb_encrypt(NULL, b, b, 8) == LWCX_ERR_NULL, "null ks");
    CHECK(lwcx_kcc23p4_ecb_encrypt(&ks, NULL, b, 8) == LWCX_ERR_NULL, "null out");
    CHECK(lwcx_kcc23p4_ecb_encrypt(&ks, NULL, NULL, 0) == LWCX_OK, "empty ecb");
    CHECK(lwcx_kcc23p4_ctr(&ks, NULL, b, b, 8) == LWCX_ERR_NULL, "null iv");
    CHECK(lwcx_kcc23p4_ctr(&ks, k, b, NULL, 3) == LWCX_ERR_NULL, "null in");
    CHECK(lwcx_kcc23p4_ctr(&ks, k, NULL, NULL, 0) == LWCX_OK, "empty ctr");
    CHECK(lwcx_kcc23p4_ctr(NULL, k, b, b, 8) == LWCX_ERR_NULL, "null ks");
}

int main(void)
{
    CHECK(kat_run_all(stdout, "kcc23p4") == 0, "known answers (see the lines above)");
    ref = lwcx_impl_find("kcc23p4", "ref");
    const lwcx_impl *impls[16];
    size_t n = tu_impls("kcc23p4", impls);
    CHECK(ref != NULL && n >= 2, "ref and portable are always available");
    for (size_t i = 0; ref && i < n; i++) {
        printf("differential: %s\n", lwcx_impl_name(impls[i]));
        many_keys(impls[i]);
        one_key(impls[i]);
        ctr(impls[i]);
        tu_ran(impls[i]);
    }
    bad_arguments();
    return tu_finish();
}
