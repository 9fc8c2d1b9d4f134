/* File helpers for the command-line tool. */
#define _GNU_SOURCE /* O_TMPFILE */
#include "io.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lwcx.h"
#include "opt.h"

long io_read_all(const char *path, uint8_t *buf, size_t cap)
{
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    if (!f) {
        cli_error(path, "%s", strerror(errno));
        return -1;
    }
    size_t got = fread(buf, 1, cap, f);
    int more = got == cap && fgetc(f) != EOF;
    int err = ferror(f);
    if (f != stdin) fclose(f);
    if (err) {
        cli_error(path, "read error: %s", strerror(errno));
        return -1;
    }
    return more ? -2 : (long)got;
}

/* ---- outputs ------------------------------------------------------------- */

/* The temporary name an interrupted run must remove: set while a named
 * temporary exists, read by the signal handler. */
static char *volatile pending_tmp;

static void remove_pending_and_die(int sig)
{
    char *t = pending_tmp;
    if (t) unlink(t);
    signal(sig, SIG_DFL);
    raise(sig);
}

/* SIGINT, SIGTERM and SIGHUP remove the pending temporary before they end
 * the process (signals the caller ignores stay ignored). */
static void catch_signals_once(void)
{
    static int done;
    if (done) return;
    done = 1;
    const int sigs[] = {SIGINT, SIGTERM, SIGHUP};
    for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++) {
        struct sigaction old, sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = remove_pending_and_die;
        sigemptyset(&sa.sa_mask);
        if (sigaction(sigs[i], NULL, &old) == 0 && old.sa_handler != SIG_IGN) sigaction(sigs[i], &sa, NULL);
    }
}

/* The file a path names, symlinks followed (the last one may dangle: the
 * file it names is then created), so that the rename replaces that file and
 * not the link. Returns a malloc'd path, or NULL. */
static char *follow_links(const char *path)
{
    char *p = malloc(strlen(path) + 1);
    if (p) strcpy(p, path);
    for (int hops = 0; p && hops < 40; hops++) {
        struct stat st;
        if (lstat(p, &st) != 0 || !S_ISLNK(st.st_mode)) return p;
        char target[4096];
        const ssize_t n = readlink(p, target, sizeof target - 1);
        if (n <= 0) break;
        target[n] = 0;
        const char *slash = strrchr(p, '/');
        const size_t dir = target[0] == '/' || !slash ? 0 : (size_t)(slash - p) + 1;
        char *next = malloc(dir + (size_t)n + 1);
        if (next) memcpy(next, p, dir), memcpy(next + dir, target, (size_t)n + 1);
        free(p);
        p = next;
    }
    free(p);
    return NULL;
}

/* A fresh name beside o->path for the finished output (tries a few). */
static int named_tmp(io_out *o)
{
    const size_t n = strlen(o->path) + 16;
    o->tmp = malloc(n);
    if (!o->tmp) return -1;
    snprintf(o->tmp, n, "%s.tmpXXXXXX", o->path);
    return 0;
}

