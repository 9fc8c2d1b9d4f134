/* The key-search record as text (see lwcx.h): save, load, merge; a search
 * as a part of a job.
 *
 * Version 1 is the record of a search; version 2, written only for a part
 * (lwcx_keysearch_set_part), adds the "job" and "part" lines, so that the
 * parts' records say what the job covers (a search that is no part still
 * writes version 1, which older readers take). Loading is strict: the
 * Esch256 checksum must match, every line must parse, the ranges and keys
 * must belong to the search (keys are confirmed again on every pair), and
 * the object built from it must save to exactly the same bytes, so any text
 * not written by save is refused. */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "keysearch_impl.h"

#define MAGIC_V1 "lwcx-keysearch-record 1\n"
#define MAGIC_V2 "lwcx-keysearch-record 2\n" /* the same length */
#define SUM_LINE (9 + 64 + 1) /* "checksum " HEX "\n" */
#define END_LINE "end\n"

typedef struct out {
    char *buf;
    size_t cap, len;
} out;

static void put(out *o, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(o->len < o->cap ? o->buf + o->len : NULL, o->len < o->cap ? o->cap - o->len : 0,
                      fmt, ap);
    va_end(ap);
    o->len += n > 0 ? (size_t)n : 0;
}

static void put_hex(out *o, const char *name, const uint8_t *b, size_t n, const char *after)
{
    put(o, "%s ", name);
    for (size_t i = 0; i < n; i++) put(o, "%02x", b[i]);
    put(o, "%s", after);
}

static void hex32(char *h, const uint8_t *d)
{
    for (int i = 0; i < 32; i++) snprintf(h + 2 * i, 3, "%02x", d[i]);
}

/* With the lock held. */
static LWCX_NODISCARD int save_locked(const lwcx_keysearch *ks, uint8_t *buf, size_t cap, size_t *len)
{
    const unsigned bs = ks->ci->block_bytes, kb = ks->ci->key_bytes;
    out o = {(char *)buf, buf ? cap : 0, 0};
    put(&o, "%scipher %s\n", ks->parts ? MAGIC_V2 : MAGIC_V1, ks->ci->name);
    for (size_t p = 0; p < ks->npairs; p++) {
        put_hex(&o, "pt", ks->pt + bs * p, bs, "\n");
        put_hex(&o, "ct", ks->ct + bs * p, bs, "\n");
    }
    put_hex(&o, "key-base", ks->base, kb, "\n");
    put_hex(&o, "mask", ks->mask, kb, "\n");
    put(&o, "start %" PRIu64 "\ncount %" PRIu64 "\n", ks->start, ks->count);
    if (ks->parts)
        put(&o, "job %" PRIu64 " %" PRIu64 "\npart %" PRIu64 " %" PRIu64 "\n", ks->job_start, ks->job_count,
            ks->part, ks->parts);
    put(&o, "searched %" PRIu64 "\n", ks->keys_done);
    for (size_t i = 0; i < ks->ndone; i++)
        put(&o, "done %" PRIu64 " %" PRIu64 "\n", ks->done[i].lo, ks->done[i].hi);
    for (size_t i = 0; i < ks->nfound; i++) {
        put_hex(&o, "found", ks->found[i].key, kb, "");
        put(&o, " %" PRIu64 "\n", ks->found[i].index);
    }
    put(&o, "matches %" PRIu64 "\n", ks->matches);
    *len = o.len + SUM_LINE + strlen(END_LINE);
    if (!buf || *len > cap) return LWCX_ERR_LENGTH;
    uint8_t d[32];
    char h[65];
    const int hashed = lwcx_esch_hash(LWCX_ESCH256, d, sizeof d, buf, o.len);
    if (hashed) return hashed;
    hex32(h, d);
    /* by hand: vsnprintf would want room for a NUL after the last byte */
    memcpy(buf + o.len, "checksum ", 9);
    memcpy(buf + o.len + 9, h, 64);
    memcpy(buf + o.len + 73, "\n" END_LINE, 1 + strlen(END_LINE));
    return LWCX_OK;
}

