/* PRESENT bitsliced over 128 blocks with AArch64 Advanced SIMD: the rounds
 * of present/bs_core.tmpl.h on q registers. Word x[i] holds bit i of 128 blocks:
 * 64-bit lane q, bit b = bit i of block 64q+b (two bitslice64 instances side
 * by side). Packing loads blocks k and 64+k into one register and runs the
 * 64x64 transpose on both lanes at once (bitslice/bs_word_neon.h). */
#include "../bitslice/bs_word_neon.h"
#include "bs_core.tmpl.h"

/* constant time: the one-key path expands the key with ref's schedule, whose
 * S-box reads every entry (sbox_ct); tests/test_ct.c checks it under memcheck */
#define PRESENT_BS_DESC \
    {.name = "neon", \
     .description = "NEON: 128 blocks bitsliced in 64 q registers (2 x 64 lanes), 14-op S-box circuit", \
     .features = LWCX_CPU_NEON, \
     .batch = BS_LANES, \
     .constant_time = 1}
#define PRESENT_BS_NAME(bits) lwcx_bc_present##bits##_neon
#include "bs_impl.tmpl.h"
