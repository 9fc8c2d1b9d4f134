/* GIFT-128 by slices, 16 blocks a zmm register, 64 blocks a batch.
 *
 * Slice j of a block is bit j of its 32 nibbles: a 32-bit lane. Register j
 * of a group holds slice j of 16 blocks, so a group is 4 registers and a
 * batch of 4 groups stays in registers through all 40 rounds. The S-box is
 * the bitsliced circuit on the 4 registers. PermBits keeps every bit in its
 * slice but permutes each slice's nibbles differently; the slices need one
 * order (frame) only at the S-box. The frame follows slice 3, which never
 * moves: after the S-box, slices 0..2 are moved into slice 3's next frame,
 * one or two instructions each (gf2p8affineqb bit permutations within bytes,
 * vprold, vpshldw), 17 a group every 5 rounds, after which the frames
 * repeat (the order of slice 3's permutation). The round keys join the
 * S-box's last operations in the frame before the moves: slice 1's word
 * (V) and slice 2's (U) are the round key's bits permuted as r % 5 asks.
 * scripts/gift_slices512_tables.py derives and checks all of this against a
 * model of GIFT-128 and writes the tables (gift/slices512_tables.h).
 *
 * This is the fixslicing of Adomnicai, Najm and Peyrin (TCHES 2020) for
 * sixteen blocks at once, with AVX-512's instructions for its moves; the
 * frames here are the packing's (gf2p8affineqb 8x8 bit transposes, one
 * vpshufb, a 4x4 transpose of dwords).
 *
 * Per group and round: 8 operations of S-box, key and constant (the
 * constant rides on the next round's operations), and 3.4 moves on
 * average, against the 128-word bitslicing's state stores and loads
 * (gift/avx512vl.c, gift/avx512.c); the moves share two pipes. Many keys
 * make each lane's 80 key words through the Benes network that one key's
 * words go through (lane_keys_make, six times the block's rounds in
 * operations), so neither many keys nor the key search (one block a key)
 * is faster here than in the 128-word bitslicing, and the policy
 * (src/core/policy.c) takes slices512 for one-key calls only
 * (docs/design/selection.md).
 *
 * Compiled with AVX-512 F/BW/VL, GFNI and VBMI2 (ISA avx512vbmi2) only. */
#include <immintrin.h>
#include <string.h>

#include "../bc_impl.h"
#include "slices512_tables.h"
#include "../bitslice/tern512.h"

#define S_ROUNDS 40
#define S_GROUPS 4 /* groups of 16 blocks in a batch */
#define S_BATCH (16 * S_GROUPS)
#define S_INLINE static inline __attribute__((always_inline))

typedef __m512i reg;

/* Round r's key words: slice 1's (V) in w[r / 8][r % 8], slice 2's (U) in
 * w[r / 8][8 + r % 8], in the frame of round r before the moves. */
typedef struct slices_sched {
    _Alignas(64) uint32_t w[5][16];
} slices_sched;

/* m in every qword, a gf2p8affineqb matrix, in a register: clang folds
 * a broadcast of a constant into the instruction as a {1to8} operand whose
 * compressed displacement it can scale wrongly (gift/groups512.c) */
S_INLINE reg matrix(uint64_t m)
{
    reg v = _mm512_set1_epi64((long long)m);
#ifdef __clang__
    __asm__("" : "+v"(v));
#endif
    return v;
}

S_INLINE reg bcast(uint32_t v)
{
    return _mm512_set1_epi32((int)v);
}

/* --- rounds ------------------------------------------------------------------------ */

/* Where round r's key words come from: one key's schedule (KEYS_ONE: the
 * same words in every lane) or each lane's own (KEYS_LANES: lane_keys_make's
 * registers, lanes[r][0][g] slice 1's and lanes[r][1][g] slice 2's word of
 * group g). */
enum { KEYS_ONE, KEYS_LANES };
typedef struct key_source {
    const slices_sched *one;
    const reg (*lanes)[2][S_GROUPS];
} key_source;

/* which: 0 slice 1's word (V), 1 slice 2's (U) */
S_INLINE reg key_word(const key_source *k, int mode, unsigned r, unsigned which, unsigned g)
{
    if (mode == KEYS_LANES) return k->lanes[r][which][g];
    return bcast(k->one->w[r / 8][8 * which + r % 8]);
}

S_INLINE reg rol32(reg v, unsigned c)
{
    switch (c) { /* (immediates) */
    case 8: return _mm512_rol_epi32(v, 8);
    case 16: return _mm512_rol_epi32(v, 16);
    case 24: return _mm512_rol_epi32(v, 24);
    default: return v;
    }
}

