#!/usr/bin/env python3
"""Writes src/bc/gift/slices512_tables.h, the constant tables of GIFT-128's
slices512 implementation (src/bc/gift/slices512.c), after checking the
layout they describe against a model of GIFT-128 written from the
specification.

The layout. A block's 128 bits are 4 slices (bit 4n + j of the block is
nibble n's bit j: slice j) of 32 nibbles each, and slices512 keeps slice j
of 16 blocks in one zmm register, a 32-bit lane a block. PermBits keeps
every bit in its slice and permutes its nibbles (pi_j, a different
permutation for each slice). The S-box works on the 4 slices bit by bit,
so they must share one order of the nibbles (a frame) at the start of every
round; the frame is free to change from round to round. Here it follows
slice 3: after round r, slice 3 stays where it is and the other slices are
moved into its frame. pi_3 has order 5, so the frames repeat every 5 rounds,
and in the frame that the packing gives (below) every move is one or two
instructions: a gf2p8affineqb bit permutation within bytes (on some bytes
of each lane: masked), a 32-bit rotation (vprold), a 16-bit one (vpshldw).
The round keys are added before the moves, in each slice's frame before
them (the S-box's last operations take them), so slice 1 gets V and slice 2
U through a permutation of their bits that depends on r % 5: one key's
schedule is computed by a Benes network of delta swaps on its 16-bit words.

The packing: a gf2p8affineqb 8x8 bit transpose of each 64-bit half of a
block (byte 4e + j: bit j of its 8 even (e = 0) or odd (e = 1) nibbles),
a vpshufb gathering slice j's 4 bytes into lane dword j, and a 4x4
transpose of dwords across 4 registers.

Run from the repository root: python3 scripts/gift_slices512_tables.py
(--check: only compare the header with what it would write).
"""
import random

import gen_header
import gift_model

# --- GIFT-128, from the specification (model only: gift_model.py) ------------
ROUNDS = 40
perm_pos, round_keys, encrypt_ref = gift_model.for_size(128)


def block_int(b):
    return int.from_bytes(bytes(b), 'big')


def check_vector(key, pt, ct):
    assert encrypt_ref(block_int(pt), round_keys(key)) == block_int(ct)


check_vector(bytes(16), bytes(16), bytes.fromhex('cd0bd738388ad3f668b15a36ceb6ff92'))
check_vector(bytes.fromhex('fedcba9876543210fedcba9876543210'), bytes.fromhex('fedcba9876543210fedcba9876543210'),
             bytes.fromhex('8422241a6dbf5a9346af468409ee0152'))


# --- the frames ----------------------------------------------------------------
def comp(a, b):  # a after b
    return [a[b[i]] for i in range(32)]


def inv(a):
    r = [0] * 32
    for i, x in enumerate(a):
        r[x] = i
    return r


