/* The selection policy: for each primitive, one table ranks its
 * implementations and states, for each call kind, when the automatic choice
 * takes each one. The reasons and the measurements behind them are in
 * docs/design/selection.md; tests/policy/<arch>.txt records the choices on
 * a set of CPUs (tests/test_policy.c), so that a change here shows up there.
 *
 * Reading a table: rows in order of preference, fastest first and ref last;
 * the first row whose implementation is built, runs on the CPU (its
 * descriptor's features, its probe) and whose condition for the call kind
 * holds is the choice. Conditions:
 *   ANY          every call of the kind
 *   WITH(bits)   every call of the kind, on a CPU that also has bits
 *                (LWCX_CPU_* features or traits such as LWCX_CPU_ZMM_FULL)
 *   WITHOUT(bits) every call of the kind, on a CPU that lacks all of bits
 *   ONE_BATCH    one-key calls of at most the implementation's batch
 *   CROSSOVER    one-key calls from the size its auto_from() measured (GPUs)
 *   NAMED        never automatic: only when named (LWCX_IMPL, a handle)
 * The CMake order of lwcx_add_impl only says what is built. */
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>

#include "internal.h"

#define ANY {LWCX_WHEN_ANY, 0, 0}
#define WITH(bits) {LWCX_WHEN_ANY, (bits), 0}
#define WITHOUT(bits) {LWCX_WHEN_ANY, 0, (bits)}
#define ONE_BATCH {LWCX_WHEN_ONE_BATCH, 0, 0}
#define CROSSOVER {LWCX_WHEN_CROSSOVER, 0, 0}
#define NAMED {LWCX_WHEN_NAMED, 0, 0}
/* a primitive with one call kind: the same condition for all */
#define EVERY(c) {c, c, c}

/* PRESENT-80 and PRESENT-128. Columns: many keys (and the default), one key
 * (ECB, CTR), key search. */
static const lwcx_policy_rule present_rules[] = {
    {"cuda", {NAMED, CROSSOVER, NAMED}},
    {"opencl", {NAMED, NAMED, NAMED}},
    {"avx512", {WITH(LWCX_CPU_ZMM_FULL), WITH(LWCX_CPU_ZMM_FULL), WITH(LWCX_CPU_ZMM_FULL)}},
    {"avx512b", {ANY, ANY, ANY}},
    {"avx2", {ANY, ANY, ANY}},
    {"neon", {ANY, ANY, ANY}},
    {"bitslice64", {ANY, ANY, ANY}},
    {"wide512", {ANY, ANY, ANY}},
    {"ref", {ANY, ANY, ANY}},
    {NULL, {NAMED, NAMED, NAMED}},
};

static const lwcx_policy_rule gift64_rules[] = {
    {"cuda", {NAMED, CROSSOVER, NAMED}},
    {"opencl", {NAMED, NAMED, NAMED}},
    {"groups512", {ANY, ANY, ANY}},
    {"avx512vl", {NAMED, ONE_BATCH, WITHOUT(LWCX_CPU_ZMM_FULL)}},
    {"avx512", {ANY, ANY, ANY}},
    {"avx2", {ANY, ANY, ANY}},
    {"neon", {ANY, ANY, ANY}},
    {"bitslice64", {ANY, ANY, ANY}},
    {"wide512", {ANY, ANY, ANY}},
    {"ref", {ANY, ANY, ANY}},
    {NULL, {NAMED, NAMED, NAMED}},
};

static const lwcx_policy_rule gift128_rules[] = {
    {"cuda", {NAMED, CROSSOVER, NAMED}},
    {"opencl", {NAMED, NAMED, NAMED}},
    {"slices512", {NAMED, ANY, NAMED}}, /* no many-keys or search kernels of its own */
    {"avx512vl", {NAMED, ONE_BATCH, WITHOUT(LWCX_CPU_ZMM_FULL)}},
    {"avx512", {ANY, ANY, ANY}},
    {"avx2", {ANY, ANY, ANY}},
    {"neon", {ANY, ANY, ANY}},
    {"bitslice64", {ANY, ANY, ANY}},
    {"wide512", {ANY, ANY, ANY}},
    {"ref", {ANY, ANY, ANY}},
    {NULL, {NAMED, NAMED, NAMED}},
};

