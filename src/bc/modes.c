/* Block ciphers' public API: argument checks, tails, ECB, CTR and many keys —
 * written once over the narrow per-implementation interface (bc_impl.h) for
 * every cipher and implementation. */
#include <stdint.h>
#include <string.h>

#include "bc_impl.h"

/* --- the registry: one primitive per cipher -------------------------------- */

LWCX_DEFINE_PRIMITIVE(present80, bc_impl, "PRESENT-80 block cipher: 64-bit block, 80-bit key, 31 rounds");
LWCX_DEFINE_PRIMITIVE(present128, bc_impl, "PRESENT-128 block cipher: 64-bit block, 128-bit key, 31 rounds");
LWCX_DEFINE_PRIMITIVE(gift64, bc_impl, "GIFT-64 block cipher: 64-bit block, 128-bit key, 28 rounds");
LWCX_DEFINE_PRIMITIVE(gift128, bc_impl, "GIFT-128 block cipher: 128-bit block, 128-bit key, 40 rounds");
LWCX_DEFINE_PRIMITIVE(pipo128, bc_impl, "PIPO-64/128 block cipher: 64-bit block, 128-bit key, 13 rounds");
LWCX_DEFINE_PRIMITIVE(pipo256, bc_impl, "PIPO-64/256 block cipher: 64-bit block, 256-bit key, 17 rounds");

/* indexed by lwcx_blockcipher */
const bc_cipher bc_ciphers[BC_NCIPHERS] = {
    {"present80", 8, 10, 31, &lwcx_prim_present80},
    {"present128", 8, 16, 31, &lwcx_prim_present128},
    {"gift64", 8, 16, 28, &lwcx_prim_gift64},
    {"gift128", 16, 16, 40, &lwcx_prim_gift128},
    {"pipo128", 8, 16, 13, &lwcx_prim_pipo128},
    {"pipo256", 8, 32, 17, &lwcx_prim_pipo256},
};

static const bc_cipher *cipher(lwcx_blockcipher c)
{
    return (unsigned)c < BC_NCIPHERS ? &bc_ciphers[c] : NULL;
}

/* The implementation to run (impl, or the automatic choice), or NULL with *rc set. */
static const bc_impl *pick(const bc_cipher *ci, const lwcx_impl *impl, int *rc)
{
    return (const bc_impl *)lwcx_resolve(ci->prim, impl, rc);
}

size_t lwcx_bc_block_bytes(lwcx_blockcipher c)
{
    const bc_cipher *ci = cipher(c);
    return ci ? ci->block_bytes : 0;
}

size_t lwcx_bc_key_bytes(lwcx_blockcipher c)
{
    const bc_cipher *ci = cipher(c);
    return ci ? ci->key_bytes : 0;
}

const char *lwcx_bc_name(lwcx_blockcipher c)
{
    const bc_cipher *ci = cipher(c);
    return ci ? ci->name : NULL;
}

/* An expanded key on the stack, whatever the implementation. */
typedef struct sched_buf {
    _Alignas(BC_SCHED_ALIGN) uint8_t b[BC_SCHED_MAX];
} sched_buf;

typedef void (*blocks_fn)(const void *, uint8_t *, const uint8_t *, size_t);

/* Runs fn on whole batches directly, then on one zero-padded batch for the tail. */
static void run_blocks(blocks_fn fn, const void *sched, unsigned batch, unsigned bs, uint8_t *out,
                       const uint8_t *in, size_t n)
{
    size_t whole = n - n % batch, rest = n - whole;
    if (whole) fn(sched, out, in, whole);
    if (rest) {
        uint8_t buf[BC_MAX_BLOCK * BC_MAX_BATCH] = {0};
        memcpy(buf, in + bs * whole, bs * rest);
        fn(sched, buf, buf, batch);
        memcpy(out + bs * whole, buf, bs * rest);
        lwcx_wipe(buf, bs * batch);
    }
}

/* --- one key: ECB ------------------------------------------------------------ */

