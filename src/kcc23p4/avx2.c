/* kcc23-p4 AVX2: 8 blocks per register (one 32-bit lane each), several
 * registers in flight so the round's dependency chain never stalls the
 * vector pipes. Rotations by 8 are byte shuffles; rotations by 1 use an add
 * instead of a left shift, since Zen/Intel run adds on more ports than shifts.
 * Loading 8 blocks splits words 0 and 1 with shuffle_ps, which permutes the
 * blocks across lanes; storing with unpack undoes that permutation, and keys
 * go through the same shuffle so every lane meets its own key. */
#include <immintrin.h>

#include "kcc23p4_impl.h"

typedef __m256i V;

#define XOR(x, y) _mm256_xor_si256(x, y)
#define AND(x, y) _mm256_and_si256(x, y)
#define OR(x, y) _mm256_or_si256(x, y)
#define ADD(x, y) _mm256_add_epi32(x, y)
#define SUB(x, y) _mm256_sub_epi32(x, y)

static inline V rol1(V x)
{
    return OR(ADD(x, x), _mm256_srli_epi32(x, 31));
}
static inline V rol3(V x)
{
    return OR(_mm256_slli_epi32(x, 3), _mm256_srli_epi32(x, 29));
}
static inline V ror3(V x)
{
    return OR(_mm256_srli_epi32(x, 3), _mm256_slli_epi32(x, 29));
}
#define ROL8_MASK _mm256_setr_epi8(3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14, \
                                   3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14)
#define ROR8_MASK _mm256_setr_epi8(1, 2, 3, 0, 5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12, \
                                   1, 2, 3, 0, 5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12)

#define ROL2_SHIFT
#ifdef ROL2_SHIFT
#define ROL2(a, r1) OR(_mm256_slli_epi32(a, 2), _mm256_srli_epi32(a, 30))
#else
#define ROL2(a, r1) rol1(r1)
#endif
/* f(a) = (a<<<1 & a<<<8) ^ a<<<2, with a<<<2 derived from a<<<1 */
static inline V round_f(V a, V rol8)
{
    V r1 = rol1(a);
    return XOR(AND(r1, _mm256_shuffle_epi8(a, rol8)), ROL2(a, r1));
}

static inline void load8(V *a, V *b, const uint8_t *p)
{
    __m256 x0 = _mm256_castsi256_ps(_mm256_loadu_si256((const __m256i *)p));
    __m256 x1 = _mm256_castsi256_ps(_mm256_loadu_si256((const __m256i *)(p + 32)));
    *a = _mm256_castps_si256(_mm256_shuffle_ps(x0, x1, 0x88)); /* words 0 */
    *b = _mm256_castps_si256(_mm256_shuffle_ps(x0, x1, 0xdd)); /* words 1 */
}

static inline void store8(uint8_t *p, V a, V b)
{
    _mm256_storeu_si256((__m256i *)p, _mm256_unpacklo_epi32(a, b));
    _mm256_storeu_si256((__m256i *)(p + 32), _mm256_unpackhi_epi32(a, b));
}

/* Scalar lanes ride along in the same loop: the vector pipes are saturated,
 * while the integer pipes (where a rotation is one instruction) sit idle. */
static inline uint32_t srol(uint32_t x, unsigned r)
{
    return (x << r) | (x >> (32 - r));
}
static inline uint32_t sf(uint32_t a)
{
    return (srol(a, 1) & srol(a, 8)) ^ srol(a, 2);
}
#define SKS(k1, k2, i)                             \
    do {                                           \
        (k1) = (srol((k1), 24) + (k2)) ^ (i);      \
        (k2) = srol((k2), 3) ^ (k1);               \
    } while (0)
#define SKS_INV(k1, k2, i)                         \
    do {                                           \
        (k2) = srol((k2) ^ (k1), 29);              \
        (k1) = srol(((k1) ^ (i)) - (k2), 8);       \
    } while (0)

static inline void sload(uint32_t *a, uint32_t *b, const uint8_t *p, const int S)
{
    for (int j = 0; j < S; j++) {
        a[j] = lwcx_load32le(p + 8 * j);
        b[j] = lwcx_load32le(p + 8 * j + 4);
    }
}
static inline void sstore(uint8_t *p, const uint32_t *a, const uint32_t *b, const int S)
{
    for (int j = 0; j < S; j++) {
        lwcx_store32le(p + 8 * j, a[j]);
        lwcx_store32le(p + 8 * j + 4, b[j]);
    }
}

/* The round index i broadcast to every lane, as a memory operand for vpxor.
 * A constant table, not one filled at load time: nothing in a file built
 * with -mavx2 may run before dispatch has checked the CPU. */
#define RI1(i) {{i, i, i, i, i, i, i, i}}
#define RI10(t) RI1(t), RI1(t + 1), RI1(t + 2), RI1(t + 3), RI1(t + 4), \
                RI1(t + 5), RI1(t + 6), RI1(t + 7), RI1(t + 8), RI1(t + 9)
