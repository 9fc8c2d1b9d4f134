/* The implementation registry: listing, automatic choice, forcing by name. */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

extern lwcx_primitive lwcx_prim_kcc23p4, lwcx_prim_kcc24p6, lwcx_prim_sparkle;
extern lwcx_primitive lwcx_prim_present80, lwcx_prim_present128, lwcx_prim_gift64, lwcx_prim_gift128,
    lwcx_prim_pipo128, lwcx_prim_pipo256;

lwcx_primitive *const lwcx_primitives[] = {
    &lwcx_prim_kcc23p4,
    &lwcx_prim_kcc24p6,
    &lwcx_prim_sparkle,
    &lwcx_prim_present80,
    &lwcx_prim_present128,
    &lwcx_prim_gift64,
    &lwcx_prim_gift128,
    &lwcx_prim_pipo128,
    &lwcx_prim_pipo256,
    NULL,
};

int lwcx_impl_supported(const lwcx_impl_desc *d)
{
    return (lwcx_cpu_features() & d->features) == d->features;
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
    for (size_t i = 0; p->impls[i]; i++)
        if (strcmp(p->impls[i]->name, name) == 0) return p->impls[i];
    return NULL;
}

/* LWCX_IMPL is a comma-separated list of "primitive:impl" or bare "impl"
 * entries; a primitive-specific entry wins over a bare one. Entries naming an
 * implementation this CPU cannot run are ignored (lwcx list shows the result). */
static const lwcx_impl_desc *impl_from_env(const lwcx_primitive *p)
{
    const char *env = getenv("LWCX_IMPL");
    const lwcx_impl_desc *bare = NULL;
    if (!env) return NULL;
    size_t plen = strlen(p->name);
    while (*env) {
        size_t n = strcspn(env, ", ");
        char entry[64];
        if (n > 0 && n < sizeof entry) {
            memcpy(entry, env, n);
            entry[n] = 0;
            char *colon = strchr(entry, ':');
            if (colon) {
                if ((size_t)(colon - entry) == plen && strncmp(entry, p->name, plen) == 0) {
                    const lwcx_impl_desc *d = lwcx_find_impl(p, colon + 1);
                    if (d && lwcx_impl_supported(d)) return d;
                }
            } else if (!bare) {
                const lwcx_impl_desc *d = lwcx_find_impl(p, entry);
                if (d && lwcx_impl_supported(d)) bare = d;
            }
        }
        env += n;
        while (*env == ',' || *env == ' ') env++;
    }
    return bare;
}

const lwcx_impl_desc *lwcx_choose_impl(lwcx_primitive *p)
{
    const lwcx_impl_desc *d = impl_from_env(p);
    for (size_t i = 0; !d && p->impls[i]; i++)
        if (lwcx_impl_supported(p->impls[i])) d = p->impls[i];
    /* the last entry of every list is "ref", which needs no feature */
    const lwcx_impl_desc *expected = NULL;
    if (atomic_compare_exchange_strong(&p->active, &expected, d)) return d;
    return expected; /* another thread (or lwcx_impl_select) got there first */
}

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

int lwcx_impl_get(const char *primitive, size_t index, lwcx_impl_info *info)
{
    if (!primitive || !info) return LWCX_ERR_NULL;
    lwcx_primitive *p = lwcx_find_primitive(primitive);
    if (!p || index >= lwcx_impl_count(primitive)) return LWCX_ERR_NO_IMPL;
    const lwcx_impl_desc *d = p->impls[index];
    info->primitive = p->name;
    info->name = d->name;
    info->description = d->description;
    info->features = d->features;
    info->batch = d->batch;
    info->available = lwcx_impl_supported(d);
    info->selected = lwcx_active_impl(p) == (const void *)d;
    return LWCX_OK;
}

int lwcx_impl_select(const char *primitive, const char *name)
{
    if (!primitive) return LWCX_ERR_NULL;
    lwcx_primitive *p = lwcx_find_primitive(primitive);
    if (!p) return LWCX_ERR_NO_IMPL;
    if (!name) {
        atomic_store(&p->active, NULL);
        lwcx_choose_impl(p);
        return LWCX_OK;
    }
    const lwcx_impl_desc *d = lwcx_find_impl(p, name);
    if (!d) return LWCX_ERR_NO_IMPL;
    if (!lwcx_impl_supported(d)) return LWCX_ERR_UNSUPPORTED;
    atomic_store(&p->active, d);
    return LWCX_OK;
}

const char *lwcx_impl_selected(const char *primitive)
{
    lwcx_primitive *p = lwcx_find_primitive(primitive);
    if (!p) return NULL;
    return ((const lwcx_impl_desc *)lwcx_active_impl(p))->name;
}
