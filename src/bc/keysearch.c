/* Exhaustive key search over a range of key indices (see lwcx.h).
 *
 * Threads take chunks of the range from one atomic counter. Once a stop is
 * requested no new chunk is handed out, but chunks already taken are
 * finished, so the searched indices are always exactly [start, counter): the
 * resume point is a single index. The calling thread only reports progress. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "bc_impl.h"

#define KS_CHUNK ((uint64_t)1 << 16) /* keys per chunk: ~10-50 ms, the stop latency */
#define KS_BATCH BC_MAX_BATCH        /* keys per implementation call (whole batches) */
#define KS_PROGRESS_NS 100000000L    /* progress callback period */

typedef struct ks_job {
    const bc_cipher *ci;
    const bc_impl *im, *ref;
    const uint8_t *pt, *ct, *base;
    size_t npairs;
    uint64_t start, end;
    uint16_t pos[64];     /* key bit that index bit b flips (the mask's bits, ascending) */
    unsigned nbits;       /* the mask's bits in use (<= 64) */
    unsigned lane_bits;   /* log2 of the kernel's batch; 0: no kernel */
    _Atomic uint64_t next; /* first index not yet handed out */
    _Atomic uint64_t done; /* keys in finished chunks */
    atomic_bool stop;
    pthread_mutex_t lock; /* guards found/nfound and running */
    pthread_cond_t finished;
    unsigned running;
    uint8_t *found;
    size_t max_found, nfound;
} ks_job;

/* key ^= the key bits named by the set bits of d (key bit p: bit p % 8 of
 * byte kb - 1 - p / 8) */
static void flip_bits(const ks_job *j, uint8_t *key, uint64_t d)
{
    const unsigned kb = j->ci->key_bytes;
    for (; d; d &= d - 1) {
        unsigned p = j->pos[__builtin_ctzll(d)];
        key[kb - 1 - p / 8] ^= (uint8_t)(1u << (p % 8));
    }
}

/* The key of index i: base with the mask's bits flipped as i says. */
static void make_key(const ks_job *j, uint8_t *key, uint64_t i)
{
    memcpy(key, j->base, j->ci->key_bytes);
    flip_bits(j, key, i);
}

/* The index of a key made by make_key. */
static uint64_t key_index(const ks_job *j, const uint8_t *key)
{
    const unsigned kb = j->ci->key_bytes;
    uint64_t i = 0;
    for (unsigned b = 0; b < j->nbits; b++) {
        unsigned p = j->pos[b];
        i |= (uint64_t)((key[kb - 1 - p / 8] ^ j->base[kb - 1 - p / 8]) >> (p % 8) & 1) << b;
    }
    return i;
}

/* Independent check of a candidate against every pair with the reference
 * implementation, so a fast implementation can never report a wrong key. */
static int confirm(const ks_job *j, const uint8_t *key)
{
    const unsigned bs = j->ci->block_bytes;
    _Alignas(BC_SCHED_ALIGN) uint8_t sched[BC_SCHED_MAX];
    uint8_t blk[BC_MAX_BLOCK];
    int ok = 1;
    j->ref->expand(sched, key);
    for (size_t p = 0; p < j->npairs && ok; p++) {
        j->ref->encrypt(sched, blk, j->pt + bs * p, 1); /* ref's batch is 1 */
        ok = memcmp(blk, j->ct + bs * p, bs) == 0;
    }
    lwcx_wipe(sched, j->ref->sched_bytes);
    return ok;
}

/* Keeps the max_found lowest-index keys, ascending, so the result does not
 * depend on thread timing. */
static void record(ks_job *j, const uint8_t *key, uint64_t idx)
{
    const unsigned kb = j->ci->key_bytes;
    pthread_mutex_lock(&j->lock);
    size_t n = j->nfound < j->max_found ? j->nfound : j->max_found, pos = n;
    while (pos > 0 && key_index(j, j->found + kb * (pos - 1)) > idx) pos--;
    if (pos < j->max_found) {
        size_t move = (n < j->max_found ? n : j->max_found - 1) - pos;
        memmove(j->found + kb * (pos + 1), j->found + kb * pos, kb * move);
        memcpy(j->found + kb * pos, key, kb);
    }
    j->nfound++;
    pthread_mutex_unlock(&j->lock);
}

static void check_candidate(ks_job *j, const uint8_t *key, uint64_t idx)
{
    if (confirm(j, key)) record(j, key, idx);
}

/* With the implementation's key-search kernel: whole aligned batches, keys
 * made inside the kernel; lanes outside [lo, lo + n) are ignored. */
