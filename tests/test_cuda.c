/* The cuda implementation's kernels where test_bc cannot reach: run by the
 * host launcher (LWCX_CUDA_EMULATE, set by ctest: the kernel bodies over
 * every (block, thread) of the launch configuration of a GPU with that many
 * SMs) or, on a GPU (ctest -L gpu), for real. Against ref:
 *  - calls larger than the grid's threads (each thread strides over several
 *    batches), for ECB, many keys and CTR;
 *  - CTR counters whose low 32 bits and low 64 bits wrap inside a call and
 *    inside a thread's batch, and tails of every length within a batch;
 *  - the range search kernel: planted keys at both edges of ranges that do
 *    not start or end on a batch, masks with fewer bits than a batch's
 *    lanes, a candidate list too short (the count still exact);
 *  - never the automatic choice, except (cuda) for one-key ECB and CTR calls
 *    from LWCX_CUDA_AUTO_BYTES up: with "auto N" (that variable set to N),
 *    calls of N bytes run on the device and calls just under it, or with an
 *    implementation named (lwcx_impl_select), on the CPU (auto_choice).
 * With "devices N": N devices share a key search (several_devices) and
 * each bulk call (bulk_shares).
 * With "fallback REASON" (a fake driver that fails mid-operation): results
 * still right, the fallback reported (fallback). With "pipeline N" and
 * "pipeline_fail REASON" (the fake driver running kernels): bulk calls
 * through the pinned staging pipeline (pipeline, pipeline_fail). With "set_devices N
 * [ok|missing]": the device list through the API (set_devices).
 * With argument "unavailable REASON": cuda must be unavailable saying REASON
 * (the fake-driver and no-driver tests). A first argument "opencl" tests
 * the opencl implementation instead (the same kernel bodies), on the device
 * LWCX_OPENCL_DEVICE names (PoCL in CI). */
#include "../src/bc/bc_impl.h"
#include "lwcx.h"
#include "testutil.h"

static const char *impl = "cuda"; /* or "opencl" */

#define NCIPHERS 6
static const lwcx_blockcipher ciphers[NCIPHERS] = {LWCX_PRESENT80, LWCX_PRESENT128, LWCX_GIFT64,
                                                   LWCX_GIFT128, LWCX_PIPO128, LWCX_PIPO256};

/* blocks beyond one emulated SM's grid (8 blocks x 256 threads x 32 lanes) */
#define BIG (8 * 256 * 32 + 3 * 32 + 5)

static void ecb_keys_big(lwcx_blockcipher c, const lwcx_impl *cu, const lwcx_impl *ref)
{
    const size_t bs = lwcx_bc_block_bytes(c), kb = lwcx_bc_key_bytes(c), n = BIG;
    uint8_t key[32];
    uint8_t *pt = malloc(bs * n), *keys = malloc(kb * n), *a = malloc(bs * n), *b = malloc(bs * n);
    if (!pt || !keys || !a || !b) abort();
    tu_fill(key, kb);
    tu_fill(pt, bs * n);
    tu_fill(keys, kb * n);
    CHECK(lwcx_bc_ecb_encrypt_with(cu, c, key, a, pt, bs * n) == LWCX_OK, "%s ecb", impl);
    CHECK_OK(lwcx_bc_ecb_encrypt_with(ref, c, key, b, pt, bs * n));
    CHECK(memcmp(a, b, bs * n) == 0, "%s: large ECB differs from ref", lwcx_bc_name(c));
    CHECK(lwcx_bc_ecb_decrypt_with(cu, c, key, a, a, bs * n) == LWCX_OK && memcmp(a, pt, bs * n) == 0,
          "%s: large ECB round trip", lwcx_bc_name(c));
    CHECK(lwcx_bc_encrypt_keys_with(cu, c, a, pt, keys, n) == LWCX_OK, "%s keys", impl);
    CHECK_OK(lwcx_bc_encrypt_keys_with(ref, c, b, pt, keys, n));
    CHECK(memcmp(a, b, bs * n) == 0, "%s: large many-keys differs from ref", lwcx_bc_name(c));
    CHECK(lwcx_bc_decrypt_keys_with(cu, c, a, a, keys, n) == LWCX_OK && memcmp(a, pt, bs * n) == 0,
          "%s: large many-keys round trip", lwcx_bc_name(c));
    free(pt), free(keys), free(a), free(b);
}

/* CTR with the counter's low 64 bits at `low` (the high half random for
 * 16-byte blocks), len bytes, against ref's CTR. */
static void ctr_at(lwcx_blockcipher c, const lwcx_impl *cu, const lwcx_impl *ref, uint64_t low, size_t len)
{
    const size_t bs = lwcx_bc_block_bytes(c), kb = lwcx_bc_key_bytes(c);
    uint8_t key[32], iv[16];
    tu_fill(key, kb);
    tu_fill(iv, bs);
    for (int i = 0; i < 8; i++) iv[bs - 1 - i] = (uint8_t)(low >> (8 * i));
    uint8_t *in = malloc(len + 1), *a = malloc(len + 1), *b = malloc(len + 1);
    if (!in || !a || !b) abort();
    tu_fill(in, len);
    a[len] = 0x5A;
    CHECK(lwcx_bc_ctr_with(cu, c, key, iv, a, in, len) == LWCX_OK, "%s ctr", impl);
    CHECK_OK(lwcx_bc_ctr_with(ref, c, key, iv, b, in, len));
    CHECK(memcmp(a, b, len) == 0 && a[len] == 0x5A, "%s: CTR differs from ref (low %016llx, len %zu)",
          lwcx_bc_name(c), (unsigned long long)low, len);
    free(in), free(a), free(b);
}

