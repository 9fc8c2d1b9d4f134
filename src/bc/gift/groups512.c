/* GIFT-64 in groups of nibbles, 128 blocks in 16 zmm registers.
 *
 * Slice j of a block is bit j of its 16 nibbles. Register (j, g) of a batch
 * holds slice j of one group of 4 nibbles of all 128 blocks: byte k, bits
 * 4h .. 4h + 3, are the group's 4 nibbles of block k + 64h. The S-box is
 * the bitsliced circuit on registers (0..3, g). PermBits keeps each bit in
 * its slice and takes every group whole onto a group of the next round's
 * frame (rows {4g .. 4g + 3} onto columns {g, g + 4, g + 8, g + 12} and
 * back): slice 0 stays where it is, and in the other slices a round either
 * renames the registers (free) or rotates the nibbles within their bytes
 * (one gf2p8affineqb a register). After 4 rounds the layout is round 0's
 * again. scripts/gift_groups512_tables.py derives and checks this against a
 * model of GIFT-64 and writes the tables (gift/groups512_tables.h): the
 * frames, where each round key bit goes, and the packing.
 *
 * Against the 64-word bitslicing of gift/bs_core.tmpl.h (gift/avx512.c): the same
 * S-box operations per block, but a state that stays in registers (that one
 * stores its 64 words every round), for 12 nibble rotations per 128 blocks
 * every other round; a packing of 7 stages (3 gf2p8affineqb bit transposes,
 * 4 vpermt2b exchanges) instead of a 64x64 bit transpose; one key's
 * schedule as 224 byte entries made by gf2p8affineqb from the key's words.
 *
 * Per batch and round: 28 operations of S-box and key (7 a group: the
 * complement of slice 0 rides on V, U joins the S-box's last XOR), 3 of
 * constant on average, 6 gf2p8affineqb on average; the bound at measured
 * port rates and the rounds' measured speed: docs/design/gift.md,
 * "groups512: GIFT-64 by slice and nibble group".
 *
 * Compiled with AVX-512 F/BW/VL, GFNI and VBMI (ISA avx512gfni) only. */
#include <immintrin.h>

#include "../../core/zmm_shuffles.h"
#include "../bc_impl.h"
#include "groups512_tables.h"
#include "../bitslice/tern512.h"

#define G_ROUNDS 28
#define G_BATCH 128 /* blocks */
#define G_INLINE static inline __attribute__((always_inline))

typedef __m512i reg;
/* a batch: x[j + 4 g] is slice j of group g */


/* gf2p8affineqb's matrix for the byte map whose output bit i is the parity
 * of the input bits in src[i] */
static inline uint64_t gf_matrix(const uint8_t src[8])
{
    uint64_t m = 0;
    for (unsigned i = 0; i < 8; i++) m |= (uint64_t)src[i] << (8 * (7 - i));
    return m;
}

/* m in every qword, a gf2p8affineqb matrix, in a register: clang folds a
 * broadcast from a table into the instruction as a {1to8} operand whose
 * compressed displacement it scales wrongly (the wrong qword is read;
 * docs/design/gift.md, "groups512") */
G_INLINE reg matrix(uint64_t m)
{
    reg v = _mm512_set1_epi64((long long)m);
    __asm__("" : "+v"(v));
    return v;
}

G_INLINE reg bcast(uint32_t v)
{
    return _mm512_set1_epi32((int)v);
}

/* --- rounds ------------------------------------------------------------------------ */

/* Round keys: entry e = 112 kx + 4 r + g is round r's V (kx 0, inverted:
 * the S-box's complement of slice 0 rides on it) or U (kx 1) for group g,
 * in the frame after the S-box, before the moves (PRE): its byte (two
 * nibbles alike) in every lane, as a qword of 8 (one key) or each lane's
 * own (many keys, a zmm). The constants (slice 3) are RC's. */
#define G_ENTRIES 224
#define KEY_V(r, g) (4 * (r) + (g))
#define KEY_U(r, g) (112 + 4 * (r) + (g))
/* where one key's schedule keeps entry e (see expand_vector): dword 2 q +
 * h of each 16 holds entry 8 h + q. A table, not the arithmetic: with it
 * clang judged the key search's 28 rounds too large to unroll. */
static const uint8_t SLOT_IN_VECTOR[16] = {0, 2, 4, 6, 8, 10, 12, 14, 1, 3, 5, 7, 9, 11, 13, 15};
#define KEY_SLOT(e) (((e) & ~15u) + SLOT_IN_VECTOR[(e) & 15])

/* gf2p8affineqb rotating each nibble of v left by r (bit p to p + r mod 4) */
G_INLINE reg rotate_nibbles(reg v, unsigned r)
{
    return _mm512_gf2p8affine_epi64_epi8(v, matrix(ROT_MATRIX[r]), 0);
}

/* rotate_nibbles(v ^ c) for c whose bytes are all c8 = 0x11 n: the
 * instruction's own constant takes c8 rotated, so the round constant costs
 * nothing in the rounds that rotate slice 3. That constant must be an
 * immediate: the switch has one for each n, and folds away where the rounds
 * are unrolled. */
G_INLINE reg rotate_nibbles_xor(reg v, unsigned r, uint8_t c8)
{
    const unsigned n = c8 & 15, rotated = (n << r | n >> ((4 - r) & 3)) & 15;
    const reg m = matrix(ROT_MATRIX[r]);
#define ROTATE_XOR_CASE(i) \
    case i: return _mm512_gf2p8affine_epi64_epi8(v, m, 0x11 * i);
    switch (rotated) {
        ROTATE_XOR_CASE(0) ROTATE_XOR_CASE(1) ROTATE_XOR_CASE(2) ROTATE_XOR_CASE(3)
        ROTATE_XOR_CASE(4) ROTATE_XOR_CASE(5) ROTATE_XOR_CASE(6) ROTATE_XOR_CASE(7)
        ROTATE_XOR_CASE(8) ROTATE_XOR_CASE(9) ROTATE_XOR_CASE(10) ROTATE_XOR_CASE(11)
        ROTATE_XOR_CASE(12) ROTATE_XOR_CASE(13) ROTATE_XOR_CASE(14)
        default: return _mm512_gf2p8affine_epi64_epi8(v, m, 0xFF);
    }
#undef ROTATE_XOR_CASE
}

