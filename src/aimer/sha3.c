/* AIMer sha3 (ARMv8.2-A with the SHA3 extension, and PMULL): the neon
 * implementation's field and affine kernels, with a Keccak on the SHA3
 * instructions: EOR3 for theta's column sums, RAX1 for its d, XAR for the
 * XOR and rotation of rho, BCAX for chi, two states in one q register.
 * Single hashes run the same permutation with the second lane idle: about
 * 66 instructions a round against about 126 for the scalar Keccak. A
 * separate implementation (CPU feature sha3, HWCAP_SHA3), not a run-time
 * branch inside neon, so that each is forced, tested and measured alone. */
#include "field_pmull.h"
#include "keccak.h"
#include "neon_common.h"

AIMER_FAST_KERNELS(lwcx_aimer_sha3, pm_mul, pm_sqr, neon_apply_w)

/* ---- Keccak on EOR3, RAX1, XAR, BCAX ------------------------------------------- */

#define KR_XOR(a, b) veorq_u64(a, b)
#define KR_XOR5(a, b, c, d, e) veor3q_u64(veor3q_u64(a, b, c), d, e)
#define KR_ROL(x, n) vxarq_u64(x, vdupq_n_u64(0), 64 - (n)) /* not used by the round */
#define KR_ROL_XOR(a, d, n) vxarq_u64(a, d, 64 - (n))       /* XAR rotates right */
#define KR_XOR_ROL1(c, b) vrax1q_u64(c, b)
#define KR_CHI(a, b, c) vbcaxq_u64(a, c, b) /* a ^ (c & ~b) */
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

/* one state in the low lanes (the high ones zero, then ignored) */
static void permute1(uint64_t *s)
{
#define LOAD_(i) uint64x2_t a##i = vcombine_u64(vld1_u64(s + (i)), vdup_n_u64(0)), e##i;
#define STORE_(i) vst1_u64(s + (i), vget_low_u64(a##i));
    KECCAK_F1600(uint64x2_t, LOAD_, STORE_);
#undef LOAD_
#undef STORE_
}

LWCX_KECCAK_XOF_AROUND(xof_absorb, xof_final, hash1, permute1)

static LWCX_NODISCARD int shake_x2(unsigned sec, uint8_t *const out[AIMER_MAX_WAYS], size_t outlen,
                    const uint8_t *const in[AIMER_MAX_WAYS], size_t inlen, unsigned count)
{
    uint64_t st[25 * 2];
    if (count == 1) return hash1(sec, out[0], outlen, in[0], inlen);
    lwcx_keccak_shake_lanes(sec, out, outlen, in, inlen, count, 2, st, permute2);
    return 0;
}

const aimer_impl lwcx_aimer_sha3 = {
    .desc = {
        .name = "sha3",
        .description = "ARMv8.2 SHA3 + PMULL: the neon field and affine kernels, Keccak on "
                       "EOR3/RAX1/XAR/BCAX, 2-way",
        .features = LWCX_CPU_NEON | LWCX_CPU_PMULL | LWCX_CPU_SHA3,
        .batch = 2,
        .constant_time = 1,
    },
    .field = AIMER_FAST_FIELDS(pm_mul, pm_sqr),
    .affine_bytes = aimer_sliced_bytes,
    .affine_init = aimer_sliced_init,
    .affine_apply = aimer_fast_affine_apply,
    .xof_init = lwcx_keccak_xof_init,
    .xof_absorb = xof_absorb,
    .xof_final = xof_final,
    .xof_copy = lwcx_keccak_xof_copy,
    .xof_release = lwcx_keccak_xof_release,
    .ways = 2,
    .shake_xn = shake_x2,
};
