/* PIPO-64/128 and PIPO-64/256 bitsliced over 128 blocks with AArch64 Advanced
 * SIMD: the rounds of pipo_bs_core.h on 128-bit words. Word w holds bit w of
 * 128 blocks (block = little-endian 64-bit integer): in 64-bit lane q of word
 * w, bit k is bit w of block 2 k + q. So packing loads two consecutive blocks
 * per register as they are and runs the 64x64 transpose in both lanes at
 * once; shift-and-insert (SLI/SRI) on 64-, 32-, 16- and 8-bit elements does
 * the 32-, 16-, 8- and 4-bit stages in two instructions per pair, bit
 * selects the last two. One key: expand() stores every key bit as a 128-bit
 * all-0/all-1 mask (2 or 4 KiB). Advanced SIMD is baseline on AArch64. */
#include <arm_neon.h>

#include "bc_impl.h"

typedef uint64x2_t bs_word;
#define BS_XOR(a, b) veorq_u64((a), (b))
#define BS_AND(a, b) vandq_u64((a), (b))
#define BS_OR(a, b) vorrq_u64((a), (b))
#define BS_NOT(a) vreinterpretq_u64_u8(vmvnq_u8(vreinterpretq_u8_u64(a)))
#define BS_ONES vdupq_n_u64(~(uint64_t)0)
#include "pipo_bs_core.h"

#define BATCH 128
#define ALWAYS_INLINE inline __attribute__((always_inline))

typedef struct neon_sched {
    uint64x2_t k[4][64]; /* key word w, bit 8 i + j, as a mask (2 words for 128-bit keys) */
} neon_sched;
_Static_assert(sizeof(neon_sched) <= BC_SCHED_MAX, "fits the modes' buffer");

/* --- packing ------------------------------------------------------------------ */

/* One stage of the transpose on two rows: swaps the high halves of lo's
 * 2j-bit groups with the low halves of hi's. */
static ALWAYS_INLINE void tr_swap(uint64x2_t *lo, uint64x2_t *hi, int j)
{
    uint64x2_t a = *lo, b = *hi;
    switch (j) {
    case 32:
        *lo = vsliq_n_u64(a, b, 32);
        *hi = vsriq_n_u64(b, a, 32);
        break;
    case 16:
        *lo = vreinterpretq_u64_u32(vsliq_n_u32(vreinterpretq_u32_u64(a), vreinterpretq_u32_u64(b), 16));
        *hi = vreinterpretq_u64_u32(vsriq_n_u32(vreinterpretq_u32_u64(b), vreinterpretq_u32_u64(a), 16));
        break;
    case 8:
        *lo = vreinterpretq_u64_u16(vsliq_n_u16(vreinterpretq_u16_u64(a), vreinterpretq_u16_u64(b), 8));
        *hi = vreinterpretq_u64_u16(vsriq_n_u16(vreinterpretq_u16_u64(b), vreinterpretq_u16_u64(a), 8));
        break;
    case 4:
        *lo = vreinterpretq_u64_u8(vsliq_n_u8(vreinterpretq_u8_u64(a), vreinterpretq_u8_u64(b), 4));
        *hi = vreinterpretq_u64_u8(vsriq_n_u8(vreinterpretq_u8_u64(b), vreinterpretq_u8_u64(a), 4));
        break;
    case 2: {
        const uint64x2_t m = vdupq_n_u64(0x3333333333333333u); /* the low halves */
        *lo = vbslq_u64(m, a, vshlq_n_u64(b, 2));
        *hi = vbslq_u64(m, vshrq_n_u64(a, 2), b);
        break;
    }
    default: {
        const uint64x2_t m = vdupq_n_u64(0x5555555555555555u);
        *lo = vbslq_u64(m, a, vshlq_n_u64(b, 1));
        *hi = vbslq_u64(m, vshrq_n_u64(a, 1), b);
        break;
    }
    }
}

