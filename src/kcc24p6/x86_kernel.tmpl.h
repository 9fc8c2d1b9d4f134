/* Template: included by other files, never compiled on its own.
 * Includer defines first: ROTB and ROTB_CONSTS (how the file rotates bytes), in a file
 *   compiled with AVX2 and PCLMULQDQ
 * Defines: x86_ctr, x86_tag and their helpers (the shared kernel of avx2.c and gfni.c)
 */
/* kcc24-p6 for x86-64 with AVX2 and PCLMULQDQ: the kernel shared by avx2.c
 * and gfni.c, which differ only in how they rotate bytes (ROTB, defined by
 * the includer before this header).
 *
 * Cipher: all blocks of a message (at most 31) in flight at once, byte-sliced:
 * register j holds byte j of 32 blocks, so a round is 7 steps of
 * xor / add / xor / rotate on whole registers, and the state's byte rotation
 * is a renaming of registers (8 rounds unrolled). The key schedule runs in
 * the same loop in SWAR on the integer units, hidden behind the vector work.
 *
 * Tag: A <- H^2 * (A ^ C)^2 with carry-less multiplies, four blocks per
 * step of the dependent chain (see x86_tag). */
#ifndef LWCX_KCC24P6_X86_KERNEL_H
#define LWCX_KCC24P6_X86_KERNEL_H

#include <immintrin.h>

#include "kcc24p6_impl.h"

#if !defined(ROTB) || !defined(ROTB_CONSTS)
#error "define ROTB(x, J, c) and ROTB_CONSTS before including x86_kernel.tmpl.h"
#endif

typedef __m256i V;

/* ROTB(x, J, c) rotates with the constant vectors of the includer's table
 * ROTB_CONSTS, which it reads at c. x86_ctr renews c every round by an empty
 * asm, so that the compiler cannot keep the table in registers across the
 * rounds: as constants (loop invariants) clang held them in registers and
 * spilled state words instead (docs/design/kcc.md, "The key schedule");
 * read inside the round, each is a memory operand of the instruction that
 * uses it, as gcc compiled the constants anyway. */

/* step J of round Q within an 8-round group: s[J] = ROTB(k ^ (s[J-1] + (k ^ s[J])), J),
 * where logical byte J lives in register (J + Q) % 8; a round starts at J = 7 */
#define STEP(Q, J)                                                                         \
    do {                                                                                   \
        if ((J) == 7) __asm__("" : "+r"(rotb_c));                                          \
        const V k_ = _mm256_shuffle_epi8(_mm256_set1_epi64x((long long)kk), _mm256_set1_epi8((char)(J))); \
        V *d_ = &s[((J) + (Q)) & 7];                                                       \
        const V t_ = _mm256_add_epi8(s[((J) - 1 + (Q)) & 7], _mm256_xor_si256(k_, *d_));   \
        *d_ = ROTB(_mm256_xor_si256(k_, t_), J, rotb_c);                                   \
    } while (0)

/* the key schedule runs in the same loop, in SWAR on the integer units,
 * hidden behind the vector work */

static void x86_ctr(uint8_t *out, const uint8_t *in, size_t nblocks, const uint8_t key[8])
{
    uint64_t kk = lwcx_load64le(key);
    const V *rotb_c = ROTB_CONSTS;
    V s[8];
    s[0] = _mm256_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20,
                            21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31);
    for (int j = 1; j < 8; j++) s[j] = _mm256_set1_epi8((char)lwcx_kcc24p6_nonce[j - 1]);
    KCC24P6_ALL_ROUNDS()
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

/* Field elements live in the high 64-bit lane: the reduction then needs no
 * shuffle on its critical path (only lo moves up, in parallel with the
 * shifts of hi), and the next multiply reads the high lanes directly. The
 * low lane is left with garbage that no multiply reads. */
static inline __m128i gf_mul(__m128i a, __m128i b)
{
    const __m128i p = _mm_clmulepi64_si128(a, b, 0x11); /* (lo, hi) */
    const __m128i t = _mm_srli_epi64(p, 55);
    const __m128i x = _mm_xor_si128(p, _mm_slli_epi64(p, 9));  /* high lane: hi ^ hi << 9 */
    const __m128i y = _mm_xor_si128(_mm_slli_si128(p, 8), t);  /* high lane: lo ^ t */
    return _mm_xor_si128(_mm_xor_si128(x, y), _mm_slli_epi64(t, 9));
}

/* M(y) = H^2 y^2 is GF(2)-linear, so four steps of the chain
 *   A <- M(A ^ C_i)
 * regroup as A <- M^4(A ^ C_i) ^ M^3(C_i+1) ^ M^2(C_i+2) ^ M(C_i+3), with
 * M^k(y) = H^(2^(k+1) - 2) y^(2^k): the dependent chain shrinks from eight
 * multiplies per four blocks to five, and the other terms run alongside. */
static inline __m128i m_pow(__m128i y, const __m128i hpow[5], const int k)
{
    for (int i = 0; i < k; i++) y = gf_mul(y, y);
    return gf_mul(y, hpow[k]);
}

/* a block into the high lane */
static inline __m128i load_block(const uint8_t *p)
{
    return _mm_castpd_si128(_mm_loadh_pd(_mm_setzero_pd(), (const double *)(const void *)p));
}

static void x86_tag(uint8_t tag[8], const uint8_t *ct, size_t nblocks)
{
    const kcc24p6_tag_tables *tt = lwcx_kcc24p6_tag_tables_get();
    __m128i hpow[5]; /* hpow[k] = H^(2^(k+1) - 2): H^2, H^6, H^14, H^30, in the high lane */
    for (int k = 1; k <= 4; k++) hpow[k] = _mm_set_epi64x((long long)tt->hpow[nblocks][k], 0);
    __m128i a = hpow[1];
    size_t i = 0;
    /* On the dependent chain, y^16 comes from the byte tables (eight
     * parallel loads) instead of four dependent squarings. */
    for (; i + 4 <= nblocks; i += 4) {
        /* M^3(C1) ^ M^2(C2) ^ M(C3) by Horner: six carry-less multiplies, not nine */
        __m128i side = m_pow(load_block(ct + 8 * i + 8), hpow, 1);
        side = m_pow(_mm_xor_si128(side, load_block(ct + 8 * i + 16)), hpow, 1);
        side = m_pow(_mm_xor_si128(side, load_block(ct + 8 * i + 24)), hpow, 1);
        const uint64_t y = (uint64_t)_mm_extract_epi64(a, 1) ^ lwcx_load64le(ct + 8 * i);
        const __m128i y16 = _mm_set_epi64x((long long)kcc24p6_pow16(tt->pow16, y), 0);
        a = _mm_xor_si128(gf_mul(y16, hpow[4]), side);
    }
    for (; i < nblocks; i++) a = m_pow(_mm_xor_si128(a, load_block(ct + 8 * i)), hpow, 1);
    lwcx_store64le(tag, (uint64_t)_mm_extract_epi64(a, 1));
}

#endif
