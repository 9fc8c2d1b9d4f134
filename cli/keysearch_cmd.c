/* lwcx keysearch: exhaustive key search over a range, with progress, a clean
 * stop on SIGINT, SIGTERM and SIGHUP (signals.h), and a checkpoint to resume from: the library's
 * key-search record (lwcx_keysearch_save/load), integrity-checked. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <sys/stat.h>
#include <unistd.h>

#include "commands.h"
#include "io.h"
#include "keyfile.h"
#include "impl.h"
#include "keysearch_cmd.h"
#include "lwcx.h"
#include "opt.h"
#include "signals.h"

#define MAX_FOUND KS_MAX_PRINTED


double ks_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

void ks_fmt_count(char *buf, size_t n, double v)
{
    static const char *const unit[] = {"", "k", "M", "G", "T", "P", "E"};
    int u = 0;
    while (v >= 1000 && u < 6) v /= 1000, u++;
    snprintf(buf, n, u ? "%.2f%s" : "%.0f%s", v, unit[u]);
}

/* done: keys finished in the whole search */
void ks_show(const ks_progress *p, uint64_t done, double t, const char *extra)
{
    char d[32], tot[32], rate[32], eta[32] = "?";
    double el = t - p->t0, r = el > 0 ? (double)(done - p->before) / el : 0;
    ks_fmt_count(d, sizeof d, (double)done);
    ks_fmt_count(tot, sizeof tot, (double)p->total);
    ks_fmt_count(rate, sizeof rate, r);
    if (r > 0) {
        double s = (double)(p->total - done) / r;
        if (s < 1e8) {
            unsigned long long si = (unsigned long long)s;
            snprintf(eta, sizeof eta, "%llu:%02llu:%02llu", si / 3600, si / 60 % 60, si % 60);
        }
    }
    const double pct = p->total ? 100.0 * (double)done / (double)p->total : 100.0;
    if (p->tty) {
        fprintf(stderr, "\r%s / %s keys (%.1f%%)  found %" PRIu64 "  %s keys/s%s  ETA %s   ", d, tot, pct,
                lwcx_keysearch_found_count(p->ks), rate, extra ? extra : "", eta);
        return;
    }
    /* a log (--progress): one whole line each time, with the time since the
     * start and exact counts, as a status line of hashcat's */
    const unsigned long long e = el > 0 ? (unsigned long long)el : 0;
    fprintf(stderr, "[%llu:%02llu:%02llu] progress %" PRIu64 "/%" PRIu64 " keys (%.1f%%)  found %" PRIu64
                    "  %s keys/s%s  ETA %s\n",
            e / 3600, e / 60 % 60, e % 60, done, p->total, pct, lwcx_keysearch_found_count(p->ks), rate,
            extra ? extra : "", eta);
}

static void hex_line(char *out, const uint8_t *b, size_t n)
{
    for (size_t i = 0; i < n; i++) sprintf(out + 2 * i, "%02x", b[i]);
}

/* Prints (and flushes) the keys found since the last call: each key once,
 * as soon as the library has confirmed it on every pair. */
void ks_print_new_keys(ks_progress *p)
{
    const uint64_t total = lwcx_keysearch_found_count(p->ks);
    uint8_t key[LWCX_BC_MAX_KEY_BYTES];
    char h[2 * LWCX_BC_MAX_KEY_BYTES + 1];
    int any = 0;
    for (size_t i = 0; i < total && i < LWCX_KEYSEARCH_MAX_FOUND && p->nprinted < MAX_FOUND; i++) {
        uint64_t idx;
        if (lwcx_keysearch_found_key(p->ks, i, key, &idx) != LWCX_OK) break;
        size_t k = 0;
        while (k < p->nprinted && p->printed[k] != idx) k++;
        if (k < p->nprinted) continue;
        p->printed[p->nprinted++] = idx;
        hex_line(h, key, p->key_bytes);
        if (p->tty) fputs("\r\033[K", stderr); /* over the progress line */
        printf("%s\n", h);
        any = 1;
    }
    lwcx_wipe(key, sizeof key);
    if (any && fflush(stdout) != 0) p->write_error = 1;
}

static int on_progress(void *ctx, uint64_t done, uint64_t total)
{
    ks_progress *p = ctx;
    (void)total;
    ks_print_new_keys(p);
    if (p->first && lwcx_keysearch_found_count(p->ks)) return 1;
    sig_test_pause("search");
    double t = ks_now();
    if ((p->tty || p->progress) && t - p->last >= 1.0) {
        ks_show(p, done, t, NULL);
        p->last = t;
    }
    /* (a test pausing at a checkpoint phase gets its checkpoint at once) */
    return sig_stop_requested() != 0 || t >= p->segment_end || sig_test_wants("checkpoint-");
}

#define CKPT_MAX ((size_t)64 << 20) /* far above any record a search writes */

int ks_write_checkpoint(const char *path, lwcx_keysearch *ks, int final)
{
    size_t len = 0;
    uint8_t *buf = NULL;
    int rc = lwcx_keysearch_save(ks, NULL, 0, &len);
    if (rc == LWCX_ERR_LENGTH || rc == LWCX_OK) rc = (buf = malloc(len)) ? lwcx_keysearch_save(ks, buf, len, &len) : LWCX_ERR_NOMEM;
    io_out o;
    if (rc != LWCX_OK) {
        cli_error(path, "cannot write the checkpoint: %s", lwcx_strerror(rc));
        rc = -1;
    } else if ((rc = io_out_open(&o, path)) == 0) {
        o.phase = final ? "final" : "checkpoint";
        rc = io_out_write(&o, buf, len) || io_out_commit(&o) ? -1 : 0;
        if (rc) io_out_abort(&o);
    }
    free(buf);
    return rc;
}

int ks_probe_checkpoint(const char *path)
{
    io_out o;
    if (io_out_open(&o, path) != 0) return -1;
    io_out_abort(&o);
    return 0;
}

/* Continues ks from the checkpoint at path; refuses (-1, message printed) a
 * damaged one, or one written for other parameters. */
int ks_read_checkpoint(const char *path, lwcx_keysearch *ks)
{
    uint8_t *raw = malloc(CKPT_MAX);
    long n = raw ? io_read_all(path, raw, CKPT_MAX) : -1;
    if (n == -2) cli_error(path, "too large for a checkpoint");
    lwcx_keysearch *old = NULL;
    int rc = n < 0 ? -1 : lwcx_keysearch_load(&old, raw, (size_t)n);
    free(raw);
    if (n < 0) return -1; /* io has said why */
    if (rc) {
        cli_error(path, "checkpoint damaged, edited or not a key-search record (%s); refusing to resume",
                  lwcx_strerror(rc));
        return -1;
    }
    if (lwcx_keysearch_merge(ks, old) != LWCX_OK) {
        cli_error(path, "checkpoint written for other parameters; refusing to resume");
        rc = -1;
    }
    lwcx_keysearch_free(old);
    return rc;
}

/* The hex argument of option opt: exactly n bytes. */
static LWCX_NODISCARD int hex_arg(const char *opt, const char *v, uint8_t *out, size_t n, const char *what)
{
    if (io_parse_hex(v, strlen(v), out, n) == 0) return 0;
    cli_usage_error(opt, "'%s': must be %zu hex digits (%s)", v, 2 * n, what);
    return -1;
}

