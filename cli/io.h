/* File helpers for the command-line tool. */
#ifndef LWCX_CLI_IO_H
#define LWCX_CLI_IO_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Reads all of path ("-" = stdin) into buf, at most cap bytes. Returns the
 * length, -1 on an I/O error (message printed), -2 if longer than cap. */
long io_read_all(const char *path, uint8_t *buf, size_t cap);

/* Outputs. To standard output ("-" or NULL). To a FIFO, a device or any
 * other file that is not a regular one: written through (a failure can then
 * only stop the stream). Otherwise atomically: the data goes to a temporary
 * file (on Linux an unnamed one, O_TMPFILE) that io_out_commit puts in place
 * of the target only when everything was written; io_out_abort, a failure,
 * SIGINT, SIGTERM or SIGHUP leave nothing behind. Symlinks are followed: the
 * file they name is replaced, not the link. */
typedef struct io_out {
    char *path; /* the target, links followed */
    char *user; /* the target as the user named it, for messages */
    char *tmp;  /* the temporary's name, while it has one */
    FILE *f;
    enum { IO_STDOUT, IO_DIRECT, IO_UNNAMED, IO_NAMED } kind;
} io_out;
int io_out_open(io_out *o, const char *path);
int io_out_write(io_out *o, const uint8_t *buf, size_t len);
int io_out_commit(io_out *o);
void io_out_abort(io_out *o);

/* All of buf to path through an io_out. Returns 0 or -1 (message printed). */
int io_write_all(const char *path, const uint8_t *buf, size_t len);

/* Reads up to len bytes, retrying short reads; returns the count (less
 * than len only at end of file) or -1 on an error (message printed). */
long io_read_full(FILE *f, const char *name, uint8_t *buf, size_t len);

/* Parses exactly n bytes of hex (surrounding whitespace allowed); 0 or -1. */
int io_parse_hex(const char *s, size_t slen, uint8_t *out, size_t n);

#endif
