/* lwcx enc / lwcx dec: authenticated encryption of files.
 *
 * Schwaemm (any variant) streams files of any size in the chunked format
 * of docs/stream-format.md (sparkle_cmd.c), with a random nonce stored in
 * the output; the header names the variant, so dec needs no --alg.
 *
 * kcc24p6 (the 2024 contest AEAD) takes messages of at most 255 bytes and
 * encrypts whole 8-byte blocks only; the tool therefore accepts inputs whose
 * length is a multiple of 8 (at most 248 bytes) and writes ciphertext || tag.
 * The design has a fixed nonce and a tag that covers the ciphertext but not
 * the key: it is no safe cipher, and the tool uses it only with --insecure.
 *
 * The algorithm comes from --alg, the key file (lwcx keygen) or, for dec,
 * the input's header; when two of them disagree both are named. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "impl.h"
#include "commands.h"
#include "io.h"
#include "keyfile.h"
#include "lwcx.h"
#include "opt.h"
#include "sparkle_cmd.h"

#define ALGS "schwaemm128-128, schwaemm256-128, schwaemm192-192, schwaemm256-256, kcc24p6"
#define MAX_PT 248 /* kcc24p6: the largest whole-block message */
#define KEY_TEXT_MAX 1025 /* a key file is at most 1024 bytes */

typedef struct args {
    const char *alg, *key_hex, *key_file, *key_env, *key_fd, *out, *in, *impl;
    int insecure, verbose;
} args;

/* enc's and dec's options, in the order of parse's enum */
const opt_def aead_opts[] = {{"alg", 0, OPT_V_ALG},       {"key", 0, OPT_V_TEXT},    {"key-file", 0, OPT_V_FILE},
                             {"key-env", 0, OPT_V_TEXT},   {"key-fd", 0, OPT_V_TEXT}, {"output", 'o', OPT_V_FILE},
                             {"insecure", 0, 0},           {"impl", 0, OPT_V_IMPL},   {"verbose", 'v', 0},
                             {NULL, 0, 0}};

static LWCX_NODISCARD int parse(int argc, char **argv, args *a)
{
    const opt_def *defs = aead_opts;
    enum { ALG, KEY, KEY_FILE, KEY_ENV, KEY_FD, OUTPUT, INSECURE, IMPL, VERBOSE };
    opt_parser p;
    int r;
    memset(a, 0, sizeof *a);
    opt_init(&p, argc, argv);
    while ((r = opt_next(&p, defs)) != OPT_END) {
        switch (r) {
        case OPT_FAIL:
        case OPT_QUIT: return r;
        case ALG: a->alg = p.arg; break;
        case KEY: a->key_hex = p.arg; break;
        case KEY_FILE: a->key_file = p.arg; break;
        case KEY_ENV: a->key_env = p.arg; break;
        case KEY_FD: a->key_fd = p.arg; break;
        case OUTPUT: a->out = p.arg; break;
        case INSECURE: a->insecure = 1; break;
        case IMPL: a->impl = p.arg; break;
        case VERBOSE: a->verbose = 1; break;
        default:
            if (a->in) {
                cli_usage_error(p.arg, "one input file only (already have '%s')", a->in);
                return OPT_FAIL;
            }
            a->in = p.arg;
        }
    }
    if (!a->in) a->in = "-";
    if (!!a->key_hex + !!a->key_file + !!a->key_env + !!a->key_fd != 1) {
        cli_usage_error(a->key_hex ? "--key" : a->key_file ? "--key-file" : a->key_env ? "--key-env" : a->key_fd ? "--key-fd" : NULL,
                        "give the key with exactly one of --key-file FILE, --key-env VAR, --key-fd N or --key HEX");
        return OPT_FAIL;
    }
    if (a->key_hex)
        fprintf(stderr, "lwcx %s: warning: --key puts the key on the command line, where other users can see it "
                        "(ps, /proc); prefer --key-file, --key-env or --key-fd\n", cli_cmd);
    if (a->alg && strcmp(a->alg, "kcc24p6") != 0 && stream_variant(a->alg) < 0) {
        cli_usage_error(a->alg, "unknown algorithm (available: " ALGS ")");
        return OPT_FAIL;
    }
    return 0;
}

