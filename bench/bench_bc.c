/* Block-cipher benchmark cases: ECB encryption and CTR over 4 KiB under one
 * key, for every cipher, through the public API (the key schedule is part of
 * every call, as it is for users); the packing into a bitsliced layout and
 * back alone (the same 4 KiB, implementations that have one); and exhaustive
 * key search on one core (one thread, one known pair, a range with no
 * match), in keys; for implementations that run on a device (cuda,
 * opencl), key search in calls of DEVICE_KEYS keys, large enough to fill it
 * (one thread feeds it; the row names the device), and bulk rows where the
 * device is a GPU: ECB and CTR over 1 GiB host to host (uploads and
 * downloads included) and CTR over 1 GiB that stays in device memory (the
 * kernel alone; so the gap between the two CTR rows is the bus), the bus
 * alone where the implementation has it (cuda: as many bytes from the
 * pinned staging buffers of its bulk calls to the device), and the
 * packing alone, resident (what the seed compares with and without), and the
 * key search of as many keys on one device (one call) and on all of them
 * (a thread each). The bulk
 * size is the implementation's (bc_impl.bulk_bytes), or
 * LWCX_BENCH_DEVICE_BYTES (the tests: small, and on PoCL). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../src/bench_internal.h"
#include "bench.h"
#include "lwcx.h"

#define BULK_BYTES 4096
#define KEYS_BLOCKS 512 /* many keys: one block each, the widest CPU batch */
#define SEARCH_KEYS 8192 /* per call: 4 calls of the widest kernel (2048 keys); ref takes ms */
#define DEVICE_KEYS ((uint64_t)1 << 22)

typedef struct state {
    uint8_t in[BULK_BYTES], out[BULK_BYTES];
    uint8_t key[LWCX_BC_MAX_KEY_BYTES], iv[LWCX_BC_MAX_BLOCK_BYTES];
    uint8_t pt[LWCX_BC_MAX_BLOCK_BYTES], ct[LWCX_BC_MAX_BLOCK_BYTES];
    uint64_t next_start; /* each call searches fresh keys */
    uint8_t keys[KEYS_BLOCKS * LWCX_BC_MAX_KEY_BYTES];
    uint8_t kin[KEYS_BLOCKS * LWCX_BC_MAX_BLOCK_BYTES], kout[KEYS_BLOCKS * LWCX_BC_MAX_BLOCK_BYTES];
} state;

static void *setup(void)
{
    state *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    for (size_t i = 0; i < BULK_BYTES; i++) s->in[i] = (uint8_t)i;
    for (size_t i = 0; i < sizeof s->key; i++) s->key[i] = (uint8_t)(i + 1);
    for (size_t i = 0; i < sizeof s->ct; i++) s->ct[i] = (uint8_t)(0x5A ^ i);
    for (size_t i = 0; i < sizeof s->keys; i++) s->keys[i] = (uint8_t)(i * 7 + 3);
    for (size_t i = 0; i < sizeof s->kin; i++) s->kin[i] = (uint8_t)(i * 13);
    return s;
}

static void teardown(void *p)
{
    free(p);
}

/* Packing alone, through the implementation's internal entry point. */
static const bc_impl *resolve(lwcx_blockcipher c, const lwcx_impl *impl)
{
    int rc;
    return lwcx_resolve(lwcx_bc_ciphers[c].prim, impl, &rc);
}

static int pack_unpack(lwcx_blockcipher c, state *s, const lwcx_impl *impl)
{
    const bc_impl *im = resolve(c, impl);
    if (im) im->pack_unpack(s->out, s->in, BULK_BYTES / lwcx_bc_ciphers[c].block_bytes);
    return im ? LWCX_OK : LWCX_ERR_NO_IMPL;
}

static int has_pack_unpack(lwcx_blockcipher c, const lwcx_impl *impl)
{
    const bc_impl *im = resolve(c, impl);
    return im && im->pack_unpack && (BULK_BYTES / lwcx_bc_ciphers[c].block_bytes) % im->desc.batch == 0;
}

static int on_device(const lwcx_impl *impl)
{
    return impl->device != NULL;
}

/* --- the bulk rows of device implementations --------------------------------- */

