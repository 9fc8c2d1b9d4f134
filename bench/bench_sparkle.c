/* SPARKLE benchmark cases: one permutation call per size, big step counts. */
#include <stdlib.h>

#include "bench.h"
#include "lwcx.h"

static void *setup(void)
{
    uint8_t *s = calloc(64, 1);
    for (int i = 0; s && i < 64; i++) s[i] = (uint8_t)i;
    return s;
}
static void teardown(void *p)
{
    free(p);
}
static void run256(void *p)
{
    lwcx_sparkle_permute(p, 32, 10);
}
static void run384(void *p)
{
    lwcx_sparkle_permute(p, 48, 11);
}
static void run512(void *p)
{
    lwcx_sparkle_permute(p, 64, 12);
}

static const bench_case p256 = {"sparkle", "sparkle256_10steps", "call", 1, setup, run256, teardown};
static const bench_case p384 = {"sparkle", "sparkle384_11steps", "call", 1, setup, run384, teardown};
static const bench_case p512 = {"sparkle", "sparkle512_12steps", "call", 1, setup, run512, teardown};

const bench_case *const bench_cases_sparkle[] = {&p256, &p384, &p512, NULL};
