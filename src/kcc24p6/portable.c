/* kcc24-p6 under the contest rules: no intrinsics, no carry-less multiply
 * instruction, no inline assembly; correct at -O3 with no -m flags.
 *
 * Cipher: the blocks of a message are byte-sliced, slice[j][b] = byte j of
 * block b, so each round step is a few 16-byte vector operations, written
 * with the GNU C vector extensions that gcc and clang share (SSE2 is part
 * of x86-64 itself; NEON on aarch64; scalar code elsewhere): the speed does
 * not hang on either compiler's loop vectorizer, which one of them misses
 * (clang ran the loop form many times slower). 16 or 32 blocks are in flight
 * (up to 8: ctr8, two slices in a vector).
 * The state's byte rotation becomes a renaming of slices: in round r,
 * logical byte j lives in slice (j + r) % 8. The key schedule runs inside
 * the round loop in 64-bit SWAR, all 8 key bytes at once.
 *
 * Tag: A <- (H*(A ^ C))^2 = H^2 * (A ^ C)^2, and x -> H^2 * x^2 is GF(2)-linear
 * (squaring is linear in characteristic 2). So one step is a linear map,
 * applied with 16 lookups in 4-bit tables (2 KiB). H depends only on the
 * length, so the tables of all lengths are built once per process, on first
 * use, and the cipher prefetches the length's table while it runs. */
#include <pthread.h>
#include <string.h>

#include "kcc24p6_impl.h"

typedef uint8_t bytes16 __attribute__((vector_size(16)));
typedef uint64_t words2 __attribute__((vector_size(16)));

/* Byte-wise rotation left by r: SSE2 has no byte shifts, so r <= 2 as byte
 * shifts (gcc: doublings; clang: a word shift and a mask), larger r as
 * shifts of 64-bit words with the key schedule's masks. */
static inline __attribute__((always_inline)) bytes16 rol_bytes16(bytes16 t, const unsigned r)
{
    if (r <= 2) return (bytes16)((t << r) | (t >> (8 - r)));
    const uint64_t hi = kcc24p6_rol_hi(r), lo = kcc24p6_rol_lo(r);
    const words2 w = (words2)t;
    return (bytes16)(((w << r) & hi) | ((w >> (8 - r)) & lo));
}

typedef uint16_t halves8 __attribute__((vector_size(16)));
typedef uint32_t quarters4 __attribute__((vector_size(16)));

/* A two-input shuffle with literal indices, in either compiler's spelling. */
#if defined(__clang__)
#define VEC_SHUFFLE(type, a, b, ...) __builtin_shufflevector(a, b, __VA_ARGS__)
#else
#define VEC_SHUFFLE(type, a, b, ...) __builtin_shuffle(a, b, (type){__VA_ARGS__})
#endif

/* the low (hi = 0) or high halves of a and b interleaved: a0 b0 a1 b1 ...,
 * in 8-, 16- and 32-bit elements (SSE2's unpacks) */
static inline __attribute__((always_inline)) bytes16 zip_bytes(bytes16 a, bytes16 b, const int hi)
{
    return hi ? VEC_SHUFFLE(bytes16, a, b, 8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30, 15, 31)
              : VEC_SHUFFLE(bytes16, a, b, 0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23);
}
static inline __attribute__((always_inline)) halves8 zip_halves(halves8 a, halves8 b, const int hi)
{
    return hi ? VEC_SHUFFLE(halves8, a, b, 4, 12, 5, 13, 6, 14, 7, 15) : VEC_SHUFFLE(halves8, a, b, 0, 8, 1, 9, 2, 10, 3, 11);
}
static inline __attribute__((always_inline)) quarters4 zip_quarters(quarters4 a, quarters4 b, const int hi)
{
    return hi ? VEC_SHUFFLE(quarters4, a, b, 2, 6, 3, 7) : VEC_SHUFFLE(quarters4, a, b, 0, 4, 1, 5);
}

/* The round key's bytes k0..k7 (bytes 0-7 of x) each in four bytes: quads[0] = k0 k0 k0 k0
 * k1 k1 k1 k1 ..., quads[1] the same for k4..k7. Written as the unpacks
 * they are: as one byte shuffle, gcc builds it in memory. */
