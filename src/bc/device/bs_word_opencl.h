/* The word of the OpenCL kernels (device/opencl_kernels.cl): a work-item carries
 * LWCX_CL_PARTS "parts" of 32 lanes, bs_word is LWCX_CL_WORD (uint, or the
 * vector uintN with N = LWCX_CL_PARTS), and lane 32 j + l is bit l of
 * component j. Both are set by the run-time prelude (device/opencl_impl.c): uint
 * on a GPU, where a work-item is a thread of 32-bit registers as in CUDA
 * (device/bs_word_kernel32.h); a vector on a CPU device, where PoCL does not vectorize
 * the bodies across work-items (their loops and private arrays), so each
 * work-item must be its own SIMD: uint16 is one zmm register, 512 lanes.
 * OpenCL C 1.2 has no generic address space: the constant tables the cores
 * read live in __constant memory and are reached through BS_TABLE_REF
 * pointers; everything else the cores touch is private (the kernel bodies,
 * device/kernel_bodies.tmpl.h, qualify their buffers). */
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
/* The rounds loops: left to the prelude, which unrolls them on a GPU (state
 * and key words in registers, as in CUDA) and not on a CPU device, where
 * PoCL compiled unrolled GIFT kernels an order of magnitude slower
 * (docs/design/devices.md) and the state lives in memory (L1) anyway. */
#define BS_UNROLL_ROUNDS LWCX_CL_UNROLL_ROUNDS

#include "../bitslice/bs_core_common.h"

/* The prelude's names are left unexpanded by the build-time preprocessing
 * (cmake/lwcx_opencl.cmake), hence no #if on them here. */
typedef LWCX_CL_WORD bs_word;
#define BS_LANES (32 * LWCX_CL_PARTS)
#define BS_XOR(a, b) ((a) ^ (b))
#define BS_AND(a, b) ((a) & (b))
#define BS_OR(a, b) ((a) | (b))
#define BS_NOT(a) (~(a))
#define BS_ANDN(a, b) (~(a) & (b))
#define BS_MASK32(m) ((bs_word)(uint)(m)) /* a cast to a vector broadcasts */
#define BS_ONES BS_MASK32(~0u)
#define BS_ZERO BS_MASK32(0u)

/* entry k: the word whose lane l is bit k of l (k >= 5: the components j
 * with bit k - 5 of j set), made by the prelude */
#define BS_LANE_PATS LWCX_CL_LANE_PATS
#define BS_LANE_PATS_STORAGE

/* part j (32 lanes) of a word, an lvalue */
#define BS_PART(w, j) (((uint *)&(w))[j])

#endif
