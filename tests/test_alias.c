/* Overlapping buffers, for every public call that takes an input and an
 * output and on every implementation (the _with forms, the automatic choice
 * through the plain forms, unavailable ones skipped): out == in, out = in +
 * d and in - d for small and block-sized d, and each other argument (key,
 * nonce, IV, AD, tag, a second output) placed across the output. Every case
 * must either give the answer of separate buffers, writing nothing else, or
 * be refused with LWCX_ERR_ARG with nothing written; the same on every
 * implementation; and what lwcx.h allows (out == in, or any overlap) must
 * succeed. (lwcx_sparkle_permute has one buffer: nothing to overlap.) */
#include <stddef.h>

#include "testutil.h"

#define MAXA 4          /* other inputs of a call */
#define NB (2 + MAXA + 1) /* out, in, the other inputs, a second output */
#define B_OUT 0
#define B_IN 1
#define B_A(i) (2 + (i))
#define B_O2 (2 + MAXA)

enum { EQ_NONE, EQ_SAME, EQ_ANY }; /* what lwcx.h allows of out and in */

typedef struct op op;
/* Runs the call on impl (NULL: the plain form); a[i] are the other inputs, o2 the second output. */
typedef int (*op_fn)(const op *o, const lwcx_impl *impl, uint8_t *out, const uint8_t *in,
                     const uint8_t *const *a, uint8_t *o2);

struct op {
    char name[64];
    const char *prim; /* the registry primitive whose implementations run it; NULL: automatic only */
    int param;        /* variant, cipher or set */
    op_fn fn;
    int eq;
    size_t blk;       /* a block-sized shift to try */
    size_t len[NB];   /* 0: no such buffer */
    size_t wlen;      /* bytes of out written (<= len[B_OUT]) */
    size_t align[NB]; /* pointer alignment a buffer needs (1 for bytes) */
    const uint8_t *val[NB]; /* the values of the inputs (in, a[i]) */
    /* buffers (bit b for buffer b) that a later call than the one writing
     * out takes (an incremental tag): their overlap with out is beyond
     * what one call can see */
    unsigned later;
};

/* ---- the arena: every buffer of a call in one allocation ------------------ */

#define PAD 256 /* beyond the shifts: stray writes near a buffer land in the arena */

static uint64_t fill_state = 1;
static void arena_fill(uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++) { /* xorshift: cheap, never all one value */
        fill_state ^= fill_state << 13;
        fill_state ^= fill_state >> 7;
        fill_state ^= fill_state << 17;
        p[i] = (uint8_t)(fill_state >> 24);
    }
}

/* Each buffer has a slot with room for any other buffer placed across it
 * (up to the longest buffer's length each side), so that a case makes only
 * the overlap it names. The random background is made once per call tested. */
typedef struct arena {
    uint8_t *mem, *background, *snap, *want;
    size_t size;
    size_t slot[NB]; /* the default (disjoint) offsets */
} arena;

static void arena_init(arena *A, const op *o)
{
    size_t longest = 0, at = 0;
    for (int b = 0; b < NB; b++)
        if (o->len[b] > longest) longest = o->len[b];
    longest = (longest + 63) / 64 * 64;
    for (int b = 0; b < NB; b++) {
        A->slot[b] = at + longest + PAD;
        if (o->len[b]) at += 3 * longest + 2 * PAD;
    }
    A->size = at;
    A->mem = aligned_alloc(64, A->size);
    A->background = malloc(A->size);
    A->snap = malloc(A->size);
    A->want = malloc(A->size);
    if (!A->mem || !A->background || !A->snap || !A->want) abort();
    arena_fill(A->background, A->size);
}

static void arena_free(arena *A)
{
    free(A->mem);
    free(A->background);
    free(A->snap);
    free(A->want);
}

/* One run with the buffers at offsets pos[]: 'O' for the answer of separate
 * buffers (ref_out, ref_o2) and nothing else written, 'A' for LWCX_ERR_ARG
 * with nothing written, 'X' for anything else (*rc_out: the status). With
 * ref_out NULL, the run computes the reference instead. */
static char run_at(const op *o, const lwcx_impl *impl, arena *A, const size_t pos[NB], const uint8_t *ref_out,
                   const uint8_t *ref_o2, int *rc_out)
{
    memcpy(A->mem, A->background, A->size);
    for (int b = B_IN; b < B_O2; b++)
        if (o->len[b]) memcpy(A->mem + pos[b], o->val[b], o->len[b]);
    memcpy(A->snap, A->mem, A->size);
    const uint8_t *a[MAXA];
    for (int i = 0; i < MAXA; i++) a[i] = o->len[B_A(i)] ? A->mem + pos[B_A(i)] : NULL;
    int rc = o->fn(o, impl, A->mem + pos[B_OUT], o->len[B_IN] ? A->mem + pos[B_IN] : NULL, a,
                   o->len[B_O2] ? A->mem + pos[B_O2] : NULL);
    *rc_out = rc;
    if (!ref_out) return rc == LWCX_OK ? 'O' : 'X';
    if (rc == LWCX_ERR_ARG) return memcmp(A->mem, A->snap, A->size) ? 'X' : 'A';
    if (rc != LWCX_OK) return 'X';
    /* two outputs in one place: no answer is that of separate buffers */
    if (o->len[B_O2] && pos[B_O2] < pos[B_OUT] + o->wlen && pos[B_OUT] < pos[B_O2] + o->len[B_O2]) return 'X';
    memcpy(A->want, A->snap, A->size);
    memcpy(A->want + pos[B_OUT], ref_out, o->wlen);
    if (o->len[B_O2]) memcpy(A->want + pos[B_O2], ref_o2, o->len[B_O2]);
    return memcmp(A->mem, A->want, A->size) ? 'X' : 'O';
}

/* The reference: every buffer apart. */
static int reference(const op *o, const lwcx_impl *impl, arena *A, uint8_t *ref_out, uint8_t *ref_o2)
{
    int rc;
    if (run_at(o, impl, A, A->slot, NULL, NULL, &rc) != 'O') return rc ? rc : -100;
    memcpy(ref_out, A->mem + A->slot[B_OUT], o->wlen);
    if (o->len[B_O2]) memcpy(ref_o2, A->mem + A->slot[B_O2], o->len[B_O2]);
    return LWCX_OK;
}

/* ---- the cases ------------------------------------------------------------- */