typedef struct bulk_state {
    uint8_t *in, *out;
    size_t bytes; /* (keys, for the key search) */
    uint8_t key[LWCX_BC_MAX_KEY_BYTES], iv[LWCX_BC_MAX_BLOCK_BYTES];
    uint8_t pt[LWCX_BC_MAX_BLOCK_BYTES], ct[LWCX_BC_MAX_BLOCK_BYTES];
    uint64_t next_start;
    _Alignas(16) uint8_t sched[16384];
} bulk_state;

static size_t bulk_bytes_of(lwcx_blockcipher c, const lwcx_impl *impl)
{
    const bc_impl *im = resolve(c, impl);
    if (!im || !im->bulk_bytes || !im->resident || im->sched_bytes > sizeof((bulk_state *)0)->sched) return 0;
    const char *e = getenv("LWCX_BENCH_DEVICE_BYTES");
    const size_t bs = lwcx_bc_ciphers[c].block_bytes * im->desc.batch;
    size_t n = e && *e ? (size_t)strtoull(e, NULL, 10) : im->bulk_bytes();
    return n / bs * bs; /* whole batches, so both CTR rows do the same work */
}

/* The bulk cases are filled in when a device implementation asks to run
 * them: their size (and so the op's name) is the device's. */
typedef struct bulk_case {
    bench_case bc;
    char op[64]; /* (room for any size gcc can imagine) */
} bulk_case;

static size_t bulk_now; /* the size of the case being measured */

/* e.g. "ctr_1GiB_resident", or in keys "keysearch_device_1Gi" (as many
 * keys as the bulk rows have bytes: 2^30 on a GPU, one call) */
static int bulk_applies(bulk_case *k, const char *what, const char *after, lwcx_blockcipher c,
                        const lwcx_impl *impl)
{
    const size_t n = bulk_bytes_of(c, impl);
    if (n == 0) return 0;
    if (strcmp(what, "h2d") == 0 && !resolve(c, impl)->bus_h2d) return 0; /* (the bus row: cuda's) */
    bulk_now = n;
    const char *b = strcmp(k->bc.unit, "byte") == 0 ? "B" : "";
    if (n % ((size_t)1 << 30) == 0)
        snprintf(k->op, sizeof k->op, "%s_%zuGi%s%s", what, n >> 30, b, after);
    else
        snprintf(k->op, sizeof k->op, "%s_%zuKi%s%s", what, n >> 10, b, after);
    k->bc.units = (double)n;
    return 1;
}

/* the key and the known pair; bytes is the size (keys per call, for the search) */
static void *bulk_search_setup(void)
{
    bulk_state *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    s->bytes = bulk_now;
    for (size_t i = 0; i < sizeof s->key; i++) s->key[i] = (uint8_t)(i + 1);
    for (size_t i = 0; i < sizeof s->ct; i++) s->ct[i] = (uint8_t)(0x5A ^ i);
    return s;
}

/* the same, with input and output buffers of s->bytes */
static void *bulk_setup(void)
{
    bulk_state *s = bulk_search_setup();
    if (!s) return NULL;
    s->in = malloc(s->bytes ? s->bytes : 1);
    s->out = malloc(s->bytes ? s->bytes : 1);
    if (!s->in || !s->out) {
        free(s->in), free(s->out), free(s);
        return NULL;
    }
    for (size_t i = 0; i < s->bytes; i++) s->in[i] = (uint8_t)i;
    return s;
}

static void bulk_teardown(void *p)
{
    bulk_state *s = p;
    free(s->in), free(s->out), free(s);
}

static int bulk_ecb(lwcx_blockcipher c, bulk_state *s, const lwcx_impl *impl)
{
    return lwcx_bc_ecb_encrypt_with(impl, c, s->key, s->out, s->in, s->bytes);
}

static int bulk_ctr(lwcx_blockcipher c, bulk_state *s, const lwcx_impl *impl)
{
    return lwcx_bc_ctr_with(impl, c, s->key, s->iv, s->out, s->in, s->bytes);
}

/* the bus alone: as many bytes from the pinned staging buffers of the
 * bulk calls to the device (the row beside CTR host to host) */
static int bulk_h2d_pinned(lwcx_blockcipher c, bulk_state *s, const lwcx_impl *impl)
{
    const bc_impl *im = resolve(c, impl);
    return im && im->bus_h2d ? im->bus_h2d(s->bytes) : LWCX_ERR_NO_IMPL;
}

