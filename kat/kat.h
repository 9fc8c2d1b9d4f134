/* Built-in known-answer tests, shared by `lwcx kat` and the test suite. */
#ifndef LWCX_KAT_H
#define LWCX_KAT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "lwcx.h"
#include "lwcx_impls.h"

/* A suite checks one implementation of its primitive (through the _with
 * forms of the API); returns the number of failed checks and counts the
 * checks made. */
typedef struct kat_suite {
    const char *primitive;
    const char *name;
    int (*run)(const lwcx_impl *impl, FILE *log, unsigned *checks);
} kat_suite;

/* Runs every suite on every available implementation; prints one line per
 * (suite, implementation) to out. Returns the number of failed checks. */
int kat_run_all(FILE *out, const char *only_primitive);
/* The same on the implementations named only_impl (NULL: all) of one
 * primitive (NULL: all); with verbose, a line for each implementation
 * left out because it cannot run here. */
int kat_run(FILE *out, const char *only_primitive, const char *only_impl, int verbose);

/* Text helpers: reads the next line of an embedded text into line (without
 * its newline); returns 0 at the end. */
int kat_next_line(const char **cursor, char *line, size_t cap);
/* Parses hex into bytes: exactly n bytes, whitespace ignored; 0 on success. */
int kat_hex(const char *hex, uint8_t *out, size_t n);
/* The same for the first len characters of hex. */
int kat_hexn(const char *hex, size_t len, uint8_t *out, size_t n);

/* A record of "Name = value" lines ended by a blank line (NIST KAT style).
 * Values point into the embedded text; they are not NUL-terminated. */
#define KAT_MAX_FIELDS 12
typedef struct kat_record {
    size_t count;
    struct {
        const char *name, *value;
        size_t name_len, value_len;
    } field[KAT_MAX_FIELDS];
} kat_record;
/* Reads the next record; returns 0 at the end of the text. Comment lines (#) are skipped. */
int kat_next_record(const char **cursor, kat_record *rec);
/* The value of a field, or NULL; *len receives its length. */
const char *kat_field(const kat_record *rec, const char *name, size_t *len);
/* A decimal field, or -1 if absent or malformed. */
long kat_field_long(const kat_record *rec, const char *name);
/* A hex field of exactly n bytes; 0 on success. */
int kat_field_hex(const kat_record *rec, const char *name, uint8_t *out, size_t n);

/* Each primitive of the build has its suites (NULL-terminated). */
#define KAT_SUITES_DECLARE_(p) extern const kat_suite *const kat_suites_##p[];
LWCX_PRIMITIVES(KAT_SUITES_DECLARE_)

/* Checks the Schwaemm/Esch/XOEsch records of a NIST-style KAT text on
 * implementation impl (NULL: the automatic choice); alg names the algorithm of every record
 * ("schwaemm256-128", "esch256", ...) or is NULL when each record has an
 * "Alg" field. Returns the number of failures. */
int kat_sparkle_records(const lwcx_impl *impl, const char *text, const char *alg, FILE *log, unsigned *checks);

#endif