typedef struct acase {
    int who, where;  /* buffer who placed at buffer where's place + off */
    ptrdiff_t off;
    int must_ok;     /* lwcx.h allows it */
    char what[48];
} acase;

#define MAXCASES 64

static ptrdiff_t toward_zero(ptrdiff_t j, size_t align)
{
    return j < 0 ? -(ptrdiff_t)((size_t)(-j) / align * align) : (ptrdiff_t)((size_t)j / align * align);
}

static const char *buf_name(int b)
{
    static const char *names[NB] = {"out", "in", "a0", "a1", "a2", "a3", "out2"};
    return names[b];
}

static void add_case(acase *c, size_t *n, int who, int where, ptrdiff_t off, int must_ok)
{
    for (size_t i = 0; i < *n; i++)
        if (c[i].who == who && c[i].where == where && c[i].off == off) return;
    if (*n == MAXCASES) abort();
    c[*n] = (acase){who, where, off, must_ok, ""};
    snprintf(c[*n].what, sizeof c[*n].what, "%s = %s %+td", buf_name(who), buf_name(where), off);
    (*n)++;
}

static size_t make_cases(const op *o, acase *c)
{
    size_t n = 0;
    if (o->len[B_IN]) {
        const ptrdiff_t b = (ptrdiff_t)o->blk;
        const ptrdiff_t shifts[] = {0, 1, -1, 4, -4, 8, -8, b, -b, 2 * b, -2 * b};
        for (size_t i = 0; i < sizeof shifts / sizeof shifts[0]; i++) {
            const ptrdiff_t d = shifts[i];
            if (d % (ptrdiff_t)o->align[B_OUT] || (d < 0 ? -d : d) >= PAD) continue;
            add_case(c, &n, B_OUT, B_IN, d, o->eq == EQ_ANY || (o->eq == EQ_SAME && d == 0));
        }
    }
    /* the other inputs across the output: overlapping its first byte, at
     * its start, in the middle, overlapping its last byte */
    for (int i = 0; i < MAXA && o->wlen; i++) {
        const size_t al = o->len[B_A(i)], ga = o->align[B_A(i)];
        if (!al || (o->later >> B_A(i) & 1)) continue;
        const ptrdiff_t at[] = {-(ptrdiff_t)al + 1, 0, (ptrdiff_t)o->wlen / 2, (ptrdiff_t)o->wlen - 1};
        for (size_t k = 0; k < 4; k++) add_case(c, &n, B_A(i), B_OUT, toward_zero(at[k], ga), 0);
    }
    /* a second output across the first one, the input and the other inputs */
    const size_t ol = o->len[B_O2];
    if (ol) {
        const ptrdiff_t g = (ptrdiff_t)o->align[B_O2];
        if (o->wlen && !(o->later >> B_O2 & 1)) {
            add_case(c, &n, B_O2, B_OUT, toward_zero(-(ptrdiff_t)ol + 1, g), 0);
            add_case(c, &n, B_O2, B_OUT, 0, 0);
            add_case(c, &n, B_O2, B_OUT, toward_zero((ptrdiff_t)o->wlen - 1, g), 0);
        }
        if (o->len[B_IN]) {
            add_case(c, &n, B_O2, B_IN, toward_zero(-(ptrdiff_t)ol + 1, g), 0);
            add_case(c, &n, B_O2, B_IN, 0, 0);
            add_case(c, &n, B_O2, B_IN, toward_zero((ptrdiff_t)o->len[B_IN] - 1, g), 0);
        }
        for (int i = 0; i < MAXA; i++)
            if (o->len[B_A(i)]) add_case(c, &n, B_O2, B_A(i), 0, 0);
    }
    return n;
}

static const lwcx_impl *skipped[64];
static unsigned nskipped;

static void skip(const lwcx_impl *impl)
{
    for (unsigned i = 0; i < nskipped; i++)
        if (skipped[i] == impl) return;
    if (nskipped < 64) skipped[nskipped++] = impl;
}

/* Every case of o on every implementation of o->prim this machine has, and
 * on the automatic choice. */
static void check_op(const op *o)
{
    acase cases[MAXCASES];
    const size_t ncases = make_cases(o, cases);
    const size_t nimpl = o->prim ? lwcx_impl_count(o->prim) : 0;
    arena A;
    arena_init(&A, o);
    uint8_t *ref_out = malloc(o->wlen + 1), *ref_o2 = malloc(o->len[B_O2] + 1);
    char first[MAXCASES];
    const char *first_name = NULL;
    for (size_t k = 0; k <= nimpl; k++) {
        /* the automatic choice (the plain forms) last */
        const lwcx_impl *impl = k < nimpl ? lwcx_impl_at(o->prim, k) : NULL;
        const char *iname = impl ? lwcx_impl_name(impl) : "auto";
        if (impl && !lwcx_impl_available(impl, NULL)) {
            skip(impl);
            continue;
        }
        tu_ran(impl);
        int rc = reference(o, impl, &A, ref_out, ref_o2);
        CHECK(rc == LWCX_OK, "%s %s: separate buffers: %d", o->name, iname, rc);
        if (rc) continue;
        for (size_t i = 0; i < ncases; i++) {
            const acase *c = &cases[i];
            size_t pos[NB];
            memcpy(pos, A.slot, sizeof pos);
            pos[c->who] = (size_t)((ptrdiff_t)pos[c->where] + c->off);
            int got_rc;
            const char r = run_at(o, impl, &A, pos, ref_out, ref_o2, &got_rc);
            CHECK(r != 'X', "%s %s, %s: status %d and %s", o->name, iname, c->what, got_rc,
                  got_rc == LWCX_OK ? "wrong output" : got_rc == LWCX_ERR_ARG ? "refused after writing" : "an error");
            CHECK(!c->must_ok || r == 'O', "%s %s, %s: allowed by lwcx.h but %d", o->name, iname, c->what, got_rc);
            if (!first_name) {
                first[i] = r;
            } else {
                CHECK(r == first[i], "%s, %s: %s %s, %s %s", o->name, c->what, first_name,
                      first[i] == 'A' ? "refuses" : first[i] == 'O' ? "accepts" : "fails", iname,
                      r == 'A' ? "refuses" : r == 'O' ? "accepts" : "fails");
            }
        }
        if (!first_name) first_name = iname;
    }
    free(ref_out);
    free(ref_o2);
    arena_free(&A);
}

/* ---- kcc23-p4 ------------------------------------------------------------------ */

#define K23_N 131 /* blocks: two batches of the widest kernel and a tail */

