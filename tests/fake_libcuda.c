/* A stand-in for libcuda.so.1 (LWCX_CUDA_DRIVER). By default it has no
 * device (test cuda_fake_driver_no_device): the driver starts and counts
 * zero devices. With LWCX_FAKE_CUDA_DEVICES=N it presents N devices that
 * load lwcx's kernels and move memory (host memory stands for the GPU's),
 * but cannot run a kernel: every launch fails, so every operation fails in
 * its middle, after its copies, and the library must finish it on the CPU
 * and say so (tests cuda_fake_fallback*). LWCX_FAKE_CUDA_FAIL_AFTER=K:
 * every memory call (allocation, copy, fill) after the first K fails too,
 * an earlier point of failure.
 *
 * LWCX_FAKE_CUDA_RUN=1: launches run, the kernel bodies on the CPU (the
 * host launcher, lwcx_dev_run_on_cpu, over the launch's grid), each device
 * with its own context and constant memory. Work queued in a stream
 * (asynchronous copies, launches) is deferred until something waits for it
 * (cuStreamSynchronize, cuCtxSynchronize, cuStreamDestroy): a staging
 * buffer reused before its copy was waited for, or read before, gives wrong
 * results. Asynchronous copies must come from memory of cuMemAllocHost.
 * LWCX_FAKE_CUDA_FAIL_CALL=NAME:K: the K-th call of entry point NAME
 * fails, once (the pipeline's error paths). */
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../src/bc/device/bs_word_kernel32.h"
#include "../src/bc/gift/bs_core.tmpl.h"
#include "../src/bc/pipo/bs_core.tmpl.h"
#include "../src/bc/present/bs_core.tmpl.h"

#include "../src/bc/device/kernel_bodies.tmpl.h"
#include "../src/bc/device/device_host.h"

#define ERR_INVALID_VALUE 1
#define ERR_OUT_OF_MEMORY 2
#define ERR_INVALID_CONTEXT 201
#define ERR_NO_DEVICE 100
#define ERR_INJECTED 999
#define ERR_LAUNCH_FAILED 719
#define MAX_DEVICES 16

typedef unsigned long long CUdeviceptr;

static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER; /* every call: one at a time */

static int devices(void)
{
    const char *e = getenv("LWCX_FAKE_CUDA_DEVICES");
    const int n = e && *e ? atoi(e) : 0;
    return n < MAX_DEVICES ? n : MAX_DEVICES;
}

static int runs(void)
{
    const char *e = getenv("LWCX_FAKE_CUDA_RUN");
    return e && *e == '1';
}

/* 0 while memory calls may succeed (mu held) */
static int memory_fails(void)
{
    static long calls;
    const char *e = getenv("LWCX_FAKE_CUDA_FAIL_AFTER");
    return e && *e && ++calls > atol(e);
}

/* 0 unless LWCX_FAKE_CUDA_FAIL_CALL names this call of entry point `name` (mu held) */
static int injected(const char *name)
{
    static long calls;
    const char *e = getenv("LWCX_FAKE_CUDA_FAIL_CALL"), *colon = e ? strchr(e, ':') : NULL;
    const size_t n = colon ? (size_t)(colon - e) : e ? strlen(e) : 0;
    if (!e || n != strlen(name) || strncmp(e, name, n) != 0) return 0;
    return ++calls == (colon ? atol(colon + 1) : 1);
}

/* --- contexts: one per device, each its constant memory ----------------------- */

typedef struct fake_ctx {
    uint32_t sched[4096]; /* lwcx_kb_sched of every module */
} fake_ctx;
static fake_ctx ctxs[MAX_DEVICES];
static _Thread_local fake_ctx *current[8];
static _Thread_local int depth;

static fake_ctx *cur(void)
{
    return depth ? current[depth - 1] : NULL;
}

/* --- streams: queues of work run when waited for --------------------------------- */

