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

/* Ticks of timer_cycles per core clock cycle, measured on a chain of
 * dependent register additions (one cycle each on every core we know): rdtsc
 * and cntvct_el0 count at a fixed rate, not at the core's clock. The addend
 * is a register, not an immediate: Intel's cores since Golden Cove fold
 * add-immediate chains in the renamer, which then run several a cycle
 * (docs/design/timing.md). 0 if unknown. */
static inline double timer_ticks_per_core_cycle(void)
{
#if defined(__x86_64__) || defined(__aarch64__)
    const uint64_t iters = 1u << 20; /* 8 dependent adds each: ~8M cycles */
    double best = 0;
    for (int run = 0; run < 7; run++) {
        uint64_t x = 0, n = iters, one = 1, t0 = timer_cycles();
#if defined(__x86_64__)
        __asm__ __volatile__("1:\n\t"
                             "add %2, %0\n\tadd %2, %0\n\tadd %2, %0\n\tadd %2, %0\n\t"
                             "add %2, %0\n\tadd %2, %0\n\tadd %2, %0\n\tadd %2, %0\n\t"
                             "dec %1\n\tjnz 1b"
                             : "+r"(x), "+r"(n)
                             : "r"(one)
                             : "cc");
#else
        __asm__ __volatile__("1:\n\t"
                             "add %0, %0, %2\n\tadd %0, %0, %2\n\tadd %0, %0, %2\n\tadd %0, %0, %2\n\t"
                             "add %0, %0, %2\n\tadd %0, %0, %2\n\tadd %0, %0, %2\n\tadd %0, %0, %2\n\t"
                             "subs %1, %1, #1\n\tb.ne 1b"
                             : "+r"(x), "+r"(n)
                             : "r"(one)
                             : "cc");
#endif
        const double r = (double)(timer_cycles() - t0) / (8.0 * (double)iters);
        if (run == 0 || r < best) best = r;
    }
    return best;
#else
    return 0;
#endif
}

static inline uint64_t timer_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

#endif
