/* SPARKLE, scalar A64 assembly (a64.S): the whole state, the constants and
 * the temporaries stay in registers; the linear layer is register renaming
 * carried by the unrolled code. */
#include "sparkle_impl.h"

/* a64.S; nb 4, 6 or 8, steps >= 1 */
__attribute__((visibility("hidden"))) void lwcx_sparkle_a64_permute(uint32_t *state, unsigned nb, unsigned steps);

const sparkle_impl lwcx_sparkle_a64 = {
    .desc = {
        .name = "a64",
        .description = "scalar A64 assembly, state and constants in registers, EOR's free ROR",
        .batch = 1,
        .constant_time = 1,
    },
    .permute = lwcx_sparkle_a64_permute,
};
