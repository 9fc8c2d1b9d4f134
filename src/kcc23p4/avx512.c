/* kcc23-p4 AVX-512: 16 blocks per register. Native rotations (vprold) and
 * three-input logic (vpternlogd) cut a round to 5 instructions and a
 * key-schedule step to 5, against 11 and 7 with AVX2. */
#include <immintrin.h>

#include "kcc23p4_impl.h"

typedef __m512i V;

/* (x & y) ^ z and x ^ y ^ z as vpternlogd truth tables */
#define AND_XOR(x, y, z) _mm512_ternarylogic_epi32(x, y, z, 0x6a)
#define XOR3(x, y, z) _mm512_ternarylogic_epi32(x, y, z, 0x96)

static inline V round_f(V a)
{
    return AND_XOR(_mm512_rol_epi32(a, 1), _mm512_rol_epi32(a, 8), _mm512_rol_epi32(a, 2));
}

/* 16 blocks: split words 0 and 1 into two registers, in block order */
static inline void load16(V *a, V *b, const uint8_t *p)
{
    const V even = _mm512_setr_epi32(0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30);
    const V odd = _mm512_setr_epi32(1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31);
    V x0 = _mm512_loadu_si512((const void *)p), x1 = _mm512_loadu_si512((const void *)(p + 64));
    *a = _mm512_permutex2var_epi32(x0, even, x1);
    *b = _mm512_permutex2var_epi32(x0, odd, x1);
}

static inline void store16(uint8_t *p, V a, V b)
{
    const V lo = _mm512_setr_epi32(0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23);
    const V hi = _mm512_setr_epi32(8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30, 15, 31);
    _mm512_storeu_si512((void *)p, _mm512_permutex2var_epi32(a, lo, b));
    _mm512_storeu_si512((void *)(p + 64), _mm512_permutex2var_epi32(a, hi, b));
}

#define KS(k1, k2, c)                                                        \
    do {                                                                     \
        (k1) = _mm512_xor_si512(_mm512_add_epi32(_mm512_ror_epi32((k1), 8), (k2)), (c)); \
        (k2) = _mm512_xor_si512(_mm512_rol_epi32((k2), 3), (k1));           \
    } while (0)
#define KS_INV(k1, k2, c)                                                    \
    do {                                                                     \
        (k2) = _mm512_ror_epi32(_mm512_xor_si512((k2), (k1)), 3);           \
        (k1) = _mm512_rol_epi32(_mm512_sub_epi32(_mm512_xor_si512((k1), (c)), (k2)), 8); \
    } while (0)

static inline __attribute__((always_inline)) void
enc_keys_g(uint8_t *out, const uint8_t *in, const uint8_t *keys, const int G)
{
    V a[4], b[4], k1[4], k2[4];
    for (int j = 0; j < G; j++) {
        load16(&a[j], &b[j], in + 128 * j);
        load16(&k1[j], &k2[j], keys + 128 * j);
    }
    for (int i = 0; i < KCC23P4_ROUNDS; i += 2) {
        const V c0 = _mm512_set1_epi32(i), c1 = _mm512_set1_epi32(i + 1);
        for (int j = 0; j < G; j++) {
            KS(k1[j], k2[j], c0);
            b[j] = XOR3(b[j], round_f(a[j]), k2[j]);
        }
        for (int j = 0; j < G; j++) {
            KS(k1[j], k2[j], c1);
            a[j] = XOR3(a[j], round_f(b[j]), k2[j]);
        }
    }
    for (int j = 0; j < G; j++) store16(out + 128 * j, a[j], b[j]);
}

static inline __attribute__((always_inline)) void
dec_keys_g(uint8_t *out, const uint8_t *in, const uint8_t *keys, const int G)
{
    V a[4], b[4], k1[4], k2[4];
    for (int j = 0; j < G; j++) {
        load16(&a[j], &b[j], in + 128 * j);
        load16(&k1[j], &k2[j], keys + 128 * j);
    }
    for (int i = 0; i < KCC23P4_ROUNDS; i++) {
        const V c = _mm512_set1_epi32(i);
        for (int j = 0; j < G; j++) KS(k1[j], k2[j], c);
    }
    for (int i = KCC23P4_ROUNDS; i > 0; i -= 2) {
        const V c1 = _mm512_set1_epi32(i - 1), c0 = _mm512_set1_epi32(i - 2);
        for (int j = 0; j < G; j++) {
            a[j] = XOR3(a[j], round_f(b[j]), k2[j]);
            KS_INV(k1[j], k2[j], c1);
        }
        for (int j = 0; j < G; j++) {
            b[j] = XOR3(b[j], round_f(a[j]), k2[j]);
            KS_INV(k1[j], k2[j], c0);
        }
    }
    for (int j = 0; j < G; j++) store16(out + 128 * j, a[j], b[j]);
}

