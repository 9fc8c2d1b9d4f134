/* lwcx hash (Esch) and the streaming file format of lwcx enc/dec for Schwaemm.
 *
 * File format ("LWCX stream", all Schwaemm variants):
 *   header  16 bytes: "LWCXSTR1", variant id (1..4), log2 of the chunk size, 6 zero bytes
 *   nonce   the variant's nonce size, random
 *   chunks  ciphertext || tag each; every chunk but the last holds exactly
 *           CHUNK bytes of plaintext, the last one fewer (possibly none).
 * Chunk i is sealed with the nonce XOR i (64-bit little-endian, bytes 0..7),
 * its last byte also XOR 0x80 for the final chunk, and the header as
 * associated data. So chunks cannot be reordered, dropped, or cut off at a
 * chunk boundary without failing authentication, and memory use is one chunk
 * whatever the file size. Decryption releases a chunk only once its tag has
 * been checked; output to a file appears only when the whole file verified. */
#define _DEFAULT_SOURCE /* getentropy */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "io.h"
#include "lwcx.h"

#define CHUNK_LOG2 16
#define CHUNK ((size_t)1 << CHUNK_LOG2)
#define HEADER 16
static const char magic[8] = {'L', 'W', 'C', 'X', 'S', 'T', 'R', '1'};

/* ---- lwcx hash ---------------------------------------------------------- */

static int hash_file(lwcx_esch_variant v, const char *path, size_t outlen, uint8_t *buf)
{
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    if (!f) {
        perror(path);
        return -1;
    }
    lwcx_esch_ctx ctx;
    lwcx_esch_init(&ctx, v);
    long n;
    while ((n = io_read_full(f, path, buf, CHUNK)) > 0) lwcx_esch_update(&ctx, buf, (size_t)n);
    if (f != stdin) fclose(f);
    if (n < 0) {
        lwcx_wipe(&ctx, sizeof ctx);
        return -1;
    }
    uint8_t out[256];
    if (v == LWCX_XOESCH256 || v == LWCX_XOESCH384) {
        lwcx_esch_squeeze(&ctx, out, outlen);
        lwcx_wipe(&ctx, sizeof ctx);
    } else {
        lwcx_esch_final(&ctx, out);
    }
    for (size_t i = 0; i < outlen; i++) printf("%02x", out[i]);
    printf("  %s\n", path);
    return 0;
}

int cmd_hash(int argc, char **argv)
{
    const char *alg = "esch256";
    long length = 0;
    int nfiles = 0, rc = 0;
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--alg") == 0 || strcmp(argv[i], "--length") == 0) {
            if (i + 1 == argc) {
                fprintf(stderr, "lwcx hash: %s needs a value\n", argv[i]);
                return 2;
            }
            if (argv[i][2] == 'a') {
                alg = argv[++i];
            } else {
                char *end;
                length = strtol(argv[++i], &end, 10);
                if (*end || length < 1 || length > 256) {
                    fprintf(stderr, "lwcx hash: --length must be 1..256 bytes\n");
                    return 2;
                }
            }
        } else if (argv[i][0] == '-' && argv[i][1]) {
            fprintf(stderr, "lwcx hash: unknown option '%s'\n", argv[i]);
            return 2;
        }
    }
    int v = 0;
    while (lwcx_esch_name((lwcx_esch_variant)v) && strcmp(lwcx_esch_name((lwcx_esch_variant)v), alg)) v++;
    if (!lwcx_esch_name((lwcx_esch_variant)v)) {
        fprintf(stderr, "lwcx hash: unknown algorithm '%s' (available: esch256, esch384, xoesch256, xoesch384)\n", alg);
        return 2;
    }
    const int xof = v == LWCX_XOESCH256 || v == LWCX_XOESCH384;
    if (length && !xof) {
        fprintf(stderr, "lwcx hash: --length is for the XOF variants (xoesch256, xoesch384)\n");
        return 2;
    }
    const size_t outlen = length ? (size_t)length : lwcx_esch_digest_bytes((lwcx_esch_variant)v);
    uint8_t *buf = malloc(CHUNK);
    if (!buf) return 1;
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--alg") == 0 || strcmp(argv[i], "--length") == 0) {
            i++;
            continue;
        }
        nfiles++;
        if (hash_file((lwcx_esch_variant)v, argv[i], outlen, buf)) rc = 1;
    }
    if (!nfiles && hash_file((lwcx_esch_variant)v, "-", outlen, buf)) rc = 1;
    free(buf);
    return rc;
}

/* ---- lwcx enc / dec --alg schwaemm... ----------------------------------- */

int stream_variant(const char *alg)
{
    for (int v = 0; lwcx_schwaemm_name((lwcx_schwaemm_variant)v); v++)
        if (strcmp(lwcx_schwaemm_name((lwcx_schwaemm_variant)v), alg) == 0) return v;
    return -1;
}

static void chunk_nonce(uint8_t *out, const uint8_t *base, size_t nbytes, uint64_t index, int final)
{
    memcpy(out, base, nbytes);
    for (int i = 0; i < 8; i++) out[i] ^= (uint8_t)(index >> (8 * i));
    if (final) out[nbytes - 1] ^= 0x80;
}

