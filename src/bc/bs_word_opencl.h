/* The word of the OpenCL kernels (opencl_kernels.cl): one 32-bit uint per
 * work-item, lane l = bit l, so a work-item carries 32 blocks (or keys), as
 * a CUDA thread does (bs_word_cuda.h). OpenCL C 1.2 has no generic address
 * space: the constant tables the cores read live in __constant memory and
 * are reached through BS_TABLE_REF pointers; everything else the cores touch
 * is private (the kernel bodies, cuda_bodies.h, qualify their buffers).
 * Like CUDA, the rounds are inlined and unrolled so that state and key words
 * can stay in registers. */
#ifndef LWCX_BS_WORD_OPENCL_H
#define LWCX_BS_WORD_OPENCL_H

#include <stdint.h>

#define BS_INLINE static inline __attribute__((always_inline))
#define BS_ROUND BS_INLINE
#define BS_FUNC static inline
#define BS_RESTRICT restrict
#define BS_UNROLL(n) _Pragma("unroll")
#define BS_TABLE static __constant const
#define BS_TABLE_REF __constant const
/* OpenCL C 1.2 has no _Static_assert: the host builds check the same cores */
#define BS_STATIC_ASSERT(cond, msg)
/* The rounds loops: left to the run-time prelude (opencl_impl.c), which
 * unrolls them on a GPU (state and key words in registers, as in CUDA) and
 * not on a CPU device, where unrolled GIFT kernels took PoCL ~10x longer to
 * compile (20-38 s each) for no gain the tests need. */
#define BS_UNROLL_ROUNDS LWCX_CL_UNROLL_ROUNDS

#include "bs_core_common.h"

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
