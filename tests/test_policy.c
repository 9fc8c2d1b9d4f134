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
    {"nehalem", LWCX_VENDOR_INTEL, 6, 0x1a, X86_BASE},
    {"haswell", LWCX_VENDOR_INTEL, 6, 0x3c, HSW},
    {"skylakex", LWCX_VENDOR_INTEL, 6, 0x55, HSW | LWCX_CPU_AVX512}, /* AVX-512 without GFNI or VBMI */
    {"zen4", LWCX_VENDOR_AMD, 0x19, 0x61, ICL},                     /* 512-bit operations in halves; no bench file */
    {"zen4-epyc", LWCX_VENDOR_AMD, 0x19, 0x11, ICL},                /* the shipped table's row */
    {"zen5", LWCX_VENDOR_AMD, 0x1a, 0x44, ICL},                     /* no bench file: the rules */
    {"zen5-epyc", LWCX_VENDOR_AMD, 0x1a, 0x02, ICL},                /* the shipped table's row */
    {"sapphire", LWCX_VENDOR_INTEL, 6, 0x8f, ICL},
#elif defined(__aarch64__)
    {"neon", LWCX_VENDOR_ARM, 0x41, 0xd03, LWCX_CPU_NEON}, /* Cortex-A53 without its crypto extension */
    {"pmull", LWCX_VENDOR_ARM, 0x41, 0xd08, LWCX_CPU_NEON | LWCX_CPU_PMULL | LWCX_CPU_ARMAES}, /* Cortex-A72 */
    {"sha3", LWCX_VENDOR_ARM, 0x41, 0xd40, LWCX_CPU_NEON | LWCX_CPU_PMULL | LWCX_CPU_ARMAES | LWCX_CPU_SHA3}, /* Neoverse V1 */
    {"sha3-nopmull", LWCX_VENDOR_ARM, 0, 0, LWCX_CPU_NEON | LWCX_CPU_SHA3},
#endif
};
#define NCPUS (sizeof cpus / sizeof cpus[0])

/* One-key calls of these many blocks: both sides of every batch. */
static const size_t sizes[] = {1, 2, 63, 64, 65, 127, 128, 129, 255, 256, 257, 511, 512, 513, 1024, 4096, 16384};
#define NSIZES (sizeof sizes / sizeof sizes[0])

/* Built and usable on cpu, GPUs left out: they are chosen only from their
 * crossover, which depends on the device (tests/test_cuda.c). */
static int usable(const lwcx_impl_desc *d, const lwcx_cpu_desc *cpu)
{
    return (cpu->features & d->features) == d->features && !d->probe;
}

static lwcx_cpu_desc describe(const test_cpu *t)
{
    lwcx_cpu_desc cpu = {t->features, t->vendor, t->family, t->model, 0};
    lwcx_cpu_complete(&cpu); /* the traits, as cpu.c gives them to this machine */
    return cpu;
}

static const char *choose(lwcx_primitive *p, int kind, size_t nblocks, size_t block, const test_cpu *t)
{
    const lwcx_cpu_desc cpu = describe(t);
    const lwcx_impl_desc *d = lwcx_policy_pick(p, kind, nblocks * block, nblocks, &cpu, usable);
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
    if (kind == lwcx_policy_sized_kind(p))
        snprintf(label, sizeof label, "%s %s %zu", p->name, lwcx_policy_kind_id(p, kind), nblocks);
    else snprintf(label, sizeof label, "%s %s", p->name, lwcx_policy_kind_id(p, kind));
    add("%-26s", label);
    for (size_t c = 0; c < NCPUS; c++) add(" %-11s", choose(p, kind, nblocks, block, &cpus[c]));
    end_line();
}