/* "N" or "N,M,...": CUDA or OpenCL device numbers (at most 16, each below 1000) */
static int device_list(const char *s)
{
    unsigned n = 0;
    for (;;) {
        size_t digits = strspn(s, "0123456789");
        if (digits == 0 || digits > 3 || ++n > 16) return 0;
        s += digits;
        if (*s == 0) return 1;
        if (*s++ != ',') return 0;
    }
}

/* The CUDA (cuda) or OpenCL devices of a list device_list accepted, to the library. */
static LWCX_NODISCARD int set_devices(const char *s, int cuda)
{
    unsigned dev[16];
    size_t n = 0;
    for (char *end; *s && n < 16; s = *end ? end + 1 : end) dev[n++] = (unsigned)strtoul(s, &end, 10);
    return cuda ? lwcx_cuda_set_devices(dev, n) : lwcx_opencl_set_devices(dev, n);
}

/* --device's list of devices after "cuda:" or "opencl:", or NULL */
static const char *device_list_of(const char *device)
{
    const char *colon = device ? strchr(device, ':') : NULL;
    return colon && (strncmp(device, "cuda:", 5) == 0 || strncmp(device, "opencl:", 7) == 0) ? colon + 1 : NULL;
}

/* --part I/N: 1 <= I <= N <= count (lwcx_keysearch_part_range splits the range). */
static LWCX_NODISCARD int part_arg(const char *v, uint64_t count, uint64_t *i, uint64_t *parts)
{
    const char *slash = strchr(v, '/');
    char num[32];
    if (!slash || (size_t)(slash - v) >= sizeof num) {
        cli_usage_error("--part", "'%s': must be I/N (part I of N, 1 <= I <= N)", v);
        return -1;
    }
    memcpy(num, v, (size_t)(slash - v));
    num[slash - v] = 0;
    if (opt_u64("--part", slash + 1, 1, count, "N: 1 .. --count", parts) ||
        opt_u64("--part", num, 1, *parts, "I: 1 .. N", i))
        return -1;
    return 0;
}

/* The options of ks_parse, in the order of its table. */
enum { CIPHER, PT, CT, PT2, CT2, BASE, KEY_FILE, MASK, EVERY, START, COUNT, THREADS, CKPT, RESUME, FORCE, FIRST, DEVICE, PART, CHUNK, ROOT_THREADS, PROGRESS, IMPL, VERBOSE, KS_OPTS };

/* keysearch's options, in the order of the enum (lwcx-mpi takes the same
 * but --part and --impl; keysearch takes all but --root-threads) */
const opt_def ks_opts[] = {
    {"cipher", 0, OPT_V_CIPHER}, {"pt", 0, OPT_V_TEXT},       {"ct", 0, OPT_V_TEXT},
    {"pt2", 0, OPT_V_TEXT},      {"ct2", 0, OPT_V_TEXT},      {"key-base", 0, OPT_V_TEXT},
    {"key-file", 0, OPT_V_FILE}, {"mask", 0, OPT_V_TEXT},     {"every", 0, OPT_V_TEXT},
    {"start", 0, OPT_V_TEXT},    {"count", 0, OPT_V_TEXT},    {"threads", 0, OPT_V_TEXT},
    {"checkpoint", 0, OPT_V_FILE}, {"resume", 0, OPT_V_FILE_OPT}, {"force", 0, 0},
    {"first", 0, 0},             {"device", 0, OPT_V_DEVICE}, {"part", 0, OPT_V_TEXT},
    {"chunk", 0, OPT_V_TEXT},    {"root-threads", 0, OPT_V_TEXT}, {"progress", 0, 0},
    {"impl", 0, OPT_V_IMPL},     {"verbose", 'v', 0},         {NULL, 0, 0}};

/* The parameters a checkpoint holds, as its record writes them: the values
 * of a resumed search whose options were left out, and what the options
 * given must agree with. */
enum { R_CIPHER, R_PT, R_CT, R_PT2, R_CT2, R_BASE, R_MASK, R_START, R_COUNT, R_PART, R_FIELDS };
typedef struct ks_record {
    char v[R_FIELDS][80]; /* "" where the record has none */
} ks_record;

/* The command line, checked: what ks_build turns into a search. */
typedef struct ks_args {
    const char *ckpt, *device, *count_text, *impl;
    int resume, force, first_only, want_ocl, mask_given, threads_given, chunk_given, progress, verbose;
    ks_record rec; /* --resume: the checkpoint's parameters */
    lwcx_blockcipher ci;
    size_t npairs, kb;
    uint8_t pb[2 * LWCX_BC_MAX_BLOCK_BYTES], cb[2 * LWCX_BC_MAX_BLOCK_BYTES];
    uint8_t kbase[LWCX_BC_MAX_KEY_BYTES], kmask[LWCX_BC_MAX_KEY_BYTES];
    uint64_t every, threads, first, n, chunk, root_threads, part, parts;
} ks_args;

/* The record's parameter lines (record.c writes them first, in this order,
 * and lwcx_keysearch_load checks them; here they are only read). A part's
 * record holds the part's range and the job's: the options give the job's. */
static LWCX_NODISCARD int record_params(const char *path, ks_record *rec)
{
    char *raw = malloc(CKPT_MAX + 1);
    const long n = raw ? io_read_all(path, (uint8_t *)raw, CKPT_MAX) : -1;
    if (n == -2) cli_error(path, "too large for a checkpoint");
    if (n < 0) {
        free(raw);
        return -1;
    }
    raw[n] = 0;
    memset(rec, 0, sizeof *rec);
    static const char *const key[R_PART] = {[R_CIPHER] = "cipher", [R_BASE] = "key-base", [R_MASK] = "mask",
                                            [R_START] = "start", [R_COUNT] = "count"};
    int ok = strncmp(raw, "lwcx-keysearch-record ", 22) == 0;
    char job[80] = "";
    for (char *line = strchr(raw, '\n'); ok && line && strncmp(line + 1, "searched ", 9) != 0; line = strchr(line + 1, '\n')) {
        char name[16], value[80];
        if (sscanf(line + 1, "%15s %79[^\n]", name, value) != 2) break;
        int f = strcmp(name, "pt") == 0 ? (rec->v[R_PT][0] ? R_PT2 : R_PT)
                : strcmp(name, "ct") == 0 ? (rec->v[R_CT][0] ? R_CT2 : R_CT)
                                          : -1;
        for (int k = 0; k < R_PART && f < 0; k++)
            if (key[k] && strcmp(name, key[k]) == 0) f = k;
        if (f >= 0) snprintf(rec->v[f], sizeof rec->v[f], "%s", value);
        else if (strcmp(name, "job") == 0) snprintf(job, sizeof job, "%s", value);
        else if (strcmp(name, "part") == 0) snprintf(rec->v[R_PART], sizeof rec->v[R_PART], "%s", value);
    }
    free(raw);
    for (int k = 0; k < R_PART; k++) ok = ok && (rec->v[k][0] || k == R_PT2 || k == R_CT2);
    if (!ok) {
        cli_error(path, "not a key-search checkpoint; refusing to resume");
        return -1;
    }
    if (job[0] && rec->v[R_PART][0]) { /* "job START COUNT", "part I N": the options' --start, --count, --part I/N */
        char *sp = strchr(job, ' '), *pp = strchr(rec->v[R_PART], ' ');
        if (!sp || !pp) {
            cli_error(path, "checkpoint damaged; refusing to resume");
            return -1;
        }
        *sp = *pp = 0;
        snprintf(rec->v[R_START], sizeof rec->v[R_START], "%s", job);
        snprintf(rec->v[R_COUNT], sizeof rec->v[R_COUNT], "%s", sp + 1);
        *pp = '/';
    }
    /* without --mask the search flips the last 8 key bytes: no --mask then */
    const size_t len = strlen(rec->v[R_MASK]);
    if (len >= 16 && strspn(rec->v[R_MASK], "0") == len - 16 && strcmp(rec->v[R_MASK] + len - 16, "ffffffffffffffff") == 0)
        rec->v[R_MASK][0] = 0;
    return 0;
}

