/* AIMer known answers: the NIST KAT flow (AES-256 CTR_DRBG, libcrypto's
 * AES) regenerating the official records, shared by `lwcx kat` and
 * test_aimer. */
#ifndef LWCX_KAT_AIMER_H
#define LWCX_KAT_AIMER_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "lwcx.h"

/* The NIST PQC DRBG (randombytes_init / randombytes of the KAT generator). */
typedef struct kat_drbg {
    uint8_t key[32], v[16];
} kat_drbg;
/* 0, or -1 if libcrypto fails */
int kat_drbg_init(kat_drbg *d, const uint8_t entropy[48]);
int kat_drbg_bytes(kat_drbg *d, uint8_t *out, size_t len);

/* Regenerates records 0..count-1 of the official KAT of a set (count <=
 * 100) on impl and compares SHA-256(pk || sk || sm) of record i with
 * want[i]; also checks that sm opens to the message. Returns the number of
 * records that failed; counts checks. */
int kat_aimer_records(const lwcx_impl *impl, lwcx_aimer_set set, unsigned count,
                      const uint8_t (*want)[32], FILE *log, unsigned *checks);

#endif
