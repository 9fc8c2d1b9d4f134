/* Minimal test helpers: checks that count, a seeded generator, guarded buffers. */
#ifndef LWCX_TESTUTIL_H
#define LWCX_TESTUTIL_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned tu_passed, tu_failed;

#define CHECK(cond, ...)                                                       \
    do {                                                                       \
        if (cond) {                                                            \
            tu_passed++;                                                       \
        } else {                                                               \
            tu_failed++;                                                       \
            if (tu_failed <= 20) {                                             \
                fprintf(stderr, "%s:%d: check failed: %s: ", __FILE__, __LINE__, #cond); \
                fprintf(stderr, __VA_ARGS__);                                  \
                fputc('\n', stderr);                                           \
            }                                                                  \
        }                                                                      \
    } while (0)

/* A call that must succeed: its status is checked, not dropped (a failing
 * call leaves its output stale, which a later comparison may not notice). */
#define CHECK_OK(call)                                                         \
    do {                                                                       \
        const int tu_rc_ = (call);                                             \
        CHECK(tu_rc_ == 0, "%s returned %d", #call, tu_rc_);                   \
    } while (0)

/* Prints the closing line CI reads and returns the exit status. */
static inline int tu_finish(void)
{
    printf("%u passed, %u failed\n", tu_passed, tu_failed);
    return tu_failed ? 1 : 0;
}

/* splitmix64: seeded, reproducible */
static uint64_t tu_state = 0x243f6a8885a308d3u;
static inline uint64_t tu_rand(void)
{
    uint64_t z = (tu_state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}
static inline void tu_fill(uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++) p[i] = (uint8_t)tu_rand();
}

#include "lwcx.h"

/* The implementations of a primitive this machine can run, as handles in
 * preference order; returns how many (at most 16). */
static inline size_t tu_impls(const char *primitive, const lwcx_impl *out[16])
{
    size_t n = 0;
    for (size_t i = 0; i < lwcx_impl_count(primitive) && n < 16; i++) {
        const lwcx_impl *impl = lwcx_impl_at(primitive, i);
        if (lwcx_impl_available(impl, NULL)) out[n++] = impl;
    }
    return n;
}

/* The same by name, for tests that still switch with lwcx_impl_select. */
static inline size_t tu_available(const char *primitive, const char *names[16])
{
    const lwcx_impl *impls[16];
    size_t n = tu_impls(primitive, impls);
    for (size_t i = 0; i < n; i++) names[i] = lwcx_impl_name(impls[i]);
    return n;
}

/* Records that the checks of impl ran: when LWCX_TEST_RAN_LOG names a file,
 * appends one line "primitive:impl" to it (once per implementation and
 * process), so that CI can prove every available implementation was
 * exercised (.ci/check-ran.sh). One short write per line in append mode, so
 * tests running side by side do not mix their lines. */
static inline void tu_ran(const lwcx_impl *impl)
{
    static const lwcx_impl *seen[64];
    static size_t nseen;
    const char *path = getenv("LWCX_TEST_RAN_LOG");
    if (!impl || !path || !*path) return;
    for (size_t i = 0; i < nseen; i++)
        if (seen[i] == impl) return;
    if (nseen < sizeof seen / sizeof seen[0]) seen[nseen++] = impl;
    char line[128];
    int n = snprintf(line, sizeof line, "%s:%s\n", lwcx_impl_primitive(impl), lwcx_impl_name(impl));
    FILE *f = fopen(path, "a");
    if (!f || n <= 0 || (size_t)n >= sizeof line || fputs(line, f) == EOF) {
        fprintf(stderr, "cannot append to LWCX_TEST_RAN_LOG=%s\n", path);
        tu_failed++;
    }
    if (f && fclose(f) != 0) tu_failed++;
}

/* tu_ran by name. */
static inline void tu_ran_name(const char *primitive, const char *name)
{
    tu_ran(lwcx_impl_find(primitive, name));
}

/* A buffer with GUARD bytes of 0xA5 on each side; tu_guard_ok() checks them. */
#define GUARD 32
typedef struct {
    uint8_t *base;
    uint8_t *p;
    size_t n;
} tu_buf;
static inline tu_buf tu_alloc(size_t n)
{
    tu_buf b;
    b.base = malloc(n + 2 * GUARD);
    if (!b.base) abort();
    memset(b.base, 0xA5, n + 2 * GUARD);
    b.p = b.base + GUARD;
    b.n = n;
    return b;
}
static inline int tu_guard_ok(const tu_buf *b)
{
    for (size_t i = 0; i < GUARD; i++)
        if (b->base[i] != 0xA5 || b->base[GUARD + b->n + i] != 0xA5) return 0;
    return 1;
}
static inline void tu_free(tu_buf *b)
{
    free(b->base);
    b->base = b->p = NULL;
}

#endif