/* The three stages (scale 4, 2, 1) on 8 rows v[m] = rows r + scale m. */
static ALWAYS_INLINE void tr_group(uint64x2_t v[8], int scale)
{
#pragma GCC unroll 3
    for (int s = 4; s >= 1; s >>= 1)
#pragma GCC unroll 8
        for (int m = 0; m < 8; m++)
            if (!(m & s)) tr_swap(&v[m], &v[m | s], s * scale);
}

/* The 64x64 transpose in both lanes (afterwards bit c of row r is what bit
 * r of row c was) as its six stages in two passes of 8 rows in registers:
 * the bit stages on 8 consecutive rows loaded from in (row k = blocks 2 k,
 * 2 k + 1), then the byte stages on every 8th row. */
static ALWAYS_INLINE void pack(uint64x2_t x[64], const uint8_t *in)
{
    for (int g = 0; g < 8; g++) {
        uint64x2_t v[8];
#pragma GCC unroll 8
        for (int m = 0; m < 8; m++) v[m] = vreinterpretq_u64_u8(vld1q_u8(in + 16 * (8 * g + m)));
        tr_group(v, 1);
#pragma GCC unroll 8
        for (int m = 0; m < 8; m++) x[8 * g + m] = v[m];
    }
    for (int r = 0; r < 8; r++) {
        uint64x2_t v[8];
#pragma GCC unroll 8
        for (int m = 0; m < 8; m++) v[m] = x[r + 8 * m];
        tr_group(v, 8);
#pragma GCC unroll 8
        for (int m = 0; m < 8; m++) x[r + 8 * m] = v[m];
    }
}

/* the inverse (the same transpose): byte stages in x, then bit stages to out */
static ALWAYS_INLINE void unpack(uint8_t *out, uint64x2_t x[64])
{
    for (int r = 0; r < 8; r++) {
        uint64x2_t v[8];
#pragma GCC unroll 8
        for (int m = 0; m < 8; m++) v[m] = x[r + 8 * m];
        tr_group(v, 8);
#pragma GCC unroll 8
        for (int m = 0; m < 8; m++) x[r + 8 * m] = v[m];
    }
    for (int g = 0; g < 8; g++) {
        uint64x2_t v[8];
#pragma GCC unroll 8
        for (int m = 0; m < 8; m++) v[m] = x[8 * g + m];
        tr_group(v, 1);
#pragma GCC unroll 8
        for (int m = 0; m < 8; m++) vst1q_u8(out + 16 * (8 * g + m), vreinterpretq_u8_u64(v[m]));
    }
}

/* --- one key -------------------------------------------------------------------- */

/* bit n of the byte string as a 128-bit mask, n < 8 nbytes */
static void masks(uint64x2_t *m, const uint8_t *bytes, unsigned nbytes)
{
    for (unsigned n = 0; n < 8 * nbytes; n++)
        m[n] = vdupq_n_u64(0 - (uint64_t)((bytes[n / 8] >> (n % 8)) & 1));
}

static void expand128(void *sched, const uint8_t *key)
{
    masks(((neon_sched *)sched)->k[0], key, 16);
}

static void expand256(void *sched, const uint8_t *key)
{
    masks(((neon_sched *)sched)->k[0], key, 32);
}

/* One batch under the sliced key words k: 128 blocks from in to out. */
static ALWAYS_INLINE void crypt_batch(uint8_t *out, const uint8_t *in, const uint64x2_t *k,
                                      unsigned nkw, unsigned rounds, const uint64x2_t rc[][5],
                                      int enc)
{
    uint64x2_t a[64], b[64], *y;
    pack(a, in);
    y = enc ? pipo_bs_encrypt(a, b, k, nkw, rounds, rc) : pipo_bs_decrypt(a, b, k, nkw, rounds, rc);
    unpack(out, y);
}

