/* Key files of the command-line tool: see keyfile.h and docs/key-format.md. */
#include "keyfile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "io.h"
#include "lwcx.h"
#include "opt.h"
#include "signals.h"

#define MAGIC "lwcx-key-v1 "
#define CHECK_BYTES 8
#define MAX_FILE 1024

/* The check line's value: Esch256 of the header and key lines. */
static void checksum(uint8_t out[CHECK_BYTES], const char *text, size_t len)
{
    uint8_t d[LWCX_ESCH256_DIGEST_BYTES];
    if (lwcx_esch_hash(LWCX_ESCH256, d, sizeof d, (const uint8_t *)text, len) != LWCX_OK)
        memset(d, 0, sizeof d); /* cannot happen: the arguments are valid */
    memcpy(out, d, CHECK_BYTES);
}

static void hex(char *out, const uint8_t *b, size_t n)
{
    for (size_t i = 0; i < n; i++) sprintf(out + 2 * i, "%02x", b[i]);
}

/* Checks the text of a key file; NULL, or why it is refused. */
static const char *parse(keyfile *k, const char *t, size_t len)
{
    if (len == 0) return "empty file, not an lwcx key file";
    const size_t m = strlen(MAGIC);
    if (memcmp(t, MAGIC, len < m ? len : m) != 0) return "not an lwcx key file (no 'lwcx-key-v1' line)";
    const char *l1 = memchr(t, '\n', len);
    const char *l2 = l1 ? memchr(l1 + 1, '\n', len - (size_t)(l1 + 1 - t)) : NULL;
    const char *l3 = l2 ? memchr(l2 + 1, '\n', len - (size_t)(l2 + 1 - t)) : NULL;
    if (!l3) return "truncated key file (it ends before its check line)";
    if ((size_t)(l3 + 1 - t) != len) return "damaged key file (text after the check line)";
    uint8_t want[CHECK_BYTES], got[CHECK_BYTES];
    const char *c = l2 + 1;
    if (l3 - c != 6 + 2 * CHECK_BYTES || memcmp(c, "check ", 6) != 0 ||
        io_parse_hex(c + 6, 2 * CHECK_BYTES, got, CHECK_BYTES) != 0)
        return "damaged key file (bad check line)";
    checksum(want, t, (size_t)(l2 + 1 - t));
    if (memcmp(want, got, CHECK_BYTES) != 0) return "damaged key file (its check value does not match)";
    /* the header: lwcx-key-v1 ALG KIND */
    const char *alg = t + m, *sp = memchr(alg, ' ', (size_t)(l1 - alg));
    if (!sp || sp == alg || (size_t)(sp - alg) >= sizeof k->alg || (size_t)(l1 - sp - 1) >= sizeof k->kind ||
        l1 == sp + 1)
        return "damaged key file (bad first line)";
    memcpy(k->alg, alg, (size_t)(sp - alg));
    k->alg[sp - alg] = 0;
    memcpy(k->kind, sp + 1, (size_t)(l1 - sp - 1));
    k->kind[l1 - sp - 1] = 0;
    const size_t digits = (size_t)(l2 - l1 - 1);
    if (digits % 2 || digits / 2 > sizeof k->key || io_parse_hex(l1 + 1, digits, k->key, digits / 2) != 0)
        return "damaged key file (bad key line)";
    k->len = digits / 2;
    return NULL;
}

int keyfile_parse(const char *name, const char *text, size_t len, keyfile *k)
{
    memset(k, 0, sizeof *k);
    const char *why = len > MAX_FILE ? "too long for an lwcx key file" : parse(k, text, len);
    if (why) {
        cli_error(name, "%s", why);
        lwcx_wipe(k, sizeof *k);
        return -1;
    }
    return 0;
}

void keyfile_warn_exposed(const char *name, int fd)
{
    struct stat st;
    if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && (st.st_mode & 077))
        fprintf(stderr, "lwcx %s: warning: %s: a secret key that other users can read (mode %04o): "
                "chmod 600 it\n", cli_cmd ? cli_cmd : "", name, (unsigned)(st.st_mode & 07777));
}

