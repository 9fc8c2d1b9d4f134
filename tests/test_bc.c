/* PRESENT, GIFT, PIPO: known answers on every implementation, differential
 * tests of every implementation against ref (ECB, CTR, many keys) at every
 * block count 0..batch+2, those next to the next two batch boundaries and a
 * few larger ones, round trips, in-place use,
 * guard bytes, CTR against its definition (counter wrap included), bad
 * arguments; the optional internal entry points: pack_unpack is the
 * identity, and the key-search kernel marks exactly the lanes ref says. */
#include "../kat/kat.h"
#include "../src/bc/bc_impl.h"
#include "lwcx.h"
#include "testutil.h"

#define NCIPHERS 6
#define MAXB 1600 /* blocks; past 3*512+40 (the widest batch), two CTR chunks of 64-bit blocks */
#define BS_MAX LWCX_BC_MAX_BLOCK_BYTES
#define KB_MAX LWCX_BC_MAX_KEY_BYTES

static const lwcx_blockcipher ciphers[NCIPHERS] = {LWCX_PRESENT80, LWCX_PRESENT128, LWCX_GIFT64,
                                                   LWCX_GIFT128, LWCX_PIPO128, LWCX_PIPO256};

/* Block counts worth a test: every one through a batch and two (every
 * partial batch), then those within two of the next two batch boundaries. */
static int near_batch(size_t n, unsigned batch)
{
    const size_t r = n % batch;
    return n <= (size_t)batch + 2 || (n <= 3 * (size_t)batch + 2 && (r <= 2 || r >= batch - 2));
}

/* The counts to try: those near a batch, then some beyond. */
static size_t next_count(size_t n, unsigned batch)
{
    if (n < 3 * (size_t)batch + 2) {
        do n++; while (!near_batch(n, batch));
        return n;
    }
    if (n < 3 * (size_t)batch + 40) return n + 37; /* past small chunk boundaries */
    return n < 600 ? 600 : n < MAXB ? MAXB : MAXB + 1;
}

/* Every count n compares with a prefix of ref's output on MAXB blocks, so
 * ref runs once per implementation, not once per count. */