static inline __attribute__((always_inline)) void key_quads(bytes16 x, quarters4 quads[2])
{
    const halves8 pairs = (halves8)zip_bytes(x, x, 0);
    quads[0] = (quarters4)zip_halves(pairs, pairs, 0);
    quads[1] = (quarters4)zip_halves(pairs, pairs, 1);
}

/* Byte J of the round key in all 16 bytes. The round's seven spreads share
 * key_quads and each ends in one 32-bit broadcast: 1 + 3 + 7 vector
 * operations a round, where a multiply per byte in the integer units cost 8
 * instructions a step and bound the rounds by the instructions issued. */
static inline __attribute__((always_inline)) bytes16 key_byte_splat(uint64_t kk, const unsigned j)
{
    quarters4 quads[2];
    key_quads((bytes16)(words2){kk, 0}, quads);
    const quarters4 q = quads[j / 4];
    switch (j & 3) {
    case 0: return (bytes16)VEC_SHUFFLE(quarters4, q, q, 0, 0, 0, 0);
    case 1: return (bytes16)VEC_SHUFFLE(quarters4, q, q, 1, 1, 1, 1);
    case 2: return (bytes16)VEC_SHUFFLE(quarters4, q, q, 2, 2, 2, 2);
    default: return (bytes16)VEC_SHUFFLE(quarters4, q, q, 3, 3, 3, 3);
    }
}

/* out = in ^ keystream for blocks b and b + 1, those of them below nblocks */
static inline __attribute__((always_inline)) void
xor_block_pair(uint8_t *out, const uint8_t *in, size_t b, size_t nblocks, const bytes16 *keystream)
{
    if (b + 2 <= nblocks) { /* 16 bytes at once: a byte at a time showed in a 192-byte call */
        bytes16 t;
        memcpy(&t, in + 8 * b, sizeof t);
        t ^= *keystream;
        memcpy(out + 8 * b, &t, sizeof t);
    } else if (b < nblocks) { /* the last block alone */
        for (unsigned j = 0; j < 8; j++) out[8 * b + j] = in[8 * b + j] ^ (*keystream)[j];
    }
}

/* The tag's table for this length, prefetched by the cipher's round groups
 * (defined with the tag, below). */
static inline void tag_map_prefetch(size_t nblocks, unsigned round);

/* a round step before its rotation: new byte k from old bytes k (a) and k + 1 (b) */
static inline __attribute__((always_inline)) bytes16 arx(bytes16 key, bytes16 a, bytes16 b)
{
    return key ^ (a + (key ^ b));
}

/* Step J of round Q of an 8-round group over L blocks: key byte J spread
 * over a vector, the ARX step, then the rotation. */
#define STEP(Q, J)                                                                       \
    do {                                                                                 \
        const bytes16 k_ = key_byte_splat(kk, (J));                                      \
        const unsigned dst_ = ((J) + (Q)) & 7, src_ = ((J) - 1 + (Q)) & 7;               \
        for (unsigned v = 0; v < L / 16; v++)                                            \
            s[dst_][v] = rol_bytes16(arx(k_, s[src_][v], s[dst_][v]), (J));               \
    } while (0)

