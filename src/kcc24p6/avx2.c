/* kcc24-p6 AVX2 + PCLMULQDQ.
 *
 * Cipher: all blocks of a message (at most 31) in flight at once, byte-sliced:
 * register j holds byte j of 32 blocks, so a round is 7 steps of
 * xor / add / xor / rotate on whole registers, and the state's byte rotation
 * is a renaming of registers (8 rounds unrolled). Round-key bytes are
 * broadcast with one shuffle each from the round key loaded once.
 *
 * Tag: A <- H^2 * (A ^ C)^2. The square is one carry-less multiply; its
 * 128-bit value is multiplied by H^2 in two halves before one reduction. */
#include <immintrin.h>

#include "kcc24p6_impl.h"

typedef __m256i V;

/* byte-wise rotate left by J (1..7): 16-bit shifts, then keep each byte's own bits */
#define ROTB(x, J)                                                                                   \
    _mm256_or_si256(_mm256_and_si256(_mm256_slli_epi16((x), (J)), _mm256_set1_epi8((char)(0xff << (J)))), \
                    _mm256_and_si256(_mm256_srli_epi16((x), 8 - (J)), _mm256_set1_epi8((char)(0xff >> (8 - (J))))))

/* step J of round Q within an 8-round group: s[J] = ROTB(k ^ (s[J-1] + (k ^ s[J])), J),
 * where logical byte J lives in register (J + Q) % 8 */
#define STEP(Q, J)                                                                         \
    do {                                                                                   \
        const V k_ = _mm256_shuffle_epi8(rkv, _mm256_set1_epi8((char)(J)));               \
        V *d_ = &s[((J) + (Q)) & 7];                                                       \
        const V t_ = _mm256_add_epi8(s[((J) - 1 + (Q)) & 7], _mm256_xor_si256(k_, *d_));   \
        *d_ = ROTB(_mm256_xor_si256(k_, t_), J);                                           \
    } while (0)

/* the key schedule runs in the same loop, in SWAR on the integer units,
 * hidden behind the vector work */
#define ROUND(Q)                                                               \
    do {                                                                       \
        if (base + (Q) > 0) kk = kcc24p6_next_round_key(kk, (Q));              \
        const V rkv = _mm256_set1_epi64x((long long)kk);                       \
        STEP(Q, 7); STEP(Q, 6); STEP(Q, 5); STEP(Q, 4);                        \
        STEP(Q, 3); STEP(Q, 2); STEP(Q, 1);                                    \
    } while (0)

