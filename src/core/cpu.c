/* CPU identification, the one place that says what this CPU is: vendor,
 * family, model, instruction sets and traits (lwcx_cpu_desc), once,
 * without an init call. The selection policy (policy.c) reads it. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>

static uint64_t read_xcr0(void)
{
    uint32_t lo, hi;
    /* xgetbv with ecx = 0; encoded as bytes so no -mxsave is needed */
    __asm__ volatile(".byte 0x0f, 0x01, 0xd0" : "=a"(lo), "=d"(hi) : "c"(0));
    return (uint64_t)hi << 32 | lo;
}

/* vendor, family and model from CPUID leaves 0 and 1 */
static void identify(lwcx_cpu_desc *cpu)
{
    unsigned a, b, c, d;
    if (!__get_cpuid(0, &a, &b, &c, &d)) return;
    if (b == 0x756e6547u && d == 0x49656e69u && c == 0x6c65746eu) cpu->vendor = LWCX_VENDOR_INTEL; /* GenuineIntel */
    if (b == 0x68747541u && d == 0x69746e65u && c == 0x444d4163u) cpu->vendor = LWCX_VENDOR_AMD;   /* AuthenticAMD */
    if (!__get_cpuid(1, &a, &b, &c, &d)) return;
    cpu->family = ((a >> 8) & 0xf) + ((a >> 20) & 0xff);
    cpu->model = ((a >> 4) & 0xf) | ((a >> 12) & 0xf0);
    cpu->stepping = a & 0xf;
}

static uint32_t detect(void)
{
    unsigned a, b, c, d;
    uint32_t f = 0;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return 0;
    if (c & (1u << 9)) f |= LWCX_CPU_SSSE3;
    if (c & (1u << 19)) f |= LWCX_CPU_SSE41;
    if (c & (1u << 1)) f |= LWCX_CPU_PCLMUL;
    if (c & (1u << 25)) f |= LWCX_CPU_AESNI;
    int osxsave = (c >> 27) & 1, avx = (c >> 28) & 1;
    uint64_t xcr0 = osxsave ? read_xcr0() : 0;
    int ymm_ok = avx && (xcr0 & 0x6) == 0x6;            /* XMM and YMM state enabled */
    int zmm_ok = ymm_ok && (xcr0 & 0xe0) == 0xe0;       /* opmask, ZMM_Hi256, Hi16_ZMM */
    unsigned max_leaf = __get_cpuid_max(0, NULL);
    if (max_leaf >= 7) {
        __cpuid_count(7, 0, a, b, c, d);
        if (b & (1u << 3)) f |= LWCX_CPU_BMI1;
        if (b & (1u << 8)) f |= LWCX_CPU_BMI2;
        if (ymm_ok && (b & (1u << 5))) f |= LWCX_CPU_AVX2;
        if (ymm_ok && (c & (1u << 10))) f |= LWCX_CPU_VPCLMUL;
        if (ymm_ok && (c & (1u << 8))) f |= LWCX_CPU_GFNI;
        if (zmm_ok && (b & (1u << 16)) && (b & (1u << 30)) && (b & (1u << 31)))
            f |= LWCX_CPU_AVX512;
        if (zmm_ok && (c & (1u << 1))) f |= LWCX_CPU_VBMI;
        if (zmm_ok && (c & (1u << 6))) f |= LWCX_CPU_VBMI2;
    }
    return f;
}

static void read_model(char *buf, size_t len)
{
    unsigned r[12];
    if ((unsigned)__get_cpuid_max(0x80000000, NULL) < 0x80000004u) { /* int in clang, unsigned in gcc */
        snprintf(buf, len, "unknown x86-64");
        return;
    }
    for (unsigned i = 0; i < 3; i++)
        __get_cpuid(0x80000002 + i, &r[4 * i], &r[4 * i + 1], &r[4 * i + 2], &r[4 * i + 3]);
    char s[49];
    memcpy(s, r, 48);
    s[48] = 0;
    const char *p = s;
    while (*p == ' ') p++;
    snprintf(buf, len, "%s", p);
}

#elif defined(__aarch64__)
#if defined(__linux__)
#include <sys/auxv.h>
#ifndef HWCAP_ASIMD
#define HWCAP_ASIMD (1 << 1)
#endif
#ifndef HWCAP_AES
#define HWCAP_AES (1 << 3)
#endif
#ifndef HWCAP_PMULL
#define HWCAP_PMULL (1 << 4)
#endif
#ifndef HWCAP_SHA3
#define HWCAP_SHA3 (1 << 17)
#endif
static uint32_t detect(void)
{
    unsigned long hw = getauxval(AT_HWCAP);
    uint32_t f = 0;
    if (hw & HWCAP_ASIMD) f |= LWCX_CPU_NEON;
    if (hw & HWCAP_PMULL) f |= LWCX_CPU_PMULL;
    if (hw & HWCAP_AES) f |= LWCX_CPU_ARMAES;
    if (hw & HWCAP_SHA3) f |= LWCX_CPU_SHA3;
    return f;
}
#else
static uint32_t detect(void)
{
    return LWCX_CPU_NEON; /* Advanced SIMD is mandatory in ARMv8-A */
}
#endif

/* MIDR's implementer and part, as Linux shows them (0 where unknown) */
static void identify(lwcx_cpu_desc *cpu)
{
    cpu->vendor = LWCX_VENDOR_ARM;
    FILE *fp = fopen("/proc/cpuinfo", "r");
    if (!fp) return;
    char line[256];
    while (fgets(line, sizeof line, fp)) {
        if (sscanf(line, "CPU implementer : %x", &cpu->family) == 1) continue;
        if (sscanf(line, "CPU part : %x", &cpu->model) == 1) continue;
        unsigned v;
        if (sscanf(line, "CPU variant : %x", &v) == 1) cpu->stepping |= v << 4;
        if (sscanf(line, "CPU revision : %u", &v) == 1) cpu->stepping |= v & 0xf;
    }
    fclose(fp);
}

