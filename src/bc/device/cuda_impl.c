/* The `cuda` implementation of the six block ciphers: the kernels of
 * device/cuda_kernels.cu (embedded as a fat binary: sm_80, sm_90 and PTX) run on an
 * NVIDIA GPU through the CUDA driver API, which is loaded at run time
 * (dlopen("libcuda.so.1")): the library links no CUDA library, so the same
 * binary runs where there is no driver or no GPU, and `cuda` is then
 * unavailable with the reason (lwcx list). Every device the driver lists is
 * used (CUDA_VISIBLE_DEVICES narrows them): a bulk call is shared among them
 * and a key search feeds each from its own thread (device/device_modes.tmpl.h);
 * on a GPU, each device's share of a bulk call goes through pinned staging
 * buffers and streams (the pipeline, below).
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
#define DEV_SHARE_RUN cu_share_run /* bulk calls: pipelined (below) */
#define DEV_BUS_H2D cu_bus_h2d
static int cu_bus_h2d(size_t len);
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
    /* the bulk calls' pipeline */
    CUresult (*MemAllocHost)(void **, size_t);
    CUresult (*MemFreeHost)(void *);
    CUresult (*StreamCreate)(CUstream *, unsigned);
    CUresult (*StreamDestroy)(CUstream);
    CUresult (*StreamSynchronize)(CUstream);
    CUresult (*MemcpyHtoDAsync)(CUdeviceptr, const void *, size_t, CUstream);
    CUresult (*MemcpyDtoHAsync)(void *, CUdeviceptr, size_t, CUstream);
} cu;
#define CU_STREAM_NON_BLOCKING 1

/* The bulk calls' pipeline on one device: LANES_MAX host threads at most,
 * each with two slots (double buffering), a slot a stream, a pinned
 * staging buffer and a device input and output buffer of stage_bytes
 * each; made at the device's first bulk call, kept (docs/design/devices.md). */
#define LANES_MAX 16
typedef struct cu_slot {
    CUstream stream;
    unsigned char *stage;
    CUdeviceptr din, dout;
} cu_slot;

/* one device: its context, kernels and the constant-memory masks of each module */
typedef struct cu_device {
    unsigned sms;
    CUcontext ctx;
    CUfunction fn[KB_NCIPHERS][NMODES];
    CUdeviceptr sched[NMODULES]; /* lwcx_kb_sched of each module */
    CUdeviceptr buf[8];   /* the calls' buffers, kept and grown, not allocated per call */
    size_t buf_bytes[8];
    char name[96];
    unsigned nslots;       /* > 0: the pipeline is made */
    unsigned char *pinned; /* every slot's stage */
    CUdeviceptr pipe_mem;  /* every slot's din and dout */
    cu_slot slot[2 * LANES_MAX];
} cu_device;