static ALWAYS_INLINE void crypt(const void *sched, uint8_t *out, const uint8_t *in,
                                size_t nblocks, unsigned nkw, unsigned rounds, int enc)
{
    const neon_sched *s = sched;
    uint64x2_t rc[PIPO_BS_MAX_ROUNDS + 1][5];
    pipo_bs_rc(rc, rounds);
    for (size_t i = 0; i < nblocks; i += BATCH)
        crypt_batch(out + 8 * i, in + 8 * i, s->k[0], nkw, rounds, (const uint64x2_t(*)[5])rc, enc);
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

/* --- many keys ------------------------------------------------------------------- */

/* Key word w of the 128 lanes sliced like blocks: lane q of row r gets the
 * key of block 2 r + q. */
static void crypt_keys(uint8_t *out, const uint8_t *in, const uint8_t *keys, size_t nblocks,
                       unsigned nkw, unsigned rounds, int enc)
{
    const unsigned kb = 8 * nkw;
    uint64x2_t k[4][64], rc[PIPO_BS_MAX_ROUNDS + 1][5];
    pipo_bs_rc(rc, rounds);
    for (size_t i = 0; i < nblocks; i += BATCH) {
        const uint8_t *kp = keys + kb * i;
        for (unsigned w = 0; w < nkw; w++) {
            _Alignas(16) uint64_t rows[2 * 64];
            for (int r = 0; r < 2 * 64; r++) rows[r] = lwcx_load64le(kp + kb * r + 8 * w);
            pack(k[w], (const uint8_t *)rows); /* rows in memory order: LE loads */
            lwcx_wipe(rows, sizeof rows);
        }
        crypt_batch(out + 8 * i, in + 8 * i, k[0], nkw, rounds, (const uint64x2_t(*)[5])rc, enc);
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
    for (size_t i = 0; i < nblocks; i += BATCH) {
        uint64x2_t x[64];
        pack(x, in + 8 * i);
        unpack(out + 8 * i, x);
    }
}

/* --- key search -------------------------------------------------------------------- */

/* Lane l = 64 q + b is bit b of 64-bit lane q. Its key: key0's bits as masks
 * with the lane-index pattern of bit k XORed in at key bit lane_bit[k]. */
static void search(const uint8_t *key0, const uint16_t *lane_bit, const uint8_t *pt,
                   const uint8_t *ct, uint64_t *hits, unsigned nkw, unsigned rounds)
{
    static const uint64_t pat[7][2] = {
        {0xAAAAAAAAAAAAAAAAu, 0xAAAAAAAAAAAAAAAAu}, {0xCCCCCCCCCCCCCCCCu, 0xCCCCCCCCCCCCCCCCu},
        {0xF0F0F0F0F0F0F0F0u, 0xF0F0F0F0F0F0F0F0u}, {0xFF00FF00FF00FF00u, 0xFF00FF00FF00FF00u},
        {0xFFFF0000FFFF0000u, 0xFFFF0000FFFF0000u}, {0xFFFFFFFF00000000u, 0xFFFFFFFF00000000u},
        {0, ~(uint64_t)0}};
    uint64x2_t lane_pat[7];
    for (int k = 0; k < 7; k++) lane_pat[k] = vld1q_u64(pat[k]);
    neon_sched k;
    uint64x2_t a[64], b[64], c[64], rc[PIPO_BS_MAX_ROUNDS + 1][5];
    masks(k.k[0], key0, 8 * nkw);
    pipo_bs_flip_lanes(k.k[0], 8 * nkw, lane_bit, lane_pat, 7);
    masks(a, pt, 8);
    masks(c, ct, 8);
    pipo_bs_rc(rc, rounds);
    vst1q_u64(hits, pipo_bs_match(pipo_bs_encrypt(a, b, k.k[0], nkw, rounds, (const uint64x2_t(*)[5])rc), c));
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

#define NEON_DESC                                                                                  \
    {"neon", "Advanced SIMD: 128 blocks bitsliced in 64 q registers, 34-op S-box circuit, R-layer as renaming", \
     0, BATCH}

const bc_impl bc_pipo128_neon = {
    NEON_DESC,       2 * 64 * sizeof(uint64x2_t), expand128,  encrypt128, decrypt128,
    encrypt_keys128, decrypt_keys128,             pack_unpack, search128,
};

const bc_impl bc_pipo256_neon = {
    NEON_DESC,       4 * 64 * sizeof(uint64x2_t), expand256,  encrypt256, decrypt256,
    encrypt_keys256, decrypt_keys256,             pack_unpack, search256,
};
