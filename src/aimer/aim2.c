/* The one-way function AIM2 over the kernels of an implementation: its
 * S-box outputs and the exponent of the inverse Mersenne S-box. */
#include "aimer_impl.h"

void lwcx_aimer_invmer_exponent(unsigned n, unsigned e, uint64_t d[AIMER_MAX_WORDS])
{
    unsigned k = 1, ek = e % n; /* ek = e k mod n, stepped without divisions */
    while (ek != 1) { /* e is odd and n a power of two times 1 or 3: coprime */
        k++;
        ek += e % n;
        if (ek >= n) ek -= n;
    }
    memset(d, 0, AIMER_MAX_WORDS * sizeof d[0]);
    for (unsigned i = 0, bit = 0; i < k; i++) {
        d[bit / 64] |= (uint64_t)1 << (bit % 64);
        bit += e % n;
        if (bit >= n) bit -= n;
    }
}

void lwcx_aimer_sbox_outputs(const aimer_impl *im, const aimer_params *p, aimer_gf t[AIMER_MAX_L],
                        const uint64_t *pt)
{
    const aimer_field_ops *f = &im->field[p->field];
    for (unsigned i = 0; i < p->L; i++) {
        aimer_gf x;
        aimer_gf_add(x, pt, p->c[i]);
        f->exp_invmer(t[i], x, p->e[i]);
        lwcx_wipe(x, sizeof x);
    }
}

void lwcx_aimer_aim2(const aimer_impl *im, const aimer_params *p, const void *aff, const uint64_t *b,
                uint64_t *ct, const uint64_t *pt, aimer_gf *t_out)
{
    aimer_gf t[AIMER_MAX_L], x;
    lwcx_aimer_sbox_outputs(im, p, t, pt);
    if (t_out) memcpy(t_out, t, sizeof t);
    memcpy(x, b, sizeof x);
    for (unsigned i = 0; i < p->L; i++) im->affine_apply(p, aff, i, x, t[i]);
    im->field[p->field].exp_mer(x, x, p->e_star);
    aimer_gf_add(ct, x, pt); /* feed-forward */
    lwcx_wipe(t, sizeof t);
    lwcx_wipe(x, sizeof x);
}