static void ecb_and_keys(lwcx_blockcipher c, const char *impl, unsigned batch)
{
    static uint8_t pt[BS_MAX * MAXB], keys[KB_MAX * MAXB], want[BS_MAX * MAXB],
        want_keys[BS_MAX * MAXB];
    const char *prim = lwcx_bc_name(c);
    const lwcx_impl *im = lwcx_impl_find(prim, impl), *ref = lwcx_impl_find(prim, "ref");
    const size_t bs = lwcx_bc_block_bytes(c), kb = lwcx_bc_key_bytes(c);
    uint8_t key[KB_MAX];
    tu_fill(key, kb);
    tu_fill(pt, bs * MAXB);
    tu_fill(keys, kb * MAXB);
    CHECK(lwcx_bc_ecb_encrypt_with(ref, c, key, want, pt, bs * MAXB) == LWCX_OK, "%s ref", prim);
    CHECK(lwcx_bc_encrypt_keys_with(ref, c, want_keys, pt, keys, MAXB) == LWCX_OK, "%s ref", prim);
    for (size_t n = 0; n <= MAXB; n = next_count(n, batch)) {
        tu_buf out = tu_alloc(bs * n), back = tu_alloc(bs * n);

        /* ECB under one key */
        CHECK(lwcx_bc_ecb_encrypt_with(im, c, key, out.p, pt, bs * n) == LWCX_OK, "%s %s", prim, impl);
        CHECK(memcmp(out.p, want, bs * n) == 0, "%s %s ecb differs from ref, n=%zu", prim, impl, n);
        CHECK(lwcx_bc_ecb_decrypt_with(im, c, key, back.p, out.p, bs * n) == LWCX_OK, "%s %s", prim, impl);
        CHECK(memcmp(back.p, pt, bs * n) == 0, "%s %s ecb round trip, n=%zu", prim, impl, n);
        memcpy(back.p, pt, bs * n);
        CHECK_OK(lwcx_bc_ecb_encrypt_with(im, c, key, back.p, back.p, bs * n));
        CHECK(memcmp(back.p, want, bs * n) == 0, "%s %s in-place ecb encrypt, n=%zu", prim, impl, n);
        CHECK_OK(lwcx_bc_ecb_decrypt_with(im, c, key, back.p, back.p, bs * n));
        CHECK(memcmp(back.p, pt, bs * n) == 0, "%s %s in-place ecb decrypt, n=%zu", prim, impl, n);

        /* many keys */
        CHECK(lwcx_bc_encrypt_keys_with(im, c, out.p, pt, keys, n) == LWCX_OK, "%s %s", prim, impl);
        CHECK(memcmp(out.p, want_keys, bs * n) == 0, "%s %s encrypt_keys differs from ref, n=%zu", prim,
              impl, n);
        CHECK(lwcx_bc_decrypt_keys_with(im, c, back.p, out.p, keys, n) == LWCX_OK, "%s %s", prim, impl);
        CHECK(memcmp(back.p, pt, bs * n) == 0, "%s %s decrypt_keys round trip, n=%zu", prim, impl, n);
        memcpy(back.p, pt, bs * n);
        CHECK_OK(lwcx_bc_encrypt_keys_with(im, c, back.p, back.p, keys, n));
        CHECK(memcmp(back.p, want_keys, bs * n) == 0, "%s %s in-place encrypt_keys, n=%zu", prim, impl, n);
        CHECK_OK(lwcx_bc_decrypt_keys_with(im, c, back.p, back.p, keys, n));
        CHECK(memcmp(back.p, pt, bs * n) == 0, "%s %s in-place decrypt_keys, n=%zu", prim, impl, n);
        /* each block of a batch really is under its own key */
        if (n >= 1) {
            uint8_t one[BS_MAX];
            CHECK_OK(lwcx_bc_ecb_encrypt_with(im, c, keys + kb * (n - 1), one, pt + bs * (n - 1), bs));
            CHECK(memcmp(one, want_keys + bs * (n - 1), bs) == 0, "%s %s last key, n=%zu", prim, impl, n);
        }
        CHECK(tu_guard_ok(&out) && tu_guard_ok(&back), "%s %s guard bytes, n=%zu", prim, impl, n);
        tu_free(&out);
        tu_free(&back);
    }
}

/* iv + j as a big-endian integer over the whole block, mod 2^(8 bs) */
static void counter_block(uint8_t *out, const uint8_t *iv, size_t bs, uint64_t j)
{
    unsigned carry = 0;
    for (size_t i = bs; i-- > 0;) {
        unsigned s = iv[i] + (unsigned)(j & 0xFF) + carry;
        out[i] = (uint8_t)s;
        carry = s >> 8;
        j >>= 8;
    }
}

/* CTR against its definition: keystream block j = E(iv + j), computed with
 * ref's ECB; an iv with a random low part, one 16 below the wrap, and one
 * whose increment carries across the middle of the block, one whose low byte
 * carries into the next one and no further. */
