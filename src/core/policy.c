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
 * The CMake order of lwcx_add_impl only says what is built.
 *
 * These rules are the order for a CPU known only by its instruction sets.
 * Before them come, for a call kind, the shipped table's preference for the
 * CPU's vendor, family and model (cpu_table.h, generated from measured
 * bench files), and before that this machine's wisdom file (wisdom.c, made
 * by lwcx tune): each taken where its implementation is built and usable. */
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
#define EVERY(c) {c, c, c, c}

/* The block ciphers' columns: many keys (and the default), one key (ECB,
 * CTR), key search. PRESENT-80 and PRESENT-128: */
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

/* Columns: many states (batches, and the default), one state of 256, 384
 * and 512 bits. */
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

static const char *const bc_kinds[] = {"many_keys", "one_key", "key_search", NULL};
static const char *const sparkle_kinds[] = {"many_states", "one_state_256", "one_state_384", "one_state_512", NULL};
static const char *const one_kind[] = {"every_call", NULL};

/* Each primitive's table, its call kinds and the sized one (-1: none). */
static const struct {
    const char *primitive;
    const lwcx_policy_rule *rules;
    const char *const *kinds;
    int sized;
} policies[] = {
    {"present80", present_rules, bc_kinds, LWCX_CALL_ONE_KEY},  {"present128", present_rules, bc_kinds, LWCX_CALL_ONE_KEY},
    {"gift64", gift64_rules, bc_kinds, LWCX_CALL_ONE_KEY},      {"gift128", gift128_rules, bc_kinds, LWCX_CALL_ONE_KEY},
    {"pipo128", pipo_rules, bc_kinds, LWCX_CALL_ONE_KEY},       {"pipo256", pipo_rules, bc_kinds, LWCX_CALL_ONE_KEY},
    {"kcc23p4", kcc23p4_rules, one_kind, -1},                   {"kcc24p6", kcc24p6_rules, one_kind, -1},
    {"sparkle", sparkle_rules, sparkle_kinds, -1},              {"aimer", aimer_rules, one_kind, -1},
};
#define NPOLICIES (sizeof policies / sizeof policies[0])

#include "cpu_table.h"

static size_t policy_index(const lwcx_primitive *p)
{
    size_t i = 0;
    while (p && i < NPOLICIES && strcmp(policies[i].primitive, p->name) != 0) i++;
    return i;
}

const lwcx_policy_rule *lwcx_policy_rules(const lwcx_primitive *p)
{
    const size_t i = policy_index(p);
    return i < NPOLICIES ? policies[i].rules : NULL;
}

int lwcx_policy_call_kinds(const lwcx_primitive *p)
{
    const size_t i = policy_index(p);
    int n = 0;
    while (i < NPOLICIES && policies[i].kinds[n]) n++;
    return n;
}

const char *lwcx_policy_kind_id(const lwcx_primitive *p, int kind)
{
    return kind >= 0 && kind < lwcx_policy_call_kinds(p) ? policies[policy_index(p)].kinds[kind] : NULL;
}

int lwcx_policy_kind_index(const lwcx_primitive *p, const char *id)
{
    for (int k = 0; id && k < lwcx_policy_call_kinds(p); k++)
        if (strcmp(policies[policy_index(p)].kinds[k], id) == 0) return k;
    return -1;
}

int lwcx_policy_sized_kind(const lwcx_primitive *p)
{
    const size_t i = policy_index(p);
    return i < NPOLICIES ? policies[i].sized : -1;
}