int lwcx_keysearch_save(lwcx_keysearch *ks, uint8_t *buf, size_t cap, size_t *len)
{
    if (!ks || !len) return LWCX_ERR_NULL;
    pthread_mutex_lock(&ks->lock);
    int rc = save_locked(ks, buf, cap, len);
    pthread_mutex_unlock(&ks->lock);
    return rc;
}

/* ---- parts of a job ------------------------------------------------------ */

int lwcx_keysearch_part_range(uint64_t job_start, uint64_t job_count, uint64_t part, uint64_t parts,
                              uint64_t *lo, uint64_t *n)
{
    if (!lo || !n) return LWCX_ERR_NULL;
    if (part < 1 || part > parts || parts > job_count) return LWCX_ERR_ARG;
    if (job_start > LWCX_KEYSEARCH_MAX_END || job_count > LWCX_KEYSEARCH_MAX_END - job_start)
        return LWCX_ERR_LENGTH;
    const uint64_t q = job_count / parts, r = job_count % parts, k = part - 1;
    *lo = job_start + k * q + (k < r ? k : r);
    *n = q + (k < r);
    return LWCX_OK;
}

/* With the lock held (or before any other thread sees ks). A search is a
 * part of one job only: another job's part is refused, the same one again
 * is a no-op. */
static LWCX_NODISCARD int set_part_locked(lwcx_keysearch *ks, uint64_t job_start, uint64_t job_count,
                                          uint64_t part, uint64_t parts)
{
    uint64_t lo, n;
    int rc = lwcx_keysearch_part_range(job_start, job_count, part, parts, &lo, &n);
    if (rc) return rc;
    if (ks->job.nbits < 64 && job_start + job_count > (uint64_t)1 << ks->job.nbits) return LWCX_ERR_LENGTH;
    if (lo != ks->start || n != ks->count) return LWCX_ERR_ARG;
    if (ks->parts && (ks->job_start != job_start || ks->job_count != job_count || ks->part != part ||
                      ks->parts != parts))
        return LWCX_ERR_ARG;
    ks->job_start = job_start;
    ks->job_count = job_count;
    ks->part = part;
    ks->parts = parts;
    return LWCX_OK;
}

int lwcx_keysearch_set_part(lwcx_keysearch *ks, uint64_t job_start, uint64_t job_count, uint64_t part,
                            uint64_t parts)
{
    if (!ks) return LWCX_ERR_NULL;
    pthread_mutex_lock(&ks->lock);
    int rc = set_part_locked(ks, job_start, job_count, part, parts);
    pthread_mutex_unlock(&ks->lock);
    return rc;
}

int lwcx_keysearch_part(lwcx_keysearch *ks, uint64_t *job_start, uint64_t *job_count, uint64_t *part,
                        uint64_t *parts)
{
    if (!ks || !job_start || !job_count || !part || !parts) return LWCX_ERR_NULL;
    pthread_mutex_lock(&ks->lock);
    *job_start = ks->job_start;
    *job_count = ks->job_count;
    *part = ks->part;
    *parts = ks->parts;
    pthread_mutex_unlock(&ks->lock);
    return LWCX_OK;
}

/* ---- load --------------------------------------------------------------- */

typedef struct in {
    const char *p, *end; /* the unread text; end: the checksum line */
    /* line() moves p past a line only when it matched */
    const char *val;     /* the current line's value, NUL-free up to '\n' */
    size_t vlen;
} in;

/* Reads the next line if it is "name value"; 0 or -1. */
static LWCX_NODISCARD int line(in *r, const char *name)
{
    const size_t n = strlen(name);
    const char *nl = memchr(r->p, '\n', (size_t)(r->end - r->p));
    if (!nl || (size_t)(nl - r->p) <= n || memcmp(r->p, name, n) != 0 || r->p[n] != ' ') return -1;
    r->val = r->p + n + 1;
    r->vlen = (size_t)(nl - r->val);
    r->p = nl + 1;
    return 0;
}