static void ctr(lwcx_blockcipher c, const char *impl, unsigned batch)
{
    static uint8_t pt[BS_MAX * MAXB], ctrs[BS_MAX * MAXB], stream[BS_MAX * MAXB];
    const char *prim = lwcx_bc_name(c);
    const lwcx_impl *im = lwcx_impl_find(prim, impl), *ref = lwcx_impl_find(prim, "ref");
    const size_t bs = lwcx_bc_block_bytes(c), kb = lwcx_bc_key_bytes(c);
    if (bs < 8 || bs > BS_MAX || kb > KB_MAX) return; /* cannot happen; keeps the compiler sure */
    for (int kind = 0; kind < 4; kind++) {
        uint8_t key[KB_MAX], iv[BS_MAX];
        tu_fill(key, kb);
        tu_fill(iv, bs);
        if (kind == 1) memset(iv, 0xff, bs), iv[bs - 1] = 0xf0; /* 2^(8bs) - 16: wraps to 0 */
        if (kind == 2) memset(iv + bs / 2, 0xff, bs - bs / 2);  /* carries into the upper half */
        if (kind == 3) iv[bs - 2] = 0x12, iv[bs - 1] = 0xe1;   /* the low byte carries, one byte only */
        for (size_t j = 0; j < MAXB; j++) counter_block(ctrs + bs * j, iv, bs, j);
        CHECK_OK(lwcx_bc_ecb_encrypt_with(ref, c, key, stream, ctrs, bs * MAXB));
        /* every byte length next to a block boundary at the block counts
         * near a batch (up to 3*batch+3 blocks), and (the first iv) every one
         * up to batch+2 blocks; then around the 4 KiB chunks */
        const size_t small = bs * (3 * (size_t)batch + 3), every = kind ? 0 : bs * ((size_t)batch + 2);
        const size_t large[] = {4095, 4096, 4097, 8191, 8200, bs * MAXB};
        const size_t nlen = small + 1 + sizeof large / sizeof large[0];
        for (size_t li = 0; li < nlen; li++) {
            size_t len = li <= small ? li : large[li - small - 1];
            if (len > bs * MAXB) continue;
            if (li > every && li <= small && ((li + 1) % bs > 2 || !near_batch((li + 1) / bs, batch)))
                continue; /* not next to a boundary, or far from a batch */
            tu_fill(pt, len);
            tu_buf out = tu_alloc(len);
            CHECK(lwcx_bc_ctr_with(im, c, key, iv, out.p, pt, len) == LWCX_OK, "%s %s", prim, impl);
            int ok = 1;
            for (size_t i = 0; i < len; i++) ok &= out.p[i] == (uint8_t)(pt[i] ^ stream[i]);
            CHECK(ok, "%s %s ctr keystream, len=%zu kind=%d", prim, impl, len, kind);
            CHECK(tu_guard_ok(&out), "%s %s ctr guard bytes, len=%zu", prim, impl, len);
            CHECK_OK(lwcx_bc_ctr_with(im, c, key, iv, out.p, out.p, len)); /* in place, inverse */
            CHECK(memcmp(out.p, pt, len) == 0, "%s %s ctr round trip, len=%zu", prim, impl, len);
            tu_free(&out);
        }
    }
}

