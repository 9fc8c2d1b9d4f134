/* lwcx_stream: the bytes equal the format built by hand from the one-shot
 * Schwaemm API (so files of earlier versions still decrypt), round trips for
 * every variant and sizes around the chunk boundaries with random push sizes
 * and output buffers of exactly the announced size, truncation near the
 * header, every record boundary and the end (and at random points), bit
 * flips, reordered, dropped and duplicated records, extension, wrong key and
 * variant, header corruption, the API's refusals, and the header read alone
 * (lwcx_stream_header_info).
 * STREAM_SPARSE=n (the emulated-CPU stages, where each decryption is slow):
 * one truncation point in n, besides the bytes on either side of each
 * record boundary and tag, 100/n random cuts, and bit flips n times further
 * apart; every kind of damage is still done to every variant. */
#include "testutil.h"

#define CHUNK ((size_t)LWCX_STREAM_CHUNK_BYTES)
#define NV 4

static size_t prefix_len(lwcx_schwaemm_variant v)
{
    return LWCX_STREAM_HEADER_BYTES + lwcx_schwaemm_nonce_bytes(v);
}

/* The stream's length for len bytes of plaintext. */
static size_t stream_len(lwcx_schwaemm_variant v, size_t len)
{
    return prefix_len(v) + len + (len / CHUNK + 1) * lwcx_schwaemm_tag_bytes(v);
}

/* The format from docs/stream-format.md, built independently. */
static uint8_t *by_hand(lwcx_schwaemm_variant v, const uint8_t *key, const uint8_t *nonce,
                        const uint8_t *pt, size_t len)
{
    const size_t nb = lwcx_schwaemm_nonce_bytes(v), tb = lwcx_schwaemm_tag_bytes(v);
    uint8_t *out = malloc(stream_len(v, len)), *o = out;
    static const uint8_t hdr[16] = {'L', 'W', 'C', 'X', 'S', 'T', 'R', '1', 0, 16};
    memcpy(o, hdr, 16);
    o[8] = (uint8_t)(v + 1);
    memcpy(o + 16, nonce, nb);
    o += 16 + nb;
    for (uint64_t i = 0;; i++) {
        size_t n = len - i * CHUNK < CHUNK ? len - i * CHUNK : CHUNK;
        int final = n < CHUNK;
        uint8_t cn[32];
        memcpy(cn, nonce, nb);
        for (int b = 0; b < 8; b++) cn[b] ^= (uint8_t)(i >> (8 * b));
        if (final) cn[nb - 1] ^= 0x80;
        CHECK(lwcx_schwaemm_encrypt(v, o, o + n, pt + i * CHUNK, n, out, 16, cn, key) == LWCX_OK, "by hand");
        o += n + tb;
        if (final) break;
    }
    return out;
}

/* A push size: often small or zero, sometimes several chunks. */
static size_t push_size(size_t left)
{
    size_t n;
    switch (tu_rand() % 5) {
    case 0: n = tu_rand() % 4; break;
    case 1: n = tu_rand() % 100; break;
    case 2: n = tu_rand() % (CHUNK + 200); break;
    case 3: n = CHUNK - 2 + tu_rand() % 5; break;
    default: n = tu_rand() % (3 * CHUNK); break;
    }
    return n < left ? n : left;
}

/* Runs data through s in random pushes with output buffers of exactly the
 * announced size; returns the status and the output in *out (malloc'd). */
static int run(lwcx_stream *s, const uint8_t *in, size_t len, uint8_t **out, size_t *olen, int enc)
{
    size_t cap = len + 4 * CHUNK, o = 0, at = 0;
    *out = malloc(cap);
    int rc = LWCX_OK;
    while (rc == LWCX_OK && at < len) {
        size_t n = push_size(len - at), got = 99, want = lwcx_stream_update_max(s, n);
        rc = lwcx_stream_update(s, *out + o, want, &got, in + at, n);
        if (enc) CHECK(rc == LWCX_OK && got == want, "encrypt writes what it announced");
        CHECK(got <= want, "update wrote %zu > %zu", got, want);
        o += got;
        at += n;
    }
    if (rc == LWCX_OK) {
        size_t got = 99, want = lwcx_stream_final_max(s);
        CHECK(want < CHUNK + 112, "final_max %zu", want);
        rc = lwcx_stream_final(s, *out + o, want, &got);
        CHECK(got <= want, "final wrote %zu > %zu", got, want);
        o += got;
    }
    *olen = o;
    return rc;
}

