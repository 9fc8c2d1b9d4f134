/* The known-answer driver: every suite on every available implementation. */
#include "kat.h"

#include <ctype.h>
#include <string.h>

#include "lwcx.h"

static const kat_suite *const *const families[] = {
    kat_suites_kcc23p4,
};

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
    size_t got = 0;
    int hi = -1;
    for (; *hex; hex++) {
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

int kat_run_all(FILE *out, const char *only)
{
    int failed = 0;
    for (size_t f = 0; f < sizeof families / sizeof families[0]; f++) {
        const char *prim = families[f][0]->primitive;
        if (only && strcmp(only, prim) != 0) continue;
        for (size_t i = 0; i < lwcx_impl_count(prim); i++) {
            lwcx_impl_info info;
            if (lwcx_impl_get(prim, i, &info) != 0 || !info.available) continue;
            lwcx_impl_select(prim, info.name);
            for (const kat_suite *const *s = families[f]; *s; s++) {
                unsigned checks = 0;
                int bad = (*s)->run(out, &checks);
                fprintf(out, "%-10s %-10s %-24s %s (%u checks, %d failed)\n", prim, info.name,
                        (*s)->name, bad ? "FAIL" : "ok", checks, bad);
                failed += bad;
            }
        }
        lwcx_impl_select(prim, NULL);
    }
    return failed;
}
