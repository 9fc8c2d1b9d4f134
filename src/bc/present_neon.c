/* PRESENT bitsliced over 128 blocks with AArch64 Advanced SIMD: the rounds
 * of present_bs_core.h on q registers. Word x[i] holds bit i of 128 blocks:
 * 64-bit lane q, bit b = bit i of block 64q+b (two bitslice64 instances side
 * by side). Packing loads blocks k and 64+k into one register and runs the
 * SWAR 64x64 transpose on both lanes at once. */
#include <arm_neon.h>

#include "bc_impl.h"

typedef uint64x2_t bs_word;
#define BS_XOR(a, b) veorq_u64((a), (b))
#define BS_AND(a, b) vandq_u64((a), (b))
#define BS_OR(a, b) vorrq_u64((a), (b))
#define BS_NOT(a) vreinterpretq_u64_u8(vmvnq_u8(vreinterpretq_u8_u64(a)))
#define BS_ONES vdupq_n_u64(~(uint64_t)0)
#define BS_ZERO vdupq_n_u64(0)
#define BS_MASK32(m) vreinterpretq_u64_u32(vdupq_n_u32(m))
#define BS_LANE_BITS 7
static inline uint64x2_t lane_pattern(unsigned k)
{
    static const uint64_t in_word[6] = {0xAAAAAAAAAAAAAAAAu, 0xCCCCCCCCCCCCCCCCu, 0xF0F0F0F0F0F0F0F0u,
                                        0xFF00FF00FF00FF00u, 0xFFFF0000FFFF0000u, 0xFFFFFFFF00000000u};
    if (k < 6) return vdupq_n_u64(in_word[k]);
    return vcombine_u64(vcreate_u64(0), vcreate_u64(~(uint64_t)0));
}
#define BS_LANE(k) lane_pattern(k)
#include "present_bs_core.h"

#define BATCH 128

/* In both 64-bit lanes: afterwards bit c of a[r] is what bit r of a[c] was. */
static void transpose(uint64x2_t a[64])
{
    uint64_t mask = 0x00000000FFFFFFFFu;
    for (int j = 32; j != 0; j >>= 1, mask ^= mask << j) {
        const uint64x2_t m = vdupq_n_u64(mask);
        const int64x2_t up = vdupq_n_s64(j), down = vdupq_n_s64(-j);
        for (int k = 0; k < 64; k = ((k | j) + 1) & ~j) {
            uint64x2_t t = vandq_u64(veorq_u64(vshlq_u64(a[k], down), a[k | j]), m);
            a[k] = veorq_u64(a[k], vshlq_u64(t, up));
            a[k | j] = veorq_u64(a[k | j], t);
        }
    }
}

static void pack(uint64x2_t x[64], const uint8_t *in)
{
    for (int k = 0; k < 64; k++) {
        uint8x16_t v = vcombine_u8(vld1_u8(in + 8 * k), vld1_u8(in + 8 * (64 + k)));
        x[k] = vreinterpretq_u64_u8(vrev64q_u8(v)); /* big-endian blocks */
    }
    transpose(x);
}

static void unpack(uint8_t *out, uint64x2_t x[64])
{
    transpose(x);
    for (int k = 0; k < 64; k++) {
        uint8x16_t v = vrev64q_u8(vreinterpretq_u8_u64(x[k]));
        vst1_u8(out + 8 * k, vget_low_u8(v));
        vst1_u8(out + 8 * (64 + k), vget_high_u8(v));
    }
}

static void expand80(void *sched, const uint8_t *key)
{
    uint64_t rk[PRESENT_ROUNDS + 1];
    bc_present80_expand(rk, key);
    present_bs_sched_from(sched, rk);
    lwcx_wipe(rk, sizeof rk);
}

static void expand128(void *sched, const uint8_t *key)
{
    uint64_t rk[PRESENT_ROUNDS + 1];
    bc_present128_expand(rk, key);
    present_bs_sched_from(sched, rk);
    lwcx_wipe(rk, sizeof rk);
}

static void encrypt(const void *sched, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    for (size_t i = 0; i < nblocks; i += BATCH) {
        uint64x2_t x[64], y[64];
        pack(x, in + 8 * i);
        unpack(out + 8 * i, present_bs_encrypt(x, y, sched));
    }
}

static void decrypt(const void *sched, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    for (size_t i = 0; i < nblocks; i += BATCH) {
        uint64x2_t x[64], y[64];
        pack(x, in + 8 * i);
        unpack(out + 8 * i, present_bs_decrypt(x, y, sched));
    }
}

static void pack_unpack(uint8_t *out, const uint8_t *in, size_t nblocks)
{
    for (size_t i = 0; i < nblocks; i += BATCH) {
        uint64x2_t x[64];
        pack(x, in + 8 * i);
        unpack(out + 8 * i, x);
    }
}

/* Many keys: the keys packed like blocks, their schedule run sliced. */
static void crypt_keys(uint8_t *out, const uint8_t *in, const uint8_t *keys, size_t nblocks,
                       unsigned nk, int enc)
{
    uint64x2_t kr[2 * 128];
    for (size_t i = 0; i < nblocks; i += BATCH) {
        uint64x2_t x[64], y[64];
        present_bs_keyreg k = {kr, nk, 0};
        present_bs_pack_keys(kr, nk, keys + nk / 8 * i, BATCH, pack);
        pack(x, in + 8 * i);
        unpack(out + 8 * i, present_bs_crypt_sliced(x, y, &k, enc));
    }
    lwcx_wipe(kr, sizeof kr);
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

/* Key search: lane 64q+b of the result is bit b of hits[q]. */
static void search(const uint8_t *key0, const uint16_t *lane_bit, const uint8_t *pt,
                   const uint8_t *ct, uint64_t *hits, unsigned nk)
{
    uint64x2_t kr[2 * 128], x[64], y[64];
    present_bs_search_keys(kr, nk, key0, lane_bit);
    uint64x2_t hit = BS_NOT(present_bs_search(kr, nk, lwcx_load64be(pt), lwcx_load64be(ct), x, y));
    hits[0] = vgetq_lane_u64(hit, 0);
    hits[1] = vgetq_lane_u64(hit, 1);
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

#define NEON_DESC                                                                                  \
    {"neon", "NEON: 128 blocks bitsliced in 64 q registers (2 x 64 lanes), 14-op S-box circuit",    \
     LWCX_CPU_NEON, BATCH}

const bc_impl bc_present80_neon = {
    NEON_DESC,      sizeof(present_bs_sched), expand80,    encrypt, decrypt,
    encrypt_keys80, decrypt_keys80,           pack_unpack, search80,
};

const bc_impl bc_present128_neon = {
    NEON_DESC,       sizeof(present_bs_sched), expand128,   encrypt, decrypt,
    encrypt_keys128, decrypt_keys128,          pack_unpack, search128,
};
