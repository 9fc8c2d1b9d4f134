/* lwcx-mpi: `lwcx keysearch` across the ranks of an MPI job (mpirun, srun).
 *
 * Rank 0 parses the command line (the same as lwcx keysearch's), owns the
 * search object (its dispenser and its record: the checkpoint) and hands out
 * chunks of --chunk keys on request; its own threads search too, taking
 * smaller chunks from the same dispenser. The other ranks load the search
 * from rank 0's record, keep one chunk per thread plus one in hand, and
 * report each finished chunk with the keys found in it; the answer to a
 * report carries the next chunks or the order to stop. Every report is
 * checked against the chunks handed out, so a chunk lost or searched twice
 * is noticed. Only the main thread of each rank calls MPI (FUNNELED). */
#include <inttypes.h>
#include <mpi.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "io.h"
#include "keysearch_cmd.h"
#include "opt.h"
#include "signals.h"

enum { TAG_REQ = 11, TAG_GRANT = 12 };
#define KEYB LWCX_BC_MAX_KEY_BYTES
#define STOP_WAIT_S 5.0 /* after a signal, how long rank 0 waits for the ranks' last reports */

static void nap(long ns)
{
    struct timespec t = {0, ns};
    nanosleep(&t, NULL);
}

typedef struct chunk {
    uint64_t lo, n;
} chunk;

/* A request (worker -> rank 0): this header, ndone chunks, nkeys keys of KEYB bytes. */
typedef struct req_head {
    uint64_t want;     /* chunks wanted */
    uint64_t final;    /* the rank's last request */
    uint64_t ndone, nkeys;
    uint64_t searched; /* keys this rank searched in all (checked at the end) */
} req_head;

/* A grant (rank 0 -> worker): stop, n, then n chunks. */
#define GRANT_MAX (LWCX_KEYSEARCH_MAX_THREADS + 1)

static LWCX_NODISCARD int grow(void **p, size_t *cap, size_t need, size_t size)
{
    if (need <= *cap) return 0;
    size_t c = *cap ? *cap : 16;
    while (c < need) c *= 2;
    void *q = realloc(*p, c * size);
    if (!q) return -1;
    *p = q;
    *cap = c;
    return 0;
}

static unsigned thread_count(uint64_t threads)
{
    if (threads) return (unsigned)threads;
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > (long)LWCX_KEYSEARCH_MAX_THREADS ? LWCX_KEYSEARCH_MAX_THREADS : (unsigned)n;
}

/* ---- a worker rank ------------------------------------------------------ */

typedef struct worker {
    lwcx_keysearch *ks;
    pthread_mutex_t lock;
    pthread_cond_t work, event;
    chunk *queue;
    size_t qlen, qcap;
    unsigned inflight;
    int quit, err;
    chunk *fin; /* finished, not yet reported */
    size_t nfin, fincap;
    uint8_t *keys; /* found in them */
    size_t nkeys, keycap;
    uint64_t searched;
} worker;

static void *search_thread(void *arg)
{
    worker *w = arg;
    pthread_mutex_lock(&w->lock);
    for (;;) {
        while (!w->quit && w->qlen == 0) pthread_cond_wait(&w->work, &w->lock);
        if (w->quit) break;
        chunk c = w->queue[0];
        memmove(w->queue, w->queue + 1, --w->qlen * sizeof *w->queue);
        w->inflight++;
        pthread_mutex_unlock(&w->lock);
        int rc = lwcx_keysearch_search(w->ks, c.lo, c.n);
        pthread_mutex_lock(&w->lock);
        /* the keys of this chunk (the object's record also holds earlier ones) */
        uint8_t key[KEYB] = {0};
        uint64_t idx;
        for (size_t i = 0; rc == LWCX_OK && lwcx_keysearch_found_key(w->ks, i, key, &idx) == LWCX_OK; i++) {
            if (idx < c.lo || idx - c.lo >= c.n) continue;
            if (grow((void **)&w->keys, &w->keycap, w->nkeys + 1, KEYB)) rc = LWCX_ERR_NOMEM;
            else memcpy(w->keys + KEYB * w->nkeys++, key, KEYB);
        }
        lwcx_wipe(key, sizeof key);
        if (rc == LWCX_OK && grow((void **)&w->fin, &w->fincap, w->nfin + 1, sizeof *w->fin)) rc = LWCX_ERR_NOMEM;
        if (rc == LWCX_OK) {
            w->fin[w->nfin++] = c;
            w->searched += c.n;
        } else {
            w->err = rc;
        }
        w->inflight--;
        pthread_cond_signal(&w->event);
    }
    pthread_mutex_unlock(&w->lock);
    return NULL;
}

