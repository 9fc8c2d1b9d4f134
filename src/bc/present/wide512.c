/* PRESENT bitsliced over 512 blocks in the portable test word of
 * bitslice/bs_word_u64x8.h (eight uint64_t, eight bitslice64 instances side by side):
 * the rounds of present/bs_core.tmpl.h and the entry points of present/bs_impl.tmpl.h
 * unchanged, to prove them beyond 256 lanes. Never chosen by default. */
#include "../bitslice/bs_word_u64x8.h"
#include "bs_core.tmpl.h"

/* constant time: the one-key path expands the key with ref's schedule, whose
 * S-box reads every entry (sbox_ct); tests/test_ct.c checks it under memcheck */
#define PRESENT_BS_DESC \
    {.name = "wide512", .description = "portable C test word: 512 lanes in 8 x uint64_t", \
     .batch = BS_LANES, .constant_time = 1}
#define PRESENT_BS_NAME(bits) lwcx_bc_present##bits##_wide512
#include "bs_impl.tmpl.h"
