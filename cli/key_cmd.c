/* lwcx key: keys between the tool's key files and other formats.
 *
 *   lwcx key import [--alg ALG] [--public] [-o OUT] [IN]   any format -> key file
 *   lwcx key export [--format F] [--public] [-o OUT] [IN] key file -> F
 *   lwcx key public [--format F] [-o OUT] [IN]            the public key of a secret one
 *   lwcx key info [IN]                                     what a key is
 *
 * Inputs are read whatever their format: an lwcx-key-v1 key file
 * (docs/key-format.md), an AIMer PKCS#8 / SubjectPublicKeyInfo key in PEM or
 * DER (lwcx_aimer_key_decode: the same codec as the OpenSSL provider's),
 * or, with --alg, raw bytes or hex digits (for AIMer the official raw
 * layouts, pk = IV || ct and sk = pt || pk, told apart by their length).
 * An AIMer secret key is checked (AIM2(pt) = ct) before it is written
 * anywhere. Outputs go through io_out: atomically, a secret key in mode
 * 0600, an existing file kept unless --force. */
#define _GNU_SOURCE /* memmem */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "io.h"
#include "keyfile.h"
#include "lwcx.h"
#include "commands.h"
#include "opt.h"

#define MAX_IN 4096 /* far above any key in any format */
#define FORMATS "keyfile, raw, hex, pem, der"

static int aimer_set_of(const char *alg)
{
    for (int s = 0; lwcx_aimer_name((lwcx_aimer_set)s); s++)
        if (strcmp(lwcx_aimer_name((lwcx_aimer_set)s), alg) == 0) return s;
    return -1;
}

/* key's options, in the order of parse's enum */
const opt_def key_opts[] = {{"alg", 0, OPT_V_ALG}, {"format", 0, OPT_V_TEXT}, {"output", 'o', OPT_V_FILE},
                            {"public", 0, 0},      {"force", 0, 0},            {NULL, 0, 0}};

typedef struct key_args {
    const char *alg, *format, *out, *in;
    int public_only, force;
} key_args;

/* 0, or the exit status (*quit: --help or --version answered). */
static LWCX_NODISCARD int parse(int argc, char **argv, key_args *a, int *quit)
{
    const opt_def *defs = key_opts;
    enum { ALG, FORMAT, OUTPUT, PUBLIC, FORCE };
    opt_parser p;
    int r;
    memset(a, 0, sizeof *a);
    opt_init(&p, argc, argv);
    while ((r = opt_next(&p, defs)) != OPT_END) {
        switch (r) {
        case OPT_QUIT: *quit = 1; return opt_status(r);
        case OPT_FAIL: return opt_status(r);
        case ALG: a->alg = p.arg; break;
        case FORMAT: a->format = p.arg; break;
        case OUTPUT: a->out = p.arg; break;
        case PUBLIC: a->public_only = 1; break;
        case FORCE: a->force = 1; break;
        default:
            if (a->in) return cli_usage_error(p.arg, "one input only (already have '%s')", a->in);
            a->in = p.arg;
        }
    }
    if (!a->in) a->in = "-";
    return 0;
}

static const char *shown(const char *path)
{
    return strcmp(path, "-") == 0 ? "standard input" : path;
}