S_INLINE reg rol16(reg v, unsigned c)
{
    switch (c) {
    case 4: return _mm512_shldi_epi16(v, v, 4);
    case 8: return _mm512_shldi_epi16(v, v, 8);
    case 12: return _mm512_shldi_epi16(v, v, 12);
    default: return v;
    }
}

/* gf2p8affineqb by the matrix m on the bytes of mask (all: unmasked) */
S_INLINE reg bits_in_bytes(reg v, uint64_t m, uint64_t mask)
{
    if (!m) return v;
    if (mask == ~(uint64_t)0) return _mm512_gf2p8affine_epi64_epi8(v, matrix(m), 0);
#ifdef __clang__ /* which would make it an unmasked one and a blend */
    __asm__("vgf2p8affineqb $0, %1, %0, %0%{%2%}" : "+v"(v) : "v"(matrix(m)), "Yk"((__mmask64)mask));
    return v;
#else
    return _mm512_mask_gf2p8affine_epi64_epi8(v, (__mmask64)mask, v, matrix(m), 0);
#endif
}

S_INLINE reg move(reg v, const struct slice_move *m)
{
    return rol16(rol32(bits_in_bytes(v, m->gf, m->bytes), m->rol32), m->rol16);
}

S_INLINE reg unmove(reg v, const struct slice_move *m)
{
    return bits_in_bytes(rol32(rol16(v, (16 - m->rol16) % 16), (32 - m->rol32) % 32), m->gf_inv, m->bytes);
}

/* Round r (phase r % 5) on every group: the S-box with the round's key
 * words, then the moves into the next frame. 8 operations 6 deep:
 * - slice 3 arrives without the last round's constant (RC_IN[r]): u = t1 ^
 *   x3 and y0 = ~(s2 ^ x3) add it, and s0 = x0 ^ (t1 & x3) reads u instead
 *   (t1 & x3 = t1 & ~u), so y3 = s0 with this round's constant left pending;
 * - y2 = s0 ? u : s2 reads u rather than y1, so that y1 and y2 each take
 *   their key word.
 * Each operation's first operand is the input that comes last (bitslice/tern512.h):
 * x2, whose key XOR comes after the S-box, then t1, u, s0, s2; the copies
 * this takes are register renames. */
S_INLINE void enc_round(reg x[S_GROUPS][4], const key_source *k, int mode, unsigned r, unsigned phase)
{
    const reg c = bcast(RC_IN[r]);
    reg t1[S_GROUPS], u[S_GROUPS], s0[S_GROUPS], s2[S_GROUPS];
    for (unsigned g = 0; g < S_GROUPS; g++) TERN_INTO(t1[g], x[g][2], x[g][0], x[g][1], 0x6A); /* x1 ^ (x0 & x2) */
    for (unsigned g = 0; g < S_GROUPS; g++) TERN_INTO(u[g], t1[g], x[g][3], c, 0x96);
    for (unsigned g = 0; g < S_GROUPS; g++) TERN_INTO(s0[g], u[g], t1[g], x[g][0], 0xA6);    /* x0 ^ (t1 & ~u) */
    for (unsigned g = 0; g < S_GROUPS; g++) TERN_INTO(s2[g], s0[g], x[g][2], t1[g], 0x36);   /* x2 ^ (s0 | t1) */
    for (unsigned g = 0; g < S_GROUPS; g++) {
        reg y0, y1, y2;
        TERN_INTO(y2, s2[g], s0[g], u[g], 0xB8); /* s0 ? u : s2 */
        TERN_INTO(y0, s2[g], x[g][3], c, 0x69);  /* ~(s2 ^ x3) */
        TERN_INTO(y1, s2[g], u[g], key_word(k, mode, r, 0, g), 0x96);
        x[g][3] = s0[g];
        x[g][2] = move(_mm512_xor_si512(y2, key_word(k, mode, r, 1, g)), &MOVES[phase][2]);
        x[g][0] = move(y0, &MOVES[phase][0]);
        x[g][1] = move(y1, &MOVES[phase][1]);
    }
}

/* The inverse of round r (on whole states: no constant pending): the moves
 * back, then the S-box's steps undone */
