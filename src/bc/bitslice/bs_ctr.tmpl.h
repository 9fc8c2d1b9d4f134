/* Template: included by other files, never compiled on its own.
 * Includer defines first: a word header (bs_word, BS_LANES, BS_ZERO, BS_MASK32, BS_LANE_PATS,
 *   bs_unpack_be)
 * Defines: bs_ctr_layout, bs_ctr_words, bs_ctr (the CTR hook), BS_CTR_PACK_BE
 */
/* CTR for the bitsliced implementations (the bc_impl ctr hook), written
 * once for every cipher and word: the counters of a batch are made directly
 * in sliced form, so only the keystream is unpacked and no input is packed.
 * Included after the word header, which defines bs_word, BS_LANES, BS_ZERO,
 * BS_MASK32, bs_unpack_be and BS_LANE_PATS (lane l of bs_pack_be's layout
 * holds block l). A cipher whose packing is not bs_pack_be's describes its
 * own with a bs_ctr_layout (PIPO's); the CTR differential tests of every
 * implementation that uses this check the layouts. */
#ifndef LWCX_BS_CTR_H
#define LWCX_BS_CTR_H

#include "bs_ctr_gen.tmpl.h"

/* Where a packing puts a block's bits and which lane holds which block of
 * the batch, and its inverse. */
typedef struct bs_ctr_layout {
    unsigned word_xor; /* bit i of the block as a big-endian integer is word i ^ word_xor */
    unsigned lane_rot; /* bit i of the block's index in the batch is lane pattern i + lane_rot
                          (mod the number of patterns) */
    void (*unpack)(unsigned n, uint8_t *out, bs_word *x); /* may clobber x */
    /* optional (NULL): unpack XORed onto in, out = in ^ batch (may be equal) */
    void (*unpack_xor)(unsigned n, uint8_t *out, const uint8_t *in, bs_word *x);
} bs_ctr_layout;

/* bs_pack_be's (with the word header's fused unpack-and-XOR if it has one) */
#ifndef BS_UNPACK_XOR_BE
#define BS_UNPACK_XOR_BE NULL
#endif
#define BS_CTR_PACK_BE ((bs_ctr_layout){0, 0, bs_unpack_be, BS_UNPACK_XOR_BE})

/* All n counter words into x */
BS_INLINE void bs_ctr_words(const unsigned n, const bs_ctr_layout layout, bs_word *x, uint64_t hi, uint64_t lo)
{
    BS_LANE_PATS_STORAGE const bs_word lane[] = BS_LANE_PATS;
    BS_LANE_PATS_CHECK(lane);
    bs_ctr_gen g = bs_ctr_gen_start(lane, sizeof lane / sizeof lane[0], layout.lane_rot, hi, lo);
    /* unrolled, so that shifts and places are constants: gcc kept the
     * loop, a variable shift and a branch a bit */
    BS_UNROLL(128)
    for (unsigned i = 0; i < n; i++) x[i ^ layout.word_xor] = bs_ctr_bit(&g, i, 0);
}

/* Encrypts one batch of counters, blocks hi:lo + j, in n words (x and y
 * scratch, n words each; most ciphers make the counters in x with
 * bs_ctr_words, then encrypt); returns where the result is. */
typedef bs_word *(*bs_ctr_encrypt_fn)(const void *sched, bs_word *x, bs_word *y, uint64_t hi, uint64_t lo);

/* All of CTR with n-bit blocks (64 or 128): per batch, the cipher on the
 * counters iv + j (encrypt makes them sliced), the keystream unpacked and
 * XORed onto the input (out may equal in). */
BS_INLINE void bs_ctr(const unsigned n, const bs_ctr_layout layout, bs_ctr_encrypt_fn encrypt, const void *sched,
                      const uint8_t *iv, uint8_t *out, const uint8_t *in, size_t len)
{
    const size_t batch_bytes = (size_t)n / 8 * BS_LANES;
    uint64_t lo = lwcx_load64be(iv + n / 8 - 8), hi = n == 128 ? lwcx_load64be(iv) : 0;
    bs_word x[128], y[128];
    bs_word stream_w[128]; /* one batch of keystream, where it is not XORed on unpacking */
    uint8_t *stream = (uint8_t *)stream_w;
    int streamed = 0;
    while (len) {
        const size_t m = len < batch_bytes ? len : batch_bytes;
        if (layout.unpack_xor && m == batch_bytes) {
            layout.unpack_xor(n, out, in, encrypt(sched, x, y, hi, lo));
        } else {
            layout.unpack(n, stream, encrypt(sched, x, y, hi, lo));
            streamed = 1;
            /* a word at a time: gcc left a byte loop as it was in the 64-bit
               word's files (a byte a cycle; docs/design/block-ciphers.md,
               "CTR's counters and keystream"), clang vectorized it */
            size_t i = 0;
            for (; i + sizeof(bs_word) <= m; i += sizeof(bs_word)) {
                bs_word w;
                memcpy(&w, in + i, sizeof w);
                w = BS_XOR(w, stream_w[i / sizeof w]);
                memcpy(out + i, &w, sizeof w);
            }
            for (; i < m; i++) out[i] = (uint8_t)(in[i] ^ stream[i]);
        }
        out += m, in += m, len -= m;
        lo += BS_LANES;
        hi += lo < BS_LANES; /* the low half wrapped (only read for 128-bit blocks) */
    }
    /* the cipher's states and the keystream */
    lwcx_wipe(x, n * sizeof x[0]);
    lwcx_wipe(y, n * sizeof y[0]);
    if (streamed) lwcx_wipe(stream_w, batch_bytes);
}

#endif