/* Where a round's keys come from: one key's entries (KEYS_ONE), each
 * lane's (KEYS_LANES: lane_keys_make's registers, V not inverted), or one
 * key's but for V of rounds 0, 4, .., 24 plus each lane's flips lanes[r +
 * g] (KEYS_SEARCH: the key search's lane bits are in the key's last word,
 * which those take). */
enum { KEYS_ONE, KEYS_LANES, KEYS_SEARCH };
typedef struct key_source {
    const uint32_t *one;
    const reg *lanes;
} key_source;

G_INLINE reg key_entry(const key_source *k, int mode, unsigned e)
{
    if (mode == KEYS_LANES) return k->lanes[LANE_ENTRY[e]];
    if (mode == KEYS_SEARCH && e < KEY_U(0, 0) && (e / 4) % 4 == 0)
        return _mm512_xor_si512(bcast(k->one[KEY_SLOT(e)]), k->lanes[e / 4 + e % 4]);
    return bcast(k->one[KEY_SLOT(e)]);
}

/* A group's S-box with the round key (V, U), y3 without the constant: 7
 * operations, 4 deep: y1 = u ^ s2 with u = t1 ^ x3 lets U join it and y2 =
 * s2 ^ (s0 & y1) read u instead of y1 (complement: V not inverted, the
 * lanes' keys). */
G_INLINE void sbox_keyed(const reg x[4], reg y[4], reg v, reg ku, int complement)
{
    reg t1, s0, s2;
    TERN_INTO(t1, x[2], x[0], x[1], 0x6A); /* x1 ^ (x0 & x2) */
    TERN_INTO(s0, t1, x[0], x[3], 0x6C);   /* x0 ^ (t1 & x3) */
    TERN_INTO(s2, s0, x[2], t1, 0x36);     /* x2 ^ (s0 | t1) */
    const reg u = _mm512_xor_si512(t1, x[3]);
    y[0] = complement ? XNOR3(s2, x[3], v) : XOR3(s2, x[3], v);
    y[1] = XOR3(s2, u, ku);
    TERN_INTO(y[2], s2, s0, u, 0xB8); /* s2 ^ (s0 & (u ^ s2)) */
    y[3] = s0;
}

/* group g's S-box in round r with its keys, and the constant where the
 * round renames (where it rotates, the rotation takes it) */
G_INLINE void sbox_group(const reg x[4], reg y[4], const key_source *k, int mode, unsigned r, unsigned g)
{
    sbox_keyed(x, y, key_entry(k, mode, KEY_V(r, g)), key_entry(k, mode, KEY_U(r, g)), mode == KEYS_LANES);
    if (RC[r][g] && r % 2) y[3] = _mm512_xor_si512(y[3], bcast(RC[r][g]));
}

/* PermBits of an even round r on group g (y to x): slices 1..3 rotated, by
 * -j in phase 0 and j in phase 2, slice 3 with the round's constant */
G_INLINE void rotate_group(const reg y[4], reg x[4], unsigned r, unsigned g)
{
    x[0] = y[0];
    for (unsigned j = 1; j < 3; j++) x[j] = rotate_nibbles(y[j], r % 4 == 0 ? 4 - j : j);
    x[3] = rotate_nibbles_xor(y[3], r % 4 == 0 ? 1 : 3, (uint8_t)RC[r][g]);
}

/* Round r: each group's S-box with the round key, then PermBits: phases 0
 * and 2 (r % 4) rotate slices 1..3's nibbles (by -j, j), phases 1 and 3
 * rename their registers (group g to g - j, g + j). */
G_INLINE void enc_round(reg x[16], const key_source *k, int mode, unsigned r)
{
    const unsigned phase = r % 4;
    reg y[16];
    for (unsigned g = 0; g < 4; g++) sbox_group(x + 4 * g, y + 4 * g, k, mode, r, g);
    for (unsigned g = 0; g < 4; g++) {
        if (phase % 2 == 0) rotate_group(y + 4 * g, x + 4 * g, r, g);
        x[4 * g] = y[4 * g];
        for (unsigned j = 1; j < 4; j++) {
            if (phase == 1) x[4 * ((g - j) & 3) + j] = y[4 * g + j];
            if (phase == 3) x[4 * ((g + j) & 3) + j] = y[4 * g + j];
        }
    }
}

/* rounds first .. 27, unrolled: the constants' zero nibbles cost nothing */
G_INLINE void encrypt_rounds_from(reg x[16], const key_source *k, int mode, unsigned first)
{
#if defined(__clang__)
#pragma clang loop unroll(full)
#else
#pragma GCC unroll 28
#endif
    for (unsigned r = 0; r < G_ROUNDS; r++) { /* (from 0: a trip count clang sees before inlining) */
        if (r >= first) enc_round(x, k, mode, r);
    }
}

G_INLINE void encrypt_rounds(reg x[16], const key_source *k, int mode)
{
    encrypt_rounds_from(x, k, mode, 0);
}

