/* The `opencl` implementation of the six block ciphers: the kernels of
 * device/opencl_kernels.cl (the CUDA kernels' bodies, device/kernel_bodies.tmpl.h, over the same
 * bitsliced cores) built at run time from a source embedded in the library,
 * through an OpenCL ICD loader opened at run time (dlopen("libOpenCL.so.1")):
 * nothing of OpenCL is linked, so the same binary runs where there is none,
 * and `opencl` is then unavailable with the reason (lwcx list).
 *
 * The devices: lwcx_opencl_set_devices (`lwcx keysearch --device
 * opencl:N`), else LWCX_OPENCL_DEVICE=N (or N,M,...), picks devices N (M,
 * ...) of all platforms' devices (in the order the loader lists them);
 * neither, every GPU and accelerator.
 * A CPU device (PoCL) is only used when named: it exists for tests and
 * portability, not speed. The program is built once per device and
 * process, by the probe (so a device whose compiler rejects the kernels is
 * unavailable, saying why). Each call runs on one device, one at a time per
 * device, and a key search feeds each device from its own thread
 * (device/device_modes.tmpl.h). If an OpenCL call fails in the middle of an
 * operation, the operation is completed by running the same bodies on the
 * CPU (as device/cuda_impl.c's host launcher does), so results are always
 * right, and the caller is told (lwcx_impl_fallbacks).
 *
 * Never the automatic choice (src/core/policy.c); force it with LWCX_IMPL
 * or a handle. */
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>

#include "bs_word_kernel32.h"
#include "../gift/bs_core.tmpl.h"
#include "../pipo/bs_core.tmpl.h"
#include "../present/bs_core.tmpl.h"

#include "kernel_bodies.tmpl.h"
#include "device_modes.tmpl.h"

/* the embedded kernel source (preprocessed device/opencl_kernels.cl) */
extern const unsigned char lwcx_opencl_source[];
extern const unsigned long lwcx_opencl_source_len;

#define WG 64 /* work-items per work-group */

static struct {
    cl_int (*GetPlatformIDs)(cl_uint, cl_platform_id *, cl_uint *);
    cl_int (*GetDeviceIDs)(cl_platform_id, cl_device_type, cl_uint, cl_device_id *, cl_uint *);
    cl_int (*GetDeviceInfo)(cl_device_id, cl_device_info, size_t, void *, size_t *);
    cl_context (*CreateContext)(const cl_context_properties *, cl_uint, const cl_device_id *,
                                void(CL_CALLBACK *)(const char *, const void *, size_t, void *), void *,
                                cl_int *);
    cl_command_queue (*CreateCommandQueue)(cl_context, cl_device_id, cl_command_queue_properties, cl_int *);
    cl_program (*CreateProgramWithSource)(cl_context, cl_uint, const char **, const size_t *, cl_int *);
    cl_int (*BuildProgram)(cl_program, cl_uint, const cl_device_id *, const char *,
                           void(CL_CALLBACK *)(cl_program, void *), void *);
    cl_int (*GetProgramBuildInfo)(cl_program, cl_device_id, cl_program_build_info, size_t, void *, size_t *);
    cl_kernel (*CreateKernel)(cl_program, const char *, cl_int *);
    cl_mem (*CreateBuffer)(cl_context, cl_mem_flags, size_t, void *, cl_int *);
    cl_int (*ReleaseMemObject)(cl_mem);
    cl_int (*EnqueueWriteBuffer)(cl_command_queue, cl_mem, cl_bool, size_t, size_t, const void *, cl_uint,
                                 const cl_event *, cl_event *);
    cl_int (*EnqueueReadBuffer)(cl_command_queue, cl_mem, cl_bool, size_t, size_t, void *, cl_uint,
                                const cl_event *, cl_event *);
    cl_int (*SetKernelArg)(cl_kernel, cl_uint, size_t, const void *);
    cl_int (*EnqueueNDRangeKernel)(cl_command_queue, cl_kernel, cl_uint, const size_t *, const size_t *,
                                   const size_t *, cl_uint, const cl_event *, cl_event *);
    cl_int (*Finish)(cl_command_queue);
    cl_int (*EnqueueFillBuffer)(cl_command_queue, cl_mem, const void *, size_t, size_t, size_t, cl_uint,
                                const cl_event *, cl_event *);
} cl;

/* one device: its queue and kernels */
typedef struct cl_dev {
    cl_device_id id;
    cl_uint units;
    unsigned parts; /* 32-lane parts of the kernels' word (device/bs_word_opencl.h) */
    cl_context ctx;
    cl_command_queue queue;
    cl_kernel fn[KB_NCIPHERS][NMODES];
    char name[128];
    int is_cpu;
    cl_mem mem; /* the calls' buffer, kept and grown, not created per call */
    size_t mem_bytes;
} cl_dev;

