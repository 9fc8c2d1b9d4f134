/* The selection policy as a table: the implementation the automatic choice
 * gives each call kind, call size and CPU, for CPUs this machine need not
 * be. A policy change shows up as a diff of the expected table
 * (tests/policy/<arch>.txt).
 *   test_policy FILE    compares the table with FILE (exit 1 on a difference)
 *   test_policy         prints the table */
#include <stdarg.h>

#include "../src/core/internal.h"
#include "testutil.h"

/* The CPUs of the table: identity and features (the traits come from cpu.c). */
typedef struct test_cpu {
    const char *name;
    int vendor;
    unsigned family, model;
    uint32_t features;
} test_cpu;

#define X86_BASE (LWCX_CPU_SSSE3 | LWCX_CPU_SSE41)
#define HSW (X86_BASE | LWCX_CPU_AVX2 | LWCX_CPU_BMI1 | LWCX_CPU_BMI2 | LWCX_CPU_PCLMUL | LWCX_CPU_AESNI)
#define ICL (HSW | LWCX_CPU_AVX512 | LWCX_CPU_VBMI | LWCX_CPU_VBMI2 | LWCX_CPU_GFNI | LWCX_CPU_VPCLMUL)
static const test_cpu cpus[] = {
#if defined(__x86_64__)
    {"nehalem", 1, 6, 0x1a, X86_BASE},
    {"haswell", 1, 6, 0x3c, HSW},
    {"skylakex", 1, 6, 0x55, HSW | LWCX_CPU_AVX512}, /* AVX-512 without GFNI or VBMI */
    {"zen4", 2, 0x19, 0x61, ICL},
    {"zen5", 2, 0x1a, 0x44, ICL},
    {"sapphire", 1, 6, 0x8f, ICL},
#elif defined(__aarch64__)
    {"neon", 3, 0, 0, LWCX_CPU_NEON},
    {"pmull", 3, 0, 0, LWCX_CPU_NEON | LWCX_CPU_PMULL | LWCX_CPU_ARMAES},
    {"sha3", 3, 0, 0, LWCX_CPU_NEON | LWCX_CPU_PMULL | LWCX_CPU_ARMAES | LWCX_CPU_SHA3},
    {"sha3-nopmull", 3, 0, 0, LWCX_CPU_NEON | LWCX_CPU_SHA3},
#endif
};
#define NCPUS (sizeof cpus / sizeof cpus[0])

/* One-key calls of these many blocks: both sides of every batch. */
static const size_t sizes[] = {1, 2, 63, 64, 65, 127, 128, 129, 255, 256, 257, 511, 512, 513, 1024, 4096, 16384};
#define NSIZES (sizeof sizes / sizeof sizes[0])

enum { KIND_DEFAULT, KIND_ONE_KEY, KIND_SEARCH };

/* TEMPORARY (the choice before the policy table): today's resolvers with
 * the CPU's features put in place of this machine's. */
void lwcx_test_cpu_override(uint32_t f);
static const char *choose(lwcx_primitive *p, int kind, size_t nblocks, size_t block, const test_cpu *cpu)
{
    uint32_t f = cpu->features;
    if ((cpu->vendor == 1 || (cpu->vendor == 2 && cpu->family >= 0x1a)) && (f & LWCX_CPU_AVX512))
        f |= LWCX_CPU_ZMM_FULL;
    lwcx_test_cpu_override(f);
    if (lwcx_impl_select(p->name, NULL) != LWCX_OK) return "(error)";
    int rc = LWCX_OK;
    const lwcx_impl_desc *d = kind == KIND_DEFAULT ? lwcx_active_impl(p)
                              : kind == KIND_SEARCH ? lwcx_resolve_search(p, NULL, &rc)
                                                    : lwcx_resolve_sized(p, NULL, nblocks * block, nblocks, &rc);
    return d ? d->name : "(none)";
}

static size_t block_bytes(const char *prim)
{
    for (int i = 0; lwcx_bc_name((lwcx_blockcipher)i); i++)
        if (strcmp(lwcx_bc_name((lwcx_blockcipher)i), prim) == 0)
            return lwcx_bc_block_bytes((lwcx_blockcipher)i);
    return 0; /* not a block cipher: one call kind */
}

static char *table; /* the text */
static size_t used, cap;
static void add(const char *fmt, ...)
{
    char line[256];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    if (n < 0) return;
    if (used + (size_t)n + 1 > cap) {
        cap = (used + (size_t)n + 1) * 2;
        table = realloc(table, cap);
        if (!table) exit(2);
    }
    memcpy(table + used, line, (size_t)n + 1);
    used += (size_t)n;
}

/* ends a line, without the padding of its last column */
static void end_line(void)
{
    while (used && table[used - 1] == ' ') table[--used] = 0;
    add("\n");
}

static void row(lwcx_primitive *p, int kind, size_t nblocks, size_t block)
{
    char label[64];
    if (kind == KIND_ONE_KEY) snprintf(label, sizeof label, "%s one-key %zu", p->name, nblocks);
    else snprintf(label, sizeof label, "%s %s", p->name, kind == KIND_SEARCH ? "search" : "default");
    add("%-26s", label);
    for (size_t c = 0; c < NCPUS; c++) add(" %-11s", choose(p, kind, nblocks, block, &cpus[c]));
    end_line();
}

static void build(void)
{
    add("# The automatic choice: default = the whole primitive (and many keys), one-key N = a\n");
    add("# one-key ECB or CTR call of N blocks, search = the key search (tests/test_policy.c)\n");
    add("%-26s", "cpu");
    for (size_t c = 0; c < NCPUS; c++) add(" %-11s", cpus[c].name);
    end_line();
    for (size_t i = 0; lwcx_primitives[i]; i++) {
        lwcx_primitive *p = lwcx_primitives[i];
        const size_t block = block_bytes(p->name);
        row(p, KIND_DEFAULT, 0, block);
        if (!block) continue;
        for (size_t s = 0; s < NSIZES; s++) row(p, KIND_ONE_KEY, sizes[s], block);
        row(p, KIND_SEARCH, 0, block);
        /* the sizes hold both sides of every CPU implementation's batch */
        for (size_t k = 0; p->impls[k]; k++) {
            const unsigned b = p->impls[k]->batch;
            if (p->impls[k]->probe || b <= 1) continue;
            int lo = 0, hi = 0;
            for (size_t s = 0; s < NSIZES; s++) lo |= sizes[s] == b, hi |= sizes[s] == b + 1;
            CHECK(lo && hi, "%s %s: batch %u lacks its rows", p->name, p->impls[k]->name, b);
        }
    }
}

int main(int argc, char **argv)
{
    build();
    if (argc < 2) {
        fputs(table, stdout);
        return tu_finish() ? 1 : 0;
    }
    FILE *fp = fopen(argv[1], "r");
    CHECK(fp != NULL, "cannot read %s", argv[1]);
    if (!fp) return tu_finish();
    char want[512];
    const char *got = table;
    unsigned line = 0;
    while (fgets(want, sizeof want, fp)) {
        line++;
        const char *nl = strchr(got, '\n');
        const size_t n = nl ? (size_t)(nl - got) + 1 : strlen(got);
        CHECK(n == strlen(want) && memcmp(got, want, n) == 0, "%s:%u: expected\n  %s got\n  %.*s", argv[1], line,
              want, (int)n, got);
        got += n;
    }
    fclose(fp);
    CHECK(*got == 0, "%s ends before the table: the rest is\n%s", argv[1], got);
    free(table);
    return tu_finish();
}