/* Whether an option's value and the record's name the same number or hex
 * string (numbers as --start takes them: N, 0xHEX, 2^E; I/N for --part);
 * -1: the option's value is no number (message printed). */
static int same_value(int field, const char *opt, const char *given, const char *recorded)
{
    if (field != R_START && field != R_COUNT && field != R_PART) return strcasecmp(given, recorded) == 0;
    char g[80], r[80];
    snprintf(g, sizeof g, "%s", given);
    snprintf(r, sizeof r, "%s", recorded);
    char *gs = field == R_PART ? strchr(g, '/') : NULL, *rs = field == R_PART ? strchr(r, '/') : NULL;
    if (field == R_PART && (!gs || !rs)) return 0; /* part_arg says what is wrong with it */
    if (gs) *gs++ = 0, *rs++ = 0;
    uint64_t a, b;
    if (opt_u64(opt, g, 0, UINT64_MAX, "a number", &a)) return -1;
    if (strtoull(r, NULL, 10) != a) return 0;
    if (!gs) return 1;
    if (opt_u64(opt, gs, 0, UINT64_MAX, "a number", &b)) return -1;
    return strtoull(rs, NULL, 10) == b;
}

/* --resume: the parameters left out are the checkpoint's at path; those
 * given must be its (the first that differs is named, with both values).
 * kf: the --key-file given, whose algorithm and key stand for --cipher and
 * --key-base. 0, or the exit status (message printed). */
static LWCX_NODISCARD int from_record(const char *path, const char **val, const keyfile *kf, ks_record *rec)
{
    if (record_params(path, rec)) return 2;
    static const struct {
        int field, opt;
        const char *name;
    } map[] = {{R_CIPHER, CIPHER, "--cipher"}, {R_PT, PT, "--pt"},     {R_CT, CT, "--ct"},
               {R_PT2, PT2, "--pt2"},          {R_CT2, CT2, "--ct2"},  {R_BASE, BASE, "--key-base"},
               {R_MASK, MASK, "--mask"},       {R_START, START, "--start"}, {R_COUNT, COUNT, "--count"},
               {R_PART, PART, "--part"}};
    char key_hex[2 * LWCX_BC_MAX_KEY_BYTES + 1] = "";
    if (kf) {
        for (size_t i = 0; i < kf->len && i < LWCX_BC_MAX_KEY_BYTES; i++) sprintf(key_hex + 2 * i, "%02x", kf->key[i]);
    }
    /* a record without a part (version 1, or written without --part) resumed
     * as a part: its range is the part's, the options the job's: the merge
     * checks that they agree */
    const int unnamed_part = !rec->v[R_PART][0] && val[PART];
    int rc = 0;
    for (size_t i = 0; i < sizeof map / sizeof map[0] && !rc; i++) {
        const int f = map[i].field;
        if (unnamed_part && (f == R_START || f == R_COUNT || f == R_PART)) continue;
        const char *given = val[map[i].opt], *name = map[i].name, *recorded = rec->v[f];
        if (kf && (f == R_CIPHER || f == R_BASE)) { /* the key file's */
            given = f == R_CIPHER ? kf->alg : key_hex;
            name = val[KEY_FILE];
        }
        if (!given) {
            val[map[i].opt] = recorded[0] ? recorded : NULL;
            continue;
        }
        const int same = recorded[0] ? same_value(f, name, given, recorded) : 0;
        if (same < 0) rc = 2;
        else if (!same) {
            const int by_file = kf && (f == R_CIPHER || f == R_BASE);
            cli_error(name, "%s%s%s, but the checkpoint %s has %s (leave %s out to take the checkpoint's)",
                      by_file ? "" : "'", by_file && f == R_BASE ? "its key" : given, by_file ? "" : "'", path,
                      !recorded[0] ? "none" : by_file && f == R_BASE ? "another key" : recorded,
                      by_file ? "--key-file" : map[i].name);
            rc = 2;
        }
    }
    lwcx_wipe(key_hex, sizeof key_hex);
    return rc;
}

/* --device and --impl of ks_parse (val: its values) -> a->device, a->want_ocl;
 * 0, or the exit status (message printed). */
static LWCX_NODISCARD int ks_parse_device(const char *const *val, const char *cipher, int mpi, ks_args *a)
{
    const char *device = val[DEVICE];
    if (val[IMPL]) { /* a GPU's implementation is its --device; a CPU's, --device cpu */
        const char *im = val[IMPL];
        const int gpu_impl = strcmp(im, "cuda") == 0 || strcmp(im, "opencl") == 0;
        if (device && (gpu_impl ? strncmp(device, im, strlen(im)) != 0 : strcmp(device, "cpu") != 0))
            return cli_usage_error("--impl", "'%s' does not run on --device %s", im, device);
        if (!device) device = gpu_impl ? im : "cpu";
        if (!gpu_impl && cli_impl_force(cipher, im)) return 2; /* a GPU's is forced with the device */
    }
    /* cuda[:N,M], opencl[:N,M]: those devices (set before the backend's first probe) */
    const char *list = device_list_of(device);
    const int want_ocl = device && strncmp(device, "opencl", 6) == 0;
    if (device && strcmp(device, "cpu") && strcmp(device, "cuda") && strcmp(device, "opencl") && !(list && device_list(list)))
        return cli_usage_error("--device", "'%s': must be cpu, cuda[:N[,M...]] or opencl[:N[,M...]]", device);
    if (mpi && list && strchr(list, ','))
        return cli_usage_error("--device", "'%s': lwcx-mpi takes one device number a rank (cuda:N, opencl:N) or all GPUs (cuda, opencl)", device);
    if (!mpi && list && set_devices(list, !want_ocl) != LWCX_OK)
        return cli_usage_error("--device", "'%s': the devices were already chosen", device);
    a->device = device;
    a->want_ocl = want_ocl;
    return 0;
}