static struct {
    pthread_once_t once;
    const char *why; /* NULL: usable */
    cl_dev dev[DEV_MAX];
    char names[256]; /* the bench's label: the devices' names */
    char why_buf[256];
} g = {.once = PTHREAD_ONCE_INIT};

#define SYM(field, sym)                                                                          \
    do {                                                                                          \
        *(void **)&cl.field = dlsym(lib, sym);                                                   \
        if (!cl.field) return "libOpenCL.so.1 lacks " sym;                                        \
    } while (0)

/* The devices named in want[0 .. nwant) (indices into all platforms'
 * devices), or (nwant = 0) every GPU and accelerator, into g.dev; returns
 * how many, or 0 with *why set. */
static unsigned pick_devices(const long *want, unsigned nwant, const char **why)
{
    cl_platform_id plats[16];
    cl_uint np = 0, seen = 0, ncpu = 0;
    unsigned n = 0;
    if (cl.GetPlatformIDs(16, plats, &np) != CL_SUCCESS || np == 0) {
        *why = "no OpenCL platform (no ICD installed)";
        return 0;
    }
    cl_device_id all[DEV_MAX * 4];
    for (cl_uint p = 0; p < np && p < 16; p++) {
        cl_uint nd = 0;
        if (cl.GetDeviceIDs(plats[p], CL_DEVICE_TYPE_ALL, DEV_MAX * 4 - seen, all + seen, &nd) != CL_SUCCESS) continue;
        seen += nd < DEV_MAX * 4 - seen ? nd : DEV_MAX * 4 - seen;
        if (seen == DEV_MAX * 4) break;
    }
    for (unsigned i = 0; i < (nwant ? nwant : seen) && n < DEV_MAX; i++) {
        const long d = nwant ? want[i] : (long)i;
        if (d >= (long)seen) {
            snprintf(g.why_buf, sizeof g.why_buf, "no OpenCL device %ld (%u OpenCL devices)", d, seen);
            *why = g.why_buf;
            return 0;
        }
        cl_device_type type = 0;
        cl.GetDeviceInfo(all[d], CL_DEVICE_TYPE, sizeof type, &type, NULL);
        const int gpu = (type & (CL_DEVICE_TYPE_GPU | CL_DEVICE_TYPE_ACCELERATOR)) != 0;
        ncpu += !gpu;
        if (nwant || gpu) g.dev[n++].id = all[d];
    }
    if (n) return n;
    if (seen == 0)
        snprintf(g.why_buf, sizeof g.why_buf, "no OpenCL device");
    else
        snprintf(g.why_buf, sizeof g.why_buf,
                 "no OpenCL GPU (%u CPU device%s, used only when named: LWCX_OPENCL_DEVICE=N)", ncpu,
                 ncpu == 1 ? "" : "s");
    *why = g.why_buf;
    return 0;
}

/* The prelude of the kernel source (device/bs_word_opencl.h): the word, its lane
 * patterns, and whether the rounds loops are unrolled. On a GPU a word of
 * 32 lanes (one register per thread, as in CUDA) and unrolled rounds; on a
 * CPU device a vector of CPU_LANES lanes, each operation one SIMD
 * instruction, and rounds loops kept (compile time, see
 * device/bs_word_opencl.h). LWCX_OPENCL_LANES=32..512 (a power of 2) overrides
 * the width, e.g. to run the GPU's word on PoCL in the tests. Sets
 * d->parts. */