static int decrypt(lwcx_schwaemm_variant v, const uint8_t *key, const uint8_t *ct, size_t clen,
                   uint8_t **pt, size_t *plen, const char **why)
{
    lwcx_stream *s;
    int rc = lwcx_stream_decrypt_new(&s, v, key);
    CHECK(rc == LWCX_OK, "decrypt_new");
    rc = run(s, ct, clen, pt, plen, 0);
    static char reason[200];
    snprintf(reason, sizeof reason, "%s", lwcx_stream_error(s) ? lwcx_stream_error(s) : "");
    if (why) *why = reason;
    CHECK((rc == LWCX_OK) == (lwcx_stream_error(s) == NULL), "a reason exactly with an error");
    lwcx_stream_free(s);
    return rc;
}

/* Decrypting must fail with err and release only verified chunks (a prefix
 * of the plaintext made of whole chunks). */
static void expect_fail(lwcx_schwaemm_variant v, const uint8_t *key, const uint8_t *ct, size_t clen,
                        const uint8_t *pt, size_t len, int err, const char *what)
{
    uint8_t *out;
    size_t olen;
    int rc = decrypt(v, key, ct, clen, &out, &olen, NULL);
    CHECK(rc == err, "%s %s: rc %d, want %d", lwcx_schwaemm_name(v), what, rc, err);
    CHECK(olen % CHUNK == 0 && olen <= len && memcmp(out, pt, olen) == 0,
          "%s %s: %zu unverified bytes released", lwcx_schwaemm_name(v), what, olen);
    free(out);
}

static void round_trips(lwcx_schwaemm_variant v)
{
    const size_t sizes[] = {0,         1,         31,        CHUNK - 1,     CHUNK,
                            CHUNK + 1, 2 * CHUNK - 1, 2 * CHUNK, 2 * CHUNK + 1, 3 * CHUNK + 77};
    const size_t maxlen = 3 * CHUNK + 77;
    uint8_t key[32], nonce[32], *pt = malloc(maxlen);
    tu_fill(pt, maxlen);
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
        const size_t len = sizes[k];
        tu_fill(key, sizeof key);
        tu_fill(nonce, sizeof nonce);
        lwcx_stream *s;
        CHECK(lwcx_stream_encrypt_new(&s, v, key, nonce) == LWCX_OK, "encrypt_new");
        uint8_t *ct, *back, *want = by_hand(v, key, nonce, pt, len);
        size_t clen, blen;
        CHECK(run(s, pt, len, &ct, &clen, 1) == LWCX_OK, "encrypt");
        lwcx_stream_free(s);
        CHECK(clen == stream_len(v, len) && memcmp(ct, want, clen) == 0,
              "%s %zu bytes: the format (length %zu)", lwcx_schwaemm_name(v), len, clen);
        CHECK(decrypt(v, key, ct, clen, &back, &blen, NULL) == LWCX_OK && blen == len &&
                  memcmp(back, pt, len) == 0,
              "%s %zu bytes: round trip", lwcx_schwaemm_name(v), len);
        free(ct);
        free(back);
        free(want);
    }
    free(pt);
}

/* STREAM_SPARSE: 1 (every cut and flip) unless set */
static size_t sparse(void)
{
    const char *e = getenv("STREAM_SPARSE");
    const long n = e ? strtol(e, NULL, 10) : 1;
    return n > 1 ? (size_t)n : 1;
}

