/* PRESENT bitsliced over 256 blocks with AVX2: the rounds of
 * present/bs_core.tmpl.h on ymm words. Register x[i] holds bit i of 256 blocks:
 * 64-bit lane q, bit b = bit i of block 64q+b, so the layout is four
 * bitslice64 instances side by side. Packing is a 4x4 interleave of 64-bit
 * lanes (block 64q+k goes to lane q of row k) followed by the SWAR 64x64
 * transpose run on the four matrices at once (bitslice/bs_word_avx2.h). One key:
 * every round-key bit is a 32-bit mask, applied with one broadcast load.
 * Compiled with -mavx2 only; chosen at run time when the CPU has AVX2. */
#include "../bitslice/bs_word_avx2.h"
#include "bs_core.tmpl.h"

/* constant time: the one-key path expands the key with ref's schedule, whose
 * S-box reads every entry (sbox_ct); tests/test_ct.c checks it under memcheck */
#define PRESENT_BS_DESC \
    {.name = "avx2", \
     .description = "AVX2: 256 blocks bitsliced in 64 ymm (4 x 64 lanes), 14-op S-box circuit", \
     .features = LWCX_CPU_AVX2, \
     .batch = BS_LANES, \
     .constant_time = 1}
#define PRESENT_BS_NAME(bits) lwcx_bc_present##bits##_avx2
#include "bs_impl.tmpl.h"
