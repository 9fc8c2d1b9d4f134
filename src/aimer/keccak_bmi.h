/* A scalar Keccak-f[1600] for the x86-64 implementations' single-state
 * hashes, compiled for BMI1 (andn makes chi one instruction a lane: faster
 * than keccak.c's, docs/design/aimer.md); their descriptors require LWCX_CPU_BMI1. Its
 * operations are the KS_* ones, so the includer defines its vector KR_*. */
#ifndef LWCX_AIMER_KECCAK_BMI_H
#define LWCX_AIMER_KECCAK_BMI_H

#include "keccak.h"
#include "keccak_round.tmpl.h"

/* the scalar operations, prefix KS (KECCAK_ROUND_P), which the vector
 * implementations also use for a single state run beside their own */
#define KS_XOR(a, b) ((a) ^ (b))
#define KS_XOR5(a, b, c, d, e) ((a) ^ (b) ^ (c) ^ (d) ^ (e))
#define KS_ROL(x, n) (((x) << (n)) | ((x) >> (64 - (n))))
#define KS_ROL_XOR(a, d, n) KS_ROL((a) ^ (d), n)
#define KS_XOR_ROL1(c, b) ((c) ^ KS_ROL(b, 1))
#define KS_CHI(a, b, c) ((a) ^ (~(b) & (c)))
#define KS_IOTA(a, i) ((a) ^ lwcx_keccak_rc[i])

__attribute__((target("bmi"))) static inline void keccak_bmi(uint64_t *s)
{
#define LOAD_(i) uint64_t a##i = s[i], e##i;
#define STORE_(i) s[i] = a##i;
    KECCAK_F1600_P(KS, uint64_t, LOAD_, STORE_);
#undef LOAD_
#undef STORE_
}

LWCX_KECCAK_XOF_AROUND(keccak_bmi_absorb, keccak_bmi_final, keccak_bmi_x1, keccak_bmi)

#endif
