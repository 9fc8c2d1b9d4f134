/* The internal interface of the benchmarks: the one header of src/ that
 * bench/ includes (a test, bench_includes, checks it). The bench measures
 * some work below the public API, and this is where it may reach in; any
 * other internal name it needs is added to the list below first, so a change
 * of these internals knows which bench rows to look at.
 *
 * bench.c        struct lwcx_impl: device (the rows of a device are named
 *                for it); lwcx_cpu_here (the machine's vendor, family,
 *                model and stepping in the JSON)
 * bench_bc.c     bc_impl: pack_unpack, expand, resident, bulk_bytes,
 *                sched_bytes, desc.batch (the packing, CTR-resident and bulk
 *                rows of devices); lwcx_bc_ciphers[].prim and .block_bytes,
 *                lwcx_resolve (an implementation's kernels); BC_RESIDENT_*
 * bench_sparkle.c lwcx_sparkle_pick, sparkle_permute_many (the permutation
 *                over many states, below the modes)
 * bench_aimer.c  aimer_impl: ways, shake_xn, xof_init/absorb/final (the
 *                Keccak work of a signature alone); lwcx_aimer_params_get,
 *                aimer_params, aimer_commit_bytes, aimer_tape_bytes,
 *                AIMER_MAX_WAYS, AIMER_MAX_LAMBDA, struct lwcx_aimer_key: p,
 *                im; aimer_field_ops: mul; lwcx_aimer_mpc_parties,
 *                aimer_dot_parties, aimer_gf, aimer_gf_add (the field work
 *                of its MPC simulation alone) */
#ifndef LWCX_BENCH_INTERNAL_H
#define LWCX_BENCH_INTERNAL_H

#include "aimer/aimer_impl.h"
#include "bc/bc_impl.h"
#include "core/internal.h"
#include "sparkle/sparkle_impl.h"

#endif
