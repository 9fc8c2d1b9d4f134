/* Template: included by other files, never compiled on its own.
 * Includer defines first: a word header, present/bs_core.tmpl.h, PRESENT_BS_DESC and
 *   PRESENT_BS_NAME(bits)
 * Defines: the PRESENT-80 and PRESENT-128 bc_impl objects PRESENT_BS_NAME(80) and
 *   PRESENT_BS_NAME(128)
 */
/* The bc_impl of a bitsliced PRESENT, written once for every word width:
 * included at the end of an implementation file, after its word header
 * (bs_word_*.h: bs_word, BS_LANES, bs_pack_be, bs_unpack_be, bs_store_hits)
 * and present/bs_core.tmpl.h, and the file's own
 *   PRESENT_BS_DESC             the lwcx_impl_desc initializer
 *   PRESENT_BS_NAME(bits)       the object names, e.g. lwcx_bc_present##bits##_avx2 */
#ifndef LWCX_PRESENT_BS_IMPL_H
#define LWCX_PRESENT_BS_IMPL_H

#include "../bitslice/bs_ctr.tmpl.h"

/* a batch into 64 words and back */
static void pack(bs_word x[64], const uint8_t *in)
{
    bs_pack_be(64, x, in);
}

static void unpack(uint8_t *out, bs_word x[64])
{
    bs_unpack_be(64, out, x);
}

static void expand80(void *sched, const uint8_t *key)
{
    uint64_t rk[PRESENT_ROUNDS + 1];
    lwcx_bc_present80_expand(rk, key);
    present_bs_sched_from(sched, rk);
    lwcx_wipe(rk, sizeof rk);
}

static void expand128(void *sched, const uint8_t *key)
{
    uint64_t rk[PRESENT_ROUNDS + 1];
    lwcx_bc_present128_expand(rk, key);
    present_bs_sched_from(sched, rk);
    lwcx_wipe(rk, sizeof rk);
}

/* The states between rounds are the key's work (the first one and a known
 * block give K_1 away): every mode wipes them, once a call. */
BS_INLINE void crypt(const void *sched, uint8_t *out, const uint8_t *in, size_t nblocks, int enc)
{
    bs_word x[64], y[64];
    for (size_t i = 0; i < nblocks; i += BS_LANES) {
        pack(x, in + 8 * i);
        unpack(out + 8 * i, enc ? present_bs_encrypt(x, y, sched) : present_bs_decrypt(x, y, sched));
    }
    lwcx_wipe(x, sizeof x);
    lwcx_wipe(y, sizeof y);
}

static void encrypt(const void *sched, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    crypt(sched, out, in, nblocks, 1);
}

static void decrypt(const void *sched, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    crypt(sched, out, in, nblocks, 0);
}

/* CTR's first round takes the counters as they are made, K_1 (where the
 * key goes on the S-box outputs) added to them on the way: the counters
 * and the whitened state are never stored (where zmm stores run at half
 * width, a 4 KiB call spent a large part of its time writing states;
 * docs/design/present.md, "One-key calls"), and the 15 round
 * pairs after it leave no single round. */
static bs_word *ctr_encrypt(const void *sched, bs_word *x, bs_word *y, uint64_t hi, uint64_t lo)
{
    const present_bs_sched *s = sched;
    BS_LANE_PATS_STORAGE const bs_word lane[] = BS_LANE_PATS;
    BS_LANE_PATS_CHECK(lane);
    bs_ctr_gen g = bs_ctr_gen_start(lane, sizeof lane / sizeof lane[0], BS_CTR_PACK_BE.lane_rot, hi, lo);
    BS_UNROLL(16)
    for (int j = 0; j < 16; j++) {
        bs_word in[4];
        BS_UNROLL(4)
        for (int b = 0; b < 4; b++)
            in[b] = bs_ctr_bit(&g, (unsigned)(4 * j + b),
                               PRESENT_KEY_AFTER ? 0u - (uint32_t)(s->m[0][4 * j + b] & 1) : 0);
        present_bs_sbox_j(&x[j], &x[16 + j], &x[32 + j], &x[48 + j], in, PRESENT_RK_MASKS(s->m[PRESENT_KEY_AFTER]), j);
    }
    return present_bs_encrypt_from(x, y, s, 1);
}

static void ctr(const void *sched, const uint8_t *iv, uint8_t *out, const uint8_t *in, size_t len)
{
    bs_ctr(64, BS_CTR_PACK_BE, ctr_encrypt, sched, iv, out, in, len);
}

