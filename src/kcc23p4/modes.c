/* kcc23-p4 public API: argument checks, tails, ECB and CTR — written once
 * over the narrow per-implementation interface. */
#include <stdint.h>
#include <string.h>

#include "kcc23p4_impl.h"

#define MAX_BATCH KCC23P4_MAX_BATCH

LWCX_DEFINE_PRIMITIVE(kcc23p4, kcc23p4_impl, "2023 contest block cipher: 64-bit block, 64-bit key, 80 rounds");

/* The implementation to run, or NULL with *rc set (see lwcx_resolve). */
static const kcc23p4_impl *pick(const lwcx_impl *impl, int *rc)
{
    return lwcx_resolve(&lwcx_prim_kcc23p4, impl, rc);
}

typedef void (*keys_fn)(uint8_t *, const uint8_t *, const uint8_t *, size_t);
typedef void (*rk_fn)(uint8_t *, const uint8_t *, size_t, const uint32_t *);

/* Runs fn on whole batches in place, then on one zero-padded batch for the tail. */
static void run_keys(keys_fn fn, unsigned batch, uint8_t *out, const uint8_t *in,
                     const uint8_t *keys, size_t n)
{
    size_t whole = n - n % batch, rest = n - whole;
    if (whole) fn(out, in, keys, whole);
    if (rest) {
        uint8_t buf[8 * MAX_BATCH] = {0}, kbuf[8 * MAX_BATCH] = {0};
        memcpy(buf, in + 8 * whole, 8 * rest);
        memcpy(kbuf, keys + 8 * whole, 8 * rest);
        fn(buf, buf, kbuf, batch);
        memcpy(out + 8 * whole, buf, 8 * rest);
        lwcx_wipe(kbuf, sizeof kbuf);
        lwcx_wipe(buf, sizeof buf);
    }
}

static void run_rk(rk_fn fn, unsigned batch, uint8_t *out, const uint8_t *in, size_t n,
                   const uint32_t *rk)
{
    size_t whole = n - n % batch, rest = n - whole;
    if (whole) fn(out, in, whole, rk);
    if (rest) {
        uint8_t buf[8 * MAX_BATCH] = {0};
        memcpy(buf, in + 8 * whole, 8 * rest);
        fn(buf, buf, batch, rk);
        memcpy(out + 8 * whole, buf, 8 * rest);
        lwcx_wipe(buf, sizeof buf);
    }
}

/* The output is its input or disjoint, and disjoint from the keys (lwcx.h,
 * "Buffers"): the kernels read and write whole batches at a time, so any
 * other overlap gives wrong output, differently on each implementation. */
static LWCX_NODISCARD int check_blocks(const void *out, const void *in, const void *keys, size_t nblocks)
{
    if (nblocks > SIZE_MAX / 8) return LWCX_ERR_LENGTH;
    if (nblocks && (!out || !in || !keys)) return LWCX_ERR_NULL;
    if (lwcx_partial_overlap(out, in, 8 * nblocks) || lwcx_overlap(out, 8 * nblocks, keys, 8 * nblocks))
        return LWCX_ERR_ARG;
    return LWCX_OK;
}

static LWCX_NODISCARD int crypt_keys(const lwcx_impl *impl, uint8_t *out, const uint8_t *in, const uint8_t *keys,
                      size_t nblocks, int enc)
{
    int rc = check_blocks(out, in, keys, nblocks);
    const kcc23p4_impl *im = rc ? NULL : pick(impl, &rc);
    if (!im || !nblocks) return rc;
    run_keys(enc ? im->encrypt_keys : im->decrypt_keys, im->desc.batch, out, in, keys, nblocks);
    return LWCX_OK;
}

int lwcx_kcc23p4_encrypt_keys_with(const lwcx_impl *impl, uint8_t *out, const uint8_t *in,
                                   const uint8_t *keys, size_t nblocks)
{
    return crypt_keys(impl, out, in, keys, nblocks, 1);
}

int lwcx_kcc23p4_decrypt_keys_with(const lwcx_impl *impl, uint8_t *out, const uint8_t *in,
                                   const uint8_t *keys, size_t nblocks)
{
    return crypt_keys(impl, out, in, keys, nblocks, 0);
}

int lwcx_kcc23p4_encrypt_keys(uint8_t *out, const uint8_t *in, const uint8_t *keys, size_t nblocks)
{
    return crypt_keys(NULL, out, in, keys, nblocks, 1);
}

int lwcx_kcc23p4_decrypt_keys(uint8_t *out, const uint8_t *in, const uint8_t *keys, size_t nblocks)
{
    return crypt_keys(NULL, out, in, keys, nblocks, 0);
}

