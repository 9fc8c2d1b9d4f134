/* Built-in known-answer tests, shared by `lwcx kat` and the test suite. */
#ifndef LWCX_KAT_H
#define LWCX_KAT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* A suite checks the implementation currently selected for its primitive;
 * returns the number of failed checks and counts the checks made. */
typedef struct kat_suite {
    const char *primitive;
    const char *name;
    int (*run)(FILE *log, unsigned *checks);
} kat_suite;

/* Runs every suite on every available implementation; prints one line per
 * (suite, implementation) to out. Returns the number of failed checks. */
int kat_run_all(FILE *out, const char *only_primitive);

/* Text helpers: reads the next line of an embedded text into line (without
 * its newline); returns 0 at the end. */
int kat_next_line(const char **cursor, char *line, size_t cap);
/* Parses hex into bytes: exactly n bytes, whitespace ignored; 0 on success. */
int kat_hex(const char *hex, uint8_t *out, size_t n);

extern const kat_suite *const kat_suites_kcc23p4[];

#endif