/* The whole cipher over L = 16 or 32 blocks (a constant per call site). */
static inline __attribute__((always_inline)) void
ctr_lanes(uint8_t *out, const uint8_t *in, size_t nblocks, const uint8_t key[8], const unsigned L)
{
    uint64_t kk = lwcx_load64le(key); /* the round key, advanced inside the round loop */
    bytes16 s[8][2];
    memset(s, 0, sizeof s); /* with L = 16, the second half stays unused */
    for (unsigned v = 0; v < L / 16; v++) {
        for (unsigned b = 0; b < 16; b++) s[0][v][b] = (uint8_t)(16 * v + b);
        for (unsigned j = 1; j < 8; j++) s[j][v] = (bytes16){0} + lwcx_kcc24p6_nonce[j - 1];
    }
    for (unsigned base = 0; base < KCC24P6_ROUNDS; base += 8) {
        tag_map_prefetch(nblocks, base);
        KCC24P6_ROUND(0); KCC24P6_ROUND(1); KCC24P6_ROUND(2); KCC24P6_ROUND(3);
        KCC24P6_ROUND(4); KCC24P6_ROUND(5); KCC24P6_ROUND(6); KCC24P6_ROUND(7);
    }
    lwcx_wipe(&kk, sizeof kk);
    /* after 80 rounds (a multiple of 8) logical byte j is back in slice j:
     * byte b of s[j][v] is byte j of block 16 v + b. Three rounds of byte
     * interleaves turn a column's 8 slices into 8 vectors of two whole
     * blocks each (vector k: blocks 16 v + 2k, 16 v + 2k + 1), XORed onto
     * the input 16 bytes at a time. */
    for (unsigned v = 0; v < L / 16; v++) {
        bytes16 x[8], y[8];
        for (unsigned j = 0; j < 8; j++) x[j] = s[j][v];
        for (unsigned r = 0; r < 3; r++) {
            for (unsigned i = 0; i < 4; i++) {
                y[2 * i] = zip_bytes(x[i], x[i + 4], 0);
                y[2 * i + 1] = zip_bytes(x[i], x[i + 4], 1);
            }
            memcpy(x, y, sizeof x);
        }
        for (unsigned k = 0; k < 8; k++) xor_block_pair(out, in, 16 * (size_t)v + 2 * k, nblocks, &x[k]);
        lwcx_wipe(x, sizeof x);
        lwcx_wipe(y, sizeof y);
    }
    lwcx_wipe(s, sizeof s);
}

/* Up to 8 blocks (messages under 72 bytes): the layout above would leave
 * half of every vector empty, so two slices share a vector instead, w[i] =
 * slice i in bytes 0-7 and slice i + 4 in bytes 8-15 (byte b: block b). A
 * round is then four steps, not seven, the state's byte rotation is two
 * shuffles, and the halves of a step rotate by different amounts
 * (docs/design/kcc.md, "portable"). */

/* Bytes 0-7 rotated left by lo, bytes 8-15 by hi: a byte v times 0x0101 << r
 * has v rotated by r in bits 8-15, so even bytes are multiplied in place and
 * odd ones after a shift down. Two multiplies, which clang keeps as they are;
 * shifts of the two halves by different counts would be two shifts and a
 * blend each, on the few pipes that also shuffle. */
static inline __attribute__((always_inline)) bytes16 rol_halves(bytes16 t, const unsigned lo, const unsigned hi)
{
    const uint16_t a = (uint16_t)(0x101u << lo), b = (uint16_t)(0x101u << hi);
    const halves8 by = {a, a, a, a, b, b, b, b}, h = (halves8)t;
    return (bytes16)((((h & 0xff) * by) >> 8) | (((h >> 8) * by) & 0xff00));
}

static inline __attribute__((always_inline)) void pair_round(bytes16 w[4], bytes16 key)
{
    quarters4 quads[2];
    key_quads(key, quads);
    /* [k0 k4 k1 k5] and [k2 k6 k3 k7], each key byte four times */
    const quarters4 c = zip_quarters(quads[0], quads[1], 0), d = zip_quarters(quads[0], quads[1], 1);
    const bytes16 k15 = (bytes16)VEC_SHUFFLE(quarters4, c, c, 2, 2, 3, 3);
    const bytes16 k26 = (bytes16)VEC_SHUFFLE(quarters4, d, d, 0, 0, 1, 1);
    const bytes16 k37 = (bytes16)VEC_SHUFFLE(quarters4, d, d, 2, 2, 3, 3);
    const bytes16 k4 = (bytes16)VEC_SHUFFLE(quarters4, c, c, 1, 1, 1, 1);
    /* new byte k from old bytes k and k + 1 (k = 0..6); new byte 7 is old byte 0 */
    const bytes16 slice4 = (bytes16)VEC_SHUFFLE(words2, (words2)w[0], (words2)w[0], 1, 0);
    const bytes16 n04 = rol_halves(arx(k15, w[0], w[1]), 1, 5);
    const bytes16 n15 = rol_halves(arx(k26, w[1], w[2]), 2, 6);
    const bytes16 n26 = rol_halves(arx(k37, w[2], w[3]), 3, 7);
    const bytes16 n3 = rol_bytes16(arx(k4, w[3], slice4), 4);
    w[3] = (bytes16)VEC_SHUFFLE(words2, (words2)n3, (words2)w[0], 0, 2);
    w[0] = n04, w[1] = n15, w[2] = n26;
}

