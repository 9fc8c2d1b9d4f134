/* Template: included by other files, never compiled on its own.
 * Includer defines first: the kernel word, the three cores, kernel_bodies.tmpl.h, then dev_run
 *   and bulk_bytes (below)
 * Defines: a GPU backend's bc_impl entry points (dev_ecb, dev_ctr, dev_keys, dev_search_range,
 *   ...) and DEV_IMPLS, its descriptors
 */
/* What the two GPU backends (device/cuda_impl.c, device/opencl_impl.c) share: the
 * bc_impl entry points, which marshal each call into the kb_args of one
 * launch of the kernel bodies (device/kernel_bodies.tmpl.h), and the choice of a device
 * for a call when several are present. (The host loop that runs the bodies
 * on the CPU is device/device_host.c, compiled once for both.)
 *
 * The including file first includes device/bs_word_kernel32.h, the three cores and
 * device/kernel_bodies.tmpl.h, then this header, and defines
 *   static void dev_run(int c, int mode, kb_args *a, uint64_t work,
 *                       const void *sched, dev_io *bufs, int nbufs);
 * which runs kernel (c, mode) over `work` batches of KB_LANES blocks (or
 * keys), `sched` (if not NULL) the one-key masks, and moves the buffers,
 * and static size_t bulk_bytes(void) (bc_impl.bulk_bytes); optionally
 * DEV_SHARE_RUN (the name of its own runner of a device's share of a bulk
 * call) and DEV_BUS_H2D (bc_impl.bus_h2d). */
#ifndef LWCX_BC_DEVICE_MODES_H
#define LWCX_BC_DEVICE_MODES_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

#include "../bc_impl.h"
#include "device_host.h"

static void dev_run(int c, int mode, kb_args *a, uint64_t work, const void *sched, dev_io *bufs, int nbufs);

/* --- several devices ------------------------------------------------------------ */

/* Each call runs on one device, one call per device at a time. A thread
 * keeps to its own device (threads get devices in turn on first use), so
 * the key search's threads, one per device, each feed their own; a thread
 * whose device is busy takes an idle one, or else waits for its own. */
#define DEV_MAX 16
static struct {
    unsigned n; /* set once by the backend's probe, before any call */
    pthread_mutex_t lock[DEV_MAX];
    _Atomic uint64_t work[DEV_MAX]; /* batches each device has run */
    atomic_uint next_home;
} dev_slots;

static void dev_slots_init(unsigned n)
{
    dev_slots.n = n < DEV_MAX ? n : DEV_MAX;
    for (unsigned i = 0; i < DEV_MAX; i++) pthread_mutex_init(&dev_slots.lock[i], NULL);
}

/* A thread running one device's share of a bulk call: that device + 1 */
static _Thread_local unsigned dev_forced_plus1;

/* A device for one call, locked; dev_release gives it back. */
static unsigned dev_acquire(void)
{
    if (dev_forced_plus1) {
        pthread_mutex_lock(&dev_slots.lock[dev_forced_plus1 - 1]);
        return dev_forced_plus1 - 1;
    }
    static _Thread_local unsigned home_plus1;
    if (!home_plus1) home_plus1 = 1 + atomic_fetch_add(&dev_slots.next_home, 1) % dev_slots.n;
    const unsigned home = home_plus1 - 1;
    for (unsigned i = 0; i < dev_slots.n; i++) {
        const unsigned d = (home + i) % dev_slots.n;
        if (pthread_mutex_trylock(&dev_slots.lock[d]) == 0) return d;
    }
    pthread_mutex_lock(&dev_slots.lock[home]);
    return home;
}

static void dev_release(unsigned d, uint64_t work)
{
    atomic_fetch_add(&dev_slots.work[d], work);
    pthread_mutex_unlock(&dev_slots.lock[d]);
}

/* --- the bc_impl entry points ----------------------------------------------------- */

typedef struct dev_sched {
    uint32_t m[KB_SCHED_WORDS];
} dev_sched;

