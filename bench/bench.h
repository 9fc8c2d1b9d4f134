/* Benchmark harness shared by `lwcx bench` and scripts. */
#ifndef LWCX_BENCH_H
#define LWCX_BENCH_H

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

#include "lwcx.h"
#include "lwcx_impls.h"

/* One measured operation of a primitive. run() goes through the public API,
 * the _with form on the implementation measured, so what is timed is what
 * users get, dispatch included, and no global selection is involved. */
typedef struct bench_case {
    const char *primitive;
    const char *op;   /* e.g. "encrypt_keys_512" */
    const char *unit; /* "block", "byte", "call", "key" */
    double units;     /* units processed by one run() */
    void *(*setup)(void);
    /* the call's status: a case whose call fails is reported, not timed */
    LWCX_NODISCARD int (*run)(void *state, const lwcx_impl *impl);
    void (*teardown)(void *state);
    /* NULL, or whether the case applies to an implementation (internal
     * steps some implementations do not have); rows only for those */
    int (*applies)(const lwcx_impl *impl);
    /* NULL, or a first-call case: its samples run in fresh processes (fork).
     * For each, warm(state, impl, sample, 1) makes the code warm on other
     * inputs and picks the sample's input, and run()'s first call on it is
     * timed; then, 101 times, warm(..., 0) makes one call on another input
     * (as other traffic would between two calls) and run() is timed again.
     * The row gives the first calls' median and its ratio to the median of
     * the later calls ("x warm"). */
    LWCX_NODISCARD int (*warm)(void *state, const lwcx_impl *impl, unsigned sample, int first);
    /* NULL, or the call kind of the selection policy the case measures
     * (lwcx_impl_call_kind: "one_key", "many_states", ...): its rows mark
     * the automatic choice, lwcx tune and the shipped table read them */
    const char *call;
} bench_case;

typedef struct bench_options {
    int quick;        /* fewer repetitions */
    FILE *table;      /* human-readable table, or NULL */
    FILE *json;       /* JSON document, or NULL */
    const char *impls; /* "a,b,..": time only these implementations (and ref), or NULL: all */
    int cpu_only;      /* lwcx tune: only the CPU implementations the automatic choice may take, no ref */
} bench_options;

/* Benchmarks the named primitives (all when n == 0). Returns 0, or -1 if a
 * name is unknown (after printing a message to stderr). */
int bench_run(const char *const *primitives, size_t n, const bench_options *opt);

/* lwcx tune: measures, rounds times over (at least 3), every CPU
 * implementation of each case that names a call kind of the named
 * primitives (all when n == 0), interleaved within a case and round after
 * round over the cases; a kind's winner has the least cost: the geometric
 * mean over its cases of the mean median ticks over the rounds, relative
 * to the case's best. Writes up to max winners to picks (*npicks), a table
 * of the costs to opt->table. Returns 0, or -1 for an unknown name. */
int bench_tune(const char *const *primitives, size_t n, const bench_options *opt, int rounds,
               lwcx_wisdom_pick *picks, size_t max, size_t *npicks);

/* Prints the rows two `lwcx bench --json` files share, with the ratio of
 * their medians (B/A). Returns 0, or 2 if a file cannot be read. */
int bench_compare(const char *path_a, const char *path_b, FILE *out);

/* Each primitive of the build has its cases (NULL-terminated). */
#define BENCH_CASES_DECLARE_(p) extern const bench_case *const bench_cases_##p[];
LWCX_PRIMITIVES(BENCH_CASES_DECLARE_)

#endif