/* The internal entry points a bitsliced implementation may add. */
static void internals(lwcx_blockcipher c, const char *impl)
{
    const bc_cipher *ci = &lwcx_bc_ciphers[c];
    const bc_impl *im = (const bc_impl *)lwcx_find_impl(ci->prim, impl);
    const bc_impl *ref = (const bc_impl *)lwcx_find_impl(ci->prim, "ref");
    const size_t bs = ci->block_bytes, kb = ci->key_bytes, batch = im->desc.batch;
    CHECK(batch == 1 || (im->encrypt_keys && im->decrypt_keys),
          "%s %s: a batched implementation without its own many-keys entries (the fallback pads every key to a batch)",
          ci->name, impl);
    if (im->pack_unpack) {
        tu_buf in = tu_alloc(bs * 2 * batch), out = tu_alloc(bs * 2 * batch);
        tu_fill(in.p, bs * 2 * batch);
        im->pack_unpack(out.p, in.p, 2 * batch);
        CHECK(memcmp(out.p, in.p, bs * 2 * batch) == 0, "%s %s: pack_unpack is not the identity", ci->name,
              impl);
        CHECK(tu_guard_ok(&out), "%s %s: pack_unpack guard bytes", ci->name, impl);
        tu_free(&in);
        tu_free(&out);
    }
    if (!im->search) return;
    const size_t lanes = im->search_lanes ? im->search_lanes : batch; /* keys per search call */
    unsigned lane_bits = 0;
    while (((size_t)1 << lane_bits) < lanes) lane_bits++;
    CHECK(lane_bits <= 16 && lane_bits <= 8 * kb, "%s %s: lanes %zu too wide for this test", ci->name,
          impl, lanes);
    if (lane_bits > 16 || lane_bits > 8 * kb) return;
    const size_t words = (lanes + 63) / 64;
    const size_t sched_bytes = (ref->sched_bytes + BC_SCHED_ALIGN - 1) / BC_SCHED_ALIGN * BC_SCHED_ALIGN;
    uint8_t *keys = malloc(kb * lanes), *sched = aligned_alloc(BC_SCHED_ALIGN, sched_bytes);
    uint64_t *want = malloc(8 * words), *got = malloc(8 * words);
    CHECK(keys && sched && want && got, "allocation");
    for (int trial = 0; trial < 6 && keys && sched && want && got; trial++) {
        /* distinct random key bits for the lane index; trial 0: the lowest
         * ones; trial 3: the lowest but the last (a kernel that runs more
         * than one batch a call: the batch's lanes in the lowest, the batch
         * anywhere); trial 2: random ones of the lowest byte where they fit */
        uint16_t lane_bit[16];
        for (unsigned b = 0; b < lane_bits; b++) {
            int dup;
            do {
                lane_bit[b] = (uint16_t)(trial == 0 || (trial == 3 && b + 1 < lane_bits) ? b
                                         : trial == 2 && lane_bits <= 8 ? tu_rand() % 8
                                                                        : tu_rand() % (8 * kb));
                dup = 0;
                for (unsigned e = 0; e < b; e++) dup |= lane_bit[e] == lane_bit[b];
            } while (dup);
        }
        uint8_t key0[KB_MAX], pt[BS_MAX], ct[BS_MAX];
        tu_fill(key0, kb);
        tu_fill(pt, bs);
        /* every lane's key by its definition, the target a random lane's
         * ciphertext (trial 1: a ciphertext no lane is likely to give) */
        for (size_t l = 0; l < lanes; l++) {
            memcpy(keys + kb * l, key0, kb);
            for (unsigned b = 0; b < lane_bits; b++)
                if (l >> b & 1) keys[kb * l + kb - 1 - lane_bit[b] / 8] ^= (uint8_t)(1u << (lane_bit[b] % 8));
        }
        size_t target = tu_rand() % lanes;
        ref->expand(sched, keys + kb * target);
        ref->encrypt(sched, ct, pt, 1);
        if (trial == 1) ct[0] ^= 1;
        memset(want, 0, 8 * words);
        memset(got, 0xA5, 8 * words);
        for (size_t l = 0; l < lanes; l++) {
            uint8_t blk[BS_MAX];
            ref->expand(sched, keys + kb * l);
            ref->encrypt(sched, blk, pt, 1);
            if (memcmp(blk, ct, bs) == 0) want[l / 64] |= (uint64_t)1 << (l % 64);
        }
        im->search(key0, lane_bit, pt, ct, got);
        if (lanes < 64) got[0] &= ((uint64_t)1 << lanes) - 1;
        CHECK(memcmp(got, want, 8 * words) == 0, "%s %s: search kernel hits differ from ref (trial %d)",
              ci->name, impl, trial);
    }
    free(keys);
    free(sched);
    free(want);
    free(got);
}

static void sizes_and_names(void)
{
    static const size_t bs[NCIPHERS] = {8, 8, 8, 16, 8, 8}, kb[NCIPHERS] = {10, 16, 16, 16, 16, 32};
    static const char *const names[NCIPHERS] = {"present80", "present128", "gift64",
                                                "gift128",   "pipo128",    "pipo256"};
    for (int i = 0; i < NCIPHERS; i++) {
        CHECK(lwcx_bc_block_bytes(ciphers[i]) == bs[i], "%s block bytes", names[i]);
        CHECK(lwcx_bc_key_bytes(ciphers[i]) == kb[i], "%s key bytes", names[i]);
        CHECK(lwcx_bc_name(ciphers[i]) && strcmp(lwcx_bc_name(ciphers[i]), names[i]) == 0, "%s name", names[i]);
        CHECK(lwcx_impl_count(names[i]) >= 1, "%s is registered", names[i]);
    }
    CHECK(lwcx_bc_block_bytes((lwcx_blockcipher)NCIPHERS) == 0, "unknown cipher block bytes");
    CHECK(lwcx_bc_key_bytes((lwcx_blockcipher)-1) == 0, "unknown cipher key bytes");
    CHECK(lwcx_bc_name((lwcx_blockcipher)NCIPHERS) == NULL, "unknown cipher name");
}

