/* What the aarch64 AIMer implementations (neon, sha3) share besides the
 * PMULL field kernels (field_pmull.h): the word-sliced linear maps two rows
 * a vector. Static inline, compiled with the includer's flags. */
#ifndef LWCX_AIMER_NEON_COMMON_H
#define LWCX_AIMER_NEON_COMMON_H

#include <arm_neon.h>

#include "fast.h"

/* y ^= x M over the sliced M (fast.h), rows r and r + 1 at once: CMTST of x
 * against the two rows' bits gives the masks (constant time: every word of
 * M is read whatever x is); one accumulator per output word. */
AIMER_APPLY_INLINE void neon_apply_w(const uint64_t *m, uint64_t *y, const uint64_t *x, unsigned W)
{
    const unsigned n = 64 * W;
    uint64x2_t acc[AIMER_MAX_WORDS];
    for (unsigned w = 0; w < W; w++) acc[w] = vdupq_n_u64(0);
    for (unsigned v = 0; v < W; v++) {
        const uint64x2_t xv = vdupq_n_u64(x[v]);
        uint64x2_t bit = vcombine_u64(vcreate_u64(1), vcreate_u64(2));
        for (unsigned r = 64 * v; r < 64 * v + 64; r += 2) {
            const uint64x2_t mask = vtstq_u64(xv, bit);
            bit = vshlq_n_u64(bit, 2);
            for (unsigned w = 0; w < W; w++)
                acc[w] = veorq_u64(acc[w], vandq_u64(mask, vld1q_u64(m + w * n + r)));
        }
    }
    for (unsigned w = 0; w < W; w++) y[w] ^= vgetq_lane_u64(acc[w], 0) ^ vgetq_lane_u64(acc[w], 1);
}

#endif