static int k23_keys(const op *o, const lwcx_impl *impl, uint8_t *out, const uint8_t *in,
                    const uint8_t *const *a, uint8_t *o2)
{
    (void)o2;
    if (o->param) return impl ? lwcx_kcc23p4_encrypt_keys_with(impl, out, in, a[0], K23_N)
                              : lwcx_kcc23p4_encrypt_keys(out, in, a[0], K23_N);
    return impl ? lwcx_kcc23p4_decrypt_keys_with(impl, out, in, a[0], K23_N)
                : lwcx_kcc23p4_decrypt_keys(out, in, a[0], K23_N);
}

static int k23_ecb(const op *o, const lwcx_impl *impl, uint8_t *out, const uint8_t *in,
                   const uint8_t *const *a, uint8_t *o2)
{
    (void)o2;
    const lwcx_kcc23p4_key *ks = (const lwcx_kcc23p4_key *)(const void *)a[0];
    if (o->param) return impl ? lwcx_kcc23p4_ecb_encrypt_with(impl, ks, out, in, 8 * K23_N)
                              : lwcx_kcc23p4_ecb_encrypt(ks, out, in, 8 * K23_N);
    return impl ? lwcx_kcc23p4_ecb_decrypt_with(impl, ks, out, in, 8 * K23_N)
                : lwcx_kcc23p4_ecb_decrypt(ks, out, in, 8 * K23_N);
}

static int k23_ctr(const op *o, const lwcx_impl *impl, uint8_t *out, const uint8_t *in,
                   const uint8_t *const *a, uint8_t *o2)
{
    (void)o2;
    const lwcx_kcc23p4_key *ks = (const lwcx_kcc23p4_key *)(const void *)a[0];
    return impl ? lwcx_kcc23p4_ctr_with(impl, ks, a[1], out, in, o->wlen)
                : lwcx_kcc23p4_ctr(ks, a[1], out, in, o->wlen);
}

static int k23_expand(const op *o, const lwcx_impl *impl, uint8_t *out, const uint8_t *in,
                      const uint8_t *const *a, uint8_t *o2)
{
    (void)o, (void)impl, (void)a, (void)o2;
    return lwcx_kcc23p4_expand_key((lwcx_kcc23p4_key *)(void *)out, in);
}

static void kcc23p4_ops(void)
{
    static uint8_t pt[8 * K23_N + 8], keys[8 * K23_N], key[8], iv[8];
    static lwcx_kcc23p4_key ks;
    tu_fill(pt, sizeof pt);
    tu_fill(keys, sizeof keys);
    tu_fill(key, sizeof key);
    tu_fill(iv, sizeof iv);
    CHECK(lwcx_kcc23p4_expand_key(&ks, key) == LWCX_OK, "kcc23p4 expand");
    for (int enc = 0; enc < 2; enc++) {
        op o = {.prim = "kcc23p4", .param = enc, .fn = k23_keys, .eq = EQ_SAME, .blk = 8,
                .len = {[B_OUT] = 8 * K23_N, [B_IN] = 8 * K23_N, [B_A(0)] = 8 * K23_N},
                .wlen = 8 * K23_N, .align = {1, 1, 1, 1, 1, 1, 1}, .val = {[B_IN] = pt, [B_A(0)] = keys}};
        snprintf(o.name, sizeof o.name, "kcc23p4 %scrypt_keys", enc ? "en" : "de");
        check_op(&o);
        op e = {.prim = "kcc23p4", .param = enc, .fn = k23_ecb, .eq = EQ_SAME, .blk = 64,
                .len = {[B_OUT] = 8 * K23_N, [B_IN] = 8 * K23_N, [B_A(0)] = sizeof ks},
                .wlen = 8 * K23_N, .align = {1, 1, _Alignof(lwcx_kcc23p4_key), 1, 1, 1, 1},
                .val = {[B_IN] = pt, [B_A(0)] = (const uint8_t *)&ks}};
        snprintf(e.name, sizeof e.name, "kcc23p4 ecb_%scrypt", enc ? "en" : "de");
        check_op(&e);
    }
    op c = {.name = "kcc23p4 ctr", .prim = "kcc23p4", .fn = k23_ctr, .eq = EQ_SAME, .blk = 8,
            .len = {[B_OUT] = 8 * K23_N + 5, [B_IN] = 8 * K23_N + 5, [B_A(0)] = sizeof ks, [B_A(1)] = 8},
            .wlen = 8 * K23_N + 5, .align = {1, 1, _Alignof(lwcx_kcc23p4_key), 1, 1, 1, 1},
            .val = {[B_IN] = pt, [B_A(0)] = (const uint8_t *)&ks, [B_A(1)] = iv}};
    check_op(&c);
    op x = {.name = "kcc23p4 expand_key", .fn = k23_expand, .eq = EQ_ANY, .blk = 8,
            .len = {[B_OUT] = sizeof ks, [B_IN] = 8}, .wlen = sizeof ks,
            .align = {_Alignof(lwcx_kcc23p4_key), 1, 1, 1, 1, 1, 1}, .val = {[B_IN] = key}};
    check_op(&x);
}

/* ---- kcc24-p6 -------------------------------------------------------------------- */

#define K24_LEN 43 /* five blocks and three bytes that are never touched */

static int k24_enc(const op *o, const lwcx_impl *impl, uint8_t *out, const uint8_t *in,
                   const uint8_t *const *a, uint8_t *o2)
{
    (void)o;
    return impl ? lwcx_kcc24p6_encrypt_with(impl, out, o2, in, K24_LEN, a[0])
                : lwcx_kcc24p6_encrypt(out, o2, in, K24_LEN, a[0]);
}

static int k24_dec(const op *o, const lwcx_impl *impl, uint8_t *out, const uint8_t *in,
                   const uint8_t *const *a, uint8_t *o2)
{
    (void)o, (void)o2;
    return impl ? lwcx_kcc24p6_decrypt_with(impl, out, in, K24_LEN, a[1], a[0])
                : lwcx_kcc24p6_decrypt(out, in, K24_LEN, a[1], a[0]);
}

