/* PRESENT bitsliced over 64 blocks, portable C: the rounds of
 * present_bs_core.h on uint64_t words (bit b of word i = bit i of block b).
 * Packing and unpacking are a 64x64 bit-matrix transpose. */
#include "bc_impl.h"

typedef uint64_t bs_word;
#define BS_XOR(a, b) ((a) ^ (b))
#define BS_AND(a, b) ((a) & (b))
#define BS_OR(a, b) ((a) | (b))
#define BS_NOT(a) (~(a))
#define BS_ONES (~(uint64_t)0)
#define BS_ZERO ((uint64_t)0)
#define BS_MASK32(m) ((uint64_t)(m) << 32 | (m))
#define BS_LANE_BITS 6
static const uint64_t lane_pattern[6] = {0xAAAAAAAAAAAAAAAAu, 0xCCCCCCCCCCCCCCCCu, 0xF0F0F0F0F0F0F0F0u,
                                         0xFF00FF00FF00FF00u, 0xFFFF0000FFFF0000u, 0xFFFFFFFF00000000u};
#define BS_LANE(k) (lane_pattern[k])
#include "present_bs_core.h"

#define LANES 64

/* In-place transpose: afterwards bit c of a[r] is what bit r of a[c] was.
 * Swaps 32x32 blocks, then 16x16 blocks inside them, ... down to bits. */
static void transpose64(uint64_t a[64])
{
    uint64_t m = 0x00000000FFFFFFFFu;
    for (unsigned j = 32; j != 0; j >>= 1, m ^= m << j)
        for (unsigned k = 0; k < 64; k = ((k | j) + 1) & ~j) {
            uint64_t t = ((a[k] >> j) ^ a[k | j]) & m;
            a[k] ^= t << j;
            a[k | j] ^= t;
        }
}

static void pack(uint64_t x[64], const uint8_t *in)
{
    for (unsigned b = 0; b < LANES; b++) x[b] = lwcx_load64be(in + 8 * b);
    transpose64(x);
}

static void unpack(uint8_t *out, uint64_t x[64])
{
    transpose64(x);
    for (unsigned b = 0; b < LANES; b++) lwcx_store64be(out + 8 * b, x[b]);
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
    for (size_t b = 0; b < nblocks; b += LANES) {
        uint64_t x[64], y[64];
        pack(x, in + 8 * b);
        unpack(out + 8 * b, present_bs_encrypt(x, y, sched));
    }
}

static void decrypt(const void *sched, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    for (size_t b = 0; b < nblocks; b += LANES) {
        uint64_t x[64], y[64];
        pack(x, in + 8 * b);
        unpack(out + 8 * b, present_bs_decrypt(x, y, sched));
    }
}

static void pack_unpack(uint8_t *out, const uint8_t *in, size_t nblocks)
{
    for (size_t b = 0; b < nblocks; b += LANES) {
        uint64_t x[64];
        pack(x, in + 8 * b);
        unpack(out + 8 * b, x);
    }
}

/* Many keys: the keys packed like blocks, their schedule run sliced. */
static void crypt_keys(uint8_t *out, const uint8_t *in, const uint8_t *keys, size_t nblocks,
                       unsigned nk, int enc)
{
    uint64_t kr[2 * 128];
    for (size_t b = 0; b < nblocks; b += LANES) {
        uint64_t x[64], y[64];
        present_bs_keyreg k = {kr, nk, 0};
        present_bs_pack_keys(kr, nk, keys + nk / 8 * b, LANES, pack);
        pack(x, in + 8 * b);
        unpack(out + 8 * b, present_bs_crypt_sliced(x, y, &k, enc));
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

static void search(const uint8_t *key0, const uint16_t *lane_bit, const uint8_t *pt,
                   const uint8_t *ct, uint64_t *hits, unsigned nk)
{
    uint64_t kr[2 * 128], x[64], y[64];
    present_bs_search_keys(kr, nk, key0, lane_bit);
    hits[0] = ~present_bs_search(kr, nk, lwcx_load64be(pt), lwcx_load64be(ct), x, y);
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

#define BITSLICE64_DESC                                                                            \
    {"bitslice64", "portable C: 64 blocks bitsliced in 64 words, 14-op S-box circuit, pLayer as renaming", 0, LANES}

const bc_impl bc_present80_bitslice64 = {
    BITSLICE64_DESC, sizeof(present_bs_sched), expand80, encrypt, decrypt,
    encrypt_keys80,  decrypt_keys80,           pack_unpack, search80,
};

const bc_impl bc_present128_bitslice64 = {
    BITSLICE64_DESC, sizeof(present_bs_sched), expand128,   encrypt, decrypt,
    encrypt_keys128, decrypt_keys128,          pack_unpack, search128,
};
