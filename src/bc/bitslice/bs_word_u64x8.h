/* A portable test word of 512 lanes, for the <family>/wide512.c files:
 * bs_word is eight uint64_t side by side, lane l = bit l % 64 of element
 * l / 64, so the layout is eight bitslice64 instances and the hits store is
 * a copy. Its purpose is to prove that the cores, the modes and the tests
 * hold for batches wider than any SIMD implementation's; it is registered
 * after bitslice64, so never chosen by default. Defines the word operations
 * the cores ask for (see bc_impl.h), the key-search lane patterns, the hits
 * store, and the SWAR 64x64 bit transpose run in all eight elements, with
 * the packing of big-endian blocks built on it. */
#ifndef LWCX_BS_WORD_U64X8_H
#define LWCX_BS_WORD_U64X8_H

#include "../bc_impl.h"
#include "bs_core_common.h"

/* kept out of line (inlined at every use, it multiplies the code size);
 * unused: not every includer needs every helper */
#define BS_OUTLINE static __attribute__((unused))

/* A GNU C vector of eight 64-bit elements (gcc, clang): the compilers
 * split its operations into whatever the target has, and compile the large
 * cores over it far faster than over a struct of eight. Aligned to its
 * size, so that the arrays of words on the stack are: at 8 (once chosen for
 * buffers that promised no more; the expanded keys are now BC_SCHED_ALIGN)
 * a word's load or store split across two cache lines wherever the stack
 * happened to start, and a key search or a packing took 1.3-1.7x its time
 * in about half the runs (Zen 4, both compilers). */
#if defined(__AVX512F__)
#include <immintrin.h>
#endif
#if defined(__AVX512F__) && defined(__AVX512BW__)
#include "../../core/zmm_shuffles.h"
#endif

typedef uint64_t bs_word __attribute__((vector_size(64), aligned(64)));
#define BS_LANES 512
#if !defined(__AVX512F__)
/* Without AVX-512 a word is several registers (four with SSE2), so a core
 * whose rounds are inlined keeps them out of line (GIFT-64, see
 * gift_bs_round2_call). */
#define BS_WORD_SPLIT 1
#endif
BS_STATIC_ASSERT(sizeof(bs_word) == 64, "rows of 64 bytes (pipo/bs_pack.tmpl.h)");

BS_INLINE bs_word bs_x8_set(uint64_t v)
{
    const bs_word r = {v, v, v, v, v, v, v, v};
    return r;
}

#define BS_XOR(a, b) ((a) ^ (b))
#define BS_AND(a, b) ((a) & (b))
#define BS_OR(a, b) ((a) | (b))
#define BS_NOT(a) (~(a))
#define BS_ONES bs_x8_set(~(uint64_t)0)
#define BS_ZERO bs_x8_set(0)
/* every 32-bit part m, for m = 0 or ~0u */
#if defined(__AVX512F__)
/* a 32-bit broadcast the compilers fold into the using instruction as an
 * embedded {1to16} memory operand: the 64-bit form cost a scalar load and a
 * GPR-to-zmm broadcast per key bit (128 of 400 instructions of a PRESENT
 * round) */
#define BS_MASK32(m) ((bs_word)_mm512_set1_epi32((int)(m)))
/* a byte mask broadcast (vpbroadcastb from memory) and m[i] = bit i of v
 * as 0 or 0xFF (one vpmovm2b): PRESENT_MASK8's schedule */
#define BS_MASK8(m) ((bs_word)_mm512_set1_epi8((char)(m)))
BS_INLINE void bs_bit_masks8(uint8_t m[64], uint64_t v)
{
    _mm512_storeu_si512(m, _mm512_movm_epi8((__mmask64)v));
}
#else
#define BS_MASK32(m) bs_x8_set((uint64_t)(int64_t)(int32_t)(m))
#endif

/* *p = BS_MASK32(m), element by element: a whole word stored, where it is
 * split (BS_WORD_SPLIT), gcc 12 builds in a stack temporary and copies on
 * (12 16-byte stores for 4); both compilers store these elements as one
 * broadcast register four times (one vpbroadcastq and a zmm store with
 * AVX-512). */
BS_INLINE void bs_x8_set_mask32(bs_word *p, uint32_t m)
{
    for (int e = 0; e < 8; e++) (*p)[e] = (uint64_t)(int64_t)(int32_t)m;
}
#define BS_SET_MASK32(p, m) bs_x8_set_mask32(p, m)
#if defined(__AVX512F__)
/* w ^ BS_MASK32(m) as a dword XOR: the broadcast folds into it as an
 * embedded {1to16} operand, where the qword operations the compilers make
 * of this word take only 64-bit broadcasts (a separate vpbroadcastd a key
 * bit: 38 of 231 instructions of a GIFT-64 round) */