/* Raw bytes or hex digits of a key of alg: into k, the kind from the length. */
static LWCX_NODISCARD int from_raw(const char *name, const char *alg, const uint8_t *buf, size_t len, keyfile *k)
{
    const int set = aimer_set_of(alg);
    const size_t sym = keyfile_symmetric_bytes(alg);
    if (set < 0 && !sym) return cli_usage_error(alg, "unknown algorithm (see 'lwcx keygen --help')");
    const size_t skb = set >= 0 ? lwcx_aimer_sk_bytes((lwcx_aimer_set)set) : sym;
    const size_t pkb = set >= 0 ? lwcx_aimer_pk_bytes((lwcx_aimer_set)set) : 0;
    size_t n = len;
    if (len != skb && (!pkb || len != pkb)) { /* hex digits? */
        n = len / 2;
        while (n && (buf[len - 1] == '\n' || buf[len - 1] == '\r')) n = --len / 2;
        if ((n != skb && (!pkb || n != pkb)) || io_parse_hex((const char *)buf, len, k->key, n) != 0) {
            if (pkb)
                cli_error(name, "not a key for %s: a secret key is %zu raw bytes or %zu hex digits, a public key "
                          "%zu or %zu (this is %zu bytes)", alg, skb, 2 * skb, pkb, 2 * pkb, len);
            else
                cli_error(name, "not a key for %s: %zu raw bytes or %zu hex digits (this is %zu bytes)", alg, skb,
                          2 * skb, len);
            return 2;
        }
    } else {
        memcpy(k->key, buf, len);
    }
    snprintf(k->alg, sizeof k->alg, "%s", alg);
    snprintf(k->kind, sizeof k->kind, "%s", n == skb ? "secret" : "public");
    k->len = n;
    return 0;
}

/* An AIMer key from PEM or DER. */
static LWCX_NODISCARD int from_asn1(const char *name, const uint8_t *buf, size_t len, keyfile *k)
{
    lwcx_aimer_set set;
    const int rc = lwcx_aimer_key_decode(buf, len, &set, k->key, sizeof k->key, &k->len);
    if (rc == LWCX_OK) {
        snprintf(k->alg, sizeof k->alg, "%s", lwcx_aimer_name(set));
        snprintf(k->kind, sizeof k->kind, "%s", k->len == lwcx_aimer_sk_bytes(set) ? "secret" : "public");
        return 0;
    }
    cli_error(name, "%s", rc == LWCX_ERR_NO_IMPL ? "a key of another algorithm than AIMer"
                          : rc == LWCX_ERR_UNSUPPORTED
                              ? "an encrypted private key: decrypt it first (openssl pkcs8 -in KEY -out PLAIN)"
                              : "not a valid AIMer key (PKCS#8 or SubjectPublicKeyInfo, PEM or DER): malformed, "
                                "truncated, or with trailing data");
    return 2;
}

/* Whether buf is a PEM or DER AIMer key (nothing printed). */
static int decodes(const uint8_t *buf, size_t len)
{
    uint8_t key[LWCX_AIMER_MAX_SK_BYTES];
    lwcx_aimer_set set;
    size_t n;
    const int ok = lwcx_aimer_key_decode(buf, len, &set, key, sizeof key, &n) == LWCX_OK;
    lwcx_wipe(key, sizeof key);
    return ok;
}

/* Checks an AIMer key (a secret key against its public part). */
static LWCX_NODISCARD int check_aimer(const char *name, const keyfile *k)
{
    const int set = aimer_set_of(k->alg);
    if (set < 0) return 0;
    const lwcx_aimer_set s = (lwcx_aimer_set)set;
    const int secret = strcmp(k->kind, "secret") == 0;
    lwcx_aimer_key *key = NULL;
    const int rc = k->len != (secret ? lwcx_aimer_sk_bytes(s) : lwcx_aimer_pk_bytes(s))
                       ? LWCX_ERR_LENGTH
                       : lwcx_aimer_key_new(&key, s, secret ? k->key + lwcx_aimer_seed_bytes(s) : k->key,
                                            secret ? k->key : NULL);
    lwcx_aimer_key_free(key);
    if (rc == LWCX_OK) return 0;
    cli_error(name, "%s", rc == LWCX_ERR_ARG    ? "not a valid AIMer secret key (its public part does not match)"
                          : rc == LWCX_ERR_LENGTH ? "damaged key file (wrong key length)"
                                                  : lwcx_strerror(rc));
    return 2;
}

