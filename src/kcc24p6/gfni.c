/* kcc24-p6 AVX2 + GFNI + PCLMULQDQ: the x86 kernel with each byte rotation
 * done by one GF(2) affine transform (an 8x8 bit matrix that permutes bits). */
#include <immintrin.h>

/* Row i of the matrix (byte 7 - i of the qword) selects input bit (i - J) mod 8. */
#define ROT_MATRIX(J)                                                                     \
    ((1ull << ((0 - (J)) & 7)) << 56 | (1ull << ((1 - (J)) & 7)) << 48 |                  \
     (1ull << ((2 - (J)) & 7)) << 40 | (1ull << ((3 - (J)) & 7)) << 32 |                  \
     (1ull << ((4 - (J)) & 7)) << 24 | (1ull << ((5 - (J)) & 7)) << 16 |                  \
     (1ull << ((6 - (J)) & 7)) << 8 | (1ull << ((7 - (J)) & 7)))
#define ROTB(x, J) _mm256_gf2p8affine_epi64_epi8((x), _mm256_set1_epi64x((long long)ROT_MATRIX(J)), 0)

#include "x86_kernel.h"

const kcc24p6_impl lwcx_kcc24p6_gfni = {
    .desc = {
        .name = "gfni",
        .description = "AVX2 + GFNI + PCLMULQDQ: byte-sliced blocks, one affine instruction per byte rotation",
        .features = LWCX_CPU_AVX2 | LWCX_CPU_PCLMUL | LWCX_CPU_GFNI,
        .batch = 32,
        .constant_time = 1,
    },
    .ctr = x86_ctr,
    .tag = x86_tag,
};