/* round r undone: the moves, then the key and the inverse S-box */
G_INLINE void dec_round(reg x[16], const key_source *k, int mode, unsigned r)
{
    const unsigned phase = r % 4;
    reg y[16];
    for (unsigned g = 0; g < 4; g++) {
        y[4 * g] = x[4 * g];
        for (unsigned j = 1; j < 4; j++) {
            if (phase == 0) y[4 * g + j] = rotate_nibbles(x[4 * g + j], j);
            if (phase == 1) y[4 * g + j] = x[4 * ((g - j) & 3) + j];
            if (phase == 2) y[4 * g + j] = rotate_nibbles(x[4 * g + j], (4 - j) & 3);
            if (phase == 3) y[4 * g + j] = x[4 * ((g + j) & 3) + j];
        }
    }
    for (unsigned g = 0; g < 4; g++) {
        const reg k0 = key_entry(k, mode, KEY_V(r, g));
        const reg s0 = _mm512_xor_si512(y[4 * g + 3], bcast(RC[r][g]));
        const reg y1 = _mm512_xor_si512(y[4 * g + 1], key_entry(k, mode, KEY_U(r, g)));
        const reg s2 = XOR_AND(y[4 * g + 2], s0, y1);
        const reg x3 = mode == KEYS_LANES ? XNOR3(y[4 * g], s2, k0) : XOR3(y[4 * g], s2, k0);
        const reg t1 = mode == KEYS_LANES ? XNOR3(y1, y[4 * g], k0) : XOR3(y1, y[4 * g], k0);
        const reg x2 = XOR_OR(s2, s0, t1);
        const reg x0 = XOR_AND(s0, t1, x3);
        x[4 * g] = x0;
        x[4 * g + 1] = XOR_AND(t1, x0, x2);
        x[4 * g + 2] = x2;
        x[4 * g + 3] = x3;
    }
}

G_INLINE void decrypt_rounds(reg x[16], const key_source *k, int mode)
{
    for (unsigned r = G_ROUNDS; r > 0; r -= 4) {
        dec_round(x, k, mode, r - 1);
        dec_round(x, k, mode, r - 2);
        dec_round(x, k, mode, r - 3);
        dec_round(x, k, mode, r - 4);
    }
}

/* --- packing ------------------------------------------------------------------------ */

/* every qword's 8x8 bit matrix transposed: byte i bit b takes byte 7 - b bit i */
G_INLINE void transpose_qwords(reg v[16])
{
    const reg select = _mm512_set1_epi64(0x8040201008040201);
    for (unsigned i = 0; i < 16; i++) v[i] = _mm512_gf2p8affine_epi64_epi8(select, v[i], 0);
}

/* registers r and r | (1 << rbit) exchange bytes (tab, from the generator) */
G_INLINE void exchange(reg v[16], unsigned rbit, const uint8_t tab[2][64])
{
    const reg i0 = _mm512_loadu_si512(tab[0]), i1 = _mm512_loadu_si512(tab[1]);
    for (unsigned r = 0; r < 16; r++) {
        if (r >> rbit & 1) continue;
        const reg lo = v[r], hi = v[r | 1u << rbit];
        v[r] = _mm512_permutex2var_epi8(lo, i0, hi);
        v[r | 1u << rbit] = _mm512_permutex2var_epi8(lo, i1, hi);
    }
}

/* the same where each register takes whole 128-bit lanes: vshufi64x2 (a
 * macro: the immediates must be constants) */
#define EXCHANGE_LANES(v, rbit, imm0, imm1)                                      \
    do {                                                                          \
        for (unsigned r_ = 0; r_ < 16; r_++) {                                    \
            if (r_ >> (rbit) & 1) continue;                                       \
            const reg lo_ = (v)[r_], hi_ = (v)[r_ | 1u << (rbit)];                \
            (v)[r_] = _mm512_shuffle_i64x2(lo_, hi_, imm0);                       \
            (v)[r_ | 1u << (rbit)] = _mm512_shuffle_i64x2(lo_, hi_, imm1);        \
        }                                                                         \
    } while (0)

/* v[i]: blocks 8 i .. 8 i + 7 as in memory, to the batch's registers */
G_INLINE void pack(reg v[16])
{
    transpose_qwords(v);
    exchange(v, 0, PACK_J0);
    exchange(v, 1, PACK_J1);
    transpose_qwords(v);
    exchange(v, 2, PACK_A0);
    exchange(v, 3, PACK_A1);
    transpose_qwords(v);
}

G_INLINE void unpack(reg v[16])
{
    transpose_qwords(v);
    EXCHANGE_LANES(v, 2, 0x44, 0xEE); /* lanes 0 1 of both, 2 3 of both */
    exchange(v, 3, UNPACK_A1);
    transpose_qwords(v);
    EXCHANGE_LANES(v, 0, 0x88, 0xDD); /* lanes 0 2 of both, 1 3 of both */
    exchange(v, 1, UNPACK_J1);
    transpose_qwords(v);
}

G_INLINE void load_blocks(reg v[16], const uint8_t *in)
{
    for (unsigned i = 0; i < 16; i++) v[i] = _mm512_loadu_si512(in + 64 * i);
}

G_INLINE void store_blocks(uint8_t *out, const reg v[16])
{
    for (unsigned i = 0; i < 16; i++) _mm512_storeu_si512(out + 64 * i, v[i]);
}

/* out = in ^ v */
G_INLINE void xor_blocks(uint8_t *out, const uint8_t *in, const reg v[16])
{
    for (unsigned i = 0; i < 16; i++)
        _mm512_storeu_si512(out + 64 * i, _mm512_xor_si512(v[i], _mm512_loadu_si512(in + 64 * i)));
}

/* --- wiping -------------------------------------------------------------------------- */

/* ECB's and CTR's batches (frames at most 1.2 KiB), many keys' and the
 * search's (the packed keys in lane_keys_make: at most 5 KiB below the
 * caller, with the CI's compilers) */
BC_STACK_WIPER(wipe_stack, 2048)
BC_STACK_WIPER(wipe_stack_keys, 8192)

/* --- one key --------------------------------------------------------------------------- */

typedef struct groups_sched {
    uint32_t k[G_ENTRIES];
} groups_sched;

/* Each entry is its byte 4 times, a linear map of one key word's two bytes:
 * the bytes gathered to their dwords, then gf2p8affineqb with each entry's
 * matrices (tables KEY_LO, KEY_MAT_LO/HI from the generator; V's inverted
 * through the affine constant). One vector holds entries 16 z .. 16 z + 15,
 * dwords 2 q and 2 q + 1 entries 16 z + q and 16 z + 8 + q, so a qword's two
 * matrices are the tables' entries 8 apart, 8 in a row (the high dwords by
 * a masked gf2p8affineqb). With refresh, only V of round 4 z's four entries
 * (16 z .. 16 z + 3: the low dwords of qwords 0..3), the ones that take the
 * key's last word. No key-dependent address or branch. */