#define BS_XOR_MASK32(w, m) ((bs_word)_mm512_xor_epi32((__m512i)(w), _mm512_set1_epi32((int)(m))))
/* the three-input operation (vpternlogd), see BS_TERN in bitslice/bs_core_common.h;
 * dword elements, so a BS_MASK32 operand folds in as {1to16} */
#define BS_TERN(a, b, c, imm) \
    ((bs_word)_mm512_ternarylogic_epi32((__m512i)(a), (__m512i)(b), (__m512i)(c), (imm)))
#if !defined(__clang__)
/* gcc 12 loads an S-box input again for each vpternlogd that overwrites a
 * copy of it (254 loads a PRESENT round pair where 192 are needed, 6%
 * slower on an Intel Xeon); the empty asm makes the loaded value one it
 * cannot reload. clang keeps them in registers itself, and with this
 * took 5% longer. */
#undef BS_KEEP /* bitslice/bs_core_common.h's default */
#define BS_KEEP(v) __asm__("" : "+v"(v))
#endif
#endif

/* Initializer of the key-search lane patterns: entry k is the word whose
 * lane l is bit k of l: for k < 6 the same in every element, for k >= 6
 * bit k - 6 of the element index. Constant expressions (static). */
#define BS_X8_ALL(v) {v, v, v, v, v, v, v, v}
#define BS_X8_1 0xFFFFFFFFFFFFFFFFu
#define BS_LANE_PATS                                                                              \
    {                                                                                             \
        BS_X8_ALL(0xAAAAAAAAAAAAAAAAu), BS_X8_ALL(0xCCCCCCCCCCCCCCCCu),                           \
        BS_X8_ALL(0xF0F0F0F0F0F0F0F0u), BS_X8_ALL(0xFF00FF00FF00FF00u),                           \
        BS_X8_ALL(0xFFFF0000FFFF0000u), BS_X8_ALL(0xFFFFFFFF00000000u),                           \
        {0, BS_X8_1, 0, BS_X8_1, 0, BS_X8_1, 0, BS_X8_1},                                       \
        {0, 0, BS_X8_1, BS_X8_1, 0, 0, BS_X8_1, BS_X8_1},                                       \
        {0, 0, 0, 0, BS_X8_1, BS_X8_1, BS_X8_1, BS_X8_1},                                       \
    }
#define BS_LANE_PATS_STORAGE static

/* lane l of w to bit l % 64 of hits[l / 64] */
BS_INLINE void bs_store_hits(uint64_t *hits, bs_word w)
{
    for (int i = 0; i < 8; i++) hits[i] = w[i];
}

/* Raw rows for layouts that load blocks as they are: 64 bytes as eight
 * little-endian 64-bit integers. With AVX-512 (x86: little-endian) one
 * unaligned zmm move: clang 14 built the loop's row byte by byte (vpinsrb),
 * and PIPO's pack and unpack took 1.7x gcc's time. */
BS_INLINE bs_word bs_load_le(const uint8_t *p)
{
#if defined(__AVX512F__) && defined(__AVX512BW__)
    return (bs_word)_mm512_loadu_si512(p);
#elif defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    bs_word w; /* the elements in memory order are the bytes */
    memcpy(&w, p, sizeof w);
    return w;
#else
    bs_word w;
    for (int i = 0; i < 8; i++) w[i] = lwcx_load64le(p + 8 * i);
    return w;
#endif
}

BS_INLINE void bs_store_le(uint8_t *p, bs_word w)
{
#if defined(__AVX512F__) && defined(__AVX512BW__)
    _mm512_storeu_si512(p, (__m512i)w);
#elif defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    memcpy(p, &w, sizeof w); /* gcc 12 kept lwcx_store64le's byte stores */
#else
    for (int i = 0; i < 8; i++) lwcx_store64le(p + 8 * i, w[i]);
#endif
}

/* --- 64x64 bit transpose, in every element ---------------------------------- */

/* One step of the SWAR transpose on rows lo and hi (BS_TR_STEP). With
 * vpternlog as two bit selects: each row takes its kept bits and the
 * other's shifted ones in one operation, four operations a step against
 * BS_TR_STEP's five, and the two independent. */
BS_INLINE void bs_tr_swap(bs_word *lo, bs_word *hi, const unsigned j)
{
#if defined(BS_TERN)
    const bs_word m = bs_x8_set(bs_tr_mask(j)), l = *lo, h = *hi;
    *hi = BS_TERN(m, l >> j, h, 0xCA);       /* m ? lo >> j : hi */
    *lo = BS_TERN(m << j, h << j, l, 0xCA); /* (m << j) ? hi << j : lo */
#else
    BS_TR_STEP(bs_word, lo, hi, j);
#endif
}