static LWCX_NODISCARD int run_worker(lwcx_keysearch *ks, unsigned threads)
{
    worker w = {.ks = ks};
    pthread_mutex_init(&w.lock, NULL);
    pthread_cond_init(&w.work, NULL);
    pthread_cond_init(&w.event, NULL);
    pthread_t *tid = malloc(threads * sizeof *tid);
    unsigned started = 0;
    while (tid && started < threads && pthread_create(&tid[started], NULL, search_thread, &w) == 0) started++;
    const size_t depth = (size_t)started + 1; /* one chunk per thread, one in hand */
    uint64_t grant[2 + 2 * GRANT_MAX];
    uint8_t *msg = NULL;
    size_t msgcap = 0;
    int stop = started == 0, nomore = 0, rc = 0;
    if (started == 0) fprintf(stderr, "lwcx-mpi: a rank could not start its threads\n");
    for (;;) {
        pthread_mutex_lock(&w.lock);
        size_t want;
        int final;
        for (;;) {
            if (sig_stop_requested() || w.err) stop = 1;
            want = stop || nomore || w.qlen + w.inflight >= depth ? 0 : depth - w.qlen - w.inflight;
            final = w.inflight == 0 && (stop || (nomore && w.qlen == 0));
            if (w.nfin || want || final) break;
            struct timespec t;
            clock_gettime(CLOCK_REALTIME, &t);
            t.tv_nsec += 100000000L; /* now and then: a signal */
            if (t.tv_nsec >= 1000000000L) t.tv_sec++, t.tv_nsec -= 1000000000L;
            pthread_cond_timedwait(&w.event, &w.lock, &t);
        }
        if (stop) w.qlen = 0; /* chunks in hand are given back by not reporting them */
        req_head h = {want, (uint64_t)final, w.nfin, w.nkeys, w.searched};
        const size_t len = sizeof h + w.nfin * sizeof(chunk) + w.nkeys * KEYB;
        if (grow((void **)&msg, &msgcap, len, 1)) {
            fprintf(stderr, "lwcx-mpi: out of memory\n");
            MPI_Abort(MPI_COMM_WORLD, 2);
        }
        memcpy(msg, &h, sizeof h);
        if (w.nfin) memcpy(msg + sizeof h, w.fin, w.nfin * sizeof(chunk));
        if (w.nkeys) memcpy(msg + sizeof h + w.nfin * sizeof(chunk), w.keys, w.nkeys * KEYB);
        if (w.keys) lwcx_wipe(w.keys, w.keycap * KEYB);
        w.nfin = w.nkeys = 0;
        pthread_mutex_unlock(&w.lock);

        MPI_Request rq;
        int got = 0;
        MPI_Irecv(grant, (int)(sizeof grant), MPI_BYTE, 0, TAG_GRANT, MPI_COMM_WORLD, &rq);
        MPI_Send(msg, (int)len, MPI_BYTE, 0, TAG_REQ, MPI_COMM_WORLD);
        lwcx_wipe(msg, len);
        /* not MPI_Wait: Open MPI would spin a core that the threads need */
        while (MPI_Test(&rq, &got, MPI_STATUS_IGNORE), !got) nap(50000);
        if (final) break;
        pthread_mutex_lock(&w.lock);
        if (grant[0]) {
            stop = 1;
            w.quit = 1; /* the threads finish the chunk they have */
            w.qlen = 0;
        } else if (want && grant[1] == 0) {
            nomore = 1;
        } else if (grow((void **)&w.queue, &w.qcap, w.qlen + grant[1], sizeof *w.queue) == 0) {
            memcpy(w.queue + w.qlen, grant + 2, grant[1] * sizeof(chunk));
            w.qlen += grant[1];
        } else {
            w.err = LWCX_ERR_NOMEM; /* stops; the chunks granted are not reported */
        }
        pthread_cond_broadcast(&w.work);
        pthread_mutex_unlock(&w.lock);
    }
    pthread_mutex_lock(&w.lock);
    w.quit = 1;
    pthread_cond_broadcast(&w.work);
    pthread_mutex_unlock(&w.lock);
    for (unsigned t = 0; t < started; t++) pthread_join(tid[t], NULL);
    if (w.err) {
        fprintf(stderr, "lwcx-mpi: a rank stopped: %s\n", lwcx_strerror(w.err));
        rc = 2;
    }
    free(tid);
    free(msg);
    free(w.queue);
    free(w.fin);
    if (w.keys) lwcx_wipe(w.keys, w.keycap * KEYB);
    free(w.keys);
    pthread_cond_destroy(&w.work);
    pthread_cond_destroy(&w.event);
    pthread_mutex_destroy(&w.lock);
    return rc;
}