static void kcc24p6_ops(void)
{
    static uint8_t pt[K24_LEN], ct[K24_LEN], key[8], tag[8];
    tu_fill(pt, sizeof pt);
    tu_fill(key, sizeof key);
    memcpy(ct, pt, sizeof ct);
    CHECK(lwcx_kcc24p6_encrypt(ct, tag, pt, K24_LEN, key) == LWCX_OK, "kcc24p6 encrypt");
    op e = {.name = "kcc24p6 encrypt", .prim = "kcc24p6", .fn = k24_enc, .eq = EQ_SAME, .blk = 8,
            .len = {[B_OUT] = K24_LEN, [B_IN] = K24_LEN, [B_A(0)] = 8, [B_O2] = 8},
            .wlen = 40, .align = {1, 1, 1, 1, 1, 1, 1}, .val = {[B_IN] = pt, [B_A(0)] = key}};
    check_op(&e);
    op d = {.name = "kcc24p6 decrypt", .prim = "kcc24p6", .fn = k24_dec, .eq = EQ_SAME, .blk = 8,
            .len = {[B_OUT] = K24_LEN, [B_IN] = K24_LEN, [B_A(0)] = 8, [B_A(1)] = 8},
            .wlen = 40, .align = {1, 1, 1, 1, 1, 1, 1}, .val = {[B_IN] = ct, [B_A(0)] = key, [B_A(1)] = tag}};
    check_op(&d);
}

/* ---- Schwaemm and Esch ------------------------------------------------------------ */

#define ADLEN 19
#define MANY 3 /* messages of a batch call; message 1 takes the overlaps */

static size_t sw_len(lwcx_schwaemm_variant v)
{
    return 2 * lwcx_schwaemm_nonce_bytes(v) + 5; /* two blocks and a partial one */
}

static int sw_enc(const op *o, const lwcx_impl *impl, uint8_t *out, const uint8_t *in,
                  const uint8_t *const *a, uint8_t *o2)
{
    const lwcx_schwaemm_variant v = (lwcx_schwaemm_variant)o->param;
    return impl ? lwcx_schwaemm_encrypt_with(impl, v, out, o2, in, o->wlen, a[2], ADLEN, a[1], a[0])
                : lwcx_schwaemm_encrypt(v, out, o2, in, o->wlen, a[2], ADLEN, a[1], a[0]);
}

static int sw_dec(const op *o, const lwcx_impl *impl, uint8_t *out, const uint8_t *in,
                  const uint8_t *const *a, uint8_t *o2)
{
    (void)o2;
    const lwcx_schwaemm_variant v = (lwcx_schwaemm_variant)o->param;
    return impl ? lwcx_schwaemm_decrypt_with(impl, v, out, in, o->wlen, a[3], a[2], ADLEN, a[1], a[0])
                : lwcx_schwaemm_decrypt(v, out, in, o->wlen, a[3], a[2], ADLEN, a[1], a[0]);
}

static int sw_many(const op *o, const lwcx_impl *impl, uint8_t *out, const uint8_t *in,
                   const uint8_t *const *a, uint8_t *o2)
{
    const lwcx_schwaemm_variant v = (lwcx_schwaemm_variant)o->param;
    static uint8_t other_ct[MANY][128], other_tag[MANY][32];
    uint8_t *ct[MANY], *tag[MANY];
    const uint8_t *pt[MANY], *ad[MANY], *nonce[MANY], *key[MANY];
    /* the other messages read copies: they must not meet message 1's output */
    static uint8_t other_pt[128], other_key[32], other_nonce[32], other_ad[ADLEN];
    memcpy(other_pt, o->val[B_IN], o->wlen);
    memcpy(other_key, o->val[B_A(0)], o->len[B_A(0)]);
    memcpy(other_nonce, o->val[B_A(1)], o->len[B_A(1)]);
    memcpy(other_ad, o->val[B_A(2)], ADLEN);
    for (int i = 0; i < MANY; i++) {
        ct[i] = other_ct[i], tag[i] = other_tag[i];
        pt[i] = other_pt, ad[i] = other_ad, nonce[i] = other_nonce, key[i] = other_key;
    }
    ct[1] = out, tag[1] = o2, pt[1] = in, ad[1] = a[2], nonce[1] = a[1], key[1] = a[0];
    return impl ? lwcx_schwaemm_encrypt_many_with(impl, v, ct, tag, pt, o->wlen, ad, ADLEN, nonce, key, MANY)
                : lwcx_schwaemm_encrypt_many(v, ct, tag, pt, o->wlen, ad, ADLEN, nonce, key, MANY);
}

/* Incremental: the AD in two pieces, the message in one update (a call sees
 * only its own buffers: overlap across updates is the caller's to avoid). */
static int sw_incr(const op *o, const lwcx_impl *impl, uint8_t *out, const uint8_t *in,
                   const uint8_t *const *a, uint8_t *o2)
{
    const lwcx_schwaemm_variant v = (lwcx_schwaemm_variant)o->param % 4;
    const int dec = o->param >= 4;
    lwcx_schwaemm_ctx ctx;
    int rc = impl ? lwcx_schwaemm_init_with(impl, &ctx, v, a[0], a[1]) : lwcx_schwaemm_init(&ctx, v, a[0], a[1]);
    if (rc) return rc;
    if (!rc) rc = lwcx_schwaemm_aad(&ctx, a[2], 7);
    if (!rc) rc = lwcx_schwaemm_aad(&ctx, a[2] + 7, ADLEN - 7);
    if (!rc) rc = dec ? lwcx_schwaemm_decrypt_update(&ctx, out, in, o->wlen) : lwcx_schwaemm_encrypt_update(&ctx, out, in, o->wlen);
    if (!rc) rc = dec ? lwcx_schwaemm_decrypt_final(&ctx, a[3]) : lwcx_schwaemm_encrypt_final(&ctx, o2);
    lwcx_wipe(&ctx, sizeof ctx);
    return rc;
}

static int esch_one(const op *o, const lwcx_impl *impl, uint8_t *out, const uint8_t *in,
                    const uint8_t *const *a, uint8_t *o2)
{
    (void)a, (void)o2;
    const lwcx_esch_variant v = (lwcx_esch_variant)o->param;
    return impl ? lwcx_esch_hash_with(impl, v, out, o->wlen, in, o->len[B_IN])
                : lwcx_esch_hash(v, out, o->wlen, in, o->len[B_IN]);
}

