/* Internal interfaces shared by the library, the CLI, the benchmarks and the tests. */
#ifndef LWCX_INTERNAL_H
#define LWCX_INTERNAL_H

#include <stdatomic.h>
#include <stdint.h>
#include <string.h>

#include "lwcx.h"
#include "lwcx_impls.h" /* generated: the implementations of this build */

#if defined(__GNUC__)
#define LWCX_LIKELY(x) __builtin_expect(!!(x), 1)
#define LWCX_UNLIKELY(x) __builtin_expect(!!(x), 0)
#else
#define LWCX_LIKELY(x) (x)
#define LWCX_UNLIKELY(x) (x)
#endif

/* What every implementation descriptor starts with: the public handle type
 * lwcx_impl (lwcx.h) is this struct. A primitive's own descriptor type embeds
 * it as its first member, named desc, and adds the function pointers at the
 * lowest level that differs between implementations. Descriptors are written
 * with designated initializers; a field left out is 0 / NULL. They say what
 * an implementation is and needs; when the automatic choice takes it is the
 * selection policy's (src/core/policy.c). */
struct lwcx_impl {
    const char *name;
    const char *description;
    uint32_t features; /* LWCX_CPU_* bits required */
    unsigned batch;    /* natural batch width */
    /* 1: running time and memory addresses do not depend on the key or other
     * secrets (no secret-indexed tables, no secret branches) */
    int constant_time;
    /* NULL, or a check that what the CPU features cannot tell is there (a GPU,
     * a driver): returns NULL if usable, else a static reason */
    const char *(*probe)(void);
    /* NULL, or the name of the device it runs on (an OpenCL device): the
     * benchmark's rows say where they were measured */
    const char *(*device)(void);
    /* NULL, or (GPUs) how many devices it spreads calls over (0 when
     * unavailable); the key search feeds each with its own thread. Writes
     * the batches each device has run to work[0 .. max) (tests, bench). */
    unsigned (*devices)(uint64_t *work, unsigned max);
    /* 0, or (GPUs) the size in bytes from which a one-key ECB or CTR call
     * runs faster here than on one CPU core (the measured crossover), 0 when
     * never: the policy's CROSSOVER condition reads it */
    size_t (*auto_from)(void);
};
typedef struct lwcx_impl lwcx_impl_desc;

/* --- the CPU (cpu.c) --------------------------------------------------------- */

enum { LWCX_VENDOR_OTHER, LWCX_VENDOR_INTEL, LWCX_VENDOR_AMD, LWCX_VENDOR_ARM };

/* A CPU as the selection policy sees it. */
typedef struct lwcx_cpu_desc {
    uint32_t features; /* LWCX_CPU_* instruction sets and traits (LWCX_CPU_ZMM_FULL) */
    int vendor;        /* LWCX_VENDOR_* */
    /* x86: CPUID's family and model (extended fields included); aarch64:
     * MIDR's implementer and part number (0 where unknown) */
    unsigned family, model;
    unsigned stepping; /* x86: CPUID's stepping; aarch64: MIDR's variant and revision */
} lwcx_cpu_desc;

/* Completes cpu->features from the identity and the instruction sets: adds
 * the traits (zmmfull by vendor and family) and drops the parts of
 * AVX-512 that come only with it. Pure: the tests describe other CPUs. */
void lwcx_cpu_complete(lwcx_cpu_desc *cpu);
/* This machine, identified once, LWCX_CPU_DISABLE's features hidden. */
const lwcx_cpu_desc *lwcx_cpu_here(void);

/* --- the selection policy (policy.c) -------------------------------------------- */

/* Call kinds: the columns of a primitive's policy table, named by
 * lwcx_policy_kind_id. Column 0 is the default (lwcx_impl_auto's choice).
 * Block ciphers: DEFAULT many keys, ONE_KEY one-key ECB and CTR calls (the
 * sized kind: its choice depends on the call's size), SEARCH the key
 * search. SPARKLE: MANY_STATES batches, STATE256/384/512 one state of that
 * many bits (the permutation, Schwaemm and Esch of one message). The others
 * have column 0 only. */
