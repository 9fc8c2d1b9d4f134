/* GIFT reference (Banik et al., CHES 2017): GIFT-64 (28 rounds) and GIFT-128
 * (40 rounds), 128-bit key. A round is SubCells, PermBits, AddRoundKey (round
 * key and round constant). Blocks and keys are big-endian, as in the official
 * test vectors: the first byte holds b_{n-1}..b_{n-8}; the key state
 * k7||...||k0 (16-bit words) is the key bytes in order, k7 first.
 *
 * The state is kept as little-endian words of bits: w[0] = b63..b0 and, for
 * GIFT-128, w[1] = b127..b64, so bit i of the state is bit i%64 of w[i/64]. */
#include "../bc_impl.h"
#include "../bitslice/bs_core_common.h" /* BS_UNROLL */

#define MAX_ROUNDS 40

typedef struct gift_sched {
    uint32_t u[MAX_ROUNDS], v[MAX_ROUNDS]; /* round key U||V of each round */
    uint8_t c[MAX_ROUNDS];                 /* round constant c5..c0 */
} gift_sched;
_Static_assert(sizeof(gift_sched) <= BC_REF_SCHED_MAX, "key search confirms with ref's schedule on the stack");

typedef struct gift_params {
    unsigned n, rounds; /* block bits */
} gift_params;

static const gift_params GIFT64 = {64, 28}, GIFT128 = {128, 40};

static const uint8_t GS[16] = {0x1, 0xA, 0x4, 0xC, 0x6, 0xF, 0x3, 0x9,
                               0x2, 0xD, 0xB, 0x7, 0x5, 0x0, 0x8, 0xE};
static const uint8_t GS_INV[16] = {0xD, 0x0, 0x8, 0x6, 0x2, 0xC, 0x4, 0xB,
                                   0xE, 0x7, 0x1, 0xA, 0x3, 0x9, 0xF, 0x5};

static unsigned bit(const uint64_t *w, unsigned i)
{
    return (unsigned)(w[i / 64] >> (i % 64)) & 1;
}

static void flip(uint64_t *w, unsigned i, unsigned v)
{
    w[i / 64] ^= (uint64_t)(v & 1) << (i % 64);
}

static void load(uint64_t *w, const uint8_t *in, unsigned n)
{
    for (unsigned j = 0; j < n / 64; j++) {
        uint64_t x = 0;
        for (int i = 0; i < 8; i++) x = x << 8 | in[8 * j + i];
        w[n / 64 - 1 - j] = x; /* the first bytes are the most significant */
    }
}

static void store(uint8_t *out, const uint64_t *w, unsigned n)
{
    for (unsigned j = 0; j < n / 64; j++) {
        uint64_t x = w[n / 64 - 1 - j];
        for (int i = 7; i >= 0; i--, x >>= 8) out[8 * j + i] = (uint8_t)x;
    }
}

/* --- key schedule ------------------------------------------------------- */

static void key_load(uint16_t k[8], const uint8_t *key)
{
    for (int i = 0; i < 8; i++) k[7 - i] = (uint16_t)(key[2 * i] << 8 | key[2 * i + 1]);
}

/* k7||k6||...||k0 <- (k1 >>> 2)||(k0 >>> 12)||k7||...||k2 */
static void key_update(uint16_t k[8])
{
    uint16_t t1 = (uint16_t)(k[1] >> 2 | k[1] << 14), t0 = (uint16_t)(k[0] >> 12 | k[0] << 4);
    for (int i = 0; i < 6; i++) k[i] = k[i + 2];
    k[7] = t1;
    k[6] = t0;
}

static void expand(gift_sched *s, const uint8_t *key, const gift_params *p)
{
    uint16_t k[8]; /* k[7] is the first two key bytes */
    key_load(k, key);
    uint8_t c = 0;
    for (unsigned r = 0; r < p->rounds; r++) {
        if (p->n == 64) { /* U = k1, V = k0 */
            s->u[r] = k[1];
            s->v[r] = k[0];
        } else { /* U = k5||k4, V = k1||k0 */
            s->u[r] = (uint32_t)k[5] << 16 | k[4];
            s->v[r] = (uint32_t)k[1] << 16 | k[0];
        }
        /* 6-bit LFSR: c5..c0 <- c4..c0 || (c5 ^ c4 ^ 1), updated before use */
        c = (uint8_t)(((c << 1) | (((c >> 5) ^ (c >> 4) ^ 1) & 1)) & 0x3F);
        s->c[r] = c;
        key_update(k);
    }
    lwcx_wipe(k, sizeof k);
}

static void expand64(void *sched, const uint8_t *key)
{
    expand(sched, key, &GIFT64);
}

static void expand128(void *sched, const uint8_t *key)
{
    expand(sched, key, &GIFT128);
}

/* --- rounds -------------------------------------------------------------- */

static void sub_cells(uint64_t *w, unsigned n, const uint8_t box[16])
{
    for (unsigned j = 0; j < n / 64; j++) {
        uint64_t r = 0;
        for (int i = 0; i < 16; i++) r |= (uint64_t)box[(w[j] >> 4 * i) & 0xF] << 4 * i;
        w[j] = r;
    }
}

/* PermBits: b_i moves to P(i) = 4 floor(i/16) + (n/4) ((3 floor((i mod 16)/4) + (i mod 4)) mod 4) + (i mod 4) */
static unsigned perm_pos(unsigned i, unsigned n)
{
    return 4 * (i / 16) + (n / 4) * ((3 * ((i % 16) / 4) + (i % 4)) % 4) + (i % 4);
}