#define PAIR_ROUND(Q)                                                                       \
    do {                                                                                    \
        if (base + (Q) > 0) kk = kcc24p6_next_round_key(kk, (Q));                           \
        pair_round(w, (bytes16)(words2){kk, 0});                                            \
    } while (0)

static __attribute__((noinline)) void ctr8(uint8_t *out, const uint8_t *in, size_t nblocks, const uint8_t key[8])
{
    const uint8_t *nonce = lwcx_kcc24p6_nonce; /* bytes 1..7 of every counter block */
    uint64_t kk = lwcx_load64le(key);
    bytes16 w[4];
    const uint64_t ones = 0x0101010101010101u;
    w[0] = (bytes16)(words2){0x0706050403020100u, ones * nonce[3]}; /* slice 0: the block numbers */
    for (unsigned i = 1; i < 4; i++) w[i] = (bytes16)(words2){ones * nonce[i - 1], ones * nonce[i + 3]};
    for (unsigned base = 0; base < KCC24P6_ROUNDS; base += 8) {
        tag_map_prefetch(nblocks, base);
        PAIR_ROUND(0); PAIR_ROUND(1); PAIR_ROUND(2); PAIR_ROUND(3);
        PAIR_ROUND(4); PAIR_ROUND(5); PAIR_ROUND(6); PAIR_ROUND(7);
    }
    lwcx_wipe(&kk, sizeof kk);
    /* to whole blocks: 16-bit elements (slice i, i + 1) of a block, then
     * 32-bit ones (slices 0-3 or 4-7), then two blocks per vector */
    const halves8 s01 = (halves8)zip_bytes(w[0], w[1], 0), s45 = (halves8)zip_bytes(w[0], w[1], 1);
    const halves8 s23 = (halves8)zip_bytes(w[2], w[3], 0), s67 = (halves8)zip_bytes(w[2], w[3], 1);
    bytes16 x[4];
    for (int hi = 0; hi < 2; hi++) {
        const quarters4 lo4 = (quarters4)zip_halves(s01, s23, hi), hi4 = (quarters4)zip_halves(s45, s67, hi);
        x[2 * hi] = (bytes16)zip_quarters(lo4, hi4, 0);
        x[2 * hi + 1] = (bytes16)zip_quarters(lo4, hi4, 1);
    }
    for (unsigned k = 0; k < 4; k++) xor_block_pair(out, in, 2 * k, nblocks, &x[k]);
    lwcx_wipe(w, sizeof w);
    lwcx_wipe(x, sizeof x);
}

/* separate functions, so that each is optimized on its own */
static __attribute__((noinline)) void ctr16(uint8_t *out, const uint8_t *in, size_t n, const uint8_t key[8])
{
    ctr_lanes(out, in, n, key, 16);
}
static __attribute__((noinline)) void ctr32(uint8_t *out, const uint8_t *in, size_t n, const uint8_t key[8])
{
    ctr_lanes(out, in, n, key, 32);
}

static void portable_ctr(uint8_t *out, const uint8_t *in, size_t nblocks, const uint8_t key[8])
{
    if (nblocks <= 8)
        ctr8(out, in, nblocks, key);
    else if (nblocks <= 16)
        ctr16(out, in, nblocks, key);
    else
        ctr32(out, in, nblocks, key);
}

