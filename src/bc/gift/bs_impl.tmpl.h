/* Template: included by other files, never compiled on its own.
 * Includer defines first: a word header, gift/bs_core.tmpl.h, GIFT_BS_DESC and GIFT_BS_IMPL(n)
 * Defines: the GIFT-64 and GIFT-128 bc_impl objects GIFT_BS_IMPL(64) and GIFT_BS_IMPL(128)
 */
/* The bc_impl entry points of a bitsliced GIFT, the same for every word
 * width; included once, at the end of an implementation file, after its
 * word header (bs_word_*.h: bs_word, BS_LANES, bs_pack_be, bs_unpack_be,
 * BS_LANE_PATS, bs_store_hits) and gift/bs_core.tmpl.h. The includer defines:
 *   GIFT_BS_DESC         the bc_impl descriptor initializer
 *   GIFT_BS_IMPL(n)      the name of the GIFT-n bc_impl object */
#ifndef LWCX_GIFT_BS_IMPL_H
#define LWCX_GIFT_BS_IMPL_H

#include "../bitslice/bs_ctr.tmpl.h"

typedef struct gift_bs_sched {
    uint32_t km[GIFT_KD_WORDS];
} gift_bs_sched;

static void expand64(void *sched, const uint8_t *key)
{
    gift_bs_key_masks(64, ((gift_bs_sched *)sched)->km, key);
}

static void expand128(void *sched, const uint8_t *key)
{
    gift_bs_key_masks(128, ((gift_bs_sched *)sched)->km, key);
}

/* --- one key ------------------------------------------------------------------ */

GIFT_BS_INLINE void crypt(const unsigned n, const void *sched, uint8_t *out, const uint8_t *in,
                          size_t nblocks, int enc)
{
    const uint32_t *km = ((const gift_bs_sched *)sched)->km;
    bs_word x[128], t[128];
    for (size_t b = 0; b < nblocks; b += BS_LANES) {
        bs_pack_be(n, x, in + n / 8 * b);
        gift_bs_in(n, x);
        if (enc)
            gift_bs_encrypt(n, x, t, km, NULL);
        else
            gift_bs_decrypt(n, x, t, km, NULL);
        gift_bs_out(n, x);
        bs_unpack_be(n, out + n / 8 * b, x);
    }
    /* the states between rounds are the key's work: wiped, as CTR's */
    lwcx_wipe(x, n * sizeof x[0]);
    lwcx_wipe(t, n * sizeof t[0]);
}

static void encrypt64(const void *s, uint8_t *out, const uint8_t *in, size_t n)
{
    crypt(64, s, out, in, n, 1);
}
static void decrypt64(const void *s, uint8_t *out, const uint8_t *in, size_t n)
{
    crypt(64, s, out, in, n, 0);
}
static void encrypt128(const void *s, uint8_t *out, const uint8_t *in, size_t n)
{
    crypt(128, s, out, in, n, 1);
}
static void decrypt128(const void *s, uint8_t *out, const uint8_t *in, size_t n)
{
    crypt(128, s, out, in, n, 0);
}

/* --- CTR, the counters made sliced (bitslice/bs_ctr.tmpl.h) --------------------------------- */

/* CTR's first round pair on the batch of counters hi:lo + j (bs_pack_be's
 * layout), taking them as they are made (gift_bs_round2_from): no counter
 * word is stored (4 KiB a batch of GIFT-64 on the 512-lane word, 8 of
 * GIFT-128), nor GIFT-128's NOTs into the rounds' representation. GIFT-64
 * inlines it, GIFT-128 keeps it out of line as its other pairs. */
GIFT_BS_INLINE void ctr_round2_first(const unsigned n, bs_word *BS_RESTRICT y, const uint32_t *km, uint64_t hi,
                                     uint64_t lo)
{
    BS_LANE_PATS_STORAGE const bs_word lane[] = BS_LANE_PATS;
    BS_LANE_PATS_CHECK(lane);
    bs_ctr_gen g = bs_ctr_gen_start(lane, sizeof lane / sizeof lane[0], BS_CTR_PACK_BE.lane_rot, hi, lo);
    gift_bs_round2_from(n, y, 0, &g, km, 0, 0);
}

BS_ROUND void ctr_round2_first128(bs_word *BS_RESTRICT y, const uint32_t *km, uint64_t hi, uint64_t lo)
{
    ctr_round2_first(128, y, km, hi, lo);
}

/* 1: GIFT-128's CTR stores its counters before the first pair, as the
 * 64-bit word's does (gift/bitslice64.c: with the generator beside a group
 * that already spills its 16 registers, slower) */
#ifndef GIFT_BS_CTR_STORED128
#define GIFT_BS_CTR_STORED128 0
#endif

/* All of CTR's rounds on the counters hi:lo + j; returns where the
 * keystream is (x: an odd number of pairs follows the first), in the packed
 * representation */