/* argv -> a; 0, or the exit status (message printed). */
static LWCX_NODISCARD int ks_parse(int argc, char **argv, int mpi, ks_args *a, int *quit)
{
    const opt_def *defs = ks_opts;
    const char *val[KS_OPTS] = {0};
    opt_parser p;
    int r;
    opt_init(&p, argc, argv);
    while ((r = opt_next(&p, defs)) != OPT_END) {
        if (r == OPT_QUIT) *quit = 1; /* --help, --version: answered */
        if (r == OPT_FAIL || r == OPT_QUIT) return opt_status(r);
        if (r == OPT_ARG) return cli_usage_error(p.arg, "unexpected argument");
        if ((mpi && (r == PART || r == IMPL)) || (!mpi && r == ROOT_THREADS))
            return cli_usage_error(p.name, !mpi       ? "only for lwcx-mpi"
                                           : r == IMPL ? "not for lwcx-mpi (set LWCX_IMPL=CIPHER:NAME for every rank)"
                                                       : "not for lwcx-mpi (the ranks share the range)");
        val[r] = p.arg ? p.arg : "";
    }
    const char *cipher = val[CIPHER], *ckpt = val[CKPT];
    const int resume = !!val[RESUME], force = !!val[FORCE];
    if (resume && *val[RESUME]) { /* --resume FILE: the checkpoint, named once */
        if (ckpt && strcmp(ckpt, val[RESUME]) != 0)
            return cli_usage_error("--resume", "'%s', but --checkpoint names '%s': name the checkpoint once", val[RESUME], ckpt);
        ckpt = val[RESUME];
    }
    if (resume && !ckpt) return cli_usage_error("--resume", "needs the checkpoint: --resume FILE (or --checkpoint FILE --resume)");
    keyfile kf = {0};
    if (val[BASE] && val[KEY_FILE]) return cli_usage_error("--key-file", "give --key-base or --key-file, not both");
    if (val[KEY_FILE]) {
        if (keyfile_load("keysearch", val[KEY_FILE], &kf)) return 2;
        if (cipher && strcmp(cipher, kf.alg) != 0) {
            cli_error(val[KEY_FILE], "a key for %s, but --cipher says %s", kf.alg, cipher);
            lwcx_wipe(&kf, sizeof kf);
            return 2;
        }
        cipher = kf.alg;
    }
    /* --resume: the parameters left out are the checkpoint's */
    const int rst = resume ? from_record(ckpt, val, val[KEY_FILE] ? &kf : NULL, &a->rec) : 0;
    if (rst) lwcx_wipe(&kf, sizeof kf);
    if (rst) return rst;
    if (!cipher) cipher = val[CIPHER];
    const char *missing = !cipher ? "--cipher" : !val[PT] ? "--pt" : !val[CT] ? "--ct"
                          : !val[BASE] && !val[KEY_FILE] ? "--key-base" : !val[COUNT] ? "--count" : NULL;
    if (missing) {
        lwcx_wipe(&kf, sizeof kf);
        return cli_usage_error(missing, "needed (--cipher or a key file, --pt, --ct, --key-base or --key-file, --count)");
    }
    int c = -1;
    for (int k = 0; lwcx_bc_name((lwcx_blockcipher)k); k++)
        if (strcmp(lwcx_bc_name((lwcx_blockcipher)k), cipher) == 0) c = k;
    if (c < 0) {
        lwcx_wipe(&kf, sizeof kf);
        return cli_usage_error(val[KEY_FILE] ? val[KEY_FILE] : "--cipher", "'%s': not a block cipher of keysearch (present80, present128, gift64, gift128, pipo128, pipo256)", cipher);
    }
    const lwcx_blockcipher ci = (lwcx_blockcipher)c;
    const size_t bs = lwcx_bc_block_bytes(ci), kb = lwcx_bc_key_bytes(ci);
    uint8_t *const pb = a->pb, *const cb = a->cb, *const kbase = a->kbase;
    a->ci = ci;
    a->kb = kb;
    if (!val[PT2] != !val[CT2]) return cli_usage_error(val[PT2] ? "--pt2" : "--ct2", "--pt2 and --ct2 go together");
    const size_t npairs = a->npairs = val[PT2] ? 2 : 1;
    static const char *const names[4] = {"--pt", "--ct", "--pt2", "--ct2"};
    for (size_t i = 0; i < 2 * npairs; i++)
        if (hex_arg(names[i], val[PT + i], (i % 2 ? cb : pb) + bs * (i / 2), bs, "one block"))
            return 2;
    if (val[KEY_FILE]) {
        if (kf.len != kb) {
            cli_error(val[KEY_FILE], "damaged key file (%zu bytes, not %zu for %s)", kf.len, kb, cipher);
            lwcx_wipe(&kf, sizeof kf);
            return 2;
        }
        memcpy(kbase, kf.key, kb);
        lwcx_wipe(&kf, sizeof kf);
    } else if (hex_arg("--key-base", val[BASE], kbase, kb, "one key")) {
        return 2;
    }
    uint8_t *const kmask = a->kmask;
    if (val[MASK]) {
        int any = 0;
        if (hex_arg("--mask", val[MASK], kmask, kb, "one key")) return 2;
        for (size_t i = 0; i < kb; i++) any |= kmask[i];
        if (!any) return cli_usage_error("--mask", "'%s': no bit set", val[MASK]);
    }
    uint64_t every = mpi ? 10 : 60, threads = 0, first = 0, n = 0, chunk = (uint64_t)1 << 22;
    if ((val[EVERY] && opt_u64("--every", val[EVERY], 1, 1000000, "1 .. 1000000 seconds", &every)) ||
        (val[START] && opt_u64("--start", val[START], 0, LWCX_KEYSEARCH_MAX_END - 1, "0 .. 2^64 - 2^32 - 1", &first)) ||
        opt_u64("--count", val[COUNT], 1, LWCX_KEYSEARCH_MAX_END, "1 .. 2^64 - 2^32", &n) ||
        (val[THREADS] && opt_u64("--threads", val[THREADS], 0, LWCX_KEYSEARCH_MAX_THREADS, "0 .. 1024, 0: one per CPU", &threads)) ||
        (val[CHUNK] && opt_u64("--chunk", val[CHUNK], 1, (uint64_t)1 << 40, "1 .. 2^40 keys", &chunk)) ||
        (val[ROOT_THREADS] && opt_u64("--root-threads", val[ROOT_THREADS], 0, LWCX_KEYSEARCH_MAX_THREADS, "0 .. 1024, 0: rank 0 only hands out chunks", &a->root_threads)))
        return 2;
    if (force && !ckpt) return cli_usage_error("--force", "needs --checkpoint FILE");
    if (resume && force) return cli_usage_error("--force", "--resume continues the checkpoint, --force replaces it: not both");
    if (val[EVERY] && !ckpt) return cli_usage_error("--every", "needs --checkpoint FILE");
    struct stat st;
    if (ckpt && !resume && !force && lstat(ckpt, &st) == 0) {
        cli_error(ckpt, "exists: continue that search with --resume, or replace it with --force");
        return 2;
    }
    const int dst = ks_parse_device(val, cipher, mpi, a);
    if (dst) return dst;
    if (val[PART] && part_arg(val[PART], n, &a->part, &a->parts)) return 2;
    a->ckpt = ckpt;
    a->verbose = !!val[VERBOSE];
    a->count_text = val[COUNT];
    a->resume = resume;
    a->force = force;
    a->first_only = !!val[FIRST];
    a->mask_given = !!val[MASK];
    a->threads_given = !!val[THREADS];
    a->chunk_given = !!val[CHUNK];
    a->progress = !!val[PROGRESS];
    a->impl = val[IMPL];
    a->every = every;
    a->threads = threads;
    a->first = first;
    a->n = n;
    a->chunk = chunk;
    return 0;
}

/* a -> the search in o and the rest of o; 0, or the exit status (message
 * printed). */