int lwcx_kcc23p4_expand_key(lwcx_kcc23p4_key *ks, const uint8_t key[8])
{
    if (!ks || !key) return LWCX_ERR_NULL;
    lwcx_kcc23p4_expand(ks->rk, lwcx_load32le(key), lwcx_load32le(key + 4));
    return LWCX_OK;
}

static LWCX_NODISCARD int ecb(const lwcx_impl *impl, const lwcx_kcc23p4_key *ks, uint8_t *out, const uint8_t *in,
               size_t len, int enc)
{
    if (!ks) return LWCX_ERR_NULL;
    if (len % 8) return LWCX_ERR_LENGTH;
    if (len && (!out || !in)) return LWCX_ERR_NULL;
    if (lwcx_partial_overlap(out, in, len) || lwcx_overlap(out, len, ks, sizeof *ks)) return LWCX_ERR_ARG;
    int rc = LWCX_OK;
    const kcc23p4_impl *im = pick(impl, &rc);
    if (!im || !len) return rc;
    run_rk(enc ? im->encrypt_rk : im->decrypt_rk, im->rk_batch, out, in, len / 8, ks->rk);
    return LWCX_OK;
}

int lwcx_kcc23p4_ecb_encrypt_with(const lwcx_impl *impl, const lwcx_kcc23p4_key *ks, uint8_t *out,
                                  const uint8_t *in, size_t len)
{
    return ecb(impl, ks, out, in, len, 1);
}

int lwcx_kcc23p4_ecb_decrypt_with(const lwcx_impl *impl, const lwcx_kcc23p4_key *ks, uint8_t *out,
                                  const uint8_t *in, size_t len)
{
    return ecb(impl, ks, out, in, len, 0);
}

int lwcx_kcc23p4_ecb_encrypt(const lwcx_kcc23p4_key *ks, uint8_t *out, const uint8_t *in, size_t len)
{
    return ecb(NULL, ks, out, in, len, 1);
}

int lwcx_kcc23p4_ecb_decrypt(const lwcx_kcc23p4_key *ks, uint8_t *out, const uint8_t *in, size_t len)
{
    return ecb(NULL, ks, out, in, len, 0);
}

#define CTR_CHUNK 128 /* blocks of keystream per implementation call */

/* Counter blocks ctr .. ctr + n - 1, little-endian, into stream: stored as
 * they are on a little-endian host. gcc vectorized lwcx_store64le's byte
 * stores into shuffles, and CTR with avx512 fell behind clang's. */
static void counter_blocks(uint8_t *stream, uint64_t ctr, size_t n)
{
    for (size_t j = 0; j < n; j++) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
        const uint64_t c = ctr + j;
        memcpy(stream + 8 * j, &c, sizeof c);
#else
        lwcx_store64le(stream + 8 * j, ctr + j);
#endif
    }
}

int lwcx_kcc23p4_ctr(const lwcx_kcc23p4_key *ks, const uint8_t iv[8], uint8_t *out,
                     const uint8_t *in, size_t len)
{
    return lwcx_kcc23p4_ctr_with(NULL, ks, iv, out, in, len);
}

int lwcx_kcc23p4_ctr_with(const lwcx_impl *impl, const lwcx_kcc23p4_key *ks, const uint8_t iv[8],
                          uint8_t *out, const uint8_t *in, size_t len)
{
    if (!ks || !iv) return LWCX_ERR_NULL;
    if (len && (!out || !in)) return LWCX_ERR_NULL;
    if (lwcx_partial_overlap(out, in, len) || lwcx_overlap(out, len, ks, sizeof *ks) || lwcx_overlap(out, len, iv, 8))
        return LWCX_ERR_ARG;
    int rc = LWCX_OK;
    const kcc23p4_impl *im = pick(impl, &rc);
    if (!im) return rc;
    const unsigned batch = im->rk_batch;
    const size_t chunk = 8 * (CTR_CHUNK - CTR_CHUNK % batch); /* whole batches of keystream */
    uint64_t ctr = lwcx_load64le(iv);
    uint8_t stream[8 * CTR_CHUNK];
    while (len) {
        size_t nbytes = len < chunk ? len : chunk;
        size_t nblocks = (nbytes + 7) / 8;
        nblocks += (batch - nblocks % batch) % batch;
        counter_blocks(stream, ctr, nblocks);
        im->encrypt_rk(stream, stream, nblocks, ks->rk);
        for (size_t j = 0; j < nbytes; j++) out[j] = (uint8_t)(in[j] ^ stream[j]);
        ctr += nbytes / 8; /* only the last chunk can be partial */
        out += nbytes;
        in += nbytes;
        len -= nbytes;
    }
    lwcx_wipe(stream, sizeof stream);
    return LWCX_OK;
}
