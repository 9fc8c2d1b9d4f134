/* Error injection: the k-th internal fail point (an allocation, the
 * implementation's resolution, a record sealed or opened; see
 * lwcx_test_fail_point) made to fail, for k = 1, 2, ... until a run passes
 * them all, through stream encryption and decryption, Schwaemm one-shot
 * (apart and in place) and incremental, and kcc24-p6. Each time some public
 * call must return the error (none swallowed), and no output buffer may hold
 * anything but the marker it was filled with or zeros, except what a
 * decryption verified. A run without injection must give the right bytes.
 *
 * "test_inject impl-env", run with LWCX_IMPL=nonesuch: the same calls fail
 * with LWCX_ERR_IMPL_ENV and leave the same guarantees. */
#include "../src/core/internal.h"
#include "testutil.h"

#define MARK 0x5A
#define CHUNK ((size_t)LWCX_STREAM_CHUNK_BYTES)
#define PT_LEN (2 * CHUNK + 100) /* two full records and a short final one */

static uint8_t key[32], nonce[32], ad[19];
static uint8_t *pt;

/* 1 if every byte is the marker or zero: nothing of the data was left there. */
static int clean(const uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (p[i] != MARK && p[i] != 0) return 0;
    return 1;
}

static uint8_t *marked(size_t n)
{
    uint8_t *p = malloc(n ? n : 1);
    if (!p) abort();
    memset(p, MARK, n);
    return p;
}

/* What a scenario saw: whether some call failed, and the first status. */
typedef struct run {
    int failed, status;
    const char *name;
} run;

static void saw(run *r, int rc)
{
    if (rc && !r->failed) r->failed = 1, r->status = rc;
}

/* ---- the stream ---------------------------------------------------------- */

/* The pushes: a short one (the header only), one that completes the first
 * record, one of a whole record straight from the input and more, the rest. */
static const size_t pushes[] = {10, CHUNK - 10, CHUNK + 30, PT_LEN - 2 * CHUNK - 30};

static uint8_t *stream_ref; /* the stream of pt without injection */
static size_t stream_ref_len;

/* Encrypts pt in the pushes; every call's output in a fresh marked buffer.
 * A failed call leaves its buffer clean and *out_len 0; the calls after it
 * return the same error and write nothing. */
static void stream_encrypt(run *r, lwcx_schwaemm_variant v, int check_bytes)
{
    lwcx_stream *s = NULL;
    int rc = lwcx_stream_encrypt_new(&s, v, key, nonce);
    saw(r, rc);
    if (rc) {
        CHECK(s == NULL, "%s: new failed and gave a state", r->name);
        return;
    }
    size_t at = 0, o = 0;
    for (size_t i = 0; i <= sizeof pushes / sizeof pushes[0]; i++) {
        const int last = i == sizeof pushes / sizeof pushes[0];
        const size_t n = last ? 0 : pushes[i];
        const size_t cap = last ? lwcx_stream_final_max(s) : lwcx_stream_update_max(s, n);
        const size_t room = cap ? cap : 64;
        uint8_t *out = marked(room);
        size_t got = 777;
        rc = last ? lwcx_stream_final(s, out, room, &got) : lwcx_stream_update(s, out, room, &got, pt + at, n);
        if (rc) {
            CHECK(got == 0 && clean(out, room), "%s: push %zu failed (%d) and left %zu bytes of output", r->name, i,
                  rc, got);
            CHECK(!r->failed || rc == r->status, "%s: push %zu: %d after %d", r->name, i, rc, r->status);
        } else {
            CHECK(!r->failed, "%s: push %zu succeeded after a failure", r->name, i);
            CHECK(got == cap, "%s: push %zu wrote %zu of %zu", r->name, i, got, cap);
            if (check_bytes)
                CHECK(o + got <= stream_ref_len && memcmp(out, stream_ref + o, got) == 0, "%s: push %zu bytes",
                      r->name, i);
            o += got;
        }
        saw(r, rc);
        free(out);
        at += n;
    }
    if (!r->failed && check_bytes) CHECK(o == stream_ref_len, "%s: %zu bytes, want %zu", r->name, o, stream_ref_len);
    lwcx_stream_free(s);
}

/* Decrypts the reference stream in pushes of its own; a failed call may
 * leave only verified plaintext (*out_len bytes, at their place). */