static LWCX_NODISCARD int ks_build(const ks_args *a, int mpi, ks_cli *o)
{
    const char *device = a->device;
    const int want_ocl = a->want_ocl;
    const lwcx_blockcipher ci = a->ci;
    const uint64_t first = a->first, n = a->n, part = a->part, parts = a->parts;
    uint64_t threads = a->threads;
    /* lwcx-mpi: rank 0 keeps its CPU threads; each other rank takes the device
     * itself (ks_load_on_device), since only it can tell what it has */
    o->device = !device                         ? KS_DEV_AUTO
                : want_ocl                        ? KS_DEV_OPENCL
                : strncmp(device, "cuda", 4) == 0 ? KS_DEV_CUDA
                                                  : KS_DEV_CPU;
    o->device_index = device_list_of(device) ? atoi(device_list_of(device)) : -1;
    o->cipher = ci;
    o->threads_given = a->threads_given;
    /* the GPU: the cuda (or, asked for, opencl) implementation, forced (never
     * the automatic choice); the default is cuda when it is available */
    const lwcx_impl *gpu = mpi ? NULL : lwcx_impl_find(lwcx_bc_name(ci), want_ocl ? "opencl" : "cuda");
    const char *why = want_ocl ? "not built (no OpenCL headers at build time)" : "not built (no nvcc at build time)";
    const int gpu_ok = gpu && lwcx_impl_available(gpu, &why);
    if (!mpi && device && strcmp(device, "cpu") != 0 && !gpu_ok) {
        cli_error(want_ocl ? "--device opencl" : "--device cuda", "%s", why);
        return 2;
    }
    const int use_gpu = gpu_ok && (!device || strcmp(device, "cpu") != 0);
    if (use_gpu && !a->threads_given) threads = 0; /* the library's default: one thread per GPU */
    uint64_t part_lo = first, part_n = n;
    lwcx_keysearch *ks = NULL;
    int rc = parts ? lwcx_keysearch_part_range(first, n, part, parts, &part_lo, &part_n) : LWCX_OK;
    if (rc == LWCX_OK)
        rc = lwcx_keysearch_new_with(use_gpu ? gpu : NULL, &ks, ci, a->pb, a->cb, a->npairs, a->kbase,
                                     a->mask_given ? a->kmask : NULL, part_lo, part_n);
    /* the record names the whole job, so that --merge sees a part missing */
    if (rc == LWCX_OK && parts && (rc = lwcx_keysearch_set_part(ks, first, n, part, parts)) != LWCX_OK) {
        lwcx_keysearch_free(ks);
        ks = NULL;
    }
    if (rc == LWCX_OK && !mpi && a->chunk_given && (rc = lwcx_keysearch_set_chunk(ks, a->chunk)) != LWCX_OK) {
        lwcx_keysearch_free(ks);
        ks = NULL;
    }
    if (rc == LWCX_ERR_LENGTH) {
        if (a->mask_given)
            return cli_usage_error("--count", "'%s': --start + --count is beyond the mask's 2^bits keys", a->count_text);
        return cli_usage_error("--count", "'%s': --start + --count must be at most 2^64 - 2^32", a->count_text);
    }
    if (rc) {
        cli_error(NULL, "%s", lwcx_strerror(rc));
        return 2;
    }
    o->root_threads = a->root_threads == UINT64_MAX ? (threads ? threads : UINT64_MAX) : a->root_threads;
    o->ks = ks;
    o->ckpt = a->ckpt;
    o->resume = a->resume;
    o->force = a->force;
    o->first = a->first_only;
    o->every = a->every;
    o->threads = threads;
    o->total = part_n;
    o->chunk = a->chunk;
    o->progress = a->progress;
    o->key_bytes = a->kb;
    o->verbose = a->verbose;
    o->impl_forced = !!a->impl;
    o->device_given = !!device;
    return 0;
}

int ks_cli_parse(int argc, char **argv, int mpi, ks_cli *o)
{
    ks_args a;
    memset(o, 0, sizeof *o);
    memset(&a, 0, sizeof a);
    a.root_threads = UINT64_MAX; /* as --threads */
    int rc = ks_parse(argc, argv, mpi, &a, &o->quit);
    if (rc == 0 && !o->quit) rc = ks_build(&a, mpi, o); /* not after --help */
    lwcx_wipe(&a, sizeof a); /* the key base */
    return rc;
}

lwcx_keysearch *ks_load_on_device(int rank, const uint8_t *rec, size_t len, int device, int cipher, int device_index,
                                  int threads_given, uint64_t *threads)
{
    const lwcx_impl *gpu = NULL;
    if (device != KS_DEV_CPU) {
        const unsigned one = (unsigned)device_index;
        const int ocl = device == KS_DEV_OPENCL;
        if (device_index >= 0 &&
            (ocl ? lwcx_opencl_set_devices(&one, 1) : lwcx_cuda_set_devices(&one, 1)) != LWCX_OK) {
            fprintf(stderr, "lwcx-mpi: rank %d: --device %s:%d: the devices were already chosen\n", rank,
                    ocl ? "opencl" : "cuda", device_index);
            return NULL;
        }
        gpu = lwcx_impl_find(lwcx_bc_name((lwcx_blockcipher)cipher), device == KS_DEV_OPENCL ? "opencl" : "cuda");
        const char *why = "not built";
        if (!gpu || !lwcx_impl_available(gpu, &why)) {
            if (device != KS_DEV_AUTO) {
                fprintf(stderr, "lwcx-mpi: rank %d: --device %s: %s\n", rank, device == KS_DEV_OPENCL ? "opencl" : "cuda", why);
                return NULL;
            }
            gpu = NULL; /* the default: the GPU where there is one */
        }
    }
    lwcx_keysearch *ks = NULL;
    int rc = lwcx_keysearch_load_with(gpu, &ks, rec, len);
    if (rc != LWCX_OK) {
        fprintf(stderr, "lwcx-mpi: rank %d could not load the search from rank 0 (%s)\n", rank, lwcx_strerror(rc));
        return NULL;
    }
    if (gpu && !threads_given) *threads = lwcx_impl_devices(gpu); /* one thread per GPU */
    return ks;
}

void ks_resumed(const ks_cli *o, ks_progress *pr)
{
    if (lwcx_keysearch_found_count(o->ks) && !lwcx_keysearch_complete(o->ks))
        cli_error(o->ckpt, "%" PRIu64 " %s found before the checkpoint", lwcx_keysearch_found_count(o->ks),
                  cli_plural(lwcx_keysearch_found_count(o->ks), "key", "keys"));
    ks_print_new_keys(pr);
}

