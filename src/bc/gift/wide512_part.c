/* GIFT-64's sliced-key round pair for the split wide512 word (bitslice/bs_word_u64x8.h
 * without AVX-512), one 16-byte part of every word at a time: a pass keeps a
 * group's 16 words between the two rounds in 16 registers, where the whole
 * word takes 64. Over whole words gcc spilled and reloaded so much that
 * its key search fell far behind clang's; this way both compilers spill
 * little (gift/wide512.c calls it, see docs/design/gift.md).
 * Only the rounds of gift/bs_core.tmpl.h are compiled here, over this part word. */
#include <stddef.h>
#include <stdint.h>

#include "../bitslice/bs_core_common.h"

#define BS_WORD_PARTS 4 /* 16-byte parts of a 64-byte word */
typedef uint64_t bs_word __attribute__((vector_size(16), aligned(8)));

#define BS_XOR(a, b) ((a) ^ (b))
#define BS_AND(a, b) ((a) & (b))
#define BS_OR(a, b) ((a) | (b))
#define BS_NOT(a) (~(a))
#define BS_MASK32(m) ((bs_word){0, 0} + (uint64_t)(int64_t)(int32_t)(m))
/* word i of an array of whole words, the part the pointer starts at */
#define GIFT_BS_AT(a, i) ((a)[BS_WORD_PARTS * (i)])
#define GIFT_BS_ROUNDS_ONLY 1
#include "bs_core.tmpl.h"

#include "wide512_part.h"

/* One part: out of line, so that gcc computes the key words' addresses in
 * every call (as a loop over the parts it held all 64 across it, spilled);
 * nonnull, or gcc tests ks against 0 at every key word (the other arm
 * reads the masks, 0 here). */
static __attribute__((noinline, nonnull)) void round2_part(bs_word *BS_RESTRICT y, const bs_word *BS_RESTRICT x,
                                                  const bs_word *ks, unsigned r)
{
    gift_bs_round2(64, y, x, 0, ks, r);
}

void lwcx_gift64_wide512_round2_s(void *y, const void *x, const void *ks, unsigned r)
{
    for (unsigned e = 0; e < BS_WORD_PARTS; e++)
        round2_part((bs_word *)y + e, (const bs_word *)x + e, (const bs_word *)ks + e, r);
}