static void ctr_edges(lwcx_blockcipher c, const lwcx_impl *cu, const lwcx_impl *ref)
{
    const size_t bs = lwcx_bc_block_bytes(c);
    /* wraps of 2^32 and 2^64 inside a batch, at a batch's edge, and later
     * in a call larger than the grid */
    const uint64_t lows[] = {0xFFFFFFF0u, 0xFFFFFFE0u, 0x1FFFFFFFFull - 3 * 32 * 256, 0xFFFFFFFFFFFFFFF3ull,
                             0xFFFFFFFFFFFFFFE0ull, 0xFFFFFFFFFFFF0000ull, 0};
    for (size_t i = 0; i < sizeof lows / sizeof lows[0]; i++) ctr_at(c, cu, ref, lows[i], bs * 100 + 3);
    /* larger than the grid: the low 32 and 64 bits wrap in a thread's
     * second batch (one SM's grid covers 65536 blocks) */
    ctr_at(c, cu, ref, 0x200000000ull - 65536 - 40, bs * BIG + 3);
    ctr_at(c, cu, ref, 0 - (uint64_t)65536 - 49, bs * BIG + 5);
    /* the low 32 and 64 bits wrap inside a group of 32 whole words, whose
     * lanes are interleaved (kb_first: 1024 blocks), then a contiguous tail */
    ctr_at(c, cu, ref, 0xFFFFFFFFull - 700, bs * 2100 + 3);
    ctr_at(c, cu, ref, 0 - (uint64_t)1500, bs * 2100 + 3);
    /* every length up to two batches and a bit */
    for (size_t len = 1; len <= bs * 70; len += (len < bs * 33 ? 1 : 7)) ctr_at(c, cu, ref, 0xFFFFFFFEu, len);
}

/* The range kernel on [lo, lo + n) of a job whose mask has nbits bits
 * (random key bits, or with at > 0 key bits at, at + 1, ...: one run of
 * index bits for the kernel's lane-0 key, across the 64-bit words of the
 * key, in PIPO's little-endian numbering a run a byte), keys planted at
 * given indices: the candidates are exactly the indices whose key encrypts
 * pt to ct (ref, over the whole range). */
static void search_at(lwcx_blockcipher c, const lwcx_impl *cuh, unsigned nbits, unsigned at, uint64_t lo,
                      uint64_t n, const uint64_t *plant, size_t nplant, size_t max_cand)
{
    const bc_cipher *ci = &lwcx_bc_ciphers[c];
    const bc_impl *cu = (const bc_impl *)cuh, *ref = (const bc_impl *)lwcx_impl_find(ci->name, "ref");
    const unsigned bs = ci->block_bytes, kb = ci->key_bytes;
    uint8_t base[32], pt[16], ct[16], key[32], blk[16];
    uint16_t pos[64];
    _Alignas(64) uint8_t sched[BC_REF_SCHED_MAX];
    tu_fill(base, kb);
    tu_fill(pt, bs);
    for (unsigned b = 0; b < nbits && at; b++) pos[b] = (uint16_t)(at + b);
    for (unsigned b = 0; b < nbits && !at; b++) { /* distinct random key bits */
        int dup;
        do {
            pos[b] = (uint16_t)(tu_rand() % (8 * kb));
            dup = 0;
            for (unsigned e = 0; e < b; e++) dup |= pos[e] == pos[b];
        } while (dup);
    }
    bc_search_job job = {bs, kb, base, pos, nbits, pt, ct, 1};
    /* ct from the first planted key; the others get the same pt -> ct only
     * by accident, so plant them by making them equal: the base differs */
    uint64_t want[64];
    size_t nwant = 0;
    for (size_t p = 0; p < nplant; p++) {
        memcpy(key, base, kb);
        for (unsigned b = 0; b < nbits; b++)
            if (plant[p] >> b & 1) key[kb - 1 - pos[b] / 8] ^= (uint8_t)(1u << (pos[b] % 8));
        if (p == 0) {
            ref->expand(sched, key);
            ref->encrypt(sched, ct, pt, 1);
        }
    }
    /* the expected set: every key of the range, by ref */
    for (uint64_t i = lo; i - lo < n; i++) {
        memcpy(key, base, kb);
        for (unsigned b = 0; b < nbits; b++)
            if (i >> b & 1) key[kb - 1 - pos[b] / 8] ^= (uint8_t)(1u << (pos[b] % 8));
        ref->expand(sched, key);
        ref->encrypt(sched, blk, pt, 1);
        if (memcmp(blk, ct, bs) == 0 && nwant < 64) want[nwant++] = i;
    }
    uint64_t cand[64];
    size_t got = cu->search_range(&job, lo, n, cand, max_cand);
    CHECK(got == nwant, "%s: range [%llu, +%llu) nbits %u: %zu candidates, ref %zu", ci->name,
          (unsigned long long)lo, (unsigned long long)n, nbits, got, nwant);
    size_t seen = 0;
    for (size_t i = 0; i < got && i < max_cand; i++)
        for (size_t w = 0; w < nwant; w++) seen += cand[i] == want[w];
    CHECK(seen == (got < max_cand ? got : max_cand), "%s: candidates are ref's matches", ci->name);
}

