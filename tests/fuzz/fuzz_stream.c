/* The LWCX stream decoder on arbitrary input fed in pieces whose sizes come
 * from the input: no call writes more than lwcx_stream_update_max /
 * final_max promised (the output buffers are exactly that big), a call with
 * too small a buffer is refused without consuming anything, errors are
 * sticky, and a stream that decodes re-encrypts (same nonce) to the very same
 * bytes. Then a fuzzer message, encrypted and decrypted in pieces, comes
 * back, and with one bit flipped fails having released only a prefix of it.
 * Input: variant byte, count byte, that many piece-size bytes (count % 8 + 1),
 * a flags byte, the data (the rest). */
#include "fuzz.h"

typedef struct sink {
    uint8_t *b;
    size_t len, cap;
} sink;

static void sink_add(sink *k, const uint8_t *p, size_t n)
{
    if (!k->b || k->len + n > k->cap) {
        k->cap = 2 * (k->len + n) + 1;
        k->b = realloc(k->b, k->cap);
        CHECK(k->b);
    }
    if (n) memcpy(k->b + k->len, p, n);
    k->len += n;
}

/* One update or final (in == NULL) into a buffer of exactly the promised
 * size; what it wrote goes to out. Returns the status. */
static int step(lwcx_stream *s, int encrypting, const uint8_t *in, size_t len, sink *out)
{
    const size_t max = in ? lwcx_stream_update_max(s, len) : lwcx_stream_final_max(s);
    uint8_t *buf = fuzz_alloc(max);
    size_t got = 7;
    if (max) { /* one byte short: refused, nothing consumed */
        int short_rc = in ? lwcx_stream_update(s, buf, max - 1, &got, in, len)
                          : lwcx_stream_final(s, buf, max - 1, &got);
        CHECK(short_rc == LWCX_ERR_LENGTH && got == 0);
        CHECK(max == (in ? lwcx_stream_update_max(s, len) : lwcx_stream_final_max(s)));
    }
    int rc = in ? lwcx_stream_update(s, buf, max, &got, in, len) : lwcx_stream_final(s, buf, max, &got);
    CHECK(got <= max);
    if (rc == LWCX_OK) CHECK(got == max); /* less only on an error */
    if (encrypting) CHECK(rc == LWCX_OK);
    sink_add(out, buf, got);
    free(buf);
    return rc;
}

/* Decodes stream in pieces; the plaintext released goes to pt. */
static int decode(lwcx_schwaemm_variant v, const uint8_t *key, const uint8_t *stream, size_t len,
                  fuzz_pieces ps, sink *pt)
{
    lwcx_stream *s;
    CHECK(lwcx_stream_decrypt_new(&s, v, key) == LWCX_OK);
    int err = LWCX_OK;
    for (size_t o = 0; o < len || o == 0;) {
        const size_t n = fuzz_piece(&ps, len - o);
        int rc = step(s, 0, stream + o, n, pt);
        CHECK(err == LWCX_OK ? rc == LWCX_OK || rc == LWCX_ERR_AUTH || rc == LWCX_ERR_FORMAT
                             : rc == err); /* sticky */
        CHECK(rc == LWCX_OK || lwcx_stream_error(s));
        err = rc;
        o += n;
        if (o == len) break;
    }
    int rc = step(s, 0, NULL, 0, pt);
    CHECK(err == LWCX_OK ? rc == LWCX_OK || rc == LWCX_ERR_AUTH || rc == LWCX_ERR_FORMAT : rc == err);
    lwcx_stream_free(s);
    return rc;
}

static void encode(lwcx_schwaemm_variant v, const uint8_t *key, const uint8_t *nonce,
                   const uint8_t *msg, size_t len, fuzz_pieces ps, sink *out)
{
    lwcx_stream *s;
    CHECK(lwcx_stream_encrypt_new(&s, v, key, nonce) == LWCX_OK);
    for (size_t o = 0; o < len;) {
        const size_t n = fuzz_piece(&ps, len - o);
        step(s, 1, msg + o, n, out);
        o += n;
    }
    step(s, 1, NULL, 0, out);
    lwcx_stream_free(s);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_in in = {data, size};
    const lwcx_schwaemm_variant v = (lwcx_schwaemm_variant)(fuzz_byte(&in) % 4);
    const size_t nb = lwcx_schwaemm_nonce_bytes(v);
    fuzz_pieces ps = fuzz_take_pieces(&in);
    const unsigned flags = fuzz_byte(&in);
    size_t len;
    const uint8_t *stream = fuzz_take(&in, in.n, &len);
    uint8_t key[LWCX_SCHWAEMM_MAX_KEY_BYTES], nonce[LWCX_SCHWAEMM_MAX_NONCE_BYTES];
    fuzz_key(key, sizeof key);
    sink pt = {0}, again = {0}, ct = {0}, back = {0};

    /* the fuzzer's stream */
    if (decode(v, key, stream, len, ps, &pt) == LWCX_OK) {
        CHECK(len >= LWCX_STREAM_HEADER_BYTES + nb);
        encode(v, key, stream + LWCX_STREAM_HEADER_BYTES, pt.b, pt.len, ps, &again);
        CHECK(again.len == len && memcmp(again.b, stream, len) == 0);
    }

    /* the data as a message, longer by (flags >> 1) % 4 half-chunks */
    const size_t mlen = len + (flags >> 1) % 4 * (LWCX_STREAM_CHUNK_BYTES / 2);
    uint8_t *msg = fuzz_alloc(mlen);
    for (size_t i = 0; i < mlen; i++) msg[i] = len ? stream[i % len] : (uint8_t)i;
    memset(nonce, 0x33, sizeof nonce);
    encode(v, key, nonce, msg, mlen, ps, &ct);
    ps.next = flags; /* other pieces for the way back */
    CHECK(decode(v, key, ct.b, ct.len, ps, &back) == LWCX_OK);
    CHECK(back.len == mlen && memcmp(back.b, msg, mlen) == 0);
    if (flags & 1) {
        const size_t bit = (size_t)data[0] * 65599u % (8 * ct.len);
        ct.b[bit / 8] ^= (uint8_t)(1u << bit % 8);
        back.len = 0;
        CHECK(decode(v, key, ct.b, ct.len, ps, &back) != LWCX_OK);
        CHECK(back.len <= mlen && memcmp(back.b, msg, back.len) == 0);
    }
    free(msg), free(pt.b), free(again.b), free(ct.b), free(back.b);
    return 0;
}
