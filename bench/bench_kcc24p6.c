/* kcc24-p6 benchmark cases: the official benchmark input (vector 2: 192
 * bytes, cycles per call), cycles per byte at 64 and 255 bytes, calls whose
 * length is drawn at random from 0..255 each time (real traffic has many
 * lengths, and an implementation may keep per-length tables), and the first
 * call at a length the process has not used (its tables gone cold). */
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "lwcx.h"

typedef struct state {
    uint8_t key[8], pt[255], ct[255], tag[8];
    uint32_t rng;
    size_t len;                   /* first-call cases: this sample's length, */
    uint8_t msg[255], msg_tag[8]; /* and (decryption) its message */
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
    static int run_enc_##len(void *p, const lwcx_impl *impl)                \
    {                                                                       \
        state *s = p;                                                       \
        return lwcx_kcc24p6_encrypt_with(impl, s->ct, s->tag, s->pt, len, s->key); \
    }
ENC(64)
ENC(192)
ENC(255)

/* xorshift32: a few cycles, no library call */
static uint32_t next_random(state *s)
{
    s->rng ^= s->rng << 13, s->rng ^= s->rng >> 17, s->rng ^= s->rng << 5;
    return s->rng;
}

/* a length from 0..255 per call */
static int run_enc_random(void *p, const lwcx_impl *impl)
{
    state *s = p;
    return lwcx_kcc24p6_encrypt_with(impl, s->ct, s->tag, s->pt, next_random(s) >> 24, s->key);
}

/* decrypt of a valid message: tag check, then decryption */
static void *setup_dec(void)
{
    state *s = setup();
    if (s && lwcx_kcc24p6_encrypt(s->ct, s->tag, s->pt, 192, s->key)) {
        free(s);
        return NULL;
    }
    return s;
}
static int run_dec_192(void *p, const lwcx_impl *impl)
{
    state *s = p;
    return lwcx_kcc24p6_decrypt_with(impl, s->pt, s->ct, 192, s->tag, s->key);
}

/* First calls. The other calls are at 56, 64, 120 and 250 bytes (7, 8, 15
 * and 31 blocks: each path of the implementations). */
static const size_t other_lens[] = {56, 64, 120, 250};
#define NOTHER (sizeof other_lens / sizeof other_lens[0])

/* The sample's length: the sample-th of 8, 45, 82, ... (37 apart, mod 248)
 * whose block count is none of the other calls'. */
static size_t first_call_length(unsigned sample)
{
    for (;;) {
        const size_t len = 8 + (size_t)(sample++ * 37u) % 248;
        size_t k = 0;
        while (k < NOTHER && other_lens[k] / 8 != len / 8) k++;
        if (k == NOTHER) return len;
    }
}

/* Rounds of the other calls, each message new (as in real traffic: tables
 * indexed by the data see all their lines), with decrypt each decrypted too:
 * many rounds warm the code, and one stands for the traffic between two
 * calls. */
static int other_calls(state *s, const lwcx_impl *impl, int decrypt, int rounds)
{
    int bad = 0;
    for (int i = 0; i < rounds; i++)
        for (size_t k = 0; k < NOTHER; k++) {
            for (size_t b = 0; b < sizeof s->pt; b += 4) {
                const uint32_t r = next_random(s);
                memcpy(s->pt + b, &r, sizeof s->pt - b < 4 ? sizeof s->pt - b : 4);
            }
            bad |= lwcx_kcc24p6_encrypt_with(impl, s->ct, s->tag, s->pt, other_lens[k], s->key);
            if (decrypt) bad |= lwcx_kcc24p6_decrypt_with(impl, s->pt, s->ct, other_lens[k], s->tag, s->key);
        }
    return bad;
}

static int warm_enc_first(void *p, const lwcx_impl *impl, unsigned sample, int first)
{
    state *s = p;
    if (first) s->len = first_call_length(sample);
    return other_calls(s, impl, 0, first ? 500 : 1);
}
static int run_enc_first(void *p, const lwcx_impl *impl)
{
    state *s = p;
    return lwcx_kcc24p6_encrypt_with(impl, s->ct, s->tag, s->pt, s->len, s->key);
}

/* decryption: the message made by ref (no tables) before the warm-up, so
 * that ref is not what ran last, and copied in after the other calls, as if
 * just received */
static int warm_dec_first(void *p, const lwcx_impl *impl, unsigned sample, int first)
{
    state *s = p;
    int bad = 0;
    if (first) {
        s->len = first_call_length(sample);
        bad = lwcx_kcc24p6_encrypt_with(lwcx_impl_find("kcc24p6", "ref"), s->msg, s->msg_tag, s->pt, s->len, s->key);
    }
    bad |= other_calls(s, impl, 1, first ? 500 : 1);
    memcpy(s->ct, s->msg, s->len);
    memcpy(s->tag, s->msg_tag, 8);
    return bad;
}
static int run_dec_first(void *p, const lwcx_impl *impl)
{
    state *s = p;
    return lwcx_kcc24p6_decrypt_with(impl, s->pt, s->ct, s->len, s->tag, s->key);
}

static const bench_case enc192 = {"kcc24p6", "encrypt_192B", "call", 1, setup, run_enc_192, teardown, NULL, NULL, "every_call"};
static const bench_case dec192 = {"kcc24p6", "decrypt_192B", "call", 1, setup_dec, run_dec_192, teardown, NULL, NULL, "every_call"};
static const bench_case enc64 = {"kcc24p6", "encrypt_64B", "byte", 64, setup, run_enc_64, teardown, NULL, NULL, "every_call"};
static const bench_case enc255 = {"kcc24p6", "encrypt_255B", "byte", 255, setup, run_enc_255, teardown, NULL, NULL, "every_call"};

static const bench_case encrand = {"kcc24p6", "encrypt_random_0-255B", "call", 1, setup, run_enc_random, teardown, NULL, NULL, "every_call"};

static const bench_case encfirst = {"kcc24p6", "encrypt_new_length", "call", 1, setup, run_enc_first, teardown, NULL,
                                    warm_enc_first, NULL};
static const bench_case decfirst = {"kcc24p6", "decrypt_new_length", "call", 1, setup, run_dec_first, teardown, NULL,
                                    warm_dec_first, NULL};

const bench_case *const bench_cases_kcc24p6[] = {&enc192, &dec192, &enc64, &enc255, &encrand, &encfirst, &decfirst, NULL};
