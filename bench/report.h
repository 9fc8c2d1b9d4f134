/* The end of `lwcx bench`: a summary per primitive and the write-ups'
 * published tables beside this run's figures (report.c), from the rows the
 * run measured; the published figures are data (writeups.c). */
#ifndef LWCX_BENCH_REPORT_H
#define LWCX_BENCH_REPORT_H

#include <stddef.h>
#include <stdio.h>

/* One measured row, as the report needs it. */
typedef struct bench_result {
    const char *primitive, *op, *unit; /* (static storage: the case's) */
    const char *call;                  /* the case's call kind, or NULL */
    char impl[32];
    int on_device;         /* the row ran on a device: */
    char device[128];      /* which */
    double units;          /* units per call */
    double cyc_med;        /* cycle-counter ticks per unit, median */
    double cycles;         /* cycles per unit comparable with published cycles, 0: unknown */
    double ns_med;         /* ns per unit, median */
    double speedup;        /* over the case's ref row, 0: none */
    const char *auto_from; /* the automatic choice's row: where the choice comes from; else NULL */
    char beaten_by[32];    /* the automatic choice's row: a CPU row more than 5% faster, or "" */
    double beaten;
} bench_result;

/* --- the write-ups' published tables (writeups.c) ------------------------ */

typedef enum {
    WU_CYCLES, /* cycles per call or per unit */
    WU_NS,     /* nanoseconds per call or per unit */
    WU_RATE    /* units per second */
} writeup_kind;

/* A bench row that does the published row's work: the case and which of its
 * rows: an implementation's name, "auto" (the automatic choice's row), "best"
 * (the fastest CPU row) or "device" (a device implementation's row). */
typedef struct writeup_match {
    const char *op, *impl;
} writeup_match;

#define WRITEUP_MATCHES 3

typedef struct writeup_row {
    const char *label;   /* the row (and column) as published */
    double figure;       /* as published */
    const char *unit;    /* as published */
    writeup_kind kind;
    double scale;        /* figure * scale: cycles, ns or units per second */
    int per_call;        /* the figure is per call of the case (else per unit of the case) */
    const char *machine; /* as published */
    const char *arch;    /* "x86-64", "arm64" or "gpu": the published machine's */
    const char *primitive;
    writeup_match match[WRITEUP_MATCHES]; /* the first one this run measured */
    const char *differs; /* how the work differs beyond the machine, or NULL */
} writeup_row;

typedef struct writeup_table {
    const char *seed;     /* the write-up */
    const char *subject;
    const char *table;    /* which of its tables */
    const char *source;   /* where the figures were taken from */
    const char *compiler; /* as published */
    const writeup_row *rows;
    size_t nrows;
} writeup_table;

extern const writeup_table bench_writeups[];
extern const size_t bench_nwriteups;

/* v as a JSON string: quotes, backslashes and control characters escaped
 * (null for NULL). */
void bench_json_string(FILE *f, const char *v);

/* Prints the summary and the write-ups' tables to table (may be NULL) and
 * their JSON members (",\n  \"summary\": [...],\n  \"writeups\": [...]") to
 * json (may be NULL), from the n rows of the run. */
void bench_report(const bench_result *rows, size_t n, FILE *table, FILE *json);

#endif
