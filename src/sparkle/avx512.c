/* SPARKLE AVX-512: 16 states side by side, one per 32-bit lane of a zmm,
 * for the batch permutation and the modes' batch entry points (lanes.tmpl.h, the
 * code avx2.c runs on 8 lanes). Every rotation is one vprord, and the
 * three-way XORs of the Feistel and the modes one vpternlogd. One state:
 * avx2's xmm code (xmm1.tmpl.h), with vprord. */
#include <immintrin.h>

#include "sparkle_impl.h"

extern const sparkle_impl lwcx_sparkle_avx512; /* defined at the end */

typedef __m512i V;
#define LANES 16

#define v_ror(v, r) _mm512_ror_epi32((v), (r))
#define v_add _mm512_add_epi32
#define v_xor _mm512_xor_si512
#define v_xor3(a, b, c) _mm512_ternarylogic_epi32((a), (b), (c), 0x96) /* a ^ b ^ c */
#define v_set1(w) _mm512_set1_epi32((int)(w))
#define v_zero _mm512_setzero_si512
#define V_UNPACKLO32 _mm512_unpacklo_epi32
#define V_UNPACKHI32 _mm512_unpackhi_epi32
#define V_UNPACKLO64 _mm512_unpacklo_epi64
#define V_UNPACKHI64 _mm512_unpackhi_epi64

/* ell(t) = ror16(t) ^ (t & 0xffff), the AND and the XOR in one vpternlogd. */
#define v_ell_r(t, rt) _mm512_ternarylogic_epi32((rt), (t), _mm512_set1_epi32(0xffff), 0x78) /* a ^ (b & c) */
#define v_lo16(v) _mm512_and_si512((v), _mm512_set1_epi32(0xffff))
#define v_srl16(v) _mm512_srli_epi32((v), 16)

/* One state: avx2's xmm code (xmm1.tmpl.h) with vprord rotations, one cycle where
 * a shift pair takes two. */
#define x_ror31(v) _mm_ror_epi32((v), 31)
#define x_ror17(v) _mm_ror_epi32((v), 17)
#include "xmm1.tmpl.h"

/* SPARKLE256's permutation runs two groups of 16 states interleaved where it
 * has 32 or more: one group's step is a chain of dependent operations that
 * leaves the pipes idle part of the time, and a second group fills them.
 * SPARKLE384's two groups (24 state words) spill: a little faster with gcc,
 * far slower with clang; the modes run one group (docs/design/sparkle.md,
 * "Two groups"). */
#define LANES_TWO_GROUPS(nb, modes) ((nb) == 4 && !(modes))
/* Measured faster for SPARKLE256, 384 and 512 on Zen 5 (docs/design/sparkle.md) */
#define LANES_FEISTEL_EARLY 1
#define LANES_SELF lwcx_sparkle_avx512
#define lanes_permute1 xmm_permute

#include "lanes.tmpl.h"

LANES_INLINE V v_rows_in(const uint8_t *const *p, size_t off, unsigned i, const unsigned n)
{
    V v = _mm512_castsi128_si512(row_load(p[i] + off, n));
    v = _mm512_inserti32x4(v, row_load(p[i + 4] + off, n), 1);
    v = _mm512_inserti32x4(v, row_load(p[i + 8] + off, n), 2);
    return _mm512_inserti32x4(v, row_load(p[i + 12] + off, n), 3);
}

LANES_INLINE void v_rows_out(V v, uint8_t *const *p, size_t off, unsigned i, const unsigned n, size_t rows)
{
    if (i < rows) row_store(p[i] + off, _mm512_castsi512_si128(v), n);
    if (i + 4 < rows) row_store(p[i + 4] + off, _mm512_extracti32x4_epi32(v, 1), n);
    if (i + 8 < rows) row_store(p[i + 8] + off, _mm512_extracti32x4_epi32(v, 2), n);
    if (i + 12 < rows) row_store(p[i + 12] + off, _mm512_extracti32x4_epi32(v, 3), n);
}

const sparkle_impl lwcx_sparkle_avx512 = {
    .desc = {
        .name = "avx512",
        .description = "AVX-512: branches in SIMD lanes with vprord (one SPARKLE384/512 state), 16 states per register (many)",
        .features = LWCX_CPU_AVX512,
        .batch = 16,
        .constant_time = 1,
    },
    .permute = xmm_permute,
    .permute_many = lanes_permute_many,
    .esch_absorb_many = lanes_esch_absorb_many,
    .schwaemm_blocks_many = lanes_schwaemm_blocks_many,
};