int ks_finish(ks_cli *o, ks_progress *pr, double el, int werr)
{
    lwcx_keysearch *ks = o->ks;
    ks_print_new_keys(pr);
    const uint64_t done = lwcx_keysearch_keys_done(ks), now_done = done - pr->before;
    if (pr->tty || pr->progress) {
        ks_show(pr, done, ks_now(), NULL);
        if (pr->tty) fputc('\n', stderr);
    }
    const uint64_t total = lwcx_keysearch_found_count(ks);
    int complete = lwcx_keysearch_complete(ks);
    char rate[32];
    ks_fmt_count(rate, sizeof rate, el > 0 ? (double)now_done / el : 0);
    fprintf(stderr, "lwcx keysearch: %" PRIu64 " %s in %.2f s (%s keys/s)%s\n", now_done, cli_plural(now_done, "key", "keys"), el, rate,
            complete ? "" : o->first && total ? ", stopped at the first key (--first)" : ", interrupted");
    const char *fb_why = NULL; /* a device that failed: its keys were searched on the CPU */
    const uint64_t fb = lwcx_keysearch_fallback_keys(ks, &fb_why);
    if (o->verbose) {
        const lwcx_impl *im = lwcx_keysearch_impl(ks);
        const int gpu = lwcx_impl_devices(im) > 0;
        cli_impl_report(1, o->impl_forced, lwcx_bc_name((lwcx_blockcipher)o->cipher), "key_search", 0, im,
                        !gpu ? NULL : o->device_given ? "asked for with --device" : "the default where a GPU is present");
    }
    if (fb)
        fprintf(stderr, "lwcx keysearch: %" PRIu64 " of these keys ran on the CPU, not the %s device: %s\n", fb,
                lwcx_impl_name(lwcx_keysearch_impl(ks)), fb_why ? fb_why : "a device call failed");
    if (!complete)
        fprintf(stderr, "lwcx keysearch: %" PRIu64 " %s left%s\n", lwcx_keysearch_keys_left(ks),
                cli_plural(lwcx_keysearch_keys_left(ks), "key", "keys"),
                o->ckpt ? " (continue from the checkpoint with --resume)" : "");

    if (o->ckpt && !werr && ks_write_checkpoint(o->ckpt, ks, 1) != 0) werr = 1;
    if (total > pr->nprinted)
        fprintf(stderr, "lwcx keysearch: %" PRIu64 " %s matched, %zu shown\n", total, cli_plural(total, "key", "keys"),
                pr->nprinted);
    lwcx_keysearch_free(ks);
    o->ks = NULL;
    if (pr->write_error || cli_flush_stdout() != 0) werr = 1;
    if (werr) return 3;
    if (total) return 0;
    return complete ? 1 : 130; /* interrupted before anything was found */
}

static int cmd_merge(int argc, char **argv);

int cmd_keysearch(int argc, char **argv)
{
    for (int i = 0; i < argc && strcmp(argv[i], "--") != 0; i++)
        if (strcmp(argv[i], "--merge") == 0) return cmd_merge(argc, argv);
    ks_cli o;
    int rc = ks_cli_parse(argc, argv, 0, &o);
    if (rc || o.quit) return rc;
    lwcx_keysearch *ks = o.ks;
    ks_progress pr = {0};
    pr.tty = isatty(2);
    pr.progress = o.progress;
    pr.ks = ks;
    pr.key_bytes = o.key_bytes;
    pr.first = o.first;
    pr.total = o.total;
    /* the checkpoint can be written (and what a killed run left is gone) before any work */
    if (o.ckpt && ks_probe_checkpoint(o.ckpt) != 0) {
        lwcx_keysearch_free(ks);
        return 3;
    }
    if (o.resume) {
        if (ks_read_checkpoint(o.ckpt, ks) != 0) {
            lwcx_keysearch_free(ks);
            return 2;
        }
        ks_resumed(&o, &pr);
    }

    /* SIGINT, SIGTERM, SIGHUP: stop, write the last checkpoint, report */
    sig_stop_mode(1);

    pr.before = lwcx_keysearch_keys_done(ks);
    pr.t0 = pr.last = ks_now();
    /* Without a checkpoint file one run does it all; with one, the search
     * runs in segments of --every seconds (each stop leaves every chunk
     * taken finished) and the checkpoint is rewritten after each. */
    int werr = 0;
    const int done_first = o.first && lwcx_keysearch_found_count(ks);
    for (; !done_first;) {
        pr.segment_end = o.ckpt ? ks_now() + (double)o.every : 1e300;
        rc = lwcx_keysearch_run(ks, (unsigned)o.threads, on_progress, &pr);
        if (rc != LWCX_OK || lwcx_keysearch_complete(ks) || sig_stop_requested() || pr.write_error ||
            (o.first && lwcx_keysearch_found_count(ks)))
            break;
        if (ks_write_checkpoint(o.ckpt, ks, 0) != 0) {
            werr = 1; /* io has said why */
            break;
        }
        if (sig_stop_requested()) break; /* it came during the checkpoint */
    }
    double el = ks_now() - pr.t0;
    if (rc != LWCX_OK) {
        cli_error(NULL, "%s", lwcx_strerror(rc));
        lwcx_keysearch_free(ks);
        return 2;
    }
    return ks_finish(&o, &pr, el, werr);
}

/* ---- --merge: the records of the parts of one search -------------------- */

#define MERGE_MAX_SHOWN 20 /* gap, overlap and missing-part lines printed at most */

typedef struct merge_range {
    uint64_t lo, hi;
    int file;
} merge_range;

static int by_lo(const void *a, const void *b)
{
    const merge_range *x = a, *y = b;
    return x->lo < y->lo ? -1 : x->lo > y->lo ? 1 : x->file - y->file;
}