static void dev_expand(int c, void *sched, const uint8_t *key)
{
    dev_sched *s = sched;
    memset(s, 0, sizeof *s);
    if (c == KB_PRESENT80 || c == KB_PRESENT128) {
        uint64_t rk[PRESENT_ROUNDS + 1];
        (c == KB_PRESENT80 ? lwcx_bc_present80_expand : lwcx_bc_present128_expand)(rk, key);
        present_bs_sched_from((present_bs_sched *)s->m, rk);
        lwcx_wipe(rk, sizeof rk);
    } else if (c == KB_GIFT64 || c == KB_GIFT128) {
        gift_bs_key_masks(c == KB_GIFT64 ? 64 : 128, s->m, key);
    } else {
        kb_masks(s->m, key, kb_key_bytes(c), 0);
    }
}

/* CTR, or the packing alone, over whole batches of len bytes kept in device
 * memory (bc_impl.resident: the bench), no transfer */
static void dev_resident(int c, const void *sched, int op, size_t len)
{
    kb_args a;
    memset(&a, 0, sizeof a);
    const uint64_t batch_bytes = (uint64_t)KB_LANES * kb_block_bytes(c);
    a.len = len / batch_bytes * batch_bytes;
    a.nbatches = a.len / batch_bytes;
    dev_io bufs[] = {{NULL, NULL, a.len, &a.in, 0}, {NULL, NULL, a.len, &a.out, 0}};
    if (op == BC_RESIDENT_PACK)
        dev_run(c, MODE_PACK, &a, a.nbatches, NULL, bufs, 2);
    else
        dev_run(c, MODE_CTR, &a, a.nbatches, sched, bufs, 2);
}

/* --- bulk calls over every device ---------------------------------------------------
 * A one-key ECB or CTR call or a many-keys call of at least 2 DEV_SHARE_MIN
 * batches is cut into one contiguous share of whole batches per device
 * (as many as have DEV_SHARE_MIN), each run on its device by a thread of
 * its own (the calling thread takes the first), so that every GPU of a
 * node works on it; each device's batches are counted as its share
 * (desc.devices). The cutting is the same for the emulated devices of the
 * tests (LWCX_CUDA_EMULATE_DEVICES), which check it against ref. */
#define DEV_SHARE_MIN 256 /* batches: a block of threads' words */

typedef struct dev_call {
    int c, mode, enc;
    const void *sched;
    const uint8_t *iv, *in, *keys;
    uint8_t *out;
    uint64_t blocks; /* ECB, many keys */
    size_t len;      /* CTR: bytes */
} dev_call;

/* Share i of n of `work` batches: [*first, *first + *count) */
static void dev_share(uint64_t work, unsigned n, unsigned i, uint64_t *first, uint64_t *count)
{
    *first = work / n * i + (i < work % n ? i : work % n);
    *count = work / n + (i < work % n);
}

/* ctr + add as one big-endian integer of bs bytes (CTR's counter block) */
static void dev_ctr_add(uint8_t *ctr, const uint8_t *iv, unsigned bs, uint64_t add)
{
    unsigned carry = 0;
    for (unsigned i = 0; i < bs; i++) {
        const unsigned k = bs - 1 - i, v = iv[k] + (unsigned)(i < 8 ? add >> (8 * i) & 0xFF : 0) + carry;
        ctr[k] = (uint8_t)v;
        carry = v >> 8;
    }
}

/* One launch's worth of a bulk call: its mode, arguments and buffers (the
 * buffers' fields point into a, so a dev_op is filled where it stays). */
typedef struct dev_op {
    int mode;
    kb_args a;
    uint64_t work; /* batches */
    dev_io bufs[3];
    int nbufs;
} dev_op;

