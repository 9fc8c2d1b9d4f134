/* The `cuda` implementation of the six block ciphers: the kernels of
 * cuda_kernels.cu (embedded as a fat binary: sm_80, sm_90 and PTX) run on an
 * NVIDIA GPU through the CUDA driver API, which is loaded at run time
 * (dlopen("libcuda.so.1")): the library links no CUDA library, so the same
 * binary runs where there is no driver or no GPU, and `cuda` is then
 * unavailable with the reason (lwcx list).
 *
 * The host launcher: with LWCX_CUDA_EMULATE set (to 1, or to a number of
 * SMs), no driver is touched and every launch runs the kernel bodies
 * (cuda_bodies.h, the same code the GPU runs) on the CPU over every (block,
 * thread) of the launch configuration a GPU with that many SMs would get.
 * The tests use it to check the index arithmetic of the kernels against ref.
 * If a driver call fails in the middle of an operation, the operation is
 * completed the same way on the CPU, so results are always right.
 *
 * Never the automatic choice (desc.manual): a launch and two copies over
 * the bus cost more than a small call; force it with LWCX_IMPL or a handle. */
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#include "bs_word_cuda.h"
#include "gift_bs_core.h"
#include "pipo_bs_core.h"
#include "present_bs_core.h"

#include "cuda_bodies.h"

#include "bc_impl.h"

/* the embedded fat binaries (generated from cuda_kernels.cu): key search
 * and CTR, ECB and many keys */
extern const unsigned char lwcx_cuda_fatbin_fast[], lwcx_cuda_fatbin_bulk[];
extern const unsigned long lwcx_cuda_fatbin_fast_len, lwcx_cuda_fatbin_bulk_len;

enum { MODE_ECB_ENC, MODE_ECB_DEC, MODE_CTR, MODE_KEYS_ENC, MODE_KEYS_DEC, MODE_SEARCH, NMODES };
static const char *const cipher_names[CU_NCIPHERS] = {"present80", "present128", "gift64",
                                                      "gift128",   "pipo128",    "pipo256"};
static const char *const mode_names[NMODES] = {"ecb_enc", "ecb_dec", "ctr", "keys_enc", "keys_dec", "search"};

/* --- the driver API, declared here (no cuda.h needed to build) ----------------- */

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

static struct {
    pthread_once_t once;
    pthread_mutex_t lock;   /* one operation on the GPU at a time */
    const char *why;        /* NULL: usable */
    unsigned emulate_sms;   /* > 0: the host launcher, as on a GPU with this many SMs */
    unsigned sms;
    CUcontext ctx;
    CUfunction fn[CU_NCIPHERS][NMODES];
    CUdeviceptr sched[2]; /* lwcx_cu_sched of each module (fast, bulk) */
    char why_buf[96];
} g = {.once = PTHREAD_ONCE_INIT, .lock = PTHREAD_MUTEX_INITIALIZER};

