/* kcc24-p6 AVX2 + PCLMULQDQ: the x86 kernel with byte rotations made of
 * 16-bit shifts and masks (five instructions; three for rotations by one bit). */
#include <immintrin.h>

/* byte-wise rotate left by J (1..7): 16-bit shifts, then keep each byte's own
 * bits (five instructions). Three for the two rotations by one bit:
 * - left: x + x, minus (x < 0 ? -1 : 0) to bring the top bit round;
 * - right: avg(x, m) = (x + m + 1) >> 1 in 9 bits, with m = 0xFF where the low
 *   bit is set (the low bit, moved to the sign by a 16-bit shift by 7). */
static inline __attribute__((always_inline)) __m256i rotb(__m256i x, int j)
{
    const __m256i zero = _mm256_setzero_si256();
    if (j == 1) return _mm256_sub_epi8(_mm256_add_epi8(x, x), _mm256_cmpgt_epi8(zero, x));
    if (j == 7) return _mm256_avg_epu8(x, _mm256_cmpgt_epi8(zero, _mm256_slli_epi16(x, 7)));
    return _mm256_or_si256(_mm256_and_si256(_mm256_slli_epi16(x, j), _mm256_set1_epi8((char)(0xff << j))),
                           _mm256_and_si256(_mm256_srli_epi16(x, 8 - j), _mm256_set1_epi8((char)(0xff >> (8 - j)))));
}
#define ROTB(x, J) rotb((x), (J))

#include "x86_kernel.h"

const kcc24p6_impl lwcx_kcc24p6_avx2 = {
    .desc = {
        .name = "avx2",
        .description = "AVX2 + PCLMULQDQ: 32 byte-sliced blocks per register, carry-less tag",
        .features = LWCX_CPU_AVX2 | LWCX_CPU_PCLMUL,
        .batch = 32,
        .constant_time = 1,
    },
    .ctr = x86_ctr,
    .tag = x86_tag,
};
