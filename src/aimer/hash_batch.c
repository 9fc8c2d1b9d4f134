/* The batching of independent hashes (tree nodes, commitments and tapes)
 * into the multi-way shake of an implementation. */
#include "aimer_impl.h"

void lwcx_aimer_batch_init(aimer_batch *b, const aimer_impl *im, const aimer_params *p, size_t outlen)
{
    b->im = im;
    b->sec = p->n;
    b->count = 0;
    b->inlen = 3 + 2 * (size_t)p->lambda;
    b->outlen = outlen;
    b->side = NULL;
    b->side_lane = im->side_lane && (lwcx_cpu_features() & im->side_lane_needs) == im->side_lane_needs;
    b->failed = 0;
}

/* hashes the queued inputs */
static void batch_run(aimer_batch *b)
{
    if (b->count) {
        const uint8_t *in[AIMER_MAX_WAYS];
        for (unsigned l = 0; l < AIMER_MAX_WAYS; l++) in[l] = b->in[l];
        const int rc = b->side && b->im->shake_xn_side
                           ? b->im->shake_xn_side(b->sec, b->out, b->outlen, in, b->inlen, b->count, b->side)
                           : b->im->shake_xn(b->sec, b->out, b->outlen, in, b->inlen, b->count);
        if (rc) b->failed = 1;
        b->count = 0;
    }
}

void lwcx_aimer_batch_add(aimer_batch *b, const aimer_params *p, uint8_t prefix, const uint8_t *salt,
                     unsigned i, unsigned j, const uint8_t *seed, uint8_t *out)
{
    uint8_t *in = b->in[b->count];
    in[0] = prefix;
    aimer_copy(in + 1, salt, p->lambda);
    in[1 + p->lambda] = (uint8_t)i;
    in[2 + p->lambda] = (uint8_t)j;
    aimer_copy(in + 3 + p->lambda, seed, p->lambda);
    b->out[b->count++] = out;
    if (b->count == b->im->ways - (b->side_lane && aimer_side_ready(b->side) != NULL)) batch_run(b);
}

int lwcx_aimer_batch_flush(aimer_batch *b)
{
    batch_run(b);
    lwcx_wipe(b->in, sizeof b->in); /* the seeds: once, the full batches overwrite them */
    return b->failed ? -1 : 0;
}
