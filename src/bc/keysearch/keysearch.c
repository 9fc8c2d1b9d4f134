/* Exhaustive key search as work units (see lwcx.h).
 *
 * A search object holds the parameters, a dispenser of unsearched ranges and
 * the record of finished ranges and confirmed keys, all under one lock;
 * range kernels run outside it. Threads (and, through the record, other
 * processes) take chunks from the dispenser, search them with the selected
 * implementation's range kernel, confirm every candidate with ref on all
 * pairs, and record the chunk as finished: the record is exact whatever the
 * order in which chunks finish. */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "keysearch_impl.h"

#define KS_CHUNK ((uint64_t)1 << 16) /* keys per chunk: their time is the stop latency (docs/design/keysearch.md) */
#define KS_MAX_CAND 64               /* candidates per kernel call; more: the range is split */
#define KS_PROGRESS_NS 100000000L    /* progress callback period */

int lwcx_ks_key_index(const lwcx_keysearch *ks, const uint8_t *key, uint64_t *idx)
{
    const unsigned kb = ks->ci->key_bytes;
    uint64_t i = 0;
    uint8_t k2[BC_MAX_KEY];
    for (unsigned b = 0; b < ks->job.nbits; b++) {
        unsigned p = ks->pos[b];
        i |= (uint64_t)((key[kb - 1 - p / 8] ^ ks->base[kb - 1 - p / 8]) >> (p % 8) & 1) << b;
    }
    lwcx_bc_search_make_key(&ks->job, k2, i);
    int ok = memcmp(k2, key, kb) == 0 && i >= ks->start && i - ks->start < ks->count;
    lwcx_wipe(k2, sizeof k2);
    *idx = i;
    return ok ? 0 : -1;
}

int lwcx_ks_confirm(const lwcx_keysearch *ks, const uint8_t *key)
{
    const unsigned bs = ks->ci->block_bytes;
    BC_SCHED_STORAGE(BC_REF_SCHED_MAX) sched;
    uint8_t blk[BC_MAX_BLOCK];
    int ok = 1;
    ks->ref->expand(&sched, key);
    for (size_t p = 0; p < ks->npairs && ok; p++) {
        ks->ref->encrypt(&sched, blk, ks->pt + bs * p, 1); /* ref's batch is 1 */
        ok = memcmp(blk, ks->ct + bs * p, bs) == 0;
    }
    lwcx_wipe(&sched, ks->ref->sched_bytes);
    return ok;
}

int lwcx_ks_mark_done(lwcx_keysearch *ks, uint64_t lo, uint64_t hi)
{
    if (lo >= hi) return LWCX_OK;
    size_t i = 0, j;
    while (i < ks->ndone && ks->done[i].hi < lo) i++; /* first range touching or after */
    for (j = i; j < ks->ndone && ks->done[j].lo <= hi; j++) { /* i..j-1 merge with it */
        if (ks->done[j].lo < lo) lo = ks->done[j].lo;
        if (ks->done[j].hi > hi) hi = ks->done[j].hi;
        ks->keys_done -= ks->done[j].hi - ks->done[j].lo;
    }
    if (j == i) { /* a new range: make room at i */
        if (ks->ndone == ks->done_cap) {
            size_t cap = ks->done_cap ? 2 * ks->done_cap : 16;
            ks_range *d = realloc(ks->done, cap * sizeof *d);
            if (!d) return LWCX_ERR_NOMEM;
            ks->done = d;
            ks->done_cap = cap;
        }
        memmove(ks->done + i + 1, ks->done + i, (ks->ndone - i) * sizeof *ks->done);
        ks->ndone++;
    } else { /* ranges i..j-1 become one */
        memmove(ks->done + i + 1, ks->done + j, (ks->ndone - j) * sizeof *ks->done);
        ks->ndone -= j - i - 1;
    }
    ks->done[i].lo = lo;
    ks->done[i].hi = hi;
    ks->keys_done += hi - lo;
    return LWCX_OK;
}

