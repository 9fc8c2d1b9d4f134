/* GIFT-64 and GIFT-128 bitsliced over 64 blocks, portable C: word i of the
 * state holds bit i of all 64 blocks (bit b of x[i] = bit i of block b), and
 * the rounds are gift_bs_core.h on uint64_t. Packing is a 64x64 bit-matrix
 * transpose per 64-bit half of the block. One key: expand() writes the
 * doubled key state as masks (1 KiB); many keys and key search: the key
 * state is 128 words sliced like the blocks, and the key schedule is only
 * offsets into it. */
#include "bc_impl.h"

typedef uint64_t bs_word;
#define BS_XOR(a, b) ((a) ^ (b))
#define BS_AND(a, b) ((a) & (b))
#define BS_OR(a, b) ((a) | (b))
#define BS_NOT(a) (~(a))
#define BS_ONES (~(uint64_t)0)
#define BS_MASK(m) ((uint64_t)(int64_t)(int32_t)(m))
#include "gift_bs_core.h"

#define LANES 64

typedef struct bs64_sched {
    uint32_t km[GIFT_KD_WORDS];
} bs64_sched;

static void expand64(void *sched, const uint8_t *key)
{
    gift_bs_key_masks(64, ((bs64_sched *)sched)->km, key);
}

static void expand128(void *sched, const uint8_t *key)
{
    gift_bs_key_masks(128, ((bs64_sched *)sched)->km, key);
}

/* One stage of the in-place SWAR transpose: rows k and k|j swap the high j
 * bits of every 2j-bit group of row k with the low j bits of row k|j. */
static inline __attribute__((always_inline)) void tr_stage(uint64_t a[64], const unsigned j,
                                                           const uint64_t m)
{
#pragma GCC unroll 32
    for (unsigned k = 0; k < 64; k = ((k | j) + 1) & ~j) {
        uint64_t t = ((a[k] >> j) ^ a[k | j]) & m;
        a[k] ^= t << j;
        a[k | j] ^= t;
    }
}

/* Afterwards bit c of a[r] is what bit r of a[c] was. */
static void transpose64(uint64_t a[64])
{
    tr_stage(a, 32, 0x00000000FFFFFFFFu);
    tr_stage(a, 16, 0x0000FFFF0000FFFFu);
    tr_stage(a, 8, 0x00FF00FF00FF00FFu);
    tr_stage(a, 4, 0x0F0F0F0F0F0F0F0Fu);
    tr_stage(a, 2, 0x3333333333333333u);
    tr_stage(a, 1, 0x5555555555555555u);
}

/* 64 blocks of n bits (big-endian bytes) into n words; a 128-bit block's
 * last 8 bytes are bits 63..0. */
static void pack(const unsigned n, uint64_t *x, const uint8_t *in)
{
    const unsigned bs = n / 8;
    for (unsigned h = 0; h < n / 64; h++) {
        uint64_t *w = x + 64 * h;
        const uint8_t *p = in + bs - 8 * (h + 1);
        for (unsigned b = 0; b < LANES; b++) w[b] = lwcx_load64be(p + bs * b);
        transpose64(w);
    }
}

static void unpack(const unsigned n, uint8_t *out, uint64_t *x)
{
    const unsigned bs = n / 8;
    for (unsigned h = 0; h < n / 64; h++) {
        uint64_t *w = x + 64 * h;
        uint8_t *p = out + bs - 8 * (h + 1);
        transpose64(w);
        for (unsigned b = 0; b < LANES; b++) lwcx_store64be(p + bs * b, w[b]);
    }
}