static void search(lwcx_blockcipher c, const lwcx_impl *cuh, unsigned nbits, uint64_t lo, uint64_t n,
                   const uint64_t *plant, size_t nplant, size_t max_cand)
{
    search_at(c, cuh, nbits, 0, lo, n, plant, nplant, max_cand);
}

static void searches(lwcx_blockcipher c, const lwcx_impl *cu)
{
    /* planted at the first and the last index of ranges off the batch grid */
    const uint64_t lo1 = 37, n1 = 3000, edge1[] = {lo1, lo1 + n1 - 1};
    search(c, cu, 20, lo1, n1, edge1, 1, 64);
    search(c, cu, 20, lo1, n1, edge1 + 1, 1, 64);
    /* high index bits: lane-0 keys made from bits beyond the lane bits */
    const uint64_t lo2 = (1ull << 40) - 45, n2 = 2100, edge2[] = {lo2 + n2 - 1, lo2};
    search(c, cu, 41, lo2, n2, edge2, 1, 64);
    search(c, cu, 41, lo2, n2, edge2 + 1, 1, 64);
    search_at(c, cu, 41, 30, lo2, n2, edge2, 1, 64); /* key bits 30 .. 70 */
    /* a mask of 3 bits: fewer than a batch's lanes */
    const uint64_t edge3[] = {7};
    search(c, cu, 3, 0, 8, edge3, 1, 64);
    /* just past the planted key: nothing */
    search(c, cu, 20, 1000, 64, (const uint64_t[]){999}, 1, 64);
    /* no room for candidates: the count is still right */
    search(c, cu, 20, 64, 100, (const uint64_t[]){100}, 1, 0);
}

/* A key planted in a range of 2^bits keys (mask of bits + 2 bits, range
 * off the batch grid): found, and every candidate is a key that encrypts pt
 * to ct under ref. */
static void planted(lwcx_blockcipher c, const lwcx_impl *cuh, unsigned bits)
{
    const bc_cipher *ci = &lwcx_bc_ciphers[c];
    const bc_impl *cu = (const bc_impl *)cuh, *ref = (const bc_impl *)lwcx_impl_find(ci->name, "ref");
    const unsigned bs = ci->block_bytes, kb = ci->key_bytes, nbits = bits + 2;
    uint8_t base[32], pt[16], ct[16], key[32], blk[16];
    uint16_t pos[64];
    _Alignas(64) uint8_t sched[BC_REF_SCHED_MAX];
    tu_fill(base, kb);
    tu_fill(pt, bs);
    for (unsigned b = 0; b < nbits; b++) pos[b] = (uint16_t)((7 * b + 3) % (8 * kb)); /* distinct: 7 odd */
    const uint64_t lo = ((uint64_t)1 << bits) + 13, n = (uint64_t)1 << bits, at = lo + n - 1 - (tu_rand() % n);
    memcpy(key, base, kb);
    for (unsigned b = 0; b < nbits; b++)
        if (at >> b & 1) key[kb - 1 - pos[b] / 8] ^= (uint8_t)(1u << (pos[b] % 8));
    ref->expand(sched, key);
    ref->encrypt(sched, ct, pt, 1);
    bc_search_job job = {bs, kb, base, pos, nbits, pt, ct, 1};
    uint64_t cand[16];
    const size_t got = cu->search_range(&job, lo, n, cand, 16);
    int found = 0;
    for (size_t i = 0; i < got && i < 16; i++) {
        found |= cand[i] == at;
        memcpy(key, base, kb);
        for (unsigned b = 0; b < nbits; b++)
            if (cand[i] >> b & 1) key[kb - 1 - pos[b] / 8] ^= (uint8_t)(1u << (pos[b] % 8));
        ref->expand(sched, key);
        ref->encrypt(sched, blk, pt, 1);
        CHECK(memcmp(blk, ct, bs) == 0 && cand[i] - lo < n, "%s: candidate %llu is no match", ci->name,
              (unsigned long long)cand[i]);
    }
    CHECK(found && got <= 16, "%s: key planted at %llu of 2^%u not found (%zu candidates)", ci->name,
          (unsigned long long)at, bits, got);
}

/* "devices N" (LWCX_CUDA_EMULATE_DEVICES=N, or N OpenCL devices named): the
 * implementation reports N devices, and a key search with its default
 * threads (one per device) over a range of many chunks finds the planted key
 * once and searches every key, every device taking a share. */
/* One bulk call (CTR with a tail, ECB, many keys) of 300 batches a device,
 * each cipher: as ref, and every device ran a share of each call (its
 * batches in desc.devices). */
