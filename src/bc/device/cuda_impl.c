/* The `cuda` implementation of the six block ciphers: the kernels of
 * device/cuda_kernels.cu (embedded as a fat binary: sm_80, sm_90 and PTX) run on an
 * NVIDIA GPU through the CUDA driver API, which is loaded at run time
 * (dlopen("libcuda.so.1")): the library links no CUDA library, so the same
 * binary runs where there is no driver or no GPU, and `cuda` is then
 * unavailable with the reason (lwcx list). Every device the driver lists is
 * used (CUDA_VISIBLE_DEVICES narrows them): each call runs on one of them,
 * and a key search feeds each from its own thread (device/device_modes.tmpl.h).
 *
 * The host launcher: with LWCX_CUDA_EMULATE set (to 1, or to a number of
 * SMs), no driver is touched and every launch runs the kernel bodies
 * (device/kernel_bodies.tmpl.h, the same code the GPU runs) on the CPU over every (block,
 * thread) of the launch configuration a GPU with that many SMs would get;
 * LWCX_CUDA_EMULATE_DEVICES=N emulates N such GPUs.
 * The tests use it to check the index arithmetic of the kernels against ref.
 * If a driver call fails in the middle of an operation, the operation is
 * completed the same way on the CPU, so results are always right, and the
 * caller is told (lwcx_impl_fallbacks, the key search's fallback keys).
 *
 * Not the automatic choice (src/core/policy.c): a launch and two copies over
 * the bus cost more than a small call; force it with LWCX_IMPL or a handle.
 * The exception: one-key ECB and CTR calls from the measured crossover up
 * (auto_from), when the choice is automatic. */
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#include "bs_word_kernel32.h"
#include "../gift/bs_core.tmpl.h"
#include "../pipo/bs_core.tmpl.h"
#include "../present/bs_core.tmpl.h"

#include "kernel_bodies.tmpl.h"
#include "device_modes.tmpl.h"

/* the embedded fat binaries, one per module of device/cuda_kernels.cu: key search
 * (fast), one key (bulk: ECB, CTR, packing), many keys */
extern const unsigned char lwcx_cuda_fatbin_fast[], lwcx_cuda_fatbin_bulk[], lwcx_cuda_fatbin_keys[];
extern const unsigned long lwcx_cuda_fatbin_fast_len, lwcx_cuda_fatbin_bulk_len, lwcx_cuda_fatbin_keys_len;
enum { MOD_FAST, MOD_BULK, MOD_KEYS, NMODULES };

static int module_of(int mode)
{
    return mode == MODE_SEARCH ? MOD_FAST : mode == MODE_KEYS_ENC || mode == MODE_KEYS_DEC ? MOD_KEYS : MOD_BULK;
}

/* --- the driver API, declared here (no CUDA header needed to build) ----------- */

typedef int CUresult;
typedef int CUdevice;
typedef void *CUcontext, *CUmodule, *CUfunction, *CUstream;
typedef unsigned long long CUdeviceptr;
#define CU_ATTR_SM_COUNT 16 /* CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT */

static struct {
    CUresult (*Init)(unsigned);
    CUresult (*DeviceGetCount)(int *);
    CUresult (*DeviceGet)(CUdevice *, int);
    CUresult (*DeviceGetAttribute)(int *, int, CUdevice);
    CUresult (*DeviceGetName)(char *, int, CUdevice);
    CUresult (*DevicePrimaryCtxRetain)(CUcontext *, CUdevice);
    CUresult (*CtxPushCurrent)(CUcontext);
    CUresult (*CtxPopCurrent)(CUcontext *);
    CUresult (*CtxSynchronize)(void);
    CUresult (*ModuleLoadData)(CUmodule *, const void *);
    CUresult (*ModuleGetFunction)(CUfunction *, CUmodule, const char *);
    CUresult (*ModuleGetGlobal)(CUdeviceptr *, size_t *, CUmodule, const char *);
    CUresult (*MemAlloc)(CUdeviceptr *, size_t);
    CUresult (*MemFree)(CUdeviceptr);
    CUresult (*MemcpyHtoD)(CUdeviceptr, const void *, size_t);
    CUresult (*MemcpyDtoH)(void *, CUdeviceptr, size_t);
    CUresult (*MemsetD8)(CUdeviceptr, unsigned char, size_t);
    CUresult (*LaunchKernel)(CUfunction, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned,
                             unsigned, CUstream, void **, void **);
} cu;