S_INLINE void dec_round(reg x[S_GROUPS][4], const key_source *k, int mode, unsigned r, unsigned phase)
{
    const reg c = bcast(RC_IN[r + 1]);
    for (unsigned g = 0; g < S_GROUPS; g++) {
        const reg y0 = unmove(x[g][0], &MOVES[phase][0]);
        const reg a1k = _mm512_xor_si512(unmove(x[g][1], &MOVES[phase][1]), key_word(k, mode, r, 0, g));
        const reg a2k = _mm512_xor_si512(unmove(x[g][2], &MOVES[phase][2]), key_word(k, mode, r, 1, g));
        reg a0 = _mm512_xor_si512(x[g][3], c);
        reg a2 = XOR_AND(a2k, a0, a1k);
        reg a1 = XNOR(a1k, y0);
        reg a3 = XNOR(y0, a2);
        a2 = XOR_OR(a2, a0, a1);
        a0 = XOR_AND(a0, a1, a3);
        a1 = XOR_AND(a1, a0, a2);
        x[g][0] = a0;
        x[g][1] = a1;
        x[g][2] = a2;
        x[g][3] = a3;
    }
}

/* The rounds five at a time (one turn of the frames), then the last
 * constant; on a copy of the state the compilers keep in registers (clang
 * keeps it in memory otherwise: the keys may alias it) */
S_INLINE void encrypt_rounds(reg state[S_GROUPS][4], const key_source *k, int mode)
{
    reg x[S_GROUPS][4];
    memcpy(x, state, sizeof x);
    for (unsigned r = 0; r < S_ROUNDS; r += 5) {
        enc_round(x, k, mode, r, 0);
        enc_round(x, k, mode, r + 1, 1);
        enc_round(x, k, mode, r + 2, 2);
        enc_round(x, k, mode, r + 3, 3);
        enc_round(x, k, mode, r + 4, 4);
    }
    for (unsigned g = 0; g < S_GROUPS; g++) x[g][3] = _mm512_xor_si512(x[g][3], bcast(RC_IN[S_ROUNDS]));
    memcpy(state, x, sizeof x);
}

S_INLINE void decrypt_rounds(reg state[S_GROUPS][4], const key_source *k, int mode)
{
    reg x[S_GROUPS][4];
    memcpy(x, state, sizeof x);
    for (unsigned r = S_ROUNDS; r > 0; r -= 5) {
        dec_round(x, k, mode, r - 1, 4);
        dec_round(x, k, mode, r - 2, 3);
        dec_round(x, k, mode, r - 3, 2);
        dec_round(x, k, mode, r - 4, 1);
        dec_round(x, k, mode, r - 5, 0);
    }
    memcpy(state, x, sizeof x);
}

static __attribute__((noinline)) void encrypt_rounds_one(reg x[S_GROUPS][4], const slices_sched *s)
{
    const key_source k = {s, NULL};
    encrypt_rounds(x, &k, KEYS_ONE);
}

/* --- packing ---------------------------------------------------------------------- */

S_INLINE reg lane_pattern(const uint8_t p[16])
{
    return _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)p));
}

/* a 4x4 transpose of the dwords of each 128-bit lane across v[0..3] (its
 * own inverse) */
S_INLINE void transpose_dwords(reg v[4])
{
    const reg t0 = _mm512_unpacklo_epi32(v[0], v[1]), t1 = _mm512_unpackhi_epi32(v[0], v[1]);
    const reg t2 = _mm512_unpacklo_epi32(v[2], v[3]), t3 = _mm512_unpackhi_epi32(v[2], v[3]);
    v[0] = _mm512_unpacklo_epi64(t0, t2);
    v[1] = _mm512_unpackhi_epi64(t0, t2);
    v[2] = _mm512_unpacklo_epi64(t1, t3);
    v[3] = _mm512_unpackhi_epi64(t1, t3);
}

/* 16 blocks (v[i]: blocks 4 i .. 4 i + 3) to a group's slices: register j,
 * lane 4 l + i is block 4 i + l */
S_INLINE void pack(reg v[4])
{
    const reg t = _mm512_set1_epi64((long long)T_PACK), shuf = lane_pattern(PACK_SHUF);
    for (unsigned i = 0; i < 4; i++)
        v[i] = _mm512_shuffle_epi8(_mm512_gf2p8affine_epi64_epi8(t, v[i], 0), shuf);
    transpose_dwords(v);
}

S_INLINE void unpack(reg v[4])
{
    const reg t = _mm512_set1_epi64((long long)T_UNPACK), shuf = lane_pattern(UNPACK_SHUF);
    transpose_dwords(v);
    for (unsigned i = 0; i < 4; i++) v[i] = _mm512_gf2p8affine_epi64_epi8(t, _mm512_shuffle_epi8(v[i], shuf), 0);
}