static void pack_unpack(uint8_t *out, const uint8_t *in, size_t nblocks)
{
    for (size_t i = 0; i < nblocks; i += BS_LANES) {
        bs_word x[64];
        pack(x, in + 8 * i);
        unpack(out + 8 * i, x);
    }
}

/* Many keys: the lanes' user keys packed into the register words like blocks
 * (the low 64 bits, then the rest zero-extended). Wipes its copies. */
static inline void pack_keys(bs_word *kr, unsigned nk, const uint8_t *keys)
{
    const unsigned kb = nk / 8;
    uint8_t lo[8 * BS_LANES], hi[8 * BS_LANES];
    for (size_t l = 0; l < BS_LANES; l++) {
        memcpy(lo + 8 * l, keys + kb * l + kb - 8, 8);
        memset(hi + 8 * l, 0, 8);
        memcpy(hi + 8 * l + 16 - kb, keys + kb * l, kb - 8);
    }
    pack(kr, lo);
    pack(kr + 64, hi); /* words 64 .. nk-1 matter; the rest is overwritten next */
    for (unsigned p = 0; p < nk; p++) kr[nk + p] = kr[p];
    lwcx_wipe(lo, sizeof lo);
    lwcx_wipe(hi, sizeof hi);
}

/* Many keys: the keys packed like blocks, their schedule run sliced. */
static void crypt_keys(uint8_t *out, const uint8_t *in, const uint8_t *keys, size_t nblocks,
                       unsigned nk, int enc)
{
    bs_word kr[2 * 128], x[64], y[64];
    for (size_t i = 0; i < nblocks; i += BS_LANES) {
        present_bs_keyreg k = {kr, nk, 0, 0, 0, 0, 0, 0, 0};
        pack_keys(kr, nk, keys + nk / 8 * i);
        pack(x, in + 8 * i);
        unpack(out + 8 * i, present_bs_crypt_sliced(x, y, &k, enc));
    }
    lwcx_wipe(kr, sizeof kr);
    lwcx_wipe(x, sizeof x);
    lwcx_wipe(y, sizeof y);
}

static void encrypt_keys80(uint8_t *out, const uint8_t *in, const uint8_t *keys, size_t n)
{
    crypt_keys(out, in, keys, n, 80, 1);
}
static void decrypt_keys80(uint8_t *out, const uint8_t *in, const uint8_t *keys, size_t n)
{
    crypt_keys(out, in, keys, n, 80, 0);
}
static void encrypt_keys128(uint8_t *out, const uint8_t *in, const uint8_t *keys, size_t n)
{
    crypt_keys(out, in, keys, n, 128, 1);
}
static void decrypt_keys128(uint8_t *out, const uint8_t *in, const uint8_t *keys, size_t n)
{
    crypt_keys(out, in, keys, n, 128, 0);
}

/* Batches a search call takes (lane bit log2(BS_LANES) + b of the call
 * selects the batch), and the features or traits with which it runs them
 * in one pass of present_bs_search16_low (without them, one batch a pass):
 * where 512-bit operations run at full width the fetch of a pass's code
 * bounds the search and several batches share it; where they are split
 * the rounds take twice the cycles, the fetch keeps up and more batches
 * only crowd the data cache (docs/design/present.md, "Batches a pass") */
#ifndef PRESENT_SEARCH_STATES
#define PRESENT_SEARCH_STATES 1
#endif
#ifndef PRESENT_SEARCH_PASS_NEEDS
#define PRESENT_SEARCH_PASS_NEEDS 0
#endif
#if PRESENT_TWO_ROUNDS && PRESENT_KEY_AFTER
_Static_assert(PRESENT_SEARCH_STATES <= PRESENT_SEARCH_MAX_STATES, "present_bs_search16_low's arrays");
#endif

