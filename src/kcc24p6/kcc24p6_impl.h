/* kcc24-p6: the narrow interface every implementation fills.
 *
 * The AEAD (modes.c) is CTR encryption followed by the GF(2^64) tag over the
 * ciphertext; an implementation supplies the two halves. nblocks is 0..31. */
#ifndef LWCX_KCC24P6_IMPL_H
#define LWCX_KCC24P6_IMPL_H

#include "../core/internal.h"

#define KCC24P6_ROUNDS 80
#define KCC24P6_MAX_BLOCKS 31 /* 255 bytes */

typedef struct kcc24p6_impl {
    lwcx_impl_desc desc;
    /* out = in ^ E(counter_i) for blocks i < nblocks, key schedule included; out may equal in */
    void (*ctr)(uint8_t *out, const uint8_t *in, size_t nblocks, const uint8_t key[8]);
    /* the tag over nblocks ciphertext blocks */
    void (*tag)(uint8_t tag[8], const uint8_t *ct, size_t nblocks);
} kcc24p6_impl;

/* Facts of the design shared by the optimized implementations. */
extern const uint8_t lwcx_kcc24p6_nonce[7];
/* Key-schedule additive constants: byte b of entry (i mod 8) is
 * ROL8(C[b], (i+3) % 8) for even b and ROL8(C[b], (i+7) % 8) for odd b. */
extern const uint64_t lwcx_kcc24p6_rc[8];
/* H for a message of n blocks, as a little-endian u64 */
uint64_t lwcx_kcc24p6_h(unsigned n);
/* x^64 reduction of a 128-bit carry-less product modulo x^64 + x^9 + 1 */
static inline uint64_t kcc24p6_reduce(uint64_t lo, uint64_t hi)
{
    uint64_t t = hi >> 55;
    return lo ^ hi ^ (hi << 9) ^ t ^ (t << 9);
}

/* Tables for the tag, built once on first use (thread-safe):
 * - pow16[j][b] = (b * x^(8j))^16: x -> x^16 is GF(2)-linear and does not
 *   depend on H, so it is the XOR of eight lookups, one per byte of x;
 * - hpow[n][k] = H^(2^(k+1) - 2) for a message of n blocks (k = 1..4;
 *   k = 0 unused): the multipliers of M^k(y) = H^(2^(k+1)-2) y^(2^k). */
typedef struct kcc24p6_tag_tables {
    uint64_t pow16[8][256];
    uint64_t hpow[KCC24P6_MAX_BLOCKS + 1][5];
} kcc24p6_tag_tables;
const kcc24p6_tag_tables *lwcx_kcc24p6_tag_tables_get(void);
static inline uint64_t kcc24p6_pow16(const uint64_t (*t)[256], uint64_t x)
{
    return t[0][x & 255] ^ t[1][(x >> 8) & 255] ^ t[2][(x >> 16) & 255] ^ t[3][(x >> 24) & 255] ^
           t[4][(x >> 32) & 255] ^ t[5][(x >> 40) & 255] ^ t[6][(x >> 48) & 255] ^ t[7][x >> 56];
}

static inline uint64_t kcc24p6_rotl64(uint64_t x, unsigned r)
{
    return x << (r & 63) | x >> (-r & 63);
}

/* The bits of each byte that a byte-wise rotation left by r (0..7) takes from
 * the word rotated left by r (hi) and from the word rotated left by r + 56,
 * i.e. right by 8 - r (lo); the bits that cross a byte boundary fall outside. */
static inline uint64_t kcc24p6_rol_hi(unsigned r)
{
    return 0x0101010101010101u * ((0xffu << r) & 0xffu);
}
static inline uint64_t kcc24p6_rol_lo(unsigned r)
{
    return 0x0101010101010101u * (0xffu >> (8 - r) & 0xffu);
}

/* byte-wise addition mod 256 */
static inline uint64_t kcc24p6_add_bytes(uint64_t a, uint64_t b)
{
    return ((a & 0x7f7f7f7f7f7f7f7fu) + (b & 0x7f7f7f7f7f7f7f7fu)) ^ ((a ^ b) & 0x8080808080808080u);
}

/* One key-schedule step in SWAR: round key i from round key i-1 (i >= 1);
 * q = i % 8 should be a compile-time constant. Even bytes rotate by (q + 1) % 8,
 * odd bytes by (q + 5) % 8: four masked rotations of the word. Written with
 * shifts, the four made clang turn one step in eight into vector shifts
 * (SLP) and back, on the key's dependency chain that every round waits for
 * (docs/design/kcc.md, "The key schedule"); a vector rotation is costlier
 * than four scalar ones, so neither compiler vectorizes this form. */
static inline uint64_t kcc24p6_next_round_key(uint64_t k, unsigned q)
{
    const uint64_t even = 0x00ff00ff00ff00ffu;
    const unsigned re = (q + 1) % 8, ro = (q + 5) % 8;
    const uint64_t rot = (kcc24p6_rotl64(k, re) & (kcc24p6_rol_hi(re) & even)) |
                         (kcc24p6_rotl64(k, re + 56) & (kcc24p6_rol_lo(re) & even)) |
                         (kcc24p6_rotl64(k, ro) & (kcc24p6_rol_hi(ro) & ~even)) |
                         (kcc24p6_rotl64(k, ro + 56) & (kcc24p6_rol_lo(ro) & ~even));
    return kcc24p6_add_bytes(rot, lwcx_kcc24p6_rc[q]);
}

/* The 80 rounds of a byte-sliced implementation, 8 unrolled per group so the
 * slice renaming and rotation amounts are constants: the includer defines
 * STEP(Q, J) (step J of round Q of a group, key byte J of kk) and keeps the
 * round key in a uint64_t kk, advanced here in SWAR on the integer units. */
#define KCC24P6_ROUND(Q)                                                                    \
    do {                                                                                    \
        if (base + (Q) > 0) kk = kcc24p6_next_round_key(kk, (Q));                           \
        STEP(Q, 7); STEP(Q, 6); STEP(Q, 5); STEP(Q, 4); STEP(Q, 3); STEP(Q, 2); STEP(Q, 1); \
    } while (0)
#define KCC24P6_ALL_ROUNDS()                                                                \
    for (unsigned base = 0; base < KCC24P6_ROUNDS; base += 8) {                             \
        KCC24P6_ROUND(0); KCC24P6_ROUND(1); KCC24P6_ROUND(2); KCC24P6_ROUND(3);             \
        KCC24P6_ROUND(4); KCC24P6_ROUND(5); KCC24P6_ROUND(6); KCC24P6_ROUND(7);             \
    }

/* The implementations are declared by the list of the build (lwcx_impls.h). */

#endif