/* PIPO-64/128 and PIPO-64/256 */
static const lwcx_policy_rule pipo_rules[] = {
    {"cuda", {NAMED, CROSSOVER, NAMED}},
    {"opencl", {NAMED, NAMED, NAMED}},
    {"rows512", {ANY, ANY, ANY}},
    {"avx512vl", {NAMED, ONE_BATCH, WITHOUT(LWCX_CPU_ZMM_FULL)}},
    {"avx512", {ANY, ANY, ANY}},
    {"avx2", {ANY, ANY, ANY}},
    {"neon", {ANY, ANY, ANY}},
    {"bitslice64", {ANY, ANY, ANY}},
    {"wide512", {ANY, ANY, ANY}},
    {"ref", {ANY, ANY, ANY}},
    {NULL, {NAMED, NAMED, NAMED}},
};

static const lwcx_policy_rule kcc23p4_rules[] = {
    {"avx512", EVERY(ANY)},
    {"avx2", EVERY(ANY)},
    {"neon", EVERY(ANY)},
    {"portable", EVERY(ANY)},
    {"ref", EVERY(ANY)},
    {NULL, EVERY(NAMED)},
};

static const lwcx_policy_rule kcc24p6_rules[] = {
    {"gfni", EVERY(ANY)},
    {"avx2", EVERY(ANY)},
    {"neon", EVERY(ANY)},
    {"portable", EVERY(ANY)},
    {"ref", EVERY(ANY)},
    {NULL, EVERY(NAMED)},
};

static const lwcx_policy_rule sparkle_rules[] = {
    {"avx512", EVERY(ANY)},
    {"avx2", EVERY(ANY)},
    {"a64", EVERY(ANY)},
    {"neon", EVERY(ANY)},
    {"opt", EVERY(ANY)},
    {"ref", EVERY(ANY)},
    {NULL, EVERY(NAMED)},
};

static const lwcx_policy_rule aimer_rules[] = {
    {"avx512", EVERY(ANY)},
    {"avx2", EVERY(ANY)},
    {"sha3", EVERY(ANY)},
    {"neon", EVERY(ANY)},
    {"portable", EVERY(ANY)},
    {"ref", EVERY(ANY)},
    {NULL, EVERY(NAMED)},
};

/* Each primitive's table, and how many call kinds it has: the block
 * ciphers three, the others one (LWCX_CALL_DEFAULT). */
static const struct {
    const char *primitive;
    const lwcx_policy_rule *rules;
    int kinds;
} policies[] = {
    {"present80", present_rules, 3}, {"present128", present_rules, 3}, {"gift64", gift64_rules, 3},
    {"gift128", gift128_rules, 3},   {"pipo128", pipo_rules, 3},       {"pipo256", pipo_rules, 3},
    {"kcc23p4", kcc23p4_rules, 1},   {"kcc24p6", kcc24p6_rules, 1},    {"sparkle", sparkle_rules, 1},
    {"aimer", aimer_rules, 1},
};

static size_t policy_index(const lwcx_primitive *p)
{
    size_t i = 0;
    while (p && i < sizeof policies / sizeof policies[0] && strcmp(policies[i].primitive, p->name) != 0) i++;
    return i;
}

const lwcx_policy_rule *lwcx_policy_rules(const lwcx_primitive *p)
{
    const size_t i = policy_index(p);
    return i < sizeof policies / sizeof policies[0] ? policies[i].rules : NULL;
}

int lwcx_policy_call_kinds(const lwcx_primitive *p)
{
    const size_t i = policy_index(p);
    return i < sizeof policies / sizeof policies[0] ? policies[i].kinds : 0;
}

int lwcx_usable_on(const lwcx_impl_desc *d, const lwcx_cpu_desc *cpu)
{
    return (cpu->features & d->features) == d->features && (!d->probe || !d->probe());
}

/* Whether row r takes calls of kind k on cpu, apart from the call's size. */
static const lwcx_impl_desc *row_impl(const lwcx_primitive *p, const lwcx_policy_rule *r, int k,
                                      const lwcx_cpu_desc *cpu)
{
    const lwcx_policy_cond c = r->when[k];
    if (c.when == LWCX_WHEN_NAMED || (cpu->features & c.needs) != c.needs || (cpu->features & c.lacks)) return NULL;
    return lwcx_find_impl(p, r->impl);
}

