/* PIPO-64/128 and PIPO-64/256 bitsliced over 64 blocks, portable C: the
 * rounds of pipo_bs_core.h on uint64_t words. Word w holds bit w of every
 * block (block = little-endian 64-bit integer; bit b of word w = bit w of
 * block b), so packing is a 64x64 bit-matrix transpose. One key: expand()
 * turns every key bit into an all-0/all-1 word (nkw x 64 words); many keys:
 * the 64 lanes' key words are transposed like blocks. */
#include "bc_impl.h"

typedef uint64_t bs_word;
#define BS_XOR(a, b) ((a) ^ (b))
#define BS_AND(a, b) ((a) & (b))
#define BS_OR(a, b) ((a) | (b))
#define BS_NOT(a) (~(a))
#define BS_ONES (~(uint64_t)0)
#include "pipo_bs_core.h"

#define LANES 64

typedef struct bs64_sched {
    uint64_t k[4][64]; /* key word w, bit 8 i + j: 0 or ~0 (first 2 words for 128-bit keys) */
} bs64_sched;

/* One stage of the transpose on two rows: swaps the high halves of lo's
 * 2j-bit groups with the low halves of hi's. */
static inline __attribute__((always_inline)) void tr_swap(uint64_t *lo, uint64_t *hi, unsigned j)
{
    static const uint64_t mask[6] = {0x5555555555555555u, 0x3333333333333333u, 0x0F0F0F0F0F0F0F0Fu,
                                     0x00FF00FF00FF00FFu, 0x0000FFFF0000FFFFu, 0x00000000FFFFFFFFu};
    const uint64_t m = mask[j == 1 ? 0 : j == 2 ? 1 : j == 4 ? 2 : j == 8 ? 3 : j == 16 ? 4 : 5];
    uint64_t t = ((*lo >> j) ^ *hi) & m;
    *lo ^= t << j;
    *hi ^= t;
}

/* The three stages (scale 4, 2, 1) on 8 rows v[m] = rows r + scale m. */
static inline __attribute__((always_inline)) void tr_group(uint64_t v[8], unsigned scale)
{
#pragma GCC unroll 3
    for (unsigned s = 4; s >= 1; s >>= 1)
#pragma GCC unroll 8
        for (unsigned m = 0; m < 8; m++)
            if (!(m & s)) tr_swap(&v[m], &v[m | s], s * scale);
}

/* The 64x64 bit-matrix transpose (afterwards bit c of x[r] is what bit r of
 * row c was) as its six stages, in two passes of 8 rows held in registers:
 * the bit stages on 8 consecutive rows, then the byte stages on every 8th
 * row. pack reads row b (block b) from in + stride b. */
static void pack(uint64_t x[64], const uint8_t *in, size_t stride)
{
    for (unsigned g = 0; g < 8; g++) {
        uint64_t v[8];
#pragma GCC unroll 8
        for (unsigned m = 0; m < 8; m++) v[m] = lwcx_load64le(in + stride * (8 * g + m));
        tr_group(v, 1);
#pragma GCC unroll 8
        for (unsigned m = 0; m < 8; m++) x[8 * g + m] = v[m];
    }
    for (unsigned r = 0; r < 8; r++) {
        uint64_t v[8];
#pragma GCC unroll 8
        for (unsigned m = 0; m < 8; m++) v[m] = x[r + 8 * m];
        tr_group(v, 8);
#pragma GCC unroll 8
        for (unsigned m = 0; m < 8; m++) x[r + 8 * m] = v[m];
    }
}

/* the inverse (the same transpose), writing row b to out + 8 b */
static void unpack(uint8_t *out, uint64_t x[64])
{
    for (unsigned r = 0; r < 8; r++) {
        uint64_t v[8];
#pragma GCC unroll 8
        for (unsigned m = 0; m < 8; m++) v[m] = x[r + 8 * m];
        tr_group(v, 8);
#pragma GCC unroll 8
        for (unsigned m = 0; m < 8; m++) x[r + 8 * m] = v[m];
    }
    for (unsigned g = 0; g < 8; g++) {
        uint64_t v[8];
#pragma GCC unroll 8
        for (unsigned m = 0; m < 8; m++) v[m] = x[8 * g + m];
        tr_group(v, 1);
#pragma GCC unroll 8
        for (unsigned m = 0; m < 8; m++) lwcx_store64le(out + 8 * (8 * g + m), v[m]);
    }
}

/* bit n of the byte string as an all-0/all-1 word, for n < 8 nbytes */
static void masks(uint64_t *m, const uint8_t *bytes, unsigned nbytes)
{
    for (unsigned n = 0; n < 8 * nbytes; n++) m[n] = 0 - (uint64_t)((bytes[n / 8] >> (n % 8)) & 1);
}

