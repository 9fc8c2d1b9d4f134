/* PIPO-64/128 and PIPO-64/256 sliced as the specification slices one block,
 * 64 blocks at a time: zmm register i of a group holds row (byte) i of 64
 * blocks, byte lane b block b. The S-box is the columns' circuit on the 8
 * registers (vpternlogd); the R-layer rotates the bytes of 7 registers, one
 * gf2p8affineqb each (GFNI); the packing is one 8x8 byte transpose per 8
 * blocks (vpermb, VBMI) and one 8x8 qword transpose per group.
 *
 * Against the 64-word bitslicing of pipo/bs_core.tmpl.h (pipo/avx512.c): the
 * same S-box operations per block, 7 rotations per 64 blocks and round
 * more, but a state of 8 registers that never leaves them (that one stores
 * 64 words a round: where zmm stores run at half width, its bound), a
 * packing of 4 operations per 8
 * blocks instead of a 64x64 bit transpose, and one-key masks of 32 bytes a
 * round. A batch is ROWS_GROUPS groups, run round by round side by side:
 * one group waits on its own chain, two fill the pipes, four spill.
 *
 * Per group and round: 18 S-box operations, 8 key XORs (3 of them joined
 * with the S-box's), 7 gf2p8affineqb. Where zmm runs in halves a GFNI
 * operation takes two logic operations' share of the pipes; the bound and
 * the measured rounds are in docs/design/pipo.md, "rows512: the
 * specification's own slicing". The batch's 16 rows need every register
 * the rounds have left: one-key XORs take the key as a broadcast memory
 * operand (XOR_KEY), and an out-of-line call must not take the batch's
 * address (clang then keeps it in memory); even three reloads a round cost
 * time.
 *
 * CTR makes its counters in the rows, in the order that lets 24 in-lane
 * interleaves turn a group back into blocks (CTR_ORDER, unpack_ctr).
 *
 * Round keys. The key XOR follows the rotation, so it is moved before it:
 * rotl(s ^ rotr(k)) = rotl(s) ^ k. The schedule holds rotr(RK_r row i,
 * ROT[i]) for r >= 1 and RK_0 as it is; rows 1, 2 and 7 of the S-box end
 * with an XOR that then takes the key as a third input. Decryption uses the
 * same rotated keys: rotr(x ^ k) = rotr(x) ^ rotr(k).
 *
 * Compiled with AVX-512 F/BW/VL, GFNI and VBMI (ISA avx512gfni) only. */
#include <immintrin.h>

#include "../../core/zmm_shuffles.h"
#include "../bc_impl.h"
#include "../bitslice/tern512.h"

#define ROWS_GROUPS 2 /* groups of 64 blocks a batch */
#define ROWS_BATCH (64 * ROWS_GROUPS)
#define ROWS_MAX_ROUNDS 17
#define ROWS_INLINE static inline __attribute__((always_inline))
/* before the loops over a batch's groups: clang kept them as loops, the
 * states in memory */
#if defined(__clang__)
#define ROWS_EACH_GROUP _Pragma("clang loop unroll(full)")
#else
#define ROWS_EACH_GROUP _Pragma("GCC unroll 4")
#endif

typedef __m512i row;       /* one row of 64 blocks */
typedef row group[8];      /* 64 blocks */
typedef group batch[ROWS_GROUPS];

/* rotation of row i, left (the R-layer) */
static const uint8_t ROT[8] = {0, 7, 4, 3, 6, 5, 1, 2};

/* --- rows ------------------------------------------------------------------ */

/* gf2p8affineqb's matrix rotating each byte left by r: output bit i is
 * the parity of input and matrix byte 7 - i, here input bit i - r */
static inline uint64_t rotl_matrix(unsigned r)
{
    uint64_t m = 0;
    for (unsigned i = 0; i < 8; i++) m |= (uint64_t)(1u << ((i - r) & 7)) << (8 * (7 - i));
    return m;
}

ROWS_INLINE row rotl_bytes(row v, unsigned r)
{
    return _mm512_gf2p8affine_epi64_epi8(v, _mm512_set1_epi64((long long)rotl_matrix(r)), 0);
}

static inline uint8_t rotr8(uint8_t v, unsigned r)
{
    return (uint8_t)((v >> r) | (v << ((8 - r) & 7)));
}

/* a ^ k, written so that gcc folds k's broadcast into the operation
 * (vpternlogd's memory operand) instead of holding it in a register: the
 * rounds then keep their states in registers (clang makes it a vpxord) */
#define XOR_KEY(a, k) TERN(a, a, k, 0x5A)
#define XOR_NOTOR(a, b, c) TERN(a, b, c, 0x4B) /* a ^ (~b | c) */
#define XNOR_AND(a, b, c) TERN(a, b, c, 0x87)  /* ~a ^ (b & c) */

/* --- one round ---------------------------------------------------------------- */

/* S-layer and key k (rotated, see above; where lanes have their own keys,
 * rc is XORed into row 0 with it: the round constant) into y; the round is
 * that and the R-layer.
 * The S-box is pipo_bs_sbox_parts's three-input circuit: 18 operations, the
 * key 8 (3 of them joined with the S-box's last XORs), the rotations 7. */
