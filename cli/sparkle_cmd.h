/* What sparkle_cmd.c offers lwcx enc/dec (aead_cmd.c): the Schwaemm variants
 * by name and the LWCX stream between files. */
#ifndef LWCX_CLI_SPARKLE_CMD_H
#define LWCX_CLI_SPARKLE_CMD_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "lwcx.h"

/* The lwcx_schwaemm_variant named alg, or -1. */
LWCX_NODISCARD int stream_variant(const char *alg);

/* Encrypts or decrypts the stream read from f (named in: "-" is standard
 * input) into out (io_out_open's rules) with the variant and key; pre holds
 * prelen bytes already read from f (dec reads the header first). 0, or 1
 * with the reason printed. */
LWCX_NODISCARD int stream_file(int variant, const uint8_t *key, FILE *f, const char *in, const uint8_t *pre,
                               size_t prelen, const char *out, int decrypt);

#endif
