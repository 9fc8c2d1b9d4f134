/* The LWCX stream: Schwaemm over data of any length in constant memory (the
 * format is in docs/stream-format.md and lwcx.h).
 *
 * Both directions buffer at most one record (a chunk and its tag) and emit
 * every record as soon as it is complete, so the output of each call is
 * known in advance from the bytes pushed. Decryption writes a chunk's
 * plaintext only after its tag verified (lwcx_schwaemm_decrypt zeroes it
 * otherwise); a failure is sticky, and the state is wiped at once. An
 * encrypting call that fails zeroes what it wrote: a record it could not
 * seal must not leave the caller a buffer that looks like output. */
#define _DEFAULT_SOURCE /* getentropy */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../core/internal.h"

#define CHUNK ((size_t)LWCX_STREAM_CHUNK_BYTES)
#define HEADER LWCX_STREAM_HEADER_BYTES
static const uint8_t magic[8] = {'L', 'W', 'C', 'X', 'S', 'T', 'R', '1'};

struct lwcx_stream {
    lwcx_schwaemm_variant v;
    int decrypt, finished, err; /* err: sticky status of the first failure */
    const char *why;            /* its reason, for people */
    size_t nbytes, tbytes;
    uint64_t index;             /* the next chunk's number */
    size_t prefix_have;         /* header + nonce bytes written (encrypt) or received (decrypt) */
    size_t have;                /* bytes buffered in buf */
    uint8_t key[LWCX_SCHWAEMM_MAX_KEY_BYTES];
    uint8_t prefix[HEADER + LWCX_SCHWAEMM_MAX_NONCE_BYTES]; /* header || nonce */
    uint8_t buf[LWCX_STREAM_CHUNK_BYTES + LWCX_SCHWAEMM_MAX_TAG_BYTES];
};

static size_t prefix_bytes(const lwcx_stream *s)
{
    return HEADER + s->nbytes;
}

/* Once anything failed, the state holds no secret and answers the same error. */
static LWCX_NODISCARD int fail(lwcx_stream *s, int err, const char *why)
{
    lwcx_wipe(s->key, sizeof s->key);
    lwcx_wipe(s->buf, sizeof s->buf);
    s->have = 0;
    s->err = err;
    s->why = why;
    return err;
}

static LWCX_NODISCARD int stream_new(lwcx_stream **out, lwcx_schwaemm_variant v, const uint8_t *key, int decrypt)
{
    if (!out) return LWCX_ERR_NULL;
    *out = NULL;
    if (!key) return LWCX_ERR_NULL;
    if (!lwcx_schwaemm_name(v)) return LWCX_ERR_ARG;
    if (lwcx_test_fail_point(LWCX_ERR_NOMEM)) return LWCX_ERR_NOMEM;
    lwcx_stream *s = calloc(1, sizeof *s);
    if (!s) return LWCX_ERR_NOMEM;
    s->v = v;
    s->decrypt = decrypt;
    s->nbytes = lwcx_schwaemm_nonce_bytes(v);
    s->tbytes = lwcx_schwaemm_tag_bytes(v);
    memcpy(s->key, key, lwcx_schwaemm_key_bytes(v));
    *out = s;
    return LWCX_OK;
}

int lwcx_stream_encrypt_new(lwcx_stream **out, lwcx_schwaemm_variant v, const uint8_t *key,
                            const uint8_t *nonce)
{
    int rc = stream_new(out, v, key, 0);
    if (rc) return rc;
    lwcx_stream *s = *out;
    memcpy(s->prefix, magic, 8);
    s->prefix[8] = (uint8_t)(v + 1);
    s->prefix[9] = LWCX_STREAM_CHUNK_LOG2;
    if (nonce) {
        memcpy(s->prefix + HEADER, nonce, s->nbytes);
    } else if (getentropy(s->prefix + HEADER, s->nbytes) != 0) {
        lwcx_stream_free(s);
        *out = NULL;
        return LWCX_ERR_UNSUPPORTED;
    }
    return LWCX_OK;
}

int lwcx_stream_decrypt_new(lwcx_stream **out, lwcx_schwaemm_variant v, const uint8_t *key)
{
    return stream_new(out, v, key, 1);
}

void lwcx_stream_free(lwcx_stream *s)
{
    if (!s) return;
    lwcx_wipe(s, sizeof *s);
    free(s);
}

size_t lwcx_stream_update_max(const lwcx_stream *s, size_t len)
{
    if (!s || s->err || s->finished) return 0;
    const size_t pre = prefix_bytes(s) - s->prefix_have;
    if (!s->decrypt) return pre + (s->have + len) / CHUNK * (CHUNK + s->tbytes);
    len -= len < pre ? len : pre; /* the rest of the header goes to no output */
    return (s->have + len) / (CHUNK + s->tbytes) * CHUNK;
}

size_t lwcx_stream_final_max(const lwcx_stream *s)
{
    if (!s || s->err || s->finished) return 0;
    if (!s->decrypt) return prefix_bytes(s) - s->prefix_have + s->have + s->tbytes;
    return s->have > s->tbytes ? s->have - s->tbytes : 0;
}