const char *lwcx_policy_table_pick(const lwcx_primitive *p, int kind, const lwcx_cpu_desc *cpu)
{
    const char *id = lwcx_policy_kind_id(p, kind);
    for (const lwcx_cpu_pref *t = cpu_table; id && t->primitive; t++) {
        if (t->vendor == cpu->vendor && t->family == cpu->family && cpu->model >= t->model_lo &&
            cpu->model <= t->model_hi && strcmp(t->primitive, p->name) == 0 && strcmp(t->kind, id) == 0)
            return t->impl;
    }
    return NULL;
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

/* d takes every call of kind k (for the sized kind: every size no earlier
 * step took); from says why (LWCX_FROM_*). */
static void take(lwcx_plan *plan, int k, int sized, const lwcx_impl_desc *d, unsigned from)
{
    plan->pick[k] = d;
    plan->from[k] = (unsigned char)from;
    if (k == sized) plan->step[plan->nsteps++] = (lwcx_plan_step){d, SIZE_MAX, 0};
}

/* Kind k's choice: the rules in order, the measured preferences (wisdom,
 * then the shipped table) before the first row that is not a GPU's
 * crossover (which depends on the call's size and the device, not on the
 * CPU). Returns with pick[k] set, or NULL if nothing is usable. */
static void plan_kind(const lwcx_primitive *p, int k, int sized, const lwcx_cpu_desc *cpu, const char *const *wisdom,
                      lwcx_usable_fn usable, lwcx_plan *plan)
{
    const char *pref[2] = {wisdom ? wisdom[k] : NULL, lwcx_policy_table_pick(p, k, cpu)};
    int preferred = 0; /* the preferences were tried */
    for (const lwcx_policy_rule *r = lwcx_policy_rules(p); r && r->impl; r++) {
        const unsigned when = r->when[k].when;
        for (int i = 0; !preferred && when != LWCX_WHEN_CROSSOVER && i < 2; i++) {
            const lwcx_impl_desc *d = pref[i] ? lwcx_find_impl(p, pref[i]) : NULL;
            if (d && usable(d, cpu)) {
                take(plan, k, sized, d, i == 0 ? LWCX_FROM_WISDOM : LWCX_FROM_TABLE);
                return;
            }
        }
        preferred |= when != LWCX_WHEN_CROSSOVER;
        const lwcx_impl_desc *d = row_impl(p, r, k, cpu);
        if (!d) continue;
        if (k != sized || when == LWCX_WHEN_ANY) {
            if (!usable(d, cpu)) continue;
            take(plan, k, sized, d, LWCX_FROM_POLICY);
            return;
        }
        if (plan->nsteps == LWCX_PLAN_STEPS - 1) continue; /* the last step is kept for a row that takes every size */
        if (when == LWCX_WHEN_CROSSOVER) {
            /* the probe at call time, only for calls that large: small calls never wake a GPU */
            if (d->auto_from && (cpu->features & d->features) == d->features)
                plan->step[plan->nsteps++] = (lwcx_plan_step){d, 0, 1};
        } else if (usable(d, cpu)) {
            plan->step[plan->nsteps++] = (lwcx_plan_step){d, d->batch, 0};
        }
    }
}

void lwcx_policy_plan(const lwcx_primitive *p, const lwcx_cpu_desc *cpu, const char *const *wisdom,
                      lwcx_usable_fn usable, lwcx_plan *plan)
{
    memset(plan, 0, sizeof *plan);
    const int sized = lwcx_policy_sized_kind(p);
    for (int k = 0; k < lwcx_policy_call_kinds(p); k++) plan_kind(p, k, sized, cpu, wisdom, usable, plan);
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
    return plan->pick[LWCX_CALL_DEFAULT];
}

const lwcx_impl_desc *lwcx_policy_pick(const lwcx_primitive *p, int kind, size_t len, size_t nblocks,
                                       const lwcx_cpu_desc *cpu, lwcx_usable_fn usable)
{
    lwcx_plan plan;
    lwcx_policy_plan(p, cpu, NULL, usable, &plan);
    if (kind == lwcx_policy_sized_kind(p)) return lwcx_plan_one_key(&plan, len, nblocks, cpu, usable);
    return kind >= 0 && kind < LWCX_CALL_KINDS ? plan.pick[kind] : NULL;
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
        lwcx_policy_plan(p, lwcx_cpu_here(), lwcx_wisdom_for(p), usable_here, &p->plan);
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

/* A call kind in words: its id with spaces, and what the default covers. */
static void put_kind(text *t, const lwcx_primitive *p, int k)
{
    const char *id = lwcx_policy_kind_id(p, k);
    for (const char *c = id; *c; c++) put(t, "%c", *c == '_' ? ' ' : *c);
    if (k == LWCX_CALL_DEFAULT && lwcx_policy_call_kinds(p) > 1) put(t, " (and the default)");
    if (k == lwcx_policy_sized_kind(p)) put(t, " (ECB, CTR)");
}

static const char *const from_names[] = {"the rules", "the shipped table for this CPU", "this machine's wisdom file"};

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
        for (int j = 0; j < lwcx_policy_call_kinds(p); j++) some |= r->when[j].when != LWCX_WHEN_NAMED;
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
    int chosen = plan->pick[k] == d;
    for (unsigned i = 0; k == lwcx_policy_sized_kind(p) && i < plan->nsteps; i++)
        chosen |= plan->step[i].impl == d && !plan->step[i].crossover;
    put(t, chosen ? ": yes, chosen\n" : ": yes, but ranked below the choice\n");
}

/* The sized kind's steps, in words. */
static void put_steps(text *t, const lwcx_plan *plan)
{
    size_t lo = 1;
    for (unsigned i = 0; i < plan->nsteps; i++) {
        const lwcx_plan_step *s = &plan->step[i];
        if (s->crossover) put(t, " %s from %zu bytes (if its device is there), else", s->impl->name, s->impl->auto_from());
        else if (s->max_blocks == SIZE_MAX && lo == 1) put(t, " %s for every size", s->impl->name);
        else if (s->max_blocks == SIZE_MAX) put(t, " %s from %zu blocks", s->impl->name, lo);
        else if (s->max_blocks >= lo) {
            put(t, " %s for %zu-%zu blocks,", s->impl->name, lo, s->max_blocks);
            lo = s->max_blocks + 1;
        }
    }
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
        put_kind(&t, p, k);
        put(&t, ":");
        if (k == lwcx_policy_sized_kind(p)) put_steps(&t, plan);
        else put(&t, " %s", plan->pick[k] ? plan->pick[k]->name : "none");
        put(&t, " (from %s)\n", from_names[plan->from[k]]);
        if (plan->from[k] != LWCX_FROM_POLICY)
            put(&t, "    %-11s measured fastest here (%s): yes, chosen; the rules would give:\n", plan->pick[k]->name,
                from_names[plan->from[k]]);
        for (const lwcx_policy_rule *r = rules; r->impl; r++) explain_row(&t, p, r, k, plan);
    }
    return t.len;
}
