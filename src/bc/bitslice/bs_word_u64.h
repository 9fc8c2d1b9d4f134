/* The portable bitslice word, shared by the <family>/bitslice64.c files:
 * bs_word is a uint64_t whose bit b is lane b (block b of a batch of 64).
 * Defines the word operations the cores ask for (see bc_impl.h), the
 * key-search lane patterns, the hits store, and the SWAR 64x64 bit
 * transpose with the packing of big-endian blocks built on it. */
#ifndef LWCX_BS_WORD_U64_H
#define LWCX_BS_WORD_U64_H

#include "../bc_impl.h"
#include "bs_core_common.h"

/* kept out of line (inlined at every use, it multiplies the code size);
 * unused: not every includer needs every helper */
#define BS_OUTLINE static __attribute__((unused))

typedef uint64_t bs_word;
#define BS_LANES 64
#define BS_XOR(a, b) ((a) ^ (b))
#define BS_AND(a, b) ((a) & (b))
#define BS_OR(a, b) ((a) | (b))
#define BS_NOT(a) (~(a))
#define BS_ONES (~(uint64_t)0)
#define BS_ZERO ((uint64_t)0)
/* the word with both 32-bit halves m, for m = 0 or ~0u (sign extension is
 * one instruction) */
#define BS_MASK32(m) ((uint64_t)(int64_t)(int32_t)(m))

/* Initializer of the key-search lane patterns: entry k is the word whose
 * lane l is bit k of l. Constant expressions, so the table can be static
 * (BS_LANE_PATS_STORAGE): a local copy made GIFT's key search ~10% slower. */
#define BS_LANE_PATS                                                                              \
    {                                                                                             \
        0xAAAAAAAAAAAAAAAAu, 0xCCCCCCCCCCCCCCCCu, 0xF0F0F0F0F0F0F0F0u, 0xFF00FF00FF00FF00u,       \
        0xFFFF0000FFFF0000u, 0xFFFFFFFF00000000u,                                                 \
    }
#define BS_LANE_PATS_STORAGE static

/* lane l of w to bit l of hits[0] */
BS_INLINE void bs_store_hits(uint64_t *hits, uint64_t w)
{
    hits[0] = w;
}

/* Raw rows for layouts that load blocks as they are: 8 bytes as a
 * little-endian 64-bit integer. */
BS_INLINE uint64_t bs_load_le(const uint8_t *p)
{
    return lwcx_load64le(p);
}

BS_INLINE void bs_store_le(uint8_t *p, uint64_t w)
{
#if defined(__GNUC__) && defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    memcpy(p, &w, sizeof w); /* one store: gcc 12 kept lwcx_store64le's eight byte stores */
#else
    lwcx_store64le(p, w);
#endif
}

/* --- 64x64 bit transpose -------------------------------------------------- */

/* One step of the SWAR transpose on rows lo and hi (BS_TR_STEP). */
BS_INLINE void bs_tr_swap(uint64_t *lo, uint64_t *hi, const unsigned j)
{
    BS_TR_STEP(uint64_t, lo, hi, j);
}

#if defined(__GNUC__) && defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
/* The transpose in GNU C vectors of two 64-bit elements (SSE2 on x86-64,
 * NEON on AArch64), rows k and k+32 in vector k: the stage j = 32 swaps
 * 32-bit halves within each vector, one 32-bit element shuffle, and the
 * other five stages pair whole vectors k and k|j. Every stage is then vector
 * work. The scalar stages were vectorized by clang and not by gcc 12 (pack
 * and unpack 1.9x clang's time); vectors of rows k, k+1, whose last stage
 * stayed scalar, left gcc's pack_unpack 1.25x clang's (GIFT-64, PRESENT:
 * gcc 0.94, clang 0.76 ticks per byte; this way 0.74 and 0.67-0.68). */
typedef uint64_t bs_u64x2 __attribute__((vector_size(16)));

/* stage 32 within v = {lo, hi}: the high half of lo and the low half of hi trade places */
BS_INLINE bs_u64x2 bs_tr_swap32v(bs_u64x2 v)
{
    typedef uint32_t u32x4 __attribute__((vector_size(16)));
    const u32x4 d = (u32x4)v; /* little-endian: element 2i is the low half of element i of v */
#if defined(__clang__)
    return (bs_u64x2)__builtin_shufflevector(d, d, 0, 2, 1, 3);
#else
    return (bs_u64x2)__builtin_shuffle(d, (u32x4){0, 2, 1, 3});
#endif
}

/* bs_tr_swap on both elements of a and b (j <= 16) */
BS_INLINE void bs_tr_swap2v(bs_u64x2 *a, bs_u64x2 *b, const unsigned j)
{
    BS_TR_STEP(bs_u64x2, a, b, j);
}

