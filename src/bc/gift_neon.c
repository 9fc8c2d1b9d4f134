/* GIFT-64 and GIFT-128 bitsliced over 128 blocks with AArch64 Advanced SIMD:
 * word x[i] holds bit i of 128 blocks (64-bit lane q, bit b = bit i of block
 * 64q+b), the rounds are gift_bs_core.h on q registers. Packing puts blocks
 * k and 64+k (or one 64-bit half of them) in one register and transposes
 * both 64x64 bit matrices at once: element transposes (TRN1/TRN2 on 32-,
 * 16- and 8-bit elements) for the three coarse stages, shifts and bit
 * selects for the three fine ones. One key: expand() writes the doubled key
 * state as 32-bit masks (1 KiB), broadcast when used. */
#include <arm_neon.h>

#include "bc_impl.h"

typedef uint64x2_t bs_word;
#define BS_XOR(a, b) veorq_u64((a), (b))
#define BS_AND(a, b) vandq_u64((a), (b))
#define BS_OR(a, b) vorrq_u64((a), (b))
#define BS_NOT(a) vreinterpretq_u64_u8(vmvnq_u8(vreinterpretq_u8_u64(a)))
#define BS_ONES vdupq_n_u64(~(uint64_t)0)
#define BS_MASK(m) vreinterpretq_u64_u32(vdupq_n_u32(m))
#define BS_ANDN(a, b) vbicq_u64((b), (a))
#include "gift_bs_core.h"

#define BATCH 128
#define INLINE static inline __attribute__((always_inline))

typedef struct neon_sched {
    uint32_t km[GIFT_KD_WORDS];
} neon_sched;

static void expand64(void *sched, const uint8_t *key)
{
    gift_bs_key_masks(64, ((neon_sched *)sched)->km, key);
}

static void expand128(void *sched, const uint8_t *key)
{
    gift_bs_key_masks(128, ((neon_sched *)sched)->km, key);
}

/* --- packing ------------------------------------------------------------------ */

/* Stages of the 64x64 transpose (in each 64-bit lane): rows k and k|j swap
 * the high j bits of every 2j-bit group of row k with the low j bits of the
 * same group of row k|j. For j = 32, 16, 8 that is TRN1/TRN2 on j-bit
 * elements. */
INLINE void tr_coarse(uint64x2_t a[64])
{
    for (int k = 0; k < 32; k++) {
        uint32x4_t lo = vreinterpretq_u32_u64(a[k]), hi = vreinterpretq_u32_u64(a[k | 32]);
        a[k] = vreinterpretq_u64_u32(vtrn1q_u32(lo, hi));
        a[k | 32] = vreinterpretq_u64_u32(vtrn2q_u32(lo, hi));
    }
    for (int k = 0; k < 64; k = ((k | 16) + 1) & ~16) {
        uint16x8_t lo = vreinterpretq_u16_u64(a[k]), hi = vreinterpretq_u16_u64(a[k | 16]);
        a[k] = vreinterpretq_u64_u16(vtrn1q_u16(lo, hi));
        a[k | 16] = vreinterpretq_u64_u16(vtrn2q_u16(lo, hi));
    }
    for (int k = 0; k < 64; k = ((k | 8) + 1) & ~8) {
        uint8x16_t lo = vreinterpretq_u8_u64(a[k]), hi = vreinterpretq_u8_u64(a[k | 8]);
        a[k] = vreinterpretq_u64_u8(vtrn1q_u8(lo, hi));
        a[k | 8] = vreinterpretq_u64_u8(vtrn2q_u8(lo, hi));
    }
}

/* j = 4, 2, 1: row k keeps its low j bits per group and takes row k|j's low
 * bits (shifted up); row k|j keeps its high bits and takes row k's high bits
 * (shifted down). m selects the low j bits of every 2j-bit group. */
#define TR_FINE(a, J, M)                                                                    \
    do {                                                                                    \
        const uint64x2_t m = vdupq_n_u64(M);                                                \
        for (int k = 0; k < 64; k = ((k | (J)) + 1) & ~(J)) {                               \
            const uint64x2_t lo = a[k], hi = a[k | (J)];                                    \
            a[k] = vbslq_u64(m, lo, vshlq_n_u64(hi, J));                                    \
            a[k | (J)] = vbslq_u64(m, vshrq_n_u64(lo, J), hi);                              \
        }                                                                                   \
    } while (0)

static void transpose(uint64x2_t a[64])
{
    tr_coarse(a);
    TR_FINE(a, 4, 0x0F0F0F0F0F0F0F0Fu);
    TR_FINE(a, 2, 0x3333333333333333u);
    TR_FINE(a, 1, 0x5555555555555555u);
}

/* 128 big-endian blocks of n bits into n words: x[k] = blocks k and 64+k as
 * numbers (a 128-bit block's last 8 bytes, bits 63..0, in x[0..63], its
 * first 8 in x[64..127]), then transposed. */