int lwcx_ks_add_found(lwcx_keysearch *ks, uint64_t idx, const uint8_t *key)
{
    size_t pos = ks->nfound;
    while (pos > 0 && ks->found[pos - 1].index >= idx) pos--;
    if (pos < ks->nfound && ks->found[pos].index == idx) return LWCX_OK; /* known */
    if (pos < LWCX_KEYSEARCH_MAX_FOUND) {
        if (ks->nfound == ks->found_cap && ks->nfound < LWCX_KEYSEARCH_MAX_FOUND) {
            size_t cap = ks->found_cap ? 2 * ks->found_cap : 8;
            ks_found *f = realloc(ks->found, cap * sizeof *f);
            if (!f) return LWCX_ERR_NOMEM;
            ks->found = f;
            ks->found_cap = cap;
        }
        size_t keep = ks->nfound < LWCX_KEYSEARCH_MAX_FOUND ? ks->nfound : ks->nfound - 1;
        memmove(ks->found + pos + 1, ks->found + pos, (keep - pos) * sizeof *ks->found);
        ks->found[pos].index = idx;
        memset(ks->found[pos].key, 0, BC_MAX_KEY);
        memcpy(ks->found[pos].key, key, ks->ci->key_bytes);
        ks->nfound = keep + 1;
    }
    ks->matches++;
    return LWCX_OK;
}

/* The mask's bits, least significant first (at most 64 are used); returns
 * how many the mask has. mask NULL: the last 8 key bytes. */
static unsigned mask_positions(const bc_cipher *ci, const uint8_t *mask, uint16_t pos[64])
{
    unsigned n = 0;
    for (unsigned p = 0; p < 8 * ci->key_bytes; p++) {
        int set = mask ? mask[ci->key_bytes - 1 - p / 8] >> (p % 8) & 1 : p < 64;
        if (set && n < 64) pos[n] = (uint16_t)p;
        n += (unsigned)set;
    }
    return n;
}

int lwcx_keysearch_new(lwcx_keysearch **out, lwcx_blockcipher c, const uint8_t *pt,
                       const uint8_t *ct, size_t npairs, const uint8_t *base_key,
                       const uint8_t *mask, uint64_t start, uint64_t count)
{
    return lwcx_keysearch_new_with(NULL, out, c, pt, ct, npairs, base_key, mask, start, count);
}

int lwcx_keysearch_new_with(const lwcx_impl *impl, lwcx_keysearch **out, lwcx_blockcipher c,
                            const uint8_t *pt, const uint8_t *ct, size_t npairs,
                            const uint8_t *base_key, const uint8_t *mask, uint64_t start,
                            uint64_t count)
{
    if (!out) return LWCX_ERR_NULL;
    *out = NULL;
    if ((unsigned)c >= BC_NCIPHERS) return LWCX_ERR_ARG;
    const bc_cipher *ci = &lwcx_bc_ciphers[c];
    if (!pt || !ct || !base_key) return LWCX_ERR_NULL;
    if (npairs == 0 || npairs > LWCX_KEYSEARCH_MAX_PAIRS) return LWCX_ERR_ARG;
    if (start > LWCX_KEYSEARCH_MAX_END || count > LWCX_KEYSEARCH_MAX_END - start)
        return LWCX_ERR_LENGTH;
    uint16_t pos[64];
    const unsigned nbits = mask_positions(ci, mask, pos);
    if (nbits == 0) return LWCX_ERR_ARG;
    if (nbits < 64 && start + count > (uint64_t)1 << nbits) return LWCX_ERR_LENGTH;
    const bc_impl *ref = (const bc_impl *)lwcx_find_impl(ci->prim, "ref");
    if (!ref) return LWCX_ERR_NO_IMPL;
    int rc = LWCX_OK;
    const bc_impl *im = lwcx_resolve_search(ci->prim, impl, &rc); /* one for the object's life */
    if (!im) return rc;
    lwcx_keysearch *ks = calloc(1, sizeof *ks);
    if (!ks) return LWCX_ERR_NOMEM;
    if (pthread_mutex_init(&ks->lock, NULL) != 0) {
        free(ks);
        return LWCX_ERR_NOMEM;
    }
    ks->cipher = c;
    ks->ci = ci;
    ks->im = im;
    ks->ref = ref;
    memcpy(ks->pos, pos, sizeof pos);
    memcpy(ks->base, base_key, ci->key_bytes);
    for (unsigned b = 0; b < nbits && b < 64; b++)
        ks->mask[ci->key_bytes - 1 - pos[b] / 8] |= (uint8_t)(1u << (pos[b] % 8));
    ks->npairs = npairs;
    memcpy(ks->pt, pt, ci->block_bytes * npairs);
    memcpy(ks->ct, ct, ci->block_bytes * npairs);
    ks->start = ks->cursor = start;
    ks->count = count;
    ks->job = (bc_search_job){ci->block_bytes, ci->key_bytes, ks->base, ks->pos,
                              nbits < 64 ? nbits : 64, ks->pt, ks->ct, npairs};
    *out = ks;
    return LWCX_OK;
}