ROWS_INLINE void sbox_keyed(const group x, const row k[8], int lanes, row rc, group y)
{
    row a = x[0], b = x[1], c = x[2], d = x[3], e = x[4], f = x[5], g = x[6], h = x[7];
    /* S3 on c, b, a; its closing NOT of c goes into c's two uses */
    /* (each operation's first operand the value computed last: bitslice/tern512.h) */
    c = XOR_AND(c, b, a);
    TERN_INTO(a, c, a, b, 0x36); /* a ^ (c | b) */
    TERN_INTO(b, a, b, c, 0x36); /* b ^ (a | c) */
    /* S5 on h, g, f, e, d, with the mixing */
    f = XOR_AND(f, h, g);
    TERN_INTO(e, f, e, d, 0x6C); /* e ^ (f & d) */
    g = _mm512_xor_si512(g, d);
    TERN_INTO(d, e, d, f, 0x36); /* d ^ (e | f) */
    d = XNOR(d, c);
    TERN_INTO(f, e, f, h, 0x96);
    TERN_INTO(h, e, h, b, 0x96);
    TERN_INTO(e, f, e, g, 0x6C); /* e ^ (f & g) */
    e = _mm512_xor_si512(e, a);
    /* second S5 on copies u, v, w of h, d, e */
    row u = h, v = d, w = e;
    TERN_INTO(g, u, g, f, 0x6C); /* g ^ (u & f) */
    u = _mm512_xor_si512(u, g);
    TERN_INTO(g, w, g, v, 0x36); /* g ^ (w | v) */
    v = _mm512_xor_si512(v, f);
    TERN_INTO(f, g, f, w, 0x36); /* f ^ (g | w) */
    TERN_INTO(w, v, w, u, 0x6C); /* w ^ (v & u) */
    /* outputs with the key */
    y[0] = lanes ? XOR3(h, k[0], rc) : XOR_KEY(h, k[0]);
    y[1] = XOR3(v, a, k[1]);
    y[2] = XNOR3(u, c, k[2]);
    y[3] = XOR_KEY(g, k[3]);
    y[4] = XOR_KEY(f, k[4]);
    y[5] = XOR_KEY(e, k[5]);
    y[6] = XOR_KEY(d, k[6]);
    y[7] = XOR3(w, b, k[7]);
}

ROWS_INLINE void enc_round(group x, const row k[8], int lanes, row rc)
{
    group y;
    sbox_keyed(x, k, lanes, rc, y);
    x[0] = y[0];
    for (unsigned i = 1; i < 8; i++) x[i] = rotl_bytes(y[i], ROT[i]);
}

/* The inverse: rows rotated back, the key, the S-box's steps undone in
 * reverse order (pipo_bs_sbox_inv_with); the key of rows 1, 2 and 7 joins
 * the first XORs into them. */
ROWS_INLINE void dec_round(group x, const row k[8], int lanes, row rc)
{
    row r1 = rotl_bytes(x[1], 8 - ROT[1]), r2 = rotl_bytes(x[2], 8 - ROT[2]);
    row r7 = rotl_bytes(x[7], 8 - ROT[7]);
    row h = lanes ? XOR3(x[0], k[0], rc) : _mm512_xor_si512(x[0], k[0]);
    row g = _mm512_xor_si512(rotl_bytes(x[3], 8 - ROT[3]), k[3]);
    row f = _mm512_xor_si512(rotl_bytes(x[4], 8 - ROT[4]), k[4]);
    row e = _mm512_xor_si512(rotl_bytes(x[5], 8 - ROT[5]), k[5]);
    row d = _mm512_xor_si512(rotl_bytes(x[6], 8 - ROT[6]), k[6]);
    /* undo the second S5 on g, f; its outputs u, v, w again */
    f = XOR_OR(f, g, e);
    g = XOR_OR(g, e, d);
    row u = _mm512_xor_si512(h, g), v = _mm512_xor_si512(d, f);
    row w = XOR_AND(e, v, u);
    g = XOR_AND(g, h, f);
    row c = XOR3(r2, k[2], u), b = XOR3(r7, k[7], w), a = XOR3(r1, k[1], v);
    /* undo the mixing */
    h = _mm512_xor_si512(h, b);
    d = _mm512_xor_si512(d, c);
    e = _mm512_xor_si512(e, a);
    /* undo S3, whose NOT of c is taken by the three steps */
    b = XOR_NOTOR(b, c, a);
    a = XOR_NOTOR(a, c, b);
    c = XNOR_AND(c, b, a);
    /* undo the first S5 */
    e = XOR_AND(e, f, g);
    f = _mm512_xor_si512(f, h);
    d = XOR_OR(d, e, f);
    g = _mm512_xor_si512(g, d);
    h = _mm512_xor_si512(h, e);
    e = XOR_AND(e, d, f);
    f = XOR_AND(f, h, g);
    x[0] = a, x[1] = b, x[2] = c, x[3] = d, x[4] = e, x[5] = f, x[6] = g, x[7] = h;
}

/* --- the rounds over a batch --------------------------------------------------- */

/* Round keys: one key's schedule (dword masks broadcast where used: 32
 * bytes a round, the constant included), or the batch's own keys (lane[g *
 * nkw + w]: word w of group g's keys, rows rotated; the constant apart). */