S_INLINE void load_batch(reg x[S_GROUPS][4], const uint8_t *in)
{
    for (unsigned g = 0; g < S_GROUPS; g++) {
        for (unsigned i = 0; i < 4; i++) x[g][i] = _mm512_loadu_si512(in + 256 * g + 64 * i);
        pack(x[g]);
    }
}

/* out = the batch (^ in, when given) */
S_INLINE void store_batch(uint8_t *out, const uint8_t *in, reg x[S_GROUPS][4])
{
    for (unsigned g = 0; g < S_GROUPS; g++) {
        unpack(x[g]);
        for (unsigned i = 0; i < 4; i++) {
            reg v = x[g][i];
            if (in) v = _mm512_xor_si512(v, _mm512_loadu_si512(in + 256 * g + 64 * i));
            _mm512_storeu_si512(out + 256 * g + 64 * i, v);
        }
    }
}

/* --- key schedule ------------------------------------------------------------------ */

/* swaps the bits of x at p and p + d for every p in m */
S_INLINE reg delta_swap(reg x, unsigned d, reg m)
{
    const reg t = TERN(x, _mm512_srli_epi32(x, d), m, 0x28); /* (a ^ b) & c */
    return XOR3(x, t, _mm512_slli_epi32(t, d));
}

static void expand(void *sched, const uint8_t *key)
{
    slices_sched *s = sched;
    const reg k = _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)key));
    for (unsigned i = 0; i < 5; i++) {
        reg x = _mm512_permutexvar_epi16(_mm512_loadu_si512(KEY_WORDS[i]), k);
        for (unsigned st = 0; st < 9; st++) x = delta_swap(x, KEY_DIST[st], _mm512_loadu_si512(KEY_MASKS[i][st]));
        _mm512_store_si512(s->w[i], x);
    }
}

/* --- ECB ------------------------------------------------------------------------------ */

BC_STACK_WIPER(wipe_stack, 4096)

static __attribute__((noinline)) void encrypt_batch(const slices_sched *s, uint8_t *out, const uint8_t *in)
{
    reg x[S_GROUPS][4];
    load_batch(x, in);
    encrypt_rounds_one(x, s);
    store_batch(out, NULL, x);
}

static __attribute__((noinline)) void decrypt_batch(const slices_sched *s, uint8_t *out, const uint8_t *in)
{
    const key_source k = {s, NULL};
    reg x[S_GROUPS][4];
    load_batch(x, in);
    decrypt_rounds(x, &k, KEYS_ONE);
    store_batch(out, NULL, x);
}

static void encrypt(const void *sched, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    for (size_t n = 0; n < nblocks; n += S_BATCH) encrypt_batch(sched, out + 16 * n, in + 16 * n);
    wipe_stack();
}

static void decrypt(const void *sched, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    for (size_t n = 0; n < nblocks; n += S_BATCH) decrypt_batch(sched, out + 16 * n, in + 16 * n);
    wipe_stack();
}

/* --- many keys -------------------------------------------------------------------------- */

typedef reg lane_keys[S_ROUNDS][2][S_GROUPS]; /* 20 KiB */

/* Block b's key in the lanes: each lane's key words made as expand() makes
 * one key's, but with the round in the register rather than the lane: the
 * loaded key's words (as 32-bit lanes), two of them joined, then the Benes
 * network with that round's masks in every lane. Group g's lane 4 l + i is
 * block 16 g + 4 i + l (pack). */
static __attribute__((noinline)) void lane_keys_make(lane_keys lk, const uint8_t *keys)
{
    _Alignas(64) uint32_t words[S_GROUPS][8][16];
    for (unsigned g = 0; g < S_GROUPS; g++)
        for (unsigned d = 0; d < 16; d++) {
            const uint8_t *key = keys + 16 * (16 * g + 4 * (d % 4) + d / 4);
            for (unsigned w = 0; w < 8; w++) words[g][w][d] = (uint32_t)key[2 * w] | (uint32_t)key[2 * w + 1] << 8;
        }
    for (unsigned r = 0; r < S_ROUNDS; r++)
        for (unsigned which = 0; which < 2; which++) {
            const unsigned lane = 8 * which + r % 8; /* expand()'s lane of this word */
            const uint16_t *src = KEY_WORDS[r / 8] + 2 * lane;
            for (unsigned g = 0; g < S_GROUPS; g++) {
                reg x = _mm512_or_si512(_mm512_load_si512(words[g][src[0]]),
                                        _mm512_slli_epi32(_mm512_load_si512(words[g][src[1]]), 16));
                for (unsigned st = 0; st < 9; st++) x = delta_swap(x, KEY_DIST[st], bcast(KEY_MASKS[r / 8][st][lane]));
                lk[r][which][g] = x;
            }
        }
    lwcx_wipe(words, sizeof words);
}

