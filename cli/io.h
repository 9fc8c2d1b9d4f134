/* File helpers for the command-line tool. */
#ifndef LWCX_CLI_IO_H
#define LWCX_CLI_IO_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "lwcx.h"

/* Standard input, output and error that the caller closed are reopened on
 * /dev/null (the wrong way round for 0 and 1, so that using them fails), so
 * that no file the tool opens lands there; main calls it first. */
void io_std_init(void);
/* Whether standard output was closed when the tool started. */
int io_stdout_closed(void);

/* Reads all of path ("-" = stdin) into buf, at most cap bytes. Returns the
 * length, -1 on an I/O error (message printed), -2 if longer than cap. */
LWCX_NODISCARD long io_read_all(const char *path, uint8_t *buf, size_t cap);

/* Outputs, one policy for every command.
 *  - Standard output ("-" or NULL), a path naming a descriptor the process
 *    already has open (/dev/stdout, /dev/fd/N, /proc/self/fd/N): written
 *    through to that descriptor, never replaced.
 *  - A FIFO, a device or any other file that is not a regular one: written
 *    through (a failure can then only stop the stream).
 *  - Otherwise atomically: a read-only file is refused; the data goes to an
 *    unnamed temporary file (O_TMPFILE) beside the target that io_out_commit
 *    puts in place only when everything was written. Replacing a file takes
 *    a name: the finished file gets the temporary name
 *    .BASE.lwcx-tmp.PID.XXXXXX (BASE shortened to fit NAME_MAX) just before
 *    it is renamed over the target; a SIGKILL between the two leaves that
 *    name, which the next output to the same target removes once PID is
 *    dead. Without O_TMPFILE the file has that name from the start.
 *    io_out_abort, a failure, SIGINT, SIGTERM or SIGHUP leave nothing.
 *    Symlinks are followed: the file they name is replaced, not the link.
 * Every check that can be made before the work is made by io_out_open. */
enum {
    IO_OUT_NAME = 1,   /* a name to create or replace: links not followed, never written through */
    IO_OUT_PUBLIC = 2, /* mode 0666 less the umask (else 0600) */
};
typedef struct io_out {
    char *path;        /* the target, links followed */
    char *user;        /* the target as the user named it, for messages */
    char *tmp;         /* the temporary's name, while it may have one */
    int slot;          /* the signal owner's hold on tmp, or -1 */
    int flags;
    const char *phase; /* the test pauses' name for this output: PHASE-commit, PHASE-window */
    FILE *f;
    uint64_t written;  /* bytes handed to io_out_write */
    enum { IO_STDOUT, IO_DIRECT, IO_UNNAMED, IO_NAMED } kind;
} io_out;
LWCX_NODISCARD int io_out_open(io_out *o, const char *path);
LWCX_NODISCARD int io_out_open_as(io_out *o, const char *path, int flags);
LWCX_NODISCARD int io_out_write(io_out *o, const uint8_t *buf, size_t len);
LWCX_NODISCARD int io_out_commit(io_out *o);
/* Commits without replacing anything: fails if the name exists (even as a
 * dangling symlink); for IO_OUT_NAME outputs. */
LWCX_NODISCARD int io_out_commit_new(io_out *o);
void io_out_abort(io_out *o);
/* Whether nothing reaches the target before io_out_commit. */
int io_out_atomic(const io_out *o);
/* What the messages call the output. */
const char *io_out_name(const io_out *o);

/* Checks before any work that the output (NULL or "-": standard output)
 * destroys none of the n inputs: -1 (message printed) when standard output
 * is closed, or when the output is the same regular file, links followed,
 * as an input ("-": standard input); role names each in the message. */
typedef struct io_input {
    const char *path; /* NULL: none */
    const char *role; /* "input file", "key file", "message" */
} io_input;
LWCX_NODISCARD int io_out_check(const char *out, const io_input *in, size_t n);

/* All of buf to path through an io_out. Returns 0 or -1 (message printed). */
LWCX_NODISCARD int io_write_all(const char *path, const uint8_t *buf, size_t len);

/* Reads up to len bytes, retrying short reads; returns the count (less
 * than len only at end of file) or -1 on an error (message printed). */
LWCX_NODISCARD long io_read_full(FILE *f, const char *name, uint8_t *buf, size_t len);

/* Parses exactly n bytes of hex (surrounding whitespace allowed); 0 or -1. */
LWCX_NODISCARD int io_parse_hex(const char *s, size_t slen, uint8_t *out, size_t n);

#endif