typedef struct stream {
    lwcx_schwaemm_variant v;
    size_t nbytes, tbytes;
    uint8_t key[LWCX_SCHWAEMM_MAX_KEY_BYTES];
    uint8_t header[HEADER], nonce[LWCX_SCHWAEMM_MAX_NONCE_BYTES];
    uint8_t *buf; /* one chunk and its tag */
    FILE *in;
    io_out out;
} stream;

static void stream_close(stream *s, int ok)
{
    if (s->in && s->in != stdin) fclose(s->in);
    if (!ok) io_out_abort(&s->out);
    if (s->buf) {
        lwcx_wipe(s->buf, CHUNK + LWCX_SCHWAEMM_MAX_TAG_BYTES);
        free(s->buf);
    }
    lwcx_wipe(s->key, sizeof s->key);
}

static int stream_open(stream *s, int variant, const uint8_t *key, const char *in, const char *out)
{
    memset(s, 0, sizeof *s);
    s->v = (lwcx_schwaemm_variant)variant;
    s->nbytes = lwcx_schwaemm_nonce_bytes(s->v);
    s->tbytes = lwcx_schwaemm_tag_bytes(s->v);
    memcpy(s->key, key, lwcx_schwaemm_key_bytes(s->v));
    s->in = strcmp(in, "-") == 0 ? stdin : fopen(in, "rb");
    if (!s->in) {
        perror(in);
        return -1;
    }
    s->buf = malloc(CHUNK + LWCX_SCHWAEMM_MAX_TAG_BYTES);
    if (!s->buf || io_out_open(&s->out, out)) {
        stream_close(s, 0);
        return -1;
    }
    return 0;
}

int stream_encrypt(int variant, const uint8_t *key, const char *in, const char *out)
{
    stream s;
    if (stream_open(&s, variant, key, in, out)) return 1;
    memcpy(s.header, magic, 8);
    s.header[8] = (uint8_t)(variant + 1);
    s.header[9] = CHUNK_LOG2;
    int ok = getentropy(s.nonce, s.nbytes) == 0;
    if (!ok) perror("lwcx enc: no random nonce");
    ok = ok && io_out_write(&s.out, s.header, HEADER) == 0 && io_out_write(&s.out, s.nonce, s.nbytes) == 0;
    for (uint64_t i = 0; ok; i++) {
        long n = io_read_full(s.in, in, s.buf, CHUNK);
        if (n < 0) {
            ok = 0;
            break;
        }
        const int final = (size_t)n < CHUNK;
        uint8_t nonce[LWCX_SCHWAEMM_MAX_NONCE_BYTES];
        chunk_nonce(nonce, s.nonce, s.nbytes, i, final);
        lwcx_schwaemm_encrypt(s.v, s.buf, s.buf + n, s.buf, (size_t)n, s.header, HEADER, nonce, s.key);
        ok = io_out_write(&s.out, s.buf, (size_t)n + s.tbytes) == 0;
        if (final) break;
    }
    ok = ok && io_out_commit(&s.out) == 0;
    stream_close(&s, ok);
    return ok ? 0 : 1;
}

int stream_decrypt(int variant, const uint8_t *key, const char *in, const char *out)
{
    stream s;
    if (stream_open(&s, variant, key, in, out)) return 1;
    const char *why = NULL;
    long n = io_read_full(s.in, in, s.header, HEADER);
    if (n >= 0 && memcmp(s.header, magic, (size_t)n < 8 ? (size_t)n : 8) != 0)
        why = "not an lwcx encrypted file (no LWCXSTR1 header)";
    else if (n >= 0 && n < HEADER)
        why = "truncated file: the header is incomplete";
    else if (n >= 0 && s.header[8] != variant + 1)
        why = "the file was encrypted with another algorithm (see --alg)";
    else if (n >= 0 && s.header[9] != CHUNK_LOG2)
        why = "unsupported chunk size in the header";
    else if (n >= 0 && io_read_full(s.in, in, s.nonce, s.nbytes) != (long)s.nbytes)
        why = "truncated file: the header is incomplete";
    int ok = n >= 0 && !why;
    for (uint64_t i = 0; ok; i++) {
        n = io_read_full(s.in, in, s.buf, CHUNK + s.tbytes);
        if (n < 0) {
            ok = 0;
            break;
        }
        if ((size_t)n < s.tbytes) {
            why = "truncated file: a chunk or its tag is missing";
            ok = 0;
            break;
        }
        const size_t len = (size_t)n - s.tbytes;
        const int final = len < CHUNK;
        uint8_t nonce[LWCX_SCHWAEMM_MAX_NONCE_BYTES];
        chunk_nonce(nonce, s.nonce, s.nbytes, i, final);
        if (lwcx_schwaemm_decrypt(s.v, s.buf, s.buf, len, s.buf + len, s.header, HEADER, nonce, s.key)) {
            why = "authentication failed: the file is corrupted, truncated or was encrypted under another key";
            ok = 0;
            break;
        }
        ok = io_out_write(&s.out, s.buf, len) == 0;
        if (final) break; /* a short read means end of file: appended bytes fail the tag */
    }
    if (why) fprintf(stderr, "lwcx dec: '%s': %s%s\n", in, why, out && strcmp(out, "-") ? "; nothing written" : "");
    ok = ok && io_out_commit(&s.out) == 0;
    stream_close(&s, ok);
    return ok ? 0 : 1;
}