const lwcx_impl *lwcx_keysearch_impl(const lwcx_keysearch *ks)
{
    return ks ? &ks->im->desc : NULL;
}

uint64_t lwcx_keysearch_fallback_keys(lwcx_keysearch *ks, const char **why)
{
    if (why) *why = ks ? lwcx_bc_dev_fallback_why(lwcx_bc_dev_backend(ks->im->desc.name)) : NULL;
    return ks ? atomic_load(&ks->fallback_keys) : 0;
}

void lwcx_keysearch_free(lwcx_keysearch *ks)
{
    if (!ks) return;
    pthread_mutex_destroy(&ks->lock);
    if (ks->found) lwcx_wipe(ks->found, ks->found_cap * sizeof *ks->found);
    free(ks->found);
    free(ks->done);
    lwcx_wipe(ks, sizeof *ks);
    free(ks);
}

int lwcx_keysearch_set_chunk(lwcx_keysearch *ks, uint64_t keys)
{
    if (!ks) return LWCX_ERR_NULL;
    if (keys > (uint64_t)1 << 40) return LWCX_ERR_ARG;
    ks->chunk = keys;
    return LWCX_OK;
}

int lwcx_keysearch_take(lwcx_keysearch *ks, uint64_t max_keys, uint64_t *lo, uint64_t *n)
{
    if (n) *n = 0;
    if (!ks || !lo || !n) return LWCX_ERR_NULL;
    if (max_keys == 0) return LWCX_ERR_ARG;
    const uint64_t end = ks->start + ks->count;
    pthread_mutex_lock(&ks->lock);
    uint64_t c = ks->cursor, limit = end;
    size_t i = 0;
    while (i < ks->ndone && ks->done[i].hi <= c) i++;
    if (i < ks->ndone && ks->done[i].lo <= c) c = ks->done[i++].hi; /* skip what is finished */
    if (i < ks->ndone) limit = ks->done[i].lo;
    *lo = c;
    *n = limit - c < max_keys ? limit - c : max_keys;
    ks->cursor = c + *n;
    pthread_mutex_unlock(&ks->lock);
    return LWCX_OK;
}

struct ks_run;
static void wake_driver(struct ks_run *r);

/* Candidates of [lo, lo + n) from the range kernel, confirmed with ref and
 * recorded; a range with more candidates than fit is searched in halves.
 * Each new key wakes the driver r (if any), so that its progress callback
 * reports the key at once rather than at the next tick. */