void lwcx_policy_plan(const lwcx_primitive *p, const lwcx_cpu_desc *cpu, lwcx_usable_fn usable, lwcx_plan *plan)
{
    const lwcx_policy_rule *rules = lwcx_policy_rules(p);
    memset(plan, 0, sizeof *plan);
    for (const lwcx_policy_rule *r = rules; r && r->impl; r++) {
        const lwcx_impl_desc *d;
        if (!plan->deflt && (d = row_impl(p, r, LWCX_CALL_DEFAULT, cpu)) && usable(d, cpu)) plan->deflt = d;
        if (!plan->search && (d = row_impl(p, r, LWCX_CALL_SEARCH, cpu)) && usable(d, cpu)) plan->search = d;
        /* one key: the steps up to the first row that takes every size */
        const int open = plan->nsteps == 0 || plan->step[plan->nsteps - 1].max_blocks != SIZE_MAX;
        if (!open || !(d = row_impl(p, r, LWCX_CALL_ONE_KEY, cpu))) continue;
        const unsigned when = r->when[LWCX_CALL_ONE_KEY].when;
        lwcx_plan_step *s = &plan->step[plan->nsteps];
        /* the last step is kept for a row that takes every size */
        if (when != LWCX_WHEN_ANY && plan->nsteps == LWCX_PLAN_STEPS - 1) continue;
        if (when == LWCX_WHEN_CROSSOVER) {
            /* the probe at call time, only for calls that large: small calls never wake a GPU */
            if (d->auto_from && (cpu->features & d->features) == d->features)
                *s = (lwcx_plan_step){d, 0, 1};
            else continue;
        } else if (usable(d, cpu)) {
            *s = (lwcx_plan_step){d, when == LWCX_WHEN_ONE_BATCH ? d->batch : SIZE_MAX, 0};
        } else {
            continue;
        }
        plan->nsteps++;
    }
}

const lwcx_impl_desc *lwcx_plan_one_key(const lwcx_plan *plan, size_t len, size_t nblocks, const lwcx_cpu_desc *cpu,
                                        lwcx_usable_fn usable)
{
    for (unsigned i = 0; i < plan->nsteps; i++) {
        const lwcx_plan_step *s = &plan->step[i];
        if (LWCX_UNLIKELY(s->crossover)) {
            const size_t from = s->impl->auto_from();
            if (from && len >= from && usable(s->impl, cpu)) return s->impl;
        } else if (nblocks <= s->max_blocks) {
            return s->impl;
        }
    }
    return plan->deflt;
}

const lwcx_impl_desc *lwcx_policy_pick(const lwcx_primitive *p, int kind, size_t len, size_t nblocks,
                                       const lwcx_cpu_desc *cpu, lwcx_usable_fn usable)
{
    lwcx_plan plan;
    lwcx_policy_plan(p, cpu, usable, &plan);
    if (kind == LWCX_CALL_SEARCH) return plan.search;
    if (kind == LWCX_CALL_ONE_KEY) return lwcx_plan_one_key(&plan, len, nblocks, cpu, usable);
    return plan.deflt;
}

/* --- this machine's plans ------------------------------------------------------- */

static int usable_here(const lwcx_impl_desc *d, const lwcx_cpu_desc *cpu)
{
    (void)cpu;
    return lwcx_impl_supported(d);
}

static pthread_mutex_t plan_lock = PTHREAD_MUTEX_INITIALIZER;

const lwcx_plan *lwcx_plan_build(lwcx_primitive *p)
{
    pthread_mutex_lock(&plan_lock);
    if (!atomic_load_explicit(&p->planned, memory_order_relaxed)) {
        lwcx_policy_plan(p, lwcx_cpu_here(), usable_here, &p->plan);
        atomic_store_explicit(&p->planned, 1, memory_order_release);
    }
    pthread_mutex_unlock(&plan_lock);
    return &p->plan;
}

const lwcx_impl_desc *lwcx_plan_one_key_here(const lwcx_plan *plan, size_t len, size_t nblocks)
{
    return lwcx_plan_one_key(plan, len, nblocks, NULL, usable_here); /* (usable_here needs no description) */
}

/* --- lwcx_impl_explain ---------------------------------------------------------- */

typedef struct text {
    char *buf;
    size_t cap, len;
} text;

static void put(text *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    const size_t room = t->len < t->cap ? t->cap - t->len : 0;
    const int n = vsnprintf(room ? t->buf + t->len : NULL, room, fmt, ap);
    va_end(ap);
    if (n > 0) t->len += (size_t)n;
}

static const char *const kind_names[LWCX_CALL_KINDS] = {
    "many keys (and the default)", "one key (ECB, CTR)", "key search"};