static int esch_many(const op *o, const lwcx_impl *impl, uint8_t *out, const uint8_t *in,
                     const uint8_t *const *a, uint8_t *o2)
{
    (void)a, (void)o2;
    const lwcx_esch_variant v = (lwcx_esch_variant)o->param;
    static uint8_t other_out[MANY][64], other_msg[128];
    memcpy(other_msg, o->val[B_IN], o->len[B_IN]);
    uint8_t *outs[MANY] = {other_out[0], out, other_out[2]};
    const uint8_t *msgs[MANY] = {other_msg, in, other_msg};
    return impl ? lwcx_esch_hash_many_with(impl, v, outs, o->wlen, msgs, o->len[B_IN], MANY)
                : lwcx_esch_hash_many(v, outs, o->wlen, msgs, o->len[B_IN], MANY);
}

static int esch_incr(const op *o, const lwcx_impl *impl, uint8_t *out, const uint8_t *in,
                     const uint8_t *const *a, uint8_t *o2)
{
    (void)a, (void)o2;
    const lwcx_esch_variant v = (lwcx_esch_variant)o->param;
    lwcx_esch_ctx ctx;
    int rc = impl ? lwcx_esch_init_with(impl, &ctx, v) : lwcx_esch_init(&ctx, v);
    if (!rc) rc = lwcx_esch_update(&ctx, in, 9);
    if (!rc) rc = lwcx_esch_update(&ctx, in + 9, o->len[B_IN] - 9);
    if (!rc) rc = v >= LWCX_XOESCH256 ? lwcx_esch_squeeze(&ctx, out, o->wlen) : lwcx_esch_final(&ctx, out);
    lwcx_wipe(&ctx, sizeof ctx);
    return rc;
}

static void sparkle_ops(void)
{
    static uint8_t pt[128], ct[128], key[32], nonce[32], ad[ADLEN], tag[32];
    tu_fill(pt, sizeof pt);
    tu_fill(key, sizeof key);
    tu_fill(nonce, sizeof nonce);
    tu_fill(ad, sizeof ad);
    for (int v = 0; lwcx_schwaemm_name((lwcx_schwaemm_variant)v); v++) {
        const lwcx_schwaemm_variant var = (lwcx_schwaemm_variant)v;
        const size_t len = sw_len(var), kb = lwcx_schwaemm_key_bytes(var), nb = lwcx_schwaemm_nonce_bytes(var),
                     tb = lwcx_schwaemm_tag_bytes(var);
        CHECK(lwcx_schwaemm_encrypt(var, ct, tag, pt, len, ad, ADLEN, nonce, key) == LWCX_OK, "schwaemm");
        op e = {.prim = "sparkle", .param = v, .fn = sw_enc, .eq = EQ_SAME, .blk = nb,
                .len = {[B_OUT] = len, [B_IN] = len, [B_A(0)] = kb, [B_A(1)] = nb, [B_A(2)] = ADLEN, [B_O2] = tb},
                .wlen = len, .align = {1, 1, 1, 1, 1, 1, 1},
                .val = {[B_IN] = pt, [B_A(0)] = key, [B_A(1)] = nonce, [B_A(2)] = ad}};
        snprintf(e.name, sizeof e.name, "%s encrypt", lwcx_schwaemm_name(var));
        check_op(&e);
        op m = e;
        m.fn = sw_many;
        snprintf(m.name, sizeof m.name, "%s encrypt_many", lwcx_schwaemm_name(var));
        check_op(&m);
        op ie = e;
        ie.fn = sw_incr;
        ie.later = 1u << B_O2;
        snprintf(ie.name, sizeof ie.name, "%s incremental encrypt", lwcx_schwaemm_name(var));
        check_op(&ie);
        op d = {.prim = "sparkle", .param = v, .fn = sw_dec, .eq = EQ_SAME, .blk = nb,
                .len = {[B_OUT] = len, [B_IN] = len, [B_A(0)] = kb, [B_A(1)] = nb, [B_A(2)] = ADLEN, [B_A(3)] = tb},
                .wlen = len, .align = {1, 1, 1, 1, 1, 1, 1},
                .val = {[B_IN] = ct, [B_A(0)] = key, [B_A(1)] = nonce, [B_A(2)] = ad, [B_A(3)] = tag}};
        snprintf(d.name, sizeof d.name, "%s decrypt", lwcx_schwaemm_name(var));
        check_op(&d);
        op id = d;
        id.fn = sw_incr;
        id.later = 1u << B_A(3);
        id.param = v + 4;
        snprintf(id.name, sizeof id.name, "%s incremental decrypt", lwcx_schwaemm_name(var));
        check_op(&id);
    }
    for (int v = 0; lwcx_esch_name((lwcx_esch_variant)v); v++) {
        const lwcx_esch_variant var = (lwcx_esch_variant)v;
        const size_t outlen = v >= LWCX_XOESCH256 ? 40 : lwcx_esch_digest_bytes(var);
        op h = {.prim = "sparkle", .param = v, .fn = esch_one, .eq = EQ_ANY, .blk = 16,
                .len = {[B_OUT] = outlen, [B_IN] = 50}, .wlen = outlen, .align = {1, 1, 1, 1, 1, 1, 1},
                .val = {[B_IN] = pt}};
        snprintf(h.name, sizeof h.name, "%s hash", lwcx_esch_name(var));
        check_op(&h);
        h.fn = esch_many;
        snprintf(h.name, sizeof h.name, "%s hash_many", lwcx_esch_name(var));
        check_op(&h);
        h.fn = esch_incr;
        snprintf(h.name, sizeof h.name, "%s incremental", lwcx_esch_name(var));
        check_op(&h);
    }
}

