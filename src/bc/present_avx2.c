/* PRESENT bitsliced over 256 blocks with AVX2. Register x[i] holds bit i of
 * 256 blocks: 64-bit lane q, bit b = bit i of block 64q+b, so the work is
 * four bitslice64 instances side by side. Packing is a 4x4 interleave of
 * 64-bit lanes (block 64q+k goes to lane q of row k) followed by the SWAR
 * 64x64 transpose run on the four matrices at once. The S-box is a 14-op
 * circuit; pLayer is where each S-box output is stored (bit b of nibble j
 * moves to 16b+j). One key: expand() keeps every round-key bit as a 32-bit
 * all-ones/all-zeros mask (8 KiB), so a round key bit is one broadcast load.
 * Compiled with -mavx2 only; chosen at run time when the CPU has AVX2. */
#include <immintrin.h>

#include "bc_impl.h"

#define ROUNDS 31
#define BATCH 256

typedef struct avx2_sched {
    uint32_t m[ROUNDS + 1][64]; /* m[r][i]: bit i of K_{r+1}, as 0 or ~0 */
} avx2_sched;
_Static_assert(sizeof(avx2_sched) <= BC_SCHED_MAX, "fits the modes' buffer");

static void to_masks(avx2_sched *s, const uint64_t rk[ROUNDS + 1])
{
    for (int r = 0; r <= ROUNDS; r++)
        for (int i = 0; i < 64; i++)
            s->m[r][i] = 0u - (uint32_t)((rk[r] >> i) & 1);
}

static void expand80(void *sched, const uint8_t *key)
{
    uint64_t rk[ROUNDS + 1];
    bc_present80_expand(rk, key);
    to_masks(sched, rk);
    lwcx_wipe(rk, sizeof rk);
}

static void expand128(void *sched, const uint8_t *key)
{
    uint64_t rk[ROUNDS + 1];
    bc_present128_expand(rk, key);
    to_masks(sched, rk);
    lwcx_wipe(rk, sizeof rk);
}

/* One stage of the SWAR transpose: swaps the j x j off-diagonal blocks. */
static inline __attribute__((always_inline)) void tr_stage(__m256i a[64], int j, uint64_t mask)
{
    const __m256i m = _mm256_set1_epi64x((long long)mask);
    if (j >= 16) { /* blends take the place of the mask-and-xor: 4 ops, not 6 */
        const __m256i odd8 = _mm256_set1_epi16((short)0xFF00);
#pragma GCC unroll 32
        for (int k = 0; k < 64; k = ((k | j) + 1) & ~j) {
            __m256i lo = a[k], hi = a[k | j];
            __m256i hs = _mm256_slli_epi64(hi, j), ls = _mm256_srli_epi64(lo, j);
            if (j == 32) {
                a[k] = _mm256_blend_epi32(lo, hs, 0xAA);
                a[k | j] = _mm256_blend_epi32(ls, hi, 0xAA);
            } else if (j == 16) {
                a[k] = _mm256_blend_epi16(lo, hs, 0xAA);
                a[k | j] = _mm256_blend_epi16(ls, hi, 0xAA);
            } else {
                a[k] = _mm256_blendv_epi8(lo, hs, odd8);
                a[k | j] = _mm256_blendv_epi8(ls, hi, odd8);
            }
        }
        return;
    }
#pragma GCC unroll 32
    for (int k = 0; k < 64; k = ((k | j) + 1) & ~j) {
        __m256i t = _mm256_and_si256(_mm256_xor_si256(_mm256_srli_epi64(a[k], j), a[k | j]), m);
        a[k] = _mm256_xor_si256(a[k], _mm256_slli_epi64(t, j));
        a[k | j] = _mm256_xor_si256(a[k | j], t);
    }
}

