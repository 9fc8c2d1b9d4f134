/* File helpers for the command-line tool. */
#define _GNU_SOURCE /* O_TMPFILE, dirfd, fstatat, unlinkat */
#include "io.h"

#include <dirent.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <sys/stat.h>
#include <time.h>

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "opt.h"
#include "signals.h"

#ifndef NAME_MAX
#define NAME_MAX 255
#endif

static int stdin_closed, stdout_closed;

void io_std_init(void)
{
    for (int fd = 0; fd <= 2; fd++) {
        if (fcntl(fd, F_GETFD) != -1 || errno != EBADF) continue;
        /* 0 and 1 open the wrong way round: reading or writing them fails */
        const int nfd = open("/dev/null", fd == 1 ? O_RDONLY : O_WRONLY);
        if (nfd >= 0 && nfd != fd) {
            if (dup2(nfd, fd) < 0) {
                /* nothing better to do: the descriptor stays free */
            }
            close(nfd);
        }
        if (fd == 0) stdin_closed = 1;
        if (fd == 1) stdout_closed = 1;
    }
}

int io_stdout_closed(void)
{
    return stdout_closed;
}

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

/* ---- names ---------------------------------------------------------------- */

static char *dup_str(const char *s)
{
    char *p = malloc(strlen(s) + 1);
    if (p) strcpy(p, s);
    return p;
}

/* The descriptor a path names when it is one of this process's open ones:
 * /dev/stdin, /dev/stdout, /dev/stderr, DIR/N where DIR is /dev/fd or this
 * process's /proc fd directory (by identity, so any spelling of it counts);
 * else -1. Only this one component is looked at, not the links it holds. */
static LWCX_NODISCARD int fd_of(const char *p)
{
    static const char *const std[] = {"/dev/stdin", "/dev/stdout", "/dev/stderr"};
    for (int i = 0; i < 3; i++)
        if (strcmp(p, std[i]) == 0) return i;
    const char *slash = strrchr(p, '/');
    const char *base = slash ? slash + 1 : p;
    const size_t digits = strspn(base, "0123456789");
    if (digits == 0 || digits > 9 || base[digits]) return -1;
    const int n = atoi(base);
    const size_t dlen = slash ? (size_t)(slash - p) : 0;
    char pid_dir[64];
    snprintf(pid_dir, sizeof pid_dir, "/proc/%ld/fd", (long)getpid());
    static const char *const lexical[] = {"/dev/fd", "/proc/self/fd", "/proc/thread-self/fd"};
    for (int i = 0; i < 3 && slash; i++)
        if (strlen(lexical[i]) == dlen && memcmp(p, lexical[i], dlen) == 0) return n;
    if (slash && strlen(pid_dir) == dlen && memcmp(p, pid_dir, dlen) == 0) return n;
    char *dir = malloc(dlen + 1);
    if (!dir) return -1;
    memcpy(dir, p, dlen);
    dir[dlen] = 0;
    struct stat d, s;
    int is_fd_dir = 0;
    if (stat(!slash ? "." : dlen ? dir : "/", &d) == 0) {
        static const char *const proc[] = {"/proc/self/fd", "/proc/thread-self/fd"};
        for (int i = 0; i < 2 && !is_fd_dir; i++)
            is_fd_dir = stat(proc[i], &s) == 0 && s.st_dev == d.st_dev && s.st_ino == d.st_ino;
    }
    free(dir);
    return is_fd_dir ? n : -1;
}

/* The file a path names, symlinks followed (the last one may dangle: the
 * file it names is then created), so that the rename replaces that file and
 * not the link; *fd is set when a step names an open descriptor (then the
 * path returned is that step). Returns a malloc'd path, or NULL. */
