/* The end of `lwcx bench`: per primitive, the automatic choice of each call
 * kind and how often a faster row beat it, the speedup over ref of every
 * implementation (geometric mean over the primitive's cases that have a ref
 * row) and the fastest; then each write-up's published table beside the
 * figure this run measured for the same work. Table and JSON from the same
 * computed values. */
#include "report.h"

#include <math.h>
#include <string.h>

#if defined(__x86_64__) || defined(__i386__)
#define HERE_ARCH "x86-64"
#elif defined(__aarch64__)
#define HERE_ARCH "arm64"
#else
#define HERE_ARCH "other"
#endif

#define MAX_NAMES 32
#define MAX_KINDS 8

void bench_json_string(FILE *f, const char *v)
{
    if (!v) {
        fputs("null", f);
        return;
    }
    fputc('"', f);
    for (; *v; v++) {
        const unsigned char c = (unsigned char)*v;
        if (c == '"' || c == '\\')
            fprintf(f, "\\%c", c);
        else if (c < 0x20)
            fprintf(f, "\\u%04x", c);
        else
            fputc(c, f);
    }
    fputc('"', f);
}

/* ', "key": "v"' (null for NULL) */
static void jfield(FILE *f, const char *key, const char *v)
{
    fprintf(f, ", \"%s\": ", key);
    bench_json_string(f, v);
}

/* a JSON number, or null for 0 (not measured) */
static void jnum(FILE *f, double v)
{
    if (v > 0 && isfinite(v))
        fprintf(f, "%.6g", v);
    else
        fputs("null", f);
}

/* --- the summary ----------------------------------------------------------- */

typedef struct kind_sum {
    const char *call, *impl, *from;
    int varies;           /* the automatic choice differs between the kind's cases */
    size_t cases, marked; /* the kind's cases, those with the automatic choice's row */
    size_t beaten;        /* cases where another CPU row was more than 5% faster */
    const char *worst_by;
    double worst;
} kind_sum;

typedef struct prim_sum {
    const char *prim;
    size_t cases, with_ref;
    size_t nimpl;
    const char *impl[MAX_NAMES];
    double logsum[MAX_NAMES];
    size_t n[MAX_NAMES];
    int fastest; /* index into impl, or -1 */
    size_t nkinds;
    kind_sum kind[MAX_KINDS];
} prim_sum;

static double geomean(const prim_sum *s, int i)
{
    return s->n[i] ? exp(s->logsum[i] / (double)s->n[i]) : 0;
}

static void add_kind(prim_sum *s, const bench_result *r, int new_case)
{
    size_t k = 0;
    while (k < s->nkinds && strcmp(s->kind[k].call, r->call) != 0) k++;
    if (k == s->nkinds) {
        if (k == MAX_KINDS) return;
        s->kind[s->nkinds++] = (kind_sum){r->call, NULL, NULL, 0, 0, 0, 0, NULL, 0};
    }
    kind_sum *ks = &s->kind[k];
    if (new_case) ks->cases++;
    if (!r->auto_from) return;
    ks->marked++;
    if (!ks->impl) ks->impl = r->impl, ks->from = r->auto_from;
    else if (strcmp(ks->impl, r->impl) != 0) ks->varies = 1;
    if (r->beaten_by[0]) {
        ks->beaten++;
        if (r->beaten > ks->worst) ks->worst = r->beaten, ks->worst_by = r->beaten_by;
    }
}

/* The summary of the rows [lo, hi), all of one primitive, in cases of
 * consecutive rows. */
static void summarize(const bench_result *rows, size_t lo, size_t hi, prim_sum *s)
{
    memset(s, 0, sizeof *s);
    s->prim = rows[lo].primitive;
    s->fastest = -1;
    for (size_t i = lo; i < hi; i++) {
        const bench_result *r = &rows[i];
        const int new_case = i == lo || strcmp(rows[i - 1].op, r->op) != 0;
        if (new_case) s->cases++;
        if (strcmp(r->impl, "ref") == 0 && r->speedup > 0) s->with_ref++;
        if (r->call) add_kind(s, r, new_case);
        size_t m = 0;
        while (m < s->nimpl && strcmp(s->impl[m], r->impl) != 0) m++;
        if (m == s->nimpl) {
            if (m == MAX_NAMES) continue;
            s->impl[s->nimpl++] = r->impl;
        }
        if (r->speedup > 0) s->logsum[m] += log(r->speedup), s->n[m]++;
    }
    /* the fastest over every case with a ref row (an implementation missing
     * from some cannot be compared on the same work) */
    for (size_t m = 0; m < s->nimpl; m++)
        if (s->with_ref && s->n[m] == s->with_ref &&
            (s->fastest < 0 || geomean(s, (int)m) > geomean(s, s->fastest)))
            s->fastest = (int)m;
}

