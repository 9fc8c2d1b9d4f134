/* kcc24-p6 AVX2 + PCLMULQDQ: the x86 kernel with byte rotations made of
 * 16-bit shifts and masks (five instructions). */
#include <immintrin.h>

/* byte-wise rotate left by J (1..7): 16-bit shifts, then keep each byte's own bits */
#define ROTB(x, J)                                                                                   \
    _mm256_or_si256(_mm256_and_si256(_mm256_slli_epi16((x), (J)), _mm256_set1_epi8((char)(0xff << (J)))), \
                    _mm256_and_si256(_mm256_srli_epi16((x), 8 - (J)), _mm256_set1_epi8((char)(0xff >> (8 - (J))))))

#include "x86_kernel.h"

const kcc24p6_impl kcc24p6_avx2 = {
    {"avx2", "AVX2 + PCLMULQDQ: 32 byte-sliced blocks per register, carry-less tag",
     LWCX_CPU_AVX2 | LWCX_CPU_PCLMUL, 32},
    x86_ctr,
    x86_tag,
};