/* Contexts are refused as a place for any buffer of their own calls. */
static void contexts(void)
{
    const lwcx_schwaemm_variant v = LWCX_SCHWAEMM256_128;
    uint8_t key[16] = {1}, nonce[32] = {2}, buf[8] = {3}, tag[16];
    lwcx_schwaemm_ctx ctx;
    uint8_t *inner = (uint8_t *)&ctx + 40;
    memcpy(inner, key, sizeof key);
    CHECK(lwcx_schwaemm_init(&ctx, v, inner, nonce) == LWCX_ERR_ARG, "key inside the context");
    memcpy(inner, nonce, sizeof nonce);
    CHECK(lwcx_schwaemm_init(&ctx, v, key, inner) == LWCX_ERR_ARG, "nonce inside the context");
    CHECK(lwcx_schwaemm_init(&ctx, v, key, nonce) == LWCX_OK, "init");
    CHECK(lwcx_schwaemm_aad(&ctx, inner, 8) == LWCX_ERR_ARG, "ad inside the context");
    CHECK(lwcx_schwaemm_encrypt_update(&ctx, inner, buf, 8) == LWCX_ERR_ARG, "out inside the context");
    CHECK(lwcx_schwaemm_encrypt_update(&ctx, buf, inner, 8) == LWCX_ERR_ARG, "in inside the context");
    CHECK(lwcx_schwaemm_encrypt_final(&ctx, inner) == LWCX_ERR_ARG, "tag inside the context");
    CHECK(lwcx_schwaemm_encrypt_final(&ctx, tag) == LWCX_OK, "final after the refusals");
    CHECK(lwcx_schwaemm_init(&ctx, v, key, nonce) == LWCX_OK, "init");
    CHECK(lwcx_schwaemm_decrypt_final(&ctx, inner) == LWCX_ERR_ARG, "decrypt tag inside the context");
    lwcx_wipe(&ctx, sizeof ctx);
    lwcx_esch_ctx ec;
    uint8_t *e_inner = (uint8_t *)&ec + 24;
    CHECK(lwcx_esch_init(&ec, LWCX_XOESCH256) == LWCX_OK, "esch init");
    CHECK(lwcx_esch_update(&ec, e_inner, 8) == LWCX_ERR_ARG, "esch input inside the context");
    CHECK(lwcx_esch_squeeze(&ec, e_inner, 8) == LWCX_ERR_ARG, "xoesch output inside the context");
    CHECK(lwcx_esch_init(&ec, LWCX_ESCH256) == LWCX_OK, "esch init");
    CHECK(lwcx_esch_final(&ec, e_inner) == LWCX_ERR_ARG, "esch digest inside the context");
    lwcx_wipe(&ec, sizeof ec);
}

/* ---- PRESENT, GIFT, PIPO ------------------------------------------------------------ */

static size_t bc_blocks;

static int bc_ecb(const op *o, const lwcx_impl *impl, uint8_t *out, const uint8_t *in,
                  const uint8_t *const *a, uint8_t *o2)
{
    (void)o2;
    const lwcx_blockcipher c = (lwcx_blockcipher)(o->param / 2);
    if (o->param % 2) return impl ? lwcx_bc_ecb_encrypt_with(impl, c, a[0], out, in, o->wlen)
                                  : lwcx_bc_ecb_encrypt(c, a[0], out, in, o->wlen);
    return impl ? lwcx_bc_ecb_decrypt_with(impl, c, a[0], out, in, o->wlen) : lwcx_bc_ecb_decrypt(c, a[0], out, in, o->wlen);
}

static int bc_ctr(const op *o, const lwcx_impl *impl, uint8_t *out, const uint8_t *in,
                  const uint8_t *const *a, uint8_t *o2)
{
    (void)o2;
    const lwcx_blockcipher c = (lwcx_blockcipher)o->param;
    return impl ? lwcx_bc_ctr_with(impl, c, a[0], a[1], out, in, o->wlen) : lwcx_bc_ctr(c, a[0], a[1], out, in, o->wlen);
}

static int bc_keys(const op *o, const lwcx_impl *impl, uint8_t *out, const uint8_t *in,
                   const uint8_t *const *a, uint8_t *o2)
{
    (void)o2;
    const lwcx_blockcipher c = (lwcx_blockcipher)(o->param / 2);
    const size_t n = o->wlen / lwcx_bc_block_bytes(c);
    if (o->param % 2) return impl ? lwcx_bc_encrypt_keys_with(impl, c, out, in, a[0], n) : lwcx_bc_encrypt_keys(c, out, in, a[0], n);
    return impl ? lwcx_bc_decrypt_keys_with(impl, c, out, in, a[0], n) : lwcx_bc_decrypt_keys(c, out, in, a[0], n);
}

static void bc_ops(void)
{
    for (int ci = 0; lwcx_bc_name((lwcx_blockcipher)ci); ci++) {
        const lwcx_blockcipher c = (lwcx_blockcipher)ci;
        const char *prim = lwcx_bc_name(c);
        const size_t bs = lwcx_bc_block_bytes(c), kb = lwcx_bc_key_bytes(c);
        /* two batches of the widest kernel here and a tail, at most 2 x 256 blocks */
        unsigned batch = 1;
        for (size_t i = 0; i < lwcx_impl_count(prim); i++) {
            const lwcx_impl *impl = lwcx_impl_at(prim, i);
            const unsigned b = lwcx_impl_batch(impl);
            if (lwcx_impl_available(impl, NULL) && b > batch && b <= 256) batch = b;
        }
        bc_blocks = 2 * (size_t)batch + 3;
        const size_t len = bc_blocks * bs;
        uint8_t *pt = malloc(len + bs), *keys = malloc(bc_blocks * kb), key[32], iv[16];
        tu_fill(pt, len + bs);
        tu_fill(keys, bc_blocks * kb);
        tu_fill(key, sizeof key);
        tu_fill(iv, sizeof iv);
        for (int enc = 0; enc < 2; enc++) {
            op e = {.prim = prim, .param = 2 * ci + enc, .fn = bc_ecb, .eq = EQ_SAME, .blk = bs,
                    .len = {[B_OUT] = len, [B_IN] = len, [B_A(0)] = kb}, .wlen = len,
                    .align = {1, 1, 1, 1, 1, 1, 1}, .val = {[B_IN] = pt, [B_A(0)] = key}};
            snprintf(e.name, sizeof e.name, "%s ecb_%scrypt", prim, enc ? "en" : "de");
            check_op(&e);
            op k = {.prim = prim, .param = 2 * ci + enc, .fn = bc_keys, .eq = EQ_SAME, .blk = bs,
                    .len = {[B_OUT] = len, [B_IN] = len, [B_A(0)] = bc_blocks * kb}, .wlen = len,
                    .align = {1, 1, 1, 1, 1, 1, 1}, .val = {[B_IN] = pt, [B_A(0)] = keys}};
            snprintf(k.name, sizeof k.name, "%s %scrypt_keys", prim, enc ? "en" : "de");
            check_op(&k);
        }
        op r = {.prim = prim, .param = ci, .fn = bc_ctr, .eq = EQ_SAME, .blk = bs,
                .len = {[B_OUT] = len + 5, [B_IN] = len + 5, [B_A(0)] = kb, [B_A(1)] = bs}, .wlen = len + 5,
                .align = {1, 1, 1, 1, 1, 1, 1}, .val = {[B_IN] = pt, [B_A(0)] = key, [B_A(1)] = iv}};
        snprintf(r.name, sizeof r.name, "%s ctr", prim);
        check_op(&r);
        free(pt);
        free(keys);
    }
}