static void summary_text(FILE *f, const prim_sum *s)
{
    fprintf(f, "%s: %zu cases, %zu with a ref row; ", s->prim, s->cases, s->with_ref);
    if (s->fastest >= 0)
        fprintf(f, "fastest %s, %.2fx ref\n", s->impl[s->fastest], geomean(s, s->fastest));
    else
        fprintf(f, "fastest: none measured on every case with a ref row\n");
    for (size_t k = 0; k < s->nkinds; k++) {
        const kind_sum *ks = &s->kind[k];
        fprintf(f, "  auto %-14s ", ks->call);
        if (!ks->marked) {
            fprintf(f, "its row not measured in %zu cases (left out by --impl, or its calls failed)\n", ks->cases);
            continue;
        }
        fprintf(f, "%s%s (%s) in %zu of %zu cases", ks->impl, ks->varies ? " and others" : "", ks->from,
                ks->marked, ks->cases);
        if (ks->beaten)
            fprintf(f, "; beaten in %zu, up to %.2fx by %s\n", ks->beaten, ks->worst, ks->worst_by);
        else
            fprintf(f, "; never beaten by more than 5%%\n");
    }
    /* every implementation, fastest first, on lines of at most 100 columns */
    int done[MAX_NAMES] = {0};
    size_t col = (size_t)fprintf(f, "  x ref:");
    for (size_t j = 0; j < s->nimpl; j++) {
        int best = -1;
        for (size_t m = 0; m < s->nimpl; m++)
            if (!done[m] && s->n[m] && (best < 0 || geomean(s, (int)m) > geomean(s, best))) best = (int)m;
        if (best < 0) break;
        done[best] = 1;
        char item[64];
        const int len = snprintf(item, sizeof item, " %s %.2fx (%zu)", s->impl[best], geomean(s, best), s->n[best]);
        if (col + (size_t)len > 98) col = (size_t)fprintf(f, "\n        ");
        col += (size_t)fprintf(f, "%s", item);
    }
    fputc('\n', f);
}

static void summary_json(FILE *f, const prim_sum *s, int first)
{
    fprintf(f, "%s\n    {\"primitive\": ", first ? "" : ",");
    bench_json_string(f, s->prim);
    fprintf(f, ", \"cases\": %zu, \"cases_with_ref\": %zu, \"mean\": \"geometric\", \"fastest\": ", s->cases,
            s->with_ref);
    bench_json_string(f, s->fastest >= 0 ? s->impl[s->fastest] : NULL);
    fputs(", \"fastest_speedup_vs_ref\": ", f);
    jnum(f, s->fastest >= 0 ? geomean(s, s->fastest) : 0);
    fputs(", \"speedup_vs_ref\": {", f);
    for (size_t m = 0, n = 0; m < s->nimpl; m++) {
        if (!s->n[m]) continue;
        fputs(n++ ? ", " : "", f);
        bench_json_string(f, s->impl[m]);
        fprintf(f, ": {\"geomean\": %.6g, \"cases\": %zu}", geomean(s, (int)m), s->n[m]);
    }
    fputs("}, \"auto\": [", f);
    for (size_t k = 0; k < s->nkinds; k++) {
        const kind_sum *ks = &s->kind[k];
        fputs(k ? ", {\"call\": " : "{\"call\": ", f);
        bench_json_string(f, ks->call);
        jfield(f, "impl", ks->impl);
        jfield(f, "auto_from", ks->from);
        fprintf(f, ", \"varies\": %s, \"cases\": %zu, \"cases_marked\": %zu, \"cases_beaten\": %zu, \"beaten_most_by\": ",
                ks->varies ? "true" : "false", ks->cases, ks->marked, ks->beaten);
        bench_json_string(f, ks->worst_by);
        fputs(", \"beaten_most_ratio\": ", f);
        jnum(f, ks->worst);
        fputc('}', f);
    }
    fputs("]}", f);
}

/* --- the write-ups ---------------------------------------------------------- */

/* The row of case (prim, op) that sel names (see writeup_match), or NULL. */
static const bench_result *find(const bench_result *rows, size_t n, const char *prim, const char *op,
                                const char *sel)
{
    const bench_result *best = NULL;
    for (size_t i = 0; i < n; i++) {
        const bench_result *r = &rows[i];
        if (strcmp(r->primitive, prim) != 0 || strcmp(r->op, op) != 0) continue;
        if (strcmp(sel, "auto") == 0) {
            if (r->auto_from) return r;
        } else if (strcmp(sel, "device") == 0) {
            if (r->on_device) return r;
        } else if (strcmp(sel, "best") == 0) {
            if (!r->on_device && r->cyc_med > 0 && (!best || r->cyc_med < best->cyc_med)) best = r;
        } else if (strcmp(r->impl, sel) == 0) {
            return r;
        }
    }
    return best;
}