/* Damage of every kind to a stream of three full chunks and a short one. */
static void tampering(lwcx_schwaemm_variant v)
{
    const size_t every = sparse();
    const size_t len = 3 * CHUNK + 100, tb = lwcx_schwaemm_tag_bytes(v), pre = prefix_len(v);
    const size_t rec = CHUNK + tb;
    uint8_t key[32], nonce[32], *pt = malloc(len);
    tu_fill(key, sizeof key);
    tu_fill(nonce, sizeof nonce);
    tu_fill(pt, len);
    uint8_t *ct = by_hand(v, key, nonce, pt, len);
    const size_t clen = stream_len(v, len);
    uint8_t *t = malloc(clen + 2 * rec);

    /* truncation: near the header, each record boundary and the end, and at random */
    size_t cuts[2048], ncut = 0;
/* a cut at c, kept if sampled or next to an anchor of its window */
#define CUT(c, a, b) \
    do { \
        if ((c) % every == 0 || ((c) + 1 >= (a) && (c) <= (a) + 1) || ((c) + 1 >= (b) && (c) <= (b) + 1)) \
            cuts[ncut++] = (c); \
    } while (0)
    for (size_t c = 0; c < pre + 40; c++) CUT(c, pre, 16);
    for (size_t r = 1; r <= 3; r++)
        for (size_t c = pre + r * rec - 40; c < pre + r * rec + 40; c++) CUT(c, pre + r * rec, pre + r * rec - tb);
    for (size_t c = clen - 100 - tb - 40; c < clen; c++) CUT(c, clen - tb, clen - 2);
#undef CUT
    for (size_t k = 0; k < 100 / every; k++) cuts[ncut++] = tu_rand() % clen;
    for (size_t k = 0; k < ncut; k++) {
        const size_t c = cuts[k];
        expect_fail(v, key, ct, c, pt, len, c < pre ? LWCX_ERR_FORMAT : LWCX_ERR_AUTH, "truncated");
    }
    /* extension: one byte, a tag's worth, a copy of the last record */
    memcpy(t, ct, clen);
    t[clen] = 0;
    expect_fail(v, key, t, clen + 1, pt, len, LWCX_ERR_AUTH, "one byte appended");
    memcpy(t + clen, ct + clen - tb, tb);
    expect_fail(v, key, t, clen + tb, pt, len, LWCX_ERR_AUTH, "a tag appended");
    memcpy(t + clen, ct + pre, rec);
    expect_fail(v, key, t, clen + rec, pt, len, LWCX_ERR_AUTH, "record 0 appended");
    /* bit flips: every header and nonce byte, then random bits */
    for (size_t pos = 0; pos < clen; pos = pos < pre + 8 ? pos + 1 : pos + 1 + tu_rand() % (9000 * every)) {
        memcpy(t, ct, clen);
        t[pos] ^= (uint8_t)(1u << (tu_rand() % 8));
        expect_fail(v, key, t, clen, pt, len, pos < 16 ? LWCX_ERR_FORMAT : LWCX_ERR_AUTH, "bit flip");
    }
    memcpy(t, ct, clen);
    t[clen - 1] ^= 0x80;
    expect_fail(v, key, t, clen, pt, len, LWCX_ERR_AUTH, "last tag bit");
    /* records swapped, dropped, duplicated */
    memcpy(t, ct, pre);
    memcpy(t + pre, ct + pre + rec, rec);
    memcpy(t + pre + rec, ct + pre, rec);
    memcpy(t + pre + 2 * rec, ct + pre + 2 * rec, clen - pre - 2 * rec);
    expect_fail(v, key, t, clen, pt, len, LWCX_ERR_AUTH, "records 0 and 1 swapped");
    memcpy(t, ct, pre + rec);
    memcpy(t + pre + rec, ct + pre + 2 * rec, clen - pre - 2 * rec);
    expect_fail(v, key, t, clen - rec, pt, len, LWCX_ERR_AUTH, "record 1 dropped");
    memcpy(t, ct, pre + rec);
    memcpy(t + pre + rec, ct + pre, clen - pre);
    expect_fail(v, key, t, clen + rec, pt, len, LWCX_ERR_AUTH, "record 0 duplicated");
    memcpy(t, ct, pre + 3 * rec);
    expect_fail(v, key, t, pre + 3 * rec, pt, len, LWCX_ERR_AUTH, "final record dropped");
    memcpy(t, ct, pre + 2 * rec);
    memcpy(t + pre + 2 * rec, ct + pre + 3 * rec, clen - pre - 3 * rec);
    expect_fail(v, key, t, clen - rec, pt, len, LWCX_ERR_AUTH, "record 2 dropped");
    /* wrong key, wrong variant */
    uint8_t key2[32];
    memcpy(key2, key, sizeof key2);
    key2[0] ^= 1;
    expect_fail(v, key2, ct, clen, pt, len, LWCX_ERR_AUTH, "wrong key");
    const char *why;
    uint8_t *out;
    size_t olen;
    lwcx_schwaemm_variant other = (lwcx_schwaemm_variant)((v + 1) % NV);
    CHECK(decrypt(other, key, ct, clen, &out, &olen, &why) == LWCX_ERR_FORMAT && olen == 0 &&
              strstr(why, "another algorithm"),
          "%s: read as another variant: %s", lwcx_schwaemm_name(v), why);
    free(out);
    free(t);
    free(ct);
    free(pt);
}