G_INLINE void expand_vector(groups_sched *s, reg kv, unsigned z, int refresh)
{
    /* dword 2 q + h: byte 8 h + q */
    const reg spread = _mm512_set_epi32(0x0f0f0f0f, 0x07070707, 0x0e0e0e0e, 0x06060606, 0x0d0d0d0d, 0x05050505,
                                        0x0c0c0c0c, 0x04040404, 0x0b0b0b0b, 0x03030303, 0x0a0a0a0a, 0x02020202,
                                        0x09090909, 0x01010101, 0x08080808, 0x00000000);
    const __mmask64 high = 0xF0F0F0F0F0F0F0F0ull;
    const reg lo = _mm512_permutexvar_epi8(
        spread, _mm512_castsi128_si512(_mm_loadu_si128((const __m128i *)(KEY_LO + 16 * z))));
    const reg x = _mm512_permutexvar_epi8(lo, kv);
    const reg y = _mm512_permutexvar_epi8(_mm512_sub_epi8(lo, _mm512_set1_epi8(1)), kv);
    const uint64_t *ml = KEY_MAT_LO + 16 * z, *mh = KEY_MAT_HI + 16 * z;
    reg lo_part, hi_part = _mm512_gf2p8affine_epi64_epi8(y, _mm512_loadu_si512(mh), 0);
    if (!refresh) hi_part = _mm512_mask_gf2p8affine_epi64_epi8(hi_part, high, y, _mm512_loadu_si512(mh + 8), 0);
    if (z < KEY_U(0, 0) / 16) {
        lo_part = _mm512_gf2p8affine_epi64_epi8(x, _mm512_loadu_si512(ml), 0xFF);
        if (!refresh) lo_part = _mm512_mask_gf2p8affine_epi64_epi8(lo_part, high, x, _mm512_loadu_si512(ml + 8), 0xFF);
    } else {
        lo_part = _mm512_gf2p8affine_epi64_epi8(x, _mm512_loadu_si512(ml), 0);
        lo_part = _mm512_mask_gf2p8affine_epi64_epi8(lo_part, high, x, _mm512_loadu_si512(ml + 8), 0);
    }
    if (refresh)
        _mm512_mask_storeu_epi32(s->k + 16 * z, 0x0055, _mm512_xor_si512(lo_part, hi_part));
    else
        _mm512_storeu_si512(s->k + 16 * z, _mm512_xor_si512(lo_part, hi_part));
}

static reg key_vector(const uint8_t *key)
{
    return _mm512_zextsi128_si512(_mm_loadu_si128((const __m128i *)key));
}

static void expand(void *sched, const uint8_t *key)
{
    const reg kv = key_vector(key);
    for (unsigned z = 0; z < G_ENTRIES / 16; z++) expand_vector(sched, kv, z, 0);
}

/* the entries that take the key's last word, k[0] (the key search) */
static void expand_last_word(groups_sched *s, const uint8_t *key)
{
    const reg kv = key_vector(key);
    for (unsigned z = 0; z < KEY_U(0, 0) / 16; z++) expand_vector(s, kv, z, 1);
}

static __attribute__((noinline)) void ecb_batch(const groups_sched *s, uint8_t *out, const uint8_t *in, int enc)
{
    reg x[16];
    load_blocks(x, in);
    pack(x);
    const key_source k = {s->k, NULL};
    if (enc)
        encrypt_rounds(x, &k, KEYS_ONE);
    else
        decrypt_rounds(x, &k, KEYS_ONE);
    unpack(x);
    store_blocks(out, x);
}

static void crypt(const void *sched, uint8_t *out, const uint8_t *in, size_t nblocks, int enc)
{
    for (size_t n = 0; n < nblocks; n += G_BATCH) ecb_batch(sched, out + 8 * n, in + 8 * n, enc);
    wipe_stack(); /* the state after a round and a known block give a round key away */
}

static void encrypt(const void *s, uint8_t *out, const uint8_t *in, size_t n)
{
    crypt(s, out, in, n, 1);
}

static void decrypt(const void *s, uint8_t *out, const uint8_t *in, size_t n)
{
    crypt(s, out, in, n, 0);
}

/* --- CTR ----------------------------------------------------------------------------------- */

/* A batch's 128 counters, base + l in lane l, split as (H + carry_l) * 128
 * + ((lo + l) mod 128) with base = 128 H + lo: the low 7 bits (slices 0..3
 * of group 0) and the carries depend on lo alone, made once a call; the
 * rest is the same in every lane but for the carry, two patterns a batch. */
typedef struct ctr_lanes {
    reg low[4]; /* group 0, slice j: the bits of (lo + l) mod 128 */
    reg carry;  /* lane l's nibbles all ones where lo + l >= 128 */
} ctr_lanes;

static void ctr_lanes_init(ctr_lanes *cl, unsigned lo)
{
    const reg iota = lwcx_zmm_iota();
    /* byte k: lo + k and lo + k + 64 (at most 254: bit 7 is the carry) */
    const reg v[2] = {_mm512_add_epi8(iota, _mm512_set1_epi8((char)lo)),
                      _mm512_add_epi8(iota, _mm512_set1_epi8((char)(lo + 64)))};
    reg low[4] = {_mm512_setzero_si512(), _mm512_setzero_si512(), _mm512_setzero_si512(), _mm512_setzero_si512()};
    reg carry = _mm512_setzero_si512();
    for (unsigned h = 0; h < 2; h++) {
        for (unsigned j = 0; j < 4; j++) {
            uint8_t src[8] = {0}; /* nibble h's bit c: bit 4 c + j, where that is below 7 */
            for (unsigned c = 0; c < 4; c++)
                if (4 * c + j < 7) src[4 * h + c] = (uint8_t)(1u << (4 * c + j));
            low[j] = _mm512_xor_si512(low[j], _mm512_gf2p8affine_epi64_epi8(
                                                  v[h], matrix(gf_matrix(src)), 0));
        }
        uint8_t src[8] = {0};
        for (unsigned c = 0; c < 4; c++) src[4 * h + c] = 0x80;
        carry = _mm512_xor_si512(carry, _mm512_gf2p8affine_epi64_epi8(
                                            v[h], matrix(gf_matrix(src)), 0));
    }
    for (unsigned j = 0; j < 4; j++) cl->low[j] = low[j];
    cl->carry = carry;
}