/* Afterwards, in every 64-bit lane, bit c of a[r] is what bit r of a[c] was. */
static void transpose(__m256i a[64])
{
    tr_stage(a, 32, 0x00000000FFFFFFFFu);
    tr_stage(a, 16, 0x0000FFFF0000FFFFu);
    tr_stage(a, 8, 0x00FF00FF00FF00FFu);
    tr_stage(a, 4, 0x0F0F0F0F0F0F0F0Fu);
    tr_stage(a, 2, 0x3333333333333333u);
    tr_stage(a, 1, 0x5555555555555555u);
}

/* v[q] holds 4 consecutive 64-bit values of group q; afterwards v[j] holds
 * value j of every group (its own inverse). */
static inline void interleave4(__m256i v[4])
{
    __m256i t0 = _mm256_unpacklo_epi64(v[0], v[1]), t1 = _mm256_unpackhi_epi64(v[0], v[1]);
    __m256i t2 = _mm256_unpacklo_epi64(v[2], v[3]), t3 = _mm256_unpackhi_epi64(v[2], v[3]);
    v[0] = _mm256_permute2x128_si256(t0, t2, 0x20);
    v[1] = _mm256_permute2x128_si256(t1, t3, 0x20);
    v[2] = _mm256_permute2x128_si256(t0, t2, 0x31);
    v[3] = _mm256_permute2x128_si256(t1, t3, 0x31);
}

static inline __m256i bswap64(__m256i v)
{
    const __m256i rev = _mm256_setr_epi8(7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6,
                                         5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8);
    return _mm256_shuffle_epi8(v, rev);
}

/* 256 big-endian blocks into slices */
static void pack(__m256i x[64], const uint8_t *in)
{
    for (int k = 0; k < 64; k += 4) {
        __m256i v[4];
        for (int q = 0; q < 4; q++)
            v[q] = bswap64(_mm256_loadu_si256((const __m256i *)(in + 8 * (64 * q + k))));
        interleave4(v);
        for (int j = 0; j < 4; j++) x[k + j] = v[j];
    }
    transpose(x);
}

static void unpack(uint8_t *out, __m256i x[64])
{
    transpose(x);
    for (int k = 0; k < 64; k += 4) {
        __m256i v[4] = {x[k], x[k + 1], x[k + 2], x[k + 3]};
        interleave4(v);
        for (int q = 0; q < 4; q++)
            _mm256_storeu_si256((__m256i *)(out + 8 * (64 * q + k)), bswap64(v[q]));
    }
}

/* Round key bit i of round r: a broadcast mask (one key) or a slice (many keys). */
static inline __attribute__((always_inline)) __m256i key_bit(const uint32_t *m, const __m256i *ks,
                                                             int i)
{
    return ks ? ks[i] : _mm256_set1_epi32((int)m[i]);
}

/* x ^= K, S-box, pLayer: from x into y. The S-box circuit (x0 the least
 * significant bit) was checked against the table on all 16 inputs. */
static inline __attribute__((always_inline)) void round_enc(__m256i *y, const __m256i *x,
                                                            const uint32_t *m, const __m256i *ks)
{
    const __m256i ones = _mm256_set1_epi32(-1);
#pragma GCC unroll 16
    for (int j = 0; j < 16; j++) {
        __m256i d = _mm256_xor_si256(x[4 * j], key_bit(m, ks, 4 * j));
        __m256i c = _mm256_xor_si256(x[4 * j + 1], key_bit(m, ks, 4 * j + 1));
        __m256i b = _mm256_xor_si256(x[4 * j + 2], key_bit(m, ks, 4 * j + 2));
        __m256i a = _mm256_xor_si256(x[4 * j + 3], key_bit(m, ks, 4 * j + 3));
        __m256i t1 = _mm256_xor_si256(c, b);
        __m256i t2 = _mm256_and_si256(b, t1);
        __m256i t3 = _mm256_xor_si256(a, t2);
        __m256i o0 = _mm256_xor_si256(d, t3);
        t2 = _mm256_and_si256(t1, t3);
        t1 = _mm256_xor_si256(t1, o0);
        t2 = _mm256_xor_si256(t2, b);
        __m256i o1 = _mm256_xor_si256(t1, _mm256_or_si256(d, t2));
        t2 = _mm256_xor_si256(t2, _mm256_xor_si256(d, ones));
        __m256i o3 = _mm256_xor_si256(o1, t2);
        __m256i o2 = _mm256_xor_si256(t3, _mm256_or_si256(t2, t1));
        y[j] = o0;
        y[16 + j] = o1;
        y[32 + j] = o2;
        y[48 + j] = o3;
    }
}

