/* Template: included by other files, never compiled on its own.
 * Includer defines first: bs_word, BS_INLINE and the BS_* word operations
 * Defines: bs_ctr_gen, bs_ctr_gen_start, bs_ctr_bit (the sliced counters, a bit at a time)
 */
/* The sliced counters of CTR made a bit at a time, for bitslice/bs_ctr.tmpl.h and for
 * the cores whose first round takes them as they come (present/bs_impl.tmpl.h,
 * gift/bs_core.tmpl.h). Plain data and BS_* operations only, so that every
 * includer of a core (CUDA, OpenCL C) compiles it. */
#ifndef LWCX_BS_CTR_GEN_H
#define LWCX_BS_CTR_GEN_H

/* Block j of the batch = (hi:lo + j) mod 2^n: a ripple-carry adder of the
 * block index onto a lane-constant counter (2-5 operations a bit, a few
 * hundred a batch; an unaligned iv needs no special case). lane: the word
 * header's BS_LANE_PATS, npat of them; bit i of the block's index in the
 * batch is lane pattern (i + lane_rot) mod npat (a packing's bs_ctr_layout). */
typedef struct bs_ctr_gen {
    const bs_word *lane;
    unsigned npat, lane_rot;
    uint64_t hi, lo;
    bs_word carry;
} bs_ctr_gen;

BS_INLINE bs_ctr_gen bs_ctr_gen_start(const bs_word *lane, const unsigned npat, const unsigned lane_rot,
                                      uint64_t hi, uint64_t lo)
{
    bs_ctr_gen g;
    g.lane = lane;
    g.npat = npat;
    g.lane_rot = lane_rot;
    g.hi = hi;
    g.lo = lo;
    g.carry = BS_MASK32(0);
    return g;
}

/* Bit i of the batch's counters, XORed with the lane-constant mask add (0
 * or ~0, e.g. a key bit: it costs nothing there); called for i = 0, 1, ...
 * in turn, i a constant after unrolling. */
BS_INLINE bs_word bs_ctr_bit(bs_ctr_gen *g, const unsigned i, uint32_t add)
{
    const uint64_t w = i < 64 ? g->lo : g->hi;
    const uint32_t cbit = 0u - (uint32_t)(w >> (i % 64) & 1);
    const bs_word c = BS_MASK32(cbit), carry = g->carry;
    if (i < g->npat) {
        const bs_word l = g->lane[(i + g->lane_rot) % g->npat];
        g->carry = BS_OR(BS_AND(l, c), BS_AND(carry, BS_OR(l, c)));
        return BS_XOR(BS_XOR(l, BS_MASK32(cbit ^ add)), carry);
    }
    g->carry = BS_AND(c, carry);
    return BS_XOR(BS_MASK32(cbit ^ add), carry);
}

#endif
