/* Internal interfaces shared by the library, the CLI, the benchmarks and the tests. */
#ifndef LWCX_INTERNAL_H
#define LWCX_INTERNAL_H

#include <stdatomic.h>
#include <stdint.h>
#include <string.h>

#include "lwcx.h"

#if defined(__GNUC__)
#define LWCX_LIKELY(x) __builtin_expect(!!(x), 1)
#define LWCX_UNLIKELY(x) __builtin_expect(!!(x), 0)
#else
#define LWCX_LIKELY(x) (x)
#define LWCX_UNLIKELY(x) (x)
#endif

/* What every implementation descriptor starts with. A primitive's own
 * descriptor type embeds this as its first member and adds the function
 * pointers at the lowest level that differs between implementations. */
typedef struct lwcx_impl_desc {
    const char *name;
    const char *description;
    uint32_t features; /* LWCX_CPU_* bits required */
    unsigned batch;    /* natural batch width */
} lwcx_impl_desc;

typedef struct lwcx_primitive {
    const char *name;
    const char *description;
    const lwcx_impl_desc *const *impls; /* preference order (fastest first), NULL-terminated */
    _Atomic(const lwcx_impl_desc *) active;
} lwcx_primitive;

/* The implementation in use: chosen on first call (LWCX_IMPL, else the first
 * available in preference order). Lock-free; racing first calls agree. */
const lwcx_impl_desc *lwcx_choose_impl(lwcx_primitive *p);
static inline const void *lwcx_active_impl(lwcx_primitive *p)
{
    const lwcx_impl_desc *d = atomic_load_explicit(&p->active, memory_order_acquire);
    return LWCX_LIKELY(d != NULL) ? (const void *)d : (const void *)lwcx_choose_impl(p);
}

int lwcx_impl_supported(const lwcx_impl_desc *d);
lwcx_primitive *lwcx_find_primitive(const char *name);
const lwcx_impl_desc *lwcx_find_impl(const lwcx_primitive *p, const char *name);

/* Every primitive compiled in. */
extern lwcx_primitive *const lwcx_primitives[];

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

/* Big-endian 64-bit loads and stores (PRESENT and GIFT write blocks MSB first). */
static inline uint64_t lwcx_load64be(const uint8_t *p)
{
    uint64_t x = 0;
    for (int i = 0; i < 8; i++) x = x << 8 | p[i];
    return x;
}
static inline void lwcx_store64be(uint8_t *p, uint64_t x)
{
    for (int i = 7; i >= 0; i--, x >>= 8) p[i] = (uint8_t)x;
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