static void bad_arguments(void)
{
    CHECK(strcmp(lwcx_strerror(LWCX_ERR_NOMEM), lwcx_strerror(-1000)) != 0, "LWCX_ERR_NOMEM has a message");
    uint8_t b[64] = {0}, k[64] = {0};
    const lwcx_blockcipher bad = (lwcx_blockcipher)NCIPHERS;
    CHECK(lwcx_bc_ecb_encrypt(bad, k, b, b, 8) == LWCX_ERR_ARG, "unknown cipher");
    CHECK(lwcx_bc_ecb_decrypt((lwcx_blockcipher)-1, k, b, b, 8) == LWCX_ERR_ARG, "unknown cipher");
    CHECK(lwcx_bc_ctr(bad, k, k, b, b, 8) == LWCX_ERR_ARG, "unknown cipher");
    CHECK(lwcx_bc_encrypt_keys(bad, b, b, k, 1) == LWCX_ERR_ARG, "unknown cipher");
    CHECK(lwcx_bc_decrypt_keys(bad, b, b, k, 1) == LWCX_ERR_ARG, "unknown cipher");
    for (int i = 0; i < NCIPHERS; i++) {
        const lwcx_blockcipher c = ciphers[i];
        const size_t bs = lwcx_bc_block_bytes(c);
        const char *prim = lwcx_bc_name(c);
        CHECK(lwcx_bc_ecb_encrypt(c, NULL, b, b, bs) == LWCX_ERR_NULL, "%s null key", prim);
        CHECK(lwcx_bc_ecb_encrypt(c, k, NULL, b, bs) == LWCX_ERR_NULL, "%s null out", prim);
        CHECK(lwcx_bc_ecb_decrypt(c, k, b, NULL, bs) == LWCX_ERR_NULL, "%s null in", prim);
        CHECK(lwcx_bc_ecb_encrypt(c, k, b, b, bs - 1) == LWCX_ERR_LENGTH, "%s partial block", prim);
        CHECK(lwcx_bc_ecb_decrypt(c, k, b, b, bs + 1) == LWCX_ERR_LENGTH, "%s partial block", prim);
        CHECK(lwcx_bc_ecb_encrypt(c, k, NULL, NULL, 0) == LWCX_OK, "%s empty ecb", prim);
        CHECK(lwcx_bc_ctr(c, NULL, k, b, b, 8) == LWCX_ERR_NULL, "%s ctr null key", prim);
        CHECK(lwcx_bc_ctr(c, k, NULL, b, b, 8) == LWCX_ERR_NULL, "%s ctr null iv", prim);
        CHECK(lwcx_bc_ctr(c, k, k, b, NULL, 3) == LWCX_ERR_NULL, "%s ctr null in", prim);
        CHECK(lwcx_bc_ctr(c, k, k, NULL, b, 3) == LWCX_ERR_NULL, "%s ctr null out", prim);
        CHECK(lwcx_bc_ctr(c, k, k, NULL, NULL, 0) == LWCX_OK, "%s empty ctr", prim);
        CHECK(lwcx_bc_encrypt_keys(c, NULL, b, k, 1) == LWCX_ERR_NULL, "%s null out", prim);
        CHECK(lwcx_bc_encrypt_keys(c, b, NULL, k, 1) == LWCX_ERR_NULL, "%s null in", prim);
        CHECK(lwcx_bc_decrypt_keys(c, b, b, NULL, 1) == LWCX_ERR_NULL, "%s null keys", prim);
        CHECK(lwcx_bc_encrypt_keys(c, NULL, NULL, NULL, 0) == LWCX_OK, "%s zero blocks", prim);
        CHECK(lwcx_bc_encrypt_keys(c, b, b, k, SIZE_MAX / 8) == LWCX_ERR_LENGTH, "%s overflowing count", prim);
        CHECK(lwcx_bc_decrypt_keys(c, b, b, k, SIZE_MAX / 8) == LWCX_ERR_LENGTH, "%s overflowing count", prim);
        /* partly shared buffers are refused; the very same buffer is fine */
        CHECK(lwcx_bc_ecb_encrypt(c, k, b + bs, b, 2 * bs) == LWCX_ERR_ARG, "%s ecb partial overlap", prim);
        CHECK(lwcx_bc_ecb_encrypt(c, b, b, b, 2 * bs) == LWCX_ERR_ARG, "%s ecb out over the key", prim);
        CHECK(lwcx_bc_ecb_encrypt(c, k, b, b, 2 * bs) == LWCX_OK, "%s ecb in place", prim);
        CHECK(lwcx_bc_ctr(c, k, b + 20, b, b + 1, 20) == LWCX_ERR_ARG, "%s ctr partial overlap", prim);
        CHECK(lwcx_bc_ctr(c, k, b + 10, b, b, 20) == LWCX_ERR_ARG, "%s ctr out over the iv", prim);
        CHECK(lwcx_bc_encrypt_keys(c, b, b, b + bs - 1, 1) == LWCX_ERR_ARG, "%s many keys: out over the keys", prim);
        CHECK(lwcx_bc_decrypt_keys(c, b + 8, b, k, 2) == LWCX_ERR_ARG, "%s many keys partial overlap", prim);
    }
}

