/* Cycle counter and wall clock for the benchmarks. */
#ifndef LWCX_TIMER_H
#define LWCX_TIMER_H

#include <stdint.h>
#include <time.h>

#if defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>
/* TSC ticks; lfence keeps the measured code from drifting across the read */
static inline uint64_t timer_cycles(void)
{
    _mm_lfence();
    uint64_t t = __rdtsc();
    _mm_lfence();
    return t;
}
#define TIMER_CYCLES_NAME "rdtsc"
#elif defined(__aarch64__)
static inline uint64_t timer_cycles(void)
{
    uint64_t t;
    __asm__ __volatile__("isb\n\tmrs %0, cntvct_el0" : "=r"(t) : : "memory");
    return t;
}
#define TIMER_CYCLES_NAME "cntvct_el0"
#else
static inline uint64_t timer_cycles(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}
#define TIMER_CYCLES_NAME "clock_gettime (ns)"
#endif

static inline uint64_t timer_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

#endif
