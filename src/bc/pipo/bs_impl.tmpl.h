/* Template: included by other files, never compiled on its own.
 * Includer defines first: a word header, pipo/bs_core.tmpl.h, pack, unpack, masks,
 *   pipo_bs_load_keys, PIPO_BS_DESC, PIPO_BS_IMPL(n); optionally PIPO_BS_CRYPT
 * Defines: the PIPO-64/128 and PIPO-64/256 bc_impl objects PIPO_BS_IMPL(128) and
 *   PIPO_BS_IMPL(256)
 */
/* The bc_impl entry points of a bitsliced PIPO, the same for every word
 * width; included once, at the end of an implementation file, after its
 * word header (bs_word_*.h: bs_word, BS_LANES, BS_LANE_PATS, bs_store_hits),
 * pipo/bs_core.tmpl.h and its packing. The includer defines:
 *   pack(x, in)          BS_LANES consecutive blocks into 64 words
 *   unpack(out, x)       the inverse (x may be clobbered)
 *   masks(m, bytes, nbytes)  bit i of the byte string as an all-0/all-1 word m[i]
 *   pipo_bs_load_keys(k, keys, nkw)  key word w of the batch's keys (8 nkw
 *                        bytes each) sliced like blocks into k[w]
 *   PIPO_BS_DESC         the bc_impl descriptor initializer
 *   PIPO_BS_IMPL(n)      the name of the PIPO-64/n bc_impl object
 * and may define PIPO_BS_CRYPT as static to keep the one-key loops (ECB's
 * and CTR's) out of line (bitslice64: inlined, PIPO-64/128 ECB and CTR got
 * much slower; docs/design/pipo.md, "PIPO's loops and packing"). */
#ifndef LWCX_PIPO_BS_IMPL_H
#define LWCX_PIPO_BS_IMPL_H
#ifndef PIPO_BS_CRYPT
#define PIPO_BS_CRYPT PIPO_BS_INLINE
#endif
#include "../bitslice/bs_ctr.tmpl.h"

/* One key: key word w, bit 8 i + j, as a 32-bit mask (2 words for 128-bit
 * keys), broadcast where the rounds use it (PIPO_BS_XK). */
typedef struct pipo_bs_sched {
    uint32_t km[4][64];
} pipo_bs_sched;

/* --- one key -------------------------------------------------------------------- */

/* bit n of the key (bit n % 8 of byte n / 8) as km[n] */
static void expand(void *sched, const uint8_t *key, unsigned nbytes)
{
    uint32_t *km = ((pipo_bs_sched *)sched)->km[0];
    for (unsigned q = 0; q < nbytes / 4; q++) bs_bit_masks32(km + 32 * q, lwcx_load32le(key + 4 * q));
}

static void expand128(void *sched, const uint8_t *key)
{
    expand(sched, key, 16);
}

static void expand256(void *sched, const uint8_t *key)
{
    expand(sched, key, 32);
}

/* One batch under the key words: sliced, or one key's masks (a constant);
 * a and b: the states, 64 words each, which the caller wipes (the states
 * between rounds are the key's work, as CTR's, bitslice/bs_ctr.tmpl.h). */
PIPO_BS_INLINE void crypt_batch(uint8_t *out, const uint8_t *in, int sliced, const void *key,
                                unsigned nkw, unsigned rounds, const bs_word rc[][5], int enc, bs_word *a,
                                bs_word *b)
{
    bs_word *y;
    pack(a, in);
    y = enc ? pipo_bs_encrypt_any(a, b, sliced, key, nkw, rounds, rc)
            : pipo_bs_decrypt_any(a, b, sliced, key, nkw, rounds, rc);
    unpack(out, y);
}

