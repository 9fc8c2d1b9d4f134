/* The implementation registry: listing, handles, forcing by name, the
 * strict reading of LWCX_IMPL, and the resolvers that apply the selection
 * policy (policy.c) where nothing is named. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

#define LWCX_PRIMITIVE_DECLARE_(name) extern lwcx_primitive lwcx_prim_##name;
#define LWCX_PRIMITIVE_ENTRY_(name) &lwcx_prim_##name,
LWCX_PRIMITIVES(LWCX_PRIMITIVE_DECLARE_)
lwcx_primitive *const lwcx_primitives[] = {LWCX_PRIMITIVES(LWCX_PRIMITIVE_ENTRY_) NULL};

int lwcx_impl_supported(const lwcx_impl_desc *d)
{
    return (lwcx_cpu_features() & d->features) == d->features && (!d->probe || !d->probe());
}

lwcx_primitive *lwcx_find_primitive(const char *name)
{
    if (!name) return NULL;
    for (size_t i = 0; lwcx_primitives[i]; i++)
        if (strcmp(lwcx_primitives[i]->name, name) == 0) return lwcx_primitives[i];
    return NULL;
}

const lwcx_impl_desc *lwcx_find_impl(const lwcx_primitive *p, const char *name)
{
    if (!p || !name) return NULL;
    for (size_t i = 0; p->impls[i]; i++)
        if (strcmp(p->impls[i]->name, name) == 0) return p->impls[i];
    return NULL;
}

static int owns(const lwcx_primitive *p, const lwcx_impl_desc *d)
{
    for (size_t i = 0; p->impls[i]; i++)
        if (p->impls[i] == d) return 1;
    return 0;
}

static const lwcx_primitive *owner(const lwcx_impl_desc *d)
{
    for (size_t i = 0; d && lwcx_primitives[i]; i++)
        if (owns(lwcx_primitives[i], d)) return lwcx_primitives[i];
    return NULL;
}

/* --- LWCX_IMPL ------------------------------------------------------------- */

/* Reads LWCX_IMPL. With p: *choice = p's entry (NULL if none applies).
 * Every entry is checked whatever p is, so one bad entry fails them all.
 * Returns LWCX_OK or LWCX_ERR_IMPL_ENV with a message in msg. */
static LWCX_NODISCARD int read_env(const lwcx_primitive *p, const lwcx_impl_desc **choice, char *msg, size_t cap)
{
    const char *env = getenv("LWCX_IMPL");
    const lwcx_impl_desc *specific = NULL, *bare = NULL;
    char entry[64];
    if (choice) *choice = NULL;
    if (!env) return LWCX_OK;
    for (const char *e = env; *e;) {
        size_t n = strcspn(e, ", ");
        if (n == 0) {
            e++;
            continue;
        }
        if (n >= sizeof entry) {
            if (msg) snprintf(msg, cap, "LWCX_IMPL: entry '%.20s...' is too long", e);
            return LWCX_ERR_IMPL_ENV;
        }
        memcpy(entry, e, n);
        entry[n] = 0;
        e += n;
        char *colon = strchr(entry, ':');
        if (colon) {
            *colon = 0;
            const lwcx_primitive *q = lwcx_find_primitive(entry);
            const lwcx_impl_desc *d = lwcx_find_impl(q, colon + 1);
            if (!q || !d) {
                if (msg)
                    snprintf(msg, cap, "LWCX_IMPL: %s '%s:%s'", q ? "no such implementation" : "no such primitive",
                             entry, colon + 1);
                return LWCX_ERR_IMPL_ENV;
            }
            if (!lwcx_impl_supported(d)) {
                const char *why = NULL;
                lwcx_impl_available(d, &why);
                if (msg) snprintf(msg, cap, "LWCX_IMPL: %s:%s cannot run here (%s)", entry, colon + 1, why);
                return LWCX_ERR_IMPL_ENV;
            }
            if (q == p) specific = d;
        } else {
            /* a bare name: every primitive that has it must be able to run it */
            int known = 0;
            for (size_t i = 0; lwcx_primitives[i]; i++) {
                const lwcx_impl_desc *d = lwcx_find_impl(lwcx_primitives[i], entry);
                if (!d) continue;
                known = 1;
                if (!lwcx_impl_supported(d)) {
                    const char *why = NULL;
                    lwcx_impl_available(d, &why);
                    if (msg)
                        snprintf(msg, cap, "LWCX_IMPL: %s:%s cannot run here (%s)", lwcx_primitives[i]->name,
                                 entry, why);
                    return LWCX_ERR_IMPL_ENV;
                }
                if (lwcx_primitives[i] == p && !bare) bare = d;
            }
            if (!known) {
                if (msg) snprintf(msg, cap, "LWCX_IMPL: no primitive has an implementation '%s'", entry);
                return LWCX_ERR_IMPL_ENV;
            }
        }
    }
    if (choice) *choice = specific ? specific : bare;
    return LWCX_OK;
}