/* Where the key comes from, for the messages. */
static const char *key_name(const args *a, char *buf, size_t cap)
{
    if (a->key_file) return a->key_file;
    if (a->key_env) snprintf(buf, cap, "$%s", a->key_env);
    else if (a->key_fd) snprintf(buf, cap, "descriptor %s", a->key_fd);
    else snprintf(buf, cap, "--key");
    return buf;
}

/* The key source's bytes (a file, a descriptor, an environment variable,
 * the hex argument) into buf: the length, or -1 (message printed). */
static LWCX_NODISCARD long key_text(const args *a, uint8_t *buf, size_t cap, const char *name)
{
    if (a->key_hex || a->key_env) {
        const char *t = a->key_hex ? a->key_hex : getenv(a->key_env);
        if (!t) {
            cli_error(name, "not set in the environment");
            return -1;
        }
        size_t n = strlen(t);
        if (n > cap) {
            cli_error(name, "too long for a key");
            return -1;
        }
        memcpy(buf, t, n);
        /* a key file's text from $(cat FILE) has lost its last newline */
        if (n >= 12 && n < cap && memcmp(t, "lwcx-key-v1 ", 12) == 0 && t[n - 1] != '\n') buf[n++] = '\n';
        return (long)n;
    }
    uint64_t fd = 0;
    if (a->key_fd && opt_u64("--key-fd", a->key_fd, 0, 1000000, "an open descriptor number", &fd)) return -1;
    if (a->key_fd && fd == 0 && strcmp(a->in, "-") == 0) {
        cli_error("--key-fd", "0 is standard input, which is the input here: give the input as a file");
        return -1;
    }
    const int dfd = a->key_fd ? dup((int)fd) : -1;
    FILE *f = a->key_fd ? (dfd >= 0 ? fdopen(dfd, "rb") : NULL) : fopen(a->key_file, "rb");
    if (!f) {
        cli_error(name, "%s", strerror(errno));
        if (dfd >= 0) close(dfd);
        return -1;
    }
    long n = io_read_full(f, name, buf, cap);
    if (n >= 0) keyfile_warn_exposed(name, fileno(f));
    fclose(f);
    if (n == (long)cap) {
        cli_error(name, "too long for a key");
        n = -1;
    }
    return n;
}

/* The key from its source's bytes: a key file (which names its algorithm:
 * *file_alg), or hex digits / raw bytes (a legacy file) of alg's length.
 * Returns the key length, -2 when the algorithm must be known first, or
 * -1 (message printed). */
static LWCX_NODISCARD long load_key(const args *a, const uint8_t *t, size_t len, const char *name, uint8_t *key,
                                    size_t cap, char *file_alg, size_t alg_cap)
{
    file_alg[0] = 0;
    if (len >= 12 && memcmp(t, "lwcx-key-v1 ", 12) == 0) {
        keyfile k;
        if (keyfile_parse(name, (const char *)t, len, &k)) return -1;
        long n = -1;
        if (strcmp(k.kind, "secret") != 0)
            cli_error(name, "a %s key, not a secret key", k.kind);
        else if (strcmp(k.alg, "kcc24p6") != 0 && stream_variant(k.alg) < 0)
            cli_error(name, "a key for %s, which lwcx %s does not do (it does: " ALGS ")", k.alg, cli_cmd);
        else if (k.len > cap)
            cli_error(name, "damaged key file (key too long)");
        else {
            memcpy(key, k.key, k.len);
            n = (long)k.len;
            snprintf(file_alg, alg_cap, "%s", k.alg);
        }
        lwcx_wipe(&k, sizeof k);
        return n;
    }
    if (!a->alg) return -2; /* the caller finds the algorithm first */
    const int v = stream_variant(a->alg);
    const size_t n = v >= 0 ? lwcx_schwaemm_key_bytes((lwcx_schwaemm_variant)v) : 8;
    const int raw_ok = a->key_file || a->key_fd; /* a file may hold raw bytes; text may not */
    if ((raw_ok && len == n && n <= cap) ? (memcpy(key, t, n), 0) : io_parse_hex((const char *)t, len, key, n) != 0) {
        if (raw_ok)
            cli_error(name, "not a key for %s: a key file holds 'lwcx-key-v1 ...' (lwcx keygen), "
                      "%zu raw bytes or %zu hex digits", a->alg, n, 2 * n);
        else
            cli_error(name, "the key must be %zu bytes for %s: %zu hex digits (got %zu characters)", n, a->alg,
                      2 * n, len);
        return -1;
    }
    return (long)n;
}

