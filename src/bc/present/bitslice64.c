/* PRESENT bitsliced over 64 blocks, portable C: the rounds of
 * present/bs_core.tmpl.h on uint64_t words (bit b of word i = bit i of block b).
 * Packing and unpacking are a 64x64 bit-matrix transpose (bitslice/bs_word_u64.h). */
#include "../bitslice/bs_word_u64.h"
#include "bs_core.tmpl.h"

/* constant time: the one-key path expands the key with ref's schedule, whose
 * S-box reads every entry (sbox_ct); tests/test_ct.c checks it under memcheck */
#define PRESENT_BS_DESC \
    {.name = "bitslice64", \
     .description = "portable C: 64 blocks bitsliced in 64 words, 14-op S-box circuit, pLayer as renaming", \
     .batch = BS_LANES, \
     .constant_time = 1}
#define PRESENT_BS_NAME(bits) lwcx_bc_present##bits##_bitslice64
#include "bs_impl.tmpl.h"
