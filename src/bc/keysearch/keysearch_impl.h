/* The key-search object (lwcx_keysearch, see lwcx.h), shared by the search
 * and dispenser (keysearch/keysearch.c) and its record (keysearch/record.c). */
#ifndef LWCX_KEYSEARCH_IMPL_H
#define LWCX_KEYSEARCH_IMPL_H

#include <stdatomic.h>
#include <pthread.h>

#include "../bc_impl.h"

typedef struct ks_range {
    uint64_t lo, hi; /* [lo, hi) */
} ks_range;

typedef struct ks_found {
    uint64_t index;
    uint8_t key[BC_MAX_KEY];
} ks_found;

struct lwcx_keysearch {
    /* the search, fixed at creation */
    lwcx_blockcipher cipher;
    const bc_cipher *ci;
    const bc_impl *im, *ref;
    bc_search_job job; /* points into the fields below */
    uint16_t pos[64];  /* key bit that index bit b flips (the mask's bits, ascending) */
    uint8_t base[BC_MAX_KEY], mask[BC_MAX_KEY]; /* mask: only the bits in use */
    uint8_t pt[LWCX_KEYSEARCH_MAX_PAIRS * BC_MAX_BLOCK], ct[LWCX_KEYSEARCH_MAX_PAIRS * BC_MAX_BLOCK];
    size_t npairs;
    uint64_t start, count;
    uint64_t chunk; /* keys per chunk of lwcx_keysearch_run (0: the implementation's) */
    _Atomic uint64_t fallback_keys; /* keys a device backend searched on the CPU */

    pthread_mutex_t lock; /* guards what follows */
    uint64_t cursor;      /* the dispenser: nothing below it is handed out again */
    ks_range *done;       /* finished ranges: ascending, disjoint, not touching */
    size_t ndone, done_cap;
    uint64_t keys_done;
    ks_found *found; /* the lowest-index matches, ascending, at most LWCX_KEYSEARCH_MAX_FOUND */
    size_t nfound, found_cap;
    uint64_t matches; /* every match recorded, stored or not */
    /* lwcx_keysearch_set_part: this search is part `part` of `parts` of the
     * job [job_start, job_start + job_count); parts == 0: not a part */
    uint64_t job_start, job_count, part, parts;
};

/* With the lock held: add [lo, hi) to the finished ranges, and a confirmed
 * key of index idx (once). LWCX_OK or LWCX_ERR_NOMEM. */
LWCX_NODISCARD int lwcx_ks_mark_done(lwcx_keysearch *ks, uint64_t lo, uint64_t hi);
LWCX_NODISCARD int lwcx_ks_add_found(lwcx_keysearch *ks, uint64_t idx, const uint8_t *key);
/* The index of key if it is a key of this search (in its range), else -1. */
LWCX_NODISCARD int lwcx_ks_key_index(const lwcx_keysearch *ks, const uint8_t *key, uint64_t *idx);
/* 1 if key encrypts every pt block to its ct block (ref). */
LWCX_NODISCARD int lwcx_ks_confirm(const lwcx_keysearch *ks, const uint8_t *key);

#endif