/* Reads a key in any format from path into k; 0 or the exit status. */
static LWCX_NODISCARD int read_key(const key_args *a, keyfile *k)
{
    const char *name = shown(a->in);
    FILE *f = strcmp(a->in, "-") == 0 ? stdin : fopen(a->in, "rb");
    if (!f) {
        cli_error(a->in, "%s", strerror(errno));
        return 2;
    }
    uint8_t *buf = malloc(MAX_IN + 1);
    const long len = buf ? io_read_full(f, name, buf, MAX_IN + 1) : -1;
    int rc = 2;
    memset(k, 0, sizeof *k);
    if (len < 0) {
        /* said */
    } else if (len > MAX_IN) {
        cli_error(name, "too large for a key");
    } else if (len >= 12 && memcmp(buf, "lwcx-key-v1 ", 12) == 0) {
        rc = keyfile_parse(name, (const char *)buf, (size_t)len, k) ? 2 : 0;
    } else if (memmem(buf, (size_t)len, "-----BEGIN ", 11) || decodes(buf, (size_t)len) ||
               (!a->alg && len > 0 && buf[0] == 0x30)) {
        /* PEM or DER (raw bytes and hex may begin like DER, "30...": with
         * --alg they are taken as such unless they decode as a key) */
        rc = from_asn1(name, buf, (size_t)len, k);
    } else if (!a->alg) {
        cli_error(name, "not an lwcx key file, nor a PEM or DER key (raw bytes and hex need --alg ALG)");
    } else {
        rc = from_raw(name, a->alg, buf, (size_t)len, k);
    }
    if (rc == 0 && a->alg && strcmp(a->alg, k->alg) != 0) {
        cli_error(name, "a key for %s, but --alg says %s", k->alg, a->alg);
        rc = 2;
    }
    if (rc == 0 && strcmp(k->kind, "secret") == 0 && f != stdin) keyfile_warn_exposed(a->in, fileno(f));
    if (f != stdin) fclose(f);
    if (buf) lwcx_wipe(buf, MAX_IN + 1), free(buf);
    if (rc == 0) rc = check_aimer(name, k);
    return rc;
}

/* The public key of an AIMer secret key, in place. */
static LWCX_NODISCARD int to_public(const char *name, keyfile *k)
{
    const int set = aimer_set_of(k->alg);
    if (set < 0) {
        cli_error(name, "a %s key has no public key (only AIMer keys do)", k->alg);
        return 2;
    }
    if (strcmp(k->kind, "secret") == 0) {
        const lwcx_aimer_set s = (lwcx_aimer_set)set;
        const size_t pkb = lwcx_aimer_pk_bytes(s);
        memmove(k->key, k->key + k->len - pkb, pkb);
        lwcx_wipe(k->key + pkb, sizeof k->key - pkb);
        k->len = pkb;
        snprintf(k->kind, sizeof k->kind, "public");
    }
    return 0;
}

/* The key in format fmt into buf (cap bytes): the length, or 0 (message printed). */
static size_t encode(const key_args *a, const keyfile *k, const char *fmt, uint8_t *buf, size_t cap)
{
    const int set = aimer_set_of(k->alg);
    if (strcmp(fmt, "keyfile") == 0) return keyfile_format((char *)buf, cap, k->alg, k->kind, k->key, k->len);
    if (strcmp(fmt, "raw") == 0) {
        memcpy(buf, k->key, k->len);
        return k->len;
    }
    if (strcmp(fmt, "hex") == 0) {
        for (size_t i = 0; i < k->len; i++) snprintf((char *)buf + 2 * i, 3, "%02x", k->key[i]);
        buf[2 * k->len] = '\n';
        return 2 * k->len + 1;
    }
    if (strcmp(fmt, "pem") != 0 && strcmp(fmt, "der") != 0) {
        cli_usage_error("--format", "'%s': one of " FORMATS, fmt);
        return 0;
    }
    size_t n = 0;
    if (set < 0) {
        cli_error(shown(a->in), "a %s key: PEM and DER hold AIMer keys only (use keyfile, raw or hex)", k->alg);
        return 0;
    }
    const lwcx_key_encoding e = strcmp(fmt, "pem") == 0 ? LWCX_KEY_PEM : LWCX_KEY_DER;
    const int rc = lwcx_aimer_key_encode((lwcx_aimer_set)set, k->key, k->len, e, buf, cap, &n);
    if (rc != LWCX_OK) cli_error(shown(a->in), "%s", lwcx_strerror(rc));
    return rc == LWCX_OK ? n : 0;
}