static const union {
    uint32_t w[8];
    V v;
} round_index[KCC23P4_ROUNDS] __attribute__((aligned(32))) = {
    RI10(0), RI10(10), RI10(20), RI10(30), RI10(40), RI10(50), RI10(60), RI10(70),
};
_Static_assert(KCC23P4_ROUNDS == 80, "round_index lists 80 rounds");

/* G groups of 8 blocks; G is a compile-time constant at every call site, so
 * the j loops unroll and the arrays live in registers. */
static inline __attribute__((always_inline)) void
enc_keys_g(uint8_t *out, const uint8_t *in, const uint8_t *keys, const int G, const int S)
{
    V a[4], b[4], k1[4], k2[4];
    uint32_t sa[4], sb[4], sk1[4], sk2[4];
    const V rol8 = ROL8_MASK, ror8 = ROR8_MASK;
    for (int j = 0; j < G; j++) {
        load8(&a[j], &b[j], in + 64 * j);
        load8(&k1[j], &k2[j], keys + 64 * j);
    }
    sload(sa, sb, in + 64 * G, S);
    sload(sk1, sk2, keys + 64 * G, S);
    for (uint32_t i = 0; i < KCC23P4_ROUNDS; i += 2) {
        const V c0 = round_index[i].v, c1 = round_index[i + 1].v;
        for (int j = 0; j < G; j++) {
            k1[j] = XOR(ADD(_mm256_shuffle_epi8(k1[j], ror8), k2[j]), c0);
            k2[j] = XOR(rol3(k2[j]), k1[j]);
            b[j] = XOR(b[j], XOR(round_f(a[j], rol8), k2[j]));
        }
        for (int j = 0; j < S; j++) {
            SKS(sk1[j], sk2[j], i);
            sb[j] ^= sf(sa[j]) ^ sk2[j];
        }
        for (int j = 0; j < G; j++) {
            k1[j] = XOR(ADD(_mm256_shuffle_epi8(k1[j], ror8), k2[j]), c1);
            k2[j] = XOR(rol3(k2[j]), k1[j]);
            a[j] = XOR(a[j], XOR(round_f(b[j], rol8), k2[j]));
        }
        for (int j = 0; j < S; j++) {
            SKS(sk1[j], sk2[j], i + 1);
            sa[j] ^= sf(sb[j]) ^ sk2[j];
        }
    }
    for (int j = 0; j < G; j++) store8(out + 64 * j, a[j], b[j]);
    sstore(out + 64 * G, sa, sb, S);
}

static inline __attribute__((always_inline)) void
dec_keys_g(uint8_t *out, const uint8_t *in, const uint8_t *keys, const int G, const int S)
{
    V a[4], b[4], k1[4], k2[4];
    uint32_t sa[4], sb[4], sk1[4], sk2[4];
    const V rol8 = ROL8_MASK, ror8 = ROR8_MASK;
    for (int j = 0; j < G; j++) {
        load8(&a[j], &b[j], in + 64 * j);
        load8(&k1[j], &k2[j], keys + 64 * j);
    }
    sload(sa, sb, in + 64 * G, S);
    sload(sk1, sk2, keys + 64 * G, S);
    for (uint32_t i = 0; i < KCC23P4_ROUNDS; i++) {
        for (int j = 0; j < G; j++) {
            k1[j] = XOR(ADD(_mm256_shuffle_epi8(k1[j], ror8), k2[j]), round_index[i].v);
            k2[j] = XOR(rol3(k2[j]), k1[j]);
        }
        for (int j = 0; j < S; j++) SKS(sk1[j], sk2[j], i);
    }
    /* walk the schedule backwards: k2 = ror3(k2 ^ k1); k1 = rol8((k1 ^ i) - k2) */
    for (uint32_t i = KCC23P4_ROUNDS; i > 0; i -= 2) {
        const V c1 = round_index[i - 1].v, c0 = round_index[i - 2].v;
        for (int j = 0; j < G; j++) {
            a[j] = XOR(a[j], XOR(round_f(b[j], rol8), k2[j]));
            k2[j] = ror3(XOR(k2[j], k1[j]));
            k1[j] = _mm256_shuffle_epi8(SUB(XOR(k1[j], c1), k2[j]), rol8);
        }
        for (int j = 0; j < S; j++) {
            sa[j] ^= sf(sb[j]) ^ sk2[j];
            SKS_INV(sk1[j], sk2[j], i - 1);
        }
        for (int j = 0; j < G; j++) {
            b[j] = XOR(b[j], XOR(round_f(a[j], rol8), k2[j]));
            k2[j] = ror3(XOR(k2[j], k1[j]));
            k1[j] = _mm256_shuffle_epi8(SUB(XOR(k1[j], c0), k2[j]), rol8);
        }
        for (int j = 0; j < S; j++) {
            sb[j] ^= sf(sa[j]) ^ sk2[j];
            SKS_INV(sk1[j], sk2[j], i - 2);
        }
    }
    for (int j = 0; j < G; j++) store8(out + 64 * j, a[j], b[j]);
    sstore(out + 64 * G, sa, sb, S);
}

