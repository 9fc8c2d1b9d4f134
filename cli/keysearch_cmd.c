/* lwcx keysearch: exhaustive key search over a range, with progress, a clean
 * stop on SIGINT/SIGTERM, and a text checkpoint to resume from. */
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
#define CKPT_MAGIC "lwcx-keysearch-checkpoint 1"

static volatile sig_atomic_t interrupted;

static void on_signal(int sig)
{
    (void)sig;
    interrupted = 1;
}

typedef struct ks_params {
    lwcx_blockcipher cipher;
    size_t bs, kb, npairs;
    uint8_t pt[2 * LWCX_BC_MAX_BLOCK_BYTES], ct[2 * LWCX_BC_MAX_BLOCK_BYTES];
    uint8_t base[LWCX_BC_MAX_KEY_BYTES], mask[LWCX_BC_MAX_KEY_BYTES];
    int has_mask;
    uint64_t start, count;
} ks_params;

typedef struct ks_progress {
    int tty;
    double t0, last;
    double segment_end; /* stop the library call then, to write a checkpoint */
    uint64_t offset;    /* keys searched before this run (resume) */
    uint64_t seg_base;  /* keys searched by this run before the current call */
    uint64_t total;  /* keys in the whole range */
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

/* done: keys searched by the current library call */
static void show(const ks_progress *p, uint64_t done, double t)
{
    char d[32], tot[32], rate[32], eta[32] = "?";
    done += p->seg_base;
    double el = t - p->t0, r = el > 0 ? (double)done / el : 0;
    uint64_t all = p->offset + done;
    fmt_count(d, sizeof d, (double)all);
    fmt_count(tot, sizeof tot, (double)p->total);
    fmt_count(rate, sizeof rate, r);
    if (r > 0) {
        double s = (double)(p->total - all) / r;
        if (s < 1e8) {
            unsigned long long si = (unsigned long long)s;
            snprintf(eta, sizeof eta, "%llu:%02llu:%02llu", si / 3600, si / 60 % 60, si % 60);
        }
    }
    fprintf(stderr, "\r%s / %s keys (%.1f%%)  %s keys/s  ETA %s   ", d, tot,
            p->total ? 100.0 * (double)all / (double)p->total : 100.0, rate, eta);
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

/* The checkpoint up to "next ": the parameters it is valid for. */
static size_t ckpt_header(char *buf, size_t cap, const ks_params *p)
{
    char h[2 * LWCX_BC_MAX_KEY_BYTES + 1];
    size_t len = (size_t)snprintf(buf, cap, "%s\ncipher %s\n", CKPT_MAGIC, lwcx_bc_name(p->cipher));
    for (size_t i = 0; i < p->npairs; i++) {
        hex_line(h, p->pt + p->bs * i, p->bs);
        len += (size_t)snprintf(buf + len, cap - len, "pt%s %s\n", i ? "2" : "", h);
        hex_line(h, p->ct + p->bs * i, p->bs);
        len += (size_t)snprintf(buf + len, cap - len, "ct%s %s\n", i ? "2" : "", h);
    }
    hex_line(h, p->base, p->kb);
    len += (size_t)snprintf(buf + len, cap - len, "key-base %s\n", h);
    if (p->has_mask) {
        hex_line(h, p->mask, p->kb);
        len += (size_t)snprintf(buf + len, cap - len, "mask %s\n", h);
    }
    len += (size_t)snprintf(buf + len, cap - len,
                            "start %" PRIu64 "\ncount %" PRIu64 "\nnext ",
                            p->start, p->count);
    return len;
}

#define CKPT_CAP 8192 /* header < 400 bytes, found lines < MAX_FOUND * 72 */

static int write_checkpoint(const char *path, const ks_params *p, uint64_t next,
                            const uint8_t *found, size_t nfound)
{
    char buf[CKPT_CAP], h[2 * LWCX_BC_MAX_KEY_BYTES + 1];
    size_t len = ckpt_header(buf, sizeof buf, p);
    len += (size_t)snprintf(buf + len, sizeof buf - len, "%" PRIu64 "\n", next);
    for (size_t i = 0; i < nfound && i < MAX_FOUND; i++) {
        hex_line(h, found + p->kb * i, p->kb);
        len += (size_t)snprintf(buf + len, sizeof buf - len, "found %s\n", h);
    }
    return io_write_all(path, (const uint8_t *)buf, len);
}

/* Reads a checkpoint; refuses (-1, message printed) unless it was written
 * for exactly these parameters. */
static int read_checkpoint(const char *path, const ks_params *p, uint64_t *next, uint8_t *found,
                           size_t *nfound)
{
    uint8_t raw[CKPT_CAP];
    long n = io_read_all(path, raw, sizeof raw - 1);
    if (n == -2) fprintf(stderr, "lwcx keysearch: checkpoint '%s' is too large\n", path);
    if (n < 0) return -1;
    raw[n] = 0;
    char want[CKPT_CAP];
    uint64_t next_v;
    size_t wl = ckpt_header(want, sizeof want, p);
    if ((size_t)n < wl || memcmp(raw, want, wl) != 0) {
        fprintf(stderr,
                "lwcx keysearch: checkpoint '%s' was written for other parameters (or is not a "
                "checkpoint); refusing to resume\n",
                path);
        return -1;
    }
    char *s = (char *)raw + wl, *end;
    errno = 0;
    next_v = strtoull(s, &end, 10);
    if (errno || end == s || *end != '\n' || next_v < p->start || next_v - p->start > p->count) {
        fprintf(stderr, "lwcx keysearch: checkpoint '%s': bad 'next' line\n", path);
        return -1;
    }
    *nfound = 0;
    for (s = end + 1; *s; s = end + 1) {
        end = strchr(s, '\n');
        if (!end || strncmp(s, "found ", 6) != 0 || *nfound == MAX_FOUND ||
            io_parse_hex(s + 6, (size_t)(end - s - 6), found + p->kb * *nfound, p->kb) != 0) {
            fprintf(stderr, "lwcx keysearch: checkpoint '%s': bad line after 'next'\n", path);
            return -1;
        }
        ++*nfound;
    }
    *next = next_v;
    return 0;
}

static const char ks_usage[] =
    "usage: lwcx keysearch --cipher NAME --pt HEX --ct HEX [--pt2 HEX --ct2 HEX]\n"
    "                      --key-base HEX [--mask HEX] [--start N] --count N\n"
    "                      [--threads N] [--checkpoint FILE [--resume] [--every SECONDS]]\n"
    "Key index i is the key --key-base with the bits of --mask flipped as the bits\n"
    "of i say (lowest first); without --mask, i is XORed into the last 8 key bytes.\n"
    "The checkpoint is rewritten every SECONDS (default 60) and on Ctrl-C.\n";

static int bad_args(const char *msg, const char *arg)
{
    fprintf(stderr, "lwcx keysearch: %s%s%s\n%s", msg, arg ? " " : "", arg ? arg : "", ks_usage);
    return 2;
}

int cmd_keysearch(int argc, char **argv)
{
    const char *cipher = NULL, *pt[2] = {0}, *ct[2] = {0}, *base = NULL, *start = NULL,
               *count = NULL, *threads_s = NULL, *ckpt = NULL, *mask = NULL, *every_s = NULL;
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
    ks_params p;
    memset(&p, 0, sizeof p);
    if (!cipher || !pt[0] || !ct[0] || !base || !count)
        return bad_args("--cipher, --pt, --ct, --key-base and --count are required", NULL);
    int c = -1;
    for (int k = 0; lwcx_bc_name((lwcx_blockcipher)k); k++)
        if (strcmp(lwcx_bc_name((lwcx_blockcipher)k), cipher) == 0) c = k;
    if (c < 0) return bad_args("unknown cipher (present80, present128, gift64, ...):", cipher);
    p.cipher = (lwcx_blockcipher)c;
    p.bs = lwcx_bc_block_bytes(p.cipher);
    p.kb = lwcx_bc_key_bytes(p.cipher);
    if (!pt[1] != !ct[1]) return bad_args("--pt2 and --ct2 go together", NULL);
    p.npairs = pt[1] ? 2 : 1;
    for (size_t i = 0; i < p.npairs; i++)
        if (io_parse_hex(pt[i], strlen(pt[i]), p.pt + p.bs * i, p.bs) ||
            io_parse_hex(ct[i], strlen(ct[i]), p.ct + p.bs * i, p.bs)) {
            fprintf(stderr, "lwcx keysearch: blocks are %zu bytes (%zu hex digits)\n", p.bs, 2 * p.bs);
            return 2;
        }
    if (io_parse_hex(base, strlen(base), p.base, p.kb)) {
        fprintf(stderr, "lwcx keysearch: --key-base must be %zu hex digits\n", 2 * p.kb);
        return 2;
    }
    if (mask) {
        p.has_mask = 1;
        int any = 0;
        if (io_parse_hex(mask, strlen(mask), p.mask, p.kb) == 0)
            for (size_t i = 0; i < p.kb; i++) any |= p.mask[i];
        if (!any) {
            fprintf(stderr, "lwcx keysearch: --mask must be %zu hex digits with a bit set\n", 2 * p.kb);
            return 2;
        }
    }
    uint64_t every = 60;
    if (every_s && (parse_u64(every_s, &every) || every == 0 || every > 1000000))
        return bad_args("--every takes seconds (1 .. 1000000)", NULL);
    uint64_t threads = 0;
    if ((start && parse_u64(start, &p.start)) || parse_u64(count, &p.count) ||
        (threads_s && (parse_u64(threads_s, &threads) || threads > LWCX_KEYSEARCH_MAX_THREADS)))
        return bad_args("--start, --count, --threads take N, 0xHEX or 2^E", NULL);
    if (p.start > LWCX_KEYSEARCH_MAX_END || p.count > LWCX_KEYSEARCH_MAX_END - p.start)
        return bad_args("--start + --count is too large", NULL);
    if (resume && !ckpt) return bad_args("--resume needs --checkpoint FILE", NULL);
    if (every_s && !ckpt) return bad_args("--every needs --checkpoint FILE", NULL);

    uint8_t found[MAX_FOUND * LWCX_BC_MAX_KEY_BYTES];
    size_t nprev = 0, nnew = 0;
    uint64_t from = p.start, next = p.start;
    if (resume) {
        if (read_checkpoint(ckpt, &p, &from, found, &nprev) != 0) return 2;
        if (nprev && from - p.start < p.count)
            fprintf(stderr, "lwcx keysearch: %zu key(s) found before the checkpoint\n", nprev);
    }

    struct sigaction sa, old_int, old_term;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, &old_int);
    sigaction(SIGTERM, &sa, &old_term);

    ks_progress pr = {isatty(2), 0, 0, 0, from - p.start, 0, p.count};
    pr.t0 = pr.last = now();
    /* Without a checkpoint file one call does it all; with one, the search
     * runs in segments of --every seconds (the library stops cleanly at a
     * contiguous index) and the checkpoint is rewritten after each. */
    int rc = LWCX_OK, werr = 0;
    size_t nmatch = nprev; /* may exceed what found holds */
    next = from;
    for (;;) {
        uint64_t todo = p.count - (next - p.start), seg_next = next;
        size_t seg_found = 0;
        pr.seg_base = next - from;
        pr.segment_end = ckpt ? now() + (double)every : 1e300;
        rc = lwcx_bc_keysearch(p.cipher, p.pt, p.ct, p.npairs, p.base, p.has_mask ? p.mask : NULL,
                               next, todo, (unsigned)threads, on_progress, &pr,
                               found + p.kb * (nprev + nnew), MAX_FOUND - nprev - nnew, &seg_found,
                               &seg_next);
        if (rc != LWCX_OK) break;
        nmatch += seg_found;
        nnew += seg_found < MAX_FOUND - nprev - nnew ? seg_found : MAX_FOUND - nprev - nnew;
        next = seg_next;
        if (next == p.start + p.count || interrupted) break;
        if (write_checkpoint(ckpt, &p, next, found, nprev + nnew) != 0) {
            werr = 1; /* io has said why */
            break;
        }
    }
    double el = now() - pr.t0;
    sigaction(SIGINT, &old_int, NULL);
    sigaction(SIGTERM, &old_term, NULL);
    if (rc != LWCX_OK) {
        fprintf(stderr, "lwcx keysearch: %s\n", lwcx_strerror(rc));
        return 2;
    }
    if (pr.tty) {
        pr.seg_base = 0;
        show(&pr, next - from, now());
        fputc('\n', stderr);
    }
    int complete = next == p.start + p.count;
    char rate[32];
    fmt_count(rate, sizeof rate, el > 0 ? (double)(next - from) / el : 0);
    fprintf(stderr, "lwcx keysearch: %" PRIu64 " keys in %.2f s (%s keys/s)%s\n", next - from, el,
            rate, complete ? "" : ", interrupted");
    if (!complete)
        fprintf(stderr, "lwcx keysearch: resume from index %" PRIu64 "%s\n", next,
                ckpt ? " (in the checkpoint)" : "");

    size_t total = nmatch, shown = nprev + nnew;
    if (ckpt && !werr && write_checkpoint(ckpt, &p, next, found, shown) != 0) werr = 1;
    char h[2 * LWCX_BC_MAX_KEY_BYTES + 1];
    for (size_t i = 0; i < shown; i++) {
        hex_line(h, found + p.kb * i, p.kb);
        printf("%s\n", h);
    }
    if (total > shown) fprintf(stderr, "lwcx keysearch: %zu keys matched, first %zu shown\n", total, shown);
    if (fflush(stdout) != 0) werr = 1;
    if (werr) return 3;
    if (total) return 0;
    return complete ? 1 : 130; /* interrupted before anything was found */
}