static void header_and_api(void)
{
    const lwcx_schwaemm_variant v = LWCX_SCHWAEMM256_128;
    uint8_t key[16] = {1}, nonce[32] = {2}, pt[100] = {3}, buf[4 * 65536];
    uint8_t *ct = by_hand(v, key, nonce, pt, sizeof pt), *out;
    const size_t clen = stream_len(v, sizeof pt);
    const char *why;
    size_t olen, got;
    lwcx_stream *s;
    /* a foreign file fails at its first byte, a short header only at final */
    CHECK(lwcx_stream_decrypt_new(&s, v, key) == LWCX_OK, "new");
    CHECK(lwcx_stream_update(s, buf, sizeof buf, &got, (const uint8_t *)"X", 1) == LWCX_ERR_FORMAT &&
              strstr(lwcx_stream_error(s), "not an lwcx"),
          "foreign first byte");
    CHECK(lwcx_stream_update(s, buf, sizeof buf, &got, ct, clen) == LWCX_ERR_FORMAT, "sticky");
    CHECK(lwcx_stream_final(s, buf, sizeof buf, &got) == LWCX_ERR_FORMAT, "sticky final");
    lwcx_stream_free(s);
    uint8_t h[200];
    memcpy(h, ct, clen);
    h[9] = 17;
    CHECK(decrypt(v, key, h, clen, &out, &olen, &why) == LWCX_ERR_FORMAT && strstr(why, "chunk size"),
          "other chunk size: %s", why);
    free(out);
    CHECK(decrypt(v, key, ct, 12, &out, &olen, &why) == LWCX_ERR_FORMAT && strstr(why, "truncated"),
          "short header: %s", why);
    free(out);
    CHECK(decrypt(v, key, ct, 0, &out, &olen, &why) == LWCX_ERR_FORMAT, "empty input");
    free(out);
    /* output buffer too small: refused, nothing consumed; then it goes on */
    CHECK(lwcx_stream_decrypt_new(&s, v, key) == LWCX_OK, "new");
    CHECK(lwcx_stream_update(s, buf, sizeof buf, &got, ct, clen) == LWCX_OK && got == 0, "all buffered");
    CHECK(lwcx_stream_final_max(s) == sizeof pt, "final_max exact");
    CHECK(lwcx_stream_final(s, buf, sizeof pt - 1, &got) == LWCX_ERR_LENGTH && got == 0, "small final");
    CHECK(lwcx_stream_final(s, buf, sizeof pt, &got) == LWCX_OK && got == sizeof pt &&
              memcmp(buf, pt, sizeof pt) == 0,
          "final after a refusal");
    CHECK(lwcx_stream_final(s, buf, sizeof buf, &got) == LWCX_ERR_ARG, "final twice");
    CHECK(lwcx_stream_update(s, buf, sizeof buf, &got, pt, 1) == LWCX_ERR_ARG, "update after final");
    lwcx_stream_free(s);
    CHECK(lwcx_stream_encrypt_new(&s, v, key, nonce) == LWCX_OK, "new");
    CHECK(lwcx_stream_update_max(s, 0) == prefix_len(v) && lwcx_stream_update_max(s, CHUNK) ==
              prefix_len(v) + CHUNK + 16, "encrypt maxima");
    CHECK(lwcx_stream_update(s, buf, prefix_len(v) - 1, &got, pt, 0) == LWCX_ERR_LENGTH, "small update");
    CHECK(lwcx_stream_update(s, NULL, sizeof buf, &got, pt, 0) == LWCX_ERR_NULL, "NULL out");
    CHECK(lwcx_stream_update(s, buf, sizeof buf, NULL, pt, 0) == LWCX_ERR_NULL, "NULL out_len");
    CHECK(lwcx_stream_update(s, buf, sizeof buf, &got, NULL, 5) == LWCX_ERR_NULL, "NULL in");
    lwcx_stream_free(s);
    /* random nonces differ */
    uint8_t a[64], b[64];
    lwcx_stream *s2 = NULL;
    CHECK(lwcx_stream_encrypt_new(&s, v, key, NULL) == LWCX_OK &&
              lwcx_stream_encrypt_new(&s2, v, key, NULL) == LWCX_OK,
          "random nonce");
    CHECK(lwcx_stream_update(s, a, sizeof a, &got, pt, 0) == LWCX_OK &&
              lwcx_stream_update(s2, b, sizeof b, &olen, pt, 0) == LWCX_OK && got == olen &&
              memcmp(a, b, 16) == 0 && memcmp(a + 16, b + 16, got - 16) != 0,
          "two random nonces");
    lwcx_stream_free(s);
    lwcx_stream_free(s2);
    /* bad arguments */
    s = (lwcx_stream *)buf;
    CHECK(lwcx_stream_encrypt_new(&s, (lwcx_schwaemm_variant)9, key, NULL) == LWCX_ERR_ARG && !s,
          "unknown variant");
    CHECK(lwcx_stream_decrypt_new(&s, v, NULL) == LWCX_ERR_NULL && !s, "NULL key");
    CHECK(lwcx_stream_decrypt_new(NULL, v, key) == LWCX_ERR_NULL, "NULL state");
    CHECK(lwcx_stream_update_max(NULL, 5) == 0 && lwcx_stream_final_max(NULL) == 0 &&
              lwcx_stream_error(NULL) == NULL, "NULL queries");
    lwcx_stream_free(NULL);
    free(ct);
}

