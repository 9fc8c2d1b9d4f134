/* Key files of the command-line tool: see keyfile.h and docs/key-format.md. */
#define _DEFAULT_SOURCE /* mkstemp, fchmod */
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

#define MAGIC "lwcx-key-v1 "
#define CHECK_BYTES 8
#define MAX_FILE 1024

/* The check line's value: Esch256 of the header and key lines. */
static void checksum(uint8_t out[CHECK_BYTES], const char *text, size_t len)
{
    uint8_t d[LWCX_ESCH256_DIGEST_BYTES];
    lwcx_esch_hash(LWCX_ESCH256, d, sizeof d, (const uint8_t *)text, len);
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

int keyfile_load(const char *cmd, const char *path, keyfile *k)
{
    memset(k, 0, sizeof *k);
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "lwcx %s: %s: %s\n", cmd, path, strerror(errno));
        return -1;
    }
    char *buf = malloc(MAX_FILE + 1);
    long len = buf ? io_read_full(f, path, (uint8_t *)buf, MAX_FILE + 1) : -1;
    fclose(f);
    const char *why = len < 0 ? "cannot read it" : len > MAX_FILE ? "too long for an lwcx key file"
                                                                  : parse(k, buf, (size_t)len);
    if (buf) {
        lwcx_wipe(buf, MAX_FILE + 1);
        free(buf);
    }
    if (why) {
        fprintf(stderr, "lwcx %s: %s: %s\n", cmd, path, why);
        lwcx_wipe(k, sizeof *k);
        return -1;
    }
    return 0;
}

static int write_all(int fd, const char *p, size_t n)
{
    while (n) {
        ssize_t w = write(fd, p, n);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) return -1;
        p += w;
        n -= (size_t)w;
    }
    return 0;
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
    memset(o, 0, sizeof *o);
    o->path = path;
    char text[MAX_FILE];
    const size_t n = keyfile_format(text, sizeof text, alg, kind, key, len);
    if (!n) return -1;

    const size_t plen = strlen(path);
    o->tmp = malloc(plen + 16);
    int fd = -1, ok = o->tmp != NULL;
    if (ok) {
        snprintf(o->tmp, plen + 16, "%s.tmpXXXXXX", path);
        fd = mkstemp(o->tmp); /* O_EXCL, mode 0600 */
        ok = fd >= 0;
        if (!ok) {
            free(o->tmp);
            o->tmp = NULL;
        }
    }
    if (ok && strcmp(kind, "secret") != 0) {
        const mode_t mask = umask(0);
        umask(mask);
        ok = fchmod(fd, 0666 & ~mask) == 0;
    }
    ok = ok && write_all(fd, text, n) == 0 && fsync(fd) == 0;
    if (fd >= 0) ok = close(fd) == 0 && ok;
    lwcx_wipe(text, sizeof text);
    if (!ok) {
        fprintf(stderr, "lwcx %s: %s: cannot create: %s\n", cmd, path, strerror(errno));
        keyfile_discard(o);
        return -1;
    }
    return 0;
}

int keyfile_commit(const char *cmd, keyfile_out *o, int replace)
{
    /* link() creates the name only if nothing (not even a dangling
     * symbolic link) has it; rename() replaces a name, never a link's target */
    if ((replace ? rename(o->tmp, o->path) : link(o->tmp, o->path)) != 0) {
        fprintf(stderr, "lwcx %s: %s: %s%s\n", cmd, o->path, strerror(errno),
                errno == EEXIST ? " (use --force to replace it)" : "");
        return -1;
    }
    if (!replace) unlink(o->tmp);
    free(o->tmp);
    o->tmp = NULL;
    o->committed = 1;
    return 0;
}

void keyfile_discard(keyfile_out *o)
{
    if (o->tmp) unlink(o->tmp);
    free(o->tmp);
    o->tmp = NULL;
    if (o->committed) unlink(o->path);
    o->committed = 0;
}
