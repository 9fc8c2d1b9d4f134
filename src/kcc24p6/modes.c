/* kcc24-p6 design constants shared by the optimized implementations, and the AEAD
 * itself (CTR then tag; verify then decrypt) written once over kcc24p6_impl. */
#include <string.h>

#include "kcc24p6_impl.h"

const uint8_t kcc24p6_nonce[7] = {0x12, 0x34, 0x56, 0x78, 0x9A, 0xBC, 0xDE};

const uint64_t kcc24p6_rc[8] = {
    0x393bb7a338cb391bu, 0x72766f4770977236u, 0xe4ecde8ee02fe46cu, 0xc9d9bd1dc15ec9d8u,
    0x93b37b3a83bc93b1u, 0x2767f67407792763u, 0x4eceede80ef24ec6u, 0x9c9ddbd11ce59c8du,
};

uint64_t kcc24p6_h(unsigned n)
{
    const uint8_t c = (uint8_t)n;
    const uint8_t h[8] = {c, (uint8_t)(c ^ 0x12), (uint8_t)(c & 0x34), (uint8_t)(c | 0x56),
                          (uint8_t)(c ^ 0x78), (uint8_t)(c & 0x9A), (uint8_t)(c | 0xBC),
                          (uint8_t)(c ^ 0xDE)};
    return lwcx_load64le(h);
}

/* The key schedule for the optimized implementations: the 8 key bytes are 8
 * independent chains of rotate-then-add, so each step is two one-cycle
 * instructions; unrolling by 8 makes every rotation amount a constant. */
static inline uint8_t rol8c(uint8_t x, unsigned r)
{
    return (uint8_t)((x << (r & 7)) | (x >> ((8 - r) & 7)));
}

void kcc24p6_key_schedule(uint8_t rk[KCC24P6_ROUNDS][8], const uint8_t key[8])
{
    uint8_t k0 = key[0], k1 = key[1], k2 = key[2], k3 = key[3], k4 = key[4], k5 = key[5],
            k6 = key[6], k7 = key[7];
    memcpy(rk[0], key, 8);
    for (unsigned base = 0; base < KCC24P6_ROUNDS; base += 8) {
#pragma GCC unroll 8
        for (unsigned q = 0; q < 8; q++) {
            const unsigned i = base + q, e = (q + 1) % 8, o = (q + 5) % 8;
            const uint64_t c = kcc24p6_rc[q];
            if (i == 0) continue;
            k0 = (uint8_t)(rol8c(k0, e) + (uint8_t)c);
            k1 = (uint8_t)(rol8c(k1, o) + (uint8_t)(c >> 8));
            k2 = (uint8_t)(rol8c(k2, e) + (uint8_t)(c >> 16));
            k3 = (uint8_t)(rol8c(k3, o) + (uint8_t)(c >> 24));
            k4 = (uint8_t)(rol8c(k4, e) + (uint8_t)(c >> 32));
            k5 = (uint8_t)(rol8c(k5, o) + (uint8_t)(c >> 40));
            k6 = (uint8_t)(rol8c(k6, e) + (uint8_t)(c >> 48));
            k7 = (uint8_t)(rol8c(k7, o) + (uint8_t)(c >> 56));
            rk[i][0] = k0, rk[i][1] = k1, rk[i][2] = k2, rk[i][3] = k3;
            rk[i][4] = k4, rk[i][5] = k5, rk[i][6] = k6, rk[i][7] = k7;
        }
    }
}

static const lwcx_impl_desc *const impls[] = {
#if defined(__x86_64__)
    &kcc24p6_avx2.desc,
#endif
#if defined(__aarch64__)
    &kcc24p6_neon.desc,
#endif
    &kcc24p6_portable.desc,
    &kcc24p6_ref.desc,
    NULL,
};

lwcx_primitive lwcx_prim_kcc24p6 = {
    "kcc24p6",
    "2024 contest AEAD: CTR with an 8-byte ARX cipher, 8-byte GF(2^64) tag, 0..255 bytes",
    impls,
    NULL,
};

static const kcc24p6_impl *active(void)
{
    return (const kcc24p6_impl *)lwcx_active_impl(&lwcx_prim_kcc24p6);
}

size_t lwcx_kcc24p6_processed_len(size_t len)
{
    return len - len % 8;
}

int lwcx_kcc24p6_encrypt(uint8_t *ct, uint8_t tag[8], const uint8_t *pt, size_t len, const uint8_t key[8])
{
    if (!tag || !key || (len >= 8 && (!ct || !pt))) return LWCX_ERR_NULL;
    if (len > LWCX_KCC24P6_MAX_BYTES) return LWCX_ERR_LENGTH;
    const kcc24p6_impl *im = active();
    const size_t n = len / 8;
    if (n) im->ctr(ct, pt, n, key);
    im->tag(tag, ct, n);
    return LWCX_OK;
}

int lwcx_kcc24p6_decrypt(uint8_t *pt, const uint8_t *ct, size_t len, const uint8_t tag[8], const uint8_t key[8])
{
    if (!tag || !key || (len >= 8 && (!ct || !pt))) return LWCX_ERR_NULL;
    if (len > LWCX_KCC24P6_MAX_BYTES) return LWCX_ERR_LENGTH;
    const kcc24p6_impl *im = active();
    const size_t n = len / 8;
    uint8_t want[8];
    im->tag(want, ct, n);
    int ok = lwcx_ct_compare(want, tag, 8) == 0;
    lwcx_wipe(want, sizeof want);
    if (!ok) return LWCX_ERR_AUTH;
    if (n) im->ctr(pt, ct, n, key);
    return LWCX_OK;
}
