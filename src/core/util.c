/* Error strings, secure wiping, constant-time comparison. */
#include "declassify.h"
#include "internal.h"

const char *lwcx_strerror(int status)
{
    switch (status) {
    case LWCX_OK: return "success";
    case LWCX_ERR_NULL: return "a required pointer argument is NULL";
    case LWCX_ERR_LENGTH: return "length out of range or not a multiple of the block size";
    case LWCX_ERR_AUTH: return "authentication failed: the tag does not match";
    case LWCX_ERR_NO_IMPL: return "no such primitive or implementation";
    case LWCX_ERR_UNSUPPORTED: return "implementation not supported by this CPU or build";
    case LWCX_ERR_ARG: return "invalid argument";
    case LWCX_ERR_NOMEM: return "out of memory";
    case LWCX_ERR_FORMAT: return "malformed data: not in the expected format";
    case LWCX_ERR_IMPL_ENV: return "LWCX_IMPL names an unknown implementation or one this machine cannot run";
    default: return "unknown error";
    }
}

const char *lwcx_version(void)
{
    return LWCX_VERSION_STRING;
}

void lwcx_wipe(void *p, size_t len)
{
    if (!p) return;
#if defined(__GNUC__)
    /* a plain memset, kept by an empty asm that the compiler must assume reads p */
    memset(p, 0, len);
    __asm__ __volatile__("" : : "r"(p) : "memory");
#else
    volatile unsigned char *v = (volatile unsigned char *)p;
    while (len--) *v++ = 0;
#endif
}

int lwcx_ct_compare(const void *a, const void *b, size_t len)
{
    const volatile unsigned char *x = (const volatile unsigned char *)a;
    const volatile unsigned char *y = (const volatile unsigned char *)b;
    unsigned diff = 0;
    for (size_t i = 0; i < len; i++) diff |= x[i] ^ y[i];
    /* 0 -> 0, anything else -> -1, without a data-dependent branch */
    int r = (int)((1u & ((diff - 1) >> 8)) - 1);
    /* the verdict is public (callers accept or reject on it); the bytes
     * compared stay secret */
    LWCX_DECLASSIFY(&r, sizeof r);
    return r;
}

atomic_int lwcx_test_fail_countdown;

void lwcx_test_fail_arm(int k)
{
    atomic_store(&lwcx_test_fail_countdown, k > 0 ? k : 0);
}

int lwcx_test_fail_pending(void)
{
    return atomic_load(&lwcx_test_fail_countdown);
}

int lwcx_test_fail_hit(int status)
{
    int left = atomic_load(&lwcx_test_fail_countdown);
    while (left > 0 && !atomic_compare_exchange_weak(&lwcx_test_fail_countdown, &left, left - 1)) {
    }
    return left == 1 ? status : LWCX_OK;
}