static void read_model(char *buf, size_t len)
{
    const lwcx_cpu_desc *cpu = lwcx_cpu_here();
    if (cpu->family || cpu->model)
        snprintf(buf, len, "aarch64 (implementer 0x%02x, part 0x%03x)", cpu->family, cpu->model);
    else
        snprintf(buf, len, "aarch64");
}
#else
static void identify(lwcx_cpu_desc *cpu)
{
    (void)cpu;
}
static uint32_t detect(void)
{
    return 0;
}
static void read_model(char *buf, size_t len)
{
    snprintf(buf, len, "unknown");
}
#endif

static const struct {
    const char *name;
    uint32_t bit;
} feature_names[] = {
    {"ssse3", LWCX_CPU_SSSE3},   {"sse4.1", LWCX_CPU_SSE41}, {"avx2", LWCX_CPU_AVX2},
    {"bmi2", LWCX_CPU_BMI2},     {"pclmul", LWCX_CPU_PCLMUL}, {"vpclmul", LWCX_CPU_VPCLMUL},
    {"aesni", LWCX_CPU_AESNI},   {"avx512", LWCX_CPU_AVX512}, {"gfni", LWCX_CPU_GFNI},
    {"bmi1", LWCX_CPU_BMI1},     {"zmmfull", LWCX_CPU_ZMM_FULL}, {"vbmi", LWCX_CPU_VBMI},
    {"vbmi2", LWCX_CPU_VBMI2},   {"neon", LWCX_CPU_NEON},
    {"pmull", LWCX_CPU_PMULL},   {"armaes", LWCX_CPU_ARMAES}, {"sha3", LWCX_CPU_SHA3},
};

/* LWCX_CPU_DISABLE="avx2,pclmul" hides features, to test fall-back paths. */
static uint32_t disabled_by_env(void)
{
    const char *env = getenv("LWCX_CPU_DISABLE");
    uint32_t off = 0;
    if (!env) return 0;
    for (size_t i = 0; i < sizeof feature_names / sizeof feature_names[0]; i++) {
        size_t n = strlen(feature_names[i].name);
        for (const char *p = env; (p = strstr(p, feature_names[i].name)) != NULL; p += n) {
            int starts = p == env || p[-1] == ',' || p[-1] == ' ';
            int ends = p[n] == 0 || p[n] == ',' || p[n] == ' ';
            if (starts && ends) off |= feature_names[i].bit;
        }
    }
    return off;
}

/* The traits of a CPU: what no CPUID bit tells. zmmfull: whether 512-bit
 * operations run at full width, by vendor and family. AMD family 19h
 * issues each as two 256-bit halves; family 1Ah desktop and server cores
 * and Intel's AVX-512 cores do not (docs/design/selection.md). */
static uint32_t traits(const lwcx_cpu_desc *cpu)
{
    if (cpu->vendor == LWCX_VENDOR_INTEL || (cpu->vendor == LWCX_VENDOR_AMD && cpu->family >= 0x1a))
        return LWCX_CPU_ZMM_FULL;
    return 0;
}

/* f without the parts of AVX-512 that come only with it */
static uint32_t consistent(uint32_t f)
{
    return f & LWCX_CPU_AVX512 ? f : f & ~(LWCX_CPU_ZMM_FULL | LWCX_CPU_VBMI | LWCX_CPU_VBMI2);
}

void lwcx_cpu_complete(lwcx_cpu_desc *cpu)
{
    cpu->features = consistent(cpu->features | traits(cpu));
}

static lwcx_cpu_desc here;
static pthread_once_t here_once = PTHREAD_ONCE_INIT;
static void init_here(void)
{
    lwcx_cpu_desc cpu = {detect(), LWCX_VENDOR_OTHER, 0, 0, 0};
    identify(&cpu);
    /* LWCX_CPU_DISABLE hides traits too (zmmfull), and with AVX-512 its parts */
    cpu.features = consistent((cpu.features | traits(&cpu)) & ~disabled_by_env());
    here = cpu;
}

const lwcx_cpu_desc *lwcx_cpu_here(void)
{
    pthread_once(&here_once, init_here);
    return &here;
}

#define FEATURES_VALID 0x80000000u
static _Atomic uint32_t cached_features;

uint32_t lwcx_cpu_features(void)
{
    uint32_t f = atomic_load_explicit(&cached_features, memory_order_relaxed);
    if (LWCX_LIKELY(f & FEATURES_VALID)) return f & ~FEATURES_VALID;
    f = lwcx_cpu_here()->features;
    atomic_store_explicit(&cached_features, f | FEATURES_VALID, memory_order_relaxed);
    return f;
}

const char *lwcx_cpu_features_string(uint32_t features, char *buf, size_t len)
{
    size_t used = 0;
    if (!buf || len == 0) return buf;
    buf[0] = 0;
    for (size_t i = 0; i < sizeof feature_names / sizeof feature_names[0]; i++) {
        if (!(features & feature_names[i].bit)) continue;
        int n = snprintf(buf + used, len - used, "%s%s", used ? " " : "", feature_names[i].name);
        if (n < 0 || (size_t)n >= len - used) break;
        used += (size_t)n;
    }
    return buf;
}

static char model_name[128];
static pthread_once_t model_once = PTHREAD_ONCE_INIT;
static void init_model(void)
{
    read_model(model_name, sizeof model_name);
}

const char *lwcx_cpu_model(void)
{
    pthread_once(&model_once, init_model);
    return model_name;
}
