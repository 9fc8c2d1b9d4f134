/* The `opencl` implementation of the six block ciphers: the kernels of
 * opencl_kernels.cl (the CUDA kernels' bodies, cuda_bodies.h, over the same
 * bitsliced cores) built at run time from a source embedded in the library,
 * through an OpenCL ICD loader opened at run time (dlopen("libOpenCL.so.1")):
 * nothing of OpenCL is linked, so the same binary runs where there is none,
 * and `opencl` is then unavailable with the reason (lwcx list).
 *
 * The device: LWCX_OPENCL_DEVICE=N picks device N of all platforms' devices
 * (in the order the loader lists them; `lwcx keysearch --device opencl:N`
 * sets it); unset, the first GPU or accelerator. A CPU device (PoCL) is only
 * used when named: it exists for tests and portability, not speed. The
 * program is built once per process, by the probe (so a device whose
 * compiler rejects the kernels is unavailable, saying why); one operation
 * runs on the device at a time. If an OpenCL call fails in the middle of an
 * operation, the operation is completed by running the same bodies on the
 * CPU (as cuda_impl.c's host launcher does), so results are always right.
 *
 * Never the automatic choice (desc.manual); force it with LWCX_IMPL or a
 * handle. */
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>

#include "bs_word_cuda.h"
#include "gift_bs_core.h"
#include "pipo_bs_core.h"
#include "present_bs_core.h"

#include "cuda_bodies.h"

#include "bc_impl.h"

/* the embedded kernel source (preprocessed opencl_kernels.cl) */
extern const unsigned char lwcx_opencl_source[];
extern const unsigned long lwcx_opencl_source_len;

enum { MODE_ECB_ENC, MODE_ECB_DEC, MODE_CTR, MODE_KEYS_ENC, MODE_KEYS_DEC, MODE_SEARCH, NMODES };
static const char *const cipher_names[CU_NCIPHERS] = {"present80", "present128", "gift64",
                                                      "gift128",   "pipo128",    "pipo256"};
static const char *const mode_names[NMODES] = {"ecb_enc", "ecb_dec", "ctr", "keys_enc", "keys_dec", "search"};

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

static struct {
    pthread_once_t once;
    pthread_mutex_t lock; /* one operation on the device at a time */
    const char *why;      /* NULL: usable */
    cl_device_id dev;
    cl_uint units;
    unsigned parts; /* 32-lane parts of the kernels' word (bs_word_opencl.h) */
    cl_context ctx;
    cl_command_queue queue;
    cl_kernel fn[CU_NCIPHERS][NMODES];
    char name[128];
    char why_buf[256];
} g = {.once = PTHREAD_ONCE_INIT, .lock = PTHREAD_MUTEX_INITIALIZER};

#define SYM(field, sym)                                                                          \
    do {                                                                                          \
        *(void **)&cl.field = dlsym(lib, sym);                                                   \
        if (!cl.field) return "libOpenCL.so.1 lacks " sym;                                        \
    } while (0)

/* Device `want` of all platforms' devices, or (want < 0) the first GPU or
 * accelerator. */
