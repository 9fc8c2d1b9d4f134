/* GIFT-64 and GIFT-128 bitsliced over 256 blocks in ymm registers with
 * AVX-512VL: the AVX2 word (bitslice/bs_word_avx2.h) and its packing, compiled with
 * -mavx512f -mavx512bw -mavx512vl, so the compilers fuse the S-box's and/xor
 * pairs and the key additions into vpternlogq and have 32 registers. Why not
 * zmm: 4 KiB of 128-bit blocks is 256 blocks, which half-fill the 512-block
 * batch of gift/avx512.c, and where a zmm operation runs as two 256-bit
 * halves ymm costs no more per block. The policy (src/core/policy.c) takes
 * it for the one-key calls its batch holds; docs/design/selection.md has
 * the measurements. */
#include "../bitslice/bs_word_avx2.h"
#define GIFT_BS_GROUP_FENCE() __asm__ volatile("" ::: "memory")
#include "bs_core.tmpl.h"

#define GIFT_BS_IMPL(n) lwcx_bc_gift##n##_avx512vl
#define GIFT_BS_DESC \
    {.name = "avx512vl", \
     .description = "AVX-512VL: 256 blocks bitsliced in ymm (4 x 64 lanes), S-box and key addition in vpternlogq, PermBits and key schedule as renaming; chosen for one-key calls of one batch", \
     .features = LWCX_CPU_AVX512, \
     .batch = BS_LANES, \
     .constant_time = 1}
#include "bs_impl.tmpl.h"