const char *lwcx_stream_error(const lwcx_stream *s)
{
    return s ? s->why : NULL;
}

/* Chunk i's nonce: the stream's nonce XOR i (64-bit little-endian, first 8
 * bytes), the last byte also XOR 0x80 for the final chunk. */
static void chunk_nonce(const lwcx_stream *s, uint8_t *n, int final)
{
    memcpy(n, s->prefix + HEADER, s->nbytes);
    for (int i = 0; i < 8; i++) n[i] ^= (uint8_t)(s->index >> (8 * i));
    if (final) n[s->nbytes - 1] ^= 0x80;
}

/* Seals len bytes of pt (< CHUNK only for the final chunk) as ct || tag; a
 * failure (an invalid LWCX_IMPL, no usable implementation) is sticky, and
 * the record's place is zeroed. */
static LWCX_NODISCARD int seal(lwcx_stream *s, uint8_t *ct, const uint8_t *pt, size_t len, int final)
{
    uint8_t n[LWCX_SCHWAEMM_MAX_NONCE_BYTES];
    chunk_nonce(s, n, final);
    int rc = lwcx_schwaemm_encrypt(s->v, ct, ct + len, pt, len, s->prefix, HEADER, n, s->key);
    if (rc == LWCX_OK) rc = lwcx_test_fail_point(LWCX_ERR_UNSUPPORTED);
    if (rc) {
        lwcx_wipe(ct, len + s->tbytes);
        return fail(s, rc, lwcx_strerror(rc));
    }
    s->index++;
    return LWCX_OK;
}

/* Opens one record of len + tag bytes into pt (len bytes). */
static LWCX_NODISCARD int open_record(lwcx_stream *s, uint8_t *pt, const uint8_t *rec, size_t len, int final)
{
    uint8_t n[LWCX_SCHWAEMM_MAX_NONCE_BYTES];
    chunk_nonce(s, n, final);
    int rc = lwcx_test_fail_point(LWCX_ERR_UNSUPPORTED);
    if (rc == LWCX_OK) rc = lwcx_schwaemm_decrypt(s->v, pt, rec, len, rec + len, s->prefix, HEADER, n, s->key);
    if (rc == LWCX_ERR_AUTH)
        return fail(s, LWCX_ERR_AUTH,
                    "authentication failed: the data is corrupted, truncated, reordered, extended "
                    "or was encrypted under another key");
    if (rc) {
        lwcx_wipe(pt, len);
        return fail(s, rc, lwcx_strerror(rc));
    }
    s->index++;
    return LWCX_OK;
}

/* What is wrong with the first n bytes of a header (n <= HEADER), or NULL;
 * v: the variant expected, or -1 for any known one. The one reader of the
 * header's fields, for the stream and for lwcx_stream_header_info. */
static const char *header_problem(const uint8_t *h, size_t n, int v)
{
    if (memcmp(h, magic, n < 8 ? n : 8) != 0) return "not an lwcx stream (no LWCXSTR1 header)";
    if (n > 8 && v >= 0 && h[8] != v + 1) return "the stream was made with another algorithm (variant)";
    if (n > 8 && v < 0 && (h[8] == 0 || !lwcx_schwaemm_name((lwcx_schwaemm_variant)(h[8] - 1))))
        return "unknown algorithm (variant) in the header";
    if (n > 9 && h[9] != LWCX_STREAM_CHUNK_LOG2) return "unsupported chunk size in the header";
    for (size_t i = 10; i < n && i < HEADER; i++)
        if (h[i]) return "unsupported header (reserved bytes set)";
    return NULL;
}

/* Checks the header as its bytes arrive, so a foreign file fails at once. */
static LWCX_NODISCARD int check_header(lwcx_stream *s)
{
    const char *why = header_problem(s->prefix, s->prefix_have, (int)s->v);
    return why ? fail(s, LWCX_ERR_FORMAT, why) : LWCX_OK;
}

int lwcx_stream_header_info(const uint8_t *hdr, size_t len, struct lwcx_stream_info *out)
{
    if (!hdr || !out) return LWCX_ERR_NULL;
    memset(out, 0, sizeof *out);
    out->variant = -1;
    if (len < HEADER) return LWCX_ERR_FORMAT;
    /* the variant: named by any whole header with the magic and a known id */
    if (!header_problem(hdr, 9, -1)) out->variant = hdr[8] - 1;
    if (header_problem(hdr, HEADER, -1)) return LWCX_ERR_FORMAT;
    const lwcx_schwaemm_variant v = (lwcx_schwaemm_variant)out->variant;
    out->chunk_log2 = hdr[9];
    out->chunk_bytes = CHUNK;
    out->key_bytes = lwcx_schwaemm_key_bytes(v);
    out->nonce_bytes = lwcx_schwaemm_nonce_bytes(v);
    out->tag_bytes = lwcx_schwaemm_tag_bytes(v);
    out->prefix_bytes = HEADER + out->nonce_bytes;
    return LWCX_OK;
}