static void build(void)
{
    add("# The automatic choice for each call kind (the first of a primitive is its default);\n");
    add("# one_key N = a one-key ECB or CTR call of N blocks (tests/test_policy.c)\n");
    add("%-26s", "cpu");
    for (size_t c = 0; c < NCPUS; c++) add(" %-11s", cpus[c].name);
    end_line();
    for (size_t i = 0; lwcx_primitives[i]; i++) {
        lwcx_primitive *p = lwcx_primitives[i];
        const size_t block = block_bytes(p->name);
        for (int k = 0; k < lwcx_policy_call_kinds(p); k++) {
            if (k != lwcx_policy_sized_kind(p)) row(p, k, 0, block);
            else
                for (size_t s = 0; s < NSIZES; s++) row(p, k, sizes[s], block);
        }
        if (!block) continue;
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

/* The tables name every implementation built and end with ref for every
 * call kind; this machine's plans are the resolver's for lwcx_cpu_here, and
 * the library's resolvers follow them. */
static void consistency(void)
{
    int rc = LWCX_OK;
    for (size_t i = 0; lwcx_primitives[i]; i++) {
        lwcx_primitive *p = lwcx_primitives[i];
        const lwcx_policy_rule *rules = lwcx_policy_rules(p), *r = rules;
        CHECK(rules != NULL, "%s has no policy table", p->name);
        if (!rules) continue;
        for (size_t k = 0; p->impls[k]; k++) {
            for (r = rules; r->impl && strcmp(r->impl, p->impls[k]->name) != 0; r++) continue;
            CHECK(r->impl != NULL, "%s's table does not name %s", p->name, p->impls[k]->name);
        }
        for (r = rules; r[1].impl; r++) continue;
        int last_ref = strcmp(r->impl, "ref") == 0;
        for (int k = 0; k < lwcx_policy_call_kinds(p); k++)
            last_ref &= r->when[k].when == LWCX_WHEN_ANY && !r->when[k].needs && !r->when[k].lacks;
        CHECK(last_ref, "%s's table does not end with ref for every call", p->name);
        lwcx_plan want;
        lwcx_policy_plan(p, lwcx_cpu_here(), lwcx_wisdom_for(p), lwcx_usable_on, &want);
        const lwcx_plan *got = lwcx_plan_of(p);
        int same = got->nsteps == want.nsteps;
        for (int k = 0; k < LWCX_CALL_KINDS; k++) same &= got->pick[k] == want.pick[k] && got->from[k] == want.from[k];
        for (unsigned k = 0; same && k < want.nsteps; k++) /* field by field: padding may differ */
            same = got->step[k].impl == want.step[k].impl && got->step[k].max_blocks == want.step[k].max_blocks &&
                   got->step[k].crossover == want.step[k].crossover;
        CHECK(same, "%s: this machine's plan is not the resolver's", p->name);
        CHECK(want.nsteps < LWCX_PLAN_STEPS, "%s: one-key steps fill the plan", p->name);
        if (getenv("LWCX_IMPL")) continue; /* named: the resolvers obey that instead */
        CHECK(lwcx_impl_select(p->name, NULL) == LWCX_OK && lwcx_active_impl(p) == want.pick[LWCX_CALL_DEFAULT],
              "%s: the automatic choice is not the policy's default", p->name);
        for (int k = 0; k < lwcx_policy_call_kinds(p); k++)
            CHECK(k == lwcx_policy_sized_kind(p) || lwcx_resolve_kind(p, NULL, k, &rc) == want.pick[k],
                  "%s: the choice for %s", p->name, lwcx_policy_kind_id(p, k));
        if (!block_bytes(p->name)) continue;
        CHECK(lwcx_resolve_search(p, NULL, &rc) == want.pick[LWCX_CALL_SEARCH], "%s: the key search's choice", p->name);
        for (size_t n = 1; n <= 4096; n = n * 2 + (n & 1))
            CHECK(lwcx_resolve_sized(p, NULL, n * block_bytes(p->name), n, &rc) ==
                      lwcx_plan_one_key(&want, n * block_bytes(p->name), n, lwcx_cpu_here(), lwcx_usable_on),
                  "%s: the choice for %zu blocks", p->name, n);
    }
}

/* A GPU (a stand-in descriptor named cuda, in a copy of a block cipher's
 * list): chosen for one-key calls from its crossover on, where it is
 * usable, and never for anything else; a crossover of 0 is never. */
static size_t gpu_from;
static size_t fake_from(void)
{
    return gpu_from;
}
static int gpu_there;
static int usable_gpu(const lwcx_impl_desc *d, const lwcx_cpu_desc *cpu)
{
    return d->auto_from ? gpu_there : usable(d, cpu);
}
static void gpu_crossover(void)
{
    static const lwcx_impl_desc gpu = {.name = "cuda", .batch = 1u << 14, .auto_from = fake_from};
    const lwcx_impl_desc *list[32] = {&gpu};
    const lwcx_primitive *real = lwcx_find_primitive("gift64");
    size_t n = 1;
    for (size_t k = 0; real && real->impls[k] && n < 31; k++)
        if (!real->impls[k]->auto_from) list[n++] = real->impls[k];
    lwcx_primitive p = {.name = "gift64", .impls = list};
    const lwcx_cpu_desc cpu = describe(&cpus[NCPUS - 1]);
    const lwcx_impl_desc *cpu_choice = lwcx_policy_pick(&p, LWCX_CALL_ONE_KEY, 1 << 20, 1 << 17, &cpu, usable);
    gpu_from = 65536;
    for (gpu_there = 0; gpu_there < 2; gpu_there++) {
        const lwcx_impl_desc *big = lwcx_policy_pick(&p, LWCX_CALL_ONE_KEY, 65536, 8192, &cpu, usable_gpu);
        CHECK(big == (gpu_there ? &gpu : cpu_choice), "a one-key call at the crossover, GPU %s: %s",
              gpu_there ? "there" : "absent", big ? big->name : "none");
        CHECK(lwcx_policy_pick(&p, LWCX_CALL_ONE_KEY, 65535, 8191, &cpu, usable_gpu) == cpu_choice,
              "below the crossover");
        CHECK(lwcx_policy_pick(&p, LWCX_CALL_DEFAULT, 0, 0, &cpu, usable_gpu) != &gpu &&
                  lwcx_policy_pick(&p, LWCX_CALL_SEARCH, 0, 0, &cpu, usable_gpu) != &gpu,
              "the GPU taken for many keys or the key search");
    }
    gpu_from = 0;
    gpu_there = 1;
    CHECK(lwcx_policy_pick(&p, LWCX_CALL_ONE_KEY, SIZE_MAX, 1 << 17, &cpu, usable_gpu) == cpu_choice,
          "a crossover of 0 is taken");
}

/* Traits and the parts of AVX-512 come from cpu.c's one place. */
static void traits(void)
{
    for (size_t c = 0; c < NCPUS; c++) {
        const lwcx_cpu_desc cpu = describe(&cpus[c]);
        const int full = (cpus[c].features & LWCX_CPU_AVX512) &&
                         (cpus[c].vendor == LWCX_VENDOR_INTEL || (cpus[c].vendor == LWCX_VENDOR_AMD && cpus[c].family >= 0x1a));
        CHECK(!!(cpu.features & LWCX_CPU_ZMM_FULL) == full, "%s: zmmfull %d", cpus[c].name, !full);
    }
    lwcx_cpu_desc no512 = {LWCX_CPU_AVX2 | LWCX_CPU_VBMI | LWCX_CPU_VBMI2, LWCX_VENDOR_AMD, 0x1a, 0, 0};
    lwcx_cpu_complete(&no512);
    CHECK(no512.features == LWCX_CPU_AVX2, "the parts of AVX-512 stay without it");
    CHECK(lwcx_cpu_here()->features == lwcx_cpu_features(), "lwcx_cpu_features is not lwcx_cpu_here's");
}

int main(int argc, char **argv)
{
    build();
    consistency();
    gpu_crossover();
    traits();
    if (argc < 2) { /* the table alone on stdout: `test_policy > tests/policy/ARCH.txt` */
        fputs(table, stdout);
        fprintf(stderr, "%u passed, %u failed\n", tu_passed, tu_failed);
        return tu_failed ? 1 : 0;
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
