/* PRESENT bitsliced over 512 blocks with AVX-512: the 512-lane word of
 * bitslice/bs_word_u64x8.h compiled for AVX-512 (one zmm register per word, eight
 * bitslice64 instances side by side; BS_TERN is vpternlogd, so the core's
 * S-box is its 9-operation circuit with the key on the outputs), the rounds
 * of present/bs_core.tmpl.h in pairs
 * (32 registers hold a 16-word super-box and its temporaries), packing
 * by 8x8 transposes of 64-bit elements before the bit transposes. Compiled
 * with -mavx512f -mavx512bw -mavx512vl only; the policy (src/core/policy.c)
 * takes it where the CPU runs 512-bit operations at full width
 * (present/avx512b.c where they are split). */
#include "../bitslice/bs_word_u64x8.h"
#define PRESENT_TWO_ROUNDS 1
#define PRESENT_SEARCH_STATES 4 /* batches a search call, in one pass with: */
#define PRESENT_SEARCH_PASS_NEEDS LWCX_CPU_ZMM_FULL
#define PRESENT_KEY_FENCE() __asm__ volatile("" ::: "memory")
#define PRESENT_MASKS_OPAQUE(m) __asm__("" : "+m"(*(present_mask(*)[64])(m)))
#include "bs_core.tmpl.h"

/* constant time: the one-key path expands the key with ref's schedule, whose
 * S-box is a shift of a constant (sbox_ct); tests/test_ct.c checks it under
 * memcheck */
#ifndef PRESENT_BS_NAME /* present/avx512b.c names its own */
#define PRESENT_BS_DESC \
    {.name = "avx512", \
     .description = "AVX-512: 512 blocks bitsliced in 64 zmm (8 x 64 lanes), S-box in 9 vpternlogd with the next key on its outputs, rounds in pairs", \
     .features = LWCX_CPU_AVX512, \
     .batch = BS_LANES, \
     .constant_time = 1}
#define PRESENT_BS_NAME(bits) lwcx_bc_present##bits##_avx512
#endif
#include "bs_impl.tmpl.h"
