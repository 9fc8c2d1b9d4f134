/* A stand-in for the OpenCL ICD loader, libOpenCL.so.1 (LWCX_OPENCL_LOADER):
 * one platform with one GPU, "lwcx fake OpenCL GPU", that builds lwcx's
 * program and moves memory (host memory stands for the device's) but
 * cannot run a kernel: every enqueued kernel fails, so every operation
 * fails in its middle, after its writes, and the library must finish it on
 * the CPU and say so (tests opencl_fake_fallback*). LWCX_FAKE_OPENCL_FAIL_AFTER=K:
 * every buffer write or read after the first K fails too, an earlier point
 * of failure. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>

static char platform, device, context, queue, program, kernel;

static int memory_fails(void)
{
    static long calls;
    const char *e = getenv("LWCX_FAKE_OPENCL_FAIL_AFTER");
    return e && *e && ++calls > atol(e);
}

/* A buffer: its size, then its bytes. */
typedef struct fake_mem {
    size_t bytes;
    uint8_t b[];
} fake_mem;

cl_int clGetPlatformIDs(cl_uint n, cl_platform_id *p, cl_uint *np)
{
    if (p && n) p[0] = (cl_platform_id)(void *)&platform;
    if (np) *np = 1;
    return CL_SUCCESS;
}

cl_int clGetDeviceIDs(cl_platform_id p, cl_device_type type, cl_uint n, cl_device_id *d, cl_uint *nd)
{
    (void)p, (void)type;
    if (d && n) d[0] = (cl_device_id)(void *)&device;
    if (nd) *nd = 1;
    return CL_SUCCESS;
}

cl_int clGetDeviceInfo(cl_device_id d, cl_device_info what, size_t size, void *v, size_t *ret)
{
    (void)d, (void)ret;
    if (what == CL_DEVICE_TYPE && size >= sizeof(cl_device_type)) {
        *(cl_device_type *)v = CL_DEVICE_TYPE_GPU;
    } else if (what == CL_DEVICE_NAME && size > 0) {
        strncpy(v, "lwcx fake OpenCL GPU", size - 1);
        ((char *)v)[size - 1] = 0;
    } else if (what == CL_DEVICE_MAX_COMPUTE_UNITS && size >= sizeof(cl_uint)) {
        *(cl_uint *)v = 2;
    } else {
        return CL_INVALID_VALUE;
    }
    return CL_SUCCESS;
}

cl_context clCreateContext(const cl_context_properties *props, cl_uint n, const cl_device_id *d,
                           void(CL_CALLBACK *notify)(const char *, const void *, size_t, void *), void *user,
                           cl_int *err)
{
    (void)props, (void)n, (void)d, (void)notify, (void)user;
    *err = CL_SUCCESS;
    return (cl_context)(void *)&context;
}

cl_command_queue clCreateCommandQueue(cl_context c, cl_device_id d, cl_command_queue_properties props, cl_int *err)
{
    (void)c, (void)d, (void)props;
    *err = CL_SUCCESS;
    return (cl_command_queue)(void *)&queue;
}

cl_program clCreateProgramWithSource(cl_context c, cl_uint n, const char **src, const size_t *len, cl_int *err)
{
    (void)c, (void)n, (void)src, (void)len;
    *err = CL_SUCCESS;
    return (cl_program)(void *)&program;
}

cl_int clBuildProgram(cl_program p, cl_uint n, const cl_device_id *d, const char *opts,
                      void(CL_CALLBACK *notify)(cl_program, void *), void *user)
{
    (void)p, (void)n, (void)d, (void)opts, (void)notify, (void)user;
    return CL_SUCCESS;
}

cl_int clGetProgramBuildInfo(cl_program p, cl_device_id d, cl_program_build_info what, size_t size, void *v,
                             size_t *ret)
{
    (void)p, (void)d, (void)what, (void)ret;
    if (size) *(char *)v = 0;
    return CL_SUCCESS;
}

cl_kernel clCreateKernel(cl_program p, const char *name, cl_int *err)
{
    (void)p, (void)name;
    *err = CL_SUCCESS;
    return (cl_kernel)(void *)&kernel;
}

cl_mem clCreateBuffer(cl_context c, cl_mem_flags flags, size_t bytes, void *host, cl_int *err)
{
    (void)c, (void)flags, (void)host;
    fake_mem *m = memory_fails() ? NULL : malloc(sizeof *m + bytes);
    if (m) m->bytes = bytes;
    *err = m ? CL_SUCCESS : CL_MEM_OBJECT_ALLOCATION_FAILURE;
    return (cl_mem)(void *)m;
}

cl_int clReleaseMemObject(cl_mem m)
{
    free((void *)m);
    return CL_SUCCESS;
}

static cl_int copy(cl_mem mem, size_t at, size_t bytes, void *host, int write)
{
    fake_mem *m = (fake_mem *)(void *)mem;
    if (memory_fails()) return CL_OUT_OF_RESOURCES;
    if (!m || at > m->bytes || bytes > m->bytes - at) return CL_INVALID_VALUE;
    if (write)
        memcpy(m->b + at, host, bytes);
    else
        memcpy(host, m->b + at, bytes);
    return CL_SUCCESS;
}

cl_int clEnqueueWriteBuffer(cl_command_queue q, cl_mem m, cl_bool block, size_t at, size_t bytes, const void *src,
                            cl_uint n, const cl_event *wait, cl_event *ev)
{
    (void)q, (void)block, (void)n, (void)wait, (void)ev;
    return copy(m, at, bytes, (void *)(uintptr_t)src, 1);
}

cl_int clEnqueueReadBuffer(cl_command_queue q, cl_mem m, cl_bool block, size_t at, size_t bytes, void *dst,
                           cl_uint n, const cl_event *wait, cl_event *ev)
{
    (void)q, (void)block, (void)n, (void)wait, (void)ev;
    return copy(m, at, bytes, dst, 0);
}

cl_int clEnqueueFillBuffer(cl_command_queue q, cl_mem mem, const void *pattern, size_t psize, size_t at,
                           size_t bytes, cl_uint n, const cl_event *wait, cl_event *ev)
{
    (void)q, (void)n, (void)wait, (void)ev, (void)psize;
    fake_mem *m = (fake_mem *)(void *)mem;
    if (!m || at > m->bytes || bytes > m->bytes - at) return CL_INVALID_VALUE;
    memset(m->b + at, *(const uint8_t *)pattern, bytes);
    return CL_SUCCESS;
}

cl_int clSetKernelArg(cl_kernel k, cl_uint i, size_t size, const void *v)
{
    (void)k, (void)i, (void)size, (void)v;
    return CL_SUCCESS;
}

cl_int clEnqueueNDRangeKernel(cl_command_queue q, cl_kernel k, cl_uint dim, const size_t *offset,
                              const size_t *global, const size_t *local, cl_uint n, const cl_event *wait,
                              cl_event *ev)
{
    (void)q, (void)k, (void)dim, (void)offset, (void)global, (void)local, (void)n, (void)wait, (void)ev;
    return CL_OUT_OF_RESOURCES; /* no kernel runs here */
}

cl_int clFinish(cl_command_queue q)
{
    (void)q;
    return CL_SUCCESS;
}
