/* AIMer neon (ARMv8-A Advanced SIMD + PMULL): field products and squares
 * by PMULL/PMULL2 with the reduction by a multiply (field_pmull.h), the
 * affine layer and the large Frobenius powers as word-sliced masked sums two
 * rows a vector, a 2-way Keccak in NEON registers for the many independent
 * hashes and the scalar Keccak (keccak.c) for the single ones.
 *
 * Why this field arithmetic (instruction counts of the compiled kernels:
 * docs/design/aimer.md):
 * schoolbook needs 4 PMULL for a 128-bit product where Karatsuba needs 3,
 * but Karatsuba's middle operands and recombination cost more EOR/EXT than
 * the PMULL saved (PMULL is fully pipelined on the cores of interest), and
 * the reduction by two PMULL by 0x87 replaces about twice as many shifts
 * and EORs. Build with -DAIMER_PMULL_KARATSUBA to get the other variant. */
#include "field_pmull.h"
#include "keccak.h"
#include "neon_common.h"

/* ---- GF(2^n): pm_mul2..4, pm_sqr2..4 (field_pmull.h) ------------------------- */

/* sqr_n, the exponentiations and affine_apply over mul, sqr and apply_w */
AIMER_FAST_KERNELS(lwcx_aimer_neon, pm_mul, pm_sqr, neon_apply_w)

/* ---- 2-way Keccak: lane i of the two states in one q register ----------- */

#define KR_XOR(a, b) veorq_u64(a, b)
#define KR_XOR5(a, b, c, d, e) veorq_u64(veorq_u64(veorq_u64(a, b), veorq_u64(c, d)), e)
#define KR_ROL(x, n) vsriq_n_u64(vshlq_n_u64(x, n), x, 64 - (n)) /* SHL, then SRI the top bits */
#define KR_CHI(a, b, c) veorq_u64(a, vbicq_u64(c, b))
#define KR_IOTA(a, i) veorq_u64(a, vdupq_n_u64(lwcx_keccak_rc[i]))
#include "keccak_round.tmpl.h"

static void permute2(uint64_t *st)
{
#define LOAD_(i) uint64x2_t a##i = vld1q_u64(st + 2 * (i)), e##i;
#define STORE_(i) vst1q_u64(st + 2 * (i), a##i);
    KECCAK_F1600(uint64x2_t, LOAD_, STORE_);
#undef LOAD_
#undef STORE_
}

static LWCX_NODISCARD int shake_x2(unsigned sec, uint8_t *const out[AIMER_MAX_WAYS], size_t outlen,
                    const uint8_t *const in[AIMER_MAX_WAYS], size_t inlen, unsigned count)
{
    uint64_t st[25 * 2];
    if (count == 1) return lwcx_keccak_shake_x1(sec, out, outlen, in, inlen, 1);
    lwcx_keccak_shake_lanes(sec, out, outlen, in, inlen, count, 2, st, permute2);
    return 0;
}

const aimer_impl lwcx_aimer_neon = {
    .desc = {
        .name = "neon",
        .description = "NEON + PMULL: carry-less field products reduced by a multiply, 2-row masked "
                       "affine layer, 2-way Keccak in q registers",
        .features = LWCX_CPU_NEON | LWCX_CPU_PMULL,
        .batch = 2,
        .constant_time = 1,
    },
    .field = AIMER_FAST_FIELDS(pm_mul, pm_sqr),
    .affine_bytes = aimer_sliced_bytes,
    .affine_init = aimer_sliced_init,
    .affine_apply = aimer_fast_affine_apply,
    .xof_init = lwcx_keccak_xof_init,
    .xof_absorb = lwcx_keccak_xof_absorb,
    .xof_final = lwcx_keccak_xof_final,
    .xof_copy = lwcx_keccak_xof_copy,
    .xof_release = lwcx_keccak_xof_release,
    .ways = 2,
    .shake_xn = shake_x2,
};