static int hexval(char c)
{
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

static LWCX_NODISCARD int parse_hex(const char *s, size_t slen, uint8_t *b, size_t n)
{
    if (slen != 2 * n) return -1;
    for (size_t i = 0; i < n; i++) {
        int hi = hexval(s[2 * i]), lo = hexval(s[2 * i + 1]);
        if (hi < 0 || lo < 0) return -1;
        b[i] = (uint8_t)(hi << 4 | lo);
    }
    return 0;
}

/* Decimal digits only, no overflow. */
static LWCX_NODISCARD int parse_u64(const char *s, size_t slen, uint64_t *v)
{
    if (slen == 0 || slen > 20) return -1;
    uint64_t x = 0;
    for (size_t i = 0; i < slen; i++) {
        if (s[i] < '0' || s[i] > '9' || x > (UINT64_MAX - (uint64_t)(s[i] - '0')) / 10) return -1;
        x = 10 * x + (uint64_t)(s[i] - '0');
    }
    *v = x;
    return 0;
}

static LWCX_NODISCARD int line_hex(in *r, const char *name, uint8_t *b, size_t n)
{
    return line(r, name) || parse_hex(r->val, r->vlen, b, n) ? -1 : 0;
}

static LWCX_NODISCARD int line_u64(in *r, const char *name, uint64_t *v)
{
    return line(r, name) || parse_u64(r->val, r->vlen, v) ? -1 : 0;
}

/* The parameters, up to "searched"; a new object in *ks. */
static LWCX_NODISCARD int load_search(in *r, const lwcx_impl *impl, lwcx_keysearch **ks)
{
    uint8_t pt[LWCX_KEYSEARCH_MAX_PAIRS * BC_MAX_BLOCK], ct[LWCX_KEYSEARCH_MAX_PAIRS * BC_MAX_BLOCK];
    uint8_t base[BC_MAX_KEY], mask[BC_MAX_KEY];
    uint64_t start, count;
    if (line(r, "cipher")) return LWCX_ERR_FORMAT;
    int c = -1;
    for (int k = 0; k < BC_NCIPHERS; k++)
        if (strlen(lwcx_bc_ciphers[k].name) == r->vlen && memcmp(lwcx_bc_ciphers[k].name, r->val, r->vlen) == 0)
            c = k;
    if (c < 0) return LWCX_ERR_FORMAT;
    const unsigned bs = lwcx_bc_ciphers[c].block_bytes, kb = lwcx_bc_ciphers[c].key_bytes;
    size_t np = 0;
    while (np < LWCX_KEYSEARCH_MAX_PAIRS && line_hex(r, "pt", pt + bs * np, bs) == 0) {
        if (line_hex(r, "ct", ct + bs * np, bs)) return LWCX_ERR_FORMAT;
        np++;
    }
    if (line_hex(r, "key-base", base, kb) || line_hex(r, "mask", mask, kb) ||
        line_u64(r, "start", &start) || line_u64(r, "count", &count))
        return LWCX_ERR_FORMAT;
    int rc = lwcx_keysearch_new_with(impl, ks, (lwcx_blockcipher)c, pt, ct, np, base, mask, start, count);
    if (rc && rc != LWCX_ERR_NOMEM && impl) { /* impl's fault (another cipher's, not here) or the record's? */
        lwcx_keysearch *plain = NULL;
        if (lwcx_keysearch_new(&plain, (lwcx_blockcipher)c, pt, ct, np, base, mask, start, count) == LWCX_OK) {
            lwcx_keysearch_free(plain);
            return rc;
        }
    }
    return rc == LWCX_ERR_NOMEM ? rc : rc ? LWCX_ERR_FORMAT : LWCX_OK;
}

/* "name A B"; 0 or -1. */
static LWCX_NODISCARD int line_2u64(in *r, const char *name, uint64_t *a, uint64_t *b)
{
    if (line(r, name)) return -1;
    const char *sp = memchr(r->val, ' ', r->vlen);
    return sp && parse_u64(r->val, (size_t)(sp - r->val), a) == 0 &&
                   parse_u64(sp + 1, r->vlen - (size_t)(sp + 1 - r->val), b) == 0
               ? 0
               : -1;
}

/* Version 2's "job START COUNT" and "part I N": ks must be that part. */
static LWCX_NODISCARD int load_part(in *r, lwcx_keysearch *ks)
{
    uint64_t js, jc, i, n;
    if (line_2u64(r, "job", &js, &jc) || line_2u64(r, "part", &i, &n) || set_part_locked(ks, js, jc, i, n))
        return LWCX_ERR_FORMAT;
    return LWCX_OK;
}

/* The ranges and keys, into a new object (no other thread sees it yet). */
static LWCX_NODISCARD int load_record(in *r, lwcx_keysearch *ks)
{
    const unsigned kb = ks->ci->key_bytes;
    uint64_t searched, matches, lo, hi;
    if (line_u64(r, "searched", &searched)) return LWCX_ERR_FORMAT;
    while (line(r, "done") == 0) {
        const char *sp = memchr(r->val, ' ', r->vlen);
        if (!sp || parse_u64(r->val, (size_t)(sp - r->val), &lo) ||
            parse_u64(sp + 1, r->vlen - (size_t)(sp + 1 - r->val), &hi) || lo >= hi ||
            lo < ks->start || hi - ks->start > ks->count)
            return LWCX_ERR_FORMAT;
        int rc = lwcx_ks_mark_done(ks, lo, hi);
        if (rc) return rc;
    }
    uint8_t key[BC_MAX_KEY];
    int rc = LWCX_OK;
    while (rc == LWCX_OK && line(r, "found") == 0) {
        uint64_t idx, want;
        if (r->vlen < 2 * kb + 2 || r->val[2 * kb] != ' ' || parse_hex(r->val, 2 * kb, key, kb) ||
            parse_u64(r->val + 2 * kb + 1, r->vlen - 2 * kb - 1, &idx) ||
            lwcx_ks_key_index(ks, key, &want) || want != idx || !lwcx_ks_confirm(ks, key))
            rc = LWCX_ERR_FORMAT;
        else
            rc = lwcx_ks_add_found(ks, idx, key);
    }
    lwcx_wipe(key, sizeof key);
    if (rc) return rc;
    if (line_u64(r, "matches", &matches) || r->p != r->end || searched != ks->keys_done ||
        matches < ks->matches || (ks->nfound < LWCX_KEYSEARCH_MAX_FOUND && matches != ks->matches))
        return LWCX_ERR_FORMAT;
    ks->matches = matches;
    return LWCX_OK;
}

int lwcx_keysearch_load(lwcx_keysearch **ks, const uint8_t *buf, size_t len)
{
    return lwcx_keysearch_load_with(NULL, ks, buf, len);
}

int lwcx_keysearch_load_with(const lwcx_impl *impl, lwcx_keysearch **ks, const uint8_t *buf, size_t len)
{
    if (!ks) return LWCX_ERR_NULL;
    *ks = NULL;
    if (!buf) return LWCX_ERR_NULL;
    const size_t tail = SUM_LINE + strlen(END_LINE), ml = strlen(MAGIC_V1);
    const char *t = (const char *)buf;
    const int v2 = len >= ml && memcmp(t, MAGIC_V2, ml) == 0; /* a part: the job and part lines */
    if (len < ml + tail || (!v2 && memcmp(t, MAGIC_V1, ml) != 0) || memchr(t, 0, len) ||
        memcmp(t + len - tail, "checksum ", 9) != 0 || memcmp(t + len - 4, END_LINE, 4) != 0)
        return LWCX_ERR_FORMAT;
    uint8_t d[32];
    char h[65];
    const int hashed = lwcx_esch_hash(LWCX_ESCH256, d, sizeof d, buf, len - tail);
    if (hashed) return hashed;
    hex32(h, d);
    if (memcmp(h, t + len - tail + 9, 64) != 0) return LWCX_ERR_FORMAT;

    in r = {t + ml, t + len - tail, NULL, 0};
    lwcx_keysearch *k = NULL;
    int rc = load_search(&r, impl, &k);
    if (rc == LWCX_OK && v2) rc = load_part(&r, k);
    if (rc == LWCX_OK) rc = load_record(&r, k);
    if (rc == LWCX_OK) { /* canonical: saves to the very same bytes */
        uint8_t *again = malloc(len);
        size_t l2;
        if (!again) rc = LWCX_ERR_NOMEM;
        else if (save_locked(k, again, len, &l2) != LWCX_OK || l2 != len || memcmp(again, buf, len))
            rc = LWCX_ERR_FORMAT;
        if (again) lwcx_wipe(again, len);
        free(again);
    }
    if (rc) {
        lwcx_keysearch_free(k);
        return rc;
    }
    *ks = k;
    return LWCX_OK;
}

/* ---- merge -------------------------------------------------------------- */

static int same_search(const lwcx_keysearch *a, const lwcx_keysearch *b)
{
    const unsigned bs = a->ci->block_bytes, kb = a->ci->key_bytes;
    return a->cipher == b->cipher && a->npairs == b->npairs && a->start == b->start &&
           a->count == b->count && memcmp(a->pt, b->pt, bs * a->npairs) == 0 &&
           memcmp(a->ct, b->ct, bs * a->npairs) == 0 && memcmp(a->base, b->base, kb) == 0 &&
           memcmp(a->mask, b->mask, kb) == 0;
}

int lwcx_keysearch_merge(lwcx_keysearch *dst, lwcx_keysearch *src)
{
    if (!dst || !src) return LWCX_ERR_NULL;
    if (!same_search(dst, src)) return LWCX_ERR_ARG;
    /* a copy of src first: never two locks at once */
    pthread_mutex_lock(&src->lock);
    const size_t nd = src->ndone, nf = src->nfound;
    const uint64_t unstored = src->matches - src->nfound;
    const uint64_t js = src->job_start, jc = src->job_count, part = src->part, parts = src->parts;
    ks_range *d = malloc((nd ? nd : 1) * sizeof *d);
    ks_found *f = malloc((nf ? nf : 1) * sizeof *f);
    if (d && f) { /* src->done or src->found may be NULL when empty: no memcpy from NULL */
        if (nd) memcpy(d, src->done, nd * sizeof *d);
        if (nf) memcpy(f, src->found, nf * sizeof *f);
    }
    pthread_mutex_unlock(&src->lock);
    int rc = d && f ? LWCX_OK : LWCX_ERR_NOMEM;
    if (rc == LWCX_OK) {
        pthread_mutex_lock(&dst->lock);
        /* parts of two jobs never merge; a search that is not a part becomes
         * src's (a part's record resumed without naming the part keeps it) */
        if (parts && set_part_locked(dst, js, jc, part, parts) != LWCX_OK) rc = LWCX_ERR_ARG;
        for (size_t i = 0; i < nd && rc == LWCX_OK; i++) rc = lwcx_ks_mark_done(dst, d[i].lo, d[i].hi);
        for (size_t i = 0; i < nf && rc == LWCX_OK; i++) rc = lwcx_ks_add_found(dst, f[i].index, f[i].key);
        if (rc == LWCX_OK && dst != src) dst->matches += unstored; /* beyond the stored ones: counted */
        pthread_mutex_unlock(&dst->lock);
    }
    if (f) lwcx_wipe(f, (nf ? nf : 1) * sizeof *f);
    free(f);
    free(d);
    return rc;
}
