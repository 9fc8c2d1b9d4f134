/* Block ciphers' public API: argument checks, tails, ECB, CTR and many keys —
 * written once over the narrow per-implementation interface (bc_impl.h) for
 * every cipher and implementation. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "bc_impl.h"

/* --- the registry: one primitive per cipher -------------------------------- */

#define BC_PRIMITIVE(nm, NM, bb, kb, r, be, text) LWCX_DEFINE_PRIMITIVE(nm, bc_impl, text);
LWCX_BC_CIPHERS(BC_PRIMITIVE)

/* indexed by lwcx_blockcipher, whose order is the table's */
#define BC_CIPHER(nm, NM, bb, kb, r, be, text) {#nm, bb, kb, r, &lwcx_prim_##nm},
const bc_cipher lwcx_bc_ciphers[BC_NCIPHERS] = {LWCX_BC_CIPHERS(BC_CIPHER)};
#define BC_ORDER(nm, NM, bb, kb, r, be, text) _Static_assert((int)LWCX_##NM == (int)BC_ORDER_##NM, "ciphers.h's order is lwcx_blockcipher's");
enum {
#define BC_ORDER_ENUM(nm, NM, bb, kb, r, be, text) BC_ORDER_##NM,
    LWCX_BC_CIPHERS(BC_ORDER_ENUM)
};
LWCX_BC_CIPHERS(BC_ORDER)

static const bc_cipher *cipher(lwcx_blockcipher c)
{
    return (unsigned)c < BC_NCIPHERS ? &lwcx_bc_ciphers[c] : NULL;
}

/* The implementation to run (impl, or the automatic choice), or NULL with *rc set. */
static const bc_impl *pick(const bc_cipher *ci, const lwcx_impl *impl, int *rc)
{
    return (const bc_impl *)lwcx_resolve(ci->prim, impl, rc);
}

/* The same for one key over len bytes (ECB, CTR): large calls may go to a
 * GPU, calls of one narrow batch to a narrower implementation. */