static int by_u64(const void *a, const void *b)
{
    const uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* The value of the record line "name VALUE" (records are canonical: load
 * checked that they are exactly what save writes). */
static LWCX_NODISCARD int record_u64(const char *text, const char *name, uint64_t *v)
{
    char pat[32];
    snprintf(pat, sizeof pat, "\n%s ", name);
    const char *s = strstr(text, pat);
    return s && sscanf(s + strlen(pat), "%" SCNu64, v) == 1 ? 0 : -1;
}

/* The number of the part of the job whose range is exactly [lo, lo + n),
 * else 0: a record written without --part (or by an lwcx before record
 * version 2) may still be one of the parts. */
static uint64_t part_of(uint64_t js, uint64_t jc, uint64_t parts, uint64_t lo, uint64_t n)
{
    uint64_t a = 1, b = parts; /* the parts' first indices ascend */
    while (a <= b) {
        uint64_t m = a + (b - a) / 2, plo, pn;
        if (lwcx_keysearch_part_range(js, jc, m, parts, &plo, &pn) != LWCX_OK) return 0;
        if (plo == lo) return pn == n ? m : 0;
        if (plo < lo) a = m + 1;
        else b = m - 1;
    }
    return 0;
}

/* Prints the parts of the job that no record is (present: the numbers of
 * those that are, sorted); returns how many are missing. */
static uint64_t merge_missing_parts(uint64_t js, uint64_t jc, uint64_t parts, const uint64_t *present, size_t np)
{
    uint64_t next = 1, missing = 0, runs = 0;
    for (size_t i = 0; i <= np; i++) {
        const uint64_t upto = i < np ? present[i] : parts + 1; /* parts next .. upto - 1 are missing */
        uint64_t lo, n, last_lo, last_n;
        if (upto > next && runs++ < MERGE_MAX_SHOWN &&
            lwcx_keysearch_part_range(js, jc, next, parts, &lo, &n) == LWCX_OK &&
            lwcx_keysearch_part_range(js, jc, upto - 1, parts, &last_lo, &last_n) == LWCX_OK) {
            if (upto - 1 == next)
                fprintf(stderr, "lwcx keysearch: part %" PRIu64 "/%" PRIu64 " missing: keys [%" PRIu64 ", %" PRIu64 ")\n",
                        next, parts, lo, last_lo + last_n);
            else
                fprintf(stderr, "lwcx keysearch: parts %" PRIu64 "-%" PRIu64 " of %" PRIu64 " missing: keys [%" PRIu64
                                ", %" PRIu64 ")\n", next, upto - 1, parts, lo, last_lo + last_n);
        }
        if (upto > next) missing += upto - next;
        if (i < np && present[i] >= next) next = present[i] + 1;
    }
    return missing;
}

/* Adds the "done LO HI" ranges of record text (of file f) to *rg; 0, or
 * -1 out of memory. */
static LWCX_NODISCARD int merge_done_ranges(const char *text, int f, merge_range **rg, size_t *nrg, size_t *cap)
{
    for (const char *l = strstr(text, "\ndone "); l; l = strstr(l + 1, "\ndone ")) {
        if (*nrg == *cap) {
            *cap = *cap ? 2 * *cap : 64;
            merge_range *g = realloc(*rg, *cap * sizeof *g);
            if (!g) return -1;
            *rg = g;
        }
        if (sscanf(l + 6, "%" SCNu64 " %" SCNu64, &(*rg)[*nrg].lo, &(*rg)[*nrg].hi) == 2) (*rg)[(*nrg)++].file = f;
    }
    return 0;
}

/* Adds the keys found in ks that are not in keys yet (by index), up to
 * KS_MAX_PRINTED. */
static void merge_found_keys(lwcx_keysearch *ks, uint8_t keys[][LWCX_BC_MAX_KEY_BYTES], uint64_t *key_idx,
                             uint64_t *nkeys)
{
    uint8_t key[LWCX_BC_MAX_KEY_BYTES];
    uint64_t idx;
    for (size_t i = 0; lwcx_keysearch_found_key(ks, i, key, &idx) == LWCX_OK; i++) {
        size_t k = 0;
        while (k < *nkeys && key_idx[k] != idx) k++;
        if (k == *nkeys && *nkeys < KS_MAX_PRINTED) {
            key_idx[*nkeys] = idx;
            memcpy(keys[(*nkeys)++], key, sizeof key);
        }
    }
    lwcx_wipe(key, sizeof key);
}

/* How the done ranges cover [lo, hi). */
typedef struct merge_coverage {
    uint64_t gaps, overlaps, gap_keys, searched;
} merge_coverage;

/* Sorts rg and sweeps [lo, hi), printing the first gaps and overlaps. */
static merge_coverage merge_cover(merge_range *rg, size_t nrg, uint64_t lo, uint64_t hi)
{
    qsort(rg, nrg, sizeof *rg, by_lo);
    uint64_t at = lo, gaps = 0, overlaps = 0, gap_keys = 0, searched = 0;
    for (size_t i = 0; i < nrg; i++) {
        uint64_t a = rg[i].lo < lo ? lo : rg[i].lo, b = rg[i].hi > hi ? hi : rg[i].hi;
        if (a >= b) continue; /* outside the range asked for */
        if (a > at) {
            if (gaps++ < MERGE_MAX_SHOWN) fprintf(stderr, "lwcx keysearch: gap [%" PRIu64 ", %" PRIu64 ")\n", at, a);
            gap_keys += a - at;
        } else if (a < at) {
            if (overlaps++ < MERGE_MAX_SHOWN)
                fprintf(stderr, "lwcx keysearch: overlap [%" PRIu64 ", %" PRIu64 ") (searched twice)\n", a, b < at ? b : at);
        }
        if (b > at) {
            searched += b - (a > at ? a : at);
            at = b;
        }
    }
    if (at < hi) {
        if (gaps++ < MERGE_MAX_SHOWN) fprintf(stderr, "lwcx keysearch: gap [%" PRIu64 ", %" PRIu64 ")\n", at, hi);
        gap_keys += hi - at;
    }
    const merge_coverage c = {gaps, overlaps, gap_keys, searched};
    return c;
}

/* Prints the keys (kb bytes each) on stdout by ascending index. */
static void merge_print_keys(uint8_t keys[][LWCX_BC_MAX_KEY_BYTES], uint64_t *key_idx, uint64_t nkeys, size_t kb)
{
    char h[2 * LWCX_BC_MAX_KEY_BYTES + 1];
    for (size_t k = 0; k < nkeys; k++) { /* ascending index */
        size_t m = k;
        for (size_t j = k + 1; j < nkeys; j++)
            if (key_idx[j] < key_idx[m]) m = j;
        uint64_t ti = key_idx[k];
        key_idx[k] = key_idx[m];
        key_idx[m] = ti;
        uint8_t tk[LWCX_BC_MAX_KEY_BYTES];
        memcpy(tk, keys[k], sizeof tk);
        memcpy(keys[k], keys[m], sizeof tk);
        memcpy(keys[m], tk, sizeof tk);
        hex_line(h, keys[k], kb);
        printf("%s\n", h);
    }
}

/* The command line of --merge: the files, and --start/--count (vcount:
 * --count's text, or NULL). 0, an exit status (message printed), or the
 * opt_next result that ends the command (OPT_FAIL, OPT_QUIT: negative). */
static LWCX_NODISCARD int merge_args(int argc, char **argv, const char **files, int *nfiles, const char **vcount,
                                     uint64_t *want_lo, uint64_t *want_n)
{
    static const opt_def defs[] = {{"merge", 0, 0}, {"start", 0, 1}, {"count", 0, 1}, {NULL, 0, 0}};
    opt_parser p;
    int r;
    const char *vstart = NULL;
    opt_init(&p, argc, argv);
    while ((r = opt_next(&p, defs)) != OPT_END) {
        if (r == OPT_FAIL || r == OPT_QUIT) return r;
        if (r == OPT_ARG) files[(*nfiles)++] = p.arg;
        if (r == 1) vstart = p.arg;
        if (r == 2) *vcount = p.arg;
    }
    int rc = 0;
    if (*nfiles == 0) rc = cli_usage_error("--merge", "needs the checkpoint files of the parts");
    else if ((vstart && opt_u64("--start", vstart, 0, LWCX_KEYSEARCH_MAX_END - 1, "0 .. 2^64 - 2^32 - 1", want_lo)) ||
             (*vcount && opt_u64("--count", *vcount, 1, LWCX_KEYSEARCH_MAX_END - *want_lo, "1 .. 2^64 - 2^32 - start", want_n)))
        rc = 2;
    if (vstart && !*vcount && !rc) rc = cli_usage_error("--start", "with --merge: needs --count (the whole range)");
    return rc;
}

/* Loads and checks every record named; prints which parts are finished, the
 * keys found (stdout) and the gaps and overlaps left in the whole range: the
 * job the part records name (record version 2), else --start/--count, else
 * the records' own span. */
/* --merge's last line: the whole range and what the records leave of it. */
static void merge_summary(int nfiles, uint64_t lo, uint64_t hi, uint64_t searched, uint64_t gaps, uint64_t gap_keys,
                          uint64_t overlaps, uint64_t nkeys, uint64_t missing, uint64_t job_parts)
{
    char of_parts[64] = "";
    if (job_parts)
        snprintf(of_parts, sizeof of_parts, " (%" PRIu64 " of %" PRIu64 " parts missing)", missing, job_parts);
    fprintf(stderr,
            "lwcx keysearch: merged %d %s: keys [%" PRIu64 ", %" PRIu64 "): %" PRIu64 " searched, %" PRIu64
            " %s of %" PRIu64 " %s, %" PRIu64 " %s, %" PRIu64 " distinct %s found%s\n",
            nfiles, cli_plural((uint64_t)nfiles, "record", "records"), lo, hi, searched, gaps,
            cli_plural(gaps, "gap", "gaps"), gap_keys, cli_plural(gap_keys, "key", "keys"), overlaps,
            cli_plural(overlaps, "overlap", "overlaps"), nkeys, cli_plural(nkeys, "key", "keys"), of_parts);
}

static LWCX_NODISCARD int cmd_merge(int argc, char **argv)
{
    int nfiles = 0;
    const char **files = calloc((size_t)argc, sizeof *files);
    const char *vcount = NULL;
    if (!files) return 2;
    uint64_t want_lo = 0, want_n = 0;
    int rc = merge_args(argc, argv, files, &nfiles, &vcount, &want_lo, &want_n);
    if (rc < 0) {
        free(files);
        return opt_status(rc);
    }
    merge_range *rg = NULL;
    size_t nrg = 0, cap = 0;
    char *params0 = NULL;
    uint64_t hull_lo = UINT64_MAX, hull_hi = 0, nkeys = 0, key_idx[KS_MAX_PRINTED];
    uint64_t job_lo = 0, job_n = 0, job_parts = 0; /* the job the part records name */
    int job_file = -1;
    /* each record's range and part number (0: not a part) */
    uint64_t *rec_lo = calloc((size_t)nfiles + 1, sizeof *rec_lo), *rec_n = calloc((size_t)nfiles + 1, sizeof *rec_n),
             *rec_part = calloc((size_t)nfiles + 1, sizeof *rec_part);
    uint8_t keys[KS_MAX_PRINTED][LWCX_BC_MAX_KEY_BYTES];
    size_t kb = 0;
    uint8_t *raw = rc ? NULL : malloc(CKPT_MAX + 1);
    if (!rc && (!raw || !rec_lo || !rec_n || !rec_part)) rc = 2;
    for (int f = 0; f < nfiles && !rc; f++) {
        long n = io_read_all(files[f], raw, CKPT_MAX);
        if (n == -2) cli_error(files[f], "too large for a checkpoint");
        lwcx_keysearch *ks = NULL;
        if (n < 0 || lwcx_keysearch_load(&ks, raw, (size_t)n) != LWCX_OK) {
            if (n >= 0) cli_error(files[f], "damaged, edited or not a key-search record; refusing to merge");
            rc = 2;
            break;
        }
        raw[n] = 0;
        char *text = (char *)raw, *params = strstr(text, "\nstart "), *body = strchr(text, '\n');
        uint64_t start = 0, count = 0, searched = 0, js = 0, jc = 0, part = 0, parts = 0;
        if (!params || !body || record_u64(text, "start", &start) || record_u64(text, "count", &count) ||
            record_u64(text, "searched", &searched) || lwcx_keysearch_part(ks, &js, &jc, &part, &parts) != LWCX_OK) {
            cli_error(files[f], "not a key-search record; refusing to merge"); /* load took it: not expected */
            lwcx_keysearch_free(ks);
            rc = 2;
            break;
        }
        *params = 0; /* the lines before, after the version line: cipher, pairs, base key, mask */
        if (!params0) params0 = strdup(body);
        else if (strcmp(params0, body) != 0) {
            cli_error(files[f], "a record of another search (cipher, pairs, key base or mask differ from %s)", files[0]);
            rc = 2;
        }
        *params = '\n';
        if (parts && !job_parts) {
            job_lo = js, job_n = jc, job_parts = parts, job_file = f;
        } else if (parts && !rc && (js != job_lo || jc != job_n || parts != job_parts)) {
            cli_error(files[f], "part %" PRIu64 "/%" PRIu64 " of keys [%" PRIu64 ", %" PRIu64 "): another job than %s's"
                      " (%" PRIu64 " parts of keys [%" PRIu64 ", %" PRIu64 ")); refusing to merge", part, parts, js,
                      js + jc, files[job_file], job_parts, job_lo, job_lo + job_n);
            rc = 2;
        }
        rec_lo[f] = start, rec_n[f] = count, rec_part[f] = part;
        char what[64] = "";
        if (parts) snprintf(what, sizeof what, "part %" PRIu64 "/%" PRIu64 ", ", part, parts);
        fprintf(stderr, "lwcx keysearch: %s: %skeys [%" PRIu64 ", %" PRIu64 "): %s (%" PRIu64 " of %" PRIu64 " searched)\n",
                files[f], what, start, start + count, searched == count ? "finished" : "unfinished", searched, count);
        if (start < hull_lo) hull_lo = start;
        if (start + count > hull_hi) hull_hi = start + count;
        if (!rc && merge_done_ranges(text, f, &rg, &nrg, &cap)) rc = 2;
        merge_found_keys(ks, keys, key_idx, &nkeys);
        /* the key size: the length of the "key-base" hex */
        const char *kl = strstr(text, "\nkey-base ");
        if (kl) kb = strcspn(kl + 10, "\n") / 2;
        lwcx_keysearch_free(ks);
    }
    if (raw) lwcx_wipe(raw, CKPT_MAX + 1);
    free(raw);
    free(params0);
    if (!rc && job_parts && vcount && (want_lo != job_lo || want_n != job_n))
        rc = cli_usage_error("--count", "--start %" PRIu64 " --count %" PRIu64 ": the parts are of keys [%" PRIu64
                             ", %" PRIu64 ") (%s)", want_lo, want_n, job_lo, job_lo + job_n, files[job_file]);
    uint64_t missing = 0;
    if (!rc && job_parts) { /* the parts present, by number: a record of a part's range is that part */
        size_t np = 0;
        for (int f = 0; f < nfiles; f++) {
            const uint64_t k = rec_part[f] ? rec_part[f] : part_of(job_lo, job_n, job_parts, rec_lo[f], rec_n[f]);
            if (k) rec_part[np++] = k;
        }
        qsort(rec_part, np, sizeof *rec_part, by_u64);
        missing = merge_missing_parts(job_lo, job_n, job_parts, rec_part, np);
    }
    free(rec_lo);
    free(rec_n);
    free(rec_part);
    if (rc) {
        free(files);
        free(rg);
        lwcx_wipe(keys, sizeof keys);
        return rc;
    }
    const uint64_t lo = job_parts ? job_lo : vcount ? want_lo : hull_lo,
                   hi = job_parts ? job_lo + job_n : vcount ? want_lo + want_n : hull_hi;
    if (!job_parts && !vcount)
        fprintf(stderr, "lwcx keysearch: note: no record names the whole range (written without --part, or by an older "
                        "lwcx): keys [%" PRIu64 ", %" PRIu64 ") are the records' own span, so a part missing at either "
                        "end is not seen; give --start and --count\n", lo, hi);
    free(files);
    merge_coverage cov = merge_cover(rg, nrg, lo, hi);
    const uint64_t gaps = cov.gaps, overlaps = cov.overlaps, gap_keys = cov.gap_keys, searched = cov.searched;
    free(rg);
    merge_print_keys(keys, key_idx, nkeys, kb);
    lwcx_wipe(keys, sizeof keys);
    merge_summary(nfiles, lo, hi, searched, gaps, gap_keys, overlaps, nkeys, missing, job_parts);
    if (cli_flush_stdout() != 0) return 3;
    return nkeys ? 0 : gaps ? 130 : 1;
}