/* gf2p8affineqb's matrices that take slice j of a group from the group's
 * low byte (mlo) and high byte (mhi) of a block: nibble bit c is the
 * group's bit 4 c + j, bit j or j + 4 of the low byte (c < 2) or the high */
G_INLINE void pattern_matrices(unsigned j, uint64_t *mlo, uint64_t *mhi)
{
    const uint8_t b0 = (uint8_t)(1u << j), b1 = (uint8_t)(1u << (j + 4));
    const uint8_t lo_src[8] = {b0, b1, 0, 0, b0, b1, 0, 0}, hi_src[8] = {0, 0, b0, b1, 0, 0, b0, b1};
    *mlo = gf_matrix(lo_src);
    *mhi = gf_matrix(hi_src);
}

/* The registers' bytes of the block w, in every lane: dword a + 4 j (qword
 * j / 2 is one slice's, so one matrix serves it) is register (j, a)'s byte
 * four times. Group a's nibble bit c is w's bit 16 a + 4 c + j: bit j or
 * j + 4 of byte 2 a (c < 2) or 2 a + 1. */
G_INLINE reg block_pattern(uint64_t w)
{
    static const uint64_t dup = 0x0101010101010101;
    const reg wv = _mm512_set1_epi64((long long)w);
    const reg lo_bytes = _mm512_set_epi64((long long)(0x0606060604040404), (long long)(0x0202020200000000),
                                          (long long)(0x0606060604040404), (long long)(0x0202020200000000),
                                          (long long)(0x0606060604040404), (long long)(0x0202020200000000),
                                          (long long)(0x0606060604040404), (long long)(0x0202020200000000));
    const reg hi_bytes = _mm512_add_epi8(lo_bytes, _mm512_set1_epi64((long long)dup));
    const reg x = _mm512_permutexvar_epi8(lo_bytes, wv), y = _mm512_permutexvar_epi8(hi_bytes, wv);
    uint64_t mlo[4], mhi[4];
    for (unsigned j = 0; j < 4; j++) pattern_matrices(j, &mlo[j], &mhi[j]);
    const reg ml = _mm512_set_epi64((long long)mlo[3], (long long)mlo[3], (long long)mlo[2], (long long)mlo[2],
                                    (long long)mlo[1], (long long)mlo[1], (long long)mlo[0], (long long)mlo[0]);
    const reg mh = _mm512_set_epi64((long long)mhi[3], (long long)mhi[3], (long long)mhi[2], (long long)mhi[2],
                                    (long long)mhi[1], (long long)mhi[1], (long long)mhi[0], (long long)mhi[0]);
    return _mm512_xor_si512(_mm512_gf2p8affine_epi64_epi8(x, ml, 0), _mm512_gf2p8affine_epi64_epi8(y, mh, 0));
}

/* CTR's first two rounds where the counters are alike. Until round 1's
 * renaming no bit leaves its group, and in groups 1..3 a batch's counters
 * take one of two values: h's in lanes without a carry, h + 1's in the
 * others. So those groups' first two rounds run once for each h, four h's
 * a register (a 128-bit lane each, group a in dword a), and a batch picks
 * each of its 12 registers after round 1 from two of them by the carries:
 * about 60 operations a batch fewer. Group 0 holds the lanes' low bits and
 * runs in the batch. */
typedef struct ctr_prefix {
    _Alignas(64) uint32_t in[4][16]; /* slice j, dword 4 i + a: group a of h0 + i's pattern */
    uint32_t out[4][16];             /* the same after round 1's S-box, keys and constant */
} ctr_prefix;

static __attribute__((noinline)) void prefix_make(ctr_prefix *p, const groups_sched *s, uint64_t h0)
{
    /* lane i: the block (h0 + i) * 128; dword a: its bytes 2 a and 2 a + 1 */
    const reg w = _mm512_slli_epi64(_mm512_add_epi64(_mm512_set1_epi64((long long)h0),
                                                     _mm512_set_epi64(3, 3, 2, 2, 1, 1, 0, 0)), 7);
    const reg lo_bytes = _mm512_set_epi64(0x3636363634343434, 0x3232323230303030, 0x2626262624242424,
                                          0x2222222220202020, 0x1616161614141414, 0x1212121210101010,
                                          0x0606060604040404, 0x0202020200000000);
    const reg x = _mm512_permutexvar_epi8(lo_bytes, w),
              y = _mm512_permutexvar_epi8(_mm512_add_epi8(lo_bytes, _mm512_set1_epi8(1)), w);
    reg in[4], r[4], out[4];
    for (unsigned j = 0; j < 4; j++) {
        uint64_t mlo, mhi;
        pattern_matrices(j, &mlo, &mhi);
        in[j] = _mm512_xor_si512(_mm512_gf2p8affine_epi64_epi8(x, matrix(mlo), 0),
                                 _mm512_gf2p8affine_epi64_epi8(y, matrix(mhi), 0));
        _mm512_store_si512(p->in[j], in[j]);
    }
    /* rounds 0 and 1's keys and constants, group a in dword a of each lane */
    const reg kv = _mm512_loadu_si512(s->k + KEY_SLOT(KEY_V(0, 0)));
    const reg ku = _mm512_loadu_si512(s->k + KEY_SLOT(KEY_U(0, 0)));
    const reg round0 = _mm512_set4_epi32(KEY_SLOT(3), KEY_SLOT(2), KEY_SLOT(1), KEY_SLOT(0));
    const reg round1 = _mm512_add_epi32(round0, _mm512_set1_epi32(KEY_SLOT(4)));
    sbox_keyed(in, r, _mm512_permutexvar_epi32(round0, kv), _mm512_permutexvar_epi32(round0, ku), 0);
    r[3] = _mm512_xor_si512(r[3], _mm512_set4_epi32((int)RC[0][3], (int)RC[0][2], (int)RC[0][1], (int)RC[0][0]));
    for (unsigned j = 1; j < 4; j++) r[j] = rotate_nibbles(r[j], 4 - j); /* round 0's phase 0 */
    sbox_keyed(r, out, _mm512_permutexvar_epi32(round1, kv), _mm512_permutexvar_epi32(round1, ku), 0);
    out[3] = _mm512_xor_si512(out[3], _mm512_set4_epi32((int)RC[1][3], (int)RC[1][2], (int)RC[1][1], (int)RC[1][0]));
    for (unsigned j = 0; j < 4; j++) _mm512_store_si512(p->out[j], out[j]);
}