static const char *pick_device(long want)
{
    cl_platform_id plats[16];
    cl_uint np = 0, seen = 0, ncpu = 0;
    if (cl.GetPlatformIDs(16, plats, &np) != CL_SUCCESS || np == 0) return "no OpenCL platform (no ICD installed)";
    if (np > 16) np = 16;
    for (cl_uint p = 0; p < np; p++) {
        cl_device_id devs[16];
        cl_uint nd = 0;
        if (cl.GetDeviceIDs(plats[p], CL_DEVICE_TYPE_ALL, 16, devs, &nd) != CL_SUCCESS) continue;
        if (nd > 16) nd = 16;
        for (cl_uint d = 0; d < nd; d++, seen++) {
            cl_device_type type = 0;
            cl.GetDeviceInfo(devs[d], CL_DEVICE_TYPE, sizeof type, &type, NULL);
            const int gpu = (type & (CL_DEVICE_TYPE_GPU | CL_DEVICE_TYPE_ACCELERATOR)) != 0;
            ncpu += !gpu;
            if (want >= 0 ? (long)seen == want : gpu) {
                g.dev = devs[d];
                return NULL;
            }
        }
    }
    if (want >= 0)
        snprintf(g.why_buf, sizeof g.why_buf, "LWCX_OPENCL_DEVICE=%ld: no such device (%u OpenCL devices)", want,
                 seen);
    else if (seen == 0)
        snprintf(g.why_buf, sizeof g.why_buf, "no OpenCL device");
    else
        snprintf(g.why_buf, sizeof g.why_buf,
                 "no OpenCL GPU (%u CPU device(s), used only when named: LWCX_OPENCL_DEVICE=N)", ncpu);
    return g.why_buf;
}

/* The prelude of the kernel source (bs_word_opencl.h): the word, its lane
 * patterns, and whether the rounds loops are unrolled. On a GPU a word of
 * 32 lanes (one register per thread, as in CUDA) and unrolled rounds; on a
 * CPU device a vector of CPU_LANES lanes, each operation one SIMD
 * instruction, and rounds loops kept (compile time, see
 * bs_word_opencl.h). LWCX_OPENCL_LANES=32..512 (a power of 2) overrides
 * the width, e.g. to run the GPU's word on PoCL in the tests. */
#define PRELUDE_BYTES 2048
#define CPU_LANES 512 /* PRESENT-80 search on PoCL, Zen 4: 221 M keys/s; 256 lanes: ~100 M */
static const char *make_prelude(char *out, int cpu)
{
    unsigned long lanes = cpu ? CPU_LANES : 32;
    const char *e = getenv("LWCX_OPENCL_LANES");
    if (e && *e) {
        char *end;
        lanes = strtoul(e, &end, 10);
        if (*end || lanes < 32 || lanes > 512 || (lanes & (lanes - 1)))
            return "LWCX_OPENCL_LANES must be 32, 64, 128, 256 or 512";
    }
    g.parts = (unsigned)(lanes / 32);
    char word[8] = "uint";
    if (g.parts > 1) snprintf(word, sizeof word, "uint%u", g.parts);
    int n = snprintf(out, PRELUDE_BYTES,
                     "#define LWCX_CL_UNROLL_ROUNDS%s\n#define LWCX_CL_PARTS %u\n#define LWCX_CL_WORD %s\n"
                     "#define LWCX_CL_LANE_PATS {",
                     cpu ? "" : " _Pragma(\"unroll\")", g.parts, word);
    /* lane bits 0..4: within each 32-bit part; then the parts' index bits */
    static const uint32_t in_part[5] = BS_LANE_PATS;
    for (unsigned k = 0; k < 5; k++) n += snprintf(out + n, PRELUDE_BYTES - n, "(%s)(0x%08Xu),", word, in_part[k]);
    for (unsigned t = 0; (1u << t) < g.parts; t++) {
        n += snprintf(out + n, PRELUDE_BYTES - n, "(%s)(", word);
        for (unsigned j = 0; j < g.parts; j++)
            n += snprintf(out + n, PRELUDE_BYTES - n, "%s%s", j ? "," : "", j >> t & 1 ? "~0u" : "0u");
        n += snprintf(out + n, PRELUDE_BYTES - n, "),");
    }
    snprintf(out + n, PRELUDE_BYTES - n, "}\n");
    return NULL;
}