int keyfile_load(const char *cmd, const char *path, keyfile *k)
{
    (void)cmd; /* the messages name cli_cmd */
    memset(k, 0, sizeof *k);
    FILE *f = fopen(path, "rb");
    if (!f) {
        cli_error(path, "%s", strerror(errno));
        return -1;
    }
    char *buf = malloc(MAX_FILE + 1);
    long len = buf ? io_read_full(f, path, (uint8_t *)buf, MAX_FILE + 1) : -1;
    int rc = -1;
    if (len < 0) {
        cli_error(path, "cannot read it");
    } else if ((rc = keyfile_parse(path, buf, (size_t)len, k)) == 0 && strcmp(k->kind, "secret") == 0) {
        keyfile_warn_exposed(path, fileno(f));
    }
    fclose(f);
    if (buf) {
        lwcx_wipe(buf, MAX_FILE + 1);
        free(buf);
    }
    return rc;
}

size_t keyfile_format(char *text, size_t cap, const char *alg, const char *kind, const uint8_t *key,
                      size_t len)
{
    const int h = snprintf(text, cap, MAGIC "%s %s\n", alg, kind);
    if (h < 0 || (size_t)h + 2 * len + 8 + 2 * CHECK_BYTES + 1 > cap) return 0;
    const size_t head = (size_t)h;
    hex(text + head, key, len);
    size_t n = head + 2 * len;
    text[n++] = '\n';
    uint8_t sum[CHECK_BYTES];
    checksum(sum, text, n);
    memcpy(text + n, "check ", 6);
    hex(text + n + 6, sum, CHECK_BYTES);
    n += 6 + 2 * CHECK_BYTES;
    text[n++] = '\n';
    text[n] = 0;
    return n;
}

int keyfile_stage(const char *cmd, keyfile_out *o, const char *path, const char *alg,
                  const char *kind, const uint8_t *key, size_t len)
{
    (void)cmd; /* the messages name cli_cmd */
    memset(o, 0, sizeof *o);
    o->path = path;
    o->slot = o->out.slot = -1;
    char text[MAX_FILE];
    const size_t n = keyfile_format(text, sizeof text, alg, kind, key, len);
    if (!n) return -1;
    const int secret = strcmp(kind, "secret") == 0;
    int rc = io_out_open_as(&o->out, path, IO_OUT_NAME | (secret ? 0 : IO_OUT_PUBLIC));
    if (rc == 0) {
        setvbuf(o->out.f, NULL, _IONBF, 0); /* no copy of the key in a stdio buffer */
        rc = io_out_write(&o->out, (const uint8_t *)text, n);
        if (rc) io_out_abort(&o->out);
    }
    lwcx_wipe(text, sizeof text);
    return rc;
}

int keyfile_commit(const char *cmd, keyfile_out *o, int replace)
{
    (void)cmd;
    /* create: linked only if nothing (not even a dangling symbolic link) has
     * the name; replace: renamed over the name, never a link's target */
    if ((replace ? io_out_commit(&o->out) : io_out_commit_new(&o->out)) != 0) return -1;
    o->committed = 1;
    o->slot = sig_hold(o->path);
    return 0;
}

void keyfile_keep(keyfile_out *o)
{
    sig_release(o->slot);
    o->slot = -1;
}

void keyfile_discard(keyfile_out *o)
{
    io_out_abort(&o->out);
    if (o->committed) unlink(o->path);
    o->committed = 0;
    keyfile_keep(o);
}

size_t keyfile_symmetric_bytes(const char *alg)
{
    if (strcmp(alg, "kcc24p6") == 0) return 8;
    for (int v = 0; lwcx_schwaemm_name((lwcx_schwaemm_variant)v); v++)
        if (strcmp(lwcx_schwaemm_name((lwcx_schwaemm_variant)v), alg) == 0)
            return lwcx_schwaemm_key_bytes((lwcx_schwaemm_variant)v);
    for (int c = 0; lwcx_bc_name((lwcx_blockcipher)c); c++)
        if (strcmp(lwcx_bc_name((lwcx_blockcipher)c), alg) == 0) return lwcx_bc_key_bytes((lwcx_blockcipher)c);
    return 0;
}