static void stream_decrypt(run *r, lwcx_schwaemm_variant v, const uint8_t *st, size_t st_len)
{
    lwcx_stream *s = NULL;
    int rc = lwcx_stream_decrypt_new(&s, v, key);
    saw(r, rc);
    if (rc) return;
    const size_t dpushes[] = {20, CHUNK + 50, CHUNK + 20, st_len - 2 * CHUNK - 90};
    size_t at = 0, o = 0;
    for (size_t i = 0; i <= sizeof dpushes / sizeof dpushes[0]; i++) {
        const int last = i == sizeof dpushes / sizeof dpushes[0];
        const size_t n = last ? 0 : dpushes[i];
        const size_t cap = last ? lwcx_stream_final_max(s) : lwcx_stream_update_max(s, n);
        const size_t room = cap ? cap : 64;
        uint8_t *out = marked(room);
        size_t got = 777;
        rc = last ? lwcx_stream_final(s, out, room, &got) : lwcx_stream_update(s, out, room, &got, st + at, n);
        CHECK(got <= room && o + got <= PT_LEN && memcmp(out, pt + o, got) == 0,
              "%s: push %zu released %zu bytes that are not the plaintext", r->name, i, got);
        if (got <= room) CHECK(clean(out + got, room - got), "%s: push %zu: data beyond the %zu verified bytes", r->name, i, got);
        if (rc) CHECK(!r->failed || rc == r->status, "%s: push %zu: %d after %d", r->name, i, rc, r->status);
        else CHECK(!r->failed, "%s: push %zu succeeded after a failure", r->name, i);
        saw(r, rc);
        o += got <= room ? got : 0;
        free(out);
        at += n;
    }
    if (!r->failed) CHECK(o == PT_LEN, "%s: %zu bytes of plaintext, want %d", r->name, o, (int)PT_LEN);
    lwcx_stream_free(s);
}

/* ---- Schwaemm ---------------------------------------------------------------- */

#define SW_LEN 77

static uint8_t sw_ct[SW_LEN], sw_tag[32]; /* the reference */

static void sw_oneshot(run *r, lwcx_schwaemm_variant v, int dec, int inplace)
{
    const size_t tb = lwcx_schwaemm_tag_bytes(v);
    uint8_t *out = marked(SW_LEN), tag[32];
    memset(tag, MARK, sizeof tag);
    int rc;
    if (!dec) {
        if (inplace) memcpy(out, pt, SW_LEN);
        rc = lwcx_schwaemm_encrypt(v, out, tag, inplace ? out : pt, SW_LEN, ad, sizeof ad, nonce, key);
        if (rc)
            CHECK((inplace ? memcmp(out, pt, SW_LEN) == 0 || clean(out, SW_LEN) : clean(out, SW_LEN)) &&
                      clean(tag, sizeof tag),
                  "%s: failed (%d) and wrote", r->name, rc);
        else
            CHECK(memcmp(out, sw_ct, SW_LEN) == 0 && memcmp(tag, sw_tag, tb) == 0, "%s: wrong output", r->name);
    } else {
        if (inplace) memcpy(out, sw_ct, SW_LEN);
        rc = lwcx_schwaemm_decrypt(v, out, inplace ? out : sw_ct, SW_LEN, sw_tag, ad, sizeof ad, nonce, key);
        if (rc)
            CHECK(inplace ? memcmp(out, sw_ct, SW_LEN) == 0 : clean(out, SW_LEN), "%s: failed (%d) and wrote", r->name,
                  rc);
        else
            CHECK(memcmp(out, pt, SW_LEN) == 0, "%s: wrong plaintext", r->name);
    }
    saw(r, rc);
    free(out);
}

/* Incremental: each call's output in a marked buffer; a call that fails,
 * and every call after it, writes nothing (what updates wrote before is the
 * caller's to discard, lwcx.h says). */
