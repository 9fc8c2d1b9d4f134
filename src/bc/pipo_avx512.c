/* PIPO-64/128 and PIPO-64/256 bitsliced over 512 blocks with AVX-512: the
 * 512-lane word of bs_word_u64x8.h compiled for AVX-512 (one zmm register
 * per word; the compilers fuse the S-box's and/xor pairs into vpternlogq),
 * the rounds of pipo_bs_core.h, packing in pipo_bs_x8.h. Compiled with
 * -mavx512f -mavx512bw -mavx512vl only. Chosen at run time only where
 * 512-bit operations run at full width (LWCX_CPU_ZMM_FULL): on Zen 4's
 * halves avx2 is as fast per block, with no register copies to make. */
#include "pipo_bs_x8.h"

#define PIPO_BS_IMPL(n) lwcx_bc_pipo##n##_avx512
#define PIPO_BS_DESC \
    {.name = "avx512", \
     .description = "AVX-512: 512 blocks bitsliced in 64 zmm, 34-op S-box circuit (vpternlogq), R-layer as renaming; chosen where 512-bit ops run at full width", \
     .features = LWCX_CPU_AVX512, \
     .auto_features = LWCX_CPU_ZMM_FULL, \
     .batch = BS_LANES, \
     .constant_time = 1}
#include "pipo_bs_impl.h"