/* Batches [first, first + count) of call k as one launch: op */
static void dev_op_prep(const dev_call *k, uint64_t first, uint64_t count, dev_op *op)
{
    const unsigned bs = kb_block_bytes(k->c);
    const uint64_t b0 = first * KB_LANES; /* the first block */
    const size_t off = (size_t)b0 * bs;
    kb_args *a = &op->a;
    memset(op, 0, sizeof *op);
    op->nbufs = 2;
    if (k->mode == MODE_CTR) {
        uint8_t ctr[16];
        dev_ctr_add(ctr, k->iv, bs, b0);
        const size_t left = k->len - off, want = (size_t)count * KB_LANES * bs, len = want < left ? want : left;
        op->mode = MODE_CTR;
        a->len = len;
        a->ctr_lo = lwcx_load64be(ctr + bs - 8);
        a->ctr_hi = bs == 16 ? lwcx_load64be(ctr) : 0;
        op->work = (len + (uint64_t)KB_LANES * bs - 1) / ((uint64_t)KB_LANES * bs);
        op->bufs[0] = (dev_io){k->in + off, NULL, len, &a->in, 0};
        op->bufs[1] = (dev_io){NULL, k->out + off, len, &a->out, 0};
        return;
    }
    const size_t nb = (size_t)count * KB_LANES, bytes = nb * bs;
    a->nbatches = count;
    op->work = count;
    op->bufs[0] = (dev_io){k->in + off, NULL, bytes, &a->in, 0};
    op->bufs[1] = (dev_io){NULL, k->out + off, bytes, &a->out, 0};
    if (k->mode == MODE_ECB_ENC) {
        op->mode = k->enc == KB_PACK_ONLY ? MODE_PACK : k->enc ? MODE_ECB_ENC : MODE_ECB_DEC;
    } else { /* many keys: the keys are secret */
        op->mode = k->enc ? MODE_KEYS_ENC : MODE_KEYS_DEC;
        op->bufs[2] = (dev_io){k->keys + (size_t)b0 * kb_key_bytes(k->c), NULL, nb * kb_key_bytes(k->c), &a->keys, 1};
        op->nbufs = 3;
    }
}

#ifdef DEV_SHARE_RUN
/* The backend's own way to run one device's share (cuda: pipelined through
 * pinned staging buffers); 0 where it leaves the share to dev_run. */
static int DEV_SHARE_RUN(const dev_call *k, uint64_t first, uint64_t count);
#endif

/* Batches [first, first + count) of call k, on one device */
static void dev_call_part(const dev_call *k, uint64_t first, uint64_t count)
{
#ifdef DEV_SHARE_RUN
    if (DEV_SHARE_RUN(k, first, count)) return;
#endif
    dev_op op;
    dev_op_prep(k, first, count, &op);
    dev_run(k->c, op.mode, &op.a, op.work, k->sched, op.bufs, op.nbufs);
}

typedef struct dev_share_job {
    const dev_call *k;
    unsigned dev;
    uint64_t first, count;
} dev_share_job;

static void *dev_share_run(void *p)
{
    const dev_share_job *j = p;
    dev_forced_plus1 = j->dev + 1;
    dev_call_part(j->k, j->first, j->count);
    dev_forced_plus1 = 0;
    return NULL;
}

/* Call k of `work` batches, shared among the devices */
static void dev_call_run(const dev_call *k, uint64_t work)
{
    const uint64_t most = work / DEV_SHARE_MIN;
    const unsigned n = dev_forced_plus1 || most < 2 ? 1u : most < dev_slots.n ? (unsigned)most : dev_slots.n;
    if (n <= 1) {
        dev_call_part(k, 0, work);
        return;
    }
    dev_share_job jobs[DEV_MAX];
    pthread_t th[DEV_MAX];
    int started[DEV_MAX] = {0};
    for (unsigned i = 0; i < n; i++) {
        jobs[i] = (dev_share_job){k, i, 0, 0};
        dev_share(work, n, i, &jobs[i].first, &jobs[i].count);
    }
    /* (a thread that cannot be started: its share on this one, after the first) */
    for (unsigned i = 1; i < n; i++) started[i] = pthread_create(&th[i], NULL, dev_share_run, &jobs[i]) == 0;
    dev_share_run(&jobs[0]);
    for (unsigned i = 1; i < n; i++) {
        if (started[i])
            pthread_join(th[i], NULL);
        else
            dev_share_run(&jobs[i]);
    }
}

static void dev_ecb(int c, int enc, const void *sched, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    const dev_call k = {c, MODE_ECB_ENC, enc, sched, NULL, in, NULL, out, nblocks, 0};
    dev_call_run(&k, nblocks / KB_LANES);
}