/* ---- the stream ------------------------------------------------------------------------- */

#define ST_LEN (LWCX_STREAM_CHUNK_BYTES + 10) /* one record sealed by update, one by final */

static uint8_t st_final_out[LWCX_STREAM_CHUNK_BYTES + 128];

static int st_enc(const op *o, const lwcx_impl *impl, uint8_t *out, const uint8_t *in,
                  const uint8_t *const *a, uint8_t *o2)
{
    (void)impl, (void)o2;
    lwcx_stream *s;
    size_t olen = 0, flen = 0;
    int rc = lwcx_stream_encrypt_new(&s, (lwcx_schwaemm_variant)o->param, a[0], a[1]);
    if (rc) return rc;
    rc = lwcx_stream_update(s, out, o->wlen, &olen, in, ST_LEN);
    if (!rc) rc = lwcx_stream_final(s, st_final_out, sizeof st_final_out, &flen);
    if (!rc && olen != o->wlen) rc = -100;
    lwcx_stream_free(s);
    return rc;
}

static int st_dec(const op *o, const lwcx_impl *impl, uint8_t *out, const uint8_t *in,
                  const uint8_t *const *a, uint8_t *o2)
{
    (void)impl, (void)o2;
    lwcx_stream *s;
    size_t olen = 0, flen = 0;
    int rc = lwcx_stream_decrypt_new(&s, (lwcx_schwaemm_variant)o->param, a[0]);
    if (rc) return rc;
    rc = lwcx_stream_update(s, out, o->wlen, &olen, in, o->len[B_IN]);
    if (!rc) rc = lwcx_stream_final(s, st_final_out, sizeof st_final_out, &flen);
    if (!rc && (olen != o->wlen || flen != 10)) rc = -100;
    lwcx_stream_free(s);
    return rc;
}

static void stream_ops(void)
{
    uint8_t *pt = malloc(ST_LEN), *st = malloc(ST_LEN + 256), key[32], nonce[32];
    tu_fill(pt, ST_LEN);
    tu_fill(key, sizeof key);
    tu_fill(nonce, sizeof nonce);
    for (int v = 0; lwcx_schwaemm_name((lwcx_schwaemm_variant)v); v++) {
        const lwcx_schwaemm_variant var = (lwcx_schwaemm_variant)v;
        lwcx_stream *s;
        size_t n1 = 0, n2 = 0;
        CHECK(lwcx_stream_encrypt_new(&s, var, key, nonce) == LWCX_OK, "stream new");
        const size_t head = lwcx_stream_update_max(s, ST_LEN);
        CHECK(lwcx_stream_update(s, st, head, &n1, pt, ST_LEN) == LWCX_OK &&
                  lwcx_stream_final(s, st + n1, ST_LEN + 256 - n1, &n2) == LWCX_OK,
              "stream encrypt");
        lwcx_stream_free(s);
        const size_t kb = lwcx_schwaemm_key_bytes(var), nb = lwcx_schwaemm_nonce_bytes(var);
        op e = {.prim = NULL, .param = v, .fn = st_enc, .eq = EQ_NONE, .blk = 16,
                .len = {[B_OUT] = head, [B_IN] = ST_LEN, [B_A(0)] = kb, [B_A(1)] = nb}, .wlen = head,
                .align = {1, 1, 1, 1, 1, 1, 1}, .val = {[B_IN] = pt, [B_A(0)] = key, [B_A(1)] = nonce}};
        snprintf(e.name, sizeof e.name, "stream %s encrypt", lwcx_schwaemm_name(var));
        check_op(&e);
        op d = {.prim = NULL, .param = v, .fn = st_dec, .eq = EQ_NONE, .blk = 16,
                .len = {[B_OUT] = LWCX_STREAM_CHUNK_BYTES, [B_IN] = n1 + n2, [B_A(0)] = kb},
                .wlen = LWCX_STREAM_CHUNK_BYTES, .align = {1, 1, 1, 1, 1, 1, 1},
                .val = {[B_IN] = st, [B_A(0)] = key}};
        snprintf(d.name, sizeof d.name, "stream %s decrypt", lwcx_schwaemm_name(var));
        check_op(&d);
    }
    free(pt);
    free(st);
}

/* ---- AIMer ------------------------------------------------------------------------------------ */

#define AIM_SET LWCX_AIMER128F
#define AIM_MSG 100

static int aim_sign_from(const op *o, const lwcx_impl *impl, uint8_t *out, const uint8_t *in,
                         const uint8_t *const *a, uint8_t *o2)
{
    (void)o, (void)o2;
    return impl ? lwcx_aimer_sign_from_with(impl, AIM_SET, out, in, AIM_MSG, a[0], a[1])
                : lwcx_aimer_sign_from(AIM_SET, out, in, AIM_MSG, a[0], a[1]);
}

static int aim_key_sign_from(const op *o, const lwcx_impl *impl, uint8_t *out, const uint8_t *in,
                             const uint8_t *const *a, uint8_t *o2)
{
    (void)o2;
    lwcx_aimer_key *k;
    const uint8_t *sk = o->val[B_A(1)], *pk = sk + lwcx_aimer_seed_bytes(AIM_SET); /* sk = pt || pk */
    int rc = impl ? lwcx_aimer_key_new_with(impl, &k, AIM_SET, pk, sk) : lwcx_aimer_key_new(&k, AIM_SET, pk, sk);
    if (rc) return rc;
    rc = lwcx_aimer_key_sign_from(k, out, in, AIM_MSG, a[0]);
    lwcx_aimer_key_free(k);
    return rc;
}

static int aim_open(const op *o, const lwcx_impl *impl, uint8_t *out, const uint8_t *in,
                    const uint8_t *const *a, uint8_t *o2)
{
    (void)o2;
    size_t mlen = 0;
    int rc = impl ? lwcx_aimer_open_with(impl, AIM_SET, out, &mlen, in, o->len[B_IN], a[0])
                  : lwcx_aimer_open(AIM_SET, out, &mlen, in, o->len[B_IN], a[0]);
    return rc == LWCX_OK && mlen != AIM_MSG ? -100 : rc;
}

static int aim_keygen_from(const op *o, const lwcx_impl *impl, uint8_t *out, const uint8_t *in,
                           const uint8_t *const *a, uint8_t *o2)
{
    (void)o, (void)a;
    return impl ? lwcx_aimer_keygen_from_with(impl, AIM_SET, out, o2, in) : lwcx_aimer_keygen_from(AIM_SET, out, o2, in);
}