static LWCX_NODISCARD int search_part(lwcx_keysearch *ks, struct ks_run *r, bc_search_scratch *s, uint64_t lo,
                       uint64_t n)
{
    uint64_t cand[KS_MAX_CAND];
    const uint64_t fell_back = lwcx_bc_dev_thread_fallbacks();
    const size_t nc = ks->im->search_range
                          ? ks->im->search_range(&ks->job, lo, n, cand, KS_MAX_CAND)
                          : lwcx_bc_search_range_generic(ks->im, &ks->job, s, lo, n, cand, KS_MAX_CAND);
    if (lwcx_bc_dev_thread_fallbacks() != fell_back) atomic_fetch_add(&ks->fallback_keys, n); /* ran on the CPU */
    if (nc > KS_MAX_CAND && n > 1) {
        int rc = search_part(ks, r, s, lo, n / 2);
        return rc ? rc : search_part(ks, r, s, lo + n / 2, n - n / 2);
    }
    int rc = LWCX_OK;
    uint8_t key[BC_MAX_KEY];
    for (size_t k = 0; k < nc && k < KS_MAX_CAND && rc == LWCX_OK; k++) {
        if (cand[k] < lo || cand[k] - lo >= n) continue; /* not ours: a faulty kernel */
        lwcx_bc_search_make_key(&ks->job, key, cand[k]);
        if (!lwcx_ks_confirm(ks, key)) continue;
        pthread_mutex_lock(&ks->lock);
        const uint64_t before = ks->matches;
        rc = lwcx_ks_add_found(ks, cand[k], key);
        const int fresh = ks->matches != before;
        pthread_mutex_unlock(&ks->lock);
        if (fresh && r) wake_driver(r);
    }
    lwcx_wipe(key, sizeof key);
    return rc;
}

static LWCX_NODISCARD int search_range(lwcx_keysearch *ks, struct ks_run *r, bc_search_scratch *s, uint64_t lo,
                        uint64_t n)
{
    int rc = n ? search_part(ks, r, s, lo, n) : LWCX_OK;
    if (rc == LWCX_OK) {
        pthread_mutex_lock(&ks->lock);
        rc = lwcx_ks_mark_done(ks, lo, lo + n);
        pthread_mutex_unlock(&ks->lock);
    }
    return rc;
}

static int check_range(const lwcx_keysearch *ks, uint64_t lo, uint64_t n)
{
    return lo >= ks->start && lo - ks->start <= ks->count && n <= ks->count - (lo - ks->start)
               ? LWCX_OK
               : LWCX_ERR_LENGTH;
}

int lwcx_keysearch_search(lwcx_keysearch *ks, uint64_t lo, uint64_t n)
{
    if (!ks) return LWCX_ERR_NULL;
    int rc = check_range(ks, lo, n);
    if (rc) return rc;
    bc_search_scratch *s = ks->im->search_range ? NULL : lwcx_bc_search_scratch_new(ks->im, &ks->job);
    if (!ks->im->search_range && !s) return LWCX_ERR_NOMEM;
    rc = search_range(ks, NULL, s, lo, n);
    lwcx_bc_search_scratch_free(s);
    return rc;
}

int lwcx_keysearch_done(lwcx_keysearch *ks, uint64_t lo, uint64_t n)
{
    if (!ks) return LWCX_ERR_NULL;
    int rc = check_range(ks, lo, n);
    if (rc) return rc;
    pthread_mutex_lock(&ks->lock);
    rc = lwcx_ks_mark_done(ks, lo, lo + n);
    pthread_mutex_unlock(&ks->lock);
    return rc;
}

int lwcx_keysearch_add_found(lwcx_keysearch *ks, const uint8_t *key)
{
    if (!ks || !key) return LWCX_ERR_NULL;
    uint64_t idx;
    if (lwcx_ks_key_index(ks, key, &idx) != 0 || !lwcx_ks_confirm(ks, key)) return LWCX_ERR_ARG;
    pthread_mutex_lock(&ks->lock);
    int rc = lwcx_ks_add_found(ks, idx, key);
    pthread_mutex_unlock(&ks->lock);
    return rc;
}

/* ---- queries ------------------------------------------------------------ */

uint64_t lwcx_keysearch_keys_done(lwcx_keysearch *ks)
{
    if (!ks) return 0;
    pthread_mutex_lock(&ks->lock);
    uint64_t d = ks->keys_done;
    pthread_mutex_unlock(&ks->lock);
    return d;
}

uint64_t lwcx_keysearch_keys_left(lwcx_keysearch *ks)
{
    return ks ? ks->count - lwcx_keysearch_keys_done(ks) : 0;
}

int lwcx_keysearch_complete(lwcx_keysearch *ks)
{
    return ks && lwcx_keysearch_keys_left(ks) == 0;
}