static int bulk_ctr_resident(lwcx_blockcipher c, bulk_state *s, const lwcx_impl *impl)
{
    const bc_impl *im = resolve(c, impl);
    if (!im) return LWCX_ERR_NO_IMPL;
    im->expand(s->sched, s->key); /* as every CTR call does */
    im->resident(s->sched, BC_RESIDENT_CTR, s->bytes);
    return LWCX_OK;
}

static int bulk_pack_resident(lwcx_blockcipher c, bulk_state *s, const lwcx_impl *impl)
{
    const bc_impl *im = resolve(c, impl);
    if (im) im->resident(NULL, BC_RESIDENT_PACK, s->bytes);
    return im ? LWCX_OK : LWCX_ERR_NO_IMPL;
}

/* one call of s->bytes keys (a range with no match; each call fresh keys) */
static int bulk_search(lwcx_blockcipher c, bulk_state *s, const lwcx_impl *impl)
{
    size_t nfound;
    const int rc = lwcx_bc_keysearch_with(impl, c, s->pt, s->ct, 1, s->key, NULL, s->next_start, s->bytes, 1, NULL,
                                          NULL, NULL, 0, &nfound, NULL);
    s->next_start = (s->next_start + s->bytes) & 0xFFFFFFFFFFFFu;
    return rc;
}

/* as many keys on every device of the implementation, a thread feeding
 * each (lwcx_keysearch_run, threads = 0), chunks of an eighth of a device's
 * share (the row beside the one-device call above) */
static int bulk_search_all(lwcx_blockcipher c, bulk_state *s, const lwcx_impl *impl)
{
    lwcx_keysearch *ks = NULL;
    const unsigned nd = lwcx_impl_devices(impl);
    const uint64_t chunk = s->bytes / 8 / (nd ? nd : 1);
    int rc = lwcx_keysearch_new_with(impl, &ks, c, s->pt, s->ct, 1, s->key, NULL, s->next_start, s->bytes);
    if (rc == LWCX_OK) rc = lwcx_keysearch_set_chunk(ks, chunk ? chunk : 1);
    if (rc == LWCX_OK) rc = lwcx_keysearch_run(ks, 0, NULL, NULL);
    lwcx_keysearch_free(ks);
    s->next_start = (s->next_start + s->bytes) & 0xFFFFFFFFFFFFu;
    return rc;
}

