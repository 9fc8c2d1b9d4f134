/* PIPO-64/128 and PIPO-64/256 bitsliced over 256 blocks with AVX2: the
 * rounds of pipo/bs_core.tmpl.h on __m256i words. Word w holds bit w of 256
 * blocks (block = little-endian 64-bit integer): in 64-bit lane q of word w,
 * bit k is bit w of block 4 k + q. So packing loads four consecutive blocks
 * per register as they are and runs the SWAR 64x64 transpose on the four
 * lanes at once (blends for the 32-, 16- and 8-bit stages). One key:
 * expand() stores every key bit as a 256-bit all-0/all-1 mask (4 or 8 KiB),
 * so the key XOR is one vpxor with a memory operand. Compiled with -mavx2
 * only; chosen at run time when the CPU has AVX2. */
#include "../bitslice/bs_word_avx2.h"
#include "bs_core.tmpl.h"
#include "bs_pack.tmpl.h"

BS_INLINE void pack(__m256i x[64], const uint8_t *in)
{
    pipo_bs_pack_rows(x, in, sizeof(__m256i));
}

BS_INLINE void unpack(uint8_t *out, __m256i x[64])
{
    pipo_bs_unpack(out, x);
}

/* in place, for key words */
BS_INLINE void transpose(__m256i x[64])
{
    pack(x, (const uint8_t *)x);
}

/* --- one key -------------------------------------------------------------------- */

/* bit n of the byte string as a 256-bit mask, n < 8 nbytes */
static void masks(__m256i *m, const uint8_t *bytes, unsigned nbytes)
{
    const __m256i sel = _mm256_setr_epi8(1, 2, 4, 8, 16, 32, 64, -128, 1, 2, 4, 8, 16, 32, 64, -128,
                                         1, 2, 4, 8, 16, 32, 64, -128, 1, 2, 4, 8, 16, 32, 64, -128);
    for (unsigned i = 0; i < nbytes; i++) {
        /* byte i in every byte, masked by its bit; equal where the bit is set */
        __m256i v = _mm256_and_si256(_mm256_set1_epi8((char)bytes[i]), sel);
        v = _mm256_cmpeq_epi8(v, sel); /* byte b: 0xFF iff bit b % 8 is set */
        /* spread byte j of each 8-byte group to a whole register */
        for (int j = 0; j < 8; j++)
            m[8 * i + j] = _mm256_shuffle_epi8(v, _mm256_set1_epi8((char)j));
    }
}

/* Key word w of the 256 lanes sliced like blocks: lane q of register k gets
 * the key of block 4 k + q. */
static void pipo_bs_load_keys(__m256i k[][64], const uint8_t *keys, unsigned nkw)
{
    const unsigned kb = 8 * nkw;
    for (unsigned w = 0; w < nkw; w++) {
        for (int r = 0; r < 64; r++) {
            const uint8_t *p = keys + kb * 4 * r + 8 * w;
            k[w][r] = _mm256_setr_epi64x((long long)lwcx_load64le(p), (long long)lwcx_load64le(p + kb),
                                         (long long)lwcx_load64le(p + 2 * kb),
                                         (long long)lwcx_load64le(p + 3 * kb));
        }
        transpose(k[w]);
    }
}

#ifndef PIPO_BS_IMPL /* pipo/avx512vl.c names its own */
#define PIPO_BS_IMPL(n) lwcx_bc_pipo##n##_avx2
#define PIPO_BS_DESC \
    {.name = "avx2", \
     .description = "AVX2: 256 blocks bitsliced in 64 ymm, 34-op S-box circuit, R-layer as renaming", \
     .features = LWCX_CPU_AVX2, \
     .batch = BS_LANES, \
     .constant_time = 1}
#endif
#include "bs_impl.tmpl.h"
