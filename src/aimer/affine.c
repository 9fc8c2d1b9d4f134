/* The affine layer of AIM2 expanded from the IV: squeezed, then turned
 * into the rows of A = L U, and applied row by row. */
#include <stdlib.h>

#include "aimer_impl.h"

void lwcx_aimer_rows_apply(const aimer_params *p, const aimer_gf *rows, uint64_t *y, const uint64_t *x)
{
    for (unsigned r = 0; r < p->n; r++) {
        const uint64_t m = -((x[r / 64] >> (r % 64)) & 1);
        for (unsigned w = 0; w < p->words; w++) y[w] ^= rows[r][w] & m;
    }
}

/* row j of L: the squeezed bits >= j, bit j set */
static void lower_row(const aimer_params *p, uint64_t *l, const uint8_t *bytes, unsigned j)
{
    aimer_gf_from_bytes(p, l, bytes);
    for (unsigned w = 0; w < j / 64; w++) l[w] = 0;
    l[j / 64] = (l[j / 64] & (~(uint64_t)0 << (j % 64))) | (uint64_t)1 << (j % 64);
}

uint8_t *lwcx_aimer_affine_squeeze(const aimer_impl *im, const aimer_params *p, const uint8_t *iv)
{
    const size_t len = ((size_t)p->L * p->n + 1) * p->lambda;
    uint8_t *buf = malloc(len);
    aimer_xof x;
    im->xof_init(&x, p->n);
    im->xof_absorb(&x, iv, p->lambda);
    if (!buf) {
        im->xof_release(&x);
        return NULL;
    }
    if (im->xof_final(&x, buf, len)) {
        free(buf);
        return NULL;
    }
    return buf;
}

int lwcx_aimer_affine_rows(const aimer_impl *im, const aimer_params *p, aimer_gf *a, uint64_t *b,
                      const uint8_t *iv)
{
    const size_t rows = (size_t)p->L * p->n;
    uint8_t *buf = lwcx_aimer_affine_squeeze(im, p, iv);
    if (!buf) return -1;
    for (unsigned i = 0; i < p->L; i++) {
        const uint8_t *m = buf + (size_t)i * p->n * p->lambda;
        for (unsigned r = 0; r < p->n; r++) {
            /* row r of A = the sum of the rows j of L for the set bits j of
             * U's row r (bits j < r as squeezed, bit r set) */
            aimer_gf u, acc = {0};
            aimer_gf_from_bytes(p, u, m + (size_t)r * p->lambda);
            u[r / 64] |= (uint64_t)1 << (r % 64);
            for (unsigned j = 0; j <= r; j++) {
                if (!((u[j / 64] >> (j % 64)) & 1)) continue; /* public: the IV's matrices */
                aimer_gf l;
                lower_row(p, l, m + (size_t)j * p->lambda, j);
                aimer_gf_add(acc, acc, l);
            }
            memcpy(a[(size_t)i * p->n + r], acc, sizeof acc);
        }
    }
    aimer_gf_from_bytes(p, b, buf + rows * p->lambda);
    free(buf);
    return 0;
}
