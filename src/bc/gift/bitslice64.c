/* GIFT-64 and GIFT-128 bitsliced over 64 blocks, portable C: word i of the
 * state holds bit i of all 64 blocks (bit b of x[i] = bit i of block b), and
 * the rounds are gift/bs_core.tmpl.h on uint64_t. Packing is a 64x64 bit-matrix
 * transpose per 64-bit half of the block (bitslice/bs_word_u64.h). One key: expand()
 * writes the doubled key state as masks (1 KiB); many keys and key search:
 * the key state is 128 words sliced like the blocks, and the key schedule is
 * only offsets into it. */
#include "../bitslice/bs_word_u64.h"
/* GIFT-64's one-key round pairs out of line (gift_bs_round2_call). Inlined into the
 * modes' loops, clang spilled pointers and words whose reloads stalled at
 * some placements of the process's stack and data, its speed changing from
 * one binary to the next. Out of line it is steady at every placement
 * tried, and gcc's is faster too (docs/design/gift.md). */
#define GIFT_BS_OUTLINE64 1
#include "bs_core.tmpl.h"

#define GIFT_BS_IMPL(n) lwcx_bc_gift##n##_bitslice64
#define GIFT_BS_DESC \
    {.name = "bitslice64", \
     .description = "portable C: 64 blocks bitsliced in 64-bit words, 10-op S-box circuit, PermBits and key schedule as word renaming", \
     .batch = BS_LANES, \
     .constant_time = 1}
#define GIFT_BS_CTR_STORED128 1 /* (gift/bs_impl.tmpl.h) */
#include "bs_impl.tmpl.h"
