/* GIFT-64 and GIFT-128 bitsliced over 128 blocks with AArch64 Advanced SIMD:
 * word x[i] holds bit i of 128 blocks (64-bit lane q, bit b = bit i of block
 * 64q+b), the rounds are gift/bs_core.tmpl.h on q registers. Packing
 * (bitslice/bs_word_neon.h) puts blocks k and 64+k (or one 64-bit half of them) in
 * one register and transposes both 64x64 bit matrices at once: element
 * transposes (TRN1/TRN2 on 32-, 16- and 8-bit elements) for the three coarse
 * stages, shifts and bit selects for the three fine ones. One key: expand()
 * writes the doubled key state as 32-bit masks (1 KiB), broadcast when
 * used. */
#include "../bitslice/bs_word_neon.h"
#include "bs_core.tmpl.h"

#define GIFT_BS_IMPL(n) lwcx_bc_gift##n##_neon
#define GIFT_BS_DESC \
    {.name = "neon", \
     .description = "NEON: 128 blocks bitsliced in q registers (2 x 64 lanes), 10-op S-box circuit, PermBits and key schedule as renaming", \
     .features = LWCX_CPU_NEON, \
     .batch = BS_LANES, \
     .constant_time = 1}
#include "bs_impl.tmpl.h"
