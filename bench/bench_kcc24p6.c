/* kcc24-p6 benchmark cases: the official benchmark input (vector 2: 192
 * bytes, cycles per call), cycles per byte at 64 and 255 bytes, and calls
 * whose length is drawn at random from 0..255 each time (real traffic has
 * many lengths, and an implementation may keep per-length tables). */
#include <stdlib.h>

#include "bench.h"
#include "lwcx.h"

typedef struct state {
    uint8_t key[8], pt[255], ct[255], tag[8];
    uint32_t rng;
} state;

static void *setup(void)
{
    state *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    /* vector 2's key; the message content does not affect timing */
    const uint8_t key[8] = {0xD8, 0x99, 0x28, 0xC3, 0xDA, 0x29, 0x6B, 0xB0};
    for (int i = 0; i < 8; i++) s->key[i] = key[i];
    for (int i = 0; i < 255; i++) s->pt[i] = (uint8_t)(i * 37 + 11);
    s->rng = 0x9e3779b9u;
    return s;
}

static void teardown(void *p)
{
    free(p);
}

#define ENC(len)                                                            \
    static void run_enc_##len(void *p, const lwcx_impl *impl)               \
    {                                                                       \
        state *s = p;                                                       \
        lwcx_kcc24p6_encrypt_with(impl, s->ct, s->tag, s->pt, len, s->key); \
    }
ENC(64)
ENC(192)
ENC(255)

/* a length from 0..255 per call (xorshift32: a few cycles, no library call) */
static void run_enc_random(void *p, const lwcx_impl *impl)
{
    state *s = p;
    s->rng ^= s->rng << 13, s->rng ^= s->rng >> 17, s->rng ^= s->rng << 5;
    lwcx_kcc24p6_encrypt_with(impl, s->ct, s->tag, s->pt, s->rng >> 24, s->key);
}

/* decrypt of a valid message: tag check, then decryption */
static void *setup_dec(void)
{
    state *s = setup();
    if (s) lwcx_kcc24p6_encrypt(s->ct, s->tag, s->pt, 192, s->key);
    return s;
}
static void run_dec_192(void *p, const lwcx_impl *impl)
{
    state *s = p;
    lwcx_kcc24p6_decrypt_with(impl, s->pt, s->ct, 192, s->tag, s->key);
}

static const bench_case enc192 = {"kcc24p6", "encrypt_192B", "call", 1, setup, run_enc_192, teardown, NULL};
static const bench_case dec192 = {"kcc24p6", "decrypt_192B", "call", 1, setup_dec, run_dec_192, teardown, NULL};
static const bench_case enc64 = {"kcc24p6", "encrypt_64B", "byte", 64, setup, run_enc_64, teardown, NULL};
static const bench_case enc255 = {"kcc24p6", "encrypt_255B", "byte", 255, setup, run_enc_255, teardown, NULL};

static const bench_case encrand = {"kcc24p6", "encrypt_random_0-255B", "call", 1, setup, run_enc_random, teardown, NULL};

const bench_case *const bench_cases_kcc24p6[] = {&enc192, &dec192, &enc64, &enc255, &encrand, NULL};
