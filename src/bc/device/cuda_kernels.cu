/* The CUDA kernels: thin __global__ wrappers over the kernel bodies of
 * device/kernel_bodies.tmpl.h (the host launcher in device_host.c runs the same bodies on the
 * CPU). Compiled by nvcc into a fat binary (sm_80, sm_90, PTX for newer GPUs)
 * that the library embeds and loads through the driver API at run time
 * (device/cuda_impl.c). Kernel names: lwcx_<cipher>_<mode>, extern "C".
 *
 * Compiled three times (cmake/lwcx_cuda.cmake): with LWCX_CU_FAST, the
 * key-search kernels with every round unrolled (the keys' words sit at
 * positions that change each round, so they are in registers only where
 * every index is a constant), but for the loops whose body puts the key
 * words back after each iteration: PRESENT's rounds 8-31 as a loop of 8
 * unrolled rounds (kb_present_search_encrypt), GIFT's as loops of 16 or 8
 * (kb_gift_search_encrypt), PIPO-256's of 4; with LWCX_CU_BULK, the
 * one-key kernels (ECB, CTR, packing) with the rounds loops unrolled by two
 * (PIPO's fully); with neither, many keys with the cores' loops as they are
 * (by two, GIFT-128's and PIPO-64/256's spilled). Unrolled fully, the CTR
 * kernels stalled on instruction fetch and took twice the registers; by two
 * they run faster (the figures: docs/design/devices.md). */
#if defined(LWCX_CU_FAST)
#define BS_UNROLL_ROUNDS _Pragma("unroll")
#elif defined(LWCX_CU_BULK)
#define BS_UNROLL_ROUNDS _Pragma("unroll 2")
#define PIPO_UNROLL_ROUNDS _Pragma("unroll") /* (see pipo/bs_core.tmpl.h) */
/* by two, GIFT-128's decryption spilled; rolled, it does not, in half the
 * instructions */
#define GIFT_UNROLL_DEC_ROUNDS _Pragma("unroll 1")
#endif
#include "bs_word_kernel32.h"
#include "../gift/bs_core.tmpl.h"
#include "../pipo/bs_core.tmpl.h"
#include "../present/bs_core.tmpl.h"

#include "kernel_bodies.tmpl.h"

/* every launch has KB_THREADS threads a block (device/cuda_impl.c): as a constant,
 * not a value ptxas keeps in a register (or spilled, GIFT-128's keys_enc) */
#define CU_GRID_POS {blockIdx.x, threadIdx.x, KB_THREADS, gridDim.x}

/* __grid_constant__: the bodies take the arguments' address, which would
 * otherwise copy them to local memory (PIPO-256's search did) */
#define CU_KERNEL(name, mode, call)                                                               \
    extern "C" __global__ void __launch_bounds__(KB_THREADS)                                      \
        lwcx_##name##_##mode(const __grid_constant__ kb_args a)                                   \
    {                                                                                             \
        kb_pos g = CU_GRID_POS;                                                                   \
        call;                                                                                     \
    }

#if defined(LWCX_CU_FAST)
#define CU_KERNELS(name, c) CU_KERNEL(name, search, kb_search(c, g, &a))
#elif defined(LWCX_CU_BULK)
#define CU_KERNELS(name, c)                                                                       \
    CU_KERNEL(name, ctr, kb_ctr(c, g, &a))                                                        \
    CU_KERNEL(name, ecb_enc, kb_ecb(c, 1, g, &a))                                                 \
    CU_KERNEL(name, ecb_dec, kb_ecb(c, 0, g, &a))                                                 \
    CU_KERNEL(name, pack, kb_ecb(c, KB_PACK_ONLY, g, &a))
#else
#define CU_KERNELS(name, c)                                                                       \
    CU_KERNEL(name, keys_enc, kb_keys(c, 1, g, &a))                                               \
    CU_KERNEL(name, keys_dec, kb_keys(c, 0, g, &a))
#endif

#define CU_KERNELS_X(nm, NM, bb, kb, r, be, text) CU_KERNELS(nm, KB_##NM)
LWCX_BC_CIPHERS(CU_KERNELS_X)