static void bulk_shares(unsigned nd)
{
    for (int i = 0; i < NCIPHERS; i++) {
        const lwcx_blockcipher c = ciphers[i];
        const lwcx_impl *cuh = lwcx_impl_find(lwcx_bc_name(c), impl), *ref = lwcx_impl_find(lwcx_bc_name(c), "ref");
        const bc_impl *cu = (const bc_impl *)cuh;
        const size_t bs = lwcx_bc_block_bytes(c), kb = lwcx_bc_key_bytes(c), n = (size_t)nd * 300 * 32;
        const size_t len = n * bs - 3; /* (a tail) */
        uint8_t key[32], iv[16], *in = malloc(n * bs), *keys = malloc(n * kb), *a = malloc(n * bs), *b = malloc(n * bs);
        if (!in || !keys || !a || !b) abort();
        tu_fill(key, kb), tu_fill(iv, bs), tu_fill(in, n * bs), tu_fill(keys, n * kb);
        for (int op = 0; op < 3; op++) {
            static const char *const names[3] = {"CTR", "ECB", "many-keys"};
            uint64_t before[16], after[16];
            cu->desc.devices(before, 16);
            int rc = op == 0 ? lwcx_bc_ctr_with(cuh, c, key, iv, a, in, len)
                     : op == 1 ? lwcx_bc_ecb_encrypt_with(cuh, c, key, a, in, n * bs)
                               : lwcx_bc_encrypt_keys_with(cuh, c, a, in, keys, n);
            CHECK(rc == LWCX_OK, "%s %s on %u devices", lwcx_bc_name(c), names[op], nd);
            cu->desc.devices(after, 16);
            CHECK_OK(op == 0 ? lwcx_bc_ctr_with(ref, c, key, iv, b, in, len)
                     : op == 1 ? lwcx_bc_ecb_encrypt_with(ref, c, key, b, in, n * bs)
                               : lwcx_bc_encrypt_keys_with(ref, c, b, in, keys, n));
            CHECK(memcmp(a, b, op == 0 ? len : n * bs) == 0, "%s: %s shared among %u devices differs from ref",
                  lwcx_bc_name(c), names[op], nd);
            for (unsigned d = 0; d < nd; d++)
                CHECK(after[d] - before[d] >= 299, "%s: %s: device %u of %u ran %llu batches, not its share",
                      lwcx_bc_name(c), names[op], d, nd, (unsigned long long)(after[d] - before[d]));
        }
        free(in), free(keys), free(a), free(b);
    }
}

static int several_devices(unsigned want)
{
    const lwcx_impl *cuh = lwcx_impl_find("present80", impl);
    const char *why = NULL;
    if (strcmp(impl, "opencl") == 0 && cuh && !lwcx_impl_available(cuh, &why)) {
        printf("skipped: opencl is unavailable: %s\n", why);
        return 77;
    }
    const unsigned nd = lwcx_impl_devices(cuh);
    CHECK(nd == want, "%s: %u devices, expected %u", impl, nd, want);
    if (nd != want || nd > 16) return tu_finish();
    const bc_impl *cu = (const bc_impl *)cuh, *ref = &lwcx_bc_present80_ref;
    uint8_t key[10], base[10], pt[8], ct[8], found[10];
    _Alignas(64) uint8_t sched[BC_REF_SCHED_MAX];
    tu_fill(key, sizeof key);
    tu_fill(pt, sizeof pt);
    ref->expand(sched, key);
    ref->encrypt(sched, ct, pt, 1);
    /* without a mask, index i is XORed into the last 8 key bytes */
    const uint64_t chunk = 1024, count = 1024 * chunk, at = count - 77;
    memcpy(base, key, sizeof key);
    for (int i = 0; i < 8; i++) base[9 - i] ^= (uint8_t)(at >> (8 * i));
    uint64_t before[16], after[16];
    cu->desc.devices(before, 16);
    lwcx_keysearch *ks = NULL;
    CHECK(lwcx_keysearch_new_with(cuh, &ks, LWCX_PRESENT80, pt, ct, 1, base, NULL, 0, count) == LWCX_OK, "new");
    if (!ks) return tu_finish();
    CHECK(lwcx_keysearch_set_chunk(ks, chunk) == LWCX_OK, "set_chunk");
    CHECK(lwcx_keysearch_run(ks, 0, NULL, NULL) == LWCX_OK, "run");
    uint64_t idx = 0;
    CHECK(lwcx_keysearch_found_count(ks) == 1 && lwcx_keysearch_found_key(ks, 0, found, &idx) == LWCX_OK &&
              idx == at && memcmp(found, key, sizeof key) == 0,
          "%s on %u devices: the planted key, once", impl, nd);
    CHECK(lwcx_keysearch_keys_done(ks) == count && lwcx_keysearch_complete(ks), "%s: every key searched", impl);
    lwcx_keysearch_free(ks);
    cu->desc.devices(after, 16);
    for (unsigned d = 0; d < nd; d++) {
        printf("%s device %u: %llu batches\n", impl, d, (unsigned long long)(after[d] - before[d]));
        CHECK(after[d] > before[d], "%s: device %u of %u took no chunk", impl, d, nd);
    }
    bulk_shares(nd);
    return tu_finish();
}

/* The batches the implementation's devices have run, all devices together. */
static uint64_t device_work(const lwcx_impl *h)
{
    uint64_t w[16] = {0}, sum = 0;
    const unsigned n = ((const bc_impl *)h)->desc.devices(w, 16);
    for (unsigned d = 0; d < n && d < 16; d++) sum += w[d];
    return sum;
}

/* "auto N": with LWCX_CUDA_AUTO_BYTES=N, the automatic choice sends one-key
 * ECB and CTR calls of N bytes (not N - 1 block) to cuda, unless an
 * implementation is named; results as ref's either way. */
