/* A program that links the library and calls nothing in it. Run on a CPU
 * without AVX2 or AVX-512 (the CI's qemu stages), it fails if anything in an
 * ISA-flagged file runs before dispatch, e.g. a load-time constructor. The
 * reference to the registry pulls every implementation out of the static
 * archive, as any real use of the library does. */
#include "lwcx.h"

static size_t (*volatile keep)(const char *) = lwcx_impl_count;

int main(void)
{
    return keep == NULL;
}