static void dev_ctr(int c, const void *sched, const uint8_t *iv, uint8_t *out, const uint8_t *in, size_t len)
{
    const uint64_t batch = (uint64_t)KB_LANES * kb_block_bytes(c);
    const dev_call k = {c, MODE_CTR, 1, sched, iv, in, NULL, out, 0, len};
    dev_call_run(&k, (len + batch - 1) / batch);
}

static void dev_keys(int c, int enc, uint8_t *out, const uint8_t *in, const uint8_t *keys, size_t nblocks)
{
    const dev_call k = {c, MODE_KEYS_ENC, enc, NULL, NULL, in, keys, out, nblocks, 0};
    dev_call_run(&k, nblocks / KB_LANES);
}

/* Key bit p (big-endian numbering, as bc_search_job's pos) as the kernels'
 * cores number it: PIPO's are little-endian (byte kb - 1 - p / 8, bit p % 8). */
static unsigned dev_core_bit(int c, unsigned kb, unsigned p)
{
    return kb_be(c) ? p : 8 * (kb - 1 - p / 8) + p % 8;
}

static size_t dev_search_range(int c, const bc_search_job *job, uint64_t lo, uint64_t n, uint64_t *cand,
                               size_t max_cand)
{
    if (n == 0) return 0;
    kb_args a;
    memset(&a, 0, sizeof a);
    a.lo = lo;
    a.n = n;
    a.max_cand = max_cand < UINT32_MAX ? (uint32_t)max_cand : UINT32_MAX;
    /* lane bits past the mask's: any key bit (those lanes lie past the range) */
    for (unsigned b = 0; b < 64; b++) a.pos[b] = b < job->nbits ? job->pos[b] : job->pos[0];
    /* the lane flips: key bit pos[b] inverted in the lanes whose index has
     * bit b, as the word of the kernel's key */
    static const uint32_t pat[5] = BS_LANE_PATS;
    const unsigned kb = job->key_bytes;
    for (unsigned b = 0; b < 5 && b < job->nbits; b++) a.flip[dev_core_bit(c, kb, job->pos[b])] ^= pat[b];
    if (c == KB_GIFT128) kb_gift_loop_flips(a.loop_flip, a.flip);
    for (unsigned i = 0; i < 8 * kb; i++) a.base[i / 32] |= kb_bit(job->base, kb, i, kb_be(c)) << (i % 32);
    /* index bits 5 .. (0 .. 4 are the lanes) in pieces, word by word */
    unsigned np = 0;
    for (unsigned q = 0; q < 8; q++) {
        for (unsigned b = 5; b < job->nbits; b++) {
            const unsigned at = dev_core_bit(c, kb, job->pos[b]);
            if (at / 32 != q) continue;
            const uint32_t last = np && (!q || np > a.end[q - 1]) ? a.pieces[np - 1] : 0;
            const unsigned len = last ? (last >> 6 & 31) + 1 : 0;
            if (last && (last & 63) + len == b && (last >> 11) + len == at % 32)
                a.pieces[np - 1] += 1u << 6;
            else
                a.pieces[np++] = b | (at % 32) << 11;
        }
        a.end[q] = (uint8_t)np;
    }
    for (unsigned i = 0; i < 8 * job->block_bytes; i++) {
        a.pt[i] = 0u - kb_bit(job->pt, job->block_bytes, i, kb_be(c));
        a.ct[i] = 0u - kb_bit(job->ct, job->block_bytes, i, kb_be(c));
    }
    uint64_t zero = 0, count = 0, scratch = 0;
    dev_io bufs[] = {{&zero, &count, sizeof count, &a.count, 0},
                     {NULL, max_cand ? (void *)cand : (void *)&scratch,
                      max_cand ? max_cand * sizeof *cand : sizeof scratch, &a.cand, 0}};
    dev_run(c, MODE_SEARCH, &a, kb_search_batches(lo, n), NULL, bufs, 2);
    return (size_t)count;
}

/* The backend's desc.devices: its devices (after its probe) and the
 * batches each has run. */
