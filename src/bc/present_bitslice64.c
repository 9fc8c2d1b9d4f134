/* PRESENT bitsliced over 64 blocks, portable C. Word x[i] holds bit i of
 * the state of all 64 blocks (bit b of x[i] = bit i of block b), so the
 * S-box becomes a Boolean circuit on four words, run 16 times per round, and
 * pLayer is only a renaming of words. Packing and unpacking are a 64x64
 * bit-matrix transpose. One key: round-key bits are broadcast to whole words;
 * many keys: the 64 keys' round keys are transposed like the blocks. */
#include "bc_impl.h"

#define ROUNDS 31
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

/* The S-boxes as their algebraic normal forms (x0 the least significant
 * input bit), the products shared between output bits. */
static void sbox_layer(uint64_t x[64])
{
    for (int j = 0; j < 64; j += 4) {
        uint64_t x0 = x[j], x1 = x[j + 1], x2 = x[j + 2], x3 = x[j + 3];
        uint64_t a01 = x0 & x1, a03 = x0 & x3, a12 = x1 & x2, a13 = x1 & x3, a23 = x2 & x3;
        uint64_t a012 = a01 & x2, a013 = a01 & x3, a023 = x0 & a23;
        x[j] = x0 ^ x2 ^ a12 ^ x3;
        x[j + 1] = x1 ^ x3 ^ a13 ^ a23 ^ a012 ^ a013 ^ a023;
        x[j + 2] = ~(x2 ^ x3 ^ a01 ^ a03 ^ a13 ^ a013 ^ a023);
        x[j + 3] = ~(x0 ^ x1 ^ x3 ^ a12 ^ a012 ^ a013 ^ a023);
    }
}

static void sbox_inv_layer(uint64_t x[64])
{
    for (int j = 0; j < 64; j += 4) {
        uint64_t x0 = x[j], x1 = x[j + 1], x2 = x[j + 2], x3 = x[j + 3];
        uint64_t a01 = x0 & x1, a02 = x0 & x2, a03 = x0 & x3, a12 = x1 & x2, a13 = x1 & x3,
                 a23 = x2 & x3;
        uint64_t a012 = a01 & x2, a013 = a01 & x3, a023 = x0 & a23;
        x[j] = ~(x0 ^ x2 ^ a13);
        x[j + 1] = x0 ^ x1 ^ x3 ^ a02 ^ a13 ^ a23 ^ a012 ^ a013 ^ a023;
        x[j + 2] = ~(x3 ^ a01 ^ a02 ^ a03 ^ a12 ^ a13 ^ a012 ^ a013 ^ a023);
        x[j + 3] = x0 ^ x1 ^ x2 ^ x3 ^ a01 ^ a012 ^ a023;
    }
}

/* pLayer: bit i moves to 16 i mod 63 (bit 63 stays): word i becomes word P(i). */
static unsigned player_pos(unsigned i)
{
    return i == 63 ? 63 : (16 * i) % 63;
}

static void player(uint64_t x[64])
{
    uint64_t y[64];
    for (unsigned i = 0; i < 64; i++) y[player_pos(i)] = x[i];
    memcpy(x, y, sizeof y);
}

static void player_inv(uint64_t x[64])
{
    uint64_t y[64];
    for (unsigned i = 0; i < 64; i++) y[i] = x[player_pos(i)];
    memcpy(x, y, sizeof y);
}

/* one key for all lanes: bit i of the round key, broadcast */
static void add_key_broadcast(uint64_t x[64], uint64_t rk)
{
    for (unsigned i = 0; i < 64; i++) x[i] ^= 0 - ((rk >> i) & 1);
}