INLINE void pack(const unsigned n, uint64x2_t *x, const uint8_t *in)
{
    for (int k = 0; k < 64; k++) {
        if (n == 64) {
            uint8x16_t v = vcombine_u8(vld1_u8(in + 8 * k), vld1_u8(in + 8 * (64 + k)));
            x[k] = vreinterpretq_u64_u8(vrev64q_u8(v));
        } else {
            uint64x2_t a = vreinterpretq_u64_u8(vrev64q_u8(vld1q_u8(in + 16 * k)));
            uint64x2_t b = vreinterpretq_u64_u8(vrev64q_u8(vld1q_u8(in + 16 * (64 + k))));
            x[k] = vzip2q_u64(a, b);
            x[64 + k] = vzip1q_u64(a, b);
        }
    }
    transpose(x);
    if (n == 128) transpose(x + 64);
}

INLINE void unpack(const unsigned n, uint8_t *out, uint64x2_t *x)
{
    transpose(x);
    if (n == 128) transpose(x + 64);
    for (int k = 0; k < 64; k++) {
        if (n == 64) {
            uint8x16_t v = vrev64q_u8(vreinterpretq_u8_u64(x[k]));
            vst1_u8(out + 8 * k, vget_low_u8(v));
            vst1_u8(out + 8 * (64 + k), vget_high_u8(v));
        } else {
            uint64x2_t lo = x[k], hi = x[64 + k];
            vst1q_u8(out + 16 * k, vrev64q_u8(vreinterpretq_u8_u64(vzip1q_u64(hi, lo))));
            vst1q_u8(out + 16 * (64 + k), vrev64q_u8(vreinterpretq_u8_u64(vzip2q_u64(hi, lo))));
        }
    }
}

/* --- one key ------------------------------------------------------------------ */

INLINE void crypt(const unsigned n, const void *sched, uint8_t *out, const uint8_t *in,
                  size_t nblocks, int enc)
{
    const uint32_t *km = ((const neon_sched *)sched)->km;
    for (size_t b = 0; b < nblocks; b += BATCH) {
        uint64x2_t x[128], t[128];
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

/* --- many keys: the 128 keys packed like 128-bit blocks, key bit p in kw[p] */

INLINE void crypt_keys(const unsigned n, uint8_t *out, const uint8_t *in, const uint8_t *keys,
                       size_t nblocks, int enc)
{
    uint64x2_t kw[128], kd[GIFT_KD_WORDS];
    for (size_t b = 0; b < nblocks; b += BATCH) {
        uint64x2_t x[128], t[128];
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

static void pack_unpack64(uint8_t *out, const uint8_t *in, size_t nblocks)
{
    for (size_t b = 0; b < nblocks; b += BATCH) {
        uint64x2_t x[64];
        pack(64, x, in + 8 * b);
        unpack(64, out + 8 * b, x);
    }
}

static void pack_unpack128(uint8_t *out, const uint8_t *in, size_t nblocks)
{
    for (size_t b = 0; b < nblocks; b += BATCH) {
        uint64x2_t x[128];
        pack(128, x, in + 16 * b);
        unpack(128, out + 16 * b, x);
    }
}

/* --- key search: lane l = bit l % 64 of 64-bit lane l / 64 ------------------ */

INLINE void search(const unsigned n, const uint8_t *key0, const uint16_t *lane_bit,
                   const uint8_t *pt, const uint8_t *ct, uint64_t *hits)
{
    const uint64x2_t pat[7] = {
        vdupq_n_u64(0xAAAAAAAAAAAAAAAAu), vdupq_n_u64(0xCCCCCCCCCCCCCCCCu),
        vdupq_n_u64(0xF0F0F0F0F0F0F0F0u), vdupq_n_u64(0xFF00FF00FF00FF00u),
        vdupq_n_u64(0xFFFF0000FFFF0000u), vdupq_n_u64(0xFFFFFFFF00000000u),
        vcombine_u64(vcreate_u64(0), vcreate_u64(~(uint64_t)0)),
    };
    uint64x2_t kw[128], kd[GIFT_KD_WORDS], x[128], t[128], diff = vdupq_n_u64(0);
    gift_bs_key_search(kw, key0, lane_bit, pat, 7);
    gift_bs_key_double(n, kd, kw);
    for (unsigned i = 0; i < n; i++) x[i] = BS_MASK(0u - ((pt[n / 8 - 1 - i / 8] >> (i % 8)) & 1u));
    gift_bs_in(n, x);
    gift_bs_encrypt(n, x, t, NULL, kd);
    gift_bs_out(n, x);
    for (unsigned i = 0; i < n; i++)
        diff = vorrq_u64(diff, veorq_u64(x[i], BS_MASK(0u - ((ct[n / 8 - 1 - i / 8] >> (i % 8)) & 1u))));
    vst1q_u64(hits, BS_NOT(diff));
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

#define NEON_DESC                                                                                 \
    {"neon", "NEON: 128 blocks bitsliced in q registers (2 x 64 lanes), 10-op S-box circuit, "     \
             "PermBits and key schedule as renaming",                                             \
     LWCX_CPU_NEON, BATCH}

const bc_impl bc_gift64_neon = {
    NEON_DESC,      sizeof(neon_sched), expand64,      encrypt64, decrypt64, encrypt_keys64,
    decrypt_keys64, pack_unpack64,      search64,
};

const bc_impl bc_gift128_neon = {
    NEON_DESC,       sizeof(neon_sched), expand128,      encrypt128, decrypt128, encrypt_keys128,
    decrypt_keys128, pack_unpack128,     search128,
};
