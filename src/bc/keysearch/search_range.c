/* The generic range kernel (see bc_impl.h): every implementation's key search
 * over a range of indices, built on what it has. Buffers come from the
 * implementation's batch, so any width works. */
#include <stdlib.h>
#include <string.h>

#include "../bc_impl.h"

#define STEP_MIN 256 /* keys per step of the kernel-less path, at least */

struct bc_search_scratch {
    unsigned lane_bits; /* log2 of the search kernel's batch; 0: no kernel */
    size_t step;        /* keys per step without a kernel: whole batches */
    size_t hits_words, sched_bytes, keys_bytes, in_bytes, out_bytes;
    uint64_t *hits;
    uint8_t *keys, *in, *out; /* one allocation */
    uint8_t *sched;
};

void lwcx_bc_search_flip(const bc_search_job *j, uint8_t *key, uint64_t d)
{
    for (; d; d &= d - 1) {
        unsigned p = j->pos[__builtin_ctzll(d)];
        key[j->key_bytes - 1 - p / 8] ^= (uint8_t)(1u << (p % 8));
    }
}

void lwcx_bc_search_make_key(const bc_search_job *j, uint8_t *key, uint64_t i)
{
    memcpy(key, j->base, j->key_bytes);
    lwcx_bc_search_flip(j, key, i);
}

bc_search_scratch *lwcx_bc_search_scratch_new(const bc_impl *im, const bc_search_job *job)
{
    bc_search_scratch *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    const size_t batch = im->desc.batch ? im->desc.batch : 1;
    const size_t lanes = im->search_lanes ? im->search_lanes : batch; /* keys per search call */
    const unsigned lane_bits = (unsigned)__builtin_ctzll(lanes);
    if (im->search && (lanes & (lanes - 1)) == 0 && lane_bits > 0 && lane_bits <= job->nbits)
        s->lane_bits = lane_bits;
    s->hits_words = lanes >= 64 ? lanes / 64 : 1;
    s->hits = calloc(s->hits_words, sizeof *s->hits);
    if (!s->hits) {
        lwcx_bc_search_scratch_free(s);
        return NULL;
    }
    if (s->lane_bits) return s; /* the kernel makes its keys: nothing else is needed */
    s->step = batch * ((STEP_MIN + batch - 1) / batch);
    s->keys_bytes = (size_t)job->key_bytes * s->step;
    s->in_bytes = (size_t)job->block_bytes * s->step;
    /* the per-key path writes a whole batch at out + bs * k */
    s->out_bytes = (size_t)job->block_bytes * (s->step + batch);
    s->keys = malloc(s->keys_bytes + s->in_bytes + s->out_bytes);
    if (!im->encrypt_keys) { /* one expansion per key */
        s->sched_bytes = (im->sched_bytes + BC_SCHED_ALIGN - 1) / BC_SCHED_ALIGN * BC_SCHED_ALIGN;
        if (!s->sched_bytes) s->sched_bytes = BC_SCHED_ALIGN;
        s->sched = aligned_alloc(BC_SCHED_ALIGN, s->sched_bytes);
    }
    if (!s->keys || (!im->encrypt_keys && !s->sched)) {
        lwcx_bc_search_scratch_free(s);
        return NULL;
    }
    s->in = s->keys + s->keys_bytes;
    s->out = s->in + s->in_bytes;
    for (size_t k = 0; k < s->step; k++) memcpy(s->in + job->block_bytes * k, job->pt, job->block_bytes);
    return s;
}

void lwcx_bc_search_scratch_free(bc_search_scratch *s)
{
    if (!s) return;
    if (s->keys) lwcx_wipe(s->keys, s->keys_bytes + s->in_bytes + s->out_bytes);
    if (s->sched) lwcx_wipe(s->sched, s->sched_bytes);
    if (s->hits) lwcx_wipe(s->hits, s->hits_words * sizeof *s->hits);
    free(s->hits);
    free(s->keys);
    free(s->sched);
    free(s);
}

static void push(uint64_t *cand, size_t max_cand, size_t *c, uint64_t idx)
{
    if (*c < max_cand) cand[*c] = idx;
    ++*c;
}

/* With the search kernel: whole aligned batches, keys made inside the
 * kernel; lanes outside [lo, lo + n) are ignored. */
static size_t range_kernel(const bc_impl *im, const bc_search_job *j, bc_search_scratch *s,
                           uint64_t lo, uint64_t n, uint64_t *cand, size_t max_cand)
{
    const uint64_t batch = (uint64_t)1 << s->lane_bits, hi = lo + n;
    uint8_t key0[BC_MAX_KEY];
    size_t c = 0;
    uint64_t b = lo & ~(batch - 1);
    lwcx_bc_search_make_key(j, key0, b);
    for (; b < hi; b += batch) {
        im->search(key0, j->pos, j->pt, j->ct, s->hits);
        for (size_t w = 0; w < s->hits_words; w++)
            for (uint64_t h = s->hits[w]; h; h &= h - 1) {
                uint64_t idx = b + 64 * w + (uint64_t)__builtin_ctzll(h);
                if (idx >= lo && idx < hi) push(cand, max_cand, &c, idx);
            }
        if (b + batch < hi) lwcx_bc_search_flip(j, key0, b ^ (b + batch)); /* the next batch's lane 0 */
    }
    lwcx_wipe(key0, sizeof key0);
    return c;
}

/* Without one: the keys made here, through the many-keys path or one
 * expansion per key. */
static size_t range_keys(const bc_impl *im, const bc_search_job *j, bc_search_scratch *s,
                         uint64_t lo, uint64_t n, uint64_t *cand, size_t max_cand)
{
    const unsigned bs = j->block_bytes, kb = j->key_bytes;
    size_t c = 0;
    for (uint64_t off = 0; off < n; off += s->step) {
        const size_t live = n - off < s->step ? (size_t)(n - off) : s->step;
        for (size_t k = 0; k < s->step; k++) /* past the range: padding, ignored */
            lwcx_bc_search_make_key(j, s->keys + kb * k, k < live ? lo + off + k : lo);
        if (im->encrypt_keys) {
            im->encrypt_keys(s->out, s->in, s->keys, s->step);
        } else {
            for (size_t k = 0; k < live; k++) {
                im->expand(s->sched, s->keys + kb * k);
                im->encrypt(s->sched, s->out + bs * k, s->in, im->desc.batch); /* in holds >= batch copies */
            }
        }
        for (size_t k = 0; k < live; k++)
            if (LWCX_UNLIKELY(s->out[bs * k] == j->ct[0]) && memcmp(s->out + bs * k, j->ct, bs) == 0)
                push(cand, max_cand, &c, lo + off + k);
    }
    return c;
}

size_t lwcx_bc_search_range_generic(const bc_impl *im, const bc_search_job *job, bc_search_scratch *s,
                               uint64_t lo, uint64_t n, uint64_t *cand, size_t max_cand)
{
    return s->lane_bits ? range_kernel(im, job, s, lo, n, cand, max_cand)
                        : range_keys(im, job, s, lo, n, cand, max_cand);
}