/* carry ? v1[at] : v0[at], in every lane */
G_INLINE reg pick(reg carry, const uint32_t *v0, const uint32_t *v1, unsigned at)
{
    return TERN(bcast(v0[at]), carry, bcast(v1[at]), 0xB8);
}

/* One batch of keystream from counters (h + carry_l) * 128 + ((lo + l) mod
 * 128), XORed onto in (in may be out); in0/out0 and in1/out1 are h's and
 * h + 1's in a prefix (dword 16 j + a: slice j, group a). Out of line: the
 * state in registers, the caller's loop apart. Always XORed: with a path
 * that only wrote, gcc kept the 16 results in memory as well. */
static __attribute__((noinline)) void ctr_batch(const groups_sched *s, const ctr_lanes *cl, const uint32_t *in0,
                                                const uint32_t *out0, const uint32_t *in1, const uint32_t *out1,
                                                uint8_t *out, const uint8_t *in)
{
    const key_source k = {s->k, NULL};
    reg x[16], g0[4], y0[4];
    for (unsigned j = 0; j < 4; j++) g0[j] = _mm512_xor_si512(pick(cl->carry, in0, in1, 16 * j), cl->low[j]);
    sbox_group(g0, y0, &k, KEYS_ONE, 0, 0);
    rotate_group(y0, g0, 0, 0);
    sbox_group(g0, y0, &k, KEYS_ONE, 1, 0);
    for (unsigned g = 0; g < 4; g++) /* round 1's renaming: slice j of group g to group g - j */
        for (unsigned j = 0; j < 4; j++)
            x[4 * ((g - j) & 3) + j] = g ? pick(cl->carry, out0, out1, 16 * j + g) : y0[j];
    encrypt_rounds_from(x, &k, KEYS_ONE, 2);
    unpack(x);
    xor_blocks(out, in, x);
}

/* a batch's counters h and h + 1 in the prefixes: pre[m % 2] holds h0 + 4 m .. + 3 */
static void ctr_run(const groups_sched *s, const ctr_lanes *cl, const ctr_prefix pre[2], size_t t, uint8_t *out,
                    const uint8_t *in)
{
    const ctr_prefix *a = &pre[t / 4 % 2], *b = &pre[(t + 1) / 4 % 2];
    const unsigned ia = 4 * (t % 4), ib = 4 * ((t + 1) % 4);
    ctr_batch(s, cl, &a->in[0][ia], &a->out[0][ia], &b->in[0][ib], &b->out[0][ib], out, in);
}

static void ctr(const void *sched, const uint8_t *iv, uint8_t *out, const uint8_t *in, size_t len)
{
    const uint64_t c = lwcx_load64be(iv);
    ctr_lanes cl;
    ctr_lanes_init(&cl, (unsigned)(c & 127));
    const uint64_t h = c >> 7;
    ctr_prefix pre[2];
    prefix_make(&pre[0], sched, h);
    size_t t = 0;
    for (; len; t++) {
        if (t % 4 == 3) prefix_make(&pre[(t + 1) / 4 % 2], sched, h + t + 1);
        if (len < 8 * G_BATCH) { /* the rest through a batch-sized copy */
            _Alignas(64) uint8_t stream[8 * G_BATCH];
            memcpy(stream, in, len);
            ctr_run(sched, &cl, pre, t, stream, stream);
            memcpy(out, stream, len);
            lwcx_wipe(stream, sizeof stream);
            break;
        }
        ctr_run(sched, &cl, pre, t, out, in);
        in += 8 * G_BATCH, out += 8 * G_BATCH, len -= 8 * G_BATCH;
    }
    lwcx_wipe(pre, sizeof pre);
    wipe_stack(); /* the states between rounds, in ctr_batch's registers and spills */
}

/* --- many keys and the key search: each lane its own key ------------------------------ */

/* registers a and b exchange the bits of b at mask with those of a at mask << shift */
G_INLINE void swap_bits(reg *a, reg *b, unsigned shift, char mask)
{
    const reg t = TERN(_mm512_srli_epi64(*a, shift), *b, _mm512_set1_epi8(mask), 0x28); /* (a ^ b) & m */
    *b = _mm512_xor_si512(*b, t);
    *a = _mm512_xor_si512(*a, _mm512_slli_epi64(t, shift));
}

/* The 128 keys' registers for their 224 entries (KEYS_LANES), G_LANE_REGS
 * of them. The keys' halves packed as blocks (bytes 8..15 are words
 * k[3..0], 0..7 k[7..4]) give COL[4 w + j]: nibble bit c is word w's bit 4 c
 * + j; ROW[4 w + q] (32 + 4 w + q), bit x = word w's bit 4 q + x, is a 4x4
 * transpose of word w's four (for the words ROW_WORDS). An entry is one of
 * them or one of LANE_DERIVED's (64 + i): one or two of them through a
 * nibble matrix. */
#define G_LANE_REGS (64 + sizeof LANE_DERIVED / sizeof LANE_DERIVED[0])

