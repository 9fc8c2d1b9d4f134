/* lwcx_bc_keysearch: for every cipher, a planted key is found (and only it)
 * by every implementation (2^20-key ranges, 2^12 for ref) with 1 and 2
 * threads, a range without it finds nothing, stopping and resuming gives the
 * same result, masks of unknown bits work, and bad arguments fail. */
#include "testutil.h"

typedef struct plant {
    lwcx_blockcipher c;
    uint8_t key[LWCX_BC_MAX_KEY_BYTES], base[LWCX_BC_MAX_KEY_BYTES];
    uint8_t pt[2 * LWCX_BC_MAX_BLOCK_BYTES], ct[2 * LWCX_BC_MAX_BLOCK_BYTES];
    uint64_t start, count, index;
} plant;

/* A random key at a random index of [start, start + count), 2 pairs. */
static plant make_plant(lwcx_blockcipher c, uint64_t start, uint64_t count)
{
    plant p;
    memset(&p, 0, sizeof p);
    size_t kb = lwcx_bc_key_bytes(c), bs = lwcx_bc_block_bytes(c);
    p.c = c;
    p.start = start;
    p.count = count;
    p.index = start + tu_rand() % count;
    tu_fill(p.key, kb);
    tu_fill(p.pt, 2 * bs);
    CHECK_OK(lwcx_bc_ecb_encrypt(c, p.key, p.ct, p.pt, 2 * bs));
    memcpy(p.base, p.key, kb);
    for (int i = 0; i < 8; i++) p.base[kb - 1 - i] ^= (uint8_t)(p.index >> (8 * i));
    return p;
}

static int stop_always(void *ctx, uint64_t done, uint64_t total)
{
    (void)done;
    (void)total;
    ++*(unsigned *)ctx;
    return 1;
}

typedef struct watch {
    uint64_t last, total;
    int monotone;
} watch;

static int watch_progress(void *ctx, uint64_t done, uint64_t total)
{
    watch *w = ctx;
    if (done < w->last || done > total) w->monotone = 0;
    w->last = done;
    w->total = total;
    return 0;
}

/* The implementation named impl of cipher c: every search below runs on it. */
static const lwcx_impl *handle(lwcx_blockcipher c, const char *impl)
{
    return lwcx_impl_find(lwcx_bc_name(c), impl);
}

static void check_found(const plant *p, const char *impl, unsigned threads)
{
    size_t kb = lwcx_bc_key_bytes(p->c);
    uint8_t found[4 * LWCX_BC_MAX_KEY_BYTES];
    size_t nfound = 99;
    uint64_t next = 0;
    watch w = {0, 0, 1};
    int rc = lwcx_bc_keysearch_with(handle(p->c, impl), p->c, p->pt, p->ct, 2, p->base, NULL, p->start, p->count, threads,
                               watch_progress, &w, found, 4, &nfound, &next);
    CHECK(rc == LWCX_OK, "%s %s threads %u: rc %d", lwcx_bc_name(p->c), impl, threads, rc);
    CHECK(nfound == 1 && memcmp(found, p->key, kb) == 0, "%s %s threads %u: nfound %zu",
          lwcx_bc_name(p->c), impl, threads, nfound);
    CHECK(next == p->start + p->count, "%s %s: next", lwcx_bc_name(p->c), impl);
    CHECK(w.monotone && w.last == p->count && w.total == p->count, "%s %s: progress",
          lwcx_bc_name(p->c), impl);
    /* one pair, found not stored */
    rc = lwcx_bc_keysearch_with(handle(p->c, impl), p->c, p->pt, p->ct, 1, p->base, NULL, p->start, p->count, threads, NULL, NULL,
                           NULL, 0, &nfound, NULL);
    CHECK(rc == LWCX_OK && nfound == 1, "%s %s: one pair, nfound %zu", lwcx_bc_name(p->c), impl,
          nfound);
}

static void check_absent(const plant *p, const char *impl, uint64_t count)
{
    uint8_t found[LWCX_BC_MAX_KEY_BYTES];
    size_t nfound = 99;
    uint64_t next = 0;
    /* just after, and just before, the planted range */
    int rc = lwcx_bc_keysearch_with(handle(p->c, impl), p->c, p->pt, p->ct, 2, p->base, NULL, p->start + p->count, count, 2, NULL,
                               NULL, found, 1, &nfound, &next);
    CHECK(rc == LWCX_OK && nfound == 0 && next == p->start + p->count + count, "%s %s: absent after",
          lwcx_bc_name(p->c), impl);
    rc = lwcx_bc_keysearch_with(handle(p->c, impl), p->c, p->pt, p->ct, 2, p->base, NULL, p->start - count, count, 1, NULL, NULL,
                           found, 1, &nfound, &next);
    CHECK(rc == LWCX_OK && nfound == 0 && next == p->start, "%s %s: absent before",
          lwcx_bc_name(p->c), impl);
}