#define PRELUDE_BYTES 2048
#define CPU_LANES 512 /* twice 256 lanes' key search rate on PoCL (docs/design/devices.md) */
static const char *make_prelude(char *out, int cpu, cl_dev *d)
{
    unsigned long lanes = cpu ? CPU_LANES : 32;
    const char *e = getenv("LWCX_OPENCL_LANES");
    if (e && *e) {
        char *end;
        lanes = strtoul(e, &end, 10);
        if (*end || lanes < 32 || lanes > 512 || (lanes & (lanes - 1)))
            return "LWCX_OPENCL_LANES must be 32, 64, 128, 256 or 512";
    }
    d->parts = (unsigned)(lanes / 32);
    char word[16] = "uint";
    if (d->parts > 1) snprintf(word, sizeof word, "uint%u", d->parts);
    int n = snprintf(out, PRELUDE_BYTES,
                     "#define LWCX_CL_UNROLL_ROUNDS%s\n#define LWCX_CL_PARTS %u\n#define LWCX_CL_WORD %s\n"
                     "#define LWCX_CL_LANE_PATS {",
                     cpu ? "" : " _Pragma(\"unroll\")", d->parts, word);
    /* lane bits 0..4: within each 32-bit part; then the parts' index bits */
    static const uint32_t in_part[5] = BS_LANE_PATS;
    for (unsigned k = 0; k < 5; k++) n += snprintf(out + n, PRELUDE_BYTES - n, "(%s)(0x%08Xu),", word, in_part[k]);
    for (unsigned t = 0; (1u << t) < d->parts; t++) {
        n += snprintf(out + n, PRELUDE_BYTES - n, "(%s)(", word);
        for (unsigned j = 0; j < d->parts; j++)
            n += snprintf(out + n, PRELUDE_BYTES - n, "%s%s", j ? "," : "", j >> t & 1 ? "~0u" : "0u");
        n += snprintf(out + n, PRELUDE_BYTES - n, "),");
    }
    snprintf(out + n, PRELUDE_BYTES - n, "}\n");
    return NULL;
}

/* The program, built for device d, and its kernels. */
static const char *build(cl_dev *d)
{
    cl_int err = 0;
    if (cl.GetDeviceInfo(d->id, CL_DEVICE_NAME, sizeof d->name - 1, d->name, NULL) != CL_SUCCESS)
        strcpy(d->name, "?");
    if (cl.GetDeviceInfo(d->id, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof d->units, &d->units, NULL) != CL_SUCCESS ||
        d->units < 1)
        d->units = 1;
    d->ctx = cl.CreateContext(NULL, 1, &d->id, NULL, NULL, &err);
    if (!d->ctx || err != CL_SUCCESS) return "no OpenCL context";
    d->queue = cl.CreateCommandQueue(d->ctx, d->id, 0, &err);
    if (!d->queue || err != CL_SUCCESS) return "no OpenCL command queue";
    cl_device_type type = 0;
    cl.GetDeviceInfo(d->id, CL_DEVICE_TYPE, sizeof type, &type, NULL);
    d->is_cpu = (type & CL_DEVICE_TYPE_CPU) != 0;
    char prelude[PRELUDE_BYTES];
    const char *why = make_prelude(prelude, d->is_cpu, d);
    if (why) return why;
    const char *src[2] = {prelude, (const char *)lwcx_opencl_source};
    const size_t len[2] = {strlen(src[0]), lwcx_opencl_source_len};
    cl_program prog = cl.CreateProgramWithSource(d->ctx, 2, src, len, &err);
    if (!prog || err != CL_SUCCESS) return "the OpenCL program cannot be created";
    err = cl.BuildProgram(prog, 1, &d->id, "-cl-std=CL1.2 -w", NULL, NULL); /* -w: hints not taken */
    if (err != CL_SUCCESS) {
        char log[160] = "";
        cl.GetProgramBuildInfo(prog, d->id, CL_PROGRAM_BUILD_LOG, sizeof log - 1, log, NULL);
        log[sizeof log - 1] = 0;
        for (char *p = log; *p; p++)
            if (*p == '\n') *p = ' ';
        snprintf(g.why_buf, sizeof g.why_buf, "the kernels do not build on %.64s (error %d: %.140s)", d->name, err, log);
        return g.why_buf;
    }
    for (int c = 0; c < KB_NCIPHERS; c++)
        for (int m = 0; m < NMODES; m++) {
            char name[48];
            snprintf(name, sizeof name, "lwcx_%s_%s", dev_cipher_names[c], dev_mode_names[m]);
            d->fn[c][m] = cl.CreateKernel(prog, name, &err);
            if (!d->fn[c][m] || err != CL_SUCCESS) return "a kernel is missing";
        }
    return NULL;
}

