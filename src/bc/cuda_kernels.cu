/* The CUDA kernels: thin __global__ wrappers over the bodies of
 * cuda_bodies.h (the host launcher in cuda_host.c runs the same bodies on the
 * CPU). Compiled by nvcc into a fat binary (sm_80, sm_90, PTX for newer GPUs)
 * that the library embeds and loads through the driver API at run time
 * (cuda_impl.c). Kernel names: lwcx_<cipher>_<mode>, extern "C".
 *
 * Compiled twice: with LWCX_CU_FAST, the key-search and CTR kernels with
 * every round unrolled (all state and key words in registers: the kernels
 * whose speed matters, see scripts/cuda-sass-report.sh); without, ECB and
 * many keys with the cores' loops as they are (unrolling all 36 kernels
 * took nvcc over 5 minutes and 12 MB). */
#if defined(LWCX_CU_FAST)
#define BS_UNROLL_ROUNDS _Pragma("unroll")
#endif
#include "bs_word_cuda.h"
#include "gift_bs_core.h"
#include "pipo_bs_core.h"
#include "present_bs_core.h"

#include "cuda_bodies.h"

#define CU_GRID_POS {blockIdx.x, threadIdx.x, blockDim.x, gridDim.x}

/* __grid_constant__: the bodies take the arguments' address, which would
 * otherwise copy them to local memory (PIPO-256's search did: 1320 bytes) */
#define CU_KERNEL(name, mode, call)                                                               \
    extern "C" __global__ void __launch_bounds__(CU_THREADS)                                      \
        lwcx_##name##_##mode(const __grid_constant__ cu_args a)                                   \
    {                                                                                             \
        cu_pos g = CU_GRID_POS;                                                                   \
        call;                                                                                     \
    }

#if defined(LWCX_CU_FAST)
#define CU_KERNELS(name, c)                                                                       \
    CU_KERNEL(name, ctr, cu_ctr(c, g, &a))                                                        \
    CU_KERNEL(name, search, cu_search(c, g, &a))
#else
#define CU_KERNELS(name, c)                                                                       \
    CU_KERNEL(name, ecb_enc, cu_ecb(c, 1, g, &a))                                                 \
    CU_KERNEL(name, ecb_dec, cu_ecb(c, 0, g, &a))                                                 \
    CU_KERNEL(name, keys_enc, cu_keys(c, 1, g, &a))                                               \
    CU_KERNEL(name, keys_dec, cu_keys(c, 0, g, &a))                                               \
    CU_KERNEL(name, pack, cu_ecb(c, CU_PACK_ONLY, g, &a))
#endif

CU_KERNELS(present80, CU_PRESENT80)
CU_KERNELS(present128, CU_PRESENT128)
CU_KERNELS(gift64, CU_GIFT64)
CU_KERNELS(gift128, CU_GIFT128)
CU_KERNELS(pipo128, CU_PIPO128)
CU_KERNELS(pipo256, CU_PIPO256)