/* inverse pLayer, inverse S-box (its algebraic normal form), then ^= K */
static inline __attribute__((always_inline)) void round_dec(__m256i *y, const __m256i *x,
                                                            const uint32_t *m, const __m256i *ks)
{
    const __m256i ones = _mm256_set1_epi32(-1);
#pragma GCC unroll 16
    for (int j = 0; j < 16; j++) {
        __m256i x0 = x[j], x1 = x[16 + j], x2 = x[32 + j], x3 = x[48 + j];
        __m256i a01 = _mm256_and_si256(x0, x1), a02 = _mm256_and_si256(x0, x2);
        __m256i a03 = _mm256_and_si256(x0, x3), a12 = _mm256_and_si256(x1, x2);
        __m256i a13 = _mm256_and_si256(x1, x3), a23 = _mm256_and_si256(x2, x3);
        __m256i a012 = _mm256_and_si256(a01, x2), a013 = _mm256_and_si256(a01, x3);
        __m256i a023 = _mm256_and_si256(x0, a23);
        __m256i cub = _mm256_xor_si256(_mm256_xor_si256(a012, a013), a023);
        __m256i o0 = _mm256_xor_si256(_mm256_xor_si256(x0, x2), _mm256_xor_si256(a13, ones));
        __m256i o1 = _mm256_xor_si256(_mm256_xor_si256(_mm256_xor_si256(x0, x1), x3),
                                      _mm256_xor_si256(_mm256_xor_si256(a02, a13), a23));
        o1 = _mm256_xor_si256(o1, cub);
        __m256i o2 = _mm256_xor_si256(_mm256_xor_si256(_mm256_xor_si256(x3, a01), a02),
                                      _mm256_xor_si256(_mm256_xor_si256(a03, a12), a13));
        o2 = _mm256_xor_si256(_mm256_xor_si256(o2, cub), ones);
        __m256i o3 = _mm256_xor_si256(_mm256_xor_si256(_mm256_xor_si256(x0, x1), x2),
                                      _mm256_xor_si256(_mm256_xor_si256(x3, a01), a012));
        o3 = _mm256_xor_si256(o3, a023);
        y[4 * j] = _mm256_xor_si256(o0, key_bit(m, ks, 4 * j));
        y[4 * j + 1] = _mm256_xor_si256(o1, key_bit(m, ks, 4 * j + 1));
        y[4 * j + 2] = _mm256_xor_si256(o2, key_bit(m, ks, 4 * j + 2));
        y[4 * j + 3] = _mm256_xor_si256(o3, key_bit(m, ks, 4 * j + 3));
    }
}

static inline __attribute__((always_inline)) void add_key(__m256i *x, const uint32_t *m,
                                                          const __m256i *ks)
{
    for (int i = 0; i < 64; i++) x[i] = _mm256_xor_si256(x[i], key_bit(m, ks, i));
}

/* One batch; ks (many keys) is NULL or the sliced round keys, else masks. */
static inline __attribute__((always_inline)) void crypt_batch(uint8_t *out, const uint8_t *in,
                                                              const avx2_sched *s,
                                                              const __m256i (*ks)[64], int enc)
{
    __m256i a[64], b[64], *x = a, *y = b, *t;
    pack(x, in);
    if (enc) {
        for (int r = 0; r < ROUNDS; r++) {
            round_enc(y, x, s ? s->m[r] : NULL, ks ? ks[r] : NULL);
            t = x, x = y, y = t;
        }
        add_key(x, s ? s->m[ROUNDS] : NULL, ks ? ks[ROUNDS] : NULL);
    } else {
        add_key(x, s ? s->m[ROUNDS] : NULL, ks ? ks[ROUNDS] : NULL);
        for (int r = ROUNDS - 1; r >= 0; r--) {
            round_dec(y, x, s ? s->m[r] : NULL, ks ? ks[r] : NULL);
            t = x, x = y, y = t;
        }
    }
    unpack(out, x);
}

