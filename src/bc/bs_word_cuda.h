/* The word of the CUDA kernels (cuda_kernels.cu): one uint32_t per thread,
 * lane l = bit l, so a thread carries 32 blocks (or keys). The same header
 * serves the host launcher (cuda_host.c), which runs the kernel bodies
 * (cuda_bodies.h) on the CPU over every (block, thread) of a launch: there
 * it is a plain uint32_t and the cores' inlining defaults apply. Under nvcc
 * the rounds are device functions, forced inline. */
#ifndef LWCX_BS_WORD_CUDA_H
#define LWCX_BS_WORD_CUDA_H

#include <stdint.h>

#if defined(__CUDACC__)
#define BS_INLINE static __device__ __forceinline__
#define BS_FUNC static __device__ __forceinline__
#endif

#include "bs_core_common.h"

typedef uint32_t bs_word;
#define BS_LANES 32
#define BS_XOR(a, b) ((a) ^ (b))
#define BS_AND(a, b) ((a) & (b))
#define BS_OR(a, b) ((a) | (b))
#define BS_NOT(a) (~(a))
#define BS_ANDN(a, b) (~(a) & (b)) /* one LOP3 */
#define BS_ONES (~(uint32_t)0)
#define BS_ZERO ((uint32_t)0)
#define BS_MASK32(m) ((uint32_t)(m))

/* entry k: the word whose lane l is bit k of l (in registers, not memory:
 * every use is an immediate operand) */
#define BS_LANE_PATS {0xAAAAAAAAu, 0xCCCCCCCCu, 0xF0F0F0F0u, 0xFF00FF00u, 0xFFFF0000u}
#define BS_LANE_PATS_STORAGE

#endif