#include "bs_transpose64.tmpl.h"

#if defined(__AVX512F__) && defined(__AVX512BW__)
/* Compiled for AVX-512 (the <family>/avx512.c files) the word is one zmm
 * register, and packing moves whole registers: a row of eight consecutive
 * blocks per group, an 8x8 transpose of 64-bit elements, then the bit
 * transposes. */

BS_INLINE __m512i bs_x8_bswap64(__m512i v)
{
    const __m512i rev = _mm512_set4_epi64(0x08090a0b0c0d0e0f, 0x0001020304050607,
                                          0x08090a0b0c0d0e0f, 0x0001020304050607);
    return _mm512_shuffle_epi8(v, rev);
}

/* The same layout as below (block 64 e + b in bit b of element e). Rows
 * k..k+7 of a half come from eight loads, one per group e, of the blocks
 * 64 e + k..k+7; a 128-bit block's two halves are split by permutes. */
BS_OUTLINE void bs_pack_be(const unsigned n, bs_word *x, const uint8_t *in)
{
    const __m512i first = _mm512_setr_epi64(0, 2, 4, 6, 8, 10, 12, 14), second = _mm512_setr_epi64(1, 3, 5, 7, 9, 11, 13, 15);
    for (unsigned k = 0; k < 64; k += 8) {
        __m512i lo[8], hi[8];
        for (unsigned e = 0; e < 8; e++) {
            if (n == 64) {
                lo[e] = bs_x8_bswap64(_mm512_loadu_si512(in + 8 * (64 * e + k)));
            } else {
                const uint8_t *p = in + 16 * (64 * e + k);
                const __m512i a = bs_x8_bswap64(_mm512_loadu_si512(p)), b = bs_x8_bswap64(_mm512_loadu_si512(p + 64));
                lo[e] = _mm512_permutex2var_epi64(a, second, b); /* bits 63..0: the last 8 bytes */
                hi[e] = _mm512_permutex2var_epi64(a, first, b);
            }
        }
        lwcx_zmm_transpose8(lo);
        for (unsigned j = 0; j < 8; j++) _mm512_storeu_si512(&x[k + j], lo[j]);
        if (n == 128) {
            lwcx_zmm_transpose8(hi);
            for (unsigned j = 0; j < 8; j++) _mm512_storeu_si512(&x[64 + k + j], hi[j]);
        }
    }
    bs_transpose64(x);
    if (n == 128) bs_transpose64(x + 64);
}

/* bs_unpack_be where the CPU has GFNI: the 64x64 bit transposes as 8x8
 * bit blocks (gf2p8affineqb of a block with the unit bytes transposes it)
 * moved as bytes and qwords, about half the instructions of the shift
 * network. Per 8 rows 8I..8I+7 (reversed) and group e: their elements e
 * side by side (8x8 qword transpose), bytes transposed, so that qword B is
 * the block of rows 8I.. and bits 8B.. (rows reversed in its bytes), and
 * its bits transposed. Per group e then: those of the 8 row sets side by
 * side (I reversed) and bytes transposed: the blocks 64 e + 8 B.. with their
 * bytes big-endian. */
/* stores v at p, XORed with the same bytes of in (p's offset in out) if in */
BS_INLINE void bs_x8_store_xor(uint8_t *p, const uint8_t *in, const uint8_t *out, __m512i v)
{
    if (in) v = _mm512_xor_si512(v, _mm512_loadu_si512(in + (p - out)));
    _mm512_storeu_si512(p, v);
}

#define BS_UNPACK_GFNI_NAME bs_unpack_be_gfni
#define BS_UNPACK_GFNI_TARGET "gfni"
#define BS_UNPACK_GFNI_BYTES(v) lwcx_zmm_bytes_transpose(v)
#include "bs_unpack_gfni.tmpl.h"
/* with VBMI each byte transpose is one vpermb, not two shuffles: 128 fewer
 * a 4 KiB batch (Zen 4, GIFT-64 avx512 pack_unpack 4 KiB: 0.23-0.28 ->
 * 0.20-0.24 ticks/B) */
#define BS_UNPACK_GFNI_NAME bs_unpack_be_gfni_vbmi
#define BS_UNPACK_GFNI_TARGET "gfni,avx512vbmi"
#define BS_UNPACK_GFNI_BYTES(v) LWCX_ZMM_BYTES_TRANSPOSE_VBMI(v)
#include "bs_unpack_gfni.tmpl.h"