/* The program, built for g.dev, and its kernels. */
static const char *build(void)
{
    cl_int err = 0;
    g.ctx = cl.CreateContext(NULL, 1, &g.dev, NULL, NULL, &err);
    if (!g.ctx || err != CL_SUCCESS) return "no OpenCL context";
    g.queue = cl.CreateCommandQueue(g.ctx, g.dev, 0, &err);
    if (!g.queue || err != CL_SUCCESS) return "no OpenCL command queue";
    cl_device_type type = 0;
    cl.GetDeviceInfo(g.dev, CL_DEVICE_TYPE, sizeof type, &type, NULL);
    char prelude[PRELUDE_BYTES];
    const char *why = make_prelude(prelude, (type & CL_DEVICE_TYPE_CPU) != 0);
    if (why) return why;
    const char *src[2] = {prelude, (const char *)lwcx_opencl_source};
    const size_t len[2] = {strlen(src[0]), lwcx_opencl_source_len};
    cl_program prog = cl.CreateProgramWithSource(g.ctx, 2, src, len, &err);
    if (!prog || err != CL_SUCCESS) return "the OpenCL program cannot be created";
    err = cl.BuildProgram(prog, 1, &g.dev, "-cl-std=CL1.2 -w", NULL, NULL); /* -w: hints not taken */
    if (err != CL_SUCCESS) {
        char log[160] = "";
        cl.GetProgramBuildInfo(prog, g.dev, CL_PROGRAM_BUILD_LOG, sizeof log - 1, log, NULL);
        log[sizeof log - 1] = 0;
        for (char *p = log; *p; p++)
            if (*p == '\n') *p = ' ';
        snprintf(g.why_buf, sizeof g.why_buf, "the kernels do not build on %s (error %d: %s)", g.name, err, log);
        return g.why_buf;
    }
    for (int c = 0; c < CU_NCIPHERS; c++)
        for (int m = 0; m < NMODES; m++) {
            char name[48];
            snprintf(name, sizeof name, "lwcx_%s_%s", cipher_names[c], mode_names[m]);
            g.fn[c][m] = cl.CreateKernel(prog, name, &err);
            if (!g.fn[c][m] || err != CL_SUCCESS) return "a kernel is missing";
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
    long want = -1;
    const char *e = getenv("LWCX_OPENCL_DEVICE");
    if (e && *e) {
        char *end;
        want = strtol(e, &end, 10);
        if (*end || want < 0 || want > 1000) return "LWCX_OPENCL_DEVICE must be a device number";
    }
    const char *why = pick_device(want);
    if (why) return why;
    if (cl.GetDeviceInfo(g.dev, CL_DEVICE_NAME, sizeof g.name - 1, g.name, NULL) != CL_SUCCESS)
        strcpy(g.name, "?");
    if (cl.GetDeviceInfo(g.dev, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof g.units, &g.units, NULL) != CL_SUCCESS ||
        g.units < 1)
        g.units = 1;
    return build();
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
    return probe() ? NULL : g.name;
}

/* --- launches --------------------------------------------------------------------- */

/* Work-groups for `work` batches: one work-item per batch, up to 64 groups
 * per compute unit; the bodies stride over the rest. */
static size_t groups_for(uint64_t work)
{
    const uint64_t want = (work + WG - 1) / WG, cap = 64 * (uint64_t)g.units;
    return want == 0 ? 1 : want < cap ? (size_t)want : (size_t)cap;
}

/* One buffer of an operation: uploaded from src (if any), downloaded to dst
 * (if any), its offset (device) or address (CPU) in *field. */
typedef struct io {
    const void *src;
    void *dst;
    size_t bytes;
    uint64_t *field;
    int secret; /* key material: zeroed on the device before the buffer is released */
} io;

/* On the device: one buffer holding the cu_args, then each io at a
 * 64-aligned offset; nonzero if an OpenCL call failed. */
static int on_device(int c, int mode, cu_args *a, uint64_t work, io *bufs, int nbufs)
{
    size_t at[8], total = (sizeof *a + 63) / 64 * 64;
    for (int i = 0; i < nbufs; i++) {
        at[i] = total;
        *bufs[i].field = total;
        total += (bufs[i].bytes + 63) / 64 * 64;
    }
    pthread_mutex_lock(&g.lock);
    cl_int err = 0;
    cl_mem mem = cl.CreateBuffer(g.ctx, CL_MEM_READ_WRITE, total, NULL, &err);
    int bad = !mem || err != CL_SUCCESS;
    if (!bad) bad = cl.EnqueueWriteBuffer(g.queue, mem, CL_FALSE, 0, sizeof *a, a, 0, NULL, NULL) != CL_SUCCESS;
    for (int i = 0; !bad && i < nbufs; i++)
        if (bufs[i].src && bufs[i].bytes)
            bad = cl.EnqueueWriteBuffer(g.queue, mem, CL_FALSE, at[i], bufs[i].bytes, bufs[i].src, 0, NULL, NULL) !=
                  CL_SUCCESS;
    if (!bad) {
        const size_t local = WG, global = groups_for((work + g.parts - 1) / g.parts) * WG; /* words */
        bad = cl.SetKernelArg(g.fn[c][mode], 0, sizeof mem, &mem) != CL_SUCCESS ||
              cl.EnqueueNDRangeKernel(g.queue, g.fn[c][mode], 1, NULL, &global, &local, 0, NULL, NULL) != CL_SUCCESS;
    }
    for (int i = 0; !bad && i < nbufs; i++)
        if (bufs[i].dst && bufs[i].bytes)
            bad = cl.EnqueueReadBuffer(g.queue, mem, CL_TRUE, at[i], bufs[i].bytes, bufs[i].dst, 0, NULL, NULL) !=
                  CL_SUCCESS;
    /* device memory is not ours to wipe after release (on PoCL it is heap) */
    const uint8_t zero = 0;
    for (int i = 0; mem && i < nbufs; i++)
        if (bufs[i].secret && bufs[i].bytes &&
            cl.EnqueueFillBuffer(g.queue, mem, &zero, 1, at[i], bufs[i].bytes, 0, NULL, NULL) != CL_SUCCESS)
            bad = 1;
    if (cl.Finish(g.queue) != CL_SUCCESS) bad = 1;
    if (mem) cl.ReleaseMemObject(mem);
    pthread_mutex_unlock(&g.lock);
    return bad;
}

/* The bodies on the CPU, over the same work-items (the fallback). */
static void on_cpu(int c, int mode, cu_args *a, uint64_t work, const void *sched, io *bufs, int nbufs)
{
    a->sched = (uintptr_t)sched;
    for (int i = 0; i < nbufs; i++) {
        if (bufs[i].dst && bufs[i].src && bufs[i].dst != bufs[i].src) memcpy(bufs[i].dst, bufs[i].src, bufs[i].bytes);
        *bufs[i].field = (uintptr_t)(bufs[i].dst ? bufs[i].dst : bufs[i].src);
    }
    const unsigned grid = (unsigned)groups_for(work);
    for (unsigned b = 0; b < grid; b++)
        for (unsigned t = 0; t < WG; t++) {
            const cu_pos p = {b, t, WG, grid};
            switch (mode) {
            case MODE_ECB_ENC: cu_ecb(c, 1, p, a); break;
            case MODE_ECB_DEC: cu_ecb(c, 0, p, a); break;
            case MODE_CTR: cu_ctr(c, p, a); break;
            case MODE_KEYS_ENC: cu_keys(c, 1, p, a); break;
            case MODE_KEYS_DEC: cu_keys(c, 0, p, a); break;
            default: cu_search(c, p, a); break;
            }
        }
}

/* Runs kernel (c, mode) over `work` batches, the one-key masks (if any) as
 * one more input. */
static void run(int c, int mode, cu_args *a, uint64_t work, const void *sched, io *bufs, int nbufs)
{
    io all[8];
    int n = 0;
    for (int i = 0; i < nbufs; i++) all[n++] = bufs[i];
    if (sched) all[n++] = (io){sched, NULL, sizeof(uint32_t) * CU_SCHED_WORDS, &a->sched, 1};
    if (!probe() && on_device(c, mode, a, work, all, n) == 0) return;
    on_cpu(c, mode, a, work, sched, bufs, nbufs);
}
/* --- the bc_impl entry points ----------------------------------------------------- */

typedef struct cl_sched {
    uint32_t m[CU_SCHED_WORDS];
} cl_sched;

static void expand(int c, void *sched, const uint8_t *key)
{
    cl_sched *s = sched;
    memset(s, 0, sizeof *s);
    if (c == CU_PRESENT80 || c == CU_PRESENT128) {
        uint64_t rk[PRESENT_ROUNDS + 1];
        (c == CU_PRESENT80 ? lwcx_bc_present80_expand : lwcx_bc_present128_expand)(rk, key);
        present_bs_sched_from((present_bs_sched *)s->m, rk);
        lwcx_wipe(rk, sizeof rk);
    } else if (c == CU_GIFT64 || c == CU_GIFT128) {
        gift_bs_key_masks(c == CU_GIFT64 ? 64 : 128, s->m, key);
    } else {
        cu_masks(s->m, key, cu_key_bytes(c), 0);
    }
}

static void ecb(int c, int enc, const void *sched, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    cu_args a;
    memset(&a, 0, sizeof a);
    const size_t bytes = nblocks * cu_block_bytes(c);
    a.nbatches = nblocks / CU_LANES;
    io bufs[] = {{in, NULL, bytes, &a.in, 0}, {NULL, out, bytes, &a.out, 0}};
    run(c, enc ? MODE_ECB_ENC : MODE_ECB_DEC, &a, a.nbatches, sched, bufs, 2);
}

static void ctr(int c, const void *sched, const uint8_t *iv, uint8_t *out, const uint8_t *in, size_t len)
{
    cu_args a;
    memset(&a, 0, sizeof a);
    const unsigned bs = cu_block_bytes(c);
    a.len = len;
    a.ctr_lo = lwcx_load64be(iv + bs - 8);
    a.ctr_hi = bs == 16 ? lwcx_load64be(iv) : 0;
    io bufs[] = {{in, NULL, len, &a.in, 0}, {NULL, out, len, &a.out, 0}};
    run(c, MODE_CTR, &a, (len + (uint64_t)CU_LANES * bs - 1) / ((uint64_t)CU_LANES * bs), sched, bufs, 2);
}

static void keys(int c, int enc, uint8_t *out, const uint8_t *in, const uint8_t *k, size_t nblocks)
{
    cu_args a;
    memset(&a, 0, sizeof a);
    const size_t bytes = nblocks * cu_block_bytes(c);
    a.nbatches = nblocks / CU_LANES;
    io bufs[] = {{in, NULL, bytes, &a.in, 0}, {NULL, out, bytes, &a.out, 0}, {k, NULL, nblocks * cu_key_bytes(c), &a.keys, 1}};
    run(c, enc ? MODE_KEYS_ENC : MODE_KEYS_DEC, &a, a.nbatches, NULL, bufs, 3);
}

static size_t search_range(int c, const bc_search_job *job, uint64_t lo, uint64_t n, uint64_t *cand,
                           size_t max_cand)
{
    if (n == 0) return 0;
    cu_args a;
    memset(&a, 0, sizeof a);
    a.lo = lo;
    a.n = n;
    a.max_cand = max_cand < UINT32_MAX ? (uint32_t)max_cand : UINT32_MAX;
    /* lane bits past the mask's: any key bit (those lanes lie past the range) */
    for (unsigned b = 0; b < 64; b++) a.pos[b] = b < job->nbits ? job->pos[b] : job->pos[0];
    /* the lane flips: key bit pos[b] (big-endian numbering) inverted in the
     * lanes whose index has bit b, as the word of the kernel's key (PIPO's
     * numbering is little-endian: byte kb - 1 - p / 8, bit p % 8) */
    static const uint32_t pat[5] = BS_LANE_PATS;
    for (unsigned b = 0; b < 5 && b < job->nbits; b++) {
        const unsigned p = job->pos[b], kb = job->key_bytes;
        a.flip[cu_be(c) ? p : 8 * (kb - 1 - p / 8) + p % 8] ^= pat[b];
    }
    memcpy(a.base, job->base, job->key_bytes);
    memcpy(a.pt, job->pt, job->block_bytes);
    memcpy(a.ct, job->ct, job->block_bytes);
    uint64_t zero = 0, count = 0, scratch = 0;
    io bufs[] = {{&zero, &count, sizeof count, &a.count, 0},
                 {NULL, max_cand ? (void *)cand : (void *)&scratch, max_cand ? max_cand * sizeof *cand : sizeof scratch,
                  &a.cand, 0}};
    run(c, MODE_SEARCH, &a, cu_search_batches(lo, n), NULL, bufs, 2);
    return (size_t)count;
}

#define CL_IMPL(nm, c)                                                                          \
    static void expand_##nm(void *s, const uint8_t *key)                                        \
    {                                                                                             \
        expand(c, s, key);                                                                        \
    }                                                                                             \
    static void enc_##nm(const void *s, uint8_t *out, const uint8_t *in, size_t n)              \
    {                                                                                             \
        ecb(c, 1, s, out, in, n);                                                                 \
    }                                                                                             \
    static void dec_##nm(const void *s, uint8_t *out, const uint8_t *in, size_t n)              \
    {                                                                                             \
        ecb(c, 0, s, out, in, n);                                                                 \
    }                                                                                             \
    static void ctr_##nm(const void *s, const uint8_t *iv, uint8_t *out, const uint8_t *in,     \
                           size_t len)                                                            \
    {                                                                                             \
        ctr(c, s, iv, out, in, len);                                                              \
    }                                                                                             \
    static void enc_keys_##nm(uint8_t *out, const uint8_t *in, const uint8_t *k, size_t n)      \
    {                                                                                             \
        keys(c, 1, out, in, k, n);                                                                \
    }                                                                                             \
    static void dec_keys_##nm(uint8_t *out, const uint8_t *in, const uint8_t *k, size_t n)      \
    {                                                                                             \
        keys(c, 0, out, in, k, n);                                                                \
    }                                                                                             \
    static size_t search_##nm(const bc_search_job *job, uint64_t lo, uint64_t n, uint64_t *cand, \
                                size_t max_cand)                                                  \
    {                                                                                             \
        return search_range(c, job, lo, n, cand, max_cand);                                      \
    }                                                                                             \
    const bc_impl lwcx_bc_##nm##_opencl = {                                                       \
        .desc = {.name = "opencl",                                                                  \
                 .description = "OpenCL device (ICD loader opened at run time), the CUDA "       \
                                "kernels' bodies, 32 blocks per work-item (512 on a CPU device); never chosen automatically",               \
                 .batch = CU_LANES,                                                               \
                 .constant_time = 1,                                                              \
                 .manual = 1,                                                                     \
                 .probe = probe,                                                                  \
                 .device = device_name},                                                                 \
        .sched_bytes = sizeof(cl_sched),                                                          \
        .expand = expand_##nm,                                                                  \
        .encrypt = enc_##nm,                                                                    \
        .decrypt = dec_##nm,                                                                    \
        .encrypt_keys = enc_keys_##nm,                                                          \
        .decrypt_keys = dec_keys_##nm,                                                          \
        .ctr = ctr_##nm,                                                                        \
        .search_range = search_##nm,                                                              \
        .search_chunk = (uint64_t)1 << 24, /* PoCL, 2 cores: ~0.5 s */            \
    };

CL_IMPL(present80, CU_PRESENT80)
CL_IMPL(present128, CU_PRESENT128)
CL_IMPL(gift64, CU_GIFT64)
CL_IMPL(gift128, CU_GIFT128)
CL_IMPL(pipo128, CU_PIPO128)
CL_IMPL(pipo256, CU_PIPO256)