typedef struct rows_keys {
    const uint32_t (*masks)[8];
    const group *lane;
    unsigned nkw; /* 2 or 4 */
} rows_keys;

ROWS_INLINE void round_key(row k[8], row *rc, int lanes, const rows_keys *ks, unsigned g, unsigned r)
{
    if (!lanes) {
        const uint32_t *m = ks->masks[r];
        /* read again for every group, so that each read is folded into its
         * operation as a broadcast operand ({1to16}): shared between the
         * groups, clang held 8 keys in registers and spilled the states */
        __asm__("" : "+r"(m));
        for (unsigned i = 0; i < 8; i++) k[i] = _mm512_set1_epi32((int)m[i]);
        *rc = _mm512_setzero_si512();
    } else {
        for (unsigned i = 0; i < 8; i++) k[i] = ks->lane[g * ks->nkw + (r & (ks->nkw - 1))][i];
        *rc = _mm512_set1_epi8((char)r);
    }
}

/* ngroups: ROWS_GROUPS, or 1 for a short call's last batch */
ROWS_INLINE void encrypt_rounds(batch x, const rows_keys *ks, int lanes, unsigned rounds, unsigned ngroups)
{
    for (unsigned r = 1; r <= rounds; r++)
        ROWS_EACH_GROUP
        for (unsigned g = 0; g < ngroups; g++) {
            row k[8], rc;
            round_key(k, &rc, lanes, ks, g, r);
            enc_round(x[g], k, lanes, rc);
        }
}

ROWS_INLINE void decrypt_rounds(batch x, const rows_keys *ks, int lanes, unsigned rounds)
{
    for (unsigned r = rounds; r >= 1; r--)
        ROWS_EACH_GROUP
        for (unsigned g = 0; g < ROWS_GROUPS; g++) {
            row k[8], rc;
            round_key(k, &rc, lanes, ks, g, r);
            dec_round(x[g], k, lanes, rc);
        }
}

/* --- packing ------------------------------------------------------------------ */

/* 64 blocks into a group: each 8 blocks' 8x8 byte matrix transposed, so that
 * qword i holds their rows i, then the groups' qwords transposed */
ROWS_INLINE void pack(group x, const uint8_t *in)
{
    for (unsigned j = 0; j < 8; j++) x[j] = LWCX_ZMM_BYTES_TRANSPOSE_VBMI(_mm512_loadu_si512(in + 64 * j));
    lwcx_zmm_transpose8(x);
}

/* the inverse, into out, XORed onto in where in is not NULL; clobbers x */
ROWS_INLINE void unpack(uint8_t *out, const uint8_t *in, group x)
{
    lwcx_zmm_transpose8(x);
    for (unsigned j = 0; j < 8; j++) {
        row v = LWCX_ZMM_BYTES_TRANSPOSE_VBMI(x[j]);
        if (in) v = _mm512_xor_si512(v, _mm512_loadu_si512(in + 64 * j));
        _mm512_storeu_si512(out + 64 * j, v);
    }
}

/* --- wiping -------------------------------------------------------------------- */

/* 2 KiB: the frames of ECB's and CTR's batches are at most 0.9 KiB with
 * the CI's compilers; 12 KiB for many keys', which hold the batch's key
 * rows */
BC_STACK_WIPER(wipe_stack, 2048)
BC_STACK_WIPER(wipe_stack_keys, 12288)

/* --- one key ------------------------------------------------------------------- */

typedef struct rows_sched {
    uint32_t rk[ROWS_MAX_ROUNDS + 1][8]; /* round r, row i: a byte four times */
} rows_sched;

ROWS_INLINE void expand(void *sched, const uint8_t *key, unsigned nkw, unsigned rounds)
{
    rows_sched *s = sched;
    /* byte i of a key word to dword i, four times */
    const __m256i spread = _mm256_setr_epi8(0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5,
                                            6, 6, 6, 6, 7, 7, 7, 7);
    /* a dword of four equal bytes rotated by r rotates each byte by r */
    const __m256i rot = _mm256_setr_epi32(ROT[0], ROT[1], ROT[2], ROT[3], ROT[4], ROT[5], ROT[6], ROT[7]);
    __m256i words[4]; /* the key words, row i rotated right by ROT[i] */
    for (unsigned w = 0; w < nkw; w++) {
        const __m256i spread_word =
            _mm256_shuffle_epi8(_mm256_set1_epi64x((long long)lwcx_load64le(key + 8 * w)), spread);
        if (w == 0) _mm256_storeu_si256((__m256i *)s->rk[0], spread_word);
        words[w] = _mm256_rorv_epi32(spread_word, rot);
    }
    /* round r: word r mod nkw (nkw: 2 or 4), r XORed into row 0 (not rotated) */
    for (unsigned r = 1; r <= rounds; r++) {
        const __m256i rc = _mm256_zextsi128_si256(_mm_cvtsi32_si128((int)(r * 0x01010101u)));
        _mm256_storeu_si256((__m256i *)s->rk[r], _mm256_xor_si256(words[r & (nkw - 1)], rc));
    }
}