static __attribute__((noinline)) void lane_keys_make(reg *lk, const uint8_t *keys)
{
    reg half[2][16];
    const reg even = _mm512_set_epi64(14, 12, 10, 8, 6, 4, 2, 0), odd = _mm512_set_epi64(15, 13, 11, 9, 7, 5, 3, 1);
    for (unsigned o = 0; o < 16; o++) {
        const reg a = _mm512_loadu_si512(keys + 128 * o), b = _mm512_loadu_si512(keys + 128 * o + 64);
        half[0][o] = _mm512_permutex2var_epi64(a, odd, b);
        half[1][o] = _mm512_permutex2var_epi64(a, even, b);
    }
    pack(half[0]);
    pack(half[1]);
    for (unsigned i = 0; i < 16; i++) {
        lk[i] = half[0][i];
        lk[16 + i] = half[1][i];
    }
    for (unsigned i = 0; i < sizeof ROW_WORDS; i++) {
        reg *c = lk + 4 * ROW_WORDS[i], *row = lk + 32 + 4 * ROW_WORDS[i];
        for (unsigned q = 0; q < 4; q++) row[q] = c[q];
        swap_bits(&row[0], &row[1], 1, 0x55);
        swap_bits(&row[2], &row[3], 1, 0x55);
        swap_bits(&row[0], &row[2], 2, 0x33);
        swap_bits(&row[1], &row[3], 2, 0x33);
    }
    for (unsigned i = 0; i < G_LANE_REGS - 64; i++) {
        const struct lane_source *ls = &LANE_DERIVED[i];
        reg v = _mm512_gf2p8affine_epi64_epi8(lk[ls->a], matrix(ls->ma), 0);
        if (ls->b >= 0)
            v = _mm512_xor_si512(v, _mm512_gf2p8affine_epi64_epi8(lk[ls->b], matrix(ls->mb), 0));
        lk[64 + i] = v;
    }
}

static __attribute__((noinline)) void keys_batch(uint8_t *out, const uint8_t *in, const uint8_t *keys, reg *lk, int enc)
{
    lane_keys_make(lk, keys);
    const key_source k = {NULL, lk};
    reg x[16];
    load_blocks(x, in);
    pack(x);
    if (enc)
        encrypt_rounds(x, &k, KEYS_LANES);
    else
        decrypt_rounds(x, &k, KEYS_LANES);
    unpack(x);
    store_blocks(out, x);
}

static void crypt_keys(uint8_t *out, const uint8_t *in, const uint8_t *keys, size_t nblocks, int enc)
{
    reg lk[G_LANE_REGS]; /* 8.5 KiB */
    for (size_t n = 0; n < nblocks; n += G_BATCH) keys_batch(out + 8 * n, in + 8 * n, keys + 16 * n, lk, enc);
    lwcx_wipe(lk, sizeof lk);
    wipe_stack_keys(); /* the packed keys and the states */
}

static void encrypt_keys(uint8_t *out, const uint8_t *in, const uint8_t *keys, size_t nblocks)
{
    crypt_keys(out, in, keys, nblocks, 1);
}

static void decrypt_keys(uint8_t *out, const uint8_t *in, const uint8_t *keys, size_t nblocks)
{
    crypt_keys(out, in, keys, nblocks, 0);
}

/* a block in every lane: its registers' bytes (block_pattern), then the registers */
typedef struct block_bytes {
    _Alignas(64) uint32_t p[16];
} block_bytes;

G_INLINE void block_bytes_of(block_bytes *bb, const uint8_t *b)
{
    _mm512_store_si512(bb->p, block_pattern(lwcx_load64be(b)));
}

G_INLINE void broadcast_block(reg x[16], const block_bytes *bb)
{
    for (unsigned j = 0; j < 4; j++)
        for (unsigned a = 0; a < 4; a++) x[4 * a + j] = bcast(bb->p[a + 4 * j]);
}

/* hits: lane l = k + 64 h (byte k, nibbles h) where x is the block ct */
G_INLINE void store_hits(uint64_t *hits, const reg x[16], const block_bytes *ct)
{
    reg c[16], diff = _mm512_setzero_si512();
    broadcast_block(c, ct);
    for (unsigned i = 0; i < 16; i++) diff = TERN(diff, x[i], c[i], 0xF6); /* d | (x ^ c) */
    hits[0] = _mm512_testn_epi8_mask(diff, _mm512_set1_epi8(0x0F));
    hits[1] = _mm512_testn_epi8_mask(diff, _mm512_set1_epi8((char)0xF0));
}

/* lanes whose index has bit k (k < 7): their nibbles all ones */
G_INLINE reg lane_mask(unsigned k)
{
    if (k == 6) return _mm512_set1_epi8((char)0xF0);
    const reg iota = lwcx_zmm_iota();
    return _mm512_movm_epi8(_mm512_test_epi8_mask(iota, _mm512_set1_epi8((char)(1u << k))));
}

/* Every lane bit in the key's last word k[0] (key bits 0..15, the usual
 * low-bit range): the lanes share key0's entries but for V of rounds 0, 4,
 * .., 24, which take k[0]: key0's plus delta[r + g], the lanes' flips made
 * like many keys' entries (from their COL registers). */
static void lane_deltas(reg delta[G_ROUNDS], const uint16_t *lane_bit)
{
    reg col[4] = {_mm512_setzero_si512(), _mm512_setzero_si512(), _mm512_setzero_si512(), _mm512_setzero_si512()};
    for (unsigned k = 0; k < 7; k++) {
        const unsigned b = lane_bit[k];
        col[b % 4] = TERN(col[b % 4], lane_mask(k), _mm512_set1_epi8((char)(0x11 << (b / 4))), 0xF8); /* a | (b & c) */
    }
    for (unsigned r = 0; r < G_ROUNDS; r += 4)
        for (unsigned g = 0; g < 4; g++)
            delta[r + g] = _mm512_gf2p8affine_epi64_epi8(col[SEARCH_COL[r / 4][g].col],
                                                         matrix(SEARCH_COL[r / 4][g].m), 0);
}

/* one batch: key0's entries s, the lanes' delta */
static __attribute__((noinline)) void search_batch(const groups_sched *s, const reg *delta, const block_bytes *pt,
                                                   const block_bytes *ct, uint64_t *hits)
{
    const key_source k = {s->k, delta};
    reg x[16];
    broadcast_block(x, pt);
    encrypt_rounds(x, &k, KEYS_SEARCH);
    store_hits(hits, x, ct);
}

