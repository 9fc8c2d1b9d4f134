/* <stdint.h> for the OpenCL C kernel source (device/opencl_kernels.cl is
 * preprocessed at build time with this directory first on the include path
 * and no system headers): the fixed-width names over OpenCL C's types,
 * whose widths the language fixes. uintptr_t and size_t are built in. */
#ifndef LWCX_OPENCL_STDINT_H
#define LWCX_OPENCL_STDINT_H
typedef uchar uint8_t;
typedef ushort uint16_t;
typedef uint uint32_t;
typedef ulong uint64_t;
typedef char int8_t;
typedef short int16_t;
typedef int int32_t;
typedef long int64_t;
#define UINT32_MAX 0xFFFFFFFFu
#endif