static inline __attribute__((always_inline)) void crypt(const unsigned n, const void *sched,
                                                        uint8_t *out, const uint8_t *in,
                                                        size_t nblocks, int enc)
{
    const uint32_t *km = ((const bs64_sched *)sched)->km;
    for (size_t b = 0; b < nblocks; b += LANES) {
        uint64_t x[128], t[128];
        pack(n, x, in + n / 8 * b);
        gift_bs_in(n, x);
        if (enc)
            gift_bs_encrypt(n, x, t, km, NULL);
        else
            gift_bs_decrypt(n, x, t, km, NULL);
        gift_bs_out(n, x);
        unpack(n, out + n / 8 * b, x);
    }
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

/* Many keys: the 64 keys packed like 128-bit blocks give key bit p in word p. */
static inline __attribute__((always_inline)) void crypt_keys(const unsigned n, uint8_t *out,
                                                             const uint8_t *in,
                                                             const uint8_t *keys, size_t nblocks,
                                                             int enc)
{
    uint64_t kw[128], kd[GIFT_KD_WORDS];
    for (size_t b = 0; b < nblocks; b += LANES) {
        uint64_t x[128], t[128];
        pack(128, kw, keys + 16 * b);
        gift_bs_key_double(n, kd, kw);
        pack(n, x, in + n / 8 * b);
        gift_bs_in(n, x);
        if (enc)
            gift_bs_encrypt(n, x, t, NULL, kd);
        else
            gift_bs_decrypt(n, x, t, NULL, kd);
        gift_bs_out(n, x);
        unpack(n, out + n / 8 * b, x);
    }
    lwcx_wipe(kw, sizeof kw);
    lwcx_wipe(kd, sizeof kd);
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

static void pack_unpack(const unsigned n, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    for (size_t b = 0; b < nblocks; b += LANES) {
        uint64_t x[128];
        pack(n, x, in + n / 8 * b);
        unpack(n, out + n / 8 * b, x);
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

/* Key search: lane l = bit l of every word; the key state is built from key0
 * and the lane-index patterns, the plaintext and ciphertext are broadcast. */
static const uint64_t LANE_PAT[6] = {0xAAAAAAAAAAAAAAAAu, 0xCCCCCCCCCCCCCCCCu, 0xF0F0F0F0F0F0F0F0u,
                                     0xFF00FF00FF00FF00u, 0xFFFF0000FFFF0000u, 0xFFFFFFFF00000000u};

static inline __attribute__((always_inline)) void search(const unsigned n, const uint8_t *key0,
                                                         const uint16_t *lane_bit,
                                                         const uint8_t *pt, const uint8_t *ct,
                                                         uint64_t *hits)
{
    uint64_t kw[128], kd[GIFT_KD_WORDS], x[128], t[128], diff = 0;
    gift_bs_key_search(kw, key0, lane_bit, LANE_PAT, 6);
    gift_bs_key_double(n, kd, kw);
    for (unsigned i = 0; i < n; i++) x[i] = 0 - (uint64_t)((pt[n / 8 - 1 - i / 8] >> (i % 8)) & 1);
    gift_bs_in(n, x);
    gift_bs_encrypt(n, x, t, NULL, kd);
    gift_bs_out(n, x);
    for (unsigned i = 0; i < n; i++) diff |= x[i] ^ (0 - (uint64_t)((ct[n / 8 - 1 - i / 8] >> (i % 8)) & 1));
    hits[0] = ~diff;
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

#define BS64_DESC                                                                                 \
    {"bitslice64", "portable C: 64 blocks bitsliced in 64-bit words, 10-op S-box circuit, PermBits " \
                   "and key schedule as word renaming",                                           \
     0, LANES}

const bc_impl bc_gift64_bitslice64 = {
    BS64_DESC,      sizeof(bs64_sched), expand64,      encrypt64, decrypt64, encrypt_keys64,
    decrypt_keys64, pack_unpack64,      search64,
};

const bc_impl bc_gift128_bitslice64 = {
    BS64_DESC,       sizeof(bs64_sched), expand128,      encrypt128, decrypt128, encrypt_keys128,
    decrypt_keys128, pack_unpack128,     search128,
};