enum { LWCX_CALL_DEFAULT, LWCX_CALL_ONE_KEY, LWCX_CALL_SEARCH, LWCX_CALL_KINDS = 4 };
enum { LWCX_CALL_MANY_STATES = 0, LWCX_CALL_STATE256, LWCX_CALL_STATE384, LWCX_CALL_STATE512 };
/* When a row of a policy table takes calls of a kind (policy.c says more). */
enum { LWCX_WHEN_NAMED, LWCX_WHEN_ANY, LWCX_WHEN_ONE_BATCH, LWCX_WHEN_CROSSOVER };
typedef struct lwcx_policy_cond {
    unsigned char when; /* LWCX_WHEN_* */
    uint32_t needs;     /* LWCX_CPU_* bits the CPU must also have */
    uint32_t lacks;     /* LWCX_CPU_* bits the CPU must not have */
} lwcx_policy_cond;
typedef struct lwcx_policy_rule {
    const char *impl; /* NULL ends a table */
    lwcx_policy_cond when[LWCX_CALL_KINDS];
} lwcx_policy_rule;

/* One preference of the shipped per-CPU table (cpu_table.h, generated from
 * the bench files of bench/machines/ by scripts/cpu-table.py): on CPUs of
 * this vendor, family and model range, calls of this kind of this
 * primitive go to impl first, where it is built and usable. */
typedef struct lwcx_cpu_pref {
    int vendor;
    unsigned family, model_lo, model_hi;
    const char *primitive, *kind, *impl;
} lwcx_cpu_pref;

/* Where a choice comes from: the rules of the primitive's table, the
 * shipped per-CPU table, or this machine's wisdom file (lwcx tune). */
enum { LWCX_FROM_POLICY, LWCX_FROM_TABLE, LWCX_FROM_WISDOM };

/* A primitive's choices on one CPU: one per call kind (for the sized kind,
 * the choice for sizes no step takes) and the sized kind's steps: the
 * first step whose condition holds (a crossover reached and its device
 * usable, or at most max_blocks blocks) is the choice. */
#define LWCX_PLAN_STEPS 8
typedef struct lwcx_plan_step {
    const lwcx_impl_desc *impl;
    size_t max_blocks; /* SIZE_MAX: every size */
    int crossover;     /* 1: from impl->auto_from() bytes, if impl is usable then */
} lwcx_plan_step;
typedef struct lwcx_plan {
    const lwcx_impl_desc *pick[LWCX_CALL_KINDS];
    unsigned char from[LWCX_CALL_KINDS]; /* LWCX_FROM_* */
    unsigned nsteps;
    lwcx_plan_step step[LWCX_PLAN_STEPS];
} lwcx_plan;

/* Whether d (built) is usable on cpu; for this machine the library asks
 * lwcx_impl_supported (features and probe). */
typedef int (*lwcx_usable_fn)(const lwcx_impl_desc *d, const lwcx_cpu_desc *cpu);
/* d's features on cpu, and its probe (a device here), if any */
int lwcx_usable_on(const lwcx_impl_desc *d, const lwcx_cpu_desc *cpu);

typedef struct lwcx_primitive {
    const char *name;
    const char *description;
    /* the implementations built, NULL-terminated, ref last (in no order of
     * preference: the policy ranks them) */
    const lwcx_impl_desc *const *impls;
    _Atomic(const lwcx_impl_desc *) active;
    atomic_int forced; /* 1: active was named (LWCX_IMPL, lwcx_impl_select), not chosen */
    atomic_int planned; /* 1: plan holds this machine's choices */
    lwcx_plan plan;
} lwcx_primitive;

/* p's policy table (policy.c; NULL if it has none), how many call kinds it
 * tells apart, each kind's name ("one_key"; NULL past the last) and its
 * index (-1 if p has no such kind). */
const lwcx_policy_rule *lwcx_policy_rules(const lwcx_primitive *p);
int lwcx_policy_call_kinds(const lwcx_primitive *p);
const char *lwcx_policy_kind_id(const lwcx_primitive *p, int kind);
int lwcx_policy_kind_index(const lwcx_primitive *p, const char *id);
/* The kind whose choice depends on the call's size (LWCX_CALL_ONE_KEY for
 * the block ciphers), or -1. */
int lwcx_policy_sized_kind(const lwcx_primitive *p);
/* The resolver: p's choices on cpu, usable saying which implementations
 * are built and usable there; wisdom: NULL, or for each kind the
 * implementation this machine measured fastest (lwcx tune; NULL where it
 * has none), tried first. Then the shipped table's preferences for cpu's
 * vendor, family and model, then the rules. Pure: the tests hand it any
 * CPU. */
void lwcx_policy_plan(const lwcx_primitive *p, const lwcx_cpu_desc *cpu, const char *const *wisdom,
                      lwcx_usable_fn usable, lwcx_plan *plan);
