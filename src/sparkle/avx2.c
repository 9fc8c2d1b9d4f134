/* SPARKLE AVX2.
 *
 * One state: in xmm registers (xmm1.tmpl.h), the branches of a half side by side;
 * SPARKLE256's in the scalar code (xmm_permute). Where a simple vector
 * operation's latency is twice a scalar one's, this path is slower than
 * the scalar unrolled code: Alzette is one 19-operation chain per step
 * either way (docs/design/sparkle.md, "One state in xmm registers").
 *
 * Many states (the batch permutation and the modes' batch entry points):
 * 8 states side by side, one per 32-bit lane of a ymm, through lanes.tmpl.h. */
#include <immintrin.h>

#include "sparkle_impl.h"

extern const sparkle_impl lwcx_sparkle_avx2; /* defined at the end */

/* ---- One state (xmm1.tmpl.h): rotations by 31 an add and a shift (adds run on
 * more ports than shifts), by 17 two shifts ---- */

static inline __m128i x_ror31(__m128i v)
{
    return _mm_or_si128(_mm_add_epi32(v, v), _mm_srli_epi32(v, 31));
}
static inline __m128i x_ror17(__m128i v)
{
    return _mm_or_si128(_mm_srli_epi32(v, 17), _mm_slli_epi32(v, 15));
}

#include "xmm1.tmpl.h"

/* ---- 256-bit helpers (8 states, one per lane) for lanes.tmpl.h ----
 * Rotations by 16 and 24 are byte shuffles, by 31 an add and a shift (adds
 * run on more ports than shifts), by 17 two shifts. */

typedef __m256i V;
#define LANES 8

static inline V v_ror_31(V v)
{
    return _mm256_or_si256(_mm256_add_epi32(v, v), _mm256_srli_epi32(v, 31));
}
static inline V v_ror_17(V v)
{
    return _mm256_or_si256(_mm256_srli_epi32(v, 17), _mm256_slli_epi32(v, 15));
}
static inline V v_ror_24(V v)
{
    return _mm256_shuffle_epi8(v, _mm256_broadcastsi128_si256(X_ROR24));
}
static inline V v_ror_16(V v)
{
    return _mm256_shuffle_epi8(v, _mm256_broadcastsi128_si256(X_ROR16));
}
#define v_ror(v, r) v_ror_##r(v)
#define v_add _mm256_add_epi32
#define v_xor _mm256_xor_si256
#define v_xor3(a, b, c) _mm256_xor_si256(_mm256_xor_si256(a, b), c)
#define v_set1(w) _mm256_set1_epi32((int)(w))
#define v_zero _mm256_setzero_si256
#define V_UNPACKLO32 _mm256_unpacklo_epi32
#define V_UNPACKHI32 _mm256_unpackhi_epi32
#define V_UNPACKLO64 _mm256_unpacklo_epi64
#define V_UNPACKHI64 _mm256_unpackhi_epi64

/* ell given ror16(t): the low halves of t by a blend with zero */
#define v_ell_r(t, rt) _mm256_xor_si256((rt), _mm256_blend_epi16(_mm256_setzero_si256(), (t), 0x55))
#define v_lo16(v) _mm256_blend_epi16(_mm256_setzero_si256(), (v), 0x55)
#define v_srl16(v) _mm256_srli_epi32((v), 16)

/* Two groups of 8 states interleaved (16 boxes per step for SPARKLE256)
 * keep the pipes busy without drowning in spills; faster where measured
 * (docs/design/sparkle.md, "Many states in lanes") for the permutation of
 * SPARKLE256 and 384, for the modes of SPARKLE256 only (lanes.tmpl.h asks
 * for nb 8, and the modes' nb 6, never). */
#define LANES_TWO_GROUPS(nb, modes) 1
/* The early Feistel's extra operations cost more than its shorter path
 * saves in 16 registers (measured on Zen 5, docs/design/sparkle.md) */
#define LANES_FEISTEL_EARLY 0
#define LANES_SELF lwcx_sparkle_avx2
#define lanes_permute1 xmm_permute

#include "lanes.tmpl.h"

LANES_INLINE V v_rows_in(const uint8_t *const *p, size_t off, unsigned i, const unsigned n)
{
    return _mm256_inserti128_si256(_mm256_castsi128_si256(row_load(p[i] + off, n)), row_load(p[i + 4] + off, n), 1);
}

LANES_INLINE void v_rows_out(V v, uint8_t *const *p, size_t off, unsigned i, const unsigned n, size_t rows)
{
    if (i < rows) row_store(p[i] + off, _mm256_castsi256_si128(v), n);
    if (i + 4 < rows) row_store(p[i + 4] + off, _mm256_extracti128_si256(v, 1), n);
}

const sparkle_impl lwcx_sparkle_avx2 = {
    .desc = {
        .name = "avx2",
        .description = "AVX2: branches in SIMD lanes (one SPARKLE384/512 state), 8 states per register (many)",
        .features = LWCX_CPU_AVX2,
        .batch = 8,
        .constant_time = 1,
    },
    .permute = xmm_permute,
    .permute_many = lanes_permute_many,
    .esch_absorb_many = lanes_esch_absorb_many,
    .schwaemm_blocks_many = lanes_schwaemm_blocks_many,
};
