/* Key files of the command-line tool (docs/key-format.md): three text lines,
 *   lwcx-key-v1 ALG KIND
 *   HEX
 *   check HEX16
 * where KIND says which key of ALG it is ("secret", "public"), HEX holds the
 * key bytes and HEX16 the first 8 bytes of Esch256 over the two lines above,
 * so that a truncated or damaged file is refused with a clear message. */
#ifndef LWCX_CLI_KEYFILE_H
#define LWCX_CLI_KEYFILE_H

#include <stddef.h>
#include <stdint.h>

#include "io.h"

#define KEYFILE_MAX_KEY 128

typedef struct keyfile {
    char alg[32], kind[16];
    uint8_t key[KEYFILE_MAX_KEY];
    size_t len;
} keyfile;

/* Reads and checks path; on any problem prints "lwcx CMD: PATH: reason" and
 * returns -1. The caller checks alg, kind and len, and wipes k. A secret
 * key in a file that others may read (mode & 077) is read with a warning,
 * as ssh does. */
LWCX_NODISCARD int keyfile_load(const char *cmd, const char *path, keyfile *k);
/* The same on a key file's text already read (len bytes), name naming it
 * in the messages. */
LWCX_NODISCARD int keyfile_parse(const char *name, const char *text, size_t len, keyfile *k);
/* The warning of keyfile_load for a secret key read from descriptor fd:
 * on stderr when it is a regular file with any group or other permission. */
void keyfile_warn_exposed(const char *name, int fd);

/* The key size of a secret-key algorithm that keygen makes keys for
 * (schwaemm*, kcc24p6, the block ciphers); 0 if alg is none. */
size_t keyfile_symmetric_bytes(const char *alg);

/* The text of a key file into text (cap bytes), NUL-terminated; returns
 * its length, 0 if it does not fit. */
size_t keyfile_format(char *text, size_t cap, const char *alg, const char *kind, const uint8_t *key,
                      size_t len);

/* A file to create: written to an unnamed temporary file beside path (mode
 * 0600 for a secret key, else 0666 less the umask; io.h) that
 * keyfile_commit then links into place, so that an existing file (or a
 * link under that name) is never replaced unless replace is set. Until
 * keyfile_keep, a committed file is removed again by keyfile_discard or by
 * a signal that ends the process (keygen's two files come as a pair). */
typedef struct keyfile_out {
    io_out out;
    const char *path;
    int committed;
    int slot; /* the signal owner's hold on the committed file, or -1 */
} keyfile_out;
LWCX_NODISCARD int keyfile_stage(const char *cmd, keyfile_out *o, const char *path, const char *alg,
                                 const char *kind, const uint8_t *key, size_t len);
LWCX_NODISCARD int keyfile_commit(const char *cmd, keyfile_out *o, int replace);
void keyfile_keep(keyfile_out *o);
void keyfile_discard(keyfile_out *o);

#endif
