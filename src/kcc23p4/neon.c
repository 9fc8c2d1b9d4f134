/* kcc23-p4 NEON: 4 blocks per register, 4 registers in flight. vld2/vst2
 * split and merge the two words of each block; rotations are a shift plus a
 * shift-right-and-insert, except by 8, which is a table lookup. */
#include <arm_neon.h>

#include "kcc23p4_impl.h"

typedef uint32x4_t V;

#define ROL(x, r) vsriq_n_u32(vshlq_n_u32((x), (r)), (x), 32 - (r))
#define ROR(x, r) vsliq_n_u32(vshrq_n_u32((x), (r)), (x), 32 - (r))

static const uint8_t rol8_idx[16] = {3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14};
static const uint8_t ror8_idx[16] = {1, 2, 3, 0, 5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12};

static inline V byte_rot(V x, uint8x16_t idx)
{
    return vreinterpretq_u32_u8(vqtbl1q_u8(vreinterpretq_u8_u32(x), idx));
}

static inline V round_f(V a, uint8x16_t rol8)
{
    return veorq_u32(vandq_u32(ROL(a, 1), byte_rot(a, rol8)), ROL(a, 2));
}

#define G 4 /* groups of 4 blocks per pass */

static inline void load_g(V a[G], V b[G], const uint8_t *p, int g)
{
    for (int j = 0; j < g; j++) {
        uint32x4x2_t t = vld2q_u32((const uint32_t *)(const void *)(p + 32 * j));
        a[j] = t.val[0];
        b[j] = t.val[1];
    }
}

static inline void store_g(uint8_t *p, const V a[G], const V b[G], int g)
{
    for (int j = 0; j < g; j++) {
        uint32x4x2_t t = {{a[j], b[j]}};
        vst2q_u32((uint32_t *)(void *)(p + 32 * j), t);
    }
}

static inline __attribute__((always_inline)) void
enc_keys_g(uint8_t *out, const uint8_t *in, const uint8_t *keys, const int g)
{
    V a[G], b[G], k1[G], k2[G];
    const uint8x16_t rol8 = vld1q_u8(rol8_idx), ror8 = vld1q_u8(ror8_idx);
    load_g(a, b, in, g);
    load_g(k1, k2, keys, g);
    for (uint32_t i = 0; i < KCC23P4_ROUNDS; i += 2) {
        V c0 = vdupq_n_u32(i), c1 = vdupq_n_u32(i + 1);
        for (int j = 0; j < g; j++) {
            k1[j] = veorq_u32(vaddq_u32(byte_rot(k1[j], ror8), k2[j]), c0);
            k2[j] = veorq_u32(ROL(k2[j], 3), k1[j]);
            b[j] = veorq_u32(b[j], veorq_u32(round_f(a[j], rol8), k2[j]));
            k1[j] = veorq_u32(vaddq_u32(byte_rot(k1[j], ror8), k2[j]), c1);
            k2[j] = veorq_u32(ROL(k2[j], 3), k1[j]);
            a[j] = veorq_u32(a[j], veorq_u32(round_f(b[j], rol8), k2[j]));
        }
    }
    store_g(out, a, b, g);
}

static inline __attribute__((always_inline)) void
dec_keys_g(uint8_t *out, const uint8_t *in, const uint8_t *keys, const int g)
{
    V a[G], b[G], k1[G], k2[G];
    const uint8x16_t rol8 = vld1q_u8(rol8_idx), ror8 = vld1q_u8(ror8_idx);
    load_g(a, b, in, g);
    load_g(k1, k2, keys, g);
    for (uint32_t i = 0; i < KCC23P4_ROUNDS; i++) {
        V c = vdupq_n_u32(i);
        for (int j = 0; j < g; j++) {
            k1[j] = veorq_u32(vaddq_u32(byte_rot(k1[j], ror8), k2[j]), c);
            k2[j] = veorq_u32(ROL(k2[j], 3), k1[j]);
        }
    }
    for (uint32_t i = KCC23P4_ROUNDS; i > 0; i -= 2) {
        V c1 = vdupq_n_u32(i - 1), c0 = vdupq_n_u32(i - 2);
        for (int j = 0; j < g; j++) {
            a[j] = veorq_u32(a[j], veorq_u32(round_f(b[j], rol8), k2[j]));
            k2[j] = ROR(veorq_u32(k2[j], k1[j]), 3);
            k1[j] = byte_rot(vsubq_u32(veorq_u32(k1[j], c1), k2[j]), rol8);
            b[j] = veorq_u32(b[j], veorq_u32(round_f(a[j], rol8), k2[j]));
            k2[j] = ROR(veorq_u32(k2[j], k1[j]), 3);
            k1[j] = byte_rot(vsubq_u32(veorq_u32(k1[j], c0), k2[j]), rol8);
        }
    }
    store_g(out, a, b, g);
}