static void sw_incremental(run *r, lwcx_schwaemm_variant v, int dec)
{
    lwcx_schwaemm_ctx ctx;
    memset(&ctx, MARK, sizeof ctx);
    const size_t tb = lwcx_schwaemm_tag_bytes(v);
    uint8_t out[SW_LEN], tag[32];
    memset(out, MARK, sizeof out);
    memset(tag, MARK, sizeof tag);
    saw(r, lwcx_schwaemm_init(&ctx, v, key, nonce));
    int rc = lwcx_schwaemm_aad(&ctx, ad, sizeof ad);
    CHECK(!rc || r->failed, "%s: aad failed alone (%d)", r->name, rc);
    saw(r, rc);
    for (size_t at = 0, n = 30; at < SW_LEN; at += n, n = SW_LEN - at) {
        const uint8_t *in = dec ? sw_ct : pt;
        rc = dec ? lwcx_schwaemm_decrypt_update(&ctx, out + at, in + at, n)
                 : lwcx_schwaemm_encrypt_update(&ctx, out + at, in + at, n);
        if (rc || r->failed) CHECK(clean(out + at, n), "%s: an update wrote at or after a failure", r->name);
        CHECK(!rc || r->failed, "%s: update failed alone (%d)", r->name, rc);
        saw(r, rc);
    }
    rc = dec ? lwcx_schwaemm_decrypt_final(&ctx, sw_tag) : lwcx_schwaemm_encrypt_final(&ctx, tag);
    saw(r, rc);
    if (r->failed) {
        CHECK(clean(tag, sizeof tag), "%s: a tag after a failure", r->name);
    } else {
        CHECK(memcmp(out, dec ? pt : sw_ct, SW_LEN) == 0, "%s: wrong output", r->name);
        if (!dec) CHECK(memcmp(tag, sw_tag, tb) == 0, "%s: wrong tag", r->name);
    }
    lwcx_wipe(&ctx, sizeof ctx);
}

/* ---- kcc24-p6 ------------------------------------------------------------------ */

#define K24_LEN 43

static uint8_t k24_ct[K24_LEN], k24_tag[8];

static void k24(run *r, int dec)
{
    uint8_t out[K24_LEN], tag[8];
    memset(out, MARK, sizeof out);
    memset(tag, MARK, sizeof tag);
    const size_t n = lwcx_kcc24p6_processed_len(K24_LEN);
    int rc = dec ? lwcx_kcc24p6_decrypt(out, k24_ct, K24_LEN, k24_tag, key)
                 : lwcx_kcc24p6_encrypt(out, tag, pt, K24_LEN, key);
    if (rc)
        CHECK(clean(out, sizeof out) && clean(tag, sizeof tag), "%s: failed (%d) and wrote", r->name, rc);
    else
        CHECK(memcmp(out, dec ? pt : k24_ct, n) == 0 && clean(out + n, K24_LEN - n) &&
                  (dec || memcmp(tag, k24_tag, 8) == 0),
              "%s: wrong output", r->name);
    saw(r, rc);
}

/* ---- the runs -------------------------------------------------------------------- */

enum { S_STREAM_ENC, S_STREAM_DEC, S_SW_ENC, S_SW_ENC_INPLACE, S_SW_DEC, S_SW_DEC_INPLACE, S_SW_INC_ENC,
       S_SW_INC_DEC, S_K24_ENC, S_K24_DEC, S_COUNT };
static const char *const scenario_names[S_COUNT] = {
    "stream encrypt", "stream decrypt", "schwaemm encrypt", "schwaemm encrypt in place", "schwaemm decrypt",
    "schwaemm decrypt in place", "schwaemm incremental encrypt", "schwaemm incremental decrypt",
    "kcc24p6 encrypt", "kcc24p6 decrypt"};

static void scenario(run *r, int which, lwcx_schwaemm_variant v)
{
    switch (which) {
    case S_STREAM_ENC: stream_encrypt(r, v, 1); break;
    case S_STREAM_DEC: stream_decrypt(r, v, stream_ref, stream_ref_len); break;
    case S_SW_ENC: sw_oneshot(r, v, 0, 0); break;
    case S_SW_ENC_INPLACE: sw_oneshot(r, v, 0, 1); break;
    case S_SW_DEC: sw_oneshot(r, v, 1, 0); break;
    case S_SW_DEC_INPLACE: sw_oneshot(r, v, 1, 1); break;
    case S_SW_INC_ENC: sw_incremental(r, v, 0); break;
    case S_SW_INC_DEC: sw_incremental(r, v, 1); break;
    case S_K24_ENC: k24(r, 0); break;
    default: k24(r, 1); break;
    }
}

/* The references, made without injection; also the stream built by hand
 * (test_stream checks the format), for the impl-env run that cannot encrypt. */
