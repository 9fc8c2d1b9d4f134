/* kcc24-p6 AVX2 + GFNI + PCLMULQDQ: the x86 kernel with each byte rotation
 * done by one GF(2) affine transform (an 8x8 bit matrix that permutes bits). */
#include <immintrin.h>
#include <stdint.h>

/* Row i of the matrix (byte 7 - i of the qword) selects input bit (i - J) mod 8. */
#define ROT_MATRIX(J)                                                                     \
    ((1ull << ((0 - (J)) & 7)) << 56 | (1ull << ((1 - (J)) & 7)) << 48 |                  \
     (1ull << ((2 - (J)) & 7)) << 40 | (1ull << ((3 - (J)) & 7)) << 32 |                  \
     (1ull << ((4 - (J)) & 7)) << 24 | (1ull << ((5 - (J)) & 7)) << 16 |                  \
     (1ull << ((6 - (J)) & 7)) << 8 | (1ull << ((7 - (J)) & 7)))
#define ROT_MATRIX4(J) {ROT_MATRIX(J), ROT_MATRIX(J), ROT_MATRIX(J), ROT_MATRIX(J)}
static const uint64_t rot_matrices[8][4] __attribute__((aligned(32))) = {
    ROT_MATRIX4(0), ROT_MATRIX4(1), ROT_MATRIX4(2), ROT_MATRIX4(3),
    ROT_MATRIX4(4), ROT_MATRIX4(5), ROT_MATRIX4(6), ROT_MATRIX4(7),
};
#define ROTB_CONSTS ((const __m256i *)(const void *)rot_matrices)
#define ROTB(x, J, c) _mm256_gf2p8affine_epi64_epi8((x), _mm256_load_si256(&(c)[J]), 0)

#include "x86_kernel.tmpl.h"

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