/* v * x^k modulo x^64 + x^9 + 1, for 1 <= k <= 55 */
static uint64_t mul_xk(uint64_t v, unsigned k)
{
    const uint64_t t = v >> (64 - k);
    return (v << k) ^ t ^ (t << 9);
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

/* One tag step is A <- M(A ^ C) with M(x) = H^2 x^2, 16 lookups in 4-bit
 * tables: row p of M holds M(v * x^(4p)), v = 0..15 (128 bytes).
 *
 * The tables of every length (1..31 blocks) are built on the first call:
 * one length's cost is mostly the first touch of its 2 KiB, so building
 * each on its own first use made the first call at every new length many
 * times a warm call. One map per length, not also M^2 for two steps at
 * once: the chain is then one lookup round per block, not per two (the tag
 * a little slower), but a cold length has half the lines to fetch. Row p of
 * every length shares a page (tag_rows[p]), so a call at any length keeps
 * all 16 pages mapped in the TLB: a length's rows alone in their page cost a
 * page walk on first use, and the prefetch (below) waited on it. The spare
 * length puts rows p and p + 1 of one length 4224 bytes apart, not 4096: in
 * different cache sets. */
#define TAG_LENGTHS (KCC24P6_MAX_BLOCKS + 2)
static _Alignas(64) uint64_t tag_rows[16][TAG_LENGTHS][16];
static pthread_once_t tag_rows_once = PTHREAD_ONCE_INIT;

/* row 0 of length n's map; row p is TAG_LENGTHS * 16 words on */
typedef const uint64_t *tag_map;
#define TAG_ROW(map, p) ((map) + (size_t)(p) * TAG_LENGTHS * 16)

/* the map x -> c * x^2, for length n */
static void map_build(unsigned n, uint64_t c)
{
    /* the images of x^(4p), ..., x^(4p+3) are c x^(8p), ..., c x^(8p+6) */
    uint64_t b0 = c, b1 = mul_xk(b0, 2), b2 = mul_xk(b1, 2), b3 = mul_xk(b2, 2);
    for (unsigned p = 0; p < 16; p++) {
        uint64_t *t = tag_rows[p][n];
        t[0] = 0, t[1] = b0, t[2] = b1, t[3] = b0 ^ b1;
        t[4] = b2, t[5] = b2 ^ b0, t[6] = b2 ^ b1, t[7] = b2 ^ t[3];
        for (unsigned v = 8; v < 16; v++) t[v] = b3 ^ t[v - 8];
        b0 = mul_xk(b0, 8), b1 = mul_xk(b1, 8), b2 = mul_xk(b2, 8), b3 = mul_xk(b3, 8);
    }
}

static void tag_rows_build(void)
{
    for (unsigned n = 1; n <= KCC24P6_MAX_BLOCKS; n++) map_build(n, square(lwcx_kcc24p6_h(n)));
}

static inline uint64_t map_apply(tag_map map, uint64_t x)
{
    uint64_t y = 0;
    for (unsigned p = 0; p < 16; p++) y ^= TAG_ROW(map, p)[(x >> (4 * p)) & 15];
    return y;
}

/* A call at a length not used for a while found its rows in DRAM, and the
 * tag's chain waited on them, step after step, far slower than a warm call
 * (docs/design/kcc.md, "kcc24-p6's first calls"). So the cipher fetches the
 * 32 lines ahead, half at its first round group and half at its sixth: the
 * core dropped the prefetches beyond about half of them in flight. On the
 * first call the tables are not built yet, and the
 * prefetch only reads zeros. */
static inline void tag_map_prefetch(size_t nblocks, unsigned round)
{
    if (round != 0 && round != KCC24P6_ROUNDS / 2) return;
    for (unsigned p = 0; p < 16; p++) __builtin_prefetch(&tag_rows[p][nblocks][round ? 8 : 0]);
}

static void portable_tag(uint8_t tag[8], const uint8_t *ct, size_t nblocks)
{
    uint64_t a = square(lwcx_kcc24p6_h((unsigned)nblocks));
    if (nblocks) {
        pthread_once(&tag_rows_once, tag_rows_build);
        const tag_map map = tag_rows[0][nblocks];
        for (size_t i = 0; i < nblocks; i++) a = map_apply(map, a ^ lwcx_load64le(ct + 8 * i));
    }
    lwcx_store64le(tag, a);
}

const kcc24p6_impl lwcx_kcc24p6_portable = {
    .desc = {
        .name = "portable",
        .description = "contest rules: byte-sliced blocks in GNU C vectors, SWAR key schedule, per-length 4-bit tables for the tag",
        .batch = 32,
        .constant_time = 1,
    },
    .ctr = portable_ctr,
    .tag = portable_tag,
};