int lwcx_impl_env_check(char *msg, size_t cap)
{
    if (msg && cap) msg[0] = 0;
    return read_env(NULL, NULL, msg, cap);
}

const lwcx_impl_desc *lwcx_choose_impl(lwcx_primitive *p)
{
    const lwcx_impl_desc *d = NULL;
    if (read_env(p, &d, NULL, 0) != LWCX_OK) return NULL; /* not cached: fails until fixed */
    if (d) atomic_store(&p->forced, 1); /* (only lwcx_impl_select(p, NULL) clears it) */
    if (!d) d = lwcx_plan_of(p)->pick[LWCX_CALL_DEFAULT]; /* ref, at worst */
    const lwcx_impl_desc *expected = NULL;
    if (atomic_compare_exchange_strong(&p->active, &expected, d)) return d;
    return expected; /* another thread (or lwcx_impl_select) got there first */
}

const void *lwcx_resolve_slow(lwcx_primitive *p, const lwcx_impl *impl, int *status)
{
    if (!impl) {
        const lwcx_impl_desc *d = lwcx_active_impl(p);
        if (!d) *status = LWCX_ERR_IMPL_ENV;
        return d;
    }
    if (!owns(p, impl)) {
        *status = LWCX_ERR_NO_IMPL;
        return NULL;
    }
    if (!lwcx_impl_supported(impl)) {
        *status = LWCX_ERR_UNSUPPORTED;
        return NULL;
    }
    return impl;
}

const void *lwcx_resolve_sized(lwcx_primitive *p, const lwcx_impl *impl, size_t len, size_t nblocks,
                               int *status)
{
    const lwcx_impl_desc *d = lwcx_resolve(p, impl, status);
    if (impl || !d || atomic_load(&p->forced)) return d;
    return lwcx_plan_one_key_here(lwcx_plan_of(p), len, nblocks);
}

const void *lwcx_resolve_kind(lwcx_primitive *p, const lwcx_impl *impl, int kind, int *status)
{
    const lwcx_impl_desc *d = lwcx_resolve(p, impl, status);
    if (impl || !d || atomic_load(&p->forced) || kind < 0 || kind >= LWCX_CALL_KINDS) return d;
    const lwcx_impl_desc *k = lwcx_plan_of(p)->pick[kind];
    return k ? k : d;
}

/* --- the public registry API ---------------------------------------------- */

size_t lwcx_primitive_count(void)
{
    size_t n = 0;
    while (lwcx_primitives[n]) n++;
    return n;
}

const char *lwcx_primitive_name(size_t index)
{
    return index < lwcx_primitive_count() ? lwcx_primitives[index]->name : NULL;
}

const char *lwcx_primitive_description(const char *primitive)
{
    const lwcx_primitive *p = lwcx_find_primitive(primitive);
    return p ? p->description : NULL;
}

size_t lwcx_impl_count(const char *primitive)
{
    const lwcx_primitive *p = lwcx_find_primitive(primitive);
    size_t n = 0;
    if (p)
        while (p->impls[n]) n++;
    return n;
}

const lwcx_impl *lwcx_impl_at(const char *primitive, size_t index)
{
    const lwcx_primitive *p = lwcx_find_primitive(primitive);
    return p && index < lwcx_impl_count(primitive) ? p->impls[index] : NULL;
}

const lwcx_impl *lwcx_impl_find(const char *primitive, const char *name)
{
    return lwcx_find_impl(lwcx_find_primitive(primitive), name);
}

const char *lwcx_impl_name(const lwcx_impl *impl)
{
    return impl ? impl->name : NULL;
}

const char *lwcx_impl_primitive(const lwcx_impl *impl)
{
    const lwcx_primitive *p = owner(impl);
    return p ? p->name : NULL;
}

const char *lwcx_impl_description(const lwcx_impl *impl)
{
    return impl ? impl->description : NULL;
}

uint32_t lwcx_impl_features(const lwcx_impl *impl)
{
    return impl ? impl->features : 0;
}

unsigned lwcx_impl_batch(const lwcx_impl *impl)
{
    return impl ? impl->batch : 0;
}