/* This run's figure for a published row, in the published unit (0: none),
 * and the ratio "times faster here" (published time / time here, or rate
 * here / published rate). */
static double here_figure(const writeup_row *w, const bench_result *r, double *faster)
{
    const double per = w->per_call ? r->units : 1;
    double v = 0;
    if (w->kind == WU_CYCLES) v = r->cycles * per / w->scale;
    else if (w->kind == WU_NS) v = r->ns_med * per / w->scale;
    else if (r->ns_med > 0) v = 1e9 / r->ns_med / w->scale;
    *faster = v <= 0 ? 0 : w->kind == WU_RATE ? v / w->figure : w->figure / v;
    return v;
}

typedef struct wu_eval {
    const bench_result *r;
    const writeup_match *m;
    double here, faster;
    const char *marks[5]; /* how the work differs: NULL-terminated */
    char on[160];         /* "here on DEVICE" */
} wu_eval;

static void evaluate(const writeup_row *w, const bench_result *rows, size_t n, wu_eval *e)
{
    memset(e, 0, sizeof *e);
    for (size_t k = 0; k < WRITEUP_MATCHES && w->match[k].op && !e->r; k++) {
        e->r = find(rows, n, w->primitive, w->match[k].op, w->match[k].impl);
        e->m = &w->match[k];
    }
    if (!e->r) {
        e->m = &w->match[0];
        return;
    }
    e->here = here_figure(w, e->r, &e->faster);
    size_t nm = 0;
    const char *here_arch = e->r->on_device ? "gpu" : HERE_ARCH;
    if (strcmp(w->arch, here_arch) != 0) {
        if (strcmp(w->arch, "gpu") == 0) e->marks[nm++] = "a GPU's figure beside this CPU's";
        else if (strcmp(here_arch, "gpu") == 0) e->marks[nm++] = "a CPU's figure beside a GPU's";
        else if (strcmp(w->arch, "arm64") == 0) e->marks[nm++] = "an arm64 figure beside an x86-64 one";
        else e->marks[nm++] = "an x86-64 figure beside one of another architecture";
    }
    if (e->r->on_device) { /* (a device may be a CPU: OpenCL's) */
        snprintf(e->on, sizeof e->on, "here on %s", e->r->device);
        e->marks[nm++] = e->on;
    }
    if (w->kind == WU_CYCLES && e->r->cycles <= 0) e->marks[nm++] = "no cycle counter here";
    if (w->differs) e->marks[nm++] = w->differs;
}

static int same_marks(const wu_eval *a, const wu_eval *b)
{
    size_t k = 0;
    while (a->marks[k] && b->marks[k] && strcmp(a->marks[k], b->marks[k]) == 0) k++;
    return !a->marks[k] && !b->marks[k];
}

/* A figure in `digits` significant digits (whole numbers from 10^digits up). */
static const char *fmt_num(char *buf, size_t cap, double v, int digits)
{
    if (v <= 0) snprintf(buf, cap, "-");
    else if (v >= pow(10, digits)) snprintf(buf, cap, "%.0f", v);
    else snprintf(buf, cap, "%.*g", digits, v);
    return buf;
}

static int same_machine(const writeup_table *t)
{
    for (size_t i = 1; i < t->nrows; i++)
        if (strcmp(t->rows[i].machine, t->rows[0].machine) != 0) return 0;
    return 1;
}