#define SYM(field, name)                                                                          \
    do {                                                                                          \
        *(void **)&cu.field = dlsym(lib, name);                                                   \
        if (!cu.field) return "libcuda.so.1 lacks " name;                                         \
    } while (0)

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
    int n = 0;
    CUresult r = cu.Init(0);
    if (r != 0) {
        snprintf(g.why_buf, sizeof g.why_buf, "the CUDA driver does not start (cuInit: error %d)", r);
        return g.why_buf;
    }
    if (cu.DeviceGetCount(&n) != 0 || n < 1) return "no CUDA device";
    CUdevice dev;
    int sms = 0;
    if (cu.DeviceGet(&dev, 0) != 0 || cu.DevicePrimaryCtxRetain(&g.ctx, dev) != 0) return "no CUDA context";
    if (cu.DeviceGetAttribute(&sms, CU_ATTR_SM_COUNT, dev) != 0 || sms < 1) sms = 1;
    g.sms = (unsigned)sms;
    const char *why = NULL;
    if (cu.CtxPushCurrent(g.ctx) != 0) return "no CUDA context";
    const unsigned char *images[2] = {lwcx_cuda_fatbin_fast, lwcx_cuda_fatbin_bulk};
    const unsigned long lens[2] = {lwcx_cuda_fatbin_fast_len, lwcx_cuda_fatbin_bulk_len};
    CUmodule mod[2] = {NULL, NULL};
    for (int i = 0; !why && i < 2; i++) {
        /* the driver wants the image aligned: a copy */
        void *image = aligned_alloc(64, (lens[i] + 63) / 64 * 64);
        if (!image) {
            why = "out of memory";
            break;
        }
        memcpy(image, images[i], lens[i]);
        r = cu.ModuleLoadData(&mod[i], image);
        free(image);
        if (r != 0) {
            snprintf(g.why_buf, sizeof g.why_buf, "the driver cannot load lwcx's kernels (error %d)", r);
            why = g.why_buf;
        }
    }
    for (int i = 0; !why && i < 2; i++) {
        size_t bytes = 0;
        if (cu.ModuleGetGlobal(&g.sched[i], &bytes, mod[i], "lwcx_cu_sched") != 0 || bytes < sizeof(uint32_t) * CU_SCHED_WORDS)
            why = "the kernels' constant memory is missing";
    }
    for (int c = 0; !why && c < CU_NCIPHERS; c++)
        for (int m = 0; !why && m < NMODES; m++) {
            char name[48];
            snprintf(name, sizeof name, "lwcx_%s_%s", cipher_names[c], mode_names[m]);
            const int fast = m == MODE_CTR || m == MODE_SEARCH;
            if (cu.ModuleGetFunction(&g.fn[c][m], mod[fast ? 0 : 1], name) != 0) why = "a kernel is missing";
        }
    CUcontext dummy;
    cu.CtxPopCurrent(&dummy);
    return why;
}

static void init(void)
{
    const char *e = getenv("LWCX_CUDA_EMULATE");
    if (e && *e && strcmp(e, "0") != 0) {
        long v = strtol(e, NULL, 10);
        g.emulate_sms = v > 1 && v < 100000 ? (unsigned)v : 1;
        return;
    }
    g.why = load_driver();
}

static const char *probe(void)
{
    pthread_once(&g.once, init);
    return g.why;
}

/* --- launches --------------------------------------------------------------------- */

/* Blocks of CU_THREADS threads for `work` batches: one per batch up to 8
 * blocks per SM; the bodies stride over the rest. */
static unsigned grid_for(uint64_t work, unsigned sms)
{
    const uint64_t want = (work + CU_THREADS - 1) / CU_THREADS, cap = 8 * (uint64_t)sms;
    return want == 0 ? 1 : want < cap ? (unsigned)want : (unsigned)cap;
}