BS_INLINE void bs_tr_stage2(bs_u64x2 v[32], const unsigned j)
{
    BS_UNROLL(16)
    for (unsigned k = 0; k < 32; k = ((k | j) + 1) & ~j) bs_tr_swap2v(&v[k], &v[k | j], j);
}

/* Afterwards bit c of row r is what bit r of row c was (row r: element
 * r / 32 of v[r % 32]). */
BS_INLINE void bs_transpose64_pairs(bs_u64x2 v[32])
{
    BS_UNROLL(32)
    for (unsigned k = 0; k < 32; k++) v[k] = bs_tr_swap32v(v[k]);
    bs_tr_stage2(v, 16);
    bs_tr_stage2(v, 8);
    bs_tr_stage2(v, 4);
    bs_tr_stage2(v, 2);
    bs_tr_stage2(v, 1);
}

/* the 64 rows w into vectors of rows k, k+32, transposed */
BS_INLINE void bs_transpose64_into_pairs(bs_u64x2 v[32], const uint64_t w[64])
{
    BS_UNROLL(32)
    for (unsigned k = 0; k < 32; k++) v[k] = (bs_u64x2){w[k], w[k + 32]};
    bs_transpose64_pairs(v);
}

/* ... and back into w */
BS_INLINE void bs_transpose64(uint64_t w[64])
{
    bs_u64x2 v[32];
    bs_transpose64_into_pairs(v, w);
    BS_UNROLL(32)
    for (unsigned k = 0; k < 32; k++) {
        w[k] = v[k][0];
        w[k + 32] = v[k][1];
    }
}
#define BS_PACK64_PAIRS 1
#else
#include "bs_transpose64.tmpl.h"
#endif

/* a row of 8 bytes as a big-endian (GIFT's and PRESENT's blocks) or
 * little-endian (PIPO's) number; be is a constant at every call */
BS_INLINE uint64_t bs_load_row(const uint8_t *p, const int be)
{
    return be ? lwcx_load64be(p) : lwcx_load64le(p);
}

/* 64 rows of 8 bytes, bs bytes apart, into the 64 words w, transposed */
BS_INLINE void bs_pack_rows_as(uint64_t w[64], const uint8_t *p, const unsigned bs, const int be)
{
#ifdef BS_PACK64_PAIRS
    /* loaded straight into the vectors: rows stored 8 bytes at a time and
     * reloaded 16 at a time cannot be forwarded from the store buffer */
    bs_u64x2 v[32];
    BS_UNROLL(32)
    for (unsigned k = 0; k < 32; k++) v[k] = (bs_u64x2){bs_load_row(p + bs * k, be), bs_load_row(p + bs * (k + 32), be)};
    bs_transpose64_pairs(v);
    BS_UNROLL(32)
    for (unsigned k = 0; k < 32; k++) {
        w[k] = v[k][0];
        w[k + 32] = v[k][1];
    }
#else
    for (unsigned b = 0; b < BS_LANES; b++) w[b] = bs_load_row(p + bs * b, be);
    bs_transpose64(w);
#endif
}

/* big-endian rows (bs_pack_be) */
BS_INLINE void bs_pack_rows(uint64_t w[64], const uint8_t *p, const unsigned bs)
{
    bs_pack_rows_as(w, p, bs, 1);
}

/* A row as 8 big-endian bytes: a byte swap and one store where the compiler
 * is GNU C on a little-endian host. gcc 12 kept lwcx_store64be's eight byte
 * stores in bs_unpack_be's loop (clang merged them), and its pack and unpack
 * took 1.3-1.4x clang's time. */
BS_INLINE void bs_store64be(uint8_t *p, uint64_t w)
{
#if defined(__GNUC__) && defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    bs_store_le(p, __builtin_bswap64(w));
#else
    lwcx_store64be(p, w);
#endif
}

/* the inverse of bs_pack_rows_as (w is clobbered); where in is not NULL
 * (a constant at every call), each row is XORed onto in's row at the same
 * place (CTR: the keystream onto the input, out may equal in) */
BS_INLINE void bs_store_row(uint8_t *p, const uint8_t *in, uint64_t row, const int be)
{
    if (in) row ^= bs_load_row(in, be);
    if (be)
        bs_store64be(p, row);
    else
        bs_store_le(p, row);
}

