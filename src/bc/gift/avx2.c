/* GIFT-64 and GIFT-128 bitsliced over 256 blocks with AVX2: register x[i]
 * holds bit i of 256 blocks (64-bit lane q, bit b = bit i of block 64q+b),
 * i.e. four bitslice64 instances side by side, with the rounds of
 * gift/bs_core.tmpl.h. Packing (bitslice/bs_word_avx2.h): byte swaps and a 4x4 interleave
 * of 64-bit lanes (block 64q+k goes to lane q of row k), then a 64x64 bit
 * transpose run on the four matrices at once; a 128-bit block is split into
 * its two 64-bit halves with unpacks first and each half transposed on its
 * own. One key: expand() writes the doubled key state as 32-bit masks
 * (1 KiB), so a round-key bit is one broadcast load. Compiled with -mavx2
 * only; chosen at run time when the CPU has AVX2. */
#include "../bitslice/bs_word_avx2.h"
#define GIFT_BS_GROUP_FENCE() __asm__ volatile("" ::: "memory")
#include "bs_core.tmpl.h"

#define GIFT_BS_IMPL(n) lwcx_bc_gift##n##_avx2
#define GIFT_BS_DESC \
    {.name = "avx2", \
     .description = "AVX2: 256 blocks bitsliced in ymm (4 x 64 lanes), 10-op S-box circuit, PermBits and key schedule as renaming", \
     .features = LWCX_CPU_AVX2, \
     .batch = BS_LANES, \
     .constant_time = 1}
#include "bs_impl.tmpl.h"
