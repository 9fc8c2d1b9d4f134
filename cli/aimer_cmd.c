/* lwcx keygen / sign / verify: AIMer v2.1 signatures of files.
 *
 * Keys are key files (keyfile.h, docs/key-format.md) holding the official
 * byte layouts (pk = IV || ct, sk = pt || pk); a signature file is the raw
 * signature, as the official code writes it, of mu = SHAKE(0x00 || pk || m):
 * files are read as streams (lwcx_aimer_msg), so any size takes the same
 * memory. Exit status: 0 done (verify: valid), 1 verify: invalid signature,
 * other commands: the library failed; 2 usage, key file or I/O error. */
#define _DEFAULT_SOURCE /* getentropy */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "commands.h"
#include "impl.h"
#include "io.h"
#include "keyfile.h"
#include "lwcx.h"
#include "opt.h"
#include "signals.h"

#define CHUNK ((size_t)65536)
#define SETS "aimer128f, aimer128s, aimer192f, aimer192s, aimer256f, aimer256s"

static LWCX_NODISCARD int set_by_name(const char *name)
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
    const char *alg, *out, *key, *pk, *sig, *in, *impl;
    int force, quiet, verbose;
} opts;

/* keygen's, sign's and verify's options, in the order of parse's enum; each
 * command takes those its aimer_allowed string names */
const opt_def aimer_opts[] = {{"alg", 0, OPT_V_ALG},  {"output", 'o', OPT_V_FILE}, {"key", 0, OPT_V_FILE},
                              {"pk", 0, OPT_V_FILE},  {"sig", 0, OPT_V_FILE},     {"force", 0, 0},
                              {"quiet", 'q', 0},      {"impl", 0, OPT_V_IMPL},    {"verbose", 'v', 0},
                              {NULL, 0, 0}};

const char *aimer_allowed(const char *cmd)
{
    return strcmp(cmd, "keygen") == 0 ? "--alg -o --force --impl -v"
           : strcmp(cmd, "sign") == 0 ? "--key -o --impl -v"
                                      : "--pk --sig --quiet --impl -v";
}

static LWCX_NODISCARD int parse(const char *cmd, int argc, char **argv, opts *o)
{
    const opt_def *defs = aimer_opts;
    enum { ALG, OUTPUT, KEY, PK, SIG, FORCE, QUIET, IMPL, VERBOSE };
    opt_parser p;
    int r;
    (void)cmd;
    memset(o, 0, sizeof *o);
    opt_init(&p, argc, argv);
    while ((r = opt_next(&p, defs)) != OPT_END) {
        switch (r) {
        case OPT_FAIL:
        case OPT_QUIT: return r;
        case ALG: o->alg = p.arg; break;
        case OUTPUT: o->out = p.arg; break;
        case KEY: o->key = p.arg; break;
        case PK: o->pk = p.arg; break;
        case SIG: o->sig = p.arg; break;
        case FORCE: o->force = 1; break;
        case QUIET: o->quiet = 1; break;
        case IMPL: o->impl = p.arg; break;
        case VERBOSE: o->verbose = 1; break;
        default:
            if (o->in) {
                cli_usage_error(p.arg, "one input file only (already have '%s')", o->in);
                return OPT_FAIL;
            }
            o->in = p.arg;
        }
    }
    if (!o->in) o->in = "-";
    return 0;
}

/* Only the options a command takes. */
static LWCX_NODISCARD int only(const char *cmd, const opts *o)
{
    const char *allowed = aimer_allowed(cmd);
    const struct {
        const char *name;
        int given;
    } all[] = {{"--alg", !!o->alg}, {"-o", !!o->out},     {"--key", !!o->key},    {"--pk", !!o->pk},
               {"--sig", !!o->sig}, {"--force", o->force}, {"--quiet", o->quiet},
               {"--impl", !!o->impl}, {"-v", o->verbose}};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
        if (all[i].given && !strstr(allowed, all[i].name)) {
            (void)cmd;
            cli_usage_error(all[i].name, "not an option of this command");
            return -1;
        }
    return 0;
}

/* ---- lwcx keygen ------------------------------------------------------------ */

#define SYM_ALGS "schwaemm128-128, schwaemm256-128, schwaemm192-192, schwaemm256-256, kcc24p6, " \
                 "present80, present128, gift64, gift128, pipo128, pipo256"

/* A random secret key as a key file: at path, or on standard output. */
static LWCX_NODISCARD int keygen_symmetric(const opts *o, size_t n)
{
    uint8_t key[64];
    if (getentropy(key, n) != 0) {
        cli_error(NULL, "no random source: %s", strerror(errno));
        return 1;
    }
    int rc = 2;
    if (!o->out || strcmp(o->out, "-") == 0) {
        char text[512];
        if (keyfile_format(text, sizeof text, o->alg, "secret", key, n)) {
            fputs(text, stdout);
            rc = 0;
        }
        lwcx_wipe(text, sizeof text);
    } else {
        struct stat st;
        keyfile_out ko;
        if (!o->force && lstat(o->out, &st) == 0)
            cli_error(o->out, "exists (use --force to replace it)");
        else if (keyfile_stage("keygen", &ko, o->out, o->alg, "secret", key, n) == 0 &&
                 keyfile_commit("keygen", &ko, o->force) == 0) {
            keyfile_keep(&ko);
            rc = 0;
        }
    }
    lwcx_wipe(key, sizeof key);
    return rc;
}