/* With arguments, only the ciphers they name (ctest runs them in parallel). */
/* The automatic choice by call size: GIFT's and PIPO's avx512vl (ONE_BATCH)
 * take the one-key calls of at most their batch, avx512 the rest and the
 * key search; no other cipher has such an implementation. PIPO's rows512
 * and GIFT-64's groups512, ahead of both, take every call where they run;
 * GIFT-128's slices512 every one-key call of any size, but
 * neither many keys nor the key search (the automatic choice stays avx512). */
static void sized_choice(lwcx_blockcipher c)
{
    const char *prim = lwcx_bc_name(c);
    lwcx_primitive *p = lwcx_find_primitive(prim);
    const lwcx_impl *gen = lwcx_impl_auto(prim), *small = lwcx_impl_find(prim, "avx512vl");
    const lwcx_impl *first = lwcx_impl_find(prim, "rows512"), *one_key = lwcx_impl_find(prim, "slices512");
    if (!first) first = lwcx_impl_find(prim, "groups512");
    const size_t bb = lwcx_bc_block_bytes(c);
    int rc = LWCX_OK;
    if (getenv("LWCX_IMPL") || !gen) return; /* forced: sizes play no part */
    const lwcx_plan *plan = lwcx_plan_of(p);
    if (plan->from[LWCX_CALL_ONE_KEY] != LWCX_FROM_POLICY) { /* a measured preference takes every size */
        for (size_t n = 1; n <= 4096; n *= 4)
            CHECK(lwcx_resolve_sized(p, NULL, bb * n, n, &rc) == plan->pick[LWCX_CALL_ONE_KEY],
                  "%s: %zu-block calls to the measured preference", prim, n);
        return;
    }
    if (one_key && lwcx_impl_available(one_key, NULL)) {
        CHECK(gen != one_key && gen == lwcx_impl_find(prim, "avx512"), "%s: automatic choice %s", prim,
              lwcx_impl_name(gen));
        for (size_t n = 1; n <= 4096; n *= 4)
            CHECK(lwcx_resolve_sized(p, NULL, bb * n, n, &rc) == one_key, "%s: %zu-block calls to slices512", prim,
                  n);
        CHECK(lwcx_resolve_search(p, NULL, &rc) != one_key, "%s: the key search on slices512", prim);
        CHECK(lwcx_resolve_sized(p, gen, bb, 1, &rc) == gen, "%s: a handle is obeyed", prim);
    } else if (first && lwcx_impl_available(first, NULL)) {
        CHECK(gen == first, "%s: automatic choice %s", prim, lwcx_impl_name(gen));
        for (size_t n = 1; n <= 4096; n *= 4)
            CHECK(lwcx_resolve_sized(p, NULL, bb * n, n, &rc) == first, "%s: %zu-block calls to %s", prim, n,
                  lwcx_impl_name(first));
    } else if (small && lwcx_impl_available(small, NULL)) {
        const unsigned b = lwcx_impl_batch(small);
        const lwcx_impl *big = lwcx_impl_find(prim, "avx512");
        /* the default (many keys) may come from the table; one-key calls here from the rules */
        CHECK(plan->from[LWCX_CALL_DEFAULT] != LWCX_FROM_POLICY || gen == big, "%s: automatic choice %s", prim,
              lwcx_impl_name(gen));
        CHECK(lwcx_resolve_sized(p, NULL, bb, 1, &rc) == small &&
                  lwcx_resolve_sized(p, NULL, bb * b, b, &rc) == small,
              "%s: one-batch calls to avx512vl", prim);
        CHECK(lwcx_resolve_sized(p, NULL, bb * (b + 1), b + 1, &rc) == big &&
                  lwcx_resolve_sized(p, NULL, bb * 4 * b, 4 * b, &rc) == big,
              "%s: longer calls to avx512", prim);
        CHECK(lwcx_resolve_sized(p, small, bb, 1, &rc) == small &&
                  lwcx_resolve_sized(p, big, bb, 1, &rc) == big,
              "%s: a handle is obeyed", prim);
    } else {
        CHECK(lwcx_resolve_sized(p, NULL, bb, 1, &rc) == gen, "%s: small calls to the automatic choice", prim);
    }
}

