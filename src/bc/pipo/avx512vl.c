/* PIPO-64/128 and PIPO-64/256 bitsliced over 256 blocks in ymm registers
 * with AVX-512VL: pipo/avx2.c (its word, packing and key masks) compiled
 * with -mavx512f -mavx512bw -mavx512vl, so the compilers fuse the S-box's
 * and/xor pairs into vpternlogq and have 32 registers. Where rows512 does
 * not run (no GFNI or VBMI), the policy (src/core/policy.c) takes it for
 * the one-key calls its batch holds, which would half-fill avx512's 512
 * blocks (docs/design/selection.md). */
#define PIPO_BS_IMPL(n) lwcx_bc_pipo##n##_avx512vl
#define PIPO_BS_DESC \
    {.name = "avx512vl", \
     .description = "AVX-512VL: 256 blocks bitsliced in 64 ymm, 34-op S-box circuit in vpternlogq, R-layer as renaming; chosen for one-key calls of one batch", \
     .features = LWCX_CPU_AVX512, \
     .batch = BS_LANES, \
     .constant_time = 1}
#include "avx2.c"
