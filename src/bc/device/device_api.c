/* The device layer's state that outlives a backend and exists without one
 * (always built): the record of work the device backends finished on the
 * CPU after a device call failed (lwcx_impl_fallbacks, the key search's
 * count), and the OpenCL devices a program asks for (lwcx_opencl_set_devices).
 * The backends (device/cuda_impl.c, device/opencl_impl.c) write them. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>

#include "../bc_impl.h"

static const char *const backend_names[BC_NDEVS] = {"cuda", "opencl"};

static struct {
    _Atomic uint64_t calls, batches;
    atomic_flag claimed;          /* the first reason is being written */
    _Atomic(const char *) why;    /* published once written */
    char why_buf[160];
} rec[BC_NDEVS] = {{.claimed = ATOMIC_FLAG_INIT}, {.claimed = ATOMIC_FLAG_INIT}};

static _Thread_local uint64_t thread_fallbacks;

void lwcx_bc_dev_fell_back(int backend, uint64_t batches, const char *why)
{
    if ((unsigned)backend >= BC_NDEVS) return;
    thread_fallbacks++;
    atomic_fetch_add(&rec[backend].calls, 1);
    atomic_fetch_add(&rec[backend].batches, batches);
    if (!atomic_flag_test_and_set(&rec[backend].claimed)) { /* the first reason, kept */
        snprintf(rec[backend].why_buf, sizeof rec[backend].why_buf, "%s", why ? why : "a device call failed");
        atomic_store(&rec[backend].why, rec[backend].why_buf);
    }
}

uint64_t lwcx_bc_dev_thread_fallbacks(void)
{
    return thread_fallbacks;
}

int lwcx_bc_dev_backend(const char *impl_name)
{
    for (int b = 0; impl_name && b < BC_NDEVS; b++)
        if (strcmp(impl_name, backend_names[b]) == 0) return b;
    return -1;
}

const char *lwcx_bc_dev_fallback_why(int backend)
{
    return (unsigned)backend < BC_NDEVS ? atomic_load(&rec[backend].why) : NULL;
}

uint64_t lwcx_impl_fallbacks(const lwcx_impl *impl, uint64_t *batches, const char **why)
{
    if (batches) *batches = 0;
    if (why) *why = NULL;
    const char *prim = lwcx_impl_primitive(impl);
    int is_bc = 0;
    for (int c = 0; prim && c < BC_NCIPHERS; c++) is_bc |= strcmp(prim, lwcx_bc_ciphers[c].name) == 0;
    const int b = is_bc ? lwcx_bc_dev_backend(lwcx_impl_name(impl)) : -1;
    if (b < 0) return 0;
    if (batches) *batches = atomic_load(&rec[b].batches);
    if (why) *why = atomic_load(&rec[b].why);
    return atomic_load(&rec[b].calls);
}

/* --- the devices a program names (cuda, opencl) ----------------------------------- */

static pthread_mutex_t list_lock = PTHREAD_MUTEX_INITIALIZER;
static struct {
    unsigned dev[BC_MAX_NAMED_DEVICES], n;
    int set, taken;
} lists[BC_NDEVS];

static int set_devices(int backend, const unsigned *devices, size_t n)
{
    if (n > BC_MAX_NAMED_DEVICES) return LWCX_ERR_ARG;
    if (n && !devices) return LWCX_ERR_NULL;
    for (size_t i = 0; i < n; i++)
        if (devices[i] > 1000) return LWCX_ERR_ARG;
    int rc = LWCX_OK;
    pthread_mutex_lock(&list_lock);
    const int same = lists[backend].set && lists[backend].n == n &&
                     (n == 0 || memcmp(lists[backend].dev, devices, n * sizeof *devices) == 0);
    if (lists[backend].taken && !same) {
        rc = LWCX_ERR_ARG; /* the backend has chosen its devices already */
    } else {
        for (size_t i = 0; i < n; i++) lists[backend].dev[i] = devices[i];
        lists[backend].n = (unsigned)n;
        lists[backend].set = 1;
    }
    pthread_mutex_unlock(&list_lock);
    return rc;
}

int lwcx_opencl_set_devices(const unsigned *devices, size_t n)
{
    return set_devices(BC_DEV_OPENCL, devices, n);
}

int lwcx_cuda_set_devices(const unsigned *devices, size_t n)
{
    return set_devices(BC_DEV_CUDA, devices, n);
}

int lwcx_bc_devices_take(int backend, unsigned *devices)
{
    pthread_mutex_lock(&list_lock);
    lists[backend].taken = 1;
    const int n = lists[backend].set ? (int)lists[backend].n : -1;
    for (int i = 0; i < n; i++) devices[i] = lists[backend].dev[i];
    pthread_mutex_unlock(&list_lock);
    return n;
}