static int chosen(int argc, char **argv, lwcx_blockcipher c)
{
    for (int a = 1; a < argc; a++)
        if (strcmp(argv[a], lwcx_bc_name(c)) == 0) return 1;
    return argc <= 1;
}

int main(int argc, char **argv)
{
    for (int a = 1; a < argc; a++) {
        int known = 0;
        for (int i = 0; i < NCIPHERS; i++) known |= strcmp(argv[a], lwcx_bc_name(ciphers[i])) == 0;
        CHECK(known, "no cipher named %s", argv[a]);
    }
    for (int i = 0; i < NCIPHERS; i++)
        if (chosen(argc, argv, ciphers[i]))
            CHECK(kat_run_all(stdout, lwcx_bc_name(ciphers[i])) == 0, "known answers for %s (see above)",
                  lwcx_bc_name(ciphers[i]));
    for (int i = 0; i < NCIPHERS; i++) {
        if (!chosen(argc, argv, ciphers[i])) continue;
        const char *prim = lwcx_bc_name(ciphers[i]);
        const char *names[16];
        size_t n = tu_available(prim, names);
        sized_choice(ciphers[i]);
        CHECK(n >= 1 && strcmp(names[n - 1], "ref") == 0, "%s: ref is always available and last", prim);
        for (size_t j = 0; j < n; j++) {
            const lwcx_impl *im = lwcx_impl_find(prim, names[j]);
            const unsigned batch = lwcx_impl_batch(im);
            printf("differential: %s %s (batch %u)\n", prim, names[j], batch);
            tu_ran(im);
            ecb_and_keys(ciphers[i], names[j], batch);
            ctr(ciphers[i], names[j], batch);
            internals(ciphers[i], names[j]);
        }
    }
    sizes_and_names();
    bad_arguments();
    return tu_finish();
}
