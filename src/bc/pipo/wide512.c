/* PIPO-64/128 and PIPO-64/256 bitsliced over 512 blocks in the portable
 * test word of bitslice/bs_word_u64x8.h: the rounds of pipo/bs_core.tmpl.h and the entry
 * points of pipo/bs_impl.tmpl.h unchanged, to prove them beyond 256 lanes
 * (packing in pipo/bs_x8.tmpl.h). Never chosen by default. */
#include "bs_x8.tmpl.h"

#define PIPO_BS_IMPL(n) lwcx_bc_pipo##n##_wide512
#define PIPO_BS_DESC \
    {.name = "wide512", .description = "portable C test word: 512 lanes in 8 x uint64_t", \
     .batch = BS_LANES, .constant_time = 1}
#include "bs_impl.tmpl.h"