/* Refuses outputs that would destroy an input or that nobody can read; the
 * rest of the output policy is io_out_open's. */
static LWCX_NODISCARD int check_output(const args *a)
{
    if (!a->out && strcmp(cli_cmd, "enc") == 0 && isatty(STDOUT_FILENO)) {
        cli_error("standard output", "is a terminal: not writing ciphertext there (give -o FILE, or -o - to insist)");
        return -1;
    }
    const io_input ins[] = {{a->in, "input file"}, {a->key_file, "key file"}};
    return io_out_check(a->out, ins, 2);
}

static int kcc24p6_allowed(const args *a)
{
    if (a->insecure) {
        fprintf(stderr, "lwcx %s: warning: kcc24p6 is a contest construction, not authenticated "
                        "encryption: fixed nonce, and a tag that does not depend on the key\n", cli_cmd);
        return 1;
    }
    cli_error("kcc24p6", "refused without --insecure: a contest construction, not a safe cipher: its "
              "nonce is fixed (a key used twice leaks the XOR of the plaintexts) and its tag does not "
              "depend on the key (a wrong key decrypts to garbage with exit 0, and anyone can forge a "
              "valid tag); use a schwaemm variant");
    return 0;
}

static LWCX_NODISCARD int kcc24p6_run(const args *a, const uint8_t *key, FILE *f, const uint8_t *pre, size_t prelen, int decrypt)
{
    uint8_t buf[MAX_PT + 8 + 1];
    io_out o;
    if (io_out_open(&o, a->out) != 0) return 1; /* before the work */
    memcpy(buf, pre, prelen);
    long n = io_read_full(f, a->in, buf + prelen, sizeof buf - prelen);
    int rc = 1;
    const size_t len = n < 0 ? 0 : prelen + (size_t)n;
    const char *name = strcmp(a->in, "-") ? a->in : "standard input";
    if (n < 0) {
        /* io has said why */
    } else if (!decrypt && (len > MAX_PT || len % 8)) {
        cli_error(name, "kcc24p6 encrypts whole 8-byte blocks, at most %d bytes; this is %s", MAX_PT,
                  len > MAX_PT ? "longer" : "not a multiple of 8 bytes");
    } else if (decrypt && (len > MAX_PT + 8 || len < 8 || len % 8)) {
        cli_error(name, "not a kcc24p6 message (whole 8-byte blocks and an 8-byte tag, at most %d bytes)",
                  MAX_PT + 8);
    } else if (!decrypt) {
        const int st = lwcx_kcc24p6_encrypt(buf, buf + len, buf, len, key);
        if (st != LWCX_OK) cli_error(name, "%s", lwcx_strerror(st));
        else rc = io_out_write(&o, buf, len + 8) || io_out_commit(&o) ? 1 : 0;
    } else {
        const size_t m = len - 8;
        int st = lwcx_kcc24p6_decrypt(buf, buf, m, buf + m, key);
        if (st == LWCX_ERR_AUTH)
            cli_error(name, "authentication failed: the file was modified; nothing written");
        else if (st != LWCX_OK)
            cli_error(name, "%s", lwcx_strerror(st));
        else
            rc = io_out_write(&o, buf, m) || io_out_commit(&o) ? 1 : 0;
    }
    if (rc) io_out_abort(&o);
    lwcx_wipe(buf, sizeof buf);
    return rc;
}