/* ---- rank 0 ------------------------------------------------------------- */

typedef struct rank_state {
    chunk *out; /* handed out, not reported */
    size_t nout, outcap;
    uint64_t keys;     /* reported finished */
    uint64_t searched; /* as the rank counted them itself (its last request) */
    int final;
} rank_state;

typedef struct coord {
    lwcx_keysearch *ks;
    uint64_t chunk;
    int nranks, finals, stop, fatal;
    rank_state *rank;
    chunk *back; /* given back by a rank that left early: handed out first */
    size_t nback, backcap;
    uint64_t handed, reported;
    uint8_t *msg;
    size_t msgcap;
} coord;

/* Rank 0's own threads: chunks of the same size from the same dispenser (a
 * stop waits for one: tens of ms), counted here for the final accounting. */
typedef struct local {
    lwcx_keysearch *ks;
    uint64_t chunk;
    atomic_int stop, rc;
    atomic_uint running;
    _Atomic uint64_t keys;
} local;

static void *local_thread(void *arg)
{
    local *l = arg;
    while (!atomic_load(&l->stop) && atomic_load(&l->rc) == LWCX_OK) {
        uint64_t lo, n;
        const int taken = lwcx_keysearch_take(l->ks, l->chunk, &lo, &n);
        if (taken) atomic_store(&l->rc, taken);
        if (taken || n == 0) break;
        int rc = lwcx_keysearch_search(l->ks, lo, n);
        if (rc) atomic_store(&l->rc, rc);
        else atomic_fetch_add(&l->keys, n);
    }
    atomic_fetch_sub(&l->running, 1);
    return NULL;
}

static int fatal(coord *c, int r, const char *what)
{
    fprintf(stderr, "lwcx-mpi: rank %d %s: stopping the job\n", r, what);
    c->fatal = 1;
    return -1;
}

