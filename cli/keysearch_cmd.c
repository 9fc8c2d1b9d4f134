/* lwcx keysearch: exhaustive key search over a range, with progress, a clean
 * stop on SIGINT/SIGTERM, and a checkpoint to resume from: the library's
 * key-search record (lwcx_keysearch_save/load), integrity-checked. */
#include <errno.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "io.h"
#include "lwcx.h"

#define MAX_FOUND 64

static volatile sig_atomic_t interrupted;

static void on_signal(int sig)
{
    (void)sig;
    interrupted = 1;
}

typedef struct ks_progress {
    int tty;
    double t0, last;
    double segment_end; /* stop the library call then, to write a checkpoint */
    uint64_t before;    /* keys searched before this run (resume) */
    uint64_t total;     /* keys in the whole range */
} ks_progress;

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static void fmt_count(char *buf, size_t n, double v)
{
    static const char *const unit[] = {"", "k", "M", "G", "T", "P", "E"};
    int u = 0;
    while (v >= 1000 && u < 6) v /= 1000, u++;
    snprintf(buf, n, u ? "%.2f%s" : "%.0f%s", v, unit[u]);
}

/* done: keys finished in the whole search */
static void show(const ks_progress *p, uint64_t done, double t)
{
    char d[32], tot[32], rate[32], eta[32] = "?";
    double el = t - p->t0, r = el > 0 ? (double)(done - p->before) / el : 0;
    fmt_count(d, sizeof d, (double)done);
    fmt_count(tot, sizeof tot, (double)p->total);
    fmt_count(rate, sizeof rate, r);
    if (r > 0) {
        double s = (double)(p->total - done) / r;
        if (s < 1e8) {
            unsigned long long si = (unsigned long long)s;
            snprintf(eta, sizeof eta, "%llu:%02llu:%02llu", si / 3600, si / 60 % 60, si % 60);
        }
    }
    fprintf(stderr, "\r%s / %s keys (%.1f%%)  %s keys/s  ETA %s   ", d, tot,
            p->total ? 100.0 * (double)done / (double)p->total : 100.0, rate, eta);
}

static int on_progress(void *ctx, uint64_t done, uint64_t total)
{
    ks_progress *p = ctx;
    (void)total;
    double t = now();
    if (p->tty && t - p->last >= 1.0) {
        show(p, done, t);
        p->last = t;
    }
    return interrupted != 0 || t >= p->segment_end;
}

/* N: decimal, 0x-prefixed hex, or 2^E */
static int parse_u64(const char *s, uint64_t *out)
{
    char *end;
    if (!*s || *s == '-' || *s == '+' || *s == ' ') return -1;
    errno = 0;
    if (strncmp(s, "2^", 2) == 0) {
        unsigned long e = strtoul(s + 2, &end, 10);
        if (errno || *end || end == s + 2 || e > 63) return -1;
        *out = (uint64_t)1 << e;
        return 0;
    }
    int base = (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) ? 16 : 10;
    unsigned long long v = strtoull(s, &end, base);
    if (errno || *end || end == s) return -1;
    *out = v;
    return 0;
}

static void hex_line(char *out, const uint8_t *b, size_t n)
{
    for (size_t i = 0; i < n; i++) sprintf(out + 2 * i, "%02x", b[i]);
}

#define CKPT_MAX ((size_t)64 << 20) /* far above any record a search writes */

static int write_checkpoint(const char *path, lwcx_keysearch *ks)
{
    size_t len = 0;
    lwcx_keysearch_save(ks, NULL, 0, &len);
    uint8_t *buf = malloc(len);
    int rc = buf && lwcx_keysearch_save(ks, buf, len, &len) == LWCX_OK ? io_write_all(path, buf, len) : -1;
    if (!buf) fprintf(stderr, "lwcx keysearch: out of memory writing the checkpoint\n");
    free(buf);
    return rc;
}

/* Continues ks from the checkpoint at path; refuses (-1, message printed) a
 * damaged one, or one written for other parameters. */
static int read_checkpoint(const char *path, lwcx_keysearch *ks)
{
    uint8_t *raw = malloc(CKPT_MAX);
    long n = raw ? io_read_all(path, raw, CKPT_MAX) : -1;
    if (n == -2) fprintf(stderr, "lwcx keysearch: checkpoint '%s' is too large\n", path);
    lwcx_keysearch *old = NULL;
    int rc = n < 0 ? -1 : lwcx_keysearch_load(&old, raw, (size_t)n);
    free(raw);
    if (n < 0) return -1; /* io has said why */
    if (rc) {
        fprintf(stderr, "lwcx keysearch: checkpoint '%s' is damaged, edited or not a key-search "
                        "record (%s); refusing to resume\n", path, lwcx_strerror(rc));
        return -1;
    }
    if (lwcx_keysearch_merge(ks, old) != LWCX_OK) {
        fprintf(stderr, "lwcx keysearch: checkpoint '%s' was written for other parameters; "
                        "refusing to resume\n", path);
        rc = -1;
    }
    lwcx_keysearch_free(old);
    return rc;
}