/* Why row r does or does not take calls of kind k here. */
static void explain_row(text *t, const lwcx_primitive *p, const lwcx_policy_rule *r, int k, const lwcx_plan *plan)
{
    const lwcx_impl_desc *d = lwcx_find_impl(p, r->impl);
    const lwcx_policy_cond c = r->when[k];
    const lwcx_cpu_desc *cpu = lwcx_cpu_here();
    char bits[160];
    put(t, "    %-11s ", r->impl);
    if (c.when == LWCX_WHEN_NAMED) {
        int some = 0; /* a call kind the automatic choice takes it for */
        for (int j = 0; j < LWCX_CALL_KINDS; j++) some |= r->when[j].when != LWCX_WHEN_NAMED;
        put(t, some ? "not for these calls\n" : "only when named\n");
        return;
    }
    if (c.when == LWCX_WHEN_ONE_BATCH) put(t, "calls of at most %u blocks", d ? d->batch : 0);
    else if (c.when == LWCX_WHEN_CROSSOVER) put(t, "calls from its measured crossover");
    else put(t, "every call");
    if (c.needs) put(t, ", with %s", lwcx_cpu_features_string(c.needs, bits, sizeof bits));
    if (c.lacks) put(t, ", without %s", lwcx_cpu_features_string(c.lacks, bits, sizeof bits));
    const char *why = NULL;
    if (!d) {
        put(t, ": not built\n");
        return;
    }
    if ((cpu->features & c.needs) != c.needs) {
        put(t, ": no, lacks %s\n", lwcx_cpu_features_string(c.needs & ~cpu->features, bits, sizeof bits));
        return;
    }
    if (cpu->features & c.lacks) {
        put(t, ": no, has %s\n", lwcx_cpu_features_string(c.lacks & cpu->features, bits, sizeof bits));
        return;
    }
    if (!lwcx_impl_available(d, &why)) {
        put(t, ": no, %s\n", why);
        return;
    }
    if (c.when == LWCX_WHEN_CROSSOVER) {
        const size_t from = d->auto_from ? d->auto_from() : 0;
        if (from) put(t, " (%zu bytes): yes, from %zu bytes\n", from, from);
        else put(t, ": no, its crossover is off\n");
        return;
    }
    const lwcx_impl_desc *chosen = k == LWCX_CALL_DEFAULT ? plan->deflt : k == LWCX_CALL_SEARCH ? plan->search : NULL;
    for (unsigned i = 0; k == LWCX_CALL_ONE_KEY && i < plan->nsteps; i++)
        if (plan->step[i].impl == d && !plan->step[i].crossover) chosen = d;
    put(t, chosen == d ? ": yes, chosen\n" : ": yes, but ranked below the choice\n");
}

size_t lwcx_impl_explain(const char *primitive, char *buf, size_t cap)
{
    lwcx_primitive *p = lwcx_find_primitive(primitive);
    const lwcx_policy_rule *rules = lwcx_policy_rules(p);
    text t = {buf, cap, 0};
    if (buf && cap) buf[0] = 0;
    if (!p || !rules) return 0;
    const lwcx_plan *plan = lwcx_plan_of(p);
    const int kinds = lwcx_policy_call_kinds(p);
    char bits[256];
    put(&t, "%s on this machine (%s)\n", p->name,
        lwcx_cpu_features_string(lwcx_cpu_here()->features, bits, sizeof bits));
    const lwcx_impl_desc *active = lwcx_active_impl(p); /* (reads LWCX_IMPL: forced then says so) */
    if (active && atomic_load(&p->forced))
        put(&t, "named: %s takes every call (LWCX_IMPL or lwcx_impl_select); below, the choice "
                "when none is named\n",
            active->name);
    for (int k = 0; k < kinds; k++) {
        if (kinds == 1) put(&t, "every call: %s\n", plan->deflt ? plan->deflt->name : "none");
        else if (k == LWCX_CALL_ONE_KEY) {
            put(&t, "%s:", kind_names[k]);
            size_t lo = 1;
            for (unsigned i = 0; i < plan->nsteps; i++) {
                const lwcx_plan_step *s = &plan->step[i];
                if (s->crossover) put(&t, " %s from %zu bytes (if its device is there), else", s->impl->name, s->impl->auto_from());
                else if (s->max_blocks == SIZE_MAX && lo == 1) put(&t, " %s for every size", s->impl->name);
                else if (s->max_blocks == SIZE_MAX) put(&t, " %s from %zu blocks", s->impl->name, lo);
                else if (s->max_blocks >= lo) {
                    put(&t, " %s for %zu-%zu blocks,", s->impl->name, lo, s->max_blocks);
                    lo = s->max_blocks + 1;
                }
            }
            put(&t, "\n");
        } else {
            const lwcx_impl_desc *d = k == LWCX_CALL_SEARCH ? plan->search : plan->deflt;
            put(&t, "%s: %s\n", kind_names[k], d ? d->name : "none");
        }
        for (const lwcx_policy_rule *r = rules; r->impl; r++) explain_row(&t, p, r, k, plan);
    }
    return t.len;
}