static void search_chunk_kernel(ks_job *j, uint64_t lo, uint64_t n)
{
    const unsigned kb = j->ci->key_bytes;
    const uint64_t batch = (uint64_t)1 << j->lane_bits, hi = lo + n;
    uint8_t key0[BC_MAX_KEY], key[BC_MAX_KEY];
    uint64_t hits[BC_MAX_BATCH / 64];
    uint64_t b = lo & ~(batch - 1);
    make_key(j, key0, b);
    for (; b < hi; b += batch) {
        j->im->search(key0, j->pos, j->pt, j->ct, hits);
        for (unsigned w = 0; w < batch / 64 + (batch < 64); w++)
            for (uint64_t h = hits[w]; h; h &= h - 1) {
                uint64_t idx = b + 64 * w + (uint64_t)__builtin_ctzll(h);
                if (idx < lo || idx >= hi) continue;
                memcpy(key, key0, kb);
                flip_bits(j, key, idx - b);
                check_candidate(j, key, idx);
            }
        if (b + batch < hi) flip_bits(j, key0, b ^ (b + batch)); /* the next batch's lane 0 */
    }
    lwcx_wipe(key0, sizeof key0);
    lwcx_wipe(key, sizeof key);
}

/* Without a kernel: the keys made here, through the many-keys path or one
 * expansion per key. */
static void search_chunk_generic(ks_job *j, uint64_t lo, uint64_t n, uint8_t *keys, uint8_t *in,
                                 uint8_t *out, void *sched)
{
    const unsigned bs = j->ci->block_bytes, kb = j->ci->key_bytes, batch = j->im->desc.batch;
    const uint8_t *ct0 = j->ct;
    for (uint64_t off = 0; off < n; off += KS_BATCH) {
        const size_t live = n - off < KS_BATCH ? (size_t)(n - off) : KS_BATCH;
        for (size_t k = 0; k < KS_BATCH; k++) /* past the range: padding, ignored */
            make_key(j, keys + kb * k, k < live ? lo + off + k : lo);
        if (j->im->encrypt_keys) {
            j->im->encrypt_keys(out, in, keys, KS_BATCH);
        } else {
            for (size_t k = 0; k < live; k++) {
                j->im->expand(sched, keys + kb * k);
                j->im->encrypt(sched, out + bs * k, in, batch); /* in holds >= batch copies */
            }
        }
        for (size_t k = 0; k < live; k++)
            if (LWCX_UNLIKELY(out[bs * k] == ct0[0]) && memcmp(out + bs * k, ct0, bs) == 0)
                check_candidate(j, keys + kb * k, lo + off + k);
    }
}

