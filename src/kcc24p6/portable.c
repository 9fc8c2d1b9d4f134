/* kcc24-p6 under the contest rules: plain C, no intrinsics, no carry-less
 * multiply instruction, no inline assembly; correct at -O3 with no -m flags.
 *
 * Cipher: the blocks of a message are byte-sliced, slice[j][b] = byte j of
 * block b, so each round step is one loop over the blocks that the compiler
 * can turn into wide byte operations. The state's byte rotation becomes a
 * renaming of slices: in round r, logical byte j lives in slice (j + r) % 8.
 * The key schedule runs inside the round loop in 64-bit SWAR, all 8 key bytes at once.
 *
 * Tag: A <- (H*(A ^ C))^2 = H^2 * (A ^ C)^2, and x -> H^2 * x^2 is GF(2)-linear
 * (squaring is linear in characteristic 2). So one step is a linear map,
 * applied with 16 lookups in 4-bit tables built once per message. */
#include "kcc24p6_impl.h"

/* Step J of round Q of an 8-round group: logical byte J lives in slice
 * (J + Q) % 8. Blocks 0..15 are byte lanes of s[][] (everything but the lane
 * index is a constant, so the compiler turns the lane loop into 16-byte
 * vector operations); blocks 16..31 are the bytes of W 64-bit words w[][] in
 * SWAR form, which the integer units work through in parallel. */
#define STEP(Q, J)                                                                           \
    do {                                                                                     \
        const uint8_t k_ = (uint8_t)(kk >> (8 * (J)));                                       \
        const unsigned dst_ = ((J) + (Q)) & 7, src_ = ((J) - 1 + (Q)) & 7;                   \
        for (unsigned b = 0; b < 16; b++) {                                                  \
            uint8_t t_ = (uint8_t)(k_ ^ (uint8_t)(s[src_][b] + (k_ ^ s[dst_][b])));           \
            s[dst_][b] = (uint8_t)((uint8_t)(t_ << (J)) | (uint8_t)(t_ >> (8 - (J))));       \
        }                                                                                    \
        const uint64_t kk_ = k_ * 0x0101010101010101u;                                       \
        for (unsigned m = 0; m < W; m++)                                                     \
            w[dst_][m] = kcc24p6_rol_bytes(kk_ ^ kcc24p6_add_bytes(w[src_][m], kk_ ^ w[dst_][m]), J); \
    } while (0)

/* The whole cipher over 16 + 8W blocks (W a constant per call site). */
static inline __attribute__((always_inline)) void
ctr_lanes(uint8_t *out, const uint8_t *in, size_t nblocks, const uint8_t key[8], const unsigned W)
{
    uint64_t kk = lwcx_load64le(key); /* the round key, advanced inside the round loop */
    uint8_t s[8][16];
    uint64_t w[8][2];
    for (unsigned b = 0; b < 16; b++) s[0][b] = (uint8_t)b;
    for (unsigned m = 0; m < W; m++) w[0][m] = 0x0706050403020100u + 0x0808080808080808u * (2 + m);
    for (unsigned j = 1; j < 8; j++) {
        for (unsigned b = 0; b < 16; b++) s[j][b] = kcc24p6_nonce[j - 1];
        for (unsigned m = 0; m < W; m++) w[j][m] = kcc24p6_nonce[j - 1] * 0x0101010101010101u;
    }
    KCC24P6_ALL_ROUNDS()
    lwcx_wipe(&kk, sizeof kk);
    /* after 80 rounds (a multiple of 8) logical byte j is back in slice j */
    for (size_t b = 0; b < nblocks; b++)
        for (unsigned j = 0; j < 8; j++) {
            uint8_t ks = b < 16 ? s[j][b] : (uint8_t)(w[j][(b - 16) / 8] >> (8 * ((b - 16) % 8)));
            out[8 * b + j] = in[8 * b + j] ^ ks;
        }
}

static void portable_ctr(uint8_t *out, const uint8_t *in, size_t nblocks, const uint8_t key[8])
{
    if (nblocks <= 16)
        ctr_lanes(out, in, nblocks, key, 0);
    else if (nblocks <= 24)
        ctr_lanes(out, in, nblocks, key, 1);
    else
        ctr_lanes(out, in, nblocks, key, 2);
}

/* x * x^2 (mod x^64 + x^9 + 1) */
static inline uint64_t mul_x2(uint64_t v)
{
    uint64_t t = v >> 62;
    return (v << 2) ^ t ^ (t << 9);
}

/* x * x^8 */
static inline uint64_t mul_x8(uint64_t v)
{
    uint64_t t = v >> 56;
    return (v << 8) ^ t ^ (t << 9);
}

/* bits of a 32-bit word spread to the even positions of 64 */
static uint64_t spread(uint64_t x)
{
    x = (x | (x << 16)) & 0x0000ffff0000ffffu;
    x = (x | (x << 8)) & 0x00ff00ff00ff00ffu;
    x = (x | (x << 4)) & 0x0f0f0f0f0f0f0f0fu;
    x = (x | (x << 2)) & 0x3333333333333333u;
    return (x | (x << 1)) & 0x5555555555555555u;
}

static uint64_t square(uint64_t x)
{
    return kcc24p6_reduce(spread(x & 0xffffffffu), spread(x >> 32));
}

static void portable_tag(uint8_t tag[8], const uint8_t *ct, size_t nblocks)
{
    const uint64_t h2 = square(kcc24p6_h((unsigned)nblocks));
    uint64_t a = h2;
    if (nblocks) {
        /* table[p][v] = M(v * x^(4p)) with M(x) = H^2 * x^2; M(x^i) = H^2 * x^(2i) */
        uint64_t table[16][16];
        uint64_t b0 = h2, b1 = mul_x2(b0), b2 = mul_x2(b1), b3 = mul_x2(b2);
        for (unsigned p = 0; p < 16; p++) {
            /* row p is spanned by M(x^(4p+k)), k = 0..3; the next row's are x^8 times these */
            uint64_t *t = table[p];
            t[0] = 0, t[1] = b0, t[2] = b1, t[3] = b0 ^ b1;
            t[4] = b2, t[5] = b2 ^ b0, t[6] = b2 ^ b1, t[7] = b2 ^ t[3];
            for (unsigned v = 8; v < 16; v++) t[v] = b3 ^ t[v - 8];
            b0 = mul_x8(b0), b1 = mul_x8(b1), b2 = mul_x8(b2), b3 = mul_x8(b3);
        }
        for (size_t i = 0; i < nblocks; i++) {
            uint64_t x = a ^ lwcx_load64le(ct + 8 * i), y = 0;
            for (unsigned p = 0; p < 16; p++) y ^= table[p][(x >> (4 * p)) & 15];
            a = y;
        }
    }
    lwcx_store64le(tag, a);
}

const kcc24p6_impl kcc24p6_portable = {
    {"portable", "contest rules: byte-sliced blocks, SWAR key schedule, 4-bit tables for the tag", 0, 32},
    portable_ctr,
    portable_tag,
};
