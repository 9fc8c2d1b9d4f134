/* The word of the CUDA kernels (device/cuda_kernels.cu): one uint32_t per thread,
 * lane l = bit l, so a thread carries 32 blocks (or keys). The same header
 * serves the host launcher (device_host.c), which runs the kernel bodies
 * (device/kernel_bodies.tmpl.h) on the CPU over every (block, thread) of a launch: there
 * it is a plain uint32_t and the cores' inlining defaults apply. Under nvcc
 * the rounds are device functions, forced inline. */
#ifndef LWCX_BS_WORD_KERNEL32_H
#define LWCX_BS_WORD_KERNEL32_H

#include <stdint.h>

#if defined(__CUDACC__)
#define BS_INLINE static __device__ __forceinline__
#define BS_FUNC static __device__ __forceinline__
#endif

#include "../bitslice/bs_core_common.h"

#include "../bitslice/bs_word_ops32.h"

/* Three-input logic (BS_TERN): one LOP3, whose table is vpternlog's (a the
 * high bit of the index). PRESENT's cores then take the 9-operation S-box
 * with the key on its outputs; ptxas does not find those LOP3s itself in
 * the same function written in two-input operations, which the host (the
 * launcher's CPU runs of the bodies) uses. */
#if defined(__CUDA_ARCH__)
#define BS_TERN(a, b, c, imm)                                                                         \
    __extension__({                                                                               \
        uint32_t t_;                                                                              \
        asm("lop3.b32 %0, %1, %2, %3, %4;" : "=r"(t_) : "r"((uint32_t)(a)), "r"((uint32_t)(b)), \
            "r"((uint32_t)(c)), "n"(imm));                                                        \
        t_;                                                                                       \
    })
#else
#define BS_TERN(a, b, c, imm) BS_TERN_GENERIC(a, b, c, imm)
#endif

#endif