/* any keys (128), as many keys' (lk: room for their registers, in the
 * caller's frame, so that the stack wiper reaches lane_keys_make's) */
static __attribute__((noinline)) void search_keys(const uint8_t *keys, reg *lk, const block_bytes *pt,
                                                  const block_bytes *ct, uint64_t *hits)
{
    lane_keys_make(lk, keys);
    const key_source k = {NULL, lk};
    reg x[16];
    broadcast_block(x, pt);
    encrypt_rounds(x, &k, KEYS_LANES);
    store_hits(hits, x, ct);
}

static int in_last_word(const uint16_t *lane_bit)
{
    int last = 1;
    for (unsigned k = 0; k < 7; k++) last &= lane_bit[k] < 16;
    return last;
}

static void push_hits(const uint64_t hits[2], uint64_t b, uint64_t lo, uint64_t hi, uint64_t *cand, size_t max_cand,
                      size_t *c)
{
    for (unsigned w = 0; w < 2; w++)
        for (uint64_t h = hits[w]; h; h &= h - 1) {
            const uint64_t idx = b + 64 * w + (uint64_t)__builtin_ctzll(h);
            if (idx < lo || idx >= hi) continue;
            if (*c < max_cand) cand[*c] = idx;
            ++*c;
        }
}

/* The key search over indices [lo, lo + n) (bc_impl.h). Where the index's
 * low 7 bits are key bits of word k[0], aligned batches of 128 keep key0's
 * entries across the range: a batch whose flips stay in k[0] refreshes
 * only the entries of k[0] (V of rounds 0, 4, ..: 7 of expand's 28
 * vectors). Otherwise the keys are made one by one, batches as many keys'. */
static size_t search_range(const bc_search_job *j, uint64_t lo, uint64_t n, uint64_t *cand, size_t max_cand)
{
    const uint64_t hi = lo + n;
    size_t c = 0;
    uint64_t hits[2];
    block_bytes p, ct;
    block_bytes_of(&p, j->pt);
    block_bytes_of(&ct, j->ct);
    if (j->nbits >= 7 && in_last_word(j->pos)) {
        groups_sched s;
        reg delta[G_ROUNDS];
        uint8_t key0[16];
        uint64_t b = lo & ~(uint64_t)(G_BATCH - 1);
        lwcx_bc_search_make_key(j, key0, b);
        expand(&s, key0);
        lane_deltas(delta, j->pos);
        for (; b < hi; b += G_BATCH) {
            search_batch(&s, delta, &p, &ct, hits);
            push_hits(hits, b, lo, hi, cand, max_cand, &c);
            if (b + G_BATCH >= hi) break;
            const uint64_t flips = b ^ (b + G_BATCH);
            lwcx_bc_search_flip(j, key0, flips);
            int beyond = 0; /* a flipped bit outside k[0] */
            for (uint64_t f = flips; f; f &= f - 1) beyond |= j->pos[__builtin_ctzll(f)] >= 16;
            if (beyond)
                expand(&s, key0);
            else
                expand_last_word(&s, key0);
        }
        lwcx_wipe(&s, sizeof s);
        lwcx_wipe(delta, sizeof delta);
        lwcx_wipe(key0, sizeof key0);
    } else {
        uint8_t keys[16 * G_BATCH];
        reg lk[G_LANE_REGS];
        for (uint64_t b = lo; b < hi; b += G_BATCH) {
            for (unsigned l = 0; l < G_BATCH; l++) /* past the range: lo's key, its hits ignored */
                lwcx_bc_search_make_key(j, keys + 16 * l, b + l < hi ? b + l : lo);
            search_keys(keys, lk, &p, &ct, hits);
            push_hits(hits, b, lo, hi, cand, max_cand, &c);
        }
        lwcx_wipe(keys, sizeof keys);
        lwcx_wipe(lk, sizeof lk);
    }
    wipe_stack_keys();
    return c;
}

/* The search kernel (one batch, bc_impl.h): search_range's, over the 128
 * keys of indices 0..127 of the job whose base is key0 and whose index bits
 * are the lane bits. */
static void search(const uint8_t *key0, const uint16_t *lane_bit, const uint8_t *pt, const uint8_t *ct,
                   uint64_t *hits)
{
    const bc_search_job j = {8, 16, key0, lane_bit, 7, pt, ct, 1};
    uint64_t cand[G_BATCH];
    const size_t nc = search_range(&j, 0, G_BATCH, cand, G_BATCH);
    hits[0] = hits[1] = 0;
    for (size_t i = 0; i < nc; i++) hits[cand[i] / 64] |= (uint64_t)1 << (cand[i] % 64);
}

/* --- packing alone (bench, tests) ------------------------------------------------------------ */

static void pack_unpack(uint8_t *out, const uint8_t *in, size_t nblocks)
{
    for (size_t n = 0; n < nblocks; n += G_BATCH) {
        reg v[16];
        load_blocks(v, in + 8 * n);
        pack(v);
        unpack(v);
        store_blocks(out + 8 * n, v);
    }
}

const bc_impl lwcx_bc_gift64_groups512 = {
    .desc = {.name = "groups512",
             .description = "AVX-512 + GFNI + VBMI: 128 blocks as 16 registers of nibble groups, S-box in "
                            "vpternlogd, PermBits as register renaming and gf2p8affineqb nibble rotations",
             .features = LWCX_CPU_AVX512 | LWCX_CPU_GFNI | LWCX_CPU_VBMI,
             .batch = G_BATCH,
             .constant_time = 1},
    .sched_bytes = sizeof(groups_sched),
    .expand = expand,
    .encrypt = encrypt,
    .decrypt = decrypt,
    .encrypt_keys = encrypt_keys,
    .decrypt_keys = decrypt_keys,
    .ctr = ctr,
    .pack_unpack = pack_unpack,
    .search = search,
    .search_range = search_range,
};