#define CASES(prim, cipher)                                                                       \
    static int prim##_ecb(void *p, const lwcx_impl *impl)                                         \
    {                                                                                             \
        state *s = p;                                                                             \
        return lwcx_bc_ecb_encrypt_with(impl, cipher, s->key, s->out, s->in, BULK_BYTES);                \
    }                                                                                             \
    static int prim##_ctr(void *p, const lwcx_impl *impl)                                         \
    {                                                                                             \
        state *s = p;                                                                             \
        return lwcx_bc_ctr_with(impl, cipher, s->key, s->iv, s->out, s->in, BULK_BYTES);                 \
    }                                                                                             \
    static int prim##_keys(void *p, const lwcx_impl *impl)                                        \
    {                                                                                             \
        state *s = p;                                                                             \
        return lwcx_bc_encrypt_keys_with(impl, cipher, s->kout, s->kin, s->keys, KEYS_BLOCKS);    \
    }                                                                                             \
    static int prim##_search(void *p, const lwcx_impl *impl)                                      \
    {                                                                                             \
        state *s = p;                                                                             \
        size_t nfound;                                                                            \
        const int rc = lwcx_bc_keysearch_with(impl, cipher, s->pt, s->ct, 1, s->key, NULL,        \
                                              s->next_start, SEARCH_KEYS, 1, NULL, NULL, NULL, 0, \
                                              &nfound, NULL);                                     \
        s->next_start = (s->next_start + SEARCH_KEYS) & 0xFFFFFFFFFFFu;                           \
        return rc;                                                                                \
    }                                                                                             \
    static int prim##_search_dev(void *p, const lwcx_impl *impl)                                  \
    {                                                                                             \
        state *s = p;                                                                             \
        size_t nfound;                                                                            \
        const int rc = lwcx_bc_keysearch_with(impl, cipher, s->pt, s->ct, 1, s->key, NULL,        \
                                              s->next_start, DEVICE_KEYS, 1, NULL, NULL, NULL, 0, \
                                              &nfound, NULL);                                     \
        s->next_start = (s->next_start + DEVICE_KEYS) & 0xFFFFFFFFFFFu;                           \
        return rc;                                                                                \
    }                                                                                             \
    static int prim##_pack(void *p, const lwcx_impl *impl)                                        \
    {                                                                                             \
        return pack_unpack(cipher, p, impl);                                                             \
    }                                                                                             \
    static int prim##_has_pack(const lwcx_impl *impl)                                             \
    {                                                                                             \
        return has_pack_unpack(cipher, impl);                                                     \
    }                                                                                             \
    static const bench_case prim##_ecb_case = {#prim, "ecb_enc_4KiB", "byte", BULK_BYTES, setup, \
                                               prim##_ecb, teardown, NULL, NULL, "one_key"};\
    static const bench_case prim##_ctr_case = {#prim, "ctr_4KiB", "byte", BULK_BYTES, setup,     \
                                               prim##_ctr, teardown, NULL, NULL, "one_key"};\
    static const bench_case prim##_keys_case = {#prim, "encrypt_keys_512", "block", KEYS_BLOCKS, \
                                                setup, prim##_keys, teardown, NULL, NULL,         \
                                                "many_keys"};                                     \
    static const bench_case prim##_pack_case = {#prim, "pack_unpack_4KiB", "byte", BULK_BYTES,   \
                                                setup, prim##_pack, teardown, prim##_has_pack,    \
                                                NULL, NULL};                                      \
    static const bench_case prim##_search_case = {#prim, "keysearch_1core", "key", SEARCH_KEYS,  \
                                                  setup, prim##_search, teardown, NULL, NULL,     \
                                                  "key_search"};                                  \
    static const bench_case prim##_search_dev_case = {#prim, "keysearch_device_4M", "key",       \
                                                      DEVICE_KEYS, setup, prim##_search_dev,      \
                                                      teardown, on_device, NULL, NULL};           \
    BULK_CASE(prim, cipher, ecb, "ecb_enc", "", "byte", bulk_setup)                              \
    BULK_CASE(prim, cipher, ctr, "ctr", "", "byte", bulk_setup)                                  \
    BULK_CASE(prim, cipher, h2d_pinned, "h2d", "_pinned", "byte", bulk_search_setup)             \
    BULK_CASE(prim, cipher, ctr_resident, "ctr", "_resident", "byte", bulk_setup)                \
    BULK_CASE(prim, cipher, pack_resident, "pack_unpack", "_resident", "byte", bulk_setup)       \
    BULK_CASE(prim, cipher, search, "keysearch_device", "", "key", bulk_search_setup)            \
    BULK_CASE(prim, cipher, search_all, "keysearch_all_devices", "", "key", bulk_search_setup)   \
    const bench_case *const bench_cases_##prim[] = {                                              \
        &prim##_ecb_case,         &prim##_ctr_case,         &prim##_keys_case,                    \
        &prim##_pack_case,                                                                        \
        &prim##_search_case,      &prim##_search_dev_case,  &prim##_bulk_ecb.bc,                  \
        &prim##_bulk_ctr.bc,      &prim##_bulk_h2d_pinned.bc, &prim##_bulk_ctr_resident.bc, &prim##_bulk_pack_resident.bc,    \
        &prim##_bulk_search.bc,   &prim##_bulk_search_all.bc, NULL};

/* (the case is static, not const: its size is the device's, set when it applies) */
#define BULK_CASE(prim, cipher, kind, what, after, unit, setup)                                   \
    static bulk_case prim##_bulk_##kind;                                                          \
    static int prim##_bulk_##kind##_run(void *p, const lwcx_impl *impl)                           \
    {                                                                                             \
        return bulk_##kind(cipher, p, impl);                                                             \
    }                                                                                             \
    static int prim##_bulk_##kind##_applies(const lwcx_impl *impl)                                \
    {                                                                                             \
        return bulk_applies(&prim##_bulk_##kind, what, after, cipher, impl);                      \
    }                                                                                             \
    static bulk_case prim##_bulk_##kind = {                                                       \
        {#prim, prim##_bulk_##kind.op, unit, 1, setup, prim##_bulk_##kind##_run,                  \
         bulk_teardown, prim##_bulk_##kind##_applies, NULL, NULL},                                \
        ""};

CASES(present80, LWCX_PRESENT80)
CASES(present128, LWCX_PRESENT128)
CASES(gift64, LWCX_GIFT64)
CASES(gift128, LWCX_GIFT128)
CASES(pipo128, LWCX_PIPO128)
CASES(pipo256, LWCX_PIPO256)
