/* SPARKLE, unrolled portable C: the branch count is a compile-time constant
 * in each specialization, so every loop over branches unrolls and the whole
 * state lives in registers; the linear layer is written as register moves
 * instead of the in-place array shuffle of the reference. */
#include "sparkle_impl.h"

#define ROR(x, r) (((x) >> (r)) | ((x) << (32 - (r))))

#define ALZETTE(x, y, c)                                  \
    do {                                                  \
        (x) += ROR((y), 31), (y) ^= ROR((x), 24), (x) ^= (c); \
        (x) += ROR((y), 17), (y) ^= ROR((x), 17), (x) ^= (c); \
        (x) += (y), (y) ^= ROR((x), 31), (x) ^= (c);          \
        (x) += ROR((y), 24), (y) ^= ROR((x), 16), (x) ^= (c); \
    } while (0)

#define ELL(x) ROR((x) ^ ((x) << 16), 16)

static inline __attribute__((always_inline)) void permute_nb(uint32_t *s, unsigned steps, const unsigned NB)
{
    uint32_t x[SPARKLE_MAX_BRANCHES], y[SPARKLE_MAX_BRANCHES];
    const unsigned half = NB / 2;
    for (unsigned b = 0; b < NB; b++) x[b] = s[2 * b], y[b] = s[2 * b + 1];
    for (unsigned step = 0; step < steps; step++) {
        y[0] ^= lwcx_sparkle_rcon[step & 7];
        y[1] ^= step;
        for (unsigned b = 0; b < NB; b++) ALZETTE(x[b], y[b], lwcx_sparkle_rcon[b]);
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
