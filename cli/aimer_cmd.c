/* lwcx keygen / sign / verify: AIMer v2.1 signatures of files.
 *
 * Keys are key files (keyfile.h, docs/key-format.md) holding the official
 * byte layouts (pk = IV || ct, sk = pt || pk); a signature file is the raw
 * signature, as the official code writes it, of mu = SHAKE(0x00 || pk || m):
 * files are read as streams (lwcx_aimer_msg), so any size takes the same
 * memory. Exit status: 0 done (verify: valid), 1 verify: invalid signature,
 * other commands: the library failed; 2 usage, key file or I/O error. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "io.h"
#include "keyfile.h"
#include "lwcx.h"

#define CHUNK ((size_t)65536)
#define SETS "aimer128f, aimer128s, aimer192f, aimer192s, aimer256f, aimer256s"

static int set_by_name(const char *name)
{
    for (int s = 0; lwcx_aimer_name((lwcx_aimer_set)s); s++)
        if (strcmp(lwcx_aimer_name((lwcx_aimer_set)s), name) == 0) return s;
    return -1;
}

static const char *shown(const char *path)
{
    return strcmp(path, "-") == 0 ? "standard input" : path;
}

/* Options: each takes a value; a bare word (or "-") is the one input file. */
typedef struct opts {
    const char *alg, *out, *key, *pk, *sig, *in;
    int force, quiet;
} opts;

static int parse(const char *cmd, int argc, char **argv, opts *o)
{
    memset(o, 0, sizeof *o);
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        const char **slot = strcmp(a, "--alg") == 0                          ? &o->alg
                            : strcmp(a, "-o") == 0 || strcmp(a, "--output") == 0 ? &o->out
                            : strcmp(a, "--key") == 0                        ? &o->key
                            : strcmp(a, "--pk") == 0                         ? &o->pk
                            : strcmp(a, "--sig") == 0                        ? &o->sig
                                                                             : NULL;
        if (slot) {
            if (i + 1 == argc) {
                fprintf(stderr, "lwcx %s: %s needs a value\n", cmd, a);
                return -1;
            }
            *slot = argv[++i];
        } else if (strcmp(a, "--force") == 0) {
            o->force = 1;
        } else if (strcmp(a, "-q") == 0 || strcmp(a, "--quiet") == 0) {
            o->quiet = 1;
        } else if (a[0] == '-' && a[1]) {
            fprintf(stderr, "lwcx %s: %s: unknown option\n", cmd, a);
            return -1;
        } else if (o->in) {
            fprintf(stderr, "lwcx %s: one input file only, got '%s' and '%s'\n", cmd, o->in, a);
            return -1;
        } else {
            o->in = a;
        }
    }
    if (!o->in) o->in = "-";
    return 0;
}

/* Only the options a command takes. */
static int only(const char *cmd, const opts *o, const char *allowed)
{
    const struct {
        const char *name;
        int given;
    } all[] = {{"--alg", !!o->alg}, {"-o", !!o->out},     {"--key", !!o->key},    {"--pk", !!o->pk},
               {"--sig", !!o->sig}, {"--force", o->force}, {"--quiet", o->quiet}};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
        if (all[i].given && !strstr(allowed, all[i].name)) {
            fprintf(stderr, "lwcx %s: %s: not an option of this command\n", cmd, all[i].name);
            return -1;
        }
    return 0;
}

/* ---- lwcx keygen ------------------------------------------------------------ */

