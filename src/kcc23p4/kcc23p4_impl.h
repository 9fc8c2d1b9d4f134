/* kcc23-p4: the narrow interface every implementation fills.
 *
 * Blocks and keys are 8 bytes: two little-endian 32-bit words. The many-keys
 * functions receive a block count n that is a multiple of desc.batch, the
 * one-key functions a multiple of rk_batch (the modes in modes.c pad the
 * tail); out may equal in. */
#ifndef LWCX_KCC23P4_IMPL_H
#define LWCX_KCC23P4_IMPL_H

#include "../core/internal.h"

#define KCC23P4_ROUNDS 80
#define KCC23P4_MAX_BATCH 32 /* the modes pad tails in buffers of this many blocks */

typedef struct kcc23p4_impl {
    lwcx_impl_desc desc;
    unsigned rk_batch; /* batch of the one-key functions */
    /* block i under key i (the key schedule is part of the work) */
    void (*encrypt_keys)(uint8_t *out, const uint8_t *in, const uint8_t *keys, size_t n);
    void (*decrypt_keys)(uint8_t *out, const uint8_t *in, const uint8_t *keys, size_t n);
    /* every block under one expanded key */
    void (*encrypt_rk)(uint8_t *out, const uint8_t *in, size_t n, const uint32_t rk[KCC23P4_ROUNDS]);
    void (*decrypt_rk)(uint8_t *out, const uint8_t *in, size_t n, const uint32_t rk[KCC23P4_ROUNDS]);
} kcc23p4_impl;

/* The key schedule as specified (scalar; shared by all one-key paths). */
void lwcx_kcc23p4_expand(uint32_t rk[KCC23P4_ROUNDS], uint32_t k0, uint32_t k1);

/* The implementations are declared by the list of the build (lwcx_impls.h). */

#endif