/* The shipped table's preference for p's kind on cpu, or NULL. */
const char *lwcx_policy_table_pick(const lwcx_primitive *p, int kind, const lwcx_cpu_desc *cpu);
/* This machine's wisdom for p (wisdom.c): for each kind the implementation
 * lwcx tune measured fastest, or NULL; NULL when no valid wisdom file for
 * this CPU and version is there. Read once, on first use. */
const char *const *lwcx_wisdom_for(const lwcx_primitive *p);
/* A one-key call's choice from a plan: len bytes in nblocks blocks. */
const lwcx_impl_desc *lwcx_plan_one_key(const lwcx_plan *plan, size_t len, size_t nblocks, const lwcx_cpu_desc *cpu,
                                        lwcx_usable_fn usable);
/* Both in one: the automatic choice for a call of kind (LWCX_CALL_*) on cpu. */
const lwcx_impl_desc *lwcx_policy_pick(const lwcx_primitive *p, int kind, size_t len, size_t nblocks,
                                       const lwcx_cpu_desc *cpu, lwcx_usable_fn usable);
/* This machine's plan of p, made once, on first use. */
const lwcx_plan *lwcx_plan_build(lwcx_primitive *p);
static inline const lwcx_plan *lwcx_plan_of(lwcx_primitive *p)
{
    if (LWCX_LIKELY(atomic_load_explicit(&p->planned, memory_order_acquire))) return &p->plan;
    return lwcx_plan_build(p);
}
const lwcx_impl_desc *lwcx_plan_one_key_here(const lwcx_plan *plan, size_t len, size_t nblocks);

/* The automatic choice: LWCX_IMPL, else the policy's default (pick[0]),
 * made on first use; racing first calls agree. NULL when
 * LWCX_IMPL is invalid (lwcx_impl_env_check says why). */
const lwcx_impl_desc *lwcx_choose_impl(lwcx_primitive *p);
static inline const void *lwcx_active_impl(lwcx_primitive *p)
{
    const lwcx_impl_desc *d = atomic_load_explicit(&p->active, memory_order_acquire);
    return LWCX_LIKELY(d != NULL) ? (const void *)d : (const void *)lwcx_choose_impl(p);
}

/* The implementation an operation of p runs: impl when given (it must be
 * one of p's and usable here), else the automatic choice. Returns NULL and
 * sets *status (LWCX_ERR_NO_IMPL, LWCX_ERR_UNSUPPORTED, LWCX_ERR_IMPL_ENV)
 * when there is none. */
const void *lwcx_resolve_slow(lwcx_primitive *p, const lwcx_impl *impl, int *status);
static inline const void *lwcx_resolve(lwcx_primitive *p, const lwcx_impl *impl, int *status)
{
    const lwcx_impl_desc *d = atomic_load_explicit(&p->active, memory_order_acquire);
    if (LWCX_LIKELY(impl == NULL && d != NULL)) return d;
    return lwcx_resolve_slow(p, impl, status);
}

/* The same for a one-key ECB or CTR call over len bytes in nblocks blocks:
 * where the choice is automatic (no handle, nothing named), the policy's
 * for the call's size; else what lwcx_resolve gives. */
const void *lwcx_resolve_sized(lwcx_primitive *p, const lwcx_impl *impl, size_t len, size_t nblocks,
                               int *status);

/* The same for a call of a kind (LWCX_CALL_*): where the choice is
 * automatic, the policy's for the kind. */
const void *lwcx_resolve_kind(lwcx_primitive *p, const lwcx_impl *impl, int kind, int *status);
static inline const void *lwcx_resolve_search(lwcx_primitive *p, const lwcx_impl *impl, int *status)
{
    return lwcx_resolve_kind(p, impl, LWCX_CALL_SEARCH, status);
}

/* 1 if this CPU has d's features and its probe (if any) passes. */
int lwcx_impl_supported(const lwcx_impl_desc *d);
lwcx_primitive *lwcx_find_primitive(const char *name);
const lwcx_impl_desc *lwcx_find_impl(const lwcx_primitive *p, const char *name);

/* A primitive's implementation list from the generated X-macro list
 * LWCX_IMPLS_<name> (lwcx_impls.h): declares every descriptor (of the
 * primitive's descriptor type) and defines the primitive object
 * lwcx_prim_<name>. Used once, in the file that owns the primitive. */