static void writeup_text(FILE *f, const writeup_table *t, const bench_result *rows, size_t n)
{
    const int one_machine = same_machine(t);
    fprintf(f, "%s: %s, %s\n  from %s\n", t->seed, t->subject, t->table, t->source);
    fprintf(f, "  machine: %s; compiler: %s\n", one_machine ? t->rows[0].machine : "per row", t->compiler);
    int lw = 14;
    for (size_t i = 0; i < t->nrows; i++) {
        const int len = (int)strlen(t->rows[i].label);
        if (len > lw) lw = len;
    }
    if (lw > 40) lw = 40;
    fprintf(f, "  %-*s %11s %-12s %11s %7s  %s\n", lw, "published row", "published", "unit", "here", "x here",
            "bench row here");
    /* marks every measured row shares are said once, after the rows */
    int shared = 1, measured = 0;
    wu_eval e0;
    for (size_t i = 0; i < t->nrows; i++) {
        wu_eval e;
        evaluate(&t->rows[i], rows, n, &e);
        if (!e.r) continue;
        if (measured++ == 0) {
            e0 = e;
            for (size_t k = 0; e0.marks[k]; k++) /* (its own copy of the device's mark) */
                if (e0.marks[k] == e.on) e0.marks[k] = e0.on;
        }
        else shared &= same_marks(&e, &e0);
    }
    for (size_t i = 0; i < t->nrows; i++) {
        const writeup_row *w = &t->rows[i];
        wu_eval e;
        char a[32], b[32];
        evaluate(w, rows, n, &e);
        fprintf(f, "  %-*.*s %11s %-12s ", lw, lw, w->label, fmt_num(a, sizeof a, w->figure, 6), w->unit);
        if (!e.r) {
            fprintf(f, "%11s %7s  not measured (%s)\n", "-", "-", w->primitive);
            continue;
        }
        char x[16] = "-";
        if (e.faster > 0) snprintf(x, sizeof x, "%.2fx", e.faster);
        fprintf(f, "%11s %7s  %s %s\n", fmt_num(b, sizeof b, e.here, 4) /* as many as the bench's own rows */, x, e.r->op, e.r->impl);
        if (!one_machine && strcmp(w->label, w->machine) != 0) fprintf(f, "      published on %s\n", w->machine);
        for (size_t k = 0; !shared && e.marks[k]; k++) fprintf(f, "      differs: %s\n", e.marks[k]);
    }
    for (size_t k = 0; measured && shared && e0.marks[k]; k++)
        fprintf(f, "  every row differs: %s\n", e0.marks[k]);
}

static void writeup_json(FILE *f, const writeup_table *t, const bench_result *rows, size_t n, int first)
{
    fprintf(f, "%s\n    {\"seed\": ", first ? "" : ",");
    bench_json_string(f, t->seed);
    jfield(f, "subject", t->subject);
    jfield(f, "table", t->table);
    jfield(f, "source", t->source);
    jfield(f, "published_compiler", t->compiler);
    fputs(", \"rows\": [", f);
    for (size_t i = 0; i < t->nrows; i++) {
        const writeup_row *w = &t->rows[i];
        wu_eval e;
        evaluate(w, rows, n, &e);
        fputs(i ? ",\n      {\"label\": " : "\n      {\"label\": ", f);
        bench_json_string(f, w->label);
        fprintf(f, ", \"published\": %.10g, \"unit\": ", w->figure);
        bench_json_string(f, w->unit);
        jfield(f, "published_machine", w->machine);
        jfield(f, "published_arch", w->arch);
        jfield(f, "primitive", w->primitive);
        jfield(f, "op", e.r ? e.r->op : e.m->op);
        jfield(f, "impl", e.r ? e.r->impl : NULL);
        fprintf(f, ", \"measured\": %s, \"here\": ", e.r && e.here > 0 ? "true" : "false");
        jnum(f, e.here);
        fputs(", \"speedup_here\": ", f);
        jnum(f, e.faster);
        fputs(", \"differs\": [", f);
        for (size_t k = 0; e.marks[k]; k++) {
            fputs(k ? ", " : "", f);
            bench_json_string(f, e.marks[k]);
        }
        fputs("]}", f);
    }
    fputs("]}", f);
}

void bench_report(const bench_result *rows, size_t n, FILE *table, FILE *json)
{
    if (table)
        fprintf(table, "\n# summary: per primitive, x ref = the geometric mean over its cases with a ref row of\n"
                       "# the speedup over ref (cases counted in brackets); auto = the automatic choice's rows\n");
    if (json) fputs(",\n  \"summary\": [", json);
    for (size_t lo = 0, first = 1; lo < n; first = 0) {
        size_t hi = lo + 1;
        while (hi < n && strcmp(rows[hi].primitive, rows[lo].primitive) == 0) hi++;
        prim_sum s;
        summarize(rows, lo, hi, &s);
        if (table) summary_text(table, &s);
        if (json) summary_json(json, &s, (int)first);
        lo = hi;
    }
    if (json) fputs("\n  ],\n  \"writeups\": [", json);
    if (table)
        fprintf(table,
                "\n# write-ups: each seed's published table beside this run's figure for the same work;\n"
                "# x here = how many times faster here (published time / time here, rate here / published\n"
                "# rate); cycles are this machine's %s\n",
                strcmp(HERE_ARCH, "x86-64") == 0 ? "rdtsc ticks (as the write-ups counted them)"
                                                 : "core cycles (estimated from its counter)");
    for (size_t t = 0; t < bench_nwriteups; t++) {
        if (table) writeup_text(table, &bench_writeups[t], rows, n);
        if (json) writeup_json(json, &bench_writeups[t], rows, n, t == 0);
    }
    if (json) fputs("\n  ]", json);
}