static int auto_choice(size_t n)
{
    for (int i = 0; i < NCIPHERS; i++) {
        const lwcx_blockcipher c = ciphers[i];
        const char *prim = lwcx_bc_name(c);
        const lwcx_impl *cu = lwcx_impl_find(prim, impl), *ref = lwcx_impl_find(prim, "ref");
        CHECK(cu && lwcx_impl_available(cu, NULL), "%s: %s available", prim, impl);
        if (!cu || !lwcx_impl_available(cu, NULL)) continue;
        const size_t bs = lwcx_bc_block_bytes(c), kb = lwcx_bc_key_bytes(c);
        uint8_t key[32], iv[16], *pt = malloc(n), *a = malloc(n), *b = malloc(n);
        if (!pt || !a || !b) abort();
        tu_fill(key, kb), tu_fill(iv, bs), tu_fill(pt, n);
        CHECK_OK(lwcx_bc_ecb_encrypt_with(ref, c, key, b, pt, n));
        uint64_t w0 = device_work(cu);
        CHECK(lwcx_bc_ecb_encrypt(c, key, a, pt, n - bs) == LWCX_OK && memcmp(a, b, n - bs) == 0 &&
                  device_work(cu) == w0,
              "%s: ECB of %zu bytes on the CPU, as ref", prim, n - bs);
        CHECK(lwcx_bc_ecb_encrypt(c, key, a, pt, n) == LWCX_OK && memcmp(a, b, n) == 0 && device_work(cu) > w0,
              "%s: ECB of %zu bytes on %s, as ref", prim, n, impl);
        w0 = device_work(cu);
        CHECK(lwcx_bc_ecb_decrypt(c, key, a, a, n) == LWCX_OK && memcmp(a, pt, n) == 0 && device_work(cu) > w0,
              "%s: ECB decryption of %zu bytes on %s", prim, n, impl);
        CHECK_OK(lwcx_bc_ctr_with(ref, c, key, iv, b, pt, n));
        w0 = device_work(cu);
        CHECK(lwcx_bc_ctr(c, key, iv, a, pt, n) == LWCX_OK && memcmp(a, b, n) == 0 && device_work(cu) > w0,
              "%s: CTR of %zu bytes on %s, as ref", prim, n, impl);
        const char *cpu = lwcx_impl_selected(prim);
        CHECK(cpu && strcmp(cpu, impl) != 0 && lwcx_impl_select(prim, cpu) == LWCX_OK, "%s: select %s", prim,
              cpu ? cpu : "?");
        w0 = device_work(cu);
        CHECK(lwcx_bc_ctr(c, key, iv, a, pt, n) == LWCX_OK && memcmp(a, b, n) == 0 && device_work(cu) == w0,
              "%s: CTR of %zu bytes on the CPU when %s is selected", prim, n, cpu ? cpu : "?");
        CHECK(lwcx_impl_select(prim, NULL) == LWCX_OK, "%s: back to the automatic choice", prim);
        CHECK(lwcx_bc_ctr(c, key, iv, a, pt, n) == LWCX_OK && memcmp(a, b, n) == 0 && device_work(cu) > w0,
              "%s: CTR of %zu bytes on %s again", prim, n, impl);
        free(pt), free(a), free(b);
    }
    return tu_finish();
}

/* cipher c's implementation under test, checked available (else NULL); *ref ref's */
static const lwcx_impl *impl_under_test(lwcx_blockcipher c, const lwcx_impl **ref)
{
    const char *prim = lwcx_bc_name(c), *why = NULL;
    const lwcx_impl *cu = lwcx_impl_find(prim, impl);
    *ref = lwcx_impl_find(prim, "ref");
    CHECK(cu && lwcx_impl_available(cu, &why), "%s: %s available (%s)", prim, impl, why ? why : "");
    return cu && lwcx_impl_available(cu, NULL) ? cu : NULL;
}

/* Bulk call op through h: ECB, ECB decryption, CTR (len bytes), many keys,
 * many-keys decryption (n blocks) */
enum { OP_ECB, OP_ECB_DEC, OP_CTR, OP_KEYS, OP_KEYS_DEC, NOPS };
static const char *const op_names[NOPS] = {"ECB", "ECB decryption", "CTR", "many keys", "many-keys decryption"};
static int bulk_op(int op, const lwcx_impl *h, lwcx_blockcipher c, const uint8_t *key, const uint8_t *iv, uint8_t *out,
                   const uint8_t *in, const uint8_t *keys, size_t n, size_t len)
{
    switch (op) {
    case OP_ECB: return lwcx_bc_ecb_encrypt_with(h, c, key, out, in, len);
    case OP_ECB_DEC: return lwcx_bc_ecb_decrypt_with(h, c, key, out, in, len);
    case OP_CTR: return lwcx_bc_ctr_with(h, c, key, iv, out, in, len);
    case OP_KEYS: return lwcx_bc_encrypt_keys_with(h, c, out, in, keys, n);
    default: return lwcx_bc_decrypt_keys_with(h, c, out, in, keys, n);
    }
}

/* "pipeline N" (the fake driver running kernels, LWCX_FAKE_CUDA_RUN=1, a
 * small LWCX_CUDA_STAGE_BYTES, N devices): bulk calls through the pinned
 * staging pipeline, of sizes around its chunks (a chunk is the batches
 * whose inputs fill a stage: 3 to 15 here, cipher and call alike), in
 * place too, and large enough to be shared among the devices: every
 * cipher's ECB both ways, CTR with tails, many keys both ways, as ref, no
 * fallback, every device credited. The fake runs queued copies and kernels
 * only when they are waited for, so a stage reused or read too early gives
 * wrong results here. */
