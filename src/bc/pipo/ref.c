/* PIPO reference (Kim et al., ICISC 2020): 64-bit block, 128-bit key with 13
 * rounds or 256-bit key with 17 rounds. The state is an 8x8 bit matrix: byte
 * i of the block is row x[i]. A round is the S-layer (the 8-bit S-box applied
 * to each of the 8 columns, bit j of x[7..0] being column j's input from most
 * to least significant), the R-layer (row i rotated left by
 * 0, 7, 4, 3, 6, 5, 1, 2) and a round-key XOR; RK_0 is whitening.
 *
 * Byte conventions: the official code's memory layout. A block is the bytes
 * of its little-endian uint32_t[2] array, a key those of uint32_t[4] (or
 * [8]); round key RK_i is key bytes 8(i mod 2).. (i mod 4 for 256-bit keys)
 * with i XORed into its first byte. */
#include "../bc_impl.h"

#define MAX_ROUNDS 17

typedef struct pipo_sched {
    uint8_t rk[MAX_ROUNDS + 1][8];
} pipo_sched;
_Static_assert(sizeof(pipo_sched) <= BC_REF_SCHED_MAX, "key search confirms with ref's schedule on the stack");

static const unsigned ROT[8] = {0, 7, 4, 3, 6, 5, 1, 2};

/* --- key schedule ------------------------------------------------------- */

static void expand(pipo_sched *s, const uint8_t *key, unsigned rounds, unsigned key_words)
{
    for (unsigned i = 0; i <= rounds; i++) {
        memcpy(s->rk[i], key + 8 * (i % key_words), 8);
        s->rk[i][0] ^= (uint8_t)i; /* the round constant: i in the low byte */
    }
}

static void expand128(void *sched, const uint8_t *key)
{
    expand(sched, key, 13, 2);
}

static void expand256(void *sched, const uint8_t *key)
{
    expand(sched, key, 17, 4);
}

/* --- S-layer: the bitsliced S-box of the specification ------------------- */

/* The 8-bit S-box is built from two 5-bit S-boxes (S5) and a 3-bit one (S3):
 * S5 on x7..x3, S3 on x2..x0, mixing XORs, S5 on (x7, x3, x4, x6, x5) whose
 * three outputs t0..t2 are XORed into x2..x0, and a final bit renaming. */
static void sbox(uint8_t x[8])
{
    /* S5 */
    x[5] ^= x[7] & x[6];
    x[4] ^= x[3] & x[5];
    x[7] ^= x[4];
    x[6] ^= x[3];
    x[3] ^= x[4] | x[5];
    x[5] ^= x[7];
    x[4] ^= x[5] & x[6];
    /* S3 */
    x[2] ^= x[1] & x[0];
    x[0] ^= x[2] | x[1];
    x[1] ^= x[2] | x[0];
    x[2] = (uint8_t)~x[2];
    /* mixing */
    x[7] ^= x[1];
    x[3] ^= x[2];
    x[4] ^= x[0];
    /* second S5: x7, x3, x4 are read through copies t0, t1, t2 */
    uint8_t t0 = x[7], t1 = x[3], t2 = x[4];
    x[6] ^= t0 & x[5];
    t0 ^= x[6];
    x[6] ^= t2 | t1;
    t1 ^= x[5];
    x[5] ^= x[6] | t2;
    t2 ^= t1 & t0;
    /* truncated XOR and bit renaming */
    x[2] ^= t0;
    uint8_t y7 = x[1] ^ t2, y1 = x[0] ^ t1, y0 = x[7];
    uint8_t y3 = x[6], y6 = x[3], y4 = x[5], y5 = x[4];
    x[0] = y0, x[1] = y1, x[3] = y3, x[4] = y4, x[5] = y5, x[6] = y6, x[7] = y7;
}