static const char ks_usage[] =
    "usage: lwcx keysearch --cipher NAME --pt HEX --ct HEX [--pt2 HEX --ct2 HEX]\n"
    "                      --key-base HEX [--mask HEX] [--start N] --count N\n"
    "                      [--threads N] [--checkpoint FILE [--resume] [--every SECONDS]]\n"
    "                      [--device cpu|cuda]\n"
    "Key index i is the key --key-base with the bits of --mask flipped as the bits\n"
    "of i say (lowest first); without --mask, i is XORed into the last 8 key bytes.\n"
    "The checkpoint is rewritten every SECONDS (default 60) and on Ctrl-C.\n"
    "--device: the CPU, or the GPU (the cuda implementation; one thread unless\n"
    "--threads says otherwise); default: the GPU if it is available, else the CPU.\n";

static int bad_args(const char *msg, const char *arg)
{
    fprintf(stderr, "lwcx keysearch: %s%s%s\n%s", msg, arg ? " " : "", arg ? arg : "", ks_usage);
    return 2;
}

int cmd_keysearch(int argc, char **argv)
{
    const char *cipher = NULL, *pt[2] = {0}, *ct[2] = {0}, *base = NULL, *start = NULL,
               *count = NULL, *threads_s = NULL, *ckpt = NULL, *mask = NULL, *every_s = NULL, *device = NULL;
    int resume = 0;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        const char **slot = strcmp(a, "--cipher") == 0       ? &cipher
                            : strcmp(a, "--pt") == 0         ? &pt[0]
                            : strcmp(a, "--ct") == 0         ? &ct[0]
                            : strcmp(a, "--pt2") == 0        ? &pt[1]
                            : strcmp(a, "--ct2") == 0        ? &ct[1]
                            : strcmp(a, "--key-base") == 0   ? &base
                            : strcmp(a, "--mask") == 0       ? &mask
                            : strcmp(a, "--every") == 0      ? &every_s
                            : strcmp(a, "--start") == 0      ? &start
                            : strcmp(a, "--count") == 0      ? &count
                            : strcmp(a, "--threads") == 0    ? &threads_s
                            : strcmp(a, "--checkpoint") == 0 ? &ckpt
                            : strcmp(a, "--device") == 0     ? &device
                                                             : NULL;
        if (strcmp(a, "--resume") == 0) {
            resume = 1;
        } else if (!slot) {
            return bad_args("unknown argument", a);
        } else if (i + 1 == argc) {
            return bad_args("missing value after", a);
        } else {
            *slot = argv[++i];
        }
    }
    if (!cipher || !pt[0] || !ct[0] || !base || !count)
        return bad_args("--cipher, --pt, --ct, --key-base and --count are required", NULL);
    int c = -1;
    for (int k = 0; lwcx_bc_name((lwcx_blockcipher)k); k++)
        if (strcmp(lwcx_bc_name((lwcx_blockcipher)k), cipher) == 0) c = k;
    if (c < 0) return bad_args("unknown cipher (present80, present128, gift64, ...):", cipher);
    const lwcx_blockcipher ci = (lwcx_blockcipher)c;
    const size_t bs = lwcx_bc_block_bytes(ci), kb = lwcx_bc_key_bytes(ci);
    uint8_t pb[2 * LWCX_BC_MAX_BLOCK_BYTES], cb[2 * LWCX_BC_MAX_BLOCK_BYTES];
    uint8_t kbase[LWCX_BC_MAX_KEY_BYTES], kmask[LWCX_BC_MAX_KEY_BYTES];
    if (!pt[1] != !ct[1]) return bad_args("--pt2 and --ct2 go together", NULL);
    const size_t npairs = pt[1] ? 2 : 1;
    for (size_t i = 0; i < npairs; i++)
        if (io_parse_hex(pt[i], strlen(pt[i]), pb + bs * i, bs) ||
            io_parse_hex(ct[i], strlen(ct[i]), cb + bs * i, bs)) {
            fprintf(stderr, "lwcx keysearch: blocks are %zu bytes (%zu hex digits)\n", bs, 2 * bs);
            return 2;
        }
    if (io_parse_hex(base, strlen(base), kbase, kb)) {
        fprintf(stderr, "lwcx keysearch: --key-base must be %zu hex digits\n", 2 * kb);
        return 2;
    }
    if (mask) {
        int any = 0;
        if (io_parse_hex(mask, strlen(mask), kmask, kb) == 0)
            for (size_t i = 0; i < kb; i++) any |= kmask[i];
        if (!any) {
            fprintf(stderr, "lwcx keysearch: --mask must be %zu hex digits with a bit set\n", 2 * kb);
            return 2;
        }
    }
    uint64_t every = 60;
    if (every_s && (parse_u64(every_s, &every) || every == 0 || every > 1000000))
        return bad_args("--every takes seconds (1 .. 1000000)", NULL);
    uint64_t threads = 0, first = 0, n = 0;
    if ((start && parse_u64(start, &first)) || parse_u64(count, &n) ||
        (threads_s && (parse_u64(threads_s, &threads) || threads > LWCX_KEYSEARCH_MAX_THREADS)))
        return bad_args("--start, --count, --threads take N, 0xHEX or 2^E", NULL);
    if (n == 0) return bad_args("--count must be at least 1", NULL);
    if (resume && !ckpt) return bad_args("--resume needs --checkpoint FILE", NULL);
    if (every_s && !ckpt) return bad_args("--every needs --checkpoint FILE", NULL);
    if (device && strcmp(device, "cpu") != 0 && strcmp(device, "cuda") != 0)
        return bad_args("--device is cpu or cuda", device);
    /* the GPU: the cuda implementation, forced (it is never the automatic choice) */
    const lwcx_impl *gpu = lwcx_impl_find(lwcx_bc_name(ci), "cuda");
    const char *why = "not built (no nvcc at build time)";
    const int gpu_ok = gpu && lwcx_impl_available(gpu, &why);
    if (device && strcmp(device, "cuda") == 0 && !gpu_ok) {
        fprintf(stderr, "lwcx keysearch: --device cuda: %s\n", why);
        return 2;
    }
    const int use_gpu = gpu_ok && (!device || strcmp(device, "cuda") == 0);
    if (use_gpu && !threads_s) threads = 1; /* one GPU: one thread feeds it */
    lwcx_keysearch *ks;
    int rc = lwcx_keysearch_new_with(use_gpu ? gpu : NULL, &ks, ci, pb, cb, npairs, kbase, mask ? kmask : NULL,
                                     first, n);
    if (rc == LWCX_ERR_LENGTH)
        return bad_args("--start + --count is too large (or beyond the mask's 2^bits keys)", NULL);
    if (rc) {
        fprintf(stderr, "lwcx keysearch: %s\n", lwcx_strerror(rc));
        return 2;
    }
    if (resume) {
        if (read_checkpoint(ckpt, ks) != 0) {
            lwcx_keysearch_free(ks);
            return 2;
        }
        if (lwcx_keysearch_found_count(ks) && !lwcx_keysearch_complete(ks))
            fprintf(stderr, "lwcx keysearch: %" PRIu64 " key(s) found before the checkpoint\n",
                    lwcx_keysearch_found_count(ks));
    }

    struct sigaction sa, old_int, old_term;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, &old_int);
    sigaction(SIGTERM, &sa, &old_term);

    ks_progress pr = {isatty(2), 0, 0, 0, lwcx_keysearch_keys_done(ks), n};
    pr.t0 = pr.last = now();
    /* Without a checkpoint file one run does it all; with one, the search
     * runs in segments of --every seconds (each stop leaves every chunk
     * taken finished) and the checkpoint is rewritten after each. */
    int werr = 0;
    for (;;) {
        pr.segment_end = ckpt ? now() + (double)every : 1e300;
        rc = lwcx_keysearch_run(ks, (unsigned)threads, on_progress, &pr);
        if (rc != LWCX_OK || lwcx_keysearch_complete(ks) || interrupted) break;
        if (write_checkpoint(ckpt, ks) != 0) {
            werr = 1; /* io has said why */
            break;
        }
    }
    double el = now() - pr.t0;
    sigaction(SIGINT, &old_int, NULL);
    sigaction(SIGTERM, &old_term, NULL);
    if (rc != LWCX_OK) {
        fprintf(stderr, "lwcx keysearch: %s\n", lwcx_strerror(rc));
        lwcx_keysearch_free(ks);
        return 2;
    }
    const uint64_t done = lwcx_keysearch_keys_done(ks), now_done = done - pr.before;
    if (pr.tty) {
        show(&pr, done, now());
        fputc('\n', stderr);
    }
    int complete = lwcx_keysearch_complete(ks);
    char rate[32];
    fmt_count(rate, sizeof rate, el > 0 ? (double)now_done / el : 0);
    fprintf(stderr, "lwcx keysearch: %" PRIu64 " keys in %.2f s (%s keys/s)%s\n", now_done, el,
            rate, complete ? "" : ", interrupted");
    if (!complete)
        fprintf(stderr, "lwcx keysearch: %" PRIu64 " keys left%s\n", lwcx_keysearch_keys_left(ks),
                ckpt ? " (resume from the checkpoint with --resume)" : "");

    if (ckpt && !werr && write_checkpoint(ckpt, ks) != 0) werr = 1;
    const uint64_t total = lwcx_keysearch_found_count(ks);
    const size_t shown = total < MAX_FOUND ? (size_t)total : MAX_FOUND;
    char h[2 * LWCX_BC_MAX_KEY_BYTES + 1];
    uint8_t key[LWCX_BC_MAX_KEY_BYTES];
    for (size_t i = 0; i < shown; i++) {
        lwcx_keysearch_found_key(ks, i, key, NULL);
        hex_line(h, key, kb);
        printf("%s\n", h);
    }
    if (total > shown)
        fprintf(stderr, "lwcx keysearch: %" PRIu64 " keys matched, first %zu shown\n", total, shown);
    lwcx_keysearch_free(ks);
    if (fflush(stdout) != 0) werr = 1;
    if (werr) return 3;
    if (total) return 0;
    return complete ? 1 : 130; /* interrupted before anything was found */
}