/* Writes the key in format fmt to a->out: 0 or the exit status. */
static LWCX_NODISCARD int write_key(const key_args *a, const keyfile *k, const char *fmt)
{
    const int secret = strcmp(k->kind, "secret") == 0;
    const int binary = strcmp(fmt, "raw") == 0 || strcmp(fmt, "der") == 0;
    const int to_stdout = !a->out || strcmp(a->out, "-") == 0;
    if (to_stdout && binary && !a->out && isatty(STDOUT_FILENO)) {
        cli_error("standard output", "is a terminal: not writing a binary key there (give -o FILE, or -o - to insist)");
        return 2;
    }
    const io_input ins[] = {{a->in, "input key"}};
    if (io_out_check(a->out, ins, 1)) return 2;
    uint8_t *buf = malloc(MAX_IN);
    const size_t n = buf ? encode(a, k, fmt, buf, MAX_IN) : 0;
    io_out o;
    int rc = 2;
    if (n && io_out_open_as(&o, a->out, (to_stdout ? 0 : IO_OUT_NAME) | (secret ? 0 : IO_OUT_PUBLIC)) == 0) {
        if (secret && !to_stdout) setvbuf(o.f, NULL, _IONBF, 0); /* no copy of the key in a stdio buffer */
        if (io_out_write(&o, buf, n) == 0 && (a->force || to_stdout ? io_out_commit(&o) : io_out_commit_new(&o)) == 0)
            rc = 0;
        else
            io_out_abort(&o), rc = to_stdout ? 1 : 2; /* as --help says: standard output not written is 1 */
    }
    if (buf) lwcx_wipe(buf, MAX_IN), free(buf);
    return rc;
}

static int info(const key_args *a, const keyfile *k)
{
    const int set = aimer_set_of(k->alg);
    printf("%s %s key, %zu bytes", k->alg, k->kind, k->len);
    if (set >= 0 && strcmp(k->kind, "secret") == 0)
        printf(" (public key %zu bytes)", lwcx_aimer_pk_bytes((lwcx_aimer_set)set));
    printf("\n");
    (void)a;
    return 0;
}

int cmd_key(int argc, char **argv)
{
    static const char *const subs = "import, export, public, info";
    if (argc < 1 || argv[0][0] == '-') { /* --help, --version, an unknown option: the parser says */
        key_args a;
        int quit = 0;
        const int rc = parse(argc, argv, &a, &quit);
        return rc || quit ? rc : cli_usage_error(NULL, "a subcommand is needed: %s", subs);
    }
    const char *sub = argv[0];
    const int imp = !strcmp(sub, "import"), exp = !strcmp(sub, "export"), pub = !strcmp(sub, "public"),
              inf = !strcmp(sub, "info");
    if (!imp && !exp && !pub && !inf) return cli_usage_error(sub, "unknown subcommand (%s)", subs);
    key_args a;
    int quit = 0, rc = parse(argc - 1, argv + 1, &a, &quit);
    if (rc || quit) return rc;
    if (exp && !a.format) return cli_usage_error("--format", "needed: one of " FORMATS);
    const char *fmt = a.format ? a.format : "keyfile";
    if (imp && a.format) return cli_usage_error("--format", "import always writes a key file (see 'lwcx key export')");
    if (inf && (a.format || a.out || a.public_only || a.force))
        return cli_usage_error(NULL, "info takes only the key (and --alg for a raw one)");
    if (strcmp(fmt, "keyfile") && strcmp(fmt, "raw") && strcmp(fmt, "hex") && strcmp(fmt, "pem") && strcmp(fmt, "der"))
        return cli_usage_error("--format", "'%s': one of " FORMATS, fmt);
    keyfile k;
    rc = read_key(&a, &k);
    if (rc == 0 && (pub || a.public_only)) rc = to_public(shown(a.in), &k);
    if (rc == 0) rc = inf ? info(&a, &k) : write_key(&a, &k, fmt);
    lwcx_wipe(&k, sizeof k);
    return rc;
}
