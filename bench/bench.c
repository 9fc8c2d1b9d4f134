/* The benchmark driver: every case, every available implementation, samples
 * interleaved across implementations so machine noise hits them alike; min
 * and median per unit, timer overhead subtracted, speedup over ref. */
#include "bench.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#if defined(__unix__) || defined(__APPLE__)
#include <sys/wait.h>
#include <unistd.h>
#define HAVE_FORK 1
#endif

#include "../src/bench_internal.h"
#include "lwcx.h"
#include "report.h"
#include "timer.h"

/* Every primitive of the build (the generated list), with its cases. */
#define BENCH_FAMILY_(p) {#p, bench_cases_##p},
static const struct {
    const char *name;
    const bench_case *const *cases;
} families[] = {LWCX_PRIMITIVES(BENCH_FAMILY_)};
#define NFAMILIES (sizeof families / sizeof families[0])

#define MAX_IMPLS 16
#define MAX_REPS 101

typedef struct row {
    const bench_case *bc;
    const char *impl;
    const char *device; /* NULL, or where a device implementation ran */
    double cyc_med, cyc_min, ns_med, speedup;
    double vs_warm; /* first-call rows: median of first call / later calls; else 0 */
    double vs_avx2; /* AVX-512 rows: the case's avx2 median over this one (0: no avx2 row) */
    const char *auto_from; /* the automatic choice's row: where the choice comes from; else NULL */
    const char *beaten_by; /* the automatic choice's row: a CPU row more than 5% faster, or NULL */
    double beaten;         /* ... its median over that row's (> 1.05) */
} row;

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *v, size_t n)
{
    qsort(v, n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

static uint64_t timer_overhead(void)
{
    uint64_t best = UINT64_MAX;
    for (int i = 0; i < 1000; i++) {
        uint64_t t0 = timer_cycles(), t1 = timer_cycles();
        if (t1 - t0 < best) best = t1 - t0;
    }
    return best;
}

/* Times iters calls on impl; returns cycles (overhead removed) and ns, and
 * nonzero if a call failed (a failing call would be timed as a fast one). */
static LWCX_NODISCARD int sample(const bench_case *bc, void *st, const lwcx_impl *impl, unsigned iters,
                                 uint64_t overhead, double *cyc, double *ns)
{
    int bad = 0;
    uint64_t n0 = timer_ns(), c0 = timer_cycles();
    for (unsigned k = 0; k < iters; k++) bad |= bc->run(st, impl);
    uint64_t c1 = timer_cycles(), n1 = timer_ns();
    uint64_t c = c1 - c0;
    *cyc = (double)(c > overhead ? c - overhead : 0);
    *ns = (double)(n1 - n0);
    return bad;
}

static void call_failed(const bench_case *bc, const lwcx_impl *impl)
{
    fprintf(stderr, "lwcx bench: %s %s: the call failed on %s; its row is left out\n", bc->primitive, bc->op,
            lwcx_impl_name(impl));
}

/* The next name of a comma-separated list: *name and *len, *p moved past
 * it; 0 at the end. */
static int list_next(const char **p, const char **name, size_t *len)
{
    if (!*p || !**p) return 0;
    const char *end = strchr(*p, ',');
    *name = *p;
    *len = end ? (size_t)(end - *p) : strlen(*p);
    *p = end ? end + 1 : *p + *len;
    return 1;
}

/* Whether name is one of the list (NULL: every name is). */
static int named(const char *list, const char *name)
{
    const char *item;
    size_t len;
    if (!list) return 1;
    while (list_next(&list, &item, &len))
        if (len == strlen(name) && strncmp(item, name, len) == 0) return 1;
    return 0;
}

static double cyc[MAX_IMPLS][MAX_REPS], ns[MAX_IMPLS][MAX_REPS];
/* Calls of each implementation that a device implementation ran on the CPU
 * because a device call failed (lwcx_impl_fallbacks), the case's: such a
 * row is labelled <impl>+cpu, "on the CPU", never as the device's. */
static uint64_t fell_back[MAX_IMPLS];
static char fell_label[MAX_IMPLS][32], fell_where[MAX_IMPLS][200];

/* The implementations a case times: available, applicable, and ref or named
 * by --impl. */
static size_t case_impls(const bench_case *bc, const bench_options *opt, const lwcx_impl **impls)
{
    size_t nimpl = 0;
    for (size_t i = 0; i < lwcx_impl_count(bc->primitive) && nimpl < MAX_IMPLS; i++) {
        const lwcx_impl *impl = lwcx_impl_at(bc->primitive, i);
        const int ref = strcmp(lwcx_impl_name(impl), "ref") == 0;
        if (opt->cpu_only && (ref || impl->device || impl->probe)) continue;
        if (lwcx_impl_available(impl, NULL) && (!bc->applies || bc->applies(impl)) &&
            (ref || named(opt->impls, lwcx_impl_name(impl))))
            impls[nimpl++] = impl;
    }
    return nimpl;
}

/* The rows from cyc[][] and ns[][] (reps samples each; sorted here). */
static void case_rows(const bench_case *bc, const lwcx_impl *const *impls, size_t nimpl, int reps, row *rows)
{
    double ref_med = 0, avx2_med = 0;
    for (size_t m = 0; m < nimpl; m++) {
        rows[m].bc = bc;
        rows[m].impl = lwcx_impl_name(impls[m]);
        rows[m].device = impls[m]->device ? impls[m]->device() : NULL;
        if (fell_back[m]) {
            const char *why = NULL;
            lwcx_impl_fallbacks(impls[m], NULL, &why); /* (the reason; the count is fell_back) */
            snprintf(fell_label[m], sizeof fell_label[m], "%s+cpu", rows[m].impl);
            snprintf(fell_where[m], sizeof fell_where[m], "the CPU (%llu calls; %s)",
                     (unsigned long long)fell_back[m], why ? why : "a device call failed");
            fprintf(stderr, "lwcx bench: %s %s: %llu %s calls ran on the CPU, not the device: %s\n", bc->primitive,
                    bc->op, (unsigned long long)fell_back[m], rows[m].impl, why ? why : "a device call failed");
            rows[m].impl = fell_label[m];
            rows[m].device = fell_where[m];
        }
        rows[m].cyc_med = median(cyc[m], (size_t)reps);
        rows[m].cyc_min = cyc[m][0]; /* sorted by median() */
        rows[m].ns_med = median(ns[m], (size_t)reps);
        rows[m].vs_warm = 0;
        if (strcmp(rows[m].impl, "ref") == 0) ref_med = rows[m].cyc_med;
        if (strcmp(rows[m].impl, "avx2") == 0) avx2_med = rows[m].cyc_med;
    }
    for (size_t m = 0; m < nimpl; m++) {
        rows[m].auto_from = rows[m].beaten_by = NULL;
        rows[m].beaten = 0;
        rows[m].speedup = ref_med > 0 && rows[m].cyc_med > 0 ? ref_med / rows[m].cyc_med : 0;
        /* the AVX-512 kernels' gain over the AVX2 ones, in the same run (by the
         * features they need: PIPO's rows512 too) */
        const int zmm = (lwcx_impl_features(impls[m]) & LWCX_CPU_AVX512) != 0;
        rows[m].vs_avx2 = zmm && avx2_med > 0 && rows[m].cyc_med > 0 ? avx2_med / rows[m].cyc_med : 0;
    }
}

#if HAVE_FORK
#define FIRST_CALLS_PER_PROCESS 8

/* Samples first..first+n-1 of a first-call case, in a child process: for
 * each, the first call's ticks and ns, and the median ticks of the later
 * calls, written to fd. */
static void first_call_child(const bench_case *bc, const lwcx_impl *impl, unsigned first, unsigned n,
                             uint64_t overhead, int fd)
{
    double out[FIRST_CALLS_PER_PROCESS][3] = {{0}}, next[101];
    void *st = bc->setup();
    int bad = !st;
    if (st) {
        for (unsigned i = 0; i < n; i++) {
            bad |= bc->warm(st, impl, first + i, 1);
            bad |= sample(bc, st, impl, 1, overhead, &out[i][0], &out[i][1]);
            for (int k = 0; k < 101; k++) {
                double unused;
                bad |= bc->warm(st, impl, first + i, 0);
                bad |= sample(bc, st, impl, 1, overhead, &next[k], &unused);
            }
            out[i][2] = median(next, 101);
        }
        bc->teardown(st);
    }
    if (bad) call_failed(bc, impl);
    const size_t len = n * sizeof out[0];
    _exit(!bad && write(fd, out, len) == (ssize_t)len ? 0 : 1);
}

/* A first-call case: the samples in fresh processes (a few each, one
 * implementation per process), interleaved across implementations. 0 rows
 * where a process cannot be started. */
static size_t measure_first_calls(const bench_case *bc, const bench_options *opt, uint64_t overhead, row *rows)
{
    const lwcx_impl *impls[MAX_IMPLS];
    const size_t nimpl = case_impls(bc, opt, impls);
    const unsigned reps = opt->quick ? 16 : 96;
    static double ratio[MAX_IMPLS][MAX_REPS];
    if (opt->table) fflush(opt->table);
    if (opt->json) fflush(opt->json);
    for (unsigned r = 0; r < reps; r += FIRST_CALLS_PER_PROCESS)
        for (size_t m = 0; m < nimpl; m++) {
            double got[FIRST_CALLS_PER_PROCESS][3];
            const unsigned n = reps - r < FIRST_CALLS_PER_PROCESS ? reps - r : FIRST_CALLS_PER_PROCESS;
            const size_t want = n * sizeof got[0];
            int fds[2], status = 1;
            pid_t pid = -1;
            if (pipe(fds) == 0) {
                pid = fork();
                if (pid == 0) {
                    close(fds[0]);
                    first_call_child(bc, impls[m], r, n, overhead, fds[1]);
                }
                close(fds[1]);
            }
            size_t have = 0;
            while (pid > 0 && have < want) {
                const ssize_t k = read(fds[0], (char *)got + have, want - have);
                if (k <= 0) break;
                have += (size_t)k;
            }
            if (pid >= 0) close(fds[0]);
            if (pid > 0) waitpid(pid, &status, 0);
            if (pid <= 0 || have != want || status != 0) {
                fprintf(stderr, "lwcx bench: %s %s: no process for the first-call samples; rows left out\n",
                        bc->primitive, bc->op);
                return 0;
            }
            for (unsigned i = 0; i < n; i++) {
                cyc[m][r + i] = got[i][0] / bc->units;
                ns[m][r + i] = got[i][1] / bc->units;
                ratio[m][r + i] = got[i][2] > 0 ? got[i][0] / got[i][2] : 0;
            }
        }
    case_rows(bc, impls, nimpl, (int)reps, rows);
    for (size_t m = 0; m < nimpl; m++) rows[m].vs_warm = median(ratio[m], reps);
    return nimpl;
}
#endif

/* A case of a call kind marks the automatic choice's row and, when a CPU
 * row is more than 5% faster in the same run, which one. */
static void mark_auto(const bench_case *bc, row *rows, size_t n)
{
    const char *from = NULL;
    const lwcx_impl *a = bc->call ? lwcx_impl_auto_call(bc->primitive, bc->call, (size_t)bc->units, &from) : NULL;
    row *mine = NULL, *fastest = NULL;
    for (size_t m = 0; m < n; m++) {
        if (a && strcmp(rows[m].impl, lwcx_impl_name(a)) == 0) mine = &rows[m];
        if (!rows[m].device && rows[m].cyc_med > 0 && (!fastest || rows[m].cyc_med < fastest->cyc_med))
            fastest = &rows[m];
    }
    if (!mine) return;
    mine->auto_from = from;
    if (fastest && mine->cyc_med > 1.05 * fastest->cyc_med) {
        mine->beaten_by = fastest->impl;
        mine->beaten = mine->cyc_med / fastest->cyc_med;
    }
}

static size_t measure_case(const bench_case *bc, const bench_options *opt, uint64_t overhead,
                           row *rows)
{
    memset(fell_back, 0, sizeof fell_back);
    if (bc->warm) {
#if HAVE_FORK
        return measure_first_calls(bc, opt, overhead, rows);
#else
        return 0; /* a fresh process per sample needs fork() */
#endif
    }
    const lwcx_impl *impls[MAX_IMPLS];
    unsigned iters[MAX_IMPLS];
    const size_t nimpl = case_impls(bc, opt, impls);
    void *st = bc->setup();
    if (!st) return 0;
    const double min_sample_ns = opt->quick ? 20e3 : 100e3;
    const int reps = opt->quick ? 11 : 61;
    const double warm_ns = opt->quick ? 2e6 : 20e6;

    /* warm up and pick how many calls one sample holds */
    int bad[MAX_IMPLS] = {0};
    uint64_t fb0[MAX_IMPLS];
    for (size_t m = 0; m < nimpl; m++) fb0[m] = lwcx_impl_fallbacks(impls[m], NULL, NULL);
    for (size_t m = 0; m < nimpl; m++) {
        double cyc, ns, spent = 0;
        unsigned calls = 0;
        while (spent < warm_ns && !bad[m]) {
            bad[m] = sample(bc, st, impls[m], 1, overhead, &cyc, &ns);
            spent += ns;
            calls++;
        }
        double per_call = spent / calls;
        iters[m] = per_call >= min_sample_ns ? 1 : (unsigned)(min_sample_ns / per_call) + 1;
    }

    for (int r = 0; r < reps; r++)
        for (size_t m = 0; m < nimpl; m++) {
            if (bad[m]) continue;
            bad[m] = sample(bc, st, impls[m], iters[m], overhead, &cyc[m][r], &ns[m][r]);
            cyc[m][r] /= (double)iters[m] * bc->units;
            ns[m][r] /= (double)iters[m] * bc->units;
        }
    bc->teardown(st);
    /* rows only for the implementations whose every call succeeded */
    size_t kept = 0;
    for (size_t m = 0; m < nimpl; m++) {
        if (bad[m]) {
            call_failed(bc, impls[m]);
            continue;
        }
        fell_back[kept] = lwcx_impl_fallbacks(impls[m], NULL, NULL) - fb0[m];
        if (kept != m) {
            impls[kept] = impls[m];
            memcpy(cyc[kept], cyc[m], sizeof cyc[m]);
            memcpy(ns[kept], ns[m], sizeof ns[m]);
        }
        kept++;
    }
    case_rows(bc, impls, kept, reps, rows);
    return kept;
}

#ifndef LWCX_BUILD_INFO
#define LWCX_BUILD_INFO "unknown" /* CMake passes the build type and flags */
#endif
#if defined(__clang__)
#define COMPILER "clang " __clang_version__
#elif defined(__GNUC__)
#define COMPILER "gcc " __VERSION__
#else
#define COMPILER "unknown"
#endif

/* ticks of the cycle counter per core cycle (0: unknown), measured once per run */
static double ticks_per_cycle;

static double core_cycles(double ticks)
{
    return ticks_per_cycle > 0 ? ticks / ticks_per_cycle : 0;
}

/* The widths of the name columns, from the names of the run (set_widths). */
static int w_prim = 9, w_op = 2, w_impl = 4;
#define MAX_COLUMN 40 /* a longer name is cut, its last character '~' */

static int widen(int w, size_t len)
{
    return len > (size_t)w ? (len > MAX_COLUMN ? MAX_COLUMN : (int)len) : w;
}

/* Columns as wide as the longest primitive, case and implementation name of
 * the families wanted (a device implementation's row may say "+cpu"). A
 * case that applies to some implementations only names itself when asked
 * (a device's bulk rows: their size is the device's), as the run will ask. */
static void set_widths(const int *wanted)
{
    w_prim = 9, w_op = 2, w_impl = 4;
    for (size_t f = 0; f < NFAMILIES; f++) {
        if (!wanted[f]) continue;
        const char *prim = families[f].name;
        w_prim = widen(w_prim, strlen(prim));
        for (const bench_case *const *bc = families[f].cases; *bc; bc++) {
            for (size_t i = 0; (*bc)->applies && i < lwcx_impl_count(prim); i++)
                if (lwcx_impl_available(lwcx_impl_at(prim, i), NULL) && (*bc)->applies(lwcx_impl_at(prim, i)))
                    w_op = widen(w_op, strlen((*bc)->op));
            w_op = widen(w_op, strlen((*bc)->op));
        }
        for (size_t i = 0; i < lwcx_impl_count(prim); i++) {
            const lwcx_impl *im = lwcx_impl_at(prim, i);
            w_impl = widen(w_impl, strlen(lwcx_impl_name(im)) + (im->device ? 4 : 0));
        }
    }
}

/* name in a column of width w: padded, or cut with '~' as its last character */
static void column(FILE *f, const char *name, int w)
{
    const size_t len = strlen(name);
    if (len <= (size_t)w)
        fprintf(f, "%-*s ", w, name);
    else
        fprintf(f, "%.*s~ ", w - 1, name);
}

static void print_header(FILE *f)
{
    column(f, "primitive", w_prim);
    column(f, "op", w_op);
    column(f, "impl", w_impl);
    fprintf(f, "%10s %10s %10s %10s %9s\n", "cyc/unit", "min", "core cyc", "ns/unit", "vs ref");
}

static void print_row(FILE *f, const row *r)
{
    char vs[16] = "       -"; /* no ref row in this case */
    if (r->speedup > 0) snprintf(vs, sizeof vs, "%8.2fx", r->speedup);
    column(f, r->bc->primitive, w_prim);
    column(f, r->bc->op, w_op);
    column(f, r->impl, w_impl);
    fprintf(f, "%10.2f %10.2f %10.2f %10.3f %s   per %s", r->cyc_med, r->cyc_min, core_cycles(r->cyc_med),
            r->ns_med, vs, r->bc->unit);
    if (r->ns_med > 0 && strcmp(r->bc->unit, "key") == 0) /* key search: the rate users quote */
        fprintf(f, " (%.1f M keys/s)", 1e3 / r->ns_med);
    if (r->ns_med > 0 && r->device && strcmp(r->bc->unit, "byte") == 0) /* a device's bulk rows */
        fprintf(f, " (%.2f GB/s, %.1f Gbps)", 1 / r->ns_med, 8 / r->ns_med);
    if (r->device) fprintf(f, " on %s", r->device);
    if (r->vs_warm > 0) fprintf(f, " (%.2fx warm)", r->vs_warm);
    if (r->vs_avx2 > 0) fprintf(f, " (%.2fx avx2)", r->vs_avx2);
    if (r->auto_from) fprintf(f, " [auto]");
    fputc('\n', f);
    if (r->beaten_by)
        fprintf(f, "# %s %s: %s is %.0f%% faster than the automatic choice %s (from the %s)\n", r->bc->primitive,
                r->bc->op, r->beaten_by, 100 * (r->beaten - 1), r->impl, r->auto_from);
}

/* "key": "v", then after */
static void json_str(FILE *f, const char *key, const char *v, const char *after)
{
    fprintf(f, "\"%s\": ", key);
    bench_json_string(f, v);
    fputs(after, f);
}

static void json_machine(FILE *f)
{
    char feats[256];
    lwcx_cpu_features_string(lwcx_cpu_features(), feats, sizeof feats);
    fprintf(f, "{\n  \"machine\": {");
    static const char *const vendors[] = {"other", "GenuineIntel", "AuthenticAMD", "arm"};
    const lwcx_cpu_desc *cpu = lwcx_cpu_here();
    char date[16] = "";
    const time_t now = time(NULL);
    struct tm utc;
    if (gmtime_r(&now, &utc)) strftime(date, sizeof date, "%Y-%m-%d", &utc);
    json_str(f, "cpu", lwcx_cpu_model(), ", ");
    json_str(f, "vendor", vendors[cpu->vendor >= 0 && cpu->vendor < 4 ? cpu->vendor : 0], ", ");
    fprintf(f, "\"family\": %u, \"model\": %u, \"stepping\": %u, ", cpu->family, cpu->model, cpu->stepping);
    json_str(f, "date", date, ", ");
    json_str(f, "features", feats, ", ");
    json_str(f, "cycle_counter", TIMER_CYCLES_NAME, ", ");
    fprintf(f, "\"ticks_per_core_cycle\": %.4f, ", ticks_per_cycle);
    json_str(f, "compiler", COMPILER, ", ");
    json_str(f, "build", LWCX_BUILD_INFO, ", ");
    json_str(f, "lwcx_version", lwcx_version(), "},\n  \"results\": [");
}

static void json_row(FILE *f, const row *r, int first)
{
    char vs[32] = "null"; /* no ref row in this case */
    if (r->speedup > 0) snprintf(vs, sizeof vs, "%.3f", r->speedup);
    fprintf(f,
            "%s\n    {\"primitive\": \"%s\", \"impl\": \"%s\", \"op\": \"%s\", \"unit\": \"%s\", "
            "\"units_per_call\": %.0f, \"cycles_per_unit_median\": %.3f, "
            "\"cycles_per_unit_min\": %.3f, \"core_cycles_per_unit_median\": %.3f, "
            "\"ns_per_unit_median\": %.4f, \"units_per_second\": %.6g, \"speedup_vs_ref\": %s",
            first ? "" : ",", r->bc->primitive, r->impl, r->bc->op, r->bc->unit, r->bc->units,
            r->cyc_med, r->cyc_min, core_cycles(r->cyc_med), r->ns_med, r->ns_med > 0 ? 1e9 / r->ns_med : 0,
            vs);
    if (r->device) {
        fputs(", ", f);
        json_str(f, "device", r->device, "");
    }
    if (r->vs_warm > 0) fprintf(f, ", \"first_call_vs_warm\": %.3f", r->vs_warm);
    if (r->vs_avx2 > 0) fprintf(f, ", \"speedup_vs_avx2\": %.3f", r->vs_avx2);
    if (r->bc->call) {
        fputs(", ", f);
        json_str(f, "call", r->bc->call, "");
    }
    if (r->auto_from) {
        fputs(", \"auto\": true, ", f);
        json_str(f, "auto_from", r->auto_from, "");
    }
    if (r->beaten_by) {
        fputs(", ", f);
        json_str(f, "auto_beaten_by", r->beaten_by, "");
        fprintf(f, ", \"auto_beaten_ratio\": %.3f", r->beaten);
    }
    fputc('}', f);
}

/* 0 if every name is a primitive of the build, else -1 (said on stderr). */
static int known_primitives(const char *const *primitives, size_t n, const char *cmd)
{
    for (size_t i = 0; i < n; i++) {
        size_t f = 0;
        while (f < NFAMILIES && strcmp(families[f].name, primitives[i]) != 0) f++;
        if (f == NFAMILIES) {
            fprintf(stderr, "lwcx %s: unknown primitive '%s' (see 'lwcx list')\n", cmd, primitives[i]);
            return -1;
        }
    }
    return 0;
}

/* Whether family f is wanted (all when n == 0). */
static int wanted_family(size_t f, const char *const *primitives, size_t n)
{
    int w = n == 0;
    for (size_t i = 0; i < n; i++) w |= strcmp(families[f].name, primitives[i]) == 0;
    return w;
}

/* The rows of the run, for the summary (report.c). */
typedef struct results {
    bench_result *r;
    size_t n, cap;
    int lost; /* rows left out for want of memory */
} results;

static void keep(results *res, const row *w)
{
    if (res->n == res->cap) {
        const size_t cap = res->cap ? 2 * res->cap : 256;
        bench_result *r = realloc(res->r, cap * sizeof *r);
        if (!r) {
            res->lost = 1;
            return;
        }
        res->r = r, res->cap = cap;
    }
    bench_result *r = &res->r[res->n++];
    memset(r, 0, sizeof *r);
    r->primitive = w->bc->primitive, r->op = w->bc->op, r->unit = w->bc->unit, r->call = w->bc->call;
    snprintf(r->impl, sizeof r->impl, "%s", w->impl);
    r->on_device = w->device != NULL;
    if (w->device) snprintf(r->device, sizeof r->device, "%s", w->device);
    r->units = w->bc->units;
    r->cyc_med = w->cyc_med;
#if defined(__x86_64__) || defined(__i386__)
    r->cycles = w->cyc_med; /* rdtsc ticks: what the write-ups counted */
#else
    r->cycles = core_cycles(w->cyc_med);
#endif
    r->ns_med = w->ns_med;
    r->speedup = w->speedup;
    r->auto_from = w->auto_from;
    if (w->beaten_by) snprintf(r->beaten_by, sizeof r->beaten_by, "%s", w->beaten_by);
    r->beaten = w->beaten;
}

int bench_run(const char *const *primitives, size_t n, const bench_options *opt)
{
    if (known_primitives(primitives, n, "bench")) return -1;
    /* every name of --impl must name an implementation of some primitive */
    const char *list = opt->impls, *item;
    size_t len;
    while (list_next(&list, &item, &len)) {
        int known = 0;
        for (size_t q = 0; q < lwcx_primitive_count() && !known; q++)
            for (size_t i = 0; i < lwcx_impl_count(lwcx_primitive_name(q)) && !known; i++) {
                const char *nm = lwcx_impl_name(lwcx_impl_at(lwcx_primitive_name(q), i));
                known = strlen(nm) == len && strncmp(nm, item, len) == 0;
            }
        if (!known) {
            fprintf(stderr, "lwcx bench: --impl: no implementation is named '%.*s' (see 'lwcx list')\n", (int)len,
                    item);
            return -1;
        }
    }
    int wanted[NFAMILIES];
    for (size_t f = 0; f < NFAMILIES; f++) wanted[f] = wanted_family(f, primitives, n);
    set_widths(wanted);
    uint64_t overhead = timer_overhead();
    ticks_per_cycle = timer_ticks_per_core_cycle();
    if (opt->table) {
        char feats[256];
        fprintf(opt->table, "# cpu: %s\n# features: %s\n# compiler: %s\n# build: %s\n",
                lwcx_cpu_model(), lwcx_cpu_features_string(lwcx_cpu_features(), feats, sizeof feats),
                COMPILER, LWCX_BUILD_INFO);
        fprintf(opt->table, "# cyc: %s ticks (overhead %llu subtracted); ", TIMER_CYCLES_NAME,
                (unsigned long long)overhead);
        if (ticks_per_cycle > 0)
            fprintf(opt->table, "core cyc: ticks / %.3f (ticks per core cycle, dependent-add chain)\n",
                    ticks_per_cycle);
        else
            fprintf(opt->table, "core cycles unknown on this architecture\n");
        fprintf(opt->table, "# [auto]: the row of the automatic choice for the call (lwcx list --explain)\n");
        print_header(opt->table);
    }
    if (opt->json) json_machine(opt->json);
    int first = 1;
    results res = {0};
    for (size_t f = 0; f < NFAMILIES; f++) {
        if (!wanted[f]) continue;
        for (const bench_case *const *bc = families[f].cases; *bc; bc++) {
            row rows[MAX_IMPLS];
            size_t nr = measure_case(*bc, opt, overhead, rows);
            mark_auto(*bc, rows, nr);
            for (size_t r = 0; r < nr; r++) {
                if (opt->table) print_row(opt->table, &rows[r]);
                if (opt->json) json_row(opt->json, &rows[r], first);
                keep(&res, &rows[r]);
                first = 0;
            }
            if (opt->table) fflush(opt->table);
        }
    }
    if (opt->json) fprintf(opt->json, "\n  ]");
    if (res.lost) fprintf(stderr, "lwcx bench: out of memory: the summary leaves out rows\n");
    bench_report(res.r, res.n, opt->table, opt->json);
    if (opt->json) fprintf(opt->json, "\n}\n");
    free(res.r);
    return 0;
}

/* --- lwcx tune ------------------------------------------------------------------- */

#define TUNE_MAX_CASES 128

typedef struct tune_case {
    const bench_case *bc;
    size_t nimpl;
    const char *impl[MAX_IMPLS];
    double sum[MAX_IMPLS]; /* median ticks summed over the rounds */
} tune_case;

/* The winner of kind call over cases[lo, hi) (those of the kind), and the
 * costs in the table. */
static const char *tune_winner(const tune_case *cases, size_t ncases, const char *prim, const char *call, FILE *table)
{
    const char *names[MAX_IMPLS];
    double logsum[MAX_IMPLS] = {0};
    size_t nn = 0, nc = 0;
    for (size_t c = 0; c < ncases; c++) {
        const tune_case *t = &cases[c];
        if (strcmp(t->bc->primitive, prim) != 0 || strcmp(t->bc->call, call) != 0) continue;
        if (nc++ == 0) {
            nn = t->nimpl;
            memcpy(names, t->impl, nn * sizeof *names);
        }
        double best = 0;
        for (size_t m = 0; m < t->nimpl; m++)
            if (t->sum[m] > 0 && (best == 0 || t->sum[m] < best)) best = t->sum[m];
        for (size_t k = 0; k < nn; k++) {
            size_t m = 0;
            while (m < t->nimpl && strcmp(t->impl[m], names[k]) != 0) m++;
            /* an implementation missing from a case of the kind cannot win it */
            logsum[k] += m < t->nimpl && t->sum[m] > 0 && best > 0 ? log(t->sum[m] / best) : 1e9;
        }
    }
    if (!nc || !nn) return NULL;
    size_t win = 0;
    for (size_t k = 1; k < nn; k++)
        if (logsum[k] < logsum[win]) win = k;
    if (table) {
        fprintf(table, "%-10s %-14s %-10s", prim, call, names[win]);
        for (size_t k = 0; k < nn; k++)
            if (logsum[k] < 1e8) fprintf(table, " %s %.3f", names[k], exp(logsum[k] / (double)nc));
        fprintf(table, "\n");
    }
    return logsum[win] < 1e8 ? names[win] : NULL;
}

int bench_tune(const char *const *primitives, size_t n, const bench_options *opt, int rounds,
               lwcx_wisdom_pick *picks, size_t max, size_t *npicks)
{
    static tune_case cases[TUNE_MAX_CASES];
    size_t ncases = 0;
    *npicks = 0;
    if (known_primitives(primitives, n, "tune")) return -1;
    bench_options o = *opt;
    o.cpu_only = 1;
    o.impls = NULL;
    for (size_t f = 0; f < NFAMILIES; f++)
        for (const bench_case *const *bc = families[f].cases; wanted_family(f, primitives, n) && *bc; bc++)
            if ((*bc)->call && !(*bc)->warm && ncases < TUNE_MAX_CASES) cases[ncases++] = (tune_case){*bc, 0, {0}, {0}};
    const uint64_t overhead = timer_overhead();
    if (rounds < 3) rounds = 3;
    for (int r = 0; r < rounds; r++) {
        if (opt->table) fprintf(opt->table, "lwcx tune: round %d of %d (%zu cases)\n", r + 1, rounds, ncases);
        if (opt->table) fflush(opt->table);
        for (size_t c = 0; c < ncases; c++) {
            row rows[MAX_IMPLS];
            const size_t nr = measure_case(cases[c].bc, &o, overhead, rows);
            tune_case *t = &cases[c];
            for (size_t m = 0; m < nr; m++) {
                size_t k = 0;
                while (k < t->nimpl && strcmp(t->impl[k], rows[m].impl) != 0) k++;
                if (k == t->nimpl) {
                    if (r > 0 || k == MAX_IMPLS) continue; /* rows of every round only */
                    t->impl[t->nimpl++] = rows[m].impl; /* (a name of static storage) */
                }
                t->sum[k] += rows[m].cyc_med;
            }
        }
    }
    if (opt->table) fprintf(opt->table, "%-10s %-14s %-10s costs (relative to each case's best, geometric mean)\n",
                            "primitive", "call", "winner");
    for (size_t c = 0; c < ncases; c++) {
        int seen = 0; /* the kind's first case */
        for (size_t d = 0; d < c; d++)
            seen |= strcmp(cases[d].bc->primitive, cases[c].bc->primitive) == 0 &&
                    strcmp(cases[d].bc->call, cases[c].bc->call) == 0;
        if (seen) continue;
        const char *w = tune_winner(cases, ncases, cases[c].bc->primitive, cases[c].bc->call, opt->table);
        if (w && *npicks < max) picks[(*npicks)++] = (lwcx_wisdom_pick){cases[c].bc->primitive, cases[c].bc->call, w};
    }
    return 0;
}