uint64_t lwcx_keysearch_next_unsearched(lwcx_keysearch *ks)
{
    if (!ks) return 0;
    pthread_mutex_lock(&ks->lock);
    uint64_t i = ks->ndone && ks->done[0].lo == ks->start ? ks->done[0].hi : ks->start;
    pthread_mutex_unlock(&ks->lock);
    return i;
}

int lwcx_keysearch_cipher(lwcx_keysearch *ks)
{
    return ks ? (int)ks->cipher : -1;
}

uint64_t lwcx_keysearch_found_count(lwcx_keysearch *ks)
{
    if (!ks) return 0;
    pthread_mutex_lock(&ks->lock);
    uint64_t m = ks->matches;
    pthread_mutex_unlock(&ks->lock);
    return m;
}

int lwcx_keysearch_found_key(lwcx_keysearch *ks, size_t i, uint8_t *key, uint64_t *index)
{
    if (!ks || !key) return LWCX_ERR_NULL;
    pthread_mutex_lock(&ks->lock);
    int rc = i < ks->nfound ? LWCX_OK : LWCX_ERR_ARG;
    if (rc == LWCX_OK) {
        memcpy(key, ks->found[i].key, ks->ci->key_bytes);
        if (index) *index = ks->found[i].index;
    }
    pthread_mutex_unlock(&ks->lock);
    return rc;
}

/* ---- the threaded driver ------------------------------------------------ */

typedef struct ks_run {
    lwcx_keysearch *ks;
    atomic_bool stop;
    _Atomic int err;
    pthread_mutex_t lock; /* guards running and woken */
    pthread_cond_t finished; /* the last worker ended, or a key was found */
    unsigned running;
    int woken;
} ks_run;

static void wake_driver(ks_run *r)
{
    pthread_mutex_lock(&r->lock);
    r->woken = 1;
    pthread_cond_signal(&r->finished);
    pthread_mutex_unlock(&r->lock);
}

static void *worker(void *arg)
{
    ks_run *r = arg;
    lwcx_keysearch *ks = r->ks;
    bc_search_scratch *s = ks->im->search_range ? NULL : lwcx_bc_search_scratch_new(ks->im, &ks->job);
    if (!ks->im->search_range && !s) atomic_store(&r->err, LWCX_ERR_NOMEM);
    const uint64_t chunk = ks->chunk ? ks->chunk : ks->im->search_chunk ? ks->im->search_chunk : KS_CHUNK;
    while (atomic_load(&r->err) == LWCX_OK && !atomic_load_explicit(&r->stop, memory_order_relaxed)) {
        uint64_t lo, n;
        const int taken = lwcx_keysearch_take(ks, chunk, &lo, &n);
        if (taken) atomic_store(&r->err, taken);
        if (taken || n == 0) break;
        int rc = search_range(ks, r, s, lo, n);
        if (rc) atomic_store(&r->err, rc);
    }
    lwcx_bc_search_scratch_free(s);
    pthread_mutex_lock(&r->lock);
    if (--r->running == 0) pthread_cond_signal(&r->finished);
    pthread_mutex_unlock(&r->lock);
    return NULL;
}

