/* PIPO-64/128 and PIPO-64/256 bitsliced over 512 blocks with AVX-512: the
 * 512-lane word of bitslice/bs_word_u64x8.h compiled for AVX-512 (one zmm register
 * per word; the compilers fuse the S-box's and/xor pairs into vpternlogq),
 * the rounds of pipo/bs_core.tmpl.h, packing in pipo/bs_x8.tmpl.h. Compiled with
 * -mavx512f -mavx512bw -mavx512vl only. When the policy takes it:
 * src/core/policy.c (rows512 and, for one batch, avx512vl rank ahead);
 * why: docs/design/selection.md. */
#include "bs_x8.tmpl.h"

#define PIPO_BS_IMPL(n) lwcx_bc_pipo##n##_avx512
#define PIPO_BS_DESC \
    {.name = "avx512", \
     .description = "AVX-512: 512 blocks bitsliced in 64 zmm, 34-op S-box circuit (vpternlogq), R-layer as renaming", \
     .features = LWCX_CPU_AVX512, \
     .batch = BS_LANES, \
     .constant_time = 1}
#include "bs_impl.tmpl.h"