static void aimer_ops(void)
{
    const size_t pkb = lwcx_aimer_pk_bytes(AIM_SET), skb = lwcx_aimer_sk_bytes(AIM_SET),
                 sigb = lwcx_aimer_sig_bytes(AIM_SET), seed = lwcx_aimer_seed_bytes(AIM_SET);
    static uint8_t rnd[64], pk[64], sk[96], msg[AIM_MSG], rho[32];
    uint8_t *sm = malloc(AIM_MSG + sigb);
    size_t smlen = 0;
    tu_fill(rnd, sizeof rnd);
    tu_fill(msg, sizeof msg);
    tu_fill(rho, sizeof rho);
    CHECK(lwcx_aimer_keygen_from(AIM_SET, pk, sk, rnd) == LWCX_OK, "aimer keygen_from");
    CHECK(lwcx_aimer_sign_attached(AIM_SET, sm, &smlen, msg, AIM_MSG, sk) == LWCX_OK && smlen == AIM_MSG + sigb,
          "aimer sign_attached");
    const size_t al[NB] = {1, 1, 1, 1, 1, 1, 1};
    op kg = {.name = "aimer keygen_from", .prim = "aimer", .fn = aim_keygen_from, .eq = EQ_ANY, .blk = seed,
             .len = {[B_OUT] = pkb, [B_IN] = 2 * seed, [B_O2] = skb}, .wlen = pkb, .val = {[B_IN] = rnd}};
    memcpy(kg.align, al, sizeof al);
    check_op(&kg);
    op s = {.name = "aimer sign_from", .prim = "aimer", .fn = aim_sign_from, .eq = EQ_ANY, .blk = 32,
            .len = {[B_OUT] = sigb, [B_IN] = AIM_MSG, [B_A(0)] = skb, [B_A(1)] = seed}, .wlen = sigb,
            .val = {[B_IN] = msg, [B_A(0)] = sk, [B_A(1)] = rho}};
    memcpy(s.align, al, sizeof al);
    check_op(&s);
    /* the key object made from sk (val of a[1], not placed: a key object holds its own copy) */
    op ks = {.name = "aimer key_sign_from", .prim = "aimer", .fn = aim_key_sign_from, .eq = EQ_ANY, .blk = 32,
             .len = {[B_OUT] = sigb, [B_IN] = AIM_MSG, [B_A(0)] = seed}, .wlen = sigb,
             .val = {[B_IN] = msg, [B_A(0)] = rho, [B_A(1)] = sk}};
    memcpy(ks.align, al, sizeof al);
    check_op(&ks);
    op op_ = {.name = "aimer open", .prim = "aimer", .fn = aim_open, .eq = EQ_ANY, .blk = 32,
              .len = {[B_OUT] = AIM_MSG, [B_IN] = smlen, [B_A(0)] = pkb}, .wlen = AIM_MSG,
              .val = {[B_IN] = sm, [B_A(0)] = pk}};
    memcpy(op_.align, al, sizeof al);
    check_op(&op_);

    /* randomized calls: what is allowed works, what is not is refused */
    uint8_t *buf = malloc(2 * (AIM_MSG + sigb));
    const ptrdiff_t shifts[] = {0, 1, -1, 8, -8, 64, -64};
    for (size_t i = 0; i < sizeof shifts / sizeof shifts[0]; i++) {
        uint8_t *smp = buf + 100, *m = smp + shifts[i], back[AIM_MSG];
        size_t got = 0, mlen = 0;
        memcpy(m, msg, AIM_MSG);
        CHECK(lwcx_aimer_sign_attached(AIM_SET, smp, &got, m, AIM_MSG, sk) == LWCX_OK && got == AIM_MSG + sigb &&
                  lwcx_aimer_open(AIM_SET, back, &mlen, smp, got, pk) == LWCX_OK && mlen == AIM_MSG &&
                  memcmp(back, msg, AIM_MSG) == 0,
              "aimer sign_attached, msg = sm %+td", shifts[i]);
    }
    /* sk inside sm */
    {
        uint8_t *smp = buf, back[AIM_MSG];
        size_t got = 0, mlen = 0;
        memcpy(smp + 50, sk, skb);
        CHECK(lwcx_aimer_sign_attached(AIM_SET, smp, &got, msg, AIM_MSG, smp + 50) == LWCX_OK &&
                  lwcx_aimer_open(AIM_SET, back, &mlen, smp, got, pk) == LWCX_OK && memcmp(back, msg, AIM_MSG) == 0,
              "aimer sign_attached, sk inside sm");
    }
    uint8_t *kp = buf;
    CHECK(lwcx_aimer_keygen(AIM_SET, kp, kp + pkb - 1) == LWCX_ERR_ARG, "aimer keygen, pk and sk overlapping");
    CHECK(lwcx_aimer_keygen(AIM_SET, kp + 1, kp) == LWCX_ERR_ARG, "aimer keygen, sk and pk overlapping");
    lwcx_aimer_key *key = NULL;
    lwcx_aimer_msg *am = NULL;
    CHECK(lwcx_aimer_key_new(&key, AIM_SET, pk, sk) == LWCX_OK && lwcx_aimer_msg_new(&am, key) == LWCX_OK &&
              lwcx_aimer_msg_update(am, msg, AIM_MSG) == LWCX_OK,
          "aimer key and message");
    memcpy(buf + 10, rho, seed);
    CHECK(lwcx_aimer_msg_sign_from(am, buf, buf + 10) == LWCX_ERR_ARG, "aimer msg_sign_from, rho inside sig");
    CHECK(lwcx_aimer_msg_sign_from(am, buf, rho) == LWCX_OK &&
              lwcx_aimer_verify(AIM_SET, buf, sigb, msg, AIM_MSG, pk) == LWCX_OK,
          "aimer msg_sign_from after the refusal");
    lwcx_aimer_msg_free(am);
    lwcx_aimer_key_free(key);
    free(buf);
    free(sm);
}

int main(void)
{
    kcc23p4_ops();
    kcc24p6_ops();
    sparkle_ops();
    contexts();
    bc_ops();
    stream_ops();
    aimer_ops();
    for (unsigned i = 0; i < nskipped; i++)
        printf("skipped (not available here): %s %s\n", lwcx_impl_primitive(skipped[i]), lwcx_impl_name(skipped[i]));
    return tu_finish();
}