BS_INLINE void search(const uint8_t *key0, const uint16_t *lane_bit, const uint8_t *pt,
                      const uint8_t *ct, uint64_t *hits, unsigned nk)
{
    enum { states = PRESENT_SEARCH_STATES, words = (BS_LANES + 63) / 64 };
    bs_word kr[states][2 * 128], x[states][64], y[states][64];
    uint8_t keys[states][16]; /* batch s's lane 0 */
    const uint64_t p = lwcx_load64be(pt), c = lwcx_load64be(ct);
    int k1_shared = 1; /* no lane bit in K_1, the register's top 64 bits */
    /* the lanes' bits are key bits 0 .. log2(BS_LANES) - 1: only where the
     * rounds run in pairs, out of line for each (present_bs_round2_low);
     * inlined single rounds spilled (docs/design/present.md, "The key
     * words every lane shares") */
    int low = PRESENT_TWO_ROUNDS && PRESENT_KEY_AFTER;
    unsigned lane_bits = 0;
    while (1u << lane_bits < BS_LANES) lane_bits++;
    for (unsigned b = 0; b < lane_bits; b++) { /* (distinct bits: all below lane_bits are all of them) */
        k1_shared &= lane_bit[b] < nk - 64;
        low &= lane_bit[b] < lane_bits;
    }
    for (unsigned s = 0; s < states; s++) {
        memcpy(keys[s], key0, nk / 8);
        for (unsigned b = 0; (1u << b) < states; b++)
            if (s >> b & 1) {
                const unsigned q = lane_bit[lane_bits + b];
                keys[s][nk / 8 - 1 - q / 8] ^= (uint8_t)(1u << (q % 8));
            }
    }
#if PRESENT_TWO_ROUNDS && PRESENT_KEY_AFTER
    if (low) { /* the usual order: the other key words stay lane 0's masks */
        const uint32_t needs = PRESENT_SEARCH_PASS_NEEDS;
        const unsigned pass = (lwcx_cpu_features() & needs) == needs ? states : 1;
        /* a pass's batches in slots 0 .. pass - 1: the same memory every pass */
        for (unsigned s0 = 0; s0 < states; s0 += pass) {
            uint64_t lane0[states][2], k1[states];
            bs_word *krs[states], *xs[states], *ys[states], diff[states];
            for (unsigned i = 0; i < pass; i++) {
                const uint8_t *key = keys[s0 + i];
                lane0[i][0] = lwcx_load64be(key + nk / 8 - 8);
                lane0[i][1] = nk == 80 ? (uint64_t)key[0] << 8 | key[1] : lwcx_load64be(key);
                k1[i] = lwcx_load64be(key);
                krs[i] = kr[i], xs[i] = x[i], ys[i] = y[i];
                present_bs_search_keys_low(kr[i], nk, lane0[i], lane_bit);
            }
            present_bs_search16_low(pass, krs, nk, p, c, xs, ys, k1, (const uint64_t(*)[2])lane0, diff);
            for (unsigned i = 0; i < pass; i++) bs_store_hits(hits + words * (s0 + i), BS_NOT(diff[i]));
        }
    }
#endif
    if (!low)
        for (unsigned s = 0; s < states; s++) {
            present_bs_search_keys(kr[s], nk, keys[s], lane_bit);
            bs_store_hits(hits + words * s, BS_NOT(present_bs_search16(kr[s], nk, p, c, x[s], y[s], k1_shared,
                                                                      lwcx_load64be(keys[s]), 0)));
        }
    for (unsigned s = 0; s < states; s++) {
        uint64_t any = 0;
        for (unsigned w = 0; w < words; w++) any |= hits[words * s + w];
        if (any) { /* a candidate on 16 bits: the whole block, the register afresh */
            present_bs_search_keys(kr[s], nk, keys[s], lane_bit);
            bs_store_hits(hits + words * s, BS_NOT(present_bs_search(kr[s], nk, p, c, x[s], y[s])));
        }
    }
}

static void search80(const uint8_t *key0, const uint16_t *lane_bit, const uint8_t *pt,
                     const uint8_t *ct, uint64_t *hits)
{
    search(key0, lane_bit, pt, ct, hits, 80);
}

static void search128(const uint8_t *key0, const uint16_t *lane_bit, const uint8_t *pt,
                      const uint8_t *ct, uint64_t *hits)
{
    search(key0, lane_bit, pt, ct, hits, 128);
}

const bc_impl PRESENT_BS_NAME(80) = {
    .desc = PRESENT_BS_DESC,
    .sched_bytes = sizeof(present_bs_sched),
    .expand = expand80,
    .encrypt = encrypt,
    .decrypt = decrypt,
    .encrypt_keys = encrypt_keys80,
    .decrypt_keys = decrypt_keys80,
    .pack_unpack = pack_unpack,
    .ctr = ctr,
    .search = search80,
    .search_lanes = PRESENT_SEARCH_STATES * BS_LANES,
};

const bc_impl PRESENT_BS_NAME(128) = {
    .desc = PRESENT_BS_DESC,
    .sched_bytes = sizeof(present_bs_sched),
    .expand = expand128,
    .encrypt = encrypt,
    .decrypt = decrypt,
    .encrypt_keys = encrypt_keys128,
    .decrypt_keys = decrypt_keys128,
    .pack_unpack = pack_unpack,
    .ctr = ctr,
    .search = search128,
    .search_lanes = PRESENT_SEARCH_STATES * BS_LANES,
};

#endif