/* The host launcher: the body of kernel (c, mode) for every thread. */
static void emulate(int c, int mode, unsigned grid, const cu_args *a)
{
    for (unsigned b = 0; b < grid; b++)
        for (unsigned t = 0; t < CU_THREADS; t++) {
            const cu_pos p = {b, t, CU_THREADS, grid};
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

/* One buffer of an operation: uploaded from src (if any), downloaded to dst
 * (if any), its address in *field. */
typedef struct io {
    const void *src;
    void *dst;
    size_t bytes;
    uint64_t *field;
    int secret; /* key material: zeroed on the GPU before it is freed */
} io;

/* On the GPU; nonzero if a driver call failed (nothing is then known about
 * dst). */
static int on_gpu(int c, int mode, cu_args *a, uint64_t work, const void *sched, io *bufs, int nbufs)
{
    CUdeviceptr d[8] = {0};
    int err = 0;
    pthread_mutex_lock(&g.lock);
    if (cu.CtxPushCurrent(g.ctx) != 0) {
        pthread_mutex_unlock(&g.lock);
        return 1;
    }
    if (sched) err = cu.MemcpyHtoD(g.sched[mode == MODE_CTR || mode == MODE_SEARCH ? 0 : 1], sched,
                                   sizeof(uint32_t) * CU_SCHED_WORDS) != 0;
    for (int i = 0; !err && i < nbufs; i++) {
        err = cu.MemAlloc(&d[i], bufs[i].bytes ? bufs[i].bytes : 1) != 0;
        if (!err && bufs[i].src) err = cu.MemcpyHtoD(d[i], bufs[i].src, bufs[i].bytes) != 0;
        *bufs[i].field = d[i];
    }
    if (!err) {
        void *params[] = {a};
        err = cu.LaunchKernel(g.fn[c][mode], grid_for(work, g.sms), 1, 1, CU_THREADS, 1, 1, 0, NULL, params,
                              NULL) != 0 ||
              cu.CtxSynchronize() != 0;
    }
    for (int i = 0; !err && i < nbufs; i++)
        if (bufs[i].dst) err = cu.MemcpyDtoH(bufs[i].dst, d[i], bufs[i].bytes) != 0;
    /* key material does not outlive the call in GPU memory: the one-key
     * schedule (a module global) and secret buffers are zeroed */
    static const uint32_t no_sched[CU_SCHED_WORDS];
    if (sched && cu.MemcpyHtoD(g.sched[mode == MODE_CTR || mode == MODE_SEARCH ? 0 : 1], no_sched, sizeof no_sched))
        err = 1;
    for (int i = 0; i < nbufs; i++)
        if (d[i] && bufs[i].secret && bufs[i].bytes && cu.MemsetD8(d[i], 0, bufs[i].bytes)) err = 1;
    if (sched || nbufs) cu.CtxSynchronize();
    for (int i = 0; i < nbufs; i++)
        if (d[i]) cu.MemFree(d[i]);
    CUcontext dummy;
    cu.CtxPopCurrent(&dummy);
    pthread_mutex_unlock(&g.lock);
    return err;
}

/* Runs kernel (c, mode) over `work` batches: on the GPU, or by the host
 * launcher (emulation, or the GPU failed). */
static void run(int c, int mode, cu_args *a, uint64_t work, const void *sched, io *bufs, int nbufs)
{
    pthread_once(&g.once, init);
    if (!g.emulate_sms && !g.why && on_gpu(c, mode, a, work, sched, bufs, nbufs) == 0) return;
    a->sched = (uintptr_t)sched;
    for (int i = 0; i < nbufs; i++) {
        if (bufs[i].dst && bufs[i].src && bufs[i].dst != bufs[i].src) memcpy(bufs[i].dst, bufs[i].src, bufs[i].bytes);
        *bufs[i].field = (uintptr_t)(bufs[i].dst ? bufs[i].dst : bufs[i].src);
    }
    emulate(c, mode, grid_for(work, g.emulate_sms ? g.emulate_sms : 1), a);
}

/* --- the bc_impl entry points ----------------------------------------------------- */

typedef struct cu_sched {
    uint32_t m[CU_SCHED_WORDS];
} cu_sched;

static void expand(int c, void *sched, const uint8_t *key)
{
    cu_sched *s = sched;
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

#define CU_IMPL(nm, c)                                                                          \
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
    const bc_impl lwcx_bc_##nm##_cuda = {                                                       \
        .desc = {.name = "cuda",                                                                  \
                 .description = "NVIDIA GPU through the CUDA driver (loaded at run time), "       \
                                "32 blocks per thread; never chosen automatically",               \
                 .batch = CU_LANES,                                                               \
                 .constant_time = 1,                                                              \
                 .manual = 1,                                                                     \
                 .probe = probe},                                                                 \
        .sched_bytes = sizeof(cu_sched),                                                          \
        .expand = expand_##nm,                                                                  \
        .encrypt = enc_##nm,                                                                    \
        .decrypt = dec_##nm,                                                                    \
        .encrypt_keys = enc_keys_##nm,                                                          \
        .decrypt_keys = dec_keys_##nm,                                                          \
        .ctr = ctr_##nm,                                                                        \
        .search_range = search_##nm,                                                              \
        .search_chunk = (uint64_t)1 << 30, /* ~15-25 ms on an A100 or H100 (projected) */         \
    };

CU_IMPL(present80, CU_PRESENT80)
CU_IMPL(present128, CU_PRESENT128)
CU_IMPL(gift64, CU_GIFT64)
CU_IMPL(gift128, CU_GIFT128)
CU_IMPL(pipo128, CU_PIPO128)
CU_IMPL(pipo256, CU_PIPO256)
