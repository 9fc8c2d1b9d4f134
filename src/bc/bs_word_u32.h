/* A 32-lane word, the width of a GPU thread's register: bs_word is a
 * uint32_t whose bit l is lane l. Only tests/test_bs_cores_u32.c uses it,
 * to prove that the cores instantiate at 32 lanes with nothing but
 * <stdint.h> (and type-check with every host compiler); no packing, that
 * test broadcasts. */
#ifndef LWCX_BS_WORD_U32_H
#define LWCX_BS_WORD_U32_H

#include <stdint.h>

#include "bs_core_common.h"

typedef uint32_t bs_word;
#define BS_LANES 32
#define BS_XOR(a, b) ((a) ^ (b))
#define BS_AND(a, b) ((a) & (b))
#define BS_OR(a, b) ((a) | (b))
#define BS_NOT(a) (~(a))
#define BS_ONES (~(uint32_t)0)
#define BS_ZERO ((uint32_t)0)
#define BS_MASK32(m) ((uint32_t)(m))

/* entry k: the word whose lane l is bit k of l */
#define BS_LANE_PATS {0xAAAAAAAAu, 0xCCCCCCCCu, 0xF0F0F0F0u, 0xFF00FF00u, 0xFFFF0000u}
#define BS_LANE_PATS_STORAGE static

#endif