static void expand128(void *s, const uint8_t *key)
{
    expand(s, key, 2, 13);
}
static void expand256(void *s, const uint8_t *key)
{
    expand(s, key, 4, 17);
}

ROWS_INLINE void xor_rk0(group x, const rows_sched *s)
{
    for (unsigned i = 0; i < 8; i++) x[i] = _mm512_xor_si512(x[i], _mm512_set1_epi32((int)s->rk[0][i]));
}

/* One batch of ECB, out of line as ctr_batch (below) */
ROWS_INLINE void ecb_batch(const rows_sched *s, uint8_t *out, const uint8_t *in, unsigned rounds, int enc)
{
    const rows_keys ks = {s->rk, 0, 0};
    batch x;
    ROWS_EACH_GROUP
    for (unsigned g = 0; g < ROWS_GROUPS; g++) {
        pack(x[g], in + 512 * g);
        if (enc) xor_rk0(x[g], s);
    }
    if (enc)
        encrypt_rounds(x, &ks, 0, rounds, ROWS_GROUPS);
    else
        decrypt_rounds(x, &ks, 0, rounds);
    ROWS_EACH_GROUP
    for (unsigned g = 0; g < ROWS_GROUPS; g++) {
        if (!enc) xor_rk0(x[g], s);
        unpack(out + 512 * g, NULL, x[g]);
    }
}

static __attribute__((noinline)) void ecb_enc_batch(const rows_sched *s, uint8_t *out, const uint8_t *in,
                                                    unsigned rounds)
{
    ecb_batch(s, out, in, rounds, 1);
}

static __attribute__((noinline)) void ecb_dec_batch(const rows_sched *s, uint8_t *out, const uint8_t *in,
                                                    unsigned rounds)
{
    ecb_batch(s, out, in, rounds, 0);
}

static void crypt(const void *sched, uint8_t *out, const uint8_t *in, size_t nblocks, unsigned rounds, int enc)
{
    for (size_t n = 0; n < nblocks; n += ROWS_BATCH)
        (enc ? ecb_enc_batch : ecb_dec_batch)(sched, out + 8 * n, in + 8 * n, rounds);
    wipe_stack(); /* the state after a round and a known block give a round key away */
}

static void encrypt128(const void *s, uint8_t *out, const uint8_t *in, size_t n)
{
    crypt(s, out, in, n, 13, 1);
}
static void decrypt128(const void *s, uint8_t *out, const uint8_t *in, size_t n)
{
    crypt(s, out, in, n, 13, 0);
}
static void encrypt256(const void *s, uint8_t *out, const uint8_t *in, size_t n)
{
    crypt(s, out, in, n, 17, 1);
}
static void decrypt256(const void *s, uint8_t *out, const uint8_t *in, size_t n)
{
    crypt(s, out, in, n, 17, 0);
}

/* --- CTR ------------------------------------------------------------------------ */

/* CTR's blocks leave the rows by 24 in-lane interleaves (unpack_ctr) instead
 * of unpack's 32 shuffles and byte permutes; the price is the order in which
 * they come out. Register k, qword q of the result is the block at position
 * p = 16 (q / 2) + 2 m + q % 2 of the rows, m being k with bits 1 and 2
 * swapped. So position p holds counter c + CTR_ORDER[p] = 8 k + q. */
static const uint8_t CTR_ORDER[64] = {0,  1,  8,  9,  32, 33, 40, 41, 16, 17, 24, 25, 48, 49, 56, 57,
                                      2,  3,  10, 11, 34, 35, 42, 43, 18, 19, 26, 27, 50, 51, 58, 59,
                                      4,  5,  12, 13, 36, 37, 44, 45, 20, 21, 28, 29, 52, 53, 60, 61,
                                      6,  7,  14, 15, 38, 39, 46, 47, 22, 23, 30, 31, 54, 55, 62, 63};

/* A group's rows in CTR_ORDER to 64 blocks, into out, XORed onto in where in
 * is not NULL: in each 128-bit lane the rows interleaved pairwise by bytes
 * (0 1, 2 3, ..), words (01 23, ..) and dwords (0123 4567), the 8x8 byte
 * transposes of 16 columns. */
ROWS_INLINE void unpack_ctr(uint8_t *out, const uint8_t *in, const group x)
{
    row a[8], b[8], v[8];
    for (unsigned i = 0; i < 8; i += 2) {
        a[i] = _mm512_unpacklo_epi8(x[i], x[i + 1]);
        a[i + 1] = _mm512_unpackhi_epi8(x[i], x[i + 1]);
    }
    for (unsigned i = 0; i < 8; i += 4)
        for (unsigned j = 0; j < 2; j++) {
            b[i + j] = _mm512_unpacklo_epi16(a[i + j], a[i + j + 2]);
            b[i + j + 2] = _mm512_unpackhi_epi16(a[i + j], a[i + j + 2]);
        }
    for (unsigned j = 0; j < 4; j++) {
        v[2 * j] = _mm512_unpacklo_epi32(b[j], b[j + 4]);
        v[2 * j + 1] = _mm512_unpackhi_epi32(b[j], b[j + 4]);
    }
    for (unsigned k = 0; k < 8; k++) {
        if (in) v[k] = _mm512_xor_si512(v[k], _mm512_loadu_si512(in + 64 * k));
        _mm512_storeu_si512(out + 64 * k, v[k]);
    }
}

