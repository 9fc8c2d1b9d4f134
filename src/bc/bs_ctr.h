/* CTR for the bitsliced implementations (the bc_impl ctr hook), written
 * once for every cipher and word: the counters of a batch are made directly
 * in sliced form, so only the keystream is unpacked and no input is packed.
 * Included after the word header, which defines bs_word, BS_LANES, BS_ZERO,
 * BS_MASK32, bs_unpack_be and BS_LANE_PATS, whose lane l must be block l of
 * bs_pack_be's layout (true of bs_word_u64x8.h; the CTR differential tests
 * of every implementation that uses this check it). */
#ifndef LWCX_BS_CTR_H
#define LWCX_BS_CTR_H

/* Encrypts the n words x (bs_pack_be's layout) with y as scratch; returns
 * where the result is. */
typedef bs_word *(*bs_ctr_encrypt_fn)(const void *sched, bs_word *x, bs_word *y);

/* x[i] = bit i of (hi:lo + l) mod 2^n in every lane l: a ripple-carry adder
 * of the lane index onto a lane-constant counter (2-5 operations a bit, a
 * few hundred a batch; an unaligned iv needs no special case). */
BS_INLINE void bs_ctr_words(const unsigned n, bs_word *x, uint64_t hi, uint64_t lo)
{
    BS_LANE_PATS_STORAGE const bs_word lane[] = BS_LANE_PATS;
    BS_LANE_PATS_CHECK(lane);
    bs_word carry = BS_ZERO;
    for (unsigned i = 0; i < n; i++) {
        const uint64_t w = i < 64 ? lo : hi;
        const bs_word c = BS_MASK32(0u - (uint32_t)(w >> (i % 64) & 1));
        if (i < sizeof lane / sizeof lane[0]) {
            x[i] = BS_XOR(BS_XOR(lane[i], c), carry);
            carry = BS_OR(BS_AND(lane[i], c), BS_AND(carry, BS_OR(lane[i], c)));
        } else {
            x[i] = BS_XOR(c, carry);
            carry = BS_AND(c, carry);
        }
    }
}

/* All of CTR with n-bit blocks (64 or 128): per batch, the sliced counters
 * iv + j, the cipher, the keystream unpacked and XORed onto the input (out
 * may equal in). */
BS_INLINE void bs_ctr(const unsigned n, bs_ctr_encrypt_fn encrypt, const void *sched, const uint8_t *iv,
                      uint8_t *out, const uint8_t *in, size_t len)
{
    const size_t batch_bytes = (size_t)n / 8 * BS_LANES;
    uint64_t lo = lwcx_load64be(iv + n / 8 - 8), hi = n == 128 ? lwcx_load64be(iv) : 0;
    bs_word x[128], y[128];
    uint64_t stream64[2 * BS_LANES]; /* one batch of keystream */
    uint8_t *stream = (uint8_t *)stream64;
    while (len) {
        bs_ctr_words(n, x, hi, lo);
        bs_unpack_be(n, stream, encrypt(sched, x, y));
        const size_t m = len < batch_bytes ? len : batch_bytes;
        for (size_t i = 0; i < m; i++) out[i] = (uint8_t)(in[i] ^ stream[i]); /* vectorized */
        out += m, in += m, len -= m;
        lo += BS_LANES;
        hi += lo < BS_LANES; /* the low half wrapped (only read for 128-bit blocks) */
    }
    /* the cipher's states and the keystream */
    lwcx_wipe(x, n * sizeof x[0]);
    lwcx_wipe(y, n * sizeof y[0]);
    lwcx_wipe(stream64, batch_bytes);
}

#endif