static LWCX_NODISCARD int run(int argc, char **argv, int decrypt)
{
    args a;
    int r = parse(argc, argv, &a);
    if (r) return opt_status(r);
    FILE *f = strcmp(a.in, "-") == 0 ? stdin : fopen(a.in, "rb");
    if (!f) {
        cli_error(a.in, "%s", strerror(errno));
        return 1;
    }
    uint8_t key[LWCX_SCHWAEMM_MAX_KEY_BYTES], pre[LWCX_STREAM_HEADER_BYTES];
    char file_alg[32], head_alg[32] = "";
    long prelen = 0, klen = -1, ktlen = -1;
    uint8_t *ktext = NULL;
    int rc = 2;
    if (check_output(&a)) goto out;
    if (decrypt) { /* the header, if any, names the variant */
        prelen = io_read_full(f, a.in, pre, sizeof pre);
        if (prelen < 0) {
            rc = 1;
            goto out;
        }
        /* a header of another version still names its variant; the
         * stream then says what it cannot read */
        struct lwcx_stream_info hi;
        if (lwcx_stream_header_info(pre, (size_t)prelen, &hi) == LWCX_OK || hi.variant >= 0)
            snprintf(head_alg, sizeof head_alg, "%s", lwcx_schwaemm_name((lwcx_schwaemm_variant)hi.variant));
    }
    char kname_buf[64];
    const char *kname = key_name(&a, kname_buf, sizeof kname_buf);
    ktext = malloc(KEY_TEXT_MAX);
    ktlen = ktext ? key_text(&a, ktext, KEY_TEXT_MAX, kname) : -1;
    if (ktlen < 0) goto out;
    klen = load_key(&a, ktext, (size_t)ktlen, kname, key, sizeof key, file_alg, sizeof file_alg);
    if (klen == -1) goto out;
    const char *in_name = strcmp(a.in, "-") ? a.in : "standard input";
    if (a.alg && file_alg[0] && strcmp(a.alg, file_alg) != 0) {
        cli_error(kname, "a key for %s, but --alg says %s", file_alg, a.alg);
        goto out;
    }
    const char *alg = a.alg ? a.alg : file_alg[0] ? file_alg : head_alg[0] ? head_alg : NULL;
    if (head_alg[0] && strcmp(alg, head_alg) != 0) {
        cli_error(in_name, "encrypted with %s, not %s (%s)", head_alg, alg,
                  a.alg ? "--alg" : "the key file's algorithm");
        goto out;
    }
    if (!alg) {
        cli_usage_error("--alg", "needed: the key is not a key file naming its algorithm%s (available: " ALGS ")",
                        decrypt ? " and the input has no header" : "");
        goto out;
    }
    if (klen == -2) { /* a legacy key: now that the algorithm is known */
        a.alg = alg;
        klen = load_key(&a, ktext, (size_t)ktlen, kname, key, sizeof key, file_alg, sizeof file_alg);
        if (klen < 0) goto out;
    }
    const int v = stream_variant(alg);
    if (klen != (long)(v >= 0 ? lwcx_schwaemm_key_bytes((lwcx_schwaemm_variant)v) : 8)) {
        cli_error(kname, "damaged key file (a %ld-byte key for %s)", klen, alg);
        goto out;
    }
    const char *prim = v < 0 ? "kcc24p6" : "sparkle"; /* Schwaemm is a mode of the sparkle permutation */
    if (cli_impl_force(prim, a.impl)) goto out;
    if (v < 0) {
        if (kcc24p6_allowed(&a)) rc = kcc24p6_run(&a, key, f, pre, (size_t)prelen, decrypt);
    } else {
        rc = stream_file(v, key, f, a.in, pre, (size_t)prelen, a.out, decrypt);
    }
    if (rc != 2) cli_impl_report(a.verbose, !!a.impl, prim, cli_sparkle_kind(alg), 0, NULL, NULL);
out:
    lwcx_wipe(key, sizeof key);
    if (ktext) lwcx_wipe(ktext, KEY_TEXT_MAX), free(ktext);
    if (f != stdin) fclose(f);
    return rc;
}

int cmd_enc(int argc, char **argv)
{
    return run(argc, argv, 0);
}

int cmd_dec(int argc, char **argv)
{
    return run(argc, argv, 1);
}
