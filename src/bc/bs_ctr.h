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

/* Block j of the batch = (hi:lo + j) mod 2^n, sliced as the layout says: a
 * ripple-carry adder of the block index onto a lane-constant counter (2-5
 * operations a bit, a few hundred a batch; an unaligned iv needs no special
 * case). Made a bit at a time (bs_ctr_bit), so that a cipher's first round
 * can take its inputs as they come instead of from memory (PRESENT's). */
typedef struct bs_ctr_gen {
    bs_ctr_layout layout;
    const bs_word *lane; /* BS_LANE_PATS, npat of them */
    unsigned npat;
    uint64_t hi, lo;
    bs_word carry;
} bs_ctr_gen;

BS_INLINE bs_ctr_gen bs_ctr_gen_start(const bs_ctr_layout layout, const bs_word *lane, const unsigned npat,
                                      uint64_t hi, uint64_t lo)
{
    bs_ctr_gen g;
    g.layout = layout;
    g.lane = lane;
    g.npat = npat;
    g.hi = hi;
    g.lo = lo;
    g.carry = BS_ZERO;
    return g;
}

/* Bit i of the batch's counters (word i ^ layout.word_xor), XORed with the
 * lane-constant mask add (0 or ~0, e.g. a key bit: it costs nothing there);
 * called for i = 0, 1, ... in turn, i a constant after unrolling. */
BS_INLINE bs_word bs_ctr_bit(bs_ctr_gen *g, const unsigned i, uint32_t add)
{
    const uint64_t w = i < 64 ? g->lo : g->hi;
    const uint32_t cbit = 0u - (uint32_t)(w >> (i % 64) & 1);
    const bs_word c = BS_MASK32(cbit), carry = g->carry;
    if (i < g->npat) {
        const bs_word l = g->lane[(i + g->layout.lane_rot) % g->npat];
        g->carry = BS_OR(BS_AND(l, c), BS_AND(carry, BS_OR(l, c)));
        return BS_XOR(BS_XOR(l, BS_MASK32(cbit ^ add)), carry);
    }
    g->carry = BS_AND(c, carry);
    return BS_XOR(BS_MASK32(cbit ^ add), carry);
}

/* All n counter words into x */
BS_INLINE void bs_ctr_words(const unsigned n, const bs_ctr_layout layout, bs_word *x, uint64_t hi, uint64_t lo)
{
    BS_LANE_PATS_STORAGE const bs_word lane[] = BS_LANE_PATS;
    BS_LANE_PATS_CHECK(lane);
    bs_ctr_gen g = bs_ctr_gen_start(layout, lane, sizeof lane / sizeof lane[0], hi, lo);
    /* unrolled, so that shifts and places are constants: gcc 12 kept the
     * loop, a variable shift and a branch a bit (7% of a 4 KiB GIFT-64 CTR
     * call on the 64-bit word) */
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
            /* a word at a time: gcc 12 left a byte loop as it was in the 64-bit
               word's files (a byte a cycle: PRESENT-80 bitslice64 CTR took 1.27x
               clang's time), clang vectorized it */
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
