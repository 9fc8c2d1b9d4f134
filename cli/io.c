/* File helpers for the command-line tool. */
#include "io.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lwcx.h"

long io_read_all(const char *path, uint8_t *buf, size_t cap)
{
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "lwcx: cannot open '%s': %s\n", path, strerror(errno));
        return -1;
    }
    size_t got = fread(buf, 1, cap, f);
    int more = got == cap && fgetc(f) != EOF;
    int err = ferror(f);
    if (f != stdin) fclose(f);
    if (err) {
        fprintf(stderr, "lwcx: error reading '%s'\n", path);
        return -1;
    }
    return more ? -2 : (long)got;
}

int io_write_all(const char *path, const uint8_t *buf, size_t len)
{
    if (!path || strcmp(path, "-") == 0) {
        if (fwrite(buf, 1, len, stdout) != len || fflush(stdout) != 0) {
            fprintf(stderr, "lwcx: error writing to standard output\n");
            return -1;
        }
        return 0;
    }
    size_t n = strlen(path);
    char *tmp = malloc(n + 16);
    if (!tmp) return -1;
    snprintf(tmp, n + 16, "%s.tmpXXXXXX", path);
    int fd = mkstemp(tmp);
    if (fd < 0) {
        fprintf(stderr, "lwcx: cannot create '%s': %s\n", path, strerror(errno));
        free(tmp);
        return -1;
    }
    FILE *f = fdopen(fd, "wb");
    int ok = f && fwrite(buf, 1, len, f) == len;
    ok = (f ? fclose(f) == 0 : (close(fd), 0)) && ok;
    if (ok && rename(tmp, path) != 0) ok = 0;
    if (!ok) {
        fprintf(stderr, "lwcx: cannot write '%s': %s\n", path, strerror(errno));
        unlink(tmp);
    }
    free(tmp);
    return ok ? 0 : -1;
}

int io_out_open(io_out *o, const char *path)
{
    memset(o, 0, sizeof *o);
    if (!path || strcmp(path, "-") == 0) {
        o->f = stdout;
        return 0;
    }
    size_t n = strlen(path);
    o->path = path;
    o->tmp = malloc(n + 16);
    if (!o->tmp) return -1;
    snprintf(o->tmp, n + 16, "%s.tmpXXXXXX", path);
    int fd = mkstemp(o->tmp);
    if (fd < 0 || !(o->f = fdopen(fd, "wb"))) {
        fprintf(stderr, "lwcx: cannot create '%s': %s\n", path, strerror(errno));
        if (fd >= 0) {
            close(fd);
            unlink(o->tmp);
        }
        free(o->tmp);
        o->tmp = NULL;
        return -1;
    }
    return 0;
}

int io_out_write(io_out *o, const uint8_t *buf, size_t len)
{
    if (len && fwrite(buf, 1, len, o->f) != len) {
        fprintf(stderr, "lwcx: cannot write '%s': %s\n", o->path ? o->path : "standard output",
                strerror(errno));
        return -1;
    }
    return 0;
}

int io_out_commit(io_out *o)
{
    if (!o->tmp) {
        if (fflush(o->f) == 0) return 0;
        fprintf(stderr, "lwcx: error writing to standard output\n");
        return -1;
    }
    int ok = fclose(o->f) == 0;
    o->f = NULL;
    if (ok && rename(o->tmp, o->path) != 0) ok = 0;
    if (!ok) {
        fprintf(stderr, "lwcx: cannot write '%s': %s\n", o->path, strerror(errno));
        unlink(o->tmp);
    }
    free(o->tmp);
    o->tmp = NULL;
    return ok ? 0 : -1;
}

void io_out_abort(io_out *o)
{
    if (o->tmp) {
        if (o->f) fclose(o->f);
        unlink(o->tmp);
        free(o->tmp);
        o->tmp = NULL;
    } else if (o->f) {
        fflush(o->f);
    }
    o->f = NULL;
}

long io_read_full(FILE *f, const char *name, uint8_t *buf, size_t len)
{
    size_t got = 0;
    while (got < len) {
        size_t n = fread(buf + got, 1, len - got, f);
        if (n == 0) break;
        got += n;
    }
    if (ferror(f)) {
        fprintf(stderr, "lwcx: error reading '%s': %s\n", name, strerror(errno));
        return -1;
    }
    return (long)got;
}

static int hexval(int c)
{
    if (c >= '0' && c <= '9') return c - '0';
    c = tolower(c);
    return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

int io_parse_hex(const char *s, size_t slen, uint8_t *out, size_t n)
{
    while (slen && isspace((unsigned char)s[slen - 1])) slen--;
    while (slen && isspace((unsigned char)*s)) s++, slen--;
    if (slen != 2 * n) return -1;
    for (size_t i = 0; i < n; i++) {
        int hi = hexval((unsigned char)s[2 * i]), lo = hexval((unsigned char)s[2 * i + 1]);
        if (hi < 0 || lo < 0) return -1;
        out[i] = (uint8_t)(hi << 4 | lo);
    }
    return 0;
}

int io_load_key(const char *hex, const char *file, uint8_t *key, size_t n, const char *cmd)
{
    if (!!hex == !!file) {
        fprintf(stderr, "lwcx %s: give the key with exactly one of --key HEX or --key-file FILE\n", cmd);
        return -1;
    }
    if (hex) {
        if (io_parse_hex(hex, strlen(hex), key, n) != 0) {
            fprintf(stderr, "lwcx %s: the key must be %zu bytes: %zu hex digits (got %zu characters)\n",
                    cmd, n, 2 * n, strlen(hex));
            return -1;
        }
        return 0;
    }
    uint8_t buf[256];
    long len = io_read_all(file, buf, sizeof buf);
    if (len == -1) return -1;
    if (len == (long)n) {
        memcpy(key, buf, n);
    } else if (len < 0 || io_parse_hex((const char *)buf, (size_t)len, key, n) != 0) {
        fprintf(stderr, "lwcx %s: key file '%s' must hold %zu raw bytes or %zu hex digits\n", cmd, file,
                n, 2 * n);
        lwcx_wipe(buf, sizeof buf);
        return -1;
    }
    lwcx_wipe(buf, sizeof buf);
    return 0;
}
