/* A stand-in for libcuda.so.1 (LWCX_CUDA_DRIVER). By default it has no
 * device (test cuda_fake_driver_no_device): the driver starts and counts
 * zero devices. With LWCX_FAKE_CUDA_DEVICES=N it presents N devices that
 * load lwcx's kernels and move memory (host memory stands for the GPU's),
 * but cannot run a kernel: every launch fails, so every operation fails in
 * its middle, after its copies, and the library must finish it on the CPU
 * and say so (tests cuda_fake_fallback*). LWCX_FAKE_CUDA_FAIL_AFTER=K:
 * every memory call (allocation, copy, fill) after the first K fails too,
 * an earlier point of failure. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define ERR_NO_DEVICE 100
#define ERR_LAUNCH_FAILED 719

typedef unsigned long long CUdeviceptr;

static int devices(void)
{
    const char *e = getenv("LWCX_FAKE_CUDA_DEVICES");
    return e && *e ? atoi(e) : 0;
}

/* 0 while memory calls may succeed */
static int memory_fails(void)
{
    static long calls;
    const char *e = getenv("LWCX_FAKE_CUDA_FAIL_AFTER");
    return e && *e && ++calls > atol(e);
}

#define API(ret, name, args) ret name args; ret name args

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
static int ctx;
API(int, cuDevicePrimaryCtxRetain, (void **c, int dev))
{
    (void)dev;
    *c = &ctx;
    return 0;
}
API(int, cuCtxPushCurrent_v2, (void *c))
{
    (void)c;
    return 0;
}
API(int, cuCtxPopCurrent_v2, (void **c))
{
    *c = &ctx;
    return 0;
}
API(int, cuCtxSynchronize, (void))
{
    return 0;
}
static int module, function;
API(int, cuModuleLoadData, (void **m, const void *image))
{
    (void)image;
    *m = &module;
    return 0;
}
API(int, cuModuleGetFunction, (void **f, void *m, const char *name))
{
    (void)m, (void)name;
    *f = &function;
    return 0;
}
static uint32_t sched[4096]; /* the kernels' constant memory */
API(int, cuModuleGetGlobal_v2, (CUdeviceptr *p, size_t *bytes, void *m, const char *name))
{
    (void)m, (void)name;
    *p = (CUdeviceptr)(uintptr_t)sched;
    *bytes = sizeof sched;
    return 0;
}
API(int, cuMemAlloc_v2, (CUdeviceptr *p, size_t bytes))
{
    void *q = memory_fails() ? NULL : malloc(bytes);
    *p = (CUdeviceptr)(uintptr_t)q;
    return q ? 0 : 2; /* CUDA_ERROR_OUT_OF_MEMORY */
}
API(int, cuMemFree_v2, (CUdeviceptr p))
{
    free((void *)(uintptr_t)p);
    return 0;
}
API(int, cuMemcpyHtoD_v2, (CUdeviceptr dst, const void *src, size_t bytes))
{
    if (memory_fails()) return ERR_LAUNCH_FAILED;
    memcpy((void *)(uintptr_t)dst, src, bytes);
    return 0;
}
API(int, cuMemcpyDtoH_v2, (void *dst, CUdeviceptr src, size_t bytes))
{
    if (memory_fails()) return ERR_LAUNCH_FAILED;
    memcpy(dst, (const void *)(uintptr_t)src, bytes);
    return 0;
}
API(int, cuMemsetD8_v2, (CUdeviceptr dst, unsigned char v, size_t bytes))
{
    if (memory_fails()) return ERR_LAUNCH_FAILED;
    memset((void *)(uintptr_t)dst, v, bytes);
    return 0;
}
API(int, cuLaunchKernel, (void *f, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by, unsigned bz,
                          unsigned shared, void *stream, void **params, void **extra))
{
    (void)f, (void)gx, (void)gy, (void)gz, (void)bx, (void)by, (void)bz, (void)shared, (void)stream, (void)params,
        (void)extra;
    return ERR_LAUNCH_FAILED; /* no kernel runs here */
}
