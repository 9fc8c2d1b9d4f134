/* The 32-lane word of a GPU thread, shared by device/bs_word_kernel32.h and
 * bitslice/bs_word_u32.h: bs_word is a uint32_t whose bit l is lane l. The includer
 * may define BS_LANE_PATS_STORAGE first (default: none, every use of a
 * pattern an immediate operand). */
#ifndef LWCX_BS_WORD_OPS32_H
#define LWCX_BS_WORD_OPS32_H

#include <stdint.h>

typedef uint32_t bs_word;
#define BS_LANES 32
#define BS_XOR(a, b) ((a) ^ (b))
#define BS_AND(a, b) ((a) & (b))
#define BS_OR(a, b) ((a) | (b))
#define BS_NOT(a) (~(a))
#define BS_ANDN(a, b) (~(a) & (b)) /* one LOP3 on a GPU */
#define BS_ONES (~(uint32_t)0)
#define BS_ZERO ((uint32_t)0)
#define BS_MASK32(m) ((uint32_t)(m))

/* entry k: the word whose lane l is bit k of l */
#define BS_LANE_PATS {0xAAAAAAAAu, 0xCCCCCCCCu, 0xF0F0F0F0u, 0xFF00FF00u, 0xFFFF0000u}
#ifndef BS_LANE_PATS_STORAGE
#define BS_LANE_PATS_STORAGE
#endif

#endif
