/* Template: included by other files, never compiled on its own.
 * Includer defines first: pipo/bs_core.tmpl.h and a word header (bs_word, bs_load_le,
 *   bs_store_le, bs_tr_swap); optionally PIPO_BS_TR_SWAP, PIPO_BS_COLUMNS with pipo_col and its
 *   operations
 * Defines: PIPO's packing of blocks into words and back (the transposes in two passes)
 */
/* PIPO's packing, written once for every word width. Blocks are
 * little-endian 64-bit integers loaded as they are: row r of the 64x64
 * transposes is the word at in + sizeof(bs_word) r, i.e. blocks L r .. L r
 * + L - 1 (L 64-bit lanes a word) side by side, so after the transpose in
 * every 64-bit lane, bit k of lane q of word w is bit w of block L k + q.
 * The transpose runs as its six stages in two passes over 8 rows held in
 * registers: the bit stages on 8 consecutive rows as they are loaded, then
 * the byte stages on every 8th row. Included after pipo/bs_core.tmpl.h and the
 * word header (bs_word, bs_load_le, bs_store_le, bs_tr_swap); the includer
 * may define PIPO_BS_TR_SWAP as its own transpose step instead. */
#ifndef LWCX_PIPO_BS_PACK_H
#define LWCX_PIPO_BS_PACK_H
#ifndef PIPO_BS_TR_SWAP
#define PIPO_BS_TR_SWAP bs_tr_swap
#endif

/* A column: the part of every word that the transpose holds 8 rows of in
 * registers (the 64-bit lanes never mix). By default the whole word; an
 * includer whose word is wider than its registers (bitslice/bs_word_u64x8.h without
 * AVX-512: four SSE registers a word, 8 rows spilled) defines
 * PIPO_BS_COLUMNS, the columns a word, with the type pipo_col and
 * pipo_col_load_le, pipo_col_store_le, pipo_col_xor and pipo_col_swap (the
 * transpose step) for it. */
#ifndef PIPO_BS_COLUMNS
#define PIPO_BS_COLUMNS 1
typedef bs_word pipo_col;
#define pipo_col_load_le bs_load_le
#define pipo_col_store_le bs_store_le
#define pipo_col_xor BS_XOR
#define pipo_col_swap PIPO_BS_TR_SWAP
#endif
#define PIPO_BS_COL_BYTES (sizeof(bs_word) / PIPO_BS_COLUMNS)

/* column e of x[r] */
PIPO_BS_INLINE pipo_col pipo_bs_col_get(const bs_word *x, unsigned r, unsigned e)
{
    pipo_col v;
    memcpy(&v, (const uint8_t *)&x[r] + PIPO_BS_COL_BYTES * e, sizeof v);
    return v;
}

PIPO_BS_INLINE void pipo_bs_col_set(bs_word *x, unsigned r, unsigned e, pipo_col v)
{
    memcpy((uint8_t *)&x[r] + PIPO_BS_COL_BYTES * e, &v, sizeof v);
}

/* The three stages (scale 4, 2, 1) on 8 rows v[m] = rows r + scale m:
 * scale 1 transposes the bits inside each byte, scale 8 the bytes. */
PIPO_BS_INLINE void pipo_bs_tr_group(pipo_col v[8], unsigned scale)
{
    BS_UNROLL(3)
    for (unsigned s = 4; s >= 1; s >>= 1)
        BS_UNROLL(8)
        for (unsigned m = 0; m < 8; m++)
            if (!(m & s)) pipo_col_swap(&v[m], &v[m | s], s * scale);
}

/* the byte stages on every 8th row of column e, in place */
PIPO_BS_INLINE void pipo_bs_tr_bytes(bs_word x[64], unsigned e)
{
    for (unsigned r = 0; r < 8; r++) {
        pipo_col v[8];
        BS_UNROLL(8)
        for (unsigned m = 0; m < 8; m++) v[m] = pipo_bs_col_get(x, r + 8 * m, e);
        pipo_bs_tr_group(v, 8);
        BS_UNROLL(8)
        for (unsigned m = 0; m < 8; m++) pipo_bs_col_set(x, r + 8 * m, e, v[m]);
    }
}

/* Rows from in + stride r into x, transposed (afterwards bit c of row r is
 * what bit r of row c was, in every 64-bit lane). An includer with a whole
 * 64-row transpose of its own defines PIPO_BS_PACK_ROWS(x, in, stride) and
 * PIPO_BS_UNPACK_ONTO(out, in, x) for this and the inverse. */
#ifdef PIPO_BS_PACK_ROWS
PIPO_BS_INLINE void pipo_bs_pack_rows(bs_word x[64], const uint8_t *in, size_t stride)
{
    PIPO_BS_PACK_ROWS(x, in, stride);
}

PIPO_BS_INLINE void pipo_bs_unpack_onto(uint8_t *out, const uint8_t *in, bs_word x[64])
{
    PIPO_BS_UNPACK_ONTO(out, in, x);
}
#else
PIPO_BS_INLINE void pipo_bs_pack_rows(bs_word x[64], const uint8_t *in, size_t stride)
{
    for (unsigned e = 0; e < PIPO_BS_COLUMNS; e++) {
        for (unsigned g = 0; g < 8; g++) {
            pipo_col v[8];
            BS_UNROLL(8)
            for (unsigned m = 0; m < 8; m++) v[m] = pipo_col_load_le(in + stride * (8 * g + m) + PIPO_BS_COL_BYTES * e);
            pipo_bs_tr_group(v, 1);
            BS_UNROLL(8)
            for (unsigned m = 0; m < 8; m++) pipo_bs_col_set(x, 8 * g + m, e, v[m]);
        }
        pipo_bs_tr_bytes(x, e);
    }
}

/* the inverse (the same transpose): byte stages in x, then bit stages to
 * out, row r at out + sizeof(bs_word) r, XORed onto the same bytes of in
 * if in (CTR's keystream: no buffer to write, read back and wipe) */
PIPO_BS_INLINE void pipo_bs_unpack_onto(uint8_t *out, const uint8_t *in, bs_word x[64])
{
    for (unsigned e = 0; e < PIPO_BS_COLUMNS; e++) {
        pipo_bs_tr_bytes(x, e);
        for (unsigned g = 0; g < 8; g++) {
            pipo_col v[8];
            BS_UNROLL(8)
            for (unsigned m = 0; m < 8; m++) v[m] = pipo_bs_col_get(x, 8 * g + m, e);
            pipo_bs_tr_group(v, 1);
            BS_UNROLL(8)
            for (unsigned m = 0; m < 8; m++) {
                const size_t at = sizeof(bs_word) * (8 * g + m) + PIPO_BS_COL_BYTES * e;
                pipo_col_store_le(out + at, in ? pipo_col_xor(v[m], pipo_col_load_le(in + at)) : v[m]);
            }
        }
    }
}

#endif

PIPO_BS_INLINE void pipo_bs_unpack(uint8_t *out, bs_word x[64])
{
    pipo_bs_unpack_onto(out, NULL, x);
}

#endif