static void encrypt(const void *sched, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    for (size_t i = 0; i < nblocks; i += BATCH) crypt_batch(out + 8 * i, in + 8 * i, sched, NULL, 1);
}

static void decrypt(const void *sched, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    for (size_t i = 0; i < nblocks; i += BATCH) crypt_batch(out + 8 * i, in + 8 * i, sched, NULL, 0);
}

/* Many keys: every lane's round keys by the scalar schedule, then each
 * round's 256 keys (2 KiB) transposed in place into 64 slices like blocks. */
typedef void (*expand_fn)(void *, const uint8_t *);

static void crypt_keys(uint8_t *out, const uint8_t *in, const uint8_t *keys, size_t nblocks,
                       unsigned kb, expand_fn expand, int enc)
{
    _Alignas(32) uint64_t k[ROUNDS + 1][BATCH]; /* then, in place: __m256i [ROUNDS+1][64] */
    uint64_t rk[ROUNDS + 1];
    for (size_t n = 0; n < nblocks; n += BATCH) {
        for (unsigned l = 0; l < BATCH; l++) {
            expand(rk, keys + kb * (n + l));
            for (int r = 0; r <= ROUNDS; r++) k[r][l] = rk[r];
        }
        for (int r = 0; r <= ROUNDS; r++) {
            __m256i *a = (__m256i *)k[r], v[64];
            for (int j = 0; j < 64; j += 4) {
                __m256i w[4];
                for (int q = 0; q < 4; q++) w[q] = _mm256_load_si256((const __m256i *)&k[r][64 * q + j]);
                interleave4(w);
                for (int i = 0; i < 4; i++) v[j + i] = w[i];
            }
            transpose(v);
            for (int i = 0; i < 64; i++) _mm256_store_si256(a + i, v[i]);
        }
        if (enc)
            crypt_batch(out + 8 * n, in + 8 * n, NULL, (const __m256i(*)[64])k, 1);
        else
            crypt_batch(out + 8 * n, in + 8 * n, NULL, (const __m256i(*)[64])k, 0);
    }
    lwcx_wipe(rk, sizeof rk);
    lwcx_wipe(k, sizeof k);
}

static void encrypt_keys80(uint8_t *out, const uint8_t *in, const uint8_t *keys, size_t n)
{
    crypt_keys(out, in, keys, n, 10, bc_present80_expand, 1);
}
static void decrypt_keys80(uint8_t *out, const uint8_t *in, const uint8_t *keys, size_t n)
{
    crypt_keys(out, in, keys, n, 10, bc_present80_expand, 0);
}
static void encrypt_keys128(uint8_t *out, const uint8_t *in, const uint8_t *keys, size_t n)
{
    crypt_keys(out, in, keys, n, 16, bc_present128_expand, 1);
}
static void decrypt_keys128(uint8_t *out, const uint8_t *in, const uint8_t *keys, size_t n)
{
    crypt_keys(out, in, keys, n, 16, bc_present128_expand, 0);
}

#define AVX2_DESC                                                                                  \
    {"avx2", "AVX2: 256 blocks bitsliced in 64 ymm (4 x 64 lanes), 14-op S-box circuit", LWCX_CPU_AVX2, \
     BATCH}

const bc_impl bc_present80_avx2 = {
    AVX2_DESC, sizeof(avx2_sched), expand80, encrypt, decrypt, encrypt_keys80, decrypt_keys80,
};

const bc_impl bc_present128_avx2 = {
    AVX2_DESC, sizeof(avx2_sched), expand128, encrypt, decrypt, encrypt_keys128, decrypt_keys128,
};