int lwcx_keysearch_run(lwcx_keysearch *ks, unsigned threads, lwcx_keysearch_progress progress,
                       void *progress_ctx)
{
    if (!ks) return LWCX_ERR_NULL;
    if (threads > LWCX_KEYSEARCH_MAX_THREADS) return LWCX_ERR_ARG;
    /* a GPU implementation: one thread per device */
    if (threads == 0 && ks->im->desc.devices) threads = ks->im->desc.devices(NULL, 0);
    if (threads > LWCX_KEYSEARCH_MAX_THREADS) threads = LWCX_KEYSEARCH_MAX_THREADS;
    if (threads == 0) {
        long n = sysconf(_SC_NPROCESSORS_ONLN);
        threads = n < 1 ? 1 : n > LWCX_KEYSEARCH_MAX_THREADS ? LWCX_KEYSEARCH_MAX_THREADS : (unsigned)n;
    }
    ks_run r = {.ks = ks};
    atomic_init(&r.stop, 0);
    atomic_init(&r.err, LWCX_OK);
    pthread_mutex_init(&r.lock, NULL);
    pthread_cond_init(&r.finished, NULL);
    pthread_t *tid = malloc(threads * sizeof *tid);
    unsigned started = 0;
    pthread_mutex_lock(&r.lock);
    r.running = threads;
    /* one thread and nobody to report to: this thread does the work */
    for (; tid && started < threads && (threads > 1 || progress); started++)
        if (pthread_create(&tid[started], NULL, worker, &r) != 0) break;
    r.running = started;
    pthread_mutex_unlock(&r.lock);
    if (started == 0) {
        r.running = 1;
        worker(&r); /* here, without progress calls (also when no thread could be made) */
    }

    pthread_mutex_lock(&r.lock);
    while (r.running) {
        struct timespec t;
        clock_gettime(CLOCK_REALTIME, &t);
        t.tv_nsec += KS_PROGRESS_NS;
        if (t.tv_nsec >= 1000000000L) {
            t.tv_sec++;
            t.tv_nsec -= 1000000000L;
        }
        if (!r.woken) pthread_cond_timedwait(&r.finished, &r.lock, &t);
        r.woken = 0;
        if (r.running && progress) {
            pthread_mutex_unlock(&r.lock); /* the callback may take its time */
            if (progress(progress_ctx, lwcx_keysearch_keys_done(ks), ks->count))
                atomic_store(&r.stop, 1);
            pthread_mutex_lock(&r.lock);
        }
    }
    pthread_mutex_unlock(&r.lock);
    for (unsigned t = 0; t < started; t++) pthread_join(tid[t], NULL);
    free(tid);
    pthread_cond_destroy(&r.finished);
    pthread_mutex_destroy(&r.lock);
    if (progress) progress(progress_ctx, lwcx_keysearch_keys_done(ks), ks->count); /* the final count */
    return atomic_load(&r.err);
}

/* ---- the one-call search ------------------------------------------------ */

int lwcx_bc_keysearch(lwcx_blockcipher c, const uint8_t *pt, const uint8_t *ct, size_t npairs,
                      const uint8_t *base_key, const uint8_t *mask, uint64_t start, uint64_t count,
                      unsigned threads, lwcx_keysearch_progress progress, void *progress_ctx,
                      uint8_t *found, size_t max_found, size_t *nfound, uint64_t *next_index)
{
    return lwcx_bc_keysearch_with(NULL, c, pt, ct, npairs, base_key, mask, start, count, threads,
                                  progress, progress_ctx, found, max_found, nfound, next_index);
}

int lwcx_bc_keysearch_with(const lwcx_impl *impl, lwcx_blockcipher c, const uint8_t *pt,
                           const uint8_t *ct, size_t npairs, const uint8_t *base_key,
                           const uint8_t *mask, uint64_t start, uint64_t count, unsigned threads,
                           lwcx_keysearch_progress progress, void *progress_ctx, uint8_t *found,
                           size_t max_found, size_t *nfound, uint64_t *next_index)
{
    if ((unsigned)c < BC_NCIPHERS && max_found && !found) return LWCX_ERR_NULL;
    if (threads > LWCX_KEYSEARCH_MAX_THREADS) return LWCX_ERR_ARG;
    lwcx_keysearch *ks;
    int rc = lwcx_keysearch_new_with(impl, &ks, c, pt, ct, npairs, base_key, mask, start, count);
    if (rc) return rc;
    rc = lwcx_keysearch_run(ks, threads, progress, progress_ctx);
    if (rc == LWCX_OK) {
        const size_t kb = ks->ci->key_bytes;
        for (size_t i = 0; i < max_found && i < ks->nfound; i++)
            memcpy(found + kb * i, ks->found[i].key, kb);
        if (nfound) *nfound = (size_t)ks->matches;
        if (next_index) *next_index = lwcx_keysearch_next_unsearched(ks);
    }
    lwcx_keysearch_free(ks);
    return rc;
}
