/* Template: included by other files, never compiled on its own.
 * Includer defines first: nothing but its includes (bitslice/bs_word_u64x8.h,
 *   pipo/bs_core.tmpl.h); compiled with or without AVX-512
 * Defines: pack, unpack, masks, pipo_bs_load_keys for the 512-lane word (what
 *   pipo/bs_impl.tmpl.h asks of its includer)
 */
/* PIPO's packing and key loading on the 512-lane word of bitslice/bs_word_u64x8.h,
 * shared by pipo/wide512.c (portable) and pipo/avx512.c (the same word in
 * zmm registers). Word w holds bit w of 512 blocks (block = little-endian
 * 64-bit integer): in element q of word w, bit k is bit w of block 8 k + q,
 * so packing loads eight consecutive blocks per row as they are and
 * transposes (pipo/bs_pack.tmpl.h). */
#ifndef LWCX_PIPO_BS_X8_H
#define LWCX_PIPO_BS_X8_H

#include "../bitslice/bs_word_u64x8.h"
#include "bs_core.tmpl.h"

#if !defined(__AVX512F__)
/* Without AVX-512 a word is four SSE registers, and the 8 rows that
 * pipo/bs_pack.tmpl.h's passes hold (32 registers) spilled: the transpose runs
 * on 16-byte columns of the words instead (gcc's pack and unpack faster,
 * clang's unchanged) */
#define PIPO_BS_COLUMNS 4
typedef uint64_t pipo_col __attribute__((vector_size(16)));
BS_INLINE pipo_col pipo_col_load_le(const uint8_t *p)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    pipo_col v; /* the elements in memory order are the bytes */
    memcpy(&v, p, sizeof v);
#else
    pipo_col v = {lwcx_load64le(p), lwcx_load64le(p + 8)};
#endif
    return v;
}
BS_INLINE void pipo_col_store_le(uint8_t *p, pipo_col v)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    memcpy(p, &v, sizeof v);
#else
    lwcx_store64le(p, v[0]);
    lwcx_store64le(p + 8, v[1]);
#endif
}
#define pipo_col_xor(a, b) ((a) ^ (b))
/* bs_tr_swap on a column */
BS_INLINE void pipo_col_swap(pipo_col *lo, pipo_col *hi, const unsigned j)
{
    BS_TR_STEP(pipo_col, lo, hi, j);
}
#endif
#include "bs_pack.tmpl.h"

BS_INLINE void pack(bs_word x[64], const uint8_t *in)
{
    pipo_bs_pack_rows(x, in, sizeof(bs_word));
}

BS_INLINE void unpack(uint8_t *out, bs_word x[64])
{
    pipo_bs_unpack(out, x);
}

/* bit n of the byte string as an all-0/all-1 word, for n < 8 nbytes */
static void masks(bs_word *m, const uint8_t *bytes, unsigned nbytes)
{
    for (unsigned n = 0; n < 8 * nbytes; n++) BS_SET_MASK32(&m[n], 0u - ((bytes[n / 8] >> (n % 8)) & 1u));
}

/* Key word w of the 512 lanes sliced like blocks: element q of row r gets
 * the key of block 8 r + q. */
static void pipo_bs_load_keys(bs_word k[][64], const uint8_t *keys, unsigned nkw)
{
    const unsigned kb = 8 * nkw;
    for (unsigned w = 0; w < nkw; w++) {
        for (unsigned r = 0; r < 64; r++)
            for (unsigned q = 0; q < 8; q++) k[w][r][q] = lwcx_load64le(keys + kb * (8 * r + q) + 8 * w);
        bs_transpose64(k[w]);
    }
}

#endif