int cmd_keygen(int argc, char **argv)
{
    opts o;
    int pr = parse("keygen", argc, argv, &o);
    if (pr) return opt_status(pr);
    if (only("keygen", &o)) return 2;
    if (strcmp(o.in, "-") != 0)
        return cli_usage_error(o.in, "unexpected argument (the output is named with -o FILE)");
    if (!o.alg) return cli_usage_error("--alg", "needed (available: " SYM_ALGS ", " SETS ")");
    const size_t sym = keyfile_symmetric_bytes(o.alg);
    if (sym && o.impl)
        return cli_usage_error("--impl", "a %s key is random bytes, nothing computes it (--impl is for AIMer key pairs)", o.alg);
    if (sym) return keygen_symmetric(&o, sym);
    if (set_by_name(o.alg) >= 0 && (!o.out || strcmp(o.out, "-") == 0))
        return cli_usage_error("-o", "needed for an AIMer key pair: -o NAME writes NAME.sk and NAME.pk");
    const int set = set_by_name(o.alg);
    if (set < 0) {
        return cli_usage_error(o.alg, "unknown algorithm (available: " SYM_ALGS ", " SETS ")");
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
            cli_error(paths[i], "exists (use --force to replace it)");
            goto out;
        }
    const lwcx_aimer_set s = (lwcx_aimer_set)set;
    if (cli_impl_force("aimer", o.impl)) goto out;
    int lib = lwcx_aimer_keygen(s, pk, sk);
    cli_impl_report(o.verbose, !!o.impl, "aimer", NULL, 0, NULL, NULL);
    if (lib != LWCX_OK) {
        cli_error(NULL, "%s", lwcx_strerror(lib));
        rc = 1;
        goto out;
    }
    if (keyfile_stage("keygen", &ks, skpath, o.alg, "secret", sk, lwcx_aimer_sk_bytes(s))) goto out;
    staged = 1;
    if (keyfile_stage("keygen", &kp, pkpath, o.alg, "public", pk, lwcx_aimer_pk_bytes(s))) goto out;
    staged = 2;
    if (keyfile_commit("keygen", &ks, o.force) || keyfile_commit("keygen", &kp, o.force)) goto out;
    keyfile_keep(&ks); /* both in place: a signal no longer takes them back */
    keyfile_keep(&kp);
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
static LWCX_NODISCARD int load_key(const char *cmd, const char *path, const char *kind, lwcx_aimer_key **key)
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
    (void)cmd;
    if (why) cli_error(path, "%s%s%s", why, set < 0 ? ": " : "", set < 0 ? k.alg : "");
    lwcx_wipe(&k, sizeof k);
    return why ? -1 : 0;
}

/* Feeds a file or stdin to m a chunk at a time; 0, or -1 (message printed). */
static LWCX_NODISCARD int absorb(const char *cmd, lwcx_aimer_msg *m, const char *path)
{
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    if (!f) {
        (void)cmd;
        cli_error(path, "%s", strerror(errno));
        return -1;
    }
    uint8_t *buf = malloc(CHUNK);
    int rc = buf ? 0 : -1;
    size_t got;
    while (buf && rc == 0 && (got = fread(buf, 1, CHUNK, f)) > 0) {
        const int lib = lwcx_aimer_msg_update(m, buf, got);
        if (lib != LWCX_OK) {
            cli_error(NULL, "%s", lwcx_strerror(lib));
            rc = -1;
        }
        sig_test_pause("read");
    }
    if (buf && ferror(f)) {
        cli_error(shown(path), "read error: %s", strerror(errno));
        rc = -1;
    }
    if (f != stdin) fclose(f);
    free(buf);
    return rc;
}

/* ---- lwcx sign / verify ------------------------------------------------------ */