/* counters() where the carry goes past row 6: the 64 counters made as blocks
 * and packed. Out of line: inlined, its loop changed the rounds' register
 * allocation (spills). */
static __attribute__((noinline, cold)) void counters_as_blocks(group x, uint64_t c, const rows_sched *s)
{
    _Alignas(64) uint8_t blocks[8 * 64];
    for (unsigned p = 0; p < 64; p++) lwcx_store64be(blocks + 8 * p, c + CTR_ORDER[p]);
    pack(x, blocks);
    xor_rk0(x, s);
}

/* The counters of group x, c + CTR_ORDER[p] at position p (the block's
 * big-endian integer: row 7 its low byte), whitened. Row 7 is c's low byte
 * plus CTR_ORDER[p]; a carry out of it adds 1 to row 6; only where that
 * carries on (once in 2^16 blocks) are the counters made as blocks. */
ROWS_INLINE void counters(group x, uint64_t c, const rows_sched *s)
{
    const uint8_t lo = (uint8_t)c, next = (uint8_t)(c >> 8);
    if (next == 0xFF && lo > 0xC0) {
        group t; /* not x: its address taken, clang kept the batch in memory */
        counters_as_blocks(t, c, s);
        for (unsigned i = 0; i < 8; i++) x[i] = t[i];
        return;
    }
    const row low = _mm512_add_epi8(_mm512_set1_epi8((char)lo), _mm512_loadu_si512(CTR_ORDER));
    const __mmask64 carry = _mm512_cmplt_epu8_mask(low, _mm512_set1_epi8((char)lo));
    const uint8_t *k0 = (const uint8_t *)s->rk[0]; /* byte 4 i: row i's */
    for (unsigned i = 0; i < 6; i++) x[i] = _mm512_set1_epi8((char)((uint8_t)(c >> (56 - 8 * i)) ^ k0[4 * i]));
    x[6] = _mm512_mask_set1_epi8(_mm512_set1_epi8((char)(next ^ k0[24])), carry, (char)((uint8_t)(next + 1) ^ k0[24]));
    x[7] = _mm512_xor_si512(low, _mm512_set1_epi8((char)k0[28]));
}

/* One batch of CTR from counter c (ngroups groups of 64 blocks), XORed onto
 * in, or written where in is NULL. Called out of line (ctr_batch,
 * ctr_group): inlined into ctr's loop, gcc spilled 20 registers a round. */
ROWS_INLINE void ctr_groups(const rows_sched *s, uint64_t c, uint8_t *out, const uint8_t *in, unsigned rounds,
                            unsigned ngroups)
{
    const rows_keys ks = {s->rk, 0, 0};
    batch x;
    ROWS_EACH_GROUP
    for (unsigned g = 0; g < ngroups; g++) counters(x[g], c + 64 * g, s);
    encrypt_rounds(x, &ks, 0, rounds, ngroups);
    ROWS_EACH_GROUP
    for (unsigned g = 0; g < ngroups; g++) unpack_ctr(out + 512 * g, in ? in + 512 * g : NULL, x[g]);
}

static __attribute__((noinline)) void ctr_batch(const rows_sched *s, uint64_t c, uint8_t *out, const uint8_t *in,
                                                unsigned rounds)
{
    ctr_groups(s, c, out, in, rounds, ROWS_GROUPS);
}

static __attribute__((noinline)) void ctr_group(const rows_sched *s, uint64_t c, uint8_t *out, unsigned rounds)
{
    ctr_groups(s, c, out, NULL, rounds, 1);
}

static void ctr(const void *sched, const uint8_t *iv, uint8_t *out, const uint8_t *in, size_t len, unsigned rounds)
{
    uint64_t c = lwcx_load64be(iv);
    for (; len >= 8 * ROWS_BATCH; in += 8 * ROWS_BATCH, out += 8 * ROWS_BATCH, len -= 8 * ROWS_BATCH) {
        ctr_batch(sched, c, out, in, rounds);
        c += ROWS_BATCH;
    }
    if (len) { /* the last, partial batch: one group where it holds the rest */
        _Alignas(64) uint8_t stream[8 * ROWS_BATCH];
        if (len <= 512)
            ctr_group(sched, c, stream, rounds);
        else
            ctr_batch(sched, c, stream, NULL, rounds);
        for (size_t i = 0; i < len; i++) out[i] = in[i] ^ stream[i];
        lwcx_wipe(stream, sizeof stream);
    }
    wipe_stack(); /* the states between rounds, in ctr_batch's registers and spills */
}

static void ctr128(const void *s, const uint8_t *iv, uint8_t *out, const uint8_t *in, size_t len)
{
    ctr(s, iv, out, in, len, 13);
}
static void ctr256(const void *s, const uint8_t *iv, uint8_t *out, const uint8_t *in, size_t len)
{
    ctr(s, iv, out, in, len, 17);
}

/* --- many keys and key search: each lane its own key ------------------------------- */

/* Rows rotated for the rounds (r >= 1): rotr(row i, ROT[i]) */
ROWS_INLINE void rotate_key(group k)
{
    for (unsigned i = 1; i < 8; i++) k[i] = rotl_bytes(k[i], 8 - ROT[i]);
}

