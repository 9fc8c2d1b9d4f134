/* A 32-lane device word for the CUDA compile test of the cores
 * (bs_cores_cuda.cu): one uint32_t per thread, lane l = bit l. Overrides the
 * inlining default of bs_core_common.h to prove that it can be. */
#ifndef LWCX_BS_WORD_CUDA32_H
#define LWCX_BS_WORD_CUDA32_H

#include <stdint.h>

#define BS_INLINE static __device__ __forceinline__

typedef uint32_t bs_word;
#define BS_LANES 32
#define BS_XOR(a, b) ((a) ^ (b))
#define BS_AND(a, b) ((a) & (b))
#define BS_OR(a, b) ((a) | (b))
#define BS_NOT(a) (~(a))
#define BS_ANDN(a, b) (~(a) & (b))
#define BS_ONES (~(uint32_t)0)
#define BS_ZERO ((uint32_t)0)
#define BS_MASK32(m) ((uint32_t)(m))
#define BS_LANE_PATS {0xAAAAAAAAu, 0xCCCCCCCCu, 0xF0F0F0F0u, 0xFF00FF00u, 0xFFFF0000u}
#define BS_LANE_PATS_STORAGE

#endif