static int ecb(const lwcx_impl *impl, lwcx_blockcipher c, const uint8_t *key, uint8_t *out,
               const uint8_t *in, size_t len, int enc)
{
    const bc_cipher *ci = cipher(c);
    if (!ci) return LWCX_ERR_ARG;
    if (!key) return LWCX_ERR_NULL;
    if (len % ci->block_bytes) return LWCX_ERR_LENGTH;
    if (len && (!out || !in)) return LWCX_ERR_NULL;
    int rc = LWCX_OK;
    const bc_impl *im = pick(ci, impl, &rc);
    if (!im || !len) return rc;
    sched_buf ks;
    im->expand(ks.b, key);
    run_blocks(enc ? im->encrypt : im->decrypt, ks.b, im->desc.batch, ci->block_bytes, out, in,
               len / ci->block_bytes);
    lwcx_wipe(ks.b, im->sched_bytes);
    return LWCX_OK;
}

int lwcx_bc_ecb_encrypt(lwcx_blockcipher c, const uint8_t *key, uint8_t *out, const uint8_t *in,
                        size_t len)
{
    return ecb(NULL, c, key, out, in, len, 1);
}

int lwcx_bc_ecb_decrypt(lwcx_blockcipher c, const uint8_t *key, uint8_t *out, const uint8_t *in,
                        size_t len)
{
    return ecb(NULL, c, key, out, in, len, 0);
}

int lwcx_bc_ecb_encrypt_with(const lwcx_impl *impl, lwcx_blockcipher c, const uint8_t *key,
                             uint8_t *out, const uint8_t *in, size_t len)
{
    return ecb(impl, c, key, out, in, len, 1);
}

int lwcx_bc_ecb_decrypt_with(const lwcx_impl *impl, lwcx_blockcipher c, const uint8_t *key,
                             uint8_t *out, const uint8_t *in, size_t len)
{
    return ecb(impl, c, key, out, in, len, 0);
}

/* --- one key: CTR -------------------------------------------------------------- */

#define CTR_CHUNK_BYTES 4096 /* keystream per implementation call (whole batches) */

/* stream = ctr, ctr+1, ..., ctr+n-1 (n blocks), and ctr += n: the low 64
 * bits as one integer, a carry into the high half (16-byte blocks) when they
 * wrap. */
static void counter_blocks(uint8_t *stream, uint8_t *ctr, unsigned bs, size_t n)
{
    const uint64_t lo = lwcx_load64be(ctr + bs - 8);
    uint64_t hi = bs == 16 ? lwcx_load64be(ctr) : 0;
    for (size_t j = 0; j < n; j++) {
        uint64_t v = lo + j;
        lwcx_store64be(stream + bs * j + bs - 8, v);
        if (bs == 16) lwcx_store64be(stream + bs * j, hi + (v < lo));
    }
    if (bs == 16) lwcx_store64be(ctr, hi + (lo + n < lo));
    lwcx_store64be(ctr + bs - 8, lo + n);
}

int lwcx_bc_ctr(lwcx_blockcipher c, const uint8_t *key, const uint8_t *iv, uint8_t *out,
                const uint8_t *in, size_t len)
{
    return lwcx_bc_ctr_with(NULL, c, key, iv, out, in, len);
}

int lwcx_bc_ctr_with(const lwcx_impl *impl, lwcx_blockcipher c, const uint8_t *key, const uint8_t *iv,
                     uint8_t *out, const uint8_t *in, size_t len)
{
    const bc_cipher *ci = cipher(c);
    if (!ci) return LWCX_ERR_ARG;
    if (!key || !iv) return LWCX_ERR_NULL;
    if (len && (!out || !in)) return LWCX_ERR_NULL;
    int rc = LWCX_OK;
    const bc_impl *im = pick(ci, impl, &rc);
    if (!im || !len) return rc;
    const unsigned bs = ci->block_bytes, batch = im->desc.batch;
    /* the largest number of whole batches that fits the buffer */
    const size_t chunk_blocks = (CTR_CHUNK_BYTES / bs) / batch * batch;
    uint8_t stream[CTR_CHUNK_BYTES], ctr[BC_MAX_BLOCK];
    sched_buf ks;
    im->expand(ks.b, key);
    memcpy(ctr, iv, bs);
    while (len) {
        size_t nbytes = len < chunk_blocks * bs ? len : chunk_blocks * bs;
        size_t nblocks = (nbytes + bs - 1) / bs;
        nblocks += (batch - nblocks % batch) % batch; /* pad to whole batches */
        counter_blocks(stream, ctr, bs, nblocks);
        im->encrypt(ks.b, stream, stream, nblocks);
        for (size_t j = 0; j < nbytes; j++) out[j] = (uint8_t)(in[j] ^ stream[j]);
        out += nbytes;
        in += nbytes;
        len -= nbytes; /* only the last chunk is partial, so ctr running ahead does not matter */
    }
    lwcx_wipe(stream, sizeof stream);
    lwcx_wipe(ks.b, im->sched_bytes);
    return LWCX_OK;
}