static void avx2_ctr(uint8_t *out, const uint8_t *in, size_t nblocks, const uint8_t key[8])
{
    uint64_t kk = lwcx_load64le(key);
    V s[8];
    s[0] = _mm256_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20,
                            21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31);
    for (int j = 1; j < 8; j++) s[j] = _mm256_set1_epi8((char)kcc24p6_nonce[j - 1]);
    for (unsigned base = 0; base < KCC24P6_ROUNDS; base += 8) {
        ROUND(0); ROUND(1); ROUND(2); ROUND(3);
        ROUND(4); ROUND(5); ROUND(6); ROUND(7);
    }
    lwcx_wipe(&kk, sizeof kk);

    /* transpose back: 8 registers of byte j -> 32 blocks of 8 bytes */
    V t0 = _mm256_unpacklo_epi8(s[0], s[1]), t1 = _mm256_unpackhi_epi8(s[0], s[1]);
    V t2 = _mm256_unpacklo_epi8(s[2], s[3]), t3 = _mm256_unpackhi_epi8(s[2], s[3]);
    V t4 = _mm256_unpacklo_epi8(s[4], s[5]), t5 = _mm256_unpackhi_epi8(s[4], s[5]);
    V t6 = _mm256_unpacklo_epi8(s[6], s[7]), t7 = _mm256_unpackhi_epi8(s[6], s[7]);
    V u0 = _mm256_unpacklo_epi16(t0, t2), u1 = _mm256_unpackhi_epi16(t0, t2);
    V u2 = _mm256_unpacklo_epi16(t1, t3), u3 = _mm256_unpackhi_epi16(t1, t3);
    V u4 = _mm256_unpacklo_epi16(t4, t6), u5 = _mm256_unpackhi_epi16(t4, t6);
    V u6 = _mm256_unpacklo_epi16(t5, t7), u7 = _mm256_unpackhi_epi16(t5, t7);
    /* each 128-bit half now holds, per 32-bit lane, bytes 0-3 (u0..u3) or 4-7 (u4..u7) */
    V w[8] = {_mm256_unpacklo_epi32(u0, u4), _mm256_unpackhi_epi32(u0, u4),
              _mm256_unpacklo_epi32(u1, u5), _mm256_unpackhi_epi32(u1, u5),
              _mm256_unpacklo_epi32(u2, u6), _mm256_unpackhi_epi32(u2, u6),
              _mm256_unpacklo_epi32(u3, u7), _mm256_unpackhi_epi32(u3, u7)};
    /* w[i] holds blocks 2i, 2i+1 (low half) and 16+2i, 17+2i (high half) */
    uint8_t ks[32 * 8];
    for (int i = 0; i < 8; i++) {
        _mm_storeu_si128((__m128i *)(void *)(ks + 16 * i), _mm256_castsi256_si128(w[i]));
        _mm_storeu_si128((__m128i *)(void *)(ks + 128 + 16 * i), _mm256_extracti128_si256(w[i], 1));
    }
    size_t i = 0;
    for (; i + 4 <= nblocks; i += 4) {
        V x = _mm256_loadu_si256((const V *)(const void *)(in + 8 * i));
        V y = _mm256_loadu_si256((const V *)(const void *)(ks + 8 * i));
        _mm256_storeu_si256((V *)(void *)(out + 8 * i), _mm256_xor_si256(x, y));
    }
    for (; i < nblocks; i++)
        for (int b = 0; b < 8; b++) out[8 * i + b] = in[8 * i + b] ^ ks[8 * i + b];
    lwcx_wipe(ks, sizeof ks);
}

/* 128-bit sq = (lo, hi) times H^2, reduced once: lo h2 + (hi h2) x^64 */
static inline uint64_t mul_h2(__m128i sq, __m128i h2)
{
    __m128i p1 = _mm_clmulepi64_si128(sq, h2, 0x00); /* lo * h2 */
    __m128i p2 = _mm_clmulepi64_si128(sq, h2, 0x01); /* hi * h2 */
    uint64_t a0 = (uint64_t)_mm_cvtsi128_si64(p1), a1 = (uint64_t)_mm_extract_epi64(p1, 1);
    uint64_t b0 = (uint64_t)_mm_cvtsi128_si64(p2), b1 = (uint64_t)_mm_extract_epi64(p2, 1);
    /* value = a + b * x^64 = a0 + a1 x^64 + b0 x^64 + b1 x^128 */
    uint64_t lo = a0, hi = a1 ^ b0;
    /* b1 x^128 = b1 (x^9 + 1)^2 = b1 (x^18 + 1): degree <= 62 + 18 < 128 */
    lo ^= b1 ^ (b1 << 18);
    hi ^= b1 >> 46;
    return kcc24p6_reduce(lo, hi);
}

static void avx2_tag(uint8_t tag[8], const uint8_t *ct, size_t nblocks)
{
    const uint64_t h = kcc24p6_h((unsigned)nblocks);
    const __m128i hv = _mm_cvtsi64_si128((long long)h);
    const __m128i hh = _mm_clmulepi64_si128(hv, hv, 0x00);
    const uint64_t h2 = kcc24p6_reduce((uint64_t)_mm_cvtsi128_si64(hh), (uint64_t)_mm_extract_epi64(hh, 1));
    const __m128i h2v = _mm_cvtsi64_si128((long long)h2);
    uint64_t a = h2;
    for (size_t i = 0; i < nblocks; i++) {
        __m128i x = _mm_cvtsi64_si128((long long)(a ^ lwcx_load64le(ct + 8 * i)));
        a = mul_h2(_mm_clmulepi64_si128(x, x, 0x00), h2v);
    }
    lwcx_store64le(tag, a);
}

const kcc24p6_impl kcc24p6_avx2 = {
    {"avx2", "AVX2 + PCLMULQDQ: 32 byte-sliced blocks per register, carry-less tag",
     LWCX_CPU_AVX2 | LWCX_CPU_PCLMUL, 32},
    avx2_ctr,
    avx2_tag,
};
