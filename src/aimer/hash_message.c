/* The message hash mu = H(AIMER_H_MU || pk || message) that signing and
 * verification start from. */
#include "aimer_impl.h"

int lwcx_aimer_hash_message(const aimer_impl *im, const aimer_params *p, uint8_t *mu,
                       const uint8_t *pk, const uint8_t *msg, size_t len)
{
    const uint8_t prefix = AIMER_H_MU;
    aimer_xof x;
    im->xof_init(&x, p->n);
    im->xof_absorb(&x, &prefix, 1);
    im->xof_absorb(&x, pk, p->pk_bytes);
    if (len) im->xof_absorb(&x, msg, len);
    return im->xof_final(&x, mu, aimer_commit_bytes(p));
}