unsigned lwcx_impl_devices(const lwcx_impl *impl)
{
    return impl && impl->devices && lwcx_impl_available(impl, NULL) ? impl->devices(NULL, 0) : 0;
}

int lwcx_impl_available(const lwcx_impl *impl, const char **why)
{
    static const char *const missing[32] = {
        [0] = "needs ssse3", [1] = "needs sse4.1", [2] = "needs avx2",    [3] = "needs bmi2",
        [4] = "needs pclmulqdq", [5] = "needs vpclmulqdq", [6] = "needs aes-ni", [7] = "needs avx-512",
        [8] = "needs gfni", [11] = "needs avx-512 vbmi", [16] = "needs neon", [17] = "needs pmull", [18] = "needs arm aes",
    };
    const char *reason = NULL;
    if (!impl) {
        reason = "no such implementation";
    } else {
        uint32_t lack = impl->features & ~lwcx_cpu_features();
        if (lack) {
            reason = missing[__builtin_ctz(lack)];
            if (!reason) reason = "needs a CPU feature this machine lacks";
        } else if (impl->probe) {
            reason = impl->probe();
        }
    }
    if (why) *why = reason;
    return reason == NULL;
}

int lwcx_impl_constant_time(const lwcx_impl *impl)
{
    return impl ? impl->constant_time : 0;
}

const lwcx_impl *lwcx_impl_auto(const char *primitive)
{
    lwcx_primitive *p = lwcx_find_primitive(primitive);
    return p ? lwcx_active_impl(p) : NULL;
}

/* A block cipher's block in bytes, 0 for another primitive. */
static size_t block_bytes_of(const char *name)
{
    for (int i = 0; lwcx_bc_name((lwcx_blockcipher)i); i++)
        if (strcmp(lwcx_bc_name((lwcx_blockcipher)i), name) == 0) return lwcx_bc_block_bytes((lwcx_blockcipher)i);
    return 0;
}

const char *lwcx_impl_call_kind(const char *primitive, size_t index)
{
    const lwcx_primitive *p = lwcx_find_primitive(primitive);
    return p && index < (size_t)lwcx_policy_call_kinds(p) ? lwcx_policy_kind_id(p, (int)index) : NULL;
}

const lwcx_impl *lwcx_impl_auto_call(const char *primitive, const char *kind, size_t len, const char **source)
{
    static const char *const sources[] = {"policy", "table", "wisdom"};
    lwcx_primitive *p = lwcx_find_primitive(primitive);
    const int k = p ? lwcx_policy_kind_index(p, kind) : -1;
    if (source) *source = NULL;
    if (k < 0) return NULL;
    const lwcx_impl_desc *d = lwcx_active_impl(p);
    if (!d) return NULL;
    if (atomic_load(&p->forced)) {
        if (source) *source = "named";
        return d;
    }
    const lwcx_plan *plan = lwcx_plan_of(p);
    d = plan->pick[k];
    if (k == lwcx_policy_sized_kind(p)) {
        const size_t block = block_bytes_of(p->name);
        for (unsigned i = 0; i < plan->nsteps; i++) /* the CPU's steps, without a GPU's crossover */
            if (!plan->step[i].crossover && (block ? len / block : len) <= plan->step[i].max_blocks) {
                d = plan->step[i].impl;
                break;
            }
    }
    if (source) *source = sources[plan->from[k]];
    return d;
}

int lwcx_impl_select(const char *primitive, const char *name)
{
    if (!primitive) return LWCX_ERR_NULL;
    lwcx_primitive *p = lwcx_find_primitive(primitive);
    if (!p) return LWCX_ERR_NO_IMPL;
    if (!name) {
        atomic_store(&p->forced, 0);
        atomic_store(&p->active, NULL);
        return lwcx_choose_impl(p) ? LWCX_OK : LWCX_ERR_IMPL_ENV;
    }
    const lwcx_impl_desc *d = lwcx_find_impl(p, name);
    if (!d) return LWCX_ERR_NO_IMPL;
    if (!lwcx_impl_supported(d)) return LWCX_ERR_UNSUPPORTED;
    if (read_env(NULL, NULL, NULL, 0) != LWCX_OK) return LWCX_ERR_IMPL_ENV; /* strict: fix it first */
    atomic_store(&p->forced, 1);
    atomic_store(&p->active, d);
    return LWCX_OK;
}

const char *lwcx_impl_selected(const char *primitive)
{
    return lwcx_impl_name(lwcx_impl_auto(primitive));
}
