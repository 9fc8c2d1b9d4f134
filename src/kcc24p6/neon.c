/* kcc24-p6 NEON + PMULL.
 *
 * Cipher: byte-sliced like the AVX2 version, 16 blocks per register and G
 * registers per byte position (G = 1 or 2); NEON has byte shifts, so a byte
 * rotation is one shift plus one shift-right-and-insert.
 * Tag: A <- H^2 * (A ^ C)^2 with 64x64 polynomial multiplies. */
#include <arm_neon.h>

#include "kcc24p6_impl.h"

#define ROTB(x, J) vsriq_n_u8(vshlq_n_u8((x), (J)), (x), 8 - (J))

#define STEP(Q, J)                                                                              \
    do {                                                                                        \
        const uint8x16_t k_ = vdupq_n_u8((uint8_t)(kk >> (8 * (J))));                           \
        for (int g = 0; g < G; g++) {                                                           \
            uint8x16_t *d_ = &s[((J) + (Q)) & 7][g];                                            \
            const uint8x16_t t_ = vaddq_u8(s[((J) - 1 + (Q)) & 7][g], veorq_u8(k_, *d_));       \
            *d_ = ROTB(veorq_u8(k_, t_), J);                                                    \
        }                                                                                       \
    } while (0)

static inline __attribute__((always_inline)) void
ctr_g(uint8_t *out, const uint8_t *in, size_t nblocks, const uint8_t key[8], const int G)
{
    uint64_t kk = lwcx_load64le(key); /* the round key, advanced inside the round loop */
    static const uint8_t lanes[16] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
    uint8x16_t s[8][2];
    for (int g = 0; g < G; g++) {
        s[0][g] = vaddq_u8(vld1q_u8(lanes), vdupq_n_u8((uint8_t)(16 * g)));
        for (int j = 1; j < 8; j++) s[j][g] = vdupq_n_u8(lwcx_kcc24p6_nonce[j - 1]);
    }
    KCC24P6_ALL_ROUNDS()
    lwcx_wipe(&kk, sizeof kk);
    uint8_t ks[8][32];
    for (int j = 0; j < 8; j++)
        for (int g = 0; g < G; g++) vst1q_u8(&ks[j][16 * g], s[j][g]);
    for (size_t b = 0; b < nblocks; b++)
        for (int j = 0; j < 8; j++) out[8 * b + j] = in[8 * b + j] ^ ks[j][b];
    lwcx_wipe(ks, sizeof ks);
}

static void neon_ctr(uint8_t *out, const uint8_t *in, size_t nblocks, const uint8_t key[8])
{
    if (nblocks <= 16)
        ctr_g(out, in, nblocks, key, 1);
    else
        ctr_g(out, in, nblocks, key, 2);
}

static inline void clmul(uint64_t a, uint64_t b, uint64_t *lo, uint64_t *hi)
{
    uint64x2_t p = vreinterpretq_u64_p128(vmull_p64((poly64_t)a, (poly64_t)b));
    *lo = vgetq_lane_u64(p, 0);
    *hi = vgetq_lane_u64(p, 1);
}

static void neon_tag(uint8_t tag[8], const uint8_t *ct, size_t nblocks)
{
    const uint64_t h = lwcx_kcc24p6_h((unsigned)nblocks);
    uint64_t lo, hi;
    clmul(h, h, &lo, &hi);
    const uint64_t h2 = kcc24p6_reduce(lo, hi);
    uint64_t a = h2;
    for (size_t i = 0; i < nblocks; i++) {
        uint64_t x = a ^ lwcx_load64le(ct + 8 * i), sl, sh, a0, a1, b0, b1;
        clmul(x, x, &sl, &sh);
        /* (sl + sh x^64) h2 = a + b x^64, b1 x^128 = b1 (x^18 + 1) */
        clmul(sl, h2, &a0, &a1);
        clmul(sh, h2, &b0, &b1);
        a = kcc24p6_reduce(a0 ^ b1 ^ (b1 << 18), a1 ^ b0 ^ (b1 >> 46));
    }
    lwcx_store64le(tag, a);
}

const kcc24p6_impl lwcx_kcc24p6_neon = {
    .desc = {
        .name = "neon",
        .description = "NEON + PMULL: 16 byte-sliced blocks per register, polynomial-multiply tag",
        .features = LWCX_CPU_NEON | LWCX_CPU_PMULL,
        .batch = 32,
        .constant_time = 1,
    },
    .ctr = neon_ctr,
    .tag = neon_tag,
};