enum { OP_COPY, OP_LAUNCH };
typedef struct fake_op {
    struct fake_op *next;
    int kind;
    void *dst;
    const void *src;
    size_t bytes;
    int c, mode;
    unsigned grid, block;
    kb_args a;
    fake_ctx *ctx;
} fake_op;

typedef struct fake_stream {
    struct fake_stream *next; /* every stream, for cuCtxSynchronize */
    fake_ctx *ctx;
    fake_op *head, *tail;
} fake_stream;
static fake_stream *streams;

static void run_launch(int c, int mode, kb_args *a, unsigned grid, unsigned block, fake_ctx *ctx)
{
    lwcx_dev_run_on_cpu(c, mode, a, grid, block, ctx->sched, NULL, 0);
}

static void drain(fake_stream *s)
{
    while (s->head) {
        fake_op *o = s->head;
        s->head = o->next;
        if (o->kind == OP_COPY)
            memcpy(o->dst, o->src, o->bytes);
        else
            run_launch(o->c, o->mode, &o->a, o->grid, o->block, o->ctx);
        free(o);
    }
    s->tail = NULL;
}

static int enqueue(fake_stream *s, const fake_op *op)
{
    fake_op *o = malloc(sizeof *o);
    if (!o) return ERR_OUT_OF_MEMORY;
    *o = *op;
    o->next = NULL;
    if (s->tail)
        s->tail->next = o;
    else
        s->head = o;
    s->tail = o;
    return 0;
}

/* --- pinned host memory ---------------------------------------------------------- */

/* the blocks cuMemAllocHost gave, their addresses disguised (XOR), so that
 * LeakSanitizer sees a block the library lost as leaked, not as held here */
#define PIN_MASK ((uintptr_t)0x5A5A5A5A5A5A5A5Aull)
typedef struct pinned {
    uintptr_t at; /* address ^ PIN_MASK, 0: free */
    size_t bytes;
} pinned;
static pinned pins[64];

static int is_pinned(const void *p, size_t bytes)
{
    const uintptr_t q = (uintptr_t)p;
    for (int i = 0; i < 64; i++) {
        const uintptr_t b = pins[i].at ^ PIN_MASK;
        if (pins[i].at && q >= b && bytes <= pins[i].bytes && q - b <= pins[i].bytes - bytes) return 1;
    }
    return 0;
}

/* --- the entry points --------------------------------------------------------------- */

#define API(ret, name, args) __attribute__((visibility("default"))) ret name args; ret name args
#define LOCKED(expr)                                                                              \
    do {                                                                                          \
        pthread_mutex_lock(&mu);                                                                  \
        const int r_ = (expr);                                                                    \
        pthread_mutex_unlock(&mu);                                                                \
        return r_;                                                                                \
    } while (0)