static void references(lwcx_schwaemm_variant v, const lwcx_impl *impl)
{
    const size_t nb = lwcx_schwaemm_nonce_bytes(v), tb = lwcx_schwaemm_tag_bytes(v);
    stream_ref_len = 16 + nb + PT_LEN + 3 * tb;
    stream_ref = malloc(stream_ref_len);
    uint8_t *o = stream_ref;
    static const uint8_t hdr[16] = {'L', 'W', 'C', 'X', 'S', 'T', 'R', '1', 0, 16};
    memcpy(o, hdr, 16);
    o[8] = (uint8_t)(v + 1);
    memcpy(o + 16, nonce, nb);
    o += 16 + nb;
    for (uint64_t i = 0; i < 3; i++) {
        const size_t n = i < 2 ? CHUNK : PT_LEN - 2 * CHUNK;
        uint8_t cn[32];
        memcpy(cn, nonce, nb);
        for (int b = 0; b < 8; b++) cn[b] ^= (uint8_t)(i >> (8 * b));
        if (i == 2) cn[nb - 1] ^= 0x80;
        CHECK(lwcx_schwaemm_encrypt_with(impl, v, o, o + n, pt + i * CHUNK, n, stream_ref, 16, cn, key) == LWCX_OK,
              "reference record");
        o += n + tb;
    }
    CHECK(lwcx_schwaemm_encrypt_with(impl, v, sw_ct, sw_tag, pt, SW_LEN, ad, sizeof ad, nonce, key) == LWCX_OK,
          "reference schwaemm");
    CHECK(lwcx_kcc24p6_encrypt_with(lwcx_impl_find("kcc24p6", "ref"), k24_ct, k24_tag, pt, K24_LEN, key) == LWCX_OK,
          "reference kcc24p6");
}

static void injection(void)
{
    for (int v = 0; lwcx_schwaemm_name((lwcx_schwaemm_variant)v); v++) {
        const lwcx_schwaemm_variant var = (lwcx_schwaemm_variant)v;
        references(var, NULL);
        for (int which = 0; which < S_COUNT; which++) {
            if (v && which >= S_K24_ENC) continue; /* kcc24p6 has no variants */
            int k;
            for (k = 1; k < 1000; k++) {
                run r = {0, 0, scenario_names[which]};
                lwcx_test_fail_arm(k);
                scenario(&r, which, var);
                const int fired = lwcx_test_fail_pending() == 0;
                lwcx_test_fail_arm(0);
                if (!fired) {
                    CHECK(!r.failed, "%s %s: failed (%d) with nothing injected", lwcx_schwaemm_name(var), r.name,
                          r.status);
                    break;
                }
                CHECK(r.failed, "%s %s: fail point %d swallowed (every call returned LWCX_OK)",
                      lwcx_schwaemm_name(var), r.name, k);
            }
            CHECK(k > 1, "%s %s: no fail point reached", lwcx_schwaemm_name(var), scenario_names[which]);
            if (v == 0) printf("%s: %d fail points\n", scenario_names[which], k - 1);
        }
        free(stream_ref);
    }
}

/* LWCX_IMPL=nonesuch: nothing that uses the automatic choice runs. */
static void impl_env(void)
{
    char msg[256];
    CHECK(lwcx_impl_env_check(msg, sizeof msg) == LWCX_ERR_IMPL_ENV, "run with LWCX_IMPL=nonesuch");
    for (int v = 0; lwcx_schwaemm_name((lwcx_schwaemm_variant)v); v++) {
        const lwcx_schwaemm_variant var = (lwcx_schwaemm_variant)v;
        references(var, lwcx_impl_find("sparkle", "ref"));
        for (int which = 0; which < S_COUNT; which++) {
            if (v && which >= S_K24_ENC) continue;
            run r = {0, 0, scenario_names[which]};
            scenario(&r, which, var);
            CHECK(r.failed && r.status == LWCX_ERR_IMPL_ENV, "%s %s: %d, want LWCX_ERR_IMPL_ENV",
                  lwcx_schwaemm_name(var), r.name, r.status);
        }
        free(stream_ref);
    }
    /* a stream shorter than a record fails at final, and final writes nothing */
    lwcx_stream *s;
    uint8_t out[256];
    size_t got = 7;
    CHECK(lwcx_stream_encrypt_new(&s, LWCX_SCHWAEMM128_128, key, nonce) == LWCX_OK, "new");
    CHECK(lwcx_stream_update(s, out, sizeof out, &got, pt, 5) == LWCX_OK, "update of 5 bytes");
    memset(out, MARK, sizeof out);
    CHECK(lwcx_stream_final(s, out, sizeof out, &got) == LWCX_ERR_IMPL_ENV && got == 0 && clean(out, sizeof out),
          "final under an invalid LWCX_IMPL");
    lwcx_stream_free(s);
}

int main(int argc, char **argv)
{
    pt = malloc(PT_LEN);
    tu_fill(pt, PT_LEN);
    tu_fill(key, sizeof key);
    tu_fill(nonce, sizeof nonce);
    tu_fill(ad, sizeof ad);
    if (argc > 1 && !strcmp(argv[1], "impl-env"))
        impl_env();
    else
        injection();
    free(pt);
    return tu_finish();
}
