/* Template: included by other files, never compiled on its own.
 * Includer defines first: a word header; it may define BS_ANDN, BS_SET_MASK32, BS_XOR_MASK32
 *   itself
 * Defines: BS_ANDN, BS_SET_MASK32, BS_XOR_MASK32 where the word did not
 */
/* Word operations a word header (bs_word_*.h) may define as one instruction,
 * and their two-operation defaults otherwise. The cipher cores include this
 * after the word header (bitslice/bs_core_common.h comes before the word's own
 * definitions, so the defaults cannot live there). */
#ifndef LWCX_BS_WORD_DEFAULTS_H
#define LWCX_BS_WORD_DEFAULTS_H

/* ~a & b: one instruction on AVX2 (ANDNOT) and NEON (BIC) */
#ifndef BS_ANDN
#define BS_ANDN(a, b) BS_AND(BS_NOT(a), b)
#endif

/* *p = BS_MASK32(m), for setup; a word may store it its own way (the split
 * wide512 word: element by element, see bitslice/bs_word_u64x8.h) */
#ifndef BS_SET_MASK32
#define BS_SET_MASK32(p, m) (*(p) = BS_MASK32(m))
#endif

/* w ^ BS_MASK32(m); a word may make it one instruction (AVX-512: a dword XOR
 * with the broadcast as its embedded {1to16} operand) */
#ifndef BS_XOR_MASK32
#define BS_XOR_MASK32(w, m) BS_XOR(w, BS_MASK32(m))
#endif

#endif