static void add_key_sliced(uint64_t x[64], const uint64_t k[64])
{
    for (unsigned i = 0; i < 64; i++) x[i] ^= k[i];
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

static void encrypt(const void *sched, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    const uint64_t *rk = sched;
    for (size_t b = 0; b < nblocks; b += LANES) {
        uint64_t x[64];
        pack(x, in + 8 * b);
        for (int r = 0; r < ROUNDS; r++) {
            add_key_broadcast(x, rk[r]);
            sbox_layer(x);
            player(x);
        }
        add_key_broadcast(x, rk[ROUNDS]);
        unpack(out + 8 * b, x);
    }
}

static void decrypt(const void *sched, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    const uint64_t *rk = sched;
    for (size_t b = 0; b < nblocks; b += LANES) {
        uint64_t x[64];
        pack(x, in + 8 * b);
        add_key_broadcast(x, rk[ROUNDS]);
        for (int r = ROUNDS - 1; r >= 0; r--) {
            player_inv(x);
            sbox_inv_layer(x);
            add_key_broadcast(x, rk[r]);
        }
        unpack(out + 8 * b, x);
    }
}

/* Many keys: each lane's round keys by the scalar schedule, then round r's
 * 64 round keys transposed into words like the blocks. */
typedef void (*expand_fn)(void *, const uint8_t *);

static void slice_round_keys(uint64_t k[ROUNDS + 1][64], const uint8_t *keys, unsigned kb,
                             expand_fn expand)
{
    uint64_t rk[ROUNDS + 1];
    for (unsigned b = 0; b < LANES; b++) {
        expand(rk, keys + kb * b);
        for (int r = 0; r <= ROUNDS; r++) k[r][b] = rk[r];
    }
    for (int r = 0; r <= ROUNDS; r++) transpose64(k[r]);
    lwcx_wipe(rk, sizeof rk);
}

static void crypt_keys(uint8_t *out, const uint8_t *in, const uint8_t *keys, size_t nblocks,
                       unsigned kb, expand_fn expand, int enc)
{
    uint64_t k[ROUNDS + 1][64];
    for (size_t b = 0; b < nblocks; b += LANES) {
        uint64_t x[64];
        slice_round_keys(k, keys + kb * b, kb, expand);
        pack(x, in + 8 * b);
        if (enc) {
            for (int r = 0; r < ROUNDS; r++) {
                add_key_sliced(x, k[r]);
                sbox_layer(x);
                player(x);
            }
            add_key_sliced(x, k[ROUNDS]);
        } else {
            add_key_sliced(x, k[ROUNDS]);
            for (int r = ROUNDS - 1; r >= 0; r--) {
                player_inv(x);
                sbox_inv_layer(x);
                add_key_sliced(x, k[r]);
            }
        }
        unpack(out + 8 * b, x);
    }
    lwcx_wipe(k, sizeof k);
}

static void encrypt_keys80(uint8_t *out, const uint8_t *in, const uint8_t *keys, size_t n)
{
    crypt_keys(out, in, keys, n, 10, bc_present80_expand, 1);
}
static void decrypt_keys80(uint8_t *out, const uint8_t *in, const uint8_t *keys, size_t n)
{
    crypt_keys(out, in, keys, n, 10, bc_present80_expand, 0);
}
static void encrypt_keys128(uint8_t *out, const uint8_t *in, const uint8_t *keys, size_t n)
{
    crypt_keys(out, in, keys, n, 16, bc_present128_expand, 1);
}
static void decrypt_keys128(uint8_t *out, const uint8_t *in, const uint8_t *keys, size_t n)
{
    crypt_keys(out, in, keys, n, 16, bc_present128_expand, 0);
}

const bc_impl bc_present80_bitslice64 = {
    {"bitslice64", "portable C: 64 blocks bitsliced in 64 words, S-box as a circuit, pLayer as word renaming", 0, LANES},
    BC_PRESENT_SCHED_BYTES, bc_present80_expand, encrypt, decrypt, encrypt_keys80, decrypt_keys80,
};

const bc_impl bc_present128_bitslice64 = {
    {"bitslice64", "portable C: 64 blocks bitsliced in 64 words, S-box as a circuit, pLayer as word renaming", 0, LANES},
    BC_PRESENT_SCHED_BYTES, bc_present128_expand, encrypt, decrypt, encrypt_keys128, decrypt_keys128,
};
