/* --impl NAME and --verbose (-v), the same on every command that computes:
 * --impl forces one implementation of the command's primitive through the
 * library's forcing API (lwcx_impl_select, as LWCX_IMPL does), --verbose
 * says on stderr which implementation ran and why it was the one. */
#ifndef LWCX_CLI_IMPL_H
#define LWCX_CLI_IMPL_H

#include <stddef.h>

#include "lwcx.h"

/* Forces implementation name (NULL: nothing to do) of primitive prim for
 * this process. 0, or 2 with the message printed: an implementation prim
 * does not have (the ones it has are listed) or one this machine cannot
 * run (and why). */
LWCX_NODISCARD int cli_impl_force(const char *prim, const char *name);

/* Whether the name is an implementation of some primitive: for commands
 * whose primitive is not known yet when the option is read. */
int cli_impl_known(const char *name);

/* The sparkle call kind of an Esch or Schwaemm variant's permutation
 * ("one_state_256" ...); NULL for another name. */
const char *cli_sparkle_kind(const char *alg);

/* With verbose set: "lwcx CMD: implementation: PRIM:IMPL (why)" on stderr,
 * the implementation the library runs for calls of kind (of len bytes, for
 * a kind whose choice depends on the size) and where that choice came from;
 * forced says whether --impl named it. impl, when not NULL, is the one that
 * ran (a key search's) and replaces the lookup. */
void cli_impl_report(int verbose, int forced, const char *prim, const char *kind, size_t len, const lwcx_impl *impl,
                     const char *why);

#endif
