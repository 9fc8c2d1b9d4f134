/* A 32-lane word, the width of a GPU thread's register: bs_word is a
 * uint32_t whose bit l is lane l. Only tests/test_bs_cores_u32.c uses it,
 * to prove that the cores instantiate at 32 lanes with nothing but
 * <stdint.h> (and type-check with every host compiler); no packing, that
 * test broadcasts. */
#ifndef LWCX_BS_WORD_U32_H
#define LWCX_BS_WORD_U32_H

#include <stdint.h>

#include "bs_core_common.h"

#define BS_LANE_PATS_STORAGE static
#include "bs_word_ops32.h"

#endif