static __attribute__((noinline)) void keys_batch(uint8_t *out, const uint8_t *in, const uint8_t *keys, lane_keys lk,
                                                 int enc)
{
    lane_keys_make(lk, keys);
    const key_source k = {NULL, (const reg(*)[2][S_GROUPS])lk};
    reg x[S_GROUPS][4];
    load_batch(x, in);
    if (enc)
        encrypt_rounds(x, &k, KEYS_LANES);
    else
        decrypt_rounds(x, &k, KEYS_LANES);
    store_batch(out, NULL, x);
}

BC_STACK_WIPER(wipe_stack_keys, 8192)

static void crypt_keys(uint8_t *out, const uint8_t *in, const uint8_t *keys, size_t nblocks, int enc)
{
    lane_keys lk;
    for (size_t n = 0; n < nblocks; n += S_BATCH) keys_batch(out + 16 * n, in + 16 * n, keys + 16 * n, lk, enc);
    lwcx_wipe(lk, sizeof lk);
    wipe_stack_keys(); /* the key words and the states */
}

static void encrypt_keys(uint8_t *out, const uint8_t *in, const uint8_t *keys, size_t nblocks)
{
    crypt_keys(out, in, keys, nblocks, 1);
}

static void decrypt_keys(uint8_t *out, const uint8_t *in, const uint8_t *keys, size_t nblocks)
{
    crypt_keys(out, in, keys, nblocks, 0);
}

/* --- CTR ----------------------------------------------------------------------------- */

/* CTR's counter blocks are made in the sliced layout. The packing moves
 * bits without changing them, so the sliced form of A ^ m is A's ^ m's. A
 * call's block j of batch t is ctr + 64 t + j: with o = ctr % 64 and A_t =
 * (ctr - o) + 64 t (128-bit, big-endian), it is A_t ^ (o + j) if o + j <
 * 64, else A_{t+1} ^ (o + j - 64). So a call packs the 64 low parts once
 * (low) and a batch only A_t and A_{t+1}, each broadcast to its lanes (late:
 * those of A_{t+1}). */
typedef struct ctr_lanes {
    reg low[S_GROUPS][4];
    __mmask16 late[S_GROUPS];
} ctr_lanes;

/* a 128-bit lane per block (hi, lo) of v, as its bytes (big-endian) */
S_INLINE reg blocks_of_halves(reg v)
{
    const reg bswap = _mm512_set_epi64(0x08090a0b0c0d0e0fLL, 0x0001020304050607LL, 0x08090a0b0c0d0e0fLL,
                                       0x0001020304050607LL, 0x08090a0b0c0d0e0fLL, 0x0001020304050607LL,
                                       0x08090a0b0c0d0e0fLL, 0x0001020304050607LL);
    return _mm512_shuffle_epi8(v, bswap);
}

static void ctr_lanes_init(ctr_lanes *cl, unsigned o)
{
    /* lane d of a group holds its block 4 (d % 4) + d / 4 */
    const reg block = _mm512_set_epi32(15, 11, 7, 3, 14, 10, 6, 2, 13, 9, 5, 1, 12, 8, 4, 0);
    for (unsigned g = 0; g < S_GROUPS; g++) {
        const reg m = _mm512_and_si512(_mm512_add_epi32(block, _mm512_set1_epi32((int)(o + 16 * g))),
                                       _mm512_set1_epi32(63));
        for (unsigned j = 0; j < 4; j++) cl->low[g][j] = _mm512_setzero_si512();
        for (unsigned i = 0; i < 6; i++) { /* bit i of m to its slice's lane bit */
            const unsigned j = CTR_LOW[i].slice, p = CTR_LOW[i].bit;
            const reg at = p >= i ? _mm512_sllv_epi32(m, _mm512_set1_epi32((int)(p - i)))
                                  : _mm512_srlv_epi32(m, _mm512_set1_epi32((int)(i - p)));
            cl->low[g][j] = TERN(cl->low[g][j], at, _mm512_set1_epi32((int)(1u << p)), 0xF8); /* a | (b & c) */
        }
        cl->late[g] = _mm512_cmpge_epi32_mask(block, _mm512_set1_epi32(64 - (int)o - 16 * (int)g));
    }
}