static char *follow_links(const char *path, int *fd)
{
    char *p = dup_str(path);
    *fd = -1;
    for (int hops = 0; p && hops < 40; hops++) {
        struct stat st;
        if ((*fd = fd_of(p)) >= 0) return p;
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

/* The longest name the directory of path holds. */
static size_t dir_name_max(const char *path)
{
    const char *slash = strrchr(path, '/');
    long max = -1;
    if (!slash) {
        max = pathconf(".", _PC_NAME_MAX);
    } else {
        const size_t dl = slash == path ? 1 : (size_t)(slash - path);
        char *dir = malloc(dl + 1);
        if (dir) {
            memcpy(dir, path, dl);
            dir[dl] = 0;
            max = pathconf(dir, _PC_NAME_MAX);
            free(dir);
        }
    }
    return max > 0 ? (size_t)max : NAME_MAX;
}

/* The temporary names of a target: DIR/.BASE.lwcx-tmp.PID.XXXXXX, BASE cut
 * and tagged with a hash of the whole name when needed so that the name
 * fits the directory's limit however long the target's is. */
#define TMP_TAG ".lwcx-tmp."
#define TMP_RAND 6
#define TMP_PID_MAX 10
#define TMP_HASH 17 /* "~" and 16 hex digits */
#define TMP_FIXED (1 + (sizeof TMP_TAG - 1) + TMP_PID_MAX + 1 + TMP_RAND)

/* "DIR/.BASE.lwcx-tmp." (malloc'd); *dirlen: the length of "DIR/". */
static char *tmp_prefix(const char *path, size_t *dirlen)
{
    const char *slash = strrchr(path, '/');
    const size_t dl = slash ? (size_t)(slash - path) + 1 : 0;
    const char *base = path + dl;
    const size_t bl = strlen(base), max = dir_name_max(path);
    const size_t base_max = max > TMP_FIXED + 2 * TMP_HASH ? max - TMP_FIXED : 2 * TMP_HASH;
    char *t = malloc(dl + 1 + base_max + sizeof TMP_TAG);
    if (!t) return NULL;
    memcpy(t, path, dl);
    t[dl] = '.';
    size_t n = dl + 1;
    if (bl <= base_max) {
        memcpy(t + n, base, bl);
        n += bl;
    } else { /* FNV-1a: tells apart long names that share a prefix */
        uint64_t h = 0xcbf29ce484222325u;
        for (size_t i = 0; i < bl; i++) h = (h ^ (unsigned char)base[i]) * 0x100000001b3u;
        memcpy(t + n, base, base_max - TMP_HASH);
        n += base_max - TMP_HASH;
        snprintf(t + n, TMP_HASH + 1, "~%016llx", (unsigned long long)h);
        n += TMP_HASH;
    }
    memcpy(t + n, TMP_TAG, sizeof TMP_TAG);
    *dirlen = dl;
    return t;
}

static const char rand_chars[] = "0123456789abcdefghijklmnopqrstuvwxyz";

/* A fresh temporary name for path (malloc'd), or NULL. */
static char *tmp_name(const char *path)
{
    static uint64_t x;
    size_t dl;
    char *pre = tmp_prefix(path, &dl);
    if (!pre) return NULL;
    const size_t pl = strlen(pre);
    char *t = malloc(pl + TMP_PID_MAX + 2 + TMP_RAND);
    if (t) {
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        x = x * 6364136223846793005u + (uint64_t)ts.tv_nsec + 1442695040888963407u;
        int n = snprintf(t, pl + TMP_PID_MAX + 2, "%s%ld.", pre, (long)getpid());
        for (int i = 0; i < TMP_RAND; i++) t[n + i] = rand_chars[(x >> (16 + 6 * i)) % 36];
        t[n + TMP_RAND] = 0;
    }
    free(pre);
    return t;
}

/* Removes the temporaries a killed run left for path: names of exactly the
 * form tmp_name makes for it, regular files, whose PID is no longer alive
 * (or is this process, which does not hold them). */
static void remove_stale(const char *path)
{
    size_t dl;
    char *pre = tmp_prefix(path, &dl);
    if (!pre) return;
    char *dir = malloc(dl + 2);
    if (dir) {
        memcpy(dir, path, dl);
        strcpy(dir + dl, dl ? "" : ".");
    }
    DIR *d = dir ? opendir(dir) : NULL;
    const char *want = pre + dl;
    const size_t wl = strlen(want);
    struct dirent *e;
    while (d && (e = readdir(d))) {
        const char *s = e->d_name;
        if (strncmp(s, want, wl) != 0) continue;
        s += wl;
        const size_t digits = strspn(s, "0123456789");
        if (digits == 0 || digits > TMP_PID_MAX || s[digits] != '.' || strlen(s + digits + 1) != TMP_RAND ||
            strspn(s + digits + 1, rand_chars) != TMP_RAND)
            continue;
        const long long pid = strtoll(s, NULL, 10);
        char *full = malloc(dl + strlen(e->d_name) + 1);
        if (!full) break;
        memcpy(full, path, dl);
        strcpy(full + dl, e->d_name);
        const int stale = pid == (long long)getpid() ? !sig_holds(full)
                          : pid > 0 && pid <= INT_MAX && kill((pid_t)pid, 0) != 0 && errno == ESRCH;
        struct stat st;
        if (stale && fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISREG(st.st_mode))
            unlinkat(dirfd(d), e->d_name, 0);
        free(full);
    }
    if (d) closedir(d);
    free(dir);
    free(pre);
}

/* ---- outputs ------------------------------------------------------------- */

const char *io_out_name(const io_out *o)
{
    return o->user ? o->user : "standard output";
}

int io_out_atomic(const io_out *o)
{
    return o->kind == IO_UNNAMED || o->kind == IO_NAMED;
}

/* The output through descriptor n (a path naming it): written through a
 * duplicate, so the descriptor's own mode (O_APPEND) holds. */
static LWCX_NODISCARD int open_fd_path(io_out *o, int n)
{
    const int fl = fcntl(n, F_GETFL);
    if (n == STDOUT_FILENO && stdout_closed) {
        cli_error(o->user, "standard output is closed");
        return -1;
    }
    if (fl < 0 || (fl & O_ACCMODE) == O_RDONLY) {
        cli_error(o->user, "descriptor %d is not open for writing", n);
        return -1;
    }
    if (n == STDOUT_FILENO) { /* the same stream as other writes to stdout */
        o->f = stdout;
        o->kind = IO_STDOUT;
        return 0;
    }
    const int fd = dup(n);
    o->kind = IO_DIRECT;
    if (fd < 0 || !(o->f = fdopen(fd, "wb"))) {
        cli_error(o->user, "%s", strerror(errno));
        if (fd >= 0) close(fd);
        return -1;
    }
    return 0;
}

/* Whether the target's name is one the directory can hold. */
static int name_fits(const char *path)
{
    const char *slash = strrchr(path, '/');
    return strlen(slash ? slash + 1 : path) <= dir_name_max(path);
}

/* Forgets a temporary name that could not be made (nothing exists under
 * it); returns the errno of that failure, which it keeps. */
static int forget_tmp(io_out *o)
{
    const int e = errno;
    sig_release(o->slot);
    o->slot = -1;
    free(o->tmp);
    o->tmp = NULL;
    errno = e;
    return e;
}

/* A named temporary beside the target, created exclusively; its fd or -1. */
static LWCX_NODISCARD int open_named(io_out *o, mode_t mode)
{
    for (int tries = 0; tries < 100; tries++) {
        o->tmp = tmp_name(o->path);
        if (!o->tmp || (o->slot = sig_hold(o->tmp)) < 0) return -1;
        const int fd = open(o->tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode);
        if (fd >= 0) return fd;
        if (forget_tmp(o) != EEXIST) return -1;
    }
    return -1;
}

/* An unnamed file in the target's directory: its fd, -1 (errno set) on a
 * real failure, -2 when O_TMPFILE is not to be had here (no /proc to name
 * it through, a file system without it, or LWCX_TEST_NAMED_TMP=1 for the
 * fallback's tests). */
static LWCX_NODISCARD int open_unnamed(const char *path, mode_t mode)
{
#ifdef O_TMPFILE
    if (access("/proc/self/fd", X_OK) != 0 || getenv("LWCX_TEST_NAMED_TMP")) return -2;
    const char *slash = strrchr(path, '/');
    char *dir = malloc(strlen(path) + 2);
    if (!dir) return -1;
    if (slash) memcpy(dir, path, (size_t)(slash - path) + 1), dir[slash - path + 1] = 0;
    else strcpy(dir, ".");
    const int fd = open(dir, O_TMPFILE | O_WRONLY | O_CLOEXEC, mode);
    const int e = errno;
    free(dir);
    errno = e;
    if (fd < 0 && (e == EOPNOTSUPP || e == EISDIR || e == EINVAL)) return -2;
    return fd;
#else
    (void)path;
    (void)mode;
    return -2;
#endif
}

int io_out_open_as(io_out *o, const char *path, int flags)
{
    memset(o, 0, sizeof *o);
    o->slot = -1;
    o->flags = flags;
    o->phase = "output";
    if (!path || strcmp(path, "-") == 0) {
        if (stdout_closed) {
            cli_error("standard output", "closed: nothing can be written there (give -o FILE)");
            return -1;
        }
        o->f = stdout;
        o->kind = IO_STDOUT;
        return 0;
    }
    o->user = dup_str(path);
    int fdn = -1;
    o->path = flags & IO_OUT_NAME ? dup_str(path) : follow_links(path, &fdn);
    if (!o->path || !o->user) {
        cli_error(path, "cannot resolve its symbolic links");
        io_out_abort(o);
        return -1;
    }
    if (fdn >= 0) {
        if (open_fd_path(o, fdn) == 0) return 0;
        io_out_abort(o);
        return -1;
    }
    struct stat st;
    int fd = -1;
    const int exists = stat(o->path, &st) == 0;
    const mode_t mode = flags & IO_OUT_PUBLIC ? 0666 : 0600; /* less the umask */
    const char *why = NULL;
    if (exists && !S_ISREG(st.st_mode) && !(flags & IO_OUT_NAME)) {
        /* a FIFO, a device, a socket: written through, as standard output */
        o->kind = IO_DIRECT;
        fd = open(o->path, O_WRONLY | O_CLOEXEC);
    } else if (exists && !(flags & IO_OUT_NAME) &&
               (access(o->path, W_OK) != 0 || !(st.st_mode & (S_IWUSR | S_IWGRP | S_IWOTH)))) {
        why = "read-only file: not replaced";
    } else if (!name_fits(o->path)) {
        errno = ENAMETOOLONG;
    } else {
        remove_stale(o->path);
        fd = open_unnamed(o->path, mode);
        if (fd >= 0) o->kind = IO_UNNAMED;
        if (fd == -2) { /* no O_TMPFILE here: named from the start */
            o->kind = IO_NAMED;
            fd = open_named(o, mode);
        }
    }
    if (why) {
        cli_error(o->user, "%s", why);
    } else if (fd < 0 || !(o->f = fdopen(fd, "wb"))) {
        cli_error(o->user, "cannot create: %s", strerror(errno));
        if (fd >= 0) close(fd);
    } else {
        return 0;
    }
    io_out_abort(o);
    return -1;
}

int io_out_open(io_out *o, const char *path)
{
    return io_out_open_as(o, path, 0);
}

int io_out_write(io_out *o, const uint8_t *buf, size_t len)
{
    if (len && fwrite(buf, 1, len, o->f) != len) {
        /* standard output's error is said once, by cli_flush_stdout */
        if (o->kind != IO_STDOUT || cli_flush_stdout() == 0) cli_error(io_out_name(o), "write error: %s", strerror(errno));
        return -1;
    }
    o->written += len;
    return 0;
}

static void phase(const io_out *o, const char *step)
{
    char name[64];
    snprintf(name, sizeof name, "%s-%s", o->phase, step);
    sig_test_pause(name);
}

static void drop_tmp(io_out *o)
{
    if (o->tmp) unlink(o->tmp);
    sig_release(o->slot);
    o->slot = -1;
    free(o->tmp);
    o->tmp = NULL;
}

/* Puts the finished file in place: replacing the target, or (create) only
 * where the name is free. 0, or -1 with errno set. */
static LWCX_NODISCARD int place(io_out *o, int create)
{
    if (fflush(o->f) != 0 || fsync(fileno(o->f)) != 0) return -1;
    phase(o, "commit");
    if (o->kind == IO_UNNAMED) {
        char proc[64];
        snprintf(proc, sizeof proc, "/proc/self/fd/%d", fileno(o->f));
        if (create) return linkat(AT_FDCWD, proc, AT_FDCWD, o->path, AT_SYMLINK_FOLLOW);
        /* a link cannot replace a file: the named window, from here to the rename */
        for (int tries = 0;; tries++) {
            o->tmp = tmp_name(o->path);
            if (!o->tmp || (o->slot = sig_hold(o->tmp)) < 0) return -1;
            if (linkat(AT_FDCWD, proc, AT_FDCWD, o->tmp, AT_SYMLINK_FOLLOW) == 0) break;
            if (forget_tmp(o) != EEXIST || tries == 100) return -1;
        }
    }
    phase(o, "window");
    if (create) {
        if (link(o->tmp, o->path) != 0) return -1;
    } else if (rename(o->tmp, o->path) != 0) {
        return -1;
    }
    /* in place: the name is gone (renamed) or to be removed (linked) */
    if (create) unlink(o->tmp);
    sig_release(o->slot);
    o->slot = -1;
    free(o->tmp);
    o->tmp = NULL;
    return 0;
}

static LWCX_NODISCARD int commit(io_out *o, int create)
{
    if (o->kind == IO_STDOUT) {
        if (cli_flush_stdout() != 0) return -1; /* it said why */
        io_out_abort(o); /* (nothing left to do but forget it) */
        return 0;
    }
    const int placed = o->kind == IO_DIRECT || place(o, create) == 0;
    const int e = errno; /* place's reason, before fclose's */
    const int closed = fclose(o->f) == 0;
    o->f = NULL;
    if (!placed) errno = e;
    if (!placed || !closed) {
        cli_error(o->user, "%s%s%s", create ? "" : "write error: ", strerror(errno),
                  create && errno == EEXIST ? " (use --force to replace it)" : "");
        io_out_abort(o);
        return -1;
    }
    io_out_abort(o); /* frees the names; nothing is left to remove */
    return 0;
}

int io_out_commit(io_out *o)
{
    return commit(o, 0);
}

int io_out_commit_new(io_out *o)
{
    return commit(o, 1);
}

void io_out_abort(io_out *o)
{
    if (o->f && o->kind != IO_STDOUT) fclose(o->f);
    else if (o->f) fflush(o->f);
    drop_tmp(o);
    free(o->path);
    free(o->user);
    memset(o, 0, sizeof *o);
    o->slot = -1;
}

int io_out_check(const char *out, const io_input *in, size_t n)
{
    const int to_stdout = !out || strcmp(out, "-") == 0;
    struct stat so, si;
    int fdn = -1;
    char *real = to_stdout ? NULL : follow_links(out, &fdn);
    if (!to_stdout && !real) {
        cli_error(out, "cannot resolve its symbolic links");
        return -1;
    }
    const int to_fd = to_stdout ? STDOUT_FILENO : fdn;
    free(real);
    if (to_fd == STDOUT_FILENO && stdout_closed) {
        cli_error(to_stdout ? "standard output" : out, "%sclosed: nothing can be written there%s",
                  to_stdout ? "" : "standard output is ", to_stdout ? " (give -o FILE)" : "");
        return -1;
    }
    if (to_fd >= 0 ? fstat(to_fd, &so) != 0 : stat(out, &so) != 0) return 0; /* a new file */
    if (!S_ISREG(so.st_mode)) return 0;
    for (size_t i = 0; i < n; i++) {
        const char *p = in[i].path;
        if (!p) continue;
        const int is_stdin = strcmp(p, "-") == 0;
        if (is_stdin ? stdin_closed || fstat(STDIN_FILENO, &si) != 0 : stat(p, &si) != 0) continue;
        if (si.st_dev == so.st_dev && si.st_ino == so.st_ino) {
            cli_error(to_stdout ? "standard output" : out, "is the %s %s: the output would replace the %s",
                      in[i].role, is_stdin ? "(standard input)" : p, in[i].role);
            return -1;
        }
    }
    return 0;
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