/* Fully unrolled (n is a constant in each call, see perm_bits), every bit
 * position is a constant and the state stays in registers: without it gcc
 * and clang each compute the positions at run time for one of the two
 * block sizes, through memory. */
static inline void perm_bits_n(uint64_t *w, unsigned n, int inverse)
{
    uint64_t r[2] = {0, 0};
    BS_UNROLL(128)
    for (unsigned i = 0; i < n; i++) {
        if (inverse)
            flip(r, i, bit(w, perm_pos(i, n)));
        else
            flip(r, perm_pos(i, n), bit(w, i));
    }
    for (unsigned j = 0; j < n / 64; j++) w[j] = r[j];
}

/* the block size as a constant in each call of the loop above */
static void perm_bits(uint64_t *w, unsigned n, int inverse)
{
    if (n == 64)
        perm_bits_n(w, 64, inverse);
    else
        perm_bits_n(w, 128, inverse);
}

/* Round key bits go to b_{4i+1}, b_{4i} (GIFT-64) or b_{4i+2}, b_{4i+1}
 * (GIFT-128); constant bits to b_{n-1} and b23, b19, b15, b11, b7, b3. */
static void add_round_key(uint64_t *w, unsigned n, const gift_sched *k, unsigned r)
{
    unsigned ubit = n == 64 ? 1 : 2;
    for (unsigned i = 0; i < n / 4; i++) {
        flip(w, 4 * i + ubit, k->u[r] >> i);
        flip(w, 4 * i + ubit - 1, k->v[r] >> i);
    }
    flip(w, n - 1, 1);
    for (unsigned i = 0; i < 6; i++) flip(w, 4 * i + 3, k->c[r] >> i);
}

static void encrypt(const gift_params *p, const void *sched, uint8_t *out, const uint8_t *in,
                    size_t nblocks)
{
    const unsigned bytes = p->n / 8;
    for (size_t b = 0; b < nblocks; b++) {
        uint64_t w[2] = {0, 0};
        load(w, in + bytes * b, p->n);
        for (unsigned r = 0; r < p->rounds; r++) {
            sub_cells(w, p->n, GS);
            perm_bits(w, p->n, 0);
            add_round_key(w, p->n, sched, r);
        }
        store(out + bytes * b, w, p->n);
    }
}

static void decrypt(const gift_params *p, const void *sched, uint8_t *out, const uint8_t *in,
                    size_t nblocks)
{
    const unsigned bytes = p->n / 8;
    for (size_t b = 0; b < nblocks; b++) {
        uint64_t w[2] = {0, 0};
        load(w, in + bytes * b, p->n);
        for (unsigned r = p->rounds; r-- > 0;) {
            add_round_key(w, p->n, sched, r);
            perm_bits(w, p->n, 1);
            sub_cells(w, p->n, GS_INV);
        }
        store(out + bytes * b, w, p->n);
    }
}

void lwcx_bc_gift_ref_trace(unsigned bits, const uint8_t *key, const uint8_t *pt, uint8_t (*trace)[16])
{
    const gift_params *p = bits == 64 ? &GIFT64 : &GIFT128;
    gift_sched sched;
    uint16_t k[8];
    uint64_t w[2] = {0, 0};
    expand(&sched, key, p);
    key_load(k, key);
    load(w, pt, p->n);
    for (unsigned r = 0; r < p->rounds; r++) {
        sub_cells(w, p->n, GS);
        store(trace[4 * r], w, p->n);
        perm_bits(w, p->n, 0);
        store(trace[4 * r + 1], w, p->n);
        add_round_key(w, p->n, &sched, r);
        store(trace[4 * r + 2], w, p->n);
        key_update(k);
        for (int i = 0; i < 8; i++) {
            trace[4 * r + 3][2 * i] = (uint8_t)(k[7 - i] >> 8);
            trace[4 * r + 3][2 * i + 1] = (uint8_t)k[7 - i];
        }
    }
    lwcx_wipe(&sched, sizeof sched);
    lwcx_wipe(k, sizeof k);
}

static void encrypt64(const void *s, uint8_t *out, const uint8_t *in, size_t n)
{
    encrypt(&GIFT64, s, out, in, n);
}
static void decrypt64(const void *s, uint8_t *out, const uint8_t *in, size_t n)
{
    decrypt(&GIFT64, s, out, in, n);
}
static void encrypt128(const void *s, uint8_t *out, const uint8_t *in, size_t n)
{
    encrypt(&GIFT128, s, out, in, n);
}
static void decrypt128(const void *s, uint8_t *out, const uint8_t *in, size_t n)
{
    decrypt(&GIFT128, s, out, in, n);
}

const bc_impl lwcx_bc_gift64_ref = {
    .desc = {.name = "ref", .description = "the specification: round keys into an array, S-box table, PermBits as a bit loop", .batch = 1, .constant_time = 0},
    .sched_bytes = sizeof(gift_sched),
    .expand = expand64,
    .encrypt = encrypt64,
    .decrypt = decrypt64,
};

const bc_impl lwcx_bc_gift128_ref = {
    .desc = {.name = "ref", .description = "the specification: round keys into an array, S-box table, PermBits as a bit loop", .batch = 1, .constant_time = 0},
    .sched_bytes = sizeof(gift_sched),
    .expand = expand128,
    .encrypt = encrypt128,
    .decrypt = decrypt128,
};