/* the batch's counters from A_t = (hi, lo), lo % 64 = 0 */
S_INLINE void counter_batch(reg x[S_GROUPS][4], const ctr_lanes *cl, uint64_t hi, uint64_t lo)
{
    const uint64_t next = lo + S_BATCH, next_hi = hi + (next < lo);
    /* lanes 0 and 1: A_t and A_{t+1} to their slice words (dword j of the lane) */
    const reg v = _mm512_shuffle_epi8(
        _mm512_gf2p8affine_epi64_epi8(_mm512_set1_epi64((long long)T_PACK),
                                      blocks_of_halves(_mm512_set_epi64(0, 0, 0, 0, (long long)next,
                                                                        (long long)next_hi, (long long)lo,
                                                                        (long long)hi)),
                                      0),
        lane_pattern(PACK_SHUF));
    for (unsigned j = 0; j < 4; j++) {
        const reg now = _mm512_permutexvar_epi32(_mm512_set1_epi32((int)j), v);
        const reg later = _mm512_permutexvar_epi32(_mm512_set1_epi32((int)(4 + j)), v);
        for (unsigned g = 0; g < S_GROUPS; g++)
            x[g][j] = _mm512_xor_si512(_mm512_mask_blend_epi32(cl->late[g], now, later), cl->low[g][j]);
    }
}

/* out = in ^ the key stream of batch A_t = (hi, lo): 1 KiB (a shorter len:
 * only len bytes, through buf) */
static __attribute__((noinline)) void ctr_batch(const slices_sched *s, const ctr_lanes *cl, uint64_t hi, uint64_t lo,
                                                uint8_t *out, const uint8_t *in, size_t len, uint8_t *buf)
{
    reg x[S_GROUPS][4];
    counter_batch(x, cl, hi, lo);
    encrypt_rounds_one(x, s);
    if (len == 16 * S_BATCH) {
        store_batch(out, in, x);
    } else {
        store_batch(buf, NULL, x);
        for (size_t j = 0; j < len; j++) out[j] = (uint8_t)(in[j] ^ buf[j]);
    }
}

static void ctr(const void *sched, const uint8_t *iv, uint8_t *out, const uint8_t *in, size_t len)
{
    _Alignas(64) uint8_t buf[16 * S_BATCH];
    ctr_lanes cl;
    uint64_t hi = lwcx_load64be(iv), lo = lwcx_load64be(iv + 8);
    const size_t n_tail = len % sizeof buf; /* through buf */
    ctr_lanes_init(&cl, (unsigned)(lo % S_BATCH));
    lo -= lo % S_BATCH;
    while (len) {
        const size_t n = len < sizeof buf ? len : sizeof buf;
        ctr_batch(sched, &cl, hi, lo, out, in, n, buf);
        out += n;
        in += n;
        len -= n;
        lo += S_BATCH;
        hi += lo == 0;
    }
    if (n_tail) lwcx_wipe(buf, sizeof buf);
    wipe_stack();
}

/* --- packing alone (bench, tests) ------------------------------------------------------------ */

static void pack_unpack(uint8_t *out, const uint8_t *in, size_t nblocks)
{
    for (size_t n = 0; n < nblocks; n += S_BATCH) {
        reg x[S_GROUPS][4];
        load_batch(x, in + 16 * n);
        store_batch(out + 16 * n, NULL, x);
    }
}

const bc_impl lwcx_bc_gift128_slices512 = {
    .desc = {.name = "slices512",
             .description = "AVX-512 + GFNI + VBMI2: 16 blocks a register by slices (fixslicing), S-box in "
                            "vpternlogd, PermBits as gf2p8affineqb, vprold and vpshldw moves; chosen for one-key ECB and "
                            "CTR calls (not many keys or the key search)",
             .features = LWCX_CPU_AVX512 | LWCX_CPU_GFNI | LWCX_CPU_VBMI2,
             .batch = S_BATCH,
             .constant_time = 1},
    .sched_bytes = sizeof(slices_sched),
    .expand = expand,
    .encrypt = encrypt,
    .decrypt = decrypt,
    .encrypt_keys = encrypt_keys,
    .decrypt_keys = decrypt_keys,
    .ctr = ctr,
    .pack_unpack = pack_unpack,
};
