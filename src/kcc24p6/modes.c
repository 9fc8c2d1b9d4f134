/* kcc24-p6 design constants shared by the optimized implementations, and the AEAD
 * itself (CTR then tag; decryption into a private buffer, released once the tag
 * verifies) written once over kcc24p6_impl. */
#include <pthread.h>
#include <string.h>

#include "../core/declassify.h"
#include "kcc24p6_impl.h"

const uint8_t lwcx_kcc24p6_nonce[7] = {0x12, 0x34, 0x56, 0x78, 0x9A, 0xBC, 0xDE};

const uint64_t lwcx_kcc24p6_rc[8] = {
    0x393bb7a338cb391bu, 0x72766f4770977236u, 0xe4ecde8ee02fe46cu, 0xc9d9bd1dc15ec9d8u,
    0x93b37b3a83bc93b1u, 0x2767f67407792763u, 0x4eceede80ef24ec6u, 0x9c9ddbd11ce59c8du,
};

uint64_t lwcx_kcc24p6_h(unsigned n)
{
    const uint8_t c = (uint8_t)n;
    const uint8_t h[8] = {c, (uint8_t)(c ^ 0x12), (uint8_t)(c & 0x34), (uint8_t)(c | 0x56),
                          (uint8_t)(c ^ 0x78), (uint8_t)(c & 0x9A), (uint8_t)(c | 0xBC),
                          (uint8_t)(c ^ 0xDE)};
    return lwcx_load64le(h);
}

static kcc24p6_tag_tables tag_tables;
static pthread_once_t tag_tables_once = PTHREAD_ONCE_INIT;

/* Bit-serial product in the tag's field (only used to build the tables). */
static uint64_t mul_slow(uint64_t a, uint64_t b)
{
    uint64_t lo = 0, hi = 0;
    for (unsigned i = 0; i < 64; i++)
        if ((a >> i) & 1) {
            lo ^= b << i;
            hi ^= i ? b >> (64 - i) : 0;
        }
    return kcc24p6_reduce(lo, hi);
}

static void tag_tables_build(void)
{
    for (unsigned j = 0; j < 8; j++)
        for (unsigned b = 0; b < 256; b++) {
            uint64_t y = (uint64_t)b << (8 * j);
            for (int k = 0; k < 4; k++) y = mul_slow(y, y);
            tag_tables.pow16[j][b] = y;
        }
    for (unsigned n = 0; n <= KCC24P6_MAX_BLOCKS; n++) {
        uint64_t *hp = tag_tables.hpow[n], sq = mul_slow(lwcx_kcc24p6_h(n), lwcx_kcc24p6_h(n)); /* H^(2^k) */
        hp[0] = 1;
        hp[1] = sq;
        for (int k = 2; k <= 4; k++) {
            sq = mul_slow(sq, sq);
            hp[k] = mul_slow(hp[k - 1], sq);
        }
    }
}

const kcc24p6_tag_tables *lwcx_kcc24p6_tag_tables_get(void)
{
    pthread_once(&tag_tables_once, tag_tables_build);
    return &tag_tables;
}

LWCX_DEFINE_PRIMITIVE(kcc24p6, kcc24p6_impl,
                      "2024 contest AEAD: CTR with an 8-byte ARX cipher, 8-byte GF(2^64) tag, 0..255 bytes");

size_t lwcx_kcc24p6_processed_len(size_t len)
{
    return len - len % 8;
}

int lwcx_kcc24p6_encrypt(uint8_t *ct, uint8_t tag[8], const uint8_t *pt, size_t len, const uint8_t key[8])
{
    return lwcx_kcc24p6_encrypt_with(NULL, ct, tag, pt, len, key);
}

int lwcx_kcc24p6_decrypt(uint8_t *pt, const uint8_t *ct, size_t len, const uint8_t tag[8], const uint8_t key[8])
{
    return lwcx_kcc24p6_decrypt_with(NULL, pt, ct, len, tag, key);
}

/* The output (the whole blocks of len) partly shares the input, or shares
 * the tag or the key; enc: also the tag (an output) shares the input or the
 * key (lwcx.h, "Buffers"). */
static int out_overlaps(const uint8_t *out, const uint8_t *in, size_t len, const uint8_t *tag, const uint8_t *key,
                        int enc)
{
    const size_t n = len / 8 * 8;
    if (enc && (lwcx_overlap(tag, 8, in, n) || lwcx_overlap(tag, 8, key, 8))) return 1;
    return n && (lwcx_partial_overlap(out, in, n) || lwcx_overlap(out, n, tag, 8) || lwcx_overlap(out, n, key, 8));
}

/* The implementation to run, or NULL with *rc set (see lwcx_resolve); a fail
 * point of the error-injection tests. */
static const kcc24p6_impl *pick(const lwcx_impl *impl, int *rc)
{
    const int injected = lwcx_test_fail_point(LWCX_ERR_UNSUPPORTED);
    if (LWCX_UNLIKELY(injected)) {
        *rc = injected;
        return NULL;
    }
    return lwcx_resolve(&lwcx_prim_kcc24p6, impl, rc);
}

int lwcx_kcc24p6_encrypt_with(const lwcx_impl *impl, uint8_t *ct, uint8_t tag[8], const uint8_t *pt,
                              size_t len, const uint8_t key[8])
{
    if (!tag || !key || (len >= 8 && (!ct || !pt))) return LWCX_ERR_NULL;
    if (len > LWCX_KCC24P6_MAX_BYTES) return LWCX_ERR_LENGTH;
    if (out_overlaps(ct, pt, len, tag, key, 1)) return LWCX_ERR_ARG;
    int rc = LWCX_OK;
    const kcc24p6_impl *im = pick(impl, &rc);
    if (!im) return rc;
    const size_t n = len / 8;
    if (n) im->ctr(ct, pt, n, key);
    /* the ciphertext is published: the tag (keyless, table-driven in some
     * implementations) may index by it */
    LWCX_DECLASSIFY(ct, 8 * n);
    im->tag(tag, ct, n);
    return LWCX_OK;
}

int lwcx_kcc24p6_decrypt_with(const lwcx_impl *impl, uint8_t *pt, const uint8_t *ct, size_t len,
                              const uint8_t tag[8], const uint8_t key[8])
{
    if (!tag || !key || (len >= 8 && (!ct || !pt))) return LWCX_ERR_NULL;
    if (len > LWCX_KCC24P6_MAX_BYTES) return LWCX_ERR_LENGTH;
    if (out_overlaps(pt, ct, len, tag, key, 0)) return LWCX_ERR_ARG;
    int rc = LWCX_OK;
    const kcc24p6_impl *im = pick(impl, &rc);
    if (!im) return rc;
    const size_t n = len / 8;
    /* Decrypted into a buffer of our own, released only once the tag checks
     * out (pt may be ct itself). The cipher first: in `portable` it fetches
     * the tag's table for this length while it runs (with the tag first, a
     * decryption at a length not used for a while waited on memory; see
     * portable.c's tag_map_prefetch). */
    uint8_t plain[LWCX_KCC24P6_MAX_BYTES], want[8];
    if (n) im->ctr(plain, ct, n, key);
    im->tag(want, ct, n);
    const int ok = lwcx_ct_compare(want, tag, 8) == 0;
    if (ok && n) memcpy(pt, plain, 8 * n);
    lwcx_wipe(want, sizeof want);
    lwcx_wipe(plain, 8 * n);
    return ok ? LWCX_OK : LWCX_ERR_AUTH;
}
