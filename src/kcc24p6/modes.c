/* kcc24-p6 design constants shared by the optimized implementations, and the AEAD
 * itself (CTR then tag; verify then decrypt) written once over kcc24p6_impl. */
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

static const lwcx_impl_desc *const impls[] = {
#if defined(__x86_64__)
    &kcc24p6_gfni.desc,
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