int cmd_sign(int argc, char **argv)
{
    opts o;
    int pr = parse("sign", argc, argv, &o);
    if (pr) return opt_status(pr);
    if ( only("sign", &o)) return 2;
    if (!o.key) {
        return cli_usage_error("--key", "needed: the secret key NAME.sk");
    }
    const io_input ins[] = {{o.in, "message"}, {o.key, "key file"}};
    if (io_out_check(o.out, ins, 2)) return 2;
    if (!o.out && isatty(STDOUT_FILENO)) {
        cli_error("standard output", "is a terminal: not writing a binary signature there (give -o SIG, or -o - to insist)");
        return 2;
    }
    if (cli_impl_force("aimer", o.impl)) return 2;
    lwcx_aimer_key *key;
    if (load_key("sign", o.key, "secret", &key)) return 2;
    const lwcx_aimer_set s = (lwcx_aimer_set)lwcx_aimer_key_set(key);
    const size_t sigb = lwcx_aimer_sig_bytes(s);
    uint8_t *sig = malloc(sigb);
    lwcx_aimer_msg *m = NULL;
    io_out out;
    /* the output is opened (and refused if it cannot be made) before the work */
    int rc = 2, opened = io_out_open(&out, o.out) == 0;
    int lib = sig ? lwcx_aimer_msg_new(&m, key) : LWCX_ERR_NOMEM;
    if (opened && lib == LWCX_OK && absorb("sign", m, o.in) == 0) {
        lib = lwcx_aimer_msg_sign(m, sig);
        cli_impl_report(o.verbose, !!o.impl, "aimer", NULL, 0, NULL, NULL);
        if (lib != LWCX_OK) {
            cli_error(NULL, "%s", lwcx_strerror(lib));
            rc = 1;
        } else if (io_out_write(&out, sig, sigb) == 0) {
            sig_test_pause("write");
            if (io_out_commit(&out) == 0) rc = 0; /* else an I/O error, said by io: 2 */
        }
    } else if (opened && lib != LWCX_OK) {
        cli_error(NULL, "%s", lwcx_strerror(lib));
        rc = 1;
    }
    if (opened && rc) io_out_abort(&out);
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
    int pr = parse("verify", argc, argv, &o);
    if (pr) return opt_status(pr);
    if ( only("verify", &o)) return 2;
    if (!o.pk || !o.sig) {
        return cli_usage_error(o.pk ? "--sig" : "--pk", "needed: give --pk NAME.pk and --sig SIG");
    }
    if (strcmp(o.sig, "-") == 0 && strcmp(o.in, "-") == 0) {
        cli_error("-", "the signature and the message cannot both come from standard input");
        return 2;
    }
    if (cli_impl_force("aimer", o.impl)) return 2;
    lwcx_aimer_key *key;
    if (load_key("verify", o.pk, "public", &key)) return 2;
    const lwcx_aimer_set s = (lwcx_aimer_set)lwcx_aimer_key_set(key);
    const char *name = lwcx_aimer_name(s);
    uint8_t *sig = malloc(LWCX_AIMER_MAX_SIG_BYTES + 1);
    lwcx_aimer_msg *m = NULL;
    int rc = 2;
    FILE *f = strcmp(o.sig, "-") == 0 ? stdin : fopen(o.sig, "rb");
    long len = -1;
    long long size = -1; /* the signature file's size when it is too long to read (-1: not known) */
    struct stat st;
    if (!f)
        cli_error(o.sig, "%s", strerror(errno));
    else if (sig)
        len = io_read_full(f, o.sig, sig, LWCX_AIMER_MAX_SIG_BYTES + 1);
    if (len > (long)LWCX_AIMER_MAX_SIG_BYTES && fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode))
        size = (long long)st.st_size;
    if (f && f != stdin) fclose(f);
    if (len >= 0 && lwcx_aimer_msg_new(&m, key) == LWCX_OK && absorb("verify", m, o.in) == 0) {
        const int lib = lwcx_aimer_msg_verify(m, sig, (size_t)len);
        cli_impl_report(o.verbose, !!o.impl, "aimer", NULL, 0, NULL, NULL);
        const char *other = set_of_size(len);
        if (lib == LWCX_OK) {
            rc = 0;
            /* a verdict that cannot be written is a failure (1), as for every command */
            if (!o.quiet && (printf("%s: OK (%s signature)\n", shown(o.in), name) < 0 || cli_flush_stdout()))
                rc = 1;
        } else if (lib == LWCX_ERR_LENGTH && len > (long)LWCX_AIMER_MAX_SIG_BYTES) {
            /* only the first bytes were read: say the real size, or that it is too large */
            if (size >= 0)
                cli_error(shown(o.sig), "not an %s signature: %lld bytes, not %zu", name, size, lwcx_aimer_sig_bytes(s));
            else
                cli_error(shown(o.sig), "not an %s signature: larger than the largest signature (%d bytes), not %zu",
                          name, (int)LWCX_AIMER_MAX_SIG_BYTES, lwcx_aimer_sig_bytes(s));
            rc = 1;
        } else if (lib == LWCX_ERR_LENGTH) {
            cli_error(shown(o.sig), "not an %s signature: %ld bytes, not %zu%s%s%s",
                    name, len, lwcx_aimer_sig_bytes(s), other ? " (the size of an " : "", other ? other : "",
                    other ? " signature)" : "");
            rc = 1;
        } else if (lib == LWCX_ERR_AUTH) {
            cli_error(shown(o.in), "BAD signature: it does not verify under %s", o.pk);
            rc = 1;
        } else {
            cli_error(NULL, "%s", lwcx_strerror(lib));
        }
    }
    lwcx_aimer_msg_free(m);
    lwcx_aimer_key_free(key);
    free(sig);
    return rc;
}