static unsigned dev_devices(uint64_t *work, unsigned max)
{
    for (unsigned i = 0; i < max && i < dev_slots.n; i++) work[i] = atomic_load(&dev_slots.work[i]);
    return dev_slots.n;
}

/* The bc_impl lwcx_bc_<nm>_<backend> of cipher c. The backend defines
 * DEV_DESC (its lwcx_impl_desc initializer) and DEV_SEARCH_CHUNK, and may
 * define DEV_BUS_H2D (bc_impl.bus_h2d). */
#ifndef DEV_BUS_H2D
#define DEV_BUS_H2D NULL
#endif
#define DEV_IMPL(nm, c, backend)                                                \
    static void expand_##nm(void *s, const uint8_t *key)                                          \
    {                                                                                             \
        dev_expand(c, s, key);                                                                    \
    }                                                                                             \
    static void enc_##nm(const void *s, uint8_t *out, const uint8_t *in, size_t n)                \
    {                                                                                             \
        dev_ecb(c, 1, s, out, in, n);                                                             \
    }                                                                                             \
    static void dec_##nm(const void *s, uint8_t *out, const uint8_t *in, size_t n)                \
    {                                                                                             \
        dev_ecb(c, 0, s, out, in, n);                                                             \
    }                                                                                             \
    static void pack_unpack_##nm(uint8_t *out, const uint8_t *in, size_t n)                       \
    {                                                                                             \
        dev_ecb(c, KB_PACK_ONLY, NULL, out, in, n);                                               \
    }                                                                                             \
    static void ctr_##nm(const void *s, const uint8_t *iv, uint8_t *out, const uint8_t *in, size_t len) \
    {                                                                                             \
        dev_ctr(c, s, iv, out, in, len);                                                          \
    }                                                                                             \
    static void resident_##nm(const void *s, int op, size_t len)                                  \
    {                                                                                             \
        dev_resident(c, s, op, len);                                                              \
    }                                                                                             \
    static void enc_keys_##nm(uint8_t *out, const uint8_t *in, const uint8_t *k, size_t n)        \
    {                                                                                             \
        dev_keys(c, 1, out, in, k, n);                                                            \
    }                                                                                             \
    static void dec_keys_##nm(uint8_t *out, const uint8_t *in, const uint8_t *k, size_t n)        \
    {                                                                                             \
        dev_keys(c, 0, out, in, k, n);                                                            \
    }                                                                                             \
    static size_t search_##nm(const bc_search_job *job, uint64_t lo, uint64_t n, uint64_t *cand,  \
                              size_t max_cand)                                                    \
    {                                                                                             \
        return dev_search_range(c, job, lo, n, cand, max_cand);                                   \
    }                                                                                             \
    const bc_impl lwcx_bc_##nm##_##backend = {                                                    \
        .desc = DEV_DESC,                                                                        \
        .sched_bytes = sizeof(dev_sched),                                                         \
        .expand = expand_##nm,                                                                    \
        .encrypt = enc_##nm,                                                                      \
        .decrypt = dec_##nm,                                                                      \
        .encrypt_keys = enc_keys_##nm,                                                            \
        .decrypt_keys = dec_keys_##nm,                                                            \
        .pack_unpack = pack_unpack_##nm,                                                          \
        .ctr = ctr_##nm,                                                                          \
        .search_range = search_##nm,                                                              \
        .search_chunk = DEV_SEARCH_CHUNK,                                                         \
        .bulk_bytes = bulk_bytes,                                                                 \
        .resident = resident_##nm,                                                                \
        .bus_h2d = DEV_BUS_H2D,                                                                   \
    };

#define DEV_IMPL_(nm, c, backend) DEV_IMPL(nm, c, backend) /* (backend expanded) */
#define DEV_IMPL_X(nm, NM, bb, kb, r, be, text) DEV_IMPL_(nm, KB_##NM, DEV_BACKEND)
/* every cipher's, DEV_BACKEND the backend's name (cuda, opencl) */
#define DEV_IMPLS() LWCX_BC_CIPHERS(DEV_IMPL_X)

#endif
