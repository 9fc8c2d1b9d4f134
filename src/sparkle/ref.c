/* SPARKLE reference: the specification's loops. Each step adds two
 * constants, runs the Alzette ARX-box on every branch, then the linear layer:
 * a Feistel round that mixes the left half into the right half through the
 * function ell, and swaps the halves with a one-branch rotation. */
#include "sparkle_impl.h"

const uint32_t lwcx_sparkle_rcon[SPARKLE_MAX_BRANCHES] = {
    0xB7E15162, 0xBF715880, 0x38B4DA56, 0x324E7738, 0xBB1185EB, 0x4F7C7B57, 0xCFBFA1C8, 0xC2B3293D,
};

static void alzette(uint32_t *x, uint32_t *y, uint32_t c)
{
    *x += lwcx_ror32(*y, 31);
    *y ^= lwcx_ror32(*x, 24);
    *x ^= c;
    *x += lwcx_ror32(*y, 17);
    *y ^= lwcx_ror32(*x, 17);
    *x ^= c;
    *x += *y;
    *y ^= lwcx_ror32(*x, 31);
    *x ^= c;
    *x += lwcx_ror32(*y, 24);
    *y ^= lwcx_ror32(*x, 16);
    *x ^= c;
}

static uint32_t ell(uint32_t x)
{
    return lwcx_ror32(x ^ (x << 16), 16);
}

static inline __attribute__((always_inline)) void steps_nb(uint32_t *s, const unsigned nb, unsigned steps)
{
    const unsigned half = nb / 2; /* branches per half */
    for (unsigned step = 0; step < steps; step++) {
        s[1] ^= lwcx_sparkle_rcon[step % SPARKLE_MAX_BRANCHES];
        s[3] ^= step;
        for (unsigned b = 0; b < nb; b++) alzette(&s[2 * b], &s[2 * b + 1], lwcx_sparkle_rcon[b]);

        /* tx, ty: ell of the XOR of the left half's x and y words */
        uint32_t tx = 0, ty = 0;
        for (unsigned b = 0; b < half; b++) {
            tx ^= s[2 * b];
            ty ^= s[2 * b + 1];
        }
        tx = ell(tx);
        ty = ell(ty);
        /* new left branch b-1 (cyclically) = right branch b ^ left branch b ^ (ty, tx);
         * new right branch b = old left branch b */
        const uint32_t x0 = s[0], y0 = s[1];
        for (unsigned b = 1; b < half; b++) {
            s[2 * (b - 1)] = s[2 * (b + half)] ^ s[2 * b] ^ ty;
            s[2 * (b - 1) + 1] = s[2 * (b + half) + 1] ^ s[2 * b + 1] ^ tx;
            s[2 * (b + half)] = s[2 * b];
            s[2 * (b + half) + 1] = s[2 * b + 1];
        }
        s[2 * (half - 1)] = s[2 * half] ^ x0 ^ ty;
        s[2 * (half - 1) + 1] = s[2 * half + 1] ^ y0 ^ tx;
        s[2 * half] = x0;
        s[2 * half + 1] = y0;
    }
}

/* the steps for each branch count, so that the compilers see the loops'
 * bounds and keep the state in registers (clang left the step's first
 * constants and the linear layer in memory: docs/design/sparkle.md, "opt
 * and ref") */
static void ref_permute(uint32_t *s, unsigned nb, unsigned steps)
{
    switch (nb) {
    case 4: steps_nb(s, 4, steps); break;
    case 6: steps_nb(s, 6, steps); break;
    case 8: steps_nb(s, 8, steps); break;
    default: steps_nb(s, nb, steps); break;
    }
}

const sparkle_impl lwcx_sparkle_ref = {
    .desc = {
        .name = "ref",
        .description = "the specification's loops",
        .batch = 1,
        .constant_time = 1,
    },
    .permute = ref_permute,
};