/* The words of 64 keys (nkw words of 8 bytes each, consecutive): word w of
 * key 8 j + q to qword q of register j of t[w], by even/odd splits of
 * qword pairs (one for 2 words a key, two for 4), then packed as blocks. */
ROWS_INLINE void load_keys(group *k, const uint8_t *keys, unsigned nkw)
{
    const row even = _mm512_setr_epi64(0, 2, 4, 6, 8, 10, 12, 14), odd = _mm512_setr_epi64(1, 3, 5, 7, 9, 11, 13, 15);
    row t[4][8];
    if (nkw == 2) {
        for (unsigned j = 0; j < 8; j++) {
            row p = _mm512_loadu_si512(keys + 128 * j), q = _mm512_loadu_si512(keys + 128 * j + 64);
            t[0][j] = _mm512_permutex2var_epi64(p, even, q);
            t[1][j] = _mm512_permutex2var_epi64(p, odd, q);
        }
    } else { /* words (0, 2) and (1, 3) interleaved, then split */
        for (unsigned j = 0; j < 8; j++) {
            row p[4], e[2], o[2];
            for (unsigned m = 0; m < 4; m++) p[m] = _mm512_loadu_si512(keys + 256 * j + 64 * m);
            for (unsigned m = 0; m < 2; m++) {
                e[m] = _mm512_permutex2var_epi64(p[2 * m], even, p[2 * m + 1]);
                o[m] = _mm512_permutex2var_epi64(p[2 * m], odd, p[2 * m + 1]);
            }
            t[0][j] = _mm512_permutex2var_epi64(e[0], even, e[1]);
            t[2][j] = _mm512_permutex2var_epi64(e[0], odd, e[1]);
            t[1][j] = _mm512_permutex2var_epi64(o[0], even, o[1]);
            t[3][j] = _mm512_permutex2var_epi64(o[0], odd, o[1]);
        }
    }
    for (unsigned w = 0; w < nkw; w++) {
        for (unsigned j = 0; j < 8; j++) k[w][j] = LWCX_ZMM_BYTES_TRANSPOSE_VBMI(t[w][j]);
        lwcx_zmm_transpose8(k[w]);
    }
}

/* One batch under the batch's keys (8 nkw bytes each); out of line as
 * ecb_batch, once per key size and direction */
ROWS_INLINE void keys_batch(uint8_t *out, const uint8_t *in, const uint8_t *keys, unsigned nkw, unsigned rounds,
                            int enc)
{
    group k[ROWS_GROUPS * 4], k0[ROWS_GROUPS];
    const rows_keys ks = {0, k, nkw};
    batch x;
    ROWS_EACH_GROUP
    for (unsigned g = 0; g < ROWS_GROUPS; g++) {
        group *kg = k + g * nkw;
        load_keys(kg, keys + 8 * nkw * 64 * g, nkw);
        for (unsigned i = 0; i < 8; i++) k0[g][i] = kg[0][i];
        for (unsigned w = 0; w < nkw; w++) rotate_key(kg[w]);
        pack(x[g], in + 512 * g);
        if (enc)
            for (unsigned i = 0; i < 8; i++) x[g][i] = _mm512_xor_si512(x[g][i], k0[g][i]);
    }
    if (enc)
        encrypt_rounds(x, &ks, 1, rounds, ROWS_GROUPS);
    else
        decrypt_rounds(x, &ks, 1, rounds);
    ROWS_EACH_GROUP
    for (unsigned g = 0; g < ROWS_GROUPS; g++) {
        if (!enc)
            for (unsigned i = 0; i < 8; i++) x[g][i] = _mm512_xor_si512(x[g][i], k0[g][i]);
        unpack(out + 512 * g, NULL, x[g]);
    }
}

#define ROWS_KEYS(name, nkw, rounds, enc)                                                                   \
    static __attribute__((noinline)) void name##_batch(uint8_t *out, const uint8_t *in, const uint8_t *keys) \
    {                                                                                                      \
        keys_batch(out, in, keys, nkw, rounds, enc);                                                       \
    }                                                                                                      \
    static void name(uint8_t *out, const uint8_t *in, const uint8_t *keys, size_t nblocks)                 \
    {                                                                                                      \
        for (size_t n = 0; n < nblocks; n += ROWS_BATCH)                                                   \
            name##_batch(out + 8 * n, in + 8 * n, keys + 8 * (nkw) * n);                                   \
        wipe_stack_keys(); /* the keys' rows and the states */                                             \
    }
ROWS_KEYS(encrypt_keys128, 2, 13, 1)
ROWS_KEYS(decrypt_keys128, 2, 13, 0)
ROWS_KEYS(encrypt_keys256, 4, 17, 1)
ROWS_KEYS(decrypt_keys256, 4, 17, 0)

/* --- key search ------------------------------------------------------------------ */

/* The lanes of group g whose index 64 g + b has bit j set */
static inline uint64_t lanes_with_bit(unsigned j, unsigned g)
{
    static const uint64_t in_group[6] = {0xAAAAAAAAAAAAAAAAull, 0xCCCCCCCCCCCCCCCCull, 0xF0F0F0F0F0F0F0F0ull,
                                         0xFF00FF00FF00FF00ull, 0xFFFF0000FFFF0000ull, 0xFFFFFFFF00000000ull};
    return j < 6 ? in_group[j] : ((g >> (j - 6)) & 1) ? ~0ull : 0;
}