static void expand(void *sched, const uint8_t *key, unsigned nkw)
{
    masks(((bs64_sched *)sched)->k[0], key, 8 * nkw);
}

static void expand128(void *sched, const uint8_t *key)
{
    expand(sched, key, 2);
}

static void expand256(void *sched, const uint8_t *key)
{
    expand(sched, key, 4);
}

/* One batch under the sliced key words k: 64 blocks from in to out. */
static inline __attribute__((always_inline)) void crypt_batch(uint8_t *out, const uint8_t *in,
                                                              const uint64_t *k, unsigned nkw,
                                                              unsigned rounds,
                                                              const uint64_t rc[][5], int enc)
{
    uint64_t a[64], b[64], *y;
    pack(a, in, 8);
    y = enc ? pipo_bs_encrypt(a, b, k, nkw, rounds, rc) : pipo_bs_decrypt(a, b, k, nkw, rounds, rc);
    unpack(out, y);
}

static void crypt(const void *sched, uint8_t *out, const uint8_t *in, size_t nblocks,
                  unsigned nkw, unsigned rounds, int enc)
{
    const bs64_sched *s = sched;
    uint64_t rc[PIPO_BS_MAX_ROUNDS + 1][5];
    pipo_bs_rc(rc, rounds);
    for (size_t i = 0; i < nblocks; i += LANES)
        crypt_batch(out + 8 * i, in + 8 * i, s->k[0], nkw, rounds, (const uint64_t(*)[5])rc, enc);
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

/* Many keys: key word w of the 64 lanes transposed like blocks. */
static void crypt_keys(uint8_t *out, const uint8_t *in, const uint8_t *keys, size_t nblocks,
                       unsigned nkw, unsigned rounds, int enc)
{
    const unsigned kb = 8 * nkw;
    uint64_t k[4][64], rc[PIPO_BS_MAX_ROUNDS + 1][5];
    pipo_bs_rc(rc, rounds);
    for (size_t i = 0; i < nblocks; i += LANES) {
        for (unsigned w = 0; w < nkw; w++) pack(k[w], keys + kb * i + 8 * w, kb);
        crypt_batch(out + 8 * i, in + 8 * i, k[0], nkw, rounds, (const uint64_t(*)[5])rc, enc);
    }
    lwcx_wipe(k, sizeof k);
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
    for (size_t i = 0; i < nblocks; i += LANES) {
        uint64_t x[64];
        pack(x, in + 8 * i, 8);
        unpack(out + 8 * i, x);
    }
}

/* Key search: lane l (bit l of every word) gets key0 with key bit lane_bit[k]
 * flipped for every bit k set in l: the sliced key words are key0's bits as
 * masks, XORed with the pattern "bit k of the lane index" at lane_bit[k]. */
static void search(const uint8_t *key0, const uint16_t *lane_bit, const uint8_t *pt,
                   const uint8_t *ct, uint64_t *hits, unsigned nkw, unsigned rounds)
{
    static const uint64_t lane_pat[6] = {0xAAAAAAAAAAAAAAAAu, 0xCCCCCCCCCCCCCCCCu,
                                         0xF0F0F0F0F0F0F0F0u, 0xFF00FF00FF00FF00u,
                                         0xFFFF0000FFFF0000u, 0xFFFFFFFF00000000u};
    bs64_sched k;
    uint64_t a[64], b[64], c[64], rc[PIPO_BS_MAX_ROUNDS + 1][5];
    masks(k.k[0], key0, 8 * nkw);
    pipo_bs_flip_lanes(k.k[0], 8 * nkw, lane_bit, lane_pat, 6);
    masks(a, pt, 8);
    masks(c, ct, 8);
    pipo_bs_rc(rc, rounds);
    hits[0] = pipo_bs_match(pipo_bs_encrypt(a, b, k.k[0], nkw, rounds, (const uint64_t(*)[5])rc), c);
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

#define BS64_DESC                                                                                  \
    {"bitslice64", "portable C: 64 blocks bitsliced in 64 words, 34-op S-box circuit, R-layer as renaming", 0, LANES}

const bc_impl bc_pipo128_bitslice64 = {
    BS64_DESC,       2 * 64 * sizeof(uint64_t), expand128,  encrypt128, decrypt128,
    encrypt_keys128, decrypt_keys128,           pack_unpack, search128,
};

const bc_impl bc_pipo256_bitslice64 = {
    BS64_DESC,       4 * 64 * sizeof(uint64_t), expand256,  encrypt256, decrypt256,
    encrypt_keys256, decrypt_keys256,           pack_unpack, search256,
};