GIFT_BS_INLINE bs_word *ctr_encrypt(const unsigned n, const void *sched, bs_word *x, bs_word *t, uint64_t hi,
                                    uint64_t lo)
{
    const uint32_t *km = ((const gift_bs_sched *)sched)->km;
    const unsigned rounds = n == 64 ? 28 : 40;
    bs_word *from = t, *to = x;
    if (n == 64) {
        ctr_round2_first(64, from, km, hi, lo);
    } else if (GIFT_BS_CTR_STORED128) {
        bs_ctr_words(128, BS_CTR_PACK_BE, to, hi, lo);
        gift_bs_in(128, to);
        gift_bs_round2_call(128, 0, from, to, km, 0, 0);
    } else {
        ctr_round2_first128(from, km, hi, lo);
    }
    /* one pair a pass, the states swapping: as gift_bs_encrypt's two a pass
     * the call took longer on ymm words (the pair's code twice beside the
     * first pair's) */
    for (unsigned r = 2; r < rounds; r += 2) {
        gift_bs_round2_call(n, 0, to, from, km, 0, r);
        bs_word *const w = from;
        from = to, to = w;
    }
    gift_bs_out(n, from);
    return from;
}
static bs_word *ctr_encrypt64(const void *s, bs_word *x, bs_word *t, uint64_t hi, uint64_t lo)
{
    return ctr_encrypt(64, s, x, t, hi, lo);
}
static bs_word *ctr_encrypt128(const void *s, bs_word *x, bs_word *t, uint64_t hi, uint64_t lo)
{
    return ctr_encrypt(128, s, x, t, hi, lo);
}
static void ctr64(const void *s, const uint8_t *iv, uint8_t *out, const uint8_t *in, size_t len)
{
    bs_ctr(64, BS_CTR_PACK_BE, ctr_encrypt64, s, iv, out, in, len);
}
static void ctr128(const void *s, const uint8_t *iv, uint8_t *out, const uint8_t *in, size_t len)
{
    bs_ctr(128, BS_CTR_PACK_BE, ctr_encrypt128, s, iv, out, in, len);
}

/* --- many keys: the batch's keys packed like 128-bit blocks, key bit p in kw[p] */

GIFT_BS_INLINE void crypt_keys(const unsigned n, uint8_t *out, const uint8_t *in,
                               const uint8_t *keys, size_t nblocks, int enc)
{
    bs_word kw[128], kd[GIFT_KD_WORDS], x[128], t[128];
    for (size_t b = 0; b < nblocks; b += BS_LANES) {
        bs_pack_be(128, kw, keys + 16 * b);
        gift_bs_key_double(n, kd, kw);
        bs_pack_be(n, x, in + n / 8 * b);
        gift_bs_in(n, x);
        if (enc)
            gift_bs_encrypt(n, x, t, NULL, kd);
        else
            gift_bs_decrypt(n, x, t, NULL, kd);
        gift_bs_out(n, x);
        bs_unpack_be(n, out + n / 8 * b, x);
    }
    lwcx_wipe(kw, sizeof kw);
    lwcx_wipe(kd, sizeof kd);
    lwcx_wipe(x, n * sizeof x[0]);
    lwcx_wipe(t, n * sizeof t[0]);
}

static void encrypt_keys64(uint8_t *out, const uint8_t *in, const uint8_t *keys, size_t n)
{
    crypt_keys(64, out, in, keys, n, 1);
}
static void decrypt_keys64(uint8_t *out, const uint8_t *in, const uint8_t *keys, size_t n)
{
    crypt_keys(64, out, in, keys, n, 0);
}
static void encrypt_keys128(uint8_t *out, const uint8_t *in, const uint8_t *keys, size_t n)
{
    crypt_keys(128, out, in, keys, n, 1);
}
static void decrypt_keys128(uint8_t *out, const uint8_t *in, const uint8_t *keys, size_t n)
{
    crypt_keys(128, out, in, keys, n, 0);
}

GIFT_BS_INLINE void pack_unpack(const unsigned n, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    for (size_t b = 0; b < nblocks; b += BS_LANES) {
        bs_word x[128];
        bs_pack_be(n, x, in + n / 8 * b);
        bs_unpack_be(n, out + n / 8 * b, x);
    }
}

static void pack_unpack64(uint8_t *out, const uint8_t *in, size_t n)
{
    pack_unpack(64, out, in, n);
}
static void pack_unpack128(uint8_t *out, const uint8_t *in, size_t n)
{
    pack_unpack(128, out, in, n);
}

/* --- key search (gift_bs_search) ------------------------------------------------ */

GIFT_BS_INLINE void search(const unsigned n, const uint8_t *key0, const uint16_t *lane_bit,
                           const uint8_t *pt, const uint8_t *ct, uint64_t *hits)
{
    bs_word kw[128], kd[GIFT_KD_WORDS], x[128], t[128];
    bs_store_hits(hits, gift_bs_search(n, key0, lane_bit, pt, ct, kw, kd, x, t));
}

static void search64(const uint8_t *key0, const uint16_t *lane_bit, const uint8_t *pt,
                     const uint8_t *ct, uint64_t *hits)
{
    search(64, key0, lane_bit, pt, ct, hits);
}
static void search128(const uint8_t *key0, const uint16_t *lane_bit, const uint8_t *pt,
                      const uint8_t *ct, uint64_t *hits)
{
    search(128, key0, lane_bit, pt, ct, hits);
}

const bc_impl GIFT_BS_IMPL(64) = {
    .desc = GIFT_BS_DESC,
    .sched_bytes = sizeof(gift_bs_sched),
    .expand = expand64,
    .encrypt = encrypt64,
    .decrypt = decrypt64,
    .encrypt_keys = encrypt_keys64,
    .decrypt_keys = decrypt_keys64,
    .pack_unpack = pack_unpack64,
    .ctr = ctr64,
    .search = search64,
};

const bc_impl GIFT_BS_IMPL(128) = {
    .desc = GIFT_BS_DESC,
    .sched_bytes = sizeof(gift_bs_sched),
    .expand = expand128,
    .encrypt = encrypt128,
    .decrypt = decrypt128,
    .encrypt_keys = encrypt_keys128,
    .decrypt_keys = decrypt_keys128,
    .pack_unpack = pack_unpack128,
    .ctr = ctr128,
    .search = search128,
};

#endif