static int pipeline(unsigned nd)
{
    static const size_t batches[] = {1, 2, 3, 4, 6, 7, 8, 14, 15, 16, 17, 29, 45, 50, 0};
    const size_t big = (size_t)nd * 300 + 7; /* batches: every device a share */
    for (int i = 0; i < NCIPHERS; i++) {
        const lwcx_blockcipher c = ciphers[i];
        const char *prim = lwcx_bc_name(c), *why = NULL;
        const lwcx_impl *ref, *cu = impl_under_test(c, &ref);
        if (!cu) continue;
        CHECK(lwcx_impl_devices(cu) == nd, "%s: %s on %u devices", prim, impl, nd);
        const size_t bs = lwcx_bc_block_bytes(c), kb = lwcx_bc_key_bytes(c), most = big * 32;
        uint8_t key[32], iv[16], *in = malloc(most * bs), *keys = malloc(most * kb), *a = malloc(most * bs + 1),
                                  *b = malloc(most * bs);
        if (!in || !keys || !a || !b) abort();
        tu_fill(key, kb), tu_fill(iv, bs), tu_fill(in, most * bs), tu_fill(keys, most * kb);
        const uint64_t f0 = lwcx_impl_fallbacks(cu, NULL, NULL);
        uint64_t w[16] = {0}, w0[16] = {0};
        ((const bc_impl *)cu)->desc.devices(w0, 16);
        for (size_t t = 0; t < sizeof batches / sizeof batches[0]; t++) {
            const size_t n = (batches[t] ? batches[t] : big) * 32, bytes = n * bs;
            for (int op = 0; op < NOPS; op++) {
                /* CTR: a tail, and one batch less a byte */
                const size_t len = op != OP_CTR ? bytes : t % 2 ? bytes - 3 : bytes - 1;
                a[len] = 0x5A;
                int rc = bulk_op(op, cu, c, key, iv, a, in, keys, n, len);
                CHECK_OK(bulk_op(op, ref, c, key, iv, b, in, keys, n, len));
                CHECK(rc == LWCX_OK && memcmp(a, b, len) == 0 && a[len] == 0x5A,
                      "%s: %s of %zu bytes through the pipeline differs from ref", prim, op_names[op], len);
                memcpy(a, in, len); /* in place */
                rc = bulk_op(op, cu, c, key, iv, a, a, keys, n, len);
                CHECK(rc == LWCX_OK && memcmp(a, b, len) == 0, "%s: %s of %zu bytes in place differs from ref", prim,
                      op_names[op], len);
            }
        }
        CHECK(lwcx_impl_fallbacks(cu, NULL, &why) == f0, "%s: the pipeline fell back to the CPU (%s)", prim,
              why ? why : "");
        ((const bc_impl *)cu)->desc.devices(w, 16);
        for (unsigned d = 0; d < nd && d < 16; d++)
            CHECK(w[d] - w0[d] >= 300 * 5, "%s: device %u of %u ran %llu batches of the large calls", prim, d, nd,
                  (unsigned long long)(w[d] - w0[d]));
        free(in), free(keys), free(a), free(b);
    }
    return tu_finish();
}

/* "pipeline_fail REASON" (as "pipeline", one device, a driver call of the
 * pipeline failing once: LWCX_FAKE_CUDA_FAIL_CALL): the call it fails in
 * still gives ref's results (its chunks not yet delivered run on the CPU),
 * reported once with REASON; the calls after it run on the device again
 * (the pipeline made anew). LeakSanitizer (the sanitizer build) checks
 * that the pipeline's memory is released on the way. */
static int pipeline_fail(const char *reason)
{
    for (int i = 0; i < NCIPHERS; i++) {
        const lwcx_blockcipher c = ciphers[i];
        const char *prim = lwcx_bc_name(c), *why = NULL;
        const lwcx_impl *ref, *cu = impl_under_test(c, &ref);
        if (!cu) continue;
        const size_t bs = lwcx_bc_block_bytes(c), kb = lwcx_bc_key_bytes(c), n = 40 * 32, len = n * bs - 5;
        uint8_t key[32], iv[16], *in = malloc(n * bs), *keys = malloc(n * kb), *a = malloc(n * bs), *b = malloc(n * bs);
        if (!in || !keys || !a || !b) abort();
        tu_fill(key, kb), tu_fill(iv, bs), tu_fill(in, n * bs), tu_fill(keys, n * kb);
        const uint64_t f0 = lwcx_impl_fallbacks(cu, NULL, NULL), w0 = device_work(cu);
        for (int k = 0; k < 3; k++) {
            const int op = k == 0 ? OP_CTR : k == 1 ? OP_ECB : OP_KEYS;
            const size_t bytes = op == OP_CTR ? len : n * bs;
            memcpy(a, in, n * bs); /* in place: chunks delivered are not run again */
            const int rc = bulk_op(op, cu, c, key, iv, a, a, keys, n, bytes);
            CHECK_OK(bulk_op(op, ref, c, key, iv, b, in, keys, n, bytes));
            CHECK(rc == LWCX_OK && memcmp(a, b, bytes) == 0, "%s: %s with a failing %s as ref", prim, op_names[op],
                  reason);
        }
        const uint64_t f = lwcx_impl_fallbacks(cu, NULL, &why);
        if (i == 0)
            CHECK(f == f0 + 1 && why && strstr(why, reason), "%s: one fallback (%llu) saying '%s' (%s)", prim,
                  (unsigned long long)(f - f0), reason, why ? why : "");
        else
            CHECK(f == f0, "%s: after the failure, no fallback (%llu)", prim, (unsigned long long)(f - f0));
        CHECK(device_work(cu) > w0, "%s: work on the device", prim);
        free(in), free(keys), free(a), free(b);
    }
    return tu_finish();
}