/* one device: its context, kernels and the constant-memory masks of each module */
typedef struct cu_device {
    unsigned sms;
    CUcontext ctx;
    CUfunction fn[KB_NCIPHERS][NMODES];
    CUdeviceptr sched[NMODULES]; /* lwcx_kb_sched of each module */
    CUdeviceptr buf[8];   /* the calls' buffers, kept and grown, not allocated per call */
    size_t buf_bytes[8];
    char name[96];
} cu_device;

static struct {
    pthread_once_t once;
    const char *why;      /* NULL: usable */
    unsigned emulate_sms; /* > 0: the host launcher, as on GPUs with this many SMs */
    cu_device dev[DEV_MAX];
    char names[256]; /* the bench's label: the devices' names */
    char why_buf[96];
} g = {.once = PTHREAD_ONCE_INIT};

#define SYM(field, name)                                                                          \
    do {                                                                                          \
        *(void **)&cu.field = dlsym(lib, name);                                                   \
        if (!cu.field) return "libcuda.so.1 lacks " name;                                         \
    } while (0)

/* Device `ordinal` into *d: its primary context, the two modules and the
 * kernels; NULL, or why it cannot be used. */
static const char *load_device(int ordinal, cu_device *d)
{
    CUdevice dev;
    int sms = 0;
    if (cu.DeviceGet(&dev, ordinal) != 0 || cu.DevicePrimaryCtxRetain(&d->ctx, dev) != 0) return "no CUDA context";
    if (cu.DeviceGetAttribute(&sms, CU_ATTR_SM_COUNT, dev) != 0 || sms < 1) sms = 1;
    d->sms = (unsigned)sms;
    if (cu.DeviceGetName(d->name, (int)sizeof d->name - 1, dev) != 0) strcpy(d->name, "?");
    if (cu.CtxPushCurrent(d->ctx) != 0) return "no CUDA context";
    const char *why = NULL;
    const unsigned char *images[NMODULES] = {lwcx_cuda_fatbin_fast, lwcx_cuda_fatbin_bulk, lwcx_cuda_fatbin_keys};
    const unsigned long lens[NMODULES] = {lwcx_cuda_fatbin_fast_len, lwcx_cuda_fatbin_bulk_len,
                                          lwcx_cuda_fatbin_keys_len};
    CUmodule mod[NMODULES] = {NULL, NULL, NULL};
    for (int i = 0; !why && i < NMODULES; i++) {
        /* the driver wants the image aligned: a copy */
        void *image = aligned_alloc(64, (lens[i] + 63) / 64 * 64);
        if (!image) {
            why = "out of memory";
            break;
        }
        memcpy(image, images[i], lens[i]);
        CUresult r = cu.ModuleLoadData(&mod[i], image);
        free(image);
        if (r != 0) {
            snprintf(g.why_buf, sizeof g.why_buf, "the driver cannot load lwcx's kernels (error %d)", r);
            why = g.why_buf;
        }
    }
    for (int i = 0; !why && i < NMODULES; i++) {
        size_t bytes = 0;
        if (cu.ModuleGetGlobal(&d->sched[i], &bytes, mod[i], "lwcx_kb_sched") != 0 ||
            bytes < sizeof(uint32_t) * KB_SCHED_WORDS)
            why = "the kernels' constant memory is missing";
    }
    for (int c = 0; !why && c < KB_NCIPHERS; c++)
        for (int m = 0; !why && m < NMODES; m++) {
            char name[48];
            snprintf(name, sizeof name, "lwcx_%s_%s", dev_cipher_names[c], dev_mode_names[m]);
            if (cu.ModuleGetFunction(&d->fn[c][m], mod[module_of(m)], name) != 0) why = "a kernel is missing";
        }
    CUcontext dummy;
    cu.CtxPopCurrent(&dummy);
    return why;
}

