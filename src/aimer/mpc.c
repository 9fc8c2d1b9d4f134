/* The MPC simulation of a party: its multiplication-check inputs x and
 * z from its shares of pt and t (BN++ over AIM2). */
#include "aimer_impl.h"

/* z = x^(2^k) + m x */
static void check_map(const aimer_field_ops *f, uint64_t *z, const uint64_t *x, unsigned k, const uint64_t *m)
{
    aimer_gf u;
    if (f->check_map) {
        f->check_map(z, x, k, m);
        return;
    }
    f->sqr_n(z, x, k);
    f->mul(u, x, m);
    aimer_gf_add(z, z, u);
    lwcx_wipe(u, sizeof u);
}

void lwcx_aimer_mpc_party(const aimer_impl *im, const aimer_params *p, const struct lwcx_aimer_key *key,
                     aimer_gf *x, aimer_gf *z, int with_b)
{
    const aimer_field_ops *f = &im->field[p->field];
    const unsigned L = p->L;
    if (with_b)
        memcpy(x[L], key->b, sizeof x[L]);
    else
        memset(x[L], 0, sizeof x[L]);
    for (unsigned i = 0; i < L; i++) {
        im->affine_apply(p, key->aff, i, x[L], x[i]);
        check_map(f, z[i], x[i], p->e[i], p->c[i]);
    }
    check_map(f, z[L], x[L], p->e_star, key->ct);
}

void lwcx_aimer_mpc_parties(const aimer_impl *im, const aimer_params *p, const struct lwcx_aimer_key *key,
                            aimer_gf *x, aimer_gf *z, size_t stride, unsigned count, int with_b)
{
    if (im->mpc_parties) {
        im->mpc_parties(p, key, x, z, stride, count, with_b);
        return;
    }
    for (unsigned j = 0; j < count; j++)
        lwcx_aimer_mpc_party(im, p, key, x + j * stride, z + j * stride, with_b && j == count - 1);
}