/* "fallback REASON" (a fake driver whose device fails every operation in
 * its middle): every call through the implementation still gives ref's
 * results, each is counted as run on the CPU (lwcx_impl_fallbacks) with a
 * reason that says REASON, none is credited to the device, and a key
 * search reports its keys as searched on the CPU and finds the key. */
static int fallback(const char *reason)
{
    for (int i = 0; i < NCIPHERS; i++) {
        const lwcx_blockcipher c = ciphers[i];
        const char *prim = lwcx_bc_name(c), *why = NULL;
        const lwcx_impl *ref, *cu = impl_under_test(c, &ref);
        if (!cu) continue;
        const size_t bs = lwcx_bc_block_bytes(c), kb = lwcx_bc_key_bytes(c), n = 64 * 32, len = bs * n;
        uint8_t key[32], iv[16], *pt = malloc(len), *keys = malloc(kb * n), *a = malloc(len), *b = malloc(len);
        if (!pt || !keys || !a || !b) abort();
        tu_fill(key, kb), tu_fill(iv, bs), tu_fill(pt, len), tu_fill(keys, kb * n);
        const uint64_t w0 = device_work(cu);
        uint64_t f0 = lwcx_impl_fallbacks(cu, NULL, NULL), f;
        CHECK_OK(lwcx_bc_ecb_encrypt_with(ref, c, key, b, pt, len));
        CHECK(lwcx_bc_ecb_encrypt_with(cu, c, key, a, pt, len) == LWCX_OK && memcmp(a, b, len) == 0,
              "%s: ECB through a failing %s as ref", prim, impl);
        CHECK((f = lwcx_impl_fallbacks(cu, NULL, NULL)) == f0 + 1, "%s: the ECB call counted as run on the CPU", prim);
        CHECK_OK(lwcx_bc_ctr_with(ref, c, key, iv, b, pt, len - 3));
        CHECK(lwcx_bc_ctr_with(cu, c, key, iv, a, pt, len - 3) == LWCX_OK && memcmp(a, b, len - 3) == 0,
              "%s: CTR through a failing %s as ref", prim, impl);
        CHECK(lwcx_impl_fallbacks(cu, NULL, NULL) == f + 1, "%s: the CTR call counted as run on the CPU", prim);
        f = lwcx_impl_fallbacks(cu, NULL, NULL);
        CHECK_OK(lwcx_bc_encrypt_keys_with(ref, c, b, pt, keys, n));
        CHECK(lwcx_bc_encrypt_keys_with(cu, c, a, pt, keys, n) == LWCX_OK && memcmp(a, b, len) == 0,
              "%s: many keys through a failing %s as ref", prim, impl);
        uint64_t batches = 0;
        CHECK(lwcx_impl_fallbacks(cu, &batches, &why) == f + 1 && batches > 0,
              "%s: the many-keys call counted as run on the CPU", prim);
        CHECK(why && strstr(why, reason), "%s: the reason '%s', expected '%s'", prim, why ? why : "(null)", reason);
        CHECK(device_work(cu) == w0, "%s: no work credited to the failing device", prim);
        /* a key search: the planted key found, its keys reported as the CPU's */
        uint8_t base[32], ct[16], found[32];
        lwcx_keysearch *ks = NULL;
        CHECK_OK(lwcx_bc_ecb_encrypt_with(ref, c, key, ct, pt, bs));
        memcpy(base, key, kb);
        base[kb - 1] ^= 0x2A; /* index 0x2A of the search (no mask: the last key bytes) */
        const uint64_t count = 4096;
        CHECK(lwcx_keysearch_new_with(cu, &ks, c, pt, ct, 1, base, NULL, 0, count) == LWCX_OK, "%s: new", prim);
        if (ks) {
            CHECK(lwcx_keysearch_set_chunk(ks, 1024) == LWCX_OK && lwcx_keysearch_run(ks, 2, NULL, NULL) == LWCX_OK,
                  "%s: run", prim);
            uint64_t idx = 0;
            CHECK(lwcx_keysearch_found_count(ks) == 1 && lwcx_keysearch_found_key(ks, 0, found, &idx) == LWCX_OK &&
                      idx == 0x2A && memcmp(found, key, kb) == 0,
                  "%s: the key found through a failing %s", prim, impl);
            why = NULL;
            CHECK(lwcx_keysearch_fallback_keys(ks, &why) == count && why && strstr(why, reason),
                  "%s: the search's %llu keys reported as searched on the CPU", prim, (unsigned long long)count);
            lwcx_keysearch_free(ks);
        }
        free(pt), free(keys), free(a), free(b);
    }
    return tu_finish();
}

/* "set_devices N": lwcx_opencl_set_devices({N}) before opencl's first use
 * picks device N (the fake loader has one: N = 0 is available, 1 is not,
 * saying so); afterwards another list is refused. */
/* "set_devices N [ok|missing]": the device list through the API
 * (lwcx_opencl_set_devices, lwcx_cuda_set_devices), device N alone: then
 * available with one device (ok; without the word, for N = 0) or
 * unavailable, saying so (missing). */