/* One request from rank r: record what it finished, answer with chunks. */
static LWCX_NODISCARD int serve(coord *c, int r, int len)
{
    rank_state *s = &c->rank[r];
    if (grow((void **)&c->msg, &c->msgcap, (size_t)len + 1, 1)) return fatal(c, 0, "is out of memory");
    MPI_Recv(c->msg, len, MPI_BYTE, r, TAG_REQ, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    req_head h;
    if ((size_t)len < sizeof h) return fatal(c, r, "sent a malformed request");
    memcpy(&h, c->msg, sizeof h);
    if (h.ndone > (size_t)len / sizeof(chunk) || h.nkeys > (size_t)len / KEYB ||
        sizeof h + h.ndone * sizeof(chunk) + h.nkeys * KEYB != (size_t)len || h.want > GRANT_MAX || s->final)
        return fatal(c, r, "sent a malformed request");
    for (uint64_t i = 0; i < h.ndone; i++) {
        chunk d;
        memcpy(&d, c->msg + sizeof h + i * sizeof d, sizeof d);
        size_t k = 0;
        while (k < s->nout && (s->out[k].lo != d.lo || s->out[k].n != d.n)) k++;
        if (k == s->nout) return fatal(c, r, "reported a chunk it was not given");
        s->out[k] = s->out[--s->nout];
        if (lwcx_keysearch_done(c->ks, d.lo, d.n) != LWCX_OK) return fatal(c, 0, "could not record a chunk");
        s->keys += d.n;
        c->reported++;
    }
    for (uint64_t i = 0; i < h.nkeys; i++)
        if (lwcx_keysearch_add_found(c->ks, c->msg + sizeof h + h.ndone * sizeof(chunk) + i * KEYB) != LWCX_OK)
            return fatal(c, r, "reported a key that does not match the pairs");
    lwcx_wipe(c->msg, (size_t)len);
    s->searched = h.searched;
    uint64_t grant[2 + 2 * GRANT_MAX] = {0};
    if (h.final) {
        s->final = 1;
        c->finals++;
        /* what it still held goes to the others (a rank stopped by a signal) */
        if (!c->stop && s->nout) {
            if (grow((void **)&c->back, &c->backcap, c->nback + s->nout, sizeof *c->back))
                return fatal(c, 0, "is out of memory");
            memcpy(c->back + c->nback, s->out, s->nout * sizeof *s->out);
            c->nback += s->nout;
            s->nout = 0;
        }
        grant[0] = 1;
    } else if (c->stop) {
        grant[0] = 1;
    } else {
        for (uint64_t k = 0; k < h.want; k++) {
            chunk g;
            if (c->nback) g = c->back[--c->nback];
            else if (lwcx_keysearch_take(c->ks, c->chunk, &g.lo, &g.n) != LWCX_OK)
                return fatal(c, 0, "could not take a chunk");
            if (g.n == 0) break;
            if (grow((void **)&s->out, &s->outcap, s->nout + 1, sizeof *s->out)) return fatal(c, 0, "is out of memory");
            s->out[s->nout++] = g;
            grant[2 + 2 * grant[1]] = g.lo;
            grant[3 + 2 * grant[1]] = g.n;
            grant[1]++;
            c->handed++;
        }
    }
    MPI_Send(grant, (int)((2 + 2 * grant[1]) * sizeof(uint64_t)), MPI_BYTE, r, TAG_GRANT, MPI_COMM_WORLD);
    return 0;
}

/* This thread's CPU seconds: the coordinator's cost. */
static double thread_cpu(void)
{
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* The progress line of rank 0, with the slowest and fastest ranks' rates. */
static void root_progress(ks_progress *pr, const coord *c, local *l, double t)
{
    const uint64_t done = lwcx_keysearch_keys_done(c->ks);
    double lo = 0, hi = 0, el = t - pr->t0;
    for (int r = 0; r < c->nranks && el > 0; r++) {
        double rate = (double)(r ? c->rank[r].keys : atomic_load(&l->keys)) / el;
        if (r == 0 || rate < lo) lo = rate;
        if (r == 0 || rate > hi) hi = rate;
    }
    char a[32], b[32], extra[96];
    ks_fmt_count(a, sizeof a, lo);
    ks_fmt_count(b, sizeof b, hi);
    snprintf(extra, sizeof extra, "  %d ranks %s..%s", c->nranks, a, b);
    ks_show(pr, done, t, extra); /* under mpirun a pipe: whole lines (ks_show) */
    pr->last = t;
}

/* The accounting once every rank stopped: every chunk handed out came back
 * once, and the keys counted add up; then the report. The exit status. */
static LWCX_NODISCARD int root_accounting(ks_cli *o, ks_progress *pr, const coord *c, local *l, double el,
                                          double coord_s, int werr)
{
    const int nranks = c->nranks;
    uint64_t others = 0, counted = 0, out = 0;
    for (int r = 1; r < nranks; r++) {
        others += c->rank[r].keys;
        counted += c->rank[r].searched;
        out += c->rank[r].nout;
    }
    const uint64_t mine = atomic_load(&l->keys), recorded = lwcx_keysearch_keys_done(c->ks) - pr->before;
    fprintf(stderr,
            "lwcx-mpi: %d ranks: %" PRIu64 " chunks handed out (%.0f/s), %" PRIu64 " reported, %" PRIu64
            " unreported at the stop; keys searched: ranks 1..%d %" PRIu64 " (their count %" PRIu64
            "), rank 0 %" PRIu64 ", total %" PRIu64 " of %" PRIu64 "\n"
            "lwcx-mpi: coordinator CPU time %.3f s in %.2f s (%.2f%% of one core)\n",
            nranks, c->handed, el > 0 ? (double)c->handed / el : 0.0, c->reported, out + c->nback, nranks - 1, others,
            counted, mine, recorded, o->total - pr->before, coord_s, el, el > 0 ? 100 * coord_s / el : 0.0);
    if (atomic_load(&l->rc) != LWCX_OK) {
        cli_error(NULL, "%s", lwcx_strerror(atomic_load(&l->rc)));
        return 2;
    }
    if (counted != others || others + mine != recorded) {
        /* the record merges what was searched twice: its count falls short */
        fprintf(stderr, "lwcx-mpi: keys searched twice or miscounted (%" PRIu64 " + %" PRIu64 " searched, %" PRIu64 " recorded)\n",
                others, mine, recorded);
        return 2;
    }
    return ks_finish(o, pr, el, werr);
}

static LWCX_NODISCARD int run_root(ks_cli *o, int nranks)
{
    lwcx_keysearch *ks = o->ks;
    ks_progress pr = {0};
    pr.tty = isatty(2);
    pr.ks = ks;
    pr.key_bytes = o->key_bytes;
    pr.first = o->first;
    pr.total = o->total;
    if (o->resume) ks_resumed(o, &pr);
    coord c = {.ks = ks, .chunk = o->chunk, .nranks = nranks};
    c.rank = calloc((size_t)nranks, sizeof *c.rank);
    if (!c.rank) {
        fprintf(stderr, "lwcx-mpi: out of memory\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    c.rank[0].final = 1; /* rank 0 sends no requests */
    local l = {.ks = ks, .chunk = o->chunk};
    atomic_init(&l.stop, 0);
    atomic_init(&l.rc, LWCX_OK);
    atomic_init(&l.running, 0);
    atomic_init(&l.keys, 0);
    const unsigned nthreads = o->root_threads == UINT64_MAX ? thread_count(0) : (unsigned)o->root_threads;
    pthread_t *tid = malloc((nthreads ? nthreads : 1) * sizeof *tid);
    pr.before = lwcx_keysearch_keys_done(ks);
    pr.t0 = pr.last = ks_now();
    const double cpu0 = thread_cpu();
    c.stop = o->first && lwcx_keysearch_found_count(ks); /* found before: nothing to do */
    unsigned started = 0;
    atomic_store(&l.running, nthreads);
    while (!c.stop && tid && started < nthreads && pthread_create(&tid[started], NULL, local_thread, &l) == 0) started++;
    atomic_fetch_sub(&l.running, nthreads - started); /* none at all: rank 0 only hands out */
    int werr = 0, said_stop = 0;
    double last_ckpt = pr.t0, last_tick = 0, stop_at = 0;
    long idle_ns = 50000;
    for (;;) {
        int any = 0, flag = 0, len = 0;
        MPI_Status st;
        while (!c.fatal && (MPI_Iprobe(MPI_ANY_SOURCE, TAG_REQ, MPI_COMM_WORLD, &flag, &st), flag)) {
            MPI_Get_count(&st, MPI_BYTE, &len);
            if (serve(&c, st.MPI_SOURCE, len) != 0) break; /* c.fatal is set */
            any = 1;
        }
        if (c.fatal) break;
        const double t = ks_now();
        if (t - last_tick >= 0.1) { /* keys, stops, progress, checkpoint */
            last_tick = t;
            ks_print_new_keys(&pr);
            if (pr.write_error || sig_stop_requested() || atomic_load(&l.rc) != LWCX_OK ||
                (o->first && lwcx_keysearch_found_count(ks)))
                c.stop = 1;
            if (c.stop && !said_stop) {
                said_stop = 1;
                stop_at = t;
                atomic_store(&l.stop, 1);
                /* now, before waiting for anyone: the job may be killed next */
                if (o->ckpt && !werr && ks_write_checkpoint(o->ckpt, ks, 1) != 0) werr = 1;
                last_ckpt = t;
                if (sig_stop_requested()) /* Ctrl-C, scancel, or mpirun ending the job after a rank died */
                    fprintf(stderr, "%slwcx-mpi: stopped by a signal (the job was cancelled, or a rank died)%s%s%s\n",
                            pr.tty ? "\n" : "", o->ckpt && !werr ? "; checkpoint " : "", o->ckpt && !werr ? o->ckpt : "",
                            o->ckpt && !werr ? " written: continue with --resume (any number of ranks)" : "");
            }
            if ((pr.tty || o->progress) && t - pr.last >= 1.0) root_progress(&pr, &c, &l, t);
            if (o->ckpt && !werr && t - last_ckpt >= (double)o->every) {
                if (ks_write_checkpoint(o->ckpt, ks, 0) != 0) werr = c.stop = 1;
                last_ckpt = t;
            }
        }
        if (atomic_load(&l.running) == 0 && c.finals == nranks - 1) break;
        /* after a signal a rank may be dead (mpirun then ends the job anyway);
         * otherwise the ranks answer once their chunk is done, however long */
        if (c.stop && sig_stop_requested() && t - stop_at > STOP_WAIT_S) {
            fprintf(stderr, "\nlwcx-mpi: %d %s not answer within %.0f s of the stop\n", nranks - 1 - c.finals,
                    cli_plural((uint64_t)(nranks - 1 - c.finals), "rank did", "ranks did"), STOP_WAIT_S);
            c.fatal = 1;
            break;
        }
        /* idle: sleep longer and longer, to a cap (the ranks hold a chunk in
         * hand, so a late answer costs them nothing); busy: poll again soon */
        idle_ns = any ? 50000 : idle_ns < 5000000 ? 2 * idle_ns : 5000000;
        if (!any) nap(idle_ns);
    }
    atomic_store(&l.stop, 1); /* the local threads finish the chunk they have (ms) */
    for (unsigned k = 0; k < started; k++) pthread_join(tid[k], NULL);
    free(tid);
    const double el = ks_now() - pr.t0;
    if (c.fatal) {
        if (o->ckpt && !werr && ks_write_checkpoint(o->ckpt, ks, 1) == 0)
            fprintf(stderr, "lwcx-mpi: checkpoint %s written: continue with --resume (any number of ranks)\n", o->ckpt);
        ks_print_new_keys(&pr);
        fflush(stdout);
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    const int status = root_accounting(o, &pr, &c, &l, el, thread_cpu() - cpu0, werr);
    for (int r = 0; r < nranks; r++) free(c.rank[r].out);
    free(c.rank);
    free(c.back);
    free(c.msg);
    if (o->ks) lwcx_keysearch_free(o->ks);
    return status;
}

static const char help[] =
    "usage: mpirun -n RANKS lwcx-mpi [lwcx keysearch's options] [--chunk N] [--root-threads N] [--progress]\n"
    "       (or srun lwcx-mpi ...)\n"
    "lwcx keysearch across the ranks of an MPI job: the same options, output and exit status\n"
    "(see 'lwcx keysearch --help'), one range searched by all ranks; rank 0 hands out chunks,\n"
    "prints the keys and writes the checkpoint (the same record as lwcx keysearch's, resumable\n"
    "by either with any number of ranks; rewritten every SECONDS, default 10). Ranks other\n"
    "than 0 search on their GPU (--device: cuda by default where there is one, opencl[:N],\n"
    "or cpu); rank 0's threads on its CPU. Not here: --part (use lwcx keysearch), --impl\n"
    "(set LWCX_IMPL=CIPHER:NAME for every rank). --resume FILE alone continues a checkpoint.\n"
    "(man lwcx-mpi)\n"
    "options of lwcx-mpi:\n"
    "  --chunk N              keys per chunk handed to a rank (default 2^22)\n"
    "  --root-threads N       rank 0's search threads (default: --threads; 0: only hands out)\n"
    "  --progress             a status line every second even when stderr is not a terminal\n";

static int asks_help(int argc, char **argv)
{
    for (int i = 1; i < argc && strcmp(argv[i], "--") != 0; i++)
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) return 1;
    return 0;
}

int main(int argc, char **argv)
{
    int provided, rank, nranks;
    io_std_init(); /* before MPI or anything else opens a file */
    if (MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided) != MPI_SUCCESS) {
        fprintf(stderr, "lwcx-mpi: MPI_Init_thread failed\n");
        return 2;
    }
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &nranks);
    cli_cmd = "keysearch";
    /* SIGINT, SIGTERM, SIGHUP: every rank stops cleanly, rank 0 writes the checkpoint */
    sig_init();
    sig_stop_mode(1);
    /* rank 0 reads the command line and files, and sends the others the
     * search as a record (the parameters) with the few settings they need */
    ks_cli o;
    uint64_t setup[8] = {0}; /* status, record length, threads, --help answered, device, cipher, cuda:N or opencl:N + 1, --threads given */
    uint8_t *rec = NULL;
    if (rank == 0) {
        char msg[160];
        int st = 0;
        if (asks_help(argc, argv)) {
            fputs(help, stdout);
            memset(&o, 0, sizeof o);
            o.quit = 1;
        } else if (lwcx_impl_env_check(msg, sizeof msg) != LWCX_OK) {
            fprintf(stderr, "lwcx-mpi: %s\n", msg);
            st = 2;
            memset(&o, 0, sizeof o);
        } else {
            st = ks_cli_parse(argc - 1, argv + 1, 1, &o);
        }
        size_t len = 0;
        if (st == 0 && o.quit) setup[3] = 1; /* --help or --version */
        if (st == 0 && !o.quit) {
            /* the size query answers LWCX_ERR_LENGTH, with len set */
            const int sized = lwcx_keysearch_save(o.ks, NULL, 0, &len);
            rec = sized == LWCX_ERR_LENGTH ? malloc(len) : NULL;
            if (!rec || lwcx_keysearch_save(o.ks, rec, len, &len) != LWCX_OK) st = 2;
        }
        /* the checkpoint can be written (and what a killed run left is gone) before any work */
        if (st == 0 && !o.quit && o.ckpt && ks_probe_checkpoint(o.ckpt) != 0) st = 3;
        if (st == 0 && !o.quit && o.resume && ks_read_checkpoint(o.ckpt, o.ks) != 0) st = 2;
        if (st == 0 && provided < MPI_THREAD_FUNNELED) {
            fprintf(stderr, "lwcx-mpi: this MPI library does not allow threads (MPI_THREAD_FUNNELED)\n");
            st = 2;
        }
        setup[0] = (uint64_t)st;
        setup[1] = len;
        setup[2] = st == 0 ? o.threads : 0;
        if (st == 0 && !o.quit) {
            setup[4] = (uint64_t)o.device;
            setup[5] = (uint64_t)o.cipher;
            setup[6] = (uint64_t)(o.device_index + 1);
            setup[7] = (uint64_t)o.threads_given;
        }
        if (st && o.ks) lwcx_keysearch_free(o.ks);
    }
    MPI_Bcast(setup, 8, MPI_UINT64_T, 0, MPI_COMM_WORLD);
    int status = (int)setup[0];
    if (status || setup[3]) {
        free(rec);
        MPI_Finalize();
        return status;
    }
    if (rank != 0 && !(rec = malloc(setup[1]))) MPI_Abort(MPI_COMM_WORLD, 2);
    MPI_Bcast(rec, (int)setup[1], MPI_BYTE, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        status = run_root(&o, nranks);
    } else {
        uint64_t threads = setup[2];
        lwcx_keysearch *ks = ks_load_on_device(rank, rec, setup[1], (int)setup[4], (int)setup[5], (int)setup[6] - 1,
                                               (int)setup[7], &threads);
        if (!ks) MPI_Abort(MPI_COMM_WORLD, 2);
        status = run_worker(ks, thread_count(threads));
        lwcx_keysearch_free(ks);
    }
    free(rec);
    /* every rank ends with rank 0's status: mpirun's is then the tool's */
    int s = status;
    MPI_Bcast(&s, 1, MPI_INT, 0, MPI_COMM_WORLD);
    MPI_Finalize();
    return s;
}