static void *worker(void *arg)
{
    ks_job *j = arg;
    const unsigned bs = j->ci->block_bytes;
    /* out gets batch extra blocks: the per-key path writes a whole batch at out + bs*k */
    uint8_t keys[BC_MAX_KEY * KS_BATCH], in[BC_MAX_BLOCK * KS_BATCH],
        out[BC_MAX_BLOCK * (KS_BATCH + BC_MAX_BATCH)];
    _Alignas(BC_SCHED_ALIGN) uint8_t sched[BC_SCHED_MAX];
    for (size_t k = 0; k < KS_BATCH; k++) memcpy(in + bs * k, j->pt, bs);
    while (!atomic_load_explicit(&j->stop, memory_order_relaxed)) {
        /* never wraps: end leaves room for one overshooting chunk per thread */
        uint64_t lo = atomic_fetch_add(&j->next, KS_CHUNK);
        if (lo >= j->end) break;
        uint64_t n = j->end - lo < KS_CHUNK ? j->end - lo : KS_CHUNK;
        if (j->lane_bits)
            search_chunk_kernel(j, lo, n);
        else
            search_chunk_generic(j, lo, n, keys, in, out, sched);
        atomic_fetch_add(&j->done, n);
    }
    lwcx_wipe(sched, sizeof sched);
    lwcx_wipe(keys, sizeof keys);
    pthread_mutex_lock(&j->lock);
    if (--j->running == 0) pthread_cond_signal(&j->finished);
    pthread_mutex_unlock(&j->lock);
    return NULL;
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

int lwcx_bc_keysearch(lwcx_blockcipher c, const uint8_t *pt, const uint8_t *ct, size_t npairs,
                      const uint8_t *base_key, const uint8_t *mask, uint64_t start, uint64_t count,
                      unsigned threads, lwcx_keysearch_progress progress, void *progress_ctx,
                      uint8_t *found, size_t max_found, size_t *nfound, uint64_t *next_index)
{
    if ((unsigned)c >= BC_NCIPHERS) return LWCX_ERR_ARG;
    const bc_cipher *ci = &bc_ciphers[c];
    if (!pt || !ct || !base_key || (max_found && !found)) return LWCX_ERR_NULL;
    if (npairs == 0 || npairs > LWCX_KEYSEARCH_MAX_PAIRS) return LWCX_ERR_ARG;
    if (threads > LWCX_KEYSEARCH_MAX_THREADS) return LWCX_ERR_ARG;
    /* the chunk counter overshoots end by up to one chunk per thread (< 2^32) */
    if (start > LWCX_KEYSEARCH_MAX_END || count > LWCX_KEYSEARCH_MAX_END - start)
        return LWCX_ERR_LENGTH;

    ks_job j = {0};
    const unsigned nbits = mask_positions(ci, mask, j.pos);
    if (nbits == 0) return LWCX_ERR_ARG;
    j.nbits = nbits < 64 ? nbits : 64;
    if (nbits < 64 && start + count > (uint64_t)1 << nbits) return LWCX_ERR_LENGTH;
    if (threads == 0) {
        long n = sysconf(_SC_NPROCESSORS_ONLN);
        threads = n < 1 ? 1 : n > LWCX_KEYSEARCH_MAX_THREADS ? LWCX_KEYSEARCH_MAX_THREADS : (unsigned)n;
    }
    uint64_t chunks = count / KS_CHUNK + (count % KS_CHUNK != 0);
    if (threads > chunks) threads = chunks ? (unsigned)chunks : 1;

    j.ci = ci;
    j.im = lwcx_active_impl(ci->prim); /* one implementation for the whole search */
    j.ref = (const bc_impl *)lwcx_find_impl(ci->prim, "ref");
    if (!j.ref) return LWCX_ERR_NO_IMPL;
    if (KS_BATCH % j.im->desc.batch) return LWCX_ERR_UNSUPPORTED; /* batches are powers of 2 */
    const unsigned lane_bits = (unsigned)__builtin_ctz(j.im->desc.batch);
    j.lane_bits = j.im->search && lane_bits > 0 && lane_bits <= nbits ? lane_bits : 0;
    j.pt = pt;
    j.ct = ct;
    j.base = base_key;
    j.npairs = npairs;
    j.start = start;
    j.end = start + count;
    atomic_init(&j.next, start);
    atomic_init(&j.done, 0);
    atomic_init(&j.stop, count == 0);
    j.found = found;
    j.max_found = max_found;
    pthread_mutex_init(&j.lock, NULL);
    pthread_cond_init(&j.finished, NULL);
    pthread_t tid[LWCX_KEYSEARCH_MAX_THREADS];
    unsigned started = 0;
    pthread_mutex_lock(&j.lock);
    j.running = threads;
    /* one thread and nobody to report to: this thread does the work */
    for (; started < threads && (threads > 1 || progress); started++)
        if (pthread_create(&tid[started], NULL, worker, &j) != 0) break;
    j.running = started;
    pthread_mutex_unlock(&j.lock);
    if (started == 0) {
        j.running = 1;
        worker(&j); /* here, without progress calls (also when no thread could be made) */
    }

    pthread_mutex_lock(&j.lock);
    while (j.running) {
        struct timespec t;
        clock_gettime(CLOCK_REALTIME, &t);
        t.tv_nsec += KS_PROGRESS_NS;
        if (t.tv_nsec >= 1000000000L) {
            t.tv_sec++;
            t.tv_nsec -= 1000000000L;
        }
        pthread_cond_timedwait(&j.finished, &j.lock, &t);
        if (j.running && progress) {
            pthread_mutex_unlock(&j.lock); /* the callback may take its time */
            if (progress(progress_ctx, atomic_load(&j.done), count))
                atomic_store(&j.stop, 1);
            pthread_mutex_lock(&j.lock);
        }
    }
    pthread_mutex_unlock(&j.lock);
    for (unsigned t = 0; t < started; t++) pthread_join(tid[t], NULL);
    pthread_cond_destroy(&j.finished);
    pthread_mutex_destroy(&j.lock);

    uint64_t next = atomic_load(&j.next);
    if (next > j.end || count == 0) next = count == 0 ? start : j.end;
    if (progress) progress(progress_ctx, next - start, count); /* the final count */
    if (nfound) *nfound = j.nfound;
    if (next_index) *next_index = next;
    return LWCX_OK;
}