/* --- many keys: block i under key i ----------------------------------------- */

typedef void (*keys_fn)(uint8_t *, const uint8_t *, const uint8_t *, size_t);

static int many_keys(const lwcx_impl *impl, lwcx_blockcipher c, uint8_t *out, const uint8_t *in,
                     const uint8_t *keys, size_t n, int enc)
{
    const bc_cipher *ci = cipher(c);
    if (!ci) return LWCX_ERR_ARG;
    if (n > SIZE_MAX / BC_MAX_KEY) return LWCX_ERR_LENGTH; /* byte sizes would overflow */
    if (n && (!out || !in || !keys)) return LWCX_ERR_NULL;
    int rc = LWCX_OK;
    const bc_impl *im = pick(ci, impl, &rc);
    if (!im || !n) return rc;
    const unsigned bs = ci->block_bytes, kb = ci->key_bytes, batch = im->desc.batch;
    keys_fn fn = enc ? im->encrypt_keys : im->decrypt_keys;
    if (fn) {
        size_t whole = n - n % batch, rest = n - whole;
        if (whole) fn(out, in, keys, whole);
        if (rest) {
            uint8_t buf[BC_MAX_BLOCK * BC_MAX_BATCH] = {0}, kbuf[BC_MAX_KEY * BC_MAX_BATCH] = {0};
            memcpy(buf, in + bs * whole, bs * rest);
            memcpy(kbuf, keys + kb * whole, kb * rest);
            fn(buf, buf, kbuf, batch);
            memcpy(out + bs * whole, buf, bs * rest);
            lwcx_wipe(kbuf, kb * batch);
            lwcx_wipe(buf, bs * batch);
        }
        return LWCX_OK;
    }
    /* no parallel key schedule: expand each key, then one (padded) batch */
    blocks_fn bfn = enc ? im->encrypt : im->decrypt;
    sched_buf ks;
    for (size_t i = 0; i < n; i++) {
        im->expand(ks.b, keys + kb * i);
        run_blocks(bfn, ks.b, batch, bs, out + bs * i, in + bs * i, 1);
    }
    lwcx_wipe(ks.b, im->sched_bytes);
    return LWCX_OK;
}

int lwcx_bc_encrypt_keys(lwcx_blockcipher c, uint8_t *out, const uint8_t *in, const uint8_t *keys,
                         size_t nblocks)
{
    return many_keys(NULL, c, out, in, keys, nblocks, 1);
}

int lwcx_bc_decrypt_keys(lwcx_blockcipher c, uint8_t *out, const uint8_t *in, const uint8_t *keys,
                         size_t nblocks)
{
    return many_keys(NULL, c, out, in, keys, nblocks, 0);
}

int lwcx_bc_encrypt_keys_with(const lwcx_impl *impl, lwcx_blockcipher c, uint8_t *out,
                              const uint8_t *in, const uint8_t *keys, size_t nblocks)
{
    return many_keys(impl, c, out, in, keys, nblocks, 1);
}

int lwcx_bc_decrypt_keys_with(const lwcx_impl *impl, lwcx_blockcipher c, uint8_t *out,
                              const uint8_t *in, const uint8_t *keys, size_t nblocks)
{
    return many_keys(impl, c, out, in, keys, nblocks, 0);
}