PIPO_BS_CRYPT void crypt(const void *sched, uint8_t *out, const uint8_t *in, size_t nblocks,
                          unsigned nkw, unsigned rounds, int enc)
{
    const pipo_bs_sched *s = sched;
    bs_word rc[PIPO_BS_MAX_ROUNDS + 1][5], a[64], b[64];
    pipo_bs_rc(rc, rounds);
    for (size_t i = 0; i < nblocks; i += BS_LANES)
        crypt_batch(out + 8 * i, in + 8 * i, 0, s->km[0], nkw, rounds, (const bs_word(*)[5])rc, enc, a, b);
    lwcx_wipe(a, sizeof a);
    lwcx_wipe(b, sizeof b);
}

static void encrypt128(const void *s, uint8_t *out, const uint8_t *in, size_t n)
{
    crypt(s, out, in, n, 2, 13, 1);
}
static void decrypt128(const void *s, uint8_t *out, const uint8_t *in, size_t n)
{
    crypt(s, out, in, n, 2, 13, 0);
}
static void encrypt256(const void *s, uint8_t *out, const uint8_t *in, size_t n)
{
    crypt(s, out, in, n, 4, 17, 1);
}
static void decrypt256(const void *s, uint8_t *out, const uint8_t *in, size_t n)
{
    crypt(s, out, in, n, 4, 17, 0);
}

/* CTR with the counters made sliced (bitslice/bs_ctr.tmpl.h) in PIPO's layout: bit i of
 * the big-endian counter is bit i % 8 of byte 7 - i / 8, word i ^ 56; block
 * L k + q of the batch is bit k of 64-bit element q (L elements a word), so
 * the element patterns (6 and up) take the low bits of the block index. */
static void ctr_unpack(unsigned n, uint8_t *out, bs_word *x)
{
    (void)n; /* 64 */
    unpack(out, x);
}

/* a full batch's keystream XORed onto in as it is unpacked */
static void ctr_unpack_xor(unsigned n, uint8_t *out, const uint8_t *in, bs_word *x)
{
    (void)n;
    pipo_bs_unpack_onto(out, in, x);
}

PIPO_BS_CRYPT bs_word *ctr_encrypt(const void *sched, bs_word *x, bs_word *y, unsigned nkw, unsigned rounds)
{
    bs_word rc[PIPO_BS_MAX_ROUNDS + 1][5];
    pipo_bs_rc(rc, rounds);
    return pipo_bs_encrypt_any(x, y, 0, ((const pipo_bs_sched *)sched)->km[0], nkw, rounds,
                               (const bs_word(*)[5])rc);
}
#define PIPO_CTR_LAYOUT ((bs_ctr_layout){56, 6, ctr_unpack, ctr_unpack_xor})
static bs_word *ctr_encrypt128(const void *s, bs_word *x, bs_word *y, uint64_t hi, uint64_t lo)
{
    bs_ctr_words(64, PIPO_CTR_LAYOUT, x, hi, lo);
    return ctr_encrypt(s, x, y, 2, 13);
}
static bs_word *ctr_encrypt256(const void *s, bs_word *x, bs_word *y, uint64_t hi, uint64_t lo)
{
    bs_ctr_words(64, PIPO_CTR_LAYOUT, x, hi, lo);
    return ctr_encrypt(s, x, y, 4, 17);
}
static void ctr128(const void *s, const uint8_t *iv, uint8_t *out, const uint8_t *in, size_t len)
{
    bs_ctr(64, PIPO_CTR_LAYOUT, ctr_encrypt128, s, iv, out, in, len);
}
static void ctr256(const void *s, const uint8_t *iv, uint8_t *out, const uint8_t *in, size_t len)
{
    bs_ctr(64, PIPO_CTR_LAYOUT, ctr_encrypt256, s, iv, out, in, len);
}

/* --- many keys ------------------------------------------------------------------- */

