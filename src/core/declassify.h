/* Declassification for the constant-time test (tests/test_ct.c), which runs
 * the library under valgrind's memcheck with the secrets marked undefined:
 * every branch or address that depends on them is then reported. Values
 * computed from secrets that the protocol makes public anyway (a tag
 * comparison's verdict, a signature's salt and hashes) are marked defined
 * here, where they become public, so that code which legitimately branches
 * or indexes on them is not reported. Natively the marking is a few
 * instructions that do nothing; without <valgrind/memcheck.h> at build time
 * it is compiled out. */
#ifndef LWCX_DECLASSIFY_H
#define LWCX_DECLASSIFY_H

#if defined(LWCX_HAVE_MEMCHECK_H)
#include <valgrind/memcheck.h>
/* the client request's value only says whether valgrind runs */
#define LWCX_DECLASSIFY(p, len) ((void)VALGRIND_MAKE_MEM_DEFINED((p), (len)))
#else
#define LWCX_DECLASSIFY(p, len) ((void)(p), (void)(len))
#endif

#endif
