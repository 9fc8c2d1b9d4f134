/* Proof that the sanitizer build checks pointer arithmetic as clang's UBSan
 * can: a zero offset applied to a null pointer (undefined in C, and what a
 * memcpy-style "p + n" does on an empty buffer) must stop the program with
 * UBSan's report. gcc's UBSan does not report it, so only the clang build
 * registers this test. The offset comes from the command line: nothing to
 * fold at compile time. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    char *p = NULL;
    const size_t off = argc > 1 ? strtoul(argv[1], NULL, 10) : 0;
    char *q = p + off;
    printf("NULL + %zu = %p: not reported\n", off, (void *)q);
    return 0;
}