/* the inverse of bs_pack_be (x is clobbered), XORed onto in if in */
BS_OUTLINE void bs_unpack_be_onto(const unsigned n, uint8_t *out, const uint8_t *in, bs_word *x)
{
    const __m512i even = _mm512_setr_epi64(0, 8, 1, 9, 2, 10, 3, 11), odd = _mm512_setr_epi64(4, 12, 5, 13, 6, 14, 7, 15);
    const uint32_t cpu = lwcx_cpu_features();
    if (cpu & LWCX_CPU_GFNI) {
        if (cpu & LWCX_CPU_VBMI)
            bs_unpack_be_gfni_vbmi(n, out, in, x);
        else
            bs_unpack_be_gfni(n, out, in, x);
        return;
    }
    bs_transpose64(x);
    if (n == 128) bs_transpose64(x + 64);
    for (unsigned k = 0; k < 64; k += 8) {
        __m512i lo[8], hi[8];
        for (unsigned j = 0; j < 8; j++) lo[j] = _mm512_loadu_si512(&x[k + j]);
        lwcx_zmm_transpose8(lo);
        if (n == 128) {
            for (unsigned j = 0; j < 8; j++) hi[j] = _mm512_loadu_si512(&x[64 + k + j]);
            lwcx_zmm_transpose8(hi);
        }
        for (unsigned e = 0; e < 8; e++) {
            if (n == 64) {
                bs_x8_store_xor(out + 8 * (64 * e + k), in, out, bs_x8_bswap64(lo[e]));
            } else {
                uint8_t *p = out + 16 * (64 * e + k);
                bs_x8_store_xor(p, in, out, bs_x8_bswap64(_mm512_permutex2var_epi64(hi[e], even, lo[e])));
                bs_x8_store_xor(p + 64, in, out, bs_x8_bswap64(_mm512_permutex2var_epi64(hi[e], odd, lo[e])));
            }
        }
    }
}

BS_OUTLINE void bs_unpack_be(const unsigned n, uint8_t *out, bs_word *x)
{
    bs_unpack_be_onto(n, out, NULL, x);
}

/* CTR's keystream batch XORed onto in as it is unpacked (bitslice/bs_ctr.tmpl.h) */
BS_OUTLINE void bs_unpack_xor_be(const unsigned n, uint8_t *out, const uint8_t *in, bs_word *x)
{
    bs_unpack_be_onto(n, out, in, x);
}
#define BS_UNPACK_XOR_BE bs_unpack_xor_be
#else
/* Element e of the word at w, through memory: as w[k][e], clang 14 built
 * each word in registers from eight inserts (PRESENT and GIFT-64 wide512
 * packing 0.95 ticks/B, gcc 0.76-0.90). */
BS_INLINE void bs_x8_put(bs_word *w, unsigned e, uint64_t v)
{
    memcpy((uint8_t *)w + 8 * e, &v, 8);
}
BS_INLINE uint64_t bs_x8_get(const bs_word *w, unsigned e)
{
    uint64_t v;
    memcpy(&v, (const uint8_t *)w + 8 * e, 8);
    return v;
}

/* 512 blocks of n bits (64 or 128, big-endian bytes) into n words: word i
 * holds bit i of every block read as a big-endian number (block 64 e + b in
 * bit b of element e; a 128-bit block's last 8 bytes are bits 63..0). Row k
 * of a transpose holds block 64 e + k in element e. */
BS_OUTLINE void bs_pack_be(const unsigned n, bs_word *x, const uint8_t *in)
{
    const unsigned bs = n / 8;
    for (unsigned h = 0; h < n / 64; h++) {
        bs_word *w = x + 64 * h;
        const uint8_t *p = in + bs - 8 * (h + 1);
        for (unsigned k = 0; k < 64; k++)
            for (unsigned e = 0; e < 8; e++) bs_x8_put(&w[k], e, lwcx_load64be(p + bs * (64 * e + k)));
        bs_transpose64(w);
    }
}

/* the inverse of bs_pack_be (x is clobbered) */
BS_OUTLINE void bs_unpack_be(const unsigned n, uint8_t *out, bs_word *x)
{
    const unsigned bs = n / 8;
    for (unsigned h = 0; h < n / 64; h++) {
        bs_word *w = x + 64 * h;
        uint8_t *p = out + bs - 8 * (h + 1);
        bs_transpose64(w);
        for (unsigned k = 0; k < 64; k++)
            for (unsigned e = 0; e < 8; e++) lwcx_store64be(p + bs * (64 * e + k), bs_x8_get(&w[k], e));
    }
}

#endif

#endif
