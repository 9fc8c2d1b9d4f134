/* `lwcx bench --compare A.json B.json`: the rows two bench runs share, side
 * by side, with the ratio B/A of their median cycles per unit. Reads only
 * what bench.c writes: one result object per line. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"

typedef struct result {
    char key[96]; /* primitive op impl */
    double median, min;
} result;

typedef struct run {
    result *r;
    size_t n, cap;
    char cpu[128], compiler[128];
} run;

/* The string value of "name": in line, or 0. */
static int str_field(const char *line, const char *name, char *out, size_t cap)
{
    char pat[48];
    snprintf(pat, sizeof pat, "\"%s\": \"", name);
    const char *p = strstr(line, pat);
    if (!p) return 0;
    p += strlen(pat);
    size_t n = strcspn(p, "\"");
    if (n >= cap) n = cap - 1;
    memcpy(out, p, n);
    out[n] = 0;
    return 1;
}

static int num_field(const char *line, const char *name, double *out)
{
    char pat[48];
    snprintf(pat, sizeof pat, "\"%s\": ", name);
    const char *p = strstr(line, pat);
    return p && sscanf(p + strlen(pat), "%lf", out) == 1;
}

static int load(const char *path, run *rn)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "lwcx bench: %s: %s\n", path, strerror(errno));
        return -1;
    }
    char line[1024];
    while (fgets(line, sizeof line, f)) {
        str_field(line, "cpu", rn->cpu, sizeof rn->cpu);
        str_field(line, "compiler", rn->compiler, sizeof rn->compiler);
        char prim[32], op[40], impl[24];
        double med, mn;
        if (!str_field(line, "primitive", prim, sizeof prim) || !str_field(line, "op", op, sizeof op) ||
            !str_field(line, "impl", impl, sizeof impl) || !num_field(line, "cycles_per_unit_median", &med) ||
            !num_field(line, "cycles_per_unit_min", &mn))
            continue;
        if (rn->n == rn->cap) {
            size_t cap = rn->cap ? 2 * rn->cap : 64;
            result *r = realloc(rn->r, cap * sizeof *r);
            if (!r) {
                fclose(f);
                return -1;
            }
            rn->r = r;
            rn->cap = cap;
        }
        result *r = &rn->r[rn->n++];
        snprintf(r->key, sizeof r->key, "%s %s %s", prim, op, impl);
        r->median = med;
        r->min = mn;
    }
    fclose(f);
    if (rn->n == 0) {
        fprintf(stderr, "lwcx bench: %s: no bench results (expected `lwcx bench --json` output)\n", path);
        return -1;
    }
    return 0;
}

int bench_compare(const char *path_a, const char *path_b, FILE *out)
{
    run a = {0}, b = {0};
    int rc = 2;
    if (load(path_a, &a) || load(path_b, &b)) goto done;
    fprintf(out, "# A: %s (%s, %s)\n# B: %s (%s, %s)\n", path_a, a.cpu, a.compiler, path_b, b.cpu,
            b.compiler);
    fprintf(out, "%-48s %12s %12s %8s\n", "primitive op impl", "A cyc/unit", "B cyc/unit", "B/A");
    size_t shared = 0;
    for (size_t i = 0; i < a.n; i++)
        for (size_t j = 0; j < b.n; j++) {
            if (strcmp(a.r[i].key, b.r[j].key) != 0) continue;
            const double ratio = a.r[i].median > 0 ? b.r[j].median / a.r[i].median : 0;
            fprintf(out, "%-48s %12.2f %12.2f %7.3fx\n", a.r[i].key, a.r[i].median, b.r[j].median, ratio);
            shared++;
            break;
        }
    fprintf(out, "# %zu rows in both (%zu only in A, %zu only in B)\n", shared, a.n - shared, b.n - shared);
    rc = 0;
done:
    free(a.r);
    free(b.r);
    return rc;
}