int cmd_keygen(int argc, char **argv)
{
    opts o;
    if (parse("keygen", argc, argv, &o) || only("keygen", &o, "--alg -o --force")) return 2;
    if (strcmp(o.in, "-") != 0) {
        fprintf(stderr, "lwcx keygen: '%s': unexpected argument (the files are named with -o NAME)\n", o.in);
        return 2;
    }
    if (!o.alg || !o.out) {
        fprintf(stderr, "lwcx keygen: give --alg ALG (" SETS ") and -o NAME (writes NAME.sk and NAME.pk)\n");
        return 2;
    }
    const int set = set_by_name(o.alg);
    if (set < 0) {
        fprintf(stderr, "lwcx keygen: %s: unknown algorithm (available: " SETS ")\n", o.alg);
        return 2;
    }
    const size_t n = strlen(o.out);
    char *skpath = malloc(n + 4), *pkpath = malloc(n + 4);
    uint8_t pk[LWCX_AIMER_MAX_PK_BYTES], sk[LWCX_AIMER_MAX_SK_BYTES];
    keyfile_out ks, kp;
    int rc = 2, staged = 0;
    if (!skpath || !pkpath) goto out;
    snprintf(skpath, n + 4, "%s.sk", o.out);
    snprintf(pkpath, n + 4, "%s.pk", o.out);
    /* refuse early, before any work; the links below refuse again atomically */
    struct stat st;
    const char *paths[2] = {skpath, pkpath};
    for (int i = 0; i < 2 && !o.force; i++)
        if (lstat(paths[i], &st) == 0) {
            fprintf(stderr, "lwcx keygen: %s: exists (use --force to replace it)\n", paths[i]);
            goto out;
        }
    const lwcx_aimer_set s = (lwcx_aimer_set)set;
    int lib = lwcx_aimer_keygen(s, pk, sk);
    if (lib != LWCX_OK) {
        fprintf(stderr, "lwcx keygen: %s\n", lwcx_strerror(lib));
        rc = 1;
        goto out;
    }
    if (keyfile_stage("keygen", &ks, skpath, o.alg, "secret", sk, lwcx_aimer_sk_bytes(s))) goto out;
    staged = 1;
    if (keyfile_stage("keygen", &kp, pkpath, o.alg, "public", pk, lwcx_aimer_pk_bytes(s))) goto out;
    staged = 2;
    if (keyfile_commit("keygen", &ks, o.force) || keyfile_commit("keygen", &kp, o.force)) goto out;
    rc = 0;
out:
    if (rc && staged >= 1) keyfile_discard(&ks);
    if (rc && staged >= 2) keyfile_discard(&kp);
    lwcx_wipe(sk, sizeof sk);
    free(skpath);
    free(pkpath);
    return rc;
}

/* ---- keys and messages ------------------------------------------------------- */

/* Loads an AIMer key file of the given kind into a key object. */
static int load_key(const char *cmd, const char *path, const char *kind, lwcx_aimer_key **key)
{
    keyfile k;
    *key = NULL;
    if (keyfile_load(cmd, path, &k)) return -1;
    const int set = set_by_name(k.alg);
    const lwcx_aimer_set s = (lwcx_aimer_set)set;
    const int secret = strcmp(kind, "secret") == 0;
    const char *why = NULL;
    int lib = LWCX_OK;
    if (set < 0)
        why = "not an AIMer key";
    else if (strcmp(k.kind, kind) != 0)
        why = secret ? "not a secret key (sign needs NAME.sk)" : "not a public key (verify needs NAME.pk)";
    else if (k.len != (secret ? lwcx_aimer_sk_bytes(s) : lwcx_aimer_pk_bytes(s)))
        why = "damaged key file (wrong key length)";
    else if ((lib = lwcx_aimer_key_new(key, s, secret ? k.key + lwcx_aimer_seed_bytes(s) : k.key,
                                       secret ? k.key : NULL)) != LWCX_OK)
        why = lib == LWCX_ERR_ARG ? "damaged key file (the secret key does not match its public key)"
                                  : lwcx_strerror(lib);
    if (why) fprintf(stderr, "lwcx %s: %s: %s%s%s\n", cmd, path, why, set < 0 ? ": " : "", set < 0 ? k.alg : "");
    lwcx_wipe(&k, sizeof k);
    return why ? -1 : 0;
}

/* Feeds a file or stdin to m a chunk at a time; 0, or -1 (message printed). */
static int absorb(const char *cmd, lwcx_aimer_msg *m, const char *path)
{
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "lwcx %s: %s: %s\n", cmd, path, strerror(errno));
        return -1;
    }
    uint8_t *buf = malloc(CHUNK);
    int rc = buf ? 0 : -1;
    size_t got;
    while (buf && (got = fread(buf, 1, CHUNK, f)) > 0) lwcx_aimer_msg_update(m, buf, got);
    if (buf && ferror(f)) {
        fprintf(stderr, "lwcx %s: %s: read error: %s\n", cmd, shown(path), strerror(errno));
        rc = -1;
    }
    if (f != stdin) fclose(f);
    free(buf);
    return rc;
}

