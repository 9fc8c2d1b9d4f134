/* GIFT-64 and GIFT-128 bitsliced over 512 blocks in the portable test word
 * of bitslice/bs_word_u64x8.h (eight uint64_t, eight bitslice64 instances side by
 * side): the rounds of gift/bs_core.tmpl.h and the entry points of gift/bs_impl.tmpl.h
 * unchanged, to prove them beyond 256 lanes. Never chosen by default. */
#include "../bitslice/bs_word_u64x8.h"
#if defined(BS_WORD_SPLIT)
#include "wide512_part.h"
#define GIFT_BS_ROUND2_64_S lwcx_gift64_wide512_round2_s
#endif
#include "bs_core.tmpl.h"

#define GIFT_BS_IMPL(n) lwcx_bc_gift##n##_wide512
#define GIFT_BS_DESC \
    {.name = "wide512", .description = "portable C test word: 512 lanes in 8 x uint64_t", \
     .batch = BS_LANES, .constant_time = 1}
#include "bs_impl.tmpl.h"