static int set_devices(unsigned n, int exists)
{
    const int cuda = strcmp(impl, "cuda") == 0;
    int (*set)(const unsigned *, size_t) = cuda ? lwcx_cuda_set_devices : lwcx_opencl_set_devices;
    const unsigned one = n, other = n + 1;
    CHECK(set(NULL, 1) == LWCX_ERR_NULL, "set_devices: NULL refused");
    unsigned many[17] = {0};
    CHECK(set(many, 17) == LWCX_ERR_ARG, "set_devices: 17 devices refused");
    CHECK(set(&other, 1) == LWCX_OK, "set_devices: a first list");
    CHECK(set(&one, 1) == LWCX_OK, "set_devices: replaced before first use");
    const lwcx_impl *h = lwcx_impl_find("present80", impl);
    const char *why = NULL;
    const int ok = lwcx_impl_available(h, &why);
    if (exists)
        CHECK(ok && lwcx_impl_devices(h) == 1, "%s device %u named: available (%s)", impl, n, why ? why : "");
    else
        CHECK(!ok && why && strstr(why, cuda ? "no CUDA device" : "no OpenCL device"),
              "%s device %u named: unavailable (%s)", impl, n, why ? why : "");
    CHECK(set(&other, 1) == LWCX_ERR_ARG, "set_devices: another list after first use");
    CHECK(set(&one, 1) == LWCX_OK, "set_devices: the same list after first use");
    return tu_finish();
}

static int unavailable(const char *reason)
{
    const char *why0 = NULL;
    const lwcx_impl *first = lwcx_impl_find(lwcx_bc_name(ciphers[0]), impl);
    if (first && !lwcx_impl_available(first, &why0) && why0 && strstr(why0, "no libOpenCL.so.1") &&
        !strstr(reason, "no libOpenCL.so.1")) { /* no loader: no platform to miss */
        printf("skipped: %s\n", why0);
        return 77;
    }
    for (int i = 0; i < NCIPHERS; i++) {
        const char *prim = lwcx_bc_name(ciphers[i]), *why = NULL;
        const lwcx_impl *cu = lwcx_impl_find(prim, impl);
        CHECK(cu != NULL, "%s has a %s implementation", prim, impl);
        CHECK(cu && !lwcx_impl_available(cu, &why), "%s: %s is unavailable", prim, impl);
        CHECK(why && strstr(why, reason), "%s: %s unavailable because '%s', expected '%s'", prim, impl,
              why ? why : "(null)", reason);
        uint8_t k[32] = {0}, b[16] = {0};
        CHECK(lwcx_bc_ecb_encrypt_with(cu, ciphers[i], k, b, b, lwcx_bc_block_bytes(ciphers[i])) ==
                  LWCX_ERR_UNSUPPORTED,
              "%s: a forced unavailable %s is refused", prim, impl);
    }
    return tu_finish();
}

int main(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "opencl") == 0) impl = argv[1], argc--, argv++;
    if (argc == 3 && strcmp(argv[1], "unavailable") == 0) return unavailable(argv[2]);
    if (argc == 3 && strcmp(argv[1], "devices") == 0) return several_devices((unsigned)atoi(argv[2]));
    if (argc == 3 && strcmp(argv[1], "auto") == 0) return auto_choice((size_t)atoi(argv[2]));
    if (argc == 3 && strcmp(argv[1], "fallback") == 0) return fallback(argv[2]);
    if (argc == 3 && strcmp(argv[1], "pipeline") == 0) return pipeline((unsigned)atoi(argv[2]));
    if (argc == 3 && strcmp(argv[1], "pipeline_fail") == 0) return pipeline_fail(argv[2]);
    if (argc >= 3 && strcmp(argv[1], "set_devices") == 0)
        return set_devices((unsigned)atoi(argv[2]), argc > 3 ? strcmp(argv[3], "ok") == 0 : atoi(argv[2]) == 0);
    const unsigned plant_bits = argc == 3 && strcmp(argv[1], "planted") == 0 ? (unsigned)atoi(argv[2]) : 0;
    for (int i = 0; i < NCIPHERS; i++) {
        const lwcx_blockcipher c = ciphers[i];
        const char *prim = lwcx_bc_name(c), *why = NULL;
        const lwcx_impl *cu = lwcx_impl_find(prim, impl), *ref = lwcx_impl_find(prim, "ref");
        if (strcmp(impl, "opencl") == 0 && cu && !lwcx_impl_available(cu, &why)) { /* no device: a skip */
            printf("skipped: opencl is unavailable: %s\n", why);
            return 77;
        }
        CHECK(cu && lwcx_impl_available(cu, &why), "%s: %s available (%s)", prim, impl, why ? why : "");
        if (!cu || !lwcx_impl_available(cu, NULL)) continue;
        CHECK(strcmp(lwcx_impl_selected(prim), impl) != 0, "%s: %s is never the automatic choice", prim, impl);
        printf("%s: %s\n", impl, prim);
        if (plant_bits) {
            planted(c, cu, plant_bits);
            continue;
        }
        ecb_keys_big(c, cu, ref);
        ctr_edges(c, cu, ref);
        searches(c, cu);
        /* emulation, or a device that works: nothing ran on the CPU instead */
        CHECK(lwcx_impl_fallbacks(cu, NULL, &why) == 0, "%s: %s fell back to the CPU (%s)", prim, impl,
              why ? why : "");
    }
    return tu_finish();
}
