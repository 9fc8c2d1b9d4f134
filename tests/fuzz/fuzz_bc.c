/* PRESENT, GIFT, PIPO: every available implementation of the chosen cipher
 * gives ref's ECB (both directions), CTR and many-keys results on fuzzer
 * keys, counters and data, separate and in place, and decryption inverts
 * encryption.
 * Input: cipher byte, key (32 bytes, the cipher's first ones used), CTR iv
 * (16 bytes), data (the rest: ECB uses its whole blocks; many-keys splits it
 * into n blocks then n keys). */
#include "fuzz.h"

typedef int (*ecb_fn)(const lwcx_impl *impl, lwcx_blockcipher c, const uint8_t *key, uint8_t *out,
                      const uint8_t *in, size_t len);

/* One ECB direction: impl gives ref's result (into want), also in place. */
static void ecb_same(ecb_fn f, const lwcx_impl *impl, const lwcx_impl *ref, lwcx_blockcipher c,
                     const uint8_t *key, const uint8_t *in, size_t len, uint8_t *want)
{
    uint8_t *got = fuzz_alloc(len), *io = fuzz_dup(in, len);
    CHECK(f(ref, c, key, want, in, len) == LWCX_OK);
    CHECK(f(impl, c, key, got, in, len) == LWCX_OK);
    CHECK(memcmp(got, want, len) == 0);
    CHECK(f(impl, c, key, io, io, len) == LWCX_OK);
    CHECK(memcmp(io, want, len) == 0);
    free(got), free(io);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_in in = {data, size};
    const lwcx_blockcipher c = (lwcx_blockcipher)(fuzz_byte(&in) % 6);
    const char *name = lwcx_bc_name(c);
    const size_t bs = lwcx_bc_block_bytes(c), kb = lwcx_bc_key_bytes(c);
    uint8_t key[LWCX_BC_MAX_KEY_BYTES], iv[LWCX_BC_MAX_BLOCK_BYTES];
    fuzz_copy(&in, key, sizeof key);
    fuzz_copy(&in, iv, sizeof iv);
    size_t len;
    const uint8_t *datap = fuzz_take(&in, in.n, &len);
    const size_t elen = len - len % bs, nkeys = len / (bs + kb);
    uint8_t *msg = fuzz_dup(datap, len), *want = fuzz_alloc(len), *got = fuzz_alloc(len);
    uint8_t *back = fuzz_alloc(len);
    const lwcx_impl *ref = lwcx_impl_find(name, "ref");
    CHECK(ref);

    for (size_t i = 0; lwcx_impl_at(name, i); i++) {
        const lwcx_impl *impl = lwcx_impl_at(name, i);
        if (!lwcx_impl_available(impl, NULL)) continue;

        ecb_same(lwcx_bc_ecb_decrypt_with, impl, ref, c, key, msg, elen, want);
        ecb_same(lwcx_bc_ecb_encrypt_with, impl, ref, c, key, msg, elen, want);
        CHECK(lwcx_bc_ecb_decrypt_with(impl, c, key, back, want, elen) == LWCX_OK);
        CHECK(memcmp(back, msg, elen) == 0);

        /* CTR, then CTR again in place undoes it */
        CHECK(lwcx_bc_ctr_with(ref, c, key, iv, want, msg, len) == LWCX_OK);
        CHECK(lwcx_bc_ctr_with(impl, c, key, iv, got, msg, len) == LWCX_OK);
        CHECK(memcmp(got, want, len) == 0);
        CHECK(lwcx_bc_ctr_with(impl, c, key, iv, got, got, len) == LWCX_OK);
        CHECK(memcmp(got, msg, len) == 0);

        /* many keys: block j under key j, the keys after the blocks */
        const uint8_t *keys = msg + nkeys * bs;
        CHECK(lwcx_bc_encrypt_keys_with(ref, c, want, msg, keys, nkeys) == LWCX_OK);
        CHECK(lwcx_bc_encrypt_keys_with(impl, c, got, msg, keys, nkeys) == LWCX_OK);
        CHECK(memcmp(got, want, nkeys * bs) == 0);
        CHECK(lwcx_bc_decrypt_keys_with(impl, c, got, got, keys, nkeys) == LWCX_OK);
        CHECK(memcmp(got, msg, nkeys * bs) == 0);
    }
    free(msg), free(want), free(got), free(back);
    return 0;
}