/* The end of a failed encrypting call: what it wrote to out (o bytes) is
 * zeroed, and it reports nothing written. */
static int encrypt_failed(lwcx_stream *s, uint8_t *out, size_t o)
{
    if (o) lwcx_wipe(out, o);
    return s->err;
}

static LWCX_NODISCARD int encrypt_update(lwcx_stream *s, uint8_t *out, size_t *olen, const uint8_t *in,
                                         size_t len)
{
    size_t o = 0;
    if (s->prefix_have == 0) {
        memcpy(out, s->prefix, prefix_bytes(s));
        o = s->prefix_have = prefix_bytes(s);
    }
    while (len) {
        if (s->have == 0 && len >= CHUNK) { /* whole chunks straight from the input */
            if (seal(s, out + o, in, CHUNK, 0)) return encrypt_failed(s, out, o);
            in += CHUNK, len -= CHUNK, o += CHUNK + s->tbytes;
            continue;
        }
        size_t take = CHUNK - s->have < len ? CHUNK - s->have : len;
        memcpy(s->buf + s->have, in, take);
        s->have += take, in += take, len -= take;
        if (s->have == CHUNK) { /* full: not the final chunk, which is shorter */
            if (seal(s, out + o, s->buf, CHUNK, 0)) return encrypt_failed(s, out, o);
            o += CHUNK + s->tbytes;
            s->have = 0;
        }
    }
    *olen = o;
    return LWCX_OK;
}

static LWCX_NODISCARD int decrypt_update(lwcx_stream *s, uint8_t *out, size_t *olen, const uint8_t *in,
                                         size_t len)
{
    const size_t rec = CHUNK + s->tbytes;
    while (len && s->prefix_have < prefix_bytes(s)) {
        s->prefix[s->prefix_have++] = *in++;
        len--;
        if (s->prefix_have <= HEADER && check_header(s)) return s->err;
    }
    while (len) {
        if (s->have == 0 && len >= rec) { /* a full record is never the final one */
            if (open_record(s, out + *olen, in, CHUNK, 0)) return s->err;
            in += rec, len -= rec, *olen += CHUNK;
            continue;
        }
        size_t take = rec - s->have < len ? rec - s->have : len;
        memcpy(s->buf + s->have, in, take);
        s->have += take, in += take, len -= take;
        if (s->have == rec) {
            if (open_record(s, out + *olen, s->buf, CHUNK, 0)) return s->err;
            *olen += CHUNK;
            s->have = 0;
        }
    }
    return LWCX_OK;
}

int lwcx_stream_update(lwcx_stream *s, uint8_t *out, size_t out_cap, size_t *out_len,
                       const uint8_t *in, size_t len)
{
    if (out_len) *out_len = 0;
    if (!s || !out_len || (len && !in)) return LWCX_ERR_NULL;
    if (s->err) return s->err;
    if (s->finished) return LWCX_ERR_ARG;
    const size_t need = lwcx_stream_update_max(s, len);
    if (need > out_cap) return LWCX_ERR_LENGTH; /* nothing consumed */
    if (need && !out) return LWCX_ERR_NULL;
    /* records sit at offsets of their own in out, so no overlap with in
     * (not even out == in) leaves the input intact until it is read */
    if (out && lwcx_overlap(out, out_cap, in, len)) return LWCX_ERR_ARG; /* nothing consumed */
    return s->decrypt ? decrypt_update(s, out, out_len, in, len) : encrypt_update(s, out, out_len, in, len);
}

int lwcx_stream_final(lwcx_stream *s, uint8_t *out, size_t out_cap, size_t *out_len)
{
    if (out_len) *out_len = 0;
    if (!s || !out_len) return LWCX_ERR_NULL;
    if (s->err) return s->err;
    if (s->finished) return LWCX_ERR_ARG;
    const size_t need = lwcx_stream_final_max(s);
    if (need > out_cap) return LWCX_ERR_LENGTH;
    if (need && !out) return LWCX_ERR_NULL;
    s->finished = 1;
    if (!s->decrypt) {
        size_t o = 0;
        if (s->prefix_have == 0) {
            memcpy(out, s->prefix, prefix_bytes(s));
            o = s->prefix_have = prefix_bytes(s);
        }
        if (seal(s, out + o, s->buf, s->have, 1)) return encrypt_failed(s, out, o);
        *out_len = o + s->have + s->tbytes;
    } else if (s->prefix_have < prefix_bytes(s)) {
        return fail(s, LWCX_ERR_FORMAT, "truncated: the header is incomplete");
    } else if (s->have < s->tbytes) {
        return fail(s, LWCX_ERR_AUTH, "truncated: a chunk or its tag is missing");
    } else {
        if (open_record(s, out, s->buf, s->have - s->tbytes, 1)) return s->err;
        *out_len = s->have - s->tbytes;
    }
    lwcx_wipe(s->key, sizeof s->key);
    lwcx_wipe(s->buf, sizeof s->buf);
    s->have = 0;
    return LWCX_OK;
}