static const char *load(void)
{
    /* LWCX_OPENCL_LOADER: another library in its place (tests: none) */
    const char *path = getenv("LWCX_OPENCL_LOADER");
    void *lib = dlopen(path && *path ? path : "libOpenCL.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!lib) return "no libOpenCL.so.1 (no OpenCL ICD loader)";
    SYM(GetPlatformIDs, "clGetPlatformIDs");
    SYM(GetDeviceIDs, "clGetDeviceIDs");
    SYM(GetDeviceInfo, "clGetDeviceInfo");
    SYM(CreateContext, "clCreateContext");
    SYM(CreateCommandQueue, "clCreateCommandQueue");
    SYM(CreateProgramWithSource, "clCreateProgramWithSource");
    SYM(BuildProgram, "clBuildProgram");
    SYM(GetProgramBuildInfo, "clGetProgramBuildInfo");
    SYM(CreateKernel, "clCreateKernel");
    SYM(CreateBuffer, "clCreateBuffer");
    SYM(ReleaseMemObject, "clReleaseMemObject");
    SYM(EnqueueWriteBuffer, "clEnqueueWriteBuffer");
    SYM(EnqueueReadBuffer, "clEnqueueReadBuffer");
    SYM(SetKernelArg, "clSetKernelArg");
    SYM(EnqueueNDRangeKernel, "clEnqueueNDRangeKernel");
    SYM(Finish, "clFinish");
    SYM(EnqueueFillBuffer, "clEnqueueFillBuffer");
    /* the devices lwcx_opencl_set_devices named, else LWCX_OPENCL_DEVICE
     * (the user's choice): N or N,M,... */
    long want[DEV_MAX];
    unsigned set[BC_MAX_NAMED_DEVICES];
    const int nset = lwcx_bc_devices_take(BC_DEV_OPENCL, set);
    unsigned nwant = 0;
    for (int i = 0; i < nset && i < DEV_MAX; i++) want[nwant++] = set[i];
    const char *e = nset < 0 ? getenv("LWCX_OPENCL_DEVICE") : NULL;
    for (const char *p = e; p && *p; nwant++) {
        char *end;
        if (nwant == DEV_MAX || *p < '0' || *p > '9') return "LWCX_OPENCL_DEVICE must be device numbers: N or N,M,...";
        want[nwant] = strtol(p, &end, 10);
        if ((*end && *end != ',') || want[nwant] > 1000 || (*end == ',' && !end[1]))
            return "LWCX_OPENCL_DEVICE must be device numbers: N or N,M,...";
        p = *end ? end + 1 : end;
    }
    const char *why = NULL;
    const unsigned n = pick_devices(want, nwant, &why);
    for (unsigned i = 0; i < n && !why; i++) why = build(&g.dev[i]);
    if (why) return why;
    /* the bench's label: "name", or "name, name, ..." */
    size_t at = 0;
    for (unsigned i = 0; i < n && at < sizeof g.names; i++)
        at += (size_t)snprintf(g.names + at, sizeof g.names - at, "%s%s", i ? ", " : "", g.dev[i].name);
    dev_slots_init(n);
    return NULL;
}

static void init(void)
{
    g.why = load();
}

static const char *probe(void)
{
    pthread_once(&g.once, init);
    return g.why;
}

/* The device's name (bench labels); NULL when opencl is unavailable. */
static const char *device_name(void)
{
    return probe() ? NULL : g.names;
}

static unsigned devices(uint64_t *work, unsigned max)
{
    return probe() ? 0 : dev_devices(work, max);
}

/* The bench's bulk calls: 1 GiB on GPUs; none on a CPU device (PoCL), where
 * they would take minutes (the tests name a size, LWCX_BENCH_DEVICE_BYTES). */
static size_t bulk_bytes(void)
{
    if (probe()) return 0;
    for (unsigned i = 0; i < dev_slots.n; i++)
        if (g.dev[i].is_cpu) return 0;
    return (size_t)1 << 30;
}

/* --- launches --------------------------------------------------------------------- */

/* Work-groups for `work` batches: one work-item per batch, up to 64 groups
 * per compute unit; the bodies stride over the rest. */
static size_t groups_for(uint64_t work, cl_uint units)
{
    const uint64_t want = (work + WG - 1) / WG, cap = 64 * (uint64_t)units;
    return want == 0 ? 1 : want < cap ? (size_t)want : (size_t)cap;
}

/* An OpenCL call of on_device: 1 if it failed; the first failure's call
 * and error into *why (why_buf). */
static int check(cl_int r, const char *call, const cl_dev *d, const char **why, char *why_buf, size_t cap)
{
    if (r != CL_SUCCESS && !*why) {
        snprintf(why_buf, cap, "%s failed on %.80s (OpenCL error %d)", call, d->name, (int)r);
        *why = why_buf;
    }
    return r != CL_SUCCESS;
}
#define CHECK(call, args) check(cl.call args, "cl" #call, d, &why, why_buf, sizeof why_buf)

/* On device d (its lock held): one buffer holding the kb_args, then each
 * io at a 64-aligned offset; NULL, or the OpenCL call that failed, in words. */
static const char *on_device(cl_dev *d, int c, int mode, kb_args *a, uint64_t work, dev_io *bufs, int nbufs)
{
    static _Thread_local char why_buf[160];
    const char *why = NULL;
    size_t at[8], total = (sizeof *a + 63) / 64 * 64;
    for (int i = 0; i < nbufs; i++) {
        at[i] = total;
        *bufs[i].field = total;
        total += (bufs[i].bytes + 63) / 64 * 64;
    }
    if (total > d->mem_bytes) { /* grown to the next MiB */
        const size_t want = (total + ((size_t)1 << 20) - 1) & ~(((size_t)1 << 20) - 1);
        cl_int err = CL_SUCCESS;
        if (d->mem) cl.ReleaseMemObject(d->mem);
        d->mem = cl.CreateBuffer(d->ctx, CL_MEM_READ_WRITE, want, NULL, &err);
        if (!d->mem && err == CL_SUCCESS) err = CL_OUT_OF_RESOURCES;
        check(err, "clCreateBuffer", d, &why, why_buf, sizeof why_buf);
        d->mem_bytes = d->mem && err == CL_SUCCESS ? want : 0;
        if (!d->mem_bytes) d->mem = NULL;
    }
    cl_mem mem = d->mem;
    int bad = !mem;
    if (!bad) bad = CHECK(EnqueueWriteBuffer, (d->queue, mem, CL_FALSE, 0, sizeof *a, a, 0, NULL, NULL));
    for (int i = 0; !bad && i < nbufs; i++)
        if (bufs[i].src && bufs[i].bytes)
            bad = CHECK(EnqueueWriteBuffer, (d->queue, mem, CL_FALSE, at[i], bufs[i].bytes, bufs[i].src, 0, NULL, NULL));
    if (!bad) {
        const size_t local = WG, global = groups_for((work + d->parts - 1) / d->parts, d->units) * WG; /* words */
        bad = CHECK(SetKernelArg, (d->fn[c][mode], 0, sizeof mem, &mem)) ||
              CHECK(EnqueueNDRangeKernel, (d->queue, d->fn[c][mode], 1, NULL, &global, &local, 0, NULL, NULL));
    }
    for (int i = 0; !bad && i < nbufs; i++)
        if (bufs[i].dst && bufs[i].bytes)
            bad = CHECK(EnqueueReadBuffer, (d->queue, mem, CL_TRUE, at[i], bufs[i].bytes, bufs[i].dst, 0, NULL, NULL));
    /* device memory is not ours to wipe after release (on PoCL it is heap) */
    const uint8_t zero = 0;
    for (int i = 0; mem && i < nbufs; i++)
        if (bufs[i].secret && bufs[i].bytes)
            CHECK(EnqueueFillBuffer, (d->queue, mem, &zero, 1, at[i], bufs[i].bytes, 0, NULL, NULL));
    CHECK(Finish, (d->queue));
    return why ? why : bad ? "no OpenCL buffer" : NULL;
}

/* Runs kernel (c, mode) over `work` batches on one of the devices, the
 * one-key masks (if any) as one more input; if an OpenCL call fails, the
 * operation again on the CPU, reported (lwcx_bc_dev_fell_back). */
static void dev_run(int c, int mode, kb_args *a, uint64_t work, const void *sched, dev_io *bufs, int nbufs)
{
    dev_io all[8];
    int n = 0;
    for (int i = 0; i < nbufs; i++) all[n++] = bufs[i];
    if (sched) all[n++] = (dev_io){sched, NULL, sizeof(uint32_t) * KB_SCHED_WORDS, &a->sched, 1};
    const char *why = probe(); /* (only forced calls get here unavailable) */
    if (!why) {
        const unsigned d = dev_acquire();
        why = on_device(&g.dev[d], c, mode, a, work, all, n);
        dev_release(d, why ? 0 : work);
        if (!why) return;
    }
    lwcx_bc_dev_fell_back(BC_DEV_OPENCL, work, why);
    lwcx_dev_run_on_cpu(c, mode, a, (unsigned)groups_for(work, 1), WG, sched, bufs, nbufs);
}

/* --- the implementations ------------------------------------------------------------ */

#define DEV_DESC                                                                                  \
    {.name = "opencl",                                                                            \
     .description = "OpenCL devices (ICD loader opened at run time), the CUDA "                   \
                    "kernels' bodies, 32 blocks per work-item (512 on a CPU device); never chosen automatically",       \
     .batch = KB_LANES,                                                                           \
     .constant_time = 1,                                                                          \
     .probe = probe,                                                                              \
     .device = device_name,                                                                       \
     .devices = devices}
#define DEV_SEARCH_CHUNK ((uint64_t)1 << 24) /* under a second on PoCL (docs/design/devices.md) */

#define DEV_BACKEND opencl
DEV_IMPLS()