int io_out_open(io_out *o, const char *path)
{
    memset(o, 0, sizeof *o);
    if (!path || strcmp(path, "-") == 0) {
        o->f = stdout;
        o->kind = IO_STDOUT;
        return 0;
    }
    o->path = follow_links(path);
    o->user = malloc(strlen(path) + 1);
    if (o->user) strcpy(o->user, path);
    if (!o->path || !o->user) {
        cli_error(path, "cannot resolve its symbolic links");
        io_out_abort(o);
        return -1;
    }
    struct stat st;
    int fd = -1;
    if (stat(o->path, &st) == 0 && !S_ISREG(st.st_mode)) {
        /* a FIFO, a device, a socket: written through, as standard output */
        o->kind = IO_DIRECT;
        fd = open(o->path, O_WRONLY);
    } else {
#ifdef O_TMPFILE
        /* unnamed until complete: nothing is left behind, even by SIGKILL
         * (LWCX_TEST_NAMED_TMP=1: the named fallback, for its tests) */
        const char *slash = strrchr(o->path, '/');
        char *dir = malloc(strlen(o->path) + 2);
        if (dir && access("/proc/self/fd", X_OK) == 0 && !getenv("LWCX_TEST_NAMED_TMP")) { /* linkat names it through /proc */
            if (slash) memcpy(dir, o->path, (size_t)(slash - o->path) + 1), dir[slash - o->path + 1] = 0;
            else strcpy(dir, ".");
            fd = open(dir, O_TMPFILE | O_WRONLY, 0600);
        }
        free(dir);
        if (fd >= 0) o->kind = IO_UNNAMED;
#endif
        if (fd < 0) { /* no O_TMPFILE here: a named temporary, removed on signals */
            catch_signals_once();
            o->kind = IO_NAMED;
            if (named_tmp(o) == 0 && (fd = mkstemp(o->tmp)) >= 0) pending_tmp = o->tmp;
        }
    }
    if (fd < 0 || !(o->f = fdopen(fd, "wb"))) {
        cli_error(o->user, "cannot create: %s", strerror(errno));
        if (fd >= 0) close(fd);
        io_out_abort(o);
        return -1;
    }
    return 0;
}

int io_out_write(io_out *o, const uint8_t *buf, size_t len)
{
    if (len && fwrite(buf, 1, len, o->f) != len) {
        cli_error(o->user ? o->user : "standard output", "write error: %s", strerror(errno));
        return -1;
    }
    return 0;
}

/* Gives the unnamed file a temporary name beside the target (then renamed
 * over it: a link cannot replace a file). */
static int link_unnamed(io_out *o)
{
    if (fflush(o->f) != 0 || fsync(fileno(o->f)) != 0) return -1;
    char proc[64];
    snprintf(proc, sizeof proc, "/proc/self/fd/%d", fileno(o->f));
    catch_signals_once();
    for (int tries = 0; tries < 100; tries++) {
        if (named_tmp(o) != 0) return -1;
        /* mkstemp picks a fresh name; the empty file it makes is replaced by the link */
        int fd = mkstemp(o->tmp);
        if (fd < 0) return -1;
        close(fd);
        unlink(o->tmp);
        pending_tmp = o->tmp;
        if (linkat(AT_FDCWD, proc, AT_FDCWD, o->tmp, AT_SYMLINK_FOLLOW) == 0) return 0;
        pending_tmp = NULL;
        if (errno != EEXIST) return -1;
        free(o->tmp);
        o->tmp = NULL;
    }
    return -1;
}

int io_out_commit(io_out *o)
{
    if (o->kind == IO_STDOUT) {
        if (fflush(o->f) == 0) return 0;
        cli_error("standard output", "write error: %s", strerror(errno));
        return -1;
    }
    int ok = o->kind != IO_UNNAMED || link_unnamed(o) == 0;
    ok = fclose(o->f) == 0 && ok;
    o->f = NULL;
    if (ok && o->tmp && rename(o->tmp, o->path) != 0) ok = 0;
    if (!ok) cli_error(o->user, "write error: %s", strerror(errno));
    else if (o->tmp) { /* renamed: nothing to remove */
        pending_tmp = NULL;
        free(o->tmp);
        o->tmp = NULL;
    }
    if (!ok) {
        io_out_abort(o);
        return -1;
    }
    free(o->path);
    free(o->user);
    memset(o, 0, sizeof *o);
    return 0;
}

void io_out_abort(io_out *o)
{
    if (o->f && o->kind != IO_STDOUT) fclose(o->f);
    else if (o->f) fflush(o->f);
    if (o->tmp) {
        unlink(o->tmp);
        pending_tmp = NULL;
        free(o->tmp);
    }
    free(o->path);
    free(o->user);
    memset(o, 0, sizeof *o);
}

int io_write_all(const char *path, const uint8_t *buf, size_t len)
{
    io_out o;
    if (io_out_open(&o, path) != 0) return -1;
    if (io_out_write(&o, buf, len) != 0) {
        io_out_abort(&o);
        return -1;
    }
    return io_out_commit(&o);
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
        cli_error(name, "read error: %s", strerror(errno));
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