/* lwcx_stream_header_info: the header of a real stream of every variant
 * reads back with that variant's sizes; every truncation and corruption of
 * it is LWCX_ERR_FORMAT, naming the variant only when magic and id are whole
 * and valid. */
static void header_info(void)
{
    struct lwcx_stream_info hi;
    uint8_t key[32] = {4}, nonce[32] = {5}, h[LWCX_STREAM_HEADER_BYTES + 8];
    for (int v = 0; v < NV; v++) {
        const lwcx_schwaemm_variant var = (lwcx_schwaemm_variant)v;
        uint8_t *ct = by_hand(var, key, nonce, key, 0);
        CHECK(lwcx_stream_header_info(ct, stream_len(var, 0), &hi) == LWCX_OK && hi.variant == v &&
                  hi.chunk_log2 == LWCX_STREAM_CHUNK_LOG2 && hi.chunk_bytes == CHUNK &&
                  hi.key_bytes == lwcx_schwaemm_key_bytes(var) &&
                  hi.nonce_bytes == lwcx_schwaemm_nonce_bytes(var) &&
                  hi.tag_bytes == lwcx_schwaemm_tag_bytes(var) && hi.prefix_bytes == prefix_len(var),
              "header of %s", lwcx_schwaemm_name(var));
        memcpy(h, ct, LWCX_STREAM_HEADER_BYTES);
        free(ct);
        CHECK(lwcx_stream_header_info(h, LWCX_STREAM_HEADER_BYTES, &hi) == LWCX_OK && hi.variant == v,
              "the header alone, %s", lwcx_schwaemm_name(var));
        for (size_t n = 0; n < LWCX_STREAM_HEADER_BYTES; n++)
            CHECK(lwcx_stream_header_info(h, n, &hi) == LWCX_ERR_FORMAT && hi.variant == -1 &&
                      hi.prefix_bytes == 0, "truncated to %zu bytes", n);
        /* every bit of the header flipped: never accepted; the variant stays
         * named when only the chunk size or the reserved bytes changed */
        for (size_t bit = 0; bit < 8 * LWCX_STREAM_HEADER_BYTES; bit++) {
            h[bit / 8] ^= (uint8_t)(1u << (bit % 8));
            const int rc = lwcx_stream_header_info(h, LWCX_STREAM_HEADER_BYTES, &hi);
            const int id_ok = bit / 8 == 8 && h[8] >= 1 && h[8] <= NV;
            if (id_ok)
                CHECK(rc == LWCX_OK && hi.variant == h[8] - 1, "id %u", h[8]);
            else
                CHECK(rc == LWCX_ERR_FORMAT && hi.variant == (bit / 8 >= 9 ? v : -1) && hi.tag_bytes == 0,
                      "bit %zu flipped: rc %d, variant %d", bit, rc, hi.variant);
            h[bit / 8] ^= (uint8_t)(1u << (bit % 8));
        }
    }
    h[8] = 0;
    CHECK(lwcx_stream_header_info(h, LWCX_STREAM_HEADER_BYTES, &hi) == LWCX_ERR_FORMAT && hi.variant == -1,
          "variant id 0");
    h[8] = NV + 1;
    CHECK(lwcx_stream_header_info(h, LWCX_STREAM_HEADER_BYTES, &hi) == LWCX_ERR_FORMAT && hi.variant == -1,
          "variant id past the last");
    h[8] = 1;
    CHECK(lwcx_stream_header_info(NULL, LWCX_STREAM_HEADER_BYTES, &hi) == LWCX_ERR_NULL, "NULL header");
    CHECK(lwcx_stream_header_info(h, LWCX_STREAM_HEADER_BYTES, NULL) == LWCX_ERR_NULL, "NULL info");
}

int main(void)
{
    for (int v = 0; v < NV; v++) {
        round_trips((lwcx_schwaemm_variant)v);
        tampering((lwcx_schwaemm_variant)v);
    }
    header_and_api();
    header_info();
    return tu_finish();
}
