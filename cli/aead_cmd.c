/* lwcx enc / lwcx dec: authenticated encryption of files.
 *
 * Schwaemm (any variant) streams files of any size in the chunked format
 * described in sparkle_cmd.c, with a random nonce stored in the output.
 *
 * kcc24p6 (the 2024 contest AEAD) takes messages of at most 255 bytes and
 * encrypts whole 8-byte blocks only; the tool therefore accepts inputs whose
 * length is a multiple of 8 (at most 248 bytes) and writes ciphertext || tag.
 * The design has a fixed nonce (never encrypt two files under one key), and
 * its tag covers the ciphertext but not the key (a wrong key is not detected). */
#include <stdio.h>
#include <string.h>

#include "io.h"
#include "lwcx.h"

int stream_variant(const char *alg);
int stream_encrypt(int variant, const uint8_t *key, const char *in, const char *out);
int stream_decrypt(int variant, const uint8_t *key, const char *in, const char *out);

#define ALGS "kcc24p6, schwaemm128-128, schwaemm256-128, schwaemm192-192, schwaemm256-256"

typedef struct args {
    const char *alg, *key_hex, *key_file, *out, *in;
} args;

static int parse(int argc, char **argv, const char *cmd, args *a)
{
    memset(a, 0, sizeof *a);
    for (int i = 0; i < argc; i++) {
        const char *opt = argv[i];
        const char **slot = strcmp(opt, "--alg") == 0        ? &a->alg
                            : strcmp(opt, "--key") == 0      ? &a->key_hex
                            : strcmp(opt, "--key-file") == 0 ? &a->key_file
                            : strcmp(opt, "-o") == 0 || strcmp(opt, "--output") == 0 ? &a->out
                                                                                     : NULL;
        if (slot) {
            if (i + 1 == argc) {
                fprintf(stderr, "lwcx %s: %s needs a value\n", cmd, opt);
                return -1;
            }
            *slot = argv[++i];
        } else if (opt[0] == '-' && opt[1] != 0) {
            fprintf(stderr, "lwcx %s: unknown option '%s'\n", cmd, opt);
            return -1;
        } else if (a->in) {
            fprintf(stderr, "lwcx %s: only one input file, got '%s' and '%s'\n", cmd, a->in, opt);
            return -1;
        } else {
            a->in = opt;
        }
    }
    if (!a->in) a->in = "-";
    if (!a->alg) {
        fprintf(stderr, "lwcx %s: choose an algorithm with --alg (available: " ALGS ")\n", cmd);
        return -1;
    }
    if (strcmp(a->alg, "kcc24p6") != 0 && stream_variant(a->alg) < 0) {
        fprintf(stderr, "lwcx %s: unknown algorithm '%s' (available: " ALGS ")\n", cmd, a->alg);
        return -1;
    }
    if (strcmp(a->alg, "kcc24p6") == 0) /* every time: the name suggests more than it gives */
        fprintf(stderr, "lwcx %s: warning: kcc24p6 is a contest construction, not authenticated "
                        "encryption: its tag does not depend on the key, so anyone can change a "
                        "ciphertext and make a valid tag (tests/cli_aead.sh shows it); use a "
                        "schwaemm variant to protect data\n", cmd);
    return 0;
}

/* Schwaemm: the streaming format. */
static int stream_cmd(const args *a, int decrypt)
{
    const int v = stream_variant(a->alg);
    uint8_t key[LWCX_SCHWAEMM_MAX_KEY_BYTES];
    const char *cmd = decrypt ? "dec" : "enc";
    if (io_load_key(a->key_hex, a->key_file, key, lwcx_schwaemm_key_bytes((lwcx_schwaemm_variant)v), cmd))
        return 2;
    int rc = decrypt ? stream_decrypt(v, key, a->in, a->out) : stream_encrypt(v, key, a->in, a->out);
    lwcx_wipe(key, sizeof key);
    return rc;
}

#define MAX_PT 248 /* the largest whole-block message */

int cmd_enc(int argc, char **argv)
{
    args a;
    uint8_t key[8], buf[MAX_PT + 8];
    if (parse(argc, argv, "enc", &a)) return 2;
    if (stream_variant(a.alg) >= 0) return stream_cmd(&a, 0);
    if (io_load_key(a.key_hex, a.key_file, key, 8, "enc")) return 2;
    long len = io_read_all(a.in, buf, MAX_PT);
    int rc = 1;
    if (len == -2 || (len >= 0 && len % 8 != 0)) {
        fprintf(stderr,
                "lwcx enc: kcc24p6 encrypts whole 8-byte blocks, at most %d bytes; '%s' is %s\n",
                MAX_PT, a.in, len == -2 ? "longer" : "not a multiple of 8 bytes");
    } else if (len >= 0) {
        lwcx_kcc24p6_encrypt(buf, buf + len, buf, (size_t)len, key);
        rc = io_write_all(a.out, buf, (size_t)len + 8) ? 1 : 0;
    }
    lwcx_wipe(key, sizeof key);
    lwcx_wipe(buf, sizeof buf);
    return rc;
}

int cmd_dec(int argc, char **argv)
{
    args a;
    uint8_t key[8], buf[MAX_PT + 8];
    if (parse(argc, argv, "dec", &a)) return 2;
    if (stream_variant(a.alg) >= 0) return stream_cmd(&a, 1);
    if (io_load_key(a.key_hex, a.key_file, key, 8, "dec")) return 2;
    long len = io_read_all(a.in, buf, sizeof buf);
    int rc = 1;
    if (len == -2 || (len >= 0 && (len < 8 || len % 8 != 0))) {
        fprintf(stderr, "lwcx dec: '%s' is not a kcc24p6 message (whole 8-byte blocks and an 8-byte tag, at most %d bytes)\n",
                a.in, MAX_PT + 8);
    } else if (len >= 0) {
        size_t n = (size_t)len - 8;
        int st = lwcx_kcc24p6_decrypt(buf, buf, n, buf + n, key);
        if (st == LWCX_ERR_AUTH)
            fprintf(stderr, "lwcx dec: authentication failed: the file was modified; nothing written\n");
        else if (st != LWCX_OK)
            fprintf(stderr, "lwcx dec: %s\n", lwcx_strerror(st));
        else
            rc = io_write_all(a.out, buf, n) ? 1 : 0;
    }
    lwcx_wipe(key, sizeof key);
    lwcx_wipe(buf, sizeof buf);
    return rc;
}