API(int, cuInit, (unsigned flags))
{
    (void)flags;
    return 0;
}
API(int, cuDeviceGetCount, (int *n))
{
    *n = devices();
    return 0;
}
API(int, cuDeviceGet, (int *dev, int ordinal))
{
    *dev = ordinal;
    return ordinal < devices() ? 0 : ERR_NO_DEVICE;
}
API(int, cuDeviceGetAttribute, (int *v, int attr, int dev))
{
    (void)attr, (void)dev;
    *v = 2;
    return 0;
}
API(int, cuDeviceGetName, (char *name, int len, int dev))
{
    (void)dev;
    strncpy(name, "lwcx fake GPU", (size_t)len);
    return 0;
}
API(int, cuDevicePrimaryCtxRetain, (void **c, int dev))
{
    if (dev < 0 || dev >= devices()) return ERR_NO_DEVICE;
    *c = &ctxs[dev];
    return 0;
}
API(int, cuCtxPushCurrent_v2, (void *c))
{
    if (depth == 8) return ERR_INVALID_CONTEXT;
    current[depth++] = c;
    return 0;
}
API(int, cuCtxPopCurrent_v2, (void **c))
{
    if (!depth) return ERR_INVALID_CONTEXT;
    *c = current[--depth];
    return 0;
}
static int ctx_synchronize(void)
{
    for (fake_stream *s = streams; s; s = s->next)
        if (s->ctx == cur()) drain(s);
    return 0;
}
API(int, cuCtxSynchronize, (void))
{
    LOCKED(ctx_synchronize());
}
static int module;
API(int, cuModuleLoadData, (void **m, const void *image))
{
    (void)image;
    *m = &module;
    return 0;
}
/* a function: its (cipher, mode) from its name */
static int functions[KB_NCIPHERS][NMODES];
API(int, cuModuleGetFunction, (void **f, void *m, const char *name))
{
    (void)m;
    for (int c = 0; c < KB_NCIPHERS; c++)
        for (int md = 0; md < NMODES; md++) {
            const size_t n = strlen(dev_cipher_names[c]);
            if (strncmp(name, "lwcx_", 5) == 0 && strncmp(name + 5, dev_cipher_names[c], n) == 0 &&
                name[5 + n] == '_' && strcmp(name + 6 + n, dev_mode_names[md]) == 0) {
                *f = &functions[c][md];
                return 0;
            }
        }
    return 500; /* CUDA_ERROR_NOT_FOUND */
}
API(int, cuModuleGetGlobal_v2, (CUdeviceptr *p, size_t *bytes, void *m, const char *name))
{
    (void)m, (void)name;
    if (!cur()) return ERR_INVALID_CONTEXT;
    *p = (CUdeviceptr)(uintptr_t)cur()->sched;
    *bytes = sizeof cur()->sched;
    return 0;
}
static int mem_alloc(CUdeviceptr *p, size_t bytes)
{
    void *q = memory_fails() || injected("cuMemAlloc") ? NULL : malloc(bytes ? bytes : 1);
    *p = (CUdeviceptr)(uintptr_t)q;
    return q ? 0 : ERR_OUT_OF_MEMORY;
}
API(int, cuMemAlloc_v2, (CUdeviceptr *p, size_t bytes))
{
    LOCKED(mem_alloc(p, bytes));
}
API(int, cuMemFree_v2, (CUdeviceptr p))
{
    free((void *)(uintptr_t)p);
    return 0;
}
static int copy(void *dst, const void *src, size_t bytes)
{
    if (memory_fails()) return ERR_LAUNCH_FAILED;
    memcpy(dst, src, bytes);
    return 0;
}
API(int, cuMemcpyHtoD_v2, (CUdeviceptr dst, const void *src, size_t bytes))
{
    LOCKED(copy((void *)(uintptr_t)dst, src, bytes));
}
API(int, cuMemcpyDtoH_v2, (void *dst, CUdeviceptr src, size_t bytes))
{
    LOCKED(copy(dst, (const void *)(uintptr_t)src, bytes));
}
static int memset_d8(CUdeviceptr dst, unsigned char v, size_t bytes)
{
    if (memory_fails()) return ERR_LAUNCH_FAILED;
    memset((void *)(uintptr_t)dst, v, bytes);
    return 0;
}
API(int, cuMemsetD8_v2, (CUdeviceptr dst, unsigned char v, size_t bytes))
{
    LOCKED(memset_d8(dst, v, bytes));
}
static int launch(int *f, unsigned gx, unsigned bx, fake_stream *s, void **params)
{
    if (!runs() || injected("cuLaunchKernel")) return ERR_LAUNCH_FAILED; /* no kernel runs here */
    if (!cur()) return ERR_INVALID_CONTEXT;
    const ptrdiff_t i = f - &functions[0][0];
    fake_op o = {.kind = OP_LAUNCH, .c = (int)(i / NMODES), .mode = (int)(i % NMODES), .grid = gx, .block = bx,
                 .ctx = cur()};
    memcpy(&o.a, params[0], sizeof o.a); /* the parameters as at the launch */
    if (s) return enqueue(s, &o);
    run_launch(o.c, o.mode, &o.a, gx, bx, o.ctx);
    return 0;
}
API(int, cuLaunchKernel, (void *f, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by, unsigned bz,
                          unsigned shared, void *stream, void **params, void **extra))
{
    (void)gy, (void)gz, (void)by, (void)bz, (void)shared, (void)extra;
    LOCKED(launch(f, gx, bx, stream, params));
}