static void crypt_keys(uint8_t *out, const uint8_t *in, const uint8_t *keys, size_t nblocks,
                       unsigned nkw, unsigned rounds, int enc)
{
    bs_word k[4][64], rc[PIPO_BS_MAX_ROUNDS + 1][5], a[64], b[64];
    pipo_bs_rc(rc, rounds);
    for (size_t i = 0; i < nblocks; i += BS_LANES) {
        pipo_bs_load_keys(k, keys + 8 * nkw * i, nkw);
        crypt_batch(out + 8 * i, in + 8 * i, 1, k[0], nkw, rounds, (const bs_word(*)[5])rc, enc, a, b);
    }
    lwcx_wipe(k, sizeof k);
    lwcx_wipe(a, sizeof a);
    lwcx_wipe(b, sizeof b);
}

static void encrypt_keys128(uint8_t *out, const uint8_t *in, const uint8_t *keys, size_t n)
{
    crypt_keys(out, in, keys, n, 2, 13, 1);
}
static void decrypt_keys128(uint8_t *out, const uint8_t *in, const uint8_t *keys, size_t n)
{
    crypt_keys(out, in, keys, n, 2, 13, 0);
}
static void encrypt_keys256(uint8_t *out, const uint8_t *in, const uint8_t *keys, size_t n)
{
    crypt_keys(out, in, keys, n, 4, 17, 1);
}
static void decrypt_keys256(uint8_t *out, const uint8_t *in, const uint8_t *keys, size_t n)
{
    crypt_keys(out, in, keys, n, 4, 17, 0);
}

static void pack_unpack(uint8_t *out, const uint8_t *in, size_t nblocks)
{
    for (size_t i = 0; i < nblocks; i += BS_LANES) {
        bs_word x[64];
        pack(x, in + 8 * i);
        unpack(out + 8 * i, x);
    }
}

/* --- key search -------------------------------------------------------------------- */

/* Lane l gets key0 with key bit lane_bit[k] flipped for every bit k set in l
 * (pipo_bs_search_keys). */
static void search(const uint8_t *key0, const uint16_t *lane_bit, const uint8_t *pt,
                   const uint8_t *ct, uint64_t *hits, unsigned nkw, unsigned rounds)
{
    bs_word k[4][64], a[64], b[64], c[64], rc[PIPO_BS_MAX_ROUNDS + 1][5];
    masks(k[0], key0, 8 * nkw);
    pipo_bs_search_keys(k[0], nkw, lane_bit);
    masks(a, pt, 8);
    masks(c, ct, 8);
    pipo_bs_rc(rc, rounds);
    bs_store_hits(hits, pipo_bs_match(pipo_bs_encrypt(a, b, k[0], nkw, rounds, (const bs_word(*)[5])rc),
                                      c));
    lwcx_wipe(&k, sizeof k);
}

static void search128(const uint8_t *key0, const uint16_t *lane_bit, const uint8_t *pt,
                      const uint8_t *ct, uint64_t *hits)
{
    search(key0, lane_bit, pt, ct, hits, 2, 13);
}

static void search256(const uint8_t *key0, const uint16_t *lane_bit, const uint8_t *pt,
                      const uint8_t *ct, uint64_t *hits)
{
    search(key0, lane_bit, pt, ct, hits, 4, 17);
}

const bc_impl PIPO_BS_IMPL(128) = {
    .desc = PIPO_BS_DESC,
    .sched_bytes = 2 * 64 * sizeof(uint32_t),
    .expand = expand128,
    .encrypt = encrypt128,
    .decrypt = decrypt128,
    .encrypt_keys = encrypt_keys128,
    .decrypt_keys = decrypt_keys128,
    .ctr = ctr128,
    .pack_unpack = pack_unpack,
    .search = search128,
};

const bc_impl PIPO_BS_IMPL(256) = {
    .desc = PIPO_BS_DESC,
    .sched_bytes = 4 * 64 * sizeof(uint32_t),
    .expand = expand256,
    .encrypt = encrypt256,
    .decrypt = decrypt256,
    .encrypt_keys = encrypt_keys256,
    .decrypt_keys = decrypt_keys256,
    .ctr = ctr256,
    .pack_unpack = pack_unpack,
    .search = search256,
};

#endif