IDENT = list(range(32))
pi = [[perm_pos(4 * n + j) // 4 for n in range(32)] for j in range(4)]  # PermBits of slice j, by nibble
assert all(perm_pos(4 * n + j) % 4 == j for n in range(32) for j in range(4))

# the packing's frame: nibble n = 16 q + 2 k + e at lane bit 8 (2 e + q) + k
sigma = [[8 * (2 * (n % 2) + n // 16) + (n % 16) // 2 for n in range(32)]]
for r in range(5):
    sigma.append(comp(sigma[-1], inv(pi[3])))
assert sigma[5] == sigma[0]  # pi_3 has order 5
tau = [[comp(comp(sigma[p + 1], pi[j]), inv(sigma[p])) for j in range(4)] for p in range(5)]
assert all(tau[p][3] == IDENT for p in range(5))


def gf_matrix(g):  # gf2p8affineqb's matrix moving bit k of each byte to g[k]
    gi = [g.index(i) for i in range(8)]
    return sum((1 << gi[i]) << (8 * (7 - i)) for i in range(8))


def decompose(t):
    """t as [per-byte bit permutation on some bytes] then [rol32 c] then
    [rol16 c]: (matrix, bytes mask of a dword, rol32, rol16)"""
    for c16 in range(16):
        back = [16 * (q // 16) + (q % 16 - c16) % 16 for q in range(32)]  # undo rol16 c16
        u = [back[t[p]] for p in range(32)]
        beta = {p // 8: u[p] // 8 for p in range(32)}
        if any(u[p] // 8 != beta[p // 8] for p in range(32)):
            continue
        rot = [(beta[b] - b) % 4 for b in range(4)]
        if len(set(rot)) != 1:
            continue
        perms = {b: [u[8 * b + k] % 8 for k in range(8)] for b in range(4)}
        moved = [b for b in range(4) if perms[b] != list(range(8))]
        if len({tuple(perms[b]) for b in moved}) > 1:
            continue
        m = gf_matrix(perms[moved[0]]) if moved else 0
        mask = sum(1 << b for b in moved)
        return m, mask, 8 * rot[0], c16
    raise AssertionError('a move that is not one of the cheap forms')


def matrix_perm(m):  # gf_matrix's inverse: the bit permutation g of a permutation matrix
    rows = [(m >> (8 * (7 - i))) & 0xFF for i in range(8)]  # row i: output bit i's inputs
    return [[i for i in range(8) if rows[i] >> k & 1][0] for k in range(8)]


def apply_move(mv, p):  # where bit p of a lane goes
    m, mask, r32, r16 = mv
    if m and mask >> (p // 8) & 1:
        p = 8 * (p // 8) + matrix_perm(m)[p % 8]
    p = (p + r32) % 32
    return 16 * (p // 16) + (p % 16 + r16) % 16


MOVES = [[decompose(tau[p][j]) for j in range(3)] for p in range(5)]
for p in range(5):
    for j in range(3):
        assert [apply_move(MOVES[p][j], q) for q in range(32)] == tau[p][j]
        assert sum(1 for x in MOVES[p][j] if x) <= 3
OPS = sum(bool(m) + bool(r32) + bool(r16) for row in MOVES for m, _, r32, r16 in row)
assert OPS == 17  # a move a slice and round, two in two of them


# --- the sliced rounds, as gift/slices512.c runs them --------------------------
def folded(word_of_nibble, j, p):  # a round's key word for slice j, in frame p before the moves
    return sum(word_of_nibble(pi[j][n]) << sigma[p][n] for n in range(32))


def round_words(u, v, c, p):
    k1 = folded(lambda m: v >> m & 1, 1, p)
    k2 = folded(lambda m: u >> m & 1, 2, p)
    cw = folded(lambda m: (c >> m & 1) if m < 6 else int(m == 31), 3, p)
    return k1, k2, cw


M32 = 0xFFFFFFFF


def sbox_keyed(x0, x1, x2, x3s, k1, k2, pending):
    """slices512's round: slice 3 arrives without the last round's constant
    (pending), which u and y0 add; s0 = x0 ^ (t1 & x3) reads u instead
    (t1 & x3 = t1 & ~u); y3 = s0 leaves this round's constant pending"""
    t1 = x1 ^ (x0 & x2)
    u = t1 ^ x3s ^ pending
    s0 = x0 ^ (t1 & ~u & M32)
    s2 = x2 ^ (s0 | t1)
    y0 = ~(x3s ^ pending ^ s2) & M32
    y1 = u ^ s2 ^ k1
    y2 = ((u & s0) | (s2 & ~s0 & M32)) ^ k2
    return [y0, y1, y2, s0]


def inv_sbox_keyed(y, k1, k2, cw):  # the rounds' inverse, decrypt's
    a3, a1, a2, a0 = y[0], y[1] ^ k1, y[2] ^ k2, y[3] ^ cw
    a2 ^= a0 & a1
    a3 = ~a3 & M32
    a1 ^= a3
    a3 ^= a2
    a2 ^= a0 | a1
    a0 ^= a1 & a3
    a1 ^= a0 & a2
    return [a0, a1, a2, a3]


def move_word(mv, w):
    return sum((w >> q & 1) << apply_move(mv, q) for q in range(32))


def slices_of(w):  # a block as an integer -> 4 lane words in frame 0
    return [sum((w >> (4 * n + j) & 1) << sigma[0][n] for n in range(32)) for j in range(4)]


def block_of(s):
    return sum((s[j] >> sigma[0][n] & 1) << (4 * n + j) for n in range(32) for j in range(4))


def encrypt_model(w, rks):
    s = slices_of(w)
    for r, (u, v, c) in enumerate(rks):
        k1, k2, _ = round_words(u, v, c, r % 5)
        y = sbox_keyed(*s, k1, k2, RC_IN[r])
        s = [move_word(MOVES[r % 5][j], y[j]) for j in range(3)] + [y[3]]
    s[3] ^= RC_IN[ROUNDS]
    return block_of(s)


def decrypt_model(w, rks):
    s = slices_of(w)
    for r in reversed(range(ROUNDS)):
        u, v, c = rks[r]
        inv_mv = [inv([apply_move(MOVES[r % 5][j], q) for q in range(32)]) for j in range(3)]
        y = [sum((s[j] >> q & 1) << inv_mv[j][q] for q in range(32)) for j in range(3)] + [s[3]]
        s = inv_sbox_keyed(y, *round_words(u, v, c, r % 5))
    return block_of(s)


# the constants: RC_IN[r] = the constant word (slice 3) still to add at the start
# of round r, the one of round r - 1 (0 for round 0; RC_IN[40]: after the last)
RC = [round_words(0, 0, c, r % 5)[2] for r, (_, _, c) in enumerate(round_keys(bytes(16)))]
RC_IN = [0] + RC

rng = random.Random(128)
for _ in range(4):
    key = bytes(rng.randrange(256) for _ in range(16))
    pt = rng.getrandbits(128)
    rks = round_keys(key)
    ct = encrypt_ref(pt, rks)
    assert encrypt_model(pt, rks) == ct and decrypt_model(ct, rks) == pt


# --- one key's schedule: a Benes network over the key's 16-bit words -------------
# Register i (0..4) of the schedule, lane l: slice 1's word (V) of round
# 8 i + l for l < 8, slice 2's (U) of round 8 i + l - 8 for l >= 8. The key
# (16 bytes as loaded) is first spread by vpermw: lane l gets key words
# KEY_WORD[i][l] (low half) and [1] (high half); word w of the loaded key is
# bytes 2 w, 2 w + 1, which hold k_{7-w} high byte first.
def W_source(t):  # the key word W_t (k_s rotated right by c bits) as (s, c)
    return t % 8, ((t // 8) * (12 if t % 2 == 0 else 2)) % 16


def lane_plan(i, l):
    r, which = 8 * i + l % 8, l // 8  # which 0: V = W(2r+1)||W(2r), 1: U = W(2r+5)||W(2r+4)
    lo_t = 2 * r + (4 if which else 0)
    (s_lo, c_lo), (s_hi, c_hi) = W_source(lo_t), W_source(lo_t + 1)
    words = (7 - s_lo, 7 - s_hi)  # vpermw sources
    target = [0] * 32  # lane bit q (after vpermw) -> lane bit of the folded word
    j = 1 + which
    qmap = [sigma[r % 5][inv(pi[j])[m]] for m in range(32)]  # round key bit m -> its folded position
    for half, (s, c) in enumerate(((s_lo, c_lo), (s_hi, c_hi))):
        for q in range(16):  # lane bit 16 half + q holds loaded byte order: q < 8 is k_s's high byte
            b = q + 8 if q < 8 else q - 8  # k_s's bit
            m = (b - c) % 16  # W = ror(k_s, c): W bit m = k_s bit (m + c) mod 16
            target[16 * half + q] = qmap[16 * half + m]
    return words, target


def benes(perm):
    """Delta swaps (distance, mask) in order moving lane bit q to perm[q]:
    distances 16, 8, 4, 2, 1, 2, 4, 8, 16."""
    n = len(perm)
    if n == 2:
        return [(1, 1 if perm[0] == 1 else 0)]
    d = n // 2
    back = inv(perm)
    color = [None] * n
    for start in range(n):
        if color[start] is not None:
            continue
        x, c = start, 0
        while color[x] is None:
            color[x] = c
            color[x ^ d] = 1 - c
            y = back[perm[x ^ d] ^ d]  # the partner output of x ^ d's output
            x = y  # its colour is x ^ d's other one, c again
        assert color[x] == c
    first = sum(1 << q for q in range(d) if color[q] == 1)
    at = [None] * n  # the input that sits at each position after the first stage
    for q in range(d):
        a, b = (q, q + d) if color[q] == 0 else (q + d, q)
        at[q], at[q + d] = a, b
    top = [perm[at[q]] % d for q in range(d)]
    bottom = [perm[at[q + d]] % d for q in range(d)]
    last = sum(1 << (perm[at[q]] % d) for q in range(d) if perm[at[q]] >= d)
    inner = [(dist, mt | mb << d) for (dist, mt), (_, mb) in zip(benes(top), benes(bottom))]
    return [(d, first)] + inner + [(d, last)]


def delta_swap(x, d, m):
    t = ((x >> d) ^ x) & m
    return x ^ t ^ (t << d)


KEY_WORDS = [[None] * 16 for _ in range(5)]
KEY_MASKS = [[[0] * 16 for _ in range(9)] for _ in range(5)]
STAGE_DIST = [16, 8, 4, 2, 1, 2, 4, 8, 16]
for i in range(5):
    for l in range(16):
        words, target = lane_plan(i, l)
        KEY_WORDS[i][l] = words
        stages = benes(target)
        assert [d for d, _ in stages] == STAGE_DIST
        for st, (_, m) in enumerate(stages):
            KEY_MASKS[i][st][l] = m
        for q in range(32):
            x = 1 << q
            for d, m in stages:
                x = delta_swap(x, d, m)
            assert x == 1 << target[q]


def schedule_model(key):  # what expand() computes, lane by lane
    loaded = [key[2 * w] | key[2 * w + 1] << 8 for w in range(8)]
    out = [[0] * 16 for _ in range(5)]
    for i in range(5):
        for l in range(16):
            lo, hi = KEY_WORDS[i][l]
            x = loaded[lo] | loaded[hi] << 16
            for st, d in enumerate(STAGE_DIST):
                x = delta_swap(x, d, KEY_MASKS[i][st][l])
            out[i][l] = x
    return out


for _ in range(4):
    key = bytes(rng.randrange(256) for _ in range(16))
    sched = schedule_model(key)
    for r, (u, v, c) in enumerate(round_keys(key)):
        k1, k2, _ = round_words(u, v, c, r % 5)
        assert sched[r // 8][r % 8] == k1 and sched[r // 8][8 + r % 8] == k2


# --- the packing ---------------------------------------------------------------
def gf_transpose(x_const, data):  # gf2p8affineqb(x_const, A = data) on one 64-bit half
    out = []
    for i in range(8):
        xi = (x_const >> (8 * i)) & 0xFF
        v = 0
        for k in range(8):
            v |= (bin(data[7 - k] & xi).count('1') & 1) << k
        out.append(v)
    return out


T_PACK = sum((1 << i) << (8 * i) for i in range(8))  # byte i selects bit i
T_UNPACK = sum((1 << (7 - i)) << (8 * i) for i in range(8))
# after the transpose, half Q byte 4 e + j holds bit j of the nibbles 16 (1 - Q) + 2 k + e
PACK_SHUF = [0] * 16
for j in range(4):
    for e in range(2):
        for q in range(2):
            PACK_SHUF[4 * j + 2 * e + q] = 8 * (1 - q) + 4 * e + j
UNPACK_SHUF = [0] * 16  # the inverse, with each half's bytes reversed for the transpose back
for d, s in enumerate(PACK_SHUF):
    Q, i = s // 8, s % 8
    UNPACK_SHUF[8 * Q + 7 - i] = d


def pack_model(block):
    t = gf_transpose(T_PACK, block[0:8]) + gf_transpose(T_PACK, block[8:16])
    lane = [t[PACK_SHUF[d]] for d in range(16)]
    return [int.from_bytes(bytes(lane[4 * j:4 * j + 4]), 'little') for j in range(4)]


def unpack_model(words):
    lane = b''.join(w.to_bytes(4, 'little') for w in words)
    t = [lane[UNPACK_SHUF[d]] for d in range(16)]
    return bytes(gf_transpose(T_UNPACK, t[0:8]) + gf_transpose(T_UNPACK, t[8:16]))


for _ in range(8):
    blk = bytes(rng.randrange(256) for _ in range(16))
    assert pack_model(blk) == slices_of(block_int(blk))
    assert unpack_model(pack_model(blk)) == blk


# CTR's low counter bits: bit i (< 6) of a block's last byte is state bit i,
# slice i % 4 at lane bit sigma_0(i // 4)
CTR_LOW = [(i % 4, sigma[0][i // 4]) for i in range(6)]
for i, (j, p) in enumerate(CTR_LOW):
    words = pack_model(bytes(15) + bytes([1 << i]))
    assert words == [(1 << p) if jj == j else 0 for jj in range(4)]


# --- the header ----------------------------------------------------------------
def u32_rows(vals, per=8):
    return ['    ' + ', '.join('0x%08xu' % v for v in vals[i:i + per]) + ',' for i in range(0, len(vals), per)]


def dword_mask(mask4):  # a dword's byte mask, in all 16 lanes
    return sum(mask4 << (4 * l) for l in range(16))


def inverse_matrix(m):
    g = matrix_perm(m)
    return gf_matrix([g.index(k) for k in range(8)])


out = ['/* Generated by scripts/gift_slices512_tables.py (which checks them against a',
       ' * model of GIFT-128): do not edit. */', '',
       '/* The moves after round r\'s S-box, MOVES[r % 5][j] for slices 0..2 (slice 3',
       ' * stays): gf2p8affineqb by gf (0: none) on the bytes of bytes (a mask of all',
       ' * 64, the same 4 bits a lane), then rol32 (vprold) and rol16 (vpshldw);',
       ' * gf_inv is gf\'s inverse (decryption). */',
       'static const struct slice_move {',
       '    uint64_t gf, gf_inv, bytes;',
       '    unsigned rol32, rol16;',
       '} MOVES[5][3] = {']
for p in range(5):
    items = []
    for m, mask, r32, r16 in MOVES[p]:
        items.append('{0x%016xull, 0x%016xull, 0x%016xull, %d, %d}' %
                     (m, inverse_matrix(m) if m else 0, dword_mask(mask) if m else 0, r32, r16))
    out.append('    {' + ',\n     '.join(items) + '},')
out += ['};', '', '/* RC_IN[r]: round r - 1\'s constant word (slice 3), which round r adds (0 for',
        ' * round 0; RC_IN[40]: the last round\'s, added after it) */',
        'static const uint32_t RC_IN[41] = {'] + u32_rows(RC_IN) + ['};']
out += ['', '/* one key\'s schedule, register i: the loaded key\'s 16-bit words that vpermw',
        ' * puts in each lane\'s halves (KEY_WORDS[i][2 l], [2 l + 1]), then a Benes',
        ' * network of delta swaps over distances KEY_DIST with these lane masks */',
        'static const unsigned KEY_DIST[9] = {%s};' % ', '.join(map(str, STAGE_DIST)),
        'static const uint16_t KEY_WORDS[5][32] = {']
for i in range(5):
    out.append('    {' + ', '.join('%d, %d' % KEY_WORDS[i][l] for l in range(16)) + '},')
out += ['};', 'static const uint32_t KEY_MASKS[5][9][16] = {']
for i in range(5):
    out.append('    {')
    for st in range(9):
        out.append('        {' + ', '.join('0x%08xu' % v for v in KEY_MASKS[i][st]) + '},')
    out.append('    },')
out += ['};', '',
        '/* the packing: gf2p8affineqb\'s 8x8 bit transposes (as the data operand), and',
        ' * the vpshufb patterns of a 128-bit lane */',
        '#define T_PACK 0x%016xull' % T_PACK,
        '#define T_UNPACK 0x%016xull' % T_UNPACK,
        'static const uint8_t PACK_SHUF[16] = {%s};' % ', '.join(map(str, PACK_SHUF)),
        'static const uint8_t UNPACK_SHUF[16] = {%s};' % ', '.join(map(str, UNPACK_SHUF)), '',
        '/* CTR: bit i of a block\'s last byte (i < 6) is slice CTR_LOW[i].slice\'s lane',
        ' * bit CTR_LOW[i].bit */',
        'static const struct { uint8_t slice, bit; } CTR_LOW[6] = {%s};' %
        ', '.join('{%d, %d}' % jp for jp in CTR_LOW), '']
gen_header.write_or_check('src/bc/gift/slices512_tables.h', out)  # (--check: CTest slices512_tables)
