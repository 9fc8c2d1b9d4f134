/* SPARKLE, unrolled portable C: the branch count is a compile-time constant
 * in each specialization, so every loop over branches unrolls and the whole
 * state lives in registers; the linear layer is written as register moves
 * instead of the in-place array shuffle of the reference. */
#include "sparkle_impl.h"

#define ROR(x, r) (((x) >> (r)) | ((x) << (32 - (r))))

#define ELL(x) ROR((x) ^ ((x) << 16), 16)

/* Alzette on boxes first .. first+n-1, each operation issued for all n
 * before the next: the boxes are independent chains, and interleaved in
 * program order the core overlaps them sooner (box after box was slower
 * than ref; docs/design/sparkle.md, "opt and ref"). */
static inline __attribute__((always_inline)) void alzette_group(uint32_t *x, uint32_t *y, const unsigned first,
                                                                 const unsigned n)
{
#define EACH for (unsigned b = first; b < first + n; b++)
    EACH x[b] += ROR(y[b], 31);
    EACH y[b] ^= ROR(x[b], 24);
    EACH x[b] ^= lwcx_sparkle_rcon[b];
    EACH x[b] += ROR(y[b], 17);
    EACH y[b] ^= ROR(x[b], 17);
    EACH x[b] ^= lwcx_sparkle_rcon[b];
    EACH x[b] += y[b];
    EACH y[b] ^= ROR(x[b], 31);
    EACH x[b] ^= lwcx_sparkle_rcon[b];
    EACH x[b] += ROR(y[b], 24);
    EACH y[b] ^= ROR(x[b], 16);
    EACH x[b] ^= lwcx_sparkle_rcon[b];
#undef EACH
}

static inline __attribute__((always_inline)) void permute_nb(uint32_t *s, unsigned steps, const unsigned NB)
{
    uint32_t x[SPARKLE_MAX_BRANCHES], y[SPARKLE_MAX_BRANCHES];
    const unsigned half = NB / 2;
    for (unsigned b = 0; b < NB; b++) x[b] = s[2 * b], y[b] = s[2 * b + 1];
    for (unsigned step = 0; step < steps; step++) {
        y[0] ^= lwcx_sparkle_rcon[step & 7];
        y[1] ^= step;
        if (NB == 8) { /* eight interleaved need 16 words and their temporaries: spills */
            for (unsigned b = 0; b < NB; b++) alzette_group(x, y, b, 1);
        } else {
            alzette_group(x, y, 0, NB);
        }
        uint32_t tx = x[0], ty = y[0];
        for (unsigned b = 1; b < half; b++) tx ^= x[b], ty ^= y[b];
        tx = ELL(tx);
        ty = ELL(ty);
        /* Feistel: right ^= left ^ (ty, tx), rotated by one branch; then swap halves */
        uint32_t nx[SPARKLE_MAX_BRANCHES], ny[SPARKLE_MAX_BRANCHES];
        for (unsigned b = 0; b < half; b++) {
            const unsigned from = (b + 1) % half;
            nx[b] = x[half + from] ^ x[from] ^ ty;
            ny[b] = y[half + from] ^ y[from] ^ tx;
            nx[half + b] = x[b];
            ny[half + b] = y[b];
        }
        for (unsigned b = 0; b < NB; b++) x[b] = nx[b], y[b] = ny[b];
    }
    for (unsigned b = 0; b < NB; b++) s[2 * b] = x[b], s[2 * b + 1] = y[b];
}

static void opt_permute(uint32_t *s, unsigned nb, unsigned steps)
{
    switch (nb) {
    case 4: permute_nb(s, steps, 4); break;
    case 6: permute_nb(s, steps, 6); break;
    default: permute_nb(s, steps, 8); break;
    }
}

const sparkle_impl lwcx_sparkle_opt = {
    .desc = {
        .name = "opt",
        .description = "unrolled portable C, state in registers",
        .batch = 1,
        .constant_time = 1,
    },
    .permute = opt_permute,
};