static struct {
    pthread_once_t once;
    const char *why;      /* NULL: usable */
    unsigned emulate_sms; /* > 0: the host launcher, as on GPUs with this many SMs */
    cu_device dev[DEV_MAX];
    char names[256]; /* the bench's label: the devices' names */
    char why_buf[96];
    size_t stage_bytes; /* a slot's staging buffer (LWCX_CUDA_STAGE_BYTES) */
    unsigned lanes;     /* host threads per device a bulk call uses at most (LWCX_CUDA_LANES) */
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
    SYM(MemAllocHost, "cuMemAllocHost_v2");
    SYM(MemFreeHost, "cuMemFreeHost");
    SYM(StreamCreate, "cuStreamCreate");
    SYM(StreamDestroy, "cuStreamDestroy_v2");
    SYM(StreamSynchronize, "cuStreamSynchronize");
    SYM(MemcpyHtoDAsync, "cuMemcpyHtoDAsync_v2");
    SYM(MemcpyDtoHAsync, "cuMemcpyDtoHAsync_v2");
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

/* The pipeline's sizes: a slot's staging buffer of LWCX_CUDA_STAGE_BYTES
 * (default 8 MiB, at least 4 KiB: one batch of any call; the tests make it
 * small, to cross many chunks), LWCX_CUDA_LANES host threads per device
 * (default 4, 1 to LANES_MAX). */
#define STAGE_BYTES_DEFAULT ((size_t)8 << 20)
#define LANES_DEFAULT 4
static void read_pipe_sizes(void)
{
    const char *e = getenv("LWCX_CUDA_STAGE_BYTES"), *l = getenv("LWCX_CUDA_LANES");
    const unsigned long long v = e && *e ? strtoull(e, NULL, 10) : 0;
    g.stage_bytes = v >= 4096 && v <= ((size_t)1 << 30) ? (size_t)v / 256 * 256 : STAGE_BYTES_DEFAULT;
    const long n = l && *l ? strtol(l, NULL, 10) : 0;
    g.lanes = n >= 1 && n <= LANES_MAX ? (unsigned)n : LANES_DEFAULT;
}

static void init(void)
{
    read_pipe_sizes();
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

/* --- bulk calls: the pipeline ------------------------------------------------------
 * A device's share of a one-key ECB or CTR call or a many-keys call is cut
 * into chunks of whole batches that fill a staging buffer; the device's
 * lanes (host threads: the caller's and lanes - 1 more, as many as there
 * are chunks) take every lanes-th chunk each, and each lane alternates
 * between its two slots: it copies a chunk from the caller's memory into
 * the slot's pinned stage and queues, in the slot's stream, the upload,
 * the kernel and the download; then, while that runs, it fills its other
 * slot; before it reuses a slot it waits for the slot's stream and copies
 * the chunk's result out to the caller. So the bus's two directions, the
 * kernels and the host's copies overlap, and the host's copies (the
 * caller's memory is pageable) run on several cores. The pipeline is the
 * device's: used only by the thread that holds the device's lock
 * (dev_acquire) and its lanes. If a driver call fails, the chunks not yet
 * written to the caller's output run on the CPU (they were not touched:
 * in place too), the fallback reported as dev_run's, and the pipeline is
 * released (the next call makes it again). */

/* The pipeline's memory and streams released; the device's context current. */
static void pipe_close(cu_device *d)
{
    for (unsigned i = 0; i < d->nslots; i++)
        if (d->slot[i].stream) {
            cu.StreamSynchronize(d->slot[i].stream);
            cu.StreamDestroy(d->slot[i].stream);
        }
    if (d->pinned) cu.MemFreeHost(d->pinned);
    if (d->pipe_mem) cu.MemFree(d->pipe_mem);
    d->pinned = NULL, d->pipe_mem = 0, d->nslots = 0;
    memset(d->slot, 0, sizeof d->slot);
}

/* The pipeline of device d made, if it is not; NULL, or why not (in
 * why_buf). The device's context current. */
static const char *pipe_open(cu_device *d, char *why_buf, size_t cap)
{
    const char *why = NULL;
    if (d->nslots) return NULL;
    const unsigned n = 2 * g.lanes;
    const size_t s = g.stage_bytes;
    void *host = NULL;
    int err = check(cu.MemAllocHost(&host, n * s), "cuMemAllocHost", d, &why, why_buf, cap);
    d->pinned = err ? NULL : host;
    err = err || check(cu.MemAlloc(&d->pipe_mem, 2 * n * s), "cuMemAlloc", d, &why, why_buf, cap);
    if (err) d->pipe_mem = 0;
    d->nslots = n;
    for (unsigned i = 0; !err && i < n; i++) {
        cu_slot *sl = &d->slot[i];
        err = check(cu.StreamCreate(&sl->stream, CU_STREAM_NON_BLOCKING), "cuStreamCreate", d, &why, why_buf, cap);
        if (err) sl->stream = NULL;
        sl->stage = d->pinned + i * s;
        sl->din = d->pipe_mem + 2 * i * s, sl->dout = sl->din + s;
    }
    if (err) pipe_close(d);
    return why;
}

/* One device's share of a bulk call, and one lane of it */
typedef struct cu_share {
    const dev_call *k;
    cu_device *d;
    uint64_t first, count, chunk, nchunks; /* batches; chunk batches a chunk */
    unsigned lanes;
    atomic_int stop; /* a lane failed: the others stop after their chunks in flight */
} cu_share;

typedef struct cu_lane {
    cu_share *sh;
    unsigned lane;
    uint64_t done;         /* this lane's chunks written to the caller, in order */
    size_t secret_end[2];  /* of each slot: the stage's bytes that held keys, from 0 */
    const char *why;
    char why_buf[160];
} cu_lane;

/* A buffer's room in a slot: each starts at a multiple of 256 bytes */
static size_t slot_span(size_t bytes)
{
    return (bytes + 255) & ~(size_t)255;
}

/* The buffers of op laid out in slot sl: inputs from 0 of the stage and of
 * din, outputs from 0 of dout (and back to the stage from 0, over the
 * inputs already sent); each from a multiple of 256 bytes. */
static size_t slot_layout(dev_op *op, const cu_slot *sl, size_t *out_bytes)
{
    size_t in = 0, out = 0;
    for (int i = 0; i < op->nbufs; i++) {
        size_t *at = op->bufs[i].src ? &in : &out;
        *op->bufs[i].field = (op->bufs[i].src ? sl->din : sl->dout) + *at;
        *at += slot_span(op->bufs[i].bytes);
    }
    *out_bytes = out;
    return in;
}

/* Chunk j of the share as op */
static void chunk_prep(const cu_share *sh, uint64_t j, dev_op *op)
{
    const uint64_t at = j * sh->chunk, left = sh->count - at;
    dev_op_prep(sh->k, sh->first + at, left < sh->chunk ? left : sh->chunk, op);
}

/* op's outputs from the slot's stage to the caller */
static void chunk_finish(const dev_op *op, const cu_slot *sl)
{
    size_t at = 0;
    for (int i = 0; i < op->nbufs; i++)
        if (op->bufs[i].dst) {
            memcpy(op->bufs[i].dst, sl->stage + at, op->bufs[i].bytes);
            at += slot_span(op->bufs[i].bytes);
        }
}

static void *lane_run(void *p)
{
    cu_lane *ln = p;
    cu_share *sh = ln->sh;
    cu_device *d = sh->d;
    const char *why = NULL;
    char why_buf[160];
    dev_op op[2];
    const int pushed = !CHECK(CtxPushCurrent, (d->ctx));
    int pending[2] = {0, 0}, err = !pushed;
    uint64_t t = 0;
    for (; !err; t++) {
        const uint64_t j = ln->lane + t * sh->lanes;
        const int h = (int)(t & 1);
        cu_slot *sl = &d->slot[2 * ln->lane + h];
        if (pending[h]) { /* the slot's chunk before: done, out to the caller */
            if ((err = CHECK(StreamSynchronize, (sl->stream)))) break;
            chunk_finish(&op[h], sl);
            pending[h] = 0, ln->done++;
        }
        if (j >= sh->nchunks || atomic_load(&sh->stop)) break;
        chunk_prep(sh, j, &op[h]);
        size_t out_bytes, in_bytes = slot_layout(&op[h], sl, &out_bytes), at = 0;
        for (int i = 0; i < op[h].nbufs; i++)
            if (op[h].bufs[i].src) {
                memcpy(sl->stage + at, op[h].bufs[i].src, op[h].bufs[i].bytes);
                if (op[h].bufs[i].secret && at + op[h].bufs[i].bytes > ln->secret_end[h])
                    ln->secret_end[h] = at + op[h].bufs[i].bytes;
                at += slot_span(op[h].bufs[i].bytes);
            }
        void *params[] = {&op[h].a};
        err = CHECK(MemcpyHtoDAsync, (sl->din, sl->stage, in_bytes, sl->stream)) ||
              CHECK(LaunchKernel, (d->fn[sh->k->c][op[h].mode], grid_for(op[h].work, d->sms), 1, 1, KB_THREADS, 1,
                                   1, 0, sl->stream, params, NULL)) ||
              CHECK(MemcpyDtoHAsync, (sl->stage, sl->dout, out_bytes, sl->stream));
        if (err) break;
        pending[h] = 1;
    }
    /* the last one or two chunks in flight, oldest first */
    for (int i = 0; !err && i < 2; i++) {
        const int h = (int)((t + (uint64_t)i) & 1);
        cu_slot *sl = &d->slot[2 * ln->lane + h];
        if (!pending[h]) continue;
        if ((err = CHECK(StreamSynchronize, (sl->stream)))) break;
        chunk_finish(&op[h], sl);
        ln->done++;
    }
    CUcontext dummy;
    if (pushed) cu.CtxPopCurrent(&dummy);
    if (err) {
        snprintf(ln->why_buf, sizeof ln->why_buf, "%s", why);
        ln->why = ln->why_buf;
        atomic_store(&sh->stop, 1);
    }
    return NULL;
}

/* dev_call_part's way on a GPU (DEV_SHARE_RUN): batches [first, first +
 * count) of call k on one device through its pipeline; 0 under emulation
 * or without a driver (then dev_run's way). */
static int cu_share_run(const dev_call *k, uint64_t first, uint64_t count)
{
    pthread_once(&g.once, init);
    if (g.why || g.emulate_sms || count == 0) return 0;
    static _Thread_local char why_buf[160];
    const char *why = NULL;
    const unsigned dn = dev_acquire();
    cu_device *d = &g.dev[dn];
    const unsigned bs = kb_block_bytes(k->c), kbytes = k->mode == MODE_KEYS_ENC ? kb_key_bytes(k->c) : 0;
    /* a chunk: the batches whose inputs (data, keys, each from a multiple of
     * 256 bytes) fill a stage */
    const uint64_t per_batch = (uint64_t)KB_LANES * (bs + kbytes), fit = (g.stage_bytes - 256) / per_batch;
    cu_share sh = {k, d, first, count, fit ? fit : 1, 0, 1, 0};
    sh.nchunks = (count + sh.chunk - 1) / sh.chunk;
    sh.lanes = sh.nchunks < g.lanes ? (unsigned)sh.nchunks : g.lanes;
    cu_lane lanes[LANES_MAX];
    memset(lanes, 0, sizeof lanes);
    const CUdeviceptr sched_global = d->sched[MOD_BULK];
    static const uint32_t no_sched[KB_SCHED_WORDS];
    int pushed = !CHECK(CtxPushCurrent, (d->ctx)), err = !pushed;
    if (!err && (why = pipe_open(d, why_buf, sizeof why_buf))) err = 1;
    /* the one-key schedule in place before any lane's kernel (their streams
     * do not wait for the legacy stream's copy) */
    if (!err && k->sched)
        err = CHECK(MemcpyHtoD, (sched_global, k->sched, sizeof(uint32_t) * KB_SCHED_WORDS)) ||
              CHECK(CtxSynchronize, ());
    if (!err) {
        pthread_t th[LANES_MAX];
        int started[LANES_MAX] = {0};
        for (unsigned i = 0; i < sh.lanes; i++) lanes[i].sh = &sh, lanes[i].lane = i;
        for (unsigned i = 1; i < sh.lanes; i++) started[i] = pthread_create(&th[i], NULL, lane_run, &lanes[i]) == 0;
        lane_run(&lanes[0]);
        for (unsigned i = 1; i < sh.lanes; i++) {
            if (started[i])
                pthread_join(th[i], NULL);
            else
                lane_run(&lanes[i]); /* (no thread: here, after the first) */
        }
        for (unsigned i = 0; i < sh.lanes && !why; i++) why = lanes[i].why ? strcpy(why_buf, lanes[i].why) : NULL;
    }
    /* key material does not outlive the call: the schedule, and the keys in
     * the stages and the device's input buffers */
    if (pushed && k->sched) CHECK(MemcpyHtoD, (sched_global, no_sched, sizeof no_sched));
    for (unsigned i = 0; i < sh.lanes; i++)
        for (unsigned h = 0; h < 2; h++)
            if (lanes[i].secret_end[h] && d->nslots) {
                cu_slot *sl = &d->slot[2 * i + h];
                cu.StreamSynchronize(sl->stream); /* (idle, unless a lane failed) */
                lwcx_wipe(sl->stage, lanes[i].secret_end[h]);
                CHECK(MemsetD8, (sl->din, 0, lanes[i].secret_end[h]));
            }
    if (why && d->nslots) pipe_close(d);
    if (pushed) {
        cu.CtxSynchronize();
        CUcontext dummy;
        cu.CtxPopCurrent(&dummy);
    }
    /* what did not reach the caller: on the CPU */
    uint64_t gpu = 0, cpu = 0;
    for (uint64_t j = 0; j < sh.nchunks; j++) {
        const unsigned lane = (unsigned)(j % sh.lanes);
        const uint64_t t = j / sh.lanes;
        dev_op op;
        chunk_prep(&sh, j, &op);
        if (why && (err || t >= lanes[lane].done)) {
            lwcx_dev_run_on_cpu(k->c, op.mode, &op.a, grid_for(op.work, 1), KB_THREADS, k->sched, op.bufs, op.nbufs);
            cpu += op.work;
        } else {
            gpu += op.work;
        }
    }
    if (why) lwcx_bc_dev_fell_back(BC_DEV_CUDA, cpu, why);
    dev_release(dn, gpu);
    return 1;
}

/* bc_impl.bus_h2d: len bytes from the stages of one device's pipeline to
 * its device buffers, a stage's worth a copy, round the slots' streams. */
static int cu_bus_h2d(size_t len)
{
    pthread_once(&g.once, init);
    if (g.why) return LWCX_ERR_UNSUPPORTED;
    if (g.emulate_sms) { /* no bus: host memory to host memory */
        const size_t s = len < g.stage_bytes ? len : g.stage_bytes;
        unsigned char *a = calloc(1, s ? s : 1), *b = malloc(s ? s : 1);
        for (size_t at = 0; a && b && at < len; at += s) memcpy(b, a, len - at < s ? len - at : s);
        const int rc = a && b ? LWCX_OK : LWCX_ERR_NOMEM;
        free(a), free(b);
        return rc;
    }
    static _Thread_local char why_buf[160];
    const char *why = NULL;
    const unsigned dn = dev_acquire();
    cu_device *d = &g.dev[dn];
    int err = CHECK(CtxPushCurrent, (d->ctx));
    if (!err) {
        err = pipe_open(d, why_buf, sizeof why_buf) != NULL;
        for (size_t at = 0, i = 0; !err && at < len; at += g.stage_bytes, i++) {
            const cu_slot *sl = &d->slot[i % d->nslots];
            err = CHECK(MemcpyHtoDAsync,
                        (sl->din, sl->stage, len - at < g.stage_bytes ? len - at : g.stage_bytes, sl->stream));
        }
        for (unsigned i = 0; !err && i < d->nslots; i++) err = CHECK(StreamSynchronize, (d->slot[i].stream));
        if (err && d->nslots) pipe_close(d);
        CUcontext dummy;
        cu.CtxPopCurrent(&dummy);
    }
    dev_release(dn, 0);
    return err ? LWCX_ERR_UNSUPPORTED : LWCX_OK;
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