static int same_file(const char *a, const char *b)
{
    struct stat sa, sb;
    return strcmp(a, "-") && strcmp(b, "-") && stat(a, &sa) == 0 && stat(b, &sb) == 0 &&
           sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

/* ---- lwcx sign / verify ------------------------------------------------------ */

int cmd_sign(int argc, char **argv)
{
    opts o;
    if (parse("sign", argc, argv, &o) || only("sign", &o, "--key -o")) return 2;
    if (!o.key) {
        fprintf(stderr, "lwcx sign: give the secret key with --key NAME.sk\n");
        return 2;
    }
    if (o.out && (same_file(o.out, o.in) || same_file(o.out, o.key))) {
        fprintf(stderr, "lwcx sign: %s: the signature would replace the %s\n", o.out,
                same_file(o.out, o.in) ? "message" : "key");
        return 2;
    }
    if (!o.out && isatty(STDOUT_FILENO)) {
        fprintf(stderr, "lwcx sign: not writing a binary signature to a terminal: give -o SIG (or -o - to insist)\n");
        return 2;
    }
    lwcx_aimer_key *key;
    if (load_key("sign", o.key, "secret", &key)) return 2;
    const lwcx_aimer_set s = (lwcx_aimer_set)lwcx_aimer_key_set(key);
    const size_t sigb = lwcx_aimer_sig_bytes(s);
    uint8_t *sig = malloc(sigb);
    lwcx_aimer_msg *m = NULL;
    int rc = 2, lib = sig ? lwcx_aimer_msg_new(&m, key) : LWCX_ERR_NOMEM;
    if (lib == LWCX_OK && absorb("sign", m, o.in) == 0) {
        lib = lwcx_aimer_msg_sign(m, sig);
        if (lib != LWCX_OK) {
            fprintf(stderr, "lwcx sign: %s\n", lwcx_strerror(lib));
            rc = 1;
        } else {
            rc = io_write_all(o.out, sig, sigb) ? 2 : 0;
        }
    } else if (lib != LWCX_OK) {
        fprintf(stderr, "lwcx sign: %s\n", lwcx_strerror(lib));
        rc = 1;
    }
    lwcx_aimer_msg_free(m);
    lwcx_aimer_key_free(key);
    free(sig);
    return rc;
}

/* Which set a signature of this many bytes belongs to, for the message. */
static const char *set_of_size(long len)
{
    for (int s = 0; lwcx_aimer_name((lwcx_aimer_set)s); s++)
        if ((size_t)len == lwcx_aimer_sig_bytes((lwcx_aimer_set)s)) return lwcx_aimer_name((lwcx_aimer_set)s);
    return NULL;
}

int cmd_verify(int argc, char **argv)
{
    opts o;
    if (parse("verify", argc, argv, &o) || only("verify", &o, "--pk --sig --quiet")) return 2;
    if (!o.pk || !o.sig) {
        fprintf(stderr, "lwcx verify: give --pk NAME.pk and --sig SIG\n");
        return 2;
    }
    if (strcmp(o.sig, "-") == 0 && strcmp(o.in, "-") == 0) {
        fprintf(stderr, "lwcx verify: the signature and the message cannot both come from standard input\n");
        return 2;
    }
    lwcx_aimer_key *key;
    if (load_key("verify", o.pk, "public", &key)) return 2;
    const lwcx_aimer_set s = (lwcx_aimer_set)lwcx_aimer_key_set(key);
    const char *name = lwcx_aimer_name(s);
    uint8_t *sig = malloc(LWCX_AIMER_MAX_SIG_BYTES + 1);
    lwcx_aimer_msg *m = NULL;
    int rc = 2;
    FILE *f = strcmp(o.sig, "-") == 0 ? stdin : fopen(o.sig, "rb");
    long len = -1;
    if (!f)
        fprintf(stderr, "lwcx verify: %s: %s\n", o.sig, strerror(errno));
    else if (sig)
        len = io_read_full(f, o.sig, sig, LWCX_AIMER_MAX_SIG_BYTES + 1);
    if (f && f != stdin) fclose(f);
    if (len >= 0 && lwcx_aimer_msg_new(&m, key) == LWCX_OK && absorb("verify", m, o.in) == 0) {
        const int lib = lwcx_aimer_msg_verify(m, sig, (size_t)len);
        const char *other = set_of_size(len);
        if (lib == LWCX_OK) {
            rc = 0;
            if (!o.quiet && (printf("%s: OK (%s signature)\n", shown(o.in), name) < 0 || fflush(stdout))) {
                fprintf(stderr, "lwcx verify: error writing to standard output\n");
                rc = 2;
            }
        } else if (lib == LWCX_ERR_LENGTH) {
            fprintf(stderr, "lwcx verify: %s: not an %s signature: %ld bytes, not %zu%s%s%s\n", shown(o.sig),
                    name, len, lwcx_aimer_sig_bytes(s), other ? " (the size of an " : "", other ? other : "",
                    other ? " signature)" : "");
            rc = 1;
        } else if (lib == LWCX_ERR_AUTH) {
            fprintf(stderr, "lwcx verify: %s: BAD signature: it does not verify under %s\n", shown(o.in), o.pk);
            rc = 1;
        } else {
            fprintf(stderr, "lwcx verify: %s\n", lwcx_strerror(lib));
        }
    }
    lwcx_aimer_msg_free(m);
    lwcx_aimer_key_free(key);
    free(sig);
    return rc;
}
