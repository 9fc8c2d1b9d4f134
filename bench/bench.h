/* Benchmark harness shared by `lwcx bench` and scripts. */
#ifndef LWCX_BENCH_H
#define LWCX_BENCH_H

#include <stddef.h>
#include <stdio.h>

/* One measured operation of a primitive. run() goes through the public API,
 * so what is timed is what users get, dispatch included. */
typedef struct bench_case {
    const char *primitive;
    const char *op;   /* e.g. "encrypt_keys_512" */
    const char *unit; /* "block", "byte", "call", "key" */
    double units;     /* units processed by one run() */
    void *(*setup)(void);
    void (*run)(void *state);
    void (*teardown)(void *state);
    /* NULL, or whether the case applies to an implementation (internal
     * steps some implementations do not have); rows only for those */
    int (*applies)(const char *impl);
} bench_case;

typedef struct bench_options {
    int quick;        /* fewer repetitions */
    FILE *table;      /* human-readable table, or NULL */
    FILE *json;       /* JSON document, or NULL */
} bench_options;

/* Benchmarks the named primitives (all when n == 0). Returns 0, or -1 if a
 * name is unknown (after printing a message to stderr). */
int bench_run(const char *const *primitives, size_t n, const bench_options *opt);

/* Prints the rows two `lwcx bench --json` files share, with the ratio of
 * their medians (B/A). Returns 0, or 2 if a file cannot be read. */
int bench_compare(const char *path_a, const char *path_b, FILE *out);

/* Cases per primitive: NULL-terminated arrays. */
extern const bench_case *const bench_cases_kcc23p4[];
extern const bench_case *const bench_cases_kcc24p6[];
extern const bench_case *const bench_cases_sparkle[];
extern const bench_case *const bench_cases_present80[], *const bench_cases_present128[];
extern const bench_case *const bench_cases_gift64[], *const bench_cases_gift128[];
extern const bench_case *const bench_cases_pipo128[], *const bench_cases_pipo256[];

#endif
