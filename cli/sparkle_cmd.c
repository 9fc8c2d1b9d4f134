/* lwcx hash (Esch), and the files of lwcx enc/dec for Schwaemm: the library's
 * LWCX stream (lwcx_stream_*, docs/stream-format.md) between a file or stdin
 * and an atomically committed output, so a file appears only once the whole
 * stream verified. Memory use is a few chunks whatever the file size. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io.h"
#include "lwcx.h"

#define CHUNK ((size_t)LWCX_STREAM_CHUNK_BYTES)

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

/* Pushes the input through the stream a chunk at a time. */
static int stream_file(int variant, const uint8_t *key, const char *in, const char *out, int decrypt)
{
    const char *cmd = decrypt ? "dec" : "enc";
    lwcx_stream *s = NULL;
    int rc = decrypt ? lwcx_stream_decrypt_new(&s, (lwcx_schwaemm_variant)variant, key)
                     : lwcx_stream_encrypt_new(&s, (lwcx_schwaemm_variant)variant, key, NULL);
    if (rc) {
        fprintf(stderr, "lwcx %s: %s\n", cmd, rc == LWCX_ERR_UNSUPPORTED ? "no random nonce" : lwcx_strerror(rc));
        return 1;
    }
    FILE *f = strcmp(in, "-") == 0 ? stdin : fopen(in, "rb");
    if (!f) perror(in);
    const size_t cap = 2 * CHUNK; /* a chunk in gives at most one record and the header out */
    uint8_t *ibuf = malloc(CHUNK), *obuf = malloc(cap);
    io_out o;
    int ok = f && ibuf && obuf && io_out_open(&o, out) == 0, opened = ok;
    while (ok) {
        long n = io_read_full(f, in, ibuf, CHUNK);
        size_t olen = 0;
        if (n < 0) {
            ok = 0;
            break;
        }
        rc = n ? lwcx_stream_update(s, obuf, cap, &olen, ibuf, (size_t)n)
               : lwcx_stream_final(s, obuf, cap, &olen);
        ok = io_out_write(&o, obuf, olen) == 0 && rc == LWCX_OK; /* olen: verified bytes only */
        if (!n) break;
    }
    if (rc)
        fprintf(stderr, "lwcx %s: '%s': %s%s\n", cmd, in,
                lwcx_stream_error(s) ? lwcx_stream_error(s) : lwcx_strerror(rc),
                out && strcmp(out, "-") ? "; nothing written" : "");
    ok = ok && io_out_commit(&o) == 0;
    if (!ok && opened) io_out_abort(&o);
    if (f && f != stdin) fclose(f);
    if (ibuf) lwcx_wipe(ibuf, CHUNK);
    if (obuf) lwcx_wipe(obuf, cap);
    free(ibuf);
    free(obuf);
    lwcx_stream_free(s);
    return ok ? 0 : 1;
}

int stream_encrypt(int variant, const uint8_t *key, const char *in, const char *out)
{
    return stream_file(variant, key, in, out, 0);
}

int stream_decrypt(int variant, const uint8_t *key, const char *in, const char *out)
{
    return stream_file(variant, key, in, out, 1);
}
