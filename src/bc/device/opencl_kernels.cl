/* The OpenCL kernels: thin wrappers over the bodies of device/kernel_bodies.tmpl.h, the
 * same functions the CUDA kernels (device/cuda_kernels.cu) wrap, over the same
 * cores compiled with the word of device/bs_word_opencl.h. Preprocessed at build
 * time (cmake/lwcx_opencl.cmake: the host compiler with -undef -nostdinc,
 * LWCX_OPENCL_C defined and src/bc/opencl first on the include path) into
 * one OpenCL C 1.2 string that the library embeds and builds at run time
 * (device/opencl_impl.c). Kernel names: lwcx_<cipher>_<mode>, as in CUDA.
 *
 * Every kernel takes one buffer: the kb_args of the launch at offset 0, then
 * the launch's data, whose offsets in it are the kb_args' addresses. */
#include "bs_word_opencl.h"
#include "../gift/bs_core.tmpl.h"
#include "../pipo/bs_core.tmpl.h"
#include "../present/bs_core.tmpl.h"

#include "kernel_bodies.tmpl.h"

#define CL_KERNEL(name, mode, call)                                                               \
    __kernel void lwcx_##name##_##mode(__global uint8_t *mem)                                     \
    {                                                                                             \
        const kb_args a = *(__global const kb_args *)mem;                                         \
        kb_pos g;                                                                                 \
        g.block = (unsigned)get_group_id(0);                                                      \
        g.thread = (unsigned)get_local_id(0);                                                     \
        g.block_dim = (unsigned)get_local_size(0);                                                \
        g.grid_dim = (unsigned)get_num_groups(0);                                                 \
        g.mem = mem;                                                                              \
        call;                                                                                     \
    }

#define CL_KERNELS(name, c)                                                                       \
    CL_KERNEL(name, ecb_enc, kb_ecb(c, 1, g, &a))                                                 \
    CL_KERNEL(name, ecb_dec, kb_ecb(c, 0, g, &a))                                                 \
    CL_KERNEL(name, ctr, kb_ctr(c, g, &a))                                                        \
    CL_KERNEL(name, keys_enc, kb_keys(c, 1, g, &a))                                               \
    CL_KERNEL(name, keys_dec, kb_keys(c, 0, g, &a))                                               \
    CL_KERNEL(name, search, kb_search(c, g, &a))                                                  \
    CL_KERNEL(name, pack, kb_ecb(c, KB_PACK_ONLY, g, &a))

#define CL_KERNELS_X(nm, NM, bb, kb, r, be, text) CL_KERNELS(nm, KB_##NM)
LWCX_BC_CIPHERS(CL_KERNELS_X)