/* the pipeline's */
static int alloc_host(void **p, size_t bytes)
{
    *p = NULL;
    if (memory_fails() || injected("cuMemAllocHost")) return ERR_OUT_OF_MEMORY;
    for (int i = 0; i < 64; i++)
        if (!pins[i].at) {
            if (!(*p = malloc(bytes ? bytes : 1))) return ERR_OUT_OF_MEMORY;
            pins[i].at = (uintptr_t)*p ^ PIN_MASK;
            pins[i].bytes = bytes;
            return 0;
        }
    return ERR_OUT_OF_MEMORY;
}
API(int, cuMemAllocHost_v2, (void **p, size_t bytes))
{
    LOCKED(alloc_host(p, bytes));
}
/* memory a queued copy still uses is not freed */
static int free_host(void *p)
{
    for (fake_stream *s = streams; s; s = s->next)
        for (fake_op *o = s->head; o; o = o->next)
            if (o->kind == OP_COPY && (o->dst == p || o->src == p)) return ERR_INVALID_VALUE;
    for (int i = 0; i < 64; i++)
        if (pins[i].at && (pins[i].at ^ PIN_MASK) == (uintptr_t)p) {
            free(p);
            pins[i].at = 0;
            return 0;
        }
    return ERR_INVALID_VALUE;
}
API(int, cuMemFreeHost, (void *p))
{
    LOCKED(free_host(p));
}
static int stream_create(fake_stream **ps)
{
    *ps = NULL;
    if (injected("cuStreamCreate")) return ERR_OUT_OF_MEMORY;
    fake_stream *s = calloc(1, sizeof *s);
    if (!s) return ERR_OUT_OF_MEMORY;
    s->ctx = cur();
    s->next = streams;
    streams = *ps = s;
    return 0;
}
API(int, cuStreamCreate, (void **s, unsigned flags))
{
    (void)flags;
    LOCKED(stream_create((fake_stream **)s));
}
static int stream_destroy(fake_stream *s)
{
    drain(s); /* (as the driver: the work queued completes) */
    for (fake_stream **p = &streams; *p; p = &(*p)->next)
        if (*p == s) {
            *p = s->next;
            free(s);
            return 0;
        }
    return ERR_INVALID_VALUE;
}
API(int, cuStreamDestroy_v2, (void *s))
{
    LOCKED(stream_destroy(s));
}
static int stream_sync(fake_stream *s)
{
    if (!s || injected("cuStreamSynchronize")) return ERR_LAUNCH_FAILED;
    drain(s);
    return 0;
}
API(int, cuStreamSynchronize, (void *s))
{
    LOCKED(stream_sync(s));
}
static int copy_async(void *dst, const void *src, size_t bytes, fake_stream *s, const void *host, const char *name)
{
    if (memory_fails() || injected(name)) return ERR_LAUNCH_FAILED;
    if (!s || !is_pinned(host, bytes)) return ERR_INVALID_VALUE; /* (here: asynchronous only from pinned memory) */
    const fake_op o = {.kind = OP_COPY, .dst = dst, .src = src, .bytes = bytes};
    return enqueue(s, &o);
}
API(int, cuMemcpyHtoDAsync_v2, (CUdeviceptr dst, const void *src, size_t bytes, void *s))
{
    LOCKED(copy_async((void *)(uintptr_t)dst, src, bytes, s, src, "cuMemcpyHtoDAsync"));
}
API(int, cuMemcpyDtoHAsync_v2, (void *dst, CUdeviceptr src, size_t bytes, void *s))
{
    LOCKED(copy_async(dst, (const void *)(uintptr_t)src, bytes, s, dst, "cuMemcpyDtoHAsync"));
}