/* The steps of sbox() undone in reverse order. */
static void sbox_inv(uint8_t x[8])
{
    /* undo the renaming: a, b, c are the second S5's unchanged inputs x7, x3, x4 */
    uint8_t a = x[0], b = x[6], c = x[5], x6 = x[3], x5 = x[4];
    uint8_t x1t = x[7], x0t = x[1];
    /* undo the second S5 on x6, x5 and recompute its outputs t0..t2 */
    x5 ^= x6 | c;
    x6 ^= c | b;
    uint8_t t0 = a ^ x6, t1 = b ^ x5, t2 = c ^ (t1 & t0);
    x6 ^= a & x5;
    x[2] ^= t0;
    x[1] = x1t ^ t2;
    x[0] = x0t ^ t1;
    x[7] = a, x[3] = b, x[4] = c, x[6] = x6, x[5] = x5;
    /* undo the mixing */
    x[7] ^= x[1];
    x[3] ^= x[2];
    x[4] ^= x[0];
    /* undo S3 */
    x[2] = (uint8_t)~x[2];
    x[1] ^= x[2] | x[0];
    x[0] ^= x[2] | x[1];
    x[2] ^= x[1] & x[0];
    /* undo the first S5 */
    x[4] ^= x[5] & x[6];
    x[5] ^= x[7];
    x[3] ^= x[4] | x[5];
    x[6] ^= x[3];
    x[7] ^= x[4];
    x[4] ^= x[3] & x[5];
    x[5] ^= x[7] & x[6];
}

/* --- R-layer and rounds --------------------------------------------------- */

static uint8_t rol8(uint8_t v, unsigned r)
{
    return (uint8_t)((v << r) | (v >> ((8 - r) & 7)));
}

static void add_key(uint8_t x[8], const uint8_t rk[8])
{
    for (int i = 0; i < 8; i++) x[i] ^= rk[i];
}

static void encrypt(const pipo_sched *k, unsigned rounds, uint8_t *out, const uint8_t *in,
                    size_t nblocks)
{
    for (size_t b = 0; b < nblocks; b++) {
        uint8_t x[8];
        memcpy(x, in + 8 * b, 8);
        add_key(x, k->rk[0]);
        for (unsigned r = 1; r <= rounds; r++) {
            sbox(x);
            for (int i = 0; i < 8; i++) x[i] = rol8(x[i], ROT[i]);
            add_key(x, k->rk[r]);
        }
        memcpy(out + 8 * b, x, 8);
    }
}

static void decrypt(const pipo_sched *k, unsigned rounds, uint8_t *out, const uint8_t *in,
                    size_t nblocks)
{
    for (size_t b = 0; b < nblocks; b++) {
        uint8_t x[8];
        memcpy(x, in + 8 * b, 8);
        for (unsigned r = rounds; r >= 1; r--) {
            add_key(x, k->rk[r]);
            for (int i = 0; i < 8; i++) x[i] = rol8(x[i], (8 - ROT[i]) & 7);
            sbox_inv(x);
        }
        add_key(x, k->rk[0]);
        memcpy(out + 8 * b, x, 8);
    }
}

static void encrypt128(const void *s, uint8_t *out, const uint8_t *in, size_t n)
{
    encrypt(s, 13, out, in, n);
}
static void decrypt128(const void *s, uint8_t *out, const uint8_t *in, size_t n)
{
    decrypt(s, 13, out, in, n);
}
static void encrypt256(const void *s, uint8_t *out, const uint8_t *in, size_t n)
{
    encrypt(s, 17, out, in, n);
}
static void decrypt256(const void *s, uint8_t *out, const uint8_t *in, size_t n)
{
    decrypt(s, 17, out, in, n);
}

const bc_impl lwcx_bc_pipo128_ref = {
    .desc = {.name = "ref", .description = "the specification: bitsliced S-box on the 8 rows, rotations, one block at a time", .batch = 1, .constant_time = 1},
    .sched_bytes = sizeof(pipo_sched),
    .expand = expand128,
    .encrypt = encrypt128,
    .decrypt = decrypt128,
};

const bc_impl lwcx_bc_pipo256_ref = {
    .desc = {.name = "ref", .description = "the specification: bitsliced S-box on the 8 rows, rotations, one block at a time", .batch = 1, .constant_time = 1},
    .sched_bytes = sizeof(pipo_sched),
    .expand = expand256,
    .encrypt = encrypt256,
    .decrypt = decrypt256,
};