static const char *load_driver(void)
{
    /* LWCX_CUDA_DRIVER: another library in its place (the tests' fake driver) */
    const char *path = getenv("LWCX_CUDA_DRIVER");
    void *lib = dlopen(path && *path ? path : "libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!lib) return "no libcuda.so.1 (no NVIDIA driver)";
    SYM(Init, "cuInit");
    SYM(DeviceGetCount, "cuDeviceGetCount");
    SYM(DeviceGet, "cuDeviceGet");
    SYM(DeviceGetAttribute, "cuDeviceGetAttribute");
    SYM(DeviceGetName, "cuDeviceGetName");
    SYM(DevicePrimaryCtxRetain, "cuDevicePrimaryCtxRetain");
    SYM(CtxPushCurrent, "cuCtxPushCurrent_v2");
    SYM(CtxPopCurrent, "cuCtxPopCurrent_v2");
    SYM(CtxSynchronize, "cuCtxSynchronize");
    SYM(ModuleLoadData, "cuModuleLoadData");
    SYM(ModuleGetFunction, "cuModuleGetFunction");
    SYM(ModuleGetGlobal, "cuModuleGetGlobal_v2");
    SYM(MemAlloc, "cuMemAlloc_v2");
    SYM(MemFree, "cuMemFree_v2");
    SYM(MemcpyHtoD, "cuMemcpyHtoD_v2");
    SYM(MemcpyDtoH, "cuMemcpyDtoH_v2");
    SYM(MemsetD8, "cuMemsetD8_v2");
    SYM(LaunchKernel, "cuLaunchKernel");
    CUresult r = cu.Init(0);
    if (r != 0) {
        snprintf(g.why_buf, sizeof g.why_buf, "the CUDA driver does not start (cuInit: error %d)", r);
        return g.why_buf;
    }
    int n = 0;
    if (cu.DeviceGetCount(&n) != 0 || n < 1) return "no CUDA device";
    /* the devices lwcx_cuda_set_devices named, else every device that
     * takes the kernels (CUDA_VISIBLE_DEVICES narrows them) */
    unsigned want[BC_MAX_NAMED_DEVICES];
    const int nwant = lwcx_bc_devices_take(BC_DEV_CUDA, want);
    const char *why = NULL;
    unsigned usable = 0;
    for (int i = 0; i < (nwant > 0 ? nwant : n) && usable < DEV_MAX; i++) {
        const int d = nwant > 0 ? (int)want[i] : i;
        if (d >= n) {
            snprintf(g.why_buf, sizeof g.why_buf, "no CUDA device %d (the driver lists %d)", d, n);
            return g.why_buf;
        }
        const char *w = load_device(d, &g.dev[usable]);
        if (!w) usable++;
        else if (nwant > 0) return w; /* a named device must work */
        else if (!why) why = w;
    }
    dev_slots_init(usable);
    for (unsigned i = 0; i < usable; i++) /* the devices' names, comma-separated */
        snprintf(g.names + strlen(g.names), sizeof g.names - strlen(g.names), "%s%s", i ? ", " : "",
                 g.dev[i].name);
    return usable ? NULL : why;
}

static void init(void)
{
    const char *e = getenv("LWCX_CUDA_EMULATE");
    if (e && *e && strcmp(e, "0") != 0) {
        long v = strtol(e, NULL, 10);
        g.emulate_sms = v > 1 && v < 100000 ? (unsigned)v : 1;
        /* LWCX_CUDA_EMULATE_DEVICES: as many emulated GPUs (the tests of several) */
        const char *nd = getenv("LWCX_CUDA_EMULATE_DEVICES");
        long d = nd && *nd ? strtol(nd, NULL, 10) : 1;
        if (d < 1 || d > DEV_MAX) d = 1;
        /* lwcx_cuda_set_devices: some of them (all alike: only how many counts) */
        unsigned want[BC_MAX_NAMED_DEVICES];
        const int nwant = lwcx_bc_devices_take(BC_DEV_CUDA, want);
        for (int i = 0; i < nwant; i++)
            if (want[i] >= (unsigned)d) {
                snprintf(g.why_buf, sizeof g.why_buf, "no CUDA device %u (%ld emulated)", want[i], d);
                g.why = g.why_buf;
                return;
            }
        dev_slots_init(nwant > 0 ? (unsigned)nwant : (unsigned)d);
        snprintf(g.names, sizeof g.names, "%u emulated GPU%s (the host launcher)", dev_slots.n,
                 dev_slots.n == 1 ? "" : "s");
        return;
    }
    g.why = load_driver();
}

static const char *probe(void)
{
    pthread_once(&g.once, init);
    return g.why;
}

static unsigned devices(uint64_t *work, unsigned max)
{
    return probe() ? 0 : dev_devices(work, max);
}

static const char *device_name(void)
{
    return probe() ? NULL : g.names;
}

/* The bench's bulk calls: 1 GiB on GPUs; none emulated (the tests name a
 * size, LWCX_BENCH_DEVICE_BYTES). */
static size_t bulk_bytes(void)
{
    return probe() || g.emulate_sms ? 0 : (size_t)1 << 30;
}

/* One-key ECB and CTR calls of at least this many bytes run here when the
 * choice is automatic: the measured crossover against one CPU core, host
 * to host (docs/design/devices.md). LWCX_CUDA_AUTO_BYTES=N: from N bytes, 0:
 * never. Read once, without waking the driver (small calls never do). */
#define AUTO_FROM_BYTES ((size_t)1 << 20)
static size_t auto_bytes;
static pthread_once_t auto_once = PTHREAD_ONCE_INIT;

static void read_auto_bytes(void)
{
    const char *e = getenv("LWCX_CUDA_AUTO_BYTES");
    char *end;
    unsigned long long v = e && *e ? strtoull(e, &end, 10) : AUTO_FROM_BYTES;
    auto_bytes = e && *e && *end ? AUTO_FROM_BYTES : (size_t)v; /* (not a number: the default) */
}

static size_t auto_from(void)
{
    pthread_once(&auto_once, read_auto_bytes);
    return auto_bytes;
}

/* --- launches --------------------------------------------------------------------- */

/* Blocks of KB_THREADS threads for `work` batches: one per batch up to 8
 * blocks per SM; the bodies stride over the rest. */
static unsigned grid_for(uint64_t work, unsigned sms)
{
    const uint64_t want = (work + KB_THREADS - 1) / KB_THREADS, cap = 8 * (uint64_t)sms;
    return want == 0 ? 1 : want < cap ? (unsigned)want : (unsigned)cap;
}

/* A driver call of on_gpu: its result; on the first failure, *why gets the
 * call's name and error in why_buf. */
static int check(CUresult r, const char *call, const cu_device *d, const char **why, char *why_buf, size_t cap)
{
    if (r != 0 && !*why) {
        snprintf(why_buf, cap, "%s failed on %.80s (CUDA error %d)", call, d->name, r);
        *why = why_buf;
    }
    return r != 0;
}
#define CHECK(call, args) check(cu.call args, "cu" #call, d, &why, why_buf, sizeof why_buf)

/* On device d (its lock held); NULL, or the driver call that failed (nothing
 * is then known about dst), in words. */
static const char *on_gpu(cu_device *d, int c, int mode, kb_args *a, uint64_t work, const void *sched, dev_io *bufs,
                          int nbufs)
{
    static _Thread_local char why_buf[160];
    const char *why = NULL;
    CUdeviceptr *m = d->buf;
    if (nbufs > 8) return "too many buffers";
    if (CHECK(CtxPushCurrent, (d->ctx))) return why;
    const CUdeviceptr sched_global = d->sched[module_of(mode)];
    int err = sched && CHECK(MemcpyHtoD, (sched_global, sched, sizeof(uint32_t) * KB_SCHED_WORDS));
    for (int i = 0; !err && i < nbufs; i++) {
        if (bufs[i].bytes > d->buf_bytes[i]) { /* grown to the next MiB */
            const size_t want = (bufs[i].bytes + ((size_t)1 << 20) - 1) & ~(((size_t)1 << 20) - 1);
            if (m[i]) cu.MemFree(m[i]);
            m[i] = 0, d->buf_bytes[i] = 0;
            err = CHECK(MemAlloc, (&m[i], want));
            if (!err) d->buf_bytes[i] = want;
            else m[i] = 0;
        }
        if (!err && bufs[i].src) err = CHECK(MemcpyHtoD, (m[i], bufs[i].src, bufs[i].bytes));
        *bufs[i].field = m[i];
    }
    if (!err) {
        void *params[] = {a};
        err = CHECK(LaunchKernel, (d->fn[c][mode], grid_for(work, d->sms), 1, 1, KB_THREADS, 1, 1, 0, NULL, params,
                                   NULL)) ||
              CHECK(CtxSynchronize, ());
    }
    for (int i = 0; !err && i < nbufs; i++)
        if (bufs[i].dst) err = CHECK(MemcpyDtoH, (bufs[i].dst, m[i], bufs[i].bytes));
    /* key material does not outlive the call in GPU memory: the one-key
     * schedule (a module global) and secret buffers are zeroed */
    static const uint32_t no_sched[KB_SCHED_WORDS];
    if (sched) CHECK(MemcpyHtoD, (sched_global, no_sched, sizeof no_sched));
    for (int i = 0; i < nbufs && i < 8; i++)
        if (m[i] && bufs[i].secret && bufs[i].bytes) CHECK(MemsetD8, (m[i], 0, bufs[i].bytes));
    if (sched || nbufs) cu.CtxSynchronize();
    CUcontext dummy;
    cu.CtxPopCurrent(&dummy);
    return why;
}

/* Runs kernel (c, mode) over `work` batches on one of the GPUs, or by the
 * host launcher: emulation, or, when a driver call failed, the operation
 * again on the CPU, reported (lwcx_bc_dev_fell_back), never silent. */
static void dev_run(int c, int mode, kb_args *a, uint64_t work, const void *sched, dev_io *bufs, int nbufs)
{
    pthread_once(&g.once, init);
    if (g.why) { /* (only forced calls get here) */
        lwcx_bc_dev_fell_back(BC_DEV_CUDA, work, g.why);
        lwcx_dev_run_on_cpu(c, mode, a, grid_for(work, 1), KB_THREADS, sched, bufs, nbufs);
        return;
    }
    const unsigned d = dev_acquire();
    const char *why = g.emulate_sms ? NULL : on_gpu(&g.dev[d], c, mode, a, work, sched, bufs, nbufs);
    if (why) lwcx_bc_dev_fell_back(BC_DEV_CUDA, work, why);
    if (g.emulate_sms || why)
        lwcx_dev_run_on_cpu(c, mode, a, grid_for(work, g.emulate_sms ? g.emulate_sms : 1), KB_THREADS, sched,
                            bufs, nbufs);
    dev_release(d, why ? 0 : work);
}

/* --- the implementations ------------------------------------------------------------ */

#define DEV_DESC                                                                                  \
    {.name = "cuda",                                                                              \
     .description = "NVIDIA GPUs through the CUDA driver (loaded at run time), "                  \
                    "32 blocks per thread; automatic only for one-key ECB/CTR calls from 1 MiB",  \
     .batch = KB_LANES,                                                                           \
     .constant_time = 1,                                                                          \
     .probe = probe,                                                                              \
     .device = device_name,                                                                       \
     .devices = devices,                                                                          \
     .auto_from = auto_from}
#define DEV_SEARCH_CHUNK ((uint64_t)1 << 30) /* tens of ms on a data-center GPU (docs/design/devices.md) */

#define DEV_BACKEND cuda
DEV_IMPLS()
