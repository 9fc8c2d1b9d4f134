/* The known-answer driver: every suite on every available implementation. */
#include "kat.h"

#include <ctype.h>
#include <string.h>

#include "lwcx.h"

#define KAT_FAMILY_(p) kat_suites_##p,
static const kat_suite *const *const families[] = {LWCX_PRIMITIVES(KAT_FAMILY_)};

int kat_next_line(const char **cursor, char *line, size_t cap)
{
    const char *p = *cursor;
    if (!*p) return 0;
    size_t n = strcspn(p, "\n");
    size_t copy = n < cap - 1 ? n : cap - 1;
    memcpy(line, p, copy);
    line[copy] = 0;
    if (copy && line[copy - 1] == '\r') line[copy - 1] = 0;
    *cursor = p + n + (p[n] == '\n');
    return 1;
}

static int hexval(int c)
{
    if (c >= '0' && c <= '9') return c - '0';
    c = tolower(c);
    return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

int kat_hex(const char *hex, uint8_t *out, size_t n)
{
    return kat_hexn(hex, strlen(hex), out, n);
}

int kat_hexn(const char *hex, size_t len, uint8_t *out, size_t n)
{
    size_t got = 0;
    int hi = -1;
    for (const char *end = hex + len; hex < end; hex++) {
        if (isspace((unsigned char)*hex)) continue;
        int v = hexval((unsigned char)*hex);
        if (v < 0 || got == n) return -1;
        if (hi < 0) {
            hi = v;
        } else {
            out[got++] = (uint8_t)(hi << 4 | v);
            hi = -1;
        }
    }
    return got == n && hi < 0 ? 0 : -1;
}

int kat_next_record(const char **cursor, kat_record *rec)
{
    const char *p = *cursor;
    rec->count = 0;
    while (*p) {
        size_t n = strcspn(p, "\n");
        const char *line = p, *end = p + n;
        p = *end ? end + 1 : end;
        while (end > line && (end[-1] == '\r' || end[-1] == ' ' || end[-1] == '\t')) end--;
        if (line == end) { /* blank line: ends a record that has begun */
            if (rec->count) break;
            continue;
        }
        if (line[0] == '#') continue;
        const char *eq = memchr(line, '=', (size_t)(end - line));
        if (!eq || rec->count == KAT_MAX_FIELDS) continue;
        const char *name_end = eq, *value = eq + 1;
        while (name_end > line && name_end[-1] == ' ') name_end--;
        while (value < end && *value == ' ') value++;
        rec->field[rec->count].name = line;
        rec->field[rec->count].name_len = (size_t)(name_end - line);
        rec->field[rec->count].value = value;
        rec->field[rec->count].value_len = (size_t)(end - value);
        rec->count++;
    }
    *cursor = p;
    return rec->count > 0;
}

const char *kat_field(const kat_record *rec, const char *name, size_t *len)
{
    size_t n = strlen(name);
    for (size_t i = 0; i < rec->count; i++)
        if (rec->field[i].name_len == n && memcmp(rec->field[i].name, name, n) == 0) {
            *len = rec->field[i].value_len;
            return rec->field[i].value;
        }
    return NULL;
}

long kat_field_long(const kat_record *rec, const char *name)
{
    size_t len;
    const char *v = kat_field(rec, name, &len);
    if (!v || len == 0 || len > 9) return -1;
    long x = 0;
    for (size_t i = 0; i < len; i++) {
        if (v[i] < '0' || v[i] > '9') return -1;
        x = 10 * x + (v[i] - '0');
    }
    return x;
}

int kat_field_hex(const kat_record *rec, const char *name, uint8_t *out, size_t n)
{
    size_t len;
    const char *v = kat_field(rec, name, &len);
    return v ? kat_hexn(v, len, out, n) : -1;
}

int kat_run_all(FILE *out, const char *only)
{
    return kat_run(out, only, NULL, 0);
}

int kat_run(FILE *out, const char *only, const char *only_impl, int verbose)
{
    int failed = 0;
    for (size_t f = 0; f < sizeof families / sizeof families[0]; f++) {
        const char *prim = families[f][0]->primitive;
        if (only && strcmp(only, prim) != 0) continue;
        for (size_t i = 0; i < lwcx_impl_count(prim); i++) {
            const lwcx_impl *impl = lwcx_impl_at(prim, i);
            const char *why = NULL;
            if (only_impl && strcmp(only_impl, lwcx_impl_name(impl)) != 0) continue;
            if (!lwcx_impl_available(impl, &why)) {
                if (verbose) fprintf(out, "%-10s %-10s skipped: cannot run here (%s)\n", prim, lwcx_impl_name(impl), why);
                continue;
            }
            for (const kat_suite *const *s = families[f]; *s; s++) {
                unsigned checks = 0;
                int bad = (*s)->run(impl, out, &checks);
                fprintf(out, "%-10s %-10s %-24s %s (%u check%s, %d failed)\n", prim, lwcx_impl_name(impl),
                        (*s)->name, bad ? "FAIL" : "ok", checks, checks == 1 ? "" : "s", bad);
                failed += bad;
            }
        }
    }
    return failed;
}
