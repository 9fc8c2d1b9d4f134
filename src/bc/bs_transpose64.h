/* The SWAR 64x64 bit transpose in every 64-bit lane of 64 words, as six
 * stages of the word header's step bs_tr_swap(lo, hi, j) (which swaps the
 * high j bits of every 2j-bit group of *lo with the low j bits of *hi).
 * Included by bs_word_u64.h and bs_word_avx2.h after their bs_tr_swap;
 * bs_word_neon.h has its own, stage-wise with TRN1/TRN2. */
#ifndef LWCX_BS_TRANSPOSE64_H
#define LWCX_BS_TRANSPOSE64_H

/* One stage: rows k and k|j for every k without bit j, i.e. the j x j
 * off-diagonal blocks of every 2j x 2j square swap. */
BS_INLINE void bs_tr_stage(bs_word a[64], const unsigned j)
{
    BS_UNROLL(32)
    for (unsigned k = 0; k < 64; k = ((k | j) + 1) & ~j) bs_tr_swap(&a[k], &a[k | j], j);
}

/* Afterwards, in every 64-bit lane, bit c of a[r] is what bit r of a[c] was. */
BS_OUTLINE void bs_transpose64(bs_word a[64])
{
    bs_tr_stage(a, 32);
    bs_tr_stage(a, 16);
    bs_tr_stage(a, 8);
    bs_tr_stage(a, 4);
    bs_tr_stage(a, 2);
    bs_tr_stage(a, 1);
}

#endif