#define ROWS_LANE_BITS (ROWS_GROUPS == 1 ? 6 : ROWS_GROUPS == 2 ? 7 : 8)
_Static_assert(ROWS_BATCH == 1 << ROWS_LANE_BITS, "one lane bit per doubling");

ROWS_INLINE void store_hits(uint64_t *hits, batch x, const uint8_t *ct)
{
    ROWS_EACH_GROUP
    for (unsigned g = 0; g < ROWS_GROUPS; g++) {
        __mmask64 match = ~(__mmask64)0;
        for (unsigned i = 0; i < 8; i++) match &= _mm512_cmpeq_epi8_mask(x[g][i], _mm512_set1_epi8((char)ct[i]));
        hits[g] = match;
    }
}

/* A round of ngroups groups (ROWS_GROUPS or 1) under key0's schedule, the
 * flips in row 7 if flip */
ROWS_INLINE void search_round(batch x, const rows_sched *s, const row *flips, unsigned r, int flip, unsigned ngroups)
{
    ROWS_EACH_GROUP
    for (unsigned g = 0; g < ngroups; g++) {
        row k[8];
        for (unsigned i = 0; i < 8; i++) k[i] = _mm512_set1_epi32((int)s->rk[r][i]);
        if (flip) k[7] = _mm512_xor_si512(k[7], flips[g]);
        enc_round(x[g], k, 0, k[0]);
    }
}

/* The usual search, over the low bits of the key's integer: every lane bit
 * in its last byte, row 7 of the last key word. The rounds take key0's
 * schedule as one key's, and that row the flips of each group (rotated,
 * held in a register) on top: no key rows written. Until the first round
 * that takes the last word (round nkw - 1), every lane holds the same
 * state: one group runs those rounds, its state copied to the others with
 * the flips XORed in after. The last round is compared before its
 * rotations, with the block rotated back. */
ROWS_INLINE void search_last_byte(const uint8_t *key0, const uint16_t *lane_bit, const uint8_t *pt, const uint8_t *ct,
                                  uint64_t *hits, unsigned nkw, unsigned rounds)
{
    rows_sched s;
    row flips[ROWS_GROUPS], flipped[ROWS_GROUPS]; /* rotated for the key, and as XORed into the state */
    batch x;
    expand(&s, key0, nkw, rounds);
    ROWS_EACH_GROUP
    for (unsigned g = 0; g < ROWS_GROUPS; g++) {
        flips[g] = flipped[g] = _mm512_setzero_si512();
        for (unsigned j = 0; j < ROWS_LANE_BITS; j++) {
            const uint8_t bit = (uint8_t)(1u << lane_bit[j]);
            flips[g] = _mm512_xor_si512(flips[g], _mm512_maskz_set1_epi8(lanes_with_bit(j, g), (char)rotr8(bit, ROT[7])));
            flipped[g] = _mm512_xor_si512(flipped[g], _mm512_maskz_set1_epi8(lanes_with_bit(j, g), (char)bit));
        }
    }
    for (unsigned i = 0; i < 8; i++) x[0][i] = _mm512_set1_epi8((char)(pt[i] ^ key0[i])); /* RK_0: word 0 */
    unsigned r = 1;
    for (; r < nkw; r++) search_round(x, &s, flips, r, 0, 1);
    const row same7 = x[0][7];
    ROWS_EACH_GROUP
    for (unsigned g = 0; g < ROWS_GROUPS; g++)
        for (unsigned i = 0; i < 8; i++) x[g][i] = i == 7 ? _mm512_xor_si512(same7, flipped[g]) : x[0][i];
    /* nkw rounds a pass from round nkw, so that which of them take the
     * flips is a constant (gcc spilled more with the test inside) */
    for (; r + nkw <= rounds; r += nkw)
        for (unsigned w = 0; w < nkw; w++) search_round(x, &s, flips, r + w, w == nkw - 1, ROWS_GROUPS);
    for (; r < rounds; r++) search_round(x, &s, flips, r, (r & (nkw - 1)) == nkw - 1, ROWS_GROUPS);
    ROWS_EACH_GROUP
    for (unsigned g = 0; g < ROWS_GROUPS; g++) {
        row k[8];
        group y;
        for (unsigned i = 0; i < 8; i++) k[i] = _mm512_set1_epi32((int)s.rk[rounds][i]);
        if ((rounds & (nkw - 1)) == nkw - 1) k[7] = _mm512_xor_si512(k[7], flips[g]);
        sbox_keyed(x[g], k, 0, k[0], y);
        __mmask64 match = ~(__mmask64)0;
        for (unsigned i = 0; i < 8; i++)
            match &= _mm512_cmpeq_epi8_mask(y[i], _mm512_set1_epi8((char)rotr8(ct[i], ROT[i])));
        hits[g] = match;
    }
    lwcx_wipe(&s, sizeof s);
}

/* out of line, so that the other search's registers are not its concern
 * (inlined, gcc spilled 6 a round more) */
