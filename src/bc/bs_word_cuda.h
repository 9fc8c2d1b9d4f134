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

#include "bs_word_ops32.h"

#endif