/* One key, round keys broadcast from the expanded schedule. */
static inline __attribute__((always_inline)) void
enc_rk_g(uint8_t *out, const uint8_t *in, const uint32_t *rk, const int G, const int S)
{
    V a[4], b[4];
    uint32_t sa[4], sb[4];
    const V rol8 = ROL8_MASK;
    for (int j = 0; j < G; j++) load8(&a[j], &b[j], in + 64 * j);
    sload(sa, sb, in + 64 * G, S);
    for (int i = 0; i < KCC23P4_ROUNDS; i += 2) {
        const V k0 = _mm256_set1_epi32((int)rk[i]), k1 = _mm256_set1_epi32((int)rk[i + 1]);
        for (int j = 0; j < G; j++) b[j] = XOR(b[j], XOR(round_f(a[j], rol8), k0));
        for (int j = 0; j < S; j++) sb[j] ^= sf(sa[j]) ^ rk[i];
        for (int j = 0; j < G; j++) a[j] = XOR(a[j], XOR(round_f(b[j], rol8), k1));
        for (int j = 0; j < S; j++) sa[j] ^= sf(sb[j]) ^ rk[i + 1];
    }
    for (int j = 0; j < G; j++) store8(out + 64 * j, a[j], b[j]);
    sstore(out + 64 * G, sa, sb, S);
}

static inline __attribute__((always_inline)) void
dec_rk_g(uint8_t *out, const uint8_t *in, const uint32_t *rk, const int G, const int S)
{
    V a[4], b[4];
    uint32_t sa[4], sb[4];
    const V rol8 = ROL8_MASK;
    for (int j = 0; j < G; j++) load8(&a[j], &b[j], in + 64 * j);
    sload(sa, sb, in + 64 * G, S);
    for (int i = KCC23P4_ROUNDS - 1; i > 0; i -= 2) {
        const V k0 = _mm256_set1_epi32((int)rk[i]), k1 = _mm256_set1_epi32((int)rk[i - 1]);
        for (int j = 0; j < G; j++) a[j] = XOR(a[j], XOR(round_f(b[j], rol8), k0));
        for (int j = 0; j < S; j++) sa[j] ^= sf(sb[j]) ^ rk[i];
        for (int j = 0; j < G; j++) b[j] = XOR(b[j], XOR(round_f(a[j], rol8), k1));
        for (int j = 0; j < S; j++) sb[j] ^= sf(sa[j]) ^ rk[i - 1];
    }
    for (int j = 0; j < G; j++) store8(out + 64 * j, a[j], b[j]);
    sstore(out + 64 * G, sa, sb, S);
}

/* One step of BATCH blocks: 8 * WIDE in vector lanes plus SCALAR in
 * general-purpose registers. The modes pad every call to a multiple of it. */
#define WIDE 3
#define SCALAR 3
#define BATCH (8 * WIDE + SCALAR)
#define RK_WIDE 4
#define RK_SCALAR 0
#define RK_BATCH (8 * RK_WIDE + RK_SCALAR)
_Static_assert(BATCH <= KCC23P4_MAX_BATCH && RK_BATCH <= KCC23P4_MAX_BATCH, "batch too wide");
_Static_assert(WIDE <= 4 && SCALAR <= 4 && RK_WIDE <= 4 && RK_SCALAR <= 4, "lane arrays hold 4");

static void avx2_encrypt_keys(uint8_t *out, const uint8_t *in, const uint8_t *keys, size_t n)
{
    for (size_t i = 0; i < n; i += BATCH) enc_keys_g(out + 8 * i, in + 8 * i, keys + 8 * i, WIDE, SCALAR);
}

static void avx2_decrypt_keys(uint8_t *out, const uint8_t *in, const uint8_t *keys, size_t n)
{
    for (size_t i = 0; i < n; i += BATCH) dec_keys_g(out + 8 * i, in + 8 * i, keys + 8 * i, WIDE, SCALAR);
}

static void avx2_encrypt_rk(uint8_t *out, const uint8_t *in, size_t n, const uint32_t rk[KCC23P4_ROUNDS])
{
    for (size_t i = 0; i < n; i += RK_BATCH) enc_rk_g(out + 8 * i, in + 8 * i, rk, RK_WIDE, RK_SCALAR);
}

static void avx2_decrypt_rk(uint8_t *out, const uint8_t *in, size_t n, const uint32_t rk[KCC23P4_ROUNDS])
{
    for (size_t i = 0; i < n; i += RK_BATCH) dec_rk_g(out + 8 * i, in + 8 * i, rk, RK_WIDE, RK_SCALAR);
}

const kcc23p4_impl kcc23p4_avx2 = {
    .desc = {
        .name = "avx2",
        .description = "AVX2, 8 blocks per register, 24-32 in flight (+3 in scalar registers), fused key schedule",
        .features = LWCX_CPU_AVX2,
        .batch = BATCH,
        .constant_time = 1,
    },
    .rk_batch = RK_BATCH,
    .encrypt_keys = avx2_encrypt_keys,
    .decrypt_keys = avx2_decrypt_keys,
    .encrypt_rk = avx2_encrypt_rk,
    .decrypt_rk = avx2_decrypt_rk,
};