BS_INLINE void bs_unpack_rows_as(uint8_t *p, const uint8_t *in, uint64_t w[64], const unsigned bs, const int be)
{
#ifdef BS_PACK64_PAIRS
    /* Little-endian rows (PIPO) stored straight from the vectors, as
     * bs_pack_rows_as loads them: through w, gcc 12's PIPO pack and unpack
     * took 1.29x clang's time. Big-endian rows go through w: straight from
     * the vectors, clang byte-swapped them there (GIFT-64 bitslice64 CTR
     * 4.0 -> 5.0 ticks/B). */
    if (be) {
        bs_transpose64(w);
        for (unsigned b = 0; b < BS_LANES; b++) bs_store_row(p + bs * b, in ? in + bs * b : NULL, w[b], be);
        return;
    }
    bs_u64x2 v[32];
    bs_transpose64_into_pairs(v, w);
    BS_UNROLL(32)
    for (unsigned k = 0; k < 32; k++) {
        bs_store_row(p + bs * k, in ? in + bs * k : NULL, v[k][0], be);
        bs_store_row(p + bs * (k + 32), in ? in + bs * (k + 32) : NULL, v[k][1], be);
    }
#else
    bs_transpose64(w);
    for (unsigned b = 0; b < BS_LANES; b++) bs_store_row(p + bs * b, in ? in + bs * b : NULL, w[b], be);
#endif
}

BS_INLINE void bs_unpack_rows(uint8_t *p, const uint8_t *in, uint64_t w[64], const unsigned bs)
{
    bs_unpack_rows_as(p, in, w, bs, 1);
}

/* One out-of-line copy per row stride (the block size), so that in each the
 * 64 row offsets are constants: gcc 12 cloned bs_pack_be and bs_unpack_be
 * for each block size on its own, clang 14 kept one with the size as a
 * parameter, the offsets computed and spilled, and its GIFT-128 pack and
 * unpack took 1.5x gcc's time. Never inlined: clang then inlined them into
 * every caller, and its GIFT-64 ECB lost 15-30%. */
#if defined(__GNUC__)
#define BS_PACK_OUTLINE static __attribute__((noinline, unused))
#else
#define BS_PACK_OUTLINE BS_OUTLINE
#endif
BS_PACK_OUTLINE void bs_pack_rows8(uint64_t w[64], const uint8_t *p)
{
    bs_pack_rows(w, p, 8);
}
BS_PACK_OUTLINE void bs_pack_rows16(uint64_t w[64], const uint8_t *p)
{
    bs_pack_rows(w, p, 16);
}
BS_PACK_OUTLINE void bs_unpack_rows8(uint8_t *p, uint64_t w[64])
{
    bs_unpack_rows(p, NULL, w, 8);
}
BS_PACK_OUTLINE void bs_unpack_rows16(uint8_t *p, uint64_t w[64])
{
    bs_unpack_rows(p, NULL, w, 16);
}
BS_PACK_OUTLINE void bs_unpack_xor_rows8(uint8_t *p, const uint8_t *in, uint64_t w[64])
{
    bs_unpack_rows(p, in, w, 8);
}
BS_PACK_OUTLINE void bs_unpack_xor_rows16(uint8_t *p, const uint8_t *in, uint64_t w[64])
{
    bs_unpack_rows(p, in, w, 16);
}

/* 64 blocks of n bits (64 or 128, a constant at every call; big-endian
 * bytes) into n words: word i holds bit i of every block read as a
 * big-endian number, so a 128-bit block's last 8 bytes are bits 63..0. */
BS_INLINE void bs_pack_be(const unsigned n, uint64_t *x, const uint8_t *in)
{
    if (n == 64) {
        bs_pack_rows8(x, in);
    } else {
        bs_pack_rows16(x, in + 8);
        bs_pack_rows16(x + 64, in);
    }
}

/* the inverse of bs_pack_be (x is clobbered) */
BS_INLINE void bs_unpack_be(const unsigned n, uint8_t *out, uint64_t *x)
{
    if (n == 64) {
        bs_unpack_rows8(out, x);
    } else {
        bs_unpack_rows16(out + 8, x);
        bs_unpack_rows16(out, x + 64);
    }
}

/* CTR's keystream batch XORed onto in as it is unpacked (bitslice/bs_ctr.tmpl.h): one
 * pass over the data, where unpacking to a buffer and XORing it took a
 * second (gcc 12: 4% of a 4 KiB GIFT-64 CTR call) */
BS_OUTLINE void bs_unpack_xor_be(const unsigned n, uint8_t *out, const uint8_t *in, uint64_t *x)
{
    if (n == 64) {
        bs_unpack_xor_rows8(out, in, x);
    } else {
        bs_unpack_xor_rows16(out + 8, in + 8, x);
        bs_unpack_xor_rows16(out, in, x + 64);
    }
}
#define BS_UNPACK_XOR_BE bs_unpack_xor_be

#endif
