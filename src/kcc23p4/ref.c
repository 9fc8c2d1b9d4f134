/* kcc23-p4 reference: the specification as written. The key schedule fills
 * an array of 80 round keys, then 80 rounds run one block at a time. */
#include "kcc23p4_impl.h"

void lwcx_kcc23p4_expand(uint32_t rk[KCC23P4_ROUNDS], uint32_t k0, uint32_t k1)
{
    uint32_t k1w = k0, k2w = k1;
    for (uint32_t i = 0; i < KCC23P4_ROUNDS; i++) {
        k1w = (lwcx_ror32(k1w, 8) + k2w) ^ i;
        k2w = lwcx_rol32(k2w, 3) ^ k1w;
        rk[i] = k2w; /* the first round key is already updated */
    }
}

static uint32_t round_f(uint32_t a)
{
    return (lwcx_rol32(a, 1) & lwcx_rol32(a, 8)) ^ lwcx_rol32(a, 2);
}

static void encrypt_block(uint8_t *out, const uint8_t *in, const uint32_t rk[KCC23P4_ROUNDS])
{
    uint32_t a = lwcx_load32le(in), b = lwcx_load32le(in + 4);
    for (int i = 0; i < KCC23P4_ROUNDS; i++) {
        b ^= round_f(a) ^ rk[i];
        uint32_t t = a;
        a = b;
        b = t;
    }
    lwcx_store32le(out, a);
    lwcx_store32le(out + 4, b);
}

static void decrypt_block(uint8_t *out, const uint8_t *in, const uint32_t rk[KCC23P4_ROUNDS])
{
    uint32_t a = lwcx_load32le(in), b = lwcx_load32le(in + 4);
    for (int i = KCC23P4_ROUNDS - 1; i >= 0; i--) {
        uint32_t t = a;
        a = b;
        b = t;
        b ^= round_f(a) ^ rk[i];
    }
    lwcx_store32le(out, a);
    lwcx_store32le(out + 4, b);
}

static void ref_encrypt_keys(uint8_t *out, const uint8_t *in, const uint8_t *keys, size_t n)
{
    uint32_t rk[KCC23P4_ROUNDS];
    for (size_t i = 0; i < n; i++) {
        lwcx_kcc23p4_expand(rk, lwcx_load32le(keys + 8 * i), lwcx_load32le(keys + 8 * i + 4));
        encrypt_block(out + 8 * i, in + 8 * i, rk);
    }
    lwcx_wipe(rk, sizeof rk);
}

static void ref_decrypt_keys(uint8_t *out, const uint8_t *in, const uint8_t *keys, size_t n)
{
    uint32_t rk[KCC23P4_ROUNDS];
    for (size_t i = 0; i < n; i++) {
        lwcx_kcc23p4_expand(rk, lwcx_load32le(keys + 8 * i), lwcx_load32le(keys + 8 * i + 4));
        decrypt_block(out + 8 * i, in + 8 * i, rk);
    }
    lwcx_wipe(rk, sizeof rk);
}

static void ref_encrypt_rk(uint8_t *out, const uint8_t *in, size_t n, const uint32_t rk[KCC23P4_ROUNDS])
{
    for (size_t i = 0; i < n; i++) encrypt_block(out + 8 * i, in + 8 * i, rk);
}

static void ref_decrypt_rk(uint8_t *out, const uint8_t *in, size_t n, const uint32_t rk[KCC23P4_ROUNDS])
{
    for (size_t i = 0; i < n; i++) decrypt_block(out + 8 * i, in + 8 * i, rk);
}

const kcc23p4_impl lwcx_kcc23p4_ref = {
    .desc = {
        .name = "ref",
        .description = "the specification: round keys into an array, then one block at a time",
        .batch = 1,
        .constant_time = 1,
    },
    .rk_batch = 1,
    .encrypt_keys = ref_encrypt_keys,
    .decrypt_keys = ref_decrypt_keys,
    .encrypt_rk = ref_encrypt_rk,
    .decrypt_rk = ref_decrypt_rk,
};