static inline __attribute__((always_inline)) void
enc_rk_g(uint8_t *out, const uint8_t *in, const uint32_t *rk, const int g)
{
    V a[G], b[G];
    const uint8x16_t rol8 = vld1q_u8(rol8_idx);
    load_g(a, b, in, g);
    for (int i = 0; i < KCC23P4_ROUNDS; i += 2) {
        V k0 = vdupq_n_u32(rk[i]), k1 = vdupq_n_u32(rk[i + 1]);
        for (int j = 0; j < g; j++) {
            b[j] = veorq_u32(b[j], veorq_u32(round_f(a[j], rol8), k0));
            a[j] = veorq_u32(a[j], veorq_u32(round_f(b[j], rol8), k1));
        }
    }
    store_g(out, a, b, g);
}

static inline __attribute__((always_inline)) void
dec_rk_g(uint8_t *out, const uint8_t *in, const uint32_t *rk, const int g)
{
    V a[G], b[G];
    const uint8x16_t rol8 = vld1q_u8(rol8_idx);
    load_g(a, b, in, g);
    for (int i = KCC23P4_ROUNDS - 1; i > 0; i -= 2) {
        V k0 = vdupq_n_u32(rk[i]), k1 = vdupq_n_u32(rk[i - 1]);
        for (int j = 0; j < g; j++) {
            a[j] = veorq_u32(a[j], veorq_u32(round_f(b[j], rol8), k0));
            b[j] = veorq_u32(b[j], veorq_u32(round_f(a[j], rol8), k1));
        }
    }
    store_g(out, a, b, g);
}


static void neon_encrypt_keys(uint8_t *out, const uint8_t *in, const uint8_t *keys, size_t n)
{
    size_t i = 0;
    for (; i + 4 * G <= n; i += 4 * G) enc_keys_g(out + 8 * i, in + 8 * i, keys + 8 * i, G);
    for (; i < n; i += 4) enc_keys_g(out + 8 * i, in + 8 * i, keys + 8 * i, 1);
}

static void neon_decrypt_keys(uint8_t *out, const uint8_t *in, const uint8_t *keys, size_t n)
{
    size_t i = 0;
    for (; i + 4 * G <= n; i += 4 * G) dec_keys_g(out + 8 * i, in + 8 * i, keys + 8 * i, G);
    for (; i < n; i += 4) dec_keys_g(out + 8 * i, in + 8 * i, keys + 8 * i, 1);
}

static void neon_encrypt_rk(uint8_t *out, const uint8_t *in, size_t n, const uint32_t rk[KCC23P4_ROUNDS])
{
    size_t i = 0;
    for (; i + 4 * G <= n; i += 4 * G) enc_rk_g(out + 8 * i, in + 8 * i, rk, G);
    for (; i < n; i += 4) enc_rk_g(out + 8 * i, in + 8 * i, rk, 1);
}

static void neon_decrypt_rk(uint8_t *out, const uint8_t *in, size_t n, const uint32_t rk[KCC23P4_ROUNDS])
{
    size_t i = 0;
    for (; i + 4 * G <= n; i += 4 * G) dec_rk_g(out + 8 * i, in + 8 * i, rk, G);
    for (; i < n; i += 4) dec_rk_g(out + 8 * i, in + 8 * i, rk, 1);
}

const kcc23p4_impl lwcx_kcc23p4_neon = {
    .desc = {
        .name = "neon",
        .description = "NEON, 4 blocks per register, 16 blocks in flight, fused key schedule",
        .features = LWCX_CPU_NEON,
        .batch = 4,
        .constant_time = 1,
    },
    .rk_batch = 4,
    .encrypt_keys = neon_encrypt_keys,
    .decrypt_keys = neon_decrypt_keys,
    .encrypt_rk = neon_encrypt_rk,
    .decrypt_rk = neon_decrypt_rk,
};
