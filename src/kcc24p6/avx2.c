/* kcc24-p6 AVX2 + PCLMULQDQ: the x86 kernel with byte rotations made of
 * 16-bit shifts and masks (five instructions; three for rotations by one bit). */
#include <immintrin.h>
#include <stdint.h>

/* The masks of a byte-wise rotation left by j: row j holds the bits each byte
 * keeps of the 16-bit shift left by j, then of the shift right by 8 - j. */
#define ROT_MASK_HI(j) (0x0101010101010101u * ((0xffu << (j)) & 0xffu))
#define ROT_MASK_LO(j) (0x0101010101010101u * (0xffu >> (8 - (j)) & 0xffu))
#define ROT_MASKS(j) {{ROT_MASK_HI(j), ROT_MASK_HI(j), ROT_MASK_HI(j), ROT_MASK_HI(j)}, \
                      {ROT_MASK_LO(j), ROT_MASK_LO(j), ROT_MASK_LO(j), ROT_MASK_LO(j)}}
static const uint64_t rot_masks[8][2][4] __attribute__((aligned(32))) = {
    ROT_MASKS(0), ROT_MASKS(1), ROT_MASKS(2), ROT_MASKS(3),
    ROT_MASKS(4), ROT_MASKS(5), ROT_MASKS(6), ROT_MASKS(7),
};
#define ROTB_CONSTS ((const __m256i *)(const void *)rot_masks)

/* byte-wise rotate left by J (1..7): 16-bit shifts, then keep each byte's own
 * bits (five instructions; the masks from c, the table above). Three for the
 * two rotations by one bit:
 * - left: x + x, minus (x < 0 ? -1 : 0) to bring the top bit round;
 * - right: avg(x, m) = (x + m + 1) >> 1 in 9 bits, with m = 0xFF where the low
 *   bit is set (the low bit, moved to the sign by a 16-bit shift by 7). */
static inline __attribute__((always_inline)) __m256i rotb(__m256i x, int j, const __m256i *c)
{
    const __m256i zero = _mm256_setzero_si256();
    if (j == 1) return _mm256_sub_epi8(_mm256_add_epi8(x, x), _mm256_cmpgt_epi8(zero, x));
    if (j == 7) return _mm256_avg_epu8(x, _mm256_cmpgt_epi8(zero, _mm256_slli_epi16(x, 7)));
    return _mm256_or_si256(_mm256_and_si256(_mm256_slli_epi16(x, j), _mm256_load_si256(&c[2 * j])),
                           _mm256_and_si256(_mm256_srli_epi16(x, 8 - j), _mm256_load_si256(&c[2 * j + 1])));
}
#define ROTB(x, J, c) rotb((x), (J), (c))

#include "x86_kernel.tmpl.h"

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
