/* File helpers for the command-line tool. */
#ifndef LWCX_CLI_IO_H
#define LWCX_CLI_IO_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Reads all of path ("-" = stdin) into buf, at most cap bytes. Returns the
 * length, -1 on an I/O error (message printed), -2 if longer than cap. */
long io_read_all(const char *path, uint8_t *buf, size_t cap);

/* Writes len bytes to path ("-" or NULL = stdout) atomically: a temporary
 * file beside the target is renamed over it only when everything was
 * written, so a failure leaves no partial output. Returns 0 or -1. */
int io_write_all(const char *path, const uint8_t *buf, size_t len);

/* A streaming output: to stdout ("-" or NULL), or to a temporary file beside
 * path that io_out_commit renames over it; io_out_abort removes it, so a
 * failed run leaves no output file behind. */
typedef struct io_out {
    const char *path;
    char *tmp;
    FILE *f;
} io_out;
int io_out_open(io_out *o, const char *path);
int io_out_write(io_out *o, const uint8_t *buf, size_t len);
int io_out_commit(io_out *o);
void io_out_abort(io_out *o);

/* Reads up to len bytes, retrying short reads; returns the count (less
 * than len only at end of file) or -1 on an error (message printed). */
long io_read_full(FILE *f, const char *name, uint8_t *buf, size_t len);

/* Parses exactly n bytes of hex (surrounding whitespace allowed); 0 or -1. */
int io_parse_hex(const char *s, size_t slen, uint8_t *out, size_t n);

/* A key from --key HEX or --key-file FILE (n raw bytes, or 2n hex digits).
 * Prints a clear message and returns -1 on any problem. */
int io_load_key(const char *hex, const char *file, uint8_t *key, size_t n, const char *cmd);

#endif
