/* GIFT-64 and GIFT-128 bitsliced over 512 blocks with AVX-512: the 512-lane
 * word of bitslice/bs_word_u64x8.h compiled for AVX-512 (one zmm register per word,
 * eight bitslice64 instances side by side; the compilers fuse the S-box's
 * and/xor pairs into vpternlogq), the rounds of gift/bs_core.tmpl.h, packing by
 * 8x8 transposes of 64-bit elements before the bit transposes. Compiled
 * with -mavx512f -mavx512bw -mavx512vl only; chosen at run time when the
 * CPU has AVX-512. */
#include "../bitslice/bs_word_u64x8.h"
#define GIFT_BS_GROUP_FENCE() __asm__ volatile("" ::: "memory")
#include "bs_core.tmpl.h"

#define GIFT_BS_IMPL(n) lwcx_bc_gift##n##_avx512
#define GIFT_BS_DESC \
    {.name = "avx512", \
     .description = "AVX-512: 512 blocks bitsliced in zmm (8 x 64 lanes), 10-op S-box circuit (vpternlogq), PermBits and key schedule as renaming", \
     .features = LWCX_CPU_AVX512, \
     .batch = BS_LANES, \
     .constant_time = 1}
#include "bs_impl.tmpl.h"