/* One key: the round's output is XORed into (vpternlogd's destination is its
 * first operand, a temporary), so the half it replaces needs no copy; with
 * the half first, gcc added a register copy to every round and ECB fell
 * behind clang's. */
static inline __attribute__((always_inline)) void
enc_rk_g(uint8_t *out, const uint8_t *in, const uint32_t *rk, const int G)
{
    V a[4], b[4];
    for (int j = 0; j < G; j++) load16(&a[j], &b[j], in + 128 * j);
    for (int i = 0; i < KCC23P4_ROUNDS; i += 2) {
        const V k0 = _mm512_set1_epi32((int)rk[i]), k1 = _mm512_set1_epi32((int)rk[i + 1]);
        for (int j = 0; j < G; j++) b[j] = XOR3(round_f(a[j]), b[j], k0);
        for (int j = 0; j < G; j++) a[j] = XOR3(round_f(b[j]), a[j], k1);
    }
    for (int j = 0; j < G; j++) store16(out + 128 * j, a[j], b[j]);
}

static inline __attribute__((always_inline)) void
dec_rk_g(uint8_t *out, const uint8_t *in, const uint32_t *rk, const int G)
{
    V a[4], b[4];
    for (int j = 0; j < G; j++) load16(&a[j], &b[j], in + 128 * j);
    for (int i = KCC23P4_ROUNDS - 1; i > 0; i -= 2) {
        const V k0 = _mm512_set1_epi32((int)rk[i]), k1 = _mm512_set1_epi32((int)rk[i - 1]);
        for (int j = 0; j < G; j++) a[j] = XOR3(round_f(b[j]), a[j], k0);
        for (int j = 0; j < G; j++) b[j] = XOR3(round_f(a[j]), b[j], k1);
    }
    for (int j = 0; j < G; j++) store16(out + 128 * j, a[j], b[j]);
}

#define WIDE 2    /* registers in flight: many keys */
#define RK_WIDE 2 /* registers in flight: one key */
_Static_assert(16 * WIDE <= KCC23P4_MAX_BATCH && 16 * RK_WIDE <= KCC23P4_MAX_BATCH, "batch too wide");

static void avx512_encrypt_keys(uint8_t *out, const uint8_t *in, const uint8_t *keys, size_t n)
{
    for (size_t i = 0; i < n; i += 16 * WIDE) enc_keys_g(out + 8 * i, in + 8 * i, keys + 8 * i, WIDE);
}

static void avx512_decrypt_keys(uint8_t *out, const uint8_t *in, const uint8_t *keys, size_t n)
{
    for (size_t i = 0; i < n; i += 16 * WIDE) dec_keys_g(out + 8 * i, in + 8 * i, keys + 8 * i, WIDE);
}

static void avx512_encrypt_rk(uint8_t *out, const uint8_t *in, size_t n, const uint32_t rk[KCC23P4_ROUNDS])
{
    for (size_t i = 0; i < n; i += 16 * RK_WIDE) enc_rk_g(out + 8 * i, in + 8 * i, rk, RK_WIDE);
}

static void avx512_decrypt_rk(uint8_t *out, const uint8_t *in, size_t n, const uint32_t rk[KCC23P4_ROUNDS])
{
    for (size_t i = 0; i < n; i += 16 * RK_WIDE) dec_rk_g(out + 8 * i, in + 8 * i, rk, RK_WIDE);
}

const kcc23p4_impl lwcx_kcc23p4_avx512 = {
    .desc = {
        .name = "avx512",
        .description = "AVX-512, 16 blocks per register, vprold rotations, vpternlogd logic",
        .features = LWCX_CPU_AVX512,
        .batch = 16 * WIDE,
        .constant_time = 1,
    },
    .rk_batch = 16 * RK_WIDE,
    .encrypt_keys = avx512_encrypt_keys,
    .decrypt_keys = avx512_decrypt_keys,
    .encrypt_rk = avx512_encrypt_rk,
    .decrypt_rk = avx512_decrypt_rk,
};
