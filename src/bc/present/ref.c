/* PRESENT reference (Bogdanov et al., CHES 2007): 64-bit block, 80- or
 * 128-bit key, 31 rounds of addRoundKey, sBoxLayer, pLayer and a final
 * addRoundKey. Blocks and keys are big-endian: the first byte holds the most
 * significant bits (k79..k72 of an 80-bit key). */
#include "../bc_impl.h"

#define ROUNDS 31

typedef struct present_sched {
    uint64_t rk[ROUNDS + 1]; /* K_1 .. K_32 */
} present_sched;
_Static_assert(sizeof(present_sched) <= BC_REF_SCHED_MAX, "key search confirms with ref's schedule on the stack");
_Static_assert(sizeof(present_sched) == BC_PRESENT_SCHED_BYTES, "the shared schedule layout");

static const uint8_t SBOX[16] = {0xC, 0x5, 0x6, 0xB, 0x9, 0x0, 0xA, 0xD,
                                 0x3, 0xE, 0xF, 0x8, 0x4, 0x7, 0x1, 0x2};
static const uint8_t SBOX_INV[16] = {0x5, 0xE, 0xF, 0x8, 0xC, 0x1, 0x2, 0xD,
                                     0xB, 0x4, 0x6, 0x3, 0x0, 0x7, 0x9, 0xA};

/* --- key schedule ------------------------------------------------------- */

/* S[x] for the nibble x without indexing by it: the table as 16 nibbles of
 * one constant, shifted by 4x (a shift by a register takes the same time
 * for every count). The optimized implementations share this key schedule,
 * and their keys must not leave a trace in the cache; reading all 16
 * entries under masks instead cost a noticeable part of a 4 KiB CTR call
 * (docs/design/present.md, "One-key calls"). */
static uint64_t sbox_ct(uint64_t x)
{
    return (0x21748FE3DA09B65Cu >> (4 * x)) & 0xF;
}

/* 80-bit key register: hi = k79..k16, lo = k15..k0 (low 16 bits). */
void lwcx_bc_present80_expand(void *sched, const uint8_t *key)
{
    present_sched *s = sched;
    uint64_t hi = lwcx_load64be(key), lo = (uint64_t)key[8] << 8 | key[9];
    for (unsigned i = 1; i <= ROUNDS + 1; i++) {
        s->rk[i - 1] = hi; /* K_i = k79..k16 */
        if (i == ROUNDS + 1) break;
        /* rotate the 80-bit register left by 61 (= right by 19); the S-box
         * takes the new k79..k76, the old k18..k15, read before the
         * rotation so that the two run side by side (docs/design/present.md,
         * "One-key calls") */
        const uint64_t nibble = (hi & 7) << 1 | lo >> 15;
        uint64_t low19 = (hi & 7) << 16 | lo; /* k18..k0 */
        lo = (hi >> 3) & 0xFFFF;              /* new k15..k0 = old k34..k19 */
        hi = ((hi >> 19 | low19 << 45) & 0x0FFFFFFFFFFFFFFFu) | sbox_ct(nibble) << 60;
        /* k19..k15 ^= round counter */
        hi ^= i >> 1;
        lo ^= (uint64_t)(i & 1) << 15;
    }
    lwcx_wipe(&hi, sizeof hi);
    lwcx_wipe(&lo, sizeof lo);
}

/* 128-bit key register: hi = k127..k64, lo = k63..k0. */
void lwcx_bc_present128_expand(void *sched, const uint8_t *key)
{
    present_sched *s = sched;
    uint64_t hi = lwcx_load64be(key), lo = lwcx_load64be(key + 8);
    for (unsigned i = 1; i <= ROUNDS + 1; i++) {
        s->rk[i - 1] = hi; /* K_i = k127..k64 */
        if (i == ROUNDS + 1) break;
        uint64_t t = hi << 61 | lo >> 3; /* rotate left by 61 */
        lo = lo << 61 | hi >> 3;
        hi = t;
        hi = (hi & 0x00FFFFFFFFFFFFFFu) | sbox_ct(hi >> 60) << 60 | sbox_ct((hi >> 56) & 0xF) << 56;
        /* k66..k62 ^= round counter */
        hi ^= i >> 2;
        lo ^= (uint64_t)(i & 3) << 62;
    }
    lwcx_wipe(&hi, sizeof hi);
    lwcx_wipe(&lo, sizeof lo);
}

/* --- rounds -------------------------------------------------------------- */

static uint64_t sbox_layer(uint64_t s, const uint8_t box[16])
{
    uint64_t r = 0;
    for (int i = 0; i < 16; i++) r |= (uint64_t)box[(s >> 4 * i) & 0xF] << 4 * i;
    return r;
}

/* pLayer: bit i moves to P(i) = 16 i mod 63, and bit 63 stays; the same map
 * written as 16 (i mod 4) + i / 4, which needs no division */
static unsigned player_pos(unsigned i)
{
    return 16 * (i % 4) + i / 4;
}

static uint64_t player(uint64_t s)
{
    uint64_t r = 0;
    for (unsigned i = 0; i < 64; i++) r |= ((s >> i) & 1) << player_pos(i);
    return r;
}

static uint64_t player_inv(uint64_t s)
{
    uint64_t r = 0;
    for (unsigned i = 0; i < 64; i++) r |= ((s >> player_pos(i)) & 1) << i;
    return r;
}

static void encrypt(const void *sched, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    const present_sched *k = sched;
    for (size_t b = 0; b < nblocks; b++) {
        uint64_t s = lwcx_load64be(in + 8 * b);
        for (int i = 0; i < ROUNDS; i++) s = player(sbox_layer(s ^ k->rk[i], SBOX));
        lwcx_store64be(out + 8 * b, s ^ k->rk[ROUNDS]);
    }
}

static void decrypt(const void *sched, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    const present_sched *k = sched;
    for (size_t b = 0; b < nblocks; b++) {
        uint64_t s = lwcx_load64be(in + 8 * b) ^ k->rk[ROUNDS];
        for (int i = ROUNDS - 1; i >= 0; i--) s = sbox_layer(player_inv(s), SBOX_INV) ^ k->rk[i];
        lwcx_store64be(out + 8 * b, s);
    }
}

const bc_impl lwcx_bc_present80_ref = {
    .desc = {.name = "ref", .description = "the specification: round keys into an array, S-box table, pLayer as a bit loop", .batch = 1, .constant_time = 0},
    .sched_bytes = sizeof(present_sched),
    .expand = lwcx_bc_present80_expand,
    .encrypt = encrypt,
    .decrypt = decrypt,
};

const bc_impl lwcx_bc_present128_ref = {
    .desc = {.name = "ref", .description = "the specification: round keys into an array, S-box table, pLayer as a bit loop", .batch = 1, .constant_time = 0},
    .sched_bytes = sizeof(present_sched),
    .expand = lwcx_bc_present128_expand,
    .encrypt = encrypt,
    .decrypt = decrypt,
};
