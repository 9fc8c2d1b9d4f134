/* GIFT-64 and GIFT-128 bitsliced over 256 blocks in ymm registers with
 * AVX-512VL: the AVX2 word (bs_word_avx2.h) and its packing, compiled with
 * -mavx512f -mavx512bw -mavx512vl, so the compilers fuse the S-box's and/xor
 * pairs and the key additions into vpternlogq and have 32 registers. Why not
 * zmm: 4 KiB of 128-bit blocks is 256 blocks, which half-fill the 512-block
 * batch of gift_avx512.c (GIFT-128 ran at half its speed there, slower than
 * avx2), and Zen 4 runs a zmm operation as two 256-bit halves, so per block
 * ymm costs it no more. Chosen at run time when the CPU has AVX-512. */
#include "bs_word_avx2.h"
#include "gift_bs_core.h"

#define GIFT_BS_IMPL(n) lwcx_bc_gift##n##_avx512vl
#define GIFT_BS_DESC \
    {.name = "avx512vl", \
     .description = "AVX-512VL: 256 blocks bitsliced in ymm (4 x 64 lanes), S-box and key addition in vpternlogq, PermBits and key schedule as renaming", \
     .features = LWCX_CPU_AVX512, \
     .batch = BS_LANES, \
     .constant_time = 1}
#include "gift_bs_impl.h"
