/* Template: included by other files, never compiled on its own.
 * Includer defines first: bs_word, BS_INLINE and bs_tr_swap(lo, hi, j)
 * Defines: bs_tr_group and the 64x64 transpose of every 64-bit lane built on it
 */
/* The SWAR 64x64 bit transpose in every 64-bit lane of 64 words, as six
 * stages of the word header's step bs_tr_swap(lo, hi, j) (which swaps the
 * high j bits of every 2j-bit group of *lo with the low j bits of *hi).
 * Included by bitslice/bs_word_u64.h and bitslice/bs_word_avx2.h after their bs_tr_swap;
 * bitslice/bs_word_neon.h has its own, stage-wise with TRN1/TRN2. */
#ifndef LWCX_BS_TRANSPOSE64_H
#define LWCX_BS_TRANSPOSE64_H

/* The stages of row distances j = 4 * stride, 2 * stride, stride on the 8
 * rows base + stride * i: a set of rows those stages only mix among
 * themselves, held in registers. */
BS_INLINE void bs_tr_group(bs_word a[64], const unsigned base, const unsigned stride)
{
    bs_word r[8];
    BS_UNROLL(8)
    for (unsigned i = 0; i < 8; i++) r[i] = a[base + stride * i];
    BS_UNROLL(3)
    for (unsigned j = 4; j; j >>= 1) {
        BS_UNROLL(4)
        for (unsigned m = 0; m < 4; m++) { /* k: the rows without bit j, m with a 0 put in there */
            const unsigned k = (m & (j - 1)) | (m & ~(j - 1)) << 1;
            bs_tr_swap(&r[k], &r[k | j], j * stride);
        }
    }
    BS_UNROLL(8)
    for (unsigned i = 0; i < 8; i++) a[base + stride * i] = r[i];
}

/* Afterwards, in every 64-bit lane, bit c of a[r] is what bit r of a[c] was.
 * The six stages commute (stage j exchanges bit log2 j of the row index with
 * that of the bit index), so they run as two passes over 8 groups of 8 rows:
 * the rows are read and written twice, not six times (stage by stage, the
 * stores bound it). */
BS_OUTLINE void bs_transpose64(bs_word a[64])
{
    for (unsigned g = 0; g < 8; g++) bs_tr_group(a, g, 8); /* j = 32, 16, 8 */
    for (unsigned g = 0; g < 8; g++) bs_tr_group(a, 8 * g, 1); /* j = 4, 2, 1 */
}

#endif
