/* A stand-in for libcuda.so.1 with no device (test cuda_fake_driver_no_device):
 * every entry the cuda implementation looks up exists, the driver starts,
 * and it counts zero devices. Anything else fails. */
#include <stddef.h>

#define FAIL(name) \
    int name(void); \
    int name(void) { return 100; /* CUDA_ERROR_NO_DEVICE */ }

int cuInit(unsigned flags);
int cuInit(unsigned flags)
{
    (void)flags;
    return 0;
}
int cuDeviceGetCount(int *n);
int cuDeviceGetCount(int *n)
{
    *n = 0;
    return 0;
}
FAIL(cuDeviceGet)
FAIL(cuDeviceGetAttribute)
FAIL(cuDeviceGetName)
FAIL(cuDevicePrimaryCtxRetain)
FAIL(cuCtxPushCurrent_v2)
FAIL(cuCtxPopCurrent_v2)
FAIL(cuCtxSynchronize)
FAIL(cuModuleLoadData)
FAIL(cuModuleGetFunction)
FAIL(cuModuleGetGlobal_v2)
FAIL(cuMemAlloc_v2)
FAIL(cuMemFree_v2)
FAIL(cuMemcpyHtoD_v2)
FAIL(cuMemcpyDtoH_v2)
FAIL(cuMemsetD8_v2)
FAIL(cuLaunchKernel)