static const bc_impl *pick_sized(const bc_cipher *ci, const lwcx_impl *impl, size_t len, int *rc)
{
    return (const bc_impl *)lwcx_resolve_sized(ci->prim, impl, len,
                                               (len + ci->block_bytes - 1) / ci->block_bytes, rc);
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

/* Scratch buffers: on the stack up to the sizes every implementation of up
 * to 256 lanes needs, so that calls stay allocation-free; on the heap for
 * wider ones (NULL if that fails). */
#define STACK_SCHED_BYTES 8192 /* an expanded key */
#define STACK_PAD_BYTES 4096   /* a padded batch of blocks (16-byte blocks x 256) */
#define STACK_KEYPAD_BYTES 8192 /* a padded batch of keys (32-byte keys x 256) */

typedef BC_SCHED_STORAGE(STACK_SCHED_BYTES) sched_buf;

/* room for the implementation's expanded key: st's when it fits */
static void *sched_alloc(const bc_impl *im, sched_buf *st)
{
    if (im->sched_bytes <= sizeof *st) return st;
    const size_t n = (im->sched_bytes + BC_SCHED_ALIGN - 1) / BC_SCHED_ALIGN * BC_SCHED_ALIGN;
    return aligned_alloc(BC_SCHED_ALIGN, n);
}

/* wipes the expanded key (a no-op on NULL) and frees it unless it is st's */
static void sched_free(const bc_impl *im, void *ks, sched_buf *st)
{
    if (!ks) return;
    lwcx_wipe(ks, im->sched_bytes);
    if (ks != (void *)st) free(ks);
}

/* n bytes: stack (cap bytes) when they fit */
static uint8_t *scratch_alloc(uint8_t *stack, size_t cap, size_t n)
{
    return n <= cap ? stack : malloc(n);
}

/* wipes the first n bytes and frees them unless they are the stack's */
static void scratch_free(uint8_t *p, const uint8_t *stack, size_t n)
{
    lwcx_wipe(p, n);
    if (p != stack) free(p);
}

typedef void (*blocks_fn)(const void *, uint8_t *, const uint8_t *, size_t);

/* Runs fn on whole batches directly, then on one zero-padded batch for the tail. */
static LWCX_NODISCARD int run_blocks(blocks_fn fn, const void *sched, unsigned batch, unsigned bs, uint8_t *out,
                      const uint8_t *in, size_t n)
{
    size_t whole = n - n % batch, rest = n - whole;
    if (whole) fn(sched, out, in, whole);
    if (rest) {
        uint8_t stack[STACK_PAD_BYTES];
        uint8_t *buf = scratch_alloc(stack, sizeof stack, (size_t)bs * batch);
        if (!buf) return LWCX_ERR_NOMEM;
        memcpy(buf, in + bs * whole, bs * rest);
        memset(buf + bs * rest, 0, bs * (batch - rest));
        fn(sched, buf, buf, batch);
        memcpy(out + bs * whole, buf, bs * rest);
        scratch_free(buf, stack, (size_t)bs * batch);
    }
    return LWCX_OK;
}

/* --- one key: ECB ------------------------------------------------------------ */

static LWCX_NODISCARD int ecb(const lwcx_impl *impl, lwcx_blockcipher c, const uint8_t *key, uint8_t *out,
               const uint8_t *in, size_t len, int enc)
{
    const bc_cipher *ci = cipher(c);
    if (!ci) return LWCX_ERR_ARG;
    if (!key) return LWCX_ERR_NULL;
    if (len % ci->block_bytes) return LWCX_ERR_LENGTH;
    if (len && (!out || !in)) return LWCX_ERR_NULL;
    if (lwcx_partial_overlap(out, in, len) || lwcx_overlap(out, len, key, ci->key_bytes)) return LWCX_ERR_ARG;
    int rc = LWCX_OK;
    const bc_impl *im = pick_sized(ci, impl, len, &rc);
    if (!im || !len) return rc;
    sched_buf st;
    void *ks = sched_alloc(im, &st);
    if (!ks) return LWCX_ERR_NOMEM;
    im->expand(ks, key);
    int r = run_blocks(enc ? im->encrypt : im->decrypt, ks, im->desc.batch, ci->block_bytes, out,
                       in, len / ci->block_bytes);
    sched_free(im, ks, &st);
    return r;
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

#define CTR_CHUNK_BYTES 4096 /* keystream per implementation call (whole batches, at least one) */

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
    if (lwcx_partial_overlap(out, in, len) || lwcx_overlap(out, len, key, ci->key_bytes) ||
        lwcx_overlap(out, len, iv, ci->block_bytes))
        return LWCX_ERR_ARG;
    int rc = LWCX_OK;
    const bc_impl *im = pick_sized(ci, impl, len, &rc);
    if (!im || !len) return rc;
    if (im->ctr) {
        sched_buf st;
        void *ks = sched_alloc(im, &st);
        if (!ks) return LWCX_ERR_NOMEM;
        im->expand(ks, key);
        im->ctr(ks, iv, out, in, len);
        sched_free(im, ks, &st);
        return LWCX_OK;
    }
    const unsigned bs = ci->block_bytes, batch = im->desc.batch;
    /* the largest number of whole batches that fits the chunk, at least one */
    size_t chunk_blocks = (CTR_CHUNK_BYTES / bs) / batch * batch;
    if (chunk_blocks == 0) chunk_blocks = batch;
    uint8_t stack[CTR_CHUNK_BYTES], ctr[BC_MAX_BLOCK];
    uint8_t *stream = scratch_alloc(stack, sizeof stack, chunk_blocks * bs);
    sched_buf st;
    void *ks = stream ? sched_alloc(im, &st) : NULL;
    if (!ks) {
        if (stream) scratch_free(stream, stack, 0);
        return LWCX_ERR_NOMEM;
    }
    im->expand(ks, key);
    memcpy(ctr, iv, bs);
    while (len) {
        size_t nbytes = len < chunk_blocks * bs ? len : chunk_blocks * bs;
        size_t nblocks = (nbytes + bs - 1) / bs;
        nblocks += (batch - nblocks % batch) % batch; /* pad to whole batches */
        counter_blocks(stream, ctr, bs, nblocks);
        im->encrypt(ks, stream, stream, nblocks);
        for (size_t j = 0; j < nbytes; j++) out[j] = (uint8_t)(in[j] ^ stream[j]);
        out += nbytes;
        in += nbytes;
        len -= nbytes; /* only the last chunk is partial, so ctr running ahead does not matter */
    }
    scratch_free(stream, stack, chunk_blocks * bs);
    sched_free(im, ks, &st);
    return LWCX_OK;
}

/* --- many keys: block i under key i ----------------------------------------- */

typedef void (*keys_fn)(uint8_t *, const uint8_t *, const uint8_t *, size_t);

static LWCX_NODISCARD int many_keys(const lwcx_impl *impl, lwcx_blockcipher c, uint8_t *out, const uint8_t *in,
                     const uint8_t *keys, size_t n, int enc)
{
    const bc_cipher *ci = cipher(c);
    if (!ci) return LWCX_ERR_ARG;
    if (n > SIZE_MAX / BC_MAX_KEY) return LWCX_ERR_LENGTH; /* byte sizes would overflow */
    if (n && (!out || !in || !keys)) return LWCX_ERR_NULL;
    if (lwcx_partial_overlap(out, in, n * ci->block_bytes) ||
        lwcx_overlap(out, n * ci->block_bytes, keys, n * ci->key_bytes))
        return LWCX_ERR_ARG;
    int rc = LWCX_OK;
    const bc_impl *im = pick(ci, impl, &rc);
    if (!im || !n) return rc;
    const unsigned bs = ci->block_bytes, kb = ci->key_bytes, batch = im->desc.batch;
    keys_fn fn = enc ? im->encrypt_keys : im->decrypt_keys;
    if (fn) {
        size_t whole = n - n % batch, rest = n - whole;
        if (whole) fn(out, in, keys, whole);
        if (rest) {
            uint8_t stack[STACK_PAD_BYTES], kstack[STACK_KEYPAD_BYTES];
            uint8_t *buf = scratch_alloc(stack, sizeof stack, (size_t)bs * batch);
            uint8_t *kbuf = buf ? scratch_alloc(kstack, sizeof kstack, (size_t)kb * batch) : NULL;
            if (!kbuf) {
                if (buf) scratch_free(buf, stack, 0);
                return LWCX_ERR_NOMEM;
            }
            memcpy(buf, in + bs * whole, bs * rest);
            memset(buf + bs * rest, 0, bs * (batch - rest));
            memcpy(kbuf, keys + kb * whole, kb * rest);
            memset(kbuf + kb * rest, 0, kb * (batch - rest));
            fn(buf, buf, kbuf, batch);
            memcpy(out + bs * whole, buf, bs * rest);
            scratch_free(kbuf, kstack, (size_t)kb * batch);
            scratch_free(buf, stack, (size_t)bs * batch);
        }
        return LWCX_OK;
    }
    /* no parallel key schedule: expand each key and run its block alone.
     * Only ref takes this path: padded to a whole batch it would cost a
     * batched implementation batch times the work, so those must provide
     * encrypt_keys and decrypt_keys (test_bc checks that they do). */
    blocks_fn bfn = enc ? im->encrypt : im->decrypt;
    sched_buf st;
    void *ks = sched_alloc(im, &st);
    if (!ks) return LWCX_ERR_NOMEM;
    int r = LWCX_OK;
    for (size_t i = 0; i < n && r == LWCX_OK; i++) {
        im->expand(ks, keys + kb * i);
        r = run_blocks(bfn, ks, batch, bs, out + bs * i, in + bs * i, 1);
    }
    sched_free(im, ks, &st);
    return r;
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
