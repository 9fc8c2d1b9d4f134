/* kcc24-p6 reference, in the shape of the official contest code: the key
 * schedule byte by byte into an 80x8 array on every call, the round function
 * once per byte with the state rotated a byte per round, and the field
 * multiplication bit-serial over the 64 bits of its first operand. */
#include "kcc24p6_impl.h"

static const uint8_t C[8] = {0x63, 0x72, 0x79, 0x70, 0x74, 0x6F, 0x67, 0x72}; /* "cryptogr" */
static const uint8_t NONCE[7] = {0x12, 0x34, 0x56, 0x78, 0x9A, 0xBC, 0xDE};

static uint8_t rol8(uint8_t x, int r)
{
    r &= 7;
    return r ? (uint8_t)((x << r) | (x >> (8 - r))) : x;
}

/* rk is 80 rows of 8 bytes, flat, as in the original */
static void key_schedule(uint8_t *rk, const uint8_t *mk)
{
    for (int b = 0; b < 8; b++) rk[b] = mk[b];
    for (int i = 1; i < KCC24P6_ROUNDS; i++)
        for (int b = 0; b < 8; b++) {
            if (b % 2 == 0)
                rk[8 * i + b] = (uint8_t)(rol8(rk[8 * (i - 1) + b], (i + 1) % 8) + rol8(C[b], (i + 3) % 8));
            else
                rk[8 * i + b] = (uint8_t)(rol8(rk[8 * (i - 1) + b], (i + 5) % 8) + rol8(C[b], (i + 7) % 8));
        }
}

/* One byte of one round, in place through the state pointer, in the
 * original's three steps: s[j] ^= k; s[j] = k ^ (s[j-1] + s[j]); s[j] <<<= j. */
static void round_byte(uint8_t *s, const uint8_t *rk, int round, int j)
{
    const uint8_t *k = rk + 8 * round + j;
    s[j] = (uint8_t)(*k ^ s[j]);
    s[j] = (uint8_t)(*k ^ (uint8_t)(s[j - 1] + s[j]));
    s[j] = rol8(s[j], j);
}

static void encrypt_block(uint8_t *out, const uint8_t *in, const uint8_t *rk)
{
    uint8_t s[8];
    for (int b = 0; b < 8; b++) s[b] = in[b];
    for (int r = 0; r < KCC24P6_ROUNDS; r++) {
        for (int j = 7; j >= 1; j--) round_byte(s, rk, r, j);
        /* rotate the state one byte left: s[0] moves to the end by
         * swaps of neighbours (a copy loop becomes a memmove in clang, whose
         * overlapping loads after byte stores stall) */
        for (int k = 0; k < 7; k++) {
            const uint8_t t = s[k];
            s[k] = s[k + 1];
            s[k + 1] = t;
        }
    }
    for (int b = 0; b < 8; b++) out[b] = s[b];
}

static void ref_ctr(uint8_t *out, const uint8_t *in, size_t nblocks, const uint8_t key[8])
{
    uint8_t rk[8 * KCC24P6_ROUNDS];
    uint8_t counter[8], stream[8];
    key_schedule(rk, key);
    for (int b = 1; b < 8; b++) counter[b] = NONCE[b - 1];
    for (size_t i = 0; i < nblocks; i++) {
        counter[0] = (uint8_t)i;
        encrypt_block(stream, counter, rk);
        for (int b = 0; b < 8; b++) out[8 * i + b] = in[8 * i + b] ^ stream[b];
    }
    lwcx_wipe(rk, sizeof rk);
    lwcx_wipe(stream, sizeof stream);
}

/* bit-serial: for each set bit i of a, accumulate b * x^i into 128 bits */
static uint64_t gf_mul(uint64_t a, uint64_t b)
{
    uint64_t lo = 0, hi = 0;
    for (int i = 0; i < 64; i++)
        if ((a >> i) & 1) {
            lo ^= b << i;
            if (i) hi ^= b >> (64 - i);
        }
    return kcc24p6_reduce(lo, hi);
}

static void ref_tag(uint8_t tag[8], const uint8_t *ct, size_t nblocks)
{
    const uint64_t h = lwcx_kcc24p6_h((unsigned)nblocks);
    uint64_t a = gf_mul(h, h);
    for (size_t i = 0; i < nblocks; i++) {
        a ^= lwcx_load64le(ct + 8 * i);
        a = gf_mul(h, a);
        a = gf_mul(a, a);
    }
    lwcx_store64le(tag, a);
}

const kcc24p6_impl lwcx_kcc24p6_ref = {
    .desc = {
        .name = "ref",
        .description = "the official code's shape: byte-wise rounds, byte-rotated state, bit-serial multiply",
        .batch = 1,
        .constant_time = 1,
    },
    .ctr = ref_ctr,
    .tag = ref_tag,
};