static __attribute__((noinline)) void search_last_byte128(const uint8_t *key0, const uint16_t *lane_bit,
                                                          const uint8_t *pt, const uint8_t *ct, uint64_t *hits)
{
    search_last_byte(key0, lane_bit, pt, ct, hits, 2, 13);
}

static __attribute__((noinline)) void search_last_byte256(const uint8_t *key0, const uint16_t *lane_bit,
                                                          const uint8_t *pt, const uint8_t *ct, uint64_t *hits)
{
    search_last_byte(key0, lane_bit, pt, ct, hits, 4, 17);
}

/* One batch of keys against one block: lane l = 64 g + b gets key0 with key
 * bit lane_bit[j] flipped for every bit j set in l (bits 0..5 pick lanes of
 * a group, the others groups). Any bits: the key rows of every group are
 * key0's bytes broadcast and the flips XORed in under lane masks. */
static void search(const uint8_t *key0, const uint16_t *lane_bit, const uint8_t *pt, const uint8_t *ct,
                   uint64_t *hits, unsigned nkw, unsigned rounds)
{
    unsigned j = 0;
    while (j < ROWS_LANE_BITS && lane_bit[j] < 8) j++;
    if (j == ROWS_LANE_BITS) {
        (nkw == 2 ? search_last_byte128 : search_last_byte256)(key0, lane_bit, pt, ct, hits);
        return;
    }
    const unsigned key_bytes = 8 * nkw;
    group k[ROWS_GROUPS * 4];
    const rows_keys ks = {0, k, nkw};
    batch x;
    ROWS_EACH_GROUP
    for (unsigned g = 0; g < ROWS_GROUPS; g++)
        for (unsigned w = 0; w < nkw; w++)
            for (unsigned i = 0; i < 8; i++) k[g * nkw + w][i] = _mm512_set1_epi8((char)key0[8 * w + i]);
    for (j = 0; j < ROWS_LANE_BITS; j++) {
        const unsigned p = lane_bit[j], q = key_bytes - 1 - p / 8;
        ROWS_EACH_GROUP
        for (unsigned g = 0; g < ROWS_GROUPS; g++) {
            row *kr = &k[g * nkw + q / 8][q % 8];
            *kr = _mm512_xor_si512(*kr, _mm512_maskz_set1_epi8(lanes_with_bit(j, g), (char)(1u << (p % 8))));
        }
    }
    ROWS_EACH_GROUP
    for (unsigned g = 0; g < ROWS_GROUPS; g++) {
        for (unsigned i = 0; i < 8; i++) x[g][i] = _mm512_xor_si512(_mm512_set1_epi8((char)pt[i]), k[g * nkw][i]);
        for (unsigned w = 0; w < nkw; w++) rotate_key(k[g * nkw + w]);
    }
    encrypt_rounds(x, &ks, 1, rounds, ROWS_GROUPS);
    store_hits(hits, x, ct);
    lwcx_wipe(k, sizeof k);
    lwcx_wipe(x, sizeof x);
}

static void search128(const uint8_t *key0, const uint16_t *lane_bit, const uint8_t *pt, const uint8_t *ct,
                      uint64_t *hits)
{
    search(key0, lane_bit, pt, ct, hits, 2, 13);
}
static void search256(const uint8_t *key0, const uint16_t *lane_bit, const uint8_t *pt, const uint8_t *ct,
                      uint64_t *hits)
{
    search(key0, lane_bit, pt, ct, hits, 4, 17);
}

static void pack_unpack(uint8_t *out, const uint8_t *in, size_t nblocks)
{
    for (size_t n = 0; n < nblocks; n += 64) {
        group x;
        pack(x, in + 8 * n);
        unpack(out + 8 * n, NULL, x);
    }
}

#define ROWS_DESC                                                                                               \
    {.name = "rows512",                                                                                         \
     .description = "AVX-512 + GFNI + VBMI: 128 blocks as 8-row groups of 64 (the specification's slicing), "  \
                    "S-box in vpternlogd, R-layer in gf2p8affineqb, packed by vpermb",                         \
     .features = LWCX_CPU_AVX512 | LWCX_CPU_GFNI | LWCX_CPU_VBMI,                                              \
     .batch = ROWS_BATCH,                                                                                      \
     .constant_time = 1}

const bc_impl lwcx_bc_pipo128_rows512 = {
    .desc = ROWS_DESC,
    .sched_bytes = sizeof(rows_sched),
    .expand = expand128,
    .encrypt = encrypt128,
    .decrypt = decrypt128,
    .encrypt_keys = encrypt_keys128,
    .decrypt_keys = decrypt_keys128,
    .ctr = ctr128,
    .pack_unpack = pack_unpack,
    .search = search128,
};

const bc_impl lwcx_bc_pipo256_rows512 = {
    .desc = ROWS_DESC,
    .sched_bytes = sizeof(rows_sched),
    .expand = expand256,
    .encrypt = encrypt256,
    .decrypt = decrypt256,
    .encrypt_keys = encrypt_keys256,
    .decrypt_keys = decrypt_keys256,
    .ctr = ctr256,
    .pack_unpack = pack_unpack,
    .search = search256,
};