#define LWCX_IMPL_DECLARE_(type, sym) extern const type sym;
#define LWCX_IMPL_ENTRY_(type, sym) &sym.desc,
#define LWCX_DEFINE_PRIMITIVE(prim, type, text)                                                   \
    LWCX_IMPLS_##prim(LWCX_IMPL_DECLARE_, type) static const lwcx_impl_desc                      \
        *const lwcx_impls_##prim[] = {LWCX_IMPLS_##prim(LWCX_IMPL_ENTRY_, type) NULL};           \
    lwcx_primitive lwcx_prim_##prim = {.name = (#prim), .description = (text), .impls = lwcx_impls_##prim}

/* Every primitive compiled in. */
extern lwcx_primitive *const lwcx_primitives[];

/* Whether two byte ranges share a byte, and whether they do without being
 * the same buffer: the API allows an output to be its input or disjoint,
 * never partially shared (lwcx.h, "Buffers"). Compared as addresses. */
static inline int lwcx_overlap(const void *a, size_t alen, const void *b, size_t blen)
{
    const uintptr_t x = (uintptr_t)a, y = (uintptr_t)b;
    /* distances, not ends: a length up to SIZE_MAX cannot wrap */
    return alen && blen && (x >= y ? x - y < blen : y - x < alen);
}
static inline int lwcx_partial_overlap(const void *a, const void *b, size_t len)
{
    return a != b && lwcx_overlap(a, len, b, len);
}

/* Error injection for the tests (tests/test_inject.c): lwcx_test_fail_arm(k)
 * makes the k-th fail point reached from then on fail once, then disarms.
 * Fail points sit where a call can fail for reasons its arguments do not
 * show (an allocation, the implementation's resolution), at call
 * granularity, never in kernels; disarmed, one costs a relaxed load and a
 * branch that is never taken. Not for threads racing each other. */
extern atomic_int lwcx_test_fail_countdown;
/* Arms (k >= 1) or disarms (k <= 0). */
void lwcx_test_fail_arm(int k);
/* The fail points still to pass before the failure: 0 once it has fired or
 * when disarmed. */
int lwcx_test_fail_pending(void);
LWCX_NODISCARD int lwcx_test_fail_hit(int status);
/* status when the armed failure is due here, else LWCX_OK. */
static inline LWCX_NODISCARD int lwcx_test_fail_point(int status)
{
    if (LWCX_LIKELY(atomic_load_explicit(&lwcx_test_fail_countdown, memory_order_relaxed) == 0))
        return LWCX_OK;
    return lwcx_test_fail_hit(status);
}

/* Little-endian loads and stores, independent of host byte order. */
static inline uint32_t lwcx_load32le(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}
static inline void lwcx_store32le(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}
static inline uint64_t lwcx_load64le(const uint8_t *p)
{
    return (uint64_t)lwcx_load32le(p) | (uint64_t)lwcx_load32le(p + 4) << 32;
}
static inline void lwcx_store64le(uint8_t *p, uint64_t v)
{
    lwcx_store32le(p, (uint32_t)v);
    lwcx_store32le(p + 4, (uint32_t)(v >> 32));
}

/* Big-endian 64-bit loads and stores (PRESENT and GIFT write blocks MSB
 * first). Written out, not as loops: gcc turned the loop forms into 8 byte
 * loads and shifts (no bswap), slower packing (docs/design/selection.md). */
static inline uint64_t lwcx_load64be(const uint8_t *p)
{
    return (uint64_t)p[0] << 56 | (uint64_t)p[1] << 48 | (uint64_t)p[2] << 40 | (uint64_t)p[3] << 32 |
           (uint64_t)p[4] << 24 | (uint64_t)p[5] << 16 | (uint64_t)p[6] << 8 | (uint64_t)p[7];
}
static inline void lwcx_store64be(uint8_t *p, uint64_t x)
{
    p[0] = (uint8_t)(x >> 56);
    p[1] = (uint8_t)(x >> 48);
    p[2] = (uint8_t)(x >> 40);
    p[3] = (uint8_t)(x >> 32);
    p[4] = (uint8_t)(x >> 24);
    p[5] = (uint8_t)(x >> 16);
    p[6] = (uint8_t)(x >> 8);
    p[7] = (uint8_t)x;
}

static inline uint32_t lwcx_rol32(uint32_t x, unsigned r)
{
    return (x << (r & 31)) | (x >> ((32 - r) & 31));
}
static inline uint32_t lwcx_ror32(uint32_t x, unsigned r)
{
    return (x >> (r & 31)) | (x << ((32 - r) & 31));
}

#endif