/* Stop at every progress call and resume from next_index until done. */
static void check_resume(const plant *p, const char *impl)
{
    size_t kb = lwcx_bc_key_bytes(p->c), total = 0;
    uint8_t found[LWCX_BC_MAX_KEY_BYTES];
    uint64_t at = p->start, end = p->start + p->count;
    unsigned calls = 0, runs = 0;
    while (at < end && runs < 100000) {
        size_t nfound = 0;
        uint64_t next = 0;
        int rc = lwcx_bc_keysearch_with(handle(p->c, impl), p->c, p->pt, p->ct, 2, p->base, NULL, at, end - at, 1, stop_always,
                                   &calls, found, 1, &nfound, &next);
        /* next == at is possible (stopped before a worker took a chunk), not wrong */
        CHECK(rc == LWCX_OK && next >= at && next <= end, "%s %s: resume step", lwcx_bc_name(p->c), impl);
        if (rc != LWCX_OK || next < at) return;
        if (nfound) CHECK(memcmp(found, p->key, kb) == 0 && p->index < next && p->index >= at,
                          "%s %s: resumed key", lwcx_bc_name(p->c), impl);
        total += nfound;
        at = next;
        runs++;
    }
    CHECK(at == end && total == 1, "%s %s: stop and resume found %zu", lwcx_bc_name(p->c), impl, total);
    printf("%s %s: stop/resume in %u runs\n", lwcx_bc_name(p->c), impl, runs);
}

static void check_bad_args(void)
{
    plant p = make_plant(LWCX_PRESENT80, 1000, 100);
    uint8_t found[LWCX_BC_MAX_KEY_BYTES];
    size_t nfound = 99;
    uint64_t next = 0;
    CHECK(lwcx_bc_keysearch((lwcx_blockcipher)99, p.pt, p.ct, 1, p.base, NULL, 0, 1, 1, NULL, NULL, NULL,
                            0, NULL, NULL) == LWCX_ERR_ARG, "unknown cipher");
    CHECK(lwcx_bc_keysearch(p.c, NULL, p.ct, 1, p.base, NULL, 0, 1, 1, NULL, NULL, NULL, 0, NULL, NULL) ==
              LWCX_ERR_NULL, "NULL pt");
    CHECK(lwcx_bc_keysearch(p.c, p.pt, NULL, 1, p.base, NULL, 0, 1, 1, NULL, NULL, NULL, 0, NULL, NULL) ==
              LWCX_ERR_NULL, "NULL ct");
    CHECK(lwcx_bc_keysearch(p.c, p.pt, p.ct, 1, NULL, NULL, 0, 1, 1, NULL, NULL, NULL, 0, NULL, NULL) ==
              LWCX_ERR_NULL, "NULL base");
    CHECK(lwcx_bc_keysearch(p.c, p.pt, p.ct, 1, p.base, NULL, 0, 1, 1, NULL, NULL, NULL, 1, NULL, NULL) ==
              LWCX_ERR_NULL, "NULL found with max_found");
    CHECK(lwcx_bc_keysearch(p.c, p.pt, p.ct, 0, p.base, NULL, 0, 1, 1, NULL, NULL, NULL, 0, NULL, NULL) ==
              LWCX_ERR_ARG, "no pairs");
    CHECK(lwcx_bc_keysearch(p.c, p.pt, p.ct, 1, p.base, NULL, 0, 1, LWCX_KEYSEARCH_MAX_THREADS + 1, NULL,
                            NULL, NULL, 0, NULL, NULL) == LWCX_ERR_ARG, "too many threads");
    CHECK(lwcx_bc_keysearch(p.c, p.pt, p.ct, 1, p.base, NULL, LWCX_KEYSEARCH_MAX_END, 1, 1, NULL, NULL,
                            NULL, 0, NULL, NULL) == LWCX_ERR_LENGTH, "range past the end");
    CHECK(lwcx_bc_keysearch(p.c, p.pt, p.ct, 1, p.base, NULL, 5, UINT64_MAX, 1, NULL, NULL, NULL, 0, NULL,
                            NULL) == LWCX_ERR_LENGTH, "range wraps");
    /* an empty range, and the largest allowed end */
    CHECK(lwcx_bc_keysearch(p.c, p.pt, p.ct, 1, p.base, NULL, 7, 0, 0, NULL, NULL, found, 1, &nfound,
                            &next) == LWCX_OK && nfound == 0 && next == 7, "empty range");
    CHECK(lwcx_bc_keysearch(p.c, p.pt, p.ct, 1, p.base, NULL, LWCX_KEYSEARCH_MAX_END - 300, 300, 2, NULL,
                            NULL, found, 1, &nfound, &next) == LWCX_OK && nfound == 0 &&
              next == LWCX_KEYSEARCH_MAX_END, "range at the end");
    /* threads = 0 (all cores) finds it too */
    CHECK(lwcx_bc_keysearch(p.c, p.pt, p.ct, 2, p.base, NULL, p.start, p.count, 0, NULL, NULL, found, 1,
                            &nfound, &next) == LWCX_OK && nfound == 1 &&
              memcmp(found, p.key, 10) == 0, "default threads");
}

/* A mask of unknown bits spread over the key: the planted key is found, and
 * so with fewer mask bits than a kernel's lanes (the per-key path). */
static void check_mask(lwcx_blockcipher c, const char *impl, unsigned nbits)
{
    size_t kb = lwcx_bc_key_bytes(c), bs = lwcx_bc_block_bytes(c);
    uint8_t key[LWCX_BC_MAX_KEY_BYTES], base[LWCX_BC_MAX_KEY_BYTES], mask[LWCX_BC_MAX_KEY_BYTES] = {0};
    uint8_t pt[2 * LWCX_BC_MAX_BLOCK_BYTES], ct[2 * LWCX_BC_MAX_BLOCK_BYTES], found[LWCX_BC_MAX_KEY_BYTES];
    tu_fill(key, kb);
    tu_fill(pt, 2 * bs);
    CHECK_OK(lwcx_bc_ecb_encrypt(c, key, ct, pt, 2 * bs));
    for (unsigned n = 0; n < nbits;) { /* distinct random bits */
        unsigned p = (unsigned)(tu_rand() % (8 * kb));
        uint8_t *m = &mask[kb - 1 - p / 8];
        if (*m >> (p % 8) & 1) continue;
        *m |= (uint8_t)(1u << (p % 8));
        n++;
    }
    for (size_t i = 0; i < kb; i++) base[i] = (uint8_t)(key[i] & ~mask[i]);
    size_t nfound = 0;
    uint64_t next = 0;
    int rc = lwcx_bc_keysearch_with(handle(c, impl), c, pt, ct, 2, base, mask, 0, (uint64_t)1 << nbits, 2, NULL, NULL, found, 1,
                               &nfound, &next);
    CHECK(rc == LWCX_OK && nfound == 1 && memcmp(found, key, kb) == 0 && next == (uint64_t)1 << nbits,
          "%s %s: mask of %u bits, rc %d nfound %zu", lwcx_bc_name(c), impl, nbits, rc, nfound);
    CHECK(lwcx_bc_keysearch_with(handle(c, impl), c, pt, ct, 2, base, mask, 1, (uint64_t)1 << nbits, 1, NULL, NULL, NULL, 0,
                            NULL, NULL) == LWCX_ERR_LENGTH, "%s: past the mask's range", lwcx_bc_name(c));
    memset(mask, 0, sizeof mask);
    CHECK(lwcx_bc_keysearch_with(handle(c, impl), c, pt, ct, 2, base, mask, 0, 1, 1, NULL, NULL, NULL, 0, NULL, NULL) ==
              LWCX_ERR_ARG, "%s: empty mask", lwcx_bc_name(c));
}

int main(void)
{
    static const lwcx_blockcipher all[] = {LWCX_PRESENT80, LWCX_PRESENT128, LWCX_GIFT64,
                                           LWCX_GIFT128,   LWCX_PIPO128,    LWCX_PIPO256};
    for (size_t c = 0; c < sizeof all / sizeof all[0]; c++) {
        const char *prim = lwcx_bc_name(all[c]), *names[16];
        size_t n = tu_available(prim, names);
        for (size_t i = 0; i < n; i++) {
            tu_ran_name(prim, names[i]);
            int is_ref = strcmp(names[i], "ref") == 0;
            uint64_t count = is_ref ? 1u << 12 : 1u << 20;
            /* an unaligned start so chunks and batches straddle the range's ends */
            plant p = make_plant(all[c], 0x123456789ABull + tu_rand() % 1000, count);
            check_found(&p, names[i], 1);
            check_found(&p, names[i], 2);
            check_absent(&p, names[i], is_ref ? 1u << 10 : 1u << 16);
            if (i == 0 || is_ref) check_resume(&p, names[i]); /* the fastest and ref */
            check_mask(all[c], names[i], is_ref ? 10 : 18);
            check_mask(all[c], names[i], 5); /* fewer bits than any kernel's lanes */
        }
    }
    check_bad_args();
    return tu_finish();
}
